//! A producer's hint: what it removes, what it places, how hard it is.

use super::technique::SeTechnique;
use super::wording::Detail;
use crate::model::cell::Candidate;
use crate::model::cell::{Cell, Digit};
use crate::model::grid::Grid;
use crate::model::sets::{CellSet, DigitSet};
use crate::se_rating::scale::Tenths;

/// One step SE would take: data only; [`SeStep::apply`] is the only place a
/// grid changes.
#[derive(Clone, Debug, PartialEq)]
pub struct SeStep {
    /// The technique, which `Display` writes as SE names it.
    pub technique: SeTechnique,
    /// The rating, as SE computes it (a sum of the same `f64` terms).
    pub difficulty: f64,
    /// The candidates it removes, in the order SE lists them.
    pub removals: Vec<Candidate>,
    /// The digit it places, if any (every direct technique, the singles,
    /// and a chain whose conclusion is "on").
    pub placement: Option<(Cell, Digit)>,
    /// The step as SE writes it after the technique's name and a colon
    /// ("r1c3: 6 in block"), so that a path compares line by line with SE's.
    pub detail: Detail,
    /// For the nested chains: the candidates whose absence this hint relies
    /// on, as sets of cells and the digits they must have lost (SE's "rule
    /// parents"). A candidate counts when the grid a chain started from had
    /// it and the grid the hint was found in does not.
    pub relies_on_absence: Vec<(CellSet, DigitSet)>,
}

impl SeStep {
    /// The rating as SE prints it: `(x + 0.05) * 10`, truncated, in tenths.
    pub fn rating(&self) -> Tenths {
        tenths(self.difficulty)
    }

    /// The line SE's step output prints for it: `Technique: detail`.
    pub fn text(&self) -> String {
        format!("{}: {}", self.technique.printed_name(), self.detail)
    }

    /// Applies the hint as SE does: remove the removals, then place the
    /// placement (clearing its cell and the digit from its peers).
    pub fn apply(&self, grid: &mut Grid) {
        for r in &self.removals {
            grid.eliminate(r.cell, r.digit);
        }
        if let Some((cell, digit)) = self.placement {
            grid.place(cell, digit);
        }
    }
}

/// SE's rounding of a rating for print: half up on the `f64`, to tenths.
pub(crate) fn tenths(rating: f64) -> Tenths {
    // Ratings are between 1.0 and 20.0, so the cast cannot overflow.
    Tenths(((rating + 0.05) * 10.0) as u16)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_is_half_up_on_the_sum_se_computes() {
        // 7.0 + 0.1 + 0.1 + 0.1 is 7.299999999999999 in f64: still 7.3.
        let sum = 7.0 + 0.1 + 0.1 + 0.1;
        assert_eq!(tenths(sum), Tenths(73));
        assert_eq!(tenths(6.2), Tenths(62));
        assert_eq!(tenths(20.0), Tenths(200));
        assert_eq!(tenths(1.04), Tenths(10));
        assert_eq!(tenths(1.05), Tenths(11));
    }
}
