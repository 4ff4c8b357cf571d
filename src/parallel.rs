//! Working through a stream of records on several threads while keeping
//! the input order, the streaming and the bounded memory of a single
//! thread: records are taken in chunks, a chunk is worked in parallel, and
//! its results are handed on in order before the next chunk is read.

use crate::input::{Record, RecordSource};
use rayon::prelude::*;
use std::io;
use std::sync::atomic::{AtomicBool, Ordering};

/// Records per thread in one chunk: enough to keep every thread busy past
/// the uneven cost of puzzles, few enough that memory stays small and the
/// first results come quickly.
const CHUNK_PER_JOB: usize = 64;

/// How a batch runs: on how many threads, whether to stop early, and whom
/// to tell of each record done.
#[derive(Clone, Copy)]
pub struct Batch<'a> {
    /// Worker threads; 1 works on the calling thread.
    pub jobs: usize,
    /// Set (by a Ctrl-C handler, say) to stop after the records already
    /// handed on: no record is cut in half.
    pub interrupt: Option<&'a AtomicBool>,
    /// Called after each record is handed on (a progress bar, say).
    pub progress: Option<&'a (dyn Fn() + Sync)>,
}

impl Default for Batch<'_> {
    fn default() -> Self {
        Batch { jobs: 1, interrupt: None, progress: None }
    }
}

impl Batch<'_> {
    fn interrupted(&self) -> bool {
        self.interrupt.is_some_and(|flag| flag.load(Ordering::Relaxed))
    }

    fn done_one(&self) {
        if let Some(progress) = self.progress {
            progress();
        }
    }

    /// Runs `work` on every record and hands each result to `emit`, in input
    /// order, with whether no more input is at hand (the moment to flush).
    /// Stops at the first error `emit` returns, or with
    /// `ErrorKind::Interrupted` once the interrupt flag is seen.
    pub fn run<T: Send>(
        &self,
        records: &mut dyn RecordSource,
        work: impl Fn(&Record) -> T + Sync,
        mut emit: impl FnMut(Record, T, bool) -> io::Result<()>,
    ) -> io::Result<()> {
        if self.jobs <= 1 {
            while let Some(record) = records.next() {
                let result = work(&record);
                emit(record, result, records.drained())?;
                self.done_one();
                if self.interrupted() {
                    return Err(io::ErrorKind::Interrupted.into());
                }
            }
            return Ok(());
        }
        let pool = rayon::ThreadPoolBuilder::new().num_threads(self.jobs).build().map_err(io::Error::other)?;
        let limit = CHUNK_PER_JOB * self.jobs;
        let mut chunk: Vec<Record> = Vec::with_capacity(limit);
        loop {
            // A chunk ends early when input stops arriving, so that a
            // reader typing puzzles one by one gets each answer at once.
            while chunk.len() < limit {
                match records.next() {
                    Some(record) => chunk.push(record),
                    None => break,
                }
                if records.drained() {
                    break;
                }
            }
            if chunk.is_empty() {
                return Ok(());
            }
            let results: Vec<T> = pool.install(|| chunk.par_iter().map(&work).collect());
            let last = chunk.len() - 1;
            for (i, (record, result)) in chunk.drain(..).zip(results).enumerate() {
                emit(record, result, i == last && records.drained())?;
                self.done_one();
            }
            if self.interrupted() {
                return Err(io::ErrorKind::Interrupted.into());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::Records;
    use std::io::BufReader;

    fn lines(n: usize) -> Vec<u8> {
        let mut text = String::new();
        for i in 0..n {
            // Distinct puzzles: one given, in a different cell each time.
            let mut cells = vec![b'.'; 81];
            cells[i % 81] = b'1' + (i / 81 % 9) as u8;
            text.push_str(std::str::from_utf8(&cells).unwrap());
            text.push('\n');
        }
        text.into_bytes()
    }

    fn collect(jobs: usize, input: &[u8]) -> Vec<(usize, usize)> {
        let mut records = Records::new(BufReader::with_capacity(256, input));
        let mut seen = Vec::new();
        Batch { jobs, ..Batch::default() }
            .run(
                &mut records,
                |r| r.as_ref().map(|p| p.givens.iter().position(|&v| v != 0).unwrap()).unwrap(),
                |r, cell, _| {
                    seen.push((r.unwrap().line, cell));
                    Ok(())
                },
            )
            .unwrap();
        seen
    }

    #[test]
    fn every_record_once_in_input_order_whatever_the_jobs() {
        let input = lines(1000);
        let one = collect(1, &input);
        assert_eq!(one.len(), 1000);
        assert!(one.iter().enumerate().all(|(i, &(line, cell))| line == i + 1 && cell == i % 81));
        assert_eq!(collect(2, &input), one);
        assert_eq!(collect(7, &input), one);
    }

    #[test]
    fn an_interrupt_stops_between_records() {
        let input = lines(1000);
        for jobs in [1, 3] {
            let flag = AtomicBool::new(false);
            let mut records = Records::new(BufReader::new(&input[..]));
            let mut handed = 0;
            let result = Batch { jobs, interrupt: Some(&flag), ..Batch::default() }.run(
                &mut records,
                |_| (),
                |_, (), _| {
                    handed += 1;
                    if handed == 10 {
                        flag.store(true, Ordering::Relaxed);
                    }
                    Ok(())
                },
            );
            assert_eq!(result.unwrap_err().kind(), io::ErrorKind::Interrupted);
            assert!((10..1000).contains(&handed), "{jobs} jobs: stopped after {handed}");
        }
    }

    #[test]
    fn an_emit_error_stops_the_batch() {
        let input = lines(300);
        let mut records = Records::new(BufReader::new(&input[..]));
        let mut handed = 0;
        let result = Batch { jobs: 2, ..Batch::default() }.run(
            &mut records,
            |_| (),
            |_, (), _| {
                handed += 1;
                Err(io::ErrorKind::BrokenPipe.into())
            },
        );
        assert_eq!(result.unwrap_err().kind(), io::ErrorKind::BrokenPipe);
        assert_eq!(handed, 1);
    }
}
