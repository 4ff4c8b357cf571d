//! The Unique Loops, BUG and Aligned Exclusion producers against positions
//! taken from SE's own paths: where SE takes a step of one of them, that
//! producer's first hint must be SE's step (text and rating); where SE
//! takes a step of a later producer, they must find nothing (else SE would
//! have taken theirs). The positions come from `serate --before` (values
//! and pencil marks before each step), so the test needs none of the
//! producers that come before these.

use super::aligned::AlignedExclusion;
use super::bug::BivalueUniversalGrave;
use super::producer::Producer;
use super::se_step::tenths;
use super::unique::UniqueLoops;
use crate::model::cell::Digit;
use crate::model::grid::Grid;
use crate::model::sets::DigitSet;

/// A position from serate's 81-character values and 729-character marks
/// (nine per cell; a digit where it is a candidate).
fn position(values: &str, marks: &str) -> Grid {
    let mut v = [0u8; 81];
    let mut candidates = [DigitSet::EMPTY; 81];
    for (i, b) in values.bytes().enumerate() {
        if b.is_ascii_digit() && b != b'0' {
            v[i] = b - b'0';
        } else {
            for (d, m) in marks.as_bytes()[i * 9..i * 9 + 9].iter().enumerate() {
                if m.is_ascii_digit() && *m != b'0' {
                    candidates[i].insert(Digit::new(d as u8 + 1));
                }
            }
        }
    }
    Grid::from_values_and_candidates(&v, &candidates)
}

/// The steps of SE's first chaining producer ("Forcing Chains & Cycles"),
/// which comes before Aligned Triplet Exclusion.
const FIRST_CHAINS: [&str; 7] = [
    "Bidirectional X-Cycle",
    "Generalized X-Wing",
    "Bidirectional Y-Cycle",
    "Bidirectional Cycle",
    "Forcing X-Chain",
    "Turbot Fish",
    "Forcing Chain",
];

/// Where a step's producer stands relative to ours: 1 Unique Loops, 3 BUG,
/// 4 APE, 6 ATE; 2, 5 and 7 the producers between and after them; 0 the
/// ones before Unique Loops (nothing to check).
fn rank(technique: &str, rating: f64) -> u8 {
    match technique {
        t if t.starts_with("Unique ") => 1,
        "Naked Quad" | "Jellyfish" | "Hidden Quad" => 2,
        t if t.starts_with("BUG") => 3,
        "Aligned Pair Exclusion" => 4,
        t if FIRST_CHAINS.contains(&t) => 5,
        "Aligned Triplet Exclusion" => 6,
        _ if rating >= 6.5 => 7,
        _ => 0,
    }
}

/// Checks one position; returns what went wrong, if anything.
fn check(grid: &Grid, rating: f64, step: &str) -> Vec<String> {
    let technique = step.split(':').next().unwrap_or_default();
    let at = rank(technique, rating);
    let ours: [(u8, &dyn Producer); 4] =
        [(1, &UniqueLoops), (3, &BivalueUniversalGrave), (4, &AlignedExclusion::PAIR), (6, &AlignedExclusion::TRIPLET)];
    let mut wrong = Vec::new();
    for (rank, producer) in ours {
        if at == 0 || rank > at {
            continue;
        }
        let hint = producer.first(grid);
        if rank == at {
            match hint {
                Some(h) if h.text() == step && tenths(h.difficulty) == tenths(rating) => {}
                other => wrong.push(format!(
                    "SE {rating} {step}\n   we {:?}",
                    other.map(|h| format!("{} {}", h.difficulty, h.text()))
                )),
            }
        } else if let Some(h) = hint {
            wrong.push(format!("SE {rating} {step}\n   we also found {} {}", h.difficulty, h.text()));
        }
    }
    wrong
}

/// Runs `check` on every line `puzzle values marks rating step` of `text`.
fn check_table(text: &str) -> (usize, Vec<String>) {
    let mut count = 0;
    let mut wrong = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.starts_with("puzzle\t")) {
        let f: Vec<&str> = line.split('\t').collect();
        let rating: f64 = f[3].parse().expect("a rating");
        count += 1;
        for w in check(&position(f[1], f[2]), rating, f[4]) {
            wrong.push(format!("{}: {w}", f[0]));
        }
    }
    (count, wrong)
}

#[test]
fn producers_agree_with_se_on_its_own_positions() {
    let (count, wrong) =
        check_table(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/se/unique-positions.tsv")));
    assert!(count > 50);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The same check on a whole dump, for development:
/// `SE_POSITIONS=FILE cargo test --release explainer::position_tests -- --ignored`,
/// FILE made by serate with `--start='#START%t%g' --before='B%t%i%t%m'
/// --after='S%t%r%t%s'`.
#[test]
#[ignore]
fn producers_agree_with_se_on_a_dump() {
    let path = std::env::var("SE_POSITIONS").expect("SE_POSITIONS names the dump to check");
    let dump = std::fs::read_to_string(path).expect("a readable dump");
    let mut table = String::new();
    let (mut puzzle, mut before) = ("", ("", ""));
    for line in dump.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        match f[0] {
            "#START" => puzzle = f[1],
            "B" => before = (f[1], f[2]),
            "S" => table.push_str(&format!("{puzzle}\t{}\t{}\t{}\t{}\n", before.0, before.1, f[1], f[2])),
            _ => {}
        }
    }
    let (count, wrong) = check_table(&table);
    eprintln!("{count} steps, {} disagreements", wrong.len());
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
