//! The `Technique` trait and the ordered registry of techniques.
//!
//! A technique reads a grid and returns one instance as a `Step`; it never
//! changes the grid and never prints. The driver applies steps.

mod chains;
mod fish;
mod intersections;
mod singles;
mod subsets;
mod wings;

pub use chains::TrapezoidChain;
pub use fish::XWing;
pub use intersections::{Claiming, Pointing};
pub use singles::{HiddenSingle, NakedSingle};
pub use subsets::NakedPair;
pub use wings::{XyzWing, YWing};

use crate::grid::{Grid, HouseKind};
use crate::step::Step;

/// Finds one instance of a solving pattern in a grid.
pub trait Technique: Send + Sync {
    fn id(&self) -> TechniqueId;
    /// The first instance found, scanning in a fixed order, or `None`.
    fn find(&self, grid: &Grid) -> Option<Step>;
}

/// Every technique the tool knows, plus the brute-force fallback.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum TechniqueId {
    NakedSingle,
    HiddenSingle,
    Pointing,
    Claiming,
    NakedPair,
    XWing,
    YWing,
    XyzWing,
    TrapezoidChain,
    BruteForce,
}

impl TechniqueId {
    pub const ALL: [TechniqueId; 10] = [
        TechniqueId::NakedSingle,
        TechniqueId::HiddenSingle,
        TechniqueId::Pointing,
        TechniqueId::Claiming,
        TechniqueId::NakedPair,
        TechniqueId::XWing,
        TechniqueId::YWing,
        TechniqueId::XyzWing,
        TechniqueId::TrapezoidChain,
        TechniqueId::BruteForce,
    ];

    /// The kebab-case id scripts rely on.
    pub fn id(self) -> &'static str {
        match self {
            TechniqueId::NakedSingle => "naked-single",
            TechniqueId::HiddenSingle => "hidden-single",
            TechniqueId::Pointing => "pointing",
            TechniqueId::Claiming => "claiming",
            TechniqueId::NakedPair => "naked-pair",
            TechniqueId::XWing => "x-wing",
            TechniqueId::YWing => "y-wing",
            TechniqueId::XyzWing => "xyz-wing",
            TechniqueId::TrapezoidChain => "trapezoid-chain",
            TechniqueId::BruteForce => "brute-force",
        }
    }

    pub fn from_id(id: &str) -> Option<TechniqueId> {
        TechniqueId::ALL.into_iter().find(|t| t.id() == id)
    }

    pub fn name(self) -> &'static str {
        match self {
            TechniqueId::NakedSingle => "Naked Single",
            TechniqueId::HiddenSingle => "Hidden Single",
            TechniqueId::Pointing => "Pointing",
            TechniqueId::Claiming => "Claiming",
            TechniqueId::NakedPair => "Naked Pair",
            TechniqueId::XWing => "X-Wing",
            TechniqueId::YWing => "Y-Wing",
            TechniqueId::XyzWing => "XYZ-Wing",
            TechniqueId::TrapezoidChain => "Trapezoid Chain (Skyscraper)",
            TechniqueId::BruteForce => "Brute Force",
        }
    }

    /// The rating on Sudoku Explainer's scale; for hidden singles the
    /// harder row/column case. Brute force is above every logical technique.
    pub fn rating(self) -> f32 {
        match self {
            TechniqueId::NakedSingle => 2.3,
            TechniqueId::HiddenSingle => 1.5,
            TechniqueId::Pointing => 2.6,
            TechniqueId::Claiming => 2.8,
            TechniqueId::NakedPair => 3.0,
            TechniqueId::XWing => 3.2,
            TechniqueId::YWing => 4.2,
            TechniqueId::XyzWing => 4.4,
            TechniqueId::TrapezoidChain => 4.0,
            TechniqueId::BruteForce => 10.0,
        }
    }

    /// The rating as the technique list shows it.
    pub fn rating_label(self) -> String {
        match self {
            TechniqueId::HiddenSingle => "1.2 in a box, 1.5 in a row or column".to_string(),
            TechniqueId::BruteForce => "none: places one cell from the unique solution".to_string(),
            _ => format!("{:.1}", self.rating()),
        }
    }

    /// The rating of one instance: Sudoku Explainer rates a hidden single
    /// in a box (1.2) easier than one in a row or column (1.5).
    pub fn rating_for(self, step: &Step) -> f32 {
        match self {
            TechniqueId::HiddenSingle if step.houses.first().map(|h| h.kind()) == Some(HouseKind::Block) => 1.2,
            _ => self.rating(),
        }
    }
}

static NAKED_SINGLE: NakedSingle = NakedSingle;
static HIDDEN_SINGLE: HiddenSingle = HiddenSingle;
static POINTING: Pointing = Pointing;
static CLAIMING: Claiming = Claiming;
static NAKED_PAIR: NakedPair = NakedPair;
static X_WING: XWing = XWing;
static Y_WING: YWing = YWing;
static XYZ_WING: XyzWing = XyzWing;
static TRAPEZOID_CHAIN: TrapezoidChain = TrapezoidChain;

static REGISTRY: [&dyn Technique; 9] =
    [&NAKED_SINGLE, &HIDDEN_SINGLE, &POINTING, &CLAIMING, &NAKED_PAIR, &X_WING, &Y_WING, &XYZ_WING, &TRAPEZOID_CHAIN];

/// The techniques in the order the driver tries them, simplest first.
pub fn registry() -> &'static [&'static dyn Technique] {
    &REGISTRY
}

#[cfg(test)]
pub(crate) mod testing {
    //! Building candidate grids for technique tests.
    use crate::grid::{Cell, Digit, Grid};
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

    #[test]
    fn registry_keeps_the_cards_order() {
        let ids: Vec<&str> = registry().iter().map(|t| t.id().id()).collect();
        assert_eq!(
            ids,
            [
                "naked-single",
                "hidden-single",
                "pointing",
                "claiming",
                "naked-pair",
                "x-wing",
                "y-wing",
                "xyz-wing",
                "trapezoid-chain"
            ]
        );
    }

    #[test]
    fn ids_round_trip() {
        for t in TechniqueId::ALL {
            assert_eq!(TechniqueId::from_id(t.id()), Some(t));
        }
    }
}
