//! The singles: full house and hidden single (SE's `HiddenSingle`, direct
//! producer 1) and naked single (`NakedSingle`, direct producer 4).

use super::hint::Hint;
use super::producer::Producer;
use super::scan::{blocks_cols_rows, placing};
use super::wording::kind_word;
use crate::grid::{Grid, HouseKind};
use crate::sets::DigitSet;
use std::ops::ControlFlow;

/// A digit with one place left in a house. SE looks first for houses with
/// one empty cell left (full house, 1.0), then for the other hidden
/// singles; each pass visits blocks, columns, rows, digits 1 to 9. So a
/// hidden single in a block (1.2) always comes before one in a line (1.5).
pub(crate) struct HiddenSingles;

impl Producer for HiddenSingles {
    fn hints(&self, grid: &Grid, sink: &mut dyn FnMut(Hint) -> ControlFlow<()>) -> ControlFlow<()> {
        let empty = grid.empty_cells();
        for full_house_pass in [true, false] {
            for house in blocks_cols_rows() {
                let full_house = house.cells().intersection(empty).len() == 1;
                if full_house != full_house_pass {
                    continue;
                }
                // The digits with exactly one place in the house, counted
                // over its cells' candidates.
                let list = house.cell_list();
                let (mut once, mut twice) = (0u16, 0u16);
                for cell in list {
                    let digits = grid.candidates(cell).bits();
                    twice |= once & digits;
                    once |= digits;
                }
                for digit in DigitSet::from_bits(once & !twice).iter() {
                    let cell = *list.iter().find(|c| grid.has_candidate(**c, digit)).expect("one place");
                    let difficulty = match (full_house, house.kind()) {
                        (true, _) => 1.0,
                        (false, HouseKind::Block) => 1.2,
                        (false, _) => 1.5,
                    };
                    let detail = format!("{cell}: {} in {}", digit.get(), kind_word(house));
                    sink(placing("Hidden Single", difficulty, cell, digit, detail))?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// A cell with one candidate left (2.3), cells in reading order. SE asks
/// for it only after the hidden singles and the first direct techniques.
pub(crate) struct NakedSingles;

impl Producer for NakedSingles {
    fn hints(&self, grid: &Grid, sink: &mut dyn FnMut(Hint) -> ControlFlow<()>) -> ControlFlow<()> {
        for cell in grid.cells_holding(1..=1).iter() {
            let digit = grid.candidates(cell).first().expect("one candidate");
            sink(placing("Naked Single", 2.3, cell, digit, format!("{cell}: {}", digit.get())))?;
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Cell, Digit};
    use crate::technique::testing::grid;

    #[test]
    fn a_block_hidden_single_comes_first() {
        // Reference puzzle R0001 (Norvig's easy50 #1); se-steps' first step.
        let g = grid("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..");
        let hint = HiddenSingles.first(&g).unwrap();
        assert_eq!(hint.text(), "Hidden Single: r2c2: 6 in block");
        assert_eq!(hint.difficulty, 1.2);
        assert_eq!(hint.placement, Some((Cell::at(1, 1), Digit::new(6))));
        assert!(hint.removals.is_empty());
    }

    #[test]
    fn a_full_house_beats_a_block_hidden_single() {
        // R0001's grid with row 1 filled from its solution (483921657) but
        // for r1c1: a full house of row 1, with block singles left too.
        let mut g = grid("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..");
        for (c, d) in [(1, 8), (3, 9), (5, 1), (7, 5), (8, 7)] {
            g.place(Cell::at(0, c), Digit::new(d));
        }
        let hint = HiddenSingles.first(&g).unwrap();
        assert_eq!(hint.text(), "Hidden Single: r1c1: 4 in row");
        assert_eq!(hint.difficulty, 1.0);
    }

    #[test]
    fn no_hidden_single_in_an_empty_grid() {
        assert_eq!(HiddenSingles.first(&Grid::empty()), None);
        assert_eq!(NakedSingles.first(&Grid::empty()), None);
    }

    #[test]
    fn a_naked_single_in_reading_order() {
        let mut g = Grid::empty();
        for d in 1..=8 {
            g.eliminate(Cell::at(4, 4), Digit::new(d));
            g.eliminate(Cell::at(2, 7), Digit::new(d + 1));
        }
        let hint = NakedSingles.first(&g).unwrap();
        assert_eq!(hint.text(), "Naked Single: r3c8: 1");
        assert_eq!(hint.difficulty, 2.3);
        assert_eq!(hint.placement, Some((Cell::at(2, 7), Digit::new(1))));
    }
}
