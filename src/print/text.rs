//! The text printer: the puzzle, one numbered line per step, the solution
//! and a summary, as a person reads it.

use super::{candidate_grid, Palette, Printer, Sink};
use crate::format::{to_block_text, to_digits, to_line};
use crate::grid::Grid;
use crate::input::Puzzle;
use crate::observer::Observer;
use crate::outcome::{Outcome, Status};
use crate::step::{Step, TextPart};
use owo_colors::Style;
use std::io::{self, Write};

pub struct TextPrinter<W> {
    sink: Sink<W>,
    palette: Palette,
    /// Print the candidate grid after every step.
    show_grid: bool,
    records: usize,
}

impl<W: Write> TextPrinter<W> {
    pub fn new(out: W, palette: Palette, show_grid: bool) -> TextPrinter<W> {
        TextPrinter { sink: Sink::new(out), palette, show_grid, records: 0 }
    }

    fn header(&mut self, line: usize, label: Option<&str>) {
        if self.records > 0 {
            self.sink.put("\n");
        }
        self.records += 1;
        let label = label.map(|l| format!(" [{l}]")).unwrap_or_default();
        let title = format!("Puzzle {} (line {line}){label}", self.records);
        let title = self.palette.paint(&title, Style::new().bold());
        self.sink.put(&format!("{title}\n"));
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
            s.push_str(&format!(" {what}: {} ({:.1}).", h.technique.name(), h.rating()));
        }
        let rating = outcome.rating.as_ref().expect("a solved outcome has its rating");
        s.push_str(&format!(" Rating {} {}, score {}.", rating.triple(), rating.level, rating.score));
        let counts: Vec<String> = outcome.technique_counts().iter().map(|(t, n)| format!("{} {n}", t.id())).collect();
        s.push_str(&format!(" Techniques: {}.", counts.join(", ")));
        s
    }

    fn solution_block(&mut self, title: &str, values: &[u8; 81]) {
        self.sink.put(&format!("{title}: {}\n", to_digits(values)));
        self.sink.put(&to_block_text(values));
    }
}

impl<W: Write> Observer for TextPrinter<W> {
    fn begin(&mut self, puzzle: &Puzzle, _grid: &Grid) {
        // The header of every record is written in `end` for records that
        // never begin (errors); solving ones write theirs here, before steps.
        self.header(puzzle.line, puzzle.label.as_deref());
        self.sink.put(&format!("{}\n", to_line(&puzzle.givens)));
        self.sink.put(&to_block_text(&puzzle.givens));
        self.sink.put("\n");
    }

    fn step(&mut self, number: usize, step: &Step, grid: &Grid) {
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
        self.sink.put(&format!("{number:>3}. {line}\n"));
        if self.show_grid {
            self.sink.put(&candidate_grid(grid, Some(step), &self.palette));
            self.sink.put("\n");
        }
    }

    fn end(&mut self, outcome: &Outcome) {
        let began = outcome.grid.is_some();
        if !began {
            self.header(outcome.line, outcome.label.as_deref());
            if let Some(givens) = &outcome.puzzle {
                self.sink.put(&format!("{}\n", to_line(givens)));
            }
        }
        match outcome.status {
            Status::Solved => {
                self.sink.put("\n");
                self.solution_block("Solution", &outcome.solution.expect("a solved outcome has its solution"));
                let summary = self.summary(outcome);
                self.sink.put(&format!("{summary}\n"));
            }
            Status::Stuck => {
                let grid = outcome.grid.as_ref().expect("a stuck outcome has its position");
                let note = format!(
                    "Stuck after {}: no technique applies and guessing is off (--no-guess). {} cells are still empty:",
                    steps_word(outcome.steps.len()),
                    81 - grid.filled_count()
                );
                self.sink.put(&format!("\n{}\n", self.palette.paint(&note, Style::new().yellow())));
                self.sink.put(&candidate_grid(grid, None, &self.palette));
            }
            Status::NoSolution => {
                let note = "No solution: no way to fill the grid keeps every row, column and box free of repeats.";
                self.sink.put(&format!("{}\n", self.palette.paint(note, Style::new().red())));
            }
            Status::MultipleSolutions => {
                let note = "Several solutions: this is not a proper puzzle. Two of them:";
                self.sink.put(&format!("{}\n", self.palette.paint(note, Style::new().red())));
                for (i, s) in outcome.solutions.iter().enumerate() {
                    self.solution_block(&format!("Solution {}", i + 1), s);
                }
                if let [a, b] = outcome.solutions.as_slice() {
                    let differ: Vec<String> = crate::grid::Cell::all()
                        .filter(|c| a[c.index()] != b[c.index()])
                        .map(|c| c.to_string())
                        .collect();
                    self.sink.put(&format!("They differ in {} cells: {}.\n", differ.len(), differ.join(" ")));
                }
            }
            Status::Invalid => {
                let message = outcome.error.as_deref().unwrap_or("not a puzzle");
                let text = format!("Error: {message}");
                self.sink.put(&format!("{}\n", self.palette.paint(&text, Style::new().red())));
            }
        }
    }
}

impl<W: Write> Printer for TextPrinter<W> {
    fn write_through(&mut self, flush: bool) -> io::Result<()> {
        self.sink.write_through(flush)
    }
}

/// `1 step`, `2 steps`.
fn steps_word(n: usize) -> String {
    if n == 1 {
        "1 step".to_string()
    } else {
        format!("{n} steps")
    }
}
