//! `Producer`: one of SE's techniques, and the list of them in SE's order.

use super::aligned::{AlignedExclusion, QuietPositions};
use super::bug::BivalueUniversalGrave;
use super::chaining;
use super::direct::{DirectHiddenSet, DirectLocking};
use super::fish::Fish;
use super::hint::Hint;
use super::locking::Locking;
use super::singles::{HiddenSingles, NakedSingles};
use super::subsets::{HiddenSet, NakedSet};
use super::unique::UniqueLoops;
use super::wings::XyWing;
use crate::grid::{Digit, Grid, House};
use crate::sets::{CellSet, DigitSet};
use std::ops::ControlFlow;

/// One of SE 1.2.1's hint producers. It reads the grid and offers its
/// hints, in SE's order for that producer, to `sink` until the sink says
/// to stop; it never changes the grid and keeps nothing between calls.
pub(crate) trait Producer: Sync {
    /// Offers every hint, in order, until `sink` breaks.
    fn hints(&self, grid: &Grid, sink: &mut dyn FnMut(Hint) -> ControlFlow<()>) -> ControlFlow<()>;

    /// The lowest rating any of its hints can have. The rating loop uses it
    /// to stop early when only ratings up to a bound are of interest.
    fn lowest(&self) -> f64 {
        0.0
    }

    /// The first hint, if any: the one the rating loop applies.
    fn first(&self, grid: &Grid) -> Option<Hint> {
        first_of(|sink| self.hints(grid, sink))
    }

    /// Whether each of its hints reads one digit's candidates and
    /// placements only, or one house's cells only.
    fn locality(&self) -> Option<Locality> {
        None
    }

    /// Its hints within `scope`, for a local producer (see `locality`);
    /// every hint for the others.
    fn hints_in(&self, grid: &Grid, _scope: Scope, sink: &mut dyn FnMut(Hint) -> ControlFlow<()>) -> ControlFlow<()> {
        self.hints(grid, sink)
    }

    /// [`Producer::first`], with what the producers keep along the rating
    /// loop (it never changes what they find): a local producer looks only
    /// at what changed since it last found nothing.
    fn first_with(&self, grid: &Grid, reuse: &mut Reuse) -> Option<Hint> {
        match self.locality() {
            Some(locality) => {
                reuse.local.first(locality, grid, |scope| first_of(|sink| self.hints_in(grid, scope, sink)))
            }
            None => self.first(grid),
        }
    }
}

/// What each hint of a local producer reads: one digit's candidates and
/// placements, or one house's cells. The name keys its last quiet position.
#[derive(Clone, Copy)]
pub(crate) enum Locality {
    /// Each hint reads one digit.
    Digit(&'static str),
    /// Each hint reads one house.
    House(&'static str),
}

/// The digits and the houses a local producer looks at.
#[derive(Clone, Copy)]
pub(crate) struct Scope {
    pub(crate) digits: DigitSet,
    /// A bit per house index.
    houses: u32,
    /// For each digit, the cells where a nested search took it out: a
    /// nested rule's hint counts only if it relies on such a candidate
    /// being gone (its "rule parents"), and Locking's and the fish's hints
    /// rely on their digit's absence from cells of the houses they start
    /// from. Every cell outside nested searches.
    lost: [CellSet; 9],
}

/// For each digit, the cells where a grid a nested search reduced lacks
/// it and the grid the search started from has it.
#[derive(Clone, Copy)]
pub(crate) struct Losses([CellSet; 9]);

impl Losses {
    /// Where `work` lost candidates of each digit that `start` had.
    pub(crate) fn between(start: &Grid, work: &Grid) -> Losses {
        Losses(std::array::from_fn(|i| {
            let digit = Digit::from_index(i);
            start.cells_with(digit).difference(work.cells_with(digit))
        }))
    }
}

/// Every house, a bit per house index.
const ALL_HOUSES: u32 = (1 << 27) - 1;

impl Scope {
    /// Every digit and every house.
    pub(crate) const ALL: Scope = Scope { digits: DigitSet::ALL, houses: ALL_HOUSES, lost: [CellSet::ALL; 9] };

    /// No digit and no house.
    pub(crate) const NONE: Scope = Scope { digits: DigitSet::EMPTY, houses: 0, lost: [CellSet::ALL; 9] };

    /// The digits and houses of either.
    pub(crate) fn union(self, other: Scope) -> Scope {
        Scope {
            digits: self.digits.union(other.digits),
            houses: self.houses | other.houses,
            lost: std::array::from_fn(|i| self.lost[i].union(other.lost[i])),
        }
    }

    /// The digits and the houses where `now`, reduced from `then`, differs
    /// from it: a local producer's hints elsewhere read nothing that changed.
    pub(crate) fn changed(then: &Grid, now: &Grid) -> Scope {
        Scope { digits: changed_digits(then, now), houses: changed_houses(then, now), lost: [CellSet::ALL; 9] }
    }

    /// This scope, for a nested rule on a grid a search reduced from
    /// another: only a hint relying on a cell where its digit was taken
    /// out has rule parents.
    pub(crate) fn relying_on(self, losses: Losses) -> Scope {
        Scope { lost: losses.0, ..self }
    }

    pub(crate) fn holds(self, house: House) -> bool {
        self.houses >> house.index() & 1 == 1
    }

    /// The cells where `digit` was taken out in a nested search (every
    /// cell elsewhere).
    pub(crate) fn lost(self, digit: Digit) -> CellSet {
        self.lost[digit.index()]
    }
}

/// The first hint `hints` offers to its sink.
pub(crate) fn first_of(hints: impl FnOnce(&mut dyn FnMut(Hint) -> ControlFlow<()>) -> ControlFlow<()>) -> Option<Hint> {
    let mut found = None;
    let _ = hints(&mut |hint| {
        found = Some(hint);
        ControlFlow::Break(())
    });
    found
}

/// What the producers keep from one position of a rating loop to the
/// next: searches the grid's changes cannot have changed are not redone.
#[derive(Default)]
pub(crate) struct Reuse {
    /// The chain producers' buffers and nested hints.
    pub(crate) chains: chaining::Scratch,
    /// Where the aligned exclusions last found nothing.
    pub(crate) aligned: QuietPositions,
    /// Where the producers whose hints each lie within one digit or one
    /// house last found nothing.
    pub(crate) local: LocalQuiet,
}

impl Reuse {
    /// Moves on to the next position of the rating loop.
    pub(crate) fn next_position(&mut self) {
        self.chains.next_position();
    }
}

/// The last position where each local producer (see `Producer::locality`)
/// found nothing. At a later position of the rating loop only the digits,
/// or the houses, that changed since can have a hint; the others are
/// skipped, which leaves the first hint as it was (the order among the
/// rest is kept).
#[derive(Default)]
pub(crate) struct LocalQuiet(Vec<(&'static str, Grid)>);

impl LocalQuiet {
    /// The first hint `search` finds within the scope left to a producer
    /// of this locality; a position where it finds none is kept.
    fn first(&mut self, locality: Locality, grid: &Grid, search: impl FnOnce(Scope) -> Option<Hint>) -> Option<Hint> {
        let key = match locality {
            Locality::Digit(key) | Locality::House(key) => key,
        };
        let at = self.0.iter().position(|(k, _)| *k == key);
        let scope = match (at, locality) {
            (None, _) => Scope::ALL,
            (Some(i), Locality::Digit(_)) => Scope { digits: changed_digits(&self.0[i].1, grid), ..Scope::ALL },
            (Some(i), Locality::House(_)) => Scope { houses: changed_houses(&self.0[i].1, grid), ..Scope::ALL },
        };
        let found = search(scope);
        if found.is_none() {
            match at {
                Some(i) => self.0[i].1 = grid.clone(),
                None => self.0.push((key, grid.clone())),
            }
        }
        found
    }
}

/// The digits whose candidates or placements differ between the grids.
fn changed_digits(then: &Grid, now: &Grid) -> DigitSet {
    Digit::all().filter(|&d| then.cells_with(d) != now.cells_with(d) || then.placed(d) != now.placed(d)).collect()
}

/// The houses (a bit per house index) with a cell whose candidates or value
/// differ between the grids.
fn changed_houses(then: &Grid, now: &Grid) -> u32 {
    // A digit's cells at a time: this runs at every stall of every nested search.
    let changed = Digit::all().fold(0u128, |cells, d| {
        cells | (then.cells_with(d).bits() ^ now.cells_with(d).bits()) | (then.placed(d).bits() ^ now.placed(d).bits())
    });
    if changed == 0 {
        return 0;
    }
    House::all().filter(|h| h.cells().bits() & changed != 0).fold(0, |bits, h| bits | 1 << h.index())
}

/// Every producer, in the order SE 1.2.1 asks them: the direct techniques,
/// the indirect ones, then the chains from the simplest to the most nested.
pub(crate) fn producers() -> &'static [&'static dyn Producer] {
    PRODUCERS
}

static PRODUCERS: &[&dyn Producer] = &[
    // direct
    &HiddenSingles,                 // 1.0 / 1.2 / 1.5
    &DirectLocking,                 // 1.7 / 1.9
    &DirectHiddenSet { degree: 2 }, // 2.0
    &NakedSingles,                  // 2.3
    &DirectHiddenSet { degree: 3 }, // 2.5
    // indirect
    &Locking,                 // 2.6 / 2.8
    &NakedSet { degree: 2 },  // 3.0
    &Fish { degree: 2 },      // 3.2
    &HiddenSet { degree: 2 }, // 3.4
    &NakedSet { degree: 3 },  // 3.6
    &Fish { degree: 3 },      // 3.8
    &HiddenSet { degree: 3 }, // 4.0
    &XyWing { xyz: false },   // 4.2
    &XyWing { xyz: true },    // 4.4
    &UniqueLoops,             // 4.5 - 5.3
    &NakedSet { degree: 4 },  // 5.0
    &Fish { degree: 4 },      // 5.2
    &HiddenSet { degree: 4 }, // 5.4
    &BivalueUniversalGrave,   // 5.6 - 6.1
    &AlignedExclusion::PAIR,  // 6.2
    // chains
    &chaining::FORCING_CHAINS_AND_CYCLES, // 6.5 - 7.x
    &AlignedExclusion::TRIPLET,           // 7.5
    &chaining::NISHIO_FORCING_CHAINS,     // 7.5 +
    &chaining::MULTIPLE_FORCING_CHAINS,   // 8.0 +
    &chaining::DYNAMIC_FORCING_CHAINS,    // 8.5 +
    &chaining::DYNAMIC_PLUS,              // 9.0 +
    &chaining::DYNAMIC_PLUS_FORCING,      // 9.5 +
    &chaining::DYNAMIC_PLUS_MULTIPLE,     // 10.0 +
    &chaining::DYNAMIC_PLUS_DYNAMIC,      // 10.5 +
    &chaining::DYNAMIC_PLUS_DYNAMIC_1,    // 10.5 +
    &chaining::DYNAMIC_PLUS_DYNAMIC_2,    // 10.5 +
    &chaining::DYNAMIC_PLUS_DYNAMIC_3,    // 10.5 +
];

/// The rules a nested chain runs on its reduced grid before any nested
/// chain (SE's `getAdvancedPotentials`): Locking, Hidden Pair, Naked Pair,
/// X-Wing, each with its rule parents (`Hint::relies_on_absence`).
pub(crate) fn nested_basic_rules() -> &'static [&'static dyn Producer] {
    NESTED_BASIC_RULES
}

static NESTED_BASIC_RULES: &[&dyn Producer] =
    &[&Locking, &HiddenSet { degree: 2 }, &NakedSet { degree: 2 }, &Fish { degree: 2 }];

/// The texts of the hints `producer` offers on `work`, as a nested rule
/// on a grid a search reduced from `start`.
#[cfg(test)]
pub(crate) fn texts_relying_on_losses(producer: &dyn Producer, start: &Grid, work: &Grid) -> Vec<String> {
    let scope = Scope::ALL.relying_on(Losses::between(start, work));
    let mut texts = Vec::new();
    let _ = producer.hints_in(work, scope, &mut |hint| {
        texts.push(hint.text());
        ControlFlow::Continue(())
    });
    texts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explainer::test_paths::{path, reference_puzzles};

    /// The houses that changed, read a digit at a time, are those with a
    /// cell whose candidates or value changed, between any two positions
    /// of SE's paths (placements and eliminations alike), and none between
    /// a position and itself.
    #[test]
    fn changed_houses_are_those_with_a_changed_cell() {
        let cell_by_cell = |then: &Grid, now: &Grid| {
            crate::grid::Cell::all()
                .filter(|&c| then.candidates(c) != now.candidates(c) || then.value(c) != now.value(c))
                .flat_map(|c| c.houses())
                .fold(0u32, |bits, h| bits | 1 << h.index())
        };
        let mut pairs = 0;
        for puzzle in reference_puzzles(1.0..9.0).step_by(7).take(12) {
            let grids: Vec<Grid> = path(puzzle).into_iter().map(|(grid, _)| grid).collect();
            for (i, then) in grids.iter().enumerate() {
                assert_eq!(changed_houses(then, then), 0);
                for now in grids.iter().skip(i + 1).step_by(5) {
                    assert_eq!(changed_houses(then, now), cell_by_cell(then, now), "{puzzle}");
                    pairs += 1;
                }
            }
        }
        assert!(pairs > 500, "{pairs} pairs of positions");
    }

    /// Along SE's paths of reference puzzles from every band up to 8.9, at
    /// every position, each producer that skips the digits or houses that
    /// did not change since it last found nothing finds what it finds from
    /// nothing.
    #[test]
    fn skipping_what_did_not_change_never_changes_the_hint() {
        let local: [&dyn Producer; 13] = [
            &DirectLocking,
            &DirectHiddenSet { degree: 2 },
            &DirectHiddenSet { degree: 3 },
            &Locking,
            &NakedSet { degree: 2 },
            &Fish { degree: 2 },
            &HiddenSet { degree: 2 },
            &NakedSet { degree: 3 },
            &Fish { degree: 3 },
            &HiddenSet { degree: 3 },
            &NakedSet { degree: 4 },
            &Fish { degree: 4 },
            &HiddenSet { degree: 4 },
        ];
        let mut hints_after_quiet = 0;
        for band in [2.0..3.0, 3.0..4.0, 4.0..6.0, 6.0..7.0, 7.0..9.0] {
            for puzzle in reference_puzzles(band).take(6) {
                let mut reuse = Reuse::default();
                for (grid, _) in path(puzzle) {
                    for producer in local {
                        let quiet_before = reuse.local.0.len();
                        let kept = producer.first_with(&grid, &mut reuse).map(|h| (h.text(), h.removals));
                        let fresh = producer.first(&grid).map(|h| (h.text(), h.removals));
                        assert_eq!(kept, fresh, "{puzzle}");
                        hints_after_quiet += usize::from(quiet_before == local.len() && fresh.is_some());
                    }
                }
            }
        }
        assert!(hints_after_quiet > 20, "only {hints_after_quiet} hints came after quiet positions");
    }
}
