//! SE's `doChaining`: everything that follows from an assumption, in SE's
//! order (one pending "on" at a time while any is left, else one pending
//! "off", first in first out), stopping at the first contradiction.
//!
//! In a dynamic search each "off" is removed from a working copy of the
//! grid once it has been followed, so later "off → on" links see the
//! reduced grid; at a nesting level, when nothing is pending, the nested
//! rules run on that reduced grid and their eliminations continue the search.

use super::chain_hint::Mode;
use super::links::{off_to_on, on_to_off, Derived, StaticLinks};
use super::potential::{conjugate, pot_cell, pot_digit, pot_on, Cause, Pot, PotSet, Store};
use super::scratch::Scratch;
use super::stall::{Found, SinceRules};
use crate::model::grid::Grid;
use std::collections::VecDeque;

/// The nested rules a search at a nesting level runs where it stalls
/// (`nested::advanced_potentials`, given the level, the grid the search
/// started from and the one it reduced): what they find continues the
/// search. The caller hands them in, since the rules run the chaining
/// engines that run this search.
pub(super) type NestedRules = fn(Mode, &Grid, &Grid, &Store, &mut SinceRules, &mut Scratch) -> Vec<Found>;

/// Follows the assumption `root` (an "on" or "off" potential) from `grid`
/// in `store` (empty). Returns the contradiction found, if any, as the
/// nodes of its "on" and its "off" side; the store keeps what was reached
/// up to then. A static search (not `mode.dynamic`) reads its links from
/// `links`, the grid's, when given. A search at a nesting level runs
/// `rules` where it stalls.
#[cfg(test)]
pub(super) fn propagate(
    mode: Mode,
    grid: &Grid,
    links: Option<&StaticLinks>,
    root: Pot,
    store: &mut Store,
    scratch: &mut Scratch,
) -> Option<(u32, u32)> {
    propagate_until(mode, grid, links, None, root, None, store, scratch)
}

/// Like [`propagate`], but stops (with no contradiction) once every
/// potential of `enough`, when given, is reached. The store then holds
/// the first nodes of the whole search, in the same order.
#[allow(clippy::too_many_arguments)]
pub(super) fn propagate_until(
    mode: Mode,
    grid: &Grid,
    links: Option<&StaticLinks>,
    rules: Option<NestedRules>,
    root: Pot,
    enough: Option<&PotSet>,
    store: &mut Store,
    scratch: &mut Scratch,
) -> Option<(u32, u32)> {
    debug_assert!(links.is_none() || !mode.dynamic, "a dynamic search changes its links");
    let root_node = store.add(root, Cause::Start, &[]);
    store.mark(root_node);
    let mut goal = Goal::new(enough, root);
    if goal.met() {
        return None;
    }
    let mut pending_on = std::mem::take(&mut scratch.pending_on);
    let mut pending_off = std::mem::take(&mut scratch.pending_off);
    pending_on.clear();
    pending_off.clear();
    let result =
        follow(mode, grid, links, rules, root_node, store, scratch, &mut goal, &mut pending_on, &mut pending_off);
    scratch.pending_on = pending_on;
    scratch.pending_off = pending_off;
    result
}

/// The potentials a search may stop once it has reached (none: it goes
/// on to its end), and how many of them it has yet to reach.
struct Goal<'a> {
    wanted: Option<&'a PotSet>,
    left: usize,
}

impl<'a> Goal<'a> {
    fn new(wanted: Option<&'a PotSet>, root: Pot) -> Goal<'a> {
        let left = wanted.map_or(usize::MAX, |w| w.len() - usize::from(w.contains(root)));
        Goal { wanted, left }
    }

    /// Notes that the search reached `p` (for the first time); true once
    /// every wanted potential is reached.
    fn reached(&mut self, p: Pot) -> bool {
        if self.wanted.is_some_and(|w| w.contains(p)) {
            self.left -= 1;
        }
        self.met()
    }

    fn met(&self) -> bool {
        self.left == 0
    }
}

#[allow(clippy::too_many_arguments)]
fn follow(
    mode: Mode,
    grid: &Grid,
    links: Option<&StaticLinks>,
    rules: Option<NestedRules>,
    root_node: u32,
    store: &mut Store,
    scratch: &mut Scratch,
    goal: &mut Goal,
    pending_on: &mut VecDeque<u32>,
    pending_off: &mut VecDeque<u32>,
) -> Option<(u32, u32)> {
    let root = store.node(root_node).pot;
    if pot_on(root) {
        pending_on.push_back(root_node);
    } else {
        pending_off.push_back(root_node);
    }
    let mut work = grid.clone();
    let cell_rule = !mode.nishio;
    let start = mode.dynamic.then_some(grid);
    let mut since = SinceRules::default();
    loop {
        if let Some(n) = pending_on.pop_front() {
            let p = store.node(n).pot;
            match links {
                Some(links) => {
                    scratch.offs.clear();
                    scratch.offs.extend(links.on_to_off(p, cell_rule));
                }
                None => on_to_off(&work, p, cell_rule, &mut scratch.offs),
            }
            for &(off, cause) in &scratch.offs {
                let on = conjugate(off);
                if store.has(on) {
                    let off_node = store.add(off, cause, &[n]);
                    return Some((store.reached(on), off_node));
                }
                if !store.has(off) {
                    let m = store.add(off, cause, &[n]);
                    store.mark(m);
                    pending_off.push_back(m);
                    if goal.reached(off) {
                        return None;
                    }
                }
            }
        } else if let Some(n) = pending_off.pop_front() {
            let p = store.node(n).pot;
            match links {
                Some(links) => {
                    scratch.ons.clear();
                    scratch.ons.extend(links.off_to_on(p, cell_rule, true).map(|(q, cause)| Derived::new(q, cause, n)));
                }
                None => off_to_on(&work, start, store, p, n, cell_rule, true, &mut scratch.ons),
            }
            if mode.dynamic {
                work.eliminate(pot_cell(p), pot_digit(p));
            }
            for d in &scratch.ons {
                let off = conjugate(d.pot);
                if store.has(off) {
                    let on_node = store.add(d.pot, d.cause, d.parents());
                    return Some((on_node, store.reached(off)));
                }
                if !store.has(d.pot) {
                    let m = store.add(d.pot, d.cause, d.parents());
                    store.mark(m);
                    pending_on.push_back(m);
                    if goal.reached(d.pot) {
                        return None;
                    }
                }
            }
        } else {
            return None;
        }
        if pending_on.is_empty() && pending_off.is_empty() && mode.level > 0 {
            let rules = rules.expect("a search at a nesting level runs its nested rules");
            let mut inner = scratch.nested.take().unwrap_or_default();
            let found = rules(mode, grid, &work, store, &mut since, &mut inner);
            scratch.nested = Some(inner);
            let mut parents = std::mem::take(&mut scratch.parent_nodes);
            for found in found {
                if !store.has(found.pot) {
                    parents.clear();
                    parents.extend(found.parents.iter().map(|&p| store.reached(p)));
                    let m = store.add(found.pot, Cause::Advanced, &parents);
                    if let Some(hint) = found.nested {
                        store.set_nested(m, hint);
                    }
                    store.mark(m);
                    pending_off.push_back(m);
                    if goal.reached(found.pot) {
                        scratch.parent_nodes = parents;
                        return None;
                    }
                }
            }
            scratch.parent_nodes = parents;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::positions::grid_from_marks;
    use super::super::potential::{pot, pot_name, pot_on};
    use super::super::test_positions::CONTRADICTION;
    use super::*;
    use crate::model::cell::{Cell, Digit};

    #[test]
    fn a_dynamic_search_stops_at_se_contradiction() {
        // SE: "r7c8.7 on ==> r6c9.4 both on & off".
        let grid = grid_from_marks(CONTRADICTION.marks);
        let mut store = Store::new();
        let root = pot(Cell::at(6, 7), Digit::new(7), true);
        let (on, off) =
            propagate(Mode::DYNAMIC, &grid, None, root, &mut store, &mut Scratch::default()).expect("contradiction");
        assert_eq!(pot_name(store.node(on).pot), "r6c9.4");
        assert!(pot_on(store.node(on).pot) && !pot_on(store.node(off).pot));
        assert_eq!(store.node(on).pot ^ 1, store.node(off).pot);
    }

    #[test]
    fn a_search_told_what_is_enough_stops_once_it_has_reached_it() {
        use super::super::potential::PotSet;
        let grid = grid_from_marks(CONTRADICTION.marks);
        // A search that meets no contradiction and reaches much.
        let (root, whole) = Cell::all()
            .flat_map(|c| grid.candidates(c).iter().map(move |d| pot(c, d, true)))
            .find_map(|root| {
                let mut store = Store::new();
                let absurd = propagate(Mode::DYNAMIC, &grid, None, root, &mut store, &mut Scratch::default());
                (absurd.is_none() && store.order().len() > 40).then_some((root, store))
            })
            .expect("a long search without contradiction");
        let order = whole.order();
        let mut enough = PotSet::new();
        enough.insert(order[30]);
        enough.insert(order[12]);
        let mut cut = Store::new();
        let until = |enough: &PotSet, store: &mut Store| {
            propagate_until(Mode::DYNAMIC, &grid, None, None, root, Some(enough), store, &mut Scratch::default())
        };
        assert_eq!(until(&enough, &mut cut), None);
        assert_eq!(cut.order(), &order[..31], "stopped at the last one wanted");
        let mut nothing = Store::new();
        until(&PotSet::new(), &mut nothing);
        assert_eq!(nothing.order(), &[root], "nothing wanted: the assumption alone");
        // Wanting something it never reaches: the whole search.
        let mut beyond = PotSet::new();
        beyond.insert(conjugate(root));
        let mut all = Store::new();
        until(&beyond, &mut all);
        assert_eq!(all.order(), order);
    }

    #[test]
    fn a_static_search_finds_no_contradiction_there() {
        let grid = grid_from_marks(CONTRADICTION.marks);
        let mut store = Store::new();
        let root = pot(Cell::at(6, 7), Digit::new(7), true);
        assert_eq!(propagate(Mode::MULTIPLE, &grid, None, root, &mut store, &mut Scratch::default()), None);
        let links = StaticLinks::new(&grid);
        let mut with_links = Store::new();
        let found = propagate(Mode::MULTIPLE, &grid, Some(&links), root, &mut with_links, &mut Scratch::default());
        assert_eq!(found, None);
        assert_eq!(with_links.order(), store.order(), "the grid's links give the same search");
    }
}
