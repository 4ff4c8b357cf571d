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
    // A chain's links as arrows, then the pattern's own links as lines.
    let chain: Vec<LinkKind> = step.chain.as_ref().map_or_else(Vec::new, |c| c.links.clone());
    let expected: Vec<(LinkKind, bool)> =
        chain.iter().map(|&k| (k, true)).chain(step.links.iter().map(|l| (l.kind, false))).collect();
    assert_eq!(links.len(), expected.len(), "{what}: one arrow per chain link, one line per pattern link");
    for (arrow, (kind, head)) in links.iter().zip(&expected) {
        let class = match kind {
            LinkKind::Strong => "strong",
            LinkKind::Weak => "weak",
        };
        assert!(has_class(*arrow, class), "{what}: a {class} link drawn {:?}", arrow.attribute("class"));
        assert_eq!(
            arrow.attribute("marker-end").is_some(),
            *head,
            "{what}: a chain's arrows have heads, a pattern's lines none"
        );
    }
    // Digits and plain candidates are drawn a line to a text element.
    let digits = |class: &str| -> usize {
        board
            .descendants()
            .filter(|n| has_class(*n, class))
            .flat_map(|n| n.descendants().filter(|t| t.is_text()).filter_map(|t| t.text()))
            .map(|t| t.chars().filter(char::is_ascii_digit).count())
            .sum()
    };
    let (given, open) = (digits("g"), digits("c"));
    assert!(given >= 17 && open > 0, "{what}: givens and candidates drawn");
}

/// The sections a page should have: a run of two singles or more is one,
/// every other step one of its own; each as the range of step indices.
fn expected_sections(steps: &[Step]) -> Vec<std::ops::Range<usize>> {
    let mut sections = Vec::new();
    let mut i = 0;
    while i < steps.len() {
        let mut end = i + 1;
        if steps[i].descriptor().single {
            while end < steps.len() && steps[end].descriptor().single {
                end += 1;
            }
        }
        sections.push(i..end);
        i = end;
    }
    sections
}

/// Every step of solves that use every family, drawn on a page: a section
/// per step (a run of singles shares one), its boards, its marks.
#[test]
fn the_page_draws_every_step_as_its_data_says() {
    for technique in ["naked-pair", "x-wing", "xyz-wing", "aic", "forcing-net", "nested-forcing-net", "als-aic"] {
        let puzzle = technique_puzzle(technique);
        let (outcome, html) = page(&puzzle);
        let doc = parse(&html);
        let sections: Vec<Node> = doc.descendants().filter(|n| has_class(*n, "step")).collect();
        let expected = expected_sections(&outcome.steps);
        assert_eq!(sections.len(), expected.len(), "{technique}: one section per step or run of singles");
        assert!(expected.iter().any(|r| r.len() > 1), "{technique}: some singles share a section");
        let befores = befores(&puzzle, &outcome.steps);
        for (section, range) in sections.iter().zip(&expected) {
            let i = range.start;
            let what = format!("{technique} step {}", i + 1);
            assert_eq!(section.attribute("id"), Some(format!("p1-s{}", i + 1).as_str()));
            let boards: Vec<Node> = section.descendants().filter(|n| has_class(*n, "board")).collect();
            if range.len() > 1 {
                // A run: one board with every placement of its singles, each step's line anchored.
                assert!(has_class(*section, "run"), "{what}: a run of singles");
                assert_eq!(boards.len(), 1, "{what}: one board for the run");
                let placements: usize = outcome.steps[range.clone()].iter().map(|s| s.placements.len()).sum();
                assert_eq!(count(boards[0], "placed"), placements, "{what}: every placement of the run");
                assert_eq!(count(boards[0], "strike"), 0, "{what}: singles remove nothing");
                for k in range.clone().skip(1) {
                    let id = format!("p1-s{}", k + 1);
                    assert!(section.descendants().any(|n| n.attribute("id") == Some(id.as_str())), "{what}: {id}");
                }
                continue;
            }
            let step = &outcome.steps[i];
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
        // Every step has its anchor, and every link in the page lands on one.
        for k in 1..=outcome.steps.len() + 1 {
            assert!(unique.contains(&format!("p1-s{k}").as_str()), "{technique}: step {k} has an anchor");
        }
        for link in doc.descendants().filter_map(|n| n.attribute("href")) {
            if let Some(target) = link.strip_prefix('#') {
                assert!(unique.contains(&target), "{technique}: the link {link} lands");
            }
        }
    }
}

/// The first step of `technique` in the solve of its puzzle of
/// puzzles/techniques.txt: the puzzle, the step's index and the step, and
/// its picture as SVG.
fn first_picture(technique: &str) -> (Puzzle, usize, Step, String) {
    let puzzle = technique_puzzle(technique);
    let outcome = sudoku_explained::solve(&puzzle, SolveOptions::default(), &mut sudoku_explained::Silent);
    let befores = befores(&puzzle, &outcome.steps);
    let id = TechniqueId::from_name(technique).unwrap();
    let (i, step) = outcome.steps.iter().enumerate().find(|(_, s)| s.technique == id).unwrap();
    let svg = step_picture(&befores[i], puzzle_givens(&puzzle), step, "headline", Encoding::Svg).unwrap();
    (puzzle, i, step.clone(), String::from_utf8(svg).unwrap())
}

/// The text of every element of `class` under `node`, in order.
fn texts(node: Node, class: &str) -> Vec<String> {
    node.descendants()
        .filter(|n| has_class(*n, class))
        .map(|n| n.descendants().filter(|t| t.is_text()).filter_map(|t| t.text()).collect())
        .collect()
}

/// A step's parts are drawn apart: each part's candidates with a mark of
/// their part (a shape and color of its own), pattern links as lines, and a
/// legend naming exactly the parts and links drawn.
#[test]
fn parts_and_pattern_links_are_drawn_apart_with_a_legend() {
    let cases = [
        ("trapezoid-chain", &[][..], 3),
        ("two-string-kite", &[][..], 3),
        ("empty-rectangle", &[][..], 3),
        ("simple-coloring", &["color 1a", "color 1b"][..], 0),
        ("multi-coloring", &["color 1a", "color 1b", "color 2a", "color 2b"][..], 0),
        ("3d-medusa", &["color 1a", "color 1b"][..], 0),
        ("als-xz", &["ALS A", "ALS B"][..], 0),
        ("als-xy-wing", &["ALS A", "ALS B", "ALS C"][..], 0),
        ("death-blossom", &["stem", "petal A", "petal B"][..], 0),
        ("finned-x-wing", &["fin"][..], 0),
    ];
    for (technique, labels, links) in cases {
        let (_, _, step, svg) = first_picture(technique);
        let step = &step;
        let doc = parse(&svg);
        let board = doc.descendants().find(|n| has_class(*n, "board")).unwrap();
        let kinds: Vec<String> = step.parts.iter().map(|p| p.kind.label()).collect();
        assert!(kinds.starts_with(&labels.iter().map(|l| l.to_string()).collect::<Vec<_>>()), "{technique}: {kinds:?}");
        assert_eq!(step.links.len(), links, "{technique}: pattern links");
        // One mark per part candidate of the grid, in the part's own look;
        // the looks of different parts differ.
        let mut looks = BTreeSet::new();
        for part in &step.parts {
            let class = format!("part-{}", part.kind.as_str());
            let marks: Vec<Node> = board
                .descendants()
                .filter(|n| has_class(*n, &class) && !n.ancestors().any(|a| has_class(a, "legend")))
                .collect();
            let expected = step
                .parts
                .iter()
                .filter(|p| p.kind.as_str() == part.kind.as_str())
                .map(|p| p.candidates.len())
                .sum::<usize>();
            assert_eq!(marks.len(), expected, "{technique}: a mark per candidate of {}", part.kind.label());
            looks.insert(part.kind.look());
        }
        assert_eq!(looks.len(), step.parts.len(), "{technique}: every part looks different");
        // The legend: the parts, a fish's sets, then the kinds of links, nothing else.
        let mut legend: Vec<String> = step.parts.iter().map(|p| p.kind.label()).collect();
        if let Some(sets) = step.sets {
            legend.extend(["base set", "cover set"].map(String::from));
            if step.houses.len() > sets.bases + sets.covers {
                legend.push("the fins' box".to_string());
            }
        }
        for (kind, words) in [(LinkKind::Strong, "strong link"), (LinkKind::Weak, "weak link")] {
            if step.links.iter().any(|l| l.kind == kind) {
                legend.push(words.to_string());
            }
        }
        assert_eq!(texts(board, "lg"), legend, "{technique}: the legend");
    }
    // A step without parts, sets or links has no legend.
    let (_, _, _, svg) = first_picture("naked-pair");
    assert!(!svg.contains("class=\"lg\""), "a Naked Pair draws no legend");
}

/// A fish's base sets and cover sets are outlined apart, named in the
/// legend, in JSON and under the text grid.
#[test]
fn a_fish_tells_its_base_sets_from_its_cover_sets() {
    for (technique, bases, covers) in
        [("x-wing", 2, 2), ("finned-x-wing", 2, 2), ("swordfish", 3, 3), ("finned-franken-swordfish", 3, 3)]
    {
        let (_, _, step, svg) = first_picture(technique);
        let sets = step.sets.unwrap_or_else(|| panic!("{technique}: base and cover sets"));
        assert_eq!((sets.bases, sets.covers), (bases, covers), "{technique}");
        let doc = parse(&svg);
        let board = doc.descendants().find(|n| has_class(*n, "board")).unwrap();
        let outlines = |class: &str| {
            board
                .descendants()
                .filter(|n| has_class(*n, "house") && has_class(*n, class))
                .filter(|n| !n.ancestors().any(|a| has_class(a, "legend")))
                .count()
        };
        assert_eq!((outlines("base"), outlines("cover")), (bases, covers), "{technique}: outlines");
        let legend = texts(board, "lg");
        assert!(legend.contains(&"base set".to_string()) && legend.contains(&"cover set".to_string()), "{legend:?}");
        let (puzzle, i, _, _) = first_picture(technique);
        let line = sudoku_explained::io::to_line(puzzle.grid().values());
        let run = common::sudoku(&["solve", "--format", "json", &line], b"");
        let record: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
        let json = &record["steps"][i];
        let houses = |key: &str| json[key].as_array().map_or(0, Vec::len);
        assert_eq!((houses("base_sets"), houses("cover_sets")), (bases, covers), "{technique}: {json}");
        let grid = common::sudoku(&["solve", "--grid", "--color", "never", &line], b"").stdout;
        let named: Vec<&str> = json["base_sets"].as_array().unwrap().iter().map(|h| h.as_str().unwrap()).collect();
        assert!(grid.contains(&format!("base sets {}   cover sets", named.join(" "))), "{technique}: --grid");
    }
}

/// The picture of one step: a document of boards, as many as the step has.
#[test]
fn a_picture_of_a_step_has_its_boards() {
    for technique in ["aic", "cell-forcing-chain", "nested-forcing-net"] {
        let (puzzle, i, step, svg) = first_picture(technique);
        let step = &step;
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
        ("single-digit-links", "trapezoid-chain"),
        ("coloring", "multi-coloring"),
        ("als-petals", "death-blossom"),
        ("fins", "finned-x-wing"),
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
