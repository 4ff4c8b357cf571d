//! Running a stream of records through a solver, in input order, handing
//! each result to a printer as soon as it is ready: what the commands of
//! the binary do, for any [`RecordSource`] and printer, on as many threads
//! as the [`Batch`] says. Each function returns the worst exit code met
//! (see [`Status::exit_code`]).
//!
//! ```
//! use std::io::BufReader;
//! use sudoku::batch::solve_exact_all;
//! use sudoku::input::Records;
//! use sudoku::parallel::Batch;
//! use sudoku::print::QuietPrinter;
//!
//! // The first puzzle of puzzles/seed-001.txt, then an empty grid.
//! let seed_001 = "000005200060100090850000000400003000071209403000050060200300907003090020000000341";
//! let text = format!("{seed_001}\n{}\n", ".".repeat(81));
//! let mut records = Records::new(BufReader::new(text.as_bytes()));
//! let mut out = Vec::new();
//! let two_threads = Batch { jobs: 2, ..Batch::default() };
//! let worst = solve_exact_all(&mut records, &mut QuietPrinter::new(&mut out), two_threads)?;
//! assert_eq!(worst, 1, "the empty grid has several solutions");
//! assert_eq!(
//!     String::from_utf8(out)?,
//!     "147985236362147895859632174426873519571269483938451762284316957713594628695728341 # -:1\nmultiple-solutions # -:2\n"
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::check::{check, unpaired, Check, Side};
use crate::exact;
use crate::hint::Hint;
use crate::input::{Origin, Puzzle, Record, RecordSource};
use crate::observer::Silent;
use crate::outcome::{Count, Outcome, Status, Verdict};
use crate::parallel::Batch;
use crate::print::{Flush, Printer, RecordPrinter};
use crate::search::Search;
use crate::solve::{next_step_or_guess, replay, solve_record, validate, SolveOptions};
use crate::stats::Stats;
use crate::technique::TechniqueSet;
use std::io;
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
            // Counted before it is printed: a record whose output fails was
            // still solved, and `--stats` says so.
            if let Some(stats) = stats.as_deref_mut() {
                stats.record(&outcome, elapsed);
            }
            worst = worst.max(outcome.status.exit_code());
            match text {
                Some(text) => printer.put_rendered(&text)?,
                None => replay(&record, &outcome, printer)?,
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
    let Origin { file, line, label } = Origin::of(record);
    let verdict = |puzzle, status, solution, error| Verdict { line, file, label, puzzle, status, solution, error };
    let puzzle = match record {
        Ok(p) => p,
        Err(e) => return verdict(None, Status::Invalid, None, Some(e.to_string())),
    };
    let search = exact_count(puzzle, 2);
    if let Some(clash) = clash_if_unsolvable(puzzle, search.count) {
        return verdict(Some(puzzle.givens), Status::Invalid, None, Some(clash));
    }
    let status = match search.count {
        0 => Status::NoSolution,
        1 => Status::Solved,
        _ => Status::MultipleSolutions,
    };
    verdict(Some(puzzle.givens), status, search.solution.filter(|_| status == Status::Solved), None)
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
    crate::format::find_clash(&puzzle.givens).map(|clash| format!("{}, {clash}", puzzle.place()))
}

/// `solve --exact`: per record how the exact solver ends it, no explanation.
pub fn solve_exact_all(
    records: &mut dyn RecordSource,
    printer: &mut dyn RecordPrinter<Verdict>,
    batch: Batch,
) -> io::Result<u8> {
    let mut worst = 0;
    let result = batch.run(records, exact_verdict, |_, verdict, drained| {
        worst = worst.max(verdict.status.exit_code());
        emit(printer, &verdict, drained)
    });
    printer.flush()?;
    result.map(|()| worst)
}

/// `count`: the number of solutions per record, capped at `limit` (one
/// more is looked for, to tell a capped count from an exact one), or why
/// the record is not a puzzle. Exit 0 only when every record has exactly one.
pub fn count_all(
    records: &mut dyn RecordSource,
    limit: usize,
    printer: &mut dyn RecordPrinter<Count>,
    batch: Batch,
) -> io::Result<u8> {
    let mut worst = 0;
    let count = |record: &Record| {
        let origin = Origin::of(record);
        let mut count = Count { origin, puzzle: None, solutions: 0, capped: false, error: None };
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
    let result = batch.run(records, count, |_, count, drained| {
        worst = worst.max(count.exit_code());
        emit(printer, &count, drained)
    });
    printer.flush()?;
    result.map(|()| worst)
}

/// The hint for one record: the next step the driver would take from its
/// position with `techniques`, or why there is none.
fn hint(record: &Record, techniques: TechniqueSet) -> Hint {
    let puzzle = match record {
        Err(e) => return Hint::Refused(Outcome::unreadable(e).verdict()),
        Ok(puzzle) => puzzle,
    };
    match validate(puzzle) {
        Err(outcome) => Hint::Refused(outcome.verdict()),
        Ok(_) if puzzle.grid().is_solved() => Hint::Solved { line: puzzle.line, grid: Box::new(puzzle.grid()) },
        Ok(solution) => {
            let grid = puzzle.grid();
            let step = next_step_or_guess(&mut Search::new(techniques), &grid, &solution);
            Hint::Next { grid: Box::new(grid), step }
        }
    }
}

/// `hint`: per record the next step from its position.
pub fn hint_all(
    records: &mut dyn RecordSource,
    techniques: TechniqueSet,
    printer: &mut dyn RecordPrinter<(Origin, Hint)>,
) -> io::Result<u8> {
    let mut worst = 0;
    while let Some(record) = records.next() {
        let hint = hint(&record, techniques);
        worst = worst.max(hint.exit_code());
        emit(printer, &(Origin::of(&record), hint), records.drained())?;
    }
    printer.flush()?;
    Ok(worst)
}

/// `check`: each position against the givens read in the same order, one
/// pair at a time; a record left without a partner is an error in its
/// place. One record of givens is the puzzle of every position (a learner's
/// positions along one solve).
pub fn check_all(
    givens: &mut dyn RecordSource,
    positions: &mut dyn RecordSource,
    printer: &mut dyn RecordPrinter<Check>,
) -> io::Result<u8> {
    let mut worst = 0;
    let mut paired = 0;
    let mut only: Option<Record> = None;
    loop {
        let result = match (givens.next(), positions.next()) {
            (None, None) => break,
            (Some(g), Some(p)) => {
                paired += 1;
                let result = check(&g, &p);
                only = (paired == 1).then_some(g);
                result
            }
            (None, Some(p)) => match &only {
                Some(g) => check(g, &p),
                None => unpaired(&p, Side::Position),
            },
            (Some(g), None) => unpaired(&g, Side::Givens),
        };
        worst = worst.max(result.exit_code());
        emit(printer, &result, givens.drained() && positions.drained())?;
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
    printer: &mut dyn RecordPrinter<Outcome>,
    batch: Batch,
    mut stats: Option<&mut Stats>,
) -> io::Result<u8> {
    let mut worst = 0;
    let result = batch.run(
        records,
        |record| {
            let options = SolveOptions { rate: true, rate_steps: with_steps, explain, ..SolveOptions::default() };
            timed(|| solve_record(record, options, &mut Silent))
        },
        |_, (outcome, elapsed), drained| {
            if let Some(stats) = stats.as_deref_mut() {
                stats.record(&outcome, elapsed);
            }
            worst = worst.max(outcome.status.exit_code());
            emit(printer, &outcome, drained)
        },
    );
    printer.flush()?;
    result.map(|()| worst)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hint::HintLevel;
    use crate::input::Records;
    use crate::print::{
        CountPrinter, Format, HintPrinter, JsonPrinter, Palette, QuietPrinter, RatePrinter, TextPrinter,
    };
    use std::io::Write;

    const SEED: &str = "006002951980500007005039204029160040840203060600078090008050416367901020504020000";

    /// Stdout after its reader has gone: every write fails.
    #[derive(Default)]
    struct Closed {
        writes: usize,
    }

    impl Write for Closed {
        fn write(&mut self, _buf: &[u8]) -> io::Result<usize> {
            self.writes += 1;
            Err(io::ErrorKind::BrokenPipe.into())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// Runs `command` on three puzzles into a closed output, and checks that
    /// it fails with the write's error after one try, leaving the second and
    /// third records unread.
    fn stops_at_the_first_write(command: impl FnOnce(&mut dyn RecordSource, &mut Closed) -> io::Result<u8>) {
        let input = format!("{SEED}\n").repeat(3);
        let mut records = Records::new(io::BufReader::new(input.as_bytes()));
        let mut out = Closed::default();
        let error = command(&mut records, &mut out).expect_err("a write error ends the run");
        assert_eq!(error.kind(), io::ErrorKind::BrokenPipe);
        assert_eq!(out.writes, 1, "nothing is written after a failed write");
        assert_eq!(records.next().expect("a record is left").expect("a puzzle").line, 2);
    }

    #[test]
    fn a_write_error_stops_every_command() {
        let one = || Batch::default();
        let solve = |printer: &mut dyn Printer, records: &mut dyn RecordSource| {
            solve_all(records, SolveOptions::default(), printer, one(), None)
        };
        stops_at_the_first_write(|r, out| solve(&mut TextPrinter::new(out, Palette::default(), false), r));
        stops_at_the_first_write(|r, out| solve(&mut JsonPrinter::new(out), r));
        stops_at_the_first_write(|r, out| solve(&mut QuietPrinter::new(out), r));
        stops_at_the_first_write(|r, out| solve_exact_all(r, &mut QuietPrinter::new(out), one()));
        stops_at_the_first_write(|r, out| count_all(r, 2, &mut CountPrinter::new(out), one()));
        stops_at_the_first_write(|r, out| {
            rate_all(r, false, true, &mut RatePrinter::new(out, Format::Json), one(), None)
        });
        stops_at_the_first_write(|r, out| {
            let mut printer = HintPrinter::new(out, HintLevel::Full, true, Palette::default());
            hint_all(r, TechniqueSet::all(), &mut printer)
        });
    }
}
