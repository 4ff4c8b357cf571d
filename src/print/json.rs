//! The JSON Lines printer: exactly one object per record, in input order.

use super::JsonOrigin;
use super::{Flush, Printer};
use crate::explain::observer::Observer;
use crate::explain::outcome::{Outcome, Status};
use crate::explain::rating::{PathSummary, Rating};
use crate::explain::step::{Branch, Chain, ChainNode, Contradiction, Fact, FactReason, Forcing, SetRole, Step};
use crate::io::format::{to_digits, to_line, to_pencil_line};
use crate::io::input::{Origin, Puzzle};
use crate::model::cell::Candidate;
use serde::Serialize;
use std::io::{self, Write};

/// An explained solve as JSON Lines: one object per record, with every
/// step, its proof and the rating.
pub struct JsonPrinter<W> {
    out: W,
    /// The record being solved, as [`Printer::start`] told it.
    origin: Origin,
}

impl<W: Write> JsonPrinter<W> {
    /// A printer writing to `out`.
    pub fn new(out: W) -> JsonPrinter<W> {
        JsonPrinter { out, origin: Origin::default() }
    }
}

#[derive(Serialize)]
struct JsonCandidate {
    cell: String,
    digit: u8,
}

impl From<&Candidate> for JsonCandidate {
    fn from(c: &Candidate) -> Self {
        JsonCandidate { cell: c.cell.to_string(), digit: c.digit.get() }
    }
}

#[derive(Serialize)]
struct JsonNode {
    digit: u8,
    cells: Vec<String>,
}

/// A part of a step's pattern: its kind (`color`, `als`, `stem`, `petal`,
/// `fin`, `endo-fin`), its number among parts of that kind (a color's
/// `2 * cluster + side`, from 0), its legend label and its candidates.
#[derive(Serialize)]
struct JsonPart {
    kind: &'static str,
    number: u8,
    label: String,
    candidates: Vec<JsonCandidate>,
}

/// A link of a pattern between two nodes.
#[derive(Serialize)]
struct JsonLink {
    from: JsonNode,
    to: JsonNode,
    kind: &'static str,
}

fn json_node(n: &ChainNode) -> JsonNode {
    JsonNode { digit: n.digit.get(), cells: n.cells.iter().map(|c| c.to_string()).collect() }
}

/// A chain as JSON: its nodes in order, the link between each consecutive
/// pair (`strong` or `weak`), and the same chain in Eureka notation.
#[derive(Serialize)]
struct JsonChain {
    nodes: Vec<JsonNode>,
    links: Vec<&'static str>,
    eureka: String,
}

impl From<&Chain> for JsonChain {
    fn from(chain: &Chain) -> Self {
        JsonChain {
            nodes: chain.nodes.iter().map(json_node).collect(),
            links: chain.links.iter().map(|l| l.as_str()).collect(),
            eureka: chain.eureka(),
        }
    }
}

/// A forcing step's proof: its kind, its branches (each an assumption and
/// the facts derived from it, each fact with the indices of the facts of its
/// branch it follows from), and the nested branches that `contradiction`
/// facts point to.
#[derive(Serialize)]
struct JsonForcing {
    kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    cell: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    house: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    digit: Option<u8>,
    branches: Vec<JsonBranch>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    nested: Vec<JsonBranch>,
}

#[derive(Serialize)]
struct JsonBranch {
    facts: Vec<JsonFact>,
    /// The branch as one line of implications, when each fact follows from the one before.
    #[serde(skip_serializing_if = "Option::is_none")]
    chain: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    contradiction: Option<JsonContradiction>,
}

#[derive(Serialize)]
struct JsonFact {
    cell: String,
    digit: u8,
    holds: bool,
    parents: Vec<usize>,
    reason: &'static str,
    /// For `same-house` and `only-place`, the house; for `locked`, the house
    /// whose other places of the digit are ruled out.
    #[serde(skip_serializing_if = "Option::is_none")]
    house: Option<String>,
    /// For a `locked` fact, the house crossing `house` that holds the cell.
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<String>,
    /// For a `contradiction` fact, the nested branch; for a `known` one, the enclosing branch's fact.
    #[serde(skip_serializing_if = "Option::is_none")]
    index: Option<usize>,
}

#[derive(Serialize)]
struct JsonContradiction {
    kind: &'static str,
    facts: Vec<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cell: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    house: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    digit: Option<u8>,
}

impl From<&Fact> for JsonFact {
    fn from(f: &Fact) -> Self {
        let (house, index) = match f.reason {
            FactReason::SameHouse(h) | FactReason::OnlyPlace(h) => (Some(h.to_string()), None),
            FactReason::Locked { confined, .. } => (Some(confined.to_string()), None),
            FactReason::Known(i) | FactReason::Contradicts(i) => (None, Some(i)),
            _ => (None, None),
        };
        let line = match f.reason {
            FactReason::Locked { line, .. } => Some(line.to_string()),
            _ => None,
        };
        JsonFact {
            cell: f.candidate.cell.to_string(),
            digit: f.candidate.digit.get(),
            holds: f.holds,
            parents: f.parents.clone(),
            reason: f.reason.as_str(),
            house,
            line,
            index,
        }
    }
}

impl From<&Branch> for JsonBranch {
    fn from(b: &Branch) -> Self {
        JsonBranch {
            facts: b.facts.iter().map(Into::into).collect(),
            chain: b.chain_text(),
            contradiction: b.contradiction.as_ref().map(|c| match c {
                Contradiction::Both { on, off } => {
                    JsonContradiction { kind: "both", facts: vec![*on, *off], cell: None, house: None, digit: None }
                }
                Contradiction::NoCandidate { cell, facts } => JsonContradiction {
                    kind: "no-candidate",
                    facts: facts.clone(),
                    cell: Some(cell.to_string()),
                    house: None,
                    digit: None,
                },
                Contradiction::NoPlace { house, digit, facts } => JsonContradiction {
                    kind: "no-place",
                    facts: facts.clone(),
                    cell: None,
                    house: Some(house.to_string()),
                    digit: Some(digit.get()),
                },
            }),
        }
    }
}

impl From<&Forcing> for JsonForcing {
    fn from(f: &Forcing) -> Self {
        let (cell, house, digit) = match f.kind {
            crate::explain::step::ForcingKind::Contradiction => (None, None, None),
            crate::explain::step::ForcingKind::Cell(c) => (Some(c.to_string()), None, None),
            crate::explain::step::ForcingKind::House(h, d) => (None, Some(h.to_string()), Some(d.get())),
            crate::explain::step::ForcingKind::Fish => (None, None, None),
        };
        JsonForcing {
            kind: f.kind.as_str(),
            cell,
            house,
            digit,
            branches: f.branches.iter().map(Into::into).collect(),
            nested: f.nested.iter().map(Into::into).collect(),
        }
    }
}

#[derive(Serialize)]
pub(super) struct JsonStep {
    technique: &'static str,
    name: &'static str,
    placements: Vec<JsonCandidate>,
    eliminations: Vec<JsonCandidate>,
    cells: Vec<String>,
    digits: Vec<u8>,
    houses: Vec<String>,
    rating: crate::se_rating::scale::Tenths,
    /// The step's line; a hint sets its own words here.
    pub(super) text: String,
    /// Only on steps that a chain proves; other steps have no such field.
    #[serde(skip_serializing_if = "Option::is_none")]
    chain: Option<JsonChain>,
    /// Only on forcing steps.
    #[serde(skip_serializing_if = "Option::is_none")]
    forcing: Option<JsonForcing>,
    /// Only on steps whose pictures draw parts apart.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    parts: Vec<JsonPart>,
    /// Only on steps with links outside a chain.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    links: Vec<JsonLink>,
    /// Only on fish: which of `houses` are the base sets, and which the cover sets.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    base_sets: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    cover_sets: Vec<String>,
}

impl From<&Step> for JsonStep {
    fn from(s: &Step) -> Self {
        JsonStep {
            technique: s.technique.id(),
            name: s.technique.name(),
            placements: s.placements.iter().map(Into::into).collect(),
            eliminations: s.eliminations.iter().map(Into::into).collect(),
            cells: s.cells.iter().map(|c| c.to_string()).collect(),
            digits: s.digits.iter().map(|d| d.get()).collect(),
            houses: s.houses.iter().map(|h| h.to_string()).collect(),
            rating: s.rating(),
            text: s.text(),
            chain: s.chain.as_deref().map(Into::into),
            forcing: s.forcing.as_deref().map(Into::into),
            parts: s
                .parts
                .iter()
                .map(|p| JsonPart {
                    kind: p.kind.as_str(),
                    number: p.kind.number(),
                    label: p.kind.label(),
                    candidates: p.candidates.iter().map(Into::into).collect(),
                })
                .collect(),
            links: s
                .links
                .iter()
                .map(|l| JsonLink { from: json_node(&l.from), to: json_node(&l.to), kind: l.kind.as_str() })
                .collect(),
            base_sets: houses_as(s, SetRole::Base),
            cover_sets: houses_as(s, SetRole::Cover),
        }
    }
}

/// The step's houses of a fish that play `role`.
fn houses_as(step: &Step, role: SetRole) -> Vec<String> {
    let Some(sets) = step.sets else { return Vec::new() };
    let houses = step.houses.iter().enumerate();
    houses.filter(|&(i, _)| sets.role(i) == role).map(|(_, h)| h.to_string()).collect()
}

#[derive(Serialize)]
struct JsonRecord<'a> {
    #[serde(flatten)]
    origin: JsonOrigin<'a>,
    puzzle: Option<String>,
    status: &'static str,
    solution: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    solutions: Vec<String>,
    steps: Vec<JsonStep>,
    /// What the explanation path says of itself.
    path: Option<&'a PathSummary>,
    /// Sudoku Explainer's rating, when asked for (`--rate`).
    rating: Option<&'a Rating>,
    /// Where a stuck solve stopped, as a pencil-mark line that `hint` reads back.
    #[serde(skip_serializing_if = "Option::is_none")]
    position: Option<String>,
    error: Option<String>,
}

fn record<'a>(origin: &'a Origin, outcome: &'a Outcome) -> JsonRecord<'a> {
    JsonRecord {
        origin: JsonOrigin::of(origin),
        puzzle: outcome.puzzle.as_ref().map(to_line),
        status: outcome.status.as_str(),
        solution: outcome.solution.as_ref().map(to_digits),
        solutions: outcome.solutions.iter().map(to_digits).collect(),
        steps: outcome.steps.iter().map(Into::into).collect(),
        path: outcome.path.as_ref(),
        rating: outcome.rating.as_ref(),
        position: (outcome.status == Status::Stuck).then(|| outcome.grid.as_ref().map(to_pencil_line)).flatten(),
        error: outcome.error.clone(),
    }
}

/// The JSON line of one record, with its newline.
fn json_line(origin: &Origin, outcome: &Outcome) -> String {
    let mut line = serde_json::to_string(&record(origin, outcome)).expect("a record always serializes");
    line.push('\n');
    line
}

impl<W: Write> Observer<io::Error> for JsonPrinter<W> {
    fn begin(&mut self, puzzle: &Puzzle, _grid: &crate::model::grid::Grid) -> io::Result<()> {
        self.origin = puzzle.origin();
        Ok(())
    }

    fn end(&mut self, outcome: &Outcome) -> io::Result<()> {
        let line = json_line(&self.origin, outcome);
        self.put_rendered(&line)
    }
}

impl<W: Write> Flush for JsonPrinter<W> {
    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

impl<W: Write> Printer for JsonPrinter<W> {
    fn start(&mut self, origin: &Origin) -> io::Result<()> {
        self.origin = origin.clone();
        Ok(())
    }

    fn renderer(&self) -> Option<fn(&Origin, &Outcome) -> String> {
        Some(json_line)
    }

    fn put_rendered(&mut self, text: &str) -> io::Result<()> {
        self.out.write_all(text.as_bytes())
    }
}
