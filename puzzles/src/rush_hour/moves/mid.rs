//! The backend for the boards up to 9x9 that `small` does not take (any number of
//! vehicles): an occupancy of 9-bit lines, each vehicle's moves looked up from its line.

use heurist::Successors;

use super::super::{Board, Move, Packed, MAX_SIZE, MAX_VEHICLES};
use super::{line_moves, push_runs};

/// The moves of a vehicle on a board up to 9x9, as [`push`] lays them out: for
/// a vehicle of length `l` at position `at` of a line whose taken cells (with those past
/// the board's edge) are the low 9 bits of `taken`, at index
/// `(l & 1) << 12 | at << 9 | taken & 511`, a run of `back + ahead` low bits and, in the high
/// byte, `back`. Under the moves metric, then the steps metric. Built at compile time.
static LINE9_MOVES: [[u16; 8192]; 2] = [line_moves(9, 9, false), line_moves(9, 1, false)];

/// The tables of [`push`], for a board up to 9x9 (any number of vehicles): the
/// cells of each vehicle at each position, as an occupancy of four words of 9-bit lines.
#[derive(Clone, Debug)]
pub(crate) struct MidTables {
    /// Groups of eight vehicles (the last one padded).
    groups: usize,
    /// Entry `8i + p`: the cells of vehicle `i` at position `p`: rows 0-6 (bit `9r + c` of
    /// word 0), rows 7-8 (bit `9(r - 7) + c` of word 1), columns 0-6 (bit `9c + r` of word
    /// 2) and columns 7-8 (word 3). Zero for the padding.
    cells: [[u64; 4]; 8 * MAX_VEHICLES],
    /// The cells no vehicle can enter (walls, past the board's edge), in that layout.
    blocked: [u64; 4],
    /// Each vehicle's line: the word of the occupancy holding it, its shift there, and its
    /// part of a [`LINE9_MOVES`] index (`(l & 1) << 12`); the padding's index is one of a
    /// length-3 vehicle at position 7, which has no moves.
    lane: [(u8, u8, u16); MAX_VEHICLES],
}

/// Where cell `(r, c)` of a board up to 9x9 is in a [`MidTables`] occupancy: by rows, then
/// by columns (word, bit).
const fn mid_bits(r: usize, c: usize) -> [(usize, usize); 2] {
    [(r / 7, 9 * (r % 7) + c), (2 + c / 7, 9 * (c % 7) + r)]
}

impl MidTables {
    pub(crate) fn new(board: &Board) -> Self {
        let size = board.size;
        let groups = board.vehicles.len().div_ceil(8);
        let mut cells = [[0u64; 4]; 8 * MAX_VEHICLES];
        let mut lane = [(0u8, 0u8, 0xffffu16); MAX_VEHICLES];
        for (i, v) in board.vehicles.iter().enumerate() {
            // cell (line, line) is on the vehicle's line, `line` cells from its start
            let line = v.line as usize;
            let [by_rows, by_cols] = mid_bits(line, line);
            let (word, bit) = if v.horizontal { by_rows } else { by_cols };
            lane[i] = (word as u8, (bit - line) as u8, u16::from(v.len & 1) << 12);
            for p in 0..=size - v.len as usize {
                for (r, c) in board.cells(i, p as u8) {
                    for (w, b) in mid_bits(r, c) {
                        cells[8 * i + p][w] |= 1 << b;
                    }
                }
            }
        }
        let mut blocked = [0u64; 4];
        for r in 0..9 {
            for c in 0..9 {
                if r >= size || c >= size || board.walls.contains(&(r as u8, c as u8)) {
                    for (w, b) in mid_bits(r, c) {
                        blocked[w] |= 1 << b;
                    }
                }
            }
        }
        MidTables {
            groups,
            cells,
            blocked,
            lane,
        }
    }
}

/// The moves of a state on a board up to 9x9 that the `small` backend does not take, in
/// its order (`ANY`: under the moves metric), by table lookups without a branch per
/// vehicle: the occupancy is the union of the vehicles' cells; each vehicle's moves are
/// looked up from its line in [`LINE9_MOVES`] (a byte each, eight vehicles a word).
#[inline(always)]
pub(super) fn push<const W: usize, const ANY: bool, F>(
    t: &MidTables,
    s: &Packed<W>,
    filter: Option<F>,
    skip: u64,
    out: &mut Successors<Packed<W>, Move, u32>,
) where
    F: FnOnce(&[u16; MAX_SIZE]) -> u64,
{
    let groups = t.groups.min(4 * W);
    let mut occ = t.blocked;
    for g in 0..groups {
        let word = s.0[g / 2] >> (32 * (g % 2));
        for j in 0..8 {
            let at = (word >> (4 * j)) as usize & 7;
            let c = t.cells[(64 * g + 8 * j + at) & (8 * MAX_VEHICLES - 1)];
            for w in 0..4 {
                occ[w] |= c[w];
            }
        }
    }
    let keep = filter.map_or(u64::MAX, |f| {
        let rows: [u16; MAX_SIZE] = std::array::from_fn(|r| {
            if r < 9 {
                (occ[r / 7] >> (9 * (r % 7))) as u16 & 511
            } else {
                0
            }
        });
        f(&rows)
    });
    let table = &LINE9_MOVES[usize::from(!ANY)];
    for g in 0..groups {
        let first = 8 * g;
        let (word, shift) = (g / 2, 32 * (g % 2) as u32);
        let at_word = s.0[word] >> shift;
        let mut run = 0u64;
        let mut backs = 0u64;
        for j in 0..8 {
            let at = (at_word >> (4 * j)) as usize & 7;
            let (w, sh, base) = t.lane[(first + j) & (MAX_VEHICLES - 1)];
            let line = (occ[w as usize & 3] >> sh) as usize & 511;
            let e = table[(base as usize | at << 9 | line) & 8191];
            run |= u64::from(e & 0xff) << (8 * j);
            backs |= u64::from(e >> 8) << (4 * j);
        }
        push_runs::<W, ANY, 8>(s, first, run, backs, keep, skip, out);
    }
}
