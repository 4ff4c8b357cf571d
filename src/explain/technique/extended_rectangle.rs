//! Extended Unique Rectangles (SudokuWiki): the unique rectangle's argument
//! on six cells, two rows of one band across three columns (or two columns
//! of one stack across three rows).
//!
//! If the six cells held only three digits, each row's three cells would
//! hold all three and each column's two cells two different ones; swapping
//! the two digits of every column keeps every row, column and box whole
//! (the two rows share their boxes), so a puzzle with one solution cannot
//! come to that, unless one of the cells is a given. Type 1: five cells hold
//! only the three digits, so the sixth holds none of them. Type 2: the other
//! cells hold the three digits and one more, the same in each, so one of
//! them holds it, and the cells that see all of them lose it.

use super::interface::{Finds, Part, Technique};
use crate::algo::memo::Memo;
use crate::explain::catalog::{Descriptor, HintFocus, TechniqueId};
use crate::explain::step::{braces, listing, Step};
use crate::model::cell::{Candidate, Cell};
use crate::model::grid::{common_peers, Grid, House};
use crate::model::sets::{CellSet, DigitSet};
use std::ops::ControlFlow;

/// Extended Unique Rectangle Type 1 or 2.
pub(crate) struct ExtendedRectangle {
    pub(crate) kind: u8,
}

static EXTENDED_RECTANGLE_1: Descriptor = Descriptor::new(
    TechniqueId::ExtendedRectangle1,
    "extended-unique-rectangle-1",
    "Extended Unique Rectangle Type 1",
    4.7,
    110,
    HintFocus::Digits,
    "Six cells of two rows in one band across three columns, five holding only the same three digits: the sixth loses them.",
)
.needing_unique_solution()
.also_called(&["eur1", "extended-rectangle-1", "2x3-rectangle-1"]);

static EXTENDED_RECTANGLE_2: Descriptor = Descriptor::new(
    TechniqueId::ExtendedRectangle2,
    "extended-unique-rectangle-2",
    "Extended Unique Rectangle Type 2",
    4.8,
    110,
    HintFocus::Digits,
    "Six cells of two rows in one band across three columns holding three digits, some with one more digit: cells seeing all of those lose it.",
)
.needing_unique_solution()
.also_called(&["eur2", "extended-rectangle-2", "2x3-rectangle-2"]);

impl Technique for ExtendedRectangle {
    fn descriptor(&self) -> &'static Descriptor {
        if self.kind == 1 {
            &EXTENDED_RECTANGLE_1
        } else {
            &EXTENDED_RECTANGLE_2
        }
    }

    fn search(&self, grid: &Grid, _part: Part<'_>, _memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        for across in [false, true] {
            for band in 0..3u8 {
                for (first, second) in [(0, 1), (0, 2), (1, 2)] {
                    let lines = [band * 3 + first, band * 3 + second];
                    for a in 0..9u8 {
                        for b in a + 1..9 {
                            for c in b + 1..9 {
                                let shape = Shape { across, lines, crosses: [a, b, c] };
                                for step in self.steps(grid, shape) {
                                    finds.step(step)?;
                                }
                            }
                        }
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// Two lines of one band (rows, or columns when `across`) and three
/// crossing lines.
#[derive(Clone, Copy)]
struct Shape {
    across: bool,
    lines: [u8; 2],
    crosses: [u8; 3],
}

impl Shape {
    fn cells(self) -> [Cell; 6] {
        let at = |line: u8, cross: u8| if self.across { Cell::at(cross, line) } else { Cell::at(line, cross) };
        let [l0, l1] = self.lines;
        let [a, b, c] = self.crosses;
        [at(l0, a), at(l0, b), at(l0, c), at(l1, a), at(l1, b), at(l1, c)]
    }

    fn houses(self) -> [House; 2] {
        self.lines.map(|l| if self.across { House::col(l) } else { House::row(l) })
    }

    /// `rows 1 and 2 in columns 1, 4 and 7`.
    fn words(self) -> String {
        let (lines, crosses) = if self.across { ("columns", "rows") } else { ("rows", "columns") };
        let [l0, l1] = self.lines.map(|l| l + 1);
        let [a, b, c] = self.crosses.map(|l| l + 1);
        format!("{lines} {l0} and {l1} in {crosses} {a}, {b} and {c}")
    }
}

impl ExtendedRectangle {
    /// Every instance on the shape's cells: of type 1, the one cell with
    /// digits besides the other five's three; of type 2, for each digit of
    /// the four the cells hold between them, the cells holding it.
    fn steps(&self, grid: &Grid, shape: Shape) -> Vec<Step> {
        let cells = shape.cells();
        // A given (or any digit) in the pattern stops the swap.
        if cells.iter().any(|&c| grid.value(c).is_some()) {
            return Vec::new();
        }
        let of = |c: Cell| grid.candidates(c);
        let mut found = Vec::new();
        if self.kind == 1 {
            for (i, &cell) in cells.iter().enumerate() {
                let three = cells
                    .iter()
                    .enumerate()
                    .filter(|&(k, _)| k != i)
                    .fold(DigitSet::EMPTY, |acc, (_, &c)| acc.union(of(c)));
                let removed = of(cell).intersection(three);
                if three.len() == 3 && !of(cell).difference(three).is_empty() && !removed.is_empty() {
                    let reason = format!(
                        "{}, so {cell}, the only cell with other digits, holds none of the three",
                        swap(shape, three)
                    );
                    found.push(
                        self.base(shape, three)
                            .eliminate_all(removed.iter().map(|d| Candidate::new(cell, d)))
                            .because(reason),
                    );
                }
            }
            return found;
        }
        let four = cells.iter().fold(DigitSet::EMPTY, |acc, &c| acc.union(of(c)));
        if four.len() != 4 {
            return found;
        }
        for x in four.iter() {
            let three = four.difference(DigitSet::single(x));
            let extra: CellSet = cells.iter().copied().filter(|&c| of(c).contains(x)).collect();
            if extra.len() < 2 || extra.len() == 6 {
                continue;
            }
            let targets = common_peers(extra).intersection(grid.cells_with(x)).difference(extra);
            if targets.is_empty() {
                continue;
            }
            let reason = format!(
                "{}, so one of {}, the cells with {x} besides, holds {x}, and cells seeing all of them lose it",
                swap(shape, three),
                listing(extra.iter().map(|c| c.to_string()), "and")
            );
            found.push(
                self.base(shape, three).eliminate_all(targets.iter().map(|c| Candidate::new(c, x))).because(reason),
            );
        }
        found
    }

    fn base(&self, shape: Shape, three: DigitSet) -> Step {
        Step::new(self.descriptor()).pattern(shape.cells(), three, shape.houses())
    }
}

/// Why the six cells cannot hold only the three digits.
fn swap(shape: Shape, three: DigitSet) -> String {
    format!(
        "if the six cells of {} held only {}, each line's three cells would hold all three and each pair across \
         the two lines two different ones, and swapping the two digits of every pair would give a second solution \
         (the two lines share their boxes, and none of the cells is a given); the puzzle has one",
        shape.words(),
        braces(three)
    )
}

#[cfg(test)]
mod tests {
    use super::super::testing::{EverySteps, FirstStep};
    use super::*;

    /// Before step 39 of the solve of top1465.txt #1299.
    const TYPE_1: &str = "+8 69 +7 +4 1 69 +5 +3 +2 26 236 35 8 267 2567 4 9 +1 +4 129 15 +3 29 259 8 6 7 26 5 489 +1 24689 249 +3 +7 89 1 7 489 +5 489 3 +6 +2 89 3 26 89 +7 2689 269 +1 4 +5 5 13 6 2 37 17 +9 +8 +4 +7 +8 13 9 34 14 +2 +5 +6 +9 4 2 6 +5 8 7 +1 +3";
    /// Before step 26 of the solve of top1465.txt #1321.
    const TYPE_2: &str = "234 349 49 358 7 2358 58 +1 +6 123 +7 5 138 6 1238 +9 4 38 13 6 8 1359 359 4 2 +7 35 9 24 24 68 1 68 3 +5 7 7 +1 +6 35 +2 35 48 +9 48 +8 +5 +3 79 4 79 +6 2 1 34 348 1 2 358 357 457 +6 9 5 239 249 167 39 167 17 8 24 +6 289 7 +4 589 159 15 3 25";

    fn grid(position: &str) -> Grid {
        crate::io::Records::new(position.as_bytes()).next().expect("a position").expect("it parses").grid()
    }

    /// The puzzle's one solution, found by the exact solver from the position's digits.
    fn assert_sound(position: &str, step: &Step) {
        let g = grid(position);
        let solution = crate::exact::solution(g.values()).expect("one solution");
        for e in &step.eliminations {
            assert_ne!(solution[e.cell.index()], e.digit.get(), "{}", step.text());
        }
    }

    #[test]
    fn type_1_clears_the_three_digits_from_the_sixth_cell() {
        let step = ExtendedRectangle { kind: 1 }.first(&grid(TYPE_1)).expect("a type 1");
        assert_sound(TYPE_1, &step);
        assert_eq!(step.pattern_text(), "{4,8,9} in r4,r5 (r4c3 r4c5 r4c9 r5c3 r5c5 r5c9)");
        assert_eq!(step.result_text(), "r4c5<>4, r4c5<>8, r4c5<>9");
        assert!(step.reason.contains("rows 4 and 5 in columns 3, 5 and 9"), "{}", step.reason);
        assert!(step.descriptor().needs_unique_solution);
        assert_eq!(
            ExtendedRectangle { kind: 2 }.every(&grid(TYPE_1)).iter().filter(|s| s.cells == step.cells).count(),
            0
        );
    }

    #[test]
    fn type_2_clears_the_extra_digit_from_cells_seeing_every_cell_with_it() {
        let step = ExtendedRectangle { kind: 2 }.first(&grid(TYPE_2)).expect("a type 2");
        assert_sound(TYPE_2, &step);
        assert_eq!(step.pattern_text(), "{2,4,9} in c2,c3 (r1c2 r4c2 r8c2 r1c3 r4c3 r8c3)");
        assert_eq!(step.result_text(), "r7c2<>3");
    }

    /// A given among the six cells: swapping would change it, so no pattern.
    #[test]
    fn a_digit_in_the_cells_stops_the_swap() {
        let g = grid(TYPE_1);
        let mut values = *g.values();
        // r4c3 given as its solution's digit: the five others stay as they are.
        let solution = crate::exact::solution(g.values()).expect("one solution");
        values[Cell::at(3, 2).index()] = solution[Cell::at(3, 2).index()];
        let candidates: [DigitSet; 81] = std::array::from_fn(|i| g.candidates(Cell::new(i as u8)));
        let given = Grid::from_values_and_candidates(&values, &candidates);
        let found = ExtendedRectangle { kind: 1 }.every(&given);
        assert!(found.iter().all(|s| !s.cells.contains(&Cell::at(3, 2))), "{:?}", found.first().map(|s| s.text()));
    }

    /// The type 1 board and its transpose: both found, rows and columns alike.
    #[test]
    fn lists_the_pattern_and_its_transpose() {
        let g = grid(TYPE_1);
        let flipped: [u8; 81] = std::array::from_fn(|i| g.values()[(i % 9) * 9 + i / 9]);
        let candidates: [DigitSet; 81] = std::array::from_fn(|i| g.candidates(Cell::new(((i % 9) * 9 + i / 9) as u8)));
        let transposed = Grid::from_values_and_candidates(&flipped, &candidates);
        let step = ExtendedRectangle { kind: 1 }.first(&transposed).expect("the transposed type 1");
        assert_eq!(step.result_text(), "r5c4<>4, r5c4<>8, r5c4<>9");
        assert!(step.reason.contains("columns 4 and 5 in rows 3, 5 and 9"), "{}", step.reason);
        assert_eq!(ExtendedRectangle { kind: 1 }.every(&g).len(), 1);
    }
}
