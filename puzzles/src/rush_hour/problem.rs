//! The search problem: the fixed layout and the metric; its successors and its move
//! pruning.

use heurist::{MovePruning, Problem, Successors};

use super::moves::{Moves, NoFilter};
use super::{Board, Move, Packed, MAX_SIZE};

/// The two cost measures, both solved optimally.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Metric {
    /// Sliding one vehicle any distance costs 1.
    Moves,
    /// Each cell a vehicle slides costs 1.
    Steps,
}

/// The search problem: the fixed layout plus the metric. `W` words of state.
///
/// [`Problem::successors`] gives every move (of the stubborn set's vehicles with
/// [`prune`](RushHour::prune)). Move pruning is the search's choice: a configuration with
/// `.move_pruning()` asks [`MovePruning::successors_skipping`] to leave out, after a move
/// of a vehicle, its moves (moves metric: the two slides are one slide, or none, from the
/// state before) or its step back (steps metric); the optimal searches stay optimal.
#[derive(Clone, Debug)]
pub struct RushHour<const W: usize> {
    pub(super) size: u8,
    pub(super) n: usize,
    pub(super) horiz: Vec<bool>,
    pub(super) line: Vec<u8>,
    pub(super) len: Vec<u8>,
    pub(super) wall_rows: [u16; MAX_SIZE],
    /// Move generation, by the backend that suits the board.
    moves: Moves,
    pub(super) red: usize,
    pub(super) goal_pos: u8,
    /// Bit `i` set: vehicle `i` is horizontal in that row (`in_row`) / vertical in that
    /// column (`in_col`).
    pub(super) in_row: [u64; MAX_SIZE],
    pub(super) in_col: [u64; MAX_SIZE],
    /// Sliding any distance (moves) or one cell at a time (steps).
    pub metric: Metric,
    /// Generate only the moves of a strong stubborn set (see [`RushHour::stubborn`]): far
    /// fewer states, same optimal costs. Off by default. The space is then not reversible
    /// (the way back may be left out): do not tell breadth-first search it is.
    pub prune: bool,
    /// Whether [`MovePruning::skip_after`] leaves anything out. On by default; off, a
    /// search with move pruning generates every move, so that a program compiles one
    /// search for both and can still show what the pruning saves.
    pub move_pruning: bool,
}

impl<const W: usize> RushHour<W> {
    /// The problem for `board` under `metric`. Panics if `W` words are too few
    /// (use [`Board::words`]).
    pub fn new(board: &Board, metric: Metric) -> Self {
        assert!(
            board.vehicles.len() <= W * 16,
            "state too small for the board"
        );
        let mut wall_rows = [0u16; MAX_SIZE];
        for &(r, c) in &board.walls {
            wall_rows[r as usize] |= 1 << c;
        }
        let mut in_row = [0u64; MAX_SIZE];
        let mut in_col = [0u64; MAX_SIZE];
        for (i, v) in board.vehicles.iter().enumerate() {
            if v.horizontal {
                in_row[v.line as usize] |= 1 << i;
            } else {
                in_col[v.line as usize] |= 1 << i;
            }
        }
        RushHour {
            size: board.size as u8,
            n: board.vehicles.len(),
            horiz: board.vehicles.iter().map(|v| v.horizontal).collect(),
            line: board.vehicles.iter().map(|v| v.line).collect(),
            len: board.vehicles.iter().map(|v| v.len).collect(),
            wall_rows,
            moves: Moves::new(board, W),
            red: board.red,
            goal_pos: (board.size - board.vehicles[board.red].len as usize) as u8,
            in_row,
            in_col,
            metric,
            prune: false,
            move_pruning: true,
        }
    }

    /// The start state of `board`.
    pub fn start(board: &Board) -> Packed<W> {
        Packed::pack(&board.start)
    }

    /// Occupancy: bit `c` of `rows[r]` is set when cell `(r, c)` is taken.
    #[inline]
    pub fn occupancy(&self, s: &Packed<W>) -> [u16; MAX_SIZE] {
        let mut rows = self.wall_rows;
        for i in 0..self.n {
            let p = s.get(i);
            let l = self.len[i];
            if self.horiz[i] {
                rows[self.line[i] as usize] |= ((1u16 << l) - 1) << p;
            } else {
                let bit = 1u16 << self.line[i];
                for k in 0..l {
                    rows[(p + k) as usize] |= bit;
                }
            }
        }
        rows
    }

    /// Number of vehicles.
    pub fn vehicles(&self) -> usize {
        self.n
    }

    /// The moves that move pruning leaves out right after the move `(v, delta)`, as a *skip
    /// set*: a set of moves in which, under the moves metric, bit `v` stands for every move
    /// of vehicle `v`, and under the steps metric bit `2v` for its step forward (right /
    /// down) and bit `2v + 1` for its step back (for the first 32 vehicles only). After a
    /// slide of `v`, all of `v`'s moves (two slides are one slide, or none); after a step,
    /// the step back.
    pub fn skip_bits(&self, &(v, delta): &Move) -> u64 {
        let v = u32::from(v);
        match self.metric {
            Metric::Moves => 1u64.checked_shl(v).unwrap_or(0),
            Metric::Steps => 1u64.checked_shl(2 * v + u32::from(delta > 0)).unwrap_or(0),
        }
    }

    /// The successors of `s`, without those in the skip set `skip` (see
    /// [`RushHour::skip_bits`]), with stubborn sets the moves of the set's vehicles only.
    #[inline(always)]
    fn push_successors(
        &self,
        s: &Packed<W>,
        skip: u64,
        out: &mut Successors<Packed<W>, Move, u32>,
    ) {
        if self.prune {
            let stubborn = |rows: &[u16; MAX_SIZE]| self.stubborn(s, rows);
            self.moves.push(s, self.metric, Some(stubborn), skip, out)
        } else {
            self.moves.push(s, self.metric, None::<NoFilter>, skip, out)
        }
    }
}

impl<const W: usize> Problem for RushHour<W> {
    type State = Packed<W>;
    type Action = Move;
    type Cost = u32;

    #[inline]
    fn is_goal(&self, s: &Packed<W>) -> bool {
        s.get(self.red) == self.goal_pos
    }

    fn successors(&self, s: &Packed<W>, out: &mut Successors<Packed<W>, Move, u32>) {
        self.push_successors(s, 0, out)
    }
}

impl<const W: usize> MovePruning for RushHour<W> {
    /// See [`RushHour::skip_bits`].
    type Skip = u64;

    fn skip_after(&self, m: &Move) -> u64 {
        if self.move_pruning {
            self.skip_bits(m)
        } else {
            0
        }
    }

    /// Leaves out, for each vehicle in `skip`, its moves (moves metric: one slide from the
    /// state before) or its step back (steps metric).
    fn successors_skipping(
        &self,
        s: &Packed<W>,
        skip: u64,
        out: &mut Successors<Packed<W>, Move, u32>,
    ) {
        self.push_successors(s, skip, out)
    }
}
