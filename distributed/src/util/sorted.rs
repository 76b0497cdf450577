//! The layers of a reversible breadth-first search as sorted keys, for duplicate detection
//! by sorting instead of hashing: the last three for an enumeration, every layer for a
//! search (whose path is traced back through them).
//!
//! A worker appends the packed successors it receives in a round to one byte buffer; at the
//! round's end they are read as integer keys, sorted, made unique, and the keys of the
//! two layers before are dropped in one merge pass. Every access is sequential, where a hash
//! set takes a cache miss for nearly every successor once it outgrows the caches.

/// A packed state read as an integer whose order is the bytes' lexicographic order.
trait Key: Copy + Ord + Default {
    /// Bits of the key.
    const BITS: u32;
    fn read(bytes: &[u8]) -> Self;
    fn write(self, out: &mut [u8]);
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
}

/// A key of up to 16 bytes as two words, most significant first: in an entry with an
/// 8-byte payload it takes 24 bytes where a `u128`, aligned to 16, takes 32.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
struct Wide(u64, u64);

impl Key for Wide {
    const BITS: u32 = 128;
    #[inline]
    fn read(bytes: &[u8]) -> Self {
        let mut b = [0; 16];
        b[16 - bytes.len()..].copy_from_slice(bytes);
        let k = u128::from_be_bytes(b);
        Wide((k >> 64) as u64, k as u64)
    }
    #[inline]
    fn write(self, out: &mut [u8]) {
        let n = out.len();
        let k = u128::from(self.0) << 64 | u128::from(self.1);
        out.copy_from_slice(&k.to_be_bytes()[16 - n..]);
    }
}

/// What a state carries in its layer besides its key: the ways into it (the union of the
/// skip sets of move pruning), merged when the state arrives more than once. `()` for a
/// search without move pruning: then nothing is stored.
pub(crate) trait Payload: Copy + Default + 'static {
    /// The payload's bytes after the state's in a record.
    const BYTES: usize;
    fn read(bytes: &[u8]) -> Self;
    fn write(self, out: &mut [u8]);
    /// The payload of a state that arrived with `self` and with `other`.
    fn union(self, other: Self) -> Self;
}

impl Payload for () {
    const BYTES: usize = 0;
    #[inline]
    fn read(_: &[u8]) {}
    #[inline]
    fn write(self, _: &mut [u8]) {}
    #[inline]
    fn union(self, _: ()) {}
}

/// A state's key and its payload.
type Entry<K, V> = (K, V);

/// Reads a record: the state's `width` bytes as a key, then the payload.
#[inline]
fn read_record<K: Key, V: Payload>(record: &[u8], width: usize) -> Entry<K, V> {
    let (state, rest) = record.split_at(width);
    (K::read(state), V::read(rest))
}

/// The records of `bytes`, one after the other, read as entries.
fn read_records<K: Key, V: Payload>(
    bytes: &[u8],
    width: usize,
) -> impl Iterator<Item = Entry<K, V>> + '_ {
    bytes
        .chunks_exact(width + V::BYTES)
        .map(move |r| read_record(r, width))
}

/// Writes a record: the state's `width` bytes, then the payload.
#[inline]
fn write_record<K: Key, V: Payload>((k, v): Entry<K, V>, width: usize, out: &mut [u8]) {
    let (state, rest) = out.split_at_mut(width);
    k.write(state);
    v.write(rest);
}

/// Keeps one entry of each key of sorted `items`, with the union of the payloads.
fn dedup_union<K: Key, V: Payload>(items: &mut Vec<Entry<K, V>>) {
    items.dedup_by(|later, kept| {
        let same = later.0 == kept.0;
        if same {
            kept.1 = kept.1.union(later.1);
        }
        same
    });
}

/// The layers a worker keeps in a reversible enumeration, as sorted keys. A *record* is a
/// state's packed bytes followed by its payload's ([`Payload`]).
pub(crate) trait Layers {
    /// Moves on one layer: the layer built becomes the one to expand, the one expanded
    /// becomes the layer before, the older one is forgotten. Returns the records of the
    /// states to expand, one after the other.
    fn advance(&mut self) -> Vec<u8>;
    /// Settles the round's successors (`arrived`, records one after the other, emptied;
    /// the first `sorted` of them [compacted](compact) already): those in none of the last
    /// two layers, once each with the union of their payloads, become the layer built.
    /// Returns its size.
    fn settle(&mut self, arrived: &mut Vec<u8>, sorted: usize) -> usize;
    /// The states kept, all layers together.
    fn stored(&self) -> usize;
    /// The sizes of the layer expanded last and of the layer built.
    fn lens(&self) -> (usize, usize);
    /// Writes the records of the layer built (`built`) or of the layer expanded last,
    /// sorted.
    fn write(&self, built: bool, out: &mut dyn std::io::Write) -> std::io::Result<()>;
    /// Takes up again from the two layers [`write`](Layers::write) wrote: as after the
    /// round that built `built`.
    fn restore(&mut self, expanded: &[u8], built: &[u8]);
    /// Whether layer `depth` (0: the start's) holds `state`, packed; `false` for a layer
    /// forgotten (layers are kept only for a search).
    fn holds(&self, depth: usize, state: &[u8]) -> bool;
}

/// How many records a round's buffer holds, at least, before it is compacted (see
/// [`compact`]).
pub(crate) const COMPACT_AT: usize = 1 << 22;

/// Sorts the records of `arrived` after the first `sorted` (which are sorted already, each
/// once) and merges them in, keeping each state once with the union of its payloads;
/// returns how many are left. A round's buffer is compacted so when it grows, so that its
/// memory follows the distinct states it holds, not every successor received (Rush Hour
/// sends about twenty a state, most of them the same few). Does nothing for states wider
/// than a key.
pub(crate) fn compact<V: Payload>(arrived: &mut Vec<u8>, width: usize, sorted: usize) -> usize {
    fn with<K: Key, V: Payload>(arrived: &mut Vec<u8>, width: usize, sorted: usize) -> usize {
        let record = width + V::BYTES;
        let entries: Vec<Entry<K, V>> = distinct(arrived, width, sorted);
        // (the buffer keeps its room for the arrivals to come)
        arrived.truncate(entries.len() * record);
        for (&e, out) in entries.iter().zip(arrived.chunks_exact_mut(record)) {
            write_record(e, width, out);
        }
        entries.len()
    }
    match width {
        0..=8 => with::<u64, V>(arrived, width, sorted),
        9..=16 => with::<Wide, V>(arrived, width, sorted),
        _ => arrived.len() / (width + V::BYTES).max(1),
    }
}

/// The records of `arrived` as entries, sorted, each state once with the union of its
/// payloads, where the first `sorted` are so already: the others are sorted and merged in.
fn distinct<K: Key, V: Payload>(arrived: &[u8], width: usize, sorted: usize) -> Vec<Entry<K, V>> {
    let record = width + V::BYTES;
    let (old, new) = arrived.split_at(sorted * record);
    let mut tail: Vec<Entry<K, V>> = read_records(new, width).collect();
    // (in place, and on a few million entries faster than a radix sort, whose passes
    // each scatter the whole buffer through memory)
    tail.sort_unstable_by_key(|e| e.0);
    dedup_union(&mut tail);
    if sorted == 0 {
        return tail;
    }
    let mut merged = Vec::with_capacity(sorted + tail.len());
    let mut tail = tail.into_iter().peekable();
    for (k, mut v) in read_records::<K, V>(old, width) {
        while let Some(t) = tail.next_if(|t| t.0 < k) {
            merged.push(t);
        }
        if let Some(t) = tail.next_if(|t| t.0 == k) {
            v = v.union(t.1);
        }
        merged.push((k, v));
    }
    merged.extend(tail);
    merged
}

/// Whether states packed in `width` bytes fit a sort key, so that [`layers`] keeps them.
pub(crate) fn fits(width: usize) -> bool {
    width <= 16
}

/// Layers of states packed in `width` bytes, each with a payload `V`, or `None` when a
/// state is wider than the widest key (16 bytes). `keep_all`: every layer is kept (a
/// search, which traces its path back through them), not the last three only.
pub(crate) fn layers<V: Payload>(width: usize, keep_all: bool) -> Option<Box<dyn Layers>> {
    match width {
        0..=8 => Some(Box::new(Window::<u64, V>::new(width, keep_all))),
        9..=16 => Some(Box::new(Window::<Wide, V>::new(width, keep_all))),
        _ => None,
    }
}

/// The layer before, the layer expanded and the layer built, each sorted; with `keep_all`,
/// the older layers too. Only the layer expanded and the layer built keep payloads: the
/// older ones are there to drop duplicates and to trace paths.
struct Window<K, V> {
    width: usize,
    before: Vec<K>,
    current: Vec<Entry<K, V>>,
    built: Vec<Entry<K, V>>,
    keep_all: bool,
    /// The layers before `before`, from the start's (with `keep_all`).
    older: Vec<Vec<K>>,
    /// The depth of the layer built (and of those before it, one less each).
    depth: usize,
}

impl<K: Key, V: Payload> Window<K, V> {
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

    fn record(&self) -> usize {
        self.width + V::BYTES
    }

    /// The records of `entries`, one after the other.
    fn records(&self, entries: &[Entry<K, V>]) -> Vec<u8> {
        let record = self.record();
        let mut packed = vec![0u8; entries.len() * record];
        for (&e, out) in entries.iter().zip(packed.chunks_exact_mut(record)) {
            write_record(e, self.width, out);
        }
        packed
    }
}

impl<K: Key, V: Payload> Layers for Window<K, V> {
    fn advance(&mut self) -> Vec<u8> {
        let expanded = self.current.iter().map(|&(k, _)| k).collect();
        let forgotten = std::mem::replace(&mut self.before, expanded);
        // (the first two advances move out the empty layers before the start's)
        if self.keep_all && self.depth >= 2 {
            self.older.push(forgotten);
        }
        self.current = std::mem::take(&mut self.built);
        self.depth += 1;
        self.records(&self.current)
    }

    fn settle(&mut self, arrived: &mut Vec<u8>, sorted: usize) -> usize {
        // sorted, each once: what was compacted is merged with the rest, sorted
        let entries: Vec<Entry<K, V>> = distinct(arrived, self.width, sorted);
        // freed, not cleared: a round's successors are the largest buffer of all
        *arrived = Vec::new();
        let (mut b, mut c) = (0, 0);
        for &(k, v) in &entries {
            while b < self.before.len() && self.before[b] < k {
                b += 1;
            }
            while c < self.current.len() && self.current[c].0 < k {
                c += 1;
            }
            let old =
                self.before.get(b) == Some(&k) || self.current.get(c).is_some_and(|e| e.0 == k);
            if !old {
                self.built.push((k, v));
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
        let mut bytes = vec![0u8; self.record()];
        let layer = if built { &self.built } else { &self.current };
        for &e in layer {
            write_record(e, self.width, &mut bytes);
            out.write_all(&bytes)?;
        }
        Ok(())
    }

    fn restore(&mut self, expanded: &[u8], built: &[u8]) {
        debug_assert!(!self.keep_all, "a search keeps no checkpoints");
        self.before.clear();
        self.current = read_records(expanded, self.width).collect();
        self.built = read_records(built, self.width).collect();
    }

    fn holds(&self, depth: usize, state: &[u8]) -> bool {
        let k = K::read(state);
        let with_payload = |layer: &[Entry<K, V>]| layer.binary_search_by_key(&k, |e| e.0).is_ok();
        match self.depth.checked_sub(depth) {
            Some(0) => with_payload(&self.built),
            Some(1) => with_payload(&self.current),
            Some(2) => self.before.binary_search(&k).is_ok(),
            Some(_) => self
                .older
                .get(depth)
                .is_some_and(|layer| layer.binary_search(&k).is_ok()),
            None => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pack(states: &[u64], width: usize) -> Vec<u8> {
        let mut out = vec![0u8; states.len() * width];
        for (&s, o) in states.iter().zip(out.chunks_exact_mut(width)) {
            Wide(0, s).write(o);
        }
        out
    }

    fn unpack(packed: &[u8], width: usize) -> Vec<u64> {
        packed
            .chunks_exact(width)
            .map(|c| Wide::read(c).1)
            .collect()
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
        Wide::read(&bytes).write(&mut out);
        assert_eq!(out, bytes);
        // the first byte weighs most, the last least, across the two words
        for at in [0, 4, 5, 12] {
            let mut larger = bytes.clone();
            larger[at] += 1;
            assert!(Wide::read(&bytes) < Wide::read(&larger), "byte {at}");
        }
    }

    /// A walk on a line from 50, one step either way: each layer holds the two cells at
    /// its distance, and the successors back towards 50 are dropped as duplicates.
    #[test]
    fn a_window_keeps_each_layer_once() {
        for width in [2, 12] {
            let mut layers = layers::<()>(width, false).expect("a key this wide");
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
        let mut layers = layers::<()>(width, true).expect("a key this wide");
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
            let left = compact::<()>(&mut bytes, width, 0);
            bytes.extend(pack(&states[3000..], width));
            assert_eq!(compact::<()>(&mut bytes, width, left), 613);
            let mut expected = states.clone();
            expected.sort_unstable();
            expected.dedup();
            assert_eq!(unpack(&bytes, width), expected);
        }
    }

    /// A bit set of one byte: the payload of the tests.
    #[derive(Clone, Copy, Default, Debug, PartialEq)]
    struct Bits(u8);

    impl Payload for Bits {
        const BYTES: usize = 1;
        fn read(bytes: &[u8]) -> Self {
            Bits(bytes[0])
        }
        fn write(self, out: &mut [u8]) {
            out[0] = self.0;
        }
        fn union(self, other: Self) -> Self {
            Bits(self.0 | other.0)
        }
    }

    /// Records of `(state, bits)` in `width + 1` bytes.
    fn records(entries: &[(u64, u8)], width: usize) -> Vec<u8> {
        let mut out = Vec::new();
        for &(s, b) in entries {
            out.extend(pack(&[s], width));
            out.push(b);
        }
        out
    }

    fn entries(records: &[u8], width: usize) -> Vec<(u64, u8)> {
        records
            .chunks_exact(width + 1)
            .map(|r| (unpack(&r[..width], width)[0], r[width]))
            .collect()
    }

    #[test]
    fn a_state_arriving_twice_keeps_the_union_of_its_payloads() {
        for width in [3, 12] {
            // compacted in two parts: the second part's repeats merge into the first's
            let mut bytes = records(&[(9, 1), (4, 2), (9, 4)], width);
            assert_eq!(compact::<Bits>(&mut bytes, width, 0), 2);
            assert_eq!(entries(&bytes, width), [(4, 2), (9, 5)]);
            bytes.extend(records(&[(4, 8), (7, 16), (9, 32)], width));
            assert_eq!(compact::<Bits>(&mut bytes, width, 2), 3);
            assert_eq!(entries(&bytes, width), [(4, 10), (7, 16), (9, 37)]);

            // a layer built keeps the payloads; the layer before drops its states
            let mut layers = layers::<Bits>(width, false).expect("a key this wide");
            assert_eq!(layers.settle(&mut records(&[(5, 0)], width), 0), 1);
            assert_eq!(entries(&layers.advance(), width), [(5, 0)]);
            let mut arrived = records(&[(6, 1), (4, 2), (6, 4)], width);
            assert_eq!(layers.settle(&mut arrived, 0), 2);
            assert_eq!(entries(&layers.advance(), width), [(4, 2), (6, 5)]);
            let mut arrived = records(&[(5, 1), (3, 2), (7, 4), (3, 8)], width);
            assert_eq!(layers.settle(&mut arrived, 0), 2);
            let mut written = Vec::new();
            layers.write(true, &mut written).unwrap();
            assert_eq!(entries(&written, width), [(3, 10), (7, 4)]);
            assert!(layers.holds(2, &pack(&[7], width)));
            assert!(layers.holds(1, &pack(&[4], width)));
        }
    }
}
