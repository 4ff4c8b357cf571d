//! `check`: a learner's position against the solution of the puzzle it
//! came from, cell by cell: placed digits that are wrong, candidates of the
//! solution that were removed, givens that were changed. A position that is
//! only incomplete has no mistake.
//!
//! ```
//! use sudoku_explained::tools::{check, Checked, Mistake};
//!
//! // The first puzzle of puzzles/seed-000.txt, and the same with r1c1=5 placed;
//! // the solution has 4 there.
//! let givens = "006002951980500007005039204029160040840203060600078090008050416367901020504020000";
//! let position = format!("5{}", &givens[1..]);
//! let report = check(&givens.parse()?, &position.parse()?);
//! let Checked::Report { mistakes, left } = &report else { panic!("a puzzle with one solution") };
//! assert_eq!(mistakes[0].to_string(), "r1c1=5 is wrong: the solution has 4");
//! assert_eq!((mistakes.len(), *left), (1, 38));
//! # Ok::<(), sudoku_explained::io::InputError>(())
//! ```

use crate::explain::outcome::Verdict;
use crate::explain::solve::validate;
use crate::io::input::{Origin, Puzzle};
use crate::model::cell::{Cell, Digit};
use crate::model::sets::DigitSet;
use std::fmt;

/// One way a position departs from the solution.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum Mistake {
    /// A given the position does not keep: another digit in its cell, or none.
    ChangedGiven {
        /// The given's cell.
        cell: Cell,
        /// The given.
        given: Digit,
        /// What the position has there instead, if a digit.
        found: Option<Digit>,
    },
    /// A placed digit that is not the solution's.
    WrongDigit {
        /// Where.
        cell: Cell,
        /// The digit placed.
        placed: Digit,
        /// The solution's digit.
        solution: Digit,
    },
    /// An empty cell whose candidates no longer hold the solution's digit.
    RemovedSolution {
        /// Where.
        cell: Cell,
        /// The solution's digit, removed.
        digit: Digit,
        /// A wrong placement of the same digit that sees the cell: the likely
        /// reason it was removed.
        after: Option<Cell>,
    },
}

impl Mistake {
    /// The cell the mistake is in.
    pub fn cell(&self) -> Cell {
        match *self {
            Mistake::ChangedGiven { cell, .. }
            | Mistake::WrongDigit { cell, .. }
            | Mistake::RemovedSolution { cell, .. } => cell,
        }
    }

    /// The kebab-case name JSON writes: `changed-given`, `wrong-digit`, `removed-solution`.
    pub fn kind(&self) -> &'static str {
        match self {
            Mistake::ChangedGiven { .. } => "changed-given",
            Mistake::WrongDigit { .. } => "wrong-digit",
            Mistake::RemovedSolution { .. } => "removed-solution",
        }
    }
}

impl fmt::Display for Mistake {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Mistake::ChangedGiven { cell, given, found: Some(found) } => {
                write!(f, "{cell}={found} changes the given {given}")
            }
            Mistake::ChangedGiven { cell, given, found: None } => write!(f, "{cell}: the given {given} is missing"),
            Mistake::WrongDigit { cell, placed, solution } => {
                write!(f, "{cell}={placed} is wrong: the solution has {solution}")
            }
            Mistake::RemovedSolution { cell, digit, after } => {
                write!(f, "{cell}: {digit} was removed but is the solution's digit")?;
                match after {
                    Some(wrong) => write!(f, " (it follows from {wrong}={digit}, which is wrong)"),
                    None => Ok(()),
                }
            }
        }
    }
}

/// What [`check`] found for one position.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Checked {
    /// The givens have one solution: the position's mistakes (none for a
    /// correct position, however incomplete) and its empty cells.
    Report {
        /// The mistakes, givens first, then by cell.
        mistakes: Vec<Mistake>,
        /// The position's empty cells.
        left: usize,
    },
    /// Nothing to check against, or nothing to check: the givens are not a
    /// puzzle with exactly one solution, or a record is not readable.
    Refused {
        /// Which of the two records.
        of: Side,
        /// Where that record was read (messages name it).
        origin: Origin,
        /// How it ended.
        verdict: Box<Verdict>,
    },
}

/// The two records `check` reads.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Side {
    /// The puzzle as set.
    Givens,
    /// The learner's position.
    Position,
}

impl Side {
    /// `givens` or `position`, as messages name them.
    pub fn as_str(self) -> &'static str {
        match self {
            Side::Givens => "givens",
            Side::Position => "position",
        }
    }
}

impl Checked {
    /// `no-mistakes`, `mistakes`, `changed-givens` (a mistake is a changed
    /// given), or the status of a refused record (`no-solution`, ...).
    pub fn status(&self) -> &'static str {
        match self {
            Checked::Report { mistakes, .. } if mistakes.is_empty() => "no-mistakes",
            Checked::Report { mistakes, .. } if mistakes.iter().any(|m| matches!(m, Mistake::ChangedGiven { .. })) => {
                "changed-givens"
            }
            Checked::Report { .. } => "mistakes",
            Checked::Refused { verdict, .. } => verdict.status.as_str(),
        }
    }
}

/// Checks the `position` against the solution of the puzzle `givens`:
/// refused when the givens do not have exactly one solution.
pub fn check(givens: &Puzzle, position: &Puzzle) -> Checked {
    let puzzle = givens;
    let solution = match validate(puzzle) {
        Ok(solution) => solution,
        Err(outcome) => {
            return Checked::Refused { of: Side::Givens, origin: givens.origin(), verdict: Box::new(outcome.verdict()) }
        }
    };
    let candidates = |c: Cell| position.candidates.as_ref().map_or(DigitSet::ALL, |sets| sets[c.index()]);
    let digit = |v: u8| (v != 0).then(|| Digit::new(v));
    let mut changed = Vec::new();
    let mut wrong = Vec::new();
    let mut removed = Vec::new();
    for cell in Cell::all() {
        let i = cell.index();
        // A digit the givens' side marks as placed since (`+5`) is no given to keep.
        let given = digit(puzzle.givens[i]).filter(|_| !puzzle.placed.contains(cell));
        let (placed, answer) = (digit(position.givens[i]), Digit::new(solution[i]));
        match (given, placed) {
            (Some(given), found) if found != Some(given) => changed.push(Mistake::ChangedGiven { cell, given, found }),
            (Some(_), _) => {}
            (None, Some(placed)) if placed != answer => {
                wrong.push(Mistake::WrongDigit { cell, placed, solution: answer })
            }
            (None, Some(_)) => {}
            (None, None) if !candidates(cell).contains(answer) => {
                removed.push(Mistake::RemovedSolution { cell, digit: answer, after: None })
            }
            (None, None) => {}
        }
    }
    for mistake in &mut removed {
        if let Mistake::RemovedSolution { cell, digit, after } = mistake {
            *after = wrong.iter().find_map(|w| match *w {
                Mistake::WrongDigit { cell: other, placed, .. } if placed == *digit && other.sees(*cell) => Some(other),
                _ => None,
            });
        }
    }
    let mut mistakes = changed;
    mistakes.extend(wrong);
    mistakes.extend(removed);
    let left = position.givens.iter().filter(|&&v| v == 0).count();
    Checked::Report { mistakes, left }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::Exit;

    const SEED: &str = "006002951980500007005039204029160040840203060600078090008050416367901020504020000";
    const SOLUTION: &str = "436782951982514637175639284729165843841293765653478192298357416367941528514826379";

    fn run(givens: &str, position: &str) -> Checked {
        check(&givens.parse().expect("a puzzle"), &position.parse().expect("a puzzle"))
    }

    fn mistakes(c: &Checked) -> Vec<String> {
        match c {
            Checked::Report { mistakes, .. } => mistakes.iter().map(|m| m.to_string()).collect(),
            Checked::Refused { verdict, .. } => panic!("refused: {verdict:?}"),
        }
    }

    /// The position as 81 pencil-mark groups: the solution's digits where
    /// `placed` says, the solution's candidates elsewhere, then `edit` applied.
    fn pencil(edit: impl Fn(usize, String) -> String) -> String {
        let groups: Vec<String> = (0..81)
            .map(|i| {
                let group = if SEED.as_bytes()[i] != b'0' { SOLUTION[i..=i].to_string() } else { "123456789".into() };
                edit(i, group)
            })
            .collect();
        groups.join(" ")
    }

    #[test]
    fn an_incomplete_correct_position_has_no_mistake() {
        let c = run(SEED, SEED);
        assert_eq!(c, Checked::Report { mistakes: vec![], left: 39 });
        assert_eq!((c.status(), c.exit_code()), ("no-mistakes", 0));
        let c = run(SEED, SOLUTION);
        assert_eq!(c, Checked::Report { mistakes: vec![], left: 0 });
        assert_eq!(run(SEED, &pencil(|_, g| g)).exit_code(), 0);
    }

    #[test]
    fn a_wrong_digit_and_a_removed_candidate_are_named_with_their_cells() {
        // r1c1 is 4 in the solution; r1c2 is 3.
        let position = pencil(|i, g| match i {
            0 => "5".into(),
            1 => "1256789".into(),
            _ => g,
        });
        let c = run(SEED, &position);
        assert_eq!(
            mistakes(&c),
            ["r1c1=5 is wrong: the solution has 4", "r1c2: 3 was removed but is the solution's digit"]
        );
        assert_eq!((c.status(), c.exit_code()), ("mistakes", 1));
    }

    #[test]
    fn a_removal_that_follows_from_a_wrong_digit_says_so() {
        // 3 placed in r1c1 (the solution has 4) and so removed from r1c2, whose digit it is.
        let position = pencil(|i, g| match i {
            0 => "3".into(),
            1 => "12456789".into(),
            _ => g,
        });
        assert_eq!(
            mistakes(&run(SEED, &position))[1],
            "r1c2: 3 was removed but is the solution's digit (it follows from r1c1=3, which is wrong)"
        );
    }

    #[test]
    fn changed_givens_are_their_own_kind() {
        // r1c3 is the given 6.
        let mut position = SEED.as_bytes().to_vec();
        position[2] = b'7';
        let c = run(SEED, std::str::from_utf8(&position).unwrap());
        assert_eq!(mistakes(&c), ["r1c3=7 changes the given 6"]);
        assert_eq!((c.status(), c.exit_code()), ("changed-givens", 1));
        position[2] = b'0';
        assert_eq!(mistakes(&run(SEED, std::str::from_utf8(&position).unwrap())), ["r1c3: the given 6 is missing"]);
    }

    /// `+4` is a digit placed since, `{4}` an empty cell down to one
    /// candidate: one is checked as placed, the other as a cell still left.
    #[test]
    fn placed_digits_and_unplaced_singles_are_checked_as_written() {
        let wrong = pencil(|i, g| match i {
            0 => "+5".into(),
            1 => "{4}".into(),
            _ => g,
        });
        let c = run(SEED, &wrong);
        assert_eq!(
            mistakes(&c),
            ["r1c1=5 is wrong: the solution has 4", "r1c2: 3 was removed but is the solution's digit"]
        );
        let right = pencil(|i, g| match i {
            0 => "+4".into(),
            1 => "{3}".into(),
            _ => g,
        });
        assert_eq!(run(SEED, &right), Checked::Report { mistakes: vec![], left: 38 });
        // A digit the givens' side marks as placed is not a given the position must keep.
        let mut givens: Vec<String> = SEED.chars().map(|c| c.to_string()).collect();
        givens[0] = "+4".into();
        let givens = givens.iter().map(|g| if g == "0" { "123456789" } else { g }).collect::<Vec<_>>().join(" ");
        assert_eq!(mistakes(&run(&givens, SEED)), Vec::<String>::new());
        assert_eq!(mistakes(&run(&givens, &format!("7{}", &SEED[1..]))), ["r1c1=7 is wrong: the solution has 4"]);
    }

    #[test]
    fn givens_without_one_solution_are_refused_as_solve_refuses_them() {
        let empty = ".".repeat(81);
        let c = run(&empty, SEED);
        assert_eq!((c.status(), c.exit_code()), ("multiple-solutions", 1));
        let mut clash = SEED.as_bytes().to_vec();
        clash[0] = b'6';
        let c = run(std::str::from_utf8(&clash).unwrap(), SEED);
        assert_eq!((c.status(), c.exit_code()), ("invalid", 2));
        assert!(matches!(c, Checked::Refused { of: Side::Givens, .. }));
    }
}
