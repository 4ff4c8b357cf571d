//! The `Technique` trait and the ordered registry of techniques.
//!
//! A technique reads a grid and returns one instance as a `Step`; it never
//! changes the grid and never prints. The driver applies steps.

mod aic;
mod als;
mod chains;
mod coloring;
mod fish;
mod forcing;
mod intersections;
mod selection;
mod single_digit;
mod singles;
mod subsets;
mod sue_de_coq;
mod uniqueness;
mod wings;

pub use aic::{Aic, ContinuousNiceLoop, GroupedAic, NiceLoop, XChain, XyChain};
pub use als::{AlsXyWing, AlsXz, DeathBlossom};
pub use chains::TrapezoidChain;
pub use coloring::{MultiColoring, SimpleColoring};
pub use fish::{FinnedFish, Fish, XWing};
pub use forcing::{CellForcingChain, ContradictionForcingChain, ForcingNet, HouseForcingChain, NestedForcingNet};
pub use intersections::{Claiming, Pointing};
pub use selection::{TechniqueSet, UnknownTechnique};
pub use single_digit::{EmptyRectangle, TurbotFish, TwoStringKite};
pub use singles::{FullHouse, HiddenSingle, NakedSingle};
pub use subsets::{HiddenSubset, LockedSubset, NakedPair, NakedSubset};
pub use sue_de_coq::SueDeCoq;
pub use uniqueness::{BugPlusOne, HiddenRectangle, UniqueRectangle};
pub use wings::{RemotePair, WWing, WxyzWing, XyzWing, YWing};

use crate::grid::{Digit, Grid, HouseKind};
use crate::sets::CellSet;
use crate::step::Step;

/// Finds one instance of a solving pattern in a grid.
pub trait Technique: Send + Sync {
    fn id(&self) -> TechniqueId;
    /// The first instance found, scanning in a fixed order, or `None`.
    fn find(&self, grid: &Grid) -> Option<Step>;
    /// How the search splits into parts that each read less than the grid.
    fn scope(&self) -> Scope {
        Scope::Whole
    }
    /// The first instance within one part of the scope (a digit's or a
    /// house's index). `find` is the first of these over the parts in order,
    /// and each reads only its part's inputs (see `Scope`).
    fn find_in(&self, grid: &Grid, part: usize) -> Option<Step> {
        let _ = part;
        self.find(grid)
    }
    /// `find_in`, told that no instance in the part removes a candidate
    /// outside `removable`: for `Scope::Digits`, the digit's candidates on
    /// none of its templates (see `templates`). A search may skip patterns
    /// whose targets all lie elsewhere; the default ignores it.
    fn find_in_removing(&self, grid: &Grid, part: usize, removable: CellSet) -> Option<Step> {
        let _ = removable;
        self.find_in(grid, part)
    }
    /// For `Scope::Cells`: the step `find` returns, and the section of the
    /// search order where it lies (the number of sections when there is
    /// none). In sections before `since.clean` the previous search of this
    /// solve found nothing, so there it may skip every instance whose
    /// pattern cells (all it reads but its targets) are outside
    /// `since.changed` (see `Scope::Cells`).
    fn find_since(&self, grid: &Grid, since: &Since) -> (Option<Step>, usize) {
        let _ = since;
        (self.find(grid), 0)
    }
    /// Whether the technique finds nothing in a house where every candidate
    /// lies in some filling of the house (the subsets): the driver then
    /// skips such houses for `Scope::Houses` and names them in
    /// `Since::settled` for `Scope::Cells`.
    fn skips_filled_houses(&self) -> bool {
        false
    }
}

/// What a technique's previous search along the same solve tells the next.
#[derive(Clone, Copy, Debug)]
pub struct Since {
    /// The cells whose candidates are no longer what the previous search read.
    pub changed: CellSet,
    /// The previous search found nothing in the sections before this one.
    pub clean: usize,
    /// Houses (one bit per house index) where every candidate lies in some
    /// filling of the house (see `fillings`), so no subset there has
    /// anything to remove. Filled in only for techniques that ask
    /// (`Technique::skips_filled_houses`); no house otherwise.
    pub settled: u32,
}

impl Since {
    /// No previous search: everything is searched.
    pub const NOTHING: Since = Since { changed: CellSet::ALL, clean: 0, settled: 0 };

    /// The cells a new instance in `section` must touch: all of them where
    /// the previous search gives no assurance.
    pub fn touch(&self, section: usize) -> CellSet {
        if section >= self.clean {
            CellSet::ALL
        } else {
            self.changed
        }
    }

    /// `touch` for the rest of an instance in `section` whose pattern
    /// already has `chosen`: all cells once those touch a changed one.
    pub fn touch_besides(&self, section: usize, chosen: CellSet) -> CellSet {
        let touch = self.touch(section);
        if chosen.intersection(touch).is_empty() {
            touch
        } else {
            CellSet::ALL
        }
    }
}

/// What a technique's search reads, so that a driver can skip the parts
/// whose inputs are as they were when it last found nothing there: most
/// steps change a few digits in a few houses, and the dearer searches
/// would otherwise repeat themselves on every step of a hard puzzle.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Scope {
    /// The whole grid: one part.
    Whole,
    /// One part per digit, reading only the cells where that digit is a
    /// candidate: a digit whose cells are unchanged still yields nothing.
    Digits,
    /// One part per house in index order: an instance is found from that
    /// house's candidates. (Its eliminations may lie in other houses, but
    /// candidates only disappear as a solve goes on, so a house whose
    /// candidates are unchanged still yields nothing.)
    Houses,
    /// The whole grid, searched in sections (`Technique::find_since`); an
    /// instance reads the candidates of its pattern's cells, and of its
    /// targets only to find something to remove. Candidates only disappear
    /// as a solve goes on, so an instance whose pattern cells are as they
    /// were when the previous search passed over them without finding it
    /// was not there then and is not there now: only instances touching a
    /// changed cell can be new.
    Cells,
}

impl Scope {
    pub fn parts(self) -> usize {
        match self {
            Scope::Whole | Scope::Cells => 1,
            Scope::Digits => 9,
            Scope::Houses => 27,
        }
    }
}

/// `find` for a technique whose search goes part by part.
pub(crate) fn find_by_parts(technique: &(impl Technique + ?Sized), grid: &Grid) -> Option<Step> {
    (0..technique.scope().parts()).find_map(|part| technique.find_in(grid, part))
}

/// Every technique the tool knows, in registry order, plus the brute-force fallback.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum TechniqueId {
    FullHouse,
    NakedSingle,
    HiddenSingle,
    Pointing,
    Claiming,
    LockedPair,
    LockedTriple,
    NakedPair,
    XWing,
    HiddenPair,
    NakedTriple,
    Swordfish,
    HiddenTriple,
    YWing,
    XyzWing,
    TrapezoidChain,
    TwoStringKite,
    TurbotFish,
    EmptyRectangle,
    WWing,
    RemotePair,
    UniqueRectangle1,
    UniqueRectangle2,
    UniqueRectangle4,
    UniqueRectangle6,
    HiddenRectangle,
    UniqueRectangle3,
    NakedQuad,
    Jellyfish,
    HiddenQuad,
    BugPlusOne,
    FinnedXWing,
    SashimiXWing,
    FinnedSwordfish,
    SashimiSwordfish,
    FinnedJellyfish,
    SashimiJellyfish,
    SimpleColoring,
    MultiColoring,
    WxyzWing,
    SueDeCoq,
    XChain,
    XyChain,
    ContinuousNiceLoop,
    Aic,
    NiceLoop,
    GroupedAic,
    AlsXz,
    AlsXyWing,
    DeathBlossom,
    ContradictionForcingChain,
    CellForcingChain,
    HouseForcingChain,
    ForcingNet,
    NestedForcingNet,
    BruteForce,
}

impl TechniqueId {
    pub const ALL: [TechniqueId; 56] = [
        TechniqueId::FullHouse,
        TechniqueId::NakedSingle,
        TechniqueId::HiddenSingle,
        TechniqueId::Pointing,
        TechniqueId::Claiming,
        TechniqueId::LockedPair,
        TechniqueId::LockedTriple,
        TechniqueId::NakedPair,
        TechniqueId::XWing,
        TechniqueId::HiddenPair,
        TechniqueId::NakedTriple,
        TechniqueId::Swordfish,
        TechniqueId::HiddenTriple,
        TechniqueId::YWing,
        TechniqueId::XyzWing,
        TechniqueId::TrapezoidChain,
        TechniqueId::TwoStringKite,
        TechniqueId::TurbotFish,
        TechniqueId::EmptyRectangle,
        TechniqueId::WWing,
        TechniqueId::RemotePair,
        TechniqueId::UniqueRectangle1,
        TechniqueId::UniqueRectangle2,
        TechniqueId::UniqueRectangle4,
        TechniqueId::UniqueRectangle6,
        TechniqueId::HiddenRectangle,
        TechniqueId::UniqueRectangle3,
        TechniqueId::NakedQuad,
        TechniqueId::Jellyfish,
        TechniqueId::HiddenQuad,
        TechniqueId::BugPlusOne,
        TechniqueId::FinnedXWing,
        TechniqueId::SashimiXWing,
        TechniqueId::FinnedSwordfish,
        TechniqueId::SashimiSwordfish,
        TechniqueId::FinnedJellyfish,
        TechniqueId::SashimiJellyfish,
        TechniqueId::SimpleColoring,
        TechniqueId::MultiColoring,
        TechniqueId::WxyzWing,
        TechniqueId::SueDeCoq,
        TechniqueId::XChain,
        TechniqueId::XyChain,
        TechniqueId::ContinuousNiceLoop,
        TechniqueId::Aic,
        TechniqueId::NiceLoop,
        TechniqueId::GroupedAic,
        TechniqueId::AlsXz,
        TechniqueId::AlsXyWing,
        TechniqueId::DeathBlossom,
        TechniqueId::ContradictionForcingChain,
        TechniqueId::CellForcingChain,
        TechniqueId::HouseForcingChain,
        TechniqueId::ForcingNet,
        TechniqueId::NestedForcingNet,
        TechniqueId::BruteForce,
    ];

    /// The kebab-case id scripts rely on.
    pub fn id(self) -> &'static str {
        match self {
            TechniqueId::FullHouse => "full-house",
            TechniqueId::NakedSingle => "naked-single",
            TechniqueId::HiddenSingle => "hidden-single",
            TechniqueId::Pointing => "pointing",
            TechniqueId::Claiming => "claiming",
            TechniqueId::LockedPair => "locked-pair",
            TechniqueId::LockedTriple => "locked-triple",
            TechniqueId::NakedPair => "naked-pair",
            TechniqueId::XWing => "x-wing",
            TechniqueId::HiddenPair => "hidden-pair",
            TechniqueId::NakedTriple => "naked-triple",
            TechniqueId::Swordfish => "swordfish",
            TechniqueId::HiddenTriple => "hidden-triple",
            TechniqueId::YWing => "y-wing",
            TechniqueId::XyzWing => "xyz-wing",
            TechniqueId::TrapezoidChain => "trapezoid-chain",
            TechniqueId::TwoStringKite => "two-string-kite",
            TechniqueId::TurbotFish => "turbot-fish",
            TechniqueId::EmptyRectangle => "empty-rectangle",
            TechniqueId::WWing => "w-wing",
            TechniqueId::RemotePair => "remote-pair",
            TechniqueId::UniqueRectangle1 => "unique-rectangle-1",
            TechniqueId::UniqueRectangle2 => "unique-rectangle-2",
            TechniqueId::UniqueRectangle4 => "unique-rectangle-4",
            TechniqueId::UniqueRectangle6 => "unique-rectangle-6",
            TechniqueId::HiddenRectangle => "hidden-rectangle",
            TechniqueId::UniqueRectangle3 => "unique-rectangle-3",
            TechniqueId::NakedQuad => "naked-quad",
            TechniqueId::Jellyfish => "jellyfish",
            TechniqueId::HiddenQuad => "hidden-quad",
            TechniqueId::BugPlusOne => "bug-plus-one",
            TechniqueId::FinnedXWing => "finned-x-wing",
            TechniqueId::SashimiXWing => "sashimi-x-wing",
            TechniqueId::FinnedSwordfish => "finned-swordfish",
            TechniqueId::SashimiSwordfish => "sashimi-swordfish",
            TechniqueId::FinnedJellyfish => "finned-jellyfish",
            TechniqueId::SashimiJellyfish => "sashimi-jellyfish",
            TechniqueId::SimpleColoring => "simple-coloring",
            TechniqueId::MultiColoring => "multi-coloring",
            TechniqueId::WxyzWing => "wxyz-wing",
            TechniqueId::SueDeCoq => "sue-de-coq",
            TechniqueId::XChain => "x-chain",
            TechniqueId::XyChain => "xy-chain",
            TechniqueId::ContinuousNiceLoop => "continuous-nice-loop",
            TechniqueId::Aic => "aic",
            TechniqueId::NiceLoop => "nice-loop",
            TechniqueId::GroupedAic => "grouped-aic",
            TechniqueId::AlsXz => "als-xz",
            TechniqueId::AlsXyWing => "als-xy-wing",
            TechniqueId::DeathBlossom => "death-blossom",
            TechniqueId::ContradictionForcingChain => "contradiction-forcing-chain",
            TechniqueId::CellForcingChain => "cell-forcing-chain",
            TechniqueId::HouseForcingChain => "house-forcing-chain",
            TechniqueId::ForcingNet => "forcing-net",
            TechniqueId::NestedForcingNet => "nested-forcing-net",
            TechniqueId::BruteForce => "brute-force",
        }
    }

    pub fn from_id(id: &str) -> Option<TechniqueId> {
        TechniqueId::ALL.into_iter().find(|t| t.id() == id)
    }

    pub fn name(self) -> &'static str {
        match self {
            TechniqueId::FullHouse => "Full House",
            TechniqueId::NakedSingle => "Naked Single",
            TechniqueId::HiddenSingle => "Hidden Single",
            TechniqueId::Pointing => "Pointing",
            TechniqueId::Claiming => "Claiming",
            TechniqueId::LockedPair => "Locked Pair",
            TechniqueId::LockedTriple => "Locked Triple",
            TechniqueId::NakedPair => "Naked Pair",
            TechniqueId::XWing => "X-Wing",
            TechniqueId::HiddenPair => "Hidden Pair",
            TechniqueId::NakedTriple => "Naked Triple",
            TechniqueId::Swordfish => "Swordfish",
            TechniqueId::HiddenTriple => "Hidden Triple",
            TechniqueId::YWing => "Y-Wing",
            TechniqueId::XyzWing => "XYZ-Wing",
            TechniqueId::TrapezoidChain => "Trapezoid Chain (Skyscraper)",
            TechniqueId::TwoStringKite => "Two-String Kite",
            TechniqueId::TurbotFish => "Turbot Fish",
            TechniqueId::EmptyRectangle => "Empty Rectangle",
            TechniqueId::WWing => "W-Wing",
            TechniqueId::RemotePair => "Remote Pair",
            TechniqueId::UniqueRectangle1 => "Unique Rectangle Type 1",
            TechniqueId::UniqueRectangle2 => "Unique Rectangle Type 2",
            TechniqueId::UniqueRectangle4 => "Unique Rectangle Type 4",
            TechniqueId::UniqueRectangle6 => "Unique Rectangle Type 6",
            TechniqueId::HiddenRectangle => "Hidden Rectangle",
            TechniqueId::UniqueRectangle3 => "Unique Rectangle Type 3",
            TechniqueId::NakedQuad => "Naked Quad",
            TechniqueId::Jellyfish => "Jellyfish",
            TechniqueId::HiddenQuad => "Hidden Quad",
            TechniqueId::BugPlusOne => "BUG+1",
            TechniqueId::FinnedXWing => "Finned X-Wing",
            TechniqueId::SashimiXWing => "Sashimi X-Wing",
            TechniqueId::FinnedSwordfish => "Finned Swordfish",
            TechniqueId::SashimiSwordfish => "Sashimi Swordfish",
            TechniqueId::FinnedJellyfish => "Finned Jellyfish",
            TechniqueId::SashimiJellyfish => "Sashimi Jellyfish",
            TechniqueId::SimpleColoring => "Simple Coloring",
            TechniqueId::MultiColoring => "Multi-Coloring",
            TechniqueId::WxyzWing => "WXYZ-Wing",
            TechniqueId::SueDeCoq => "Sue de Coq",
            TechniqueId::XChain => "X-Chain",
            TechniqueId::XyChain => "XY-Chain",
            TechniqueId::ContinuousNiceLoop => "Continuous Nice Loop",
            TechniqueId::Aic => "AIC",
            TechniqueId::NiceLoop => "Discontinuous Nice Loop",
            TechniqueId::GroupedAic => "Grouped AIC",
            TechniqueId::AlsXz => "ALS-XZ",
            TechniqueId::AlsXyWing => "ALS-XY-Wing",
            TechniqueId::DeathBlossom => "Death Blossom",
            TechniqueId::ContradictionForcingChain => "Contradiction Forcing Chain",
            TechniqueId::CellForcingChain => "Cell Forcing Chain",
            TechniqueId::HouseForcingChain => "House Forcing Chain",
            TechniqueId::ForcingNet => "Forcing Net",
            TechniqueId::NestedForcingNet => "Nested Forcing Net",
            TechniqueId::BruteForce => "Brute Force",
        }
    }

    /// The rating on Sudoku Explainer's scale; for hidden singles the
    /// harder row/column case, for chains the base before the length
    /// increment (see `rating_for`). Chains follow Sudoku Explainer's
    /// bases: forcing X-chain 6.6, forcing chain 7.0; the XY-chain sits
    /// between them, above SE's 6.6 for Y-cycles; the continuous nice
    /// loop takes SE's 7.0 for cycles on several digits (its single-digit
    /// and bivalue loops are X-chains and XY-chains the registry tries
    /// first). Sue de Coq, which SE lacks, sits between the WXYZ-Wing and
    /// the X-chain as in HoDoKu's order. Forcing techniques take
    /// SE's bases too: Nishio (contradiction from one assumption) 7.5,
    /// cell and region forcing chains 8.0, dynamic forcing chains (our
    /// forcing nets) 8.5, nested dynamic forcing chains 9.5 and up (the
    /// nested net's inner contradictions follow singles only, SE's lowest
    /// nesting level). Where Sudoku Explainer has no such technique,
    /// the value places it by HoDoKu's difficulty among its neighbours.
    /// Brute force is above every logical technique.
    pub fn rating(self) -> f32 {
        match self {
            TechniqueId::FullHouse => 1.0,
            TechniqueId::NakedSingle => 2.3,
            TechniqueId::HiddenSingle => 1.5,
            TechniqueId::Pointing => 2.6,
            TechniqueId::Claiming => 2.8,
            TechniqueId::LockedPair => 2.9,
            TechniqueId::LockedTriple => 3.0,
            TechniqueId::NakedPair => 3.0,
            TechniqueId::XWing => 3.2,
            TechniqueId::HiddenPair => 3.4,
            TechniqueId::NakedTriple => 3.6,
            TechniqueId::Swordfish => 3.8,
            TechniqueId::HiddenTriple => 4.0,
            TechniqueId::YWing => 4.2,
            TechniqueId::XyzWing => 4.4,
            TechniqueId::TrapezoidChain => 4.0,
            TechniqueId::TwoStringKite => 4.1,
            TechniqueId::TurbotFish => 4.2,
            TechniqueId::EmptyRectangle => 4.3,
            TechniqueId::WWing => 4.4,
            TechniqueId::RemotePair => 4.5,
            TechniqueId::UniqueRectangle1 => 4.5,
            TechniqueId::UniqueRectangle2 => 4.6,
            TechniqueId::UniqueRectangle4 => 4.6,
            TechniqueId::UniqueRectangle6 => 4.7,
            TechniqueId::HiddenRectangle => 4.7,
            TechniqueId::UniqueRectangle3 => 4.8,
            TechniqueId::NakedQuad => 5.0,
            TechniqueId::Jellyfish => 5.2,
            TechniqueId::HiddenQuad => 5.4,
            TechniqueId::BugPlusOne => 5.6,
            TechniqueId::FinnedXWing => 5.7,
            TechniqueId::SashimiXWing => 5.7,
            TechniqueId::FinnedSwordfish => 5.8,
            TechniqueId::SashimiSwordfish => 5.8,
            TechniqueId::FinnedJellyfish => 5.9,
            TechniqueId::SashimiJellyfish => 5.9,
            TechniqueId::SimpleColoring => 6.0,
            TechniqueId::MultiColoring => 6.1,
            TechniqueId::WxyzWing => 6.2,
            TechniqueId::SueDeCoq => 6.3,
            TechniqueId::XChain => 6.6,
            TechniqueId::XyChain => 6.7,
            TechniqueId::ContinuousNiceLoop => 7.0,
            TechniqueId::Aic => 7.0,
            TechniqueId::NiceLoop => 7.0,
            TechniqueId::GroupedAic => 7.0,
            TechniqueId::AlsXz => 7.1,
            TechniqueId::AlsXyWing => 7.2,
            TechniqueId::DeathBlossom => 7.3,
            TechniqueId::ContradictionForcingChain => 7.5,
            TechniqueId::CellForcingChain => 8.0,
            TechniqueId::HouseForcingChain => 8.0,
            TechniqueId::ForcingNet => 8.5,
            TechniqueId::NestedForcingNet => 9.5,
            TechniqueId::BruteForce => 10.0,
        }
    }

    /// The weight of one step in a HoDoKu-style score: HoDoKu's default
    /// score where HoDoKu has the technique (WXYZ-Wing, which it lacks,
    /// between its ALS-free wings and ALS-XZ; forcing chains 500 and forcing
    /// nets 700 as HoDoKu's, the nested net, which it lacks, above them).
    pub fn weight(self) -> u32 {
        match self {
            TechniqueId::FullHouse => 4,
            TechniqueId::NakedSingle => 4,
            TechniqueId::HiddenSingle => 14,
            TechniqueId::Pointing => 50,
            TechniqueId::Claiming => 50,
            TechniqueId::LockedPair => 40,
            TechniqueId::LockedTriple => 60,
            TechniqueId::NakedPair => 60,
            TechniqueId::XWing => 140,
            TechniqueId::HiddenPair => 70,
            TechniqueId::NakedTriple => 80,
            TechniqueId::Swordfish => 150,
            TechniqueId::HiddenTriple => 100,
            TechniqueId::YWing => 160,
            TechniqueId::XyzWing => 180,
            TechniqueId::TrapezoidChain => 130,
            TechniqueId::TwoStringKite => 150,
            TechniqueId::TurbotFish => 120,
            TechniqueId::EmptyRectangle => 120,
            TechniqueId::WWing => 150,
            TechniqueId::RemotePair => 110,
            TechniqueId::UniqueRectangle1 => 100,
            TechniqueId::UniqueRectangle2 => 100,
            TechniqueId::UniqueRectangle4 => 100,
            TechniqueId::UniqueRectangle6 => 100,
            TechniqueId::HiddenRectangle => 100,
            TechniqueId::UniqueRectangle3 => 100,
            TechniqueId::NakedQuad => 120,
            TechniqueId::Jellyfish => 160,
            TechniqueId::HiddenQuad => 150,
            TechniqueId::BugPlusOne => 100,
            TechniqueId::FinnedXWing => 130,
            TechniqueId::SashimiXWing => 150,
            TechniqueId::FinnedSwordfish => 200,
            TechniqueId::SashimiSwordfish => 240,
            TechniqueId::FinnedJellyfish => 250,
            TechniqueId::SashimiJellyfish => 260,
            TechniqueId::SimpleColoring => 150,
            TechniqueId::MultiColoring => 200,
            TechniqueId::WxyzWing => 240,
            TechniqueId::SueDeCoq => 250,
            TechniqueId::XChain => 260,
            TechniqueId::XyChain => 260,
            TechniqueId::ContinuousNiceLoop => 280,
            TechniqueId::Aic => 280,
            TechniqueId::NiceLoop => 280,
            TechniqueId::GroupedAic => 300,
            TechniqueId::AlsXz => 300,
            TechniqueId::AlsXyWing => 320,
            TechniqueId::DeathBlossom => 360,
            TechniqueId::ContradictionForcingChain => 500,
            TechniqueId::CellForcingChain => 500,
            TechniqueId::HouseForcingChain => 500,
            TechniqueId::ForcingNet => 700,
            TechniqueId::NestedForcingNet => 900,
            TechniqueId::BruteForce => 10_000,
        }
    }

    /// True for the uniqueness techniques: their argument holds only when
    /// the puzzle is known to have exactly one solution, so a driver that
    /// has not proven that must skip them.
    pub fn needs_unique_solution(self) -> bool {
        matches!(
            self,
            TechniqueId::UniqueRectangle1
                | TechniqueId::UniqueRectangle2
                | TechniqueId::UniqueRectangle4
                | TechniqueId::UniqueRectangle6
                | TechniqueId::HiddenRectangle
                | TechniqueId::UniqueRectangle3
                | TechniqueId::BugPlusOne
        )
    }

    /// The rating as the technique list shows it.
    pub fn rating_label(self) -> String {
        match self {
            TechniqueId::HiddenSingle => "1.2 in a box, 1.5 in a row or column".to_string(),
            TechniqueId::BruteForce => "none: places one cell from the unique solution".to_string(),
            TechniqueId::XChain
            | TechniqueId::XyChain
            | TechniqueId::ContinuousNiceLoop
            | TechniqueId::Aic
            | TechniqueId::NiceLoop
            | TechniqueId::GroupedAic
            | TechniqueId::ContradictionForcingChain
            | TechniqueId::CellForcingChain
            | TechniqueId::HouseForcingChain
            | TechniqueId::ForcingNet
            | TechniqueId::NestedForcingNet => format!("{:.1}, plus 0.1 per length bracket", self.rating()),
            _ => format!("{:.1}", self.rating()),
        }
    }

    /// The rating of one instance: Sudoku Explainer rates a hidden single
    /// in a box (1.2) easier than one in a row or column (1.5), and adds to
    /// a chain's base rating by its length.
    pub fn rating_for(self, step: &Step) -> f32 {
        match self {
            TechniqueId::HiddenSingle if step.houses.first().map(|h| h.kind()) == Some(HouseKind::Block) => 1.2,
            _ => match (&step.chain, &step.forcing) {
                (Some(chain), _) => self.rating() + chain_length_increment(chain.nodes.len()),
                (None, Some(forcing)) => self.rating() + chain_length_increment(forcing.size()),
                (None, None) => self.rating(),
            },
        }
    }
}

/// Sudoku Explainer's length increment: 0.1 for each bracket the length
/// passes, the brackets' ceilings growing by 3/2 and 4/3 in turn (4, 6, 8,
/// 12, 16, 24, 32, ...). The length is the number of nodes of the chain.
pub fn chain_length_increment(length: usize) -> f32 {
    let (mut ceiling, mut added, mut odd) = (4, 0.0, false);
    while length > ceiling {
        added += 0.1;
        ceiling = if odd { ceiling * 4 / 3 } else { ceiling * 3 / 2 };
        odd = !odd;
    }
    added
}

static FULL_HOUSE: FullHouse = FullHouse;
static NAKED_SINGLE: NakedSingle = NakedSingle;
static HIDDEN_SINGLE: HiddenSingle = HiddenSingle;
static POINTING: Pointing = Pointing;
static CLAIMING: Claiming = Claiming;
static LOCKED_PAIR: LockedSubset = LockedSubset { size: 2 };
static LOCKED_TRIPLE: LockedSubset = LockedSubset { size: 3 };
static NAKED_PAIR: NakedPair = NakedPair;
static XWING: XWing = XWing;
static HIDDEN_PAIR: HiddenSubset = HiddenSubset { size: 2 };
static NAKED_TRIPLE: NakedSubset = NakedSubset { size: 3 };
static SWORDFISH: Fish = Fish { size: 3 };
static HIDDEN_TRIPLE: HiddenSubset = HiddenSubset { size: 3 };
static YWING: YWing = YWing;
static XYZ_WING: XyzWing = XyzWing;
static TRAPEZOID_CHAIN: TrapezoidChain = TrapezoidChain;
static TWO_STRING_KITE: TwoStringKite = TwoStringKite;
static TURBOT_FISH: TurbotFish = TurbotFish;
static EMPTY_RECTANGLE: EmptyRectangle = EmptyRectangle;
static WWING: WWing = WWing;
static REMOTE_PAIR: RemotePair = RemotePair;
static UNIQUE_RECTANGLE_1: UniqueRectangle = UniqueRectangle { kind: 1 };
static UNIQUE_RECTANGLE_2: UniqueRectangle = UniqueRectangle { kind: 2 };
static UNIQUE_RECTANGLE_4: UniqueRectangle = UniqueRectangle { kind: 4 };
static UNIQUE_RECTANGLE_6: UniqueRectangle = UniqueRectangle { kind: 6 };
static HIDDEN_RECTANGLE: HiddenRectangle = HiddenRectangle;
static UNIQUE_RECTANGLE_3: UniqueRectangle = UniqueRectangle { kind: 3 };
static NAKED_QUAD: NakedSubset = NakedSubset { size: 4 };
static JELLYFISH: Fish = Fish { size: 4 };
static HIDDEN_QUAD: HiddenSubset = HiddenSubset { size: 4 };
static BUG_PLUS_ONE: BugPlusOne = BugPlusOne;
static FINNED_XWING: FinnedFish = FinnedFish { size: 2, sashimi: false };
static SASHIMI_XWING: FinnedFish = FinnedFish { size: 2, sashimi: true };
static FINNED_SWORDFISH: FinnedFish = FinnedFish { size: 3, sashimi: false };
static SASHIMI_SWORDFISH: FinnedFish = FinnedFish { size: 3, sashimi: true };
static FINNED_JELLYFISH: FinnedFish = FinnedFish { size: 4, sashimi: false };
static SASHIMI_JELLYFISH: FinnedFish = FinnedFish { size: 4, sashimi: true };
static SIMPLE_COLORING: SimpleColoring = SimpleColoring;
static MULTI_COLORING: MultiColoring = MultiColoring;
static WXYZ_WING: WxyzWing = WxyzWing;
static SUE_DE_COQ: SueDeCoq = SueDeCoq;
static X_CHAIN: XChain = XChain;
static XY_CHAIN: XyChain = XyChain;
static CONTINUOUS_NICE_LOOP: ContinuousNiceLoop = ContinuousNiceLoop;
static AIC: Aic = Aic;
static NICE_LOOP: NiceLoop = NiceLoop;
static GROUPED_AIC: GroupedAic = GroupedAic;
static ALS_XZ: AlsXz = AlsXz;
static ALS_XY_WING: AlsXyWing = AlsXyWing;
static DEATH_BLOSSOM: DeathBlossom = DeathBlossom;
static CONTRADICTION_FORCING_CHAIN: ContradictionForcingChain = ContradictionForcingChain;
static CELL_FORCING_CHAIN: CellForcingChain = CellForcingChain;
static HOUSE_FORCING_CHAIN: HouseForcingChain = HouseForcingChain;
static FORCING_NET: ForcingNet = ForcingNet;
static NESTED_FORCING_NET: NestedForcingNet = NestedForcingNet;

static REGISTRY: [&dyn Technique; 55] = [
    &FULL_HOUSE,
    &NAKED_SINGLE,
    &HIDDEN_SINGLE,
    &POINTING,
    &CLAIMING,
    &LOCKED_PAIR,
    &LOCKED_TRIPLE,
    &NAKED_PAIR,
    &XWING,
    &HIDDEN_PAIR,
    &NAKED_TRIPLE,
    &SWORDFISH,
    &HIDDEN_TRIPLE,
    &YWING,
    &XYZ_WING,
    &TRAPEZOID_CHAIN,
    &TWO_STRING_KITE,
    &TURBOT_FISH,
    &EMPTY_RECTANGLE,
    &WWING,
    &REMOTE_PAIR,
    &UNIQUE_RECTANGLE_1,
    &UNIQUE_RECTANGLE_2,
    &UNIQUE_RECTANGLE_4,
    &UNIQUE_RECTANGLE_6,
    &HIDDEN_RECTANGLE,
    &UNIQUE_RECTANGLE_3,
    &NAKED_QUAD,
    &JELLYFISH,
    &HIDDEN_QUAD,
    &BUG_PLUS_ONE,
    &FINNED_XWING,
    &SASHIMI_XWING,
    &FINNED_SWORDFISH,
    &SASHIMI_SWORDFISH,
    &FINNED_JELLYFISH,
    &SASHIMI_JELLYFISH,
    &SIMPLE_COLORING,
    &MULTI_COLORING,
    &WXYZ_WING,
    &SUE_DE_COQ,
    &X_CHAIN,
    &XY_CHAIN,
    &CONTINUOUS_NICE_LOOP,
    &AIC,
    &NICE_LOOP,
    &GROUPED_AIC,
    &ALS_XZ,
    &ALS_XY_WING,
    &DEATH_BLOSSOM,
    &CONTRADICTION_FORCING_CHAIN,
    &CELL_FORCING_CHAIN,
    &HOUSE_FORCING_CHAIN,
    &FORCING_NET,
    &NESTED_FORCING_NET,
];

/// Finds the first `size`-element combination of `items` (in lexicographic
/// order of positions) whose masks' union has at most `max_union` bits, for
/// which `f` returns something; `f` gets the chosen items and the union.
pub(crate) fn find_combination<T: Copy, R>(
    items: &[(T, u16)],
    size: usize,
    max_union: u32,
    f: &mut impl FnMut(&[T], u16) -> Option<R>,
) -> Option<R> {
    // No search goes past four items; the buffers live on the stack, and
    // the walk is a loop over positions rather than a recursion.
    assert!(size <= 4, "combinations of at most four");
    let Some(&(filler, _)) = items.first().filter(|_| size > 0) else {
        return (size == 0).then(|| f(&[], 0)).flatten();
    };
    let n = items.len();
    let (mut at, mut unions, mut chosen) = ([0usize; 4], [0u16; 4], [filler; 4]);
    let mut depth = 0;
    loop {
        let i = at[depth];
        if i + size - depth > n {
            // Too few items left for the rest: back up one place.
            if depth == 0 {
                return None;
            }
            depth -= 1;
            at[depth] += 1;
            continue;
        }
        let union = unions[depth] | items[i].1;
        if union.count_ones() > max_union {
            at[depth] += 1;
            continue;
        }
        chosen[depth] = items[i].0;
        if depth + 1 == size {
            if let Some(found) = f(&chosen[..size], union) {
                return Some(found);
            }
            at[depth] += 1;
        } else {
            depth += 1;
            at[depth] = i + 1;
            unions[depth] = union;
        }
    }
}

/// For each digit (index `digit - 1`), the empty cells that still hold it:
/// one pass over the grid, for techniques that look at many houses.
pub(crate) fn digit_cells(grid: &Grid) -> [CellSet; 9] {
    std::array::from_fn(|i| grid.cells_with(Digit::new(i as u8 + 1)))
}

/// `a`, `a and b`, `a, b and c` (with `or` for `word` when a choice is meant).
pub(crate) fn listing<T: std::fmt::Display>(items: impl IntoIterator<Item = T>, word: &str) -> String {
    let list: Vec<String> = items.into_iter().map(|t| t.to_string()).collect();
    match list.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} {word} {last}", rest.join(", ")),
        _ => list.concat(),
    }
}

/// The techniques in the order the driver tries them, simplest first.
pub fn registry() -> &'static [&'static dyn Technique] {
    &REGISTRY
}

#[cfg(test)]
pub(crate) mod testing {
    //! Building candidate grids for technique tests.
    use crate::grid::{Cell, Digit, Grid};
    use crate::sets::DigitSet;
    use crate::step::Step;

    /// A valid solution that every firing test grid keeps: no test removes its digits.
    pub const SOLUTION: &str = "123456789456789123789123456234567891567891234891234567345678912678912345912345678";

    /// Every cell empty, every digit possible.
    pub fn empty() -> Grid {
        Grid::empty()
    }

    /// No elimination of the step removes a digit of `SOLUTION`.
    pub fn assert_agrees_with_solution(step: &Step) {
        let digit_at = |cell: Cell| SOLUTION.as_bytes()[cell.index()] - b'0';
        for e in &step.eliminations {
            assert_ne!(digit_at(e.cell), e.digit.get(), "{}", step.text());
        }
        for p in &step.placements {
            assert_eq!(digit_at(p.cell), p.digit.get(), "{}", step.text());
        }
    }

    /// A single-digit technique's search told which candidates of `digit`
    /// can go: told those on no template, it finds `step` (its own first
    /// step); told only cells that see no cell of the pattern, it looks no
    /// further and finds nothing.
    pub fn assert_removing_agrees(technique: &dyn super::Technique, grid: &Grid, digit: Digit, step: &Step) {
        let off = crate::sets::CellSet::from_bits(crate::templates::places_off_templates(
            grid,
            digit,
            &mut Default::default(),
            0,
        ));
        assert!(step.eliminations.iter().all(|e| off.contains(e.cell)), "{}", step.text());
        let part = digit.index();
        assert_eq!(technique.find_in_removing(grid, part, off).as_ref(), Some(step));
        let pattern: crate::sets::CellSet = step.cells.iter().copied().collect();
        let elsewhere = crate::sets::CellSet::ALL.difference(crate::grid::seeing_any(pattern)).difference(pattern);
        assert!(!elsewhere.is_empty());
        assert_eq!(technique.find_in_removing(grid, part, elsewhere), None, "{}", step.text());
    }

    /// A grid from an 81-character puzzle string (`.` or `0` empty).
    pub fn grid(puzzle: &str) -> Grid {
        let values: Vec<u8> = puzzle.bytes().map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 }).collect();
        Grid::from_values(&values.try_into().expect("81 cells"))
    }

    /// Removes candidates given as `(row, col, digits)` with rows and columns from 1.
    pub fn without(mut g: Grid, removals: &[(u8, u8, &str)]) -> Grid {
        for &(r, c, digits) in removals {
            for d in digits.bytes() {
                g.eliminate(Cell::at(r - 1, c - 1), Digit::new(d - b'0'));
            }
        }
        g
    }

    /// Every cell open to every digit except the listed `(row, col, candidates)`.
    pub fn marks(cells: &[(u8, u8, &str)]) -> Grid {
        let mut groups = vec!["123456789"; 81];
        for &(r, c, digits) in cells {
            groups[usize::from((r - 1) * 9 + c - 1)] = digits;
        }
        pencil(&groups.join(" "))
    }

    /// Removes `digits` from the listed `(row, col)` cells, counted from 1.
    pub fn remove(digits: &'static str, cells: impl IntoIterator<Item = (u8, u8)>) -> Vec<(u8, u8, &'static str)> {
        cells.into_iter().map(|(r, c)| (r, c, digits)).collect()
    }

    /// `(row, col)` pairs counted from 1 as cells.
    pub fn at(cells: &[(u8, u8)]) -> Vec<Cell> {
        cells.iter().map(|&(r, c)| Cell::at(r - 1, c - 1)).collect()
    }

    /// A position as 81 groups separated by spaces: `=5` for a filled cell,
    /// otherwise the cell's candidates.
    pub fn position(groups: &str) -> Grid {
        let groups: Vec<&str> = groups.split_whitespace().collect();
        assert_eq!(groups.len(), 81, "81 groups");
        let mut values = [0u8; 81];
        let mut candidates = [DigitSet::EMPTY; 81];
        for (i, group) in groups.iter().enumerate() {
            match group.strip_prefix('=') {
                Some(v) => values[i] = v.parse().expect("a digit"),
                None => candidates[i] = group.bytes().map(|b| Digit::new(b - b'0')).collect(),
            }
        }
        Grid::from_values_and_candidates(&values, &candidates)
    }

    /// A grid where every cell is empty and holds exactly the listed candidates
    /// (81 groups separated by spaces, rows top to bottom).
    pub fn pencil(marks: &str) -> Grid {
        let mut g = Grid::empty();
        let groups: Vec<&str> = marks.split_whitespace().collect();
        assert_eq!(groups.len(), 81, "81 candidate groups");
        for (i, group) in groups.iter().enumerate() {
            let c = Cell::new(i as u8);
            for d in Digit::all() {
                if !group.contains(char::from(b'0' + d.get())) {
                    g.eliminate(c, d);
                }
            }
        }
        g
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every combination of `size` of the masks, in lexicographic order of
    /// positions, whose union has at most `max_union` bits: the plain way.
    fn plain_combinations(masks: &[u16], size: usize, max_union: u32) -> Vec<Vec<usize>> {
        let mut all: Vec<Vec<usize>> = vec![vec![]];
        for _ in 0..size {
            all = all
                .into_iter()
                .flat_map(|c| {
                    let from = c.last().map_or(0, |&l| l + 1);
                    (from..masks.len()).map(move |i| [c.clone(), vec![i]].concat())
                })
                .collect();
        }
        all.retain(|c| c.iter().fold(0u16, |u, &i| u | masks[i]).count_ones() <= max_union);
        all
    }

    #[test]
    fn combinations_come_in_order_and_all_of_them() {
        // Masks from a small generator, some sharing bits and some not.
        let masks: Vec<u16> =
            (1..=9u32).map(|i| (((i * 37 + i * i * 11) % 511) | (1 << (i % 9))) as u16 & 0x1ff).collect();
        for size in 0..=4 {
            for max_union in [2, 3, 4, 6, 9] {
                let mut seen: Vec<Vec<usize>> = Vec::new();
                let items: Vec<(usize, u16)> = masks.iter().copied().enumerate().collect();
                let none: Option<()> = find_combination(&items, size, max_union, &mut |chosen: &[usize], union| {
                    assert_eq!(union, chosen.iter().fold(0, |u, &i| u | masks[i]));
                    seen.push(chosen.to_vec());
                    None
                });
                assert!(none.is_none());
                assert_eq!(seen, plain_combinations(&masks, size, max_union), "size {size}, at most {max_union}");
            }
        }
        // The first combination `f` accepts ends the walk.
        let items: Vec<(usize, u16)> = masks.iter().copied().enumerate().collect();
        let first =
            find_combination(&items, 2, 9, &mut |chosen: &[usize], _| (chosen[1] == 3).then(|| chosen.to_vec()));
        assert_eq!(first, Some(vec![0, 3]));
    }

    const CARD: [&str; 9] = [
        "naked-single",
        "hidden-single",
        "pointing",
        "claiming",
        "naked-pair",
        "x-wing",
        "y-wing",
        "xyz-wing",
        "trapezoid-chain",
    ];

    #[test]
    fn registry_keeps_the_cards_order() {
        let ids: Vec<&str> = registry().iter().map(|t| t.id().id()).filter(|id| CARD.contains(id)).collect();
        assert_eq!(ids, CARD);
    }

    #[test]
    fn registry_starts_with_the_full_house_and_lists_every_technique_once() {
        let ids: Vec<TechniqueId> = registry().iter().map(|t| t.id()).collect();
        assert_eq!(ids[0], TechniqueId::FullHouse);
        let expected: Vec<TechniqueId> =
            TechniqueId::ALL.into_iter().filter(|&t| t != TechniqueId::BruteForce).collect();
        assert_eq!(ids, expected, "the registry follows the enum's order");
    }

    #[test]
    fn registry_orders_added_techniques_by_rating() {
        // Outside the card's nine, whose relative order is fixed, a technique
        // never comes after one rated harder.
        let added: Vec<TechniqueId> = registry().iter().map(|t| t.id()).filter(|t| !CARD.contains(&t.id())).collect();
        for pair in added.windows(2) {
            assert!(pair[0].rating() <= pair[1].rating(), "{:?} before {:?}", pair[0], pair[1]);
        }
    }

    #[test]
    fn only_the_uniqueness_techniques_need_a_unique_solution() {
        let unique: Vec<&str> =
            TechniqueId::ALL.into_iter().filter(|t| t.needs_unique_solution()).map(|t| t.id()).collect();
        assert_eq!(
            unique,
            [
                "unique-rectangle-1",
                "unique-rectangle-2",
                "unique-rectangle-4",
                "unique-rectangle-6",
                "hidden-rectangle",
                "unique-rectangle-3",
                "bug-plus-one"
            ]
        );
    }

    #[test]
    fn chain_length_adds_a_tenth_per_bracket() {
        let added: Vec<String> = [4, 5, 6, 7, 8, 9, 12, 13, 16, 17, 24, 25]
            .iter()
            .map(|&n| format!("{:.1}", chain_length_increment(n)))
            .collect();
        assert_eq!(added, ["0.0", "0.1", "0.1", "0.2", "0.2", "0.3", "0.3", "0.4", "0.4", "0.5", "0.5", "0.6"]);
    }

    #[test]
    fn ids_round_trip() {
        for t in TechniqueId::ALL {
            assert_eq!(TechniqueId::from_id(t.id()), Some(t));
        }
    }
}
