//! Uniqueness techniques: sound only for a puzzle known to have exactly one
//! solution. Four empty cells at the corners of a rectangle spanning two
//! rows, two columns and two boxes can never end up holding just two digits
//! `a` and `b` (a "deadly pattern"): those digits could then swap, giving a
//! second solution. Every corner is an empty cell, never a given, so a swap
//! changes no given. BUG+1 uses the same argument on the whole grid.

use super::interface::{Finds, Part, Scope, Technique};
use super::subsets::with_virtual_cell;
use crate::algo::few::Few;
use crate::algo::memo::Memo;
use crate::explain::catalog::{Descriptor, HintFocus, TechniqueId};
use crate::explain::step::listing;
use crate::explain::step::Step;
use crate::model::cell::Candidate;
use crate::model::cell::{Cell, Digit};
use crate::model::grid::{common_peers, Grid, House};
use crate::model::sets::{CellSet, DigitSet};
use crate::se_rating::technique::SeTechnique;
use std::ops::ControlFlow;

/// Four empty corners (rows `r1 < r2`, columns `c1 < c2`, in two boxes)
/// that all hold both `a` and `b`.
#[derive(Clone, Copy)]
struct Rect {
    /// r1c1, r1c2, r2c1, r2c2.
    corners: [Cell; 4],
    ab: DigitSet,
}

impl Rect {
    fn rows(&self) -> [House; 2] {
        [House::row(self.corners[0].row()), House::row(self.corners[3].row())]
    }
    fn cols(&self) -> [House; 2] {
        [House::col(self.corners[0].col()), House::col(self.corners[3].col())]
    }
    fn houses(&self) -> [House; 4] {
        let ([r1, r2], [c1, c2]) = (self.rows(), self.cols());
        [r1, r2, c1, c2]
    }
    fn cells(&self) -> CellSet {
        self.corners.into_iter().collect()
    }
    /// The corner diagonally opposite corner `i`.
    fn opposite(i: usize) -> usize {
        3 - i
    }
    fn intro(&self) -> String {
        format!(
            "{} form a rectangle over two rows, two columns and two boxes whose cells all hold {}",
            listing(self.corners, "and"),
            listing(self.ab.iter(), "and")
        )
    }
    fn step(&self, id: TechniqueId) -> Step {
        Step::new(id).pattern(self.corners, self.ab, self.houses())
    }
    /// The rectangle's place in the order of the searches (see `Since`):
    /// rows, then columns, then the digits.
    fn section(&self) -> usize {
        let [a, _, _, d] = self.corners;
        let mut digits = self.ab.iter().map(Digit::index);
        let (lo, hi) = (digits.next().unwrap_or(0), digits.next().unwrap_or(0));
        [a.row(), d.row(), a.col(), d.col()].into_iter().fold(0, |acc, x| acc * 9 + usize::from(x)) * 81 + lo * 9 + hi
    }
    /// Whether an instance on this rectangle that also reads `cells` may be
    /// new: whether they touch `touch` (see `Since::touch`).
    fn touches(&self, touch: CellSet, cells: CellSet) -> bool {
        !self.cells().union(cells).intersection(touch).is_empty()
    }
}

/// Every rectangle of empty cells in two boxes with each pair of digits all
/// four corners hold, rows first, then columns, then digits: the order the
/// faster builders below keep (their tests compare against it).
#[cfg(test)]
fn rectangles(grid: &Grid) -> impl Iterator<Item = Rect> + '_ {
    let pairs = |n: u8| (0..n).flat_map(move |i| (i + 1..n).map(move |j| (i, j)));
    pairs(9)
        .flat_map(move |(r1, r2)| {
            pairs(9).filter_map(move |(c1, c2)| {
                let two_boxes = (r1 / 3 == r2 / 3) != (c1 / 3 == c2 / 3);
                if !two_boxes {
                    return None;
                }
                let corners = [Cell::at(r1, c1), Cell::at(r1, c2), Cell::at(r2, c1), Cell::at(r2, c2)];
                let common = corners.iter().fold(DigitSet::ALL, |acc, &c| acc.intersection(grid.candidates(c)));
                (common.len() >= 2).then_some((corners, common))
            })
        })
        .flat_map(|(corners, common)| {
            let digits: Vec<Digit> = common.iter().collect();
            let ab_pairs: Vec<DigitSet> = (0..digits.len())
                .flat_map(|i| (i + 1..digits.len()).map(move |j| (i, j)))
                .map(|(i, j)| DigitSet::single(digits[i]).union(DigitSet::single(digits[j])))
                .collect();
            ab_pairs.into_iter().map(move |ab| Rect { corners, ab })
        })
}

/// The rectangles of `rectangles` with at least two corners holding only
/// `a` and `b`, in the same order: every unique rectangle type needs such a
/// floor, so they are built from pairs of cells with the same two
/// candidates (a side of the rectangle, or its diagonal) rather than from
/// all 1,296 choices of two rows and two columns.
fn floored_rectangles(grid: &Grid) -> Vec<Rect> {
    let bivalue: Vec<Cell> = grid.cells_holding(2..=2).iter().collect();
    let mut found: Vec<([u8; 4], Rect)> = Vec::new();
    let mut add = |rows: [u8; 2], cols: [u8; 2], ab: DigitSet| {
        let ([r1, r2], [c1, c2]) = (rows, cols);
        let (r1, r2, c1, c2) = (r1.min(r2), r1.max(r2), c1.min(c2), c1.max(c2));
        if (r1 / 3 == r2 / 3) == (c1 / 3 == c2 / 3) {
            return;
        }
        let corners = [Cell::at(r1, c1), Cell::at(r1, c2), Cell::at(r2, c1), Cell::at(r2, c2)];
        if corners.iter().all(|&c| grid.candidates(c).intersection(ab) == ab) {
            found.push(([r1, r2, c1, c2], Rect { corners, ab }));
        }
    };
    for (i, &x) in bivalue.iter().enumerate() {
        let ab = grid.candidates(x);
        for &y in bivalue[i + 1..].iter().filter(|&&y| grid.candidates(y) == ab) {
            match (x.row() == y.row(), x.col() == y.col()) {
                (true, _) => (0..9).filter(|&r| r != x.row()).for_each(|r| add([x.row(), r], [x.col(), y.col()], ab)),
                (_, true) => (0..9).filter(|&c| c != x.col()).for_each(|c| add([x.row(), y.row()], [x.col(), c], ab)),
                _ => add([x.row(), y.row()], [x.col(), y.col()], ab),
            }
        }
    }
    found.sort_by_key(|(key, _)| *key);
    found.dedup_by_key(|(key, _)| *key);
    found.into_iter().map(|(_, rect)| rect).collect()
}

/// The last grid's floored rectangles: the five unique rectangle types run
/// one after another on the same grid, and listing them is most of the work
/// of each. Keyed by each digit's candidate cells.
#[derive(Default)]
struct LastRectangles(Option<([CellSet; 9], std::rc::Rc<Vec<Rect>>)>);

impl LastRectangles {
    fn get(&mut self, grid: &Grid) -> std::rc::Rc<Vec<Rect>> {
        let places: [CellSet; 9] = std::array::from_fn(|d| grid.cells_with(Digit::from_index(d)));
        match &self.0 {
            Some((known, rects)) if *known == places => rects.clone(),
            _ => {
                let rects = std::rc::Rc::new(floored_rectangles(grid));
                self.0 = Some((places, rects.clone()));
                rects
            }
        }
    }
}

/// Unique Rectangle types 1 to 6.
pub(crate) struct UniqueRectangle {
    pub(crate) kind: u8,
}

static UNIQUE_RECTANGLE_1: Descriptor = Descriptor::rated_as_se(
    TechniqueId::UniqueRectangle1,
    "unique-rectangle-1",
    "Unique Rectangle Type 1",
    SeTechnique::UniqueLoop { cells: 4, kind: 1 },
    100,
    HintFocus::Digits,
    "Three corners of a rectangle hold only a and b: the fourth corner loses them.",
)
.needing_unique_solution()
.also_called(&["ur1", "ur-1", "unique-rectangle-type-1", "uniqueness-test-1"]);
static UNIQUE_RECTANGLE_2: Descriptor = Descriptor::new(
    TechniqueId::UniqueRectangle2,
    "unique-rectangle-2",
    "Unique Rectangle Type 2",
    4.6,
    100,
    HintFocus::Digits,
    "Two corners hold a, b and the same extra digit c: cells seeing both lose c.",
)
.needing_unique_solution()
.also_called(&["ur2", "ur-2", "unique-rectangle-type-2", "uniqueness-test-2"]);
static UNIQUE_RECTANGLE_3: Descriptor = Descriptor::new(
    TechniqueId::UniqueRectangle3,
    "unique-rectangle-3",
    "Unique Rectangle Type 3",
    4.8,
    100,
    HintFocus::Digits,
    "The extra digits of two corners form a naked subset with other cells of their house.",
)
.needing_unique_solution()
.also_called(&["ur3", "ur-3", "unique-rectangle-type-3", "uniqueness-test-3"]);
static UNIQUE_RECTANGLE_4: Descriptor = Descriptor::new(
    TechniqueId::UniqueRectangle4,
    "unique-rectangle-4",
    "Unique Rectangle Type 4",
    4.6,
    100,
    HintFocus::Digits,
    "A digit of the pair has no place outside two corners in their house: they lose the other digit.",
)
.needing_unique_solution()
.also_called(&["ur4", "ur-4", "unique-rectangle-type-4", "uniqueness-test-4"]);
static UNIQUE_RECTANGLE_5: Descriptor = Descriptor::new(
    TechniqueId::UniqueRectangle5,
    "unique-rectangle-5",
    "Unique Rectangle Type 5",
    4.6,
    100,
    HintFocus::Digits,
    "Two diagonal corners, or three corners, hold a, b and the same extra digit c: cells seeing them all lose c.",
)
.needing_unique_solution()
.also_called(&["ur5", "ur-5", "unique-rectangle-type-5", "uniqueness-test-5"]);
static UNIQUE_RECTANGLE_6: Descriptor =
    Descriptor::new(TechniqueId::UniqueRectangle6, "unique-rectangle-6", "Unique Rectangle Type 6", 4.7, 100, HintFocus::Digits, "Two diagonal corners hold only a and b, and a is confined to the rectangle in its lines: the other corners lose a.")
        .needing_unique_solution()
        .also_called(&["ur6", "ur-6", "unique-rectangle-type-6", "uniqueness-test-6"]);

impl Technique for UniqueRectangle {
    fn descriptor(&self) -> &'static Descriptor {
        match self.kind {
            1 => &UNIQUE_RECTANGLE_1,
            2 => &UNIQUE_RECTANGLE_2,
            3 => &UNIQUE_RECTANGLE_3,
            4 => &UNIQUE_RECTANGLE_4,
            5 => &UNIQUE_RECTANGLE_5,
            _ => &UNIQUE_RECTANGLE_6,
        }
    }

    fn scope(&self) -> Scope {
        Scope::Cells
    }

    /// Sections: the rectangles (see `Rect::section`).
    fn search(&self, grid: &Grid, part: Part<'_>, memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        // Type 5 with three extra corners stands on a single floor corner.
        let rects = match self.kind {
            5 => std::rc::Rc::new(one_floor_rectangles(grid).collect()),
            _ => memo.get::<LastRectangles>().get(grid),
        };
        let since = part.since();
        for rect in rects.iter() {
            let section = rect.section();
            let touch = since.touch(section);
            let take = &mut |step| finds.step_in(section, step);
            match self.kind {
                1 => type_1(grid, rect, touch).map_or(ControlFlow::Continue(()), take)?,
                2 => type_2(grid, rect, touch).map_or(ControlFlow::Continue(()), take)?,
                5 => type_5(grid, rect, touch).map_or(ControlFlow::Continue(()), take)?,
                3 => type_3(grid, rect, touch, take)?,
                4 => type_4(grid, rect, touch, take)?,
                _ => type_6(grid, rect, touch, take)?,
            }
        }
        ControlFlow::Continue(())
    }
}

/// The corners that hold exactly `a` and `b` (the floor) and the others
/// (the roof), in corner order.
fn split(grid: &Grid, rect: &Rect) -> (Few<Cell, 4>, Few<Cell, 4>) {
    let (mut floor, mut roof) = (Few::new(rect.corners[0]), Few::new(rect.corners[0]));
    for c in rect.corners {
        let on_floor = grid.candidates(c) == rect.ab;
        floor.push_if(c, on_floor);
        roof.push_if(c, !on_floor);
    }
    (floor, roof)
}

fn remove_ab(grid: &Grid, cell: Cell, ab: DigitSet) -> Vec<Candidate> {
    grid.candidates(cell).intersection(ab).iter().map(|d| Candidate::new(cell, d)).collect()
}

/// Type 1: three corners hold only `a` and `b`; the fourth cannot be either.
fn type_1(grid: &Grid, rect: &Rect, touch: CellSet) -> Option<Step> {
    if !rect.touches(touch, CellSet::EMPTY) {
        return None;
    }
    let (_floor, roof) = split(grid, rect);
    let [target] = roof[..] else { return None };
    let reason = format!(
        "{}; three of them hold nothing else, so if {target} were {} too the four cells could swap {} and the \
         puzzle would have two solutions: {target} is neither",
        rect.intro(),
        either(rect.ab),
        listing(rect.ab.iter(), "and")
    );
    Some(rect.step(TechniqueId::UniqueRectangle1).eliminate_all(remove_ab(grid, target, rect.ab)).because(reason))
}

/// Type 2: two corners hold only `a` and `b`, the other two only `a`, `b`
/// and one more digit `c`; one of those two is `c`.
fn type_2(grid: &Grid, rect: &Rect, touch: CellSet) -> Option<Step> {
    if !rect.touches(touch, CellSet::EMPTY) {
        return None;
    }
    let (_floor, roof) = split(grid, rect);
    let [p, q] = roof[..] else { return None };
    let extra = grid.candidates(p).difference(rect.ab);
    let c = extra.single_digit()?;
    // A diagonal roof is type 5's, as HoDoKu names them.
    if grid.candidates(q) != grid.candidates(p) || (p.row() != q.row() && p.col() != q.col()) {
        return None;
    }
    let targets = common_peers([p, q].into_iter().collect()).intersection(grid.cells_with(c));
    if targets.is_empty() {
        return None;
    }
    let reason = format!(
        "{}; if neither {p} nor {q} were {c}, all four would be {}, which could swap: so one of them is {c}, and \
         cells seeing both lose {c}",
        rect.intro(),
        either(rect.ab)
    );
    Some(
        rect.step(TechniqueId::UniqueRectangle2)
            .eliminate_all(targets.iter().map(|t| Candidate::new(t, c)))
            .because(reason),
    )
}

/// Type 5: two diagonal corners, or three corners, hold only `a`, `b` and
/// the same extra digit `c`, the rest only `a` and `b`; one of them is `c`,
/// so cells seeing them all lose `c`.
fn type_5(grid: &Grid, rect: &Rect, touch: CellSet) -> Option<Step> {
    if !rect.touches(touch, CellSet::EMPTY) {
        return None;
    }
    let (_floor, roof) = split(grid, rect);
    let roof: Vec<Cell> = roof[..].to_vec();
    let diagonal = matches!(roof[..], [p, q] if p.row() != q.row() && p.col() != q.col());
    if !(diagonal || roof.len() == 3) {
        return None;
    }
    let c = grid.candidates(roof[0]).difference(rect.ab).single_digit()?;
    if roof.iter().any(|&x| grid.candidates(x) != grid.candidates(roof[0])) {
        return None;
    }
    let targets = common_peers(roof.iter().copied().collect()).intersection(grid.cells_with(c));
    if targets.is_empty() {
        return None;
    }
    let reason = format!(
        "{}; if none of {} were {c}, all four would be {}, which could swap: so one of them is {c}, and cells \
         seeing them all lose {c}",
        rect.intro(),
        listing(roof.iter(), "or"),
        either(rect.ab)
    );
    Some(
        rect.step(TechniqueId::UniqueRectangle5)
            .eliminate_all(targets.iter().map(|t| Candidate::new(t, c)))
            .because(reason),
    )
}

/// Type 3: two corners in one line hold only `a` and `b`; the other two,
/// in a common house, hold extra digits, one of which must be true, so they
/// act as one cell holding the extras. With other cells of that house they
/// may form a naked subset: each house and each subset is an instance.
fn type_3(grid: &Grid, rect: &Rect, touch: CellSet, take: &mut dyn FnMut(Step) -> ControlFlow<()>) -> ControlFlow<()> {
    let (_floor, roof) = split(grid, rect);
    let [p, q] = roof[..] else { return ControlFlow::Continue(()) };
    let extras = grid.candidates(p).union(grid.candidates(q)).difference(rect.ab);
    let shared = p.houses().into_iter().filter(|h| h.cells().contains(q) && rect.touches(touch, h.cells()));
    for house in shared {
        let others: Vec<Cell> =
            house.cell_list().into_iter().filter(|&c| c != p && c != q && !grid.candidates(c).is_empty()).collect();
        let open: Vec<(Cell, u16)> = others.iter().map(|&c| (c, grid.candidates(c).bits())).collect();
        let roof: CellSet = [p, q].into_iter().collect();
        with_virtual_cell(grid, house, roof, extras, (&open, 3), &mut |chosen, digits, eliminations| {
            let reason = format!(
                "{}; {p} or {q} must hold one of {} (else the four could swap), so together they act as one \
                 cell holding {}; with {} they form a naked subset of {} in {}, whose digits go nowhere else there",
                rect.intro(),
                either(extras),
                either(extras),
                listing(chosen, "and"),
                listing(digits.iter(), "and"),
                house.long_name()
            );
            let cells = rect.corners.into_iter().chain(chosen.iter().copied());
            let houses = rect.houses().into_iter().chain([house]);
            take(
                Step::new(TechniqueId::UniqueRectangle3)
                    .eliminate_all(eliminations)
                    .pattern(cells, rect.ab.union(digits), houses)
                    .because(reason),
            )
        })?;
    }
    ControlFlow::Continue(())
}

/// Type 4: two corners hold only `a` and `b`; the other two share a house
/// where `a` has no other place, so one of them is `a`, and neither can be `b`.
fn type_4(grid: &Grid, rect: &Rect, touch: CellSet, take: &mut dyn FnMut(Step) -> ControlFlow<()>) -> ControlFlow<()> {
    let (_floor, roof) = split(grid, rect);
    let [p, q] = roof[..] else { return ControlFlow::Continue(()) };
    let pair: CellSet = [p, q].into_iter().collect();
    let shared = p.houses().into_iter().filter(|h| h.cells().contains(q) && rect.touches(touch, h.cells()));
    for house in shared {
        for a in rect.ab.iter() {
            if grid.house_cells_with(house, a) != pair {
                continue;
            }
            let Some(b) = rect.ab.difference(DigitSet::single(a)).single_digit() else { continue };
            let reason = format!(
                "{}; in {}, {a} can only be in {p} or {q}, so one of them is {a}, and if either were {b} the \
                 four could swap {a} and {b}: neither is {b}",
                rect.intro(),
                house.long_name()
            );
            let eliminations = [p, q].map(|c| Candidate::new(c, b));
            let houses = rect.houses().into_iter().chain([house]);
            take(
                Step::new(TechniqueId::UniqueRectangle4)
                    .eliminate_all(eliminations)
                    .pattern(rect.corners, rect.ab, houses)
                    .because(reason),
            )?;
        }
    }
    ControlFlow::Continue(())
}

/// Type 6: two diagonal corners hold only `a` and `b`; when `a` has no place
/// outside the rectangle in both its rows (or both its columns), `a` in one of
/// the other corners would put `a` in the other too and `b` on the diagonal:
/// the swappable pattern. So neither of the other corners is `a`.
fn type_6(grid: &Grid, rect: &Rect, touch: CellSet, take: &mut dyn FnMut(Step) -> ControlFlow<()>) -> ControlFlow<()> {
    let lines = rect.houses().into_iter().fold(CellSet::EMPTY, |acc, h| acc.union(h.cells()));
    if !rect.touches(touch, lines) {
        return ControlFlow::Continue(());
    }
    let (_floor, roof) = split(grid, rect);
    let [p, q] = roof[..] else { return ControlFlow::Continue(()) };
    if p.row() == q.row() || p.col() == q.col() {
        return ControlFlow::Continue(());
    }
    let cells = rect.cells();
    for a in rect.ab.iter() {
        let rows = rect.rows().into_iter().all(|h| grid.house_cells_with(h, a).difference(cells).is_empty());
        let cols = rect.cols().into_iter().all(|h| grid.house_cells_with(h, a).difference(cells).is_empty());
        let lines = match (rows, cols) {
            (true, _) => rect.rows(),
            (_, true) => rect.cols(),
            _ => continue,
        };
        let Some(b) = rect.ab.difference(DigitSet::single(a)).single_digit() else { continue };
        let reason = format!(
            "{}; in {} and {}, {a} lies only in the rectangle, so if {p} were {a} then {q} would be too and the \
             other two corners {b}, which could swap: neither {p} nor {q} is {a}",
            rect.intro(),
            lines[0].long_name(),
            lines[1].long_name()
        );
        take(
            rect.step(TechniqueId::UniqueRectangle6)
                .eliminate_all([p, q].map(|c| Candidate::new(c, a)))
                .because(reason),
        )?;
    }
    ControlFlow::Continue(())
}

/// Avoidable Rectangle types 1 and 2: the deadly pattern among cells that
/// were solved, not given. Swapping `a` and `b` in four such cells changes
/// no given, so the solution never holds them in the pattern either.
pub(crate) struct AvoidableRectangle {
    pub(crate) kind: u8,
}

static AVOIDABLE_RECTANGLE_1: Descriptor = Descriptor::new(
    TechniqueId::AvoidableRectangle1,
    "avoidable-rectangle-1",
    "Avoidable Rectangle Type 1",
    4.7,
    100,
    HintFocus::Digits,
    "Three corners of a rectangle were solved (not given) as a, b, a: the fourth cannot be b.",
)
.needing_unique_solution()
.also_called(&["ar1", "ar-1", "avoidable-rectangle-type-1"]);
static AVOIDABLE_RECTANGLE_2: Descriptor = Descriptor::new(
    TechniqueId::AvoidableRectangle2,
    "avoidable-rectangle-2",
    "Avoidable Rectangle Type 2",
    4.7,
    100,
    HintFocus::Digits,
    "Two corners solved as a and b, the other two holding b or c and a or c: cells seeing both lose c.",
)
.needing_unique_solution()
.also_called(&["ar2", "ar-2", "avoidable-rectangle-type-2"]);

impl Technique for AvoidableRectangle {
    fn descriptor(&self) -> &'static Descriptor {
        match self.kind {
            1 => &AVOIDABLE_RECTANGLE_1,
            _ => &AVOIDABLE_RECTANGLE_2,
        }
    }

    /// A whole-grid search: what it reads is which cells were solved,
    /// which the record of removed candidates does not follow.
    fn search(&self, grid: &Grid, _part: Part<'_>, _memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        let solved = Cell::all().filter(|&c| grid.value(c).is_some()).collect::<CellSet>().difference(grid.givens());
        let pairs = |n: u8| (0..n).flat_map(move |i| (i + 1..n).map(move |j| (i, j)));
        for (r1, r2) in pairs(9) {
            for (c1, c2) in pairs(9) {
                if (r1 / 3 == r2 / 3) == (c1 / 3 == c2 / 3) {
                    continue;
                }
                let corners = [Cell::at(r1, c1), Cell::at(r1, c2), Cell::at(r2, c1), Cell::at(r2, c2)];
                let done = corners.iter().filter(|&&c| solved.contains(c)).count();
                let open = corners.iter().filter(|&&c| grid.value(c).is_none()).count();
                if done + open != 4 || done != 4 - usize::from(self.kind) {
                    continue;
                }
                let found = match self.kind {
                    1 => avoidable_1(grid, corners),
                    _ => avoidable_2(grid, corners),
                };
                if let Some(step) = found {
                    finds.step(step)?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// The digits of the deadly pattern on `corners` (r1c1, r1c2, r2c1, r2c2):
/// the diagonal r1c1-r2c2 holds `x`, the other `y`, as far as the solved
/// corners tell; `None` if they contradict it.
fn deadly_digits(grid: &Grid, corners: [Cell; 4]) -> Option<[Option<Digit>; 2]> {
    let mut digits = [None, None];
    for (i, c) in corners.into_iter().enumerate() {
        let Some(v) = grid.value(c) else { continue };
        let slot = &mut digits[usize::from(i == 1 || i == 2)];
        match *slot {
            Some(known) if known != v => return None,
            _ => *slot = Some(v),
        }
    }
    (digits[0] != digits[1] || digits[0].is_none()).then_some(digits)
}

/// The digit corner `i` would take in the deadly pattern.
fn deadly_at(digits: [Option<Digit>; 2], i: usize) -> Option<Digit> {
    digits[usize::from(i == 1 || i == 2)]
}

fn solved_text(grid: &Grid, corners: [Cell; 4]) -> String {
    let solved: Vec<String> = corners.iter().filter_map(|&c| grid.value(c).map(|v| format!("{c}={v}"))).collect();
    listing(solved.iter(), "and")
}

fn avoidable_step(id: TechniqueId, corners: [Cell; 4], digits: [Option<Digit>; 2]) -> Step {
    let [r1, c1, r2, c2] = [corners[0].row(), corners[0].col(), corners[3].row(), corners[3].col()];
    let ab = digits.into_iter().flatten().collect();
    Step::new(id).pattern(corners, ab, [House::row(r1), House::row(r2), House::col(c1), House::col(c2)])
}

/// Type 1: three corners solved as the pattern has them; the fourth cannot
/// take the digit that completes it.
fn avoidable_1(grid: &Grid, corners: [Cell; 4]) -> Option<Step> {
    let digits = deadly_digits(grid, corners)?;
    let i = corners.iter().position(|&c| grid.value(c).is_none())?;
    let (target, digit) = (corners[i], deadly_at(digits, i)?);
    if !grid.has_candidate(target, digit) {
        return None;
    }
    // The corners beside corner i take the other digit.
    let other = deadly_at(digits, i ^ 1)?;
    let reason = format!(
        "{} were solved, not given, in a rectangle over two rows, two columns and two boxes; if {target} were \
         {digit}, the four could swap {digit} and {other} without touching a given, and the puzzle would have two \
         solutions: {target} is not {digit}",
        solved_text(grid, corners)
    );
    Some(
        avoidable_step(TechniqueId::AvoidableRectangle1, corners, digits)
            .eliminate_all([Candidate::new(target, digit)])
            .because(reason),
    )
}

/// Type 2: two corners of a side solved; each other corner holds only the
/// digit that completes the pattern and the same extra `c`, so one of them
/// is `c`, and cells seeing both lose it.
fn avoidable_2(grid: &Grid, corners: [Cell; 4]) -> Option<Step> {
    let digits = deadly_digits(grid, corners)?;
    let open: Vec<usize> = (0..4).filter(|&i| grid.value(corners[i]).is_none()).collect();
    let [i, j] = open[..] else { return None };
    // A solved diagonal leaves the other digit open: no pattern to complete.
    if i + j == 3 {
        return None;
    }
    let (p, q) = (corners[i], corners[j]);
    let (dp, dq) = (deadly_at(digits, i)?, deadly_at(digits, j)?);
    let extra_p = grid.candidates(p).difference(DigitSet::single(dp));
    let c = extra_p.single_digit()?;
    if !grid.has_candidate(p, dp) || grid.candidates(q) != DigitSet::single(dq).union(DigitSet::single(c)) {
        return None;
    }
    let targets = common_peers([p, q].into_iter().collect()).intersection(grid.cells_with(c));
    if targets.is_empty() {
        return None;
    }
    let reason = format!(
        "{} were solved, not given, in a rectangle over two rows, two columns and two boxes; if neither {p} nor \
         {q} were {c}, {p} would be {dp} and {q} {dq}, and the four could swap {dp} and {dq} without touching a \
         given: so one of them is {c}, and cells seeing both lose {c}",
        solved_text(grid, corners)
    );
    Some(
        avoidable_step(TechniqueId::AvoidableRectangle2, corners, digits)
            .eliminate_all(targets.iter().map(|t| Candidate::new(t, c)))
            .because(reason),
    )
}

/// Hidden Rectangle: one corner holds only `a` and `b`; in the row and the
/// column of the opposite corner, `a` has no place outside the rectangle.
/// If the opposite corner were `b`, the two corners beside it would be `a`
/// and the first corner `b`: the swappable pattern. So it is not `b`.
pub(crate) struct HiddenRectangle;

static HIDDEN_RECTANGLE: Descriptor = Descriptor::new(
    TechniqueId::HiddenRectangle,
    "hidden-rectangle",
    "Hidden Rectangle",
    4.7,
    100,
    HintFocus::Digits,
    "A bivalue corner and a digit of the pair locked in the opposite lines: the opposite corner loses the other.",
)
.needing_unique_solution();

impl Technique for HiddenRectangle {
    fn descriptor(&self) -> &'static Descriptor {
        &HIDDEN_RECTANGLE
    }

    fn scope(&self) -> Scope {
        Scope::Cells
    }

    /// Sections: the rectangles (see `Rect::section`).
    fn search(&self, grid: &Grid, part: Part<'_>, _memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        let since = part.since();
        for rect in one_floor_rectangles(grid) {
            let section = rect.section();
            let touch = since.touch(section);
            for floor in (0..4).filter(|&i| grid.candidates(rect.corners[i]) == rect.ab) {
                for a in rect.ab.iter() {
                    if let Some(step) = hidden(grid, &rect, floor, a, touch) {
                        finds.step_in(section, step)?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// The rectangles of `rectangles` with at least one corner holding only
/// `a` and `b`, in the same order, built from the cells with two
/// candidates: for each, the rows and columns through it whose cell still
/// holds both digits.
fn one_floor_rectangles(grid: &Grid) -> impl Iterator<Item = Rect> {
    // Keyed by rows, columns and digits, packed in that order.
    let mut found: Vec<(u32, Rect)> = Vec::with_capacity(32);
    for x in grid.cells_holding(2..=2).iter() {
        let ab = grid.candidates(x);
        let (r0, c0) = (x.row(), x.col());
        let mut digits = ab.iter();
        let (Some(lo), Some(hi)) = (digits.next(), digits.next()) else { continue };
        // The cells holding both digits; per row, their columns (walked bit
        // by bit: a test per row and column mispredicts).
        let both = grid.cells_with(lo).intersection(grid.cells_with(hi));
        let row = |r: u8| (both.bits() >> (9 * r)) as u16 & 0x1ff;
        for y in both.intersection(House::col(c0).cells()).iter().filter(|&y| y != x) {
            let r = y.row();
            let mut shared = row(r0) & row(r) & !(1 << c0);
            while shared != 0 {
                let c = shared.trailing_zeros() as u8;
                shared &= shared - 1;
                let (r1, r2, c1, c2) = (r0.min(r), r0.max(r), c0.min(c), c0.max(c));
                if (r1 / 3 == r2 / 3) == (c1 / 3 == c2 / 3) {
                    continue;
                }
                let corners = [Cell::at(r1, c1), Cell::at(r1, c2), Cell::at(r2, c1), Cell::at(r2, c2)];
                let key = [r1, r2, c1, c2, lo.get(), hi.get()].into_iter().fold(0, |key, x| key << 4 | u32::from(x));
                found.push((key, Rect { corners, ab }));
            }
        }
    }
    // Equal keys are equal rectangles: an unstable sort loses nothing.
    found.sort_unstable_by_key(|(key, _)| *key);
    found.dedup_by_key(|(key, _)| *key);
    found.into_iter().map(|(_, rect)| rect)
}

/// The hidden rectangle on the bivalue corner `floor` with `a` locked in
/// the opposite corner's lines.
fn hidden(grid: &Grid, rect: &Rect, floor: usize, a: Digit, touch: CellSet) -> Option<Step> {
    let corner = rect.corners[Rect::opposite(floor)];
    let cells = rect.cells();
    let (row, col) = (House::row(corner.row()), House::col(corner.col()));
    if !rect.touches(touch, row.cells().union(col.cells())) {
        return None;
    }
    let confined = [row, col].into_iter().all(|h| grid.house_cells_with(h, a).difference(cells).is_empty());
    let b = rect.ab.difference(DigitSet::single(a)).single_digit()?;
    if !confined || !grid.has_candidate(corner, b) {
        return None;
    }
    let reason = format!(
        "{}; {} holds nothing else, and in {} and {}, {a} lies only in the rectangle, so if {corner} were {b} \
         the corners beside it would be {a} and {} {b}, which could swap: {corner} is not {b}",
        rect.intro(),
        rect.corners[floor],
        row.long_name(),
        col.long_name(),
        rect.corners[floor]
    );
    Some(rect.step(TechniqueId::HiddenRectangle).eliminate_all([Candidate::new(corner, b)]).because(reason))
}

/// `3 or 7`, `2, 5 or 9`.
fn either(digits: DigitSet) -> String {
    listing(digits.iter(), "or")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::technique::testing::EverySteps;
    use crate::explain::technique::testing::FirstStep;
    use crate::explain::technique::testing::{assert_agrees_with_solution, at, marks, remove};

    #[test]
    fn floored_rectangles_are_the_rectangles_with_a_floor_in_order() {
        let key = |r: &Rect| (r.corners, r.ab.bits());
        let (mut seen, mut seen_one) = (0, 0);
        // Positions along the solve paths of top95's first puzzles.
        for puzzle in [
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
            "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....",
        ] {
            let values: Vec<u8> = puzzle.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
            let p = crate::io::input::Puzzle::new(values.try_into().unwrap());
            let outcome =
                crate::explain::solve::solve(&p, crate::SolveOptions::default(), &mut crate::explain::observer::Silent);
            let mut grid = p.grid();
            for step in &outcome.steps {
                let all: Vec<_> = rectangles(&grid).filter(|r| split(&grid, r).0.len() >= 2).map(|r| key(&r)).collect();
                let floored: Vec<_> = floored_rectangles(&grid).iter().map(key).collect();
                assert_eq!(floored, all);
                seen += all.len();
                let with_one: Vec<_> = rectangles(&grid)
                    .filter(|r| r.corners.iter().any(|&c| grid.candidates(c) == r.ab))
                    .map(|r| key(&r))
                    .collect();
                let one_floor: Vec<_> = one_floor_rectangles(&grid).map(|r| key(&r)).collect();
                assert_eq!(one_floor, with_one);
                seen_one += with_one.len();
                step.apply_to(&mut grid);
            }
        }
        assert!(seen > 0, "some positions have floored rectangles");
        assert!(seen_one > seen, "some rectangles have a single floor corner");
    }

    /// The corners r5c2, r5c8, r6c2, r6c8 (boxes 4 and 6) with the given candidates.
    const SECOND: [(u8, u8); 4] = [(5, 2), (5, 8), (6, 2), (6, 8)];

    /// `g` with a second rectangle's corners holding the given candidates.
    fn and_second(mut g: Grid, corners: [&str; 4]) -> Grid {
        for ((r, c), digits) in SECOND.into_iter().zip(corners) {
            let cell = Cell::at(r - 1, c - 1);
            for d in Digit::all().filter(|d| !digits.contains(char::from(b'0' + d.get()))) {
                g.eliminate(cell, d);
            }
        }
        g
    }

    fn without_digit(mut g: Grid, digit: u8, cells: impl IntoIterator<Item = (u8, u8)>) -> Grid {
        for (r, c) in cells {
            g.eliminate(Cell::at(r - 1, c - 1), Digit::new(digit));
        }
        g
    }

    /// The corners of each step.
    fn corners(steps: &[Step]) -> Vec<Vec<Cell>> {
        steps.iter().map(|s| s.cells[..4].to_vec()).collect()
    }

    fn cands(list: &[(u8, u8, u8)]) -> Vec<Candidate> {
        list.iter().map(|&(r, c, d)| Candidate::new(Cell::at(r - 1, c - 1), Digit::new(d))).collect()
    }

    fn digits(list: &[u8]) -> DigitSet {
        list.iter().map(|&d| Digit::new(d)).collect()
    }

    /// The corners r1c1, r1c4, r2c1, r2c4 (two boxes) with the given candidates,
    /// then `digit` removed from the listed cells.
    fn rectangle(corners: [&str; 4], digit: &'static str, gone: &[(u8, u8)]) -> Grid {
        let mut g = marks(&[(1, 1, corners[0]), (1, 4, corners[1]), (2, 1, corners[2]), (2, 4, corners[3])]);
        for (r, c, d) in remove(digit, gone.iter().copied()) {
            g.eliminate(Cell::at(r - 1, c - 1), Digit::new(d.parse().unwrap()));
        }
        g
    }

    fn ur(kind: u8) -> UniqueRectangle {
        UniqueRectangle { kind }
    }

    const CORNERS: [(u8, u8); 4] = [(1, 1), (1, 4), (2, 1), (2, 4)];

    #[test]
    fn unique_rectangle_type_1() {
        let g = rectangle(["14", "14", "14", "147"], "", &[]);
        let step = ur(1).first(&g).expect("a unique rectangle");
        assert_eq!(step.technique, TechniqueId::UniqueRectangle1);
        assert_eq!(step.eliminations, cands(&[(2, 4, 1), (2, 4, 4)]));
        assert_eq!(step.cells, at(&CORNERS));
        assert_eq!(step.digits, digits(&[1, 4]));
        assert_eq!(step.houses, [House::row(0), House::row(1), House::col(0), House::col(3)]);
        assert_eq!(
            step.text(),
            "Unique Rectangle Type 1: {1,4} in r1,r2,c1,c4 (r1c1 r1c4 r2c1 r2c4) => r2c4<>1, r2c4<>4. r1c1, r1c4, \
             r2c1 and r2c4 form a rectangle over two rows, two columns and two boxes whose cells all hold 1 and 4; \
             three of them hold nothing else, so if r2c4 were 1 or 4 too the four cells could swap 1 and 4 and the \
             puzzle would have two solutions: r2c4 is neither."
        );
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn unique_rectangle_type_1_lists_both_rectangles() {
        let g = and_second(rectangle(["14", "14", "14", "147"], "", &[]), ["23", "23", "23", "236"]);
        let steps = ur(1).every(&g);
        assert_eq!(corners(&steps), [at(&CORNERS), at(&SECOND)]);
        assert_eq!(steps[1].eliminations, cands(&[(6, 8, 2), (6, 8, 3)]));
    }

    #[test]
    fn unique_rectangle_needs_two_boxes_and_empty_corners() {
        // Rows 1 and 4 with columns 1 and 4 span four boxes.
        let g = marks(&[(1, 1, "14"), (1, 4, "14"), (4, 1, "14"), (4, 4, "147")]);
        assert_eq!(ur(1).first(&g), None);
        // A filled corner (here r2c4, given 7) is never part of a rectangle.
        let mut g = marks(&[(1, 1, "14"), (1, 4, "14"), (2, 1, "14")]);
        g.place(Cell::at(1, 3), Digit::new(7));
        assert_eq!(ur(1).first(&g), None);
    }

    #[test]
    fn unique_rectangle_type_2() {
        let g = rectangle(["14", "147", "14", "147"], "", &[]);
        let step = ur(2).first(&g).expect("a unique rectangle");
        assert_eq!(step.technique, TechniqueId::UniqueRectangle2);
        // Column 4 and box 2, outside the rectangle, lose 7.
        let mut expected: Vec<(u8, u8, u8)> = (3..=9).map(|r| (r, 4, 7)).collect();
        expected.extend([(1, 5, 7), (1, 6, 7), (2, 5, 7), (2, 6, 7), (3, 5, 7), (3, 6, 7)]);
        expected.sort();
        assert_eq!(step.eliminations, cands(&expected));
        assert!(step.reason.ends_with(
            "if neither r1c4 nor r2c4 were 7, all four would be 1 or 4, which could swap: so one of them is 7, and \
             cells seeing both lose 7"
        ));
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn unique_rectangle_type_2_lists_both_rectangles() {
        let g = and_second(rectangle(["14", "147", "14", "147"], "", &[]), ["23", "236", "23", "236"]);
        let steps = ur(2).every(&g);
        assert_eq!(corners(&steps), [at(&CORNERS), at(&SECOND)]);
        assert!(steps[1].eliminations.iter().all(|e| e.digit == Digit::new(6)));
    }

    #[test]
    fn unique_rectangle_type_2_needs_one_extra_digit() {
        let g = rectangle(["14", "147", "14", "148"], "", &[]);
        assert_eq!(ur(2).first(&g), None);
    }

    #[test]
    fn unique_rectangle_type_5_on_a_diagonal() {
        let g = rectangle(["147", "14", "14", "147"], "", &[]);
        assert_eq!(ur(2).first(&g), None, "a diagonal roof is type 5's");
        let step = ur(5).first(&g).expect("a unique rectangle");
        assert_eq!(step.technique, TechniqueId::UniqueRectangle5);
        assert_eq!(step.eliminations, cands(&[(1, 5, 7), (1, 6, 7), (2, 2, 7), (2, 3, 7)]));
        assert!(step.reason.ends_with(
            "if none of r1c1 or r2c4 were 7, all four would be 1 or 4, which could swap: so one of them is 7, and \
             cells seeing them all lose 7"
        ));
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn unique_rectangle_type_5_with_three_extra_corners() {
        let g = rectangle(["14", "147", "147", "147"], "", &[]);
        let step = ur(5).first(&g).expect("a unique rectangle");
        assert_eq!(step.eliminations, cands(&[(2, 5, 7), (2, 6, 7)]));
        assert_agrees_with_solution(&step);
        let g = and_second(g, ["236", "23", "23", "236"]);
        assert_eq!(corners(&ur(5).every(&g)), [at(&CORNERS), at(&SECOND)]);
    }

    #[test]
    fn unique_rectangle_type_5_needs_one_extra_digit() {
        assert_eq!(ur(5).first(&rectangle(["14", "147", "148", "147"], "", &[])), None);
        assert_eq!(ur(5).first(&rectangle(["14", "147", "14", "147"], "", &[])), None, "a side is type 2's");
    }

    #[test]
    fn unique_rectangle_type_3() {
        let mut g = rectangle(["14", "147", "14", "148"], "", &[]);
        for d in [1, 2, 3, 4, 5, 6, 9] {
            g.eliminate(Cell::at(4, 3), Digit::new(d));
        }
        let step = ur(3).first(&g).expect("a unique rectangle");
        assert_eq!(step.technique, TechniqueId::UniqueRectangle3);
        let expected: Vec<(u8, u8, u8)> = [3, 4, 6, 7, 8, 9].iter().flat_map(|&r| [(r, 4, 7), (r, 4, 8)]).collect();
        assert_eq!(step.eliminations, cands(&expected));
        assert_eq!(step.cells, at(&[(1, 1), (1, 4), (2, 1), (2, 4), (5, 4)]));
        assert_eq!(step.houses.last(), Some(&House::col(3)));
        assert!(step.reason.ends_with(
            "r1c4 or r2c4 must hold one of 7 or 8 (else the four could swap), so together they act as one cell \
             holding 7 or 8; with r5c4 they form a naked subset of 7 and 8 in column 4, whose digits go nowhere else \
             there"
        ));
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn unique_rectangle_type_3_lists_each_subset() {
        // r5c4 and r7c4 both hold only 7 and 8: each makes the subset with the roof.
        let mut g = rectangle(["14", "147", "14", "148"], "", &[]);
        for cell in [Cell::at(4, 3), Cell::at(6, 3)] {
            for d in [1, 2, 3, 4, 5, 6, 9] {
                g.eliminate(cell, Digit::new(d));
            }
        }
        let steps = ur(3).every(&g);
        let partners: Vec<Cell> = steps.iter().map(|s| s.cells[4]).collect();
        assert_eq!(partners, [Cell::at(4, 3), Cell::at(6, 3)]);
    }

    #[test]
    fn unique_rectangle_type_3_needs_a_subset() {
        let mut g = rectangle(["14", "147", "14", "148"], "", &[]);
        for d in [1, 2, 3, 4, 5, 6] {
            g.eliminate(Cell::at(4, 3), Digit::new(d));
        }
        assert_eq!(ur(3).first(&g), None);
    }

    #[test]
    fn unique_rectangle_type_4() {
        let g = rectangle(
            ["14", "123456789", "14", "123456789"],
            "4",
            &[(3, 4), (4, 4), (5, 4), (6, 4), (7, 4), (8, 4), (9, 4)],
        );
        let step = ur(4).first(&g).expect("a unique rectangle");
        assert_eq!(step.technique, TechniqueId::UniqueRectangle4);
        assert_eq!(step.eliminations, cands(&[(1, 4, 1), (2, 4, 1)]));
        assert!(step.reason.ends_with(
            "in column 4, 4 can only be in r1c4 or r2c4, so one of them is 4, and if either were 1 the four could \
             swap 4 and 1: neither is 1"
        ));
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn unique_rectangle_type_4_lists_each_house_of_the_pair() {
        // 4 is confined to r1c4 and r2c4 in column 4 and in box 2.
        let g = rectangle(
            ["14", "123456789", "14", "123456789"],
            "4",
            &[(3, 4), (4, 4), (5, 4), (6, 4), (7, 4), (8, 4), (9, 4), (1, 5), (1, 6), (2, 5), (2, 6), (3, 5), (3, 6)],
        );
        let steps = ur(4).every(&g);
        let houses: Vec<House> = steps.iter().map(|s| *s.houses.last().unwrap()).collect();
        assert_eq!(houses, [House::col(3), House::block(1)]);
        steps.iter().for_each(|s| assert_eq!(s.eliminations, cands(&[(1, 4, 1), (2, 4, 1)])));
    }

    #[test]
    fn unique_rectangle_type_4_needs_a_conjugate_pair() {
        let g =
            rectangle(["14", "123456789", "14", "123456789"], "4", &[(3, 4), (4, 4), (6, 4), (7, 4), (8, 4), (9, 4)]);
        assert_eq!(ur(4).first(&g), None);
    }

    /// 4 only in the rectangle in rows 1 and 2, with the diagonal r1c4, r2c1 holding only 1 and 4.
    fn type_6_grid(extra: &[(u8, u8)]) -> Grid {
        let outside: Vec<(u8, u8)> =
            [2, 3, 5, 6, 7, 8, 9].iter().flat_map(|&c| [(1, c), (2, c)]).filter(|p| !extra.contains(p)).collect();
        rectangle(["123456789", "14", "14", "123456789"], "4", &outside)
    }

    #[test]
    fn unique_rectangle_type_6() {
        let step = ur(6).first(&type_6_grid(&[])).expect("a unique rectangle");
        assert_eq!(step.technique, TechniqueId::UniqueRectangle6);
        assert_eq!(step.eliminations, cands(&[(1, 1, 4), (2, 4, 4)]));
        assert!(step.reason.ends_with(
            "in row 1 and row 2, 4 lies only in the rectangle, so if r1c1 were 4 then r2c4 would be too and the \
             other two corners 1, which could swap: neither r1c1 nor r2c4 is 4"
        ));
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn unique_rectangle_type_6_lists_both_rectangles() {
        // The second: r5c8 and r6c2 hold only 2 and 3, 3 confined to columns 2 and 8 in rows 5 and 6.
        let g = and_second(type_6_grid(&[]), ["123456789", "23", "23", "123456789"]);
        let g = without_digit(g, 3, [1, 3, 4, 5, 6, 7, 9].iter().flat_map(|&c| [(5, c), (6, c)]));
        let steps = ur(6).every(&g);
        assert_eq!(corners(&steps), [at(&CORNERS), at(&SECOND)]);
        assert_eq!(steps[1].eliminations, cands(&[(5, 2, 3), (6, 8, 3)]));
    }

    #[test]
    fn unique_rectangle_type_6_needs_the_digit_confined() {
        assert_eq!(ur(6).first(&type_6_grid(&[(2, 7)])), None);
    }

    /// `g` with the listed cells solved (not given): `(row, col, digit)`.
    fn solving(mut g: Grid, cells: &[(u8, u8, u8)]) -> Grid {
        for &(r, c, d) in cells {
            g.place(Cell::at(r - 1, c - 1), Digit::new(d));
        }
        g
    }

    fn ar(kind: u8) -> AvoidableRectangle {
        AvoidableRectangle { kind }
    }

    #[test]
    fn avoidable_rectangle_type_1() {
        let g = solving(marks(&[]), &[(1, 1, 1), (1, 4, 4), (2, 1, 4)]);
        let step = ar(1).first(&g).expect("an avoidable rectangle");
        assert_eq!(step.technique, TechniqueId::AvoidableRectangle1);
        assert_eq!(step.eliminations, cands(&[(2, 4, 1)]));
        assert_eq!(step.cells, at(&CORNERS));
        assert_eq!(step.digits, digits(&[1, 4]));
        assert_eq!(
            step.reason,
            "r1c1=1, r1c4=4 and r2c1=4 were solved, not given, in a rectangle over two rows, two columns and two \
             boxes; if r2c4 were 1, the four could swap 1 and 4 without touching a given, and the puzzle would have \
             two solutions: r2c4 is not 1"
        );
        assert_agrees_with_solution(&step);
        assert_eq!(ar(2).first(&g), None);
    }

    #[test]
    fn avoidable_rectangle_type_1_lists_both_rectangles() {
        let g = solving(marks(&[]), &[(1, 1, 1), (1, 4, 4), (2, 1, 4), (5, 2, 6), (6, 8, 6), (5, 8, 3)]);
        let steps = ar(1).every(&g);
        assert_eq!(corners(&steps), [at(&CORNERS), at(&SECOND)]);
        assert_eq!(steps[1].eliminations, cands(&[(6, 2, 3)]));
    }

    #[test]
    fn avoidable_rectangle_needs_solved_corners() {
        // The same rectangle with r1c1 given: swapping would change a given.
        let mut values = [0u8; 81];
        values[0] = 1;
        let g = solving(Grid::from_values(&values), &[(1, 4, 4), (2, 1, 4)]);
        assert_eq!(ar(1).first(&g), None);
        // Solved corners that do not make the pattern: r2c1 is 5.
        let g = solving(marks(&[]), &[(1, 1, 1), (1, 4, 4), (2, 1, 5)]);
        assert_eq!(ar(1).first(&g), None);
    }

    #[test]
    fn avoidable_rectangle_type_2() {
        let g = solving(marks(&[(2, 1, "47"), (2, 4, "17")]), &[(1, 1, 1), (1, 4, 4)]);
        let step = ar(2).first(&g).expect("an avoidable rectangle");
        assert_eq!(step.technique, TechniqueId::AvoidableRectangle2);
        let expected: Vec<(u8, u8, u8)> = [2, 3, 5, 6, 7, 8, 9].iter().map(|&c| (2, c, 7)).collect();
        assert_eq!(step.eliminations, cands(&expected));
        assert!(step.reason.ends_with(
            "if neither r2c1 nor r2c4 were 7, r2c1 would be 4 and r2c4 1, and the four could swap 4 and 1 without \
             touching a given: so one of them is 7, and cells seeing both lose 7"
        ));
        assert_agrees_with_solution(&step);
        let both = solving(
            marks(&[(2, 1, "47"), (2, 4, "17"), (6, 2, "39"), (6, 8, "69")]),
            &[(1, 1, 1), (1, 4, 4), (5, 2, 6), (5, 8, 3)],
        );
        assert_eq!(corners(&ar(2).every(&both)), [at(&CORNERS), at(&SECOND)]);
    }

    #[test]
    fn avoidable_rectangle_type_2_needs_the_same_extra_digit() {
        let g = solving(marks(&[(2, 1, "47"), (2, 4, "18")]), &[(1, 1, 1), (1, 4, 4)]);
        assert_eq!(ar(2).first(&g), None);
    }

    /// 4 only in the rectangle in row 2 and column 4; r1c1 holds only 1 and 4.
    fn hidden_grid(extra: &[(u8, u8)]) -> Grid {
        let mut outside: Vec<(u8, u8)> = [2, 3, 5, 6, 7, 8, 9].iter().map(|&c| (2, c)).collect();
        outside.extend((3..=9).map(|r| (r, 4)));
        outside.retain(|p| !extra.contains(p));
        rectangle(["14", "123456789", "123456789", "123456789"], "4", &outside)
    }

    #[test]
    fn hidden_rectangle() {
        let step = HiddenRectangle.first(&hidden_grid(&[])).expect("a hidden rectangle");
        assert_eq!(step.technique, TechniqueId::HiddenRectangle);
        assert_eq!(step.eliminations, cands(&[(2, 4, 1)]));
        assert_eq!(step.cells, at(&CORNERS));
        assert!(step.reason.ends_with(
            "r1c1 holds nothing else, and in row 2 and column 4, 4 lies only in the rectangle, so if r2c4 were 1 the \
             corners beside it would be 4 and r1c1 1, which could swap: r2c4 is not 1"
        ));
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn hidden_rectangle_lists_both_rectangles() {
        // The second: r5c2 holds only 2 and 3; 3 lies only in the rectangle in row 6 and column 8.
        let g = and_second(hidden_grid(&[]), ["23", "123456789", "123456789", "123456789"]);
        let mut outside: Vec<(u8, u8)> = [1, 3, 4, 5, 6, 7, 9].iter().map(|&c| (6, c)).collect();
        outside.extend([1, 2, 3, 4, 7, 8, 9].map(|r| (r, 8)));
        let steps = HiddenRectangle.every(&without_digit(g, 3, outside));
        assert_eq!(corners(&steps), [at(&CORNERS), at(&SECOND)]);
        assert_eq!(steps[1].eliminations, cands(&[(6, 8, 2)]));
    }

    #[test]
    fn hidden_rectangle_needs_the_digit_confined_in_both_lines() {
        assert_eq!(HiddenRectangle.first(&hidden_grid(&[(7, 4)])), None);
    }
}
