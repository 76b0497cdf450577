//! The 15-puzzle with IDA* and an incremental Manhattan-distance heuristic.
//!
//! IDA* keeps only the current path in memory, so it can run for hundreds of millions of
//! nodes; what it spends its time on is generating children and estimating them. A
//! heuristic that implements `Heuristic::estimate_child` can update the parent's estimate
//! instead of recomputing it: one move changes the distance of one tile only.
//!
//! ```text
//! cargo run --example sliding_tiles
//! ```

use std::fmt;
use std::time::{Duration, Instant};

use heurist::{CycleCheck, Heuristic, IdaStar, Problem, Successors};

/// Korf's instance 79 of his 100 random instances (1985), optimal length 42 (a 15-puzzle
/// instance takes 52.5 moves on average; this is one of the easiest). Tiles row by row,
/// 0 = blank.
const KORF_79: [u8; 16] = [0, 1, 9, 7, 11, 13, 5, 3, 14, 12, 4, 2, 8, 6, 10, 15];
const KNOWN_OPTIMUM: u32 = 42;

/// A board: cell `c` (row by row) holds its tile in bits `4c..4c+4`; the blank's cell is
/// kept beside it so that finding the moves takes no search. Small and `Copy`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Board {
    tiles: u64,
    blank: u8,
}

impl Board {
    fn new(cells: [u8; 16]) -> Board {
        let tiles = cells
            .iter()
            .enumerate()
            .fold(0, |acc, (c, &t)| acc | (t as u64) << (4 * c));
        let blank = cells.iter().position(|&t| t == 0).unwrap() as u8;
        Board { tiles, blank }
    }

    fn tile(&self, cell: u8) -> u8 {
        (self.tiles >> (4 * cell) & 15) as u8
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for cell in 0..16 {
            match self.tile(cell) {
                0 => write!(f, "  .")?,
                t => write!(f, "{t:>3}")?,
            }
            if cell % 4 == 3 {
                writeln!(f)?;
            }
        }
        Ok(())
    }
}

/// A move: `tile` slides from cell `from` into the blank at cell `to`.
#[derive(Clone, Copy)]
struct Move {
    tile: u8,
    from: u8,
    to: u8,
}

/// The goal is the blank top left, then 1 to 15 row by row: tile `t` belongs in cell `t`.
struct Fifteen;

impl Problem for Fifteen {
    type State = Board;
    type Action = Move;
    type Cost = u32;

    fn is_goal(&self, b: &Board) -> bool {
        b.tiles == 0xFEDC_BA98_7654_3210
    }

    fn successors(&self, b: &Board, out: &mut Successors<Board, Move, u32>) {
        let (row, col) = (b.blank / 4, b.blank % 4);
        let neighbours = [
            (row > 0).then(|| b.blank - 4),
            (row < 3).then(|| b.blank + 4),
            (col > 0).then(|| b.blank - 1),
            (col < 3).then(|| b.blank + 1),
        ];
        for from in neighbours.into_iter().flatten() {
            let tile = b.tile(from);
            // Take the tile out of `from` and put it where the blank (0) was.
            let tiles = b.tiles & !(15 << (4 * from)) | (tile as u64) << (4 * b.blank);
            let to = b.blank;
            out.push(Move { tile, from, to }, Board { tiles, blank: from }, 1);
        }
    }
}

/// Manhattan distance: for each tile, the rows plus columns between its cell and its goal
/// cell. Admissible: a move shifts one tile by one cell. `dist[t][c]` is tile `t`'s
/// distance from cell `c` (0 for the blank, which is not counted).
struct Manhattan {
    dist: [[u32; 16]; 16],
}

impl Manhattan {
    fn new() -> Manhattan {
        let mut dist = [[0; 16]; 16];
        for (t, row) in dist.iter_mut().enumerate().skip(1) {
            for (c, d) in row.iter_mut().enumerate() {
                *d = ((t / 4).abs_diff(c / 4) + (t % 4).abs_diff(c % 4)) as u32;
            }
        }
        Manhattan { dist }
    }
}

impl Heuristic<Fifteen> for Manhattan {
    /// The full computation: 16 table lookups. Used for the start state (and to check).
    fn estimate(&self, b: &Board) -> u32 {
        (0..16)
            .map(|c| self.dist[b.tile(c) as usize][c as usize])
            .sum()
    }

    /// The update: only the tile that moved changed its distance, by exactly one. Two
    /// lookups instead of sixteen, for every node IDA* generates.
    fn estimate_child(&self, _parent: &Board, parent_h: u32, m: &Move, child: &Board) -> u32 {
        let d = &self.dist[m.tile as usize];
        let h = parent_h + d[m.to as usize] - d[m.from as usize];
        // `estimate_child` must agree with `estimate`; debug builds check every time.
        debug_assert_eq!(h, self.estimate(child));
        h
    }
}

fn main() {
    let start = Board::new(KORF_79);
    let h = Manhattan::new();
    println!(
        "Korf #79, Manhattan distance {}:\n{start}",
        h.estimate(&start)
    );

    // IDA* runs depth-first searches bounded by f = g + h, raising the bound each time.
    // `CycleCheck::Parent` skips only the move straight back, which is cheap. The default,
    // `Path`, also compares each child with every state on the path: it guarantees that the
    // search ends on a finite space with no solution, but this instance has one, and the
    // longer cycles of a sliding puzzle only cost some duplicated work.
    let ida = IdaStar::new().cycle_check(CycleCheck::Parent);
    // A heuristic is passed by value; `Manhattan` is a small table, so make one per search.
    let result = ida.search(&Fifteen, start, Manhattan::new());
    let solution = result.solution().expect("Korf #79 is solvable");
    // IDA* with an admissible heuristic is optimal: check against the published length.
    assert_eq!(solution.cost, KNOWN_OPTIMUM);

    println!(
        "solved optimally in {} moves, ending in\n{}",
        solution.cost,
        solution.goal()
    );
    // A move is written as the tile that slides into the blank.
    let tiles: Vec<String> = solution.actions().map(|m| m.tile.to_string()).collect();
    println!("tiles to slide: {}", tiles.join(" "));
    println!("stats: {}", result.stats);
    // Each move changes the Manhattan distance by one, so f rises in steps of 2.
    println!(
        "thresholds {} to {KNOWN_OPTIMUM} in steps of 2: {} iterations\n",
        h.estimate(&start),
        result.stats.iterations
    );

    // The same search with a closure: `estimate` only, recomputed for every child. Same
    // values, so the same tree; only the time differs. Alternate the two and keep each
    // one's best time (timings on a busy machine vary). A debug build recomputes anyway,
    // in the `debug_assert_eq!`: time this in release.
    let runs = if cfg!(debug_assertions) { 1 } else { 5 };
    let (mut incremental, mut recomputed) = (Duration::MAX, Duration::MAX);
    for _ in 0..runs {
        let t = Instant::now();
        let with = ida.search(&Fifteen, start, Manhattan::new());
        incremental = incremental.min(t.elapsed());
        let t = Instant::now();
        let without = ida.search(&Fifteen, start, |b: &Board| h.estimate(b));
        recomputed = recomputed.min(t.elapsed());
        assert_eq!(with.stats.expanded, without.stats.expanded);
    }
    println!("{} nodes each, best time of {runs}:", result.stats.expanded);
    println!("  incremental {incremental:.2?}, recomputed {recomputed:.2?}");
    if cfg!(debug_assertions) {
        println!("  (a debug build: estimate_child recomputes to check; time it in release)");
    }
}
