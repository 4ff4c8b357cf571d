//! The [`Technique`] trait and the ordered registry of techniques
//! ([`registry`]), their ids ([`TechniqueId`]) and descriptors
//! ([`Descriptor`]), and sets of them ([`TechniqueSet`]).
//!
//! May use: the model, `algo`, the catalog and `Step` of `explain`, and
//! SE's scale and table of ratings.
//!
//! A technique reads a grid and returns one instance as a [`Step`]; it never
//! changes the grid and never prints. The driver (`solve`) applies steps;
//! [`first_step`] asks one technique on its own.
//!
//! ```
//! use sudoku_explained::explain::{first_step, registry, TechniqueId};
//! use sudoku_explained::Grid;
//!
//! // r1c1 lacks only 9 in a grid whose first row holds 1 to 8.
//! let mut grid = Grid::empty();
//! for (col, digit) in (1..=8).map(sudoku_explained::Digit::new).enumerate() {
//!     grid.place(sudoku_explained::Cell::at(0, col as u8 + 1), digit);
//! }
//! let full_house = registry()[0];
//! assert_eq!(full_house.id(), TechniqueId::FullHouse);
//! let step = first_step(full_house, &grid).expect("a full house");
//! assert_eq!(step.result_text(), "r1c1=9");
//! ```

mod aic;
mod aligned_exclusion;
mod als;
mod bug;
mod coloring;
mod complex_fish;
mod exocet;
mod extended_rectangle;
mod fish;
mod forcing;
mod interface;
mod intersections;
mod kraken;
mod registry;
mod single_digit;
mod singles;
mod subsets;
mod sue_de_coq;
mod technique_set;
mod template;
mod trapezoid_chain;
mod unique_loop;
mod uniqueness;
mod wings;

pub(crate) use interface::Distinct;
pub use interface::{every_step, every_step_with, first_step, first_step_with, Finds, Part, Scope, Since, Technique};
pub use registry::registry;
pub use technique_set::{TechniqueList, TechniqueSet, UnknownTechnique};

#[cfg(test)]
pub(crate) mod testing {
    //! Building candidate grids for technique tests.
    use crate::explain::step::Step;
    use crate::model::cell::{Cell, Digit};
    use crate::model::grid::Grid;
    use crate::model::sets::DigitSet;

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
        let off = crate::model::sets::CellSet::from_bits(crate::algo::templates::places_off_templates(
            grid,
            digit,
            &mut Default::default(),
            0,
        ));
        assert!(step.eliminations.iter().all(|e| off.contains(e.cell)), "{}", step.text());
        let find = |removable| {
            let mut first = None;
            let mut take = |found| {
                first = Some(found);
                std::ops::ControlFlow::Break(())
            };
            let part = super::Part::Digit { digit, removable };
            let _ = technique.search(grid, part, &mut Default::default(), &mut super::Finds::new(&mut take));
            first
        };
        assert_eq!(find(off).as_ref(), Some(step));
        let pattern: crate::model::sets::CellSet = step.cells.iter().copied().collect();
        let elsewhere =
            crate::model::sets::CellSet::ALL.difference(crate::model::grid::seeing_any(pattern)).difference(pattern);
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

    /// Every instance of a technique in a grid that changes it, each once,
    /// as `sudoku steps` lists them.
    pub(crate) trait EverySteps {
        fn every(&self, grid: &Grid) -> Vec<Step>;
    }

    impl<T: super::Technique + ?Sized> EverySteps for T {
        fn every(&self, grid: &Grid) -> Vec<Step> {
            super::every_step(self, grid)
        }
    }

    /// A candidate turned half a turn about the centre, its digit `d`
    /// becoming `10 - d`.
    pub(crate) fn turned(candidate: crate::model::cell::Candidate) -> crate::model::cell::Candidate {
        let cell = Cell::at(8 - candidate.cell.row(), 8 - candidate.cell.col());
        crate::model::cell::Candidate::new(cell, Digit::new(10 - candidate.digit.get()))
    }

    /// `grid` with its half turn laid over it (see `turned`): each cell
    /// keeps the candidates both allow.
    pub(crate) fn with_half_turn(grid: &Grid) -> Grid {
        let mut both = grid.clone();
        for cell in Cell::all() {
            for digit in Digit::all() {
                let c = turned(crate::model::cell::Candidate::new(cell, digit));
                if grid.value(cell).is_none() && !grid.has_candidate(cell, digit) {
                    both.eliminate(c.cell, c.digit);
                }
            }
        }
        both
    }

    /// A pattern's first step, and the same pattern turned half a turn, are
    /// both among the instances the technique lists on the pattern laid
    /// over its half turn: steps with the same cells (what they remove may
    /// differ where the two patterns meet).
    pub(crate) fn assert_lists_pattern_and_half_turn(technique: &dyn super::Technique, grid: &Grid) {
        let alone = super::first_step(technique, grid).expect("the pattern's step");
        let cells = |step: &Step| {
            let mut cells = step.cells.clone();
            cells.sort();
            cells
        };
        let mut turned_cells: Vec<Cell> = alone.cells.iter().map(|c| Cell::at(8 - c.row(), 8 - c.col())).collect();
        turned_cells.sort();
        let both = super::every_step(technique, &with_half_turn(grid));
        for expected in [cells(&alone), turned_cells] {
            assert!(
                both.iter().any(|s| cells(s) == expected),
                "{expected:?} not in {:?}",
                both.iter().map(Step::text).collect::<Vec<_>>()
            );
        }
    }

    /// The position of `puzzle`'s solve where the driver first takes a step
    /// of `technique`, and that step.
    /// The position before the first step of `technique` in the solve of
    /// `puzzle` (the technique on even where it is off by default), and that step.
    pub(crate) fn first_use(puzzle: &str, technique: crate::explain::catalog::TechniqueId) -> (Grid, Step) {
        let mut settings = crate::explain::settings::Settings::default();
        settings.set_enabled(technique, true);
        let mut search = crate::explain::search::Search::with_settings(crate::TechniqueSet::all(), &settings);
        let mut position = grid(puzzle);
        loop {
            let step = search.next_step(&position).expect("solved by logic");
            if step.technique == technique {
                return (position, step);
            }
            step.apply_to(&mut position);
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
