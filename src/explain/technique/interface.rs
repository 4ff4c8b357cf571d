//! What a technique is to the driver: the [`Technique`] trait, the [`Part`]
//! of a search one call covers, how a search splits into parts ([`Scope`]),
//! what the previous search of a solve tells the next ([`Since`]), and a
//! technique's first step asked on its own ([`first_step`]).

use crate::algo::memo::Memo;
use crate::explain::catalog::{Descriptor, TechniqueId};
use crate::explain::step::Step;
use crate::model::cell::Digit;
use crate::model::grid::{Grid, House};
use crate::model::sets::CellSet;

/// Finds one instance of a solving pattern in one part of a grid.
///
/// A technique reads the grid and returns what it found as a [`Step`]: it
/// never changes the grid, never prints, and keeps nothing between calls
/// (what it may reuse comes in `memo`). Its name, rating and weight are in
/// its [`Descriptor`].
pub trait Technique: Send + Sync {
    /// The technique's name, id, rating and weight.
    fn descriptor(&self) -> &'static Descriptor;

    /// The technique's id (from its descriptor).
    fn id(&self) -> TechniqueId {
        self.descriptor().id
    }

    /// How the search splits into parts that each read less than the grid.
    fn scope(&self) -> Scope {
        Scope::Whole
    }

    /// The first instance within `part`, scanning in a fixed order, or
    /// `None`. The driver asks for the parts of `scope` in order, so the
    /// technique's first step in a grid is the first found over its parts
    /// ([`first_step`]).
    fn find(&self, grid: &Grid, part: Part<'_>, memo: &mut Memo) -> Option<Step>;

    /// Whether the technique finds nothing in a house where every candidate
    /// lies in some filling of the house (the subsets): the driver then
    /// skips such houses for `Scope::Houses` and names them in
    /// `Since::settled` for `Scope::Cells`.
    fn skips_filled_houses(&self) -> bool {
        false
    }
}

/// The part of a search one call of [`Technique::find`] covers; its kind
/// follows the technique's [`Scope`].
#[derive(Debug)]
pub enum Part<'a> {
    /// `Scope::Whole`: the whole grid.
    Whole,
    /// `Scope::Digits`: one digit, told that no instance of it removes a
    /// candidate outside `removable` (the digit's candidates on none of its
    /// templates: placements of the digit consistent with the houses), so
    /// the search may skip patterns whose targets all lie elsewhere.
    Digit {
        /// The digit to search.
        digit: Digit,
        /// The only candidates of the digit an instance may remove.
        removable: CellSet,
    },
    /// `Scope::Houses`: the instances found from one house's candidates.
    House(House),
    /// `Scope::Cells`: the whole grid in sections. In sections before
    /// `since.clean` the previous search of this solve found nothing, so
    /// there it may skip every instance whose pattern cells (all it reads
    /// but its targets) are outside `since.changed`. The search sets
    /// `reached` to the section of the step it returns (the number of
    /// sections when there is none).
    Cells {
        /// What the previous search of this solve tells this one.
        since: &'a Since,
        /// Set by the search: the section of the step found, or the number
        /// of sections when there is none.
        reached: &'a mut usize,
    },
}

impl Part<'_> {
    /// The digit and the removable candidates of a `Scope::Digits` part.
    pub fn digit(&self) -> (Digit, CellSet) {
        match *self {
            Part::Digit { digit, removable } => (digit, removable),
            _ => panic!("a search by digit is asked for a digit, not {self:?}"),
        }
    }

    /// The house of a `Scope::Houses` part.
    pub fn house(&self) -> House {
        match *self {
            Part::House(house) => house,
            _ => panic!("a search by house is asked for a house, not {self:?}"),
        }
    }

    /// The search by cells of a `Scope::Cells` part: `search` returns the
    /// step and its section, and the section is reported to the driver.
    pub fn by_cells(self, search: impl FnOnce(&Since) -> (Option<Step>, usize)) -> Option<Step> {
        match self {
            Part::Cells { since, reached } => {
                let (found, section) = search(since);
                *reached = section;
                found
            }
            // Asked for the whole grid: no previous search to build on.
            _ => search(&Since::NOTHING).0,
        }
    }
}

/// The first instance of `technique` in `grid`, searched from scratch: the
/// first over the parts of its scope in order.
pub fn first_step(technique: &(impl Technique + ?Sized), grid: &Grid) -> Option<Step> {
    first_step_with(technique, grid, &mut Memo::default())
}

/// `first_step` with what earlier searches of the same solve left in `memo`.
pub fn first_step_with(technique: &(impl Technique + ?Sized), grid: &Grid, memo: &mut Memo) -> Option<Step> {
    match technique.scope() {
        Scope::Whole => technique.find(grid, Part::Whole, memo),
        Scope::Digits => {
            Digit::all().find_map(|digit| technique.find(grid, Part::Digit { digit, removable: CellSet::ALL }, memo))
        }
        Scope::Houses => House::all().find_map(|house| technique.find(grid, Part::House(house), memo)),
        Scope::Cells => technique.find(grid, Part::Cells { since: &Since::NOTHING, reached: &mut 0 }, memo),
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
    pub(crate) fn parts(self) -> usize {
        match self {
            Scope::Whole | Scope::Cells => 1,
            Scope::Digits => 9,
            Scope::Houses => 27,
        }
    }
}
