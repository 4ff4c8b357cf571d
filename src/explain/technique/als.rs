//! Almost locked sets: `n` cells of one house holding `n + 1` digits between
//! them (a cell with two candidates is one on its own). Remove any one of its
//! digits and the rest fill the set. Two sets are linked by a restricted
//! common digit `x` when every `x` of one sees every `x` of the other: then
//! at most one of them holds `x`, and the other is locked on its other digits.
//! ALS-XZ, ALS-XY-Wing and Death Blossom chain such sets together.

use super::interface::{Finds, Part, Technique};
use crate::algo::memo::Memo;
use crate::explain::catalog::{Descriptor, HintFocus, TechniqueId};
use crate::explain::parts::PartKind;
use crate::explain::step::Step;
use crate::explain::step::{braces, listing};
use crate::model::cell::Candidate;
use crate::model::cell::{Cell, Digit};
use crate::model::grid::digit_cells;
use crate::model::grid::{Grid, House, HouseKind};
use crate::model::sets::{CellSet, DigitSet};
use std::ops::ControlFlow;
use std::rc::Rc;

/// The largest almost locked set looked for: the number of sets grows
/// quickly with their size, and up to five cells a call stays within
/// milliseconds. Larger sets are not tried.
const MAX_CELLS: u32 = 5;

/// The most candidates a Death Blossom's stem may have (one petal each).
const MAX_STEM: u32 = 4;

/// One almost locked set, with per digit its places and the cells that see
/// them all.
pub(super) struct Als {
    pub(super) cells: CellSet,
    pub(super) digits: DigitSet,
    /// The house that holds the cells; none for a single cell.
    house: Option<House>,
    /// Per digit (index `digit - 1`), the set's cells holding it.
    pub(super) places: [CellSet; 9],
    /// Per digit, the cells outside those places that see every one of
    /// them; empty for a digit the set does not hold.
    seen: [CellSet; 9],
}

impl Als {
    fn new(grid: &Grid, cells: CellSet, house: Option<House>) -> Als {
        let mut places = [CellSet::EMPTY; 9];
        let mut seen = [CellSet::EMPTY; 9];
        let mut digits = DigitSet::EMPTY;
        for cell in cells.iter() {
            for d in grid.candidates(cell).iter() {
                let i = index(d);
                if places[i].is_empty() {
                    seen[i] = CellSet::ALL;
                }
                places[i].insert(cell);
                seen[i] = seen[i].intersection(cell.peers());
                digits.insert(d);
            }
        }
        Als { cells, digits, house, places, seen }
    }

    /// The set's candidates: each digit in each of its places.
    fn candidates(&self) -> impl Iterator<Item = Candidate> + '_ {
        self.digits.iter().flat_map(move |d| self.places[index(d)].iter().map(move |c| Candidate::new(c, d)))
    }

    fn size(&self) -> u32 {
        self.cells.len()
    }

    /// `r1c2,r1c5 {1,4,7}`.
    fn describe(&self) -> String {
        describe_set(self.cells, self.digits)
    }

    /// The digits that restrict this set and `other`: every place of the
    /// digit in one sees every place in the other. None when they overlap.
    fn restricted_commons(&self, other: &Als) -> DigitSet {
        if !self.cells.intersection(other.cells).is_empty() {
            return DigitSet::EMPTY;
        }
        self.digits
            .intersection(other.digits)
            .iter()
            .filter(|&d| self.places[index(d)].difference(other.seen[index(d)]).is_empty())
            .collect()
    }
}

/// An almost locked set as the steps name it: `r1c2,r1c5 {1,4,7}`.
pub(super) fn describe_set(cells: CellSet, digits: DigitSet) -> String {
    let cells: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
    format!("{} {}", cells.join(","), braces(digits))
}

fn index(d: Digit) -> usize {
    usize::from(d.get() - 1)
}

/// Every almost locked set of up to `MAX_CELLS` cells, smallest first, then
/// in the order of the first house (rows, columns, boxes) that holds it.
fn almost_locked_sets(grid: &Grid) -> Vec<Als> {
    let mut found: Vec<(CellSet, Option<House>)> = Vec::new();
    for house in House::all() {
        let open: Vec<(Cell, u16)> = house
            .cell_list()
            .into_iter()
            .filter(|&c| !grid.candidates(c).is_empty())
            .map(|c| (c, grid.candidates(c).bits()))
            .collect();
        let is_box = house.kind() == HouseKind::Block;
        let mut record = |cells: CellSet| {
            // Each set once: a single cell from its row, cells of a box that
            // share a row or column from that line.
            let first = cells.iter().next().expect("a cell");
            let known = match cells.len() {
                1 => house.kind() != HouseKind::Row,
                _ => is_box && (within(cells, House::row(first.row())) || within(cells, House::col(first.col()))),
            };
            if !known {
                found.push((cells, (cells.len() > 1).then_some(house)));
            }
        };
        subsets(&open, 0, CellSet::EMPTY, 0, &mut record);
    }
    found.sort_by_key(|(cells, _)| cells.len());
    found.into_iter().map(|(cells, house)| Als::new(grid, cells, house)).collect()
}

/// The slots `cell * 9 + digit - 1` of the set's candidates.
fn slots(set: &Als) -> impl Iterator<Item = usize> {
    let places = set.places;
    set.digits.iter().flat_map(move |d| places[index(d)].iter().map(move |c| c.index() * 9 + index(d)))
}

fn within(cells: CellSet, house: House) -> bool {
    cells.difference(house.cells()).is_empty()
}

/// The sets of the last grid an ALS technique looked at, and the links
/// between them once a technique has worked them out: the three techniques
/// run one after the other on the same grid, so each builds them once
/// instead of three times. Keyed by the grid; results do not depend on it.
#[derive(Default)]
struct SetsMemo(Option<KnownSets>);

struct KnownSets {
    grid: Grid,
    sets: Rc<Vec<Als>>,
    links: Option<Rc<Links>>,
}

/// Per set, the sets linked to it (sharing no cell, with at least one
/// restricted common digit) and those digits, in the sets' order.
type Links = Vec<Vec<(usize, DigitSet)>>;

fn known_sets<'m>(grid: &Grid, memo: &'m mut Memo) -> &'m mut KnownSets {
    let known = &mut memo.get::<SetsMemo>().0;
    if known.as_ref().is_none_or(|k| k.grid != *grid) {
        *known = Some(KnownSets { grid: grid.clone(), sets: Rc::new(almost_locked_sets(grid)), links: None });
    }
    known.as_mut().expect("just filled")
}

/// Every almost locked set of the grid, smallest first (shared with the
/// other ALS techniques through the memo).
pub(super) fn sets_of(grid: &Grid, memo: &mut Memo) -> Rc<Vec<Als>> {
    Rc::clone(&known_sets(grid, memo).sets)
}

fn links_of(grid: &Grid, memo: &mut Memo) -> (Rc<Vec<Als>>, Rc<Links>) {
    let known = known_sets(grid, memo);
    let sets = Rc::clone(&known.sets);
    let links = known.links.get_or_insert_with(|| Rc::new(restricted_links(grid, &sets)));
    (sets, Rc::clone(links))
}

/// Finds the restricted common digits of every pair of sets without trying
/// every pair: a set linked to `a` by `x` has its places for `x` among the
/// cells that see all of `a`'s, so only the sets through those cells are tried.
fn restricted_links(grid: &Grid, sets: &[Als]) -> Links {
    // Per cell and digit (slot `cell * 9 + digit - 1`), the sets holding the
    // digit in that cell: `through[start[slot]..start[slot + 1]]`.
    let mut start = vec![0usize; 81 * 9 + 1];
    for set in sets {
        for slot in slots(set) {
            start[slot + 1] += 1;
        }
    }
    for slot in 0..81 * 9 {
        start[slot + 1] += start[slot];
    }
    let mut through = vec![0usize; start[81 * 9]];
    let mut filled = start.clone();
    for (i, set) in sets.iter().enumerate() {
        for slot in slots(set) {
            through[filled[slot]] = i;
            filled[slot] += 1;
        }
    }
    let cells = digit_cells(grid);
    let mut links: Links = (0..sets.len()).map(|_| Vec::new()).collect();
    let mut shared = vec![DigitSet::EMPTY; sets.len()];
    let mut touched: Vec<usize> = Vec::new();
    for (i, a) in sets.iter().enumerate() {
        for x in a.digits.iter() {
            let region = a.seen[index(x)].intersection(cells[index(x)]);
            for cell in region.iter() {
                let slot = cell.index() * 9 + index(x);
                for &j in &through[start[slot]..start[slot + 1]] {
                    let b = &sets[j];
                    if j <= i || shared[j].contains(x) || !a.cells.intersection(b.cells).is_empty() {
                        continue;
                    }
                    if b.places[index(x)].difference(region).is_empty() {
                        if shared[j].is_empty() {
                            touched.push(j);
                        }
                        shared[j].insert(x);
                    }
                }
            }
        }
        touched.sort_unstable();
        for j in touched.drain(..) {
            links[i].push((j, shared[j]));
            links[j].push((i, shared[j]));
            shared[j] = DigitSet::EMPTY;
        }
    }
    links
}

/// Depth-first over the subsets of `open` (in order) of up to `MAX_CELLS`
/// cells, reporting those with one digit more than cells.
fn subsets(open: &[(Cell, u16)], start: usize, cells: CellSet, union: u16, record: &mut impl FnMut(CellSet)) {
    for i in start..open.len() {
        let (cell, bits) = open[i];
        let next = union | bits;
        if next.count_ones() > MAX_CELLS + 1 {
            continue;
        }
        let mut with = cells;
        with.insert(cell);
        if next.count_ones() == with.len() + 1 {
            record(with);
        }
        if with.len() < MAX_CELLS {
            subsets(open, i + 1, with, next, record);
        }
    }
}

/// Eliminations of each digit of `digits` from the cells of `targets[d]`.
fn eliminations(digits: DigitSet, targets: &[CellSet; 9]) -> Vec<Candidate> {
    digits.iter().flat_map(|d| targets[index(d)].iter().map(move |c| Candidate::new(c, d))).collect()
}

/// The houses of the sets that have one, each once, in order.
fn houses<'a>(sets: impl IntoIterator<Item = &'a Als>) -> Vec<House> {
    let mut list: Vec<House> = Vec::new();
    for h in sets.into_iter().filter_map(|s| s.house) {
        if !list.contains(&h) {
            list.push(h);
        }
    }
    list
}

/// `7 is` or `each of 7 and 9 is`.
fn is_in(digits: DigitSet) -> String {
    match digits.len() {
        1 => format!("{digits} is"),
        _ => format!("each of {} is", listing(digits.iter(), "and")),
    }
}

/// ALS-XZ: two almost locked sets linked by a restricted common digit `x`.
/// One of them lacks `x` and is locked on its other digits, so every other
/// common digit `z` is in one of the two sets. Linked by two such digits,
/// each set holds one of them and is locked on the rest.
pub(crate) struct AlsXz;

static ALS_XZ: Descriptor = Descriptor::new(
    TechniqueId::AlsXz,
    "als-xz",
    "ALS-XZ",
    7.1,
    300,
    HintFocus::Nothing,
    "Two almost locked sets sharing a restricted digit x: cells seeing every z of both lose z.",
)
.also_called(&["als-xz-rule", "almost-locked-set-xz"])
.listed_within("sets of up to 5 cells");

impl Technique for AlsXz {
    fn descriptor(&self) -> &'static Descriptor {
        &ALS_XZ
    }

    fn search(&self, grid: &Grid, _part: Part<'_>, memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        let (sets, links) = links_of(grid, memo);
        let cells = digit_cells(grid);
        // Linked pairs sharing a second digit, smaller pairs first.
        let mut pairs: Vec<(u32, usize, usize)> = Vec::new();
        for (i, around) in links.iter().enumerate() {
            for &(j, _) in around.iter().filter(|&&(j, _)| j > i) {
                if sets[i].digits.intersection(sets[j].digits).len() >= 2 {
                    pairs.push((sets[i].size() + sets[j].size(), i, j));
                }
            }
        }
        pairs.sort_unstable();
        finds.steps(pairs.into_iter().filter_map(|(_, i, j)| als_xz(&sets[i], &sets[j], &cells)))
    }
}

fn als_xz(a: &Als, b: &Als, cells: &[CellSet; 9]) -> Option<Step> {
    let common = a.digits.intersection(b.digits);
    let rcc = a.restricted_commons(b);
    if rcc.is_empty() {
        return None;
    }
    let mut targets = [CellSet::EMPTY; 9];
    if rcc.len() == 1 {
        for z in common.difference(rcc).iter() {
            let i = index(z);
            targets[i] = a.seen[i].intersection(b.seen[i]).intersection(cells[i]);
        }
    } else {
        for d in a.digits.union(b.digits).iter() {
            let i = index(d);
            targets[i] = if rcc.contains(d) {
                a.seen[i].intersection(b.seen[i])
            } else if a.digits.contains(d) && b.digits.contains(d) {
                // Locked in both: cells seeing either set's places lose it.
                a.seen[i].union(b.seen[i])
            } else if a.digits.contains(d) {
                a.seen[i]
            } else {
                b.seen[i]
            }
            .intersection(cells[i]);
        }
    }
    let eliminated: DigitSet = Digit::all().filter(|&d| !targets[index(d)].is_empty()).collect();
    if eliminated.is_empty() {
        return None;
    }
    let reason = if rcc.len() == 1 {
        let x = listing(rcc.iter(), "and");
        format!(
            "ALS A = {} and ALS B = {} each have one digit more than cells; every {x} of A sees every {x} of B \
             (a restricted common digit), so at most one of them holds {x}, and the other must use all its other \
             digits: {} in A or B, so cells that see all of its places in both lose it",
            a.describe(),
            b.describe(),
            is_in(eliminated),
        )
    } else {
        let locked = |name: &str, digits: DigitSet| match digits.is_empty() {
            true => String::new(),
            false => format!(", {name} holds {}", listing(digits.iter(), "and")),
        };
        format!(
            "ALS A = {} and ALS B = {} each have one digit more than cells and are doubly linked: for each of {}, \
             every place in A sees every place in B (both are restricted common digits), so each is in at most one \
             set; a set lacking both would have too few digits for its cells, so A holds one and B the other and \
             both are locked: {} in A or B{}{}, and cells that see all places of such a digit lose it",
            a.describe(),
            b.describe(),
            listing(rcc.iter(), "and"),
            is_in(rcc),
            locked("A", a.digits.difference(rcc)),
            locked("B", b.digits.difference(rcc)),
        )
    };
    Some(
        Step::new(TechniqueId::AlsXz)
            .eliminate_all(eliminations(eliminated, &targets))
            .pattern(a.cells.iter().chain(b.cells.iter()), a.digits.union(b.digits), houses([a, b]))
            .part(PartKind::Als(0), a.candidates())
            .part(PartKind::Als(1), b.candidates())
            .because(reason),
    )
}

/// ALS-XY-Wing: sets A and B each linked to a third, C, by a different
/// restricted common digit, `x` between A and C, `y` between B and C. If A
/// lacks a common digit `z` of A and B, it holds `x`, so C lacks `x` and
/// holds `y`, so B lacks `y` and holds `z`: `z` is in A or B.
pub(crate) struct AlsXyWing;

static ALS_XY_WING: Descriptor = Descriptor::new(
    TechniqueId::AlsXyWing,
    "als-xy-wing",
    "ALS-XY-Wing",
    7.2,
    320,
    HintFocus::Nothing,
    "Three almost locked sets joined by two restricted digits: cells seeing every z of the outer two lose z.",
)
.also_called(&["als-xy"])
.listed_within("sets of up to 5 cells");

impl Technique for AlsXyWing {
    fn descriptor(&self) -> &'static Descriptor {
        &ALS_XY_WING
    }

    fn search(&self, grid: &Grid, _part: Part<'_>, memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        let (sets, links) = links_of(grid, memo);
        let cells = digit_cells(grid);
        for c in 0..sets.len() {
            let around = &links[c];
            for (k, &(a, xs)) in around.iter().enumerate() {
                for &(b, ys) in &around[k + 1..] {
                    xy_wings(&sets, [a, b, c], xs, ys, &cells, finds)?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// Hands `finds` the wing of A, B and C for each restricted digit `x` of A
/// and C with each other one `y` of B and C.
fn xy_wings(
    sets: &[Als],
    [a, b, c]: [usize; 3],
    xs: DigitSet,
    ys: DigitSet,
    cells: &[CellSet; 9],
    finds: &mut Finds<'_>,
) -> ControlFlow<()> {
    let (sa, sb, sc) = (&sets[a], &sets[b], &sets[c]);
    if !sa.cells.intersection(sb.cells).is_empty() {
        return ControlFlow::Continue(());
    }
    let common = sa.digits.intersection(sb.digits);
    let mut targets = [CellSet::EMPTY; 9];
    let mut open = DigitSet::EMPTY;
    for z in common.iter() {
        let i = index(z);
        targets[i] = sa.seen[i].intersection(sb.seen[i]).intersection(cells[i]);
        if !targets[i].is_empty() {
            open.insert(z);
        }
    }
    if open.is_empty() {
        return ControlFlow::Continue(());
    }
    for x in xs.iter() {
        for y in ys.iter().filter(|&y| y != x) {
            let xy = DigitSet::single(x).union(DigitSet::single(y));
            let eliminated = open.difference(xy);
            if eliminated.is_empty() {
                continue;
            }
            let z = listing(eliminated.iter(), "or");
            let reason = format!(
                "ALS A = {}, ALS B = {} and ALS C = {} each have one digit more than cells; every {x} of A sees \
                 every {x} of C and every {y} of B every {y} of C (restricted common digits). If A lacks {z}, its \
                 other digits fill it, {x} among them, so C lacks {x} and holds {y}, so B lacks {y} and holds {z}: \
                 {} in A or B, so cells that see all of its places in both lose it",
                sa.describe(),
                sb.describe(),
                sc.describe(),
                is_in(eliminated),
            );
            let digits = sa.digits.union(sb.digits).union(sc.digits);
            finds.step(
                Step::new(TechniqueId::AlsXyWing)
                    .eliminate_all(eliminations(eliminated, &targets))
                    .pattern(
                        sa.cells.iter().chain(sb.cells.iter()).chain(sc.cells.iter()),
                        digits,
                        houses([sa, sb, sc]),
                    )
                    .part(PartKind::Als(0), sa.candidates())
                    .part(PartKind::Als(1), sb.candidates())
                    .part(PartKind::Als(2), sc.candidates())
                    .because(reason),
            )?;
        }
    }
    ControlFlow::Continue(())
}

/// Death Blossom: a stem cell and, for each of its candidates, an almost
/// locked set (a petal) holding that digit with every place of it seeing
/// the stem. Whatever the stem takes, that digit's petal loses it and is
/// locked on its other digits, so a digit `z` of every petal (not of the
/// stem) is in one of them.
pub(crate) struct DeathBlossom;

static DEATH_BLOSSOM: Descriptor = Descriptor::new(
    TechniqueId::DeathBlossom,
    "death-blossom",
    "Death Blossom",
    7.3,
    360,
    HintFocus::Nothing,
    "A stem cell whose every candidate starts a petal set: cells seeing every z of the petals lose z.",
)
.listed_within("stems of 2 to 4 candidates, petals of up to 5 cells");

impl Technique for DeathBlossom {
    fn descriptor(&self) -> &'static Descriptor {
        &DEATH_BLOSSOM
    }

    fn search(&self, grid: &Grid, _part: Part<'_>, memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        let sets = sets_of(grid, memo);
        let cells = digit_cells(grid);
        let mut stems: Vec<Cell> =
            Cell::all().filter(|&c| (2..=MAX_STEM).contains(&grid.candidates(c).len())).collect();
        stems.sort_by_key(|&c| grid.candidates(c).len());
        for stem in stems {
            death_blossoms_at(grid, &sets, stem, &cells, finds)?;
        }
        ControlFlow::Continue(())
    }
}

/// Hands `finds` each blossom on `stem`: each digit `z` with each choice of
/// petals that leaves a target.
fn death_blossoms_at(
    grid: &Grid,
    sets: &[Als],
    stem: Cell,
    cells: &[CellSet; 9],
    finds: &mut Finds<'_>,
) -> ControlFlow<()> {
    let stem_digits = grid.candidates(stem);
    let peers = stem.peers();
    // Per stem digit, the sets that can be its petal.
    let petals: Vec<(Digit, Vec<usize>)> = stem_digits
        .iter()
        .map(|d| {
            let fits = |s: &Als| {
                s.digits.contains(d) && !s.cells.contains(stem) && s.places[index(d)].difference(peers).is_empty()
            };
            (d, (0..sets.len()).filter(|&i| fits(&sets[i])).collect())
        })
        .collect();
    if petals.iter().any(|(_, list)| list.is_empty()) {
        return ControlFlow::Continue(());
    }
    for z in Digit::all().filter(|&z| !stem_digits.contains(z) && !cells[index(z)].is_empty()) {
        let with_z: Vec<Vec<usize>> = petals
            .iter()
            .map(|(_, list)| list.iter().copied().filter(|&i| sets[i].digits.contains(z)).collect())
            .collect();
        if with_z.iter().any(|list| list.is_empty()) {
            continue;
        }
        let mut chosen = Vec::with_capacity(with_z.len());
        let mut take =
            |chosen: &[usize], targets| finds.step(blossom_step(sets, stem, stem_digits, chosen, z, targets));
        choose_petals(sets, &with_z, z, CellSet::EMPTY, cells[index(z)], &mut chosen, &mut take)?;
    }
    ControlFlow::Continue(())
}

/// Depth-first: one petal per stem digit, none overlapping, keeping the
/// cells that see every `z` of the petals so far; hands `take` each full
/// choice that leaves some.
fn choose_petals(
    sets: &[Als],
    options: &[Vec<usize>],
    z: Digit,
    used: CellSet,
    targets: CellSet,
    chosen: &mut Vec<usize>,
    take: &mut dyn FnMut(&[usize], CellSet) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let Some(list) = options.get(chosen.len()) else {
        return take(chosen, targets);
    };
    for &i in list {
        let petal = &sets[i];
        if !petal.cells.intersection(used).is_empty() {
            continue;
        }
        let left = targets.intersection(petal.seen[index(z)]);
        if left.is_empty() {
            continue;
        }
        chosen.push(i);
        choose_petals(sets, options, z, used.union(petal.cells), left, chosen, take)?;
        chosen.pop();
    }
    ControlFlow::Continue(())
}

fn blossom_step(sets: &[Als], stem: Cell, stem_digits: DigitSet, chosen: &[usize], z: Digit, targets: CellSet) -> Step {
    let petals: Vec<&Als> = chosen.iter().map(|&i| &sets[i]).collect();
    let described: Vec<String> =
        stem_digits.iter().zip(&petals).map(|(d, p)| format!("every {d} of ALS {}", p.describe())).collect();
    let reason = format!(
        "the stem {stem} holds {}, and {} sees it; whichever digit the stem takes, that digit's set loses it \
         and, having one digit more than cells, must use all its other digits, {z} among them: {z} is in one of \
         the sets, so cells that see all of its places in them lose it",
        listing(stem_digits.iter(), "or"),
        listing(described, "and"),
    );
    let digits = petals.iter().fold(stem_digits, |acc, p| acc.union(p.digits));
    let mut cells = vec![stem];
    cells.extend(petals.iter().flat_map(|p| p.cells.iter()));
    let step = Step::new(TechniqueId::DeathBlossom)
        .eliminate_all(targets.iter().map(|c| Candidate::new(c, z)))
        .pattern(cells, digits, houses(petals.iter().copied()))
        .part(PartKind::Stem, stem_digits.iter().map(|d| Candidate::new(stem, d)));
    petals
        .iter()
        .enumerate()
        .fold(step, |step, (n, petal)| step.part(PartKind::Petal(n as u8), petal.candidates()))
        .because(reason)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::technique::testing::{assert_agrees_with_solution, at, marks};
    use crate::explain::technique::testing::{EverySteps, FirstStep};

    /// `cells` turned half a turn about the centre.
    fn turned(cells: &[(u8, u8, &'static str)]) -> Vec<(u8, u8, &'static str)> {
        cells.iter().map(|&(r, c, d)| (10 - r, 10 - c, d)).collect()
    }

    /// A pattern and its half turn: the technique lists the pattern's step
    /// and the turned step among its instances.
    fn lists_the_pattern_and_its_half_turn(technique: &dyn Technique, cells: &[(u8, u8, &'static str)]) {
        let alone = technique.first(&marks(cells)).expect("the pattern's step");
        let mut turned_away: Vec<Candidate> = alone
            .eliminations
            .iter()
            .map(|e| Candidate::new(Cell::at(8 - e.cell.row(), 8 - e.cell.col()), e.digit))
            .collect();
        turned_away.sort();
        let both = technique.every(&marks(&[cells, &turned(cells)].concat()));
        for expected in [&alone.eliminations, &turned_away] {
            assert!(both.iter().any(|s| &s.eliminations == expected), "{expected:?} in {both:?}");
        }
    }

    fn cands(list: &[(u8, u8, u8)]) -> Vec<Candidate> {
        list.iter().map(|&(r, c, d)| Candidate::new(Cell::at(r - 1, c - 1), Digit::new(d))).collect()
    }

    fn digits(list: &[u8]) -> DigitSet {
        list.iter().map(|&d| Digit::new(d)).collect()
    }

    /// Two sets in boxes 1 and 3 linked by 8 in row 1; 5 of A is in r2c2,
    /// 5 of B in r3c9.
    const SINGLY: [(u8, u8, &str); 5] = [(1, 1, "18"), (2, 2, "15"), (1, 8, "68"), (2, 9, "35"), (3, 9, "56")];

    #[test]
    fn almost_locked_sets_are_listed_once_smallest_first() {
        let sets = almost_locked_sets(&marks(&SINGLY));
        let listed: Vec<String> = sets.iter().map(Als::describe).collect();
        // r1c8,r3c9 is in box 3 only; r2c9,r3c9 in column 9 and box 3 but listed once.
        assert_eq!(
            listed,
            [
                "r1c1 {1,8}",
                "r1c8 {6,8}",
                "r2c2 {1,5}",
                "r2c9 {3,5}",
                "r3c9 {5,6}",
                "r1c1,r1c8 {1,6,8}",
                "r2c2,r2c9 {1,3,5}",
                "r2c9,r3c9 {3,5,6}",
                "r1c1,r2c2 {1,5,8}",
                "r1c8,r3c9 {5,6,8}",
                "r1c8,r2c9,r3c9 {3,5,6,8}",
            ]
        );
        assert_eq!(sets[0].house, None);
        assert_eq!(sets[7].house, Some(House::col(8)));
    }

    #[test]
    fn als_xz_removes_the_other_common_digit_from_cells_seeing_it_in_both_sets() {
        let step = AlsXz.first(&marks(&SINGLY)).expect("an ALS-XZ");
        assert_eq!(step.eliminations, cands(&[(2, 7, 5), (2, 8, 5), (2, 9, 5), (3, 1, 5), (3, 2, 5), (3, 3, 5)]));
        assert_eq!(step.cells, at(&[(1, 1), (2, 2), (1, 8), (3, 9)]));
        assert_eq!(step.digits, digits(&[1, 5, 6, 8]));
        assert_eq!(step.houses, [House::block(0), House::block(2)]);
        assert_eq!(
            step.text(),
            "ALS-XZ: {1,5,6,8} in b1,b3 (r1c1 r2c2 r1c8 r3c9) => r2c7<>5, r2c8<>5, r2c9<>5, r3c1<>5, r3c2<>5, \
             r3c3<>5. ALS A = r1c1,r2c2 {1,5,8} and ALS B = r1c8,r3c9 {5,6,8} each have one digit more than cells; \
             every 8 of A sees every 8 of B (a restricted common digit), so at most one of them holds 8, and the \
             other must use all its other digits: 5 is in A or B, so cells that see all of its places in both lose \
             it."
        );
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn every_instance_is_listed() {
        lists_the_pattern_and_its_half_turn(&AlsXz, &SINGLY);
        lists_the_pattern_and_its_half_turn(&AlsXyWing, &WING);
        lists_the_pattern_and_its_half_turn(&DeathBlossom, &BLOSSOM);
    }

    #[test]
    fn als_xz_needs_the_common_digit_to_be_restricted() {
        // 8 also in r3c9, which does not see r1c1: two sets may both hold 8.
        let mut cells = SINGLY;
        cells[4] = (3, 9, "568");
        assert_eq!(AlsXz.first(&marks(&cells)), None);
    }

    #[test]
    fn doubly_linked_als_xz_locks_both_sets() {
        // A = r1c1,r1c8 {1,3,8} and B = r2c2,r2c9 {1,3,5}: 1 restricted in box 1, 3 in box 3.
        let g = marks(&[(1, 1, "18"), (2, 2, "15"), (1, 8, "38"), (2, 9, "35")]);
        let step = AlsXz.first(&g).expect("a doubly linked ALS-XZ");
        let row_1 = [2, 3, 4, 5, 6, 7, 9].map(|c| (1, c, 8));
        let row_2 = [1, 3, 4, 5, 6, 7, 8].map(|c| (2, c, 5));
        let box_1 = [(1, 2), (1, 3), (2, 1), (2, 3), (3, 1), (3, 2), (3, 3)].map(|(r, c)| (r, c, 1));
        let box_3 = [(1, 7), (1, 9), (2, 7), (2, 8), (3, 7), (3, 8), (3, 9)].map(|(r, c)| (r, c, 3));
        let mut expected = cands(&[row_1, row_2, box_1, box_3].concat());
        expected.sort();
        assert_eq!(step.eliminations, expected);
        assert_eq!(step.cells, at(&[(1, 1), (1, 8), (2, 2), (2, 9)]));
        assert_eq!(
            step.reason,
            "ALS A = r1c1,r1c8 {1,3,8} and ALS B = r2c2,r2c9 {1,3,5} each have one digit more than cells and are \
             doubly linked: for each of 1 and 3, every place in A sees every place in B (both are restricted common \
             digits), so each is in at most one set; a set lacking both would have too few digits for its cells, so \
             A holds one and B the other and both are locked: each of 1 and 3 is in A or B, A holds 8, B holds 5, \
             and cells that see all places of such a digit lose it"
        );
        assert_agrees_with_solution(&step);
    }

    /// A = r3c7 {3,4}, C = r4c4,r4c7 {4,5,8} (linked to A by 4 in column 7)
    /// and B = r4c9,r5c8 {1,3,8} (linked to C by 8 in row 4); r4c2 and its
    /// 1, 3 and 7 are a distraction.
    const WING: [(u8, u8, &str); 6] =
        [(5, 8, "13"), (4, 4, "58"), (4, 2, "137"), (4, 9, "138"), (4, 7, "458"), (3, 7, "34")];

    #[test]
    fn als_xy_wing_joins_two_sets_through_a_third() {
        let g = marks(&WING);
        assert_eq!(AlsXz.first(&g), None, "no two of the sets make an ALS-XZ");
        let step = AlsXyWing.first(&g).expect("an ALS-XY-Wing");
        assert_eq!(step.eliminations, cands(&[(5, 7, 3), (6, 7, 3)]));
        assert_eq!(step.cells, at(&[(3, 7), (4, 9), (5, 8), (4, 4), (4, 7)]));
        assert_eq!(step.digits, digits(&[1, 3, 4, 5, 8]));
        assert_eq!(step.houses, [House::block(5), House::row(3)]);
        assert_eq!(
            step.text(),
            "ALS-XY-Wing: {1,3,4,5,8} in b6,r4 (r3c7 r4c9 r5c8 r4c4 r4c7) => r5c7<>3, r6c7<>3. ALS A = r3c7 {3,4}, \
             ALS B = r4c9,r5c8 {1,3,8} and ALS C = r4c4,r4c7 {4,5,8} each have one digit more than cells; every 4 \
             of A sees every 4 of C and every 8 of B every 8 of C (restricted common digits). If A lacks 3, its \
             other digits fill it, 4 among them, so C lacks 4 and holds 8, so B lacks 8 and holds 3: 3 is in A or \
             B, so cells that see all of its places in both lose it."
        );
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn als_xy_wing_needs_both_links_restricted() {
        // 4 also in r4c4, which does not see r3c7: A and C are no longer linked.
        let mut cells = WING;
        cells[1] = (4, 4, "458");
        // The wing first, so that the sets remembered for it must not be reused.
        assert!(AlsXyWing.first(&marks(&WING)).is_some());
        assert_eq!(AlsXyWing.first(&marks(&cells)), None);
    }

    /// Stem r3c4 {1,3,6}; petals r2c6,r2c8 {1,2,9} for 1, r6c4 {2,3} for 3
    /// and r3c5 {2,6} for 6; r2c9 is a distraction.
    const BLOSSOM: [(u8, u8, &str); 6] =
        [(3, 5, "26"), (2, 6, "129"), (3, 4, "136"), (6, 4, "23"), (2, 8, "29"), (2, 9, "236")];

    #[test]
    fn death_blossom_removes_a_digit_of_every_petal() {
        let g = marks(&BLOSSOM);
        assert_eq!(AlsXz.first(&g), None);
        assert_eq!(AlsXyWing.first(&g), None);
        let step = DeathBlossom.first(&g).expect("a Death Blossom");
        assert_eq!(step.eliminations, cands(&[(2, 4, 2)]));
        assert_eq!(step.cells, at(&[(3, 4), (2, 6), (2, 8), (6, 4), (3, 5)]));
        assert_eq!(step.digits, digits(&[1, 2, 3, 6, 9]));
        assert_eq!(step.houses, [House::row(1)]);
        assert_eq!(
            step.text(),
            "Death Blossom: {1,2,3,6,9} in r2 (r3c4 r2c6 r2c8 r6c4 r3c5) => r2c4<>2. The stem r3c4 holds 1, 3 or 6, \
             and every 1 of ALS r2c6,r2c8 {1,2,9}, every 3 of ALS r6c4 {2,3} and every 6 of ALS r3c5 {2,6} sees it; \
             whichever digit the stem takes, that digit's set loses it and, having one digit more than cells, must \
             use all its other digits, 2 among them: 2 is in one of the sets, so cells that see all of its places \
             in them lose it."
        );
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn death_blossom_needs_every_petal_digit_to_see_the_stem() {
        // 1 also in r2c8, which does not see the stem: r2c6,r2c8 is no petal for 1.
        let mut cells = BLOSSOM;
        cells[4] = (2, 8, "129");
        assert_eq!(DeathBlossom.first(&marks(&cells)), None);
    }
}
