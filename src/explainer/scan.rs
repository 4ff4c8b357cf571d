//! What SE's basic producers share: the order they visit houses and
//! combinations in, a house's cells as positions 0..9, and the order SE
//! keeps a hint's removals in.

use super::hint::Hint;
use super::wording::Detail;
use crate::grid::{Cell, Digit, House, HouseKind};
use crate::sets::{CellSet, DigitSet};
use crate::step::Candidate;
use std::borrow::Cow;

/// The houses in the order most of SE's producers visit them: the nine
/// blocks, then the nine columns, then the nine rows.
pub(super) fn blocks_cols_rows() -> impl Iterator<Item = House> {
    House::blocks().chain(House::cols()).chain(House::rows())
}

/// The houses of one kind, in SE's numbering (the same as ours).
pub(super) fn houses_of(kind: HouseKind) -> impl Iterator<Item = House> {
    let first = match kind {
        HouseKind::Row => 0,
        HouseKind::Col => 9,
        HouseKind::Block => 18,
    };
    (first..first + 9).map(House::from_index)
}

/// The cells of `cells` that lie in `house`, as positions in the house
/// (bit `i` for the house's `i`-th cell in reading order, SE's index).
/// Read straight from the bits: the producers ask this for every house
/// and digit on every step.
pub(super) fn positions(house: House, cells: CellSet) -> u16 {
    let bits = cells.bits();
    let n = house.number() as u32;
    match house.kind() {
        // A row's cells are nine consecutive bits.
        HouseKind::Row => (bits >> (9 * n)) as u16 & 0x1ff,
        // A column's: one bit every nine.
        HouseKind::Col => {
            let column = bits >> n;
            (0..9).fold(0, |m, i| m | ((column >> (9 * i)) as u16 & 1) << i)
        }
        // A block's: three runs of three, one per row.
        HouseKind::Block => {
            let first = 27 * (n / 3) + 3 * (n % 3);
            (0..3).fold(0, |m, k| m | ((bits >> (first + 9 * k)) as u16 & 7) << (3 * k))
        }
    }
}

/// The cells of `house` at the positions of `mask`.
pub(super) fn cells_at(house: House, mask: u16) -> CellSet {
    let list = house.cell_list();
    (0..9).filter(|i| mask >> i & 1 == 1).map(|i| list[i]).collect()
}

/// Every set of `k` numbers out of 0..9 as a bit mask, in SE's order
/// (`tools/Permutations`: the masks in increasing numeric order).
#[cfg(test)]
pub(super) fn combinations(k: u32) -> impl Iterator<Item = u16> {
    combinations_within(k, 0x1ff)
}

/// The sets of `k` numbers out of those of `allowed`, in SE's order (the
/// masks in increasing numeric order). SE's scans visit every set out of
/// 0..9 and reject those holding a member that cannot belong (too few or
/// too many elements): leaving those members out beforehand keeps the
/// order of the sets that remain.
pub(super) fn combinations_within(k: u32, allowed: u16) -> impl Iterator<Item = u16> {
    let mut mask = 0u16;
    std::iter::from_fn(move || loop {
        // The next submask of `allowed` in increasing order.
        mask = mask.wrapping_sub(allowed) & allowed;
        if mask == 0 {
            return None;
        }
        if mask.count_ones() == k {
            return Some(mask);
        }
    })
}

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

/// The removals in the order SE lists them. SE keeps them in a hash map
/// keyed by cell whose hash is the cell's index (SukakuExplainer), so it
/// lists them by index modulo the table's size (16, doubled each time the
/// map passes three quarters full), and in insertion order within a
/// bucket. `entries` are in the order the producer found them.
pub(super) fn removals_in_se_order(entries: &[(Cell, DigitSet)]) -> Vec<Candidate> {
    let mut table = 16;
    while entries.len() > table * 3 / 4 {
        table *= 2;
    }
    let mut ordered: Vec<&(Cell, DigitSet)> = entries.iter().collect();
    ordered.sort_by_key(|(c, _)| c.index() & (table - 1));
    ordered.iter().flat_map(|&&(c, ds)| ds.iter().map(move |d| Candidate::new(c, d))).collect()
}

/// A hint that places `digit` in `cell` and removes nothing.
pub(super) fn placing(
    technique: &'static str,
    difficulty: f64,
    cell: Cell,
    digit: Digit,
    detail: impl Into<Detail>,
) -> Hint {
    Hint {
        technique: Cow::Borrowed(technique),
        difficulty,
        removals: Vec::new(),
        placement: Some((cell, digit)),
        detail: detail.into(),
        relies_on_absence: Vec::new(),
    }
}

/// A hint that removes candidates and places nothing.
pub(super) fn removing(
    technique: &'static str,
    difficulty: f64,
    removals: Vec<Candidate>,
    detail: impl Into<Detail>,
    relies_on_absence: Vec<(CellSet, DigitSet)>,
) -> Hint {
    let detail = detail.into();
    Hint { technique: Cow::Borrowed(technique), difficulty, removals, placement: None, detail, relies_on_absence }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_come_in_ses_order() {
        let pairs: Vec<u16> = combinations(2).take(4).collect();
        assert_eq!(pairs, vec![0b11, 0b101, 0b110, 0b1001]);
        assert_eq!(combinations(3).count(), 84);
        let within: Vec<u16> = combinations_within(2, 0b1_0010_0110).collect();
        let filtered: Vec<u16> = (0u16..512).filter(|m| m.count_ones() == 2 && m & !0b1_0010_0110 == 0).collect();
        assert_eq!(within, filtered);
        assert_eq!(combinations_within(3, 0b11).count(), 0);
    }

    #[test]
    fn positions_agree_with_the_cell_lists() {
        // Every house against a few scattered sets of cells.
        for seed in [0x1234_5678_9abc_def0_1357_9bdf_u128, 0xdead_beef_u128 << 40, (1u128 << 81) - 1] {
            let cells = CellSet::from_bits(seed & CellSet::ALL.bits());
            for house in House::all() {
                let slow = house
                    .cell_list()
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| cells.contains(**c))
                    .fold(0u16, |m, (i, _)| m | 1 << i);
                assert_eq!(positions(house, cells), slow, "{house}");
            }
        }
    }

    #[test]
    fn positions_read_a_house_in_reading_order() {
        let block = House::block(4);
        let cells: CellSet = [Cell::at(3, 3), Cell::at(5, 5)].into_iter().collect();
        assert_eq!(positions(block, cells), 0b1_0000_0001);
        assert_eq!(cells_at(block, 0b1_0000_0001), cells);
        assert_eq!(positions(House::row(5), cells), 1 << 5);
        assert_eq!(positions(House::col(3), cells), 1 << 3);
    }

    #[test]
    fn removals_follow_the_hash_buckets() {
        let one = DigitSet::single(Digit::new(4));
        // Cells 20 and 3: buckets 4 and 3 of 16.
        let found = removals_in_se_order(&[(Cell::new(20), one), (Cell::new(3), one)]);
        assert_eq!(found.iter().map(|c| c.cell.index()).collect::<Vec<_>>(), vec![3, 20]);
        // Cells 19 and 3 share bucket 3: insertion order stays.
        let found = removals_in_se_order(&[(Cell::new(19), one), (Cell::new(3), one)]);
        assert_eq!(found.iter().map(|c| c.cell.index()).collect::<Vec<_>>(), vec![19, 3]);
    }
}
