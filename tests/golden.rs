//! Golden outputs over the bundled puzzles. The worked examples are kept as
//! the CLI prints them (text without color, and JSON); the collections as
//! one summary line per puzzle, so a change to any solve path shows up as a
//! reviewable diff. Update with `cargo insta review` after reading the diff.

use crate::common;

use sudoku_explained::explain::Silent;
use sudoku_explained::io::Records;
use sudoku_explained::{batch::solve_record, SolveOptions, TechniqueId};

fn puzzles(file: &str) -> Vec<u8> {
    common::bundled(file)
}

fn cli(args: &[&str], stdin: &[u8]) -> String {
    common::sudoku(args, stdin).stdout
}

fn settings() -> insta::Settings {
    let mut s = insta::Settings::clone_current();
    s.set_snapshot_path("golden");
    s.set_prepend_module_to_snapshot(false);
    s
}

/// The worked examples: every step as the user sees it.
#[test]
fn worked_examples_print_as_recorded() {
    for file in ["seed-000.txt", "seed-001.txt", "techniques.txt"] {
        let input = puzzles(file);
        let name = file.trim_end_matches(".txt");
        settings().bind(|| {
            insta::assert_snapshot!(format!("{name}.text"), cli(&["solve", "--color", "never"], &input));
            insta::assert_snapshot!(format!("{name}.json"), cli(&["solve", "--format", "json"], &input));
        });
    }
}

/// The layouts of the text output: forcing steps in the long form
/// (`--verbose`) for the forcing puzzles of techniques.txt; singles folded
/// and lines wrapped at 60 columns (`--fold singles --width 60`).
#[test]
fn layouts_print_as_recorded() {
    let forcing: String = String::from_utf8(puzzles("techniques.txt"))
        .expect("utf-8")
        .lines()
        .filter(|l| l.contains("forcing"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(forcing.lines().count(), 3, "the three forcing puzzles of techniques.txt");
    settings().bind(|| {
        insta::assert_snapshot!(
            "forcing.verbose",
            cli(&["solve", "--verbose", "--color", "never"], forcing.as_bytes())
        );
        insta::assert_snapshot!(
            "seed-001.fold-width",
            cli(&["solve", "--fold", "singles", "--width", "60", "--color", "never"], &puzzles("seed-001.txt"))
        );
    });
}

/// The candidate grid before every step (`--grid`), without color, and
/// with color over folded singles (a run of singles drawn as one grid).
#[test]
fn grids_print_as_recorded() {
    let seed = puzzles("seed-001.txt");
    settings().bind(|| {
        insta::assert_snapshot!("seed-001.grid", cli(&["solve", "--grid", "--color", "never"], &seed));
        insta::assert_snapshot!(
            "seed-001.fold-grid.color",
            cli(&["solve", "--grid", "--fold", "singles", "--color", "always"], &seed)
        );
    });
}

/// Sudoku Explainer's rating and path, as `rate --steps` prints them; the
/// summary of `solve --rate`.
#[test]
fn se_paths_print_as_recorded() {
    for file in ["seed-001.txt", "techniques.txt"] {
        let input = puzzles(file);
        let name = file.trim_end_matches(".txt");
        settings().bind(|| {
            insta::assert_snapshot!(format!("{name}.rate-steps"), cli(&["rate", "--steps"], &input));
        });
    }
    let summary = cli(&["solve", "--rate", "--color", "never"], &puzzles("seed-001.txt"));
    let last = summary.lines().last().unwrap_or_default();
    assert!(
        last.contains("Hardest: Trapezoid Chain (Skyscraper) (4.0). Score 1036. Sudoku Explainer rates it 6.6/4.5/2.6 (extreme): ER by Turbot Fish."),
        "{last}"
    );
}

/// One line per puzzle (of the first `take`): status, steps, hardest
/// technique, brute-force count.
fn summary(file: &str, take: usize) -> String {
    let input = puzzles(file);
    let mut out = String::new();
    for record in Records::new(&input[..]).take(take) {
        let o = solve_record(&record, SolveOptions::default(), &mut Silent);
        let guesses = o.steps.iter().filter(|s| s.technique == TechniqueId::BruteForce).count();
        let hardest = o.hardest().map(|s| format!("{} {:.1}", s.technique.id(), s.rating())).unwrap_or("-".into());
        out.push_str(&format!(
            "line {}: {} steps={} hardest={} brute-force={}\n",
            sudoku_explained::io::Origin::of(&record).line,
            o.status.as_str(),
            o.steps.len(),
            hardest,
            guesses
        ));
    }
    out
}

#[test]
fn collections_solve_as_recorded() {
    // The forum-hardest files are capped: every one of their puzzles needs
    // forcing nets, about a tenth of a second each, and the whole files
    // would take this test past two minutes. The caps keep a few hundred.
    for (file, take) in [
        ("top95.txt", usize::MAX),
        ("norvig-hardest.txt", usize::MAX),
        ("top1465.txt", usize::MAX),
        ("17-clue-sample.txt", usize::MAX),
        ("forum-hardest-1106.txt", 150),
        ("forum-hardest-1905-sample.txt", 300),
        ("serg-multi-solution-sample.txt", usize::MAX),
        ("easy-singles-sample.txt", usize::MAX),
    ] {
        let name = file.trim_end_matches(".txt");
        settings().bind(|| insta::assert_snapshot!(format!("{name}.summary"), summary(file, take)));
    }
}

/// Hints at every level, one per technique: from the position before the
/// first step of each technique the puzzles of techniques.txt take, as the
/// hint printer writes it (text, and JSON at the concrete level), so that
/// a change to what a level gives away shows up as a diff.
#[test]
fn hints_print_as_recorded() {
    use sudoku_explained::io::Origin;
    use sudoku_explained::print::{Format, HintPrinter, Palette, RecordPrinter};
    use sudoku_explained::tools::{Hint, HintLevel};

    let mut seen = std::collections::BTreeSet::new();
    let mut hints = Vec::new();
    for record in Records::new(&puzzles("techniques.txt")[..]) {
        let outcome = solve_record(&record, SolveOptions::default(), &mut Silent);
        let puzzle = record.expect("a puzzle");
        let mut grid = puzzle.grid();
        for step in outcome.steps {
            if seen.insert(step.technique) {
                let origin = Origin { file: None, line: puzzle.line, label: Some(step.technique.id().to_string()) };
                hints.push((origin, Hint::Next { grid: Box::new(grid.clone()), step: step.clone() }));
            }
            step.apply_to(&mut grid);
        }
    }
    let print = |level, format| {
        let mut out = Vec::new();
        let mut printer = HintPrinter::new(&mut out, level, false, Palette::default()).with_format(format);
        for hint in &hints {
            printer.print(hint).expect("written to memory");
        }
        String::from_utf8(out).expect("utf-8")
    };
    settings().bind(|| {
        insta::assert_snapshot!("techniques.hint-vague", print(HintLevel::Vague, Format::Text));
        insta::assert_snapshot!("techniques.hint-concrete", print(HintLevel::Concrete, Format::Text));
        insta::assert_snapshot!("techniques.hint-concrete.json", print(HintLevel::Concrete, Format::Json));
    });
}

/// `sudoku steps` at one position per technique family, the listing
/// narrowed to the family (at most five steps each, the rest counted): the
/// first position of the solves of techniques.txt where the driver takes a
/// step of the family.
#[test]
fn steps_print_as_recorded() {
    use sudoku_explained::io::to_pencil_line;
    let families: [(&str, &str); 14] = [
        ("singles", "full-house,naked-single,hidden-single"),
        ("intersections", "pointing,claiming,locked-pair,locked-triple"),
        ("subsets", "naked-pair,hidden-pair,naked-triple,hidden-triple,naked-quad,hidden-quad"),
        ("fish", "x-wing,swordfish,jellyfish,finned-x-wing,sashimi-x-wing,finned-swordfish,sashimi-swordfish,finned-jellyfish,sashimi-jellyfish"),
        ("single-digit", "trapezoid-chain,dual-two-string-kite,two-string-kite,turbot-fish,dual-empty-rectangle,empty-rectangle"),
        ("wings", "y-wing,xyz-wing,w-wing,remote-pair,wxyz-wing"),
        ("uniqueness", "unique-rectangle-1,unique-rectangle-2,unique-rectangle-3,unique-rectangle-4,unique-rectangle-5,unique-rectangle-6,hidden-rectangle,avoidable-rectangle-1,avoidable-rectangle-2,unique-loop-1,unique-loop-2,unique-loop-3,unique-loop-4,bug-plus-one,bug-type-2,bug-type-3,bug-type-4"),
        ("coloring", "simple-coloring,multi-coloring,3d-medusa"),
        ("aligned-sue-de-coq", "aligned-pair-exclusion,sue-de-coq,aligned-triplet-exclusion"),
        ("chains", "x-chain,xy-chain,continuous-nice-loop,aic,nice-loop,grouped-aic"),
        ("als", "als-xz,als-xy-wing,death-blossom,als-aic"),
        ("franken-mutant-fish", "franken-x-wing,franken-swordfish,franken-jellyfish,finned-franken-x-wing,finned-franken-swordfish,finned-franken-jellyfish,mutant-x-wing,mutant-swordfish,mutant-jellyfish,finned-mutant-x-wing,finned-mutant-swordfish,finned-mutant-jellyfish"),
        ("forcing-chains", "contradiction-forcing-chain,cell-forcing-chain,house-forcing-chain"),
        ("forcing-nets", "forcing-net,nested-forcing-net"),
    ];
    let mut positions: Vec<Option<String>> = vec![None; families.len()];
    for record in Records::new(&puzzles("techniques.txt")[..]) {
        let outcome = solve_record(&record, SolveOptions::default(), &mut Silent);
        let mut grid = record.expect("a puzzle").grid();
        for step in outcome.steps {
            let id = step.technique.id();
            for (k, (_, ids)) in families.iter().enumerate() {
                if positions[k].is_none() && ids.split(',').any(|i| i == id) {
                    positions[k] = Some(to_pencil_line(&grid));
                }
            }
            step.apply_to(&mut grid);
        }
    }
    settings().bind(|| {
        for ((name, ids), position) in families.iter().zip(positions) {
            let position = position.unwrap_or_else(|| panic!("no {name} step in techniques.txt"));
            let args = ["steps", "--color", "never", "--width", "0", "--limit", "5", "--techniques", ids, &position];
            insta::assert_snapshot!(format!("steps-{name}.text"), cli(&args, b""));
        }
    });
}
