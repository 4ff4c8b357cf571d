//! Sudoku Explainer's ratings, reproduced: every puzzle of the fixtures
//! under tests/se/ rates exactly as SE 1.2.1 rated it (ER, EP and ED), but
//! for the disagreements listed, with their reasons, in
//! tests/se/known-differences.tsv; every step of SE's path, as the
//! explainer takes it, agrees with the puzzle's solution; and the paths
//! in tests/se/paths.steps are the explainer's, step for step.
//!
//! The fixtures were made with the oracles (gsf's serate 1.2.1.3, and
//! SukakuExplainer 1.18.1 restricted to SE 1.2.1's techniques for the
//! reference puzzles); each file's header names its oracle and its
//! puzzles' source.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, OnceLock};
use sudoku_explained::se_rating::{rate_givens, SeRating};

struct Expected {
    place: String,
    puzzle: String,
    triple: String,
}

fn values(puzzle: &str) -> [u8; 81] {
    let digits: Vec<u8> = puzzle.bytes().map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 }).collect();
    digits.try_into().expect("81 cells")
}

/// The fixtures of `file` under tests/se/: a TSV with columns `puzzle`,
/// `se_er`, `se_ep`, `se_ed`, or lines `PUZZLE ER/EP/ED [SECONDS]` as
/// `se-rate` prints them.
fn fixtures(file: &str) -> Vec<Expected> {
    let mut out = Vec::new();
    let path = format!("{}/tests/se/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let mut columns = None;
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let place = format!("{file}:{}", n + 1);
        let fields: Vec<&str> = line.split('\t').collect();
        if file.ends_with(".tsv") {
            let Some((p, er, ep, ed)) = columns else {
                let at = |c: &str| fields.iter().position(|f| *f == c).expect("a fixture column");
                columns = Some((at("puzzle"), at("se_er"), at("se_ep"), at("se_ed")));
                continue;
            };
            let triple = format!("{}/{}/{}", fields[er], fields[ep], fields[ed]);
            out.push(Expected { place, puzzle: fields[p].to_string(), triple });
        } else {
            let words: Vec<&str> = line.split_whitespace().collect();
            out.push(Expected { place, puzzle: words[0].to_string(), triple: words[1].to_string() });
        }
    }
    out
}

/// The explainer's rating of `puzzle`, with its path. Several tests below
/// need the same puzzles rated (the ratings, the steps' soundness, the
/// paths): each is rated once, and a test that asks for one being rated
/// waits for it.
fn rated(puzzle: &str) -> Arc<SeRating> {
    type Memo = Mutex<HashMap<[u8; 81], Arc<OnceLock<Arc<SeRating>>>>>;
    static MEMO: OnceLock<Memo> = OnceLock::new();
    let givens = values(puzzle);
    let cell = MEMO.get_or_init(Memo::default).lock().unwrap().entry(givens).or_default().clone();
    cell.get_or_init(|| Arc::new(rate_givens(&givens, true))).clone()
}

/// Rates `puzzles` side by side on every core (each once, see [`rated`]):
/// the nested levels' puzzles take a second or more each.
fn rate_side_by_side<'a>(puzzles: impl Iterator<Item = &'a str>) {
    let puzzles: Vec<&str> = puzzles.collect();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                while let Some(puzzle) = puzzles.get(next.fetch_add(1, std::sync::atomic::Ordering::Relaxed)) {
                    rated(puzzle);
                }
            });
        }
    });
}

/// SE's ER of a fixture.
fn er(e: &Expected) -> f64 {
    e.triple.split('/').next().and_then(|er| er.parse().ok()).expect("an ER")
}

/// Puzzle -> (SE's triple, ours, why they differ).
fn known_differences() -> BTreeMap<String, (String, String, String)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/se/known-differences.tsv");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f[0].to_string(), (f[1].to_string(), f[2].to_string(), f.get(3).unwrap_or(&"").to_string()))
        })
        .collect()
}

/// Rates every fixture of `file` whose SE ER lies in `band` and compares.
fn rates_as_se_rated(file: &str, band: std::ops::Range<f64>) {
    let known = known_differences();
    let mut wrong = Vec::new();
    let mut known_seen = 0;
    let all: Vec<Expected> = fixtures(file).into_iter().filter(|e| band.contains(&er(e))).collect();
    assert!(!all.is_empty(), "{file} has fixtures in {band:?}");
    rate_side_by_side(all.iter().map(|e| e.puzzle.as_str()));
    for e in &all {
        let ours = rated(&e.puzzle).triple();
        match known.get(&e.puzzle) {
            Some((se, listed, _)) => {
                assert_eq!(se, &e.triple, "{}: the known difference names SE's rating", e.place);
                assert_eq!(&ours, listed, "{}: a known difference changed (fixed? update the list)", e.place);
                known_seen += 1;
            }
            None if ours != e.triple => wrong.push(format!("{} {}: SE {} ours {}", e.place, e.puzzle, e.triple, ours)),
            None => {}
        }
    }
    assert!(wrong.is_empty(), "{} of {} differ:\n{}", wrong.len(), all.len(), wrong.join("\n"));
    assert!(known_seen * 100 <= all.len(), "at most 1% known differences: {known_seen}");
}

// One test per fixture file (and band), so that they run side by side.

#[test]
fn the_reference_below_10_rates_as_se_rated_it() {
    rates_as_se_rated("reference-se.tsv", 0.0..10.0);
}

#[test]
fn the_reference_from_10_rates_as_se_rated_it() {
    rates_as_se_rated("reference-se.tsv", 10.0..21.0);
}

#[test]
fn the_bundled_puzzles_rate_as_se_rated_them() {
    rates_as_se_rated("bundled.se", 0.0..21.0);
}

#[test]
fn the_17_clue_sample_rates_as_se_rated_it() {
    rates_as_se_rated("17-clue-sample.se", 0.0..21.0);
}

#[test]
fn generated_puzzles_rate_as_se_rated_them() {
    rates_as_se_rated("generated.se", 0.0..21.0);
}

#[test]
fn top1465_rates_as_se_rated_it() {
    rates_as_se_rated("top1465.se", 0.0..21.0);
}

#[test]
fn the_forum_hardest_sample_rates_as_se_rated_it() {
    rates_as_se_rated("forum-hardest-sample.se", 0.0..21.0);
}

#[test]
fn the_forum_hardest_1106_sample_rates_as_se_rated_it() {
    rates_as_se_rated("forum-hardest-1106.se", 0.0..21.0);
}

#[test]
fn equivalent_puzzles_rate_as_se_rated_them() {
    rates_as_se_rated("isomorphs.se", 0.0..21.0);
}

/// SE's rating is not the same for all equivalent puzzles (its searches go
/// in cell order): the isomorph fixture holds cases where it differs from
/// the rating of the puzzle they are equivalent to, so that the test above
/// checks that the explainer differs where SE does.
#[test]
fn the_isomorph_fixture_holds_puzzles_se_rates_unlike_their_original() {
    // SE's triple of each puzzle of the fixtures the originals come from.
    let files = ["reference-se.tsv", "top1465.se", "forum-hardest-1106.se"];
    let se: HashMap<[u8; 81], String> =
        files.iter().flat_map(|f| fixtures(f)).map(|e| (values(&e.puzzle), e.triple)).collect();
    let read = |path: String| std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let reference = read(format!("{}/tests/se/reference-se.tsv", env!("CARGO_MANIFEST_DIR")));
    let rows: Vec<Vec<&str>> =
        reference.lines().filter(|l| !l.starts_with('#')).map(|l| l.split('\t').collect()).collect();
    let at = |c: &str| rows[0].iter().position(|f| *f == c).expect("a reference column");
    let (id, puzzle) = (at("id"), at("puzzle"));
    let by_id: HashMap<&str, [u8; 81]> = rows[1..].iter().map(|f| (f[id], values(f[puzzle]))).collect();
    let mut puzzle_files: HashMap<String, Vec<String>> = HashMap::new();
    let text = read(format!("{}/tests/se/isomorphs.se", env!("CARGO_MANIFEST_DIR")));
    let (mut all, mut unlike) = (0, 0);
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let words: Vec<&str> = line.split_whitespace().collect();
        // The original: a reference id, or FILE:LINE of puzzles/.
        let givens = match words[3].split_once(':') {
            Some((file, number)) => {
                let lines = puzzle_files.entry(file.to_string()).or_insert_with(|| {
                    read(format!("{}/puzzles/{file}", env!("CARGO_MANIFEST_DIR"))).lines().map(String::from).collect()
                });
                let at_line = &lines[number.parse::<usize>().expect("a line number") - 1];
                values(at_line.get(..81).expect("a puzzle on the line"))
            }
            None => *by_id.get(words[3]).unwrap_or_else(|| panic!("{}: no such reference puzzle", words[3])),
        };
        let original = se.get(&givens).unwrap_or_else(|| panic!("{}: no SE rating of the original", words[3]));
        all += 1;
        unlike += usize::from(words[1] != original);
    }
    assert!(all > 1000 && unlike > 10, "{unlike} of {all} isomorphs rated unlike their original");
}

#[test]
fn every_step_of_se_path_agrees_with_the_solution() {
    let files = [
        "reference-se.tsv",
        "bundled.se",
        "17-clue-sample.se",
        "generated.se",
        "top1465.se",
        "forum-hardest-sample.se",
        "forum-hardest-1106.se",
        "isomorphs.se",
    ];
    // Every fifth fixture below ER 10 (each band is there), and every one from 10 up.
    let sample: Vec<Expected> = files
        .iter()
        .flat_map(|f| fixtures(f))
        .enumerate()
        .filter(|(n, e)| n % 5 == 0 || er(e) >= 10.0)
        .map(|(_, e)| e)
        .collect();
    rate_side_by_side(sample.iter().map(|e| e.puzzle.as_str()));
    for e in sample {
        let givens = values(&e.puzzle);
        let solution = sudoku_explained::exact::solution(&givens).expect("a fixture has a solution");
        let rating = rated(&e.puzzle);
        assert_eq!(rating.triple(), e.triple, "{}", e.place);
        for (n, step) in rating.steps.iter().enumerate() {
            if let Some((cell, digit)) = step.placement {
                assert_eq!(solution[cell.index()], digit.get(), "{} step {}: {}", e.place, n + 1, step.text());
            }
            for r in &step.removals {
                assert_ne!(solution[r.cell.index()], r.digit.get(), "{} step {}: {}", e.place, n + 1, step.text());
            }
        }
    }
}

/// Every path of tests/se/paths.steps, as the `se-steps` oracle printed
/// it, is the explainer's, step for step: the same rating and the same
/// text (SE's words for the technique, its cells and what it removes).
#[test]
fn the_paths_se_steps_printed_are_the_explainer_s() {
    let path = format!("{}/tests/se/paths.steps", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    // (line of the `P`, puzzle, SE's steps as `rating<TAB>text`)
    let mut paths: Vec<(usize, String, Vec<String>)> = Vec::new();
    let mut open: Option<(String, Vec<String>)> = None;
    for (n, line) in text.lines().enumerate() {
        let fields: Vec<&str> = line.splitn(3, '\t').collect();
        match fields[..] {
            ["#START", _, puzzle] => open = Some((puzzle.to_string(), Vec::new())),
            ["S", rating, step] => open.as_mut().expect("a step after #START").1.push(format!("{rating}\t{step}")),
            ["P", ..] => {
                let (puzzle, se) = open.take().expect("P closes a #START");
                paths.push((n + 1, puzzle, se));
            }
            _ => {}
        }
    }
    assert!(open.is_none(), "paths.steps ends inside a path");
    rate_side_by_side(paths.iter().map(|(_, puzzle, _)| puzzle.as_str()));
    for (line, puzzle, se) in &paths {
        let ours: Vec<String> = rated(puzzle).steps.iter().map(|s| format!("{}\t{}", s.rating(), s.text())).collect();
        for (i, (theirs, ours)) in se.iter().zip(&ours).enumerate() {
            assert_eq!(ours, theirs, "paths.steps:{line}: {puzzle}, step {}", i + 1);
        }
        assert_eq!(ours.len(), se.len(), "paths.steps:{line}: {puzzle}: steps");
    }
    let steps: usize = paths.iter().map(|(_, _, se)| se.len()).sum();
    assert!(paths.len() >= 156 && steps >= 17585, "{} paths, {steps} steps", paths.len());
}
