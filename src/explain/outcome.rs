//! How a record ended: its status, and everything the solve learnt on the
//! way. The driver fills an [`Outcome`]; observers, printers and statistics
//! only read it, so this module knows none of them.

use crate::explain::catalog::TechniqueId;
use crate::explain::rating::{summarize_path, PathSummary, Rating};
use crate::explain::settings::Settings;
use crate::explain::step::Step;
use crate::io::input::{InputError, Puzzle};
use crate::model::grid::Grid;
use std::collections::BTreeMap;

/// How a puzzle ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum Status {
    /// Solved, every step explained (brute force only where no technique applied).
    Solved,
    /// No technique applies and guessing is off.
    Stuck,
    /// The givens allow no solution.
    NoSolution,
    /// The givens allow more than one solution.
    MultipleSolutions,
    /// Not a puzzle: unreadable input or a digit twice in a house.
    Invalid,
}

impl Status {
    /// The kebab-case name the outputs print: `solved`, `no-solution`, ….
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::Stuck => "stuck",
            Status::NoSolution => "no-solution",
            Status::MultipleSolutions => "multiple-solutions",
            Status::Invalid => "invalid",
        }
    }
}

/// Everything known about one puzzle after the solve. Where it was read
/// is the batch's to know (`batch`), not the solve's.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Outcome {
    /// How it ended.
    pub status: Status,
    /// The givens, when the record was a readable puzzle.
    pub puzzle: Option<[u8; 81]>,
    /// The unique solution, when there is one.
    pub solution: Option<[u8; 81]>,
    /// Two different solutions, for a puzzle that has several.
    pub solutions: Vec<[u8; 81]>,
    /// The solve path, in order: every step taken (also for a stuck solve).
    pub steps: Vec<Step>,
    /// What the solve path says of itself (hardest step, score), for a
    /// solved puzzle. Made once by the driver, so that every output and
    /// statistic reads the same one.
    pub path: Option<PathSummary>,
    /// Sudoku Explainer's rating of a solved puzzle, when the solve was
    /// asked for it ([`SolveOptions::rate`](crate::SolveOptions::rate)).
    pub rating: Option<Rating>,
    /// The position where the solve ended.
    pub grid: Option<Grid>,
    /// What is wrong, for an invalid record, with its line.
    pub error: Option<String>,
}

impl Outcome {
    /// A puzzle's outcome before any step: no solution, path or rating yet.
    pub(crate) fn new(status: Status, puzzle: &Puzzle) -> Outcome {
        Outcome {
            status,
            puzzle: Some(puzzle.givens),
            solution: None,
            solutions: Vec::new(),
            steps: Vec::new(),
            path: None,
            rating: None,
            grid: None,
            error: None,
        }
    }

    /// The outcome of input that is not a puzzle.
    pub(crate) fn unreadable(error: &InputError) -> Outcome {
        Outcome {
            status: Status::Invalid,
            puzzle: None,
            solution: None,
            solutions: Vec::new(),
            steps: Vec::new(),
            path: None,
            rating: None,
            grid: None,
            error: Some(error.to_string()),
        }
    }

    /// Sums up the path of a solved puzzle and, given the position it
    /// started from, adds SE's rating of it; any other status has neither.
    /// The driver calls this once the path is complete.
    pub(crate) fn rate(&mut self, start: Option<&Grid>, keep_steps: bool, settings: &Settings) {
        if self.status != Status::Solved {
            return;
        }
        let path = summarize_path(&self.steps, settings);
        if let Some(start) = start {
            let se = crate::se_rating::rate_grid(start, keep_steps);
            self.rating = Some(Rating::new(&se, Some(&path), settings));
        }
        self.path = Some(path);
    }

    /// Adds SE's rating of a valid puzzle, from the position it started
    /// from, where no explanation path was taken: no path summary, no score.
    pub(crate) fn rate_without_path(&mut self, start: &Grid, keep_steps: bool, settings: &Settings) {
        if self.status == Status::Solved {
            self.rating = Some(Rating::new(&crate::se_rating::rate_grid(start, keep_steps), None, settings));
        }
    }

    /// The hardest logical step of the solve path: highest rating, first
    /// met on ties. Brute force is not a logical step and is left out.
    pub fn hardest(&self) -> Option<&Step> {
        self.steps.iter().filter(|s| s.technique != TechniqueId::BruteForce).fold(None, |best: Option<&Step>, s| {
            match best {
                Some(b) if b.rating() >= s.rating() => Some(b),
                _ => Some(s),
            }
        })
    }

    /// Whether some step placed a cell from the solution because no technique applied.
    pub fn used_brute_force(&self) -> bool {
        self.steps.iter().any(|s| s.technique == TechniqueId::BruteForce)
    }

    /// How many steps each technique took, in registry order.
    pub fn technique_counts(&self) -> BTreeMap<TechniqueId, usize> {
        let mut counts = BTreeMap::new();
        for s in &self.steps {
            *counts.entry(s.technique).or_insert(0) += 1;
        }
        counts
    }

    /// The record's end without its path.
    pub fn verdict(&self) -> Verdict {
        Verdict { puzzle: self.puzzle, status: self.status, solution: self.solution, error: self.error.clone() }
    }
}

/// How a record ended, without the path: all that the exact solver learns,
/// and all that the one-line outputs (`solve -q`, `solve --exact`) print.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Verdict {
    /// The givens, when the record was a puzzle.
    pub puzzle: Option<[u8; 81]>,
    /// How it ended.
    pub status: Status,
    /// The unique solution, for a solved puzzle.
    pub solution: Option<[u8; 81]>,
    /// What is wrong, for an invalid record, with its line.
    pub error: Option<String>,
}
