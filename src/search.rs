//! Finding the next step: the techniques a solve may use, in registry order,
//! with a memory of the parts of each search that found nothing.

use crate::grid::{Digit, Grid};
use crate::step::Step;
use crate::technique::{registry, Scope, TechniqueSet};
use crate::templates;

/// The search for the next step along one solve. It remembers, for each
/// technique that searches part by part, what each part read when it last
/// found nothing, and skips that part while its inputs are unchanged: the
/// result is the one a fresh search would find, for less work.
pub struct Search {
    techniques: TechniqueSet,
    /// Per technique of the set that searches part by part (`slots` maps a
    /// registry index to its row), and per part, the fingerprint of a
    /// fruitless search.
    fruitless: Vec<[Option<u128>; 27]>,
    slots: Vec<usize>,
    /// Per digit, its candidates when templates were last asked whether
    /// any of them can go, and the answer (see `templates`).
    settled: [Option<(u128, bool)>; 9],
    /// Per digit, the templates found so far (they answer the next question).
    templates: [templates::Known; 9],
    /// Whether asking templates pays: one check costs about what three or
    /// four of the cheap single-digit searches cost, so a set with only a
    /// couple of them (the design card's) is faster without.
    use_templates: bool,
}

/// Fewer single-digit techniques than this and templates are not asked.
const TEMPLATES_PAY_FROM: usize = 3;

impl Search {
    pub fn new(techniques: TechniqueSet) -> Search {
        let single_digit =
            registry().iter().filter(|t| techniques.contains(t.id()) && t.scope() == Scope::Digits).count();
        let mut slots = vec![usize::MAX; registry().len()];
        let parted =
            registry().iter().enumerate().filter(|(_, t)| techniques.contains(t.id()) && t.scope() != Scope::Whole);
        for (row, (i, _)) in parted.enumerate() {
            slots[i] = row;
        }
        let rows = slots.iter().filter(|&&row| row != usize::MAX).count();
        Search {
            techniques,
            fruitless: vec![[None; 27]; rows],
            slots,
            settled: [None; 9],
            templates: Default::default(),
            use_templates: single_digit >= TEMPLATES_PAY_FROM,
        }
    }

    /// The first step that makes progress from `grid`, in registry order.
    pub fn next_step(&mut self, grid: &Grid) -> Option<Step> {
        // The houses' fingerprints, made once per grid for all the
        // techniques that search house by house.
        let mut house_prints = HousePrints([None; 27]);
        for (i, technique) in registry().iter().enumerate() {
            if !self.techniques.contains(technique.id()) {
                continue;
            }
            let scope = technique.scope();
            if scope == Scope::Whole {
                match technique.find(grid) {
                    Some(step) if step.makes_progress(grid) => return Some(step),
                    _ => continue,
                }
            }
            for part in 0..scope.parts() {
                let fingerprint = match scope {
                    Scope::Houses => house_prints.get(grid, part),
                    _ => scope.fingerprint(grid, part),
                };
                let slot = self.slots[i];
                if fingerprint.is_some() && self.fruitless[slot][part] == fingerprint {
                    continue;
                }
                if scope == Scope::Digits && self.use_templates && self.digit_settled(grid, part) {
                    continue;
                }
                match technique.find_in(grid, part) {
                    // A first instance that changes nothing ends this
                    // technique's turn, as it would for a whole-grid `find`.
                    Some(step) if step.makes_progress(grid) => return Some(step),
                    Some(_) => break,
                    None => self.fruitless[slot][part] = fingerprint,
                }
            }
        }
        None
    }

    /// Whether every candidate of the digit lies on one of its templates,
    /// so that no single-digit search can find anything for it: one answer
    /// per state of the digit serves all the single-digit techniques.
    fn digit_settled(&mut self, grid: &Grid, part: usize) -> bool {
        let digit = Digit::from_index(part);
        let places = grid.cells_with(digit).bits();
        match self.settled[part] {
            Some((known, answer)) if known == places => answer,
            _ => {
                let answer = templates::all_places_fit(grid, digit, &mut self.templates[part]);
                self.settled[part] = Some((places, answer));
                answer
            }
        }
    }
}

/// House fingerprints of one grid, each made when first asked for.
struct HousePrints([Option<u128>; 27]);

impl HousePrints {
    fn get(&mut self, grid: &Grid, house: usize) -> Option<u128> {
        if self.0[house].is_none() {
            self.0[house] = Scope::Houses.fingerprint(grid, house);
        }
        self.0[house]
    }
}

impl Default for Search {
    fn default() -> Self {
        Search::new(TechniqueSet::all())
    }
}
