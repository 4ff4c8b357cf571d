//! `Step`: one instance of one technique, as data, and its one-line text.

use crate::grid::{Cell, Digit, Grid, House};
use crate::sets::{CellSet, DigitSet};
use crate::technique::TechniqueId;
use std::fmt::Write;

/// A digit in a cell: what a placement puts and an elimination removes.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Candidate {
    pub cell: Cell,
    pub digit: Digit,
}

impl Candidate {
    pub fn new(cell: Cell, digit: Digit) -> Candidate {
        Candidate { cell, digit }
    }
}

/// What one technique found: its placements and eliminations, the pattern
/// that proves them (cells, digits, houses) and a reason in plain words.
#[derive(Clone, PartialEq, Debug)]
pub struct Step {
    pub technique: TechniqueId,
    pub placements: Vec<Candidate>,
    pub eliminations: Vec<Candidate>,
    /// The cells that make up the pattern, in the order a reader should see them.
    pub cells: Vec<Cell>,
    pub digits: DigitSet,
    pub houses: Vec<House>,
    /// Why the result follows, as a sentence without its final period.
    pub reason: String,
}

impl Step {
    pub fn new(technique: TechniqueId) -> Step {
        Step {
            technique,
            placements: Vec::new(),
            eliminations: Vec::new(),
            cells: Vec::new(),
            digits: DigitSet::EMPTY,
            houses: Vec::new(),
            reason: String::new(),
        }
    }

    pub fn place(mut self, cell: Cell, digit: Digit) -> Step {
        self.placements.push(Candidate::new(cell, digit));
        self
    }

    pub fn eliminate_all(mut self, eliminations: impl IntoIterator<Item = Candidate>) -> Step {
        self.eliminations.extend(eliminations);
        self.eliminations.sort();
        self.eliminations.dedup();
        self
    }

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

    pub fn because(mut self, reason: impl Into<String>) -> Step {
        self.reason = reason.into();
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
    pub fn rating(&self) -> f32 {
        self.technique.rating_for(self)
    }

    /// `r4c7=5, r4c8<>3`: the placements, then the eliminations.
    pub fn result_text(&self) -> String {
        let mut parts: Vec<String> = self.placements.iter().map(|p| format!("{}={}", p.cell, p.digit)).collect();
        parts.extend(self.eliminations.iter().map(|e| format!("{}<>{}", e.cell, e.digit)));
        parts.join(", ")
    }

    /// `{3,7} in r2 (r2c4 r2c9)`: the pattern's digits, houses and cells.
    pub fn pattern_text(&self) -> String {
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
        let mut s = format!("{}: ", paint(TextPart::Name, self.technique.name()));
        let pattern = self.pattern_text();
        if !pattern.is_empty() {
            s.push_str(&paint(TextPart::Pattern, &pattern));
            s.push(' ');
        }
        write!(s, "=> {}", paint(TextPart::Result, &self.result_text())).unwrap();
        if !self.reason.is_empty() {
            write!(s, ". {}.", paint(TextPart::Reason, &sentence_case(&self.reason))).unwrap();
        }
        s
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
    Name,
    Pattern,
    Result,
    Reason,
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
        assert!((step.rating() - 1.2).abs() < 1e-6);
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
