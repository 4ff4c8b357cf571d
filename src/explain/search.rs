//! Finding the next step: the techniques a solve may use, in registry order,
//! with a memory of the parts of each search that found nothing.
//!
//! [`Search`] is the driver's own loop body, for stepping through a solve
//! one step at a time:
//!
//! ```
//! use sudoku_explained::explain::Search;
//! use sudoku_explained::{TechniqueId, TechniqueSet};
//!
//! // The first puzzle of puzzles/seed-001.txt.
//! let line = "000005200060100090850000000400003000071209403000050060200300907003090020000000341";
//! let mut grid = sudoku_explained::io::from_argument(line).remove(0)?.grid();
//! let mut search = Search::new(TechniqueSet::all());
//! let mut used = Vec::new();
//! while let Some(step) = search.next_step(&grid) {
//!     step.apply_to(&mut grid);
//!     used.push(step.technique);
//! }
//! assert!(grid.is_solved(), "solved without guessing");
//! assert_eq!(used.len(), 64);
//! assert!(used.contains(&TechniqueId::TrapezoidChain));
//! # Ok::<(), sudoku_explained::io::InputError>(())
//! ```

use crate::algo::memo::Memo;
use crate::explain::settings::Settings;
use crate::explain::step::Step;
use crate::explain::technique::{registry, Finds, Part, Scope, Since, TechniqueSet};
use crate::model::cell::Digit;
use crate::model::changes::Changes;
use crate::model::grid::{Grid, House};
use crate::model::sets::CellSet;
use crate::{algo::fillings, algo::templates};
use std::ops::ControlFlow;

/// The search for the next step along one solve. It keeps, for each
/// technique that can use it, what changed since that technique last
/// searched, so a search need not repeat what found nothing then: the
/// result is the one a fresh search would find, for less work.
pub struct Search {
    /// The techniques of the set in registry order, with what the driver
    /// needs to know of each (asked once, not on every call).
    plan: Vec<Planned>,
    /// The grid at the previous update, to tell what changed since.
    previous: Option<Grid>,
    /// Per technique of the set that searches part by part (its row is its
    /// `Planned::slot`): one bit per part (house or digit) that changed
    /// since it last found nothing there.
    dirty: Vec<u32>,
    /// Whether each row of `dirty` counts houses (else digits).
    by_house: Vec<bool>,
    /// Per technique that searches by cells (its row again its slot): what
    /// changed since its previous search, and how far that search found
    /// nothing.
    since: Vec<Since>,
    /// Per digit, its candidates when templates were last asked which of
    /// them can go, and the answer: those on no template (see `templates`).
    off_templates: [Option<(u128, CellSet)>; 9],
    /// Per digit, the templates found so far (they answer the next question).
    templates: [templates::Known; 9],
    /// Houses where every candidate lies in some filling (see `fillings`),
    /// among the houses of `fills_known`: those unchanged since asked.
    fills: u32,
    fills_known: u32,
    /// Per house, the filling found last (it answers most of the next question).
    fillings: [fillings::Known; 27],
    /// What the techniques keep for their next searches along this solve.
    memo: Memo,
    /// Whether asking templates pays: one check costs about what three or
    /// four of the cheap single-digit searches cost, so a set with only a
    /// couple of them (the design card's) is faster without.
    use_templates: bool,
}

/// One technique of the set: its registry index, its scope, its row in
/// `dirty` or `since` (by scope), and whether it skips houses where every
/// candidate fits.
#[derive(Clone, Copy)]
struct Planned {
    index: usize,
    scope: Scope,
    slot: usize,
    skips_filled_houses: bool,
}

/// Fewer single-digit techniques than this and templates are not asked.
const TEMPLATES_PAY_FROM: usize = 3;

impl Search {
    /// A search with the techniques of `techniques`, in registry order,
    /// nothing known yet.
    pub fn new(techniques: TechniqueSet) -> Search {
        Search::with_settings(techniques, &Settings::default())
    }

    /// A search with the techniques of `techniques` that `settings` has on,
    /// in its order, nothing known yet.
    pub fn with_settings(techniques: TechniqueSet, settings: &Settings) -> Search {
        let mut plan = Vec::new();
        let (mut by_house, mut by_cells) = (Vec::new(), 0);
        for id in settings.tried(techniques) {
            let (index, technique) = (id as usize, registry()[id as usize]);
            let scope = technique.scope();
            let slot = match scope {
                Scope::Whole => usize::MAX,
                Scope::Cells => {
                    by_cells += 1;
                    by_cells - 1
                }
                _ => {
                    by_house.push(scope == Scope::Houses);
                    by_house.len() - 1
                }
            };
            plan.push(Planned { index, scope, slot, skips_filled_houses: technique.skips_filled_houses() });
        }
        let single_digit = plan.iter().filter(|p| p.scope == Scope::Digits).count();
        Search {
            plan,
            previous: None,
            dirty: vec![u32::MAX; by_house.len()],
            by_house,
            since: vec![Since::NOTHING; by_cells],
            off_templates: [None; 9],
            templates: Default::default(),
            fills: 0,
            fills_known: 0,
            fillings: [fillings::Known::default(); 27],
            use_templates: single_digit >= TEMPLATES_PAY_FROM,
            memo: Memo::default(),
        }
    }

    /// The first step that makes progress from `grid`, in the order tried.
    pub fn next_step(&mut self, grid: &Grid) -> Option<Step> {
        // Most calls end at the singles, which keep no memory: the change
        // record is brought up to date only when a search that uses it is
        // reached. Candidates only disappear along a solve, so one record
        // against the grid of the previous update serves any number of calls.
        let mut noted = false;
        for k in 0..self.plan.len() {
            let planned = self.plan[k];
            if planned.scope != Scope::Whole && !noted {
                self.note_changes(grid);
                noted = true;
            }
            let found = match planned.scope {
                Scope::Whole => first_in(grid, Part::Whole, planned.index, &mut self.memo).0,
                Scope::Cells => self.find_by_cells(grid, planned),
                _ => self.find_by_parts(grid, planned),
            };
            if let Some(step) = found.filter(|step| step.makes_progress(grid)) {
                return Some(step);
            }
        }
        None
    }

    /// Adds what changed since the previous update to every technique's
    /// record. Candidates only disappear along a solve; if one came back,
    /// the grid is not a later point of the same solve and nothing is known.
    fn note_changes(&mut self, grid: &Grid) {
        let previous = self.previous.replace(grid.clone());
        let Some(changes) =
            previous.filter(|before| grid.is_reduction_of(before)).map(|before| Changes::between(&before, grid))
        else {
            self.dirty.fill(u32::MAX);
            self.since.fill(Since::NOTHING);
            self.fills_known = 0;
            self.memo.clear();
            return;
        };
        if changes.cells.is_empty() {
            return;
        }
        let (changed, digits, houses) = (changes.cells, u32::from(changes.digits.bits()), changes.houses());
        self.fills_known &= !houses;
        for (dirty, &by_house) in self.dirty.iter_mut().zip(&self.by_house) {
            *dirty |= if by_house { houses } else { digits };
        }
        for since in &mut self.since {
            since.changed = since.changed.union(changed);
        }
    }

    /// The first instance of a technique, searching again only where
    /// something changed since its previous search.
    fn find_by_cells(&mut self, grid: &Grid, planned: Planned) -> Option<Step> {
        let slot = planned.slot;
        if planned.skips_filled_houses {
            self.since[slot].settled = self.settled_houses(grid);
        }
        let part = Part::Cells(&self.since[slot]);
        let (found, section) = first_in(grid, part, planned.index, &mut self.memo);
        // Nothing found: nothing is in any section.
        let clean = if found.is_some() { section } else { usize::MAX };
        self.since[slot] = Since { changed: CellSet::EMPTY, clean, settled: 0 };
        found
    }

    /// The first instance of a technique part by part, skipping the parts
    /// unchanged since they last yielded nothing. A first instance that
    /// changes nothing ends the search, as it would for a whole-grid `find`.
    fn find_by_parts(&mut self, grid: &Grid, planned: Planned) -> Option<Step> {
        let (slot, scope) = (planned.slot, planned.scope);
        let mut parts = self.dirty[slot] & ((1 << scope.parts()) - 1);
        while parts != 0 {
            let part = parts.trailing_zeros() as usize;
            parts &= parts - 1;
            // A part where nothing can be found counts as searched.
            let mut removable = CellSet::ALL;
            if scope == Scope::Digits && self.use_templates {
                removable = self.off_templates(grid, part);
                if removable.is_empty() {
                    self.dirty[slot] &= !(1 << part);
                    continue;
                }
            }
            if scope == Scope::Houses && planned.skips_filled_houses && self.house_settled(grid, part) {
                self.dirty[slot] &= !(1 << part);
                continue;
            }
            let part_of_scope = match scope {
                Scope::Digits => Part::Digit { digit: Digit::from_index(part), removable },
                _ => Part::House(House::from_index(part)),
            };
            match first_in(grid, part_of_scope, planned.index, &mut self.memo).0 {
                Some(step) => return Some(step),
                None => self.dirty[slot] &= !(1 << part),
            }
        }
        None
    }

    /// The digit's candidates that lie on none of its templates: the only
    /// ones a single-digit search can remove, none at all for most states.
    /// One answer per state of the digit serves all the single-digit
    /// techniques.
    fn off_templates(&mut self, grid: &Grid, part: usize) -> CellSet {
        let digit = Digit::from_index(part);
        let places = grid.cells_with(digit).bits();
        match self.off_templates[part] {
            Some((known, off)) if known == places => off,
            before => {
                // Along a solve a digit only loses places, and a place on no
                // template stays so. (Were this grid not a later point of
                // the same solve, a place counted too many would only cost
                // the single-digit searches a look.)
                let off_before = before.filter(|&(known, _)| places & !known == 0).map_or(0, |(_, off)| off.bits());
                let off = templates::places_off_templates(grid, digit, &mut self.templates[part], off_before);
                let off = CellSet::from_bits(off);
                self.off_templates[part] = Some((places, off));
                off
            }
        }
    }

    /// Whether every candidate of house `h` lies in some filling of it.
    fn house_settled(&mut self, grid: &Grid, h: usize) -> bool {
        if self.fills_known & 1 << h == 0 {
            self.fills_known |= 1 << h;
            self.fills &= !(1 << h);
            if fillings::every_candidate_fits(grid, House::from_index(h), &mut self.fillings[h]) {
                self.fills |= 1 << h;
            }
        }
        self.fills & 1 << h != 0
    }

    /// The houses where every candidate lies in some filling.
    fn settled_houses(&mut self, grid: &Grid) -> u32 {
        let mut unknown = !self.fills_known & ((1 << 27) - 1);
        while unknown != 0 {
            self.house_settled(grid, unknown.trailing_zeros() as usize);
            unknown &= unknown - 1;
        }
        self.fills
    }
}

/// The first instance the technique at `index` of the registry finds in
/// `part`, and the section it named.
fn first_in(grid: &Grid, part: Part<'_>, index: usize, memo: &mut Memo) -> (Option<Step>, usize) {
    let mut first = None;
    let mut take = |step| {
        first = Some(step);
        ControlFlow::Break(())
    };
    let mut finds = Finds::new(&mut take);
    let _ = registry()[index].search(grid, part, memo, &mut finds);
    let section = finds.section();
    (first, section)
}

impl Default for Search {
    fn default() -> Self {
        Search::new(TechniqueSet::all())
    }
}
