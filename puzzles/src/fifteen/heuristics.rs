//! Four heuristics: misplaced tiles, Manhattan distance, Manhattan plus linear conflicts
//! (each with an incremental update); the pattern databases are in [`super::pdb`].

use heurist::Heuristic;

use super::{Move, Puzzle, Tiles};

/// Number of tiles (not the blank) off their goal cell — the original puzzle's heuristic.
pub struct Misplaced<'a>(pub &'a Puzzle);

impl Heuristic<Puzzle> for Misplaced<'_> {
    fn estimate(&self, s: &Tiles) -> u32 {
        let p = self.0;
        let diff = s ^ p.goal;
        (0..p.cells())
            .filter(|&c| p.tile_at(diff, c) != 0 && p.tile_at(*s, c) != 0)
            .count() as u32
    }

    #[inline]
    fn estimate_child(&self, _: &Tiles, parent_h: u32, m: &Move, _: &Tiles) -> u32 {
        let g = self.0.goal_pos[m.tile as usize];
        parent_h + (g == m.from) as u32 - (g == m.to) as u32
    }
}

/// Sum of the Manhattan distances of the tiles to their goal cells; incremental update.
pub struct Manhattan<'a>(pub &'a Puzzle);

impl Heuristic<Puzzle> for Manhattan<'_> {
    fn estimate(&self, s: &Tiles) -> u32 {
        let p = self.0;
        (0..p.cells())
            .map(|c| p.md(p.tile_at(*s, c), c as u8) as u32)
            .sum()
    }

    #[inline(always)]
    fn estimate_child(&self, _: &Tiles, parent_h: u32, m: &Move, _: &Tiles) -> u32 {
        let p = self.0;
        parent_h + p.md(m.tile, m.to) as u32 - p.md(m.tile, m.from) as u32
    }
}

/// Manhattan distance plus linear conflicts: in each row (column), the tiles whose goal is in
/// that row (column) but whose order is reversed need extra moves; for a line with `k` such
/// tiles of which at most `l` are in goal order (longest increasing subsequence), `2·(k−l)`
/// moves are added. Admissible and consistent; the update recomputes only the two lines a
/// move changes.
pub struct LinearConflict<'a>(pub &'a Puzzle);

impl LinearConflict<'_> {
    /// The conflict penalty of row `r`.
    fn row(&self, s: Tiles, r: usize) -> u32 {
        let p = self.0;
        let mut keys = [0u8; 16];
        let mut k = 0;
        for c in 0..p.cols {
            let t = p.tile_at(s, r * p.cols + c);
            if t != 0 && p.goal_pos[t as usize] as usize / p.cols == r {
                keys[k] = p.goal_pos[t as usize] % p.cols as u8;
                k += 1;
            }
        }
        2 * (k - lis(&keys[..k])) as u32
    }

    /// The conflict penalty of column `c`.
    fn col(&self, s: Tiles, c: usize) -> u32 {
        let p = self.0;
        let mut keys = [0u8; 16];
        let mut k = 0;
        for r in 0..p.rows {
            let t = p.tile_at(s, r * p.cols + c);
            if t != 0 && p.goal_pos[t as usize] as usize % p.cols == c {
                keys[k] = p.goal_pos[t as usize] / p.cols as u8;
                k += 1;
            }
        }
        2 * (k - lis(&keys[..k])) as u32
    }

    /// The total conflict penalty (without the Manhattan part).
    pub fn conflicts(&self, s: Tiles) -> u32 {
        (0..self.0.rows).map(|r| self.row(s, r)).sum::<u32>()
            + (0..self.0.cols).map(|c| self.col(s, c)).sum::<u32>()
    }
}

/// Length of the longest strictly increasing subsequence of a short slice.
#[inline]
fn lis(keys: &[u8]) -> usize {
    let mut best = [0usize; 16];
    let mut overall = 0;
    for i in 0..keys.len() {
        let mut b = 1;
        for j in 0..i {
            if keys[j] < keys[i] && best[j] + 1 > b {
                b = best[j] + 1;
            }
        }
        best[i] = b;
        overall = overall.max(b);
    }
    overall
}

impl Heuristic<Puzzle> for LinearConflict<'_> {
    fn estimate(&self, s: &Tiles) -> u32 {
        Manhattan(self.0).estimate(s) + self.conflicts(*s)
    }

    #[inline]
    fn estimate_child(&self, parent: &Tiles, parent_h: u32, m: &Move, child: &Tiles) -> u32 {
        let p = self.0;
        let h = parent_h + p.md(m.tile, m.to) as u32 - p.md(m.tile, m.from) as u32;
        let (from, to) = (m.from as usize, m.to as usize);
        if from / p.cols == to / p.cols {
            // Horizontal: the tile changes column.
            let (a, b) = (from % p.cols, to % p.cols);
            h + self.col(*child, a) + self.col(*child, b)
                - self.col(*parent, a)
                - self.col(*parent, b)
        } else {
            let (a, b) = (from / p.cols, to / p.cols);
            h + self.row(*child, a) + self.row(*child, b)
                - self.row(*parent, a)
                - self.row(*parent, b)
        }
    }
}
