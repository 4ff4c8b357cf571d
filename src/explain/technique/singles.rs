//! Singles: the last empty cell of a house, a cell left with one candidate,
//! or a digit left with one place in a house.

use super::interface::{Finds, Part, Technique};
use crate::algo::memo::Memo;
use crate::explain::catalog::{Descriptor, Growth, HintFocus, TechniqueId};
use crate::explain::step::Step;
use crate::model::cell::{Cell, Digit};
use crate::model::grid::digit_cells;
use crate::model::grid::{Grid, House};
use crate::model::house_order::HouseOrder;
use crate::model::sets::{CellSet, DigitSet};
use crate::se_rating::technique::{SeTechnique, SingleHouse};
use std::ops::ControlFlow;

/// The last empty cell of a house: it takes the one digit the house lacks.
pub(crate) struct FullHouse;

static FULL_HOUSE: Descriptor = Descriptor::rated_as_se(
    TechniqueId::FullHouse,
    "full-house",
    "Full House",
    SeTechnique::HiddenSingle(SingleHouse::FullHouse),
    4,
    HintFocus::House,
    "The last empty cell of a row, column or box takes the one digit the house lacks.",
)
.a_single();

impl Technique for FullHouse {
    fn descriptor(&self) -> &'static Descriptor {
        &FULL_HOUSE
    }

    /// Boxes, then rows, then columns, like hidden singles.
    fn search(&self, grid: &Grid, _part: Part<'_>, _memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        let empty = grid.empty_cells();
        // Runs before every other technique on every step: a count of
        // empty cells per house, with no iterator in the way.
        for house in HouseOrder::BOXES_ROWS_COLS.houses() {
            if empty.intersection(house.cells()).len() == 1 {
                if let Some(step) = full_house(grid, house, empty) {
                    finds.step(step)?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

fn full_house(grid: &Grid, house: House, empty: CellSet) -> Option<Step> {
    let left = empty.intersection(house.cells());
    if left.len() != 1 {
        return None;
    }
    let cell = left.first()?;
    let placed: DigitSet = house.cell_list().iter().filter_map(|&c| grid.value(c)).collect();
    let digit = DigitSet::ALL.difference(placed).single_digit()?;
    grid.has_candidate(cell, digit).then(|| {
        Step::new(TechniqueId::FullHouse)
            .place(cell, digit)
            .pattern([cell], DigitSet::single(digit), [house])
            .because(format!("{cell} is the last empty cell of {}, which still lacks {digit}", house.long_name()))
    })
}

/// An empty cell whose candidates are down to one digit.
pub(crate) struct NakedSingle;

static NAKED_SINGLE: Descriptor = Descriptor::rated_as_se(
    TechniqueId::NakedSingle,
    "naked-single",
    "Naked Single",
    SeTechnique::NakedSingle,
    4,
    HintFocus::House,
    "A cell left with one candidate takes that digit.",
)
.a_single()
.also_called(&["sole-candidate"]);

impl Technique for NakedSingle {
    fn descriptor(&self) -> &'static Descriptor {
        &NAKED_SINGLE
    }

    fn search(&self, grid: &Grid, _part: Part<'_>, _memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        for cell in Cell::all().filter(|&cell| grid.value(cell).is_none()) {
            if let Some(digit) = grid.candidates(cell).single_digit() {
                finds.step(
                    Step::new(TechniqueId::NakedSingle)
                        .place(cell, digit)
                        .pattern([cell], DigitSet::single(digit), [])
                        .because(format!("{cell} has no other candidate left")),
                )?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// A digit that has one candidate cell left in a house where it is not yet placed.
pub(crate) struct HiddenSingle;

static HIDDEN_SINGLE: Descriptor = Descriptor::rated_as_se(
    TechniqueId::HiddenSingle,
    "hidden-single",
    "Hidden Single",
    SeTechnique::HiddenSingle(SingleHouse::Line),
    14,
    HintFocus::DigitInHouse,
    "A digit with one place left in a row, column or box goes there.",
)
.a_single()
.growing(Growth::BoxOrLine { in_box: SeTechnique::HiddenSingle(SingleHouse::Block).rating() })
.also_called(&["unique-candidate", "pinned-digit"]);

impl Technique for HiddenSingle {
    fn descriptor(&self) -> &'static Descriptor {
        &HIDDEN_SINGLE
    }

    /// Boxes come first: a single hidden in a box is the easier find (and rates lower).
    fn search(&self, grid: &Grid, _part: Part<'_>, _memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        let maps = digit_cells(grid);
        for house in HouseOrder::BOXES_ROWS_COLS.houses() {
            for digit in grid.digits_with_one_place(house).iter() {
                if let Some(step) = hidden_single(grid, &maps, house, digit) {
                    finds.step(step)?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

fn hidden_single(grid: &Grid, maps: &[CellSet; 9], house: House, digit: Digit) -> Option<Step> {
    let places = house.cells().intersection(maps[usize::from(digit.get() - 1)]);
    if places.len() != 1 || grid.house_has_value(house, digit) {
        return None;
    }
    let cell = places.first()?;
    grid.value(cell).is_none().then(|| {
        Step::new(TechniqueId::HiddenSingle)
            .place(cell, digit)
            .pattern([cell], DigitSet::single(digit), [house])
            .because(format!("{digit} can only go in {cell} within {}", house.long_name()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::technique::testing::{assert_agrees_with_solution, empty, grid, without};
    use crate::explain::technique::testing::{EverySteps, FirstStep};
    use crate::model::cell::Candidate;

    #[test]
    fn full_house_fills_the_last_cell_of_a_row() {
        let g = grid(&format!("{}{}", "12345678.", ".".repeat(72)));
        let step = FullHouse.first(&g).expect("a full house");
        assert_eq!(step.placements, [Candidate::new(Cell::at(0, 8), Digit::new(9))]);
        assert!(step.eliminations.is_empty());
        assert_eq!(step.cells, [Cell::at(0, 8)]);
        assert_eq!(step.houses, [House::row(0)]);
        assert_eq!(
            step.text(),
            "Full House: 9 in r1 (r1c9) => r1c9=9. r1c9 is the last empty cell of row 1, which still lacks 9."
        );
        assert_eq!(step.rating(), crate::se_rating::scale::Tenths::of(1.0));
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn full_house_prefers_a_box() {
        // Row 1 and box 1 both have one empty cell left; the box comes first.
        let g = grid(&format!("{}{}{}{}", "12345678.", "456......", "78.......", ".".repeat(54)));
        let step = FullHouse.first(&g).expect("a full house");
        assert_eq!(step.placements, [Candidate::new(Cell::at(2, 2), Digit::new(9))]);
        assert_eq!(step.houses, [House::block(0)]);
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn full_house_needs_exactly_one_empty_cell() {
        // Two cells left in row 1, and a naked single (r2c1) is not a full house.
        let g = without(grid(&format!("{}{}", "1234567..", ".".repeat(72))), &[(2, 1, "2356789")]);
        assert_eq!(FullHouse.first(&g), None);
        assert!(NakedSingle.first(&g).is_some());
    }

    #[test]
    fn naked_single_places_the_last_candidate() {
        let g = without(empty(), &[(4, 7, "12345679")]);
        let step = NakedSingle.first(&g).expect("a naked single");
        assert_eq!(step.placements, [Candidate::new(Cell::at(3, 6), Digit::new(8))]);
        assert!(step.eliminations.is_empty());
        assert_eq!(step.cells, [Cell::at(3, 6)]);
        assert_eq!(step.digits, DigitSet::single(Digit::new(8)));
        assert!(step.houses.is_empty());
        assert_eq!(step.reason, "r4c7 has no other candidate left");
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn naked_single_ignores_filled_pairs_and_emptied_cells() {
        // r1c1 is filled (no candidates), r4c7 keeps two, r5c5 none at all.
        let g = without(grid(&format!("1{}", ".".repeat(80))), &[(4, 7, "1234567"), (5, 5, "123456789")]);
        assert_eq!(NakedSingle.first(&g), None);
    }

    #[test]
    fn hidden_single_in_a_box() {
        let rest_of_box_6 = [(4, 8), (4, 9), (5, 7), (5, 8), (5, 9), (6, 7), (6, 8), (6, 9)];
        let removals: Vec<(u8, u8, &str)> = rest_of_box_6.iter().map(|&(r, c)| (r, c, "8")).collect();
        let step = HiddenSingle.first(&without(empty(), &removals)).expect("a hidden single");
        assert_eq!(step.text(), "Hidden Single: 8 in b6 (r4c7) => r4c7=8. 8 can only go in r4c7 within box 6.");
        assert_eq!(step.houses, [House::block(5)]);
        assert_eq!(step.rating(), crate::se_rating::scale::Tenths::of(1.2));
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn hidden_single_in_a_row() {
        let removals: Vec<(u8, u8, &str)> = (1..=9).filter(|&c| c != 4).map(|c| (3, c, "1")).collect();
        let step = HiddenSingle.first(&without(empty(), &removals)).expect("a hidden single");
        assert_eq!(step.placements, [Candidate::new(Cell::at(2, 3), Digit::new(1))]);
        assert_eq!(step.houses, [House::row(2)]);
        assert_eq!(step.reason, "1 can only go in r3c4 within row 3");
        assert_eq!(step.rating(), crate::se_rating::scale::Tenths::of(1.5));
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn every_single_is_listed() {
        // Row 1 and box 9 each lack one digit: two full houses, boxes first.
        let g = grid(&format!("{}{}{}{}{}", "12345678.", ".".repeat(45), "......912", "......345", "......67."));
        let houses: Vec<Vec<House>> = FullHouse.every(&g).iter().map(|s| s.houses.clone()).collect();
        assert_eq!(houses, [vec![House::block(8)], vec![House::row(0)]]);
        // Two cells down to one candidate.
        let g = without(empty(), &[(4, 7, "12345679"), (9, 1, "23456789")]);
        let placed: Vec<Candidate> = NakedSingle.every(&g).iter().map(|s| s.placements[0]).collect();
        assert_eq!(
            placed,
            [Candidate::new(Cell::at(3, 6), Digit::new(8)), Candidate::new(Cell::at(8, 0), Digit::new(1))]
        );
        // 1 alone in row 3 at r3c4, 2 alone in column 9 at r7c9.
        let mut removals: Vec<(u8, u8, &str)> = (1..=9).filter(|&c| c != 4).map(|c| (3, c, "1")).collect();
        removals.extend((1..=9).filter(|&r| r != 7).map(|r| (r, 9, "2")));
        let steps = HiddenSingle.every(&without(empty(), &removals));
        let placed: Vec<Candidate> = steps.iter().map(|s| s.placements[0]).collect();
        assert_eq!(
            placed,
            [Candidate::new(Cell::at(2, 3), Digit::new(1)), Candidate::new(Cell::at(6, 8), Digit::new(2))]
        );
        steps.iter().for_each(assert_agrees_with_solution);
    }

    #[test]
    fn hidden_single_prefers_a_box_to_an_earlier_row() {
        // 1 is alone in row 1 at r1c1, and 9 alone in box 9 at r7c7.
        let mut removals: Vec<(u8, u8, &str)> = (2..=9).map(|c| (1, c, "1")).collect();
        removals.extend([(7, 8), (7, 9), (8, 7), (8, 8), (8, 9), (9, 7), (9, 8), (9, 9)].map(|(r, c)| (r, c, "9")));
        let step = HiddenSingle.first(&without(empty(), &removals)).expect("a hidden single");
        assert_eq!(step.reason, "9 can only go in r7c7 within box 9");
        assert_eq!(step.houses, [House::block(8)]);
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn hidden_single_needs_exactly_one_place_and_no_placed_digit() {
        // 1 is placed in r1c1; 5 keeps two places in box 5 (r4c4, r6c6); 7 has none left in row 9.
        let mut removals: Vec<(u8, u8, &str)> =
            [(4, 5), (4, 6), (5, 4), (5, 5), (5, 6), (6, 4), (6, 5)].map(|(r, c)| (r, c, "5")).into();
        removals.extend((1..=9).map(|c| (9, c, "7")));
        let g = without(grid(&format!("1{}", ".".repeat(80))), &removals);
        assert_eq!(HiddenSingle.first(&g), None);
    }
}
