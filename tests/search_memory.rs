//! The driver remembers which parts of a search found nothing and skips them
//! while their inputs are unchanged, lets a search by cells look again only
//! at instances touching a cell that changed, skips a digit for the
//! single-digit techniques when every candidate of it lies on a template
//! (and tells finned fish which candidates fit none), and skips a house for
//! the subsets when every candidate of it lies in a filling of the house;
//! none of these may ever change a step.
//! Along every solve path of the sample, the step the remembering search
//! takes is the step a fresh search of the same position takes.

use sudoku_explained::explain::{first_step, first_step_with, Memo, Technique};
use sudoku_explained::explain::{Search, Settings};
use sudoku_explained::io::Records;
use sudoku_explained::{registry, solve, Grid, Outcome, Puzzle, SolveOptions, Step, TechniqueId};

/// What the driver did before it had a memory: every technique in order
/// (those on by default), from scratch, the first step that makes progress.
fn fresh_step(grid: &Grid) -> Option<Step> {
    let settings = Settings::default();
    registry()
        .iter()
        .filter(|t| settings.is_enabled(t.id()))
        .find_map(|t| first_step(*t, grid).filter(|s| s.makes_progress(grid)))
}

/// Each puzzle of the bundled files (the first `take` of each) with its
/// solve path.
fn solve_paths(files: &[(&'static str, usize)]) -> Vec<(&'static str, Puzzle, Outcome)> {
    let mut paths = Vec::new();
    for &(file, take) in files {
        let path = format!("{}/puzzles/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read(&path).unwrap();
        for record in Records::new(&text[..]).take(take) {
            let puzzle = record.expect("bundled puzzles parse");
            let outcome = solve(&puzzle, SolveOptions::default(), &mut sudoku_explained::explain::Silent);
            paths.push((file, puzzle, outcome));
        }
    }
    paths
}

#[test]
fn remembered_searches_take_the_steps_fresh_searches_take() {
    let mut checked = 0;
    for (file, puzzle, outcome) in
        solve_paths(&[("techniques.txt", usize::MAX), ("top95.txt", 40), ("17-clue-sample.txt", 40)])
    {
        let mut grid = puzzle.grid();
        let mut search = Search::default();
        for (i, step) in outcome.steps.iter().enumerate() {
            let remembered = search.next_step(&grid);
            let fresh = fresh_step(&grid);
            assert_eq!(
                remembered.as_ref().map(Step::text),
                fresh.as_ref().map(Step::text),
                "{file} line {}, step {}",
                puzzle.line,
                i + 1
            );
            // The solve's own step: the same one, or a guess where none applies.
            match remembered {
                Some(found) => assert_eq!(found.text(), step.text(), "{file} line {}", puzzle.line),
                None => assert_eq!(step.technique, TechniqueId::BruteForce),
            }
            step.apply_to(&mut grid);
            checked += 1;
        }
    }
    assert!(checked > 5_000, "{checked} steps checked");
}

#[test]
fn a_search_taken_back_along_a_solve_forgets_what_it_knew() {
    // One search asked about a solve's positions forward, then backward:
    // going back, candidates return, so nothing it remembers holds.
    let path = format!("{}/puzzles/top95.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read(&path).unwrap();
    let mut compared = 0;
    for record in Records::new(&text[..]).take(3) {
        let puzzle = record.expect("bundled puzzles parse");
        let outcome = solve(&puzzle, SolveOptions::default(), &mut sudoku_explained::explain::Silent);
        let mut grid = puzzle.grid();
        let mut grids = vec![grid.clone()];
        for step in &outcome.steps {
            step.apply_to(&mut grid);
            grids.push(grid.clone());
        }
        let mut search = Search::default();
        for grid in grids.iter().chain(grids.iter().rev()) {
            let remembered = search.next_step(grid);
            assert_eq!(remembered.as_ref().map(Step::text), fresh_step(grid).as_ref().map(Step::text));
            compared += 1;
        }
    }
    assert!(compared > 100, "{compared} positions compared");
}

/// Every technique asked at every position of a solve path, with one memo
/// shared along the path as the driver shares it, finds what it finds from
/// scratch: the driver asks a technique only where the simpler ones fail,
/// so this reaches each memo (the finned fish's note for the sashimi one,
/// a digit with no X-chain, the branches the forcing techniques share, ...)
/// on many more positions than the solves themselves do.
#[test]
fn every_technique_with_the_memo_of_its_solve_finds_what_a_fresh_search_finds() {
    let mut compared = 0;
    for (file, puzzle, outcome) in solve_paths(&[("techniques.txt", usize::MAX), ("top95.txt", 6)]) {
        let mut grid = puzzle.grid();
        let mut memo = Memo::default();
        for (i, step) in outcome.steps.iter().enumerate() {
            // The forcing techniques cost milliseconds a position: every
            // fourth position keeps the test short and still changes
            // the grid between two asks.
            let dear = |t: &&dyn Technique| t.descriptor().rating >= sudoku_explained::Tenths(75) && i % 4 != 0;
            for technique in registry().iter().filter(|t| !dear(t)) {
                let remembered = first_step_with(*technique, &grid, &mut memo);
                assert_eq!(
                    remembered.as_ref().map(Step::text),
                    first_step(*technique, &grid).as_ref().map(Step::text),
                    "{file} line {}, step {}, {}",
                    puzzle.line,
                    i + 1,
                    technique.id().id()
                );
                compared += 1;
            }
            step.apply_to(&mut grid);
        }
    }
    assert!(compared > 100_000, "{compared} searches compared");
}
