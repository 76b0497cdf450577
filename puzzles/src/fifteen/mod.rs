//! The sliding-tile puzzle (8-, 15-, 24-puzzle and rectangular boards from 2x2 to 5x5) with
//! any goal layout: the rules here, parsing and solvability in [`board`], four heuristics in
//! [`heuristics`], pattern databases in [`pdb`].
//!
//! A state is a packed `u128`: 4 bits per cell for boards of up to 16 cells (a 4x4 board uses
//! only the low 64 bits), 5 bits per cell up to 32 cells. The blank is tile 0. A move is named
//! after the direction the **blank** moves.

pub mod board;
pub mod heuristics;
pub mod korf;
// The parse errors shared by the puzzles.
pub use crate::parse;
pub mod pdb;
pub mod reflection;

use heurist::{Problem, Successors};

use board::{check_permutation, check_shape, err};

pub use board::{parse_instances, parse_layout, square_cells, Instance, Layout};
pub use heuristics::{LinearConflict, Manhattan, Misplaced};
pub use korf::{korf_instances, KORF100};
pub use parse::ParseError;
pub use pdb::{
    build_projected, build_states, default_cache_dir, default_partition, parse_partition,
    partition_366, projected_fits, rank_cells, PatternSpace, PdbHeuristic, PdbReport,
    MAX_BUILD_STATES, MAX_PATTERN,
};
pub use reflection::Reflection;

/// A packed board: cell `p` holds the tile in bits `p*b .. p*b+b` (`b` = 4 or 5).
pub type Tiles = u128;

/// The direction the blank moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    /// Blank moves up (the tile above slides down).
    Up,
    /// Blank moves down.
    Down,
    /// Blank moves left.
    Left,
    /// Blank moves right.
    Right,
}

impl Dir {
    /// All four directions.
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

    /// The lower-case name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Dir::Up => "up",
            Dir::Down => "down",
            Dir::Left => "left",
            Dir::Right => "right",
        }
    }
}

/// One move: the blank goes `dir`; `tile` slides from cell `from` to cell `to` (the blank's
/// old cell).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The direction of the blank.
    pub dir: Dir,
    /// The tile that slides.
    pub tile: u8,
    /// The tile's cell before the move (the blank's cell after it).
    pub from: u8,
    /// The tile's cell after the move.
    pub to: u8,
}

/// The puzzle: board shape and goal, with precomputed tables.
#[derive(Clone, Debug)]
pub struct Puzzle {
    rows: usize,
    cols: usize,
    bits: u32,
    goal: Tiles,
    goal_tiles: Vec<u8>,
    /// Goal cell of each tile.
    goal_pos: Vec<u8>,
    /// `md[tile * n + cell]`: Manhattan distance of `tile` at `cell` from its goal (0 for the blank).
    md: Vec<u8>,
    /// Bit 0 of every cell field.
    low_bits: Tiles,
}

impl Puzzle {
    /// A puzzle of `rows` x `cols` with the given goal layout (row by row, 0 = blank).
    pub fn new(rows: usize, cols: usize, goal: &[u8]) -> Result<Self, ParseError> {
        check_shape(rows, cols)?;
        let n = rows * cols;
        if goal.len() != n {
            return Err(err(
                None,
                format!(
                    "the goal has {} tiles, a {rows}x{cols} board needs {n}",
                    goal.len()
                ),
            ));
        }
        check_permutation(goal, &[])?;
        let bits = if n <= 16 { 4 } else { 5 };
        let mut goal_pos = vec![0u8; n];
        for (p, &t) in goal.iter().enumerate() {
            goal_pos[t as usize] = p as u8;
        }
        let mut md = vec![0u8; n * n];
        for t in 1..n {
            let g = goal_pos[t] as usize;
            for p in 0..n {
                md[t * n + p] =
                    ((p / cols).abs_diff(g / cols) + (p % cols).abs_diff(g % cols)) as u8;
            }
        }
        let low_bits = (0..n).fold(0 as Tiles, |acc, p| acc | (1 as Tiles) << (p as u32 * bits));
        let mut puzzle = Puzzle {
            rows,
            cols,
            bits,
            goal: 0,
            goal_tiles: goal.to_vec(),
            goal_pos,
            md,
            low_bits,
        };
        puzzle.goal = puzzle.pack(goal);
        Ok(puzzle)
    }

    /// The default goal of a board: blank first, then `1..n`.
    pub fn default_goal(n: usize) -> Vec<u8> {
        (0..n as u8).collect()
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Number of cells.
    pub fn cells(&self) -> usize {
        self.rows * self.cols
    }

    /// The goal state.
    pub fn goal(&self) -> Tiles {
        self.goal
    }

    /// The goal layout row by row.
    pub fn goal_tiles(&self) -> &[u8] {
        &self.goal_tiles
    }

    /// The goal cell of `tile`.
    pub fn goal_pos(&self, tile: u8) -> u8 {
        self.goal_pos[tile as usize]
    }

    /// Packs tiles (row by row) into a state. The tiles must be a permutation of `0..n`.
    pub fn pack(&self, tiles: &[u8]) -> Tiles {
        tiles.iter().enumerate().fold(0, |acc, (p, &t)| {
            acc | (t as Tiles) << (p as u32 * self.bits)
        })
    }

    /// The tiles of a state, row by row.
    pub fn unpack(&self, s: Tiles) -> Vec<u8> {
        (0..self.cells()).map(|p| self.tile_at(s, p)).collect()
    }

    /// The tile at cell `p`.
    #[inline(always)]
    pub fn tile_at(&self, s: Tiles, p: usize) -> u8 {
        if self.bits == 4 {
            // Boards of up to 16 cells live in the low 64 bits: cheaper shifts.
            ((s as u64 >> (p as u32 * 4)) & 15) as u8
        } else {
            ((s >> (p as u32 * self.bits)) & ((1 << self.bits) - 1)) as u8
        }
    }

    /// The blank's cell, found without a loop (the one all-zero field).
    #[inline(always)]
    pub fn blank(&self, s: Tiles) -> usize {
        find_field(s, 0, self.bits, self.low_bits) as usize
    }

    /// The state after the blank moves `dir`, with the move, or `None` at the edge.
    #[inline(always)]
    pub fn apply(&self, s: Tiles, dir: Dir) -> Option<(Move, Tiles)> {
        self.apply_at(s, self.blank(s), dir)
    }

    /// [`apply`](Self::apply) with the blank's cell `b` already known.
    #[inline(always)]
    fn apply_at(&self, s: Tiles, b: usize, dir: Dir) -> Option<(Move, Tiles)> {
        let (r, c) = (b / self.cols, b % self.cols);
        let j = match dir {
            Dir::Up if r > 0 => b - self.cols,
            Dir::Down if r + 1 < self.rows => b + self.cols,
            Dir::Left if c > 0 => b - 1,
            Dir::Right if c + 1 < self.cols => b + 1,
            _ => return None,
        };
        let tile = self.tile_at(s, j);
        let t = tile as Tiles;
        let child = if self.bits == 4 {
            let (s, t) = (s as u64, t as u64);
            (s - (t << (j as u32 * 4)) + (t << (b as u32 * 4))) as Tiles
        } else {
            s - (t << (j as u32 * self.bits)) + (t << (b as u32 * self.bits))
        };
        Some((
            Move {
                dir,
                tile,
                from: j as u8,
                to: b as u8,
            },
            child,
        ))
    }

    /// Replays `moves` from `start`: the final state, or the index of the first illegal move.
    pub fn replay(&self, start: Tiles, moves: &[Dir]) -> Result<Tiles, usize> {
        moves.iter().enumerate().try_fold(start, |s, (i, &d)| {
            self.apply(s, d).map(|(_, c)| c).ok_or(i)
        })
    }

    /// Checks a solution: every move legal and the last state the goal.
    pub fn check_solution(&self, start: Tiles, moves: &[Dir]) -> Result<(), String> {
        match self.replay(start, moves) {
            Ok(s) if s == self.goal => Ok(()),
            Ok(_) => Err("the moves do not end at the goal".into()),
            Err(i) => Err(format!("move {} ({}) is illegal", i + 1, moves[i].name())),
        }
    }

    /// The board as text, one row per line, the blank shown as `.`.
    pub fn draw(&self, s: Tiles) -> String {
        let width = (self.cells() - 1).to_string().len();
        let mut out = String::new();
        for r in 0..self.rows {
            let row: Vec<String> = (0..self.cols)
                .map(|c| match self.tile_at(s, r * self.cols + c) {
                    0 => format!("{:>width$}", "."),
                    t => format!("{t:>width$}"),
                })
                .collect();
            out.push_str(&row.join(" "));
            out.push('\n');
        }
        out
    }

    /// Manhattan distance of `tile` at `cell`.
    #[inline(always)]
    pub fn md(&self, tile: u8, cell: u8) -> u8 {
        self.md[tile as usize * self.cells() + cell as usize]
    }

    /// A random solvable state `moves` random moves from the goal (no immediate undo).
    pub fn scramble(&self, moves: usize, rng: &mut impl rand::Rng) -> Tiles {
        let mut s = self.goal;
        let mut last: Option<Dir> = None;
        let mut done = 0;
        while done < moves {
            let d = Dir::ALL[rng.gen_range(0..4)];
            let back = match d {
                Dir::Up => Dir::Down,
                Dir::Down => Dir::Up,
                Dir::Left => Dir::Right,
                Dir::Right => Dir::Left,
            };
            if last == Some(back) {
                continue;
            }
            if let Some((_, c)) = self.apply(s, d) {
                s = c;
                last = Some(d);
                done += 1;
            }
        }
        s
    }
}

impl Problem for Puzzle {
    type State = Tiles;
    type Action = Move;
    type Cost = u32;

    #[inline(always)]
    fn is_goal(&self, s: &Tiles) -> bool {
        *s == self.goal
    }

    #[inline(always)]
    fn successors(&self, s: &Tiles, out: &mut Successors<Tiles, Move, u32>) {
        let b = self.blank(*s);
        for d in Dir::ALL {
            if let Some((m, c)) = self.apply_at(*s, b, d) {
                out.push(m, c, 1);
            }
        }
    }
}

/// The index of the `bits`-wide field of `s` equal to `value` (the fields are all distinct),
/// without a loop over the cells; `low_bits` has bit 0 of every field set.
#[inline(always)]
pub(crate) fn find_field(s: Tiles, value: u8, bits: u32, low_bits: Tiles) -> u32 {
    if bits == 4 {
        let low = low_bits as u64;
        let x = s as u64 ^ (low * value as u64);
        let t = x | (x >> 1) | (x >> 2) | (x >> 3);
        (!t & low).trailing_zeros() / 4
    } else {
        let x = s ^ (low_bits * value as Tiles);
        let mut t = x;
        for k in 1..bits {
            t |= x >> k;
        }
        (!t & low_bits).trailing_zeros() / bits
    }
}
