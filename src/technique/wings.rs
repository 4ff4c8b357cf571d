//! Wings: a pivot cell and two pincers that see it, arranged so that whatever
//! the pivot holds, one of the cells is the same digit `z`.

use super::{Technique, TechniqueId};
use crate::grid::{common_peers, Cell, Digit, Grid, House};
use crate::sets::{CellSet, DigitSet};
use crate::step::{Candidate, Step};

/// Y-Wing (XY-Wing): pivot `xy`, pincers `xz` and `yz` that each see the pivot.
pub struct YWing;

impl Technique for YWing {
    fn id(&self) -> TechniqueId {
        TechniqueId::YWing
    }

    fn find(&self, grid: &Grid) -> Option<Step> {
        Cell::all().filter(|&c| grid.candidates(c).len() == 2).find_map(|pivot| y_wing_at(grid, pivot))
    }
}

fn y_wing_at(grid: &Grid, pivot: Cell) -> Option<Step> {
    let xy = grid.candidates(pivot);
    let mut digits = xy.iter();
    let (x, y) = (digits.next()?, digits.next()?);
    let bivalue: Vec<Cell> = pivot.peers().iter().filter(|&c| grid.candidates(c).len() == 2).collect();
    bivalue.iter().find_map(|&a| {
        let ca = grid.candidates(a);
        let z = ca.difference(xy).single_digit().filter(|_| ca.contains(x))?;
        let yz = pair(y, z);
        bivalue.iter().filter(|&&b| grid.candidates(b) == yz).find_map(|&b| {
            let step = wing_step(grid, TechniqueId::YWing, pivot, [a, b], z)?;
            Some(step.because(format!(
                "whichever of {} {pivot} takes, one of {a} and {b} is {z}, so no cell that sees both can be {z}",
                either(xy)
            )))
        })
    })
}

/// XYZ-Wing: pivot `xyz`, pincers `xz` and `yz` that each see the pivot.
pub struct XyzWing;

impl Technique for XyzWing {
    fn id(&self) -> TechniqueId {
        TechniqueId::XyzWing
    }

    fn find(&self, grid: &Grid) -> Option<Step> {
        Cell::all().filter(|&c| grid.candidates(c).len() == 3).find_map(|pivot| xyz_wing_at(grid, pivot))
    }
}

fn xyz_wing_at(grid: &Grid, pivot: Cell) -> Option<Step> {
    let xyz = grid.candidates(pivot);
    let bivalue: Vec<Cell> = pivot.peers().iter().filter(|&c| grid.candidates(c).len() == 2).collect();
    xyz.iter().find_map(|z| {
        let mut others = xyz.difference(DigitSet::single(z)).iter();
        let (x, y) = (others.next()?, others.next()?);
        let with = |digits: DigitSet| bivalue.iter().copied().filter(move |&c| grid.candidates(c) == digits);
        with(pair(x, z)).find_map(|a| {
            with(pair(y, z)).find_map(|b| {
                let step = wing_step(grid, TechniqueId::XyzWing, pivot, [a, b], z)?;
                Some(step.because(format!(
                    "whichever of {} {pivot} takes, one of {pivot}, {a} and {b} is {z}, \
                     so no cell that sees all three can be {z}",
                    either(xyz)
                )))
            })
        })
    })
}

/// The wing's step without its reason: `z` leaves every cell that sees the
/// pincers and, when the pivot may be `z` itself, the pivot too.
fn wing_step(grid: &Grid, id: TechniqueId, pivot: Cell, pincers: [Cell; 2], z: Digit) -> Option<Step> {
    let mut z_holders: CellSet = pincers.into_iter().collect();
    if grid.has_candidate(pivot, z) {
        z_holders.insert(pivot);
    }
    let targets = common_peers(z_holders).intersection(grid.cells_with(z));
    if targets.is_empty() {
        return None;
    }
    let digits = pincers.iter().fold(grid.candidates(pivot), |acc, &c| acc.union(grid.candidates(c)));
    let mut houses: Vec<House> = pincers.iter().filter_map(|&p| link(pivot, p)).collect();
    houses.dedup();
    Some(Step::new(id).eliminate_all(targets.iter().map(|cell| Candidate::new(cell, z))).pattern(
        [pivot, pincers[0], pincers[1]],
        digits,
        houses,
    ))
}

/// The first of row, column and box that holds both cells.
fn link(a: Cell, b: Cell) -> Option<House> {
    a.houses().into_iter().find(|h| h.cells().contains(b))
}

/// `7 or 9`, `2, 5 or 9`.
fn either(digits: DigitSet) -> String {
    let list: Vec<String> = digits.iter().map(|d| d.to_string()).collect();
    match list.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => list.concat(),
    }
}

fn pair(a: Digit, b: Digit) -> DigitSet {
    DigitSet::single(a).union(DigitSet::single(b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::technique::testing::{assert_agrees_with_solution, pencil};

    /// Every cell open to every digit except the listed `(row, col, candidates)`.
    fn marks(cells: &[(u8, u8, &str)]) -> Grid {
        let mut groups = vec!["123456789"; 81];
        for &(r, c, digits) in cells {
            groups[usize::from((r - 1) * 9 + c - 1)] = digits;
        }
        pencil(&groups.join(" "))
    }

    fn fives(cells: &[(u8, u8)]) -> Vec<Candidate> {
        cells.iter().map(|&(r, c)| Candidate::new(Cell::at(r - 1, c - 1), Digit::new(5))).collect()
    }

    fn digits(list: &[u8]) -> DigitSet {
        list.iter().map(|&d| Digit::new(d)).collect()
    }

    #[test]
    fn y_wing_clears_cells_seeing_both_pincers() {
        let g = marks(&[(5, 5, "79"), (4, 6, "57"), (5, 1, "59")]);
        let step = YWing.find(&g).expect("a Y-Wing");
        assert!(step.placements.is_empty());
        assert_eq!(step.eliminations, fives(&[(4, 1), (4, 2), (4, 3), (5, 4), (5, 6)]));
        assert_eq!(step.cells, [Cell::at(4, 4), Cell::at(3, 5), Cell::at(4, 0)]);
        assert_eq!(step.digits, digits(&[5, 7, 9]));
        assert_eq!(step.houses, [House::block(4), House::row(4)]);
        assert_eq!(
            step.text(),
            "Y-Wing: {5,7,9} in b5,r5 (r5c5 r4c6 r5c1) => r4c1<>5, r4c2<>5, r4c3<>5, r5c4<>5, r5c6<>5. \
             Whichever of 7 or 9 r5c5 takes, one of r4c6 and r5c1 is 5, so no cell that sees both can be 5."
        );
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn y_wing_needs_pincers_on_both_pivot_digits_and_one_z() {
        // r5c1 and r1c5 both hang on 9, and r4c6 would make z = 6 instead of 5.
        let g = marks(&[(5, 5, "79"), (5, 1, "59"), (1, 5, "59"), (4, 6, "67")]);
        assert_eq!(YWing.find(&g), None);
    }

    #[test]
    fn xyz_wing_clears_cells_seeing_all_three() {
        let g = marks(&[(5, 5, "259"), (4, 4, "25"), (5, 1, "59")]);
        let step = XyzWing.find(&g).expect("an XYZ-Wing");
        assert!(step.placements.is_empty());
        assert_eq!(step.eliminations, fives(&[(5, 4), (5, 6)]));
        assert_eq!(step.cells, [Cell::at(4, 4), Cell::at(3, 3), Cell::at(4, 0)]);
        assert_eq!(step.digits, digits(&[2, 5, 9]));
        assert_eq!(step.houses, [House::block(4), House::row(4)]);
        assert_eq!(
            step.reason,
            "whichever of 2, 5 or 9 r5c5 takes, one of r5c5, r4c4 and r5c1 is 5, so no cell that sees all three can be 5"
        );
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn xyz_wing_needs_something_to_eliminate() {
        // The wing of the test above, with 5 already gone from r5c4 and r5c6.
        let g = marks(&[(5, 5, "259"), (4, 4, "25"), (5, 1, "59"), (5, 4, "12346789"), (5, 6, "12346789")]);
        assert_eq!(XyzWing.find(&g), None);
    }
}
