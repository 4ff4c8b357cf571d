//! Issue 18, items 4 and 9: ratings are exact tenths in every output, and
//! techniques answer to the names people use for them.

use crate::common;

use common::{json_lines, sudoku};
use std::time::{Duration, Instant};

/// forum-hardest-1106.txt, line 362: a nested forcing net, once printed `10.900001`.
const NESTED_NET: &str = "..3..2...4...8..36..8...1...4..6..73...9..........4.....4.7..686........7.....59.";
/// forum-hardest-1106.txt: ER 11.2, once printed `11.200001`.
const ER_11_2: &str = "12....7....7....366...7...........9..4.9.5.....6.2.3..5....4..8...8.......2.6.1..";
/// tests/se/reference-se.tsv: Sudoku Explainer rates it 8.3/1.2/1.2.
const SE_8_3: &str = ".57.........7.4...29.853.........1.........52..39..4...2...7.3..1...9...3..5.18.7";
/// 17-clue-sample.txt: a step once printed `6.7999997`.
const CHAIN_6_8: &str = ".................1..2..3.4........2..5..6.3..16..7.........8.....4..2....7..1...6";

/// Every number written after one of the rating keys, as the JSON text has it.
fn rating_numbers(json: &str) -> Vec<String> {
    let mut found = Vec::new();
    for key in ["\"rating\":", "\"hardest_rating\":", "\"er\":", "\"ep\":", "\"ed\":"] {
        for (at, _) in json.match_indices(key) {
            let rest = &json[at + key.len()..];
            let number: String = rest.chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
            if !number.is_empty() {
                found.push(number);
            }
        }
    }
    found
}

/// A rating is written with exactly one decimal, and reads back as that decimal.
fn assert_tenths(json: &str) {
    let numbers = rating_numbers(json);
    assert!(!numbers.is_empty(), "no rating in {json}");
    for n in numbers {
        let (whole, decimals) = n.split_once('.').unwrap_or_else(|| panic!("`{n}` has no decimal point"));
        assert!(!whole.is_empty() && decimals.len() == 1, "`{n}` is not a number of tenths");
        let value: f64 = n.parse().unwrap();
        let tenths = (value * 10.0).round();
        assert_eq!(value, tenths / 10.0, "`{n}` reads back as {value}");
    }
}

#[test]
fn solve_json_writes_every_rating_as_tenths() {
    for puzzle in [NESTED_NET, ER_11_2, CHAIN_6_8] {
        let r = sudoku(&["solve", "--format", "json", puzzle], b"");
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert_tenths(&r.stdout);
    }
    let r = sudoku(&["solve", "--format", "json", ER_11_2], b"");
    let record = &json_lines(&r.stdout)[0];
    // The explained path's hardest step, as its steps rate it: the same
    // tenths read back as the same number (11.0 at the time of writing).
    let hardest = record["steps"].as_array().unwrap().iter().filter_map(|s| s["rating"].as_f64()).fold(0.0, f64::max);
    assert!(hardest >= 10.0, "{hardest}");
    assert_eq!(record["path"]["hardest_rating"].as_f64(), Some(hardest));
    assert_eq!(format!("{hardest:.1}").parse::<f64>().unwrap(), hardest);
    let r = sudoku(&["solve", "--format", "json", CHAIN_6_8], b"");
    assert!(json_lines(&r.stdout)[0]["steps"].as_array().unwrap().iter().any(|s| s["rating"].as_f64() == Some(6.8)));
    // SE's numbers, from `--rate`: what a script compares, `er == 8.3`, holds
    // (tests/se/reference-se.tsv, R0141: SE rates it 8.3/1.2/1.2).
    let r = sudoku(&["solve", "--rate", "--format", "json", SE_8_3], b"");
    assert_tenths(&r.stdout);
    assert!(r.stdout.contains("\"er\":8.3,\"ep\":1.2,\"ed\":1.2,"), "{}", &r.stdout[r.stdout.len() - 400..]);
    assert_eq!(json_lines(&r.stdout)[0]["rating"]["er"].as_f64(), Some(8.3));
}

#[test]
fn rate_json_and_text_write_tenths() {
    let r = sudoku(&["rate", "--format", "json", NESTED_NET], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_tenths(&r.stdout);
    assert!(r.stdout.contains("\"er\":10.9,\"ep\":10.9,\"ed\":2.6"), "{}", r.stdout);
    let text = sudoku(&["rate", NESTED_NET], b"");
    assert!(text.stdout.contains("10.9/10.9/2.6"), "{}", text.stdout);
}

#[test]
fn generate_json_writes_tenths() {
    let r = sudoku(&["generate", "--seed", "3", "-n", "3", "--format", "json"], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_tenths(&r.stdout);
}

#[test]
fn techniques_answer_to_the_names_people_use() {
    // `--techniques` lists, `up-to:`, in any case.
    let with = |list: &str| sudoku(&["solve", "--format", "json", "--no-guess", "--techniques", list, CHAIN_6_8], b"");
    for list in [
        "skyscraper",
        "xy-wing,2-string-kite",
        "locked-candidates-1,Locked-Candidates-2",
        "x-cycle",
        "X-Wing,Hidden Pair,naked-triple,bug+1,sue-de-coq,xyz-wing,als-xz",
        "up-to:Skyscraper",
    ] {
        let r = with(list);
        assert!(r.code == 0 || r.code == 1, "{list}: {}", r.stderr);
        assert!(r.stderr.is_empty(), "{list}: {}", r.stderr);
    }
    let r = with("xwing");
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("unknown technique `xwing`"), "{}", r.stderr);

    // `generate --technique`.
    let r = sudoku(&["generate", "--seed", "2", "--technique", "Skyscraper", "--format", "json"], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let puzzle = json_lines(&r.stdout)[0]["puzzle"].as_str().unwrap().to_string();
    let solved = sudoku(&["solve", "--format", "json", &puzzle], b"");
    let steps = json_lines(&solved.stdout)[0]["steps"].as_array().unwrap().clone();
    assert!(steps.iter().any(|s| s["technique"] == "trapezoid-chain"));

    // `sudoku techniques` shows the aliases.
    let listing = sudoku(&["techniques"], b"").stdout;
    for (id, alias) in [
        ("trapezoid-chain", "skyscraper"),
        ("y-wing", "xy-wing"),
        ("two-string-kite", "2-string-kite"),
        ("pointing", "locked-candidates-1"),
        ("claiming", "locked-candidates-2"),
        ("x-chain", "x-cycle"),
        ("bug-plus-one", "bug+1"),
    ] {
        let line = listing.lines().find(|l| l.split_whitespace().nth(1) == Some(id)).unwrap();
        assert!(line.contains(alias), "{line}");
    }
}

/// Runs `generate` with `args` and expects a refusal within a second.
fn refused(args: &[&str]) -> String {
    let started = Instant::now();
    let mut all = vec!["generate", "--seed", "1"];
    all.extend_from_slice(args);
    let r = sudoku(&all, b"");
    assert!(started.elapsed() < Duration::from_secs(1), "{args:?} took {:?}", started.elapsed());
    assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
    assert!(r.stdout.is_empty());
    r.stderr
}

#[test]
fn targets_that_can_never_be_met_fail_at_once_with_a_reason() {
    assert!(refused(&["--difficulty", "easy", "--technique", "x-wing"])
        .contains("x-wing rates 3.2 or more, above level easy"));
    assert!(refused(&["--technique", "brute-force"]).contains("brute-force is the fallback"));
    // Ratings are Sudoku Explainer's: no SE step rates below 1.0, between 2.0 and 2.3, or above 20.0.
    assert!(refused(&["--rating", "0.0..0.9"]).contains("none of its steps rates 0.0..0.9"));
    let between = refused(&["--rating", "2.1..2.2"]);
    assert!(between.contains("the nearest are 2.0 (Direct Hidden Pair) and 2.3 (Naked Single)"), "{between}");
    assert!(refused(&["--rating", "1.0..3.0", "--technique", "xy-wing"]).contains("y-wing rates 4.2 or more"));
    let above = refused(&["--rating", "20.1..30.0"]);
    assert!(above.contains("none of its steps rates 20.1..30.0: the nearest are 20.0"), "{above}");
}

#[test]
fn running_out_of_attempts_says_how_rare_the_target_was() {
    // Seed 4: two puzzles of level hard within 8 attempts each, then a third that is not.
    let r = sudoku(&["generate", "--seed", "4", "-n", "6", "--difficulty", "hard", "--attempts", "8"], b"");
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(r.stderr.contains("so far 2 of 22 attempts met it (about 1 in 11)"), "{}", r.stderr);
    assert!(r.stderr.contains("--attempts 33"), "{}", r.stderr);
}
