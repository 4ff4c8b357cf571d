//! Fillings: the ways one house can still be completed, each empty cell
//! taking one of its candidates and each missing digit going in once.
//!
//! A naked or hidden subset of a house, of any size, removes only
//! candidates that lie in no filling: the subset's digits must fill its
//! cells (or its cells must hold its digits), whatever the rest of the grid
//! does. So when every candidate of a house lies in some filling, no subset
//! there has anything to remove, and the subset searches can skip the
//! house. This is the houses' counterpart of `templates`.

use crate::model::grid::{Grid, House};

/// A filling of one house found earlier: the position in the house (0 to
/// 8) that holds each digit. Along a solve a house only loses candidates,
/// so most of a filling stays valid and only the cells that lost their
/// digit need another.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Known([u8; 9]);

impl Default for Known {
    fn default() -> Self {
        Known([NONE; 9])
    }
}

const NONE: u8 = u8::MAX;

/// Whether every candidate of `house` lies in some filling of the house.
/// `false` also when the house has no filling at all. `known` is a filling
/// from an earlier question about the same house (any grid); it is kept
/// where it still fits and replaced by the one found.
pub(crate) fn every_candidate_fits(grid: &Grid, house: House, known: &mut Known) -> bool {
    let cells = house.cell_list();
    let masks: [u16; 9] = std::array::from_fn(|p| grid.candidates(cells[p]).bits());
    let open = (0..9).fold(0u16, |acc, p| acc | u16::from(grid.value(cells[p]).is_none()) << p);
    let Some(holder) = one_filling(&masks, open, known.0) else { return false };
    known.0 = holder;
    // Each digit's places in the house, one bit per position (no branches:
    // the candidates follow no pattern a predictor could learn).
    let mut places = [0u16; 9];
    for (p, &mask) in masks.iter().enumerate() {
        for (d, place) in places.iter_mut().enumerate() {
            *place |= (mask >> d & 1) << p;
        }
    }
    // The graph on the open positions where `i -> j` when cell `i` holds
    // the digit the filling gives `j`. A candidate outside the filling, `i`
    // holding `j`'s digit, lies in another filling exactly when the edge
    // `i -> j` is on a cycle (move each digit one step along it), that is
    // when `j` reaches `i` back. `before[j]`: the cells with an edge to `j`,
    // then all the cells that reach `j`.
    let mut before = [0u16; 9];
    for (d, &p) in holder.iter().enumerate().filter(|&(_, &p)| p != NONE) {
        before[p as usize] = places[d];
    }
    let edges = before;
    // Warshall's closure on a bit matrix, without branches inside.
    let mut middle = open;
    while middle != 0 {
        let k = middle.trailing_zeros();
        middle &= middle - 1;
        let through = before[k as usize];
        for slot in before.iter_mut() {
            *slot |= through & 0u16.wrapping_sub(*slot >> k & 1);
        }
    }
    // Every edge `i -> j` needs `j` among the cells that reach `i`.
    let (mut unfit, mut targets) = (0u16, open);
    while targets != 0 {
        let j = targets.trailing_zeros();
        targets &= targets - 1;
        let back = before.iter().enumerate().fold(0u16, |acc, (i, &reach)| acc | (reach >> j & 1) << i);
        unfit |= edges[j as usize] & !back;
    }
    unfit == 0
}

/// A filling of the `open` positions (with candidates `masks`) as the
/// position holding each digit, built on `start` where it still fits, or
/// `None` when there is none: augmenting paths, cell by cell.
fn one_filling(masks: &[u16; 9], open: u16, start: [u8; 9]) -> Option<[u8; 9]> {
    let mut holder = start;
    let mut held = 0u16;
    for (d, p) in holder.iter_mut().enumerate() {
        // Without branches: whether a digit kept its place is a coin toss.
        let at = usize::from(*p).min(8);
        let keeps = (masks[at] >> d) & (open >> at) & 1 & u16::from(*p != NONE);
        *p = if keeps != 0 { *p } else { NONE };
        held |= keeps << at;
    }
    let mut left = open & !held;
    while left != 0 {
        let p = left.trailing_zeros() as usize;
        left &= left - 1;
        if !augment(masks, p, &mut holder, &mut 0) {
            return None;
        }
    }
    Some(holder)
}

/// Gives position `p` a digit, moving other cells to other digits if
/// needed; `tried` marks the digits already on the path.
fn augment(masks: &[u16; 9], p: usize, holder: &mut [u8; 9], tried: &mut u16) -> bool {
    let mut options = masks[p] & !*tried;
    while options != 0 {
        let digit = options.trailing_zeros() as usize;
        options &= options - 1;
        *tried |= 1 << digit;
        let owner = holder[digit];
        if owner == NONE || augment(masks, owner as usize, holder, tried) {
            holder[digit] = p as u8;
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::technique::testing::{empty, marks};
    use crate::model::sets::DigitSet;

    fn fits(grid: &Grid, house: House) -> bool {
        every_candidate_fits(grid, house, &mut Known::default())
    }

    #[test]
    fn an_open_house_fits_everywhere() {
        assert!(fits(&empty(), House::row(0)));
    }

    #[test]
    fn a_naked_pair_leaves_its_digits_in_the_other_cells_unfit() {
        // r1c1 and r1c2 hold only 1 and 2: no other cell of row 1 can be 1 or 2.
        let g = marks(&[(1, 1, "12"), (1, 2, "12")]);
        assert!(!fits(&g, House::row(0)));
        assert!(!fits(&g, House::block(0)));
        assert!(fits(&g, House::row(1)));
    }

    #[test]
    fn a_pair_with_nothing_left_to_remove_fits() {
        // Row 1: r1c1, r1c2 hold {1,2}; the other cells hold neither.
        let mut cells: Vec<(u8, u8, &str)> = vec![(1, 1, "12"), (1, 2, "12")];
        cells.extend((3..=9).map(|c| (1, c, "3456789")));
        let g = marks(&cells);
        assert!(fits(&g, House::row(0)));
    }

    #[test]
    fn a_hidden_pair_leaves_the_other_digits_of_its_cells_unfit() {
        // In row 1, 1 and 2 can only go in r1c1 and r1c2, which hold more.
        let cells: Vec<(u8, u8, &str)> = (3..=9).map(|c| (1, c, "3456789")).collect();
        let g = marks(&cells);
        assert!(!fits(&g, House::row(0)));
    }

    #[test]
    fn a_house_with_no_filling_is_not_settled() {
        // Three cells of row 1 share two digits.
        let g = marks(&[(1, 1, "12"), (1, 2, "12"), (1, 3, "12")]);
        assert!(!fits(&g, House::row(0)));
    }

    /// Every candidate used by some filling, found by trying them all.
    fn brute_force(masks: &[u16; 9], open: u16) -> Option<[u16; 9]> {
        fn fill(masks: &[u16; 9], open: u16, p: usize, used: u16, chosen: &mut [u16; 9], seen: &mut [u16; 9]) -> bool {
            if p == 9 {
                for (s, c) in seen.iter_mut().zip(chosen.iter()) {
                    *s |= c;
                }
                return true;
            }
            if open >> p & 1 == 0 {
                return fill(masks, open, p + 1, used, chosen, seen);
            }
            let mut any = false;
            for d in (0..9).filter(|&d| masks[p] >> d & 1 == 1 && used >> d & 1 == 0) {
                chosen[p] = 1 << d;
                any |= fill(masks, open, p + 1, used | 1 << d, chosen, seen);
            }
            any
        }
        let mut seen = [0u16; 9];
        fill(masks, open, 0, 0, &mut [0; 9], &mut seen).then_some(seen)
    }

    #[test]
    fn agrees_with_trying_every_filling() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        // One remembered filling for all the cases: any earlier answer must do.
        let mut known = Known::default();
        let (mut settled, mut unsettled) = (0, 0);
        for _ in 0..3000 {
            let mut values = [0u8; 81];
            let mut candidates = [DigitSet::EMPTY; 81];
            let placed = (next() % 6) as usize;
            let mut digits: Vec<u8> = (1..=9).collect();
            for i in (1..9).rev() {
                digits.swap(i, (next() % (i as u64 + 1)) as usize);
            }
            let mut masks = [0u16; 9];
            let mut open = 0u16;
            for p in 0..9 {
                if p < placed {
                    values[p] = digits[p];
                } else {
                    // Mostly a few candidates, so that subsets are common.
                    let missing = digits[placed..].iter().fold(0u16, |acc, &d| acc | 1 << (d - 1));
                    let mask = (next() as u16 | next() as u16) & missing;
                    masks[p] = mask;
                    open |= 1 << p;
                    candidates[p] = DigitSet::from_bits(mask);
                }
            }
            let grid = Grid::from_values_and_candidates(&values, &candidates);
            let expected = brute_force(&masks, open).is_some_and(|seen| seen == masks);
            assert_eq!(every_candidate_fits(&grid, House::row(0), &mut known), expected, "{masks:?}");
            if expected {
                settled += 1;
            } else {
                unsettled += 1;
            }
        }
        assert!(settled > 300 && unsettled > 300, "{settled} settled, {unsettled} not");
    }
}
