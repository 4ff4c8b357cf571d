//! SE's basic techniques (everything rated below 4.5): on every reference
//! puzzle whose SE rating is below 4.5 the explainer gives Sudoku
//! Explainer's ER, EP and ED exactly, and every step of those paths is
//! sound. The fixture `tests/se/reference-se.tsv` says where its ratings
//! come from.

use sudoku_explained::se_rating::rate_givens;

/// A reference puzzle and SE's `ER/EP/ED` for it.
struct Reference {
    id: String,
    values: [u8; 81],
    triple: String,
}

/// The fixture's puzzles with SE ER below 4.5.
fn basic_references() -> Vec<Reference> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/se/reference-se.tsv")).unwrap();
    let mut lines = text.lines().filter(|l| !l.starts_with('#'));
    let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
    let at = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let (id, puzzle, er, ep, ed) = (at("id"), at("puzzle"), at("se_er"), at("se_ep"), at("se_ed"));
    lines
        .map(|l| l.split('\t').collect::<Vec<_>>())
        .filter(|f| f[er].parse::<f64>().unwrap() < 4.5)
        .map(|f| Reference {
            id: f[id].to_string(),
            values: std::array::from_fn(|i| match f[puzzle].as_bytes()[i] {
                b @ b'1'..=b'9' => b - b'0',
                _ => 0,
            }),
            triple: format!("{}/{}/{}", f[er], f[ep], f[ed]),
        })
        .collect()
}

#[test]
fn every_basic_reference_puzzle_rates_as_se_rates_it() {
    let references = basic_references();
    assert_eq!(references.len(), 283, "the fixture's puzzles below 4.5");
    let wrong: Vec<String> = references
        .iter()
        .filter_map(|r| {
            let ours = rate_givens(&r.values, false).triple();
            (ours != r.triple).then(|| format!("{}: ours {ours}, SE {}", r.id, r.triple))
        })
        .collect();
    assert!(wrong.is_empty(), "{} differ:\n{}", wrong.len(), wrong.join("\n"));
}

#[test]
fn every_step_of_the_basic_paths_is_sound() {
    for r in basic_references() {
        let solution = sudoku_explained::exact::solution(&r.values).expect("a reference puzzle has a solution");
        let rating = rate_givens(&r.values, true);
        assert!(rating.solved, "{}: the basic producers solve it", r.id);
        for step in &rating.steps {
            if let Some((cell, digit)) = step.placement {
                assert_eq!(solution[cell.index()], digit.get(), "{}: {} places a wrong digit", r.id, step.text());
            }
            for removal in &step.removals {
                assert_ne!(
                    solution[removal.cell.index()],
                    removal.digit.get(),
                    "{}: {} removes the solution's digit",
                    r.id,
                    step.text()
                );
            }
        }
    }
}
