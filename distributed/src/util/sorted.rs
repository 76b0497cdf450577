//! The last three layers of a reversible enumeration as sorted keys, for duplicate
//! detection by sorting instead of hashing.
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
        buffer.clear();
        buffer.resize(n, K::default());
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
    /// Settles the round's successors (`arrived`, packed one after the other, emptied):
    /// those in none of the last two layers, once each, become the layer built. Returns its
    /// size.
    fn settle(&mut self, arrived: &mut Vec<u8>) -> usize;
    /// The states kept, all layers together.
    fn stored(&self) -> usize;
    /// The sizes of the layer expanded last and of the layer built.
    fn lens(&self) -> (usize, usize);
    /// Writes the layer built (`built`) or the layer expanded last, packed and sorted.
    fn write(&self, built: bool, out: &mut dyn std::io::Write) -> std::io::Result<()>;
    /// Takes up again from the two layers [`write`](Layers::write) wrote, packed and
    /// sorted: as after the round that built `built`.
    fn restore(&mut self, expanded: &[u8], built: &[u8]);
}

/// Layers of states packed in `width` bytes, or `None` when a state is wider than the
/// widest key (16 bytes).
pub(crate) fn layers(width: usize) -> Option<Box<dyn Layers>> {
    match width {
        0..=8 => Some(Box::new(Window::<u64>::new(width))),
        9..=16 => Some(Box::new(Window::<u128>::new(width))),
        _ => None,
    }
}

/// The layer before, the layer expanded and the layer built, each sorted.
struct Window<K> {
    width: usize,
    before: Vec<K>,
    current: Vec<K>,
    built: Vec<K>,
}

impl<K: Key> Window<K> {
    fn new(width: usize) -> Self {
        debug_assert!(8 * width as u32 <= K::BITS);
        Window {
            width,
            before: Vec::new(),
            current: Vec::new(),
            built: Vec::new(),
        }
    }
}

impl<K: Key> Layers for Window<K> {
    fn advance(&mut self) -> Vec<u8> {
        std::mem::swap(&mut self.before, &mut self.current);
        std::mem::swap(&mut self.current, &mut self.built);
        self.built.clear();
        let mut packed = vec![0u8; self.current.len() * self.width];
        for (&k, out) in self.current.iter().zip(packed.chunks_exact_mut(self.width)) {
            k.write(out);
        }
        packed
    }

    fn settle(&mut self, arrived: &mut Vec<u8>) -> usize {
        let mut keys: Vec<K> = arrived.chunks_exact(self.width).map(K::read).collect();
        // freed, not cleared: a round's successors are the largest buffer of all
        *arrived = Vec::new();
        radix_sort(&mut keys, &mut Vec::new(), 8 * self.width as u32);
        let (mut b, mut c) = (0, 0);
        let mut last = None;
        for &k in &keys {
            if last == Some(k) {
                continue;
            }
            last = Some(k);
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
        self.before.len() + self.current.len() + self.built.len()
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
        self.before.clear();
        self.current = expanded.chunks_exact(self.width).map(K::read).collect();
        self.built = built.chunks_exact(self.width).map(K::read).collect();
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
            let mut layers = layers(width).expect("a key this wide");
            // the start, given twice, is the first layer built
            assert_eq!(layers.settle(&mut pack(&[50, 50], width)), 1);
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
                assert_eq!(layers.settle(&mut arrived), 2, "depth {depth}");
                assert!(arrived.is_empty());
                assert!(layers.stored() <= 6);
            }
        }
    }
}
