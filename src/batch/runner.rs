//! Working through a stream of records on several threads while keeping
//! the input order, the streaming and the bounded memory of a single
//! thread. The calling thread reads records and hands results on; worker
//! threads take records one at a time. A result that finishes before those
//! ahead of it waits for its turn, and what waits is bounded in bytes, not
//! in records: a hard puzzle's solve, with its forcing nets and their
//! rendered text, can weigh a thousand times an easy one's.
//!
//! The budget ([`IN_FLIGHT_BUDGET`]) works like this. Each finished result is
//! weighed ([`Weigh`]). A worker whose result is the next in input order
//! always hands it over, so the batch never stalls; any other result is
//! taken only if it fits in what the budget has left, and otherwise its
//! worker waits, holding it, until results ahead of it have been handed on.
//! A worker does not start a new record while the budget is spent, unless
//! that record is the next in order. So the results waiting never weigh more
//! than the budget plus one result (the next in order), and a waiting worker
//! holds at most the results of the records it took at once.
//!
//! A worker takes one record at a time while records are slow, and more
//! at once (up to [`MOST_AT_ONCE`]) while they are quick: handing a record
//! over wakes a thread, a system call that costs more than solving an easy
//! puzzle exactly. For the same reason a thread is woken only when it waits.

use crate::explain::outcome::{Outcome, Verdict};
use crate::explain::rating::Rating;
use crate::explain::step::{Branch, Contradiction, Step};
use crate::io::input::{InputError, Origin, Puzzle, Record, RecordSource};
use std::collections::{BTreeMap, VecDeque};
use std::io;
use std::mem::size_of;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

/// The bytes of finished results that may wait for their turn, over all
/// workers. It is not multiplied by the number of jobs: with more jobs the
/// waiting results share it. 4 MiB holds a few hundred solves of hard
/// puzzles with their text, enough to keep the workers busy past a puzzle
/// that takes a hundred times the others.
pub const IN_FLIGHT_BUDGET: usize = 4 << 20;

/// Records read ahead per worker, not yet started: they are small (a line
/// of input), and keep a worker from waiting on the reader, even one that
/// takes [`MOST_AT_ONCE`] of them.
const QUEUED_PER_JOB: usize = 2 * MOST_AT_ONCE;

/// The most records a worker takes at once.
pub const MOST_AT_ONCE: usize = 32;

/// Records that take less than this each are quick: a worker takes twice
/// as many at once next time.
const QUICK: Duration = Duration::from_micros(50);

/// What a result holds, in bytes, roughly: its own size and what it owns on
/// the heap. A batch weighs each finished result against its budget of
/// bytes waiting in flight.
pub trait Weigh {
    /// The bytes this value holds on the heap, beyond `size_of::<Self>()`.
    fn heap(&self) -> usize;

    /// Its whole weight: its size and what it holds on the heap.
    fn weight(&self) -> usize
    where
        Self: Sized,
    {
        size_of::<Self>() + self.heap()
    }
}

macro_rules! weightless {
    ($($t:ty),*) => {$(
        impl Weigh for $t {
            fn heap(&self) -> usize {
                0
            }
        }
    )*};
}

weightless!((), bool, u8, usize, Duration);

impl Weigh for String {
    fn heap(&self) -> usize {
        self.capacity()
    }
}

impl<T: Weigh> Weigh for Option<T> {
    fn heap(&self) -> usize {
        self.as_ref().map_or(0, T::heap)
    }
}

impl<T: Weigh, E: Weigh> Weigh for Result<T, E> {
    fn heap(&self) -> usize {
        match self {
            Ok(t) => t.heap(),
            Err(e) => e.heap(),
        }
    }
}

impl<T: Weigh> Weigh for Box<T> {
    fn heap(&self) -> usize {
        size_of::<T>() + (**self).heap()
    }
}

impl<A: Weigh, B: Weigh> Weigh for (A, B) {
    fn heap(&self) -> usize {
        self.0.heap() + self.1.heap()
    }
}

impl<A: Weigh, B: Weigh, C: Weigh> Weigh for (A, B, C) {
    fn heap(&self) -> usize {
        self.0.heap() + self.1.heap() + self.2.heap()
    }
}

/// The capacity of a vector of plain values, in bytes.
fn plain<T>(v: &Vec<T>) -> usize {
    v.capacity() * size_of::<T>()
}

fn branches(list: &Vec<Branch>) -> usize {
    plain(list)
        + list
            .iter()
            .map(|b| {
                let ends = match &b.contradiction {
                    Some(Contradiction::NoCandidate { facts, .. } | Contradiction::NoPlace { facts, .. }) => {
                        plain(facts)
                    }
                    _ => 0,
                };
                plain(&b.facts) + b.facts.iter().map(|f| plain(&f.parents)).sum::<usize>() + ends
            })
            .sum::<usize>()
}

impl Weigh for Step {
    fn heap(&self) -> usize {
        let chain = self.chain.as_ref().map_or(0, |c| size_of_val(&**c) + plain(&c.nodes) + plain(&c.links));
        let forcing =
            self.forcing.as_ref().map_or(0, |f| size_of_val(&**f) + branches(&f.branches) + branches(&f.nested));
        plain(&self.placements)
            + plain(&self.eliminations)
            + plain(&self.cells)
            + plain(&self.houses)
            + self.reason.capacity()
            + chain
            + forcing
    }
}

impl Weigh for Outcome {
    fn heap(&self) -> usize {
        plain(&self.solutions)
            + plain(&self.steps)
            + self.steps.iter().map(Step::heap).sum::<usize>()
            + self.rating.as_ref().map_or(0, Rating::heap)
            + self.error.heap()
    }
}

impl Weigh for Rating {
    fn heap(&self) -> usize {
        self.er_technique.heap()
            + self.ep_technique.heap()
            + self.ed_technique.heap()
            + plain(&self.steps)
            + self.steps.iter().map(|s| s.technique.capacity() + s.text.capacity()).sum::<usize>()
    }
}

impl Weigh for Verdict {
    fn heap(&self) -> usize {
        self.error.heap()
    }
}

impl Weigh for Origin {
    fn heap(&self) -> usize {
        // The file name is shared by every record of the file.
        self.label.heap()
    }
}

impl Weigh for Puzzle {
    fn heap(&self) -> usize {
        self.label.heap() + self.candidates.as_ref().map_or(0, |c| size_of_val(&**c))
    }
}

impl Weigh for InputError {
    fn heap(&self) -> usize {
        0
    }
}

/// How a batch runs: on how many threads, whether to stop early, and whom
/// to tell of each record done.
#[derive(Clone, Copy)]
pub struct Batch<'a> {
    /// Worker threads, at most one per core (more would only hold more
    /// search state at once); 1 works on the calling thread.
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

/// What the reader and the workers share.
struct Shared<T> {
    /// Records read and numbered, not yet started.
    queue: VecDeque<(usize, Record)>,
    /// No more records will be queued.
    closed: bool,
    /// The reader has stopped (an error or an interrupt): workers leave.
    stopped: bool,
    /// Finished results waiting for their turn, by number, with their weight.
    done: BTreeMap<usize, (Record, T, usize)>,
    /// The weight of `done`.
    bytes: usize,
    /// The number of the next result to hand on.
    next: usize,
    /// The most `bytes` has been (for the tests).
    peak: usize,
    /// Workers waiting for a record or for room for a result.
    workers_waiting: usize,
    /// The reader is waiting for a result or for room in the queue.
    reader_waiting: bool,
}

impl<T> Shared<T> {
    /// A record may start, or a result may wait, when it is the next in
    /// order or the budget has room.
    fn admits(&self, number: usize, weight: usize, budget: usize) -> bool {
        number == self.next || self.bytes + weight <= budget
    }
}

/// A worker's or the reader's lock; a panicking worker has already spoilt
/// the batch, and the panic is raised again when the threads are joined.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

fn wait<'m, T>(condvar: &Condvar, guard: MutexGuard<'m, T>) -> MutexGuard<'m, T> {
    condvar.wait(guard).unwrap_or_else(PoisonError::into_inner)
}

/// The state of a parallel run and its two signals: to the workers (a record
/// queued, a result handed on, the end) and to the reader (a result done).
struct Pipeline<T> {
    shared: Mutex<Shared<T>>,
    to_workers: Condvar,
    to_reader: Condvar,
    budget: usize,
}

/// Stops the batch if its worker panics, so the reader does not wait for a
/// result that will never come; the panic is raised again by the scope.
struct StopOnPanic<'p, T>(&'p Pipeline<T>);

impl<T> Drop for StopOnPanic<'_, T> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            lock(&self.0.shared).stopped = true;
            self.0.to_reader.notify_one();
            self.0.to_workers.notify_all();
        }
    }
}

impl<T: Weigh> Pipeline<T> {
    fn worker(&self, work: &(impl Fn(&Record) -> T + Sync)) {
        let _stop_on_panic = StopOnPanic(self);
        let mut at_once = 1;
        let mut taken: Vec<(usize, Record)> = Vec::new();
        let mut finished: Vec<(usize, Record, T, usize)> = Vec::new();
        let mut shared = lock(&self.shared);
        loop {
            // The next records, as many as the budget lets start.
            loop {
                if shared.stopped {
                    return;
                }
                while taken.len() < at_once {
                    match shared.queue.front() {
                        Some(&(number, _)) if shared.admits(number, 1, self.budget) => {
                            taken.push(shared.queue.pop_front().expect("a queued record"));
                        }
                        _ => break,
                    }
                }
                if !taken.is_empty() {
                    break;
                }
                if shared.queue.is_empty() && shared.closed {
                    return;
                }
                shared = self.wait_as_worker(shared);
            }
            self.wake_reader(&shared);
            drop(shared);
            let started = std::time::Instant::now();
            for (number, record) in taken.drain(..) {
                let result = work(&record);
                let weight = record.weight() + result.weight();
                finished.push((number, record, result, weight));
            }
            let quick = started.elapsed() < QUICK * finished.len() as u32;
            at_once = if quick { (2 * at_once).min(MOST_AT_ONCE) } else { 1 };
            shared = lock(&self.shared);
            for (number, record, result, weight) in finished.drain(..) {
                while !shared.stopped && !shared.admits(number, weight, self.budget) {
                    // The results handed over so far may be what the reader needs.
                    self.wake_reader(&shared);
                    shared = self.wait_as_worker(shared);
                }
                if shared.stopped {
                    return;
                }
                shared.bytes += weight;
                shared.peak = shared.peak.max(shared.bytes);
                shared.done.insert(number, (record, result, weight));
            }
            self.wake_reader(&shared);
        }
    }

    fn wait_as_worker<'m>(&self, mut shared: MutexGuard<'m, Shared<T>>) -> MutexGuard<'m, Shared<T>> {
        shared.workers_waiting += 1;
        let mut shared = wait(&self.to_workers, shared);
        shared.workers_waiting -= 1;
        shared
    }

    fn wait_as_reader<'m>(&self, mut shared: MutexGuard<'m, Shared<T>>) -> MutexGuard<'m, Shared<T>> {
        shared.reader_waiting = true;
        let mut shared = wait(&self.to_reader, shared);
        shared.reader_waiting = false;
        shared
    }

    fn wake_reader(&self, shared: &Shared<T>) {
        if shared.reader_waiting {
            self.to_reader.notify_one();
        }
    }

    fn wake_workers(&self, shared: &Shared<T>) {
        if shared.workers_waiting > 0 {
            self.to_workers.notify_all();
        }
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
    ///
    /// With more than one job, the results waiting for their turn weigh at
    /// most [`IN_FLIGHT_BUDGET`] plus one result (see the module's notes).
    pub fn run<T: Send + Weigh>(
        &self,
        records: &mut dyn RecordSource,
        work: impl Fn(&Record) -> T + Sync,
        emit: impl FnMut(Record, T, bool) -> io::Result<()>,
    ) -> io::Result<()> {
        // More solves at once than cores buys no speed, and each solve of a
        // hard puzzle holds megabytes of search state while it runs.
        let workers = self.jobs.min(std::thread::available_parallelism().map_or(self.jobs, |n| n.get()));
        self.run_within(workers, IN_FLIGHT_BUDGET, records, work, emit).map(|_| ())
    }

    /// [`Batch::run`] on `workers` threads with a budget of `budget` bytes;
    /// returns the most the waiting results weighed at once.
    fn run_within<T: Send + Weigh>(
        &self,
        workers: usize,
        budget: usize,
        records: &mut dyn RecordSource,
        work: impl Fn(&Record) -> T + Sync,
        mut emit: impl FnMut(Record, T, bool) -> io::Result<()>,
    ) -> io::Result<usize> {
        if workers <= 1 {
            while let Some(record) = records.next() {
                let result = work(&record);
                emit(record, result, records.drained())?;
                self.done_one();
                if self.interrupted() {
                    return Err(io::ErrorKind::Interrupted.into());
                }
            }
            return Ok(0);
        }
        let pipeline = Pipeline {
            shared: Mutex::new(Shared {
                queue: VecDeque::new(),
                closed: false,
                stopped: false,
                done: BTreeMap::new(),
                bytes: 0,
                next: 0,
                peak: 0,
                workers_waiting: 0,
                reader_waiting: false,
            }),
            to_workers: Condvar::new(),
            to_reader: Condvar::new(),
            budget,
        };
        std::thread::scope(|scope| {
            for _ in 0..workers {
                scope.spawn(|| pipeline.worker(&work));
            }
            let result = self.read_and_hand_on(&pipeline, workers, records, &mut emit);
            let mut shared = lock(&pipeline.shared);
            shared.stopped = true;
            let peak = shared.peak;
            drop(shared);
            pipeline.to_workers.notify_all();
            result.map(|()| peak)
        })
    }

    /// The reader's side: reads records while the workers can use them and
    /// hands results on in order. When no more input is at hand, it first
    /// hands on every record read, so that a reader typing puzzles one by
    /// one gets each answer at once.
    fn read_and_hand_on<T: Weigh>(
        &self,
        pipeline: &Pipeline<T>,
        workers: usize,
        records: &mut dyn RecordSource,
        emit: &mut impl FnMut(Record, T, bool) -> io::Result<()>,
    ) -> io::Result<()> {
        let queued_most = QUEUED_PER_JOB * workers;
        let mut read = 0;
        let mut end = false;
        // Results taken in a row, and records read in a row: each batch
        // costs one turn of the lock.
        let mut ready = Vec::new();
        let mut fresh = Vec::new();
        let mut shared = lock(&pipeline.shared);
        loop {
            loop {
                let next = shared.next;
                let Some((record, result, weight)) = shared.done.remove(&next) else { break };
                shared.bytes -= weight;
                shared.next += 1;
                ready.push((record, result, shared.next == read));
            }
            if !ready.is_empty() {
                pipeline.wake_workers(&shared);
                drop(shared);
                for (record, result, last) in ready.drain(..) {
                    emit(record, result, last && records.drained())?;
                    self.done_one();
                    if self.interrupted() {
                        return Err(io::ErrorKind::Interrupted.into());
                    }
                }
                shared = lock(&pipeline.shared);
                continue;
            }
            let in_flight = read - shared.next;
            if (end && in_flight == 0) || shared.stopped {
                return Ok(());
            }
            let room = queued_most.saturating_sub(shared.queue.len());
            let wanted = !end && room > 0 && shared.bytes < pipeline.budget && (in_flight == 0 || !records.drained());
            if !wanted {
                shared = pipeline.wait_as_reader(shared);
                continue;
            }
            drop(shared);
            // Only the first record may wait for input: with work in
            // flight, a record not at hand yet is left for later.
            while fresh.len() < room && (fresh.is_empty() || !records.drained()) {
                match records.next() {
                    Some(record) => fresh.push(record),
                    None => {
                        end = true;
                        break;
                    }
                }
            }
            shared = lock(&pipeline.shared);
            for record in fresh.drain(..) {
                shared.queue.push_back((read, record));
                read += 1;
            }
            shared.closed = end;
            pipeline.wake_workers(&shared);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::input::Records;
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
    fn the_waiting_results_never_weigh_more_than_the_budget_and_one_result() {
        let input = lines(600);
        // Uneven results: every 7th is 20 times heavier, and every 50th
        // record is slow, so many later results finish before it.
        let weigh = |line: usize| if line % 7 == 0 { 4000 } else { 200 };
        let work = |r: &Record| {
            let line = r.as_ref().unwrap().line;
            if line % 50 == 1 {
                std::thread::sleep(Duration::from_millis(20));
            }
            (line, "x".repeat(weigh(line)))
        };
        let heaviest = size_of::<Record>() + (0usize, "x".repeat(4000)).weight();
        for (jobs, budget) in [(2, 10_000), (4, 10_000), (8, 30_000), (3, 1)] {
            let mut records = Records::new(BufReader::new(&input[..]));
            let mut seen = Vec::new();
            let peak = Batch::default()
                .run_within(jobs, budget, &mut records, work, |r, (line, text), _| {
                    assert_eq!(r.unwrap().line, line);
                    assert_eq!(text.len(), weigh(line));
                    seen.push(line);
                    Ok(())
                })
                .unwrap();
            assert_eq!(seen, (1..=600).collect::<Vec<_>>(), "{jobs} jobs: every record once, in order");
            assert!(peak <= budget + heaviest, "{jobs} jobs, budget {budget}: {peak} bytes waited");
            assert!(peak > budget.min(4000) / 2, "{jobs} jobs, budget {budget}: results did wait ({peak} bytes)");
        }
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
