//! The abstraction of one pattern for the generic database builder: the cells of the blank
//! and of the pattern's tiles, and the ranking of a set of cells.

use heurist::pdb::Abstraction;

use super::super::Puzzle;

/// The most pattern tiles one database may have (the abstract state is `[u8; 9]`: the
/// blank and up to 8 tiles).
pub const MAX_PATTERN: usize = 8;

/// The abstraction of one pattern: the cells of the blank and of the pattern tiles; moves
/// of pattern tiles cost 1, moves of the blank into other cells cost 0 (so databases over
/// disjoint patterns add up).
///
/// With `with_blank`, the table is indexed by the blank's cell too (`n` times larger); the
/// sum of such databases is *consistent* (a move changes one database by at most 1 and
/// leaves the others unchanged). Without it, each entry is the minimum over the blank's
/// cells: 16 times smaller on 4x4, admissible, but the sum can be inconsistent.
pub struct PatternSpace {
    with_blank: bool,
    rows: usize,
    cols: usize,
    /// Goal cells of the pattern tiles, in pattern order.
    goal_cells: Vec<u8>,
    blank_goal: u8,
}

impl PatternSpace {
    /// The abstraction of `tiles` (non-blank, at most [`MAX_PATTERN`]) in `puzzle`.
    pub fn new(puzzle: &Puzzle, tiles: &[u8], with_blank: bool) -> Self {
        assert!(!tiles.is_empty() && tiles.len() <= MAX_PATTERN && !tiles.contains(&0));
        PatternSpace {
            with_blank,
            rows: puzzle.rows,
            cols: puzzle.cols,
            goal_cells: tiles.iter().map(|&t| puzzle.goal_pos(t)).collect(),
            blank_goal: puzzle.goal_pos(0),
        }
    }

    fn k(&self) -> usize {
        self.goal_cells.len()
    }

    fn n(&self) -> u64 {
        (self.rows * self.cols) as u64
    }
}

/// Rank of distinct cells `cells` among `n` (mixed radix `n, n-1, ...`).
#[inline(always)]
pub fn rank_cells(cells: &[u8], n: u64) -> u64 {
    let mut r = 0u64;
    for (j, &p) in cells.iter().enumerate() {
        // Cells taken before `p` and below it (comparisons: no popcount instruction on the
        // baseline x86-64 target).
        let below = cells[..j].iter().filter(|&&q| q < p).count() as u64;
        r = r * (n - j as u64) + (p as u64 - below);
    }
    r
}

/// The falling factorial `n (n - 1) ... (n - k + 1)`: the number of ways to place `k`
/// distinct tiles on `n` cells.
pub fn falling(n: u64, k: usize) -> u64 {
    (0..k as u64).map(|j| n - j).product()
}

impl Abstraction for PatternSpace {
    type State = [u8; 9];

    fn len(&self) -> u64 {
        falling(self.n(), self.k() + 1)
    }

    fn rank(&self, s: &[u8; 9]) -> u64 {
        rank_cells(&s[..self.k() + 1], self.n())
    }

    fn unrank(&self, mut r: u64) -> [u8; 9] {
        let n = self.n();
        let m = self.k() + 1;
        let mut digits = [0u8; 9];
        for j in (0..m).rev() {
            let radix = n - j as u64;
            digits[j] = (r % radix) as u8;
            r /= radix;
        }
        let mut out = [0u8; 9];
        let mut used: u32 = 0;
        for j in 0..m {
            // The digits[j]-th free cell.
            let mut free = !used;
            for _ in 0..digits[j] {
                free &= free - 1;
            }
            let p = free.trailing_zeros();
            out[j] = p as u8;
            used |= 1 << p;
        }
        out
    }

    fn goals(&self, out: &mut Vec<[u8; 9]>) {
        let mut s = [0u8; 9];
        s[0] = self.blank_goal;
        s[1..=self.k()].copy_from_slice(&self.goal_cells);
        out.push(s);
    }

    fn predecessors(&self, s: &[u8; 9], out: &mut Vec<([u8; 9], u8)>) {
        let b = s[0] as usize;
        let (r, c) = (b / self.cols, b % self.cols);
        let mut targets = [usize::MAX; 4];
        if r > 0 {
            targets[0] = b - self.cols;
        }
        if r + 1 < self.rows {
            targets[1] = b + self.cols;
        }
        if c > 0 {
            targets[2] = b - 1;
        }
        if c + 1 < self.cols {
            targets[3] = b + 1;
        }
        for t in targets {
            if t == usize::MAX {
                continue;
            }
            let mut next = *s;
            next[0] = t as u8;
            match s[1..=self.k()].iter().position(|&p| p as usize == t) {
                Some(j) => {
                    next[j + 1] = b as u8;
                    out.push((next, 1));
                }
                None => out.push((next, 0)),
            }
        }
    }

    fn key_len(&self) -> u64 {
        if self.with_blank {
            self.len()
        } else {
            falling(self.n(), self.k())
        }
    }

    fn key(&self, s: &[u8; 9]) -> u64 {
        if self.with_blank {
            self.rank(s)
        } else {
            rank_cells(&s[1..=self.k()], self.n())
        }
    }
}
