//! Coloring: the conjugate pairs of one digit (houses where it has exactly
//! two places) join cells into clusters. Along a pair the digit is in exactly
//! one of the two cells, so each cluster splits into two colors, one of which
//! holds the digit in all its cells and the other in none.

use super::interface::{Finds, Part, Scope, Technique};
use super::single_digit::links;
use crate::algo::memo::Memo;
use crate::explain::catalog::{Descriptor, HintFocus, TechniqueId};
use crate::explain::parts::PartKind;
use crate::explain::step::listing;
use crate::explain::step::Step;
use crate::model::cell::Candidate;
use crate::model::cell::{Cell, Digit};
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
        .part(PartKind::Color { cluster: 0, side: 0 }, cluster.colors[0].iter().map(|c| Candidate::new(c, digit)))
        .part(PartKind::Color { cluster: 0, side: 1 }, cluster.colors[1].iter().map(|c| Candidate::new(c, digit)))
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
    // The four sides: the first cluster's (x and its opposite), then the second's.
    let sides = [x, one.colors[1 - i], cells[2], other.colors[0].union(other.colors[1]).difference(cells[2])];
    let step = sides
        .into_iter()
        .enumerate()
        .fold(Step::new(TechniqueId::MultiColoring), |step, (k, side)| {
            let kind = PartKind::Color { cluster: (k / 2) as u8, side: (k % 2) as u8 };
            step.part(kind, side.iter().map(|c| Candidate::new(c, digit)))
        })
        .eliminate_all(targets.iter().map(|c| Candidate::new(c, digit)))
        .pattern(cells.into_iter().flat_map(|set| set.iter()), DigitSet::single(digit), [])
        .because(reason);
    Some(step)
}

/// 3D Medusa: the colouring of every strong link at once, across digits.
/// The two candidates of a bivalue cell and the two places of a digit in a
/// house (a conjugate pair) are never both false and never both true, so
/// a cluster of such links splits its candidates into two colors, one all
/// true and the other all false. A color is false when it would put two
/// digits in a cell (rule 1), a digit twice in a house (rule 2), or empty
/// a cell whose every candidate sees that color's same digit (rule 6).
/// And a candidate outside the cluster goes when it shares a cell with
/// both colors (rule 3), sees its digit in both colors (rule 4), or sees
/// its digit in one color and shares a cell with the other (rule 5).
pub(crate) struct Medusa;

static MEDUSA: Descriptor = Descriptor::new(
    TechniqueId::Medusa,
    "3d-medusa",
    "3D Medusa",
    6.4,
    255,
    HintFocus::Nothing,
    "Bivalue cells and conjugate pairs of every digit in two alternating colors: a color that breaks a rule is false; candidates both colors rule out go.",
)
.also_called(&["medusa", "three-d-medusa", "3d-medusa-coloring"]);

impl Technique for Medusa {
    fn descriptor(&self) -> &'static Descriptor {
        &MEDUSA
    }

    /// Clusters in the order of their first candidate; in each, a color
    /// that is false (color 0 first), then what both colors rule out.
    fn search(&self, grid: &Grid, _part: Part<'_>, _memo: &mut Memo, finds: &mut Finds<'_>) -> ControlFlow<()> {
        for cluster in medusa_clusters(grid) {
            // One digit's conjugate pairs alone are Simple Coloring's.
            if cluster.digits().len() < 2 {
                continue;
            }
            for color in 0..2 {
                if let Some(why) = cluster.false_color(grid, color) {
                    finds.step(cluster.step(cluster.colors[color].clone(), &why))?;
                }
            }
            let (outside, why) = cluster.ruled_out(grid);
            if !outside.is_empty() {
                finds.step(cluster.step(outside, &why))?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// A Medusa cluster: its candidates in their two colors, each color in
/// reading order.
struct MedusaCluster {
    colors: [Vec<Candidate>; 2],
}

/// The candidates of `grid` joined by strong links (bivalue cells and
/// conjugate pairs), in clusters of two colors, in the order of each
/// cluster's first candidate; a cluster that cannot be colored in two
/// (only in a broken grid) is left out.
fn medusa_clusters(grid: &Grid) -> Vec<MedusaCluster> {
    let slot = |c: Candidate| c.cell.index() * 9 + c.digit.index();
    let mut links: Vec<Vec<Candidate>> = vec![Vec::new(); 729];
    let mut join = |a: Candidate, b: Candidate| {
        links[slot(a)].push(b);
        links[slot(b)].push(a);
    };
    for cell in grid.cells_holding(2..=2).iter() {
        let mut digits = grid.candidates(cell).iter();
        if let (Some(x), Some(y)) = (digits.next(), digits.next()) {
            join(Candidate::new(cell, x), Candidate::new(cell, y));
        }
    }
    for digit in Digit::all() {
        for link in links_of_digit(grid, digit) {
            join(Candidate::new(link[0], digit), Candidate::new(link[1], digit));
        }
    }
    let mut color: Vec<Option<usize>> = vec![None; 729];
    let mut found = Vec::new();
    for cell in Cell::all() {
        for digit in grid.candidates(cell).iter() {
            let start = Candidate::new(cell, digit);
            if links[slot(start)].is_empty() || color[slot(start)].is_some() {
                continue;
            }
            color[slot(start)] = Some(0);
            let mut colors = [vec![start], Vec::new()];
            let mut stack = vec![start];
            let mut broken = false;
            while let Some(node) = stack.pop() {
                let here = color[slot(node)].unwrap_or(0);
                for &next in &links[slot(node)] {
                    match color[slot(next)] {
                        None => {
                            color[slot(next)] = Some(1 - here);
                            colors[1 - here].push(next);
                            stack.push(next);
                        }
                        Some(c) if c == here => broken = true,
                        Some(_) => {}
                    }
                }
            }
            if !broken {
                for side in &mut colors {
                    side.sort();
                    side.dedup();
                }
                found.push(MedusaCluster { colors });
            }
        }
    }
    found
}

/// The conjugate pairs of `digit`, each once (a pair in a line and a box is one link).
fn links_of_digit(grid: &Grid, digit: Digit) -> Vec<[Cell; 2]> {
    let mut pairs: Vec<[Cell; 2]> = links(grid, digit, House::all()).iter().map(|link| link.cells).collect();
    pairs.sort();
    pairs.dedup();
    pairs
}

impl MedusaCluster {
    fn digits(&self) -> DigitSet {
        self.colors.iter().flatten().map(|c| c.digit).collect()
    }

    fn has(&self, color: usize, cell: Cell, digit: Digit) -> bool {
        self.colors[color].contains(&Candidate::new(cell, digit))
    }

    /// Every candidate of the cluster.
    fn all(&self) -> impl Iterator<Item = Candidate> + '_ {
        self.colors.iter().flatten().copied()
    }

    /// Why `color` cannot be true (rules 1, 2 and 6), if it cannot.
    fn false_color(&self, grid: &Grid, color: usize) -> Option<String> {
        let side = &self.colors[color];
        // Rule 1: two candidates of the color in one cell.
        for (i, a) in side.iter().enumerate() {
            if let Some(b) = side[i + 1..].iter().find(|b| b.cell == a.cell) {
                return Some(format!("{} would hold both {} and {}", a.cell, a.digit, b.digit));
            }
        }
        // Rule 2: one digit twice in a house.
        for (i, a) in side.iter().enumerate() {
            if let Some(b) = side[i + 1..].iter().find(|b| b.digit == a.digit && b.cell.sees(a.cell)) {
                return Some(format!("{} would be in both {} and {}, which see each other", a.digit, a.cell, b.cell));
            }
        }
        // Rule 6: a cell of no color, every candidate of which sees the color's same digit.
        let colored: CellSet = self.all().map(|c| c.cell).collect();
        for cell in grid.empty_cells().difference(colored).iter() {
            let candidates = grid.candidates(cell);
            let emptied = !candidates.is_empty()
                && candidates.iter().all(|d| side.iter().any(|c| c.digit == d && c.cell.sees(cell)));
            if emptied {
                return Some(format!(
                    "every candidate of {cell} would see its digit in that color, leaving {cell} empty"
                ));
            }
        }
        None
    }

    /// The candidates outside the cluster that both colors rule out (rules
    /// 3, 4 and 5), in reading order, with the rules that remove them.
    fn ruled_out(&self, grid: &Grid) -> (Vec<Candidate>, String) {
        let mut out = Vec::new();
        let mut rules = [false; 3];
        let in_cell = |color: usize, cell: Cell| self.colors[color].iter().any(|c| c.cell == cell);
        let sees = |color: usize, cell: Cell, digit: Digit| {
            self.colors[color].iter().any(|c| c.digit == digit && c.cell != cell && c.cell.sees(cell))
        };
        for cell in grid.empty_cells().iter() {
            for digit in grid.candidates(cell).iter() {
                if self.has(0, cell, digit) || self.has(1, cell, digit) {
                    continue;
                }
                let rule = if in_cell(0, cell) && in_cell(1, cell) {
                    Some(0)
                } else if sees(0, cell, digit) && sees(1, cell, digit) {
                    Some(1)
                } else if (in_cell(0, cell) && sees(1, cell, digit)) || (in_cell(1, cell) && sees(0, cell, digit)) {
                    Some(2)
                } else {
                    None
                };
                if let Some(rule) = rule {
                    rules[rule] = true;
                    out.push(Candidate::new(cell, digit));
                }
            }
        }
        let said = [
            "a cell holding both colors keeps only those two candidates",
            "a candidate that sees its digit in both colors goes",
            "a candidate that sees its digit in one color, in a cell the other color holds, goes",
        ];
        let why: Vec<&str> = said.iter().zip(rules).filter(|(_, on)| *on).map(|(s, _)| *s).collect();
        (out, listing(why, "and"))
    }

    fn step(&self, eliminated: Vec<Candidate>, why: &str) -> Step {
        let named = |side: &[Candidate]| listing(side.iter().map(|c| format!("{}={}", c.cell, c.digit)), "and");
        let false_color = eliminated.first().is_some_and(|e| self.all().any(|c| c == *e));
        let conclusion = if false_color {
            format!("that color cannot be true, since {why}, so its candidates go")
        } else {
            format!("one color is true, so {why}")
        };
        let reason = format!(
            "the bivalue cells and conjugate pairs of {} color {} one way and {} the other, and one color is all \
             true, the other all false; {conclusion}",
            listing(self.digits().iter(), "and"),
            named(&self.colors[0]),
            named(&self.colors[1]),
        );
        let cells: Vec<Cell> = {
            let mut cells: Vec<Cell> = self.all().map(|c| c.cell).collect();
            cells.sort();
            cells.dedup();
            cells
        };
        Step::new(TechniqueId::Medusa)
            .eliminate_all(eliminated)
            .pattern(cells, self.digits(), [])
            .part(PartKind::Color { cluster: 0, side: 0 }, self.colors[0].iter().copied())
            .part(PartKind::Color { cluster: 0, side: 1 }, self.colors[1].iter().copied())
            .because(reason)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::technique::testing::{assert_agrees_with_solution, at, empty, marks, remove, without};
    use crate::explain::technique::testing::{assert_lists_pattern_and_half_turn, EverySteps, FirstStep};

    /// r1c1 {1,2} and r1c5 {1,3} bivalue; 1 in row 1, 2 in column 1 and 3
    /// in column 5 each in two places: one cluster over 1, 2 and 3,
    /// r1c1=1, r1c5=3, r5c1=2 one color and r1c1=2, r1c5=1, r5c5=3 the other.
    fn medusa_grid(r1c5: &'static str) -> Grid {
        let mut g = marks(&[(1, 1, "12"), (1, 5, r1c5)]);
        let gone = |g: &mut Grid, digit: u8, cells: Vec<(u8, u8)>| {
            for (r, c) in cells {
                g.eliminate(Cell::at(r - 1, c - 1), Digit::new(digit));
            }
        };
        gone(&mut g, 1, [2, 3, 4, 6, 7, 8, 9].map(|c| (1, c)).to_vec());
        gone(&mut g, 2, [2, 3, 4, 6, 7, 8, 9].map(|r| (r, 1)).to_vec());
        gone(&mut g, 3, [2, 3, 4, 6, 7, 8, 9].map(|r| (r, 5)).to_vec());
        g
    }

    fn cands(list: &[(u8, u8, u8)]) -> Vec<Candidate> {
        list.iter().map(|&(r, c, d)| Candidate::new(Cell::at(r - 1, c - 1), Digit::new(d))).collect()
    }

    #[test]
    fn medusa_removes_what_both_colors_rule_out() {
        let step = Medusa.first(&medusa_grid("13")).expect("a 3D Medusa");
        assert_eq!(step.technique, TechniqueId::Medusa);
        // r5c1 holds one color and its 3 sees r5c5=3 of the other; r5c5 likewise with 2.
        assert_eq!(step.eliminations, cands(&[(5, 1, 3), (5, 5, 2)]));
        assert_eq!(step.cells, at(&[(1, 1), (1, 5), (5, 1), (5, 5)]));
        assert_eq!(step.digits, [1, 2, 3].into_iter().map(Digit::new).collect::<DigitSet>());
        assert_eq!(
            step.reason,
            "the bivalue cells and conjugate pairs of 1, 2 and 3 color r1c1=1, r1c5=3 and r5c1=2 one way and \
             r1c1=2, r1c5=1 and r5c5=3 the other, and one color is all true, the other all false; one color is true, \
             so a candidate that sees its digit in one color, in a cell the other color holds, goes"
        );
        assert_eq!(Medusa.every(&medusa_grid("13")).len(), 1);
    }

    #[test]
    fn medusa_needs_the_links_to_join() {
        // r1c5 not bivalue: 3's pair is a cluster of its own, one digit (Simple Coloring's).
        assert_eq!(Medusa.first(&medusa_grid("134")), None);
    }

    #[test]
    fn medusa_finds_a_color_that_puts_a_digit_twice_in_a_house() {
        // r5c5 {2,3}: r5c5=2 takes the color of r1c1=1, which already has
        // r5c1=2 in row 5. That color is false: all of it goes.
        let mut g = medusa_grid("13");
        for d in [1, 4, 5, 6, 7, 8, 9] {
            g.eliminate(Cell::at(4, 4), Digit::new(d));
        }
        let step = Medusa.first(&g).expect("a 3D Medusa");
        assert_eq!(step.eliminations, cands(&[(1, 1, 1), (1, 5, 3), (5, 1, 2), (5, 5, 2)]));
        assert!(step.reason.contains("2 would be in both r5c1 and r5c5, which see each other"), "{}", step.reason);
    }

    #[test]
    fn medusa_lists_both_clusters() {
        assert_lists_pattern_and_half_turn(&Medusa, &medusa_grid("13"));
    }

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
