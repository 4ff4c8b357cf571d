//! What the chain searches reuse: buffers from one start to the next and
//! from one nested search to the next (at the deepest levels a nested
//! search runs thousands of times a step), and the hints the nested
//! engines found on the reduced grids of this position and the last.

use super::chain_hint::{ChainHint, Mode};
use super::fit::Fits;
use super::links::Derived;
use super::narrowed::{Known, StartLinks};
use super::potential::{Cause, Pot, Store};
use super::stall::Basic;
use super::truth::Truth;
use super::unary::UnaryBuffers;
use crate::model::cell::Cell;
use crate::model::grid::Grid;
use std::collections::{HashMap, VecDeque};
use std::hash::{BuildHasherDefault, Hasher};
use std::rc::Rc;

/// A grid as a key: each cell's candidates and value.
type GridKey = [u16; 81];

/// A map keyed by grids. The nested searches look one up at every stall,
/// hundreds of thousands of times a puzzle at the deepest levels: the
/// keys are hashed a word at a time (multiply and rotate, as rustc's
/// FxHash), not by SipHash, whose resistance to chosen keys a solver does
/// not need.
type GridMap<K, V> = HashMap<K, V, BuildHasherDefault<WordHasher>>;

/// The hasher of [`GridMap`].
#[derive(Default)]
struct WordHasher(u64);

impl Hasher for WordHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            self.add(u64::from_le_bytes(word.try_into().expect("eight bytes")));
        }
        for &byte in words.remainder() {
            self.add(u64::from(byte));
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

impl WordHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// The buffers and results the chain producers share along the rating
/// loop. Nothing in it changes what they find.
pub(crate) struct Scratch {
    pub(super) offs: Vec<(Pot, Cause)>,
    pub(super) ons: Vec<Derived>,
    pub(super) pending_on: VecDeque<u32>,
    pub(super) pending_off: VecDeque<u32>,
    /// The nodes of a nested rule's parents, as a search adds what it found.
    pub(super) parent_nodes: Vec<u32>,
    /// The unary engine's.
    pub(super) unary: UnaryBuffers,
    /// The narrowed Multiple engine's.
    pub(super) narrowed_known: Known,
    /// The Nishio engine's fits, by digit.
    pub(super) fits: Fits,
    /// Stores to reuse (those no hint holds any more).
    pub(super) pool: Vec<std::rc::Rc<Store>>,
    /// The searches kept so far (from "on" potentials, and the "off" ones
    /// a true search needed first), with their contradiction.
    #[allow(clippy::type_complexity)]
    pub(super) on_searches: Vec<Option<(std::rc::Rc<Store>, Option<(u32, u32)>)>>,
    /// The potentials of `on_searches` filled so far, to empty it after.
    pub(super) searched: Vec<Pot>,
    /// The buffers of the nested searches: a nested chain runs wherever a
    /// search stalls, thousands of times a step at the deepest levels.
    pub(super) nested: Option<Box<Scratch>>,
    /// The hints (sorted, de-duplicated) of each nested engine on each
    /// reduced grid a search stalled on. They depend on that grid alone,
    /// and the searches meet the same grids again: the level 3 search
    /// follows the level 2 one up to where unary chains find nothing.
    hints: GridMap<(Mode, GridKey), Vec<Rc<ChainHint>>>,
    /// Those of the position before, which the next step's searches meet
    /// again.
    previous_hints: GridMap<(Mode, GridKey), Vec<Rc<ChainHint>>>,
    /// The last position of the rating loop where the unary engine found
    /// nothing, with no cell down to a single candidate.
    pub(super) unary_quiet: Option<Grid>,
    /// Where the links of the last grid the nested searches started from
    /// lead (the narrowed Multiple engine reads it on each reduced grid).
    start_links: Option<(Grid, Rc<StartLinks>)>,
    /// What the basic nested rules find on each reduced grid, for the
    /// grid the searches started from (`basic_start`): the searches of
    /// one nesting level meet again those of the level below.
    basic: GridMap<GridKey, Rc<Basic>>,
    basic_start: Option<Grid>,
    /// The last reduced grid where the unary engine found nothing, by the
    /// root of the search that stalled there, at this position and at the
    /// one before: the same search at the next position mostly stalls on a
    /// reduction of it.
    quiet: HashMap<Pot, Grid, BuildHasherDefault<WordHasher>>,
    previous_quiet: HashMap<Pot, Grid, BuildHasherDefault<WordHasher>>,
    /// The last position whose solution was asked for, and its truth: the
    /// chain producers of one position all read it.
    truth: Option<(Grid, Option<Rc<Truth>>)>,
}

impl Default for Scratch {
    fn default() -> Scratch {
        Scratch {
            offs: Vec::new(),
            ons: Vec::new(),
            pending_on: VecDeque::new(),
            pending_off: VecDeque::new(),
            parent_nodes: Vec::new(),
            unary: UnaryBuffers::default(),
            narrowed_known: Known::default(),
            fits: Fits::default(),
            pool: Vec::new(),
            on_searches: vec![None; super::potential::POTS],
            searched: Vec::new(),
            nested: None,
            hints: GridMap::default(),
            previous_hints: GridMap::default(),
            unary_quiet: None,
            start_links: None,
            basic: GridMap::default(),
            basic_start: None,
            quiet: HashMap::default(),
            previous_quiet: HashMap::default(),
            truth: None,
        }
    }
}

fn key(grid: &Grid) -> GridKey {
    std::array::from_fn(|i| {
        let cell = Cell::new(i as u8);
        grid.candidates(cell).bits() | u16::from(grid.value(cell).map_or(0, |d| d.get())) << 9
    })
}

/// Whether no cell of `grid` is down to one candidate that sees another
/// of its digit. The unary engine starts from no cell with one candidate,
/// so a candidate such a cell eliminates may be left on `grid` by an
/// engine that finds everything else, and a cycle of a reduction of it
/// through links `grid` has could eliminate it. A dynamic search that
/// leaves one candidate in a cell follows it "on", and so removes it from
/// the cell's peers.
pub(super) fn settles(grid: &Grid) -> bool {
    let alone = |cell: Cell| {
        grid.candidates(cell).first().is_none_or(|d| grid.cells_with(d).intersection(cell.peers()).is_empty())
    };
    grid.cells_holding(1..=1).iter().all(alone)
}

impl Scratch {
    /// Moves on to a new position: what was found at the position left is
    /// kept for this one, anything older forgotten.
    pub(crate) fn next_position(&mut self) {
        self.previous_hints = std::mem::take(&mut self.hints);
        self.previous_quiet = std::mem::take(&mut self.quiet);
        self.basic.clear();
        if let Some(nested) = &mut self.nested {
            nested.next_position();
        }
    }

    /// The truth of `grid`, if it has exactly one solution.
    pub(super) fn truth_of(&mut self, grid: &Grid) -> Option<Rc<Truth>> {
        match &mut self.truth {
            Some((known, truth)) if known == grid => truth.clone(),
            Some((known, Some(truth))) if truth.carries_over(known, grid) => {
                known.clone_from(grid);
                Some(truth.clone())
            }
            _ => {
                let truth = Truth::of(grid).map(Rc::new);
                self.truth = Some((grid.clone(), truth.clone()));
                truth
            }
        }
    }

    /// Where the links of `grid` lead, by every rule.
    pub(super) fn links_of(&mut self, grid: &Grid) -> Rc<StartLinks> {
        match &self.start_links {
            Some((known, links)) if known == grid => links.clone(),
            _ => {
                let links = Rc::new(StartLinks::new(grid));
                self.start_links = Some((grid.clone(), links.clone()));
                links
            }
        }
    }

    /// What the basic nested rules find on `work` reduced from `start`,
    /// from `compute` the first time it is asked for.
    pub(super) fn basic_of(&mut self, start: &Grid, work: &Grid, compute: impl FnOnce() -> Basic) -> Rc<Basic> {
        if self.basic_start.as_ref() != Some(start) {
            self.basic.clear();
            self.basic_start = Some(start.clone());
        }
        self.basic.entry(key(work)).or_insert_with(|| Rc::new(compute())).clone()
    }

    /// Notes that the unary engine finds nothing on `grid`, where the
    /// search `store` stalled, if the grid [`settles`].
    pub(super) fn note_quiet(&mut self, store: &Store, grid: &Grid) {
        let Some(&root) = store.order().first() else { return };
        if !settles(grid) {
            return;
        }
        match self.quiet.get_mut(&root) {
            Some(known) => known.clone_from(grid),
            None => {
                self.quiet.insert(root, grid.clone());
            }
        }
    }

    /// A grid noted quiet that `grid`, where the search `store` stalled,
    /// is a reduction of, if any: the one of the same search (at this
    /// position or the one before), else of the first potential the search
    /// reached whose own search stalled on one (a search from what this one
    /// implies removes no more than it).
    pub(super) fn quiet_above(&self, store: &Store, grid: &Grid) -> Option<&Grid> {
        let holds = |quiet: &&Grid| grid.is_reduction_of(quiet);
        let order = store.order();
        let root = *order.first()?;
        self.quiet
            .get(&root)
            .filter(holds)
            .or_else(|| self.previous_quiet.get(&root).filter(holds))
            .or_else(|| order[1..].iter().find_map(|p| self.quiet.get(p).filter(holds)))
    }

    /// The hints of the engine `mode` on `grid`, from `compute` the first
    /// time they are asked for.
    pub(super) fn hints_of(
        &mut self,
        mode: Mode,
        grid: &Grid,
        compute: impl FnOnce(&mut Scratch) -> Vec<Rc<ChainHint>>,
    ) -> Vec<Rc<ChainHint>> {
        let key = key(grid);
        if let Some(hints) = self.hints.get(&(mode, key)) {
            return hints.clone();
        }
        let hints = match self.previous_hints.remove(&(mode, key)) {
            Some(hints) => hints,
            None => compute(self),
        };
        self.hints.insert((mode, key), hints.clone());
        hints
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::cell::Digit;

    /// The empty grid, and it without candidate `digit` in cell `index`.
    fn empty_and_without(index: u8, digit: u8) -> (Grid, Grid) {
        let grid = Grid::empty();
        let mut reduced = grid.clone();
        reduced.eliminate(Cell::new(index), Digit::new(digit));
        (grid, reduced)
    }

    #[test]
    fn basic_rules_run_once_per_reduced_grid_of_a_start_and_position() {
        let mut scratch = Scratch::default();
        let (start, work) = empty_and_without(0, 1);
        let (_, other_start) = empty_and_without(80, 9);
        let computed = std::cell::Cell::new(0);
        let ask = |scratch: &mut Scratch, start: &Grid, work: &Grid| {
            scratch.basic_of(start, work, || {
                computed.set(computed.get() + 1);
                Basic::default()
            });
        };
        ask(&mut scratch, &start, &work);
        ask(&mut scratch, &start, &work);
        assert_eq!(computed.get(), 1, "the same reduced grid of the same start is asked once");
        ask(&mut scratch, &start, &start);
        assert_eq!(computed.get(), 2, "another reduced grid is computed");
        ask(&mut scratch, &other_start, &work);
        assert_eq!(computed.get(), 3, "what a rule relies on depends on the start");
        scratch.next_position();
        ask(&mut scratch, &other_start, &work);
        assert_eq!(computed.get(), 4, "a new position starts afresh");
    }

    #[test]
    fn a_quiet_grid_serves_its_reductions_for_its_search_and_those_that_reach_its_root() {
        use super::super::potential::{pot, Cause};
        let mut scratch = Scratch::default();
        let (_, quiet) = empty_and_without(0, 1);
        let mut reduced = quiet.clone();
        reduced.eliminate(Cell::new(1), Digit::new(2));
        let search = |pots: &[Pot]| {
            let mut store = Store::new();
            for &p in pots {
                let n = store.add(p, Cause::Start, &[]);
                store.mark(n);
            }
            store
        };
        let (root, other) = (pot(Cell::new(3), Digit::new(4), true), pot(Cell::new(5), Digit::new(6), false));
        let from_root = search(&[root]);
        scratch.note_quiet(&from_root, &quiet);
        assert!(scratch.quiet_above(&from_root, &reduced) == Some(&quiet), "a reduction of it");
        assert!(scratch.quiet_above(&from_root, &quiet).is_some(), "the grid itself");
        let (_, elsewhere) = empty_and_without(40, 5);
        assert!(scratch.quiet_above(&from_root, &elsewhere).is_none(), "not a reduction");
        assert!(scratch.quiet_above(&search(&[other]), &reduced).is_none(), "another search");
        assert!(scratch.quiet_above(&search(&[other, root]), &reduced).is_some(), "a search that reached the root");
        scratch.next_position();
        assert!(scratch.quiet_above(&from_root, &reduced).is_some(), "the position before still serves");
        assert!(
            scratch.quiet_above(&search(&[other, root]), &reduced).is_none(),
            "other searches' only at their position"
        );
        scratch.next_position();
        assert!(scratch.quiet_above(&from_root, &reduced).is_none(), "older ones are forgotten");
    }

    #[test]
    fn hints_are_computed_once_per_engine_and_grid_over_two_positions() {
        let mut scratch = Scratch::default();
        let (grid, reduced) = empty_and_without(0, 1);
        let computed = std::cell::Cell::new(0);
        let ask = |scratch: &mut Scratch, mode: Mode, grid: &Grid| {
            scratch.hints_of(mode, grid, |_| {
                computed.set(computed.get() + 1);
                Vec::new()
            });
        };
        ask(&mut scratch, Mode::UNARY, &grid);
        ask(&mut scratch, Mode::UNARY, &grid);
        assert_eq!(computed.get(), 1, "the same engine on the same grid is asked once");
        ask(&mut scratch, Mode::MULTIPLE, &grid);
        ask(&mut scratch, Mode::UNARY, &reduced);
        assert_eq!(computed.get(), 3, "another engine or another grid is computed");
        scratch.next_position();
        ask(&mut scratch, Mode::UNARY, &grid);
        assert_eq!(computed.get(), 3, "the position before still serves");
        scratch.next_position();
        scratch.next_position();
        ask(&mut scratch, Mode::UNARY, &grid);
        assert_eq!(computed.get(), 4, "older ones are forgotten");
    }
}
