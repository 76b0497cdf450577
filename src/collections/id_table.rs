//! The hash index of the best-first searches: which node holds a state.

use std::num::NonZeroU64;

/// The fewest slots a table has.
const MIN_BITS: u32 = 6;

/// log2 of the most slots a table has that a cache is taken to hold: 2<sup>15</sup> slots
/// of 8 bytes, 256 KiB.
const CACHED_BITS: u32 = 15;

/// A slot: `(tag << 32) | (id + 1)`; `None` when empty.
type Slot = Option<NonZeroU64>;

/// An open-addressing hash table of node ids with linear probing. Each slot is 8 bytes: the
/// top 32 bits of the state's hash (its *tag*) and the node id, so one lookup reads one run
/// of adjacent slots and, only for a matching tag, one node.
///
/// A state's home slot is given by the top bits of its tag, so the tags alone place every
/// entry: growing never touches the nodes, and it moves the entries in nearly sequential
/// order (the runs of the old table map to runs of the new one).
///
/// The table is at most 3/4 full: at that load an unsuccessful lookup reads about 8 slots,
/// one or two cache lines.
///
/// (Slots that also keep small states by value, so that a match needs no node, were
/// slower: three times the memory, and the nodes keep the states anyway.)
pub(crate) struct IdTable {
    slots: Vec<Slot>,
    /// 64 less log2 of the number of slots: a word whose top 32 bits are a tag (a hash,
    /// or a slot's word) has its home at `word >> shift`.
    shift: u32,
    len: usize,
}

/// Where a state not found goes, for [`IdTable::insert`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Vacancy {
    pub(super) hash: u64,
    pub(super) pos: usize,
}

impl IdTable {
    /// An empty table with room for `capacity` ids before it grows.
    pub(crate) fn with_capacity(capacity: usize) -> Self {
        let mut bits = MIN_BITS;
        while (1usize << bits) / 4 * 3 < capacity && bits < 32 {
            bits += 1;
        }
        IdTable {
            slots: vec![None; 1 << bits],
            shift: 64 - bits,
            len: 0,
        }
    }

    /// Whether the table is larger than a cache holds, so that reading the slots of many
    /// states ahead of their lookups lets the misses overlap (see
    /// [`NodeIndex::READ_AHEAD`](super::NodeIndex::READ_AHEAD)); a smaller table is read
    /// from cache, and a pass ahead would only cost instructions.
    #[inline(always)]
    pub(crate) fn exceeds_cache(&self) -> bool {
        self.shift < 64 - CACHED_BITS
    }

    /// The home slot of a hash, or of a slot's word (both have the tag on top).
    #[inline(always)]
    fn home(&self, word: u64) -> usize {
        (word >> self.shift) as usize
    }

    /// Reads the home slot of `hash`, so that a lookup soon after finds it in cache.
    /// Touching the home slots of many states first lets their cache misses overlap.
    #[inline(always)]
    pub(crate) fn touch(&self, hash: u64) -> u64 {
        self.slots[self.home(hash)].map_or(0, NonZeroU64::get)
    }

    /// The id of the state hashed to `hash` (`is(id)` tells whether node `id`, whose tag
    /// matches, holds it), or where that state goes.
    #[inline]
    pub(crate) fn find(
        &self,
        hash: u64,
        mut is: impl FnMut(usize) -> bool,
    ) -> Result<usize, Vacancy> {
        let tag = hash >> 32;
        let mask = self.slots.len() - 1;
        let mut pos = self.home(hash);
        loop {
            let Some(slot) = self.slots[pos] else {
                return Err(Vacancy { hash, pos });
            };
            if slot.get() >> 32 == tag {
                let id = (slot.get() as u32 - 1) as usize;
                if is(id) {
                    return Ok(id);
                }
            }
            pos = (pos + 1) & mask;
        }
    }

    /// Records `id` (below `u32::MAX`) where [`find`](IdTable::find) reported its state
    /// missing, with no insertion in between.
    #[inline]
    pub(crate) fn insert(&mut self, at: Vacancy, id: usize) {
        let slot = NonZeroU64::new((at.hash >> 32 << 32) | (id as u64 + 1));
        let mut pos = at.pos;
        if (self.len + 1) * 4 > self.slots.len() * 3 && self.shift > 32 {
            self.grow();
            pos = self.free_slot(at.hash);
        }
        self.slots[pos] = slot;
        self.len += 1;
    }

    /// The first empty slot from the home of `word` (a hash, or a slot's word) on.
    #[inline]
    fn free_slot(&self, word: u64) -> usize {
        let mask = self.slots.len() - 1;
        let mut pos = self.home(word);
        while self.slots[pos].is_some() {
            pos = (pos + 1) & mask;
        }
        pos
    }

    /// Doubles the table.
    #[cold]
    fn grow(&mut self) {
        let doubled = vec![None; self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, doubled);
        self.shift -= 1;
        // the old slots in order: each run maps to nearly adjacent runs of the new table
        for slot in old.into_iter().flatten() {
            let pos = self.free_slot(slot.get());
            self.slots[pos] = Some(slot);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collections::fold_hash::hash_of;

    #[test]
    fn finds_every_id_after_growing() {
        let mut t = IdTable::with_capacity(4);
        let keys: Vec<u64> = (0..20_000u64).map(|k| k * 7919).collect();
        for (id, k) in keys.iter().enumerate() {
            let at = t.find(hash_of(k), |i| keys[i] == *k).unwrap_err();
            t.insert(at, id);
        }
        for (id, k) in keys.iter().enumerate() {
            assert_eq!(t.find(hash_of(k), |i| keys[i] == *k).unwrap(), id);
        }
        assert!(t.find(hash_of(&3u64), |i| keys[i] == 3).is_err());
        assert_eq!(t.len, keys.len());
    }

    #[test]
    fn colliding_tags_are_told_apart_by_the_state() {
        // every hash equal: one long run, found by comparing states
        let mut t = IdTable::with_capacity(0);
        for id in 0..100 {
            let at = t.find(42 << 32, |i| i == id).unwrap_err();
            t.insert(at, id);
        }
        for id in 0..100 {
            assert_eq!(t.find(42 << 32, |i| i == id).unwrap(), id);
        }
    }
}
