//! Locked sets, which the subset and fish searches of both engines look
//! for: `k` cells of a house holding `k` digits between them (a naked set),
//! `k` digits with `k` places between them in a house (a hidden set), `k`
//! lines where a digit's places lie in `k` crossing lines (a fish). Each
//! comes in the order the caller names (see [`Order`]).

use crate::algo::combinations::{subsets, subsets_of, Order};
use crate::model::cell::Digit;
use crate::model::grid::{Grid, House};
use crate::model::sets::{CellSet, DigitSet};

/// Each set of `k` members whose masks (`masks[i]`) together have exactly
/// `k` bits, the members with `fewest` to `k` bits taking part: as a mask
/// of their indices, and the union.
pub(crate) fn locked_sets(
    masks: &[u16],
    k: usize,
    fewest: usize,
    order: Order,
) -> impl Iterator<Item = (u32, u16)> + '_ {
    let members = (0..masks.len())
        .filter(|&i| (fewest..=k).contains(&(masks[i].count_ones() as usize)))
        .fold(0u32, |m, i| m | 1 << i);
    subsets(members, masks, k, k as u32, order).filter(move |(_, union)| union.count_ones() as usize == k)
}

/// Each naked set of `k` cells, the cells given by their candidates
/// (`candidates[i]`, a digit mask; those with 2 to `k` candidates take
/// part): the cells as a mask of their indices, and their `k` digits.
pub(crate) fn naked_sets(candidates: &[u16], k: usize, order: Order) -> impl Iterator<Item = (u32, DigitSet)> + '_ {
    locked_sets(candidates, k, 2, order).map(|(cells, union)| (cells, DigitSet::from_bits(union)))
}

/// Each hidden set of `k` digits in `house`: digits with 2 to `k` places
/// there whose places together are `k` cells. Gives the digits, and their
/// places as positions in the house (see [`House::positions`]).
pub(crate) fn hidden_sets(grid: &Grid, house: House, k: usize, order: Order) -> impl Iterator<Item = (DigitSet, u16)> {
    // Each digit's places as cells: counting and joining them so is cheaper
    // than reading them as positions, which only a set found needs (this
    // runs at every stall of SE's nested chains).
    let cells = house.cells();
    let places: [CellSet; 9] = std::array::from_fn(|i| grid.cells_with(Digit::from_index(i)).intersection(cells));
    let members = (0..9).filter(|&i| (2..=k).contains(&(places[i].len() as usize))).fold(0u32, |m, i| m | 1 << i);
    subsets_of(members, k, order).filter_map(move |digits| {
        let mut union = CellSet::EMPTY;
        let mut rest = digits;
        while rest != 0 {
            union = union.union(places[rest.trailing_zeros() as usize]);
            rest &= rest - 1;
        }
        (union.len() as usize == k).then(|| (DigitSet::from_bits(digits as u16), house.positions(union)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::technique::testing::marks;

    /// Row 1 with the candidates of `cells` (digit strings); every other
    /// cell of the grid keeps all nine.
    fn row_one(cells: [&str; 9]) -> Grid {
        marks(&std::array::from_fn::<_, 9, _>(|col| (1, col as u8 + 1, cells[col])))
    }

    #[test]
    fn naked_sets_come_in_the_order_asked() {
        // Pairs {0,2} and {1,3} hold 12 and 34; {0,2,4}-like triples none.
        let candidates = [0b11, 0b1100, 0b11, 0b1100, 0b1_1111, 0b1, 0b110000, 0b110000, 0b1_1111_1111];
        let pairs = |order| naked_sets(&candidates, 2, order).map(|(cells, _)| cells).collect::<Vec<_>>();
        // {0,2} = 0b101 and {1,3} = 0b1010; {6,7} = 0b1100_0000.
        assert_eq!(pairs(Order::Lexicographic), [0b101, 0b1010, 0b1100_0000]);
        assert_eq!(pairs(Order::Colex), [0b101, 0b1010, 0b1100_0000]);
        let triples = |order| naked_sets(&candidates, 3, order).map(|(cells, _)| cells).collect::<Vec<_>>();
        // Three cells of 34, 34, 56 are no set; 12, 12 and 34 are not either.
        assert!(triples(Order::Colex).is_empty());
        let digits: Vec<DigitSet> = naked_sets(&candidates, 2, Order::Colex).map(|(_, d)| d).collect();
        assert_eq!(digits[1].to_string(), "34");
    }

    #[test]
    fn naked_sets_of_one_size_differ_in_order_past_the_first_two() {
        // Four cells holding 1 and 2 (an impossible house, but every pair
        // of them is a naked pair): {0,1}, {0,2}, then {0,3} or {1,2}.
        let candidates = [0b11; 4];
        let pairs = |order| naked_sets(&candidates, 2, order).map(|(cells, _)| cells).collect::<Vec<_>>();
        assert_eq!(pairs(Order::Lexicographic), [0b0011, 0b0101, 0b1001, 0b0110, 0b1010, 0b1100]);
        assert_eq!(pairs(Order::Colex), [0b0011, 0b0101, 0b0110, 0b1001, 0b1010, 0b1100]);
    }

    #[test]
    fn hidden_sets_are_digits_confined_to_as_many_cells() {
        // In row 1, 1 and 2 only in c1, c2; 3 and 4 only in c5, c6; 7, 8
        // and 9 everywhere.
        let grid = row_one(["12789", "12789", "789", "789", "34789", "34789", "789", "789", "789"]);
        let digits = |d: &[u8]| d.iter().map(|&d| Digit::new(d)).collect::<DigitSet>();
        let pairs: Vec<(DigitSet, u16)> = hidden_sets(&grid, House::row(0), 2, Order::Colex).collect();
        assert_eq!(pairs, [(digits(&[1, 2]), 0b11), (digits(&[3, 4]), 0b11_0000)]);
        assert_eq!(hidden_sets(&grid, House::row(0), 3, Order::Colex).count(), 0);
        assert_eq!(hidden_sets(&grid, House::col(0), 2, Order::Colex).count(), 0);
    }

    #[test]
    fn hidden_sets_of_one_size_differ_in_order_past_the_first_two() {
        // 1, 2, 3 and 4 only in c1 and c2 (impossible, but every two of
        // them are a hidden pair): {1,2}, {1,3}, then {1,4} or {2,3}.
        let grid = row_one(["123456789", "123456789", "56789", "56789", "56789", "56789", "56789", "56789", "56789"]);
        let found = |order| hidden_sets(&grid, House::row(0), 2, order).map(|(d, _)| d.bits()).collect::<Vec<_>>();
        assert_eq!(found(Order::Lexicographic), [0b0011, 0b0101, 0b1001, 0b0110, 0b1010, 0b1100]);
        assert_eq!(found(Order::Colex), [0b0011, 0b0101, 0b0110, 0b1001, 0b1010, 0b1100]);
    }
}
