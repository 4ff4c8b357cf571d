//! Reading and writing the text formats of a puzzle.
//!
//! A puzzle line holds 81 cells: `1`-`9` a given, `.` `0` `_` `*` `x` an empty
//! cell. Spaces and `|` `+` `-` between cells are decoration; text after the
//! 81st cell is a label. A line of 9 cells is a row of a 9-line grid.
//! Groups of digits (9 or 81 of them, as a printed candidate grid shows
//! them) are a pencil-mark position: a lone digit a given, `+5` a digit
//! placed since (HoDoKu's mark), `{5}` an empty cell whose one candidate is
//! not placed yet; so is a Sukaku line of 729 characters, 9 per cell, and a
//! line of HoDoKu's library format (`:0000:x:cells:deleted::`). Border
//! lines (`------+------`, `*-----*`, and HoDoKu's `.---.`, `:---+---:`,
//! `'---'`), section headers (`[Puzzle]`, as in SadMan Software's `.sdk`)
//! and a UTF-8 byte-order mark are skipped.
//! Reading is the `input` module's work; what is public here is the error a
//! line can have, and the writing.
//!
//! ```
//! use sudoku_explained::io::{to_digits, to_line};
//!
//! let mut values = [0u8; 81];
//! values[0] = 4;
//! assert_eq!(to_line(&values), format!("4{}", ".".repeat(80)));
//! assert_eq!(to_digits(&values), format!("4{}", "0".repeat(80)));
//! ```

use crate::model::cell::{Cell, Digit};
use crate::model::grid::{Grid, House};
use crate::model::sets::DigitSet;
use thiserror::Error;

/// What is wrong with one line of input.
#[derive(Error, Debug, Clone, PartialEq, Eq)]
pub enum ParseError {
    /// An argument with nothing but spaces.
    #[error("empty puzzle")]
    Empty,
    /// A line of cells that is neither a puzzle nor a grid row.
    #[error("{found} cells, expected 81 (one puzzle per line) or 9 (a row of a 9-line grid)")]
    CellCount {
        /// The cells the line holds.
        found: usize,
    },
    /// A character that is neither a cell nor decoration.
    #[error(
        "column {column}: unexpected character {ch:?}; a cell is a digit 1-9 or one of . 0 _ * x for an empty cell"
    )]
    BadChar {
        /// Where, counted in characters from 1.
        column: usize,
        /// The character.
        ch: char,
    },
    /// Bytes that are not UTF-8.
    #[error("not text: invalid UTF-8 at byte {byte}")]
    NotUtf8 {
        /// The offset of the first bad byte.
        byte: usize,
    },
    /// A line longer than `input::MAX_LINE` bytes, skipped unread.
    #[error("line longer than {limit} bytes; a puzzle line is 81 cells and a short label")]
    TooLong {
        /// The longest line read.
        limit: usize,
    },
    /// A 9-line grid cut short.
    #[error("9-line grid has only {rows} of its 9 rows")]
    ShortGrid {
        /// The rows it has.
        rows: usize,
    },
    /// Input with no puzzle at all.
    #[error("no puzzle found in the input")]
    NoPuzzle,
    /// A line of candidate groups (a pencil-mark position, as guessed from
    /// its groups of several digits) with the wrong number of groups.
    #[error(
        "read as pencil marks: {found} groups of candidates, expected 81 (a position on one line) or 9 (a row of a candidate grid)"
    )]
    GroupCount {
        /// The groups the line holds.
        found: usize,
    },
    /// A group of a pencil-mark line (one that uses `+5` or `{5}`) that is
    /// no cell.
    #[error(
        "column {column}: read as pencil marks: {text:?} is not a cell (group {group}{}); a cell is a given 5, a digit placed since +5, candidates 137, one candidate not yet placed {{5}}, or - for none",
        cell.map(|c| format!(", {c}")).unwrap_or_default()
    )]
    BadGroup {
        /// Where the group starts, counted in characters from 1.
        column: usize,
        /// Its place among the line's groups, from 1.
        group: usize,
        /// The cell it stands for, when the line is a whole position.
        cell: Option<Cell>,
        /// The group.
        text: String,
    },
    /// A line of HoDoKu's library format (it starts with `:`) with the
    /// wrong number of fields.
    #[error(
        "read as HoDoKu's library format: {colons} colon{}, expected 6 or 7 (:type:digits:cells:deleted:eliminations:placements:)",
        if *colons == 1 { "" } else { "s" }
    )]
    LibraryFields {
        /// The colons the line holds.
        colons: usize,
    },
    /// A library line whose cells are not 81.
    #[error("read as HoDoKu's library format: {found} cells in its cells field, expected 81")]
    LibraryCells {
        /// The cells the field holds.
        found: usize,
    },
    /// A character of a library line's cells that is no cell.
    #[error(
        "column {column}: read as HoDoKu's library format: unexpected character {ch:?} among the cells; a cell is a given 1-9, +1 to +9 for a digit placed since, or . 0 for an empty cell"
    )]
    LibraryChar {
        /// Where, counted in characters from 1.
        column: usize,
        /// The character.
        ch: char,
    },
    /// A deleted candidate of a library line that is not a digit, a row
    /// and a column.
    #[error(
        "column {column}: read as HoDoKu's library format: deleted candidate {text:?} is not a digit, a row and a column (512 deletes 5 from r1c2)"
    )]
    LibraryDeleted {
        /// Where it starts, counted in characters from 1.
        column: usize,
        /// The deleted candidate as written.
        text: String,
    },
    /// A deleted candidate of a library line in a cell that holds a digit.
    #[error(
        "column {column}: read as HoDoKu's library format: deleted candidate {text} is in {cell}, which holds {value}"
    )]
    DeletedFromFilled {
        /// Where it starts, counted in characters from 1.
        column: usize,
        /// The deleted candidate as written.
        text: String,
        /// Its cell.
        cell: Cell,
        /// The digit the cell holds.
        value: Digit,
    },
    /// A line that does not read as the next row of the 9-line grid it
    /// was taken to continue.
    #[error("read as row {row} of the 9-line grid from line {start}: {error}")]
    InGrid {
        /// The row it would have been, from 1.
        row: usize,
        /// The line the grid started on.
        start: usize,
        /// What is wrong with the line itself.
        error: Box<ParseError>,
    },
}

impl ParseError {
    /// True when the message starts with its own position (`column 5: …`).
    pub(crate) fn has_column(&self) -> bool {
        matches!(
            self,
            ParseError::BadChar { .. }
                | ParseError::BadGroup { .. }
                | ParseError::LibraryChar { .. }
                | ParseError::LibraryDeleted { .. }
                | ParseError::DeletedFromFilled { .. }
        )
    }

    /// `error`, met on what would have been row `row` of the 9-line grid
    /// that started on line `start`: the message says so.
    pub(crate) fn in_grid(row: usize, start: usize, error: ParseError) -> ParseError {
        ParseError::InGrid { row, start, error: Box::new(error) }
    }
}

/// How one line of input reads.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum LineKind {
    Blank,
    Comment,
    /// Only border characters, as between the bands of a drawn grid.
    Border,
    /// A whole puzzle on one line, with the label that followed it.
    Puzzle([u8; 81], Option<String>),
    /// Nine cells: one row of a 9-line grid.
    GridRow([u8; 9]),
    /// A whole pencil-mark position on one line: 81 groups of candidates
    /// (or a Sukaku line, or a line of HoDoKu's library format).
    PencilPuzzle(Box<[CellMark; 81]>),
    /// Nine groups of candidates: one row of a printed candidate grid.
    PencilRow([CellMark; 9]),
}

/// What a position says of one cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CellMark {
    /// A digit of the puzzle: `5`.
    Given(Digit),
    /// A digit placed while solving: `+5`.
    Placed(Digit),
    /// No digit yet, these candidates: `137`, one not yet placed `{5}`,
    /// none `-`.
    Open(DigitSet),
}

impl CellMark {
    /// A group of candidates as the formats before `+5` and `{5}` read it:
    /// a lone digit is a given.
    fn from_group(set: DigitSet) -> CellMark {
        set.single_digit().map_or(CellMark::Open(set), CellMark::Given)
    }
}

/// One group of candidates, as HoDoKu, Simple Sudoku, Sukaku and this tool
/// write them: digits, with `.` or `0` as a placeholder (Sukaku's
/// `1.3......`); a lone `.` or `-` a cell with no candidate left. A lone
/// digit is a given, `+5` a digit placed since, and braces hold candidates
/// even when there is one (`{5}`, a single not yet placed). HoDoKu's step
/// marks are ignored: one leading `*` `#` `@` (or `A`-`Z` before a digit,
/// an almost locked set) and a `-` before a candidate to delete.
fn parse_group(group: &str) -> Option<CellMark> {
    let group = group.trim_matches(|c| c == '*' || c == ':');
    if let Some(digit) = group.strip_prefix('+') {
        return match digit.as_bytes() {
            &[d @ b'1'..=b'9'] => Some(CellMark::Placed(Digit::new(d - b'0'))),
            _ => None,
        };
    }
    if let Some(inner) = group.strip_prefix('{').and_then(|g| g.strip_suffix('}')) {
        let mut set = DigitSet::EMPTY;
        for b in inner.bytes() {
            match b {
                b'1'..=b'9' => set.insert(Digit::new(b - b'0')),
                b'.' | b'0' => {}
                _ => return None,
            }
        }
        return Some(CellMark::Open(set));
    }
    let group = match group.as_bytes() {
        [b'#' | b'@', ..] => &group[1..],
        [b'A'..=b'Z', b'1'..=b'9' | b'-', ..] => &group[1..],
        _ => group,
    };
    if group == "-" {
        return Some(CellMark::Open(DigitSet::EMPTY));
    }
    let bytes = group.as_bytes();
    let mut set = DigitSet::EMPTY;
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'1'..=b'9' => set.insert(Digit::new(b - b'0')),
            b'.' | b'0' => {}
            b'-' if matches!(bytes.get(i + 1), Some(b'1'..=b'9')) => {}
            _ => return None,
        }
    }
    Some(CellMark::from_group(set))
}

/// Whether a group uses the marks that only a position written with them
/// has: `+5` or braces.
fn is_marked(group: &str) -> bool {
    group.contains(['+', '{', '}'])
}

/// Whether a line has a placed digit (`+5`) or braces, which only a
/// position written with them has.
fn has_position_marks(line: &str) -> bool {
    line.contains('{') || line.as_bytes().windows(2).any(|w| w[0] == b'+' && (b'1'..=b'9').contains(&w[1]))
}

/// The groups of a line of candidates, separated by spaces or `|`, each
/// with the column it starts at (in characters, from 1).
fn split_groups(line: &str) -> Vec<(usize, &str)> {
    let mut groups = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    for (column, (at, ch)) in line.char_indices().enumerate() {
        let apart = ch.is_whitespace() || ch == '|';
        match (apart, start) {
            (true, Some((column, from))) => {
                groups.push((column + 1, &line[from..at]));
                start = None;
            }
            (false, None) => start = Some((column, at)),
            _ => {}
        }
    }
    if let Some((column, from)) = start {
        groups.push((column + 1, &line[from..]));
    }
    groups
}

/// Reads a line of candidate groups (`1379 4 +6 {2} 56`): `None` when the
/// line does not read as pencil marks at all. A line that uses `+5` or
/// braces is pencil marks, so what is wrong with it is said as such.
fn parse_pencil_line(line: &str) -> Option<Result<LineKind, ParseError>> {
    if !line.bytes().any(|b| (b'1'..=b'9').contains(&b)) {
        return None;
    }
    let groups = split_groups(line);
    let marked = groups.iter().any(|(_, g)| is_marked(g));
    let mut marks = Vec::with_capacity(groups.len());
    for (k, &(column, text)) in groups.iter().enumerate() {
        match parse_group(text) {
            Some(mark) => marks.push(mark),
            None if marked => {
                let cell = (groups.len() == 81).then(|| Cell::new(k as u8));
                let text = text.to_string();
                return Some(Err(ParseError::BadGroup { column, group: k + 1, cell, text }));
            }
            None => return None,
        }
    }
    Some(match <[CellMark; 9]>::try_from(marks.as_slice()) {
        Ok(row) => Ok(LineKind::PencilRow(row)),
        Err(_) => match <Box<[CellMark; 81]>>::try_from(marks.into_boxed_slice()) {
            Ok(position) => Ok(LineKind::PencilPuzzle(position)),
            Err(marks) => {
                // Groups of several digits are candidates, so the count that
                // is wrong is that of groups; single digits are left to be
                // counted as cells.
                let candidates = marks.iter().any(|m| matches!(m, CellMark::Open(set) if set.len() > 1));
                if !(marked || (marks.len() > 1 && candidates)) {
                    return None;
                }
                Err(ParseError::GroupCount { found: marks.len() })
            }
        },
    })
}

/// A Sukaku line: 729 characters, 9 per cell in row order, the `k`-th a
/// digit when the cell keeps it as a candidate, else `.` or `0`.
fn parse_sukaku(line: &str) -> Option<LineKind> {
    let bytes = line.trim().as_bytes();
    if bytes.len() != 729 || !bytes.iter().all(|&b| b == b'.' || b.is_ascii_digit()) {
        return None;
    }
    let marks = std::array::from_fn(|cell| {
        CellMark::from_group(
            bytes[cell * 9..cell * 9 + 9]
                .iter()
                .filter(|&&b| b != b'.' && b != b'0')
                .map(|&b| Digit::new(b - b'0'))
                .collect(),
        )
    });
    Some(LineKind::PencilPuzzle(Box::new(marks)))
}

/// A line of HoDoKu's library format,
/// `:type:digits:cells:deleted:eliminations:placements:` with an optional
/// last field: its position is the cells (`+5` a digit placed since, `.` or
/// `0` an empty cell) less the deleted candidates (`512` deletes 5 from
/// r1c2). As in HoDoKu, which takes a line of 6 or 7 colons for one, the
/// step the other fields describe is not part of the position.
fn parse_library(line: &str) -> Result<LineKind, ParseError> {
    let colons = line.matches(':').count();
    if colons != 6 && colons != 7 {
        return Err(ParseError::LibraryFields { colons });
    }
    // Each field with the column (in characters, from 1) of its first character.
    let mut fields = Vec::with_capacity(colons + 1);
    let mut from = (0, 0);
    for (column, (at, ch)) in line.char_indices().enumerate() {
        if ch == ':' {
            fields.push((from.0 + 1, &line[from.1..at]));
            from = (column + 1, at + 1);
        }
    }
    fields.push((from.0 + 1, &line[from.1..]));
    let (start, cells) = fields[3];
    let mut marks = Vec::with_capacity(81);
    let mut chars = cells.chars().enumerate().peekable();
    while let Some((i, ch)) = chars.next() {
        let column = start + i;
        let mark = match ch {
            '+' => match chars.next_if(|(_, d)| matches!(d, '1'..='9')) {
                Some((_, d)) => CellMark::Placed(Digit::new(d as u8 - b'0')),
                None => return Err(ParseError::LibraryChar { column, ch }),
            },
            '1'..='9' => CellMark::Given(Digit::new(ch as u8 - b'0')),
            '.' | '0' => CellMark::Open(DigitSet::ALL),
            _ => return Err(ParseError::LibraryChar { column, ch }),
        };
        marks.push(mark);
    }
    let found = marks.len();
    let mut marks: Box<[CellMark; 81]> =
        marks.into_boxed_slice().try_into().map_err(|_| ParseError::LibraryCells { found })?;
    let (start, deleted) = fields[4];
    for (column, text) in split_groups(deleted) {
        let column = start + column - 1;
        let bad = || ParseError::LibraryDeleted { column, text: text.to_string() };
        let &[d, r, c] = text.as_bytes() else { return Err(bad()) };
        if ![d, r, c].iter().all(|b| (b'1'..=b'9').contains(b)) {
            return Err(bad());
        }
        let (digit, cell) = (Digit::new(d - b'0'), Cell::at(r - b'1', c - b'1'));
        match &mut marks[cell.index()] {
            CellMark::Open(set) => set.remove(digit),
            CellMark::Given(value) | CellMark::Placed(value) => {
                let value = *value;
                return Err(ParseError::DeletedFromFilled { column, text: text.to_string(), cell, value });
            }
        }
    }
    Ok(LineKind::PencilPuzzle(marks))
}

/// A border HoDoKu draws around its grids: `.---.---.`, `:---+---:`,
/// `'---'---'`, only border characters and at least one `---`.
fn is_frame(line: &str) -> bool {
    let line = line.trim();
    line.contains("---") && line.chars().all(|ch| matches!(ch, '-' | '+' | '|' | '.' | ':' | '\'' | '*' | '='))
}

/// A section header such as SadMan Software's `[Puzzle]`.
fn is_section(line: &str) -> bool {
    let line = line.trim();
    line.len() > 2
        && line.starts_with('[')
        && line.ends_with(']')
        && line[1..line.len() - 1].chars().all(|ch| ch.is_ascii_alphanumeric() || ch == ' ' || ch == '_')
}

fn cell_value(ch: char) -> Option<u8> {
    match ch {
        '1'..='9' => Some(ch as u8 - b'0'),
        '.' | '0' | '_' | '*' | 'x' | 'X' => Some(0),
        _ => None,
    }
}

fn is_decoration(ch: char) -> bool {
    matches!(ch, '|' | '+' | '-' | '=') || ch.is_whitespace()
}

/// Cells that follow the 81st: glued to it, or, in a line whose cells are
/// spaced out, a tail made only of cells. Anything else is a label.
fn extra_cells(rest: &str, spaced: bool) -> Option<usize> {
    let glued = rest.chars().next().is_some_and(|ch| cell_value(ch).is_some());
    let only_cells = rest.chars().all(|ch| cell_value(ch).is_some() || is_decoration(ch));
    let count = || {
        rest.chars()
            .take_while(|&ch| cell_value(ch).is_some() || is_decoration(ch))
            .filter(|&ch| cell_value(ch).is_some())
            .count()
    };
    (glued || (spaced && only_cells && !rest.trim().is_empty())).then(count)
}

/// Reads one line (without its newline; a byte-order mark before it is
/// skipped): a puzzle, a grid row, or, when it does not read as cells, a
/// border, a section header, a Sukaku line or pencil marks.
pub(crate) fn parse_line(line: &str) -> Result<LineKind, ParseError> {
    let line = line.strip_prefix('\u{feff}').unwrap_or(line);
    if let Some(cells) = bare_puzzle(line) {
        return Ok(LineKind::Puzzle(cells, None));
    }
    if line.trim_start().starts_with(':') && !is_frame(line) {
        return parse_library(line);
    }
    let cells = parse_cells(line);
    // A position written with `+5` or `{5}` can also read as cells: `+` is
    // decoration between cells, and text after the 81st cell a label.
    // Read whole as pencil marks, it is a position; when it is not, it is
    // the cells and their label, or else what is wrong with its groups.
    if has_position_marks(line) {
        match parse_pencil_line(line) {
            Some(Ok(kind)) => return Ok(kind),
            Some(Err(error)) if cells.is_err() => return Err(error),
            _ => {}
        }
    }
    cells.or_else(|error| {
        if is_frame(line) {
            return Ok(LineKind::Border);
        }
        if is_section(line) {
            return Ok(LineKind::Comment);
        }
        if let Some(kind) = parse_sukaku(line) {
            return Ok(kind);
        }
        parse_pencil_line(line).unwrap_or(Err(error))
    })
}

fn parse_cells(line: &str) -> Result<LineKind, ParseError> {
    if let Some(cells) = bare_puzzle(line) {
        return Ok(LineKind::Puzzle(cells, None));
    }
    let trimmed = line.trim();
    if trimmed.is_empty() {
        return Ok(LineKind::Blank);
    }
    if trimmed.starts_with('#') {
        return Ok(LineKind::Comment);
    }
    if trimmed.chars().all(|ch| is_decoration(ch) || ch == '*') && trimmed.chars().any(|ch| ch != '*') {
        return Ok(LineKind::Border);
    }
    let mut cells = Vec::with_capacity(81);
    let mut rest = "";
    let mut spaced = false;
    for (column, (at, ch)) in line.char_indices().enumerate() {
        if cells.len() == 81 {
            rest = &line[at..];
            break;
        }
        if let Some(v) = cell_value(ch) {
            cells.push(v);
        } else if is_decoration(ch) {
            spaced |= !cells.is_empty();
        } else {
            return Err(ParseError::BadChar { column: column + 1, ch });
        }
    }
    match cells.len() {
        81 => {
            if let Some(extra) = extra_cells(rest, spaced) {
                return Err(ParseError::CellCount { found: 81 + extra });
            }
            let label = rest.trim();
            let label = (!label.is_empty()).then(|| label.to_string());
            Ok(LineKind::Puzzle(cells.try_into().expect("81 cells"), label))
        }
        9 => Ok(LineKind::GridRow(cells.try_into().expect("9 cells"))),
        found => Err(ParseError::CellCount { found }),
    }
}

/// The common case of big batches, read without the general parser: a line
/// of exactly 81 cell characters and nothing else.
fn bare_puzzle(line: &str) -> Option<[u8; 81]> {
    let bytes: &[u8; 81] = line.as_bytes().try_into().ok()?;
    let mut cells = [0u8; 81];
    for (cell, &b) in cells.iter_mut().zip(bytes) {
        *cell = cell_value(char::from(b))?;
    }
    Some(cells)
}

/// The 81-character line for a grid's values, `.` for empty cells.
pub fn to_line(values: &[u8; 81]) -> String {
    values.iter().map(|&v| if v == 0 { '.' } else { char::from(b'0' + v) }).collect()
}

/// The 81-digit line of a solution.
pub fn to_digits(values: &[u8; 81]) -> String {
    values.iter().map(|&v| char::from(b'0' + v)).collect()
}

/// A position as one line of 81 pencil-mark groups (the form `input`
/// reads back): a given is its digit, a digit placed since `+5` (HoDoKu's
/// mark), an empty cell its candidates, `{5}` when it has one (a single not
/// yet placed), `-` when it has none.
///
/// ```
/// use sudoku_explained::io::to_pencil_line;
/// use sudoku_explained::{Cell, Digit, Grid};
///
/// let mut grid = Grid::empty();
/// grid.place(Cell::at(0, 0), Digit::new(5));
/// for d in 2..=9 {
///     grid.eliminate(Cell::at(0, 1), Digit::new(d));
/// }
/// let line = to_pencil_line(&grid);
/// assert!(line.starts_with("+5 {1} 12346789 "));
/// assert_eq!(line.parse::<Grid>()?, grid);
/// # Ok::<(), sudoku_explained::io::InputError>(())
/// ```
pub fn to_pencil_line(grid: &Grid) -> String {
    Cell::all().map(|c| pencil_group(grid, c)).collect::<Vec<_>>().join(" ")
}

/// One cell as [`to_pencil_line`] writes it.
pub(crate) fn pencil_group(grid: &Grid, c: Cell) -> String {
    let candidates = grid.candidates(c);
    match grid.value(c) {
        Some(d) if grid.is_given(c) => d.to_string(),
        Some(d) => format!("+{d}"),
        None if candidates.is_empty() => "-".to_string(),
        None if candidates.len() == 1 => format!("{{{candidates}}}"),
        None => candidates.to_string(),
    }
}

/// A position as a line of HoDoKu's library format with no step,
/// `:0000:x:cells:deleted::`: the cells (a digit placed since as `+5`, an
/// empty cell as `.`), then each candidate of an empty cell that no digit
/// of its row, column or box rules out and that the cell no longer has, as
/// digit, row and column (`512` for 5 in r1c2).
///
/// ```
/// use sudoku_explained::io::to_library_line;
/// use sudoku_explained::{Cell, Digit, Grid};
///
/// let mut grid = Grid::empty();
/// grid.place(Cell::at(0, 0), Digit::new(5));
/// grid.eliminate(Cell::at(0, 1), Digit::new(1));
/// let line = to_library_line(&grid);
/// assert_eq!(line, format!(":0000:x:+5{}:112::", ".".repeat(80)));
/// assert_eq!(line.parse::<Grid>()?, grid);
/// # Ok::<(), sudoku_explained::io::InputError>(())
/// ```
pub fn to_library_line(grid: &Grid) -> String {
    let mut cells = String::with_capacity(100);
    let mut deleted = Vec::new();
    for c in Cell::all() {
        match grid.value(c) {
            Some(d) if grid.is_given(c) => cells.push_str(&d.to_string()),
            Some(d) => cells.push_str(&format!("+{d}")),
            None => {
                cells.push('.');
                let ruled_out = |d: Digit| !grid.placed(d).intersection(c.peers()).is_empty();
                let gone = DigitSet::ALL.difference(grid.candidates(c));
                deleted.extend(
                    gone.iter().filter(|&d| !ruled_out(d)).map(|d| format!("{d}{}{}", c.row() + 1, c.col() + 1)),
                );
            }
        }
    }
    format!(":0000:x:{cells}:{}::", deleted.join(" "))
}

/// Nine lines with box borders, as a person writes a grid.
pub fn to_block_text(values: &[u8; 81]) -> String {
    let mut s = String::new();
    for r in 0..9 {
        if r == 3 || r == 6 {
            s.push_str("-------+-------+-------\n");
        }
        for c in 0..9 {
            if c == 3 || c == 6 {
                s.push_str(" |");
            }
            let v = values[r * 9 + c];
            s.push(' ');
            s.push(if v == 0 { '.' } else { char::from(b'0' + v) });
        }
        s.push('\n');
    }
    s
}

/// Two givens of one digit in one house: a puzzle that breaks the rules.
#[derive(Error, Debug, Clone, PartialEq, Eq)]
#[error("{house}: digit {digit} appears twice ({first}, {second})")]
pub(crate) struct Clash {
    pub(crate) house: House,
    pub(crate) digit: Digit,
    pub(crate) first: Cell,
    pub(crate) second: Cell,
}

/// The first digit given twice in a house (rows, then columns, then boxes).
pub(crate) fn find_clash(values: &[u8; 81]) -> Option<Clash> {
    House::all().find_map(|house| {
        let mut seen: [Option<Cell>; 10] = [None; 10];
        for c in house.cell_list() {
            let v = values[c.index()];
            if v == 0 {
                continue;
            }
            if let Some(first) = seen[v as usize] {
                return Some(Clash { house, digit: Digit::new(v), first, second: c });
            }
            seen[v as usize] = Some(c);
        }
        None
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEED: &str = "006002951980500007005039204029160040840203060600078090008050416367901020504020000";

    /// A cell as a pencil-mark line writes it.
    fn text(mark: &CellMark) -> String {
        match mark {
            CellMark::Given(d) => d.to_string(),
            CellMark::Placed(d) => format!("+{d}"),
            CellMark::Open(set) if set.len() == 1 => format!("{{{set}}}"),
            CellMark::Open(set) => set.to_string(),
        }
    }

    fn texts(marks: &[CellMark]) -> Vec<String> {
        marks.iter().map(text).collect()
    }

    /// SEED's cells as 81 groups: each given its digit, each empty cell every candidate.
    fn seed_groups() -> Vec<String> {
        SEED.chars().map(|c| if c == '0' { "123456789".to_string() } else { c.to_string() }).collect()
    }

    #[test]
    fn reads_a_puzzle_line_with_a_label() {
        let line = format!("{SEED}  seed 000");
        let LineKind::Puzzle(v, label) = parse_line(&line).unwrap() else { panic!() };
        assert_eq!(to_line(&v).replace('.', "0"), SEED);
        assert_eq!(label.as_deref(), Some("seed 000"));
    }

    #[test]
    fn every_empty_mark_is_accepted() {
        let line: String = SEED.replace('0', "_").replacen('_', "*", 3).replacen('_', "x", 3).replacen('_', ".", 3);
        assert!(matches!(parse_line(&line), Ok(LineKind::Puzzle(..))));
    }

    #[test]
    fn grid_rows_and_borders() {
        assert_eq!(parse_line("8 . . | . . . | . . ."), Ok(LineKind::GridRow([8, 0, 0, 0, 0, 0, 0, 0, 0])));
        assert_eq!(parse_line("------+-------+------"), Ok(LineKind::Border));
        assert_eq!(parse_line("*-----------*"), Ok(LineKind::Border));
        assert_eq!(parse_line("   "), Ok(LineKind::Blank));
        assert_eq!(parse_line("# a comment"), Ok(LineKind::Comment));
    }

    #[test]
    fn wrong_counts_and_letters_are_named() {
        assert_eq!(parse_line(&SEED[..80]), Err(ParseError::CellCount { found: 80 }));
        let bad = format!("{}a{}", &SEED[..4], &SEED[5..]);
        assert_eq!(parse_line(&bad), Err(ParseError::BadChar { column: 5, ch: 'a' }));
        assert_eq!(parse_line(&format!("{SEED}1")), Err(ParseError::CellCount { found: 82 }));
        assert!(matches!(parse_line(&format!("{SEED} 12 clues")), Ok(LineKind::Puzzle(_, Some(_)))));
        let spaced: String = SEED.chars().flat_map(|c| [c, ' ']).collect();
        assert_eq!(parse_line(&format!("{spaced}5")), Err(ParseError::CellCount { found: 82 }));
    }

    #[test]
    fn candidate_groups_read_as_pencil_marks() {
        let row = " *7       4        6       | 18       13       2        | 9        5        1";
        let LineKind::PencilRow(sets) = parse_line(row).unwrap() else { panic!("{row}") };
        assert_eq!(text(&sets[0]), "7");
        assert_eq!(text(&sets[3]), "18");
        let line = vec!["123456789"; 81].join(" ");
        assert!(matches!(parse_line(&line), Ok(LineKind::PencilPuzzle(_))));
        // 80 groups are neither
        let short = vec!["12"; 80].join(" ");
        assert!(parse_line(&short).is_err());
    }

    #[test]
    fn hodoku_borders_and_section_headers_are_skipped() {
        for line in [
            ".-----------.-------.---------.",
            ":------+-------+------:",
            "'-----'-----'-----'",
            ".---------.---------.---------.",
        ] {
            assert_eq!(parse_line(line), Ok(LineKind::Border), "{line}");
        }
        assert_eq!(parse_line("[Puzzle]"), Ok(LineKind::Comment));
        assert_eq!(parse_line("\u{feff}# a comment"), Ok(LineKind::Comment));
        // What read as cells before still does: nine dots are a row.
        assert_eq!(parse_line("........."), Ok(LineKind::GridRow([0; 9])));
        assert_eq!(parse_line(".-.-.-.-.-.-.-.-."), Ok(LineKind::GridRow([0; 9])));
        assert!(parse_line("[Puzzle").is_err());
    }

    #[test]
    fn a_byte_order_mark_is_skipped_and_columns_count_after_it() {
        let LineKind::Puzzle(v, _) = parse_line(&format!("\u{feff}{SEED}")).unwrap() else { panic!() };
        assert_eq!(to_digits(&v), SEED);
        let bad = format!("\u{feff}{}a{}", &SEED[..4], &SEED[5..]);
        assert_eq!(parse_line(&bad), Err(ParseError::BadChar { column: 5, ch: 'a' }));
    }

    #[test]
    fn hodoku_step_marks_and_empty_cells() {
        let row = "| *13  #2-5  @7 | A12  B-34  . | *   -  9 |";
        let LineKind::PencilRow(sets) = parse_line(row).unwrap() else { panic!("{row}") };
        assert_eq!(texts(&sets), ["13", "25", "7", "12", "34", "", "", "", "9"]);
        // Letters alone are not candidates.
        assert!(parse_line("A B C D E F G H I").is_err());
    }

    #[test]
    fn sukaku_lines_read_as_pencil_marks() {
        let all = "123456789".repeat(81);
        let LineKind::PencilPuzzle(sets) = parse_line(&all).unwrap() else { panic!() };
        assert!(sets.iter().all(|&s| s == CellMark::Open(DigitSet::ALL)));
        let mut one = ".2.......".repeat(81);
        one.replace_range(0..9, "1.3000000");
        let LineKind::PencilPuzzle(sets) = parse_line(&one).unwrap() else { panic!() };
        assert_eq!(text(&sets[0]), "13");
        // Sukaku has no placed digits: a lone candidate is a given.
        assert_eq!(sets[80], CellMark::Given(Digit::new(2)));
        let groups = vec!["1.3......"; 81].join(" ");
        let LineKind::PencilPuzzle(sets) = parse_line(&groups).unwrap() else { panic!() };
        assert_eq!(text(&sets[40]), "13");
        assert!(matches!(parse_line(&all[1..]), Err(ParseError::CellCount { found: 728 })));
    }

    #[test]
    fn groups_of_candidates_in_the_wrong_number_are_counted_as_groups() {
        let line = vec!["12"; 80].join(" ");
        assert_eq!(parse_line(&line), Err(ParseError::GroupCount { found: 80 }));
        // Single digits are cells, as before.
        assert_eq!(parse_line("1 2 3 4 5"), Err(ParseError::CellCount { found: 5 }));
        assert_eq!(parse_line("12345"), Err(ParseError::CellCount { found: 5 }));
    }

    #[test]
    fn placed_digits_and_unplaced_singles_read_as_written() {
        let row = "+4 {7} 6 | {18} {0.3.} 2 | -  {} +9";
        let LineKind::PencilRow(marks) = parse_line(row).unwrap() else { panic!("{row}") };
        assert_eq!(texts(&marks), ["+4", "{7}", "6", "18", "{3}", "2", "", "", "+9"]);
        assert_eq!(marks[0], CellMark::Placed(Digit::new(4)));
        assert_eq!(marks[1], CellMark::Open(DigitSet::single(Digit::new(7))));
        // Every group a single digit: `+` marks a placed one, it is no decoration between cells.
        let mut groups: Vec<String> = SEED.chars().map(|c| if c == '0' { "5".into() } else { c.to_string() }).collect();
        groups[0] = "+4".into();
        let LineKind::PencilPuzzle(marks) = parse_line(&groups.join(" ")).unwrap() else { panic!() };
        assert_eq!(marks[0], CellMark::Placed(Digit::new(4)));
        assert_eq!(marks[2], CellMark::Given(Digit::new(6)));
        // A grid row with `+` between cells is still a row of cells.
        assert_eq!(parse_line("8 . . + . . . + . . ."), Ok(LineKind::GridRow([8, 0, 0, 0, 0, 0, 0, 0, 0])));
        // Groups after the 81st digit are part of the position, not a label...
        let mut groups = seed_groups();
        groups[80] = "{9}".into();
        let line = groups.join(" ");
        assert!(line.bytes().filter(u8::is_ascii_digit).count() > 81 + 9);
        let LineKind::PencilPuzzle(marks) = parse_line(&line).unwrap() else { panic!("{line}") };
        assert_eq!(text(&marks[80]), "{9}");
        // ...but a label after a puzzle line may hold braces and pluses.
        let labelled = format!("{SEED} +1 {{hard}}");
        let LineKind::Puzzle(_, label) = parse_line(&labelled).unwrap() else { panic!() };
        assert_eq!(label.as_deref(), Some("+1 {hard}"));
    }

    #[test]
    fn a_marked_group_that_is_no_cell_is_named_with_its_column_and_cell() {
        let mut groups = seed_groups();
        groups[4] = "+12".into();
        let line = groups.join(" ");
        let column = line.find("+12").unwrap() + 1;
        let error = parse_line(&line).unwrap_err();
        let cell = Some(Cell::at(0, 4));
        assert_eq!(error, ParseError::BadGroup { column, group: 5, cell, text: "+12".into() });
        assert!(error
            .to_string()
            .starts_with(&format!("column {column}: read as pencil marks: \"+12\" is not a cell (group 5, r1c5); ")));
        for bad in ["{5", "5}", "{+5}", "+0", "+", "{5a}", "++5"] {
            let mut groups = seed_groups();
            groups[80] = bad.into();
            groups[0] = "{4}".into();
            let line = groups.join(" ");
            let column = line.rfind(bad).unwrap() + 1;
            let cell = Some(Cell::at(8, 8));
            assert_eq!(
                parse_line(&line),
                Err(ParseError::BadGroup { column, group: 81, cell, text: bad.into() }),
                "{bad}"
            );
        }
        // In a row of a candidate grid the cell is the row's; the grid's reader says which row.
        assert_eq!(
            parse_line("1 +2 3 | 4 5 6 | 7 8 {9"),
            Err(ParseError::BadGroup { column: 22, group: 9, cell: None, text: "{9".into() })
        );
        // Marked groups in the wrong number are counted as groups, even when each is one digit.
        assert_eq!(parse_line("+1 2 3 4 5"), Err(ParseError::GroupCount { found: 5 }));
        assert_eq!(parse_line("{1} 2 3 4 5"), Err(ParseError::GroupCount { found: 5 }));
    }

    /// HoDoKu's own example of a W-Wing (`0803`), from its sources: no
    /// candidate deleted, five to eliminate, which are not the position's.
    const HODOKU_W_WING: &str = ":0803:14:6..+9+5..7...+9.2.....58.+31...+1+64+3+8+9+7+52...1+7+59+46597+24+6..892+54+1+76+8+3...5+6+2.....68+93...::417 427 437 489 499::";

    #[test]
    fn a_hodoku_library_line_is_its_cells_less_the_deleted_candidates() {
        let LineKind::PencilPuzzle(marks) = parse_line(HODOKU_W_WING).unwrap() else { panic!() };
        assert_eq!(
            texts(&marks[..9]),
            ["6", "123456789", "123456789", "+9", "+5", "123456789", "123456789", "7", "123456789"]
        );
        assert_eq!(marks.iter().filter(|m| matches!(m, CellMark::Placed(_))).count(), 24);
        assert_eq!(marks[3 * 9 + 6], CellMark::Placed(Digit::new(7)), "r4c7 is +7");
        assert_eq!(marks[3 * 9 + 8], CellMark::Given(Digit::new(2)), "r4c9 is 2");
        // The eliminations field (417 ...) is the step's, not the position's.
        assert_eq!(marks[6], CellMark::Open(DigitSet::ALL), "r1c7 keeps its 4");
        // Deleted candidates: `512` takes 5 from r1c2; a seventh colon's field is allowed.
        let line = HODOKU_W_WING.replacen("::417", ":512 912:417", 1).replacen("499::", "499:r1c2:", 1);
        let LineKind::PencilPuzzle(marks) = parse_line(&line).unwrap() else { panic!("{line}") };
        assert_eq!(text(&marks[1]), "1234678");
        // A step-less line as HoDoKu writes one, with zeros for empty cells and a leading space.
        let plain = format!(" :0000:x:{}:::", SEED);
        let LineKind::PencilPuzzle(marks) = parse_line(&plain).unwrap() else { panic!() };
        assert_eq!(marks[2], CellMark::Given(Digit::new(6)));
        assert_eq!(marks[0], CellMark::Open(DigitSet::ALL));
    }

    #[test]
    fn a_library_line_s_errors_say_where() {
        let library = |cells: &str, deleted: &str| format!(":0000:x:{cells}:{deleted}::");
        assert_eq!(parse_line(&format!(":0000:x:{SEED}::")), Err(ParseError::LibraryFields { colons: 5 }));
        assert_eq!(parse_line(&format!("{}::", library(SEED, ""))), Err(ParseError::LibraryFields { colons: 8 }));
        assert_eq!(parse_line(&library(&SEED[1..], "")), Err(ParseError::LibraryCells { found: 80 }));
        assert_eq!(parse_line(&library(&format!("{SEED}+1"), "")), Err(ParseError::LibraryCells { found: 82 }));
        // Cells start at column 9, after `:0000:x:`.
        let bad = format!("{}a{}", &SEED[..4], &SEED[5..]);
        assert_eq!(parse_line(&library(&bad, "")), Err(ParseError::LibraryChar { column: 13, ch: 'a' }));
        let plus = format!("+{}", &SEED[1..]);
        assert_eq!(parse_line(&library(&plus, "")), Err(ParseError::LibraryChar { column: 9, ch: '+' }));
        // Deleted candidates start after the cells and their colon: column 91.
        let error = parse_line(&library(SEED, "112 13")).unwrap_err();
        assert_eq!(error, ParseError::LibraryDeleted { column: 95, text: "13".into() });
        assert_eq!(
            error.to_string(),
            "column 95: read as HoDoKu's library format: deleted candidate \"13\" is not a digit, a row and a column (512 deletes 5 from r1c2)"
        );
        assert_eq!(
            parse_line(&library(SEED, "102")),
            Err(ParseError::LibraryDeleted { column: 91, text: "102".into() })
        );
        let filled = ParseError::DeletedFromFilled {
            column: 95,
            text: "213".into(),
            cell: Cell::at(0, 2),
            value: Digit::new(6),
        };
        assert_eq!(parse_line(&library(SEED, "112 213")), Err(filled.clone()));
        assert_eq!(
            filled.to_string(),
            "column 95: read as HoDoKu's library format: deleted candidate 213 is in r1c3, which holds 6"
        );
        // HoDoKu's borders start with a colon too, and stay borders.
        assert_eq!(parse_line(":------+-------+------:"), Ok(LineKind::Border));
    }

    #[test]
    fn positions_round_trip_through_both_notations() {
        let mut values = [0u8; 81];
        for (i, b) in SEED.bytes().enumerate() {
            values[i] = b - b'0';
        }
        let mut grid = Grid::from_values(&values);
        // A digit placed, a cell down to one candidate, one down to none.
        grid.place(Cell::at(0, 0), Digit::new(4));
        for d in [1, 2, 5, 7, 8] {
            grid.eliminate(Cell::at(0, 1), Digit::new(d));
        }
        for d in 1..=9 {
            grid.eliminate(Cell::at(8, 8), Digit::new(d));
        }
        assert_eq!(grid.candidates(Cell::at(0, 1)).to_string(), "3");
        let line = to_pencil_line(&grid);
        assert!(line.starts_with("+4 {3} 6 "), "{line}");
        assert!(line.ends_with(" -"), "{line}");
        let LineKind::PencilPuzzle(marks) = parse_line(&line).unwrap() else { panic!("{line}") };
        assert_eq!(texts(&marks[..3]), ["+4", "{3}", "6"]);
        let library = to_library_line(&grid);
        assert!(library.starts_with(":0000:x:+4.6..2951"), "{library}");
        assert!(library.ends_with(":712 399 899 999::"), "{library}");
        let LineKind::PencilPuzzle(again) = parse_line(&library).unwrap() else { panic!("{library}") };
        // Both say the same of every cell, but for the candidates a placed digit rules out.
        for (i, (a, b)) in marks.iter().zip(again.iter()).enumerate() {
            match (a, b) {
                (CellMark::Open(a), CellMark::Open(b)) => assert!(b
                    .difference(*a)
                    .iter()
                    .all(|d| { !grid.placed(d).intersection(Cell::new(i as u8).peers()).is_empty() })),
                _ => assert_eq!(a, b, "cell {i}"),
            }
        }
    }

    #[test]
    fn clash_names_both_cells() {
        let mut v = [0u8; 81];
        v[9] = 5;
        v[16] = 5;
        let clash = find_clash(&v).unwrap();
        assert_eq!(clash.to_string(), "r2: digit 5 appears twice (r2c1, r2c8)");
        assert_eq!(find_clash(&[0; 81]), None);
    }
}
