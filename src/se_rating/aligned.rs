//! SE's "Aligned Pair Exclusion" (6.2) and "Aligned Triplet Exclusion"
//! (7.5), as SukakuExplainer 1.18.1 runs them (SE 1.2.1's
//! `AlignedPairExclusion` and `AlignedExclusion(3)`).
//!
//! Base cells: every cell with two or more candidates, row by row, that
//! sees at least one *excluder* (a peer with 2 candidates, or 2 to 3 for
//! the triplet) and no peer with a single candidate. A set of base cells
//! with at least two excluders in common gets every combination of one
//! candidate per cell checked: it is impossible when two cells that see
//! each other take the same digit, or when it takes every candidate of a
//! common excluder. A candidate in no possible combination goes.
//!
//! Sets are tried in SE's order: pairs of base cells (first by the later
//! cell, then the earlier: {0,1}, {0,2}, {1,2}, {0,3}, ...); for triplets,
//! each pair then each third base cell among the excluders of the first
//! cell (in cell order), then those of the second not yet listed. The
//! first set that removes something is the hint.

use super::producer::Producer;
use super::scan::removing;
use super::se_step::SeStep;
use super::technique::SeTechnique;
use crate::algo::aligned::{aligned_pairs, aligned_triplets, base_cells, possible_digits_of_set};
use crate::algo::memo::Memo;
use crate::model::cell::Candidate;
use crate::model::cell::Cell;
use crate::model::grid::Grid;
use crate::model::sets::CellSet;
use std::ops::ControlFlow;

/// SE's aligned exclusion producer for sets of `size` cells (2 or 3).
pub(crate) struct AlignedExclusion {
    size: usize,
}

impl AlignedExclusion {
    /// Aligned Pair Exclusion.
    pub(crate) const PAIR: AlignedExclusion = AlignedExclusion { size: 2 };
    /// Aligned Triplet Exclusion.
    pub(crate) const TRIPLET: AlignedExclusion = AlignedExclusion { size: 3 };

    fn technique(&self) -> SeTechnique {
        if self.size == 2 {
            SeTechnique::AlignedPairExclusion
        } else {
            SeTechnique::AlignedTripletExclusion
        }
    }
}

impl Producer for AlignedExclusion {
    fn lowest(&self) -> f64 {
        self.technique().difficulty()
    }

    fn hints(&self, grid: &Grid, sink: &mut dyn FnMut(SeStep) -> ControlFlow<()>) -> ControlFlow<()> {
        self.search(grid, None, sink)
    }

    fn first_with(&self, grid: &Grid, memo: &mut Memo) -> Option<SeStep> {
        let slot = &mut memo.get::<QuietPositions>().0[self.size - 2];
        let unchanged = slot.as_ref().and_then(|quiet| quiet.unchanged_in(grid));
        let mut found = None;
        let _ = self.search(grid, unchanged.as_ref(), &mut |hint| {
            found = Some(hint);
            ControlFlow::Break(())
        });
        if found.is_none() {
            let bases = base_cells(grid, self.size as u32).iter().map(|b| b.cell).collect();
            *slot = Some(Quiet { grid: grid.clone(), bases });
        }
        found
    }
}

/// The last position of a rating loop where each aligned exclusion found
/// nothing (pair, then triplet).
#[derive(Default)]
pub(crate) struct QuietPositions([Option<Quiet>; 2]);

/// A position where an aligned exclusion found nothing, with its base cells.
struct Quiet {
    grid: Grid,
    bases: CellSet,
}

/// What a later position kept of a quiet one: a set of cells tried there
/// whose cells and common excluders still hold the same candidates gives
/// nothing again. (Its excluders there were these and maybe more, since a
/// cell only stops being one by changing, and more excluders only forbid
/// more combinations.) A cell that was no base there may be one now.
struct Unchanged {
    bases: CellSet,
    changed: CellSet,
}

impl Quiet {
    /// What `grid` kept, if it follows from this position (no candidate
    /// came back).
    fn unchanged_in(&self, grid: &Grid) -> Option<Unchanged> {
        Some(Unchanged { bases: self.bases, changed: grid.changed_since(&self.grid)? })
    }
}

impl Unchanged {
    fn gives_nothing(&self, cells: &[Cell], common: CellSet) -> bool {
        let set: CellSet = cells.iter().copied().collect();
        set.difference(self.bases).is_empty() && set.union(common).intersection(self.changed).is_empty()
    }
}

impl AlignedExclusion {
    /// Every hint in SE's order, skipping the sets `unchanged` says give nothing.
    fn search(
        &self,
        grid: &Grid,
        unchanged: Option<&Unchanged>,
        sink: &mut dyn FnMut(SeStep) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let try_set = |cells: &[Cell], common: CellSet| {
            if common.len() < 2 || unchanged.is_some_and(|u| u.gives_nothing(cells, common)) {
                return None;
            }
            self.try_set(grid, cells, common)
        };
        if self.size == 2 {
            for (first, second, common) in aligned_pairs(grid) {
                if let Some(hint) = try_set(&[first, second], common) {
                    sink(hint)?;
                }
            }
            return ControlFlow::Continue(());
        }
        // Where a pair gives nothing with any third, only a third that
        // changed or is a new base can give something.
        let narrow = |pair: [Cell; 2], pair_common: CellSet, bases: CellSet| {
            let u = unchanged.filter(|u| u.gives_nothing(&pair, pair_common))?;
            Some(u.changed.union(bases.difference(u.bases)))
        };
        aligned_triplets(grid, narrow, &mut |cells, common| match try_set(&cells, common) {
            Some(hint) => sink(hint),
            None => ControlFlow::Continue(()),
        })
    }
}

impl AlignedExclusion {
    /// The hint of one set of cells, if it removes something.
    fn try_set(&self, grid: &Grid, cells: &[Cell], common: CellSet) -> Option<SeStep> {
        if common.len() < 2 {
            return None;
        }
        if let [first, second] = cells {
            // A candidate of one cell goes only if every candidate of the
            // other is excluded beside it: by the same digit, or by a
            // common excluder (two candidates) holding both. So one of
            // the cells needs no more candidates than one plus the
            // number of common excluders.
            let fewest = grid.candidates(*first).len().min(grid.candidates(*second).len());
            if fewest > common.len() + 1 {
                return None;
            }
        }
        let possible = possible_digits_of_set(grid, cells, common);
        let removals: Vec<Candidate> = cells
            .iter()
            .zip(&possible)
            .flat_map(|(&cell, &ok)| grid.candidates(cell).difference(ok).iter().map(move |d| Candidate::new(cell, d)))
            .collect();
        if removals.is_empty() {
            return None;
        }
        let detail = cells.iter().map(Cell::to_string).collect::<Vec<_>>().join(",");
        Some(removing(self.technique(), removals, detail, Vec::new()))
    }
}

#[cfg(test)]
mod tests {
    use super::super::unique::tests::marks;
    use super::*;
    use crate::model::cell::Digit;

    #[test]
    fn pair_exclusion_removes_what_every_possible_combination_leaves_out() {
        // r1c1 = 123 and r1c2 = 12 both see the excluders r1c5 = 12 and
        // r1c6 = 13 (every other cell holds 3 to 9). 1-2 and 2-1 would
        // empty r1c5, 3-1 would empty r1c6, equal digits share a row: only
        // 3-2 is left.
        let grid = marks(&["r1c1=123", "r1c2=12", "r1c5=12", "r1c6=13"]);
        let hint = AlignedExclusion::PAIR.first(&grid).expect("an aligned pair exclusion");
        assert_eq!(hint.text(), "Aligned Pair Exclusion: r1c1,r1c2");
        assert_eq!(hint.difficulty, 6.2);
        let at = |r, c, d| Candidate::new(Cell::at(r, c), Digit::new(d));
        assert_eq!(hint.removals, vec![at(0, 0, 1), at(0, 0, 2), at(0, 1, 1)]);
    }

    #[test]
    fn triplet_exclusion_is_rated_7_5() {
        let grid = marks(&["r1c1=123", "r1c2=12", "r1c5=12", "r1c6=13"]);
        let hint = AlignedExclusion::TRIPLET.first(&grid).expect("an aligned triplet exclusion");
        assert_eq!(hint.technique.to_string(), "Aligned Triplet Exclusion");
        assert_eq!(hint.difficulty, 7.5);
    }

    /// Along SE's paths of reference puzzles rated 7.5 to 8.4, at every
    /// position, each aligned exclusion with what it kept from the earlier
    /// positions finds what it finds from nothing.
    #[test]
    fn what_a_quiet_position_leaves_never_changes_the_hint() {
        use crate::algo::memo::Memo;
        use crate::se_rating::test_paths::{path, reference_puzzles};
        let mut hints_after_quiet = 0;
        for puzzle in reference_puzzles(7.5..8.5).take(12) {
            let mut memo = Memo::default();
            for (grid, _) in path(puzzle) {
                for producer in [AlignedExclusion::PAIR, AlignedExclusion::TRIPLET] {
                    let quiet_before = memo.get::<QuietPositions>().0[producer.size - 2].is_some();
                    let kept = producer.first_with(&grid, &mut memo).map(|h| (h.text(), h.removals));
                    let fresh = producer.first(&grid).map(|h| (h.text(), h.removals));
                    assert_eq!(kept, fresh, "{puzzle}");
                    hints_after_quiet += usize::from(quiet_before && fresh.is_some());
                }
            }
        }
        assert!(hints_after_quiet > 0, "some hint comes after a quiet position");
    }

    #[test]
    fn no_pair_exclusion_with_one_common_excluder_or_a_naked_single_near() {
        let grid = marks(&["r1c1=123", "r1c2=12", "r1c5=12"]);
        assert!(AlignedExclusion::PAIR.first(&grid).is_none());
        let grid = marks(&["r1c1=123", "r1c2=12", "r1c5=12", "r1c6=13", "r2c3=4"]);
        assert!(AlignedExclusion::PAIR.first(&grid).is_none());
    }
}
