//! Running a stream of records through a solver, in input order, writing
//! each result as soon as it is ready.

use crate::exact;
use crate::format::{to_digits, to_line};
use crate::hint::{hint_text, HintLevel};
use crate::input::{Puzzle, Record, RecordSource};
use crate::observer::Silent;
use crate::outcome::{Outcome, Status};
use crate::parallel::Batch;
use crate::print::{candidate_grid, Palette, Printer};
use crate::rate::Rating;
use crate::search::Search;
use crate::solve::{next_step_or_guess, replay, solve_record, validate, SolveOptions};
use crate::stats::Stats;
use crate::technique::TechniqueSet;
use serde::Serialize;
use std::io::{self, Write};
use std::time::{Duration, Instant};

/// Explains every record, and returns the worst exit code met. Stops early
/// only when output fails (a closed pipe) or the batch is interrupted,
/// returning that error. With `stats`, every outcome and its time are added.
pub fn solve_all(
    records: &mut dyn RecordSource,
    options: SolveOptions,
    printer: &mut dyn Printer,
    batch: Batch,
    mut stats: Option<&mut Stats>,
) -> io::Result<u8> {
    let mut worst = 0;
    let render = printer.renderer();
    let result = batch.run(
        records,
        |record| {
            let (outcome, elapsed) = timed(|| solve_record(record, options, &mut Silent));
            let text = render.map(|render| render(&outcome));
            (outcome, elapsed, text)
        },
        |record, (outcome, elapsed, text), drained| {
            match text {
                Some(text) => printer.put_rendered(&text),
                None => replay(&record, &outcome, printer),
            }
            if let Some(stats) = stats.as_deref_mut() {
                stats.record(&outcome, elapsed);
            }
            worst = worst.max(outcome.status.exit_code());
            printer.write_through(drained)
        },
    );
    // What was handed on before an interrupt is printed whole.
    printer.write_through(true)?;
    result.map(|()| worst)
}

fn timed<T>(work: impl FnOnce() -> T) -> (T, Duration) {
    let started = Instant::now();
    let result = work();
    (result, started.elapsed())
}

/// The one line per record that scripts read: the 81-digit solution, or
/// `line N: …` saying what went wrong.
pub fn status_line(line: usize, status: Status, solution: Option<&[u8; 81]>, error: Option<&str>) -> String {
    match (status, solution) {
        (Status::Solved, Some(s)) => to_digits(s),
        (Status::Invalid, _) => error.unwrap_or("not a puzzle").to_string(),
        (Status::Stuck, _) => format!("line {line}: stuck (no technique applies)"),
        (Status::NoSolution, _) => format!("line {line}: no solution"),
        (Status::MultipleSolutions, _) => format!("line {line}: several solutions"),
        (Status::Solved, None) => unreachable!("a solved outcome has its solution"),
    }
}

/// How the exact solver ends a record: its status, solution and error.
fn exact_result(record: &Record) -> (usize, Status, Option<[u8; 81]>, Option<String>) {
    let puzzle = match record {
        Ok(p) => p,
        Err(e) => return (e.line, Status::Invalid, None, Some(e.to_string())),
    };
    let search = exact_count(puzzle, 2);
    if let Some(clash) = clash_if_unsolvable(puzzle, search.count) {
        return (puzzle.line, Status::Invalid, None, Some(clash));
    }
    let status = match search.count {
        0 => Status::NoSolution,
        1 => Status::Solved,
        _ => Status::MultipleSolutions,
    };
    (puzzle.line, status, search.solution.filter(|_| status == Status::Solved), None)
}

/// The exact solver's count for a puzzle, honouring its pencil marks if it has them.
fn exact_count(puzzle: &Puzzle, limit: usize) -> exact::Search {
    match puzzle.masks() {
        Some(masks) => exact::count_within(&puzzle.givens, &masks, limit),
        None => exact::count(&puzzle.givens, limit),
    }
}

/// For a puzzle with no solution, the message naming a digit twice in a
/// house, if that is why. Clashing givens always leave no solution, so the
/// solvable majority of a batch skips the check.
fn clash_if_unsolvable(puzzle: &Puzzle, solutions: usize) -> Option<String> {
    if solutions > 0 {
        return None;
    }
    crate::format::find_clash(&puzzle.givens).map(|clash| format!("line {}, {clash}", puzzle.line))
}

/// `solve --exact`: the solution line per record, no explanation.
pub fn solve_exact_all(records: &mut dyn RecordSource, out: &mut dyn Write, batch: Batch) -> io::Result<u8> {
    let mut worst = 0;
    let mut text = String::with_capacity(128);
    let result = batch.run(records, exact_result, |_, (line, status, solution, error), drained| {
        worst = worst.max(status.exit_code());
        text.clear();
        text.push_str(&status_line(line, status, solution.as_ref(), error.as_deref()));
        text.push('\n');
        emit(out, &text, drained)
    });
    out.flush()?;
    result.map(|()| worst)
}

/// `count`: the number of solutions per record, capped at `limit`. Exit 0
/// only when every record has exactly one.
pub fn count_all(records: &mut dyn RecordSource, limit: usize, out: &mut dyn Write, batch: Batch) -> io::Result<u8> {
    let mut worst = 0;
    let count = |record: &Record| match record {
        Err(e) => (2, e.to_string()),
        Ok(p) => {
            let n = exact_count(p, limit).count;
            match clash_if_unsolvable(p, n) {
                Some(clash) => (2, clash),
                None => (u8::from(n != 1), n.to_string()),
            }
        }
    };
    let result = batch.run(records, count, |_, (code, text), drained| {
        worst = worst.max(code);
        emit(out, &format!("{text}\n"), drained)
    });
    out.flush()?;
    result.map(|()| worst)
}

/// Writes `text` for one record, flushing when no more input is at hand.
fn emit(out: &mut dyn Write, text: &str, drained: bool) -> io::Result<()> {
    out.write_all(text.as_bytes())?;
    if drained {
        out.flush()?;
    }
    Ok(())
}

/// `hint`: per record the next step from its position, told at `level`;
/// with `show_grid`, the candidate grid before it, the step's cells marked.
pub fn hint_all(
    records: &mut dyn RecordSource,
    level: HintLevel,
    techniques: TechniqueSet,
    show_grid: bool,
    palette: Palette,
    out: &mut dyn Write,
) -> io::Result<u8> {
    let mut worst = 0;
    while let Some(record) = records.next() {
        let text = match &record {
            Err(e) => {
                worst = 2;
                format!("{e}\n")
            }
            Ok(puzzle) => match validate(puzzle) {
                Err(outcome) => {
                    worst = worst.max(outcome.status.exit_code());
                    let line = status_line(outcome.line, outcome.status, None, outcome.error.as_deref());
                    format!("{line}\n")
                }
                Ok(_) if puzzle.grid().is_solved() => format!("line {}: already solved\n", puzzle.line),
                Ok(solution) => {
                    let grid = puzzle.grid();
                    let step = next_step_or_guess(&mut Search::new(techniques), &grid, &solution);
                    let shown =
                        if show_grid { candidate_grid(&grid, Some(&step), &palette) + "\n" } else { String::new() };
                    format!("{shown}{}\n", hint_text(&step, level))
                }
            },
        };
        emit(out, &text, records.drained())?;
    }
    out.flush()?;
    Ok(worst)
}

#[derive(Serialize)]
struct RateRecord<'a> {
    line: usize,
    puzzle: Option<String>,
    status: &'static str,
    rating: Option<&'a Rating>,
    error: Option<String>,
}

/// `rate`: per record `<puzzle> ER/EP/ED <level> <hardest> <score>`, or with
/// `json` one object per line. With `stats`, every outcome and its time are added.
pub fn rate_all(
    records: &mut dyn RecordSource,
    json: bool,
    out: &mut dyn Write,
    batch: Batch,
    mut stats: Option<&mut Stats>,
) -> io::Result<u8> {
    let mut worst = 0;
    let result = batch.run(
        records,
        |record| timed(|| solve_record(record, SolveOptions::default(), &mut Silent)),
        |_, (outcome, elapsed), drained| {
            if let Some(stats) = stats.as_deref_mut() {
                stats.record(&outcome, elapsed);
            }
            worst = worst.max(outcome.status.exit_code());
            emit(out, &rate_text(&outcome, json), drained)
        },
    );
    out.flush()?;
    result.map(|()| worst)
}

/// One `rate` result line, text or JSON, with its newline.
fn rate_text(outcome: &Outcome, json: bool) -> String {
    let rating = outcome.rating.as_ref();
    let puzzle = outcome.puzzle.as_ref().map(to_line);
    if json {
        let line = RateRecord {
            line: outcome.line,
            puzzle,
            status: outcome.status.as_str(),
            rating,
            error: outcome.error.clone(),
        };
        return serde_json::to_string(&line).expect("a record always serializes") + "\n";
    }
    match (rating, puzzle) {
        (Some(r), Some(p)) => format!("{p} {} {} {} {}\n", r.triple(), r.level, r.hardest.unwrap_or("none"), r.score),
        _ => status_line(outcome.line, outcome.status, None, outcome.error.as_deref()) + "\n",
    }
}
