//! Turning an argument, a file or stdin into puzzle records, each with the
//! line it started on. Reading streams: one line at a time, bounded in length.
//!
//! A record is a [`Puzzle`] or, in its place, an [`InputError`] that says
//! what is wrong and where: one bad line never stops the rest. The formats
//! read are those of [`format`](crate::io::format): 81-cell lines (with an
//! optional label after them), 9-line grids, and pencil-mark positions.
//!
//! ```
//! use sudoku_explained::io::{from_argument, Records};
//!
//! // The first puzzle of puzzles/seed-001.txt, with its label.
//! let line = "000005200060100090850000000400003000071209403000050060200300907003090020000000341 seed-001";
//! let puzzle = from_argument(line).remove(0)?;
//! assert_eq!(puzzle.label.as_deref(), Some("seed-001"));
//! assert_eq!(puzzle.givens[..9], [0, 0, 0, 0, 0, 5, 2, 0, 0]);
//!
//! // A stream: comments are skipped, and an error takes the place of its record.
//! let text = format!("# two records\n{line}\n1234\n");
//! let records: Vec<_> = Records::new(text.as_bytes()).collect();
//! assert_eq!(records[0].as_ref().map(|p| p.line), Ok(2));
//! assert_eq!(
//!     records[1].as_ref().unwrap_err().to_string(),
//!     "line 3: 4 cells, expected 81 (one puzzle per line) or 9 (a row of a 9-line grid)"
//! );
//! # Ok::<(), sudoku_explained::io::InputError>(())
//! ```

use crate::io::format::{parse_line, CellMark, LineKind, ParseError};
use crate::model::cell::{Cell, Digit};
use crate::model::grid::Grid;
use crate::model::sets::{CellSet, DigitSet};
use std::collections::VecDeque;
use std::fmt;
use std::io::{self, BufRead};
use std::sync::Arc;

/// Longest line read whole; longer ones are skipped to their end and reported.
pub const MAX_LINE: usize = 64 * 1024;

/// A puzzle as read: its givens, where it started, and its label if any.
/// A pencil-mark position also carries the candidates of its empty cells,
/// and which of its digits were placed since rather than given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The digits row by row, 0 for an empty cell: the givens, and in a
    /// position also the digits placed since (those of `placed`).
    pub givens: [u8; 81],
    /// The line the puzzle started on, from 1.
    pub line: usize,
    /// The file it was read from; `None` for stdin and arguments.
    pub file: Option<Arc<str>>,
    /// The text that followed the puzzle on its line, if any.
    pub label: Option<String>,
    /// Candidates per cell for a pencil-mark position; `None` when every
    /// digit the givens allow is a candidate.
    pub candidates: Option<Box<[DigitSet; 81]>>,
    /// The cells whose digit in `givens` was placed while solving, not
    /// given (`+5` in a position); empty for a puzzle.
    pub placed: CellSet,
}

impl Puzzle {
    /// A plain puzzle from its givens, as if read on line 1.
    pub fn new(givens: [u8; 81]) -> Puzzle {
        Puzzle { givens, line: 1, file: None, label: None, candidates: None, placed: CellSet::EMPTY }
    }

    /// Where the puzzle was read: `file:line`, or `line N` for stdin and arguments.
    pub fn place(&self) -> String {
        place(self.file.as_deref(), self.line)
    }

    /// Who the puzzle is: where it was read, and its label.
    pub fn origin(&self) -> Origin {
        Origin { file: self.file.clone(), line: self.line, label: self.label.clone() }
    }

    /// The starting position: the digits in their cells (those of `placed`
    /// as placed, the rest as givens), and for a pencil-mark position only
    /// its own candidates.
    pub fn grid(&self) -> Grid {
        let grid = match &self.candidates {
            Some(candidates) => Grid::from_values_and_candidates(&self.givens, candidates),
            None => Grid::from_values(&self.givens),
        };
        grid.with_placed(self.placed)
    }

    /// The digits each cell may take, as bit masks (bit `d` for digit `d`),
    /// for counting the solutions of a pencil-mark position.
    pub fn masks(&self) -> Option<[u16; 81]> {
        self.candidates.as_ref().map(|c| std::array::from_fn(|i| c[i].bits() << 1))
    }
}

/// One row of a 9-line grid: what it says of each cell, and whether it was
/// written as pencil marks.
struct Row {
    marks: [CellMark; 9],
    pencil: bool,
}

impl Row {
    fn plain(values: [u8; 9]) -> Row {
        let mark = |v: u8| if v == 0 { CellMark::Open(DigitSet::ALL) } else { CellMark::Given(Digit::new(v)) };
        Row { marks: values.map(mark), pencil: false }
    }

    fn pencil(marks: [CellMark; 9]) -> Row {
        Row { marks, pencil: true }
    }
}

/// A position's digits, its candidates (none in a filled cell) and the
/// cells whose digit was placed since, from what it says of each cell.
fn split_marks(marks: &[CellMark; 81]) -> ([u8; 81], Box<[DigitSet; 81]>, CellSet) {
    let mut values = [0u8; 81];
    let mut candidates = Box::new([DigitSet::EMPTY; 81]);
    let mut placed = CellSet::EMPTY;
    for (i, mark) in marks.iter().enumerate() {
        match *mark {
            CellMark::Given(d) => values[i] = d.get(),
            CellMark::Placed(d) => {
                values[i] = d.get();
                placed.insert(Cell::new(i as u8));
            }
            CellMark::Open(set) => candidates[i] = set,
        }
    }
    (values, candidates, placed)
}

/// Where a record was read: `file:line`, or `line N` for stdin and arguments.
pub fn place(file: Option<&str>, line: usize) -> String {
    match file {
        Some(file) => format!("{file}:{line}"),
        None => format!("line {line}"),
    }
}

/// Who a record is: where it was read, and its label. Every output carries it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Origin {
    /// The file it was read from; `None` for stdin and arguments.
    pub file: Option<Arc<str>>,
    /// The line it started on, from 1.
    pub line: usize,
    /// The text after the puzzle on its line, if any.
    pub label: Option<String>,
}

impl Origin {
    /// The origin of a record, puzzle or error.
    pub fn of(record: &Record) -> Origin {
        match record {
            Ok(p) => Origin { file: p.file.clone(), line: p.line, label: p.label.clone() },
            Err(e) => Origin { file: e.file.clone(), line: e.line, label: None },
        }
    }

    /// Where: `file:line`, or `line N`.
    pub fn place(&self) -> String {
        place(self.file.as_deref(), self.line)
    }

    /// The trailing column of a text result line: ` # FILE:LINE [LABEL]`,
    /// with `-` for stdin and arguments, so that `cut -d'#' -f2` finds it.
    pub fn comment(&self) -> String {
        let file = self.file.as_deref().unwrap_or("-");
        let label = self.label.as_deref().map(|l| format!(" {l}")).unwrap_or_default();
        format!(" # {file}:{}{label}", self.line)
    }
}

/// What is wrong with an input record: a line that is not a puzzle, input
/// that cannot be read, or an operand that is neither a puzzle nor a file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Problem {
    /// A line that does not read as a puzzle.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// Text read as one puzzle that holds more than one (at the line the
    /// second starts on).
    #[error("more than one puzzle, where one was expected")]
    MoreThanOne,
    /// A file or stdin that cannot be read (a directory, no permission).
    #[error("cannot read: {0}")]
    Read(String),
    /// An operand that is no file and does not read as a puzzle either.
    #[error("no such file, and not a puzzle: {operand:?} ({error})")]
    Operand {
        /// The operand, shortened.
        operand: String,
        /// Why it is not a puzzle, with its line.
        error: Box<InputError>,
    },
}

/// Input that is not a puzzle, with the line where it was met.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    /// The line, from 1.
    pub line: usize,
    /// The file it was read from; `None` for stdin and arguments.
    pub file: Option<Arc<str>>,
    /// What is wrong.
    pub error: Problem,
}

impl InputError {
    /// Where the error was met: `file:line`, or `line N`.
    pub fn place(&self) -> String {
        place(self.file.as_deref(), self.line)
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.error {
            Problem::Parse(error) => {
                let sep = if error.has_column() { ", " } else { ": " };
                write!(f, "{}{sep}{error}", self.place())
            }
            Problem::Read(_) => write!(f, "{}: {}", self.file.as_deref().unwrap_or("stdin"), self.error),
            Problem::Operand { .. } => write!(f, "{}", self.error),
            Problem::MoreThanOne => write!(f, "{}: {}", self.place(), self.error),
        }
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
    file: Option<Arc<str>>,
    line: usize,
    grid_start: usize,
    grid_rows: Vec<Row>,
    ready: VecDeque<Record>,
    produced: bool,
    finished: bool,
}

impl<R: BufRead> Records<R> {
    /// The records of `reader`, read as they are asked for.
    pub fn new(reader: R) -> Records<R> {
        Records {
            reader,
            file: None,
            line: 0,
            grid_start: 0,
            grid_rows: Vec::new(),
            ready: VecDeque::new(),
            produced: false,
            finished: false,
        }
    }

    /// The records of a file: each record and message names it.
    pub fn named(mut self, file: &str) -> Records<R> {
        self.file = Some(file.into());
        self
    }

    fn error(&mut self, line: usize, error: ParseError) {
        self.ready.push_back(Err(InputError { line, file: self.file.clone(), error: error.into() }));
    }

    /// A grid cut short by something that is not one of its rows.
    fn close_grid(&mut self) {
        if !self.grid_rows.is_empty() {
            let rows = self.grid_rows.len();
            self.grid_rows.clear();
            self.error(self.grid_start, ParseError::ShortGrid { rows });
        }
    }

    fn grid_row(&mut self, line: usize, row: Row) {
        if self.grid_rows.is_empty() {
            self.grid_start = line;
        }
        self.grid_rows.push(row);
        if self.grid_rows.len() < 9 {
            return;
        }
        let mut marks = [CellMark::Open(DigitSet::ALL); 81];
        let pencil = self.grid_rows.iter().any(|r| r.pencil);
        for (r, row) in self.grid_rows.drain(..).enumerate() {
            marks[r * 9..r * 9 + 9].copy_from_slice(&row.marks);
        }
        let (givens, candidates, placed) = split_marks(&marks);
        self.ready.push_back(Ok(Puzzle {
            givens,
            line: self.grid_start,
            file: self.file.clone(),
            label: None,
            candidates: pencil.then_some(candidates),
            placed,
        }));
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
                let file = self.file.clone();
                let placed = CellSet::EMPTY;
                self.ready.push_back(Ok(Puzzle { givens, line, file, label, candidates: None, placed }));
            }
            Ok(LineKind::PencilPuzzle(marks)) => {
                self.close_grid();
                let (givens, candidates, placed) = split_marks(&marks);
                let candidates = Some(candidates);
                self.ready.push_back(Ok(Puzzle {
                    givens,
                    line,
                    file: self.file.clone(),
                    label: None,
                    candidates,
                    placed,
                }));
            }
            Ok(LineKind::GridRow(row)) => self.grid_row(line, Row::plain(row)),
            Ok(LineKind::PencilRow(marks)) => self.grid_row(line, Row::pencil(marks)),
            Err(error) => {
                let error = match self.grid_rows.len() {
                    0 => error,
                    rows => ParseError::in_grid(rows + 1, self.grid_start, error),
                };
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
                Err(e) => {
                    // A read error ends the input; what was read stays, and
                    // an error record says why the rest is missing.
                    self.finished = true;
                    self.close_grid();
                    let error = Problem::Read(e.to_string());
                    self.ready.push_back(Err(InputError { line: self.line.max(1), file: self.file.clone(), error }));
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

impl std::str::FromStr for Puzzle {
    type Err = InputError;

    /// One puzzle: an 81-cell line (a label may follow it), a 9-line grid,
    /// or a pencil-mark position, as every command reads them. Text that
    /// holds no puzzle, or more than one, is refused.
    ///
    /// ```
    /// use sudoku_explained::Puzzle;
    ///
    /// let puzzle: Puzzle = "000005200060100090850000000400003000071209403000050060200300907003090020000000341".parse()?;
    /// assert_eq!(puzzle.givens.iter().filter(|&&v| v != 0).count(), 27);
    /// assert!("12345".parse::<Puzzle>().is_err());
    /// # Ok::<(), sudoku_explained::io::InputError>(())
    /// ```
    fn from_str(text: &str) -> Result<Puzzle, InputError> {
        let mut records = from_argument(text);
        if records.len() > 1 {
            let line = records[1].as_ref().map_or_else(|e| e.line, |p| p.line);
            return Err(InputError { line, file: None, error: Problem::MoreThanOne });
        }
        records.remove(0)
    }
}

impl std::str::FromStr for Grid {
    type Err = InputError;

    /// A position, read as a [`Puzzle`]: its givens placed, and for a
    /// pencil-mark position only its own candidates.
    ///
    /// ```
    /// use sudoku_explained::{Cell, Grid};
    ///
    /// let grid: Grid = "000005200060100090850000000400003000071209403000050060200300907003090020000000341".parse()?;
    /// assert_eq!(grid.value(Cell::at(0, 5)).map(|d| d.get()), Some(5));
    /// # Ok::<(), sudoku_explained::io::InputError>(())
    /// ```
    fn from_str(text: &str) -> Result<Grid, InputError> {
        text.parse::<Puzzle>().map(|puzzle| puzzle.grid())
    }
}

/// The records of one command-line argument: one puzzle line or a 9-line grid.
pub fn from_argument(text: &str) -> Vec<Record> {
    if text.trim().is_empty() {
        return vec![Err(InputError { line: 1, file: None, error: ParseError::Empty.into() })];
    }
    Records::new(text.as_bytes()).collect()
}

/// The records of the operands of a command, in order: an operand that
/// reads as a puzzle is that puzzle; `-` is stdin; anything else is a file,
/// whose records name it. An operand that is neither a file nor a puzzle,
/// a directory or an unreadable file becomes an error record in its place,
/// and the rest goes on. Files are opened one at a time, as they are reached.
pub struct Operands<'a> {
    pending: VecDeque<String>,
    current: Option<Box<dyn RecordSource + 'a>>,
    stdin: Box<dyn FnMut() -> Box<dyn RecordSource + 'a> + 'a>,
}

impl<'a> Operands<'a> {
    /// The records of `operands` (stdin for none), with `stdin` opening stdin for `-`.
    pub fn new(operands: Vec<String>, stdin: impl FnMut() -> Box<dyn RecordSource + 'a> + 'a) -> Operands<'a> {
        let pending = if operands.is_empty() { VecDeque::from(["-".to_string()]) } else { operands.into() };
        Operands { pending, current: None, stdin: Box::new(stdin) }
    }

    fn open(&mut self, operand: String) -> Box<dyn RecordSource + 'a> {
        if operand == "-" {
            return (self.stdin)();
        }
        let records = from_argument(&operand);
        if records.iter().all(Result::is_ok) {
            return Box::new(records.into_iter());
        }
        let path = std::path::Path::new(&operand);
        let read_error = |error: String| {
            let error = InputError { line: 1, file: Some(operand.as_str().into()), error: Problem::Read(error) };
            Box::new(vec![Err(error)].into_iter()) as Box<dyn RecordSource + 'a>
        };
        if path.is_dir() {
            return read_error("is a directory".to_string());
        }
        match std::fs::File::open(path) {
            Ok(file) => Box::new(Records::new(io::BufReader::with_capacity(1 << 16, file)).named(&operand)),
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                let first = records.into_iter().find_map(Result::err).expect("an operand that failed has an error");
                // Only cells and decoration: a mistyped puzzle, told as one.
                // A colon may start a file's name as well as a library line.
                let either = matches!(
                    first.error,
                    Problem::Parse(ParseError::BadChar { .. } | ParseError::LibraryFields { .. })
                );
                if !either {
                    return Box::new(vec![Err(first)].into_iter());
                }
                let shown: String = operand.chars().take(90).collect();
                let error = Problem::Operand { operand: shown, error: Box::new(first) };
                Box::new(vec![Err(InputError { line: 1, file: None, error })].into_iter())
            }
            Err(e) => read_error(e.to_string()),
        }
    }
}

impl Iterator for Operands<'_> {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        loop {
            if let Some(record) = self.current.as_mut().and_then(Iterator::next) {
                return Some(record);
            }
            let operand = self.pending.pop_front()?;
            self.current = Some(self.open(operand));
        }
    }
}

impl RecordSource for Operands<'_> {
    fn drained(&self) -> bool {
        self.current.as_ref().is_none_or(|c| c.drained())
    }
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
        assert_eq!(crate::io::format::to_line(&p.givens).replace('.', "0"), SEED);
    }

    #[test]
    fn short_grid_and_blank_input_are_errors() {
        let input = "8 . . . . . . . .\n. . 3 6 . . . . .\n";
        assert_eq!(lines(input.as_bytes()), vec![Err("line 1: 9-line grid has only 2 of its 9 rows".into())]);
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
    fn a_written_position_reads_back_as_the_same_position() {
        use crate::io::format::{to_library_line, to_pencil_line};
        use crate::print::pencil_grid;
        let seed_001 = "000005200060100090850000000400003000071209403000050060200300907003090020000000341";
        let mut grid = Grid::from_values(&Records::new(seed_001.as_bytes()).next().unwrap().unwrap().givens);
        grid.eliminate(Cell::at(0, 0), Digit::new(7));
        // r1c9 is 6 in the solution; r2c9 keeps 5 alone, a single not yet placed.
        grid.place(Cell::at(0, 8), Digit::new(6));
        for d in [4, 7, 8] {
            grid.eliminate(Cell::at(1, 8), Digit::new(d));
        }
        assert_eq!(grid.candidates(Cell::at(1, 8)).to_string(), "5");
        let printed = pencil_grid(&grid);
        for text in [printed.clone(), to_pencil_line(&grid), to_library_line(&grid)] {
            let records: Vec<Record> = Records::new(text.as_bytes()).collect();
            assert_eq!(records.len(), 1, "{text}");
            let puzzle = records[0].as_ref().unwrap();
            assert!(puzzle.candidates.is_some());
            assert_eq!(puzzle.placed, CellSet::single(Cell::at(0, 8)), "{text}");
            assert_eq!(puzzle.grid(), grid, "{text}");
        }
        assert!(printed.contains("+6") && printed.contains("{5}"), "{printed}");
    }

    #[test]
    fn a_position_with_no_mark_reads_as_before() {
        // A lone digit is a given, as HoDoKu's and Simple Sudoku's grids write it.
        let line = "123456789 4 ".repeat(40) + "123456789";
        let puzzle = line.parse::<Puzzle>().unwrap();
        assert_eq!(puzzle.placed, CellSet::EMPTY);
        assert_eq!(puzzle.givens[1], 4);
        assert!(puzzle.grid().is_given(Cell::new(1)));
    }

    #[test]
    fn an_empty_argument_is_an_error() {
        assert_eq!(from_argument("  ")[0].as_ref().unwrap_err().to_string(), "line 1: empty puzzle");
    }
}
