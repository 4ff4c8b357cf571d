//! Walk a puzzle hint by hint, as a learner would: first where to look
//! (vague), then the pattern (concrete), then the step itself, which is
//! taken before asking again.
//!
//! `cargo run --example hints [PUZZLE] [HOW_MANY]` (default: the first
//! puzzle of `puzzles/seed-001.txt`, 12 hints).

use sudoku_explained::io::to_pencil_line;
use sudoku_explained::tools::{hint_text, Hint, HintLevel};
use sudoku_explained::{hint, Puzzle, SolveOptions};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let text = args.next().unwrap_or_else(|| {
        "000005200060100090850000000400003000071209403000050060200300907003090020000000341".to_string()
    });
    let how_many: usize = args.next().map_or(Ok(12), |n| n.parse())?;
    let mut position: Puzzle = text.parse()?;
    for number in 1..=how_many {
        let found = hint(&position, SolveOptions::default());
        let Hint::Next { step, .. } = &found else {
            println!("no more hints: {found:?}");
            break;
        };
        println!("hint {number}:");
        for level in [HintLevel::Vague, HintLevel::Concrete, HintLevel::Full] {
            println!("  {level:?}: {}", hint_text(step, level));
        }
        // The position after the step, with its pencil marks, is the next position.
        let after = found.position_after().expect("a step leads somewhere");
        position = to_pencil_line(&after).parse()?;
    }
    Ok(())
}
