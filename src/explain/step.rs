//! [`Step`]: one instance of one technique, as data, and its one-line text;
//! with the proofs the chain and forcing techniques attach to it
//! ([`Chain`], [`Forcing`]).

use crate::explain::catalog::{Descriptor, TechniqueId};
use crate::explain::parts::{PartKind, PatternPart};
use crate::model::cell::Candidate;
use crate::model::cell::{Cell, Digit};
use crate::model::grid::{Grid, House};
use crate::model::sets::{CellSet, DigitSet};
use std::fmt::{self, Write};

/// What one technique found: its placements and eliminations, the pattern
/// that proves them (cells, digits, houses) and a reason in plain words.
///
/// A technique builds its step with [`Step::new`] and the builder methods
/// ([`place`](Step::place), [`eliminate_all`](Step::eliminate_all),
/// [`pattern`](Step::pattern), [`because`](Step::because)); a solve's
/// steps are in [`Outcome::steps`](crate::Outcome::steps).
///
/// ```
/// use sudoku_explained::{solve, Silent, SolveOptions, TechniqueId};
///
/// // The first puzzle of puzzles/seed-001.txt: its tenth step is a trapezoid chain.
/// let line = "000005200060100090850000000400003000071209403000050060200300907003090020000000341";
/// let puzzle = sudoku_explained::io::from_argument(line).remove(0)?;
/// let outcome = solve(&puzzle, SolveOptions::default(), &mut Silent);
/// let step = &outcome.steps[9];
/// assert_eq!(step.technique, TechniqueId::TrapezoidChain);
/// assert_eq!(step.result_text(), "r5c8<>5, r8c7<>5");
/// assert!(step.text().starts_with("Trapezoid Chain (Skyscraper): 5 in r4,r7,c3 (r4c3 r7c3 r4c7 r7c8) => "));
/// assert_eq!(step.rating().to_string(), "4.0");
/// # Ok::<(), sudoku_explained::io::InputError>(())
/// ```
#[derive(Clone, PartialEq, Debug)]
#[non_exhaustive]
pub struct Step {
    /// The technique that found it.
    pub technique: TechniqueId,
    /// What the technique says of itself (its name and how it rates).
    about: &'static Descriptor,
    /// The digits the step puts in cells.
    pub placements: Vec<Candidate>,
    /// The candidates the step removes, sorted, each once.
    pub eliminations: Vec<Candidate>,
    /// The cells that make up the pattern, in the order a reader should see them.
    pub cells: Vec<Cell>,
    /// The pattern's digits.
    pub digits: DigitSet,
    /// The pattern's houses.
    pub houses: Vec<House>,
    /// Why the result follows, as a sentence without its final period.
    pub reason: String,
    /// The chain that proves the result, for the chain techniques.
    pub chain: Option<Box<Chain>>,
    /// The implications that prove the result, for the forcing techniques.
    pub forcing: Option<Box<Forcing>>,
    /// The pattern's parts that pictures draw apart (colors, sets, fins).
    pub parts: Vec<PatternPart>,
    /// Links between the pattern's nodes that are not a chain's.
    pub links: Vec<PatternLink>,
    /// For a fish: which of `houses` are its base sets and which its cover
    /// sets (pictures outline them apart).
    pub sets: Option<BaseCover>,
}

/// A fish's houses by role: `houses[..bases]` are its base sets (where the
/// digit must go), the next `covers` its cover sets (which hold every base
/// place but the fins); any after them (a finned fish's fin box) are aside.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BaseCover {
    /// How many of the step's houses, from the first, are base sets.
    pub bases: usize,
    /// How many after them are cover sets.
    pub covers: usize,
}

impl BaseCover {
    /// The role of the step's house at `index`.
    pub fn role(&self, index: usize) -> SetRole {
        if index < self.bases {
            SetRole::Base
        } else if index < self.bases + self.covers {
            SetRole::Cover
        } else {
            SetRole::Aside
        }
    }
}

/// A fish's house: a base set or a cover set.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum SetRole {
    /// The digit must go once in each.
    Base,
    /// Together they hold every base place but the fins.
    Cover,
    /// Neither: the box that holds a finned fish's fins.
    Aside,
}

impl Step {
    /// An empty step of a technique, named by its [`TechniqueId`] or its
    /// [`Descriptor`]: no result, pattern or reason yet.
    pub fn new(technique: impl Into<&'static Descriptor>) -> Step {
        let about: &'static Descriptor = technique.into();
        Step {
            technique: about.id,
            about,
            placements: Vec::new(),
            eliminations: Vec::new(),
            cells: Vec::new(),
            digits: DigitSet::EMPTY,
            houses: Vec::new(),
            reason: String::new(),
            chain: None,
            forcing: None,
            parts: Vec::new(),
            links: Vec::new(),
            sets: None,
        }
    }

    /// Adds the placement of `digit` in `cell`.
    pub fn place(mut self, cell: Cell, digit: Digit) -> Step {
        self.placements.push(Candidate::new(cell, digit));
        self
    }

    /// Adds eliminations, keeping them sorted and each once.
    pub fn eliminate_all(mut self, eliminations: impl IntoIterator<Item = Candidate>) -> Step {
        self.eliminations.extend(eliminations);
        self.eliminations.sort();
        self.eliminations.dedup();
        self
    }

    /// Sets the pattern: its cells (in reading order for the text), digits and houses.
    pub fn pattern(
        mut self,
        cells: impl IntoIterator<Item = Cell>,
        digits: DigitSet,
        houses: impl IntoIterator<Item = House>,
    ) -> Step {
        self.cells = cells.into_iter().collect();
        self.digits = digits;
        self.houses = houses.into_iter().collect();
        self
    }

    /// Sets the reason: a sentence without its final period.
    pub fn because(mut self, reason: impl Into<String>) -> Step {
        self.reason = reason.into();
        self
    }

    /// Says that the first `bases` houses of the pattern are a fish's base
    /// sets and the next `covers` its cover sets.
    pub fn base_and_cover(mut self, bases: usize, covers: usize) -> Step {
        self.sets = Some(BaseCover { bases, covers });
        self
    }

    /// Adds a part of the pattern: `candidates` drawn as `kind` (nothing
    /// when there are none).
    pub fn part(mut self, kind: PartKind, candidates: impl IntoIterator<Item = Candidate>) -> Step {
        let part = PatternPart::new(kind, candidates);
        if !part.candidates.is_empty() {
            self.parts.push(part);
        }
        self
    }

    /// Adds a link between two nodes of the pattern.
    pub fn link(mut self, from: ChainNode, to: ChainNode, kind: LinkKind) -> Step {
        self.links.push(PatternLink { from, to, kind });
        self
    }

    /// Adds links of one digit between cells: `[(a, b, kind)]`.
    pub fn links_of(self, digit: Digit, links: impl IntoIterator<Item = (Cell, Cell, LinkKind)>) -> Step {
        links
            .into_iter()
            .fold(self, |step, (a, b, kind)| step.link(ChainNode::single(a, digit), ChainNode::single(b, digit), kind))
    }

    /// Attaches the chain that proves the step.
    pub fn chain(mut self, chain: Chain) -> Step {
        self.chain = Some(Box::new(chain));
        self
    }

    /// Attaches the forcing proof of the step.
    pub fn forcing(mut self, forcing: Forcing) -> Step {
        self.forcing = Some(Box::new(forcing));
        self
    }

    /// Puts the placements and removes the eliminations.
    pub fn apply_to(&self, grid: &mut Grid) {
        for p in &self.placements {
            grid.place(p.cell, p.digit);
        }
        for e in &self.eliminations {
            grid.eliminate(e.cell, e.digit);
        }
    }

    /// True when applying the step would change `grid`: a step that changes
    /// nothing would make the driver loop forever.
    pub fn makes_progress(&self, grid: &Grid) -> bool {
        self.placements.iter().any(|p| grid.value(p.cell).is_none())
            || self.eliminations.iter().any(|e| grid.has_candidate(e.cell, e.digit))
    }

    /// The cells whose content the step changes.
    pub fn changed_cells(&self) -> CellSet {
        self.placements.iter().chain(&self.eliminations).map(|c| c.cell).collect()
    }

    /// The rating of this instance on Sudoku Explainer's scale.
    pub fn rating(&self) -> crate::se_rating::scale::Tenths {
        let in_box = self.houses.first().is_some_and(|h| h.kind() == crate::model::grid::HouseKind::Block);
        let length = match (&self.chain, &self.forcing) {
            (Some(chain), _) => Some(chain.nodes.len()),
            (None, Some(forcing)) => Some(forcing.size()),
            (None, None) => None,
        };
        self.about.rating_of(in_box, length)
    }

    /// What the step's technique says of itself.
    pub fn descriptor(&self) -> &'static Descriptor {
        self.about
    }

    /// `Name: pattern => result`, the line without its reason, with each
    /// part passed through `paint`.
    pub fn headline_with(&self, paint: impl Fn(TextPart, &str) -> String) -> String {
        let mut s = format!("{}: ", paint(TextPart::Name, self.about.name));
        let pattern = self.pattern_text();
        if !pattern.is_empty() {
            s.push_str(&paint(TextPart::Pattern, &pattern));
            s.push(' ');
        }
        write!(s, "=> {}", paint(TextPart::Result, &self.result_text())).unwrap();
        s
    }

    /// `r4c7=5, r4c8<>3`: the placements, then the eliminations.
    pub fn result_text(&self) -> String {
        let mut parts: Vec<String> = self.placements.iter().map(|p| format!("{}={}", p.cell, p.digit)).collect();
        parts.extend(self.eliminations.iter().map(|e| format!("{}<>{}", e.cell, e.digit)));
        parts.join(", ")
    }

    /// `{3,7} in r2 (r2c4 r2c9)`: the pattern's digits, houses and cells;
    /// for a chain step, the chain in Eureka notation.
    pub fn pattern_text(&self) -> String {
        if let Some(chain) = &self.chain {
            return chain.eureka();
        }
        if let Some(text) = self.forcing.as_ref().map(|f| f.pattern_text()).filter(|t| !t.is_empty()) {
            return text;
        }
        let mut s = String::new();
        match self.digits.len() {
            0 => {}
            1 => write!(s, "{}", self.digits).unwrap(),
            _ => {
                let list: Vec<String> = self.digits.iter().map(|d| d.to_string()).collect();
                write!(s, "{{{}}}", list.join(",")).unwrap();
            }
        }
        if !self.houses.is_empty() {
            let list: Vec<String> = self.houses.iter().map(|h| h.to_string()).collect();
            if !s.is_empty() {
                s.push_str(" in ");
            }
            s.push_str(&list.join(","));
        }
        if !self.cells.is_empty() {
            let list: Vec<String> = self.cells.iter().map(|c| c.to_string()).collect();
            if s.is_empty() {
                s = list.join(" ");
            } else {
                write!(s, " ({})", list.join(" ")).unwrap();
            }
        }
        s
    }

    /// The line the text output prints and JSON carries as `text`.
    pub fn text(&self) -> String {
        self.text_with(|_, part| part.to_string())
    }

    /// The line, with each part passed through `paint` (to color it).
    pub fn text_with(&self, paint: impl Fn(TextPart, &str) -> String) -> String {
        let mut s = self.headline_with(&paint);
        if !self.reason.is_empty() {
            write!(s, ". {}.", paint(TextPart::Reason, &sentence_case(&self.reason))).unwrap();
        }
        s
    }
}

/// A node of a chain: a digit in one cell, or a grouped node, the digit in
/// two or three cells of one box-line intersection (true when the digit is
/// in one of them).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ChainNode {
    /// The node's digit.
    pub digit: Digit,
    /// One cell, or the two or three cells of a group.
    pub cells: CellSet,
}

impl ChainNode {
    /// The node of `digit` in `cells`.
    pub fn new(digit: Digit, cells: CellSet) -> ChainNode {
        ChainNode { digit, cells }
    }

    /// The node of `digit` in one cell.
    pub fn single(cell: Cell, digit: Digit) -> ChainNode {
        ChainNode { digit, cells: CellSet::single(cell) }
    }

    /// True for a grouped node (more than one cell).
    pub fn is_group(&self) -> bool {
        self.cells.len() > 1
    }

    /// The cells in Eureka's compact form: `r1c2`, a row group `r1c12`, a
    /// column group `r12c1`; cells in neither shape are listed one by one.
    pub fn cells_text(&self) -> String {
        let cells: Vec<Cell> = self.cells.iter().collect();
        let digits = |f: fn(Cell) -> u8| cells.iter().map(|&c| char::from(b'1' + f(c))).collect::<String>();
        let first = cells[0];
        if cells.iter().all(|c| c.row() == first.row()) {
            format!("r{}c{}", first.row() + 1, digits(Cell::col))
        } else if cells.iter().all(|c| c.col() == first.col()) {
            format!("r{}c{}", digits(Cell::row), first.col() + 1)
        } else {
            self.cells.to_string()
        }
    }
}

/// Written as Eureka writes a node: `(5)r1c2`, `(5)r1c12`.
impl fmt::Display for ChainNode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}){}", self.digit, self.cells_text())
    }
}

/// A link of a pattern between two of its nodes (a candidate, or a digit's
/// places in a few cells of one house, as a chain's grouped node).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PatternLink {
    /// One end.
    pub from: ChainNode,
    /// The other end.
    pub to: ChainNode,
    /// Strong (one of the two is true) or weak (at most one is).
    pub kind: LinkKind,
}

/// The kind of inference between two consecutive nodes of a chain.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum LinkKind {
    /// At least one of the two is true: if one is false, the other is true (`=`).
    Strong,
    /// At most one of the two is true: if one is true, the other is false (`-`).
    Weak,
}

impl LinkKind {
    /// `strong` or `weak`, as JSON writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            LinkKind::Strong => "strong",
            LinkKind::Weak => "weak",
        }
    }

    /// `=` or `-`, as Eureka notation writes it.
    pub fn symbol(self) -> char {
        match self {
            LinkKind::Strong => '=',
            LinkKind::Weak => '-',
        }
    }
}

/// An alternating inference chain: nodes and the links between consecutive
/// ones (`links.len() == nodes.len() - 1`).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Chain {
    /// The nodes, first to last.
    pub nodes: Vec<ChainNode>,
    /// `links[i]` joins `nodes[i]` and `nodes[i + 1]`.
    pub links: Vec<LinkKind>,
}

impl Chain {
    /// Eureka notation: `(5)r1c2=(5)r1c7-(5)r4c7=(5)r4c9`.
    pub fn eureka(&self) -> String {
        let mut s = String::new();
        for (i, node) in self.nodes.iter().enumerate() {
            if i > 0 {
                s.push(self.links[i - 1].symbol());
            }
            write!(s, "{node}").unwrap();
        }
        s
    }
}

/// Why a fact of a forcing branch holds, given its parents (indices of
/// earlier facts of the same branch).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FactReason {
    /// The branch's assumption: no parents.
    Assumed,
    /// A fact of the enclosing branch (its index there), restated inside a
    /// nested branch: no parents.
    Known(usize),
    /// Not this digit: the one parent puts another digit in this cell.
    SameCell,
    /// Not this digit: the one parent puts it in another cell of this house.
    SameHouse(House),
    /// This digit: the parents rule out every other candidate of the cell.
    OnlyCandidate,
    /// This digit here: the parents rule out every other place of the digit in the house.
    OnlyPlace(House),
    /// Not this digit (locked candidates): the parents rule out every place
    /// of the digit in `confined` outside `line`, so the digit is where the
    /// two meet, and leaves the rest of `line`, where this cell is. One of
    /// the two houses is a box, the other a row or column.
    Locked {
        /// The house whose other places of the digit are ruled out.
        confined: House,
        /// The house that crosses it and holds this cell.
        line: House,
    },
    /// Not this digit: assuming it leads to a contradiction, shown by the
    /// nested branch with this index (in `Forcing::nested`); the parents are
    /// the facts of this branch that the nested branch uses.
    Contradicts(usize),
}

impl FactReason {
    /// The kebab-case name JSON writes.
    pub fn as_str(self) -> &'static str {
        match self {
            FactReason::Assumed => "assumed",
            FactReason::Known(_) => "known",
            FactReason::SameCell => "same-cell",
            FactReason::SameHouse(_) => "same-house",
            FactReason::OnlyCandidate => "only-candidate",
            FactReason::OnlyPlace(_) => "only-place",
            FactReason::Locked { .. } => "locked",
            FactReason::Contradicts(_) => "contradiction",
        }
    }
}

/// One implication of a forcing branch: a candidate is true (`holds`) or false.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Fact {
    /// The candidate the fact is about.
    pub candidate: Candidate,
    /// True when the candidate is its cell's digit, false when it is ruled out.
    pub holds: bool,
    /// The earlier facts of the branch (their indices) it follows from.
    pub parents: Vec<usize>,
    /// Why it follows from them.
    pub reason: FactReason,
}

impl Fact {
    /// `r4c7=5` or `r4c7<>5`.
    pub fn notation(&self) -> String {
        let op = if self.holds { "=" } else { "<>" };
        format!("{}{op}{}", self.candidate.cell, self.candidate.digit)
    }
}

/// How a branch ends in a contradiction.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Contradiction {
    /// One candidate both true (fact `on`) and false (fact `off`).
    Both {
        /// The fact that makes the candidate true.
        on: usize,
        /// The fact that makes it false.
        off: usize,
    },
    /// Every candidate of the cell is false: the facts that say so.
    NoCandidate {
        /// The cell left empty.
        cell: Cell,
        /// The facts that remove its candidates.
        facts: Vec<usize>,
    },
    /// The digit has no place left in the house: the facts that say so.
    NoPlace {
        /// The house without a place for the digit.
        house: House,
        /// The digit.
        digit: Digit,
        /// The facts that remove its places.
        facts: Vec<usize>,
    },
}

/// What follows from one assumption: facts in the order they were derived,
/// the assumption first, each after its parents.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Branch {
    /// The facts, the assumption first.
    pub facts: Vec<Fact>,
    /// How the branch ends in a contradiction, if it does.
    pub contradiction: Option<Contradiction>,
}

impl Branch {
    /// Each fact has one parent, the fact before it: the branch is a chain.
    pub fn is_linear(&self) -> bool {
        self.facts.iter().enumerate().skip(1).all(|(i, f)| f.parents == [i - 1])
    }

    /// The branch as one line, `r1c1=5 -> r1c2<>5 -> r3c2=5`, when it is a chain.
    pub fn chain_text(&self) -> Option<String> {
        self.is_linear().then(|| self.facts.iter().map(Fact::notation).collect::<Vec<_>>().join(" -> "))
    }
}

/// What the branches of a forcing step start from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ForcingKind {
    /// One branch, whose assumption leads to a contradiction.
    Contradiction,
    /// One branch per candidate of the cell; each ends with the same fact.
    Cell(Cell),
    /// One branch per place of the digit in the house; each ends with the same fact.
    House(House, Digit),
    /// One branch per fin of a fish (a Kraken fish), and for its type 2 per
    /// place of the digit in one cover set: if none of them is true, the
    /// fish holds. Each branch ends with the same fact.
    Fish,
}

impl ForcingKind {
    /// `contradiction`, `cell` or `house`, as JSON writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            ForcingKind::Contradiction => "contradiction",
            ForcingKind::Cell(_) => "cell",
            ForcingKind::House(..) => "house",
            ForcingKind::Fish => "fish",
        }
    }
}

/// The proof of a forcing step: its branches, and the nested branches that
/// `FactReason::Contradicts` facts refer to.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Forcing {
    /// What the branches start from.
    pub kind: ForcingKind,
    /// The branches, one per assumption.
    pub branches: Vec<Branch>,
    /// The nested branches, shared by every branch.
    pub nested: Vec<Branch>,
}

impl Forcing {
    /// The number of facts of every branch, nested ones included: the
    /// length by which the step is rated.
    pub fn size(&self) -> usize {
        self.branches.iter().chain(&self.nested).map(|b| b.facts.len()).sum()
    }

    /// `r4c5=7`, the assumption, for a contradiction; `r4c5{137}` for a
    /// cell; `7 in r4 (r4c1 r4c5)` for a house; nothing for a fish (whose
    /// step names its sets).
    pub fn pattern_text(&self) -> String {
        match self.kind {
            ForcingKind::Contradiction => match self.branches.first().and_then(|b| b.facts.first()) {
                Some(f) => f.notation(),
                None => String::new(),
            },
            ForcingKind::Cell(cell) => {
                let digits: DigitSet =
                    self.branches.iter().filter_map(|b| b.facts.first()).map(|f| f.candidate.digit).collect();
                format!("{cell}{{{digits}}}")
            }
            ForcingKind::House(house, digit) => {
                let cells: Vec<String> = self
                    .branches
                    .iter()
                    .filter_map(|b| b.facts.first())
                    .map(|f| f.candidate.cell.to_string())
                    .collect();
                format!("{digit} in {house} ({})", cells.join(" "))
            }
            // The fish's sets say more than its branches' starts.
            ForcingKind::Fish => String::new(),
        }
    }
}

/// The reason as a sentence: its first letter capitalized, unless it starts
/// with notation such as `r5c8`, which keeps its case.
fn sentence_case(reason: &str) -> String {
    let first_word = reason.split_whitespace().next().unwrap_or("");
    if first_word.chars().any(|c| c.is_ascii_digit()) {
        return reason.to_string();
    }
    let mut chars = reason.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The parts of a step's line, for printers that style them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TextPart {
    /// The technique's name.
    Name,
    /// The pattern ([`Step::pattern_text`]).
    Pattern,
    /// The placements and eliminations ([`Step::result_text`]).
    Result,
    /// The reason sentence.
    Reason,
}

/// A set of digits as a sentence names it: `{1,3,5}`.
pub(crate) fn braces(digits: DigitSet) -> String {
    let list: Vec<String> = digits.iter().map(|d| d.to_string()).collect();
    format!("{{{}}}", list.join(","))
}

/// `a`, `a and b`, `a, b and c` (with `or` for `word` when a choice is meant).
pub(crate) fn listing<T: std::fmt::Display>(items: impl IntoIterator<Item = T>, word: &str) -> String {
    let list: Vec<String> = items.into_iter().map(|t| t.to_string()).collect();
    match list.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} {word} {last}", rest.join(", ")),
        _ => list.concat(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_names_pattern_result_and_reason() {
        let d = Digit::new(5);
        let c = Cell::at(3, 6);
        let step = Step::new(TechniqueId::HiddenSingle)
            .place(c, d)
            .pattern([c], DigitSet::single(d), [House::block(5)])
            .because("5 can only go in r4c7 within box 6");
        assert_eq!(step.text(), "Hidden Single: 5 in b6 (r4c7) => r4c7=5. 5 can only go in r4c7 within box 6.");
        assert_eq!(step.rating(), crate::se_rating::scale::Tenths(12));
    }

    #[test]
    fn chains_are_written_in_eureka_notation() {
        let five = Digit::new(5);
        let group: CellSet = [Cell::at(0, 0), Cell::at(0, 1)].into_iter().collect();
        let column: CellSet = [Cell::at(3, 8), Cell::at(5, 8)].into_iter().collect();
        let chain = Chain {
            nodes: vec![
                ChainNode::new(five, group),
                ChainNode::single(Cell::at(0, 6), five),
                ChainNode::single(Cell::at(3, 6), five),
                ChainNode::new(five, column),
            ],
            links: vec![LinkKind::Strong, LinkKind::Weak, LinkKind::Strong],
        };
        assert_eq!(chain.eureka(), "(5)r1c12=(5)r1c7-(5)r4c7=(5)r46c9");
        let step = Step::new(TechniqueId::NakedPair)
            .eliminate_all([Candidate::new(Cell::at(0, 8), five)])
            .pattern([Cell::at(0, 6)], DigitSet::single(five), [House::row(0)])
            .chain(chain)
            .because("a reason");
        assert_eq!(step.text(), "Naked Pair: (5)r1c12=(5)r1c7-(5)r4c7=(5)r46c9 => r1c9<>5. A reason.");
    }

    #[test]
    fn a_step_on_a_changed_grid_may_make_no_progress() {
        let mut g = Grid::empty();
        let step = Step::new(TechniqueId::NakedPair).eliminate_all([Candidate::new(Cell::at(0, 0), Digit::new(1))]);
        assert!(step.makes_progress(&g));
        step.apply_to(&mut g);
        assert!(!step.makes_progress(&g));
    }
}
