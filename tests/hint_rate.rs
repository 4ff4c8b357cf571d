//! `hint` and `rate` tell the same story as `solve`: a hint is the first
//! step the solve takes, and a rating is the rating of the solve path.

mod common;

use common::{bundled, json_lines};

fn sudoku(args: &[&str], stdin: &[u8]) -> (i32, String) {
    let run = common::sudoku(args, stdin);
    (run.code, run.stdout)
}

#[test]
fn a_full_hint_is_the_first_step_of_the_solve() {
    for file in ["top95.txt", "techniques.txt"] {
        let input = bundled(file);
        let (_, solved) = sudoku(&["solve", "--format", "json"], &input);
        let (code, hints) = sudoku(&["hint", "--level", "full"], &input);
        assert_eq!(code, 0);
        let solves = json_lines(&solved);
        let hints: Vec<&str> = hints.lines().collect();
        assert_eq!(hints.len(), solves.len(), "{file}: one hint per puzzle");
        for (hint, solve) in hints.iter().zip(&solves) {
            let label = solve["label"].as_str().map(|l| format!(" {l}")).unwrap_or_default();
            let origin = format!(" # -:{}{label}", solve["line"]);
            assert_eq!(*hint, solve["steps"][0]["text"].as_str().unwrap().to_string() + &origin, "{file}");
        }
    }
}

#[test]
fn hint_levels_tell_more_and_more() {
    let seed001 = "000005200060100090850000000400003000071209403000050060200300907003090020000000341";
    let (_, vague) = sudoku(&["hint", seed001], b"");
    let (_, concrete) = sudoku(&["hint", "--level", "concrete", seed001], b"");
    let (_, full) = sudoku(&["hint", "--level", "full", seed001], b"");
    assert_eq!(vague.trim(), "Look for Pointing on 1. # -:1");
    assert!(concrete.starts_with("Look for Pointing: 1 in b1,r1 ("), "{concrete}");
    assert!(full.contains("r1c") && full.contains("<>1"), "{full}");
    let (_, grid) = sudoku(&["hint", "--grid", "--color", "never", seed001], b"");
    assert!(grid.contains('*') && grid.trim_end().ends_with("Look for Pointing on 1. # -:1"), "{grid}");
}

#[test]
fn a_rating_is_the_rating_of_the_solve_path() {
    for file in ["top95.txt", "techniques.txt", "seed-001.txt"] {
        let input = bundled(file);
        let (_, solved) = sudoku(&["solve", "--format", "json"], &input);
        let (code, rated) = sudoku(&["rate", "--format", "json"], &input);
        assert_eq!(code, 0);
        let (solves, rates) = (json_lines(&solved), json_lines(&rated));
        assert_eq!(solves.len(), rates.len());
        for (solve, rate) in solves.iter().zip(&rates) {
            assert_eq!(rate["rating"], solve["rating"], "{file} line {}", solve["line"]);
            // ER is the hardest step of the path, as the steps themselves say.
            let hardest = solve["steps"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|s| s["technique"] != "brute-force")
                .map(|s| s["rating"].as_f64().unwrap())
                .fold(0.0, f64::max);
            let brute_force = solve["steps"].as_array().unwrap().iter().any(|s| s["technique"] == "brute-force");
            assert_eq!(rate["rating"]["brute_force"], brute_force);
            if !brute_force {
                assert!((rate["rating"]["er"].as_f64().unwrap() - hardest).abs() < 1e-6, "{file} {rate}");
            } else {
                assert_eq!(rate["rating"]["level"], "extreme", "a guess is never rated easy");
            }
        }
        let (_, text) = sudoku(&["rate"], &input);
        for (line, rate) in text.lines().zip(&rates) {
            let r = &rate["rating"];
            let triple = format!(
                "{:.1}/{:.1}/{:.1}",
                r["er"].as_f64().unwrap(),
                r["ep"].as_f64().unwrap(),
                r["ed"].as_f64().unwrap()
            );
            let fields: Vec<&str> = line.split(' ').collect();
            assert_eq!(fields[0], rate["puzzle"].as_str().unwrap());
            assert_eq!(fields[1], triple);
            assert_eq!(fields[2], r["level"].as_str().unwrap());
        }
    }
}

#[test]
fn rate_reports_what_is_not_a_rateable_puzzle() {
    let several = ".".repeat(81);
    let (code, text) = sudoku(&["rate"], format!("{several}\n12345\n").as_bytes());
    assert_eq!(code, 2);
    // Results on stdout, one line per record; the reasons on stderr (tests/cli.rs).
    assert_eq!(text, format!("{several} multiple-solutions # -:1\n- invalid # -:2\n"));
}
