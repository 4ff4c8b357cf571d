//! Aligned Pair Exclusion, as Sudoku Explainer defines it.
//!
//! Two cells A and B with at least two common peers that hold exactly two
//! candidates (the excluders). Whatever A and B hold, no excluder may lose
//! both its digits, and if A and B see each other they differ. So a pair of
//! candidates, one from each cell, is excluded when it repeats a digit in
//! two cells that see each other or takes both digits of an excluder; a
//! candidate of A that makes a pair with no candidate of B (or the reverse)
//! cannot be true.

use super::interface::{Finds, Part, Technique};
use crate::algo::aligned::{aligned_pairs, possible_digits};
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
}
