//! How long `sudoku steps` takes at every position of every solve of a
//! file: the median, the 90th and 99th percentiles and the worst, overall
//! and per technique (each technique's search of every instance at one
//! position), with the default options (its listing caps).
//!
//! `cargo run --release -p sudoku-dev --bin steps_timing -- FILE [EVERY [PER]]`
//!
//! EVERY (default 1) takes every EVERY-th position of each solve; PER
//! (default 1) times each technique alone at every PER-th of those. With
//! `STEPS_TIMING_RAW=FILE` each position's time (microseconds) is also
//! written to FILE, one a line, so that the runs of parts of a file can be
//! taken together.

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};
use sudoku_explained::explain::{every_step_with, registry, steps_at, Memo, Silent, StepsOptions};
use sudoku_explained::io::Records;
use sudoku_explained::{solve, SolveOptions, TechniqueId};

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn ms(d: Duration) -> String {
    format!("{:.2}", d.as_secs_f64() * 1000.0)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let file = args.first().expect("usage: steps_timing FILE [EVERY]");
    let every: usize = args.get(1).map_or(1, |n| n.parse().expect("a number"));
    let per: usize = args.get(2).map_or(1, |n| n.parse().expect("a number"));
    let text = std::fs::read(file).expect("a readable file");
    let mut whole: Vec<Duration> = Vec::new();
    let mut worst_at = (Duration::ZERO, String::new());
    let mut per_technique: BTreeMap<TechniqueId, Vec<Duration>> = BTreeMap::new();
    let mut listed = 0usize;
    for record in Records::new(&text[..]) {
        let Ok(puzzle) = record else { continue };
        let outcome = solve(&puzzle, SolveOptions::default(), &mut Silent);
        let mut grid = puzzle.grid();
        for (k, step) in outcome.steps.iter().enumerate() {
            if k % every == 0 {
                let start = Instant::now();
                let groups = steps_at(&grid, &StepsOptions::default());
                let took = start.elapsed();
                listed += groups.iter().map(|g| g.steps.len()).sum::<usize>();
                if took > worst_at.0 {
                    worst_at = (took, format!("{} step {}", puzzle.place(), k + 1));
                }
                whole.push(took);
                let timed_alone = (whole.len() - 1).is_multiple_of(per);
                for technique in registry().iter().filter(|_| timed_alone) {
                    let cap = technique.descriptor().listing_cap.unwrap_or(usize::MAX);
                    let mut found = 0;
                    let start = Instant::now();
                    let _ = every_step_with(*technique, &grid, &mut Memo::default(), &mut |_| {
                        found += 1;
                        if found >= cap {
                            ControlFlow::Break(())
                        } else {
                            ControlFlow::Continue(())
                        }
                    });
                    per_technique.entry(technique.id()).or_default().push(start.elapsed());
                }
            }
            step.apply_to(&mut grid);
        }
    }
    if let Ok(path) = std::env::var("STEPS_TIMING_RAW") {
        let lines: Vec<String> = whole.iter().map(|d| d.as_micros().to_string()).collect();
        std::fs::write(path, lines.join("\n") + "\n").expect("a writable file");
    }
    whole.sort();
    println!("positions: {}, steps listed: {listed}", whole.len());
    println!(
        "all techniques, ms: median {}  p90 {}  p99 {}  worst {} ({})",
        ms(percentile(&whole, 0.5)),
        ms(percentile(&whole, 0.9)),
        ms(percentile(&whole, 0.99)),
        ms(*whole.last().unwrap()),
        worst_at.1
    );
    println!("{:<28} {:>9} {:>9} {:>9}", "technique, ms", "median", "p99", "worst");
    for (id, mut times) in per_technique {
        times.sort();
        println!(
            "{:<28} {:>9} {:>9} {:>9}",
            id.id(),
            ms(percentile(&times, 0.5)),
            ms(percentile(&times, 0.99)),
            ms(*times.last().unwrap())
        );
    }
}
