//! Combinations of a few items taken in a fixed order: the subset, fish,
//! uniqueness and BUG searches of both engines choose their cells, lines
//! or digits this way. The explained path takes them in lexicographic
//! order, Sudoku Explainer in the order of their bit masks; each caller
//! says which.

/// The order in which the `k`-element subsets of a set come.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Order {
    /// First members first, as words in a dictionary: {0,1}, {0,2}, {0,3},
    /// ..., {1,2}, {1,3}, ...
    Lexicographic,
    /// By their bit masks read as numbers (last members first, SE's
    /// `Permutations`): {0,1}, {0,2}, {1,2}, {0,3}, {1,3}, {2,3}, ...
    Colex,
}

/// The most members a subset is taken from, and the most it takes.
const MOST_MEMBERS: usize = 32;
const MOST_TAKEN: usize = 16;

/// Each `k`-element subset of the members in `allowed` (bit `i` for member
/// `i`) whose members' masks (`masks[i]`) have a union of at most
/// `max_union` bits, as a bit mask of its members with that union, in
/// `order`. No masks at all: every member's is empty. For `k` = 0 the
/// empty subset comes once.
///
/// Lexicographic subsets are walked member by member, a subset dropped as
/// soon as a member takes the union past `max_union`, so a narrow bound
/// visits few. Colex subsets are the submasks of `allowed` in increasing
/// order, which is that order itself: with at most nine members (a house)
/// stepping through them costs less than setting up a walk, and the
/// searches that run at every stall of SE's nested chains take them so.
pub(crate) fn subsets(allowed: u32, masks: &[u16], k: usize, max_union: u32, order: Order) -> Subsets<'_> {
    assert!(k <= MOST_TAKEN, "subsets of at most {MOST_TAKEN} members");
    debug_assert!(masks.is_empty() || masks.len() >= (32 - allowed.leading_zeros()) as usize, "a mask per member");
    if order == Order::Colex {
        let done = k as u32 > allowed.count_ones();
        return Subsets::Submasks { allowed, masks, k: k as u32, max_union, mask: 0, done };
    }
    let mut members = [0u8; MOST_MEMBERS];
    let mut n = 0;
    let mut rest = allowed;
    while rest != 0 {
        members[n] = rest.trailing_zeros() as u8;
        n += 1;
        rest &= rest - 1;
    }
    let mut walk = Walk {
        masks,
        members,
        n,
        k,
        max_union,
        at: [0; MOST_TAKEN],
        taken: [0; MOST_TAKEN + 1],
        unions: [0; MOST_TAKEN + 1],
        depth: 0,
        done: k > n,
    };
    if k > 0 {
        walk.at[0] = 0;
    }
    Subsets::Walk(walk)
}

/// Each `k`-element subset of the members in `allowed`, as a bit mask, in
/// `order`.
pub(crate) fn subsets_of(allowed: u32, k: usize, order: Order) -> impl Iterator<Item = u32> {
    subsets(allowed, &[], k, 0, order).map(|(subset, _)| subset)
}

/// The subsets [`subsets`] gives, in one of its two ways.
pub(crate) enum Subsets<'a> {
    /// Lexicographic: a walk member by member.
    Walk(Walk<'a>),
    /// Colex: the submasks of `allowed` in increasing order, those of `k`
    /// members whose union is narrow enough.
    Submasks {
        /// The members.
        allowed: u32,
        /// Each member's mask (none: all empty).
        masks: &'a [u16],
        /// How many members a subset takes.
        k: u32,
        /// The most bits the union may have.
        max_union: u32,
        /// The last submask given.
        mask: u32,
        /// No more to give.
        done: bool,
    },
}

impl Iterator for Subsets<'_> {
    type Item = (u32, u16);

    fn next(&mut self) -> Option<(u32, u16)> {
        match self {
            Subsets::Walk(walk) => walk.next(),
            Subsets::Submasks { allowed, masks, k, max_union, mask, done } => {
                if *done {
                    return None;
                }
                if *k == 0 {
                    *done = true;
                    return Some((0, 0));
                }
                loop {
                    // The next submask of `allowed` in increasing order.
                    *mask = mask.wrapping_sub(*allowed) & *allowed;
                    if *mask == 0 {
                        *done = true;
                        return None;
                    }
                    if mask.count_ones() != *k {
                        continue;
                    }
                    let mut union = 0u16;
                    if !masks.is_empty() {
                        let mut rest = *mask;
                        while rest != 0 {
                            union |= masks[rest.trailing_zeros() as usize];
                            rest &= rest - 1;
                        }
                        if union.count_ones() > *max_union {
                            continue;
                        }
                    }
                    return Some((*mask, union));
                }
            }
        }
    }
}

/// The lexicographic walk of [`subsets`]: at each depth, the member taken
/// there (an index in `members`), and the members taken and their union
/// before it. The members go up with depth, each leaving room for the rest
/// after it.
pub(crate) struct Walk<'a> {
    masks: &'a [u16],
    /// The allowed members, in increasing order.
    members: [u8; MOST_MEMBERS],
    n: usize,
    k: usize,
    max_union: u32,
    at: [u8; MOST_TAKEN],
    taken: [u32; MOST_TAKEN + 1],
    unions: [u16; MOST_TAKEN + 1],
    depth: usize,
    done: bool,
}

impl Walk<'_> {
    /// The first member (its index in `members`) to take at `depth`.
    fn first_at(&self, depth: usize) -> u8 {
        if depth == 0 {
            0
        } else {
            self.at[depth - 1] + 1
        }
    }

    /// The last member to take at `depth`.
    fn last_at(&self, depth: usize) -> usize {
        self.n - (self.k - depth)
    }

    /// A member's mask (empty when no masks were given).
    fn mask(&self, member: usize) -> u16 {
        self.masks.get(member).copied().unwrap_or(0)
    }
}

impl Iterator for Walk<'_> {
    type Item = (u32, u16);

    fn next(&mut self) -> Option<(u32, u16)> {
        if self.done {
            return None;
        }
        if self.k == 0 {
            self.done = true;
            return Some((0, 0));
        }
        loop {
            let depth = self.depth;
            let at = usize::from(self.at[depth]);
            if at > self.last_at(depth) {
                if depth == 0 {
                    self.done = true;
                    return None;
                }
                self.depth -= 1;
                self.at[depth - 1] += 1;
                continue;
            }
            let member = usize::from(self.members[at]);
            let union = self.unions[depth] | self.mask(member);
            if union.count_ones() > self.max_union {
                self.at[depth] += 1;
                continue;
            }
            let with = self.taken[depth] | 1 << member;
            if depth + 1 == self.k {
                self.at[depth] += 1;
                return Some((with, union));
            }
            self.depth += 1;
            self.taken[depth + 1] = with;
            self.unions[depth + 1] = union;
            self.at[depth + 1] = self.first_at(depth + 1);
        }
    }
}

/// Finds the first `size`-element combination of `items` (in lexicographic
/// order of positions) whose masks' union has at most `max_union` bits, for
/// which `f` returns something; `f` gets the chosen items and the union.
pub(crate) fn find_combination<T: Copy, R>(
    items: &[(T, u16)],
    size: usize,
    max_union: u32,
    f: &mut impl FnMut(&[T], u16) -> Option<R>,
) -> Option<R> {
    // No search goes past four items: the chosen ones live on the stack.
    assert!(size <= 4, "combinations of at most four");
    let Some(&(filler, _)) = items.first().filter(|_| size > 0) else {
        return (size == 0).then(|| f(&[], 0)).flatten();
    };
    assert!(items.len() <= MOST_MEMBERS, "combinations of at most {MOST_MEMBERS} items");
    let mut masks = [0u16; MOST_MEMBERS];
    for (mask, &(_, item)) in masks.iter_mut().zip(items) {
        *mask = item;
    }
    let all = u32::MAX >> (MOST_MEMBERS - items.len());
    subsets(all, &masks[..items.len()], size, max_union, Order::Lexicographic).find_map(|(subset, union)| {
        let mut chosen = [filler; 4];
        let mut rest = subset;
        for slot in &mut chosen[..size] {
            *slot = items[rest.trailing_zeros() as usize].0;
            rest &= rest - 1;
        }
        f(&chosen[..size], union)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every combination of `size` of the masks, in lexicographic order of
    /// positions, whose union has at most `max_union` bits: the plain way.
    fn plain_combinations(masks: &[u16], size: usize, max_union: u32) -> Vec<Vec<usize>> {
        let mut all: Vec<Vec<usize>> = vec![vec![]];
        for _ in 0..size {
            all = all
                .into_iter()
                .flat_map(|c| {
                    let from = c.last().map_or(0, |&l| l + 1);
                    (from..masks.len()).map(move |i| [c.clone(), vec![i]].concat())
                })
                .collect();
        }
        all.retain(|c| c.iter().fold(0u16, |u, &i| u | masks[i]).count_ones() <= max_union);
        all
    }

    /// Masks from a small generator, some sharing bits and some not.
    fn masks() -> Vec<u16> {
        (1..=9u32).map(|i| (((i * 37 + i * i * 11) % 511) | (1 << (i % 9))) as u16 & 0x1ff).collect()
    }

    fn as_mask(members: &[usize]) -> u32 {
        members.iter().fold(0, |m, &i| m | 1 << i)
    }

    #[test]
    fn combinations_come_in_order_and_all_of_them() {
        let masks = masks();
        for size in 0..=4 {
            for max_union in [2, 3, 4, 6, 9] {
                let mut seen: Vec<Vec<usize>> = Vec::new();
                let items: Vec<(usize, u16)> = masks.iter().copied().enumerate().collect();
                let none: Option<()> = find_combination(&items, size, max_union, &mut |chosen: &[usize], union| {
                    assert_eq!(union, chosen.iter().fold(0, |u, &i| u | masks[i]));
                    seen.push(chosen.to_vec());
                    None
                });
                assert!(none.is_none());
                assert_eq!(seen, plain_combinations(&masks, size, max_union), "size {size}, at most {max_union}");
            }
        }
        // The first combination `f` accepts ends the walk.
        let items: Vec<(usize, u16)> = masks.iter().copied().enumerate().collect();
        let first =
            find_combination(&items, 2, 9, &mut |chosen: &[usize], _| (chosen[1] == 3).then(|| chosen.to_vec()));
        assert_eq!(first, Some(vec![0, 3]));
    }

    /// Each order is the one it names, over every allowed set of members
    /// of a few shapes, every size and bound: the lexicographic one sorts
    /// the members' lists, the colex one the masks as numbers.
    #[test]
    fn each_order_is_its_own_over_the_allowed_members() {
        let masks = masks();
        for allowed in [0x1ff, 0b1_0010_0110, 0b111, 0b1_1000_0001, 0] {
            for k in 0..=5 {
                for max_union in [3, 5, 9] {
                    let expected: Vec<Vec<usize>> = plain_combinations(&masks, k, max_union)
                        .into_iter()
                        .filter(|c| as_mask(c) & !allowed == 0)
                        .collect();
                    for order in [Order::Lexicographic, Order::Colex] {
                        let mut seen = Vec::new();
                        for (subset, union) in subsets(allowed, &masks, k, max_union, order) {
                            let members: Vec<usize> = (0..9).filter(|i| subset >> i & 1 == 1).collect();
                            assert_eq!(union, members.iter().fold(0, |u, &i| u | masks[i]));
                            seen.push(members);
                        }
                        let mut sorted = expected.clone();
                        if order == Order::Colex {
                            sorted.sort_by_key(|c| as_mask(c));
                        }
                        assert_eq!(seen, sorted, "{allowed:#b}, {k} of them, at most {max_union}, {order:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_two_orders_differ_as_named() {
        let pairs = |order| subsets_of(0b1111, 2, order).collect::<Vec<_>>();
        assert_eq!(pairs(Order::Colex), [0b0011, 0b0101, 0b0110, 0b1001, 0b1010, 0b1100]);
        assert_eq!(pairs(Order::Lexicographic), [0b0011, 0b0101, 0b1001, 0b0110, 0b1010, 0b1100]);
        assert_eq!(subsets_of(0b111, 0, Order::Colex).collect::<Vec<_>>(), [0], "one empty subset");
        assert_eq!(subsets_of(0b11, 3, Order::Colex).count(), 0, "too few members");
        assert_eq!(subsets_of(0x1ff, 3, Order::Colex).count(), 84);
        // {0,1,4} is the first mask past the four lowest members.
        assert_eq!(subsets_of(0x1ff, 3, Order::Colex).find(|s| s >> 4 != 0), Some(0b1_0011));
    }
}
