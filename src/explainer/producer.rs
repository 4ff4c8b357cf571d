//! `Producer`: one of SE's techniques, and the list of them in SE's order.

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
    // (XYZ-Wing comes just above this line)
    &super::unique::UniqueLoops,
    // (Naked Quad, Jellyfish, Hidden Quad come just below this line)
    &super::bug::BivalueUniversalGrave,
    &super::aligned::AlignedExclusion::PAIR,
    // chains
    // (Forcing Chains & Cycles comes just above this line)
    &super::aligned::AlignedExclusion::TRIPLET,
    // (Nishio and the rest come just below this line)
];
