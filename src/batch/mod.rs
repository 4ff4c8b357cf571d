//! Running a stream of records through a command, in input order, handing
//! each record's origin and result to a printer as soon as it is ready:
//! what the commands of the binary do, for any record source and printer,
//! on as many threads as the [`Batch`] says, with statistics over the run
//! ([`Stats`]). Each command returns the worst exit code met ([`Exit`]).
//! May use every other layer of the library: the model, `io`, `exact`,
//! `explain`, `tools` and `print`.
//!
//! ```
//! use std::io::BufReader;
//! use sudoku_explained::batch::solve_exact_all;
//! use sudoku_explained::io::Records;
//! use sudoku_explained::batch::Batch;
//! use sudoku_explained::print::QuietPrinter;
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

mod commands;
mod exit;
mod runner;
mod stats;

pub use commands::{
    check_all, count_all, hint_all, rate_all, replay, solve_all, solve_exact_all, solve_record, steps_all, StepsAsked,
};
pub use exit::Exit;
pub use runner::{Batch, Weigh, IN_FLIGHT_BUDGET, MOST_AT_ONCE};
pub use stats::Stats;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::settings::Settings;
    use crate::explain::solve::SolveOptions;
    use crate::io::input::{RecordSource, Records};
    use crate::print::Printer;
    use crate::print::{
        CountPrinter, Format, HintPrinter, JsonPrinter, Palette, QuietPrinter, RatePrinter, TextPrinter,
    };
    use crate::tools::hint::HintLevel;
    use std::io;
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
            rate_all(r, false, true, Settings::default(), &mut RatePrinter::new(out, Format::Json), one(), None)
        });
        stops_at_the_first_write(|r, out| {
            let mut printer = HintPrinter::new(out, HintLevel::Full, true, Palette::default());
            hint_all(r, SolveOptions::default(), &mut printer)
        });
    }
}
