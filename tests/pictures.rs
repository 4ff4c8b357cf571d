//! The pictures of steps (SVG, PNG, the HTML page), read back with an XML
//! parser and checked against the steps they draw: one board per step (one
//! per branch and sub-proof for a forcing step), one struck mark per
//! elimination, one placement mark per placement, one arrow per chain link
//! in the link's style. Goldens keep one picture per family of techniques.

use crate::common;

use roxmltree::{Document, Node};
use std::collections::BTreeSet;
use sudoku_explained::explain::{Branch, FactReason, Forcing, LinkKind};
use sudoku_explained::print::{board_svg, position_board, step_picture, svg_to_png, Encoding, HtmlPrinter};
use sudoku_explained::{explain::try_solve, Grid, Outcome, Puzzle, SolveOptions, Step, TechniqueId};

/// The puzzle of puzzles/techniques.txt whose label names `technique`.
fn technique_puzzle(technique: &str) -> Puzzle {
    let text = String::from_utf8(common::bundled("techniques.txt")).unwrap();
    let line = text
        .lines()
        .find(|l| !l.starts_with('#') && l.split_whitespace().skip(1).any(|w| w == technique))
        .unwrap_or_else(|| panic!("no puzzle for {technique}"));
    sudoku_explained::io::from_argument(line.split_whitespace().next().unwrap()).remove(0).unwrap()
}

/// The solve as a page, and its outcome.
fn page(puzzle: &Puzzle) -> (Outcome, String) {
    let mut out = Vec::new();
    let mut printer = HtmlPrinter::new(&mut out);
    let outcome = try_solve(puzzle, SolveOptions::default(), &mut printer).unwrap();
    printer.finish().unwrap();
    (outcome, String::from_utf8(out).unwrap())
}

/// The grid before each step.
fn befores(puzzle: &Puzzle, steps: &[Step]) -> Vec<Grid> {
    let mut grid = puzzle.grid();
    steps
        .iter()
        .map(|s| {
            let before = grid.clone();
            s.apply_to(&mut grid);
            before
        })
        .collect()
}

fn has_class(node: Node, class: &str) -> bool {
    node.attribute("class").is_some_and(|c| c.split(' ').any(|k| k == class))
}

fn count(node: Node, class: &str) -> usize {
    node.descendants().filter(|n| has_class(*n, class)).count()
}

/// The nested branches a forcing proof draws: those its branches use, and
/// those these use in turn.
fn sub_proofs(forcing: &Forcing) -> usize {
    let mut seen = BTreeSet::new();
    let mut todo: Vec<&Branch> = forcing.branches.iter().collect();
    while let Some(branch) = todo.pop() {
        for fact in &branch.facts {
            if let FactReason::Contradicts(k) = fact.reason {
                if seen.insert(k) {
                    todo.push(&forcing.nested[k]);
                }
            }
        }
    }
    seen.len()
}

/// The boards of a step: one, or for a forcing step one per branch and one
/// per sub-proof its short proof names (`named`: those lines `[1] ...`),
/// never more than the proof has.
fn boards_of(step: &Step, named: usize) -> usize {
    match &step.forcing {
        Some(f) => {
            assert!(named <= sub_proofs(f));
            f.branches.len() + named
        }
        None => 1,
    }
}

fn parse(text: &str) -> Document<'_> {
    let options = roxmltree::ParsingOptions { allow_dtd: true, ..roxmltree::ParsingOptions::default() };
    Document::parse_with_options(text, options).unwrap_or_else(|e| panic!("well-formed: {e}"))
}

/// The sub-proofs a step's section of the page lists.
fn named_sub_proofs(section: Node) -> usize {
    let words = |n: Node| n.descendants().filter(|d| d.is_text()).filter_map(|d| d.text()).collect::<String>();
    section.descendants().filter(|n| n.has_tag_name("li") && words(*n).starts_with('[')).count()
}

/// What one board must show of its step.
fn check_board(board: Node, step: &Step, what: &str) {
    assert_eq!(count(board, "strike"), step.eliminations.len(), "{what}: one cross per elimination");
    if step.forcing.is_none() {
        assert_eq!(count(board, "placed"), step.placements.len(), "{what}: one mark per placement");
    }
    let links: Vec<Node> = board.descendants().filter(|n| has_class(*n, "link") && !has_class(*n, "path")).collect();
    let expected: Vec<LinkKind> = step.chain.as_ref().map_or_else(Vec::new, |c| c.links.clone());
    assert_eq!(links.len(), expected.len(), "{what}: one arrow per chain link");
    for (arrow, kind) in links.iter().zip(&expected) {
        let class = match kind {
            LinkKind::Strong => "strong",
            LinkKind::Weak => "weak",
        };
        assert!(has_class(*arrow, class), "{what}: a {class} link drawn {:?}", arrow.attribute("class"));
        assert!(arrow.attribute("marker-end").is_some(), "{what}: arrows have heads");
    }
    let (given, open) = (count(board, "g"), board.descendants().filter(|n| has_class(*n, "c")).count());
    assert!(given >= 17 && open > 0, "{what}: givens and candidates drawn");
}

/// Every step of solves that use every family, drawn on a page: a section
/// per step, its boards, its marks.
#[test]
fn the_page_draws_every_step_as_its_data_says() {
    for technique in ["naked-pair", "x-wing", "xyz-wing", "aic", "forcing-net", "nested-forcing-net", "als-aic"] {
        let puzzle = technique_puzzle(technique);
        let (outcome, html) = page(&puzzle);
        let doc = parse(&html);
        let sections: Vec<Node> = doc.descendants().filter(|n| has_class(*n, "step")).collect();
        assert_eq!(sections.len(), outcome.steps.len(), "{technique}: one section per step");
        let befores = befores(&puzzle, &outcome.steps);
        for (i, (section, step)) in sections.iter().zip(&outcome.steps).enumerate() {
            let what = format!("{technique} step {}", i + 1);
            assert_eq!(section.attribute("id"), Some(format!("p1-s{}", i + 1).as_str()));
            let boards: Vec<Node> = section.descendants().filter(|n| has_class(*n, "board")).collect();
            assert_eq!(boards.len(), boards_of(step, named_sub_proofs(*section)), "{what}: boards");
            for board in &boards {
                check_board(*board, step, &what);
            }
            // A sub-proof named in the text links to its board.
            for link in section.descendants().filter(|n| n.has_tag_name("a")) {
                let target = link.attribute("href").unwrap().trim_start_matches('#');
                if target.contains("-sp") {
                    assert!(boards.iter().any(|b| b.attribute("id") == Some(target)), "{what}: {target}");
                }
            }
            // The board draws the grid before the step: what it removes is still there.
            for e in &step.eliminations {
                assert!(befores[i].has_candidate(e.cell, e.digit));
            }
        }
        let ids: Vec<&str> = doc.descendants().filter_map(|n| n.attribute("id")).collect();
        let unique: BTreeSet<&&str> = ids.iter().collect();
        assert_eq!(unique.len(), ids.len(), "{technique}: ids are unique in the page");
    }
}

/// The picture of one step: a document of boards, as many as the step has.
#[test]
fn a_picture_of_a_step_has_its_boards() {
    for technique in ["aic", "cell-forcing-chain", "nested-forcing-net"] {
        let puzzle = technique_puzzle(technique);
        let outcome = sudoku_explained::solve(&puzzle, SolveOptions::default(), &mut sudoku_explained::Silent);
        let befores = befores(&puzzle, &outcome.steps);
        let id = TechniqueId::from_name(technique).unwrap();
        let (i, step) = outcome.steps.iter().enumerate().find(|(_, s)| s.technique == id).unwrap();
        let svg = step_picture(&befores[i], puzzle_givens(&puzzle), step, "headline", Encoding::Svg).unwrap();
        let svg = String::from_utf8(svg).unwrap();
        let doc = parse(&svg);
        // The page lists the sub-proofs of the step in words.
        let (_, html) = page(&puzzle);
        let html = parse(&html);
        let id = format!("p1-s{}", i + 1);
        let section = html.descendants().find(|n| n.attribute("id") == Some(id.as_str())).unwrap();
        let boards: Vec<Node> = doc.descendants().filter(|n| has_class(*n, "board")).collect();
        assert_eq!(boards.len(), boards_of(step, named_sub_proofs(section)), "{technique}");
        assert!(boards.len() > 1 || technique == "aic");
        for board in boards {
            check_board(board, step, technique);
        }
    }
}

fn puzzle_givens(puzzle: &Puzzle) -> Option<&[u8; 81]> {
    Some(&puzzle.givens)
}

/// The PNG shows the digits: the built-in font renders without any font
/// installed. A given's cell has dark pixels (its digit), an empty box
/// corner has none.
#[test]
fn the_png_draws_the_digits() {
    let puzzle = technique_puzzle("x-wing");
    let board = position_board(&puzzle.grid(), Some(&puzzle.givens));
    let png = svg_to_png(&board_svg(&board, "b", false, true), 1.0).unwrap();
    let pixmap = resvg::tiny_skia::Pixmap::decode_png(&png).unwrap();
    let dark = |x0: u32, y0: u32, side: u32| {
        let mut n = 0;
        for y in y0..y0 + side {
            for x in x0..x0 + side {
                let p = pixmap.pixel(x, y).unwrap();
                n += usize::from(p.red() < 90 && p.green() < 90 && p.blue() < 90);
            }
        }
        n
    };
    // The x-wing puzzle starts `9.....2..`: r1c1 is a given 9. The grid
    // starts 24 pixels in, cells are 54 pixels.
    assert_eq!(puzzle.givens[0], 9);
    let inside = dark(24 + 12, 24 + 10, 30);
    assert!(inside > 40, "the given 9 is drawn: {inside} dark pixels");
    // The label band's corner holds nothing.
    assert_eq!(dark(0, 0, 10), 0);
}

/// One golden picture per family of techniques, as `solve --format svg`
/// draws the first step of that technique.
#[test]
fn pictures_of_each_family_as_recorded() {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("golden");
    settings.set_prepend_module_to_snapshot(false);
    for (family, technique) in [
        ("singles", "hidden-single"),
        ("intersections", "pointing"),
        ("subsets", "naked-pair"),
        ("fish", "x-wing"),
        ("wings", "y-wing"),
        ("chains", "aic"),
        ("forcing", "forcing-net"),
    ] {
        let puzzle = technique_puzzle(technique);
        let line = sudoku_explained::io::to_line(&puzzle.givens);
        let outcome = sudoku_explained::solve(&puzzle, SolveOptions::default(), &mut sudoku_explained::Silent);
        let id = TechniqueId::from_name(technique).unwrap();
        let n = outcome.steps.iter().position(|s| s.technique == id).unwrap() + 1;
        let run = common::sudoku(&["solve", "--format", "svg", "--step", &n.to_string(), &line], b"");
        assert_eq!(run.code, 0, "{}", run.stderr);
        parse(&run.stdout);
        settings.bind(|| insta::assert_snapshot!(format!("picture-{family}"), run.stdout));
    }
}
