//! The `sudoku` binary: run the command line, map the result to an exit code.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    match cli::run() {
        Ok(code) => ExitCode::from(code),
        Err(error) => {
            eprintln!("sudoku: {error:#}");
            ExitCode::from(2)
        }
    }
}
