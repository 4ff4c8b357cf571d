//! The process exit code each kind of result asks for: the codes the
//! `sudoku` binary exits with, the worst over a batch. They belong to the
//! batch, not to the results: a library caller has no process to end.

use crate::exact::Count;
use crate::explain::outcome::{Outcome, Status, Verdict};
use crate::tools::all_steps::Listing;
use crate::tools::check::Checked;
use crate::tools::hint::Hint;

/// The exit code a result asks for: 0 done, 1 read but not done (no
/// solution, several, stuck, mistakes found), 2 not a puzzle.
pub trait Exit {
    /// The code, 0, 1 or 2.
    fn exit_code(&self) -> u8;
}

impl Exit for Status {
    fn exit_code(&self) -> u8 {
        match self {
            Status::Solved => 0,
            Status::Stuck | Status::NoSolution | Status::MultipleSolutions => 1,
            Status::Invalid => 2,
        }
    }
}

impl Exit for Outcome {
    fn exit_code(&self) -> u8 {
        self.status.exit_code()
    }
}

impl Exit for Verdict {
    fn exit_code(&self) -> u8 {
        self.status.exit_code()
    }
}

impl Exit for Count {
    /// 0 for exactly one solution, 1 for none or several, 2 for input that is not a puzzle.
    fn exit_code(&self) -> u8 {
        match (&self.error, self.solutions, self.capped) {
            (Some(_), _, _) => 2,
            (None, 1, false) => 0,
            _ => 1,
        }
    }
}

impl Exit for Hint {
    /// As a solve's status would: a hint or a solved position is 0.
    fn exit_code(&self) -> u8 {
        match self {
            Hint::Next { .. } | Hint::Solved { .. } => 0,
            Hint::Refused(verdict) => verdict.status.exit_code(),
        }
    }
}

impl Exit for Listing {
    /// As a hint's: steps listed (even none) or a solved position is 0.
    fn exit_code(&self) -> u8 {
        match self {
            Listing::Steps { .. } | Listing::Se { .. } | Listing::Solved { .. } => 0,
            Listing::Refused(verdict) => verdict.status.exit_code(),
        }
    }
}

impl Exit for Checked {
    /// 0 for no mistakes; 1 for mistakes, as for a puzzle read but not
    /// solved (and for givens without exactly one solution); 2 for a record
    /// that is not a puzzle.
    fn exit_code(&self) -> u8 {
        match self {
            Checked::Report { mistakes, .. } => u8::from(!mistakes.is_empty()),
            Checked::Refused { verdict, .. } => verdict.status.exit_code(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::check::Mistake;

    #[test]
    fn codes_follow_the_status() {
        let codes: Vec<u8> =
            [Status::Solved, Status::Stuck, Status::NoSolution, Status::MultipleSolutions, Status::Invalid]
                .iter()
                .map(Exit::exit_code)
                .collect();
        assert_eq!(codes, [0, 1, 1, 1, 2]);
        let count = |solutions, capped, error: Option<&str>| Count {
            puzzle: None,
            solutions,
            capped,
            error: error.map(String::from),
        };
        assert_eq!(
            [count(1, false, None), count(1, true, None), count(0, false, None), count(0, false, Some("bad"))]
                .map(|c| c.exit_code()),
            [0, 1, 1, 2]
        );
        let report = |mistakes: Vec<Mistake>| Checked::Report { mistakes, left: 3 };
        let wrong = Mistake::WrongDigit {
            cell: crate::model::cell::Cell::at(0, 0),
            placed: crate::model::cell::Digit::new(1),
            solution: crate::model::cell::Digit::new(2),
        };
        assert_eq!((report(vec![]).exit_code(), report(vec![wrong]).exit_code()), (0, 1));
    }
}
