//! Naked subsets: cells of a house that between them hold only as many digits
//! as there are cells.

use super::{Technique, TechniqueId};
use crate::grid::{Cell, Grid, House};
use crate::sets::CellSet;
use crate::step::{Candidate, Step};

/// Two cells of a house holding the same two candidates and nothing else.
pub struct NakedPair;

impl Technique for NakedPair {
    fn id(&self) -> TechniqueId {
        TechniqueId::NakedPair
    }

    fn find(&self, grid: &Grid) -> Option<Step> {
        House::rows().chain(House::cols()).chain(House::blocks()).find_map(|house| naked_pair_in(grid, house))
    }
}

fn naked_pair_in(grid: &Grid, house: House) -> Option<Step> {
    let pairs: Vec<Cell> = house.cell_list().into_iter().filter(|&c| grid.candidates(c).len() == 2).collect();
    pairs.iter().enumerate().find_map(|(i, &a)| {
        pairs[i + 1..]
            .iter()
            .filter(|&&b| grid.candidates(b) == grid.candidates(a))
            .find_map(|&b| naked_pair_step(grid, house, a, b))
    })
}

/// The step for the pair `a`, `b` found in `house`: the two digits leave every
/// house the cells share, listed with `house` first, among those that lose something.
fn naked_pair_step(grid: &Grid, house: House, a: Cell, b: Cell) -> Option<Step> {
    let digits = grid.candidates(a);
    let pair: CellSet = [a, b].into_iter().collect();
    let shared = std::iter::once(house).chain(a.houses().into_iter().filter(|&h| h != house && h.cells().contains(b)));
    let mut houses = Vec::new();
    let mut eliminations = Vec::new();
    for h in shared {
        let lost: Vec<Candidate> = h
            .cells()
            .difference(pair)
            .iter()
            .flat_map(|cell| grid.candidates(cell).intersection(digits).iter().map(move |d| Candidate::new(cell, d)))
            .collect();
        if !lost.is_empty() {
            houses.push(h);
            eliminations.extend(lost);
        }
    }
    if eliminations.is_empty() {
        return None;
    }
    let mut pair_digits = digits.iter();
    let (x, y) = (pair_digits.next()?, pair_digits.next()?);
    let names: Vec<String> = houses.iter().map(|h| h.long_name()).collect();
    Some(Step::new(TechniqueId::NakedPair).eliminate_all(eliminations).pattern([a, b], digits, houses).because(
        format!(
            "{a} and {b} hold only {x} and {y}, so those two digits go there and nowhere else in {}",
            names.join(" or ")
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Digit;
    use crate::sets::DigitSet;
    use crate::technique::testing::{assert_agrees_with_solution, empty, without};

    fn both(cell: Cell, x: u8, y: u8) -> [Candidate; 2] {
        [Candidate::new(cell, Digit::new(x)), Candidate::new(cell, Digit::new(y))]
    }

    #[test]
    fn naked_pair_in_a_row() {
        let g = without(empty(), &[(2, 4, "1245689"), (2, 9, "1245689")]);
        let step = NakedPair.find(&g).expect("a naked pair");
        let expected: Vec<Candidate> =
            [1, 2, 3, 5, 6, 7, 8].into_iter().flat_map(|c| both(Cell::at(1, c - 1), 3, 7)).collect();
        assert!(step.placements.is_empty());
        assert_eq!(step.eliminations, expected);
        assert_eq!(step.cells, [Cell::at(1, 3), Cell::at(1, 8)]);
        assert_eq!(step.digits, [3, 7].into_iter().map(Digit::new).collect::<DigitSet>());
        assert_eq!(step.houses, [House::row(1)]);
        assert_eq!(
            step.reason,
            "r2c4 and r2c9 hold only 3 and 7, so those two digits go there and nowhere else in row 2"
        );
        assert!(step.text().starts_with("Naked Pair: {3,7} in r2 (r2c4 r2c9) => r2c1<>3, r2c1<>7, r2c2<>3,"));
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn naked_pair_sharing_a_row_and_a_box_clears_both() {
        let g = without(empty(), &[(2, 7, "2456789"), (2, 9, "2456789")]);
        let step = NakedPair.find(&g).expect("a naked pair");
        assert_eq!(step.houses, [House::row(1), House::block(2)]);
        assert_eq!(step.eliminations.len(), 2 * (7 + 6));
        assert!(step.eliminations.contains(&Candidate::new(Cell::at(0, 8), Digit::new(3))));
        assert!(step.reason.ends_with("nowhere else in row 2 or box 3"));
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn naked_pair_lists_only_houses_that_lose_something() {
        // Row 2 has no other 1 or 3 left, box 3 still has them.
        let mut removals = vec![(2, 7, "2456789"), (2, 9, "2456789")];
        removals.extend([1, 2, 3, 4, 5, 6, 8].map(|c| (2, c, "13")));
        let step = NakedPair.find(&without(empty(), &removals)).expect("a naked pair");
        assert_eq!(step.houses, [House::block(2)]);
        assert_eq!(step.eliminations.len(), 2 * 6);
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn naked_pair_needs_equal_pairs_and_something_to_eliminate() {
        // r2c4 and r2c9 hold {3,7} but row 2 has no other 3 or 7; r5c1 {5,6} and r5c2 {6,7} differ.
        let mut removals = vec![(2, 4, "1245689"), (2, 9, "1245689"), (5, 1, "1234789"), (5, 2, "1234589")];
        removals.extend([1, 2, 3, 5, 6, 7, 8].map(|c| (2, c, "37")));
        assert_eq!(NakedPair.find(&without(empty(), &removals)), None);
    }
}
