//! Subsets. Naked: cells of a house that between them hold only as many
//! digits as there are cells. Hidden: digits of a house that between them
//! have only as many places as there are digits. Locked: a naked subset in
//! the cells where a box meets a row or column.

use super::interface::{Finds, Part, Scope, Technique};
use crate::algo::combinations::{find_combination, Order};
use crate::algo::few::Few;
use crate::algo::locked_sets::{hidden_sets, naked_sets};
use crate::algo::memo::Memo;
use crate::explain::catalog::{Descriptor, HintFocus, TechniqueId};
use crate::explain::step::listing;
use crate::explain::step::Step;
use crate::model::cell::Candidate;
use crate::model::cell::Cell;
use crate::model::grid::{Grid, House};
use crate::model::sets::{CellSet, DigitSet};
use crate::se_rating::technique::SeTechnique;
use std::ops::ControlFlow;

/// Two cells of a house holding the same two candidates and nothing else.
pub(crate) struct NakedPair;

static NAKED_PAIR: Descriptor = Descriptor::rated_as_se(
    TechniqueId::NakedPair,
    "naked-pair",
    "Naked Pair",
    SeTechnique::NakedPair,
    60,
    HintFocus::House,
    "Two cells of a house hold only the same two digits, which the rest of the house loses.",
)
.also_called(&["naked-pairs"]);

impl Technique for NakedPair {
    fn descriptor(&self) -> &'static Descriptor {
        &NAKED_PAIR
    }

    fn scope(&self) -> Scope {
        Scope::Cells
    }

    /// Sections: the houses; the pattern is the pair's cells.
    fn search(&self, grid: &Grid, part: Part<'_>, _memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        let since = part.since();
        let bivalue = grid.cells_holding(2..=2);
        for (section, house) in House::all().enumerate() {
            let touch = since.touch(section);
            if house.cells().intersection(bivalue).intersection(touch).is_empty() {
                continue;
            }
            each_naked_pair_in(grid, house.cells().intersection(bivalue), house, touch, &mut |step| {
                finds.step_in(section, step)
            })?;
        }
        ControlFlow::Continue(())
    }
}

/// Hands `take` each naked pair in `house` (whose cells with two
/// candidates are `pairs`) with a cell in `touch`.
fn each_naked_pair_in(
    grid: &Grid,
    pairs: CellSet,
    house: House,
    touch: CellSet,
    take: &mut dyn FnMut(Step) -> ControlFlow<()>,
) -> ControlFlow<()> {
    for a in pairs.iter() {
        for b in pairs.iter().filter(|&b| b > a && grid.candidates(b) == grid.candidates(a)) {
            if touch.contains(a) || touch.contains(b) {
                if let Some(step) = naked_pair_step(grid, house, a, b) {
                    take(step)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// The step for the pair `a`, `b` found in `house`: the two digits leave every
/// house the cells share, listed with `house` first, among those that lose something.
fn naked_pair_step(grid: &Grid, house: House, a: Cell, b: Cell) -> Option<Step> {
    let digits = grid.candidates(a);
    let pair: CellSet = [a, b].into_iter().collect();
    let shared = std::iter::once(house).chain(a.houses().into_iter().filter(|&h| h != house && h.cells().contains(b)));
    let mut houses = Vec::new();
    let mut eliminations = Vec::new();
    for h in shared {
        let lost: Vec<Candidate> = h
            .cells()
            .difference(pair)
            .iter()
            .flat_map(|cell| grid.candidates(cell).intersection(digits).iter().map(move |d| Candidate::new(cell, d)))
            .collect();
        if !lost.is_empty() {
            houses.push(h);
            eliminations.extend(lost);
        }
    }
    if eliminations.is_empty() {
        return None;
    }
    let mut pair_digits = digits.iter();
    let (x, y) = (pair_digits.next()?, pair_digits.next()?);
    let names: Vec<String> = houses.iter().map(|h| h.long_name()).collect();
    Some(Step::new(TechniqueId::NakedPair).eliminate_all(eliminations).pattern([a, b], digits, houses).because(
        format!(
            "{a} and {b} hold only {x} and {y}, so those two digits go there and nowhere else in {}",
            names.join(" or ")
        ),
    ))
}

/// Naked triple or quad: `size` cells of a house whose candidates, together,
/// are `size` digits. (Pairs are `NakedPair`.)
pub(crate) struct NakedSubset {
    pub(crate) size: usize,
}

static NAKED_TRIPLE: Descriptor = Descriptor::rated_as_se(
    TechniqueId::NakedTriple,
    "naked-triple",
    "Naked Triple",
    SeTechnique::NakedTriplet,
    80,
    HintFocus::House,
    "Three cells of a house hold only three digits between them, which the rest of the house loses.",
)
.also_called(&["naked-triples", "naked-triplet"]);
static NAKED_QUAD: Descriptor = Descriptor::rated_as_se(
    TechniqueId::NakedQuad,
    "naked-quad",
    "Naked Quad",
    SeTechnique::NakedQuad,
    120,
    HintFocus::House,
    "Four cells of a house hold only four digits between them, which the rest of the house loses.",
)
.also_called(&["naked-quads", "naked-quadruple"]);

impl Technique for NakedSubset {
    fn descriptor(&self) -> &'static Descriptor {
        // The naked pair is its own technique (`NakedPair`), with its own words.
        match self.size {
            3 => &NAKED_TRIPLE,
            4 => &NAKED_QUAD,
            n => unreachable!("the registry has no naked subset of size {n}"),
        }
    }

    fn scope(&self) -> Scope {
        Scope::Cells
    }

    fn skips_filled_houses(&self) -> bool {
        true
    }

    /// Sections: the houses; the pattern is the subset's cells.
    fn search(&self, grid: &Grid, part: Part<'_>, _memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        let since = part.since();
        for (section, house) in House::all().enumerate() {
            let touch = since.touch(section);
            if house.cells().intersection(touch).is_empty() || since.settled & 1 << section != 0 {
                continue;
            }
            each_naked_subset_in(grid, self.id(), house.cell_list(), self.size, &[house], touch, &mut |step| {
                finds.step_in(section, step)
            })?;
        }
        ControlFlow::Continue(())
    }
}

/// Locked pair or triple: a naked subset inside the three cells where a box
/// meets a row or column; its digits leave both houses.
pub(crate) struct LockedSubset {
    pub(crate) size: usize,
}

static LOCKED_PAIR: Descriptor = Descriptor::new(
    TechniqueId::LockedPair,
    "locked-pair",
    "Locked Pair",
    2.9,
    40,
    HintFocus::House,
    "Two cells where a box meets a line hold only the same two digits: both houses lose them elsewhere.",
)
.also_called(&["locked-pairs"]);
static LOCKED_TRIPLE: Descriptor = Descriptor::new(
    TechniqueId::LockedTriple,
    "locked-triple",
    "Locked Triple",
    3.0,
    60,
    HintFocus::House,
    "Three cells where a box meets a line hold only three digits: both houses lose them elsewhere.",
)
.also_called(&["locked-triples"]);

impl Technique for LockedSubset {
    fn descriptor(&self) -> &'static Descriptor {
        match self.size {
            2 => &LOCKED_PAIR,
            _ => &LOCKED_TRIPLE,
        }
    }

    fn scope(&self) -> Scope {
        Scope::Cells
    }

    /// A locked subset is a naked one in its line and in its box, and
    /// removes candidates from those two houses only.
    fn skips_filled_houses(&self) -> bool {
        true
    }

    /// Sections: each box's rows, then its columns; the pattern is the
    /// subset's cells (the houses it clears only lose candidates).
    fn search(&self, grid: &Grid, part: Part<'_>, _memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        let since = part.since();
        for (b, block) in House::blocks().enumerate() {
            if block.cells().intersection(since.touch(b * 6 + 5)).is_empty() {
                continue;
            }
            let first = block.cell_list()[0];
            let rows = (0..3).map(move |i| House::row(first.row() + i));
            let cols = (0..3).map(move |i| House::col(first.col() + i));
            for (i, line) in rows.chain(cols).enumerate() {
                let section = b * 6 + i;
                let segment = line.cells().intersection(block.cells());
                let settled = since.settled & 1 << line.index() != 0 && since.settled & 1 << block.index() != 0;
                if settled || segment.intersection(since.touch(section)).is_empty() {
                    continue;
                }
                let houses = [line, block];
                each_naked_subset_in(
                    grid,
                    self.id(),
                    segment.iter(),
                    self.size,
                    &houses,
                    since.touch(section),
                    &mut |step| finds.step_in(section, step),
                )?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// Hands `take` each `size` cells among `cells`, one of them in `touch`,
/// whose candidates together are `size` digits and whose digits leave some
/// cell of `houses`.
fn each_naked_subset_in(
    grid: &Grid,
    id: TechniqueId,
    cells: impl IntoIterator<Item = Cell>,
    size: usize,
    houses: &[House],
    touch: CellSet,
    take: &mut dyn FnMut(Step) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let (mut list, mut candidates, mut count) = ([Cell::new(0); 9], [0u16; 9], 0);
    for c in cells {
        (list[count], candidates[count]) = (c, grid.candidates(c).bits());
        count += 1;
    }
    for (chosen, digits) in naked_sets(&candidates[..count], size, Order::Lexicographic) {
        let mut picked: Few<Cell, 9> = Few::new(Cell::new(0));
        for (i, &cell) in list[..count].iter().enumerate() {
            picked.push_if(cell, chosen >> i & 1 == 1);
        }
        if !picked.iter().any(|&c| touch.contains(c)) {
            continue;
        }
        if let Some(step) = naked_subset_step(grid, id, &picked, digits, houses) {
            take(step)?;
        }
    }
    ControlFlow::Continue(())
}

fn naked_subset_step(grid: &Grid, id: TechniqueId, cells: &[Cell], digits: DigitSet, houses: &[House]) -> Option<Step> {
    let subset: CellSet = cells.iter().copied().collect();
    // Most subsets found again have nothing left to clear: a few set
    // operations say so before any list is built.
    let others = houses.iter().fold(CellSet::EMPTY, |acc, h| acc.union(h.cells())).difference(subset);
    if digits.iter().all(|d| others.intersection(grid.cells_with(d)).is_empty()) {
        return None;
    }
    let mut lost_in = Vec::new();
    let mut eliminations = Vec::new();
    for &h in houses {
        let lost = eliminations_in(grid, h.cells().difference(subset), digits);
        if !lost.is_empty() || houses.len() > 1 {
            lost_in.push(h);
        }
        eliminations.extend(lost);
    }
    if eliminations.is_empty() {
        return None;
    }
    let names = listing(lost_in.iter().map(|h| h.long_name()), "or");
    let reason = if houses.len() > 1 {
        format!(
            "{} hold only {} between them and all lie in {}, so those digits go there and nowhere else in {names}",
            listing(cells, "and"),
            listing(digits.iter(), "and"),
            listing(houses.iter().map(|h| h.long_name()), "and"),
        )
    } else {
        format!(
            "{} hold only {} between them, so those {} digits go there and nowhere else in {names}",
            listing(cells, "and"),
            listing(digits.iter(), "and"),
            count_word(cells.len()),
        )
    };
    Some(Step::new(id).eliminate_all(eliminations).pattern(cells.iter().copied(), digits, lost_in).because(reason))
}

/// Every candidate among `digits` in `cells`.
fn eliminations_in(grid: &Grid, cells: CellSet, digits: DigitSet) -> Vec<Candidate> {
    cells
        .iter()
        .flat_map(|cell| grid.candidates(cell).intersection(digits).iter().map(move |d| Candidate::new(cell, d)))
        .collect()
}

fn count_word(n: usize) -> &'static str {
    match n {
        2 => "two",
        3 => "three",
        _ => "four",
    }
}

/// Hidden pair, triple or quad: `size` digits of a house that together have
/// only `size` places; those cells can hold no other digit.
pub(crate) struct HiddenSubset {
    pub(crate) size: usize,
}

static HIDDEN_PAIR: Descriptor = Descriptor::rated_as_se(
    TechniqueId::HiddenPair,
    "hidden-pair",
    "Hidden Pair",
    SeTechnique::HiddenPair,
    70,
    HintFocus::House,
    "Two digits with the same two places in a house: those cells lose every other candidate.",
)
.also_called(&["hidden-pairs"]);
static HIDDEN_TRIPLE: Descriptor = Descriptor::rated_as_se(
    TechniqueId::HiddenTriple,
    "hidden-triple",
    "Hidden Triple",
    SeTechnique::HiddenTriplet,
    100,
    HintFocus::House,
    "Three digits with the same three places in a house: those cells lose every other candidate.",
)
.also_called(&["hidden-triples", "hidden-triplet"]);
static HIDDEN_QUAD: Descriptor = Descriptor::rated_as_se(
    TechniqueId::HiddenQuad,
    "hidden-quad",
    "Hidden Quad",
    SeTechnique::HiddenQuad,
    150,
    HintFocus::House,
    "Four digits with the same four places in a house: those cells lose every other candidate.",
)
.also_called(&["hidden-quads", "hidden-quadruple"]);

impl Technique for HiddenSubset {
    fn descriptor(&self) -> &'static Descriptor {
        match self.size {
            2 => &HIDDEN_PAIR,
            3 => &HIDDEN_TRIPLE,
            _ => &HIDDEN_QUAD,
        }
    }

    fn scope(&self) -> Scope {
        Scope::Houses
    }

    fn skips_filled_houses(&self) -> bool {
        true
    }

    fn search(&self, grid: &Grid, part: Part<'_>, _memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        let house = part.house();
        for (kept, union) in hidden_sets(grid, house, self.size, Order::Lexicographic) {
            if let Some(step) = self.hidden_step(grid, house, kept, union) {
                finds.step(step)?;
            }
        }
        ControlFlow::Continue(())
    }
}

impl HiddenSubset {
    /// The step of the digits `kept`, whose places in `house` are the cells
    /// at the indices of `union`, if those cells hold another digit.
    fn hidden_step(&self, grid: &Grid, house: House, kept: DigitSet, union: u16) -> Option<Step> {
        let list = house.cell_list();
        if (0..9).all(|i| union & 1 << i == 0 || grid.candidates(list[i]).difference(kept).is_empty()) {
            return None;
        }
        let cells: Vec<Cell> = (0..9).filter(|&i| union & 1 << i != 0).map(|i| list[i]).collect();
        let eliminations: Vec<Candidate> = cells
            .iter()
            .flat_map(|&c| grid.candidates(c).difference(kept).iter().map(move |d| Candidate::new(c, d)))
            .collect();
        if eliminations.is_empty() {
            return None;
        }
        let reason = format!(
            "in {}, {} can only go in {}, so those cells hold no other digit",
            house.long_name(),
            listing(kept.iter(), "and"),
            listing(&cells, "and"),
        );
        Some(Step::new(self.id()).eliminate_all(eliminations).pattern(cells, kept, [house]).because(reason))
    }
}

/// What [`with_virtual_cell`] calls with each subset it finds.
pub(super) type SubsetFound<'a> = dyn FnMut(&[Cell], DigitSet, Vec<Candidate>) -> ControlFlow<()> + 'a;

/// A naked subset completed by a virtual cell: the cells `virtual_cells`
/// of `house`, one of which holds one of `extras`, act together as one
/// cell holding only `extras`. Tries `open` (other cells of the house with
/// their candidates' bits) by 1 to `most` cells, smallest first; for each
/// set whose candidates with `extras` are one digit more than its cells
/// and that removes something, calls `found` with the cells, the subset's
/// digits and the candidates of those digits in the rest of the house.
pub(super) fn with_virtual_cell(
    grid: &Grid,
    house: House,
    virtual_cells: CellSet,
    extras: DigitSet,
    (open, most): (&[(Cell, u16)], usize),
    found: &mut SubsetFound<'_>,
) -> ControlFlow<()> {
    for size in 1..=most.min(open.len()) {
        // The combinations stop at the first `Some`: a stop asked by `found`.
        let stopped = find_combination(open, size, size as u32 + 1, &mut |chosen: &[Cell], union| {
            let digits = DigitSet::from_bits(union).union(extras);
            if digits.len() as usize != size + 1 {
                return None;
            }
            let used: CellSet = chosen.iter().copied().collect::<CellSet>().union(virtual_cells);
            let eliminations: Vec<Candidate> = house
                .cells()
                .difference(used)
                .iter()
                .flat_map(|c| grid.candidates(c).intersection(digits).iter().map(move |d| Candidate::new(c, d)))
                .collect();
            if eliminations.is_empty() {
                return None;
            }
            found(chosen, digits, eliminations).break_value()
        });
        if stopped.is_some() {
            return ControlFlow::Break(());
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::technique::testing::{assert_agrees_with_solution, empty, without};
    use crate::explain::technique::testing::{EverySteps, FirstStep};
    use crate::model::cell::Digit;
    use crate::model::sets::DigitSet;

    fn both(cell: Cell, x: u8, y: u8) -> [Candidate; 2] {
        [Candidate::new(cell, Digit::new(x)), Candidate::new(cell, Digit::new(y))]
    }

    #[test]
    fn naked_pair_in_a_row() {
        let g = without(empty(), &[(2, 4, "1245689"), (2, 9, "1245689")]);
        let step = NakedPair.first(&g).expect("a naked pair");
        let expected: Vec<Candidate> =
            [1, 2, 3, 5, 6, 7, 8].into_iter().flat_map(|c| both(Cell::at(1, c - 1), 3, 7)).collect();
        assert!(step.placements.is_empty());
        assert_eq!(step.eliminations, expected);
        assert_eq!(step.cells, [Cell::at(1, 3), Cell::at(1, 8)]);
        assert_eq!(step.digits, [3, 7].into_iter().map(Digit::new).collect::<DigitSet>());
        assert_eq!(step.houses, [House::row(1)]);
        assert_eq!(
            step.reason,
            "r2c4 and r2c9 hold only 3 and 7, so those two digits go there and nowhere else in row 2"
        );
        assert!(step.text().starts_with("Naked Pair: {3,7} in r2 (r2c4 r2c9) => r2c1<>3, r2c1<>7, r2c2<>3,"));
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn naked_pair_sharing_a_row_and_a_box_clears_both() {
        let g = without(empty(), &[(2, 7, "2456789"), (2, 9, "2456789")]);
        let step = NakedPair.first(&g).expect("a naked pair");
        assert_eq!(step.houses, [House::row(1), House::block(2)]);
        assert_eq!(step.eliminations.len(), 2 * (7 + 6));
        assert!(step.eliminations.contains(&Candidate::new(Cell::at(0, 8), Digit::new(3))));
        assert!(step.reason.ends_with("nowhere else in row 2 or box 3"));
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn naked_pair_lists_only_houses_that_lose_something() {
        // Row 2 has no other 1 or 3 left, box 3 still has them.
        let mut removals = vec![(2, 7, "2456789"), (2, 9, "2456789")];
        removals.extend([1, 2, 3, 4, 5, 6, 8].map(|c| (2, c, "13")));
        let step = NakedPair.first(&without(empty(), &removals)).expect("a naked pair");
        assert_eq!(step.houses, [House::block(2)]);
        assert_eq!(step.eliminations.len(), 2 * 6);
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn naked_pair_lists_both_instances() {
        // {3,7} in r2c4 and r2c9, {3,9} in r6c2 and r6c5.
        let g = without(empty(), &[(2, 4, "1245689"), (2, 9, "1245689"), (6, 2, "1245678"), (6, 5, "1245678")]);
        let steps = NakedPair.every(&g);
        let found: Vec<_> = steps.iter().map(|s| (s.cells.clone(), s.houses.clone())).collect();
        assert_eq!(
            found,
            [
                (vec![Cell::at(1, 3), Cell::at(1, 8)], vec![House::row(1)]),
                (vec![Cell::at(5, 1), Cell::at(5, 4)], vec![House::row(5)])
            ]
        );
        steps.iter().for_each(assert_agrees_with_solution);
    }

    #[test]
    fn naked_pair_needs_equal_pairs_and_something_to_eliminate() {
        // r2c4 and r2c9 hold {3,7} but row 2 has no other 3 or 7; r5c1 {5,6} and r5c2 {6,7} differ.
        let mut removals = vec![(2, 4, "1245689"), (2, 9, "1245689"), (5, 1, "1234789"), (5, 2, "1234589")];
        removals.extend([1, 2, 3, 5, 6, 7, 8].map(|c| (2, c, "37")));
        assert_eq!(NakedPair.first(&without(empty(), &removals)), None);
    }
}

#[cfg(test)]
mod subset_tests {
    use super::*;
    use crate::explain::technique::testing::{assert_agrees_with_solution, at, empty, marks, remove, without};
    use crate::explain::technique::testing::{EverySteps, FirstStep};
    use crate::model::cell::Digit;

    fn digits(list: &str) -> DigitSet {
        list.bytes().map(|b| Digit::new(b - b'0')).collect()
    }

    #[test]
    fn locked_pair_clears_its_line_and_box() {
        let g = without(empty(), &[(2, 7, "2456789"), (2, 9, "2456789")]);
        let step = LockedSubset { size: 2 }.first(&g).expect("a locked pair");
        assert_eq!(step.technique, TechniqueId::LockedPair);
        assert_eq!(step.cells, at(&[(2, 7), (2, 9)]));
        assert_eq!(step.digits, digits("13"));
        assert_eq!(step.houses, [House::row(1), House::block(2)]);
        assert_eq!(step.eliminations.len(), 2 * (7 + 6));
        assert_eq!(
            step.reason,
            "r2c7 and r2c9 hold only 1 and 3 between them and all lie in row 2 and box 3, so those digits go there \
             and nowhere else in row 2 or box 3"
        );
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn locked_pair_lists_both_instances() {
        let g = without(empty(), &[(2, 7, "2456789"), (2, 9, "2456789"), (8, 1, "1234589"), (8, 2, "1234589")]);
        let steps = LockedSubset { size: 2 }.every(&g);
        let cells: Vec<_> = steps.iter().map(|s| s.cells.clone()).collect();
        assert_eq!(cells, [at(&[(2, 7), (2, 9)]), at(&[(8, 1), (8, 2)])]);
        steps.iter().for_each(assert_agrees_with_solution);
    }

    #[test]
    fn locked_pair_needs_its_cells_in_one_box() {
        // The same digits in r2c4 and r2c9: a naked pair, not a locked one.
        let g = without(empty(), &[(2, 4, "2456789"), (2, 9, "2456789")]);
        assert_eq!(LockedSubset { size: 2 }.first(&g), None);
        assert!(NakedPair.first(&g).is_some());
    }

    #[test]
    fn locked_triple_clears_its_line_and_box() {
        let g = marks(&[(2, 7, "13"), (2, 8, "12"), (2, 9, "23")]);
        let step = LockedSubset { size: 3 }.first(&g).expect("a locked triple");
        assert_eq!(step.technique, TechniqueId::LockedTriple);
        assert_eq!(step.cells, at(&[(2, 7), (2, 8), (2, 9)]));
        assert_eq!(step.digits, digits("123"));
        assert_eq!(step.eliminations.len(), 3 * (6 + 6));
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn locked_triple_needs_three_digits() {
        let g = marks(&[(2, 7, "13"), (2, 8, "124"), (2, 9, "23")]);
        assert_eq!(LockedSubset { size: 3 }.first(&g), None);
    }

    #[test]
    fn naked_triple_in_a_row() {
        let g = marks(&[(5, 1, "25"), (5, 4, "58"), (5, 7, "28")]);
        let step = NakedSubset { size: 3 }.first(&g).expect("a naked triple");
        assert_eq!(step.technique, TechniqueId::NakedTriple);
        let expected: Vec<Candidate> = [2, 3, 5, 6, 8, 9]
            .into_iter()
            .flat_map(|c| [2, 5, 8].map(|d| Candidate::new(Cell::at(4, c - 1), Digit::new(d))))
            .collect();
        assert_eq!(step.eliminations, expected);
        assert_eq!(step.cells, at(&[(5, 1), (5, 4), (5, 7)]));
        assert_eq!(step.houses, [House::row(4)]);
        assert_eq!(
            step.text(),
            "Naked Triple: {2,5,8} in r5 (r5c1 r5c4 r5c7) => r5c2<>2, r5c2<>5, r5c2<>8, r5c3<>2, r5c3<>5, r5c3<>8, \
             r5c5<>2, r5c5<>5, r5c5<>8, r5c6<>2, r5c6<>5, r5c6<>8, r5c8<>2, r5c8<>5, r5c8<>8, r5c9<>2, r5c9<>5, \
             r5c9<>8. r5c1, r5c4 and r5c7 hold only 2, 5 and 8 between them, so those three digits go there and \
             nowhere else in row 5."
        );
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn naked_triple_lists_both_instances() {
        let g = marks(&[(5, 1, "25"), (5, 4, "58"), (5, 7, "28"), (7, 1, "36"), (7, 4, "69"), (7, 7, "39")]);
        let steps = NakedSubset { size: 3 }.every(&g);
        let cells: Vec<_> = steps.iter().map(|s| s.cells.clone()).collect();
        assert_eq!(cells, [at(&[(5, 1), (5, 4), (5, 7)]), at(&[(7, 1), (7, 4), (7, 7)])]);
    }

    #[test]
    fn naked_triple_needs_exactly_three_digits() {
        let g = marks(&[(5, 1, "25"), (5, 4, "58"), (5, 7, "289")]);
        assert_eq!(NakedSubset { size: 3 }.first(&g), None);
    }

    #[test]
    fn naked_quad_in_a_row() {
        let g = marks(&[(5, 1, "25"), (5, 4, "58"), (5, 7, "24"), (5, 9, "48")]);
        let step = NakedSubset { size: 4 }.first(&g).expect("a naked quad");
        assert_eq!(step.technique, TechniqueId::NakedQuad);
        assert_eq!(step.cells, at(&[(5, 1), (5, 4), (5, 7), (5, 9)]));
        assert_eq!(step.digits, digits("2458"));
        assert_eq!(step.eliminations.len(), 4 * 5);
        assert_eq!(
            step.reason,
            "r5c1, r5c4, r5c7 and r5c9 hold only 2, 4, 5 and 8 between them, so those four digits go there and \
             nowhere else in row 5"
        );
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn naked_quad_needs_exactly_four_digits() {
        let g = marks(&[(5, 1, "25"), (5, 4, "58"), (5, 7, "24"), (5, 9, "489")]);
        assert_eq!(NakedSubset { size: 4 }.first(&g), None);
    }

    /// Keeps each digit of row 1 only in the listed columns.
    fn row_1_keeping(places: &[(&'static str, &[u8])]) -> Grid {
        let mut removals = Vec::new();
        for &(digit, cols) in places {
            removals.extend(remove(digit, (1..=9).filter(|c| !cols.contains(c)).map(|c| (1, c))));
        }
        without(empty(), &removals)
    }

    #[test]
    fn hidden_pair_in_a_row() {
        let g = row_1_keeping(&[("1", &[1, 9]), ("9", &[1, 9])]);
        let step = HiddenSubset { size: 2 }.first(&g).expect("a hidden pair");
        assert_eq!(step.technique, TechniqueId::HiddenPair);
        assert_eq!(step.cells, at(&[(1, 1), (1, 9)]));
        assert_eq!(step.digits, digits("19"));
        assert_eq!(step.houses, [House::row(0)]);
        let expected: Vec<Candidate> = [0, 8]
            .into_iter()
            .flat_map(|c| (2..=8).map(move |d| Candidate::new(Cell::at(0, c), Digit::new(d))))
            .collect();
        assert_eq!(step.eliminations, expected);
        assert_eq!(step.reason, "in row 1, 1 and 9 can only go in r1c1 and r1c9, so those cells hold no other digit");
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn hidden_pair_lists_both_instances() {
        // {1,9} in r1c1 and r1c9, {2,3} in r5c7 and r5c8.
        let mut removals = Vec::new();
        for (row, digit, cols) in [(1, "1", [1, 9]), (1, "9", [1, 9]), (5, "2", [7, 8]), (5, "3", [7, 8])] {
            removals.extend(remove(digit, (1..=9).filter(|c| !cols.contains(c)).map(|c| (row, c))));
        }
        let steps = HiddenSubset { size: 2 }.every(&without(empty(), &removals));
        let found: Vec<_> = steps.iter().map(|s| (s.cells.clone(), s.digits)).collect();
        assert_eq!(found, [(at(&[(1, 1), (1, 9)]), digits("19")), (at(&[(5, 7), (5, 8)]), digits("23"))]);
        steps.iter().for_each(assert_agrees_with_solution);
    }

    #[test]
    fn hidden_pair_needs_the_digits_confined_to_two_cells() {
        let g = row_1_keeping(&[("1", &[1, 9]), ("9", &[1, 5, 9])]);
        assert_eq!(HiddenSubset { size: 2 }.first(&g), None);
    }

    #[test]
    fn hidden_triple_in_a_row() {
        let g = row_1_keeping(&[("1", &[1, 5]), ("5", &[5, 9]), ("9", &[1, 9])]);
        let step = HiddenSubset { size: 3 }.first(&g).expect("a hidden triple");
        assert_eq!(step.technique, TechniqueId::HiddenTriple);
        assert_eq!(step.cells, at(&[(1, 1), (1, 5), (1, 9)]));
        assert_eq!(step.digits, digits("159"));
        assert_eq!(step.eliminations.len(), 3 * 6);
        assert_eq!(
            step.reason,
            "in row 1, 1, 5 and 9 can only go in r1c1, r1c5 and r1c9, so those cells hold no other digit"
        );
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn hidden_triple_needs_three_cells() {
        let g = row_1_keeping(&[("1", &[1, 5]), ("5", &[3, 5, 9]), ("9", &[1, 9])]);
        assert_eq!(HiddenSubset { size: 3 }.first(&g), None);
    }

    #[test]
    fn hidden_quad_in_a_row() {
        let g = row_1_keeping(&[("1", &[1, 4]), ("4", &[4, 5]), ("5", &[5, 9]), ("9", &[1, 9])]);
        let step = HiddenSubset { size: 4 }.first(&g).expect("a hidden quad");
        assert_eq!(step.technique, TechniqueId::HiddenQuad);
        assert_eq!(step.cells, at(&[(1, 1), (1, 4), (1, 5), (1, 9)]));
        assert_eq!(step.digits, digits("1459"));
        assert_eq!(step.eliminations.len(), 4 * 5);
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn hidden_quad_needs_four_cells() {
        let g = row_1_keeping(&[("1", &[1, 4]), ("4", &[2, 4, 5]), ("5", &[5, 9]), ("9", &[1, 9])]);
        assert_eq!(HiddenSubset { size: 4 }.first(&g), None);
    }
}
