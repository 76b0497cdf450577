//! Additive pattern databases for the 8-puzzle, against the Manhattan distance.
//!
//! A pattern database stores, for every placement of a few tiles (the *pattern*), the
//! exact number of moves of those tiles needed to bring them home, the other tiles being
//! ignored. Built once by a backwards breadth-first search, it is then a table lookup. Two
//! databases over disjoint patterns may be added: each real move moves one tile, so it is
//! counted by one database at most, and the sum never overestimates.
//!
//! ```text
//! cargo run --example pattern_database
//! ```

use heurist::pdb::{Abstraction, Additive, Builder, UNREACHED};
use heurist::{AStar, Problem, Successors};

/// A board: `cells[c]` is the tile in cell `c` (row by row), 0 the blank. The goal is the
/// blank top left, then 1 to 8: tile `t` belongs in cell `t`.
type Board = [u8; 9];

/// One of the two hardest 8-puzzle positions: 31 moves from the goal.
const START: Board = [8, 0, 6, 5, 4, 7, 2, 3, 1];

/// The cells next to `cell`.
fn neighbours(cell: u8) -> impl Iterator<Item = u8> {
    let (r, c) = (cell / 3, cell % 3);
    [(r > 0, -3), (r < 2, 3), (c > 0, -1), (c < 2, 1)]
        .into_iter()
        .filter(|&(ok, _)| ok)
        .map(move |(_, d)| (cell as i8 + d) as u8)
}

struct EightPuzzle;

impl Problem for EightPuzzle {
    type State = Board;
    type Action = u8; // the tile that slides into the blank
    type Cost = u32;

    fn is_goal(&self, b: &Board) -> bool {
        *b == [0, 1, 2, 3, 4, 5, 6, 7, 8]
    }

    fn successors(&self, b: &Board, out: &mut Successors<Board, u8, u32>) {
        let blank = b.iter().position(|&t| t == 0).unwrap() as u8;
        for from in neighbours(blank) {
            let mut next = *b;
            next.swap(blank as usize, from as usize);
            out.push(b[from as usize], next, 1);
        }
    }
}

/// The abstract puzzle of one pattern: only the blank and the pattern's four tiles are
/// told apart. A state is `[blank, cell of tiles[0], ..., cell of tiles[3]]`.
struct Pattern {
    tiles: [u8; 4],
}

impl Abstraction for Pattern {
    type State = [u8; 5];

    // The perfect hash may leave holes: here each of the 5 cells is a base-9 digit, so
    // 9^5 ranks for the 9*8*7*6*5 = 15120 real states. Holes only cost a byte each.
    fn len(&self) -> u64 {
        9u64.pow(5)
    }
    fn rank(&self, s: &[u8; 5]) -> u64 {
        s.iter().fold(0, |r, &cell| r * 9 + cell as u64)
    }
    fn unrank(&self, mut r: u64) -> [u8; 5] {
        let mut s = [0; 5];
        for cell in s.iter_mut().rev() {
            (*cell, r) = ((r % 9) as u8, r / 9);
        }
        s
    }
    fn goals(&self, out: &mut Vec<[u8; 5]>) {
        let [a, b, c, d] = self.tiles; // at home, the blank in cell 0
        out.push([0, a, b, c, d]);
    }
    // Moves are reversible at the same cost, so the predecessors are the successors. A
    // move of a pattern tile costs 1; a move of any other tile only moves the blank, free.
    fn predecessors(&self, s: &[u8; 5], out: &mut Vec<([u8; 5], u8)>) {
        for cell in neighbours(s[0]) {
            let mut p = *s;
            p[0] = cell;
            let tile = s[1..].iter().position(|&at| at == cell);
            if let Some(i) = tile {
                p[1 + i] = s[0]; // the pattern tile slides into the blank
            }
            out.push((p, tile.is_some() as u8));
        }
    }
    // Store one entry per placement of the four tiles, wherever the blank is: the builder
    // keeps the minimum over the blank's cells. 9^4 = 6561 bytes instead of 59049.
    fn key_len(&self) -> u64 {
        9u64.pow(4)
    }
    fn key(&self, s: &[u8; 5]) -> u64 {
        self.rank(s) % self.key_len()
    }
}

impl Pattern {
    /// The key of a real board: where this pattern's tiles are.
    fn key_of(&self, b: &Board) -> u64 {
        let mut cell_of = [0u8; 9];
        for (cell, &t) in b.iter().enumerate() {
            cell_of[t as usize] = cell as u8;
        }
        let cells = self.tiles.map(|t| cell_of[t as usize]);
        cells.iter().fold(0, |k, &cell| k * 9 + cell as u64)
    }
}

/// The Manhattan distance, for comparison: each tile's rows plus columns from home.
fn manhattan(b: &Board) -> u32 {
    let dist = |t: usize, c: usize| (t / 3).abs_diff(c / 3) + (t % 3).abs_diff(c % 3);
    (0..9)
        .filter(|&c| b[c] != 0)
        .map(|c| dist(b[c] as usize, c) as u32)
        .sum()
}

fn main() {
    // A 4-4 split: tiles 1-4 (the upper half of the board) and 5-8 (the lower half).
    let patterns = [[1, 2, 3, 4], [5, 6, 7, 8]].map(|tiles| Pattern { tiles });
    let mut databases = Vec::new();
    for p in &patterns {
        // The progress callback runs after each layer of the backwards search.
        let mut reached = 0;
        let db = Builder::new(p)
            .on_progress(|l| reached = l.reached)
            .build()
            .expect("a small table, within the default limits");
        let placements = db.table().iter().filter(|&&d| d != UNREACHED).count();
        println!(
            "tiles {:?}: {reached} of {} ranks reached",
            p.tiles,
            p.len()
        );
        println!(
            "  table: {} entries ({placements} placements), max {}, mean {:.2}",
            db.len(),
            db.max(),
            db.mean()
        );
        databases.push(db);
    }
    // `key(i, board)` tells the sum where to look in database `i`.
    let pdb = Additive::new(databases, |i, b: &Board| patterns[i].key_of(b));

    println!(
        "\nstart {START:?}: Manhattan {}, pattern databases {}",
        manhattan(&START),
        pdb.value(&START)
    );
    // A closure heuristic can go to the quick function; a `Heuristic` type such as
    // `Additive` goes through the configuration. (`&pdb` is a heuristic too.)
    let with_manhattan = heurist::astar(&EightPuzzle, START, manhattan);
    let with_pdb = AStar::new().search(&EightPuzzle, START, &pdb);
    // Both are admissible, so both find an optimal solution; the better informed one
    // expands fewer states to prove it.
    assert_eq!(with_manhattan.cost(), with_pdb.cost());
    for (name, r) in [("Manhattan", &with_manhattan), ("pattern db", &with_pdb)] {
        println!(
            "A* + {name:<10}: {} moves, {}",
            r.cost().unwrap_or(0),
            r.stats
        );
    }

    // Each database counts at least the Manhattan distance of its own tiles (a tile must
    // still cross every row and column), so the sum is never below Manhattan.
    let solution = with_pdb.solution().expect("the 8-puzzle start is solvable");
    assert!(solution.states().all(|b| pdb.value(b) >= manhattan(b)));
    let tiles: Vec<String> = solution.actions().map(u8::to_string).collect();
    println!("\ntiles to slide: {}", tiles.join(" "));
}
