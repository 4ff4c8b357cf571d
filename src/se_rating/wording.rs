//! How SE writes cells, digits and houses in its hint texts, and a hint's
//! detail, which most producers write at once and the busiest keep as data.

use crate::model::cell::{Cell, Digit};
use crate::model::grid::House;
use crate::model::sets::{CellSet, DigitSet};
use std::fmt;

/// Cells as SE lists them: `Cell r1c2` or `Cells r1c2,r3c2`.
pub(super) fn cells_text(cells: impl IntoIterator<Item = Cell>) -> String {
    let cells: Vec<Cell> = cells.into_iter().collect();
    let mut text = String::new();
    write_cells(&mut text, cells.len(), cells.into_iter()).expect("a String takes any text");
    text
}

/// Digits as SE lists them: `2,5,6`.
pub(super) fn digits_text(digits: DigitSet) -> String {
    DigitsText(digits).to_string()
}

/// Writes `count` cells as SE lists them.
fn write_cells(f: &mut impl fmt::Write, count: usize, cells: impl Iterator<Item = Cell>) -> fmt::Result {
    f.write_str(if count <= 1 { "Cell " } else { "Cells " })?;
    for (i, cell) in cells.enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        write!(f, "{cell}")?;
    }
    Ok(())
}

struct DigitsText(DigitSet);

impl fmt::Display for DigitsText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, digit) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{}", digit.get())?;
        }
        Ok(())
    }
}

/// What a hint's line says after the technique's name. The nested chains
/// ask the basic rules for thousands of hints a step and read none of
/// their texts, so the rules they ask keep what the text says and it is
/// written only when printed.
#[derive(Clone, Debug, PartialEq)]
pub enum Detail {
    /// Written when found.
    Text(String),
    /// Pointing or claiming: a digit's places in one house, all in another.
    Locked {
        /// The digit's places in `from`.
        cells: CellSet,
        /// The digit.
        digit: Digit,
        /// The house they are the places of.
        from: House,
        /// The crossing house that holds them all.
        to: House,
    },
    /// A naked or hidden set.
    Set {
        /// Its cells.
        cells: CellSet,
        /// Its digits.
        digits: DigitSet,
        /// The house it lies in.
        house: House,
    },
}

impl From<String> for Detail {
    fn from(text: String) -> Detail {
        Detail::Text(text)
    }
}

impl fmt::Display for Detail {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Detail::Text(text) => f.write_str(text),
            Detail::Locked { cells, digit, from, to } => {
                write_cells(f, cells.len() as usize, cells.iter())?;
                write!(f, ": {} in {} and {}", digit.get(), from.kind().se_word(), to.kind().se_word())
            }
            Detail::Set { cells, digits, house } => {
                write_cells(f, cells.len() as usize, cells.iter())?;
                write!(f, ": {} in {}", DigitsText(*digits), house.kind().se_word())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_are_written_as_se_writes_them() {
        assert_eq!(cells_text([Cell::at(0, 1)]), "Cell r1c2");
        assert_eq!(cells_text([Cell::at(0, 1), Cell::at(2, 1)]), "Cells r1c2,r3c2");
        assert_eq!(digits_text([2, 5, 6].into_iter().map(Digit::new).collect()), "2,5,6");
    }

    #[test]
    fn a_detail_kept_as_data_reads_as_the_written_one() {
        let cells: CellSet = [Cell::at(0, 1), Cell::at(2, 1)].into_iter().collect();
        let locked = Detail::Locked { cells, digit: Digit::new(4), from: House::block(0), to: House::col(1) };
        assert_eq!(locked.to_string(), "Cells r1c2,r3c2: 4 in block and column");
        let digits: DigitSet = [3, 7].into_iter().map(Digit::new).collect();
        let set = Detail::Set { cells, digits, house: House::row(4) };
        assert_eq!(set.to_string(), "Cells r1c2,r3c2: 3,7 in row");
        assert_eq!(Detail::from("r1c3: 6 in block".to_string()).to_string(), "r1c3: 6 in block");
    }
}
