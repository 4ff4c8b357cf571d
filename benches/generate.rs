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
use sudoku::generate::{Generator, Options};
use sudoku::rate::Level;

fn bench(c: &mut Criterion, name: &str, options: Options, measure: Duration) {
    let mut generator = Generator::new(options, 1).expect("the options can be met");
    let mut group = c.benchmark_group("generate");
    group.throughput(Throughput::Elements(1));
    group.sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(measure);
    group
        .bench_function(name, |b| b.iter(|| black_box(generator.next_puzzle().expect("a puzzle within the attempts"))));
    group.finish();
}

fn bench_generate(c: &mut Criterion) {
    bench(c, "minimal", Options { minimal: true, ..Options::default() }, Duration::from_secs(3));
    bench(c, "minimal-rated", Options { minimal: true, rate: true, ..Options::default() }, Duration::from_secs(3));
    for level in [Level::Easy, Level::Hard, Level::Expert] {
        let options = Options { level: Some(level), ..Options::default() };
        bench(c, &format!("level-{level}"), options, Duration::from_secs(5));
    }
}

criterion_group!(benches, bench_generate);
criterion_main!(benches);
