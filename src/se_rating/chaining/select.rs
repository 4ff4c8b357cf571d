//! SE's order of a chaining producer's hints: sorted by difficulty, then
//! complexity, then the kind's sort key (a stable sort, so ties keep the
//! search order), and of hints that remove the same candidates only the
//! first kept.

use super::chain_hint::{ChainHint, Frozen, Mode};
use super::links::NewLinks;
use super::multiple::{multiple_hints, multiple_hints_for_first, multiple_hints_reduced_from as narrowed_multiple};
use super::narrowed::StartLinks;
use super::propagate::NestedRules;
use super::scratch::Scratch;
use super::unary::{unary_hints, unary_hints_through_new_links};
use crate::model::grid::Grid;
use std::rc::Rc;

/// Every hint of the chaining engine `mode` on `grid`, in SE's order; at a
/// nesting level, its searches run `rules` where they stall.
pub(super) fn chain_hints(
    mode: Mode,
    grid: &Grid,
    rules: Option<NestedRules>,
    scratch: &mut Scratch,
) -> Vec<Rc<ChainHint>> {
    let mut found = Vec::new();
    if mode == Mode::UNARY {
        unary_hints(grid, &mut found, false, &mut scratch.unary);
    } else {
        multiple_hints(mode, grid, rules, &mut found, scratch);
    }
    in_se_order(found)
}

/// Every hint of the unary engine on `grid`, in SE's order, where `start`
/// (the grid it was reduced from) has none and no single candidate left in
/// a cell (see `unary_hints_through_new_links`): the same hints as
/// `chain_hints`, found sooner.
pub(super) fn unary_hints_reduced_from(grid: &Grid, new: &NewLinks, scratch: &mut Scratch) -> Vec<Rc<ChainHint>> {
    let mut found = Vec::new();
    unary_hints_through_new_links(grid, new, &mut found, false, &mut scratch.unary);
    in_se_order(found)
}

/// Every hint of the static Multiple engine on `grid`, in SE's order,
/// where `start` (the grid it was reduced from, whose links lead as
/// `start_links` tells) has neither a Multiple nor a unary hint and no
/// single candidate left in a cell: the same hints as `chain_hints`, found
/// sooner.
pub(super) fn multiple_hints_reduced_from(
    start: &Grid,
    start_links: &StartLinks,
    grid: &Grid,
    new: &NewLinks,
    scratch: &mut Scratch,
) -> Vec<Rc<ChainHint>> {
    let mut found = Vec::new();
    narrowed_multiple(start, start_links, grid, new, &mut found, scratch);
    in_se_order(found)
}

/// Sorted, and of hints that remove the same candidates only the first
/// kept. The nested levels keep them (thousands a step): they hold frozen
/// copies of their search stores.
fn in_se_order(mut found: Vec<ChainHint>) -> Vec<Rc<ChainHint>> {
    sort_hints(&mut found);
    let mut kept: Vec<Rc<ChainHint>> = Vec::with_capacity(found.len());
    let mut keys = Vec::with_capacity(found.len());
    let mut frozen = Frozen::default();
    for mut hint in found {
        let key = hint.removal_key();
        if !keys.contains(&key) {
            keys.push(key);
            hint.freeze(&mut frozen);
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

/// The first hint in SE's order, without sorting the rest (`rules` as for
/// [`chain_hints`]).
pub(super) fn first_chain_hint(
    mode: Mode,
    grid: &Grid,
    rules: Option<NestedRules>,
    scratch: &mut Scratch,
) -> Option<ChainHint> {
    let mut found = Vec::new();
    if mode == Mode::UNARY {
        // Where the unary engine found nothing at an earlier position of
        // the rating loop (with no single candidate left in a cell), every
        // hint of a later one passes through a strong link made since.
        match scratch.unary_quiet.as_ref().filter(|quiet| grid.is_reduction_of(quiet)) {
            Some(quiet) => {
                let new = NewLinks::new(quiet, grid);
                unary_hints_through_new_links(grid, &new, &mut found, true, &mut scratch.unary)
            }
            None => unary_hints(grid, &mut found, true, &mut scratch.unary),
        }
        if found.is_empty() && grid.cells_holding(1..=1).is_empty() {
            scratch.unary_quiet = Some(grid.clone());
        }
    } else {
        multiple_hints_for_first(mode, grid, rules, &mut found, scratch);
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

#[cfg(test)]
mod tests {
    use super::super::chain_hint::Kind;
    use super::super::positions::grid_from_marks;
    use super::super::test_positions::{CONTRADICTION, DOUBLE};
    use super::*;

    /// The hints an engine keeps hold frozen stores, one copy per search
    /// store, and read as the hints over the searches' own stores do.
    #[test]
    fn kept_hints_hold_frozen_copies_that_read_the_same() {
        let describe = |h: &ChainHint| (h.to_hint().text(), h.complexity, h.difficulty.to_bits());
        let mut shared = 0;
        for position in [&CONTRADICTION, &DOUBLE] {
            let grid = grid_from_marks(position.marks);
            let mut raw = Vec::new();
            multiple_hints(Mode::DYNAMIC, &grid, None, &mut raw, &mut Scratch::default());
            sort_hints(&mut raw);
            let mut keys = Vec::new();
            raw.retain(|h| {
                let key = h.removal_key();
                let first = !keys.contains(&key);
                keys.push(key);
                first
            });
            assert!(raw.iter().any(|h| h.targets.iter().any(|t| !t.store.is_frozen())));
            let kept = chain_hints(Mode::DYNAMIC, &grid, None, &mut Scratch::default());
            assert!(kept.len() > 1);
            assert_eq!(
                kept.iter().map(|h| describe(h)).collect::<Vec<_>>(),
                raw.iter().map(describe).collect::<Vec<_>>()
            );
            for hint in &kept {
                assert!(hint.targets.iter().all(|t| t.store.is_frozen()));
                if let Kind::Binary { absurd: true, .. } = hint.kind {
                    // Both ends of a contradiction come from one search.
                    assert!(Rc::ptr_eq(&hint.targets[0].store, &hint.targets[1].store));
                    shared += 1;
                }
            }
        }
        assert!(shared > 0);
    }
}
