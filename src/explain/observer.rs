//! The `Observer` trait: how the driver reports a solve as it happens.

use crate::explain::outcome::Outcome;
use crate::explain::step::Step;
use crate::io::input::Puzzle;
use crate::model::grid::Grid;
use std::convert::Infallible;

/// Told about a solve as it goes. Every method has a default that does
/// nothing, so an observer implements only what it needs.
///
/// An error from any method stops the solve, and the driver hands it back:
/// a printer whose reader has gone (`| head -1`) must not be fed a batch's
/// worth of steps. `E` is what can go wrong; the default, [`Infallible`],
/// is for observers that only look, and lets the driver's `solve` return
/// its outcome without a `Result`.
pub trait Observer<E = Infallible> {
    /// Before the first step, with the starting position.
    fn begin(&mut self, _puzzle: &Puzzle, _grid: &Grid) -> Result<(), E> {
        Ok(())
    }
    /// After step number `number` (from 1) has been applied to `grid`.
    fn step(&mut self, _number: usize, _step: &Step, _grid: &Grid) -> Result<(), E> {
        Ok(())
    }
    /// Once per record, puzzle or input error, with the result.
    fn end(&mut self, _outcome: &Outcome) -> Result<(), E> {
        Ok(())
    }
}

/// An observer that ignores everything.
pub struct Silent;

impl<E> Observer<E> for Silent {}
