//! The `hint` printer: per record the next step, told at the level asked,
//! after the position's candidate grid when asked.

use super::{candidate_grid, status_line, Flush, Palette, RecordPrinter};
use crate::hint::{hint_text, Hint, HintLevel};
use std::io::{self, Write};

/// Per record the next step, told at a [`HintLevel`] (`hint`).
pub struct HintPrinter<W> {
    out: W,
    level: HintLevel,
    /// Print the candidate grid before the hint, the step's cells marked.
    show_grid: bool,
    palette: Palette,
}

impl<W: Write> HintPrinter<W> {
    /// A printer writing to `out` at `level`, after the candidate grid with `show_grid`.
    pub fn new(out: W, level: HintLevel, show_grid: bool, palette: Palette) -> HintPrinter<W> {
        HintPrinter { out, level, show_grid, palette }
    }
}

impl<W: Write> RecordPrinter<Hint> for HintPrinter<W> {
    fn print(&mut self, hint: &Hint) -> io::Result<()> {
        let text = match hint {
            Hint::Refused(verdict) => status_line(verdict) + "\n",
            Hint::Solved { line } => format!("line {line}: already solved\n"),
            Hint::Next { grid, step } => {
                let shown =
                    if self.show_grid { candidate_grid(grid, Some(step), &self.palette) + "\n" } else { String::new() };
                format!("{shown}{}\n", hint_text(step, self.level))
            }
        };
        self.out.write_all(text.as_bytes())
    }
}

impl<W: Write> Flush for HintPrinter<W> {
    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}
