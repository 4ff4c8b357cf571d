//! SE 1.2.1's chaining engine (`rules/chaining`), for the producers from
//! "Forcing Chains & Cycles" (6.5) to the nested dynamic chains (10.5+).
//!
//! SE's ratings of chains depend on exactly which derivation of each
//! potential its breadth-first searches keep, because the length penalty
//! counts the distinct potentials behind a conclusion. So the searches here
//! follow SE's order step by step; the data structures are our own
//! (potentials as small integers, nodes in an arena, bitsets).
//!
//! - [`potential`]: potentials, the node store, ancestor counting
//! - [`links`]: on → off and off → on links, hidden parents
//! - [`propagate`]: one assumption followed to its end (SE's `doChaining`)
//! - [`reach`]: which potentials lead where (skips searches that find nothing)
//! - [`unary`]: cycles and forcing X-/Y-/XY-chains
//! - [`multiple`]: binary (contradiction, double), cell and region chains
//! - [`narrowed`]: which Multiple searches can still meet on a reduced grid
//! - [`fit`]: where each digit's placements go (which Nishio searches can contradict)
//! - [`truth`]: the position's solution (which searches cannot contradict)
//! - [`nested`]: the nested rules of the levels above dynamic
//! - [`stall`]: what the nested rules find where a search stalls, and what a search keeps between stalls
//! - [`chain_hint`]: a hint's complexity, difficulty, names and text
//! - [`select`]: a producer's sort and de-duplication

mod chain_hint;
mod fit;
mod links;
mod multiple;
mod narrowed;
mod nested;
mod potential;
mod propagate;
mod reach;
pub(crate) mod scratch;
mod select;
mod stall;
#[cfg(test)]
mod test_positions;
mod truth;
mod unary;

use super::producer::Producer;
use super::se_step::SeStep;
use super::technique::UNARY_CHAINS;
use crate::algo::memo::Memo;
use crate::model::grid::Grid;
use chain_hint::Mode;
use propagate::NestedRules;
use scratch::Scratch;
use std::ops::ControlFlow;

/// What the searches of the nested levels run where they stall.
const NESTED_RULES: Option<NestedRules> = Some(nested::advanced_potentials);

/// One of SE's `Chaining` producers.
pub(crate) struct Chaining(Mode);

impl Producer for Chaining {
    fn hints(&self, grid: &Grid, sink: &mut dyn FnMut(SeStep) -> ControlFlow<()>) -> ControlFlow<()> {
        for hint in select::chain_hints(self.0, grid, NESTED_RULES, &mut Scratch::default()) {
            sink(hint.to_hint())?;
        }
        ControlFlow::Continue(())
    }

    fn first(&self, grid: &Grid) -> Option<SeStep> {
        select::first_chain_hint(self.0, grid, NESTED_RULES, &mut Scratch::default()).map(|h| h.to_hint())
    }

    fn first_with(&self, grid: &Grid, memo: &mut Memo) -> Option<SeStep> {
        select::first_chain_hint(self.0, grid, NESTED_RULES, memo.get::<Scratch>()).map(|h| h.to_hint())
    }

    fn lowest(&self) -> f64 {
        // The lowest base of the engine's techniques, plus a length
        // penalty that is never negative.
        if self.0 == Mode::UNARY {
            UNARY_CHAINS.iter().map(|t| t.difficulty()).fold(f64::INFINITY, f64::min)
        } else {
            self.0.base()
        }
    }
}

/// Forcing Chains & Cycles (6.5-7.x): `Chaining(false, false, false, 0)`.
pub(crate) static FORCING_CHAINS_AND_CYCLES: Chaining = Chaining(Mode::UNARY);
/// Nishio Forcing Chains (7.5+): `Chaining(false, true, true, 0)`.
pub(crate) static NISHIO_FORCING_CHAINS: Chaining = Chaining(Mode::NISHIO);
/// Multiple Forcing Chains (8.0+): `Chaining(true, false, false, 0)`.
pub(crate) static MULTIPLE_FORCING_CHAINS: Chaining = Chaining(Mode::MULTIPLE);
/// Dynamic Forcing Chains (8.5+): `Chaining(true, true, false, 0)`.
pub(crate) static DYNAMIC_FORCING_CHAINS: Chaining = Chaining(Mode::DYNAMIC);
/// Dynamic Forcing Chains (+) (9.0+): level 1.
pub(crate) static DYNAMIC_PLUS: Chaining = Chaining(Mode::nested(1, 0));
/// Dynamic Forcing Chains (+ Forcing Chains) (9.5+): level 2.
pub(crate) static DYNAMIC_PLUS_FORCING: Chaining = Chaining(Mode::nested(2, 0));
/// Dynamic Forcing Chains (+ Multiple Forcing Chains) (10.0+): level 3.
pub(crate) static DYNAMIC_PLUS_MULTIPLE: Chaining = Chaining(Mode::nested(3, 0));
/// Dynamic Forcing Chains (+ Dynamic Forcing Chains) (10.5+), nesting plain
/// dynamic chains (SukakuExplainer's level 4, nesting limit 0).
pub(crate) static DYNAMIC_PLUS_DYNAMIC: Chaining = Chaining(Mode::nested(4, 0));
/// The same, nesting dynamic chains (+) (nesting limit 1).
pub(crate) static DYNAMIC_PLUS_DYNAMIC_1: Chaining = Chaining(Mode::nested(4, 1));
/// The same, nesting dynamic chains (+ Forcing Chains) (nesting limit 2).
pub(crate) static DYNAMIC_PLUS_DYNAMIC_2: Chaining = Chaining(Mode::nested(4, 2));
/// The same, nesting dynamic chains (+ Multiple Forcing Chains) (nesting limit 3).
pub(crate) static DYNAMIC_PLUS_DYNAMIC_3: Chaining = Chaining(Mode::nested(4, 3));

#[cfg(test)]
mod positions {
    //! Positions in SE's pencil-mark form (729 characters, 9 per cell, a
    //! digit or '.'), as `serate --before=%m` prints them before each step.
    use crate::model::grid::Grid;
    use crate::model::sets::DigitSet;

    /// The grid of a 729-character pencil-mark line; a cell with one mark
    /// is taken as placed (SE prints givens and placed digits that way, and
    /// the chain producers only run once no single is left).
    pub(super) fn grid_from_marks(marks: &str) -> Grid {
        let bytes = marks.as_bytes();
        let mut values = [0u8; 81];
        let mut candidates = [DigitSet::EMPTY; 81];
        for cell in 0..81 {
            let set: DigitSet = (0..9)
                .filter(|&k| bytes[cell * 9 + k] != b'.')
                .map(|k| crate::model::cell::Digit::new(k as u8 + 1))
                .collect();
            if set.len() == 1 {
                values[cell] = set.first().expect("one").get();
            } else {
                candidates[cell] = set;
            }
        }
        Grid::from_values_and_candidates(&values, &candidates)
    }

    /// The first hint of `producer` at `position`, as (rating, text).
    pub(super) fn first_of(
        producer: &super::Chaining,
        position: &super::test_positions::Position,
    ) -> Option<(String, String)> {
        use crate::se_rating::producer::Producer;
        let grid = grid_from_marks(position.marks);
        producer.first(&grid).map(|h| (h.rating().to_string(), h.text()))
    }

    /// Asserts that `producer` takes SE's step at `position`.
    pub(super) fn assert_takes_se_step(producer: &super::Chaining, position: &super::test_positions::Position) {
        let got = first_of(producer, position);
        assert_eq!(got, Some((position.rating.to_string(), position.text.to_string())));
    }
}

#[cfg(test)]
mod position_tests {
    use super::*;
    use crate::se_rating::se_step::tenths;

    /// Every producer from "Forcing Chains & Cycles" up, in SE's order.
    pub(super) fn chain_producers() -> [&'static Chaining; 11] {
        [
            &FORCING_CHAINS_AND_CYCLES,
            &NISHIO_FORCING_CHAINS,
            &MULTIPLE_FORCING_CHAINS,
            &DYNAMIC_FORCING_CHAINS,
            &DYNAMIC_PLUS,
            &DYNAMIC_PLUS_FORCING,
            &DYNAMIC_PLUS_MULTIPLE,
            &DYNAMIC_PLUS_DYNAMIC,
            &DYNAMIC_PLUS_DYNAMIC_1,
            &DYNAMIC_PLUS_DYNAMIC_2,
            &DYNAMIC_PLUS_DYNAMIC_3,
        ]
    }

    /// Development check over a file of `marks<TAB>rating<TAB>text` lines
    /// (CHAIN_POSITIONS names it).
    #[test]
    #[ignore]
    fn chain_positions_from_file() {
        let path = std::env::var("CHAIN_POSITIONS").unwrap_or_else(|_| "tests/se/chain-positions.tsv".into());
        let text = std::fs::read_to_string(path).unwrap();
        let (mut ok, mut all) = (0, 0);
        let mut times = Vec::new();
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let f: Vec<&str> = line.split('\t').collect();
            let grid = positions::grid_from_marks(f[0]);
            let t = std::time::Instant::now();
            let hint = chain_producers().iter().find_map(|p| p.first(&grid));
            times.push(t.elapsed().as_secs_f64() * 1e3);
            let got = hint.map(|h| (tenths(h.difficulty).to_string(), h.text())).unwrap_or_default();
            all += 1;
            if got.0 == f[1] && got.1 == f[2] {
                ok += 1;
            } else {
                println!("BAD {}\n  SE   {} {}\n  ours {} {}", f[0], f[1], f[2], got.0, got.1);
            }
        }
        times.sort_by(f64::total_cmp);
        println!("{ok}/{all}; median {:.2} ms, max {:.2} ms", times[times.len() / 2], times[times.len() - 1]);
        assert_eq!(ok, all, "positions where the step differs from SE's");
    }
}
