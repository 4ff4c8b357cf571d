//! XY-Wing and XYZ-Wing (SE's `XYWing(false)` and `XYWing(true)`).

use super::producer::Producer;
use super::scan::{removals_in_se_order, removing};
use super::se_step::SeStep;
use super::technique::SeTechnique;
use super::wording::cells_text;
use crate::model::grid::Grid;
use crate::model::sets::{CellSet, DigitSet};
use std::ops::ControlFlow;

/// A pivot cell (`xy`, or `xyz` with three candidates) and two bivalue
/// cells it sees (`xz`, `yz`) sharing one digit `z`: the cells that see
/// both wings (and the pivot, for XYZ) lose `z` (4.2, 4.4). Pivots and
/// wings in reading order.
pub(crate) struct XyWing {
    /// True for XYZ-Wing (the pivot holds `z` too).
    pub(crate) xyz: bool,
}

impl Producer for XyWing {
    fn hints(&self, grid: &Grid, sink: &mut dyn FnMut(SeStep) -> ControlFlow<()>) -> ControlFlow<()> {
        let (technique, pivot_size) = if self.xyz { (SeTechnique::XyzWing, 3) } else { (SeTechnique::XyWing, 2) };
        let bivalues = grid.cells_holding(2..=2);
        for pivot in grid.cells_holding(pivot_size..=pivot_size).iter() {
            let xy = grid.candidates(pivot);
            // SukakuExplainer (the reference `se-steps` runs) tries the
            // wings in reading order; SE 1.2.1 tried the block's cells
            // first, then the row's, then the column's. That changes which
            // of two wings comes first, never a rating of the fixture.
            let wings = pivot.peers().intersection(bivalues);
            for xz_cell in wings.iter() {
                let xz = grid.candidates(xz_cell);
                if xy.difference(xz).len() != 1 {
                    continue;
                }
                for yz_cell in wings.iter() {
                    let yz = grid.candidates(yz_cell);
                    let union = xy.union(xz).union(yz);
                    let common = xy.intersection(xz).intersection(yz);
                    if union.len() != 3 || common.len() != u32::from(self.xyz) {
                        continue;
                    }
                    let z = xz.intersection(yz).first().expect("the wings share z");
                    let mut victims = xz_cell.peers().intersection(yz_cell.peers());
                    if self.xyz {
                        victims = victims.intersection(pivot.peers());
                    }
                    let victims = victims.intersection(grid.cells_with(z)).difference(CellSet::single(pivot));
                    if victims.is_empty() {
                        continue;
                    }
                    let entries: Vec<_> = victims.iter().map(|c| (c, DigitSet::single(z))).collect();
                    let detail = format!("{} on value {}", cells_text([pivot, xz_cell, yz_cell]), z.get());
                    sink(removing(technique, removals_in_se_order(&entries), detail, Vec::new()))?;
                }
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

    #[test]
    fn an_xy_wing() {
        // Pivot r5c2 {1,3}, wings r5c7 {1,5} (row) and r6c3 {3,5} (block):
        // z = 5 leaves the cells that see both wings.
        let g = marks(&[(5, 2, "13"), (5, 7, "15"), (6, 3, "35")]);
        let hint = XyWing { xyz: false }.first(&g).unwrap();
        assert_eq!(hint.text(), "XY-Wing: Cells r5c2,r5c7,r6c3 on value 5");
        assert_eq!(hint.difficulty, 4.2);
        let removed: Vec<Candidate> = [(5, 1), (5, 3), (6, 7), (6, 8), (6, 9)]
            .iter()
            .map(|&(r, c)| Candidate::new(Cell::at(r - 1, c - 1), Digit::new(5)))
            .collect();
        let mut got = hint.removals.clone();
        got.sort_by_key(|c| c.cell.index());
        assert_eq!(got, removed);
        assert_eq!(XyWing { xyz: true }.first(&g), None);
    }

    #[test]
    fn an_xyz_wing_removes_only_what_sees_all_three() {
        let g = marks(&[(8, 6, "135"), (7, 6, "35"), (8, 7, "15")]);
        let hint = XyWing { xyz: true }.first(&g).unwrap();
        assert_eq!(hint.text(), "XYZ-Wing: Cells r8c6,r7c6,r8c7 on value 5");
        assert_eq!(hint.difficulty, 4.4);
        assert_eq!(
            hint.removals,
            vec![Candidate::new(Cell::at(7, 3), Digit::new(5)), Candidate::new(Cell::at(7, 4), Digit::new(5))]
        );
        assert_eq!(XyWing { xyz: false }.first(&g), None);
    }
}
