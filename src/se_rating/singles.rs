//! The singles: full house and hidden single (SE's `HiddenSingle`, direct
//! producer 1) and naked single (`NakedSingle`, direct producer 4).

use super::producer::Producer;
use super::scan::placing;
use super::se_step::SeStep;
use super::technique::{SeTechnique, SingleHouse};
use crate::model::grid::{Grid, HouseKind};
use crate::model::house_order::HouseOrder;
use std::ops::ControlFlow;

/// A digit with one place left in a house. SE looks first for houses with
/// one empty cell left (full house, 1.0), then for the other hidden
/// singles; each pass visits blocks, columns, rows, digits 1 to 9. So a
/// hidden single in a block (1.2) always comes before one in a line (1.5).
pub(crate) struct HiddenSingles;

impl Producer for HiddenSingles {
    fn hints(&self, grid: &Grid, sink: &mut dyn FnMut(SeStep) -> ControlFlow<()>) -> ControlFlow<()> {
        let empty = grid.empty_cells();
        for full_house_pass in [true, false] {
            for house in HouseOrder::BOXES_COLS_ROWS.houses() {
                let full_house = house.cells().intersection(empty).len() == 1;
                if full_house != full_house_pass {
                    continue;
                }
                let list = house.cell_list();
                for digit in grid.digits_with_one_place(house).iter() {
                    let cell = *list.iter().find(|c| grid.has_candidate(**c, digit)).expect("one place");
                    let single_house = match (full_house, house.kind()) {
                        (true, _) => SingleHouse::FullHouse,
                        (false, HouseKind::Block) => SingleHouse::Block,
                        (false, _) => SingleHouse::Line,
                    };
                    let detail = format!("{cell}: {} in {}", digit.get(), house.kind().se_word());
                    sink(placing(SeTechnique::HiddenSingle(single_house), cell, digit, detail))?;
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
    fn hints(&self, grid: &Grid, sink: &mut dyn FnMut(SeStep) -> ControlFlow<()>) -> ControlFlow<()> {
        for cell in grid.cells_holding(1..=1).iter() {
            let digit = grid.candidates(cell).first().expect("one candidate");
            sink(placing(SeTechnique::NakedSingle, cell, digit, format!("{cell}: {}", digit.get())))?;
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::technique::testing::grid;
    use crate::model::cell::{Cell, Digit};

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
