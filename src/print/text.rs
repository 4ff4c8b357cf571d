//! The text printer: the puzzle, one numbered line per step, the solution
//! and a summary, as a person reads it.

use super::proof::proof_lines;
use super::wrap::wrap;
use super::{marks_grid, pencil_grid, reason, tell, Flush, Marks, Palette, Printer};
use crate::explain::catalog::TechniqueId;
use crate::explain::observer::Observer;
use crate::explain::outcome::{Outcome, Status};
use crate::explain::step::{Step, TextPart};
use crate::io::format::{to_block_text, to_digits, to_line};
use crate::io::input::{Origin, Puzzle};
use crate::model::grid::Grid;
use owo_colors::Style;
use std::io::{self, Write};

/// How the steps of an explained solve are laid out.
#[derive(Clone, Copy, Debug, Default)]
pub struct TextLayout {
    /// Forcing steps in the long form, every fact in words on the step's
    /// line, rather than one short line per branch.
    pub verbose: bool,
    /// Each run of two or more singles (full house, naked, hidden) as one
    /// line of placements.
    pub fold_singles: bool,
    /// Wrap lines at this many columns (a terminal's width); none: never.
    pub width: Option<usize>,
}

/// An explained solve as text: the puzzle, one numbered line per step, the
/// solution and a summary.
pub struct TextPrinter<W> {
    out: W,
    palette: Palette,
    /// Print the candidate grid before every step, the step drawn on it.
    show_grid: bool,
    layout: TextLayout,
    /// With `show_grid`: the puzzle's givens (to tell them from digits the
    /// solve placed) and the position before the next step.
    givens: Option<[u8; 81]>,
    before: Option<Grid>,
    /// With `fold_singles`: the singles not printed yet, and the grid before the first.
    singles: Vec<(usize, Step)>,
    singles_grid: Option<Grid>,
    records: usize,
    /// The record being solved, as [`Printer::start`] told it.
    origin: Origin,
}

/// Where a step's text starts after its number (`123. `): continuation
/// lines and proof lines are indented to it.
pub(super) const STEP_INDENT: usize = 5;

impl<W: Write> TextPrinter<W> {
    /// A printer writing to `out`, with the candidate grid before every step with `show_grid`.
    pub fn new(out: W, palette: Palette, show_grid: bool) -> TextPrinter<W> {
        TextPrinter {
            out,
            palette,
            show_grid,
            layout: TextLayout::default(),
            givens: None,
            before: None,
            singles: Vec::new(),
            singles_grid: None,
            records: 0,
            origin: Origin::default(),
        }
    }

    /// The same printer with this layout.
    pub fn with_layout(mut self, layout: TextLayout) -> TextPrinter<W> {
        self.layout = layout;
        self
    }

    fn put(&mut self, text: &str) -> io::Result<()> {
        self.out.write_all(text.as_bytes())
    }

    /// Writes one line, wrapped to the layout's width with continuation
    /// lines indented by `hang`.
    fn put_line(&mut self, line: &str, hang: usize) -> io::Result<()> {
        match self.layout.width {
            Some(width) => {
                let wrapped = wrap(line, width, hang);
                self.put(&wrapped)?;
            }
            None => self.put(line)?,
        }
        self.put("\n")
    }

    /// One step: the grid before it when asked, then its line, then (for a
    /// forcing step, unless verbose) one short line per branch and sub-proof.
    fn put_step(&mut self, number: usize, step: &Step, before: Option<&Grid>) -> io::Result<()> {
        if let Some(grid) = before {
            let marks = Marks::of_step(grid, self.givens.as_ref(), step);
            self.put_grid(&marks)?;
        }
        let palette = self.palette;
        let paint = |part: TextPart, text: &str| match part {
            // Placements green, eliminations red: as the grid draws them.
            TextPart::Result => paint_result(text, &palette),
            TextPart::Name => palette.paint(text, Style::new().bold()),
            TextPart::Pattern => palette.paint(text, Style::new().cyan()),
            TextPart::Reason => text.to_string(),
        };
        match step.forcing.as_deref().filter(|_| !self.layout.verbose) {
            Some(forcing) => {
                let head = step.headline_with(paint);
                self.put_line(&format!("{number:>3}. {head}."), STEP_INDENT)?;
                for line in proof_lines(forcing) {
                    let indent = " ".repeat(STEP_INDENT);
                    self.put_line(&format!("{indent}{line}"), STEP_INDENT + 2)?;
                }
            }
            None => {
                let line = step.text_with(paint);
                self.put_line(&format!("{number:>3}. {line}"), STEP_INDENT)?;
            }
        }
        self.end_grid(before.is_some())
    }

    /// A candidate grid: it comes before the step it draws.
    fn put_grid(&mut self, marks: &Marks) -> io::Result<()> {
        self.put(&marks_grid(marks, &self.palette))
    }

    /// A blank line after a step drawn on a grid, to set it off from the next grid.
    fn end_grid(&mut self, drawn: bool) -> io::Result<()> {
        if drawn {
            self.put("\n")?;
        }
        Ok(())
    }

    /// Prints the singles held back: one alone as itself, a run as one line.
    fn put_singles(&mut self) -> io::Result<()> {
        let singles = std::mem::take(&mut self.singles);
        let grid = self.singles_grid.take();
        match singles.as_slice() {
            [] => Ok(()),
            [(number, step)] => self.put_step(*number, step, grid.as_ref()),
            [(first, _), .., (last, _)] => {
                // The grid before the run, every placement of the run on it.
                if let Some(grid) = &grid {
                    let marks = singles.iter().fold(Marks::new(grid, self.givens.as_ref()), |m, (_, s)| m.with(s));
                    self.put_grid(&marks)?;
                }
                let placed: Vec<String> = singles.iter().map(|(_, s)| s.result_text()).collect();
                let placed = self.palette.paint(&placed.join(" "), Style::new().green());
                let prefix = format!("{first:>3}-{last}. ");
                let hang = prefix.len();
                let name = self.palette.paint("Singles", Style::new().bold());
                self.put_line(&format!("{prefix}{name}: {placed}"), hang)?;
                self.end_grid(grid.is_some())
            }
        }
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

    fn solution_block(&mut self, title: &str, values: &[u8; 81]) -> io::Result<()> {
        self.put(&format!("{title}: {}\n", to_digits(values)))?;
        self.put(&to_block_text(values))
    }
}

impl<W: Write> Observer<io::Error> for TextPrinter<W> {
    fn begin(&mut self, puzzle: &Puzzle, grid: &Grid) -> io::Result<()> {
        self.origin = puzzle.origin();
        if self.show_grid {
            self.givens = Some(puzzle.givens);
            self.before = Some(grid.clone());
        }
        // The header of every record is written in `end` for records that
        // never begin (errors); solving ones write theirs here, before steps.
        let (place, label) = (self.origin.place(), self.origin.label.clone());
        self.header(&place, label.as_deref())?;
        self.put(&format!("{}\n", to_line(&puzzle.givens)))?;
        self.put(&to_block_text(&puzzle.givens))?;
        self.put("\n")
    }

    fn step(&mut self, number: usize, step: &Step, grid: &Grid) -> io::Result<()> {
        let single = step.descriptor().single;
        // The grid the step starts from; the one it ends with is the next's.
        let before = if self.show_grid { self.before.replace(grid.clone()) } else { None };
        if self.layout.fold_singles && single {
            if self.singles.is_empty() {
                self.singles_grid = before;
            }
            self.singles.push((number, step.clone()));
            return Ok(());
        }
        self.put_singles()?;
        self.put_step(number, step, before.as_ref())
    }

    fn end(&mut self, outcome: &Outcome) -> io::Result<()> {
        self.put_singles()?;
        // Why a record was not solved goes to stderr, with where it was read;
        // a record that is not a puzzle has nothing on stdout but its number.
        if let Some(reason) = reason(&self.origin, &outcome.verdict()) {
            tell(&reason);
        }
        if outcome.status == Status::Invalid {
            self.records += 1;
            return Ok(());
        }
        let began = outcome.grid.is_some();
        if !began {
            let (place, label) = (self.origin.place(), self.origin.label.clone());
            self.header(&place, label.as_deref())?;
            if let Some(givens) = &outcome.puzzle {
                self.put(&format!("{}\n", to_line(givens)))?;
            }
        }
        match outcome.status {
            Status::Solved => {
                self.put("\n")?;
                self.solution_block("Solution", &outcome.solution.expect("a solved outcome has its solution"))?;
                let summary = summary(outcome);
                self.put_line(&summary, 0)
            }
            Status::Stuck => {
                let grid = outcome.grid.as_ref().expect("a stuck outcome has its position");
                let note = format!(
                    "Stuck after {}: no technique applies and guessing is off (--no-guess). {} cells are still empty:",
                    steps_word(outcome.steps.len()),
                    81 - grid.filled_count()
                );
                let note = self.palette.paint(&note, Style::new().yellow());
                self.put("\n")?;
                self.put_line(&note, 0)?;
                self.put(&pencil_grid(grid))
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
                    let differ: Vec<String> = crate::model::cell::Cell::all()
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

impl<W: Write> Printer for TextPrinter<W> {
    fn start(&mut self, origin: &Origin) -> io::Result<()> {
        self.origin = origin.clone();
        Ok(())
    }
}

/// The summary line of a solved puzzle: steps, hardest step, score, rating, techniques.
pub(super) fn summary(outcome: &Outcome) -> String {
    let steps = outcome.steps.len();
    let guesses = outcome.steps.iter().filter(|s| s.technique == TechniqueId::BruteForce).count();
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

/// A step's result, `r1c2=5, r3c4<>6`: placements green, eliminations red.
pub(super) fn paint_result(text: &str, palette: &Palette) -> String {
    let parts: Vec<String> = text
        .split(", ")
        .map(|part| {
            let style = if part.contains("<>") { Style::new().red() } else { Style::new().green() };
            palette.paint(part, style)
        })
        .collect();
    parts.join(", ")
}

/// `1 step`, `2 steps`.
fn steps_word(n: usize) -> String {
    if n == 1 {
        "1 step".to_string()
    } else {
        format!("{n} steps")
    }
}
