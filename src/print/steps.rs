//! The `steps` printer: per position every step listed, grouped by
//! technique, each written as `solve` writes it (text, with the candidate
//! grid when asked), or one JSON object per step; Sudoku Explainer's hints
//! with their ratings for `steps --se`.

use super::json::JsonStep;
use super::proof::proof_lines;
use super::text::STEP_INDENT;
use super::wrap::wrap;
use super::JsonOrigin;
use super::{candidate_grid, reason, result_word, tell, Flush, Format, Palette, RecordPrinter};
use crate::explain::position_steps::TechniqueSteps;
use crate::explain::step::{Step, TextPart};
use crate::io::format::to_pencil_line;
use crate::io::input::Origin;
use crate::model::grid::Grid;
use crate::se_rating::SeStep;
use crate::tools::all_steps::Listing;
use owo_colors::Style;
use serde::Serialize;
use std::io::{self, Write};

/// Per position every step (`steps`): text for people, or JSON lines.
///
/// Text: `Position N (FILE:LINE) [LABEL]`, the position as a pencil-mark
/// line, then per technique a heading (`X-Wing: 2 steps`, with how many
/// more the limit left out and whether the search was stopped at its cap)
/// and its steps numbered through the position, then a count. JSON: one
/// object per step, the step as `solve` writes its steps plus `position`,
/// `number`, `more` and `capped`; a position without steps, one object with
/// its `status`.
pub struct StepsPrinter<W> {
    out: W,
    format: Format,
    /// Draw each step on the position's candidate grid.
    show_grid: bool,
    palette: Palette,
    /// Wrap text lines at this many columns.
    width: Option<usize>,
    records: usize,
}

impl<W: Write> StepsPrinter<W> {
    /// A printer writing `format` to `out`; with `show_grid` every step of
    /// the text is drawn on the candidate grid.
    pub fn new(out: W, format: Format, show_grid: bool, palette: Palette) -> StepsPrinter<W> {
        StepsPrinter { out, format, show_grid, palette, width: None, records: 0 }
    }

    /// The same printer wrapping text at `width` columns.
    pub fn with_width(mut self, width: Option<usize>) -> StepsPrinter<W> {
        self.width = width;
        self
    }

    fn line(&self, text: &str, hang: usize) -> String {
        match self.width {
            Some(width) => wrap(text, width, hang) + "\n",
            None => format!("{text}\n"),
        }
    }

    /// One step as `solve` writes it, after its grid when asked.
    fn step_text(&self, number: usize, step: &Step, grid: &Grid) -> String {
        let palette = self.palette;
        let paint = |part: TextPart, text: &str| match part {
            TextPart::Result => super::text::paint_result(text, &palette),
            TextPart::Name => palette.paint(text, Style::new().bold()),
            TextPart::Pattern => palette.paint(text, Style::new().cyan()),
            TextPart::Reason => text.to_string(),
        };
        let mut out = if self.show_grid { candidate_grid(grid, Some(step), &self.palette) } else { String::new() };
        match step.forcing.as_deref() {
            Some(forcing) => {
                out += &self.line(&format!("{number:>3}. {}.", step.headline_with(paint)), STEP_INDENT);
                for line in proof_lines(forcing) {
                    out += &self.line(&format!("{}{line}", " ".repeat(STEP_INDENT)), STEP_INDENT + 2);
                }
            }
            None => out += &self.line(&format!("{number:>3}. {}", step.text_with(paint)), STEP_INDENT),
        }
        if self.show_grid {
            out.push('\n');
        }
        out
    }

    fn header(&mut self, origin: &Origin, grid: &Grid) -> String {
        let label = origin.label.as_deref().map(|l| format!(" [{l}]")).unwrap_or_default();
        let title = format!("Position {} ({}){label}", self.records, origin.place());
        let blank = if self.records > 1 { "\n" } else { "" };
        format!("{blank}{}\n{}\n", self.palette.paint(&title, Style::new().bold()), to_pencil_line(grid))
    }

    fn text(&mut self, origin: &Origin, grid: &Grid, groups: &[TechniqueSteps]) -> String {
        let mut out = self.header(origin, grid);
        let mut number = 0;
        for group in groups {
            out += &self.palette.paint(&group_heading(group), Style::new().bold());
            out.push('\n');
            for step in &group.steps {
                number += 1;
                out += &self.step_text(number, step, grid);
            }
        }
        let techniques = groups.len();
        out += &match number {
            0 => "No step: no technique asked applies.\n".to_string(),
            _ => format!("{number} {} by {techniques} {}.\n", plural(number, "step"), plural(techniques, "technique")),
        };
        out
    }

    fn se_text(&mut self, origin: &Origin, grid: &Grid, hints: &[(SeStep, bool)]) -> String {
        let mut out = self.header(origin, grid);
        for (k, (hint, _)) in hints.iter().enumerate() {
            out += &self.line(&format!("{:>3}. {}  {}", k + 1, hint.rating(), hint.text()), STEP_INDENT + 5);
        }
        let mut capped: Vec<String> = Vec::new();
        for (hint, _) in hints.iter().filter(|(_, capped)| *capped) {
            let name = hint.technique.printed_name().to_string();
            if !capped.contains(&name) {
                capped.push(name);
            }
        }
        for name in capped {
            out += &format!(
                "{name}: stopped after {} hints; there may be more.\n",
                crate::se_rating::SE_CHAIN_LISTING_CAP
            );
        }
        out += &match hints.len() {
            0 => "No hint: no Sudoku Explainer technique applies.\n".to_string(),
            n => format!("{n} {} of Sudoku Explainer.\n", plural(n, "hint")),
        };
        out
    }

    fn json(&self, origin: &Origin, listing: &Listing) -> String {
        let origin = JsonOrigin::of(origin);
        let mut lines = String::new();
        let mut push = |value: &dyn erased::Line| lines.push_str(&(value.to_json() + "\n"));
        match listing {
            Listing::Steps { grid, groups } => {
                let position = to_pencil_line(grid);
                let mut number = 0;
                for group in groups {
                    for step in &group.steps {
                        number += 1;
                        push(&JsonListed {
                            origin,
                            status: "step",
                            position: &position,
                            number,
                            more: group.more,
                            capped: group.capped.is_some(),
                            step: JsonStep::from(step),
                        });
                    }
                }
                if number == 0 {
                    push(&JsonNone { origin, status: "none", position: Some(&position), error: None });
                }
            }
            Listing::Se { grid, hints } => {
                let position = to_pencil_line(grid);
                for (k, (hint, capped)) in hints.iter().enumerate() {
                    push(&JsonSe {
                        origin,
                        status: "se-hint",
                        position: &position,
                        number: k + 1,
                        technique: hint.technique.printed_name().to_string(),
                        rating: hint.rating(),
                        text: hint.text(),
                        placements: hint.placement.iter().map(|&(c, d)| format!("{c}={d}")).collect(),
                        eliminations: hint.removals.iter().map(|r| format!("{}<>{}", r.cell, r.digit)).collect(),
                        capped: *capped,
                    });
                }
                if hints.is_empty() {
                    push(&JsonNone { origin, status: "none", position: Some(&position), error: None });
                }
            }
            Listing::Solved { grid } => {
                let position = to_pencil_line(grid);
                push(&JsonNone { origin, status: "solved", position: Some(&position), error: None });
            }
            Listing::Refused(verdict) => {
                let error = verdict.error.clone().or_else(|| Some(verdict.status.as_str().to_string()));
                push(&JsonNone { origin, status: verdict.status.as_str(), position: None, error });
            }
        }
        lines
    }
}

/// `X-Wing: 2 steps`, with what the limit and the cap left out.
pub(super) fn group_heading(group: &TechniqueSteps) -> String {
    let shown = group.steps.len();
    let mut heading = format!("{}: {shown} {}", group.technique.name(), plural(shown, "step"));
    if group.more > 0 {
        heading += &format!(", {} more not shown (--limit)", group.more);
    }
    if let Some(cap) = group.capped {
        heading += &format!("; its search stops after {cap}, so there may be more");
    }
    if let Some(bound) = group.technique.descriptor().listing_bound {
        heading += &format!(" ({bound})");
    }
    heading
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        word.to_string()
    } else {
        format!("{word}s")
    }
}

/// JSON lines of different shapes through one writer.
mod erased {
    pub(super) trait Line {
        fn to_json(&self) -> String;
    }

    impl<T: serde::Serialize> Line for T {
        fn to_json(&self) -> String {
            serde_json::to_string(self).expect("a listing always serializes")
        }
    }
}

#[derive(Serialize)]
struct JsonListed<'a> {
    #[serde(flatten)]
    origin: JsonOrigin<'a>,
    status: &'static str,
    /// The position the step applies to, as a pencil-mark line.
    position: &'a str,
    /// The step's number in the listing of its position, from 1.
    number: usize,
    /// How many more steps of its technique the limit left out.
    more: usize,
    /// Whether its technique's search was stopped at its cap.
    capped: bool,
    #[serde(flatten)]
    step: JsonStep,
}

#[derive(Serialize)]
struct JsonSe<'a> {
    #[serde(flatten)]
    origin: JsonOrigin<'a>,
    status: &'static str,
    position: &'a str,
    number: usize,
    technique: String,
    rating: crate::se_rating::Tenths,
    text: String,
    placements: Vec<String>,
    eliminations: Vec<String>,
    capped: bool,
}

#[derive(Serialize)]
struct JsonNone<'a> {
    #[serde(flatten)]
    origin: JsonOrigin<'a>,
    status: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    position: Option<&'a str>,
    error: Option<String>,
}

impl<W: Write> RecordPrinter<(Origin, Listing)> for StepsPrinter<W> {
    fn print(&mut self, (origin, listing): &(Origin, Listing)) -> io::Result<()> {
        self.records += 1;
        if self.format == Format::Json {
            if let Listing::Refused(verdict) = listing {
                if let Some(reason) = reason(origin, verdict) {
                    tell(&reason);
                }
            }
            return self.out.write_all(self.json(origin, listing).as_bytes());
        }
        let text = match listing {
            Listing::Steps { grid, groups } => self.text(origin, grid, groups),
            Listing::Se { grid, hints } => self.se_text(origin, grid, hints),
            Listing::Solved { .. } => {
                tell(&format!("{}: already solved", origin.place()));
                format!("solved{}\n", origin.comment())
            }
            Listing::Refused(verdict) => {
                if let Some(reason) = reason(origin, verdict) {
                    tell(&reason);
                }
                format!("{}{}\n", result_word(verdict), origin.comment())
            }
        };
        self.out.write_all(text.as_bytes())
    }
}

impl<W: Write> Flush for StepsPrinter<W> {
    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}
