//! The text printer: the puzzle, one numbered line per step, the solution
//! and a summary, as a person reads it.

use super::{candidate_grid, reason, tell, Flush, Palette, Printer};
use crate::format::{to_block_text, to_digits, to_line};
use crate::grid::Grid;
use crate::input::Puzzle;
use crate::observer::Observer;
use crate::outcome::{Outcome, Status};
use crate::step::{Step, TextPart};
use owo_colors::Style;
use std::io::{self, Write};

/// An explained solve as text: the puzzle, one numbered line per step, the
/// solution and a summary.
pub struct TextPrinter<W> {
    out: W,
    palette: Palette,
    /// Print the candidate grid after every step.
    show_grid: bool,
    records: usize,
}

impl<W: Write> TextPrinter<W> {
    /// A printer writing to `out`, with the candidate grid after every step with `show_grid`.
    pub fn new(out: W, palette: Palette, show_grid: bool) -> TextPrinter<W> {
        TextPrinter { out, palette, show_grid, records: 0 }
    }

    fn put(&mut self, text: &str) -> io::Result<()> {
        self.out.write_all(text.as_bytes())
    }

    fn header(&mut self, place: &str, label: Option<&str>) -> io::Result<()> {
        if self.records > 0 {
            self.put("\n")?;
        }
        self.records += 1;
        let label = label.map(|l| format!(" [{l}]")).unwrap_or_default();
        let title = format!("Puzzle {} ({place}){label}", self.records);
        let title = self.palette.paint(&title, Style::new().bold());
        self.put(&format!("{title}\n"))
    }

    fn summary(&self, outcome: &Outcome) -> String {
        let steps = outcome.steps.len();
        let guesses = outcome.steps.iter().filter(|s| s.technique == crate::TechniqueId::BruteForce).count();
        let mut s = match guesses {
            0 => format!("Solved in {}, no brute force.", steps_word(steps)),
            n => format!("Solved in {}, {n} of them by brute force.", steps_word(steps)),
        };
        if let Some(h) = outcome.hardest() {
            let what = if guesses == 0 { "Hardest" } else { "Hardest logical step" };
            s.push_str(&format!(" {what}: {} ({}).", h.technique.name(), h.rating()));
        }
        let path = outcome.path.as_ref().expect("a solved outcome has its path summed up");
        s.push_str(&format!(" Score {}.", path.score));
        if let Some(r) = &outcome.rating {
            s.push_str(&format!(
                " Sudoku Explainer rates it {} ({}): ER by {}.",
                r.triple(),
                r.level,
                r.er_technique.as_deref().unwrap_or("none of its techniques")
            ));
        }
        let counts: Vec<String> = outcome.technique_counts().iter().map(|(t, n)| format!("{} {n}", t.id())).collect();
        s.push_str(&format!(" Techniques: {}.", counts.join(", ")));
        s
    }

    fn solution_block(&mut self, title: &str, values: &[u8; 81]) -> io::Result<()> {
        self.put(&format!("{title}: {}\n", to_digits(values)))?;
        self.put(&to_block_text(values))
    }
}

impl<W: Write> Observer<io::Error> for TextPrinter<W> {
    fn begin(&mut self, puzzle: &Puzzle, _grid: &Grid) -> io::Result<()> {
        // The header of every record is written in `end` for records that
        // never begin (errors); solving ones write theirs here, before steps.
        self.header(&puzzle.place(), puzzle.label.as_deref())?;
        self.put(&format!("{}\n", to_line(&puzzle.givens)))?;
        self.put(&to_block_text(&puzzle.givens))?;
        self.put("\n")
    }

    fn step(&mut self, number: usize, step: &Step, grid: &Grid) -> io::Result<()> {
        let palette = self.palette;
        let line = step.text_with(|part, text| {
            let style = match part {
                TextPart::Name => Style::new().bold(),
                TextPart::Result => Style::new().green(),
                TextPart::Pattern => Style::new().cyan(),
                TextPart::Reason => Style::new(),
            };
            palette.paint(text, style)
        });
        self.put(&format!("{number:>3}. {line}\n"))?;
        if self.show_grid {
            self.put(&candidate_grid(grid, Some(step), &self.palette))?;
            self.put("\n")?;
        }
        Ok(())
    }

    fn end(&mut self, outcome: &Outcome) -> io::Result<()> {
        // Why a record was not solved goes to stderr, with where it was read;
        // a record that is not a puzzle has nothing on stdout but its number.
        if let Some(reason) = reason(&outcome.verdict()) {
            tell(&reason);
        }
        if outcome.status == Status::Invalid {
            self.records += 1;
            return Ok(());
        }
        let began = outcome.grid.is_some();
        if !began {
            self.header(&outcome.place(), outcome.label.as_deref())?;
            if let Some(givens) = &outcome.puzzle {
                self.put(&format!("{}\n", to_line(givens)))?;
            }
        }
        match outcome.status {
            Status::Solved => {
                self.put("\n")?;
                self.solution_block("Solution", &outcome.solution.expect("a solved outcome has its solution"))?;
                let summary = self.summary(outcome);
                self.put(&format!("{summary}\n"))
            }
            Status::Stuck => {
                let grid = outcome.grid.as_ref().expect("a stuck outcome has its position");
                let note = format!(
                    "Stuck after {}: no technique applies and guessing is off (--no-guess). {} cells are still empty:",
                    steps_word(outcome.steps.len()),
                    81 - grid.filled_count()
                );
                self.put(&format!("\n{}\n", self.palette.paint(&note, Style::new().yellow())))?;
                self.put(&candidate_grid(grid, None, &self.palette))
            }
            Status::NoSolution => {
                let note = "No solution: no way to fill the grid keeps every row, column and box free of repeats.";
                self.put(&format!("{}\n", self.palette.paint(note, Style::new().red())))
            }
            Status::MultipleSolutions => {
                let note = "Several solutions: this is not a proper puzzle. Two of them:";
                self.put(&format!("{}\n", self.palette.paint(note, Style::new().red())))?;
                for (i, s) in outcome.solutions.iter().enumerate() {
                    self.solution_block(&format!("Solution {}", i + 1), s)?;
                }
                if let [a, b] = outcome.solutions.as_slice() {
                    let differ: Vec<String> = crate::grid::Cell::all()
                        .filter(|c| a[c.index()] != b[c.index()])
                        .map(|c| c.to_string())
                        .collect();
                    self.put(&format!("They differ in {} cells: {}.\n", differ.len(), differ.join(" ")))?;
                }
                Ok(())
            }
            // Told on stderr above.
            Status::Invalid => Ok(()),
        }
    }
}

impl<W: Write> Flush for TextPrinter<W> {
    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

impl<W: Write> Printer for TextPrinter<W> {}

/// `1 step`, `2 steps`.
fn steps_word(n: usize) -> String {
    if n == 1 {
        "1 step".to_string()
    } else {
        format!("{n} steps")
    }
}
