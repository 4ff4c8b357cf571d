//! Finding the next step: the techniques a solve may use, in registry order,
//! with a memory of the parts of each search that found nothing.

use crate::grid::Grid;
use crate::step::Step;
use crate::technique::{registry, Scope, TechniqueSet};

/// The search for the next step along one solve. It remembers, for each
/// technique that searches part by part, what each part read when it last
/// found nothing, and skips that part while its inputs are unchanged: the
/// result is the one a fresh search would find, for less work.
pub struct Search {
    techniques: TechniqueSet,
    /// Per registry entry and part, the fingerprint of a fruitless search.
    fruitless: Vec<[Option<u128>; 27]>,
}

impl Search {
    pub fn new(techniques: TechniqueSet) -> Search {
        Search { techniques, fruitless: vec![[None; 27]; registry().len()] }
    }

    /// The first step that makes progress from `grid`, in registry order.
    pub fn next_step(&mut self, grid: &Grid) -> Option<Step> {
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
                let fingerprint = scope.fingerprint(grid, part);
                if fingerprint.is_some() && self.fruitless[i][part] == fingerprint {
                    continue;
                }
                match technique.find_in(grid, part) {
                    // A first instance that changes nothing ends this
                    // technique's turn, as it would for a whole-grid `find`.
                    Some(step) if step.makes_progress(grid) => return Some(step),
                    Some(_) => break,
                    None => self.fruitless[i][part] = fingerprint,
                }
            }
        }
        None
    }
}

impl Default for Search {
    fn default() -> Self {
        Search::new(TechniqueSet::all())
    }
}
