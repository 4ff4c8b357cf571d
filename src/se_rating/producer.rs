//! `Producer`: one of SE's techniques as the rating loop asks it, and what
//! a producer whose hints each lie in one digit or one house skips.

use super::se_step::SeStep;
use super::technique::SeTechnique;
use crate::algo::memo::Memo;
use crate::model::cell::Digit;
use crate::model::changes::Changes;
use crate::model::grid::{Grid, House};
use crate::model::sets::{CellSet, DigitSet};
use std::ops::ControlFlow;

/// One of SE 1.2.1's hint producers. It reads the grid and offers its
/// hints, in SE's order for that producer, to `sink` until the sink says
/// to stop; it never changes the grid and keeps nothing between calls.
pub(crate) trait Producer: Sync {
    /// Offers every hint, in order, until `sink` breaks.
    fn hints(&self, grid: &Grid, sink: &mut dyn FnMut(SeStep) -> ControlFlow<()>) -> ControlFlow<()>;

    /// The lowest rating any of its hints can have. The rating loop uses it
    /// to stop early when only ratings up to a bound are of interest.
    fn lowest(&self) -> f64 {
        0.0
    }

    /// The first hint, if any: the one the rating loop applies.
    fn first(&self, grid: &Grid) -> Option<SeStep> {
        first_of(|sink| self.hints(grid, sink))
    }

    /// Whether each of its hints reads one digit's candidates and
    /// placements only, or one house's cells only.
    fn locality(&self) -> Option<Locality> {
        None
    }

    /// Its hints within `window`, for a local producer (see `locality`);
    /// every hint for the others.
    fn hints_in(
        &self,
        grid: &Grid,
        _window: Window,
        sink: &mut dyn FnMut(SeStep) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.hints(grid, sink)
    }

    /// [`Producer::first`], with what the producers keep along the rating
    /// loop (it never changes what they find): a local producer looks only
    /// at what changed since it last found nothing.
    fn first_with(&self, grid: &Grid, memo: &mut Memo) -> Option<SeStep> {
        match self.locality() {
            Some(locality) => memo
                .get::<LocalQuiet>()
                .first(locality, grid, |window| first_of(|sink| self.hints_in(grid, window, sink))),
            None => self.first(grid),
        }
    }
}

/// What each hint of a local producer reads: one digit's candidates and
/// placements, or one house's cells. The technique (the first, for a
/// producer of two) keys its last quiet position.
#[derive(Clone, Copy)]
pub(crate) enum Locality {
    /// Each hint reads one digit.
    Digit(SeTechnique),
    /// Each hint reads one house.
    House(SeTechnique),
}

/// The digits and the houses a local producer looks at.
#[derive(Clone, Copy)]
pub(crate) struct Window {
    pub(crate) digits: DigitSet,
    /// A bit per house index.
    houses: u32,
    /// For each digit, the cells where a nested search took it out: a
    /// nested rule's hint counts only if it relies on such a candidate
    /// being gone (its "rule parents"), and Locking's and the fish's hints
    /// rely on their digit's absence from cells of the houses they start
    /// from. Every cell outside nested searches.
    lost: [CellSet; 9],
}

/// For each digit, the cells where a grid a nested search reduced lacks
/// it and the grid the search started from has it.
#[derive(Clone, Copy)]
pub(crate) struct Losses([CellSet; 9]);

impl Losses {
    /// Where `work` lost candidates of each digit that `start` had.
    pub(crate) fn between(start: &Grid, work: &Grid) -> Losses {
        Losses(std::array::from_fn(|i| {
            let digit = Digit::from_index(i);
            start.cells_with(digit).difference(work.cells_with(digit))
        }))
    }
}

/// Every house, a bit per house index.
const ALL_HOUSES: u32 = (1 << 27) - 1;

impl Window {
    /// Every digit and every house.
    pub(crate) const ALL: Window = Window { digits: DigitSet::ALL, houses: ALL_HOUSES, lost: [CellSet::ALL; 9] };

    /// No digit and no house.
    pub(crate) const NONE: Window = Window { digits: DigitSet::EMPTY, houses: 0, lost: [CellSet::ALL; 9] };

    /// The digits and houses of either.
    pub(crate) fn union(self, other: Window) -> Window {
        Window {
            digits: self.digits.union(other.digits),
            houses: self.houses | other.houses,
            lost: std::array::from_fn(|i| self.lost[i].union(other.lost[i])),
        }
    }

    /// The digits and the houses where `now`, reduced from `then`, differs
    /// from it: a local producer's hints elsewhere read nothing that changed.
    pub(crate) fn changed(then: &Grid, now: &Grid) -> Window {
        let changes = Changes::between(then, now);
        Window { digits: changes.digits, houses: changes.houses(), lost: [CellSet::ALL; 9] }
    }

    /// This window, for a nested rule on a grid a search reduced from
    /// another: only a hint relying on a cell where its digit was taken
    /// out has rule parents.
    pub(crate) fn relying_on(self, losses: Losses) -> Window {
        Window { lost: losses.0, ..self }
    }

    pub(crate) fn holds(self, house: House) -> bool {
        self.houses >> house.index() & 1 == 1
    }

    /// The cells where `digit` was taken out in a nested search (every
    /// cell elsewhere).
    pub(crate) fn lost(self, digit: Digit) -> CellSet {
        self.lost[digit.index()]
    }
}

/// The first hint `hints` offers to its sink.
pub(crate) fn first_of(
    hints: impl FnOnce(&mut dyn FnMut(SeStep) -> ControlFlow<()>) -> ControlFlow<()>,
) -> Option<SeStep> {
    let mut found = None;
    let _ = hints(&mut |hint| {
        found = Some(hint);
        ControlFlow::Break(())
    });
    found
}

/// The last position where each local producer (see `Producer::locality`)
/// found nothing. At a later position of the rating loop only the digits,
/// or the houses, that changed since can have a hint; the others are
/// skipped, which leaves the first hint as it was (the order among the
/// rest is kept).
#[derive(Default)]
pub(crate) struct LocalQuiet(pub(super) Vec<(SeTechnique, Grid)>);

impl LocalQuiet {
    /// The first hint `search` finds within the window left to a producer
    /// of this locality; a position where it finds none is kept.
    fn first(
        &mut self,
        locality: Locality,
        grid: &Grid,
        search: impl FnOnce(Window) -> Option<SeStep>,
    ) -> Option<SeStep> {
        let key = match locality {
            Locality::Digit(key) | Locality::House(key) => key,
        };
        let at = self.0.iter().position(|(k, _)| *k == key);
        let window = match (at, locality) {
            (None, _) => Window::ALL,
            (Some(i), Locality::Digit(_)) => {
                Window { digits: Changes::between(&self.0[i].1, grid).digits, ..Window::ALL }
            }
            (Some(i), Locality::House(_)) => {
                Window { houses: Changes::between(&self.0[i].1, grid).houses(), ..Window::ALL }
            }
        };
        let found = search(window);
        if found.is_none() {
            match at {
                Some(i) => self.0[i].1 = grid.clone(),
                None => self.0.push((key, grid.clone())),
            }
        }
        found
    }
}

/// The texts of the hints `producer` offers on `work`, as a nested rule
/// on a grid a search reduced from `start`.
#[cfg(test)]
pub(crate) fn texts_relying_on_losses(producer: &dyn Producer, start: &Grid, work: &Grid) -> Vec<String> {
    let window = Window::ALL.relying_on(Losses::between(start, work));
    let mut texts = Vec::new();
    let _ = producer.hints_in(work, window, &mut |hint| {
        texts.push(hint.text());
        ControlFlow::Continue(())
    });
    texts
}
