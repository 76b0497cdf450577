//! The packed search state: 4 bits of position per vehicle.

use super::MAX_VEHICLES;

/// A packed state: 4 bits of position per vehicle, vehicle `i` in word `i / 16`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Packed<const W: usize>(pub [u64; W]);

impl<const W: usize> Packed<W> {
    /// Packs positions (each below 16).
    pub fn pack(pos: &[u8]) -> Self {
        let mut w = [0u64; W];
        for (i, &p) in pos.iter().enumerate() {
            w[i / 16] |= (p as u64 & 15) << ((i % 16) * 4);
        }
        Packed(w)
    }
    /// Position of vehicle `i`.
    #[inline(always)]
    pub fn get(&self, i: usize) -> u8 {
        ((self.0[i / 16] >> ((i % 16) * 4)) & 15) as u8
    }
    /// Sets the position of vehicle `i`.
    #[inline(always)]
    pub fn set(&mut self, i: usize, p: u8) {
        let sh = (i % 16) * 4;
        self.0[i / 16] = (self.0[i / 16] & !(15 << sh)) | ((p as u64) << sh);
    }
    /// All `n` positions.
    pub fn unpack(&self, n: usize) -> Vec<u8> {
        self.positions()[..n.min(MAX_VEHICLES)].to_vec()
    }
    /// Every position (vehicle `i` at index `i`; 0 past the last vehicle and past the
    /// `16 * W` a state holds), without a bounds check per vehicle.
    #[inline]
    pub fn positions(&self) -> [u8; MAX_VEHICLES] {
        let mut pos = [0u8; MAX_VEHICLES];
        for (chunk, word) in pos.chunks_exact_mut(16).zip(self.0) {
            for (k, p) in chunk.iter_mut().enumerate() {
                *p = (word >> (4 * k)) as u8 & 15;
            }
        }
        pos
    }
}

/// A move: vehicle index and signed distance (positive = right/down).
pub type Move = (u8, i8);

/// On disk ([`heurist::disk::DiskBfs`]): the words, little-endian, 8 bytes each.
impl<const W: usize> heurist::disk::Packed for Packed<W> {
    const BYTES: usize = 8 * W;
    #[inline]
    fn pack(&self, out: &mut [u8]) {
        for (bytes, word) in out.chunks_exact_mut(8).zip(self.0) {
            bytes.copy_from_slice(&word.to_le_bytes());
        }
    }
    #[inline]
    fn unpack(bytes: &[u8]) -> Self {
        let mut w = [0u64; W];
        for (word, b) in w.iter_mut().zip(bytes.chunks_exact(8)) {
            *word = u64::from_le_bytes(b.try_into().expect("8 bytes"));
        }
        Packed(w)
    }
}
