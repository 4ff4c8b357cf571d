//! The quiet printer: one line per record, the solution or what went wrong.
//! `solve -q` and `solve --exact` both print it.

use super::{Flush, Printer, RecordPrinter};
use crate::format::to_digits;
use crate::observer::Observer;
use crate::outcome::{Outcome, Status, Verdict};
use std::io::{self, Write};

/// One line per record: the solution, or what went wrong (`solve -q`,
/// `solve --exact`). As an [`Observer`] it prints the
/// outcome of each solve; as a [`RecordPrinter`] it prints a [`Verdict`].
pub struct QuietPrinter<W> {
    out: W,
}

impl<W: Write> QuietPrinter<W> {
    /// A printer writing to `out`.
    pub fn new(out: W) -> QuietPrinter<W> {
        QuietPrinter { out }
    }
}

/// The one line per record that scripts read: the 81-digit solution, or
/// `line N: …` saying what went wrong. No newline.
pub(crate) fn status_line(verdict: &Verdict) -> String {
    let line = verdict.line;
    match (verdict.status, &verdict.solution) {
        (Status::Solved, Some(s)) => to_digits(s),
        (Status::Invalid, _) => verdict.error.as_deref().unwrap_or("not a puzzle").to_string(),
        (Status::Stuck, _) => format!("line {line}: stuck (no technique applies)"),
        (Status::NoSolution, _) => format!("line {line}: no solution"),
        (Status::MultipleSolutions, _) => format!("line {line}: several solutions"),
        (Status::Solved, None) => unreachable!("a solved outcome has its solution"),
    }
}

impl<W: Write> RecordPrinter<Verdict> for QuietPrinter<W> {
    fn print(&mut self, verdict: &Verdict) -> io::Result<()> {
        let mut line = status_line(verdict);
        line.push('\n');
        self.out.write_all(line.as_bytes())
    }
}

impl<W: Write> Observer<io::Error> for QuietPrinter<W> {
    fn end(&mut self, outcome: &Outcome) -> io::Result<()> {
        self.print(&outcome.verdict())
    }
}

impl<W: Write> Flush for QuietPrinter<W> {
    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

impl<W: Write> Printer for QuietPrinter<W> {}
