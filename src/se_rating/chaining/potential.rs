//! Potentials and the store of one chain search: which potentials a search
//! reached, the first derivation of each (its parents), and the ancestor
//! count SE's length penalty is based on.
//!
//! A potential is a candidate with a truth value: "r1c4.3 on" (the cell
//! holds 3) or "r1c4.3 off" (it does not). It is a small integer here,
//! `(cell * 9 + digit - 1) * 2 + on`, so that "was it reached" is a table
//! look-up. Nodes (a potential with its parents) live in an arena and refer
//! to their parents by index; SE keeps the first derivation of a potential
//! and ignores later ones, which decides the chains and so their lengths.

use crate::model::cell::{Cell, Digit};
use std::ops::ControlFlow;
use std::rc::Rc;

/// A potential: a candidate (cell, digit) with "on" or "off".
pub(super) type Pot = u16;

/// The number of potentials (81 cells, 9 digits, on and off).
pub(super) const POTS: usize = 81 * 9 * 2;

/// "No node" in the tables of node indices.
pub(super) const NONE: u32 = u32::MAX;

/// The potential for `digit` in `cell`, on or off.
pub(super) fn pot(cell: Cell, digit: Digit, on: bool) -> Pot {
    ((cell.index() * 9 + digit.index()) * 2 + usize::from(on)) as Pot
}

/// The cell of a potential.
pub(super) fn pot_cell(p: Pot) -> Cell {
    Cell::new((p / 18) as u8)
}

/// The digit of a potential.
pub(super) fn pot_digit(p: Pot) -> Digit {
    Digit::from_index(usize::from(p / 2 % 9))
}

/// Whether the potential is "on".
pub(super) fn pot_on(p: Pot) -> bool {
    p & 1 == 1
}

/// The same candidate with the other truth value.
pub(super) fn conjugate(p: Pot) -> Pot {
    p ^ 1
}

/// SE's text of a potential: `r1c4.3`.
pub(super) fn pot_name(p: Pot) -> String {
    format!("{}.{}", pot_cell(p), pot_digit(p))
}

/// A nested chain a node was derived through (see [`Store::set_nested`]):
/// the complexity of a chain that relies on it counts each distinct
/// nested chain once. The chains are `chain_hint`'s, which hold stores in
/// turn; the store knows them only as this.
pub(super) trait NestedChain {
    /// SE's `FullChain` identity: its targets and every chain behind them.
    fn full_chain(&self) -> &[Pot];
    /// Its complexity, nested chains included.
    fn complexity(&self) -> u32;
}

/// Why a potential follows from its parents (SE's `Potential.Cause`). The
/// nested chains read it back to find the candidates a chain relies on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Cause {
    /// The assumption a chain starts from.
    Start,
    /// The cell rule: one value per cell, or the last value of a cell.
    Cell,
    /// The house rule in a block.
    Block,
    /// The house rule in a row.
    Row,
    /// The house rule in a column.
    Column,
    /// Found by a nested rule (a subset, a fish, a chain) on the reduced grid.
    Advanced,
}

/// One derivation: a potential, why it holds, and the nodes it came from.
#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    /// The potential derived.
    pub(super) pot: Pot,
    /// The rule that derived it.
    pub(super) cause: Cause,
    /// Where its parents start in [`Store::parents`].
    parents_at: u32,
    /// How many parents it has.
    parents_len: u16,
    /// The nested hint that derived it (index in [`Store::nested`]), or `NONE`.
    pub(super) nested: u32,
}

/// The nodes of one search and the potentials it has reached (SE's
/// `toOn`/`toOff` sets: the first node of each potential).
///
/// A hint keeps the nodes behind its targets only: it holds a store
/// [`Store::frozen`] from the search's, which answers about nodes
/// (parents, ancestors, chains) but not about what was reached. The nested
/// levels keep thousands of hints a step; the table of what was reached
/// is most of a search's memory.
pub(super) struct Store {
    nodes: Vec<Node>,
    parents: Vec<u32>,
    /// Per potential, its first node or `NONE` (empty in a frozen store).
    reached: Vec<u32>,
    /// The same potentials as a set, to intersect searches at once.
    reached_set: PotSet,
    /// The potentials reached, in the order they were reached.
    order: Vec<Pot>,
    /// The nested hints nodes refer to.
    pub(super) nested: Vec<Rc<dyn NestedChain>>,
}

impl Store {
    /// An empty store.
    pub(super) fn new() -> Store {
        Store {
            nodes: Vec::with_capacity(256),
            parents: Vec::with_capacity(256),
            reached: vec![NONE; POTS],
            reached_set: PotSet::new(),
            order: Vec::with_capacity(128),
            nested: Vec::new(),
        }
    }

    /// A store of nodes only, to build a hint's chain in (see [`Store::frozen`]).
    pub(super) fn nodes_only() -> Store {
        Store {
            nodes: Vec::new(),
            parents: Vec::new(),
            reached: Vec::new(),
            reached_set: PotSet::new(),
            order: Vec::new(),
            nested: Vec::new(),
        }
    }

    /// The nodes of this store (with their parents and nested hints), for a
    /// hint to keep: asking a frozen store what was reached is a bug.
    pub(super) fn frozen(&self) -> Store {
        Store {
            nodes: self.nodes.clone(),
            parents: self.parents.clone(),
            nested: self.nested.clone(),
            ..Store::nodes_only()
        }
    }

    /// The nodes `node` follows from (itself included), frozen (see
    /// [`Store::frozen`]), and the index of `node` among them. A forcing
    /// chain's search reaches many more nodes than its chain holds, and
    /// the nested levels keep thousands of such hints a step.
    pub(super) fn frozen_behind(&self, node: u32) -> (Store, u32) {
        // Parents come before their children in the arena, so the nodes
        // behind `node` are found walking down from it, and kept in order.
        let mut behind = vec![false; node as usize + 1];
        behind[node as usize] = true;
        for n in (0..=node as usize).rev() {
            if behind[n] {
                for &parent in self.parents(n as u32) {
                    behind[parent as usize] = true;
                }
            }
        }
        let mut index = vec![NONE; node as usize + 1];
        let mut kept = Store { nested: self.nested.clone(), ..Store::nodes_only() };
        for n in (0..=node as usize).filter(|&n| behind[n]) {
            let parents_at = kept.parents.len() as u32;
            kept.parents.extend(self.parents(n as u32).iter().map(|&p| index[p as usize]));
            index[n] = kept.nodes.len() as u32;
            kept.nodes.push(Node { parents_at, ..self.nodes[n] });
        }
        (kept, index[node as usize])
    }

    /// Whether this is a frozen store (see [`Store::frozen`]).
    pub(super) fn is_frozen(&self) -> bool {
        self.reached.is_empty()
    }

    /// Empties the store for another search, keeping its memory.
    pub(super) fn reset(&mut self) {
        for &p in &self.order {
            self.reached[p as usize] = NONE;
        }
        self.order.clear();
        self.reached_set = PotSet::new();
        self.nodes.clear();
        self.parents.clear();
        self.nested.clear();
    }

    /// Adds a node (not yet marked as reached) and returns its index.
    pub(super) fn add(&mut self, pot: Pot, cause: Cause, parents: &[u32]) -> u32 {
        let at = self.parents.len() as u32;
        self.parents.extend_from_slice(parents);
        self.nodes.push(Node { pot, cause, parents_at: at, parents_len: parents.len() as u16, nested: NONE });
        (self.nodes.len() - 1) as u32
    }

    /// Attaches a nested hint to a node.
    pub(super) fn set_nested(&mut self, node: u32, hint: Rc<dyn NestedChain>) {
        let index = self.nested.iter().position(|h| Rc::ptr_eq(h, &hint)).unwrap_or_else(|| {
            self.nested.push(hint);
            self.nested.len() - 1
        });
        self.nodes[node as usize].nested = index as u32;
    }

    /// Marks a node's potential as reached (the first derivation wins).
    #[inline]
    pub(super) fn mark(&mut self, node: u32) {
        let p = self.nodes[node as usize].pot;
        if self.reached_set.insert(p) {
            self.reached[p as usize] = node;
            self.order.push(p);
        }
    }

    /// The node that first reached `p`, or `NONE`.
    pub(super) fn reached(&self, p: Pot) -> u32 {
        self.reached[p as usize]
    }

    /// Whether `p` was reached.
    pub(super) fn has(&self, p: Pot) -> bool {
        // The set, not the table: a search asks this of every link it
        // follows, and the set is 23 words against the table's 6 KB.
        self.reached_set.contains(p)
    }

    /// The potentials reached, in order.
    pub(super) fn order(&self) -> &[Pot] {
        &self.order
    }

    /// The potentials reached, as a set.
    pub(super) fn reached_set(&self) -> &PotSet {
        &self.reached_set
    }

    /// A node.
    pub(super) fn node(&self, n: u32) -> &Node {
        &self.nodes[n as usize]
    }

    /// A node's parents.
    pub(super) fn parents(&self, n: u32) -> &[u32] {
        let node = &self.nodes[n as usize];
        &self.parents[node.parents_at as usize..node.parents_at as usize + node.parents_len as usize]
    }

    /// The first parent of a node, if any.
    pub(super) fn first_parent(&self, n: u32) -> Option<u32> {
        self.parents(n).first().copied()
    }

    /// SE's `getChain`: the nodes reachable from `n` through parents, level
    /// by level, one node per potential (the first met).
    #[cfg(test)]
    pub(super) fn chain(&self, n: u32) -> Vec<u32> {
        let mut result = Vec::with_capacity(64);
        self.each_in_chain(n, |m| result.push(m));
        result
    }

    /// Hands `visit` the nodes of [`Store::chain`] in turn, without
    /// listing them: the nested levels read the chains of thousands of
    /// hints a step.
    pub(super) fn each_in_chain(&self, n: u32, mut visit: impl FnMut(u32)) {
        let _ = self.walk_back(n, |m| {
            visit(m);
            ControlFlow::Continue(())
        });
    }

    /// SE's ancestor count: the distinct potentials `n` follows from, itself
    /// included. Walked level by level as SE does, so that when two nodes
    /// share a potential the one met first is the one followed.
    pub(super) fn ancestors(&self, n: u32) -> u32 {
        self.ancestors_up_to(n, u32::MAX).expect("no potential count passes u32::MAX")
    }

    /// [`Store::ancestors`] if it is at most `most`, else `None` (counted
    /// only that far).
    pub(super) fn ancestors_up_to(&self, n: u32, most: u32) -> Option<u32> {
        let mut count = 0;
        let walked = self.walk_back(n, |_| {
            count += 1;
            if count > most {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        walked.is_continue().then_some(count)
    }

    /// Hands `visit` the nodes reachable from `n` through parents, level by
    /// level, the first met of each potential, until it breaks. One queue,
    /// first in first out, visits the levels in turn.
    fn walk_back(&self, n: u32, mut visit: impl FnMut(u32) -> ControlFlow<()>) -> ControlFlow<()> {
        let mut seen = PotSet::new();
        let mut queue = Vec::with_capacity(128);
        queue.push(n);
        let mut at = 0;
        while let Some(&m) = queue.get(at) {
            at += 1;
            if seen.insert(self.nodes[m as usize].pot) {
                visit(m)?;
                queue.extend_from_slice(self.parents(m));
            }
        }
        ControlFlow::Continue(())
    }
}

/// A set of potentials as a bitset.
#[derive(Clone)]
pub(super) struct PotSet([u64; POTS.div_ceil(64)]);

impl PotSet {
    /// The empty set.
    pub(super) fn new() -> PotSet {
        PotSet([0; POTS.div_ceil(64)])
    }

    /// The "on" potentials (`on`) or the "off" ones of every set.
    pub(super) fn common<'a>(sets: impl IntoIterator<Item = &'a PotSet>, on: bool) -> PotSet {
        // "On" potentials are the odd ones.
        let parity = if on { 0xaaaa_aaaa_aaaa_aaaa } else { 0x5555_5555_5555_5555 };
        let mut all = PotSet([parity; POTS.div_ceil(64)]);
        for set in sets {
            for (w, v) in all.0.iter_mut().zip(&set.0) {
                *w &= v;
            }
        }
        all
    }

    /// Adds the potentials both `a` and `b` hold.
    pub(super) fn add_common(&mut self, a: &PotSet, b: &PotSet) {
        for ((w, x), y) in self.0.iter_mut().zip(&a.0).zip(&b.0) {
            *w |= x & y;
        }
    }

    /// Its potentials, in increasing order.
    pub(super) fn iter(&self) -> impl Iterator<Item = Pot> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let b = w.trailing_zeros();
                    w &= w - 1;
                    (i * 64) as Pot + b as Pot
                })
            })
        })
    }

    /// Adds every potential of `other`.
    pub(super) fn add_all(&mut self, other: &PotSet) {
        for (w, x) in self.0.iter_mut().zip(&other.0) {
            *w |= x;
        }
    }

    /// Keeps only the potentials `other` holds too; false when none is left.
    pub(super) fn keep_common(&mut self, other: &PotSet) -> bool {
        let mut any = 0;
        for (w, x) in self.0.iter_mut().zip(&other.0) {
            *w &= x;
            any |= *w;
        }
        any != 0
    }

    /// The set of the negations of its potentials.
    pub(super) fn negated(&self) -> PotSet {
        // A potential and its negation differ in the lowest bit: swap each
        // pair of bits (64 is even, so no pair straddles two words).
        const EVEN: u64 = 0x5555_5555_5555_5555;
        PotSet(self.0.map(|w| (w & EVEN) << 1 | (w >> 1) & EVEN))
    }

    /// Whether the two sets share a potential.
    pub(super) fn meets(&self, other: &PotSet) -> bool {
        self.0.iter().zip(&other.0).any(|(a, b)| a & b != 0)
    }

    /// How many potentials it holds.
    pub(super) fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set is empty.
    pub(super) fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// Whether `p` is in the set.
    pub(super) fn contains(&self, p: Pot) -> bool {
        self.0[p as usize / 64] >> (p % 64) & 1 == 1
    }

    /// Adds `p`; true when it was not there.
    pub(super) fn insert(&mut self, p: Pot) -> bool {
        let (w, b) = (p as usize / 64, p % 64);
        let had = self.0[w] >> b & 1 == 1;
        self.0[w] |= 1 << b;
        !had
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn potentials_round_trip_and_print_as_se_does() {
        let p = pot(Cell::at(0, 3), Digit::new(3), false);
        assert_eq!(pot_cell(p), Cell::at(0, 3));
        assert_eq!(pot_digit(p), Digit::new(3));
        assert!(!pot_on(p));
        assert!(pot_on(conjugate(p)));
        assert_eq!(pot_name(p), "r1c4.3");
    }

    #[test]
    fn ancestors_count_each_potential_once() {
        let mut s = Store::new();
        let a = s.add(pot(Cell::new(0), Digit::new(1), true), Cause::Start, &[]);
        let b = s.add(pot(Cell::new(1), Digit::new(1), false), Cause::Row, &[a]);
        let c = s.add(pot(Cell::new(2), Digit::new(1), false), Cause::Row, &[a]);
        let d = s.add(pot(Cell::new(3), Digit::new(1), true), Cause::Row, &[b, c]);
        // A second node for a's potential: counted once.
        let e = s.add(pot(Cell::new(0), Digit::new(1), true), Cause::Cell, &[d]);
        assert_eq!(s.ancestors(d), 4);
        assert_eq!(s.ancestors(e), 4);
        assert_eq!(s.chain(d), vec![d, b, c, a]);
    }

    #[test]
    fn a_node_frozen_alone_keeps_its_chain_and_nothing_else() {
        let mut s = Store::new();
        let p = |i: u8, on: bool| pot(Cell::new(i), Digit::new(1), on);
        let a = s.add(p(0, true), Cause::Start, &[]);
        let stray = s.add(p(9, false), Cause::Column, &[a]);
        let b = s.add(p(1, false), Cause::Row, &[a]);
        let c = s.add(p(2, false), Cause::Row, &[a]);
        let _later = s.add(p(18, true), Cause::Column, &[stray]);
        let d = s.add(p(3, true), Cause::Row, &[c, b]);
        let (kept, at) = s.frozen_behind(d);
        assert!(kept.is_frozen());
        assert_eq!(kept.nodes.len(), 4, "the stray branch is dropped");
        let pots = |store: &Store, n: u32| store.chain(n).iter().map(|&m| store.node(m).pot).collect::<Vec<_>>();
        assert_eq!(pots(&kept, at), pots(&s, d));
        assert_eq!(kept.ancestors(at), s.ancestors(d));
        let parent_pots =
            |store: &Store, n: u32| store.parents(n).iter().map(|&m| store.node(m).pot).collect::<Vec<_>>();
        assert_eq!(parent_pots(&kept, at), vec![p(2, false), p(1, false)], "parents keep their order");
        assert_eq!(kept.node(at).cause, Cause::Row);
    }
}
