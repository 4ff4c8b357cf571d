//! The input reader takes any bytes: puzzles or error records, never a
//! panic, never a record on a line past the input's last.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::io::BufReader;
use sudoku_explained::io::{from_argument, Records};

fuzz_target!(|data: &[u8]| {
    let lines = data.split(|&b| b == b'\n').count().max(1);
    // A small buffer makes lines cross buffer boundaries, as on a pipe.
    for record in Records::new(BufReader::with_capacity(7, data)) {
        let line = match record {
            Ok(puzzle) => {
                assert!(puzzle.givens.iter().all(|&v| v <= 9));
                puzzle.line
            }
            Err(error) => {
                assert!(!error.to_string().is_empty());
                error.line
            }
        };
        assert!((1..=lines).contains(&line));
    }
    if let Ok(text) = std::str::from_utf8(data) {
        assert!(!from_argument(text).is_empty());
    }
});
