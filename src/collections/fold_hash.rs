//! The hash function of the state indexes.

use std::hash::{BuildHasher, Hash, Hasher};

/// A fast hash for search states: every word of input goes through one 64x64->128-bit
/// multiply whose halves are folded together, so each output bit depends on every input
/// bit (hashbrown takes the bucket from the low bits and a tag from the top 7).
#[derive(Clone, Copy, Default)]
pub(crate) struct FoldHasher {
    hash: u64,
}

/// An odd 64-bit constant with well-spread bits (from Steele and Vigna's MCG multipliers).
const MUL: u64 = 0xf135_7aea_2e62_a9c5;

impl FoldHasher {
    #[inline(always)]
    fn add(&mut self, word: u64) {
        let m = u128::from(self.hash ^ word) * u128::from(MUL);
        self.hash = (m as u64) ^ ((m >> 64) as u64);
    }
}

impl Hasher for FoldHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.add(u64::from_le_bytes(c.try_into().unwrap()));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut last = [0u8; 8];
            last[..rest.len()].copy_from_slice(rest);
            // the length keeps "ab" and "ab\0" apart
            self.add(u64::from_le_bytes(last) ^ ((rest.len() as u64) << 59));
        }
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    #[inline]
    fn write_u128(&mut self, i: u128) {
        self.add(i as u64);
        self.add((i >> 64) as u64);
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.hash
    }
}

/// Builds [`FoldHasher`]s.
#[derive(Clone, Copy, Default)]
pub(crate) struct FoldBuildHasher;

impl BuildHasher for FoldBuildHasher {
    type Hasher = FoldHasher;

    #[inline]
    fn build_hasher(&self) -> FoldHasher {
        FoldHasher::default()
    }
}

/// The [`FoldHasher`] hash of `state`.
#[inline(always)]
pub(crate) fn hash_of<S: Hash>(state: &S) -> u64 {
    FoldBuildHasher.hash_one(state)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fold_hasher_separates_lengths_and_words() {
        let h = |x: &dyn Fn(&mut FoldHasher)| {
            let mut s = FoldHasher::default();
            x(&mut s);
            s.finish()
        };
        assert_ne!(h(&|s| s.write(b"ab")), h(&|s| s.write(b"ab\0")));
        assert_ne!(h(&|s| s.write_u64(1)), h(&|s| s.write_u64(2)));
        assert_ne!(h(&|s| [1u64, 2].hash(s)), h(&|s| [2u64, 1].hash(s)));
        // both ends of the hash (bucket and tag) vary for consecutive keys
        let hs: Vec<u64> = (0u64..64).map(|i| h(&|s| s.write_u64(i))).collect();
        let low: std::collections::HashSet<u64> = hs.iter().map(|x| x & 63).collect();
        let top: std::collections::HashSet<u64> = hs.iter().map(|x| x >> 57).collect();
        assert!(low.len() > 32 && top.len() > 32);
    }
}
