//! Reading and writing the text formats of a puzzle.
//!
//! A puzzle line holds 81 cells: `1`-`9` a given, `.` `0` `_` `*` `x` an empty
//! cell. Spaces and `|` `+` `-` between cells are decoration; text after the
//! 81st cell is a label. A line of 9 cells is a row of a 9-line grid.
//! Groups of digits (9 or 81 of them, as a printed candidate grid shows
//! them) are a pencil-mark position; so is a Sukaku line of 729 characters,
//! 9 per cell. Border lines (`------+------`, `*-----*`, and HoDoKu's
//! `.---.`, `:---+---:`, `'---'`), section headers (`[Puzzle]`, as in
//! SadMan Software's `.sdk`) and a UTF-8 byte-order mark are skipped.
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
use crate::model::grid::House;
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
        matches!(self, ParseError::BadChar { .. })
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
    /// A whole pencil-mark position on one line: 81 groups of candidates.
    PencilPuzzle(Box<[DigitSet; 81]>),
    /// Nine groups of candidates: one row of a printed candidate grid.
    PencilRow([DigitSet; 9]),
}

/// One group of candidates, as HoDoKu, Simple Sudoku, Sukaku and this tool
/// write them: digits, with `.` or `0` as a placeholder (Sukaku's
/// `1.3......`); a lone `.` or `-` a cell with no candidate left. HoDoKu's
/// step marks are ignored: one leading `*` `#` `@` (or `A`-`Z` before a
/// digit, an almost locked set) and a `-` before a candidate to delete.
fn parse_group(group: &str) -> Option<DigitSet> {
    let group = group.trim_matches(|c| c == '*' || c == ':');
    let group = match group.as_bytes() {
        [b'#' | b'@', ..] => &group[1..],
        [b'A'..=b'Z', b'1'..=b'9' | b'-', ..] => &group[1..],
        _ => group,
    };
    if group == "-" {
        return Some(DigitSet::EMPTY);
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
    Some(set)
}

/// The groups of a line of candidates: separated by spaces or `|`. `None`
/// unless every group reads and the line has a digit somewhere.
fn pencil_groups(line: &str) -> Option<Vec<DigitSet>> {
    if !line.bytes().any(|b| (b'1'..=b'9').contains(&b)) {
        return None;
    }
    let groups = line.split(|c: char| c.is_whitespace() || c == '|').filter(|g| !g.is_empty());
    groups.map(parse_group).collect()
}

/// Reads a line of candidate groups (`1379 4 56`): a lone digit is a solved
/// cell. `None` unless the line holds 9 or 81 groups.
fn parse_pencil_groups(line: &str) -> Option<Vec<DigitSet>> {
    pencil_groups(line).filter(|s| s.len() == 9 || s.len() == 81)
}

fn parse_pencil_line(line: &str) -> Option<LineKind> {
    let sets = parse_pencil_groups(line)?;
    Some(match <[DigitSet; 9]>::try_from(sets.as_slice()) {
        Ok(row) => LineKind::PencilRow(row),
        Err(_) => LineKind::PencilPuzzle(Box::new(sets.try_into().expect("81 groups"))),
    })
}

/// A Sukaku line: 729 characters, 9 per cell in row order, the `k`-th a
/// digit when the cell keeps it as a candidate, else `.` or `0`.
fn parse_sukaku(line: &str) -> Option<LineKind> {
    let bytes = line.trim().as_bytes();
    if bytes.len() != 729 || !bytes.iter().all(|&b| b == b'.' || b.is_ascii_digit()) {
        return None;
    }
    let sets = std::array::from_fn(|cell| {
        bytes[cell * 9..cell * 9 + 9]
            .iter()
            .filter(|&&b| b != b'.' && b != b'0')
            .map(|&b| Digit::new(b - b'0'))
            .collect()
    });
    Some(LineKind::PencilPuzzle(Box::new(sets)))
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
    parse_cells(line).or_else(|error| {
        if is_frame(line) {
            return Ok(LineKind::Border);
        }
        if is_section(line) {
            return Ok(LineKind::Comment);
        }
        if let Some(kind) = parse_sukaku(line).or_else(|| parse_pencil_line(line)) {
            return Ok(kind);
        }
        Err(guess(line).unwrap_or(error))
    })
}

/// A better message for a line that reads as neither cells nor pencil
/// marks, when its shape says what it was meant to be: groups of several
/// digits are candidates, so the count that is wrong is that of groups.
fn guess(line: &str) -> Option<ParseError> {
    let groups = pencil_groups(line)?;
    let candidates = groups.len() > 1 && groups.iter().any(|g| g.len() > 1);
    candidates.then_some(ParseError::GroupCount { found: groups.len() })
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
/// reads back): a placed value is its digit, an empty cell its candidates,
/// `-` an empty cell with none left. As in HoDoKu's format, a cell left with
/// one candidate reads back as placed.
pub fn to_pencil_line(grid: &crate::model::grid::Grid) -> String {
    let group = |c: Cell| match grid.value(c) {
        Some(d) => d.to_string(),
        None if grid.candidates(c).is_empty() => "-".to_string(),
        None => grid.candidates(c).to_string(),
    };
    Cell::all().map(group).collect::<Vec<_>>().join(" ")
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
        assert_eq!(sets[0].to_string(), "7");
        assert_eq!(sets[3].to_string(), "18");
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
        let text: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
        assert_eq!(text, ["13", "25", "7", "12", "34", "", "", "", "9"]);
        // Letters alone are not candidates.
        assert!(parse_line("A B C D E F G H I").is_err());
    }

    #[test]
    fn sukaku_lines_read_as_pencil_marks() {
        let all = "123456789".repeat(81);
        let LineKind::PencilPuzzle(sets) = parse_line(&all).unwrap() else { panic!() };
        assert!(sets.iter().all(|&s| s == DigitSet::ALL));
        let mut one = ".2.......".repeat(81);
        one.replace_range(0..9, "1.3000000");
        let LineKind::PencilPuzzle(sets) = parse_line(&one).unwrap() else { panic!() };
        assert_eq!(sets[0].to_string(), "13");
        assert_eq!(sets[80].to_string(), "2");
        let groups = vec!["1.3......"; 81].join(" ");
        let LineKind::PencilPuzzle(sets) = parse_line(&groups).unwrap() else { panic!() };
        assert_eq!(sets[40].to_string(), "13");
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
    fn clash_names_both_cells() {
        let mut v = [0u8; 81];
        v[9] = 5;
        v[16] = 5;
        let clash = find_clash(&v).unwrap();
        assert_eq!(clash.to_string(), "r2: digit 5 appears twice (r2c1, r2c8)");
        assert_eq!(find_clash(&[0; 81]), None);
    }
}
