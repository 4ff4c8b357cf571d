//! `Memo`: what techniques may reuse along one solve, owned by the driver.
//!
//! Some searches share work with the next search on the same or a later
//! position (the three ALS techniques list the same sets, the forcing
//! techniques propagate the same branches, a digit with no X-chain keeps
//! none while its places stay). That memory is passed to every search as
//! an argument instead of hiding in the technique, so a search handed a
//! fresh `Memo` is a search from scratch, and tests can compare the two.
//!
//! Each entry is keyed by what it was computed from (a grid, or a digit's
//! places), so a stale entry is never taken for a current one; the driver
//! drops them all when a position is not a later point of the same solve.

use std::any::{Any, TypeId};

/// One value of each memo type a technique asks for, made on first use.
#[derive(Default)]
pub struct Memo {
    // Few types (under ten), so a list beats a map.
    entries: Vec<(TypeId, Box<dyn Any>)>,
}

impl Memo {
    /// The memo of type `T`, made empty on first use: techniques that share
    /// a type share its value, and a private type is a technique's own.
    pub fn get<T: Default + 'static>(&mut self) -> &mut T {
        let key = TypeId::of::<T>();
        let at = match self.entries.iter().position(|(k, _)| *k == key) {
            Some(at) => at,
            None => {
                self.entries.push((key, Box::<T>::default()));
                self.entries.len() - 1
            }
        };
        self.entries[at].1.downcast_mut().expect("entries are stored under their own type")
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_value_per_type_until_cleared() {
        let mut memo = Memo::default();
        *memo.get::<u32>() = 7;
        memo.get::<Vec<u8>>().push(1);
        assert_eq!(*memo.get::<u32>(), 7);
        assert_eq!(memo.get::<Vec<u8>>(), &[1]);
        memo.clear();
        assert_eq!(*memo.get::<u32>(), 0);
    }
}
