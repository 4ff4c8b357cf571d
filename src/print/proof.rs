//! A forcing step's proof written short: one line per branch, a chain of
//! its placements (the strong inferences), each naming what forces it, and
//! each sub-proof of a nested net once, numbered, on its own line.
//!
//! The eliminations a placement ends (weak links) stay implicit: a reader
//! who sees `r4c9=3` knows 3 leaves row 4. What does get named is every
//! fact a reader needs to check an inference that the line does not make
//! obvious: when a placement needs more than the placement before it, all
//! the facts that cleared the other places (or digits) are listed.
//!
//! ```text
//! r1c4=9 -> r2c9=9 (c9) -> r2c6=4 (r2) -> r5c4=4 (c4: r1c4=9 r2c6=4) => r5c4<>3
//! ```
//!
//! `r2c9=9 (c9)`: the only place left for 9 in column 9; `(cell)`: the only
//! digit left in the cell; `r4c2<>5 [2]`: an elimination proved by
//! sub-proof 2.

use crate::explain::step::{Branch, Contradiction, FactReason, Forcing};

/// The lines of a forcing step's short proof: one per branch, then one per
/// sub-proof (`[1] ...`), numbered in the order the branches first use them.
pub(crate) fn proof_lines(forcing: &Forcing) -> Vec<String> {
    numbered_proof(forcing).0
}

/// The short proof's lines, and the nested branches (indices into
/// `Forcing::nested`) in the order its lines number them `[1]`, `[2]`...:
/// a picture of the proof numbers its boards alike.
pub(crate) fn numbered_proof(forcing: &Forcing) -> (Vec<String>, Vec<usize>) {
    let mut numbers = SubProofs::default();
    let mut lines: Vec<String> = forcing.branches.iter().map(|b| branch_line(b, None, &mut numbers)).collect();
    // A sub-proof may be numbered while an earlier one is written: walk the
    // list as it grows.
    let mut i = 0;
    while i < numbers.order.len() {
        let k = numbers.order[i];
        let enclosing =
            forcing.branches.iter().find(|b| b.facts.iter().any(|f| f.reason == FactReason::Contradicts(k)));
        let line = branch_line(&forcing.nested[k], enclosing, &mut numbers);
        lines.push(format!("[{}] {line}", i + 1));
        i += 1;
    }
    (lines, numbers.order)
}

/// The display numbers of the nested branches, in order of first use.
#[derive(Default)]
struct SubProofs {
    order: Vec<usize>,
}

impl SubProofs {
    fn number(&mut self, nested: usize) -> usize {
        match self.order.iter().position(|&k| k == nested) {
            Some(i) => i + 1,
            None => {
                self.order.push(nested);
                self.order.len()
            }
        }
    }
}

/// A branch being written, with the branch it is nested in (whose facts
/// its `Known` facts index).
struct Writing<'a> {
    branch: &'a Branch,
    enclosing: Option<&'a Branch>,
}

/// One branch: its assumption (with what it is given from the enclosing
/// branch, for a sub-proof), its placements in order, and how it ends.
fn branch_line(branch: &Branch, enclosing: Option<&Branch>, numbers: &mut SubProofs) -> String {
    let w = Writing { branch, enclosing };
    let facts = &branch.facts;
    // The enclosing branch's placements it stands on; an elimination proved
    // by another sub-proof is cited where it is used.
    let proved_outside = |outer: usize| {
        enclosing.and_then(|e| e.facts.get(outer)).is_some_and(|f| matches!(f.reason, FactReason::Contradicts(_)))
    };
    let known: Vec<usize> = (0..facts.len())
        .filter(|&i| matches!(facts[i].reason, FactReason::Known(outer) if !proved_outside(outer)))
        .collect();
    let given = w.sources(&known, numbers);
    let mut line = String::new();
    if !given.is_empty() {
        let names: Vec<&str> = given.iter().map(|(_, name)| name.as_str()).collect();
        line.push_str(&format!("given {}: ", names.join(" ")));
    }
    let mut previous: Option<usize> = None;
    let mut first = true;
    for (i, fact) in facts.iter().enumerate() {
        // Placements only: the assumption and the singles of the branch.
        let shown = matches!(fact.reason, FactReason::Assumed | FactReason::OnlyCandidate | FactReason::OnlyPlace(_));
        if !shown {
            continue;
        }
        if !first {
            line.push_str(" -> ");
        }
        first = false;
        line.push_str(&fact.notation());
        let why = match fact.reason {
            FactReason::OnlyPlace(house) => Some(house.to_string()),
            FactReason::OnlyCandidate => Some("cell".to_string()),
            _ => None,
        };
        if let Some(why) = why {
            let sources = w.sources(&fact.parents, numbers);
            let only_previous = matches!((previous, sources.as_slice()), (Some(p), [(Some(s), _)]) if *s == p);
            if only_previous || sources.is_empty() {
                line.push_str(&format!(" ({why})"));
            } else {
                let names: Vec<&str> = sources.iter().map(|(_, name)| name.as_str()).collect();
                line.push_str(&format!(" ({why}: {})", names.join(" ")));
            }
        }
        previous = Some(i);
    }
    match &branch.contradiction {
        Some(Contradiction::Both { off, .. }) => {
            let name = w.off_with_cause(*off, numbers);
            line.push_str(&format!(" -> contradiction: {name}"));
        }
        Some(Contradiction::NoCandidate { cell, facts }) => {
            let names = w.source_names(facts, numbers);
            line.push_str(&format!(" -> contradiction: {cell} has no digit left ({names})"));
        }
        Some(Contradiction::NoPlace { house, digit, facts }) => {
            let names = w.source_names(facts, numbers);
            line.push_str(&format!(" -> contradiction: no {digit} left in {house} ({names})"));
        }
        None => {
            // A cell or house branch ends with the common fact; a placement
            // is already on the line, an elimination is added with its cause.
            if facts.last().is_some_and(|f| !f.holds) {
                let name = w.off_with_cause(facts.len() - 1, numbers);
                line.push_str(&format!(" => {name}"));
            }
        }
    }
    line
}

/// Where a named fact comes from: a placement of this branch (its index),
/// or a name standing for itself (a fact of the enclosing branch, or an
/// elimination proved by a sub-proof).
type Source = (Option<usize>, String);

impl Writing<'_> {
    /// An elimination with what causes it: `r5c6<>7 (r2c6=7)`, `r4c2<>5 [2]`.
    fn off_with_cause(&self, i: usize, numbers: &mut SubProofs) -> String {
        let fact = &self.branch.facts[i];
        let name = fact.notation();
        match self.sources(&[i], numbers).pop() {
            // The fact names itself (with its sub-proof): written once.
            Some((_, cause)) if cause.starts_with(&name) => cause,
            Some((_, cause)) => format!("{name} ({cause})"),
            None => name,
        }
    }

    /// The facts that make the eliminations at `offs` hold, each named once,
    /// in branch order: for each, the placement that rules it out (in this
    /// branch or, for a fact given by the enclosing branch, in that one), or
    /// the elimination itself when a sub-proof proves it, or when it is
    /// locked (then also what the lock stands on that the line does not
    /// show: other locks, sub-proofs, the enclosing branch's facts).
    fn sources(&self, offs: &[usize], numbers: &mut SubProofs) -> Vec<Source> {
        // (order key, placement index in this branch, name)
        let mut found: Vec<(usize, Option<usize>, String)> = Vec::new();
        for &o in offs {
            self.source_of(o, numbers, &mut found);
        }
        found.sort_by_key(|f| f.0);
        found.into_iter().map(|(_, placement, name)| (placement, name)).collect()
    }

    fn source_of(&self, o: usize, numbers: &mut SubProofs, found: &mut Vec<(usize, Option<usize>, String)>) {
        let branch = self.branch;
        let fact = &branch.facts[o];
        let source = match fact.reason {
            FactReason::SameCell | FactReason::SameHouse(_) => match fact.parents.first() {
                Some(&p) => (p, Some(p), branch.facts[p].notation()),
                None => (o, None, fact.notation()),
            },
            FactReason::Known(outer) => (o, None, self.outer_cause(outer, numbers).unwrap_or_else(|| fact.notation())),
            FactReason::Contradicts(k) => (o, None, format!("{} [{}]", fact.notation(), numbers.number(k))),
            // `r6c7<>3 {r5:b6}`: 3 of r5 is left only in b6, as the line
            // shows so far.
            FactReason::Locked { confined, line } => {
                for &p in &fact.parents {
                    let unseen = matches!(
                        branch.facts[p].reason,
                        FactReason::Locked { .. } | FactReason::Contradicts(_) | FactReason::Known(_)
                    );
                    if unseen {
                        self.source_of(p, numbers, found);
                    }
                }
                (o, None, format!("{} {{{confined}:{line}}}", fact.notation()))
            }
            _ => (o, Some(o), fact.notation()),
        };
        if !found.iter().any(|f| f.2 == source.2) {
            found.push(source);
        }
    }

    fn source_names(&self, offs: &[usize], numbers: &mut SubProofs) -> String {
        let names: Vec<String> = self.sources(offs, numbers).into_iter().map(|(_, name)| name).collect();
        names.join(" ")
    }

    /// A fact of the enclosing branch, named by what the reader sees on that
    /// branch's line: the placement that rules it out, the sub-proof that
    /// proves it, or the placement itself.
    fn outer_cause(&self, outer: usize, numbers: &mut SubProofs) -> Option<String> {
        let fact = self.enclosing?.facts.get(outer)?;
        let enclosing = self.enclosing?;
        Some(match fact.reason {
            FactReason::SameCell | FactReason::SameHouse(_) => match fact.parents.first() {
                Some(&p) => enclosing.facts[p].notation(),
                None => fact.notation(),
            },
            FactReason::Contradicts(k) => format!("{} [{}]", fact.notation(), numbers.number(k)),
            FactReason::Locked { confined, line } => format!("{} {{{confined}:{line}}}", fact.notation()),
            _ => fact.notation(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::step::{Fact, ForcingKind};
    use crate::model::cell::Candidate;
    use crate::model::cell::{Cell, Digit};
    use crate::model::grid::House;

    fn fact(cell: Cell, digit: u8, holds: bool, parents: &[usize], reason: FactReason) -> Fact {
        Fact { candidate: Candidate::new(cell, Digit::new(digit)), holds, parents: parents.to_vec(), reason }
    }

    /// r1c4=9 in a house branch of 9 in c4: 9 leaves r1c9, so r2c9=9 (c9);
    /// 4 leaves r2c9, so r2c6=4 (r2); r5c4=4 needs r1c4 (not 4: it is 9)
    /// and r3c4 (sees r2c6): both are named.
    fn house_branch() -> Branch {
        let (c4, c9, r2) = (House::col(3), House::col(8), House::row(1));
        Branch {
            facts: vec![
                fact(Cell::at(0, 3), 9, true, &[], FactReason::Assumed),
                fact(Cell::at(0, 8), 9, false, &[0], FactReason::SameHouse(House::row(0))),
                fact(Cell::at(1, 8), 9, true, &[1], FactReason::OnlyPlace(c9)),
                fact(Cell::at(1, 8), 4, false, &[2], FactReason::SameCell),
                fact(Cell::at(1, 5), 4, true, &[3], FactReason::OnlyPlace(r2)),
                fact(Cell::at(2, 3), 4, false, &[4], FactReason::SameHouse(House::block(1))),
                fact(Cell::at(0, 3), 4, false, &[0], FactReason::SameCell),
                fact(Cell::at(4, 3), 4, true, &[5, 6], FactReason::OnlyPlace(c4)),
                fact(Cell::at(4, 3), 3, false, &[7], FactReason::SameCell),
            ],
            contradiction: None,
        }
    }

    #[test]
    fn a_branch_is_its_placements_each_with_what_forces_it() {
        let forcing = Forcing {
            kind: ForcingKind::House(House::col(3), Digit::new(9)),
            branches: vec![house_branch()],
            nested: vec![],
        };
        assert_eq!(
            proof_lines(&forcing),
            ["r1c4=9 -> r2c9=9 (c9) -> r2c6=4 (r2) -> r5c4=4 (c4: r1c4=9 r2c6=4) => r5c4<>3 (r5c4=4)"]
        );
    }

    #[test]
    fn a_contradiction_names_the_facts_that_empty_the_house() {
        let mut branch = house_branch();
        branch.facts.truncate(6);
        branch.facts.push(fact(Cell::at(4, 3), 4, false, &[0], FactReason::SameCell));
        branch.contradiction =
            Some(Contradiction::NoPlace { house: House::col(3), digit: Digit::new(4), facts: vec![5, 6] });
        let forcing = Forcing { kind: ForcingKind::Contradiction, branches: vec![branch], nested: vec![] };
        assert_eq!(
            proof_lines(&forcing),
            ["r1c4=9 -> r2c9=9 (c9) -> r2c6=4 (r2) -> contradiction: no 4 left in c4 (r1c4=9 r2c6=4)"]
        );
    }

    #[test]
    fn nested_contradictions_are_numbered_sub_proofs_printed_once() {
        // r5c5=1: r5c6<>1 twice by the same nested branch, once by another.
        let inner = |assumed: Cell| Branch {
            facts: vec![
                fact(Cell::at(4, 4), 1, true, &[], FactReason::Known(0)),
                fact(assumed, 1, true, &[], FactReason::Assumed),
                fact(assumed, 1, false, &[0], FactReason::SameHouse(House::row(4))),
            ],
            contradiction: Some(Contradiction::Both { on: 1, off: 2 }),
        };
        let outer = Branch {
            facts: vec![
                fact(Cell::at(4, 4), 1, true, &[], FactReason::Assumed),
                fact(Cell::at(0, 0), 2, false, &[0], FactReason::Contradicts(1)),
                fact(Cell::at(0, 1), 2, false, &[0], FactReason::Contradicts(0)),
                fact(Cell::at(0, 2), 2, true, &[1, 2], FactReason::OnlyPlace(House::row(0))),
                fact(Cell::at(0, 2), 3, false, &[3], FactReason::SameCell),
                fact(Cell::at(0, 3), 2, false, &[0], FactReason::Contradicts(1)),
            ],
            contradiction: Some(Contradiction::NoPlace { house: House::col(3), digit: Digit::new(2), facts: vec![5] }),
        };
        let forcing = Forcing {
            kind: ForcingKind::Contradiction,
            branches: vec![outer],
            nested: vec![inner(Cell::at(4, 0)), inner(Cell::at(4, 1))],
        };
        let lines = proof_lines(&forcing);
        assert_eq!(
            lines,
            [
                "r5c5=1 -> r1c3=2 (r1: r1c1<>2 [1] r1c2<>2 [2]) -> contradiction: no 2 left in c4 (r1c4<>2 [1])",
                "[1] given r5c5=1: r5c2=1 -> contradiction: r5c2<>1 (r5c5=1)",
                "[2] given r5c5=1: r5c1=1 -> contradiction: r5c1<>1 (r5c5=1)",
            ]
        );
    }

    #[test]
    fn a_sub_proof_names_the_enclosing_facts_it_stands_on_by_their_causes() {
        // Outer: r5c5=1, so r5c1<>1 (row 5); r1c1<>2 by sub-proof 0. Sub-proof 1
        // stands on both: it names r5c5=1 (the cause of r5c1<>1, a given) and
        // r1c1<>2 [2] (where it is used; not a given). The data is the
        // printer's, not a real position.
        let r5 = House::row(4);
        let first = Branch {
            facts: vec![
                fact(Cell::at(0, 0), 2, true, &[], FactReason::Assumed),
                fact(Cell::at(0, 0), 2, false, &[], FactReason::Known(0)),
            ],
            contradiction: Some(Contradiction::Both { on: 0, off: 1 }),
        };
        let second = Branch {
            facts: vec![
                fact(Cell::at(4, 0), 1, false, &[], FactReason::Known(1)),
                fact(Cell::at(0, 0), 2, false, &[], FactReason::Known(2)),
                fact(Cell::at(4, 1), 1, true, &[], FactReason::Assumed),
                fact(Cell::at(4, 1), 2, false, &[2], FactReason::SameCell),
                fact(Cell::at(0, 1), 2, true, &[1, 3], FactReason::OnlyPlace(House::col(1))),
                fact(Cell::at(0, 1), 2, false, &[2], FactReason::SameHouse(House::col(1))),
            ],
            contradiction: Some(Contradiction::Both { on: 4, off: 5 }),
        };
        let outer = Branch {
            facts: vec![
                fact(Cell::at(4, 4), 1, true, &[], FactReason::Assumed),
                fact(Cell::at(4, 0), 1, false, &[0], FactReason::SameHouse(r5)),
                fact(Cell::at(0, 0), 2, false, &[], FactReason::Contradicts(0)),
                fact(Cell::at(4, 1), 1, false, &[1, 2], FactReason::Contradicts(1)),
            ],
            contradiction: Some(Contradiction::NoPlace { house: r5, digit: Digit::new(1), facts: vec![1, 3] }),
        };
        let forcing = Forcing { kind: ForcingKind::Contradiction, branches: vec![outer], nested: vec![first, second] };
        assert_eq!(
            proof_lines(&forcing),
            [
                "r5c5=1 -> contradiction: no 1 left in r5 (r5c5=1 r5c2<>1 [1])",
                "[1] given r5c5=1: r5c2=1 -> r1c2=2 (c2: r1c1<>2 [2] r5c2=1) -> contradiction: r1c2<>2 (r5c2=1)",
                "[2] given r5c5=1: r1c1=2 -> contradiction: r1c1<>2 (r5c5=1)",
            ]
        );
    }
}

/// A reader's check, done by a program: every short proof of the forcing
/// steps of real solves is verified from its text and the position before
/// the step alone. Each placement must follow from the placements the line
/// names (or the one before it) and the eliminations it names; each
/// contradiction from the facts it names.
#[cfg(test)]
mod reader_check {
    use super::proof_lines;
    use crate::explain::observer::Observer;
    use crate::explain::step::Step;
    use crate::model::cell::{Cell, Digit};
    use crate::model::grid::{Grid, House};

    /// What a line has established so far: placements and the eliminations
    /// it was given or proved in a sub-proof.
    #[derive(Default)]
    struct Known {
        placed: Vec<(Cell, Digit)>,
        removed: Vec<(Cell, Digit)>,
    }

    fn cell(text: &str) -> Cell {
        let b = text.as_bytes();
        assert!(b.len() == 4 && b[0] == b'r' && b[2] == b'c', "a cell: {text:?}");
        Cell::at(b[1] - b'1', b[3] - b'1')
    }

    /// `r1c2=5` or `r1c2<>5`: the candidate and whether it is placed.
    fn fact(text: &str) -> (Cell, Digit, bool) {
        let (at, placed) = match text.find("<>") {
            Some(i) => (i, false),
            None => (text.find('=').unwrap_or_else(|| panic!("a fact: {text:?}")), true),
        };
        let digit = text[at..].trim_start_matches(['<', '>', '=']);
        (cell(&text[..at]), Digit::new(digit.parse().expect("a digit")), placed)
    }

    fn house(text: &str) -> House {
        let n: u8 = text[1..].parse().expect("a house number");
        match &text[..1] {
            "r" => House::row(n - 1),
            "c" => House::col(n - 1),
            _ => House::block(n - 1),
        }
    }

    /// The named sources: `r1c2=5 r3c4<>6 [2] r5c5<>1`. Every placement
    /// named must be one the line has made; eliminations are taken as
    /// given (a sub-proof is checked on its own line).
    fn sources(grid: &Grid, text: &str, known: &Known) -> Known {
        every_elimination_cites_its_proof(text);
        let mut named = Known::default();
        let tokens: Vec<&str> = text.split(' ').collect();
        // A lock may stand on the eliminations named before it.
        let mut so_far = Known { placed: known.placed.clone(), removed: known.removed.clone() };
        for (i, token) in tokens.iter().enumerate() {
            if let Some(lock) = token.strip_prefix('{') {
                locked_by_the_line(grid, tokens[i - 1], lock, &so_far);
            }
            if token.contains("<>") {
                let (c, d, _) = fact(token);
                so_far.removed.push((c, d));
            }
        }
        for token in text.split(' ').filter(|t| !t.is_empty() && !t.starts_with('[') && !t.starts_with('{')) {
            let (c, d, placed) = fact(token);
            if placed {
                assert!(known.placed.contains(&(c, d)), "{token} is named before the line places it");
                named.placed.push((c, d));
            } else {
                named.removed.push((c, d));
            }
        }
        named
    }

    /// `elimination {h1:h2}`: the digit's places in `h1` outside `h2` are
    /// all gone given what the line has established, and the eliminated
    /// cell is in `h2`, not in `h1`.
    fn locked_by_the_line(grid: &Grid, elimination: &str, lock: &str, known: &Known) {
        let (c, d, placed) = fact(elimination);
        let (confined, line) = lock.trim_end_matches('}').split_once(':').expect("{h1:h2}");
        let (confined, line) = (house(confined), house(line));
        if known.removed.contains(&(c, d)) {
            // Given by the enclosing branch, whose line checks it.
            return;
        }
        assert!(!placed && line.cells().contains(c) && !confined.cells().contains(c), "{elimination} {{{lock}");
        let mut outside = confined.cells().iter().filter(|&o| !line.cells().contains(o));
        let shown = outside.all(|o| cleared(grid, o, d, known));
        assert!(shown, "{elimination} {{{lock}: the line does not lock the digit");
    }

    /// A named elimination is never taken on trust: a placement that
    /// rules it out is named instead, or the sub-proof `[k]` that proves
    /// it, or the houses it is locked in (`{r5:b6}`).
    fn every_elimination_cites_its_proof(text: &str) {
        let tokens: Vec<&str> = text.split(' ').collect();
        for (i, token) in tokens.iter().enumerate().filter(|(_, t)| t.contains("<>")) {
            let cited = tokens.get(i + 1).is_some_and(|next| next.starts_with('[') || next.starts_with('{'));
            assert!(cited, "{token} is named without its sub-proof in {text:?}");
        }
    }

    /// Whether `(c, d)` is gone from the position given `named`.
    fn cleared(grid: &Grid, c: Cell, d: Digit, named: &Known) -> bool {
        !grid.has_candidate(c, d)
            || named.removed.contains(&(c, d))
            || named.placed.iter().any(|&(p, e)| (p == c && e != d) || (p != c && e == d && p.sees(c)))
    }

    /// The text between the parentheses of `(…)` after a house or "cell",
    /// split into what is forced by and the named sources.
    fn reason(text: &str) -> (&str, Option<&str>) {
        let inner = text.trim_start_matches('(').trim_end_matches(')');
        match inner.split_once(": ") {
            Some((why, names)) => (why, Some(names)),
            None => (inner, None),
        }
    }

    fn check_line(grid: &Grid, line: &str) {
        let mut line = line;
        if line.starts_with('[') {
            line = line.split_once("] ").expect("a sub-proof number").1;
        }
        let mut known = Known::default();
        if let Some(rest) = line.strip_prefix("given ") {
            let (given, body) = rest.split_once(": ").expect("given facts end with a colon");
            every_elimination_cites_its_proof(given);
            // A given lock was checked on the enclosing branch's line.
            for token in given.split(' ').filter(|t| !t.starts_with('[') && !t.starts_with('{')) {
                let (c, d, placed) = fact(token);
                if placed {
                    known.placed.push((c, d))
                } else {
                    known.removed.push((c, d))
                }
            }
            line = body;
        }
        let (chain, target) = match line.split_once(" => ") {
            Some((chain, target)) => (chain, Some(target)),
            None => (line, None),
        };
        let mut previous: Option<(Cell, Digit)> = None;
        for element in chain.split(" -> ") {
            if let Some(end) = element.strip_prefix("contradiction: ") {
                check_contradiction(grid, end, &known, line);
                return;
            }
            let (head, why) = element.split_once(' ').map_or((element, None), |(h, w)| (h, Some(w)));
            let (c, d, placed) = fact(head);
            assert!(placed, "{element}: a chain shows placements");
            if let Some(why) = why {
                let (forced_by, names) = reason(why);
                let named = match names {
                    Some(names) => sources(grid, names, &known),
                    None => Known { placed: previous.into_iter().collect(), removed: vec![] },
                };
                let others_gone = if forced_by == "cell" {
                    (1..=9).map(Digit::new).filter(|&e| e != d).all(|e| cleared(grid, c, e, &named))
                } else {
                    house(forced_by).cells().iter().filter(|&o| o != c).all(|o| cleared(grid, o, d, &named))
                };
                assert!(others_gone, "{element} does not follow from what it names, in: {line}");
            }
            known.placed.push((c, d));
            previous = Some((c, d));
        }
        // A branch that ends with a placement has its result on the line.
        let Some(target) = target else { return };
        let (head, why) = target.split_once(' ').expect("a result with its cause");
        let (c, d, placed) = fact(head);
        assert!(!placed);
        if let Some(lock) = why.strip_prefix('{') {
            return locked_by_the_line(grid, head, lock, &known);
        }
        let named = sources(grid, reason(why).0, &known);
        assert!(named.placed.iter().any(|&(p, e)| (p == c && e != d) || (p != c && e == d && p.sees(c))), "{line}");
    }

    fn check_contradiction(grid: &Grid, end: &str, known: &Known, line: &str) {
        let open = end.find(" (").map(|i| i + 1);
        let names = open.map(|i| end[i..].trim_start_matches('(').trim_end_matches(')'));
        if let Some(rest) = end.strip_prefix("no ") {
            // `no 5 left in r2 (…)`
            let (digit, rest) = rest.split_once(" left in ").expect("no D left in H");
            let d = Digit::new(digit.parse().expect("a digit"));
            let h = house(rest.split(' ').next().expect("a house"));
            let named = sources(grid, names.expect("named facts"), known);
            assert!(h.cells().iter().all(|c| cleared(grid, c, d, &named)), "{line}");
        } else if end.contains(" has no digit left") {
            let c = cell(end.split(' ').next().expect("a cell"));
            let named = sources(grid, names.expect("named facts"), known);
            assert!((1..=9).map(Digit::new).all(|d| cleared(grid, c, d, &named)), "{line}");
        } else {
            // `r5c6<>7 (r2c6=7)` or `r5c6<>7 [2]`: the line placed r5c6=7.
            let head = end.split(' ').next().expect("a fact");
            let (c, d, placed) = fact(head);
            assert!(!placed && known.placed.contains(&(c, d)), "{line}");
            if let Some(lock) = end.split_once(" {").map(|(_, lock)| lock) {
                locked_by_the_line(grid, head, lock, known);
            } else if let Some(names) = names {
                let named = sources(grid, names, known);
                assert!(
                    named.placed.iter().any(|&(p, e)| (p == c && e != d) || (p != c && e == d && p.sees(c))),
                    "{line}"
                );
            } else {
                assert!(end.contains(" ["), "an elimination with neither cause nor sub-proof: {line}");
            }
        }
    }

    /// A sub-proof's given placements are the enclosing branch's: each
    /// must be a placement written on a branch line (sub-proofs are only
    /// ever nested one level deep).
    fn given_placements_are_on_the_branch_lines(lines: &[String]) {
        let placed_on_branches: Vec<&str> = lines
            .iter()
            .filter(|l| !l.starts_with('['))
            .flat_map(|l| l.split(" -> "))
            .map(|element| element.split(' ').next().unwrap_or_default())
            .collect();
        for line in lines.iter().filter(|l| l.starts_with('[')) {
            let Some((_, rest)) = line.split_once("] given ") else { continue };
            let given = rest.split_once(": ").expect("given facts end with a colon").0;
            for token in given.split(' ').filter(|t| !t.starts_with('[') && !t.starts_with('{') && !t.contains("<>")) {
                assert!(placed_on_branches.contains(&token), "{token}, given in {line:?}, is on no branch line");
            }
        }
    }

    /// Every forcing step of a solve, with the position before it.
    #[derive(Default)]
    struct ForcingSteps {
        before: Option<Grid>,
        found: Vec<(Grid, Step)>,
    }

    impl Observer for ForcingSteps {
        fn begin(&mut self, _: &crate::io::input::Puzzle, grid: &Grid) -> Result<(), std::convert::Infallible> {
            self.before = Some(grid.clone());
            Ok(())
        }
        fn step(&mut self, _: usize, step: &Step, grid: &Grid) -> Result<(), std::convert::Infallible> {
            let before = self.before.replace(grid.clone()).expect("begun");
            if step.forcing.is_some() {
                self.found.push((before, step.clone()));
            }
            Ok(())
        }
    }

    #[test]
    fn every_short_proof_checks_from_its_text() {
        let top1465 = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/top1465.txt"));
        let techniques = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/techniques.txt"));
        // Six of the hardest puzzles add nested nets with dozens of sub-proofs.
        let hardest = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/forum-hardest-1106.txt"));
        let hardest = hardest.lines().filter(|l| !l.starts_with('#')).take(6);
        let lines = top1465.lines().take(60).chain(techniques.lines().filter(|l| l.contains("forcing"))).chain(hardest);
        let (mut steps, mut nested) = (0, 0);
        for line in lines {
            let Some(Ok(puzzle)) = crate::io::input::from_argument(line).into_iter().next() else { continue };
            let mut seen = ForcingSteps::default();
            crate::explain::solve::solve(&puzzle, crate::SolveOptions::default(), &mut seen);
            for (grid, step) in &seen.found {
                let forcing = step.forcing.as_ref().expect("a forcing step");
                nested += usize::from(!forcing.nested.is_empty());
                let lines = proof_lines(forcing);
                for proof_line in &lines {
                    check_line(grid, proof_line);
                }
                given_placements_are_on_the_branch_lines(&lines);
                steps += 1;
            }
        }
        assert!(steps > 100 && nested >= 10, "{steps} forcing steps, {nested} nested");
    }
}
