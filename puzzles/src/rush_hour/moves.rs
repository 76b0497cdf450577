//! Move generation: one type, [`Moves`], over three backends chosen by the board, each
//! pushing the same moves in the same order (each vehicle's backwards, then forwards,
//! nearest first), under a skip set (move pruning) and optionally a filter of vehicles
//! (stubborn sets, computed from the backend's occupancy):
//! - `small`: boards up to 8x8 with up to 16 vehicles, by per-board tables;
//! - `mid`: the other boards up to 9x9, by line tables;
//! - `big`: every board (used beyond 9x9), by counting along bit-parallel lines.

mod big;
mod mid;
mod small;

use heurist::Successors;

use super::{Board, Metric, Move, Packed, MAX_SIZE};

/// The type of an absent vehicle filter (`None::<NoFilter>`).
pub(super) type NoFilter = fn(&[u16; MAX_SIZE]) -> u64;

/// Move generation for one board: the backend that suits it, with its tables.
#[derive(Clone, Debug)]
pub(super) enum Moves {
    /// Boards up to 8x8 with up to 16 vehicles: the whole board in a machine word, the
    /// whole state in one word.
    Small(Box<small::SmallTables>),
    /// The other boards up to 9x9: at most 8 moves a vehicle, a byte of moves each,
    /// looked up from its line.
    Mid(Box<mid::MidTables>),
    /// Larger boards: moves counted along each vehicle's line.
    Big(Box<big::BigTables>),
}

impl Moves {
    /// The backend for `board`, whose states have `words` words.
    pub(super) fn new(board: &Board, words: usize) -> Self {
        if board.size <= 8 && board.vehicles.len() <= 16 {
            Moves::Small(Box::new(small::SmallTables::new(board)))
        } else if board.size <= 9 {
            Moves::Mid(Box::new(mid::MidTables::new(board)))
        } else {
            Moves::Big(Box::new(big::BigTables::new(board, words)))
        }
    }

    /// Pushes the moves of `s` under `metric`, without those in the skip set `skip` (see
    /// [`RushHour::skip_bits`](super::RushHour::skip_bits)); with a `filter`, only the
    /// moves of the vehicles it returns (bit `i`: vehicle `i`) given the occupancy by rows
    /// (bit `c` of `rows[r]`: cell `(r, c)` taken, by a vehicle or a wall).
    #[inline(always)]
    pub(super) fn push<const W: usize, F>(
        &self,
        s: &Packed<W>,
        metric: Metric,
        filter: Option<F>,
        skip: u64,
        out: &mut Successors<Packed<W>, Move, u32>,
    ) where
        F: FnOnce(&[u16; MAX_SIZE]) -> u64,
    {
        let any = metric == Metric::Moves;
        match self {
            Moves::Small(t) if any => small::push::<W, true, F>(t, s, filter, skip, out),
            Moves::Small(t) => small::push::<W, false, F>(t, s, filter, skip, out),
            Moves::Mid(t) if any => mid::push::<W, true, F>(t, s, filter, skip, out),
            Moves::Mid(t) => mid::push::<W, false, F>(t, s, filter, skip, out),
            Moves::Big(t) => match (t.size <= 10, any) {
                (true, true) => big::push::<W, true, 8, F>(t, s, filter, skip, out),
                (true, false) => big::push::<W, false, 8, F>(t, s, filter, skip, out),
                (false, true) => big::push::<W, true, 16, F>(t, s, filter, skip, out),
                (false, false) => big::push::<W, false, 16, F>(t, s, filter, skip, out),
            },
        }
    }
}

/// The signed distance of a vehicle's `k`-th move, its `back` backward moves first.
#[inline(always)]
pub(super) fn move_delta(k: u32, back: u32) -> i32 {
    if k < back {
        -(k as i32) - 1
    } else {
        (k - back) as i32 + 1
    }
}

/// The skip set's bits for the `per` vehicles from vehicle `first` on (see
/// [`RushHour::skip_bits`]): one a vehicle under the moves metric (`ANY`), else two.
#[inline(always)]
pub(super) fn group_skip<const ANY: bool>(skip: u64, first: usize, per: usize) -> u64 {
    let (at, width) = if ANY {
        (first, per)
    } else {
        (2 * first, 2 * per)
    };
    skip.checked_shr(at as u32).unwrap_or(0) & (u64::MAX >> (64 - width))
}

/// The bits of a group's run (vehicle `j`'s moves from bit `bits * j`, its backward ones
/// first, `backs` holding how many, 4 bits a vehicle) that the group's skip bits `group`
/// (from [`group_skip`]) leave out: every move of a vehicle (`ANY`), or its step forward
/// (bit `2j`) or back (bit `2j + 1`).
#[inline(always)]
pub(super) fn skipped_run<const ANY: bool>(mut group: u64, backs: u64, bits: u32) -> u64 {
    let mut out = 0;
    while group != 0 {
        let b = group.trailing_zeros();
        group &= group - 1;
        if ANY {
            out |= (u64::MAX >> (64 - bits)) << (bits * b);
        } else {
            let j = b / 2;
            let back = (backs >> (4 * j)) as u32 & 15;
            // the forward step comes after the backward ones; a backward step is the first
            if b % 2 == 0 {
                out |= 1 << (bits * j + back);
            } else if back > 0 {
                out |= 1 << (bits * j);
            }
        }
    }
    out
}

/// The table of the moves of a vehicle of length `l` at position `at` of a line of `cells`
/// cells whose taken ones are the bits of `line`, at index
/// `(l - 2) << (cells + 3) | at << cells | line`, for moves of at most `limit` cells: `back`
/// moves backwards and `ahead` forwards, as two runs of bits (`split`: `back` low bits,
/// then `ahead` bits from bit 8, as `small::LINE_MOVES`) or as one run of `back + ahead` low bits
/// with `back` in the high byte (as `mid::LINE9_MOVES`).
pub(super) const fn line_moves<const N: usize>(
    cells: usize,
    limit: usize,
    split: bool,
) -> [u16; N] {
    let mut table = [0u16; N];
    let mut key = 0;
    while key < N {
        let l = 2 + ((key >> (cells + 3)) & 1);
        let (at, line) = ((key >> cells) & 7, key & ((1 << cells) - 1));
        if at + l <= cells {
            let mut back = 0;
            while back < limit && back < at && line >> (at - back - 1) & 1 == 0 {
                back += 1;
            }
            let mut ahead = 0;
            while ahead < limit && at + l + ahead < cells && line >> (at + l + ahead) & 1 == 0 {
                ahead += 1;
            }
            table[key] = if split {
                ((1 << back) - 1) | ((1 << ahead) - 1) << 8
            } else {
                ((1 << (back + ahead)) - 1) | (back << 8) as u16
            };
        }
        key += 1;
    }
    table
}

/// Pushes the moves of the vehicles from `first` on (a group of `64 / BITS`, `first` a
/// multiple of it), set in `run` (vehicle `j`'s moves from bit `BITS * j`, its backward ones
/// first, `backs` holding how many, 4 bits a vehicle), without those in the skip set `skip`
/// and, with stubborn sets, those of vehicles outside `keep`, in order (`ANY`: under the
/// moves metric). Shared by the 9x9 and the big boards' backends (`mid`, `big`).
#[inline(always)]
pub(super) fn push_runs<const W: usize, const ANY: bool, const BITS: u32>(
    s: &Packed<W>,
    first: usize,
    mut run: u64,
    backs: u64,
    keep: u64,
    skip: u64,
    out: &mut Successors<Packed<W>, Move, u32>,
) {
    let per = (64 / BITS) as usize;
    let (word, shift) = (first / 16, 4 * (first % 16) as u32);
    if keep != u64::MAX {
        for j in 0..per {
            if keep >> (first + j) & 1 == 0 {
                run &= !((u64::MAX >> (64 - BITS)) << (BITS as usize * j));
            }
        }
    }
    let group = group_skip::<ANY>(skip, first, per);
    if group != 0 {
        run &= !skipped_run::<ANY>(group, backs, BITS);
    }
    // all ones on the word of these vehicles: the successor is built in registers (a narrow
    // store into a copy of the state would stall the copy's wide reload)
    let sel: [u64; W] = std::array::from_fn(|w| u64::from(w == word).wrapping_neg());
    while run != 0 {
        let b = run.trailing_zeros();
        run &= run - 1;
        let j = b / BITS;
        let (k, back) = (b % BITS, (backs >> (4 * j)) as u32 & 15);
        let delta = move_delta(k, back);
        let d = (delta as i64 as u64) << (shift + 4 * j);
        let t = Packed(std::array::from_fn(|w| s.0[w].wrapping_add(d & sel[w])));
        out.push(((first as u32 + j) as u8, delta as i8), t, 1);
    }
}
