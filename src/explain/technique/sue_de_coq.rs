//! Sue de Coq: two or three cells where a box meets a row or column, with
//! at least two candidates more than cells, completed by cells from the rest
//! of the line (set A) and from the rest of the box (set B) into a locked set.
//!
//! Let C be the intersection cells, V their candidates, and A, B the added
//! cells with candidates dA, dB that have no digit in common. The cells of C
//! and A share the line and the cells of C and B share the box, so all hold
//! different digits, and a cell of A and a cell of B cannot repeat one either
//! (no digit is a candidate of both). When the digits of V, dA and dB number
//! exactly as many as the cells, each of them is placed exactly once in the
//! pattern. A digit of dB sits in C or B, both in the box; a digit of dA in C
//! or A, both in the line; a digit of V in neither sits in C, in both houses.
//! So every digit not in dB leaves the rest of the line, and every digit
//! not in dA the rest of the box.
//!
//! A and B may hold digits outside V (the extended form): each such digit
//! counts as one more digit to place. What A takes from V is its size less
//! its outside digits; A and B must each take at least one digit of V (else
//! the rest is a plain naked subset), and together exactly |V| - |C|.

use super::interface::{Finds, Part as Within, Technique};
use crate::algo::memo::Memo;
use crate::explain::catalog::{Descriptor, HintFocus, TechniqueId};
use crate::explain::step::listing;
use crate::explain::step::Step;
use crate::model::cell::Candidate;
use crate::model::cell::Cell;
use crate::model::grid::digit_cells;
use crate::model::grid::{Grid, House, HouseKind};
use crate::model::sets::{CellSet, DigitSet};
use std::ops::ControlFlow;

/// Sue de Coq, basic and extended.
pub(crate) struct SueDeCoq;

static SUE_DE_COQ: Descriptor = Descriptor::new(
    TechniqueId::SueDeCoq,
    "sue-de-coq",
    "Sue de Coq",
    6.3,
    250,
    HintFocus::House,
    "Cells where a box meets a line, completed by bivalue cells of each house, lock their digits in both houses.",
)
.also_called(&["sdc", "two-sector-disjoint-subsets"]);

impl Technique for SueDeCoq {
    fn descriptor(&self) -> &'static Descriptor {
        &SUE_DE_COQ
    }

    fn search(&self, grid: &Grid, _part: Within<'_>, _memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        let maps = digit_cells(grid);
        let empty = grid.empty_cells();
        for line in House::rows().chain(House::cols()) {
            for cross in 0..3u8 {
                let b = match line.kind() {
                    HouseKind::Row => line.number() / 3 * 3 + cross,
                    _ => cross * 3 + line.number() / 3,
                };
                let block = House::block(b);
                in_intersection(grid, &maps, empty, line, block, finds)?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// A part of the pattern outside the intersection: its cells (as a bitmask
/// over the candidate list), its digits and what it takes from V.
#[derive(Clone, Copy)]
struct Part {
    mask: u8,
    digits: u16,
    size: u32,
    takes: i32,
}

/// Hands `finds` each Sue de Coq where `line` meets `block`: each core of
/// two or three cells, with each pair of parts, smallest first.
fn in_intersection(
    grid: &Grid,
    maps: &[CellSet; 9],
    empty: CellSet,
    line: House,
    block: House,
    finds: &mut Finds<'_>,
) -> ControlFlow<()> {
    let meet: Vec<Cell> = line.cells().intersection(block.cells()).intersection(empty).iter().collect();
    if meet.len() < 2 {
        return ControlFlow::Continue(());
    }
    // The two-cell subsets first, then all three.
    let subsets: &[&[usize]] = if meet.len() == 2 { &[&[0, 1]] } else { &[&[0, 1], &[0, 2], &[1, 2], &[0, 1, 2]] };
    for subset in subsets {
        let core: Vec<Cell> = subset.iter().map(|&i| meet[i]).collect();
        let v = core.iter().fold(0u16, |acc, &c| acc | grid.candidates(c).bits());
        let extra = v.count_ones() as i32 - core.len() as i32;
        if extra < 2 {
            continue;
        }
        let outside = |house: House, other: House| -> Vec<(Cell, u16)> {
            house
                .cells()
                .difference(other.cells())
                .intersection(empty)
                .iter()
                .map(|c| (c, grid.candidates(c).bits()))
                .filter(|&(_, bits)| bits & v != 0)
                .collect()
        };
        let line_cells = outside(line, block);
        let box_cells = outside(block, line);
        if line_cells.is_empty() || box_cells.is_empty() {
            continue;
        }
        let line_parts = parts(&line_cells, v, extra);
        if line_parts.is_empty() {
            continue;
        }
        let box_parts = parts(&box_cells, v, extra);
        let mut pairs: Vec<(Part, Part)> = Vec::new();
        for &a in &line_parts {
            for &b in &box_parts {
                if a.takes + b.takes == extra && a.digits & b.digits == 0 {
                    pairs.push((a, b));
                }
            }
        }
        // The smallest pattern first; ties in the order of the cells.
        pairs.sort_by_key(|(a, b)| (a.size + b.size, a.mask, b.mask));
        for (a, b) in pairs {
            let pick = |cells: &[(Cell, u16)], mask: u8| -> Vec<Cell> {
                cells.iter().enumerate().filter(|(i, _)| mask >> i & 1 == 1).map(|(_, &(c, _))| c).collect()
            };
            let pattern = Pattern {
                line,
                block,
                core: core.clone(),
                core_digits: DigitSet::from_bits(v),
                line_cells: pick(&line_cells, a.mask),
                line_digits: DigitSet::from_bits(a.digits),
                box_cells: pick(&box_cells, b.mask),
                box_digits: DigitSet::from_bits(b.digits),
            };
            if let Some(step) = pattern.step(maps) {
                finds.step(step)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Every non-empty subset of `cells` that takes between 1 and `extra - 1`
/// digits of `v`.
fn parts(cells: &[(Cell, u16)], v: u16, extra: i32) -> Vec<Part> {
    let mut out = Vec::new();
    // The union of each subset's candidates, from the subset without its lowest cell.
    let mut unions = [0u16; 64];
    for mask in 1u8..(1u8 << cells.len()) {
        let lowest = mask.trailing_zeros() as usize;
        let digits = unions[usize::from(mask & (mask - 1))] | cells[lowest].1;
        unions[usize::from(mask)] = digits;
        let size = mask.count_ones();
        let takes = size as i32 - (digits & !v).count_ones() as i32;
        if (1..extra).contains(&takes) {
            out.push(Part { mask, digits, size, takes });
        }
    }
    out
}

struct Pattern {
    line: House,
    block: House,
    core: Vec<Cell>,
    core_digits: DigitSet,
    line_cells: Vec<Cell>,
    line_digits: DigitSet,
    box_cells: Vec<Cell>,
    box_digits: DigitSet,
}

impl Pattern {
    fn step(&self, maps: &[CellSet; 9]) -> Option<Step> {
        let all = self.core_digits.union(self.line_digits).union(self.box_digits);
        let core: CellSet = self.core.iter().copied().collect();
        let line_rest = self.line.cells().difference(core).difference(self.line_cells.iter().copied().collect());
        let box_rest = self.block.cells().difference(core).difference(self.box_cells.iter().copied().collect());
        let (line_loses, box_loses) = (all.difference(self.box_digits), all.difference(self.line_digits));
        let mut eliminations = Vec::new();
        for (rest, digits) in [(line_rest, line_loses), (box_rest, box_loses)] {
            for d in digits.iter() {
                let hit = maps[usize::from(d.get() - 1)].intersection(rest);
                eliminations.extend(hit.iter().map(|c| Candidate::new(c, d)));
            }
        }
        if eliminations.is_empty() {
            return None;
        }
        let cells: Vec<Cell> = self.core.iter().chain(&self.line_cells).chain(&self.box_cells).copied().collect();
        let only_core = self.core_digits.difference(self.line_digits).difference(self.box_digits);
        let (line_name, box_name) = (self.line.long_name(), self.block.long_name());
        let holds = |cells: &[Cell]| if cells.len() == 1 { "holds" } else { "hold" };
        let mut sides = format!(
            "{} in {line_name}'s cells of it, {} in {box_name}'s",
            listing(self.line_digits.iter(), "and"),
            listing(self.box_digits.iter(), "and")
        );
        if !only_core.is_empty() {
            sides.push_str(&format!(", {} in the intersection", listing(only_core.iter(), "and")));
        }
        let reason = format!(
            "{} where {line_name} meets {box_name} hold {}; {} in {line_name} {} {} and {} in {box_name} {} {}, \
             no digit in both, so these {} cells hold as many different digits, each once: {sides}; the rest of \
             {line_name} loses {} and the rest of {box_name} loses {}",
            listing(&self.core, "and"),
            listing(self.core_digits.iter(), "and"),
            listing(&self.line_cells, "and"),
            holds(&self.line_cells),
            listing(self.line_digits.iter(), "and"),
            listing(&self.box_cells, "and"),
            holds(&self.box_cells),
            listing(self.box_digits.iter(), "and"),
            cells.len(),
            listing(line_loses.iter(), "and"),
            listing(box_loses.iter(), "and"),
        );
        Some(
            Step::new(TechniqueId::SueDeCoq)
                .eliminate_all(eliminations)
                .pattern(cells, all, [self.line, self.block])
                .because(reason),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::technique::testing::{assert_agrees_with_solution, at, marks};
    use crate::explain::technique::testing::{EverySteps, FirstStep};
    use crate::model::cell::Digit;

    fn eliminated(step: &Step) -> Vec<String> {
        step.eliminations.iter().map(|e| format!("{}<>{}", e.cell, e.digit)).collect()
    }

    fn expect(line: &[(u8, u8)], line_digits: &str, boxed: &[(u8, u8)], box_digits: &str) -> Vec<String> {
        let mut out: Vec<Candidate> = Vec::new();
        for (cells, digits) in [(line, line_digits), (boxed, box_digits)] {
            for c in at(cells) {
                out.extend(digits.bytes().map(|d| Candidate::new(c, Digit::new(d - b'0'))));
            }
        }
        out.sort();
        out.dedup();
        out.iter().map(|e| format!("{}<>{}", e.cell, e.digit)).collect()
    }

    const ROW_1_REST: [(u8, u8); 6] = [(1, 3), (1, 5), (1, 6), (1, 7), (1, 8), (1, 9)];
    const BOX_1_REST: [(u8, u8); 6] = [(1, 3), (2, 1), (2, 2), (2, 3), (3, 2), (3, 3)];

    #[test]
    fn basic_form_with_two_cells_and_two_bivalue_cells() {
        // r1c12 hold 1, 2, 4, 7; r1c4 takes 1 and 4 in row 1, r3c1 takes 2 and 7 in box 1.
        let g = marks(&[(1, 1, "1247"), (1, 2, "1247"), (1, 4, "14"), (3, 1, "27")]);
        let step = SueDeCoq.first(&g).expect("a Sue de Coq");
        assert_eq!(step.technique, TechniqueId::SueDeCoq);
        assert_eq!(eliminated(&step), expect(&ROW_1_REST, "14", &BOX_1_REST, "27"));
        assert_eq!(step.cells, at(&[(1, 1), (1, 2), (1, 4), (3, 1)]));
        assert_eq!(step.houses, [House::row(0), House::block(0)]);
        assert_eq!(
            step.reason,
            "r1c1 and r1c2 where row 1 meets box 1 hold 1, 2, 4 and 7; r1c4 in row 1 holds 1 and 4 and r3c1 in box \
             1 holds 2 and 7, no digit in both, so these 4 cells hold as many different digits, each once: 1 and 4 \
             in row 1's cells of it, 2 and 7 in box 1's; the rest of row 1 loses 1 and 4 and the rest of box 1 \
             loses 2 and 7"
        );
        assert_eq!(step.rating(), crate::se_rating::scale::Tenths::of(6.3));
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn lists_both_instances() {
        // The pattern above, and its mirror where row 9 meets box 9.
        let g = marks(&[
            (1, 1, "1247"),
            (1, 2, "1247"),
            (1, 4, "14"),
            (3, 1, "27"),
            (9, 9, "3568"),
            (9, 8, "3568"),
            (9, 6, "35"),
            (7, 9, "68"),
        ]);
        let houses: Vec<_> = SueDeCoq.every(&g).iter().map(|s| s.houses.clone()).collect();
        assert_eq!(houses, [[House::row(0), House::block(0)], [House::row(8), House::block(8)]]);
    }

    #[test]
    fn a_digit_only_the_intersection_can_hold_leaves_both_houses() {
        // Three intersection cells with 1, 2, 3, 4, 7: 3 is in neither side set.
        let g = marks(&[(1, 1, "1247"), (1, 2, "1237"), (1, 3, "347"), (1, 4, "14"), (3, 1, "27")]);
        let step = SueDeCoq.first(&g).expect("a Sue de Coq");
        let row_rest = [(1, 5), (1, 6), (1, 7), (1, 8), (1, 9)];
        let box_rest = [(2, 1), (2, 2), (2, 3), (3, 2), (3, 3)];
        assert_eq!(eliminated(&step), expect(&row_rest, "134", &box_rest, "237"));
        assert!(step.reason.contains("3 in the intersection"), "{}", step.reason);
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn extended_form_counts_a_side_digit_outside_the_intersection() {
        // Row 1's side is r1c4 {4,8} and r1c8 {1,8}: two cells, one digit (8)
        // from outside, so it takes one digit of the intersection's four.
        let g = marks(&[(1, 1, "1247"), (1, 2, "1247"), (1, 4, "48"), (1, 8, "18"), (3, 1, "27")]);
        let step = SueDeCoq.first(&g).expect("a Sue de Coq");
        let row_rest = [(1, 3), (1, 5), (1, 6), (1, 7), (1, 9)];
        assert_eq!(eliminated(&step), expect(&row_rest, "148", &BOX_1_REST, "27"));
        assert_eq!(step.cells, at(&[(1, 1), (1, 2), (1, 4), (1, 8), (3, 1)]));
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn the_two_sides_must_not_share_a_digit() {
        let g = marks(&[(1, 1, "1247"), (1, 2, "1247"), (1, 4, "14"), (3, 1, "17")]);
        assert_eq!(SueDeCoq.first(&g), None);
    }

    #[test]
    fn the_intersection_needs_two_digits_more_than_cells() {
        let g = marks(&[(1, 1, "124"), (1, 2, "124"), (1, 4, "14"), (3, 1, "24")]);
        assert_eq!(SueDeCoq.first(&g), None);
    }
}
