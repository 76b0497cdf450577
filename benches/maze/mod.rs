//! The grid maze of the `algorithms` and `bidirectional` benchmarks: 1000x1000, 4-connected,
//! unit cost, random walls, start and goal in opposite corners.

use heurist::{Problem, Successors};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A grid maze; a state is the cell index `row * width + col`.
pub struct Maze {
    pub width: u32,
    pub height: u32,
    pub wall: Vec<bool>,
    pub goal: u32,
}

impl Maze {
    /// A `width` x `height` maze with about `density` walls, start at the top-left corner,
    /// goal at the bottom-right one, connected by a carved random monotone corridor.
    pub fn random(width: u32, height: u32, density: f64, seed: u64) -> Maze {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut wall: Vec<bool> = (0..width * height).map(|_| rng.gen_bool(density)).collect();
        let (mut r, mut c) = (0, 0);
        wall[0] = false;
        while (r, c) != (height - 1, width - 1) {
            if c == width - 1 || (r < height - 1 && rng.gen_bool(0.5)) {
                r += 1;
            } else {
                c += 1;
            }
            wall[(r * width + c) as usize] = false;
        }
        Maze {
            width,
            height,
            wall,
            goal: width * height - 1,
        }
    }

    /// The free cells next to `s`, each with step cost 1.
    #[inline]
    pub fn neighbours(&self, s: u32) -> impl Iterator<Item = (u32, u32)> + '_ {
        let (w, h) = (self.width, self.height);
        let (r, c) = (s / w, s % w);
        [
            (r > 0).then(|| s - w),
            (r + 1 < h).then(|| s + w),
            (c > 0).then(|| s - 1),
            (c + 1 < w).then(|| s + 1),
        ]
        .into_iter()
        .flatten()
        .filter(|&n| !self.wall[n as usize])
        .map(|n| (n, 1))
    }

    /// Manhattan distance to the goal.
    #[inline]
    pub fn manhattan(&self, s: u32) -> u32 {
        let w = self.width;
        (s / w).abs_diff(self.goal / w) + (s % w).abs_diff(self.goal % w)
    }
}

impl Problem for Maze {
    type State = u32;
    type Action = ();
    type Cost = u32;

    #[inline]
    fn is_goal(&self, s: &u32) -> bool {
        *s == self.goal
    }

    #[inline]
    fn successors(&self, s: &u32, out: &mut Successors<u32, (), u32>) {
        for (n, c) in self.neighbours(*s) {
            out.push((), n, c);
        }
    }
}
