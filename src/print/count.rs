//! The `count` printer: per record the number of solutions found (up to the
//! limit, `100+` when capped), or why the record is not a puzzle.

use super::JsonOrigin;
use super::{tell, Flush, Format, RecordPrinter};
use crate::exact::Count;
use crate::io::format::to_line;
use crate::io::input::Origin;
use serde::Serialize;
use std::io::{self, Write};

/// Per record the number of solutions (`count`): text `N # FILE:LINE
/// [LABEL]` (`N+` when capped; `invalid` with the reason on stderr), or one
/// JSON object per line.
pub struct CountPrinter<W> {
    out: W,
    format: Format,
}

impl<W: Write> CountPrinter<W> {
    /// A text printer writing to `out`.
    pub fn new(out: W) -> CountPrinter<W> {
        CountPrinter { out, format: Format::Text }
    }

    /// A printer writing to `out` in `format`.
    pub fn with_format(out: W, format: Format) -> CountPrinter<W> {
        CountPrinter { out, format }
    }
}

#[derive(Serialize)]
struct JsonCount<'a> {
    #[serde(flatten)]
    origin: JsonOrigin<'a>,
    puzzle: Option<String>,
    status: &'static str,
    solutions: Option<usize>,
    capped: bool,
    error: Option<&'a str>,
}

impl<W: Write> RecordPrinter<(Origin, Count)> for CountPrinter<W> {
    fn print(&mut self, (origin, count): &(Origin, Count)) -> io::Result<()> {
        let line = match self.format {
            Format::Json => {
                let record = JsonCount {
                    origin: JsonOrigin::of(origin),
                    puzzle: count.puzzle.as_ref().map(to_line),
                    status: if count.error.is_some() { "invalid" } else { "counted" },
                    solutions: count.error.is_none().then_some(count.solutions),
                    capped: count.capped,
                    error: count.error.as_deref(),
                };
                serde_json::to_string(&record).expect("a record always serializes")
            }
            Format::Text => {
                let n = match (&count.error, count.capped) {
                    (Some(_), _) => "invalid".to_string(),
                    (None, true) => format!("{}+", count.solutions),
                    (None, false) => count.solutions.to_string(),
                };
                format!("{n}{}", origin.comment())
            }
        };
        self.out.write_all((line + "\n").as_bytes())?;
        if let (Format::Text, Some(error)) = (self.format, &count.error) {
            tell(error);
        }
        Ok(())
    }
}

impl<W: Write> Flush for CountPrinter<W> {
    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}
