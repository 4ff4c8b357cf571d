//! SE's multiple-chain producers (Nishio, Multiple, Dynamic and the nested
//! levels): for each cell, each value assumed on and off (contradictions,
//! double implications), each house where the value's first place is this
//! cell (region forcing chains), and the cell's values together (cell
//! forcing chains). Results come in SE's order, before sorting.

use super::chain_hint::{ChainHint, Kind, Mode, Target};
use super::fit::{fit, Fit, Fits};
use super::links::{NewLinks, StaticLinks};
use super::narrowed::{Narrowed, StartLinks};
use super::potential::{conjugate, pot, pot_cell, pot_digit, pot_on, Pot, PotSet, Store};
use super::propagate::{propagate_until, NestedRules};
use super::reach::Reach;
use super::scratch::Scratch;
use super::truth::Truth;
use crate::model::cell::{Cell, Digit};
use crate::model::grid::{Grid, House};
use crate::model::house_order::HouseOrder;
use crate::model::sets::{CellSet, DigitSet};
use std::rc::Rc;

/// Every hint of the multiple-chain engine `mode`, in SE's order; its
/// searches run `rules` where they stall at a nesting level. `scratch`
/// comes back as it came (no search kept), with its buffers.
pub(super) fn multiple_hints(
    mode: Mode,
    grid: &Grid,
    rules: Option<NestedRules>,
    out: &mut Vec<ChainHint>,
    scratch: &mut Scratch,
) {
    let engine = Engine { rules, ..Engine::new(mode, grid, Some(&mut scratch.fits)) };
    engine_hints(&engine, out, scratch);
}

/// Hints of the engine `mode` among which the first in SE's order is (the
/// others may be left out). Where the position has one solution, the
/// searches it makes pointless are skipped or cut short.
pub(super) fn multiple_hints_for_first(
    mode: Mode,
    grid: &Grid,
    rules: Option<NestedRules>,
    out: &mut Vec<ChainHint>,
    scratch: &mut Scratch,
) {
    // A static engine's searches are too cheap to be worth it.
    let truth = if mode.dynamic { scratch.truth_of(grid) } else { None };
    let best = Some(std::cell::Cell::new(None));
    let engine = Engine { best, truth, rules, ..Engine::new(mode, grid, Some(&mut scratch.fits)) };
    engine_hints(&engine, out, scratch);
}

/// Every hint of the static Multiple engine on `grid`, a reduction of
/// `start`, where `start` has neither a unary hint nor a Multiple one, nor
/// a cell with a single candidate (see `Narrowed`): the same hints as
/// `multiple_hints`, from fewer searches. `start_links` tells where the
/// links of `start` lead, and `new` which links `grid` has that it lacks.
pub(super) fn multiple_hints_reduced_from(
    start: &Grid,
    start_links: &StartLinks,
    grid: &Grid,
    new: &NewLinks,
    out: &mut Vec<ChainHint>,
    scratch: &mut Scratch,
) {
    let Some(reached) = new.reached.as_deref() else {
        return multiple_hints(Mode::MULTIPLE, grid, None, out, scratch);
    };
    let narrowed = Narrowed::new(start, start_links, grid, reached, std::mem::take(&mut scratch.narrowed_known));
    // Few searches are left, if any: listing the links first would cost
    // more than it saves.
    let engine = Engine { narrowed: Some(narrowed), ..Engine::bare(Mode::MULTIPLE, grid, None) };
    engine_hints(&engine, out, scratch);
    if let Some(narrowed) = engine.narrowed {
        scratch.narrowed_known = narrowed.into_known();
    }
}

fn engine_hints(engine: &Engine, out: &mut Vec<ChainHint>, scratch: &mut Scratch) {
    let grid = engine.grid;
    for cell in grid.cells_holding(engine.fewest_values()..=9).iter() {
        cell_hints(engine, cell, scratch, out);
        // A cell's "on" searches serve its own hints and the houses whose
        // first place comes earlier: both are done, so their stores can
        // be reused (those no hint holds).
        for d in grid.candidates(cell).iter() {
            if let Some((store, _)) = scratch.on_searches[pot(cell, d, true) as usize].take() {
                scratch.pool.push(store);
            }
        }
    }
    // A house's other places can be cells the loop skips (too few values
    // to start from): their searches are still held.
    for p in std::mem::take(&mut scratch.searched) {
        if let Some((store, _)) = scratch.on_searches[p as usize].take() {
            scratch.pool.push(store);
        }
    }
}

/// One call of the engine: its mode, its grid and, for a static one, the
/// grid's links.
struct Engine<'g> {
    mode: Mode,
    grid: &'g Grid,
    links: Option<StaticLinks>,
    /// For a static engine, where its links lead.
    reach: Option<Reach>,
    /// For a static engine on a grid reduced from one where it finds
    /// nothing: what tells where it still may.
    narrowed: Option<Narrowed<'g>>,
    /// For a Nishio engine, where each digit fits.
    fits: Option<[Fit; 9]>,
    /// When only the first hint in SE's order is wanted: the rank
    /// (difficulty, complexity, sort key) of the best offered so far. A
    /// hint that cannot beat it is not built.
    best: Option<std::cell::Cell<Option<(f64, u32, u8)>>>,
    /// The solution of the grid, when it has exactly one (see `search_true`).
    truth: Option<Rc<Truth>>,
    /// What its searches run where they stall, at a nesting level.
    rules: Option<NestedRules>,
}

impl<'g> Engine<'g> {
    /// The engine `mode` on `grid`; a Nishio engine's fits come from
    /// `known` when given (those of digits whose places did not change).
    fn new(mode: Mode, grid: &'g Grid, known: Option<&mut Fits>) -> Engine<'g> {
        // A static search follows the same links all along: they are
        // listed once, and where they lead tells which searches can meet.
        let links = (!mode.dynamic).then(|| StaticLinks::new(grid));
        let reach = links.as_ref().map(|links| Reach::new(links, true, true));
        Engine { links, reach, ..Engine::bare(mode, grid, known) }
    }

    /// The engine with nothing listed in advance but Nishio's fits.
    fn bare(mode: Mode, grid: &'g Grid, known: Option<&mut Fits>) -> Engine<'g> {
        let fits = (mode.nishio && mode.level == 0).then(|| match known {
            Some(known) => known.of(grid),
            None => std::array::from_fn(|i| fit(grid, Digit::from_index(i))),
        });
        Engine { mode, grid, links: None, reach: None, narrowed: None, fits, best: None, truth: None, rules: None }
    }

    /// Adds a hint that removes something, unless only the first is wanted
    /// and it cannot come before the best so far: every hint of an engine
    /// has its base, so one with a greater complexity rates no lower.
    fn offer(
        &self,
        out: &mut Vec<ChainHint>,
        kind: Kind,
        targets: Vec<Target>,
        removals: Vec<(Cell, DigitSet)>,
        result: Pot,
    ) {
        if removals.is_empty() {
            return;
        }
        if let Some(best) = &self.best {
            if let Some((_, most, _)) = best.get() {
                let mut left = Some(most);
                for t in &targets {
                    left = left.and_then(|l| l.checked_sub(t.store.ancestors_up_to(t.node, l)?));
                }
                if left.is_none() {
                    return;
                }
            }
            let hint = ChainHint::new(self.mode, kind, targets, removals, Some(result));
            let rank = (hint.difficulty, hint.complexity, hint.sort_key);
            if best.get().is_none_or(|b| rank < b) {
                best.set(Some(rank));
                out.push(hint);
            }
            return;
        }
        out.push(ChainHint::new(self.mode, kind, targets, removals, Some(result)));
    }

    /// Whether the searches from `roots` ("on") can reach a potential in
    /// common: always for a dynamic engine, whose links change as it goes;
    /// for a static one only if some potential is reachable from all (a
    /// static search reaches nothing its links do not lead to).
    /// `lost` tells whether the cell or house of `roots` had more of them
    /// where a narrowed engine's grid comes from.
    fn may_meet(&self, roots: &[Pot], lost: bool) -> bool {
        if let Some(narrowed) = &self.narrowed {
            return narrowed.may_meet(roots, lost);
        }
        self.reach.as_ref().is_none_or(|reach| reach.meet(roots.iter().copied()))
    }

    /// Whether the grid's single solution, if known, makes `p` true.
    fn holds(&self, p: Pot) -> bool {
        self.truth.as_ref().is_some_and(|t| t.holds(p))
    }

    /// The fewest candidates of a cell the engine starts from: SE's static
    /// engines skip two-valued cells.
    fn fewest_values(&self) -> u32 {
        if self.mode.dynamic {
            2
        } else {
            3
        }
    }

    /// Whether the engine looks at `cell` at all (as a cell to start from
    /// and as a house's first place).
    fn starts_from(&self, cell: Cell) -> bool {
        self.grid.candidates(cell).len() >= self.fewest_values()
    }

    /// Whether the engine looks for cell forcing chains from `cell`.
    fn may_have_cell_chain(&self, cell: Cell) -> bool {
        let card = self.grid.candidates(cell).len();
        !self.mode.nishio && (card == 2 || (self.mode.multiple && card > 2)) && {
            let (roots, n) = gathered(self.grid.candidates(cell).iter().map(|d| pot(cell, d, true)));
            self.may_meet(&roots[..n], self.cell_lost(cell))
        }
    }

    /// Whether the engine looks for double implications from `cell`.
    fn has_doubles(&self, cell: Cell) -> bool {
        self.grid.candidates(cell).len() >= 3 && !self.mode.nishio && self.mode.dynamic
    }

    /// Whether `start` had more candidates in `cell` (for a narrowed engine).
    fn cell_lost(&self, cell: Cell) -> bool {
        self.narrowed.as_ref().is_some_and(|n| n.cell_lost(self.grid, cell))
    }

    /// Whether a region forcing chain for `digit` from `cell` may exist:
    /// in a house where the cell is the digit's first place.
    fn may_have_region_chain(&self, cell: Cell, digit: Digit) -> bool {
        region_houses(self, cell, digit).any(|(house, places)| self.may_meet_in(house, digit, places))
    }

    /// Whether a region forcing chain for `digit` in `house`, from its
    /// `places`, may exist.
    fn may_meet_in(&self, house: House, digit: Digit, places: CellSet) -> bool {
        let lost = self.narrowed.as_ref().is_some_and(|n| n.house_lost(house, digit, places));
        let (roots, n) = gathered(places.iter().map(|c| pot(c, digit, true)));
        self.may_meet(&roots[..n], lost)
    }
}

/// The roots of a cell's or a house's searches (nine at most), on the
/// stack, and how many there are.
fn gathered(roots: impl Iterator<Item = Pot>) -> ([Pot; 9], usize) {
    let mut all = [0; 9];
    let n = roots.zip(&mut all).map(|(p, r)| *r = p).count();
    (all, n)
}

/// The places of `digit` in each house where `cell` is its first place
/// and the engine looks for region chains (two places, or more for a
/// Multiple engine), in SE's order of houses.
fn region_houses<'a>(engine: &'a Engine, cell: Cell, digit: Digit) -> impl Iterator<Item = (House, CellSet)> + 'a {
    houses_of_regions(engine, cell, digit).filter(move |(_, places)| places.first() == Some(cell))
}

/// The places of `digit` in each house of `cell` where the engine looks
/// for region chains for it (two places, or more for a Multiple engine),
/// whichever place is first.
fn houses_of_regions<'a>(engine: &'a Engine, cell: Cell, digit: Digit) -> impl Iterator<Item = (House, CellSet)> + 'a {
    HouseOrder::BOXES_ROWS_COLS.of(cell).into_iter().filter_map(move |house| {
        let places = engine.grid.house_cells_with(house, digit);
        let n = places.len();
        (n == 2 || (engine.mode.multiple && n > 2)).then_some((house, places))
    })
}

/// The search from `root`, done once per producer call: a region's
/// branches are the same searches as its cells' own (and a true search
/// needs the others first).
fn search_once(engine: &Engine, root: Pot, scratch: &mut Scratch) -> (Rc<Store>, Option<(u32, u32)>) {
    if let Some(done) = &scratch.on_searches[root as usize] {
        return done.clone();
    }
    let done = if pot_on(root) && engine.holds(root) {
        search_true(engine, root, scratch)
    } else {
        search(engine, root, scratch)
    };
    scratch.on_searches[root as usize] = Some(done.clone());
    scratch.searched.push(root);
    done
}

/// The search from "`root` on", which the grid's solution makes true: it
/// meets no contradiction, and of what it reaches only what every other
/// branch of a chain it serves reaches too can make a hint (and that is
/// true). So it stops once it has reached all of those (at once if there
/// are none): the hints are those of the whole search, and the store holds
/// the same first nodes.
fn search_true(engine: &Engine, root: Pot, scratch: &mut Scratch) -> (Rc<Store>, Option<(u32, u32)>) {
    let truth = engine.truth.clone().expect("a true search has a truth");
    let (cell, digit, grid) = (pot_cell(root), pot_digit(root), engine.grid);
    let mut wanted = PotSet::new();
    // What the searches from `others` all reach and the solution makes true.
    let mut add_common = |others: &mut dyn Iterator<Item = Pot>, scratch: &mut Scratch| {
        let mut all = truth.set().clone();
        for other in others {
            if !all.keep_common(search_once(engine, other, scratch).0.reached_set()) {
                return;
            }
        }
        wanted.add_all(&all);
    };
    if engine.starts_from(cell) {
        if engine.may_have_cell_chain(cell) {
            let mut others = grid.candidates(cell).iter().filter(|&d| d != digit).map(|d| pot(cell, d, true));
            add_common(&mut others, scratch);
        }
        if engine.has_doubles(cell) {
            // The "off" branch, kept for the cell's own turn.
            add_common(&mut std::iter::once(conjugate(root)), scratch);
        }
    }
    for (house, places) in houses_of_regions(engine, cell, digit) {
        let first = places.first().expect("two places at least");
        if !engine.mode.nishio && engine.starts_from(first) && engine.may_meet_in(house, digit, places) {
            let mut others = places.iter().filter(|&c| c != cell).map(|c| pot(c, digit, true));
            add_common(&mut others, scratch);
        }
    }
    search_until(engine, root, Some(&wanted), scratch)
}

/// The search from `root` in a store from the pool (one no hint holds).
fn search(engine: &Engine, root: Pot, scratch: &mut Scratch) -> (Rc<Store>, Option<(u32, u32)>) {
    search_until(engine, root, None, scratch)
}

/// Like [`search`], stopping once every potential of `enough` is reached.
fn search_until(
    engine: &Engine,
    root: Pot,
    enough: Option<&PotSet>,
    scratch: &mut Scratch,
) -> (Rc<Store>, Option<(u32, u32)>) {
    let mut store = loop {
        match scratch.pool.pop() {
            Some(mut s) => {
                if let Some(inner) = Rc::get_mut(&mut s) {
                    inner.reset();
                    break s;
                }
            }
            None => break Rc::new(Store::new()),
        }
    };
    let inner = Rc::get_mut(&mut store).expect("unshared");
    let links = engine.links.as_ref();
    let absurd = propagate_until(engine.mode, engine.grid, links, engine.rules, root, enough, inner, scratch);
    (store, absurd)
}

/// What SE removes to conclude `p`: the cell's other values when "on",
/// the candidate itself when "off".
fn removals_for(grid: &Grid, p: Pot) -> Vec<(Cell, DigitSet)> {
    let (cell, digit) = (pot_cell(p), pot_digit(p));
    if pot_on(p) {
        let others = grid.candidates(cell).difference(DigitSet::single(digit));
        if others.is_empty() {
            vec![]
        } else {
            vec![(cell, others)]
        }
    } else {
        vec![(cell, DigitSet::single(digit))]
    }
}

/// Offers the hint of a search from `source` that met a contradiction.
fn offer_contradiction(
    engine: &Engine,
    out: &mut Vec<ChainHint>,
    store: &Rc<Store>,
    (on_node, off_node): (u32, u32),
    source: Pot,
    removals: Vec<(Cell, DigitSet)>,
) {
    let targets = vec![Target { store: store.clone(), node: on_node }, Target { store: store.clone(), node: off_node }];
    engine.offer(out, Kind::Binary { absurd: true, source }, targets, removals, conjugate(source));
}

/// The potentials every store reached, "on" or "off", in the first store's order.
fn common(stores: &[&Rc<Store>], on: bool) -> Vec<Pot> {
    let all = PotSet::common(stores.iter().map(|s| s.reached_set()), on);
    if all.is_empty() {
        return Vec::new();
    }
    stores[0].order().iter().copied().filter(|&p| all.contains(p)).collect()
}

fn cell_hints(engine: &Engine, cell: Cell, scratch: &mut Scratch, out: &mut Vec<ChainHint>) {
    let (mode, grid) = (engine.mode, engine.grid);
    let values = grid.candidates(cell);
    let double = engine.has_doubles(cell);
    let contradiction = mode.dynamic || mode.nishio;
    let cell_chains = engine.may_have_cell_chain(cell);
    // Empty until a search is kept: the narrowed engine skips most cells.
    let mut on_stores: Vec<Rc<Store>> = Vec::new();
    for d in values.iter() {
        let regions = !mode.nishio && engine.may_have_region_chain(cell, d);
        if !(contradiction || double || cell_chains || regions) {
            // No hint can come from this value.
            continue;
        }
        let p_on = pot(cell, d, true);
        let p_off = conjugate(p_on);
        if let Some(fits) = &engine.fits {
            // A Nishio chain can contradict "on" only where no placement
            // of the digit fits, and "off" only where every one does.
            // A true assumption contradicts nothing.
            let fit = fits[d.index()];
            if !fit.some.contains(cell) && !engine.holds(p_on) {
                let (on_store, absurd_on) = search(engine, p_on, scratch);
                if let Some(absurd) = absurd_on {
                    let removals = vec![(cell, DigitSet::single(d))];
                    offer_contradiction(engine, out, &on_store, absurd, p_on, removals);
                }
                scratch.pool.push(on_store);
            }
            if fit.every.contains(cell) && !engine.holds(p_off) {
                let (off_store, absurd_off) = search(engine, p_off, scratch);
                if let Some(absurd) = absurd_off {
                    offer_contradiction(engine, out, &off_store, absurd, p_off, removals_for(grid, p_on));
                }
                scratch.pool.push(off_store);
            }
            continue;
        }
        let (on_store, absurd_on) = search_once(engine, p_on, scratch);
        if let (true, Some(absurd)) = (contradiction, absurd_on) {
            offer_contradiction(engine, out, &on_store, absurd, p_on, vec![(cell, DigitSet::single(d))]);
        }
        // The "off" search serves only contradictions and double
        // implications (a static Multiple engine reports neither).
        // A true "off" assumption contradicts nothing: its search serves
        // double implications alone, and only as far as they need it
        // (what the "on" branch reaches and the solution makes true).
        let off_search = if engine.holds(p_off) {
            double.then(|| {
                let mut wanted = engine.truth.as_ref().expect("a truth").set().clone();
                wanted.keep_common(on_store.reached_set());
                search_until(engine, p_off, Some(&wanted), scratch)
            })
        } else if contradiction || double {
            // Kept already if the cell's true "on" search needed it.
            Some(scratch.on_searches[p_off as usize].take().unwrap_or_else(|| search(engine, p_off, scratch)))
        } else {
            None
        };
        if let Some((off_store, absurd_off)) = off_search {
            if let (true, Some(absurd)) = (contradiction, absurd_off) {
                offer_contradiction(engine, out, &off_store, absurd, p_off, removals_for(grid, p_on));
            }
            if double {
                // Potentials both branches imply: first those implied "on"
                // (placed), then those implied "off" (removed), as SE lists them.
                for (implied_on, source) in [(true, p_on), (false, p_off)] {
                    let both = PotSet::common([on_store.reached_set(), off_store.reached_set()], implied_on);
                    if both.is_empty() {
                        continue;
                    }
                    for &p in on_store.order().iter().filter(|&&p| both.contains(p)) {
                        let targets = vec![
                            Target { store: on_store.clone(), node: on_store.reached(p) },
                            Target { store: off_store.clone(), node: off_store.reached(p) },
                        ];
                        let kind = Kind::Binary { absurd: false, source };
                        engine.offer(out, kind, targets, removals_for(grid, p), p);
                    }
                }
            }
            scratch.pool.push(off_store);
        }
        if regions {
            region_hints(engine, cell, d, &on_store, scratch, out);
        }
        on_stores.push(on_store);
    }
    if cell_chains {
        let stores: Vec<&Rc<Store>> = on_stores.iter().collect();
        for on in [true, false] {
            for p in common(&stores, on) {
                let targets = on_stores.iter().map(|s| Target { store: s.clone(), node: s.reached(p) }).collect();
                engine.offer(out, Kind::Cell { cell }, targets, removals_for(grid, p), p);
            }
        }
    }
}

/// Region forcing chains for `digit` in the houses where `cell` is its
/// first place (block, row, column, as SE orders them).
fn region_hints(
    engine: &Engine,
    cell: Cell,
    digit: Digit,
    on_store: &Rc<Store>,
    scratch: &mut Scratch,
    out: &mut Vec<ChainHint>,
) {
    let grid = engine.grid;
    for (house, places) in region_houses(engine, cell, digit) {
        if !engine.may_meet_in(house, digit, places) {
            continue;
        }
        let mut stores: Vec<Rc<Store>> = Vec::with_capacity(places.len() as usize);
        for other in places.iter() {
            if other == cell {
                stores.push(on_store.clone());
            } else {
                stores.push(search_once(engine, pot(other, digit, true), scratch).0);
            }
        }
        let refs: Vec<&Rc<Store>> = stores.iter().collect();
        for on in [true, false] {
            for p in common(&refs, on) {
                let targets = stores.iter().map(|s| Target { store: s.clone(), node: s.reached(p) }).collect();
                engine.offer(out, Kind::Region { house, digit }, targets, removals_for(grid, p), p);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::positions::{assert_takes_se_step, first_of};
    use super::super::test_positions::*;
    use super::super::{DYNAMIC_FORCING_CHAINS, MULTIPLE_FORCING_CHAINS, NISHIO_FORCING_CHAINS};

    #[test]
    fn nishio_finds_se_contradiction() {
        assert_takes_se_step(&NISHIO_FORCING_CHAINS, &NISHIO);
        assert_eq!(first_of(&NISHIO_FORCING_CHAINS, &REGION), None);
    }

    #[test]
    fn multiple_finds_se_region_and_cell_chains() {
        assert_takes_se_step(&MULTIPLE_FORCING_CHAINS, &REGION);
        assert_takes_se_step(&MULTIPLE_FORCING_CHAINS, &CELL);
        assert_eq!(first_of(&MULTIPLE_FORCING_CHAINS, &CONTRADICTION), None);
    }

    /// The rules the producers' searches run at a nesting level.
    const NESTED_RULES: Option<super::NestedRules> = Some(super::super::nested::advanced_potentials);

    /// The text and rating of every hint of `engine`, in its order.
    fn texts(engine: &super::Engine) -> Vec<(String, crate::se_rating::scale::Tenths)> {
        let mut out = Vec::new();
        super::engine_hints(engine, &mut out, &mut super::super::scratch::Scratch::default());
        out.iter().map(|h| (h.to_hint().text(), h.to_hint().rating())).collect()
    }

    /// Along SE's paths of reference puzzles rated 8.0 to 9.4, the static
    /// Multiple engine that skips the searches that cannot meet finds the
    /// hints (texts and ratings, in order) of the one that does them all.
    #[test]
    fn skipping_searches_that_cannot_meet_loses_no_multiple_chain() {
        use super::super::chain_hint::Mode;
        use super::{pot, Engine};
        use crate::se_rating::test_paths::{path, reference_puzzles};
        let (mut positions, mut skipped_some) = (0, false);
        for puzzle in reference_puzzles(8.0..9.5).take(4) {
            for (grid, _) in path(puzzle) {
                if grid.cells_holding(1..=1).is_empty() {
                    let filtered = Engine::new(Mode::MULTIPLE, &grid, None);
                    let all = Engine { reach: None, ..Engine::new(Mode::MULTIPLE, &grid, None) };
                    assert_eq!(texts(&filtered), texts(&all), "{puzzle}");
                    skipped_some |= grid.cells_holding(3..=9).iter().any(|c| {
                        let roots: Vec<_> = grid.candidates(c).iter().map(|d| pot(c, d, true)).collect();
                        !filtered.may_meet(&roots, false)
                    });
                    positions += 1;
                }
            }
        }
        assert!(positions > 50 && skipped_some, "{positions} positions");
    }

    /// Along SE's paths of reference puzzles rated 7.5 to 8.4, the Nishio
    /// engine that searches only where a digit's placements allow a
    /// contradiction finds the hints of the one that searches everywhere.
    #[test]
    fn searching_only_where_placements_allow_loses_no_nishio_chain() {
        use super::super::chain_hint::Mode;
        use super::Engine;
        use crate::se_rating::test_paths::{path, reference_puzzles};
        let (mut positions, mut hints) = (0, 0);
        for puzzle in reference_puzzles(7.5..8.5).take(6) {
            for (grid, step) in path(puzzle) {
                if step.difficulty >= 6.5 {
                    let fitted = texts(&Engine::new(Mode::NISHIO, &grid, None));
                    assert_eq!(
                        fitted,
                        texts(&Engine { fits: None, ..Engine::new(Mode::NISHIO, &grid, None) }),
                        "{puzzle}"
                    );
                    positions += 1;
                    hints += fitted.len();
                }
            }
        }
        assert!(positions > 20 && hints > 0, "{positions} positions, {hints} hints");
    }

    /// Along SE's paths of reference puzzles rated 8.5 to 9.4, the first
    /// hint of each multiple-chain engine, found without building the hints
    /// that cannot come first, is the first of all its hints in SE's order.
    #[test]
    fn the_first_hint_is_the_first_of_all() {
        use super::super::chain_hint::Mode;
        use super::super::scratch::Scratch;
        use super::super::select::{chain_hints, first_chain_hint};
        use crate::se_rating::test_paths::{path, reference_puzzles};
        let mut compared = 0;
        for puzzle in reference_puzzles(8.5..9.5).take(3) {
            for (grid, step) in path(puzzle) {
                if step.difficulty >= 7.5 {
                    for mode in [Mode::NISHIO, Mode::MULTIPLE, Mode::DYNAMIC] {
                        let first = first_chain_hint(mode, &grid, None, &mut Scratch::default()).map(|h| h.to_hint());
                        let all = chain_hints(mode, &grid, None, &mut Scratch::default());
                        let of_all = all.first().map(|h| h.to_hint());
                        assert_eq!(first.map(|h| (h.text(), h.rating())), of_all.map(|h| (h.text(), h.rating())));
                        compared += usize::from(all.len() > 1);
                    }
                }
            }
        }
        assert!(compared > 10, "{compared} positions with several hints");
    }

    /// On grids reduced from positions where neither the Multiple engine
    /// nor the unary one finds anything, the Multiple engine that searches
    /// only where a new strong link or a lost candidate allows a hint finds
    /// the hints (texts, ratings, complexities, in SE's order) of the one
    /// that searches wherever the links meet.
    #[test]
    fn on_a_reduced_grid_the_narrowed_multiple_engine_misses_nothing() {
        use super::super::chain_hint::Mode;
        use super::super::links::NewLinks;
        use super::super::narrowed::StartLinks;
        use super::super::positions::grid_from_marks;
        use super::super::scratch::Scratch;
        use super::super::select::{chain_hints, multiple_hints_reduced_from};
        use crate::model::cell::{Cell, Digit};
        let describe =
            |h: &super::ChainHint| format!("{} {} {} {}", h.technique, h.detail(), h.difficulty, h.complexity);
        let (mut reductions, mut with_hints, mut with_new_links) = (0, 0, 0);
        for position in [&CONTRADICTION, &DOUBLE, &DYNAMIC_PLUS] {
            let start = grid_from_marks(position.marks);
            let scratch = &mut Scratch::default();
            assert!(start.cells_holding(1..=1).is_empty());
            assert!(chain_hints(Mode::UNARY, &start, None, scratch).is_empty());
            assert!(chain_hints(Mode::MULTIPLE, &start, None, scratch).is_empty());
            let links = StartLinks::new(&start);
            let candidates: Vec<(Cell, Digit)> =
                Cell::all().flat_map(|c| start.candidates(c).iter().map(move |d| (c, d))).collect();
            for (i, &(c, d)) in candidates.iter().enumerate() {
                // The one removed, then with one or two later ones (a few).
                let later = |step: usize| candidates[i + 1..].iter().step_by(step).copied();
                let others = std::iter::once(vec![])
                    .chain(later(13).map(|o| vec![o]))
                    .chain(later(29).zip(later(31).skip(1)).map(|(o, p)| vec![o, p]));
                for removed in others {
                    let mut work = start.clone();
                    work.eliminate(c, d);
                    for &(e, f) in &removed {
                        work.eliminate(e, f);
                    }
                    if std::iter::once(c).chain(removed.iter().map(|&(e, _)| e)).any(|e| work.candidates(e).is_empty())
                    {
                        continue;
                    }
                    let full: Vec<String> =
                        chain_hints(Mode::MULTIPLE, &work, None, scratch).iter().map(|h| describe(h)).collect();
                    let new = NewLinks::new(&start, &work);
                    let narrowed: Vec<String> = multiple_hints_reduced_from(&start, &links, &work, &new, scratch)
                        .iter()
                        .map(|h| describe(h))
                        .collect();
                    assert_eq!(narrowed, full, "{c}<>{d}, {removed:?} removed");
                    reductions += 1;
                    with_hints += usize::from(!full.is_empty());
                    with_new_links += usize::from(!new.pairs.is_empty());
                }
            }
        }
        assert!(with_hints > 20 && with_hints < reductions, "{with_hints} of {reductions} with hints");
        assert!(with_new_links > 0 && with_new_links < reductions, "{with_new_links} of {reductions} with new links");
    }

    /// Along SE's paths of reference puzzles rated 8.5 to 9.9, the engines
    /// that skip or cut short the searches the position's solution makes
    /// pointless find every hint (texts and ratings, in order) of those
    /// that do them all.
    #[test]
    fn the_searches_a_solution_makes_pointless_hold_no_hint() {
        use super::super::chain_hint::Mode;
        use super::super::positions::grid_from_marks;
        use super::super::truth::Truth;
        use super::Engine;
        use crate::se_rating::test_paths::{path, reference_puzzles};
        use std::rc::Rc;
        let (mut positions, mut hints) = (0, 0);
        let chain_steps = reference_puzzles(8.5..10.0).step_by(9).take(4).flat_map(path);
        let se_steps = [&CONTRADICTION, &DOUBLE, &DYNAMIC_PLUS].map(|p| grid_from_marks(p.marks));
        for grid in chain_steps.filter(|(_, step)| step.difficulty >= 7.5).map(|(grid, _)| grid).chain(se_steps) {
            let truth = Truth::of(&grid).map(Rc::new);
            assert!(truth.is_some(), "a position on SE's path keeps the solution");
            for mode in [Mode::MULTIPLE, Mode::DYNAMIC, Mode::nested(1, 0)] {
                let all = texts(&Engine { rules: NESTED_RULES, ..Engine::new(mode, &grid, None) });
                let told =
                    texts(&Engine { truth: truth.clone(), rules: NESTED_RULES, ..Engine::new(mode, &grid, None) });
                assert_eq!(told, all, "{mode:?} at {}", crate::io::format::to_pencil_line(&grid));
                hints += all.len();
            }
            positions += 1;
        }
        assert!(positions > 10 && hints > 100, "{positions} positions, {hints} hints");
    }

    /// At positions where SE takes a dynamic chain step, the search from
    /// each true "on" assumption stops once it has what the chains it
    /// serves need: its store is the start of the whole search's, often
    /// shorter, at times no more than the assumption.
    #[test]
    fn a_search_from_a_true_assumption_is_the_start_of_the_whole_one() {
        use super::super::chain_hint::Mode;
        use super::super::positions::grid_from_marks;
        use super::super::scratch::Scratch;
        use super::super::truth::Truth;
        use super::{pot, search, search_true, Engine};
        use std::rc::Rc;
        let (mut searches, mut shorter, mut empty) = (0, 0, 0);
        for position in [&CONTRADICTION, &DOUBLE, &DYNAMIC_PLUS] {
            let grid = grid_from_marks(position.marks);
            let truth = Rc::new(Truth::of(&grid).expect("one solution"));
            for mode in [Mode::DYNAMIC, Mode::nested(1, 0)] {
                let engine =
                    Engine { truth: Some(truth.clone()), rules: NESTED_RULES, ..Engine::new(mode, &grid, None) };
                let scratch = &mut Scratch::default();
                for cell in grid.cells_holding(2..=9).iter() {
                    let Some(digit) = grid.candidates(cell).iter().find(|&d| truth.holds(pot(cell, d, true))) else {
                        panic!("the solution's digit is a candidate of {cell}");
                    };
                    let root = pot(cell, digit, true);
                    let (cut, absurd) = search_true(&engine, root, scratch);
                    let (whole, whole_absurd) = search(&engine, root, scratch);
                    assert!(absurd.is_none() && whole_absurd.is_none());
                    assert_eq!(cut.order(), &whole.order()[..cut.order().len()], "{cell}");
                    searches += 1;
                    shorter += usize::from(cut.order().len() < whole.order().len());
                    empty += usize::from(cut.order().len() == 1);
                }
            }
        }
        assert!(shorter * 3 > searches && empty > 0, "{shorter} of {searches} shorter, {empty} not run");
    }

    #[test]
    fn dynamic_finds_se_contradiction_and_double_chains() {
        assert_takes_se_step(&DYNAMIC_FORCING_CHAINS, &CONTRADICTION);
        assert_takes_se_step(&DYNAMIC_FORCING_CHAINS, &DOUBLE);
    }
}
