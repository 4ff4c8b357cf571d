//! Chains built from conjugate pairs: houses where a digit has exactly two places.

use super::interface::{Finds, Part, Scope, Technique};
use crate::algo::memo::Memo;
use crate::explain::catalog::{Descriptor, HintFocus, TechniqueId};
use crate::explain::step::{LinkKind, Step};
use crate::model::cell::Candidate;
use crate::model::cell::{Cell, Digit};
use crate::model::grid::{common_peers, seeing_any, Grid, House, HouseKind};
use crate::model::sets::{CellSet, DigitSet};
use std::ops::ControlFlow;

/// Trapezoid chain (Skyscraper): two parallel lines where a digit has two
/// places each, one place of each in a common crossing line. At most one of
/// those two "base" places holds the digit, so one of the other two ends
/// (the roof) does, and any cell that sees both roof ends cannot.
pub(crate) struct TrapezoidChain;

static TRAPEZOID_CHAIN: Descriptor = Descriptor::new(
    TechniqueId::TrapezoidChain,
    "trapezoid-chain",
    "Trapezoid Chain (Skyscraper)",
    4.0,
    130,
    HintFocus::Digit,
    "Two conjugate pairs of a digit on parallel lines, joined at one end: cells seeing both free ends lose it.",
)
.also_called(&["skyscraper"]);

impl Technique for TrapezoidChain {
    fn descriptor(&self) -> &'static Descriptor {
        &TRAPEZOID_CHAIN
    }

    fn scope(&self) -> Scope {
        Scope::Digits
    }

    /// The roof's two cells see the targets.
    fn search(&self, grid: &Grid, part: Part<'_>, _memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        let (digit, removable) = part.digit();
        let seen = seeing_any(removable);
        skyscrapers(grid, digit, HouseKind::Row, seen, finds)?;
        skyscrapers(grid, digit, HouseKind::Col, seen, finds)
    }
}

/// A line where the digit has exactly two places, with those places.
struct Conjugate {
    line: House,
    cells: [Cell; 2],
}

/// `seen`: the cells seeing a removable candidate; a line where neither
/// place does cannot hold the roof.
fn skyscrapers(grid: &Grid, digit: Digit, kind: HouseKind, seen: CellSet, finds: &mut Finds<'_>) -> ControlFlow<()> {
    let pairs: Vec<Conjugate> = (0..9)
        .filter_map(|n| conjugate(grid, line(kind, n), digit))
        .filter(|pair| seen.contains(pair.cells[0]) | seen.contains(pair.cells[1]))
        .collect();
    for (i, first) in pairs.iter().enumerate() {
        for second in &pairs[i + 1..] {
            // Two parallel pairs share one crossing line at most (two make an X-Wing).
            if let Some(step) = skyscraper_step(grid, digit, first, second) {
                finds.step(step)?;
            }
        }
    }
    ControlFlow::Continue(())
}

fn conjugate(grid: &Grid, line: House, digit: Digit) -> Option<Conjugate> {
    if grid.house_has_value(line, digit) {
        return None;
    }
    let places = grid.house_cells_with(line, digit);
    let mut cells = places.iter();
    match (cells.next(), cells.next(), cells.next()) {
        (Some(a), Some(b), None) => Some(Conjugate { line, cells: [a, b] }),
        _ => None,
    }
}

fn skyscraper_step(grid: &Grid, digit: Digit, first: &Conjugate, second: &Conjugate) -> Option<Step> {
    let (base, roof) = split(first, second)?;
    let roof_set: CellSet = roof.into_iter().collect();
    let targets = common_peers(roof_set).intersection(grid.cells_with(digit));
    if targets.is_empty() {
        return None;
    }
    let shared = base[0].houses().into_iter().find(|h| h.kind() != first.line.kind() && h.cells().contains(base[1]))?;
    let ([b1, b2], [r1, r2]) = (base, roof);
    let (line1, line2, across) = (first.line.long_name(), second.line.long_name(), shared.long_name());
    let reason = format!(
        "{digit} must be in {b1} or {r1} in {line1}, and in {b2} or {r2} in {line2}; since {b1} and {b2} share \
         {across} at most one of them is {digit}, so {r1} or {r2} is {digit} and cells seeing both lose {digit}"
    );
    Some(
        Step::new(TechniqueId::TrapezoidChain)
            .eliminate_all(targets.iter().map(|cell| Candidate::new(cell, digit)))
            .pattern(base.into_iter().chain(roof), DigitSet::single(digit), [first.line, second.line, shared])
            .links_of(digit, [(r1, b1, LinkKind::Strong), (b1, b2, LinkKind::Weak), (b2, r2, LinkKind::Strong)])
            .because(reason),
    )
}

/// Splits two parallel conjugate pairs into base ends (on one crossing line)
/// and roof ends, in the lines' order; `None` unless exactly one crossing
/// line is shared: two shared lines make an X-Wing, none make no chain.
fn split(first: &Conjugate, second: &Conjugate) -> Option<([Cell; 2], [Cell; 2])> {
    let across = |c: Cell| if first.line.kind() == HouseKind::Row { c.col() } else { c.row() };
    let shared: Vec<(usize, usize)> = (0..2)
        .flat_map(|i| (0..2).map(move |j| (i, j)))
        .filter(|&(i, j)| across(first.cells[i]) == across(second.cells[j]))
        .collect();
    let [(i, j)] = shared[..] else { return None };
    Some(([first.cells[i], second.cells[j]], [first.cells[1 - i], second.cells[1 - j]]))
}

/// The row or column numbered `number`; boxes are never lines.
fn line(kind: HouseKind, number: u8) -> House {
    match kind {
        HouseKind::Col => House::col(number),
        _ => House::row(number),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact::backtrack;
    use crate::explain::technique::registry;
    use crate::explain::technique::testing::{
        assert_agrees_with_solution, assert_removing_agrees, empty, grid, without,
    };
    use crate::explain::technique::testing::{EverySteps, FirstStep};

    /// Seed 001's puzzle, whose solve needs a trapezoid chain.
    const SEED_001: &str = "000005200060100090850000000400003000071209403000050060200300907003090020000000341";

    /// Removes 7 from every cell of `line` (a row or column counted from 1) but `keep`.
    fn sevens_only_at(kind: HouseKind, line: u8, keep: [u8; 2]) -> Vec<(u8, u8, &'static str)> {
        (1..=9)
            .filter(|k| !keep.contains(k))
            .map(|k| if kind == HouseKind::Row { (line, k, "7") } else { (k, line, "7") })
            .collect()
    }

    fn at(cells: &[(u8, u8)]) -> Vec<Cell> {
        cells.iter().map(|&(r, c)| Cell::at(r - 1, c - 1)).collect()
    }

    fn sevens(cells: &[(u8, u8)]) -> Vec<Candidate> {
        at(cells).into_iter().map(|c| Candidate::new(c, Digit::new(7))).collect()
    }

    #[test]
    fn skyscraper_lists_both_instances_of_a_digit() {
        let mut removals = sevens_only_at(HouseKind::Row, 1, [2, 7]);
        removals.extend(sevens_only_at(HouseKind::Row, 6, [2, 9]));
        removals.extend(sevens_only_at(HouseKind::Row, 3, [1, 5]));
        removals.extend(sevens_only_at(HouseKind::Row, 7, [3, 5]));
        let steps = TrapezoidChain.every(&without(empty(), &removals));
        let houses: Vec<_> = steps.iter().map(|s| s.houses.clone()).collect();
        assert_eq!(
            houses,
            [[House::row(0), House::row(5), House::col(1)], [House::row(2), House::row(6), House::col(4)]]
        );
        assert_eq!(steps[1].eliminations, sevens(&[(2, 3), (8, 1), (9, 1)]));
        steps.iter().for_each(assert_agrees_with_solution);
    }

    #[test]
    fn skyscraper_on_rows() {
        let mut removals = sevens_only_at(HouseKind::Row, 1, [2, 7]);
        removals.extend(sevens_only_at(HouseKind::Row, 6, [2, 9]));
        let g = without(empty(), &removals);
        let step = TrapezoidChain.first(&g).expect("a trapezoid chain");
        assert_removing_agrees(&TrapezoidChain, &g, Digit::new(7), &step);
        assert!(step.placements.is_empty());
        assert_eq!(step.eliminations, sevens(&[(2, 9), (3, 9), (4, 7), (5, 7)]));
        assert_eq!(step.cells, at(&[(1, 2), (6, 2), (1, 7), (6, 9)]));
        assert_eq!(step.digits, DigitSet::single(Digit::new(7)));
        assert_eq!(step.houses, [House::row(0), House::row(5), House::col(1)]);
        assert_eq!(
            step.text(),
            "Trapezoid Chain (Skyscraper): 7 in r1,r6,c2 (r1c2 r6c2 r1c7 r6c9) => r2c9<>7, r3c9<>7, r4c7<>7, r5c7<>7. \
             7 must be in r1c2 or r1c7 in row 1, and in r6c2 or r6c9 in row 6; since r1c2 and r6c2 share column 2 \
             at most one of them is 7, so r1c7 or r6c9 is 7 and cells seeing both lose 7."
        );
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn skyscraper_on_columns() {
        let mut removals = sevens_only_at(HouseKind::Col, 1, [3, 4]);
        removals.extend(sevens_only_at(HouseKind::Col, 6, [2, 4]));
        let step = TrapezoidChain.first(&without(empty(), &removals)).expect("a trapezoid chain");
        assert_eq!(step.eliminations, sevens(&[(2, 2), (2, 3), (3, 4), (3, 5)]));
        assert_eq!(step.cells, at(&[(4, 1), (4, 6), (3, 1), (2, 6)]));
        assert_eq!(step.houses, [House::col(0), House::col(5), House::row(3)]);
        assert_eq!(
            step.reason,
            "7 must be in r4c1 or r3c1 in column 1, and in r4c6 or r2c6 in column 6; since r4c1 and r4c6 share row 4 \
             at most one of them is 7, so r3c1 or r2c6 is 7 and cells seeing both lose 7"
        );
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn skyscraper_needs_exactly_one_shared_column() {
        // Rows 1 and 8 share both columns (an X-Wing); row 3 shares none with either.
        let mut removals = sevens_only_at(HouseKind::Row, 1, [2, 7]);
        removals.extend(sevens_only_at(HouseKind::Row, 8, [2, 7]));
        removals.extend(sevens_only_at(HouseKind::Row, 3, [1, 4]));
        assert_eq!(TrapezoidChain.first(&without(empty(), &removals)), None);
    }

    /// The puzzle with rows and columns swapped.
    fn transposed(puzzle: &str) -> String {
        let bytes = puzzle.as_bytes();
        (0..81).map(|i| char::from(bytes[i % 9 * 9 + i / 9])).collect()
    }

    /// Runs the registry in order, restarting after every step, checking
    /// each step against the solution; returns the techniques used.
    fn solve_checked(puzzle: &str) -> (Grid, Vec<TechniqueId>) {
        let mut g = grid(puzzle);
        let solution = backtrack::solution_by_backtracking(g.values()).expect("a solvable puzzle");
        let mut used = Vec::new();
        while let Some(step) = registry().iter().find_map(|t| t.first(&g)) {
            assert!(step.makes_progress(&g), "{}", step.text());
            for p in &step.placements {
                assert_eq!(solution[p.cell.index()], p.digit.get(), "{}", step.text());
            }
            for e in &step.eliminations {
                assert_ne!(solution[e.cell.index()], e.digit.get(), "{}", step.text());
            }
            used.push(step.technique);
            step.apply_to(&mut g);
        }
        (g, used)
    }

    #[test]
    fn seed_001_is_solved_soundly_with_a_trapezoid_chain() {
        for puzzle in [SEED_001.to_string(), transposed(SEED_001)] {
            let (g, used) = solve_checked(&puzzle);
            assert!(g.is_solved(), "{g:?}");
            assert!(used.contains(&TechniqueId::TrapezoidChain), "{used:?}");
        }
    }
}
