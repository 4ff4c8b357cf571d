//! Single-digit patterns built from conjugate pairs (houses where a digit has
//! exactly two places): Two-String Kite, Turbot Fish and Empty Rectangle,
//! and the dual kite and dual empty rectangle that HoDoKu reports.

use super::interface::{Finds, Part, Scope, Technique};
use crate::algo::few::Few;
use crate::algo::memo::Memo;
use crate::explain::catalog::{Descriptor, HintFocus, TechniqueId};
use crate::explain::step::{ChainNode, LinkKind, Step};
use crate::model::cell::Candidate;
use crate::model::cell::{Cell, Digit};
use crate::model::grid::{band_cells, common_peers, seeing_any, stack_cells, Grid, House, HouseKind};
use crate::model::sets::{CellSet, DigitSet};
use std::ops::ControlFlow;

/// A house where the digit has exactly two places.
#[derive(Clone, Copy)]
pub(super) struct Link {
    pub(crate) house: House,
    pub(crate) cells: [Cell; 2],
}

/// The conjugate pairs of `digit` in `houses`, in their order (at most
/// one per house).
pub(super) fn links(grid: &Grid, digit: Digit, houses: impl Iterator<Item = House>) -> Links {
    let mut found = Links::new(Link { house: House::row(0), cells: [Cell::new(0); 2] });
    for house in houses {
        let places = grid.house_cells_with(house, digit);
        if places.len() == 2 && !grid.house_has_value(house, digit) {
            let a = places.first().expect("two places");
            let b = places.difference(CellSet::single(a)).first().expect("two places");
            found.push_if(Link { house, cells: [a, b] }, true);
        }
    }
    found
}

/// A digit's conjugate pairs.
pub(super) type Links = Few<Link, 27>;

/// Drops the links neither of whose ends sees a cell of `removable`: a
/// chain whose targets lie there has its far ends seeing them.
fn reaching(links: Links, removable: CellSet) -> Links {
    let seen = seeing_any(removable);
    links.filtered(|link| seen.contains(link.cells[0]) | seen.contains(link.cells[1]))
}

/// The ends of a link, each with the other end: `[(a, b), (b, a)]`.
fn ends(link: &Link) -> [(Cell, Cell); 2] {
    let [a, b] = link.cells;
    [(a, b), (b, a)]
}

/// The digit leaves the cells that see both `x` and `y`, other than `pattern`.
fn targets_seeing(grid: &Grid, digit: Digit, x: Cell, y: Cell, pattern: CellSet) -> CellSet {
    let both: CellSet = [x, y].into_iter().collect();
    common_peers(both).difference(pattern).intersection(grid.cells_with(digit))
}

fn eliminate(targets: CellSet, digit: Digit) -> impl Iterator<Item = Candidate> {
    targets.iter().map(move |cell| Candidate::new(cell, digit))
}

/// Two-String Kite: a conjugate pair in a row and one in a column, with one
/// end of each in the same box. At most one of those two ends is the digit,
/// so one of the two far ends is, and cells seeing both far ends lose it.
pub(crate) struct TwoStringKite;

static TWO_STRING_KITE: Descriptor = Descriptor::new(
    TechniqueId::TwoStringKite,
    "two-string-kite",
    "Two-String Kite",
    4.1,
    150,
    HintFocus::Digit,
    "A row and a column conjugate pair of a digit, joined in a box: the cell seeing both free ends loses it.",
)
.also_called(&["2-string-kite", "kite"]);

impl Technique for TwoStringKite {
    fn descriptor(&self) -> &'static Descriptor {
        &TWO_STRING_KITE
    }

    fn scope(&self) -> Scope {
        Scope::Digits
    }

    /// The kite's far ends see its targets.
    fn search(&self, grid: &Grid, part: Part<'_>, _memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        let (digit, removable) = part.digit();
        for kite in kites(grid, digit, removable) {
            finds.step(kite.step(digit))?;
        }
        ControlFlow::Continue(())
    }
}

/// A kite's cells: the row link's ends `far_r`, `near_r`, the column
/// link's `near_c`, `far_c` (the near ends share a box), and the cells
/// seeing both far ends that hold the digit.
#[derive(Clone, Copy)]
struct Kite {
    row: Link,
    col: Link,
    far_r: Cell,
    near_r: Cell,
    near_c: Cell,
    far_c: Cell,
    targets: CellSet,
}

impl Kite {
    fn the_box(&self) -> House {
        House::block(self.near_r.block())
    }

    /// `7 is in r1c7 or r1c2 in row 1, and in r3c1 or r8c1 in column 1`.
    fn links_text(&self, digit: Digit) -> String {
        let Kite { far_r, near_r, near_c, far_c, .. } = *self;
        format!(
            "{digit} is in {far_r} or {near_r} in {}, and in {near_c} or {far_c} in {}",
            self.row.house.long_name(),
            self.col.house.long_name()
        )
    }

    /// Its links: the row's strong link, the weak link in the box, the column's strong link.
    fn links(&self) -> [(Cell, Cell, LinkKind); 3] {
        let Kite { far_r, near_r, near_c, far_c, .. } = *self;
        [(far_r, near_r, LinkKind::Strong), (near_r, near_c, LinkKind::Weak), (near_c, far_c, LinkKind::Strong)]
    }

    fn step(&self, digit: Digit) -> Step {
        let Kite { far_r, near_r, near_c, far_c, .. } = *self;
        let reason = format!(
            "{}; {near_r} and {near_c} share {} so at most one of them is {digit}, hence {far_r} or {far_c} is \
             {digit} and cells seeing both lose {digit}",
            self.links_text(digit),
            self.the_box().long_name()
        );
        Step::new(TechniqueId::TwoStringKite)
            .eliminate_all(eliminate(self.targets, digit))
            .pattern(
                [far_r, near_r, near_c, far_c],
                DigitSet::single(digit),
                [self.row.house, self.col.house, self.the_box()],
            )
            .links_of(digit, self.links())
            .because(reason)
    }
}

/// The kite of a row link and a column link, if it removes something: the
/// two links' boxes meet in one box at most, so one way of joining them at
/// most.
fn kite(grid: &Grid, digit: Digit, row: &Link, col: &Link) -> Option<Kite> {
    ends(row).into_iter().find_map(|(far_r, near_r)| {
        ends(col).into_iter().find_map(|(far_c, near_c)| {
            let block = near_r.block();
            let shape = near_r != near_c
                && near_c.block() == block
                && far_r.block() != block
                && far_c.block() != block
                && far_r != far_c;
            if !shape {
                return None;
            }
            let pattern: CellSet = [far_r, near_r, near_c, far_c].into_iter().collect();
            let targets = targets_seeing(grid, digit, far_r, far_c, pattern);
            (!targets.is_empty()).then_some(Kite { row: *row, col: *col, far_r, near_r, near_c, far_c, targets })
        })
    })
}

/// Every kite of the digit whose links reach `removable`.
fn kites(grid: &Grid, digit: Digit, removable: CellSet) -> Vec<Kite> {
    let rows = reaching(links(grid, digit, House::rows()), removable);
    let cols = reaching(links(grid, digit, House::cols()), removable);
    rows.iter().flat_map(|row| cols.iter().filter_map(move |col| kite(grid, digit, row, col))).collect()
}

/// Dual Two-String Kite: two kites joined in the same two box cells, the
/// row end of one being the column end of the other. One step takes both
/// kites' eliminations, as HoDoKu reports it.
pub(crate) struct DualTwoStringKite;

static DUAL_TWO_STRING_KITE: Descriptor = Descriptor::new(
    TechniqueId::DualTwoStringKite,
    "dual-two-string-kite",
    "Dual Two-String Kite",
    4.1,
    150,
    HintFocus::Digit,
    "Two kites joined in the same two box cells, crosswise: the cells seeing either kite's free ends lose the digit.",
)
.also_called(&["dual-2-string-kite", "dual-kite"]);

impl Technique for DualTwoStringKite {
    fn descriptor(&self) -> &'static Descriptor {
        &DUAL_TWO_STRING_KITE
    }

    fn scope(&self) -> Scope {
        Scope::Digits
    }

    /// Each kite is sound alone, so each removes only candidates of `removable`.
    fn search(&self, grid: &Grid, part: Part<'_>, _memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        let (digit, removable) = part.digit();
        let all = kites(grid, digit, removable);
        for (i, first) in all.iter().enumerate() {
            for second in &all[i + 1..] {
                let crosswise = first.near_r == second.near_c && first.near_c == second.near_r;
                if crosswise && first.targets != second.targets {
                    finds.step(dual_kite(digit, first, second))?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

fn dual_kite(digit: Digit, first: &Kite, second: &Kite) -> Step {
    let (a, b) = (first.near_r, first.near_c);
    let both_ends = |k: &Kite| format!("{} or {} is {digit}", k.far_r, k.far_c);
    let reason = format!(
        "{a} and {b} share {} so at most one of them is {digit}; {}, and {}: so {} and {}, and cells seeing both \
         ends of either pair lose {digit}",
        first.the_box().long_name(),
        first.links_text(digit),
        second.links_text(digit),
        both_ends(first),
        both_ends(second)
    );
    let targets = first.targets.union(second.targets);
    Step::new(TechniqueId::DualTwoStringKite)
        .eliminate_all(eliminate(targets, digit))
        .pattern(
            [first.far_r, a, b, first.far_c, second.far_r, second.far_c],
            DigitSet::single(digit),
            [first.row.house, first.col.house, second.row.house, second.col.house, first.the_box()],
        )
        .links_of(digit, first.links())
        .links_of(digit, [second.links()[0], second.links()[2]])
        .because(reason)
}

/// Turbot Fish: two conjugate pairs in any houses, one end of the first
/// seeing one end of the second. Those two ends are not both the digit, so
/// one of the far ends is, and cells seeing both far ends lose it.
pub(crate) struct TurbotFish;

static TURBOT_FISH: Descriptor = Descriptor::new(
    TechniqueId::TurbotFish,
    "turbot-fish",
    "Turbot Fish",
    4.2,
    120,
    HintFocus::Digit,
    "Two conjugate pairs of a digit joined by a weak link: cells seeing both free ends lose it.",
);

impl Technique for TurbotFish {
    fn descriptor(&self) -> &'static Descriptor {
        &TURBOT_FISH
    }

    fn scope(&self) -> Scope {
        Scope::Digits
    }

    /// The far ends see the targets.
    fn search(&self, grid: &Grid, part: Part<'_>, _memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        let (digit, removable) = part.digit();
        let all = reaching(links(grid, digit, House::all()), removable);
        for (i, first) in all.iter().enumerate() {
            for second in &all[i + 1..] {
                for (far1, near1) in ends(first) {
                    for (near2, far2) in ends(second) {
                        if let Some(step) = turbot(grid, digit, first, second, [far1, near1, near2, far2]) {
                            finds.step(step)?;
                        }
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// The links `first` and `second` joined at `near1` and `near2`: each way
/// two ends see each other is an instance.
fn turbot(grid: &Grid, digit: Digit, first: &Link, second: &Link, ends: [Cell; 4]) -> Option<Step> {
    let [far1, near1, near2, far2] = ends;
    let pattern: CellSet = [far1, near1, near2, far2].into_iter().collect();
    if pattern.len() != 4 || !near1.sees(near2) {
        return None;
    }
    let targets = targets_seeing(grid, digit, far1, far2, pattern);
    if targets.is_empty() {
        return None;
    }
    let weak = near1.houses().into_iter().find(|h| h.cells().contains(near2))?;
    let reason = format!(
        "{digit} is in {far1} or {near1} in {}, and in {near2} or {far2} in {}; {near1} and {near2} share \
         {} so at most one of them is {digit}, hence {far1} or {far2} is {digit} and cells seeing both \
         lose {digit}",
        first.house.long_name(),
        second.house.long_name(),
        weak.long_name()
    );
    Some(
        Step::new(TechniqueId::TurbotFish)
            .eliminate_all(eliminate(targets, digit))
            .pattern([far1, near1, near2, far2], DigitSet::single(digit), [first.house, second.house, weak])
            .links_of(
                digit,
                [(far1, near1, LinkKind::Strong), (near1, near2, LinkKind::Weak), (near2, far2, LinkKind::Strong)],
            )
            .because(reason),
    )
}

/// Empty Rectangle: in a box, the digit's places all lie on one row and one
/// column (a cross, with places on both arms). A conjugate pair in a line
/// outside the box with one end on the cross's row (or column) forces the
/// digit onto the box's column (or row) whenever its other end is not the
/// digit; the cell where that other end's line meets the cross's other arm
/// loses the digit either way.
pub(crate) struct EmptyRectangle;

static EMPTY_RECTANGLE: Descriptor = Descriptor::new(
    TechniqueId::EmptyRectangle,
    "empty-rectangle",
    "Empty Rectangle",
    4.3,
    120,
    HintFocus::Digit,
    "A digit's places in a box form a cross that, with a conjugate pair, removes it from one cell.",
)
.also_called(&["empty-rectangles"]);

impl Technique for EmptyRectangle {
    fn descriptor(&self) -> &'static Descriptor {
        &EMPTY_RECTANGLE
    }

    fn scope(&self) -> Scope {
        Scope::Digits
    }

    /// The target lies in the box's band or stack, outside the box, and
    /// the link's far end sees it.
    fn search(&self, grid: &Grid, part: Part<'_>, _memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        let (digit, removable) = part.digit();
        for er in empty_rectangles(grid, digit, removable) {
            finds.step(er.step(grid, digit))?;
        }
        ControlFlow::Continue(())
    }
}

/// Each row and column of the box that can be its cross: the digit's
/// places in the box all lie on them, with at least one place off each
/// arm's crossing cell. Two places on a diagonal make two crosses.
fn crosses(grid: &Grid, digit: Digit, block: House) -> impl Iterator<Item = (House, House)> {
    let places = grid.house_cells_with(block, digit);
    let placed = grid.house_has_value(block, digit);
    let first = block.cell_list()[0];
    (0..3).flat_map(move |i| (0..3).map(move |j| (House::row(first.row() + i), House::col(first.col() + j)))).filter(
        move |&(row, col)| {
            let on_row = places.intersection(row.cells()).difference(col.cells());
            let on_col = places.intersection(col.cells()).difference(row.cells());
            let off = places.difference(row.cells()).difference(col.cells());
            !placed && off.is_empty() && !on_row.is_empty() && !on_col.is_empty()
        },
    )
}

/// An empty rectangle: the cross `row`, `col` of `block`, the link with
/// its end `near` on one arm's line and `far` beyond, and the cell that
/// loses the digit.
#[derive(Clone, Copy)]
struct Er {
    block: House,
    row: House,
    col: House,
    link: Link,
    near: Cell,
    far: Cell,
    target: Cell,
}

impl Er {
    /// `in box 5, 7 lies only on row 4 and column 5`.
    fn cross_text(&self, digit: Digit) -> String {
        format!(
            "in {}, {digit} lies only on {} and {}",
            self.block.long_name(),
            self.row.long_name(),
            self.col.long_name()
        )
    }

    /// Why the link and the cross remove the target.
    fn link_text(&self, digit: Digit) -> String {
        let Er { near, far, target, .. } = *self;
        let other_arm = if self.link.house.kind() == HouseKind::Col { self.col } else { self.row };
        format!(
            "{digit} is in {near} or {far} in {}, and if {far} is not {digit} then {near} is, which pushes {digit} in \
             {} onto {}; either way {target} cannot be {digit}",
            self.link.house.long_name(),
            self.block.long_name(),
            other_arm.long_name()
        )
    }

    fn step(&self, grid: &Grid, digit: Digit) -> Step {
        let places = grid.house_cells_with(self.block, digit);
        let step = Step::new(TechniqueId::EmptyRectangle).eliminate_all([Candidate::new(self.target, digit)]).pattern(
            places.iter().chain([self.near, self.far]),
            DigitSet::single(digit),
            [self.block, self.link.house],
        );
        self.with_links(step, grid, digit).because(format!("{}; {}", self.cross_text(digit), self.link_text(digit)))
    }

    /// The link's strong link, the weak link from its near end into the
    /// box (the places on the near end's arm) and the box's strong link
    /// between those places and the rest.
    fn with_links(&self, step: Step, grid: &Grid, digit: Digit) -> Step {
        let places = grid.house_cells_with(self.block, digit);
        let near_arm = if self.link.house.kind() == HouseKind::Col { self.row } else { self.col };
        let on_arm = places.intersection(near_arm.cells());
        let (near, far) = (ChainNode::single(self.near, digit), ChainNode::single(self.far, digit));
        let (arm, rest) = (ChainNode::new(digit, on_arm), ChainNode::new(digit, places.difference(on_arm)));
        step.link(far, near, LinkKind::Strong).link(near, arm, LinkKind::Weak).link(arm, rest, LinkKind::Strong)
    }
}

/// The empty rectangle of the cross `row`, `col` of `block` with the link's
/// end `near` on one arm's line and `far` beyond, if its target holds the digit.
fn empty_rectangle(
    grid: &Grid,
    digit: Digit,
    block: House,
    (row, col): (House, House),
    link: &Link,
    (near, far): (Cell, Cell),
) -> Option<Er> {
    let stack = |c: Cell| c.col() / 3;
    let band = |c: Cell| c.row() / 3;
    let corner = block.cell_list()[0];
    // A column link outside the box's stack, `near` on the cross's row:
    // the target is where `far`'s row meets the cross's column. The
    // same with rows and columns swapped.
    let target = if link.house.kind() == HouseKind::Col {
        let ok = stack(near) != stack(corner) && near.row() == row.number() && band(far) != band(corner);
        ok.then(|| Cell::at(far.row(), col.number()))?
    } else {
        let ok = band(near) != band(corner) && near.col() == col.number() && stack(far) != stack(corner);
        ok.then(|| Cell::at(row.number(), far.col()))?
    };
    grid.has_candidate(target, digit).then_some(Er { block, row, col, link: *link, near, far, target })
}

/// Every empty rectangle of the digit whose target may be in `removable`,
/// box by box.
fn empty_rectangles(grid: &Grid, digit: Digit, removable: CellSet) -> Vec<Er> {
    let lines = reaching(links(grid, digit, House::rows().chain(House::cols())), removable);
    let crossing = |block: House| {
        let corner = block.cell_list()[0];
        let (band, stack) = (usize::from(corner.row() / 3), usize::from(corner.col() / 3));
        band_cells(band).union(stack_cells(stack)).difference(block.cells())
    };
    let mut found = Vec::new();
    for block in House::blocks().filter(|&block| !removable.intersection(crossing(block)).is_empty()) {
        for cross in crosses(grid, digit, block) {
            for link in lines.iter() {
                for link_ends in ends(link) {
                    found.extend(empty_rectangle(grid, digit, block, cross, link, link_ends));
                }
            }
        }
    }
    found
}

/// Dual Empty Rectangle: two empty rectangles of one box that remove
/// different cells; one step takes both, as HoDoKu reports it.
pub(crate) struct DualEmptyRectangle;

static DUAL_EMPTY_RECTANGLE: Descriptor = Descriptor::new(
    TechniqueId::DualEmptyRectangle,
    "dual-empty-rectangle",
    "Dual Empty Rectangle",
    4.3,
    120,
    HintFocus::Digit,
    "One box's empty rectangle with two conjugate pairs: each pair removes the digit from its own cell.",
)
.also_called(&["dual-er"]);

impl Technique for DualEmptyRectangle {
    fn descriptor(&self) -> &'static Descriptor {
        &DUAL_EMPTY_RECTANGLE
    }

    fn scope(&self) -> Scope {
        Scope::Digits
    }

    /// Each empty rectangle is sound alone, so each target is in `removable`.
    fn search(&self, grid: &Grid, part: Part<'_>, _memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        let (digit, removable) = part.digit();
        let all = empty_rectangles(grid, digit, removable);
        for (i, first) in all.iter().enumerate() {
            for second in all[i + 1..].iter().filter(|e| e.block == first.block && e.target != first.target) {
                finds.step(dual_empty_rectangle(grid, digit, first, second))?;
            }
        }
        ControlFlow::Continue(())
    }
}

fn dual_empty_rectangle(grid: &Grid, digit: Digit, first: &Er, second: &Er) -> Step {
    let crosses = if (first.row, first.col) == (second.row, second.col) {
        first.cross_text(digit)
    } else {
        format!(
            "{}, and also only on {} and {}",
            first.cross_text(digit),
            second.row.long_name(),
            second.col.long_name()
        )
    };
    let mut cells: Vec<Cell> = grid.house_cells_with(first.block, digit).iter().collect();
    // The two links may share a far end (each then removes the other's near end).
    for cell in [first.near, first.far, second.near, second.far] {
        if !cells.contains(&cell) {
            cells.push(cell);
        }
    }
    let step = Step::new(TechniqueId::DualEmptyRectangle)
        .eliminate_all([Candidate::new(first.target, digit), Candidate::new(second.target, digit)])
        .pattern(cells, DigitSet::single(digit), [first.block, first.link.house, second.link.house]);
    second.with_links(first.with_links(step, grid, digit), grid, digit).because(format!(
        "{crosses}; {}; and {}",
        first.link_text(digit),
        second.link_text(digit)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::technique::testing::{
        assert_agrees_with_solution, assert_removing_agrees, at, empty, remove, without,
    };
    use crate::explain::technique::testing::{EverySteps, FirstStep};

    /// Removes 7 from every cell of `house` but `keep` (rows and columns from 1).
    fn sevens_only(house: House, keep: &[(u8, u8)]) -> Vec<(u8, u8, &'static str)> {
        let kept = at(keep);
        remove("7", house.cell_list().into_iter().filter(|c| !kept.contains(c)).map(|c| (c.row() + 1, c.col() + 1)))
    }

    fn sevens(cells: &[(u8, u8)]) -> Vec<Candidate> {
        at(cells).into_iter().map(|c| Candidate::new(c, Digit::new(7))).collect()
    }

    #[test]
    fn two_string_kite() {
        let mut removals = sevens_only(House::row(0), &[(1, 2), (1, 7)]);
        removals.extend(sevens_only(House::col(0), &[(3, 1), (8, 1)]));
        let g = without(empty(), &removals);
        let step = TwoStringKite.first(&g).expect("a two-string kite");
        assert_eq!(step.eliminations, sevens(&[(8, 7)]));
        assert_eq!(step.cells, at(&[(1, 7), (1, 2), (3, 1), (8, 1)]));
        assert_eq!(step.houses, [House::row(0), House::col(0), House::block(0)]);
        assert_eq!(
            step.text(),
            "Two-String Kite: 7 in r1,c1,b1 (r1c7 r1c2 r3c1 r8c1) => r8c7<>7. 7 is in r1c7 or r1c2 in row 1, and in \
             r3c1 or r8c1 in column 1; r1c2 and r3c1 share box 1 so at most one of them is 7, hence r1c7 or r8c1 is \
             7 and cells seeing both lose 7."
        );
        assert_agrees_with_solution(&step);
        assert_removing_agrees(&TwoStringKite, &g, Digit::new(7), &step);
    }

    /// Two row pairs and two column pairs of 7 that make three kites.
    fn three_kites() -> Grid {
        let mut removals = sevens_only(House::row(0), &[(1, 2), (1, 7)]);
        removals.extend(sevens_only(House::col(0), &[(3, 1), (8, 1)]));
        removals.extend(sevens_only(House::row(4), &[(5, 3), (5, 8)]));
        removals.extend(sevens_only(House::col(8), &[(2, 9), (6, 9)]));
        without(empty(), &removals)
    }

    #[test]
    fn two_string_kite_lists_every_instance() {
        // r1 with c1 (box 1), r1 with c9 (box 3), r5 with c9 (box 6).
        let steps = TwoStringKite.every(&three_kites());
        let targets: Vec<_> = steps.iter().map(|s| s.eliminations.clone()).collect();
        assert_eq!(targets, [sevens(&[(8, 7)]), sevens(&[(6, 2)]), sevens(&[(2, 3)])]);
        steps.iter().for_each(assert_agrees_with_solution);
    }

    #[test]
    fn turbot_fish_lists_every_instance() {
        // Every kite is a turbot fish too.
        let steps = TurbotFish.every(&three_kites());
        for target in [sevens(&[(8, 7)]), sevens(&[(6, 2)]), sevens(&[(2, 3)])] {
            assert!(steps.iter().any(|s| s.eliminations == target), "{target:?}");
        }
        steps.iter().for_each(assert_agrees_with_solution);
    }

    #[test]
    fn two_string_kite_needs_two_ends_in_one_box() {
        let mut removals = sevens_only(House::row(0), &[(1, 2), (1, 7)]);
        removals.extend(sevens_only(House::col(0), &[(4, 1), (8, 1)]));
        assert_eq!(TwoStringKite.first(&without(empty(), &removals)), None);
    }

    #[test]
    fn turbot_fish_through_a_box() {
        let mut removals = sevens_only(House::row(6), &[(7, 1), (7, 5)]);
        removals.extend(sevens_only(House::block(4), &[(4, 6), (6, 5)]));
        let g = without(empty(), &removals);
        let step = TurbotFish.first(&g).expect("a turbot fish");
        assert_eq!(step.eliminations, sevens(&[(4, 1)]));
        assert_eq!(step.cells, at(&[(7, 1), (7, 5), (6, 5), (4, 6)]));
        assert_eq!(step.houses, [House::row(6), House::block(4), House::col(4)]);
        assert_eq!(
            step.reason,
            "7 is in r7c1 or r7c5 in row 7, and in r6c5 or r4c6 in box 5; r7c5 and r6c5 share column 5 so at most \
             one of them is 7, hence r7c1 or r4c6 is 7 and cells seeing both lose 7"
        );
        assert_agrees_with_solution(&step);
        assert_removing_agrees(&TurbotFish, &g, Digit::new(7), &step);
    }

    #[test]
    fn turbot_fish_needs_two_conjugate_pairs() {
        let mut removals = sevens_only(House::row(6), &[(7, 1), (7, 5), (7, 9)]);
        removals.extend(sevens_only(House::block(4), &[(4, 6), (6, 5)]));
        assert_eq!(TurbotFish.first(&without(empty(), &removals)), None);
    }

    #[test]
    fn empty_rectangle_with_a_column_pair() {
        let mut removals = sevens_only(House::block(4), &[(4, 6), (5, 5), (6, 5)]);
        removals.extend(sevens_only(House::col(7), &[(4, 8), (9, 8)]));
        let g = without(empty(), &removals);
        let step = EmptyRectangle.first(&g).expect("an empty rectangle");
        assert_eq!(step.eliminations, sevens(&[(9, 5)]));
        assert_eq!(step.cells, at(&[(4, 6), (5, 5), (6, 5), (4, 8), (9, 8)]));
        assert_eq!(step.houses, [House::block(4), House::col(7)]);
        assert_eq!(
            step.text(),
            "Empty Rectangle: 7 in b5,c8 (r4c6 r5c5 r6c5 r4c8 r9c8) => r9c5<>7. In box 5, 7 lies only on row 4 and \
             column 5; 7 is in r4c8 or r9c8 in column 8, and if r9c8 is not 7 then r4c8 is, which pushes 7 in box 5 \
             onto column 5; either way r9c5 cannot be 7."
        );
        assert_agrees_with_solution(&step);
        assert_removing_agrees(&EmptyRectangle, &g, Digit::new(7), &step);
    }

    #[test]
    fn empty_rectangle_with_a_row_pair() {
        // The pattern above with rows and columns swapped.
        let mut removals = sevens_only(House::block(4), &[(6, 4), (5, 5), (5, 6)]);
        removals.extend(sevens_only(House::row(7), &[(8, 4), (8, 9)]));
        let step = EmptyRectangle.first(&without(empty(), &removals)).expect("an empty rectangle");
        assert_eq!(step.eliminations, sevens(&[(5, 9)]));
        assert_eq!(step.houses, [House::block(4), House::row(7)]);
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn empty_rectangle_lists_both_crosses_of_a_diagonal() {
        // 7 in box 5 only in r4c6 and r5c5: the crosses r4 with c5 and r5 with c6.
        let mut removals = sevens_only(House::block(4), &[(4, 6), (5, 5)]);
        removals.extend(sevens_only(House::col(7), &[(4, 8), (9, 8)]));
        removals.extend(sevens_only(House::row(7), &[(8, 2), (8, 6)]));
        let steps = EmptyRectangle.every(&without(empty(), &removals));
        let targets: Vec<_> = steps.iter().map(|s| s.eliminations.clone()).collect();
        assert_eq!(targets, [sevens(&[(9, 5)]), sevens(&[(5, 2)])]);
        steps.iter().for_each(assert_agrees_with_solution);
    }

    #[test]
    fn empty_rectangle_needs_the_box_on_one_cross() {
        let mut removals = sevens_only(House::block(4), &[(4, 6), (5, 4), (5, 5), (6, 5)]);
        removals.extend(sevens_only(House::col(7), &[(4, 8), (9, 8)]));
        assert_eq!(EmptyRectangle.first(&without(empty(), &removals)), None);
    }

    /// Box 1's r3c1 and r1c2 join two kites crosswise: rows 3 and 1 with
    /// columns 2 and 1. With `second`, box 9's r9c8 and r7c9 join two more.
    fn dual_kites(second: bool) -> Grid {
        let mut removals = sevens_only(House::row(2), &[(3, 1), (3, 5)]);
        removals.extend(sevens_only(House::col(1), &[(1, 2), (8, 2)]));
        removals.extend(sevens_only(House::row(0), &[(1, 2), (1, 7)]));
        removals.extend(sevens_only(House::col(0), &[(3, 1), (6, 1)]));
        if second {
            removals.extend(sevens_only(House::row(8), &[(9, 8), (9, 3)]));
            removals.extend(sevens_only(House::col(8), &[(7, 9), (6, 9)]));
            removals.extend(sevens_only(House::row(6), &[(7, 9), (7, 5)]));
            removals.extend(sevens_only(House::col(7), &[(9, 8), (4, 8)]));
        }
        without(empty(), &removals)
    }

    #[test]
    fn dual_two_string_kite() {
        let g = dual_kites(false);
        let step = DualTwoStringKite.first(&g).expect("a dual kite");
        assert_eq!(step.eliminations, sevens(&[(6, 7), (8, 5)]));
        assert_eq!(step.cells, at(&[(1, 7), (1, 2), (3, 1), (6, 1), (3, 5), (8, 2)]));
        assert_eq!(step.houses, [House::row(0), House::col(0), House::row(2), House::col(1), House::block(0)]);
        assert_eq!(
            step.reason,
            "r1c2 and r3c1 share box 1 so at most one of them is 7; 7 is in r1c7 or r1c2 in row 1, and in r3c1 or \
             r6c1 in column 1, and 7 is in r3c5 or r3c1 in row 3, and in r1c2 or r8c2 in column 2: so r1c7 or r6c1 \
             is 7 and r3c5 or r8c2 is 7, and cells seeing both ends of either pair lose 7"
        );
        assert_agrees_with_solution(&step);
        assert_removing_agrees(&DualTwoStringKite, &g, Digit::new(7), &step);
        // Each kite alone is a Two-String Kite.
        assert_eq!(TwoStringKite.every(&g).len(), 2);
    }

    #[test]
    fn dual_two_string_kite_needs_two_kites_crosswise() {
        let mut removals = sevens_only(House::row(0), &[(1, 2), (1, 7)]);
        removals.extend(sevens_only(House::col(0), &[(3, 1), (8, 1)]));
        assert_eq!(DualTwoStringKite.first(&without(empty(), &removals)), None);
        // Three kites, no two through the same box cells.
        assert_eq!(DualTwoStringKite.first(&three_kites()), None);
    }

    #[test]
    fn dual_two_string_kite_lists_every_instance() {
        let steps = DualTwoStringKite.every(&dual_kites(true));
        let targets: Vec<_> = steps.iter().map(|s| s.eliminations.clone()).collect();
        assert_eq!(targets, [sevens(&[(6, 7), (8, 5)]), sevens(&[(4, 5), (6, 3)])]);
        steps.iter().for_each(assert_agrees_with_solution);
    }

    /// Box 5's 7s on r4c6 and r5c5: the crosses r4 with c5 and r5 with c6,
    /// with column 8's and row 8's conjugate pairs.
    fn diagonal_box() -> Vec<(u8, u8, &'static str)> {
        let mut removals = sevens_only(House::block(4), &[(4, 6), (5, 5)]);
        removals.extend(sevens_only(House::col(7), &[(4, 8), (9, 8)]));
        removals.extend(sevens_only(House::row(7), &[(8, 2), (8, 6)]));
        removals
    }

    #[test]
    fn dual_empty_rectangle() {
        let g = without(empty(), &diagonal_box());
        let step = DualEmptyRectangle.first(&g).expect("a dual empty rectangle");
        assert_eq!(step.eliminations, sevens(&[(5, 2), (9, 5)]));
        assert_eq!(step.houses, [House::block(4), House::col(7), House::row(7)]);
        assert_eq!(
            step.reason,
            "in box 5, 7 lies only on row 4 and column 5, and also only on row 5 and column 6; 7 is in r4c8 or r9c8 \
             in column 8, and if r9c8 is not 7 then r4c8 is, which pushes 7 in box 5 onto column 5; either way \
             r9c5 cannot be 7; and 7 is in r8c6 or r8c2 in row 8, and if r8c2 is not 7 then r8c6 is, which pushes 7 \
             in box 5 onto row 5; either way r5c2 cannot be 7"
        );
        assert_agrees_with_solution(&step);
        assert_removing_agrees(&DualEmptyRectangle, &g, Digit::new(7), &step);
    }

    #[test]
    fn dual_empty_rectangle_needs_two_targets_in_one_box() {
        let mut removals = sevens_only(House::block(4), &[(4, 6), (5, 5), (6, 5)]);
        removals.extend(sevens_only(House::col(7), &[(4, 8), (9, 8)]));
        assert_eq!(DualEmptyRectangle.first(&without(empty(), &removals)), None);
    }

    #[test]
    fn dual_empty_rectangle_lists_every_pair() {
        // A third pair, in column 2, for the cross r5 with c6: r8c6 loses 7 too.
        let mut removals = diagonal_box();
        removals.extend(sevens_only(House::col(1), &[(5, 2), (8, 2)]));
        let g = without(empty(), &removals);
        let singles: Vec<_> = EmptyRectangle.every(&g).iter().map(|s| s.eliminations.clone()).collect();
        assert_eq!(singles.len(), 3, "{singles:?}");
        let steps = DualEmptyRectangle.every(&g);
        assert_eq!(steps.len(), 3);
        steps.iter().for_each(assert_agrees_with_solution);
    }
}
