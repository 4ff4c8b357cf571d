//! The JSON Lines printer: exactly one object per record, in input order.

use super::{Printer, Sink};
use crate::format::{to_digits, to_line};
use crate::observer::Observer;
use crate::rate::{rate_steps, Rating};
use crate::solve::{Outcome, Status};
use crate::step::{Candidate, Chain, Step};
use serde::Serialize;
use std::io::{self, Write};

pub struct JsonPrinter<W> {
    sink: Sink<W>,
}

impl<W: Write> JsonPrinter<W> {
    pub fn new(out: W) -> JsonPrinter<W> {
        JsonPrinter { sink: Sink::new(out) }
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
            nodes: chain
                .nodes
                .iter()
                .map(|n| JsonNode { digit: n.digit.get(), cells: n.cells.iter().map(|c| c.to_string()).collect() })
                .collect(),
            links: chain.links.iter().map(|l| l.as_str()).collect(),
            eureka: chain.eureka(),
        }
    }
}

#[derive(Serialize)]
struct JsonStep {
    technique: &'static str,
    name: &'static str,
    placements: Vec<JsonCandidate>,
    eliminations: Vec<JsonCandidate>,
    cells: Vec<String>,
    digits: Vec<u8>,
    houses: Vec<String>,
    rating: f32,
    text: String,
    /// Only on steps that a chain proves; other steps have no such field.
    #[serde(skip_serializing_if = "Option::is_none")]
    chain: Option<JsonChain>,
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
            chain: s.chain.as_ref().map(Into::into),
        }
    }
}

#[derive(Serialize)]
struct JsonRecord {
    line: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    label: Option<String>,
    puzzle: Option<String>,
    status: &'static str,
    solution: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    solutions: Vec<String>,
    steps: Vec<JsonStep>,
    rating: Option<Rating>,
    /// The values where a stuck solve stopped.
    #[serde(skip_serializing_if = "Option::is_none")]
    position: Option<String>,
    error: Option<String>,
}

fn record(outcome: &Outcome) -> JsonRecord {
    let rating = (outcome.status == Status::Solved).then(|| rate_steps(&outcome.steps));
    JsonRecord {
        line: outcome.line,
        label: outcome.label.clone(),
        puzzle: outcome.puzzle.as_ref().map(to_line),
        status: outcome.status.as_str(),
        solution: outcome.solution.as_ref().map(to_digits),
        solutions: outcome.solutions.iter().map(to_digits).collect(),
        steps: outcome.steps.iter().map(Into::into).collect(),
        rating,
        position: (outcome.status == Status::Stuck)
            .then(|| outcome.grid.as_ref().map(|g| to_line(g.values())))
            .flatten(),
        error: outcome.error.clone(),
    }
}

impl<W: Write> Observer for JsonPrinter<W> {
    fn end(&mut self, outcome: &Outcome) {
        let line = serde_json::to_string(&record(outcome)).expect("a record always serializes");
        self.sink.put(&line);
        self.sink.put("\n");
    }
}

impl<W: Write> Printer for JsonPrinter<W> {
    fn write_through(&mut self, flush: bool) -> io::Result<()> {
        self.sink.write_through(flush)
    }
}
