//! The command-line contract: input forms, batch order, exit codes, and a
//! clear message for every kind of bad input.

use crate::common;

use common::{json_lines, sudoku};
use std::io::Write;
use std::process::{Command, Stdio};

const SEED000: &str = "006002951980500007005039204029160040840203060600078090008050416367901020504020000";
const SEED000_SOLUTION: &str = "436782951982514637175639284729165843841293765653478192298357416367941528514826379";
/// Row 1 needs a 9 in r1c9, which column 9 already has: no solution, no clash.
const NO_SOLUTION: &str = "12345678.........9...............................................................";

#[test]
fn solves_an_argument_and_exits_zero() {
    let r = sudoku(&["solve", SEED000], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains(&format!("Solution: {SEED000_SOLUTION}")));
    assert!(r.stdout.lines().last().unwrap().starts_with("Solved in "));
    assert!(!r.stdout.contains('\x1b'), "no color when piped");
}

#[test]
fn quiet_prints_one_line_per_puzzle_in_input_order() {
    let input = format!("# a comment\n{SEED000} first\n\n{NO_SOLUTION}\n{}\n{SEED000}\n", &SEED000[..80]);
    let r = sudoku(&["solve", "-q"], input.as_bytes());
    let lines: Vec<&str> = r.stdout.lines().collect();
    let first = format!("{SEED000_SOLUTION} # -:2 first");
    let last = format!("{SEED000_SOLUTION} # -:6");
    assert_eq!(lines, [first.as_str(), "no-solution # -:4", "invalid # -:5", last.as_str()]);
    assert_eq!(
        r.stderr.lines().collect::<Vec<_>>(),
        ["line 4: no solution", "line 5: 80 cells, expected 81 (one puzzle per line) or 9 (a row of a 9-line grid)"]
    );
    assert_eq!(r.code, 2, "the worst code met: input that is not a puzzle");
}

#[test]
fn json_lines_one_object_per_record_in_order() {
    let input = format!("{SEED000}\n{}\n{NO_SOLUTION}\n", ".".repeat(81));
    let r = sudoku(&["solve", "--format", "json"], input.as_bytes());
    assert_eq!(r.code, 1);
    let v = json_lines(&r.stdout);
    assert_eq!(v.len(), 3);
    assert_eq!(v[0]["status"], "solved");
    assert_eq!(v[0]["line"], 1);
    assert_eq!(v[0]["solution"], SEED000_SOLUTION);
    assert_eq!(v[0]["puzzle"].as_str().unwrap().len(), 81);
    let step = &v[0]["steps"][0];
    for key in ["technique", "name", "placements", "eliminations", "text"] {
        assert!(!step[key].is_null(), "step has {key}");
    }
    assert_eq!(v[1]["status"], "multiple-solutions");
    assert_eq!(v[1]["solution"], serde_json::Value::Null);
    let two = v[1]["solutions"].as_array().unwrap();
    assert_eq!(two.len(), 2);
    assert_ne!(two[0], two[1]);
    assert_eq!(v[2]["status"], "no-solution");
    assert_eq!(v[2]["line"], 3);
}

#[test]
fn a_dash_and_no_argument_both_read_stdin() {
    for args in [vec!["solve", "-q"], vec!["solve", "-q", "-"]] {
        let r = sudoku(&args, SEED000.as_bytes());
        assert_eq!(r.stdout.trim(), format!("{SEED000_SOLUTION} # -:1"));
        assert_eq!(r.code, 0);
    }
}

#[test]
fn nine_line_grid_on_stdin_as_seed_002_writes_it() {
    let grid = "8 . . . . . . . .\n. . 3 6 . . . . .\n. 7 . . 9 . 2 . .\n. 5 . . . 7 . . .\n. . . . 4 5 7 . .\n. . . 1 . . . 3 .\n. . 1 . . . . 6 8\n. . 8 5 . . . 1 .\n. 9 . . . . 4 . .\n";
    let r = sudoku(&["solve", "-q"], grid.as_bytes());
    assert_eq!(
        r.stdout.trim(),
        "812753649943682175675491283154237896369845721287169534521974368438526917796318452 # -:1"
    );
    assert_eq!(r.code, 0);
}

fn assert_rejected(args: &[&str], stdin: &[u8], message: &str) {
    let r = sudoku(args, stdin);
    assert_eq!(r.code, 2, "exit 2 for input that is not a puzzle: {}", r.stdout);
    assert!(r.stderr.contains(message), "expected {message:?} in {:?}", r.stderr);
    assert!(!r.stdout.contains(message), "messages stay off stdout: {:?}", r.stdout);
    let json_args: Vec<&str> = args.iter().copied().chain(["--format", "json"]).collect();
    let j = sudoku(&json_args, stdin);
    let v = json_lines(&j.stdout);
    assert!(
        v.iter().any(|r| r["status"] == "invalid" && r["error"].as_str().unwrap().contains(message)),
        "{:?}",
        j.stdout
    );
}

#[test]
fn wrong_cell_counts_are_named() {
    assert_rejected(&["solve", &SEED000[..80]], b"", "line 1: 80 cells, expected 81");
    assert_rejected(&["solve", &format!("{SEED000}5")], b"", "line 1: 82 cells, expected 81");
}

#[test]
fn a_letter_is_named_with_its_column() {
    let bad = format!("{}a{}", &SEED000[..4], &SEED000[5..]);
    assert_rejected(&["solve", &bad], b"", "line 1, column 5: unexpected character 'a'");
}

#[test]
fn a_digit_twice_names_the_house_and_both_cells() {
    let mut row = SEED000.as_bytes().to_vec();
    row[9] = b'5'; // r2c1 = 5 beside r2c4 = 5
    assert_rejected(
        &["solve", std::str::from_utf8(&row).unwrap()],
        b"",
        "line 1, r2: digit 5 appears twice (r2c1, r2c4)",
    );
    let mut col = ".".repeat(81).into_bytes();
    col[2] = b'7';
    col[74] = b'7';
    assert_rejected(&["solve", std::str::from_utf8(&col).unwrap()], b"", "c3: digit 7 appears twice (r1c3, r9c3)");
    let mut block = ".".repeat(81).into_bytes();
    block[30] = b'4';
    block[50] = b'4';
    assert_rejected(&["solve", std::str::from_utf8(&block).unwrap()], b"", "b5: digit 4 appears twice (r4c4, r6c6)");
}

#[test]
fn empty_line_blank_file_and_empty_argument() {
    assert_rejected(&["solve"], b"\n", "no puzzle found in the input");
    assert_rejected(&["solve"], b"", "no puzzle found in the input");
    assert_rejected(&["solve", ""], b"", "line 1: empty puzzle");
    // Comments only: one invalid record, as for an empty file.
    assert_rejected(&["rate"], b"# only a comment\n", "no puzzle found in the input");
    assert_eq!(sudoku(&["rate"], b"# only a comment\n").stdout, "- invalid # -:1\n");
}

#[test]
fn a_binary_file_is_not_text() {
    let bytes: Vec<u8> = (0..=255u8).cycle().take(4096).collect();
    let r = sudoku(&["solve", "-q"], &bytes);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("not text: invalid UTF-8"), "{}", r.stderr);
}

#[test]
fn nul_bytes_are_named() {
    let mut line = SEED000.as_bytes().to_vec();
    line[3] = 0;
    assert_rejected(&["solve"], &line, "line 1, column 4: unexpected character '\\0'");
}

#[test]
fn a_ten_megabyte_line_is_rejected_and_the_next_puzzle_solved() {
    let mut input = vec![b'1'; 10 * 1024 * 1024];
    input.push(b'\n');
    input.extend_from_slice(SEED000.as_bytes());
    let r = sudoku(&["solve", "-q"], &input);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines, ["invalid # -:1", &format!("{SEED000_SOLUTION} # -:2")]);
    assert!(r.stderr.starts_with("line 1: line longer than 65536 bytes"), "{}", r.stderr);
    assert_eq!(r.code, 2);
}

#[test]
fn a_ten_megabyte_line_without_newline() {
    let r = sudoku(&["solve", "-q"], &vec![b'.'; 10 * 1024 * 1024]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.starts_with("line 1: line longer than"));
}

#[test]
fn no_solution_exits_one() {
    let r = sudoku(&["solve", NO_SOLUTION], b"");
    assert_eq!(r.code, 1);
    assert!(r.stdout.contains("No solution"));
}

#[test]
fn several_solutions_show_two_and_exit_one() {
    let r = sudoku(&["solve", &".".repeat(81)], b"");
    assert_eq!(r.code, 1);
    assert!(r.stdout.contains("Several solutions"));
    assert!(r.stdout.contains("Solution 1: ") && r.stdout.contains("Solution 2: "));
    assert!(r.stdout.contains("They differ in "));
}

#[test]
fn a_puzzle_with_several_solutions_from_the_collection() {
    // The first puzzle of serg-multi-solution.txt.
    let line = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/serg-multi-solution-sample.txt"))
        .unwrap();
    let first = line.lines().find(|l| !l.starts_with('#')).unwrap();
    let r = sudoku(&["solve", "--format", "json", first], b"");
    assert_eq!(json_lines(&r.stdout)[0]["status"], "multiple-solutions");
    assert_eq!(r.code, 1);
}

#[test]
fn no_guess_solves_a_forum_hardest_puzzle_by_logic_alone() {
    // Puzzle 40 of forum-hardest-1106.txt needs a nested forcing net. (No
    // bundled puzzle is left stuck: every one is solved by logic, so the
    // stuck status is no longer reachable from them.)
    let hard = "........3..1..56...9..4..7......9.5.7.......8.5.4.2....8..2..9...35..1..6........";
    let j = sudoku(&["solve", "--no-guess", "--format", "json", hard], b"");
    assert_eq!(j.code, 0);
    let v = &json_lines(&j.stdout)[0];
    assert_eq!(v["status"], "solved");
    assert_eq!(v["path"]["brute_force"], false);
    let steps = v["steps"].as_array().unwrap();
    assert!(steps.iter().any(|s| s["technique"] == "nested-forcing-net"));
    assert!(steps.iter().all(|s| s["technique"] != "brute-force"));
}

#[test]
fn techniques_limits_the_solve_and_no_guess_then_stops_stuck() {
    // The same forum-hardest puzzle: the card's nine techniques alone place
    // one cell, then nothing applies.
    let hard = "........3..1..56...9..4..7......9.5.7.......8.5.4.2....8..2..9...35..1..6........";
    let t = sudoku(&["solve", "--no-guess", "--techniques", "card", hard], b"");
    assert_eq!(t.code, 1, "stuck exits 1");
    assert!(t.stdout.contains("Stuck after 1 step: no technique applies"), "{}", t.stdout);
    assert!(t.stdout.contains("59 cells are still empty"), "{}", t.stdout);
    assert!(t.stdout.contains("2458   2467   245678"), "the candidate grid where it stopped:\n{}", t.stdout);

    let j = sudoku(&["solve", "--no-guess", "--techniques", "card", "--format", "json", hard], b"");
    let v = &json_lines(&j.stdout)[0];
    assert_eq!(v["status"], "stuck");
    assert_eq!(v["solution"], serde_json::Value::Null);
    // Where it stopped, as a pencil-mark line: the one digit placed is marked
    // `+`, and the line is the position the text's grid draws.
    let position = v["position"].as_str().unwrap();
    assert_eq!(position.split(' ').count(), 81, "{position}");
    assert_eq!(position.matches('+').count(), 1, "{position}");
    let drawn: Vec<&str> = t.stdout.lines().skip_while(|l| !l.contains("cells are still empty")).skip(1).collect();
    let read = |text: &str| text.parse::<sudoku_explained::Grid>().unwrap();
    assert_eq!(read(&drawn.join("\n")), read(position));
    assert!(drawn.concat().contains('+'), "{}", t.stdout);
    let next = sudoku(&["hint", "--apply", "-q", "--techniques", "card", position], b"");
    assert_eq!(next.code, 0, "{}", next.stderr);

    // With guessing, only the named techniques and brute force appear.
    let g = sudoku(&["solve", "--techniques", "naked-single,hidden-single", "--format", "json", hard], b"");
    assert_eq!(g.code, 0);
    let used: Vec<String> = json_lines(&g.stdout)[0]["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["technique"].as_str().unwrap().to_string())
        .collect();
    assert!(used.iter().any(|t| t == "brute-force"));
    assert!(used.iter().all(|t| ["naked-single", "hidden-single", "brute-force"].contains(&t.as_str())), "{used:?}");
}

#[test]
fn hints_keep_to_the_techniques_asked_for() {
    let hard = "........3..1..56...9..4..7......9.5.7.......8.5.4.2....8..2..9...35..1..6........";
    let all = sudoku(&["hint", "--level", "full", hard], b"");
    assert!(all.stdout.starts_with("Hidden Single: 5 in b5 (r5c5) => r5c5=5."), "{}", all.stdout);
    let few = sudoku(&["hint", "--level", "full", "--techniques", "naked-single,pointing", hard], b"");
    assert_eq!(few.code, 0);
    assert!(few.stdout.starts_with("Brute Force: "), "{}", few.stdout);
    let vague = sudoku(&["hint", "--techniques", "card", hard], b"");
    assert!(vague.stdout.contains("Hidden Single"), "{}", vague.stdout);
}

#[test]
fn an_unknown_technique_is_named() {
    let r = sudoku(&["solve", "--techniques", "x-wing,xwing", SEED000], b"");
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("unknown technique `xwing`"), "{}", r.stderr);
}

#[test]
fn grid_flag_prints_marked_candidate_grids() {
    let r = sudoku(&["solve", "--grid", SEED000], b"");
    assert_eq!(r.code, 0);
    // The grid before each step: its placement marked `+`, its givens `[5]`, rows labelled.
    let placed = r.stdout.lines().filter(|l| l.contains('+') && !l.contains("-+-")).count();
    assert!(placed > 0, "placements are marked");
    assert!(r.stdout.contains("\nr5 |") && r.stdout.contains(" c9\n"), "rows and columns are labelled");
    assert!(r.stdout.contains("-+-"), "box borders are drawn");
}

#[test]
fn color_only_when_asked_or_on_a_terminal() {
    let always = sudoku(&["--color", "always", "solve", SEED000], b"");
    assert!(always.stdout.contains('\x1b'));
    let never = sudoku(&["solve", "--color", "never", SEED000], b"");
    assert!(!never.stdout.contains('\x1b'));
    let strip = |s: &str| {
        let mut out = String::new();
        let mut in_escape = false;
        for ch in s.chars() {
            match (in_escape, ch) {
                (false, '\x1b') => in_escape = true,
                (true, 'm') => in_escape = false,
                (true, _) => {}
                (false, c) => out.push(c),
            }
        }
        out
    };
    assert_eq!(strip(&always.stdout), never.stdout, "layout never depends on color");
}

#[test]
fn usage_errors_exit_two() {
    let r = sudoku(&["solve", "--format", "xml", SEED000], b"");
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("xml"));
    assert_eq!(sudoku(&["frobnicate"], b"").code, 2);
}

#[test]
fn techniques_lists_the_registry_in_order() {
    let r = sudoku(&["techniques"], b"");
    assert_eq!(r.code, 0);
    let table: Vec<&str> = r.stdout.lines().take_while(|l| !l.is_empty()).collect();
    let ids: Vec<&str> = table.iter().skip(1).filter_map(|l| l.split_whitespace().nth(1)).collect();
    let mut expected: Vec<&str> = sudoku_explained::registry().iter().map(|t| t.id().id()).collect();
    expected.push("brute-force");
    assert_eq!(ids, expected);
    // That the registry keeps the card's order is the unit test
    // `registry_keeps_the_cards_order`; here the listing follows the registry.
    // Columns line up: every rating starts where the header's does.
    let rating_at = r.stdout.lines().next().unwrap().find("rating").unwrap();
    for line in table.iter().skip(1) {
        assert_eq!(&line[rating_at - 2..rating_at], "  ", "{line}");
        assert_ne!(line.as_bytes()[rating_at], b' ', "{line}");
    }
}

#[test]
fn a_closed_stdout_ends_quietly() {
    let input = format!("{SEED000}\n").repeat(2000);
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(["solve", "-q"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 81];
    std::io::Read::read_exact(&mut stdout, &mut first).unwrap();
    drop(stdout);
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert_eq!(&first[..], SEED000_SOLUTION.as_bytes());
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
}

/// A full disk is not a reader saying it has enough: the run stops at the
/// failed write and says why, with exit code 2.
#[test]
fn a_failing_stdout_stops_the_run_with_an_error() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return; // no /dev/full on this system
    };
    let input = format!("{SEED000}\n").repeat(5000);
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(["solve", "-q", "--stats", "-j", "1"])
        .stdin(Stdio::piped())
        .stdout(full)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("sudoku: writing the output: No space left on device"), "{stderr}");
    // The statistics count the puzzles solved before the run stopped.
    let solved: usize = stderr
        .lines()
        .find_map(|l| l.strip_prefix("puzzles: "))
        .and_then(|l| l.split(':').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("a statistics line: {stderr}"));
    assert!((1..5000).contains(&solved), "stopped after {solved} of 5000 puzzles");
}

#[test]
fn stats_go_to_stderr_and_leave_stdout_alone() {
    let input = format!("{SEED000}\n{NO_SOLUTION}\nnot a puzzle\n{SEED000}\n");
    let plain = sudoku(&["solve", "-q"], input.as_bytes());
    let r = sudoku(&["solve", "-q", "--stats"], input.as_bytes());
    assert_eq!(r.stdout, plain.stdout);
    assert_eq!(r.code, plain.code);
    assert!(
        r.stderr.contains("puzzles: 4: 2 solved, 0 stuck, 1 no-solution, 0 multiple-solutions, 1 invalid"),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("solved without brute force: 2 of 2 (100.0%)"), "{}", r.stderr);
    assert!(r.stderr.contains("time per puzzle: median "), "{}", r.stderr);
    assert!(r.stderr.contains("steps per technique"), "{}", r.stderr);
    let rated = sudoku(&["rate", "--stats"], input.as_bytes());
    assert!(rated.stderr.contains("puzzles: 4: 2 solved"), "{}", rated.stderr);
    assert!(sudoku(&["solve", SEED000], b"").stderr.is_empty(), "no stats unless asked");
    // The slowest puzzle is named by file and line, like every message.
    let dir = Scratch::new("stats-worst");
    let file = dir.0.join("one.txt");
    std::fs::write(&file, format!("# a comment\n{SEED000}\n")).unwrap();
    let named = sudoku(&["solve", "-q", "--stats", file.to_str().unwrap()], b"");
    assert!(named.stderr.contains(&format!("({}:2), total", file.display())), "{}", named.stderr);
}

/// A mixed batch: puzzles solved by logic, one needing a guess, errors of
/// every kind, a 9-line grid.
fn mixed_batch() -> String {
    let hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let grid: String = SEED000.as_bytes().chunks(9).map(|row| format!("{}\n", String::from_utf8_lossy(row))).collect();
    let mut input = String::new();
    for i in 0..150 {
        match i % 6 {
            0 => input.push_str(&format!("{SEED000} label {i}\n")),
            1 => input.push_str(&format!("{hard}\n")),
            2 => input.push_str(&format!("{NO_SOLUTION}\n")),
            3 => input.push_str("12345\n"),
            4 => input.push_str(&grid),
            _ => input.push_str(&format!("{}\n", ".".repeat(81))),
        }
    }
    input
}

#[test]
fn jobs_never_change_the_output() {
    let input = mixed_batch();
    for args in [&["solve", "--format", "json"][..], &["solve", "--color", "never", "--grid"], &["rate"], &["count"]] {
        let one = sudoku(&[args, &["-j", "1"]].concat(), input.as_bytes());
        assert!(one.stdout.lines().count() >= 150, "{args:?}");
        for jobs in ["2", "5"] {
            let many = sudoku(&[args, &["--jobs", jobs]].concat(), input.as_bytes());
            assert_eq!(many.stdout, one.stdout, "{args:?} with {jobs} jobs");
            assert_eq!(many.code, one.code);
        }
    }
    let exact_one = sudoku(&["solve", "--exact", "-j", "1"], input.as_bytes());
    assert_eq!(sudoku(&["solve", "--exact", "-j", "2"], input.as_bytes()).stdout, exact_one.stdout);
    assert_eq!(sudoku(&["solve", "-j", "0", SEED000], b"").code, 2, "zero jobs is a usage error");
}

#[test]
fn ctrl_c_leaves_no_half_written_line() {
    let hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let input = format!("{hard}\n").repeat(20_000);
    for jobs in ["1", "2"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
            .args(["solve", "-q", "-j", jobs])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let text = input.clone();
        let writer = std::thread::spawn(move || {
            let _ = stdin.write_all(text.as_bytes());
        });
        let mut stdout = child.stdout.take().unwrap();
        // The first output proves the handler is in place and work is under way.
        let mut first = [0u8; 88];
        std::io::Read::read_exact(&mut stdout, &mut first).unwrap();
        let killed = Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
        assert!(killed.success());
        let mut rest = Vec::new();
        std::io::Read::read_to_end(&mut stdout, &mut rest).unwrap();
        let out = child.wait_with_output().unwrap();
        writer.join().unwrap();
        assert_eq!(out.status.code(), Some(130), "{jobs} jobs: the shell's code for Ctrl-C");
        let all = [&first[..], &rest].concat();
        let text = String::from_utf8(all).unwrap();
        assert!(text.ends_with('\n'), "{jobs} jobs: the last line is whole");
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines.len() < 20_000, "{jobs} jobs: stopped early ({} lines)", lines.len());
        assert!(lines.iter().all(|l| l[..81].bytes().all(|b| b.is_ascii_digit()) && l[81..].starts_with(" # -:")));
    }
}

#[test]
fn completions_and_man_page_come_from_the_definitions() {
    let bash = sudoku(&["completions", "bash"], b"");
    assert_eq!(bash.code, 0);
    assert!(bash.stdout.contains("sudoku") && bash.stdout.contains("solve") && bash.stdout.contains("--jobs"));
    for shell in ["zsh", "fish", "elvish", "powershell"] {
        let r = sudoku(&["completions", shell], b"");
        assert_eq!(r.code, 0, "{shell}");
        assert!(r.stdout.contains("solve"), "{shell}");
    }
    assert_eq!(sudoku(&["completions", "tcsh"], b"").code, 2);
    let man = sudoku(&["man"], b"");
    assert_eq!(man.code, 0);
    assert!(
        man.stdout.starts_with(".ie") || man.stdout.contains(".TH"),
        "{}",
        &man.stdout[..200.min(man.stdout.len())]
    );
    assert!(man.stdout.contains("solve"));
}

/// A directory of a test's own under the system's temporary one, removed
/// when the test is done with it.
struct Scratch(std::path::PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("sudoku-cli-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A file of puzzles in a fresh directory of its own (removed with the
/// returned `Scratch`): a labelled puzzle on line 2, a short line on line
/// 3, an empty grid on line 4.
fn puzzle_file(name: &str) -> (Scratch, std::path::PathBuf, String) {
    let dir = Scratch::new(name);
    let path = dir.0.join("puzzles.txt");
    std::fs::write(&path, format!("# three records\n{SEED000} first\n{}\n{}\n", &SEED000[..80], ".".repeat(81)))
        .unwrap();
    let shown = path.to_str().unwrap().to_string();
    (dir, path, shown)
}

#[test]
fn files_puzzles_and_stdin_as_operands_in_order() {
    let (_dir, _, file) = puzzle_file("operands");
    let r = sudoku(&["solve", "-q", &file, SEED000, "-"], SEED000.as_bytes());
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(
        lines,
        [
            format!("{SEED000_SOLUTION} # {file}:2 first"),
            format!("invalid # {file}:3"),
            format!("multiple-solutions # {file}:4"),
            format!("{SEED000_SOLUTION} # -:1"),
            format!("{SEED000_SOLUTION} # -:1"),
        ]
    );
    assert!(r.stderr.contains(&format!("{file}:3: 80 cells, expected 81")), "{}", r.stderr);
    assert!(r.stderr.contains(&format!("{file}:4: several solutions")), "{}", r.stderr);
    assert_eq!(r.code, 2);
    for command in ["rate", "count", "hint"] {
        let r = sudoku(&[command, &file], b"");
        assert_eq!(r.stdout.lines().count(), 3, "{command}: {}", r.stdout);
        assert!(r.stderr.contains(&format!("{file}:3: 80 cells")), "{command}: {}", r.stderr);
    }
}

#[test]
fn an_operand_that_is_neither_a_file_nor_a_puzzle_exits_two() {
    let r = sudoku(&["solve", "no-such-puzzles.txt", SEED000], b"");
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("no such file, and not a puzzle: \"no-such-puzzles.txt\""), "{}", r.stderr);
    assert!(r.stdout.contains(&format!("Solution: {SEED000_SOLUTION}")), "the rest goes on");
    // A name that starts with a colon might have been a library line: both are said.
    let r = sudoku(&["solve", ":no-such-file"], b"");
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "no such file, and not a puzzle: \":no-such-file\" (line 1: read as HoDoKu's library format: 1 colon, expected 6 or 7 (:type:digits:cells:deleted:eliminations:placements:))\n"
    );
    // A library line that has its fields is told as what is wrong with it.
    let r = sudoku(&["solve", &format!(":0000:x:{}:::", &SEED000[1..])], b"");
    assert_eq!(r.stderr, "line 1: read as HoDoKu's library format: 80 cells in its cells field, expected 81\n");
}

#[test]
fn a_directory_is_an_error_as_operand_and_as_stdin() {
    let (_dir, path, _) = puzzle_file("directory");
    let dir = path.parent().unwrap().to_str().unwrap().to_string();
    let r = sudoku(&["solve", &dir], b"");
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains(&format!("{dir}: cannot read: is a directory")), "{}", r.stderr);
    let out = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(["solve"])
        .stdin(std::fs::File::open(&dir).unwrap())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "never a silent exit 0");
    assert!(String::from_utf8_lossy(&out.stderr).contains("stdin: cannot read"));
}

#[test]
fn messages_go_to_stderr_in_every_command_and_json_keeps_stderr_empty() {
    let bad = &SEED000[..80];
    for args in [
        vec!["solve"],
        vec!["solve", "-q"],
        vec!["solve", "--exact"],
        vec!["rate"],
        vec!["count"],
        vec!["hint"],
        vec!["solve", NO_SOLUTION],
        vec!["solve", "-q", NO_SOLUTION],
        vec!["rate", NO_SOLUTION],
        vec!["hint", NO_SOLUTION],
    ] {
        let mut all = args.clone();
        if all.len() == 1 || all == ["solve", "-q"] || all == ["solve", "--exact"] {
            all.push(bad);
        }
        let r = sudoku(&all, b"");
        assert!(r.code >= 1, "{all:?}");
        assert!(!r.stdout.contains("line 1:"), "{all:?}: no message on stdout: {:?}", r.stdout);
        assert!(!r.stdout.contains("Error"), "{all:?}: {:?}", r.stdout);
        assert!(r.stderr.starts_with("line 1"), "{all:?}: the message on stderr: {:?}", r.stderr);
        if all[0] != "solve" || all.contains(&"--exact") || !all.contains(&"-q") {
            let json: Vec<&str> = all.iter().copied().chain(["--format", "json"]).collect();
            let j = sudoku(&json, b"");
            assert_eq!(j.stderr, "", "{json:?}: the record carries the message");
            let v = json_lines(&j.stdout);
            assert_eq!(v.len(), 1, "{json:?}");
            assert_eq!(v[0]["line"], 1, "{json:?}");
        }
    }
}

#[test]
fn every_output_names_file_line_and_label() {
    let (_dir, _, file) = puzzle_file("identity");
    for args in
        [vec!["solve", "-q"], vec!["solve", "--exact"], vec!["rate"], vec!["count"], vec!["hint"], vec!["solve"]]
    {
        let r = sudoku(&[args.clone(), vec![file.as_str()]].concat(), b"");
        let wanted = if args == ["solve"] { format!("({file}:2) [first]") } else { format!("# {file}:2 first") };
        assert!(r.stdout.contains(&wanted), "{args:?}: {wanted:?} in {:?}", r.stdout);
        let args: Vec<&str> = args.into_iter().filter(|&a| a != "-q").collect(); // -q is text only
        let json = sudoku(&[args.clone(), vec![file.as_str(), "--format", "json"]].concat(), b"");
        let v = json_lines(&json.stdout);
        assert_eq!(v.len(), 3, "{args:?}");
        assert_eq!(
            (v[0]["file"].as_str(), v[0]["line"].as_u64(), v[0]["label"].as_str()),
            (Some(file.as_str()), Some(2), Some("first")),
            "{args:?}"
        );
        assert_eq!(v[1]["line"], 3, "{args:?}");
    }
}

#[test]
fn one_format_flag_everywhere_and_conflicts_are_named() {
    for args in [
        vec!["solve", "--format", "json", SEED000],
        vec!["solve", "--exact", "--format", "json", SEED000],
        vec!["rate", "--format", "json", SEED000],
        vec!["count", "--format", "json", SEED000],
        vec!["hint", "--format", "json", SEED000],
        vec!["generate", "--seed", "1", "--no-rating", "--format", "json", "-j", "2"],
    ] {
        let r = sudoku(&args, b"");
        assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
        assert_eq!(json_lines(&r.stdout).len(), 1, "{args:?}");
    }
    for (args, named) in [
        (vec!["solve", "-q", "--format", "json", SEED000], "--quiet"),
        (vec!["solve", "--grid", "--format", "json", SEED000], "--grid"),
        (vec!["hint", "--grid", "--format", "json", SEED000], "--grid"),
        (vec!["solve", "--grid", "-q", SEED000], "--grid"),
    ] {
        let r = sudoku(&args, b"");
        assert_eq!(r.code, 2, "{args:?}");
        assert!(r.stderr.contains(named), "{args:?}: {}", r.stderr);
        assert_eq!(r.stdout, "", "{args:?}");
    }
}

#[test]
fn a_capped_count_says_so() {
    let empty = ".".repeat(81);
    let r = sudoku(&["count", "--limit", "100", &empty], b"");
    assert_eq!(r.stdout, "100+ # -:1\n");
    assert_eq!(r.code, 1);
    let j = sudoku(&["count", "--limit", "100", "--format", "json", &empty], b"");
    let v = &json_lines(&j.stdout)[0];
    assert_eq!((v["solutions"].as_u64(), v["capped"].as_bool()), (Some(100), Some(true)));
    let one = sudoku(&["count", "--limit", "1", &empty], b"");
    assert_eq!((one.stdout.as_str(), one.code), ("1+ # -:1\n", 1), "many solutions, not one");
    let unique = sudoku(&["count", "--limit", "1", SEED000], b"");
    assert_eq!((unique.stdout.as_str(), unique.code), ("1 # -:1\n", 0));
}

/// Puzzles given one at a time through a pipe, with two jobs: each answer
/// comes before the next puzzle is given, and the batch ends with the input.
#[test]
fn each_answer_comes_as_its_puzzle_is_given() {
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(["solve", "--exact", "-j", "2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let (lines_tx, lines_rx) = std::sync::mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if lines_tx.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    for round in 0..3 {
        writeln!(stdin, "{SEED000}").unwrap();
        stdin.flush().unwrap();
        let line = lines_rx.recv_timeout(std::time::Duration::from_secs(10)).unwrap_or_else(|_| {
            let _ = child.kill();
            panic!("no answer to puzzle {} while the input stays open", round + 1)
        });
        assert!(line.starts_with(SEED000_SOLUTION), "{line}");
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

#[test]
fn a_terminal_on_stdin_is_told_how_to_give_puzzles_and_ctrl_c_ends_the_wait() {
    // A real terminal through `script`, where there is one.
    let Ok(mut child) = Command::new("script")
        .args(["-qec", &format!("{} solve", env!("CARGO_BIN_EXE_sudoku")), "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
    else {
        eprintln!("no `script`: skipped");
        return;
    };
    let mut stdin = child.stdin.take().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(700));
    stdin.write_all(b"\x03").unwrap();
    stdin.flush().unwrap();
    let started = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > std::time::Duration::from_secs(5) {
            let _ = child.kill();
            panic!("Ctrl-C did not end the wait");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let out = child.wait_with_output().unwrap();
    drop(stdin);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("reading puzzles from the terminal"), "{text}");
    assert_eq!(out.status.code(), Some(130), "{text}");
}

/// The layout flags of the text output: forcing steps short by default and
/// in words with `--verbose`, singles folded, lines wrapped only when asked
/// (or on a terminal); flags that do not apply say so.
#[test]
fn text_layout_flags() {
    // puzzles/techniques.txt line 57: cell and house forcing chains and a forcing net.
    let forcing = "7.....4...2..7..8...3..8..9...5..3...6..2..9...1..7..6...3..9...3..4..6...9..1..5";
    let short = sudoku(&["solve", "--color", "never", forcing], b"");
    let long = sudoku(&["solve", "--color", "never", "--verbose", forcing], b"");
    assert_eq!((short.code, long.code), (0, 0));
    let net =
        |text: &str| text.lines().skip_while(|l| !l.contains(". Forcing Net: ")).take(2).collect::<Vec<_>>().join("\n");
    let (short_net, long_net) = (net(&short.stdout), net(&long.stdout));
    assert!(short_net.lines().nth(1).is_some_and(|l| l.starts_with("     ") && l.contains(" -> ")), "{short_net}");
    assert!(long_net.contains(". If ") && long_net.contains("the assumption fails"), "{long_net}");
    assert!(short_net.split_whitespace().count() * 2 < long_net.lines().next().unwrap().split_whitespace().count());

    // Not on a terminal: never wrapped, unless asked.
    assert!(short.stdout.lines().any(|l| l.len() > 100));
    let narrow = sudoku(&["solve", "--color", "never", "--width", "50", forcing], b"");
    // A line longer than the width is one word that cannot be cut (a Eureka
    // chain, the solution's digits).
    let too_long = |l: &&str| l.len() > 50 && l.trim_start().trim_start_matches("Solution: ").contains(' ');
    assert_eq!(narrow.stdout.lines().find(too_long), None);
    assert!(narrow.stdout.lines().count() > short.stdout.lines().count());
    let unwrapped = sudoku(&["solve", "--color", "never", "--width", "0", forcing], b"");
    assert_eq!(unwrapped.stdout, short.stdout);

    // Singles folded: one line per run, the same placements in the same order.
    let seed = "000005200060100090850000000400003000071209403000050060200300907003090020000000341";
    let plain = sudoku(&["solve", "--color", "never", seed], b"");
    let folded = sudoku(&["solve", "--color", "never", "--fold", "singles", seed], b"");
    let singles = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| l.contains(" Single: ") || l.contains(" House: "))
            .map(|l| l.split(" => ").nth(1).unwrap().split('.').next().unwrap().to_string())
            .collect()
    };
    let run = folded.stdout.lines().find(|l| l.starts_with(" 11-64. Singles: ")).expect("the run of singles");
    assert_eq!(run.trim_start_matches(" 11-64. Singles: ").split(' ').collect::<Vec<_>>(), singles(&plain.stdout));
    assert_eq!(folded.stdout.lines().count() + 53, plain.stdout.lines().count());

    for flag in [&["--verbose"][..], &["--fold", "singles"], &["--width", "80"]] {
        let json = sudoku(&[&["solve", "--format", "json"], flag, &[seed]].concat(), b"");
        assert_eq!(json.code, 2, "{flag:?} with json");
        assert!(json.stderr.contains(flag[0]), "{}", json.stderr);
        let quiet = sudoku(&[&["solve", "-q"], flag, &[seed]].concat(), b"");
        assert_eq!(quiet.code, 2, "{flag:?} with -q");
    }
}

// Hints that teach (issue 21): `hint --apply` and `check`.

/// A position read back from one pencil-mark line: per cell its digit (0
/// when empty) and its candidates (its digit alone when it has one): `5` a
/// given, `+5` a digit placed since, `{5}` one candidate not yet placed.
fn read_position(line: &str) -> Vec<(u8, Vec<u8>)> {
    let groups: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(groups.len(), 81, "one pencil-mark line: {line}");
    groups
        .iter()
        .map(|g| {
            let digits: Vec<u8> = g.bytes().filter(u8::is_ascii_digit).map(|b| b - b'0').collect();
            let placed = digits.len() == 1 && !g.starts_with('{');
            (if placed { digits[0] } else { 0 }, digits)
        })
        .collect()
}

#[test]
fn hint_apply_walks_a_puzzle_to_its_solution_one_step_at_a_time() {
    // techniques.txt: this puzzle's path takes a pointing step.
    let pointing = ".................1.....2.3...2...4....3.5......46....7.5.1......8.....2..9.76....";
    let solve = sudoku(&["solve", "--format", "json", pointing], b"");
    let solved = &json_lines(&solve.stdout)[0];
    let solution: Vec<u8> = solved["solution"].as_str().unwrap().bytes().map(|b| b - b'0').collect();
    let path: Vec<&str> =
        solved["steps"].as_array().unwrap().iter().map(|s| s["technique"].as_str().unwrap()).collect();
    // A cell left with one candidate stays so until a step places it: the
    // walk takes the solve's steps, one at a time, naked singles included.
    let mut position = pointing.to_string();
    let mut walked = Vec::new();
    for step in 1.. {
        assert!(step < 200, "the walk ends");
        let r = sudoku(&["hint", "--apply", "--level", "full", "--format", "json"], position.as_bytes());
        assert_eq!(r.code, 0, "{}", r.stderr);
        let v = &json_lines(&r.stdout)[0];
        let next = v["position"].as_str().unwrap().to_string();
        let cells = read_position(&next);
        for (i, (value, candidates)) in cells.iter().enumerate() {
            let answer = solution[i];
            assert!(*value == 0 || *value == answer, "step {step}: cell {i} holds {value}, not {answer}");
            assert!(candidates.contains(&answer), "step {step}: cell {i} lost {answer}");
        }
        if v["status"] == "solved" {
            assert_eq!(next, position, "a solved position stays as it is");
            break;
        }
        walked.push(v["technique"].as_str().unwrap().to_string());
        if step > 1 {
            let before = read_position(&position);
            let placed = |p: &[(u8, Vec<u8>)]| p.iter().filter(|(v, _)| *v != 0).count();
            let placements = v["step"]["placements"].as_array().unwrap().len();
            assert_eq!(placed(&cells), placed(&before) + placements, "step {step} places what it says, no more");
            assert_ne!(before, cells, "every step changes the position");
        }
        position = next;
    }
    assert_eq!(walked, path);
    assert!(path.contains(&"naked-single") && path.contains(&"pointing"), "{path:?}");
    // Text: the position alone on stdout, the step on stderr with the record's origin.
    let r = sudoku(&["hint", "--apply", pointing], b"");
    assert_eq!(r.stdout.lines().count(), 1, "stdout is the position alone");
    assert!(r.stderr.contains(" => ") && r.stderr.trim_end().ends_with("# -:1"), "{}", r.stderr);
    // Solved: the position stays as it is; stderr says so.
    let r = sudoku(&["hint", "--apply"], position.as_bytes());
    assert_eq!((r.code, r.stdout.trim_end()), (0, position.as_str()));
    assert!(r.stderr.contains("already solved"), "{}", r.stderr);
    // Placed digits are written `+5`, the givens as they were.
    assert_eq!(position.matches('+').count(), pointing.matches('.').count(), "{position}");
}

/// A cell down to one candidate (`{5}`) is a naked single to be found, not
/// a digit already placed; applying it writes the digit as placed (`+5`).
#[test]
fn a_single_not_yet_placed_is_the_next_step() {
    // SEED000 with every candidate its givens allow, and r1c1 (4 in the solution) down to {4}.
    let mut groups: Vec<String> =
        SEED000.bytes().map(|b| if b == b'0' { "123456789".to_string() } else { (b as char).to_string() }).collect();
    groups[0] = "{4}".into();
    let position = groups.join(" ");
    let r = sudoku(&["hint", "--level", "full", &position], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.starts_with("Naked Single: 4 (r1c1) => r1c1=4."), "{}", r.stdout);
    let after = sudoku(&["hint", "--apply", "-q", &position], b"").stdout;
    assert!(after.starts_with("+4 "), "{after}");
    // Written `4`, the same cell is a given: the hint is another step.
    groups[0] = "4".into();
    let given = sudoku(&["hint", "--level", "full", &groups.join(" ")], b"");
    assert!(!given.stdout.contains("r1c1=4"), "{}", given.stdout);
    // solve starts with that single, and the candidate grid draws a placed digit as solved.
    let s = sudoku(&["solve", "--format", "json", &position], b"");
    let first = json_lines(&s.stdout)[0]["steps"][0]["text"].as_str().unwrap().to_string();
    assert!(first.starts_with("Naked Single: 4 (r1c1) => r1c1=4."), "{first}");
    let g = sudoku(&["hint", "--grid", "--color", "never", after.trim_end()], b"");
    assert!(g.stdout.contains("(4)") && g.stdout.contains("(5) solved earlier"), "{}", g.stdout);
}

/// Every new form's errors say what is wrong and where: the file and line,
/// the column, and the cell when the line tells it.
#[test]
fn positions_that_do_not_read_say_where() {
    let dir = Scratch::new("positions");
    let path = dir.0.join("positions.txt");
    let shown = path.to_str().unwrap().to_string();
    let mut groups: Vec<String> =
        SEED000.bytes().map(|b| if b == b'0' { "123456789".to_string() } else { (b as char).to_string() }).collect();
    groups[0] = "{4}".into();
    groups[4] = "+12".into();
    let bad_group = groups.join(" ");
    let group_column = bad_group.find("+12").unwrap() + 1;
    let library = |cells: &str, deleted: &str| format!(":0000:x:{cells}:{deleted}::");
    let bad_char = format!("{}a{}", &SEED000[..4], &SEED000[5..]);
    let lines = [
        "# positions, each wrong in one way".to_string(),
        bad_group,
        format!(":0000:x:{SEED000}::"),
        library(&SEED000[1..], ""),
        library(&bad_char, ""),
        library(SEED000, "112 13"),
        library(SEED000, "112 213"),
        library(&format!("+4{}", &SEED000[1..]), "112"),
        "1 2 3 | 4 5 6 | 7 8 9".to_string(),
        "4 5 6 | 7 +8 {9} | 1 2 3x".to_string(),
    ];
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    let r = sudoku(&["solve", "-q", &shown], b"");
    assert_eq!(r.code, 2, "{}", r.stderr);
    let statuses: Vec<&str> = r.stdout.lines().map(|l| l.split(" # ").next().unwrap()).collect();
    assert_eq!(
        statuses,
        ["invalid", "invalid", "invalid", "invalid", "invalid", "invalid", SEED000_SOLUTION, "invalid", "invalid"]
    );
    let expected = [
        format!("{shown}:2, column {group_column}: read as pencil marks: \"+12\" is not a cell (group 5, r1c5); a cell is a given 5, a digit placed since +5, candidates 137, one candidate not yet placed {{5}}, or - for none"),
        format!("{shown}:3: read as HoDoKu's library format: 5 colons, expected 6 or 7 (:type:digits:cells:deleted:eliminations:placements:)"),
        format!("{shown}:4: read as HoDoKu's library format: 80 cells in its cells field, expected 81"),
        format!("{shown}:5, column 13: read as HoDoKu's library format: unexpected character 'a' among the cells; a cell is a given 1-9, +1 to +9 for a digit placed since, or . 0 for an empty cell"),
        format!("{shown}:6, column 95: read as HoDoKu's library format: deleted candidate \"13\" is not a digit, a row and a column (512 deletes 5 from r1c2)"),
        format!("{shown}:7, column 95: read as HoDoKu's library format: deleted candidate 213 is in r1c3, which holds 6"),
        format!("{shown}:10: read as row 2 of the 9-line grid from line 9: column 24: read as pencil marks: \"3x\" is not a cell (group 9); a cell is a given 5, a digit placed since +5, candidates 137, one candidate not yet placed {{5}}, or - for none"),
        format!("{shown}:9: 9-line grid has only 1 of its 9 rows"),
    ];
    let stderr: Vec<&str> = r.stderr.lines().collect();
    assert_eq!(stderr.len(), expected.len(), "{}", r.stderr);
    for line in &expected {
        assert!(stderr.contains(&line.as_str()), "missing {line:?} in\n{}", r.stderr);
    }
    // Every command reads positions through the same reader, and says the same.
    for command in ["hint", "rate", "count"] {
        let other = sudoku(&[command, &shown], b"");
        assert_eq!(other.code, 2, "{command}");
        for line in &expected[..6] {
            assert!(other.stderr.contains(line.as_str()), "{command}: missing {line:?} in\n{}", other.stderr);
        }
    }
    let check = sudoku(&["check", SEED000, &library(SEED000, "112 213")], b"");
    assert_eq!((check.code, check.stdout.as_str()), (2, "invalid # -:1\n"));
    assert!(check.stderr.starts_with("position: line 1, column 95: "), "{}", check.stderr);
    let json = sudoku(&["solve", "--format", "json", &shown], b"");
    let errors: Vec<String> =
        json_lines(&json.stdout).iter().filter_map(|v| v["error"].as_str().map(str::to_string)).collect();
    assert!(errors.iter().any(|e| e.ends_with("deleted candidate 213 is in r1c3, which holds 6")), "{errors:?}");
}

#[test]
fn hint_apply_contract_quiet_json_and_conflicts() {
    let r = sudoku(&["hint", "--apply", "-q", SEED000], b"");
    assert_eq!((r.code, r.stderr.as_str()), (0, ""));
    assert_eq!(read_position(r.stdout.trim_end()).len(), 81);
    let told = sudoku(&["hint", "--apply", "--level", "vague", SEED000], b"");
    assert_eq!(told.stdout, r.stdout);
    assert!(told.stderr.starts_with("Look for ") && !told.stderr.contains("=>"), "{}", told.stderr);
    let j = sudoku(&["hint", "--apply", "--format", "json", SEED000, NO_SOLUTION], b"");
    assert_eq!((j.code, j.stderr.as_str()), (1, ""));
    let v = json_lines(&j.stdout);
    assert_eq!(v[0]["position"].as_str().unwrap(), r.stdout.trim_end());
    assert!(v[0]["step"]["placements"].is_array() && v[0]["hint"].as_str().unwrap().contains(" => "));
    assert_eq!((v[1]["status"].as_str(), v[1]["position"].as_str()), (Some("no-solution"), None));
    // A record with no step keeps its status word on stdout and its reason on stderr.
    let r = sudoku(&["hint", "--apply", NO_SOLUTION], b"");
    assert_eq!((r.code, r.stdout.as_str(), r.stderr.as_str()), (1, "no-solution # -:1\n", "line 1: no solution\n"));
    for (args, named) in
        [(vec!["hint", "--apply", "--grid", SEED000], "--grid"), (vec!["hint", "-q", SEED000], "--apply")]
    {
        let r = sudoku(&args, b"");
        assert_eq!((r.code, r.stdout.as_str()), (2, ""), "{args:?}");
        assert!(r.stderr.contains(named), "{args:?}: {}", r.stderr);
    }
}

#[test]
fn hint_levels_hold_back_in_the_grid() {
    let seed001 = "000005200060100090850000000400003000071209403000050060200300907003090020000000341";
    // A result is drawn as `-1` (removed) or `+1` (placed) in the grid before the step.
    let marked = |grid: &str| {
        let bytes = grid.as_bytes();
        bytes.windows(2).any(|w| (w[0] == b'-' || w[0] == b'+') && w[1].is_ascii_digit())
    };
    for level in ["vague", "concrete"] {
        let r = sudoku(&["hint", "--grid", "--color", "always", "--level", level, seed001], b"");
        assert_eq!(r.code, 0);
        // Pointing removes 1 from r1c7 and r1c9: no candidate of the grid is marked as removed.
        assert!(!marked(&r.stdout), "{level}: {}", r.stdout);
        // Vague shows no cell of the pattern; concrete shows the pattern's candidates.
        assert_eq!(r.stdout.contains("*1"), level == "concrete", "{level}: {}", r.stdout);
    }
    let full = sudoku(&["hint", "--grid", "--color", "never", "--level", "full", seed001], b"");
    assert!(full.stdout.contains("-1"), "full marks the step: {}", full.stdout);
}

#[test]
fn check_names_each_mistake_by_cell_and_exits_one() {
    // r1c1 is 4 in the solution, r1c2 is 3: a wrong digit and a removed candidate.
    let mut groups: Vec<String> =
        SEED000.bytes().map(|b| if b == b'0' { "123456789".to_string() } else { (b as char).to_string() }).collect();
    groups[0] = "5".into();
    groups[1] = "1256789".into();
    let position = groups.join(" ");
    let r = sudoku(&["check", SEED000, &position], b"");
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "2 mistakes, 38 cells left # -:1\n  r1c1=5 is wrong: the solution has 4\n  r1c2: 3 was removed but is the solution's digit\n"
    );
    assert_eq!(r.stderr, "");
    let j = sudoku(&["check", "--format", "json", SEED000, &position], b"");
    let v = &json_lines(&j.stdout)[0];
    assert_eq!((v["status"].as_str(), v["left"].as_u64()), (Some("mistakes"), Some(38)));
    assert_eq!(v["mistakes"][0]["kind"], "wrong-digit");
    assert_eq!((v["mistakes"][0]["cell"].as_str(), v["mistakes"][0]["digit"].as_u64()), (Some("r1c1"), Some(5)));
    assert_eq!(v["mistakes"][1]["kind"], "removed-solution");
    // The position can come on stdin.
    let piped = sudoku(&["check", SEED000], position.as_bytes());
    assert_eq!(piped.stdout, r.stdout);
}

#[test]
fn check_of_an_incomplete_correct_position_is_no_mistake() {
    let r = sudoku(&["check", SEED000, SEED000], b"");
    assert_eq!((r.code, r.stdout.as_str(), r.stderr.as_str()), (0, "no mistakes, 39 cells left # -:1\n", ""));
    let r = sudoku(&["check", SEED000, SEED000_SOLUTION], b"");
    assert_eq!((r.code, r.stdout.as_str()), (0, "no mistakes, solved # -:1\n"));
    // A position from `hint --apply` is checked as it is written.
    let after = sudoku(&["hint", "--apply", "-q", SEED000], b"").stdout;
    let r = sudoku(&["check", SEED000, after.trim_end()], b"");
    assert_eq!(r.code, 0, "{}", r.stdout);
}

#[test]
fn check_reports_changed_givens_bad_givens_and_bad_input() {
    let mut changed = SEED000.as_bytes().to_vec();
    changed[2] = b'7'; // r1c3 is the given 6
    let r = sudoku(&["check", SEED000, std::str::from_utf8(&changed).unwrap()], b"");
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (1, "givens changed, 1 mistake, 39 cells left # -:1\n  r1c3=7 changes the given 6\n")
    );
    // Givens that are not a puzzle with one solution: as `solve` says, on stderr.
    let r = sudoku(&["check", NO_SOLUTION, SEED000], b"");
    assert_eq!(
        (r.code, r.stdout.as_str(), r.stderr.as_str()),
        (1, "no-solution # -:1\n", "givens: line 1: no solution\n")
    );
    let r = sudoku(&["check", &".".repeat(81), SEED000], b"");
    assert_eq!((r.code, r.stdout.as_str()), (1, "multiple-solutions # -:1\n"));
    // Input that is not a puzzle: where, with the column.
    let bad = format!("{}a{}", &SEED000[..4], &SEED000[5..]);
    let r = sudoku(&["check", SEED000, &bad], b"");
    assert_eq!((r.code, r.stdout.as_str()), (2, "invalid # -:1\n"));
    assert!(
        r.stderr.starts_with("position: ") && r.stderr.contains("line 1, column 5: unexpected character 'a'"),
        "{}",
        r.stderr
    );
    let j = sudoku(&["check", "--format", "json", SEED000, &bad], b"");
    assert_eq!((j.code, j.stderr.as_str()), (2, ""));
    assert!(json_lines(&j.stdout)[0]["error"].as_str().unwrap().contains("column 5"));
    let r = sudoku(&["check", "-", "-"], b"");
    assert_eq!((r.code, r.stdout.as_str()), (2, ""));
    assert!(r.stderr.contains("both be stdin"), "{}", r.stderr);
}

#[test]
fn check_pairs_the_records_of_two_files_in_order() {
    let dir = std::env::temp_dir().join(format!("sudoku-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let givens = dir.join("givens.txt");
    let positions = dir.join("positions.txt");
    std::fs::write(&givens, format!("{SEED000}\n{SEED000}\n")).unwrap();
    std::fs::write(&positions, format!("{SEED000}\n{}\n{SEED000}\n", &SEED000[..80])).unwrap();
    let r = sudoku(&["check", givens.to_str().unwrap(), positions.to_str().unwrap()], b"");
    let p = positions.to_str().unwrap();
    assert_eq!(r.stdout, format!("no mistakes, 39 cells left # {p}:1\ninvalid # {p}:2\ninvalid # {p}:3\n"));
    assert!(r.stderr.contains(&format!("position: {p}:2: 80 cells")), "{}", r.stderr);
    assert!(r.stderr.contains(&format!("{p}:3: no givens")), "{}", r.stderr);
    assert_eq!(r.code, 2);
    // One puzzle is the puzzle of every position.
    let r = sudoku(&["check", SEED000, p], b"");
    assert_eq!(
        r.stdout,
        format!("no mistakes, 39 cells left # {p}:1\ninvalid # {p}:2\nno mistakes, 39 cells left # {p}:3\n")
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

// Pictures of steps: `solve --format svg|png --step N`, `solve --format
// html`, `hint --format svg|png`, `-o FILE`, and what they refuse.

/// The first puzzle of puzzles/seed-001.txt.
const SEED001: &str = "000005200060100090850000000400003000071209403000050060200300907003090020000000341";

#[test]
fn picture_formats_refuse_what_means_nothing() {
    for (args, says) in [
        (vec!["solve", "--format", "svg", SEED001], "give --step N"),
        (vec!["solve", "--format", "png", "-o", "x.png", SEED001], "give --step N"),
        (vec!["solve", "--step", "3", SEED001], "--step picks the step to draw"),
        (vec!["solve", "--format", "json", "--step", "3", SEED001], "--step picks the step to draw"),
        (vec!["solve", "--format", "html", "--step", "3", SEED001], "--format html draws them all"),
        (vec!["solve", "--format", "html", "--grid", SEED001], "--grid is for text output"),
        (vec!["solve", "--format", "svg", "--step", "1", "--fold", "singles", SEED001], "--fold is for text output"),
        (vec!["solve", "--format", "html", "-q", SEED001], "--quiet is for text output"),
        (vec!["hint", "--format", "svg", "--grid", SEED001], "--grid draws text"),
    ] {
        let r = sudoku(&args, b"");
        assert_eq!(r.code, 2, "{args:?}");
        assert!(r.stderr.contains(says), "{args:?}: {}", r.stderr);
        assert!(r.stdout.is_empty(), "{args:?}");
    }
    let r = sudoku(&["solve", "--step", "0", "--format", "svg", SEED001], b"");
    assert_eq!(r.code, 2, "steps count from 1");
}

#[test]
fn a_picture_is_of_one_step_of_one_puzzle() {
    let one = sudoku(&["solve", "--format", "svg", "--step", "10", SEED001], b"");
    assert_eq!(one.code, 0, "{}", one.stderr);
    assert!(one.stdout.starts_with("<?xml") && one.stdout.trim_end().ends_with("</svg>"));
    assert!(one.stdout.contains("Step 10. Trapezoid Chain"), "the step's line heads the picture");
    assert!(one.stderr.is_empty(), "{}", one.stderr);

    let past = sudoku(&["solve", "--format", "svg", "--step", "65", SEED001], b"");
    assert_eq!(past.code, 2);
    assert!(past.stderr.contains("the solve has 64 steps, there is no step 65"), "{}", past.stderr);

    // Refused, a picture asked into a file leaves no file behind; drawn, it is there.
    let dir = Scratch::new("refused-picture");
    let file = dir.0.join("step.svg");
    let path = file.to_str().unwrap();
    let past = sudoku(&["solve", "--format", "svg", "--step", "65", "-o", path, SEED001], b"");
    assert_eq!(past.code, 2);
    assert!(!file.exists(), "a refused picture left {path}");
    assert_eq!(sudoku(&["solve", "--format", "svg", "--step", "10", "-o", path, SEED001], b"").code, 0);
    assert!(std::fs::read_to_string(&file).unwrap().contains("Step 10. Trapezoid Chain"));

    let two = format!("{SEED001}\n{SEED001}\n");
    let batch = sudoku(&["solve", "--format", "svg", "--step", "1"], two.as_bytes());
    assert_eq!(batch.code, 2);
    assert!(batch.stderr.contains("more than one puzzle"), "{}", batch.stderr);
    let batch = sudoku(&["solve", "--format", "svg", "--step", "1", "-o", path], two.as_bytes());
    assert_eq!(batch.code, 2);
    assert!(!file.exists(), "a refused picture left {path}");
    let hints = sudoku(&["hint", "--format", "svg"], two.as_bytes());
    assert_eq!(hints.code, 2);
    assert!(hints.stderr.contains("more than one puzzle"), "{}", hints.stderr);

    // The hint's picture is the next step, whole: the pointing pair and its elimination.
    let hint = sudoku(&["hint", "--format", "svg", SEED001], b"");
    assert_eq!(hint.code, 0, "{}", hint.stderr);
    assert!(hint.stdout.contains("Next step. Pointing: 1 in b1,r1"), "{}", &hint.stdout[..400]);
    assert_eq!(hint.stdout.matches("class=\"strike\"").count(), 1);
    // At a level, the picture shows what that level reveals, as the text does.
    let vague = sudoku(&["hint", "--format", "svg", "--level", "vague", SEED001], b"");
    assert_eq!(vague.code, 0, "{}", vague.stderr);
    assert!(vague.stdout.contains("Hint. Look for Pointing"), "{}", &vague.stdout[..600]);
    assert_eq!(vague.stdout.matches("class=\"strike\"").count(), 0, "no answer in a vague picture");
    let apply = sudoku(&["hint", "--format", "svg", "--apply", SEED001], b"");
    assert_eq!(apply.code, 2);
    assert!(apply.stderr.contains("--apply prints the position"), "{}", apply.stderr);

    // A position with no solution draws nothing and says why.
    let broken = SEED001.replacen('0', "3", 1);
    let none = sudoku(&["hint", "--format", "svg", &broken], b"");
    assert_eq!(none.code, 1, "{}", none.stderr);
    assert!(none.stdout.is_empty() && !none.stderr.is_empty());
}

#[test]
fn png_goes_to_a_file_and_never_to_a_terminal() {
    let dir = std::env::temp_dir().join(format!("sudoku-png-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("step.png");
    let path = file.to_str().unwrap();
    let r = sudoku(&["solve", "--format", "png", "--step", "10", "-o", path, SEED001], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.is_empty());
    let bytes = std::fs::read(&file).unwrap();
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n") && bytes.len() > 10_000, "{} bytes", bytes.len());
    let hint = dir.join("hint.png");
    let r = sudoku(&["hint", "--format", "png", "--output", hint.to_str().unwrap(), SEED001], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(std::fs::read(&hint).unwrap().starts_with(b"\x89PNG"));
    let nowhere = sudoku(&["solve", "--format", "html", "-o", "/nonexistent-dir/x.html", SEED001], b"");
    assert_eq!(nowhere.code, 2);
    assert!(nowhere.stderr.contains("/nonexistent-dir/x.html"), "{}", nowhere.stderr);
    std::fs::remove_dir_all(&dir).unwrap();

    // On a terminal (through `script`, where there is one) PNG is refused.
    let Ok(out) = Command::new("script")
        .args(["-qec", &format!("{} solve --format png --step 1 {SEED001}", env!("CARGO_BIN_EXE_sudoku")), "/dev/null"])
        .stdin(Stdio::null())
        .output()
    else {
        eprintln!("no `script`: skipped");
        return;
    };
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("not to a terminal: give -o FILE"), "{text}");
    assert!(!text.contains("PNG"), "no binary on the terminal");
    assert_eq!(out.status.code(), Some(2), "{text}");
}

#[test]
fn the_html_page_has_every_step_and_its_summary() {
    let r = sudoku(&["solve", "--format", "html", SEED001], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let page = &r.stdout;
    assert!(page.starts_with("<!DOCTYPE html>") && page.trim_end().ends_with("</html>"));
    assert!(
        !page.contains("http://")
            || page.matches("http://").count() == page.matches("xmlns=\"http://www.w3.org/2000/svg\"").count(),
        "nothing fetched: the only URLs are SVG's namespace"
    );
    // Every step has its line and its anchor; a run of singles shares a section.
    assert_eq!(page.matches("<p class=\"line\"").count(), 64);
    assert!((1..=65).all(|k| page.contains(&format!("id=\"p1-s{k}\""))), "an anchor per step and the solution");
    let (sections, runs) =
        (page.matches("<section class=\"step").count(), page.matches("<section class=\"step run\"").count());
    assert!(runs > 0 && sections < 64, "{sections} sections, {runs} runs");
    assert!(page.contains("Solved in 64 steps"));
    // A batch is one page, a section per puzzle.
    let two = format!("{SEED001}\n{SEED001}\n");
    let batch = sudoku(&["solve", "--format", "html"], two.as_bytes());
    assert_eq!(batch.code, 0);
    assert_eq!(batch.stdout.matches("<!DOCTYPE html>").count(), 1);
    assert!(batch.stdout.contains("id=\"p2-s64\""));
    // A record that is not a puzzle gets its section and its message.
    let bad = sudoku(&["solve", "--format", "html", "12345"], b"");
    assert_eq!(bad.code, 2);
    assert!(bad.stdout.contains("<section class=\"puzzle\" id=\"p1\">") && !bad.stderr.is_empty());
}
