//! Puzzle generation: every puzzle has exactly one solution, always.
//!
//! A [`Generator`] makes puzzles to the [`GenerateOptions`] asked (clue count,
//! [`Symmetry`], minimality, a difficulty target) from a seed: the same
//! seed gives the same puzzles on every platform.
//!
//! ```
//! use sudoku_explained::io::to_line;
//! use sudoku_explained::tools::{GenerateError, Generator, GenerateOptions};
//!
//! // As `sudoku generate --seed 1` makes it.
//! let mut generator = Generator::new(GenerateOptions::default().with_rate(true), 1)?;
//! let first = generator.next_puzzle()?;
//! assert_eq!(
//!     to_line(&first.puzzle),
//!     ".5......3...2..78.....8.4..3..96.1....83.....4....8.6...2.1..75..18...3...75....."
//! );
//! assert_eq!(sudoku_explained::exact::count_solutions(&first.puzzle, 2).count, 1);
//! assert_eq!(first.rating.expect("asked for").triple(), "2.8/1.2/1.2");
//!
//! let too_few = Generator::new(GenerateOptions::default().with_clues(16), 1);
//! assert_eq!(too_few.unwrap_err(), GenerateError::TooFewClues(16));
//! # Ok::<(), GenerateError>(())
//! ```
//!
//! # How a puzzle is made
//!
//! 1. **A random full grid.** Boxes 1, 5 and 9 share no row or column, so
//!    each gets a random permutation of 1-9; the exact solver completes the
//!    grid; then a random relabelling of the grid's layout (bands, rows
//!    within a band, stacks, columns within a stack, an optional transpose)
//!    spreads the solver's fixed completion order over the whole grid.
//! 2. **Removing givens.** The chosen [`Symmetry`] splits the 81 cells into
//!    orbits (cells the symmetry maps onto each other). In random order,
//!    each orbit is emptied and kept empty only if the exact solver still
//!    counts exactly one solution (`exact::count_solutions(&g, 2).count == 1`).
//!    Removing givens never removes solutions, so an orbit that could not be
//!    emptied once can never be emptied later: one pass leaves a puzzle where
//!    no orbit can go. With a clue target the pass skips orbits that would
//!    go below it and stops when it is met.
//! 3. **Checks.** A clue target must be met exactly; `minimal` must hold
//!    given by given (with a symmetry, emptying a single cell of an orbit
//!    may still keep the solution unique, so this is checked); a difficulty
//!    target is checked by solving with the explaining driver
//!    ([`crate::solve()`]) and rating the path ([`rate_steps`]). A grid that
//!    fails the clue count or minimality first walks a few rounds (an orbit
//!    given back, the others tried again, see `walk`); a grid whose puzzle
//!    still fails, or fails the difficulty target, is dropped and a new one
//!    tried. Every first pass and every walk round counts as one attempt;
//!    after [`GenerateOptions::attempts`] of them the search gives up with a message.
//!
//! # Randomness
//!
//! The generator is xoshiro256** (Blackman and Vigna) seeded through splitmix64,
//! written here on `u64` wrapping arithmetic only, so a seed gives the same
//! puzzles on every platform. Puzzle `i` of a run (from 0) uses seed
//! `seed + i` (wrapping), so any one puzzle of a run is made again with
//! `--seed <its seed> -n 1`.

use crate::exact;
use crate::explain::catalog::{Growth, TechniqueId};
use crate::explain::rating::{summarize_path, Level, Rating};
use crate::explain::search::Search;
use crate::explain::settings::Settings;
use crate::explain::solve::next_step_or_guess;
use crate::explain::technique::TechniqueSet;
use crate::io::input::Puzzle;
use crate::se_rating::scale::Tenths;
use crate::se_rating::{self, scale};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use thiserror::Error;

/// The fewest givens a sudoku with a unique solution has (McGuire, Tugemann
/// and Civario, 2012).
pub const MIN_CLUES: usize = 17;

/// Candidate puzzles tried per puzzle before giving up, unless told
/// otherwise, when only the shape is asked (clue count, symmetry,
/// minimality): a walk step costs tens of microseconds, so this gives up
/// within about 10 s (18 clues, measured here: 16 s for 200,000). Full
/// symmetry with minimality often needs more (measured here: 5 puzzles in
/// 3 s with 1,000,000, while 100,000 failed on the 7th of one run).
pub const DEFAULT_ATTEMPTS: u32 = 100_000;

/// The same with a difficulty target, where every candidate is solved step
/// by step and rated (about half a millisecond each).
pub const DEFAULT_ATTEMPTS_WITH_DIFFICULTY: u32 = 20_000;

/// A small, fast, seeded pseudo-random generator: xoshiro256**, its state
/// filled by splitmix64 from a 64-bit seed (the seeding its authors advise).
#[derive(Clone, Debug)]
pub(crate) struct Rng {
    s: [u64; 4],
}

/// One step of splitmix64: advances `state` and returns the next output.
pub(crate) fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Rng {
    /// The generator for a seed.
    pub(crate) fn new(seed: u64) -> Rng {
        let mut state = seed;
        let s = [splitmix64(&mut state), splitmix64(&mut state), splitmix64(&mut state), splitmix64(&mut state)];
        Rng { s }
    }

    /// The generator with this exact state (for checking against the
    /// algorithm's published outputs). The state must not be all zero.
    #[cfg(test)]
    fn from_state(s: [u64; 4]) -> Rng {
        Rng { s }
    }

    /// The next 64 random bits.
    pub(crate) fn next_u64(&mut self) -> u64 {
        let s = &mut self.s;
        let result = s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    /// A uniform number in `0..n` (`n > 0`), by Lemire's multiply-and-shift
    /// with rejection, so without modulo bias.
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "below(0) has no value");
        let mut m = u128::from(self.next_u64()) * u128::from(n);
        if (m as u64) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u64) < threshold {
                m = u128::from(self.next_u64()) * u128::from(n);
            }
        }
        (m >> 64) as u64
    }

    /// Fisher-Yates shuffle.
    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

/// Which symmetry the givens keep: a cell is a given exactly when every cell
/// the symmetry maps it to is.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Symmetry {
    /// No constraint.
    #[default]
    None,
    /// Half-turn about the centre: r,c ↔ 10-r,10-c.
    Rot180,
    /// Quarter turns about the centre.
    Rot90,
    /// Left-right mirror: r,c ↔ r,10-c.
    Mirror,
    /// Reflection in the main diagonal: r,c ↔ c,r.
    Diagonal,
    /// Every symmetry of the square: quarter turns and mirrors (8 maps).
    Full,
}

/// A map of the grid onto itself, on (row, column) from 0.
type CellMap = fn(usize, usize) -> (usize, usize);

impl Symmetry {
    /// Every symmetry, `None` first.
    pub const ALL: [Symmetry; 6] =
        [Symmetry::None, Symmetry::Rot180, Symmetry::Rot90, Symmetry::Mirror, Symmetry::Diagonal, Symmetry::Full];

    /// The lowercase name the command line and JSON use.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Rot90 => "rot90",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
            Symmetry::Full => "full",
        }
    }

    /// The symmetry called `name` (as [`Symmetry::name`] writes it).
    pub fn from_name(name: &str) -> Option<Symmetry> {
        Symmetry::ALL.into_iter().find(|s| s.name() == name)
    }

    /// Maps (row, column), from 0, whose closure is the symmetry's group.
    fn generators(self) -> &'static [CellMap] {
        fn rot180(r: usize, c: usize) -> (usize, usize) {
            (8 - r, 8 - c)
        }
        fn rot90(r: usize, c: usize) -> (usize, usize) {
            (c, 8 - r)
        }
        fn mirror(r: usize, c: usize) -> (usize, usize) {
            (r, 8 - c)
        }
        fn diagonal(r: usize, c: usize) -> (usize, usize) {
            (c, r)
        }
        match self {
            Symmetry::None => &[],
            Symmetry::Rot180 => &[rot180],
            Symmetry::Rot90 => &[rot90],
            Symmetry::Mirror => &[mirror],
            Symmetry::Diagonal => &[diagonal],
            Symmetry::Full => &[rot90, mirror],
        }
    }

    /// The cell orbits (cell indices 0..81, row-major), each sorted, in the
    /// order of their first cell. Together they hold every cell once.
    pub(crate) fn orbits(self) -> Vec<Vec<u8>> {
        let mut seen = [false; 81];
        let mut orbits = Vec::new();
        for start in 0..81 {
            if seen[start] {
                continue;
            }
            seen[start] = true;
            let mut orbit = vec![start];
            let mut i = 0;
            while i < orbit.len() {
                let (r, c) = (orbit[i] / 9, orbit[i] % 9);
                for g in self.generators() {
                    let (r2, c2) = g(r, c);
                    let cell = r2 * 9 + c2;
                    if !seen[cell] {
                        seen[cell] = true;
                        orbit.push(cell);
                    }
                }
                i += 1;
            }
            orbit.sort_unstable();
            orbits.push(orbit.into_iter().map(|c| c as u8).collect());
        }
        orbits
    }

    /// Whether the givens (0 = empty) keep this symmetry.
    pub fn holds(self, givens: &[u8; 81]) -> bool {
        self.orbits().iter().all(|o| o.iter().all(|&c| (givens[c as usize] != 0) == (givens[o[0] as usize] != 0)))
    }

    /// Every clue count (0..=81) that some union of orbits has.
    pub(crate) fn reachable_counts(self) -> Vec<usize> {
        let mut reachable = [false; 82];
        reachable[0] = true;
        for orbit in self.orbits() {
            for n in (orbit.len()..=81).rev() {
                reachable[n] |= reachable[n - orbit.len()];
            }
        }
        (0..=81).filter(|&n| reachable[n]).collect()
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A closed range of ER values (Sudoku Explainer's scale), written `MIN..MAX`.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct RatingRange {
    /// The lowest ER allowed.
    pub min: Tenths,
    /// The highest ER allowed.
    pub max: Tenths,
}

impl RatingRange {
    /// Whether an ER lies in the range (both exact tenths).
    pub fn contains(&self, er: Tenths) -> bool {
        (self.min..=self.max).contains(&er)
    }
}

impl FromStr for RatingRange {
    type Err = String;

    fn from_str(s: &str) -> Result<RatingRange, String> {
        let (min, max) = s.split_once("..").ok_or_else(|| format!("`{s}`: expected MIN..MAX, e.g. 2.0..4.4"))?;
        let number = |t: &str| {
            t.trim().parse::<f64>().ok().and_then(Tenths::nearest).ok_or_else(|| {
                format!("`{s}`: `{t}` is not a rating (a number such as 1.2 or 4.4, on Sudoku Explainer's scale)")
            })
        };
        let (min, max) = (number(min)?, number(max)?);
        if min > max {
            return Err(format!("`{s}`: the minimum {min} is above the maximum {max}"));
        }
        Ok(RatingRange { min, max })
    }
}

impl fmt::Display for RatingRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.min, self.max)
    }
}

/// What to generate.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct GenerateOptions {
    /// Exactly this many givens.
    pub clues: Option<usize>,
    /// The symmetry the givens keep.
    pub symmetry: Symmetry,
    /// Removing any single given must give a second solution.
    pub minimal: bool,
    /// The solve path's level.
    pub level: Option<Level>,
    /// The solve path's ER.
    pub rating: Option<RatingRange>,
    /// A technique the solve path must use.
    pub technique: Option<TechniqueId>,
    /// Rate every puzzle, even without a difficulty target.
    pub rate: bool,
    /// Candidate puzzles tried per puzzle before giving up: each random
    /// grid's first pass, and each round of a walk from it, is one.
    pub attempts: u32,
    /// The order, switches and weights of the explanation path, and the
    /// levels' boundaries.
    pub settings: Settings,
}

impl Default for GenerateOptions {
    fn default() -> Self {
        GenerateOptions {
            clues: None,
            symmetry: Symmetry::None,
            minimal: false,
            level: None,
            rating: None,
            technique: None,
            rate: false,
            attempts: DEFAULT_ATTEMPTS,
            settings: Settings::default(),
        }
    }
}

impl GenerateOptions {
    /// The same, with exactly this many givens.
    pub fn with_clues(self, clues: usize) -> GenerateOptions {
        GenerateOptions { clues: Some(clues), ..self }
    }

    /// The same, keeping this symmetry.
    pub fn with_symmetry(self, symmetry: Symmetry) -> GenerateOptions {
        GenerateOptions { symmetry, ..self }
    }

    /// The same, minimal or not.
    pub fn with_minimal(self, minimal: bool) -> GenerateOptions {
        GenerateOptions { minimal, ..self }
    }

    /// The same, for a solve path of this level.
    pub fn with_level(self, level: Level) -> GenerateOptions {
        GenerateOptions { level: Some(level), ..self }
    }

    /// The same, for a solve path whose ER lies in `rating`.
    pub fn with_rating(self, rating: RatingRange) -> GenerateOptions {
        GenerateOptions { rating: Some(rating), ..self }
    }

    /// The same, for a solve path that uses `technique`.
    pub fn with_technique(self, technique: TechniqueId) -> GenerateOptions {
        GenerateOptions { technique: Some(technique), ..self }
    }

    /// The same, rating every puzzle or not.
    pub fn with_rate(self, rate: bool) -> GenerateOptions {
        GenerateOptions { rate, ..self }
    }

    /// The same, with `settings`' order, switches, weights and levels.
    pub fn with_settings(self, settings: Settings) -> GenerateOptions {
        GenerateOptions { settings, ..self }
    }

    /// The same, with this many attempts per puzzle.
    pub fn with_attempts(self, attempts: u32) -> GenerateOptions {
        GenerateOptions { attempts, ..self }
    }

    /// The default number of attempts for these options (see
    /// [`DEFAULT_ATTEMPTS`] and [`DEFAULT_ATTEMPTS_WITH_DIFFICULTY`]).
    pub fn default_attempts(&self) -> u32 {
        if self.has_difficulty_target() {
            DEFAULT_ATTEMPTS_WITH_DIFFICULTY
        } else {
            DEFAULT_ATTEMPTS
        }
    }

    fn has_difficulty_target(&self) -> bool {
        self.level.is_some() || self.rating.is_some() || self.technique.is_some()
    }

    /// The target in words, for the message when it is not met.
    fn describe(&self) -> String {
        let mut parts = Vec::new();
        if let Some(n) = self.clues {
            parts.push(format!("with {n} clues"));
        }
        if self.symmetry != Symmetry::None {
            parts.push(format!("with {} symmetry", self.symmetry));
        }
        if self.minimal {
            parts.push("minimal".to_string());
        }
        if let Some(level) = self.level {
            parts.push(format!("of level {level}"));
        }
        if let Some(range) = self.rating {
            parts.push(format!("rated {range}"));
        }
        if let Some(t) = self.technique {
            parts.push(format!("whose solve path uses {}", t.id()));
        }
        if parts.is_empty() {
            "at all".to_string()
        } else {
            parts.join(", ")
        }
    }
}

/// Why puzzles cannot be generated as asked.
#[derive(Debug, Error, Clone, PartialEq)]
#[non_exhaustive]
pub enum GenerateError {
    /// A clue count below [`MIN_CLUES`].
    #[error("{0} clues: no sudoku with fewer than 17 clues has a unique solution")]
    TooFewClues(usize),
    /// A clue count above 81.
    #[error("{0} clues: a sudoku has 81 cells")]
    TooManyClues(usize),
    /// A clue count no union of the symmetry's cell orbits has.
    #[error(
        "{clues} clues cannot keep {symmetry} symmetry: its cell orbits have sizes {sizes}; \
         the nearest counts it allows are {below} and {above}"
    )]
    SymmetryCount {
        /// The clue count asked.
        clues: usize,
        /// The symmetry asked.
        symmetry: Symmetry,
        /// The sizes of its orbits, as a list.
        sizes: String,
        /// The nearest count below that it allows (`none` if there is none).
        below: String,
        /// The nearest count above that it allows (`none` if there is none).
        above: String,
    },
    /// The target can never be met: no attempt is made.
    #[error("no puzzle {wanted} can exist: {reason}")]
    Impossible {
        /// The target in words.
        wanted: String,
        /// Why no puzzle meets it.
        reason: String,
    },
    /// No puzzle met the target within the attempts.
    #[error(
        "no puzzle {wanted} found in {attempts} attempts (candidate puzzles tried); {}",
        rarity(*.found, *.tried, *.attempts)
    )]
    Exhausted {
        /// The target in words.
        wanted: String,
        /// The attempts made for this puzzle.
        attempts: u32,
        /// Puzzles this generator found before (the target is rare, not
        /// impossible, when this is above 0).
        found: u64,
        /// Attempts this generator made in all, this puzzle's included.
        tried: u64,
    },
    /// The `stop` of [`Generator::next_puzzle_or_stop`] said so.
    #[error("interrupted")]
    Interrupted,
}

/// How rare the target was so far, and what to raise.
fn rarity(found: u64, tried: u64, attempts: u32) -> String {
    if found == 0 {
        return format!(
            "none of {tried} attempts so far met it; relax the target or allow more attempts (--attempts {})",
            u64::from(attempts).saturating_mul(10)
        );
    }
    let per_puzzle = tried.div_ceil(found);
    format!(
        "so far {found} of {tried} attempts met it (about 1 in {per_puzzle}); allow more attempts (--attempts {}) or relax the target",
        per_puzzle.saturating_mul(3).max(u64::from(attempts).saturating_mul(2))
    )
}

/// One generated puzzle.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Generated {
    /// The givens, 0 for empty.
    pub puzzle: [u8; 81],
    /// Its unique solution.
    pub solution: [u8; 81],
    /// The number of givens.
    pub clues: usize,
    /// The seed that makes this puzzle again as the first of a run.
    pub seed: u64,
    /// Candidate puzzles tried to find it (see [`GenerateOptions::attempts`]).
    pub attempts: u32,
    /// Its rating, when asked for or needed for a target.
    pub rating: Option<Rating>,
}

/// One puzzle with exactly one solution to `options`, from `seed` (the
/// same seed gives the same puzzle): the first of a [`Generator`]'s run.
///
/// ```
/// use sudoku_explained::tools::{GenerateOptions, Symmetry};
///
/// let options = GenerateOptions::default().with_symmetry(Symmetry::Rot180);
/// let made = sudoku_explained::generate(options, 7)?;
/// assert!(Symmetry::Rot180.holds(&made.puzzle));
/// assert_eq!(sudoku_explained::exact::count_solutions(&made.puzzle, 2).count, 1);
/// # Ok::<(), sudoku_explained::tools::GenerateError>(())
/// ```
pub fn generate(options: GenerateOptions, seed: u64) -> Result<Generated, GenerateError> {
    Generator::new(options, seed)?.next_puzzle()
}

/// Makes puzzles one after the other: puzzle `i` (from 0) from seed `seed + i`.
#[derive(Clone, Debug)]
pub struct Generator {
    options: GenerateOptions,
    orbits: Vec<Vec<u8>>,
    seed: u64,
    next: u64,
    found: u64,
    tried: u64,
}

impl Generator {
    /// A generator, after checking that the options can be met at all.
    pub fn new(options: GenerateOptions, seed: u64) -> Result<Generator, GenerateError> {
        check(&options)?;
        let orbits = options.symmetry.orbits();
        Ok(Generator { options, orbits, seed, next: 0, found: 0, tried: 0 })
    }

    /// The options it generates to.
    pub fn options(&self) -> &GenerateOptions {
        &self.options
    }

    /// The next puzzle, or why none was found within the attempts.
    pub fn next_puzzle(&mut self) -> Result<Generated, GenerateError> {
        self.next_puzzle_or_stop(&|| false)
    }

    /// Like [`Generator::next_puzzle`], but gives up with
    /// [`GenerateError::Interrupted`] as soon as `stop` says so (it is asked
    /// before every attempt).
    pub fn next_puzzle_or_stop(&mut self, stop: &dyn Fn() -> bool) -> Result<Generated, GenerateError> {
        let seed = self.seed.wrapping_add(self.next);
        let result = generate_one(&self.options, &self.orbits, seed, stop);
        self.account(result)
    }
}

impl Generator {
    /// The next `count` puzzles, made on up to `jobs` threads and handed to
    /// `emit` in order, exactly as [`Generator::next_puzzle_or_stop`] would
    /// make them one after the other: puzzle `i` depends only on its seed,
    /// so the threads change the speed, never the puzzles. Ends after the
    /// first error (handed to `emit` too), or the first error `emit` returns.
    pub fn each<E>(
        &mut self,
        count: u64,
        jobs: usize,
        stop: &(dyn Fn() -> bool + Sync),
        mut emit: impl FnMut(Result<Generated, GenerateError>) -> Result<(), E>,
    ) -> Result<(), E> {
        let workers = jobs.min(std::thread::available_parallelism().map_or(1, |n| n.get())).max(1);
        if workers == 1 || count <= 1 {
            for _ in 0..count {
                let result = self.next_puzzle_or_stop(stop);
                let failed = result.is_err();
                emit(result)?;
                if failed {
                    break;
                }
            }
            return Ok(());
        }
        let ahead = Ahead::new(workers);
        let first = self.next;
        // The workers read copies, so that the hand-on loop may count.
        let (options, orbits, seed) = (&self.options.clone(), &self.orbits.clone(), self.seed);
        std::thread::scope(|scope| {
            for _ in 0..workers {
                scope.spawn(|| {
                    while let Some(i) = ahead.claim(count) {
                        let abandoned = || stop() || ahead.abandoned();
                        let result = generate_one(options, orbits, seed.wrapping_add(first + i), &abandoned);
                        ahead.finish(i, result);
                    }
                });
            }
            let mut outcome = Ok(());
            for i in 0..count {
                let result = self.account(ahead.take(i));
                let failed = result.is_err();
                outcome = emit(result);
                if failed || outcome.is_err() {
                    break;
                }
            }
            ahead.abandon();
            outcome
        })
    }

    /// Counts a puzzle made from the next seed, as `next_puzzle_or_stop` does.
    fn account(&mut self, result: Result<Generated, GenerateError>) -> Result<Generated, GenerateError> {
        self.next += 1;
        match result {
            Ok(generated) => {
                self.found += 1;
                self.tried += u64::from(generated.attempts);
                Ok(generated)
            }
            Err(GenerateError::Exhausted { wanted, attempts, .. }) => {
                self.tried += u64::from(attempts);
                Err(GenerateError::Exhausted { wanted, attempts, found: self.found, tried: self.tried })
            }
            Err(other) => Err(other),
        }
    }
}

/// The puzzles made ahead of the one being handed on, by number. Workers
/// stay at most a few puzzles ahead, so a run that stops early (an error,
/// Ctrl-C) wastes little, and what waits is a few small arrays.
struct Ahead {
    state: Mutex<AheadState>,
    changed: Condvar,
    window: u64,
}

struct AheadState {
    claimed: u64,
    taken: u64,
    done: BTreeMap<u64, Result<Generated, GenerateError>>,
    abandoned: bool,
}

impl Ahead {
    fn new(workers: usize) -> Ahead {
        Ahead {
            state: Mutex::new(AheadState { claimed: 0, taken: 0, done: BTreeMap::new(), abandoned: false }),
            changed: Condvar::new(),
            window: 2 * workers as u64,
        }
    }

    fn lock(&self) -> MutexGuard<'_, AheadState> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The number of the next puzzle to make, once it is within the window;
    /// `None` when all are claimed or the run is over.
    fn claim(&self, count: u64) -> Option<u64> {
        let mut state = self.lock();
        loop {
            if state.abandoned || state.claimed >= count {
                return None;
            }
            if state.claimed < state.taken + self.window {
                state.claimed += 1;
                return Some(state.claimed - 1);
            }
            state = self.changed.wait(state).unwrap_or_else(PoisonError::into_inner);
        }
    }

    fn finish(&self, i: u64, result: Result<Generated, GenerateError>) {
        self.lock().done.insert(i, result);
        self.changed.notify_all();
    }

    /// Puzzle `i`, waiting until a worker has made it.
    fn take(&self, i: u64) -> Result<Generated, GenerateError> {
        let mut state = self.lock();
        loop {
            if let Some(result) = state.done.remove(&i) {
                state.taken = i + 1;
                self.changed.notify_all();
                return result;
            }
            state = self.changed.wait(state).unwrap_or_else(PoisonError::into_inner);
        }
    }

    fn abandon(&self) {
        self.lock().abandoned = true;
        self.changed.notify_all();
    }

    fn abandoned(&self) -> bool {
        self.lock().abandoned
    }
}

impl Iterator for Generator {
    type Item = Result<Generated, GenerateError>;

    fn next(&mut self) -> Option<Self::Item> {
        Some(self.next_puzzle())
    }
}

/// Checks that the options can be met at all: the clue count with the
/// symmetry, and the difficulty target (see [`check_difficulty`]).
pub(crate) fn check(options: &GenerateOptions) -> Result<(), GenerateError> {
    check_difficulty(options).map_err(|reason| GenerateError::Impossible { wanted: options.describe(), reason })?;
    let Some(clues) = options.clues else { return Ok(()) };
    if clues < MIN_CLUES {
        return Err(GenerateError::TooFewClues(clues));
    }
    if clues > 81 {
        return Err(GenerateError::TooManyClues(clues));
    }
    let reachable = options.symmetry.reachable_counts();
    if !reachable.contains(&clues) {
        let mut sizes: Vec<usize> = options.symmetry.orbits().iter().map(Vec::len).collect();
        sizes.sort_unstable();
        sizes.dedup();
        let sizes = sizes.iter().map(usize::to_string).collect::<Vec<_>>().join(", ");
        let below = reachable.iter().rev().find(|&&n| n < clues && n >= MIN_CLUES);
        let above = reachable.iter().find(|&&n| n > clues);
        let show = |n: Option<&usize>| n.map_or("none".to_string(), usize::to_string);
        return Err(GenerateError::SymmetryCount {
            clues,
            symmetry: options.symmetry,
            sizes,
            below: show(below),
            above: show(above),
        });
    }
    Ok(())
}

/// The lowest rating an instance of `t` can have.
fn lowest_rating(t: TechniqueId) -> Tenths {
    let d = t.descriptor();
    match d.growth {
        Growth::BoxOrLine { in_box } => in_box.min(d.rating),
        _ => d.rating,
    }
}

/// Whether some step of SE's can rate `range`: ER is the rating of one of
/// the steps of SE's path ([`explainer::scale`]).
fn some_step_rates(range: RatingRange) -> bool {
    scale::BANDS.iter().any(|b| b.low <= range.max && range.min <= b.high)
}

/// The ratings just below and just above `range` that some step of SE's
/// has, for the message.
fn nearest_ratings(range: RatingRange) -> String {
    let below = scale::BANDS.iter().filter(|b| b.high < range.min).max_by_key(|b| b.high);
    let above = scale::BANDS.iter().filter(|b| b.low > range.max).min_by_key(|b| b.low);
    format!(
        "the nearest are {} and {}",
        below.map_or("none".to_string(), |b| format!("{} ({})", b.high, b.name)),
        above.map_or("none".to_string(), |b| format!("{} ({})", b.low, b.name))
    )
}

/// Why the difficulty target can never be met, if it cannot: brute force
/// asked as a technique; a technique that rates above the level or the
/// range; a range no step rates; a range outside the level.
fn check_difficulty(options: &GenerateOptions) -> Result<(), String> {
    let settings = &options.settings;
    if let Some(range) = options.rating {
        if !some_step_rates(range) {
            return Err(format!(
                "ER is the rating of the hardest step of Sudoku Explainer's path, and none of its steps rates {range}: {}",
                nearest_ratings(range)
            ));
        }
        if let Some(level) = options.level {
            if range.max < settings.min_er(level) || range.min > settings.max_er(level) {
                return Err(format!(
                    "level {level} means an ER from {} to {}",
                    settings.min_er(level),
                    if level == Level::Extreme { "any".to_string() } else { settings.max_er(level).to_string() }
                ));
            }
        }
    }
    let Some(t) = options.technique else { return Ok(()) };
    if t == TechniqueId::BruteForce {
        return Err("brute-force is the fallback when no technique applies, not a technique to ask for; \
                    ask for --difficulty extreme or a technique from `sudoku techniques`"
            .to_string());
    }
    let lowest = lowest_rating(t);
    if let Some(level) = options.level.filter(|&l| lowest > settings.max_er(l)) {
        return Err(format!(
            "{} rates {lowest} or more, above level {level}, whose hardest step rates at most {}",
            t.id(),
            settings.max_er(level)
        ));
    }
    if let Some(range) = options.rating.filter(|r| lowest > r.max) {
        return Err(format!("{} rates {lowest} or more, above the range's maximum {}", t.id(), range.max));
    }
    Ok(())
}

/// One puzzle from one seed (see the module documentation).
/// `stop` is asked before every attempt.
pub(crate) fn generate_one(
    options: &GenerateOptions,
    orbits: &[Vec<u8>],
    seed: u64,
    stop: &dyn Fn() -> bool,
) -> Result<Generated, GenerateError> {
    let mut rng = Rng::new(seed);
    let mut order: Vec<usize> = (0..orbits.len()).collect();
    let max = options.attempts.max(1);
    // Without a symmetry or a clue target, one full pass already leaves no
    // removable given.
    let minimal_by_construction = options.symmetry == Symmetry::None && options.clues.is_none();
    let shape_ok = |puzzle: &[u8; 81], clues: usize| {
        options.clues.is_none_or(|n| n == clues) && (!options.minimal || minimal_by_construction || is_minimal(puzzle))
    };
    let walk_rounds = if options.clues.is_some() { WALK_ROUNDS_TO_COUNT } else { WALK_ROUNDS_TO_MINIMAL };
    let mut attempts = 0;
    'grids: while attempts < max {
        if stop() {
            return Err(GenerateError::Interrupted);
        }
        let solution = full_grid(&mut rng);
        rng.shuffle(&mut order);
        let (mut puzzle, mut clues) = carve(&solution, orbits, &order, options.clues);
        attempts += 1;
        let mut rounds = 0;
        while !shape_ok(&puzzle, clues) {
            if rounds == walk_rounds || attempts == max {
                continue 'grids;
            }
            if stop() {
                return Err(GenerateError::Interrupted);
            }
            clues = walk(&solution, &mut puzzle, clues, orbits, options.clues.unwrap_or(0), &mut rng);
            rounds += 1;
            attempts += 1;
        }
        let rating = if options.rate || options.has_difficulty_target() {
            match rate_if_wanted(&puzzle, &solution, options) {
                Some(rating) => Some(rating),
                None => continue,
            }
        } else {
            None
        };
        return Ok(Generated { puzzle, solution, clues, seed, attempts, rating });
    }
    Err(GenerateError::Exhausted { wanted: options.describe(), attempts: max, found: 0, tried: 0 })
}

/// The puzzle's rating when it meets every difficulty target. SE's path
/// ([`se_rating::rate_grid_within`]) comes first, cut short as soon as a step
/// rates above what the level or the rating range allows: ER only grows, so
/// such a puzzle would fail anyway. Then the explanation path (the one
/// [`crate::explain::solve::solve`] takes, from the known unique solution) gives the
/// score and must use the technique asked for.
fn rate_if_wanted(puzzle: &[u8; 81], solution: &[u8; 81], options: &GenerateOptions) -> Option<Rating> {
    let settings = &options.settings;
    let most = [options.level.map(|l| settings.max_er(l)), options.rating.map(|r| r.max)].into_iter().flatten().min();
    let start = Puzzle::new(*puzzle).grid();
    let se = se_rating::rate_grid_within(&start, false, most.unwrap_or(Tenths::MAX))?;
    let er = se.tenths().0;
    let level_ok = options.level.is_none_or(|l| settings.level_of(er, false) == l);
    let range_ok = options.rating.is_none_or(|r| r.contains(er));
    if !(level_ok && range_ok) {
        return None;
    }
    let mut grid = start;
    let mut steps = Vec::new();
    let mut search = Search::with_settings(TechniqueSet::all(), settings);
    while !grid.is_solved() {
        let step = next_step_or_guess(&mut search, &grid, solution);
        step.apply_to(&mut grid);
        steps.push(step);
    }
    let technique_ok = options.technique.is_none_or(|t| steps.iter().any(|s| s.technique == t));
    technique_ok.then(|| Rating::new(&se, Some(&summarize_path(&steps, settings)), settings))
}

/// Empties the orbits in `order`, each only if the solution stays unique and
/// (with a target) the count stays at or above it. Returns the puzzle and
/// its clue count.
fn carve(solution: &[u8; 81], orbits: &[Vec<u8>], order: &[usize], target: Option<usize>) -> ([u8; 81], usize) {
    let mut puzzle = *solution;
    let clues = remove_orbits(solution, &mut puzzle, 81, orbits, order, target.unwrap_or(0));
    (puzzle, clues)
}

/// Tries to empty each orbit of `order` once (see [`carve`]), never going
/// below `floor` clues. Returns the clue count.
fn remove_orbits(
    solution: &[u8; 81],
    puzzle: &mut [u8; 81],
    mut clues: usize,
    orbits: &[Vec<u8>],
    order: &[usize],
    floor: usize,
) -> usize {
    for &o in order {
        if clues == floor {
            break;
        }
        let orbit = &orbits[o];
        if clues - orbit.len() < floor {
            continue;
        }
        for &c in orbit {
            puzzle[c as usize] = 0;
        }
        if exact::count_solutions(puzzle, 2).count == 1 {
            clues -= orbit.len();
        } else {
            for &c in orbit {
                puzzle[c as usize] = solution[c as usize];
            }
        }
    }
    clues
}

/// Rounds of `walk` per grid when the first pass misses the clue count:
/// low counts are reached far more often by walking long from one grid
/// (measured: 20 clues 2.6 times as fast with 512 rounds as with 64).
const WALK_ROUNDS_TO_COUNT: u32 = 512;

/// Rounds of `walk` per grid when only minimality is missed: a grid whose
/// symmetric puzzles are not minimal tends to stay so, and fresh grids do
/// better.
const WALK_ROUNDS_TO_MINIMAL: u32 = 64;

/// One round of a walk among puzzles with the grid as their solution: gives
/// one random empty orbit back, then tries to empty every given orbit once
/// more in random order (never below `floor` clues). The solution stays
/// unique; the clue count moves up or down by a few, so a walk of a few
/// rounds reaches counts and minimal shapes the first pass missed. Returns
/// the clue count.
fn walk(
    solution: &[u8; 81],
    puzzle: &mut [u8; 81],
    clues: usize,
    orbits: &[Vec<u8>],
    floor: usize,
    rng: &mut Rng,
) -> usize {
    let empty: Vec<usize> = (0..orbits.len()).filter(|&o| puzzle[orbits[o][0] as usize] == 0).collect();
    if empty.is_empty() {
        return clues;
    }
    let back = empty[rng.below(empty.len() as u64) as usize];
    for &c in &orbits[back] {
        puzzle[c as usize] = solution[c as usize];
    }
    let mut given: Vec<usize> =
        (0..orbits.len()).filter(|&o| o != back && puzzle[orbits[o][0] as usize] != 0).collect();
    rng.shuffle(&mut given);
    given.push(back);
    remove_orbits(solution, puzzle, clues + orbits[back].len(), orbits, &given, floor)
}

/// Whether emptying any single given gives the puzzle a second solution.
/// The puzzle must have exactly one solution.
pub(crate) fn is_minimal(puzzle: &[u8; 81]) -> bool {
    let mut p = *puzzle;
    (0..81).filter(|&c| puzzle[c] != 0).all(|c| {
        p[c] = 0;
        let unique = exact::count_solutions(&p, 2).count == 1;
        p[c] = puzzle[c];
        !unique
    })
}

/// A random full grid (see the module documentation).
pub(crate) fn full_grid(rng: &mut Rng) -> [u8; 81] {
    let solved = loop {
        let mut seeded = [0u8; 81];
        for b in [0, 4, 8] {
            let mut digits = [1, 2, 3, 4, 5, 6, 7, 8, 9];
            rng.shuffle(&mut digits);
            for (i, d) in digits.into_iter().enumerate() {
                seeded[(b / 3 * 3 + i / 3) * 9 + b % 3 * 3 + i % 3] = d;
            }
        }
        // Three boxes on the diagonal always complete; the loop only guards
        // against a solver that says otherwise.
        if let Some(solved) = exact::solution(&seeded) {
            break solved;
        }
    };
    let rows = shuffled_lines(rng);
    let cols = shuffled_lines(rng);
    let transpose = rng.below(2) == 1;
    std::array::from_fn(|i| {
        let (r, c) = (rows[i / 9], cols[i % 9]);
        if transpose {
            solved[c * 9 + r]
        } else {
            solved[r * 9 + c]
        }
    })
}

/// A random order of the nine rows (or columns) that keeps bands together.
fn shuffled_lines(rng: &mut Rng) -> [usize; 9] {
    let mut bands = [0, 1, 2];
    rng.shuffle(&mut bands);
    let mut lines = [0; 9];
    for (slot, band) in bands.into_iter().enumerate() {
        let mut within = [0, 1, 2];
        rng.shuffle(&mut within);
        for (k, w) in within.into_iter().enumerate() {
            lines[slot * 3 + k] = band * 3 + w;
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::observer::Silent;
    use crate::explain::outcome::Status;
    use crate::io::format::find_clash;

    #[test]
    fn each_on_several_threads_makes_what_one_thread_makes() {
        let options =
            GenerateOptions { level: Some(Level::Extreme), attempts: 4, rate: true, ..GenerateOptions::default() };
        let run = |jobs: usize| {
            let mut generator = Generator::new(options.clone(), 11).unwrap();
            let mut made = Vec::new();
            let threads = Mutex::new(std::collections::HashSet::new());
            // Each attempt waits (up to a few seconds) until a second thread
            // has asked too: on one thread it never comes.
            let started = std::time::Instant::now();
            let stop = || {
                threads.lock().unwrap().insert(std::thread::current().id());
                while jobs > 1 && threads.lock().unwrap().len() < 2 && started.elapsed().as_secs() < 5 {
                    std::thread::yield_now();
                }
                false
            };
            generator
                .each(6, jobs, &stop, |r| -> Result<(), ()> {
                    made.push(r);
                    Ok(())
                })
                .unwrap();
            (made, threads.into_inner().unwrap().len())
        };
        let (one, _) = run(1);
        let (two, threads) = run(2);
        assert_eq!(one, two);
        assert!(matches!(one.last(), Some(Err(GenerateError::Exhausted { found: 5, tried: 13, .. }))), "{one:?}");
        if std::thread::available_parallelism().map_or(1, |n| n.get()) > 1 {
            assert!(threads > 1, "the attempts ran on {threads} thread(s)");
        }
    }
    use crate::explain::solve::{solve, SolveOptions};

    #[test]
    fn the_early_cut_path_rates_as_the_full_solve_does() {
        for g in generator(GenerateOptions::default().with_rate(true), 20).take(30) {
            let g = g.unwrap();
            let options = SolveOptions { rate: true, ..SolveOptions::default() };
            let outcome = solve(&Puzzle::new(g.puzzle), options, &mut Silent);
            assert_eq!(outcome.status, Status::Solved);
            assert_eq!(g.rating, outcome.rating);
        }
    }

    #[test]
    fn xoshiro256_starstar_matches_the_reference_outputs() {
        // The first outputs of the reference C code from state {1, 2, 3, 4}.
        let mut rng = Rng::from_state([1, 2, 3, 4]);
        let got: Vec<u64> = (0..4).map(|_| rng.next_u64()).collect();
        assert_eq!(got, [11520, 0, 1_509_978_240, 1_215_971_899_390_074_240]);
    }

    #[test]
    fn splitmix64_matches_the_reference_output() {
        let mut state = 0;
        assert_eq!(splitmix64(&mut state), 0xE220_A839_7B1D_CDAF);
    }

    #[test]
    fn below_stays_in_range_and_reaches_every_value() {
        let mut rng = Rng::new(7);
        let mut seen = [0u32; 6];
        for _ in 0..6000 {
            seen[rng.below(6) as usize] += 1;
        }
        assert!(seen.iter().all(|&n| (800..1200).contains(&n)), "{seen:?}");
    }

    #[test]
    fn full_grids_are_valid_and_differ() {
        let mut rng = Rng::new(1);
        let a = full_grid(&mut rng);
        let b = full_grid(&mut rng);
        for g in [a, b] {
            assert!(g.iter().all(|&v| (1..=9).contains(&v)));
            assert!(find_clash(&g).is_none());
        }
        assert_ne!(a, b);
    }

    #[test]
    fn orbits_partition_the_cells_with_the_expected_sizes() {
        let sizes = |s: Symmetry| {
            let mut v: Vec<usize> = s.orbits().iter().map(Vec::len).collect();
            v.sort_unstable();
            v
        };
        for s in Symmetry::ALL {
            let mut cells: Vec<u8> = s.orbits().concat();
            cells.sort_unstable();
            assert_eq!(cells, (0..81).collect::<Vec<u8>>(), "{s}");
        }
        assert_eq!(sizes(Symmetry::None), vec![1; 81]);
        assert_eq!(sizes(Symmetry::Rot180), [vec![1], vec![2; 40]].concat());
        assert_eq!(sizes(Symmetry::Rot90), [vec![1], vec![4; 20]].concat());
        assert_eq!(sizes(Symmetry::Mirror), [vec![1; 9], vec![2; 36]].concat());
        assert_eq!(sizes(Symmetry::Diagonal), [vec![1; 9], vec![2; 36]].concat());
        assert_eq!(sizes(Symmetry::Full), [vec![1], vec![4; 8], vec![8; 6]].concat());
        // r1c2 turns to r2c9, r9c8 and r8c1.
        assert!(Symmetry::Rot90.orbits().contains(&vec![1, 17, 63, 79]));
    }

    #[test]
    fn clue_counts_that_symmetries_allow() {
        let ok = |s: Symmetry, n: usize| {
            check(&GenerateOptions { clues: Some(n), symmetry: s, ..GenerateOptions::default() })
        };
        assert_eq!(ok(Symmetry::None, 16), Err(GenerateError::TooFewClues(16)));
        assert_eq!(ok(Symmetry::None, 82), Err(GenerateError::TooManyClues(82)));
        assert!(ok(Symmetry::Rot180, 25).is_ok() && ok(Symmetry::Rot180, 26).is_ok());
        assert!(ok(Symmetry::Rot90, 24).is_ok() && ok(Symmetry::Rot90, 25).is_ok());
        let err = ok(Symmetry::Rot90, 26).unwrap_err();
        assert_eq!(
            err.to_string(),
            "26 clues cannot keep rot90 symmetry: its cell orbits have sizes 1, 4; the nearest counts it allows are 25 and 28"
        );
        assert!(ok(Symmetry::Full, 27).is_err() && ok(Symmetry::Full, 25).is_ok());
    }

    #[test]
    fn rating_ranges_parse_and_compare_at_one_decimal() {
        let r: RatingRange = "2.0..4.4".parse().unwrap();
        assert_eq!(r, RatingRange { min: Tenths(20), max: Tenths(44) });
        assert!(r.contains(Tenths(44)) && r.contains(Tenths(20)) && !r.contains(Tenths(45)) && !r.contains(Tenths(19)));
        assert_eq!("6.9..11.2".parse::<RatingRange>().unwrap().to_string(), "6.9..11.2");
        assert!("4..2".parse::<RatingRange>().unwrap_err().contains("above the maximum"));
        assert!("4".parse::<RatingRange>().unwrap_err().contains("MIN..MAX"));
        assert!("a..2".parse::<RatingRange>().unwrap_err().contains("not a rating"));
    }

    fn generator(options: GenerateOptions, seed: u64) -> Generator {
        Generator::new(options, seed).unwrap()
    }

    #[test]
    fn puzzles_are_unique_symmetric_and_as_minimal_as_the_symmetry_allows() {
        for s in Symmetry::ALL {
            let options = GenerateOptions { symmetry: s, ..GenerateOptions::default() };
            for g in generator(options.clone(), 3).take(5) {
                let g = g.unwrap();
                let search = exact::count_solutions(&g.puzzle, 2);
                assert_eq!((search.count, search.solution), (1, Some(g.solution)), "{s}");
                assert!(s.holds(&g.puzzle), "{s}");
                assert_eq!(g.clues, g.puzzle.iter().filter(|&&v| v != 0).count());
                // No orbit can be emptied.
                for orbit in s.orbits().iter().filter(|o| g.puzzle[o[0] as usize] != 0) {
                    let mut p = g.puzzle;
                    orbit.iter().for_each(|&c| p[c as usize] = 0);
                    assert_eq!(exact::count_solutions(&p, 2).count, 2, "{s}");
                }
                if s == Symmetry::None {
                    assert!(is_minimal(&g.puzzle));
                }
            }
        }
    }

    #[test]
    fn minimal_with_a_symmetry_is_minimal_given_by_given() {
        let options = GenerateOptions { symmetry: Symmetry::Rot180, minimal: true, ..GenerateOptions::default() };
        for g in generator(options, 11).take(3) {
            let g = g.unwrap();
            assert!(is_minimal(&g.puzzle) && Symmetry::Rot180.holds(&g.puzzle));
        }
    }

    #[test]
    fn clue_targets_are_met_exactly() {
        for (s, n) in [(Symmetry::None, 30), (Symmetry::Rot180, 27), (Symmetry::Rot90, 29), (Symmetry::None, 50)] {
            let g = generator(GenerateOptions { clues: Some(n), symmetry: s, ..GenerateOptions::default() }, 5)
                .next_puzzle()
                .unwrap();
            assert_eq!(g.clues, n);
            assert_eq!(g.puzzle.iter().filter(|&&v| v != 0).count(), n);
            assert_eq!(exact::count_solutions(&g.puzzle, 2).count, 1);
            assert!(s.holds(&g.puzzle));
        }
    }

    #[test]
    fn an_unreachable_target_stops_after_the_attempts_with_a_message() {
        let options = GenerateOptions { clues: Some(40), minimal: true, attempts: 5, ..GenerateOptions::default() };
        let err = generator(options, 1).next_puzzle().unwrap_err();
        assert_eq!(
            err.to_string(),
            "no puzzle with 40 clues, minimal found in 5 attempts (candidate puzzles tried); \
             none of 5 attempts so far met it; relax the target or allow more attempts (--attempts 50)"
        );
    }

    #[test]
    fn targets_that_can_never_be_met_are_refused_at_once() {
        let refused = |options: GenerateOptions| match Generator::new(options, 1) {
            Err(GenerateError::Impossible { reason, .. }) => reason,
            other => panic!("expected Impossible, got {other:?}"),
        };
        let range = |min, max| Some(RatingRange { min: Tenths(min), max: Tenths(max) });
        let easy_x_wing = GenerateOptions {
            level: Some(Level::Easy),
            technique: Some(TechniqueId::XWing),
            ..GenerateOptions::default()
        };
        assert_eq!(
            refused(easy_x_wing),
            "x-wing rates 3.2 or more, above level easy, whose hardest step rates at most 2.3"
        );
        assert!(refused(GenerateOptions { technique: Some(TechniqueId::BruteForce), ..GenerateOptions::default() })
            .starts_with("brute-force is the fallback"));
        assert_eq!(
            refused(GenerateOptions { rating: range(0, 5), ..GenerateOptions::default() }),
            "ER is the rating of the hardest step of Sudoku Explainer's path, and none of its steps rates 0.0..0.5: the nearest are none and 1.0 (Hidden Single (full house))"
        );
        assert_eq!(
            refused(GenerateOptions { rating: range(21, 22), ..GenerateOptions::default() }),
            "ER is the rating of the hardest step of Sudoku Explainer's path, and none of its steps rates 2.1..2.2: the nearest are 2.0 (Direct Hidden Pair) and 2.3 (Naked Single)"
        );
        let chain_below = GenerateOptions {
            rating: range(20, 30),
            technique: Some(TechniqueId::XChain),
            ..GenerateOptions::default()
        };
        assert_eq!(refused(chain_below), "x-chain rates 6.6 or more, above the range's maximum 3.0");
        let outside =
            GenerateOptions { rating: range(50, 60), level: Some(Level::Medium), ..GenerateOptions::default() };
        assert_eq!(refused(outside), "level medium means an ER from 2.4 to 3.0");
        // Reachable targets pass: a long chain can rate 20.0, a hidden single in a box 1.2.
        for ok in [
            GenerateOptions { rating: range(200, 200), ..GenerateOptions::default() },
            GenerateOptions { rating: range(12, 12), ..GenerateOptions::default() },
            GenerateOptions {
                level: Some(Level::Extreme),
                technique: Some(TechniqueId::XWing),
                ..GenerateOptions::default()
            },
            GenerateOptions {
                level: Some(Level::Hard),
                technique: Some(TechniqueId::XWing),
                ..GenerateOptions::default()
            },
        ] {
            assert!(Generator::new(ok, 1).is_ok());
        }
    }

    #[test]
    fn running_out_of_attempts_on_a_rare_target_says_how_rare() {
        assert_eq!(
            rarity(2, 900, 200),
            "so far 2 of 900 attempts met it (about 1 in 450); allow more attempts (--attempts 1350) or relax the target"
        );
        assert_eq!(
            rarity(0, 400, 200),
            "none of 400 attempts so far met it; relax the target or allow more attempts (--attempts 2000)"
        );
    }

    #[test]
    fn a_stop_request_ends_the_search_before_the_next_attempt() {
        let options = GenerateOptions { clues: Some(17), ..GenerateOptions::default() };
        let asked = std::cell::Cell::new(0);
        let stop = || {
            asked.set(asked.get() + 1);
            asked.get() > 3
        };
        let err = generator(options, 1).next_puzzle_or_stop(&stop).unwrap_err();
        assert_eq!(err, GenerateError::Interrupted);
        assert_eq!(asked.get(), 4, "three attempts, then the stop");
    }

    #[test]
    fn same_seed_same_puzzles_and_puzzle_i_comes_from_seed_plus_i() {
        let run = |seed| generator(GenerateOptions::default(), seed).take(3).map(Result::unwrap).collect::<Vec<_>>();
        let a = run(42);
        assert_eq!(a, run(42));
        assert_ne!(a[0].puzzle, run(43)[0].puzzle);
        assert_eq!(a[1].puzzle, run(43)[0].puzzle);
        assert_eq!(a.iter().map(|g| g.seed).collect::<Vec<_>>(), [42, 43, 44]);
    }

    #[test]
    fn difficulty_targets_are_met() {
        let options = GenerateOptions { level: Some(Level::Hard), ..GenerateOptions::default() };
        let g = generator(options, 2).next_puzzle().unwrap();
        assert_eq!(g.rating.as_ref().unwrap().level, Level::Hard);

        let range = RatingRange { min: Tenths(26), max: Tenths(30) };
        let g =
            generator(GenerateOptions { rating: Some(range), ..GenerateOptions::default() }, 2).next_puzzle().unwrap();
        assert!(range.contains(g.rating.unwrap().er));

        let options = GenerateOptions { technique: Some(TechniqueId::XWing), ..GenerateOptions::default() };
        let g = generator(options, 2).next_puzzle().unwrap();
        let outcome = solve(&Puzzle::new(g.puzzle), SolveOptions::default(), &mut Silent);
        assert!(outcome.steps.iter().any(|s| s.technique == TechniqueId::XWing));
    }
}
