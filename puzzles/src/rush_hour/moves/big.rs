//! The backend for any board (used beyond 9x9): every vehicle drawn along its line,
//! the lines transposed into rows and columns, each vehicle's moves counted from its line.

use heurist::Successors;

use super::super::{Board, Move, Packed, Vehicle, MAX_SIZE};
use super::push_runs;

/// One vehicle's constants for [`push`], fixed by the layout.
#[derive(Clone, Copy, Debug)]
struct Lane {
    /// The word of the occupancy holding its own line: rows `r` in word `r / 4`, columns
    /// `c` in word `4 + c / 4`.
    word: u8,
    /// Where its line starts in that word: `16 * (line % 4)`.
    shift: u8,
    /// Its length.
    len: u8,
    /// Its cells along its line at position 0: `len` low bits.
    cells: u8,
    /// The cells at and past the board's edge (all of them for the padding).
    edge: u32,
}

impl Lane {
    /// The padding past the last vehicle: no cells, no moves.
    const NONE: Lane = Lane {
        word: 0,
        shift: 0,
        len: 0,
        cells: 0,
        edge: u32::MAX,
    };

    /// The constants of vehicle `v` on a board of side `size`.
    fn new(v: &Vehicle, size: usize) -> Self {
        Lane {
            word: v.line / 4 + if v.horizontal { 0 } else { 4 },
            shift: 16 * (v.line % 4),
            len: v.len,
            cells: (1 << v.len) - 1,
            edge: !0 << size,
        }
    }
}

/// The constants of [`push`] for a board: its walls and each vehicle's [`Lane`].
#[derive(Clone, Debug)]
pub(crate) struct BigTables {
    /// The board's side.
    pub(super) size: usize,
    /// The number of vehicles.
    n: usize,
    /// The walls as [`push`] starts its occupancy: bit `16 * (r % 4) + c` of word `r / 4`
    /// for cell `(r, c)`; the four words of columns empty.
    wall_lines: [u64; 8],
    /// Each vehicle's constants, padded with [`Lane::NONE`] to the `16 * words` vehicles
    /// a state holds.
    lanes: Vec<Lane>,
}

impl BigTables {
    /// The tables of `board`, whose states have `words` words.
    pub(crate) fn new(board: &Board, words: usize) -> Self {
        let mut wall_lines = [0u64; 8];
        for &(r, c) in &board.walls {
            wall_lines[r as usize / 4] |= 1 << (16 * (r % 4) + c);
        }
        let mut lanes: Vec<Lane> = board
            .vehicles
            .iter()
            .map(|v| Lane::new(v, board.size))
            .collect();
        lanes.resize(words * 16, Lane::NONE);
        BigTables {
            size: board.size,
            n: board.vehicles.len(),
            wall_lines,
            lanes,
        }
    }
}

/// How many moves a vehicle at position `at`, of length `l`, has backwards and forwards
/// (`ANY`: under the moves metric, any distance; else one cell), given the cells of its line
/// that are `taken` (bit `c`: cell `c`; the cells at and past the board's edge set).
#[inline(always)]
fn move_counts<const ANY: bool>(taken: u32, at: u32, l: u32) -> (u32, u32) {
    // bit `c + 1` stands for cell `c` and bit 0 for a taken cell -1
    if ANY {
        // the highest set bit below bit `at + 1` is the nearest obstacle behind
        let below = ((taken << 1) | 1) & ((2 << at) - 1);
        let back = at - (31 - below.leading_zeros());
        (back, (taken >> (at + l)).trailing_zeros())
    } else {
        (!(((taken << 1) | 1) >> at) & 1, !(taken >> (at + l)) & 1)
    }
}

/// Transposes a 16x16 bit matrix held as four words of four 16-bit rows (bit
/// `16 * (r % 4) + c` of word `r / 4`: cell `(r, c)`), in four rounds of block swaps.
#[inline(always)]
fn transpose16(m: [u64; 4]) -> [u64; 4] {
    let [mut a, mut b, mut c, mut d] = m;
    // 8x8 blocks: rows r < 8, columns 8.. with rows r + 8, columns ..8
    for (x, y) in [(&mut a, &mut c), (&mut b, &mut d)] {
        let t = ((*x >> 8) ^ *y) & 0x00ff_00ff_00ff_00ff;
        *y ^= t;
        *x ^= t << 8;
    }
    // 4x4 blocks: rows r, columns 4..8 with rows r + 4, columns ..4 (in every 8x8)
    for (x, y) in [(&mut a, &mut b), (&mut c, &mut d)] {
        let t = ((*x >> 4) ^ *y) & 0x0f0f_0f0f_0f0f_0f0f;
        *y ^= t;
        *x ^= t << 4;
    }
    // 2x2 blocks (rows two apart, in one word), then single cells (rows one apart)
    let swap = |x: u64, d: u32, m: u64| {
        let t = ((x >> d) ^ x) & m;
        x ^ t ^ (t << d)
    };
    [a, b, c, d].map(|x| {
        swap(
            swap(x, 30, 0x0000_0000_cccc_cccc),
            15,
            0x0000_aaaa_0000_aaaa,
        )
    })
}

/// The moves of a state on any board (those over 9x9 use it), in the order of
/// the other backends (`ANY`: under the moves metric; `BITS`: 8 when no
/// vehicle has more than 8 moves, else 16), without a branch per vehicle.
///
/// Each vehicle is first drawn along its own line only, by one store: the horizontal ones
/// into 16 rows, the vertical ones into 16 columns (four 16-bit lines a word). Both are
/// transposed and merged, giving every row's and column's occupancy. Then each
/// vehicle's moves are counted from its line and set as a run of bits in its `BITS`-bit
/// field of a word; the words' bits are turned into successors in order.
#[inline(always)]
pub(super) fn push<const W: usize, const ANY: bool, const BITS: u32, F>(
    p: &BigTables,
    s: &Packed<W>,
    filter: Option<F>,
    skip: u64,
    out: &mut Successors<Packed<W>, Move, u32>,
) where
    F: FnOnce(&[u16; MAX_SIZE]) -> u64,
{
    // vehicles a word of runs holds, and how many such groups there are
    let per = (64 / BITS) as usize;
    let groups = p.n.div_ceil(per);
    let lanes = &p.lanes[..groups * per];
    let mut along = p.wall_lines;
    for (g, lanes) in lanes.chunks_exact(per).enumerate() {
        let word = s.0[g * per / 16] >> (4 * (g * per % 16));
        for (j, v) in lanes.iter().enumerate() {
            let at = (word >> (4 * j)) & 15;
            along[v.word as usize & 7] |= u64::from(v.cells) << (u64::from(v.shift) + at);
        }
    }
    let [r0, r1, r2, r3, c0, c1, c2, c3] = along;
    let (rows, cols) = (transpose16([c0, c1, c2, c3]), transpose16([r0, r1, r2, r3]));
    let lines = [
        r0 | rows[0],
        r1 | rows[1],
        r2 | rows[2],
        r3 | rows[3],
        c0 | cols[0],
        c1 | cols[1],
        c2 | cols[2],
        c3 | cols[3],
    ];
    let keep = filter.map_or(u64::MAX, |f| {
        let rows: [u16; MAX_SIZE] =
            std::array::from_fn(|r| (lines[r / 4] >> (16 * (r % 4))) as u16);
        f(&rows)
    });
    for (g, lanes) in lanes.chunks_exact(per).enumerate() {
        let first = g * per;
        let (word, shift) = (first / 16, 4 * (first % 16) as u32);
        let at_word = s.0[word] >> shift;
        // the k-th move of the j-th vehicle: bit BITS * j + k; back: 4 bits a vehicle, how
        // many of its moves go backwards
        let mut run = 0u64;
        let mut backs = 0u64;
        for (j, v) in lanes.iter().enumerate() {
            let at = (at_word >> (4 * j)) as u32 & 15;
            let taken = v.edge | u32::from((lines[v.word as usize & 7] >> v.shift) as u16);
            let (back, ahead) = move_counts::<ANY>(taken, at, u32::from(v.len));
            let moves = (1u64 << (back + ahead)) - 1;
            run |= moves << (BITS as usize * j);
            backs |= u64::from(back) << (4 * j);
        }
        push_runs::<W, ANY, BITS>(s, first, run, backs, keep, skip, out);
    }
}
