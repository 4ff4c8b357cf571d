//! `solve --format html`: one self-contained page (inline CSS and SVG, a
//! few lines of plain JavaScript for the keys, nothing fetched) with, per
//! puzzle, its givens and summary on top and then every step as a board
//! before the step beside its text.
//!
//! A batch is one page with a section per puzzle, in input order; the keys
//! (`j`/`k`, right/left arrows) walk every step of the page in order.
//! Anchors: `#p2` is puzzle 2, `#p2-s14` its step 14, `#p2-s14-sp1` that
//! step's sub-proof `[1]`.

use super::proof::numbered_proof;
use super::svg::{board_svg, escape, frame_defs, position_board, run_board, step_boards, STYLE};
use super::text::summary;
use super::{reason, tell, Flush, Printer, RecordPrinter};
use crate::explain::observer::Observer;
use crate::explain::outcome::{Outcome, Status};
use crate::explain::step::{Step, TextPart};
use crate::io::format::{to_line, to_pencil_line};
use crate::io::input::{Origin, Puzzle};
use crate::model::grid::Grid;
use crate::tools::all_steps::Listing;
use std::fmt::Write as _;
use std::io::{self, Write};

const PAGE_STYLE: &str = "\
body{font:15px/1.45 'DejaVu Sans',Verdana,sans-serif;margin:1em 2em;color:#222;background:#fafafa}\
h1{font-size:1.4em}h2{font-size:1.2em;margin-top:2em;border-bottom:2px solid #ccc}\
.givens,.solution{font-family:'DejaVu Sans Mono',monospace;word-break:break-all}\
.step{display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start;border-top:1px solid #ddd;padding:.8em 0}\
.step:target,.run .line:target{background:#eef6ff}.run{color:#444}\
section.step{content-visibility:auto;contain-intrinsic-size:auto 560px}.boards{display:flex;flex-wrap:wrap;gap:.6em}\
svg.board{width:420px;height:auto;background:#fff}.words{flex:1;min-width:22em;max-width:48em}\
.words .name{font-weight:bold}.words .pt{color:#006b80}.words .pl{color:#137a13;font-weight:bold}\
.words .rm{color:#c00000;font-weight:bold}.proof{font-family:'DejaVu Sans Mono',monospace;font-size:.9em;\
padding-left:0;list-style:none}.proof li{margin:.3em 0;padding-left:2em;text-indent:-2em}.nav a{margin-right:1.2em}.keys{color:#666;font-size:.9em}\
.start svg.board{width:360px}.many .words{max-width:none;flex-basis:100%}\
.only .step:not(:target):not(:has(:target)),.only .puzzle:not(:has(:target)),.only .start,.only .solution,.only .keys,.only h1{display:none}";

// `?only` in the address shows the targeted step alone (`page.html?only#p1-s7`):
// a slide per step, walked with the keys, or one step for a screenshot.
// `data-steps` tells a checker the script ran. No `<` or `&` in it: the page
// stays well-formed XML, which the tests parse.
const SCRIPT: &str = "(function(){\
var s=[].slice.call(document.querySelectorAll('section.step'));\
document.body.setAttribute('data-steps',String(s.length));\
if(/(^|\\W)only(\\W|$)/.test(location.search)){document.body.className+=' only';\
var top=function(){setTimeout(function(){window.scrollTo(0,0);},30);};\
addEventListener('hashchange',top);addEventListener('load',top);}\
function at(){var e=document.getElementById(location.hash.slice(1));return s.indexOf(e?e.closest('section.step'):null);}\
function go(i){if(!s.length)return;i=Math.max(0,Math.min(s.length-1,i));location.hash=s[i].id;}\
document.addEventListener('keydown',function(e){if(e.altKey||e.ctrlKey||e.metaKey)return;\
var i=at();if(e.key=='j'||e.key=='ArrowRight'){go(i+1);e.preventDefault();}\
else if(e.key=='k'||e.key=='ArrowLeft'){go(Math.max(i-1,0));e.preventDefault();}});})();";

/// The page's head and opening, titled `title`, with what the keys do
/// and how the boards draw a step.
pub(super) fn page_head(title: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/>\
         <meta name=\"viewport\" content=\"width=device-width\"/><title>{title}</title>\
         <style>{PAGE_STYLE}{STYLE}</style></head><body>\n<h1>{title}</h1>\n\
         <p class=\"keys\">Keys: <b>j</b> or <b>→</b> next step, <b>k</b> or <b>←</b> previous step \
         (add <b>?only</b> to the address to see one step at a time). \
         Each board shows the position before its step: pattern cells shaded, pattern candidates \
         cyan, removed candidates struck in red, placements green, strong links solid arrows, weak \
         links dashed.</p>\n{}\n",
        frame_defs()
    )
}

/// The page's end: the keys' script.
pub(super) fn page_end() -> String {
    format!("<script>{SCRIPT}</script>\n</body></html>\n")
}

/// An explained solve as one HTML page. Call [`HtmlPrinter::finish`] after
/// the last record to close the page.
pub struct HtmlPrinter<W> {
    out: W,
    opened: bool,
    records: usize,
    givens: [u8; 81],
    before: Option<Grid>,
    /// The record's steps so far: written after its summary, known only at its end.
    steps: String,
    start: String,
    /// The record being solved, as [`Printer::start`] told it.
    origin: Origin,
    /// The run of singles not written yet, with the grid before its first.
    singles: Vec<(usize, Step)>,
    singles_before: Option<Grid>,
}

impl<W: Write> HtmlPrinter<W> {
    /// A printer writing one page to `out`.
    pub fn new(out: W) -> HtmlPrinter<W> {
        HtmlPrinter {
            out,
            opened: false,
            records: 0,
            givens: [0; 81],
            before: None,
            steps: String::new(),
            start: String::new(),
            origin: Origin::default(),
            singles: Vec::new(),
            singles_before: None,
        }
    }

    fn open(&mut self) -> io::Result<()> {
        if !self.opened {
            self.opened = true;
            self.out.write_all(page_head("Sudoku solve").as_bytes())?;
        }
        Ok(())
    }

    /// Closes the page (an empty one when no record was read).
    pub fn finish(&mut self) -> io::Result<()> {
        self.open()?;
        self.out.write_all(page_end().as_bytes())?;
        self.out.flush()
    }

    fn step_html(&self, number: usize, step: &Step, before: &Grid) -> String {
        step_section(self.records, number, step, before, Some(&self.givens))
    }

    /// Writes the run of singles held back: one section for a run of
    /// several, one board with all their placements (a page of a whole file
    /// stays a few megabytes), a step's own section for a run of one.
    fn put_singles(&mut self) {
        let run = std::mem::take(&mut self.singles);
        let Some(before) = self.singles_before.take() else { return };
        let html = match &run[..] {
            [] => return,
            [(number, step)] => self.step_html(*number, step, &before),
            _ => run_section(self.records, &run, &before, Some(&self.givens)),
        };
        self.steps.push_str(&html);
    }
}

/// A step's text as HTML, each part in its class.
fn paint(part: TextPart, text: &str) -> String {
    match part {
        TextPart::Name => format!("<span class=\"name\">{}</span>", escape(text)),
        TextPart::Pattern => format!("<span class=\"pt\">{}</span>", escape(text)),
        TextPart::Result => text
            .split(", ")
            .map(|r| {
                let class = if r.contains("<>") { "rm" } else { "pl" };
                format!("<span class=\"{class}\">{}</span>", escape(r))
            })
            .collect::<Vec<_>>()
            .join(", "),
        TextPart::Reason => escape(text),
    }
}

/// The links to the step before and the step after, or up to the puzzle.
fn nav(record: usize, first: usize, last: usize) -> String {
    let mut html = String::from("<p class=\"nav\">");
    if first > 1 {
        write!(html, "<a href=\"#p{record}-s{}\">← step {}</a>", first - 1, first - 1).unwrap();
    } else {
        write!(html, "<a href=\"#p{record}\">↑ puzzle {record}</a>").unwrap();
    }
    write!(html, "<a href=\"#p{record}-s{}\">step {} →</a>", last + 1, last + 1).unwrap();
    html.push_str("</p>");
    html
}

/// A run of singles as one section, anchored `p{record}-s{first}`: one
/// board with every placement of the run on the grid before it, beside the
/// steps' lines, each anchored by its number.
fn run_section(record: usize, run: &[(usize, Step)], before: &Grid, givens: Option<&[u8; 81]>) -> String {
    let (first, last) = (run[0].0, run[run.len() - 1].0);
    let id = format!("p{record}-s{first}");
    let steps: Vec<Step> = run.iter().map(|(_, s)| s.clone()).collect();
    let board = board_svg(&run_board(before, givens, &steps), &format!("{id}-b1"), false, false);
    let mut html = format!("<div class=\"boards\">{board}</div>\n<div class=\"words\">");
    writeln!(
        html,
        "<p class=\"run\">Steps {first} to {last}, singles, all drawn on the board before step {first}:</p>"
    )
    .unwrap();
    for (number, step) in run {
        let anchor = if *number == first { String::new() } else { format!(" id=\"p{record}-s{number}\"") };
        writeln!(
            html,
            "<p class=\"line\"{anchor}><a href=\"#p{record}-s{number}\">{number}.</a> {}</p>",
            step.text_with(paint)
        )
        .unwrap();
    }
    html.push_str(&nav(record, first, last));
    html.push_str("</div>\n");
    format!("<section class=\"step run\" id=\"{id}\">\n{html}</section>\n")
}

/// One step's section of a page: its boards (the position before it, the
/// step drawn on it) beside its words, anchored `p{record}-s{number}`.
fn step_section(record: usize, number: usize, step: &Step, before: &Grid, givens: Option<&[u8; 81]>) -> String {
    let id = format!("p{record}-s{number}");
    let boards = step_boards(before, givens, step);
    let mut pictures = String::from("<div class=\"boards\">");
    for (k, board) in boards.iter().enumerate() {
        let board_id = match board.sub_proof {
            Some(n) => format!("{id}-sp{n}"),
            None => format!("{id}-b{}", k + 1),
        };
        pictures.push_str(&board_svg(board, &board_id, false, false));
    }
    pictures.push_str("</div>\n");
    let mut html = String::from("<div class=\"words\">");
    write!(html, "<p class=\"line\"><a href=\"#{id}\">{number}.</a> ").unwrap();
    match &step.forcing {
        Some(forcing) => {
            html.push_str(&step.headline_with(paint));
            html.push_str(".</p>\n<ul class=\"proof\">");
            let (lines, _) = numbered_proof(forcing);
            for line in lines {
                let mut text = escape(&line);
                // `[2]` names sub-proof 2: link it to its board.
                for k in (1..=forcing.nested.len()).rev() {
                    let name = format!("[{k}]");
                    text = text.replace(&name, &format!("<a href=\"#{id}-sp{k}\">{name}</a>"));
                }
                write!(html, "<li>{text}</li>").unwrap();
            }
            html.push_str("</ul>\n");
        }
        None => {
            html.push_str(&step.text_with(paint));
            html.push_str("</p>\n");
        }
    }
    html.push_str(&nav(record, number, number));
    html.push_str("</div>\n");
    // One board beside its words; several (a forcing step's branches) below them.
    let (class, body) = if boards.len() > 1 { ("step many", html + &pictures) } else { ("step", pictures + &html) };
    format!("<section class=\"{class}\" id=\"{id}\">\n{body}</section>\n")
}

impl<W: Write> Observer<io::Error> for HtmlPrinter<W> {
    fn begin(&mut self, puzzle: &Puzzle, grid: &Grid) -> io::Result<()> {
        self.origin = puzzle.origin();
        self.records += 1;
        self.givens = puzzle.givens;
        self.before = Some(grid.clone());
        self.steps.clear();
        let board = position_board(grid, Some(&puzzle.givens));
        self.start = board_svg(&board, &format!("p{}-start", self.records), false, false);
        Ok(())
    }

    fn step(&mut self, number: usize, step: &Step, grid: &Grid) -> io::Result<()> {
        let before = self.before.replace(grid.clone()).expect("begin comes first");
        if step.descriptor().single {
            if self.singles.is_empty() {
                self.singles_before = Some(before);
            }
            self.singles.push((number, step.clone()));
            return Ok(());
        }
        self.put_singles();
        let html = self.step_html(number, step, &before);
        self.steps.push_str(&html);
        Ok(())
    }

    fn end(&mut self, outcome: &Outcome) -> io::Result<()> {
        self.put_singles();
        self.open()?;
        // A record that never began (not a puzzle, no solution) is counted here.
        if outcome.grid.is_none() {
            self.records += 1;
        }
        let record = self.records;
        if let Some(reason) = reason(&self.origin, &outcome.verdict()) {
            tell(&reason);
        }
        let label = self.origin.label.as_deref().map(|l| format!(" [{}]", escape(l))).unwrap_or_default();
        let mut html = format!(
            "<section class=\"puzzle\" id=\"p{record}\">\n<h2>Puzzle {record} ({}){label}</h2>\n",
            escape(&self.origin.place())
        );
        if let Some(givens) = &outcome.puzzle {
            writeln!(html, "<p class=\"givens\">{}</p>", to_line(givens)).unwrap();
        }
        match outcome.status {
            Status::Solved => {
                writeln!(html, "<p class=\"summary\">{}</p>", escape(&summary(outcome))).unwrap();
            }
            _ => {
                let why =
                    reason(&self.origin, &outcome.verdict()).unwrap_or_else(|| outcome.status.as_str().to_string());
                writeln!(html, "<p class=\"summary\">{}</p>", escape(&why)).unwrap();
            }
        }
        if outcome.grid.is_some() {
            writeln!(html, "<div class=\"start\">{}</div>", std::mem::take(&mut self.start)).unwrap();
        }
        html.push_str(&std::mem::take(&mut self.steps));
        if let Some(solution) = &outcome.solution {
            writeln!(
                html,
                "<p class=\"solution\" id=\"p{record}-s{}\">Solution: {}</p>",
                outcome.steps.len() + 1,
                to_line(solution)
            )
            .unwrap();
        }
        html.push_str("</section>\n");
        self.out.write_all(html.as_bytes())
    }
}

impl<W: Write> Flush for HtmlPrinter<W> {
    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

impl<W: Write> Printer for HtmlPrinter<W> {
    fn start(&mut self, origin: &Origin) -> io::Result<()> {
        self.origin = origin.clone();
        Ok(())
    }
}

/// `steps --format html`: one page with a section per position and in it
/// every listed step's board beside its words, numbered as the text
/// numbers them. Call [`StepsPagePrinter::finish`] after the last record.
pub struct StepsPagePrinter<W> {
    out: W,
    opened: bool,
    records: usize,
}

impl<W: Write> StepsPagePrinter<W> {
    /// A printer writing one page to `out`.
    pub fn new(out: W) -> StepsPagePrinter<W> {
        StepsPagePrinter { out, opened: false, records: 0 }
    }

    fn open(&mut self) -> io::Result<()> {
        if !self.opened {
            self.opened = true;
            self.out.write_all(page_head("Sudoku steps").as_bytes())?;
        }
        Ok(())
    }

    /// Closes the page (an empty one when no record was read).
    pub fn finish(&mut self) -> io::Result<()> {
        self.open()?;
        self.out.write_all(page_end().as_bytes())?;
        self.out.flush()
    }
}

impl<W: Write> RecordPrinter<(Origin, Listing)> for StepsPagePrinter<W> {
    fn print(&mut self, (origin, listing): &(Origin, Listing)) -> io::Result<()> {
        self.open()?;
        self.records += 1;
        let record = self.records;
        let label = origin.label.as_deref().map(|l| format!(" [{}]", escape(l))).unwrap_or_default();
        let mut html = format!(
            "<section class=\"puzzle\" id=\"p{record}\">\n<h2>Position {record} ({}){label}</h2>\n",
            escape(&origin.place())
        );
        match listing {
            Listing::Steps { grid, groups } => {
                writeln!(html, "<p class=\"givens\">{}</p>", escape(&to_pencil_line(grid))).unwrap();
                let board = position_board(grid, None);
                writeln!(
                    html,
                    "<div class=\"start\">{}</div>",
                    board_svg(&board, &format!("p{record}-start"), false, false)
                )
                .unwrap();
                let mut number = 0;
                for group in groups {
                    writeln!(html, "<h3>{}</h3>", escape(&super::steps::group_heading(group))).unwrap();
                    for step in &group.steps {
                        number += 1;
                        html.push_str(&step_section(record, number, step, grid, None));
                    }
                }
                if number == 0 {
                    html.push_str("<p class=\"summary\">No step: no technique asked applies.</p>\n");
                }
            }
            Listing::Se { .. } => {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidInput,
                    "--se lists Sudoku Explainer's hints as text or JSON; they have no pictures",
                ))
            }
            Listing::Solved { .. } => {
                tell(&format!("{}: already solved", origin.place()));
                html.push_str("<p class=\"summary\">Already solved.</p>\n");
            }
            Listing::Refused(verdict) => {
                let why = reason(origin, verdict).unwrap_or_else(|| verdict.status.as_str().to_string());
                tell(&why);
                writeln!(html, "<p class=\"summary\">{}</p>", escape(&why)).unwrap();
            }
        }
        html.push_str("</section>\n");
        self.out.write_all(html.as_bytes())
    }
}

impl<W: Write> Flush for StepsPagePrinter<W> {
    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}
