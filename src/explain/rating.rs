//! Difficulty, two ways that are never confused. [`Rating`] is what the
//! puzzle community quotes: Sudoku Explainer 1.2.1's ER/EP/ED, computed on
//! SE's own path by [`crate::se_rating`], with a named level. [`PathSummary`]
//! is what the explanation path says of itself: its hardest step, under the
//! project's names and scale, and a HoDoKu-style score.
//!
//! ```
//! use sudoku_explained::explain::{summarize_path, Level, Settings};
//! use sudoku_explained::{solve, Silent, SolveOptions};
//!
//! // The first puzzle of puzzles/seed-001.txt: the explanation path's
//! // hardest step is a trapezoid chain; SE calls it a Turbot Fish.
//! let line = "000005200060100090850000000400003000071209403000050060200300907003090020000000341";
//! let puzzle = sudoku_explained::io::from_argument(line).remove(0)?;
//! let outcome = solve(&puzzle, SolveOptions::default().with_rate(true), &mut Silent);
//! let path = summarize_path(&outcome.steps, &Settings::default());
//! assert_eq!((path.hardest, path.score), (Some("trapezoid-chain"), 1036));
//! assert_eq!(outcome.path, Some(path));
//! let rating = outcome.rating.expect("asked for");
//! assert_eq!(rating.triple(), "6.6/4.5/2.6");
//! assert_eq!((rating.er_technique.as_deref(), rating.level), (Some("Turbot Fish"), Level::Extreme));
//! # Ok::<(), sudoku_explained::io::InputError>(())
//! ```

use crate::explain::catalog::TechniqueId;
pub use crate::explain::level::Level;
use crate::explain::settings::Settings;
use crate::explain::step::Step;
use crate::se_rating::scale::Tenths;
use crate::se_rating::SeRating;
use serde::Serialize;

/// A puzzle's difficulty as the puzzle community quotes it: Sudoku
/// Explainer 1.2.1's three numbers from SE's own path
/// ([`crate::se_rating`]), the techniques that set them, the level they
/// fall in, and the score of the explanation path (when it was taken).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[non_exhaustive]
pub struct Rating {
    /// ER: SE's hardest step (20.0 when SE's techniques cannot solve it).
    pub er: Tenths,
    /// EP: SE's hardest step up to its first placement.
    pub ep: Tenths,
    /// ED: SE's first step.
    pub ed: Tenths,
    /// SE's name of the technique that set ER (none when SE has no path).
    pub er_technique: Option<String>,
    /// SE's name of the technique that set EP.
    pub ep_technique: Option<String>,
    /// SE's name of the technique that set ED.
    pub ed_technique: Option<String>,
    /// The named level, from ER.
    pub level: Level,
    /// HoDoKu-style score of the explanation path: the sum of every step's
    /// weight. None when only SE's path was taken (`rate --se-only`).
    pub score: Option<u32>,
    /// SE's path, when asked for (`rate --steps`): every step with its
    /// rating, SE's name and text.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub steps: Vec<SeStepLine>,
}

/// One step of SE's path as `rate --steps` prints it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeStepLine {
    /// The step's rating.
    pub rating: Tenths,
    /// SE's name of its technique.
    pub technique: String,
    /// The step as SE writes it: `Hidden Single: r1c3: 6 in block`.
    pub text: String,
}

impl Rating {
    /// The rating from SE's path and the explanation path's summary, if
    /// that path was taken; the level by the boundaries of `settings`.
    pub fn new(se: &SeRating, path: Option<&PathSummary>, settings: &Settings) -> Rating {
        let (er, ep, ed) = se.tenths();
        let name = |t: &Option<crate::se_rating::SeTechnique>| t.as_ref().map(|t| t.to_string());
        Rating {
            er,
            ep,
            ed,
            er_technique: name(&se.er_technique),
            ep_technique: name(&se.ep_technique),
            ed_technique: name(&se.ed_technique),
            level: settings.level_of(er, false),
            score: path.map(|p| p.score),
            steps: se
                .steps
                .iter()
                .map(|h| SeStepLine { rating: h.rating(), technique: h.technique.to_string(), text: h.text() })
                .collect(),
        }
    }

    /// `ER/EP/ED` with one decimal each, as serate prints them.
    pub fn triple(&self) -> String {
        format!("{}/{}/{}", self.er, self.ep, self.ed)
    }

    /// The techniques that set ER, EP and ED, as `rate` prints them:
    /// `Forcing Chain / Hidden Single / Hidden Single`.
    pub fn techniques(&self) -> String {
        let show = |t: &Option<String>| t.clone().unwrap_or_else(|| "none".to_string());
        format!("{} / {} / {}", show(&self.er_technique), show(&self.ep_technique), show(&self.ed_technique))
    }
}

/// What the explanation path says of itself: its hardest step, on the
/// project's own scale and under the project's names, and its score. Never
/// printed as ER/EP/ED, which are SE's ([`Rating`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[non_exhaustive]
pub struct PathSummary {
    /// Id of the hardest logical step's technique (none when every step was
    /// brute force, or there were none).
    pub hardest: Option<&'static str>,
    /// That step's rating on the project's scale.
    pub hardest_rating: Tenths,
    /// HoDoKu-style score: the sum of every step's weight.
    pub score: u32,
    /// Whether some step placed a cell by brute force.
    pub brute_force: bool,
}

/// Sums up a solve path, each step weighing what `settings` says. An empty
/// path (a puzzle given solved) has no hardest step and scores 0. One pass,
/// each step rated once.
pub fn summarize_path(steps: &[Step], settings: &Settings) -> PathSummary {
    let mut hardest: Option<(&Step, Tenths)> = None;
    let (mut score, mut brute_force) = (0, false);
    for step in steps {
        score += settings.weight(step.technique);
        if step.technique == TechniqueId::BruteForce {
            brute_force = true;
            continue;
        }
        let rating = step.rating();
        // The first step met among those rated highest.
        if hardest.is_none_or(|(_, highest)| rating > highest) {
            hardest = Some((step, rating));
        }
    }
    PathSummary {
        hardest: hardest.map(|(step, _)| step.descriptor().key),
        hardest_rating: hardest.map_or(Tenths::ZERO, |(_, r)| r),
        score,
        brute_force,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::cell::Candidate;
    use crate::model::cell::{Cell, Digit};
    use crate::model::grid::House;
    use crate::model::sets::DigitSet;

    fn place(id: TechniqueId, house: Option<House>) -> Step {
        let c = Cell::at(0, 0);
        Step::new(id).place(c, Digit::new(1)).pattern([c], DigitSet::single(Digit::new(1)), house)
    }

    fn eliminate(id: TechniqueId) -> Step {
        Step::new(id).eliminate_all([Candidate::new(Cell::at(0, 1), Digit::new(2))])
    }

    #[test]
    fn a_path_is_summed_up_by_its_hardest_logical_step_and_its_score() {
        let steps = [
            eliminate(TechniqueId::Pointing),
            eliminate(TechniqueId::XWing),
            place(TechniqueId::HiddenSingle, Some(House::block(0))),
            eliminate(TechniqueId::XyzWing),
            place(TechniqueId::BruteForce, None),
        ];
        let path = summarize_path(&steps, &Settings::default());
        assert_eq!((path.hardest, path.hardest_rating), (Some("xyz-wing"), Tenths(44)));
        assert_eq!(path.score, 50 + 140 + 14 + 180 + TechniqueId::BruteForce.descriptor().weight);
        assert!(path.brute_force);
        assert_eq!(summarize_path(&[], &Settings::default()).hardest, None);
    }

    #[test]
    fn the_level_follows_se_er() {
        let path = summarize_path(&[place(TechniqueId::HiddenSingle, Some(House::block(0)))], &Settings::default());
        let rated = |er: f64| {
            let se = SeRating { er, ep: 1.2, ed: 1.2, ..SeRating::default() };
            Rating::new(&se, Some(&path), &Settings::default())
        };
        assert_eq!(
            (rated(2.3).level, rated(2.5).level, rated(6.6).level),
            (Level::Easy, Level::Medium, Level::Extreme)
        );
        assert_eq!(rated(7.3 - 0.000_000_1).triple(), "7.3/1.2/1.2");
        assert_eq!(rated(20.0).level, Level::Extreme);
    }
}
