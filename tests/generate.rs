//! The `generate` command's contract: every puzzle has exactly one solution,
//! the asked clue count, symmetry, minimality and difficulty; the same seed
//! gives the same output; options that cannot be met are clear errors.
//! Every property is checked again here from the printed output, with the
//! exact solver, the backtracking oracle and the explaining solver.

use crate::common;

use common::Run;
use std::process::{Command, Stdio};
use sudoku_explained::explain::Silent;
use sudoku_explained::explain::{Level, Rating};
use sudoku_explained::io::Puzzle;
use sudoku_explained::{exact, Status, TechniqueId};

/// `sudoku generate args`, with no input.
fn sudoku(args: &[&str]) -> Run {
    common::sudoku(&[&["generate"], args].concat(), b"")
}

/// Runs a generation that must succeed, with a seed so it is reproducible.
fn ok(args: &[&str]) -> String {
    let r = sudoku(args);
    assert_eq!(r.code, 0, "generate {args:?}: {}", r.stderr);
    assert_eq!(r.stderr, "", "nothing on stderr with a seed and a pipe");
    r.stdout
}

fn givens(line: &str) -> [u8; 81] {
    let cells: Vec<u8> = line.bytes().take(81).map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
    cells.try_into().expect("81 cells")
}

/// The puzzles of text output (the first field of each line).
fn puzzles(stdout: &str) -> Vec<[u8; 81]> {
    stdout.lines().map(|l| givens(l.split(' ').next().unwrap())).collect()
}

fn clues(p: &[u8; 81]) -> usize {
    p.iter().filter(|&&v| v != 0).count()
}

fn assert_unique(p: &[u8; 81]) -> [u8; 81] {
    let search = exact::count_solutions(p, 2);
    assert_eq!(search.count, 1, "{p:?}");
    search.solution.unwrap()
}

/// Solves with the explaining driver and rates the path, as `rate` does.
fn rate(p: &[u8; 81]) -> (Rating, Vec<TechniqueId>) {
    let options = sudoku_explained::SolveOptions::default().with_rate(true);
    let outcome = sudoku_explained::solve(&Puzzle::new(*p), options, &mut Silent);
    assert_eq!(outcome.status, Status::Solved);
    let techniques = outcome.steps.iter().map(|s| s.technique).collect();
    (outcome.rating.expect("a solved outcome has its rating"), techniques)
}

fn is_minimal(p: &[u8; 81]) -> bool {
    (0..81).filter(|&c| p[c] != 0).all(|c| {
        let mut q = *p;
        q[c] = 0;
        exact::count_solutions(&q, 2).count == 2
    })
}

type Map = fn(usize, usize) -> (usize, usize);

/// The maps of each symmetry on (row, column), written out here on their
/// own rather than taken from the library.
fn maps(symmetry: &str) -> Vec<Map> {
    let rot180: Map = |r, c| (8 - r, 8 - c);
    let rot90: Map = |r, c| (c, 8 - r);
    let mirror: Map = |r, c| (r, 8 - c);
    let diagonal: Map = |r, c| (c, r);
    let anti: Map = |r, c| (8 - c, 8 - r);
    let flip: Map = |r, c| (8 - r, c);
    match symmetry {
        "none" => vec![],
        "rot180" => vec![rot180],
        "rot90" => vec![rot90, rot180],
        "mirror" => vec![mirror],
        "diagonal" => vec![diagonal],
        "full" => vec![rot90, rot180, mirror, diagonal, anti, flip],
        other => panic!("unknown symmetry {other}"),
    }
}

fn keeps(p: &[u8; 81], symmetry: &str) -> bool {
    maps(symmetry).iter().all(|m| {
        (0..81).all(|i| {
            let (r, c) = m(i / 9, i % 9);
            (p[i] != 0) == (p[r * 9 + c] != 0)
        })
    })
}

#[test]
fn every_puzzle_has_exactly_one_solution_the_printed_one() {
    let out = ok(&["-n", "40", "--seed", "7", "--with-solution", "--no-rating"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 40);
    for (i, line) in lines.iter().enumerate() {
        let fields: Vec<&str> = line.split(' ').collect();
        assert_eq!(fields.len(), 2, "{line}");
        let p = givens(fields[0]);
        let solution = assert_unique(&p);
        assert_eq!(fields[1].as_bytes(), solution.map(|d| b'0' + d));
        if i < 3 {
            let (count, _) = sudoku_explained::exact::backtrack::count_by_backtracking(&p, 2);
            assert_eq!(count, 1, "the backtracking oracle agrees");
        }
        // Without a target or symmetry the puzzle is minimal.
        assert!(is_minimal(&p), "{line}");
    }
}

#[test]
fn clue_counts_are_exact() {
    for (n, symmetry) in [("24", "none"), ("30", "rot180"), ("45", "none"), ("29", "rot90"), ("22", "none")] {
        let out = ok(&["-n", "4", "--clues", n, "--symmetry", symmetry, "--seed", "3", "--no-rating"]);
        let ps = puzzles(&out);
        assert_eq!(ps.len(), 4);
        for p in ps {
            assert_eq!(clues(&p).to_string(), n);
            assert_unique(&p);
            assert!(keeps(&p, symmetry), "{symmetry}");
        }
    }
}

#[test]
fn every_symmetry_holds() {
    for symmetry in ["rot180", "rot90", "mirror", "diagonal", "full"] {
        let ps = puzzles(&ok(&["-n", "5", "--symmetry", symmetry, "--seed", "2", "--no-rating"]));
        assert_eq!(ps.len(), 5);
        for p in ps {
            assert_unique(&p);
            assert!(keeps(&p, symmetry), "{symmetry}");
            // The test's own check can fail: a symmetric puzzle does not keep
            // every other symmetry.
            assert!(symmetry == "full" || !keeps(&p, "full"), "{symmetry} puzzle kept full symmetry");
        }
    }
}

#[test]
fn minimal_puzzles_lose_uniqueness_without_any_given() {
    for args in [
        &["-n", "5", "--minimal", "--seed", "4", "--no-rating"][..],
        &["-n", "3", "--minimal", "--symmetry", "rot180", "--seed", "4", "--no-rating"],
        &["-n", "2", "--minimal", "--symmetry", "mirror", "--seed", "4", "--no-rating"],
        &["-n", "2", "--minimal", "--clues", "25", "--seed", "4", "--no-rating"],
    ] {
        for p in puzzles(&ok(args)) {
            assert_unique(&p);
            assert!(is_minimal(&p), "{args:?}");
        }
    }
    // A clue count above what minimal puzzles have is met, and is not minimal.
    let p = puzzles(&ok(&["--clues", "40", "--seed", "4", "--no-rating"]))[0];
    assert_eq!(clues(&p), 40);
    assert!(!is_minimal(&p));
}

#[test]
fn difficulty_levels_are_met() {
    for level in [Level::Easy, Level::Medium, Level::Hard, Level::Expert, Level::Extreme] {
        let out = ok(&["-n", "2", "--difficulty", level.name(), "--seed", "5"]);
        for line in out.lines() {
            let p = givens(line);
            assert_unique(&p);
            let (rating, _) = rate(&p);
            assert_eq!(rating.level, level, "{line}");
            assert_eq!(line.split(' ').nth(2), Some(level.name()), "the printed level");
        }
    }
}

#[test]
fn rating_ranges_and_techniques_are_met() {
    for line in ok(&["-n", "3", "--rating", "3.0..4.4", "--seed", "6"]).lines() {
        let (rating, _) = rate(&givens(line));
        assert!(
            (sudoku_explained::Tenths(30)..=sudoku_explained::Tenths(44)).contains(&rating.er),
            "{line}: {}",
            rating.er
        );
        assert_eq!(line.split(' ').nth(1), Some(rating.triple().as_str()));
    }
    for technique in ["x-wing", "y-wing", "naked-pair"] {
        for line in ok(&["-n", "2", "--technique", technique, "--seed", "6"]).lines() {
            let (_, path) = rate(&givens(line));
            assert!(path.iter().any(|t| t.id() == technique), "{line} does not use {technique}");
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_output_and_others_differ() {
    let args = |seed: &'static str| ["-n", "6", "--seed", seed, "--with-solution"];
    let a = ok(&args("11"));
    assert_eq!(a, ok(&args("11")));
    assert_ne!(a, ok(&args("12")));
    // Puzzle i of a run is the first of seed + i.
    assert_eq!(a.lines().nth(1), ok(&["--seed", "12", "--with-solution"]).lines().next());
    let json = ok(&["-n", "3", "--seed", "11", "--format", "json", "--symmetry", "rot180"]);
    assert_eq!(json, ok(&["-n", "3", "--seed", "11", "--format", "json", "--symmetry", "rot180"]));
    let puzzles: Vec<&str> = a.lines().map(|l| &l[..81]).collect();
    let mut distinct = puzzles.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), puzzles.len(), "six different puzzles");
}

#[test]
fn without_a_seed_the_clock_seed_is_printed_and_reproduces_the_run() {
    let r = sudoku(&["-n", "2"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let seed = r.stderr.split_whitespace().nth(2).expect("sudoku: seed N ...");
    assert!(r.stderr.starts_with("sudoku: seed "), "{}", r.stderr);
    assert_eq!(r.stdout, ok(&["-n", "2", "--seed", seed]));
}

#[test]
fn json_has_one_object_per_puzzle_with_every_field() {
    let out = ok(&["-n", "3", "--seed", "8", "--format", "json", "--symmetry", "mirror"]);
    let objects: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(objects.len(), 3);
    for (i, v) in objects.iter().enumerate() {
        let p = givens(v["puzzle"].as_str().unwrap());
        let solution = assert_unique(&p);
        assert_eq!(v["solution"].as_str().unwrap().as_bytes(), solution.map(|d| b'0' + d));
        assert_eq!(v["clues"], clues(&p));
        assert_eq!(v["symmetry"], "mirror");
        assert_eq!(v["seed"], 8 + i as u64);
        let (rating, _) = rate(&p);
        assert_eq!(v["rating"]["level"], rating.level.name());
        assert_eq!(v["rating"]["er_technique"], rating.er_technique.unwrap());
        assert_eq!(v["rating"]["score"], rating.score.expect("generate takes the explanation path"));
    }
}

#[test]
fn impossible_requests_are_usage_errors_that_name_the_problem() {
    let r = sudoku(&["--clues", "16", "--seed", "1"]);
    assert_eq!(r.code, 2);
    assert_eq!(r.stdout, "");
    assert_eq!(r.stderr, "sudoku: 16 clues: no sudoku with fewer than 17 clues has a unique solution\n");

    let r = sudoku(&["--clues", "26", "--symmetry", "rot90", "--seed", "1"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("26 clues cannot keep rot90 symmetry"), "{}", r.stderr);
    assert!(r.stderr.contains("25 and 28"), "{}", r.stderr);

    let r = sudoku(&["--clues", "27", "--symmetry", "full", "--seed", "1"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("27 clues cannot keep full symmetry"), "{}", r.stderr);

    let r = sudoku(&["--clues", "82"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("82 clues: a sudoku has 81 cells"), "{}", r.stderr);

    for (flag, value, listed) in
        [("--technique", "x-wings", "x-wing"), ("--difficulty", "insane", "expert"), ("--symmetry", "rot45", "rot180")]
    {
        let r = sudoku(&[flag, value]);
        assert_eq!(r.code, 2, "{flag} {value}");
        assert!(r.stderr.contains(&format!("invalid value '{value}' for '{flag}")), "{}", r.stderr);
        assert!(r.stderr.contains(listed), "the valid values are listed: {}", r.stderr);
    }

    let r = sudoku(&["--rating", "4.4..2.0"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("the minimum 4.4 is above the maximum 2"), "{}", r.stderr);
    let r = sudoku(&["--difficulty", "easy", "--rating", "1..2"]);
    assert_eq!(r.code, 2, "a level and a rating range exclude each other");
}

#[test]
fn targets_not_met_within_the_attempts_end_with_a_message() {
    let r = sudoku(&["--clues", "40", "--minimal", "--attempts", "3", "--seed", "1"]);
    assert_eq!(r.code, 1);
    assert_eq!(r.stdout, "");
    assert!(
        r.stderr.contains("no puzzle with 40 clues, minimal found in 3 attempts"),
        "a 40-clue puzzle is never minimal: {}",
        r.stderr
    );
    let r = sudoku(&["-n", "3", "--clues", "17", "--attempts", "2", "--seed", "1"]);
    assert_eq!(r.code, 1);
    assert!(r.stderr.contains("no puzzle with 17 clues found in 2 attempts"), "{}", r.stderr);
}

fn settings() -> insta::Settings {
    let mut s = insta::Settings::clone_current();
    s.set_snapshot_path("golden");
    s.set_prepend_module_to_snapshot(false);
    s
}

#[test]
fn output_is_as_recorded() {
    settings().bind(|| {
        insta::assert_snapshot!("generate-seed-1.text", ok(&["-n", "5", "--seed", "1"]));
        insta::assert_snapshot!("generate-seed-1.json", ok(&["-n", "5", "--seed", "1", "--format", "json"]));
        insta::assert_snapshot!(
            "generate-seed-1-rot180-solution.text",
            ok(&["-n", "5", "--seed", "1", "--symmetry", "rot180", "--with-solution"])
        );
    });
}

/// Starts `sudoku generate args`, sends it Ctrl-C after a second (time to
/// install its handler; the searches asked for run for minutes), and
/// returns its output and how long it took to stop.
#[cfg(unix)]
fn interrupted(args: &[&str]) -> (std::process::Output, std::time::Duration) {
    let child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .arg("generate")
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    std::thread::sleep(std::time::Duration::from_secs(1));
    let status = Command::new("kill").args(["-INT", &child.id().to_string()]).status().expect("kill runs");
    assert!(status.success());
    let started = std::time::Instant::now();
    let out = child.wait_with_output().unwrap();
    (out, started.elapsed())
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_long_search_with_exit_130() {
    let (out, _) = interrupted(&["--clues", "17", "--attempts", "4000000000", "--seed", "1"]);
    assert_eq!(out.status.code(), Some(130), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.stdout.is_empty());
}

/// `-j` makes puzzles on several threads and changes nothing of what is
/// printed: the same puzzles in the same order, and the same message and
/// exit code when a target runs out of attempts part way.
#[test]
fn jobs_change_the_speed_never_the_puzzles() {
    for args in [
        &["-n", "8", "--seed", "7", "--difficulty", "hard"][..],
        &["-n", "6", "--seed", "11", "--difficulty", "extreme", "--attempts", "4"][..],
    ] {
        let one = sudoku(&[args, &["-j", "1"]].concat());
        for jobs in ["2", "3"] {
            let many = sudoku(&[args, &["-j", jobs]].concat());
            assert_eq!(
                (many.code, &many.stdout, &many.stderr),
                (one.code, &one.stdout, &one.stderr),
                "{args:?} -j {jobs}"
            );
        }
    }
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_parallel_generation_too() {
    let (out, took) = interrupted(&["-n", "4", "--clues", "17", "--attempts", "4000000000", "--seed", "1", "-j", "2"]);
    assert_eq!(out.status.code(), Some(130), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(took < std::time::Duration::from_secs(5), "every worker stops at once");
}
