//! Random boards, reproducible from a seed.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{default_side, Axis, Board, Line, DOWN, LEFT, RIGHT, TOKEN_CODES, UP};

impl Board {
    /// Random board: tiles from the original puzzle's ten codes, up to `rows/2+1` pushable rows and
    /// `cols/2+1` pushable columns (at least one line), random directions, entrance and exit
    /// on distinct border cells.
    ///
    /// The randomness comes from a [`ChaCha8Rng`] seeded with `seed`, so the board is
    /// reproducible from the seed: the same board on every platform and with every `rand`
    /// version. (Boards differ from those of version 0.1, which used its own generator.)
    pub fn generate(rows: usize, cols: usize, seed: u64) -> Board {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let n = rows * cols;
        let tiles: Vec<u8> = (0..n)
            .map(|_| *TOKEN_CODES.choose(&mut rng).unwrap())
            .collect();
        let free = *TOKEN_CODES.choose(&mut rng).unwrap();
        let mut lines = Vec::new();
        for r in 0..rows {
            if cols > 1 && rng.gen_bool(0.5) {
                let f = if rng.gen_bool(0.5) { LEFT } else { RIGHT };
                lines.push(Line::new(Axis::Row, r, f, rows, cols));
            }
        }
        for c in 0..cols {
            if rows > 1 && rng.gen_bool(0.5) {
                let f = if rng.gen_bool(0.5) { UP } else { DOWN };
                lines.push(Line::new(Axis::Col, c, f, rows, cols));
            }
        }
        if lines.is_empty() && (rows > 1 || cols > 1) {
            if rows > 1 {
                lines.push(Line::new(Axis::Col, rng.gen_range(0..cols), UP, rows, cols));
            } else {
                lines.push(Line::new(Axis::Row, 0, LEFT, rows, cols));
            }
        }
        let border: Vec<(usize, usize)> = (0..rows)
            .flat_map(|r| (0..cols).map(move |c| (r, c)))
            .filter(|&(r, c)| r == 0 || c == 0 || r + 1 == rows || c + 1 == cols)
            .collect();
        let start = *border.choose(&mut rng).unwrap();
        let mut exit = *border.choose(&mut rng).unwrap();
        if border.len() > 1 {
            while exit == start {
                exit = *border.choose(&mut rng).unwrap();
            }
        }
        Board {
            rows,
            cols,
            tiles,
            free,
            start,
            exit,
            exit_side: default_side(rows, cols, exit),
            lines,
        }
    }
}

/// The first generated board of `rows` x `cols` (seeds 0, 1, 2, ...) with at least three
/// pushable lines that breadth-first search solves within 200,000 states, in at least
/// `min_cost` moves: its seed, its optimal number of moves and the board. Benchmarks use it
/// to pick boards that are neither trivial nor out of reach.
pub fn first_solvable(rows: usize, cols: usize, min_cost: u32) -> (u64, u32, Board) {
    use super::{CostModel, Labyrinth};
    (0..)
        .find_map(|seed| {
            let board = Board::generate(rows, cols, seed);
            if board.lines.len() < 3 {
                return None;
            }
            let problem = Labyrinth {
                board: board.clone(),
                model: CostModel::Moves,
            };
            let result = heurist::Bfs::new()
                .max_states(200_000)
                .search(&problem, board.start_state());
            let cost = result.cost().filter(|&c| c >= min_cost)?;
            Some((seed, cost, board))
        })
        .expect("a solvable board among the seeds")
}
