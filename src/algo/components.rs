//! Strongly connected components of a directed graph (Tarjan's algorithm,
//! iteratively): both chain engines ask which nodes lead where, and a
//! graph's components, numbered sinks first, let them answer for every
//! node in one pass.

const UNSEEN: u32 = u32::MAX;

/// The component of each of the `n` nodes and the number of components,
/// which are numbered in the order they complete: every component a
/// component leads to has a lower number. `successor(v, i)` is the `i`-th
/// successor of `v`, `None` past the last.
pub(crate) fn components(n: usize, successor: impl Fn(u32, u32) -> Option<u32>) -> (Vec<u32>, usize) {
    let mut index = vec![UNSEEN; n];
    let mut low = vec![0u32; n];
    let mut on_stack = vec![false; n];
    let mut stack = Vec::new();
    let mut component = vec![UNSEEN; n];
    let mut count = 0u32;
    let mut next_index = 0u32;
    let mut calls: Vec<(u32, u32)> = Vec::new();
    for root in 0..n as u32 {
        if index[root as usize] != UNSEEN {
            continue;
        }
        calls.push((root, 0));
        index[root as usize] = next_index;
        low[root as usize] = next_index;
        next_index += 1;
        stack.push(root);
        on_stack[root as usize] = true;
        while let Some(&mut (v, ref mut edge)) = calls.last_mut() {
            if let Some(w) = successor(v, *edge) {
                *edge += 1;
                if index[w as usize] == UNSEEN {
                    index[w as usize] = next_index;
                    low[w as usize] = next_index;
                    next_index += 1;
                    stack.push(w);
                    on_stack[w as usize] = true;
                    calls.push((w, 0));
                } else if on_stack[w as usize] {
                    low[v as usize] = low[v as usize].min(index[w as usize]);
                }
            } else {
                calls.pop();
                if let Some(&(parent, _)) = calls.last() {
                    low[parent as usize] = low[parent as usize].min(low[v as usize]);
                }
                if low[v as usize] == index[v as usize] {
                    loop {
                        let w = stack.pop().expect("on stack");
                        on_stack[w as usize] = false;
                        component[w as usize] = count;
                        if w == v {
                            break;
                        }
                    }
                    count += 1;
                }
            }
        }
    }
    (component, count as usize)
}

/// The nodes grouped by component (a counting sort): component `c`'s are
/// `members[member_at[c]..member_at[c + 1]]`, in node order.
pub(crate) fn members_by_component(component: &[u32], count: usize) -> (Vec<u32>, Vec<u32>) {
    let mut member_at = vec![0u32; count + 1];
    for &c in component {
        member_at[c as usize + 1] += 1;
    }
    for c in 0..count {
        member_at[c + 1] += member_at[c];
    }
    let mut members = vec![0u32; component.len()];
    let mut fill = member_at.clone();
    for (v, &c) in component.iter().enumerate() {
        members[fill[c as usize] as usize] = v as u32;
        fill[c as usize] += 1;
    }
    (member_at, members)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn components_of_a_small_graph_sinks_first() {
        // 0 -> 1 -> 2 -> 0 (a cycle), 2 -> 3, 4 alone.
        let adj_at = [0, 1, 2, 4, 4, 4];
        let adj = [1, 2, 0, 3];
        let (component, count) = components(5, |v, i| {
            let at = adj_at[v as usize] + i;
            (at < adj_at[v as usize + 1]).then(|| adj[at as usize])
        });
        assert_eq!(count, 3);
        assert_eq!(component[0], component[1]);
        assert_eq!(component[1], component[2]);
        assert!(component[3] < component[0], "sinks first");
        let (member_at, members) = members_by_component(&component, count);
        let of = |c: u32| &members[member_at[c as usize] as usize..member_at[c as usize + 1] as usize];
        assert_eq!(of(component[0]), [0, 1, 2]);
        assert_eq!(of(component[3]), [3]);
        assert_eq!(of(component[4]), [4]);
    }
}
