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
use crate::explainer::producer::{nested_basic_rules, Losses, Scope};
use crate::grid::{Cell, Grid};
use crate::sets::DigitSet;
use std::rc::Rc;

/// An "off" potential found by a nested rule.
#[derive(Clone)]
pub(super) struct Found {
    pub(super) pot: Pot,
    /// The "off" potentials of the search it relies on (shared by the
    /// eliminations of one hint).
    pub(super) parents: Rc<[Pot]>,
    /// The nested chain that found it, when the rule is a chain.
    pub(super) nested: Option<Rc<ChainHint>>,
}

/// What the basic nested rules find on a reduced grid: the findings of
/// the first that finds something (with parents), and how many rules ran
/// (all of them when none finds anything).
#[derive(Default)]
pub(super) struct Basic {
    pub(super) found: Vec<Found>,
    ran: usize,
}

/// What the first of the basic nested rules that finds something (with
/// parents) on `work`, reduced from `start`, finds. Each rule's hints read
/// one digit or one house (see `Producer::locality`), and a hint relies on
/// a candidate `start` had and `work` lacks only in a digit or house that
/// changed: the rules look there alone.
#[cfg(test)]
fn basic_potentials(start: &Grid, work: &Grid) -> Vec<Found> {
    basic_potentials_in(start, work, &relying_on_losses(start, work, [Scope::changed(start, work); RULES])).found
}

/// How many basic nested rules there are.
const RULES: usize = 4;

/// What the first basic nested rule that finds something on `work` finds,
/// each rule looking within its scope only.
fn basic_potentials_in(start: &Grid, work: &Grid, scopes: &[Scope; RULES]) -> Basic {
    let mut result = Vec::new();
    let mut parents = Vec::new();
    debug_assert_eq!(nested_basic_rules().len(), RULES);
    for (i, (rule, &scope)) in nested_basic_rules().iter().zip(scopes).enumerate() {
        debug_assert!(rule.locality().is_some(), "a basic nested rule reads one digit or one house");
        let _ = rule.hints_in(work, scope, &mut |hint| {
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

/// `scopes`, for the rules on `work` reduced from `start`: only a hint
/// relying on a candidate the search took out has rule parents.
fn relying_on_losses(start: &Grid, work: &Grid, scopes: [Scope; RULES]) -> [Scope; RULES] {
    let losses = Losses::between(start, work);
    scopes.map(|scope| scope.relying_on(losses))
}

/// For one dynamic search: where its grid changed since each basic nested
/// rule last ran on it. At the next stall a rule need look only there. A
/// hint of the rule elsewhere was a hint where it last ran: then it either
/// had no parents (nor has it now: they lie in its digit or house), or it
/// was followed, which took its removals out of the grid and so changed
/// its digit or house.
pub(super) struct SinceRules {
    /// The grid of the search's last stall, if any.
    last: Option<Grid>,
    /// For each rule, the digits and houses changed since it last ran.
    changed: [Scope; RULES],
    /// The last grid of the search where the nested unary engine ran and
    /// everything it found was followed (see `advanced_potentials`).
    settled: Option<Grid>,
}

impl Default for SinceRules {
    fn default() -> SinceRules {
        SinceRules { last: None, changed: [Scope::NONE; RULES], settled: None }
    }
}

impl SinceRules {
    /// The rules' scopes on `work`, the search's grid at a stall.
    fn scopes(&mut self, start: &Grid, work: &Grid) -> [Scope; RULES] {
        let change = Scope::changed(self.last.as_ref().unwrap_or(start), work);
        for scope in &mut self.changed {
            *scope = scope.union(change);
        }
        match &mut self.last {
            Some(last) => last.clone_from(work),
            None => self.last = Some(work.clone()),
        }
        self.changed
    }

    /// Notes that the first `ran` rules ran on the last stall's grid (and
    /// what they found is followed).
    fn ran(&mut self, ran: usize) {
        for scope in &mut self.changed[..ran] {
            *scope = Scope::NONE;
        }
    }
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
    let scopes = since.scopes(start, work);
    let basic =
        scratch.basic_of(start, work, || basic_potentials_in(start, work, &relying_on_losses(start, work, scopes)));
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
        scratch.hints_of(mode, start, |scratch| chain_hints(mode, start, scratch)).is_empty()
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
                    None => chain_hints(inner, work, scratch),
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
            scratch.hints_of(inner, work, |scratch| chain_hints(inner, work, scratch))
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
    for (cell, digits) in java_map_order(removals) {
        for d in digits.iter() {
            result.push(Found { pot: pot(cell, d, false), parents: parents.clone(), nested: nested.clone() });
        }
    }
}

/// The order a `java.util.HashMap` keyed by cell index iterates a hint's
/// removals in (SE stores them so): by bucket (index modulo the table size,
/// 16 doubling while more than 3/4 full), then by insertion.
pub(super) fn java_map_order(entries: &[(Cell, DigitSet)]) -> Vec<(Cell, DigitSet)> {
    let mut size = 16;
    while entries.len() > size * 3 / 4 {
        size *= 2;
    }
    let mut ordered = entries.to_vec();
    ordered.sort_by_key(|(c, _)| c.index() & (size - 1));
    ordered
}

#[cfg(test)]
mod tests {
    use super::super::potential::{pot_cell, pot_digit};
    use super::*;
    use crate::grid::Digit;

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
                let scope = Scope::changed(start, &work);
                let everywhere = described(&basic_potentials_in(start, &work, &[Scope::ALL; RULES]).found);
                assert_eq!(described(&basic_potentials(start, &work)), everywhere);
                compared += 1;
                found += usize::from(!everywhere.is_empty());
                narrowed += usize::from(scope.digits.len() < 9);
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
                    let scopes = since.scopes(&start, &work);
                    let basic = basic_potentials_in(&start, &work, &relying_on_losses(&start, &work, scopes));
                    let everywhere = basic_potentials_in(&start, &work, &[Scope::ALL; RULES]);
                    assert_eq!(described(&basic.found), described(&everywhere.found));
                    assert_eq!(basic.ran, everywhere.ran);
                    since.ran(basic.ran);
                    compared += 1;
                    found += usize::from(!basic.found.is_empty());
                    narrowed += usize::from(stall > 0 && scopes[0].digits.len() < 3);
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

    #[test]
    fn map_order_is_by_bucket_then_insertion() {
        let e = |i: u8| (Cell::new(i), DigitSet::EMPTY);
        let got: Vec<usize> = java_map_order(&[e(40), e(3), e(17), e(19)]).iter().map(|(c, _)| c.index()).collect();
        assert_eq!(got, vec![17, 3, 19, 40]);
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
