//! The `hint` printer: per record the next step, told at the level asked,
//! after the position's candidate grid when asked; or one JSON object per line.

use super::JsonOrigin;
use super::{candidate_grid, reason, result_word, tell, Flush, Format, Palette, RecordPrinter};
use crate::hint::{hint_text, Hint, HintLevel};
use crate::input::Origin;
use serde::Serialize;
use std::io::{self, Write};

/// Per record the next step, told at a [`HintLevel`] (`hint`): text, the
/// hint then ` # FILE:LINE [LABEL]`, or JSON. A record with no hint gets a
/// status word in text (`solved`, `no-solution`, ...), the reason on stderr.
pub struct HintPrinter<W> {
    out: W,
    level: HintLevel,
    /// Print the candidate grid before the hint, the step's cells marked.
    show_grid: bool,
    palette: Palette,
    format: Format,
}

impl<W: Write> HintPrinter<W> {
    /// A text printer writing to `out` at `level`, after the candidate grid with `show_grid`.
    pub fn new(out: W, level: HintLevel, show_grid: bool, palette: Palette) -> HintPrinter<W> {
        HintPrinter { out, level, show_grid, palette, format: Format::Text }
    }

    /// The same printer writing `format`.
    pub fn with_format(mut self, format: Format) -> HintPrinter<W> {
        self.format = format;
        self
    }
}

#[derive(Serialize)]
struct JsonHint<'a> {
    #[serde(flatten)]
    origin: JsonOrigin<'a>,
    status: &'static str,
    hint: Option<String>,
    technique: Option<&'static str>,
    error: Option<String>,
}

impl<W: Write> HintPrinter<W> {
    fn json(&self, origin: &Origin, hint: &Hint) -> String {
        let mut record = JsonHint {
            origin: JsonOrigin::new(origin.file.as_deref(), origin.line, origin.label.as_deref()),
            status: "hint",
            hint: None,
            technique: None,
            error: None,
        };
        match hint {
            Hint::Next { step, .. } => {
                record.hint = Some(hint_text(step, self.level));
                record.technique = Some(step.technique.id());
            }
            Hint::Solved { .. } => record.status = "solved",
            Hint::Refused(verdict) => {
                record.status = verdict.status.as_str();
                record.error = reason(verdict);
            }
        }
        serde_json::to_string(&record).expect("a record always serializes") + "\n"
    }
}

impl<W: Write> RecordPrinter<(Origin, Hint)> for HintPrinter<W> {
    fn print(&mut self, (origin, hint): &(Origin, Hint)) -> io::Result<()> {
        if self.format == Format::Json {
            return self.out.write_all(self.json(origin, hint).as_bytes());
        }
        let comment = origin.comment();
        let (text, message) = match hint {
            Hint::Refused(verdict) => (format!("{}{comment}\n", result_word(verdict)), reason(verdict)),
            Hint::Solved { .. } => (format!("solved{comment}\n"), Some(format!("{}: already solved", origin.place()))),
            Hint::Next { grid, step } => {
                let shown =
                    if self.show_grid { candidate_grid(grid, Some(step), &self.palette) + "\n" } else { String::new() };
                (format!("{shown}{}{comment}\n", hint_text(step, self.level)), None)
            }
        };
        self.out.write_all(text.as_bytes())?;
        if let Some(message) = message {
            tell(&message);
        }
        Ok(())
    }
}

impl<W: Write> Flush for HintPrinter<W> {
    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}
