//! The candidate model: cells, digits, houses, the peer tables, and
//! [`Grid`], a position as a solver sees it (values and candidates).
//!
//! ```
//! use sudoku_explained::{Cell, Digit, Grid, House};
//!
//! let cell = Cell::at(3, 6);
//! assert_eq!(cell.to_string(), "r4c7");
//! assert_eq!(cell.houses(), [House::row(3), House::col(6), House::block(5)]);
//! assert_eq!(House::block(5).long_name(), "box 6");
//! assert!(cell.sees(Cell::at(5, 8)));
//!
//! let mut grid = Grid::empty();
//! grid.place(cell, Digit::new(5));
//! assert!(!grid.has_candidate(Cell::at(3, 0), Digit::new(5)));
//! ```

use crate::model::cell::{Cell, Digit};
use crate::model::sets::{CellSet, DigitSet};
use std::fmt;

// Where a cell stands among the houses: here, beside the peer tables, so
// that the cell type itself needs no cell sets.
impl Cell {
    /// The cells that share a row, column or box with this one (20 of them).
    pub fn peers(self) -> CellSet {
        PEERS[self.index()]
    }

    /// Whether the two cells share a row, column or box (a cell does not see itself).
    pub fn sees(self, other: Cell) -> bool {
        self.peers().contains(other)
    }

    /// The three houses that hold this cell: row, column, box.
    pub fn houses(self) -> [House; 3] {
        [House::row(self.row()), House::col(self.col()), House::block(self.block())]
    }

    /// The house of kind `kind` that holds this cell.
    #[inline]
    pub(crate) const fn house(self, kind: HouseKind) -> House {
        House::of(
            kind,
            match kind {
                HouseKind::Row => self.row(),
                HouseKind::Col => self.col(),
                HouseKind::Block => self.block(),
            },
        )
    }
}

/// The three kinds of house.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum HouseKind {
    /// A row: nine cells left to right.
    Row,
    /// A column: nine cells top to bottom.
    Col,
    /// A box (block): a 3x3 square, nine of them in three bands of three.
    Block,
}

/// One of the 27 houses: rows 0..9, columns 9..18, boxes 18..27.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct House(u8);

impl House {
    /// The house whose `index` is `i`.
    pub const fn from_index(i: usize) -> House {
        assert!(i < 27);
        House(i as u8)
    }

    /// Row `r` (0..9 from the top).
    pub const fn row(r: u8) -> House {
        House(r)
    }

    /// Column `c` (0..9 from the left).
    pub const fn col(c: u8) -> House {
        House(9 + c)
    }

    /// Box `b` (0..9 row by row, as [`Cell::block`] numbers them).
    pub const fn block(b: u8) -> House {
        House(18 + b)
    }

    /// The 27 houses in index order: rows, then columns, then boxes.
    pub fn all() -> impl Iterator<Item = House> {
        (0..27).map(House)
    }

    /// The nine rows, top to bottom.
    pub fn rows() -> impl Iterator<Item = House> {
        (0..9).map(House)
    }

    /// The nine columns, left to right.
    pub fn cols() -> impl Iterator<Item = House> {
        (9..18).map(House)
    }

    /// The nine boxes, row by row.
    pub fn blocks() -> impl Iterator<Item = House> {
        (18..27).map(House)
    }

    /// The house of kind `kind` numbered `number` (0..9).
    pub(crate) const fn of(kind: HouseKind, number: u8) -> House {
        match kind {
            HouseKind::Row => House::row(number),
            HouseKind::Col => House::col(number),
            HouseKind::Block => House::block(number),
        }
    }

    /// The nine houses of kind `kind`, in index order.
    pub(crate) fn of_kind(kind: HouseKind) -> impl Iterator<Item = House> {
        (0..9).map(move |number| House::of(kind, number))
    }

    /// The house's number, 0..27 (rows, columns, boxes), for tables indexed by house.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether it is a row, a column or a box.
    pub const fn kind(self) -> HouseKind {
        match self.0 / 9 {
            0 => HouseKind::Row,
            1 => HouseKind::Col,
            _ => HouseKind::Block,
        }
    }

    /// Position among houses of its kind, from 0.
    pub const fn number(self) -> u8 {
        self.0 % 9
    }

    /// The house's nine cells.
    pub fn cells(self) -> CellSet {
        HOUSE_CELLS[self.index()]
    }

    /// The house's cells in reading order.
    pub fn cell_list(self) -> [Cell; 9] {
        HOUSE_CELL_LISTS[self.index()]
    }

    /// The cells of `cells` that lie in the house, as positions in it: bit
    /// `i` for the `i`-th cell of [`House::cell_list`]. Read straight from
    /// the bits: both engines ask it for every house and digit on every step.
    pub(crate) fn positions(self, cells: CellSet) -> u16 {
        let bits = cells.bits();
        let n = u32::from(self.number());
        match self.kind() {
            // A row's cells are nine consecutive bits.
            HouseKind::Row => (bits >> (9 * n)) as u16 & 0x1ff,
            // A column's: one bit every nine.
            HouseKind::Col => {
                let column = bits >> n;
                (0..9).fold(0, |m, i| m | ((column >> (9 * i)) as u16 & 1) << i)
            }
            // A box's: three runs of three, one per row.
            HouseKind::Block => {
                let first = 27 * (n / 3) + 3 * (n % 3);
                (0..3).fold(0, |m, k| m | ((bits >> (first + 9 * k)) as u16 & 7) << (3 * k))
            }
        }
    }

    /// The cells at the positions of `mask` (see [`House::positions`]).
    pub(crate) fn cells_at(self, mask: u16) -> CellSet {
        let list = self.cell_list();
        (0..9).filter(|i| mask >> i & 1 == 1).map(|i| list[i]).collect()
    }

    /// The position of `cell` in the house (see [`House::positions`]).
    pub(crate) fn position(self, cell: Cell) -> usize {
        debug_assert!(self.cells().contains(cell), "{cell} lies in {self}");
        usize::from(match self.kind() {
            HouseKind::Row => cell.col(),
            HouseKind::Col => cell.row(),
            HouseKind::Block => cell.row() % 3 * 3 + cell.col() % 3,
        })
    }

    /// Spelled out for sentences: `row 4`, `column 7`, `box 1`.
    pub fn long_name(self) -> String {
        format!("{} {}", self.kind().word(), self.number() + 1)
    }
}

/// The words for each kind of house: ours, and Sudoku Explainer's, which
/// its hint texts (and so the ratings' step lists) keep.
impl HouseKind {
    /// Ours, in sentences: `row`, `column`, `box`.
    pub(crate) const fn word(self) -> &'static str {
        match self {
            HouseKind::Row => "row",
            HouseKind::Col => "column",
            HouseKind::Block => "box",
        }
    }

    /// Ours, more than one: `rows`, `columns`, `boxes`.
    pub(crate) const fn plural(self) -> &'static str {
        match self {
            HouseKind::Row => "rows",
            HouseKind::Col => "columns",
            HouseKind::Block => "boxes",
        }
    }

    /// Sudoku Explainer's: `row`, `column`, `block`.
    pub(crate) const fn se_word(self) -> &'static str {
        match self {
            HouseKind::Row => "row",
            HouseKind::Col => "column",
            HouseKind::Block => "block",
        }
    }
}

/// Written `r4`, `c7`, `b1`.
impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = match self.kind() {
            HouseKind::Row => 'r',
            HouseKind::Col => 'c',
            HouseKind::Block => 'b',
        };
        write!(f, "{letter}{}", self.number() + 1)
    }
}

impl fmt::Debug for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

const fn house_cells_table() -> [CellSet; 27] {
    let mut table = [CellSet::EMPTY; 27];
    let mut i = 0;
    while i < 81 {
        let (r, c) = (i / 9, i % 9);
        let b = r / 3 * 3 + c / 3;
        let bit = 1u128 << i;
        table[r] = CellSet::from_bits(table[r].bits() | bit);
        table[9 + c] = CellSet::from_bits(table[9 + c].bits() | bit);
        table[18 + b] = CellSet::from_bits(table[18 + b].bits() | bit);
        i += 1;
    }
    table
}

const fn peers_table() -> [CellSet; 81] {
    let houses = house_cells_table();
    let mut table = [CellSet::EMPTY; 81];
    let mut i = 0;
    while i < 81 {
        let (r, c) = (i / 9, i % 9);
        let b = r / 3 * 3 + c / 3;
        let all = houses[r].bits() | houses[9 + c].bits() | houses[18 + b].bits();
        table[i] = CellSet::from_bits(all & !(1u128 << i));
        i += 1;
    }
    table
}

/// Each house's cells in reading order.
const fn house_cell_lists() -> [[Cell; 9]; 27] {
    let mut table = [[Cell::new(0); 9]; 27];
    let mut n = 0;
    while n < 9 {
        let mut i = 0;
        while i < 9 {
            table[n as usize][i as usize] = Cell::at(n, i);
            table[9 + n as usize][i as usize] = Cell::at(i, n);
            table[18 + n as usize][i as usize] = Cell::at(n / 3 * 3 + i / 3, n % 3 * 3 + i % 3);
            i += 1;
        }
        n += 1;
    }
    table
}

static HOUSE_CELLS: [CellSet; 27] = house_cells_table();
static HOUSE_CELL_LISTS: [[Cell; 9]; 27] = house_cell_lists();
static PEERS: [CellSet; 81] = peers_table();

/// The cells that see every cell of `cells` (not counting those cells themselves).
pub(crate) fn common_peers(cells: CellSet) -> CellSet {
    cells.iter().fold(CellSet::ALL, |acc, c| acc.intersection(c.peers())).difference(cells)
}

/// The cells of band `band` (rows `3 * band` to `3 * band + 2`).
pub(crate) fn band_cells(band: usize) -> CellSet {
    (3 * band..3 * band + 3).fold(CellSet::EMPTY, |cells, r| cells.union(House::from_index(r).cells()))
}

/// The cells of stack `stack` (columns `3 * stack` to `3 * stack + 2`).
pub(crate) fn stack_cells(stack: usize) -> CellSet {
    (3 * stack..3 * stack + 3).fold(CellSet::EMPTY, |cells, c| cells.union(House::from_index(9 + c).cells()))
}

/// The cells that see some cell of `cells`: all of them for the whole grid.
pub(crate) fn seeing_any(cells: CellSet) -> CellSet {
    if cells == CellSet::ALL {
        return CellSet::ALL;
    }
    cells.iter().fold(CellSet::EMPTY, |acc, c| acc.union(c.peers()))
}

/// A position: per cell either a value or the set of digits still possible
/// (one digit, for a single not yet placed). A value is a given of the
/// puzzle or a digit placed since: uniqueness arguments that rest on the
/// givens (an avoidable rectangle) tell them apart.
///
/// A grid made from givens has as candidates every digit the givens leave;
/// [`Grid::place`] and [`Grid::eliminate`] change it the way a step does,
/// and what `place` puts in is never a given.
///
/// ```
/// use sudoku_explained::{Cell, Digit, Grid};
///
/// // The first puzzle of puzzles/seed-001.txt, row by row, 0 for an empty cell.
/// let line = "000005200060100090850000000400003000071209403000050060200300907003090020000000341";
/// let givens: [u8; 81] = std::array::from_fn(|i| line.as_bytes()[i] - b'0');
/// let mut grid = Grid::from_values(&givens);
///
/// // r1c1 is empty: its row holds 2 and 5, its column 2, 4 and 8, its box 5, 6 and 8.
/// let corner = Cell::at(0, 0);
/// assert_eq!(grid.value(corner), None);
/// assert_eq!(grid.candidates(corner).to_string(), "1379");
///
/// assert!(grid.eliminate(corner, Digit::new(7)));
/// assert_eq!(grid.candidates(corner).to_string(), "139");
/// assert_eq!(grid.filled_count(), 27);
/// ```
#[derive(Clone, Eq)]
pub struct Grid {
    values: [u8; 81],
    candidates: [DigitSet; 81],
    /// The same candidates seen per digit (index `digit - 1`): single-digit
    /// techniques read a digit's cells in one load instead of 81.
    digit_cells: [CellSet; 9],
    /// Where each digit is placed, so that "does this house hold it yet" is
    /// one intersection.
    placed: [CellSet; 9],
    /// The cells whose value is a given of the puzzle.
    givens: CellSet,
}

impl Grid {
    /// A grid with every cell empty and every digit possible.
    pub fn empty() -> Grid {
        Grid {
            values: [0; 81],
            candidates: [DigitSet::ALL; 81],
            digit_cells: [CellSet::ALL; 9],
            placed: [CellSet::EMPTY; 9],
            givens: CellSet::EMPTY,
        }
    }

    /// A grid from givens (0 for empty); candidates are what the givens leave.
    pub fn from_values(values: &[u8; 81]) -> Grid {
        let mut grid = Grid::empty();
        grid.give(values);
        grid
    }

    /// A grid with given candidates per empty cell, as a pencil-mark position.
    /// Candidates that a placed peer rules out are removed. Every value is
    /// taken as a given ([`Grid::with_placed`] says which were not).
    pub fn from_values_and_candidates(values: &[u8; 81], candidates: &[DigitSet; 81]) -> Grid {
        let mut digit_cells = [CellSet::EMPTY; 9];
        for c in Cell::all() {
            for d in candidates[c.index()].iter() {
                digit_cells[d.index()].insert(c);
            }
        }
        let mut grid = Grid {
            values: [0; 81],
            candidates: *candidates,
            digit_cells,
            placed: [CellSet::EMPTY; 9],
            givens: CellSet::EMPTY,
        };
        grid.give(values);
        grid
    }

    /// Places every nonzero value as a given.
    fn give(&mut self, values: &[u8; 81]) {
        for c in Cell::all() {
            let v = values[c.index()];
            if v != 0 {
                self.place(c, Digit::new(v));
                self.givens.insert(c);
            }
        }
    }

    /// The same grid with the values of `cells` taken as placed while
    /// solving rather than given (HoDoKu's `+5`). Cells without a value
    /// are left as they are.
    ///
    /// ```
    /// use sudoku_explained::{Cell, CellSet, Grid};
    ///
    /// let mut values = [0u8; 81];
    /// (values[0], values[1]) = (4, 7);
    /// let grid = Grid::from_values(&values).with_placed(CellSet::single(Cell::at(0, 1)));
    /// assert!(grid.is_given(Cell::at(0, 0)) && !grid.is_given(Cell::at(0, 1)));
    /// ```
    pub fn with_placed(mut self, cells: CellSet) -> Grid {
        self.givens = self.givens.difference(cells);
        self
    }

    /// The cells whose value is a given of the puzzle, not a digit placed since.
    pub fn givens(&self) -> CellSet {
        self.givens
    }

    /// Whether the cell holds a given (a digit placed since is none).
    pub fn is_given(&self, c: Cell) -> bool {
        self.givens.contains(c)
    }

    /// The digit placed in `c`, or `None` for an empty cell.
    pub fn value(&self, c: Cell) -> Option<Digit> {
        let v = self.values[c.index()];
        (v != 0).then(|| Digit::new(v))
    }

    /// Every cell's value, 0 for an empty cell, row by row.
    pub fn values(&self) -> &[u8; 81] {
        &self.values
    }

    /// The digits still possible in an empty cell; empty for a filled one.
    pub fn candidates(&self, c: Cell) -> DigitSet {
        self.candidates[c.index()]
    }

    /// Whether `d` is still a candidate of `c` (never for a filled cell).
    pub fn has_candidate(&self, c: Cell, d: Digit) -> bool {
        self.candidates[c.index()].contains(d)
    }

    /// Puts `d` in `c` and removes `d` from the candidates of every peer.
    pub fn place(&mut self, c: Cell, d: Digit) {
        self.values[c.index()] = d.get();
        self.placed[d.index()].insert(c);
        for e in self.candidates[c.index()].iter() {
            self.digit_cells[e.index()].remove(c);
        }
        self.candidates[c.index()] = DigitSet::EMPTY;
        let peers = c.peers();
        for p in self.digit_cells[d.index()].intersection(peers).iter() {
            self.candidates[p.index()].remove(d);
        }
        self.digit_cells[d.index()] = self.digit_cells[d.index()].difference(peers);
    }

    /// Removes a candidate; true when it was there.
    pub fn eliminate(&mut self, c: Cell, d: Digit) -> bool {
        let had = self.has_candidate(c, d);
        self.candidates[c.index()].remove(d);
        self.digit_cells[d.index()].remove(c);
        had
    }

    /// The cells with no value yet.
    pub fn empty_cells(&self) -> CellSet {
        CellSet::ALL.difference(self.placed.iter().fold(CellSet::EMPTY, |acc, &p| acc.union(p)))
    }

    /// The empty cells whose number of candidates lies in `counts`.
    pub fn cells_holding(&self, counts: std::ops::RangeInclusive<u32>) -> CellSet {
        // Each cell's count in binary, one set of cells per bit, summed
        // digit by digit: a few operations on whole sets instead of a
        // look at every cell.
        let mut planes = [0u128; 4];
        for d in &self.digit_cells {
            let mut carry = d.bits();
            for plane in planes.iter_mut() {
                let next = *plane & carry;
                *plane ^= carry;
                carry = next;
            }
        }
        let with_count = |n: u32| {
            planes
                .iter()
                .enumerate()
                .fold(CellSet::ALL.bits(), |acc, (i, &plane)| acc & if n >> i & 1 == 1 { plane } else { !plane })
        };
        let cells = counts.filter(|&n| n <= 9).fold(0, |acc, n| acc | with_count(n));
        CellSet::from_bits(cells).intersection(self.empty_cells())
    }

    /// The empty cells where `d` is still a candidate.
    pub fn cells_with(&self, d: Digit) -> CellSet {
        self.digit_cells[d.index()]
    }

    /// The cells where `d` is placed.
    pub fn placed(&self, d: Digit) -> CellSet {
        self.placed[d.index()]
    }

    /// The cells of `house` where `d` is still a candidate.
    pub fn house_cells_with(&self, house: House, d: Digit) -> CellSet {
        self.digit_cells[d.index()].intersection(house.cells())
    }

    /// The digits that are a candidate in exactly one cell of `house`: the
    /// hidden singles there. A few bit operations per cell instead of a
    /// look at every digit: both engines ask it of every house at every
    /// step.
    pub(crate) fn digits_with_one_place(&self, house: House) -> DigitSet {
        let (mut once, mut more) = (0u16, 0u16);
        for cell in house.cell_list() {
            let bits = self.candidates(cell).bits();
            more |= once & bits;
            once |= bits;
        }
        DigitSet::from_bits(once & !more)
    }

    /// True when `d` is already placed somewhere in `house`.
    pub fn house_has_value(&self, house: House, d: Digit) -> bool {
        !self.placed[d.index()].intersection(house.cells()).is_empty()
    }

    /// Whether this grid follows from `earlier` by removing candidates
    /// (and placing digits): no candidate here that `earlier` lacks.
    pub fn is_reduction_of(&self, earlier: &Grid) -> bool {
        self.digit_cells.iter().zip(&earlier.digit_cells).all(|(now, then)| now.difference(*then).is_empty())
    }

    /// The cells whose candidates differ from those of `earlier`, if this
    /// grid follows from it by removing candidates (and placing digits);
    /// `None` if a candidate came back.
    pub fn changed_since(&self, earlier: &Grid) -> Option<CellSet> {
        let mut changed = CellSet::EMPTY;
        for cell in Cell::all() {
            let (then, now) = (earlier.candidates(cell), self.candidates(cell));
            if now != then {
                if !now.difference(then).is_empty() {
                    return None;
                }
                changed.insert(cell);
            }
        }
        Some(changed)
    }

    /// True when every cell has a value.
    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// The number of cells with a value.
    pub fn filled_count(&self) -> usize {
        self.values.iter().filter(|&&v| v != 0).count()
    }
}

/// Two grids are equal when their digits' candidate cells, placed cells and
/// givens are: those determine every value and candidate, and which values
/// were given. Comparing 19 words instead of every field matters to the
/// rating's caches, which compare reduced grids at every stall of their
/// searches.
impl PartialEq for Grid {
    fn eq(&self, other: &Grid) -> bool {
        let bits = |sets: &[CellSet; 9]| sets.map(CellSet::bits);
        bits(&self.digit_cells) == bits(&other.digit_cells)
            && bits(&self.placed) == bits(&other.placed)
            && self.givens == other.givens
    }
}

/// Hashes what equality compares.
impl std::hash::Hash for Grid {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.digit_cells.map(CellSet::bits).hash(state);
        self.placed.map(CellSet::bits).hash(state);
        self.givens.bits().hash(state);
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in Cell::all() {
            if c.col() == 0 && c.row() > 0 {
                writeln!(f)?;
            }
            match self.value(c) {
                Some(d) if self.is_given(c) => write!(f, "{d:<10}")?,
                Some(d) => write!(f, "{:<10}", format!("+{d}"))?,
                None => write!(f, "{:<10}", format!("{{{}}}", self.candidates(c)))?,
            }
        }
        Ok(())
    }
}

/// For each digit (index `digit - 1`), the empty cells that still hold it:
/// one pass over the grid, for techniques that look at many houses.
pub(crate) fn digit_cells(grid: &Grid) -> [CellSet; 9] {
    std::array::from_fn(|i| grid.cells_with(Digit::new(i as u8 + 1)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Positions read from the bits are those of the cell list, in every
    /// house, for a few scattered sets of cells; `cells_at` and `position`
    /// read them back.
    #[test]
    fn positions_follow_each_house_s_cell_list() {
        for seed in [0x1234_5678_9abc_def0_1357_9bdf_u128, 0xdead_beef_u128 << 40, (1u128 << 81) - 1] {
            let cells = CellSet::from_bits(seed & CellSet::ALL.bits());
            for house in House::all() {
                let list = house.cell_list();
                let slow = (0..9).filter(|&i| cells.contains(list[i])).fold(0u16, |m, i| m | 1 << i);
                assert_eq!(house.positions(cells), slow, "{house}");
                assert_eq!(house.cells_at(slow), cells.intersection(house.cells()), "{house}");
                for (i, &cell) in list.iter().enumerate() {
                    assert_eq!(house.position(cell), i, "{cell} in {house}");
                }
            }
        }
    }

    /// The hidden singles of a house: its digits with one candidate cell,
    /// none that has two or more, nor one placed there.
    #[test]
    fn digits_with_one_place_are_the_hidden_singles() {
        let mut grid = Grid::empty();
        let row = House::row(2);
        grid.place(Cell::at(2, 0), Digit::new(9));
        for col in 1..8 {
            grid.eliminate(Cell::at(2, col), Digit::new(4));
        }
        for col in 2..9 {
            grid.eliminate(Cell::at(2, col), Digit::new(6));
        }
        let found = grid.digits_with_one_place(row);
        assert_eq!(found.iter().map(Digit::get).collect::<Vec<_>>(), [4, 6]);
        assert!(grid.digits_with_one_place(House::row(5)).is_empty());
    }

    /// Our words say box, SE's block.
    #[test]
    fn each_kind_has_our_words_and_se_s() {
        let words = |kind: HouseKind| (kind.word(), kind.plural(), kind.se_word());
        assert_eq!(words(HouseKind::Block), ("box", "boxes", "block"));
        assert_eq!(words(HouseKind::Col), ("column", "columns", "column"));
        assert_eq!(words(HouseKind::Row), ("row", "rows", "row"));
        assert_eq!(House::col(6).long_name(), "column 7");
    }

    /// Position 1 of a box is its top middle cell, not its middle left one:
    /// reading order, row by row.
    #[test]
    fn a_box_s_positions_go_row_by_row() {
        let block = House::block(4);
        let cells: CellSet = [Cell::at(3, 4), Cell::at(5, 5)].into_iter().collect();
        assert_eq!(block.positions(cells), 0b1_0000_0010);
        assert_eq!(block.position(Cell::at(4, 3)), 3);
        assert_eq!(House::row(5).positions(cells), 1 << 5);
        assert_eq!(House::col(4).positions(cells), 1 << 3);
    }

    /// The per-digit view agrees with the per-cell candidates.
    fn assert_views_agree(grid: &Grid) {
        for d in Digit::all() {
            let by_cell: CellSet = Cell::all().filter(|&c| grid.candidates(c).contains(d)).collect();
            assert_eq!(grid.cells_with(d), by_cell, "digit {d}");
        }
    }

    /// Equality reads the per-digit views only; it must agree with every
    /// value and candidate, through placements and eliminations.
    #[test]
    fn grids_are_equal_exactly_when_every_value_and_candidate_is() {
        let same =
            |a: &Grid, b: &Grid| Cell::all().all(|c| a.value(c) == b.value(c) && a.candidates(c) == b.candidates(c));
        let mut grids = vec![Grid::empty()];
        let mut grid = Grid::empty();
        for (i, cell) in Cell::all().step_by(7).enumerate() {
            let d = Digit::new((i % 9) as u8 + 1);
            if grid.candidates(cell).contains(d) {
                grid.place(cell, d);
                grids.push(grid.clone());
            }
            let other = Cell::new(((cell.index() + 40) % 81) as u8);
            grid.eliminate(other, Digit::new(((i + 4) % 9) as u8 + 1));
            grids.push(grid.clone());
        }
        // A grid rebuilt another way equals the first.
        grids.push(Grid::from_values(&[0; 81]));
        let mut equal = 0;
        for a in &grids {
            for b in &grids {
                assert_eq!(a == b, same(a, b));
                equal += usize::from(a == b);
            }
        }
        assert!(equal > grids.len(), "some grids repeat");
        assert!(grids.len() > 15);
        // The same values, given rather than placed: another position.
        let given = Grid::from_values(grid.values());
        let placed = given.clone().with_placed(given.givens());
        assert!(same(&given, &placed) && given != placed);
        let rebuilt = Grid::from_values(grid.values()).with_placed(CellSet::ALL);
        assert_eq!(placed, rebuilt);
        let set: std::collections::HashSet<Grid> = [given, placed, rebuilt].into_iter().collect();
        assert_eq!(set.len(), 2);
    }

    /// Givens are the values a grid is made from; what a step places is not one.
    #[test]
    fn givens_are_what_the_grid_was_made_from() {
        let mut values = [0u8; 81];
        values[0] = 3;
        values[40] = 5;
        let mut grid = Grid::from_values(&values);
        grid.place(Cell::at(8, 8), Digit::new(9));
        assert_eq!(grid.givens(), [Cell::at(0, 0), Cell::at(4, 4)].into_iter().collect());
        assert!(!grid.is_given(Cell::at(8, 8)) && grid.value(Cell::at(8, 8)).is_some());
        let pencil = Grid::from_values_and_candidates(&values, &[DigitSet::ALL; 81]);
        assert_eq!(pencil.givens(), Grid::from_values(&values).givens());
        let placed = pencil.with_placed([Cell::at(4, 4), Cell::at(1, 1)].into_iter().collect());
        assert_eq!(placed.givens(), CellSet::single(Cell::at(0, 0)), "an empty cell is never a given");
        let shown = format!("{placed:?}");
        assert_eq!((shown.matches("+5").count(), shown.matches('+').count()), (1, 1), "{shown}");
    }

    #[test]
    fn digit_view_follows_placements_and_eliminations() {
        let seed = "006002951980500007005039204029160040840203060600078090008050416367901020504020000";
        let values: Vec<u8> = seed.bytes().map(|b| b - b'0').collect();
        let mut grid = Grid::from_values(&values.clone().try_into().unwrap());
        assert_views_agree(&grid);
        grid.eliminate(Cell::at(0, 0), Digit::new(3));
        grid.eliminate(Cell::at(0, 0), Digit::new(3));
        assert_views_agree(&grid);
        grid.place(Cell::at(0, 1), Digit::new(3));
        assert_views_agree(&grid);
        let mut candidates = [DigitSet::ALL; 81];
        candidates[40] = DigitSet::from_bits(0b101);
        let pencil = Grid::from_values_and_candidates(&values.try_into().unwrap(), &candidates);
        assert_views_agree(&pencil);
    }

    #[test]
    fn every_cell_has_twenty_peers() {
        for c in Cell::all() {
            assert_eq!(c.peers().len(), 20, "{c}");
            assert!(!c.peers().contains(c));
        }
    }

    #[test]
    fn houses_hold_nine_cells_in_reading_order() {
        for h in House::all() {
            let list = h.cell_list();
            assert_eq!(h.cells(), list.iter().copied().collect());
            assert!(list.windows(2).all(|w| w[0] < w[1]));
        }
        assert_eq!(House::block(4).cell_list()[0], Cell::at(3, 3));
        assert_eq!(House::block(8).to_string(), "b9");
        assert_eq!(Cell::at(3, 6).to_string(), "r4c7");
        assert_eq!(Cell::at(3, 6).block(), 5);
    }

    #[test]
    fn placing_removes_the_digit_from_peers_only() {
        let mut g = Grid::empty();
        let c = Cell::at(4, 4);
        g.place(c, Digit::new(5));
        assert_eq!(g.value(c), Some(Digit::new(5)));
        assert!(g.candidates(c).is_empty());
        for p in c.peers().iter() {
            assert!(!g.has_candidate(p, Digit::new(5)));
        }
        assert!(g.has_candidate(Cell::at(0, 0), Digit::new(5)));
    }

    #[test]
    fn cells_holding_counts_each_cells_candidates() {
        let puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let values: Vec<u8> = puzzle.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
        let mut grid = Grid::from_values(&values.try_into().unwrap());
        for (i, d) in [(1, 2), (2, 6), (3, 9), (12, 1), (40, 5)] {
            grid.eliminate(Cell::new(i), Digit::new(d));
        }
        for counts in [0..=0, 2..=2, 3..=3, 2..=4, 5..=9, 0..=9] {
            let expected: CellSet =
                grid.empty_cells().iter().filter(|&c| counts.contains(&grid.candidates(c).len())).collect();
            assert_eq!(grid.cells_holding(counts.clone()), expected, "{counts:?}");
        }
        assert!(!grid.cells_holding(2..=4).is_empty());
    }

    #[test]
    fn bands_and_stacks_are_three_lines() {
        assert_eq!(band_cells(1), House::row(3).cells().union(House::row(4).cells()).union(House::row(5).cells()));
        assert_eq!(stack_cells(2), House::col(6).cells().union(House::col(7).cells()).union(House::col(8).cells()));
    }

    #[test]
    fn seeing_any_is_every_peer_of_the_cells() {
        let (a, b) = (Cell::at(0, 0), Cell::at(8, 8));
        let both: CellSet = [a, b].into_iter().collect();
        assert_eq!(seeing_any(both), a.peers().union(b.peers()));
        assert_eq!(seeing_any(CellSet::EMPTY), CellSet::EMPTY);
        assert_eq!(seeing_any(CellSet::ALL), CellSet::ALL);
    }

    #[test]
    fn common_peers_of_two_cells_in_one_row_and_box() {
        let cells: CellSet = [Cell::at(0, 0), Cell::at(0, 1)].into_iter().collect();
        // 7 more in the row, 6 more in the box outside the row.
        assert_eq!(common_peers(cells).len(), 13);
    }

    #[test]
    fn a_reduction_has_no_candidate_its_earlier_grid_lacks() {
        let earlier = Grid::empty();
        let mut later = earlier.clone();
        later.eliminate(Cell::at(4, 4), Digit::new(5));
        later.place(Cell::at(0, 0), Digit::new(1));
        assert!(later.is_reduction_of(&earlier) && earlier.is_reduction_of(&earlier));
        assert!(!earlier.is_reduction_of(&later));
        assert_eq!(later.is_reduction_of(&earlier), later.changed_since(&earlier).is_some());
    }
}
