//! Difficulty: Sudoku Explainer's three numbers (ER/EP/ED) from the solve
//! path, a named level, and a HoDoKu-style score (the sum of step weights).
//!
//! A solve rates its own path ([`Outcome::rating`](crate::Outcome::rating));
//! [`rate_steps`] rates any path.
//!
//! ```
//! use sudoku::rate::{rate_steps, Level};
//! use sudoku::{solve, Silent, SolveOptions};
//!
//! // The first puzzle of puzzles/seed-001.txt: its hardest step is a trapezoid chain.
//! let line = "000005200060100090850000000400003000071209403000050060200300907003090020000000341";
//! let puzzle = sudoku::input::from_argument(line).remove(0)?;
//! let outcome = solve(&puzzle, SolveOptions::default(), &mut Silent);
//! let rating = rate_steps(&outcome.steps);
//! assert_eq!(rating.triple(), "4.0/4.0/2.6");
//! assert_eq!((rating.level, rating.hardest, rating.score), (Level::Hard, Some("trapezoid-chain"), 1036));
//! assert_eq!(outcome.rating, Some(rating));
//! # Ok::<(), sudoku::input::InputError>(())
//! ```

pub use crate::catalog::Tenths;
use crate::step::Step;
use crate::technique::TechniqueId;
use serde::Serialize;
use std::fmt;

/// Named difficulty levels, by the hardest step of the solve path.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Level {
    /// Singles only.
    Easy,
    /// Up to intersections and naked pairs.
    Medium,
    /// Up to basic fish, wings and single-digit patterns.
    Hard,
    /// Up to the patterns before chains: coloring, finned fish, unique
    /// rectangles, WXYZ-Wing.
    Expert,
    /// Chains, forcing chains and nets, or a brute-force step.
    Extreme,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 5] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert, Level::Extreme];

    /// The lowercase name the outputs print.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Extreme => "extreme",
        }
    }

    /// The level called `name` (as [`Level::name`] writes it).
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == name)
    }

    /// The highest ER (on Sudoku Explainer's scale) a puzzle of this level has.
    /// [`Tenths::MAX`] for the open end, [`Level::Extreme`].
    pub fn max_er(self) -> Tenths {
        match self {
            Level::Easy => Tenths(23),
            Level::Medium => Tenths(30),
            Level::Hard => Tenths(44),
            Level::Expert => Tenths(65),
            Level::Extreme => Tenths::MAX,
        }
    }

    /// The lowest ER a puzzle of this level can have without brute force
    /// (just above the level below); a brute-force path is extreme at any ER.
    pub fn min_er(self) -> Tenths {
        match self {
            Level::Easy => Tenths::ZERO,
            Level::Medium => Tenths(Level::Easy.max_er().0 + 1),
            Level::Hard => Tenths(Level::Medium.max_er().0 + 1),
            Level::Expert => Tenths(Level::Hard.max_er().0 + 1),
            Level::Extreme => Tenths(Level::Expert.max_er().0 + 1),
        }
    }

    /// The level of a path whose hardest step rates `er`.
    pub fn of(er: Tenths, brute_force: bool) -> Level {
        if brute_force {
            return Level::Extreme;
        }
        Level::ALL.into_iter().find(|l| er <= l.max_er()).unwrap_or(Level::Extreme)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A puzzle's difficulty, computed from its solve path.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rating {
    /// The hardest step of the whole solve.
    pub er: Tenths,
    /// The hardest step up to the first placement.
    pub ep: Tenths,
    /// The hardest step up to the first elimination (a placement eliminates
    /// from its peers, so this is the first step's rating).
    pub ed: Tenths,
    /// The named level, from the ER and whether brute force was needed.
    pub level: Level,
    /// Id of the hardest step's technique (`brute-force` when one was needed).
    pub hardest: Option<&'static str>,
    /// HoDoKu-style score: the sum of every step's weight.
    pub score: u32,
    /// Whether some step placed a cell by brute force.
    pub brute_force: bool,
}

impl Rating {
    /// `ER/EP/ED` with one decimal each, as serate prints them.
    pub fn triple(&self) -> String {
        format!("{}/{}/{}", self.er, self.ep, self.ed)
    }
}

/// Rates a solve path. An empty path (a puzzle given solved) rates 0.
/// One pass, each step rated once: the driver rates every solve.
pub fn rate_steps(steps: &[Step]) -> Rating {
    let (mut er, mut ep, mut ed) = (Tenths::ZERO, None, None);
    let mut hardest: Option<(&Step, Tenths)> = None;
    let (mut score, mut brute_force) = (0, false);
    for step in steps {
        let rating = step.rating();
        er = er.max(rating);
        // The first step met among those rated highest.
        if hardest.is_none_or(|(_, highest)| rating > highest) {
            hardest = Some((step, rating));
        }
        if ed.is_none() && (!step.placements.is_empty() || !step.eliminations.is_empty()) {
            ed = Some(er);
        }
        if ep.is_none() && !step.placements.is_empty() {
            ep = Some(er);
        }
        score += step.descriptor().weight;
        brute_force |= step.technique == TechniqueId::BruteForce;
    }
    Rating {
        er,
        ep: ep.unwrap_or(er),
        ed: ed.unwrap_or(er),
        level: Level::of(er, brute_force),
        hardest: hardest.map(|(step, _)| step.descriptor().key),
        score,
        brute_force,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Cell, Digit, House};
    use crate::sets::DigitSet;
    use crate::step::Candidate;

    fn place(id: TechniqueId, house: Option<House>) -> Step {
        let c = Cell::at(0, 0);
        Step::new(id).place(c, Digit::new(1)).pattern([c], DigitSet::single(Digit::new(1)), house)
    }

    fn eliminate(id: TechniqueId) -> Step {
        Step::new(id).eliminate_all([Candidate::new(Cell::at(0, 1), Digit::new(2))])
    }

    #[test]
    fn er_ep_ed_follow_the_path() {
        let steps = [
            eliminate(TechniqueId::Pointing),
            eliminate(TechniqueId::XWing),
            place(TechniqueId::HiddenSingle, Some(House::block(0))),
            eliminate(TechniqueId::XyzWing),
            place(TechniqueId::NakedSingle, None),
        ];
        let r = rate_steps(&steps);
        assert_eq!(r.triple(), "4.4/3.2/2.6");
        assert_eq!(r.level, Level::Hard);
        assert_eq!(r.hardest, Some("xyz-wing"));
        assert_eq!(r.score, 50 + 140 + 14 + 180 + 4);
        assert!(!r.brute_force);
    }

    #[test]
    fn singles_only_is_easy_and_brute_force_is_never_easy() {
        let easy = rate_steps(&[place(TechniqueId::HiddenSingle, Some(House::block(0)))]);
        assert_eq!((easy.triple().as_str(), easy.level), ("1.2/1.2/1.2", Level::Easy));
        let guessed =
            rate_steps(&[place(TechniqueId::HiddenSingle, Some(House::row(0))), place(TechniqueId::BruteForce, None)]);
        assert_eq!(guessed.level, Level::Extreme);
        assert_eq!(guessed.hardest, Some("brute-force"));
        assert!(guessed.brute_force);
    }
}
