//! Fish: a digit confined to the same lines across several parallel lines.

use super::{Technique, TechniqueId};
use crate::grid::{Digit, Grid, House, HouseKind};
use crate::sets::DigitSet;
use crate::step::{Candidate, Step};

/// Two rows where a digit can only be in the same two columns (or the same
/// with rows and columns swapped): those columns need it in these rows.
pub struct XWing;

impl Technique for XWing {
    fn id(&self) -> TechniqueId {
        TechniqueId::XWing
    }

    fn find(&self, grid: &Grid) -> Option<Step> {
        Digit::all()
            .find_map(|digit| x_wing(grid, digit, HouseKind::Row).or_else(|| x_wing(grid, digit, HouseKind::Col)))
    }
}

fn x_wing(grid: &Grid, digit: Digit, base_kind: HouseKind) -> Option<Step> {
    let bases: Vec<(House, u16)> = lines(base_kind)
        .filter(|&line| !grid.house_has_value(line, digit))
        .map(|line| (line, positions(grid, line, digit)))
        .filter(|&(_, mask)| mask.count_ones() == 2)
        .collect();
    bases.iter().enumerate().find_map(|(i, &(first, mask))| {
        bases[i + 1..]
            .iter()
            .filter(|&&(_, other)| other == mask)
            .find_map(|&(second, _)| x_wing_step(grid, digit, [first, second], mask))
    })
}

fn x_wing_step(grid: &Grid, digit: Digit, bases: [House; 2], mask: u16) -> Option<Step> {
    let cover_kind = crossing(bases[0].kind());
    let covers: Vec<House> = (0..9u8).filter(|&i| mask & (1 << i) != 0).map(|i| line(cover_kind, i)).collect();
    let [cover1, cover2] = covers[..] else { return None };
    let base_cells = bases[0].cells().union(bases[1].cells());
    let cover_cells = cover1.cells().union(cover2.cells());
    let targets = cover_cells.difference(base_cells).intersection(grid.cells_with(digit));
    if targets.is_empty() {
        return None;
    }
    let corners = bases.iter().flat_map(|b| b.cell_list().into_iter().filter(|c| cover_cells.contains(*c)));
    let (bases_word, covers_word) = (plural(bases[0].kind()), plural(cover_kind));
    let (b1, b2) = (bases[0].number() + 1, bases[1].number() + 1);
    let (c1, c2) = (cover1.number() + 1, cover2.number() + 1);
    let reason = format!(
        "in {bases_word} {b1} and {b2}, {digit} can only be in {covers_word} {c1} and {c2}, \
         so {digit} can go nowhere else in those {covers_word}"
    );
    Some(
        Step::new(TechniqueId::XWing)
            .eliminate_all(targets.iter().map(|cell| Candidate::new(cell, digit)))
            .pattern(corners, DigitSet::single(digit), [bases[0], bases[1], cover1, cover2])
            .because(reason),
    )
}

fn lines(kind: HouseKind) -> impl Iterator<Item = House> {
    (0..9).map(move |i| line(kind, i))
}

/// The row or column numbered `number`; boxes are never lines.
fn line(kind: HouseKind, number: u8) -> House {
    match kind {
        HouseKind::Col => House::col(number),
        _ => House::row(number),
    }
}

/// Rows cross columns and columns cross rows.
fn crossing(kind: HouseKind) -> HouseKind {
    match kind {
        HouseKind::Row => HouseKind::Col,
        _ => HouseKind::Row,
    }
}

fn plural(kind: HouseKind) -> &'static str {
    match kind {
        HouseKind::Row => "rows",
        HouseKind::Col => "columns",
        HouseKind::Block => "boxes",
    }
}

/// Where `digit` may go along `line`, one bit per position (column of a row, row of a column).
fn positions(grid: &Grid, line: House, digit: Digit) -> u16 {
    line.cell_list().iter().enumerate().filter(|(_, &c)| grid.has_candidate(c, digit)).fold(0, |m, (i, _)| m | 1 << i)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Cell;
    use crate::technique::testing::{assert_agrees_with_solution, empty, without};

    /// Removes `digit` from `(row, col)` pairs counted from 1.
    fn remove(digit: &'static str, cells: impl IntoIterator<Item = (u8, u8)>) -> Vec<(u8, u8, &'static str)> {
        cells.into_iter().map(|(r, c)| (r, c, digit)).collect()
    }

    fn at(cells: &[(u8, u8)]) -> Vec<Cell> {
        cells.iter().map(|&(r, c)| Cell::at(r - 1, c - 1)).collect()
    }

    #[test]
    fn x_wing_on_rows_clears_the_columns() {
        // 7 is left only in columns 4 and 9 in rows 2 and 6.
        let others = [1, 2, 3, 5, 6, 7, 8];
        let removals = remove("7", others.iter().flat_map(|&c| [(2, c), (6, c)]));
        let step = XWing.find(&without(empty(), &removals)).expect("an X-Wing");
        let expected: Vec<Candidate> = [1, 3, 4, 5, 7, 8, 9]
            .iter()
            .flat_map(|&r| [(r, 4), (r, 9)])
            .map(|(r, c)| Candidate::new(Cell::at(r - 1, c - 1), Digit::new(7)))
            .collect();
        assert!(step.placements.is_empty());
        assert_eq!(step.eliminations, expected);
        assert_eq!(step.cells, at(&[(2, 4), (2, 9), (6, 4), (6, 9)]));
        assert_eq!(step.digits, DigitSet::single(Digit::new(7)));
        assert_eq!(step.houses, [House::row(1), House::row(5), House::col(3), House::col(8)]);
        assert_eq!(
            step.text(),
            "X-Wing: 7 in r2,r6,c4,c9 (r2c4 r2c9 r6c4 r6c9) => r1c4<>7, r1c9<>7, r3c4<>7, r3c9<>7, r4c4<>7, \
             r4c9<>7, r5c4<>7, r5c9<>7, r7c4<>7, r7c9<>7, r8c4<>7, r8c9<>7, r9c4<>7, r9c9<>7. \
             In rows 2 and 6, 7 can only be in columns 4 and 9, so 7 can go nowhere else in those columns."
        );
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn x_wing_on_columns_clears_the_rows() {
        // 5 is left only in rows 1 and 5 in columns 1 and 5.
        let others = [2, 3, 4, 6, 7, 8, 9];
        let removals = remove("5", others.iter().flat_map(|&r| [(r, 1), (r, 5)]));
        let step = XWing.find(&without(empty(), &removals)).expect("an X-Wing");
        assert_eq!(step.cells, at(&[(1, 1), (5, 1), (1, 5), (5, 5)]));
        assert_eq!(step.houses, [House::col(0), House::col(4), House::row(0), House::row(4)]);
        assert_eq!(step.eliminations.len(), 14);
        assert!(step.eliminations.iter().all(|e| [0, 4].contains(&e.cell.row()) && ![0, 4].contains(&e.cell.col())));
        assert_eq!(
            step.reason,
            "in columns 1 and 5, 5 can only be in rows 1 and 5, so 5 can go nowhere else in those rows"
        );
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn x_wing_needs_two_places_per_row_and_something_to_eliminate() {
        // Row 2 keeps a third 7 in c6. The 2s in rows 1 and 9 and columns 2
        // and 3 form a complete X-Wing with nothing left to eliminate.
        let mut removals = remove("7", [1, 2, 3, 5, 7, 8].iter().map(|&c| (2, c)));
        removals.extend(remove("7", [1, 2, 3, 5, 6, 7, 8].iter().map(|&c| (6, c))));
        removals.extend(remove("2", [1, 4, 5, 6, 7, 8, 9].iter().flat_map(|&c| [(1, c), (9, c)])));
        removals.extend(remove("2", (2..=8).flat_map(|r| [(r, 2), (r, 3)])));
        assert_eq!(XWing.find(&without(empty(), &removals)), None);
    }
}
