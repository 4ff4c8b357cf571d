//! Fast exact solver: counts the solutions of a sudoku, stopping at a limit.
//!
//! May use: the model, and `io` for a [`Puzzle`] to count.
//!
//! ```
//! use sudoku_explained::exact;
//!
//! // The first puzzle of puzzles/seed-001.txt has exactly one solution.
//! let line = "000005200060100090850000000400003000071209403000050060200300907003090020000000341";
//! let givens = sudoku_explained::io::from_argument(line).remove(0)?.givens;
//! let search = exact::count_solutions(&givens, 2);
//! assert_eq!(search.count, 1);
//! assert_eq!(
//!     sudoku_explained::io::to_digits(&search.solution.expect("one solution")),
//!     "147985236362147895859632174426873519571269483938451762284316957713594628695728341"
//! );
//!
//! // The empty grid has billions: the count stops at the limit.
//! assert_eq!(exact::count_solutions(&[0; 81], 1000).count, 1000);
//! # Ok::<(), sudoku_explained::io::InputError>(())
//! ```
//!
//! Safe Rust, std only, no unsafe and no CPU-specific code: it runs at full
//! speed on any x86_64 (or other) target without `-C target-cpu`.
//!
//! # Design
//!
//! The representation follows the idea published with JCZSolve (per-digit
//! bitboards split into bands), re-derived and written from scratch here:
//!
//! * For every digit, the cells that may still hold it form an 81-bit board,
//!   split into three *bands* (three rows each) of 27 bits, bit
//!   `9 * row_in_band + column`. The state is 27 `u32` *words*, one per
//!   (digit, band), plus a mask of open (unplaced) cells per band.
//! * A word is propagated on its own. The digit must sit once in each of the
//!   band's three rows and once in each of its three boxes, so the word's
//!   row×box occupancy (nine bits) indexes a table, `COMPLEX`, that keeps
//!   only cells on a row→box assignment still possible. That one lookup does
//!   locked candidates within the band (both directions) and notices a row or
//!   box with no room left for the digit.
//! * A row of a word with a single cell is a placement (a hidden single of the
//!   row, or of a box once the table has run): the cell leaves the band's
//!   other digits.
//! * Columns cross the bands, so they get a cheaper treatment: a box whose
//!   cells for the digit lie in one column (placed cells included) takes that
//!   column away from the digit in the two other bands (pointing); hidden
//!   singles in columns are looked for only when everything else is stuck.
//! * Naked singles and cells with no candidate come from counting, across the
//!   nine digits of a band, the cells seen once, twice or more.
//! * When nothing follows, the solver guesses in a bivalue cell (if there is
//!   none, the first open cell) on a copy of the state (144 bytes).
//!   Which bivalue cell matters: where the grid is still open it takes the
//!   one whose candidates have the most copies among its open peers, so
//!   either branch removes the most; close to the end, when bivalue cells
//!   abound, any does and the cheapest choice wins.
//!
//! Only words that changed are propagated again: every write that removes a
//! candidate sets the word's bit in a `dirty` mask.

pub mod backtrack; // the plain backtracking solver, the tests' oracle

use crate::io::input::Puzzle;

/// Result of a search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SolutionCount {
    /// Number of solutions found, at most the limit.
    pub count: usize,
    /// The first solution found, if any.
    pub solution: Option<[u8; 81]>,
    /// Guesses made: candidates the search assumed on a copy of its state.
    /// The last candidate of a cell is not counted: it follows once the
    /// others failed.
    pub guesses: u64,
}

/// Counts solutions of `givens` (values 0..=9, 0 = empty, row-major),
/// stopping at `limit` (a limit of 0 counts as 1). `solution` is the first
/// found. Givens that clash, and values above 9, give a count of 0.
pub fn count_solutions(givens: &[u8; 81], limit: usize) -> SolutionCount {
    let ctx = run(givens, limit.max(1), false);
    SolutionCount { count: ctx.count, solution: ctx.first, guesses: ctx.guesses }
}

/// How many solutions `puzzle` has, counting up to `limit` (at least 1):
/// its pencil marks, if it has them, are kept.
///
/// ```
/// let puzzle = "000005200060100090850000000400003000071209403000050060200300907003090020000000341".parse()?;
/// assert_eq!(sudoku_explained::count(&puzzle, 2), 1);
/// assert_eq!(sudoku_explained::count(&".".repeat(81).parse()?, 10), 10);
/// # Ok::<(), sudoku_explained::io::InputError>(())
/// ```
pub fn count(puzzle: &Puzzle, limit: usize) -> usize {
    match puzzle.masks() {
        Some(masks) => count_solutions_within(&puzzle.givens, &masks, limit).count,
        None => count_solutions(&puzzle.givens, limit).count,
    }
}

/// How many solutions a record has (`count`), up to a limit, or why it is not a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Count {
    /// The givens, when the record was a puzzle.
    pub puzzle: Option<[u8; 81]>,
    /// The solutions found, at most the limit.
    pub solutions: usize,
    /// True when counting stopped at the limit with more solutions left.
    pub capped: bool,
    /// Why the record is not a puzzle.
    pub error: Option<String>,
}

/// First solution, if any.
pub fn solution(givens: &[u8; 81]) -> Option<[u8; 81]> {
    run(givens, 1, false).first
}

/// Like `count_solutions(givens, 2)`, but also returns the first two distinct solutions
/// when there are several, so a caller can show both.
pub fn two_solutions(givens: &[u8; 81]) -> (usize, Vec<[u8; 81]>) {
    let ctx = run(givens, 2, true);
    (ctx.count, ctx.first.into_iter().chain(ctx.second).collect())
}

/// Like [`count_solutions`], for a pencil-mark position: an empty cell may only take
/// the digits of its mask (bit `d` for digit `d`).
pub fn count_solutions_within(givens: &[u8; 81], masks: &[u16; 81], limit: usize) -> SolutionCount {
    let ctx = run_within(givens, Some(masks), limit.max(1), false);
    SolutionCount { count: ctx.count, solution: ctx.first, guesses: ctx.guesses }
}

/// Like [`two_solutions`], for a pencil-mark position (see [`count_solutions_within`]).
pub fn two_solutions_within(givens: &[u8; 81], masks: &[u16; 81]) -> (usize, Vec<[u8; 81]>) {
    let ctx = run_within(givens, Some(masks), 2, true);
    (ctx.count, ctx.first.into_iter().chain(ctx.second).collect())
}

fn run(givens: &[u8; 81], limit: usize, keep_second: bool) -> Ctx {
    run_within(givens, None, limit, keep_second)
}

fn run_within(givens: &[u8; 81], masks: Option<&[u16; 81]>, limit: usize, keep_second: bool) -> Ctx {
    let mut ctx = Ctx { limit, keep_second, count: 0, first: None, second: None, guesses: 0 };
    if let Some(mut state) = State::from_givens(givens) {
        if let Some(masks) = masks {
            state.forbid_outside(givens, masks);
        }
        state.search(&mut ctx);
    }
    ctx
}

// ---------------------------------------------------------------------------
// Bit layout and tables, all computed at compile time.

/// All 27 cells of a band.
const BAND: u32 = (1 << 27) - 1;
/// The nine cells of a band's first row.
const ROW: u32 = 0x1ff;
/// Column 0 of a band: one cell in each of its rows.
const COL: u32 = 1 | 1 << 9 | 1 << 18;
/// Words in the state: 27 used (word `3 * digit + band`), padded to 32 so an
/// index taken from a 32-bit mask (`k & 31`) needs no bounds check.
const WORDS: usize = 32;

/// For nine bits of a row, which of its three boxes (3 bits) are non-empty.
static SHRINK: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut i = 0;
    while i < 512 {
        t[i] = (i & 0o7 != 0) as u8 | ((i & 0o70 != 0) as u8) << 1 | ((i & 0o700 != 0) as u8) << 2;
        i += 1;
    }
    t
};

/// Indexed by a band's row×box occupancy for one digit (bit `3 * row + box`),
/// the cells that lie on some assignment of the three rows to three distinct
/// boxes using only occupied (row, box) pairs; 0 if there is none.
static COMPLEX: [u32; 512] = {
    const PERMS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut t = [0u32; 512];
    let mut pattern = 0;
    while pattern < 512 {
        let mut p = 0;
        while p < 6 {
            let perm = PERMS[p];
            let mut fits = true;
            let mut cells = 0u32;
            let mut row = 0;
            while row < 3 {
                fits &= pattern & (1 << (3 * row + perm[row])) != 0;
                cells |= 0o7 << (9 * row + 3 * perm[row]);
                row += 1;
            }
            if fits {
                t[pattern] |= cells;
            }
            p += 1;
        }
        pattern += 1;
    }
    t
};

/// A row's nine bits if exactly one is set, else 0.
static SINGLE: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut i = 1;
    while i < 512 {
        if i & (i - 1) == 0 {
            t[i] = i as u16;
        }
        i += 1;
    }
    t
};

/// For the columns (nine bits) a digit occupies in a band, the columns that
/// are the only one of their box: the digit is locked to them in this band.
static LOCKED_COLS: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut i = 0;
    while i < 512 {
        let mut j = 0;
        while j < 3 {
            let part = (i >> (3 * j)) & 7;
            if part != 0 && part & (part - 1) == 0 {
                t[i] |= (part << (3 * j)) as u16;
            }
            j += 1;
        }
        i += 1;
    }
    t
};

/// For a cell of a band, the band minus the cell's peers inside the band
/// (same row, box or column), keeping the cell: ANDed into a word, it places
/// the word's digit there.
static KEEP_PLACED: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut p = 0;
    while p < 27 {
        let (row, col) = (p / 9, p % 9);
        let peers = ROW << (9 * row) | COL << col | ((0o7 << (3 * (col / 3))) * COL);
        t[p] = (BAND & !peers) | 1 << p;
        p += 1;
    }
    t
};

/// For a cell of a band, its peers inside the band (row, box, column).
static PEERS: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut p = 0;
    while p < 27 {
        t[p] = !KEEP_PLACED[p] & BAND;
        p += 1;
    }
    t
};

/// Spreads nine bits apart to every third bit: bit `i` to bit `3 * i`.
static SPREAD3: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut i = 0;
    while i < 512 {
        let mut j = 0;
        while j < 9 {
            if i & (1 << j) != 0 {
                t[i] |= 1 << (3 * j);
            }
            j += 1;
        }
        i += 1;
    }
    t
};

/// For a band, the two other bands.
const OTHER1: [u8; 3] = [1, 2, 0];
const OTHER2: [u8; 3] = [2, 0, 1];

// ---------------------------------------------------------------------------
// Search.

/// Bookkeeping shared by the whole search.
struct Ctx {
    limit: usize,
    /// Whether to record the second solution (only `two_solutions` shows it).
    keep_second: bool,
    count: usize,
    first: Option<[u8; 81]>,
    second: Option<[u8; 81]>,
    guesses: u64,
}

/// What propagation left.
enum Settled {
    /// Some cell, row, box or column has no candidate left.
    Dead,
    /// Every cell is placed.
    Solved,
    /// Nothing more follows without a guess; the bivalue cells per band.
    Stuck([u32; 3]),
}

#[derive(Clone, Copy)]
struct State {
    /// Candidate cells, word `3 * digit + band`; words 27.. stay 0.
    cand: [u32; WORDS],
    /// Per band, the cells not placed yet.
    open: [u32; 3],
    /// Words changed since they were last propagated (bit = word index).
    dirty: u32,
}

impl State {
    /// The state for `givens`, or `None` if a value is above 9. Clashing
    /// givens are left for propagation to find.
    fn from_givens(givens: &[u8; 81]) -> Option<State> {
        // Find the given cells eight bytes at a time: a branch per cell would
        // be mispredicted at about every given, costing more than the rest.
        const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
        const HIGH: u64 = 0x8080_8080_8080_8080;
        let mut filled = 0u128;
        let mut too_big = 0u64;
        for (c, chunk) in givens.chunks_exact(8).enumerate() {
            let x = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
            // The high bit of each byte tells: byte != 0, byte > 9 (no carry
            // crosses bytes since the high bits are masked off first).
            let nonzero = ((x & LOW7).wrapping_add(LOW7) | x) & HIGH;
            too_big |= ((x & LOW7).wrapping_add(0x7676_7676_7676_7676) | x) & HIGH;
            // Gather the eight flags into one byte (bit i = byte i).
            let bits = (nonzero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56;
            filled |= (bits as u128) << (8 * c);
        }
        let last = givens[80];
        too_big |= (last > 9) as u64;
        filled |= ((last != 0) as u128) << 80;
        if too_big != 0 {
            return None;
        }

        let mut cand = [0; WORDS];
        cand[..27].fill(BAND);
        // Per word: the digit's given cells, and their columns.
        let mut own = [0u32; WORDS];
        let mut own_cols = [0u32; WORDS];
        let mut occupied = [0u32; 3];
        for b in 0..3 {
            let mut f = (filled >> (27 * b)) as u32 & BAND;
            occupied[b] = f;
            while f != 0 {
                let p = f.trailing_zeros() as usize % 27;
                f &= f - 1;
                let d = (givens[27 * b + p] as usize).wrapping_sub(1) % 9;
                let k = 3 * d + b;
                own[k] |= 1 << p;
                own_cols[k] |= 1 << (p % 9);
                // The digit leaves the cell's peers in the band. A clash shows
                // here: the other given already removed this cell, so this
                // leaves the cell's row empty for the digit, which the first
                // propagation of the word reports.
                cand[k] &= KEEP_PLACED[p];
            }
        }
        for d in 0..9 {
            let k = 3 * d;
            let cols = [own_cols[k], own_cols[k + 1], own_cols[k + 2]];
            for b in 0..3 {
                // Other digits' givens leave the word, and so do the columns
                // of this digit's givens in the other bands (which also
                // exposes clashes in a column).
                let elsewhere = cols[OTHER1[b] as usize] | cols[OTHER2[b] as usize];
                cand[k + b] &= !(occupied[b] & !own[k + b]) & !(elsewhere * COL);
            }
        }
        Some(State { cand, open: [BAND; 3], dirty: (1 << 27) - 1 })
    }

    /// Removes from every empty cell the digits its mask lacks (bit `d` for
    /// digit `d`); givens keep their digit whatever their mask says.
    fn forbid_outside(&mut self, givens: &[u8; 81], masks: &[u16; 81]) {
        for d in 0..9 {
            for b in 0..3 {
                let mut forbidden = 0u32;
                for p in 0..27 {
                    let i = 27 * b + p;
                    if givens[i] == 0 && masks[i] & (2 << d) == 0 {
                        forbidden |= 1 << p;
                    }
                }
                self.restrict(3 * d + b, !forbidden);
            }
        }
    }

    /// `cand[k] &= mask`, marking the word dirty if that removed anything.
    #[inline(always)]
    fn restrict(&mut self, k: usize, mask: u32) {
        let old = self.cand[k & 31];
        let new = old & mask;
        self.cand[k & 31] = new;
        self.dirty |= ((old != new) as u32) << (k & 31);
    }

    /// Propagates dirty words until none is left. False on contradiction.
    fn propagate(&mut self) -> bool {
        // Work on locals: `dirty` stays in a register instead of being
        // written back after every word.
        let mut dirty = self.dirty;
        let cand = &mut self.cand;
        let open = &mut self.open;
        // Rounds over a snapshot of the dirty words: which word comes next
        // does not wait for the previous word's results, so the processor
        // overlaps consecutive words. A word dirtied again later in the round
        // is still seen in this round; one dirtied after its turn, in the
        // next round.
        while dirty != 0 {
            let mut todo = dirty;
            while todo != 0 {
                let k = todo.trailing_zeros() as usize & 31;
                todo &= todo - 1;
                let b = k % 3;
                let w0 = cand[k];
                let shrink = SHRINK[(w0 & ROW) as usize] as usize
                    | (SHRINK[((w0 >> 9) & ROW) as usize] as usize) << 3
                    | (SHRINK[((w0 >> 18) & ROW) as usize] as usize) << 6;
                let w = w0 & COMPLEX[shrink & 511];
                if w == 0 {
                    self.dirty = dirty;
                    return false;
                }
                // Rows left with one open cell are placements. They leave all
                // nine digits of the band (this word is restored below).
                // Doing this unconditionally, often with nothing placed, is
                // faster than a branch that goes either way unpredictably.
                let single = SINGLE[(w & ROW) as usize] as u32
                    | (SINGLE[((w >> 9) & ROW) as usize] as u32) << 9
                    | (SINGLE[((w >> 18) & ROW) as usize] as u32) << 18;
                let placed = single & open[b];
                open[b] &= !placed;
                let mut changed = 0;
                for i in 0..9 {
                    let e = (b + 3 * i) & 31;
                    let old = cand[e];
                    cand[e] = old & !placed;
                    changed |= ((old & placed != 0) as usize) << i;
                }
                // Digit i's word is bit 3 * i + b of the dirty mask.
                dirty |= SPREAD3[changed & 511] << b;
                // Pointing along columns: a box whose cells lie in one column
                // (a placed cell included) takes the column from the digit in
                // the other bands.
                let cols = (w | w >> 9 | w >> 18) & ROW;
                let gone = LOCKED_COLS[cols as usize] as u32 * COL;
                let (o1, o2) = ((k - b + OTHER1[b] as usize) & 31, (k - b + OTHER2[b] as usize) & 31);
                let (c1, c2) = (cand[o1], cand[o2]);
                cand[o1] = c1 & !gone;
                cand[o2] = c2 & !gone;
                dirty |= ((c1 & gone != 0) as u32) << o1 | ((c2 & gone != 0) as u32) << o2;
                // This word is now a fixpoint of everything above.
                cand[k] = w;
                dirty &= !(1 << k);
            }
        }
        self.dirty = 0;
        true
    }

    /// Naked singles and empty cells. Returns `None` on contradiction, else
    /// whether a single was placed, and fills `pairs` with the bivalue cells.
    fn cell_singles(&mut self, pairs: &mut [u32; 3]) -> Option<bool> {
        // Cells seen by at least one, two, three digits; bands 0 and 1 side
        // by side in the halves of a u64, band 2 alone.
        let (mut a1, mut a2, mut a3) = (0u64, 0u64, 0u64);
        let (mut c1, mut c2, mut c3) = (0u32, 0u32, 0u32);
        for d in 0..9 {
            let x = self.cand[3 * d] as u64 | (self.cand[3 * d + 1] as u64) << 32;
            a3 |= a2 & x;
            a2 |= a1 & x;
            a1 |= x;
            let y = self.cand[3 * d + 2];
            c3 |= c2 & y;
            c2 |= c1 & y;
            c1 |= y;
        }
        let seen1 = [a1 as u32, (a1 >> 32) as u32, c1];
        let seen2 = [a2 as u32, (a2 >> 32) as u32, c2];
        let seen3 = [a3 as u32, (a3 >> 32) as u32, c3];
        let mut found = false;
        for (b, pairs_b) in pairs.iter_mut().enumerate() {
            let (r1, r2, r3) = (seen1[b], seen2[b], seen3[b]);
            let open = self.open[b];
            if open & !r1 != 0 {
                return None;
            }
            *pairs_b = open & r2 & !r3;
            let mut singles = open & !r2;
            found |= singles != 0;
            while singles != 0 {
                let p = singles.trailing_zeros() as usize % 27;
                let bit = singles & singles.wrapping_neg();
                singles ^= bit;
                match (0..9).map(|d| 3 * d + b).find(|&k| self.cand[k & 31] & bit != 0) {
                    Some(k) => self.restrict(k, KEEP_PLACED[p]),
                    // An earlier single of this round took the last candidate.
                    None => return None,
                }
            }
        }
        Some(found)
    }

    /// Hidden singles in columns, which the band-level propagation does not
    /// see, and columns with no room left for a digit. Returns `None` on
    /// contradiction, else whether a single was placed.
    fn column_singles(&mut self) -> Option<bool> {
        // Two digits at a time, one per 32-bit half of a u64: every step is
        // lane-wise (right shifts leak only into bits that ROW2 masks off).
        const ROW2: u64 = ROW as u64 | (ROW as u64) << 32;
        const BOTH: u64 = 1 | 1 << 32;
        let placed_cells = [!self.open[0] as u64 * BOTH, !self.open[1] as u64 * BOTH, !self.open[2] as u64 * BOTH];
        let mut found = false;
        for pair in 0..5 {
            let d0 = 2 * pair;
            let (mut any, mut two, mut placed) = ([0u64; 3], 0u64, 0u64);
            for b in 0..3 {
                // The ninth digit has no partner: its upper lane is a full
                // band, which shows neither a single nor an empty column.
                let hi = if d0 + 1 < 9 { self.cand[(3 * (d0 + 1) + b) & 31] } else { BAND };
                let w = self.cand[3 * d0 + b] as u64 | (hi as u64) << 32;
                let (r0, r1, r2) = (w & ROW2, (w >> 9) & ROW2, (w >> 18) & ROW2);
                any[b] = r0 | r1 | r2;
                two |= (r0 & r1) | (r0 & r2) | (r1 & r2);
                let p = w & placed_cells[b];
                placed |= p | p >> 9 | p >> 18;
            }
            if any[0] | any[1] | any[2] != ROW2 {
                return None;
            }
            two |= (any[0] & any[1]) | (any[0] & any[2]) | (any[1] & any[2]);
            let mut once = !two & !placed & ROW2;
            while once != 0 {
                let bit = once.trailing_zeros();
                once &= once - 1;
                found = true;
                let (d, c) = (d0 + (bit >= 32) as usize, bit & 31);
                for b in 0..3 {
                    let k = (3 * d + b) & 31;
                    let cell = self.cand[k] & (COL << c);
                    if cell != 0 {
                        self.restrict(k, KEEP_PLACED[cell.trailing_zeros() as usize % 27]);
                    }
                }
            }
        }
        Some(found)
    }

    /// Applies every deduction until a contradiction, a solution, or a need
    /// to guess. Cheap deductions run first; costlier ones only when those
    /// are exhausted.
    fn settle(&mut self) -> Settled {
        let mut pairs = [0u32; 3];
        loop {
            if !self.propagate() {
                return Settled::Dead;
            }
            if self.open[0] | self.open[1] | self.open[2] == 0 {
                return Settled::Solved;
            }
            match self.cell_singles(&mut pairs) {
                None => return Settled::Dead,
                Some(true) => continue,
                Some(false) => {}
            }
            match self.column_singles() {
                None => return Settled::Dead,
                Some(true) => continue,
                Some(false) => return Settled::Stuck(pairs),
            }
        }
    }

    /// The solved grid (only meaningful once every cell is placed).
    fn grid(&self) -> [u8; 81] {
        let mut g = [0u8; 81];
        for d in 0..9 {
            for b in 0..3 {
                let mut m = self.cand[3 * d + b];
                while m != 0 {
                    let p = m.trailing_zeros() as usize;
                    m &= m - 1;
                    g[(27 * b + p) % 81] = d as u8 + 1;
                }
            }
        }
        g
    }

    /// The cell to guess in, as (band, position in band).
    /// `exhaustive`: the search will have to try every branch (a count past
    /// the first solution), so fewer branches matter more than an early
    /// first solution.
    fn choose(&self, pairs: &[u32; 3], exhaustive: bool) -> (usize, usize) {
        let npairs = pairs[0].count_ones() + pairs[1].count_ones() + pairs[2].count_ones();
        if npairs == 0 {
            // Rare on hard puzzles (a few times per puzzle), common at the
            // start of a 17-clue one. Measured over the whole collections:
            // counting to 2 in a three-candidate cell halves the time on
            // 17-clue.txt and saves 10% on forum-hardest-1106.txt, but doubles
            // it on serg-multi-solution.txt, whose second solution, like a
            // first one, comes sooner from the first open cell with ascending
            // tries (the published collections favour small digits early in
            // the grid); for a first solution the first open cell is 2-3x faster.
            return if exhaustive { self.trivalue_cell() } else { self.first_open_cell() };
        }
        let nopen = self.open[0].count_ones() + self.open[1].count_ones() + self.open[2].count_ones();
        if 4 * npairs > nopen {
            // Bivalue cells abound (typically near the end, or in a puzzle
            // with many solutions): the choice matters little, take the
            // cheapest, the last one.
            let b = if pairs[2] != 0 {
                2
            } else if pairs[1] != 0 {
                1
            } else {
                0
            };
            return (b, 31 - pairs[b].leading_zeros() as usize);
        }
        self.most_impact(pairs)
    }

    /// The first open cell with three candidates (called when none has
    /// two), else the first open cell.
    fn trivalue_cell(&self) -> (usize, usize) {
        for b in 0..3 {
            let (mut c1, mut c2, mut c3, mut c4) = (0u32, 0u32, 0u32, 0u32);
            for d in 0..9 {
                let x = self.cand[3 * d + b];
                c4 |= c3 & x;
                c3 |= c2 & x;
                c2 |= c1 & x;
                c1 |= x;
            }
            let three = self.open[b] & c3 & !c4;
            if three != 0 {
                return (b, three.trailing_zeros() as usize % 27);
            }
        }
        self.first_open_cell()
    }

    fn first_open_cell(&self) -> (usize, usize) {
        let b = if self.open[0] != 0 {
            0
        } else if self.open[1] != 0 {
            1
        } else {
            2
        };
        (b, self.open[b].trailing_zeros() as usize % 27)
    }

    /// Among the first few bivalue cells, the one whose two candidates have
    /// the most copies among its open peers: either branch removes the most.
    /// Looking at only a few bounds the cost; it finds nearly as good a cell.
    fn most_impact(&self, pairs: &[u32; 3]) -> (usize, usize) {
        const LOOK_AT: usize = 8;
        let open = self.open;
        let (mut best, mut best_score) = ((0, 0), 0);
        let mut left = LOOK_AT;
        for b in 0..3 {
            let (b1, b2) = (OTHER1[b] as usize, OTHER2[b] as usize);
            let mut m = pairs[b];
            while m != 0 {
                let p = m.trailing_zeros() as usize % 27;
                m &= m - 1;
                let (peers, c) = (PEERS[p] & open[b], p % 9);
                // The cell's two digits, found without branches.
                let mut digits = 0u32;
                for d in 0..9 {
                    digits |= ((self.cand[3 * d + b] >> p) & 1) << d;
                }
                let mut score = 0;
                while digits != 0 {
                    let d = digits.trailing_zeros() as usize % 9;
                    digits &= digits - 1;
                    // Peers in the band, plus the column in the other bands
                    // (at most three cells each: summed by one multiply).
                    let x1 = (self.cand[3 * d + b1] & open[b1]) >> c & COL;
                    let x2 = (self.cand[3 * d + b2] & open[b2]) >> c & COL;
                    score += (self.cand[3 * d + b] & peers).count_ones() + ((x1 | x2 << 1).wrapping_mul(COL) >> 18 & 7);
                }
                if score > best_score {
                    (best, best_score) = ((b, p), score);
                }
                left -= 1;
                if left == 0 {
                    return best;
                }
            }
        }
        best
    }

    fn search(mut self, ctx: &mut Ctx) {
        loop {
            let pairs = match self.settle() {
                Settled::Dead => return,
                Settled::Solved => {
                    ctx.count += 1;
                    if ctx.first.is_none() {
                        ctx.first = Some(self.grid());
                    } else if ctx.keep_second && ctx.second.is_none() {
                        ctx.second = Some(self.grid());
                    }
                    return;
                }
                Settled::Stuck(pairs) => pairs,
            };
            let (b, p) = self.choose(&pairs, ctx.limit > 1);
            let bit = 1u32 << p;
            let mut digits = 0u32;
            for d in 0..9 {
                digits |= ((self.cand[3 * d + b] >> p) & 1) << d;
            }
            // Every candidate but the last is tried on a copy; the last is
            // what remains once the others failed, so it goes on in place.
            while digits & digits.wrapping_sub(1) != 0 {
                let d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                ctx.guesses += 1;
                let mut child = self;
                child.restrict(3 * d + b, KEEP_PLACED[p]);
                child.search(ctx);
                if ctx.count >= ctx.limit {
                    return;
                }
                self.restrict(3 * d + b, !bit);
            }
            if digits == 0 {
                // Unreachable after `settle` (an open cell has candidates),
                // but an empty cell just means a dead branch.
                return;
            }
            let d = digits.trailing_zeros() as usize;
            self.restrict(3 * d + b, KEEP_PLACED[p]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn complex_table_keeps_exactly_the_permutation_cells() {
        // A full band keeps everything; a row with no box empties the word.
        assert_eq!(COMPLEX[0o777], BAND);
        assert_eq!(COMPLEX[0o770], 0);
        // Rows 0 and 1 both confined to box 0: no assignment.
        assert_eq!(COMPLEX[0o711], 0);
        // Row 0 confined to box 0 removes box 0 from the other rows.
        let w = COMPLEX[0o771];
        assert_eq!(w & (0o7 << 9), 0);
        assert_eq!(w & (0o7 << 18), 0);
        assert_eq!(w & 0o7, 0o7);
    }

    #[test]
    fn keep_placed_and_peers_partition_the_band() {
        for p in 0..27 {
            assert_eq!(KEEP_PLACED[p] & PEERS[p], 0);
            assert_eq!(KEEP_PLACED[p] | PEERS[p], BAND);
            assert_eq!(PEERS[p].count_ones(), 8 + 2 + 4);
        }
    }

    #[test]
    fn spread3_moves_bit_i_to_bit_3i() {
        assert_eq!(SPREAD3[0], 0);
        assert_eq!(SPREAD3[0b1_0000_0101], 1 | 1 << 6 | 1 << 24);
        assert_eq!(SPREAD3[511], 0o111_111_111);
    }

    #[test]
    fn locked_cols_marks_lone_columns_of_a_box() {
        assert_eq!(LOCKED_COLS[0b000_000_001], 0b000_000_001);
        assert_eq!(LOCKED_COLS[0b000_000_011], 0);
        assert_eq!(LOCKED_COLS[0b100_010_011], 0b100_010_000);
    }
}
