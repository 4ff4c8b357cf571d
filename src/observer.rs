//! The `Observer` trait: how the driver reports a solve as it happens.

use crate::grid::Grid;
use crate::input::Puzzle;
use crate::outcome::Outcome;
use crate::step::Step;

/// Told about a solve as it goes. Every method has a no-op default, so an
/// observer implements only what it needs.
pub trait Observer {
    /// Before the first step, with the starting position.
    fn begin(&mut self, _puzzle: &Puzzle, _grid: &Grid) {}
    /// After step number `number` (from 1) has been applied to `grid`.
    fn step(&mut self, _number: usize, _step: &Step, _grid: &Grid) {}
    /// Once per record, puzzle or input error, with the result.
    fn end(&mut self, _outcome: &Outcome) {}
}

/// An observer that ignores everything.
pub struct Silent;

impl Observer for Silent {}
