//! `sudoku steps`: every step at a position, as a user runs it. Each
//! option and each error, in text, JSON and pictures; the steps listed are
//! those the library's `steps_at` finds, and the first of them is the step
//! `hint` gives.

use crate::common::{self, json_lines, Run};
use serde_json::Value;
use std::collections::HashSet;

fn sudoku(args: &[&str], stdin: &[u8]) -> Run {
    common::sudoku(args, stdin)
}

/// The first puzzle of puzzles/seed-001.txt: no single at the start, a
/// pointing pair first, and many patterns at once.
const SEED: &str = "000005200060100090850000000400003000071209403000050060200300907003090020000000341";

fn steps_json(extra: &[&str]) -> Vec<Value> {
    let mut args = vec!["steps", "--format", "json"];
    args.extend_from_slice(extra);
    args.push(SEED);
    let run = sudoku(&args, b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    json_lines(&run.stdout)
}

fn result(step: &Value) -> String {
    format!("{} {}", step["placements"], step["eliminations"])
}

#[test]
fn text_lists_every_technique_with_its_steps_numbered_through_the_position() {
    let run = sudoku(&["steps", "--color", "never", SEED], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines[0], "Position 1 (line 1)");
    // The position as a pencil-mark line that every command reads back.
    let back = sudoku(&["steps", "--color", "never", lines[1]], b"");
    assert_eq!(back.stdout.lines().skip(1).collect::<Vec<_>>(), lines[1..], "the position reads back");
    let json = steps_json(&[]);
    let pointing = json.iter().filter(|s| s["technique"] == "pointing").count();
    assert!(pointing > 1, "every pointing of the position");
    assert_eq!(lines[2], format!("Pointing: {pointing} steps"));
    assert!(lines[3].starts_with("  1. Pointing: 1 in b1,r1 (r1c1 r1c2) => r1c8<>1."), "{}", lines[3]);
    let numbered: Vec<usize> =
        lines.iter().filter_map(|l| l.trim_start().split_once(". ").and_then(|(n, _)| n.parse().ok())).collect();
    assert_eq!(numbered, (1..=json.len()).collect::<Vec<_>>(), "numbered 1 to N in order");
    let last = lines.last().unwrap();
    let techniques: HashSet<&str> = json.iter().map(|s| s["technique"].as_str().unwrap()).collect();
    assert_eq!(*last, format!("{} steps by {} techniques.", json.len(), techniques.len()));
    // The first listed is the hint: the step the solve takes.
    let hint = sudoku(&["hint", "--level", "full", "--format", "json", SEED], b"");
    assert_eq!(json_lines(&hint.stdout)[0]["step"]["text"], json[0]["text"]);
}

#[test]
fn json_is_one_object_per_step_with_the_position_it_applies_to() {
    let json = steps_json(&[]);
    assert!(json.len() > 10);
    let solve = sudoku(&["solve", "--format", "json", SEED], b"");
    let solve_step = &json_lines(&solve.stdout)[0]["steps"][0];
    for (k, step) in json.iter().enumerate() {
        assert_eq!(step["number"], k + 1);
        assert_eq!(step["status"], "step");
        assert_eq!(step["line"], 1);
        assert_eq!(step["position"], json[0]["position"]);
        // The schema of solve's steps, and a few fields of its own.
        for key in solve_step.as_object().unwrap().keys() {
            assert!(step.get(key).is_some(), "{key} missing from {step}");
        }
        assert_eq!(step["more"], 0);
        // Only the forcing techniques stop their search, after 10 instances.
        let technique = step["technique"].as_str().unwrap();
        let listed = json.iter().filter(|s| s["technique"] == technique).count();
        let forcing = technique.contains("forcing");
        assert_eq!(step["capped"], forcing && listed == 10, "{technique}: {listed} listed");
    }
    let position = json[0]["position"].as_str().unwrap();
    let back = sudoku(&["steps", "--format", "json", position], b"");
    assert_eq!(json_lines(&back.stdout).len(), json.len(), "the position reads back");
}

#[test]
fn limit_keeps_the_first_n_of_each_technique_and_says_how_many_more() {
    let all = steps_json(&[]);
    let limited = steps_json(&["--limit", "1"]);
    let mut per: Vec<(String, usize)> = Vec::new();
    for step in &all {
        let id = step["technique"].as_str().unwrap().to_string();
        match per.last_mut() {
            Some((last, n)) if *last == id => *n += 1,
            _ => per.push((id, 1)),
        }
    }
    assert_eq!(limited.len(), per.len(), "one per technique");
    assert!(per.iter().any(|(_, n)| *n > 1), "some technique has several");
    for (step, (id, n)) in limited.iter().zip(&per) {
        assert_eq!(step["technique"], id.as_str());
        assert_eq!(step["more"], n - 1);
    }
    let text = sudoku(&["steps", "--color", "never", "--limit", "1", SEED], b"").stdout;
    let (id, n) = per.iter().find(|(_, n)| *n > 1).unwrap();
    let name = all.iter().find(|s| s["technique"] == id.as_str()).unwrap()["name"].as_str().unwrap();
    assert!(text.contains(&format!("{name}: 1 step, {} more not shown (--limit)", n - 1)), "{text}");
}

#[test]
fn unique_lists_each_result_once_as_the_simplest() {
    let all = steps_json(&[]);
    let unique = steps_json(&["--unique"]);
    let distinct: HashSet<String> = all.iter().map(result).collect();
    assert_eq!(unique.len(), distinct.len());
    assert!(unique.len() < all.len(), "this position has results found twice");
    for step in &unique {
        let first = all.iter().find(|s| result(s) == result(step)).unwrap();
        assert_eq!(first["technique"], step["technique"], "kept as the technique tried first");
    }
}

#[test]
fn sort_orders_by_rating_or_by_candidates_removed() {
    let by_rating = steps_json(&["--sort", "rating"]);
    assert_eq!(by_rating.len(), steps_json(&[]).len());
    let mut easiest: Vec<(String, f64)> = Vec::new();
    for step in &by_rating {
        let (id, rating) = (step["technique"].as_str().unwrap().to_string(), step["rating"].as_f64().unwrap());
        match easiest.last_mut() {
            Some((last, r)) if *last == id => assert!(*r <= rating + 1e-9, "within a technique, easiest first"),
            _ => easiest.push((id, rating)),
        }
    }
    assert!(easiest.windows(2).all(|w| w[0].1 <= w[1].1), "techniques by their easiest: {easiest:?}");
    // Techniques that only remove candidates, so that what a step removes is its eliminations.
    let removers = "pointing,claiming,naked-pair,x-wing,hidden-pair,swordfish,hidden-triple,naked-quad";
    let by_removed = steps_json(&["--sort", "removed", "--techniques", removers]);
    assert_eq!(by_removed.len(), steps_json(&["--techniques", removers]).len());
    let removed = |s: &Value| s["eliminations"].as_array().unwrap().len();
    let mut best: Vec<usize> = Vec::new();
    let mut previous: Option<(&Value, usize)> = None;
    for step in &by_removed {
        match previous {
            Some((p, n)) if p["technique"] == step["technique"] => assert!(n >= removed(step), "most first"),
            _ => best.push(removed(step)),
        }
        previous = Some((step, removed(step)));
    }
    assert!(best.windows(2).all(|w| w[0] >= w[1]), "techniques by their best: {best:?}");
    assert!(best.windows(2).any(|w| w[0] > w[1]), "a real ordering: {best:?}");
}

#[test]
fn techniques_limits_the_list_to_those_asked() {
    let json = steps_json(&["--techniques", "x-wing,pointing,hidden-pair"]);
    let ids: Vec<&str> = json.iter().map(|s| s["technique"].as_str().unwrap()).collect();
    let mut kinds = ids.clone();
    kinds.dedup();
    assert_eq!(kinds, ["pointing", "x-wing", "hidden-pair"], "in the order tried");
    let run = sudoku(&["steps", "--techniques", "x-wingz", SEED], b"");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("x-wingz"), "{}", run.stderr);
}

#[test]
fn se_lists_sudoku_explainers_hints_with_its_ratings() {
    let run = sudoku(&["steps", "--se", "--color", "never", SEED], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines[2], "  1. 2.6  Pointing: Cells r2c3,r3c3: 2 in block and column", "{}", run.stdout);
    let ratings: Vec<f64> =
        lines[2..lines.len() - 1].iter().map(|l| l.split_whitespace().nth(1).unwrap().parse().unwrap()).collect();
    assert!(ratings.windows(2).all(|w| w[0] <= w[1]), "easiest first: {ratings:?}");
    assert_eq!(*lines.last().unwrap(), format!("{} hints of Sudoku Explainer.", ratings.len()));
    // The rate path's first step is among them, at the lowest rating.
    let rated = sudoku(&["rate", "--steps", SEED], b"").stdout;
    let first = rated.lines().nth(1).unwrap().split('\t').nth(2).unwrap().to_string();
    assert!(lines.iter().any(|l| l.ends_with(&first)), "{first}");
    let json = json_lines(&sudoku(&["steps", "--se", "--format", "json", "--limit", "1", SEED], b"").stdout);
    assert!(json.iter().all(|h| h["status"] == "se-hint" && h["rating"].as_f64().is_some()));
    let names: Vec<&str> = json.iter().map(|h| h["technique"].as_str().unwrap()).collect();
    let distinct: HashSet<&&str> = names.iter().collect();
    assert_eq!(distinct.len(), names.len(), "--limit 1: one hint per technique");
    for flags in [&["--unique"][..], &["--sort", "rating"], &["--techniques", "x-wing"], &["--grid"]] {
        let mut args = vec!["steps", "--se"];
        args.extend_from_slice(flags);
        args.push(SEED);
        let run = sudoku(&args, b"");
        assert_eq!(run.code, 2, "{flags:?}: {}", run.stderr);
    }
}

#[test]
fn grid_draws_each_step_on_the_position() {
    let run = sudoku(&["steps", "--grid", "--color", "never", "--techniques", "x-wing", SEED], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("   +"), "a candidate grid: {}", run.stdout);
    assert!(run.stdout.contains("-2"), "the eliminations marked: {}", run.stdout);
    let run = sudoku(&["steps", "--grid", "--format", "json", SEED], b"");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("--grid is for text output"), "{}", run.stderr);
}

#[test]
fn pictures_draw_one_listed_step_or_every_step_on_a_page() {
    let json = steps_json(&[]);
    let x_wing = json.iter().find(|s| s["technique"] == "x-wing").expect("an X-Wing")["number"].to_string();
    let run = sudoku(&["steps", "--format", "svg", "--step", &x_wing, SEED], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.starts_with("<?xml") && run.stdout.contains("<svg"),
        "{}",
        &run.stdout[..80.min(run.stdout.len())]
    );
    assert!(run.stdout.contains(&format!("Step {x_wing} of")), "the headline names the listed step");
    assert!(run.stdout.contains("X-Wing"), "step {x_wing} is the X-Wing");
    let run = sudoku(&["steps", "--format", "svg", SEED], b"");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("give --step N"), "{}", run.stderr);
    let run = sudoku(&["steps", "--format", "svg", "--step", "999", SEED], b"");
    assert_ne!(run.code, 0);
    assert!(run.stderr.contains("--step 999"), "{}", run.stderr);
    let run = sudoku(&["steps", "--format", "html", SEED], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let sections = run.stdout.matches("<section class=\"step").count();
    assert_eq!(sections, steps_json(&[]).len(), "a section per listed step");
    assert!(run.stdout.trim_end().ends_with("</html>"));
}

#[test]
fn positions_without_one_solution_and_bad_records_are_said_and_the_batch_goes_on() {
    let input = format!(
        "{SEED}\n{}\n123\n{}\n",
        "0".repeat(81),
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
    );
    let run = sudoku(&["steps", "--color", "never", "--limit", "1"], input.as_bytes());
    assert_eq!(run.code, 2, "the worst: a record that is not a puzzle");
    assert!(run.stdout.starts_with("Position 1 (line 1)"), "{}", run.stdout);
    assert!(run.stdout.contains("multiple-solutions # -:2"), "{}", run.stdout);
    assert!(run.stdout.contains("invalid # -:3"), "{}", run.stdout);
    assert!(run.stdout.contains("solved # -:4"), "{}", run.stdout);
    assert!(run.stderr.contains("line 2: several solutions"), "{}", run.stderr);
    assert!(run.stderr.contains("line 3"), "{}", run.stderr);
    let json = json_lines(&sudoku(&["steps", "--format", "json", "--limit", "1"], input.as_bytes()).stdout);
    let statuses: Vec<&str> = json.iter().map(|r| r["status"].as_str().unwrap()).collect();
    assert!(statuses.ends_with(&["multiple-solutions", "invalid", "solved"]), "{statuses:?}");
    assert!(json.iter().filter(|r| r["status"] == "invalid").all(|r| r["error"].as_str().unwrap().contains("line 3")));
}
