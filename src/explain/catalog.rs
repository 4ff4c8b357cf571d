//! What the tool knows of each technique without running it: the ids in
//! registry order, and the [`Descriptor`] each technique carries beside its
//! struct (name, rating, weight, whether it needs a unique solution).
//!
//! This module imports only SE's scale ([`Tenths`]), so that a [`Step`] can
//! name and rate itself without depending on the techniques that make steps.
//!
//! [`Step`]: crate::Step

/// The registry: every technique in the order the driver tries it, simplest
/// first, one line each, `Id => the technique's value`. Both the
/// [`TechniqueId`] enum (here) and the registry of technique values (in
/// `technique`) are generated from this one list, so adding a technique is
/// one line here plus its struct.
use crate::se_rating::scale::{length_brackets, Tenths};
use crate::se_rating::technique::SeTechnique;

macro_rules! with_registry {
    ($then:ident) => {
        $then! {
            FullHouse => singles::FullHouse,
            NakedSingle => singles::NakedSingle,
            HiddenSingle => singles::HiddenSingle,
            Pointing => intersections::Pointing,
            Claiming => intersections::Claiming,
            LockedPair => subsets::LockedSubset { size: 2 },
            LockedTriple => subsets::LockedSubset { size: 3 },
            NakedPair => subsets::NakedPair,
            XWing => fish::XWing,
            HiddenPair => subsets::HiddenSubset { size: 2 },
            NakedTriple => subsets::NakedSubset { size: 3 },
            Swordfish => fish::Fish { size: 3 },
            HiddenTriple => subsets::HiddenSubset { size: 3 },
            YWing => wings::YWing,
            XyzWing => wings::XyzWing,
            TrapezoidChain => trapezoid_chain::TrapezoidChain,
            DualTwoStringKite => single_digit::DualTwoStringKite,
            TwoStringKite => single_digit::TwoStringKite,
            TurbotFish => single_digit::TurbotFish,
            DualEmptyRectangle => single_digit::DualEmptyRectangle,
            EmptyRectangle => single_digit::EmptyRectangle,
            WWing => wings::WWing,
            RemotePair => wings::RemotePair,
            UniqueRectangle1 => uniqueness::UniqueRectangle { kind: 1 },
            UniqueRectangle2 => uniqueness::UniqueRectangle { kind: 2 },
            UniqueRectangle5 => uniqueness::UniqueRectangle { kind: 5 },
            UniqueRectangle4 => uniqueness::UniqueRectangle { kind: 4 },
            UniqueLoop1 => unique_loop::UniqueLoop { kind: 1 },
            UniqueLoop2 => unique_loop::UniqueLoop { kind: 2 },
            UniqueLoop4 => unique_loop::UniqueLoop { kind: 4 },
            UniqueRectangle6 => uniqueness::UniqueRectangle { kind: 6 },
            HiddenRectangle => uniqueness::HiddenRectangle,
            AvoidableRectangle1 => uniqueness::AvoidableRectangle { kind: 1 },
            AvoidableRectangle2 => uniqueness::AvoidableRectangle { kind: 2 },
            ExtendedRectangle1 => extended_rectangle::ExtendedRectangle { kind: 1 },
            UniqueRectangle3 => uniqueness::UniqueRectangle { kind: 3 },
            UniqueLoop3 => unique_loop::UniqueLoop { kind: 3 },
            ExtendedRectangle2 => extended_rectangle::ExtendedRectangle { kind: 2 },
            NakedQuad => subsets::NakedSubset { size: 4 },
            Jellyfish => fish::Fish { size: 4 },
            HiddenQuad => subsets::HiddenSubset { size: 4 },
            BugPlusOne => bug::BugPlusOne,
            BugType2 => bug::BugType2,
            BugType3 => bug::BugType3,
            BugType4 => bug::BugType4,
            FinnedXWing => fish::FinnedFish { size: 2, sashimi: false },
            SashimiXWing => fish::FinnedFish { size: 2, sashimi: true },
            FinnedSwordfish => fish::FinnedFish { size: 3, sashimi: false },
            SashimiSwordfish => fish::FinnedFish { size: 3, sashimi: true },
            FinnedJellyfish => fish::FinnedFish { size: 4, sashimi: false },
            SashimiJellyfish => fish::FinnedFish { size: 4, sashimi: true },
            SimpleColoring => coloring::SimpleColoring,
            MultiColoring => coloring::MultiColoring,
            WxyzWing => wings::WxyzWing,
            AlignedPairExclusion => aligned_exclusion::AlignedPairExclusion,
            SueDeCoq => sue_de_coq::SueDeCoq,
            Medusa => coloring::Medusa,
            XChain => aic::XChain,
            XyChain => aic::XyChain,
            ContinuousNiceLoop => aic::ContinuousNiceLoop,
            Aic => aic::Aic,
            NiceLoop => aic::NiceLoop,
            GroupedAic => aic::GroupedAic,
            AlsXz => als::AlsXz,
            AlsXyWing => als::AlsXyWing,
            DeathBlossom => als::DeathBlossom,
            FrankenXWing => complex_fish::ComplexFish { shape: complex_fish::Shape::Franken, size: 2, finned: false },
            FrankenSwordfish => complex_fish::ComplexFish { shape: complex_fish::Shape::Franken, size: 3, finned: false },
            FrankenJellyfish => complex_fish::ComplexFish { shape: complex_fish::Shape::Franken, size: 4, finned: false },
            FinnedFrankenXWing => complex_fish::ComplexFish { shape: complex_fish::Shape::Franken, size: 2, finned: true },
            FinnedFrankenSwordfish => complex_fish::ComplexFish { shape: complex_fish::Shape::Franken, size: 3, finned: true },
            FinnedFrankenJellyfish => complex_fish::ComplexFish { shape: complex_fish::Shape::Franken, size: 4, finned: true },
            AlsAic => aic::AlsAic,
            AlignedTripletExclusion => aligned_exclusion::AlignedTripletExclusion,
            MutantXWing => complex_fish::ComplexFish { shape: complex_fish::Shape::Mutant, size: 2, finned: false },
            MutantSwordfish => complex_fish::ComplexFish { shape: complex_fish::Shape::Mutant, size: 3, finned: false },
            MutantJellyfish => complex_fish::ComplexFish { shape: complex_fish::Shape::Mutant, size: 4, finned: false },
            FinnedMutantXWing => complex_fish::ComplexFish { shape: complex_fish::Shape::Mutant, size: 2, finned: true },
            FinnedMutantSwordfish => complex_fish::ComplexFish { shape: complex_fish::Shape::Mutant, size: 3, finned: true },
            FinnedMutantJellyfish => complex_fish::ComplexFish { shape: complex_fish::Shape::Mutant, size: 4, finned: true },
            JuniorExocet => exocet::JuniorExocet,
            ContradictionForcingChain => forcing::ContradictionForcingChain,
            CellForcingChain => forcing::CellForcingChain,
            HouseForcingChain => forcing::HouseForcingChain,
            KrakenFish1 => kraken::KrakenFish { kind: 1 },
            KrakenFish2 => kraken::KrakenFish { kind: 2 },
            ForcingNet => forcing::ForcingNet,
            NestedForcingNet => forcing::NestedForcingNet,
            TemplateSet => template::TemplateSet,
            TemplateDelete => template::TemplateDelete,
        }
    };
}
pub(crate) use with_registry;

macro_rules! declare_ids {
    ($($id:ident => $technique:expr,)*) => {
        /// Every technique the tool knows, in registry order, plus the
        /// brute-force fallback.
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
        #[non_exhaustive]
        pub enum TechniqueId {
            $(
                #[doc = concat!(
                    "The ", stringify!($id), " technique: its name, id and rating are in [`TechniqueId::descriptor`]."
                )]
                $id,
            )*
            /// Not a technique: the fallback that places one cell from the
            /// unique solution when no technique applies.
            BruteForce,
        }

        impl TechniqueId {
            /// Every id in registry order, brute force last.
            pub const ALL: [TechniqueId; 1 $(+ one!($id))*] = [$(TechniqueId::$id,)* TechniqueId::BruteForce];
        }
    };
}

macro_rules! one {
    ($id:ident) => {
        1
    };
}

with_registry!(declare_ids);

/// How the rating of one instance follows from the technique's base rating.
#[derive(Clone, Copy, PartialEq, Debug)]
#[non_exhaustive]
pub enum Growth {
    /// Every instance has the base rating.
    Fixed,
    /// The base, or `in_box` for an instance whose house is a box (Sudoku
    /// Explainer rates a hidden single in a box easier than in a line).
    BoxOrLine {
        /// The rating of an instance in a box.
        in_box: Tenths,
    },
    /// The base plus Sudoku Explainer's length increment for the chain's
    /// or proof's size: 0.1 for each bracket the length passes (4, 6, 8,
    /// 12, 16, 24, 32, ...).
    ByLength,
    /// Not a logical step: the base only places it above every technique.
    Unrated,
}

/// Where a vague hint points for a technique: the part of a pattern that
/// says where to look without showing the pattern's cells. Chosen per
/// technique, because the same field means different things: a hidden
/// single's digit is where to look, a naked single's digit is the answer.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum HintFocus {
    /// A house: the last cell of a full house, a naked single's box, a subset's house.
    House,
    /// One digit, and the house the pattern lies in.
    DigitInHouse,
    /// The pattern's digit, when it has one: fish, one-digit chains.
    Digit,
    /// The pattern's digits: a unique rectangle's pair.
    Digits,
    /// Only the technique: patterns spread over the grid and its digits.
    Nothing,
}

/// What a technique says of itself: everything the tool shows or weighs
/// about it besides the steps it finds. Nothing else in the program
/// matches on a technique's id to know these.
#[derive(Clone, Copy, PartialEq, Debug)]
#[non_exhaustive]
pub struct Descriptor {
    /// The technique it describes.
    pub id: TechniqueId,
    /// The kebab-case id scripts rely on.
    pub key: &'static str,
    /// The name people read.
    pub name: &'static str,
    /// The base rating on Sudoku Explainer's scale.
    pub rating: Tenths,
    /// How an instance's rating follows from the base one.
    pub growth: Growth,
    /// The weight of one step in a HoDoKu-style score.
    pub weight: u32,
    /// The argument holds only when the puzzle is known to have exactly one
    /// solution, so a driver that has not proven that must skip it.
    pub needs_unique_solution: bool,
    /// Other names people use for it, lowercase and kebab-case; a technique
    /// list accepts them as well as the key and the name.
    pub aliases: &'static [&'static str],
    /// What it does, in one line (docs/TECHNIQUES.md shows it under the
    /// technique's heading).
    pub summary: &'static str,
    /// Where a vague hint at one of its steps points.
    pub focus: HintFocus,
    /// A single (full house, naked or hidden single): `--fold singles`
    /// writes a run of them as one line.
    pub single: bool,
    /// `sudoku steps` stops this technique's search after this many
    /// instances (and says so): the forcing chains and nets, whose every
    /// instance at a hard position would take seconds to list.
    pub listing_cap: Option<usize>,
    /// What bounds the instances `sudoku steps` lists, where the search is
    /// bounded (`chains of up to 16 nodes, ...`); the listing says it.
    pub listing_bound: Option<&'static str>,
    /// On unless a configuration turns it off; a technique off by default
    /// (its search costs far more than it saves) is turned on by one.
    pub on_by_default: bool,
}

impl Descriptor {
    /// A technique whose every instance rates `rating`, written as the
    /// decimal Sudoku Explainer gives (`3.2`) and kept as whole tenths,
    /// with its weight in the score, where a vague hint points and what it
    /// does in one line.
    pub const fn new(
        id: TechniqueId,
        key: &'static str,
        name: &'static str,
        rating: f32,
        weight: u32,
        focus: HintFocus,
        summary: &'static str,
    ) -> Descriptor {
        Descriptor {
            id,
            key,
            name,
            rating: Tenths::of(rating),
            growth: Growth::Fixed,
            weight,
            needs_unique_solution: false,
            aliases: &[],
            summary,
            focus,
            single: false,
            listing_cap: None,
            listing_bound: None,
            on_by_default: true,
        }
    }

    /// A technique rated as Sudoku Explainer rates `se`, its counterpart
    /// there: the rating is read from SE's table, not written twice.
    pub const fn rated_as_se(
        id: TechniqueId,
        key: &'static str,
        name: &'static str,
        se: SeTechnique,
        weight: u32,
        focus: HintFocus,
        summary: &'static str,
    ) -> Descriptor {
        Descriptor { rating: se.rating(), ..Descriptor::new(id, key, name, 0.0, weight, focus, summary) }
    }

    /// The same with `sudoku steps` stopping after `cap` instances (see
    /// [`Descriptor::listing_cap`]).
    pub const fn listed_at_most(self, cap: usize) -> Descriptor {
        Descriptor { listing_cap: Some(cap), ..self }
    }

    /// The same, whose search for every instance is bounded as `bound` says
    /// (see [`Descriptor::listing_bound`]).
    pub const fn listed_within(self, bound: &'static str) -> Descriptor {
        Descriptor { listing_bound: Some(bound), ..self }
    }

    /// The same, off unless a configuration turns it on.
    pub const fn off_by_default(self) -> Descriptor {
        Descriptor { on_by_default: false, ..self }
    }

    /// The same, for a single (see [`Descriptor::single`]).
    pub const fn a_single(self) -> Descriptor {
        Descriptor { single: true, ..self }
    }

    /// The same with other names people use for the technique, each
    /// lowercase and kebab-case (`skyscraper` for the trapezoid chain).
    pub const fn also_called(self, aliases: &'static [&'static str]) -> Descriptor {
        Descriptor { aliases, ..self }
    }

    /// The same with another [`Growth`].
    pub const fn growing(self, growth: Growth) -> Descriptor {
        Descriptor { growth, ..self }
    }

    /// The same, for a technique whose argument needs a unique solution.
    pub const fn needing_unique_solution(self) -> Descriptor {
        Descriptor { needs_unique_solution: true, ..self }
    }

    /// The rating of one instance: `in_box` when its first house is a box,
    /// `length` the size of its chain or proof, if it has one.
    pub fn rating_of(&self, in_box: bool, length: Option<usize>) -> Tenths {
        match (self.growth, length) {
            (Growth::BoxOrLine { in_box: rating }, _) if in_box => rating,
            (Growth::ByLength, Some(length)) => self.rating + chain_length_increment(length),
            _ => self.rating,
        }
    }

    /// The rating as the technique list shows it.
    pub fn rating_label(&self) -> String {
        match self.growth {
            Growth::Fixed => format!("{}", self.rating),
            Growth::BoxOrLine { in_box } => format!("{in_box} in a box, {} in a row or column", self.rating),
            Growth::ByLength => format!("{}, plus 0.1 per length bracket", self.rating),
            Growth::Unrated => "none: places one cell from the unique solution".to_string(),
        }
    }
}

/// The fallback when no technique applies: one cell from the unique solution.
pub(crate) const BRUTE_FORCE: Descriptor = Descriptor::new(
    TechniqueId::BruteForce,
    "brute-force",
    "Brute Force",
    10.0,
    10_000,
    HintFocus::Nothing,
    "Not a technique: the empty cell with the fewest candidates takes its digit from the unique solution.",
)
.growing(Growth::Unrated);

/// Sudoku Explainer's length increment: 0.1 for each bracket the length
/// passes, the brackets' ceilings growing by 3/2 and 4/3 in turn (4, 6, 8,
/// 12, 16, 24, 32, ...). The length is the number of nodes of the chain.
/// Whole tenths, so a long chain's rating is exact.
pub(crate) fn chain_length_increment(length: usize) -> Tenths {
    Tenths(length_brackets(length))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chain_length_adds_a_tenth_per_bracket() {
        let added: Vec<String> =
            [4, 5, 6, 7, 8, 9, 12, 13, 16, 17, 24, 25].iter().map(|&n| chain_length_increment(n).to_string()).collect();
        assert_eq!(added, ["0.0", "0.1", "0.1", "0.2", "0.2", "0.3", "0.3", "0.4", "0.4", "0.5", "0.5", "0.6"]);
    }

    #[test]
    fn growth_decides_an_instances_rating() {
        let single = Descriptor::new(
            TechniqueId::HiddenSingle,
            "hidden-single",
            "Hidden Single",
            1.5,
            14,
            HintFocus::DigitInHouse,
            "",
        )
        .growing(Growth::BoxOrLine { in_box: Tenths(12) });
        assert_eq!(single.rating_of(true, None), Tenths(12));
        assert_eq!(single.rating_of(false, None), Tenths(15));
        let chain = Descriptor::new(TechniqueId::XChain, "x-chain", "X-Chain", 6.6, 260, HintFocus::Digit, "")
            .growing(Growth::ByLength);
        assert_eq!(chain.rating_of(false, Some(6)), Tenths(67));
        assert_eq!(chain.rating_of(false, None), Tenths(66));
        assert_eq!(BRUTE_FORCE.rating_label(), "none: places one cell from the unique solution");
    }

    #[test]
    fn tenths_are_exact_and_print_with_one_decimal() {
        assert_eq!(Tenths::of(6.9), Tenths(69));
        assert_eq!(Tenths::of(11.2), Tenths(112));
        // 8.5 + 0.1 * 27 in f32 is 11.200001; in tenths it is 11.2.
        let long = Tenths::of(8.5) + chain_length_increment(100_000);
        assert_eq!(Tenths(85) + Tenths(27), Tenths(112));
        assert_eq!(long.to_string().split('.').nth(1).map(str::len), Some(1));
        assert_eq!(
            (Tenths(112).to_string(), Tenths(100).to_string(), Tenths(2).to_string()),
            ("11.2".into(), "10.0".into(), "0.2".into())
        );
        assert_eq!(serde_json::to_string(&Tenths(112)).unwrap(), "11.2");
        assert_eq!(serde_json::to_string(&Tenths(69)).unwrap(), "6.9");
        assert_eq!(serde_json::to_string(&Tenths(100)).unwrap(), "10.0");
        assert_eq!(format!("{:>5}|{:.1}|{:.2}", Tenths(42), Tenths(112), Tenths(69)), "  4.2|11.2|6.90");
        assert_eq!(Tenths::nearest(4.4), Some(Tenths(44)));
        assert_eq!(Tenths::nearest(-1.0), None);
    }
}
