//! The `hint` printer: per record the next step, told at the level asked,
//! after the position's candidate grid when asked; or one JSON object per
//! line. With `apply`, the position after the step instead (the hint then
//! goes to stderr). Every output draws what the level reveals
//! ([`revealed`]), never the step itself, so no output gives more away.

use super::json::JsonStep;
use super::proof::proof_lines;
use super::JsonOrigin;
use super::{candidate_grid, reason, result_word, tell, Flush, Format, Palette, RecordPrinter};
use crate::explain::step::Step;
use crate::io::format::to_pencil_line;
use crate::io::input::Origin;
use crate::tools::hint::{hint_text, revealed, Hint, HintLevel};
use serde::Serialize;
use std::io::{self, Write};

/// Per record the next step, told at a [`HintLevel`] (`hint`): text, the
/// hint then ` # FILE:LINE [LABEL]`, or JSON. A record with no hint gets a
/// status word in text (`solved`, `no-solution`, ...), the reason on stderr.
///
/// With [`applying`](HintPrinter::applying) (`hint --apply`) stdout gets,
/// per record, the position after the step as one pencil-mark line and
/// nothing else, so that it can be given back to `hint`; the hint line goes
/// to stderr unless quiet. A solved position is printed as it is.
pub struct HintPrinter<W> {
    out: W,
    level: HintLevel,
    /// Print the candidate grid before the hint, the step's cells marked.
    show_grid: bool,
    palette: Palette,
    format: Format,
    /// Print the position after the step instead of the hint.
    apply: bool,
    /// With `apply`, keep the hint off stderr.
    quiet: bool,
}

impl<W: Write> HintPrinter<W> {
    /// A text printer writing to `out` at `level`, after the candidate grid with `show_grid`.
    pub fn new(out: W, level: HintLevel, show_grid: bool, palette: Palette) -> HintPrinter<W> {
        HintPrinter { out, level, show_grid, palette, format: Format::Text, apply: false, quiet: false }
    }

    /// The same printer writing `format`.
    pub fn with_format(mut self, format: Format) -> HintPrinter<W> {
        self.format = format;
        self
    }

    /// The same printer printing the position after each step (text), or
    /// adding it as `position` (JSON); with `quiet`, no hint on stderr.
    pub fn applying(mut self, quiet: bool) -> HintPrinter<W> {
        self.apply = true;
        self.quiet = quiet;
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
    /// What the level reveals of the step, as a solve's steps are written.
    step: Option<JsonStep>,
    /// With `--apply`: the position after the step, as a pencil-mark line.
    #[serde(skip_serializing_if = "Option::is_none")]
    position: Option<String>,
    error: Option<String>,
}

impl<W: Write> HintPrinter<W> {
    fn json(&self, origin: &Origin, hint: &Hint) -> String {
        let mut record = JsonHint {
            origin: JsonOrigin::of(origin),
            status: "hint",
            hint: None,
            technique: None,
            step: None,
            position: None,
            error: None,
        };
        match hint {
            Hint::Next { step, .. } => {
                let text = told(step, self.level);
                let mut shown = JsonStep::from(&revealed(step, self.level));
                shown.text = text.clone();
                record.hint = Some(text);
                record.technique = Some(step.technique.id());
                record.step = Some(shown);
            }
            Hint::Solved { .. } => record.status = "solved",
            Hint::Refused(verdict) => {
                record.status = verdict.status.as_str();
                record.error = reason(origin, verdict);
            }
        }
        if self.apply {
            record.position = hint.position_after().map(|grid| to_pencil_line(&grid));
        }
        serde_json::to_string(&record).expect("a record always serializes") + "\n"
    }

    /// The hint line of a record with a step: the candidate grid when asked, then the hint.
    fn hint_lines(&self, origin: &Origin, hint: &Hint) -> String {
        let Hint::Next { grid, step } = hint else { return String::new() };
        let shown = revealed(step, self.level);
        let grid =
            if self.show_grid { candidate_grid(grid, Some(&shown), &self.palette) + "\n" } else { String::new() };
        format!("{grid}{}{}\n", told(step, self.level), origin.comment())
    }
}

/// The hint's one line. In full, a forcing step is told as `solve` tells it,
/// its head then its short proof, the branch and sub-proof lines joined by
/// `; ` (the long form, every fact in words, runs to thousands of words).
fn told(step: &Step, level: HintLevel) -> String {
    match step.forcing.as_deref() {
        Some(forcing) if level == HintLevel::Full => {
            format!("{}. {}", step.headline_with(|_, text| text.to_string()), proof_lines(forcing).join("; "))
        }
        _ => hint_text(step, level),
    }
}

impl<W: Write> RecordPrinter<(Origin, Hint)> for HintPrinter<W> {
    fn print(&mut self, (origin, hint): &(Origin, Hint)) -> io::Result<()> {
        if self.format == Format::Json {
            return self.out.write_all(self.json(origin, hint).as_bytes());
        }
        let comment = origin.comment();
        let (text, message) = match hint {
            Hint::Refused(verdict) => (format!("{}{comment}\n", result_word(verdict)), reason(origin, verdict)),
            Hint::Solved { grid, .. } => {
                let text = if self.apply { to_pencil_line(grid) + "\n" } else { format!("solved{comment}\n") };
                (text, Some(format!("{}: already solved", origin.place())))
            }
            Hint::Next { .. } if self.apply => {
                let after = hint.position_after().expect("a step has a position after it");
                if !self.quiet {
                    // Flushed first, so that a terminal shows the step above the position.
                    self.out.flush()?;
                    let lines = self.hint_lines(origin, hint);
                    tell(lines.trim_end_matches('\n'));
                }
                (to_pencil_line(&after) + "\n", None)
            }
            Hint::Next { .. } => (self.hint_lines(origin, hint), None),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::catalog::TechniqueId;
    use crate::explain::observer::Silent;
    use crate::explain::solve::{solve, SolveOptions};
    use crate::explain::step::Step;
    use crate::io::input::Records;
    use crate::model::cell::Cell;
    use crate::model::grid::Grid;
    use std::collections::BTreeMap;

    /// The cells a text names: `r4c7`, and the groups of Eureka notation
    /// (`r46c9` is r4c9 and r6c9).
    fn cells_named(text: &str) -> Vec<Cell> {
        let bytes = text.as_bytes();
        let digits_at = |mut i: usize| {
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            (&bytes[start..i], i)
        };
        let mut cells = Vec::new();
        for i in 0..bytes.len() {
            if bytes[i] != b'r' || (i > 0 && bytes[i - 1].is_ascii_alphabetic()) {
                continue;
            }
            let (rows, at) = digits_at(i + 1);
            if rows.is_empty() || bytes.get(at) != Some(&b'c') {
                continue;
            }
            let (cols, _) = digits_at(at + 1);
            for r in rows {
                for c in cols {
                    if (b'1'..=b'9').contains(r) && (b'1'..=b'9').contains(c) {
                        cells.push(Cell::at(r - b'1', c - b'1'));
                    }
                }
            }
        }
        cells
    }

    /// Up to three steps of every technique the puzzles of techniques.txt
    /// take, each with the position before it: real steps, as the solver
    /// finds them, not made by hand.
    fn real_steps() -> Vec<(Grid, Step)> {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/techniques.txt");
        let text = std::fs::read(path).expect("the bundled techniques file");
        let mut seen: BTreeMap<TechniqueId, usize> = BTreeMap::new();
        let mut steps = Vec::new();
        for record in Records::new(&text[..]) {
            let puzzle = record.expect("a puzzle");
            let outcome = solve(&puzzle, SolveOptions::default(), &mut Silent);
            let mut grid = puzzle.grid();
            for step in outcome.steps {
                let count = seen.entry(step.technique).or_default();
                if *count < 3 {
                    *count += 1;
                    steps.push((grid.clone(), step.clone()));
                }
                step.apply_to(&mut grid);
            }
        }
        assert!(seen.len() > 50, "every technique of the file: {}", seen.len());
        steps
    }

    fn print(level: HintLevel, format: Format, grid: bool, hint: Hint) -> String {
        let mut out = Vec::new();
        let mut printer = HintPrinter::new(&mut out, level, grid, Palette { color: true }).with_format(format);
        printer.print(&(Origin::default(), hint)).unwrap();
        String::from_utf8(out).unwrap()
    }

    /// What at `level` must not show of `step`, in `output`.
    fn assert_holds_back(output: &str, step: &Step, level: HintLevel) {
        let named = cells_named(output);
        let why = || format!("{level:?} of {}:\n{output}", step.text());
        for p in &step.placements {
            assert!(!output.contains(&format!("{}={}", p.cell, p.digit)), "{}", why());
            assert!(!named.contains(&p.cell), "names the answer cell {}: {}", p.cell, why());
        }
        for e in &step.eliminations {
            assert!(!output.contains(&format!("{}<>{}", e.cell, e.digit)), "{}", why());
            assert!(!output.contains(&format!("({}){}", e.digit, e.cell)), "a chain node is the answer: {}", why());
        }
        if level == HintLevel::Vague {
            assert!(named.is_empty(), "vague names no cell: {}", why());
        }
    }

    #[test]
    fn vague_and_concrete_hold_back_in_text_json_and_grid() {
        for (grid, step) in real_steps() {
            for level in [HintLevel::Vague, HintLevel::Concrete] {
                let shown = revealed(&step, level);
                assert!(shown.placements.is_empty() && shown.eliminations.is_empty() && shown.reason.is_empty());
                // A forcing step shows no proof: at most a contradiction's
                // assumption (and, for a nested net, where it ends).
                if let Some(forcing) = &shown.forcing {
                    assert_eq!(level, HintLevel::Concrete);
                    assert_eq!(forcing.branches.len(), 1);
                    assert!(forcing.branches[0].facts.len() <= 2 && forcing.nested.is_empty());
                }
                assert_eq!(revealed(&shown, level), shown, "revealing is idempotent");
                if level == HintLevel::Vague {
                    assert!(shown.cells.is_empty() && shown.chain.is_none(), "{}", step.text());
                }
                // Houses that cross only at the answer would point at it.
                let placed: crate::model::sets::CellSet = step.placements.iter().map(|p| p.cell).collect();
                let crossing =
                    shown.houses.iter().fold(crate::model::sets::CellSet::ALL, |acc, h| acc.intersection(h.cells()));
                assert!(shown.houses.len() < 2 || placed.is_empty() || crossing != placed, "{}", step.text());
                let next = |step: &Step| Hint::Next { grid: Box::new(grid.clone()), step: step.clone() };
                for (format, with_grid) in [(Format::Text, false), (Format::Text, true), (Format::Json, false)] {
                    let output = print(level, format, with_grid, next(&step));
                    assert_holds_back(&output, &step, level);
                    // Every output is drawn from what the level reveals, and from nothing else.
                    assert_eq!(output, print(level, format, with_grid, next(&shown)), "{}", step.text());
                }
                let json: serde_json::Value =
                    serde_json::from_str(&print(level, Format::Json, false, next(&step))).unwrap();
                assert_eq!(json["step"]["placements"], serde_json::json!([]));
                assert_eq!(json["step"]["eliminations"], serde_json::json!([]));
                assert_eq!(json["hint"], json["step"]["text"]);
            }
        }
    }

    #[test]
    fn the_levels_name_where_to_look_by_family() {
        let first = |id: TechniqueId| real_steps().into_iter().find(|(_, s)| s.technique == id).unwrap().1;
        let vague = |id| hint_text(&first(id), HintLevel::Vague);
        let concrete = |id| hint_text(&first(id), HintLevel::Concrete);
        assert_eq!(vague(TechniqueId::HiddenSingle), "Look for a Hidden Single on 4 in box 7.");
        assert_eq!(concrete(TechniqueId::HiddenSingle), "Look for a Hidden Single on 4 in box 7.");
        assert_eq!(vague(TechniqueId::NakedSingle), "Look for a Naked Single in box 7.");
        assert_eq!(vague(TechniqueId::FullHouse), "Look for a Full House in row 8.");
        assert_eq!(vague(TechniqueId::Pointing), "Look for Pointing on 4 in box 3.");
        assert_eq!(concrete(TechniqueId::Pointing), "Look for Pointing: 4 in b3,c8 (r1c8 r2c8).");
        assert_eq!(vague(TechniqueId::NakedPair), "Look for a Naked Pair in row 3.");
        assert_eq!(vague(TechniqueId::XWing), "Look for an X-Wing on 9.");
        assert_eq!(vague(TechniqueId::UniqueRectangle1), "Look for a Unique Rectangle Type 1 on 7 and 9.");
        assert_eq!(vague(TechniqueId::YWing), "Look for a Y-Wing.");
        let contradiction = concrete(TechniqueId::ContradictionForcingChain);
        assert_eq!(contradiction, "Look for a Contradiction Forcing Chain: assume r5c7=3 and follow what it forces.");
    }

    #[test]
    fn apply_prints_the_position_after_the_step_and_json_adds_it() {
        let (grid, step) = real_steps().into_iter().find(|(_, s)| s.technique == TechniqueId::Pointing).unwrap();
        let hint = Hint::Next { grid: Box::new(grid.clone()), step: step.clone() };
        let mut out = Vec::new();
        let mut printer = HintPrinter::new(&mut out, HintLevel::Full, false, Palette::default()).applying(true);
        printer.print(&(Origin::default(), hint.clone())).unwrap();
        let line = String::from_utf8(out).unwrap();
        let mut after = grid.clone();
        step.apply_to(&mut after);
        assert_eq!(line, to_pencil_line(&after) + "\n");
        let e = step.eliminations[0];
        let read = Records::new(line.as_bytes()).next().unwrap().unwrap().grid();
        assert!(grid.has_candidate(e.cell, e.digit) && !read.has_candidate(e.cell, e.digit));
        let mut out = Vec::new();
        let mut printer = HintPrinter::new(&mut out, HintLevel::Vague, false, Palette::default())
            .with_format(Format::Json)
            .applying(true);
        printer.print(&(Origin::default(), hint)).unwrap();
        let json: serde_json::Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(json["position"], to_pencil_line(&after));
        assert_eq!(json["hint"], "Look for Pointing on 4 in box 3.");
    }
}
