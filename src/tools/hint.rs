//! Hints: the next step the driver would take, told as much as asked.
//!
//! ```
//! use sudoku_explained::tools::{hint_text, HintLevel};
//! use sudoku_explained::explain::Search;
//!
//! // The first puzzle of puzzles/seed-001.txt: its first step is a pointing pair.
//! let line = "000005200060100090850000000400003000071209403000050060200300907003090020000000341";
//! let grid = sudoku_explained::io::from_argument(line).remove(0)?.grid();
//! let step = Search::default().next_step(&grid).expect("a step");
//! assert_eq!(hint_text(&step, HintLevel::Vague), "Look for Pointing on 1 in box 1.");
//! assert_eq!(hint_text(&step, HintLevel::Concrete), "Look for Pointing: 1 in b1,r1 (r1c1 r1c2).");
//! assert_eq!(hint_text(&step, HintLevel::Full), step.text());
//! # Ok::<(), sudoku_explained::io::InputError>(())
//! ```

use crate::explain::catalog::{HintFocus, TechniqueId};
use crate::explain::outcome::Verdict;
use crate::explain::search::Search;
use crate::explain::solve::SolveOptions;
use crate::explain::solve::{next_step_or_guess, validate};
use crate::explain::step::{Branch, Chain, Contradiction, Fact, FactReason, Forcing, ForcingKind, Step};
use crate::io::input::Puzzle;
use crate::model::cell::Candidate;
use crate::model::cell::Cell;
use crate::model::grid::{Grid, House};
use crate::model::sets::{CellSet, DigitSet};

/// What [`hint`] has to say about one position.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum Hint {
    /// The next step from `grid`, the record's position.
    Next {
        /// The record's position.
        grid: Box<Grid>,
        /// The step the solver would take from it.
        step: Step,
    },
    /// The position has no empty cell left.
    Solved {
        /// The record's position, solved.
        grid: Box<Grid>,
    },
    /// Not a position with exactly one solution: why not.
    Refused(Verdict),
}

impl Hint {
    /// The position after the step (`hint --apply`): the record's position
    /// with the step's placements and eliminations made. A solved position
    /// stays as it is, so that applying again and again ends there.
    pub fn position_after(&self) -> Option<Grid> {
        match self {
            Hint::Next { grid, step } => {
                let mut after = (**grid).clone();
                step.apply_to(&mut after);
                Some(after)
            }
            Hint::Solved { grid, .. } => Some((**grid).clone()),
            Hint::Refused(_) => None,
        }
    }
}

/// The hint for a position: the next step the driver would take from it
/// with the techniques of `options` in its settings' order (the brute-force
/// placement past them), or why there is none.
///
/// ```
/// use sudoku_explained::tools::{hint, Hint};
/// use sudoku_explained::SolveOptions;
///
/// // The first puzzle of puzzles/seed-001.txt: its first step is a pointing pair.
/// let puzzle = "000005200060100090850000000400003000071209403000050060200300907003090020000000341".parse()?;
/// let Hint::Next { step, .. } = hint(&puzzle, SolveOptions::default()) else { panic!("a step") };
/// assert_eq!(step.result_text(), "r1c8<>1");
/// # Ok::<(), sudoku_explained::io::InputError>(())
/// ```
pub fn hint(puzzle: &Puzzle, options: SolveOptions) -> Hint {
    match validate(puzzle) {
        Err(outcome) => Hint::Refused(outcome.verdict()),
        Ok(_) if puzzle.grid().is_solved() => Hint::Solved { grid: Box::new(puzzle.grid()) },
        Ok(solution) => {
            let grid = puzzle.grid();
            let step =
                next_step_or_guess(&mut Search::with_settings(options.techniques, &options.settings), &grid, &solution);
            Hint::Next { grid: Box::new(grid), step }
        }
    }
}

/// How much a hint gives away.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum HintLevel {
    /// The technique to look for (and its digit, for one-digit patterns).
    Vague,
    /// The technique with the pattern's cells, digits and houses.
    Concrete,
    /// The whole step: result and reason.
    Full,
}

/// The house a step lies in: its first house, or for a step without one
/// (a naked single) the box of its first placement.
fn home(step: &Step) -> Option<House> {
    step.houses.first().copied().or_else(|| step.placements.first().map(|p| p.cell.houses()[2]))
}

/// What `level` lets a hint show of `step`, as a step of the same technique
/// holding only that: every printer of a hint (text, JSON, the candidate
/// grid) draws this and never the step itself, so none can give away more.
///
/// - `Vague`: where to look, by family (see `Focus`): a house, a digit,
///   both, or nothing; never a cell, a chain or a result.
/// - `Concrete`: the pattern (cells, digits, houses, chain) without its
///   result: no placements, no eliminations, no reason, and no pattern cell
///   that is the answer itself (a single's cell). A forcing proof's
///   branches lead to the result, so only where they start is shown: the
///   cell or the house's places, or a contradiction's assumption (which
///   the learner is to follow; that it fails is the step's to say).
/// - `Full`: the step.
///
/// Revealing is idempotent: `revealed(&revealed(s, l), l) == revealed(s, l)`.
pub fn revealed(step: &Step, level: HintLevel) -> Step {
    if level == HintLevel::Full {
        return step.clone();
    }
    if step.technique == TechniqueId::BruteForce {
        // A guess has no pattern to find: the cell is where to guess, the digit the answer.
        let cells = if level == HintLevel::Concrete { step.cells.clone() } else { Vec::new() };
        let options = if level == HintLevel::Concrete { step.digits } else { DigitSet::EMPTY };
        return Step::new(step.technique).pattern(cells, options, []);
    }
    let focus = step.descriptor().focus;
    let single = step.digits.single_digit().map_or(DigitSet::EMPTY, DigitSet::single);
    let (digits, house) = match focus {
        HintFocus::House => (DigitSet::EMPTY, home(step)),
        HintFocus::DigitInHouse => (single, home(step)),
        HintFocus::Digit => (single, None),
        // A rectangle's pair; a type 3 adds the digits of its subset, which would be the pattern.
        HintFocus::Digits if step.digits.len() == 2 => (step.digits, None),
        HintFocus::Digits => (DigitSet::EMPTY, None),
        HintFocus::Nothing => (DigitSet::EMPTY, None),
    };
    if level == HintLevel::Vague {
        return Step::new(step.technique).pattern([], digits, house);
    }
    if let Some(shown) = assumption_shown(step) {
        return shown;
    }
    let answer = |cell: Cell| step.placements.iter().any(|p| p.cell == cell);
    let cells: Vec<Cell> = step.cells.iter().copied().filter(|&c| !answer(c)).collect();
    let mut pattern_digits = step.digits;
    if digits.is_empty() {
        // A digit vague does not name is the answer's when the step places it
        // (a naked single) or, for a contradiction, the assumption's.
        let told: DigitSet = step.placements.iter().map(|p| p.digit).collect();
        pattern_digits = pattern_digits.difference(told);
    }
    // The houses of an answer cell cross there (a BUG+1's row, column and
    // box): only the one vague names stays.
    let placed: CellSet = step.placements.iter().map(|p| p.cell).collect();
    let mut houses: Vec<House> = step
        .houses
        .iter()
        .copied()
        .filter(|h| Some(*h) == house || h.cells().intersection(placed).is_empty())
        .collect();
    if let Some(h) = house.filter(|h| !houses.contains(h)) {
        houses.insert(0, h);
    }
    let mut shown = Step::new(step.technique).pattern(cells, pattern_digits, houses);
    if let Some(chain) = step.chain.as_deref().filter(|chain| !names_the_answer(chain, step)) {
        shown = shown.chain(chain.clone());
    }
    shown
}

/// The assumption of a forcing step that disproves it by a contradiction.
fn assumption(step: &Step) -> Option<Candidate> {
    let forcing = step.forcing.as_ref().filter(|f| f.kind == ForcingKind::Contradiction)?;
    Some(forcing.branches.first()?.facts.first()?.candidate)
}

/// What a concrete hint shows of a step that disproves an assumption by a
/// contradiction: the assumption, to be followed, as the step's one
/// branch; for a nested net, whose contradiction is hard to see, also
/// where the branch ends (the contradicting candidate, house or cell),
/// without the facts that lead there.
fn assumption_shown(step: &Step) -> Option<Step> {
    let forcing = step.forcing.as_ref().filter(|f| f.kind == ForcingKind::Contradiction)?;
    let branch = forcing.branches.first()?;
    let first = branch.facts.first()?;
    // A fact without the facts it follows from, which the hint leaves out
    // (a true fact of a top branch never points at another branch).
    let bare = |fact: &Fact| Fact {
        candidate: fact.candidate,
        holds: fact.holds,
        parents: Vec::new(),
        reason: match fact.reason {
            FactReason::Known(_) | FactReason::Contradicts(_) => FactReason::Assumed,
            reason => reason,
        },
    };
    let mut facts = vec![bare(first)];
    let mut contradiction = None;
    if step.technique == TechniqueId::NestedForcingNet {
        contradiction = match branch.contradiction.as_ref()? {
            Contradiction::Both { on, .. } => {
                facts.push(bare(branch.facts.get(*on)?));
                Some(Contradiction::Both { on: facts.len() - 1, off: facts.len() - 1 })
            }
            Contradiction::NoCandidate { cell, .. } => Some(Contradiction::NoCandidate { cell: *cell, facts: vec![] }),
            Contradiction::NoPlace { house, digit, .. } => {
                Some(Contradiction::NoPlace { house: *house, digit: *digit, facts: vec![] })
            }
        };
    }
    let c = first.candidate;
    let mut shown = Step::new(step.technique).pattern([c.cell], DigitSet::single(c.digit), []);
    shown.forcing = Some(Box::new(Forcing {
        kind: ForcingKind::Contradiction,
        branches: vec![Branch { facts, contradiction }],
        nested: vec![],
    }));
    Some(shown)
}

/// What the contradiction a branch reaches is, in words: `row 2 would have
/// no place for 2`, `r5c5 would have no digit left`, `r2c8 would be both 1
/// and not 1`.
fn contradiction_reached(step: &Step) -> Option<String> {
    let forcing = step.forcing.as_ref().filter(|f| f.kind == ForcingKind::Contradiction)?;
    let branch = forcing.branches.first()?;
    Some(match branch.contradiction.as_ref()? {
        Contradiction::Both { on, .. } => {
            let c = branch.facts.get(*on)?.candidate;
            format!("{} would be both {} and not {}", c.cell, c.digit, c.digit)
        }
        Contradiction::NoCandidate { cell, .. } => format!("{cell} would have no digit left"),
        Contradiction::NoPlace { house, digit, .. } => format!("{} would have no place for {digit}", house.long_name()),
    })
}

/// True when a node of `chain` is one of the step's results: a chain that
/// starts or ends on the eliminated candidate shows the answer.
fn names_the_answer(chain: &Chain, step: &Step) -> bool {
    let results: Vec<Candidate> = step.placements.iter().chain(&step.eliminations).copied().collect();
    chain.nodes.iter().any(|n| n.cells.iter().any(|c| results.contains(&Candidate::new(c, n.digit))))
}

/// "a " or "an " by how the name sounds (X-Wing starts with a vowel sound),
/// none for a name that is an action (Pointing, Claiming, Coloring).
fn article(name: &str) -> &'static str {
    // "Wing" is a thing, not an action: "an X-Wing", but "look for Pointing".
    if name.ends_with("ing") && !name.ends_with("Wing") {
        return "";
    }
    let first = name.chars().next().unwrap_or(' ');
    let vowel_sound = matches!(first, 'A' | 'E' | 'I' | 'O' | 'X') || (first == 'U' && !name.starts_with("Uni"));
    if vowel_sound {
        "an "
    } else {
        "a "
    }
}

/// `on 5`, `on 3 and 7`, `on 1, 4 and 6`.
fn on_digits(digits: DigitSet) -> String {
    let list: Vec<String> = digits.iter().map(|d| d.to_string()).collect();
    match list.split_last() {
        None => String::new(),
        Some((last, [])) => format!(" on {last}"),
        Some((last, rest)) => format!(" on {} and {last}", rest.join(", ")),
    }
}

/// The hint for `step` at `level`, told from what the level reveals
/// ([`revealed`]) and nothing else.
pub fn hint_text(step: &Step, level: HintLevel) -> String {
    if level == HintLevel::Full {
        return step.text();
    }
    let shown = revealed(step, level);
    let name = shown.technique.name();
    if shown.technique == TechniqueId::BruteForce {
        return match level {
            HintLevel::Concrete => format!("No technique applies; guess {}.", shown.pattern_text()),
            _ => "No technique of this solver applies here; the next cell has to be guessed.".to_string(),
        };
    }
    let a = article(name);
    // A contradiction's assumption, to be followed; a nested net's
    // contradiction is hard to see, so where it ends is said too.
    if let (HintLevel::Concrete, Some(c)) = (level, assumption(step)) {
        let reached = match (step.technique, contradiction_reached(step)) {
            (TechniqueId::NestedForcingNet, Some(reached)) => format!(", where {reached}"),
            _ => String::new(),
        };
        return format!("Look for {a}{name}: assume {}={} and follow what it forces{reached}.", c.cell, c.digit);
    }
    match level {
        HintLevel::Vague => {
            let within = shown.houses.first().map(|h| format!(" in {}", h.long_name())).unwrap_or_default();
            format!("Look for {a}{name}{}{within}.", on_digits(shown.digits))
        }
        // Nothing beyond where to look (a single, whose cell is the answer): said as vague says it.
        _ if shown == revealed(step, HintLevel::Vague) => hint_text(step, HintLevel::Vague),
        _ => format!("Look for {a}{name}: {}.", shown.pattern_text()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::cell::Candidate;
    use crate::model::cell::{Cell, Digit};
    use crate::model::grid::House;
    use crate::model::sets::DigitSet;

    /// The first nested forcing net of top1465.txt #2 (puzzles/techniques.txt line 57).
    fn a_nested_net() -> Step {
        // forum-hardest-1905-sample.txt #1.
        let puzzle = "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6";
        crate::explain::technique::testing::first_use(puzzle, TechniqueId::NestedForcingNet).1
    }

    #[test]
    fn concrete_names_a_nested_nets_assumption_and_where_it_ends_never_its_result() {
        let step = a_nested_net();
        let forcing = step.forcing.as_ref().expect("a proof");
        assert_eq!(forcing.kind, ForcingKind::Contradiction, "{}", step.text());
        let assumed = forcing.branches[0].facts[0].candidate;
        let text = hint_text(&step, HintLevel::Concrete);
        assert!(
            text.starts_with(&format!(
                "Look for a Nested Forcing Net: assume {}={} and follow what it forces, where ",
                assumed.cell, assumed.digit
            )),
            "{text}"
        );
        assert!(text.contains(" would "), "{text}");
        assert!(!text.contains("<>") && !text.contains("is not"), "the result stays hidden: {text}");
        assert_eq!(hint_text(&step, HintLevel::Vague), "Look for a Nested Forcing Net.");
    }

    #[test]
    fn each_level_tells_more() {
        let d = Digit::new(7);
        let cells = [Cell::at(1, 2), Cell::at(1, 7), Cell::at(5, 2), Cell::at(5, 7)];
        let step = Step::new(TechniqueId::XWing)
            .eliminate_all([Candidate::new(Cell::at(3, 2), d)])
            .pattern(cells, DigitSet::single(d), [House::row(1), House::row(5), House::col(2), House::col(7)])
            .because("in rows 2 and 6, 7 can only be in columns 3 and 8");
        assert_eq!(hint_text(&step, HintLevel::Vague), "Look for an X-Wing on 7.");
        assert_eq!(
            hint_text(&step, HintLevel::Concrete),
            "Look for an X-Wing: 7 in r2,r6,c3,c8 (r2c3 r2c8 r6c3 r6c8)."
        );
        assert_eq!(hint_text(&step, HintLevel::Full), step.text());
        assert_eq!(article("Naked Pair"), "a ");
        assert_eq!(article("Unique Rectangle"), "a ");
        assert_eq!(article("Empty Rectangle"), "an ");
        assert_eq!(article("Pointing"), "");
    }
}
