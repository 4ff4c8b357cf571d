//! A plain, obviously correct backtracking solver: the oracle that tests
//! check the fast exact solver and every technique against. Slow; use
//! [`exact`](crate::exact) for real work.
//!
//! ```
//! use sudoku_explained::exact::backtrack::count_by_backtracking;
//!
//! let line = "000005200060100090850000000400003000071209403000050060200300907003090020000000341";
//! let givens = sudoku_explained::io::from_argument(line).remove(0)?.givens;
//! let (count, solutions) = count_by_backtracking(&givens, 2);
//! assert_eq!(count, 1);
//! assert_eq!(sudoku_explained::exact::solution(&givens), Some(solutions[0]));
//! # Ok::<(), sudoku_explained::io::InputError>(())
//! ```

/// Counts solutions of `values` (0 for empty), stopping at `limit`, and
/// returns the count with the first `min(count, 2)` solutions found.
pub fn count_by_backtracking(values: &[u8; 81], limit: usize) -> (usize, Vec<[u8; 81]>) {
    count_by_backtracking_within(values, &[ALL_DIGITS; 81], limit)
}

/// Every digit allowed: bits 1..=9.
const ALL_DIGITS: u16 = 0x3fe;

/// Like [`count_by_backtracking`], but an empty cell may only take the digits of
/// its mask (bit `d` for digit `d`): the solutions of a pencil-mark position.
pub fn count_by_backtracking_within(values: &[u8; 81], masks: &[u16; 81], limit: usize) -> (usize, Vec<[u8; 81]>) {
    let mut grid = *values;
    let mut found = Vec::new();
    let mut count = 0;
    if consistent(&grid) {
        search(&mut grid, masks, limit, &mut count, &mut found);
    }
    (count, found)
}

/// The first solution, if any.
pub fn solution_by_backtracking(values: &[u8; 81]) -> Option<[u8; 81]> {
    count_by_backtracking(values, 1).1.into_iter().next()
}

fn allowed(grid: &[u8; 81], i: usize) -> u16 {
    let (r, c) = (i / 9, i % 9);
    let (br, bc) = (r / 3 * 3, c / 3 * 3);
    let mut used = 0u16;
    for k in 0..9 {
        used |= 1 << grid[r * 9 + k];
        used |= 1 << grid[k * 9 + c];
        used |= 1 << grid[(br + k / 3) * 9 + bc + k % 3];
    }
    !used & 0x3fe
}

/// No digit twice in a house among the givens.
fn consistent(grid: &[u8; 81]) -> bool {
    let mut copy = *grid;
    (0..81).all(|i| {
        let v = copy[i];
        if v == 0 {
            return true;
        }
        copy[i] = 0;
        let ok = allowed(&copy, i) & (1 << v) != 0;
        copy[i] = v;
        ok
    })
}

fn search(grid: &mut [u8; 81], masks: &[u16; 81], limit: usize, count: &mut usize, found: &mut Vec<[u8; 81]>) {
    // Branch on the empty cell with the fewest options: correct for any order,
    // and this one keeps the oracle fast enough for tests over thousands of puzzles.
    let mut best: Option<(usize, u16)> = None;
    for i in 0..81 {
        if grid[i] == 0 {
            let opts = allowed(grid, i) & masks[i];
            if best.is_none_or(|(_, b)| opts.count_ones() < b.count_ones()) {
                best = Some((i, opts));
                if opts.count_ones() <= 1 {
                    break;
                }
            }
        }
    }
    let Some((i, opts)) = best else {
        *count += 1;
        if found.len() < 2 {
            found.push(*grid);
        }
        return;
    };
    for d in 1..=9u8 {
        if opts & (1 << d) != 0 {
            grid[i] = d;
            search(grid, masks, limit, count, found);
            grid[i] = 0;
            if *count >= limit {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> [u8; 81] {
        let v: Vec<u8> = s.bytes().map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 }).collect();
        v.try_into().unwrap()
    }

    #[test]
    fn solves_the_seed_puzzle_uniquely() {
        let p = parse("006002951980500007005039204029160040840203060600078090008050416367901020504020000");
        let (n, sols) = count_by_backtracking(&p, 2);
        assert_eq!(n, 1);
        let s = sols[0];
        assert!(s.iter().all(|&v| v != 0));
        assert!((0..81).all(|i| p[i] == 0 || p[i] == s[i]));
        assert!(consistent(&s));
    }

    #[test]
    fn masks_restrict_the_digits_of_empty_cells() {
        let p = parse("006002951980500007005039204029160040840203060600078090008050416367901020504020000");
        let solution = solution_by_backtracking(&p).unwrap();
        let mut masks = [ALL_DIGITS; 81];
        masks[0] &= !(1 << solution[0]);
        assert_eq!(count_by_backtracking_within(&p, &masks, 2).0, 0);
    }

    #[test]
    fn empty_grid_has_several_solutions_and_a_clash_none() {
        assert_eq!(count_by_backtracking(&[0; 81], 2).0, 2);
        let mut clash = [0u8; 81];
        clash[0] = 5;
        clash[8] = 5;
        assert_eq!(count_by_backtracking(&clash, 2).0, 0);
    }
}
