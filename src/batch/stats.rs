//! Statistics over a batch of solves: how the puzzles ended, which
//! techniques did the work, how hard they were and how long each took.
//! Memory stays the same whatever the batch size: times go into a
//! histogram, not a list.

use crate::explain::catalog::TechniqueId;
use crate::explain::outcome::{Outcome, Status};
use crate::explain::rating::Level;
use crate::io::input::Origin;
use std::collections::BTreeMap;
use std::fmt::Write;
use std::time::Duration;

/// Ratio between neighbouring histogram buckets: a median read from the
/// histogram is within 1% of the true one.
const BUCKET_RATIO: f64 = 1.01;
/// Buckets from 1 ns up to about 10^13 ns (hours): far past any solve.
const BUCKETS: usize = 3000;

const STATUSES: [Status; 5] =
    [Status::Solved, Status::Stuck, Status::NoSolution, Status::MultipleSolutions, Status::Invalid];

/// Counts gathered one outcome at a time.
#[derive(Clone, Debug)]
pub struct Stats {
    by_status: [usize; 5],
    /// Solved puzzles whose path has no brute-force step.
    solved_by_logic: usize,
    /// Solved puzzles with an explanation path (all of them, but with
    /// `rate --se-only`).
    explained: usize,
    /// Per technique: steps taken, and puzzles that took at least one.
    techniques: BTreeMap<TechniqueId, (usize, usize)>,
    by_level: [usize; 5],
    times: Vec<u32>,
    timed: usize,
    total: Duration,
    /// The slowest record: its time and where it was read (`file:line`).
    worst: Option<(Duration, String)>,
}

impl Default for Stats {
    fn default() -> Self {
        Stats::new()
    }
}

impl Stats {
    /// No record yet.
    pub fn new() -> Stats {
        Stats {
            by_status: [0; 5],
            solved_by_logic: 0,
            explained: 0,
            techniques: BTreeMap::new(),
            by_level: [0; 5],
            times: vec![0; BUCKETS],
            timed: 0,
            total: Duration::ZERO,
            worst: None,
        }
    }

    /// Adds one record's outcome, which took `elapsed` to solve.
    pub fn record(&mut self, origin: &Origin, outcome: &Outcome, elapsed: Duration) {
        let status = STATUSES.iter().position(|&s| s == outcome.status).expect("every status is listed");
        self.by_status[status] += 1;
        if outcome.status == Status::Solved {
            if outcome.path.is_some() {
                self.explained += 1;
                if !outcome.used_brute_force() {
                    self.solved_by_logic += 1;
                }
            }
            if let Some(rating) = &outcome.rating {
                let level = rating.level;
                self.by_level[Level::ALL.iter().position(|&l| l == level).expect("every level is listed")] += 1;
            }
        }
        for (technique, steps) in outcome.technique_counts() {
            let entry = self.techniques.entry(technique).or_default();
            entry.0 += steps;
            entry.1 += 1;
        }
        self.timed += 1;
        self.total += elapsed;
        self.times[bucket(elapsed)] += 1;
        if self.worst.as_ref().is_none_or(|(t, _)| elapsed > *t) {
            self.worst = Some((elapsed, origin.place()));
        }
    }

    /// The records counted.
    pub fn records(&self) -> usize {
        self.by_status.iter().sum()
    }

    /// The records that ended with `status`.
    pub fn count(&self, status: Status) -> usize {
        self.by_status[STATUSES.iter().position(|&s| s == status).expect("every status is listed")]
    }

    /// Solved puzzles that needed no brute-force step.
    pub fn solved_by_logic(&self) -> usize {
        self.solved_by_logic
    }

    /// Steps taken by `technique`, and the puzzles that used it.
    pub fn technique(&self, technique: TechniqueId) -> (usize, usize) {
        self.techniques.get(&technique).copied().unwrap_or_default()
    }

    /// The median time per record, to within 1%.
    pub fn median(&self) -> Option<Duration> {
        if self.timed == 0 {
            return None;
        }
        let half = self.timed.div_ceil(2);
        let mut seen = 0;
        let index = self.times.iter().position(|&n| {
            seen += n as usize;
            seen >= half
        })?;
        Some(bucket_middle(index))
    }

    /// The slowest record: its time and where it was read (`file:line`,
    /// or `line N` for stdin and arguments).
    pub fn worst(&self) -> Option<(Duration, &str)> {
        self.worst.as_ref().map(|(t, place)| (*t, place.as_str()))
    }

    /// The report `--stats` prints: a few labelled lines, then one line per
    /// technique used, in registry order.
    pub fn report(&self) -> String {
        let mut out = String::new();
        let records = self.records();
        let statuses: Vec<String> =
            STATUSES.iter().zip(self.by_status).map(|(s, n)| format!("{n} {}", s.as_str())).collect();
        let _ = writeln!(out, "puzzles: {records}: {}", statuses.join(", "));
        // Brute force is a matter of the explanation path, which
        // `rate --se-only` does not take.
        if self.explained > 0 || self.count(Status::Solved) == 0 {
            let _ = writeln!(
                out,
                "solved without brute force: {} of {} ({})",
                self.solved_by_logic,
                self.explained,
                percent(self.solved_by_logic, self.explained)
            );
        }
        let levels: Vec<String> =
            Level::ALL.iter().zip(self.by_level).map(|(l, n)| format!("{n} {}", l.name())).collect();
        if self.by_level.iter().any(|&n| n > 0) {
            let _ = writeln!(out, "levels of the rated (Sudoku Explainer's ER): {}", levels.join(", "));
        }
        if let (Some(median), Some((worst, place))) = (self.median(), self.worst()) {
            let _ = writeln!(
                out,
                "time per puzzle: median {}, worst {} ({place}), total {}",
                show(median),
                show(worst),
                show(self.total)
            );
        }
        if !self.techniques.is_empty() {
            let _ = writeln!(out, "steps per technique (puzzles using it):");
            let width = self.techniques.keys().map(|t| t.id().len()).max().unwrap_or(0);
            for (technique, (steps, puzzles)) in &self.techniques {
                let _ = writeln!(out, "  {:<width$}  {steps:>8}  ({puzzles})", technique.id());
            }
        }
        out
    }
}

fn bucket(elapsed: Duration) -> usize {
    let ns = elapsed.as_nanos().max(1) as f64;
    ((ns.ln() / BUCKET_RATIO.ln()) as usize).min(BUCKETS - 1)
}

/// The geometric middle of a bucket's range.
fn bucket_middle(index: usize) -> Duration {
    Duration::from_nanos(BUCKET_RATIO.powf(index as f64 + 0.5) as u64)
}

fn percent(part: usize, whole: usize) -> String {
    if whole == 0 {
        return "-".to_string();
    }
    format!("{:.1}%", 100.0 * part as f64 / whole as f64)
}

/// A duration with a unit that keeps three significant digits readable.
fn show(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s >= 1.0 {
        format!("{s:.2} s")
    } else if s >= 1e-3 {
        format!("{:.2} ms", s * 1e3)
    } else {
        format!("{:.1} µs", s * 1e6)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::observer::Silent;
    use crate::explain::solve::{solve, SolveOptions};
    use crate::io::input::{from_argument, Puzzle};

    fn puzzle(s: &str) -> Puzzle {
        from_argument(s).remove(0).expect("a puzzle")
    }

    #[test]
    fn counts_statuses_techniques_and_levels() {
        let seed = puzzle("006002951980500007005039204029160040840203060600078090008050416367901020504020000");
        let solved = solve(&seed, SolveOptions::default(), &mut Silent);
        let several = solve(&puzzle(&".".repeat(81)), SolveOptions::default(), &mut Silent);
        let mut stats = Stats::new();
        stats.record(&seed.origin(), &solved, Duration::from_micros(100));
        stats.record(&seed.origin(), &solved, Duration::from_micros(300));
        stats.record(&Origin::default(), &several, Duration::from_micros(200));
        assert_eq!(stats.records(), 3);
        assert_eq!(stats.count(Status::Solved), 2);
        assert_eq!(stats.count(Status::MultipleSolutions), 1);
        assert_eq!(stats.solved_by_logic(), 2);
        let (&used, &steps) = solved.technique_counts().iter().next().expect("the solve takes steps");
        assert_eq!(stats.technique(used), (2 * steps, 2));
        assert_eq!(stats.technique(TechniqueId::XWing), (0, 0));
        let median = stats.median().unwrap().as_secs_f64();
        assert!((median - 200e-6).abs() < 200e-6 * 0.011, "{median}");
        assert_eq!(stats.worst(), Some((Duration::from_micros(300), "line 1")));
        let report = stats.report();
        assert!(report.contains("puzzles: 3: 2 solved, 0 stuck, 0 no-solution, 1 multiple-solutions, 0 invalid"));
        assert!(report.contains("solved without brute force: 2 of 2 (100.0%)"));
        assert!(report.contains(&format!("  {}  ", used.id())), "{report}");
    }

    #[test]
    fn medians_are_within_one_percent() {
        let mut stats = Stats::new();
        let empty = solve(&puzzle(&".".repeat(81)), SolveOptions::default(), &mut Silent);
        for us in [5u64, 7, 9, 1000, 2000] {
            stats.record(&Origin::default(), &empty, Duration::from_micros(us));
        }
        let median = stats.median().unwrap().as_secs_f64();
        assert!((median - 9e-6).abs() <= 9e-6 * 0.011, "{median}");
        assert_eq!(Stats::new().median(), None);
    }
}
