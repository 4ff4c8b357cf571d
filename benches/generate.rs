//! Criterion benchmarks of the generator (`generate`), single-threaded.
//! Throughput is in puzzles, so criterion's "thrpt" is puzzles per second.
//!
//! * `generate/minimal`: unique minimal puzzles (no symmetry, no clue or
//!   difficulty target: one removal pass, one exact count per removal),
//!   without rating them.
//! * `generate/minimal-rated`: the same, each also solved step by step and
//!   rated, as `sudoku generate` prints by default.
//! * `generate/level-<level>`: puzzles of one level (easy, hard, expert):
//!   grids are made and rated until one has the level.
//!
//! Each iteration makes the next puzzle of one seeded generator, so the
//! figures are over a long, reproducible run of distinct puzzles.
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use std::time::Duration;
use sudoku_explained::explain::Level;
use sudoku_explained::tools::{GenerateOptions, Generator};

fn bench(c: &mut Criterion, name: &str, options: GenerateOptions, measure: Duration) {
    let mut generator = Generator::new(options, 1).expect("the options can be met");
    let mut group = c.benchmark_group("generate");
    group.throughput(Throughput::Elements(1));
    group.sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(measure);
    group
        .bench_function(name, |b| b.iter(|| black_box(generator.next_puzzle().expect("a puzzle within the attempts"))));
    group.finish();
}

fn bench_generate(c: &mut Criterion) {
    bench(c, "minimal", GenerateOptions::default().with_minimal(true), Duration::from_secs(3));
    bench(c, "minimal-rated", GenerateOptions::default().with_minimal(true).with_rate(true), Duration::from_secs(3));
    for level in [Level::Easy, Level::Hard, Level::Expert] {
        let options = GenerateOptions::default().with_level(level);
        bench(c, &format!("level-{level}"), options, Duration::from_secs(5));
    }
}

criterion_group!(benches, bench_generate);
criterion_main!(benches);
