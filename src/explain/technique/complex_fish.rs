//! Franken and Mutant fish, as HoDoKu defines them: `size` base sets (any
//! houses, not only parallel lines) where a digit needs one place each,
//! and `size` cover sets that hold every base place but the fins. The base
//! sets' places then fill the cover sets, so the digit leaves the rest of
//! the cover sets; with fins, only the cells that see every fin.
//!
//! - Franken: rows and boxes against columns and boxes (or columns and
//!   boxes against rows and boxes), with at least one box;
//! - Mutant: any other mix (a row beside a column among the base sets, say).
//!
//! Two base sets may overlap (a row and a box): a place in both would fill
//! two base sets at once, so it counts as a fin, an *endo-fin*. A base place
//! in two cover sets would fill two cover sets at once, leaving too few for
//! the other base sets: it goes too (*cannibalism*). Basic fish (rows
//! against columns) are `fish`'s.

use super::interface::{Finds, Part, Scope, Technique};
use crate::algo::memo::Memo;
use crate::explain::catalog::{Descriptor, HintFocus, TechniqueId};
use crate::explain::parts::PartKind;
use crate::explain::step::{listing, Step};
use crate::model::cell::{Candidate, Cell, Digit};
use crate::model::grid::{common_peers, Grid, House, HouseKind};
use crate::model::sets::{CellSet, DigitSet};
use std::collections::HashSet;
use std::ops::ControlFlow;

/// The most fins, endo-fins included (HoDoKu's default).
const MOST_FINS: u32 = 5;
/// The most endo-fins (HoDoKu's default).
const MOST_ENDO_FINS: u32 = 2;
/// The largest fish the search is written for (a Leviathan).
const LARGEST: usize = 7;

/// Which houses may be base sets and which cover sets.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Shape {
    /// Rows and boxes against columns and boxes, or the transpose.
    Franken,
    /// Any houses against any others, neither basic nor Franken.
    Mutant,
}

/// A Franken or Mutant fish of one size, with fins or without.
pub(crate) struct ComplexFish {
    pub(crate) shape: Shape,
    pub(crate) size: usize,
    pub(crate) finned: bool,
}

/// Kinds of house, as bits: `1 << kind as usize`.
pub(super) type Kinds = u8;
const ROWS: Kinds = 1;
const COLS: Kinds = 2;
const BOXES: Kinds = 4;

fn kind_bit(house: House) -> Kinds {
    match house.kind() {
        HouseKind::Row => ROWS,
        HouseKind::Col => COLS,
        HouseKind::Block => BOXES,
    }
}

macro_rules! fish_descriptors {
    ($($name:ident: $id:ident, $key:literal, $title:literal, $rating:literal, $weight:literal, $summary:literal;)*) => {
        $(
            static $name: Descriptor =
                Descriptor::new(TechniqueId::$id, $key, $title, $rating, $weight, HintFocus::Digit, $summary);
        )*
    };
}

fish_descriptors! {
    FRANKEN_X_WING: FrankenXWing, "franken-x-wing", "Franken X-Wing", 7.3, 300,
        "Two houses (rows or columns with boxes) whose places of a digit lie in two crossing houses clear those.";
    FRANKEN_SWORDFISH: FrankenSwordfish, "franken-swordfish", "Franken Swordfish", 7.3, 350,
        "Three base houses, boxes among them or the covers, whose digit fits in three cover houses clear those.";
    FRANKEN_JELLYFISH: FrankenJellyfish, "franken-jellyfish", "Franken Jellyfish", 7.3, 370,
        "Four base houses, boxes among them or the covers, whose digit fits in four cover houses clear those.";
    FINNED_FRANKEN_X_WING: FinnedFrankenXWing, "finned-franken-x-wing", "Finned Franken X-Wing", 7.3, 390,
        "A Franken X-Wing with fins: the cover houses' cells that see every fin lose the digit.";
    FINNED_FRANKEN_SWORDFISH: FinnedFrankenSwordfish, "finned-franken-swordfish", "Finned Franken Swordfish", 7.3, 410,
        "A Franken Swordfish with fins: the cover houses' cells that see every fin lose the digit.";
    FINNED_FRANKEN_JELLYFISH: FinnedFrankenJellyfish, "finned-franken-jellyfish", "Finned Franken Jellyfish", 7.3, 430,
        "A Franken Jellyfish with fins: the cover houses' cells that see every fin lose the digit.";
    MUTANT_X_WING: MutantXWing, "mutant-x-wing", "Mutant X-Wing", 7.5, 450,
        "Two houses of any kinds whose places of a digit lie in two other houses of any kinds clear those.";
    MUTANT_SWORDFISH: MutantSwordfish, "mutant-swordfish", "Mutant Swordfish", 7.5, 450,
        "Three houses of any kinds whose places of a digit lie in three other houses clear those.";
    MUTANT_JELLYFISH: MutantJellyfish, "mutant-jellyfish", "Mutant Jellyfish", 7.5, 450,
        "Four houses of any kinds whose places of a digit lie in four other houses clear those.";
    FINNED_MUTANT_X_WING: FinnedMutantXWing, "finned-mutant-x-wing", "Finned Mutant X-Wing", 7.5, 470,
        "A Mutant X-Wing with fins: the cover houses' cells that see every fin lose the digit.";
    FINNED_MUTANT_SWORDFISH: FinnedMutantSwordfish, "finned-mutant-swordfish", "Finned Mutant Swordfish", 7.5, 470,
        "A Mutant Swordfish with fins: the cover houses' cells that see every fin lose the digit.";
    FINNED_MUTANT_JELLYFISH: FinnedMutantJellyfish, "finned-mutant-jellyfish", "Finned Mutant Jellyfish", 7.5, 470,
        "A Mutant Jellyfish with fins: the cover houses' cells that see every fin lose the digit.";
}

impl Technique for ComplexFish {
    fn descriptor(&self) -> &'static Descriptor {
        match (self.shape, self.finned, self.size) {
            (Shape::Franken, false, 2) => &FRANKEN_X_WING,
            (Shape::Franken, false, 3) => &FRANKEN_SWORDFISH,
            (Shape::Franken, false, 4) => &FRANKEN_JELLYFISH,
            (Shape::Franken, true, 2) => &FINNED_FRANKEN_X_WING,
            (Shape::Franken, true, 3) => &FINNED_FRANKEN_SWORDFISH,
            (Shape::Franken, true, 4) => &FINNED_FRANKEN_JELLYFISH,
            (Shape::Mutant, false, 2) => &MUTANT_X_WING,
            (Shape::Mutant, false, 3) => &MUTANT_SWORDFISH,
            (Shape::Mutant, false, 4) => &MUTANT_JELLYFISH,
            (Shape::Mutant, true, 2) => &FINNED_MUTANT_X_WING,
            (Shape::Mutant, true, 3) => &FINNED_MUTANT_SWORDFISH,
            (Shape::Mutant, true, 4) => &FINNED_MUTANT_JELLYFISH,
            (shape, finned, size) => {
                unreachable!("the registry has no {shape:?} fish of size {size} (finned: {finned})")
            }
        }
    }

    fn scope(&self) -> Scope {
        Scope::Digits
    }

    fn search(&self, grid: &Grid, part: Part<'_>, _memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        let (digit, removable) = part.digit();
        let places = grid.cells_with(digit).bits();
        let removable = removable.bits() & places;
        if removable == 0 {
            return ControlFlow::Continue(());
        }
        let orientations: &[(Kinds, Kinds)] = match self.shape {
            Shape::Franken => &FRANKEN,
            Shape::Mutant => &[(ROWS | COLS | BOXES, ROWS | COLS | BOXES)],
        };
        let rules = FishRules {
            size: self.size,
            most_fins: if self.finned { MOST_FINS } else { 0 },
            most_endo_fins: if self.finned { MOST_ENDO_FINS } else { 0 },
        };
        // One fish per result, the first met (as HoDoKu lists them): other
        // base and cover sets that remove the same candidates teach nothing
        // new, and a hard position has thousands of them.
        let mut results = HashSet::new();
        let mut room = [0u128; 9];
        room[usize::from(digit.get() - 1)] = removable;
        // A fin's own targets are the cells it sees.
        let reach = |fin: Cell| {
            let mut seen = [0u128; 9];
            seen[usize::from(digit.get() - 1)] = fin.peers().bits();
            seen
        };
        each_fish(grid, digit, room, Some(&reach), orientations, &rules, &mut |fish| {
            if self.finned != (fish.fins() != 0) || shape_of(fish.bases, fish.covers) != Some(self.shape) {
                return ControlFlow::Continue(());
            }
            let cannibals = fish.cannibals();
            let mut targets = fish.outside(places) | cannibals;
            if fish.fins() != 0 {
                targets &= common_peers(set(fish.fins())).bits();
            }
            if targets == 0 || !results.insert(targets) {
                return ControlFlow::Continue(());
            }
            finds.step(self.step(digit, fish, set(targets), set(cannibals)))
        })
    }
}

/// Franken orientations: rows and boxes against columns and boxes, and the
/// transpose (basic fish, rows against columns, among them).
pub(super) const FRANKEN: [(Kinds, Kinds); 2] = [(ROWS | BOXES, COLS | BOXES), (COLS | BOXES, ROWS | BOXES)];

/// What fish a search looks for.
pub(super) struct FishRules {
    pub(super) size: usize,
    /// The most fins, endo-fins included (0: no fins).
    pub(super) most_fins: u32,
    pub(super) most_endo_fins: u32,
}

/// Per digit (index `digit - 1`), the cells where a fish may still remove
/// the digit.
pub(super) type Room = [u128; 9];

/// `room` where `reach` allows it too; `None` when nothing is left.
fn narrowed(room: &Room, reach: &Room) -> Option<Room> {
    let mut left = *room;
    for (l, r) in left.iter_mut().zip(reach) {
        *l &= r;
    }
    left.iter().any(|&l| l != 0).then_some(left)
}

/// A fish's sets as a search chose them.
pub(super) struct FishSets<'s> {
    /// The base sets, in the order chosen.
    pub(super) bases: &'s [House],
    /// The cover sets, in the order chosen.
    pub(super) covers: &'s [House],
    /// The base sets' places of the digit.
    pub(super) cells: u128,
    /// The places in two base sets.
    pub(super) endo: u128,
    /// The places off every cover set.
    pub(super) exo_fins: u128,
}

impl FishSets<'_> {
    /// Every fin, endo-fins included.
    pub(super) fn fins(&self) -> u128 {
        self.exo_fins | self.endo
    }

    pub(super) fn cover_cells(&self) -> u128 {
        self.covers.iter().fold(0u128, |acc, h| acc | h.cells().bits())
    }

    /// The base places, not fins, in two cover sets: they would fill both.
    pub(super) fn cannibals(&self) -> u128 {
        let mut twice_covered = 0u128;
        let mut once = 0u128;
        for cover in self.covers {
            let cells = cover.cells().bits();
            twice_covered |= once & cells;
            once |= cells;
        }
        self.cells & twice_covered & !self.fins()
    }

    /// The places of `places` in the cover sets but not in the base sets.
    pub(super) fn outside(&self, places: u128) -> u128 {
        self.cover_cells() & places & !self.cells
    }
}

/// Hands `found` every fish of `digit` by `rules` whose base sets are of
/// the first kinds of one of `orientations` and cover sets of the second,
/// each set of base and cover sets and fins once, and in which each base
/// set keeps a place of the body (else it is a smaller fish). `room`
/// holds what the fish may remove; each fin (endo-fins included) narrows
/// it to what the fin, true, would remove too (`reach`, if given): a fish
/// whose fins leave nothing is not followed.
pub(super) fn each_fish(
    grid: &Grid,
    digit: Digit,
    room: Room,
    reach: Option<&dyn Fn(Cell) -> Room>,
    orientations: &[(Kinds, Kinds)],
    rules: &FishRules,
    found: &mut dyn FnMut(&FishSets) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let places = grid.cells_with(digit).bits();
    for &(base_kinds, cover_kinds) in orientations {
        let mut search = FishSearch {
            rules,
            room,
            reach,
            cover_kinds,
            bases: [House::row(0); LARGEST],
            base_count: 0,
            covers: [House::row(0); LARGEST],
            cover_count: 0,
            found: &mut *found,
        };
        let open: Vec<(House, u128)> = House::all()
            .filter(|&h| kind_bit(h) & base_kinds != 0 && !grid.house_has_value(h, digit))
            .map(|h| (h, h.cells().bits() & places))
            .filter(|&(_, cells)| cells != 0)
            .collect();
        search.bases_from(&open, 0, 0, 0)?;
    }
    ControlFlow::Continue(())
}

/// One digit's search for one orientation: the base sets chosen so far,
/// then the cover sets.
struct FishSearch<'a> {
    rules: &'a FishRules,
    /// What the fish may remove.
    room: Room,
    reach: Option<&'a dyn Fn(Cell) -> Room>,
    cover_kinds: Kinds,
    bases: [House; LARGEST],
    base_count: usize,
    covers: [House; LARGEST],
    cover_count: usize,
    found: &'a mut dyn FnMut(&FishSets) -> ControlFlow<()>,
}

impl FishSearch<'_> {
    /// `room` narrowed to what the fin `fin` reaches.
    fn narrowed(&self, room: &Room, fin: Cell) -> Option<Room> {
        match self.reach {
            Some(reach) => narrowed(room, &reach(fin)),
            None => Some(*room),
        }
    }

    /// Adds base sets from `open[from..]` to those chosen (whose places are
    /// `cells`, with `endo` those in two of them) until there are `size`.
    fn bases_from(&mut self, open: &[(House, u128)], from: usize, cells: u128, endo: u128) -> ControlFlow<()> {
        let size = self.rules.size;
        if self.base_count == size {
            // Each endo-fin narrows the room: none left, no fish.
            let room = set(endo).iter().try_fold(self.room, |room, fin| self.narrowed(&room, fin));
            let Some(room) = room else { return ControlFlow::Continue(()) };
            let forbidden = self.bases[..self.base_count].iter().fold(0u32, |acc, h| acc | 1 << h.index());
            return self.covers_for(Base { cells, endo }, 0, 0, forbidden, &room);
        }
        for (i, &(house, house_cells)) in open.iter().enumerate().skip(from) {
            // Too few houses left to reach the size.
            if open.len() - i < size - self.base_count {
                break;
            }
            let endo = endo | (cells & house_cells);
            if endo.count_ones() > self.rules.most_endo_fins {
                continue;
            }
            self.bases[self.base_count] = house;
            self.base_count += 1;
            let flow = self.bases_from(open, i + 1, cells | house_cells, endo);
            self.base_count -= 1;
            flow?;
        }
        ControlFlow::Continue(())
    }

    /// Covers the base places not yet covered (`covered`) nor fins, lowest
    /// cell first: by one of its houses not yet ruled out (`forbidden`, by
    /// index) or as a fin. Each house tried for a cell is ruled out for the
    /// branches after it, so every set of cover sets and fins is reached
    /// once. `room` holds what the fish can still remove (within every
    /// fin's reach so far).
    fn covers_for(&mut self, base: Base, covered: u128, fins: u128, forbidden: u32, room: &Room) -> ControlFlow<()> {
        let open = base.cells & !base.endo & !covered & !fins;
        if open == 0 {
            if self.cover_count == self.rules.size {
                return self.fish_found(base, fins);
            }
            return ControlFlow::Continue(());
        }
        let cell = Cell::new(open.trailing_zeros() as u8);
        let mut forbidden = forbidden;
        if self.cover_count < self.rules.size {
            for house in cell.houses() {
                if kind_bit(house) & self.cover_kinds == 0 || forbidden & 1 << house.index() != 0 {
                    continue;
                }
                self.covers[self.cover_count] = house;
                self.cover_count += 1;
                let flow = self.covers_for(base, covered | house.cells().bits(), fins, forbidden, room);
                self.cover_count -= 1;
                flow?;
                forbidden |= 1 << house.index();
            }
        }
        if (fins | base.endo).count_ones() < self.rules.most_fins {
            if let Some(room) = self.narrowed(room, cell) {
                // Its houses are ruled out above: the fin stays a fin.
                let forbidden = cell.houses().iter().fold(forbidden, |acc, h| acc | 1 << h.index());
                self.covers_for(base, covered, fins | 1 << cell.index(), forbidden, &room)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// The base and cover sets are chosen: hands them over if each base set
    /// keeps a place of the body.
    fn fish_found(&mut self, base: Base, exo_fins: u128) -> ControlFlow<()> {
        let fish = FishSets {
            bases: &self.bases[..self.base_count],
            covers: &self.covers[..self.cover_count],
            cells: base.cells,
            endo: base.endo,
            exo_fins,
        };
        let (fins, cover_cells) = (fish.fins(), fish.cover_cells());
        if fish.bases.iter().any(|b| b.cells().bits() & base.cells & !fins & cover_cells == 0) {
            return ControlFlow::Continue(());
        }
        (self.found)(&fish)
    }
}

impl ComplexFish {
    fn step(&self, digit: Digit, fish: &FishSets, targets: CellSet, cannibals: CellSet) -> Step {
        let fins = set(fish.fins());
        let mut reason = fish.sets_sentence(digit);
        reason += &format!(
            "; without fins the base sets' {digit}s fill the cover sets, one each, so {digit} can go nowhere else in them"
        );
        if !cannibals.is_empty() {
            reason += &format!(
                ", not even in {} of the base sets, which {} in two cover sets and would fill both",
                listing(cannibals.iter(), "and"),
                if cannibals.len() == 1 { "lies" } else { "each lie" },
            );
        }
        if !fins.is_empty() {
            let every = if fins.len() == 1 { "the fin" } else { "every fin" };
            reason += &format!(
                "; with a fin as {digit}, the cells that see {every} lose {digit} too, so they lose it either way"
            );
        }
        fish.drawn(Step::new(self.id()), digit)
            .eliminate_all(targets.iter().map(|cell| Candidate::new(cell, digit)))
            .because(reason)
    }
}

impl FishSets<'_> {
    /// The cover sets as HoDoKu shows them, rows, columns, boxes (they are
    /// chosen cell by cell).
    fn sorted_covers(&self) -> Vec<House> {
        let mut covers = self.covers.to_vec();
        covers.sort();
        covers
    }

    /// `each of row 1 and row 6 (the base sets) needs a 9, and 9 can only be
    /// in column 2 and column 7 (the cover sets) or in the fin r1c5`, with
    /// the endo-fins named.
    pub(super) fn sets_sentence(&self, digit: Digit) -> String {
        let names = |houses: &[House]| listing(houses.iter().map(|h| h.long_name()), "and");
        let mut s = format!(
            "each of {} (the base sets) needs a {digit}, and {digit} can only be in {} (the cover sets)",
            names(self.bases),
            names(&self.sorted_covers()),
        );
        let (endo, exo) = (set(self.endo), set(self.exo_fins));
        if !exo.is_empty() {
            let word = if exo.len() == 1 { "the fin" } else { "the fins" };
            s += &format!(" or in {word} {}", listing(exo.iter(), "and"));
        }
        if !endo.is_empty() {
            let (word, verb) = if endo.len() == 1 { ("is an endo-fin", "lies") } else { ("are endo-fins", "lie") };
            s += &format!("; {} {verb} in two base sets and {word}", listing(endo.iter(), "and"));
        }
        s
    }

    /// `step` with the fish as its pattern: the body's and fins' cells, the
    /// base and cover sets, the fins and endo-fins as parts.
    pub(super) fn drawn(&self, step: Step, digit: Digit) -> Step {
        let fins = set(self.fins());
        let body = set(self.cells & !self.fins() & self.cover_cells());
        let on = |cells: CellSet| cells.iter().map(move |c| Candidate::new(c, digit)).collect::<Vec<_>>();
        step.pattern(
            body.iter().chain(fins.iter()),
            DigitSet::single(digit),
            self.bases.iter().copied().chain(self.sorted_covers()),
        )
        .base_and_cover(self.bases.len(), self.covers.len())
        .part(PartKind::Fin, on(set(self.exo_fins)))
        .part(PartKind::EndoFin, on(set(self.endo)))
    }
}

/// The places of the base sets, and those in two of them (the endo-fins).
#[derive(Clone, Copy)]
struct Base {
    cells: u128,
    endo: u128,
}

fn set(bits: u128) -> CellSet {
    CellSet::from_bits(bits)
}

/// What kind of fish the base and cover sets make: `None` for a basic one
/// (rows against columns), whose techniques are `fish`'s.
fn shape_of(bases: &[House], covers: &[House]) -> Option<Shape> {
    let kinds = |houses: &[House]| houses.iter().fold(0, |acc, &h| acc | kind_bit(h));
    let (base, cover) = (kinds(bases), kinds(covers));
    let within = |kinds: Kinds, allowed: Kinds| kinds & !allowed == 0;
    let lines_crossed = |lines: Kinds, crossing: Kinds| within(base, lines | BOXES) && within(cover, crossing | BOXES);
    if (base | cover) & BOXES == 0 && (base == ROWS && cover == COLS || base == COLS && cover == ROWS) {
        None
    } else if (base | cover) & BOXES != 0 && (lines_crossed(ROWS, COLS) || lines_crossed(COLS, ROWS)) {
        Some(Shape::Franken)
    } else {
        Some(Shape::Mutant)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::technique::testing::{assert_agrees_with_solution, empty, first_use, without};
    use crate::explain::technique::testing::{assert_lists_pattern_and_half_turn, EverySteps, FirstStep};

    /// `digit` confined, in each listed house, to the listed cells (row and
    /// column from 1); every other cell keeps every digit.
    fn confined(digit: &'static str, houses: &[(House, &[(u8, u8)])]) -> Grid {
        let mut removals = Vec::new();
        for (house, keep) in houses {
            for cell in house.cell_list() {
                let at = (cell.row() + 1, cell.col() + 1);
                if !keep.contains(&at) {
                    removals.push((at.0, at.1, digit));
                }
            }
        }
        without(empty(), &removals)
    }

    const FRANKEN_SWORDFISH: ComplexFish = ComplexFish { shape: Shape::Franken, size: 3, finned: false };
    const FINNED_FRANKEN_SWORDFISH: ComplexFish = ComplexFish { shape: Shape::Franken, size: 3, finned: true };
    const FINNED_FRANKEN_JELLYFISH: ComplexFish = ComplexFish { shape: Shape::Franken, size: 4, finned: true };
    const MUTANT_SWORDFISH: ComplexFish = ComplexFish { shape: Shape::Mutant, size: 3, finned: false };
    const FINNED_MUTANT_JELLYFISH: ComplexFish = ComplexFish { shape: Shape::Mutant, size: 4, finned: true };

    /// Rows 3 and 8 and box 4 hold their 1s in columns 3, 4 and 5 (or in
    /// columns 3 and 5 and box 2); `extra` adds places to box 4.
    fn franken_swordfish(extra: &[(u8, u8)]) -> Grid {
        let box_places: Vec<(u8, u8)> = [(4, 3), (6, 3)].iter().chain(extra).copied().collect();
        confined(
            "1",
            &[
                (House::row(2), &[(3, 3), (3, 4), (3, 5)]),
                (House::row(7), &[(8, 3), (8, 5)]),
                (House::block(3), &box_places),
            ],
        )
    }

    fn cells(list: &[(u8, u8)]) -> Vec<Candidate> {
        list.iter().map(|&(r, c)| Candidate::new(Cell::at(r - 1, c - 1), Digit::new(1))).collect()
    }

    #[test]
    fn franken_swordfish_clears_its_cover_sets() {
        let step = FRANKEN_SWORDFISH.first(&franken_swordfish(&[])).expect("a Franken Swordfish");
        let (r, c, b) = (House::row, House::col, House::block);
        assert_eq!(step.houses, [r(2), r(7), b(3), c(2), c(3), c(4)]);
        let mut expected = Vec::new();
        for row in [1, 2, 7, 9] {
            expected.extend([(row, 3), (row, 4), (row, 5)]);
        }
        for row in [4, 5, 6] {
            expected.extend([(row, 4), (row, 5)]);
        }
        expected.sort();
        assert_eq!(step.eliminations, cells(&expected));
        assert_eq!(
            step.reason,
            "each of row 3, row 8 and box 4 (the base sets) needs a 1, and 1 can only be in column 3, column 4 and \
             column 5 (the cover sets); without fins the base sets' 1s fill the cover sets, one each, so 1 can go \
             nowhere else in them"
        );
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn a_base_place_in_two_cover_sets_is_cannibalised() {
        let every = FRANKEN_SWORDFISH.every(&franken_swordfish(&[]));
        let (r, c, b) = (House::row, House::col, House::block);
        let step = every
            .iter()
            .find(|s| s.houses == [r(2), r(7), b(3), c(2), c(4), b(1)])
            .expect("rows 3 and 8 and box 4 against columns 3 and 5 and box 2");
        // r3c5 is in column 5 and in box 2.
        assert!(step.eliminations.contains(&cells(&[(3, 5)])[0]), "{}", step.text());
        assert!(step.reason.contains("not even in r3c5 of the base sets, which lies in two cover sets"));
        for step in &every {
            assert_agrees_with_solution(step);
        }
    }

    #[test]
    fn a_place_off_the_cover_sets_is_a_fin() {
        // r5c2 in box 4 lies in no cover set: no Franken Swordfish with
        // these base sets, a finned one instead.
        let grid = franken_swordfish(&[(5, 2)]);
        let (r, b) = (House::row, House::block);
        let with_these_bases = |s: &Step| s.houses[..3] == [r(2), r(7), b(3)];
        assert!(!FRANKEN_SWORDFISH.every(&grid).iter().any(with_these_bases));
        let finned = FINNED_FRANKEN_SWORDFISH.every(&grid);
        let step = finned.iter().find(|s| with_these_bases(s)).expect("a finned Franken Swordfish");
        // Only the cells of the cover sets that see r5c2: row 5's.
        assert_eq!(step.eliminations, cells(&[(5, 4), (5, 5)]));
        assert!(step.cells.contains(&Cell::at(4, 1)), "the fin is drawn");
        assert!(step.reason.contains("or in the fin r5c2"), "{}", step.reason);
        for step in &finned {
            assert_agrees_with_solution(step);
        }
    }

    #[test]
    fn a_fish_is_listed_with_its_half_turn() {
        assert_lists_pattern_and_half_turn(&FRANKEN_SWORDFISH, &franken_swordfish(&[]));
        assert_lists_pattern_and_half_turn(&MUTANT_SWORDFISH, &mutant_swordfish());
    }

    /// Rows 3 and 8 and column 6 hold their 1s in columns 4 and 5 and box 5.
    fn mutant_swordfish() -> Grid {
        confined(
            "1",
            &[
                (House::row(2), &[(3, 4), (3, 5)]),
                (House::row(7), &[(8, 4), (8, 5)]),
                (House::col(5), &[(4, 6), (5, 6), (6, 6)]),
            ],
        )
    }

    #[test]
    fn mutant_swordfish_mixes_rows_and_columns_among_its_base_sets() {
        let grid = mutant_swordfish();
        let (r, c, b) = (House::row, House::col, House::block);
        let every = MUTANT_SWORDFISH.every(&grid);
        let step = every
            .iter()
            .find(|s| s.houses == [r(2), r(7), c(5), c(3), c(4), b(4)])
            .expect("rows 3 and 8 and column 6 against columns 4 and 5 and box 5");
        let mut expected: Vec<(u8, u8)> = [1, 2, 7, 9].iter().flat_map(|&row| [(row, 4), (row, 5)]).collect();
        expected.extend([(4, 4), (4, 5), (5, 4), (5, 5), (6, 4), (6, 5)]);
        expected.sort();
        assert_eq!(step.eliminations, cells(&expected));
        for step in &every {
            assert_agrees_with_solution(step);
        }
        // The same places are no Franken fish: a row and a column are both base sets.
        assert!(!FRANKEN_SWORDFISH.every(&grid).iter().any(|s| s.houses == step.houses));
    }

    /// Every elimination of every listed step agrees with the puzzle's solution.
    fn assert_sound(puzzle: &str, grid: &Grid, steps: &[Step]) {
        let givens: Vec<u8> = puzzle.bytes().map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 }).collect();
        let solution = crate::exact::backtrack::count_by_backtracking(&givens.try_into().expect("81 cells"), 2).1[0];
        for step in steps {
            assert!(step.makes_progress(grid));
            for e in &step.eliminations {
                assert_ne!(solution[e.cell.index()], e.digit.get(), "{}", step.text());
            }
        }
    }

    #[test]
    fn endo_fins_and_cannibalism_in_a_real_solve() {
        // top1465.txt #1109: rows 1, 6 and 7 and box 4 against box 1 and
        // columns 3, 7 and 9; r6c2 is in row 6 and box 4, r1c3 in box 1
        // and column 3.
        let puzzle = ".6.184.9...8...4.....5.9...7.........4.......9.6.5...1......84.4...237.......8..6";
        let (grid, step) = first_use(puzzle, TechniqueId::FinnedFrankenJellyfish);
        assert_eq!(
            step.text(),
            "Finned Franken Jellyfish: 2 in r1,r6,r7,b4,c3,c7,c9,b1 (r1c1 r1c3 r1c7 r1c9 r4c3 r5c3 r6c7 r7c3 r7c9 \
             r6c2 r7c2) => r3c2<>2. Each of row 1, row 6, row 7 and box 4 (the base sets) needs a 2, and 2 can only \
             be in column 3, column 7, column 9 and box 1 (the cover sets) or in the fin r7c2; r6c2 lies in two base \
             sets and is an endo-fin; without fins the base sets' 2s fill the cover sets, one each, so 2 can go \
             nowhere else in them, not even in r1c3 of the base sets, which lies in two cover sets and would fill \
             both; with a fin as 2, the cells that see every fin lose 2 too, so they lose it either way."
        );
        assert_sound(puzzle, &grid, &FINNED_FRANKEN_JELLYFISH.every(&grid));
    }

    #[test]
    fn finned_mutant_jellyfish_in_a_real_solve() {
        // top1465.txt #553: row 7, columns 1 and 5 and box 4, r5c1 in two of them.
        let puzzle = "..1.2......3....4....71....2....6..8.4....3...8.2......3..6....1..8.4.7.8...7.5.9";
        let (grid, step) = first_use(puzzle, TechniqueId::FinnedMutantJellyfish);
        let (r, c, b) = (House::row, House::col, House::block);
        assert_eq!(step.houses, [r(6), c(0), c(4), b(3), r(1), c(2), b(4), b(7)]);
        assert!(step.reason.contains("r5c1 lies in two base sets and is an endo-fin"), "{}", step.reason);
        let every = FINNED_MUTANT_JELLYFISH.every(&grid);
        assert!(every.contains(&step));
        assert_sound(puzzle, &grid, &every);
    }

    #[test]
    fn no_fish_where_every_place_is_on_a_template() {
        // The search is told that no candidate of the digit can go.
        let grid = franken_swordfish(&[]);
        let mut finds = Vec::new();
        let part = Part::Digit { digit: Digit::new(1), removable: CellSet::EMPTY };
        let _ = FRANKEN_SWORDFISH.search(
            &grid,
            part,
            &mut Memo::default(),
            &mut Finds::new(&mut |s| {
                finds.push(s);
                ControlFlow::Continue(())
            }),
        );
        assert!(finds.is_empty());
    }

    /// The grid where puzzles/technique-positions.txt shows `id` (after a
    /// comment naming it), or else the position where the solve of the
    /// puzzles/techniques.txt puzzle naming it first takes it.
    fn example_of(id: TechniqueId) -> (String, Grid) {
        let key = id.descriptor().key;
        let names = |label: &str| label.split([' ', ':']).any(|word| word == key);
        let positions: Vec<&str> = include_str!("../../../puzzles/technique-positions.txt").lines().collect();
        for pair in positions.windows(2) {
            if pair[0].starts_with('#') && !pair[1].starts_with('#') && names(pair[0]) {
                let record = crate::io::Records::new(pair[1].as_bytes()).next().expect("a position");
                return (pair[1].to_string(), record.expect("it parses").grid());
            }
        }
        let line = include_str!("../../../puzzles/techniques.txt")
            .lines()
            .find(|l| !l.starts_with('#') && names(l))
            .unwrap_or_else(|| panic!("an example of {key}"));
        let puzzle = &line[..81];
        (puzzle.to_string(), first_use(puzzle, id).0)
    }

    #[test]
    fn every_shape_and_size_finds_its_own_fish_where_its_example_shows_it() {
        use Shape::{Franken, Mutant};
        let cases = [
            (TechniqueId::FrankenXWing, Franken, 2, false),
            (TechniqueId::FrankenSwordfish, Franken, 3, false),
            (TechniqueId::FrankenJellyfish, Franken, 4, false),
            (TechniqueId::FinnedFrankenXWing, Franken, 2, true),
            (TechniqueId::FinnedFrankenSwordfish, Franken, 3, true),
            (TechniqueId::FinnedFrankenJellyfish, Franken, 4, true),
            (TechniqueId::MutantXWing, Mutant, 2, false),
            (TechniqueId::MutantSwordfish, Mutant, 3, false),
            (TechniqueId::MutantJellyfish, Mutant, 4, false),
            (TechniqueId::FinnedMutantXWing, Mutant, 2, true),
            (TechniqueId::FinnedMutantSwordfish, Mutant, 3, true),
            (TechniqueId::FinnedMutantJellyfish, Mutant, 4, true),
        ];
        for (id, shape, size, finned) in cases {
            let fish = ComplexFish { shape, size, finned };
            assert_eq!(fish.id(), id);
            let (source, grid) = example_of(id);
            let every = fish.every(&grid);
            assert!(!every.is_empty(), "{id:?} at {source}");
            let solution = crate::exact::backtrack::count_by_backtracking(grid.values(), 2).1[0];
            let mut results = HashSet::new();
            for step in &every {
                let (bases, covers) = step.houses.split_at(size);
                assert_eq!(step.houses.len(), 2 * size, "{}", step.text());
                assert_eq!(shape_of(bases, covers), Some(shape), "{}", step.text());
                assert_eq!(step.reason.contains("with a fin as"), finned, "{}", step.text());
                assert!(results.insert(step.eliminations.clone()), "one fish per result: {}", step.text());
                for e in &step.eliminations {
                    assert_ne!(solution[e.cell.index()], e.digit.get(), "{}", step.text());
                }
            }
        }
    }

    #[test]
    fn shapes_follow_the_kinds_of_house() {
        let (r, c, b) = (House::row, House::col, House::block);
        assert_eq!(shape_of(&[r(0), r(4)], &[c(1), c(7)]), None);
        assert_eq!(shape_of(&[r(0), b(4)], &[c(1), c(4)]), Some(Shape::Franken));
        assert_eq!(shape_of(&[c(0), b(4)], &[r(1), b(2)]), Some(Shape::Franken));
        assert_eq!(shape_of(&[r(0), r(4)], &[c(1), b(8)]), Some(Shape::Franken));
        assert_eq!(shape_of(&[r(0), c(4)], &[c(1), r(7)]), Some(Shape::Mutant));
        assert_eq!(shape_of(&[r(0), r(4)], &[c(1), r(7)]), Some(Shape::Mutant));
        assert_eq!(shape_of(&[b(0), b(4)], &[r(1), c(7)]), Some(Shape::Mutant));
    }
}
