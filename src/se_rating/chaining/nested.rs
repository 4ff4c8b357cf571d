//! The nested levels (SE's `getAdvancedPotentials`): when a dynamic search
//! at level > 0 has nothing left to follow, the first of its nested rules
//! that finds something on the reduced grid supplies new "off" potentials.
//! Their parents are the candidates the rule needed gone (SE's "rule
//! parents"): the search must have switched those off, so the chain grows
//! through the rule. Rules whose hint needs nothing from the search (it
//! holds on the grid the search started from) are skipped.

use super::chain_hint::{ChainHint, Mode};
use super::links::NewLinks;
use super::potential::{pot, Pot, Store};
use super::scratch::{settles, Scratch};
use super::select::{chain_hints, multiple_hints_reduced_from, unary_hints_reduced_from};
use super::stall::{Basic, Found, SinceRules, RULES};
use crate::model::cell::Cell;
use crate::model::grid::Grid;
use crate::model::sets::DigitSet;
use crate::se_rating::fish::Fish;
use crate::se_rating::locking::Locking;
use crate::se_rating::producer::{Losses, Producer, Window};
use crate::se_rating::scan::in_java_map_order;
use crate::se_rating::subsets::{HiddenSet, NakedSet};
use std::rc::Rc;

/// The rules a nested chain runs on its reduced grid before any nested
/// chain (SE's `getAdvancedPotentials`): Locking, Hidden Pair, Naked Pair,
/// X-Wing, each with its rule parents (`SeStep::relies_on_absence`).
fn nested_basic_rules() -> &'static [&'static dyn Producer] {
    NESTED_BASIC_RULES
}

static NESTED_BASIC_RULES: &[&dyn Producer] =
    &[&Locking, &HiddenSet { degree: 2 }, &NakedSet { degree: 2 }, &Fish { degree: 2 }];

/// What the first of the basic nested rules that finds something (with
/// parents) on `work`, reduced from `start`, finds. Each rule's hints read
/// one digit or one house (see `Producer::locality`), and a hint relies on
/// a candidate `start` had and `work` lacks only in a digit or house that
/// changed: the rules look there alone.
#[cfg(test)]
fn basic_potentials(start: &Grid, work: &Grid) -> Vec<Found> {
    basic_potentials_in(start, work, &relying_on_losses(start, work, [Window::changed(start, work); RULES])).found
}

/// What the first basic nested rule that finds something on `work` finds,
/// each rule looking within its window only.
fn basic_potentials_in(start: &Grid, work: &Grid, windows: &[Window; RULES]) -> Basic {
    let mut result = Vec::new();
    let mut parents = Vec::new();
    debug_assert_eq!(nested_basic_rules().len(), RULES);
    for (i, (rule, &window)) in nested_basic_rules().iter().zip(windows).enumerate() {
        debug_assert!(rule.locality().is_some(), "a basic nested rule reads one digit or one house");
        let _ = rule.hints_in(work, window, &mut |hint| {
            parents.clear();
            for (cells, digits) in &hint.relies_on_absence {
                for c in cells.iter() {
                    let lost = start.candidates(c).difference(work.candidates(c)).intersection(*digits);
                    for d in lost.iter() {
                        let p = pot(c, d, false);
                        if !parents.contains(&p) {
                            parents.push(p);
                        }
                    }
                }
            }
            if !parents.is_empty() {
                let mut cells: Vec<(Cell, DigitSet)> = Vec::new();
                for r in &hint.removals {
                    match cells.iter_mut().find(|(c, _)| *c == r.cell) {
                        Some((_, ds)) => ds.insert(r.digit),
                        None => cells.push((r.cell, DigitSet::single(r.digit))),
                    }
                }
                push_offs(&mut result, &cells, &parents, None);
            }
            std::ops::ControlFlow::Continue(())
        });
        if !result.is_empty() {
            return Basic { found: result, ran: i + 1 };
        }
    }
    Basic { found: result, ran: RULES }
}

/// `windows`, for the rules on `work` reduced from `start`: only a hint
/// relying on a candidate the search took out has rule parents.
fn relying_on_losses(start: &Grid, work: &Grid, windows: [Window; RULES]) -> [Window; RULES] {
    let losses = Losses::between(start, work);
    windows.map(|window| window.relying_on(losses))
}

/// `found`, whose parents the search has all switched off.
fn checked(found: Vec<Found>, store: &Store) -> Vec<Found> {
    debug_assert!(
        found.iter().all(|f| f.parents.iter().all(|&p| store.has(p))),
        "rule parent not switched off by the search"
    );
    let _ = store;
    found
}

/// The chaining engines nested at `mode.level` after the basic rules.
fn nested_chains(mode: Mode) -> Vec<Mode> {
    match mode.level {
        0 | 1 => vec![],
        2 => vec![Mode::UNARY],
        3 => vec![Mode::UNARY, Mode::MULTIPLE],
        // SukakuExplainer's deepest levels nest one dynamic engine, itself
        // nested at the producer's nesting limit.
        _ => vec![Mode { level: mode.nested_level, nested_level: 0, ..Mode::DYNAMIC }],
    }
}

/// What the nested rules find on `work`, the grid `start` reduced by the
/// search so far, in SE's order.
pub(super) fn advanced_potentials(
    mode: Mode,
    start: &Grid,
    work: &Grid,
    store: &Store,
    since: &mut SinceRules,
    scratch: &mut Scratch,
) -> Vec<Found> {
    let windows = since.windows(start, work);
    let basic =
        scratch.basic_of(start, work, || basic_potentials_in(start, work, &relying_on_losses(start, work, windows)));
    since.ran(basic.ran);
    if !basic.found.is_empty() {
        return checked(basic.found.to_vec(), store);
    }
    let mut result = Vec::new();
    let mut parents = Vec::new();
    // Where the search's start has no hint of a nested chain engine, the
    // engine need only look where the search made new strong links (or,
    // for the Multiple one, took candidates out of a cell or house).
    let start_has_none = |mode: Mode, scratch: &mut Scratch| {
        scratch.hints_of(mode, start, |scratch| chain_hints(mode, start, Some(advanced_potentials), scratch)).is_empty()
    };
    let start_has_no_unary =
        |scratch: &mut Scratch| start.cells_holding(1..=1).is_empty() && start_has_none(Mode::UNARY, scratch);
    // The strong links the search made, for both engines.
    let mut new_links = None;
    for inner in nested_chains(mode) {
        let hints = if inner == Mode::UNARY {
            // Where this search ran the engine at an earlier stall and
            // followed all it found, or the same search (here or at the
            // position before), or one from a potential it reached, stalled
            // on a grid this one reduces and the engine found nothing
            // there, only the few strong links made since need be looked
            // through: the argument for `start` holds for any such grid
            // (see `Scratch::note_quiet`).
            let hints = scratch.hints_of(inner, work, |scratch| {
                let base = since.settled.as_ref().or_else(|| scratch.quiet_above(store, work));
                match base.map(|base| NewLinks::new(base, work)) {
                    Some(since) => unary_hints_reduced_from(work, &since, scratch),
                    None if start_has_no_unary(scratch) => unary_hints_reduced_from(
                        work,
                        new_links.get_or_insert_with(|| NewLinks::new(start, work)),
                        scratch,
                    ),
                    None => chain_hints(inner, work, Some(advanced_potentials), scratch),
                }
            });
            if hints.is_empty() {
                scratch.note_quiet(store, work);
            }
            hints
        } else if inner == Mode::MULTIPLE && start_has_no_unary(scratch) && start_has_none(inner, scratch) {
            let start_links = scratch.links_of(start);
            scratch.hints_of(inner, work, |scratch| {
                multiple_hints_reduced_from(
                    start,
                    &start_links,
                    work,
                    new_links.get_or_insert_with(|| NewLinks::new(start, work)),
                    scratch,
                )
            })
        } else {
            scratch.hints_of(inner, work, |scratch| chain_hints(inner, work, Some(advanced_potentials), scratch))
        };
        let mut all_followed = true;
        for hint in hints {
            hint.rule_parents(start, work, &mut parents);
            if parents.is_empty() {
                all_followed = false;
            } else {
                let removals = hint.removals.clone();
                push_offs(&mut result, &removals, &parents, Some(hint));
            }
        }
        if inner == Mode::UNARY && all_followed && settles(work) {
            // The search removes all that the engine found here before it
            // stalls again: a hint there has to go through a strong link
            // this grid lacks (one through links it has would remove a
            // candidate the engine removed here).
            match &mut since.settled {
                Some(settled) => settled.clone_from(work),
                None => since.settled = Some(work.clone()),
            }
        }
        if !result.is_empty() {
            break;
        }
    }
    checked(result, store)
}

fn push_offs(result: &mut Vec<Found>, removals: &[(Cell, DigitSet)], parents: &[Pot], nested: Option<Rc<ChainHint>>) {
    let parents: Rc<[Pot]> = parents.into();
    for (cell, digits) in in_java_map_order(removals) {
        for d in digits.iter() {
            result.push(Found { pot: pot(cell, d, false), parents: parents.clone(), nested: nested.clone() });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::potential::{pot_cell, pot_digit};
    use super::*;
    use crate::model::cell::Digit;

    /// The potentials and parents of what the rules find.
    fn described(found: &[Found]) -> Vec<(Pot, Vec<Pot>)> {
        found.iter().map(|f| (f.pot, f.parents.to_vec())).collect()
    }

    /// Grids reduced from `start` by one or two candidates, none emptied.
    fn reductions(start: &Grid) -> Vec<Grid> {
        let candidates: Vec<(Cell, Digit)> =
            Cell::all().flat_map(|c| start.candidates(c).iter().map(move |d| (c, d))).collect();
        let mut grids = Vec::new();
        for (i, &(c, d)) in candidates.iter().enumerate() {
            for step in [0, 5, 17, 41] {
                let mut work = start.clone();
                work.eliminate(c, d);
                if let Some(&(e, f)) = candidates.get(i + step).filter(|_| step > 0) {
                    work.eliminate(e, f);
                }
                if Cell::all().all(|c| work.value(c).is_some() || !work.candidates(c).is_empty()) {
                    grids.push(work);
                }
            }
        }
        grids
    }

    /// Positions where SE takes a dynamic chain step.
    fn chain_positions() -> Vec<Grid> {
        use super::super::positions::grid_from_marks;
        use super::super::test_positions::{CONTRADICTION, DOUBLE, DYNAMIC_PLUS};
        [&CONTRADICTION, &DOUBLE, &DYNAMIC_PLUS].iter().map(|p| grid_from_marks(p.marks)).collect()
    }

    /// On grids reduced from chain positions, and from grids where the
    /// basic rules have hints of their own, the rules looking only where
    /// the grid changed find what they find looking everywhere.
    #[test]
    fn basic_rules_find_the_same_looking_only_where_the_grid_changed() {
        let mut starts = chain_positions();
        // Starts where the rules have hints of their own (as a nested
        // search's start may): a few reductions of the first position.
        let with_hints: Vec<Grid> = reductions(&starts[0])
            .into_iter()
            .filter(|g| nested_basic_rules().iter().any(|r| r.first(g).is_some()))
            .step_by(97)
            .take(4)
            .collect();
        assert_eq!(with_hints.len(), 4);
        starts.extend(with_hints);
        let (mut compared, mut found, mut narrowed) = (0, 0, 0);
        for start in &starts {
            for work in reductions(start) {
                let window = Window::changed(start, &work);
                let everywhere = described(&basic_potentials_in(start, &work, &[Window::ALL; RULES]).found);
                assert_eq!(described(&basic_potentials(start, &work)), everywhere);
                compared += 1;
                found += usize::from(!everywhere.is_empty());
                narrowed += usize::from(window.digits.len() < 9);
            }
        }
        assert!(found > 100 && found < compared && narrowed > 100, "{found} of {compared} found, {narrowed} narrowed");
    }

    /// Along a search's stalls (each grid a reduction of the one before,
    /// with what the rules found there taken out), the rules looking only
    /// where the grid changed since each last ran find what they find
    /// looking everywhere.
    #[test]
    fn basic_rules_at_a_search_s_later_stalls_look_only_where_it_changed_since() {
        let (mut compared, mut found, mut narrowed) = (0, 0, 0);
        for start in chain_positions() {
            for first in reductions(&start).into_iter().step_by(7) {
                let mut since = SinceRules::default();
                let mut work = first;
                // A few stalls: follow what the rules find, then lose one
                // more candidate, as the search's propagation would.
                for stall in 0..4 {
                    let windows = since.windows(&start, &work);
                    let basic = basic_potentials_in(&start, &work, &relying_on_losses(&start, &work, windows));
                    let everywhere = basic_potentials_in(&start, &work, &[Window::ALL; RULES]);
                    assert_eq!(described(&basic.found), described(&everywhere.found));
                    assert_eq!(basic.ran, everywhere.ran);
                    since.ran(basic.ran);
                    compared += 1;
                    found += usize::from(!basic.found.is_empty());
                    narrowed += usize::from(stall > 0 && windows[0].digits.len() < 3);
                    for f in &basic.found {
                        work.eliminate(pot_cell(f.pot), pot_digit(f.pot));
                    }
                    let Some(next) = reductions(&work).into_iter().nth(stall * 11) else { break };
                    work = next;
                }
            }
        }
        assert!(found > 100 && found < compared && narrowed > 100, "{found} of {compared} found, {narrowed} narrowed");
    }
}

#[cfg(test)]
mod level_tests {
    use super::super::positions::{assert_takes_se_step, first_of};
    use super::super::test_positions::DYNAMIC_PLUS;
    use super::super::{DYNAMIC_FORCING_CHAINS, DYNAMIC_PLUS as PLUS};

    #[test]
    fn the_basic_rules_nested_in_a_dynamic_chain_find_se_step() {
        assert_eq!(first_of(&DYNAMIC_FORCING_CHAINS, &DYNAMIC_PLUS), None);
        assert_takes_se_step(&PLUS, &DYNAMIC_PLUS);
    }
}
