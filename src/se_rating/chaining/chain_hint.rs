//! A chaining hint as SE builds it: its chains (targets in the stores of
//! the searches that found them), what it removes or places, its
//! complexity (SE's ancestor count, plus the nested chains it relies on),
//! the length penalty, and SE's names for it.

use super::potential::{pot_cell, pot_digit, pot_name, pot_on, Cause, NestedChain, Pot, PotSet, Store, NONE};
use crate::model::cell::Candidate;
use crate::model::cell::{Cell, Digit};
use crate::model::grid::{Grid, House, HouseKind};
use crate::model::sets::DigitSet;
use crate::se_rating::se_step::SeStep;
use crate::se_rating::technique::{ChainEngine, ForcingChainsKind, SeTechnique};
use std::cell::OnceCell;
use std::rc::Rc;

/// Which of SE's chaining engines found a hint (the arguments of SE's
/// `Chaining` producer).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(super) struct Mode {
    /// Cell and region forcing chains are searched.
    pub(super) multiple: bool,
    /// Eliminations shrink the grid as the search goes.
    pub(super) dynamic: bool,
    /// Single-digit links only, contradictions of one assumption.
    pub(super) nishio: bool,
    /// The nesting level (0 none, 1 "(+)", 2 "+ Forcing Chains", 3 "+ Multiple
    /// Forcing Chains", 4 "+ Dynamic Forcing Chains").
    pub(super) level: u8,
    /// At level 4, the level of the nested dynamic chains (SukakuExplainer's
    /// nesting limit: 0 plain dynamic, 1 "(+)", ...).
    pub(super) nested_level: u8,
}

impl Mode {
    /// The "Forcing Chains & Cycles" producer (cycles, X-, Y-, XY-chains).
    pub(super) const UNARY: Mode = Mode { multiple: false, dynamic: false, nishio: false, level: 0, nested_level: 0 };
    /// Nishio forcing chains.
    pub(super) const NISHIO: Mode = Mode { multiple: false, dynamic: true, nishio: true, level: 0, nested_level: 0 };
    /// Multiple (cell and region) forcing chains.
    pub(super) const MULTIPLE: Mode = Mode { multiple: true, dynamic: false, nishio: false, level: 0, nested_level: 0 };
    /// Dynamic forcing chains.
    pub(super) const DYNAMIC: Mode = Mode { multiple: true, dynamic: true, nishio: false, level: 0, nested_level: 0 };

    /// Dynamic forcing chains nested at `level`.
    pub(super) const fn nested(level: u8, nested_level: u8) -> Mode {
        Mode { multiple: true, dynamic: true, nishio: false, level, nested_level }
    }

    /// The technique of this engine's binary, cell and region hints of
    /// `kind` (a Nishio engine's are all "Nishio Forcing Chains").
    fn technique(self, kind: ForcingChainsKind) -> SeTechnique {
        if self.nishio {
            SeTechnique::NishioForcingChains
        } else if self.dynamic {
            SeTechnique::ForcingChains { kind, engine: ChainEngine::Dynamic { nesting: self.level } }
        } else {
            SeTechnique::ForcingChains { kind, engine: ChainEngine::Multiple }
        }
    }

    /// SE's base difficulty of the binary, cell and region hints.
    pub(super) fn base(self) -> f64 {
        self.technique(ForcingChainsKind::Cell).difficulty()
    }
}

/// The shape of a chaining hint.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Kind {
    /// A bidirectional cycle; its cells in SE's order (for the name and text).
    Cycle { y: bool, x: bool, cells: Vec<Cell> },
    /// A forcing chain from a candidate to its own negation.
    Forcing { y: bool, x: bool },
    /// Both values of one potential lead somewhere (contradiction or double).
    Binary { absurd: bool, source: Pot },
    /// Every value of a cell leads to the same potential.
    Cell { cell: Cell },
    /// Every place of a digit in a house leads to the same potential.
    Region { house: House, digit: Digit },
}

/// The end of one chain: a node in the store of the search that made it.
#[derive(Clone)]
pub(super) struct Target {
    pub(super) store: Rc<Store>,
    pub(super) node: u32,
}

impl Target {
    pub(super) fn pot(&self) -> Pot {
        self.store.node(self.node).pot
    }
}

/// The frozen copies made so far of the search stores of a list of hints
/// (see [`ChainHint::freeze`]), by the store they copy.
#[derive(Default)]
pub(super) struct Frozen(Vec<(Rc<Store>, Rc<Store>)>);

/// One chaining hint.
pub(super) struct ChainHint {
    pub(super) mode: Mode,
    pub(super) kind: Kind,
    /// SE's technique, named by the shape, the engine and (for an X-chain)
    /// the complexity.
    pub(super) technique: SeTechnique,
    /// SE's chain targets, in SE's order.
    pub(super) targets: Vec<Target>,
    /// What it removes: cells in SE's insertion order, each with its digits.
    pub(super) removals: Vec<(Cell, DigitSet)>,
    /// The potential it concludes; a placement when "on".
    pub(super) result: Option<Pot>,
    /// Flat complexity plus the nested chains' complexities.
    pub(super) complexity: u32,
    /// SE's difficulty: base plus the length penalty.
    pub(super) difficulty: f64,
    /// SE's tie-break after difficulty and complexity.
    pub(super) sort_key: u8,
    /// The chain's identity for SE's `FullChain` (computed when needed).
    full_chain: OnceCell<Vec<Pot>>,
}

impl ChainHint {
    /// Builds a hint and computes its complexity and difficulty.
    pub(super) fn new(
        mode: Mode,
        kind: Kind,
        targets: Vec<Target>,
        removals: Vec<(Cell, DigitSet)>,
        result: Option<Pot>,
    ) -> ChainHint {
        let flat: u32 = match kind {
            Kind::Cycle { .. } | Kind::Forcing { .. } => targets[0].store.ancestors(targets[0].node),
            _ => targets.iter().map(|t| t.store.ancestors(t.node)).sum(),
        };
        let technique = technique_of(mode, &kind, flat);
        let mut hint = ChainHint {
            mode,
            kind,
            technique,
            targets,
            removals,
            result,
            complexity: flat,
            difficulty: 0.0,
            sort_key: 0,
            full_chain: OnceCell::new(),
        };
        hint.complexity += hint.nested_complexity();
        hint.difficulty = technique.difficulty() + length_penalty(hint.complexity);
        hint.sort_key = match &hint.kind {
            Kind::Cycle { y, x, .. } | Kind::Forcing { y, x } => match (y, x) {
                (true, true) => 4,
                (true, false) => 3,
                _ => 2,
            },
            Kind::Binary { absurd, .. } => {
                if *absurd {
                    7
                } else {
                    1
                }
            }
            Kind::Cell { .. } => 5,
            Kind::Region { .. } => 6,
        };
        hint
    }

    /// Points the targets at frozen copies of their search stores (one copy
    /// per store, shared through `frozen`), so that a hint kept for later
    /// holds its chains' nodes and not the searches' tables.
    pub(super) fn freeze(&mut self, frozen: &mut Frozen) {
        for t in &mut self.targets {
            if t.store.is_frozen() {
                continue;
            }
            let copy = match frozen.0.iter().find(|(original, _)| Rc::ptr_eq(original, &t.store)) {
                Some((_, copy)) => copy.clone(),
                None => {
                    let copy = Rc::new(t.store.frozen());
                    frozen.0.push((t.store.clone(), copy.clone()));
                    copy
                }
            };
            t.store = copy;
        }
    }

    /// SE's `getNestedComplexity`: the complexity of each distinct nested
    /// chain met on the way back from the targets.
    fn nested_complexity(&self) -> u32 {
        let mut seen: Vec<&[Pot]> = Vec::new();
        let mut total = 0;
        for t in &self.targets {
            if t.store.nested.is_empty() {
                continue;
            }
            t.store.each_in_chain(t.node, |n| {
                let nested = t.store.node(n).nested;
                if nested != NONE {
                    let hint = &t.store.nested[nested as usize];
                    let key = hint.full_chain();
                    if !seen.contains(&key) {
                        seen.push(key);
                        total += hint.complexity();
                    }
                }
            });
        }
        total
    }

    /// SE's `FullChain` identity: the targets and every chain behind them.
    fn full_chain(&self) -> &[Pot] {
        self.full_chain.get_or_init(|| {
            let mut key: Vec<Pot> = self.targets.iter().map(Target::pot).collect();
            for t in &self.targets {
                key.push(Pot::MAX);
                t.store.each_in_chain(t.node, |n| key.push(t.store.node(n).pot));
            }
            key
        })
    }

    /// The removals as a canonical set, for SE's de-duplication (two
    /// chaining hints are equal when they remove the same candidates).
    pub(super) fn removal_key(&self) -> Vec<(Cell, DigitSet)> {
        let mut key = self.removals.clone();
        key.sort_by_key(|(c, _)| *c);
        key
    }

    /// The candidates whose absence the hint relies on (SE's rule parents):
    /// for each "on" step of its chains that needed a cell or a house to be
    /// down to one place, the candidates `initial` had there and `current`
    /// has not.
    pub(super) fn rule_parents(&self, initial: &Grid, current: &Grid, out: &mut Vec<Pot>) {
        out.clear();
        let mut added = PotSet::new();
        for t in &self.targets {
            t.store.each_in_chain(t.node, |n| {
                let node = t.store.node(n);
                let cause = match (node.cause, &self.kind) {
                    (Cause::Start, Kind::Cell { .. }) => Cause::Cell,
                    (Cause::Start, Kind::Region { house, .. }) => match house.kind() {
                        HouseKind::Block => Cause::Block,
                        HouseKind::Row => Cause::Row,
                        HouseKind::Col => Cause::Column,
                    },
                    (cause, _) => cause,
                };
                if !pot_on(node.pot) {
                    return;
                }
                let (cell, digit) = (pot_cell(node.pot), pot_digit(node.pot));
                let mut add = |c: Cell, d: Digit| {
                    let p = super::potential::pot(c, d, false);
                    if added.insert(p) {
                        out.push(p);
                    }
                };
                match cause {
                    Cause::Cell => {
                        for d in initial.candidates(cell).difference(current.candidates(cell)).iter() {
                            add(cell, d);
                        }
                    }
                    Cause::Block | Cause::Row | Cause::Column => {
                        let house = match cause {
                            Cause::Block => House::block(cell.block()),
                            Cause::Row => House::row(cell.row()),
                            _ => House::col(cell.col()),
                        };
                        let lost = initial.house_cells_with(house, digit).difference(current.cells_with(digit));
                        for c in lost.iter() {
                            add(c, digit);
                        }
                    }
                    Cause::Start | Cause::Advanced => {}
                }
            });
        }
    }

    /// What SE prints after the hint's printed name and a colon.
    pub(super) fn detail(&self) -> String {
        let on_off = |p: Pot| if pot_on(p) { " on" } else { " off" };
        match &self.kind {
            Kind::Cycle { cells, .. } => cells.iter().map(Cell::to_string).collect::<Vec<_>>().join(","),
            Kind::Forcing { .. } => {
                let t = self.targets[0].pot();
                format!("{}{}", pot_name(t), on_off(t))
            }
            Kind::Binary { absurd, source } => {
                if self.mode.nishio || *absurd {
                    format!(
                        "{}{} ==> {} both on & off",
                        pot_name(*source),
                        on_off(*source),
                        pot_name(self.targets[1].pot())
                    )
                } else {
                    let t = self.targets[0].pot();
                    format!("{} on & off ==> {}{}", pot_name(*source), pot_name(t), on_off(t))
                }
            }
            Kind::Cell { cell } => {
                let t = self.targets[0].pot();
                format!("{} ==> {}{}", cell, pot_name(t), on_off(t))
            }
            Kind::Region { house, digit } => {
                let t = self.targets[0].pot();
                format!("{} in {} ==> {}{}", digit, house.kind().se_word(), pot_name(t), on_off(t))
            }
        }
    }

    /// The hint as the rating loop sees it.
    pub(super) fn to_hint(&self) -> SeStep {
        let mut removals = Vec::new();
        for (cell, digits) in &self.removals {
            for d in digits.iter() {
                removals.push(Candidate { cell: *cell, digit: d });
            }
        }
        SeStep {
            technique: self.technique,
            difficulty: self.difficulty,
            removals,
            placement: self.result.filter(|&p| pot_on(p)).map(|p| (pot_cell(p), pot_digit(p))),
            detail: self.detail().into(),
            relies_on_absence: Vec::new(),
        }
    }
}

impl NestedChain for ChainHint {
    fn full_chain(&self) -> &[Pot] {
        ChainHint::full_chain(self)
    }

    fn complexity(&self) -> u32 {
        self.complexity
    }
}

/// SE's technique of a hint of shape `kind` from the engine `mode`, whose
/// chains have `flat` potentials behind them (nested chains aside): SE
/// names a forcing X-chain of six a Turbot Fish.
fn technique_of(mode: Mode, kind: &Kind, flat: u32) -> SeTechnique {
    match *kind {
        Kind::Cycle { y: true, x: true, .. } => SeTechnique::BidirectionalCycle,
        Kind::Cycle { y: true, x: false, .. } => SeTechnique::BidirectionalYCycle,
        Kind::Cycle { ref cells, .. } if cells.len() == 4 => SeTechnique::GeneralizedXWing,
        Kind::Cycle { .. } => SeTechnique::BidirectionalXCycle,
        Kind::Forcing { y: true, x: true } => SeTechnique::ForcingChain,
        Kind::Forcing { y: true, x: false } => SeTechnique::ForcingYChain,
        Kind::Forcing { .. } if flat == 6 => SeTechnique::TurbotFish,
        Kind::Forcing { .. } => SeTechnique::ForcingXChain,
        Kind::Binary { absurd: true, .. } => mode.technique(ForcingChainsKind::Contradiction),
        Kind::Binary { absurd: false, .. } => mode.technique(ForcingChainsKind::Double),
        Kind::Cell { .. } => mode.technique(ForcingChainsKind::Cell),
        Kind::Region { .. } => mode.technique(ForcingChainsKind::Region),
    }
}

/// SE's length penalty for a complexity: 0.1 per threshold passed, the
/// thresholds growing by 3/2 and 4/3 in turn from 4 (on complexity - 2).
pub(super) fn length_penalty(complexity: u32) -> f64 {
    let length = usize::try_from(complexity.saturating_sub(2)).unwrap_or(usize::MAX);
    // SE adds 0.1 once per bracket: the same f64 sum, so the same rounding.
    (0..crate::se_rating::scale::length_brackets(length)).fold(0.0, |added, _| added + 0.1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_penalty_follows_se_thresholds() {
        let table =
            [(6, 0), (7, 1), (8, 1), (9, 2), (10, 2), (11, 3), (14, 3), (15, 4), (18, 4), (19, 5), (26, 5), (27, 6)];
        for (complexity, tenths) in table {
            assert_eq!((length_penalty(complexity) * 10.0).round() as u32, tenths, "complexity {complexity}");
        }
        assert_eq!((length_penalty(258) * 10.0).round() as u32, 12);
    }

    #[test]
    fn bases_and_names_per_level() {
        assert_eq!(Mode::NISHIO.base(), 7.5);
        assert_eq!(Mode::MULTIPLE.base(), 8.0);
        assert_eq!(Mode::DYNAMIC.base(), 8.5);
        assert_eq!(Mode::nested(1, 0).base(), 9.0);
        assert_eq!(Mode::nested(2, 0).base(), 9.5);
        assert_eq!(Mode::nested(3, 0).base(), 10.0);
        assert_eq!(Mode::nested(4, 3).base(), 10.5);
        let region = |mode: Mode| mode.technique(ForcingChainsKind::Region).to_string();
        assert_eq!(region(Mode::MULTIPLE), "Region Forcing Chains");
        assert_eq!(region(Mode::NISHIO), "Nishio Forcing Chains");
        assert_eq!(region(Mode::nested(3, 0)), "Dynamic Region Forcing Chains (+ Multiple Forcing Chains)");
        assert_eq!(region(Mode::nested(4, 2)), "Dynamic Region Forcing Chains (+ Dynamic Forcing Chains)");
    }
}
