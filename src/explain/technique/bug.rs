//! Bivalue Universal Grave (BUG): sound only for a puzzle known to have
//! exactly one solution. A position where every empty cell holds two
//! candidates and every digit has two places (or none) in each house never
//! has exactly one solution. When such a position is a few candidates away
//! (the "BUG values" in the "BUG cells"), one of those candidates must be
//! true: BUG+1 (one cell) and Sudoku Explainer's types 2, 3 and 4 draw
//! their eliminations from that.

use super::interface::{Finds, Part, Technique};
use super::subsets::with_virtual_cell;
use crate::algo::memo::Memo;
use crate::explain::catalog::{Descriptor, HintFocus, TechniqueId};
use crate::explain::step::{listing, Step};
use crate::model::cell::{Candidate, Cell, Digit};
use crate::model::grid::{common_peers, Grid, House};
use crate::model::sets::{CellSet, DigitSet};
use crate::se_rating::technique::SeTechnique;
use std::ops::ControlFlow;

/// The most BUG cells a grave may have: beyond it the choices of which two
/// candidates each keeps multiply, and no step on the bundled lists needs more.
const MOST_CELLS: usize = 6;

/// The most graves one position lists: two choices of kept candidates
/// rarely both work, and each gives the same kind of step.
const MOST_GRAVES: usize = 8;

/// A grave: the cells with more than two candidates, in cell order, and
/// for each the candidates that must go to leave the BUG (its BUG values).
#[derive(Clone, Debug, PartialEq)]
struct Grave {
    cells: Vec<Cell>,
    values: Vec<DigitSet>,
}

impl Grave {
    fn all_values(&self) -> DigitSet {
        self.values.iter().fold(DigitSet::EMPTY, |acc, &v| acc.union(v))
    }

    fn cell_set(&self) -> CellSet {
        self.cells.iter().copied().collect()
    }

    fn value_candidates(&self) -> impl Iterator<Item = Candidate> + '_ {
        self.cells.iter().zip(&self.values).flat_map(|(&c, v)| v.iter().map(move |d| Candidate::new(c, d)))
    }

    /// The houses that hold every BUG cell.
    fn shared_houses(&self) -> Vec<House> {
        let first = self.cells[0];
        first.houses().into_iter().filter(|h| self.cells.iter().all(|&c| h.cells().contains(c))).collect()
    }

    /// How the reason opens: what would be left without the BUG values.
    fn intro(&self) -> String {
        let values: Vec<String> = self.value_candidates().map(|c| format!("{}={}", c.cell, c.digit)).collect();
        format!(
            "without {} every empty cell would hold two candidates and every digit would have two places in each \
             house, a pattern that never has a single solution, so one of them is true",
            listing(values.iter(), "and"),
        )
    }

    fn step(&self, grid: &Grid, id: TechniqueId) -> Step {
        let digits = self.cells.iter().fold(DigitSet::EMPTY, |acc, &c| acc.union(grid.candidates(c)));
        let houses: Vec<House> = self.cells.iter().flat_map(|c| c.houses()).collect();
        let mut houses_once: Vec<House> = Vec::new();
        for h in houses {
            if !houses_once.contains(&h) {
                houses_once.push(h);
            }
        }
        Step::new(id).pattern(self.cells.iter().copied(), digits, houses_once)
    }
}

/// Every grave of the position (at most `MOST_GRAVES`), in the order of the
/// kept pairs, lowest digits first: none when a cell holds a single
/// candidate or more than `MOST_CELLS` hold more than two.
fn graves(grid: &Grid) -> Vec<Grave> {
    let empty = grid.empty_cells();
    if empty.is_empty() || !grid.cells_holding(1..=1).is_empty() {
        return Vec::new();
    }
    let wide: Vec<Cell> = grid.cells_holding(3..=9).iter().collect();
    if wide.is_empty() || wide.len() > MOST_CELLS {
        return Vec::new();
    }
    // Every house must pass the count once its last wide cell has chosen.
    let closes: Vec<Vec<House>> = (0..wide.len())
        .map(|i| {
            wide[i].houses().into_iter().filter(|h| wide[i + 1..].iter().all(|c| !h.cells().contains(*c))).collect()
        })
        .collect();
    // Houses without a wide cell decide alone, before any choice.
    let wide_set: CellSet = wide.iter().copied().collect();
    let kept = |rest: &[DigitSet; 81], house: House| {
        Digit::all().all(|d| {
            let n = house.cells().iter().filter(|c| rest[c.index()].contains(d)).count();
            n == 0 || n == 2
        })
    };
    let mut rest = [DigitSet::EMPTY; 81];
    for c in empty.iter() {
        rest[c.index()] = grid.candidates(c);
    }
    if !House::all().filter(|h| h.cells().intersection(wide_set).is_empty()).all(|h| kept(&rest, h)) {
        return Vec::new();
    }
    let mut found = Vec::new();
    choose(grid, &wide, &closes, 0, &mut rest, &kept, &mut found);
    found
}

/// Chooses the two candidates wide cell `i` keeps, and those of the cells
/// after it, adding each choice that leaves a BUG to `found`.
fn choose(
    grid: &Grid,
    wide: &[Cell],
    closes: &[Vec<House>],
    i: usize,
    rest: &mut [DigitSet; 81],
    kept: &impl Fn(&[DigitSet; 81], House) -> bool,
    found: &mut Vec<Grave>,
) {
    if found.len() >= MOST_GRAVES {
        return;
    }
    let Some(&cell) = wide.get(i) else {
        let values = wide.iter().map(|&c| grid.candidates(c).difference(rest[c.index()])).collect();
        found.push(Grave { cells: wide.to_vec(), values });
        return;
    };
    let digits: Vec<Digit> = grid.candidates(cell).iter().collect();
    for a in 0..digits.len() {
        for b in a + 1..digits.len() {
            rest[cell.index()] = DigitSet::single(digits[a]).union(DigitSet::single(digits[b]));
            if closes[i].iter().all(|&h| kept(rest, h)) {
                choose(grid, wide, closes, i + 1, rest, kept, found);
            }
        }
    }
    rest[cell.index()] = grid.candidates(cell);
}

/// BUG+1: one BUG cell; it keeps only its BUG values (with one, it takes it).
pub(crate) struct BugPlusOne;

/// BUG Type 2: every BUG value is one digit; cells seeing every BUG cell lose it.
pub(crate) struct BugType2;

/// BUG Type 3: the BUG cells share a house, and their BUG values, as one
/// cell, form a naked subset with other cells of it.
pub(crate) struct BugType3;

/// BUG Type 4: two BUG cells in a house share a digit that has no other
/// place there; each keeps only that digit and its BUG values.
pub(crate) struct BugType4;

static BUG_PLUS_ONE: Descriptor = Descriptor::rated_as_se(
    TechniqueId::BugPlusOne,
    "bug-plus-one",
    "BUG+1",
    SeTechnique::Bug(1),
    100,
    HintFocus::Nothing,
    "All empty cells bivalue but one: that cell takes the digit that would otherwise make two solutions.",
)
.needing_unique_solution()
.also_called(&["bug+1", "bug-1", "bug", "bug-type-1"]);

static BUG_TYPE_2: Descriptor = Descriptor::rated_as_se(
    TechniqueId::BugType2,
    "bug-type-2",
    "BUG Type 2",
    SeTechnique::Bug(2),
    110,
    HintFocus::Nothing,
    "The BUG cells' extra candidates are one digit: one of them holds it, so cells seeing them all lose it.",
)
.needing_unique_solution()
.also_called(&["bug-2", "bug2"]);

static BUG_TYPE_3: Descriptor = Descriptor::rated_as_se(
    TechniqueId::BugType3,
    "bug-type-3",
    "BUG Type 3",
    SeTechnique::Bug(3),
    120,
    HintFocus::Nothing,
    "The BUG cells share a house; their extra digits, as one cell, form a naked subset there.",
)
.needing_unique_solution()
.also_called(&["bug-3", "bug3"]);

static BUG_TYPE_4: Descriptor = Descriptor::rated_as_se(
    TechniqueId::BugType4,
    "bug-type-4",
    "BUG Type 4",
    SeTechnique::Bug(4),
    120,
    HintFocus::Nothing,
    "Two BUG cells in a house hold a digit confined to them there: each keeps only it and its extra digits.",
)
.needing_unique_solution()
.also_called(&["bug-4", "bug4"]);

impl Technique for BugPlusOne {
    fn descriptor(&self) -> &'static Descriptor {
        &BUG_PLUS_ONE
    }

    fn search(&self, grid: &Grid, _part: Part<'_>, _memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        for grave in graves(grid).iter().filter(|g| g.cells.len() == 1) {
            let (cell, values) = (grave.cells[0], grave.values[0]);
            let step = grave.step(grid, TechniqueId::BugPlusOne);
            let step = match values.single_digit() {
                Some(digit) => step.place(cell, digit).because(format!(
                    "every other empty cell holds two candidates; without {digit} in {cell}, every digit would have \
                     exactly two places in each house, a pattern that never has a single solution, so {cell} is \
                     {digit}"
                )),
                None => step
                    .eliminate_all(grid.candidates(cell).difference(values).iter().map(|d| Candidate::new(cell, d)))
                    .because(format!("{}; {cell} is {}", grave.intro(), listing(values.iter(), "or"))),
            };
            finds.step(step)?;
        }
        ControlFlow::Continue(())
    }
}

impl Technique for BugType2 {
    fn descriptor(&self) -> &'static Descriptor {
        &BUG_TYPE_2
    }

    fn search(&self, grid: &Grid, _part: Part<'_>, _memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        for grave in graves(grid).iter().filter(|g| g.cells.len() >= 2) {
            let Some(digit) = grave.all_values().single_digit() else { continue };
            let targets = common_peers(grave.cell_set()).intersection(grid.cells_with(digit));
            if targets.is_empty() {
                continue;
            }
            let reason = format!(
                "{}: one of {} is {digit}, and cells seeing them all lose {digit}",
                grave.intro(),
                listing(grave.cells.iter(), "and")
            );
            let step = grave
                .step(grid, TechniqueId::BugType2)
                .eliminate_all(targets.iter().map(|c| Candidate::new(c, digit)))
                .because(reason);
            finds.step(step)?;
        }
        ControlFlow::Continue(())
    }
}

impl Technique for BugType3 {
    fn descriptor(&self) -> &'static Descriptor {
        &BUG_TYPE_3
    }

    fn search(&self, grid: &Grid, _part: Part<'_>, _memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        for grave in graves(grid).iter().filter(|g| g.cells.len() >= 2) {
            let values = grave.all_values();
            let bug_cells = grave.cell_set();
            for house in grave.shared_houses() {
                let others: Vec<(Cell, u16)> = house
                    .cells()
                    .difference(bug_cells)
                    .iter()
                    .filter(|&c| grid.candidates(c).len() >= 2)
                    .map(|c| (c, grid.candidates(c).bits()))
                    .collect();
                with_virtual_cell(
                    grid,
                    house,
                    bug_cells,
                    values,
                    (&others, 4),
                    &mut |chosen, digits, eliminations| {
                        let reason = format!(
                            "{}: together {} act as one cell holding {}, which with {} forms a naked subset of {} \
                             in {}, whose digits go nowhere else there",
                            grave.intro(),
                            listing(grave.cells.iter(), "and"),
                            listing(values.iter(), "or"),
                            listing(chosen.iter(), "and"),
                            listing(digits.iter(), "and"),
                            house.long_name()
                        );
                        let mut step = grave.step(grid, TechniqueId::BugType3);
                        step.cells.extend(chosen.iter().copied());
                        step.digits = step.digits.union(digits);
                        finds.step(step.eliminate_all(eliminations).because(reason))
                    },
                )?;
            }
        }
        ControlFlow::Continue(())
    }
}

impl Technique for BugType4 {
    fn descriptor(&self) -> &'static Descriptor {
        &BUG_TYPE_4
    }

    fn search(&self, grid: &Grid, _part: Part<'_>, _memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        for grave in graves(grid).iter().filter(|g| g.cells.len() == 2) {
            let ([p, q], [vp, vq]) = ([grave.cells[0], grave.cells[1]], [grave.values[0], grave.values[1]]);
            let pair: CellSet = [p, q].into_iter().collect();
            let shared = grid.candidates(p).intersection(grid.candidates(q)).difference(vp.union(vq));
            for house in grave.shared_houses() {
                for x in shared.iter().filter(|&x| grid.house_cells_with(house, x) == pair) {
                    let keep = |v: DigitSet| v.union(DigitSet::single(x));
                    let eliminations: Vec<Candidate> = [(p, vp), (q, vq)]
                        .into_iter()
                        .flat_map(|(c, v)| {
                            grid.candidates(c).difference(keep(v)).iter().map(move |d| Candidate::new(c, d))
                        })
                        .collect();
                    if eliminations.is_empty() {
                        continue;
                    }
                    let reason = format!(
                        "{}; in {}, {x} can only be in {p} or {q}, so one of them is {x} and the other holds its BUG \
                         value: {p} is {} and {q} is {}",
                        grave.intro(),
                        house.long_name(),
                        listing(keep(vp).iter(), "or"),
                        listing(keep(vq).iter(), "or")
                    );
                    let mut step = grave.step(grid, TechniqueId::BugType4);
                    step.houses.retain(|&h| h != house);
                    step.houses.insert(0, house);
                    finds.step(step.eliminate_all(eliminations).because(reason))?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact::backtrack;
    use crate::explain::technique::testing::{position, EverySteps, FirstStep};

    const SOLVED: &str = "123456789456789123789123456214365897365897214897214365531642978642978531978531642";

    /// A BUG by construction: every cell empty with two candidates, its
    /// digit in a solved grid and the next one (9 wraps to 1), so that each
    /// digit has two places in every house; then `extras` adds digits to a
    /// few cells (`(1, 1, "5")` adds 5 to r1c1).
    fn bug_grid(extras: &[(u8, u8, &str)]) -> Grid {
        let mut candidates = [DigitSet::EMPTY; 81];
        for (i, b) in SOLVED.bytes().enumerate() {
            let d = b - b'0';
            candidates[i] = [Digit::new(d), Digit::new(d % 9 + 1)].into_iter().collect();
        }
        for &(r, c, digits) in extras {
            for b in digits.bytes() {
                candidates[Cell::at(r - 1, c - 1).index()].insert(Digit::new(b - b'0'));
            }
        }
        Grid::from_values_and_candidates(&[0; 81], &candidates)
    }

    fn cands(list: &[(u8, u8, u8)]) -> Vec<Candidate> {
        list.iter().map(|&(r, c, d)| Candidate::new(Cell::at(r - 1, c - 1), Digit::new(d))).collect()
    }

    #[test]
    fn graves_need_every_house_to_pair_its_digits() {
        assert_eq!(graves(&bug_grid(&[])), []);
        let found = graves(&bug_grid(&[(1, 1, "5"), (1, 2, "6")]));
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].cells, [Cell::at(0, 0), Cell::at(0, 1)]);
        assert_eq!(found[0].values, [DigitSet::single(Digit::new(5)), DigitSet::single(Digit::new(6))]);
        // A cell with one candidate left: no BUG to speak of.
        let mut g = bug_grid(&[(1, 1, "5")]);
        g.eliminate(Cell::at(8, 8), Digit::new(2));
        assert_eq!(graves(&g), []);
    }

    /// Top 1465 #1398 after its solve has reached a BUG+1.
    const BUG_PUZZLE: &str = "9....8.....6.9....3..4....1..9....478..67......7....235......1...316...9.......7.";
    const BUG_POSITION: &str = "=9 =1 =5 =7 =3 =8 24 =6 24 24 24 =6 =5 =9 =1 =7 =3 =8 =3 =7 =8 =4 =2 =6 =9 =5 =1 \
        12 56 =9 38 15 23 68 =4 =7 =8 =3 24 =6 =7 24 =1 =9 =5 14 56 =7 89 15 49 68 =2 =3 =5 89 24 29 48 =7 =3 =1 =6 \
        =7 24 =3 =1 =6 =5 24 =8 =9 =6 89 =1 239 48 39 =5 =7 24";

    #[test]
    fn bug_plus_one_places_the_digit_seen_three_times() {
        let g = position(BUG_POSITION);
        let step = BugPlusOne.first(&g).expect("a BUG+1");
        assert_eq!(step.placements, [Candidate::new(Cell::at(8, 3), Digit::new(9))]);
        assert!(step.eliminations.is_empty());
        assert_eq!(step.cells, [Cell::at(8, 3)]);
        assert_eq!(step.digits, [2, 3, 9].into_iter().map(Digit::new).collect());
        assert_eq!(
            step.reason,
            "every other empty cell holds two candidates; without 9 in r9c4, every digit would have exactly two \
             places in each house, a pattern that never has a single solution, so r9c4 is 9"
        );
        let values: Vec<u8> = BUG_PUZZLE.bytes().map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 }).collect();
        let solution = backtrack::solution_by_backtracking(&values.try_into().unwrap()).expect("a solution");
        assert_eq!(solution[Cell::at(8, 3).index()], 9);
    }

    #[test]
    fn bug_plus_one_with_two_values_keeps_only_them() {
        let step = BugPlusOne.first(&bug_grid(&[(1, 1, "57")])).expect("a BUG+1");
        assert_eq!(step.eliminations, cands(&[(1, 1, 1), (1, 1, 2)]));
        assert!(step.reason.ends_with("so one of them is true; r1c1 is 5 or 7"), "{}", step.reason);
    }

    #[test]
    fn bug_plus_one_needs_a_single_cell_with_three_candidates() {
        // r4c2 gets a third candidate (one no filled peer rules out): two cells with three.
        let mut groups: Vec<String> = BUG_POSITION.split_whitespace().map(String::from).collect();
        assert_eq!(groups[28], "56");
        groups[28] = "256".to_string();
        let g = position(&groups.join(" "));
        assert_eq!(g.candidates(Cell::at(3, 1)).len(), 3);
        assert_eq!(BugPlusOne.first(&g), None);
    }

    #[test]
    fn bug_type_2_removes_the_value_from_cells_seeing_every_bug_cell() {
        let step = BugType2.first(&bug_grid(&[(1, 1, "5"), (1, 2, "5")])).expect("a BUG type 2");
        assert_eq!(step.technique, TechniqueId::BugType2);
        assert_eq!(step.eliminations, cands(&[(1, 4, 5), (1, 5, 5), (2, 1, 5), (2, 2, 5)]));
        assert_eq!(step.cells, [Cell::at(0, 0), Cell::at(0, 1)]);
        assert_eq!(
            step.reason,
            "without r1c1=5 and r1c2=5 every empty cell would hold two candidates and every digit would have two \
             places in each house, a pattern that never has a single solution, so one of them is true: one of r1c1 \
             and r1c2 is 5, and cells seeing them all lose 5"
        );
        // A third cell, r2c3: only box 1 sees all three.
        let three = BugType2.first(&bug_grid(&[(1, 1, "5"), (1, 2, "5"), (2, 3, "5")])).expect("a BUG type 2");
        assert_eq!(three.cells.len(), 3);
        assert_eq!(three.eliminations, cands(&[(2, 1, 5), (2, 2, 5)]));
    }

    #[test]
    fn bug_type_2_needs_one_digit() {
        assert_eq!(BugType2.first(&bug_grid(&[(1, 1, "5"), (1, 2, "6")])), None);
        assert_eq!(BugType2.first(&bug_grid(&[(1, 1, "5"), (9, 9, "8")])), None);
    }

    #[test]
    fn bug_type_3_lists_the_subset_in_each_shared_house() {
        // r1c1 and r1c2 hold 5 and 6 besides their pairs; r1c5 (row 1) and
        // r2c2 (box 1) hold only 5 and 6. (Larger subsets follow: in a grid
        // this regular, most cells of a house make one with the others.)
        let every = BugType3.every(&bug_grid(&[(1, 1, "5"), (1, 2, "6")]));
        assert!(every.len() > 2);
        let steps: Vec<&Step> = every.iter().filter(|s| s.cells.len() == 3).collect();
        assert_eq!(steps.len(), 2);
        assert_eq!(every[0], *steps[0], "the smallest subset comes first");
        assert_eq!(steps[0].eliminations, cands(&[(1, 4, 5), (1, 6, 6)]));
        assert_eq!(steps[0].cells[2], Cell::at(0, 4));
        assert_eq!(steps[1].eliminations, cands(&[(2, 1, 5), (2, 3, 6)]));
        assert_eq!(steps[1].cells[2], Cell::at(1, 1));
        assert!(steps[0].reason.ends_with(
            "together r1c1 and r1c2 act as one cell holding 5 or 6, which with r1c5 forms a naked subset of 5 and 6 in \
             row 1, whose digits go nowhere else there"
        ));
    }

    #[test]
    fn bug_type_3_needs_a_shared_house() {
        assert_eq!(BugType3.first(&bug_grid(&[(1, 1, "5"), (9, 9, "8")])), None);
    }

    #[test]
    fn bug_type_4_lists_each_house_where_the_digit_is_confined() {
        // r1c1 {1,2,5} and r1c2 {2,3,6}: 2 lies only in them in row 1 and in box 1.
        let steps = BugType4.every(&bug_grid(&[(1, 1, "5"), (1, 2, "6")]));
        let houses: Vec<House> = steps.iter().map(|s| s.houses[0]).collect();
        assert_eq!(houses, [House::row(0), House::block(0)]);
        for step in &steps {
            assert_eq!(step.eliminations, cands(&[(1, 1, 1), (1, 2, 3)]));
        }
        assert!(steps[0].reason.ends_with(
            "in row 1, 2 can only be in r1c1 or r1c2, so one of them is 2 and the other holds its BUG value: r1c1 is 2 \
             or 5 and r1c2 is 2 or 6"
        ));
    }

    #[test]
    fn bug_type_4_needs_a_shared_digit() {
        // r1c1 {1,2,7} and r1c5 {5,6,8} share a row and no digit.
        assert_eq!(BugType4.first(&bug_grid(&[(1, 1, "7"), (1, 5, "8")])), None);
    }
}
