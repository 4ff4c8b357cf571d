//! Every step at a position (`sudoku steps`): each technique's instances,
//! grouped by technique in the order the techniques are tried, filtered,
//! collapsed and sorted as asked.
//!
//! ```
//! use sudoku_explained::explain::{steps_at, StepsOptions};
//! use sudoku_explained::{Grid, TechniqueId};
//!
//! // The first puzzle of puzzles/easy-singles-sample.txt.
//! let grid: Grid = "........2.....4..1.1..52.3......3.2...1.4...7..527.46813..2...4.7.38.2.96294.7...".parse()?;
//! let listed = steps_at(&grid, &StepsOptions::default());
//! let singles = listed.iter().find(|g| g.technique == TechniqueId::HiddenSingle).expect("hidden singles");
//! assert!(singles.steps.len() > 1, "every hidden single, not only the first");
//! # Ok::<(), sudoku_explained::io::InputError>(())
//! ```

use crate::algo::memo::Memo;
use crate::explain::catalog::TechniqueId;
use crate::explain::settings::Settings;
use crate::explain::step::Step;
use crate::explain::technique::{every_step_with, registry, Distinct, TechniqueSet};
use crate::model::cell::Candidate;
use crate::model::grid::Grid;
use crate::se_rating::scale::Tenths;
use std::collections::HashSet;
use std::ops::ControlFlow;

/// How [`steps_at`] orders what it lists.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
#[non_exhaustive]
pub enum StepOrder {
    /// Techniques in the order they are tried, each one's instances in the
    /// order its search meets them.
    #[default]
    Technique,
    /// Easiest first: each technique's instances by their rating, and the
    /// techniques by their easiest instance (ties in the order tried).
    Rating,
    /// Most candidates removed first: each technique's instances by the
    /// candidates they remove (a placement removes its cell's other
    /// candidates and the digit from its peers), and the techniques by their
    /// best instance (ties in the order tried).
    Removed,
}

/// What [`steps_at`] lists.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct StepsOptions {
    /// The techniques asked.
    pub techniques: TechniqueSet,
    /// Instances with the same result (the same placements and
    /// eliminations) collapse into the simplest: the first technique tried,
    /// and its easiest instance.
    pub unique: bool,
    /// At most this many instances per technique are kept; the rest are
    /// counted ([`TechniqueSteps::more`]).
    pub limit: Option<usize>,
    /// How the list is ordered.
    pub order: StepOrder,
    /// The order the techniques are tried in, and which are on.
    pub settings: Settings,
}

impl Default for StepsOptions {
    fn default() -> Self {
        StepsOptions {
            techniques: TechniqueSet::all(),
            unique: false,
            limit: None,
            order: StepOrder::Technique,
            settings: Settings::default(),
        }
    }
}

impl StepsOptions {
    /// These options with `techniques`.
    pub fn with_techniques(mut self, techniques: TechniqueSet) -> Self {
        self.techniques = techniques;
        self
    }

    /// These options collapsing instances with the same result, or not.
    pub fn with_unique(mut self, unique: bool) -> Self {
        self.unique = unique;
        self
    }

    /// These options keeping at most `limit` instances per technique.
    pub fn with_limit(mut self, limit: Option<usize>) -> Self {
        self.limit = limit;
        self
    }

    /// These options with `settings`' order and switches.
    pub fn with_settings(mut self, settings: Settings) -> Self {
        self.settings = settings;
        self
    }

    /// These options ordering by `order`.
    pub fn with_order(mut self, order: StepOrder) -> Self {
        self.order = order;
        self
    }
}

/// One technique's instances at a position.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct TechniqueSteps {
    /// The technique.
    pub technique: TechniqueId,
    /// Its instances, as ordered and as many as the limit keeps.
    pub steps: Vec<Step>,
    /// How many more instances were found than `steps` holds.
    pub more: usize,
    /// The search was stopped after this many instances (the technique's
    /// listing cap, see `Descriptor::listing_cap`): there may be others.
    pub capped: Option<usize>,
}

/// Every instance of every technique of `options` that changes `grid`,
/// grouped by technique; techniques with none are left out. Each instance
/// is listed once, however many parts of a search met it.
pub fn steps_at(grid: &Grid, options: &StepsOptions) -> Vec<TechniqueSteps> {
    let mut memo = Memo::default();
    let mut groups: Vec<TechniqueSteps> = options
        .settings
        .tried(options.techniques)
        .map(|id| registry()[id as usize])
        .map(|technique| {
            let cap = technique.descriptor().listing_cap;
            let mut steps = Distinct::default();
            let mut capped = None;
            let _ = every_step_with(technique, grid, &mut memo, &mut |step| {
                if step.makes_progress(grid) && steps.insert(step) && cap.is_some_and(|cap| steps.len() >= cap) {
                    capped = cap;
                    return ControlFlow::Break(());
                }
                ControlFlow::Continue(())
            });
            TechniqueSteps { technique: technique.id(), steps: steps.steps, more: 0, capped }
        })
        .filter(|group| !group.steps.is_empty())
        .collect();
    for group in &mut groups {
        sort_within(&mut group.steps, options.order, grid);
    }
    if options.unique {
        // The groups are in the order tried and each one's instances
        // easiest first, so the first met of a result is its simplest.
        let mut seen = HashSet::new();
        for group in &mut groups {
            let mut indexed: Vec<(usize, Step)> = std::mem::take(&mut group.steps).into_iter().enumerate().collect();
            indexed.sort_by_key(|(_, step)| step.rating());
            indexed.retain(|(_, step)| seen.insert(result_of(step)));
            indexed.sort_by_key(|&(i, _)| i);
            group.steps = indexed.into_iter().map(|(_, step)| step).collect();
        }
        groups.retain(|group| !group.steps.is_empty());
    }
    if let Some(limit) = options.limit {
        for group in &mut groups {
            group.more = group.steps.len().saturating_sub(limit);
            group.steps.truncate(limit);
        }
    }
    match options.order {
        StepOrder::Technique => {}
        // Stable: ties stay in the order tried.
        StepOrder::Rating => groups.sort_by_key(|g| g.steps.iter().map(Step::rating).min().unwrap_or(Tenths::MAX)),
        StepOrder::Removed => {
            groups.sort_by_key(|g| std::cmp::Reverse(g.steps.iter().map(|s| removed(s, grid)).max().unwrap_or(0)))
        }
    }
    groups
}

/// A step's result: its placements and eliminations.
fn result_of(step: &Step) -> (Vec<Candidate>, Vec<Candidate>) {
    let mut placements = step.placements.clone();
    placements.sort();
    (placements, step.eliminations.clone())
}

fn sort_within(steps: &mut [Step], order: StepOrder, grid: &Grid) {
    match order {
        StepOrder::Technique => {}
        StepOrder::Rating => steps.sort_by_key(Step::rating),
        StepOrder::Removed => steps.sort_by_key(|s| std::cmp::Reverse(removed(s, grid))),
    }
}

/// The candidates of `grid` the step removes: its eliminations, and for
/// each placement its cell's other candidates and the digit in its peers.
pub(crate) fn removed(step: &Step, grid: &Grid) -> usize {
    let mut after = grid.clone();
    step.apply_to(&mut after);
    let count = |g: &Grid| -> usize { crate::model::cell::Cell::all().map(|c| g.candidates(c).len() as usize).sum() };
    count(grid).saturating_sub(count(&after))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first puzzle of puzzles/seed-001.txt, whose first step is a pointing pair.
    const SEED: &str = "000005200060100090850000000400003000071209403000050060200300907003090020000000341";
    /// The first puzzle of puzzles/easy-singles-sample.txt: singles only.
    const EASY: &str = "........2.....4..1.1..52.3......3.2...1.4...7..527.46813..2...4.7.38.2.96294.7...";

    fn grid() -> Grid {
        SEED.parse().expect("a puzzle")
    }

    #[test]
    fn lists_every_hidden_single_each_once_and_only_steps_that_change_the_grid() {
        let grid: Grid = EASY.parse().expect("a puzzle");
        let listed = steps_at(&grid, &StepsOptions::default());
        let singles = listed.iter().find(|g| g.technique == TechniqueId::HiddenSingle).expect("hidden singles");
        // Every hidden single of the position, counted by hand from the candidates.
        let mut expected = HashSet::new();
        for house in crate::model::grid::House::all() {
            for digit in grid.digits_with_one_place(house).iter() {
                let cell = house.cells().intersection(grid.cells_with(digit)).first().expect("one place");
                expected.insert(Candidate::new(cell, digit));
            }
        }
        let listed: HashSet<Candidate> = singles.steps.iter().map(|s| s.placements[0]).collect();
        assert!(expected.len() > 1, "a position with several hidden singles");
        assert_eq!(listed, expected);
        for group in steps_at(&grid, &StepsOptions::default()) {
            for step in &group.steps {
                assert!(step.makes_progress(&grid), "{}", step.text());
            }
        }
    }

    #[test]
    fn limit_keeps_the_first_and_counts_the_rest() {
        let grid = grid();
        let all = steps_at(&grid, &StepsOptions::default());
        let limited = steps_at(&grid, &StepsOptions::default().with_limit(Some(1)));
        assert_eq!(all.len(), limited.len());
        for (a, l) in all.iter().zip(&limited) {
            assert_eq!(l.steps, a.steps[..1]);
            assert_eq!(l.more, a.steps.len() - 1);
        }
    }

    #[test]
    fn unique_keeps_one_instance_per_result_in_the_simplest_technique() {
        let grid = grid();
        let all = steps_at(&grid, &StepsOptions::default());
        let unique = steps_at(&grid, &StepsOptions::default().with_unique(true));
        let results = |groups: &[TechniqueSteps]| -> Vec<_> {
            groups.iter().flat_map(|g| g.steps.iter().map(result_of)).collect()
        };
        let (all_results, unique_results) = (results(&all), results(&unique));
        let distinct: HashSet<_> = all_results.iter().cloned().collect();
        assert_eq!(unique_results.len(), distinct.len(), "each result once");
        assert!(unique_results.len() < all_results.len(), "this position has repeated results");
        // A placement found as a full house, naked and hidden single is kept as the first tried.
        for group in &unique {
            for step in &group.steps {
                let first = all.iter().find(|g| g.steps.iter().any(|s| result_of(s) == result_of(step))).unwrap();
                assert_eq!(first.technique, group.technique, "{}", step.text());
            }
        }
    }

    #[test]
    fn sorting_by_removed_puts_the_biggest_first() {
        let grid = grid();
        let listed = steps_at(&grid, &StepsOptions::default().with_order(StepOrder::Removed));
        let best: Vec<usize> = listed.iter().map(|g| removed(&g.steps[0], &grid)).collect();
        assert!(best.windows(2).all(|w| w[0] >= w[1]), "{best:?}");
        for group in &listed {
            let counts: Vec<usize> = group.steps.iter().map(|s| removed(s, &grid)).collect();
            assert!(counts.windows(2).all(|w| w[0] >= w[1]), "{counts:?}");
        }
        let by_rating = steps_at(&grid, &StepsOptions::default().with_order(StepOrder::Rating));
        let easiest: Vec<Tenths> = by_rating.iter().map(|g| g.steps[0].rating()).collect();
        assert!(easiest.windows(2).all(|w| w[0] <= w[1]), "{easiest:?}");
    }

    #[test]
    fn only_the_techniques_asked_are_listed() {
        let set = TechniqueSet::parse("hidden-single,pointing").unwrap();
        let listed = steps_at(&EASY.parse().expect("a puzzle"), &StepsOptions::default().with_techniques(set));
        let ids: Vec<TechniqueId> = listed.iter().map(|g| g.technique).collect();
        assert_eq!(ids, [TechniqueId::HiddenSingle, TechniqueId::Pointing]);
    }
}
