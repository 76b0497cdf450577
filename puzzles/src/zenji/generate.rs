//! Random maps with a flow under both rule sets.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{opposite, rotate, Grid, BLOCKED, DRAIN, E, INLET, N, OUTLET, S, SOURCE, W};

/// A random map of `rows x cols` with a flow under both rule sets: a random monotone
/// (right/down) path whose tiles get an inlet and an outlet in the right places, then a random
/// turn; all other doors random.
///
/// The randomness comes from a [`ChaCha8Rng`] seeded with `seed`, so the map is reproducible
/// from the seed: the same map on every platform and with every `rand` version. (Maps differ
/// from those of version 0.1, which used `rand`'s `StdRng`.)
pub fn generate(rows: usize, cols: usize, seed: u64) -> Grid {
    assert!(rows * cols >= 2 && rows * cols <= Grid::MAX_CELLS);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let door = |rng: &mut ChaCha8Rng| -> u8 {
        match rng.gen_range(0..10) {
            0..=1 => BLOCKED,
            2..=5 => INLET,
            _ => OUTLET,
        }
    };
    let mut tiles: Vec<[u8; 4]> = (0..rows * cols)
        .map(|_| {
            [
                door(&mut rng),
                door(&mut rng),
                door(&mut rng),
                door(&mut rng),
            ]
        })
        .collect();
    // The monotone path: a shuffle of (rows-1) S and (cols-1) E moves.
    let mut moves: Vec<usize> = [vec![S; rows - 1], vec![E; cols - 1]].concat();
    moves.shuffle(&mut rng);
    let grid_shape = Grid {
        rows,
        cols,
        tiles: vec![[0; 4]; rows * cols],
    };
    let mut cell = 0;
    let mut entry = None;
    for &m in &moves {
        let mut t = tiles[cell];
        if let Some(e) = entry {
            t[e] = INLET;
        }
        t[m] = OUTLET;
        tiles[cell] = if cell == 0 {
            t
        } else {
            rotate(t, rng.gen_range(0..4))
        };
        entry = Some(opposite(m));
        cell = grid_shape
            .neighbour(cell, m)
            .expect("path stays on the grid");
    }
    // Source: doors N and W are the source, E and S outlets or blocked (the path's first
    // move is an outlet).
    let src = &mut tiles[0];
    src[N] = SOURCE;
    src[W] = SOURCE;
    for s in [E, S] {
        if src[s] != OUTLET {
            src[s] = if rng.gen_bool(0.5) { OUTLET } else { BLOCKED };
        }
    }
    let d = tiles.len() - 1;
    let last = entry.expect("at least one move");
    let dr = &mut tiles[d];
    dr[S] = DRAIN;
    dr[E] = DRAIN;
    for s in [N, W] {
        dr[s] = if s == last || rng.gen_bool(0.5) {
            INLET
        } else {
            BLOCKED
        };
    }
    Grid { rows, cols, tiles }
}
