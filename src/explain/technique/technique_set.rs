//! Which techniques a solve may use: all of them by default, or a subset a
//! user names (to practise with a smaller toolbox, or to compare libraries).

use super::registry::registry;
use crate::explain::catalog::TechniqueId;
use std::fmt;

/// A set of techniques, one bit per `TechniqueId`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TechniqueSet(u128);

/// The techniques of the design card: what the first solver knew.
const CARD: [TechniqueId; 9] = [
    TechniqueId::NakedSingle,
    TechniqueId::HiddenSingle,
    TechniqueId::Pointing,
    TechniqueId::Claiming,
    TechniqueId::NakedPair,
    TechniqueId::XWing,
    TechniqueId::YWing,
    TechniqueId::XyzWing,
    TechniqueId::TrapezoidChain,
];

/// A technique list that names something unknown.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("unknown technique `{0}` (see `sudoku techniques` for the ids, or use `all`, `card`, `up-to:<id>`)")]
pub struct UnknownTechnique(pub String);

impl TechniqueSet {
    /// No technique.
    pub const EMPTY: TechniqueSet = TechniqueSet(0);

    /// Every technique of the registry.
    pub fn all() -> TechniqueSet {
        registry().iter().map(|t| t.id()).collect()
    }

    /// The design card's nine techniques (the core solver).
    pub fn card() -> TechniqueSet {
        CARD.into_iter().collect()
    }

    /// The registry from its start up to and including `last`.
    pub fn up_to(last: TechniqueId) -> TechniqueSet {
        registry().iter().map(|t| t.id()).filter(|&t| t <= last).collect()
    }

    /// Whether `t` is in the set.
    pub fn contains(self, t: TechniqueId) -> bool {
        self.0 & bit(t) != 0
    }

    /// Adds `t`.
    pub fn insert(&mut self, t: TechniqueId) {
        self.0 |= bit(t);
    }

    /// Removes `t`.
    pub fn remove(&mut self, t: TechniqueId) {
        self.0 &= !bit(t);
    }

    /// The techniques in either set.
    pub fn union(self, other: TechniqueSet) -> TechniqueSet {
        TechniqueSet(self.0 | other.0)
    }

    /// The techniques of `self` not in `other`.
    pub fn difference(self, other: TechniqueSet) -> TechniqueSet {
        TechniqueSet(self.0 & !other.0)
    }

    /// True for the empty set.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Reads a comma-separated list of techniques and the names `all`,
    /// `card` and `up-to:<id>`, taking the union. A technique is named by its
    /// id, its display name or an alias, in any case
    /// ([`TechniqueId::from_name`]).
    ///
    /// ```
    /// use sudoku_explained::{TechniqueId, TechniqueSet};
    ///
    /// let set = TechniqueSet::parse("up-to:naked-single,x-wing")?;
    /// assert_eq!(set.to_string(), "full-house,naked-single,x-wing");
    /// assert!(set.contains(TechniqueId::XWing) && !set.contains(TechniqueId::HiddenSingle));
    /// assert_eq!(TechniqueSet::parse("Skyscraper, xy-wing")?.to_string(), "y-wing,trapezoid-chain");
    /// assert!(TechniqueSet::parse("xwing").is_err());
    /// # Ok::<(), sudoku_explained::explain::UnknownTechnique>(())
    /// ```
    pub fn parse(list: &str) -> Result<TechniqueSet, UnknownTechnique> {
        list.split(',').map(str::trim).filter(|s| !s.is_empty()).try_fold(TechniqueSet::EMPTY, |set, name| {
            let part = match name {
                "all" => TechniqueSet::all(),
                "card" => TechniqueSet::card(),
                _ => match name.strip_prefix("up-to:") {
                    Some(id) => TechniqueSet::up_to(known(id)?),
                    None => std::iter::once(known(name)?).collect(),
                },
            };
            Ok(set.union(part))
        })
    }
}

/// A technique list as `--techniques` reads it: the techniques it asks for,
/// and those it names one by one, which a run turns on even where they are
/// off (a Kraken fish, off by default, named in the list is tried).
///
/// ```
/// use sudoku_explained::explain::TechniqueList;
/// use sudoku_explained::TechniqueId;
///
/// let list = TechniqueList::parse("card,kraken-fish-type-1")?;
/// assert!(list.techniques.contains(TechniqueId::HiddenSingle) && list.techniques.contains(TechniqueId::KrakenFish1));
/// assert_eq!(list.named.to_string(), "kraken-fish-type-1");
/// # Ok::<(), sudoku_explained::explain::UnknownTechnique>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TechniqueList {
    /// Every technique the list asks for.
    pub techniques: TechniqueSet,
    /// Those it names by id, name or alias (not through `all`, `card` or `up-to:`).
    pub named: TechniqueSet,
}

impl TechniqueList {
    /// Reads a list as [`TechniqueSet::parse`] does.
    pub fn parse(list: &str) -> Result<TechniqueList, UnknownTechnique> {
        let techniques = TechniqueSet::parse(list)?;
        let named = list
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty() && !matches!(*s, "all" | "card") && !s.starts_with("up-to:"))
            .map(known)
            .collect::<Result<TechniqueSet, _>>()?;
        Ok(TechniqueList { techniques, named })
    }
}

/// The technique `id` names: an id, a display name or an alias.
fn known(id: &str) -> Result<TechniqueId, UnknownTechnique> {
    TechniqueId::from_name(id).filter(|&t| t != TechniqueId::BruteForce).ok_or_else(|| UnknownTechnique(id.to_string()))
}

fn bit(t: TechniqueId) -> u128 {
    1 << t as u32
}

impl Default for TechniqueSet {
    fn default() -> Self {
        TechniqueSet::all()
    }
}

impl FromIterator<TechniqueId> for TechniqueSet {
    fn from_iter<I: IntoIterator<Item = TechniqueId>>(iter: I) -> Self {
        let mut set = TechniqueSet::EMPTY;
        for t in iter {
            set.insert(t);
        }
        set
    }
}

impl fmt::Display for TechniqueSet {
    /// The ids in registry order, comma-separated.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ids: Vec<&str> = registry().iter().map(|t| t.id()).filter(|&t| self.contains(t)).map(|t| t.id()).collect();
        f.write_str(&ids.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_ids_combine() {
        let set = TechniqueSet::parse("card, swordfish").unwrap();
        assert!(set.contains(TechniqueId::Swordfish) && set.contains(TechniqueId::TrapezoidChain));
        assert!(!set.contains(TechniqueId::FullHouse) && !set.contains(TechniqueId::HiddenPair));
        assert_eq!(TechniqueSet::parse("all").unwrap(), TechniqueSet::all());
        assert_eq!(
            TechniqueSet::parse("up-to:claiming").unwrap().to_string(),
            "full-house,naked-single,hidden-single,pointing,claiming"
        );
    }

    #[test]
    fn unknown_names_are_refused_with_the_name() {
        assert_eq!(TechniqueSet::parse("x-wing,xwing"), Err(UnknownTechnique("xwing".to_string())));
        assert_eq!(TechniqueSet::parse("brute-force"), Err(UnknownTechnique("brute-force".to_string())));
        assert_eq!(TechniqueSet::parse("up-to:nothing"), Err(UnknownTechnique("nothing".to_string())));
    }

    #[test]
    fn aliases_and_display_names_name_the_technique_they_mean() {
        for (name, id) in [
            ("skyscraper", TechniqueId::TrapezoidChain),
            ("xy-wing", TechniqueId::YWing),
            ("2-string-kite", TechniqueId::TwoStringKite),
            ("locked-candidates-1", TechniqueId::Pointing),
            ("locked-candidates-2", TechniqueId::Claiming),
            ("x-cycle", TechniqueId::XChain),
            ("X-Wing", TechniqueId::XWing),
            ("Trapezoid Chain (Skyscraper)", TechniqueId::TrapezoidChain),
            ("hidden pair", TechniqueId::HiddenPair),
            ("Naked_Triple", TechniqueId::NakedTriple),
            ("HIDDEN-QUAD", TechniqueId::HiddenQuad),
            ("bug+1", TechniqueId::BugPlusOne),
            ("Sue de Coq", TechniqueId::SueDeCoq),
            ("XYZ-Wing", TechniqueId::XyzWing),
            ("als-xz", TechniqueId::AlsXz),
            ("Discontinuous Nice Loop", TechniqueId::NiceLoop),
        ] {
            assert_eq!(TechniqueSet::parse(name), Ok(std::iter::once(id).collect()), "{name}");
        }
        assert_eq!(TechniqueSet::parse("up-to:Locked Candidates 2"), Ok(TechniqueSet::up_to(TechniqueId::Claiming)));
        assert_eq!(TechniqueSet::parse("guess"), Err(UnknownTechnique("guess".to_string())));
    }

    #[test]
    fn no_name_means_two_techniques() {
        let mut seen = std::collections::HashMap::new();
        for t in TechniqueId::ALL {
            let d = t.descriptor();
            let name = d.name.to_lowercase().replace(' ', "-");
            for n in [d.key.to_string(), name].into_iter().chain(d.aliases.iter().map(|a| a.to_string())) {
                assert_eq!(TechniqueId::from_name(&n), Some(t), "{n}");
                let before = seen.insert(n.clone(), t);
                assert!(before.is_none_or(|b| b == t), "{n} names {before:?} and {t:?}");
            }
            for a in d.aliases {
                assert_eq!(*a, a.to_lowercase(), "aliases are lowercase");
                assert!(!a.contains(' ') && !a.contains(','), "{a}");
            }
        }
    }

    #[test]
    fn the_card_is_nine_techniques_and_all_is_the_registry() {
        assert_eq!(TechniqueId::ALL.iter().filter(|&&t| TechniqueSet::card().contains(t)).count(), 9);
        assert!(registry().iter().all(|t| TechniqueSet::all().contains(t.id())));
        assert!(!TechniqueSet::all().contains(TechniqueId::BruteForce));
    }
}
