//! SE's "BUG type 1" to "BUG type 4" (Bivalue Universal Grave; SE 1.2.1's
//! `BivalueUniversalGrave` with SukakuExplainer's lkSudoku fix, on by
//! default there and so in the reference ratings).
//!
//! A BUG is a position where, once a few "BUG values" are taken out of a
//! few "BUG cells", every empty cell would hold two candidates and every
//! digit two places in each house: a position with two solutions, so one
//! of the BUG values must stay.
//!
//! Finding the BUG cells (houses as block, row, column; digits 1 to 9):
//! a digit with a number of places other than 0 or 2 in a house points at
//! its one place in a cell of three or more candidates. When it has two or
//! more such places the house cannot tell which is the BUG cell; the
//! lkSudoku fix then takes all of them, provided every such house is about
//! one and the same digit (a type 2 that 1.2.1 missed).

use super::producer::Producer;
use super::scan::removing;
use super::se_step::SeStep;
use super::technique::SeTechnique;
use crate::algo::combinations::{subsets_of, Order};
use crate::model::cell::Candidate;
use crate::model::cell::{Cell, Digit};
use crate::model::grid::{Grid, House};
use crate::model::house_order::HouseOrder;
use crate::model::sets::{CellSet, DigitSet};
use std::ops::ControlFlow;

/// SE's `BivalueUniversalGrave` producer.
pub(crate) struct BivalueUniversalGrave;

impl Producer for BivalueUniversalGrave {
    fn lowest(&self) -> f64 {
        SeTechnique::Bug(1).difficulty()
    }

    fn hints(&self, grid: &Grid, sink: &mut dyn FnMut(SeStep) -> ControlFlow<()>) -> ControlFlow<()> {
        let Some(bug) = Bug::find(grid) else {
            return ControlFlow::Continue(());
        };
        if bug.cells.len() == 1 {
            sink(bug.type1(grid))?;
        } else if bug.all_values.len() == 1 {
            if let Some(hint) = bug.type2(grid) {
                sink(hint)?;
            }
            if bug.cells.len() == 2 {
                bug.type4(grid, sink)?;
            }
        } else if !bug.common.is_empty() {
            if bug.cells.len() == 2 {
                bug.type4(grid, sink)?;
            }
            bug.type3(grid, sink)?;
        }
        ControlFlow::Continue(())
    }
}

/// A BUG pattern: its cells (in the order found), the BUG values of each,
/// all of them, and the cells that see every BUG cell.
struct Bug {
    cells: Vec<Cell>,
    values: [DigitSet; 81],
    all_values: DigitSet,
    common: CellSet,
}

impl Bug {
    fn find(grid: &Grid) -> Option<Bug> {
        let mut bug = Bug {
            cells: Vec::new(),
            values: [DigitSet::EMPTY; 81],
            all_values: DigitSet::EMPTY,
            common: CellSet::EMPTY,
        };
        let mut common: Option<CellSet> = None;
        // The candidates with the BUG values taken out.
        let mut rest = [DigitSet::EMPTY; 81];
        for c in Cell::all() {
            rest[c.index()] = grid.candidates(c);
        }
        // The lkSudoku fix: the multi-cell places of one single digit.
        let mut shared: Option<(CellSet, Digit)> = None;
        let mut one_digit = true;
        for house in HouseOrder::BOXES_ROWS_COLS.houses() {
            for value in Digit::all() {
                let places = grid.house_cells_with(house, value);
                if places.is_empty() || places.len() == 2 {
                    continue;
                }
                let wide: Vec<Cell> = places.iter().filter(|&c| grid.candidates(c).len() >= 3).collect();
                match shared.as_mut() {
                    None => shared = Some((wide.iter().copied().collect(), value)),
                    Some((cells, digit)) if one_digit => {
                        if *digit == value {
                            *cells = cells.union(wide.iter().copied().collect());
                        } else {
                            one_digit = false;
                        }
                    }
                    Some(_) => {}
                }
                if let [cell] = wide[..] {
                    bug.add(cell, value, &mut rest, &mut common);
                    bug.all_values.insert(value);
                    if bug.hopeless(common) {
                        return None;
                    }
                }
                if wide.is_empty() {
                    // A digit off two places with no cell to blame: no BUG.
                    return None;
                }
            }
        }
        if let (true, Some((cells, value))) = (one_digit, shared) {
            for cell in cells.difference(bug.cells.iter().copied().collect()).iter() {
                bug.values[cell.index()] = DigitSet::EMPTY;
                bug.add(cell, value, &mut rest, &mut common);
                if bug.hopeless(common) {
                    return None;
                }
            }
        }
        // Without the BUG values every empty cell holds two candidates...
        if grid.empty_cells().iter().any(|c| rest[c.index()].len() != 2) {
            return None;
        }
        // ...and every digit has two places (or none) in every house.
        for house in HouseOrder::BOXES_ROWS_COLS.houses() {
            for value in Digit::all() {
                let places = house.cells().iter().filter(|c| rest[c.index()].contains(value)).count();
                if places != 0 && places != 2 {
                    return None;
                }
            }
        }
        bug.common = common.unwrap_or(CellSet::EMPTY);
        Some(bug)
    }

    /// Records `value` as a BUG value of `cell`.
    fn add(&mut self, cell: Cell, value: Digit, rest: &mut [DigitSet; 81], common: &mut Option<CellSet>) {
        if !self.cells.contains(&cell) {
            self.cells.push(cell);
        }
        self.values[cell.index()].insert(value);
        rest[cell.index()].remove(value);
        let seen = common.map_or(cell.peers(), |s| s.intersection(cell.peers()));
        *common = Some(seen.difference(self.cells.iter().copied().collect()));
    }

    /// SE gives up as soon as there are two BUG cells, two BUG values and
    /// no cell seeing every BUG cell: none of types 1 to 3 could follow.
    fn hopeless(&self, common: Option<CellSet>) -> bool {
        self.cells.len() > 1 && self.all_values.len() > 1 && common.is_some_and(|s| s.is_empty())
    }

    fn cell_list(&self) -> String {
        self.cells.iter().map(Cell::to_string).collect::<Vec<_>>().join(",")
    }

    /// Type 1: one BUG cell; only its BUG values can stay.
    fn type1(&self, grid: &Grid) -> SeStep {
        let cell = self.cells[0];
        let removals =
            grid.candidates(cell).difference(self.all_values).iter().map(|d| Candidate::new(cell, d)).collect();
        bug_hint(1, removals, cell.to_string())
    }

    /// Type 2: one BUG value in several cells; it goes from every cell that
    /// sees them all.
    fn type2(&self, grid: &Grid) -> Option<SeStep> {
        let value = self.all_values.first()?;
        let removals: Vec<Candidate> =
            self.common.iter().filter(|&c| grid.has_candidate(c, value)).map(|c| Candidate::new(c, value)).collect();
        if removals.is_empty() {
            return None;
        }
        Some(bug_hint(2, removals, format!("{} on {value}", self.cell_list())))
    }

    /// Type 3: the BUG values, as one more cell, form a naked subset with
    /// cells of a house all BUG cells share; its digits go from the rest of
    /// the house. The lkSudoku order: subset size outer, house kind inner.
    fn type3(&self, grid: &Grid, sink: &mut dyn FnMut(SeStep) -> ControlFlow<()>) -> ControlFlow<()> {
        for degree in 2..=6usize {
            for kind in 0..3 {
                let Some(house) = self.shared_house(kind) else {
                    continue;
                };
                let house_cells: Vec<Cell> = self.common.intersection(house.cells()).iter().collect();
                if house_cells.len() < degree {
                    continue;
                }
                for mask in subsets_of((1 << house_cells.len()) - 1, degree - 1, Order::Colex) {
                    let subset: Vec<Cell> =
                        (0..house_cells.len()).filter(|i| mask & (1 << i) != 0).map(|i| house_cells[i]).collect();
                    let mut union = DigitSet::EMPTY;
                    let mut all_at_least_two = self.all_values.len() >= 2;
                    for &c in &subset {
                        let digits = grid.candidates(c);
                        union = union.union(digits);
                        all_at_least_two &= digits.len() >= 2;
                    }
                    if union.len() as usize != degree || !all_at_least_two || union.union(self.all_values) != union {
                        continue;
                    }
                    let removals: Vec<Candidate> = house_cells
                        .iter()
                        .filter(|c| !subset.contains(c))
                        .flat_map(|&c| grid.candidates(c).intersection(union).iter().map(move |d| Candidate::new(c, d)))
                        .collect();
                    if removals.is_empty() {
                        continue;
                    }
                    let detail = format!("{} on {}", self.cell_list(), digit_list(union));
                    let difficulty = SeTechnique::Bug(3).with_set_of(union.len());
                    sink(SeStep { difficulty, ..bug_hint(3, removals, detail) })?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Type 4: two BUG cells in one house share one digit besides the BUG
    /// values; it is locked there, so each cell keeps only its BUG values
    /// and that digit. One hint per house kind they share.
    fn type4(&self, grid: &Grid, sink: &mut dyn FnMut(SeStep) -> ControlFlow<()>) -> ControlFlow<()> {
        let (c1, c2) = (self.cells[0], self.cells[1]);
        let shared = grid.candidates(c1).intersection(grid.candidates(c2)).difference(self.all_values);
        let Some(value) = shared.single_digit() else {
            return ControlFlow::Continue(());
        };
        for kind in 0..3 {
            if self.shared_house(kind).is_none() {
                continue;
            }
            let mut removals = Vec::new();
            for c in [c1, c2] {
                let mut gone = grid.candidates(c).difference(self.values[c.index()]);
                gone.remove(value);
                removals.extend(gone.iter().map(|d| Candidate::new(c, d)));
            }
            // SE would offer an empty hint too; nothing in its producer
            // order can then follow, so it is never the step that counts.
            if removals.is_empty() {
                continue;
            }
            sink(bug_hint(4, removals, format!("{},{} on {value}", c1, c2)))?;
        }
        ControlFlow::Continue(())
    }

    /// The house of kind `kind` (0 block, 1 row, 2 column) that holds every
    /// BUG cell, if there is one.
    fn shared_house(&self, kind: usize) -> Option<House> {
        let house = HouseOrder::BOXES_ROWS_COLS.of(self.cells[0])[kind];
        self.cells.iter().all(|&c| HouseOrder::BOXES_ROWS_COLS.of(c)[kind] == house).then_some(house)
    }
}

/// Digits as SE's `ValuesFormatter` writes them here: "1, 2, 3".
fn digit_list(digits: DigitSet) -> String {
    digits.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ")
}

/// A hint of SE's type `kind`, at the type's rating.
fn bug_hint(kind: u8, removals: Vec<Candidate>, detail: String) -> SeStep {
    removing(SeTechnique::Bug(kind), removals, detail, Vec::new())
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOLVED: &str = "123456789456789123789123456214365897365897214897214365531642978642978531978531642";

    /// A BUG by construction: every cell empty with two candidates, its
    /// digit in a solved grid and the next digit (9 wraps to 1), so that
    /// each digit has two places in every house; then `extras` adds a digit
    /// to a few cells (`("r1c1", 5)`).
    fn bug_grid(extras: &[(&str, u8)]) -> Grid {
        let mut candidates = [DigitSet::EMPTY; 81];
        for (i, b) in SOLVED.bytes().enumerate() {
            let d = b - b'0';
            candidates[i] = [Digit::new(d), Digit::new(d % 9 + 1)].into_iter().collect();
        }
        for &(cell, digit) in extras {
            let b = cell.as_bytes();
            candidates[Cell::at(b[1] - b'1', b[3] - b'1').index()].insert(Digit::new(digit));
        }
        Grid::from_values_and_candidates(&[0; 81], &candidates)
    }

    fn at(text: &str) -> Candidate {
        let b = text.as_bytes();
        Candidate::new(Cell::at(b[1] - b'1', b[3] - b'1'), Digit::new(b[5] - b'0'))
    }

    #[test]
    fn digit_list_separates_with_comma_and_space() {
        let d = |s: &str| s.bytes().map(|b| Digit::new(b - b'0')).collect::<DigitSet>();
        assert_eq!(digit_list(d("89")), "8, 9");
        assert_eq!(digit_list(d("137")), "1, 3, 7");
    }

    #[test]
    fn bug_type_1_keeps_only_the_bug_value() {
        let hint = BivalueUniversalGrave.first(&bug_grid(&[("r1c1", 5)])).expect("BUG type 1");
        assert_eq!(hint.text(), "BUG type 1: r1c1");
        assert_eq!(hint.difficulty, 5.6);
        assert_eq!(hint.removals, vec![at("r1c1:1"), at("r1c1:2")]);
        assert_eq!(hint.placement, None);
    }

    #[test]
    fn bug_type_2_removes_the_value_from_cells_seeing_every_bug_cell() {
        let hint = BivalueUniversalGrave.first(&bug_grid(&[("r1c1", 5), ("r1c2", 5)])).expect("BUG type 2");
        assert_eq!(hint.text(), "BUG type 2: r1c1,r1c2 on 5");
        assert_eq!(hint.difficulty, 5.7);
        assert_eq!(hint.removals, vec![at("r1c4:5"), at("r1c5:5"), at("r2c1:5"), at("r2c2:5")]);
    }

    #[test]
    fn the_lksudoku_fix_takes_cells_no_house_singles_out() {
        // r1c1 shares every house that holds its 7 with another BUG cell:
        // only the fix (one digit throughout) makes it a BUG cell.
        let grid = bug_grid(&[("r1c1", 7), ("r1c2", 7), ("r2c1", 7)]);
        let hint = BivalueUniversalGrave.first(&grid).expect("BUG type 2");
        assert_eq!(hint.text(), "BUG type 2: r2c1,r1c2,r1c1 on 7");
        assert_eq!(hint.removals, vec![at("r2c3:7"), at("r3c1:7")]);
    }

    #[test]
    fn no_bug_without_extra_digits_or_without_a_shared_house() {
        assert!(BivalueUniversalGrave.first(&bug_grid(&[])).is_none());
        // Two BUG cells with different values and no house in common.
        assert!(BivalueUniversalGrave.first(&bug_grid(&[("r1c1", 5), ("r9c9", 8)])).is_none());
    }
}
