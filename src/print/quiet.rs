//! The quiet printer: one line per record, the solution or what went wrong.

use super::{Printer, Sink};
use crate::batch::status_line;
use crate::observer::Observer;
use crate::outcome::Outcome;
use std::io::{self, Write};

pub struct QuietPrinter<W> {
    sink: Sink<W>,
}

impl<W: Write> QuietPrinter<W> {
    pub fn new(out: W) -> QuietPrinter<W> {
        QuietPrinter { sink: Sink::new(out) }
    }
}

impl<W: Write> Observer for QuietPrinter<W> {
    fn end(&mut self, outcome: &Outcome) {
        let line = status_line(outcome.line, outcome.status, outcome.solution.as_ref(), outcome.error.as_deref());
        self.sink.put(&line);
        self.sink.put("\n");
    }
}

impl<W: Write> Printer for QuietPrinter<W> {
    fn write_through(&mut self, flush: bool) -> io::Result<()> {
        self.sink.write_through(flush)
    }
}
