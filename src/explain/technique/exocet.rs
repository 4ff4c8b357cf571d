//! Junior Exocet, as the Enjoy Sudoku forum defines it (David P. Bird's
//! JExocet Compendium; SudokuWiki's "Exocet").
//!
//! In a band (three boxes in a row of boxes, or the same across a stack):
//! two *base* cells in one box's mini-line hold three or four digits
//! between them, so two of them. The three *cross-lines* are the columns
//! (across a stack: the rows) of the base box's third cell of that
//! mini-line and of one cell in each other box of the band; in each other
//! box the cross-line's two cells off the base's line are a *target* (some
//! base digit) and its *companion* (no base digit at all), the two targets
//! on different lines. Outside the band, each base digit's places (and
//! digits) in the cross-lines can be covered by two lines, so it lies in at
//! most two of those cells.
//!
//! Why the targets hold the base's two digits: each cross-line needs each
//! base digit the base holds. In the band, the base box's cross-line takes
//! none (the base box and the base's line already hold it), so it lies
//! outside the band, leaving at most one more place outside the band for
//! the other two cross-lines: one of them holds it in the band, off the
//! base's line, not in its companion, so in its target. Both base digits
//! reach a target, and the two targets hold one each.
//!
//! So a target's other candidates go, and a base digit neither target can
//! hold is not in the base.

use super::interface::{Finds, Part, Technique};
use crate::algo::memo::Memo;
use crate::explain::catalog::{Descriptor, HintFocus, TechniqueId};
use crate::explain::parts::PartKind;
use crate::explain::step::{braces, listing, Step};
use crate::model::cell::{Candidate, Cell};
use crate::model::grid::{Grid, House};
use crate::model::sets::DigitSet;
use std::ops::ControlFlow;

/// Junior Exocet: base, targets, companions and the cover of the cross-lines.
pub(crate) struct JuniorExocet;

static JUNIOR_EXOCET: Descriptor = Descriptor::new(
    TechniqueId::JuniorExocet,
    "junior-exocet",
    "Junior Exocet",
    7.5,
    480,
    HintFocus::Nothing,
    "Two base cells in a mini-line hold two of three or four digits; when the cross-lines allow each digit only two places outside the band, the two targets hold those two digits.",
)
.also_called(&["exocet", "jexocet", "je"]);

impl Technique for JuniorExocet {
    fn descriptor(&self) -> &'static Descriptor {
        &JUNIOR_EXOCET
    }

    fn search(&self, grid: &Grid, _part: Part<'_>, _memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        for across in [false, true] {
            for band in 0..3u8 {
                for base_box in 0..3u8 {
                    for line in band * 3..band * 3 + 3 {
                        for third in base_box * 3..base_box * 3 + 3 {
                            let layout = Layout { across, band, line, third };
                            for step in layout.exocets(grid) {
                                finds.step(step)?;
                            }
                        }
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// A base: its band (of rows, or of columns when `across`), the line the
/// base lies on, and the cross-line of the base box's third cell on it.
#[derive(Clone, Copy)]
struct Layout {
    across: bool,
    band: u8,
    line: u8,
    third: u8,
}

impl Layout {
    /// The cell on `line` and cross-line `cross` (row and column, or the
    /// reverse across a stack).
    fn cell(self, line: u8, cross: u8) -> Cell {
        if self.across {
            Cell::at(cross, line)
        } else {
            Cell::at(line, cross)
        }
    }

    /// The house of cross-line `cross`: a column, or a row across a stack.
    fn cross_house(self, cross: u8) -> House {
        if self.across {
            House::row(cross)
        } else {
            House::col(cross)
        }
    }

    /// Every Junior Exocet on this base that removes something.
    fn exocets(self, grid: &Grid) -> Vec<Step> {
        let stack = self.third / 3;
        let base = [0, 1, 2].map(|k| stack * 3 + k).into_iter().filter(|&c| c != self.third);
        let base: Vec<Cell> = base.map(|c| self.cell(self.line, c)).collect();
        if base.iter().any(|&b| grid.value(b).is_some()) {
            return Vec::new();
        }
        let digits = grid.candidates(base[0]).union(grid.candidates(base[1]));
        if !(3..=4).contains(&digits.len()) {
            return Vec::new();
        }
        let others: Vec<u8> = (self.band * 3..self.band * 3 + 3).filter(|&l| l != self.line).collect();
        let stacks: Vec<u8> = (0..3).filter(|&s| s != stack).collect();
        let mut found = Vec::new();
        for q in stacks[0] * 3..stacks[0] * 3 + 3 {
            for r in stacks[1] * 3..stacks[1] * 3 + 3 {
                if !self.covered(grid, digits, [self.third, q, r]) {
                    continue;
                }
                for (first, second) in [(others[0], others[1]), (others[1], others[0])] {
                    let targets = [self.cell(first, q), self.cell(second, r)];
                    let companions = [self.cell(second, q), self.cell(first, r)];
                    let shape = Shape { base: [base[0], base[1]], targets, companions, crosses: [self.third, q, r] };
                    if let Some(step) = self.step(grid, digits, shape) {
                        found.push(step);
                    }
                }
            }
        }
        found
    }

    /// Whether every digit's places and digits in the cross-lines outside
    /// the band can be covered by two lines (rows or columns).
    fn covered(self, grid: &Grid, digits: DigitSet, crosses: [u8; 3]) -> bool {
        digits.iter().all(|d| {
            let cells: Vec<Cell> = crosses
                .iter()
                .flat_map(|&cross| (0..9u8).filter(|l| l / 3 != self.band).map(move |l| self.cell(l, cross)))
                .filter(|&c| grid.value(c) == Some(d) || grid.has_candidate(c, d))
                .collect();
            two_lines_cover(&cells)
        })
    }

    fn step(self, grid: &Grid, digits: DigitSet, shape: Shape) -> Option<Step> {
        let Shape { base, targets, companions, crosses } = shape;
        let holds_base_digit = |c: Cell| grid.value(c).is_some_and(|d| digits.contains(d));
        if targets.iter().any(|&t| grid.value(t).is_some() || grid.candidates(t).intersection(digits).is_empty())
            || companions.iter().any(|&c| holds_base_digit(c) || !grid.candidates(c).intersection(digits).is_empty())
        {
            return None;
        }
        let in_targets = grid.candidates(targets[0]).union(grid.candidates(targets[1])).intersection(digits);
        let mut eliminations: Vec<Candidate> = targets
            .iter()
            .flat_map(|&t| grid.candidates(t).difference(digits).iter().map(move |d| Candidate::new(t, d)))
            .collect();
        let absent = digits.difference(in_targets);
        for &b in &base {
            eliminations.extend(grid.candidates(b).intersection(absent).iter().map(|d| Candidate::new(b, d)));
        }
        if eliminations.is_empty() {
            return None;
        }
        let band = if self.across { "stack" } else { "band" };
        let lines = if self.across { "rows" } else { "columns" };
        let [c0, c1, c2] = crosses.map(|c| c + 1);
        let mut reason = format!(
            "the base cells {} and {} hold two of {}; outside their {band}, each of those digits can be in {lines} \
             {c0}, {c1} and {c2} at most twice (two lines cover its places there), and {lines} {c0} holds it there \
             (its cells in the {band} see the base's digit), so {lines} {c1} or {c2} holds it in the {band}: in the \
             target {} or {} (the companions {} and {} hold no base digit). The targets hold the base's two digits, \
             one each",
            base[0],
            base[1],
            braces(digits),
            targets[0],
            targets[1],
            companions[0],
            companions[1],
        );
        if !absent.is_empty() {
            reason += &format!(
                "; {} in neither target, so not in the base",
                listing(absent.iter().map(|d| d.to_string()), "and")
            );
        }
        let candidates_in = |cells: [Cell; 2]| {
            cells
                .into_iter()
                .flat_map(|c| grid.candidates(c).intersection(digits).iter().map(move |d| Candidate::new(c, d)))
        };
        Some(
            Step::new(TechniqueId::JuniorExocet)
                .eliminate_all(eliminations)
                .pattern(base.into_iter().chain(targets), digits, crosses.map(|c| self.cross_house(c)))
                .part(PartKind::ExocetBase, candidates_in(base))
                .part(PartKind::ExocetTarget, candidates_in(targets))
                .because(reason),
        )
    }
}

/// The cells of one Junior Exocet.
#[derive(Clone, Copy)]
struct Shape {
    base: [Cell; 2],
    targets: [Cell; 2],
    companions: [Cell; 2],
    crosses: [u8; 3],
}

/// Whether two lines (rows or columns, in any mix) cover every cell.
fn two_lines_cover(cells: &[Cell]) -> bool {
    if cells.len() <= 2 {
        return true;
    }
    let lines: Vec<(bool, u8)> = cells.iter().flat_map(|c| [(false, c.row()), (true, c.col())]).collect();
    let on = |c: Cell, (col, n): (bool, u8)| if col { c.col() == n } else { c.row() == n };
    lines.iter().enumerate().any(|(i, &a)| lines[i..].iter().any(|&b| cells.iter().all(|&c| on(c, a) || on(c, b))))
}

#[cfg(test)]
mod tests {
    use super::super::testing::{EverySteps, FirstStep};
    use super::*;

    /// forum-hardest-1106.txt line 6: a Junior Exocet at the start.
    const LINE_6: &str = "........7..4.2.6..8.....31......29...4..9..3...95.6....1......8..6.5.2..7......6.";
    /// forum-hardest-1106.txt line 64: two at the start, across stacks.
    const LINE_64: &str = "....9..5..1.....3...23..7....45...7.8.....2.......64...9..1.....8..6......54....7";

    fn values(line: &str) -> [u8; 81] {
        std::array::from_fn(|i| line.as_bytes()[i].checked_sub(b'0').filter(|d| (1..=9).contains(d)).unwrap_or(0))
    }

    /// No step removes a digit of the puzzle's one solution.
    fn assert_sound(line: &str, step: &Step) {
        let solution = crate::exact::solution(&values(line)).expect("one solution");
        for e in &step.eliminations {
            assert_ne!(solution[e.cell.index()], e.digit.get(), "{}", step.text());
        }
    }

    #[test]
    fn the_targets_keep_only_base_digits() {
        let grid = Grid::from_values(&values(LINE_6));
        let step = JuniorExocet.first(&grid).expect("a Junior Exocet");
        assert_sound(LINE_6, &step);
        assert_eq!(step.pattern_text(), "{1,7,8} in c5,c3,c7 (r5c4 r5c6 r4c3 r6c7)");
        assert_eq!(step.result_text(), "r4c3<>3, r4c3<>5, r6c7<>4");
        assert!(step.reason.contains("the companions r6c3 and r4c7 hold no base digit"), "{}", step.reason);
        let kinds: Vec<PartKind> = step.parts.iter().map(|p| p.kind).collect();
        assert_eq!(kinds, [PartKind::ExocetBase, PartKind::ExocetTarget]);
        assert_eq!(step.rating(), crate::se_rating::scale::Tenths::of(7.5));
    }

    #[test]
    fn lists_both_instances_across_stacks() {
        let grid = Grid::from_values(&values(LINE_64));
        let steps = JuniorExocet.every(&grid);
        let patterns: Vec<String> = steps.iter().map(|s| s.pattern_text()).collect();
        assert_eq!(
            patterns,
            ["{1,6,8,9} in r3,r4,r9 (r1c7 r2c7 r4c9 r9c8)", "{1,6,8,9} in r4,r3,r9 (r5c8 r6c8 r3c9 r9c7)"]
        );
        for step in &steps {
            assert_sound(LINE_64, step);
        }
    }

    #[test]
    fn needs_an_empty_companion_and_two_cover_lines() {
        let grid = Grid::from_values(&values(LINE_6));
        let found =
            |g: &Grid| JuniorExocet.every(g).iter().any(|s| s.pattern_text().ends_with("(r5c4 r5c6 r4c3 r6c7)"));
        assert!(found(&grid));
        // A base digit in the companion r6c3 (given 9; given 8 here instead):
        // its target no longer must hold the digit.
        let mut eight = values(LINE_6);
        eight[Cell::at(5, 2).index()] = 8;
        let changed = Grid::from_values(&eight);
        assert_eq!(
            changed.candidates(Cell::at(4, 3)).union(changed.candidates(Cell::at(4, 5))),
            grid.candidates(Cell::at(4, 3)).union(grid.candidates(Cell::at(4, 5)))
        );
        assert!(!changed.candidates(Cell::at(3, 2)).intersection(changed.candidates(Cell::at(4, 3))).is_empty());
        assert!(!found(&changed));
        // A target without a base digit.
        let base_digits = grid.candidates(Cell::at(4, 3)).union(grid.candidates(Cell::at(4, 5)));
        let candidates: [DigitSet; 81] = std::array::from_fn(|i| {
            let set = grid.candidates(Cell::new(i as u8));
            if i == Cell::at(3, 2).index() {
                set.difference(base_digits)
            } else {
                set
            }
        });
        assert!(!found(&Grid::from_values_and_candidates(grid.values(), &candidates)));
        // The cover of the cross-lines outside the band: it holds here, and
        // not where every cell still has every digit.
        let layout = Layout { across: false, band: 1, line: 4, third: 4 };
        let digits: DigitSet = [1u8, 7, 8].into_iter().map(crate::model::cell::Digit::new).collect();
        assert!(layout.covered(&grid, digits, [4, 2, 6]));
        assert!(!layout.covered(&Grid::empty(), digits, [4, 2, 6]));
    }

    #[test]
    fn two_lines_cover_rows_columns_or_one_of_each() {
        let cells = |list: &[(u8, u8)]| -> Vec<Cell> { list.iter().map(|&(r, c)| Cell::at(r, c)).collect() };
        assert!(two_lines_cover(&cells(&[(0, 2), (0, 4), (7, 6)])));
        assert!(two_lines_cover(&cells(&[(0, 2), (8, 2), (7, 6), (1, 6)])));
        assert!(two_lines_cover(&cells(&[(0, 2), (8, 2), (7, 6), (7, 4)])));
        assert!(!two_lines_cover(&cells(&[(0, 2), (8, 4), (7, 6)])));
    }
}
