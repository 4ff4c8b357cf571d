//! Hints: the next step the driver would take, told as much as asked.
//!
//! ```
//! use sudoku::hint::{hint_text, HintLevel};
//! use sudoku::search::Search;
//!
//! // The first puzzle of puzzles/seed-001.txt: its first step is a pointing pair.
//! let line = "000005200060100090850000000400003000071209403000050060200300907003090020000000341";
//! let grid = sudoku::input::from_argument(line).remove(0)?.grid();
//! let step = Search::default().next_step(&grid).expect("a step");
//! assert_eq!(hint_text(&step, HintLevel::Vague), "Look for Pointing on 1.");
//! assert_eq!(hint_text(&step, HintLevel::Concrete), "Look for Pointing: 1 in b1,r1 (r1c1 r1c2).");
//! assert_eq!(hint_text(&step, HintLevel::Full), step.text());
//! # Ok::<(), sudoku::input::InputError>(())
//! ```

use crate::grid::Grid;
use crate::outcome::Verdict;
use crate::step::Step;
use crate::technique::TechniqueId;

/// What `hint` has to say about one record.
#[derive(Clone, Debug)]
pub enum Hint {
    /// The next step from `grid`, the record's position.
    Next {
        /// The record's position.
        grid: Box<Grid>,
        /// The step the solver would take from it.
        step: Step,
    },
    /// The position has no empty cell left.
    Solved {
        /// The line the record started on.
        line: usize,
    },
    /// Not a position with exactly one solution: why not.
    Refused(Verdict),
}

impl Hint {
    /// The process exit code this hint asks for, as a solve's status would.
    pub fn exit_code(&self) -> u8 {
        match self {
            Hint::Next { .. } | Hint::Solved { .. } => 0,
            Hint::Refused(verdict) => verdict.status.exit_code(),
        }
    }
}

/// How much a hint gives away.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum HintLevel {
    /// The technique to look for (and its digit, for one-digit patterns).
    Vague,
    /// The technique with the pattern's cells, digits and houses.
    Concrete,
    /// The whole step: result and reason.
    Full,
}

/// "a " or "an " by how the name sounds (X-Wing starts with a vowel sound),
/// none for a name that is an action (Pointing, Claiming, Coloring).
fn article(name: &str) -> &'static str {
    // "Wing" is a thing, not an action: "an X-Wing", but "look for Pointing".
    if name.ends_with("ing") && !name.ends_with("Wing") {
        return "";
    }
    let first = name.chars().next().unwrap_or(' ');
    let vowel_sound = matches!(first, 'A' | 'E' | 'I' | 'O' | 'X') || (first == 'U' && !name.starts_with("Uni"));
    if vowel_sound {
        "an "
    } else {
        "a "
    }
}

/// The hint for `step` at `level`.
pub fn hint_text(step: &Step, level: HintLevel) -> String {
    let name = step.technique.name();
    if step.technique == TechniqueId::BruteForce {
        return match level {
            HintLevel::Vague => {
                "No technique of this solver applies here; the next cell has to be guessed.".to_string()
            }
            HintLevel::Concrete => format!("No technique applies; guess {}.", step.pattern_text()),
            HintLevel::Full => step.text(),
        };
    }
    match level {
        HintLevel::Vague => match step.digits.single_digit() {
            Some(d) => format!("Look for {}{name} on {d}.", article(name)),
            None => format!("Look for {}{name}.", article(name)),
        },
        HintLevel::Concrete => format!("Look for {}{name}: {}.", article(name), step.pattern_text()),
        HintLevel::Full => step.text(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Cell, Digit, House};
    use crate::sets::DigitSet;
    use crate::step::Candidate;

    #[test]
    fn each_level_tells_more() {
        let d = Digit::new(7);
        let cells = [Cell::at(1, 2), Cell::at(1, 7), Cell::at(5, 2), Cell::at(5, 7)];
        let step = Step::new(TechniqueId::XWing)
            .eliminate_all([Candidate::new(Cell::at(3, 2), d)])
            .pattern(cells, DigitSet::single(d), [House::row(1), House::row(5), House::col(2), House::col(7)])
            .because("in rows 2 and 6, 7 can only be in columns 3 and 8");
        assert_eq!(hint_text(&step, HintLevel::Vague), "Look for an X-Wing on 7.");
        assert_eq!(
            hint_text(&step, HintLevel::Concrete),
            "Look for an X-Wing: 7 in r2,r6,c3,c8 (r2c3 r2c8 r6c3 r6c8)."
        );
        assert_eq!(hint_text(&step, HintLevel::Full), step.text());
        assert_eq!(article("Naked Pair"), "a ");
        assert_eq!(article("Unique Rectangle"), "a ");
        assert_eq!(article("Empty Rectangle"), "an ");
        assert_eq!(article("Pointing"), "");
    }
}
