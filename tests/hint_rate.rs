//! `hint` and `rate` tell the same story as `solve`: a hint is the first
//! step the solve takes, and a rating is the rating of the solve path.

use crate::common;

use common::{bundled, json_lines};

fn sudoku(args: &[&str], stdin: &[u8]) -> (i32, String) {
    let run = common::sudoku(args, stdin);
    (run.code, run.stdout)
}

const FORCING_POSITION: &str = "4 569 1268 5789 3 178 25 2567 5679 1237 359 12 6 127 459 8 2357 3459 23678 3569 268 45789 278 45789 345 23567 1 1236 346 124 378 5 13678 23 9 378 123 8 59 49 17 13479 6 12357 357 136 7 59 2 168 13689 345 1358 3458 68 46 468 1 +9 2 7 35 35 5 +1 3 78 678 678 +9 4 +2 9 +2 +7 35 +4 35 +1 68 68";

#[test]
fn a_full_hint_is_the_first_step_of_the_solve() {
    let mut forcing = 0;
    for file in ["top95.txt", "techniques.txt", "a forcing position"] {
        let input = match file {
            // Step 33 of the solve of techniques.txt line 57, a forcing net.
            "a forcing position" => FORCING_POSITION.as_bytes().to_vec(),
            _ => bundled(file),
        };
        let (_, solved) = sudoku(&["solve", "--format", "json"], &input);
        let (_, text) = sudoku(&["solve", "--color", "never", "--width", "0"], &input);
        let (code, hints) = sudoku(&["hint", "--level", "full"], &input);
        assert_eq!(code, 0);
        let solves = json_lines(&solved);
        let hints: Vec<&str> = hints.lines().collect();
        assert_eq!(hints.len(), solves.len(), "{file}: one hint per puzzle");
        for ((hint, solve), first) in hints.iter().zip(&solves).zip(first_steps(&text)) {
            let label = solve["label"].as_str().map(|l| format!(" {l}")).unwrap_or_default();
            let origin = format!(" # -:{}{label}", solve["line"]);
            let step = &solve["steps"][0];
            if step.get("forcing").is_some() {
                // A forcing step as solve writes it, its proof lines joined on one line.
                let expected = format!("{} {}", first[0], first[1..].join("; "));
                assert_eq!(*hint, expected + &origin, "{file}");
                forcing += 1;
            } else {
                assert_eq!(*hint, step["text"].as_str().unwrap().to_string() + &origin, "{file}");
            }
        }
    }
    assert!(forcing >= 1, "no first step that forces");
}

/// Per puzzle of a solve's text, its first step: the step's line (without
/// its number) and its proof lines, if any.
fn first_steps(text: &str) -> Vec<Vec<String>> {
    let mut steps: Vec<Vec<String>> = Vec::new();
    let mut open = false;
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("  1. ") {
            steps.push(vec![rest.to_string()]);
            open = true;
        } else if open && line.starts_with("     ") {
            steps.last_mut().expect("a step").push(line.trim().to_string());
        } else {
            open = false;
        }
    }
    steps
}

#[test]
fn hint_levels_tell_more_and_more() {
    let seed001 = "000005200060100090850000000400003000071209403000050060200300907003090020000000341";
    let (_, vague) = sudoku(&["hint", seed001], b"");
    let (_, concrete) = sudoku(&["hint", "--level", "concrete", seed001], b"");
    let (_, full) = sudoku(&["hint", "--level", "full", seed001], b"");
    assert_eq!(vague.trim(), "Look for Pointing on 1 in box 1. # -:1");
    assert!(concrete.starts_with("Look for Pointing: 1 in b1,r1 ("), "{concrete}");
    assert!(full.contains("r1c") && full.contains("<>1"), "{full}");
    let (_, grid) = sudoku(&["hint", "--grid", "--color", "never", seed001], b"");
    // The vague grid marks no cell: the pattern and the answer stay to be found.
    assert!(!grid.contains('*') && grid.trim_end().ends_with("Look for Pointing on 1 in box 1. # -:1"), "{grid}");
}

#[test]
fn rate_gives_se_rating_and_the_explained_path_sums_itself_up() {
    for file in ["top95.txt", "techniques.txt", "seed-001.txt"] {
        let input = bundled(file);
        let (_, solved) = sudoku(&["solve", "--rate", "--format", "json"], &input);
        let (code, rated) = sudoku(&["rate", "--format", "json"], &input);
        assert_eq!(code, 0);
        let (solves, rates) = (json_lines(&solved), json_lines(&rated));
        assert_eq!(solves.len(), rates.len());
        for (solve, rate) in solves.iter().zip(&rates) {
            // The same two measures, whichever command asks.
            assert_eq!(rate["rating"], solve["rating"], "{file} line {}", solve["line"]);
            assert_eq!(rate["path"], solve["path"], "{file} line {}", solve["line"]);
            // The path's hardest step is the hardest of its steps, as the steps themselves say.
            let steps = solve["steps"].as_array().unwrap();
            let logical = steps.iter().filter(|s| s["technique"] != "brute-force");
            let hardest = logical.map(|s| s["rating"].as_f64().unwrap()).fold(0.0, f64::max);
            assert!((rate["path"]["hardest_rating"].as_f64().unwrap() - hardest).abs() < 1e-6, "{file} {rate}");
            let brute_force = steps.iter().any(|s| s["technique"] == "brute-force");
            assert_eq!(rate["path"]["brute_force"], brute_force);
            // SE's numbers: ED <= EP <= ER, each set by a named technique.
            let r = &rate["rating"];
            let (er, ep, ed) = (r["er"].as_f64().unwrap(), r["ep"].as_f64().unwrap(), r["ed"].as_f64().unwrap());
            assert!(ed <= ep && ep <= er, "{file} {r}");
            assert!(r["er_technique"].is_string() && r["ed_technique"].is_string(), "{file} {r}");
        }
        // The text line: PUZZLE ER/EP/ED LEVEL SCORE ER-TECHNIQUE / EP-TECHNIQUE / ED-TECHNIQUE # ORIGIN.
        let (_, text) = sudoku(&["rate"], &input);
        for (line, rate) in text.lines().zip(&rates) {
            let r = &rate["rating"];
            let triple = format!(
                "{:.1}/{:.1}/{:.1}",
                r["er"].as_f64().unwrap(),
                r["ep"].as_f64().unwrap(),
                r["ed"].as_f64().unwrap()
            );
            let (fields, origin) = line.split_once(" # ").unwrap();
            let words: Vec<&str> = fields.splitn(5, ' ').collect();
            assert_eq!(words[0], rate["puzzle"].as_str().unwrap());
            assert_eq!(words[1], triple);
            assert_eq!(words[2], r["level"].as_str().unwrap());
            assert_eq!(words[3], r["score"].to_string());
            let techniques = [&r["er_technique"], &r["ep_technique"], &r["ed_technique"]].map(|t| t.as_str().unwrap());
            assert_eq!(words[4], techniques.join(" / "));
            assert!(origin.starts_with(&format!("-:{}", rate["line"])), "{line}");
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

/// `rate --se-only` gives SE's rating and nothing of the explanation path:
/// the same numbers, level and techniques as `rate`, the score `-` (null
/// in JSON, and no path), SE's steps when asked, the same statuses and
/// exit code, and no explained-path figures in `--stats`.
#[test]
fn rate_se_only_is_rate_without_the_explained_path() {
    let mut input = bundled("top95.txt");
    input.extend_from_slice(format!("{}\n12345\n", ".".repeat(81)).as_bytes());
    let (code, full) = sudoku(&["rate", "--steps"], &input);
    let (se_code, alone) = sudoku(&["rate", "--steps", "--se-only"], &input);
    assert_eq!((code, se_code), (2, 2), "the two unrateable records");
    assert_eq!(full.lines().count(), alone.lines().count());
    let mut scored = 0;
    for (full, alone) in full.lines().zip(alone.lines()) {
        let words: Vec<&str> = full.splitn(5, ' ').collect();
        if !full.starts_with('\t') && words.len() == 5 && words[3].parse::<u32>().is_ok() {
            // PUZZLE ER/EP/ED LEVEL SCORE TECHNIQUES # ORIGIN: only the score differs.
            assert_eq!(alone, format!("{} {} {} - {}", words[0], words[1], words[2], words[4]));
            scored += 1;
        } else {
            assert_eq!(alone, full, "SE's steps and the unrateable records are the same");
        }
    }
    assert_eq!(scored, 95);
    let (_, json) = sudoku(&["rate", "--se-only", "--format", "json"], &bundled("top95.txt"));
    let (_, with_path) = sudoku(&["rate", "--format", "json"], &bundled("top95.txt"));
    for (alone, full) in json_lines(&json).iter().zip(&json_lines(&with_path)) {
        assert!(alone["path"].is_null() && alone["rating"]["score"].is_null(), "{alone}");
        let mut expected = full.clone();
        expected["path"] = serde_json::Value::Null;
        expected["rating"]["score"] = serde_json::Value::Null;
        assert_eq!(alone, &expected);
    }
    let stats = common::sudoku(&["rate", "--se-only", "--stats"], &bundled("top95.txt")).stderr;
    assert!(stats.contains("puzzles: 95: 95 solved") && stats.contains("levels of the rated"), "{stats}");
    assert!(!stats.contains("brute force") && !stats.contains("steps per technique"), "{stats}");
}
