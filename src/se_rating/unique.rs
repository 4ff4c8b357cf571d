//! SE's "Unique Rectangle" and "Unique Loop", types 1 to 4 (SE 1.2.1's
//! `UniqueLoops` with SukakuExplainer's lkSudoku fix, which is on by
//! default there and so in the reference ratings).
//!
//! The producer collects every hint, then offers them sorted by (rating,
//! type), ties in the order found: start cells row by row, loops in the
//! order of a depth-first walk that tries the houses of a cell as block,
//! row, column and their cells in house order. Duplicates (the same loop
//! found again from another cell or the other way round) are dropped.
//!
//! What the lkSudoku fix changes from the 1.2.1 text: the walk's record of
//! the extra digits seen so far belongs to each branch, where 1.2.1 let one
//! branch's digits leak into its siblings; and the type-3 search tries
//! every subset size from 2 (naked subsets still need at least as many
//! digits as the two extra cells hold), where 1.2.1 started at that count.

use super::producer::Producer;
use super::scan::removing;
use super::se_step::SeStep;
use super::technique::SeTechnique;
use crate::algo::combinations::{subsets_of, Order};
use crate::algo::unique_loops::{is_valid_loop, loops_from};
use crate::model::cell::Candidate;
use crate::model::cell::{Cell, Digit};
use crate::model::grid::{Grid, House};
use crate::model::house_order::HouseOrder;
use crate::model::sets::{CellSet, DigitSet};
use std::ops::ControlFlow;

/// SE's `UniqueLoops` producer.
pub(crate) struct UniqueLoops;

impl Producer for UniqueLoops {
    fn lowest(&self) -> f64 {
        SeTechnique::UniqueLoop { cells: 4, kind: 1 }.difficulty()
    }

    fn hints(&self, grid: &Grid, sink: &mut dyn FnMut(SeStep) -> ControlFlow<()>) -> ControlFlow<()> {
        let mut found = LoopHints::default();
        for start in Cell::all() {
            let pair = grid.candidates(start);
            if pair.len() != 2 {
                continue;
            }
            for lp in loops_from(grid, start, pair) {
                if is_valid_loop(&lp) {
                    found.add_loop(grid, &lp, pair);
                }
            }
        }
        // A stable sort, as SE's `Collections.sort`: equal keys keep the
        // order they were found in.
        found.hints.sort_by(|a, b| {
            a.difficulty.total_cmp(&b.difficulty).then(a.kind.type_number().cmp(&b.kind.type_number()))
        });
        for hint in found.hints {
            sink(hint.into_hint())?;
        }
        ControlFlow::Continue(())
    }
}

/// Which of SE's hint classes a hint is (two hints of different classes
/// are never duplicates).
#[derive(Clone, Debug, PartialEq)]
enum LoopKind {
    Type1,
    Type2,
    /// The extra digits of the two extra cells and `others` form a naked
    /// subset of `digits` in `house`.
    Type3Naked {
        house: House,
        others: Vec<Cell>,
        digits: DigitSet,
    },
    /// The pair's digits and `digits` minus them are confined to the first
    /// extra cell and the cells at `positions` of `house`.
    Type3Hidden {
        house: House,
        digits: DigitSet,
        positions: u16,
    },
    Type4,
}

impl LoopKind {
    fn type_number(&self) -> u8 {
        match self {
            LoopKind::Type1 => 1,
            LoopKind::Type2 => 2,
            LoopKind::Type3Naked { .. } | LoopKind::Type3Hidden { .. } => 3,
            LoopKind::Type4 => 4,
        }
    }
}

struct LoopHint {
    kind: LoopKind,
    cells: Vec<Cell>,
    set: CellSet,
    /// The two digits SE writes after "on": the pair, or for type 4 the
    /// locked digit, then the removed one.
    shown: (Digit, Digit),
    difficulty: f64,
    removals: Vec<Candidate>,
}

impl LoopHint {
    fn into_hint(self) -> SeStep {
        let cells: Vec<String> = self.cells.iter().map(Cell::to_string).collect();
        let detail = format!("Cells {} on {}, {}", cells.join(","), self.shown.0, self.shown.1);
        let technique = technique_of(self.kind.type_number(), self.cells.len());
        SeStep { difficulty: self.difficulty, ..removing(technique, self.removals, detail, Vec::new()) }
    }
}

/// The technique of a hint of type `kind` on a loop of `cells` cells.
fn technique_of(kind: u8, cells: usize) -> SeTechnique {
    SeTechnique::UniqueLoop { cells: u8::try_from(cells).expect("a loop of at most 81 cells"), kind }
}

#[derive(Default)]
struct LoopHints {
    hints: Vec<LoopHint>,
}

/// What both type-3 searches (naked and hidden) look at: the loop, its two
/// digits, the two cells with extra digits and where they sit in the house
/// they share, those extra digits, and the subset size tried.
#[derive(Clone, Copy)]
struct Type3<'a> {
    grid: &'a Grid,
    lp: &'a [Cell],
    shown: (Digit, Digit),
    cells: (Cell, Cell),
    indexes: (usize, usize),
    house: House,
    extra: DigitSet,
    degree: usize,
}
impl LoopHints {
    /// Keeps `hint` unless it removes nothing or SE would count it equal to
    /// one already kept: same class, same loop cells (in any order), and
    /// for type 3 the same house, digits and subset cells.
    fn push(&mut self, hint: LoopHint) {
        if hint.removals.is_empty() {
            return;
        }
        let duplicate =
            self.hints.iter().any(|h| h.kind == hint.kind && h.cells.len() == hint.cells.len() && h.set == hint.set);
        if !duplicate {
            self.hints.push(hint);
        }
    }

    /// A hint of a type other than 3.
    fn make(kind: LoopKind, lp: &[Cell], shown: (Digit, Digit), removals: Vec<Candidate>) -> LoopHint {
        let difficulty = technique_of(kind.type_number(), lp.len()).difficulty();
        LoopHint { kind, cells: lp.to_vec(), set: lp.iter().copied().collect(), shown, difficulty, removals }
    }

    /// A hint of type 3, whose naked or hidden set has `members` members.
    fn make_type3(
        kind: LoopKind,
        lp: &[Cell],
        shown: (Digit, Digit),
        members: u32,
        removals: Vec<Candidate>,
    ) -> LoopHint {
        let difficulty = technique_of(kind.type_number(), lp.len()).with_set_of(members);
        LoopHint { kind, cells: lp.to_vec(), set: lp.iter().copied().collect(), shown, difficulty, removals }
    }

    /// The hints of one valid loop, by how many of its cells hold more
    /// than the pair.
    fn add_loop(&mut self, grid: &Grid, lp: &[Cell], pair: DigitSet) {
        let mut digits = pair.iter();
        let (v1, v2) = (digits.next().unwrap(), digits.next().unwrap());
        let extra_cells: Vec<Cell> = lp.iter().copied().filter(|&c| grid.candidates(c).len() > 2).collect();
        match extra_cells.len() {
            0 => {} // two solutions: not a matter for this producer
            1 => {
                let rescue = extra_cells[0];
                let removals = vec![Candidate::new(rescue, v1), Candidate::new(rescue, v2)];
                self.push(Self::make(LoopKind::Type1, lp, (v1, v2), removals));
            }
            2 => {
                let (c1, c2) = (extra_cells[0], extra_cells[1]);
                let extra = grid.candidates(c1).union(grid.candidates(c2)).difference(pair);
                if extra.len() == 1 {
                    self.add_type2(grid, lp, &extra_cells, pair);
                } else if extra.len() >= 2 {
                    self.add_type3(grid, lp, c1, c2, pair);
                }
                self.add_type4(grid, lp, c1, c2, pair);
            }
            _ => self.add_type2(grid, lp, &extra_cells, pair),
        }
    }

    /// Type 2: the extra cells share one extra digit; it goes from every
    /// cell that sees them all.
    fn add_type2(&mut self, grid: &Grid, lp: &[Cell], extra_cells: &[Cell], pair: DigitSet) {
        let Some(value) = grid.candidates(extra_cells[0]).difference(pair).first() else {
            return;
        };
        let mut seeing = CellSet::ALL;
        for &c in extra_cells {
            seeing = seeing.intersection(c.peers());
        }
        let removals: Vec<Candidate> = seeing
            .iter()
            .filter(|&c| !extra_cells.contains(&c) && grid.has_candidate(c, value))
            .map(|c| Candidate::new(c, value))
            .collect();
        let mut digits = pair.iter();
        let shown = (digits.next().unwrap(), digits.next().unwrap());
        self.push(Self::make(LoopKind::Type2, lp, shown, removals));
    }

    /// Type 3: in a house both extra cells share, their extra digits act as
    /// one more cell of a naked subset, or the pair's digits with others
    /// form a hidden subset with the first extra cell.
    fn add_type3(&mut self, grid: &Grid, lp: &[Cell], c1: Cell, c2: Cell, pair: DigitSet) {
        let mut digits = pair.iter();
        let shown = (digits.next().unwrap(), digits.next().unwrap());
        let extra = grid.candidates(c1).union(grid.candidates(c2)).difference(pair);
        for degree in 2..=7usize {
            for (h1, h2) in HouseOrder::BOXES_ROWS_COLS.of(c1).into_iter().zip(HouseOrder::BOXES_ROWS_COLS.of(c2)) {
                if h1 != h2 {
                    continue;
                }
                let house = h1;
                let empty = house.cells().intersection(grid.empty_cells()).len() as usize;
                let indexes = (house.position(c1), house.position(c2));
                let t = Type3 { grid, lp, shown, cells: (c1, c2), indexes, house, extra, degree };
                if degree * 2 <= empty && degree >= extra.len() as usize {
                    self.add_type3_naked(t);
                }
                if degree * 2 < empty {
                    self.add_type3_hidden(t);
                }
            }
        }
    }

    fn add_type3_naked(&mut self, t: Type3<'_>) {
        let Type3 { grid, lp, shown, cells: (c1, c2), indexes: (i1, i2), house, extra, degree } = t;
        let list = house.cell_list();
        // The subset holds the first extra cell (standing for both, by their
        // extra digits) and not the second.
        for mask in subsets_of(0x1ff & !(1 << i2), degree, Order::Colex).filter(|mask| mask & (1 << i1) != 0) {
            let mut subset = extra.intersection(grid.candidates(c1)).intersection(grid.candidates(c2));
            let mut union = DigitSet::EMPTY;
            let mut all_at_least_two = true;
            let mut others = Vec::with_capacity(degree - 1);
            for (i, &cell) in list.iter().enumerate() {
                if mask & (1 << i) == 0 {
                    continue;
                }
                let digits = if i == i1 { extra } else { grid.candidates(cell) };
                if i != i1 {
                    subset = subset.union(digits);
                    others.push(cell);
                }
                all_at_least_two &= digits.len() >= 2;
                union = union.union(digits);
            }
            if subset.len() as usize != degree || !all_at_least_two || union.len() as usize != degree {
                continue;
            }
            let removals: Vec<Candidate> = list
                .iter()
                .filter(|&&c| c != c1 && c != c2 && !others.contains(&c))
                .flat_map(|&c| grid.candidates(c).intersection(union).iter().map(move |d| Candidate::new(c, d)))
                .collect();
            let kind = LoopKind::Type3Naked { house, others, digits: union };
            self.push(Self::make_type3(kind, lp, shown, union.len(), removals));
        }
    }

    fn add_type3_hidden(&mut self, t: Type3<'_>) {
        let Type3 { grid, lp, shown, cells: (c1, c2), indexes: (i1, i2), house, extra, degree } = t;
        let pair = DigitSet::single(shown.0).union(DigitSet::single(shown.1));
        let rest: Vec<Digit> = DigitSet::ALL.difference(pair).difference(extra).iter().collect();
        // SE's `Permutations` of no digits at all yields nothing, not even
        // the empty set.
        if degree - 2 > rest.len() || rest.is_empty() {
            return;
        }
        let list = house.cell_list();
        // The second extra cell is left out.
        let positions_of = |d: Digit| house.positions(grid.cells_with(d)) & !(1 << i2);
        'subsets: for mask in subsets_of((1 << rest.len()) - 1, degree - 2, Order::Colex) {
            let mut digits = pair;
            for (i, &d) in rest.iter().enumerate() {
                if mask & (1 << i) != 0 {
                    digits.insert(d);
                }
            }
            let mut union = 0u16;
            for d in digits.iter() {
                let p = positions_of(d);
                if p == 0 {
                    continue 'subsets;
                }
                union |= p;
            }
            if union.count_ones() as usize != degree {
                continue;
            }
            let positions = union & !(1 << i1) & !(1 << i2);
            let removals: Vec<Candidate> = (0..9)
                .filter(|i| positions & (1 << i) != 0)
                .map(|i| list[i])
                .filter(|&c| c != c1 && c != c2)
                .flat_map(|c| grid.candidates(c).difference(digits).iter().map(move |d| Candidate::new(c, d)))
                .collect();
            let kind = LoopKind::Type3Hidden { house, digits, positions };
            self.push(Self::make_type3(kind, lp, shown, positions.count_ones(), removals));
        }
    }

    /// Type 4: one digit of the pair is locked to the two extra cells in a
    /// house they share, so the other digit goes from both.
    fn add_type4(&mut self, grid: &Grid, lp: &[Cell], c1: Cell, c2: Cell, pair: DigitSet) {
        let mut digits = pair.iter();
        let (v1, v2) = (digits.next().unwrap(), digits.next().unwrap());
        // SE keeps the last house of each kind it finds, and prefers v1.
        let (mut v1_locked, mut v2_locked) = (false, false);
        for (h1, h2) in HouseOrder::BOXES_ROWS_COLS.of(c1).into_iter().zip(HouseOrder::BOXES_ROWS_COLS.of(c2)) {
            if h1 != h2 {
                continue;
            }
            let mut others = h1.cells();
            others.remove(c1);
            others.remove(c2);
            v1_locked |= others.intersection(grid.cells_with(v1)).is_empty();
            v2_locked |= others.intersection(grid.cells_with(v2)).is_empty();
        }
        let (locked, removed) = if v1_locked {
            (v1, v2)
        } else if v2_locked {
            (v2, v1)
        } else {
            return;
        };
        let removals = vec![Candidate::new(c1, removed), Candidate::new(c2, removed)];
        self.push(Self::make(LoopKind::Type4, lp, (locked, removed), removals));
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// A pencil-mark grid: every cell empty with the candidates 3 to 9 (so
    /// that 1 and 2 are only where a test puts them), then the listed cells
    /// with their own candidates (`"r1c1=12"`).
    pub(crate) fn marks(cells: &[&str]) -> Grid {
        let mut candidates = [DigitSet::from_bits(0b1_1111_1100); 81];
        for spec in cells {
            let (cell, digits) = spec.split_once('=').unwrap();
            let b = cell.as_bytes();
            let c = Cell::at(b[1] - b'1', b[3] - b'1');
            candidates[c.index()] = digits.bytes().map(|d| Digit::new(d - b'0')).collect();
        }
        Grid::from_values_and_candidates(&[0; 81], &candidates)
    }

    fn all_hints(grid: &Grid) -> Vec<SeStep> {
        let mut out = Vec::new();
        let _ = UniqueLoops.hints(grid, &mut |h| {
            out.push(h);
            ControlFlow::Continue(())
        });
        out
    }

    fn at(text: &str) -> Candidate {
        let b = text.as_bytes();
        Candidate::new(Cell::at(b[1] - b'1', b[3] - b'1'), Digit::new(b[5] - b'0'))
    }

    #[test]
    fn rectangle_type_1_removes_the_pair_from_its_fourth_cell() {
        let grid = marks(&["r1c1=12", "r1c4=12", "r2c1=12", "r2c4=123"]);
        let hint = UniqueLoops.first(&grid).expect("a type 1 rectangle");
        assert_eq!(hint.technique.to_string(), "Unique Rectangle type 1");
        assert_eq!(hint.difficulty, 4.5);
        // The walk goes through the block first, then the row.
        assert_eq!(hint.text(), "Unique Rectangle type 1: Cells r1c1,r2c1,r2c4,r1c4 on 1, 2");
        assert_eq!(hint.removals, vec![at("r2c4:1"), at("r2c4:2")]);
        assert_eq!(hint.placement, None);
    }

    #[test]
    fn no_rectangle_across_four_blocks() {
        let grid = marks(&["r1c1=12", "r1c4=12", "r4c1=12", "r4c4=123"]);
        assert!(UniqueLoops.first(&grid).is_none());
    }

    #[test]
    fn rectangle_type_2_removes_the_shared_extra_digit_from_cells_seeing_both() {
        let grid = marks(&["r1c1=12", "r1c4=12", "r2c1=123", "r2c4=123"]);
        let hint = UniqueLoops.first(&grid).expect("a type 2 rectangle");
        assert_eq!(hint.text(), "Unique Rectangle type 2: Cells r1c1,r2c1,r2c4,r1c4 on 1, 2");
        assert_eq!(hint.difficulty, 4.5);
        let expected: Vec<Candidate> =
            ["r2c2", "r2c3", "r2c5", "r2c6", "r2c7", "r2c8", "r2c9"].iter().map(|c| at(&format!("{c}:3"))).collect();
        assert_eq!(hint.removals, expected);
    }

    #[test]
    fn rectangle_type_4_names_the_locked_digit_first() {
        // 1 is elsewhere in row 2 (r2c9), 2 is not: 2 is locked, 1 goes.
        let grid = marks(&["r1c1=12", "r1c4=12", "r2c1=123", "r2c4=124", "r2c9=13"]);
        let hints = all_hints(&grid);
        let type4 = hints.iter().find(|h| h.technique.to_string() == "Unique Rectangle type 4").expect("a type 4");
        assert_eq!(type4.detail.to_string(), "Cells r1c1,r2c1,r2c4,r1c4 on 2, 1");
        assert_eq!(type4.removals, vec![at("r2c1:1"), at("r2c4:1")]);
    }

    #[test]
    fn type_3_naked_pair_earns_its_bonus_and_sorts_after_type_4() {
        // The extra digits 3 and 4 of r2c1, r2c4 pair with r2c9 = 34.
        let grid = marks(&["r1c1=12", "r1c4=12", "r2c1=123", "r2c4=124", "r2c9=34"]);
        let hints = all_hints(&grid);
        let names: Vec<String> = hints.iter().map(|h| h.technique.to_string()).collect();
        assert_eq!(names, ["Unique Rectangle type 4", "Unique Rectangle type 3"]);
        let t3 = &hints[1];
        assert_eq!(t3.difficulty, 4.5 + 0.1);
        assert_eq!(t3.rating(), crate::se_rating::scale::Tenths(46));
        assert_eq!(t3.detail.to_string(), "Cells r1c1,r2c1,r2c4,r1c4 on 1, 2");
        // 3 and 4 leave the other six cells of row 2.
        assert_eq!(t3.removals.len(), 12);
        assert!(t3.removals.contains(&at("r2c2:3")) && t3.removals.contains(&at("r2c8:4")));
    }

    #[test]
    fn a_six_cell_loop_is_named_with_its_size() {
        let grid = marks(&["r1c1=12", "r1c4=12", "r2c4=12", "r2c7=12", "r3c7=12", "r3c1=123"]);
        let hint = UniqueLoops.first(&grid).expect("a loop");
        assert_eq!(hint.text(), "Unique Loop 6 type 1: Cells r1c1,r3c1,r3c7,r2c7,r2c4,r1c4 on 1, 2");
        assert_eq!(hint.difficulty, 4.6);
        assert_eq!(hint.removals, vec![at("r3c1:1"), at("r3c1:2")]);
    }
}
