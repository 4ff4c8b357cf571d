//! SE's order of a chaining producer's hints: sorted by difficulty, then
//! complexity, then the kind's sort key (a stable sort, so ties keep the
//! search order), and of hints that remove the same candidates only the
//! first kept.

use super::chain_hint::{ChainHint, Mode};
use super::multiple::multiple_hints;
use super::scratch::Scratch;
use super::unary::unary_hints;
use crate::grid::Grid;
use std::rc::Rc;

/// Every hint of the chaining engine `mode` on `grid`, in SE's order.
pub(super) fn chain_hints(mode: Mode, grid: &Grid, scratch: &mut Scratch) -> Vec<Rc<ChainHint>> {
    let mut found = Vec::new();
    if mode == Mode::UNARY {
        unary_hints(grid, &mut found, false);
    } else {
        multiple_hints(mode, grid, &mut found, scratch);
    }
    sort_hints(&mut found);
    let mut kept: Vec<Rc<ChainHint>> = Vec::with_capacity(found.len());
    let mut keys = Vec::with_capacity(found.len());
    for hint in found {
        let key = hint.removal_key();
        if !keys.contains(&key) {
            keys.push(key);
            kept.push(Rc::new(hint));
        }
    }
    kept
}

/// SE's comparison: difficulty, complexity, sort key; stable.
pub(super) fn sort_hints(hints: &mut [ChainHint]) {
    hints.sort_by(|a, b| {
        a.difficulty
            .partial_cmp(&b.difficulty)
            .unwrap_or(std::cmp::Ordering::Equal)
            .then(a.complexity.cmp(&b.complexity))
            .then(a.sort_key.cmp(&b.sort_key))
    });
}

/// The first hint in SE's order, without sorting the rest.
pub(super) fn first_chain_hint(mode: Mode, grid: &Grid, scratch: &mut Scratch) -> Option<ChainHint> {
    let mut found = Vec::new();
    if mode == Mode::UNARY {
        unary_hints(grid, &mut found, true);
    } else {
        multiple_hints(mode, grid, &mut found, scratch);
    }
    let mut best: Option<ChainHint> = None;
    for hint in found {
        let better = match &best {
            None => true,
            Some(b) => (hint.difficulty, hint.complexity, hint.sort_key) < (b.difficulty, b.complexity, b.sort_key),
        };
        if better {
            best = Some(hint);
        }
    }
    best
}
