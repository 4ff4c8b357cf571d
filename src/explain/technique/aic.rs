//! Alternating inference chains: X-Chain, XY-Chain, AIC and grouped AIC,
//! and the nice loops, discontinuous and continuous.
//!
//! One link graph serves them all. Its nodes are candidates, and for
//! the grouped AIC and the nice loops also grouped candidates: a digit in two or three cells of
//! one box-line intersection, true when the digit is in one of them. A
//! strong link joins two nodes of which at least one is true: the only two
//! places of a digit in a house (for groups: the digit's places in a house
//! split into two nodes), or the two candidates of a bivalue cell. A weak
//! link joins two nodes of which at most one is true: the same digit in
//! cells that see each other, or two digits of one cell.
//!
//! A chain starts and ends with a strong link and alternates, so if its
//! first node is false its last is true: one of its two ends is true. Type 1
//! (both ends one digit) removes the digit from the cells that see every
//! cell of both ends; type 2 (two digits, in one cell or in cells that see
//! each other) removes what either end rules out.
//!
//! The search is breadth-first from each start node over the alternating
//! graph, so the first productive chain found from a start is a shortest
//! one; later starts only look for strictly shorter chains, so the chain
//! reported is a shortest productive one (the first start on ties). Chains
//! are capped at `MAX_NODES` nodes: longer ones are rare, hard to follow,
//! and the search cost grows with the cap.

use super::als::{describe_set, sets_of, Als};
use super::interface::{Finds, Part, Technique};
use crate::algo::memo::Memo;
use crate::explain::catalog::{Descriptor, Growth, HintFocus, TechniqueId};
use crate::explain::step::listing;
use crate::explain::step::{Chain, ChainNode, LinkKind, Step};
use crate::model::cell::Candidate;
use crate::model::cell::{Cell, Digit};
use crate::model::grid::digit_cells;
use crate::model::grid::{Grid, House};
use crate::model::sets::{CellSet, DigitSet};
use crate::se_rating::technique::SeTechnique;
use std::ops::ControlFlow;
use std::rc::Rc;

mod graph;
mod leads;
use graph::{build, Graph, Links, Strong};
use leads::Leads;

/// The longest chain searched, in nodes.
const MAX_NODES: usize = 16;
/// The shortest chain reported: two nodes are one link, which the basic
/// techniques cover.
const MIN_NODES: usize = 4;

/// A chain technique: the links its chains may use and what they prove.
#[derive(Clone, Copy)]
struct Kind {
    id: TechniqueId,
    links: Links,
    /// Ends on two different digits (type 2).
    mixed_ends: bool,
    /// Look only for loops back to the start (discontinuous nice loops
    /// that place the start) instead of eliminations.
    placement: bool,
}

/// Single candidates, conjugate pairs and bivalue cells.
const CANDIDATE_LINKS: Links = Links { conjugates: true, bivalue: true, cell_weak: true, groups: false, als: false };
/// With grouped nodes: the grouped AIC and both nice loops build this graph.
const GROUPED_LINKS: Links = Links { groups: true, ..CANDIDATE_LINKS };

const X_CHAIN: Kind = Kind {
    id: TechniqueId::XChain,
    links: Links { conjugates: true, bivalue: false, cell_weak: false, groups: false, als: false },
    mixed_ends: false,
    placement: false,
};
const XY_CHAIN: Kind = Kind {
    id: TechniqueId::XyChain,
    links: Links { conjugates: false, bivalue: true, cell_weak: false, groups: false, als: false },
    mixed_ends: false,
    placement: false,
};
const AIC: Kind = Kind { id: TechniqueId::Aic, links: CANDIDATE_LINKS, mixed_ends: true, placement: false };
const GROUPED_AIC: Kind =
    Kind { id: TechniqueId::GroupedAic, links: GROUPED_LINKS, mixed_ends: true, placement: false };
const ALS_AIC: Kind =
    Kind { id: TechniqueId::AlsAic, links: Links { als: true, ..GROUPED_LINKS }, mixed_ends: true, placement: false };
const CONTINUOUS_LOOP: Kind =
    Kind { id: TechniqueId::ContinuousNiceLoop, links: GROUPED_LINKS, mixed_ends: false, placement: false };
const NICE_LOOP: Kind = Kind { id: TechniqueId::NiceLoop, links: GROUPED_LINKS, mixed_ends: false, placement: true };

/// X-Chain: one digit, strong links from conjugate pairs alternating with
/// weak links between cells that see each other.
pub(crate) struct XChain;

static X_CHAIN_DESCRIPTOR: Descriptor = Descriptor::rated_as_se(
    TechniqueId::XChain,
    "x-chain",
    "X-Chain",
    SeTechnique::ForcingXChain,
    260,
    HintFocus::Digit,
    "An alternating chain on one digit, strong at both ends: cells seeing both ends lose it.",
)
.growing(Growth::ByLength)
.also_called(&["x-cycle", "x-cycles"])
.listed_within("chains of up to 16 nodes, the shortest to each end from each start");

impl Technique for XChain {
    fn descriptor(&self) -> &'static Descriptor {
        &X_CHAIN_DESCRIPTOR
    }

    /// Only digits whose places changed since the last search that found
    /// no X-chain for them: an X-chain stays within one digit, so a digit
    /// with the same places still has none, and leaving it out does not
    /// change which chain is the shortest.
    fn search(&self, grid: &Grid, _part: Part<'_>, memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        let places = digit_cells(grid);
        let clean = &mut memo.get::<NoXChain>().0;
        let changed: DigitSet = Digit::all().filter(|d| clean[d.index()] != Some(places[d.index()].bits())).collect();
        if changed.is_empty() {
            return ControlFlow::Continue(());
        }
        // Built for these digits alone, so not shared.
        let walk = Walk::new(build(grid, X_CHAIN.links, &places, changed, &[]));
        let Some(first) = search_graph(grid, X_CHAIN, &places, &walk) else {
            for d in changed.iter() {
                clean[d.index()] = Some(places[d.index()].bits());
            }
            return ControlFlow::Continue(());
        };
        each_chain(grid, X_CHAIN, &places, &walk, first, finds)
    }
}

/// Per digit, its places in the last position where it had no X-chain.
#[derive(Default)]
struct NoXChain([Option<u128>; 9]);

/// XY-Chain: bivalue cells, a strong link inside each, weak links between
/// cells on a shared digit; both ends carry the same digit.
pub(crate) struct XyChain;

static XY_CHAIN_DESCRIPTOR: Descriptor = Descriptor::new(
    TechniqueId::XyChain,
    "xy-chain",
    "XY-Chain",
    6.7,
    260,
    HintFocus::Nothing,
    "A chain of bivalue cells linked by shared digits: cells seeing both ends lose the digit they share.",
)
.growing(Growth::ByLength)
.listed_within("chains of up to 16 nodes, the shortest to each end from each start");

impl Technique for XyChain {
    fn descriptor(&self) -> &'static Descriptor {
        &XY_CHAIN_DESCRIPTOR
    }

    fn search(&self, grid: &Grid, _part: Part<'_>, memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        search(grid, XY_CHAIN, &[], memo, finds)
    }
}

/// Alternating inference chain on single candidates: conjugate pairs and
/// bivalue cells as strong links, types 1 and 2.
pub(crate) struct Aic;

static AIC_DESCRIPTOR: Descriptor = Descriptor::rated_as_se(
    TechniqueId::Aic,
    "aic",
    "AIC",
    SeTechnique::ForcingChain,
    280,
    HintFocus::Digit,
    "An alternating inference chain through cells and houses: cells seeing both ends lose the end digit.",
)
.growing(Growth::ByLength)
.also_called(&["alternating-inference-chain"])
.listed_within("chains of up to 16 nodes, the shortest to each end from each start");

impl Technique for Aic {
    fn descriptor(&self) -> &'static Descriptor {
        &AIC_DESCRIPTOR
    }

    fn search(&self, grid: &Grid, _part: Part<'_>, memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        search(grid, AIC, &[], memo, finds)
    }
}

/// Alternating inference chain that may also use grouped nodes.
pub(crate) struct GroupedAic;

static GROUPED_AIC_DESCRIPTOR: Descriptor = Descriptor::new(
    TechniqueId::GroupedAic,
    "grouped-aic",
    "Grouped AIC",
    7.0,
    300,
    HintFocus::Digit,
    "An AIC that may also pass through groups of cells where a box meets a line.",
)
.growing(Growth::ByLength)
.listed_within("chains of up to 16 nodes, the shortest to each end from each start");

impl Technique for GroupedAic {
    fn descriptor(&self) -> &'static Descriptor {
        &GROUPED_AIC_DESCRIPTOR
    }

    fn search(&self, grid: &Grid, _part: Part<'_>, memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        search(grid, GROUPED_AIC, &[], memo, finds)
    }
}

/// AIC through almost locked sets (ALS-AIC): a grouped AIC whose strong
/// links may also join two digits of an almost locked set of two to four
/// cells (n cells, n + 1 digits). If the set lacks one of the two digits
/// it is locked on the rest, so it holds the other: without 1 in r1c2 and
/// r1c5, `{1,2,3}` there holds 2 and 3. Chains that would otherwise take a
/// forcing net often pass through such a set.
pub(crate) struct AlsAic;

static ALS_AIC_DESCRIPTOR: Descriptor = Descriptor::new(
    TechniqueId::AlsAic,
    "als-aic",
    "ALS-AIC",
    7.4,
    320,
    HintFocus::Nothing,
    "A grouped AIC whose strong links may also pass through almost locked sets.",
)
.growing(Growth::ByLength)
.also_called(&["als-chain", "aic-with-als"])
.listed_within("chains of up to 16 nodes, the shortest to each end from each start");

impl Technique for AlsAic {
    fn descriptor(&self) -> &'static Descriptor {
        &ALS_AIC_DESCRIPTOR
    }

    fn search(&self, grid: &Grid, _part: Part<'_>, memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        let sets = sets_of(grid, memo);
        search(grid, ALS_AIC, &sets, memo, finds)
    }
}

/// Continuous nice loop: the links of a closed loop alternate strong and
/// weak all the way round, so of the two ends of every link exactly one is
/// true (the loop's nodes are true and false in turn, starting either way).
/// Each weak link then acts as a strong one too: on one digit, the digit
/// leaves every cell that sees both ends; inside a cell, the cell keeps only
/// its two digits. The loop may use grouped nodes. The search is breadth-first
/// from each node over later nodes only (so each loop is met from its first
/// node), shortest loop first.
pub(crate) struct ContinuousNiceLoop;

static CONTINUOUS_NICE_LOOP_DESCRIPTOR: Descriptor = Descriptor::rated_as_se(
    TechniqueId::ContinuousNiceLoop,
    "continuous-nice-loop",
    "Continuous Nice Loop",
    SeTechnique::BidirectionalCycle,
    280,
    HintFocus::Digit,
    "An alternating chain that closes on itself: each weak link becomes strong, so its house or cell loses the rest.",
)
.growing(Growth::ByLength)
.also_called(&["continuous-loop"])
.listed_within("loops of up to 12 nodes, the shortest through each closing link from each start");

impl Technique for ContinuousNiceLoop {
    fn descriptor(&self) -> &'static Descriptor {
        &CONTINUOUS_NICE_LOOP_DESCRIPTOR
    }

    fn search(&self, grid: &Grid, _part: Part<'_>, memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        search_loop(grid, CONTINUOUS_LOOP, memo, finds)
    }
}

/// Discontinuous nice loop with two strong links at the discontinuity: a
/// chain from a candidate back to itself, so that the candidate being false
/// would make it true; it is true. The loop may use grouped nodes; the
/// registry tries it after the AIC and before the grouped AIC. (The other
/// discontinuous loops, two weak links or one of each, are AICs of types 1
/// and 2; a continuous loop is `ContinuousNiceLoop`.)
pub(crate) struct NiceLoop;

static NICE_LOOP_DESCRIPTOR: Descriptor = Descriptor::rated_as_se(
    TechniqueId::NiceLoop,
    "nice-loop",
    "Discontinuous Nice Loop",
    SeTechnique::ForcingChain,
    280,
    HintFocus::Digit,
    "A loop back to one candidate: strong links on both sides place it; weak links on both sides remove it.",
)
.growing(Growth::ByLength)
.also_called(&["discontinuous-loop"])
.listed_within("loops of up to 16 nodes, the shortest for each candidate");

impl Technique for NiceLoop {
    fn descriptor(&self) -> &'static Descriptor {
        &NICE_LOOP_DESCRIPTOR
    }

    fn search(&self, grid: &Grid, _part: Part<'_>, memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        search(grid, NICE_LOOP, &[], memo, finds)
    }
}

/// The most nodes of a continuous loop, each counted once.
const MAX_LOOP: usize = 12;

/// A link graph with where its states lead.
struct Walk {
    graph: Graph,
    leads: Leads,
}

impl Walk {
    fn new(graph: Graph) -> Walk {
        let leads = Leads::new(&graph);
        Walk { graph, leads }
    }
}

/// The graphs built at the last position the chain techniques were asked
/// about: three of them (the grouped AIC and both nice loops) walk the same
/// one.
#[derive(Default)]
struct Graphs {
    grid: Option<Grid>,
    built: Vec<(Links, Rc<Walk>)>,
}

impl Graphs {
    /// The graph of `grid` with `links`, from `build` if not built yet.
    fn of(&mut self, grid: &Grid, links: Links, build: impl FnOnce() -> Graph) -> Rc<Walk> {
        if self.grid.as_ref() != Some(grid) {
            self.grid = Some(grid.clone());
            self.built.clear();
        }
        if let Some((_, g)) = self.built.iter().find(|(l, _)| *l == links) {
            return Rc::clone(g);
        }
        let g = Rc::new(Walk::new(build()));
        self.built.push((links, Rc::clone(&g)));
        g
    }
}

/// Hands `finds` the shortest continuous nice loop with eliminations, then,
/// if asked for more, every other loop met (see `loops`).
fn search_loop(grid: &Grid, kind: Kind, memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
    let maps = digit_cells(grid);
    let walk = memo.get::<Graphs>().of(grid, kind.links, || build(grid, kind.links, &maps, DigitSet::ALL, &[]));
    let g = &walk.graph;
    let Some(first) = loops(grid, &walk, &maps, false).pop() else { return ControlFlow::Continue(()) };
    finds.step(loop_step(grid, g, &maps, kind, &first.0, first.1.clone()))?;
    let mut every = loops(grid, &walk, &maps, true);
    every.sort_by_key(|(nodes, _)| nodes.len());
    let mut seen = std::collections::HashSet::from([loop_key(&first.0)]);
    for (nodes, eliminations) in every {
        if seen.insert(loop_key(&nodes)) {
            finds.step(loop_step(grid, g, &maps, kind, &nodes, eliminations))?;
        }
    }
    ControlFlow::Continue(())
}

/// A loop's nodes, whatever node and direction it is read from.
fn loop_key(nodes: &[u16]) -> Vec<u16> {
    let mut key = nodes.to_vec();
    key.sort_unstable();
    key
}

/// The continuous nice loops with eliminations: the shortest (the last of
/// the list), or every one met, each start's loops closing through each
/// of its weak links, in the order met.
fn loops(grid: &Grid, walk: &Walk, maps: &[CellSet; 9], every: bool) -> Vec<(Vec<u16>, Vec<Candidate>)> {
    let g = &walk.graph;
    let n = g.nodes.len();
    let mut bfs = Bfs::new(n);
    let mut closes = vec![false; n];
    let mut found: Vec<(Vec<u16>, Vec<Candidate>)> = Vec::new();
    // Loops of at most `limit` nodes are still wanted.
    let mut limit = MAX_LOOP;
    for start in 0..n as u16 {
        // The loop leaves the start by a strong link and comes back by a weak
        // one, both to later nodes: from a true node the start's false state
        // leads to.
        if !g.strong(start).iter().any(|&t| t > start)
            || !g.weak(start).iter().any(|&t| t > start && walk.leads.leads(start, t))
        {
            continue;
        }
        for &t in g.weak(start) {
            closes[usize::from(t)] = true;
        }
        bfs.restart(start);
        'bfs: while let Some((state, d)) = bfs.next() {
            if usize::from(d) >= limit {
                continue;
            }
            let on = state % 2 == 1;
            for t in bfs.links(g, state) {
                if t <= start {
                    continue;
                }
                let Some(to) = bfs.reach(state, t) else { continue };
                // A true node weakly linked back to the start closes the loop.
                if !on && closes[usize::from(t)] && usize::from(d) + 1 >= MIN_NODES {
                    let nodes = bfs.path(to);
                    if is_simple(g, &nodes) {
                        if let Some(eliminations) = loop_eliminations(grid, g, maps, &nodes) {
                            found.push((nodes, eliminations));
                            if !every {
                                limit = usize::from(d);
                                break 'bfs;
                            }
                        }
                    }
                }
            }
        }
        for &t in g.weak(start) {
            closes[usize::from(t)] = false;
        }
    }
    found
}

/// What the weak links of a loop (every other link, from the second; the
/// last joins the last node to the first) remove.
fn loop_eliminations(grid: &Grid, g: &Graph, maps: &[CellSet; 9], nodes: &[u16]) -> Option<Vec<Candidate>> {
    let mut out = Vec::new();
    for i in (1..nodes.len()).step_by(2) {
        let (a, b) = (nodes[i], nodes[(i + 1) % nodes.len()]);
        out.extend(weak_eliminations(grid, g, maps, a, b));
    }
    out.sort();
    out.dedup();
    (!out.is_empty()).then_some(out)
}

/// What a weak link removes once one of its ends is known to be true.
fn weak_eliminations(grid: &Grid, g: &Graph, maps: &[CellSet; 9], a: u16, b: u16) -> Vec<Candidate> {
    let (x, y) = (&g.nodes[usize::from(a)], &g.nodes[usize::from(b)]);
    if x.digit == y.digit {
        let targets = g.sees[usize::from(a)].intersection(g.sees[usize::from(b)]);
        let targets = targets.intersection(maps[usize::from(x.digit.get() - 1)]);
        targets.iter().map(|cell| Candidate::new(cell, x.digit)).collect()
    } else {
        let cell = x.cells.first().expect("a cell");
        let others = grid.candidates(cell).difference(DigitSet::single(x.digit)).difference(DigitSet::single(y.digit));
        others.iter().map(|digit| Candidate::new(cell, digit)).collect()
    }
}

/// What a chain proves.
enum Found {
    Eliminations(Vec<Candidate>),
    /// The chain's start, which is true.
    Placement(Candidate),
}

/// A search state: node index times two, plus one when the node is true.
type State = u32;
const UNSEEN: State = State::MAX;

/// The search over the graph of `kind`'s links, almost locked sets from
/// `sets`: the shortest chain first, then every other (see `each_chain`).
fn search(grid: &Grid, kind: Kind, sets: &[Als], memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
    let maps = digit_cells(grid);
    let g = memo.get::<Graphs>().of(grid, kind.links, || build(grid, kind.links, &maps, DigitSet::ALL, sets));
    match search_graph(grid, kind, &maps, &g) {
        Some(first) => each_chain(grid, kind, &maps, &g, first, finds),
        None => ControlFlow::Continue(()),
    }
}

/// The shortest productive chain of `kind` in `g`, the graph of `grid`.
fn search_graph(grid: &Grid, kind: Kind, maps: &[CellSet; 9], walk: &Walk) -> Option<(Vec<u16>, Found)> {
    chains(grid, kind, maps, walk, false).pop()
}

/// Hands `finds` the shortest chain `first`, then, if asked for more, every
/// other productive chain of `kind` in `walk`, shorter chains first: from
/// each start, the chain the breadth-first walk meets to each end (one per
/// pair of ends, a shortest one), up to `MAX_NODES` nodes; a chain and its
/// reverse are listed once.
fn each_chain(
    grid: &Grid,
    kind: Kind,
    maps: &[CellSet; 9],
    walk: &Walk,
    first: (Vec<u16>, Found),
    finds: &mut Finds<'_>,
) -> ControlFlow<()> {
    let g = &walk.graph;
    let mut seen = std::collections::HashSet::from([chain_key(&first)]);
    finds.step(step(g, kind, &first.0, first.1))?;
    let mut every = chains(grid, kind, maps, walk, true);
    every.sort_by_key(|(nodes, _)| nodes.len());
    for chain in every {
        if seen.insert(chain_key(&chain)) {
            finds.step(step(g, kind, &chain.0, chain.1))?;
        }
    }
    ControlFlow::Continue(())
}

/// A chain's nodes, whichever end it is read from, and what it proves.
fn chain_key((nodes, found): &(Vec<u16>, Found)) -> (Vec<u16>, Vec<Candidate>) {
    let mut key = nodes.clone();
    key.sort_unstable();
    let proves = match found {
        Found::Eliminations(eliminations) => eliminations.clone(),
        Found::Placement(p) => vec![*p],
    };
    (key, proves)
}

/// The productive chains of `kind` in `walk`: the shortest (the last of the
/// list), or every one the walks from each start meet.
fn chains(grid: &Grid, kind: Kind, maps: &[CellSet; 9], walk: &Walk, every: bool) -> Vec<(Vec<u16>, Found)> {
    let g = &walk.graph;
    let mut bfs = Bfs::new(g.nodes.len());
    let mut found: Vec<(Vec<u16>, Found)> = Vec::new();
    // Chains of at most `limit` nodes are still wanted.
    let mut limit = MAX_NODES;
    for start in 0..g.nodes.len() as u16 {
        if !may_conclude(grid, g, maps, kind, start) || !may_end(grid, walk, maps, kind, start) {
            continue;
        }
        bfs.restart(start);
        'bfs: while let Some((state, d)) = bfs.next() {
            if usize::from(d) >= limit {
                continue;
            }
            let on = state % 2 == 1;
            for t in bfs.links(g, state) {
                if kind.placement && !on && t == start && usize::from(d) + 1 >= MIN_NODES {
                    let s = g.nodes[usize::from(start)];
                    let nodes = bfs.path(state);
                    if let (false, Some(cell), true) = (s.is_group(), s.cells.first(), is_simple(g, &nodes)) {
                        let mut nodes = nodes;
                        nodes.push(start);
                        found.push((nodes, Found::Placement(Candidate::new(cell, s.digit))));
                        // One loop per candidate: every other places it too.
                        if !every {
                            limit = usize::from(d);
                        }
                        break 'bfs;
                    }
                }
                let Some(to) = bfs.reach(state, t) else { continue };
                if !kind.placement && !on && usize::from(d) + 1 >= MIN_NODES {
                    if let Some(eliminations) = eliminations(grid, g, maps, kind, start, t) {
                        let nodes = bfs.path(to);
                        if is_simple(g, &nodes) {
                            found.push((nodes, Found::Eliminations(eliminations)));
                            if !every {
                                limit = usize::from(d);
                                break 'bfs;
                            }
                        }
                    }
                }
            }
        }
    }
    found
}

/// False when no chain from `start` can prove anything, so the search
/// skips it. A loop leaves and comes back to a single candidate by two
/// strong links. An elimination needs the start, if true, to rule out a
/// candidate: its digit in a cell that sees it, or, for type 2 in one
/// cell, a third digit of its cell. Of the two ends of a productive chain
/// at least one passes (type 1 targets see both ends; a type 2 target in a
/// cell seeing one end holds that end's digit), and the reversed chain,
/// just as long, is found from that end.
fn may_conclude(grid: &Grid, g: &Graph, maps: &[CellSet; 9], kind: Kind, start: u16) -> bool {
    let node = &g.nodes[usize::from(start)];
    if kind.placement {
        return !node.is_group() && g.strong(start).len() >= 2;
    }
    let seen = g.sees[usize::from(start)].intersection(maps[usize::from(node.digit.get() - 1)]);
    !seen.is_empty()
        || (kind.mixed_ends && !node.is_group() && grid.candidates(node.cells.first().expect("a cell")).len() >= 3)
}

/// False when no chain from `start` can end where it proves something:
/// the search from it ends only at true nodes its false state leads to
/// (for a loop, at the start itself).
fn may_end(grid: &Grid, walk: &Walk, maps: &[CellSet; 9], kind: Kind, start: u16) -> bool {
    if kind.placement {
        return walk.leads.leads(start, start);
    }
    walk.leads.true_ends(start).any(|end| concludes(grid, &walk.graph, maps, kind, start, end))
}

/// Whether `eliminations` finds something for these ends, without listing it.
fn concludes(grid: &Grid, g: &Graph, maps: &[CellSet; 9], kind: Kind, start: u16, end: u16) -> bool {
    let (s, e) = (&g.nodes[usize::from(start)], &g.nodes[usize::from(end)]);
    let (s_sees, e_sees) = (g.sees[usize::from(start)], g.sees[usize::from(end)]);
    if s.digit == e.digit {
        return !s_sees.intersection(e_sees).intersection(maps[usize::from(s.digit.get() - 1)]).is_empty();
    }
    if !kind.mixed_ends {
        return false;
    }
    let single = |n: &ChainNode| (!n.is_group()).then(|| n.cells.first().expect("a cell"));
    match (single(s), single(e)) {
        (Some(a), Some(b)) if a == b => grid.candidates(a).len() > 2,
        (a, b) => {
            a.is_some_and(|a| grid.has_candidate(a, e.digit) && e_sees.contains(a))
                || b.is_some_and(|b| grid.has_candidate(b, s.digit) && s_sees.contains(b))
        }
    }
}

/// True when no two nodes of the chain share a candidate: a chain never
/// comes back to a candidate it has used. (The search checks this only for
/// a chain it is about to report: checking every step costs more, and a
/// shortest path seldom repeats itself.)
fn is_simple(g: &Graph, nodes: &[u16]) -> bool {
    nodes.iter().enumerate().all(|(i, &a)| {
        let a = &g.nodes[usize::from(a)];
        nodes[i + 1..].iter().all(|&b| {
            let b = &g.nodes[usize::from(b)];
            a.digit != b.digit || a.cells.intersection(b.cells).is_empty()
        })
    })
}

/// The breadth-first walk both searches share, over states (a node, true
/// or false) of one graph, started again from each start node without
/// allocating again.
struct Bfs {
    parent: Vec<State>,
    depth: Vec<u8>,
    queue: Vec<State>,
    head: usize,
}

impl Bfs {
    fn new(nodes: usize) -> Bfs {
        Bfs {
            parent: vec![UNSEEN; 2 * nodes],
            depth: vec![0; 2 * nodes],
            queue: Vec::with_capacity(2 * nodes),
            head: 0,
        }
    }

    /// Forgets the last walk and starts from `start` assumed false.
    fn restart(&mut self, start: u16) {
        for &s in &self.queue {
            self.parent[s as usize] = UNSEEN;
        }
        self.queue.clear();
        let root = State::from(start) * 2;
        self.parent[root as usize] = root;
        self.depth[root as usize] = 1;
        self.queue.push(root);
        self.head = 0;
    }

    /// The next state to draw from, with its depth in nodes.
    fn next(&mut self) -> Option<(State, u8)> {
        let state = *self.queue.get(self.head)?;
        self.head += 1;
        Some((state, self.depth[state as usize]))
    }

    /// The nodes `state` leads to: from a false node a strong link makes
    /// the next one true; from a true node a weak link makes it false.
    fn links<'g>(&self, g: &'g Graph, state: State) -> impl Iterator<Item = u16> + 'g {
        let node = (state / 2) as u16;
        let links = if state % 2 == 1 { g.weak(node) } else { g.strong(node) };
        links.iter().copied()
    }

    /// Queues node `t`, reached from `from`, and returns its state; `None`
    /// when that state was reached before.
    fn reach(&mut self, from: State, t: u16) -> Option<State> {
        let to = State::from(t) * 2 + u32::from(from % 2 == 0);
        if self.parent[to as usize] != UNSEEN {
            return None;
        }
        self.parent[to as usize] = from;
        self.depth[to as usize] = self.depth[from as usize] + 1;
        self.queue.push(to);
        Some(to)
    }

    /// The node indices from the start to `state`.
    fn path(&self, mut state: State) -> Vec<u16> {
        let mut nodes = vec![(state / 2) as u16];
        while self.parent[state as usize] != state {
            state = self.parent[state as usize];
            nodes.push((state / 2) as u16);
        }
        nodes.reverse();
        nodes
    }
}

/// What follows from "`start` or `end` is true", if anything.
fn eliminations(
    grid: &Grid,
    g: &Graph,
    maps: &[CellSet; 9],
    kind: Kind,
    start: u16,
    end: u16,
) -> Option<Vec<Candidate>> {
    let (s, e) = (&g.nodes[usize::from(start)], &g.nodes[usize::from(end)]);
    let (s_sees, e_sees) = (g.sees[usize::from(start)], g.sees[usize::from(end)]);
    let mut out = Vec::new();
    if s.digit == e.digit {
        let targets = s_sees.intersection(e_sees).intersection(maps[usize::from(s.digit.get() - 1)]);
        out.extend(targets.iter().map(|cell| Candidate::new(cell, s.digit)));
    } else if kind.mixed_ends {
        let single = |n: &ChainNode| (!n.is_group()).then(|| n.cells.first().expect("a cell"));
        match (single(s), single(e)) {
            (Some(a), Some(b)) if a == b => {
                let others =
                    grid.candidates(a).difference(DigitSet::single(s.digit)).difference(DigitSet::single(e.digit));
                out.extend(others.iter().map(|digit| Candidate::new(a, digit)));
            }
            (a, b) => {
                if let Some(a) = a.filter(|&a| grid.has_candidate(a, e.digit) && e_sees.contains(a)) {
                    out.push(Candidate::new(a, e.digit));
                }
                if let Some(b) = b.filter(|&b| grid.has_candidate(b, s.digit) && s_sees.contains(b)) {
                    out.push(Candidate::new(b, s.digit));
                }
            }
        }
    }
    (!out.is_empty()).then_some(out)
}

/// `r1c2 is 5`, `5 is in r1c1 or r1c2`; or, when `holds` is false, `r1c2
/// is not 5`, `5 is in neither r1c1 nor r1c2`.
fn phrase(node: &ChainNode, holds: bool) -> String {
    let d = node.digit;
    let cells: Vec<Cell> = node.cells.iter().collect();
    match (cells.len(), holds) {
        (1, true) => format!("{} is {d}", cells[0]),
        (1, false) => format!("{} is not {d}", cells[0]),
        (_, true) => format!("{d} is in {}", listing(cells, "or")),
        (2, false) => format!("{d} is in neither {} nor {}", cells[0], cells[1]),
        (_, false) => format!("{d} is in none of {}", listing(cells, "and")),
    }
}

fn strong_reason(g: &Graph, node: &ChainNode, why: Strong) -> String {
    match why {
        Strong::Als(k) => {
            let (cells, digits) = g.sets[usize::from(k)];
            format!("the almost locked set {} keeps its other digits", describe_set(cells, digits))
        }
        Strong::House(h) => format!("{} has no other place for {}", h.long_name(), node.digit),
        Strong::Cell => {
            let cell = node.cells.first().expect("a cell");
            format!("{cell} has no other candidate")
        }
    }
}

fn weak_reason(a: &ChainNode, b: &ChainNode) -> String {
    if a.digit != b.digit {
        return format!("{} holds one digit", a.cells.first().expect("a cell"));
    }
    let both = a.cells.union(b.cells);
    match House::all().find(|h| both.difference(h.cells()).is_empty()) {
        Some(h) => format!("they share {}", h.long_name()),
        None => "they see each other".to_string(),
    }
}

/// The cells of the chain's nodes, in chain order, each once.
fn chain_cells(nodes: &[ChainNode]) -> Vec<Cell> {
    let mut cells: Vec<Cell> = Vec::new();
    for node in nodes {
        for cell in node.cells.iter() {
            if !cells.contains(&cell) {
                cells.push(cell);
            }
        }
    }
    cells
}

fn step(g: &Graph, kind: Kind, path: &[u16], found: Found) -> Step {
    let nodes: Vec<ChainNode> = path.iter().map(|&i| g.nodes[usize::from(i)]).collect();
    let links: Vec<LinkKind> =
        (0..nodes.len() - 1).map(|i| if i % 2 == 0 { LinkKind::Strong } else { LinkKind::Weak }).collect();
    let mut clauses = Vec::new();
    let mut houses: Vec<House> = Vec::new();
    for (i, link) in links.iter().enumerate() {
        let (a, b) = (&nodes[i], &nodes[i + 1]);
        match link {
            LinkKind::Strong => {
                let why = g.strong_why(path[i], path[i + 1]);
                if let Strong::House(h) = why {
                    if !houses.contains(&h) {
                        houses.push(h);
                    }
                }
                let then = format!("{} ({})", phrase(b, true), strong_reason(g, b, why));
                clauses.push(if i == 0 {
                    format!("if {} then {then}", phrase(a, false))
                } else {
                    format!("so {then}")
                });
            }
            LinkKind::Weak => clauses.push(format!("so {} ({})", phrase(b, false), weak_reason(a, b))),
        }
    }
    let digits: DigitSet = nodes.iter().map(|n| n.digit).collect();
    let (first, last) = (&nodes[0], &nodes[nodes.len() - 1]);
    let either = format!("{} or {}", phrase(first, true), phrase(last, true));
    let eliminations = match found {
        Found::Eliminations(eliminations) => eliminations,
        Found::Placement(p) => {
            let conclusion =
                format!("so the assumption that {} contradicts itself: {}", phrase(first, false), phrase(first, true));
            return Step::new(kind.id)
                .place(p.cell, p.digit)
                .pattern(chain_cells(&nodes), digits, houses)
                .chain(Chain { nodes, links })
                .because(format!("{}; {conclusion}", clauses.join(", ")));
        }
    };
    let conclusion = if first.digit == last.digit {
        format!("either way {either}, and cells that see both lose {}", first.digit)
    } else if first.cells == last.cells {
        format!("either way {either}, so {} loses its other candidates", first.cells)
    } else {
        let ruled_out = eliminations.iter().map(|e| format!("{} cannot be {}", e.cell, e.digit));
        format!("either way {either}, so {}", listing(ruled_out, "and"))
    };
    Step::new(kind.id)
        .eliminate_all(eliminations)
        .pattern(chain_cells(&nodes), digits, houses)
        .chain(Chain { nodes, links })
        .because(format!("{}; {conclusion}", clauses.join(", ")))
}

/// The step for a continuous loop: `path` holds each node once; the chain
/// repeats the first node at the end, after the closing weak link.
fn loop_step(
    grid: &Grid,
    g: &Graph,
    maps: &[CellSet; 9],
    kind: Kind,
    path: &[u16],
    eliminations: Vec<Candidate>,
) -> Step {
    let mut nodes: Vec<ChainNode> = path.iter().map(|&i| g.nodes[usize::from(i)]).collect();
    nodes.push(nodes[0]);
    let links: Vec<LinkKind> =
        (0..path.len()).map(|i| if i % 2 == 0 { LinkKind::Strong } else { LinkKind::Weak }).collect();
    let mut clauses = Vec::new();
    let mut results = Vec::new();
    let mut houses: Vec<House> = Vec::new();
    for (i, link) in links.iter().enumerate() {
        let (a, b) = (&nodes[i], &nodes[i + 1]);
        let (ia, ib) = (path[i], path[(i + 1) % path.len()]);
        match link {
            LinkKind::Strong => {
                let why = g.strong_why(ia, ib);
                if let Strong::House(h) = why {
                    if !houses.contains(&h) {
                        houses.push(h);
                    }
                }
                clauses.push(if a.digit == b.digit {
                    format!("{} or {} is {} ({})", a.cells_text(), b.cells_text(), a.digit, strong_reason(g, a, why))
                } else {
                    format!("{} is {} or {} ({})", a.cells_text(), a.digit, b.digit, strong_reason(g, a, why))
                });
            }
            LinkKind::Weak => {
                let lost = !weak_eliminations(grid, g, maps, ia, ib).is_empty();
                if a.digit == b.digit {
                    clauses.push(format!(
                        "{} and {} are not both {} ({})",
                        a.cells_text(),
                        b.cells_text(),
                        a.digit,
                        weak_reason(a, b)
                    ));
                    if lost {
                        results.push(format!(
                            "cells that see both {} and {} lose {}",
                            a.cells_text(),
                            b.cells_text(),
                            a.digit
                        ));
                    }
                } else {
                    clauses.push(format!(
                        "{} is not both {} and {} (it holds one digit)",
                        a.cells_text(),
                        a.digit,
                        b.digit
                    ));
                    if lost {
                        results.push(format!(
                            "{} is {} or {} and loses its other candidates",
                            a.cells_text(),
                            a.digit,
                            b.digit
                        ));
                    }
                }
            }
        }
    }
    let digits: DigitSet = nodes.iter().map(|n| n.digit).collect();
    Step::new(kind.id)
        .eliminate_all(eliminations)
        .pattern(chain_cells(&nodes), digits, houses)
        .chain(Chain { nodes, links })
        .because(format!(
            "{}; the loop closes with its links alternating, so its nodes are true and false in turn and every \
             link has exactly one true end: {}",
            clauses.join(", "),
            listing(results, "and")
        ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::technique::testing::{assert_agrees_with_solution, at, empty, marks, without};
    use crate::explain::technique::testing::{assert_lists_pattern_and_half_turn, EverySteps, FirstStep};

    /// Removes `digit` from every cell of `house` but `keep` (rows and columns from 1).
    fn only(digit: &'static str, house: House, keep: &[(u8, u8)]) -> Vec<(u8, u8, &'static str)> {
        let kept = at(keep);
        house.cell_list().into_iter().filter(|c| !kept.contains(c)).map(|c| (c.row() + 1, c.col() + 1, digit)).collect()
    }

    fn candidates(digit: u8, cells: &[(u8, u8)]) -> Vec<Candidate> {
        at(cells).into_iter().map(|c| Candidate::new(c, Digit::new(digit))).collect()
    }

    fn eureka(step: &Step) -> String {
        step.chain.as_ref().expect("a chain").eureka()
    }

    fn x_chain_grid(row_8: &[(u8, u8)]) -> Grid {
        let mut removals = only("7", House::row(2), &[(3, 1), (3, 6)]);
        removals.extend(only("7", House::row(5), &[(6, 6), (6, 9)]));
        removals.extend(only("7", House::row(7), row_8));
        without(empty(), &removals)
    }

    /// `concludes` says whether `eliminations` lists something, for every
    /// pair of nodes of every kind's graph, along the solve of a hard puzzle.
    #[test]
    fn concludes_exactly_where_eliminations_lists_something() {
        let puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let values: [u8; 81] = std::array::from_fn(|i| puzzle.as_bytes()[i].saturating_sub(b'0') % 10);
        let mut grid = Grid::from_values(&values);
        let mut search = crate::explain::search::Search::new(crate::explain::technique::TechniqueSet::all());
        let (mut pairs, mut productive) = (0, 0);
        for _ in 0..40 {
            let maps = digit_cells(&grid);
            for kind in [X_CHAIN, XY_CHAIN, AIC, GROUPED_AIC] {
                let g = build(&grid, kind.links, &maps, DigitSet::ALL, &[]);
                for start in 0..g.nodes.len() as u16 {
                    for end in 0..g.nodes.len() as u16 {
                        let listed = eliminations(&grid, &g, &maps, kind, start, end).is_some();
                        assert_eq!(concludes(&grid, &g, &maps, kind, start, end), listed);
                        pairs += 1;
                        productive += usize::from(listed);
                    }
                }
            }
            let Some(step) = search.next_step(&grid) else { break };
            step.apply_to(&mut grid);
        }
        assert!(productive > 0 && productive < pairs, "{productive} of {pairs}");
    }

    #[test]
    fn every_chain_is_listed_not_only_the_shortest() {
        // Each pattern's chain and its half turn (on another digit).
        assert_lists_pattern_and_half_turn(&XChain, &x_chain_grid(&[(8, 2), (8, 9)]));
        assert_lists_pattern_and_half_turn(&XyChain, &marks(&[(1, 1, "12"), (1, 5, "25"), (4, 5, "59"), (4, 6, "19")]));
        assert_lists_pattern_and_half_turn(&Aic, &aic_grid(&[(1, 3), (3, 3)]));
        assert_lists_pattern_and_half_turn(&GroupedAic, &grouped_grid(&[(1, 6), (1, 7)]));
        assert_lists_pattern_and_half_turn(&NiceLoop, &loop_grid(&[(2, 2), (3, 1)]));
        assert_lists_pattern_and_half_turn(&ContinuousNiceLoop, &continuous_grid(&[(1, 2), (1, 7)]));
        // At a position of a real solve, every ALS-AIC listed is sound, and
        // the first is the one the driver takes.
        let grid = als_aic_position();
        let all = AlsAic.every(&grid);
        assert!(all.len() > 1, "{}", all.len());
        assert_eq!(Some(&all[0]), AlsAic.first(&grid).as_ref());
        let solution = crate::exact::solution(grid.values()).expect("one solution");
        for step in &all {
            assert!(step.eliminations.iter().all(|e| solution[e.cell.index()] != e.digit.get()), "{}", step.text());
        }
    }

    #[test]
    fn x_chain_of_three_conjugate_pairs() {
        let step = XChain.first(&x_chain_grid(&[(8, 2), (8, 9)])).expect("an x-chain");
        assert_eq!(step.technique, TechniqueId::XChain);
        assert_eq!(eureka(&step), "(7)r3c1=(7)r3c6-(7)r6c6=(7)r6c9-(7)r8c9=(7)r8c2");
        assert_eq!(step.eliminations, candidates(7, &[(1, 2), (2, 2), (7, 1), (9, 1)]));
        assert_eq!(step.houses, [House::row(2), House::row(5), House::row(7)]);
        assert_eq!(
            step.text(),
            "X-Chain: (7)r3c1=(7)r3c6-(7)r6c6=(7)r6c9-(7)r8c9=(7)r8c2 => r1c2<>7, r2c2<>7, r7c1<>7, r9c1<>7. \
             If r3c1 is not 7 then r3c6 is 7 (row 3 has no other place for 7), so r6c6 is not 7 (they share \
             column 6), so r6c9 is 7 (row 6 has no other place for 7), so r8c9 is not 7 (they share column 9), so \
             r8c2 is 7 (row 8 has no other place for 7); either way r3c1 is 7 or r8c2 is 7, and cells that see \
             both lose 7."
        );
        assert_eq!(step.rating(), crate::se_rating::scale::Tenths::of(6.7), "6 nodes: 6.6 + 0.1");
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn the_shortest_chain_wins_over_one_found_earlier() {
        // A six-node chain on 1 (the one above, three stacks to the right),
        // whose nodes the search meets first, and a four-node chain on 2.
        let mut removals = only("1", House::row(2), &[(3, 4), (3, 9)]);
        removals.extend(only("1", House::row(5), &[(6, 9), (6, 3)]));
        removals.extend(only("1", House::row(7), &[(8, 3), (8, 5)]));
        let long = XChain.first(&without(empty(), &removals)).expect("an x-chain");
        assert_eq!(eureka(&long), "(1)r3c4=(1)r3c9-(1)r6c9=(1)r6c3-(1)r8c3=(1)r8c5");
        assert_eq!(long.eliminations, candidates(1, &[(1, 5), (2, 5), (7, 4), (9, 4)]));
        removals.extend(only("2", House::row(3), &[(4, 1), (4, 8)]));
        removals.extend(only("2", House::col(6), &[(5, 7), (6, 7)]));
        let short = XChain.first(&without(empty(), &removals)).expect("an x-chain");
        assert_eq!(eureka(&short), "(2)r4c1=(2)r4c8-(2)r5c7=(2)r6c7");
        // r4c8, a node of the chain, sees both ends too: it cannot be 2.
        assert_eq!(short.eliminations, candidates(2, &[(4, 8), (6, 1), (6, 2), (6, 3)]));
        assert_agrees_with_solution(&long);
        assert_agrees_with_solution(&short);
    }

    #[test]
    fn x_chain_needs_a_conjugate_pair_at_every_strong_link() {
        assert_eq!(XChain.first(&x_chain_grid(&[(8, 2), (8, 5), (8, 9)])), None);
    }

    fn xy_chain_grid(last: &'static str) -> Grid {
        marks(&[(1, 1, "12"), (1, 5, "25"), (5, 5, "59"), (5, 6, last)])
    }

    #[test]
    fn xy_chain_of_four_bivalue_cells() {
        let step = XyChain.first(&xy_chain_grid("19")).expect("an xy-chain");
        assert_eq!(eureka(&step), "(1)r1c1=(2)r1c1-(2)r1c5=(5)r1c5-(5)r5c5=(9)r5c5-(9)r5c6=(1)r5c6");
        assert_eq!(step.eliminations, candidates(1, &[(1, 6), (5, 1)]));
        assert_eq!(step.cells, at(&[(1, 1), (1, 5), (5, 5), (5, 6)]));
        assert_eq!(
            step.reason,
            "if r1c1 is not 1 then r1c1 is 2 (r1c1 has no other candidate), so r1c5 is not 2 (they share row 1), so \
             r1c5 is 5 (r1c5 has no other candidate), so r5c5 is not 5 (they share column 5), so r5c5 is 9 (r5c5 \
             has no other candidate), so r5c6 is not 9 (they share row 5), so r5c6 is 1 (r5c6 has no other \
             candidate); either way r1c1 is 1 or r5c6 is 1, and cells that see both lose 1"
        );
        assert_eq!(step.rating(), crate::se_rating::scale::Tenths::of(6.9), "8 nodes: 6.7 + 0.2");
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn xy_chain_needs_bivalue_cells() {
        assert_eq!(XyChain.first(&xy_chain_grid("149")), None);
    }

    #[test]
    fn xy_chain_needs_the_same_digit_at_both_ends() {
        // Ends 1 and 3 in cells that do not see each other: nothing follows.
        assert_eq!(XyChain.first(&xy_chain_grid("39")), None);
    }

    fn aic_grid(column_3: &[(u8, u8)]) -> Grid {
        let mut removals = only("1", House::row(0), &[(1, 1), (1, 3)]);
        removals.extend(only("3", House::col(2), column_3));
        without(empty(), &removals)
    }

    #[test]
    fn aic_type_2_with_ends_that_see_each_other() {
        let step = Aic.first(&aic_grid(&[(1, 3), (3, 3)])).expect("an aic");
        assert_eq!(eureka(&step), "(1)r1c1=(1)r1c3-(3)r1c3=(3)r3c3");
        let chain = step.chain.as_ref().unwrap();
        assert_eq!(chain.links, [LinkKind::Strong, LinkKind::Weak, LinkKind::Strong]);
        assert_eq!(
            step.eliminations,
            [Candidate::new(Cell::at(0, 0), Digit::new(3)), Candidate::new(Cell::at(2, 2), Digit::new(1))]
        );
        assert_eq!(
            step.reason,
            "if r1c1 is not 1 then r1c3 is 1 (row 1 has no other place for 1), so r1c3 is not 3 (r1c3 holds one \
             digit), so r3c3 is 3 (column 3 has no other place for 3); either way r1c1 is 1 or r3c3 is 3, so r1c1 \
             cannot be 3 and r3c3 cannot be 1"
        );
        assert_eq!(step.rating(), crate::se_rating::scale::Tenths::of(7.0));
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn aic_needs_strong_links() {
        assert_eq!(Aic.first(&aic_grid(&[(1, 3), (3, 3), (5, 3)])), None);
    }

    fn grouped_grid(row_1: &[(u8, u8)]) -> Grid {
        let mut removals = only("7", House::row(0), row_1);
        removals.extend(only("7", House::row(1), &[(2, 4), (2, 5), (2, 8)]));
        without(empty(), &removals)
    }

    #[test]
    fn grouped_aic_through_a_box_line_intersection() {
        let g = grouped_grid(&[(1, 6), (1, 7)]);
        assert_eq!(Aic.first(&g), None, "the row 2 link needs a group");
        let step = GroupedAic.first(&g).expect("a grouped aic");
        assert_eq!(eureka(&step), "(7)r1c6=(7)r1c7-(7)r2c8=(7)r2c45");
        let chain = step.chain.as_ref().unwrap();
        assert!(chain.nodes[3].is_group());
        assert_eq!(step.eliminations, candidates(7, &[(3, 4), (3, 5), (3, 6)]));
        assert_eq!(
            step.reason,
            "if r1c6 is not 7 then r1c7 is 7 (row 1 has no other place for 7), so r2c8 is not 7 (they share box 3), \
             so 7 is in r2c4 or r2c5 (row 2 has no other place for 7); either way r1c6 is 7 or 7 is in r2c4 or \
             r2c5, and cells that see both lose 7"
        );
        assert_agrees_with_solution(&step);
    }

    fn loop_grid(box_1: &[(u8, u8)]) -> Grid {
        let mut removals = only("7", House::row(2), &[(3, 1), (3, 6)]);
        removals.extend(only("7", House::row(3), &[(4, 2), (4, 6)]));
        removals.extend(only("7", House::block(0), box_1));
        without(empty(), &removals)
    }

    #[test]
    fn nice_loop_places_a_candidate_whose_absence_forces_it() {
        let step = NiceLoop.first(&loop_grid(&[(2, 2), (3, 1)])).expect("a nice loop");
        assert_eq!(eureka(&step), "(7)r3c1=(7)r3c6-(7)r4c6=(7)r4c2-(7)r2c2=(7)r3c1");
        assert_eq!(step.placements, [Candidate::new(Cell::at(2, 0), Digit::new(7))]);
        assert!(step.eliminations.is_empty());
        assert_eq!(
            step.text(),
            "Discontinuous Nice Loop: (7)r3c1=(7)r3c6-(7)r4c6=(7)r4c2-(7)r2c2=(7)r3c1 => r3c1=7. If r3c1 is not 7 \
             then r3c6 is 7 (row 3 has no other place for 7), so r4c6 is not 7 (they share column 6), so r4c2 is 7 \
             (row 4 has no other place for 7), so r2c2 is not 7 (they share column 2), so r3c1 is 7 (box 1 has no \
             other place for 7); so the assumption that r3c1 is not 7 contradicts itself: r3c1 is 7."
        );
        assert_eq!(step.rating(), crate::se_rating::scale::Tenths::of(7.1), "6 nodes: 7.0 + 0.1");
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn nice_loop_needs_two_strong_links_at_the_start() {
        assert_eq!(NiceLoop.first(&loop_grid(&[(1, 1), (2, 2), (3, 1)])), None);
    }

    /// 7 in row 1 only at `row_1`, 2 in column 2 only at r1c2 and r4c2,
    /// r4c1 holding 2 and 8, r4c7 holding 7 and 8.
    fn continuous_grid(row_1: &[(u8, u8)]) -> Grid {
        let mut removals = only("7", House::row(0), row_1);
        removals.extend(only("2", House::col(1), &[(1, 2), (4, 2)]));
        without(marks(&[(4, 1, "28"), (4, 7, "78")]), &removals)
    }

    #[test]
    fn continuous_nice_loop_turns_every_weak_link_strong() {
        let g = continuous_grid(&[(1, 2), (1, 7)]);
        let step = ContinuousNiceLoop.first(&g).expect("a continuous nice loop");
        assert_eq!(step.technique, TechniqueId::ContinuousNiceLoop);
        assert_eq!(eureka(&step), "(2)r1c2=(2)r4c2-(2)r4c1=(8)r4c1-(8)r4c7=(7)r4c7-(7)r1c7=(7)r1c2-(2)r1c2");
        let chain = step.chain.as_ref().unwrap();
        assert_eq!(chain.links.len(), 8);
        assert_eq!(chain.links.last(), Some(&LinkKind::Weak));
        // r1c2 keeps 2 and 7; 2 leaves the rest of row 4 and box 4, 8 the
        // rest of row 4, 7 the rest of column 7.
        let mut expected: Vec<Candidate> =
            [1, 3, 4, 5, 6, 8, 9].map(|d| Candidate::new(Cell::at(0, 1), Digit::new(d))).into();
        expected.extend(candidates(2, &[(4, 3), (4, 4), (4, 5), (4, 6), (4, 8), (4, 9)]));
        expected.extend(candidates(2, &[(5, 1), (5, 3), (6, 1), (6, 3)]));
        expected.extend(candidates(8, &[(4, 2), (4, 3), (4, 4), (4, 5), (4, 6), (4, 8), (4, 9)]));
        expected.extend(candidates(7, &[(2, 7), (3, 7), (5, 7), (6, 7), (7, 7), (8, 7), (9, 7)]));
        expected.sort();
        assert_eq!(step.eliminations, expected);
        assert_eq!(
            step.reason,
            "r1c2 or r4c2 is 2 (column 2 has no other place for 2), r4c2 and r4c1 are not both 2 (they share row 4), \
             r4c1 is 2 or 8 (r4c1 has no other candidate), r4c1 and r4c7 are not both 8 (they share row 4), r4c7 is \
             8 or 7 (r4c7 has no other candidate), r4c7 and r1c7 are not both 7 (they share column 7), r1c7 or r1c2 \
             is 7 (row 1 has no other place for 7), r1c2 is not both 7 and 2 (it holds one digit); the loop closes \
             with its links alternating, so its nodes are true and false in turn and every link has exactly one \
             true end: cells that see both r4c2 and r4c1 lose 2, cells that see both r4c1 and r4c7 lose 8, cells \
             that see both r4c7 and r1c7 lose 7 and r1c2 is 7 or 2 and loses its other candidates"
        );
        assert_eq!(step.rating(), crate::se_rating::scale::Tenths::of(7.3), "9 nodes: 7.0 + 0.3");
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn continuous_nice_loop_needs_every_link_to_hold() {
        // A third place for 7 in row 1: no strong link between r1c2 and r1c7.
        assert_eq!(ContinuousNiceLoop.first(&continuous_grid(&[(1, 2), (1, 5), (1, 7)])), None);
    }

    #[test]
    fn grouped_aic_needs_the_group_in_one_box() {
        assert_eq!(GroupedAic.first(&grouped_grid(&[(1, 2), (1, 6), (1, 7)])), None);
    }

    /// puzzles/techniques.txt line 59 (top1465.txt #1166) at its first
    /// ALS-AIC step.
    fn als_aic_position() -> Grid {
        let puzzle = ".95..3...3..16....71.9.4....2....87.1..4....3.........8.....3.7....9...4.32....6.";
        crate::explain::technique::testing::first_use(puzzle, TechniqueId::AlsAic).0
    }

    #[test]
    fn als_aic_goes_through_an_almost_locked_set() {
        let grid = als_aic_position();
        let step = AlsAic.first(&grid).expect("an als-aic");
        assert_eq!(
            step.text(),
            "ALS-AIC: (2)r6c46=(2)r5c6-(2)r7c6=(1)r78c6-(1)r9c5=(1)r9c79-(1)r7c8=(2)r25c8 => r6c8<>2. If 2 is in \
             neither r6c4 nor r6c6 then r5c6 is 2 (box 5 has no other place for 2), so r7c6 is not 2 (they share \
             column 6), so 1 is in r7c6 or r8c6 (the almost locked set r7c6,r8c6 {1,2,6} keeps its other digits), \
             so r9c5 is not 1 (they share box 8), so 1 is in r9c7 or r9c9 (row 9 has no other place for 1), so \
             r7c8 is not 1 (they share box 9), so 2 is in r2c8 or r5c8 (the almost locked set r2c8,r5c8,r7c8 \
             {1,2,5,9} keeps its other digits); either way 2 is in r6c4 or r6c6 or 2 is in r2c8 or r5c8, and cells \
             that see both lose 2."
        );
        let solution = crate::exact::backtrack::count_by_backtracking(grid.values(), 2).1[0];
        for e in &step.eliminations {
            assert_ne!(solution[e.cell.index()], e.digit.get());
        }
    }

    #[test]
    fn als_aic_needs_the_almost_locked_set() {
        let grid = als_aic_position();
        assert_eq!(GroupedAic.first(&grid), None);
        let mut none = |_| -> ControlFlow<()> { panic!("no set, no chain") };
        let _ = search(&grid, ALS_AIC, &[], &mut Memo::default(), &mut Finds::new(&mut none));
    }
}
