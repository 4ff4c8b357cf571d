//! The solution of the position a producer works on, when it has exactly
//! one, as the potentials it makes true.
//!
//! SE's chains are sound: everything a search derives from an assumption
//! that agrees with the solution agrees with it too. So a search from a
//! true assumption never meets a contradiction, and what every branch of a
//! cell, region or double chain implies is true. The multiple-chain engine
//! reads that to skip such searches, or stop them early, without changing
//! a hint (see `multiple::search_true`).

use super::potential::{pot, Pot, PotSet};
use crate::model::cell::{Cell, Digit};
use crate::model::grid::Grid;
use crate::model::sets::DigitSet;

/// The potentials the single solution of a position makes true: for each
/// cell, its digit "on" and every other digit "off".
pub(super) struct Truth {
    holds: PotSet,
    solution: [u8; 81],
}

impl Truth {
    /// The truth of `grid` (its placed digits and, in the other cells, its
    /// candidates), if exactly one solution fits it.
    pub(super) fn of(grid: &Grid) -> Option<Truth> {
        let mut values = [0u8; 81];
        let mut masks = [0u16; 81];
        for cell in Cell::all() {
            values[cell.index()] = grid.value(cell).map_or(0, |d| d.get());
            masks[cell.index()] = grid.candidates(cell).bits() << 1;
        }
        let (count, solutions) = crate::exact::two_solutions_within(&values, &masks);
        let solution = *solutions.first().filter(|_| count == 1)?;
        let mut holds = PotSet::new();
        for cell in Cell::all() {
            for digit in Digit::all() {
                holds.insert(pot(cell, digit, solution[cell.index()] == digit.get()));
            }
        }
        Some(Truth { holds, solution })
    }

    /// Whether this truth, of `from`, is that of `to` too: `to` allows in
    /// no cell a digit `from` does not, so its solutions are some of
    /// `from`'s, and it allows the solution. (The rating loop's next
    /// position is such a grid: the solver need not run again.)
    pub(super) fn carries_over(&self, from: &Grid, to: &Grid) -> bool {
        let allowed = |grid: &Grid, cell: Cell| grid.value(cell).map_or(grid.candidates(cell), DigitSet::single);
        Cell::all().all(|cell| {
            let now = allowed(to, cell);
            now.difference(allowed(from, cell)).is_empty() && now.contains(Digit::new(self.solution[cell.index()]))
        })
    }

    /// Whether the solution makes `p` true.
    pub(super) fn holds(&self, p: Pot) -> bool {
        self.holds.contains(p)
    }

    /// The potentials the solution makes true.
    pub(super) fn set(&self) -> &PotSet {
        &self.holds
    }
}

#[cfg(test)]
mod tests {
    use super::super::potential::conjugate;
    use super::*;

    /// A puzzle with one solution (the first of top95) and the solution.
    const PUZZLE: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    const SOLUTION: &str = "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

    fn values(text: &str) -> [u8; 81] {
        std::array::from_fn(|i| text.as_bytes()[i].checked_sub(b'0').filter(|&d| d <= 9).unwrap_or(0))
    }

    #[test]
    fn the_solution_makes_each_candidate_either_on_or_off() {
        let grid = Grid::from_values(&values(PUZZLE));
        let truth = Truth::of(&grid).expect("one solution");
        let solution = values(SOLUTION);
        for cell in Cell::all() {
            for digit in Digit::all() {
                let on = pot(cell, digit, true);
                assert_eq!(truth.holds(on), solution[cell.index()] == digit.get(), "{cell:?} {digit:?}");
                assert_ne!(truth.holds(on), truth.holds(conjugate(on)));
            }
        }
    }

    #[test]
    fn a_truth_carries_over_to_a_reduction_that_keeps_the_solution() {
        let grid = Grid::from_values(&values(PUZZLE));
        let truth = Truth::of(&grid).expect("one solution");
        let mut next = grid.clone();
        // r1c2 (the solution's 1) loses a 2, and r1c3 takes its 7.
        next.eliminate(Cell::new(1), Digit::new(2));
        next.place(Cell::new(2), Digit::new(7));
        assert!(truth.carries_over(&grid, &next));
        let mut wrong = next.clone();
        wrong.eliminate(Cell::new(1), Digit::new(1));
        assert!(!truth.carries_over(&grid, &wrong), "the solution's digit is gone");
        assert!(!truth.carries_over(&next, &grid), "a candidate came back");
    }

    #[test]
    fn a_position_without_exactly_one_solution_has_no_truth() {
        let mut values = values(PUZZLE);
        values[0] = 0;
        values[6] = 0;
        assert!(Truth::of(&Grid::from_values(&values)).is_none(), "several solutions");
        let mut grid = Grid::from_values(&self::values(PUZZLE));
        // Take the solution's digit out of a cell's candidates: none is left.
        grid.eliminate(Cell::new(1), Digit::new(1));
        assert!(Truth::of(&grid).is_none(), "no solution");
    }
}
