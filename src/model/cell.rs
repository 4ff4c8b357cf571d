//! `Cell` and `Digit`: the two coordinates of a candidate. A leaf module,
//! so that the bitsets of `sets` and the grid of `grid` can both use them.

use std::fmt;

/// One of the 81 cells, numbered row by row from 0.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell(u8);

impl Cell {
    /// The cell whose index is `index` (0..81, row by row).
    ///
    /// # Panics
    ///
    /// When `index` is 81 or more.
    pub const fn new(index: u8) -> Cell {
        assert!(index < 81);
        Cell(index)
    }

    /// The cell at row `row` and column `col`, both counted from 0.
    pub const fn at(row: u8, col: u8) -> Cell {
        Cell::new(row * 9 + col)
    }

    /// The cell's number, 0..81 row by row, for tables indexed by cell.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The row, 0..9 from the top.
    pub const fn row(self) -> u8 {
        self.0 / 9
    }

    /// The column, 0..9 from the left.
    pub const fn col(self) -> u8 {
        self.0 % 9
    }

    /// The box, 0..9 row by row (box 0 top left, box 8 bottom right).
    pub const fn block(self) -> u8 {
        // Read from a table: the chain searches ask it for every link.
        BLOCK_OF[self.0 as usize]
    }

    /// The 81 cells in index order.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..81).map(Cell)
    }
}

/// The box of each cell, by index.
const BLOCK_OF: [u8; 81] = {
    let mut blocks = [0; 81];
    let mut i = 0;
    while i < 81 {
        blocks[i] = (i / 27 * 3 + i % 9 / 3) as u8;
        i += 1;
    }
    blocks
};

/// Written `r4c7`, rows and columns counted from 1.
impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row() + 1, self.col() + 1)
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A digit 1..=9.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Digit(u8);

impl Digit {
    /// The digit `d`.
    ///
    /// # Panics
    ///
    /// When `d` is not in 1..=9.
    pub const fn new(d: u8) -> Digit {
        assert!(d >= 1 && d <= 9);
        Digit(d)
    }

    /// The digit as a number, 1..=9.
    pub const fn get(self) -> u8 {
        self.0
    }

    /// 0..9, for tables indexed by digit.
    pub const fn index(self) -> usize {
        self.0 as usize - 1
    }

    /// The digit whose `index` is `i`.
    pub const fn from_index(i: usize) -> Digit {
        Digit::new(i as u8 + 1)
    }

    /// The digits 1 to 9 in order.
    pub fn all() -> impl Iterator<Item = Digit> {
        (1..=9).map(Digit)
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl fmt::Debug for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A digit in a cell: what a placement puts and an elimination removes.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Candidate {
    /// Where.
    pub cell: Cell,
    /// Which digit.
    pub digit: Digit,
}

impl Candidate {
    /// The candidate `digit` in `cell`.
    pub fn new(cell: Cell, digit: Digit) -> Candidate {
        Candidate { cell, digit }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_cell_s_box_is_that_of_its_row_and_column() {
        for cell in Cell::all() {
            assert_eq!(cell.block(), cell.row() / 3 * 3 + cell.col() / 3, "{cell}");
        }
        assert_eq!((Cell::at(0, 0).block(), Cell::at(4, 5).block(), Cell::at(8, 8).block()), (0, 4, 8));
    }
}
