//! Rate every puzzle of a file as `sudoku rate` does (Sudoku Explainer's
//! ER/EP/ED, the level and the explained path's score), one line each; a
//! line that is not a puzzle is told on stderr and the rest goes on.
//!
//! `cargo run --release --example rate_file [FILE]` (default
//! `puzzles/top95.txt`; many threads and the printers of `sudoku rate`
//! are in `batch::rate_all`).

use std::fs::File;
use std::io::BufReader;
use sudoku_explained::io::{to_line, Records};
use sudoku_explained::rate;

fn main() -> std::io::Result<()> {
    let path = std::env::args().nth(1).unwrap_or_else(|| "puzzles/top95.txt".to_string());
    let records = Records::new(BufReader::new(File::open(&path)?)).named(&path);
    for record in records {
        match record {
            Ok(puzzle) => match rate(&puzzle) {
                Some(r) => println!("{} {} {} {}", to_line(&puzzle.givens), r.triple(), r.level, r.techniques()),
                None => println!("{} not one solution", to_line(&puzzle.givens)),
            },
            Err(error) => eprintln!("{error}"),
        }
    }
    Ok(())
}
