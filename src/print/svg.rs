//! SVG pictures of a step: the board before the step, drawn from the
//! [`Marks`] every picture shares, with a chain's links as arrows and a
//! forcing step as one board per branch and per sub-proof.
//!
//! A board is self-contained SVG (styles by class, inside the picture), so
//! the same text goes into a file of its own, a page, or the PNG renderer.
//! Every mark a test or a reader counts has a class of its own: `board`,
//! `strike` (an elimination), `placed`, `link strong`/`link weak` (a chain
//! link), `link path` (a branch's placements in order).

use super::marks::{CellKind, Marks, Role};
use super::proof::numbered_proof;
use super::wrap::wrap;
use crate::explain::parts::PartKind;
use crate::explain::step::{Branch, ChainNode, Contradiction, FactReason, ForcingKind, LinkKind, SetRole, Step};
use crate::model::cell::Candidate;
use crate::model::cell::Cell;
use crate::model::grid::{Grid, House, HouseKind};
use std::fmt::Write;

/// Side of a cell, in pixels.
const S: f64 = 54.0;
/// The band left of and above the grid for the row and column labels.
const LABEL: f64 = 24.0;
/// Space right of and below the grid.
const PAD: f64 = 8.0;
/// A board's grid area, labels included.
const SIDE: f64 = LABEL + 9.0 * S + PAD;
/// Height of one line of a title.
const LINE: f64 = 16.0;
/// Characters in one line of a title at its font size across a board.
const TITLE_CHARS: usize = 72;

/// The styles of every board, by class: one copy per picture or page.
pub const STYLE: &str = "\
text{text-anchor:middle}.bg{fill:#fff}.pc{fill:#fff2c2}.thin{stroke:#aaa;stroke-width:1;fill:none}\
.thick{stroke:#222;stroke-width:2.5;fill:none}.lbl{font:12px 'DejaVu Sans',Verdana,sans-serif;fill:#777}\
.ttl{font:12px 'DejaVu Sans',Verdana,sans-serif;fill:#222;text-anchor:start}\
.g{font:bold 30px 'DejaVu Sans',Verdana,sans-serif;fill:#000}\
.s{font:30px 'DejaVu Sans',Verdana,sans-serif;fill:#2a5db0}\
.c{font:13px 'DejaVu Sans',Verdana,sans-serif;fill:#555}\
.c.rm{fill:#c00000;font-weight:bold}.c.pl{fill:#0b6b0b;font-weight:bold}.c.lo{fill:#b07070}.c.pt{fill:#004a5a}\
.house{stroke:#f08c00;stroke-width:3;fill:none}.house.cover{stroke:#0072b2;stroke-dasharray:9 5}.house.aside{stroke:#888;stroke-width:2;stroke-dasharray:2 4}\
.hi-pt{fill:#8fdcea}.hi-pl{fill:#b4ecae;stroke:#2e9b2e;stroke-width:1.5}.hi-rm{fill:#ffd2d2}\
.strike{stroke:#c00000;stroke-width:2}.lost{stroke:#b07070;stroke-width:1}\
.link,.key{fill:none;stroke-width:2}.strong{stroke:#1f4fd8}.weak{stroke:#1f4fd8;stroke-dasharray:6 4}\
.path{stroke:#2e9b2e}.on{fill:none;stroke:#2e9b2e;stroke-width:2}\
.assumed{fill:none;stroke:#8a2be2;stroke-width:2.5}.off{stroke:#888;stroke-width:1.2}\
.bad{fill:none;stroke:#e00000;stroke-width:3}.lg{font:12px 'DejaVu Sans',Verdana,sans-serif;fill:#222;text-anchor:start}\
.pk0{fill:#0072b2}.pk1{fill:#e69f00}.pk2{fill:#009e73}.pk3{fill:#cc79a7}.pk4{fill:#56b4e9}.pk5{fill:#d55e00}\
.pk{fill-opacity:.3;stroke-width:1.6}.pk0{stroke:#0072b2}.pk1{stroke:#e69f00}.pk2{stroke:#009e73}.pk3{stroke:#cc79a7}\
.pk4{stroke:#56b4e9}.pk5{stroke:#d55e00}.ck{fill-opacity:.16;stroke:none}";

/// How many parts of one step look different (color and shape); more wrap around.
const LOOKS: usize = 6;

/// One picture of a step on the grid before it: the step itself, or one
/// branch or sub-proof of a forcing step.
#[derive(Clone, Debug)]
pub struct Board {
    /// A short name: `Branch 2 of 3`, `Sub-proof [1]`; empty for a step's one board.
    pub caption: String,
    /// What the board shows in words: the step's line, or the branch's
    /// line of the short proof.
    pub detail: String,
    /// For a sub-proof, its number in the short proof (`[1]` is 1).
    pub sub_proof: Option<usize>,
    marks: Marks,
    arrows: Vec<Arrow>,
    facts: Vec<FactMark>,
    bad: Vec<Bad>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum ArrowKind {
    Strong,
    Weak,
    /// From one placement of a branch to the next.
    Path,
}

#[derive(Clone, Copy, Debug)]
struct Arrow {
    from: (f64, f64),
    to: (f64, f64),
    kind: ArrowKind,
    /// A chain's link points the way it reads; a pattern's link has no way.
    head: bool,
}

/// A fact of a branch on a candidate.
#[derive(Clone, Copy, Debug)]
struct FactMark {
    candidate: Candidate,
    /// The branch's assumption (or a fact it is given, for a sub-proof).
    assumed: bool,
    holds: bool,
}

/// Where a branch breaks the rules.
#[derive(Clone, Copy, Debug)]
enum Bad {
    Candidate(Candidate),
    Cell(Cell),
    House(House),
}

impl Board {
    /// The marks the board is drawn from.
    pub fn marks(&self) -> &Marks {
        &self.marks
    }
}

/// The boards of a step on `grid`, the position before it: one for most
/// steps; for a forcing step one per branch, then one per sub-proof in the
/// order the short proof numbers them. `givens` tells the puzzle's digits
/// from those placed since.
pub fn step_boards(grid: &Grid, givens: Option<&[u8; 81]>, step: &Step) -> Vec<Board> {
    let marks = Marks::of_step(grid, givens, step);
    let Some(forcing) = &step.forcing else {
        let arrows = step.chain.as_ref().map_or_else(Vec::new, |chain| {
            let centres: Vec<(f64, f64)> = chain.nodes.iter().map(node_centre).collect();
            chain
                .links
                .iter()
                .enumerate()
                .map(|(i, link)| Arrow { from: centres[i], to: centres[i + 1], kind: arrow_kind(*link), head: true })
                .collect()
        });
        let pattern_links = step.links.iter().map(|link| Arrow {
            from: node_centre(&link.from),
            to: node_centre(&link.to),
            kind: arrow_kind(link.kind),
            head: false,
        });
        let arrows = arrows.into_iter().chain(pattern_links).collect();
        return vec![Board {
            caption: String::new(),
            detail: step.text(),
            sub_proof: None,
            marks,
            arrows,
            facts: Vec::new(),
            bad: Vec::new(),
        }];
    };
    let (lines, order) = numbered_proof(forcing);
    let count = forcing.branches.len();
    let mut boards: Vec<Board> = forcing
        .branches
        .iter()
        .enumerate()
        .map(|(i, branch)| {
            let caption = match (forcing.kind, branch.facts.first()) {
                // A Kraken fish's branches start from its fins and places.
                (ForcingKind::Fish, Some(start)) => {
                    format!("Branch {} of {count}: if {} is {}", i + 1, start.candidate.cell, start.candidate.digit)
                }
                _ if count == 1 => "The assumption".to_string(),
                _ => format!("Branch {} of {count}", i + 1),
            };
            branch_board(&marks, branch, caption, lines[i].clone(), None)
        })
        .collect();
    for (k, &nested) in order.iter().enumerate() {
        let detail = lines.get(count + k).cloned().unwrap_or_default();
        let caption = format!("Sub-proof [{}]", k + 1);
        boards.push(branch_board(&marks, &forcing.nested[nested], caption, detail, Some(k + 1)));
    }
    boards
}

/// One board for a run of singles: every placement of `steps` drawn on
/// `grid`, the position before the first (not what their peers lose: the
/// board would be all marks).
pub(super) fn run_board(grid: &Grid, givens: Option<&[u8; 81]>, steps: &[Step]) -> Board {
    let marks = steps.iter().fold(Marks::new(grid, givens), |marks, step| marks.with_placements(step));
    Board {
        caption: String::new(),
        detail: String::new(),
        sub_proof: None,
        marks,
        arrows: Vec::new(),
        facts: Vec::new(),
        bad: Vec::new(),
    }
}

/// The position alone, no step drawn: the start of a solve.
pub fn position_board(grid: &Grid, givens: Option<&[u8; 81]>) -> Board {
    Board {
        caption: String::new(),
        detail: String::new(),
        sub_proof: None,
        marks: Marks::new(grid, givens),
        arrows: Vec::new(),
        facts: Vec::new(),
        bad: Vec::new(),
    }
}

/// A branch drawn over the step: its facts, its placements joined in the
/// order they follow, and where it breaks the rules.
fn branch_board(marks: &Marks, branch: &Branch, caption: String, detail: String, sub_proof: Option<usize>) -> Board {
    let facts: Vec<FactMark> = branch
        .facts
        .iter()
        .map(|f| FactMark {
            candidate: f.candidate,
            assumed: matches!(f.reason, FactReason::Assumed | FactReason::Known(_)),
            holds: f.holds,
        })
        .collect();
    let placements: Vec<(f64, f64)> = branch
        .facts
        .iter()
        .filter(|f| f.holds && !matches!(f.reason, FactReason::Known(_)))
        .map(|f| centre(f.candidate))
        .collect();
    let arrows =
        placements.windows(2).map(|w| Arrow { from: w[0], to: w[1], kind: ArrowKind::Path, head: true }).collect();
    let bad = match &branch.contradiction {
        Some(Contradiction::Both { on, .. }) => vec![Bad::Candidate(branch.facts[*on].candidate)],
        Some(Contradiction::NoCandidate { cell, .. }) => vec![Bad::Cell(*cell)],
        Some(Contradiction::NoPlace { house, .. }) => vec![Bad::House(*house)],
        None => Vec::new(),
    };
    Board { caption, detail, sub_proof, marks: marks.clone(), arrows, facts, bad }
}

fn arrow_kind(link: LinkKind) -> ArrowKind {
    match link {
        LinkKind::Strong => ArrowKind::Strong,
        LinkKind::Weak => ArrowKind::Weak,
    }
}

/// The centre of a node: its candidate's, or the middle of a group's.
fn node_centre(node: &ChainNode) -> (f64, f64) {
    mean(node.cells.iter().map(|c| centre(Candidate::new(c, node.digit))))
}

/// The centre of a candidate's place in its cell.
fn centre(c: Candidate) -> (f64, f64) {
    let i = c.digit.index() as f64;
    let x = LABEL + f64::from(c.cell.col()) * S + S / 6.0 + (i % 3.0) * S / 3.0;
    let y = LABEL + f64::from(c.cell.row()) * S + S / 6.0 + (i / 3.0).floor() * S / 3.0;
    (x, y)
}

fn mean(points: impl Iterator<Item = (f64, f64)>) -> (f64, f64) {
    let (mut x, mut y, mut n) = (0.0, 0.0, 0.0);
    for p in points {
        x += p.0;
        y += p.1;
        n += 1.0;
    }
    if n == 0.0 {
        (0.0, 0.0)
    } else {
        (x / n, y / n)
    }
}

/// Text for XML: `<`, `>` and `&` escaped (`r1c1<>5` is common).
pub(crate) fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// The lines of a board's title, wrapped to its width.
fn title_lines(board: &Board, with_detail: bool) -> Vec<String> {
    let mut lines = Vec::new();
    if !board.caption.is_empty() {
        lines.push(board.caption.clone());
    }
    if with_detail && !board.detail.is_empty() {
        lines.extend(wrap(&board.detail, TITLE_CHARS, 2).lines().map(str::to_string));
    }
    lines
}

/// The grid's lines and labels once for a page, which its boards use
/// (`<use href="#frame">`) instead of a copy each.
pub(super) fn frame_defs() -> String {
    format!(
        r#"<svg width="0" height="0" style="position:absolute" aria-hidden="true"><defs><g id="frame">{}</g></defs></svg>"#,
        frame()
    )
}

/// One board as an `<svg>` element of its own, `id` making its marker ids
/// unique in a page; with `detail`, its line in words above it; with
/// `styled`, its own copy of [`STYLE`] and of the grid's lines and labels
/// (a page holds one of each for all).
pub fn board_svg(board: &Board, id: &str, detail: bool, styled: bool) -> String {
    let title = title_lines(board, detail);
    let top = title_height(&title);
    let mut out = String::new();
    write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="board" id="{id}" width="{SIDE}" height="{h}" viewBox="0 0 {SIDE} {h}">"#,
        h = top + SIDE + legend_height(&legend(board))
    )
    .unwrap();
    if styled {
        write!(out, "<style>{STYLE}</style>").unwrap();
    }
    draw(&mut out, board, id, &title, !styled);
    out.push_str("</svg>");
    out
}

fn title_height(title: &[String]) -> f64 {
    if title.is_empty() {
        0.0
    } else {
        title.len() as f64 * LINE + 8.0
    }
}

/// A whole picture: `headline` wrapped on top, then the boards, two to a
/// row when there are several. The standalone SVG of a step.
pub fn picture_svg(headline: &str, boards: &[Board]) -> String {
    let columns = if boards.len() > 1 { 2 } else { 1 };
    let width = SIDE * columns as f64;
    let head_lines: Vec<String> = wrap(headline, TITLE_CHARS * columns, 2).lines().map(str::to_string).collect();
    let mut y = title_height(&head_lines);
    let mut body = String::new();
    for (r, row) in boards.chunks(columns).enumerate() {
        let titles: Vec<Vec<String>> = row.iter().map(|b| title_lines(b, !b.caption.is_empty())).collect();
        let legends = row.iter().map(|b| legend_height(&legend(b))).fold(0.0, f64::max);
        let height = titles.iter().map(|t| title_height(t)).fold(0.0, f64::max) + SIDE + legends;
        for (k, (board, title)) in row.iter().zip(&titles).enumerate() {
            let x = SIDE * k as f64;
            write!(body, r#"<g class="board" transform="translate({x} {y})">"#).unwrap();
            draw(&mut body, board, &format!("b{}", r * columns + k), title, false);
            body.push_str("</g>");
        }
        y += height;
    }
    let mut out = String::new();
    writeln!(out, r#"<?xml version="1.0" encoding="UTF-8"?>"#).unwrap();
    write!(out, r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{y}" viewBox="0 0 {width} {y}">"#)
        .unwrap();
    write!(out, "<style>{STYLE}</style>").unwrap();
    write!(out, r#"<rect class="bg" width="{width}" height="{y}"/>"#).unwrap();
    text_lines(&mut out, &head_lines, 0.0);
    out.push_str(&body);
    out.push_str("</svg>\n");
    // One element a line: a picture kept as a golden reads as a diff.
    out.replace("><", ">\n<")
}

fn text_lines(out: &mut String, lines: &[String], y: f64) {
    for (i, line) in lines.iter().enumerate() {
        let baseline = y + 4.0 + LINE * (i as f64 + 0.8);
        write!(out, r#"<text class="ttl" x="6" y="{baseline}">{}</text>"#, escape(line)).unwrap();
    }
}

/// Draws a board at the origin: its title, then the grid below it.
fn draw(out: &mut String, board: &Board, id: &str, title: &[String], shared_frame: bool) {
    let top = title_height(title);
    let entries = legend(board);
    write!(out, r#"<rect class="bg" width="{SIDE}" height="{}"/>"#, top + SIDE + legend_height(&entries)).unwrap();
    text_lines(out, title, 0.0);
    write!(out, r#"<g transform="translate(0 {top})">"#).unwrap();
    grid(out, board, id, shared_frame);
    draw_legend(out, &entries);
    out.push_str("</g>");
}

/// The grid's lines and its row and column labels: the same on every board.
fn frame() -> String {
    let mut out = String::new();
    // Thin lines between cells, then thick lines between boxes over them.
    let mut thin = String::new();
    let mut thick = String::new();
    for i in 0..=9 {
        let at = LABEL + f64::from(i) * S;
        let (end, path) = (LABEL + 9.0 * S, if i % 3 == 0 { &mut thick } else { &mut thin });
        write!(path, "M{at} {LABEL}V{end}M{LABEL} {at}H{end}").unwrap();
    }
    write!(out, r#"<path class="thin" d="{thin}"/><path class="thick" d="{thick}"/>"#).unwrap();
    // The labels `c1`..`c9` and `r1`..`r9`, one text element each way with a
    // position per character (a letter and a digit side by side).
    let (mut columns, mut rows, mut row_ys, mut words) =
        (Vec::new(), Vec::new(), Vec::new(), [String::new(), String::new()]);
    for i in 0..9u8 {
        let mid = LABEL + (f64::from(i) + 0.5) * S;
        columns.extend([format!("{:.1}", mid - 3.6), format!("{:.1}", mid + 3.6)]);
        rows.extend(["7.4", "14.6"]);
        row_ys.extend([mid + 4.0, mid + 4.0].map(|y| y.to_string()));
        words[0].push_str(&format!("c{}", i + 1));
        words[1].push_str(&format!("r{}", i + 1));
    }
    write!(out, r#"<text class="lbl" x="{}" y="16">{}</text>"#, columns.join(" "), words[0]).unwrap();
    write!(out, r#"<text class="lbl" x="{}" y="{}">{}</text>"#, rows.join(" "), row_ys.join(" "), words[1]).unwrap();
    out
}

/// The grid: shading, lines, labels, digits, candidates and what lies on them;
/// with `shared_frame`, the lines and labels are the page's one copy ([`frame_defs`]).
fn grid(out: &mut String, board: &Board, id: &str, shared_frame: bool) {
    let m = &board.marks;
    for cell in m.pattern_cells().iter() {
        let (x, y) = corner(cell);
        let class = match m.cell_part(cell) {
            Some(kind) => format!("ck pk{}", kind.look() % LOOKS),
            None => "pc".to_string(),
        };
        write!(out, r#"<rect class="{class}" x="{x}" y="{y}" width="{S}" height="{S}"/>"#).unwrap();
    }
    if shared_frame {
        out.push_str(r##"<use href="#frame"/>"##);
    } else {
        out.push_str(&frame());
    }
    for (k, (house, role)) in m.houses().iter().zip(m.house_roles()).enumerate() {
        house_rect(out, *house, house_class(*role), 2.0 + k as f64 % 3.0);
    }
    // The digits and the candidates no step marks, one text element a line
    // with a position per character: a page of thousands of boards stays
    // small and quick to open.
    let mut runs: std::collections::BTreeMap<(&str, u32), (String, String)> = std::collections::BTreeMap::new();
    let mut add = |class: &'static str, (x, y): (f64, f64), digit: char| {
        let (xs, text) = runs.entry((class, (y * 10.0) as u32)).or_default();
        if !xs.is_empty() {
            xs.push(' ');
        }
        write!(xs, "{x}").unwrap();
        text.push(digit);
    };
    for cell in Cell::all() {
        let (x, y) = corner(cell);
        let middle = (x + S / 2.0, y + S / 2.0 + 11.0);
        match m.kind(cell) {
            CellKind::Given(d) => add("g", middle, char::from(b'0' + d.get())),
            CellKind::Solved(d) => add("s", middle, char::from(b'0' + d.get())),
            CellKind::Open => {}
        }
        for d in m.candidates(cell).iter() {
            let c = Candidate::new(cell, d);
            if m.role(cell, d) == Role::Plain && m.part(cell, d).is_none() {
                let (x, y) = centre(c);
                add("c", (x, y + 4.6), char::from(b'0' + d.get()));
            } else {
                candidate(out, m, c);
            }
        }
    }
    for ((class, y), (xs, text)) in &runs {
        write!(out, r#"<text class="{class}" x="{xs}" y="{}">{text}</text>"#, f64::from(*y) / 10.0).unwrap();
    }
    for fact in &board.facts {
        fact_mark(out, m, fact);
    }
    for bad in &board.bad {
        match *bad {
            Bad::Candidate(c) => {
                let (x, y) = centre(c);
                write!(out, r#"<circle class="bad" cx="{x}" cy="{y}" r="10"/>"#).unwrap();
            }
            Bad::Cell(cell) => {
                let (x, y) = corner(cell);
                write!(
                    out,
                    r#"<rect class="bad" x="{}" y="{}" width="{}" height="{}"/>"#,
                    x + 2.0,
                    y + 2.0,
                    S - 4.0,
                    S - 4.0
                )
                .unwrap();
            }
            Bad::House(house) => house_rect(out, house, "bad", 4.0),
        }
    }
    arrows(out, &board.arrows, id);
}

/// One entry of a board's legend: a part drawn, or a kind of link drawn.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Entry {
    Part(PartKind),
    Link(ArrowKind),
    /// A fish's base or cover sets, outlined apart.
    Set(SetRole),
}

/// The outline of a house: a fish's cover sets dashed, in another color.
fn house_class(role: Option<SetRole>) -> &'static str {
    match role {
        Some(SetRole::Cover) => "house cover",
        Some(SetRole::Base) => "house base",
        Some(SetRole::Aside) => "house aside",
        None => "house",
    }
}

impl Entry {
    fn label(self) -> String {
        match self {
            Entry::Part(kind) => kind.label(),
            Entry::Set(SetRole::Base) => "base set".to_string(),
            Entry::Set(SetRole::Cover) => "cover set".to_string(),
            Entry::Set(SetRole::Aside) => "the fins' box".to_string(),
            Entry::Link(ArrowKind::Strong) => "strong link".to_string(),
            Entry::Link(ArrowKind::Weak) => "weak link".to_string(),
            Entry::Link(ArrowKind::Path) => "next placement".to_string(),
        }
    }

    /// Its width in the legend: the sample, the label, a gap.
    fn width(self) -> f64 {
        34.0 + 7.2 * self.label().chars().count() as f64 + 14.0
    }
}

/// The legend under a board: what its parts and link lines are, and
/// nothing it does not draw. Empty for a board with neither.
fn legend(board: &Board) -> Vec<Entry> {
    let mut entries: Vec<Entry> = board.marks.part_kinds().iter().map(|&k| Entry::Part(k)).collect();
    for role in [SetRole::Base, SetRole::Cover, SetRole::Aside] {
        if board.marks.house_roles().contains(&Some(role)) {
            entries.push(Entry::Set(role));
        }
    }
    for kind in [ArrowKind::Strong, ArrowKind::Weak] {
        if board.arrows.iter().any(|a| a.kind == kind) {
            entries.push(Entry::Link(kind));
        }
    }
    entries
}

/// Height of one line of a legend.
const LEGEND_LINE: f64 = 20.0;

/// The legend's entries, line by line, each with its left edge.
fn legend_layout(entries: &[Entry]) -> Vec<Vec<(f64, Entry)>> {
    let mut lines: Vec<Vec<(f64, Entry)>> = Vec::new();
    let mut x = SIDE;
    for &entry in entries {
        if x + entry.width() > SIDE - PAD {
            lines.push(Vec::new());
            x = LABEL;
        }
        lines.last_mut().expect("a line was opened").push((x, entry));
        x += entry.width();
    }
    lines
}

fn legend_height(entries: &[Entry]) -> f64 {
    let lines = legend_layout(entries).len();
    if lines == 0 {
        0.0
    } else {
        lines as f64 * LEGEND_LINE + 4.0
    }
}

/// Draws the legend under the grid.
fn draw_legend(out: &mut String, entries: &[Entry]) {
    if entries.is_empty() {
        return;
    }
    out.push_str(r#"<g class="legend">"#);
    for (i, line) in legend_layout(entries).iter().enumerate() {
        let y = SIDE + LEGEND_LINE * i as f64 + LEGEND_LINE / 2.0;
        for &(x, entry) in line {
            match entry {
                Entry::Part(kind) => shape(out, kind, x + 12.0, y, 0.9),
                Entry::Set(role) => write!(
                    out,
                    r#"<rect class="{}" x="{x}" y="{}" width="26" height="12" rx="3"/>"#,
                    house_class(Some(role)),
                    y - 6.0
                )
                .unwrap(),
                Entry::Link(kind) => {
                    let class = if kind == ArrowKind::Weak { "key weak" } else { "key strong" };
                    write!(out, r#"<path class="{class}" d="M{x} {y}H{}"/>"#, x + 26.0).unwrap();
                }
            }
            write!(out, r#"<text class="lg" x="{}" y="{}">{}</text>"#, x + 32.0, y + 4.0, escape(&entry.label()))
                .unwrap();
        }
    }
    out.push_str("</g>");
}

/// The top left corner of a cell.
fn corner(cell: Cell) -> (f64, f64) {
    (LABEL + f64::from(cell.col()) * S, LABEL + f64::from(cell.row()) * S)
}

/// A house outlined, `inset` pixels inside its border.
fn house_rect(out: &mut String, house: House, class: &str, inset: f64) {
    let n = f64::from(house.number());
    let (x, y, w, h) = match house.kind() {
        HouseKind::Row => (0.0, n, 9.0, 1.0),
        HouseKind::Col => (n, 0.0, 1.0, 9.0),
        HouseKind::Block => ((n % 3.0) * 3.0, (n / 3.0).floor() * 3.0, 3.0, 3.0),
    };
    write!(
        out,
        r#"<rect class="{class}" x="{}" y="{}" width="{}" height="{}" rx="4"/>"#,
        LABEL + x * S + inset,
        LABEL + y * S + inset,
        w * S - 2.0 * inset,
        h * S - 2.0 * inset
    )
    .unwrap();
}

/// A candidate: a disc behind it for its role, the digit, and a cross over
/// it when the step removes it.
fn candidate(out: &mut String, m: &Marks, c: Candidate) {
    let (x, y) = centre(c);
    let role = m.role(c.cell, c.digit);
    let (disc, class) = match role {
        Role::Plain => (None, "c"),
        Role::Pattern => (Some("hi-pt"), "c pt"),
        Role::Lost => (None, "c lo"),
        Role::Removed => (Some("hi-rm"), "c rm"),
        Role::Placed => (Some("hi-pl placed"), "c pl"),
    };
    // A part's candidate keeps its part's mark when the step removes it (a
    // false color), the strike over it.
    match m.part(c.cell, c.digit) {
        Some(kind) if matches!(role, Role::Pattern | Role::Removed) => shape(out, kind, x, y, 1.0),
        _ => {
            if let Some(disc) = disc {
                write!(out, r#"<circle class="{disc}" cx="{x}" cy="{y}" r="8.5"/>"#).unwrap();
            }
        }
    }
    write!(out, r#"<text class="{class}" x="{x}" y="{}">{}</text>"#, y + 4.6, c.digit).unwrap();
    let r = 6.5;
    match role {
        Role::Removed => {
            write!(
                out,
                r#"<path class="strike" d="M{} {}L{} {}M{} {}L{} {}"/>"#,
                x - r,
                y - r,
                x + r,
                y + r,
                x - r,
                y + r,
                x + r,
                y - r
            )
            .unwrap();
        }
        Role::Lost => {
            write!(out, r#"<path class="lost" d="M{} {}L{} {}"/>"#, x - r, y + r, x + r, y - r).unwrap();
        }
        Role::Plain | Role::Pattern | Role::Placed => {}
    }
}

/// A part's mark around the point (`x`, `y`), `scale` times the size
/// behind a candidate: each look a color of its own and a shape of its own
/// (disc, square, diamond, triangle, hexagon, star), so that parts stay apart
/// without color too.
fn shape(out: &mut String, kind: PartKind, x: f64, y: f64, scale: f64) {
    let look = kind.look() % LOOKS;
    let class = format!("pk pk{look} part-{}", kind.as_str());
    let r = 8.5 * scale;
    let points = |corners: &[(f64, f64)]| {
        let list: Vec<String> = corners.iter().map(|(dx, dy)| format!("{:.1},{:.1}", x + dx * r, y + dy * r)).collect();
        list.join(" ")
    };
    match look {
        0 => write!(out, r#"<circle class="{class}" cx="{x}" cy="{y}" r="{r}"/>"#),
        1 => write!(
            out,
            r#"<rect class="{class}" x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}"/>"#,
            x - 0.9 * r,
            y - 0.9 * r,
            1.8 * r,
            1.8 * r
        ),
        2 => write!(
            out,
            r#"<polygon class="{class}" points="{}"/>"#,
            points(&[(0.0, -1.2), (1.2, 0.0), (0.0, 1.2), (-1.2, 0.0)])
        ),
        3 => write!(
            out,
            r#"<polygon class="{class}" points="{}"/>"#,
            points(&[(0.0, -1.25), (1.15, 0.85), (-1.15, 0.85)])
        ),
        4 => write!(
            out,
            r#"<polygon class="{class}" points="{}"/>"#,
            points(&[(1.05, 0.0), (0.52, 0.91), (-0.52, 0.91), (-1.05, 0.0), (-0.52, -0.91), (0.52, -0.91)])
        ),
        _ => write!(
            out,
            r#"<polygon class="{class}" points="{}"/>"#,
            points(&[
                (0.0, -1.25),
                (0.32, -0.4),
                (1.2, -0.4),
                (0.5, 0.15),
                (0.75, 1.0),
                (0.0, 0.5),
                (-0.75, 1.0),
                (-0.5, 0.15),
                (-1.2, -0.4),
                (-0.32, -0.4)
            ])
        ),
    }
    .unwrap();
}

/// A fact of a branch: a ring on a candidate that holds (thicker for the
/// assumption), a light slash on one ruled out.
fn fact_mark(out: &mut String, m: &Marks, fact: &FactMark) {
    if !m.candidates(fact.candidate.cell).contains(fact.candidate.digit) {
        return;
    }
    let (x, y) = centre(fact.candidate);
    let r = 6.0;
    match (fact.holds, fact.assumed) {
        (true, true) => write!(out, r#"<circle class="assumed" cx="{x}" cy="{y}" r="9.5"/>"#),
        (true, false) => write!(out, r#"<circle class="on" cx="{x}" cy="{y}" r="9.5"/>"#),
        (false, _) => write!(out, r#"<path class="off" d="M{} {}L{} {}"/>"#, x - r, y - r, x + r, y + r),
    }
    .unwrap();
}

/// The arrowheads of a board's arrows, named after the board.
fn markers(out: &mut String, id: &str) {
    out.push_str("<defs>");
    for (name, color) in [("s", "#1f4fd8"), ("p", "#2e9b2e")] {
        write!(
            out,
            r#"<marker id="{id}-{name}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto"><path d="M0 1L10 5L0 9z" fill="{color}"/></marker>"#
        )
        .unwrap();
    }
    out.push_str("</defs>");
}

/// The arrows, each a gentle curve, so that a link back along the same
/// line and links that cross stay apart; the ends stop short of the digits.
fn arrows(out: &mut String, arrows: &[Arrow], id: &str) {
    if arrows.is_empty() {
        return;
    }
    if arrows.iter().any(|a| a.head) {
        markers(out, id);
    }
    for a in arrows {
        let (dx, dy) = (a.to.0 - a.from.0, a.to.1 - a.from.1);
        let len = (dx * dx + dy * dy).sqrt().max(1.0);
        let (ux, uy) = (dx / len, dy / len);
        let gap = 8.0_f64.min(len / 3.0);
        let (x1, y1) = (a.from.0 + ux * gap, a.from.1 + uy * gap);
        let (x2, y2) = (a.to.0 - ux * gap, a.to.1 - uy * gap);
        // The control point off the middle, on the side towards the grid's
        // centre, so that a link along an edge stays on the board.
        let bend = (len * 0.18).min(40.0);
        let (mx, my) = ((x1 + x2) / 2.0, (y1 + y2) / 2.0);
        let middle = LABEL + 4.5 * S;
        let side = if (middle - mx) * uy - (middle - my) * ux >= 0.0 { 1.0 } else { -1.0 };
        let (qx, qy) = (mx + side * uy * bend, my - side * ux * bend);
        let (class, marker) = match a.kind {
            ArrowKind::Strong => ("link strong", "s"),
            ArrowKind::Weak => ("link weak", "s"),
            ArrowKind::Path => ("link path", "p"),
        };
        let end = if a.head { format!(r#" marker-end="url(#{id}-{marker})""#) } else { String::new() };
        write!(out, r#"<path class="{class}" d="M{x1:.1} {y1:.1}Q{qx:.1} {qy:.1} {x2:.1} {y2:.1}"{end}/>"#).unwrap();
    }
}
