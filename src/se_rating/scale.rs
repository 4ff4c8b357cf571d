//! SE's scale: ratings in whole tenths, the length brackets chains grow
//! by, and which ratings SE's steps can have (the bands of its techniques,
//! from `technique`).

pub(crate) use super::technique::BANDS;

/// A rating on Sudoku Explainer's scale, in whole tenths: `Tenths(112)` is
/// 11.2. Ratings are computed in tenths, so they are exact: printed with one
/// decimal (`11.2`, never `11.200001`), and in JSON as that number.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Tenths(pub u16);

impl Tenths {
    /// Zero: the rating of an empty path.
    pub const ZERO: Tenths = Tenths(0);
    /// Above every rating (the open end of the hardest level).
    pub const MAX: Tenths = Tenths(u16::MAX);

    /// The rating a decimal literal with one digit after the point writes
    /// (`Tenths::of(3.2) == Tenths(32)`); a literal that is not a whole
    /// number of tenths is refused (at compile time in a `static`).
    pub const fn of(rating: f32) -> Tenths {
        let scaled = rating * 10.0;
        assert!(scaled >= 0.0 && scaled < 65535.0, "a rating lies in 0.0..6553.5");
        let tenths = (scaled + 0.5) as u16;
        let off = scaled - tenths as f32;
        assert!(off < 1e-3 && off > -1e-3, "a rating is a whole number of tenths");
        Tenths(tenths)
    }

    /// The nearest whole tenths to a decimal number, `None` for a negative,
    /// infinite or too large one.
    pub fn nearest(rating: f64) -> Option<Tenths> {
        let scaled = (rating * 10.0).round();
        (rating.is_finite() && (0.0..65535.0).contains(&scaled)).then_some(Tenths(scaled as u16))
    }

    /// The value as a number (for arithmetic outside the crate; the JSON
    /// number is this one).
    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 10.0
    }
}

impl std::ops::Add for Tenths {
    type Output = Tenths;

    fn add(self, other: Tenths) -> Tenths {
        Tenths(self.0.saturating_add(other.0))
    }
}

impl std::fmt::Display for Tenths {
    /// One decimal: `11.2`, `10.0`. Width and alignment apply to the whole;
    /// an explicit precision (`{:.2}`) writes that many decimals.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if f.precision().is_some() {
            return std::fmt::Display::fmt(&self.as_f64(), f);
        }
        f.pad(&format!("{}.{}", self.0 / 10, self.0 % 10))
    }
}

impl serde::Serialize for Tenths {
    /// A JSON number with one decimal, `11.2`: the double nearest to the
    /// tenths, which every JSON reader reads back as `11.2`.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_f64(self.as_f64())
    }
}

/// How many of Sudoku Explainer's length brackets `length` passes: their
/// ceilings start at 4 and grow by 3/2 and 4/3 in turn (integer division).
pub(crate) fn length_brackets(length: usize) -> u16 {
    let (mut ceiling, mut passed, mut odd) = (4, 0, false);
    while length > ceiling {
        passed += 1;
        ceiling = if odd { ceiling * 4 / 3 } else { ceiling * 3 / 2 };
        odd = !odd;
    }
    passed
}
