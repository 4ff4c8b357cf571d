//! Templates: the ways one digit can still fill the grid, one place in every
//! row, column and box, through its placed copies and its candidates. A
//! cell every template holds must take the digit (Template Set); a
//! candidate no template holds cannot be it (Template Delete). The
//! templates are combined as HoDoKu combines them: a template that takes a
//! cell another digit holds in all of its own templates is dropped.
//!
//! HoDoKu keeps both as last resorts, after the forcing nets: they are
//! found by enumeration, not by a pattern a solver reads off the grid.

use super::interface::{Finds, Part, Scope, Technique};
use crate::algo::memo::Memo;
use crate::algo::templates::DigitTemplates;
use crate::explain::catalog::{Descriptor, HintFocus, TechniqueId};
use crate::explain::step::{listing, Step};
use crate::model::cell::{Candidate, Digit};
use crate::model::grid::Grid;
use crate::model::sets::{CellSet, DigitSet};
use std::ops::ControlFlow;

/// Cells every template of a digit holds take the digit.
pub(crate) struct TemplateSet;

/// Candidates of a digit that no template holds go.
pub(crate) struct TemplateDelete;

static TEMPLATE_SET: Descriptor = Descriptor::new(
    TechniqueId::TemplateSet,
    "template-set",
    "Template Set",
    9.5,
    10_000,
    HintFocus::Digit,
    "Every way a digit can still fill the grid puts it in the same cell: it goes there.",
)
.also_called(&["template"]);

static TEMPLATE_DELETE: Descriptor = Descriptor::new(
    TechniqueId::TemplateDelete,
    "template-delete",
    "Template Delete",
    9.5,
    10_000,
    HintFocus::Digit,
    "No way a digit can still fill the grid passes through a candidate: it goes.",
)
.also_called(&["template-del"]);

impl Technique for TemplateSet {
    fn descriptor(&self) -> &'static Descriptor {
        &TEMPLATE_SET
    }

    fn scope(&self) -> Scope {
        Scope::Whole
    }

    fn search(&self, grid: &Grid, _part: Part<'_>, memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        let templates = memo.get::<Known>().at(grid);
        for digit in Digit::all() {
            let d = digit.index();
            let cells = CellSet::from_bits(templates.common[d] & grid.cells_with(digit).bits());
            if templates.left[d].is_empty() || cells.is_empty() {
                continue;
            }
            let reason = format!(
                "{}; every one of them puts {digit} in {}, so {digit} goes there",
                counted(templates, grid, digit),
                listing(cells.iter(), "and"),
            );
            let mut step = Step::new(TechniqueId::TemplateSet);
            for cell in cells.iter() {
                step = step.place(cell, digit);
            }
            finds.step(step.pattern(cells.iter(), DigitSet::single(digit), []).because(reason))?;
        }
        ControlFlow::Continue(())
    }
}

impl Technique for TemplateDelete {
    fn descriptor(&self) -> &'static Descriptor {
        &TEMPLATE_DELETE
    }

    fn scope(&self) -> Scope {
        Scope::Whole
    }

    fn search(&self, grid: &Grid, _part: Part<'_>, memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        let templates = memo.get::<Known>().at(grid);
        for digit in Digit::all() {
            let d = digit.index();
            let off = CellSet::from_bits(grid.cells_with(digit).bits() & !templates.covered[d]);
            if templates.left[d].is_empty() || off.is_empty() {
                continue;
            }
            let reason = format!(
                "{}; none of them passes through {}, so {digit} goes from there",
                counted(templates, grid, digit),
                listing(off.iter(), "or"),
            );
            let step = Step::new(TechniqueId::TemplateDelete)
                .eliminate_all(off.iter().map(|cell| Candidate::new(cell, digit)))
                .pattern(grid.cells_with(digit).difference(off).iter(), DigitSet::single(digit), [])
                .because(reason);
            finds.step(step)?;
        }
        ControlFlow::Continue(())
    }
}

/// How many templates the digit has, and, when the other digits took some,
/// which of their cells did.
fn counted(templates: &DigitTemplates, grid: &Grid, digit: Digit) -> String {
    let d = digit.index();
    let (alone, left) = (templates.alone[d], templates.left[d].len());
    let ways = |n: usize| if n == 1 { "1 way".to_string() } else { format!("{n} ways") };
    let mut text =
        format!("{digit} can still fill the grid (one place in every row, column and box) in {}", ways(alone));
    if left < alone {
        // The cells other digits hold in all their templates, where this one could go.
        let needed: Vec<String> = Digit::all()
            .filter(|&k| k != digit && !templates.left[k.index()].is_empty())
            .flat_map(|k| {
                let cells = templates.common[k.index()] & grid.cells_with(digit).bits();
                CellSet::from_bits(cells).iter().map(move |cell| format!("{cell} ({k})"))
            })
            .collect();
        text += &format!(
            ", {} once the ways that take a cell another digit needs in all of its own ({}) are left out",
            ways(left),
            listing(needed, "and")
        );
    }
    text
}

/// The templates of the last position asked about: Template Set and
/// Template Delete both read them at each position.
#[derive(Default)]
struct Known(Option<([u128; 18], DigitTemplates)>);

impl Known {
    fn at(&mut self, grid: &Grid) -> &DigitTemplates {
        let mut key = [0u128; 18];
        for digit in Digit::all() {
            key[digit.index()] = grid.cells_with(digit).bits();
            key[9 + digit.index()] = grid.placed(digit).bits();
        }
        if self.0.as_ref().is_none_or(|(known, _)| *known != key) {
            self.0 = Some((key, DigitTemplates::of(grid)));
        }
        &self.0.as_ref().expect("just made").1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::technique::testing::{assert_agrees_with_solution, empty, without, EverySteps, FirstStep};
    use crate::model::cell::Cell;

    /// 7 only in columns 4 and 9 in rows 2 and 6 (an X-Wing).
    fn x_wing() -> Grid {
        let others = [1, 2, 3, 5, 6, 7, 8];
        let removals: Vec<(u8, u8, &str)> = others.iter().flat_map(|&c| [(2, c, "7"), (6, c, "7")]).collect();
        without(empty(), &removals)
    }

    #[test]
    fn template_delete_removes_what_no_template_holds() {
        let step = TemplateDelete.first(&x_wing()).expect("a Template Delete");
        let expected: Vec<Candidate> = [1, 3, 4, 5, 7, 8, 9]
            .iter()
            .flat_map(|&r| [(r, 4), (r, 9)])
            .map(|(r, c)| Candidate::new(Cell::at(r - 1, c - 1), Digit::new(7)))
            .collect();
        let mut expected = expected;
        expected.sort();
        assert_eq!(step.eliminations, expected);
        assert!(step.reason.starts_with("7 can still fill the grid (one place in every row, column and box) in "));
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn nothing_on_an_open_grid() {
        assert_eq!(TemplateDelete.first(&empty()), None);
        assert_eq!(TemplateSet.first(&empty()), None);
    }

    #[test]
    fn template_set_places_what_every_template_holds() {
        // 2 can only be in r1c1 within row 1.
        let removals: Vec<(u8, u8, &str)> = (2..=9).map(|c| (1, c, "2")).collect();
        let grid = without(empty(), &removals);
        let step = TemplateSet.first(&grid).expect("a Template Set");
        assert_eq!(step.placements, [Candidate::new(Cell::at(0, 0), Digit::new(2))]);
        // And the other digits' templates lose r1c1: each of them loses it;
        // 2 loses its other places in column 1 and box 1.
        let deletes = TemplateDelete.every(&grid);
        assert_eq!(deletes.len(), 9, "one step per digit");
        for step in &deletes {
            let digit = step.eliminations[0].digit;
            if digit == Digit::new(2) {
                assert!(step.eliminations.iter().all(|e| e.cell.sees(Cell::at(0, 0))));
                continue;
            }
            assert_eq!(step.eliminations.len(), 1);
            assert_eq!(step.eliminations[0].cell, Cell::at(0, 0));
            assert!(
                step.reason.contains(
                    "once the ways that take a cell another digit needs in all of its own (r1c1 (2)) are left out"
                ),
                "{}",
                step.reason
            );
        }
    }

    #[test]
    fn two_digits_two_steps() {
        // The X-Wing of 7, and one of 3 in rows 3 and 7, columns 1 and 6.
        let others = [2, 3, 4, 5, 7, 8, 9];
        let removals: Vec<(u8, u8, &str)> = others.iter().flat_map(|&c| [(3, c, "3"), (7, c, "3")]).collect();
        let grid = without(x_wing(), &removals);
        let every = TemplateDelete.every(&grid);
        let digits: Vec<Digit> = every.iter().map(|s| s.eliminations[0].digit).collect();
        assert_eq!(digits, [Digit::new(3), Digit::new(7)]);
        for step in &every {
            assert_eq!(step.eliminations.len(), 14);
            assert_agrees_with_solution(step);
        }
    }
}
