//! The quiet printer: one line per record, the solution or a status word,
//! with the record's origin; what went wrong goes to stderr.
//! `solve -q` and `solve --exact` both print it, `--exact` also as JSON.

use super::JsonOrigin;
use super::{tell, Flush, Format, Printer, RecordPrinter};
use crate::explain::observer::Observer;
use crate::explain::outcome::{Outcome, Status, Verdict};
use crate::io::format::{to_digits, to_line};
use crate::io::input::{Origin, Puzzle};
use serde::Serialize;
use std::io::{self, Write};

/// One line per record: the solution or a status word, then ` # FILE:LINE
/// [LABEL]` (`solve -q`, `solve --exact`); the reason a record was not
/// solved goes to stderr. As an [`Observer`] it prints the outcome of each
/// solve; as a [`RecordPrinter`] it prints a [`Verdict`], as text or JSON.
pub struct QuietPrinter<W> {
    out: W,
    format: Format,
    /// The record being solved, as [`Printer::start`] told it.
    origin: Origin,
}

impl<W: Write> QuietPrinter<W> {
    /// A text printer writing to `out`.
    pub fn new(out: W) -> QuietPrinter<W> {
        QuietPrinter { out, format: Format::Text, origin: Origin::default() }
    }

    /// A printer writing to `out` in `format` (JSON: one object per record).
    pub fn with_format(out: W, format: Format) -> QuietPrinter<W> {
        QuietPrinter { out, format, origin: Origin::default() }
    }
}

/// The result word of a record: the 81-digit solution, or its status
/// (`no-solution`, `multiple-solutions`, `stuck`, `invalid`).
pub(crate) fn result_word(verdict: &Verdict) -> String {
    match (verdict.status, &verdict.solution) {
        (Status::Solved, Some(s)) => to_digits(s),
        (status, _) => status.as_str().to_string(),
    }
}

/// Why a record was not solved, with where it was read (`line 4: no
/// solution`, `puzzles.txt:3: 80 cells ...`); `None` when it was solved.
pub(crate) fn reason(origin: &Origin, verdict: &Verdict) -> Option<String> {
    let place = origin.place();
    match verdict.status {
        Status::Solved => None,
        Status::Invalid => Some(verdict.error.clone().unwrap_or_else(|| format!("{place}: not a puzzle"))),
        Status::Stuck => Some(format!("{place}: stuck (no technique applies)")),
        Status::NoSolution => Some(format!("{place}: no solution")),
        Status::MultipleSolutions => Some(format!("{place}: several solutions")),
    }
}

#[derive(Serialize)]
struct JsonVerdict<'a> {
    #[serde(flatten)]
    origin: JsonOrigin<'a>,
    puzzle: Option<String>,
    status: &'static str,
    solution: Option<String>,
    error: Option<String>,
}

impl<W: Write> RecordPrinter<(Origin, Verdict)> for QuietPrinter<W> {
    fn print(&mut self, (origin, verdict): &(Origin, Verdict)) -> io::Result<()> {
        if self.format == Format::Json {
            let record = JsonVerdict {
                origin: JsonOrigin::of(origin),
                puzzle: verdict.puzzle.as_ref().map(to_line),
                status: verdict.status.as_str(),
                solution: verdict.solution.as_ref().map(to_digits),
                error: reason(origin, verdict).filter(|_| verdict.status == Status::Invalid),
            };
            let line = serde_json::to_string(&record).expect("a record always serializes") + "\n";
            return self.out.write_all(line.as_bytes());
        }
        let line = format!("{}{}\n", result_word(verdict), origin.comment());
        self.out.write_all(line.as_bytes())?;
        if let Some(reason) = reason(origin, verdict) {
            tell(&reason);
        }
        Ok(())
    }
}

impl<W: Write> Observer<io::Error> for QuietPrinter<W> {
    fn begin(&mut self, puzzle: &Puzzle, _grid: &crate::model::grid::Grid) -> io::Result<()> {
        self.origin = puzzle.origin();
        Ok(())
    }

    fn end(&mut self, outcome: &Outcome) -> io::Result<()> {
        let origin = std::mem::take(&mut self.origin);
        self.print(&(origin, outcome.verdict()))
    }
}

impl<W: Write> Flush for QuietPrinter<W> {
    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

impl<W: Write> Printer for QuietPrinter<W> {
    fn start(&mut self, origin: &Origin) -> io::Result<()> {
        self.origin = origin.clone();
        Ok(())
    }
}
