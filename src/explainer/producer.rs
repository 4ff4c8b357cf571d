//! `Producer`: one of SE's techniques, and the list of them in SE's order.

use super::chaining;
use super::hint::Hint;
use crate::grid::Grid;
use std::ops::ControlFlow;

/// One of SE 1.2.1's hint producers. It reads the grid and offers its
/// hints, in SE's order for that producer, to `sink` until the sink says
/// to stop; it never changes the grid and keeps nothing between calls.
pub(crate) trait Producer: Sync {
    /// Offers every hint, in order, until `sink` breaks.
    fn hints(&self, grid: &Grid, sink: &mut dyn FnMut(Hint) -> ControlFlow<()>) -> ControlFlow<()>;

    /// The first hint, if any: the one the rating loop applies.
    fn first(&self, grid: &Grid) -> Option<Hint> {
        let mut found = None;
        let _ = self.hints(grid, &mut |hint| {
            found = Some(hint);
            ControlFlow::Break(())
        });
        found
    }
}

/// Every producer, in the order SE 1.2.1 asks them: the direct techniques,
/// the indirect ones, then the chains from the simplest to the most nested.
pub(crate) fn producers() -> &'static [&'static dyn Producer] {
    PRODUCERS
}

static PRODUCERS: &[&dyn Producer] = &[
    // direct
    // indirect
    // chains
    &chaining::FORCING_CHAINS_AND_CYCLES,
    &chaining::NISHIO_FORCING_CHAINS,
    &chaining::MULTIPLE_FORCING_CHAINS,
    &chaining::DYNAMIC_FORCING_CHAINS,
    &chaining::DYNAMIC_PLUS,
    &chaining::DYNAMIC_PLUS_FORCING,
    &chaining::DYNAMIC_PLUS_MULTIPLE,
    &chaining::DYNAMIC_PLUS_DYNAMIC,
    &chaining::DYNAMIC_PLUS_DYNAMIC_1,
    &chaining::DYNAMIC_PLUS_DYNAMIC_2,
    &chaining::DYNAMIC_PLUS_DYNAMIC_3,
];

/// The rules a nested chain runs on its reduced grid before any nested
/// chain (SE's `getAdvancedPotentials`): Locking, Hidden Pair, Naked Pair,
/// X-Wing, each with its rule parents (`Hint::relies_on_absence`).
pub(crate) fn nested_basic_rules() -> &'static [&'static dyn Producer] {
    NESTED_BASIC_RULES
}

static NESTED_BASIC_RULES: &[&dyn Producer] = &[];
