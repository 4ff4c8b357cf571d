//! The `count` printer: per record the number of solutions found (up to the
//! limit), or why the record is not a puzzle.

use super::{Flush, RecordPrinter};
use std::io::{self, Write};

/// Per record the number of solutions (`count`), or what is wrong with it.
pub struct CountPrinter<W> {
    out: W,
}

impl<W: Write> CountPrinter<W> {
    /// A printer writing to `out`.
    pub fn new(out: W) -> CountPrinter<W> {
        CountPrinter { out }
    }
}

/// A record's count, or what is wrong with it.
impl<W: Write> RecordPrinter<Result<usize, String>> for CountPrinter<W> {
    fn print(&mut self, count: &Result<usize, String>) -> io::Result<()> {
        match count {
            Ok(n) => writeln!(self.out, "{n}"),
            Err(error) => writeln!(self.out, "{error}"),
        }
    }
}

impl<W: Write> Flush for CountPrinter<W> {
    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}
