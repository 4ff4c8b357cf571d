//! Puzzles as text: the formats (reading a line or a 9-line grid, with
//! errors by line and column, and writing a grid back), and records read
//! from an argument, a file or stdin, each with where it was read. Uses
//! the model.

pub(crate) mod format;
pub(crate) mod input;

pub use format::{to_block_text, to_digits, to_library_line, to_line, to_pencil_line, ParseError};
pub use input::{
    from_argument, place, InputError, Operands, Origin, Problem, Puzzle, Record, RecordSource, Records, MAX_LINE,
};
