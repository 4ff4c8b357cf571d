//! Where a digit can go: the cells some placement of all nine copies of it
//! uses (one per row, column and block, on its candidates and givens), and
//! the cells every such placement uses.
//!
//! Nishio chains follow one digit only, and every fact they derive holds in
//! each placement that agrees with their assumption. So "r1c1 holds 5"
//! leads to a contradiction only if no placement of 5 uses r1c1, and "r1c1
//! does not hold 5" only if all do: the Nishio engine searches from those
//! alone.

use crate::model::cell::Digit;
use crate::model::grid::Grid;
use crate::model::sets::CellSet;

/// How many partial placements a digit's walk may visit before it gives
/// up (and every search is done): a grid at the Nishio stage has few.
const BUDGET: u32 = 2_000;

/// The cells some placement of a digit uses, and those all of them use.
#[derive(Clone, Copy)]
pub(super) struct Fit {
    pub(super) some: CellSet,
    pub(super) every: CellSet,
}

impl Fit {
    /// What is known when the walk gave up: any cell may be either.
    const UNKNOWN: Fit = Fit { some: CellSet::EMPTY, every: CellSet::ALL };
}

/// The fit of `digit` on `grid`.
pub(super) fn fit(grid: &Grid, digit: Digit) -> Fit {
    let places = grid.cells_with(digit).union(grid.placed(digit));
    let mut rows = [CellSet::EMPTY; 9];
    for cell in places.iter() {
        rows[usize::from(cell.row())].insert(cell);
    }
    let mut walk = Walk { rows, chosen: CellSet::EMPTY, some: CellSet::EMPTY, every: CellSet::ALL, budget: BUDGET };
    // Once every candidate is in some placement and none is in all, more
    // placements cannot change the answer.
    let candidates = grid.cells_with(digit);
    match walk.place_from(0, 0, 0, candidates) {
        Some(()) => Fit { some: walk.some, every: walk.every },
        None => Fit::UNKNOWN,
    }
}

/// The fits last computed for each digit, with the places they came
/// from: along the rating loop most digits keep theirs from one Nishio
/// search to the next.
#[derive(Default)]
pub(super) struct Fits([Option<(CellSet, CellSet, Fit)>; 9]);

impl Fits {
    /// Each digit's fit on `grid`.
    pub(super) fn of(&mut self, grid: &Grid) -> [Fit; 9] {
        std::array::from_fn(|i| {
            let digit = Digit::from_index(i);
            let places = (grid.cells_with(digit), grid.placed(digit));
            match self.0[i] {
                Some((candidates, placed, fit)) if (candidates, placed) == places => fit,
                _ => {
                    let fit = fit(grid, digit);
                    self.0[i] = Some((places.0, places.1, fit));
                    fit
                }
            }
        })
    }
}

fn done(walk: &Walk, candidates: CellSet) -> bool {
    candidates.difference(walk.some).is_empty() && candidates.intersection(walk.every).is_empty()
}

struct Walk {
    rows: [CellSet; 9],
    chosen: CellSet,
    some: CellSet,
    every: CellSet,
    budget: u32,
}

impl Walk {
    /// Places the digit in `row` and the rows below, avoiding the columns
    /// and blocks (bit masks) taken; `None` when the budget ran out.
    fn place_from(&mut self, row: usize, cols: u16, blocks: u16, candidates: CellSet) -> Option<()> {
        if row == 9 {
            self.some = self.some.union(self.chosen);
            self.every = self.every.intersection(self.chosen);
            return Some(());
        }
        for cell in self.rows[row].iter() {
            let (col, block) = (1u16 << cell.col(), 1u16 << cell.block());
            if cols & col != 0 || blocks & block != 0 {
                continue;
            }
            self.budget = self.budget.checked_sub(1)?;
            self.chosen.insert(cell);
            let result = self.place_from(row + 1, cols | col, blocks | block, candidates);
            self.chosen.remove(cell);
            result?;
            if done(self, candidates) {
                // Stopping here changes nothing: report it as found.
                return Some(());
            }
        }
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::cell::Cell;

    fn cells(names: &[(u8, u8)]) -> CellSet {
        names.iter().map(|&(r, c)| Cell::at(r, c)).collect()
    }

    #[test]
    fn a_digit_with_one_placement_left_has_it_in_every_placement() {
        // 1 on the diagonal of blocks, as a solved grid has it; then one
        // more candidate in r1c2 that no placement can use (r1c1 is given).
        let mut grid = Grid::from_values(&[0; 81]);
        let one = Digit::new(1);
        let keep = cells(&[(0, 0), (1, 3), (2, 6), (3, 1), (4, 4), (5, 7), (6, 2), (7, 5), (8, 8), (0, 1)]);
        for cell in Cell::all() {
            if !keep.contains(cell) {
                grid.eliminate(cell, one);
            }
        }
        let fit = fit(&grid, one);
        let placement = keep.difference(cells(&[(0, 1)]));
        assert_eq!(fit.some, placement, "r1c2 is in no placement");
        assert_eq!(fit.every, placement, "the other nine are in the only one");
    }

    #[test]
    fn cells_of_two_placements_are_each_in_some_and_none_in_all() {
        let mut grid = Grid::from_values(&[0; 81]);
        let five = Digit::new(5);
        let first = cells(&[(0, 0), (1, 3), (2, 6), (3, 1), (4, 4), (5, 7), (6, 2), (7, 5), (8, 8)]);
        let second = cells(&[(0, 1), (1, 4), (2, 7), (3, 2), (4, 5), (5, 8), (6, 0), (7, 3), (8, 6)]);
        for cell in Cell::all() {
            if !first.union(second).contains(cell) {
                grid.eliminate(cell, five);
            }
        }
        let fit = fit(&grid, five);
        assert_eq!(fit.some, first.union(second));
        assert!(fit.every.is_empty());
    }

    #[test]
    fn a_digit_with_too_many_placements_to_walk_is_left_unknown() {
        // The empty grid has 46,656 placements of each digit.
        let fit = fit(&Grid::from_values(&[0; 81]), Digit::new(5));
        assert!(fit.some.is_empty() && fit.every == CellSet::ALL, "every search is done");
    }
}
