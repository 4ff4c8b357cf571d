//! Every format of tests/formats/ (see its README for where each layout is
//! defined) reads through the public API as the position it holds, also
//! with a UTF-8 byte-order mark and CRLF line ends, and the binary accepts
//! it. An input that is ambiguous says in its error what it was read as.

use crate::common;

use common::sudoku;
use sudoku_explained::io::{from_argument, Puzzle, Record, Records};
use sudoku_explained::{Cell, CellSet};

const SEED000: &str = "006002951980500007005039204029160040840203060600078090008050416367901020504020000";
const SEED000_SOLUTION: &str = "436782951982514637175639284729165843841293765653478192298357416367941528514826379";
const SEED001: &str = "000005200060100090850000000400003000071209403000050060200300907003090020000000341";
const SEED001_SOLUTION: &str = "147985236362147895859632174426873519571269483938451762284316957713594628695728341";

/// The position of hodoku-pm-grid.txt and sukaku.txt: seed-001 with every
/// candidate its givens allow, less seven that are not in the solution.
const SEED001_PENCIL: &str = "1379 1349 479 46789 3468 5 2 1378 468 37 6 247 1 2347 2478 578 9 458 \
    8 5 2479 467 23467 2467 167 137 46 4 289 25689 678 1678 3 157 1578 2589 \
    56 7 1 2 68 9 4 58 3 39 2389 289 478 5 147 178 6 289 \
    2 148 4568 3 146 1468 9 58 7 1567 148 3 4567 9 14678 568 2 568 \
    5679 89 56789 5678 2678 2678 3 4 1";

fn fixture(name: &str) -> Vec<u8> {
    let path = format!("{}/tests/formats/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The same bytes with a byte-order mark in front and CRLF line ends.
fn bom_crlf(bytes: &[u8]) -> Vec<u8> {
    let text = String::from_utf8(bytes.to_vec()).unwrap();
    format!("\u{feff}{}", text.replace('\n', "\r\n")).into_bytes()
}

fn read(bytes: &[u8]) -> Vec<Record> {
    Records::new(bytes).collect()
}

fn givens(puzzle: &Puzzle) -> String {
    puzzle.givens.iter().map(|&v| char::from(b'0' + v)).collect()
}

/// Each cell as the fixtures write it: its value (`+5` when placed since),
/// or its candidates (`{5}` when one).
fn cells(puzzle: &Puzzle) -> String {
    let candidates = puzzle.candidates.as_ref().expect("a pencil-mark position");
    let cell = |i: usize| match puzzle.givens[i] {
        0 if candidates[i].len() == 1 => format!("{{{}}}", candidates[i]),
        0 => candidates[i].to_string(),
        v if puzzle.placed.contains(Cell::new(i as u8)) => format!("+{v}"),
        v => v.to_string(),
    };
    (0..81).map(cell).collect::<Vec<_>>().join(" ")
}

/// Reads a fixture as it is and with a BOM and CRLF: the same records each
/// way, all of them puzzles; and the binary solves each to `solution`.
fn check(name: &str, solution: &str) -> Vec<Puzzle> {
    let bytes = fixture(name);
    let plain: Vec<Puzzle> = read(&bytes).into_iter().map(|r| r.unwrap_or_else(|e| panic!("{name}: {e}"))).collect();
    assert!(!plain.is_empty(), "{name}");
    let windows: Vec<Puzzle> =
        read(&bom_crlf(&bytes)).into_iter().map(|r| r.unwrap_or_else(|e| panic!("{name} (BOM, CRLF): {e}"))).collect();
    assert_eq!(windows, plain, "{name}: a BOM and CRLF line ends change nothing");
    for input in [bytes.clone(), bom_crlf(&bytes)] {
        let run = sudoku(&["solve", "-q"], &input);
        assert_eq!(run.code, 0, "{name}: {}{}", run.stdout, run.stderr);
        // Each line is the solution, then ` # ` and where the record came from.
        let solutions: Vec<&str> = run.stdout.lines().map(|l| l.split(" # ").next().unwrap_or(l)).collect();
        let expected: Vec<&str> = plain.iter().map(|_| solution).collect();
        assert_eq!(solutions, expected, "{name}");
    }
    plain
}

#[test]
fn hodoku_candidate_grid_with_its_borders() {
    let text = String::from_utf8(fixture("hodoku-pm-grid.txt")).unwrap();
    for border in [".---", ":---", "+---", "'---"] {
        assert!(text.contains(border), "the fixture draws HoDoKu's {border}");
    }
    let puzzles = check("hodoku-pm-grid.txt", SEED001_SOLUTION);
    assert_eq!(puzzles.len(), 1);
    assert_eq!(puzzles[0].line, 6, "the grid starts on its first row, under the top border");
    assert_eq!(givens(&puzzles[0]), SEED001);
    assert_eq!(cells(&puzzles[0]), SEED001_PENCIL.split_whitespace().collect::<Vec<_>>().join(" "));
}

#[test]
fn hodoku_formatted_givens() {
    let puzzles = check("hodoku-givens.txt", SEED001_SOLUTION);
    assert_eq!(puzzles.len(), 1);
    assert_eq!(givens(&puzzles[0]), SEED001);
    assert_eq!(puzzles[0].candidates, None);
}

#[test]
fn simple_sudoku_ss() {
    let puzzles = check("simple-sudoku.ss", SEED000_SOLUTION);
    assert_eq!(puzzles.len(), 1);
    assert_eq!(givens(&puzzles[0]), SEED000);
    assert_eq!(puzzles[0].line, 2);
}

#[test]
fn sadman_sdk_with_header_lines_and_puzzle_section() {
    let puzzles = check("sadman.sdk", SEED000_SOLUTION);
    assert_eq!(puzzles.len(), 1);
    assert_eq!(givens(&puzzles[0]), SEED000);
    assert_eq!(puzzles[0].line, 7, "after the # header lines and [Puzzle]");
}

#[test]
fn sukaku_in_its_three_spellings() {
    let puzzles = check("sukaku.txt", SEED001_SOLUTION);
    assert_eq!(puzzles.len(), 4);
    let expected = SEED001_PENCIL.split_whitespace().collect::<Vec<_>>().join(" ");
    for p in &puzzles {
        assert_eq!(givens(p), SEED001, "line {}", p.line);
        assert_eq!(cells(p), expected, "line {}", p.line);
    }
}

#[test]
fn placed_digits_and_unplaced_singles_in_three_notations() {
    let puzzles = check("placed-and-singles.txt", SEED001_SOLUTION);
    assert_eq!(puzzles.len(), 3, "a line, a grid, a library line");
    assert_eq!(puzzles.iter().map(|p| p.line).collect::<Vec<_>>(), [8, 10, 22]);
    let line = String::from_utf8(fixture("placed-and-singles.txt")).unwrap().lines().nth(7).unwrap().to_string();
    let placed: CellSet = [Cell::at(3, 2), Cell::at(3, 6), Cell::at(4, 0), Cell::at(4, 7)].into_iter().collect();
    for p in &puzzles {
        // The library line's empty cells keep what no digit rules out; the grid drops that.
        assert_eq!(p.grid(), puzzles[0].grid(), "line {}", p.line);
        assert_eq!(p.placed, placed, "line {}", p.line);
    }
    assert_eq!(cells(&puzzles[0]), line);
    assert_eq!(cells(&puzzles[1]), line);
    // The next step is the single not yet placed in r5c5, in every notation and every command.
    let text = fixture("placed-and-singles.txt");
    let hints = sudoku(&["hint", "--level", "full"], &text);
    assert_eq!(hints.code, 0, "{}", hints.stderr);
    assert_eq!(hints.stdout.lines().count(), 3);
    assert!(hints.stdout.lines().all(|l| l.starts_with("Full House: 6 in r5 (r5c5) => r5c5=6.")), "{}", hints.stdout);
    let counts = sudoku(&["count"], &text);
    assert_eq!(counts.stdout, "1 # -:8\n1 # -:10\n1 # -:22\n");
    let rates = sudoku(&["rate"], &text);
    assert_eq!((rates.code, rates.stdout.lines().count()), (0, 3), "{}", rates.stderr);
    let first = sudoku(&["solve", "--format", "json"], &text);
    for v in common::json_lines(&first.stdout) {
        assert_eq!(v["steps"][0]["technique"], "full-house", "{v}");
        assert_eq!(v["steps"].as_array().unwrap().len(), 64 - 14, "the solve's 50 steps left after 14");
    }
    let check = sudoku(&["check", SEED001, &line], b"");
    assert_eq!((check.code, check.stdout.as_str()), (0, "no mistakes, 50 cells left # -:1\n"));
}

#[test]
fn an_argument_with_a_bom_and_crlf_reads() {
    let grid: String =
        SEED000.as_bytes().chunks(9).map(|row| format!("{}\r\n", std::str::from_utf8(row).unwrap())).collect();
    for text in [format!("\u{feff}{SEED000}\r\n"), format!("\u{feff}{grid}")] {
        let records = from_argument(&text);
        assert_eq!(records.len(), 1, "{text:?}");
        assert_eq!(givens(records[0].as_ref().unwrap()), SEED000);
    }
}

#[test]
fn an_ambiguous_input_says_what_it_was_read_as() {
    // A row short of a cell, inside a 9-line grid: read as that grid's row.
    let mut lines: Vec<String> = SEED000.as_bytes().chunks(9).map(|r| String::from_utf8(r.to_vec()).unwrap()).collect();
    lines[4].pop();
    let records = read(lines.join("\n").as_bytes());
    let errors: Vec<String> = records.iter().filter_map(|r| r.as_ref().err()).map(|e| e.to_string()).collect();
    assert_eq!(
        errors[..2],
        [
            "line 1: 9-line grid has only 4 of its 9 rows".to_string(),
            "line 5: read as row 5 of the 9-line grid from line 1: 8 cells, expected 81 (one puzzle per line) or 9 (a row of a 9-line grid)"
                .to_string(),
        ]
    );
    // Groups of several digits: read as pencil marks, so the groups are counted.
    let short = SEED001_PENCIL.split_whitespace().take(80).collect::<Vec<_>>().join(" ");
    assert_eq!(
        read(short.as_bytes())[0].as_ref().unwrap_err().to_string(),
        "line 1: read as pencil marks: 80 groups of candidates, expected 81 (a position on one line) or 9 (a row of a candidate grid)"
    );
    // A HoDoKu row with a letter in it, inside its grid.
    let text = String::from_utf8(fixture("hodoku-pm-grid.txt")).unwrap().replacen("| 37 ", "| 3a ", 1);
    let message = read(text.as_bytes()).iter().find_map(|r| r.as_ref().err().map(|e| e.to_string())).unwrap();
    assert!(message.starts_with("line 6: 9-line grid has only 1 of its 9 rows"), "{message}");
    let second = read(text.as_bytes()).iter().filter_map(|r| r.as_ref().err().map(|e| e.to_string())).nth(1).unwrap();
    assert!(
        second.starts_with("line 7: read as row 2 of the 9-line grid from line 6: column 4: unexpected character 'a'"),
        "{second}"
    );
}

#[test]
fn the_binary_names_the_guess_too() {
    let short = SEED001_PENCIL.split_whitespace().take(80).collect::<Vec<_>>().join(" ");
    let run = sudoku(&["solve", "-q"], short.as_bytes());
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("read as pencil marks: 80 groups"), "{}{}", run.stdout, run.stderr);
}
