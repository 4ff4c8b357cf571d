//! SE's "Forcing Chains & Cycles" producer: from each candidate, bidirectional
//! cycles back to it and forcing chains to its own negation, in three
//! passes: house links only (X), cell links only (Y, from two-valued cells),
//! both (XY). The grid never changes during these searches.

use super::chain_hint::{length_penalty, ChainHint, Kind, Mode, Target};
use super::links::{closure, closure_of, NewLinks, StaticLinks};
use super::potential::{conjugate, pot, pot_cell, pot_digit, pot_on, Cause, Pot, PotSet, Store};
use super::reach::Reach;
use crate::model::cell::Cell;
use crate::model::grid::Grid;
use crate::model::sets::{CellSet, DigitSet};
use std::collections::VecDeque;
use std::rc::Rc;

/// The store and queues of the unary searches, kept from one call to the
/// next: the nested levels run the engine on thousands of reduced grids
/// a step, each with a few tiny searches.
pub(super) struct UnaryBuffers {
    store: Store,
    pending_on: VecDeque<u32>,
    pending_off: VecDeque<u32>,
    /// The nodes where a cycle search gets back to its root.
    closing: Vec<u32>,
}

impl Default for UnaryBuffers {
    fn default() -> UnaryBuffers {
        UnaryBuffers {
            store: Store::new(),
            pending_on: VecDeque::new(),
            pending_off: VecDeque::new(),
            closing: Vec::new(),
        }
    }
}

/// One call's searches: the buffers they reuse from one start to the
/// next, and what every start shares.
struct Search<'r> {
    buffers: &'r mut UnaryBuffers,
    links: &'r StaticLinks,
    /// Where the links lead, when known: a search keeps only the
    /// potentials that can still lead to what it looks for. (Every
    /// potential on a path to them can too, so those it keeps are reached
    /// as they would be.)
    reach: Option<&'r Reach>,
    /// Without `reach`, the potentials a cycle can pass through, if known.
    cycle_part: Option<&'r PotSet>,
    /// When only the first hint in SE's order is wanted: the best so far
    /// (difficulty, complexity, sort key). A search stops as soon as all it
    /// could still find ranks after it (complexity only grows with depth
    /// here, and ties go to the hint found first).
    best: Option<(f64, u32, u8)>,
    prune: bool,
}

/// The bound a search works under: the best hint so far when pruning.
#[derive(Clone, Copy)]
struct Bound(Option<(f64, u32, u8)>);

impl Bound {
    /// Whether a hint of this base and sort key with at least this
    /// complexity could still come first.
    fn worth_going(self, base: f64, complexity: u32, sort_key: u8) -> bool {
        match self.0 {
            Some((d, c, k)) => {
                let at_least = (base + length_penalty(complexity), complexity, sort_key);
                at_least.partial_cmp(&(d, c, k)) == Some(std::cmp::Ordering::Less)
            }
            None => true,
        }
    }
}

impl Search<'_> {
    fn bound(&self) -> Bound {
        Bound(if self.prune { self.best } else { None })
    }

    fn found(&mut self, hint: ChainHint, out: &mut Vec<ChainHint>) {
        let rank = (hint.difficulty, hint.complexity, hint.sort_key);
        if self.best.is_none_or(|b| rank.partial_cmp(&b) == Some(std::cmp::Ordering::Less)) {
            self.best = Some(rank);
        }
        out.push(hint);
    }
}

/// The sort key SE gives a cycle or chain of these links.
fn sort_key(y: bool, x: bool) -> u8 {
    match (y, x) {
        (true, true) => 4,
        (true, false) => 3,
        _ => 2,
    }
}

/// Every cycle and forcing chain hint, in SE's order before sorting; with
/// `first_only`, searches stop early once they cannot beat the best found
/// (the first hint in SE's order is still among those returned).
pub(super) fn unary_hints(grid: &Grid, out: &mut Vec<ChainHint>, first_only: bool, buffers: &mut UnaryBuffers) {
    let links = StaticLinks::new(grid);
    // The graph with every link holds the graphs of the passes with fewer:
    // what it cannot reach, no pass can.
    let reach = Reach::new(&links, true, true);
    let starts = Starts { cycle: &|on| reach.leads(on, on), forcing: &|p| reach.leads(p, conjugate(p)), part: None };
    search_all(grid, &links, Some(&reach), first_only, starts, out, buffers);
}

/// The same hints (all of them) on `grid`, a reduction of `start`, where
/// `start` has none and no cell with a single candidate: then each passes
/// through a strong link that `start` lacks. (One through old links only
/// would hold in `start`; and where a cycle's eliminations hold, so does
/// a forcing chain from each, through the cycle.) A cycle lies within one
/// strongly connected part of the link graph, so only the parts that hold
/// such a link are searched for cycles: the nested levels ask this of
/// thousands of reduced grids a step, most of whose parts hold none.
pub(super) fn unary_hints_through_new_links(
    grid: &Grid,
    new: &NewLinks,
    out: &mut Vec<ChainHint>,
    first_only: bool,
    buffers: &mut UnaryBuffers,
) {
    if new.pairs.is_empty() {
        return;
    }
    if let Some(reached) = &new.reached {
        // Where each new link leads tells where the hints can start.
        let (mut cycle, mut forcing_end, mut any) = (PotSet::new(), PotSet::new(), false);
        for (&(a, b), (from_a, from_b)) in new.pairs.iter().zip(reached) {
            let chains = from_a.meets(from_b);
            // A cycle through the link (either way: each is the other's
            // mirror image) needs `b` to get back to "a off" some other way.
            // And only where `a` and `b` lead somewhere in common: a
            // cycle's potentials are all equivalent (it is a loop of
            // implications), and a candidate `x` it eliminates sees an "on"
            // `p` and an "off" `q` of it in `x`'s digit. "x on" leads to
            // "q off", round the loop to "p on" and to "x off"; or to "p
            // off", round the loop's contrapositive to "q on" and to "x
            // off". One of those arcs holds "a off → b" (or "b off → a"),
            // so `a` and `b` both lead to "x off". Most links that close
            // a cycle close none that eliminates anything.
            let cycles = chains && leads_back(grid, a, b, from_b);
            any |= chains;
            forcing_end.add_common(from_a, from_b);
            if cycles {
                // The parts holding the link "a off" to `b` (or "b off" to
                // `a`): what `b` leads to and what leads to "a off" (whose
                // negations `a` leads to).
                cycle.add_common(from_b, &from_a.negated());
                cycle.add_common(from_a, &from_b.negated());
            }
        }
        if !any {
            return;
        }
        // The searches start from those potentials and follow links: they
        // need only the links of what those lead to.
        let mut starts = forcing_end.negated();
        starts.add_all(&cycle);
        let links = StaticLinks::within(grid, &closure_of(grid, &starts));
        let starts = Starts {
            cycle: &|on| cycle.contains(on),
            forcing: &|p| forcing_end.contains(conjugate(p)),
            part: Some(&cycle),
        };
        search_all(grid, &links, None, first_only, starts, out, buffers);
        return;
    }
    let links = StaticLinks::new(grid);
    let reach = Reach::new(&links, true, true);
    // A cycle through a link whose ends lead nowhere in common eliminates
    // nothing (as above).
    let meeting = new.pairs.iter().filter(|&&(a, b)| reach.meet([a, b].into_iter()));
    let both_ways = meeting.flat_map(|&(a, b)| [(conjugate(a), b), (conjugate(b), a)]);
    let through: Vec<u32> =
        both_ways.filter_map(|(off, on)| reach.component(off).filter(|&c| reach.component(on) == Some(c))).collect();
    let starts = Starts {
        cycle: &|on| reach.leads(on, on) && reach.component(on).is_some_and(|c| through.contains(&c)),
        forcing: &|p| reach.leads(p, conjugate(p)),
        part: None,
    };
    search_all(grid, &links, Some(&reach), first_only, starts, out, buffers);
}

/// Whether `b` gets back to "a off" (`a` and `b` ends of a strong link)
/// other than by its own link to it; `from_b` is all `b` leads to. Some
/// potential `b` leads to must link to "a off": that is looked at first,
/// since most new links close no cycle.
fn leads_back(grid: &Grid, a: Pot, b: Pot, from_b: &PotSet) -> bool {
    let (cell, digit) = (pot_cell(a), pot_digit(a));
    let into_a_off = grid
        .candidates(cell)
        .iter()
        .filter(|&d| d != digit)
        .map(|d| pot(cell, d, true))
        .chain(grid.cells_with(digit).intersection(cell.peers()).iter().map(|c| pot(c, digit, true)));
    let mut into = into_a_off.filter(|&p| p != b);
    into.any(|p| from_b.contains(p)) && closure(grid, b, Some(conjugate(a))).contains(conjugate(a))
}

/// Which starts the searches are run from (the others find nothing).
struct Starts<'a> {
    /// The "on" potentials a cycle may start from.
    cycle: &'a dyn Fn(Pot) -> bool,
    /// The potentials a forcing chain may start from.
    forcing: &'a dyn Fn(Pot) -> bool,
    /// The potentials of the strongly connected parts cycles are sought
    /// in, when known without the whole graph's reachability.
    part: Option<&'a PotSet>,
}

/// The three passes over every start `starts` allows.
fn search_all(
    grid: &Grid,
    links: &StaticLinks,
    reach: Option<&Reach>,
    first_only: bool,
    starts: Starts,
    out: &mut Vec<ChainHint>,
    buffers: &mut UnaryBuffers,
) {
    let mut search = Search { buffers, links, reach, cycle_part: starts.part, best: None, prune: first_only };
    for (y, x) in [(false, true), (true, false), (true, true)] {
        for cell in grid.cells_holding(2..=9).iter() {
            let values = grid.candidates(cell);
            if values.len() > 2 && !x {
                // Y-cycles start only from two-valued cells.
                continue;
            }
            for d in values.iter() {
                let on = pot(cell, d, true);
                let off = conjugate(on);
                // The searches only find what the links reach.
                if (starts.cycle)(on) {
                    cycles(grid, on, y, x, &mut search, out);
                }
                if x && (starts.forcing)(on) {
                    forcing_chains(grid, on, y, &mut search, out);
                }
                if x && (starts.forcing)(off) {
                    forcing_chains(grid, off, y, &mut search, out);
                }
            }
        }
    }
}

/// Whether `p` is on the first-parent path behind node `n` (not `n` itself).
fn is_ancestor(store: &Store, n: u32, p: Pot) -> bool {
    let mut m = n;
    while let Some(parent) = store.first_parent(m) {
        if store.node(parent).pot == p {
            return true;
        }
        m = parent;
    }
    false
}

/// SE's `doCycles`: a breadth-first alternation of "on" and "off" layers
/// from `root` (on); an "off" may be reached again by other paths (only
/// its own ancestors are refused), an "on" only once. Reaching `root` again
/// from the fourth layer on closes a cycle.
fn cycles(grid: &Grid, root: Pot, y: bool, x: bool, search: &mut Search, out: &mut Vec<ChainHint>) {
    let bound = search.bound();
    let UnaryBuffers { store, pending_on, pending_off, closing: found } = &mut *search.buffers;
    store.reset();
    pending_on.clear();
    pending_off.clear();
    found.clear();
    let r = store.add(root, Cause::Start, &[]);
    store.mark(r);
    pending_on.push_back(r);
    let mut length = 0;
    let base = if y && x { 7.0 } else { 6.5 };
    // Only the potentials of the root's strongly connected part lead back to it.
    let part = search.reach.map(|reach| reach.component(root));
    let in_part = |p: Pot| match search.reach {
        Some(reach) => Some(reach.component(p)) == part,
        // A superset of the root's part: what it prunes cannot lead back.
        None => search.cycle_part.is_none_or(|part| part.contains(p)),
    };
    while !pending_on.is_empty() || !pending_off.is_empty() {
        length += 1;
        if !bound.worth_going(base, length + 1, sort_key(y, x)) {
            break;
        }
        while let Some(n) = pending_on.pop_front() {
            for (off, cause) in search.links.on_to_off(store.node(n).pot, y) {
                // SE follows an "off" again by every new path (its "on"
                // consequences were all reached by the first one), so a
                // second copy matters only if it closes the loop.
                if !in_part(off) {
                    continue;
                }
                let first = !store.has(off);
                if first || (search.links.off_to_on(off, y, x).any(|(q, _)| q == root) && !is_ancestor(store, n, off)) {
                    let m = store.add(off, cause, &[n]);
                    store.mark(m);
                    pending_off.push_back(m);
                }
            }
        }
        length += 1;
        while let Some(n) = pending_off.pop_front() {
            for (on, cause) in search.links.off_to_on(store.node(n).pot, y, x) {
                if length >= 4 && on == root {
                    found.push(store.add(on, cause, &[n]));
                }
                if !store.has(on) && in_part(on) {
                    let m = store.add(on, cause, &[n]);
                    store.mark(m);
                    pending_on.push_back(m);
                }
            }
        }
    }
    if found.is_empty() {
        return;
    }
    let forward = Rc::new(store.frozen());
    for i in 0..search.buffers.closing.len() {
        if let Some(hint) = cycle_hint(grid, &forward, search.buffers.closing[i], y, x) {
            search.found(hint, out);
        }
    }
}

/// SE's cycle hint: the candidates seen by an "on" and by an "off" node of
/// the loop go.
fn cycle_hint(grid: &Grid, forward: &Rc<Store>, dst_on: u32, y: bool, x: bool) -> Option<ChainHint> {
    // The loop from its end back to its start, following first parents.
    let mut path = vec![dst_on];
    while let Some(p) = forward.first_parent(*path.last().expect("non-empty")) {
        path.push(p);
    }
    let steps = &path[..path.len() - 1];
    let loop_cells: CellSet = steps.iter().map(|&n| pot_cell(forward.node(n).pot)).collect();
    let mut seen_on = Vec::new();
    let mut seen_off = Vec::new();
    for &n in steps {
        let p = forward.node(n).pot;
        let d = pot_digit(p);
        let seeing = pot_cell(p).peers().difference(loop_cells).intersection(grid.cells_with(d));
        let list = if pot_on(p) { &mut seen_on } else { &mut seen_off };
        for c in seeing.iter() {
            if !list.contains(&(c, d)) {
                list.push((c, d));
            }
        }
    }
    let mut removals: Vec<(Cell, DigitSet)> = Vec::new();
    for &(c, d) in seen_on.iter().filter(|e| seen_off.contains(e)) {
        match removals.iter_mut().find(|(rc, _)| *rc == c) {
            Some((_, ds)) => ds.insert(d),
            None => removals.push((c, DigitSet::single(d))),
        }
    }
    if removals.is_empty() {
        return None;
    }
    // The reversed loop: every potential negated, parents pointing the
    // other way; its end is the start negated.
    let mut reversed = Store::nodes_only();
    let mut prev = None;
    for &n in &path {
        let node = forward.node(n);
        let parents: Vec<u32> = prev.into_iter().collect();
        prev = Some(reversed.add(conjugate(node.pot), node.cause, &parents));
    }
    let dst_off = prev.expect("non-empty loop");
    // SE names the loop by the cells met walking back from the reversed end.
    let mut cells = Vec::new();
    let mut m = dst_off;
    while let Some(parent) = reversed.first_parent(m) {
        let c = pot_cell(reversed.node(parent).pot);
        if !cells.contains(&c) {
            cells.push(c);
        }
        m = parent;
    }
    let targets =
        vec![Target { store: forward.clone(), node: dst_on }, Target { store: Rc::new(reversed), node: dst_off }];
    Some(ChainHint::new(Mode::UNARY, Kind::Cycle { y, x, cells }, targets, removals, None))
}

/// SE's `doForcingChains` from `root` (on or off): a plain breadth-first
/// search; reaching the root's negation proves it.
fn forcing_chains(grid: &Grid, root: Pot, y: bool, search: &mut Search, out: &mut Vec<ChainHint>) {
    let bound = search.bound();
    let UnaryBuffers { store, pending_on, pending_off, .. } = &mut *search.buffers;
    store.reset();
    pending_on.clear();
    pending_off.clear();
    let r = store.add(root, Cause::Start, &[]);
    store.mark(r);
    if pot_on(root) {
        pending_on.push_back(r);
    } else {
        pending_off.push_back(r);
    }
    let target = conjugate(root);
    let mut found: Option<u32> = None;
    let base = if y { 7.0 } else { 6.6 };
    let leads = |p: Pot| search.reach.is_none_or(|reach| reach.leads(p, target));
    let mut phases = 0;
    while !pending_on.is_empty() || !pending_off.is_empty() {
        if !pending_on.is_empty() {
            phases += 1;
            if found.is_some() || !bound.worth_going(base, phases + 1, sort_key(y, true)) {
                break;
            }
        }
        while let Some(n) = pending_on.pop_front() {
            for (off, cause) in search.links.on_to_off(store.node(n).pot, y) {
                if off == target && found.is_none() {
                    found = Some(store.add(off, cause, &[n]));
                }
                if !store.has(off) && leads(off) {
                    let m = store.add(off, cause, &[n]);
                    store.mark(m);
                    pending_off.push_back(m);
                }
            }
        }
        if !pending_off.is_empty() {
            phases += 1;
            if found.is_some() || !bound.worth_going(base, phases + 1, sort_key(y, true)) {
                break;
            }
        }
        while let Some(n) = pending_off.pop_front() {
            for (on, cause) in search.links.off_to_on(store.node(n).pot, y, true) {
                if on == target && found.is_none() {
                    found = Some(store.add(on, cause, &[n]));
                }
                if !store.has(on) && leads(on) {
                    let m = store.add(on, cause, &[n]);
                    store.mark(m);
                    pending_on.push_back(m);
                }
            }
        }
    }
    let Some(t) = found else { return };
    let cell = pot_cell(target);
    let removals = if pot_on(target) {
        vec![(cell, grid.candidates(cell).difference(DigitSet::single(pot_digit(target))))]
    } else {
        vec![(cell, DigitSet::single(pot_digit(target)))]
    };
    if removals[0].1.is_empty() {
        return;
    }
    let (behind, t) = store.frozen_behind(t);
    let targets = vec![Target { store: Rc::new(behind), node: t }];
    search.found(ChainHint::new(Mode::UNARY, Kind::Forcing { y, x: true }, targets, removals, Some(target)), out);
}

#[cfg(test)]
mod tests {
    use super::super::positions::{assert_takes_se_step, first_of};
    use super::super::test_positions::*;
    use super::super::FORCING_CHAINS_AND_CYCLES as UNARY;
    use super::NewLinks;
    use crate::model::grid::Grid;

    #[test]
    fn finds_se_cycles_and_chains() {
        assert_takes_se_step(&UNARY, &TURBOT_FISH);
        assert_takes_se_step(&UNARY, &X_CHAIN);
        assert_takes_se_step(&UNARY, &X_CYCLE);
        assert_takes_se_step(&UNARY, &Y_CYCLE);
        assert_takes_se_step(&UNARY, &XY_CHAIN);
    }

    #[test]
    fn finds_nothing_where_se_needed_more() {
        assert_eq!(first_of(&UNARY, &NISHIO), None);
        assert_eq!(first_of(&UNARY, &REGION), None);
    }

    /// Along SE's paths of reference puzzles rated 7.0 to 8.9, at each
    /// position where SE takes a chain step, the first unary hint with
    /// what the engine kept from the earlier ones (the last where it found
    /// nothing) is the one it finds from nothing.
    #[test]
    fn what_a_quiet_position_leaves_never_changes_the_first_unary_hint() {
        use super::super::chain_hint::Mode;
        use super::super::scratch::Scratch;
        use super::super::select::first_chain_hint;
        use crate::model::grid::Grid;
        use crate::se_rating::test_paths::{path, reference_puzzles};
        let mut hints_after_quiet = 0;
        for puzzle in reference_puzzles(7.0..9.0).step_by(8).take(10) {
            let mut kept = Scratch::default();
            let first = |grid: &Grid, scratch: &mut Scratch| {
                first_chain_hint(Mode::UNARY, grid, None, scratch).map(|h| (h.to_hint().text(), h.to_hint().rating()))
            };
            for (grid, step) in path(puzzle) {
                if step.difficulty >= 6.5 {
                    let quiet_before = kept.unary_quiet.is_some();
                    let fresh = first(&grid, &mut Scratch::default());
                    assert_eq!(first(&grid, &mut kept), fresh, "{puzzle}");
                    hints_after_quiet += usize::from(quiet_before && fresh.is_some());
                }
            }
        }
        assert!(hints_after_quiet > 10, "{hints_after_quiet} hints after a quiet position");
    }

    /// The unary hints of `work` found through the strong links `reduced_from`
    /// lacks, all of them, described, and those links.
    fn through_new_links_and_all(reduced_from: &Grid, work: &Grid) -> (Vec<String>, Vec<String>, NewLinks) {
        use super::super::select::{chain_hints, unary_hints_reduced_from};
        use crate::se_rating::chaining::chain_hint::Mode;
        let describe =
            |h: &super::ChainHint| format!("{} {} {} {}", h.technique, h.detail(), h.difficulty, h.complexity);
        let full = chain_hints(Mode::UNARY, work, None, &mut Default::default()).iter().map(|h| describe(h)).collect();
        let new = NewLinks::new(reduced_from, work);
        let through =
            unary_hints_reduced_from(work, &new, &mut Default::default()).iter().map(|h| describe(h)).collect();
        (through, full, new)
    }

    /// Where a grid has no unary hint, the search through the strong links
    /// its reductions add finds every hint the full search finds, in the
    /// same order: over the grid with any one candidate removed, and with
    /// a tenth of the pairs removed.
    #[test]
    fn on_a_reduced_grid_the_search_through_new_links_misses_nothing() {
        use super::super::positions::grid_from_marks;
        use crate::model::cell::Cell;
        for position in [&NISHIO, &REGION, &CONTRADICTION] {
            let start = grid_from_marks(position.marks);
            assert_eq!(first_of(&UNARY, position), None);
            assert!(start.cells_holding(1..=1).is_empty());
            let candidates: Vec<(Cell, crate::model::cell::Digit)> =
                Cell::all().flat_map(|c| start.candidates(c).iter().map(move |d| (c, d))).collect();
            let (mut reductions, mut with_hints, mut skipped_parts, mut with_cycles) = (0, 0, 0, 0);
            for (i, &(c, d)) in candidates.iter().enumerate() {
                // The one removed, then with each later one (every tenth, to keep it quick).
                for other in std::iter::once(None).chain(candidates[i + 1..].iter().step_by(10).map(Some)) {
                    let mut work = start.clone();
                    work.eliminate(c, d);
                    if let Some(&(e, f)) = other {
                        work.eliminate(e, f);
                    }
                    let (through, full, new) = through_new_links_and_all(&start, &work);
                    assert_eq!(through, full, "{c}<>{d}, {other:?} removed");
                    reductions += 1;
                    with_hints += usize::from(!full.is_empty());
                    with_cycles += usize::from(full.iter().any(|h| h.contains("Cycle")));
                    skipped_parts += usize::from(new.pairs.is_empty());
                }
            }
            assert!(with_hints > 0 && with_hints < reductions, "{with_hints} of {reductions} with hints");
            assert!(skipped_parts > 0, "every reduction made a strong link");
            assert!(with_cycles > 0, "no reduction has a cycle");
        }
    }

    /// For each root (every candidate of `start`, "on" and "off") whose
    /// dynamic search stalls without a contradiction: the root and the grid
    /// it stalls on, `start` without every candidate the search removed.
    fn stalled_grids(start: &Grid) -> Vec<(super::super::potential::Pot, Grid)> {
        use super::super::potential::{pot, pot_cell, pot_digit, pot_on, Store};
        use super::super::propagate::propagate;
        use super::super::scratch::Scratch;
        use crate::se_rating::chaining::chain_hint::Mode;
        let mut grids = Vec::new();
        for cell in start.cells_holding(2..=9).iter() {
            for (digit, on) in start.candidates(cell).iter().flat_map(|d| [(d, true), (d, false)]) {
                let mut store = Store::new();
                let root = pot(cell, digit, on);
                if propagate(Mode::DYNAMIC, start, None, root, &mut store, &mut Scratch::default()).is_some() {
                    continue;
                }
                let mut stalled = start.clone();
                for &p in store.order().iter().filter(|&&p| !pot_on(p)) {
                    stalled.eliminate(pot_cell(p), pot_digit(p));
                }
                grids.push((root, stalled));
            }
        }
        grids
    }

    /// As below, but where the unary engine has hints on the stalled grid, each
    /// relying on something the search removed, and the grid looked at is
    /// a reduction of it without everything they remove (as the search's
    /// next stall is, once it followed them): every hint there goes
    /// through a strong link the stalled grid lacks.
    #[test]
    fn after_a_stall_whose_hints_were_all_followed_the_search_through_new_links_misses_nothing() {
        use super::super::positions::grid_from_marks;
        use super::super::potential::pot_name;
        use super::super::scratch::{settles, Scratch};
        use super::super::select::chain_hints;
        use crate::model::cell::{Cell, Digit};
        use crate::se_rating::chaining::chain_hint::Mode;
        let (mut settled, mut compared, mut with_hints) = (0, 0, 0);
        for position in [&NISHIO, &REGION, &CONTRADICTION] {
            let start = grid_from_marks(position.marks);
            assert_eq!(first_of(&UNARY, position), None);
            for (root, stalled) in stalled_grids(&start) {
                let hints = chain_hints(Mode::UNARY, &stalled, None, &mut Scratch::default());
                let mut parents = Vec::new();
                let all_rely = hints.iter().all(|h| {
                    h.rule_parents(&start, &stalled, &mut parents);
                    !parents.is_empty()
                });
                if hints.is_empty() || !all_rely || !settles(&stalled) {
                    continue;
                }
                let mut followed = stalled.clone();
                for hint in &hints {
                    for &(c, digits) in &hint.removals {
                        for d in digits.iter() {
                            followed.eliminate(c, d);
                        }
                    }
                }
                if Cell::all().any(|c| followed.value(c).is_none() && followed.candidates(c).is_empty()) {
                    continue;
                }
                settled += 1;
                let candidates: Vec<(Cell, Digit)> =
                    Cell::all().flat_map(|c| followed.candidates(c).iter().map(move |d| (c, d))).collect();
                for reduced in std::iter::once(None).chain(candidates.iter().step_by(9).map(Some)) {
                    let mut work = followed.clone();
                    if let Some(&(c, d)) = reduced {
                        work.eliminate(c, d);
                    }
                    let (through, full, _) = through_new_links_and_all(&stalled, &work);
                    assert_eq!(through, full, "{reduced:?} removed after {}", pot_name(root));
                    compared += 1;
                    with_hints += usize::from(!full.is_empty());
                }
            }
        }
        assert!(settled > 200, "{settled} stalled grids whose hints all rely on the search");
        assert!(with_hints > 1000 && with_hints < compared, "{with_hints} of {compared} with hints");
    }

    /// The same where the grid with no unary hint is one a dynamic search
    /// stalled on, as the nested levels keep them: with cells down to one
    /// candidate (or none). Over such grids reduced by one candidate more.
    #[test]
    fn on_a_reduction_of_a_quiet_stalled_grid_the_search_through_new_links_misses_nothing() {
        use super::super::positions::grid_from_marks;
        use super::super::potential::pot_name;
        use super::super::scratch::{settles, Scratch};
        use super::super::select::chain_hints;
        use crate::model::cell::{Cell, Digit};
        use crate::se_rating::chaining::chain_hint::Mode;
        let (mut quiet, mut with_single, mut compared, mut with_hints) = (0, 0, 0, 0);
        for position in [&NISHIO, &REGION, &CONTRADICTION] {
            let start = grid_from_marks(position.marks);
            for (root, stalled) in stalled_grids(&start) {
                // As the nested levels keep them: no cell down to a
                // candidate that sees another of its digit.
                if !chain_hints(Mode::UNARY, &stalled, None, &mut Scratch::default()).is_empty() || !settles(&stalled) {
                    continue;
                }
                quiet += 1;
                with_single += usize::from(!stalled.cells_holding(1..=1).is_empty());
                let candidates: Vec<(Cell, Digit)> =
                    Cell::all().flat_map(|c| stalled.candidates(c).iter().map(move |d| (c, d))).collect();
                for &(c, d) in candidates.iter().step_by(4) {
                    let mut work = stalled.clone();
                    work.eliminate(c, d);
                    let (through, full, _) = through_new_links_and_all(&stalled, &work);
                    assert_eq!(through, full, "{c}<>{d} removed after {}", pot_name(root));
                    compared += 1;
                    with_hints += usize::from(!full.is_empty());
                }
            }
        }
        assert!(
            quiet > 100 && with_single > 30,
            "{quiet} quiet grids, {with_single} with a single candidate in a cell"
        );
        assert!(with_hints > 20 && with_hints < compared, "{with_hints} of {compared} with hints");
    }

    #[test]
    fn the_full_list_starts_with_the_first_hint() {
        use crate::se_rating::producer::Producer;
        let grid = super::super::positions::grid_from_marks(XY_CHAIN.marks);
        let mut texts = Vec::new();
        let _ = UNARY.hints(&grid, &mut |h| {
            texts.push(h.text());
            std::ops::ControlFlow::Continue(())
        });
        assert_eq!(texts[0], XY_CHAIN.text);
        // No two hints remove the same candidates.
        let mut sorted = texts.clone();
        sorted.dedup();
        assert_eq!(sorted.len(), texts.len());
    }
}
