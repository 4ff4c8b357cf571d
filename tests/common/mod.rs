//! What several test modules share: running the built binary (the modules
//! that drive the CLI), and the crate's source files (those that read it).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `sudoku args` with `stdin` as its input, `NO_COLOR` unset and no
/// configuration file (none named, none in the configuration directory).
pub fn sudoku(args: &[&str], stdin: &[u8]) -> Run {
    sudoku_with(args, stdin, &[])
}

/// [`sudoku`] with these environment variables set besides.
pub fn sudoku_with(args: &[&str], stdin: &[u8], env: &[(&str, &str)]) -> Run {
    let mut command = Command::new(env!("CARGO_BIN_EXE_sudoku"));
    command
        .args(args)
        .env_remove("NO_COLOR")
        .env_remove("SUDOKU_CONFIG")
        .env("XDG_CONFIG_HOME", "/nonexistent/sudoku-tests")
        .env("HOME", "/nonexistent/sudoku-tests");
    for (key, value) in env {
        command.env(key, value);
    }
    let mut child =
        command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("the binary runs");
    let mut pipe = child.stdin.take().unwrap();
    let input = stdin.to_vec();
    // Write from a thread so a large input cannot deadlock against a full stdout pipe.
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    Run {
        code: out.status.code().expect("exited, not killed"),
        stdout: String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(out.stderr).expect("stderr is UTF-8"),
    }
}

/// A bundled puzzle file, as bytes.
pub fn bundled(file: &str) -> Vec<u8> {
    let path = format!("{}/puzzles/{file}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// One JSON value per line.
pub fn json_lines(stdout: &str) -> Vec<serde_json::Value> {
    stdout.lines().map(|l| serde_json::from_str(l).expect("one JSON object per line")).collect()
}

/// Every `.rs` file below `dir`.
pub fn rust_sources(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// An example of puzzles/technique-positions.txt: a position where `sudoku
/// steps` lists techniques no default solve path of the bundled puzzles
/// takes.
pub struct TechniquePosition {
    /// Its line in the file, from 1.
    pub line: usize,
    /// The techniques its comment names.
    pub techniques: Vec<sudoku_explained::TechniqueId>,
    /// The position.
    pub grid: sudoku_explained::Grid,
}

/// Every position of puzzles/technique-positions.txt, each with the
/// techniques named by the comment line just before it (`# ids: source`).
pub fn technique_positions() -> Vec<TechniquePosition> {
    let text = String::from_utf8(bundled("technique-positions.txt")).expect("utf-8");
    let lines: Vec<&str> = text.lines().collect();
    let mut positions = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let comment = lines[i - 1].strip_prefix("# ").expect("a comment line before each position");
        let (ids, _source) = comment.split_once(':').expect("`ids: source`");
        let techniques = ids
            .split_whitespace()
            .map(|id| sudoku_explained::TechniqueId::from_id(id).unwrap_or_else(|| panic!("line {i}: {id}")))
            .collect();
        let record = sudoku_explained::io::Records::new(line.as_bytes()).next().expect("a record");
        let grid = record.expect("the position parses").grid();
        positions.push(TechniquePosition { line: i + 1, techniques, grid });
    }
    positions
}
