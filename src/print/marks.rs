//! What a picture of a step shows, decided once for every drawing of it
//! (the text grid, the SVG board, the HTML page): the kind of each cell and
//! the role of each candidate, on the grid *before* the step, so that what
//! the step removes is still there to be seen.

use crate::explain::parts::PartKind;
use crate::explain::step::{ForcingKind, SetRole, Step};
use crate::model::cell::Candidate;
use crate::model::cell::{Cell, Digit};
use crate::model::grid::{Grid, House};
use crate::model::sets::{CellSet, DigitSet};

/// What a cell holds before the step.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CellKind {
    /// A digit of the puzzle as given.
    Given(Digit),
    /// A digit an earlier step of the solve placed.
    Solved(Digit),
    /// No digit yet: the cell's candidates are drawn.
    Open,
}

/// The part a candidate plays in the step. When several apply, the
/// strongest wins, in the order of the variants from the last.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Role {
    /// Not part of the step.
    Plain,
    /// One of the pattern's candidates (a chain's nodes, a forcing step's assumptions).
    Pattern,
    /// The placed digit, removed from a peer of the placement as its
    /// consequence, not as a result of the step's own.
    Lost,
    /// Removed by the step (an elimination).
    Removed,
    /// Placed by the step.
    Placed,
}

/// The picture of a grid with (or without) a step: cell kinds, candidate
/// roles, the pattern's cells and houses.
#[derive(Clone, Debug)]
pub struct Marks {
    grid: Grid,
    kinds: [CellKind; 81],
    roles: [[Role; 9]; 81],
    pattern_cells: CellSet,
    houses: Vec<House>,
    /// Each house's role in a fish, beside `houses`.
    house_roles: Vec<Option<SetRole>>,
    /// The part each candidate belongs to (the first that lists it).
    parts: [[Option<PartKind>; 9]; 81],
    /// The part each cell belongs to, for parts of whole cells (an ALS).
    cell_parts: [Option<PartKind>; 81],
    /// The parts drawn, in the step's order.
    part_kinds: Vec<PartKind>,
}

impl Marks {
    /// The grid alone. A digit is given when the grid says so (a position
    /// read with `+5` says which were placed since) and, with `givens`, is
    /// the puzzle's digit there too.
    pub fn new(grid: &Grid, givens: Option<&[u8; 81]>) -> Marks {
        let kinds = std::array::from_fn(|i| {
            let cell = Cell::new(i as u8);
            match grid.value(cell) {
                None => CellKind::Open,
                Some(d) if grid.is_given(cell) && givens.is_none_or(|g| g[i] == d.get()) => CellKind::Given(d),
                Some(d) => CellKind::Solved(d),
            }
        });
        Marks {
            grid: grid.clone(),
            kinds,
            roles: [[Role::Plain; 9]; 81],
            pattern_cells: CellSet::default(),
            houses: Vec::new(),
            house_roles: Vec::new(),
            parts: [[None; 9]; 81],
            cell_parts: [None; 81],
            part_kinds: Vec::new(),
        }
    }

    /// The grid with `step` drawn on it; `grid` is the position before the step.
    pub fn of_step(grid: &Grid, givens: Option<&[u8; 81]>, step: &Step) -> Marks {
        Marks::new(grid, givens).with(step)
    }

    /// Adds a step to the picture: a run of singles is drawn as all its
    /// placements on the grid before the first.
    pub fn with(self, step: &Step) -> Marks {
        self.with_pattern(step).with_result(step)
    }

    /// Adds only the step's pattern (candidates, cells, houses), not what it
    /// places or removes: a picture that shows where to look without the answer.
    pub fn with_pattern(mut self, step: &Step) -> Marks {
        for c in pattern_candidates(step, &self.grid) {
            self.raise(c, Role::Pattern);
        }
        self.pattern_cells = self.pattern_cells.union(pattern_cells(step));
        for (i, h) in step.houses.iter().enumerate() {
            if !self.houses.contains(h) {
                self.houses.push(*h);
                self.house_roles.push(step.sets.map(|sets| sets.role(i)));
            }
        }
        for part in &step.parts {
            let mut drawn = false;
            for c in &part.candidates {
                if self.grid.value(c.cell).is_some() || !self.grid.has_candidate(c.cell, c.digit) {
                    continue;
                }
                let slot = &mut self.parts[c.cell.index()][c.digit.index()];
                if slot.is_none() {
                    *slot = Some(part.kind);
                    drawn = true;
                }
                if part.kind.is_cells() && self.cell_parts[c.cell.index()].is_none() {
                    self.cell_parts[c.cell.index()] = Some(part.kind);
                }
            }
            if drawn && !self.part_kinds.contains(&part.kind) {
                self.part_kinds.push(part.kind);
            }
        }
        self
    }

    /// Adds only the step's placements, not what their peers lose: a run of
    /// singles drawn on one board.
    pub fn with_placements(mut self, step: &Step) -> Marks {
        for p in &step.placements {
            self.raise(*p, Role::Placed);
        }
        self
    }

    /// Adds only the step's result: its placements (and what their peers
    /// lose) and its eliminations.
    pub fn with_result(mut self, step: &Step) -> Marks {
        for p in &step.placements {
            for peer in p.cell.peers().iter() {
                self.raise(Candidate::new(peer, p.digit), Role::Lost);
            }
            self.raise(*p, Role::Placed);
        }
        for e in &step.eliminations {
            self.raise(*e, Role::Removed);
        }
        self
    }

    /// Gives a candidate of the grid a role, unless it has a stronger one.
    fn raise(&mut self, c: Candidate, role: Role) {
        if self.grid.value(c.cell).is_none() && self.grid.has_candidate(c.cell, c.digit) {
            let slot = &mut self.roles[c.cell.index()][c.digit.index()];
            *slot = (*slot).max(role);
        }
    }

    /// The grid the picture is drawn on (before the step).
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// What the cell holds.
    pub fn kind(&self, cell: Cell) -> CellKind {
        self.kinds[cell.index()]
    }

    /// The cell's candidates (none for a cell with a digit).
    pub fn candidates(&self, cell: Cell) -> DigitSet {
        match self.kind(cell) {
            CellKind::Open => self.grid.candidates(cell),
            _ => DigitSet::EMPTY,
        }
    }

    /// The part the candidate plays; `Plain` for one the cell does not have.
    pub fn role(&self, cell: Cell, digit: Digit) -> Role {
        self.roles[cell.index()][digit.index()]
    }

    /// The cells of the pattern, to be shaded.
    pub fn pattern_cells(&self) -> CellSet {
        self.pattern_cells
    }

    /// The houses of the pattern, to be outlined.
    pub fn houses(&self) -> &[House] {
        &self.houses
    }

    /// Each house's role in a fish (base or cover set), beside `houses`.
    pub fn house_roles(&self) -> &[Option<SetRole>] {
        &self.house_roles
    }

    /// The part of the pattern the candidate belongs to, if the step names one.
    pub fn part(&self, cell: Cell, digit: Digit) -> Option<PartKind> {
        self.parts[cell.index()][digit.index()]
    }

    /// The part of whole cells (an ALS, a stem, a petal) the cell belongs to.
    pub fn cell_part(&self, cell: Cell) -> Option<PartKind> {
        self.cell_parts[cell.index()]
    }

    /// The parts drawn, in the step's order: what a legend explains.
    pub fn part_kinds(&self) -> &[PartKind] {
        &self.part_kinds
    }

    /// Every candidate with the role, in cell then digit order.
    pub fn with_role(&self, role: Role) -> Vec<Candidate> {
        Cell::all()
            .flat_map(|cell| self.candidates(cell).iter().map(move |d| Candidate::new(cell, d)))
            .filter(|c| self.role(c.cell, c.digit) == role)
            .collect()
    }
}

/// The pattern's candidates: a chain's nodes, a forcing step's assumptions,
/// the parts' candidates when parts make up the whole pattern (colors,
/// sets), otherwise the step's digits in its cells (every candidate of the
/// cells for a step that names no digit).
fn pattern_candidates(step: &Step, grid: &Grid) -> Vec<Candidate> {
    let whole = |kind: PartKind| kind.is_cells() || matches!(kind, PartKind::Color { .. });
    if !step.parts.is_empty() && step.parts.iter().all(|p| whole(p.kind)) {
        return step.parts.iter().flat_map(|p| p.candidates.iter().copied()).collect();
    }
    if let Some(chain) = &step.chain {
        return chain.nodes.iter().flat_map(|n| n.cells.iter().map(move |c| Candidate::new(c, n.digit))).collect();
    }
    // A Kraken fish's branches start from its fins and places: the whole
    // fish is drawn, as the step's cells.
    if let Some(forcing) = step.forcing.as_ref().filter(|f| f.kind != ForcingKind::Fish) {
        return forcing.branches.iter().filter_map(|b| b.facts.first()).map(|f| f.candidate).collect();
    }
    step.cells
        .iter()
        .flat_map(|&cell| {
            let digits = if step.digits.is_empty() { grid.candidates(cell) } else { step.digits };
            digits.iter().map(move |d| Candidate::new(cell, d))
        })
        .collect()
}

/// The cells to shade: the step's own, a chain's node cells, a forcing
/// step's assumption cells.
fn pattern_cells(step: &Step) -> CellSet {
    let mut cells: CellSet = step.cells.iter().copied().collect();
    if let Some(chain) = &step.chain {
        for node in &chain.nodes {
            cells = cells.union(node.cells);
        }
    }
    if let Some(forcing) = &step.forcing {
        for fact in forcing.branches.iter().filter_map(|b| b.facts.first()) {
            cells.insert(fact.candidate.cell);
        }
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::catalog::TechniqueId;

    #[test]
    fn a_placement_marks_its_peers_and_an_elimination_wins_over_the_pattern() {
        let mut givens = [0u8; 81];
        givens[80] = 9;
        let mut grid = Grid::from_values(&givens);
        grid.place(Cell::at(8, 7), Digit::new(8));
        let five = Digit::new(5);
        let step = Step::new(TechniqueId::HiddenSingle)
            .place(Cell::at(0, 0), five)
            .eliminate_all([Candidate::new(Cell::at(0, 4), five)])
            .pattern([Cell::at(0, 0), Cell::at(0, 4)], DigitSet::single(five), [House::row(0)]);
        let marks = Marks::of_step(&grid, Some(&givens), &step);
        assert_eq!(marks.kind(Cell::at(8, 8)), CellKind::Given(Digit::new(9)));
        assert_eq!(marks.kind(Cell::at(8, 7)), CellKind::Solved(Digit::new(8)));
        assert_eq!(marks.role(Cell::at(0, 0), five), Role::Placed);
        assert_eq!(marks.role(Cell::at(0, 4), five), Role::Removed);
        assert_eq!(marks.role(Cell::at(0, 0), Digit::new(4)), Role::Plain);
        assert_eq!(marks.role(Cell::at(5, 0), five), Role::Lost);
        assert_eq!(marks.role(Cell::at(5, 5), five), Role::Plain);
        assert_eq!(marks.with_role(Role::Removed), [Candidate::new(Cell::at(0, 4), five)]);
        assert_eq!(marks.houses(), [House::row(0)]);
        assert!(marks.pattern_cells().contains(Cell::at(0, 4)));
        // The pattern alone shows where to look, not the answer.
        let hint = Marks::new(&grid, Some(&givens)).with_pattern(&step);
        assert_eq!(hint.role(Cell::at(0, 0), five), Role::Pattern);
        assert_eq!(hint.role(Cell::at(0, 4), five), Role::Pattern);
        assert_eq!(hint.role(Cell::at(5, 0), five), Role::Plain);
        assert!(hint.with_role(Role::Removed).is_empty() && hint.with_role(Role::Placed).is_empty());
    }

    /// Parts name their candidates; a pattern made of whole parts (colors,
    /// sets) is exactly their candidates, and a set's cells take its part.
    #[test]
    fn parts_mark_their_candidates_and_cells() {
        let grid = Grid::from_values(&[0; 81]);
        let (one, two) = (Digit::new(1), Digit::new(2));
        let colored = Step::new(TechniqueId::SimpleColoring)
            .pattern([Cell::at(0, 0), Cell::at(0, 5)], DigitSet::single(one), [])
            .part(PartKind::Color { cluster: 0, side: 0 }, [Candidate::new(Cell::at(0, 0), one)])
            .part(PartKind::Color { cluster: 0, side: 1 }, [Candidate::new(Cell::at(0, 5), one)])
            .eliminate_all([Candidate::new(Cell::at(0, 5), one)]);
        let marks = Marks::of_step(&grid, None, &colored);
        assert_eq!(marks.part(Cell::at(0, 0), one), Some(PartKind::Color { cluster: 0, side: 0 }));
        // A removed candidate keeps its part (the picture draws both).
        assert_eq!(marks.part(Cell::at(0, 5), one), Some(PartKind::Color { cluster: 0, side: 1 }));
        assert_eq!(marks.role(Cell::at(0, 5), one), Role::Removed);
        assert_eq!(marks.part(Cell::at(0, 0), two), None);
        assert_eq!(marks.cell_part(Cell::at(0, 0)), None, "colors mark candidates, not cells");
        assert_eq!(marks.part_kinds().len(), 2);
        let als = Step::new(TechniqueId::AlsXz)
            .pattern([Cell::at(4, 4)], [one, two].into_iter().collect(), [])
            .part(PartKind::Als(0), [Candidate::new(Cell::at(4, 4), one)]);
        let marks = Marks::of_step(&grid, None, &als);
        assert_eq!(marks.cell_part(Cell::at(4, 4)), Some(PartKind::Als(0)));
        assert_eq!(marks.role(Cell::at(4, 4), one), Role::Pattern);
        assert_eq!(marks.role(Cell::at(4, 4), two), Role::Plain, "the pattern is the parts' candidates");
        // Fins are part of a pattern, not all of it: the body stays the pattern.
        let finned = Step::new(TechniqueId::FinnedXWing)
            .pattern([Cell::at(1, 1), Cell::at(1, 2)], DigitSet::single(one), [])
            .part(PartKind::Fin, [Candidate::new(Cell::at(1, 2), one)]);
        let marks = Marks::of_step(&grid, None, &finned);
        assert_eq!(marks.role(Cell::at(1, 1), one), Role::Pattern);
        assert_eq!(marks.part(Cell::at(1, 1), one), None);
        assert_eq!(marks.part(Cell::at(1, 2), one), Some(PartKind::Fin));
    }

    /// A position read as it is (no puzzle beside it) draws as given only
    /// what it says was given.
    #[test]
    fn a_position_s_placed_digits_are_drawn_as_solved() {
        let mut givens = [0u8; 81];
        (givens[0], givens[1]) = (1, 2);
        let grid = Grid::from_values(&givens).with_placed(CellSet::single(Cell::at(0, 1)));
        let marks = Marks::new(&grid, None);
        assert_eq!(marks.kind(Cell::at(0, 0)), CellKind::Given(Digit::new(1)));
        assert_eq!(marks.kind(Cell::at(0, 1)), CellKind::Solved(Digit::new(2)));
        assert_eq!(Marks::new(&grid, Some(&givens)).kind(Cell::at(0, 1)), CellKind::Solved(Digit::new(2)));
    }
}
