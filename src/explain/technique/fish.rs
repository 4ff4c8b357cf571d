//! Fish: a digit confined to the same lines across several parallel lines,
//! and finned fish, whose pattern has a few extra places ("fins") in one box.

use super::interface::{Finds, Part, Scope, Technique};
use crate::algo::combinations::{find_combination, subsets_of, Order};
use crate::algo::few::Few;
use crate::algo::locked_sets::locked_sets;
use crate::algo::memo::Memo;
use crate::explain::catalog::{Descriptor, HintFocus, TechniqueId};
use crate::explain::parts::PartKind;
use crate::explain::step::listing;
use crate::explain::step::Step;
use crate::model::cell::Candidate;
use crate::model::cell::{Cell, Digit};
use crate::model::grid::{band_cells, common_peers, stack_cells, Grid, House, HouseKind};
use crate::model::sets::{CellSet, DigitSet};
use crate::se_rating::technique::SeTechnique;
use std::ops::ControlFlow;

/// Two rows where a digit can only be in the same two columns (or the same
/// with rows and columns swapped): those columns need it in these rows.
pub(crate) struct XWing;

static X_WING: Descriptor = Descriptor::rated_as_se(
    TechniqueId::XWing,
    "x-wing",
    "X-Wing",
    SeTechnique::XWing,
    140,
    HintFocus::Digit,
    "A digit with the same two places in two rows (or columns) leaves the two crossing lines elsewhere.",
);

impl Technique for XWing {
    fn descriptor(&self) -> &'static Descriptor {
        &X_WING
    }

    fn scope(&self) -> Scope {
        Scope::Digits
    }

    fn search(&self, grid: &Grid, part: Part<'_>, _memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        let (digit, _) = part.digit();
        x_wings(grid, digit, HouseKind::Row, finds)?;
        x_wings(grid, digit, HouseKind::Col, finds)
    }
}

/// Each two lines of `base_kind` where `digit` has the same two places.
fn x_wings(grid: &Grid, digit: Digit, base_kind: HouseKind, finds: &mut Finds<'_>) -> ControlFlow<()> {
    let places = line_places(grid, digit, base_kind);
    for (lines, mask) in locked_sets(&places, 2, 2, Order::Lexicographic) {
        let first = lines.trailing_zeros() as u8;
        let second = (lines & (lines - 1)).trailing_zeros() as u8;
        if let Some(step) = x_wing_step(grid, digit, [House::of(base_kind, first), House::of(base_kind, second)], mask)
        {
            finds.step(step)?;
        }
    }
    ControlFlow::Continue(())
}

/// Where `digit` may go along each line of `kind`, as positions.
fn line_places(grid: &Grid, digit: Digit, kind: HouseKind) -> [u16; 9] {
    std::array::from_fn(|n| House::of(kind, n as u8).positions(grid.cells_with(digit)))
}

fn x_wing_step(grid: &Grid, digit: Digit, bases: [House; 2], mask: u16) -> Option<Step> {
    let cover_kind = crossing(bases[0].kind());
    let covers: Vec<House> = (0..9u8).filter(|&i| mask & (1 << i) != 0).map(|i| House::of(cover_kind, i)).collect();
    let [cover1, cover2] = covers[..] else { return None };
    let base_cells = bases[0].cells().union(bases[1].cells());
    let cover_cells = cover1.cells().union(cover2.cells());
    let targets = cover_cells.difference(base_cells).intersection(grid.cells_with(digit));
    if targets.is_empty() {
        return None;
    }
    let corners = bases.iter().flat_map(|b| b.cell_list().into_iter().filter(|c| cover_cells.contains(*c)));
    let (bases_word, covers_word) = (bases[0].kind().plural(), cover_kind.plural());
    let (b1, b2) = (bases[0].number() + 1, bases[1].number() + 1);
    let (c1, c2) = (cover1.number() + 1, cover2.number() + 1);
    let reason = format!(
        "in {bases_word} {b1} and {b2}, {digit} can only be in {covers_word} {c1} and {c2}, \
         so {digit} can go nowhere else in those {covers_word}"
    );
    Some(
        Step::new(TechniqueId::XWing)
            .eliminate_all(targets.iter().map(|cell| Candidate::new(cell, digit)))
            .pattern(corners, DigitSet::single(digit), [bases[0], bases[1], cover1, cover2])
            .base_and_cover(2, 2)
            .because(reason),
    )
}

/// Swordfish (three lines) or Jellyfish (four): in `size` parallel lines a
/// digit has its places in only `size` crossing lines, so those crossing
/// lines need it in these lines. (Two lines are the `XWing`.)
pub(crate) struct Fish {
    pub(crate) size: usize,
}

static SWORDFISH: Descriptor = Descriptor::rated_as_se(
    TechniqueId::Swordfish,
    "swordfish",
    "Swordfish",
    SeTechnique::Swordfish,
    150,
    HintFocus::Digit,
    "A digit confined to three crossing lines in three rows (or columns) leaves those lines elsewhere.",
);
static JELLYFISH: Descriptor = Descriptor::rated_as_se(
    TechniqueId::Jellyfish,
    "jellyfish",
    "Jellyfish",
    SeTechnique::Jellyfish,
    160,
    HintFocus::Digit,
    "A digit confined to four crossing lines in four rows (or columns) leaves those lines elsewhere.",
);

impl Technique for Fish {
    fn descriptor(&self) -> &'static Descriptor {
        // The X-Wing is its own technique (`XWing`), with its own words.
        match self.size {
            3 => &SWORDFISH,
            4 => &JELLYFISH,
            n => unreachable!("the registry has no basic fish of size {n}"),
        }
    }

    fn scope(&self) -> Scope {
        Scope::Digits
    }

    fn search(&self, grid: &Grid, part: Part<'_>, _memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        let (digit, _) = part.digit();
        for kind in [HouseKind::Row, HouseKind::Col] {
            let places = line_places(grid, digit, kind);
            for (lines, union) in locked_sets(&places, self.size, 1, Order::Lexicographic) {
                let mut bases: Few<House, 9> = Few::new(House::row(0));
                for n in 0..9 {
                    bases.push_if(House::of(kind, n), lines >> n & 1 == 1);
                }
                if let Some(step) = fish_step(grid, self.id(), digit, &bases, union) {
                    finds.step(step)?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// The lines of `kind` where `digit` is not placed and has 1 to `most`
/// places, with those places as a mask.
fn base_lines(grid: &Grid, digit: Digit, kind: HouseKind, most: u32) -> Few<(House, u16), 9> {
    let mut bases = Few::new((House::row(0), 0));
    for line in House::of_kind(kind) {
        let mask = line.positions(grid.cells_with(digit));
        bases.push_if((line, mask), !grid.house_has_value(line, digit) && (1..=most).contains(&mask.count_ones()));
    }
    bases
}

/// The crossing lines named by the bits of `mask`.
fn cover_lines(base_kind: HouseKind, mask: u16) -> Vec<House> {
    (0..9u8).filter(|&i| mask & (1 << i) != 0).map(|i| House::of(crossing(base_kind), i)).collect()
}

fn cells_of(houses: &[House]) -> CellSet {
    houses.iter().fold(CellSet::EMPTY, |acc, h| acc.union(h.cells()))
}

/// The pattern's places: where the base lines meet the cover lines, base by base.
fn body(grid: &Grid, digit: Digit, bases: &[House], cover_cells: CellSet) -> Vec<Cell> {
    bases
        .iter()
        .flat_map(|b| b.cell_list().into_iter().filter(|&c| cover_cells.contains(c) && grid.has_candidate(c, digit)))
        .collect()
}

fn fish_step(grid: &Grid, id: TechniqueId, digit: Digit, bases: &[House], mask: u16) -> Option<Step> {
    let covers = cover_lines(bases[0].kind(), mask);
    let cover_cells = cells_of(&covers);
    let targets = cover_cells.difference(cells_of(bases)).intersection(grid.cells_with(digit));
    if targets.is_empty() {
        return None;
    }
    let (bases_word, covers_word) = (bases[0].kind().plural(), covers[0].kind().plural());
    let reason = format!(
        "in {bases_word} {}, {digit} can only be in {covers_word} {}, so {digit} can go nowhere else in those {covers_word}",
        listing(bases.iter().map(|b| b.number() + 1), "and"),
        listing(covers.iter().map(|c| c.number() + 1), "and"),
    );
    Some(
        Step::new(id)
            .eliminate_all(targets.iter().map(|cell| Candidate::new(cell, digit)))
            .pattern(
                body(grid, digit, bases, cover_cells),
                DigitSet::single(digit),
                bases.iter().chain(&covers).copied(),
            )
            .base_and_cover(bases.len(), covers.len())
            .because(reason),
    )
}

/// Finned (or sashimi) X-Wing, Swordfish or Jellyfish: a fish whose base
/// lines have a few extra places, the fins, all in one box. Either a fin
/// holds the digit, or the fish does its work; cells of the cover lines that
/// see every fin lose the digit both ways. Sashimi when a base line, without
/// its fins, keeps only one place.
pub(crate) struct FinnedFish {
    pub(crate) size: usize,
    pub(crate) sashimi: bool,
}

static FINNED_X_WING: Descriptor = Descriptor::new(
    TechniqueId::FinnedXWing,
    "finned-x-wing",
    "Finned X-Wing",
    5.7,
    130,
    HintFocus::Digit,
    "An X-Wing with extra places in one box: cells seeing both the fin and the pattern lose the digit.",
);
static SASHIMI_X_WING: Descriptor = Descriptor::new(
    TechniqueId::SashimiXWing,
    "sashimi-x-wing",
    "Sashimi X-Wing",
    5.7,
    150,
    HintFocus::Digit,
    "A finned X-Wing missing one corner: cells seeing both the fin and the pattern lose the digit.",
);
static FINNED_SWORDFISH: Descriptor = Descriptor::new(
    TechniqueId::FinnedSwordfish,
    "finned-swordfish",
    "Finned Swordfish",
    5.8,
    200,
    HintFocus::Digit,
    "A Swordfish with extra places in one box: cells seeing the fins and the pattern lose the digit.",
);
static SASHIMI_SWORDFISH: Descriptor = Descriptor::new(
    TechniqueId::SashimiSwordfish,
    "sashimi-swordfish",
    "Sashimi Swordfish",
    5.8,
    240,
    HintFocus::Digit,
    "A finned Swordfish missing a corner: cells seeing the fins and the pattern lose the digit.",
);
static FINNED_JELLYFISH: Descriptor = Descriptor::new(
    TechniqueId::FinnedJellyfish,
    "finned-jellyfish",
    "Finned Jellyfish",
    5.9,
    250,
    HintFocus::Digit,
    "A Jellyfish with extra places in one box: cells seeing the fins and the pattern lose the digit.",
);
static SASHIMI_JELLYFISH: Descriptor = Descriptor::new(
    TechniqueId::SashimiJellyfish,
    "sashimi-jellyfish",
    "Sashimi Jellyfish",
    5.9,
    260,
    HintFocus::Digit,
    "A finned Jellyfish missing a corner: cells seeing the fins and the pattern lose the digit.",
);

impl Technique for FinnedFish {
    fn descriptor(&self) -> &'static Descriptor {
        match (self.size, self.sashimi) {
            (2, false) => &FINNED_X_WING,
            (2, true) => &SASHIMI_X_WING,
            (3, false) => &FINNED_SWORDFISH,
            (3, true) => &SASHIMI_SWORDFISH,
            (_, false) => &FINNED_JELLYFISH,
            (_, true) => &SASHIMI_JELLYFISH,
        }
    }

    fn scope(&self) -> Scope {
        Scope::Digits
    }

    /// For each stack (or band) of crossing lines that may hold the fins,
    /// the base lines are combined by their places outside it, which must
    /// fit in `size` cover lines: a strong pruning. The finned and the
    /// sashimi search of one size walk the same patterns in the same order,
    /// so a finned search that finds nothing also hands the sashimi search
    /// its answer for the digit (see `SashimiSeen`).
    /// The targets of a finned fish lie in the box of its fins, within the
    /// stack (or band) searched for fins: one with no removable candidate
    /// has no fish.
    fn search(&self, grid: &Grid, part: Part<'_>, memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        let (digit, removable) = part.digit();
        let places = grid.cells_with(digit).bits();
        let seen = &mut memo.get::<SashimiSeen>().0[self.size][digit.index()];
        if self.sashimi {
            if let Some((known, first)) = seen {
                if *known == places {
                    match first {
                        None => return ControlFlow::Continue(()),
                        // The search below meets it first again: a listing
                        // keeps it once.
                        Some(step) => finds.step(step.clone())?,
                    }
                }
            }
        }
        let (mut handed, mut first_sashimi) = (false, None);
        let flow = self.each_finned(grid, digit, removable, &mut first_sashimi, &mut |step| {
            handed = true;
            finds.step(step)
        });
        if !handed && !self.sashimi {
            *seen = Some((places, first_sashimi));
        }
        flow
    }
}

/// The cells of the stack (for base rows) or band (for base columns)
/// number `group`: the lines crossing the bases where fins are looked for.
fn crossing_group(kind: HouseKind, group: usize) -> CellSet {
    if kind == HouseKind::Row {
        stack_cells(group)
    } else {
        band_cells(group)
    }
}

/// Per fish size and digit, what the finned search left for the sashimi one.
#[derive(Default)]
struct SashimiSeen([[Option<FinnedMiss>; 9]; 5]);

/// The digit's places when a finned search last found nothing there, and
/// the first sashimi fish it met on the way.
type FinnedMiss = (u128, Option<Step>);

impl FinnedFish {
    /// Hands `take` each finned (or sashimi) fish of `digit`; a finned
    /// search also keeps the first sashimi fish it meets in `first_sashimi`.
    fn each_finned(
        &self,
        grid: &Grid,
        digit: Digit,
        removable: CellSet,
        first_sashimi: &mut Option<Step>,
        take: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let most = self.size as u32 + 3;
        for kind in [HouseKind::Row, HouseKind::Col] {
            let bases = base_lines(grid, digit, kind, most);
            for group in (0..3).filter(|&group| !removable.intersection(crossing_group(kind, group)).is_empty()) {
                let outside = !(0b111u16 << (3 * group));
                // At most nine base lines: on the stack, not the heap.
                let mut items: Few<_, 9> = Few::new(((House::row(0), 0u16), 0u16));
                for &base in bases.iter() {
                    items.push_if((base, base.1 & outside), true);
                }
                // The combinations stop at the first `Some`: a stop asked by `take`.
                let stopped =
                    find_combination(&items, self.size, self.size as u32, &mut |chosen: &[(House, u16)], _| {
                        let mut lines = [House::row(0); 4];
                        let mut masks = [0u16; 4];
                        for (i, &(line, mask)) in chosen.iter().enumerate() {
                            (lines[i], masks[i]) = (line, mask);
                        }
                        let n = chosen.len();
                        self.with_fins(grid, digit, (&lines[..n], &masks[..n]), group, first_sashimi, take)
                            .break_value()
                    });
                if stopped.is_some() {
                    return ControlFlow::Break(());
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Tries each way to split the base lines' places into `size` cover
    /// lines and fins in `group` (a stack or band of the crossing lines,
    /// so that the fins can share one box). `bases` are the base lines
    /// with their places.
    fn with_fins(
        &self,
        grid: &Grid,
        digit: Digit,
        (bases, masks): (&[House], &[u16]),
        group: usize,
        first_sashimi: &mut Option<Step>,
        take: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let union = masks.iter().fold(0, |acc, &m| acc | m);
        let extra = union.count_ones() as usize;
        if extra <= self.size {
            return ControlFlow::Continue(());
        }
        let in_group = union & (0b111 << (3 * group));
        if (in_group.count_ones() as usize) < extra - self.size {
            return ControlFlow::Continue(());
        }
        let fin_lines = subsets_of(u32::from(in_group >> (3 * group)), extra - self.size, Order::Colex);
        for fins in fin_lines.map(|fins| fins as u16) {
            let fin_mask = fins << (3 * group);
            let cover = union & !fin_mask;
            // Every base line and every cover line keeps a place of the body.
            // One pass with no early exit: `size` lines, a predictable loop.
            let (mut every_base, mut body, mut sashimi) = (true, 0, false);
            for &m in masks {
                every_base &= m & cover != 0;
                body |= m & cover;
                sashimi |= (m & cover).count_ones() < 2;
            }
            let body_ok = every_base & (body == cover);
            if !body_ok || !fins_can_eliminate(grid, digit, bases, masks, cover, fin_mask) {
                continue;
            }
            if sashimi == self.sashimi {
                if let Some(step) = self.finned_step(grid, digit, bases, cover, fin_mask) {
                    take(step)?;
                }
            } else if sashimi && first_sashimi.is_none() {
                let other = FinnedFish { size: self.size, sashimi: true };
                *first_sashimi = other.finned_step(grid, digit, bases, cover, fin_mask);
            }
        }
        ControlFlow::Continue(())
    }

    fn finned_step(&self, grid: &Grid, digit: Digit, bases: &[House], cover: u16, fin_mask: u16) -> Option<Step> {
        let fin_lines = cells_of(&cover_lines(bases[0].kind(), fin_mask));
        let fins = cells_of(bases).intersection(fin_lines).intersection(grid.cells_with(digit));
        let fin_box = House::block(fins.first()?.block());
        if !fins.iter().all(|c| fin_box.cells().contains(c)) {
            return None;
        }
        let covers = cover_lines(bases[0].kind(), cover);
        let cover_cells = cells_of(&covers);
        let targets = cover_cells
            .difference(cells_of(bases))
            .intersection(common_peers(fins))
            .intersection(grid.cells_with(digit));
        if targets.is_empty() {
            return None;
        }
        let (bases_word, covers_word) = (bases[0].kind().plural(), covers[0].kind().plural());
        let (fin_word, see_word) = if fins.len() == 1 { ("the fin", "the fin") } else { ("the fins", "every fin") };
        let reason = format!(
            "in {bases_word} {}, {digit} can only be in {covers_word} {} or in {fin_word} {}; if no fin is {digit} \
             the {} rules {digit} out of the rest of those {covers_word}, so either way {digit} leaves the cells \
             of those {covers_word} that see {see_word}",
            listing(bases.iter().map(|b| b.number() + 1), "and"),
            listing(covers.iter().map(|c| c.number() + 1), "and"),
            listing(fins.iter(), "and"),
            fish_name(self.size),
        );
        let body_cells = body(grid, digit, bases, cover_cells);
        let houses = bases.iter().chain(&covers).copied().chain([fin_box]);
        Some(
            Step::new(self.id())
                .eliminate_all(targets.iter().map(|cell| Candidate::new(cell, digit)))
                .pattern(body_cells.into_iter().chain(fins.iter()), DigitSet::single(digit), houses)
                .base_and_cover(bases.len(), covers.len())
                .part(PartKind::Fin, fins.iter().map(|c| Candidate::new(c, digit)))
                .because(reason),
        )
    }
}

/// Whether the fins share a box in which some cell off the base lines, on a
/// cover line, still holds the digit: only there can a finned fish
/// eliminate (a cell elsewhere on a cover line does not see every fin).
/// Answered on masks, before any step is built: most candidate
/// configurations fail here, and this runs for each of them.
fn fins_can_eliminate(grid: &Grid, digit: Digit, bases: &[House], masks: &[u16], cover: u16, fin_mask: u16) -> bool {
    let fin_bands = bases
        .iter()
        .zip(masks)
        .filter(|(_, &m)| m & fin_mask != 0)
        .fold(0u16, |acc, (b, _)| acc | 1 << (b.number() / 3));
    if fin_bands.count_ones() != 1 {
        return false;
    }
    // The fins' places lie in one stack of crossing lines (`fin_mask` is
    // within the group): its cover lines are the candidates for targets.
    let stack = fin_mask.trailing_zeros() / 3;
    let in_box = cover & (0b111 << (3 * stack));
    if in_box == 0 {
        return false;
    }
    let band = fin_bands.trailing_zeros() as u8;
    (3 * band..3 * band + 3)
        .filter(|&n| bases.iter().all(|b| b.number() != n))
        .any(|n| House::of(bases[0].kind(), n).positions(grid.cells_with(digit)) & in_box != 0)
}

fn fish_name(size: usize) -> &'static str {
    match size {
        2 => "X-Wing",
        3 => "Swordfish",
        _ => "Jellyfish",
    }
}

/// Rows cross columns and columns cross rows.
fn crossing(kind: HouseKind) -> HouseKind {
    match kind {
        HouseKind::Row => HouseKind::Col,
        _ => HouseKind::Row,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::technique::testing::{assert_agrees_with_solution, empty, without};
    use crate::explain::technique::testing::{EverySteps, FirstStep};
    use crate::model::cell::Cell;

    /// Removes `digit` from `(row, col)` pairs counted from 1.
    fn remove(digit: &'static str, cells: impl IntoIterator<Item = (u8, u8)>) -> Vec<(u8, u8, &'static str)> {
        cells.into_iter().map(|(r, c)| (r, c, digit)).collect()
    }

    fn at(cells: &[(u8, u8)]) -> Vec<Cell> {
        cells.iter().map(|&(r, c)| Cell::at(r - 1, c - 1)).collect()
    }

    #[test]
    fn x_wing_on_rows_clears_the_columns() {
        // 7 is left only in columns 4 and 9 in rows 2 and 6.
        let others = [1, 2, 3, 5, 6, 7, 8];
        let removals = remove("7", others.iter().flat_map(|&c| [(2, c), (6, c)]));
        let step = XWing.first(&without(empty(), &removals)).expect("an X-Wing");
        let expected: Vec<Candidate> = [1, 3, 4, 5, 7, 8, 9]
            .iter()
            .flat_map(|&r| [(r, 4), (r, 9)])
            .map(|(r, c)| Candidate::new(Cell::at(r - 1, c - 1), Digit::new(7)))
            .collect();
        assert!(step.placements.is_empty());
        assert_eq!(step.eliminations, expected);
        assert_eq!(step.cells, at(&[(2, 4), (2, 9), (6, 4), (6, 9)]));
        assert_eq!(step.digits, DigitSet::single(Digit::new(7)));
        assert_eq!(step.houses, [House::row(1), House::row(5), House::col(3), House::col(8)]);
        assert_eq!(
            step.text(),
            "X-Wing: 7 in r2,r6,c4,c9 (r2c4 r2c9 r6c4 r6c9) => r1c4<>7, r1c9<>7, r3c4<>7, r3c9<>7, r4c4<>7, \
             r4c9<>7, r5c4<>7, r5c9<>7, r7c4<>7, r7c9<>7, r8c4<>7, r8c9<>7, r9c4<>7, r9c9<>7. \
             In rows 2 and 6, 7 can only be in columns 4 and 9, so 7 can go nowhere else in those columns."
        );
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn x_wing_on_columns_clears_the_rows() {
        // 5 is left only in rows 1 and 5 in columns 1 and 5.
        let others = [2, 3, 4, 6, 7, 8, 9];
        let removals = remove("5", others.iter().flat_map(|&r| [(r, 1), (r, 5)]));
        let step = XWing.first(&without(empty(), &removals)).expect("an X-Wing");
        assert_eq!(step.cells, at(&[(1, 1), (5, 1), (1, 5), (5, 5)]));
        assert_eq!(step.houses, [House::col(0), House::col(4), House::row(0), House::row(4)]);
        assert_eq!(step.eliminations.len(), 14);
        assert!(step.eliminations.iter().all(|e| [0, 4].contains(&e.cell.row()) && ![0, 4].contains(&e.cell.col())));
        assert_eq!(
            step.reason,
            "in columns 1 and 5, 5 can only be in rows 1 and 5, so 5 can go nowhere else in those rows"
        );
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn x_wing_lists_both_instances_of_a_digit() {
        // 7 in rows 2 and 6 only in columns 4 and 9; in rows 3 and 8 only in columns 1 and 2.
        let mut removals = remove("7", [1, 2, 3, 5, 6, 7, 8].iter().flat_map(|&c| [(2, c), (6, c)]));
        removals.extend(remove("7", (3..=9).flat_map(|c| [(3, c), (8, c)])));
        let steps = XWing.every(&without(empty(), &removals));
        let houses: Vec<_> = steps.iter().map(|s| s.houses.clone()).collect();
        assert_eq!(
            houses,
            [
                vec![House::row(1), House::row(5), House::col(3), House::col(8)],
                vec![House::row(2), House::row(7), House::col(0), House::col(1)]
            ]
        );
        steps.iter().for_each(assert_agrees_with_solution);
    }

    #[test]
    fn x_wing_needs_two_places_per_row_and_something_to_eliminate() {
        // Row 2 keeps a third 7 in c6. The 2s in rows 1 and 9 and columns 2
        // and 3 form a complete X-Wing with nothing left to eliminate.
        let mut removals = remove("7", [1, 2, 3, 5, 7, 8].iter().map(|&c| (2, c)));
        removals.extend(remove("7", [1, 2, 3, 5, 6, 7, 8].iter().map(|&c| (6, c))));
        removals.extend(remove("2", [1, 4, 5, 6, 7, 8, 9].iter().flat_map(|&c| [(1, c), (9, c)])));
        removals.extend(remove("2", (2..=8).flat_map(|r| [(r, 2), (r, 3)])));
        assert_eq!(XWing.first(&without(empty(), &removals)), None);
    }
}

#[cfg(test)]
mod larger_fish_tests {
    use super::*;
    use crate::explain::technique::testing::{assert_agrees_with_solution, at, empty, remove, without};
    use crate::explain::technique::testing::{EverySteps, FirstStep};

    /// Removes `digit` from every cell of the listed rows but the listed columns.
    fn rows_keeping(digit: &'static str, rows: &[(u8, &[u8])]) -> Vec<(u8, u8, &'static str)> {
        rows.iter()
            .flat_map(|&(r, cols)| remove(digit, (1..=9).filter(|c| !cols.contains(c)).map(move |c| (r, c))))
            .collect()
    }

    fn ones(cells: &[(u8, u8)]) -> Vec<Candidate> {
        at(cells).into_iter().map(|c| Candidate::new(c, Digit::new(1))).collect()
    }

    #[test]
    fn swordfish_on_rows_clears_the_columns() {
        let g = without(empty(), &rows_keeping("1", &[(1, &[1, 2]), (5, &[1, 6]), (9, &[2, 6])]));
        let step = Fish { size: 3 }.first(&g).expect("a swordfish");
        assert_eq!(step.technique, TechniqueId::Swordfish);
        let others = [2, 3, 4, 6, 7, 8];
        let mut expected: Vec<(u8, u8)> = others.iter().flat_map(|&r| [(r, 1), (r, 2), (r, 6)]).collect();
        expected.sort();
        assert_eq!(step.eliminations, ones(&expected));
        assert_eq!(step.cells, at(&[(1, 1), (1, 2), (5, 1), (5, 6), (9, 2), (9, 6)]));
        assert_eq!(
            step.houses,
            [House::row(0), House::row(4), House::row(8), House::col(0), House::col(1), House::col(5)]
        );
        assert_eq!(
            step.reason,
            "in rows 1, 5 and 9, 1 can only be in columns 1, 2 and 6, so 1 can go nowhere else in those columns"
        );
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn swordfish_lists_both_instances_of_a_digit() {
        let mut removals = rows_keeping("1", &[(1, &[1, 2]), (5, &[1, 6]), (9, &[2, 6])]);
        removals.extend(rows_keeping("1", &[(3, &[3, 4]), (6, &[3, 5]), (8, &[4, 5])]));
        let steps = Fish { size: 3 }.every(&without(empty(), &removals));
        let bases: Vec<_> = steps.iter().map(|s| s.houses[..3].to_vec()).collect();
        // And the columns: 1 is left in columns 7, 8 and 9 only in rows 2, 4 and 7.
        assert_eq!(
            bases,
            [
                [House::row(0), House::row(4), House::row(8)],
                [House::row(2), House::row(5), House::row(7)],
                [House::col(6), House::col(7), House::col(8)]
            ]
        );
        steps.iter().for_each(assert_agrees_with_solution);
    }

    #[test]
    fn swordfish_needs_three_columns() {
        let g = without(empty(), &rows_keeping("1", &[(1, &[1, 2]), (5, &[1, 6]), (9, &[2, 6, 7])]));
        assert_eq!(Fish { size: 3 }.first(&g), None);
    }

    #[test]
    fn jellyfish_on_rows_clears_the_columns() {
        let g = without(empty(), &rows_keeping("1", &[(1, &[1, 2]), (3, &[1, 4]), (5, &[4, 6]), (9, &[2, 6])]));
        let step = Fish { size: 4 }.first(&g).expect("a jellyfish");
        assert_eq!(step.technique, TechniqueId::Jellyfish);
        assert_eq!(step.eliminations.len(), 5 * 4);
        assert_eq!(step.houses.len(), 8);
        assert_eq!(
            step.reason,
            "in rows 1, 3, 5 and 9, 1 can only be in columns 1, 2, 4 and 6, so 1 can go nowhere else in those columns"
        );
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn jellyfish_needs_four_columns() {
        let g = without(empty(), &rows_keeping("1", &[(1, &[1, 2]), (3, &[1, 4]), (5, &[4, 6]), (9, &[2, 8])]));
        assert_eq!(Fish { size: 4 }.first(&g), None);
    }

    fn finned(size: usize, sashimi: bool) -> FinnedFish {
        FinnedFish { size, sashimi }
    }

    #[test]
    fn finned_x_wing_clears_what_the_fin_sees() {
        // 7 in rows 2 and 6 only in columns 4 and 9, plus the fin r6c7.
        let g = without(empty(), &rows_keeping("7", &[(2, &[4, 9]), (6, &[4, 7, 9])]));
        let step = finned(2, false).first(&g).expect("a finned X-Wing");
        assert_eq!(step.technique, TechniqueId::FinnedXWing);
        assert_eq!(
            step.eliminations,
            [(4, 9), (5, 9)].map(|(r, c)| Candidate::new(Cell::at(r - 1, c - 1), Digit::new(7)))
        );
        assert_eq!(step.cells, at(&[(2, 4), (2, 9), (6, 4), (6, 9), (6, 7)]));
        assert_eq!(step.houses, [House::row(1), House::row(5), House::col(3), House::col(8), House::block(5)]);
        assert_eq!(
            step.text(),
            "Finned X-Wing: 7 in r2,r6,c4,c9,b6 (r2c4 r2c9 r6c4 r6c9 r6c7) => r4c9<>7, r5c9<>7. In rows 2 and 6, 7 \
             can only be in columns 4 and 9 or in the fin r6c7; if no fin is 7 the X-Wing rules 7 out of the rest of \
             those columns, so either way 7 leaves the cells of those columns that see the fin."
        );
        assert_agrees_with_solution(&step);
        assert_eq!(finned(2, true).first(&g), None, "not a sashimi");
    }

    #[test]
    fn finned_x_wing_lists_both_instances_of_a_digit() {
        // The fin r6c7 of rows 2 and 6, and the fin r8c3 of rows 3 and 8.
        let mut removals = rows_keeping("7", &[(2, &[4, 9]), (6, &[4, 7, 9])]);
        removals.extend(rows_keeping("7", &[(3, &[1, 2]), (8, &[1, 2, 3])]));
        let steps = finned(2, false).every(&without(empty(), &removals));
        let fins: Vec<_> = steps.iter().map(|s| (s.houses[..2].to_vec(), *s.cells.last().unwrap())).collect();
        assert_eq!(
            fins,
            // Fins in the first stack first.
            [
                (vec![House::row(2), House::row(7)], Cell::at(7, 2)),
                (vec![House::row(1), House::row(5)], Cell::at(5, 6))
            ]
        );
        steps.iter().for_each(assert_agrees_with_solution);
    }

    #[test]
    fn finned_fish_skips_stacks_with_nothing_removable() {
        let g = without(empty(), &rows_keeping("7", &[(2, &[4, 9]), (6, &[4, 7, 9])]));
        let found = finned(2, false).first(&g).expect("a finned X-Wing");
        // The candidates on no template of 7 are the fish's targets; told
        // so, the search finds the same fish, and told that nothing in the
        // fin's stack can go, it looks no further.
        let off = CellSet::from_bits(crate::algo::templates::places_off_templates(
            &g,
            Digit::new(7),
            &mut Default::default(),
            0,
        ));
        assert_eq!(off, found.eliminations.iter().map(|e| e.cell).collect());
        let find = |removable| {
            let mut first = None;
            let mut take = |step| {
                first = Some(step);
                ControlFlow::Break(())
            };
            let part = Part::Digit { digit: Digit::new(7), removable };
            let _ = Technique::search(&finned(2, false), &g, part, &mut Memo::default(), &mut Finds::new(&mut take));
            first
        };
        assert_eq!(find(off), Some(found));
        let elsewhere =
            CellSet::ALL.difference(House::col(6).cells().union(House::col(7).cells()).union(House::col(8).cells()));
        assert_eq!(find(elsewhere), None);
    }

    #[test]
    fn finned_x_wing_needs_the_fin_to_see_a_target() {
        // The fin r6c1 is in box 4, which columns 4 and 9 do not cross.
        let g = without(empty(), &rows_keeping("7", &[(2, &[4, 9]), (6, &[1, 4, 9])]));
        assert_eq!(finned(2, false).first(&g), None);
    }

    #[test]
    fn sashimi_x_wing_has_a_base_line_with_one_place_besides_its_fins() {
        let g = without(empty(), &rows_keeping("7", &[(2, &[4, 9]), (6, &[7, 8, 9])]));
        let step = finned(2, true).first(&g).expect("a sashimi X-Wing");
        assert_eq!(step.technique, TechniqueId::SashimiXWing);
        assert_eq!(
            step.eliminations,
            [(4, 9), (5, 9)].map(|(r, c)| Candidate::new(Cell::at(r - 1, c - 1), Digit::new(7)))
        );
        assert_eq!(step.cells, at(&[(2, 4), (2, 9), (6, 9), (6, 7), (6, 8)]));
        assert!(step.reason.contains("or in the fins r6c7 and r6c8;"), "{}", step.reason);
        assert_agrees_with_solution(&step);
        assert_eq!(finned(2, false).first(&g), None, "not a plain finned X-Wing");
    }

    #[test]
    fn finned_swordfish_clears_what_the_fin_sees() {
        let g = without(empty(), &rows_keeping("1", &[(1, &[1, 2]), (5, &[1, 6]), (9, &[2, 3, 6])]));
        let step = finned(3, false).first(&g).expect("a finned swordfish");
        assert_eq!(step.technique, TechniqueId::FinnedSwordfish);
        assert_eq!(step.eliminations, ones(&[(7, 1), (7, 2), (8, 1), (8, 2)]));
        assert_eq!(step.cells, at(&[(1, 1), (1, 2), (5, 1), (5, 6), (9, 2), (9, 6), (9, 3)]));
        assert_agrees_with_solution(&step);
        assert_eq!(Fish { size: 3 }.first(&g), None);
    }

    #[test]
    fn finned_swordfish_needs_its_fins_in_one_box() {
        let g = without(empty(), &rows_keeping("1", &[(1, &[1, 2, 9]), (5, &[1, 6]), (9, &[2, 3, 6])]));
        assert_eq!(finned(3, false).first(&g), None);
    }

    #[test]
    fn sashimi_swordfish() {
        // Row 9 keeps 1 only in c2 besides its fin r9c3.
        let g = without(empty(), &rows_keeping("1", &[(1, &[1, 2]), (5, &[1, 6]), (9, &[2, 3])]));
        let step = finned(3, true).first(&g).expect("a sashimi swordfish");
        assert_eq!(step.technique, TechniqueId::SashimiSwordfish);
        assert_eq!(step.eliminations, ones(&[(7, 1), (7, 2), (8, 1), (8, 2)]));
        assert_eq!(step.cells, at(&[(1, 1), (1, 2), (5, 1), (5, 6), (9, 2), (9, 3)]));
        assert_agrees_with_solution(&step);
        assert_eq!(finned(3, false).first(&g), None);
    }

    #[test]
    fn finned_and_sashimi_jellyfish() {
        let rows: [(u8, &[u8]); 4] = [(1, &[1, 2]), (3, &[1, 4]), (5, &[4, 6]), (9, &[2, 6, 3])];
        let g = without(empty(), &rows_keeping("1", &rows));
        let step = finned(4, false).first(&g).expect("a finned jellyfish");
        assert_eq!(step.technique, TechniqueId::FinnedJellyfish);
        assert_eq!(step.eliminations, ones(&[(7, 1), (7, 2), (8, 1), (8, 2)]));
        assert_agrees_with_solution(&step);
        let rows: [(u8, &[u8]); 4] = [(1, &[1, 2]), (3, &[1, 4]), (5, &[4, 6]), (9, &[2, 3])];
        let g = without(empty(), &rows_keeping("1", &rows));
        let step = finned(4, true).first(&g).expect("a sashimi jellyfish");
        assert_eq!(step.technique, TechniqueId::SashimiJellyfish);
        assert_agrees_with_solution(&step);
        assert_eq!(finned(4, false).first(&g), None);
    }
}
