//! Forcing chains and forcing nets: assume a candidate, follow what it
//! implies, and conclude from where that leads.
//!
//! One engine serves every technique here. A *branch* starts from one
//! assumption ("r4c5 is 7") and derives facts breadth-first, each with the
//! facts it follows from (its parents):
//!
//! - a true candidate rules out the other candidates of its cell and its
//!   digit in the cells that see it (one parent: a weak link);
//! - a false candidate may leave a cell one candidate, or a digit one place
//!   in a house, which is then true.
//!
//! In a *chain* (static propagation) the second rule fires only where the
//! grid itself already has just two candidates in the cell or two places in
//! the house, so every fact has one parent: these are the strong links of
//! the chain techniques, and a branch is a chain. In a *net* (dynamic
//! propagation) it fires whenever the branch's earlier facts leave one, so a
//! fact may have several parents; a net also follows locked candidates (a
//! digit's places left in a box all in one line leave the rest of the line,
//! and the other way round), as HoDoKu's nets do through grouped nodes.
//!
//! A branch that reaches a contradiction (a candidate both true and false,
//! a digit with no place left in a house, and in a net also a cell with no
//! candidate left) proves its assumption false. The contradiction chain
//! (Nishio) follows one digit; across digits, static links hold both ways,
//! so a static contradiction is an AIC or a cell or house forcing chain
//! read backwards, and those techniques take it. When every candidate of a cell, or every place of a
//! digit in a house, assumed in turn, implies the same fact, that fact
//! holds. The nested net adds one level: inside a branch that stalls, a
//! candidate whose own assumption (on top of the branch) leads to a
//! contradiction by a net is false in that branch.
//!
//! A branch that fails proves its assumption false, so among the branches
//! of a cell or house only those that do not fail need agree; when one is
//! left, its assumption holds. A placement is reported before any
//! elimination (it takes the path further), then the smallest proof. The contradiction chain seeks
//! contradictions level by level over every assumption at once and reports
//! the shallowest, with the fewest facts in its proof; the cell and house
//! chains report the common fact with the fewest facts over all branches;
//! the forcing net follows every branch to its end and reports the fewest
//! facts over all three forms (a tie goes to the contradiction, then to the
//! first candidate, cell or house in reading order). Propagation is bounded by the 729 candidates (each is set
//! at most once per branch); the nested search is capped (see
//! `NESTED_PASSES`), tries first the assumptions whose plain branch derives
//! the fewest facts, and stops at the first branch that a nested
//! contradiction breaks, looking first, over every assumption, for a branch
//! that few inner assumptions break; that branch's proof is then made smaller by
//! leaving out, one at a time, the nested contradictions it uses and
//! searching again with the others (see `Net::smaller_nested`).

use super::interface::{Finds, Part, Technique};
use crate::algo::memo::Memo;
use crate::explain::catalog::{Descriptor, Growth, HintFocus, TechniqueId};
use crate::explain::step::listing;
use crate::explain::step::{Branch, Contradiction, Fact, FactReason, Forcing, ForcingKind, Step};
use crate::model::cell::Candidate;
use crate::model::cell::{Cell, Digit};
use crate::model::grid::{Grid, House, HouseKind};
use crate::model::sets::{CellSet, DigitSet};
use crate::se_rating::technique::{ChainEngine, ForcingChainsKind, SeTechnique};
use std::ops::ControlFlow;
use std::rc::Rc;

/// How many inner assumptions one nested-net search may test, over all
/// its branches, and within one branch. Each test is at most one pass over
/// the 729 candidates (a few microseconds), so a search that finds nothing
/// stops within about a tenth of a second.
const NESTED_BUDGET: usize = 50_000;
const NESTED_PER_BRANCH: usize = 500;

/// The nested search's passes, each a (per-branch share, budget) of inner
/// assumptions: first a small share, so that a branch a few inner
/// contradictions break (a short proof) is found before one that needs
/// many; then, if no branch breaks, the full share. Measured on
/// forum-hardest-1106.txt (docs/BENCHMARKS.md): a median of 489 words per
/// nested net against 1,132 with the full share alone, in 1.5 times as many
/// steps, with fewer words per puzzle and in less time.
const NESTED_PASSES: [(usize, usize); 2] = [(SMALL_SHARE, SMALL_BUDGET), (NESTED_PER_BRANCH, NESTED_BUDGET)];
const SMALL_SHARE: usize = 40;
const SMALL_BUDGET: usize = 4_000;

/// How many instances `sudoku steps` lists of each forcing technique:
/// every assumption of a hard position has its own branch, and listing
/// every conclusion they share takes seconds.
const FORCING_LISTED: usize = 10;

/// Contradiction forcing chain, Sudoku Explainer's Nishio: assume a
/// candidate, follow the links of its digit (the digit ruled out in the
/// cells that see a place, a place forced where a house has two) until the
/// digit is both placed and ruled out somewhere, or has no place left in a
/// house; the candidate is false. (Across digits the same search is the
/// forcing net's; with static links only it would find nothing that the AIC
/// and the cell and house forcing chains, which read more naturally, miss:
/// static links hold both ways.)
pub(crate) struct ContradictionForcingChain;

static CONTRADICTION_FORCING_CHAIN: Descriptor = Descriptor::new(
    TechniqueId::ContradictionForcingChain,
    "contradiction-forcing-chain",
    "Contradiction Forcing Chain",
    7.5,
    500,
    HintFocus::Nothing,
    "Assuming a candidate leads to a contradiction, so it is false.",
)
.growing(Growth::ByLength)
.listed_at_most(FORCING_LISTED)
.listed_within("smallest proofs first");

impl Technique for ContradictionForcingChain {
    fn descriptor(&self) -> &'static Descriptor {
        &CONTRADICTION_FORCING_CHAIN
    }

    fn search(&self, grid: &Grid, _part: Part<'_>, memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        let id = TechniqueId::ContradictionForcingChain;
        let base = Base::new(grid, Mode::Nishio);
        if !Digit::all().any(|digit| nishio_may_contradict(&base, digit, memo)) {
            return ControlFlow::Continue(());
        }
        // The shallowest contradiction first, then every other by size.
        let Ok(first) = contradiction_or_branches(&base, memo) else { return ControlFlow::Continue(()) };
        finds.step(first.step(id))?;
        let nets = cached_branches(&base, memo);
        let nets = view(&nets);
        hand_over(contradictions(&nets), &nets, id, &[(first.kind, first.target)], finds)
    }
}

/// Per digit, the cells holding it in the last position where no
/// assumption of that digit led to a contradiction, and those of them that
/// held nothing else.
#[derive(Default)]
struct NoNishio([Option<(u128, u128)>; 9]);

/// Whether assuming some candidate of `digit` leads, by that digit's links
/// alone, to a contradiction. A Nishio branch never leaves its digit, so
/// the answer depends only on where the digit can go and on which of those
/// cells hold nothing else (they are emptied when a branch rules the digit
/// out there); a digit where both are as they were when the answer was no
/// is not searched again: a hard solve asks this for every digit on every
/// step that reaches here, and most steps change only a few digits.
fn nishio_may_contradict(base: &Base, digit: Digit, memo: &mut Memo) -> bool {
    let places = base.digit_cells[digit.index()];
    let key = Some((places.bits(), places.intersection(base.grid.cells_holding(1..=1)).bits()));
    let clean = &mut memo.get::<NoNishio>().0[digit.index()];
    if *clean == key {
        return false;
    }
    let contradicts = places.iter().any(|cell| branch_from(base, cand(cell, digit), u16::MAX).contradiction.is_some());
    if !contradicts {
        *clean = key;
    }
    contradicts
}

/// Cell forcing chain: each candidate of a cell, assumed in turn, implies
/// the same fact by a chain; the fact holds.
pub(crate) struct CellForcingChain;

static CELL_FORCING_CHAIN: Descriptor = Descriptor::rated_as_se(
    TechniqueId::CellForcingChain,
    "cell-forcing-chain",
    "Cell Forcing Chain",
    SeTechnique::ForcingChains { kind: ForcingChainsKind::Cell, engine: ChainEngine::Multiple },
    500,
    HintFocus::Nothing,
    "Every candidate of a cell leads to the same fact, which therefore holds.",
)
.growing(Growth::ByLength)
.listed_at_most(FORCING_LISTED)
.listed_within("placements first, then smallest proofs");

impl Technique for CellForcingChain {
    fn descriptor(&self) -> &'static Descriptor {
        &CELL_FORCING_CHAIN
    }

    fn search(&self, grid: &Grid, _part: Part<'_>, memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        let base = Base::new(grid, Mode::Chain);
        let nets = cached_branches(&base, memo);
        let nets = view(&nets);
        let Some(first) = find_common(&base, &nets, true, false, usize::MAX) else { return ControlFlow::Continue(()) };
        finds.step(first.step(TechniqueId::CellForcingChain))?;
        let handed = [(first.kind, first.target)];
        hand_over(commons(&base, &nets, true, false), &nets, TechniqueId::CellForcingChain, &handed, finds)
    }
}

/// House (region) forcing chain: each place of a digit in a house, assumed
/// in turn, implies the same fact by a chain; the fact holds.
pub(crate) struct HouseForcingChain;

static HOUSE_FORCING_CHAIN: Descriptor = Descriptor::rated_as_se(
    TechniqueId::HouseForcingChain,
    "house-forcing-chain",
    "House Forcing Chain",
    SeTechnique::ForcingChains { kind: ForcingChainsKind::Region, engine: ChainEngine::Multiple },
    500,
    HintFocus::Nothing,
    "Every place of a digit in a house leads to the same fact, which therefore holds.",
)
.growing(Growth::ByLength)
.listed_at_most(FORCING_LISTED)
.listed_within("placements first, then smallest proofs");

impl Technique for HouseForcingChain {
    fn descriptor(&self) -> &'static Descriptor {
        &HOUSE_FORCING_CHAIN
    }

    fn search(&self, grid: &Grid, _part: Part<'_>, memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        let base = Base::new(grid, Mode::Chain);
        let nets = cached_branches(&base, memo);
        let nets = view(&nets);
        let Some(first) = find_common(&base, &nets, false, true, usize::MAX) else { return ControlFlow::Continue(()) };
        finds.step(first.step(TechniqueId::HouseForcingChain))?;
        let handed = [(first.kind, first.target)];
        hand_over(commons(&base, &nets, false, true), &nets, TechniqueId::HouseForcingChain, &handed, finds)
    }
}

/// Forcing net (SE's dynamic forcing chains): contradiction, cell and house
/// forcing with dynamic propagation, where a fact may follow from several
/// earlier ones (a naked or hidden single in the branch's position).
pub(crate) struct ForcingNet;

static FORCING_NET: Descriptor = Descriptor::rated_as_se(
    TechniqueId::ForcingNet,
    "forcing-net",
    "Forcing Net",
    SeTechnique::ForcingChains { kind: ForcingChainsKind::Contradiction, engine: ChainEngine::Dynamic { nesting: 0 } },
    700,
    HintFocus::Nothing,
    "Forcing chains with facts that follow from several earlier ones: a contradiction or a fact every branch reaches.",
)
.growing(Growth::ByLength)
.listed_at_most(FORCING_LISTED)
.listed_within("placements first, then smallest proofs");

impl Technique for ForcingNet {
    fn descriptor(&self) -> &'static Descriptor {
        &FORCING_NET
    }

    fn search(&self, grid: &Grid, _part: Part<'_>, memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        // The smallest proof over every form: every branch is followed to
        // its end, then the contradiction and the common fact with the
        // fewest facts are compared (a tie goes to the contradiction).
        let id = TechniqueId::ForcingNet;
        let base = Base::new(grid, Mode::Net);
        let nets = cached_branches(&base, memo);
        let nets = view(&nets);
        let contradiction = find_contradiction(&nets);
        let below = contradiction.as_ref().map_or(usize::MAX, |f| f.size);
        let common = find_common(&base, &nets, true, true, below);
        let first = match (common, contradiction) {
            (Some(c), Some(k)) => Some(if c.target.1 || c.size < k.size { c } else { k }),
            (c, k) => c.or(k),
        };
        let Some(first) = first else {
            return ControlFlow::Continue(());
        };
        finds.step(first.step(id))?;
        // The rest as the first: placements, then by size, contradictions
        // first on ties.
        let mut rest = contradictions(&nets);
        rest.extend(commons(&base, &nets, true, true));
        rest.sort_by_key(|found| (!found.target.1, found.size));
        hand_over(rest, &nets, id, &[(first.kind, first.target)], finds)
    }
}

/// Nested forcing net: a forcing net whose branches, when they stall, also
/// rule out candidates whose assumption leads to a contradiction by a net
/// (one level of nesting). The last logical resort before brute force.
pub(crate) struct NestedForcingNet;

static NESTED_FORCING_NET: Descriptor = Descriptor::rated_as_se(
    TechniqueId::NestedForcingNet,
    "nested-forcing-net",
    "Nested Forcing Net",
    SeTechnique::ForcingChains { kind: ForcingChainsKind::Contradiction, engine: ChainEngine::Dynamic { nesting: 2 } },
    900,
    HintFocus::Nothing,
    "A forcing net whose stalled branches test their candidates with inner nets.",
)
.growing(Growth::ByLength)
.listed_at_most(FORCING_LISTED)
.listed_within("smallest proofs first, inner nets within a budget of 50,000 assumptions");

impl Technique for NestedForcingNet {
    fn descriptor(&self) -> &'static Descriptor {
        &NESTED_FORCING_NET
    }

    fn search(&self, grid: &Grid, _part: Part<'_>, memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        let id = TechniqueId::NestedForcingNet;
        let base = Base::new(grid, Mode::Net);
        let plain = cached_branches(&base, memo);
        let order = nesting_order(&base, &plain);
        // Branches that nesting changed (in the last pass); the others stay
        // as they are.
        let mut changed: Vec<Option<Box<Net>>> = Vec::new();
        // The contradictions handed over: the first ends the driver's
        // search (nesting is costly); a listing goes on through both
        // passes, each assumption's contradiction once.
        let mut handed: Vec<(ForcingKind, (Cand, bool))> = Vec::new();
        for (share, mut budget) in NESTED_PASSES {
            changed = (0..729).map(|_| None).collect();
            for &c in &order {
                let Some(net) = &plain[usize::from(c)] else { continue };
                let Some(mut nested) = net.nest(&base, &mut budget, share) else { continue };
                let contradicts = nested.contradiction.is_some();
                if contradicts {
                    nested = net.smaller_nested(&base, nested);
                }
                if contradicts {
                    let found = contradiction_of(c, &nested);
                    if !handed.contains(&(found.kind, found.target)) {
                        handed.push((found.kind, found.target));
                        finds.step(found.step(id))?;
                    }
                }
                changed[usize::from(c)] = Some(Box::new(nested));
            }
        }
        let nets: Vec<Option<&Net>> =
            changed.iter().zip(plain.iter()).map(|(n, p)| n.as_deref().or(p.as_deref())).collect();
        if handed.is_empty() {
            let Some(first) = find_common(&base, &nets, true, true, usize::MAX) else {
                return ControlFlow::Continue(());
            };
            finds.step(first.step(id))?;
            handed.push((first.kind, first.target));
        }
        hand_over(commons(&base, &nets, true, true), &nets, id, &handed, finds)
    }
}

/// The assumptions whose branches the nested search tries, in order: those
/// whose plain branch derives the fewest facts first (ties in reading
/// order). Measured on forum-hardest-1106.txt, against reading order: 43%
/// fewer nested nets in a solve and 17% fewer words, each proof somewhat
/// longer (docs/BENCHMARKS.md).
fn nesting_order(base: &Base, plain: &[Option<Box<Net>>]) -> Vec<Cand> {
    let mut order: Vec<Cand> = base.candidates().collect();
    order.sort_by_key(|&c| plain[usize::from(c)].as_ref().map_or(0, |n| n.facts.len()));
    order
}

/// How branches propagate.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    /// Static links of the assumed digit only (Sudoku Explainer's Nishio).
    Nishio,
    /// Static links of every digit: chains.
    Chain,
    /// Dynamic singles: nets.
    Net,
}

/// A candidate as an index: cell times nine plus digit minus one.
type Cand = u16;
/// A fact's index in its net.
type FactId = u16;

fn cand(cell: Cell, digit: Digit) -> Cand {
    (cell.index() * 9 + usize::from(digit.get() - 1)) as Cand
}

fn cell_of(c: Cand) -> Cell {
    Cell::new((c / 9) as u8)
}

fn digit_of(c: Cand) -> Digit {
    Digit::new((c % 9) as u8 + 1)
}

const UNKNOWN: u8 = 0;
const ON: u8 = 1;
const OFF: u8 = 2;

/// The position every branch starts from, and how branches propagate.
struct Base<'a> {
    grid: &'a Grid,
    /// Singles from the branch's position (a net), not only from the grid's.
    mode: Mode,
    dynamic: bool,
    /// Only links of the assumed digit: no other digit of a cell is ruled
    /// out, and no naked single follows.
    single_digit: bool,
    /// Candidates per cell in the grid.
    cell_count: [u8; 81],
    /// Places per house (index) and digit in the grid; 0 where the digit is placed.
    house_count: [[u8; 9]; 27],
    /// Per digit (index `digit - 1`), the cells that hold it.
    digit_cells: [CellSet; 9],
    /// A branch with nothing assumed yet.
    fresh: Net,
}

impl<'a> Base<'a> {
    fn new(grid: &'a Grid, mode: Mode) -> Base<'a> {
        let (dynamic, single_digit) = (mode == Mode::Net, mode == Mode::Nishio);
        let mut cell_count = [0u8; 81];
        let mut house_count = [[0u8; 9]; 27];
        for cell in Cell::all() {
            let candidates = grid.candidates(cell);
            cell_count[cell.index()] = candidates.len() as u8;
            for d in candidates.iter() {
                for h in cell.houses() {
                    house_count[h.index()][usize::from(d.get() - 1)] += 1;
                }
            }
        }
        let fresh = Net {
            state: [UNKNOWN; 729],
            fact_at: [0; 729],
            cell_left: cell_count,
            house_left: house_count,
            facts: Vec::new(),
            parents: Vec::new(),
            head: 0,
            contradiction: None,
            empty_contradicts: dynamic || single_digit,
            nested: Vec::new(),
        };
        Base {
            grid,
            mode,
            dynamic,
            single_digit,
            cell_count,
            house_count,
            digit_cells: crate::model::grid::digit_cells(grid),
            fresh,
        }
    }

    fn candidates(&self) -> impl Iterator<Item = Cand> + '_ {
        Cell::all().flat_map(move |cell| self.grid.candidates(cell).iter().map(move |d| cand(cell, d)))
    }
}

/// One derived fact: a candidate on or off, its parents (a range of
/// `Net::parents`), its depth (the longest parent path from the
/// assumption) and why it holds.
#[derive(Clone, Copy)]
struct RawFact {
    cand: Cand,
    on: bool,
    start: u32,
    len: u16,
    depth: u16,
    reason: FactReason,
}

#[derive(Clone, Copy)]
enum RawContradiction {
    Both { on: FactId, off: FactId },
    Cell(Cell),
    House(House, Digit),
}

/// A branch being propagated.
#[derive(Clone)]
struct Net {
    state: [u8; 729],
    /// For a candidate that is on or off, the fact that says so.
    fact_at: [FactId; 729],
    /// Candidates per cell not yet off.
    cell_left: [u8; 81],
    /// Places per house and digit not yet off.
    house_left: [[u8; 9]; 27],
    facts: Vec<RawFact>,
    parents: Vec<FactId>,
    /// The next fact to draw implications from (the queue is `facts[head..]`).
    head: usize,
    contradiction: Option<RawContradiction>,
    /// An emptied cell or house ends the branch (in nets; a chain's branch
    /// ends only on a candidate both true and false).
    empty_contradicts: bool,
    /// Nested contradictions: for a fact with reason `Contradicts(k)`, the
    /// inner net `nested[k]` and the fact count of this net when it started.
    nested: Vec<(Net, usize)>,
}

/// The state of a quick test (`Net::quick_contradiction`): a branch's
/// candidates and counters, and the candidates set but not yet followed.
struct Quick {
    state: [u8; 729],
    cell_left: [u8; 81],
    house_left: [[u8; 9]; 27],
    queue: Vec<(Cand, bool)>,
}

impl Quick {
    /// Sets a candidate on or off; false on a contradiction.
    fn set(&mut self, c: Cand, on: bool) -> bool {
        let want = if on { ON } else { OFF };
        let now = self.state[usize::from(c)];
        if now == want {
            return true;
        }
        if now != UNKNOWN {
            return false;
        }
        self.state[usize::from(c)] = want;
        self.queue.push((c, on));
        if !on {
            let (cell, digit) = (cell_of(c), digit_of(c));
            let left = &mut self.cell_left[cell.index()];
            *left = left.saturating_sub(1);
            if *left == 0 {
                return false;
            }
            for h in cell.houses() {
                let left = &mut self.house_left[h.index()][usize::from(digit.get() - 1)];
                *left = left.saturating_sub(1);
                if *left == 0 {
                    return false;
                }
            }
        }
        true
    }
}

impl Net {
    fn parents_of(&self, f: &RawFact) -> &[FactId] {
        &self.parents[f.start as usize..f.start as usize + usize::from(f.len)]
    }

    /// Records a fact; true when it makes a contradiction.
    fn add(&mut self, c: Cand, on: bool, parents: &[FactId], reason: FactReason) -> bool {
        let want = if on { ON } else { OFF };
        let now = self.state[usize::from(c)];
        if now == want {
            return false;
        }
        let depth = parents.iter().map(|&p| self.facts[usize::from(p)].depth + 1).max().unwrap_or(0);
        let id = self.facts.len() as FactId;
        self.facts.push(RawFact {
            cand: c,
            on,
            start: self.parents.len() as u32,
            len: parents.len() as u16,
            depth,
            reason,
        });
        self.parents.extend_from_slice(parents);
        if now != UNKNOWN {
            let other = self.fact_at[usize::from(c)];
            self.contradiction = Some(if on {
                RawContradiction::Both { on: id, off: other }
            } else {
                RawContradiction::Both { on: other, off: id }
            });
            return true;
        }
        self.state[usize::from(c)] = want;
        self.fact_at[usize::from(c)] = id;
        if !on {
            let (cell, digit) = (cell_of(c), digit_of(c));
            let left = &mut self.cell_left[cell.index()];
            *left = left.saturating_sub(1);
            if *left == 0 && self.empty_contradicts {
                self.contradiction = Some(RawContradiction::Cell(cell));
                return true;
            }
            for h in cell.houses() {
                let left = &mut self.house_left[h.index()][usize::from(digit.get() - 1)];
                *left = left.saturating_sub(1);
                if *left == 0 && self.empty_contradicts {
                    self.contradiction = Some(RawContradiction::House(h, digit));
                    return true;
                }
            }
        }
        false
    }

    /// Draws implications breadth-first until nothing follows, a
    /// contradiction appears (true), or every fact left is `max_depth`
    /// deep or deeper.
    fn propagate(&mut self, base: &Base, max_depth: u16) -> bool {
        if self.contradiction.is_some() {
            return true;
        }
        let grid = base.grid;
        let mut parents: Vec<FactId> = Vec::with_capacity(9);
        while self.head < self.facts.len() {
            let f = self.facts[self.head];
            if f.depth >= max_depth {
                return false;
            }
            let id = self.head as FactId;
            self.head += 1;
            let (cell, digit) = (cell_of(f.cand), digit_of(f.cand));
            if f.on {
                let others = if base.single_digit { DigitSet::EMPTY } else { grid.candidates(cell) };
                for d in others.iter().filter(|&d| d != digit) {
                    if self.add(cand(cell, d), false, &[id], FactReason::SameCell) {
                        return true;
                    }
                }
                let di = usize::from(digit.get() - 1);
                for p in base.digit_cells[di].intersection(cell.peers()).iter() {
                    let h = if p.row() == cell.row() {
                        House::row(cell.row())
                    } else if p.col() == cell.col() {
                        House::col(cell.col())
                    } else {
                        House::block(cell.block())
                    };
                    if self.add(cand(p, digit), false, &[id], FactReason::SameHouse(h)) {
                        return true;
                    }
                }
                continue;
            }
            // A false candidate: a naked single in its cell?
            let ci = cell.index();
            if !base.single_digit && self.cell_left[ci] == 1 && (base.dynamic || base.cell_count[ci] == 2) {
                let all = grid.candidates(cell);
                if let Some(last) = all.iter().find(|&d| self.state[usize::from(cand(cell, d))] != OFF) {
                    if self.state[usize::from(cand(cell, last))] == UNKNOWN {
                        parents.clear();
                        parents.extend(
                            all.iter().filter(|&d| d != last).map(|d| self.fact_at[usize::from(cand(cell, d))]),
                        );
                        let ps = std::mem::take(&mut parents);
                        let contradiction = self.add(cand(cell, last), true, &ps, FactReason::OnlyCandidate);
                        parents = ps;
                        if contradiction {
                            return true;
                        }
                    }
                }
            }
            // A hidden single of its digit in one of its houses?
            let di = usize::from(digit.get() - 1);
            for h in cell.houses() {
                let hi = h.index();
                if self.house_left[hi][di] != 1 || !(base.dynamic || base.house_count[hi][di] == 2) {
                    continue;
                }
                let places = base.digit_cells[di].intersection(h.cells()).iter();
                let mut last = None;
                parents.clear();
                for p in places {
                    if self.state[usize::from(cand(p, digit))] == OFF {
                        parents.push(self.fact_at[usize::from(cand(p, digit))]);
                    } else {
                        last = Some(p);
                    }
                }
                if let Some(p) = last.filter(|&p| self.state[usize::from(cand(p, digit))] == UNKNOWN) {
                    let ps = std::mem::take(&mut parents);
                    let contradiction = self.add(cand(p, digit), true, &ps, FactReason::OnlyPlace(h));
                    parents = ps;
                    if contradiction {
                        return true;
                    }
                }
            }
            if base.dynamic && self.locked(base, cell, digit, &mut parents) {
                return true;
            }
        }
        false
    }

    /// Locked candidates in the branch's position, once `digit` has left
    /// `cell`: its places left in the cell's box all in one row or column
    /// leave the rest of that line; its places left in the cell's row or
    /// column all in one box leave the rest of that box. (A box or line
    /// only changes when one of its places goes, so each is tested then.)
    /// True on a contradiction.
    fn locked(&mut self, base: &Base, cell: Cell, digit: Digit, parents: &mut Vec<FactId>) -> bool {
        let di = usize::from(digit.get() - 1);
        let places = base.digit_cells[di];
        let state = |net: &Net, p: Cell| net.state[usize::from(cand(p, digit))];
        for confined in [House::block(cell.block()), House::row(cell.row()), House::col(cell.col())] {
            // One place left is a hidden single, found above.
            if self.house_left[confined.index()][di] < 2 {
                continue;
            }
            let here = places.intersection(confined.cells());
            let left: CellSet = here.iter().filter(|&p| state(self, p) != OFF).collect();
            let Some(first) = left.first() else { continue };
            if left.iter().any(|p| state(self, p) == ON) {
                continue;
            }
            let crossing = if confined.kind() == HouseKind::Block {
                [Some(House::row(first.row())), Some(House::col(first.col()))]
            } else {
                [Some(House::block(first.block())), None]
            };
            for line in crossing.into_iter().flatten() {
                if !left.difference(line.cells()).is_empty() {
                    continue;
                }
                let targets = places.intersection(line.cells()).difference(confined.cells());
                if targets.iter().all(|t| state(self, t) != UNKNOWN) {
                    continue;
                }
                parents.clear();
                parents.extend(here.difference(line.cells()).iter().map(|p| self.fact_at[usize::from(cand(p, digit))]));
                let ps = std::mem::take(parents);
                let reason = FactReason::Locked { confined, line };
                let open: Vec<Cell> = targets.iter().filter(|&t| state(self, t) == UNKNOWN).collect();
                let contradiction = open.into_iter().any(|t| self.add(cand(t, digit), false, &ps, reason));
                *parents = ps;
                if contradiction {
                    return true;
                }
            }
        }
        false
    }

    /// One level of nesting, when the branch has stalled: each unknown
    /// candidate (see `nested_candidates` for the order) is assumed on top
    /// of the branch; if a net from there reaches a
    /// contradiction, the candidate is false in the branch, and the branch
    /// goes on from that fact. Stops when `budget` (shared by the search)
    /// or this branch's `share` of it is spent. Returns the branch with its
    /// nested facts, if it gained any.
    fn nest(&self, base: &Base, budget: &mut usize, mut share: usize) -> Option<Net> {
        if self.contradiction.is_some() {
            return None;
        }
        // Copied on the first nested contradiction.
        let mut out: Option<Net> = None;
        loop {
            let mut progressed = false;
            let net = out.as_ref().unwrap_or(self);
            for c in net.nested_candidates(base) {
                let net = out.as_ref().unwrap_or(self);
                if net.state[usize::from(c)] != UNKNOWN {
                    continue;
                }
                if *budget == 0 || share == 0 {
                    return out;
                }
                *budget -= 1;
                share -= 1;
                let Some((inner, start)) = net.inner_contradiction(base, c) else { continue };
                if out.get_or_insert_with(|| self.clone()).adopt(base, c, inner, start) {
                    return out;
                }
                progressed = true;
            }
            if !progressed {
                return out;
            }
        }
    }

    /// The branch from assuming `c` on top of this one (with the fact
    /// count where it starts), when it reaches a contradiction.
    fn inner_contradiction(&self, base: &Base, c: Cand) -> Option<(Net, usize)> {
        if !self.quick_contradiction(base, c) {
            return None;
        }
        let mut inner = self.without_nested();
        let start = inner.facts.len();
        inner.head = start;
        inner.add(c, true, &[], FactReason::Assumed);
        inner.propagate(base, u16::MAX).then_some((inner, start))
    }

    /// A copy of this branch without its nested branches (an inner branch
    /// needs this branch's facts, not how they were proved).
    fn without_nested(&self) -> Net {
        Net {
            state: self.state,
            fact_at: self.fact_at,
            cell_left: self.cell_left,
            house_left: self.house_left,
            // Room for the inner branch's own facts.
            facts: with_room(&self.facts, 256),
            parents: with_room(&self.parents, 512),
            head: self.head,
            contradiction: self.contradiction,
            empty_contradicts: self.empty_contradicts,
            nested: Vec::new(),
        }
    }

    /// Takes `c` as false, proved by `inner`, and goes on from there; true
    /// when this branch then contradicts itself.
    fn adopt(&mut self, base: &Base, c: Cand, inner: Net, start: usize) -> bool {
        // The facts of this branch that the inner proof stands on.
        let proof = inner.proof_above(&inner.contradiction_roots(), start);
        let used: Vec<FactId> = proof.iter().copied().filter(|&f| usize::from(f) < start).collect();
        let k = self.nested.len();
        self.nested.push((inner, start));
        self.add(c, false, &used, FactReason::Contradicts(k)) || self.propagate(base, u16::MAX)
    }

    /// The nested search again from `self` (a branch before nesting),
    /// assuming only the candidates of `allowed`, in that order, until the
    /// branch contradicts itself (the branch returned) or stalls.
    fn replay(&self, base: &Base, allowed: &[Cand]) -> Option<Net> {
        let mut net = self.clone();
        loop {
            let mut progressed = false;
            for &c in allowed {
                if net.state[usize::from(c)] != UNKNOWN {
                    continue;
                }
                let Some((inner, start)) = net.inner_contradiction(base, c) else { continue };
                if net.adopt(base, c, inner, start) {
                    return Some(net);
                }
                progressed = true;
            }
            if !progressed {
                return None;
            }
        }
    }

    /// The candidates this contradiction's proof rules out by nested
    /// contradictions, in the order they were found.
    fn nested_in_proof(&self) -> Vec<Cand> {
        let proof = self.proof(&self.contradiction_roots());
        proof
            .iter()
            .map(|&f| self.facts[usize::from(f)])
            .filter(|f| matches!(f.reason, FactReason::Contradicts(_)))
            .map(|f| f.cand)
            .collect()
    }

    /// A smaller proof of `nested`'s contradiction (`self` is the branch
    /// before nesting): each nested contradiction its proof uses is left
    /// out in turn, last first, and the search replayed with the rest;
    /// whenever the branch still contradicts itself with a smaller proof,
    /// that proof is kept.
    fn smaller_nested(&self, base: &Base, nested: Net) -> Net {
        let size = |net: &Net| net.proof_size(&net.proof(&net.contradiction_roots()));
        let mut best_size = size(&nested);
        let mut best = nested;
        let mut keep = best.nested_in_proof();
        let mut i = keep.len();
        while i > 0 {
            i -= 1;
            let mut trial = keep.clone();
            trial.remove(i);
            if let Some(net) = self.replay(base, &trial) {
                let s = size(&net);
                if s < best_size {
                    keep = net.nested_in_proof();
                    i = i.min(keep.len());
                    best = net;
                    best_size = s;
                }
            }
        }
        best
    }

    /// The unknown candidates to assume inside a stalled branch, each once:
    /// first those of cells with two candidates left and of digits with two
    /// places left in a house (their contradictions come soonest), then the rest.
    fn nested_candidates(&self, base: &Base) -> Vec<Cand> {
        let grid = base.grid;
        let mut seen = [false; 729];
        let mut out = Vec::new();
        let mut push = |c: Cand, out: &mut Vec<Cand>| {
            if self.state[usize::from(c)] == UNKNOWN && !std::mem::replace(&mut seen[usize::from(c)], true) {
                out.push(c);
            }
        };
        for cell in Cell::all() {
            if self.cell_left[cell.index()] == 2 {
                for d in grid.candidates(cell).iter() {
                    push(cand(cell, d), &mut out);
                }
            }
        }
        for h in House::all() {
            for d in Digit::all() {
                if self.house_left[h.index()][usize::from(d.get() - 1)] == 2 {
                    for p in base.digit_cells[usize::from(d.get() - 1)].intersection(h.cells()).iter() {
                        push(cand(p, d), &mut out);
                    }
                }
            }
        }
        for cell in Cell::all() {
            for d in grid.candidates(cell).iter() {
                push(cand(cell, d), &mut out);
            }
        }
        out
    }

    /// True when assuming `c` on top of this branch leads to a
    /// contradiction by singles: the same propagation as `propagate`,
    /// without recording facts, to test candidates cheaply.
    fn quick_contradiction(&self, base: &Base, c: Cand) -> bool {
        let mut quick = Quick {
            state: self.state,
            cell_left: self.cell_left,
            house_left: self.house_left,
            queue: Vec::with_capacity(128),
        };
        if !quick.set(c, true) {
            return true;
        }
        let grid = base.grid;
        let mut head = 0;
        while head < quick.queue.len() {
            let (c, on) = quick.queue[head];
            head += 1;
            let (cell, digit) = (cell_of(c), digit_of(c));
            let di = usize::from(digit.get() - 1);
            if on {
                for d in grid.candidates(cell).iter().filter(|&d| d != digit) {
                    if !quick.set(cand(cell, d), false) {
                        return true;
                    }
                }
                for p in base.digit_cells[di].intersection(cell.peers()).iter() {
                    if !quick.set(cand(p, digit), false) {
                        return true;
                    }
                }
                continue;
            }
            // The counters say when a single may follow; only then look for it.
            if quick.cell_left[cell.index()] == 1 {
                let last = grid.candidates(cell).iter().find(|&d| quick.state[usize::from(cand(cell, d))] != OFF);
                if let Some(last) = last {
                    let lc = cand(cell, last);
                    if quick.state[usize::from(lc)] == UNKNOWN && !quick.set(lc, true) {
                        return true;
                    }
                }
            }
            for h in cell.houses() {
                if quick.house_left[h.index()][di] != 1 {
                    continue;
                }
                let places = base.digit_cells[di].intersection(h.cells());
                if let Some(p) = places.iter().find(|&p| quick.state[usize::from(cand(p, digit))] != OFF) {
                    let pc = cand(p, digit);
                    if quick.state[usize::from(pc)] == UNKNOWN && !quick.set(pc, true) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// The facts `roots` stand on, themselves included, in derivation order.
    fn proof(&self, roots: &[FactId]) -> Vec<FactId> {
        self.proof_above(roots, 0)
    }

    /// The same, where facts before `floor` (an enclosing branch's) are
    /// included but not followed further.
    fn proof_above(&self, roots: &[FactId], floor: usize) -> Vec<FactId> {
        let mut seen = vec![false; self.facts.len()];
        let mut stack: Vec<FactId> = roots.to_vec();
        while let Some(f) = stack.pop() {
            if std::mem::replace(&mut seen[usize::from(f)], true) || usize::from(f) < floor {
                continue;
            }
            stack.extend_from_slice(self.parents_of(&self.facts[usize::from(f)]));
        }
        (0..self.facts.len() as FactId).filter(|&f| seen[usize::from(f)]).collect()
    }

    /// The proof's size, nested branches' facts included.
    fn proof_size(&self, proof: &[FactId]) -> usize {
        proof
            .iter()
            .map(|&f| match self.facts[usize::from(f)].reason {
                FactReason::Contradicts(k) => 1 + self.nested_branch_len(k),
                _ => 1,
            })
            .sum()
    }

    fn nested_branch_len(&self, k: usize) -> usize {
        let (inner, start) = &self.nested[k];
        let proof = inner.proof_above(&inner.contradiction_roots(), *start);
        proof.iter().filter(|&&f| usize::from(f) >= *start).count()
    }

    /// `contradiction_roots` for the cell and house cases, read from the net alone.
    fn contradiction_roots(&self) -> Vec<FactId> {
        match self.contradiction {
            Some(RawContradiction::Both { on, off }) => vec![on, off],
            Some(RawContradiction::Cell(cell)) => (0..9)
                .map(|d| cand(cell, Digit::new(d + 1)))
                .filter(|&c| self.state[usize::from(c)] == OFF)
                .map(|c| self.fact_at[usize::from(c)])
                .collect(),
            Some(RawContradiction::House(h, d)) => h
                .cells()
                .iter()
                .map(|p| cand(p, d))
                .filter(|&c| self.state[usize::from(c)] == OFF)
                .map(|c| self.fact_at[usize::from(c)])
                .collect(),
            None => Vec::new(),
        }
    }

    /// The proof as a `Branch`, with its nested branches appended to `nested`.
    fn branch(&self, proof: &[FactId], nested: &mut Vec<Branch>) -> Branch {
        self.branch_from(proof, 0, nested)
    }

    /// Facts before `known` are restated as `Known` (they belong to the
    /// enclosing branch).
    fn branch_from(&self, proof: &[FactId], known: usize, nested: &mut Vec<Branch>) -> Branch {
        let mut index = vec![usize::MAX; self.facts.len()];
        let mut facts = Vec::with_capacity(proof.len());
        for (i, &f) in proof.iter().enumerate() {
            index[usize::from(f)] = i;
        }
        for &f in proof {
            let raw = &self.facts[usize::from(f)];
            let candidate = Candidate::new(cell_of(raw.cand), digit_of(raw.cand));
            if usize::from(f) < known {
                facts.push(Fact {
                    candidate,
                    holds: raw.on,
                    parents: Vec::new(),
                    reason: FactReason::Known(usize::from(f)),
                });
                continue;
            }
            let reason = match raw.reason {
                FactReason::Contradicts(k) => {
                    let (inner, start) = &self.nested[k];
                    let inner_proof = inner.proof_above(&inner.contradiction_roots(), *start);
                    let mut sub = inner.branch_from(&inner_proof, *start, nested);
                    // `Known` facts point at this branch's numbering.
                    for fact in &mut sub.facts {
                        if let FactReason::Known(outer) = fact.reason {
                            fact.reason = FactReason::Known(index[outer]);
                        }
                    }
                    nested.push(sub);
                    FactReason::Contradicts(nested.len() - 1)
                }
                other => other,
            };
            let parents = self.parents_of(raw).iter().map(|&p| index[usize::from(p)]).collect();
            facts.push(Fact { candidate, holds: raw.on, parents, reason });
        }
        let contradiction = self.contradiction.map(|c| match c {
            RawContradiction::Both { on, off } => {
                Contradiction::Both { on: index[usize::from(on)], off: index[usize::from(off)] }
            }
            RawContradiction::Cell(cell) => Contradiction::NoCandidate {
                cell,
                facts: self.contradiction_roots().iter().map(|&f| index[usize::from(f)]).collect(),
            },
            RawContradiction::House(house, digit) => Contradiction::NoPlace {
                house,
                digit,
                facts: self.contradiction_roots().iter().map(|&f| index[usize::from(f)]).collect(),
            },
        });
        Branch { facts, contradiction }
    }
}

/// A copy of `items` with room for `more`.
fn with_room<T: Copy>(items: &[T], more: usize) -> Vec<T> {
    let mut copy = Vec::with_capacity(items.len() + more);
    copy.extend_from_slice(items);
    copy
}

/// A branch from assuming candidate `c`, propagated up to `max_depth`.
fn branch_from(base: &Base, c: Cand, max_depth: u16) -> Net {
    let mut net = base.fresh.clone();
    net.facts.reserve(256);
    net.parents.reserve(512);
    net.add(c, true, &[], FactReason::Assumed);
    net.propagate(base, max_depth);
    net
}

/// What a search found: the nets of its branches with their proofs, and the fact concluded.
struct Found {
    /// The facts of every branch's proof.
    size: usize,
    kind: ForcingKind,
    branches: Vec<(Net, Vec<FactId>)>,
    /// The concluded fact (candidate, true?); for a contradiction, the
    /// assumption, which is false.
    target: (Cand, bool),
}

impl Found {
    fn step(&self, id: TechniqueId) -> Step {
        let mut nested = Vec::new();
        let branches: Vec<Branch> = self.branches.iter().map(|(net, proof)| net.branch(proof, &mut nested)).collect();
        let (c, holds) = self.target;
        let target = Candidate::new(cell_of(c), digit_of(c));
        let mut step = Step::new(id);
        step = if holds { step.place(target.cell, target.digit) } else { step.eliminate_all([target]) };
        let mut cells: Vec<Cell> = Vec::new();
        let mut digits = DigitSet::EMPTY;
        for f in branches.iter().filter_map(|b| b.facts.first()) {
            if !cells.contains(&f.candidate.cell) {
                cells.push(f.candidate.cell);
            }
            digits.insert(f.candidate.digit);
        }
        let houses: Vec<House> = match self.kind {
            ForcingKind::House(h, _) => vec![h],
            _ => Vec::new(),
        };
        let forcing = Forcing { kind: self.kind, branches, nested };
        let reason = explain(&forcing, target, holds);
        step.pattern(cells, digits, houses).forcing(forcing).because(reason)
    }
}

/// Every candidate's branch (`None` for a filled cell's or a non-candidate).
type Branches = Rc<Vec<Option<Box<Net>>>>;

/// The cheapest contradiction among the branches.
fn find_contradiction(nets: &[Option<&Net>]) -> Option<Found> {
    let mut best: Option<(usize, usize, Vec<FactId>)> = None;
    for (c, net) in nets.iter().enumerate() {
        let Some(net) = net.filter(|n| n.contradiction.is_some()) else { continue };
        let proof = net.proof(&net.contradiction_roots());
        let size = net.proof_size(&proof);
        if best.as_ref().is_none_or(|b| size < b.0) {
            best = Some((size, c, proof));
        }
    }
    let (size, c, proof) = best?;
    let net = nets[c].expect("a branch").clone();
    Some(Found { size, kind: ForcingKind::Contradiction, branches: vec![(net, proof)], target: (c as Cand, false) })
}

/// The contradiction the branch of `c`, `net`, reaches.
fn contradiction_of(c: Cand, net: &Net) -> Found {
    let proof = net.proof(&net.contradiction_roots());
    let size = net.proof_size(&proof);
    Found { size, kind: ForcingKind::Contradiction, branches: vec![(net.clone(), proof)], target: (c, false) }
}

/// A conclusion of the branches, with the size of its proof: the proof
/// itself is drawn up only for those handed over.
struct Conclusion {
    size: usize,
    kind: ForcingKind,
    /// The branches' assumptions.
    starts: Vec<Cand>,
    target: (Cand, bool),
}

impl Conclusion {
    fn found(&self, nets: &[Option<&Net>]) -> Found {
        let net = |c: Cand| nets[usize::from(c)].expect("a branch");
        if self.kind == ForcingKind::Contradiction {
            return contradiction_of(self.target.0, net(self.target.0));
        }
        Found {
            size: self.size,
            kind: self.kind,
            branches: proofs_of(nets, &self.starts, self.target.0),
            target: self.target,
        }
    }
}

/// Every branch's contradiction, smallest proof first (ties in candidate order).
fn contradictions(nets: &[Option<&Net>]) -> Vec<Conclusion> {
    let mut found: Vec<Conclusion> = nets
        .iter()
        .enumerate()
        .filter_map(|(c, net)| {
            let net = net.filter(|n| n.contradiction.is_some())?;
            let size = net.proof_size(&net.proof(&net.contradiction_roots()));
            let c = c as Cand;
            Some(Conclusion { size, kind: ForcingKind::Contradiction, starts: vec![c], target: (c, false) })
        })
        .collect();
    found.sort_by_key(|f| f.size);
    found
}

/// Hands `finds` each of `found` as a step of `id`, but those already
/// handed over (by their form and fact).
fn hand_over(
    found: Vec<Conclusion>,
    nets: &[Option<&Net>],
    id: TechniqueId,
    handed: &[(ForcingKind, (Cand, bool))],
    finds: &mut Finds<'_>,
) -> ControlFlow<()> {
    for f in found {
        if !handed.contains(&(f.kind, f.target)) {
            finds.step(f.found(nets).step(id))?;
        }
    }
    ControlFlow::Continue(())
}

/// Every candidate's branch, fully propagated, as last computed for this
/// position and propagation: the chain techniques share one computation,
/// and so do the net techniques.
fn cached_branches(base: &Base, memo: &mut Memo) -> Branches {
    if let Some(nets) = cache_get(base, memo) {
        return nets;
    }
    cache_put(base, all_branches(base), memo)
}

/// The branches of the last position seen, one entry per propagation mode.
#[derive(Default)]
struct BranchCache(Vec<(Grid, Mode, Branches)>);

fn cache_get(base: &Base, memo: &mut Memo) -> Option<Branches> {
    let cache = &memo.get::<BranchCache>().0;
    cache.iter().find(|(g, mode, _)| *mode == base.mode && g == base.grid).map(|(_, _, n)| Rc::clone(n))
}

fn cache_put(base: &Base, nets: Vec<Option<Box<Net>>>, memo: &mut Memo) -> Branches {
    let nets = Rc::new(nets);
    let cache = &mut memo.get::<BranchCache>().0;
    cache.retain(|(_, mode, _)| *mode != base.mode);
    cache.push((base.grid.clone(), base.mode, Rc::clone(&nets)));
    nets
}

/// The shallowest contradiction first: every branch advances one level of
/// implications at a time, and the search stops at the first level where
/// some branch contradicts itself (the one with the fewest facts in its
/// proof is reported). Without a contradiction, every branch ends fully
/// propagated, and those branches are returned (and cached) instead.
fn contradiction_or_branches(base: &Base, memo: &mut Memo) -> Result<Found, Branches> {
    if let Some(nets) = cache_get(base, memo) {
        return find_contradiction(&view(&nets)).ok_or(nets);
    }
    let mut nets: Vec<Option<Box<Net>>> = (0..729).map(|_| None).collect();
    for c in base.candidates() {
        nets[usize::from(c)] = Some(Box::new(branch_from(base, c, 0)));
    }
    let mut level = 1;
    loop {
        let mut active = false;
        for net in nets.iter_mut().flatten() {
            if net.contradiction.is_none() {
                net.propagate(base, level);
                active |= net.head < net.facts.len() && net.contradiction.is_none();
            }
        }
        if let Some(found) = find_contradiction(&view(&nets)) {
            return Ok(found);
        }
        if !active {
            return Err(cache_put(base, nets, memo));
        }
        level += 1;
    }
}

/// Every candidate's branch, fully propagated.
fn all_branches(base: &Base) -> Vec<Option<Box<Net>>> {
    let mut nets: Vec<Option<Box<Net>>> = (0..729).map(|_| None).collect();
    for c in base.candidates() {
        nets[usize::from(c)] = Some(Box::new(branch_from(base, c, u16::MAX)));
    }
    nets
}

/// The branches as plain references.
fn view(nets: &[Option<Box<Net>>]) -> Vec<Option<&Net>> {
    nets.iter().map(|n| n.as_deref()).collect()
}

/// The branches of a group's assumptions, split into those that go on
/// (`live`) and those that end in a contradiction (`broken`): a broken
/// branch's assumption is false, so it implies anything, and the group's
/// conclusions are those of the live branches; with one live branch left
/// its assumption holds. `None` when an assumption has no branch, or none
/// is live (no solution).
struct Group<'n> {
    live: Vec<&'n Net>,
    /// The facts of every broken branch's contradiction proof.
    broken_size: usize,
}

impl<'n> Group<'n> {
    fn of(nets: &[Option<&'n Net>], starts: &[Cand]) -> Option<Group<'n>> {
        let mut live = Vec::with_capacity(starts.len());
        let mut broken_size = 0;
        for &c in starts {
            let net = nets[usize::from(c)]?;
            if net.contradiction.is_some() {
                broken_size += net.proof_size(&net.proof(&net.contradiction_roots()));
            } else {
                live.push(net);
            }
        }
        (!live.is_empty()).then_some(Group { live, broken_size })
    }

    /// The facts worth concluding: every fact of the first live branch but
    /// its assumption, which is also one when no other branch is live.
    fn candidates(&self) -> &'n [RawFact] {
        let from = usize::from(self.live.len() > 1);
        &self.live[0].facts[from..]
    }

    /// Whether every live branch has `t` in state `on`.
    fn agree(&self, t: Cand, on: bool) -> bool {
        let want = if on { ON } else { OFF };
        self.live.iter().all(|n| n.state[usize::from(t)] == want)
    }

    /// The facts of the proof of `t`: each live branch's, and the broken
    /// branches' contradictions.
    fn size(&self, t: Cand) -> usize {
        self.broken_size + self.live.iter().map(|n| n.proof_size(&n.proof(&[n.fact_at[usize::from(t)]]))).sum::<usize>()
    }

    /// A lower bound of `size`: each live branch's proof holds at least a
    /// path from its assumption.
    fn at_least(&self, t: Cand) -> usize {
        self.broken_size
            + self
                .live
                .iter()
                .map(|n| usize::from(n.facts[usize::from(n.fact_at[usize::from(t)])].depth) + 1)
                .sum::<usize>()
    }
}

/// Each branch of `starts` with its proof of `t` (the contradiction's, for
/// a broken branch).
fn proofs_of(nets: &[Option<&Net>], starts: &[Cand], t: Cand) -> Vec<(Net, Vec<FactId>)> {
    starts
        .iter()
        .map(|&c| {
            let net = nets[usize::from(c)].expect("a branch");
            let proof = if net.contradiction.is_some() {
                net.proof(&net.contradiction_roots())
            } else {
                net.proof(&[net.fact_at[usize::from(t)]])
            };
            (net.clone(), proof)
        })
        .collect()
}

/// The cheapest fact common to every branch of a cell (`cells`) or of a
/// digit's places in a house (`houses`), if its proof has fewer than
/// `below` facts.
fn find_common(base: &Base, nets: &[Option<&Net>], cells: bool, houses: bool, below: usize) -> Option<Found> {
    let grid = base.grid;
    let groups = forcing_groups(base, cells, houses);
    let mut best: Option<(usize, ForcingKind, Vec<Cand>, Cand, bool)> = None;
    for (kind, starts) in groups {
        let Some(group) = Group::of(nets, &starts) else { continue };
        for &f in group.candidates() {
            let (t, on) = (f.cand, f.on);
            if on && grid.value(cell_of(t)).is_some() {
                continue;
            }
            // A placement goes before any elimination, however large.
            let bar = match &best {
                None if on => usize::MAX,
                None => below,
                Some(b) if b.4 == on => b.0,
                Some(_) if on => usize::MAX,
                Some(_) => 0,
            };
            if !group.agree(t, on) || group.at_least(t) >= bar {
                continue;
            }
            let size = group.size(t);
            if size < bar {
                best = Some((size, kind, starts.clone(), t, on));
            }
        }
    }
    let (size, kind, starts, t, on) = best?;
    Some(Found { size, kind, branches: proofs_of(nets, &starts, t), target: (t, on) })
}

/// The cells (`cells`) and the digits' places in houses (`houses`) whose
/// every candidate may start a branch, each with those candidates.
fn forcing_groups(base: &Base, cells: bool, houses: bool) -> Vec<(ForcingKind, Vec<Cand>)> {
    let grid = base.grid;
    let mut groups: Vec<(ForcingKind, Vec<Cand>)> = Vec::new();
    if cells {
        for cell in Cell::all().filter(|&c| grid.candidates(c).len() >= 2) {
            groups.push((ForcingKind::Cell(cell), grid.candidates(cell).iter().map(|d| cand(cell, d)).collect()));
        }
    }
    if houses {
        for h in House::all() {
            for d in Digit::all() {
                if base.house_count[h.index()][usize::from(d.get() - 1)] >= 2 {
                    let places = h.cells().iter().filter(|&p| grid.has_candidate(p, d)).map(|p| cand(p, d)).collect();
                    groups.push((ForcingKind::House(h, d), places));
                }
            }
        }
    }
    groups
}

/// Every fact common to all branches of a group (see `forcing_groups`),
/// with its proof, smallest proof first (ties in the groups' order).
fn commons(base: &Base, nets: &[Option<&Net>], cells: bool, houses: bool) -> Vec<Conclusion> {
    let grid = base.grid;
    let mut found = Vec::new();
    for (kind, starts) in forcing_groups(base, cells, houses) {
        let Some(group) = Group::of(nets, &starts) else { continue };
        for &f in group.candidates() {
            let (t, on) = (f.cand, f.on);
            if (on && grid.value(cell_of(t)).is_some()) || !group.agree(t, on) {
                continue;
            }
            found.push(Conclusion { size: group.size(t), kind, starts: starts.clone(), target: (t, on) });
        }
    }
    found.sort_by_key(|f| (!f.target.1, f.size));
    found
}

/// What each candidate, assumed true, rules out by chains (static links,
/// the branches the cell and house forcing chains share): the Kraken fish
/// follow a chain from each of its fins.
pub(super) struct ChainImplications {
    nets: Branches,
    /// Per candidate, per digit (index `digit - 1`), the cells its branch
    /// rules that digit out of.
    off: Vec<[u128; 9]>,
}

impl ChainImplications {
    /// The chains of every candidate of `grid` (computed once per position).
    pub(super) fn of(grid: &Grid, memo: &mut Memo) -> ChainImplications {
        let base = Base::new(grid, Mode::Chain);
        let nets = cached_branches(&base, memo);
        let off = nets
            .iter()
            .map(|net| {
                let mut off = [0u128; 9];
                for net in net.iter() {
                    // By state: a fact that contradicts an earlier one is not the candidate's.
                    for f in net.facts.iter().filter(|f| net.state[usize::from(f.cand)] == OFF) {
                        off[usize::from(digit_of(f.cand).get() - 1)] |= 1u128 << cell_of(f.cand).index();
                    }
                }
                off
            })
            .collect();
        ChainImplications { nets, off }
    }

    /// Per digit (index `digit - 1`), the cells that `assumed`, true, rules
    /// the digit out of by chains (nothing for a non-candidate).
    pub(super) fn ruled_out(&self, assumed: Candidate) -> &[u128; 9] {
        &self.off[usize::from(cand(assumed.cell, assumed.digit))]
    }

    /// The number of facts of the chain by which `assumed`, true, rules
    /// out `target` (which `ruled_out` must list).
    pub(super) fn chain_len(&self, assumed: Candidate, target: Candidate) -> usize {
        let net = self.nets[usize::from(cand(assumed.cell, assumed.digit))].as_deref().expect("a candidate's branch");
        // Static links: each fact has one parent, so the chain is its depth.
        usize::from(net.facts[usize::from(net.fact_at[usize::from(cand(target.cell, target.digit))])].depth) + 1
    }

    /// The chain by which `assumed`, true, rules out `target` (which
    /// `ruled_out` must list).
    pub(super) fn chain_to(&self, assumed: Candidate, target: Candidate) -> Branch {
        let net = self.nets[usize::from(cand(assumed.cell, assumed.digit))].as_deref().expect("a candidate's branch");
        let fact = net.fact_at[usize::from(cand(target.cell, target.digit))];
        debug_assert!(!net.facts[usize::from(fact)].on, "{assumed:?} rules out {target:?}");
        // A branch that goes on to a contradiction ends at the target here.
        Branch { contradiction: None, ..net.branch(&net.proof(&[fact]), &mut Vec::new()) }
    }
}

/// `r4c5 is 7` or `r4c5 is not 7`.
fn phrase(c: Candidate, holds: bool) -> String {
    if holds {
        format!("{} is {}", c.cell, c.digit)
    } else {
        format!("{} is not {}", c.cell, c.digit)
    }
}

/// One clause per fact: the fact and why it follows.
fn clause(branch: &Branch, i: usize, nested: &[Branch]) -> String {
    let f = &branch.facts[i];
    let what = phrase(f.candidate, f.holds);
    let parent = |k: usize| &branch.facts[f.parents[k]];
    match f.reason {
        FactReason::Assumed | FactReason::Known(_) => what,
        FactReason::SameCell => format!("{what} (it is {})", parent(0).candidate.digit),
        FactReason::SameHouse(h) => format!("{what} (it sees {} in {})", parent(0).candidate.cell, h.long_name()),
        FactReason::OnlyCandidate => format!("{what} (its only candidate left)"),
        FactReason::OnlyPlace(h) => {
            format!("{what} (the only place left for {} in {})", f.candidate.digit, h.long_name())
        }
        FactReason::Locked { confined, line } => format!(
            "{what} ({} is left in {} only where it meets {})",
            f.candidate.digit,
            confined.long_name(),
            line.long_name()
        ),
        FactReason::Contradicts(k) => {
            let inner = &nested[k];
            format!("{what} (if it were, {}: a contradiction)", branch_text(inner, nested))
        }
    }
}

/// The derived facts of a branch, one clause each, and how it ends.
fn branch_text(branch: &Branch, nested: &[Branch]) -> String {
    let clauses: Vec<String> = (0..branch.facts.len())
        .filter(|&i| !matches!(branch.facts[i].reason, FactReason::Known(_) | FactReason::Assumed))
        .map(|i| clause(branch, i, nested))
        .collect();
    let mut s = clauses.join(", ");
    match &branch.contradiction {
        Some(Contradiction::Both { on, .. }) => {
            let c = branch.facts[*on].candidate;
            s.push_str(&format!(", so {} would be both {} and not {}", c.cell, c.digit, c.digit));
        }
        Some(Contradiction::NoCandidate { cell, .. }) => s.push_str(&format!(", so {cell} has no candidate left")),
        Some(Contradiction::NoPlace { house, digit, .. }) => {
            s.push_str(&format!(", so {digit} has no place left in {}", house.long_name()))
        }
        None => {}
    }
    s
}

/// `if r4c5 is 7: r4c1 is not 7 (it sees r4c5 in row 4), ...`: a branch
/// with its assumption, `nested` the sub-proofs its facts cite.
pub(super) fn branch_sentence(branch: &Branch, nested: &[Branch]) -> String {
    let start = &branch.facts[0];
    let rest = branch_text(branch, nested);
    if rest.is_empty() {
        format!("if {}", phrase(start.candidate, true))
    } else {
        format!("if {}: {rest}", phrase(start.candidate, true))
    }
}

fn explain(forcing: &Forcing, target: Candidate, holds: bool) -> String {
    let branches: Vec<String> = forcing.branches.iter().map(|b| branch_sentence(b, &forcing.nested)).collect();
    let conclusion = || {
        let live: Vec<&Branch> = forcing.branches.iter().filter(|b| b.contradiction.is_none()).collect();
        match live[..] {
            _ if live.len() == forcing.branches.len() => format!("either way {}", phrase(target, holds)),
            [only] if only.facts.len() == 1 => format!("every other one fails, so {}", phrase(target, holds)),
            _ => format!("those that do not fail agree: {}", phrase(target, holds)),
        }
    };
    match forcing.kind {
        ForcingKind::Contradiction => {
            format!("{}; the assumption fails, so {}", branches.join("; "), phrase(target, holds))
        }
        ForcingKind::Cell(cell) => {
            let digits = forcing.branches.iter().map(|b| b.facts[0].candidate.digit);
            format!("{cell} is {}; {}; {}", listing(digits, "or"), branches.join("; "), conclusion())
        }
        ForcingKind::House(house, digit) => {
            let cells = forcing.branches.iter().map(|b| b.facts[0].candidate.cell);
            format!(
                "{digit} goes in {} in {}; {}; {}",
                listing(cells, "or"),
                house.long_name(),
                branches.join("; "),
                conclusion()
            )
        }
        ForcingKind::Fish => format!("{}; either way {}", branches.join("; "), phrase(target, holds)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::technique::testing::{assert_agrees_with_solution, marks};
    use crate::explain::technique::testing::{EverySteps, FirstStep};

    /// 7 only in r2c2 and r2c6 (plus `row_2`) in row 2, only in r5c1 and r5c6 in row 5.
    fn nishio_grid(row_2: &[u8]) -> Grid {
        let mut removals: Vec<(u8, u8, &str)> =
            (1..=9).filter(|c| ![2, 6].contains(c) && !row_2.contains(c)).map(|c| (2, c, "7")).collect();
        removals.extend((1..=9).filter(|c| ![1, 6].contains(c)).map(|c| (5, c, "7")));
        crate::explain::technique::testing::without(Grid::empty(), &removals)
    }

    #[test]
    fn contradiction_forcing_chain_removes_an_assumption_that_leaves_a_digit_no_place() {
        let step = ContradictionForcingChain.first(&nishio_grid(&[])).expect("a contradiction");
        assert_eq!(step.eliminations, [Candidate::new(Cell::at(0, 0), Digit::new(7))]);
        assert_eq!(
            step.text(),
            "Contradiction Forcing Chain: r1c1=7 => r1c1<>7. If r1c1 is 7: r2c2 is not 7 (it sees r1c1 in box 1), \
             r5c1 is not 7 (it sees r1c1 in column 1), r2c6 is 7 (the only place left for 7 in row 2), r5c6 is 7 \
             (the only place left for 7 in row 5), r5c6 is not 7 (it sees r2c6 in column 6), so r5c6 would be both \
             7 and not 7; the assumption fails, so r1c1 is not 7."
        );
        let forcing = step.forcing.as_ref().expect("the proof");
        assert_eq!(forcing.kind, ForcingKind::Contradiction);
        assert_eq!(step.rating(), crate::se_rating::scale::Tenths::of(7.6), "6 facts: 7.5 + 0.1");
    }

    #[test]
    fn contradiction_forcing_chain_needs_strong_links() {
        // With a third place for 7 in row 2 nothing is forced there.
        assert_eq!(ContradictionForcingChain.first(&nishio_grid(&[9])), None);
    }

    fn cell_grid(r9c1: &'static str) -> Grid {
        marks(&[(1, 1, "12"), (1, 9, "19"), (9, 1, r9c1)])
    }

    #[test]
    fn cell_forcing_chain_finds_what_every_candidate_implies() {
        let step = CellForcingChain.first(&cell_grid("29")).expect("a cell forcing chain");
        assert_eq!(step.eliminations, [Candidate::new(Cell::at(8, 8), Digit::new(9))]);
        assert_eq!(
            step.text(),
            "Cell Forcing Chain: r1c1{12} => r9c9<>9. r1c1 is 1 or 2; if r1c1 is 1: r1c9 is not 1 (it sees r1c1 \
             in row 1), r1c9 is 9 (its only candidate left), r9c9 is not 9 (it sees r1c9 in column 9); if r1c1 is \
             2: r9c1 is not 2 (it sees r1c1 in column 1), r9c1 is 9 (its only candidate left), r9c9 is not 9 (it \
             sees r9c1 in row 9); either way r9c9 is not 9."
        );
        let forcing = step.forcing.as_ref().expect("the proof");
        assert_eq!(forcing.kind, ForcingKind::Cell(Cell::at(0, 0)));
        assert!(forcing.branches.iter().all(Branch::is_linear));
        assert_eq!(forcing.branches[0].chain_text().as_deref(), Some("r1c1=1 -> r1c9<>1 -> r1c9=9 -> r9c9<>9"));
        assert_eq!(step.rating(), crate::se_rating::scale::Tenths::of(8.2), "8 facts: 8.0 + 0.2");
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn cell_forcing_chain_needs_every_branch_to_agree() {
        assert_eq!(CellForcingChain.first(&cell_grid("289")), None);
    }

    fn house_grid(r5c9: &'static str) -> Grid {
        let mut cells = vec![(5, 3, "39"), (5, 9, r5c9)];
        cells.extend((1..=8).filter(|&c| c != 3).map(|c| (1, c, "12345678")));
        marks(&cells)
    }

    #[test]
    fn house_forcing_chain_finds_what_every_place_implies() {
        let step = HouseForcingChain.first(&house_grid("39")).expect("a house forcing chain");
        assert_eq!(
            step.text(),
            "House Forcing Chain: 9 in r1 (r1c3 r1c9) => r2c3<>9. 9 goes in r1c3 or r1c9 in row 1; if r1c3 is 9: \
             r2c3 is not 9 (it sees r1c3 in column 3); if r1c9 is 9: r5c9 is not 9 (it sees r1c9 in column 9), r5c9 \
             is 3 (its only candidate left), r5c3 is not 3 (it sees r5c9 in row 5), r5c3 is 9 (its only candidate \
             left), r2c3 is not 9 (it sees r5c3 in column 3); either way r2c3 is not 9."
        );
        assert_eq!(step.houses, [House::row(0)]);
    }

    #[test]
    fn house_forcing_chain_needs_every_branch_to_agree() {
        assert_eq!(HouseForcingChain.first(&house_grid("349")), None);
    }

    #[test]
    fn nets_and_nesting_find_nothing_in_an_open_grid() {
        let g = Grid::empty();
        assert_eq!(ForcingNet.first(&g), None);
        assert_eq!(NestedForcingNet.first(&g), None);
    }

    /// The position where the driver first takes a step of technique `id`, and that step.
    fn first_position_needing(id: TechniqueId, puzzle: &str) -> (Grid, Step) {
        let mut grid = crate::explain::technique::testing::grid(puzzle);
        loop {
            let step = crate::explain::solve::next_step(&grid).expect("solved by logic");
            if step.technique == id {
                return (grid, step);
            }
            step.apply_to(&mut grid);
        }
    }

    const NESTED_SAMPLE: usize = 8;
    /// forum-hardest-1905-sample.txt #1.
    const HARD: &str = "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6";

    fn solution(puzzle: &str) -> [u8; 81] {
        let givens: Vec<u8> = puzzle.bytes().map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 }).collect();
        let (count, solutions) = crate::exact::backtrack::count_by_backtracking(&givens.try_into().unwrap(), 2);
        assert_eq!(count, 1);
        solutions[0]
    }

    fn assert_sound(step: &Step, solution: &[u8; 81]) {
        for p in &step.placements {
            assert_eq!(solution[p.cell.index()], p.digit.get(), "{}", step.text());
        }
        for e in &step.eliminations {
            assert_ne!(solution[e.cell.index()], e.digit.get(), "{}", step.text());
        }
    }

    /// top1465.txt #1, where its path first needs a forcing net.
    const TOP1465_1: &str = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    const TOP1465_1_NET: &str = "4 569 1268 5789 3 178 25 2567 5679 1237 359 12 6 127 459 8 2357 3459 23678 3569 268 45789 278 45789 345 23567 1 1236 346 124 378 5 13678 23 9 378 123 8 59 49 17 13479 6 12357 357 136 7 59 2 168 13689 345 1358 3458 68 46 468 1 +9 2 7 35 35 5 +1 3 78 678 678 +9 4 +2 9 +2 +7 35 +4 35 +1 68 68";

    #[test]
    fn a_forcing_net_places_what_the_branches_that_do_not_fail_agree_on() {
        let grid: Grid = TOP1465_1_NET.parse().expect("a position");
        let step = ForcingNet.first(&grid).expect("a forcing net");
        assert_sound(&step, &solution(TOP1465_1));
        // 3 of column 4 goes in r4c4 or r9c4; r4c4 fails, so r9c4 is 3.
        let forcing = step.forcing.as_ref().expect("the proof");
        assert_eq!(forcing.kind, ForcingKind::House(House::col(3), Digit::new(3)));
        assert_eq!(step.placements, [Candidate::new(Cell::at(8, 3), Digit::new(3))]);
        let failing: Vec<bool> = forcing.branches.iter().map(|b| b.contradiction.is_some()).collect();
        assert_eq!(failing, [true, false]);
        assert!(step.text().ends_with("every other one fails, so r9c4 is 3."), "{}", step.text());
        // A placement goes first, though eliminations with smaller proofs
        // (a lone contradiction) are listed after it.
        let every = ForcingNet.every(&grid);
        let size = |s: &Step| s.forcing.as_ref().map_or(0, |f| f.branches.iter().map(|b| b.facts.len()).sum::<usize>());
        assert!(every.iter().any(|s| s.placements.is_empty() && size(s) < size(&step)));
        let placements = every.iter().take_while(|s| !s.placements.is_empty()).count();
        assert!(every[placements..].iter().all(|s| s.placements.is_empty()));
    }

    #[test]
    fn a_net_follows_locked_candidates_and_a_chain_does_not() {
        // No 5 in row 3 of box 1: r2c5=5 leaves box 1 its 5 in row 1 only.
        let grid = crate::explain::technique::testing::without(Grid::empty(), &[(3, 1, "5"), (3, 2, "5"), (3, 3, "5")]);
        let r1c7 = usize::from(cand(Cell::at(0, 6), Digit::new(5)));
        let assumed = cand(Cell::at(1, 4), Digit::new(5));
        let net = branch_from(&Base::new(&grid, Mode::Net), assumed, u16::MAX);
        assert_eq!(net.state[r1c7], OFF);
        let fact = net.facts[usize::from(net.fact_at[r1c7])];
        assert_eq!(fact.reason, FactReason::Locked { confined: House::block(0), line: House::row(0) });
        assert_eq!(net.parents_of(&fact).len(), 3);
        let chain = branch_from(&Base::new(&grid, Mode::Chain), assumed, u16::MAX);
        assert_eq!(chain.state[r1c7], UNKNOWN);
        // The other way: row 1's 5 only in box 1 (none in r1c4..r1c9);
        // r5c2=5 takes r1c2, and box 1 keeps its 5 in row 1.
        let grid = crate::explain::technique::testing::without(
            Grid::empty(),
            &(4..=9).map(|c| (1, c, "5")).collect::<Vec<_>>(),
        );
        let net = branch_from(&Base::new(&grid, Mode::Net), cand(Cell::at(4, 1), Digit::new(5)), u16::MAX);
        let locked: Vec<(Cell, FactReason)> = net
            .facts
            .iter()
            .filter(|f| matches!(f.reason, FactReason::Locked { .. }))
            .map(|f| (cell_of(f.cand), f.reason))
            .collect();
        let reason = FactReason::Locked { confined: House::row(0), line: House::block(0) };
        let expected: Vec<(Cell, FactReason)> =
            [(1, 0), (1, 2), (2, 0), (2, 2)].iter().map(|&(r, c)| (Cell::at(r, c), reason)).collect();
        assert_eq!(locked, expected);
    }

    #[test]
    fn forcing_net_uses_facts_with_several_parents_where_chains_fail() {
        let (grid, step) = first_position_needing(TechniqueId::ForcingNet, HARD);
        assert_eq!(ContradictionForcingChain.first(&grid), None);
        assert_sound(&step, &solution(HARD));
        let forcing = step.forcing.as_ref().expect("the proof");
        assert!(forcing.branches.iter().flat_map(|b| &b.facts).any(|f| f.parents.len() > 1));
        assert!(forcing.nested.is_empty());
    }

    #[test]
    fn nested_forcing_net_rules_out_inside_a_branch_by_a_nested_contradiction() {
        let (grid, step) = first_position_needing(TechniqueId::NestedForcingNet, HARD);
        assert_eq!(ForcingNet.first(&grid), None);
        assert_sound(&step, &solution(HARD));
        let forcing = step.forcing.as_ref().expect("the proof");
        assert!(!forcing.nested.is_empty());
        assert!(forcing.nested.iter().all(|b| b.contradiction.is_some()));
    }

    /// At each nested net of a hard solve, the step comes from the first
    /// assumption (in the search's order) whose branch a small share of
    /// inner assumptions breaks, where there is one.
    #[test]
    fn a_branch_that_few_inner_assumptions_break_is_taken_first() {
        let mut grid = crate::explain::technique::testing::grid(HARD);
        let (mut positions, mut first_pass) = (0, 0);
        while let Some(step) = crate::explain::solve::next_step(&grid) {
            if step.technique == TechniqueId::NestedForcingNet {
                positions += 1;
                let base = Base::new(&grid, Mode::Net);
                let plain = all_branches(&base);
                let mut budget = SMALL_BUDGET;
                let broken = nesting_order(&base, &plain).into_iter().find(|&c| {
                    plain[usize::from(c)].as_ref().is_some_and(|net| {
                        net.nest(&base, &mut budget, SMALL_SHARE).is_some_and(|n| n.contradiction.is_some())
                    })
                });
                if let Some(c) = broken {
                    first_pass += 1;
                    assert_eq!(step.eliminations, [Candidate::new(cell_of(c), digit_of(c))]);
                }
            }
            step.apply_to(&mut grid);
        }
        assert!(first_pass >= 1, "{first_pass} of {positions} nested nets from the first pass");
    }

    /// The nested net's proof is made smaller, and then no nested
    /// contradiction it uses can be left out for a smaller one: at every
    /// nested net of a hard solve.
    #[test]
    fn a_nested_net_proof_is_locally_smallest() {
        let size = |net: &Net| net.proof_size(&net.proof(&net.contradiction_roots()));
        let (mut positions, mut reduced) = (0, 0);
        // Hard puzzles, until one of them has a nested net made smaller.
        let sample = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/forum-hardest-1905-sample.txt"));
        for line in sample.lines().filter(|l| !l.starts_with('#')).take(NESTED_SAMPLE) {
            if reduced > 0 {
                break;
            }
            let mut grid = crate::explain::technique::testing::grid(&line[..81]);
            while let Some(step) = crate::explain::solve::next_step(&grid) {
                if step.technique == TechniqueId::NestedForcingNet {
                    let base = Base::new(&grid, Mode::Net);
                    let plain = all_branches(&base);
                    let mut budget = NESTED_BUDGET;
                    let (net, nested) = base
                        .candidates()
                        .filter_map(|c| plain[usize::from(c)].as_deref())
                        .find_map(|net| {
                            net.nest(&base, &mut budget, NESTED_PER_BRANCH)
                                .filter(|n| n.contradiction.is_some())
                                .map(|n| (net, n))
                        })
                        .expect("a nested contradiction");
                    let smaller = net.smaller_nested(&base, nested.clone());
                    assert!(smaller.contradiction.is_some());
                    assert!(size(&smaller) <= size(&nested));
                    reduced += usize::from(size(&smaller) < size(&nested));
                    let used = smaller.nested_in_proof();
                    for i in 0..used.len() {
                        let mut without = used.clone();
                        without.remove(i);
                        if let Some(other) = net.replay(&base, &without) {
                            assert!(size(&other) >= size(&smaller));
                        }
                    }
                    positions += 1;
                }
                step.apply_to(&mut grid);
            }
        }
        assert!(reduced >= 1, "{reduced} of {positions} nested nets made smaller");
    }

    /// The best proof of a position by brute force, as (an elimination?,
    /// its facts): a placement before any elimination, then the fewest
    /// facts, over every branch's contradiction and every fact common to
    /// the branches of a cell or of a digit's places in a house that do not
    /// fail (with the facts of the failing ones' contradictions).
    fn smallest_proof(grid: &Grid) -> Option<(bool, usize)> {
        let base = Base::new(grid, Mode::Net);
        let nets = all_branches(&base);
        let broken_size = |n: &Net| n.proof_size(&n.proof(&n.contradiction_roots()));
        let mut sizes = Vec::new();
        for net in nets.iter().flatten().filter(|n| n.contradiction.is_some()) {
            sizes.push((true, broken_size(net)));
        }
        let mut groups: Vec<Vec<Cand>> = Vec::new();
        for cell in Cell::all().filter(|&c| grid.candidates(c).len() >= 2) {
            groups.push(grid.candidates(cell).iter().map(|d| cand(cell, d)).collect());
        }
        for h in House::all() {
            for d in Digit::all() {
                let places: Vec<Cand> =
                    h.cells().iter().filter(|&c| grid.has_candidate(c, d)).map(|c| cand(c, d)).collect();
                if places.len() >= 2 {
                    groups.push(places);
                }
            }
        }
        for group in groups {
            let branches: Vec<&Net> = group.iter().filter_map(|&c| nets[usize::from(c)].as_deref()).collect();
            let (broken, live): (Vec<&Net>, Vec<&Net>) = branches.iter().partition(|n| n.contradiction.is_some());
            let failed: usize = broken.iter().map(|n| broken_size(n)).sum();
            for t in 0..729u16 {
                for (on, want) in [(true, ON), (false, OFF)] {
                    if live.is_empty()
                        || (on && grid.value(cell_of(t)).is_some())
                        || !live.iter().all(|n| n.state[usize::from(t)] == want)
                    {
                        continue;
                    }
                    // A branch's own assumption is no conclusion, unless
                    // every other branch fails.
                    if live.len() > 1 && live.iter().any(|n| n.fact_at[usize::from(t)] == 0) {
                        continue;
                    }
                    let size: usize = live.iter().map(|n| n.proof_size(&n.proof(&[n.fact_at[usize::from(t)]]))).sum();
                    sizes.push((!on, failed + size));
                }
            }
        }
        sizes.into_iter().min()
    }

    #[test]
    fn a_forcing_net_is_the_smallest_proof_over_every_form() {
        let top1465 = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/top1465.txt"));
        let (mut checked, mut forms) = (0, std::collections::BTreeSet::new());
        for line in top1465.lines().filter(|l| !l.starts_with('#')).take(130) {
            let mut grid = crate::explain::technique::testing::grid(&line[..81]);
            while let Some(step) = crate::explain::solve::next_step(&grid) {
                if step.technique == TechniqueId::ForcingNet {
                    let forcing = step.forcing.as_ref().expect("the proof");
                    let best = (step.placements.is_empty(), forcing.size());
                    assert_eq!(Some(best), smallest_proof(&grid), "{}", step.text());
                    forms.insert(forcing.kind.as_str());
                    checked += 1;
                }
                step.apply_to(&mut grid);
            }
        }
        assert!(checked > 50, "{checked} forcing nets");
        assert_eq!(forms.len(), 3, "contradiction, cell and house forms all chosen somewhere: {forms:?}");
    }
}
