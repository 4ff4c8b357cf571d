//! A short list kept on the stack: the searches that run on every step
//! collect a handful of lines, links or corners, and a heap list for each
//! would cost an allocation per call.

use std::ops::Deref;

/// At most `N` items of a `Copy` type, in the order they were offered.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Few<T: Copy, const N: usize> {
    items: [T; N],
    len: usize,
}

impl<T: Copy, const N: usize> Few<T, N> {
    /// An empty list; `filler` fills the unused room and is never read.
    pub(crate) fn new(filler: T) -> Self {
        Few { items: [filler; N], len: 0 }
    }

    /// Adds `item` when `keep`. There is no branch on `keep` (which items a
    /// search keeps follows no pattern a predictor could learn), so the
    /// list must have room even for an item it drops (past `N` items,
    /// indexing panics).
    pub(crate) fn push_if(&mut self, item: T, keep: bool) {
        self.items[self.len] = item;
        self.len += usize::from(keep);
    }

    /// The items for which `keep` holds, in order.
    pub(crate) fn filtered(&self, mut keep: impl FnMut(&T) -> bool) -> Self {
        let mut kept = Few { items: self.items, len: 0 };
        for item in self.iter() {
            kept.push_if(*item, keep(item));
        }
        kept
    }
}

impl<T: Copy, const N: usize> Deref for Few<T, N> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.items[..self.len]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_what_it_is_told_to_keep_in_order() {
        let mut few: Few<u8, 4> = Few::new(0);
        for (item, keep) in [(1, true), (2, false), (3, true), (4, true)] {
            few.push_if(item, keep);
        }
        assert_eq!(&few[..], &[1, 3, 4]);
        assert_eq!(&few.filtered(|&i| i != 3)[..], &[1, 4]);
    }

    #[test]
    #[should_panic(expected = "index out of bounds")]
    fn refuses_an_item_past_its_room() {
        let mut few: Few<u8, 2> = Few::new(0);
        for item in 0..3 {
            few.push_if(item, true);
        }
    }
}
