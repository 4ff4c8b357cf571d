//! Criterion benchmarks of the exact solver (`exact`): one group per puzzle
//! set, each timing count-to-2 and first solution over the whole set.
//! Throughput is in puzzles, so criterion's "thrpt" is puzzles per second and
//! time per puzzle is the reported time divided by the set's size.
//!
//! The sets are this crate's own copies in `puzzles/`. To bench one whole
//! file instead (e.g. a full collection): `SUDOKU_BENCH_FILE=<path> cargo bench --bench exact`.
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use std::io::{self, BufWriter};
use std::path::{Path, PathBuf};
use std::time::Duration;
use sudoku_explained::batch::solve_exact_all;
use sudoku_explained::batch::Batch;
use sudoku_explained::exact;
use sudoku_explained::io::Records;
use sudoku_explained::print::QuietPrinter;

/// Bundled sets, easiest first.
const SETS: &[&str] = &[
    "17-clue-sample.txt",
    "serg-multi-solution-sample.txt",
    "top1465.txt",
    "forum-hardest-1905-sample.txt",
    "forum-hardest-1106.txt",
];

/// Puzzles of a file: one 81-character line each ('.' or '0' empty), lines
/// starting with '#' are comments.
fn load(path: &Path) -> Vec<[u8; 81]> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .map(str::trim)
        .filter(|l| !l.starts_with('#') && l.len() >= 81)
        .map(|l| {
            let mut g = [0u8; 81];
            for (cell, b) in g.iter_mut().zip(l.bytes()) {
                *cell = if b.is_ascii_digit() { b - b'0' } else { 0 };
            }
            g
        })
        .collect()
}

fn bench_sets(c: &mut Criterion) {
    let files: Vec<PathBuf> = match std::env::var_os("SUDOKU_BENCH_FILE") {
        Some(path) => vec![PathBuf::from(path)],
        None => SETS.iter().map(|s| Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles").join(s)).collect(),
    };
    for path in files {
        let puzzles = load(&path);
        assert!(!puzzles.is_empty(), "no puzzles in {}", path.display());
        let name = path.file_stem().map_or_else(|| "puzzles".into(), |s| s.to_string_lossy().into_owned());
        let mut group = c.benchmark_group(format!("exact/{name}"));
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        // One iteration solves the whole set, so few samples already give a
        // stable figure; this keeps the whole suite under about a minute.
        group.sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3));
        group.bench_function("count2", |b| {
            b.iter(|| {
                for p in &puzzles {
                    black_box(exact::count_solutions(black_box(p), 2));
                }
            })
        });
        group.bench_function("first", |b| {
            b.iter(|| {
                for p in &puzzles {
                    black_box(exact::solution(black_box(p)));
                }
            })
        });
        group.finish();
    }
}

/// `solve --exact` end to end without the process: the file's bytes parsed
/// into records, solved, and every result line written (to a sink).
fn bench_pipe(c: &mut Criterion) {
    let path = match std::env::var_os("SUDOKU_BENCH_FILE") {
        Some(path) => PathBuf::from(path),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles").join("17-clue-sample.txt"),
    };
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let puzzles = load(&path).len();
    let name = path.file_stem().map_or_else(|| "puzzles".into(), |s| s.to_string_lossy().into_owned());
    let mut group = c.benchmark_group(format!("pipe/{name}"));
    group.throughput(Throughput::Elements(puzzles as u64));
    group.sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3));
    group.bench_function("solve-exact", |b| {
        b.iter(|| {
            let mut records = Records::new(io::BufReader::with_capacity(1 << 16, black_box(&bytes[..])));
            let mut printer = QuietPrinter::new(BufWriter::with_capacity(1 << 16, io::sink()));
            black_box(solve_exact_all(&mut records, &mut printer, Batch::default()).expect("a sink takes everything"))
        })
    });
    group.finish();
}

criterion_group!(benches, bench_sets, bench_pipe);
criterion_main!(benches);
