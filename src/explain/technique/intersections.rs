//! Intersections of a box and a line: when a digit's places in one of them all
//! fall inside the other, the rest of the other cannot hold it.

use super::interface::{Finds, Part, Scope, Since, Technique};
use crate::algo::memo::Memo;
use crate::explain::catalog::{Descriptor, HintFocus, TechniqueId};
use crate::explain::step::Step;
use crate::model::cell::Candidate;
use crate::model::cell::{Cell, Digit};
use crate::model::grid::digit_cells;
use crate::model::grid::{Grid, House};
use crate::model::sets::{CellSet, DigitSet};
use crate::se_rating::technique::SeTechnique;
use std::ops::ControlFlow;

/// Pointing: a digit's places in a box all lie in one row or column.
pub(crate) struct Pointing;

static POINTING: Descriptor = Descriptor::rated_as_se(
    TechniqueId::Pointing,
    "pointing",
    "Pointing",
    SeTechnique::Pointing,
    50,
    HintFocus::DigitInHouse,
    "A digit confined to one row or column within a box leaves the rest of that line.",
)
.also_called(&[
    "locked-candidates-1",
    "locked-candidates-type-1",
    "lc1",
    "pointing-pair",
    "pointing-triple",
    "pointing-pairs",
]);

impl Technique for Pointing {
    fn descriptor(&self) -> &'static Descriptor {
        &POINTING
    }

    fn scope(&self) -> Scope {
        Scope::Cells
    }

    /// Sections: each box with each digit; the pattern is the box.
    fn search(&self, grid: &Grid, part: Part<'_>, _memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        each_confined(grid, part.since(), House::blocks(), finds, |map, block, first, digit| {
            // Two places or more lie in one line at most.
            [House::row(first.row()), House::col(first.col())]
                .into_iter()
                .find_map(|line| confined(TechniqueId::Pointing, map, block, line, digit))
        })
    }
}

/// Claiming: a digit's places in a row or column all lie in one box.
pub(crate) struct Claiming;

static CLAIMING: Descriptor = Descriptor::rated_as_se(
    TechniqueId::Claiming,
    "claiming",
    "Claiming",
    SeTechnique::Claiming,
    50,
    HintFocus::DigitInHouse,
    "A digit confined to one box within a row or column leaves the rest of that box.",
)
.also_called(&[
    "locked-candidates-2",
    "locked-candidates-type-2",
    "lc2",
    "box-line-reduction",
    "box-line",
    "claiming-pair",
    "claiming-triple",
]);

impl Technique for Claiming {
    fn descriptor(&self) -> &'static Descriptor {
        &CLAIMING
    }

    fn scope(&self) -> Scope {
        Scope::Cells
    }

    /// Sections: each row, then each column, with each digit; the pattern
    /// is the line.
    fn search(&self, grid: &Grid, part: Part<'_>, _memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        each_confined(grid, part.since(), House::rows().chain(House::cols()), finds, |map, line, first, digit| {
            confined(TechniqueId::Claiming, map, line, House::block(first.block()), digit)
        })
    }
}

/// Hands `finds` every step `step` finds over `houses`, each with each
/// digit (one section per pair, nine per house), looking only where a house
/// has a changed cell in the sections not known clean. `step` gets the
/// digit's places, the house, the digit's first place in it and the digit.
fn each_confined(
    grid: &Grid,
    since: &Since,
    houses: impl Iterator<Item = House>,
    finds: &mut Finds<'_>,
    step: impl Fn(CellSet, House, Cell, Digit) -> Option<Step>,
) -> ControlFlow<()> {
    let maps = digit_cells(grid);
    for (h, house) in houses.enumerate() {
        // Its last section tells whether any of the house's can be skipped.
        if house.cells().intersection(since.touch(h * 9 + 8)).is_empty() {
            continue;
        }
        for digit in Digit::all() {
            let section = h * 9 + digit.index();
            if house.cells().intersection(since.touch(section)).is_empty() {
                continue;
            }
            let map = maps[digit.index()];
            let Some(first) = house.cells().intersection(map).first() else { continue };
            if let Some(found) = step(map, house, first, digit) {
                finds.step_in(section, found)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// The step when `digit`'s places in `from` all lie in `to` and some cell of
/// `to` outside `from` still has it; `map` holds the digit's places in the grid.
fn confined(id: TechniqueId, map: CellSet, from: House, to: House, digit: Digit) -> Option<Step> {
    let places = from.cells().intersection(map);
    // One place is a hidden single, not an intersection.
    if places.len() < 2 || !places.difference(to.cells()).is_empty() {
        return None;
    }
    let targets = to.cells().intersection(map).difference(from.cells());
    if targets.is_empty() {
        return None;
    }
    let (from_name, to_name) = (from.long_name(), to.long_name());
    Some(
        Step::new(id)
            .eliminate_all(targets.iter().map(|cell| Candidate::new(cell, digit)))
            .pattern(places.iter(), DigitSet::single(digit), [from, to])
            .because(format!(
                "in {from_name}, {digit} can only be in {to_name}, so {digit} can go nowhere else in {to_name}"
            )),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::technique::testing::{assert_agrees_with_solution, empty, without};
    use crate::explain::technique::testing::{EverySteps, FirstStep};
    use crate::model::cell::Cell;

    /// `digit` removed from the listed `(row, col)` cells, counted from 1.
    fn remove(digit: &'static str, cells: impl IntoIterator<Item = (u8, u8)>) -> Vec<(u8, u8, &'static str)> {
        cells.into_iter().map(|(r, c)| (r, c, digit)).collect()
    }

    fn sevens(row: u8, cols: std::ops::RangeInclusive<u8>) -> Vec<Candidate> {
        cols.map(|c| Candidate::new(Cell::at(row - 1, c - 1), Digit::new(7))).collect()
    }

    #[test]
    fn pointing_clears_the_rest_of_the_row() {
        // In box 1, 7 is left only in r3c1 and r3c2.
        let removals = remove("7", [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3), (3, 3)]);
        let step = Pointing.first(&without(empty(), &removals)).expect("a pointing");
        assert!(step.placements.is_empty());
        assert_eq!(step.eliminations, sevens(3, 4..=9));
        assert_eq!(step.cells, [Cell::at(2, 0), Cell::at(2, 1)]);
        assert_eq!(step.digits, DigitSet::single(Digit::new(7)));
        assert_eq!(step.houses, [House::block(0), House::row(2)]);
        assert_eq!(
            step.text(),
            "Pointing: 7 in b1,r3 (r3c1 r3c2) => r3c4<>7, r3c5<>7, r3c6<>7, r3c7<>7, r3c8<>7, r3c9<>7. \
             In box 1, 7 can only be in row 3, so 7 can go nowhere else in row 3."
        );
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn pointing_along_a_column() {
        // In box 5, 3 is left only in r5c5 and r6c5.
        let removals = remove("3", [(4, 4), (4, 5), (4, 6), (5, 4), (5, 6), (6, 4), (6, 6)]);
        let step = Pointing.first(&without(empty(), &removals)).expect("a pointing");
        assert_eq!(step.houses, [House::block(4), House::col(4)]);
        let outside: Vec<Candidate> =
            [1, 2, 3, 7, 8, 9].map(|r| Candidate::new(Cell::at(r - 1, 4), Digit::new(3))).into();
        assert_eq!(step.eliminations, outside);
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn pointing_lists_both_instances() {
        // 7 in box 1 on row 3, and 3 in box 5 on column 5.
        let mut removals = remove("7", [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3), (3, 3)]);
        removals.extend(remove("3", [(4, 4), (4, 5), (4, 6), (5, 4), (5, 6), (6, 4), (6, 6)]));
        let steps = Pointing.every(&without(empty(), &removals));
        let houses: Vec<_> = steps.iter().map(|s| s.houses.clone()).collect();
        assert_eq!(houses, [vec![House::block(0), House::row(2)], vec![House::block(4), House::col(4)]]);
    }

    #[test]
    fn pointing_needs_something_to_eliminate() {
        // 7 in box 1 lies in row 3, but row 3 has no other 7; boxes 2 and 3 keep two rows.
        let mut removals = remove("7", [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3), (3, 3)]);
        removals.extend(remove("7", (4..=9).map(|c| (3, c))));
        assert_eq!(Pointing.first(&without(empty(), &removals)), None);
    }

    #[test]
    fn claiming_clears_the_rest_of_the_box() {
        // In row 3, 7 is left only in r3c1 and r3c2, both in box 1.
        let removals = remove("7", (3..=9).map(|c| (3, c)));
        let step = Claiming.first(&without(empty(), &removals)).expect("a claiming");
        assert!(step.placements.is_empty());
        let mut expected = sevens(1, 1..=3);
        expected.extend(sevens(2, 1..=3));
        assert_eq!(step.eliminations, expected);
        assert_eq!(step.cells, [Cell::at(2, 0), Cell::at(2, 1)]);
        assert_eq!(step.digits, DigitSet::single(Digit::new(7)));
        assert_eq!(step.houses, [House::row(2), House::block(0)]);
        assert_eq!(step.reason, "in row 3, 7 can only be in box 1, so 7 can go nowhere else in box 1");
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn claiming_lists_both_instances() {
        // 7 in row 3 within box 1, and 7 in column 8 within box 9.
        let mut removals = remove("7", (3..=9).map(|c| (3, c)));
        removals.extend(remove("7", (1..=6).map(|r| (r, 8))));
        let steps = Claiming.every(&without(empty(), &removals));
        let houses: Vec<_> = steps.iter().map(|s| s.houses.clone()).collect();
        assert_eq!(houses, [vec![House::row(2), House::block(0)], vec![House::col(7), House::block(8)]]);
    }

    #[test]
    fn claiming_needs_one_box_and_something_to_eliminate() {
        // Row 3 keeps 7 in boxes 1 and 2; row 5 keeps it in box 4 only, which has no other 7.
        let mut removals = remove("7", [2, 3, 5, 6, 7, 8, 9].map(|c| (3, c)));
        removals.extend(remove("7", [(4, 1), (4, 2), (4, 3), (6, 1), (6, 2), (6, 3)]));
        removals.extend(remove("7", [1, 4, 5, 6, 7, 8, 9].map(|c| (5, c))));
        assert_eq!(Claiming.first(&without(empty(), &removals)), None);
    }
}
