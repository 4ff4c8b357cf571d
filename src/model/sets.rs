//! Small typed bitsets: [`DigitSet`], the digits a cell may hold, and
//! [`CellSet`], a set of cells. Both are `Copy`, iterate in order and print
//! their members.
//!
//! ```
//! use sudoku_explained::{Cell, CellSet, Digit, DigitSet, House};
//!
//! let pair: DigitSet = [Digit::new(7), Digit::new(3)].into_iter().collect();
//! assert_eq!(pair.to_string(), "37");
//! assert_eq!(pair.len(), 2);
//! assert!(pair.contains(Digit::new(3)));
//!
//! let corner = House::row(0).cells().intersection(House::col(0).cells());
//! assert_eq!(corner, CellSet::single(Cell::at(0, 0)));
//! assert_eq!(House::block(0).cells().difference(House::row(0).cells()).len(), 6);
//! ```

use crate::model::cell::{Cell, Digit};
use std::fmt;

/// A set of digits 1..=9, one bit each (bit `d - 1`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct DigitSet(u16);

impl DigitSet {
    /// No digit.
    pub const EMPTY: DigitSet = DigitSet(0);
    /// The digits 1 to 9.
    pub const ALL: DigitSet = DigitSet(0x1ff);

    /// The set whose bit `d - 1` is set for each digit `d`; bits past the
    /// ninth are dropped.
    pub const fn from_bits(bits: u16) -> Self {
        DigitSet(bits & 0x1ff)
    }

    /// One bit per digit: bit `d - 1` for digit `d`.
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The set of `d` alone.
    pub fn single(d: Digit) -> Self {
        DigitSet(1 << (d.get() - 1))
    }

    /// Whether `d` is in the set.
    pub fn contains(self, d: Digit) -> bool {
        self.0 & (1 << (d.get() - 1)) != 0
    }

    /// Adds `d`.
    pub fn insert(&mut self, d: Digit) {
        self.0 |= 1 << (d.get() - 1);
    }

    /// Removes `d`.
    pub fn remove(&mut self, d: Digit) {
        self.0 &= !(1 << (d.get() - 1));
    }

    /// The number of digits in the set.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// True for the empty set.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest digit of the set, if any.
    pub fn first(self) -> Option<Digit> {
        (self.0 != 0).then(|| Digit::new(self.0.trailing_zeros() as u8 + 1))
    }

    /// The only digit of a one-digit set.
    pub fn single_digit(self) -> Option<Digit> {
        (self.len() == 1).then(|| self.first()).flatten()
    }

    /// The digits in either set.
    pub const fn union(self, o: DigitSet) -> DigitSet {
        DigitSet(self.0 | o.0)
    }

    /// The digits in both sets.
    pub const fn intersection(self, o: DigitSet) -> DigitSet {
        DigitSet(self.0 & o.0)
    }

    /// The digits of `self` not in `o`.
    pub const fn difference(self, o: DigitSet) -> DigitSet {
        DigitSet(self.0 & !o.0)
    }

    /// The digits in increasing order.
    pub fn iter(self) -> impl Iterator<Item = Digit> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let d = bits.trailing_zeros() as u8 + 1;
            bits &= bits - 1;
            Some(Digit::new(d))
        })
    }
}

impl FromIterator<Digit> for DigitSet {
    fn from_iter<I: IntoIterator<Item = Digit>>(iter: I) -> Self {
        let mut s = DigitSet::EMPTY;
        for d in iter {
            s.insert(d);
        }
        s
    }
}

/// Written as the digits in order, e.g. `37`.
impl fmt::Display for DigitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in self.iter() {
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for DigitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{{self}}}")
    }
}

/// A set of the 81 cells, one bit each.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CellSet(u128);

impl CellSet {
    /// No cell.
    pub const EMPTY: CellSet = CellSet(0);
    /// All 81 cells.
    pub const ALL: CellSet = CellSet((1u128 << 81) - 1);

    /// The set whose bit `i` is set for each cell of index `i`; the bits
    /// must lie below bit 81.
    pub const fn from_bits(bits: u128) -> Self {
        CellSet(bits)
    }

    /// One bit per cell: bit `i` for the cell of index `i`.
    pub const fn bits(self) -> u128 {
        self.0
    }

    /// The set of `c` alone.
    pub fn single(c: Cell) -> Self {
        CellSet(1 << c.index())
    }

    /// Whether `c` is in the set.
    pub fn contains(self, c: Cell) -> bool {
        self.0 & (1 << c.index()) != 0
    }

    /// Adds `c`.
    pub fn insert(&mut self, c: Cell) {
        self.0 |= 1 << c.index();
    }

    /// Removes `c`.
    pub fn remove(&mut self, c: Cell) {
        self.0 &= !(1 << c.index());
    }

    /// The number of cells in the set.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// True for the empty set.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The cell of lowest index, if any.
    pub fn first(self) -> Option<Cell> {
        (self.0 != 0).then(|| Cell::new(self.0.trailing_zeros() as u8))
    }

    /// The cells in either set.
    pub const fn union(self, o: CellSet) -> CellSet {
        CellSet(self.0 | o.0)
    }

    /// The cells in both sets.
    pub const fn intersection(self, o: CellSet) -> CellSet {
        CellSet(self.0 & o.0)
    }

    /// The cells of `self` not in `o`.
    pub const fn difference(self, o: CellSet) -> CellSet {
        CellSet(self.0 & !o.0)
    }

    /// The cells in index order (row by row).
    pub fn iter(self) -> impl Iterator<Item = Cell> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Some(Cell::new(i))
        })
    }
}

impl FromIterator<Cell> for CellSet {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> Self {
        let mut s = CellSet::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

/// Written as the cells in order, separated by spaces.
impl fmt::Display for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{self}]")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digit_set_iterates_in_order() {
        let s: DigitSet = [7, 3, 9].into_iter().map(Digit::new).collect();
        assert_eq!(s.to_string(), "379");
        assert_eq!(s.len(), 3);
        assert_eq!(s.first(), Some(Digit::new(3)));
        assert_eq!(s.single_digit(), None);
        assert_eq!(DigitSet::single(Digit::new(9)).single_digit(), Some(Digit::new(9)));
    }

    #[test]
    fn cell_set_covers_all_81_cells() {
        assert_eq!(CellSet::ALL.len(), 81);
        let last = Cell::new(80);
        assert!(CellSet::ALL.contains(last));
        assert_eq!(CellSet::single(last).to_string(), "r9c9");
    }
}
