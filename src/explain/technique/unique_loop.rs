//! Unique Loops, as Sudoku Explainer defines them: the unique rectangle's
//! argument on a longer loop. Six or more cells that all hold the same two
//! digits a and b, each sharing a house with the next, the cells at odd
//! and at even places each meeting a house at most once and both meeting
//! the same houses. If every cell held only a and b, they could take them
//! alternately either way and the puzzle would have two solutions; so in
//! a puzzle known to have one, the cells holding more keep one of their
//! extra digits. The rectangles (four cells) are the unique rectangles'.

use super::interface::{Finds, Part, Technique};
use super::subsets::with_virtual_cell;
use crate::algo::memo::Memo;
use crate::algo::unique_loops::{is_valid_loop, loops_from};
use crate::explain::catalog::{Descriptor, HintFocus, TechniqueId};
use crate::explain::step::{listing, Step};
use crate::model::cell::{Candidate, Cell, Digit};
use crate::model::grid::{common_peers, Grid, House};
use crate::model::sets::{CellSet, DigitSet};
use std::collections::HashSet;
use std::ops::ControlFlow;

/// Unique Loop of Sudoku Explainer's type `kind` (1 to 4).
pub(crate) struct UniqueLoop {
    pub(crate) kind: u8,
}

static UNIQUE_LOOP_1: Descriptor = Descriptor::new(
    TechniqueId::UniqueLoop1,
    "unique-loop-1",
    "Unique Loop Type 1",
    4.6,
    110,
    HintFocus::Digits,
    "A loop of six or more cells holding the same two digits, one cell holding more: that cell loses the two.",
)
.needing_unique_solution()
.also_called(&["ul1", "ul-1", "unique-loop-type-1"]);

static UNIQUE_LOOP_2: Descriptor = Descriptor::new(
    TechniqueId::UniqueLoop2,
    "unique-loop-2",
    "Unique Loop Type 2",
    4.6,
    110,
    HintFocus::Digits,
    "A loop's cells holding more than its two digits all add the same digit: cells seeing them all lose it.",
)
.needing_unique_solution()
.also_called(&["ul2", "ul-2", "unique-loop-type-2"]);

static UNIQUE_LOOP_3: Descriptor = Descriptor::new(
    TechniqueId::UniqueLoop3,
    "unique-loop-3",
    "Unique Loop Type 3",
    4.8,
    110,
    HintFocus::Digits,
    "A loop's two cells holding more share a house: their extra digits, as one cell, form a naked subset there.",
)
.needing_unique_solution()
.also_called(&["ul3", "ul-3", "unique-loop-type-3"]);

static UNIQUE_LOOP_4: Descriptor = Descriptor::new(
    TechniqueId::UniqueLoop4,
    "unique-loop-4",
    "Unique Loop Type 4",
    4.6,
    110,
    HintFocus::Digits,
    "A loop's two cells holding more share a house where one of its digits has no other place: they lose the other.",
)
.needing_unique_solution()
.also_called(&["ul4", "ul-4", "unique-loop-type-4"]);

impl Technique for UniqueLoop {
    fn descriptor(&self) -> &'static Descriptor {
        match self.kind {
            1 => &UNIQUE_LOOP_1,
            2 => &UNIQUE_LOOP_2,
            3 => &UNIQUE_LOOP_3,
            _ => &UNIQUE_LOOP_4,
        }
    }

    /// Loops from each bivalue cell in cell order, in SE's walk order.
    fn search(&self, grid: &Grid, _part: Part<'_>, _memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        for lp in unique_loops(grid) {
            let extra_cells: Vec<Cell> = lp.cells.iter().copied().filter(|&c| grid.candidates(c).len() > 2).collect();
            let mut take = |step: Step| finds.step(step);
            match (self.kind, &extra_cells[..]) {
                (1, &[cell]) => type_1(grid, &lp, cell, &mut take)?,
                (2, [_, _, ..]) => type_2(grid, &lp, &extra_cells, &mut take)?,
                (3, &[p, q]) => type_3(grid, &lp, [p, q], &mut take)?,
                (4, &[p, q]) => type_4(grid, &lp, [p, q], &mut take)?,
                _ => {}
            }
        }
        ControlFlow::Continue(())
    }
}

/// A loop's cells in walk order and its two digits.
struct Loop {
    cells: Vec<Cell>,
    pair: DigitSet,
}

impl Loop {
    fn digits(&self) -> (Digit, Digit) {
        let mut digits = self.pair.iter();
        (digits.next().expect("two digits"), digits.next().expect("two digits"))
    }

    /// What every type says first.
    fn intro(&self) -> String {
        let (a, b) = self.digits();
        let path: Vec<String> = self.cells.iter().map(Cell::to_string).collect();
        format!(
            "{} is a loop of {} cells holding {a} and {b}, each sharing a house with the next, the loop meeting \
             each house it enters twice; if every cell held only {a} and {b} they could swap, and the puzzle would \
             have two solutions",
            path.join("-"),
            self.cells.len()
        )
    }

    fn houses(&self) -> Vec<House> {
        let mut houses = Vec::new();
        for (i, &cell) in self.cells.iter().enumerate() {
            let next = self.cells[(i + 1) % self.cells.len()];
            if let Some(h) = cell.houses().into_iter().find(|h| h.cells().contains(next)) {
                if !houses.contains(&h) {
                    houses.push(h);
                }
            }
        }
        houses
    }

    fn step(&self, id: TechniqueId, extra: impl IntoIterator<Item = Cell>, digits: DigitSet) -> Step {
        let cells: Vec<Cell> = self.cells.iter().copied().chain(extra).collect();
        Step::new(id).pattern(cells, self.pair.union(digits), self.houses())
    }
}

/// The distinct loops of six or more cells, each once (a walk finds a loop
/// from each of its bivalue cells and in both directions).
fn unique_loops(grid: &Grid) -> Vec<Loop> {
    let mut seen = HashSet::new();
    let mut found = Vec::new();
    for start in Cell::all() {
        let pair = grid.candidates(start);
        if pair.len() != 2 {
            continue;
        }
        for cells in loops_from(grid, start, pair) {
            let set: CellSet = cells.iter().copied().collect();
            if cells.len() >= 6 && is_valid_loop(&cells) && seen.insert((set, pair)) {
                found.push(Loop { cells, pair });
            }
        }
    }
    found
}

/// Type 1: one cell holds more than the pair, so it is neither.
fn type_1(grid: &Grid, lp: &Loop, cell: Cell, take: &mut dyn FnMut(Step) -> ControlFlow<()>) -> ControlFlow<()> {
    let (a, b) = lp.digits();
    let reason = format!("{}; only {cell} holds more, so it is neither {a} nor {b}", lp.intro());
    let eliminations = [Candidate::new(cell, a), Candidate::new(cell, b)];
    take(lp.step(TechniqueId::UniqueLoop1, [], grid.candidates(cell)).eliminate_all(eliminations).because(reason))
}

/// Type 2: the cells holding more all add one digit; one of them holds it.
fn type_2(
    grid: &Grid,
    lp: &Loop,
    extra_cells: &[Cell],
    take: &mut dyn FnMut(Step) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let extras = extra_cells.iter().fold(DigitSet::EMPTY, |d, &c| d.union(grid.candidates(c))).difference(lp.pair);
    let Some(digit) = extras.single_digit() else { return ControlFlow::Continue(()) };
    let cells: CellSet = extra_cells.iter().copied().collect();
    let targets = common_peers(cells).intersection(grid.cells_with(digit));
    if targets.is_empty() {
        return ControlFlow::Continue(());
    }
    let reason = format!(
        "{}; {} hold more, only {digit}, so one of them is {digit}, and cells seeing them all lose {digit}",
        lp.intro(),
        listing(extra_cells.iter(), "and")
    );
    let eliminations = targets.iter().map(|c| Candidate::new(c, digit));
    take(lp.step(TechniqueId::UniqueLoop2, [], extras).eliminate_all(eliminations).because(reason))
}

/// Type 3: the two cells holding more share a house; one of their extra
/// digits is true, so they act as one cell of a naked subset there.
fn type_3(grid: &Grid, lp: &Loop, [p, q]: [Cell; 2], take: &mut dyn FnMut(Step) -> ControlFlow<()>) -> ControlFlow<()> {
    let extras = grid.candidates(p).union(grid.candidates(q)).difference(lp.pair);
    if extras.len() < 2 {
        return ControlFlow::Continue(());
    }
    for house in p.houses().into_iter().filter(|h| h.cells().contains(q)) {
        let open: Vec<(Cell, u16)> = house
            .cell_list()
            .into_iter()
            .filter(|&c| c != p && c != q && grid.candidates(c).len() >= 2)
            .map(|c| (c, grid.candidates(c).bits()))
            .collect();
        let pair_cells: CellSet = [p, q].into_iter().collect();
        with_virtual_cell(grid, house, pair_cells, extras, (&open, 4), &mut |chosen, digits, eliminations| {
            let reason = format!(
                "{}; {p} or {q} must hold one of {}, so together they act as one cell holding them; with {} they \
                 form a naked subset of {} in {}, whose digits go nowhere else there",
                lp.intro(),
                listing(extras.iter(), "or"),
                listing(chosen.iter(), "and"),
                listing(digits.iter(), "and"),
                house.long_name()
            );
            let step = lp.step(TechniqueId::UniqueLoop3, chosen.iter().copied(), digits);
            take(step.eliminate_all(eliminations).because(reason))
        })?;
    }
    ControlFlow::Continue(())
}

/// Type 4: the two cells holding more share a house where one digit of the
/// pair has no other place: one of them holds it, so neither can hold the
/// other digit.
fn type_4(grid: &Grid, lp: &Loop, [p, q]: [Cell; 2], take: &mut dyn FnMut(Step) -> ControlFlow<()>) -> ControlFlow<()> {
    let (a, b) = lp.digits();
    let both: CellSet = [p, q].into_iter().collect();
    for house in p.houses().into_iter().filter(|h| h.cells().contains(q)) {
        for (locked, other) in [(a, b), (b, a)] {
            if grid.house_cells_with(house, locked) != both {
                continue;
            }
            let reason = format!(
                "{}; {p} and {q} hold more and share {}, where {locked} has no other place: one of them is \
                 {locked}, and if the other were {other} the loop could swap, so neither is {other}",
                lp.intro(),
                house.long_name()
            );
            let eliminations = [Candidate::new(p, other), Candidate::new(q, other)];
            let extras = grid.candidates(p).union(grid.candidates(q));
            take(lp.step(TechniqueId::UniqueLoop4, [], extras).eliminate_all(eliminations).because(reason))?;
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::technique::testing::{first_use, EverySteps, FirstStep};
    use crate::explain::technique::uniqueness::UniqueRectangle;

    /// Every cell empty with the candidates 3 to 9 (so that 1 and 2 are
    /// only where a test puts them), but the listed cells (`"r1c1=12"`).
    fn marks(cells: &[&str]) -> Grid {
        let mut candidates = [DigitSet::from_bits(0b1_1111_1100); 81];
        for spec in cells {
            let (cell, digits) = spec.split_once('=').expect("cell=digits");
            let b = cell.as_bytes();
            let c = Cell::at(b[1] - b'1', b[3] - b'1');
            candidates[c.index()] = digits.bytes().map(|d| Digit::new(d - b'0')).collect();
        }
        Grid::from_values_and_candidates(&[0; 81], &candidates)
    }

    /// The six cells r1c1-r3c1-r3c7-r2c7-r2c4-r1c4 hold 1 and 2 (and `last`
    /// in r3c1); every other cell holds 3 to 9.
    const LOOP: [&str; 5] = ["r1c1=12", "r1c4=12", "r2c4=12", "r2c7=12", "r3c7=12"];

    fn six_cells(last: &str) -> Vec<String> {
        LOOP.iter().map(|s| s.to_string()).chain([format!("r3c1={last}")]).collect()
    }

    fn grid_of(specs: &[String]) -> Grid {
        marks(&specs.iter().map(String::as_str).collect::<Vec<_>>())
    }

    #[test]
    fn type_1_on_six_cells() {
        let step = UniqueLoop { kind: 1 }.first(&grid_of(&six_cells("123"))).expect("a unique loop");
        assert_eq!(step.result_text(), "r3c1<>1, r3c1<>2");
        assert_eq!(
            step.reason,
            "r1c1-r3c1-r3c7-r2c7-r2c4-r1c4 is a loop of 6 cells holding 1 and 2, each sharing a house with the \
             next, the loop meeting each house it enters twice; if every cell held only 1 and 2 they could swap, and \
             the puzzle would have two solutions; only r3c1 holds more, so it is neither 1 nor 2"
        );
    }

    #[test]
    fn rectangles_are_left_to_the_unique_rectangles() {
        let grid = marks(&["r1c1=12", "r1c4=12", "r2c1=12", "r2c4=123"]);
        assert!(UniqueRectangle { kind: 1 }.first(&grid).is_some());
        assert_eq!(UniqueLoop { kind: 1 }.first(&grid), None);
    }

    #[test]
    fn a_walk_that_meets_a_house_twice_on_one_side_is_no_loop() {
        // r1c1-r1c4-r2c4-r2c7-r3c7-r3c4: r3c4 and r1c4 (one side) both in
        // column 4, and box 1 met by one side only.
        let grid = marks(&["r1c1=12", "r1c4=12", "r2c4=12", "r2c7=12", "r3c7=12", "r3c4=123"]);
        assert_eq!(UniqueLoop { kind: 1 }.first(&grid), None);
    }

    #[test]
    fn type_1_lists_every_loop() {
        // The same loop in rows 7 to 9, its extra digit in r9c1.
        let mut specs = six_cells("123");
        specs.extend(["r7c1=12", "r7c4=12", "r8c4=12", "r8c7=12", "r9c7=12", "r9c1=124"].map(String::from));
        let results: Vec<String> =
            UniqueLoop { kind: 1 }.every(&grid_of(&specs)).iter().map(Step::result_text).collect();
        for expected in ["r3c1<>1, r3c1<>2", "r9c1<>1, r9c1<>2"] {
            assert!(results.iter().any(|r| r == expected), "{expected} not in {results:?}");
        }
    }

    #[test]
    fn type_2_removes_the_shared_extra_digit() {
        let mut specs: Vec<String> = LOOP[..4].iter().map(|s| s.to_string()).collect();
        specs.extend(["r3c7=125", "r3c1=125"].map(String::from));
        let step = UniqueLoop { kind: 2 }.first(&grid_of(&specs)).expect("a unique loop type 2");
        // r3c7 and r3c1 share row 3 only.
        let expected: Vec<String> = [2, 3, 4, 5, 6, 8, 9].iter().map(|c| format!("r3c{c}<>5")).collect();
        assert_eq!(step.result_text(), expected.join(", "));
        assert_eq!(UniqueLoop { kind: 1 }.first(&grid_of(&specs)), None);
    }

    #[test]
    fn type_3_makes_a_naked_subset_with_the_extra_digits() {
        let mut specs: Vec<String> = LOOP[..4].iter().map(|s| s.to_string()).collect();
        specs.extend(["r3c7=123", "r3c1=124", "r3c5=34"].map(String::from));
        let step = UniqueLoop { kind: 3 }.first(&grid_of(&specs)).expect("a unique loop type 3");
        let expected: Vec<String> = [2, 3, 4, 6, 8, 9].iter().map(|c| format!("r3c{c}<>3, r3c{c}<>4")).collect();
        assert_eq!(step.result_text(), expected.join(", "));
    }

    #[test]
    fn type_4_removes_the_other_digit_where_one_is_locked() {
        // 1 in row 3 only in r3c7 and r3c1 (the other cells hold 3 to 9).
        let mut specs: Vec<String> = LOOP[..4].iter().map(|s| s.to_string()).collect();
        specs.extend(["r3c7=123", "r3c1=124"].map(String::from));
        let step = UniqueLoop { kind: 4 }.first(&grid_of(&specs)).expect("a unique loop type 4");
        assert_eq!(step.result_text(), "r3c1<>2, r3c7<>2");
        // With 1 and 2 elsewhere in row 3, nothing.
        specs.push("r3c5=127".to_string());
        assert_eq!(UniqueLoop { kind: 4 }.first(&grid_of(&specs)), None);
    }

    /// Each type at the first position of a top1465.txt solve that takes it:
    /// the search finds the driver's step, and it keeps the solution.
    #[test]
    fn each_type_on_a_public_puzzle() {
        for (kind, puzzle) in [
            (
                TechniqueId::UniqueLoop1,
                "...2.9...9......7..746..........35...48.6...3..68..2.........3.8..1....5.17.9....",
            ),
            (
                TechniqueId::UniqueLoop2,
                "...9....7....1.38....5..2..8.7.6...9...1..7....4.....5.1..8....32.....6.6........",
            ),
            (
                TechniqueId::UniqueLoop3,
                "......8....9..852.4...9.......5...6.1..6.4..37....2....63.............39......1.7",
            ),
            (
                TechniqueId::UniqueLoop4,
                "..9.......2.39....6....2..1.1...7.288......5....9...6...5.........4.1....7...83.6",
            ),
        ] {
            let (grid, driver_step) = first_use(puzzle, kind);
            let kind_number = match kind {
                TechniqueId::UniqueLoop1 => 1,
                TechniqueId::UniqueLoop2 => 2,
                TechniqueId::UniqueLoop3 => 3,
                _ => 4,
            };
            assert_eq!(UniqueLoop { kind: kind_number }.first(&grid), Some(driver_step.clone()));
            let solution = crate::exact::backtrack::count_by_backtracking(grid.values(), 2).1[0];
            for e in &driver_step.eliminations {
                assert_ne!(solution[e.cell.index()], e.digit.get(), "{}", driver_step.text());
            }
        }
    }
}
