//! The `check` printer: per position a summary line (`no mistakes, 37
//! cells left # FILE:LINE`), then one indented line per mistake; or one
//! JSON object per line. Refused records get their status word, the reason
//! on stderr.

use super::JsonOrigin;
use super::{reason, result_word, tell, Flush, Format, RecordPrinter};
use crate::io::input::Origin;
use crate::tools::check::{Checked, Mistake};
use serde::Serialize;
use std::io::{self, Write};

/// Writes what `check` found of each position ([`Checked`]) with the
/// position's origin, text or JSON.
pub struct CheckPrinter<W> {
    out: W,
    format: Format,
}

impl<W: Write> CheckPrinter<W> {
    /// A printer writing `format` to `out`.
    pub fn new(out: W, format: Format) -> CheckPrinter<W> {
        CheckPrinter { out, format }
    }
}

#[derive(Serialize)]
struct JsonMistake {
    kind: &'static str,
    cell: String,
    /// The digit found: placed (a wrong digit, a changed given) or removed (the solution's).
    digit: Option<u8>,
    /// The solution's digit, or the given's.
    solution: u8,
    /// The text line.
    text: String,
}

impl From<&Mistake> for JsonMistake {
    fn from(m: &Mistake) -> Self {
        let (digit, solution) = match *m {
            Mistake::ChangedGiven { given, found, .. } => (found.map(|d| d.get()), given.get()),
            Mistake::WrongDigit { placed, solution, .. } => (Some(placed.get()), solution.get()),
            Mistake::RemovedSolution { digit, .. } => (Some(digit.get()), digit.get()),
        };
        JsonMistake { kind: m.kind(), cell: m.cell().to_string(), digit, solution, text: m.to_string() }
    }
}

#[derive(Serialize)]
struct JsonCheck<'a> {
    #[serde(flatten)]
    origin: JsonOrigin<'a>,
    status: &'static str,
    /// The position's empty cells.
    left: Option<usize>,
    mistakes: Vec<JsonMistake>,
    error: Option<String>,
}

/// `no mistakes, 37 cells left`, `2 mistakes, solved`.
fn summary(check: &Checked, mistakes: &[Mistake], left: usize) -> String {
    let count = match mistakes.len() {
        0 => "no mistakes".to_string(),
        1 => "1 mistake".to_string(),
        n => format!("{n} mistakes"),
    };
    let changed = if check.status() == "changed-givens" { "givens changed, " } else { "" };
    let left = match left {
        0 => "solved".to_string(),
        1 => "1 cell left".to_string(),
        n => format!("{n} cells left"),
    };
    format!("{changed}{count}, {left}")
}

impl<W: Write> RecordPrinter<(Origin, Checked)> for CheckPrinter<W> {
    fn print(&mut self, (origin, check): &(Origin, Checked)) -> io::Result<()> {
        if self.format == Format::Json {
            let (left, mistakes, error) = match check {
                Checked::Report { mistakes, left } => (Some(*left), mistakes.iter().map(Into::into).collect(), None),
                Checked::Refused { of, origin, verdict } => {
                    (None, Vec::new(), reason(origin, verdict).map(|r| format!("{}: {r}", of.as_str())))
                }
            };
            let record = JsonCheck { origin: JsonOrigin::of(origin), status: check.status(), left, mistakes, error };
            let line = serde_json::to_string(&record).expect("a record always serializes") + "\n";
            return self.out.write_all(line.as_bytes());
        }
        match check {
            Checked::Report { mistakes, left } => {
                let mut text = format!("{}{}\n", summary(check, mistakes, *left), origin.comment());
                for mistake in mistakes {
                    text.push_str(&format!("  {mistake}\n"));
                }
                self.out.write_all(text.as_bytes())
            }
            Checked::Refused { of, origin: refused, verdict } => {
                self.out.write_all(format!("{}{}\n", result_word(verdict), origin.comment()).as_bytes())?;
                if let Some(message) = reason(refused, verdict) {
                    tell(&format!("{}: {message}", of.as_str()));
                }
                Ok(())
            }
        }
    }
}

impl<W: Write> Flush for CheckPrinter<W> {
    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}
