//! The candidate grid in text: the position before a step, with the step
//! drawn on its candidates.
//!
//! Each cell is a 3x3 block of candidate slots, the digit `d` always in the
//! same slot, each slot two characters wide: a mark, then the digit. One
//! line per row would need nine slots per cell, 81 columns before any mark
//! or border; three lines per row fit marks and borders in 79 columns, and
//! a digit is found by where it sits, as on paper. Marks are characters,
//! so the picture reads the same without color:
//!
//! ```text
//! *5 pattern   ~5 leaves with the placement   -5 removed   +5 placed   [5] given   (5) solved earlier
//! ```
//!
//! A pattern's parts have letters: `a5`/`b5` a coloring's two colors (`c5`/`d5`
//! a second cluster's), `A5`, `B5` each almost locked set or petal, `S5` a
//! Death Blossom's stem, `f5` a fin, `e5` an endo-fin.

use super::marks::{CellKind, Marks, Role};
use super::Palette;
use crate::explain::parts::PartKind;
use crate::explain::step::{SetRole, Step};
use crate::io::format::pencil_group;
use crate::model::cell::{Cell, Digit};
use crate::model::grid::Grid;
use owo_colors::Style;

/// The grid before `step` (all of it, when `step` is `None`), every digit
/// of it taken as given; see [`marks_grid`] to tell givens from digits
/// placed by a solve.
pub fn candidate_grid(grid: &Grid, step: Option<&Step>, palette: &Palette) -> String {
    let marks = match step {
        Some(step) => Marks::of_step(grid, None, step),
        None => Marks::new(grid, None),
    };
    marks_grid(&marks, palette)
}

/// The position as a pencil-mark grid that `solve` and `hint` read back:
/// nine lines, each cell as a pencil-mark line writes it (a given `5`, a
/// digit placed since `+5`, candidates, one candidate `{5}`), padded per
/// column. No step marks: it is for carrying a position on, not for
/// showing a step.
pub fn pencil_grid(grid: &Grid) -> String {
    let text_of = |c: Cell| pencil_group(grid, c);
    let widths: Vec<usize> =
        (0..9).map(|col| (0..9).map(|row| text_of(Cell::at(row, col)).len()).max().unwrap_or(1)).collect();
    let band_width = |band: usize| (band * 3..band * 3 + 3).map(|c| widths[c] + 2).sum::<usize>() + 1;
    let border: String = (0..3).map(|b| "-".repeat(band_width(b))).collect::<Vec<_>>().join("+");
    let mut out = String::new();
    for row in 0..9u8 {
        if row == 3 || row == 6 {
            out.push_str(&border);
            out.push('\n');
        }
        let mut line = String::new();
        for col in 0..9u8 {
            if col == 3 || col == 6 {
                line.push_str(" |");
            }
            let text = text_of(Cell::at(row, col));
            line.push_str("  ");
            line.push_str(&text);
            line.push_str(&" ".repeat(widths[col as usize] - text.len()));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// Columns of one cell: three slots of a mark and a digit.
const CELL: usize = 6;

/// The picture as text: column labels, then per row of cells three lines of
/// slots, boxes bordered, a blank line between rows of one box, and a
/// legend of the marks used.
pub fn marks_grid(marks: &Marks, palette: &Palette) -> String {
    let border = format!("   +{}+\n", vec!["-".repeat(3 * (CELL + 2)); 3].join("+"));
    let mut out = String::from("   ");
    for col in 0..9 {
        let lead = if col % 3 == 0 { 1 } else { 0 };
        // `c4` sits over the middle slot: its digit over the cell's middle digit.
        out.push_str(&format!("{:lead$}   c{}   ", "", col + 1, lead = lead));
    }
    let mut out = out.trim_end().to_string() + "\n";
    let mut used = Vec::new();
    for row in 0..9u8 {
        if row % 3 == 0 {
            out.push_str(&border);
        } else {
            out.push_str(&format!("   {}|\n", format!("|{}", " ".repeat(3 * (CELL + 2))).repeat(3)));
        }
        for line in 0..3u8 {
            let label = if line == 1 { format!("r{} ", row + 1) } else { "   ".to_string() };
            out.push_str(&label);
            for col in 0..9u8 {
                if col % 3 == 0 {
                    out.push('|');
                }
                out.push(' ');
                out.push_str(&cell_line(marks, Cell::at(row, col), line, palette, &mut used));
                out.push(' ');
            }
            out.push_str("|\n");
        }
    }
    out.push_str(&border);
    if !used.is_empty() {
        used.sort();
        // Lines of at most 79 columns, measured without the color escapes.
        let mut line = String::new();
        let mut width = 0;
        for &drawn in &used {
            let entry_width = legend(drawn, &Palette::default()).chars().count();
            if width > 0 && width + 3 + entry_width > 79 {
                out.push_str(&line);
                out.push('\n');
                (line, width) = (String::new(), 0);
            }
            if width > 0 {
                line.push_str("   ");
                width += 3;
            }
            line.push_str(&legend(drawn, palette));
            width += entry_width;
        }
        out.push_str(&line);
        out.push('\n');
    }
    // The text grid outlines no house: a fish's sets are named.
    let named = |role| {
        let houses = marks.houses().iter().zip(marks.house_roles());
        houses.filter(|(_, r)| **r == Some(role)).map(|(h, _)| h.to_string()).collect::<Vec<_>>().join(" ")
    };
    let (bases, covers) = (named(SetRole::Base), named(SetRole::Cover));
    if !bases.is_empty() {
        out.push_str(&format!("base sets {bases}   cover sets {covers}\n"));
    }
    out
}

/// A line of a legend entry: what is drawn that a reader may not know.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Drawn {
    Role(Role),
    Part(PartKind),
    Given,
    Solved,
}

/// One line (0, 1 or 2) of a cell, `CELL` columns wide.
fn cell_line(marks: &Marks, cell: Cell, line: u8, palette: &Palette, used: &mut Vec<Drawn>) -> String {
    let mut note = |drawn: Drawn| {
        if !used.contains(&drawn) {
            used.push(drawn);
        }
    };
    match marks.kind(cell) {
        CellKind::Given(d) if line == 1 => {
            note(Drawn::Given);
            format!("  {} ", palette.paint(&format!("[{d}]"), Style::new().bold()))
        }
        CellKind::Solved(d) if line == 1 => {
            note(Drawn::Solved);
            format!("  ({d}) ")
        }
        CellKind::Given(_) | CellKind::Solved(_) => " ".repeat(CELL),
        CellKind::Open => {
            let candidates = marks.candidates(cell);
            let mut s = String::new();
            for k in 1..=3 {
                let digit = Digit::new(line * 3 + k);
                if !candidates.contains(digit) {
                    s.push_str("  ");
                    continue;
                }
                let role = marks.role(cell, digit);
                match marks.part(cell, digit) {
                    Some(kind) if role == Role::Pattern => {
                        note(Drawn::Part(kind));
                        s.push_str(&part_slot(kind, digit, palette));
                    }
                    _ => {
                        if role != Role::Plain {
                            note(Drawn::Role(role));
                        }
                        s.push_str(&slot(role, digit, palette));
                    }
                }
            }
            s
        }
    }
}

/// A candidate's two columns: its mark and digit, in its role's color.
fn slot(role: Role, digit: Digit, palette: &Palette) -> String {
    let (mark, style) = role_style(role);
    palette.paint(&format!("{mark}{digit}"), style)
}

/// A candidate of a part of the pattern: the part's letter and color.
fn part_slot(kind: PartKind, digit: Digit, palette: &Palette) -> String {
    palette.paint(&format!("{}{digit}", part_mark(kind)), part_style(kind))
}

/// The letter of a part: a coloring's colors in pairs (`a`/`b`, `c`/`d`,
/// ...), the sets `A`, `B`, `C` (the stem `S`), fins `f`, endo-fins `e`,
/// an Exocet's base `B` and targets `T`.
fn part_mark(kind: PartKind) -> char {
    const COLORS: &[u8] = b"abcdghjkmnpqrstuvwxy";
    match kind {
        PartKind::Color { .. } => char::from(COLORS[usize::from(kind.number()) % COLORS.len()]),
        PartKind::Als(n) | PartKind::Petal(n) => char::from(b'A' + n % 26),
        PartKind::Stem => 'S',
        PartKind::Fin => 'f',
        PartKind::EndoFin => 'e',
        PartKind::ExocetBase => 'B',
        PartKind::ExocetTarget => 'T',
    }
}

/// A part's color, one per look as the pictures have them.
fn part_style(kind: PartKind) -> Style {
    match kind.look() % 6 {
        0 => Style::new().blue().bold(),
        1 => Style::new().yellow().bold(),
        2 => Style::new().green(),
        3 => Style::new().magenta().bold(),
        4 => Style::new().cyan(),
        _ => Style::new().red(),
    }
}

/// The mark and color of a role: results as the text colors them
/// (placements green, eliminations red), the pattern cyan as its text is.
fn role_style(role: Role) -> (char, Style) {
    match role {
        Role::Plain => (' ', Style::new()),
        Role::Pattern => ('*', Style::new().cyan()),
        Role::Lost => ('~', Style::new().red().dimmed()),
        Role::Removed => ('-', Style::new().red().bold()),
        Role::Placed => ('+', Style::new().green().bold()),
    }
}

fn legend(drawn: Drawn, palette: &Palette) -> String {
    let five = Digit::new(5);
    match drawn {
        Drawn::Role(role) => {
            let what = match role {
                Role::Pattern => "pattern",
                Role::Removed => "removed",
                Role::Placed => "placed",
                Role::Lost => "leaves with the placement",
                Role::Plain => "candidate",
            };
            format!("{} {what}", slot(role, five, palette).trim_start())
        }
        Drawn::Part(kind) => format!("{} {}", part_slot(kind, five, palette), kind.label()),
        Drawn::Given => format!("{} given", palette.paint("[5]", Style::new().bold())),
        Drawn::Solved => "(5) solved earlier".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::catalog::TechniqueId;
    use crate::model::cell::Candidate;
    use crate::model::grid::House;
    use crate::model::sets::DigitSet;

    #[test]
    fn draws_the_step_on_the_grid_before_it_with_fixed_columns() {
        let mut givens = [0u8; 81];
        givens[80] = 9;
        let g = Grid::from_values(&givens);
        let five = Digit::new(5);
        let step = Step::new(TechniqueId::HiddenSingle)
            .place(Cell::at(0, 0), five)
            .eliminate_all([Candidate::new(Cell::at(0, 4), Digit::new(3))])
            .pattern([Cell::at(0, 0)], DigitSet::single(five), [House::row(0)]);
        let text = candidate_grid(&g, Some(&step), &Palette::default());
        let lines: Vec<&str> = text.lines().collect();
        // header, 4 borders, 27 lines of cells, 6 blank lines inside boxes, legend
        assert_eq!(lines.len(), 1 + 4 + 27 + 6 + 1, "{text}");
        assert!(lines.iter().all(|l| l.chars().count() <= 80), "{text}");
        assert_eq!(lines[0].find("c1"), Some(7));
        assert_eq!(lines[2].find("2-3"), Some(5 + 4 * 8 + 1 + 3));
        assert!(lines[3].starts_with("r1 |  4+5 6   4~5 6 "), "{text}");
        assert!(lines[4].starts_with("   |  7 8 9 "), "{text}");
        assert!(lines.last().unwrap().contains("-5 removed"));
        assert!(lines.last().unwrap().ends_with("[5] given"));
        let r9 = lines.iter().find(|l| l.starts_with("r9 ")).unwrap();
        assert!(r9.ends_with("   [9]  |"), "{text}");
        // the box bars line up in every line but the header and legend
        let corners: Vec<usize> = lines[1].match_indices('+').map(|(i, _)| i).collect();
        let bars = |l: &str| l.match_indices('|').map(|(i, _)| i).collect::<Vec<_>>();
        assert!(lines[2..lines.len() - 1].iter().all(|l| l.starts_with("   +") || bars(l) == corners), "{text}");
    }

    #[test]
    fn parts_have_letters_and_the_legend_wraps_at_79_columns() {
        let g = Grid::from_values(&[0; 81]);
        let five = Digit::new(5);
        let step = (0..4u8)
            .fold(Step::new(TechniqueId::MultiColoring), |step, k| {
                let kind = PartKind::Color { cluster: k / 2, side: k % 2 };
                step.part(kind, [Candidate::new(Cell::at(k, k), five)])
            })
            .pattern((0..4u8).map(|k| Cell::at(k, k)), DigitSet::single(five), [])
            .eliminate_all([Candidate::new(Cell::at(8, 0), five)])
            .place(Cell::at(8, 8), Digit::new(9));
        let text = candidate_grid(&g, Some(&step), &Palette::default());
        let lines: Vec<&str> = text.lines().collect();
        let r1 = lines.iter().find(|l| l.starts_with("r1 ")).unwrap();
        assert!(r1.contains("4a5 6"), "{text}");
        let r4 = lines.iter().find(|l| l.starts_with("r4 ")).unwrap();
        assert!(r4.contains("4d5 6"), "{text}");
        let legend = &lines[lines.iter().rposition(|l| l.starts_with("   +")).unwrap() + 1..];
        assert!(legend.len() > 1 && legend.iter().all(|l| l.chars().count() <= 79), "{legend:?}");
        let said = legend.join("   ");
        for words in ["a5 color 1a", "b5 color 1b", "c5 color 2a", "d5 color 2b", "-5 removed", "+5 placed"] {
            assert!(said.contains(words), "{said}");
        }
    }
}
