//! The buffers a chain search reuses from one start to the next, and from
//! one nested search to the next: at the deepest levels a nested search
//! runs thousands of times a step.

use super::links::Derived;
use super::potential::{Cause, Pot, Store};
use std::collections::VecDeque;

/// Reusable buffers of a search.
pub(super) struct Scratch {
    pub(super) offs: Vec<(Pot, Cause)>,
    pub(super) ons: Vec<Derived>,
    pub(super) pending_on: VecDeque<u32>,
    pub(super) pending_off: VecDeque<u32>,
    /// Stores to reuse (those no hint holds any more).
    pub(super) pool: Vec<std::rc::Rc<Store>>,
    /// The searches from each "on" potential done so far, with their contradiction.
    #[allow(clippy::type_complexity)]
    pub(super) on_searches: Vec<Option<(std::rc::Rc<Store>, Option<(u32, u32)>)>>,
    /// The potentials of `on_searches` filled so far, to empty it after.
    pub(super) searched: Vec<Pot>,
    /// The buffers of the nested searches: a nested chain runs wherever a
    /// search stalls, thousands of times a step at the deepest levels.
    pub(super) nested: Option<Box<Scratch>>,
}

impl Default for Scratch {
    fn default() -> Scratch {
        Scratch {
            offs: Vec::new(),
            ons: Vec::new(),
            pending_on: VecDeque::new(),
            pending_off: VecDeque::new(),
            pool: Vec::new(),
            on_searches: vec![None; super::potential::POTS],
            searched: Vec::new(),
            nested: None,
        }
    }
}
