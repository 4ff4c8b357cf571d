//! The orders in which searches visit the houses, as data. Each engine
//! visits them kind by kind (each kind's nine in index order) and reads a
//! cell's three houses in the same order of kinds; which order it is
//! decides which of two findings comes first, so the explained path and
//! Sudoku Explainer's each name theirs. The index order (rows, columns,
//! boxes) is [`House::all`] and [`Cell::houses`].

use crate::model::cell::Cell;
use crate::model::grid::{House, HouseKind};

/// An order of the three kinds of house, and the 27 houses in it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct HouseOrder {
    kinds: [HouseKind; 3],
    houses: [House; 27],
}

impl HouseOrder {
    /// Boxes, columns, rows: Sudoku Explainer's scan of the houses (its
    /// singles, subsets and direct hidden sets).
    pub(crate) const BOXES_COLS_ROWS: HouseOrder =
        HouseOrder::of_kinds([HouseKind::Block, HouseKind::Col, HouseKind::Row]);
    /// Boxes, rows, columns: Sudoku Explainer's order of "the regions of a
    /// cell" (its loops, BUGs and chains), and the explained path's order
    /// of singles (a single in a box is the easier find).
    pub(crate) const BOXES_ROWS_COLS: HouseOrder =
        HouseOrder::of_kinds([HouseKind::Block, HouseKind::Row, HouseKind::Col]);

    const fn of_kinds(kinds: [HouseKind; 3]) -> HouseOrder {
        let mut houses = [House::row(0); 27];
        let mut i = 0;
        while i < 27 {
            houses[i] = House::of(kinds[i / 9], (i % 9) as u8);
            i += 1;
        }
        HouseOrder { kinds, houses }
    }

    /// The 27 houses, in order.
    pub(crate) fn houses(self) -> impl Iterator<Item = House> {
        self.houses.into_iter()
    }

    /// The three houses of `cell`, in order.
    #[inline]
    pub(crate) fn of(self, cell: Cell) -> [House; 3] {
        self.kinds.map(|kind| cell.house(kind))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_order_goes_kind_by_kind() {
        let first_of_each = |order: HouseOrder| [0, 9, 18].map(|i| order.houses().nth(i).unwrap());
        assert_eq!(first_of_each(HouseOrder::BOXES_COLS_ROWS), [House::block(0), House::col(0), House::row(0)]);
        assert_eq!(first_of_each(HouseOrder::BOXES_ROWS_COLS), [House::block(0), House::row(0), House::col(0)]);
        assert!(HouseOrder::BOXES_COLS_ROWS.houses().skip(9).take(9).eq(House::cols()));
    }

    #[test]
    fn a_cell_s_houses_come_in_the_order_s_kinds() {
        let cell = Cell::at(3, 7);
        let (row, col, block) = (House::row(3), House::col(7), House::block(5));
        assert_eq!(cell.houses(), [row, col, block]);
        assert_eq!(cell.houses().map(|h| cell.house(h.kind())), cell.houses());
        assert_eq!(HouseOrder::BOXES_ROWS_COLS.of(cell), [block, row, col]);
        assert_eq!(HouseOrder::BOXES_COLS_ROWS.of(cell), [block, col, row]);
    }
}
