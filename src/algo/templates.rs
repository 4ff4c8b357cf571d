//! Templates: the ways one digit can still fill the grid, one place in every
//! row, column and box, using only its candidates and its placed copies.
//!
//! A candidate that lies on some template cannot be removed by any reasoning
//! about that digit alone (fish, finned fish, skyscrapers, kites, empty
//! rectangles, coloring): each of them only uses "every house holds the
//! digit once", which that template obeys. So when every candidate of a
//! digit lies on a template, the single-digit searches can skip the digit.

use crate::model::cell::Digit;
use crate::model::grid::Grid;
use std::sync::OnceLock;

/// The most search nodes spent on one digit before giving up: an answer
/// that is not found in time counts as "maybe removable", which only costs
/// the single-digit searches their usual work.
const NODE_BUDGET: u32 = 20_000;

/// Templates of one digit found by earlier questions. Along a solve a digit
/// only loses places, so most of them stay templates from one step to the
/// next and answer for their cells without a new search.
#[derive(Clone, Debug, Default)]
pub(crate) struct Known(Vec<u128>);

/// The candidates of `digit` that lie on no template (as cell bits): the
/// only ones any reasoning about that digit alone can remove; none at all
/// means no single-digit technique can remove anything. A candidate whose
/// search runs out of budget counts among them, and so do those of
/// `off_before`: cells found on no template at an earlier point of the same
/// solve, where templates only disappear (a search through them would
/// fail again, at the highest cost of any). `known` holds templates from
/// earlier questions about the same digit (any grid); those that still fit
/// are used, and the new ones found are added.
pub(crate) fn places_off_templates(grid: &Grid, digit: Digit, known: &mut Known, off_before: u128) -> u128 {
    let places = grid.cells_with(digit).bits();
    let allowed = places | grid.placed(digit).bits();
    known.0.retain(|&template| template & !allowed == 0);
    let covered = known.0.iter().fold(0, |acc, &t| acc | t);
    let mut rows = [0u16; 9];
    for (r, row) in rows.iter_mut().enumerate() {
        *row = ((places >> (9 * r)) & 0x1ff) as u16;
    }
    for cell in grid.placed(digit).iter() {
        rows[usize::from(cell.row())] = 1 << cell.col();
    }
    let mut off = off_before & places;
    let mut walk = Walk { budget: NODE_BUDGET, uncovered: places & !covered & !off };
    // Rows with the fewest choices first: forced rows fix columns and boxes
    // early and dead ends show up near the root. The row of the place a
    // search goes through has one choice, so it goes first.
    let mut by_choices = [0usize; 9];
    for (i, o) in by_choices.iter_mut().enumerate() {
        *o = i;
    }
    by_choices.sort_by_key(|&r| rows[r].count_ones());
    while walk.uncovered != 0 {
        let cell = walk.uncovered.trailing_zeros() as usize;
        let mut forced = rows;
        forced[cell / 9] = 1 << (cell % 9);
        let mut order = [cell / 9; 9];
        for (slot, &r) in order[1..].iter_mut().zip(by_choices.iter().filter(|&&r| r != cell / 9)) {
            *slot = r;
        }
        match walk.template_through(&forced, &order) {
            Some(template) => {
                walk.uncovered &= !template;
                known.0.push(template);
            }
            None => {
                off |= 1 << cell;
                walk.uncovered &= !(1 << cell);
            }
        }
    }
    off
}

/// Every template of an empty grid, as cell bits: 46,656, made once.
fn every_template() -> &'static [u128] {
    static ALL: OnceLock<Vec<u128>> = OnceLock::new();
    ALL.get_or_init(|| {
        fn extend(row: usize, cols: u16, boxes: u16, cells: u128, all: &mut Vec<u128>) {
            if row == 9 {
                all.push(cells);
                return;
            }
            for col in (0..9).filter(|&c| cols & 1 << c == 0) {
                let b = row / 3 * 3 + col / 3;
                if boxes & 1 << b == 0 {
                    extend(row + 1, cols | 1 << col, boxes | 1 << b, cells | 1 << (9 * row + col), all);
                }
            }
        }
        let mut all = Vec::with_capacity(46_656);
        extend(0, 0, 0, 0, &mut all);
        all
    })
}

/// Each digit's templates at a position, combined over the digits as
/// HoDoKu combines them: a template of one digit that takes a cell another
/// digit holds in every one of its own templates cannot be the solution's,
/// and is dropped, until no more go.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct DigitTemplates {
    /// Per digit, the templates left.
    pub(crate) left: [Vec<u128>; 9],
    /// Per digit, how many templates fit its places and placed cells alone.
    pub(crate) alone: [usize; 9],
    /// Per digit, the cells every template left holds (its placed cells
    /// among them); every cell when none is left.
    pub(crate) common: [u128; 9],
    /// Per digit, the cells some template left holds.
    pub(crate) covered: [u128; 9],
}

impl DigitTemplates {
    /// The templates of every digit of `grid`: those that hold each placed
    /// copy of the digit and otherwise only its candidates, then combined.
    pub(crate) fn of(grid: &Grid) -> DigitTemplates {
        let mut left: [Vec<u128>; 9] = Default::default();
        for digit in Digit::all() {
            let placed = grid.placed(digit).bits();
            let allowed = placed | grid.cells_with(digit).bits();
            left[digit.index()] =
                every_template().iter().copied().filter(|&t| t & placed == placed && t & !allowed == 0).collect();
        }
        let alone = std::array::from_fn(|d| left[d].len());
        let mut common = [0u128; 9];
        loop {
            for (d, templates) in left.iter().enumerate() {
                common[d] = templates.iter().fold(ALL_CELLS, |acc, &t| acc & t);
            }
            let mut dropped = false;
            for d in 0..9 {
                // The cells other digits need.
                let needed = (0..9).filter(|&k| k != d && !left[k].is_empty()).fold(0, |acc, k| acc | common[k]);
                let before = left[d].len();
                left[d].retain(|&t| t & needed == 0);
                dropped |= left[d].len() != before;
            }
            if !dropped {
                break;
            }
        }
        let covered = std::array::from_fn(|d| left[d].iter().fold(0, |acc, &t| acc | t));
        DigitTemplates { left, alone, common, covered }
    }
}

/// The 81 cells, as bits.
const ALL_CELLS: u128 = (1 << 81) - 1;

/// The depth-first search for templates through one digit's places.
struct Walk {
    /// Nodes left to spend.
    budget: u32,
    /// The candidates no template found so far passes through.
    uncovered: u128,
}

impl Walk {
    /// One template within `rows` (each row's allowed columns), as cell
    /// bits: rows in `order`, a column for each, depth-first in a loop: per
    /// depth the columns still to try and what the rows before it took.
    fn template_through(&mut self, rows: &[u16; 9], order: &[usize; 9]) -> Option<u128> {
        // Per depth, the rows after it, as a mask.
        let mut later = [0u16; 10];
        for depth in (0..9).rev() {
            later[depth] = later[depth + 1] | 1 << order[depth];
        }
        let (mut fresh, mut rest) = ([0u16; 9], [0u16; 9]);
        let (mut cols, mut boxes, mut cells) = ([0u16; 10], [0u16; 10], [0u128; 10]);
        let mut depth = 0;
        loop {
            // Entering a node.
            if depth == 9 {
                return Some(cells[9]);
            }
            // A node past the budget, or with a later row left without a
            // column, has nothing to try.
            // All nine rows, with no early exit: which one fails follows no
            // pattern a branch could learn.
            let mut starved = 0u16;
            for (r, &row) in rows.iter().enumerate() {
                starved |= u16::from(row & !cols[depth] == 0) << r;
            }
            let dead = self.budget == 0 || starved & later[depth + 1] != 0;
            if dead {
                (fresh[depth], rest[depth]) = (0, 0);
            } else {
                self.budget -= 1;
                let r = order[depth];
                let free = rows[r] & !cols[depth] & !box_columns(boxes[depth], r);
                // Uncovered places first, so that each template found
                // covers as many new ones as it can and fewer searches are
                // needed.
                fresh[depth] = ((self.uncovered >> (9 * r)) as u16) & free;
                rest[depth] = free & !fresh[depth];
            }
            // The next column at this depth, backing up while none is left.
            loop {
                let left = if fresh[depth] != 0 { &mut fresh[depth] } else { &mut rest[depth] };
                if *left == 0 {
                    if depth == 0 {
                        return None;
                    }
                    depth -= 1;
                    continue;
                }
                let (r, c) = (order[depth], left.trailing_zeros() as usize);
                *left &= *left - 1;
                let b = 1u16 << (r / 3 * 3 + c / 3);
                cols[depth + 1] = cols[depth] | 1 << c;
                boxes[depth + 1] = boxes[depth] | b;
                cells[depth + 1] = cells[depth] | 1u128 << (9 * r + c);
                depth += 1;
                break;
            }
        }
    }
}

/// The columns that the boxes in `boxes` (one bit per box) take from row
/// `r`: those of the boxes in its band.
fn box_columns(boxes: u16, r: usize) -> u16 {
    const SPREAD: [u16; 8] = [0, 0o7, 0o70, 0o77, 0o700, 0o707, 0o770, 0o777];
    SPREAD[usize::from(boxes >> (r / 3 * 3) & 7)]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether every candidate of `digit` lies on some template of it.
    fn all_places_fit(grid: &Grid, digit: Digit, known: &mut Known) -> bool {
        places_off_templates(grid, digit, known, 0) == 0
    }
    use crate::explain::technique::testing::{empty, without};
    use crate::model::cell::Cell;

    #[test]
    fn there_are_46656_templates_each_one_place_per_house() {
        let all = every_template();
        assert_eq!(all.len(), 46_656);
        for &t in all.iter().step_by(997) {
            for house in crate::model::grid::House::all() {
                assert_eq!((t & house.cells().bits()).count_ones(), 1);
            }
        }
    }

    #[test]
    fn a_digit_needed_in_a_cell_takes_it_from_every_other_digits_templates() {
        // 2 can only be in r1c1 within row 1: every template of 2 holds
        // r1c1, so no template of 1 may.
        let removals: Vec<(u8, u8, &str)> = (2..=9).map(|c| (1, c, "2")).collect();
        let grid = without(empty(), &removals);
        let templates = DigitTemplates::of(&grid);
        let r1c1 = 1u128 << Cell::at(0, 0).index();
        assert_eq!(templates.alone[0], 46_656);
        assert_eq!(templates.common[1], r1c1);
        assert_eq!(templates.covered[0] & r1c1, 0);
        assert_eq!(templates.covered[0], ALL_CELLS & !r1c1);
        assert!(templates.left[0].len() < templates.alone[0]);
    }

    #[test]
    fn an_open_digit_fits_everywhere() {
        assert!(all_places_fit(&empty(), Digit::new(5), &mut Known::default()));
    }

    #[test]
    fn an_x_wing_leaves_places_that_fit_no_template() {
        // 7 only in columns 4 and 9 in rows 2 and 6: the other cells of
        // those columns can hold no 7 in any full placement.
        let others = [1, 2, 3, 5, 6, 7, 8];
        let removals: Vec<(u8, u8, &str)> = others.iter().flat_map(|&c| [(2, c, "7"), (6, c, "7")]).collect();
        let grid = without(empty(), &removals);
        assert!(!all_places_fit(&grid, Digit::new(7), &mut Known::default()));
        // The other digits are untouched.
        assert!(all_places_fit(&grid, Digit::new(6), &mut Known::default()));
        // Once the columns are cleared, every place fits again.
        let cleared: Vec<(u8, u8, &str)> =
            [1, 3, 4, 5, 7, 8, 9].iter().flat_map(|&r| [(r, 4, "7"), (r, 9, "7")]).collect();
        assert!(all_places_fit(&without(grid, &cleared), Digit::new(7), &mut Known::default()));
    }

    #[test]
    fn the_places_off_templates_are_what_an_x_wing_removes() {
        let others = [1, 2, 3, 5, 6, 7, 8];
        let removals: Vec<(u8, u8, &str)> = others.iter().flat_map(|&c| [(2, c, "7"), (6, c, "7")]).collect();
        let grid = without(empty(), &removals);
        let off = places_off_templates(&grid, Digit::new(7), &mut Known::default(), 0);
        let expected: u128 = [1, 3, 4, 5, 7, 8, 9]
            .iter()
            .flat_map(|&r| [(r, 4), (r, 9)])
            .fold(0, |acc, (r, c)| acc | 1 << Cell::at(r - 1, c - 1).index());
        assert_eq!(off, expected);
        assert_eq!(places_off_templates(&grid, Digit::new(6), &mut Known::default(), 0), 0);
    }

    #[test]
    fn places_off_templates_earlier_stay_off_later() {
        let others = [1, 2, 3, 5, 6, 7, 8];
        let removals: Vec<(u8, u8, &str)> = others.iter().flat_map(|&c| [(2, c, "7"), (6, c, "7")]).collect();
        let grid = without(empty(), &removals);
        let mut known = Known::default();
        let off = places_off_templates(&grid, Digit::new(7), &mut known, 0);
        // A later point: one more 7 gone from row 1; the earlier answer,
        // handed on, gives what a fresh search gives.
        let later = without(grid, &[(1, 1, "7")]);
        let fresh = places_off_templates(&later, Digit::new(7), &mut Known::default(), 0);
        assert_eq!(places_off_templates(&later, Digit::new(7), &mut known, off), fresh);
        assert_eq!(fresh, off & later.cells_with(Digit::new(7)).bits());
    }

    #[test]
    fn templates_kept_from_earlier_grids_give_the_same_answers() {
        let mut known = Known::default();
        assert!(all_places_fit(&empty(), Digit::new(7), &mut known));
        assert!(!known.0.is_empty());
        let others = [1, 2, 3, 5, 6, 7, 8];
        let removals: Vec<(u8, u8, &str)> = others.iter().flat_map(|&c| [(2, c, "7"), (6, c, "7")]).collect();
        let grid = without(empty(), &removals);
        assert!(!all_places_fit(&grid, Digit::new(7), &mut known));
        // Every template kept fits the grid it was last asked about.
        let allowed = grid.cells_with(Digit::new(7)).bits();
        assert!(known.0.iter().all(|&t| t & !allowed == 0 && t.count_ones() == 9));
        let cleared: Vec<(u8, u8, &str)> =
            [1, 3, 4, 5, 7, 8, 9].iter().flat_map(|&r| [(r, 4, "7"), (r, 9, "7")]).collect();
        assert!(all_places_fit(&without(grid, &cleared), Digit::new(7), &mut known));
    }

    #[test]
    fn placed_copies_fix_their_row_column_and_box() {
        let mut grid = empty();
        grid.place(Cell::at(0, 0), Digit::new(3));
        // Row 5 keeps 3 only in column 1, which the placed 3 already holds
        // (its candidate there is gone): no template exists at all.
        let removals: Vec<(u8, u8, &str)> = (2..=9).map(|c| (5, c, "3")).collect();
        let grid = without(grid, &removals);
        assert!(!all_places_fit(&grid, Digit::new(3), &mut Known::default()));
        // A lone placed copy leaves every other place on some template (its
        // row has no candidate left, so the placed cell must stand in for it).
        let mut open = empty();
        open.place(Cell::at(0, 0), Digit::new(3));
        assert!(all_places_fit(&open, Digit::new(3), &mut Known::default()));
    }
}
