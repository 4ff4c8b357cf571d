//! Naked and hidden sets (SE's `NakedSet(n)` and `HiddenSet(n, false)`):
//! pairs, triplets and quads.

use super::producer::{Locality, Producer, Window};
use super::scan::{removals_in_se_order, removing, union_at};
use super::se_step::SeStep;
use super::technique::SeTechnique;
use super::wording::Detail;
use crate::algo::combinations::Order;
use crate::algo::locked_sets::{hidden_sets, naked_sets};
use crate::model::grid::Grid;
use crate::model::house_order::HouseOrder;
use crate::model::sets::DigitSet;
use std::ops::ControlFlow;

/// `degree` cells of a house with `degree` candidates between them: the
/// rest of the house loses those digits (3.0, 3.6, 5.0). The house needs
/// at least twice `degree` empty cells; blocks, columns, rows; cell
/// combinations in SE's order.
pub(crate) struct NakedSet {
    /// 2, 3 or 4.
    pub(crate) degree: u32,
}

impl Producer for NakedSet {
    fn hints(&self, grid: &Grid, sink: &mut dyn FnMut(SeStep) -> ControlFlow<()>) -> ControlFlow<()> {
        self.hints_in(grid, Window::ALL, sink)
    }

    fn locality(&self) -> Option<Locality> {
        Some(Locality::House(SeTechnique::NAKED_SETS[self.degree as usize - 2]))
    }

    fn hints_in(
        &self,
        grid: &Grid,
        window: Window,
        sink: &mut dyn FnMut(SeStep) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let technique = SeTechnique::NAKED_SETS[self.degree as usize - 2];
        let empty = grid.empty_cells();
        for house in HouseOrder::BOXES_COLS_ROWS.houses() {
            if !window.holds(house) || house.cells().intersection(empty).len() < 2 * self.degree {
                continue;
            }
            let list = house.cell_list();
            let candidates: [u16; 9] = std::array::from_fn(|i| grid.candidates(list[i]).bits());
            for (tuple, digits) in naked_sets(&candidates, self.degree as usize, Order::Colex) {
                let tuple = tuple as u16;
                if union_at(&candidates, 0x1ff & !tuple) & digits.bits() == 0 {
                    // A naked set that removes nothing.
                    continue;
                }
                let cells = house.cells_at(tuple);
                // SE's rule parents: the set's cells must have lost every
                // other digit (in a nested search, one of them gone there).
                let others = DigitSet::ALL.difference(digits);
                if others.iter().all(|d| window.lost(d).intersection(cells).is_empty()) {
                    continue;
                }
                let entries: Vec<_> = (0..9)
                    .filter(|i| tuple >> i & 1 == 0)
                    .map(|i| (list[i], grid.candidates(list[i]).intersection(digits)))
                    .filter(|(_, ds)| !ds.is_empty())
                    .collect();
                if entries.is_empty() {
                    continue;
                }
                let detail = Detail::Set { cells, digits, house };
                let relies = vec![(cells, others)];
                sink(removing(technique, removals_in_se_order(&entries), detail, relies))?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// `degree` digits of a house confined to `degree` cells: those cells
/// lose every other digit (3.4, 4.0, 5.4). The house needs more than
/// twice `degree` empty cells (so a hidden quad needs nine).
pub(crate) struct HiddenSet {
    /// 2, 3 or 4.
    pub(crate) degree: u32,
}

impl Producer for HiddenSet {
    fn hints(&self, grid: &Grid, sink: &mut dyn FnMut(SeStep) -> ControlFlow<()>) -> ControlFlow<()> {
        self.hints_in(grid, Window::ALL, sink)
    }

    fn locality(&self) -> Option<Locality> {
        Some(Locality::House(SeTechnique::HIDDEN_SETS[self.degree as usize - 2]))
    }

    fn hints_in(
        &self,
        grid: &Grid,
        window: Window,
        sink: &mut dyn FnMut(SeStep) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let technique = SeTechnique::HIDDEN_SETS[self.degree as usize - 2];
        let empty = grid.empty_cells();
        for house in HouseOrder::BOXES_COLS_ROWS.houses() {
            if !window.holds(house) || house.cells().intersection(empty).len() <= 2 * self.degree {
                continue;
            }
            for (digits, set_positions) in hidden_sets(grid, house, self.degree as usize, Order::Colex) {
                let cells = house.cells_at(set_positions);
                // SE's rule parents: the set's digits must have left the
                // rest of the house (in a nested search, one of them there).
                let rest = house.cells().difference(cells);
                if cells.iter().all(|c| grid.candidates(c).difference(digits).is_empty())
                    || digits.iter().all(|d| window.lost(d).intersection(rest).is_empty())
                {
                    // A hidden set that removes nothing, or relies on nothing lost.
                    continue;
                }
                let entries: Vec<_> = cells
                    .iter()
                    .map(|c| (c, grid.candidates(c).difference(digits)))
                    .filter(|(_, ds)| !ds.is_empty())
                    .collect();
                if entries.is_empty() {
                    continue;
                }
                let detail = Detail::Set { cells, digits, house };
                let relies = vec![(rest, digits)];
                sink(removing(technique, removals_in_se_order(&entries), detail, relies))?;
            }
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::technique::testing::marks;
    use crate::model::cell::Candidate;
    use crate::model::cell::{Cell, Digit};
    use crate::model::grid::House;

    #[test]
    fn a_naked_pair_in_a_row() {
        let g = marks(&[(8, 1, "17"), (8, 4, "17")]);
        let hint = NakedSet { degree: 2 }.first(&g).unwrap();
        assert_eq!(hint.text(), "Naked Pair: Cells r8c1,r8c4: 1,7 in row");
        assert_eq!(hint.difficulty, 3.0);
        assert_eq!(hint.removals.len(), 14);
        assert!(hint.removals.contains(&Candidate::new(Cell::at(7, 8), Digit::new(7))));
        let others: DigitSet = [2, 3, 4, 5, 6, 8, 9].into_iter().map(Digit::new).collect();
        assert_eq!(hint.relies_on_absence, vec![(House::row(7).cells_at(0b1001), others)]);
        assert_eq!(NakedSet { degree: 3 }.first(&g), None);
    }

    #[test]
    fn a_naked_quad_in_a_row() {
        let g = marks(&[(1, 1, "12"), (1, 2, "23"), (1, 3, "34"), (1, 4, "14")]);
        let hint = NakedSet { degree: 4 }.first(&g).unwrap();
        assert_eq!(hint.text(), "Naked Quad: Cells r1c1,r1c2,r1c3,r1c4: 1,2,3,4 in row");
        assert_eq!(hint.difficulty, 5.0);
        assert_eq!(hint.removals.len(), 20);
        assert_eq!(NakedSet { degree: 2 }.first(&g), None);
    }

    #[test]
    fn no_naked_set_without_pairs() {
        assert_eq!(NakedSet { degree: 2 }.first(&marks(&[])), None);
    }

    #[test]
    fn a_hidden_pair_in_a_column() {
        // 3 and 6 only in r2c1 and r8c1 of column 1.
        let mut g = marks(&[]);
        for row in [0, 2, 3, 4, 5, 6, 8] {
            g.eliminate(Cell::at(row, 0), Digit::new(3));
            g.eliminate(Cell::at(row, 0), Digit::new(6));
        }
        let hint = HiddenSet { degree: 2 }.first(&g).unwrap();
        assert_eq!(hint.text(), "Hidden Pair: Cells r2c1,r8c1: 3,6 in column");
        assert_eq!(hint.difficulty, 3.4);
        assert_eq!(hint.removals.len(), 14);
        let pair: DigitSet = [3, 6].into_iter().map(Digit::new).collect();
        let rest = House::col(0).cells().difference(House::col(0).cells_at(0b1000_0010));
        assert_eq!(hint.relies_on_absence, vec![(rest, pair)]);
    }

    #[test]
    fn a_hidden_quad_needs_a_house_with_nine_empty_cells() {
        // 1 to 4 in row 1 only in r1c1..r1c4.
        let mut g = marks(&[]);
        for col in 4..9 {
            for d in 1..=4 {
                g.eliminate(Cell::at(0, col), Digit::new(d));
            }
        }
        let hint = HiddenSet { degree: 4 }.first(&g).unwrap();
        assert_eq!(hint.text(), "Hidden Quad: Cells r1c1,r1c2,r1c3,r1c4: 1,2,3,4 in row");
        assert_eq!(hint.difficulty, 5.4);
        assert_eq!(hint.removals.len(), 20);
        g.place(Cell::at(0, 8), Digit::new(9));
        assert_eq!(HiddenSet { degree: 4 }.first(&g), None);
    }

    /// In a nested search, a naked or hidden set counts only where the
    /// search took out a candidate the set relies on being gone: the window
    /// of the losses keeps such a set and skips one relying on no loss.
    #[test]
    fn a_scope_of_losses_keeps_only_sets_relying_on_them() {
        use crate::se_rating::producer::texts_relying_on_losses as texts;
        let naked = marks(&[(8, 1, "17"), (8, 4, "17")]);
        let pair = NakedSet { degree: 2 };
        assert_eq!(texts(&pair, &marks(&[]), &naked), vec!["Naked Pair: Cells r8c1,r8c4: 1,7 in row"]);
        assert!(texts(&pair, &naked, &naked).is_empty(), "nothing lost");
        let mut lost_elsewhere = naked.clone();
        lost_elsewhere.eliminate(Cell::at(7, 8), Digit::new(2));
        assert!(texts(&pair, &naked, &lost_elsewhere).is_empty(), "the pair's cells lost nothing");

        let mut hidden = marks(&[]);
        for row in [0, 2, 3, 4, 5, 6, 8] {
            hidden.eliminate(Cell::at(row, 0), Digit::new(3));
            hidden.eliminate(Cell::at(row, 0), Digit::new(6));
        }
        let pair = HiddenSet { degree: 2 };
        assert_eq!(texts(&pair, &marks(&[]), &hidden), vec!["Hidden Pair: Cells r2c1,r8c1: 3,6 in column"]);
        assert!(texts(&pair, &hidden, &hidden).is_empty(), "nothing lost");
        let mut lost_inside = hidden.clone();
        lost_inside.eliminate(Cell::at(1, 0), Digit::new(5));
        assert!(texts(&pair, &hidden, &lost_inside).is_empty(), "3 and 6 lost nothing in the rest of the column");
    }

    #[test]
    fn no_hidden_pair_that_removes_nothing() {
        let mut g = marks(&[(2, 1, "36"), (8, 1, "36")]);
        for row in [0, 2, 3, 4, 5, 6, 8] {
            g.eliminate(Cell::at(row, 0), Digit::new(3));
            g.eliminate(Cell::at(row, 0), Digit::new(6));
        }
        assert_eq!(HiddenSet { degree: 2 }.first(&g), None);
    }
}
