//! The two kinds of link SE's chains follow, in SE's order:
//! on → off (a value excludes the cell's other values and the same value in
//! the cell's block, row and column) and off → on (the last value of a cell,
//! the last place of a value in a block, row or column).
//!
//! In a dynamic search the grid shrinks as potentials are switched off, so
//! an "off → on" link may only hold because of earlier eliminations: those
//! eliminated candidates become extra ("hidden") parents of the new node.

use super::potential::{pot, pot_cell, pot_digit, pot_on, Cause, Pot, PotSet, Store, NONE};
use crate::model::cell::Digit;
use crate::model::grid::{Grid, House};

/// A potential derived by a link, with its parents (the potential it came
/// from first, then the hidden parents).
#[derive(Clone, Copy)]
pub(super) struct Derived {
    pub(super) pot: Pot,
    pub(super) cause: Cause,
    parents: [u32; 9],
    len: u8,
}

impl Derived {
    /// A potential derived from node `from` alone.
    pub(super) fn new(pot: Pot, cause: Cause, from: u32) -> Derived {
        let mut parents = [NONE; 9];
        parents[0] = from;
        Derived { pot, cause, parents, len: 1 }
    }

    fn push(&mut self, parent: u32) {
        if (self.len as usize) < self.parents.len() {
            self.parents[self.len as usize] = parent;
            self.len += 1;
        }
    }

    /// The parents, the source first.
    pub(super) fn parents(&self) -> &[u32] {
        &self.parents[..self.len as usize]
    }
}

/// The block, row and column of a cell with the cause of each, in the
/// order SE visits them.
fn houses_block_first(cell: crate::model::cell::Cell) -> [(House, Cause); 3] {
    [
        (House::block(cell.block()), Cause::Block),
        (House::row(cell.row()), Cause::Row),
        (House::col(cell.col()), Cause::Column),
    ]
}

/// What "p on" switches off: with `cell_rule`, the cell's other values
/// (ascending); always, the value's other places in the block, then in the
/// row and the column outside the block.
pub(super) fn on_to_off(grid: &Grid, p: Pot, cell_rule: bool, out: &mut Vec<(Pot, Cause)>) {
    out.clear();
    each_off(grid, p, cell_rule, |q, cause| out.push((q, cause)));
}

/// [`on_to_off`], each link handed to `link` in turn.
fn each_off(grid: &Grid, p: Pot, cell_rule: bool, mut link: impl FnMut(Pot, Cause)) {
    let (cell, digit) = (pot_cell(p), pot_digit(p));
    if cell_rule {
        for d in grid.candidates(cell).iter().filter(|&d| d != digit) {
            link(pot(cell, d, false), Cause::Cell);
        }
    }
    let block = House::block(cell.block()).cells();
    let with = grid.cells_with(digit);
    for c in with.intersection(block).iter().filter(|&c| c != cell) {
        link(pot(c, digit, false), Cause::Block);
    }
    for c in with.intersection(House::row(cell.row()).cells()).difference(block).iter() {
        link(pot(c, digit, false), Cause::Row);
    }
    for c in with.intersection(House::col(cell.col()).cells()).difference(block).iter() {
        link(pot(c, digit, false), Cause::Column);
    }
}

/// What "p off" switches on in a grid that does not change (no hidden
/// parents), by both rules, each link handed to `link` in turn.
fn each_on(grid: &Grid, p: Pot, mut link: impl FnMut(Pot, Cause)) {
    let (cell, digit) = (pot_cell(p), pot_digit(p));
    let values = grid.candidates(cell);
    if values.len() == 2 {
        let other = values.iter().find(|&d| d != digit).expect("two values");
        link(pot(cell, other, true), Cause::Cell);
    }
    for (house, cause) in houses_block_first(cell) {
        let places = grid.house_cells_with(house, digit);
        if places.len() == 2 {
            let other = places.iter().find(|&c| c != cell).expect("two places");
            link(pot(other, digit, true), cause);
        }
    }
}

/// What "p off" (node `from`) switches on: with `cell_rule`, the other value
/// of a two-valued cell; with `house_rule`, the other place of the value in
/// each block, row, column where it has two. `start`, in a dynamic search,
/// is the grid the search began from: candidates it had that `grid` lost are
/// added as hidden parents (their off nodes in `store`).
#[allow(clippy::too_many_arguments)]
pub(super) fn off_to_on(
    grid: &Grid,
    start: Option<&Grid>,
    store: &Store,
    p: Pot,
    from: u32,
    cell_rule: bool,
    house_rule: bool,
    out: &mut Vec<Derived>,
) {
    out.clear();
    let (cell, digit) = (pot_cell(p), pot_digit(p));
    if cell_rule {
        let values = grid.candidates(cell);
        if values.len() == 2 {
            let other = values.iter().find(|&d| d != digit).expect("two values");
            let mut derived = Derived::new(pot(cell, other, true), Cause::Cell, from);
            if let Some(start) = start {
                for d in start.candidates(cell).difference(values).iter() {
                    add_hidden(store, pot(cell, d, false), &mut derived);
                }
            }
            out.push(derived);
        }
    }
    if house_rule {
        for (house, cause) in houses_block_first(cell) {
            let places = grid.house_cells_with(house, digit);
            if places.len() == 2 {
                let other = places.iter().find(|&c| c != cell).expect("two places");
                let mut derived = Derived::new(pot(other, digit, true), cause, from);
                if let Some(start) = start {
                    for c in start.house_cells_with(house, digit).difference(places).iter() {
                        add_hidden(store, pot(c, digit, false), &mut derived);
                    }
                }
                out.push(derived);
            }
        }
    }
}

/// Up to how many new strong links a reduced grid is searched from the
/// places they lead to (three searches a link) rather than from the whole
/// graph's reachability. A hint through the strong link between the "on"
/// potentials `a` and `b` (one of them holds): a forcing chain runs from
/// some potential to "a off" and to "b off" (so it is false); the graph
/// is its own contrapositive (a link p to q comes with "q negated" to "p
/// negated"), so the chain's end (the start negated) is reached from both
/// `a` and `b`. A cycle through "a off" to `b` returns to "a off" some
/// other way than by the link from `b` (a cycle through the other
/// direction is this one's mirror image).
pub(super) const FEW_NEW_LINKS: usize = 40;

/// The strong links of a grid reduced from another that the other lacks,
/// and, when there are few, where their ends lead.
pub(super) struct NewLinks {
    /// Each link as the two "on" potentials it joins (one of them holds).
    pub(super) pairs: Vec<(Pot, Pot)>,
    /// When there are at most `FEW_NEW_LINKS`: for each pair, what each
    /// end leads to (`closure`).
    pub(super) reached: Option<Vec<(PotSet, PotSet)>>,
}

impl NewLinks {
    pub(super) fn new(start: &Grid, work: &Grid) -> NewLinks {
        let pairs = new_strong_links(start, work);
        let reached = (pairs.len() <= FEW_NEW_LINKS).then(|| {
            // A potential often ends several new links: its closure is
            // walked once. And the ends mostly lead to one another: a walk
            // that meets an end already walked takes that end's closure
            // whole.
            let mut known = Closures::default();
            let mut closure_from = |p: Pot| match known.of(p) {
                Some(set) => set.clone(),
                None => {
                    let mut reached = PotSet::new();
                    reached.insert(p);
                    let mut pending = Vec::with_capacity(128);
                    pending.push(p);
                    let set = spread(work, reached, pending, Some(&known));
                    known.add(p, set.clone());
                    set
                }
            };
            pairs.iter().map(|&(a, b)| (closure_from(a), closure_from(b))).collect()
        });
        NewLinks { pairs, reached }
    }
}

/// The strong links of `work` that `start`, the grid it was reduced from,
/// does not have, as the two "on" potentials each joins: cells left with
/// two candidates, and values left with two places in a house, that had
/// more in `start`.
fn new_strong_links(start: &Grid, work: &Grid) -> Vec<(Pot, Pot)> {
    let mut links = Vec::new();
    let mut pair = |a: Pot, b: Pot| links.push((a, b));
    for cell in work.cells_holding(2..=2).iter() {
        if start.candidates(cell).len() > 2 {
            let mut values = work.candidates(cell).iter();
            let (d, e) = (values.next().expect("two"), values.next().expect("two"));
            pair(pot(cell, d, true), pot(cell, e, true));
        }
    }
    for house in House::all() {
        for digit in crate::model::cell::Digit::all() {
            let places = work.house_cells_with(house, digit);
            if places.len() == 2 && start.house_cells_with(house, digit).len() > 2 {
                let mut cells = places.iter();
                let (c, d) = (cells.next().expect("two"), cells.next().expect("two"));
                pair(pot(c, digit, true), pot(d, digit, true));
            }
        }
    }
    links
}

/// Every link from `p` in a grid that does not change, by every rule:
/// [`each_off`] from an "on" potential, [`each_on`] from an "off" one.
fn each_link(grid: &Grid, p: Pot, link: impl FnMut(Pot, Cause)) {
    if pot_on(p) {
        each_off(grid, p, true, link);
    } else {
        each_on(grid, p, link);
    }
}

/// The closures of some potentials, walked already.
struct Closures {
    /// The potentials whose closure is known.
    known: PotSet,
    closures: Vec<(Pot, PotSet)>,
}

impl Default for Closures {
    fn default() -> Closures {
        Closures { known: PotSet::new(), closures: Vec::new() }
    }
}

impl Closures {
    fn of(&self, p: Pot) -> Option<&PotSet> {
        if !self.known.contains(p) {
            return None;
        }
        self.closures.iter().find(|(q, _)| *q == p).map(|(_, set)| set)
    }

    fn add(&mut self, p: Pot, closure: PotSet) {
        self.known.insert(p);
        self.closures.push((p, closure));
    }
}

/// `p` and every potential the links of `grid` (by every rule) lead to
/// from it; with `not_first`, not by the link from `p` to it (it may still
/// be reached some other way).
pub(super) fn closure(grid: &Grid, p: Pot, not_first: Option<Pot>) -> PotSet {
    let mut reached = PotSet::new();
    reached.insert(p);
    // Room for the walk's usual frontier: growing it step by step cost
    // more than the walk (thousands of closures a step at the nested levels).
    let mut first = Vec::with_capacity(128);
    let mut follow = |r: Pot, _| {
        if Some(r) != not_first && reached.insert(r) {
            first.push(r);
        }
    };
    each_link(grid, p, &mut follow);
    spread(grid, reached, first, None)
}

/// The potentials of `from` and every potential the links of `grid` lead
/// to from them.
pub(super) fn closure_of(grid: &Grid, from: &PotSet) -> PotSet {
    spread(grid, from.clone(), from.iter().collect(), None)
}

/// `reached` and what the links lead to from `pending` (reached already).
/// A potential met whose closure `known` holds brings all of it at once
/// (everything its closure's potentials lead to is in it).
fn spread(grid: &Grid, mut reached: PotSet, mut pending: Vec<Pot>, known: Option<&Closures>) -> PotSet {
    while let Some(q) = pending.pop() {
        let mut follow = |r: Pot, _| {
            if reached.insert(r) {
                match known.and_then(|known| known.of(r)) {
                    Some(closure) => reached.add_all(closure),
                    None => pending.push(r),
                }
            }
        };
        each_link(grid, q, &mut follow);
    }
    reached
}

fn add_hidden(store: &Store, off: Pot, derived: &mut Derived) {
    let node = store.reached(off);
    // Every candidate the search removed was switched off by it first.
    debug_assert!(node != NONE, "hidden parent not reached");
    if node != NONE {
        derived.push(node);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::cell::{Cell, Digit};

    #[test]
    fn links_within_a_closed_scope_are_those_of_the_whole_grid() {
        let grid = super::super::positions::grid_from_marks(super::super::test_positions::CONTRADICTION.marks);
        let mut from = PotSet::new();
        let root = pot(Cell::at(6, 7), Digit::new(7), true);
        from.insert(root);
        let scope = closure_of(&grid, &from);
        assert_eq!(scope.iter().collect::<Vec<_>>(), closure(&grid, root, None).iter().collect::<Vec<_>>());
        let (all, within) = (StaticLinks::new(&grid), StaticLinks::within(&grid, &scope));
        let (mut inside, mut outside) = (0, 0);
        for p in (0..super::super::potential::POTS as Pot).filter(|&p| all.has(p)) {
            let listed = |links: &StaticLinks| {
                let mut l: Vec<(Pot, Cause)> = links.on_to_off(p, true).collect();
                l.extend(links.off_to_on(p, true, true));
                l
            };
            if scope.contains(p) {
                assert_eq!(listed(&within), listed(&all));
                // What the scope's links lead to is in the scope.
                assert!(listed(&all).iter().all(|&(q, _)| scope.contains(q)));
                inside += 1;
            } else {
                assert!(listed(&within).is_empty());
                outside += 1;
            }
        }
        assert!(inside > 1 && outside > 0, "{inside} inside, {outside} outside");
    }

    /// The closures of the new links' ends, each walk taking the closures
    /// of the ends walked before it whole, are the plain walks' closures.
    #[test]
    fn new_links_lead_where_plain_walks_from_their_ends_lead() {
        let start = super::super::positions::grid_from_marks(super::super::test_positions::DOUBLE.marks);
        let candidates: Vec<(crate::model::cell::Cell, Digit)> =
            crate::model::cell::Cell::all().flat_map(|c| start.candidates(c).iter().map(move |d| (c, d))).collect();
        let (mut checked, mut ends) = (0, 0);
        for (i, &(c, d)) in candidates.iter().enumerate().step_by(3) {
            let mut work = start.clone();
            work.eliminate(c, d);
            if let Some(&(e, f)) = candidates.get(i + 11) {
                work.eliminate(e, f);
            }
            let new = NewLinks::new(&start, &work);
            let Some(reached) = &new.reached else { continue };
            for (&(a, b), (from_a, from_b)) in new.pairs.iter().zip(reached) {
                let plain = |p: Pot| closure(&work, p, None).iter().collect::<Vec<_>>();
                assert_eq!(from_a.iter().collect::<Vec<_>>(), plain(a));
                assert_eq!(from_b.iter().collect::<Vec<_>>(), plain(b));
                ends += 2;
            }
            checked += usize::from(new.pairs.len() > 1);
        }
        assert!(checked > 20 && ends > 100, "{checked} grids with several new links, {ends} ends");
    }

    #[test]
    fn on_to_off_lists_cell_then_block_row_column() {
        let grid = Grid::empty();
        let mut out = Vec::new();
        on_to_off(&grid, pot(Cell::at(0, 0), Digit::new(5), true), true, &mut out);
        assert_eq!(out.len(), 8 + 8 + 6 + 6);
        assert_eq!(out[0], (pot(Cell::at(0, 0), Digit::new(1), false), Cause::Cell));
        assert_eq!(out[8], (pot(Cell::at(0, 1), Digit::new(5), false), Cause::Block));
        assert_eq!(out[16], (pot(Cell::at(0, 3), Digit::new(5), false), Cause::Row));
        assert_eq!(out[22], (pot(Cell::at(3, 0), Digit::new(5), false), Cause::Column));
    }

    #[test]
    fn off_to_on_adds_the_eliminated_candidates_as_hidden_parents() {
        let start = Grid::empty();
        let mut grid = start.clone();
        let mut store = Store::new();
        let root = store.add(pot(Cell::at(0, 0), Digit::new(1), true), Cause::Start, &[]);
        // Switch off 1 in r1c3..r1c9 except r1c2: the row's last two places.
        let mut offs = Vec::new();
        for c in 2..9 {
            let n = store.add(pot(Cell::at(0, c), Digit::new(1), false), Cause::Row, &[root]);
            store.mark(n);
            grid.eliminate(Cell::at(0, c), Digit::new(1));
            offs.push(n);
        }
        let p = pot(Cell::at(0, 0), Digit::new(1), false);
        let mut out = Vec::new();
        off_to_on(&grid, Some(&start), &store, p, root, false, true, &mut out);
        let row = out.iter().find(|d| d.cause == Cause::Row).expect("row link");
        assert_eq!(row.pot, pot(Cell::at(0, 1), Digit::new(1), true));
        assert_eq!(row.parents().len(), 1 + 7);
        assert_eq!(&row.parents()[1..], &offs[..]);
    }
}

/// The links of a grid that does not change during the searches (the
/// unary and the static multiple chains), computed once: for every "on"
/// potential its cell and house "off" links, for every "off" potential its
/// cell and house "on" links, each list in SE's order.
pub(crate) struct StaticLinks {
    /// Per potential, where its links are in `items`.
    spans: Vec<Span>,
    /// Each potential's links, cell links first.
    items: Vec<Link>,
}

/// A link to a potential, by the rule that makes it.
type Link = (Pot, Cause);

/// A potential's links: `len` from `at`, the first `cell` of them by the
/// cell rule. Empty for a potential not listed.
#[derive(Clone, Copy, Default)]
struct Span {
    at: u32,
    cell: u8,
    len: u8,
    /// Whether its candidate is in the grid.
    present: bool,
}

impl StaticLinks {
    /// The links of `grid`.
    pub(crate) fn new(grid: &Grid) -> StaticLinks {
        StaticLinks::build(grid, None)
    }

    /// The links of `grid` from the potentials of `scope` only (none from
    /// the others): enough for searches that never leave it.
    pub(super) fn within(grid: &Grid, scope: &PotSet) -> StaticLinks {
        StaticLinks::build(grid, Some(scope))
    }

    fn build(grid: &Grid, scope: Option<&PotSet>) -> StaticLinks {
        let mut spans = vec![Span::default(); super::potential::POTS];
        // Room for every link at once: an "on" has at most 8 cell and 20
        // house links, an "off" 1 and 3.
        let listed = match scope {
            Some(scope) => scope.iter().count(),
            None => 2 * (0..9).map(|i| grid.cells_with(Digit::from_index(i)).len() as usize).sum::<usize>(),
        };
        let mut items = Vec::with_capacity(listed * 16);
        for digit in Digit::all() {
            for cell in grid.cells_with(digit).iter() {
                for p in [pot(cell, digit, false), pot(cell, digit, true)] {
                    let span = &mut spans[p as usize];
                    span.present = true;
                    if scope.is_some_and(|scope| !scope.contains(p)) {
                        continue;
                    }
                    span.at = items.len() as u32;
                    let mut cell_links = 0;
                    each_link(grid, p, |q, cause| {
                        cell_links += u8::from(cause == Cause::Cell);
                        items.push((q, cause));
                    });
                    span.cell = cell_links;
                    span.len = (items.len() - span.at as usize) as u8;
                }
            }
        }
        StaticLinks { spans, items }
    }

    /// A potential's cell links and house links.
    fn links(&self, p: Pot) -> (&[Link], &[Link]) {
        let span = self.spans[p as usize];
        let at = span.at as usize;
        self.items[at..at + span.len as usize].split_at(span.cell as usize)
    }

    /// Whether `p`'s candidate is in the grid.
    pub(crate) fn has(&self, p: Pot) -> bool {
        self.spans[p as usize].present
    }

    /// What "p on" switches off (cell links first when `cell_rule`).
    pub(crate) fn on_to_off(&self, p: Pot, cell_rule: bool) -> impl Iterator<Item = (Pot, Cause)> + '_ {
        let (cell, house) = self.links(p);
        let cell = if cell_rule { cell } else { &[] };
        cell.iter().chain(house).copied()
    }

    /// What "p off" switches on, by the rules asked for.
    pub(crate) fn off_to_on(
        &self,
        p: Pot,
        cell_rule: bool,
        house_rule: bool,
    ) -> impl Iterator<Item = (Pot, Cause)> + '_ {
        let (cell, house) = self.links(p);
        let cell = if cell_rule { cell } else { &[] };
        let house = if house_rule { house } else { &[] };
        cell.iter().chain(house).copied()
    }
}
