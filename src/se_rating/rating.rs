//! The rating loop: SE's path through a puzzle and its ER, EP and ED.

use super::chaining::scratch::Scratch;
use super::producers::{producers, FIRST_CHAINING_PRODUCER};
use super::se_step::{tenths, SeStep};
use super::technique::SeTechnique;
use crate::algo::memo::Memo;
use crate::model::grid::Grid;
use crate::se_rating::scale::Tenths;
use std::ops::ControlFlow;

/// The rating SE gives when no producer finds a step ("beyond solver").
pub(crate) const BEYOND: f64 = 20.0;

/// SE's three numbers for a puzzle and the path that set them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SeRating {
    /// ER: the hardest step of the path.
    pub er: f64,
    /// EP: the hardest step up to the first placement.
    pub ep: f64,
    /// ED: the first step.
    pub ed: f64,
    /// The technique of the step that set each of ER, EP, ED (none for an
    /// already solved grid, or ER beyond every producer).
    pub er_technique: Option<SeTechnique>,
    /// The technique that set EP.
    pub ep_technique: Option<SeTechnique>,
    /// The technique that set ED.
    pub ed_technique: Option<SeTechnique>,
    /// Every step, in order, when asked for.
    pub steps: Vec<SeStep>,
    /// False when the producers ran out before the grid was solved (ER is
    /// then 20.0).
    pub solved: bool,
}

impl SeRating {
    /// ER, EP and ED as SE prints them.
    pub fn tenths(&self) -> (Tenths, Tenths, Tenths) {
        (tenths(self.er), tenths(self.ep), tenths(self.ed))
    }

    /// `ER/EP/ED`, as `se-rate` prints it.
    pub fn triple(&self) -> String {
        let (er, ep, ed) = self.tenths();
        format!("{er}/{ep}/{ed}")
    }
}

/// SE's rating of a puzzle given by its values (0 for empty).
pub fn rate_givens(values: &[u8; 81], keep_steps: bool) -> SeRating {
    rate_grid(&Grid::from_values(values), keep_steps)
}

/// SE's rating of a position: apply the first hint of the first producer
/// that has one until the grid is solved or none has one.
pub fn rate_grid(start: &Grid, keep_steps: bool) -> SeRating {
    rate_grid_within(start, keep_steps, Tenths::MAX).expect("no step rates above the highest rating")
}

/// Like [`rate_grid`], but gives up (`None`) as soon as a step rates above
/// `most`: ER only grows along the path, so the puzzle would rate above it.
pub fn rate_grid_within(start: &Grid, keep_steps: bool, most: Tenths) -> Option<SeRating> {
    let mut grid = start.clone();
    let mut rating = SeRating { solved: true, ..SeRating::default() };
    let mut placed_yet = false;
    // From each producer on, the lowest rating any later hint can have: once
    // it is above `most`, the next hint (or running out) would be too.
    let mut floor: Vec<Tenths> = producers().iter().map(|p| tenths(p.lowest())).collect();
    for i in (0..floor.len().saturating_sub(1)).rev() {
        floor[i] = floor[i].min(floor[i + 1]);
    }
    let mut memo = Memo::default();
    while !grid.is_solved() {
        let mut found = None;
        for (producer, floor) in producers().iter().zip(&floor) {
            if *floor > most {
                return None;
            }
            found = producer.first_with(&grid, &mut memo);
            if found.is_some() {
                break;
            }
        }
        let Some(hint) = found else {
            rating.er = BEYOND;
            rating.er_technique = None;
            rating.solved = false;
            break;
        };
        if hint.rating() > most {
            return None;
        }
        if hint.difficulty > rating.er || rating.er_technique.is_none() {
            rating.er = hint.difficulty;
            rating.er_technique = Some(hint.technique);
        }
        if rating.ed_technique.is_none() {
            rating.ed = rating.er;
            rating.ed_technique = Some(hint.technique);
        }
        if !placed_yet && hint.placement.is_some() {
            // EP is ER as it stands at the first step that places a digit.
            placed_yet = true;
            rating.ep = rating.er;
            rating.ep_technique = rating.er_technique;
        }
        hint.apply(&mut grid);
        memo.get::<Scratch>().next_position();
        if keep_steps {
            rating.steps.push(hint);
        }
    }
    (tenths(rating.er) <= most).then_some(rating)
}

/// How many hints of one chaining producer [`se_steps_at`] lists at most:
/// the nested ones take seconds per position to list them all.
pub const SE_CHAIN_LISTING_CAP: usize = 30;

/// Every hint SE offers at a position, as its list of hints shows them:
/// every hint of the direct and indirect producers; the chains only when
/// those have none, producer by producer up to the first that has one (SE
/// asks for chains only where simpler rules fail), at most
/// [`SE_CHAIN_LISTING_CAP`] per chaining producer, and at most `limit` per
/// producer when given. Easiest first; hints of the same rating in SE's
/// order. Each hint with whether its producer was stopped at the cap.
pub fn se_steps_at(grid: &Grid, limit: Option<usize>) -> Vec<(SeStep, bool)> {
    let mut listed: Vec<(SeStep, bool)> = Vec::new();
    for (index, producer) in producers().iter().enumerate() {
        let chaining = index >= FIRST_CHAINING_PRODUCER;
        if chaining && !listed.is_empty() {
            break;
        }
        let most = match (chaining, limit) {
            (true, Some(limit)) => limit.min(SE_CHAIN_LISTING_CAP),
            (true, None) => SE_CHAIN_LISTING_CAP,
            (false, limit) => limit.unwrap_or(usize::MAX),
        };
        let mut found: Vec<SeStep> = Vec::new();
        let _ = producer.hints(grid, &mut |hint| {
            if !found.contains(&hint) {
                found.push(hint);
            }
            if found.len() >= most {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        let capped = chaining && found.len() >= most;
        listed.extend(found.into_iter().map(|hint| (hint, capped)));
    }
    listed.sort_by_key(|(hint, _)| hint.rating());
    listed
}

/// The step SE takes from a position: the first hint of the first producer
/// that has one (none when the grid is solved or beyond every producer).
pub fn next_se_step(grid: &Grid) -> Option<SeStep> {
    producers().iter().find_map(|p| p.first(grid))
}
