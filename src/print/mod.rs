//! The results of the commands, text and JSON, written as they come: the
//! explained solve (text, quiet, JSON Lines), `solve --exact`, `rate`,
//! `count`, `hint` and `generate`. The work that makes a result is done
//! elsewhere (`batch`, `generate`); here it only becomes bytes, so that one
//! record kind prints the same whichever command produced it.
//!
//! Every method that writes returns the write's error at once, so that a
//! batch stops as soon as its reader is gone (`sudoku solve | head -1`).

mod candidates;
mod count;
mod generate;
mod hint;
mod json;
mod quiet;
mod rate;
mod text;

pub use candidates::candidate_grid;
pub use count::CountPrinter;
pub use generate::GeneratePrinter;
pub use hint::HintPrinter;
pub use json::JsonPrinter;
pub use quiet::{status_line, QuietPrinter};
pub use rate::RatePrinter;
pub use text::TextPrinter;

use crate::observer::Observer;
use crate::outcome::Outcome;
use owo_colors::{OwoColorize, Style};
use std::io;

/// Whether to color, decided once by the caller; layout never depends on it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Palette {
    pub color: bool,
}

impl Palette {
    pub fn paint(&self, text: &str, style: Style) -> String {
        if self.color {
            text.style(style).to_string()
        } else {
            text.to_string()
        }
    }
}

/// Text for people, or JSON Lines (one object per record per line) for programs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Format {
    Text,
    Json,
}

/// Output that buffers: what is written so far goes out on `flush`, which
/// a batch calls whenever no more input is at hand.
pub trait Flush {
    fn flush(&mut self) -> io::Result<()>;
}

/// Prints one result per record: the record kind `R` is what the command
/// found (a rated outcome, a count, a hint, a generated puzzle).
pub trait RecordPrinter<R: ?Sized>: Flush {
    fn print(&mut self, record: &R) -> io::Result<()>;
}

/// Prints an explained solve as the driver reports it.
pub trait Printer: Observer<io::Error> + Flush {
    /// For a printer whose output for a record follows from the outcome
    /// alone: the function that makes it, so that a batch can make it on
    /// the worker that solved the record rather than on the one thread that
    /// writes. Such a printer then takes that text through `put_rendered`.
    fn renderer(&self) -> Option<fn(&Outcome) -> String> {
        None
    }
    /// Writes a record's output made by `renderer`.
    fn put_rendered(&mut self, text: &str) -> io::Result<()> {
        let _ = text;
        Ok(())
    }
}
