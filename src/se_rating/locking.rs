//! Pointing and claiming (SE's `Locking(false)`, indirect producer 1), and
//! the scan of locked candidates that Direct Pointing / Claiming share.

use super::producer::{Locality, Producer, Window};
use super::scan::{removals_in_se_order, removing};
use super::se_step::SeStep;
use super::technique::SeTechnique;
use super::wording::Detail;
use crate::model::cell::Digit;
use crate::model::grid::{Grid, House, HouseKind};
use crate::model::sets::DigitSet;
use std::ops::ControlFlow;

/// The pairs of house kinds SE tries, in its order: pointing from a block
/// to a column, to a row; then claiming from a column, from a row.
const KIND_PAIRS: [(HouseKind, HouseKind); 4] = [
    (HouseKind::Block, HouseKind::Col),
    (HouseKind::Block, HouseKind::Row),
    (HouseKind::Col, HouseKind::Block),
    (HouseKind::Row, HouseKind::Block),
];

/// Offers every locked candidate in SE's order within `window` (its digits,
/// and for each the houses `from` holding a cell where a nested search
/// took it out): a digit whose places in `from` (two or more) all lie in
/// `to`, a crossing house of another kind.
/// For each pair of kinds: digits 1 to 9, then the pairs of houses. That
/// is SukakuExplainer's order, which the reference `se-steps` runs; SE
/// 1.2.1 took the pairs of houses outside the digits, which picks another
/// of two equal hints now and then but changes no rating of the fixture.
pub(super) fn each_locked(
    grid: &Grid,
    window: Window,
    found: &mut dyn FnMut(House, House, Digit) -> ControlFlow<()>,
) -> ControlFlow<()> {
    for (from_kind, to_kind) in KIND_PAIRS {
        for digit in window.digits.iter() {
            let digit_cells = grid.cells_with(digit);
            let lost = window.lost(digit);
            for from in House::of_kind(from_kind).filter(|h| !h.cells().intersection(lost).is_empty()) {
                if from_kind == HouseKind::Col {
                    // A column's places, kept as cells (reading them as
                    // positions costs more): the blocks it crosses are
                    // its parts in the three bands.
                    let places = digit_cells.intersection(from.cells());
                    if places.len() < 2 {
                        continue;
                    }
                    for (i, to) in crossing(from, to_kind).into_iter().enumerate() {
                        let band = ((1u128 << 27) - 1) << (27 * i);
                        if places.bits() & !band == 0 {
                            found(from, to, digit)?;
                        }
                    }
                    continue;
                }
                let places = from.positions(digit_cells);
                if places.count_ones() < 2 {
                    continue;
                }
                // Only the three houses of the other kind that cross
                // `from` can hold its places, in SE's (increasing) order;
                // the `i`-th of them holds these positions of `from`.
                for i in 0..3 {
                    let inside = if to_kind == HouseKind::Col { 0b001_001_001 << i } else { 0b111 << (3 * i) };
                    if places & !inside == 0 {
                        found(from, crossing(from, to_kind)[i], digit)?;
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// The three houses of kind `kind` that cross `house` (of another kind,
/// one of them a block), in increasing index.
pub(super) fn crossing(house: House, kind: HouseKind) -> [House; 3] {
    let n = house.number();
    match (house.kind(), kind) {
        (HouseKind::Block, HouseKind::Col) => std::array::from_fn(|i| House::col(3 * (n % 3) + i as u8)),
        (HouseKind::Block, HouseKind::Row) => std::array::from_fn(|i| House::row(3 * (n / 3) + i as u8)),
        (HouseKind::Col, HouseKind::Block) => std::array::from_fn(|i| House::block(n / 3 + 3 * i as u8)),
        (HouseKind::Row, HouseKind::Block) => std::array::from_fn(|i| House::block(3 * (n / 3) + i as u8)),
        _ => panic!("no three crossing houses between {house} and a {kind:?}"),
    }
}

/// A digit locked in the crossing of two houses leaves the rest of the
/// second (2.6 from a block, 2.8 from a line); a hint only when that
/// removes something.
pub(crate) struct Locking;

impl Producer for Locking {
    fn hints(&self, grid: &Grid, sink: &mut dyn FnMut(SeStep) -> ControlFlow<()>) -> ControlFlow<()> {
        self.hints_in(grid, Window::ALL, sink)
    }

    fn locality(&self) -> Option<Locality> {
        Some(Locality::Digit(SeTechnique::Pointing))
    }

    fn hints_in(
        &self,
        grid: &Grid,
        window: Window,
        sink: &mut dyn FnMut(SeStep) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        each_locked(grid, window, &mut |from, to, digit| {
            let outside = grid.house_cells_with(to, digit).difference(from.cells());
            // SE's rule parents: the digit must have left the cells of the
            // first house outside the second.
            let relied_on = from.cells().difference(to.cells());
            if outside.is_empty() || relied_on.intersection(window.lost(digit)).is_empty() {
                return ControlFlow::Continue(());
            }
            let technique = match from.kind() {
                HouseKind::Block => SeTechnique::Pointing,
                _ => SeTechnique::Claiming,
            };
            let locked = grid.house_cells_with(from, digit);
            let entries: Vec<_> = outside.iter().map(|c| (c, DigitSet::single(digit))).collect();
            let detail = Detail::Locked { cells: locked, digit, from, to };
            let relies = vec![(relied_on, DigitSet::single(digit))];
            sink(removing(technique, removals_in_se_order(&entries), detail, relies))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::technique::testing::marks;
    use crate::model::cell::Candidate;
    use crate::model::cell::Cell;

    #[test]
    fn pointing_from_a_block_into_a_column() {
        // 4 in block 1 only in column 2 (r1c2, r3c2); column 2 has it
        // lower down too.
        let mut g = marks(&[]);
        for c in [Cell::at(0, 0), Cell::at(1, 0), Cell::at(1, 1), Cell::at(0, 2), Cell::at(1, 2), Cell::at(2, 0)] {
            g.eliminate(c, Digit::new(4));
        }
        g.eliminate(Cell::at(2, 2), Digit::new(4));
        let hint = Locking.first(&g).unwrap();
        assert_eq!(hint.text(), "Pointing: Cells r1c2,r3c2: 4 in block and column");
        assert_eq!(hint.difficulty, 2.6);
        assert_eq!(hint.removals.len(), 6);
        assert!(hint.removals.contains(&Candidate::new(Cell::at(8, 1), Digit::new(4))));
        assert_eq!(hint.relies_on_absence.len(), 1);
        assert_eq!(hint.relies_on_absence[0].0.len(), 6);
    }

    /// In a nested search, a locked candidate counts only where the search
    /// took the digit out of the first house outside the second: the window
    /// of the losses keeps such a hint and skips one relying on no loss.
    #[test]
    fn a_scope_of_losses_keeps_only_locked_candidates_relying_on_them() {
        use crate::se_rating::producer::texts_relying_on_losses;
        let start = marks(&[]);
        let mut work = start.clone();
        for c in [Cell::at(0, 0), Cell::at(1, 0), Cell::at(1, 1), Cell::at(0, 2), Cell::at(1, 2), Cell::at(2, 0)] {
            work.eliminate(c, Digit::new(4));
        }
        work.eliminate(Cell::at(2, 2), Digit::new(4));
        let texts = |start: &Grid, work: &Grid| texts_relying_on_losses(&Locking, start, work);
        let everywhere = texts(&start, &work);
        assert!(everywhere.contains(&"Pointing: Cells r1c2,r3c2: 4 in block and column".to_string()));
        assert!(texts(&work, &work).is_empty(), "nothing lost");
        // Losing 4 in column 2 below the block, where the pointing removes
        // it, gives that hint no parent.
        let mut below = work.clone();
        below.eliminate(Cell::at(8, 1), Digit::new(4));
        assert!(texts(&work, &below).iter().all(|t| !t.contains("r1c2,r3c2")), "{:?}", texts(&work, &below));
    }

    #[test]
    fn crossing_houses_are_those_sharing_cells() {
        for (from_kind, to_kind) in KIND_PAIRS {
            for from in House::of_kind(from_kind) {
                let sharing: Vec<House> =
                    House::of_kind(to_kind).filter(|to| !from.cells().intersection(to.cells()).is_empty()).collect();
                assert_eq!(crossing(from, to_kind).to_vec(), sharing);
            }
        }
    }

    #[test]
    fn nothing_locked_in_an_empty_grid() {
        assert_eq!(Locking.first(&marks(&[])), None);
    }
}
