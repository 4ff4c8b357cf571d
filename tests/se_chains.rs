//! Sudoku Explainer's chains (6.5 and up): the step SE takes at positions
//! just before its chain steps, and whole ratings of puzzles whose hardest
//! step is a chain.
//!
//! Fixtures: `tests/se/chain-positions.tsv` (positions and SE's steps there,
//! from SukakuExplainer 1.18.1 with SE 1.2.1's technique set; see its
//! header) and `tests/se/reference-se.tsv` (SE's ER/EP/ED of public puzzles).

use sudoku_explained::model::DigitSet;
use sudoku_explained::se_rating::{next_se_step, rate_givens};
use sudoku_explained::{Digit, Grid};

/// A position from SE's pencil marks (9 characters per cell, a digit or
/// '.'); a cell with one mark is placed.
fn grid_from_marks(marks: &str) -> Grid {
    let bytes = marks.as_bytes();
    assert_eq!(bytes.len(), 729, "pencil marks");
    let mut values = [0u8; 81];
    let mut candidates = [DigitSet::EMPTY; 81];
    for cell in 0..81 {
        let set: DigitSet = (0..9).filter(|&k| bytes[cell * 9 + k] != b'.').map(|k| Digit::new(k as u8 + 1)).collect();
        if set.len() == 1 {
            values[cell] = set.first().expect("one mark").get();
        } else {
            candidates[cell] = set;
        }
    }
    Grid::from_values_and_candidates(&values, &candidates)
}

/// (marks, SE's rating, SE's text) of the fixture, those rated in `band`.
fn positions(band: std::ops::Range<f64>) -> Vec<(String, String, String)> {
    let text = std::fs::read_to_string("tests/se/chain-positions.tsv").expect("fixture");
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f[0].to_string(), f[1].to_string(), f[2].to_string())
        })
        .filter(|(_, r, _)| band.contains(&r.parse::<f64>().expect("rating")))
        .collect()
}

fn check_positions(band: std::ops::Range<f64>) {
    let mut wrong = Vec::new();
    let all = positions(band);
    assert!(!all.is_empty());
    for (marks, rating, text) in &all {
        let step = next_se_step(&grid_from_marks(marks));
        let got = step.map(|s| (s.rating().to_string(), s.text())).unwrap_or_default();
        if got.0 != *rating || got.1 != *text {
            wrong.push(format!("{marks}\n  SE   {rating} {text}\n  ours {} {}", got.0, got.1));
        }
    }
    assert!(wrong.is_empty(), "{} of {} positions differ:\n{}", wrong.len(), all.len(), wrong.join("\n"));
}

#[test]
fn se_chain_step_at_each_position_below_10() {
    check_positions(0.0..10.0);
}

#[test]
fn se_chain_step_at_each_position_from_10() {
    check_positions(10.0..20.0);
}

/// Puzzles of the reference whose hardest step is each kind of chain
/// (two per kind where the reference has them), with paths free of the
/// techniques other modules supply.
const CHAIN_PUZZLES: &[&str] = &[
    "R0133", "R0138", // Turbot Fish 6.6
    "R0158", "R0163", // Forcing X-Chain 6.7
    "R0273", "R0167", // Bidirectional Cycle 7.0, 7.1
    "R0131", "R0135", // Forcing Chain 7.1
    "R0139", "R0362", // Nishio Forcing Chains 7.6
    "R0347", "R0152", // Region Forcing Chains 8.2, 8.3
    "R0141", "R0391", // Cell Forcing Chains 8.3
    "R0310", "R0367", // Dynamic Cell Forcing Chains 8.8
    "R0365", // Dynamic Double Forcing Chains 8.8
    "R0411", "R0337", // Dynamic Region Forcing Chains 8.9, 9.0
    "R0369", "R0354", // Dynamic Contradiction Forcing Chains 8.9, 9.0
    "R0440", // Dynamic Contradiction Forcing Chains (+) 9.7
];

#[test]
fn se_ratings_of_puzzles_whose_hardest_step_is_a_chain() {
    let text = std::fs::read_to_string("tests/se/reference-se.tsv").expect("fixture");
    let mut wrong = Vec::new();
    let mut seen = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        if !CHAIN_PUZZLES.contains(&f[0]) {
            continue;
        }
        seen += 1;
        let values: [u8; 81] = std::array::from_fn(|i| match f[2].as_bytes()[i] {
            b @ b'1'..=b'9' => b - b'0',
            _ => 0,
        });
        let ours = rate_givens(&values, false).triple();
        let se = format!("{}/{}/{}", f[3], f[4], f[5]);
        if ours != se {
            wrong.push(format!("{} {}: SE {se} ours {ours}", f[0], f[2]));
        }
    }
    assert_eq!(seen, CHAIN_PUZZLES.len());
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
