//! What SE's basic producers share: sets of a house's members, and the
//! order SE keeps a hint's removals in. (The order they visit houses in is
//! `HouseOrder::BOXES_COLS_ROWS`; a house's cells as positions 0..9 come
//! from `House::positions`.) (Combinations come from `algo::combinations`, in SE's
//! order, `Order::Colex`.)

use super::se_step::SeStep;
use super::technique::SeTechnique;
use super::wording::Detail;
use crate::model::cell::Candidate;
use crate::model::cell::{Cell, Digit};
use crate::model::sets::{CellSet, DigitSet};

/// The union of the members of `members` picked by `mask`.
pub(super) fn union_at(members: &[u16; 9], mask: u16) -> u16 {
    let mut union = 0;
    let mut rest = mask;
    while rest != 0 {
        union |= members[rest.trailing_zeros() as usize];
        rest &= rest - 1;
    }
    union
}

/// The members with `2..=k` elements, as a mask: the only ones SE's
/// `CommonTuples` test can accept in a tuple of `k` (each needs two
/// elements, and the union has only `k`).
pub(super) fn tuple_members(members: &[u16; 9], k: u32) -> u16 {
    (0..9).filter(|&i| (2..=k).contains(&members[i].count_ones())).fold(0, |m, i| m | 1 << i)
}

/// The removals in the order SE lists them (see [`in_java_map_order`]),
/// each cell's digits in increasing order. `entries` are in the order the
/// producer found them.
pub(super) fn removals_in_se_order(entries: &[(Cell, DigitSet)]) -> Vec<Candidate> {
    in_java_map_order(entries).into_iter().flat_map(|(c, ds)| ds.iter().map(move |d| Candidate::new(c, d))).collect()
}

/// Cells with their digits in the order SE iterates them: SE keeps a
/// hint's removals in a `java.util.HashMap` keyed by cell, whose hash is
/// the cell's index (SukakuExplainer), so it lists them by index modulo the
/// table's size (16, doubled each time the map passes three quarters
/// full), and in insertion order within a bucket (a stable sort).
pub(super) fn in_java_map_order(entries: &[(Cell, DigitSet)]) -> Vec<(Cell, DigitSet)> {
    let mut table = 16;
    while entries.len() > table * 3 / 4 {
        table *= 2;
    }
    let mut ordered = entries.to_vec();
    ordered.sort_by_key(|(c, _)| c.index() & (table - 1));
    ordered
}

/// A hint of a technique that does not grow, placing `digit` in `cell` and
/// removing nothing.
pub(super) fn placing(technique: SeTechnique, cell: Cell, digit: Digit, detail: impl Into<Detail>) -> SeStep {
    SeStep {
        technique,
        difficulty: technique.difficulty(),
        removals: Vec::new(),
        placement: Some((cell, digit)),
        detail: detail.into(),
        relies_on_absence: Vec::new(),
    }
}

/// A hint of a technique that does not grow, removing candidates and
/// placing nothing.
pub(super) fn removing(
    technique: SeTechnique,
    removals: Vec<Candidate>,
    detail: impl Into<Detail>,
    relies_on_absence: Vec<(CellSet, DigitSet)>,
) -> SeStep {
    let detail = detail.into();
    let difficulty = technique.difficulty();
    SeStep { technique, difficulty, removals, placement: None, detail, relies_on_absence }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn removals_follow_the_hash_buckets() {
        let one = DigitSet::single(Digit::new(4));
        // Cells 20 and 3: buckets 4 and 3 of 16.
        let found = removals_in_se_order(&[(Cell::new(20), one), (Cell::new(3), one)]);
        assert_eq!(found.iter().map(|c| c.cell.index()).collect::<Vec<_>>(), vec![3, 20]);
        // Cells 19 and 3 share bucket 3: insertion order stays.
        let found = removals_in_se_order(&[(Cell::new(19), one), (Cell::new(3), one)]);
        assert_eq!(found.iter().map(|c| c.cell.index()).collect::<Vec<_>>(), vec![19, 3]);
        // 40 is in bucket 8, 17 in 1, 19 in 3.
        let e = |i: u8| (Cell::new(i), DigitSet::EMPTY);
        let got: Vec<usize> = in_java_map_order(&[e(40), e(3), e(17), e(19)]).iter().map(|(c, _)| c.index()).collect();
        assert_eq!(got, vec![17, 3, 19, 40]);
    }
}
