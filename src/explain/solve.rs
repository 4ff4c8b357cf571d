//! The driver loop: validate, then apply the first step any technique finds,
//! restarting from the simplest technique after every change.
//!
//! [`solve`] runs it on a [`Puzzle`] and tells an [`Observer`] every step as
//! it is taken; the [`Outcome`] it returns holds the path and its rating.
//! [`try_solve`] is the same for an observer that can fail (a printer);
//! [`rate`] gives the puzzle's rating alone.
//!
//! ```
//! use sudoku_explained::{solve, Grid, Observer, SolveOptions, Status, Step};
//!
//! /// Counts the steps, and the digits they place.
//! #[derive(Default)]
//! struct Counter {
//!     steps: usize,
//!     placed: usize,
//! }
//!
//! impl Observer for Counter {
//!     fn step(&mut self, number: usize, step: &Step, _grid: &Grid) -> Result<(), std::convert::Infallible> {
//!         self.steps = number;
//!         self.placed += step.placements.len();
//!         Ok(())
//!     }
//! }
//!
//! // The first puzzle of puzzles/seed-001.txt: 27 givens, so 54 cells to fill.
//! let line = "000005200060100090850000000400003000071209403000050060200300907003090020000000341";
//! let puzzle = sudoku_explained::io::from_argument(line).remove(0)?;
//! let mut counter = Counter::default();
//! let outcome = solve(&puzzle, SolveOptions::default(), &mut counter);
//! assert_eq!(outcome.status, Status::Solved);
//! assert_eq!((counter.steps, counter.placed), (outcome.steps.len(), 54));
//! # Ok::<(), sudoku_explained::io::InputError>(())
//! ```

use crate::exact;
use crate::explain::catalog::TechniqueId;
use crate::explain::observer::Observer;
use crate::explain::outcome::{Outcome, Status};
use crate::explain::rating::Rating;
use crate::explain::search::Search;
use crate::explain::settings::Settings;
use crate::explain::step::Step;
use crate::explain::technique::TechniqueSet;
use crate::io::format::find_clash;
use crate::io::input::Puzzle;
use crate::model::grid::Grid;

/// How a solve may go: whether it guesses, and with which techniques.
/// The default guesses and uses every technique.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct SolveOptions {
    /// When no technique applies: place one cell from the solution (true) or stop stuck.
    pub guess: bool,
    /// The techniques the solve may use, tried in the order of `settings`.
    pub techniques: TechniqueSet,
    /// The order the techniques are tried, which are on, their weights in
    /// the score and the levels' boundaries.
    pub settings: Settings,
    /// Whether to add Sudoku Explainer's rating of a solved puzzle
    /// ([`Outcome::rating`]): a second path, SE's, through the puzzle.
    pub rate: bool,
    /// With `rate`, keep SE's path in the rating too ([`Rating::steps`](crate::Rating::steps)).
    pub rate_steps: bool,
    /// Take the explanation path (true), or, with `rate`, only check that
    /// the puzzle has one solution and rate it: the outcome then has no
    /// steps, no path summary and no score (`rate --se-only`).
    pub explain: bool,
}

impl SolveOptions {
    /// The same, with `settings`' order, switches, weights and levels.
    pub fn with_settings(self, settings: Settings) -> SolveOptions {
        SolveOptions { settings, ..self }
    }

    /// The same, guessing or not when no technique applies.
    pub fn with_guess(self, guess: bool) -> SolveOptions {
        SolveOptions { guess, ..self }
    }

    /// The same, with only these techniques.
    pub fn with_techniques(self, techniques: TechniqueSet) -> SolveOptions {
        SolveOptions { techniques, ..self }
    }

    /// The same, adding Sudoku Explainer's rating or not.
    pub fn with_rate(self, rate: bool) -> SolveOptions {
        SolveOptions { rate, ..self }
    }

    /// The same, keeping SE's path in the rating or not.
    pub fn with_rate_steps(self, rate_steps: bool) -> SolveOptions {
        SolveOptions { rate_steps, ..self }
    }

    /// The same, taking the explanation path or (rating only) not.
    pub fn with_explain(self, explain: bool) -> SolveOptions {
        SolveOptions { explain, ..self }
    }
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            guess: true,
            techniques: TechniqueSet::all(),
            settings: Settings::default(),
            rate: false,
            rate_steps: false,
            explain: true,
        }
    }
}

/// The step that places one cell from the known solution: the empty cell
/// with the fewest candidates, so the guess a person would make.
fn brute_force_step(grid: &Grid, solution: &[u8; 81]) -> Step {
    let cell = grid
        .empty_cells()
        .iter()
        .min_by_key(|&c| grid.candidates(c).len())
        .expect("an unsolved grid has an empty cell");
    let digit = crate::model::cell::Digit::new(solution[cell.index()]);
    let options = grid.candidates(cell);
    Step::new(TechniqueId::BruteForce).place(cell, digit).pattern([cell], options, []).because(format!(
        "no technique applies; {cell} has the fewest candidates ({}) and the unique solution puts {digit} there",
        options.len()
    ))
}

/// The first step any technique of the registry finds, in registry order.
pub fn next_step(grid: &Grid) -> Option<Step> {
    Search::default().next_step(grid)
}

/// Solves one puzzle, reporting every step to `observer`, which cannot fail.
///
/// The puzzle is first checked (no digit twice in a house, exactly one
/// solution); a puzzle that fails ends with that status and no step.
/// Otherwise the solve applies the first step of the first technique of
/// `options.techniques` that finds one, again and again; when none does it
/// places a cell from the solution (brute force), or, with `options.guess`
/// off, stops [`Status::Stuck`].
pub fn solve(puzzle: &Puzzle, options: SolveOptions, observer: &mut dyn Observer) -> Outcome {
    try_solve(puzzle, options, observer).unwrap_or_else(|never| match never {})
}

/// Solves one puzzle, reporting every step to `observer`, and stops at the
/// first error the observer returns, handing it back.
pub fn try_solve<E>(puzzle: &Puzzle, options: SolveOptions, observer: &mut dyn Observer<E>) -> Result<Outcome, E> {
    let outcome = run(puzzle, options, observer)?;
    observer.end(&outcome)?;
    Ok(outcome)
}

/// Sudoku Explainer's ER/EP/ED of a puzzle, with its level and the score of
/// the explained path: what `sudoku rate` prints. `None` for a puzzle
/// without exactly one solution ([`solve`] tells which).
///
/// ```
/// let puzzle: sudoku_explained::Puzzle =
///     "000005200060100090850000000400003000071209403000050060200300907003090020000000341".parse()?;
/// let rating = sudoku_explained::rate(&puzzle).expect("one solution");
/// assert_eq!((rating.triple().as_str(), rating.score), ("6.6/4.5/2.6", Some(1036)));
/// # Ok::<(), sudoku_explained::io::InputError>(())
/// ```
pub fn rate(puzzle: &Puzzle) -> Option<Rating> {
    let options = SolveOptions { rate: true, ..SolveOptions::default() };
    solve(puzzle, options, &mut crate::explain::observer::Silent).rating
}

/// Checks that a puzzle follows the rules and has exactly one solution, and
/// returns it; otherwise the outcome that says why not.
pub(crate) fn validate(puzzle: &Puzzle) -> Result<[u8; 81], Box<Outcome>> {
    if let Some(clash) = find_clash(&puzzle.givens) {
        let mut outcome = Outcome::new(Status::Invalid, puzzle);
        outcome.error = Some(format!("{}, {clash}", puzzle.place()));
        return Err(Box::new(outcome));
    }
    let (count, solutions) = match puzzle.masks() {
        Some(masks) => exact::two_solutions_within(&puzzle.givens, &masks),
        None => exact::two_solutions(&puzzle.givens),
    };
    match count {
        0 => Err(Box::new(Outcome::new(Status::NoSolution, puzzle))),
        1 => Ok(solutions[0]),
        _ => {
            let mut outcome = Outcome::new(Status::MultipleSolutions, puzzle);
            outcome.solutions = solutions;
            Err(Box::new(outcome))
        }
    }
}

/// The step the driver takes from `grid`: the first technique's find, or,
/// when none applies, the brute-force placement from `solution`.
pub(crate) fn next_step_or_guess(search: &mut Search, grid: &Grid, solution: &[u8; 81]) -> Step {
    search.next_step(grid).unwrap_or_else(|| brute_force_step(grid, solution))
}

fn run<E>(puzzle: &Puzzle, options: SolveOptions, observer: &mut dyn Observer<E>) -> Result<Outcome, E> {
    let solution = match validate(puzzle) {
        Ok(solution) => solution,
        Err(outcome) => return Ok(*outcome),
    };
    let mut outcome = Outcome::new(Status::Solved, puzzle);
    outcome.solution = Some(solution);
    let start = puzzle.grid();
    if options.rate && !options.explain {
        outcome.rate_without_path(&start, options.rate_steps, &options.settings);
        return Ok(outcome);
    }
    let mut grid = start.clone();
    let mut search = Search::with_settings(options.techniques, &options.settings);
    observer.begin(puzzle, &grid)?;
    while !grid.is_solved() {
        let step = match search.next_step(&grid) {
            Some(step) => step,
            None if options.guess => brute_force_step(&grid, &solution),
            None => {
                outcome.status = Status::Stuck;
                outcome.solution = None;
                break;
            }
        };
        step.apply_to(&mut grid);
        outcome.steps.push(step);
        observer.step(outcome.steps.len(), outcome.steps.last().expect("just pushed"), &grid)?;
    }
    outcome.grid = Some(grid);
    outcome.rate(options.rate.then_some(&start), options.rate_steps, &options.settings);
    Ok(outcome)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::observer::Silent;

    fn puzzle(s: &str) -> Puzzle {
        let v: Vec<u8> = s.bytes().map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 }).collect();
        Puzzle::new(v.try_into().unwrap())
    }

    #[test]
    fn solves_the_seed_puzzle_to_its_solution() {
        let p = puzzle("006002951980500007005039204029160040840203060600078090008050416367901020504020000");
        let out = solve(&p, SolveOptions::default(), &mut Silent);
        assert_eq!(out.status, Status::Solved);
        assert_eq!(out.grid.unwrap().values(), &out.solution.unwrap());
        assert_eq!(
            out.steps.iter().map(|s| s.placements.len()).sum::<usize>(),
            p.givens.iter().filter(|&&v| v == 0).count()
        );
        assert_eq!(out.path, Some(crate::explain::rating::summarize_path(&out.steps, &Default::default())));
        assert_eq!(out.rating, None, "SE's rating only when asked");
    }

    /// Fails at step `stop`, and must then hear nothing more.
    struct StopAt {
        stop: usize,
        seen: Vec<usize>,
    }

    impl Observer<&'static str> for StopAt {
        fn step(&mut self, number: usize, _step: &Step, _grid: &Grid) -> Result<(), &'static str> {
            self.seen.push(number);
            if number == self.stop {
                return Err("gone");
            }
            Ok(())
        }

        fn end(&mut self, _outcome: &Outcome) -> Result<(), &'static str> {
            panic!("told the end of a solve it stopped");
        }
    }

    #[test]
    fn an_observer_error_stops_the_solve_and_comes_back() {
        let p = puzzle("006002951980500007005039204029160040840203060600078090008050416367901020504020000");
        let mut observer = StopAt { stop: 2, seen: Vec::new() };
        assert_eq!(try_solve(&p, SolveOptions::default(), &mut observer).unwrap_err(), "gone");
        assert_eq!(observer.seen, [1, 2]);

        use crate::batch::{replay, solve_record};
        let record = Ok(p.clone());
        let outcome = solve_record(&record, SolveOptions::default(), &mut Silent);
        let mut observer = StopAt { stop: 3, seen: Vec::new() };
        assert_eq!(replay(&record, &outcome, &mut observer), Err("gone"));
        assert_eq!(observer.seen, [1, 2, 3]);
    }

    #[test]
    fn statuses_for_broken_puzzles() {
        let empty = puzzle(&".".repeat(81));
        let out = solve(&empty, SolveOptions::default(), &mut Silent);
        assert_eq!(out.status, Status::MultipleSolutions);
        assert_eq!(out.solutions.len(), 2);
        assert_ne!(out.solutions[0], out.solutions[1]);
        assert_eq!(out.rating, None, "only a solved puzzle is rated");

        let mut clash = empty.clone();
        clash.givens[9] = 5;
        clash.givens[16] = 5;
        let out = solve(&clash, SolveOptions::default(), &mut Silent);
        assert_eq!(out.status, Status::Invalid);
        assert_eq!(out.error.as_deref(), Some("line 1, r2: digit 5 appears twice (r2c1, r2c8)"));
    }
}
