//! The direct techniques that are not singles: Direct Pointing / Claiming
//! (SE's `Locking(true)`, direct producer 2) and Direct Hidden Pair /
//! Triplet (`HiddenSet(n, true)`, direct producers 3 and 5).
//!
//! Each finds a pattern whose eliminations would leave a hidden single,
//! and only places that single: the eliminations themselves are not
//! applied (SE hands its hint an empty removal map), so they may be found
//! again later as an ordinary hint.

use super::locking::{crossing, each_locked};
use super::producer::{Locality, Producer, Window};
use super::scan::placing;
use super::se_step::SeStep;
use super::technique::SeTechnique;
use super::wording::{cells_text, digits_text};
use crate::algo::combinations::Order;
use crate::algo::locked_sets::hidden_sets;
use crate::model::cell::Digit;
use crate::model::grid::{Grid, HouseKind};
use crate::model::house_order::HouseOrder;
use std::ops::ControlFlow;

/// A locked candidate whose eliminations leave the digit one place in
/// another house of the *first* house's kind crossing the second (the
/// other blocks of the band or stack, or the other lines through the
/// block): that place is the hint (1.7 from a block, 1.9 from a line).
pub(crate) struct DirectLocking;

impl Producer for DirectLocking {
    fn hints(&self, grid: &Grid, sink: &mut dyn FnMut(SeStep) -> ControlFlow<()>) -> ControlFlow<()> {
        self.hints_in(grid, Window::ALL, sink)
    }

    fn locality(&self) -> Option<Locality> {
        Some(Locality::Digit(SeTechnique::DirectPointing))
    }

    fn hints_in(
        &self,
        grid: &Grid,
        window: Window,
        sink: &mut dyn FnMut(SeStep) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        each_locked(grid, window, &mut |from, to, digit| {
            // The other houses of `from`'s kind crossing `to`.
            for other in crossing(to, from.kind()) {
                if other == from {
                    continue;
                }
                let places = grid.house_cells_with(other, digit);
                let left = places.difference(to.cells());
                if places.len() < 2 || left.len() != 1 {
                    continue;
                }
                let cell = left.first().expect("one place left");
                let technique = match from.kind() {
                    HouseKind::Block => SeTechnique::DirectPointing,
                    _ => SeTechnique::DirectClaiming,
                };
                let locked = grid.house_cells_with(from, digit);
                let detail = format!(
                    "{}: {} of {} in {}",
                    cells_text(locked.iter()),
                    digit.get(),
                    from.kind().se_word(),
                    to.kind().se_word()
                );
                sink(placing(technique, cell, digit, detail))?;
            }
            ControlFlow::Continue(())
        })
    }
}

/// A hidden pair or triplet in a house whose cells, taken away, leave
/// another digit one place in the same house: that place is the hint
/// (2.0 for a pair, 2.5 for a triplet). The house needs more empty cells
/// than the set's size; each set offers its first such digit only.
pub(crate) struct DirectHiddenSet {
    /// 2 for pairs, 3 for triplets.
    pub(crate) degree: u32,
}

impl Producer for DirectHiddenSet {
    fn hints(&self, grid: &Grid, sink: &mut dyn FnMut(SeStep) -> ControlFlow<()>) -> ControlFlow<()> {
        self.hints_in(grid, Window::ALL, sink)
    }

    fn locality(&self) -> Option<Locality> {
        Some(Locality::House(SeTechnique::DIRECT_HIDDEN_SETS[self.degree as usize - 2]))
    }

    fn hints_in(
        &self,
        grid: &Grid,
        window: Window,
        sink: &mut dyn FnMut(SeStep) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let technique = SeTechnique::DIRECT_HIDDEN_SETS[self.degree as usize - 2];
        let empty = grid.empty_cells();
        for house in HouseOrder::BOXES_COLS_ROWS.houses() {
            if !window.holds(house) || house.cells().intersection(empty).len() <= self.degree {
                continue;
            }
            for (digits, set_positions) in hidden_sets(grid, house, self.degree as usize, Order::Colex) {
                let single = Digit::all().filter(|d| !digits.contains(*d)).find_map(|d| {
                    let places = house.positions(grid.cells_with(d));
                    let left = places & !set_positions;
                    (places.count_ones() > 1 && left.count_ones() == 1).then(|| (house.cells_at(left), d))
                });
                let Some((cell, digit)) = single else {
                    continue;
                };
                let cell = cell.first().expect("one place left");
                let detail = format!(
                    "{}: {} in {}",
                    cells_text(house.cells_at(set_positions).iter()),
                    digits_text(digits),
                    house.kind().se_word()
                );
                sink(placing(technique, cell, digit, detail))?;
            }
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::technique::testing::marks;
    use crate::model::cell::Cell;
    use crate::model::grid::House;

    #[test]
    fn direct_pointing_places_the_single_it_leaves() {
        // 9 in block 8 (rows 7-9, columns 4-6) only in row 7; in block 7,
        // 9 only in row 7 and r8c2: the pointing leaves r8c2.
        let mut g = marks(&[]);
        let nine = Digit::new(9);
        for c in House::block(7).cells().iter().filter(|c| c.row() != 6) {
            g.eliminate(c, nine);
        }
        for c in House::block(6).cells().iter().filter(|c| c.row() != 6 && *c != Cell::at(7, 1)) {
            g.eliminate(c, nine);
        }
        let hint = DirectLocking.first(&g).unwrap();
        assert_eq!(hint.text(), "Direct Pointing: Cells r7c4,r7c5,r7c6: 9 of block in row");
        assert_eq!(hint.difficulty, 1.7);
        assert_eq!(hint.placement, Some((Cell::at(7, 1), nine)));
        assert!(hint.removals.is_empty());
    }

    #[test]
    fn no_direct_pointing_without_a_single_left() {
        let mut g = marks(&[]);
        for c in House::block(7).cells().iter().filter(|c| c.row() != 6) {
            g.eliminate(c, Digit::new(9));
        }
        assert_eq!(DirectLocking.first(&g), None);
    }

    #[test]
    fn direct_claiming_places_the_single_it_leaves() {
        // 5 placed in r3c5; in row 1 only in block 1; in row 2 in block 1
        // and r2c9: the claiming leaves r2c9 to row 2.
        let five = Digit::new(5);
        let mut g = marks(&[]);
        g.place(Cell::at(2, 4), five);
        for col in 6..9 {
            g.eliminate(Cell::at(0, col), five);
        }
        for col in 6..8 {
            g.eliminate(Cell::at(1, col), five);
        }
        let hint = DirectLocking.first(&g).unwrap();
        assert_eq!(hint.text(), "Direct Claiming: Cells r1c1,r1c2,r1c3: 5 of row in block");
        assert_eq!(hint.difficulty, 1.9);
        assert_eq!(hint.placement, Some((Cell::at(1, 8), five)));
        assert!(hint.removals.is_empty());
    }

    #[test]
    fn direct_hidden_pair_places_the_single_it_leaves() {
        // Row 1: 4 and 6 only in r1c1, r1c2; 8 only there and in r1c9.
        let mut g = marks(&[]);
        for col in 2..9 {
            g.eliminate(Cell::at(0, col), Digit::new(4));
            g.eliminate(Cell::at(0, col), Digit::new(6));
        }
        for col in 2..8 {
            g.eliminate(Cell::at(0, col), Digit::new(8));
        }
        // Keep block 1 from holding the pair: 4 and 6 elsewhere in it.
        let hint = DirectHiddenSet { degree: 2 }.first(&g).unwrap();
        assert_eq!(hint.text(), "Direct Hidden Pair: Cells r1c1,r1c2: 4,6 in row");
        assert_eq!(hint.difficulty, 2.0);
        assert_eq!(hint.placement, Some((Cell::at(0, 8), Digit::new(8))));
        assert!(hint.removals.is_empty());
        assert_eq!(DirectHiddenSet { degree: 3 }.first(&g), None);
    }
}
