//! The list of SE's producers, in the order SE 1.2.1 asks them.

use super::aligned::AlignedExclusion;
use super::bug::BivalueUniversalGrave;
use super::chaining;
use super::direct::{DirectHiddenSet, DirectLocking};
use super::fish::Fish;
use super::locking::Locking;
use super::producer::Producer;
use super::singles::{HiddenSingles, NakedSingles};
use super::subsets::{HiddenSet, NakedSet};
use super::unique::UniqueLoops;
use super::wings::XyWing;

/// Every producer, in the order SE 1.2.1 asks them: the direct techniques,
/// the indirect ones, then the chains from the simplest to the most nested.
pub(crate) fn producers() -> &'static [&'static dyn Producer] {
    PRODUCERS
}

/// The index of the first chaining producer in [`producers`]: SE asks
/// them only when the simpler ones have nothing.
pub(crate) const FIRST_CHAINING_PRODUCER: usize = 20;

static PRODUCERS: &[&dyn Producer] = &[
    // direct
    &HiddenSingles,                 // 1.0 / 1.2 / 1.5
    &DirectLocking,                 // 1.7 / 1.9
    &DirectHiddenSet { degree: 2 }, // 2.0
    &NakedSingles,                  // 2.3
    &DirectHiddenSet { degree: 3 }, // 2.5
    // indirect
    &Locking,                 // 2.6 / 2.8
    &NakedSet { degree: 2 },  // 3.0
    &Fish { degree: 2 },      // 3.2
    &HiddenSet { degree: 2 }, // 3.4
    &NakedSet { degree: 3 },  // 3.6
    &Fish { degree: 3 },      // 3.8
    &HiddenSet { degree: 3 }, // 4.0
    &XyWing { xyz: false },   // 4.2
    &XyWing { xyz: true },    // 4.4
    &UniqueLoops,             // 4.5 - 5.3
    &NakedSet { degree: 4 },  // 5.0
    &Fish { degree: 4 },      // 5.2
    &HiddenSet { degree: 4 }, // 5.4
    &BivalueUniversalGrave,   // 5.6 - 6.1
    &AlignedExclusion::PAIR,  // 6.2
    // chains
    &chaining::FORCING_CHAINS_AND_CYCLES, // 6.5 - 7.x
    &AlignedExclusion::TRIPLET,           // 7.5
    &chaining::NISHIO_FORCING_CHAINS,     // 7.5 +
    &chaining::MULTIPLE_FORCING_CHAINS,   // 8.0 +
    &chaining::DYNAMIC_FORCING_CHAINS,    // 8.5 +
    &chaining::DYNAMIC_PLUS,              // 9.0 +
    &chaining::DYNAMIC_PLUS_FORCING,      // 9.5 +
    &chaining::DYNAMIC_PLUS_MULTIPLE,     // 10.0 +
    &chaining::DYNAMIC_PLUS_DYNAMIC,      // 10.5 +
    &chaining::DYNAMIC_PLUS_DYNAMIC_1,    // 10.5 +
    &chaining::DYNAMIC_PLUS_DYNAMIC_2,    // 10.5 +
    &chaining::DYNAMIC_PLUS_DYNAMIC_3,    // 10.5 +
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algo::memo::Memo;
    use crate::se_rating::producer::LocalQuiet;
    use crate::se_rating::test_paths::{path, reference_puzzles};

    /// Along SE's paths of reference puzzles from every band up to 8.9, at
    /// every position, each producer that skips the digits or houses that
    /// did not change since it last found nothing finds what it finds from
    /// nothing.
    #[test]
    fn the_chains_start_after_the_aligned_pair() {
        let hardest_before = producers()[..FIRST_CHAINING_PRODUCER].iter().map(|p| p.lowest()).fold(0.0, f64::max);
        assert_eq!(hardest_before, 6.2, "aligned pair exclusion is the last before the chains");
        assert!(producers()[FIRST_CHAINING_PRODUCER..].iter().all(|p| p.lowest() >= 6.5));
    }

    #[test]
    fn skipping_what_did_not_change_never_changes_the_hint() {
        let local: [&dyn Producer; 13] = [
            &DirectLocking,
            &DirectHiddenSet { degree: 2 },
            &DirectHiddenSet { degree: 3 },
            &Locking,
            &NakedSet { degree: 2 },
            &Fish { degree: 2 },
            &HiddenSet { degree: 2 },
            &NakedSet { degree: 3 },
            &Fish { degree: 3 },
            &HiddenSet { degree: 3 },
            &NakedSet { degree: 4 },
            &Fish { degree: 4 },
            &HiddenSet { degree: 4 },
        ];
        let mut hints_after_quiet = 0;
        for band in [2.0..3.0, 3.0..4.0, 4.0..6.0, 6.0..7.0, 7.0..9.0] {
            for puzzle in reference_puzzles(band).take(6) {
                let mut memo = Memo::default();
                for (grid, _) in path(puzzle) {
                    for producer in local {
                        let quiet_before = memo.get::<LocalQuiet>().0.len();
                        let kept = producer.first_with(&grid, &mut memo).map(|h| (h.text(), h.removals));
                        let fresh = producer.first(&grid).map(|h| (h.text(), h.removals));
                        assert_eq!(kept, fresh, "{puzzle}");
                        hints_after_quiet += usize::from(quiet_before == local.len() && fresh.is_some());
                    }
                }
            }
        }
        assert!(hints_after_quiet > 20, "only {hints_after_quiet} hints came after quiet positions");
    }
}
