//! Where the false state of each node of a link graph leads: a chain from
//! a start ends at a true node its false state leads to, so a start from
//! which no productive end can be reached needs no search. In most
//! positions almost no start can reach one (each search then walks its
//! whole reach for nothing), and one pass over the graph's strongly
//! connected components answers for every start at once.

use super::graph::Graph;
use crate::algo::components::{components, members_by_component};

/// Per node, the nodes whose true state its false state leads to, through
/// one link or more (strong from a false node, weak from a true one).
pub(super) struct Leads {
    /// The component of each state (`node * 2`, plus one when true).
    component: Vec<u32>,
    words: usize,
    /// Per component, the nodes whose true state it leads to, as bits.
    reach: Vec<u64>,
}

impl Leads {
    pub(super) fn new(g: &Graph) -> Leads {
        let n = g.nodes.len();
        let states = 2 * n;
        // State `v` is node `v / 2`, true when odd: a false node leads by its
        // strong links to true ones, a true node by its weak links to false ones.
        let successor = |v: u32, i: u32| {
            let node = (v / 2) as u16;
            let (links, on) = if v % 2 == 0 { (g.strong(node), 1) } else { (g.weak(node), 0) };
            links.get(i as usize).map(|&t| u32::from(t) * 2 + on)
        };
        let (component, count) = components(states, successor);
        let (member_at, members) = members_by_component(&component, count);
        let words = n.div_ceil(64).max(1);
        let mut reach = vec![0u64; count * words];
        let mut set = vec![0u64; words];
        // Components come sinks first, so each one's successors are done.
        // Within a component every state is the target of a link from it
        // (when it has more than one), so the links add its own members.
        for c in 0..count {
            set.fill(0);
            for &v in &members[member_at[c] as usize..member_at[c + 1] as usize] {
                let node = (v / 2) as u16;
                if v % 2 == 0 {
                    for &t in g.strong(node) {
                        let t = usize::from(t);
                        set[t / 64] |= 1 << (t % 64);
                        let d = component[t * 2 + 1] as usize;
                        if d != c {
                            for (s, r) in set.iter_mut().zip(&reach[d * words..(d + 1) * words]) {
                                *s |= r;
                            }
                        }
                    }
                } else {
                    for &t in g.weak(node) {
                        let d = component[usize::from(t) * 2] as usize;
                        if d != c {
                            for (s, r) in set.iter_mut().zip(&reach[d * words..(d + 1) * words]) {
                                *s |= r;
                            }
                        }
                    }
                }
            }
            reach[c * words..(c + 1) * words].copy_from_slice(&set);
        }
        Leads { component, words, reach }
    }

    fn row(&self, from: u16) -> &[u64] {
        let c = self.component[usize::from(from) * 2] as usize;
        &self.reach[c * self.words..(c + 1) * self.words]
    }

    /// Whether the false state of `from` leads to the true state of `to`.
    pub(super) fn leads(&self, from: u16, to: u16) -> bool {
        let t = usize::from(to);
        self.row(from)[t / 64] >> (t % 64) & 1 == 1
    }

    /// The nodes whose true state the false state of `from` leads to.
    pub(super) fn true_ends(&self, from: u16) -> impl Iterator<Item = u16> + '_ {
        self.row(from).iter().enumerate().flat_map(|(i, &word)| {
            let mut rest = word;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let bit = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    (i * 64 + bit) as u16
                })
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::graph::{build, Links};
    use super::*;
    use crate::explain::technique::testing::{empty, without};
    use crate::model::grid::digit_cells;
    use crate::model::grid::Grid;
    use crate::model::sets::DigitSet;

    /// The true ends each false state reaches by walking the links one by
    /// one, against the table.
    #[test]
    fn leads_where_a_walk_gets() {
        let mut removals = vec![(9, 1, "3456789"), (9, 2, "3456789"), (1, 1, "456789"), (5, 5, "3456789")];
        for col in 3..=9 {
            removals.extend([(9, col, "12"), (1, col, "3")]);
        }
        for col in [3, 5, 6, 7, 8, 9] {
            removals.push((5, col, "4"));
        }
        let grid: Grid = without(empty(), &removals);
        let links = Links { conjugates: true, bivalue: true, cell_weak: true, groups: true, als: false };
        let g = build(&grid, links, &digit_cells(&grid), DigitSet::ALL, &[]);
        let leads = Leads::new(&g);
        let n = g.nodes.len();
        let mut led = 0;
        for from in 0..n as u16 {
            // States as node * 2 + true; start from the false state.
            let mut seen = vec![false; 2 * n];
            let mut queue = vec![usize::from(from) * 2];
            let mut ends = Vec::new();
            while let Some(v) = queue.pop() {
                let node = (v / 2) as u16;
                let next: Vec<usize> = if v % 2 == 0 {
                    g.strong(node).iter().map(|&t| usize::from(t) * 2 + 1).collect()
                } else {
                    g.weak(node).iter().map(|&t| usize::from(t) * 2).collect()
                };
                for w in next {
                    if !seen[w] {
                        seen[w] = true;
                        queue.push(w);
                        if w % 2 == 1 {
                            ends.push((w / 2) as u16);
                        }
                    }
                }
            }
            ends.sort_unstable();
            assert_eq!(leads.true_ends(from).collect::<Vec<_>>(), ends, "from node {from}");
            for to in 0..n as u16 {
                assert_eq!(leads.leads(from, to), ends.contains(&to));
            }
            led += ends.len();
        }
        assert!(led > n && led < n * n, "{led} of {} pairs", n * n);
    }
}
