//! [`Packed`]: states as fixed-width bytes.

/// A state that can be written as exactly [`BYTES`](Packed::BYTES) bytes and read back:
/// what [`DiskBfs`](super::DiskBfs) writes to its files.
///
/// The contract, which the search relies on:
///
/// * [`pack`](Packed::pack) writes every byte of `out`, whose length is always `BYTES`;
/// * `unpack(pack(s)) == s`, and two states pack to the same bytes exactly when they are
///   equal (the search finds duplicates by comparing bytes).
///
/// Implemented for the integers `u8` to `u128` and `i8` to `i128` (little-endian), `usize`
/// (as 8 bytes), `()` (no bytes),
/// [`OrderedF64`](crate::OrderedF64) (its bits: costs, too, can travel as bytes), byte arrays
/// `[u8; N]`, and pairs of packed values (the first, then the second). A state of your own
/// usually packs into fewer bytes than it occupies in memory: a 4x3 sliding-tile board
/// held in a `u64` needs only 6 (twelve 4-bit tiles), and the files shrink in proportion.
///
/// This is a small trait of the crate's own rather than a "plain old data" trait of a
/// crate such as `bytemuck`: those read a value's memory as bytes, which needs `unsafe`
/// code or a derive macro to prove the type has no padding, and this crate forbids unsafe
/// code and has no derive dependency. Packing by hand is also what makes the files small:
/// the packed form can be narrower than the type in memory, and is the same on every
/// machine.
///
/// # Examples
///
/// ```
/// use heurist::disk::Packed;
///
/// /// A 4x3 sliding-tile board: cell `c` holds its tile in bits `4c..4c + 4`.
/// #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
/// struct Board(u64);
///
/// impl Packed for Board {
///     const BYTES: usize = 6; // 12 cells of 4 bits
///     fn pack(&self, out: &mut [u8]) {
///         out.copy_from_slice(&self.0.to_le_bytes()[..6]);
///     }
///     fn unpack(bytes: &[u8]) -> Self {
///         let mut b = [0; 8];
///         b[..6].copy_from_slice(bytes);
///         Board(u64::from_le_bytes(b))
///     }
/// }
///
/// let board = Board(0xBA98_7654_3210);
/// let mut bytes = [0; Board::BYTES];
/// board.pack(&mut bytes);
/// assert_eq!(Board::unpack(&bytes), board);
/// assert_eq!((7u16, 9u8).packed_len(), 3);
/// ```
pub trait Packed: Sized {
    /// The number of bytes of a packed state (at least 1).
    const BYTES: usize;

    /// Writes the state into `out`, which is exactly [`BYTES`](Packed::BYTES) long.
    fn pack(&self, out: &mut [u8]);

    /// The state that [`pack`](Packed::pack) wrote as `bytes` (exactly
    /// [`BYTES`](Packed::BYTES) of them).
    fn unpack(bytes: &[u8]) -> Self;

    /// [`BYTES`](Packed::BYTES), for a value at hand.
    fn packed_len(&self) -> usize {
        Self::BYTES
    }
}

macro_rules! packed_int {
    ($($t:ty),*) => {$(
        impl Packed for $t {
            const BYTES: usize = std::mem::size_of::<$t>();
            #[inline]
            fn pack(&self, out: &mut [u8]) {
                out.copy_from_slice(&self.to_le_bytes());
            }
            #[inline]
            fn unpack(bytes: &[u8]) -> Self {
                let mut b = [0; std::mem::size_of::<$t>()];
                b.copy_from_slice(bytes);
                <$t>::from_le_bytes(b)
            }
        }
    )*};
}

packed_int!(u8, u16, u32, u64, u128, i8, i16, i32, i64, i128);

/// As a `u64`, so that the width is the same on every machine (a value beyond `u32` does
/// not come back on a 32-bit one).
impl Packed for usize {
    const BYTES: usize = 8;
    #[inline]
    fn pack(&self, out: &mut [u8]) {
        (*self as u64).pack(out);
    }
    #[inline]
    fn unpack(bytes: &[u8]) -> Self {
        u64::unpack(bytes) as usize
    }
}

/// The bits of the `f64`, so that every value, NaN and the sign of zero included, comes back
/// as it was.
impl Packed for crate::OrderedF64 {
    const BYTES: usize = 8;
    #[inline]
    fn pack(&self, out: &mut [u8]) {
        self.0.to_bits().pack(out);
    }
    #[inline]
    fn unpack(bytes: &[u8]) -> Self {
        crate::OrderedF64(f64::from_bits(u64::unpack(bytes)))
    }
}

/// No bytes: the unit value carries nothing (the skip set of a search without move
/// pruning travels so). A *state* needs at least one byte.
impl Packed for () {
    const BYTES: usize = 0;
    #[inline]
    fn pack(&self, _: &mut [u8]) {}
    #[inline]
    fn unpack(_: &[u8]) -> Self {}
}

impl<const N: usize> Packed for [u8; N] {
    const BYTES: usize = N;
    #[inline]
    fn pack(&self, out: &mut [u8]) {
        out.copy_from_slice(self);
    }
    #[inline]
    fn unpack(bytes: &[u8]) -> Self {
        let mut b = [0; N];
        b.copy_from_slice(bytes);
        b
    }
}

impl<A: Packed, B: Packed> Packed for (A, B) {
    const BYTES: usize = A::BYTES + B::BYTES;
    #[inline]
    fn pack(&self, out: &mut [u8]) {
        let (a, b) = out.split_at_mut(A::BYTES);
        self.0.pack(a);
        self.1.pack(b);
    }
    #[inline]
    fn unpack(bytes: &[u8]) -> Self {
        let (a, b) = bytes.split_at(A::BYTES);
        (A::unpack(a), B::unpack(b))
    }
}

#[cfg(test)]
mod tests {
    use super::Packed;

    fn round_trip<T: Packed + PartialEq + std::fmt::Debug>(value: T) {
        let mut bytes = vec![0xAA; T::BYTES];
        value.pack(&mut bytes);
        assert_eq!(T::unpack(&bytes), value);
    }

    #[test]
    fn integers_arrays_and_pairs_round_trip() {
        round_trip(0u8);
        round_trip(255u8);
        round_trip(0xBEEFu16);
        round_trip(u32::MAX - 7);
        round_trip(0x0123_4567_89AB_CDEFu64);
        round_trip(u128::MAX / 3);
        round_trip(-5i32);
        round_trip(usize::MAX / 5);
        round_trip(i64::MIN);
        round_trip(crate::OrderedF64(-0.1));
        round_trip([1u8, 2, 3, 4, 5]);
        round_trip(());
        round_trip((5u8, ()));
        round_trip((7u16, [9u8, 8, 7]));
        round_trip(((1u8, 2u32), 3u64));
        assert_eq!(<((u8, u32), u64)>::BYTES, 13);
    }

    #[test]
    fn distinct_values_pack_to_distinct_bytes() {
        let pack = |v: u32| {
            let mut b = [0; 4];
            v.pack(&mut b);
            b
        };
        let mut seen = std::collections::HashSet::new();
        for v in (0..100_000u32).map(|i| i.wrapping_mul(2_654_435_761)) {
            assert!(seen.insert(pack(v)), "{v} packs like another value");
        }
    }
}
