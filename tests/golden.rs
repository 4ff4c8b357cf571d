//! Golden outputs over the bundled puzzles. The worked examples are kept as
//! the CLI prints them (text without color, and JSON); the collections as
//! one summary line per puzzle, so a change to any solve path shows up as a
//! reviewable diff. Update with `cargo insta review` after reading the diff.

mod common;

use sudoku::input::Records;
use sudoku::observer::Silent;
use sudoku::{solve::solve_record, SolveOptions, TechniqueId};

fn puzzles(file: &str) -> Vec<u8> {
    common::bundled(file)
}

fn cli(args: &[&str], stdin: &[u8]) -> String {
    common::sudoku(args, stdin).stdout
}

fn settings() -> insta::Settings {
    let mut s = insta::Settings::clone_current();
    s.set_snapshot_path("golden");
    s.set_prepend_module_to_snapshot(false);
    s
}

/// The worked examples: every step as the user sees it.
#[test]
fn worked_examples_print_as_recorded() {
    for file in ["seed-000.txt", "seed-001.txt", "techniques.txt"] {
        let input = puzzles(file);
        let name = file.trim_end_matches(".txt");
        settings().bind(|| {
            insta::assert_snapshot!(format!("{name}.text"), cli(&["solve", "--color", "never"], &input));
            insta::assert_snapshot!(format!("{name}.json"), cli(&["solve", "--format", "json"], &input));
        });
    }
}

/// One line per puzzle: status, steps, hardest technique, brute-force count.
fn summary(file: &str) -> String {
    let input = puzzles(file);
    let mut out = String::new();
    for record in Records::new(&input[..]) {
        let o = solve_record(&record, SolveOptions::default(), &mut Silent);
        let guesses = o.steps.iter().filter(|s| s.technique == TechniqueId::BruteForce).count();
        let hardest = o.hardest().map(|s| format!("{} {:.1}", s.technique.id(), s.rating())).unwrap_or("-".into());
        out.push_str(&format!(
            "line {}: {} steps={} hardest={} brute-force={}\n",
            o.line,
            o.status.as_str(),
            o.steps.len(),
            hardest,
            guesses
        ));
    }
    out
}

#[test]
fn collections_solve_as_recorded() {
    for file in [
        "top95.txt",
        "norvig-hardest.txt",
        "top1465.txt",
        "17-clue-sample.txt",
        "forum-hardest-1106.txt",
        "forum-hardest-1905-sample.txt",
        "serg-multi-solution-sample.txt",
        "easy-singles-sample.txt",
    ] {
        let name = file.trim_end_matches(".txt");
        settings().bind(|| insta::assert_snapshot!(format!("{name}.summary"), summary(file)));
    }
}
