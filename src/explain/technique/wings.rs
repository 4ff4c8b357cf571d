//! Wings: a pivot cell and two pincers that see it, arranged so that whatever
//! the pivot holds, one of the cells is the same digit `z`; and their
//! relatives among bivalue cells: W-Wing, Remote Pair, WXYZ-Wing.

use super::interface::{Finds, Part, Scope, Since, Technique};
use super::single_digit::{links, Links};
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

/// Y-Wing (XY-Wing): pivot `xy`, pincers `xz` and `yz` that each see the pivot.
pub(crate) struct YWing;

static Y_WING: Descriptor = Descriptor::rated_as_se(
    TechniqueId::YWing,
    "y-wing",
    "Y-Wing",
    SeTechnique::XyWing,
    160,
    HintFocus::Nothing,
    "A bivalue pivot xy sees pincers xz and yz: cells seeing both pincers lose z.",
)
.also_called(&["xy-wing"]);

impl Technique for YWing {
    fn descriptor(&self) -> &'static Descriptor {
        &Y_WING
    }

    fn scope(&self) -> Scope {
        Scope::Cells
    }

    /// Sections: the pivots' cells.
    fn search(&self, grid: &Grid, part: Part<'_>, _memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        let bivalue = grid.cells_holding(2..=2);
        by_pivot(part, bivalue, finds, |pivot, since, section, take| {
            y_wings_at(grid, pivot, bivalue, since, section, take)
        })
    }
}

/// Hands `finds` what `at` finds on each of `pivots`, the pivot's cell its section.
fn by_pivot(
    part: Part<'_>,
    pivots: CellSet,
    finds: &mut Finds<'_>,
    at: impl Fn(Cell, &Since, usize, &mut dyn FnMut(Step) -> ControlFlow<()>) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let since = part.since();
    for pivot in pivots.iter() {
        let section = pivot.index();
        at(pivot, since, section, &mut |step| finds.step_in(section, step))?;
    }
    ControlFlow::Continue(())
}

/// Hands `take` each Y-Wing on `pivot`: each pincer holding the pivot's
/// first digit, with each pincer holding its second.
fn y_wings_at(
    grid: &Grid,
    pivot: Cell,
    bivalue: CellSet,
    since: &Since,
    section: usize,
    take: &mut dyn FnMut(Step) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let xy = grid.candidates(pivot);
    let mut digits = xy.iter();
    let (Some(x), Some(y)) = (digits.next(), digits.next()) else { return ControlFlow::Continue(()) };
    let bivalue = pivot.peers().intersection(bivalue);
    if bivalue.intersection(since.touch_besides(section, CellSet::single(pivot))).is_empty() {
        return ControlFlow::Continue(());
    }
    for a in bivalue.iter() {
        let ca = grid.candidates(a);
        let Some(z) = ca.difference(xy).single_digit().filter(|_| ca.contains(x)) else { continue };
        let yz = pair(y, z);
        let touch = since.touch_besides(section, [pivot, a].into_iter().collect());
        for b in bivalue.iter().filter(|&b| touch.contains(b) && grid.candidates(b) == yz) {
            if let Some(step) = wing_step(grid, TechniqueId::YWing, pivot, [a, b], z) {
                take(step.because(format!(
                    "whichever of {} {pivot} takes, one of {a} and {b} is {z}, so no cell that sees both can be {z}",
                    either(xy)
                )))?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// XYZ-Wing: pivot `xyz`, pincers `xz` and `yz` that each see the pivot.
pub(crate) struct XyzWing;

static XYZ_WING: Descriptor = Descriptor::rated_as_se(
    TechniqueId::XyzWing,
    "xyz-wing",
    "XYZ-Wing",
    SeTechnique::XyzWing,
    180,
    HintFocus::Nothing,
    "A pivot xyz sees pincers xz and yz: cells seeing all three lose z.",
);

impl Technique for XyzWing {
    fn descriptor(&self) -> &'static Descriptor {
        &XYZ_WING
    }

    fn scope(&self) -> Scope {
        Scope::Cells
    }

    /// Sections: the pivots' cells.
    fn search(&self, grid: &Grid, part: Part<'_>, _memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        let bivalue = grid.cells_holding(2..=2);
        by_pivot(part, grid.cells_holding(3..=3), finds, |pivot, since, section, take| {
            xyz_wings_at(grid, pivot, bivalue, since, section, take)
        })
    }
}

/// Hands `take` each XYZ-Wing on `pivot`: each digit of the pivot as `z`,
/// with each pair of pincers.
fn xyz_wings_at(
    grid: &Grid,
    pivot: Cell,
    bivalue: CellSet,
    since: &Since,
    section: usize,
    take: &mut dyn FnMut(Step) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let xyz = grid.candidates(pivot);
    let bivalue = pivot.peers().intersection(bivalue);
    if bivalue.intersection(since.touch_besides(section, CellSet::single(pivot))).is_empty() {
        return ControlFlow::Continue(());
    }
    for z in xyz.iter() {
        let mut others = xyz.difference(DigitSet::single(z)).iter();
        let (Some(x), Some(y)) = (others.next(), others.next()) else { continue };
        let with = |digits: DigitSet| bivalue.iter().filter(move |&c| grid.candidates(c) == digits);
        for a in with(pair(x, z)) {
            let touch = since.touch_besides(section, [pivot, a].into_iter().collect());
            for b in with(pair(y, z)).filter(|&b| touch.contains(b)) {
                if let Some(step) = wing_step(grid, TechniqueId::XyzWing, pivot, [a, b], z) {
                    take(step.because(format!(
                        "whichever of {} {pivot} takes, one of {pivot}, {a} and {b} is {z}, \
                         so no cell that sees all three can be {z}",
                        either(xyz)
                    )))?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// W-Wing: two cells holding only `x` and `y` that do not see each other,
/// and a conjugate pair on `x` whose ends see one cell each. Both cells
/// being `x` would leave that pair without `x`, so one of them is `y`.
pub(crate) struct WWing;

static W_WING: Descriptor = Descriptor::new(
    TechniqueId::WWing,
    "w-wing",
    "W-Wing",
    4.4,
    150,
    HintFocus::Nothing,
    "Two cells holding only x and y, joined by a conjugate pair on x: cells seeing both lose y.",
);

impl Technique for WWing {
    fn descriptor(&self) -> &'static Descriptor {
        &W_WING
    }

    fn scope(&self) -> Scope {
        Scope::Cells
    }

    /// Sections: the first of the two cells. The pattern is the two cells
    /// and the house of the conjugate pair (which must be the only places).
    fn search(&self, grid: &Grid, part: Part<'_>, _memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        let since = part.since();
        let bivalue = grid.cells_holding(2..=2);
        // The bivalue cells by their pair of digits, so each cell meets
        // only its own kind.
        let mut by_pair = [CellSet::EMPTY; 81];
        let pair_of = |c: Cell| pair_key(grid.candidates(c)) as usize;
        for c in bivalue.iter() {
            by_pair[pair_of(c)].insert(c);
        }
        // Each digit's conjugate pairs, listed once when first needed.
        let mut by_digit: [Option<Links>; 9] = [None; 9];
        for p in bivalue.iter() {
            let section = p.index();
            let later = CellSet::from_bits(u128::MAX << (section + 1));
            for q in by_pair[pair_of(p)].intersection(later).difference(p.peers()).iter() {
                let touch = since.touch_besides(section, [p, q].into_iter().collect());
                w_wings(grid, p, q, touch, &mut by_digit, &mut |step| finds.step_in(section, step))?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// Hands `take` each W-Wing on `p` and `q`, through a conjugate pair whose
/// house touches `touch`: each of the two digits as the linked one, with
/// each conjugate pair that joins them.
fn w_wings(
    grid: &Grid,
    p: Cell,
    q: Cell,
    touch: CellSet,
    by_digit: &mut [Option<Links>; 9],
    take: &mut dyn FnMut(Step) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let xy = grid.candidates(p);
    for x in xy.iter() {
        let Some(y) = xy.difference(DigitSet::single(x)).single_digit() else { continue };
        let ends: CellSet = [p, q].into_iter().collect();
        let targets = common_peers(ends).intersection(grid.cells_with(y));
        if targets.is_empty() {
            continue;
        }
        let links = by_digit[x.index()].get_or_insert_with(|| links(grid, x, House::all()));
        let wing = |link: &super::single_digit::Link| -> Option<Step> {
            let [a, b] = link.cells;
            let (e1, e2) = if a.sees(p) && b.sees(q) {
                (a, b)
            } else if b.sees(p) && a.sees(q) {
                (b, a)
            } else {
                return None;
            };
            if ends.contains(e1) || ends.contains(e2) {
                return None;
            }
            let reason = format!(
                "{p} and {q} hold only {}; {x} in {} is in {e1} or {e2}, which see {p} and {q}, so \
                 {p} and {q} cannot both be {x}: one of them is {y}, and cells seeing both lose {y}",
                listing(xy.iter(), "and"),
                link.house.long_name()
            );
            Some(
                Step::new(TechniqueId::WWing)
                    .eliminate_all(targets.iter().map(|c| Candidate::new(c, y)))
                    .pattern([p, e1, e2, q], xy, [link.house])
                    .because(reason),
            )
        };
        for link in links.iter().filter(|link| !link.house.cells().intersection(touch).is_empty()) {
            if let Some(step) = wing(link) {
                take(step)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Remote Pair: a chain of cells that all hold only the same two digits,
/// each seeing the next. Their values alternate along the chain, so two of
/// its cells an odd number of links apart hold one digit each; cells seeing
/// both lose both digits.
pub(crate) struct RemotePair;

static REMOTE_PAIR: Descriptor = Descriptor::new(
    TechniqueId::RemotePair,
    "remote-pair",
    "Remote Pair",
    4.5,
    110,
    HintFocus::Nothing,
    "A chain of cells holding the same two digits: cells seeing two of them an odd number of links apart lose both.",
)
.also_called(&["remote-pairs"])
.listed_within("the shortest chain between each two ends");

impl Technique for RemotePair {
    fn descriptor(&self) -> &'static Descriptor {
        &REMOTE_PAIR
    }

    fn scope(&self) -> Scope {
        Scope::Cells
    }

    /// One section. A chain's cells see each other in turn, so along a
    /// solve two cells of the same pair are always an even or always an odd
    /// number of links apart; a group of cells holding the same pair that
    /// gained no cell has only lost links, and yields nothing new.
    fn search(&self, grid: &Grid, part: Part<'_>, _memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        let bivalue = grid.cells_holding(2..=2);
        let mut gained = 0u128;
        for c in bivalue.intersection(part.since().touch(0)).iter() {
            gained |= 1 << pair_key(grid.candidates(c));
        }
        self.each_among(grid, bivalue, gained, &mut |step| finds.step_in(0, step))
    }
}

/// A number below 81 for each pair of digits: the first digit's index
/// times nine plus the second's.
fn pair_key(xy: DigitSet) -> u32 {
    let bits = xy.bits();
    bits.trailing_zeros() * 9 + (15 - bits.leading_zeros())
}

impl RemotePair {
    /// Hands `take` each remote pair whose two digits are one of `pairs` (a
    /// set of `pair_key`s).
    fn each_among(
        &self,
        grid: &Grid,
        bivalue: CellSet,
        pairs: u128,
        take: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let mut seen = 0u128;
        for start in bivalue.iter() {
            let xy = grid.candidates(start);
            let key = pair_key(xy);
            if (seen | !pairs) >> key & 1 != 0 {
                continue;
            }
            seen |= 1 << key;
            let same = xy.iter().fold(bivalue, |cells, d| cells.intersection(grid.cells_with(d)));
            if same.len() < 4 {
                continue;
            }
            let same: Vec<Cell> = same.iter().collect();
            for &u in &same {
                remote_pairs_from(grid, &same, u, take)?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// Breadth-first from `u` over cells that see each other; hands `take`
/// each later cell at an odd distance of at least 3 that gives an
/// elimination, along the shortest chain to it.
fn remote_pairs_from(
    grid: &Grid,
    same: &[Cell],
    u: Cell,
    take: &mut dyn FnMut(Step) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let xy = grid.candidates(u);
    let mut parent: Vec<Option<usize>> = vec![None; same.len()];
    let mut dist: Vec<Option<usize>> = vec![None; same.len()];
    let Some(start) = same.iter().position(|&c| c == u) else { return ControlFlow::Continue(()) };
    dist[start] = Some(0);
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(i) = queue.pop_front() {
        let Some(d) = dist[i] else { continue };
        if d >= 3 && d % 2 == 1 && same[i] > u {
            if let Some(step) = remote_pair_step(grid, same, &parent, i, xy) {
                take(step)?;
            }
        }
        for j in 0..same.len() {
            if dist[j].is_none() && same[i].sees(same[j]) {
                dist[j] = Some(d + 1);
                parent[j] = Some(i);
                queue.push_back(j);
            }
        }
    }
    ControlFlow::Continue(())
}

fn remote_pair_step(grid: &Grid, same: &[Cell], parent: &[Option<usize>], end: usize, xy: DigitSet) -> Option<Step> {
    let mut path = vec![same[end]];
    let mut at = end;
    while let Some(p) = parent[at] {
        path.push(same[p]);
        at = p;
    }
    path.reverse();
    let (u, v) = (path[0], same[end]);
    let pair: CellSet = [u, v].into_iter().collect();
    let targets = common_peers(pair);
    let eliminations: Vec<Candidate> = targets
        .iter()
        .flat_map(|c| grid.candidates(c).intersection(xy).iter().map(move |d| Candidate::new(c, d)))
        .collect();
    if eliminations.is_empty() {
        return None;
    }
    let reason = format!(
        "{} each hold only {} and see the next, so their values alternate and {u} and {v} hold one each; \
         cells seeing both lose {}",
        listing(&path, "and"),
        listing(xy.iter(), "and"),
        listing(xy.iter(), "and"),
    );
    Some(Step::new(TechniqueId::RemotePair).eliminate_all(eliminations).pattern(path, xy, []).because(reason))
}

/// WXYZ-Wing: four cells holding four digits between them, where every
/// digit but one, `z`, has its places among the cells all seeing each other.
/// Those digits fill at most three of the cells, so one cell holding `z` is
/// `z`, and cells seeing every `z` of the wing lose it.
pub(crate) struct WxyzWing;

static WXYZ_WING: Descriptor = Descriptor::new(
    TechniqueId::WxyzWing,
    "wxyz-wing",
    "WXYZ-Wing",
    6.2,
    240,
    HintFocus::Nothing,
    "Four cells with four digits where only z's places do not all see each other: cells seeing every z lose it.",
);

impl Technique for WxyzWing {
    fn descriptor(&self) -> &'static Descriptor {
        &WXYZ_WING
    }

    fn scope(&self) -> Scope {
        Scope::Cells
    }

    /// Sections: the sets of four digits, in the order of their masks.
    fn search(&self, grid: &Grid, part: Part<'_>, memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        let scratch = memo.get::<ApartPairs>();
        let since = part.since();
        let step_of = |wing: &Found| {
            let digits = DigitSet::from_bits(FOUR_DIGIT_SETS[wing.section]);
            wxyz_step(grid, &wing.cells, digits, wing.z)
        };
        // The pruned search for the first wing serves the driver; a caller
        // that wants more gets the rest from the whole search.
        let Some(first) = WingSearch::new(grid, since).first(scratch) else { return ControlFlow::Continue(()) };
        if let Some(step) = step_of(&first) {
            finds.step_in(first.section, step)?;
        }
        for wing in WingSearch::new(grid, since).every(scratch) {
            if (wing.cells, wing.z) != (first.cells, first.z) {
                if let Some(step) = step_of(&wing) {
                    finds.step_in(wing.section, step)?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// The 126 sets of four digits, as masks in increasing order.
const FOUR_DIGIT_SETS: [u16; 126] = {
    let mut sets = [0u16; 126];
    let (mut mask, mut n) = (0u16, 0);
    while mask < 0x200 {
        if mask.count_ones() == 4 {
            sets[n] = mask;
            n += 1;
        }
        mask += 1;
    }
    sets
};

/// The position in `FOUR_DIGIT_SETS` of each mask of four digits.
const SECTION_OF: [u8; 512] = {
    let mut sections = [0u8; 512];
    let mut n = 0;
    while n < FOUR_DIGIT_SETS.len() {
        sections[FOUR_DIGIT_SETS[n] as usize] = n as u8;
        n += 1;
    }
    sections
};

/// The sets of four digits that hold `digits`, three or four of them.
fn four_digit_sets_holding(digits: u16) -> impl Iterator<Item = u16> {
    let more = if digits.count_ones() == 4 { 0 } else { !digits & 0x1ff };
    DigitSet::from_bits(more)
        .iter()
        .map(move |d| digits | DigitSet::single(d).bits())
        .chain((more == 0).then_some(digits))
}

/// A wing found: its set of digits (as a section), its cells in
/// increasing order and its unrestricted digit. Wings compare in the order
/// the search reports them.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Found {
    section: usize,
    cells: [Cell; 4],
    z: Digit,
}

/// Two places `a` (holding only `z` and one other digit) and `b` of `z`
/// that do not see each other and share no other digit: a WXYZ-Wing's
/// start (see `WingSearch`). `union` is the digits they hold.
#[derive(Clone, Copy)]
struct ApartPair {
    a: Cell,
    b: Cell,
    z: Digit,
    union: u16,
}

/// By the index of a set's highest digit, the first section whose set has
/// it as its highest: sets come in the order of their masks.
const FIRST_SECTION_WITH_HIGHEST: [u8; 9] = {
    let mut first = [0u8; 9];
    let mut n = FOUR_DIGIT_SETS.len();
    while n > 0 {
        n -= 1;
        first[15 - FOUR_DIGIT_SETS[n].leading_zeros() as usize] = n as u8;
    }
    first
};

/// A set no search yields (it holds a bit past the last cell).
const UNKNOWN: CellSet = CellSet::from_bits(1 << 127);

/// The apart pairs of the latest search, by the index of the highest digit
/// of their first set: kept so that each search reuses the lists' room.
#[derive(Default)]
struct ApartPairs([Vec<ApartPair>; 9]);

/// The search for the first WXYZ-Wing: by set of digits, then by cells.
///
/// Two places of `z` in a wing that do not see each other share no other
/// digit, and the four digits are all they hold between them, so one of the
/// two holds `z` and one other digit only. The search starts from such
/// apart pairs. They do not depend on the set of digits, so each is met
/// once and then tried in every set holding the digits of both.
struct WingSearch<'a> {
    grid: &'a Grid,
    since: &'a Since,
    /// The cells holding two to four digits.
    open: CellSet,
    first: Option<Found>,
    /// Every wing met, when all are asked for (the search then prunes nothing).
    every: Option<Vec<Found>>,
    /// Per section, the open cells holding only its digits, or `UNKNOWN`
    /// until needed: most sets of digits are met by several pairs.
    insides: [CellSet; 126],
}

impl<'a> WingSearch<'a> {
    fn new(grid: &'a Grid, since: &'a Since) -> Self {
        WingSearch { grid, since, open: grid.cells_holding(2..=4), first: None, every: None, insides: [UNKNOWN; 126] }
    }

    /// The first wing, in the order of `Found`.
    fn first(mut self, scratch: &mut ApartPairs) -> Option<Found> {
        self.walk(scratch);
        self.first
    }

    /// Every wing in the order of `Found`, each set of cells with its `z`
    /// once (in the first set of digits that holds it).
    fn every(mut self, scratch: &mut ApartPairs) -> Vec<Found> {
        self.every = Some(Vec::new());
        self.walk(scratch);
        let mut every = self.every.unwrap_or_default();
        every.sort();
        let mut seen = std::collections::HashSet::new();
        every.retain(|wing| seen.insert((wing.cells, wing.z)));
        every
    }

    fn walk(&mut self, scratch: &mut ApartPairs) {
        {
            let by_highest = &mut scratch.0;
            self.apart_pairs(by_highest);
            for (highest, pairs) in by_highest.iter().enumerate() {
                // Once a wing is known in a set before those the rest of the
                // pairs fit, it is the first.
                if self.first.is_some_and(|first| first.section < usize::from(FIRST_SECTION_WITH_HIGHEST[highest])) {
                    break;
                }
                for &ApartPair { a, b, z, union } in pairs {
                    let both = CellSet::single(a).union(CellSet::single(b));
                    let near_both = self.companions(a, z).intersection(self.companions(b, z)).difference(both);
                    let seen_by_z = a.peers().intersection(b.peers());
                    for digits in four_digit_sets_holding(union) {
                        self.try_digits(digits, (both, union), near_both, seen_by_z, z);
                    }
                }
            }
        }
    }

    /// The apart pairs of the grid, by the index of the highest digit of
    /// the first set of four digits each fits in.
    fn apart_pairs(&self, by_highest: &mut [Vec<ApartPair>; 9]) {
        by_highest.iter_mut().for_each(Vec::clear);
        let bivalue = self.grid.cells_holding(2..=2);
        // The second cell of a pair holds `z`, not the first cell's other
        // digit, and at most two more.
        let few = self.grid.cells_holding(2..=3);
        for a in bivalue.iter() {
            // A pair of two bivalue cells is met from both ends: keep one.
            let met_before = bivalue.intersection(CellSet::from_bits((1u128 << a.index()) - 1));
            for z in self.grid.candidates(a).iter() {
                let Some(x) = self.grid.candidates(a).difference(DigitSet::single(z)).first() else { continue };
                let z_cells = self.grid.cells_with(z);
                let apart = z_cells
                    .intersection(few)
                    .difference(a.peers())
                    .difference(self.grid.cells_with(x))
                    .difference(met_before);
                // `b` must see a place of `z` that `a` sees: a target.
                let seeing_z_near_a =
                    a.peers().intersection(z_cells).iter().fold(CellSet::EMPTY, |seen, c| seen.union(c.peers()));
                for b in apart.intersection(seeing_z_near_a).iter() {
                    let union = self.grid.candidates(a).union(self.grid.candidates(b)).bits();
                    // The first set holding three digits adds the lowest
                    // digit they lack.
                    let first_set =
                        if union.count_ones() == 4 { union } else { union | (!union & union.wrapping_add(1)) };
                    by_highest[15 - first_set.leading_zeros() as usize].push(ApartPair { a, b, z, union });
                }
            }
        }
    }

    /// Records the first wing on an apart pair of `z` in the set `digits`,
    /// if it comes before the first one known. `pair` is the pair's cells
    /// and the digits they hold; `near_both` holds the cells that may share
    /// a wing with both, and `seen_by_z` the cells that see both.
    fn try_digits(&mut self, digits: u16, pair: (CellSet, u16), near_both: CellSet, seen_by_z: CellSet, z: Digit) {
        let section = SECTION_OF[digits as usize] as usize;
        if self.first.is_some_and(|first| first.section < section) {
            return;
        }
        let (pair, held) = pair;
        let mut rest = near_both.intersection(self.inside(section, digits));
        let touch = self.since.touch(section);
        if rest.len() < 2 || rest.union(pair).intersection(touch).is_empty() {
            return;
        }
        let z_cells = self.grid.cells_with(z);
        while let Some(c) = rest.first() {
            rest.remove(c);
            let three = pair.union(CellSet::single(c));
            // The last cell comes after `c` and holds whatever digits are
            // still missing.
            let mut later = rest;
            for d in DigitSet::from_bits(digits & !(held | self.grid.candidates(c).bits())).iter() {
                later = later.intersection(self.grid.cells_with(d));
            }
            let seen_by_z = self.seen_with(seen_by_z, c, z);
            if later.is_empty() || seen_by_z.difference(three).intersection(z_cells).is_empty() {
                continue;
            }
            for e in later.intersection(self.companions(c, z)).iter() {
                let cells = three.union(CellSet::single(e));
                let targets = self.seen_with(seen_by_z, e, z).difference(cells).intersection(z_cells);
                if cells.intersection(touch).is_empty() || targets.is_empty() {
                    continue;
                }
                let mut sorted = [Cell::new(0); 4];
                for (slot, cell) in sorted.iter_mut().zip(cells.iter()) {
                    *slot = cell;
                }
                let found = Found { section, cells: sorted, z };
                match &mut self.every {
                    Some(every) => every.push(found),
                    None => self.first = Some(self.first.map_or(found, |first| first.min(found))),
                }
            }
        }
    }

    /// The open cells holding only digits of `digits`, which are section
    /// `section`.
    fn inside(&mut self, section: usize, digits: u16) -> CellSet {
        if self.insides[section] == UNKNOWN {
            let mut inside = self.open;
            for d in DigitSet::from_bits(!digits & 0x1ff).iter() {
                inside = inside.difference(self.grid.cells_with(d));
            }
            self.insides[section] = inside;
        }
        self.insides[section]
    }

    /// The cells that can share a wing with unrestricted digit `z` with
    /// `cell`: those that see it, and those that share no digit but `z`
    /// with it.
    fn companions(&self, cell: Cell, z: Digit) -> CellSet {
        let mut apart = CellSet::ALL;
        for d in self.grid.candidates(cell).difference(DigitSet::single(z)).iter() {
            apart = apart.difference(self.grid.cells_with(d));
        }
        apart.union(cell.peers())
    }

    /// `seen_by_z` narrowed to the cells that also see `cell`, if it holds `z`.
    fn seen_with(&self, seen_by_z: CellSet, cell: Cell, z: Digit) -> CellSet {
        // With no branch: which cells hold `z` follows no pattern.
        let holds = u128::from(self.grid.has_candidate(cell, z)).wrapping_neg();
        seen_by_z.intersection(CellSet::from_bits(cell.peers().bits() | !holds))
    }
}

fn wxyz_step(grid: &Grid, cells: &[Cell], digits: DigitSet, z: Digit) -> Option<Step> {
    let only_z = DigitSet::single(z);
    for (i, &a) in cells.iter().enumerate() {
        for &b in &cells[i + 1..] {
            let shared = grid.candidates(a).intersection(grid.candidates(b));
            if !a.sees(b) && !shared.difference(only_z).is_empty() {
                return None;
            }
        }
    }
    let z_cells: CellSet = cells.iter().copied().filter(|&c| grid.has_candidate(c, z)).collect();
    let restricted = z_cells.iter().all(|a| z_cells.iter().all(|b| a == b || a.sees(b)));
    if restricted {
        return None;
    }
    let wing: CellSet = cells.iter().copied().collect();
    let targets = common_peers(z_cells).difference(wing).intersection(grid.cells_with(z));
    if targets.is_empty() {
        return None;
    }
    let others = digits.difference(only_z);
    let reason = format!(
        "{} hold only {} between them; the places of {} among them see each other, so those digits fill at \
         most three of the cells and one of {} is {z}: cells seeing all of them lose {z}",
        listing(cells, "and"),
        listing(digits.iter(), "and"),
        listing(others.iter(), "and"),
        listing(z_cells.iter(), "and"),
    );
    Some(
        Step::new(TechniqueId::WxyzWing)
            .eliminate_all(targets.iter().map(|c| Candidate::new(c, z)))
            .pattern(cells.iter().copied(), digits, [])
            .because(reason),
    )
}

/// The wing's step without its reason: `z` leaves every cell that sees the
/// pincers and, when the pivot may be `z` itself, the pivot too.
fn wing_step(grid: &Grid, id: TechniqueId, pivot: Cell, pincers: [Cell; 2], z: Digit) -> Option<Step> {
    let mut z_holders: CellSet = pincers.into_iter().collect();
    if grid.has_candidate(pivot, z) {
        z_holders.insert(pivot);
    }
    let targets = common_peers(z_holders).intersection(grid.cells_with(z));
    if targets.is_empty() {
        return None;
    }
    let digits = pincers.iter().fold(grid.candidates(pivot), |acc, &c| acc.union(grid.candidates(c)));
    let mut houses: Vec<House> = pincers.iter().filter_map(|&p| link(pivot, p)).collect();
    houses.dedup();
    Some(Step::new(id).eliminate_all(targets.iter().map(|cell| Candidate::new(cell, z))).pattern(
        [pivot, pincers[0], pincers[1]],
        digits,
        houses,
    ))
}

/// The first of row, column and box that holds both cells.
fn link(a: Cell, b: Cell) -> Option<House> {
    a.houses().into_iter().find(|h| h.cells().contains(b))
}

/// `7 or 9`, `2, 5 or 9`.
fn either(digits: DigitSet) -> String {
    let list: Vec<String> = digits.iter().map(|d| d.to_string()).collect();
    match list.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => list.concat(),
    }
}

fn pair(a: Digit, b: Digit) -> DigitSet {
    DigitSet::single(a).union(DigitSet::single(b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::technique::testing::{assert_agrees_with_solution, marks};
    use crate::explain::technique::testing::{EverySteps, FirstStep};

    fn fives(cells: &[(u8, u8)]) -> Vec<Candidate> {
        cells.iter().map(|&(r, c)| Candidate::new(Cell::at(r - 1, c - 1), Digit::new(5))).collect()
    }

    fn digits(list: &[u8]) -> DigitSet {
        list.iter().map(|&d| Digit::new(d)).collect()
    }

    #[test]
    fn y_wing_clears_cells_seeing_both_pincers() {
        let g = marks(&[(5, 5, "79"), (4, 6, "57"), (5, 1, "59")]);
        let step = YWing.first(&g).expect("a Y-Wing");
        assert!(step.placements.is_empty());
        assert_eq!(step.eliminations, fives(&[(4, 1), (4, 2), (4, 3), (5, 4), (5, 6)]));
        assert_eq!(step.cells, [Cell::at(4, 4), Cell::at(3, 5), Cell::at(4, 0)]);
        assert_eq!(step.digits, digits(&[5, 7, 9]));
        assert_eq!(step.houses, [House::block(4), House::row(4)]);
        assert_eq!(
            step.text(),
            "Y-Wing: {5,7,9} in b5,r5 (r5c5 r4c6 r5c1) => r4c1<>5, r4c2<>5, r4c3<>5, r5c4<>5, r5c6<>5. \
             Whichever of 7 or 9 r5c5 takes, one of r4c6 and r5c1 is 5, so no cell that sees both can be 5."
        );
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn y_wing_lists_both_instances() {
        let g = marks(&[(5, 5, "79"), (4, 6, "57"), (5, 1, "59"), (1, 9, "12"), (2, 7, "13"), (1, 1, "23")]);
        let pivots: Vec<Cell> = YWing.every(&g).iter().map(|s| s.cells[0]).collect();
        assert_eq!(pivots, [Cell::at(0, 8), Cell::at(4, 4)]);
    }

    #[test]
    fn y_wing_needs_pincers_on_both_pivot_digits_and_one_z() {
        // r5c1 and r1c5 both hang on 9, and r4c6 would make z = 6 instead of 5.
        let g = marks(&[(5, 5, "79"), (5, 1, "59"), (1, 5, "59"), (4, 6, "67")]);
        assert_eq!(YWing.first(&g), None);
    }

    #[test]
    fn xyz_wing_clears_cells_seeing_all_three() {
        let g = marks(&[(5, 5, "259"), (4, 4, "25"), (5, 1, "59")]);
        let step = XyzWing.first(&g).expect("an XYZ-Wing");
        assert!(step.placements.is_empty());
        assert_eq!(step.eliminations, fives(&[(5, 4), (5, 6)]));
        assert_eq!(step.cells, [Cell::at(4, 4), Cell::at(3, 3), Cell::at(4, 0)]);
        assert_eq!(step.digits, digits(&[2, 5, 9]));
        assert_eq!(step.houses, [House::block(4), House::row(4)]);
        assert_eq!(
            step.reason,
            "whichever of 2, 5 or 9 r5c5 takes, one of r5c5, r4c4 and r5c1 is 5, so no cell that sees all three can be 5"
        );
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn xyz_wing_lists_both_instances() {
        let g = marks(&[(5, 5, "259"), (4, 4, "25"), (5, 1, "59"), (1, 9, "123"), (2, 7, "13"), (1, 1, "23")]);
        let steps = XyzWing.every(&g);
        let pivots: Vec<Cell> = steps.iter().map(|s| s.cells[0]).collect();
        assert_eq!(pivots, [Cell::at(0, 8), Cell::at(4, 4)]);
        assert_eq!(steps[0].eliminations, cands(&[(1, 7, 3), (1, 8, 3)]));
    }

    #[test]
    fn xyz_wing_needs_something_to_eliminate() {
        // The wing of the test above, with 5 already gone from r5c4 and r5c6.
        let g = marks(&[(5, 5, "259"), (4, 4, "25"), (5, 1, "59"), (5, 4, "12346789"), (5, 6, "12346789")]);
        assert_eq!(XyzWing.first(&g), None);
    }

    fn cands(list: &[(u8, u8, u8)]) -> Vec<Candidate> {
        list.iter().map(|&(r, c, d)| Candidate::new(Cell::at(r - 1, c - 1), Digit::new(d))).collect()
    }

    fn at(cells: &[(u8, u8)]) -> Vec<Cell> {
        cells.iter().map(|&(r, c)| Cell::at(r - 1, c - 1)).collect()
    }

    /// `marks` with 9 removed from row 5 except the listed columns.
    fn with_nines_in_row_5(cells: &[(u8, u8, &str)], keep: [u8; 2]) -> Grid {
        let mut g = marks(cells);
        for c in (1..=9).filter(|c| !keep.contains(c)) {
            g.eliminate(Cell::at(4, c - 1), Digit::new(9));
        }
        g
    }

    #[test]
    fn w_wing_joins_two_pairs_through_a_conjugate_pair() {
        let g = with_nines_in_row_5(&[(2, 2, "59"), (8, 8, "59")], [2, 8]);
        let step = WWing.first(&g).expect("a W-Wing");
        assert_eq!(step.eliminations, cands(&[(2, 8, 5), (8, 2, 5)]));
        assert_eq!(step.cells, at(&[(2, 2), (5, 2), (5, 8), (8, 8)]));
        assert_eq!(step.digits, digits(&[5, 9]));
        assert_eq!(step.houses, [House::row(4)]);
        assert_eq!(
            step.text(),
            "W-Wing: {5,9} in r5 (r2c2 r5c2 r5c8 r8c8) => r2c8<>5, r8c2<>5. r2c2 and r8c8 hold only 5 and 9; 9 in \
             row 5 is in r5c2 or r5c8, which see r2c2 and r8c8, so r2c2 and r8c8 cannot both be 9: one of them is 5, \
             and cells seeing both lose 5."
        );
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn w_wing_lists_both_instances() {
        // {5,9} through 9 in row 5, and {1,3} through 1 in column 5.
        let mut g = with_nines_in_row_5(&[(2, 2, "59"), (8, 8, "59"), (1, 4, "13"), (9, 6, "13")], [2, 8]);
        for r in [1, 3, 4, 5, 6, 7, 9] {
            g.eliminate(Cell::at(r - 1, 4), Digit::new(1));
        }
        let steps = WWing.every(&g);
        let found: Vec<_> = steps.iter().map(|s| (s.cells.clone(), s.eliminations.clone())).collect();
        assert_eq!(
            found,
            [
                (
                    at(&[(1, 4), (2, 5), (8, 5), (9, 6)]),
                    cands(&[(1, 6, 3), (2, 6, 3), (3, 6, 3), (7, 4, 3), (8, 4, 3), (9, 4, 3)])
                ),
                (at(&[(2, 2), (5, 2), (5, 8), (8, 8)]), cands(&[(2, 8, 5), (8, 2, 5)]))
            ]
        );
    }

    #[test]
    fn w_wing_needs_the_pair_ends_to_see_the_cells() {
        let g = with_nines_in_row_5(&[(2, 2, "59"), (8, 8, "59")], [3, 8]);
        assert_eq!(WWing.first(&g), None);
    }

    #[test]
    fn remote_pair_over_four_cells() {
        let g = marks(&[(1, 1, "34"), (1, 5, "34"), (4, 5, "34"), (4, 2, "34")]);
        let step = RemotePair.first(&g).expect("a remote pair");
        // r1c1 and r4c2 share no house; r1c2, r2c2, r3c2 and r4c1, r5c1, r6c1 see both.
        let seeing_both = [(1, 2), (2, 2), (3, 2), (4, 1), (5, 1), (6, 1)];
        let expected: Vec<(u8, u8, u8)> = seeing_both.iter().flat_map(|&(r, c)| [(r, c, 3), (r, c, 4)]).collect();
        assert_eq!(step.eliminations, cands(&expected));
        assert_eq!(step.cells, at(&[(1, 1), (1, 5), (4, 5), (4, 2)]));
        assert_eq!(step.digits, digits(&[3, 4]));
        assert_eq!(
            step.reason,
            "r1c1, r1c5, r4c5 and r4c2 each hold only 3 and 4 and see the next, so their values alternate and r1c1 \
             and r4c2 hold one each; cells seeing both lose 3 and 4"
        );
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn remote_pair_lists_each_pair_of_ends() {
        // r7c2 extends the chain: r1c5 and r7c2 are three links apart too.
        let g = marks(&[(1, 1, "34"), (1, 5, "34"), (4, 5, "34"), (4, 2, "34"), (7, 2, "34")]);
        let ends: Vec<(Cell, Cell)> =
            RemotePair.every(&g).iter().map(|s| (s.cells[0], *s.cells.last().unwrap())).collect();
        assert_eq!(ends, [(Cell::at(0, 0), Cell::at(3, 1)), (Cell::at(0, 4), Cell::at(6, 1))]);
    }

    #[test]
    fn remote_pair_needs_four_cells() {
        let g = marks(&[(1, 1, "34"), (1, 5, "34"), (4, 5, "34"), (4, 2, "37")]);
        assert_eq!(RemotePair.first(&g), None);
    }

    #[test]
    fn wxyz_wing_clears_cells_seeing_every_z() {
        let g = marks(&[(5, 5, "1239"), (5, 1, "19"), (4, 4, "29"), (6, 6, "39")]);
        let step = WxyzWing.first(&g).expect("a WXYZ-Wing");
        assert_eq!(step.eliminations, cands(&[(5, 4, 9), (5, 6, 9)]));
        assert_eq!(step.cells, at(&[(4, 4), (5, 1), (5, 5), (6, 6)]));
        assert_eq!(step.digits, digits(&[1, 2, 3, 9]));
        assert_eq!(
            step.reason,
            "r4c4, r5c1, r5c5 and r6c6 hold only 1, 2, 3 and 9 between them; the places of 1, 2 and 3 among them see \
             each other, so those digits fill at most three of the cells and one of r4c4, r5c1, r5c5 and r6c6 is 9: \
             cells seeing all of them lose 9"
        );
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn wxyz_wing_lists_both_instances() {
        let g = marks(&[
            (5, 5, "1239"),
            (5, 1, "19"),
            (4, 4, "29"),
            (6, 6, "39"),
            (2, 8, "4568"),
            (2, 2, "48"),
            (1, 7, "58"),
            (3, 9, "68"),
        ]);
        let steps = WxyzWing.every(&g);
        let found: Vec<_> = steps.iter().map(|s| (s.digits, s.eliminations.clone())).collect();
        // By set of digits: {4,5,6,8} comes before {1,2,3,9}.
        assert_eq!(
            found,
            [
                (digits(&[4, 5, 6, 8]), cands(&[(2, 7, 8), (2, 9, 8)])),
                (digits(&[1, 2, 3, 9]), cands(&[(5, 4, 9), (5, 6, 9)]))
            ]
        );
    }

    #[test]
    fn wxyz_wing_needs_one_unrestricted_digit_only() {
        // 1 in r1c1 and r5c5, which do not see each other: two digits are unrestricted.
        let g = marks(&[(5, 5, "1239"), (1, 1, "19"), (4, 4, "29"), (6, 6, "39")]);
        assert_eq!(WxyzWing.first(&g), None);
    }
}
