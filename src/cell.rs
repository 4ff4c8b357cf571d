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
        self.row() / 3 * 3 + self.col() / 3
    }

    /// The 81 cells in index order.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..81).map(Cell)
    }
}

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
