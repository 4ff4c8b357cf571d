//! Every chain step's links hold in the grid before the step, and its
//! eliminations follow from the chain: checked here from the rules alone,
//! without the chain search's code, over the chain steps of a sample.

use crate::step_check;

use step_check::check_steps;
use sudoku_explained::explain::{Chain, ChainNode, LinkKind};
use sudoku_explained::{Cell, CellSet, DigitSet, Grid, House, Step, TechniqueId};

fn sees_all(cell: Cell, cells: CellSet) -> bool {
    cells.iter().all(|c| c != cell && c.sees(cell))
}

fn single(node: &ChainNode) -> Option<Cell> {
    (node.cells.len() == 1).then(|| node.cells.first().unwrap())
}

/// A strong link: at least one of the two is true.
fn strong(grid: &Grid, a: &ChainNode, b: &ChainNode, sets: bool) -> bool {
    if a.digit != b.digit && sets && almost_locked_link(grid, a, b) {
        return true;
    }
    if a.digit == b.digit {
        let both = a.cells.union(b.cells);
        a.cells.intersection(b.cells).is_empty()
            && House::all().any(|h| grid.house_cells_with(h, a.digit) == both && !grid.house_has_value(h, a.digit))
    } else {
        match (single(a), single(b)) {
            (Some(x), Some(y)) => x == y && grid.candidates(x) == [a.digit, b.digit].into_iter().collect::<DigitSet>(),
            _ => false,
        }
    }
}

/// Two digits of an almost locked set of two to four cells of one house
/// (n cells, n + 1 digits) whose places there are the two nodes: without
/// one digit the set is locked on the others, so it holds the other.
fn almost_locked_link(grid: &Grid, a: &ChainNode, b: &ChainNode) -> bool {
    let both = a.cells.union(b.cells);
    House::all().filter(|h| both.difference(h.cells()).is_empty()).any(|h| {
        let open: Vec<Cell> = h.cells().iter().filter(|&c| grid.value(c).is_none()).collect();
        (1u32..1 << open.len()).any(|mask| {
            let set: CellSet = open.iter().enumerate().filter(|(i, _)| mask >> i & 1 == 1).map(|(_, &c)| c).collect();
            let digits: DigitSet = set.iter().map(|c| grid.candidates(c)).fold(DigitSet::EMPTY, |u, d| u.union(d));
            (2..=4).contains(&set.len())
                && digits.len() == set.len() + 1
                && set.iter().filter(|&c| grid.has_candidate(c, a.digit)).collect::<CellSet>() == a.cells
                && set.iter().filter(|&c| grid.has_candidate(c, b.digit)).collect::<CellSet>() == b.cells
        })
    })
}

/// A weak link: at most one of the two is true.
fn weak(a: &ChainNode, b: &ChainNode) -> bool {
    if a.digit == b.digit {
        a.cells.iter().all(|c| sees_all(c, b.cells))
    } else {
        matches!((single(a), single(b)), (Some(x), Some(y)) if x == y)
    }
}

/// True when the node being true rules out `digit` in `cell`.
fn rules_out(node: &ChainNode, cell: Cell, digit: sudoku_explained::Digit) -> bool {
    if digit == node.digit {
        sees_all(cell, node.cells)
    } else {
        single(node) == Some(cell)
    }
}

fn check(grid: &Grid, step: &Step, chain: &Chain) -> Result<(), String> {
    let n = chain.nodes.len();
    if n < 4 || chain.links.len() != n - 1 {
        return Err(format!("{n} nodes and {} links", chain.links.len()));
    }
    for (i, link) in chain.links.iter().enumerate() {
        let expected = if i % 2 == 0 { LinkKind::Strong } else { LinkKind::Weak };
        if *link != expected {
            return Err(format!("link {i} is {}, expected alternation from a strong link", link.as_str()));
        }
    }
    for node in &chain.nodes {
        if node.cells.is_empty() || node.cells.iter().any(|c| !grid.has_candidate(c, node.digit)) {
            return Err(format!("{node} is not a candidate"));
        }
        if node.is_group() {
            let first = node.cells.first().unwrap();
            let one_box = node.cells.iter().all(|c| c.block() == first.block());
            let one_line =
                node.cells.iter().all(|c| c.row() == first.row()) || node.cells.iter().all(|c| c.col() == first.col());
            let grouped = matches!(
                step.technique,
                TechniqueId::GroupedAic | TechniqueId::NiceLoop | TechniqueId::ContinuousNiceLoop
            );
            // An ALS-AIC's nodes may also be a digit's places in an almost
            // locked set, in one house.
            let in_a_set = step.technique == TechniqueId::AlsAic
                && House::all().any(|h| node.cells.difference(h.cells()).is_empty());
            if !(in_a_set || one_box && one_line && grouped) {
                return Err(format!("{node} is not a group in a box-line intersection of a grouped chain"));
            }
        }
    }
    // A nice loop comes back to its start; nothing else repeats.
    let continuous = step.technique == TechniqueId::ContinuousNiceLoop;
    let is_loop = step.technique == TechniqueId::NiceLoop || continuous;
    for i in 0..n {
        for j in i + 1..n {
            if chain.nodes[i] == chain.nodes[j] && !(is_loop && i == 0 && j == n - 1) {
                return Err(format!("{} appears twice", chain.nodes[i]));
            }
        }
    }
    for (i, link) in chain.links.iter().enumerate() {
        let (a, b) = (&chain.nodes[i], &chain.nodes[i + 1]);
        let holds = match link {
            LinkKind::Strong => strong(grid, a, b, step.technique == TechniqueId::AlsAic),
            LinkKind::Weak => weak(a, b),
        };
        if !holds {
            return Err(format!("{a}{}{b} is not a {} link", link.symbol(), link.as_str()));
        }
    }
    let digits: DigitSet = chain.nodes.iter().map(|n| n.digit).collect();
    let (first, last) = (&chain.nodes[0], &chain.nodes[n - 1]);
    match step.technique {
        TechniqueId::XChain if digits.len() != 1 => return Err("an x-chain on several digits".into()),
        TechniqueId::XyChain if first.digit != last.digit || chain.nodes.iter().any(|n| n.is_group()) => {
            return Err("an xy-chain must end on its start's digit".into())
        }
        TechniqueId::XyChain
            if chain
                .links
                .iter()
                .zip(chain.nodes.windows(2))
                .any(|(l, w)| (*l == LinkKind::Strong) != (w[0].digit != w[1].digit)) =>
        {
            return Err("an xy-chain's strong links are its bivalue cells".into())
        }
        _ => {}
    }
    if continuous {
        return check_continuous(grid, step, chain);
    }
    if is_loop {
        // If the start is false the chain makes it true: it is true.
        let placed: Vec<(Cell, sudoku_explained::Digit)> = step.placements.iter().map(|p| (p.cell, p.digit)).collect();
        return match single(first) {
            Some(cell) if first == last && step.eliminations.is_empty() && placed == [(cell, first.digit)] => Ok(()),
            _ => Err("a nice loop places its start, which is also its end".into()),
        };
    }
    if step.eliminations.is_empty() || !step.placements.is_empty() {
        return Err("a chain step only eliminates".into());
    }
    // One of the two ends is true: each elimination must follow from either.
    for e in &step.eliminations {
        if !grid.has_candidate(e.cell, e.digit) {
            return Err(format!("{}<>{} is not a candidate", e.cell, e.digit));
        }
        if !(rules_out(first, e.cell, e.digit) && rules_out(last, e.cell, e.digit)) {
            return Err(format!("{}<>{} does not follow from {first} or {last}", e.cell, e.digit));
        }
    }
    Ok(())
}

/// A continuous loop: it closes on its start with a weak link (so its links,
/// checked above, alternate all the way round), and each elimination is
/// ruled out by both ends of one of its weak links, exactly one of which is
/// true.
fn check_continuous(grid: &Grid, step: &Step, chain: &Chain) -> Result<(), String> {
    let n = chain.nodes.len();
    if chain.nodes[0] != chain.nodes[n - 1] || chain.links[n - 2] != LinkKind::Weak || n < 5 {
        return Err("a continuous loop closes on its start with a weak link".into());
    }
    if step.eliminations.is_empty() || !step.placements.is_empty() {
        return Err("a continuous loop only eliminates".into());
    }
    for e in &step.eliminations {
        if !grid.has_candidate(e.cell, e.digit) {
            return Err(format!("{}<>{} is not a candidate", e.cell, e.digit));
        }
        let follows = (1..n - 1).step_by(2).any(|i| {
            let (a, b) = (&chain.nodes[i], &chain.nodes[i + 1]);
            rules_out(a, e.cell, e.digit) && rules_out(b, e.cell, e.digit)
        });
        if !follows {
            return Err(format!("{}<>{} follows from no weak link of the loop", e.cell, e.digit));
        }
    }
    Ok(())
}

#[test]
fn every_chain_steps_links_hold_before_the_step() {
    let sample = [("techniques.txt", usize::MAX), ("top95.txt", 95), ("top1465.txt", 300)];
    let checked = check_steps(&sample, |before, step| step.chain.as_ref().map(|chain| check(before, step, chain)));
    checked.assert_sound_and_covering(&[
        TechniqueId::XChain,
        TechniqueId::XyChain,
        TechniqueId::ContinuousNiceLoop,
        TechniqueId::Aic,
        TechniqueId::NiceLoop,
        TechniqueId::GroupedAic,
        TechniqueId::AlsAic,
    ]);
}

/// The checker itself rejects a broken chain: a weak link between cells
/// that do not see each other, and an elimination that does not follow.
#[test]
fn the_checker_rejects_a_broken_chain() {
    use sudoku_explained::{Candidate, Digit};
    let seven = Digit::new(7);
    let mut grid = Grid::empty();
    for c in House::row(0).cells().iter().filter(|c| c.col() != 0 && c.col() != 5) {
        grid.eliminate(c, seven);
    }
    for c in House::row(5).cells().iter().filter(|c| c.col() != 6 && c.col() != 8) {
        grid.eliminate(c, seven);
    }
    let node = |r, c| ChainNode::single(Cell::at(r, c), seven);
    let chain = Chain {
        nodes: vec![node(0, 0), node(0, 5), node(5, 6), node(5, 8)],
        links: vec![LinkKind::Strong, LinkKind::Weak, LinkKind::Strong],
    };
    let step = Step::new(TechniqueId::XChain).eliminate_all([Candidate::new(Cell::at(1, 8), seven)]).chain(chain);
    let fault = check(&grid, &step, step.chain.as_ref().unwrap()).unwrap_err();
    assert_eq!(fault, "(7)r1c6-(7)r6c7 is not a weak link");
}
