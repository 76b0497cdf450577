//! The successors a worker generated last, held back before they are sent, so that one
//! generated again is merged where it was made instead of sent, received and sorted again.
//!
//! Neighbouring states share many successors (on Rush Hour a state's successors include the
//! boards its neighbours reach by one more slide), and a breadth-first round sends each of
//! them once per way in. A small table indexed by the state's hash, each slot holding one
//! record, catches a repeat while its first copy is still in the table; a record displaced
//! by another is sent then, and the rest at the round's end.

/// A direct-mapped table of records (a packed state and what travels with it), each with the
/// worker it goes to.
pub(crate) struct Recent {
    /// Bytes of a record.
    record: usize,
    /// Bytes of the state at a record's front: records with the same are merged.
    width: usize,
    /// The slots, each its worker (4 bytes, [`EMPTY`] for none) and then its record: one
    /// cache miss a probe where two arrays would take two.
    slots: Vec<u8>,
    /// How many slots, a power of two (0 for no table).
    len: usize,
    /// Records merged into one held, since the counter was last taken.
    merged: u64,
}

/// The worker of a slot that holds no record.
const EMPTY: u32 = u32::MAX;

/// The table's size in bytes, at most: within a core's own cache, beside the worker's other
/// work. (On Rush Hour a table of this size merges 44 % of the successors, one of 4 MiB
/// 55 %, at a cache miss a probe.)
const TABLE_BYTES: usize = 1 << 19;

impl Recent {
    /// A table for records of `record` bytes whose first `width` are the state, of as many
    /// slots (a power of two) as fit [`TABLE_BYTES`]; none when `width` is 0 (every state
    /// is the same, and it travels once anyway).
    pub(crate) fn new(width: usize, record: usize) -> Self {
        let len = if width == 0 {
            0
        } else {
            let fit = TABLE_BYTES / (record + 4);
            // (the largest power of two that fits, at least one slot)
            1usize << fit.max(1).ilog2()
        };
        let mut slots = vec![0; len * (4 + record)];
        for slot in slots.chunks_exact_mut(4 + record) {
            slot[..4].copy_from_slice(&EMPTY.to_le_bytes());
        }
        Recent {
            record,
            width,
            slots,
            len,
            merged: 0,
        }
    }

    /// Offers `record` (its state's [`state_hash`](super::state_hash) `hash`, bound for
    /// worker `to`): when the table holds the same state, `merge` folds the new record into
    /// the one held and nothing is sent; otherwise the record takes its slot and the one it
    /// displaces, if any, goes to `send` with its worker.
    #[inline]
    pub(crate) fn offer(
        &mut self,
        hash: u64,
        to: usize,
        record: &[u8],
        merge: impl FnOnce(&mut [u8], &[u8]),
        send: impl FnOnce(usize, &[u8]),
    ) {
        debug_assert_eq!(record.len(), self.record);
        if self.len == 0 {
            send(to, record);
            return;
        }
        // (the owner is named by the hash's top bits; the slot by its low ones)
        let at = (hash as usize & (self.len - 1)) * (4 + self.record);
        let (owner, held) = self.slots[at..at + 4 + self.record].split_at_mut(4);
        let was = u32::from_le_bytes(owner.try_into().expect("4 bytes"));
        if was != EMPTY {
            if same(&held[..self.width], &record[..self.width]) {
                merge(held, record);
                self.merged += 1;
                return;
            }
            send(was as usize, held);
        }
        copy(held, record);
        let to = u32::try_from(to).expect("fewer than 2^32 workers");
        owner.copy_from_slice(&to.to_le_bytes());
    }

    /// Sends every record held, each with its worker, and empties the table.
    pub(crate) fn flush(&mut self, mut send: impl FnMut(usize, &[u8])) {
        for slot in self.slots.chunks_exact_mut(4 + self.record) {
            let (owner, held) = slot.split_at_mut(4);
            let was = u32::from_le_bytes((&*owner).try_into().expect("4 bytes"));
            if was != EMPTY {
                send(was as usize, held);
                owner.copy_from_slice(&EMPTY.to_le_bytes());
            }
        }
    }

    /// The records merged into one held since the last call.
    pub(crate) fn take_merged(&mut self) -> u64 {
        std::mem::take(&mut self.merged)
    }
}

/// Whether `a` and `b`, of one length, hold the same bytes: a word at a time, where a
/// slice comparison of a length not known when compiling calls the C library's.
#[inline]
fn same(a: &[u8], b: &[u8]) -> bool {
    let (a, b) = (a.chunks_exact(8), b.chunks_exact(8));
    let tail = a.remainder().iter().zip(b.remainder());
    tail.fold(true, |same, (x, y)| same & (x == y)) && a.zip(b).all(|(x, y)| word(x) == word(y))
}

/// Copies `from` into `to`, of one length, a word at a time (see [`same`]).
#[inline]
pub(crate) fn copy(to: &mut [u8], from: &[u8]) {
    let mut to = to.chunks_exact_mut(8);
    let mut from = from.chunks_exact(8);
    for (t, f) in (&mut to).zip(&mut from) {
        t.copy_from_slice(&word(f).to_ne_bytes());
    }
    for (t, f) in to.into_remainder().iter_mut().zip(from.remainder()) {
        *t = *f;
    }
}

/// Eight bytes as a word.
#[inline]
fn word(bytes: &[u8]) -> u64 {
    u64::from_ne_bytes(bytes.try_into().expect("8 bytes"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Offers `records` (state byte, payload byte; the payload's merge is a bitwise or,
    /// the worker the state modulo 3) to a table, flushes it, and returns what was sent, in
    /// order, with the number merged.
    fn run(records: &[[u8; 2]], hash: impl Fn(u8) -> u64) -> (Vec<(usize, [u8; 2])>, u64) {
        let mut recent = Recent::new(1, 2);
        let mut sent = Vec::new();
        for r in records {
            recent.offer(
                hash(r[0]),
                usize::from(r[0] % 3),
                r,
                |held, new| held[1] |= new[1],
                |to, bytes| sent.push((to, [bytes[0], bytes[1]])),
            );
        }
        recent.flush(|to, bytes| sent.push((to, [bytes[0], bytes[1]])));
        (sent, recent.take_merged())
    }

    #[test]
    fn repeats_are_merged_and_everything_else_is_sent_once() {
        let records = [[1, 1], [2, 4], [1, 2], [5, 8], [2, 16], [1, 32]];
        let (mut sent, merged) = run(&records, u64::from);
        sent.sort_unstable();
        assert_eq!(sent, [(1, [1, 35]), (2, [2, 20]), (2, [5, 8])]);
        assert_eq!(merged, 3);
    }

    #[test]
    fn a_displaced_record_is_sent_with_its_own_worker() {
        // every state in one slot: each displaces the one before
        let records = [[1, 1], [2, 2], [1, 4], [3, 8]];
        let (sent, merged) = run(&records, |_| 0);
        assert_eq!(sent, [(1, [1, 1]), (2, [2, 2]), (1, [1, 4]), (0, [3, 8])]);
        assert_eq!(merged, 0);
    }

    #[test]
    fn states_of_no_bytes_are_sent_as_they_come() {
        let mut recent = Recent::new(0, 1);
        let mut sent = Vec::new();
        for p in [1, 2] {
            recent.offer(
                0,
                0,
                &[p],
                |_, _| unreachable!(),
                |to, b| sent.push((to, b[0])),
            );
        }
        recent.flush(|_, _| unreachable!());
        assert_eq!(sent, [(0, 1), (0, 2)]);
    }
}
