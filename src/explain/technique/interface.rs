//! What a technique is to the driver: the [`Technique`] trait, the [`Part`]
//! of a search one call covers, where a search puts what it finds
//! ([`Finds`]), how a search splits into parts ([`Scope`]), what the
//! previous search of a solve tells the next ([`Since`]), and a technique's
//! first step or every step asked on its own ([`first_step`],
//! [`every_step`]).

use std::ops::ControlFlow;

use crate::algo::memo::Memo;
use crate::algo::templates;
use crate::explain::catalog::{Descriptor, TechniqueId};
use crate::explain::step::Step;
use crate::model::cell::Digit;
use crate::model::grid::{Grid, House};
use crate::model::sets::CellSet;

/// Finds the instances of a solving pattern in one part of a grid.
///
/// A technique reads the grid and hands what it finds, each instance a
/// [`Step`], to [`Finds`], which says whether to go on: the driver wants
/// the first, `sudoku steps` every one. It never changes the grid, never
/// prints, and keeps nothing between calls (what it may reuse comes in
/// `memo`). Its name, rating and weight are in its [`Descriptor`].
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

    /// Hands every instance within `part` to `finds`, in a fixed order,
    /// until `finds` says to stop: the driver asks for the parts of `scope`
    /// in order, so the technique's first step in a grid is the first
    /// found over its parts ([`first_step`]). An instance is a pattern the
    /// technique's definition allows with what it removes or places; where
    /// two patterns give the same result both are handed over. Returns
    /// `Break` when `finds` stopped the search.
    fn search(&self, grid: &Grid, part: Part<'_>, memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()>;

    /// Whether the technique finds nothing in a house where every candidate
    /// lies in some filling of the house (the subsets): the driver then
    /// skips such houses for `Scope::Houses` and names them in
    /// `Since::settled` for `Scope::Cells`.
    fn skips_filled_houses(&self) -> bool {
        false
    }
}

/// Where a search hands the instances it finds: each one goes to the
/// caller, whose answer says whether the search goes on. A search by cells
/// names the section of each instance ([`Finds::step_in`]), so that the
/// driver knows how far the search found nothing.
pub struct Finds<'a> {
    take: &'a mut dyn FnMut(Step) -> ControlFlow<()>,
    section: usize,
}

impl<'a> Finds<'a> {
    /// Hands each instance to `take`; the search stops when it says `Break`.
    pub fn new(take: &'a mut dyn FnMut(Step) -> ControlFlow<()>) -> Finds<'a> {
        Finds { take, section: 0 }
    }

    /// Hands over an instance; `Break` tells the search to stop.
    pub fn step(&mut self, step: Step) -> ControlFlow<()> {
        // An instance without a section: the driver may assume nothing
        // about the sections before it.
        self.section = 0;
        (self.take)(step)
    }

    /// Hands over an instance a search by cells found in `section`.
    pub fn step_in(&mut self, section: usize, step: Step) -> ControlFlow<()> {
        self.section = section;
        (self.take)(step)
    }

    /// Hands over each of `steps` in turn until told to stop.
    pub fn steps(&mut self, steps: impl IntoIterator<Item = Step>) -> ControlFlow<()> {
        for step in steps {
            self.step(step)?;
        }
        ControlFlow::Continue(())
    }

    /// The section of the last instance handed over.
    pub(crate) fn section(&self) -> usize {
        self.section
    }
}

/// The part of a search one call of [`Technique::search`] covers; its kind
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
    /// but its targets) are outside `since.changed`. The search names the
    /// section of each instance it hands over ([`Finds::step_in`]).
    Cells(&'a Since),
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

    /// What the previous search tells a `Scope::Cells` part: nothing when
    /// asked for the whole grid.
    pub fn since(&self) -> &Since {
        match *self {
            Part::Cells(since) => since,
            _ => &Since::NOTHING,
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
    let mut first = None;
    let _ = every_step_with(technique, grid, memo, &mut |step| {
        first = Some(step);
        ControlFlow::Break(())
    });
    first
}

/// Every instance of `technique` in `grid`, over the parts of its scope in
/// order, handed to `take` until it says to stop. An instance may come
/// twice when two parts find it (a naked pair found from its row and from
/// its box); instances that make no progress are handed over too.
pub fn every_step_with(
    technique: &(impl Technique + ?Sized),
    grid: &Grid,
    memo: &mut Memo,
    take: &mut dyn FnMut(Step) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let mut finds = Finds::new(take);
    match technique.scope() {
        Scope::Whole => technique.search(grid, Part::Whole, memo, &mut finds),
        Scope::Digits => Digit::all().try_for_each(|digit| {
            let removable = memo.get::<OffTemplates>().of(grid, digit);
            if removable.is_empty() {
                return ControlFlow::Continue(());
            }
            technique.search(grid, Part::Digit { digit, removable }, memo, &mut finds)
        }),
        Scope::Houses => {
            House::all().try_for_each(|house| technique.search(grid, Part::House(house), memo, &mut finds))
        }
        Scope::Cells => technique.search(grid, Part::Cells(&Since::NOTHING), memo, &mut finds),
    }
}

/// Per digit, its candidates on none of its templates, with the places and
/// placed cells they were found for: a single-digit search removes nothing
/// else, so a search of every instance passes them on as the driver does
/// (the same answer for every single-digit technique at a position).
#[derive(Default)]
struct OffTemplates([Option<(u128, u128, CellSet)>; 9], [templates::Known; 9]);

impl OffTemplates {
    fn of(&mut self, grid: &Grid, digit: Digit) -> CellSet {
        let key = (grid.cells_with(digit).bits(), grid.placed(digit).bits());
        let i = digit.index();
        match self.0[i] {
            Some((places, placed, off)) if (places, placed) == key => off,
            _ => {
                let off = CellSet::from_bits(templates::places_off_templates(grid, digit, &mut self.1[i], 0));
                self.0[i] = Some((key.0, key.1, off));
                off
            }
        }
    }
}

/// Every instance of `technique` in `grid` that changes it, each once, in
/// the order its search meets them.
pub fn every_step(technique: &(impl Technique + ?Sized), grid: &Grid) -> Vec<Step> {
    let mut steps = Distinct::default();
    let _ = every_step_with(technique, grid, &mut Memo::default(), &mut |step| {
        if step.makes_progress(grid) {
            steps.insert(step);
        }
        ControlFlow::Continue(())
    });
    steps.steps
}

/// Steps kept each once, in the order first met: a position can have
/// tens of thousands of chains, so equal steps are found by a hash of
/// their pattern and result, not by comparing each with every other.
#[derive(Default)]
pub(crate) struct Distinct {
    /// The steps kept.
    pub(crate) steps: Vec<Step>,
    by_hash: std::collections::HashMap<u64, Vec<usize>>,
}

impl Distinct {
    /// Keeps `step` unless an equal one is kept; true when it is kept.
    pub(crate) fn insert(&mut self, step: Step) -> bool {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        (step.technique, &step.placements, &step.eliminations, &step.cells, step.digits, &step.houses)
            .hash(&mut hasher);
        let kept = self.by_hash.entry(hasher.finish()).or_default();
        if kept.iter().any(|&i| self.steps[i] == step) {
            return false;
        }
        kept.push(self.steps.len());
        self.steps.push(step);
        true
    }

    /// How many steps are kept.
    pub(crate) fn len(&self) -> usize {
        self.steps.len()
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
    /// The whole grid, searched in sections (`Part::Cells`); an
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
