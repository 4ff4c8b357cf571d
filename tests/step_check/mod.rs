//! Checking the steps of explained solves against the position each was
//! found in, shared by the tests that check a kind of step from the rules
//! alone (tests/chain_links.rs, tests/forcing_links.rs).

use std::collections::BTreeMap;
use std::convert::Infallible;
use sudoku_explained::explain::Settings;
use sudoku_explained::io::{Puzzle, Records};
use sudoku_explained::{solve, Grid, Observer, SolveOptions, Step, TechniqueId};

/// What the checks found over a sample.
pub struct Checked {
    /// One line per step that failed its check.
    pub faults: Vec<String>,
    /// How many steps of each technique were checked.
    pub steps: BTreeMap<TechniqueId, usize>,
}

impl Checked {
    /// Asserts that no step failed and that each of `techniques` had a
    /// step checked (else the sample no longer exercises the check).
    pub fn assert_sound_and_covering(&self, techniques: &[TechniqueId]) {
        assert!(self.faults.is_empty(), "{:#?}", self.faults);
        for t in techniques {
            assert!(self.steps.get(t).copied().unwrap_or(0) > 0, "no {} step was checked", t.id());
        }
    }
}

/// Solves the first `take` puzzles of each bundled `file` and calls `check`
/// on every step with the grid before it. `check` gives `None` for a step
/// it does not look at, else whether the step holds.
pub fn check_steps(sample: &[(&str, usize)], check: impl FnMut(&Grid, &Step) -> Option<Result<(), String>>) -> Checked {
    let mut checker = Checker { check, before: None, checked: Checked { faults: Vec::new(), steps: BTreeMap::new() } };
    for &(file, take) in sample {
        let path = format!("{}/puzzles/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        for record in Records::new(&text[..]).take(take) {
            // Every technique on, those off by default too.
            let options = SolveOptions::default().with_settings(Settings::every_technique_on());
            solve(&record.expect("bundled puzzles parse"), options, &mut checker);
        }
    }
    checker.checked
}

struct Checker<F> {
    check: F,
    /// The position the next step is found in.
    before: Option<Grid>,
    checked: Checked,
}

impl<F: FnMut(&Grid, &Step) -> Option<Result<(), String>>> Observer for Checker<F> {
    fn begin(&mut self, _puzzle: &Puzzle, grid: &Grid) -> Result<(), Infallible> {
        self.before = Some(grid.clone());
        Ok(())
    }

    fn step(&mut self, number: usize, step: &Step, grid: &Grid) -> Result<(), Infallible> {
        let before = self.before.replace(grid.clone()).expect("begin comes first");
        if let Some(result) = (self.check)(&before, step) {
            *self.checked.steps.entry(step.technique).or_default() += 1;
            if let Err(fault) = result {
                self.checked.faults.push(format!("step {number}: {fault}: {}", step.text()));
            }
        }
        Ok(())
    }
}
