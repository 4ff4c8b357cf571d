//! The registry of technique values, in the order the driver tries them,
//! and what a [`TechniqueId`] tells of its technique through its
//! descriptor. The list itself is in `catalog` (`with_registry`), which
//! generates both the ids and this table from one line per technique.

use super::interface::Technique;
use super::{
    aic, aligned_exclusion, als, bug, coloring, complex_fish, exocet, extended_rectangle, fish, forcing, intersections,
    kraken, single_digit, singles, subsets, sue_de_coq, template, trapezoid_chain, unique_loop, uniqueness, wings,
};
use crate::explain::catalog::{with_registry, Descriptor, TechniqueId, BRUTE_FORCE};
use crate::se_rating::scale::Tenths;

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
/// use sudoku_explained::{registry, TechniqueId};
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
    /// use sudoku_explained::TechniqueId;
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
    /// use sudoku_explained::TechniqueId;
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

#[cfg(test)]
mod tests {
    use super::*;

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
                "unique-rectangle-5",
                "unique-rectangle-4",
                "unique-loop-1",
                "unique-loop-2",
                "unique-loop-4",
                "unique-rectangle-6",
                "hidden-rectangle",
                "avoidable-rectangle-1",
                "avoidable-rectangle-2",
                "extended-unique-rectangle-1",
                "unique-rectangle-3",
                "unique-loop-3",
                "extended-unique-rectangle-2",
                "bug-plus-one",
                "bug-type-2",
                "bug-type-3",
                "bug-type-4"
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
