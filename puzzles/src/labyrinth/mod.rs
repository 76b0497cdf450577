//! The dynamic labyrinth: a board of tiles (tokens) whose marked rows and columns shift when
//! the free token is pushed in, and a figure that walks along open connections to the exit.
//!
//! The board and its text format are in [`board`] (random boards in [`generate`]), the moves
//! and the search problem in [`rules`], the heuristics in [`heuristics`]; here are the
//! tiles, lines, states and actions they share.

pub mod board;
pub mod generate;
pub mod heuristics;
// The parse errors shared by the puzzles.
pub use crate::parse;
pub mod rules;

pub use board::{default_side, parse_cell, parse_exit, parse_tile, tile_code, Board};
pub use heuristics::{lookahead, wrap_manhattan, HeuristicKind, LabHeuristic};
pub use parse::ParseError;
pub use rules::Labyrinth;

/// Open side bits of a tile.
pub const LEFT: u8 = 1;
/// Right side open.
pub const RIGHT: u8 = 2;
/// Upper side open.
pub const UP: u8 = 4;
/// Lower side open.
pub const DOWN: u8 = 8;

/// The original puzzle's token codes 0..9 as side masks.
pub const TOKEN_CODES: [u8; 10] = [
    RIGHT | DOWN,
    LEFT | DOWN,
    RIGHT | UP,
    LEFT | UP,
    LEFT | RIGHT | DOWN,
    LEFT | UP | DOWN,
    LEFT | RIGHT | UP,
    RIGHT | UP | DOWN,
    UP | DOWN,
    LEFT | RIGHT,
];

/// Largest supported board side.
pub const MAX_SIDE: usize = 8;

/// The side opposite to `d`.
pub fn opposite(d: u8) -> u8 {
    match d {
        LEFT => RIGHT,
        RIGHT => LEFT,
        UP => DOWN,
        _ => UP,
    }
}

/// Name of a side bit.
pub fn side_name(d: u8) -> &'static str {
    match d {
        LEFT => "left",
        RIGHT => "right",
        UP => "up",
        _ => "down",
    }
}

/// Row or column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Axis {
    /// A row (shifts horizontally).
    Row,
    /// A column (shifts vertically).
    Col,
}

/// A pushable line: which row/column and from which side the token enters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// Row or column.
    pub axis: Axis,
    /// Its index.
    pub index: usize,
    /// The side the token is pushed in from (`LEFT`/`RIGHT` for rows, `UP`/`DOWN` for columns).
    pub from: u8,
    /// Cell indices in shift order: `cells[0]` receives the pushed token, the last falls out.
    pub cells: Vec<usize>,
}

impl Line {
    /// Builds a line for a board of `rows` x `cols`.
    pub fn new(axis: Axis, index: usize, from: u8, rows: usize, cols: usize) -> Line {
        let mut cells: Vec<usize> = match axis {
            Axis::Row => (0..cols).map(|c| index * cols + c).collect(),
            Axis::Col => (0..rows).map(|r| r * cols + index).collect(),
        };
        if from == RIGHT || from == DOWN {
            cells.reverse();
        }
        Line {
            axis,
            index,
            from,
            cells,
        }
    }

    /// Human description, e.g. `row 2 from the left`.
    pub fn describe(&self) -> String {
        let a = match self.axis {
            Axis::Row => "row",
            Axis::Col => "column",
        };
        let side = match self.from {
            LEFT => "the left",
            RIGHT => "the right",
            UP => "the top",
            _ => "the bottom",
        };
        format!("{a} {} from {side}", self.index)
    }
}

/// The cost model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CostModel {
    /// A push costs 1, a walk of any length costs 1.
    Moves,
    /// A push costs 1, every single step of the figure costs 1 (the original puzzle's counting).
    Steps,
}

/// A search state: packed tile arrangement (4 bits per cell), free token, figure cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// 4 bits per cell, cell `i` in word `i / 16`, bits `4 * (i % 16)..`.
    pub cells: [u64; 4],
    /// The free token.
    pub free: u8,
    /// The figure's cell index (`row * cols + col`).
    pub figure: u8,
}

impl State {
    /// Tile at cell `i`.
    #[inline]
    pub fn tile(&self, i: usize) -> u8 {
        ((self.cells[i >> 4] >> ((i & 15) * 4)) & 15) as u8
    }

    /// Sets the tile at cell `i`.
    #[inline]
    pub fn set_tile(&mut self, i: usize, t: u8) {
        let sh = (i & 15) * 4;
        let w = &mut self.cells[i >> 4];
        *w = (*w & !(15u64 << sh)) | ((t as u64) << sh);
    }
}

/// A move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Push the free token into pushable line number `k` (index into [`Board::lines`]).
    Push(u8),
    /// Moves model: walk to the given cell (any distance). Steps model: one step to that
    /// neighbouring cell.
    Walk(u8),
}

/// The built-in instance: the original `Puzzle_6.CSV`, unchanged.
pub const PUZZLE_6: &str = "2;4;6;7\n1;5;3;4\n9;0;2;3\n6;4;5;1\n0;8;6;9\n7\n";
