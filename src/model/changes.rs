//! What changed from one grid to a later one. Both engines skip the
//! searches that found nothing before and read nothing that changed since:
//! the explained path's driver (by digit, by house, by cells) and SE's
//! producers whose hints lie in one digit or one house.

use crate::model::cell::Digit;
use crate::model::grid::{Grid, House};
use crate::model::sets::{CellSet, DigitSet};

/// The digits whose candidates or placements differ between two grids,
/// and the cells whose candidates or value differ.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Changes {
    /// The digits that changed.
    pub(crate) digits: DigitSet,
    /// The cells that changed.
    pub(crate) cells: CellSet,
}

impl Changes {
    /// What differs between `then` and `now`, read a digit at a time: this
    /// runs at every step of a solve and every stall of a nested search.
    pub(crate) fn between(then: &Grid, now: &Grid) -> Changes {
        let (mut digits, mut cells) = (0u16, 0u128);
        for d in Digit::all() {
            let moved =
                (then.cells_with(d).bits() ^ now.cells_with(d).bits()) | (then.placed(d).bits() ^ now.placed(d).bits());
            // No branch per digit: which ones changed follows no pattern.
            digits |= u16::from(moved != 0) << d.index();
            cells |= moved;
        }
        Changes { digits: DigitSet::from_bits(digits), cells: CellSet::from_bits(cells) }
    }

    /// The houses with a changed cell, a bit per house index.
    pub(crate) fn houses(self) -> u32 {
        if self.cells.is_empty() {
            return 0;
        }
        (0..27)
            .fold(0, |bits, h| bits | u32::from(!House::from_index(h).cells().intersection(self.cells).is_empty()) << h)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::cell::Cell;

    /// A grid a few steps along from the empty one: placements, and
    /// eliminations in cells left open.
    fn later(steps: &[(u8, u8, bool)]) -> Grid {
        let mut grid = Grid::empty();
        for &(cell, digit, place) in steps {
            if place {
                grid.place(Cell::new(cell), Digit::new(digit));
            } else {
                grid.eliminate(Cell::new(cell), Digit::new(digit));
            }
        }
        grid
    }

    /// The cells that changed are those whose candidates or value differ,
    /// the digits those of a candidate or placement that differs, and the
    /// houses those holding such a cell; nothing between a grid and itself.
    #[test]
    fn changes_are_read_cell_by_cell_alike() {
        let then = later(&[(0, 1, true), (40, 5, false)]);
        let now = later(&[(0, 1, true), (40, 5, false), (80, 9, true), (10, 3, false), (12, 3, false)]);
        let changes = Changes::between(&then, &now);
        let by_cell: CellSet =
            Cell::all().filter(|&c| then.candidates(c) != now.candidates(c) || then.value(c) != now.value(c)).collect();
        assert_eq!(changes.cells, by_cell);
        let by_digit: DigitSet = Digit::all()
            .filter(|&d| Cell::all().any(|c| then.has_candidate(c, d) != now.has_candidate(c, d)))
            .collect();
        assert_eq!(changes.digits, by_digit);
        assert!(changes.digits.contains(Digit::new(9)) && changes.digits.contains(Digit::new(3)));
        let houses = by_cell.iter().flat_map(|c| c.houses()).fold(0u32, |bits, h| bits | 1 << h.index());
        assert_eq!(changes.houses(), houses);
        let none = Changes::between(&now, &now);
        assert_eq!((none.digits, none.cells, none.houses()), (DigitSet::EMPTY, CellSet::EMPTY, 0));
    }

    /// A placement changes its digit even where the cell had lost it as a
    /// candidate (a grid read with its values only).
    #[test]
    fn a_placement_is_a_change_of_its_digit() {
        let mut then = Grid::empty();
        then.eliminate(Cell::new(4), Digit::new(7));
        let mut now = then.clone();
        now.place(Cell::new(4), Digit::new(7));
        let changes = Changes::between(&then, &now);
        assert!(changes.digits.contains(Digit::new(7)));
        assert!(changes.cells.contains(Cell::new(4)));
    }
}
