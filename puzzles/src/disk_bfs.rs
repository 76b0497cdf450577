//! The puzzles of the `disk_bfs` example, each with its states packed into a few bytes:
//! sliding tiles on a board of up to 16 cells, the pancake problem, the 2x2x2 cube and the
//! corners of the 3x3x3 cube; and a reader for the published tables of
//! `data/bfs/counts.txt`.

use heurist::disk::Packed;
use heurist::{Problem, Successors};

/// A sliding-tile board: cell `c` (row by row) holds its tile in bits `4c..4c + 4`, the
/// blank being 0. Packed into `B` bytes: 6 for up to 12 cells, 8 for up to 16.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Board<const B: usize>(pub u64);

impl<const B: usize> Packed for Board<B> {
    const BYTES: usize = B;
    fn pack(&self, out: &mut [u8]) {
        out.copy_from_slice(&self.0.to_le_bytes()[..B]);
    }
    fn unpack(bytes: &[u8]) -> Self {
        let mut b = [0; 8];
        b[..B].copy_from_slice(bytes);
        Board(u64::from_le_bytes(b))
    }
}

impl<const B: usize> Board<B> {
    /// The tile in `cell` (0 for the blank).
    pub fn tile(self, cell: u32) -> u32 {
        (self.0 >> (4 * cell) & 15) as u32
    }

    /// The board with `tiles` row by row.
    pub fn from_tiles(tiles: &[u8]) -> Self {
        Board(tiles.iter().rev().fold(0, |b, &t| b << 4 | t as u64))
    }
}

/// The sliding-tile puzzle on a `width` x `height` board (at most 16 cells, and at most 12
/// for `B` = 6): a move slides a tile next to the blank into it. The goal is `goal`.
#[derive(Clone, Debug)]
pub struct Sliding<const B: usize> {
    /// Columns of the board.
    pub width: u32,
    /// Rows of the board.
    pub height: u32,
    /// The goal board.
    pub goal: Board<B>,
}

impl<const B: usize> Sliding<B> {
    /// The puzzle whose goal is the solved board: the blank top left, then 1, 2, ... row
    /// by row.
    pub fn new(width: u32, height: u32) -> Self {
        let cells = width * height;
        assert!(
            cells <= 2 * B as u32 && cells <= 16,
            "{width}x{height} in {B} bytes"
        );
        let tiles: Vec<u8> = (0..cells as u8).collect();
        Sliding {
            width,
            height,
            goal: Board::from_tiles(&tiles),
        }
    }

    /// The number of cells, blank included.
    pub fn cells(&self) -> u32 {
        self.width * self.height
    }

    /// The sum of the tiles' Manhattan distances from their cells in `goal` (the blank
    /// does not count): never more than the moves to the goal, as each move takes one
    /// tile one cell.
    pub fn manhattan(&self, board: &Board<B>) -> u32 {
        let mut home = [0u32; 16];
        for cell in 0..self.cells() {
            home[self.goal.tile(cell) as usize] = cell;
        }
        let w = self.width;
        (0..self.cells())
            .map(|cell| (cell, board.tile(cell)))
            .filter(|&(_, tile)| tile != 0)
            .map(|(cell, tile)| {
                let to = home[tile as usize];
                (cell % w).abs_diff(to % w) + (cell / w).abs_diff(to / w)
            })
            .sum()
    }

    /// The cell of the blank.
    fn blank(&self, board: Board<B>) -> u32 {
        (0..self.cells()).find(|&c| board.tile(c) == 0).unwrap_or(0)
    }
}

impl<const B: usize> Problem for Sliding<B> {
    type State = Board<B>;
    type Action = u8; // the tile moved
    type Cost = u32;

    fn is_goal(&self, board: &Board<B>) -> bool {
        *board == self.goal
    }

    fn successors(&self, &board: &Board<B>, out: &mut Successors<Board<B>, u8, u32>) {
        let blank = self.blank(board);
        let (w, col) = (self.width, blank % self.width);
        let from = [
            (blank >= w).then(|| blank - w),
            (blank + w < self.cells()).then(|| blank + w),
            (col > 0).then(|| blank - 1),
            (col + 1 < w).then(|| blank + 1),
        ];
        for cell in from.into_iter().flatten() {
            let tile = board.0 >> (4 * cell) & 15;
            // the tile moves to the blank's cell; its own cell becomes the blank
            let next = board.0 & !(15 << (4 * cell)) | tile << (4 * blank);
            out.push(tile as u8, Board(next), 1);
        }
    }
}

/// The pancake problem: flip the top `k` of `n` pancakes (k >= 2) until they are sorted.
/// One type for every `n` (from 2 to 16), so that a program that takes `n` at run time
/// compiles each search once.
#[derive(Clone, Copy, Debug)]
pub struct Pancakes {
    n: u32,
    sorted: Stack,
}

/// A stack of up to 16 pancakes: the size (0 to `n - 1`) of the `i`-th from the top in
/// bits `4i..4i + 4`. Packed into 8 bytes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Stack(pub u64);

impl Packed for Stack {
    const BYTES: usize = 8;
    fn pack(&self, out: &mut [u8]) {
        self.0.pack(out)
    }
    fn unpack(bytes: &[u8]) -> Self {
        Stack(u64::unpack(bytes))
    }
}

impl Stack {
    /// The pancakes from the top, as sizes.
    pub fn sizes(self, n: usize) -> Vec<u8> {
        (0..n).map(|i| (self.0 >> (4 * i) & 15) as u8).collect()
    }
}

impl Pancakes {
    /// The stack of `n` pancakes, `n` from 2 to 16.
    ///
    /// # Panics
    /// If `n` is outside that range.
    pub fn new(n: usize) -> Self {
        assert!((2..=16).contains(&n), "{n} pancakes: from 2 to 16");
        let sorted = (0..n as u64).fold(0, |s, i| s | i << (4 * i));
        Pancakes {
            n: n as u32,
            sorted: Stack(sorted),
        }
    }

    /// The sorted stack, smallest on top.
    pub fn sorted(&self) -> Stack {
        self.sorted
    }
}

impl Problem for Pancakes {
    type State = Stack;
    type Action = usize; // how many flipped
    type Cost = u32;

    fn is_goal(&self, stack: &Stack) -> bool {
        *stack == self.sorted
    }

    fn successors(&self, &Stack(s): &Stack, out: &mut Successors<Stack, usize, u32>) {
        // every nibble reversed: the top `k` flipped are the top `k` of this, shifted down
        let r = s.swap_bytes();
        let r = (r >> 4) & 0x0f0f_0f0f_0f0f_0f0f | (r & 0x0f0f_0f0f_0f0f_0f0f) << 4;
        for k in 2..=self.n {
            let below = match k {
                16 => 0,
                _ => s & !((1u64 << (4 * k)) - 1),
            };
            out.push(k as usize, Stack(below | r >> (64 - 4 * k)), 1);
        }
    }
}

/// The corners of a Rubik's cube: for each of the 8 corner positions (URF, UFL, ULB, UBR,
/// DFR, DLF, DBL, DRB) the corner there (3 bits) and its twist (2 bits), in bits
/// `6i..6i + 5`. Packed into 6 bytes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Corners(pub u64);

impl Packed for Corners {
    const BYTES: usize = 6;
    fn pack(&self, out: &mut [u8]) {
        out.copy_from_slice(&self.0.to_le_bytes()[..6]);
    }
    fn unpack(bytes: &[u8]) -> Self {
        let mut b = [0; 8];
        b[..6].copy_from_slice(bytes);
        Corners(u64::from_le_bytes(b))
    }
}

/// A face turn of a quarter clockwise, on the corners: the corner that comes to each
/// position, and the twist it gains (the cubie-level tables of Kociemba's two-phase
/// solver).
struct Turn {
    from: [usize; 8],
    twist: [u64; 8],
}

const U: Turn = Turn {
    from: [3, 0, 1, 2, 4, 5, 6, 7],
    twist: [0; 8],
};
const R: Turn = Turn {
    from: [4, 1, 2, 0, 7, 5, 6, 3],
    twist: [2, 0, 0, 1, 1, 0, 0, 2],
};
const F: Turn = Turn {
    from: [1, 5, 2, 3, 0, 4, 6, 7],
    twist: [1, 2, 0, 0, 2, 1, 0, 0],
};
const D: Turn = Turn {
    from: [0, 1, 2, 3, 5, 6, 7, 4],
    twist: [0; 8],
};
const L: Turn = Turn {
    from: [0, 2, 6, 3, 4, 1, 5, 7],
    twist: [0, 1, 2, 0, 0, 2, 1, 0],
};
const BACK: Turn = Turn {
    from: [0, 1, 3, 7, 4, 5, 2, 6],
    twist: [0, 0, 1, 2, 0, 0, 2, 1],
};

impl Corners {
    /// Each corner in its place, untwisted.
    pub const SOLVED: Corners = Corners({
        let mut c = 0;
        let mut i = 0;
        while i < 8 {
            c |= i << (6 * i);
            i += 1;
        }
        c
    });

    fn turn(self, t: &Turn) -> Corners {
        let mut next = 0;
        for (i, (&from, &twist)) in t.from.iter().zip(&t.twist).enumerate() {
            let cubie = self.0 >> (6 * from) & 63;
            let (corner, ori) = (cubie & 7, cubie >> 3);
            next |= (corner | ((ori + twist) % 3) << 3) << (6 * i);
        }
        Corners(next)
    }
}

/// The metric of a cube: which turns are one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Metric {
    /// A quarter or half turn of a face.
    HalfTurn,
    /// A quarter turn, either way.
    QuarterTurn,
}

/// Turning the faces of a cube, as the corners see it: the 2x2x2 cube with the DBL corner
/// held still (faces U, R, F), or the corners of the 3x3x3 cube (all six faces).
pub struct Cube {
    faces: Vec<(char, &'static Turn)>,
    metric: Metric,
}

impl Cube {
    /// The 2x2x2 cube: U, R and F turns, which leave the DBL corner in place.
    pub fn pocket(metric: Metric) -> Cube {
        Cube {
            faces: vec![('U', &U), ('R', &R), ('F', &F)],
            metric,
        }
    }

    /// The 8 corners of the 3x3x3 cube under all six faces' turns (the centres fixed).
    pub fn corners(metric: Metric) -> Cube {
        Cube {
            faces: vec![
                ('U', &U),
                ('R', &R),
                ('F', &F),
                ('D', &D),
                ('L', &L),
                ('B', &BACK),
            ],
            metric,
        }
    }
}

impl Problem for Cube {
    type State = Corners;
    type Action = (char, u8); // the face, and quarter turns clockwise
    type Cost = u32;

    fn is_goal(&self, c: &Corners) -> bool {
        *c == Corners::SOLVED
    }

    fn successors(&self, &c: &Corners, out: &mut Successors<Corners, (char, u8), u32>) {
        for &(face, turn) in &self.faces {
            let once = c.turn(turn);
            let twice = once.turn(turn);
            let thrice = twice.turn(turn);
            out.push((face, 1), once, 1);
            if self.metric == Metric::HalfTurn {
                out.push((face, 2), twice, 1);
            }
            out.push((face, 3), thrice, 1);
        }
    }
}

/// The tables of `data/bfs/counts.txt`: each title line, with the counts on the line
/// after it.
pub fn published_tables(text: &str) -> Vec<(String, Vec<u64>)> {
    let mut tables = Vec::new();
    let mut title: Option<&str> = None;
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let numbers: Option<Vec<u64>> = line.split(',').map(|n| n.trim().parse().ok()).collect();
        match (numbers, title.take()) {
            (Some(counts), Some(t)) => tables.push((t.to_string(), counts)),
            (_, _) => title = Some(line),
        }
    }
    tables
}

/// The published counts whose title starts with `name`.
pub fn published(text: &str, name: &str) -> Option<Vec<u64>> {
    published_tables(text)
        .into_iter()
        .find(|(title, _)| title.starts_with(name))
        .map(|(_, counts)| counts)
}
