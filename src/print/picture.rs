//! One picture of one step, as SVG or PNG: `solve --format svg --step N`
//! (the board before step N) and `hint --format svg` (the next step from a
//! position). A picture is one file: a second puzzle is refused.

use super::svg::{picture_svg, step_boards};
use super::{reason, tell, Flush, Printer, RecordPrinter};
use crate::explain::observer::Observer;
use crate::explain::outcome::Outcome;
use crate::explain::step::Step;
use crate::io::input::{Origin, Puzzle};
use crate::model::grid::Grid;
use crate::tools::all_steps::Listing;
use crate::tools::hint::{hint_text, revealed, Hint, HintLevel};
use std::io::{self, Write};

/// How a picture is written.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum Encoding {
    /// SVG text.
    Svg,
    /// PNG bytes, drawn from the SVG (with the `png` feature).
    #[cfg(feature = "png")]
    Png,
}

/// The picture of `step` on `grid` (the position before it), encoded.
pub fn step_picture(
    grid: &Grid,
    givens: Option<&[u8; 81]>,
    step: &Step,
    headline: &str,
    encoding: Encoding,
) -> io::Result<Vec<u8>> {
    let svg = picture_svg(headline, &step_boards(grid, givens, step));
    match encoding {
        Encoding::Svg => Ok(svg.into_bytes()),
        #[cfg(feature = "png")]
        Encoding::Png => super::png::svg_to_png(&svg, 1.0).map_err(io::Error::other),
    }
}

/// A step's line over its picture: for a forcing step only its head, since
/// each branch's board carries its line of the short proof (the long form
/// runs to thousands of words).
fn line(step: &Step) -> String {
    match step.forcing {
        Some(_) => format!("{}.", step.headline_with(|_, text| text.to_string())),
        None => step.text(),
    }
}

/// A usage error found while printing: the CLI says it without blaming the output.
fn refuse(message: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, message)
}

const ONE_PUZZLE: &str = "a picture shows one puzzle's step, and the input has more than one puzzle \
                          (--format html draws every step of every puzzle)";

/// `solve --format svg|png --step N`: the board before step `N` of the one
/// puzzle read; an error when the solve has fewer steps.
pub struct StepPicturePrinter<W> {
    out: W,
    encoding: Encoding,
    wanted: usize,
    givens: [u8; 81],
    before: Option<Grid>,
    drawn: bool,
    records: usize,
    /// The record being solved, as [`Printer::start`] told it.
    origin: Origin,
}

impl<W: Write> StepPicturePrinter<W> {
    /// A printer of step `step` (from 1) as `encoding` to `out`.
    pub fn new(out: W, encoding: Encoding, step: usize) -> StepPicturePrinter<W> {
        StepPicturePrinter {
            out,
            encoding,
            wanted: step,
            givens: [0; 81],
            before: None,
            drawn: false,
            records: 0,
            origin: Origin::default(),
        }
    }

    fn count_record(&mut self) -> io::Result<()> {
        self.records += 1;
        if self.records > 1 {
            return Err(refuse(ONE_PUZZLE.to_string()));
        }
        Ok(())
    }
}

impl<W: Write> Observer<io::Error> for StepPicturePrinter<W> {
    fn begin(&mut self, puzzle: &Puzzle, grid: &Grid) -> io::Result<()> {
        self.origin = puzzle.origin();
        self.count_record()?;
        self.givens = puzzle.givens;
        self.before = Some(grid.clone());
        Ok(())
    }

    fn step(&mut self, number: usize, step: &Step, grid: &Grid) -> io::Result<()> {
        if number == self.wanted {
            let before = self.before.take().expect("begin comes first");
            let headline = format!("Step {number}. {}", line(step));
            let bytes = step_picture(&before, Some(&self.givens), step, &headline, self.encoding)?;
            self.out.write_all(&bytes)?;
            self.drawn = true;
        } else if number < self.wanted {
            self.before = Some(grid.clone());
        }
        Ok(())
    }

    fn end(&mut self, outcome: &Outcome) -> io::Result<()> {
        if outcome.grid.is_none() {
            self.count_record()?;
        }
        if let Some(reason) = reason(&self.origin, &outcome.verdict()) {
            tell(&reason);
        }
        if !self.drawn && outcome.grid.is_some() {
            let steps = outcome.steps.len();
            return Err(refuse(format!(
                "{}: the solve has {steps} step{}, there is no step {}",
                self.origin.place(),
                if steps == 1 { "" } else { "s" },
                self.wanted
            )));
        }
        Ok(())
    }
}

impl<W: Write> Flush for StepPicturePrinter<W> {
    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

impl<W: Write> Printer for StepPicturePrinter<W> {
    fn start(&mut self, origin: &Origin) -> io::Result<()> {
        self.origin = origin.clone();
        Ok(())
    }
}

/// `hint --format svg|png`: the next step from the one position read, as
/// much of it as `level` reveals (as every printer of a hint draws it).
pub struct HintPicturePrinter<W> {
    out: W,
    encoding: Encoding,
    level: HintLevel,
    records: usize,
}

impl<W: Write> HintPicturePrinter<W> {
    /// A printer of the hint at `level` as `encoding` to `out`.
    pub fn new(out: W, encoding: Encoding, level: HintLevel) -> HintPicturePrinter<W> {
        HintPicturePrinter { out, encoding, level, records: 0 }
    }
}

impl<W: Write> RecordPrinter<(Origin, Hint)> for HintPicturePrinter<W> {
    fn print(&mut self, (origin, hint): &(Origin, Hint)) -> io::Result<()> {
        self.records += 1;
        if self.records > 1 {
            return Err(refuse(ONE_PUZZLE.to_string()));
        }
        match hint {
            Hint::Next { grid, step } => {
                let (shown, headline) = match self.level {
                    HintLevel::Full => (step.clone(), format!("Next step. {}", line(step))),
                    level => (revealed(step, level), format!("Hint. {}", hint_text(step, level))),
                };
                let bytes = step_picture(grid, None, &shown, &headline, self.encoding)?;
                self.out.write_all(&bytes)
            }
            Hint::Solved { .. } => {
                tell(&format!("{}: already solved, nothing to draw", origin.place()));
                Ok(())
            }
            Hint::Refused(verdict) => {
                if let Some(reason) = reason(origin, verdict) {
                    tell(&reason);
                }
                Ok(())
            }
        }
    }
}

impl<W: Write> Flush for HintPicturePrinter<W> {
    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// `steps --format svg|png --step N`: step `N` of the listing of the one
/// position read, drawn on it; an error when fewer steps are listed.
pub struct StepsPicturePrinter<W> {
    out: W,
    encoding: Encoding,
    step: usize,
    records: usize,
}

impl<W: Write> StepsPicturePrinter<W> {
    /// A printer of listed step `step` (from 1) as `encoding` to `out`.
    pub fn new(out: W, encoding: Encoding, step: usize) -> StepsPicturePrinter<W> {
        StepsPicturePrinter { out, encoding, step, records: 0 }
    }
}

impl<W: Write> RecordPrinter<(Origin, Listing)> for StepsPicturePrinter<W> {
    fn print(&mut self, (origin, listing): &(Origin, Listing)) -> io::Result<()> {
        self.records += 1;
        if self.records > 1 {
            return Err(refuse(ONE_PUZZLE.to_string()));
        }
        match listing {
            Listing::Steps { grid, groups } => {
                let listed: Vec<&Step> = groups.iter().flat_map(|g| &g.steps).collect();
                let Some(step) = listed.get(self.step.wrapping_sub(1)) else {
                    return Err(refuse(format!(
                        "{}: --step {} asks for a step the listing does not have: it lists {} (from 1)",
                        origin.place(),
                        self.step,
                        listed.len()
                    )));
                };
                let headline = format!("Step {} of {} at this position. {}", self.step, listed.len(), line(step));
                let bytes = step_picture(grid, None, step, &headline, self.encoding)?;
                self.out.write_all(&bytes)
            }
            Listing::Se { .. } => {
                Err(refuse("--se lists Sudoku Explainer's hints as text or JSON; they have no pictures".to_string()))
            }
            Listing::Solved { .. } => {
                tell(&format!("{}: already solved, nothing to draw", origin.place()));
                Ok(())
            }
            Listing::Refused(verdict) => {
                if let Some(reason) = reason(origin, verdict) {
                    tell(&reason);
                }
                Ok(())
            }
        }
    }
}

impl<W: Write> Flush for StepsPicturePrinter<W> {
    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}
