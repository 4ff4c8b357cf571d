//! The [`Technique`] trait and the ordered registry of techniques
//! ([`registry`]), their ids ([`TechniqueId`]) and descriptors
//! ([`Descriptor`]), and sets of them ([`TechniqueSet`]).
//!
//! A technique reads a grid and returns one instance as a [`Step`]; it never
//! changes the grid and never prints. The driver (`solve`) applies steps;
//! [`first_step`] asks one technique on its own.
//!
//! ```
//! use sudoku::technique::{first_step, registry, TechniqueId};
//! use sudoku::Grid;
//!
//! // r1c1 lacks only 9 in a grid whose first row holds 1 to 8.
//! let mut grid = Grid::empty();
//! for (col, digit) in (1..=8).map(sudoku::Digit::new).enumerate() {
//!     grid.place(sudoku::Cell::at(0, col as u8 + 1), digit);
//! }
//! let full_house = registry()[0];
//! assert_eq!(full_house.id(), TechniqueId::FullHouse);
//! let step = first_step(full_house, &grid).expect("a full house");
//! assert_eq!(step.result_text(), "r1c1=9");
//! ```

mod aic;
mod aligned_pair;
mod als;
mod chains;
mod coloring;
mod fish;
mod forcing;
mod intersections;
mod memo;
mod selection;
mod single_digit;
mod singles;
mod subsets;
mod sue_de_coq;
mod uniqueness;
mod wings;

pub use selection::{TechniqueSet, UnknownTechnique};

pub use crate::catalog::{Descriptor, Growth, TechniqueId, Tenths};
pub use memo::Memo;

use crate::catalog::{with_registry, BRUTE_FORCE};
use crate::grid::{Digit, Grid, House};
use crate::sets::CellSet;
use crate::step::Step;

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

macro_rules! declare_registry {
    ($($id:ident => $technique:expr,)*) => {
        static REGISTRY: [&dyn Technique; TechniqueId::ALL.len() - 1] = [$(&$technique,)*];
    };
}

with_registry!(declare_registry);

/// The techniques in the order the driver tries them, simplest first.
/// Brute force is not among them: it is the driver's fallback.
///
/// ```
/// use sudoku::{registry, TechniqueId};
///
/// let ids: Vec<&str> = registry().iter().map(|t| t.id().id()).collect();
/// assert_eq!(ids[..3], ["full-house", "naked-single", "hidden-single"]);
/// assert_eq!(registry().len(), TechniqueId::ALL.len() - 1);
/// let x_wing = registry().iter().find(|t| t.id() == TechniqueId::XWing).expect("listed");
/// assert_eq!(x_wing.descriptor().name, "X-Wing");
/// ```
pub fn registry() -> &'static [&'static dyn Technique] {
    &REGISTRY
}

impl TechniqueId {
    /// What the technique says of itself.
    pub fn descriptor(self) -> &'static Descriptor {
        match self {
            TechniqueId::BruteForce => &BRUTE_FORCE,
            _ => REGISTRY[self as usize].descriptor(),
        }
    }

    /// The kebab-case id scripts rely on.
    pub fn id(self) -> &'static str {
        self.descriptor().key
    }

    /// The technique whose kebab-case id is `id` (brute force included).
    ///
    /// ```
    /// use sudoku::TechniqueId;
    ///
    /// let x_wing = TechniqueId::from_id("x-wing").expect("a known id");
    /// assert_eq!(x_wing, TechniqueId::XWing);
    /// assert_eq!((x_wing.name(), x_wing.rating().to_string()), ("X-Wing", "3.2".to_string()));
    /// assert_eq!(TechniqueId::from_id("xwing"), None);
    /// ```
    pub fn from_id(id: &str) -> Option<TechniqueId> {
        TechniqueId::ALL.into_iter().find(|t| t.id() == id)
    }

    /// The technique a person means by `name`: its id, its display name or
    /// one of its aliases (`skyscraper`, `xy-wing`, `locked-candidates-1`),
    /// in any case, with spaces or underscores for hyphens (brute force
    /// included).
    ///
    /// ```
    /// use sudoku::TechniqueId;
    ///
    /// assert_eq!(TechniqueId::from_name("skyscraper"), Some(TechniqueId::TrapezoidChain));
    /// assert_eq!(TechniqueId::from_name("X-Wing"), Some(TechniqueId::XWing));
    /// assert_eq!(TechniqueId::from_name("Locked Candidates 1"), Some(TechniqueId::Pointing));
    /// assert_eq!(TechniqueId::from_name("BUG+1"), Some(TechniqueId::BugPlusOne));
    /// assert_eq!(TechniqueId::from_name("x wing 2"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<TechniqueId> {
        let wanted = normalize(name);
        TechniqueId::ALL.into_iter().find(|t| {
            let d = t.descriptor();
            d.key == wanted || normalize(d.name) == wanted || d.aliases.contains(&wanted.as_str())
        })
    }

    /// The other names [`TechniqueId::from_name`] accepts besides the id and
    /// the display name.
    pub fn aliases(self) -> &'static [&'static str] {
        self.descriptor().aliases
    }

    /// The name people read.
    pub fn name(self) -> &'static str {
        self.descriptor().name
    }

    /// The base rating on Sudoku Explainer's scale (see `Descriptor`).
    pub fn rating(self) -> Tenths {
        self.descriptor().rating
    }

    /// The weight of one step in a HoDoKu-style score.
    pub fn weight(self) -> u32 {
        self.descriptor().weight
    }

    /// Whether the technique's argument holds only for a puzzle with a
    /// unique solution (the uniqueness techniques).
    pub fn needs_unique_solution(self) -> bool {
        self.descriptor().needs_unique_solution
    }

    /// The rating as the technique list shows it.
    pub fn rating_label(self) -> String {
        self.descriptor().rating_label()
    }
}

/// A technique name as ids and aliases write it: lowercase, words joined by
/// single hyphens.
fn normalize(name: &str) -> String {
    let lower = name.trim().to_lowercase().replace([' ', '_'], "-");
    lower.split('-').filter(|w| !w.is_empty()).collect::<Vec<_>>().join("-")
}

// `Step::new(TechniqueId::X)` names a technique by its id; the step keeps
// the descriptor, so that it can name and rate itself.
impl From<TechniqueId> for &'static Descriptor {
    fn from(id: TechniqueId) -> Self {
        id.descriptor()
    }
}

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

#[cfg(test)]
pub(crate) mod testing {
    //! Building candidate grids for technique tests.
    use crate::grid::{Cell, Digit, Grid};
    use crate::sets::DigitSet;
    use crate::step::Step;

    /// A valid solution that every firing test grid keeps: no test removes its digits.
    pub(crate) const SOLUTION: &str =
        "123456789456789123789123456234567891567891234891234567345678912678912345912345678";

    /// Every cell empty, every digit possible.
    pub(crate) fn empty() -> Grid {
        Grid::empty()
    }

    /// No elimination of the step removes a digit of `SOLUTION`.
    pub(crate) fn assert_agrees_with_solution(step: &Step) {
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
    pub(crate) fn assert_removing_agrees(technique: &dyn super::Technique, grid: &Grid, digit: Digit, step: &Step) {
        let off = crate::sets::CellSet::from_bits(crate::templates::places_off_templates(
            grid,
            digit,
            &mut Default::default(),
            0,
        ));
        assert!(step.eliminations.iter().all(|e| off.contains(e.cell)), "{}", step.text());
        let find = |removable| technique.find(grid, super::Part::Digit { digit, removable }, &mut Default::default());
        assert_eq!(find(off).as_ref(), Some(step));
        let pattern: crate::sets::CellSet = step.cells.iter().copied().collect();
        let elsewhere = crate::sets::CellSet::ALL.difference(crate::grid::seeing_any(pattern)).difference(pattern);
        assert!(!elsewhere.is_empty());
        assert_eq!(find(elsewhere), None, "{}", step.text());
    }

    /// A technique's first step in a grid, searched from scratch.
    pub(crate) trait FirstStep {
        fn first(&self, grid: &Grid) -> Option<Step>;
    }

    impl<T: super::Technique + ?Sized> FirstStep for T {
        fn first(&self, grid: &Grid) -> Option<Step> {
            super::first_step(self, grid)
        }
    }

    /// A grid from an 81-character puzzle string (`.` or `0` empty).
    pub(crate) fn grid(puzzle: &str) -> Grid {
        let values: Vec<u8> = puzzle.bytes().map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 }).collect();
        Grid::from_values(&values.try_into().expect("81 cells"))
    }

    /// Removes candidates given as `(row, col, digits)` with rows and columns from 1.
    pub(crate) fn without(mut g: Grid, removals: &[(u8, u8, &str)]) -> Grid {
        for &(r, c, digits) in removals {
            for d in digits.bytes() {
                g.eliminate(Cell::at(r - 1, c - 1), Digit::new(d - b'0'));
            }
        }
        g
    }

    /// Every cell open to every digit except the listed `(row, col, candidates)`.
    pub(crate) fn marks(cells: &[(u8, u8, &str)]) -> Grid {
        let mut groups = vec!["123456789"; 81];
        for &(r, c, digits) in cells {
            groups[usize::from((r - 1) * 9 + c - 1)] = digits;
        }
        pencil(&groups.join(" "))
    }

    /// Removes `digits` from the listed `(row, col)` cells, counted from 1.
    pub(crate) fn remove(
        digits: &'static str,
        cells: impl IntoIterator<Item = (u8, u8)>,
    ) -> Vec<(u8, u8, &'static str)> {
        cells.into_iter().map(|(r, c)| (r, c, digits)).collect()
    }

    /// `(row, col)` pairs counted from 1 as cells.
    pub(crate) fn at(cells: &[(u8, u8)]) -> Vec<Cell> {
        cells.iter().map(|&(r, c)| Cell::at(r - 1, c - 1)).collect()
    }

    /// A position as 81 groups separated by spaces: `=5` for a filled cell,
    /// otherwise the cell's candidates.
    pub(crate) fn position(groups: &str) -> Grid {
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
    pub(crate) fn pencil(marks: &str) -> Grid {
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
    fn ids_round_trip() {
        for t in TechniqueId::ALL {
            assert_eq!(TechniqueId::from_id(t.id()), Some(t));
        }
    }
}
