//! Any bytes at all fed to the input reader give puzzles or error records,
//! never a panic, and every line is accounted for.

use proptest::prelude::*;
use std::io::BufReader;
use sudoku_explained::io::Records;

/// Bytes that look like puzzle input often enough to reach deep into the
/// parser: digits, empties, decoration, separators, newlines, and anything.
fn puzzle_ish() -> impl Strategy<Value = Vec<u8>> {
    let byte = prop_oneof![
        4 => prop::sample::select(b"123456789.0_*x".to_vec()),
        2 => prop::sample::select(b" |+-=#:{}\n\r\t".to_vec()),
        1 => any::<u8>(),
    ];
    prop::collection::vec(byte, 0..2000)
}

/// Lines shaped as HoDoKu's library format: about 81 cells with `+`
/// marks, deleted candidates, the closing fields, and now and then anything.
fn library_ish() -> impl Strategy<Value = Vec<u8>> {
    let cell = prop_oneof![
        8 => prop::sample::select(b"123456789.0".to_vec()),
        2 => Just(b'+'),
        1 => any::<u8>(),
    ];
    let deleted = prop_oneof![
        6 => prop::sample::select(b"123456789".to_vec()),
        2 => Just(b' '),
        1 => any::<u8>(),
    ];
    let tail = prop::sample::select(b":x 1\n".to_vec());
    (prop::collection::vec(cell, 75..95), prop::collection::vec(deleted, 0..60), prop::collection::vec(tail, 0..8))
        .prop_map(|(cells, deleted, tail)| [&b":0000:x:"[..], &cells, b":", &deleted, &tail].concat())
}

/// A record reduced to what can be compared: its line and givens, or its line and message.
type Seen = Result<(usize, [u8; 81]), (usize, String)>;

fn read_all(bytes: &[u8], buffer: usize) -> Vec<Seen> {
    Records::new(BufReader::with_capacity(buffer, bytes))
        .map(|r| r.map(|p| (p.line, p.givens)).map_err(|e| (e.line, e.to_string())))
        .collect()
}

fn check(bytes: &[u8]) {
    let records = read_all(bytes, 8 * 1024);
    let lines = bytes.split(|&b| b == b'\n').count();
    assert!(!records.is_empty(), "every input yields at least one record");
    let mut last = 0;
    for r in &records {
        let line = match r {
            Ok((line, givens)) => {
                assert!(givens.iter().all(|&v| v <= 9));
                *line
            }
            Err((line, message)) => {
                assert!(!message.is_empty());
                *line
            }
        };
        assert!(line >= 1 && line <= lines.max(1), "line {line} of {lines}");
        assert!(line >= last, "records come in input order");
        last = line;
    }
    // Reading through a tiny buffer gives the same records as a large one.
    assert_eq!(read_all(bytes, 3), records);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..3000)) {
        check(&bytes);
    }

    #[test]
    fn puzzle_like_bytes_never_panic(bytes in puzzle_ish()) {
        check(&bytes);
    }

    #[test]
    fn library_like_bytes_never_panic(bytes in library_ish()) {
        check(&bytes);
    }
}
