//! The `generate` printer: one line per puzzle, text or JSON.

use super::rate::rating_fields;
use super::{Flush, Format, RecordPrinter};
use crate::explain::rating::Rating;
use crate::io::format::{to_digits, to_line};
use crate::tools::generate::{Generated, Symmetry};
use serde::Serialize;
use std::io::{self, Write};

/// One line per generated puzzle (`generate`), text or JSON.
pub struct GeneratePrinter<W> {
    out: W,
    format: Format,
    /// Text only: the solution after the puzzle.
    with_solution: bool,
    /// The symmetry the run asked for, which every JSON object names.
    symmetry: Symmetry,
}

impl<W: Write> GeneratePrinter<W> {
    /// A printer writing to `out` in `format`; text lines carry the solution
    /// with `with_solution`; JSON objects name `symmetry`, the one asked.
    pub fn new(out: W, format: Format, with_solution: bool, symmetry: Symmetry) -> GeneratePrinter<W> {
        GeneratePrinter { out, format, with_solution, symmetry }
    }
}

/// The text line: `<puzzle> [<solution>] [<ER/EP/ED> <level> <hardest> <score>]`,
/// fields separated by one space. The puzzle is 81 characters with `.`
/// for empty cells; the solution, with `with_solution`, 81 digits; the
/// rating, when the puzzle was rated, exactly as `sudoku rate` prints it
/// after the puzzle.
fn text_line(puzzle: &Generated, with_solution: bool) -> String {
    let mut line = to_line(&puzzle.puzzle);
    if with_solution {
        line.push(' ');
        line.push_str(&to_digits(&puzzle.solution));
    }
    if let Some(r) = &puzzle.rating {
        line.push(' ');
        line.push_str(&rating_fields(r));
    }
    line
}

#[derive(Serialize)]
struct JsonRecord<'a> {
    puzzle: String,
    solution: String,
    clues: usize,
    symmetry: Symmetry,
    seed: u64,
    rating: Option<&'a Rating>,
}

/// One JSON object on one line: `puzzle`, `solution`, `clues`,
/// `symmetry`, `seed` (this puzzle's own), `rating` (the `rate` command's
/// object, or null when not rated).
fn json_line(puzzle: &Generated, symmetry: Symmetry) -> String {
    let record = JsonRecord {
        puzzle: to_line(&puzzle.puzzle),
        solution: to_digits(&puzzle.solution),
        clues: puzzle.clues,
        symmetry,
        seed: puzzle.seed,
        rating: puzzle.rating.as_ref(),
    };
    serde_json::to_string(&record).expect("a record always serializes")
}

impl<W: Write> RecordPrinter<Generated> for GeneratePrinter<W> {
    fn print(&mut self, puzzle: &Generated) -> io::Result<()> {
        let mut line = match self.format {
            Format::Text => text_line(puzzle, self.with_solution),
            Format::Json => json_line(puzzle, self.symmetry),
        };
        line.push('\n');
        self.out.write_all(line.as_bytes())
    }
}

impl<W: Write> Flush for GeneratePrinter<W> {
    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::generate::{GenerateOptions, Generator};

    #[test]
    fn lines_and_json_carry_the_fields() {
        let options = GenerateOptions { rate: true, ..GenerateOptions::default() };
        let g = Generator::new(options, 9).unwrap().next_puzzle().unwrap();
        let line = text_line(&g, true);
        let fields: Vec<&str> = line.splitn(6, ' ').collect();
        assert_eq!(fields[5].split(" / ").count(), 3, "{line}");
        assert_eq!((fields[0], fields[1]), (to_line(&g.puzzle).as_str(), to_digits(&g.solution).as_str()));
        assert_eq!(fields[2], g.rating.as_ref().unwrap().triple());
        let v: serde_json::Value = serde_json::from_str(&json_line(&g, Symmetry::None)).unwrap();
        assert_eq!(v["seed"], 9);
        assert_eq!(v["clues"], g.clues);
        assert_eq!(v["symmetry"], "none");
        assert_eq!(v["rating"]["level"], g.rating.unwrap().level.name());
    }
}
