//! The candidate grid: every cell's value or candidates, the changed cells marked.

use super::Palette;
use crate::grid::{Cell, Grid};
use crate::step::Step;
use owo_colors::Style;

/// The grid as nine rows of cells, each a value or its candidates, padded
/// per column. Cells the step changed carry a `*`; with color, placements
/// are green, cells that lost candidates yellow, the pattern's cells cyan.
pub fn candidate_grid(grid: &Grid, step: Option<&Step>, palette: &Palette) -> String {
    let text_of = |c: Cell| match grid.value(c) {
        Some(d) => d.to_string(),
        None if grid.candidates(c).is_empty() => "-".to_string(),
        None => grid.candidates(c).to_string(),
    };
    let widths: Vec<usize> =
        (0..9).map(|col| (0..9).map(|row| text_of(Cell::at(row, col)).len()).max().unwrap_or(1)).collect();
    let changed = step.map(|s| s.changed_cells()).unwrap_or_default();
    let placed: Vec<Cell> = step.map(|s| s.placements.iter().map(|p| p.cell).collect()).unwrap_or_default();
    let pattern: Vec<Cell> = step.map(|s| s.cells.clone()).unwrap_or_default();

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
            let c = Cell::at(row, col);
            let text = text_of(c);
            let mark = if changed.contains(c) { '*' } else { ' ' };
            let style = if placed.contains(&c) {
                Style::new().green().bold()
            } else if changed.contains(c) {
                Style::new().yellow()
            } else if pattern.contains(&c) {
                Style::new().cyan()
            } else {
                Style::new()
            };
            let pad = " ".repeat(widths[col as usize] - text.len());
            line.push(' ');
            line.push(mark);
            line.push_str(&palette.paint(&text, style));
            line.push_str(&pad);
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Digit;
    use crate::technique::TechniqueId;

    #[test]
    fn marks_the_changed_cell_and_aligns_columns() {
        let mut g = Grid::empty();
        let c = Cell::at(0, 0);
        g.place(c, Digit::new(5));
        let step = Step::new(TechniqueId::NakedSingle).place(c, Digit::new(5));
        let text = candidate_grid(&g, Some(&step), &Palette::default());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 11);
        assert!(lines[0].starts_with(" *5 "));
        assert!(lines[1].starts_with("  12346789 "));
        // the box separators line up in every row
        let bar = lines[1].find('|').unwrap();
        assert!(lines.iter().filter(|l| !l.starts_with('-')).all(|l| l.find('|') == Some(bar)));
    }
}
