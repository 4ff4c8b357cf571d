//! The link graph the alternating inference chains walk: its nodes, and
//! per node the strong and weak links that leave it, each list in one flat
//! array (the chain techniques build a graph for every position they are
//! asked about, so building it is a good part of their time).

use super::super::als::Als;
use crate::explain::step::ChainNode;
use crate::model::cell::{Cell, Digit};
use crate::model::grid::{common_peers, Grid, House, HouseKind};
use crate::model::sets::{CellSet, DigitSet};

/// Which links a graph holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Links {
    /// Strong links between the two places of a digit in a house.
    pub(super) conjugates: bool,
    /// Strong links between the two candidates of a bivalue cell.
    pub(super) bivalue: bool,
    /// Weak links between two digits of one cell.
    pub(super) cell_weak: bool,
    /// Grouped nodes in box-line intersections.
    pub(super) groups: bool,
    /// Strong links inside almost locked sets of two to `MAX_ALS_CELLS` cells.
    pub(super) als: bool,
}

/// The largest almost locked set an ALS-AIC goes through. Four cells
/// (five digits) is still a set a reader can check by eye; five cells would
/// remove 5% more of top1465.txt's forcing nets for 8% more time
/// (docs/BENCHMARKS.md).
const MAX_ALS_CELLS: u32 = 4;

/// Why a strong link holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Strong {
    /// The two nodes are all the places of their digit in this house.
    House(House),
    /// The two nodes are the two candidates of one cell.
    Cell,
    /// The two nodes are two digits of this almost locked set (an index in
    /// `Graph::sets`).
    Als(u16),
}

/// The link graph of one position.
pub(super) struct Graph {
    pub(super) nodes: Vec<ChainNode>,
    /// Per node, the cells that see every cell of it.
    pub(super) sees: Vec<CellSet>,
    /// The almost locked sets strong links may go through: cells and digits.
    pub(super) sets: Vec<(CellSet, DigitSet)>,
    /// Node `n`'s strong links go to `strong_to[strong_at[n]..strong_at[n + 1]]`,
    /// for the reasons at the same places of `strong_why`.
    strong_at: Vec<u32>,
    strong_to: Vec<u16>,
    strong_why: Vec<Strong>,
    /// The same for the weak links (only to nodes that have strong links).
    weak_at: Vec<u32>,
    weak_links: Vec<u16>,
}

impl Graph {
    /// The nodes `node` is strongly linked to, each once.
    pub(super) fn strong(&self, node: u16) -> &[u16] {
        let n = usize::from(node);
        &self.strong_to[self.strong_at[n] as usize..self.strong_at[n + 1] as usize]
    }

    /// The nodes `node` is weakly linked to: those of its digit whose cells
    /// all see it (by index), then its cell's other digits (by index).
    pub(super) fn weak(&self, node: u16) -> &[u16] {
        let n = usize::from(node);
        &self.weak_links[self.weak_at[n] as usize..self.weak_at[n + 1] as usize]
    }

    pub(super) fn strong_why(&self, a: u16, b: u16) -> Strong {
        let at = self.strong(a).iter().position(|&k| k == b).expect("a strong link");
        self.strong_why[self.strong_at[usize::from(a)] as usize + at]
    }
}

const NO_NODE: u16 = u16::MAX;

/// A graph while its strong links are being found: nodes are made as links
/// first name them, so a node's index tells when it was first met.
struct Builder {
    nodes: Vec<ChainNode>,
    sees: Vec<CellSet>,
    /// Per candidate (`(digit - 1) * 81 + cell`), its node, or `NO_NODE`.
    singles: Vec<u16>,
    /// Per digit, the grouped nodes by their cells.
    groups: [Vec<(CellSet, u16)>; 9],
    /// Every strong link in the order found, repeats included.
    links: Vec<(u16, u16, Strong)>,
    sets: Vec<(CellSet, DigitSet)>,
}

impl Builder {
    fn node(&mut self, digit: Digit, cells: CellSet) -> u16 {
        let i = self.nodes.len() as u16;
        if cells.len() == 1 {
            let slot = usize::from(digit.get() - 1) * 81 + cells.first().expect("a cell").index();
            if self.singles[slot] != NO_NODE {
                return self.singles[slot];
            }
            self.singles[slot] = i;
        } else {
            let groups = &mut self.groups[usize::from(digit.get() - 1)];
            if let Some(&(_, known)) = groups.iter().find(|&&(c, _)| c == cells) {
                return known;
            }
            groups.push((cells, i));
        }
        self.nodes.push(ChainNode::new(digit, cells));
        self.sees.push(common_peers(cells));
        i
    }

    fn link(&mut self, digits: [Digit; 2], cells: [CellSet; 2], why: Strong) {
        let a = self.node(digits[0], cells[0]);
        let b = self.node(digits[1], cells[1]);
        self.links.push((a, b, why));
    }

    /// Per node, its strong links in the order found, the first reason
    /// kept where two name the same pair.
    fn strong_lists(&self) -> (Vec<u32>, Vec<u16>, Vec<Strong>) {
        let n = self.nodes.len();
        let mut at = vec![0u32; n + 1];
        for &(a, b, _) in &self.links {
            at[usize::from(a) + 1] += 1;
            at[usize::from(b) + 1] += 1;
        }
        for i in 0..n {
            at[i + 1] += at[i];
        }
        let mut filled: Vec<u32> = at[..n].to_vec();
        let mut all = vec![(0u16, Strong::Cell); at[n] as usize];
        for &(a, b, why) in &self.links {
            for (from, to) in [(a, b), (b, a)] {
                all[filled[usize::from(from)] as usize] = (to, why);
                filled[usize::from(from)] += 1;
            }
        }
        // A pair linked twice (two houses, say) keeps its first link, at both ends.
        let mut kept_at = vec![0u32; n + 1];
        let mut kept = Vec::with_capacity(all.len());
        let mut whys = Vec::with_capacity(all.len());
        for i in 0..n {
            let start = kept.len();
            for &(to, why) in &all[at[i] as usize..at[i + 1] as usize] {
                if !kept[start..].contains(&to) {
                    kept.push(to);
                    whys.push(why);
                }
            }
            kept_at[i + 1] = kept.len() as u32;
        }
        (kept_at, kept, whys)
    }

    /// Per node, its weak links: to the nodes of its digit whose cells all
    /// see it, then (with `cell_weak`) to its cell's other digits.
    fn weak_lists(&self, cell_weak: bool) -> (Vec<u32>, Vec<u16>) {
        let n = self.nodes.len();
        let mut by_digit: [Vec<u16>; 9] = Default::default();
        for (i, node) in self.nodes.iter().enumerate() {
            by_digit[usize::from(node.digit.get() - 1)].push(i as u16);
        }
        let mut at = Vec::with_capacity(n + 1);
        at.push(0u32);
        let mut links = Vec::new();
        let mut in_cell: Vec<u16> = Vec::with_capacity(9);
        for (i, node) in self.nodes.iter().enumerate() {
            let sees = self.sees[i];
            for &j in &by_digit[usize::from(node.digit.get() - 1)] {
                if usize::from(j) != i && self.nodes[usize::from(j)].cells.difference(sees).is_empty() {
                    links.push(j);
                }
            }
            if cell_weak && !node.is_group() {
                let cell = node.cells.first().expect("a cell");
                in_cell.clear();
                in_cell.extend(
                    Digit::all()
                        .filter(|&d| d != node.digit)
                        .map(|d| self.singles[usize::from(d.get() - 1) * 81 + cell.index()])
                        .filter(|&j| j != NO_NODE),
                );
                in_cell.sort_unstable();
                links.extend_from_slice(&in_cell);
            }
            at.push(links.len() as u32);
        }
        (at, links)
    }

    fn finish(self, cell_weak: bool) -> Graph {
        let (strong_at, strong_to, strong_why) = self.strong_lists();
        let (weak_at, weak_links) = self.weak_lists(cell_weak);
        Graph {
            nodes: self.nodes,
            sees: self.sees,
            sets: self.sets,
            strong_at,
            strong_to,
            strong_why,
            weak_at,
            weak_links,
        }
    }
}

/// The ways to split a digit's places in a house into two nodes, at least
/// one of them a group: in a line, places in exactly two boxes; in a box,
/// the places on one row or column against the rest, when the rest lies on
/// one row or column too.
fn group_splits(house: House, places: CellSet, mut split: impl FnMut([CellSet; 2])) {
    match house.kind() {
        HouseKind::Block => {
            let first = house.cell_list()[0];
            let lines = (0..3).flat_map(|i| [House::row(first.row() + i), House::col(first.col() + i)]);
            for line in lines {
                let on = places.intersection(line.cells());
                let rest = places.difference(on);
                if !on.is_empty() && !rest.is_empty() && in_one_line(rest) {
                    split([on, rest]);
                }
            }
        }
        _ => {
            let mut parts = House::blocks().map(|b| places.intersection(b.cells())).filter(|part| !part.is_empty());
            if let (Some(a), Some(b), None) = (parts.next(), parts.next(), parts.next()) {
                split([a, b]);
            }
        }
    }
}

fn in_one_line(cells: CellSet) -> bool {
    let first = cells.first().expect("a non-empty set");
    cells.iter().all(|c| c.row() == first.row()) || cells.iter().all(|c| c.col() == first.col())
}

/// The graph of `grid` with the links `links` allows: conjugate links of
/// `digits` only, and almost locked sets from `sets`.
pub(super) fn build(grid: &Grid, links: Links, maps: &[CellSet; 9], digits: DigitSet, sets: &[Als]) -> Graph {
    let mut g = Builder {
        nodes: Vec::with_capacity(256),
        sees: Vec::with_capacity(256),
        singles: vec![NO_NODE; 729],
        groups: Default::default(),
        links: Vec::with_capacity(512),
        sets: Vec::new(),
    };
    if links.conjugates {
        for digit in digits.iter() {
            let map = maps[usize::from(digit.get() - 1)];
            for house in House::all() {
                let places = map.intersection(house.cells());
                if places.len() == 2 {
                    let mut it = places.iter().map(CellSet::single);
                    let (a, b) = (it.next().expect("two"), it.next().expect("two"));
                    g.link([digit, digit], [a, b], Strong::House(house));
                } else if links.groups && places.len() > 2 {
                    group_splits(house, places, |split| g.link([digit, digit], split, Strong::House(house)));
                }
            }
        }
    }
    if links.bivalue {
        for cell in Cell::all() {
            let candidates = grid.candidates(cell);
            if candidates.len() == 2 {
                let mut it = candidates.iter();
                let (a, b) = (it.next().expect("two"), it.next().expect("two"));
                g.link([a, b], [CellSet::single(cell); 2], Strong::Cell);
            }
        }
    }
    if links.als {
        // Last, so that a link a house or a cell gives keeps that simpler
        // reason. Without one of its digits a set is locked on the others, so each
        // other digit is in it: a strong link between any two of its digits.
        for set in sets.iter().filter(|set| (2..=MAX_ALS_CELLS).contains(&set.cells.len())) {
            let k = g.sets.len() as u16;
            g.sets.push((set.cells, set.digits));
            let digits: Vec<Digit> = set.digits.iter().collect();
            for (i, &x) in digits.iter().enumerate() {
                for &z in &digits[i + 1..] {
                    let places = [set.places[usize::from(x.get() - 1)], set.places[usize::from(z.get() - 1)]];
                    g.link([x, z], places, Strong::Als(k));
                }
            }
        }
    }
    g.finish(links.cell_weak)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::technique::testing::{empty, without};
    use crate::model::grid::digit_cells;

    /// The empty grid where r9c1 and r9c2 hold only 1 and 2 (the row's only
    /// places for both), 3's only places in row 1 and in box 1 are r1c1 and
    /// r1c2, and 4's in row 5 are r5c1, r5c2 and r5c4 (two boxes).
    fn position() -> Grid {
        let mut removals = vec![(9, 1, "3456789"), (9, 2, "3456789")];
        for col in 3..=9 {
            removals.extend([(9, col, "12"), (1, col, "3")]);
        }
        for (row, col) in [(2, 1), (2, 2), (2, 3), (3, 1), (3, 2), (3, 3)] {
            removals.push((row, col, "3"));
        }
        for col in [3, 5, 6, 7, 8, 9] {
            removals.push((5, col, "4"));
        }
        without(empty(), &removals)
    }

    const GROUPED: Links = Links { conjugates: true, bivalue: true, cell_weak: true, groups: true, als: false };

    fn graph(links: Links) -> Graph {
        let grid = position();
        build(&grid, links, &digit_cells(&grid), DigitSet::ALL, &[])
    }

    fn node(g: &Graph, digit: u8, cells: &[(u8, u8)]) -> u16 {
        let cells: CellSet = cells.iter().map(|&(r, c)| Cell::at(r - 1, c - 1)).collect();
        let i = g.nodes.iter().position(|n| n.digit == Digit::new(digit) && n.cells == cells);
        i.expect("a node") as u16
    }

    #[test]
    fn each_strong_link_is_listed_once_at_both_ends_with_its_first_reason() {
        let g = graph(GROUPED);
        for a in 0..g.nodes.len() as u16 {
            let mut targets: Vec<u16> = g.strong(a).to_vec();
            let listed = targets.len();
            targets.sort_unstable();
            targets.dedup();
            assert_eq!(targets.len(), listed, "node {a} lists a link twice");
            for &b in g.strong(a) {
                assert_eq!(g.strong_why(b, a), g.strong_why(a, b), "the link {a}-{b} has one reason at both ends");
            }
        }
        let (a, b) = (node(&g, 3, &[(1, 1)]), node(&g, 3, &[(1, 2)]));
        assert_eq!(g.strong_why(a, b), Strong::House(House::row(0)), "the row comes before the box");
        let (one, two) = (node(&g, 1, &[(9, 1)]), node(&g, 2, &[(9, 1)]));
        assert_eq!(g.strong_why(one, two), Strong::Cell);
        assert_eq!(g.strong_why(one, node(&g, 1, &[(9, 2)])), Strong::House(House::row(8)));
        let group = node(&g, 4, &[(5, 1), (5, 2)]);
        assert_eq!(g.strong_why(group, node(&g, 4, &[(5, 4)])), Strong::House(House::row(4)));
    }

    #[test]
    fn weak_links_join_what_cannot_both_be_true_same_digit_first() {
        let g = graph(GROUPED);
        for a in 0..g.nodes.len() as u16 {
            let x = g.nodes[usize::from(a)];
            let weak = g.weak(a);
            let split = weak.iter().position(|&b| g.nodes[usize::from(b)].digit != x.digit).unwrap_or(weak.len());
            for &b in &weak[..split] {
                assert!(g.nodes[usize::from(b)].cells.difference(g.sees[usize::from(a)]).is_empty());
            }
            for &b in &weak[split..] {
                let y = g.nodes[usize::from(b)];
                assert!(y.digit != x.digit && y.cells == x.cells && !x.is_group());
            }
            assert!(weak[..split].windows(2).all(|w| w[0] < w[1]) && weak[split..].windows(2).all(|w| w[0] < w[1]));
        }
        let one = node(&g, 1, &[(9, 1)]);
        assert_eq!(g.weak(one), [node(&g, 1, &[(9, 2)]), node(&g, 2, &[(9, 1)])]);
        let h = graph(Links { cell_weak: false, ..GROUPED });
        assert_eq!(h.weak(node(&h, 1, &[(9, 1)])), [node(&h, 1, &[(9, 2)])]);
    }
}
