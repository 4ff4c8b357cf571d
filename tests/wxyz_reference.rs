//! WXYZ-Wing prunes its search hard (cells that would break the rule of one
//! unrestricted digit, digits no later cell can bring, wings with no
//! target). Here a plain enumeration of the definition, with no pruning at
//! all, must find the same first wing at every position along real solves.

use sudoku_explained::explain::first_step;
use sudoku_explained::io::Records;
use sudoku_explained::{registry, solve, Candidate, Cell, Grid, SolveOptions, TechniqueId};

/// The first WXYZ-Wing by the definition: for each set of four digits in
/// increasing mask order, each four cells (holding two to four candidates,
/// all from the set) in increasing order, whose candidates are the whole
/// set, where the digits that two cells not seeing each other share are
/// one digit `z` in all, and some other cell holding `z` sees every cell
/// of the four that holds it.
fn first_wing(grid: &Grid) -> Option<(Vec<Cell>, Vec<Candidate>)> {
    let open: Vec<Cell> = Cell::all().filter(|&c| (2..=4).contains(&grid.candidates(c).len())).collect();
    for digits in (0u16..0x200).filter(|m| m.count_ones() == 4) {
        let cells: Vec<Cell> = open.iter().copied().filter(|&c| grid.candidates(c).bits() & !digits == 0).collect();
        let n = cells.len();
        for a in 0..n {
            for b in a + 1..n {
                for c in b + 1..n {
                    for d in c + 1..n {
                        let wing = [cells[a], cells[b], cells[c], cells[d]];
                        if let Some(targets) = targets(grid, &wing, digits) {
                            return Some((wing.to_vec(), targets));
                        }
                    }
                }
            }
        }
    }
    None
}

fn targets(grid: &Grid, wing: &[Cell; 4], digits: u16) -> Option<Vec<Candidate>> {
    let union = wing.iter().fold(0, |acc, &c| acc | grid.candidates(c).bits());
    if union != digits {
        return None;
    }
    let mut unrestricted = 0u16;
    for (i, &p) in wing.iter().enumerate() {
        for &q in &wing[i + 1..] {
            if !p.sees(q) {
                unrestricted |= grid.candidates(p).bits() & grid.candidates(q).bits();
            }
        }
    }
    if unrestricted.count_ones() != 1 {
        return None;
    }
    let z = sudoku_explained::Digit::new(unrestricted.trailing_zeros() as u8 + 1);
    let holders: Vec<Cell> = wing.iter().copied().filter(|&c| grid.has_candidate(c, z)).collect();
    let found: Vec<Candidate> = Cell::all()
        .filter(|&t| !wing.contains(&t) && grid.has_candidate(t, z) && holders.iter().all(|&h| h.sees(t)))
        .map(|t| Candidate::new(t, z))
        .collect();
    (!found.is_empty()).then_some(found)
}

#[test]
fn the_pruned_search_finds_the_first_wing_of_the_plain_enumeration() {
    let wxyz = registry().iter().find(|t| t.id() == TechniqueId::WxyzWing).expect("WXYZ-Wing is registered");
    let (mut positions, mut wings) = (0, 0);
    for file in ["top95.txt", "techniques.txt"] {
        let path = format!("{}/puzzles/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read(&path).unwrap();
        for record in Records::new(&text[..]) {
            let puzzle = record.expect("bundled puzzles parse");
            let outcome = solve(&puzzle, SolveOptions::default(), &mut sudoku_explained::explain::Silent);
            let mut grid = puzzle.grid();
            for step in &outcome.steps {
                let found = first_step(*wxyz, &grid).map(|s| (s.cells.clone(), s.eliminations.clone()));
                assert_eq!(found, first_wing(&grid), "{file} line {}: {}", puzzle.line, grid_text(&grid));
                wings += usize::from(found.is_some());
                positions += 1;
                step.apply_to(&mut grid);
            }
        }
    }
    assert!(positions > 5_000 && wings > 500, "{positions} positions, {wings} with a wing");
}

/// The candidates cell by cell, to rebuild a failing position.
fn grid_text(grid: &Grid) -> String {
    let cells: Vec<String> = Cell::all().map(|c| format!("{:?}", grid.candidates(c).bits())).collect();
    cells.join(" ")
}
