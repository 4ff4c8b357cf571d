//! Sudoku Explainer 1.2.1's rating (ER/EP/ED), reproduced.
//!
//! May use: the model, `exact` (a position's solution) and `algo`; nothing of
//! `explain`, so that no change to the explained path can move an ER.
//!
//! This is a second path through a puzzle, kept apart from the explanation
//! path of `explain`: it uses only the techniques SE 1.2.1 has
//! ("producers"), asks them in SE's fixed order, takes the first hint any
//! of them offers, and applies it the way SE does (a direct technique only
//! places its digit). The explanation path may take other, kinder steps;
//! the numbers people quote are SE's, so they come from here.
//!
//! The specification is SE's behaviour; every producer says which part of
//! it it follows. Ratings are kept as SE keeps them (a `f64` sum of the
//! same terms) and rounded once, the way SE prints them.

mod aligned; // Aligned Pair and Triplet Exclusion
mod bug; // BUG types 1-4 (Bivalue Universal Grave)
mod chaining; // SE's chains: cycles, forcing chains, Nishio, multiple, dynamic, nested
mod direct; // Direct Pointing / Claiming, Direct Hidden Pair / Triplet
mod fish; // X-Wing, Swordfish, Jellyfish
mod locking; // Pointing and Claiming, and the locked-candidate scan
#[cfg(test)]
mod position_tests; // the unique/BUG/aligned producers on positions from SE's paths
mod producer; // `Producer`: one of SE's techniques, as the rating loop asks it
mod producers; // the producers in SE's order
mod rating; // the rating loop: `rate_grid`, `SeRating`
pub(crate) mod scale; // which ratings SE's steps can have
mod scan; // the order of SE's removals (its hash map's), and what the basic producers share
mod se_step; // `SeStep`: one step SE takes, what a producer found, as data
mod singles; // full house, hidden single, naked single
mod subsets; // naked and hidden pairs, triplets, quads
pub(crate) mod technique; // `SeTechnique`: SE's techniques, their names and ratings
#[cfg(test)]
mod test_paths; // SE's paths through reference puzzles, for tests
mod unique; // Unique Rectangles and Loops, types 1-4
mod wings; // XY-Wing, XYZ-Wing
mod wording; // how SE writes cells, digits and houses; a hint's detail

pub use rating::{next_se_step, rate_givens, rate_grid, rate_grid_within, se_steps_at, SeRating, SE_CHAIN_LISTING_CAP};
pub use scale::Tenths;
pub use se_step::SeStep;
pub use technique::{ChainEngine, ForcingChainsKind, SeGrowth, SeTechnique, SingleHouse};
pub use wording::Detail;
