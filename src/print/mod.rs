//! Observers that print a solve: text (optionally colored), quiet, JSON Lines.

mod candidates;
mod json;
mod quiet;
mod text;

pub use candidates::candidate_grid;
pub use json::JsonPrinter;
pub use quiet::QuietPrinter;
pub use text::TextPrinter;

use crate::outcome::Outcome;
use owo_colors::{OwoColorize, Style};
use std::io::{self, Write};

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

/// A writer that keeps the first error instead of failing every call, so an
/// observer (whose methods return nothing) can report it once at the end.
pub(crate) struct Sink<W> {
    out: W,
    error: Option<io::Error>,
}

impl<W: Write> Sink<W> {
    pub(crate) fn new(out: W) -> Sink<W> {
        Sink { out, error: None }
    }

    pub(crate) fn put(&mut self, text: &str) {
        if self.error.is_none() {
            if let Err(e) = self.out.write_all(text.as_bytes()) {
                self.error = Some(e);
            }
        }
    }

    /// Returns the first error met, if any, after flushing when `flush`.
    pub(crate) fn write_through(&mut self, flush: bool) -> io::Result<()> {
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        if flush {
            self.out.flush()?;
        }
        Ok(())
    }
}

/// An observer that writes. After each record the caller learns whether
/// output failed, and flushes when no more input is at hand.
pub trait Printer: crate::Observer {
    fn write_through(&mut self, flush: bool) -> io::Result<()>;
    /// For a printer whose output for a record follows from the outcome
    /// alone: the function that makes it, so that a batch can make it on
    /// the worker that solved the record rather than on the one thread that
    /// writes. Such a printer then takes that text through `put_rendered`.
    fn renderer(&self) -> Option<fn(&Outcome) -> String> {
        None
    }
    /// Writes a record's output made by `renderer`.
    fn put_rendered(&mut self, text: &str) {
        let _ = text;
    }
}
