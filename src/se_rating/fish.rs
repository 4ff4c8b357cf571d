//! X-Wing, Swordfish, Jellyfish (SE's `Fisherman(n)`).

use super::producer::{Locality, Producer, Window};
use super::scan::{removals_in_se_order, removing, tuple_members, union_at};
use super::se_step::SeStep;
use super::technique::SeTechnique;
use super::wording::cells_text;
use crate::algo::combinations::{subsets_of, Order};
use crate::model::grid::{Grid, House, HouseKind};
use crate::model::sets::{CellSet, DigitSet};
use std::ops::ControlFlow;

/// `degree` lines (the base) where a digit's places all lie in `degree`
/// crossing lines (the cover): the cover lines lose the digit elsewhere
/// (3.2, 3.8, 5.2). SE takes columns as the base first, then rows; line
/// combinations in its order, digits 1 to 9 inside; a digit placed more
/// than `9 - 2 * degree` times is skipped.
pub(crate) struct Fish {
    /// 2, 3 or 4.
    pub(crate) degree: u32,
}

impl Producer for Fish {
    fn hints(&self, grid: &Grid, sink: &mut dyn FnMut(SeStep) -> ControlFlow<()>) -> ControlFlow<()> {
        self.hints_in(grid, Window::ALL, sink)
    }

    fn locality(&self) -> Option<Locality> {
        Some(Locality::Digit(SeTechnique::FISH[self.degree as usize - 2]))
    }

    fn hints_in(
        &self,
        grid: &Grid,
        window: Window,
        sink: &mut dyn FnMut(SeStep) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let technique = SeTechnique::FISH[self.degree as usize - 2];
        for (base_kind, cover_kind) in [(HouseKind::Col, HouseKind::Row), (HouseKind::Row, HouseKind::Col)] {
            let (mut base_iter, mut cover_iter) = (House::of_kind(base_kind), House::of_kind(cover_kind));
            let bases: [House; 9] = std::array::from_fn(|_| base_iter.next().expect("nine lines"));
            let covers: [House; 9] = std::array::from_fn(|_| cover_iter.next().expect("nine lines"));
            // The digits SE looks at, each with its places in each base
            // line as cover positions, and the base lines that can be part
            // of a fish (two to `degree` places): a base set needs every
            // line among them. The nested levels ask this of thousands of
            // grids a step, mostly for one or two digits.
            let mut places = [[0u16; 9]; 9];
            let mut lines = [0u16; 9];
            let mut looked = DigitSet::EMPTY;
            for digit in window.digits.iter() {
                if grid.placed(digit).len() + 2 * self.degree <= 9 {
                    let cells = grid.cells_with(digit);
                    places[digit.index()] = std::array::from_fn(|line| bases[line].positions(cells));
                    lines[digit.index()] = tuple_members(&places[digit.index()], self.degree);
                    if lines[digit.index()] != 0 {
                        looked.insert(digit);
                    }
                }
            }
            let any_lines = lines.iter().fold(0, |acc, &m| acc | m);
            for base_tuple in subsets_of(u32::from(any_lines), self.degree as usize, Order::Colex) {
                let base_tuple = base_tuple as u16;
                for digit in looked.iter() {
                    if base_tuple & !lines[digit.index()] != 0 {
                        continue;
                    }
                    let cover_tuple = union_at(&places[digit.index()], base_tuple);
                    if cover_tuple.count_ones() != self.degree {
                        continue;
                    }
                    let digit_cells = grid.cells_with(digit);
                    let base_cells = union_of(&bases, base_tuple);
                    let cover_cells = union_of(&covers, cover_tuple);
                    let outside = digit_cells.intersection(cover_cells).difference(base_cells);
                    // SE's rule parents: the digit must have left the base
                    // lines outside the cover.
                    if outside.is_empty()
                        || base_cells.difference(cover_cells).intersection(window.lost(digit)).is_empty()
                    {
                        continue;
                    }
                    // SE lists the cells cover line by cover line, and
                    // removes cover line by cover line.
                    let fish_cells: Vec<_> = (0..9)
                        .filter(|i| cover_tuple >> i & 1 == 1)
                        .flat_map(|i| covers[i].cell_list().into_iter().filter(|c| base_cells.contains(*c)))
                        .filter(|c| digit_cells.contains(*c))
                        .collect();
                    let entries: Vec<_> = (0..9)
                        .filter(|i| cover_tuple >> i & 1 == 1)
                        .flat_map(|i| covers[i].cell_list().into_iter().filter(|c| outside.contains(*c)))
                        .map(|c| (c, DigitSet::single(digit)))
                        .collect();
                    let n = self.degree;
                    let detail = format!(
                        "{}: {} in {n} {}s and {n} {}s",
                        cells_text(fish_cells),
                        digit.get(),
                        base_kind.se_word(),
                        cover_kind.se_word()
                    );
                    // SE's rule parents: the digit must have left the base
                    // lines outside the cover (line by line, as SE lists them).
                    let relies = (0..9)
                        .filter(|i| base_tuple >> i & 1 == 1)
                        .map(|i| (bases[i].cells().difference(cover_cells), DigitSet::single(digit)))
                        .collect();
                    sink(removing(technique, removals_in_se_order(&entries), detail, relies))?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// The cells of the lines of `lines` picked by `mask`.
fn union_of(lines: &[House], mask: u16) -> CellSet {
    (0..9).filter(|i| mask >> i & 1 == 1).fold(CellSet::EMPTY, |acc, i| acc.union(lines[i].cells()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::technique::testing::marks;
    use crate::model::cell::Candidate;
    use crate::model::cell::{Cell, Digit};

    /// 4 in rows 2 and 7 only in columns 5 and 9.
    fn x_wing_of_4() -> Grid {
        let mut g = marks(&[]);
        for row in [1, 6] {
            for col in [0, 1, 2, 3, 5, 6, 7] {
                g.eliminate(Cell::at(row, col), Digit::new(4));
            }
        }
        g
    }

    #[test]
    fn an_x_wing_on_two_rows() {
        let g = x_wing_of_4();
        let hint = Fish { degree: 2 }.first(&g).unwrap();
        assert_eq!(hint.text(), "X-Wing: Cells r2c5,r7c5,r2c9,r7c9: 4 in 2 rows and 2 columns");
        assert_eq!(hint.difficulty, 3.2);
        assert_eq!(hint.removals.len(), 14);
        assert!(hint.removals.contains(&Candidate::new(Cell::at(0, 4), Digit::new(4))));
        let relies: Vec<usize> = hint.relies_on_absence.iter().map(|(cells, _)| cells.len() as usize).collect();
        assert_eq!(relies, vec![7, 7]);
        assert_eq!(Fish { degree: 3 }.first(&g), None);
    }

    /// In a nested search, an X-Wing counts only where the search took the
    /// digit out of a base line outside the cover: the window of the losses
    /// keeps it when one of its base cells lost the digit, and skips it
    /// when the losses lie elsewhere (in the cover, or another digit).
    #[test]
    fn a_scope_of_losses_keeps_only_fish_relying_on_them() {
        use crate::se_rating::producer::texts_relying_on_losses;
        let work = x_wing_of_4();
        let x_wing = Fish { degree: 2 };
        let found = |start: &Grid, work: &Grid| texts_relying_on_losses(&x_wing, start, work);
        assert_eq!(found(&marks(&[]), &work).len(), 1, "the base lines lost 4 since the empty grid");
        assert!(found(&work, &work).is_empty(), "nothing lost");
        // Losing 4 only in the cover (r4c5) or another digit gives no parent.
        let mut cover_only = work.clone();
        cover_only.eliminate(Cell::at(3, 4), Digit::new(4));
        cover_only.eliminate(Cell::at(1, 0), Digit::new(5));
        assert!(found(&work, &cover_only).is_empty(), "no loss in the base outside the cover");
    }

    /// Looking at some digits finds the fish of those digits, and only those.
    #[test]
    fn a_scope_of_digits_finds_their_fish_alone() {
        // 4 as above, and 7 in columns 3 and 8 only in rows 1 and 6.
        let mut g = x_wing_of_4();
        for col in [2, 7] {
            for row in [1, 2, 3, 4, 6, 7, 8] {
                g.eliminate(Cell::at(row, col), Digit::new(7));
            }
        }
        let digits_of = |window: DigitSet| {
            let mut digits = Vec::new();
            let _ = Fish { degree: 2 }.hints_in(
                &g,
                {
                    let mut within = Window::ALL;
                    within.digits = window;
                    within
                },
                &mut |hint| {
                    digits.push(hint.removals[0].digit.get());
                    ControlFlow::Continue(())
                },
            );
            digits
        };
        let all = digits_of(DigitSet::ALL);
        assert!(all.contains(&4) && all.contains(&7), "{all:?}");
        assert_eq!(
            digits_of(DigitSet::single(Digit::new(7))),
            all.iter().copied().filter(|&d| d == 7).collect::<Vec<_>>()
        );
        assert_eq!(
            digits_of(DigitSet::single(Digit::new(4))),
            all.iter().copied().filter(|&d| d == 4).collect::<Vec<_>>()
        );
        assert!(digits_of(DigitSet::single(Digit::new(5))).is_empty());
    }

    #[test]
    fn no_fish_in_an_empty_grid() {
        assert_eq!(Fish { degree: 2 }.first(&marks(&[])), None);
    }
}
