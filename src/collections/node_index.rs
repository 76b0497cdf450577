//! How an [`Arena`](super::Arena) finds a state's node: by its hash in an [`IdTable`], or by
//! the problem's dense index in a flat array.

use std::hash::Hash;

use super::fold_hash::hash_of;
use super::id_table::{IdTable, Vacancy};
use crate::traits::DenseIndex;

/// Which node holds a state. A state is filed under a *key*: its hash, or its dense index.
pub(crate) trait NodeIndex<S> {
    /// Whether a batch of lookups gains from reading every slot first, so that their cache
    /// misses overlap: a hash table's probes do; a flat array's single reads do not pay
    /// for the second pass.
    const READ_AHEAD: bool;
    /// Whether a batch of lookups reads ahead now: [`READ_AHEAD`](NodeIndex::READ_AHEAD),
    /// and the index too large for a cache.
    #[inline(always)]
    fn read_ahead(&self) -> bool {
        Self::READ_AHEAD
    }
    /// The key of `state`.
    fn key(&self, state: &S) -> u64;
    /// Reads where `key` is filed, so that a lookup soon after finds it in cache.
    fn touch(&self, key: u64) -> u64;
    /// The id of the node filed under `key` for which `is(id)` holds (a hash can be shared,
    /// so `is` compares the states; a dense index cannot, so it is not called), or where
    /// the state goes.
    fn find(&self, key: u64, is: impl FnMut(usize) -> bool) -> Result<usize, Vacancy>;
    /// Files `id` where [`find`](NodeIndex::find) reported its state missing, with no
    /// insertion in between.
    fn insert(&mut self, at: Vacancy, id: usize);
}

/// The hash index: an [`IdTable`] of the states' hashes.
pub(crate) struct HashIndex(pub(crate) IdTable);

impl<S: Hash> NodeIndex<S> for HashIndex {
    const READ_AHEAD: bool = true;
    #[inline(always)]
    fn read_ahead(&self) -> bool {
        self.0.exceeds_cache()
    }
    #[inline(always)]
    fn key(&self, state: &S) -> u64 {
        hash_of(state)
    }
    #[inline(always)]
    fn touch(&self, key: u64) -> u64 {
        self.0.touch(key)
    }
    #[inline(always)]
    fn find(&self, key: u64, is: impl FnMut(usize) -> bool) -> Result<usize, Vacancy> {
        self.0.find(key, is)
    }
    #[inline(always)]
    fn insert(&mut self, at: Vacancy, id: usize) {
        self.0.insert(at, id)
    }
}

/// The dense index: slot `i` holds one more than the id of the node of the state whose
/// [`DenseIndex::index`] is `i`, zero for none.
pub(crate) struct DenseTable<'p, P: ?Sized> {
    pub(crate) slots: Vec<u32>,
    pub(crate) problem: &'p P,
}

impl<'p, P: DenseIndex + ?Sized> DenseTable<'p, P> {
    /// The table over `problem`'s indices, in `slots` (all zero, or empty to allocate).
    pub(crate) fn new(problem: &'p P, mut slots: Vec<u32>) -> Self {
        debug_assert!(slots.iter().all(|&s| s == 0));
        slots.resize(problem.index_bound(), 0);
        DenseTable { slots, problem }
    }
}

impl<P: DenseIndex + ?Sized> NodeIndex<P::State> for DenseTable<'_, P> {
    const READ_AHEAD: bool = false;
    #[inline(always)]
    fn key(&self, state: &P::State) -> u64 {
        let i = self.problem.index(state);
        assert!(
            i < self.slots.len(),
            "DenseIndex::index gave {i}, not below index_bound() = {}",
            self.slots.len()
        );
        i as u64
    }
    #[inline(always)]
    fn touch(&self, key: u64) -> u64 {
        u64::from(self.slots[key as usize])
    }
    #[inline(always)]
    fn find(&self, key: u64, _: impl FnMut(usize) -> bool) -> Result<usize, Vacancy> {
        match self.slots[key as usize] {
            0 => Err(Vacancy {
                hash: key,
                pos: key as usize,
            }),
            slot => Ok(slot as usize - 1),
        }
    }
    #[inline(always)]
    fn insert(&mut self, at: Vacancy, id: usize) {
        self.slots[at.pos] = id as u32 + 1;
    }
}
