//! The configuration file, as a user writes one: the order, switches,
//! weights and level boundaries it sets change the path of `solve`, the
//! hint, the steps listed, `rate`'s score and level (never ER/EP/ED) and
//! `generate`; where it is looked for; and what a bad one is told.

use crate::common::{json_lines, sudoku, sudoku_with, Run};
use std::path::PathBuf;

/// The first puzzle of puzzles/seed-001.txt: its first step is a pointing
/// pair, and the position also has an X-Wing.
const TECHNIQUES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/techniques.txt");

const SEED: &str = "000005200060100090850000000400003000071209403000050060200300907003090020000000341";

/// A configuration file with `text`, in a directory of its own.
fn config_file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sudoku-config-test-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("config.toml");
    std::fs::write(&path, text).unwrap();
    path
}

fn with_config(path: &std::path::Path, args: &[&str]) -> Run {
    let mut all = vec!["--config", path.to_str().unwrap()];
    all.extend_from_slice(args);
    sudoku(&all, b"")
}

fn first_step(run: &Run) -> String {
    assert_eq!(run.code, 0, "{}", run.stderr);
    json_lines(&run.stdout)[0]["steps"][0]["technique"].as_str().unwrap().to_string()
}

#[test]
fn a_changed_order_changes_the_path_the_hint_and_the_listing() {
    assert_eq!(first_step(&sudoku(&["solve", "--format", "json", SEED], b"")), "pointing");
    let x_wing_first = config_file("order", "[techniques.x-wing]\norder = 1\n");
    let solved = with_config(&x_wing_first, &["solve", "--format", "json", SEED]);
    assert_eq!(first_step(&solved), "x-wing");
    let hint = with_config(&x_wing_first, &["hint", "--format", "json", SEED]);
    assert_eq!(json_lines(&hint.stdout)[0]["technique"], "x-wing");
    let steps = with_config(&x_wing_first, &["steps", "--format", "json", SEED]);
    assert_eq!(json_lines(&steps.stdout)[0]["technique"], "x-wing");
    // The path is still a solve to the one solution.
    let default = json_lines(&sudoku(&["solve", "--format", "json", SEED], b"").stdout)[0]["solution"].clone();
    assert_eq!(json_lines(&solved.stdout)[0]["solution"], default);
}

#[test]
fn a_technique_turned_off_is_never_used() {
    let off = config_file("off", "[techniques.pointing]\nenabled = false\n[techniques.claiming]\nenabled = false\n");
    let solved = with_config(&off, &["solve", "--format", "json", SEED]);
    let steps = json_lines(&solved.stdout)[0]["steps"].as_array().unwrap().clone();
    assert!(!steps.is_empty());
    assert!(steps.iter().all(|s| s["technique"] != "pointing" && s["technique"] != "claiming"));
    let listed = json_lines(&with_config(&off, &["steps", "--format", "json", SEED]).stdout);
    assert!(listed.iter().all(|s| s["technique"] != "pointing"));
    // --techniques still narrows what the configuration leaves on.
    let narrowed = with_config(&off, &["steps", "--format", "json", "--techniques", "pointing,x-wing", SEED]);
    assert!(!narrowed.stdout.is_empty());
    assert!(json_lines(&narrowed.stdout).iter().all(|s| s["technique"] == "x-wing"));
}

/// top1465.txt #24, puzzles/techniques.txt's Kraken Fish Type 2 example.
const KRAKEN: &str = "3.7..4.2....1..8..9............3..9..5.8......4.6...........5.12...7..........6..";

#[test]
fn a_technique_off_by_default_is_on_when_named_or_configured() {
    let kraken = |run: &Run| {
        json_lines(&run.stdout)
            .iter()
            .flat_map(|r| r["steps"].as_array().cloned().unwrap_or_else(|| vec![r.clone()]))
            .filter(|s| s["technique"].as_str().is_some_and(|t| t.starts_with("kraken-fish")))
            .count()
    };
    // Off by default: no solve takes it, `techniques` says so.
    assert_eq!(kraken(&sudoku(&["solve", "--format", "json", KRAKEN], b"")), 0);
    let listing = sudoku(&["techniques", "--color", "never"], b"").stdout;
    let line = listing.lines().find(|l| l.contains("kraken-fish-type-2")).unwrap();
    assert!(line.contains(" off"), "{line}");
    // Named by id in --techniques, it is tried; through up-to: it is not.
    let named = sudoku(&["steps", "--format", "json", "--techniques", "kraken-fish-type-2", KRAKEN], b"");
    assert!(kraken(&named) > 0, "{}", named.stderr);
    let up_to = sudoku(&["steps", "--format", "json", "--techniques", "up-to:kraken-fish-type-2", KRAKEN], b"");
    assert_eq!(kraken(&up_to), 0);
    // A configuration turns it on for every command; one that turns it off
    // keeps it off even when named.
    let on = config_file("kraken-on", "[techniques.kraken-fish-type-2]\nenabled = true\n");
    assert!(kraken(&with_config(&on, &["solve", "--format", "json", KRAKEN])) > 0);
    let off = config_file("kraken-off", "[techniques.kraken-fish-type-2]\nenabled = false\n");
    let named_off = with_config(&off, &["steps", "--format", "json", "--techniques", "kraken-fish-type-2", KRAKEN]);
    assert_eq!(kraken(&named_off), 0);
}

#[test]
fn weights_change_the_score_and_levels_the_level_but_never_er() {
    let rate = |run: Run| json_lines(&run.stdout)[0]["rating"].clone();
    let default = rate(sudoku(&["rate", "--format", "json", SEED], b""));
    let hidden_singles = {
        let solved = json_lines(&sudoku(&["solve", "--format", "json", SEED], b"").stdout)[0].clone();
        solved["steps"].as_array().unwrap().iter().filter(|s| s["technique"] == "hidden-single").count() as u64
    };
    assert!(hidden_singles > 0);
    let light = config_file("weights", "[techniques.hidden-single]\nweight = 0\n");
    let rated = rate(with_config(&light, &["rate", "--format", "json", SEED]));
    assert_eq!(rated["score"].as_u64().unwrap(), default["score"].as_u64().unwrap() - 14 * hidden_singles);
    assert_eq!((&rated["er"], &rated["ep"], &rated["ed"]), (&default["er"], &default["ep"], &default["ed"]));
    // ER 6.6: extreme by default; with expert reaching 7.0 it is expert.
    assert_eq!((default["er"].as_f64(), default["level"].as_str()), (Some(6.6), Some("extreme")));
    let wide = config_file("levels", "[levels]\nexpert = 7.0\n");
    let rated = rate(with_config(&wide, &["rate", "--format", "json", SEED]));
    assert_eq!((rated["er"].as_f64(), rated["level"].as_str()), (Some(6.6), Some("expert")));
    let text = with_config(&wide, &["solve", "--rate", "--color", "never", SEED]).stdout;
    assert!(text.contains("expert"), "{text}");
}

#[test]
fn generate_honours_the_weights_and_levels() {
    let args = ["generate", "--seed", "7", "--format", "json"];
    let default = json_lines(&sudoku(&args, b"").stdout)[0].clone();
    let heavy = config_file(
        "generate",
        "[techniques.naked-single]\nweight = 1000\n[techniques.hidden-single]\nweight = 1000\n",
    );
    let weighted = json_lines(&with_config(&heavy, &args).stdout)[0].clone();
    assert_eq!(weighted["puzzle"], default["puzzle"], "the same seed, the same puzzle");
    assert!(weighted["rating"]["score"].as_u64().unwrap() > default["rating"]["score"].as_u64().unwrap());
    // Easy puzzles reach ER 2.3 by default; a configuration that ends easy at 1.5 gets easier ones.
    let easy = ["generate", "--seed", "7", "--format", "json", "--difficulty", "easy"];
    let default = json_lines(&sudoku(&easy, b"").stdout)[0]["rating"].clone();
    assert_eq!(default["er"].as_f64(), Some(2.3));
    let narrow = config_file("generate-levels", "[levels]\neasy = 1.5\n");
    let run = with_config(&narrow, &easy);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let rating = &json_lines(&run.stdout)[0]["rating"];
    assert_eq!(rating["level"], "easy");
    assert!(rating["er"].as_f64().unwrap() <= 1.5, "{rating}");
}

#[test]
fn the_file_is_found_by_option_then_environment_then_configuration_directory() {
    let off = config_file("env", "[techniques.pointing]\nenabled = false\n");
    let first = |run: Run| first_step(&run);
    let env = [("SUDOKU_CONFIG", off.to_str().unwrap())];
    assert_eq!(first(sudoku_with(&["solve", "--format", "json", SEED], b"", &env)), "claiming");
    // The option comes before the environment.
    let x_first = config_file("option", "[techniques.x-wing]\norder = 1\n");
    let mut args = vec!["--config", x_first.to_str().unwrap(), "solve", "--format", "json", SEED];
    assert_eq!(first(sudoku_with(&args, b"", &env)), "x-wing");
    // The configuration directory: $XDG_CONFIG_HOME/sudoku/config.toml.
    let home = std::env::temp_dir().join(format!("sudoku-config-test-{}-xdg", std::process::id()));
    std::fs::create_dir_all(home.join("sudoku")).unwrap();
    std::fs::copy(&off, home.join("sudoku/config.toml")).unwrap();
    let xdg = [("XDG_CONFIG_HOME", home.to_str().unwrap())];
    args.drain(..2);
    assert_eq!(first(sudoku_with(&args, b"", &xdg)), "claiming");
    let listing = sudoku_with(&["techniques"], b"", &xdg).stdout;
    assert!(listing.contains(&format!("Set by {}", home.join("sudoku/config.toml").display())), "{listing}");
    // A named file that is missing is an error, not the defaults.
    let missing = sudoku_with(&["solve", SEED], b"", &[("SUDOKU_CONFIG", "/nonexistent/sudoku.toml")]);
    assert_eq!(missing.code, 2);
    assert!(missing.stderr.contains("/nonexistent/sudoku.toml"), "{}", missing.stderr);
    assert!(missing.stdout.is_empty());
}

#[test]
fn a_bad_file_is_told_with_file_line_and_column_and_nothing_runs() {
    for (text, message) in [
        ("[techniques.x-wnig]\nenabled = false\n", ":1:13: no technique `x-wnig` (nearest: x-wing)"),
        ("[techniques.x-wing]\nenabeld = false\n", ":2:1: unknown field `enabeld`"),
        ("[techniques.x-wing]\nweight = -5\n", ":2:10: a weight is a whole number"),
        ("[levels]\nmedium = 5.0\n", ":2:1: the highest ER of hard (4.4) must be above that of medium (5.0)"),
        ("[techniques.brute-force]\norder = 1\n", ":2:9: brute-force is the fallback"),
        ("[techniques\n", ":1:"),
    ] {
        let path = config_file("bad", text);
        for command in [&["solve", SEED][..], &["rate", SEED], &["techniques"], &["steps", SEED]] {
            let run = with_config(&path, command);
            assert_eq!(run.code, 2, "{text:?} {command:?}");
            assert!(run.stdout.is_empty(), "nothing runs: {}", run.stdout);
            let expected = format!("sudoku: {}{message}", path.display());
            assert!(run.stderr.starts_with(&expected), "{text:?}: {} (expected {expected})", run.stderr);
        }
    }
}

#[test]
fn techniques_shows_the_effective_order_and_where_each_setting_came_from() {
    let path = config_file("listing", "[levels]\nhard = 4.0\n\n[techniques.trapezoid-chain]\norder = 135\n[techniques.x-wing]\nenabled = false\nweight = 7\n");
    let run = with_config(&path, &["techniques"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let rows: Vec<&str> = run.stdout.lines().take_while(|l| !l.is_empty()).collect();
    let ids: Vec<&str> = rows.iter().skip(1).map(|l| l.split_whitespace().nth(1).unwrap()).collect();
    let at = |id| ids.iter().position(|&x| x == id).unwrap();
    assert_eq!(at("trapezoid-chain") + 1, at("y-wing"), "135 comes just before y-wing's 140");
    let x_wing = rows.iter().find(|l| l.split_whitespace().nth(1) == Some("x-wing")).unwrap();
    assert!(x_wing.contains(" 7 ") && x_wing.contains(" off"), "{x_wing}");
    let file = path.display();
    let sources = run.stdout.split("\n\n").nth(1).unwrap();
    assert!(sources.starts_with(&format!("Set by {file} (the rest are the defaults):")), "{sources}");
    assert!(sources.contains(&format!("levels: hard up to 4.0 ({file}:2)")), "{sources}");
    assert!(sources.contains(&format!("trapezoid-chain: place 14 ({file}:5)")), "{sources}");
    assert!(sources.contains(&format!("x-wing: off ({file}:7), weight 7 ({file}:8)")), "{sources}");
    let plain = sudoku(&["techniques"], b"").stdout;
    assert!(plain.contains("Every setting is the default"), "{plain}");
}

#[test]
fn the_template_is_the_defaults_written_out() {
    let template = sudoku(&["techniques", "--config-template"], b"");
    assert_eq!(template.code, 0);
    let path = config_file("template", &template.stdout);
    let default = sudoku(&["solve", "--format", "json", TECHNIQUES], b"");
    let configured = with_config(&path, &["solve", "--format", "json", TECHNIQUES]);
    assert_eq!(configured.stdout, default.stdout, "the defaults give the same paths");
    let listing = with_config(&path, &["techniques"]).stdout;
    let plain = sudoku(&["techniques"], b"").stdout;
    let table = |s: &str| s.split("\n\n").next().unwrap().to_string();
    assert_eq!(table(&listing), table(&plain));
    assert!(template.stdout.contains("[techniques.x-wing]  # X-Wing\norder = 90\nenabled = true\nweight = 140\n"));
}
