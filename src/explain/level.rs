//! The named difficulty levels, easy to extreme, and their default
//! boundaries on Sudoku Explainer's scale (a configuration may move them:
//! see `settings`).

use crate::se_rating::scale::Tenths;
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
