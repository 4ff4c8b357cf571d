//! Every forcing step's implications hold in the grid before the step: each
//! fact follows from the grid and its parents by the rules alone, each
//! branch ends as its kind requires, and the step's result is what the
//! branches prove. Checked without the forcing search's code, over the
//! forcing steps of a sample.

use crate::step_check;

use step_check::check_steps;
use sudoku_explained::explain::{Branch, Contradiction, Fact, FactReason, Forcing, ForcingKind};
use sudoku_explained::{Candidate, Digit, DigitSet, Grid, House, Step, TechniqueId};

/// The chain techniques: every fact has at most one parent, and singles
/// only where the grid itself has two candidates or two places.
fn is_chain(t: TechniqueId) -> bool {
    matches!(
        t,
        TechniqueId::ContradictionForcingChain
            | TechniqueId::CellForcingChain
            | TechniqueId::HouseForcingChain
            | TechniqueId::KrakenFish1
            | TechniqueId::KrakenFish2
    )
}

fn places(grid: &Grid, house: House, digit: Digit) -> Vec<Candidate> {
    house.cells().iter().filter(|&c| grid.has_candidate(c, digit)).map(|c| Candidate::new(c, digit)).collect()
}

fn same(a: &Fact, b: &Fact) -> bool {
    a.candidate == b.candidate && a.holds == b.holds
}

/// Checks one branch; `outer` is the enclosing branch and the index of the
/// fact it proves, for a nested branch.
fn check_branch(
    grid: &Grid,
    step: &Step,
    forcing: &Forcing,
    branch: &Branch,
    outer: Option<(&Branch, usize)>,
) -> Result<(), String> {
    let chain = is_chain(step.technique);
    let mut assumed = 0;
    for (i, f) in branch.facts.iter().enumerate() {
        let c = f.candidate;
        if !grid.has_candidate(c.cell, c.digit) {
            return Err(format!("fact {i}: {} is not a candidate", f.notation()));
        }
        if f.parents.iter().any(|&p| p >= i) {
            return Err(format!("fact {i}: a parent comes after it"));
        }
        if chain && f.parents.len() > 1 {
            return Err(format!("fact {i}: a chain fact with several parents"));
        }
        let parents: Vec<&Fact> = f.parents.iter().map(|&p| &branch.facts[p]).collect();
        let ok = match f.reason {
            FactReason::Assumed => {
                assumed += 1;
                f.holds && parents.is_empty()
            }
            FactReason::Known(j) => match outer {
                Some((o, at)) => j < at && same(&o.facts[j], f) && parents.is_empty(),
                None => false,
            },
            FactReason::SameCell => {
                !f.holds
                    && parents.len() == 1
                    && parents[0].holds
                    && parents[0].candidate.cell == c.cell
                    && parents[0].candidate.digit != c.digit
            }
            FactReason::SameHouse(h) => {
                let p = parents.first().map(|p| p.candidate);
                !f.holds
                    && parents.len() == 1
                    && parents[0].holds
                    && p.is_some_and(|p| {
                        p.digit == c.digit
                            && p.cell != c.cell
                            && h.cells().contains(p.cell)
                            && h.cells().contains(c.cell)
                    })
            }
            FactReason::OnlyCandidate => {
                let ruled_out: DigitSet = parents
                    .iter()
                    .filter(|p| !p.holds && p.candidate.cell == c.cell)
                    .map(|p| p.candidate.digit)
                    .collect();
                let others: Vec<Digit> = grid.candidates(c.cell).iter().filter(|&d| d != c.digit).collect();
                f.holds
                    && others.iter().all(|&d| ruled_out.contains(d))
                    && (!chain || grid.candidates(c.cell).len() == 2)
            }
            FactReason::OnlyPlace(h) => {
                let all = places(grid, h, c.digit);
                let ruled_out: Vec<Candidate> = parents.iter().filter(|p| !p.holds).map(|p| p.candidate).collect();
                f.holds
                    && h.cells().contains(c.cell)
                    && all.iter().filter(|&&p| p != c).all(|p| ruled_out.contains(p))
                    && (!chain || all.len() == 2)
            }
            FactReason::Locked { confined, line } => {
                // Every place of the digit in `confined` outside `line` is
                // ruled out by a parent: the digit is where they meet.
                let ruled_out: Vec<Candidate> = parents.iter().filter(|p| !p.holds).map(|p| p.candidate).collect();
                let outside: Vec<Candidate> =
                    places(grid, confined, c.digit).into_iter().filter(|p| !line.cells().contains(p.cell)).collect();
                let is_box = |h: House| h.to_string().starts_with('b');
                let crossing = is_box(confined) != is_box(line);
                !f.holds
                    && !chain
                    && crossing
                    && line.cells().contains(c.cell)
                    && !confined.cells().contains(c.cell)
                    && places(grid, confined, c.digit).iter().any(|p| line.cells().contains(p.cell))
                    && outside.iter().all(|p| ruled_out.contains(p))
            }
            FactReason::Contradicts(k) => {
                let nested = forcing.nested.get(k);
                !f.holds
                    && !chain
                    && nested.is_some_and(|n| {
                        n.contradiction.is_some()
                            && n.facts.iter().any(|g| g.reason == FactReason::Assumed && g.candidate == c && g.holds)
                            && check_branch(grid, step, forcing, n, Some((branch, i))).is_ok()
                    })
            }
        };
        if !ok {
            return Err(format!("fact {i} ({}, {}) does not follow", f.notation(), f.reason.as_str()));
        }
    }
    if assumed != 1 {
        return Err(format!("{assumed} assumptions in one branch"));
    }
    match &branch.contradiction {
        None => Ok(()),
        Some(Contradiction::Both { on, off }) => {
            let (a, b) = (&branch.facts[*on], &branch.facts[*off]);
            if a.candidate == b.candidate && a.holds && !b.holds {
                Ok(())
            } else {
                Err("the contradiction's two facts do not clash".into())
            }
        }
        Some(Contradiction::NoCandidate { cell, facts }) => {
            let off: DigitSet = facts
                .iter()
                .map(|&i| &branch.facts[i])
                .filter(|f| !f.holds && f.candidate.cell == *cell)
                .map(|f| f.candidate.digit)
                .collect();
            if off == grid.candidates(*cell) {
                Ok(())
            } else {
                Err(format!("{cell} keeps a candidate"))
            }
        }
        Some(Contradiction::NoPlace { house, digit, facts }) => {
            let off: Vec<Candidate> =
                facts.iter().map(|&i| &branch.facts[i]).filter(|f| !f.holds).map(|f| f.candidate).collect();
            if places(grid, *house, *digit).iter().all(|p| off.contains(p)) {
                Ok(())
            } else {
                Err(format!("{digit} keeps a place in {house}"))
            }
        }
    }
}

fn check(grid: &Grid, step: &Step, forcing: &Forcing) -> Result<(), String> {
    for branch in &forcing.branches {
        if branch.facts.first().map(|f| f.reason) != Some(FactReason::Assumed) {
            return Err("a branch starts with its assumption".into());
        }
        check_branch(grid, step, forcing, branch, None)?;
    }
    let starts: Vec<Candidate> = forcing.branches.iter().map(|b| b.facts[0].candidate).collect();
    match forcing.kind {
        ForcingKind::Contradiction => {
            let [branch] = &forcing.branches[..] else { return Err("one branch".into()) };
            if branch.contradiction.is_none() {
                return Err("the branch reaches no contradiction".into());
            }
            if step.eliminations != starts || !step.placements.is_empty() {
                return Err("the step removes the assumption, nothing else".into());
            }
            Ok(())
        }
        ForcingKind::Cell(_) | ForcingKind::House(..) => {
            let expected: Vec<Candidate> = match forcing.kind {
                ForcingKind::Cell(cell) => grid.candidates(cell).iter().map(|d| Candidate::new(cell, d)).collect(),
                ForcingKind::House(h, d) => places(grid, h, d),
                _ => unreachable!(),
            };
            if starts != expected || starts.len() < 2 {
                return Err("the branches do not start from every candidate or place".into());
            }
            // A branch that ends in a contradiction (checked above) has a
            // false assumption; the others end on the fact.
            let ends: Vec<&Fact> = forcing
                .branches
                .iter()
                .filter(|b| b.contradiction.is_none())
                .map(|b| b.facts.last().expect("facts"))
                .collect();
            let Some(&end) = ends.first() else { return Err("every branch fails".into()) };
            if ends.iter().any(|e| !same(e, end)) {
                return Err("the branches do not end on one fact".into());
            }
            let (placed, removed) =
                if end.holds { (vec![end.candidate], vec![]) } else { (vec![], vec![end.candidate]) };
            if step.placements != placed || step.eliminations != removed {
                return Err("the step's result is not the common fact".into());
            }
            Ok(())
        }
        ForcingKind::Fish => {
            let ends: Vec<&Fact> = forcing.branches.iter().map(|b| b.facts.last().expect("facts")).collect();
            let end = ends[0];
            if ends.iter().any(|e| !same(e, end)) || end.holds || step.eliminations != [end.candidate] {
                return Err("the branches do not end on the step's elimination".into());
            }
            one_of_the_starts_holds(grid, step, &starts)
        }
    }
}

/// A Kraken fish's starts: its fins (its base sets' places of the digit in
/// no cover set) and, for type 2, the base places of one cover set (not in
/// two cover sets); for type 1 the target lies in a cover set and is not a
/// base place unless in two cover sets. Then the fish without fins, or a
/// start, holds.
fn one_of_the_starts_holds(grid: &Grid, step: &Step, starts: &[Candidate]) -> Result<(), String> {
    let digit = step.digits.iter().next().ok_or("the fish's digit")?;
    let (bases, covers) = step.houses.split_at(step.houses.len() / 2);
    let of = |houses: &[House]| -> Vec<Candidate> {
        let mut all: Vec<Candidate> = houses.iter().flat_map(|&h| places(grid, h, digit)).collect();
        all.sort_by_key(|c| c.cell);
        all.dedup();
        all
    };
    let in_covers = |c: &Candidate| covers.iter().filter(|h| h.cells().contains(c.cell)).count();
    let base_places = of(bases);
    if base_places.len() != bases.iter().map(|&h| places(grid, h, digit).len()).sum::<usize>() {
        return Err("two base sets share a place".into());
    }
    let fins: Vec<Candidate> = base_places.iter().copied().filter(|c| in_covers(c) == 0).collect();
    if fins.is_empty() || !fins.iter().all(|f| starts.contains(f)) {
        return Err("the starts do not include every fin".into());
    }
    let others: Vec<Candidate> = starts.iter().copied().filter(|s| !fins.contains(s)).collect();
    let target = step.eliminations[0];
    if others.is_empty() {
        let in_a_cover = in_covers(&target) >= 1 && target.digit == digit;
        let is_base = base_places.contains(&target);
        if !in_a_cover || (is_base && in_covers(&target) < 2) || step.technique != TechniqueId::KrakenFish1 {
            return Err("the fish without fins does not remove the target".into());
        }
        return Ok(());
    }
    let one_cover = covers.iter().any(|h| {
        let own: Vec<Candidate> =
            base_places.iter().copied().filter(|c| h.cells().contains(c.cell) && in_covers(c) == 1).collect();
        own == others
    });
    if !one_cover || step.technique != TechniqueId::KrakenFish2 {
        return Err("the starts besides the fins are not one cover set's base places".into());
    }
    Ok(())
}

#[test]
fn every_forcing_steps_implications_hold_before_the_step() {
    let sample = [
        ("techniques.txt", usize::MAX),
        ("top95.txt", 95),
        ("top1465.txt", 100),
        ("forum-hardest-1905-sample.txt", 20),
    ];
    // How many locked-candidate facts and failing branches of cell and
    // house steps the sample checks: both rules must be met, not only allowed.
    let (mut locked, mut failing) = (0, 0);
    let checked = check_steps(&sample, |before, step| {
        let forcing = step.forcing.as_ref()?;
        let branches = || forcing.branches.iter().chain(&forcing.nested);
        locked += branches().flat_map(|b| &b.facts).filter(|f| matches!(f.reason, FactReason::Locked { .. })).count();
        if matches!(forcing.kind, ForcingKind::Cell(_) | ForcingKind::House(..)) {
            failing += forcing.branches.iter().filter(|b| b.contradiction.is_some()).count();
        }
        Some(check(before, step, forcing))
    });
    assert!(locked > 0 && failing > 0, "{locked} locked facts, {failing} failing branches checked");
    checked.assert_sound_and_covering(&[
        TechniqueId::ContradictionForcingChain,
        TechniqueId::CellForcingChain,
        TechniqueId::HouseForcingChain,
        TechniqueId::KrakenFish1,
        TechniqueId::KrakenFish2,
        TechniqueId::ForcingNet,
        TechniqueId::NestedForcingNet,
    ]);
}

/// The checker itself rejects a fact that does not follow: a "only
/// candidate" placement in a cell that keeps another candidate.
#[test]
fn the_checker_rejects_a_broken_branch() {
    let mut grid = Grid::empty();
    let cell = sudoku_explained::Cell::at(0, 0);
    for d in 4..=9 {
        grid.eliminate(cell, Digit::new(d));
    }
    let fact = |digit: u8, holds: bool, parents: Vec<usize>, reason| Fact {
        candidate: Candidate::new(cell, Digit::new(digit)),
        holds,
        parents,
        reason,
    };
    let branch = Branch {
        facts: vec![
            fact(1, true, vec![], FactReason::Assumed),
            fact(2, false, vec![0], FactReason::SameCell),
            fact(3, true, vec![1], FactReason::OnlyCandidate),
        ],
        contradiction: None,
    };
    let forcing = Forcing { kind: ForcingKind::Contradiction, branches: vec![branch], nested: vec![] };
    let step = Step::new(TechniqueId::ForcingNet).eliminate_all([Candidate::new(cell, Digit::new(1))]);
    let fault = check(&grid, &step, &forcing).unwrap_err();
    assert_eq!(fault, "fact 2 (r1c1=3, only-candidate) does not follow");
}

/// A locked-candidate fact needs every other place of the digit in its box
/// ruled out: r2c5=5 leaves 5 in box 1 only in row 1 when row 3 of the box
/// has no 5, and not otherwise.
#[test]
fn the_checker_rejects_candidates_that_are_not_locked() {
    let at = |r, c, holds, parents: Vec<usize>, reason| Fact {
        candidate: Candidate::new(sudoku_explained::Cell::at(r, c), Digit::new(5)),
        holds,
        parents,
        reason,
    };
    let mut facts = vec![at(1, 4, true, vec![], FactReason::Assumed)];
    for c in 0..3 {
        facts.push(at(1, c, false, vec![0], FactReason::SameHouse(House::row(1))));
    }
    facts.push(at(0, 6, false, vec![1, 2, 3], FactReason::Locked { confined: House::block(0), line: House::row(0) }));
    let branch = Branch { facts, contradiction: None };
    let forcing = Forcing { kind: ForcingKind::Contradiction, branches: vec![branch], nested: vec![] };
    let step = Step::new(TechniqueId::ForcingNet);
    let mut grid = Grid::empty();
    let fault = check_branch(&grid, &step, &forcing, &forcing.branches[0], None).unwrap_err();
    assert_eq!(fault, "fact 4 (r1c7<>5, locked) does not follow");
    for c in 0..3 {
        grid.eliminate(sudoku_explained::Cell::at(2, c), Digit::new(5));
    }
    assert_eq!(check_branch(&grid, &step, &forcing, &forcing.branches[0], None), Ok(()));
}
