//! Small typed bitsets: the digits a cell may hold, and a set of cells.

use crate::cell::{Cell, Digit};
use std::fmt;

/// A set of digits 1..=9, one bit each (bit `d - 1`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct DigitSet(u16);

impl DigitSet {
    pub const EMPTY: DigitSet = DigitSet(0);
    pub const ALL: DigitSet = DigitSet(0x1ff);

    pub const fn from_bits(bits: u16) -> Self {
        DigitSet(bits & 0x1ff)
    }
    pub const fn bits(self) -> u16 {
        self.0
    }
    pub fn single(d: Digit) -> Self {
        DigitSet(1 << (d.get() - 1))
    }
    pub fn contains(self, d: Digit) -> bool {
        self.0 & (1 << (d.get() - 1)) != 0
    }
    pub fn insert(&mut self, d: Digit) {
        self.0 |= 1 << (d.get() - 1);
    }
    pub fn remove(&mut self, d: Digit) {
        self.0 &= !(1 << (d.get() - 1));
    }
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }
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
    pub const fn union(self, o: DigitSet) -> DigitSet {
        DigitSet(self.0 | o.0)
    }
    pub const fn intersection(self, o: DigitSet) -> DigitSet {
        DigitSet(self.0 & o.0)
    }
    pub const fn difference(self, o: DigitSet) -> DigitSet {
        DigitSet(self.0 & !o.0)
    }
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
    pub const EMPTY: CellSet = CellSet(0);
    pub const ALL: CellSet = CellSet((1u128 << 81) - 1);

    pub const fn from_bits(bits: u128) -> Self {
        CellSet(bits)
    }
    pub const fn bits(self) -> u128 {
        self.0
    }
    pub fn single(c: Cell) -> Self {
        CellSet(1 << c.index())
    }
    pub fn contains(self, c: Cell) -> bool {
        self.0 & (1 << c.index()) != 0
    }
    pub fn insert(&mut self, c: Cell) {
        self.0 |= 1 << c.index();
    }
    pub fn remove(&mut self, c: Cell) {
        self.0 &= !(1 << c.index());
    }
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub fn first(self) -> Option<Cell> {
        (self.0 != 0).then(|| Cell::new(self.0.trailing_zeros() as u8))
    }
    pub const fn union(self, o: CellSet) -> CellSet {
        CellSet(self.0 | o.0)
    }
    pub const fn intersection(self, o: CellSet) -> CellSet {
        CellSet(self.0 & o.0)
    }
    pub const fn difference(self, o: CellSet) -> CellSet {
        CellSet(self.0 & !o.0)
    }
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
