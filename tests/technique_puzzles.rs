//! Each puzzle of puzzles/techniques.txt is solved by logic alone, and its
//! solve path uses every technique its label names; each position of
//! puzzles/technique-positions.txt lists, in `sudoku steps`, every technique
//! its comment names. Between them they show every technique.

use crate::common::technique_positions;
use sudoku_explained::explain::{steps_at, Settings, Silent, StepsOptions};
use sudoku_explained::io::Records;
use sudoku_explained::{solve, SolveOptions, Status, TechniqueId};

#[test]
fn every_technique_has_a_bundled_puzzle_that_uses_it() {
    let text = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/techniques.txt")).unwrap();
    let mut covered = Vec::new();
    for record in Records::new(&text[..]) {
        let puzzle = record.expect("bundled puzzles parse");
        let label = puzzle.label.clone().expect("each puzzle names its technique");
        // Every technique on: the examples show those off by default too.
        let options = SolveOptions::default().with_guess(false).with_settings(Settings::every_technique_on());
        let outcome = solve(&puzzle, options, &mut Silent);
        assert_eq!(outcome.status, Status::Solved, "{label}: solved without brute force");
        let used: Vec<TechniqueId> = outcome.steps.iter().map(|s| s.technique).collect();
        for id in label.split_whitespace().filter_map(TechniqueId::from_id) {
            assert!(used.contains(&id), "{label}: the solve uses {}", id.id());
            covered.push(id);
        }
    }
    for example in technique_positions() {
        let listed: Vec<TechniqueId> =
            steps_at(&example.grid, &StepsOptions::default().with_settings(Settings::every_technique_on()))
                .iter()
                .map(|group| group.technique)
                .collect();
        for id in example.techniques {
            assert!(listed.contains(&id), "technique-positions.txt line {}: steps lists {}", example.line, id.id());
            assert!(!covered.contains(&id), "{}: a puzzle in techniques.txt, a position is not needed", id.id());
            covered.push(id);
        }
    }
    for t in sudoku_explained::registry() {
        assert!(covered.contains(&t.id()), "techniques.txt or technique-positions.txt shows {}", t.id().id());
    }
}
