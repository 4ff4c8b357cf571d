//! Kraken fish, as HoDoKu defines them: a finned fish (basic or Franken,
//! two to four base sets, one or two fins, no endo-fin) whose fins do not
//! all see what it would remove, each fin followed by a forcing chain.
//!
//! If no fin holds the digit, the fish holds: each cover set then has
//! exactly one of its base places (not a cannibal) as the digit, and the
//! digit leaves the rest of the cover sets. So one of these is true: a
//! fin, or (for each cover set) one of its base places.
//!
//! - Type 1: a candidate of the digit the fish without fins would remove
//!   (in a cover set, off the base sets, or a cannibal), which each fin,
//!   if it were the digit, rules out by a chain: it goes either way.
//! - Type 2: a candidate (of any digit) that each fin and each base place
//!   of one cover set, if true, rules out by a chain: it goes too.
//!
//! The chains are those of the cell and house forcing chains (static
//! links: a candidate true rules out its peers, a bivalue cell or a
//! bilocal digit makes the other one true), so each branch is a chain.

use super::complex_fish::{each_fish, FishRules, FishSets, FRANKEN};
use super::forcing::{branch_sentence, ChainImplications};
use super::interface::{Finds, Part, Technique};
use crate::algo::memo::Memo;
use crate::explain::catalog::{Descriptor, Growth, HintFocus, TechniqueId};
use crate::explain::step::{listing, Branch, Forcing, ForcingKind, Step};
use crate::model::cell::{Candidate, Digit};
use crate::model::grid::{common_peers, Grid, House};
use crate::model::sets::CellSet;
use std::collections::{HashMap, HashSet};
use std::ops::ControlFlow;

/// HoDoKu's defaults for Kraken fish: sizes 2 to 4, at most two fins, no
/// endo-fin.
const SIZES: std::ops::RangeInclusive<usize> = 2..=4;
const MOST_FINS: u32 = 2;

/// A Kraken fish of one type (1 or 2).
pub(crate) struct KrakenFish {
    pub(crate) kind: u8,
}

static KRAKEN_FISH_1: Descriptor = Descriptor::new(
    TechniqueId::KrakenFish1,
    "kraken-fish-type-1",
    "Kraken Fish Type 1",
    8.3,
    500,
    HintFocus::Digit,
    "A finned fish would remove a candidate its fins do not all see; each fin, true, rules it out by a chain.",
)
.growing(Growth::ByLength)
.listed_within("one per candidate removed, smallest proofs first")
.off_by_default();

static KRAKEN_FISH_2: Descriptor = Descriptor::new(
    TechniqueId::KrakenFish2,
    "kraken-fish-type-2",
    "Kraken Fish Type 2",
    8.4,
    500,
    HintFocus::Digit,
    "A finned fish's fins and the base places of one cover set each rule out the same candidate by chains.",
)
.growing(Growth::ByLength)
.listed_within("one per candidate removed, smallest proofs first")
.off_by_default();

impl Technique for KrakenFish {
    fn descriptor(&self) -> &'static Descriptor {
        match self.kind {
            1 => &KRAKEN_FISH_1,
            2 => &KRAKEN_FISH_2,
            kind => unreachable!("the registry has no Kraken Fish Type {kind}"),
        }
    }

    fn search(&self, grid: &Grid, _part: Part<'_>, memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        let chains = ChainImplications::of(grid, memo);
        let cached = memo.get::<Unasked>().take(grid, self.kind);
        let found = match cached {
            Some(found) => found,
            None => {
                let [one, two] = every_kraken(grid, &chains);
                // The other type is asked next, on the same position, when
                // this one finds nothing: one search serves both.
                let (mine, other) = if self.kind == 1 { (one, two) } else { (two, one) };
                memo.get::<Unasked>().0 = Some((grid.clone(), 3 - self.kind, other));
                mine
            }
        };
        finds.steps(found.iter().map(|f| f.step(self.id(), &chains)))
    }
}

/// The steps of the type not yet asked for, found with the other's on the
/// same position.
#[derive(Default)]
struct Unasked(Option<(Grid, u8, Vec<Found>)>);

impl Unasked {
    fn take(&mut self, grid: &Grid, kind: u8) -> Option<Vec<Found>> {
        match self.0.take() {
            Some((g, k, found)) if k == kind && g == *grid => Some(found),
            _ => None,
        }
    }
}

/// Every Kraken fish of both types, one per candidate removed with the
/// smallest proof (the first met on a tie), smallest proofs first.
fn every_kraken(grid: &Grid, chains: &ChainImplications) -> [Vec<Found>; 2] {
    let mut best = [Best::default(), Best::default()];
    let mut room = [0u128; 9];
    for d in Digit::all() {
        room[index(d)] = grid.cells_with(d).bits();
    }
    for digit in Digit::all() {
        if room[index(digit)] == 0 {
            continue;
        }
        for size in SIZES {
            let rules = FishRules { size, most_fins: MOST_FINS, most_endo_fins: 0 };
            let _ = each_fish(grid, digit, room, None, &FRANKEN, &rules, &mut |fish| {
                if fish.fins() != 0 {
                    let kraken = Kraken { grid, chains, digit, fish };
                    let [one, two] = &mut best;
                    kraken.type_1(one);
                    kraken.type_2(two);
                }
                ControlFlow::Continue(())
            });
        }
    }
    best.map(|best| {
        let mut found: Vec<Found> = best.kept.into_values().collect();
        found.sort_by_key(|f| (f.size, f.order));
        found
    })
}

/// The smallest proof of each removal found so far (the first met on a tie).
#[derive(Default)]
struct Best {
    kept: HashMap<Candidate, Found>,
    /// How many were kept, replaced ones included.
    met: usize,
    /// The sets of a digit's places (digit, cells) whose branches type 2
    /// has followed: many fish share them.
    followed: HashSet<(Digit, u128)>,
}

impl Best {
    fn wants(&self, target: Candidate, size: usize) -> bool {
        self.kept.get(&target).is_none_or(|kept| size < kept.size)
    }

    fn keep(&mut self, mut found: Found) {
        found.order = self.met;
        self.met += 1;
        self.kept.insert(found.target, found);
    }
}

/// A Kraken fish found: what it removes and how, kept until the smallest
/// proof of each removal is known.
struct Found {
    /// The facts of every branch.
    size: usize,
    /// When it was kept, to break ties in a fixed order.
    order: usize,
    target: Candidate,
    digit: Digit,
    bases: Vec<House>,
    covers: Vec<House>,
    cells: u128,
    exo_fins: u128,
    /// The branches' assumptions.
    starts: Vec<Candidate>,
    /// Why one of the starts is true besides the fins.
    why: String,
}

impl Found {
    fn step(&self, id: TechniqueId, chains: &ChainImplications) -> Step {
        let fish =
            FishSets { bases: &self.bases, covers: &self.covers, cells: self.cells, endo: 0, exo_fins: self.exo_fins };
        let target = self.target;
        let branches: Vec<Branch> = self.starts.iter().map(|&s| chains.chain_to(s, target)).collect();
        let sentences: Vec<String> = branches.iter().map(|b| branch_sentence(b, &[])).collect();
        let reason = format!(
            "{}; {}; {}; either way {} is not {}",
            fish.sets_sentence(self.digit),
            self.why,
            sentences.join("; "),
            target.cell,
            target.digit
        );
        let forcing = Forcing { kind: ForcingKind::Fish, branches, nested: Vec::new() };
        fish.drawn(Step::new(id), self.digit).eliminate_all([target]).forcing(forcing).because(reason)
    }
}

/// One fish met by the search, with what its branches imply.
struct Kraken<'a, 's> {
    grid: &'a Grid,
    chains: &'a ChainImplications,
    digit: Digit,
    fish: &'a FishSets<'s>,
}

impl Kraken<'_, '_> {
    /// Type 1: the fish's own targets that each fin rules out by a chain,
    /// but not those every fin sees (a plain finned fish's).
    fn type_1(&self, best: &mut Best) {
        let (digit, fish) = (self.digit, self.fish);
        let places = self.grid.cells_with(digit).bits();
        let fins = set(fish.fins());
        let mut targets = fish.outside(places) | fish.cannibals();
        targets &= !common_peers(fins).bits();
        for fin in fins.iter() {
            targets &= self.chains.ruled_out(Candidate::new(fin, digit))[index(digit)];
        }
        for target in set(targets).iter() {
            let target = Candidate::new(target, digit);
            let starts: Vec<Candidate> = fins.iter().map(|c| Candidate::new(c, digit)).collect();
            self.offer(best, &starts, target, || {
                format!(
                    "without fins the base sets' {digit}s fill the cover sets, one each, so {} is not {digit}",
                    target.cell
                )
            });
        }
    }

    /// Type 2: for each cover set, what its base places and every fin all
    /// rule out by chains (not their own candidates).
    fn type_2(&self, best: &mut Best) {
        let (digit, fish) = (self.digit, self.fish);
        let fins = fish.fins();
        let cannibals = fish.cannibals();
        let places = self.grid.cells_with(digit).bits();
        for cover in fish.covers {
            let own = fish.cells & cover.cells().bits() & !cannibals & !fins;
            let premises = own | fins;
            if own == 0 || !best.followed.insert((digit, premises)) {
                continue;
            }
            let starts: Vec<Candidate> = set(premises).iter().map(|c| Candidate::new(c, digit)).collect();
            for target_digit in Digit::all() {
                let mut targets = self.grid.cells_with(target_digit).bits();
                if target_digit == digit {
                    // Those are type 1's.
                    targets &= !premises & !fish.outside(places) & !cannibals;
                }
                for &start in &starts {
                    targets &= self.chains.ruled_out(start)[index(target_digit)];
                }
                for target in set(targets).iter() {
                    let target = Candidate::new(target, target_digit);
                    self.offer(best, &starts, target, || {
                        format!(
                            "without fins the base sets' {digit}s fill the cover sets, one each, so {} holds {digit} \
                             in {}",
                            cover.long_name(),
                            listing(set(own).iter(), "or")
                        )
                    });
                }
            }
        }
    }

    /// Keeps the removal of `target` by branches from `starts` if no
    /// smaller proof of it is known; `why` says why one of the starts is true.
    fn offer(&self, best: &mut Best, starts: &[Candidate], target: Candidate, why: impl Fn() -> String) {
        let size = starts.iter().map(|&s| self.chains.chain_len(s, target)).sum();
        if !best.wants(target, size) {
            return;
        }
        let fish = self.fish;
        best.keep(Found {
            size,
            order: 0,
            target,
            digit: self.digit,
            bases: fish.bases.to_vec(),
            covers: fish.covers.to_vec(),
            cells: fish.cells,
            exo_fins: fish.exo_fins,
            starts: starts.to_vec(),
            why: why(),
        });
    }
}

fn set(bits: u128) -> CellSet {
    CellSet::from_bits(bits)
}

fn index(digit: Digit) -> usize {
    usize::from(digit.get() - 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::technique::testing::{assert_agrees_with_solution, empty, without, EverySteps};
    use crate::model::cell::Cell;
    use crate::model::grid::House;

    const TYPE_1: KrakenFish = KrakenFish { kind: 1 };
    const TYPE_2: KrakenFish = KrakenFish { kind: 2 };

    /// 1 confined, in each listed row (from 1), to the listed columns.
    fn ones_in_rows(rows: &[(u8, &[u8])]) -> Grid {
        let mut removals = Vec::new();
        for &(row, keep) in rows {
            removals.extend((1..=9u8).filter(|c| !keep.contains(c)).map(|c| (row, c, "1")));
        }
        without(empty(), &removals)
    }

    /// An X-Wing of 1 in rows 1 and 5 on columns 1 and 6, with the fin r1c9
    /// (which sees none of its targets); with `row_4`, row 4 has 1 in r4c2
    /// and r4c9 only.
    fn finned_x_wing(row_4: bool) -> Grid {
        let mut rows: Vec<(u8, &[u8])> = vec![(1, &[1, 6, 9]), (5, &[1, 6])];
        if row_4 {
            rows.push((4, &[2, 9]));
        }
        ones_in_rows(&rows)
    }

    fn removed(steps: &[Step]) -> Vec<String> {
        steps.iter().map(|s| s.result_text()).collect()
    }

    /// Each branch ends with the target ruled out, and no target is seen by
    /// every fin (a plain finned fish's).
    fn assert_shape(step: &Step) {
        let forcing = step.forcing.as_deref().expect("a proof");
        assert_eq!(forcing.kind, ForcingKind::Fish);
        let target = step.eliminations[0];
        for branch in &forcing.branches {
            let last = branch.facts.last().expect("facts");
            assert_eq!((last.candidate, last.holds), (target, false), "{}", step.text());
        }
        let fins: Vec<Cell> = step.parts.iter().flat_map(|p| p.candidates.iter().map(|c| c.cell)).collect();
        assert!(!fins.iter().all(|f| f.peers().contains(target.cell)), "{}", step.text());
    }

    #[test]
    fn a_fin_that_reaches_a_target_by_a_chain_removes_it() {
        let grid = finned_x_wing(true);
        let steps = TYPE_1.every(&grid);
        let step = steps.iter().find(|s| s.result_text() == "r6c1<>1").expect("r6c1<>1");
        assert_shape(step);
        assert_agrees_with_solution(step);
        assert_eq!(step.pattern_text(), "1 in r1,r5,c1,c6 (r1c1 r1c6 r5c1 r5c6 r1c9)");
        let forcing = step.forcing.as_deref().expect("a proof");
        let chains: Vec<Option<String>> = forcing.branches.iter().map(Branch::chain_text).collect();
        assert_eq!(chains, [Some("r1c9=1 -> r4c9<>1 -> r4c2=1 -> r6c1<>1".to_string())]);
        assert!(
            step.reason.contains(
                "or in the fin r1c9; without fins the base sets' 1s fill the cover sets, one each, so r6c1 is not 1; \
                 if r1c9 is 1: r4c9 is not 1 (it sees r1c9 in column 9)"
            ),
            "{}",
            step.reason
        );
        assert_eq!(step.rating(), crate::se_rating::scale::Tenths::of(8.3));
        let kinds: Vec<_> = step.parts.iter().map(|p| p.kind).collect();
        assert_eq!(kinds, [crate::explain::parts::PartKind::Fin]);
    }

    #[test]
    fn no_kraken_where_no_chain_reaches_a_target() {
        // Without row 4's two places, no fin leads anywhere.
        assert!(TYPE_1.every(&finned_x_wing(false)).is_empty());
        assert!(TYPE_2.every(&finned_x_wing(false)).is_empty());
    }

    #[test]
    fn lists_one_step_per_candidate_removed() {
        // The fin r4c2 of rows 1, 4 and 5 on columns 1, 6 and 9 clears
        // column 6 through r5c6=1.
        let steps = TYPE_1.every(&finned_x_wing(true));
        let mut got = removed(&steps);
        got.sort();
        assert_eq!(got, ["r2c6<>1", "r3c6<>1", "r6c1<>1", "r6c6<>1", "r7c6<>1", "r8c6<>1", "r9c6<>1"]);
        for step in &steps {
            assert_shape(step);
            assert_agrees_with_solution(step);
        }
        // Smallest proofs first.
        let sizes: Vec<usize> = steps.iter().map(|s| s.forcing.as_ref().map_or(0, |f| f.size())).collect();
        assert!(sizes.windows(2).all(|w| w[0] <= w[1]), "{sizes:?}");
    }

    fn solution_of(puzzle: &str) -> [u8; 81] {
        let givens: Vec<u8> = puzzle.bytes().map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 }).collect();
        crate::exact::backtrack::count_by_backtracking(&givens.try_into().expect("81 cells"), 2).1[0]
    }

    fn assert_sound(puzzle: &str, grid: &Grid, steps: &[Step]) {
        let solution = solution_of(puzzle);
        for step in steps {
            assert!(step.makes_progress(grid), "{}", step.text());
            for e in &step.eliminations {
                assert_ne!(solution[e.cell.index()], e.digit.get(), "{}", step.text());
            }
        }
    }

    /// The examples of puzzles/techniques.txt (top1465.txt #135 and #24).
    const TOP_135: &str = "...8...3...5...7.....1.........5.9..18.......3..4.......7..2..6....7.5...4.....1.";
    const TOP_24: &str = "3.7..4.2....1..8..9............3..9..5.8......4.6...........5.12...7..........6..";

    /// The position before the first step of `id` in the solve of `puzzle`
    /// with every technique on, and that step.
    fn first_use(puzzle: &str, id: TechniqueId) -> (Grid, Step) {
        let settings = crate::explain::settings::Settings::every_technique_on();
        let mut search = crate::explain::search::Search::with_settings(crate::TechniqueSet::all(), &settings);
        let mut position = crate::explain::technique::testing::grid(puzzle);
        loop {
            let step = search.next_step(&position).expect("solved by logic");
            if step.technique == id {
                return (position, step);
            }
            step.apply_to(&mut position);
        }
    }

    #[test]
    fn type_1_in_a_real_solve_follows_each_fin() {
        let (grid, step) = first_use(TOP_135, TechniqueId::KrakenFish1);
        assert_eq!(step.result_text(), "r5c9<>3");
        assert_eq!(step.pattern_text(), "3 in r4,r7,r8,c4,c9,b7 (r4c4 r4c9 r7c2 r7c4 r8c3 r8c4 r8c9 r4c6)");
        let forcing = step.forcing.as_deref().expect("a proof");
        let starts: Vec<String> = forcing.branches.iter().map(|b| b.facts[0].notation()).collect();
        assert_eq!(starts, ["r4c6=3"]);
        let steps = TYPE_1.every(&grid);
        steps.iter().for_each(assert_shape);
        assert_sound(TOP_135, &grid, &steps);
    }

    #[test]
    fn type_2_follows_a_cover_sets_places_and_the_fins() {
        let (grid, step) = first_use(TOP_24, TechniqueId::KrakenFish2);
        let forcing = step.forcing.as_deref().expect("a proof");
        let starts: Vec<Candidate> = forcing.branches.iter().map(|b| b.facts[0].candidate).collect();
        let target = step.eliminations[0];
        // Every start is the fish's digit; those not fins lie in one cover set.
        let digit = step.digits.iter().next().expect("the fish's digit");
        assert!(starts.iter().all(|s| s.digit == digit));
        let fins: Vec<Cell> = step.parts.iter().flat_map(|p| p.candidates.iter().map(|c| c.cell)).collect();
        let own: Vec<Cell> = starts.iter().map(|s| s.cell).filter(|c| !fins.contains(c)).collect();
        assert!(!own.is_empty());
        assert!(House::all().any(|h| step.houses.contains(&h) && own.iter().all(|&c| h.cells().contains(c))));
        for branch in &forcing.branches {
            let last = branch.facts.last().expect("facts");
            assert_eq!((last.candidate, last.holds), (target, false), "{}", step.text());
        }
        let steps = TYPE_2.every(&grid);
        assert!(steps.len() >= 2, "{}", steps.len());
        assert_sound(TOP_24, &grid, &steps);
    }
}
