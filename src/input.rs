//! Turning an argument, a file or stdin into puzzle records, each with the
//! line it started on. Reading streams: one line at a time, bounded in length.

use crate::format::{parse_line, LineKind, ParseError};
use std::collections::VecDeque;
use std::fmt;
use std::io::{self, BufRead};

/// Longest line read whole; longer ones are skipped to their end and reported.
pub const MAX_LINE: usize = 64 * 1024;

/// A puzzle as read: its givens, where it started, and its label if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub givens: [u8; 81],
    pub line: usize,
    pub label: Option<String>,
}

/// Input that is not a puzzle, with the line where it was met.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    pub line: usize,
    pub error: ParseError,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = if self.error.has_column() { ", " } else { ": " };
        write!(f, "line {}{sep}{}", self.line, self.error)
    }
}

impl std::error::Error for InputError {}

/// One item of the input: a puzzle, or an error in its place.
pub type Record = Result<Puzzle, InputError>;

enum RawLine {
    Text(String),
    NotUtf8(usize),
    TooLong,
}

/// Reads the next line of at most `MAX_LINE` bytes; a longer one is consumed
/// in chunks without being held in memory.
fn read_bounded(reader: &mut impl BufRead) -> io::Result<Option<RawLine>> {
    let mut bytes = Vec::new();
    let mut too_long = false;
    let mut any = false;
    loop {
        let chunk = reader.fill_buf()?;
        if chunk.is_empty() {
            break;
        }
        any = true;
        let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        if !too_long {
            let body = &chunk[..if done { take - 1 } else { take }];
            if bytes.len() + body.len() > MAX_LINE {
                too_long = true;
                bytes = Vec::new();
            } else {
                bytes.extend_from_slice(body);
            }
        }
        reader.consume(take);
        if done {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    if too_long {
        return Ok(Some(RawLine::TooLong));
    }
    if bytes.last() == Some(&b'\r') {
        bytes.pop();
    }
    Ok(Some(match String::from_utf8(bytes) {
        Ok(s) => RawLine::Text(s),
        Err(e) => RawLine::NotUtf8(e.utf8_error().valid_up_to()),
    }))
}

/// The records of a stream, in input order. A 9-line grid may have blank,
/// comment and border lines between its rows.
pub struct Records<R> {
    reader: R,
    line: usize,
    grid_start: usize,
    grid_rows: Vec<[u8; 9]>,
    ready: VecDeque<Record>,
    produced: bool,
    finished: bool,
}

impl<R: BufRead> Records<R> {
    pub fn new(reader: R) -> Records<R> {
        Records {
            reader,
            line: 0,
            grid_start: 0,
            grid_rows: Vec::new(),
            ready: VecDeque::new(),
            produced: false,
            finished: false,
        }
    }

    fn error(&mut self, line: usize, error: ParseError) {
        self.ready.push_back(Err(InputError { line, error }));
    }

    /// A grid cut short by something that is not one of its rows.
    fn close_grid(&mut self) {
        if !self.grid_rows.is_empty() {
            let rows = self.grid_rows.len();
            self.grid_rows.clear();
            self.error(self.grid_start, ParseError::ShortGrid { rows });
        }
    }

    fn take_line(&mut self, raw: RawLine) {
        self.line += 1;
        let line = self.line;
        let kind = match raw {
            RawLine::Text(text) => parse_line(&text),
            RawLine::NotUtf8(byte) => Err(ParseError::NotUtf8 { byte }),
            RawLine::TooLong => Err(ParseError::TooLong { limit: MAX_LINE }),
        };
        match kind {
            Ok(LineKind::Blank | LineKind::Comment | LineKind::Border) => {}
            Ok(LineKind::Puzzle(givens, label)) => {
                self.close_grid();
                self.ready.push_back(Ok(Puzzle { givens, line, label }));
            }
            Ok(LineKind::GridRow(row)) => {
                if self.grid_rows.is_empty() {
                    self.grid_start = line;
                }
                self.grid_rows.push(row);
                if self.grid_rows.len() == 9 {
                    let mut givens = [0u8; 81];
                    for (r, row) in self.grid_rows.drain(..).enumerate() {
                        givens[r * 9..r * 9 + 9].copy_from_slice(&row);
                    }
                    self.ready.push_back(Ok(Puzzle { givens, line: self.grid_start, label: None }));
                }
            }
            Err(error) => {
                self.close_grid();
                self.error(line, error);
            }
        }
    }
}

impl<R: BufRead> Iterator for Records<R> {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        while self.ready.is_empty() && !self.finished {
            match read_bounded(&mut self.reader) {
                Ok(Some(raw)) => self.take_line(raw),
                Ok(None) => {
                    self.finished = true;
                    self.close_grid();
                    if !self.produced && self.ready.is_empty() {
                        self.error(self.line.max(1), ParseError::NoPuzzle);
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(_) => {
                    // A read error ends the input; what was read stays.
                    self.finished = true;
                    self.close_grid();
                }
            }
        }
        let record = self.ready.pop_front()?;
        self.produced = true;
        Some(record)
    }
}

/// A stream of records that can tell when it has no more input at hand, so
/// output is flushed exactly when the next record would have to wait.
pub trait RecordSource: Iterator<Item = Record> {
    /// True when the next record cannot be produced without reading more input.
    fn drained(&self) -> bool;
}

impl<R: io::Read> RecordSource for Records<io::BufReader<R>> {
    fn drained(&self) -> bool {
        self.ready.is_empty() && self.reader.buffer().is_empty()
    }
}

impl RecordSource for std::vec::IntoIter<Record> {
    fn drained(&self) -> bool {
        self.len() == 0
    }
}

/// The records of one command-line argument: one puzzle line or a 9-line grid.
pub fn from_argument(text: &str) -> Vec<Record> {
    if text.trim().is_empty() {
        return vec![Err(InputError { line: 1, error: ParseError::Empty })];
    }
    Records::new(text.as_bytes()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEED: &str = "006002951980500007005039204029160040840203060600078090008050416367901020504020000";

    fn lines(input: &[u8]) -> Vec<Result<usize, String>> {
        Records::new(input).map(|r| r.map(|p| p.line).map_err(|e| e.to_string())).collect()
    }

    #[test]
    fn puzzles_and_errors_keep_input_order() {
        let input = format!("# header\n{SEED}\n\n{}\n{SEED}\n", &SEED[..80]);
        assert_eq!(
            lines(input.as_bytes()),
            vec![
                Ok(2),
                Err("line 4: 80 cells, expected 81 (one puzzle per line) or 9 (a row of a 9-line grid)".into()),
                Ok(5)
            ]
        );
    }

    #[test]
    fn nine_line_grid_with_decoration() {
        let mut input = String::from("\n");
        for r in 0..9 {
            if r == 3 || r == 6 {
                input.push_str("------+-------+------\n");
            }
            let row: Vec<String> = SEED[r * 9..r * 9 + 9].chars().map(|c| c.to_string()).collect();
            input.push_str(&format!("{} | {} | {}\n", row[..3].join(" "), row[3..6].join(" "), row[6..].join(" ")));
        }
        let records: Vec<Record> = Records::new(input.as_bytes()).collect();
        assert_eq!(records.len(), 1);
        let p = records[0].as_ref().unwrap();
        assert_eq!(p.line, 2);
        assert_eq!(crate::format::to_line(&p.givens).replace('.', "0"), SEED);
    }

    #[test]
    fn short_grid_and_blank_input_are_errors() {
        let input = "8 . . . . . . . .\n. . 3 6 . . . . .\n";
        assert_eq!(lines(input.as_bytes()), vec![Err("line 1: 9-line grid has only 2 rows, expected 9".into())]);
        assert_eq!(lines(b""), vec![Err("line 1: no puzzle found in the input".into())]);
        assert_eq!(lines(b"\n\n"), vec![Err("line 2: no puzzle found in the input".into())]);
    }

    #[test]
    fn binary_and_overlong_lines_are_errors_and_reading_goes_on() {
        let mut input = vec![0xff, 0xfe, b'\n'];
        input.extend(std::iter::repeat_n(b'1', MAX_LINE + 10));
        input.push(b'\n');
        input.extend_from_slice(SEED.as_bytes());
        let got = lines(&input);
        assert_eq!(got[0], Err("line 1: not text: invalid UTF-8 at byte 0".into()));
        assert!(got[1].as_ref().unwrap_err().starts_with("line 2: line longer than"));
        assert_eq!(got[2], Ok(3));
    }

    #[test]
    fn an_empty_argument_is_an_error() {
        assert_eq!(from_argument("  ")[0].as_ref().unwrap_err().to_string(), "line 1: empty puzzle");
    }
}
