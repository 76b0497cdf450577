//! [`Ring`]: the queue of the grid engine's packed keys, buckets of a fixed width of `f`
//! in a ring.

use super::open::{Heap, Packed, Queue};

/// Buckets a [`Ring`] keeps (a power of two): the span of `f` it files in buckets is
/// `SLOTS / PER_STEP` straight steps.
const SLOTS: usize = 256;
/// Words of a [`Ring`]'s bitmap of occupied buckets.
const WORDS: usize = SLOTS / 64;
/// Buckets per straight step's cost: two `f` of one bucket differ by at most about 1/32
/// of a straight step. On an 8-connected grid with diagonal steps of `sqrt(2)`, two counts
/// of steps come that close only where their diagonal counts differ by 12 or more, so a
/// bucket seldom holds two `f`. (1,024 slots of 1/64 step took as many instructions, within
/// 3 %, and a fifth more misses of the first level of cache.)
const PER_STEP: f64 = 32.0;

/// A queue of [`Packed`] keys for searches whose estimate is consistent: an entry goes
/// to the bucket of `f * PER_STEP / straight`, rounded, where buckets from the least one
/// on sit in a ring of [`SLOTS`], found by a bitmap; entries beyond the ring wait in a
/// heap and join it as it moves on.
///
/// A push costs a vector's push and a bit; a pop takes the next entry of the bucket being
/// emptied, sorted when it was taken from the ring (most buckets hold one `f`, whose
/// entries come out newest first). With a consistent estimate, an expansion pushes `f`
/// at most twice a diagonal step above its own in A\*, so A\*'s entries stay in the ring;
/// jump point search's long jumps may go past it.
///
/// Entries pushed below the bucket being emptied, or in it but above its least entry
/// (rare: two `f` in one bucket, or an estimate that is not consistent), go to a small
/// heap of their own, so that no push costs more than a heap's.
///
/// Where few entries share a bucket (corridors of width 1), a ring costs more than a
/// heap: after [`DECIDE_AT`] pushes, a queue that filed more than [`FLAT_OPENS`] of them
/// into an empty slot moves its entries into a plain heap and stays one until cleared.
#[derive(Clone, Debug)]
pub(super) struct Ring {
    /// Buckets per unit of `f`.
    scale: f64,
    /// The bucket being emptied: the least bucket of the ring's entries and `current`'s.
    base: u64,
    /// The buckets `base + 1 .. base + SLOTS`, at their number modulo [`SLOTS`] (empty
    /// until [`Queue::set_unit`]).
    slots: Vec<Slot>,
    /// Which slots hold entries.
    occupied: [u64; WORDS],
    /// The entries of bucket `base`, sorted by `f` from the largest: the least last.
    current: Vec<Packed>,
    /// Entries of `base` or below pushed above `current`'s least.
    early: Heap<Packed>,
    /// Entries of buckets `base + SLOTS` and above; every entry once the queue is
    /// [`FLAT`].
    overflow: Heap<Packed>,
    len: usize,
    /// Until the queue decides, the pushes since it was cleared; then [`DECIDE_AT`] if it
    /// stays a ring, [`FLAT`] if it is a plain heap.
    mode: u32,
    /// Pushes that filed into an empty slot since the queue was cleared, until it decides.
    opened: u32,
}

/// After how many pushes a [`Ring`] decides whether it stays one.
const DECIDE_AT: u32 = 512;

/// The [`Ring::mode`] of a queue that is a plain heap.
const FLAT: u32 = u32::MAX;

/// The share of pushes that file into an empty slot (numerator, denominator) above which
/// a [`Ring`] turns into a plain heap: in corridors of width 1, where most buckets hold
/// one entry, the ring's pops find the next bucket in its bitmap at almost every turn,
/// branches that a heap of a few hundred entries in the first level of cache does not
/// mispredict.
const FLAT_OPENS: (u32, u32) = (7, 10);

/// A bucket of a [`Ring`]: its first entry in place, so that where buckets hold one
/// entry each (corridors) the ring's entries lie side by side in one array; the others in
/// a vector.
#[derive(Clone, Debug)]
struct Slot {
    /// The first entry, valid where the ring's bitmap has the slot.
    first: Packed,
    /// The later entries.
    more: Vec<Packed>,
}

impl Default for Ring {
    fn default() -> Self {
        Ring {
            scale: PER_STEP,
            base: 0,
            slots: Vec::new(),
            occupied: [0; WORDS],
            current: Vec::new(),
            early: Heap::default(),
            overflow: Heap::default(),
            len: 0,
            mode: 0,
            opened: 0,
        }
    }
}

impl Ring {
    /// The bucket of key `f` (the bits of a non-negative `f64`): `f * scale` rounded to
    /// a whole number, as the bits of its sum with 2<sup>52</sup> (cheaper than a
    /// conversion to an integer, which checks its range); never smaller for a larger
    /// `f`, also past 2<sup>52</sup>, where the sum rounds, and at infinity.
    #[inline(always)]
    fn bucket(&self, f: u64) -> u64 {
        const MAGIC: f64 = 4_503_599_627_370_496.0;
        (f64::from_bits(f) * self.scale + MAGIC).to_bits() - MAGIC.to_bits()
    }

    /// Files `item` of bucket `k`, which is in the ring's span.
    #[inline(always)]
    fn file(&mut self, k: u64, item: Packed) {
        let s = k as usize & (SLOTS - 1);
        let bit = 1 << (s % 64);
        if self.occupied[s / 64] & bit == 0 {
            // (read only until the queue decides)
            self.opened = self.opened.wrapping_add(1);
            self.slots[s].first = item;
            self.occupied[s / 64] |= bit;
        } else {
            self.slots[s].more.push(item);
        }
    }

    /// How far past `base` the next occupied slot is; `None` where the ring is empty.
    #[inline]
    fn next_occupied(&self) -> Option<u64> {
        let from = (self.base as usize + 1) & (SLOTS - 1);
        let (w, b) = (from / 64, from % 64);
        // the words from `from`'s on, around to its own bits below `from`
        (0..=WORDS).find_map(|i| {
            let word = match i {
                0 => self.occupied[w] & (!0 << b),
                _ => self.occupied[(w + i) % WORDS],
            };
            (word != 0).then(|| {
                let s = ((w + i) % WORDS) * 64 + word.trailing_zeros() as usize;
                ((s + SLOTS - from) & (SLOTS - 1)) as u64 + 1
            })
        })
    }

    /// Takes every entry out of the ring's slots, oldest first in each, and gives it to
    /// `each`.
    fn drain_slots(&mut self, mut each: impl FnMut(Packed)) {
        for (w, word) in self.occupied.iter_mut().enumerate() {
            while *word != 0 {
                let slot = &mut self.slots[w * 64 + word.trailing_zeros() as usize];
                each(slot.first);
                slot.more.drain(..).for_each(&mut each);
                *word &= *word - 1;
            }
        }
    }

    /// Decides, at [`DECIDE_AT`] pushes, whether the queue stays a ring; if not, moves
    /// every entry into the plain heap.
    #[cold]
    fn decide(&mut self) {
        let (num, den) = FLAT_OPENS;
        if u64::from(self.opened) * u64::from(den) <= u64::from(DECIDE_AT) * u64::from(num) {
            return;
        }
        for item in self.current.drain(..) {
            self.overflow.push(item);
        }
        while let Some(item) = self.early.pop() {
            self.overflow.push(item);
        }
        let mut flat = std::mem::take(&mut self.overflow);
        self.drain_slots(|item| flat.push(item));
        self.overflow = flat;
        self.mode = FLAT;
    }

    /// Moves `base` to the least bucket left (`current` and `early` are empty, the queue
    /// is not), brings the entries of the overflow that the ring now spans into it, and
    /// takes bucket `base` out of the ring into `current`.
    #[inline(never)]
    fn advance(&mut self) {
        if let Some(d) = self.next_occupied() {
            self.base += d;
        } else if let Some(least) = self.overflow.peek() {
            self.base = self.bucket(least.f);
        }
        while let Some(least) = self.overflow.peek() {
            let k = self.bucket(least.f);
            if k - self.base >= SLOTS as u64 {
                break;
            }
            self.overflow.pop();
            self.file(k, least);
        }
        let s = self.base as usize & (SLOTS - 1);
        let slot = &mut self.slots[s];
        self.current.push(slot.first);
        self.current.append(&mut slot.more);
        self.occupied[s / 64] &= !(1 << (s % 64));
        if self.current.len() > 1 {
            // stable: of equal `f`, the newest ends last
            self.current.sort_by_key(|e| std::cmp::Reverse(e.f));
        }
    }
}

impl Queue<Packed> for Ring {
    #[inline]
    fn len(&self) -> usize {
        self.len
    }

    fn clear(&mut self) {
        self.drain_slots(|_| {});
        self.current.clear();
        self.early.clear();
        self.overflow.clear();
        self.len = 0;
        self.mode = 0;
        self.opened = 0;
    }

    fn set_unit(&mut self, unit: f64) {
        if self.slots.is_empty() {
            let empty = Slot {
                first: Packed { f: 0, cell: 0 },
                more: Vec::new(),
            };
            self.slots = vec![empty; SLOTS];
        }
        let scale = PER_STEP / unit;
        self.scale = if scale.is_finite() && scale > 0.0 {
            scale
        } else {
            PER_STEP
        };
    }

    #[inline(always)]
    fn push(&mut self, item: Packed) {
        if self.mode != DECIDE_AT {
            if self.mode < DECIDE_AT {
                self.mode += 1;
                if self.mode == DECIDE_AT {
                    self.decide();
                }
            }
            if self.mode == FLAT {
                self.len += 1;
                self.overflow.push(item);
                return;
            }
        }
        let k = self.bucket(item.f);
        if self.len == 0 {
            self.base = k;
        }
        self.len += 1;
        if k <= self.base {
            match self.current.last() {
                Some(least) if least.f < item.f => self.early.push(item),
                _ => self.current.push(item),
            }
        } else if k - self.base < SLOTS as u64 {
            self.file(k, item);
        } else {
            self.overflow.push(item);
        }
    }

    #[inline(always)]
    fn pop(&mut self) -> Option<Packed> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        if self.mode == FLAT {
            return self.overflow.pop();
        }
        if let Some(early) = self.early.peek() {
            if self.current.last().is_none_or(|least| early.f < least.f) {
                return self.early.pop();
            }
        }
        if let Some(item) = self.current.pop() {
            return Some(item);
        }
        self.advance();
        self.current.pop()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(f: f64, cell: u32) -> Packed {
        Packed {
            f: f.to_bits(),
            cell,
        }
    }

    fn drain(queue: &mut Ring) -> Vec<(f64, u32)> {
        std::iter::from_fn(|| queue.pop().map(|p| (f64::from_bits(p.f), p.cell))).collect()
    }

    /// A ring whose pushes mostly start a bucket of their own becomes a plain heap at
    /// `DECIDE_AT` pushes, keeps its order across the change, and is a ring again once
    /// cleared.
    #[test]
    fn rings_turn_into_a_heap_where_few_keys_tie() {
        let mut queue = Ring::default();
        queue.set_unit(1.0);
        // keys in buckets of their own, a hundred queued, two pushed and two taken out
        // in turn: the keys of a corridor
        let mut left: Vec<f64> = Vec::new();
        let mut pushes = 0;
        while pushes < DECIDE_AT + 100 {
            for _ in 0..if pushes == 0 { 100 } else { 2 } {
                let f = f64::from(pushes) * 0.05;
                queue.push(key(f, pushes));
                pushes += 1;
                left.push(f);
                assert_eq!(queue.mode == FLAT, pushes >= DECIDE_AT);
            }
            left.sort_by(|a, b| b.total_cmp(a));
            for _ in 0..2 {
                let least = queue.pop().map(|p| f64::from_bits(p.f));
                assert_eq!(least, left.pop());
            }
        }
        assert_eq!(queue.len(), left.len());
        left.reverse();
        let popped: Vec<f64> = drain(&mut queue).into_iter().map(|(f, _)| f).collect();
        assert_eq!(popped, left);
        assert_eq!(queue.len(), 0);
        queue.clear();
        // keys that tie keep it a ring, and come out newest first
        for i in 0..2 * DECIDE_AT {
            queue.push(key(f64::from(i % 3), i));
        }
        assert_eq!(queue.mode, DECIDE_AT);
        assert_eq!(queue.len(), 2 * DECIDE_AT as usize);
        let order = drain(&mut queue);
        assert_eq!(order[0], (0.0, 2 * DECIDE_AT - 1));
        assert_eq!(order[order.len() - 1], (2.0, 2));
    }

    /// Keys far beyond the ring's span wait in the overflow and come out in order; keys
    /// below the last one taken out (which a consistent estimate never pushes) and keys
    /// of the current bucket above its least come out in order too (among equal keys,
    /// those of the bucket before those of the small heap).
    #[test]
    fn rings_order_keys_beyond_their_span_and_below_their_base() {
        let mut queue = Ring::default();
        queue.set_unit(2.0);
        for (f, cell) in [(10.0, 0), (10.0, 1), (1e9, 2), (14.0, 3), (1e6, 4)] {
            queue.push(key(f, cell));
        }
        assert_eq!(queue.pop().map(|p| p.cell), Some(1));
        // below the base, and in its bucket but above its least
        queue.push(key(4.0, 5));
        queue.push(key(10.01, 6));
        queue.push(key(10.0, 7));
        let order = drain(&mut queue);
        let expected = [
            (4.0, 5),
            (10.0, 0),
            (10.0, 7),
            (10.01, 6),
            (14.0, 3),
            (1e6, 4),
            (1e9, 2),
        ];
        assert_eq!(order, expected);
    }
}
