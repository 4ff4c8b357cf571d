//! SE 1.2.1's techniques as one enum: each value is a technique as SE
//! names it, with its rating on SE's scale and how that rating grows. The
//! producers take their ratings from here, and so does the scale a rating
//! target is checked against ([`BANDS`]).

use super::scale::Tenths;
use std::fmt;

/// One of Sudoku Explainer 1.2.1's techniques. `Display` writes SE's name
/// for it ("Hidden Single", "Unique Loop 6 type 2", "Dynamic Double
/// Forcing Chains (+ Forcing Chains)"); [`SeTechnique::rating`] is its
/// rating, the lowest when it grows ([`SeTechnique::growth`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum SeTechnique {
    /// A digit with one place left in a house; SE rates it by the house.
    HiddenSingle(SingleHouse),
    /// A pointing whose eliminations leave a hidden single, which it places.
    DirectPointing,
    /// A claiming whose eliminations leave a hidden single, which it places.
    DirectClaiming,
    /// A hidden pair whose eliminations leave a hidden single.
    DirectHiddenPair,
    /// A cell with one candidate left.
    NakedSingle,
    /// A hidden triplet whose eliminations leave a hidden single.
    DirectHiddenTriplet,
    /// A digit of a block locked in one line.
    Pointing,
    /// A digit of a line locked in one block.
    Claiming,
    /// Two cells of a house with two digits between them.
    NakedPair,
    /// A fish of two lines.
    XWing,
    /// Two digits of a house confined to two cells.
    HiddenPair,
    /// Three cells of a house with three digits between them.
    NakedTriplet,
    /// A fish of three lines.
    Swordfish,
    /// Three digits of a house confined to three cells.
    HiddenTriplet,
    /// A bivalue pivot and two bivalue wings.
    XyWing,
    /// A trivalue pivot and two bivalue wings.
    XyzWing,
    /// A deadly pattern of `cells` cells (4: a rectangle) and SE's type
    /// (1 to 4) of the way out of it.
    UniqueLoop {
        /// The loop's cells: 4, 6, 8, ...
        cells: u8,
        /// SE's type, 1 to 4.
        kind: u8,
    },
    /// Four cells of a house with four digits between them.
    NakedQuad,
    /// A fish of four lines.
    Jellyfish,
    /// Four digits of a house confined to four cells.
    HiddenQuad,
    /// A Bivalue Universal Grave, of SE's type 1 to 4.
    Bug(u8),
    /// Two cells whose combinations of candidates exclude some.
    AlignedPairExclusion,
    /// A cycle of bivalue cells and bilocal digits alike.
    BidirectionalCycle,
    /// A cycle of bivalue cells.
    BidirectionalYCycle,
    /// A cycle of one digit's bilocal places.
    BidirectionalXCycle,
    /// A cycle of one digit's places of four cells.
    GeneralizedXWing,
    /// A chain from a candidate to its negation through cells and houses alike.
    ForcingChain,
    /// A forcing chain through bivalue cells.
    ForcingYChain,
    /// A forcing chain through one digit's places.
    ForcingXChain,
    /// A forcing X-chain of six potentials.
    TurbotFish,
    /// Three cells whose combinations of candidates exclude some.
    AlignedTripletExclusion,
    /// An assumption about one digit that meets a contradiction.
    NishioForcingChains,
    /// The chains of SE's multiple-chain engines: `kind` of chains, from
    /// the `engine` that found them.
    ForcingChains {
        /// What the chains start from and meet.
        kind: ForcingChainsKind,
        /// The engine, which sets the rating's base and the name's words.
        engine: ChainEngine,
    },
}

/// Where a hidden single lies, which sets its rating.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum SingleHouse {
    /// The house's last empty cell.
    FullHouse,
    /// A block.
    Block,
    /// A row or a column.
    Line,
}

/// What the chains of a multiple-chain hint start from and where they meet.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ForcingChainsKind {
    /// One assumption that leads to a candidate both on and off.
    Contradiction,
    /// Both values of one candidate that lead to the same conclusion.
    Double,
    /// Every value of a cell that leads to the same conclusion.
    Cell,
    /// Every place of a digit in a house that leads to the same conclusion.
    Region,
}

/// Which of SE's multiple-chain engines found a hint.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ChainEngine {
    /// "Multiple Forcing Chains": links read from the grid as it stands.
    Multiple,
    /// "Dynamic Forcing Chains": each elimination shrinks the grid as the
    /// chain goes; at a nesting level above 0, the chains run nested rules
    /// where they stall (1 "(+)", 2 "(+ Forcing Chains)", 3 "(+ Multiple
    /// Forcing Chains)", 4 "(+ Dynamic Forcing Chains)").
    Dynamic {
        /// The nesting level.
        nesting: u8,
    },
}

/// How the rating of one hint of a technique follows from the technique's.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SeGrowth {
    /// Every hint has the technique's rating.
    Fixed,
    /// A tenth for each member of the hint's naked or hidden set past the
    /// first (the type 3 of loops and BUGs), up to `most` tenths.
    BySet {
        /// The most it adds, in tenths.
        most: u16,
    },
    /// A tenth for each of SE's length brackets its chains' complexity
    /// passes; no bound holds below SE's ceiling, 20.0.
    ByLength,
}

/// The rating of a puzzle SE's techniques cannot solve, above every
/// chain's: a chain's complexity counts those it nests, so no lower bound
/// holds. (The hardest puzzles known rate about 12.)
const CEILING: Tenths = Tenths(200);

impl SeTechnique {
    /// SE's name (the parameters' words aside, which `Display` adds) and
    /// rating in tenths: the table of SE's ratings.
    const fn entry(self) -> (&'static str, u16) {
        use SeTechnique::*;
        match self {
            HiddenSingle(SingleHouse::FullHouse) => ("Hidden Single", 10),
            HiddenSingle(SingleHouse::Block) => ("Hidden Single", 12),
            HiddenSingle(SingleHouse::Line) => ("Hidden Single", 15),
            DirectPointing => ("Direct Pointing", 17),
            DirectClaiming => ("Direct Claiming", 19),
            DirectHiddenPair => ("Direct Hidden Pair", 20),
            NakedSingle => ("Naked Single", 23),
            DirectHiddenTriplet => ("Direct Hidden Triplet", 25),
            Pointing => ("Pointing", 26),
            Claiming => ("Claiming", 28),
            NakedPair => ("Naked Pair", 30),
            XWing => ("X-Wing", 32),
            HiddenPair => ("Hidden Pair", 34),
            NakedTriplet => ("Naked Triplet", 36),
            Swordfish => ("Swordfish", 38),
            HiddenTriplet => ("Hidden Triplet", 40),
            XyWing => ("XY-Wing", 42),
            XyzWing => ("XYZ-Wing", 44),
            // A rectangle; a loop adds a tenth from 6 cells, two from 8, five from 10.
            UniqueLoop { cells: 0..=4, .. } => ("Unique Rectangle", 45),
            UniqueLoop { cells: 5..=7, .. } => ("Unique Loop", 46),
            UniqueLoop { cells: 8..=9, .. } => ("Unique Loop", 47),
            UniqueLoop { .. } => ("Unique Loop", 50),
            NakedQuad => ("Naked Quad", 50),
            Jellyfish => ("Jellyfish", 52),
            HiddenQuad => ("Hidden Quad", 54),
            Bug(1) => ("BUG", 56),
            Bug(_) => ("BUG", 57),
            AlignedPairExclusion => ("Aligned Pair Exclusion", 62),
            BidirectionalYCycle => ("Bidirectional Y-Cycle", 65),
            BidirectionalXCycle => ("Bidirectional X-Cycle", 65),
            GeneralizedXWing => ("Generalized X-Wing", 65),
            ForcingYChain => ("Forcing Y-Chain", 66),
            ForcingXChain => ("Forcing X-Chain", 66),
            TurbotFish => ("Turbot Fish", 66),
            BidirectionalCycle => ("Bidirectional Cycle", 70),
            ForcingChain => ("Forcing Chain", 70),
            AlignedTripletExclusion => ("Aligned Triplet Exclusion", 75),
            NishioForcingChains => ("Nishio Forcing Chains", 75),
            ForcingChains { engine: ChainEngine::Multiple, .. } => ("Forcing Chains", 80),
            // 8.5, and half a point per nesting level.
            ForcingChains { engine: ChainEngine::Dynamic { nesting }, .. } => {
                ("Forcing Chains", 85 + 5 * nesting as u16)
            }
        }
    }

    /// The technique's rating on SE's scale: every hint's when it does not
    /// grow, else the lowest.
    pub const fn rating(self) -> Tenths {
        Tenths(self.entry().1)
    }

    /// How the rating of one of its hints grows from [`SeTechnique::rating`].
    pub const fn growth(self) -> SeGrowth {
        use SeTechnique::*;
        match self {
            UniqueLoop { kind: 3, .. } | Bug(3) => SeGrowth::BySet { most: 3 },
            BidirectionalCycle | BidirectionalYCycle | BidirectionalXCycle | GeneralizedXWing => SeGrowth::ByLength,
            ForcingChain | ForcingYChain | ForcingXChain | TurbotFish => SeGrowth::ByLength,
            NishioForcingChains | ForcingChains { .. } => SeGrowth::ByLength,
            _ => SeGrowth::Fixed,
        }
    }

    /// The highest rating one of its hints can have.
    pub const fn highest(self) -> Tenths {
        match self.growth() {
            SeGrowth::Fixed => self.rating(),
            SeGrowth::BySet { most } => Tenths(self.rating().0 + most),
            SeGrowth::ByLength => CEILING,
        }
    }

    /// The rating as SE keeps it, a `f64` (the same number as SE's literal,
    /// or its sum of halves and tenths: each is the `f64` nearest to the
    /// rating), before any growth.
    pub(crate) fn difficulty(self) -> f64 {
        self.rating().as_f64()
    }

    /// The difficulty of a hint whose naked or hidden set has `members`
    /// members: SE adds a tenth for each past the first (see
    /// [`SeGrowth::BySet`]), as a `f64` sum.
    pub(crate) fn with_set_of(self, members: u32) -> f64 {
        debug_assert!(matches!(self.growth(), SeGrowth::BySet { .. }), "{self} does not grow by its set");
        self.difficulty() + (f64::from(members) - 1.0) * 0.1
    }

    /// The naked sets of 2, 3 and 4 cells.
    pub(crate) const NAKED_SETS: [SeTechnique; 3] =
        [SeTechnique::NakedPair, SeTechnique::NakedTriplet, SeTechnique::NakedQuad];
    /// The hidden sets of 2, 3 and 4 digits.
    pub(crate) const HIDDEN_SETS: [SeTechnique; 3] =
        [SeTechnique::HiddenPair, SeTechnique::HiddenTriplet, SeTechnique::HiddenQuad];
    /// The direct hidden sets of 2 and 3 digits.
    pub(crate) const DIRECT_HIDDEN_SETS: [SeTechnique; 2] =
        [SeTechnique::DirectHiddenPair, SeTechnique::DirectHiddenTriplet];
    /// The fish of 2, 3 and 4 lines.
    pub(crate) const FISH: [SeTechnique; 3] = [SeTechnique::XWing, SeTechnique::Swordfish, SeTechnique::Jellyfish];

    /// The name SE prints in a step's line: the technique's, but for the
    /// multiple-chain engines' hints, whose line names only the kind of
    /// chain ("Contradiction Forcing Chain: ...", "Cell Forcing Chains:
    /// ...") whatever the engine.
    pub(crate) fn printed_name(self) -> PrintedName {
        PrintedName(self)
    }
}

/// SE's name of a technique in a step's line (see [`SeTechnique::printed_name`]).
pub(crate) struct PrintedName(SeTechnique);

impl fmt::Display for PrintedName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            SeTechnique::NishioForcingChains => f.write_str("Nishio Forcing Chain"),
            SeTechnique::ForcingChains { kind: ForcingChainsKind::Contradiction, .. } => {
                f.write_str("Contradiction Forcing Chain")
            }
            SeTechnique::ForcingChains { kind: ForcingChainsKind::Double, .. } => f.write_str("Double Forcing Chain"),
            SeTechnique::ForcingChains { kind, .. } => write!(f, "{kind} Forcing Chains"),
            technique => technique.fmt(f),
        }
    }
}

impl fmt::Display for SeTechnique {
    /// SE's name of the technique.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = self.entry().0;
        match *self {
            SeTechnique::UniqueLoop { cells: 4, kind } | SeTechnique::Bug(kind) => write!(f, "{name} type {kind}"),
            SeTechnique::UniqueLoop { cells, kind } => write!(f, "{name} {cells} type {kind}"),
            SeTechnique::ForcingChains { kind, engine: ChainEngine::Multiple } => write!(f, "{kind} {name}"),
            SeTechnique::ForcingChains { kind, engine: ChainEngine::Dynamic { nesting } } => {
                write!(f, "Dynamic {kind} {name}")?;
                write_nesting(f, nesting)
            }
            _ => f.write_str(name),
        }
    }
}

impl fmt::Display for ForcingChainsKind {
    /// SE's word for it in the chains' names.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ForcingChainsKind::Contradiction => "Contradiction",
            ForcingChainsKind::Double => "Double",
            ForcingChainsKind::Cell => "Cell",
            ForcingChainsKind::Region => "Region",
        })
    }
}

/// SE's words for a nesting level after a dynamic chain's name.
fn write_nesting(f: &mut fmt::Formatter<'_>, nesting: u8) -> fmt::Result {
    match nesting {
        0 => Ok(()),
        1 => f.write_str(" (+)"),
        2 => f.write_str(" (+ Forcing Chains)"),
        3 => f.write_str(" (+ Multiple Forcing Chains)"),
        4 => f.write_str(" (+ Dynamic Forcing Chains)"),
        _ => {
            f.write_str(" (+ Dynamic Forcing Chains")?;
            write_nesting(f, nesting - 3)?;
            f.write_str(")")
        }
    }
}

/// The ratings of SE 1.2.1's steps, by technique or group of techniques:
/// from `low` to `high` (one value for most; loops, BUG type 3 and chains
/// grow).
pub(crate) struct Band {
    /// The name of the technique, or of the group.
    pub name: &'static str,
    /// Its lowest rating.
    pub low: Tenths,
    /// Its highest rating.
    pub high: Tenths,
}

/// The band of `techniques`, from the lowest rating of any to the highest.
const fn band(name: &'static str, techniques: &[SeTechnique]) -> Band {
    let (mut low, mut high) = (Tenths::MAX, Tenths::ZERO);
    let mut i = 0;
    while i < techniques.len() {
        let t = techniques[i];
        if t.rating().0 < low.0 {
            low = t.rating();
        }
        if t.highest().0 > high.0 {
            high = t.highest();
        }
        i += 1;
    }
    Band { name, low, high }
}

/// Every unique rectangle and loop SE rates differently.
const UNIQUE_LOOPS: [SeTechnique; 16] = {
    let mut loops = [SeTechnique::UniqueLoop { cells: 4, kind: 1 }; 16];
    let mut i = 0;
    while i < 16 {
        loops[i] = SeTechnique::UniqueLoop { cells: [4, 6, 8, 10][i / 4], kind: (i % 4) as u8 + 1 };
        i += 1;
    }
    loops
};

/// The chains of the unary engine ("Forcing Chains & Cycles").
pub(crate) const UNARY_CHAINS: [SeTechnique; 8] = {
    use SeTechnique::*;
    [
        BidirectionalCycle,
        BidirectionalYCycle,
        BidirectionalXCycle,
        GeneralizedXWing,
        ForcingChain,
        ForcingYChain,
        ForcingXChain,
        TurbotFish,
    ]
};

/// Every technique's ratings, lowest first: the scale a rating target is
/// checked against before any search (a range no step reaches is refused
/// at once). Some techniques go as a group, under the group's name.
pub(crate) const BANDS: &[Band] = {
    use SeTechnique::*;
    &[
        band("Hidden Single (full house)", &[HiddenSingle(SingleHouse::FullHouse)]),
        band("Hidden Single (block)", &[HiddenSingle(SingleHouse::Block)]),
        band("Hidden Single (row or column)", &[HiddenSingle(SingleHouse::Line)]),
        band("Direct Pointing", &[DirectPointing]),
        band("Direct Claiming", &[DirectClaiming]),
        band("Direct Hidden Pair", &[DirectHiddenPair]),
        band("Naked Single", &[NakedSingle]),
        band("Direct Hidden Triplet", &[DirectHiddenTriplet]),
        band("Pointing", &[Pointing]),
        band("Claiming", &[Claiming]),
        band("Naked Pair", &[NakedPair]),
        band("X-Wing", &[XWing]),
        band("Hidden Pair", &[HiddenPair]),
        band("Naked Triplet", &[NakedTriplet]),
        band("Swordfish", &[Swordfish]),
        band("Hidden Triplet", &[HiddenTriplet]),
        band("XY-Wing", &[XyWing]),
        band("XYZ-Wing", &[XyzWing]),
        band("Unique Rectangle / Loop", &UNIQUE_LOOPS),
        band("Naked Quad", &[NakedQuad]),
        band("Jellyfish", &[Jellyfish]),
        band("Hidden Quad", &[HiddenQuad]),
        band("BUG type 1", &[Bug(1)]),
        band("BUG type 2, 3, 4", &[Bug(2), Bug(3), Bug(4)]),
        band("Aligned Pair Exclusion", &[AlignedPairExclusion]),
        band("Bidirectional Cycle / Forcing Chain", &UNARY_CHAINS),
        band("Aligned Triplet Exclusion", &[AlignedTripletExclusion]),
        band(
            "Dynamic Forcing Chains (+ ...)",
            &[
                NishioForcingChains,
                ForcingChains { kind: ForcingChainsKind::Cell, engine: ChainEngine::Multiple },
                ForcingChains { kind: ForcingChainsKind::Contradiction, engine: ChainEngine::Dynamic { nesting: 4 } },
            ],
        ),
    ]
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::se_rating::se_step::tenths;

    /// The names SE writes, for techniques with and without parameters.
    #[test]
    fn names_are_se_names() {
        use SeTechnique::*;
        let named = [
            (HiddenSingle(SingleHouse::Block), "Hidden Single"),
            (XyWing, "XY-Wing"),
            (UniqueLoop { cells: 4, kind: 3 }, "Unique Rectangle type 3"),
            (UniqueLoop { cells: 6, kind: 2 }, "Unique Loop 6 type 2"),
            (Bug(4), "BUG type 4"),
            (TurbotFish, "Turbot Fish"),
            (NishioForcingChains, "Nishio Forcing Chains"),
            (ForcingChains { kind: ForcingChainsKind::Cell, engine: ChainEngine::Multiple }, "Cell Forcing Chains"),
            (
                ForcingChains { kind: ForcingChainsKind::Double, engine: ChainEngine::Dynamic { nesting: 0 } },
                "Dynamic Double Forcing Chains",
            ),
            (
                ForcingChains { kind: ForcingChainsKind::Region, engine: ChainEngine::Dynamic { nesting: 1 } },
                "Dynamic Region Forcing Chains (+)",
            ),
            (
                ForcingChains { kind: ForcingChainsKind::Contradiction, engine: ChainEngine::Dynamic { nesting: 3 } },
                "Dynamic Contradiction Forcing Chains (+ Multiple Forcing Chains)",
            ),
            (
                ForcingChains { kind: ForcingChainsKind::Cell, engine: ChainEngine::Dynamic { nesting: 5 } },
                "Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
            ),
        ];
        for (technique, name) in named {
            assert_eq!(technique.to_string(), name);
        }
        let dynamic =
            ForcingChains { kind: ForcingChainsKind::Contradiction, engine: ChainEngine::Dynamic { nesting: 2 } };
        assert_eq!(dynamic.printed_name().to_string(), "Contradiction Forcing Chain");
        assert_eq!(NishioForcingChains.printed_name().to_string(), "Nishio Forcing Chain");
        assert_eq!(XWing.printed_name().to_string(), "X-Wing");
    }

    /// The `f64` of each rating is SE's literal or SE's sum: the loops'
    /// tenths added to 4.5, the nested levels' halves (SukakuExplainer's
    /// `9.5 + 0.5 * (level - 2)` from level 2), and SE rounds each back
    /// to the rating.
    #[test]
    fn difficulties_are_the_numbers_se_computes() {
        use SeTechnique::*;
        assert_eq!(XWing.difficulty(), 3.2);
        assert_eq!(HiddenSingle(SingleHouse::Line).difficulty(), 1.5);
        assert_eq!(ForcingYChain.difficulty(), 6.6);
        let loop_sum = |n: u8| {
            let mut d = 4.5;
            if n >= 10 {
                d += 0.3;
            }
            if n >= 8 {
                d += 0.2;
            } else if n >= 6 {
                d += 0.1;
            }
            d
        };
        for cells in [4, 6, 7, 8, 10, 12, 14] {
            assert_eq!(UniqueLoop { cells, kind: 1 }.difficulty(), loop_sum(cells), "{cells} cells");
        }
        for nesting in 2..=4u8 {
            let engine = ChainEngine::Dynamic { nesting };
            let sum = 9.5 + 0.5 * f64::from(nesting - 2);
            assert_eq!(ForcingChains { kind: ForcingChainsKind::Cell, engine }.difficulty(), sum);
        }
        assert_eq!(Bug(3).with_set_of(3), 5.7 + 2.0 * 0.1);
        for t in UNIQUE_LOOPS.into_iter().chain(UNARY_CHAINS) {
            assert_eq!(tenths(t.difficulty()), t.rating(), "{t}");
        }
    }

    /// The bands are SE's ratings by technique, lowest first.
    #[test]
    fn bands_span_each_technique_s_ratings() {
        let at = |name: &str| BANDS.iter().find(|b| b.name == name).map(|b| (b.low, b.high));
        assert_eq!(at("Hidden Single (full house)"), Some((Tenths(10), Tenths(10))));
        assert_eq!(at("Unique Rectangle / Loop"), Some((Tenths(45), Tenths(53))));
        assert_eq!(at("BUG type 2, 3, 4"), Some((Tenths(57), Tenths(60))));
        assert_eq!(at("Bidirectional Cycle / Forcing Chain"), Some((Tenths(65), CEILING)));
        assert_eq!(at("Dynamic Forcing Chains (+ ...)"), Some((Tenths(75), CEILING)));
        assert!(BANDS.windows(2).all(|w| w[0].low <= w[1].low), "lowest first");
        for b in BANDS.iter().filter(|b| !b.name.contains(['(', '/', ','])) {
            assert_eq!(b.low, b.high, "{}", b.name);
        }
    }
}
