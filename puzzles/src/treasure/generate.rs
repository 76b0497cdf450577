//! Random grids with a unique solution.

use heurist::{Dfs, StopReason};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{Grid, Treasure};

/// Clue values of every non-coin cell for the coin layout `coin`.
fn all_clues(rows: usize, cols: usize, coin: &[bool]) -> Grid {
    let mut g = Grid {
        rows,
        cols,
        cells: vec![None; rows * cols],
    };
    for r in 0..rows {
        for c in 0..cols {
            if !coin[r * cols + c] {
                let n = g
                    .neighbours(r, c)
                    .filter(|&(a, b)| coin[a * cols + b])
                    .count();
                g.cells[r * cols + c] = Some(n as u8);
            }
        }
    }
    g
}

/// A generated grid ([`generate_within`]).
#[derive(Clone, Debug)]
pub struct Generated {
    /// The grid: its solution is unique.
    pub grid: Grid,
    /// That solution.
    pub coins: Vec<(usize, usize)>,
    /// If a limit (deadline, cancellation, memory) stopped a uniqueness check, the
    /// generator gave up removing clues there: the grid is still unique but keeps more
    /// clues than it would have. `None` when it ran to the end.
    pub stopped: Option<StopReason>,
}

/// A random `rows x cols` grid with exactly one solution (verified by counting), from
/// `seed`, with no limits: [`generate_within`] with [`Dfs::new`].
pub fn generate(
    rows: usize,
    cols: usize,
    seed: u64,
    coin_density: f64,
    keep: f64,
) -> (Grid, Vec<(usize, usize)>) {
    let g = generate_within(rows, cols, seed, coin_density, keep, &Dfs::new());
    (g.grid, g.coins)
}

/// A random `rows x cols` grid with exactly one solution (verified by counting), from
/// `seed`. Coins are scattered with density `coin_density`; every non-coin cell starts as a
/// clue (a unique puzzle), then clues are removed in random order as long as the solution
/// stays unique and at least `keep` of the cells stay clues. Each uniqueness check is a
/// count ([`Treasure::count_solutions`]) under the limits of `config`; pass a deadline there
/// (not a time limit, which would restart with every check) to bound the whole run. When a
/// limit stops a check, the generator gives up removing clues and says so in
/// [`Generated::stopped`].
///
/// The randomness comes from a [`ChaCha8Rng`] seeded with `seed`, so the output is
/// reproducible from the seed: the same grid on every platform and with every `rand`
/// version. (Grids differ from those of version 0.1, which used its own generator.)
pub fn generate_within(
    rows: usize,
    cols: usize,
    seed: u64,
    coin_density: f64,
    keep: f64,
    config: &Dfs<'_, u32>,
) -> Generated {
    assert!(rows > 0 && cols > 0);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut coin: Vec<bool> = (0..rows * cols)
        .map(|_| rng.gen_bool(coin_density))
        .collect();
    // A coin needs a non-coin neighbour to be seen by a clue.
    let probe = Grid {
        rows,
        cols,
        cells: vec![None; rows * cols],
    };
    for r in 0..rows {
        for c in 0..cols {
            if coin[r * cols + c] && probe.neighbours(r, c).all(|(a, b)| coin[a * cols + b]) {
                coin[r * cols + c] = false;
            }
        }
    }
    let mut grid = all_clues(rows, cols, &coin);
    let mut order: Vec<usize> = (0..rows * cols).filter(|&i| !coin[i]).collect();
    order.shuffle(&mut rng);
    let min_clues = (keep * (rows * cols) as f64).ceil() as usize;
    let mut clues = order.len();
    let mut stopped = None;
    for &cell in &order {
        if clues <= min_clues {
            break;
        }
        let (r, c) = (cell / cols, cell % cols);
        let old = grid.cells[cell];
        grid.cells[cell] = None;
        // Every coin next to this cell must still see some clue.
        let coins_seen = grid.neighbours(r, c).all(|(a, b)| {
            !coin[a * cols + b]
                || grid
                    .neighbours(a, b)
                    .any(|(x, y)| grid.clue(x, y).is_some())
        });
        if !coins_seen {
            grid.cells[cell] = old;
            continue;
        }
        let count = Treasure::new(grid.clone()).count_solutions(Some(2), config);
        if count.stopped.is_some() && count.solutions < 2 {
            // Unknown whether the solution is still unique: keep the clue and stop here.
            grid.cells[cell] = old;
            stopped = count.stopped;
            break;
        }
        if count.solutions == 1 {
            clues -= 1;
        } else {
            grid.cells[cell] = old;
        }
    }
    let solution: Vec<(usize, usize)> = (0..rows * cols)
        .filter(|&i| coin[i])
        .map(|i| (i / cols, i % cols))
        .collect();
    Generated {
        grid,
        coins: solution,
        stopped,
    }
}
