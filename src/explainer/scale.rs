//! Which ratings SE's steps can have: the scale a rating target is checked
//! against before any search (a range no step reaches is refused at once).

use crate::catalog::Tenths;

/// The ratings of SE 1.2.1's steps, by technique: from `low` to `high` in
/// tenths (one value for most; loops, BUG type 3 and chains grow).
pub(crate) struct Band {
    /// SE's name of the technique.
    pub name: &'static str,
    /// Its lowest rating.
    pub low: Tenths,
    /// Its highest rating.
    pub high: Tenths,
}

const fn band(name: &'static str, low: u16, high: u16) -> Band {
    Band { name, low: Tenths(low), high: Tenths(high) }
}

/// Chains grow by a tenth per length bracket of their complexity, and a
/// nested chain's complexity counts those it nests, so no bound below SE's
/// own ceiling holds: 20.0, the rating of a puzzle its techniques cannot
/// solve. (The hardest puzzles known rate about 12.)
const CEILING: u16 = 200;

/// Every technique's ratings, lowest first.
pub(crate) const BANDS: &[Band] = &[
    band("Hidden Single (full house)", 10, 10),
    band("Hidden Single (block)", 12, 12),
    band("Hidden Single (row or column)", 15, 15),
    band("Direct Pointing", 17, 17),
    band("Direct Claiming", 19, 19),
    band("Direct Hidden Pair", 20, 20),
    band("Naked Single", 23, 23),
    band("Direct Hidden Triplet", 25, 25),
    band("Pointing", 26, 26),
    band("Claiming", 28, 28),
    band("Naked Pair", 30, 30),
    band("X-Wing", 32, 32),
    band("Hidden Pair", 34, 34),
    band("Naked Triplet", 36, 36),
    band("Swordfish", 38, 38),
    band("Hidden Triplet", 40, 40),
    band("XY-Wing", 42, 42),
    band("XYZ-Wing", 44, 44),
    // 4.5 for a rectangle, up to 5.0 for a loop of 10 cells or more, and a
    // type 3 adds a tenth per extra cell of its naked or hidden set (up to 4).
    band("Unique Rectangle / Loop", 45, 53),
    band("Naked Quad", 50, 50),
    band("Jellyfish", 52, 52),
    band("Hidden Quad", 54, 54),
    band("BUG type 1", 56, 56),
    // Types 2 and 4 rate 5.7; type 3 adds a tenth per extra cell of its set.
    band("BUG type 2, 3, 4", 57, 60),
    band("Aligned Pair Exclusion", 62, 62),
    band("Bidirectional Cycle / Forcing Chain", 65, CEILING),
    band("Aligned Triplet Exclusion", 75, 75),
    band("Dynamic Forcing Chains (+ ...)", 75, CEILING),
];
