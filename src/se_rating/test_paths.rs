//! SE's paths through reference puzzles, for the tests that hold a
//! producer that reuses or skips work to the one that does it all.

use super::rating::rate_grid;
use super::se_step::SeStep;
use crate::model::grid::Grid;
use std::ops::Range;

/// The reference puzzles SE rates within `er` (tests/se/reference-se.tsv,
/// in file order), as 81 characters.
pub(crate) fn reference_puzzles(er: Range<f64>) -> impl Iterator<Item = &'static str> {
    let text = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/se/reference-se.tsv"));
    text.lines().filter(|l| !l.starts_with('#') && !l.starts_with("id")).filter_map(move |line| {
        let fields: Vec<&str> = line.split('\t').collect();
        let rating: f64 = fields.get(3)?.parse().ok()?;
        er.contains(&rating).then_some(fields[2])
    })
}

/// Every position of SE's path through `puzzle`, with the step SE takes
/// from it.
pub(crate) fn path(puzzle: &str) -> Vec<(Grid, SeStep)> {
    let values: Vec<u8> = puzzle.bytes().map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 }).collect();
    let mut grid = Grid::from_values(&values.try_into().expect("81 cells"));
    let mut positions = Vec::new();
    for step in rate_grid(&grid, true).steps {
        let before = grid.clone();
        step.apply(&mut grid);
        positions.push((before, step));
    }
    positions
}
