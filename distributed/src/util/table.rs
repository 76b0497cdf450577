//! Node ids by the hash of their state: the index of a worker's A\* nodes, which live in a
//! vector beside it.
//!
//! A slot is one word, the top half of the state's hash (its tag) over the node id plus
//! one (zero: empty), in a table of linear probing at most 3/4 full, so a lookup reads one
//! run of words and compares states only where the tags agree. Unlike a general hash map,
//! the run of a state's tag can be read without reading any state, and the node whose tag
//! agrees read next: a worker looks up a group of received states that way first, so that
//! their cache misses overlap.

/// Where a state missing from an [`IdIndex`] goes: valid until the next insertion.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hole(usize);

/// The index: slots of `tag << 32 | id + 1`.
pub(crate) struct IdIndex {
    slots: Vec<u64>,
    /// `64 - log2(slots.len())`: a hash's (or a slot's) first slot is `word >> shift`.
    shift: u32,
    len: usize,
}

/// The most ids an [`IdIndex`] holds: 3/4 of 2<sup>32</sup> slots, so that a slot's
/// place follows from its 32-bit tag alone (and `id + 1` fits in 32 bits).
pub(crate) const MAX_IDS: usize = 3 << 30;

impl IdIndex {
    /// An empty index of 64 slots.
    pub(crate) fn new() -> Self {
        IdIndex {
            slots: vec![0; 64],
            shift: 64 - 6,
            len: 0,
        }
    }

    #[inline(always)]
    fn first_slot(&self, word: u64) -> usize {
        (word >> self.shift) as usize
    }

    /// The id filed under `hash` for which `is(id)` holds (states that share a tag are
    /// told apart by `is`), or where such an id goes.
    #[inline]
    pub(crate) fn find(&self, hash: u64, mut is: impl FnMut(usize) -> bool) -> Result<usize, Hole> {
        let mask = self.slots.len() - 1;
        let mut at = self.first_slot(hash);
        loop {
            let slot = self.slots[at];
            if slot == 0 {
                return Err(Hole(at));
            }
            if (slot ^ hash) >> 32 == 0 {
                let id = (slot as u32 - 1) as usize;
                if is(id) {
                    return Ok(id);
                }
            }
            at = (at + 1) & mask;
        }
    }

    /// Files `id` (at most [`MAX_IDS`]) under `hash` at `hole`, which
    /// [`find`](IdIndex::find) gave with no insertion since.
    #[inline]
    pub(crate) fn insert(&mut self, hole: Hole, hash: u64, id: usize) {
        debug_assert!(id < MAX_IDS);
        let slot = (hash >> 32 << 32) | (id as u64 + 1);
        let mut at = hole.0;
        if (self.len + 1) * 4 > self.slots.len() * 3 {
            self.grow();
            at = self.free(slot);
        }
        self.slots[at] = slot;
        self.len += 1;
    }

    /// The first empty slot from the first slot `word` (a hash or a slot) names.
    fn free(&self, word: u64) -> usize {
        let mask = self.slots.len() - 1;
        let mut at = self.first_slot(word);
        while self.slots[at] != 0 {
            at = (at + 1) & mask;
        }
        at
    }

    /// Doubles the slots; every slot moves by its tag alone, no state is hashed again.
    #[cold]
    fn grow(&mut self) {
        let doubled = vec![0; self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, doubled);
        self.shift -= 1;
        for slot in old.into_iter().filter(|&s| s != 0) {
            let at = self.free(slot);
            self.slots[at] = slot;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hash(k: u64) -> u64 {
        k.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(17) ^ k
    }

    #[test]
    fn every_id_is_found_after_growing_and_tags_that_collide_are_told_apart() {
        let keys: Vec<u64> = (0..50_000u64).map(|k| k * 7919).collect();
        let mut index = IdIndex::new();
        for (id, &k) in keys.iter().enumerate() {
            let hole = index.find(hash(k), |i| keys[i] == k).unwrap_err();
            index.insert(hole, hash(k), id);
        }
        for (id, &k) in keys.iter().enumerate() {
            assert_eq!(index.find(hash(k), |i| keys[i] == k).unwrap(), id);
        }
        assert!(index.find(hash(3), |i| keys[i] == 3).is_err());
        // one tag for all: the states decide
        let mut same = IdIndex::new();
        for id in 0..200 {
            let hole = same.find(7 << 32, |i| i == id).unwrap_err();
            same.insert(hole, 7 << 32, id);
        }
        for id in 0..200 {
            assert_eq!(same.find(7 << 32, |i| i == id).unwrap(), id);
        }
    }
}
