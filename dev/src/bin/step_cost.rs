//! Time per step of a technique library against the core solver (the design
//! card's techniques, then brute force), puzzle by puzzle.
//!
//! `cargo run --release -p sudoku-dev --bin step_cost -- FILE [LIBRARY] [REPEATS]`
//!
//! LIBRARY is a technique list as `sudoku solve --techniques` takes it
//! (default `all`; issue #5's library is `up-to:wxyz-wing`). Each solve is
//! timed REPEATS times (default 3) and the fastest kept; the cost per step is
//! that time over the number of steps. Prints the distribution of the ratio
//! library / core and the ten puzzles with the highest ratio (`TOP=N` in
//! the environment for N of them).

use std::time::{Duration, Instant};
use sudoku_explained::explain::Silent;
use sudoku_explained::io::Records;
use sudoku_explained::{solve, SolveOptions, TechniqueSet};

fn per_step(puzzle: &sudoku_explained::io::Puzzle, techniques: TechniqueSet, repeats: usize) -> (Duration, usize) {
    let options = SolveOptions::default().with_techniques(techniques);
    let mut best = Duration::MAX;
    let mut steps = 0;
    for _ in 0..repeats {
        let start = Instant::now();
        let outcome = solve(puzzle, options, &mut Silent);
        best = best.min(start.elapsed());
        steps = outcome.steps.len().max(1);
    }
    (best, steps)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let file = args.first().expect("usage: step_cost FILE [LIBRARY] [REPEATS]");
    let library = TechniqueSet::parse(args.get(1).map_or("all", String::as_str)).expect("a technique list");
    let repeats: usize = args.get(2).map_or(3, |r| r.parse().expect("a number of repeats"));
    let text = std::fs::read(file).expect("a readable file");
    let mut rows = Vec::new();
    for record in Records::new(&text[..]) {
        let Ok(puzzle) = record else { continue };
        let (core_time, core_steps) = per_step(&puzzle, TechniqueSet::card(), repeats);
        let (time, steps) = per_step(&puzzle, library, repeats);
        let ratio = (time.as_secs_f64() / steps as f64) / (core_time.as_secs_f64() / core_steps as f64);
        rows.push((ratio, puzzle.line, time, steps, core_time, core_steps));
    }
    rows.sort_by(|a, b| a.0.total_cmp(&b.0));
    let quantile = |q: f64| rows[((rows.len() - 1) as f64 * q).round() as usize].0;
    let over = rows.iter().filter(|r| r.0 > 5.0).count();
    println!(
        "{} puzzles; ratio per step, library / core: median {:.2}, p90 {:.2}, p99 {:.2}, max {:.2}; over 5x: {over}",
        rows.len(),
        quantile(0.5),
        quantile(0.9),
        quantile(0.99),
        quantile(1.0)
    );
    let library_total: Duration = rows.iter().map(|r| r.2).sum();
    let core_total: Duration = rows.iter().map(|r| r.4).sum();
    println!(
        "fastest runs summed: library {:.2} ms, core {:.2} ms",
        library_total.as_secs_f64() * 1e3,
        core_total.as_secs_f64() * 1e3
    );
    for (ratio, line, time, steps, core_time, core_steps) in
        rows.iter().rev().take(std::env::var("TOP").ok().and_then(|v| v.parse().ok()).unwrap_or(10))
    {
        println!(
            "line {line}: {ratio:.2}x  library {:.1} µs / {steps} steps, core {:.1} µs / {core_steps} steps",
            time.as_secs_f64() * 1e6,
            core_time.as_secs_f64() * 1e6
        );
    }
}
