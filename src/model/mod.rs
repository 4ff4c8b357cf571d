//! The candidate model: cells, digits and candidates, bitsets of them,
//! houses and their peer tables, the orders searches visit houses in,
//! [`Grid`], a position as a solver sees it (values and candidates), and
//! what changed between two of them. It uses nothing else of the crate.

pub(crate) mod cell;
pub(crate) mod changes;
pub(crate) mod grid;
pub(crate) mod house_order;
pub(crate) mod sets;

pub use cell::{Candidate, Cell, Digit};
pub use grid::{Grid, House, HouseKind};
pub use sets::{CellSet, DigitSet};
