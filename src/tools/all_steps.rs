//! Every step at a position, for `sudoku steps`: the position checked as a
//! hint checks it, then every instance of every technique asked, or
//! Sudoku Explainer's hints there.
//!
//! ```
//! use sudoku_explained::tools::{list_steps, Listing};
//! use sudoku_explained::explain::StepsOptions;
//!
//! // The first puzzle of puzzles/seed-001.txt.
//! let puzzle = "000005200060100090850000000400003000071209403000050060200300907003090020000000341".parse()?;
//! let Listing::Steps { groups, .. } = list_steps(&puzzle, &StepsOptions::default()) else { panic!("steps") };
//! assert!(groups.iter().map(|g| g.steps.len()).sum::<usize>() > 10);
//! # Ok::<(), sudoku_explained::io::InputError>(())
//! ```

use crate::explain::outcome::Verdict;
use crate::explain::position_steps::{steps_at, StepsOptions, TechniqueSteps};
use crate::explain::solve::validate;
use crate::io::input::Puzzle;
use crate::model::grid::Grid;
use crate::se_rating::{se_steps_at, SeStep};

/// What `sudoku steps` has to say about one position.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum Listing {
    /// Every instance of every technique asked, grouped by technique.
    Steps {
        /// The record's position.
        grid: Box<Grid>,
        /// The instances (see [`steps_at`]); none when no technique applies.
        groups: Vec<TechniqueSteps>,
    },
    /// Sudoku Explainer's hints at the position, easiest first, each with
    /// whether its producer's list was stopped at the cap.
    Se {
        /// The record's position.
        grid: Box<Grid>,
        /// The hints (see [`se_steps_at`]).
        hints: Vec<(SeStep, bool)>,
    },
    /// The position has no empty cell left.
    Solved {
        /// The record's position, solved.
        grid: Box<Grid>,
    },
    /// Not a position with exactly one solution: why not.
    Refused(Verdict),
}

/// Every step at the position of `puzzle` with `options`, once the
/// position is known to have exactly one solution (the uniqueness
/// techniques rely on it, and a listed step must agree with it).
pub fn list_steps(puzzle: &Puzzle, options: &StepsOptions) -> Listing {
    match checked(puzzle) {
        Err(refused) => *refused,
        Ok(grid) => {
            let groups = steps_at(&grid, options);
            Listing::Steps { grid: Box::new(grid), groups }
        }
    }
}

/// Sudoku Explainer's hints at the position of `puzzle`, at most `limit`
/// per producer.
pub fn list_se_steps(puzzle: &Puzzle, limit: Option<usize>) -> Listing {
    match checked(puzzle) {
        Err(refused) => *refused,
        Ok(grid) => {
            let hints = se_steps_at(&grid, limit);
            Listing::Se { grid: Box::new(grid), hints }
        }
    }
}

/// The position, or why it gets no listing.
fn checked(puzzle: &Puzzle) -> Result<Grid, Box<Listing>> {
    match validate(puzzle) {
        Err(outcome) => Err(Box::new(Listing::Refused(outcome.verdict()))),
        Ok(_) if puzzle.grid().is_solved() => Err(Box::new(Listing::Solved { grid: Box::new(puzzle.grid()) })),
        Ok(_) => Ok(puzzle.grid()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::outcome::Status;

    #[test]
    fn a_position_without_one_solution_is_refused_and_a_solved_one_said_so() {
        let two = "000000000000000000000000000000000000000000000000000000000000000000000000000000123";
        let puzzle: Puzzle = two.parse().unwrap();
        let Listing::Refused(verdict) = list_steps(&puzzle, &StepsOptions::default()) else { panic!("refused") };
        assert_eq!(verdict.status, Status::MultipleSolutions);
        let solved: Puzzle =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179".parse().unwrap();
        assert!(matches!(list_steps(&solved, &StepsOptions::default()), Listing::Solved { .. }));
        assert!(matches!(list_se_steps(&solved, None), Listing::Solved { .. }));
    }

    #[test]
    fn se_lists_every_hint_of_the_simpler_producers_easiest_first() {
        let puzzle: Puzzle =
            "000005200060100090850000000400003000071209403000050060200300907003090020000000341".parse().unwrap();
        let Listing::Se { hints, grid } = list_se_steps(&puzzle, None) else { panic!("hints") };
        assert!(hints.len() > 5, "{}", hints.len());
        assert!(hints.windows(2).all(|w| w[0].0.rating() <= w[1].0.rating()));
        // The first is the step SE takes, or one rated as low.
        let next = crate::se_rating::next_se_step(&grid).unwrap();
        assert_eq!(hints[0].0.rating(), next.rating());
        assert!(hints.iter().any(|(h, _)| *h == next));
        assert!(hints.iter().all(|(_, capped)| !capped));
    }
}
