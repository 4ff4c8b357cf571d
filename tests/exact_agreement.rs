//! The exact solver agrees with the plain backtracking oracle
//! (`backtrack::count_by_backtracking`) on samples of every bundled puzzle set, on
//! random partial grids, and on edge cases (clashes, empty, solved grids).
use std::path::Path;
use sudoku_explained::{exact, exact::backtrack::count_by_backtracking};

/// Puzzles of a bundled set (`puzzles/NAME`), every `step`-th one from the
/// start up to `n` of them: a spread over the file, not just its beginning.
fn sample(name: &str, n: usize) -> Vec<[u8; 81]> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let all: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.starts_with('#') && l.len() >= 81).collect();
    assert!(!all.is_empty(), "no puzzles in {}", path.display());
    let step = (all.len() / n).max(1);
    all.iter().step_by(step).take(n).map(|l| parse(l)).collect()
}

fn parse(line: &str) -> [u8; 81] {
    let mut g = [0u8; 81];
    for (cell, b) in g.iter_mut().zip(line.bytes()) {
        *cell = if b.is_ascii_digit() { b - b'0' } else { 0 };
    }
    g
}

/// A complete grid with every row, column and box holding 1..=9.
fn is_solution_of(givens: &[u8; 81], s: &[u8; 81]) -> bool {
    let complete = (0..9).all(|i| {
        let (mut row, mut col, mut bx) = (0u16, 0u16, 0u16);
        for j in 0..9 {
            row |= 1 << s[9 * i + j];
            col |= 1 << s[9 * j + i];
            bx |= 1 << s[9 * (i / 3 * 3 + j / 3) + i % 3 * 3 + j % 3];
        }
        row == 0x3fe && col == 0x3fe && bx == 0x3fe
    });
    complete && (0..81).all(|i| givens[i] == 0 || givens[i] == s[i])
}

/// Every entry point agrees with the oracle on `p`; returns the count.
fn check(p: &[u8; 81]) -> usize {
    let (want, oracle_sols) = count_by_backtracking(p, 2);
    let got = exact::count_solutions(p, 2);
    assert_eq!(got.count, want, "count to 2 of {p:?}");
    let (n, sols) = exact::two_solutions(p);
    assert_eq!(n, want);
    assert_eq!(sols.len(), want);
    assert!(sols.iter().all(|s| is_solution_of(p, s)));
    if want == 2 {
        assert_ne!(sols[0], sols[1], "two distinct solutions");
    }
    let first = exact::solution(p);
    assert_eq!(exact::count_solutions(p, 1).count, want.min(1));
    match want {
        0 => assert!(first.is_none() && got.solution.is_none()),
        // A unique solution is the oracle's, whichever way it was reached.
        1 => {
            assert_eq!(got.solution, Some(oracle_sols[0]));
            assert_eq!(first, Some(oracle_sols[0]));
            assert_eq!(sols[0], oracle_sols[0]);
        }
        _ => {
            assert!(is_solution_of(p, &first.expect("solvable")));
            assert!(is_solution_of(p, &got.solution.expect("solvable")));
        }
    }
    want
}

fn check_set(name: &str, n: usize, expected: usize) {
    for p in sample(name, n) {
        assert_eq!(check(&p), expected, "{name}: {p:?}");
    }
}

#[test]
fn agrees_on_17_clue_sample() {
    check_set("17-clue-sample.txt", 300, 1);
}

#[test]
fn agrees_on_top1465() {
    check_set("top1465.txt", 150, 1);
}

#[test]
fn agrees_on_forum_hardest_1905_sample() {
    check_set("forum-hardest-1905-sample.txt", 50, 1);
}

#[test]
fn agrees_on_forum_hardest_1106() {
    check_set("forum-hardest-1106.txt", 30, 1);
}

#[test]
fn agrees_on_serg_multi_solution_sample() {
    // Every puzzle of this set has several solutions.
    check_set("serg-multi-solution-sample.txt", 300, 2);
}

#[test]
fn counts_beyond_two_agree() {
    // Larger limits: the count stops exactly at the limit, or is exact below.
    for p in sample("serg-multi-solution-sample.txt", 40) {
        for limit in [3, 7, 25] {
            assert_eq!(
                exact::count_solutions(&p, limit).count,
                count_by_backtracking(&p, limit).0,
                "limit {limit}: {p:?}"
            );
        }
    }
}

const SOLVED: &str = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

#[test]
fn empty_grid_has_several_solutions() {
    let empty = [0u8; 81];
    assert_eq!(check(&empty), 2);
    assert_eq!(exact::count_solutions(&empty, 5).count, 5);
    assert_eq!(exact::count_solutions(&empty, 0).count, 1, "a limit of 0 counts as 1");
}

#[test]
fn solved_grid_has_one_solution() {
    let g = parse(SOLVED);
    assert_eq!(check(&g), 1);
    let s = exact::count_solutions(&g, 2);
    assert_eq!((s.solution, s.guesses), (Some(g), 0));
    assert_eq!(exact::two_solutions(&g), (1, vec![g]));
}

#[test]
fn solved_grid_minus_one_given_has_one_solution() {
    let g = parse(SOLVED);
    for i in 0..81 {
        let mut p = g;
        p[i] = 0;
        assert_eq!(check(&p), 1, "cell {i} removed");
        assert_eq!(exact::solution(&p), Some(g));
    }
}

#[test]
fn clashing_givens_give_zero() {
    // The same digit twice in a row, a column, a box; within a band, across
    // bands and across stacks.
    let pairs = [(0, 8), (0, 72), (0, 20), (40, 44), (40, 76), (30, 50), (80, 62), (26, 53), (9, 10)];
    for (a, b) in pairs {
        for d in 1..=9 {
            let mut p = [0u8; 81];
            p[a] = d;
            p[b] = d;
            assert_eq!(check(&p), 0, "cells {a} and {b} both {d}");
            assert_eq!(exact::two_solutions(&p), (0, vec![]));
        }
    }
    // A clash inside an otherwise complete grid, and two cells swapped.
    let mut g = parse(SOLVED);
    g[0] = g[1];
    assert_eq!(check(&g), 0);
    let mut g = parse(SOLVED);
    g.swap(0, 1);
    assert_eq!(check(&g), 0);
}

#[test]
fn unsolvable_grid_without_clash_gives_zero() {
    // Row 0 holds 1..=8, and a 9 lower in column 8 leaves cell 8 nothing.
    let mut p = [0u8; 81];
    for (c, cell) in p.iter_mut().take(8).enumerate() {
        *cell = c as u8 + 1;
    }
    p[9 * 4 + 8] = 9;
    assert_eq!(check(&p), 0);
}

#[test]
fn values_above_nine_give_zero_without_panic() {
    for v in [10u8, 11, 99, 127, 128, 200, 255] {
        for i in [0usize, 7, 8, 40, 79, 80] {
            let mut p = [0u8; 81];
            p[i] = v;
            assert_eq!(exact::count_solutions(&p, 2).count, 0);
            assert_eq!(exact::two_solutions(&p), (0, vec![]));
            assert!(exact::solution(&p).is_none());
        }
    }
}

#[test]
fn random_partial_grids_agree() {
    // Relabelled copies of a solved grid with random cells blanked (from 18 to
    // 57 kept: many have several solutions) and, in a third of them, one
    // random value written anywhere (which may clash). Fixed xorshift seed.
    let base = parse(SOLVED);
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    for round in 0..300 {
        let mut perm: Vec<u8> = (1..=9).collect();
        for i in (1..9).rev() {
            perm.swap(i, (next() % (i as u64 + 1)) as usize);
        }
        let mut p = base.map(|v| perm[v as usize - 1]);
        let keep = 18 + round % 40;
        for cell in p.iter_mut() {
            if (next() % 81) as usize >= keep {
                *cell = 0;
            }
        }
        if round % 3 == 0 {
            p[(next() % 81) as usize] = (next() % 10) as u8;
        }
        check(&p);
    }
}

#[test]
fn pencil_mark_positions_agree() {
    // Sparse puzzles (several solutions) with random candidates struck from
    // empty cells: the masks cut solutions away, down to one or none.
    use sudoku_explained::exact::backtrack::count_by_backtracking_within;
    let mut x = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut seen = [0usize; 3];
    for p in sample("serg-multi-solution-sample.txt", 60).into_iter().chain(sample("top1465.txt", 60)) {
        for strikes in [1usize, 4, 12, 40] {
            let mut masks = [0x3feu16; 81];
            for _ in 0..strikes {
                let cell = (next() % 81) as usize;
                masks[cell] &= !(2 << (next() % 9));
            }
            let (want, _) = count_by_backtracking_within(&p, &masks, 2);
            seen[want] += 1;
            let (n, sols) = exact::two_solutions_within(&p, &masks);
            assert_eq!(n, want, "{p:?} {masks:?}");
            assert_eq!(exact::count_solutions_within(&p, &masks, 2).count, want);
            for s in &sols {
                assert!(is_solution_of(&p, s));
                assert!((0..81).all(|i| p[i] != 0 || masks[i] & (1 << s[i]) != 0), "a solution outside the marks");
            }
        }
    }
    assert!(seen.iter().all(|&n| n > 0), "every count 0, 1, 2 was exercised: {seen:?}");
}
