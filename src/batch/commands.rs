//! What each command does to a stream of records: each record's origin and
//! its result go to a printer in input order, and each function returns the
//! worst exit code met ([`Exit`]). Stops early only when output fails (a
//! closed pipe) or the batch is interrupted, returning that error.

use super::exit::Exit;
use super::runner::{Batch, Weigh};
use super::stats::Stats;
use crate::exact::{self, Count};
use crate::explain::observer::{Observer, Silent};
use crate::explain::outcome::{Outcome, Status, Verdict};
use crate::explain::position_steps::StepsOptions;
use crate::explain::settings::Settings;
use crate::explain::solve::{solve, validate, SolveOptions};
use crate::io::input::{Origin, Puzzle, Record, RecordSource};
use crate::print::{Flush, Printer, RecordPrinter};
use crate::tools::all_steps::{list_se_steps, list_steps, Listing};
use crate::tools::check::{check, Checked, Side};
use crate::tools::hint::{hint, Hint};
use std::io;
use std::time::{Duration, Instant};

/// Solves one record; an input error becomes an `invalid` outcome, told to
/// `observer` as the end of a record that never began.
pub fn solve_record(record: &Record, options: SolveOptions, observer: &mut dyn Observer) -> Outcome {
    match record {
        Ok(puzzle) => solve(puzzle, options, observer),
        Err(error) => {
            let outcome = Outcome::unreadable(error);
            observer.end(&outcome).unwrap_or_else(|never| match never {});
            outcome
        }
    }
}

/// Tells `observer` about a finished solve as [`solve_record`] told its own
/// observer live: begin, every step with the grid after it, end. So a solve
/// can run on another thread, silently, and be printed afterwards in order.
/// Stops at the first error the observer returns.
pub fn replay<E, O: Observer<E> + ?Sized>(record: &Record, outcome: &Outcome, observer: &mut O) -> Result<(), E> {
    if let (Ok(puzzle), Status::Solved | Status::Stuck) = (record, outcome.status) {
        let mut grid = puzzle.grid();
        observer.begin(puzzle, &grid)?;
        for (i, step) in outcome.steps.iter().enumerate() {
            step.apply_to(&mut grid);
            observer.step(i + 1, step, &grid)?;
        }
    }
    observer.end(outcome)
}

/// Explains every record (`solve`), and returns the worst exit code met.
/// With `stats`, every outcome and its time are added.
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
            let text = render.map(|render| render(&Origin::of(record), &outcome));
            (outcome, elapsed, text)
        },
        |record, (outcome, elapsed, text), drained| {
            let origin = Origin::of(&record);
            // Counted before it is printed: a record whose output fails was
            // still solved, and `--stats` says so.
            if let Some(stats) = stats.as_deref_mut() {
                stats.record(&origin, &outcome, elapsed);
            }
            worst = worst.max(outcome.exit_code());
            match text {
                Some(text) => printer.put_rendered(&text)?,
                None => {
                    printer.start(&origin)?;
                    replay(&record, &outcome, printer)?
                }
            }
            flush_if(printer, drained)
        },
    );
    // What was handed on before an interrupt is printed whole.
    printer.flush()?;
    result.map(|()| worst)
}

fn timed<T>(work: impl FnOnce() -> T) -> (T, Duration) {
    let started = Instant::now();
    let result = work();
    (result, started.elapsed())
}

/// Flushes when no more input is at hand, so that a reader typing puzzles
/// one by one sees each answer at once.
fn flush_if(printer: &mut (impl Flush + ?Sized), drained: bool) -> io::Result<()> {
    if drained {
        printer.flush()?;
    }
    Ok(())
}

/// Prints one record's result, then flushes when no more input is at hand.
fn emit<R>(printer: &mut dyn RecordPrinter<R>, result: &R, drained: bool) -> io::Result<()> {
    printer.print(result)?;
    flush_if(printer, drained)
}

/// How the exact solver ends a record.
fn exact_verdict(record: &Record) -> Verdict {
    let puzzle = match record {
        Ok(p) => p,
        Err(e) => return Outcome::unreadable(e).verdict(),
    };
    let search = exact_count(puzzle, 2);
    let verdict = |status, solution, error| Verdict { puzzle: Some(puzzle.givens), status, solution, error };
    if let Some(clash) = clash_if_unsolvable(puzzle, search.count) {
        return verdict(Status::Invalid, None, Some(clash));
    }
    let status = match search.count {
        0 => Status::NoSolution,
        1 => Status::Solved,
        _ => Status::MultipleSolutions,
    };
    verdict(status, search.solution.filter(|_| status == Status::Solved), None)
}

/// The exact solver's count for a puzzle, honouring its pencil marks if it has them.
fn exact_count(puzzle: &Puzzle, limit: usize) -> exact::SolutionCount {
    match puzzle.masks() {
        Some(masks) => exact::count_solutions_within(&puzzle.givens, &masks, limit),
        None => exact::count_solutions(&puzzle.givens, limit),
    }
}

/// For a puzzle with no solution, the message naming a digit twice in a
/// house, if that is why. Clashing givens always leave no solution, so the
/// solvable majority of a batch skips the check.
fn clash_if_unsolvable(puzzle: &Puzzle, solutions: usize) -> Option<String> {
    if solutions > 0 {
        return None;
    }
    crate::io::format::find_clash(&puzzle.givens).map(|clash| format!("{}, {clash}", puzzle.place()))
}

/// `solve --exact`: per record how the exact solver ends it, no explanation.
pub fn solve_exact_all(
    records: &mut dyn RecordSource,
    printer: &mut dyn RecordPrinter<(Origin, Verdict)>,
    batch: Batch,
) -> io::Result<u8> {
    let mut worst = 0;
    let result = batch.run(records, exact_verdict, |record, verdict, drained| {
        worst = worst.max(verdict.exit_code());
        emit(printer, &(Origin::of(&record), verdict), drained)
    });
    printer.flush()?;
    result.map(|()| worst)
}

impl Weigh for Count {
    fn heap(&self) -> usize {
        self.error.heap()
    }
}

/// `count`: the number of solutions per record, capped at `limit` (one
/// more is looked for, to tell a capped count from an exact one), or why
/// the record is not a puzzle. Exit 0 only when every record has exactly one.
pub fn count_all(
    records: &mut dyn RecordSource,
    limit: usize,
    printer: &mut dyn RecordPrinter<(Origin, Count)>,
    batch: Batch,
) -> io::Result<u8> {
    let mut worst = 0;
    let count = |record: &Record| {
        let mut count = Count { puzzle: None, solutions: 0, capped: false, error: None };
        match record {
            Err(e) => count.error = Some(e.to_string()),
            Ok(p) => {
                count.puzzle = Some(p.givens);
                let n = exact_count(p, limit.saturating_add(1)).count;
                count.error = clash_if_unsolvable(p, n);
                (count.solutions, count.capped) = (n.min(limit), n > limit);
            }
        }
        count
    };
    let result = batch.run(records, count, |record, count, drained| {
        worst = worst.max(count.exit_code());
        emit(printer, &(Origin::of(&record), count), drained)
    });
    printer.flush()?;
    result.map(|()| worst)
}

/// `hint`: per record the next step from its position, with the techniques
/// and settings of `options`.
pub fn hint_all(
    records: &mut dyn RecordSource,
    options: SolveOptions,
    printer: &mut dyn RecordPrinter<(Origin, Hint)>,
) -> io::Result<u8> {
    let mut worst = 0;
    while let Some(record) = records.next() {
        let hint = match &record {
            Err(e) => Hint::Refused(Outcome::unreadable(e).verdict()),
            Ok(puzzle) => hint(puzzle, options),
        };
        worst = worst.max(hint.exit_code());
        emit(printer, &(Origin::of(&record), hint), records.drained())?;
    }
    printer.flush()?;
    Ok(worst)
}

/// What `steps` lists at each position: the explained techniques' steps, or
/// Sudoku Explainer's hints (`--se`, at most `limit` per producer).
#[derive(Clone, Debug)]
pub enum StepsAsked {
    /// Every step of the techniques of the options.
    Explained(Box<StepsOptions>),
    /// SE's hints, at most this many per producer.
    Se(Option<usize>),
}

impl Weigh for Listing {
    fn heap(&self) -> usize {
        match self {
            Listing::Steps { groups, .. } => {
                size_of::<crate::model::grid::Grid>()
                    + groups.capacity() * size_of::<crate::explain::position_steps::TechniqueSteps>()
                    + groups.iter().flat_map(|g| &g.steps).map(|s| size_of_val(s) + s.heap()).sum::<usize>()
            }
            Listing::Se { hints, .. } => {
                size_of::<crate::model::grid::Grid>()
                    + hints.capacity() * size_of::<(crate::se_rating::SeStep, bool)>()
                    + hints.iter().map(|(h, _)| h.removals.capacity() * 2 + h.detail.to_string().len()).sum::<usize>()
            }
            Listing::Solved { .. } => size_of::<crate::model::grid::Grid>(),
            Listing::Refused(verdict) => verdict.heap(),
        }
    }
}

/// `steps`: per record every step at its position. Positions are listed in
/// parallel; the output keeps the input order.
pub fn steps_all(
    records: &mut dyn RecordSource,
    asked: StepsAsked,
    printer: &mut dyn RecordPrinter<(Origin, Listing)>,
    batch: Batch,
) -> io::Result<u8> {
    let mut worst = 0;
    let list = |record: &Record| match (record, &asked) {
        (Err(e), _) => Listing::Refused(Outcome::unreadable(e).verdict()),
        (Ok(puzzle), StepsAsked::Explained(options)) => list_steps(puzzle, options),
        (Ok(puzzle), StepsAsked::Se(limit)) => list_se_steps(puzzle, *limit),
    };
    let result = batch.run(records, list, |record, listing, drained| {
        worst = worst.max(listing.exit_code());
        emit(printer, &(Origin::of(&record), listing), drained)
    });
    printer.flush()?;
    result.map(|()| worst)
}

/// One position of `check` against its givens, either record possibly
/// unreadable.
fn check_records(givens: &Record, position: &Record) -> Checked {
    let refused = |of, record, verdict| Checked::Refused { of, origin: Origin::of(record), verdict: Box::new(verdict) };
    match (givens, position) {
        (Err(error), _) => refused(Side::Givens, givens, Outcome::unreadable(error).verdict()),
        // Givens that are not a puzzle with one solution come first.
        (Ok(puzzle), Err(error)) => match validate(puzzle) {
            Err(outcome) => refused(Side::Givens, givens, outcome.verdict()),
            Ok(_) => refused(Side::Position, position, Outcome::unreadable(error).verdict()),
        },
        (Ok(givens), Ok(position)) => check(givens, position),
    }
}

/// An `invalid` record for one that has no partner: givens without a
/// position, or a position without givens.
fn unpaired(record: &Record, of: Side) -> Checked {
    let missing = match of {
        Side::Givens => "no position for these givens",
        Side::Position => "no givens for this position",
    };
    let origin = Origin::of(record);
    let error = Some(format!("{}: {missing}", origin.place()));
    let verdict = Verdict { puzzle: None, status: Status::Invalid, solution: None, error };
    Checked::Refused { of, origin, verdict: Box::new(verdict) }
}

/// `check`: each position against the givens read in the same order, one
/// pair at a time; a record left without a partner is an error in its
/// place. One record of givens is the puzzle of every position (a learner's
/// positions along one solve). The origin printed is the position's.
pub fn check_all(
    givens: &mut dyn RecordSource,
    positions: &mut dyn RecordSource,
    printer: &mut dyn RecordPrinter<(Origin, Checked)>,
) -> io::Result<u8> {
    let mut worst = 0;
    let mut paired = 0;
    let mut only: Option<Record> = None;
    loop {
        let (origin, result) = match (givens.next(), positions.next()) {
            (None, None) => break,
            (Some(g), Some(p)) => {
                paired += 1;
                let result = check_records(&g, &p);
                only = (paired == 1).then_some(g);
                (Origin::of(&p), result)
            }
            (None, Some(p)) => match &only {
                Some(g) => (Origin::of(&p), check_records(g, &p)),
                None => (Origin::of(&p), unpaired(&p, Side::Position)),
            },
            (Some(g), None) => (Origin::of(&g), unpaired(&g, Side::Givens)),
        };
        worst = worst.max(result.exit_code());
        emit(printer, &(origin, result), givens.drained() && positions.drained())?;
    }
    printer.flush()?;
    Ok(worst)
}

/// `rate`: per record the rating of its solve path, or what went wrong.
/// With `stats`, every outcome and its time are added.
pub fn rate_all(
    records: &mut dyn RecordSource,
    with_steps: bool,
    explain: bool,
    settings: Settings,
    printer: &mut dyn RecordPrinter<(Origin, Outcome)>,
    batch: Batch,
    mut stats: Option<&mut Stats>,
) -> io::Result<u8> {
    let mut worst = 0;
    let result = batch.run(
        records,
        |record| {
            let options =
                SolveOptions { rate: true, rate_steps: with_steps, explain, settings, ..SolveOptions::default() };
            timed(|| solve_record(record, options, &mut Silent))
        },
        |record, (outcome, elapsed), drained| {
            let origin = Origin::of(&record);
            if let Some(stats) = stats.as_deref_mut() {
                stats.record(&origin, &outcome, elapsed);
            }
            worst = worst.max(outcome.exit_code());
            emit(printer, &(origin, outcome), drained)
        },
    );
    printer.flush()?;
    result.map(|()| worst)
}
