//! Aligned exclusion's pattern, as Sudoku Explainer defines it, which both
//! engines search (SE's Aligned Pair and Triplet Exclusion, the explained
//! path's Aligned Pair Exclusion): base cells and their excluders, the
//! pairs of base cells in SE's order, and the digits each cell of a set
//! can take.
//!
//! A base cell has two or more candidates, sees no cell down to one
//! candidate, and sees at least one excluder: a cell with two candidates
//! (or three, for SE's triplets). Whatever the cells of a set hold, no
//! excluder they all see may lose all its candidates, and cells that see
//! each other differ; a candidate in no combination that obeys both goes.

use crate::model::cell::Cell;
use crate::model::grid::Grid;
use crate::model::sets::{CellSet, DigitSet};
use std::ops::ControlFlow;

/// A base cell and its excluders.
pub(crate) struct Base {
    pub(crate) cell: Cell,
    pub(crate) excluders: CellSet,
}

/// The base cells, row by row, with their excluders (peers holding 2 to
/// `max_excluder` candidates).
pub(crate) fn base_cells(grid: &Grid, max_excluder: u32) -> Vec<Base> {
    let singles = grid.cells_holding(1..=1);
    let excluding = grid.cells_holding(2..=max_excluder);
    let mut bases = Vec::new();
    for cell in grid.cells_holding(2..=9).iter() {
        let peers = cell.peers();
        let excluders = peers.intersection(excluding);
        if peers.intersection(singles).is_empty() && !excluders.is_empty() {
            bases.push(Base { cell, excluders });
        }
    }
    bases
}

/// Each pair of base cells (whose excluders hold two candidates) with two
/// or more excluders in common, in SE's order: the second cell row by row,
/// then the first among the base cells before it, row by row. Gives the
/// first, the second and their common excluders.
pub(crate) fn aligned_pairs(grid: &Grid) -> impl Iterator<Item = (Cell, Cell, CellSet)> + '_ {
    let excluders = grid.cells_holding(2..=2);
    let mut before = CellSet::EMPTY;
    base_cells(grid, 2).into_iter().flat_map(move |second| {
        // The cells that see two or more of the second's excluders: its
        // only possible partners, met in the same order as all of them.
        let (mut once, mut twice) = (CellSet::EMPTY, CellSet::EMPTY);
        for e in second.excluders.iter() {
            twice = twice.union(once.intersection(e.peers()));
            once = once.union(e.peers());
        }
        let partners = twice.intersection(before);
        before.insert(second.cell);
        let seen_by_second = excluders.intersection(second.cell.peers());
        partners.iter().map(move |first| (first, second.cell, seen_by_second.intersection(first.peers())))
    })
}

/// Each triplet of base cells (excluders of two or three candidates) in
/// SE's order, with the excluders all three see when they are two or more:
/// each pair of base cells with two or more common excluders (by the later
/// cell, then the earlier), then each third base cell among the first's
/// excluders, then among the second's not yet met. `narrow` may limit the
/// thirds tried with a pair to a set of cells, given the pair, its common
/// excluders and every base cell.
pub(crate) fn aligned_triplets(
    grid: &Grid,
    narrow: impl Fn([Cell; 2], CellSet, CellSet) -> Option<CellSet>,
    visit: &mut dyn FnMut([Cell; 3], CellSet) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let bases = base_cells(grid, 3);
    let base_set: CellSet = bases.iter().map(|b| b.cell).collect();
    let mut excluders_of = [CellSet::EMPTY; 81];
    for b in &bases {
        excluders_of[b.cell.index()] = b.excluders;
    }
    for second in 1..bases.len() {
        for first in 0..second {
            let (b0, b1) = (&bases[first], &bases[second]);
            // Every third cell needs two excluders in common with the
            // pair: none can come unless the pair has two.
            let pair_common = b0.excluders.intersection(b1.excluders);
            if pair_common.len() < 2 {
                continue;
            }
            // The "twin area": base cells among the first's excluders,
            // then among the second's.
            let mut twin = b0.excluders.intersection(base_set);
            twin.remove(b1.cell);
            let mut more = b1.excluders.intersection(base_set).difference(twin);
            more.remove(b0.cell);
            if let Some(worth) = narrow([b0.cell, b1.cell], pair_common, base_set) {
                twin = twin.intersection(worth);
                more = more.intersection(worth);
            }
            for third in twin.iter().chain(more.iter()) {
                let common = pair_common.intersection(excluders_of[third.index()]);
                if common.len() >= 2 {
                    visit([b0.cell, b1.cell, third], common)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// [`possible_digits`] of a pair or a triplet, in the cells' order. Which
/// digits are possible does not depend on the order the cells are tried
/// in: the cell with the most candidates goes last, where its digits are
/// weighed all at once.
pub(crate) fn possible_digits_of_set(grid: &Grid, cells: &[Cell], excluders: CellSet) -> [DigitSet; 3] {
    let [first, second, third] = *cells else { return possible_digits(grid, cells, excluders) };
    let count = |c: Cell| grid.candidates(c).len();
    if count(first) > count(third) && count(first) >= count(second) {
        let [p1, p2, p0] = possible_digits(grid, &[second, third, first], excluders);
        [p0, p1, p2]
    } else if count(second) > count(third) {
        let [p0, p2, p1] = possible_digits(grid, &[first, third, second], excluders);
        [p0, p1, p2]
    } else {
        possible_digits(grid, cells, excluders)
    }
}

/// For each of the two or three `cells`, the digits it takes in some
/// possible combination (one candidate per cell; cells that see each other
/// differ; no excluder of `excluders` loses all its candidates).
pub(crate) fn possible_digits(grid: &Grid, cells: &[Cell], excluders: CellSet) -> [DigitSet; 3] {
    // The digits an excluder forbids the last cell once the others have
    // taken one or two digits, tabled once per set: an excluder with one
    // candidate left outside them forbids that one, one with none left
    // forbids every digit. With excluders of two or three candidates, one
    // taken digit can leave one out (a pair), two can leave one (a triple
    // holding both) or none (the pair itself).
    let mut by_one = [0u16; 9];
    let mut by_two = [[0u16; 9]; 9];
    for c in excluders.iter() {
        let e = grid.candidates(c).bits();
        let mut members = [0usize; 3];
        for (slot, b) in members.iter_mut().zip((0..9).filter(|&b| e & (1 << b) != 0)) {
            *slot = b;
        }
        if let (2, [u, v, _]) = (e.count_ones(), members) {
            by_one[u] |= 1 << v;
            by_one[v] |= 1 << u;
            by_two[u][v] = 0x1ff;
            by_two[v][u] = 0x1ff;
        } else if let (3, [u, v, w]) = (e.count_ones(), members) {
            for (i, j, k) in [(u, v, w), (u, w, v), (v, w, u)] {
                by_two[i][j] |= 1 << k;
                by_two[j][i] |= 1 << k;
            }
        }
    }
    let digits = |i: usize| grid.candidates(cells[i]).bits();
    let bits = |m: u16| (0..9).filter(move |b| m & (1 << b) != 0);
    let forbidden_one = |a: usize| by_one[a];
    let forbidden_two = |a: usize, b: usize| by_one[a] | by_one[b] | by_two[a][b];
    let mut possible = [0u16; 3];
    let (a, b) = (digits(0), digits(1));
    let sees01 = cells[0].sees(cells[1]);
    if cells.len() == 2 {
        // For each digit of the first cell, the digits the second can
        // take beside it, all at once.
        for ia in bits(a) {
            let da = 1u16 << ia;
            let same = if sees01 { da } else { 0 };
            let allowed = b & !same & !forbidden_one(ia);
            if allowed != 0 {
                possible[0] |= da;
                possible[1] |= allowed;
            }
        }
    } else {
        let c = digits(2);
        let (sees02, sees12) = (cells[0].sees(cells[2]), cells[1].sees(cells[2]));
        'first: for ia in bits(a) {
            let da = 1u16 << ia;
            for ib in bits(b) {
                let db = 1u16 << ib;
                if da == db && sees01 {
                    continue;
                }
                let same = if sees02 { da } else { 0 } | if sees12 { db } else { 0 };
                let forbidden = if ia == ib { forbidden_one(ia) } else { forbidden_two(ia, ib) };
                let allowed = c & !same & !forbidden;
                if allowed != 0 {
                    possible[0] |= da;
                    possible[1] |= db;
                    possible[2] |= allowed;
                    if possible == [a, b, c] {
                        // Every candidate is possible: nothing goes, and
                        // the other combinations cannot change that.
                        break 'first;
                    }
                }
            }
        }
    }
    possible.map(DigitSet::from_bits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::technique::testing::marks;

    /// The pairs come by their second cell, then by their first, and only
    /// those with two common excluders; every pair of base cells with two
    /// is there.
    #[test]
    fn pairs_come_in_se_order_with_two_common_excluders() {
        let cells = [(1, 1, "123"), (1, 2, "12"), (1, 5, "12"), (1, 6, "13"), (2, 2, "45"), (5, 1, "67"), (9, 9, "19")];
        let grid = marks(&cells);
        let pairs: Vec<(Cell, Cell, CellSet)> = aligned_pairs(&grid).collect();
        let bases = base_cells(&grid, 2);
        let mut plain = Vec::new();
        for (j, second) in bases.iter().enumerate() {
            for first in &bases[..j] {
                let common = first.excluders.intersection(second.excluders);
                if common.len() >= 2 {
                    plain.push((first.cell, second.cell, common));
                }
            }
        }
        assert_eq!(pairs, plain);
        assert!(pairs.len() > 10, "{} pairs", pairs.len());
        let order: Vec<(usize, usize)> = pairs.iter().map(|(a, b, _)| (b.index(), a.index())).collect();
        assert!(order.windows(2).all(|w| w[0] < w[1]), "by second cell, then first");
    }

    #[test]
    fn possible_digits_leave_out_what_empties_an_excluder_or_repeats() {
        // r1c1 = 123 and r1c2 = 12 both see r1c5 = 12 and r1c6 = 13: 1-2 and
        // 2-1 would empty r1c5, 3-1 would empty r1c6, equal digits share a
        // row: only 3-2 is left.
        let grid = marks(&[(1, 1, "123"), (1, 2, "12"), (1, 5, "12"), (1, 6, "13")]);
        let common: CellSet = [Cell::at(0, 4), Cell::at(0, 5)].into_iter().collect();
        let [a, b, _] = possible_digits(&grid, &[Cell::at(0, 0), Cell::at(0, 1)], common);
        assert_eq!((a.to_string(), b.to_string()), ("3".to_string(), "2".to_string()));
    }
}
