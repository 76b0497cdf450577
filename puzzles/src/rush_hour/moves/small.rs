//! The backend for boards up to 8x8 with up to 16 vehicles: the whole board in a machine
//! word, the whole state in one word, every vehicle's moves by table lookups.

use heurist::Successors;

use super::super::{Board, Move, Packed, MAX_SIZE};
use super::line_moves;

/// The tables of [`push`], for a board up to 8x8 with up to 16 vehicles: the
/// cells of each vehicle at each position, and each vehicle's moves for each occupancy of
/// its line.
#[derive(Clone, Debug)]
pub(crate) struct SmallTables {
    /// Groups of four vehicles (the last one padded).
    groups: usize,
    /// Entry `16i + p`: the cells of vehicle `i` at position `p`, by rows (bit `8r + c` for
    /// cell `(r, c)`) and by columns (bit `8c + r`).
    cells: [[u64; 2]; 256],
    /// The cells no vehicle can enter, by rows and by columns: the walls and the cells past
    /// the board's edge.
    blocked: [u64; 2],
    /// Each vehicle's line, as the byte of the occupancy that holds it: row `r` is byte
    /// `r`, column `c` byte `8 + c` (the occupancy by rows, then by columns).
    line_byte: [u8; 16],
    /// Each vehicle's part of a [`LINE_MOVES`] index (its length); the padding's points to
    /// zeros.
    lane: [u16; 16],
}

/// The moves of a vehicle of length `l` at position `at` of a line of 8 cells whose taken
/// ones are the bits of `byte`, at index `(l - 2) << 11 | at << 8 | byte`: bit `k` for the
/// move back by `k + 1`, bit `8 + k` for the move ahead by `k + 1`. Under the moves metric
/// (any distance), then under the steps metric (one cell). Built at compile time.
static LINE_MOVES: [[u16; 4096]; 2] = [line_moves(8, 8, true), line_moves(8, 1, true)];

/// The fields of four vehicles' moves in a word of [`push`] (16 bits each)
/// that a skip set leaves out: under the moves metric, every move of each vehicle whose bit
/// is set in the 4-bit index.
static SKIP_MOVES: [u64; 16] = skip_fields(true);

/// Under the steps metric, from an 8-bit index (bit `2j`: vehicle `j`'s step forward, bit
/// 8 of its field; bit `2j + 1`: its step back, bit 0).
static SKIP_STEPS: [u64; 256] = skip_fields(false);

/// [`SKIP_MOVES`] (`any`) or [`SKIP_STEPS`].
const fn skip_fields<const N: usize>(any: bool) -> [u64; N] {
    let mut table = [0u64; N];
    let mut key = 0;
    while key < N {
        let mut j = 0;
        while j < 4 {
            let field: u64 = if any {
                if key >> j & 1 == 1 {
                    0xffff
                } else {
                    0
                }
            } else {
                (if key >> (2 * j) & 1 == 1 { 1 << 8 } else { 0 })
                    | (if key >> (2 * j + 1) & 1 == 1 { 1 } else { 0 })
            };
            table[key] |= field << (16 * j);
            j += 1;
        }
        key += 1;
    }
    table
}

/// The [`SmallTables::lane`] of the padding past the last vehicle: a length-3 vehicle at
/// position 7 does not fit in a line, so it has no moves.
const NO_LANE: u16 = 0xf00;

impl SmallTables {
    pub(crate) fn new(board: &Board) -> Self {
        let size = board.size;
        let mut cells = [[0u64; 2]; 256];
        let mut line_byte = [0u8; 16];
        let mut lane = [NO_LANE; 16];
        for (i, v) in board.vehicles.iter().enumerate() {
            line_byte[i] = v.line + if v.horizontal { 0 } else { 8 };
            lane[i] = u16::from(v.len - 2) << 11;
            for p in 0..=size - v.len as usize {
                for k in 0..v.len as usize {
                    let (r, c) = if v.horizontal {
                        (v.line as usize, p + k)
                    } else {
                        (p + k, v.line as usize)
                    };
                    cells[16 * i + p][0] |= 1 << (8 * r + c);
                    cells[16 * i + p][1] |= 1 << (8 * c + r);
                }
            }
        }
        let mut blocked = [0u64; 2];
        for r in 0..8 {
            for c in 0..8 {
                if r >= size || c >= size || board.walls.contains(&(r as u8, c as u8)) {
                    blocked[0] |= 1 << (8 * r + c);
                    blocked[1] |= 1 << (8 * c + r);
                }
            }
        }
        SmallTables {
            groups: board.vehicles.len().div_ceil(4),
            cells,
            blocked,
            line_byte,
            lane,
        }
    }
}

/// Pushes the moves (of the vehicles the `filter` keeps, given the occupancy) on
/// boards up to 8x8 with up to 16 vehicles (`ANY`: under the moves metric): those of
/// vehicle 0 first, each vehicle's backwards (left / up) then forwards (right / down),
/// nearest first. By table lookups, without a branch per vehicle: the occupancy is the
/// union of the vehicles' cells (by rows and by columns); each vehicle's moves are looked
/// up from the byte of its line, as a 16-bit field (four vehicles a word), and the
/// fields' bits are turned into successors in order.
#[inline(always)]
pub(super) fn push<const W: usize, const ANY: bool, F>(
    t: &SmallTables,
    s: &Packed<W>,
    filter: Option<F>,
    skip: u64,
    out: &mut Successors<Packed<W>, Move, u32>,
) where
    F: FnOnce(&[u16; MAX_SIZE]) -> u64,
{
    let word = s.0[0];
    let groups = t.groups.min(4);
    let [mut by_rows, mut by_cols] = t.blocked;
    for g in 0..groups {
        for j in 0..4 {
            let i = 4 * g + j;
            let at = (word >> (4 * i)) as usize & 15;
            let c = t.cells[16 * i + at];
            by_rows |= c[0];
            by_cols |= c[1];
        }
    }
    // the filter reads the cells of the board only (not those past its edge, set here)
    let keep = filter.map(|f| {
        let rows: [u16; MAX_SIZE] = std::array::from_fn(|r| {
            if r < 8 {
                u16::from((by_rows >> (8 * r)) as u8)
            } else {
                0
            }
        });
        f(&rows)
    });
    let mut lines = [0u8; 16];
    lines[..8].copy_from_slice(&by_rows.to_le_bytes());
    lines[8..].copy_from_slice(&by_cols.to_le_bytes());
    let table = &LINE_MOVES[usize::from(!ANY)];
    // bits 16j..16j + 16 of word g: the moves of vehicle 4g + j
    let mut runs = [0u64; 4];
    for (g, run) in runs.iter_mut().enumerate().take(groups) {
        for j in 0..4 {
            let i = 4 * g + j;
            let at = (word >> (4 * i)) as usize & 7;
            let line = lines[t.line_byte[i] as usize & 15] as usize;
            let moves = table[(t.lane[i] as usize + (at << 8) + line) & 4095];
            *run |= u64::from(moves) << (16 * j);
        }
    }
    if let Some(keep) = keep {
        for i in (0..16).filter(|i| keep >> i & 1 == 0) {
            runs[i / 4] &= !(0xffff << (16 * (i % 4)));
        }
    }
    // the skipped vehicles' moves (two slides of one are one, or none) or steps, four
    // vehicles at a time, without a branch
    if skip != 0 {
        for (g, run) in runs.iter_mut().enumerate() {
            *run &= !if ANY {
                SKIP_MOVES[(skip >> (4 * g)) as usize & 15]
            } else {
                SKIP_STEPS[(skip >> (8 * g)) as usize & 255]
            };
        }
    }
    for (g, mut run) in runs.into_iter().enumerate() {
        while run != 0 {
            let b = run.trailing_zeros();
            run &= run - 1;
            let i = 4 * g as u32 + b / 16;
            let k = (b % 16) as i32;
            let delta = if k < 8 { -k - 1 } else { k - 7 };
            let mut t = *s;
            t.0[0] = word.wrapping_add((delta as i64 as u64) << (4 * i));
            out.push((i as u8, delta as i8), t, 1);
        }
    }
}
