//! `sudoku`: a solver that explains every step the way a strong human would.
//!
//! Data flows one way: text is read into [`input::Puzzle`] records, each is
//! validated by an exact solver, then the driver loop in [`solve`] applies the
//! first step any technique of the registry finds and reports it to an
//! [`Observer`].

pub mod backtrack;
pub mod batch;
pub mod catalog;
pub mod cell;
pub mod exact;
pub mod few;
pub mod fillings;
pub mod format;
pub mod generate;
pub mod grid;
pub mod hint;
pub mod input;
pub mod observer;
pub mod outcome;
pub mod parallel;
pub mod print;
pub mod rate;
pub mod search;
pub mod sets;
pub mod solve;
pub mod stats;
pub mod step;
pub mod technique;
pub mod templates;

pub use grid::{Cell, Digit, Grid, House};
pub use observer::Observer;
pub use outcome::{Outcome, Status};
pub use sets::{CellSet, DigitSet};
pub use solve::{solve, SolveOptions};
pub use step::{Candidate, Step};
pub use technique::{registry, Technique, TechniqueId, TechniqueSet};
