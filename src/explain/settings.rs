//! A user's own technique settings: the order the techniques are tried,
//! which are on, each one's weight in the score, and the boundaries of the
//! levels. The defaults are the registry's; a configuration file changes
//! them (see `config`). Sudoku Explainer's ER/EP/ED never depend on them.
//!
//! ```
//! use sudoku_explained::explain::{Level, Settings};
//! use sudoku_explained::{Tenths, TechniqueId, TechniqueSet};
//!
//! let mut settings = Settings::default();
//! // Skyscrapers before Y-Wings, for a class.
//! settings.move_before(TechniqueId::TrapezoidChain, TechniqueId::YWing);
//! settings.set_enabled(TechniqueId::XWing, false);
//! let tried: Vec<TechniqueId> = settings.tried(TechniqueSet::all()).collect();
//! let at = |t| tried.iter().position(|&x| x == t);
//! assert!(at(TechniqueId::TrapezoidChain) < at(TechniqueId::YWing));
//! assert_eq!(at(TechniqueId::XWing), None);
//! assert_eq!(settings.level_of(Tenths(44), false), Level::Hard);
//! ```

use crate::explain::catalog::TechniqueId;
use crate::explain::level::Level;
use crate::explain::technique::TechniqueSet;
use crate::se_rating::scale::Tenths;

/// The number of techniques in the registry (brute force is not one).
const REGISTERED: usize = TechniqueId::ALL.len() - 1;

/// The order, switches, weights and level boundaries a solve uses.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Settings {
    /// Every registered technique, in the order tried.
    order: [TechniqueId; REGISTERED],
    /// The techniques that are on.
    enabled: TechniqueSet,
    /// Each technique's weight in the score, by id (brute force's too).
    weights: [u32; TechniqueId::ALL.len()],
    /// The highest ER of each level but the last, easiest first.
    levels: [Tenths; Level::ALL.len() - 1],
}

impl Default for Settings {
    /// The registry's order, every technique on but those off by default,
    /// the descriptors' weights, the levels' documented boundaries.
    fn default() -> Self {
        let mut order = [TechniqueId::BruteForce; REGISTERED];
        order.copy_from_slice(&TechniqueId::ALL[..REGISTERED]);
        let mut weights = [0; TechniqueId::ALL.len()];
        for id in TechniqueId::ALL {
            weights[id as usize] = id.weight();
        }
        let mut levels = [Tenths::ZERO; Level::ALL.len() - 1];
        for (boundary, level) in levels.iter_mut().zip(Level::ALL) {
            *boundary = level.max_er();
        }
        let mut enabled = TechniqueSet::all();
        for id in TechniqueId::ALL.into_iter().filter(|id| !id.descriptor().on_by_default) {
            enabled.remove(id);
        }
        Settings { order, enabled, weights, levels }
    }
}

/// Level boundaries that do not rise from one level to the next.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the highest ER of {higher} ({higher_max}) must be above that of {lower} ({lower_max})")]
pub struct BoundariesOutOfOrder {
    /// The easier level.
    pub lower: Level,
    /// Its highest ER.
    pub lower_max: Tenths,
    /// The next level.
    pub higher: Level,
    /// Its highest ER, not above the easier one's.
    pub higher_max: Tenths,
}

impl Settings {
    /// The default order, weights and levels with every technique on, those
    /// off by default included.
    pub fn every_technique_on() -> Settings {
        Settings { enabled: TechniqueSet::all(), ..Settings::default() }
    }

    /// Every registered technique in the order tried, on or off.
    pub fn order(&self) -> impl Iterator<Item = TechniqueId> + '_ {
        self.order.iter().copied()
    }

    /// The techniques of `techniques` that are on, in the order tried.
    pub fn tried(&self, techniques: TechniqueSet) -> impl Iterator<Item = TechniqueId> + '_ {
        self.order().filter(move |&t| techniques.contains(t) && self.enabled.contains(t))
    }

    /// Puts the techniques in `order`, which lists each registered
    /// technique once (brute force is not one); `false` and no change
    /// otherwise.
    pub fn set_order(&mut self, order: &[TechniqueId]) -> bool {
        let listed: TechniqueSet = order.iter().copied().collect();
        if order.len() != REGISTERED || listed != TechniqueSet::all() {
            return false;
        }
        self.order.copy_from_slice(order);
        true
    }

    /// Moves `moved` to just before `before` in the order.
    pub fn move_before(&mut self, moved: TechniqueId, before: TechniqueId) {
        let mut order: Vec<TechniqueId> = self.order().filter(|&t| t != moved).collect();
        let at = order.iter().position(|&t| t == before).unwrap_or(order.len());
        order.insert(at, moved);
        self.set_order(&order);
    }

    /// Whether `technique` is on.
    pub fn is_enabled(&self, technique: TechniqueId) -> bool {
        self.enabled.contains(technique)
    }

    /// Turns `technique` on or off.
    pub fn set_enabled(&mut self, technique: TechniqueId, on: bool) {
        if on {
            self.enabled.insert(technique);
        } else {
            self.enabled.remove(technique);
        }
    }

    /// The weight of one step of `technique` in the score.
    pub fn weight(&self, technique: TechniqueId) -> u32 {
        self.weights[technique as usize]
    }

    /// Sets the weight of one step of `technique` in the score.
    pub fn set_weight(&mut self, technique: TechniqueId, weight: u32) {
        self.weights[technique as usize] = weight;
    }

    /// The highest ER of `level` ([`Tenths::MAX`] for the last).
    pub fn max_er(&self, level: Level) -> Tenths {
        self.levels.get(level as usize).copied().unwrap_or(Tenths::MAX)
    }

    /// The lowest ER a puzzle of `level` can have without brute force.
    pub fn min_er(&self, level: Level) -> Tenths {
        match level as usize {
            0 => Tenths::ZERO,
            k => Tenths(self.levels[k - 1].0 + 1),
        }
    }

    /// Sets the highest ER of each level but the last, easiest first; they
    /// must rise.
    pub fn set_levels(&mut self, highest: [Tenths; Level::ALL.len() - 1]) -> Result<(), BoundariesOutOfOrder> {
        for k in 1..highest.len() {
            if highest[k] <= highest[k - 1] {
                return Err(BoundariesOutOfOrder {
                    lower: Level::ALL[k - 1],
                    lower_max: highest[k - 1],
                    higher: Level::ALL[k],
                    higher_max: highest[k],
                });
            }
        }
        self.levels = highest;
        Ok(())
    }

    /// The level of a path whose hardest step rates `er`: brute force is
    /// the last level at any ER.
    pub fn level_of(&self, er: Tenths, brute_force: bool) -> Level {
        if brute_force {
            return Level::Extreme;
        }
        Level::ALL.into_iter().find(|&l| er <= self.max_er(l)).unwrap_or(Level::Extreme)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_are_the_registrys() {
        let settings = Settings::default();
        let order: Vec<TechniqueId> = settings.order().collect();
        let registry: Vec<TechniqueId> = crate::explain::technique::registry().iter().map(|t| t.id()).collect();
        assert_eq!(order, registry);
        for id in TechniqueId::ALL {
            assert_eq!(settings.weight(id), id.weight());
        }
        for level in Level::ALL {
            assert_eq!(settings.max_er(level), level.max_er());
            assert_eq!(settings.min_er(level), level.min_er());
        }
        for er in 0..120 {
            assert_eq!(settings.level_of(Tenths(er), false), Level::of(Tenths(er), false));
        }
    }

    #[test]
    fn an_order_lists_every_technique_once() {
        let mut settings = Settings::default();
        let mut order: Vec<TechniqueId> = settings.order().collect();
        order.swap(0, 1);
        assert!(settings.set_order(&order));
        assert_eq!(settings.order().next(), Some(TechniqueId::NakedSingle));
        order.pop();
        assert!(!settings.set_order(&order), "one missing");
        order.push(TechniqueId::NakedSingle);
        assert!(!settings.set_order(&order), "one twice");
        assert_eq!(settings.order().next(), Some(TechniqueId::NakedSingle), "unchanged");
    }

    #[test]
    fn levels_must_rise() {
        let mut settings = Settings::default();
        let error = settings.set_levels([Tenths(20), Tenths(30), Tenths(30), Tenths(60)]).unwrap_err();
        assert_eq!((error.lower, error.higher), (Level::Medium, Level::Hard));
        settings.set_levels([Tenths(15), Tenths(25), Tenths(40), Tenths(80)]).unwrap();
        assert_eq!(settings.level_of(Tenths(70), false), Level::Expert);
        assert_eq!(settings.level_of(Tenths(81), false), Level::Extreme);
        assert_eq!(settings.level_of(Tenths(10), true), Level::Extreme);
        assert_eq!(settings.min_er(Level::Hard), Tenths(26));
    }
}
