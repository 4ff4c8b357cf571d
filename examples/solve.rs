//! Solve one puzzle and print every step the way the solver explains it.
//!
//! `cargo run --example solve [PUZZLE]` (81 cells, `.` or `0` for empty;
//! without one, the first puzzle of `puzzles/seed-001.txt`).

use sudoku_explained::{solve, Puzzle, Silent, SolveOptions, Status};

fn main() {
    let text = std::env::args().nth(1).unwrap_or_else(|| {
        "000005200060100090850000000400003000071209403000050060200300907003090020000000341".to_string()
    });
    // `parse` reads a puzzle as every command does, and says what is wrong where.
    let puzzle: Puzzle = match text.parse() {
        Ok(puzzle) => puzzle,
        Err(error) => {
            eprintln!("not a puzzle: {error}");
            std::process::exit(2);
        }
    };
    // `Silent` watches nothing; an `Observer` of your own sees each step as it is taken.
    let outcome = solve(&puzzle, SolveOptions::default().with_rate(true), &mut Silent);
    for (number, step) in outcome.steps.iter().enumerate() {
        println!("{:3}. {}", number + 1, step.text());
    }
    match outcome.status {
        Status::Solved => {
            let rating = outcome.rating.expect("asked for");
            println!("solved in {} steps; Sudoku Explainer would rate it {}", outcome.steps.len(), rating.triple());
        }
        other => println!("not solved: {}", other.as_str()),
    }
}
