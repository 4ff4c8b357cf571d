//! The results of the commands, text and JSON, written as they come: the
//! explained solve (text, quiet, JSON Lines), `solve --exact`, `rate`,
//! `count`, `hint` and `generate`. The work that makes a result is done
//! elsewhere (`batch`, `generate`); here it only becomes bytes, so that one
//! record kind prints the same whichever command produced it.
//!
//! May use: the model, `io`, `explain`, `se_rating` and `tools`; it computes
//! nothing, only writes what they made.
//!
//! Every method that writes returns the write's error at once, so that a
//! batch stops as soon as its reader is gone (`sudoku solve | head -1`).
//!
//! The printers of an explained solve ([`TextPrinter`], [`JsonPrinter`],
//! [`QuietPrinter`]) are [`Observer`]s: hand one to
//! `solve::try_solve` and it writes the solve as it goes. The others print
//! one result per record ([`RecordPrinter`]), as the functions of `batch`
//! hand them over. Output may be buffered until [`Flush::flush`].
//!
//! ```
//! use sudoku_explained::print::{Flush, Palette, TextPrinter};
//! use sudoku_explained::{explain::try_solve, SolveOptions};
//!
//! // The first puzzle of puzzles/seed-001.txt, with its label.
//! let line = "000005200060100090850000000400003000071209403000050060200300907003090020000000341 seed-001";
//! let puzzle = sudoku_explained::io::from_argument(line).remove(0)?;
//! let mut out = Vec::new();
//! let mut printer = TextPrinter::new(&mut out, Palette::default(), false);
//! try_solve(&puzzle, SolveOptions::default(), &mut printer)?;
//! printer.flush()?;
//! let text = String::from_utf8(out)?;
//! assert!(text.starts_with("Puzzle 1 (line 1) [seed-001]\n"));
//! assert!(text.contains("\n 10. Trapezoid Chain (Skyscraper): 5 in r4,r7,c3 "));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod candidates;
mod check;
mod count;
mod generate;
mod hint;
mod html;
mod json;
mod marks;
mod picture;
#[cfg(feature = "png")]
mod png;
mod proof;
mod quiet;
mod rate;
mod steps;
mod svg;
mod text;
mod wrap;

pub use candidates::{candidate_grid, marks_grid, pencil_grid};
pub use check::CheckPrinter;
pub use count::CountPrinter;
pub use generate::GeneratePrinter;
pub use hint::HintPrinter;
pub use html::{HtmlPrinter, StepsPagePrinter};
pub use json::JsonPrinter;
pub use marks::{CellKind, Marks, Role};
pub use picture::{step_picture, Encoding, HintPicturePrinter, StepPicturePrinter, StepsPicturePrinter};
#[cfg(feature = "png")]
pub use png::{svg_to_png, PngError};
pub use quiet::QuietPrinter;
pub(crate) use quiet::{reason, result_word};
pub use rate::RatePrinter;
pub use steps::StepsPrinter;
pub use svg::{board_svg, picture_svg, position_board, step_boards, Board, STYLE as SVG_STYLE};
pub use text::{TextLayout, TextPrinter};

use crate::explain::observer::Observer;
use crate::explain::outcome::Outcome;
use crate::io::input::Origin;
use owo_colors::{OwoColorize, Style};
use std::io;

/// Where a JSON record came from: `file` (from a file), `line` and `label`
/// (when the line had one), at the head of every record.
#[derive(serde::Serialize, Clone, Copy)]
struct JsonOrigin<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<&'a str>,
    line: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    label: Option<&'a str>,
}

impl<'a> JsonOrigin<'a> {
    fn of(origin: &'a Origin) -> JsonOrigin<'a> {
        JsonOrigin { file: origin.file.as_deref(), line: origin.line, label: origin.label.as_deref() }
    }
}

/// A message about one record (why it was not solved, where), for people:
/// on stderr, never on stdout, which carries only results.
pub(crate) fn tell(message: &str) {
    use std::io::Write;
    let _ = writeln!(io::stderr().lock(), "{message}");
}

/// Whether to color, decided once by the caller; layout never depends on it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Palette {
    /// Color with ANSI escapes (off by default).
    pub color: bool,
}

impl Palette {
    pub(crate) fn paint(&self, text: &str, style: Style) -> String {
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
    /// Text lines for people.
    Text,
    /// One JSON object per record per line.
    Json,
}

/// Output that buffers: what is written so far goes out on `flush`, which
/// a batch calls whenever no more input is at hand.
pub trait Flush {
    /// Writes out what is buffered.
    fn flush(&mut self) -> io::Result<()>;
}

/// Prints one result per record: the record kind `R` is what the command
/// found, with the record's origin (`(Origin, Outcome)` for a rating, a
/// count, a hint, a check), or a generated puzzle.
pub trait RecordPrinter<R: ?Sized>: Flush {
    /// Prints one record's result.
    fn print(&mut self, record: &R) -> io::Result<()>;
}

/// Prints an explained solve as the driver reports it. The solve itself
/// knows nothing of where its puzzle was read: a printer takes the origin
/// from the puzzle when the solve begins, and a batch tells it before each
/// record ([`Printer::start`]), which is how it knows the origin of a
/// record that never begins (not a puzzle, or not one solution).
pub trait Printer: Observer<io::Error> + Flush {
    /// A new record comes: where it was read, and its label.
    fn start(&mut self, origin: &Origin) -> io::Result<()>;
    /// For a printer whose output for a record follows from its origin and
    /// outcome alone: the function that makes it, so that a batch can make
    /// it on the worker that solved the record rather than on the one
    /// thread that writes. Such a printer then takes that text through
    /// `put_rendered`.
    fn renderer(&self) -> Option<fn(&Origin, &Outcome) -> String> {
        None
    }
    /// Writes a record's output made by `renderer`.
    fn put_rendered(&mut self, text: &str) -> io::Result<()> {
        let _ = text;
        Ok(())
    }
}
