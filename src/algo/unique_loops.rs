//! Unique loops as Sudoku Explainer walks them, which both engines search
//! (SE's Unique Rectangle and Loop, the explained path's Unique Loop): a
//! closed walk through cells holding the same two digits, each step within
//! a house, that would let the two digits swap if every cell held only
//! them.

use crate::model::cell::Cell;
use crate::model::grid::Grid;
use crate::model::house_order::HouseOrder;
use crate::model::sets::{CellSet, DigitSet};

/// Every closed walk SE's search finds from `start` on the digits `pair`,
/// in the order it finds them, each as its cells in walk order.
pub(crate) fn loops_from(grid: &Grid, start: Cell, pair: DigitSet) -> Vec<Vec<Cell>> {
    let mut with_pair = CellSet::ALL;
    for d in pair.iter() {
        with_pair = with_pair.intersection(grid.cells_with(d));
    }
    // A loop through a bivalue cell that comes before the start was found
    // from that cell already: from here it would only give hints SE drops
    // as duplicates.
    let before_start = CellSet::from_bits((1u128 << start.index()) - 1);
    let open = with_pair.difference(grid.cells_holding(2..=2).intersection(before_start));
    let mut walk = LoopWalk {
        grid,
        pair,
        open,
        path: Vec::with_capacity(16),
        on_path: CellSet::EMPTY,
        met: [CellSet::EMPTY; 2],
        loops: Vec::new(),
    };
    // Two cells may hold digits beyond the pair; more only when every
    // extra digit seen is one and the same (type 2).
    walk.extend(start, 2, DigitSet::EMPTY, None);
    walk.loops
}

struct LoopWalk<'a> {
    grid: &'a Grid,
    pair: DigitSet,
    /// The cells a walk may go through: those holding the pair, but the
    /// bivalue ones before its start.
    open: CellSet,
    path: Vec<Cell>,
    on_path: CellSet,
    /// The cells of the houses met by the cells at even and at odd places
    /// of the path.
    met: [CellSet; 2],
    loops: Vec<Vec<Cell>>,
}

impl LoopWalk<'_> {
    /// Adds `cell` to the walk and goes on through each of its houses but
    /// the one it came by (`came_by`: 0 block, 1 row, 2 column).
    fn extend(&mut self, cell: Cell, extra_cells_left: i32, extra: DigitSet, came_by: Option<usize>) {
        let parity = self.path.len() % 2;
        self.path.push(cell);
        self.on_path.insert(cell);
        let met_before = self.met[parity];
        self.met[parity] = met_before.union(cell.peers()).union(CellSet::single(cell));
        let start = self.path[0];
        // A house met twice by cells of one parity makes every loop
        // through here fail SE's validity test: SE would walk on and
        // throw those loops away; we skip the walk.
        let next_ones = self.open.difference(self.on_path).difference(self.met[1 - parity]);
        let closing = if self.path.len() >= 4 { CellSet::single(start) } else { CellSet::EMPTY };
        for (kind, house) in HouseOrder::BOXES_ROWS_COLS.of(cell).into_iter().enumerate() {
            if came_by == Some(kind) {
                continue;
            }
            for next in house.cells().intersection(next_ones.union(closing)).iter() {
                if next == start {
                    self.loops.push(self.path.clone());
                    continue;
                }
                let digits = self.grid.candidates(next);
                let next_extra = extra.union(digits).difference(self.pair);
                let more = digits.len() > 2;
                if !more || next_extra.len() == 1 || extra_cells_left > 0 {
                    self.extend(next, extra_cells_left - i32::from(more), next_extra, Some(kind));
                }
            }
        }
        self.met[parity] = met_before;
        self.on_path.remove(cell);
        self.path.pop();
    }
}

/// SE's test that a closed walk is a deadly pattern: taking its cells
/// alternately into two groups, no house is met twice by one group, and
/// both groups meet the same houses.
pub(crate) fn is_valid_loop(lp: &[Cell]) -> bool {
    let mut met = [0u32; 2];
    for (i, cell) in lp.iter().enumerate() {
        for house in cell.houses() {
            let bit = 1u32 << house.index();
            if met[i % 2] & bit != 0 {
                return false;
            }
            met[i % 2] |= bit;
        }
    }
    met[0] == met[1]
}
