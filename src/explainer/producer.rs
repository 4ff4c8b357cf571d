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
use crate::grid::Grid;
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
        let mut found = None;
        let _ = self.hints(grid, &mut |hint| {
            found = Some(hint);
            ControlFlow::Break(())
        });
        found
    }

    /// [`Producer::first`], with what the producers keep along the rating
    /// loop (it never changes what they find); most ignore it.
    fn first_with(&self, grid: &Grid, _reuse: &mut Reuse) -> Option<Hint> {
        self.first(grid)
    }
}

/// What the producers keep from one position of a rating loop to the
/// next: searches the grid's changes cannot have changed are not redone.
#[derive(Default)]
pub(crate) struct Reuse {
    /// The chain producers' buffers and nested hints.
    pub(crate) chains: chaining::Scratch,
    /// Where the aligned exclusions last found nothing.
    pub(crate) aligned: QuietPositions,
}

impl Reuse {
    /// Moves on to the next position of the rating loop.
    pub(crate) fn next_position(&mut self) {
        self.chains.next_position();
    }
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
