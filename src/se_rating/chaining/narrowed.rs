//! The static Multiple engine on a grid reduced from one where it found
//! nothing: which of its searches can still meet, told from where the
//! links of the first grid lead and from the strong links made since.
//! The nested levels run that engine on thousands of reduced grids a step.

use super::links::StaticLinks;
use super::potential::{pot, Pot, PotSet, POTS};
use super::reach::Reach;
use crate::model::cell::{Cell, Digit};
use crate::model::grid::{Grid, House};
use crate::model::sets::CellSet;
use std::cell::{Ref, RefCell};

/// A grid reduced from `start`, where the static Multiple engine found no
/// hint, nor the unary one, and no cell held a single candidate. A hint on
/// the reduced grid whose chains use only links `start` has, from a cell or
/// house holding the same candidates there, would be a hint of `start` (no
/// search there stops at a contradiction: that would be a unary forcing
/// chain). So a hint's branches lead into a strong link `start` lacks, or
/// start from a cell or house that lost candidates. What a root reaches is
/// bounded by what it reaches in `start` and what the far ends of the new
/// links it leads into reach.
pub(super) struct Narrowed<'a> {
    start: &'a Grid,
    start_links: &'a StartLinks,
    /// For each strong link `start` lacks: what leads into it, and where
    /// it leads.
    links_new: Vec<(PotSet, &'a PotSet)>,
    /// What leads into some new link.
    into_any: PotSet,
    /// The potentials of the reduced grid.
    present: PotSet,
    /// What each root asked about so far reaches (see `reached`), and
    /// through new links alone: the cells and houses share roots.
    reached: RefCell<Known>,
}

/// The sets of `Narrowed::reached` found so far, by root. One is kept
/// from one reduced grid to the next: growing its list afresh for each of
/// thousands of grids a step was a twentieth of the nested levels' work.
#[derive(Default)]
pub(super) struct Known {
    /// Where each root's sets are in `sets`, if there.
    at: Vec<u16>,
    sets: Vec<(PotSet, PotSet)>,
    /// The roots whose sets are there.
    roots: Vec<Pot>,
}

impl Known {
    /// Empty, with its table of where each root's sets are made ready
    /// (one left behind while the table is lent out costs nothing).
    fn clear(&mut self) {
        if self.at.is_empty() {
            self.at = vec![u16::MAX; POTS];
        }
        for root in self.roots.drain(..) {
            self.at[root as usize] = u16::MAX;
        }
        self.sets.clear();
    }
}

impl<'a> Narrowed<'a> {
    /// The narrowing of `grid`, reduced from `start` (whose links lead as
    /// `start_links` tells), where `from_new` holds what each end of each
    /// new strong link leads to (`NewLinks::reached`); `known` is emptied
    /// and filled as roots are asked about (see [`Narrowed::into_known`]).
    pub(super) fn new(
        start: &'a Grid,
        start_links: &'a StartLinks,
        grid: &Grid,
        from_new: &'a [(PotSet, PotSet)],
        mut known: Known,
    ) -> Narrowed<'a> {
        known.clear();
        let mut links_new = Vec::with_capacity(2 * from_new.len());
        for (from_a, from_b) in from_new {
            // What leads to "a off" (then to `b`) is what "a on" leads to, negated.
            links_new.push((from_a.negated(), from_b));
            links_new.push((from_b.negated(), from_a));
        }
        let mut present = PotSet::new();
        for cell in grid.cells_holding(1..=9).iter() {
            for d in grid.candidates(cell).iter() {
                present.insert(pot(cell, d, true));
                present.insert(pot(cell, d, false));
            }
        }
        let mut into_any = PotSet::new();
        for (into, _) in &links_new {
            into_any.add_all(into);
        }
        Narrowed { start, start_links, links_new, into_any, present, reached: RefCell::new(known) }
    }

    /// The sets found, to reuse their room for the next grid.
    pub(super) fn into_known(self) -> Known {
        self.reached.into_inner()
    }

    /// Whether `start` had more candidates in `cell` than `grid`.
    pub(super) fn cell_lost(&self, grid: &Grid, cell: Cell) -> bool {
        self.start.candidates(cell) != grid.candidates(cell)
    }

    /// Whether `start` had more places for `digit` in `house` than `places`.
    pub(super) fn house_lost(&self, house: House, digit: Digit, places: CellSet) -> bool {
        self.start.house_cells_with(house, digit) != places
    }

    /// Whether the searches from `roots` may meet, through a new link
    /// unless `lost`: what a root reaches in the reduced grid, it reaches
    /// through the old links (as in `start`) or through a new link it
    /// leads into.
    pub(super) fn may_meet(&self, roots: &[Pot], lost: bool) -> bool {
        if !lost && !roots.iter().any(|&r| self.into_any.contains(r)) {
            return false;
        }
        let from_start = self.start_links.sets_of(roots);
        let mut all = self.present.clone();
        let mut through_new = PotSet::new();
        let mut known = self.reached.borrow_mut();
        let Known { at, sets, roots: asked } = &mut *known;
        for &root in roots {
            let in_start = from_start[root as usize].as_deref().expect("listed above");
            // A root that leads into no new link reaches what it does in
            // `start`: its set is read where it is, not copied.
            if !self.into_any.contains(root) {
                if !all.keep_common(in_start) {
                    return false;
                }
                continue;
            }
            let at = &mut at[root as usize];
            if *at == u16::MAX {
                *at = sets.len() as u16;
                sets.push(self.reached(root, in_start));
                asked.push(root);
            }
            let (reached, new_only) = &sets[*at as usize];
            if !all.keep_common(reached) {
                return false;
            }
            through_new.add_all(new_only);
        }
        lost || all.meets(&through_new)
    }

    /// What `root`, which leads into some new link, reaches in the reduced
    /// grid (a superset), given what it reaches in `start`; and what
    /// through the new links it leads into.
    fn reached(&self, root: Pot, in_start: &PotSet) -> (PotSet, PotSet) {
        let mut reached = in_start.clone();
        let mut new_only = PotSet::new();
        for (into, from) in &self.links_new {
            if into.contains(root) {
                new_only.add_all(from);
            }
        }
        reached.add_all(&new_only);
        (reached, new_only)
    }
}

/// Where the links of a grid lead, by every rule, for each potential as
/// it is asked for.
pub(super) struct StartLinks {
    reach: Reach,
    sets: RefCell<Vec<Option<Box<PotSet>>>>,
}

impl StartLinks {
    pub(super) fn new(grid: &Grid) -> StartLinks {
        let reach = Reach::new(&StaticLinks::new(grid), true, true);
        StartLinks { reach, sets: RefCell::new(vec![None; POTS]) }
    }

    /// The sets, by potential, with those of `roots` listed.
    fn sets_of(&self, roots: &[Pot]) -> Ref<'_, Vec<Option<Box<PotSet>>>> {
        {
            let mut sets = self.sets.borrow_mut();
            for &p in roots {
                sets[p as usize].get_or_insert_with(|| Box::new(self.reach.reachable_set(p)));
            }
        }
        self.sets.borrow()
    }
}
