//! Every technique of the registry fires at least once over the sample the
//! property test checks for soundness (tests/properties.rs), so that sample
//! exercises the whole library. Prints the number of steps per technique
//! (`cargo test --test technique_coverage -- --nocapture`).

use std::collections::BTreeMap;
use sudoku::input::Records;
use sudoku::observer::Silent;
use sudoku::{registry, solve, SolveOptions, Status, TechniqueId};

/// The files and how many puzzles of each the property test takes.
const SAMPLE: [(&str, usize); 10] = [
    ("seed-000.txt", 1),
    ("seed-001.txt", 1),
    ("techniques.txt", usize::MAX),
    ("top95.txt", 95),
    ("norvig-hardest.txt", 11),
    ("top1465.txt", 300),
    ("17-clue-sample.txt", 300),
    ("forum-hardest-1905-sample.txt", 60),
    ("forum-hardest-1106.txt", 60),
    ("easy-singles-sample.txt", 100),
];

#[test]
fn every_technique_fires_over_the_property_sample() {
    let mut steps: BTreeMap<TechniqueId, usize> = BTreeMap::new();
    let mut puzzles: BTreeMap<TechniqueId, usize> = BTreeMap::new();
    for (file, take) in SAMPLE {
        let path = format!("{}/puzzles/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        for record in Records::new(&text[..]).take(take) {
            let puzzle = record.expect("bundled puzzles parse");
            let outcome = solve(&puzzle, SolveOptions::default(), &mut Silent);
            assert_eq!(outcome.status, Status::Solved, "{file}");
            for (technique, count) in outcome.technique_counts() {
                *steps.entry(technique).or_default() += count;
                *puzzles.entry(technique).or_default() += 1;
            }
        }
    }
    println!("{:<22} {:>7} {:>8}", "technique", "steps", "puzzles");
    for (technique, count) in &steps {
        println!("{:<22} {count:>7} {:>8}", technique.id(), puzzles[technique]);
    }
    let missing: Vec<&str> =
        registry().iter().map(|t| t.id()).filter(|t| !steps.contains_key(t)).map(|t| t.id()).collect();
    assert!(missing.is_empty(), "never fired over the sample: {missing:?}");
}
