//! Which potentials each potential leads to in a fixed link graph (the
//! unary producer's: the grid does not change). A forcing chain from a
//! potential exists exactly when its negation is reachable, and a cycle
//! through it only when it reaches itself; the breadth-first searches that
//! find SE's chains (and their lengths) are run only for those starts.
//!
//! Strongly connected components (Tarjan, iterative), then the reachable
//! sets as bitsets, built from the sinks up.

use super::links::StaticLinks;
use super::potential::{Pot, NONE, POTS};
use crate::algo::components::{components, members_by_component};

/// The reachability of one link graph.
pub(super) struct Reach {
    /// Dense index of each potential with links, or `NONE`.
    dense: Vec<u32>,
    /// The component of each dense node.
    component: Vec<u32>,
    /// Per component: the dense nodes reachable through one link or more.
    reachable: Vec<u64>,
    words: usize,
}

impl Reach {
    /// The graph of `links` with the cell rule if `cell_rule` and the
    /// house rule "off → on" if `house_rule` (on → off always uses houses).
    pub(super) fn new(links: &StaticLinks, cell_rule: bool, house_rule: bool) -> Reach {
        let mut dense = vec![NONE; POTS];
        let mut pots = Vec::new();
        for p in 0..POTS as Pot {
            if links.has(p) {
                dense[p as usize] = pots.len() as u32;
                pots.push(p);
            }
        }
        let n = pots.len();
        let mut adj_at = Vec::with_capacity(n + 1);
        let mut adj = Vec::new();
        for &p in &pots {
            adj_at.push(adj.len() as u32);
            if p & 1 == 1 {
                adj.extend(links.on_to_off(p, cell_rule).map(|(q, _)| dense[q as usize]).filter(|&q| q != NONE));
            } else {
                adj.extend(
                    links.off_to_on(p, cell_rule, house_rule).map(|(q, _)| dense[q as usize]).filter(|&q| q != NONE),
                );
            }
        }
        adj_at.push(adj.len() as u32);
        let (component, count) = components(n, |v, i| {
            let at = adj_at[v as usize] + i;
            (at < adj_at[v as usize + 1]).then(|| adj[at as usize])
        });
        // Reachable sets are over components (all of a component is
        // reachable once one of its nodes is): few words when one big
        // component holds most of the graph.
        let words = count.div_ceil(64).max(1);
        // Components come out sinks first: each one's successors are done.
        let (member_at, members) = members_by_component(&component, count);
        let mut reachable = vec![0u64; count * words];
        let mut set = vec![0u64; words];
        for c in 0..count {
            set.fill(0);
            let group = &members[member_at[c] as usize..member_at[c + 1] as usize];
            if group.len() > 1 {
                set[c / 64] |= 1 << (c % 64);
            }
            for &v in group {
                for &w in &adj[adj_at[v as usize] as usize..adj_at[v as usize + 1] as usize] {
                    let d = component[w as usize] as usize;
                    if d != c && set[d / 64] >> (d % 64) & 1 == 0 {
                        set[d / 64] |= 1 << (d % 64);
                        for (s, r) in set.iter_mut().zip(&reachable[d * words..(d + 1) * words]) {
                            *s |= r;
                        }
                    }
                }
            }
            reachable[c * words..(c + 1) * words].copy_from_slice(&set);
        }
        Reach { dense, component, reachable, words }
    }

    /// The strongly connected component of `p`, if it has links.
    pub(super) fn component(&self, p: Pot) -> Option<u32> {
        let f = self.dense[p as usize];
        (f != NONE).then(|| self.component[f as usize])
    }

    /// Whether some potential is reachable from each of `roots` or in the
    /// same component as one (true when a root is not in the graph).
    pub(super) fn meet(&self, roots: impl Iterator<Item = Pot>) -> bool {
        // On the stack: the Multiple engines ask this of every cell and
        // house they might start from, hundreds of thousands of times a
        // puzzle. There are at most as many components as potentials.
        let mut words = [u64::MAX; POTS.div_ceil(64)];
        let all = &mut words[..self.words];
        for root in roots {
            let Some(c) = self.component(root) else { return true };
            let c = c as usize;
            for (w, (a, r)) in all.iter_mut().zip(&self.reachable[c * self.words..(c + 1) * self.words]).enumerate() {
                let own = if w == c / 64 { 1 << (c % 64) } else { 0 };
                *a &= r | own;
            }
        }
        all.iter().any(|&w| w != 0)
    }

    /// `p` and every potential it leads to, as a set.
    pub(super) fn reachable_set(&self, p: Pot) -> super::potential::PotSet {
        let mut set = super::potential::PotSet::new();
        set.insert(p);
        if let Some(c) = self.component(p) {
            let (c, row) = (c as usize, &self.reachable[c as usize * self.words..(c as usize + 1) * self.words]);
            for q in 0..POTS as Pot {
                if let Some(d) = self.component(q) {
                    let d = d as usize;
                    if d == c || row[d / 64] >> (d % 64) & 1 == 1 {
                        set.insert(q);
                    }
                }
            }
        }
        set
    }

    /// Whether `to` can be reached from `from` through one link or more.
    pub(super) fn leads(&self, from: Pot, to: Pot) -> bool {
        let (f, t) = (self.dense[from as usize], self.dense[to as usize]);
        if f == NONE || t == NONE {
            return false;
        }
        let (c, d) = (self.component[f as usize] as usize, self.component[t as usize] as usize);
        self.reachable[c * self.words + d / 64] >> (d % 64) & 1 == 1
    }
}
