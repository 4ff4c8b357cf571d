//! `Cell` and `Digit`: the two coordinates of a candidate. A leaf module,
//! so that the bitsets of `sets` and the grid of `grid` can both use them.

use std::fmt;

/// One of the 81 cells, numbered row by row from 0.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell(u8);

impl Cell {
    pub const fn new(index: u8) -> Cell {
        assert!(index < 81);
        Cell(index)
    }
    /// The cell at row `row` and column `col`, both counted from 0.
    pub const fn at(row: u8, col: u8) -> Cell {
        Cell::new(row * 9 + col)
    }
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    pub const fn row(self) -> u8 {
        self.0 / 9
    }
    pub const fn col(self) -> u8 {
        self.0 % 9
    }
    pub const fn block(self) -> u8 {
        self.row() / 3 * 3 + self.col() / 3
    }
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
    pub const fn new(d: u8) -> Digit {
        assert!(d >= 1 && d <= 9);
        Digit(d)
    }
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
