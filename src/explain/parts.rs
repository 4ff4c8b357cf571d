//! The parts of a step's pattern that a picture draws apart from the rest
//! ([`PatternPart`]: a coloring's two colors, each almost locked set, a
//! Death Blossom's stem and petals, a fish's fins). The links between a
//! pattern's candidates that are not a chain's are the step's
//! [`PatternLink`](crate::explain::step::PatternLink)s.
//!
//! They are data of the step, as its cells and houses are: every printer
//! draws them the same way, and JSON carries them for other programs.

use crate::model::cell::Candidate;

/// What a part is to the pattern.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum PartKind {
    /// One color of a coloring: the cluster (from 0) and its side (0 or 1).
    /// One side is all true, the other all false.
    Color {
        /// Which cluster of conjugate pairs, from 0.
        cluster: u8,
        /// Which of its two colors, 0 or 1.
        side: u8,
    },
    /// An almost locked set, numbered from 0 in the order the text names
    /// them (ALS A is 0).
    Als(u8),
    /// A Death Blossom's stem cell.
    Stem,
    /// A Death Blossom's petal, numbered from 0 (petal A) in the order of the stem's digits.
    Petal(u8),
    /// A fin of a fish: a base place outside the cover sets.
    Fin,
    /// An endo-fin: a base place in two base sets.
    EndoFin,
    /// An Exocet's base cells.
    ExocetBase,
    /// An Exocet's target cells.
    ExocetTarget,
}

impl PartKind {
    /// What the part is, in a legend's words: `color 1a`, `ALS B`, `petal C`.
    pub fn label(self) -> String {
        match self {
            PartKind::Color { cluster, side } => format!("color {}{}", cluster + 1, if side == 0 { 'a' } else { 'b' }),
            PartKind::Als(n) => format!("ALS {}", letter(n)),
            PartKind::Stem => "stem".to_string(),
            PartKind::Petal(n) => format!("petal {}", letter(n)),
            PartKind::Fin => "fin".to_string(),
            PartKind::EndoFin => "endo-fin".to_string(),
            PartKind::ExocetBase => "base".to_string(),
            PartKind::ExocetTarget => "target".to_string(),
        }
    }

    /// The kind as JSON writes it: `color`, `als`, `stem`, `petal`, `fin`, `endo-fin`.
    pub fn as_str(self) -> &'static str {
        match self {
            PartKind::Color { .. } => "color",
            PartKind::Als(_) => "als",
            PartKind::Stem => "stem",
            PartKind::Petal(_) => "petal",
            PartKind::Fin => "fin",
            PartKind::EndoFin => "endo-fin",
            PartKind::ExocetBase => "exocet-base",
            PartKind::ExocetTarget => "exocet-target",
        }
    }

    /// Its number among parts of its kind: a color's `2 * cluster + side`,
    /// a set's or petal's number, 0 for the others.
    pub fn number(self) -> u8 {
        match self {
            PartKind::Color { cluster, side } => 2 * cluster + side,
            PartKind::Als(n) | PartKind::Petal(n) => n,
            PartKind::Stem | PartKind::Fin | PartKind::EndoFin | PartKind::ExocetBase | PartKind::ExocetTarget => 0,
        }
    }

    /// True for a part that is a set of whole cells (an ALS, a stem, a
    /// petal, an Exocet's base or targets), which pictures shade cell by cell.
    pub fn is_cells(self) -> bool {
        matches!(
            self,
            PartKind::Als(_) | PartKind::Stem | PartKind::Petal(_) | PartKind::ExocetBase | PartKind::ExocetTarget
        )
    }

    /// The index of the part's look among the pictures' looks (color and
    /// shape): distinct for the parts of one step.
    pub fn look(self) -> usize {
        match self {
            PartKind::Color { cluster, side } => 2 * usize::from(cluster) + usize::from(side),
            PartKind::Als(n) => usize::from(n),
            PartKind::Stem => 0,
            PartKind::Petal(n) => usize::from(n) + 1,
            PartKind::Fin => 1,
            PartKind::EndoFin => 2,
            PartKind::ExocetBase => 0,
            PartKind::ExocetTarget => 1,
        }
    }
}

/// `A`, `B`, `C` for 0, 1, 2.
fn letter(n: u8) -> char {
    char::from(b'A' + n % 26)
}

/// One part of a pattern: its kind and its candidates, in cell then digit order.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PatternPart {
    /// What the part is.
    pub kind: PartKind,
    /// Its candidates.
    pub candidates: Vec<Candidate>,
}

impl PatternPart {
    /// A part of the candidates given (sorted here).
    pub fn new(kind: PartKind, candidates: impl IntoIterator<Item = Candidate>) -> PatternPart {
        let mut candidates: Vec<Candidate> = candidates.into_iter().collect();
        candidates.sort();
        candidates.dedup();
        PatternPart { kind, candidates }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_name_each_part_as_the_text_does() {
        assert_eq!(PartKind::Color { cluster: 1, side: 1 }.label(), "color 2b");
        assert_eq!(PartKind::Als(2).label(), "ALS C");
        assert_eq!(PartKind::Petal(0).label(), "petal A");
        assert_eq!(PartKind::EndoFin.as_str(), "endo-fin");
        // The parts of one step look different.
        let blossom = [PartKind::Stem, PartKind::Petal(0), PartKind::Petal(1), PartKind::Petal(2)];
        let looks: std::collections::BTreeSet<usize> = blossom.iter().map(|k| k.look()).collect();
        assert_eq!(looks.len(), blossom.len());
        let fish = [PartKind::Fin, PartKind::EndoFin];
        assert_ne!(fish[0].look(), fish[1].look());
    }
}
