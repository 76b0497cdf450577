//! The layers of a reversible breadth-first search as sorted keys, for duplicate detection
//! by sorting instead of hashing: the last three for an enumeration, every layer for a
//! search (whose path is traced back through them).
//!
//! A worker appends the packed successors it receives in a round to one byte buffer; at the
//! round's end they are read as integer keys, radix-sorted, made unique, and the keys of the
//! two layers before are dropped in one merge pass. Every access is sequential, where a hash
//! set takes a cache miss for nearly every successor once it outgrows the caches.

/// A packed state read as an integer whose order is the bytes' lexicographic order.
trait Key: Copy + Ord + Default {
    /// Bits of the key.
    const BITS: u32;
    fn read(bytes: &[u8]) -> Self;
    fn write(self, out: &mut [u8]);
    /// The byte of the key `shift` bits up.
    fn digit(self, shift: u32) -> usize;
}

impl Key for u64 {
    const BITS: u32 = 64;
    #[inline]
    fn read(bytes: &[u8]) -> Self {
        bytes.iter().fold(0, |k, &b| k << 8 | u64::from(b))
    }
    #[inline]
    fn write(self, out: &mut [u8]) {
        let n = out.len();
        for (i, o) in out.iter_mut().enumerate() {
            *o = (self >> (8 * (n - 1 - i))) as u8;
        }
    }
    #[inline]
    fn digit(self, shift: u32) -> usize {
        (self >> shift) as usize & 0xFF
    }
}

impl Key for u128 {
    const BITS: u32 = 128;
    #[inline]
    fn read(bytes: &[u8]) -> Self {
        let mut b = [0; 16];
        b[16 - bytes.len()..].copy_from_slice(bytes);
        u128::from_be_bytes(b)
    }
    #[inline]
    fn write(self, out: &mut [u8]) {
        let n = out.len();
        out.copy_from_slice(&self.to_be_bytes()[16 - n..]);
    }
    #[inline]
    fn digit(self, shift: u32) -> usize {
        (self >> shift) as usize & 0xFF
    }
}

/// Sorts `keys` of `bits` significant bits, least significant byte first, with `buffer` as
/// the other half of each pass; a pass whose byte is the same in every key is skipped.
fn radix_sort<K: Key>(keys: &mut Vec<K>, buffer: &mut Vec<K>, bits: u32) {
    let n = keys.len();
    // (every pass writes the whole buffer)
    buffer.resize(n, K::default());
    for shift in (0..bits).step_by(8) {
        let mut counts = [0usize; 256];
        for &k in keys.iter() {
            counts[k.digit(shift)] += 1;
        }
        if counts.contains(&n) {
            continue;
        }
        let mut at = 0;
        for c in counts.iter_mut() {
            let here = *c;
            *c = at;
            at += here;
        }
        for &k in keys.iter() {
            let d = k.digit(shift);
            buffer[counts[d]] = k;
            counts[d] += 1;
        }
        std::mem::swap(keys, buffer);
    }
}

/// The layers a worker keeps in a reversible enumeration, as sorted keys.
pub(crate) trait Layers {
    /// Moves on one layer: the layer built becomes the one to expand, the one expanded
    /// becomes the layer before, the older one is forgotten. Returns the states to expand,
    /// packed one after the other.
    fn advance(&mut self) -> Vec<u8>;
    /// Settles the round's successors (`arrived`, packed one after the other, emptied; the
    /// first `sorted` of them [compacted](compact) already): those in none of the last two
    /// layers, once each, become the layer built. Returns its size.
    fn settle(&mut self, arrived: &mut Vec<u8>, sorted: usize) -> usize;
    /// The states kept, all layers together.
    fn stored(&self) -> usize;
    /// The sizes of the layer expanded last and of the layer built.
    fn lens(&self) -> (usize, usize);
    /// Writes the layer built (`built`) or the layer expanded last, packed and sorted.
    fn write(&self, built: bool, out: &mut dyn std::io::Write) -> std::io::Result<()>;
    /// Takes up again from the two layers [`write`](Layers::write) wrote, packed and
    /// sorted: as after the round that built `built`.
    fn restore(&mut self, expanded: &[u8], built: &[u8]);
    /// Whether layer `depth` (0: the start's) holds `state`, packed; `false` for a layer
    /// forgotten (layers are kept only for a search).
    fn holds(&self, depth: usize, state: &[u8]) -> bool;
    /// The first state of the layer built, in key order, that `is_goal` accepts, packed.
    fn first_in_built(&self, is_goal: &mut dyn FnMut(&[u8]) -> bool) -> Option<Vec<u8>>;
}

/// How many packed states a round's buffer holds, at least, before it is compacted (see
/// [`compact`]).
pub(crate) const COMPACT_AT: usize = 1 << 22;

/// Sorts the packed states of `arrived` after the first `sorted` (which are sorted already,
/// each once) and merges them in, keeping each state once; returns how many are left. A
/// round's buffer is compacted so when it grows, so that its memory follows the distinct
/// states it holds, not every successor received (Rush Hour sends about twenty a state,
/// most of them the same few). Does nothing for states wider than a key.
pub(crate) fn compact(arrived: &mut Vec<u8>, width: usize, sorted: usize) -> usize {
    fn with<K: Key>(arrived: &mut Vec<u8>, width: usize, sorted: usize) -> usize {
        let keys: Vec<K> = distinct(arrived, width, sorted);
        // (the buffer keeps its room for the arrivals to come)
        arrived.truncate(keys.len() * width);
        for (&k, out) in keys.iter().zip(arrived.chunks_exact_mut(width)) {
            k.write(out);
        }
        keys.len()
    }
    match width {
        0..=8 => with::<u64>(arrived, width, sorted),
        9..=16 => with::<u128>(arrived, width, sorted),
        _ => arrived.len() / width.max(1),
    }
}

/// The packed states of `arrived` as keys, sorted, each once, where the first `sorted` are
/// so already: the others are sorted and merged in.
fn distinct<K: Key>(arrived: &[u8], width: usize, sorted: usize) -> Vec<K> {
    let (old, new) = arrived.split_at(sorted * width);
    let mut tail: Vec<K> = new.chunks_exact(width).map(K::read).collect();
    radix_sort(&mut tail, &mut Vec::new(), 8 * width as u32);
    tail.dedup();
    if sorted == 0 {
        return tail;
    }
    let mut merged = Vec::with_capacity(sorted + tail.len());
    let mut tail = tail.into_iter().peekable();
    for k in old.chunks_exact(width).map(K::read) {
        while let Some(t) = tail.next_if(|&t| t < k) {
            merged.push(t);
        }
        tail.next_if_eq(&k);
        merged.push(k);
    }
    merged.extend(tail);
    merged
}

/// Layers of states packed in `width` bytes, or `None` when a state is wider than the
/// widest key (16 bytes). `keep_all`: every layer is kept (a search, which traces its
/// path back through them), not the last three only.
pub(crate) fn layers(width: usize, keep_all: bool) -> Option<Box<dyn Layers>> {
    match width {
        0..=8 => Some(Box::new(Window::<u64>::new(width, keep_all))),
        9..=16 => Some(Box::new(Window::<u128>::new(width, keep_all))),
        _ => None,
    }
}

/// The layer before, the layer expanded and the layer built, each sorted; with `keep_all`,
/// the older layers too.
struct Window<K> {
    width: usize,
    before: Vec<K>,
    current: Vec<K>,
    built: Vec<K>,
    keep_all: bool,
    /// The layers before `before`, from the start's (with `keep_all`).
    older: Vec<Vec<K>>,
    /// The depth of the layer built (and of those before it, one less each).
    depth: usize,
}

impl<K: Key> Window<K> {
    fn new(width: usize, keep_all: bool) -> Self {
        debug_assert!(8 * width as u32 <= K::BITS);
        Window {
            width,
            before: Vec::new(),
            current: Vec::new(),
            built: Vec::new(),
            keep_all,
            older: Vec::new(),
            depth: 0,
        }
    }

    /// Layer `depth`, if it is kept.
    fn layer(&self, depth: usize) -> Option<&Vec<K>> {
        match self.depth.checked_sub(depth)? {
            0 => Some(&self.built),
            1 => Some(&self.current),
            2 => Some(&self.before),
            _ => self.older.get(depth),
        }
    }
}

impl<K: Key> Layers for Window<K> {
    fn advance(&mut self) -> Vec<u8> {
        let forgotten = std::mem::replace(&mut self.before, std::mem::take(&mut self.current));
        // (the first two advances move out the empty layers before the start's)
        if self.keep_all && self.depth >= 2 {
            self.older.push(forgotten);
        }
        std::mem::swap(&mut self.current, &mut self.built);
        self.built.clear();
        self.depth += 1;
        let mut packed = vec![0u8; self.current.len() * self.width];
        for (&k, out) in self.current.iter().zip(packed.chunks_exact_mut(self.width)) {
            k.write(out);
        }
        packed
    }

    fn settle(&mut self, arrived: &mut Vec<u8>, sorted: usize) -> usize {
        // sorted, each once: what was compacted is merged with the rest, sorted
        let keys: Vec<K> = distinct(arrived, self.width, sorted);
        // freed, not cleared: a round's successors are the largest buffer of all
        *arrived = Vec::new();
        let (mut b, mut c) = (0, 0);
        for &k in &keys {
            while b < self.before.len() && self.before[b] < k {
                b += 1;
            }
            while c < self.current.len() && self.current[c] < k {
                c += 1;
            }
            let old = self.before.get(b) == Some(&k) || self.current.get(c) == Some(&k);
            if !old {
                self.built.push(k);
            }
        }
        self.built.len()
    }

    fn stored(&self) -> usize {
        let older: usize = self.older.iter().map(Vec::len).sum();
        older + self.before.len() + self.current.len() + self.built.len()
    }

    fn lens(&self) -> (usize, usize) {
        (self.current.len(), self.built.len())
    }

    fn write(&self, built: bool, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        let mut bytes = vec![0u8; self.width];
        let layer = if built { &self.built } else { &self.current };
        for &k in layer {
            k.write(&mut bytes);
            out.write_all(&bytes)?;
        }
        Ok(())
    }

    fn restore(&mut self, expanded: &[u8], built: &[u8]) {
        debug_assert!(!self.keep_all, "a search keeps no checkpoints");
        self.before.clear();
        self.current = expanded.chunks_exact(self.width).map(K::read).collect();
        self.built = built.chunks_exact(self.width).map(K::read).collect();
    }

    fn holds(&self, depth: usize, state: &[u8]) -> bool {
        self.layer(depth)
            .is_some_and(|layer| layer.binary_search(&K::read(state)).is_ok())
    }

    fn first_in_built(&self, is_goal: &mut dyn FnMut(&[u8]) -> bool) -> Option<Vec<u8>> {
        let mut bytes = vec![0u8; self.width];
        self.built.iter().find_map(|&k| {
            k.write(&mut bytes);
            is_goal(&bytes).then(|| bytes.clone())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pack(states: &[u64], width: usize) -> Vec<u8> {
        let mut out = vec![0u8; states.len() * width];
        for (&s, o) in states.iter().zip(out.chunks_exact_mut(width)) {
            u128::from(s).write(o);
        }
        out
    }

    fn unpack(packed: &[u8], width: usize) -> Vec<u64> {
        packed
            .chunks_exact(width)
            .map(|c| u128::read(c) as u64)
            .collect()
    }

    #[test]
    fn radix_sort_sorts_keys_of_every_width() {
        let mut seed = 0x1234_5678_9ABC_DEF0u64;
        for bits in [8, 24, 48, 64] {
            let mut keys: Vec<u64> = (0..5000)
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    if bits == 64 {
                        seed
                    } else {
                        seed & ((1 << bits) - 1)
                    }
                })
                .collect();
            let mut expected = keys.clone();
            expected.sort_unstable();
            radix_sort(&mut keys, &mut Vec::new(), bits);
            assert_eq!(keys, expected, "{bits} bits");
        }
        let mut wide: Vec<u128> = (0..3000u128)
            .map(|i| (i * 0x9E37_79B9_7F4A_7C15_F39C) % (1 << 100))
            .collect();
        let mut expected = wide.clone();
        expected.sort_unstable();
        radix_sort(&mut wide, &mut Vec::new(), 104);
        assert_eq!(wide, expected);
    }

    #[test]
    fn keys_keep_the_order_of_the_bytes() {
        for width in [1, 3, 8] {
            let (a, b) = (vec![1u8; width], {
                let mut b = vec![1u8; width];
                b[0] = 2;
                b
            });
            assert!(u64::read(&a) < u64::read(&b));
            let mut out = vec![0; width];
            u64::read(&b).write(&mut out);
            assert_eq!(out, b);
        }
        let bytes: Vec<u8> = (1..=13).collect();
        let mut out = vec![0; 13];
        u128::read(&bytes).write(&mut out);
        assert_eq!(out, bytes);
    }

    /// A walk on a line from 50, one step either way: each layer holds the two cells at
    /// its distance, and the successors back towards 50 are dropped as duplicates.
    #[test]
    fn a_window_keeps_each_layer_once() {
        for width in [2, 12] {
            let mut layers = layers(width, false).expect("a key this wide");
            // the start, given twice, is the first layer built
            assert_eq!(layers.settle(&mut pack(&[50, 50], width), 0), 1);
            for depth in 1..=49u64 {
                let frontier = unpack(&layers.advance(), width);
                let previous = depth - 1;
                let expected = if previous == 0 {
                    vec![50]
                } else {
                    vec![50 - previous, 50 + previous]
                };
                assert_eq!(frontier, expected, "depth {previous}");
                let mut arrived = Vec::new();
                for cell in frontier {
                    arrived.extend(pack(&[cell + 1, cell - 1, cell + 1], width));
                }
                assert_eq!(layers.settle(&mut arrived, 0), 2, "depth {depth}");
                assert!(arrived.is_empty());
                assert!(layers.stored() <= 6);
            }
        }
    }

    #[test]
    fn a_search_keeps_every_layer() {
        let width = 3;
        let mut layers = layers(width, true).expect("a key this wide");
        let mut start = pack(&[7], width);
        layers.settle(&mut start, 0);
        let mut seen = vec![vec![7u64]];
        // a path 7 - 8 - 9 - ... : each layer the next state, and the one before again
        for d in 1..6u64 {
            let frontier = unpack(&layers.advance(), width);
            assert_eq!(frontier, [6 + d]);
            let back: &[u64] = if d == 1 { &[] } else { &[6 + d - 1] };
            let mut arrived = pack(&[&[6 + d + 1], back].concat(), width);
            assert_eq!(layers.settle(&mut arrived, 0), 1);
            seen.push(vec![6 + d + 1]);
            let goal = layers.first_in_built(&mut |b| unpack(b, width) == [6 + d + 1]);
            assert_eq!(goal.map(|b| unpack(&b, width)), Some(vec![6 + d + 1]));
        }
        for (depth, layer) in seen.iter().enumerate() {
            for state in 0..20u64 {
                let held = layers.holds(depth, &pack(&[state], width));
                assert_eq!(held, layer.contains(&state), "{state} at {depth}");
            }
        }
        assert!(!layers.holds(seen.len(), &pack(&[7], width)));
        assert_eq!(layers.stored(), seen.len());
    }

    #[test]
    fn compacting_keeps_each_state_once() {
        for width in [3, 12] {
            let states: Vec<u64> = (0..5000u64).map(|i| (i * 7919) % 613).collect();
            let mut bytes = pack(&states[..3000], width);
            let left = compact(&mut bytes, width, 0);
            bytes.extend(pack(&states[3000..], width));
            assert_eq!(compact(&mut bytes, width, left), 613);
            let mut expected = states.clone();
            expected.sort_unstable();
            expected.dedup();
            assert_eq!(unpack(&bytes, width), expected);
        }
    }
}
