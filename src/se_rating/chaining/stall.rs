//! What a nested search meets where it stalls (see `nested`): the "off"
//! potentials its nested rules find there, and what it carries from one
//! stall to the next. Kept apart from the rules themselves, which run the
//! chaining engines that run the search: the searches and the caches of
//! `scratch` name these types, not the rules.

use super::chain_hint::ChainHint;
use super::potential::Pot;
use crate::model::grid::Grid;
use crate::se_rating::producer::Window;
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
    /// How many rules ran.
    pub(super) ran: usize,
}

/// How many basic nested rules there are.
pub(super) const RULES: usize = 4;

/// For one dynamic search: where its grid changed since each basic nested
/// rule last ran on it. At the next stall a rule need look only there. A
/// hint of the rule elsewhere was a hint where it last ran: then it either
/// had no parents (nor has it now: they lie in its digit or house), or it
/// was followed, which took its removals out of the grid and so changed
/// its digit or house.
pub(super) struct SinceRules {
    /// The grid of the search's last stall, if any.
    pub(super) last: Option<Grid>,
    /// For each rule, the digits and houses changed since it last ran.
    pub(super) changed: [Window; RULES],
    /// The last grid of the search where the nested unary engine ran and
    /// everything it found was followed (see `nested::advanced_potentials`).
    pub(super) settled: Option<Grid>,
}

impl Default for SinceRules {
    fn default() -> SinceRules {
        SinceRules { last: None, changed: [Window::NONE; RULES], settled: None }
    }
}

impl SinceRules {
    /// The rules' windows on `work`, the search's grid at a stall.
    pub(super) fn windows(&mut self, start: &Grid, work: &Grid) -> [Window; RULES] {
        let change = Window::changed(self.last.as_ref().unwrap_or(start), work);
        for window in &mut self.changed {
            *window = window.union(change);
        }
        match &mut self.last {
            Some(last) => last.clone_from(work),
            None => self.last = Some(work.clone()),
        }
        self.changed
    }

    /// Notes that the first `ran` rules ran on the last stall's grid (and
    /// what they found is followed).
    pub(super) fn ran(&mut self, ran: usize) {
        for window in &mut self.changed[..ran] {
            *window = Window::NONE;
        }
    }
}
