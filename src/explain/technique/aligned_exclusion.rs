//! Aligned Pair and Triplet Exclusion, as Sudoku Explainer defines them.
//!
//! Two cells A and B with at least two common peers that hold exactly two
//! candidates (the excluders). Whatever A and B hold, no excluder may lose
//! both its digits, and if A and B see each other they differ. So a pair of
//! candidates, one from each cell, is excluded when it repeats a digit in
//! two cells that see each other or takes both digits of an excluder; a
//! candidate of A that makes a pair with no candidate of B (or the reverse)
//! cannot be true.
//!
//! The triplet takes three cells with two or more common peers holding two
//! or three candidates, and excludes the combinations of three candidates
//! that repeat a digit in cells that see each other or take every
//! candidate of such a peer.

use super::interface::{Finds, Part, Technique};
use crate::algo::aligned::{aligned_pairs, aligned_triplets, possible_digits, possible_digits_of_set};
use crate::algo::memo::Memo;
use crate::explain::catalog::{Descriptor, HintFocus, TechniqueId};
use crate::explain::step::Step;
use crate::model::cell::Candidate;
use crate::model::cell::{Cell, Digit};
use crate::model::grid::Grid;
use crate::model::sets::{CellSet, DigitSet};
use crate::se_rating::technique::SeTechnique;
use std::fmt::Write;
use std::ops::ControlFlow;

/// Aligned Pair Exclusion: Sudoku Explainer's 6.2 technique.
pub(crate) struct AlignedPairExclusion;

static ALIGNED_PAIR_EXCLUSION: Descriptor = Descriptor::rated_as_se(
    TechniqueId::AlignedPairExclusion,
    "aligned-pair-exclusion",
    "Aligned Pair Exclusion",
    SeTechnique::AlignedPairExclusion,
    240,
    HintFocus::Nothing,
    "Value pairs of two cells that would empty a bivalue common peer are impossible; candidates in no pair left go.",
)
.also_called(&["ape"]);

impl Technique for AlignedPairExclusion {
    fn descriptor(&self) -> &'static Descriptor {
        &ALIGNED_PAIR_EXCLUSION
    }

    /// Pairs of base cells in Sudoku Explainer's order: the second cell in
    /// row-major order, then the first before it.
    fn search(&self, grid: &Grid, _part: Part<'_>, _memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        for (a, b, common) in aligned_pairs(grid) {
            if let Some(step) = exclusion(grid, a, b, common) {
                finds.step(step)?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// Why a pair of candidates, `a` in the first cell and `b` in the second,
/// cannot both hold.
#[derive(Clone, Copy)]
enum Clash {
    /// The same digit in two cells that see each other.
    Repeat,
    /// Both digits of this excluder.
    Empties(Cell),
}

fn clash(grid: &Grid, common: CellSet, see: bool, a: Digit, b: Digit) -> Option<Clash> {
    if see && a == b {
        return Some(Clash::Repeat);
    }
    let pair = DigitSet::single(a).union(DigitSet::single(b));
    common.iter().find(|&e| grid.candidates(e).difference(pair).is_empty()).map(Clash::Empties)
}

/// The step for cells `a` and `b`, which see the excluders `common`, if
/// some candidate of either makes no allowed pair with the other's.
fn exclusion(grid: &Grid, a: Cell, b: Cell, common: CellSet) -> Option<Step> {
    let see = a.sees(b);
    let (in_a, in_b) = (grid.candidates(a), grid.candidates(b));
    let [allowed_a, allowed_b, _] = possible_digits(grid, &[a, b], common);
    let (lost_a, lost_b) = (in_a.difference(allowed_a), in_b.difference(allowed_b));
    if lost_a.is_empty() && lost_b.is_empty() {
        return None;
    }
    let eliminations = lost_a.iter().map(|d| Candidate::new(a, d)).chain(lost_b.iter().map(|d| Candidate::new(b, d)));
    let mut reason = format!("{a} and {b} both see the bivalue cells ");
    reason.push_str(&common.iter().map(|e| format!("{e} ({})", grid.candidates(e))).collect::<Vec<_>>().join(", "));
    reason.push_str(", none of which may lose both its digits");
    if see {
        reason.push_str(", and they see each other");
    }
    for x in lost_a.iter() {
        write!(reason, "; {a}={x} leaves {b} nothing ({})", why_not(grid, common, see, x, in_b, false)).unwrap();
    }
    for y in lost_b.iter() {
        write!(reason, "; {b}={y} leaves {a} nothing ({})", why_not(grid, common, see, y, in_a, true)).unwrap();
    }
    Some(
        Step::new(TechniqueId::AlignedPairExclusion)
            .eliminate_all(eliminations)
            .pattern([a, b].into_iter().chain(common.iter()), in_a.union(in_b), [])
            .because(reason),
    )
}

/// For a digit `fixed` in one cell, why each of the other cell's candidates
/// `others` is excluded: `5 repeats it, 7 empties r2c3`.
fn why_not(grid: &Grid, common: CellSet, see: bool, fixed: Digit, others: DigitSet, fixed_second: bool) -> String {
    let reasons: Vec<String> = others
        .iter()
        .map(|other| {
            let (x, y) = if fixed_second { (other, fixed) } else { (fixed, other) };
            match clash(grid, common, see, x, y) {
                Some(Clash::Repeat) => format!("{other} repeats it"),
                Some(Clash::Empties(e)) => format!("{other} empties {e}"),
                None => unreachable!("a lost candidate makes no allowed pair"),
            }
        })
        .collect();
    reasons.join(", ")
}

/// Aligned Triplet Exclusion: Sudoku Explainer's 7.5 technique.
pub(crate) struct AlignedTripletExclusion;

static ALIGNED_TRIPLET_EXCLUSION: Descriptor = Descriptor::rated_as_se(
    TechniqueId::AlignedTripletExclusion,
    "aligned-triplet-exclusion",
    "Aligned Triplet Exclusion",
    SeTechnique::AlignedTripletExclusion,
    400,
    HintFocus::Nothing,
    "Value triples of three cells that would empty a common peer or repeat a digit are impossible; candidates in no \
     triple left go.",
)
.also_called(&["ate", "aligned-triple-exclusion"]);

impl Technique for AlignedTripletExclusion {
    fn descriptor(&self) -> &'static Descriptor {
        &ALIGNED_TRIPLET_EXCLUSION
    }

    /// Triplets in Sudoku Explainer's order (see `aligned_triplets`).
    fn search(&self, grid: &Grid, _part: Part<'_>, _memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        aligned_triplets(grid, |_, _, _| None, &mut |cells, common| match triplet_exclusion(grid, cells, common) {
            Some(step) => finds.step(step),
            None => ControlFlow::Continue(()),
        })
    }
}

/// Why the combination `digits` of `cells` cannot hold: `repeats 4` or
/// `empties r2c3`.
fn triplet_clash(grid: &Grid, cells: [Cell; 3], common: CellSet, digits: [Digit; 3]) -> Option<String> {
    for (i, j) in [(0, 1), (0, 2), (1, 2)] {
        if digits[i] == digits[j] && cells[i].sees(cells[j]) {
            return Some(format!("repeats {}", digits[i]));
        }
    }
    let taken: DigitSet = digits.into_iter().map(DigitSet::single).fold(DigitSet::EMPTY, DigitSet::union);
    common.iter().find(|&e| grid.candidates(e).difference(taken).is_empty()).map(|e| format!("empties {e}"))
}

/// The step for the triplet `cells` with the common excluders `common`,
/// if some candidate of a cell makes no allowed combination with the others.
fn triplet_exclusion(grid: &Grid, cells: [Cell; 3], common: CellSet) -> Option<Step> {
    let possible = possible_digits_of_set(grid, &cells, common);
    let lost: Vec<DigitSet> = cells.iter().zip(possible).map(|(&c, ok)| grid.candidates(c).difference(ok)).collect();
    if lost.iter().all(|l| l.is_empty()) {
        return None;
    }
    let eliminations: Vec<Candidate> =
        cells.iter().zip(&lost).flat_map(|(&c, l)| l.iter().map(move |d| Candidate::new(c, d))).collect();
    let [a, b, c] = cells;
    let mut reason = format!("{a}, {b} and {c} all see ");
    reason.push_str(&common.iter().map(|e| format!("{e} ({})", grid.candidates(e))).collect::<Vec<_>>().join(", "));
    reason.push_str(", none of which may lose all its candidates, and cells that see each other hold different digits");
    for (k, lost_here) in lost.iter().enumerate() {
        let (p, q) = match k {
            0 => (1, 2),
            1 => (0, 2),
            _ => (0, 1),
        };
        for x in lost_here.iter() {
            let mut why = Vec::new();
            for y in grid.candidates(cells[p]).iter() {
                for z in grid.candidates(cells[q]).iter() {
                    let mut digits = [x; 3];
                    (digits[p], digits[q]) = (y, z);
                    let clash =
                        triplet_clash(grid, cells, common, digits).expect("a lost candidate has no allowed triple");
                    why.push(format!("{y}-{z} {clash}"));
                }
            }
            write!(reason, "; {}={x} leaves {} and {} no pair ({})", cells[k], cells[p], cells[q], why.join(", "))
                .unwrap();
        }
    }
    let digits = cells.iter().fold(DigitSet::EMPTY, |d, &c| d.union(grid.candidates(c)));
    Some(
        Step::new(TechniqueId::AlignedTripletExclusion)
            .eliminate_all(eliminations)
            .pattern(cells.into_iter().chain(common.iter()), digits, [])
            .because(reason),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::technique::testing::{assert_agrees_with_solution, at, marks, position, EverySteps, FirstStep};

    /// r1c1 {1,3,5} and r1c2 {2,3} see each other and the cells r1c3 {1,3}
    /// and r2c2 (`r2c2`); every other cell is open to all digits. The
    /// candidates keep `testing::SOLUTION` (row 1 is 123456789, r2c2 is 5).
    fn board(r2c2: &str) -> Grid {
        marks(&[(1, 1, "135"), (1, 2, "23"), (1, 3, "13"), (2, 2, r2c2)])
    }

    #[test]
    fn removes_a_candidate_that_makes_no_allowed_pair() {
        let step = AlignedPairExclusion.first(&board("35")).expect("an aligned pair exclusion");
        assert_agrees_with_solution(&step);
        assert_eq!(step.result_text(), "r1c2<>3");
        assert_eq!(step.cells, at(&[(1, 1), (1, 2), (1, 3), (2, 2)]));
        assert_eq!(
            step.reason,
            "r1c1 and r1c2 both see the bivalue cells r1c3 (13), r2c2 (35), none of which may lose both its \
             digits, and they see each other; r1c2=3 leaves r1c1 nothing (1 empties r1c3, 3 repeats it, 5 empties \
             r2c2)"
        );
        assert_eq!(step.rating(), crate::se_rating::scale::Tenths::of(6.2));
    }

    #[test]
    fn lists_both_instances() {
        // The board above and its mirror through the centre.
        let g = marks(&[
            (1, 1, "135"),
            (1, 2, "23"),
            (1, 3, "13"),
            (2, 2, "35"),
            (9, 9, "135"),
            (9, 8, "23"),
            (9, 7, "13"),
            (8, 8, "35"),
        ]);
        let results: Vec<String> = AlignedPairExclusion.every(&g).iter().map(|s| s.result_text()).collect();
        assert!(results.contains(&"r1c2<>3".to_string()) && results.contains(&"r9c8<>3".to_string()), "{results:?}");
    }

    #[test]
    fn needs_two_common_bivalue_peers() {
        // Three open cells of box 1, each seeing the other two: r1c1 {1,3}
        // and r1c2 {2,3} would exclude r1c2=3 with the one bivalue peer
        // r2c2 {1,3}, but the technique asks for two.
        let mut groups = vec!["=9"; 81];
        groups[0] = "13";
        groups[1] = "23";
        groups[10] = "13";
        assert_eq!(AlignedPairExclusion.first(&position(&groups.join(" "))), None);
        // With r2c1 {1,3} too, r1c1 and r1c2 have two.
        groups[9] = "13";
        let step = AlignedPairExclusion.first(&position(&groups.join(" "))).expect("an aligned pair exclusion");
        assert_eq!(step.result_text(), "r1c2<>3");
    }

    #[test]
    fn skips_cells_that_see_a_cell_down_to_one_candidate() {
        // r2c3 down to 6: the cells of box 1 see it, so r1c1 and r1c2 are no
        // base cells (a naked single comes first).
        let g = marks(&[(1, 1, "135"), (1, 2, "23"), (1, 3, "13"), (2, 2, "35"), (2, 3, "6")]);
        assert_eq!(AlignedPairExclusion.first(&g), None);
    }

    /// top1465.txt #571 (puzzles/techniques.txt).
    const TRIPLET_PUZZLE: &str = "57..8.4.........3...32..1.5...4.8........5...2.7.....19.1.....4.8.7.9.....2....6.";

    /// The position where `puzzle`'s solve first takes an aligned triplet
    /// exclusion, that step and the puzzle's solution.
    fn triplet_position(puzzle: &str) -> (Grid, Step, [u8; 81]) {
        let (grid, step) = crate::explain::technique::testing::first_use(puzzle, TechniqueId::AlignedTripletExclusion);
        let solution = crate::exact::backtrack::count_by_backtracking(grid.values(), 2).1[0];
        (grid, step, solution)
    }

    #[test]
    fn triplet_removes_candidates_in_no_allowed_triple() {
        let (grid, driver_step, solution) = triplet_position(TRIPLET_PUZZLE);
        let step = AlignedTripletExclusion.first(&grid).expect("an aligned triplet exclusion");
        assert_eq!(step, driver_step);
        assert_eq!(AlignedPairExclusion.first(&grid), None, "no pair does it");
        assert_eq!(step.result_text(), "r2c3<>6, r2c3<>9");
        assert_eq!(step.cells, at(&[(2, 3), (6, 2), (1, 3), (3, 2), (4, 3)]));
        assert_eq!(
            step.reason,
            "r2c3, r6c2 and r1c3 all see r3c2 (469), r4c3 (569), none of which may lose all its candidates, and \
             cells that see each other hold different digits; r2c3=6 leaves r6c2 and r1c3 no pair (4-6 repeats 6, \
             4-9 empties r3c2, 5-6 repeats 6, 5-9 empties r4c3); r2c3=9 leaves r6c2 and r1c3 no pair (4-6 empties \
             r3c2, 4-9 repeats 9, 5-6 empties r4c3, 5-9 repeats 9)"
        );
        assert_eq!(step.rating(), crate::se_rating::scale::Tenths::of(7.5));
        for e in &step.eliminations {
            assert_ne!(solution[e.cell.index()], e.digit.get(), "{}", step.text());
        }
    }

    #[test]
    fn triplet_skips_cells_that_see_a_cell_down_to_one_candidate() {
        // A peer of r2c3 (outside the pattern) down to its solution's
        // digit: r2c3 is no base cell, so no triplet has it.
        let (mut grid, step, solution) = triplet_position(TRIPLET_PUZZLE);
        let r2c3 = Cell::at(1, 2);
        let peer = r2c3
            .peers()
            .iter()
            .find(|&c| grid.candidates(c).len() > 1 && !step.cells.contains(&c))
            .expect("an open peer");
        for d in grid.candidates(peer).iter().filter(|d| d.get() != solution[peer.index()]) {
            grid.eliminate(peer, d);
        }
        let steps = AlignedTripletExclusion.every(&grid);
        assert!(
            steps.iter().all(|s| !s.cells[..3].contains(&r2c3)),
            "{:?}",
            steps.iter().map(Step::text).collect::<Vec<_>>()
        );
    }

    #[test]
    fn triplet_lists_every_instance() {
        // top1465.txt #656: three triplets, each removing 5 from its own cell.
        let puzzle = ".2..914....86....13....7...8....6.7..1.72...4......6..6..9..5....4....8..3.......";
        let (grid, step, solution) = triplet_position(puzzle);
        let steps = AlignedTripletExclusion.every(&grid);
        assert_eq!(steps[0], step);
        let results: Vec<String> = steps.iter().map(Step::result_text).collect();
        assert_eq!(results, ["r6c5<>5", "r8c5<>5", "r9c5<>5"]);
        for e in steps.iter().flat_map(|s| &s.eliminations) {
            assert_ne!(solution[e.cell.index()], e.digit.get());
        }
    }
}
