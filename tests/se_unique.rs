//! SE's uniqueness and aligned-exclusion techniques in whole paths: on
//! puzzles whose Sudoku Explainer path takes a Unique Rectangle / Loop,
//! BUG or Aligned Exclusion step (`tests/se/unique-se.tsv`, which says
//! where they come from), the explainer's path takes the same step, with
//! the same text and rating, and its ER/EP/ED are SE's (those rated 6.5
//! and up through the chaining producers as well).

use sudoku_explained::se_rating::rate_givens;

/// A fixture row: the puzzle, SE's `ER/EP/ED`, and SE's step.
struct Row {
    source: String,
    values: [u8; 81],
    triple: String,
    step_rating: String,
    step: String,
}

fn rows() -> Vec<Row> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/se/unique-se.tsv")).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("puzzle\t"))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            Row {
                source: f[7].to_string(),
                values: std::array::from_fn(|i| match f[0].as_bytes()[i] {
                    b @ b'1'..=b'9' => b - b'0',
                    _ => 0,
                }),
                triple: format!("{}/{}/{}", f[1], f[2], f[3]),
                step_rating: f[4].to_string(),
                step: f[5].to_string(),
            }
        })
        .collect()
}

/// What differs from SE on `row`, if anything: the step missing from our
/// path, or the ratings.
fn disagreement(row: &Row) -> Option<String> {
    let ours = rate_givens(&row.values, true);
    let found = ours.steps.iter().any(|s| s.text() == row.step && s.rating().to_string() == row.step_rating);
    if !found {
        return Some(format!("{}: no step \"{} {}\" in our path", row.source, row.step_rating, row.step));
    }
    (ours.triple() != row.triple).then(|| format!("{}: ours {}, SE {}", row.source, ours.triple(), row.triple))
}

#[test]
fn unique_bug_and_pair_exclusion_steps_and_ratings_are_se_s() {
    let rows = rows();
    assert!(rows.len() >= 40, "the fixture's rows");
    let wrong: Vec<String> = rows.iter().filter_map(disagreement).collect();
    assert!(wrong.is_empty(), "{} differ:\n{}", wrong.len(), wrong.join("\n"));
}
