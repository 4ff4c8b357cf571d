//! Coloring: the conjugate pairs of one digit (houses where it has exactly
//! two places) join cells into clusters. Along a pair the digit is in exactly
//! one of the two cells, so each cluster splits into two colors, one of which
//! holds the digit in all its cells and the other in none.

use super::interface::{Finds, Part, Scope, Technique};
use super::single_digit::links;
use crate::algo::memo::Memo;
use crate::explain::catalog::{Descriptor, HintFocus, TechniqueId};
use crate::explain::step::listing;
use crate::explain::step::Step;
use crate::model::cell::Candidate;
use crate::model::cell::Digit;
use crate::model::grid::{Grid, House};
use crate::model::sets::{CellSet, DigitSet};
use std::ops::ControlFlow;

/// A cluster's two colors, the first holding its first cell.
struct Cluster {
    colors: [CellSet; 2],
}

impl Cluster {
    fn cells(&self) -> CellSet {
        self.colors[0].union(self.colors[1])
    }
}

/// Every cell that sees some cell of `cells`.
fn seen_by(cells: CellSet) -> CellSet {
    cells.iter().fold(CellSet::EMPTY, |acc, c| acc.union(c.peers()))
}

/// The clusters of `digit`, in the order of their first cell; a cluster
/// whose pairs cannot be colored in two (only possible in a broken grid) is left out.
fn clusters(grid: &Grid, digit: Digit) -> Vec<Cluster> {
    let pairs = links(grid, digit, House::all());
    let mut color: [Option<usize>; 81] = [None; 81];
    let mut found = Vec::new();
    let nodes: CellSet = pairs.iter().flat_map(|l| l.cells).collect();
    for start in nodes.iter() {
        if color[start.index()].is_some() {
            continue;
        }
        color[start.index()] = Some(0);
        let mut colors = [CellSet::single(start), CellSet::EMPTY];
        let mut stack = vec![start];
        let mut broken = false;
        while let Some(cell) = stack.pop() {
            let here = color[cell.index()].unwrap_or(0);
            for link in pairs.iter().filter(|l| l.cells.contains(&cell)) {
                let other = if link.cells[0] == cell { link.cells[1] } else { link.cells[0] };
                match color[other.index()] {
                    None => {
                        color[other.index()] = Some(1 - here);
                        colors[1 - here].insert(other);
                        stack.push(other);
                    }
                    Some(c) if c == here => broken = true,
                    Some(_) => {}
                }
            }
        }
        if !broken {
            found.push(Cluster { colors });
        }
    }
    found
}

fn cell_list(cells: CellSet) -> String {
    listing(cells.iter(), "and")
}

/// A group of cells as one item of a sentence: `[r1c7 r2c5]`.
fn group(cells: CellSet) -> String {
    format!("[{cells}]")
}

/// Simple Coloring: within one cluster, two cells of the same color that see
/// each other rule that color out (a wrap); a cell outside the cluster that
/// sees both colors cannot hold the digit (a trap).
pub(crate) struct SimpleColoring;

static SIMPLE_COLORING: Descriptor =
    Descriptor::new(TechniqueId::SimpleColoring, "simple-coloring", "Simple Coloring", 6.0, 150, HintFocus::Digit, "A digit's conjugate pairs in two alternating colors: a color that sees itself is false; cells seeing both colors lose it.").also_called(&[
        "simple-colouring",
        "singles-chain",
        "singles-chains",
    ]);

impl Technique for SimpleColoring {
    fn descriptor(&self) -> &'static Descriptor {
        &SIMPLE_COLORING
    }

    fn scope(&self) -> Scope {
        Scope::Digits
    }

    fn search(&self, grid: &Grid, part: Part<'_>, _memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        let (digit, _) = part.digit();
        for cluster in &clusters(grid, digit) {
            // A wrap on either color, then the trap.
            let found = [wrap(digit, cluster, 0), wrap(digit, cluster, 1), trap(grid, digit, cluster)];
            finds.steps(found.into_iter().flatten())?;
        }
        ControlFlow::Continue(())
    }
}

fn colored(id: TechniqueId, digit: Digit, cluster: &Cluster, targets: CellSet, reason: String) -> Step {
    Step::new(id)
        .eliminate_all(targets.iter().map(|c| Candidate::new(c, digit)))
        .pattern(cluster.colors[0].iter().chain(cluster.colors[1].iter()), DigitSet::single(digit), [])
        .because(reason)
}

fn alternation(digit: Digit, cluster: &Cluster) -> String {
    format!(
        "the conjugate pairs of {digit} color {} one way and {} the other, and one color holds {digit} in all its \
         cells, the other in none",
        cell_list(cluster.colors[0]),
        cell_list(cluster.colors[1])
    )
}

/// The wrap of color `i`, if two of its cells see each other.
fn wrap(digit: Digit, cluster: &Cluster, i: usize) -> Option<Step> {
    let color = cluster.colors[i];
    let a = color.iter().find(|&c| !c.peers().intersection(color).is_empty())?;
    let b = a.peers().intersection(color).first()?;
    let reason = format!(
        "{}; {a} and {b} have the same color and see each other, so that color cannot hold {digit}",
        alternation(digit, cluster)
    );
    Some(colored(TechniqueId::SimpleColoring, digit, cluster, color, reason))
}

fn trap(grid: &Grid, digit: Digit, cluster: &Cluster) -> Option<Step> {
    let targets = seen_by(cluster.colors[0])
        .intersection(seen_by(cluster.colors[1]))
        .intersection(grid.cells_with(digit))
        .difference(cluster.cells());
    if targets.is_empty() {
        return None;
    }
    let reason = format!(
        "{}; {} {} a cell of each color, so {} cannot be {digit}",
        alternation(digit, cluster),
        cell_list(targets),
        if targets.len() == 1 { "sees" } else { "each see" },
        if targets.len() == 1 { "it" } else { "they" }
    );
    Some(colored(TechniqueId::SimpleColoring, digit, cluster, targets, reason))
}

/// Multi-Coloring: two clusters of the same digit. When a color of one sees
/// a color of the other, those two colors are not both true, so one of their
/// partner colors is: cells that see both partner colors lose the digit. When
/// a color sees both colors of the other cluster, it is false.
pub(crate) struct MultiColoring;

static MULTI_COLORING: Descriptor =
    Descriptor::new(TechniqueId::MultiColoring, "multi-coloring", "Multi-Coloring", 6.1, 200, HintFocus::Digit, "Two color clusters of a digit, a color of one seeing a color of the other: cells seeing both opposite colors lose it.")
        .also_called(&["multi-colouring", "multicoloring"]);

impl Technique for MultiColoring {
    fn descriptor(&self) -> &'static Descriptor {
        &MULTI_COLORING
    }

    fn scope(&self) -> Scope {
        Scope::Digits
    }

    fn search(&self, grid: &Grid, part: Part<'_>, _memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        let (digit, _) = part.digit();
        let all = clusters(grid, digit);
        for (i, first) in all.iter().enumerate() {
            for second in &all[i + 1..] {
                for x in 0..2 {
                    finds.steps(multi(grid, digit, first, second, x))?;
                }
                for x in 0..2 {
                    finds.steps(multi(grid, digit, second, first, x))?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// Color `i` of `one` against the colors of `other`.
fn multi(grid: &Grid, digit: Digit, one: &Cluster, other: &Cluster, i: usize) -> Option<Step> {
    let x = one.colors[i];
    let x_sees = seen_by(x);
    let seen: Vec<usize> = (0..2).filter(|&j| !x_sees.intersection(other.colors[j]).is_empty()).collect();
    let both = one.cells().union(other.cells());
    let (targets, partners) = match seen[..] {
        [_, _] => (x.intersection(grid.cells_with(digit)), None),
        [j] => {
            let (x_partner, y_partner) = (one.colors[1 - i], other.colors[1 - j]);
            let targets = seen_by(x_partner)
                .intersection(seen_by(y_partner))
                .intersection(grid.cells_with(digit))
                .difference(both);
            (targets, Some((j, x_partner, y_partner)))
        }
        _ => return None,
    };
    if targets.is_empty() {
        return None;
    }
    let groups: Vec<String> = [x, one.colors[1 - i]].into_iter().chain(other.colors).map(group).collect();
    let intro = format!(
        "the conjugate pairs of {digit} split {} from {}, and {} from {}: in each split one side holds {digit} \
         in all its cells, the other in none",
        groups[0], groups[1], groups[2], groups[3]
    );
    let (cells, reason) = match partners {
        None => {
            let reason = format!(
                "{intro}; {} sees both sides of the other split, one of which holds {digit}, so it cannot hold \
                 {digit}",
                groups[0]
            );
            ([x, one.colors[1 - i], other.colors[0], other.colors[1]], reason)
        }
        Some((j, x_partner, y_partner)) => {
            let reason = format!(
                "{intro}; {} and {} see each other, so they do not both hold {digit}, hence {} or {} does, and \
                 {} cannot be {digit}",
                groups[0],
                group(other.colors[j]),
                group(x_partner),
                group(y_partner),
                cell_list(targets)
            );
            ([x, x_partner, other.colors[j], y_partner], reason)
        }
    };
    let step = Step::new(TechniqueId::MultiColoring)
        .eliminate_all(targets.iter().map(|c| Candidate::new(c, digit)))
        .pattern(cells.into_iter().flat_map(|set| set.iter()), DigitSet::single(digit), [])
        .because(reason);
    Some(step)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::technique::testing::{assert_agrees_with_solution, at, empty, remove, without};
    use crate::explain::technique::testing::{EverySteps, FirstStep};

    /// Removes 7 from every cell of each house but the listed ones (rows and columns from 1).
    fn sevens_only(links: &[(House, [(u8, u8); 2])]) -> Grid {
        let mut removals = Vec::new();
        for &(house, keep) in links {
            let kept = at(&keep);
            removals.extend(remove(
                "7",
                house.cell_list().into_iter().filter(|c| !kept.contains(c)).map(|c| (c.row() + 1, c.col() + 1)),
            ));
        }
        without(empty(), &removals)
    }

    fn sevens(cells: &[(u8, u8)]) -> Vec<Candidate> {
        at(cells).into_iter().map(|c| Candidate::new(c, Digit::new(7))).collect()
    }

    #[test]
    fn simple_coloring_trap() {
        let g = sevens_only(&[
            (House::row(0), [(1, 2), (1, 7)]),
            (House::col(6), [(1, 7), (6, 7)]),
            (House::row(5), [(6, 3), (6, 7)]),
        ]);
        let step = SimpleColoring.first(&g).expect("a coloring trap");
        assert_eq!(step.eliminations, sevens(&[(2, 3), (3, 3), (4, 2), (5, 2)]));
        assert_eq!(step.cells, at(&[(1, 2), (6, 7), (1, 7), (6, 3)]));
        assert_eq!(
            step.reason,
            "the conjugate pairs of 7 color r1c2 and r6c7 one way and r1c7 and r6c3 the other, and one color holds 7 \
             in all its cells, the other in none; r2c3, r3c3, r4c2 and r5c2 each see a cell of each color, so they \
             cannot be 7"
        );
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn simple_coloring_wrap() {
        let g = sevens_only(&[
            (House::row(0), [(1, 1), (1, 5)]),
            (House::col(4), [(1, 5), (5, 5)]),
            (House::row(4), [(5, 2), (5, 5)]),
            (House::col(1), [(2, 2), (5, 2)]),
        ]);
        let step = SimpleColoring.first(&g).expect("a coloring wrap");
        assert_eq!(step.eliminations, sevens(&[(1, 1), (2, 2), (5, 5)]));
        assert!(step
            .reason
            .ends_with("r1c1 and r2c2 have the same color and see each other, so that color cannot hold 7"));
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn simple_coloring_lists_each_cluster() {
        // The trap above, and a second cluster of 7: r9c5 - r9c8 - r7c8, whose colors r8c7 and r8c9 see.
        let g = sevens_only(&[
            (House::row(0), [(1, 2), (1, 7)]),
            (House::col(6), [(1, 7), (6, 7)]),
            (House::row(5), [(6, 3), (6, 7)]),
            (House::row(8), [(9, 5), (9, 8)]),
            (House::col(7), [(7, 8), (9, 8)]),
        ]);
        let steps = SimpleColoring.every(&g);
        assert_eq!(steps.len(), 2, "{steps:?}");
        assert_eq!(steps[0].eliminations, sevens(&[(2, 3), (3, 3), (4, 2), (5, 2)]));
        assert_eq!(steps[1].cells, at(&[(7, 8), (9, 5), (9, 8)]));
        steps.iter().for_each(assert_agrees_with_solution);
    }

    #[test]
    fn simple_coloring_needs_a_cell_seeing_both_colors() {
        let g = sevens_only(&[(House::row(0), [(1, 2), (1, 7)]), (House::col(6), [(1, 7), (6, 7)])]);
        assert_eq!(SimpleColoring.first(&g), None);
    }

    #[test]
    fn multi_coloring_joins_two_clusters() {
        let g = sevens_only(&[(House::row(0), [(1, 5), (1, 8)]), (House::col(8), [(2, 9), (5, 9)])]);
        assert_eq!(SimpleColoring.first(&g), None);
        let step = MultiColoring.first(&g).expect("a multi-coloring");
        assert_eq!(step.eliminations, sevens(&[(5, 5)]));
        assert_eq!(step.cells, at(&[(1, 8), (1, 5), (2, 9), (5, 9)]));
        assert_eq!(
            step.text(),
            "Multi-Coloring: 7 (r1c8 r1c5 r2c9 r5c9) => r5c5<>7. The conjugate pairs of 7 split [r1c8] from [r1c5], \
             and [r2c9] from [r5c9]: in each split one side holds 7 in all its cells, the other in none; [r1c8] and \
             [r2c9] see each other, so they do not both hold 7, hence [r1c5] or [r5c9] does, and r5c5 cannot be 7."
        );
        assert_agrees_with_solution(&step);
    }

    #[test]
    fn multi_coloring_needs_the_clusters_to_see_each_other() {
        let g = sevens_only(&[(House::row(0), [(1, 5), (1, 6)]), (House::col(8), [(2, 9), (5, 9)])]);
        assert_eq!(MultiColoring.first(&g), None);
    }
}
