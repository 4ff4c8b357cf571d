//! The `rate` printer: per record `<puzzle> ER/EP/ED <level> <score|-> <ER
//! technique> / <EP technique> / <ED technique>`, or one JSON object per line.

use super::JsonOrigin;
use super::{reason, tell, Flush, Format, RecordPrinter};
use crate::explain::outcome::Outcome;
use crate::explain::rating::{PathSummary, Rating};
use crate::io::format::to_line;
use crate::io::input::Origin;
use serde::Serialize;
use std::io::{self, Write};

/// Per record its rating, or what went wrong (`rate`), as text or JSON.
pub struct RatePrinter<W> {
    out: W,
    format: Format,
}

impl<W: Write> RatePrinter<W> {
    /// A printer writing to `out` in `format`.
    pub fn new(out: W, format: Format) -> RatePrinter<W> {
        RatePrinter { out, format }
    }
}

/// A rating as `rate` prints it after the puzzle: `ER/EP/ED level score`
/// (`-` when no explanation path was taken) and SE's techniques that set
/// the three numbers, the same in `generate`'s lines.
pub(super) fn rating_fields(r: &Rating) -> String {
    let score = r.score.map_or_else(|| "-".to_string(), |s| s.to_string());
    format!("{} {} {score} {}", r.triple(), r.level, r.techniques())
}

#[derive(Serialize)]
struct RateRecord<'a> {
    #[serde(flatten)]
    origin: JsonOrigin<'a>,
    puzzle: Option<String>,
    status: &'static str,
    rating: Option<&'a Rating>,
    /// What the explanation path says of itself (hardest step, score).
    path: Option<&'a PathSummary>,
    error: Option<&'a str>,
}

/// One `rate` result line, text or JSON, with its newline.
fn rate_line(origin: &Origin, outcome: &Outcome, format: Format) -> String {
    let puzzle = outcome.puzzle.as_ref().map(to_line);
    if format == Format::Json {
        let line = RateRecord {
            origin: JsonOrigin::of(origin),
            puzzle,
            status: outcome.status.as_str(),
            rating: outcome.rating.as_ref(),
            path: outcome.path.as_ref(),
            error: outcome.error.as_deref(),
        };
        return serde_json::to_string(&line).expect("a record always serializes") + "\n";
    }
    let comment = origin.comment();
    match (&outcome.rating, puzzle) {
        (Some(r), Some(p)) => {
            let mut text = format!("{p} {}{comment}\n", rating_fields(r));
            for step in &r.steps {
                text.push_str(&format!("\t{}\t{}\n", step.rating, step.text));
            }
            text
        }
        (_, p) => format!("{} {}{comment}\n", p.as_deref().unwrap_or("-"), outcome.status.as_str()),
    }
}

impl<W: Write> RecordPrinter<(Origin, Outcome)> for RatePrinter<W> {
    fn print(&mut self, (origin, outcome): &(Origin, Outcome)) -> io::Result<()> {
        self.out.write_all(rate_line(origin, outcome, self.format).as_bytes())?;
        if let (Format::Text, Some(reason)) = (self.format, reason(origin, &outcome.verdict())) {
            tell(&reason);
        }
        Ok(())
    }
}

impl<W: Write> Flush for RatePrinter<W> {
    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}
