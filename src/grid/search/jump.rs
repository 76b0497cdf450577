//! The expansion of a jump point: the jumps from it, over the map's bits, and the jump
//! points they find offered to the open list.

use super::open::{FlatOpen, Key, Queue};
use super::rules::{direction_bit, directions, DirectionTable, Dirs, Neighbourhood};
use super::table::Entries;
use super::{move_index, FlatNodes, Steps, CLOSED, KNOWN, OPEN, STATE, UNSEEN};
use crate::grid::map::{Lines, OFF};
use crate::grid::scan::scan_bits;
use crate::grid::{CornerCutting, GridCost};
use crate::Stats;

/// How a run moves (a const parameter of the expansion): 8-connected, no corner cutting.
pub(super) const NEVER: u8 = 0;
/// 8-connected, cutting corners ([`CornerCutting::NoSqueezing`] or
/// [`CornerCutting::Allowed`]).
pub(super) const CUT: u8 = 1;
/// 4-connected.
pub(super) const FOUR: u8 = 2;

/// The map's bits and the query, as the jumps read them. Cells are addressed by their
/// bits: cell `(x, y)` is bit [`row_bit`](MapBits::row_bit) of the rows' words and bit
/// [`col_bit`](MapBits::col_bit) of the columns' words (see [`scan_bits`]).
pub(super) struct MapBits<'b> {
    /// The rows' words, and words per row.
    rows: &'b [u64],
    row_words: usize,
    /// The columns' words, and words per column.
    cols: &'b [u64],
    col_words: usize,
    pub(super) width: u32,
    rows_of: Rows,
    corners: CornerCutting,
    pub(super) goal: (i32, i32),
    pub(super) goal_cell: u32,
    /// The goal's bit in the rows' words and in the columns'.
    goal_row_bit: usize,
    goal_col_bit: usize,
    /// The directions to jump in, looked up (8-connected grids).
    pub(super) table: Option<&'static DirectionTable>,
    /// The map's precomputed jumps, if the search was given them.
    pub(super) jumps: Option<Entries<'b>>,
}

impl<'b> MapBits<'b> {
    pub(super) fn new(
        rows: &'b Lines,
        cols: &'b Lines,
        width: u32,
        corners: CornerCutting,
        goal: (u32, u32),
        table: Option<&'static DirectionTable>,
        jumps: Option<Entries<'b>>,
    ) -> Self {
        let ((rows, row_words), (cols, col_words)) = (rows.words(), cols.words());
        let mut ctx = MapBits {
            rows,
            row_words,
            cols,
            col_words,
            width,
            rows_of: Rows::new(width),
            corners,
            goal: (goal.0 as i32, goal.1 as i32),
            goal_cell: goal.1 * width + goal.0,
            goal_row_bit: 0,
            goal_col_bit: 0,
            table,
            jumps,
        };
        ctx.goal_row_bit = ctx.row_bit(ctx.goal.0, ctx.goal.1);
        ctx.goal_col_bit = ctx.col_bit(ctx.goal.0, ctx.goal.1);
        ctx
    }

    /// The coordinates of cell index `cell`.
    #[inline(always)]
    pub(super) fn xy(&self, cell: u32) -> (i32, i32) {
        let (x, y) = self.rows_of.xy(cell);
        (x as i32, y as i32)
    }

    /// The bit of `(x, y)` in the rows' words; `x` and `y` may be one off the map.
    #[inline(always)]
    pub(super) fn row_bit(&self, x: i32, y: i32) -> usize {
        // (`x` is at least -1, so the sum is not negative)
        ((y + 1) as usize * self.row_words) * 64 + (OFF as i32 + x) as usize
    }

    /// The bit of `(x, y)` in the columns' words.
    #[inline(always)]
    fn col_bit(&self, x: i32, y: i32) -> usize {
        // (`y` is at least -1, so the sum is not negative)
        ((x + 1) as usize * self.col_words) * 64 + (OFF as i32 + y) as usize
    }

    /// Bits per row: the distance between a cell's bit and the bit of the cell below.
    #[inline(always)]
    fn row_bits(&self) -> usize {
        self.row_words * 64
    }

    /// Whether the cell of row bit `b` is passable.
    #[inline(always)]
    fn free_bit(&self, b: usize) -> bool {
        self.rows[b / 64] >> (b % 64) & 1 != 0
    }

    /// Whether `(x, y)` is passable; `x` and `y` may be one off the map.
    #[inline(always)]
    pub(super) fn free(&self, x: i32, y: i32) -> bool {
        self.free_bit(self.row_bit(x, y))
    }

    /// The 3 x 3 cells around the cell of row bit `b` as a neighbourhood mask (see
    /// [`DirectionTable`]).
    #[inline(always)]
    pub(super) fn neighbourhood(&self, b: usize) -> Neighbourhood {
        let mut n = 0;
        let mut p = b - self.row_bits() - 1;
        for r in 0..3 {
            let (k, shift) = (p / 64, p % 64);
            let pair = (u128::from(self.rows[k + 1]) << 64) | u128::from(self.rows[k]);
            n |= ((pair >> shift) as usize & 7) << (3 * r);
            p += self.row_bits();
        }
        n
    }

    /// The jump point reached from `(x, y)`, column bit `b`, moving vertically (south
    /// when `SOUTH`): its distance.
    #[inline(always)]
    fn jump_col<const SOUTH: bool, const BEHIND: bool>(&self, b: usize) -> Option<u32> {
        let at = scan_bits::<SOUTH, BEHIND>(self.cols, self.col_words, b, self.goal_col_bit)?;
        Some(at.abs_diff(b) as u32)
    }

    /// The jump point reached from row bit `b` moving horizontally (east when `EAST`) on
    /// an 8-connected grid: its distance.
    #[inline(always)]
    fn jump_row<const EAST: bool, const BEHIND: bool>(&self, b: usize) -> Option<u32> {
        let at = scan_bits::<EAST, BEHIND>(self.rows, self.row_words, b, self.goal_row_bit)?;
        Some(at.abs_diff(b) as u32)
    }

    /// The jump point reached from `(x, y)` moving horizontally by `dx` on a 4-connected
    /// grid: the first cell from which a vertical scan finds a jump point, its distance.
    fn jump_row_four(&self, x: i32, y: i32, dx: i32) -> Option<u32> {
        let mut at = x;
        loop {
            if !self.free(at + dx, y) {
                return None;
            }
            at += dx;
            let b = self.col_bit(at, y);
            if (at, y) == self.goal
                || self.jump_col::<false, true>(b).is_some()
                || self.jump_col::<true, true>(b).is_some()
            {
                return Some(at.abs_diff(x));
            }
        }
    }
}

/// Cell indices `y * width + x` taken apart: `cell / width` as a multiplication by
/// `2^64 / width` rounded up, exact for every `u32` numerator (the error, below `2^-32`,
/// is less than the distance `1 / width` from a quotient's fraction to the next whole
/// number), and cheaper than a division.
#[derive(Clone, Copy, Debug)]
struct Rows {
    width: u32,
    reciprocal: u128,
}

impl Rows {
    fn new(width: u32) -> Self {
        Rows {
            width,
            reciprocal: (1u128 << 64) / u128::from(width.max(1)) + 1,
        }
    }

    /// `(cell % width, cell / width)`.
    #[inline(always)]
    pub(super) fn xy(self, cell: u32) -> (u32, u32) {
        let y = ((u128::from(cell) * self.reciprocal) >> 64) as u32;
        (cell - y * self.width, y)
    }
}

/// What a run keeps while it searches: the map, the nodes, the open list, the costs, the
/// bound.
pub(super) struct GridSearch<'n, 'b, C, K, Q> {
    pub(super) ctx: MapBits<'b>,
    pub(super) nodes: &'n mut FlatNodes,
    pub(super) open: &'n mut FlatOpen<K, Q>,
    pub(super) straight: C,
    pub(super) diagonal: C,
    pub(super) four: bool,
    pub(super) bound: Option<C>,
    /// The least `f` cut off by the bound.
    pub(super) pruned: Option<C>,
    /// The most cells a run may store.
    pub(super) max_states: usize,
}

impl<C: GridCost, K: Key<C>, Q: Queue<K>> GridSearch<'_, '_, C, K, Q> {
    /// The neighbourhood of `cell`, whose row bit `row` gives: known from an earlier
    /// expansion on this map (this run's or an earlier run's in the workspace), or read
    /// from the map's bits and kept. (Reading three lines of bits took a tenth of A\*'s
    /// instructions per expansion.)
    #[inline(always)]
    pub(super) fn neighbourhood(
        &mut self,
        cell: u32,
        row: impl FnOnce(&MapBits<'_>) -> usize,
    ) -> Neighbourhood {
        match self.nodes.around[cell as usize] {
            0 => {
                let n = self.ctx.neighbourhood(row(&self.ctx));
                self.nodes.learn(cell, n as u16);
                n
            }
            n => usize::from(n & !KNOWN),
        }
    }

    /// The cost of `steps`.
    #[inline(always)]
    pub(super) fn cost(&self, steps: Steps) -> C {
        self.straight
            .times(steps.straight)
            .saturating_add(self.diagonal.times(steps.diagonal))
    }

    /// The estimate for `(x, y)`: the octile distance to the goal on 8-connected grids,
    /// the Manhattan one on 4-connected grids (the grid's
    /// [`heuristic`](crate::grid::Grid::heuristic)).
    #[inline(always)]
    pub(super) fn estimate(&self, x: i32, y: i32) -> Steps {
        let goal = self.ctx.goal;
        let (dx, dy) = (x.abs_diff(goal.0), y.abs_diff(goal.1));
        let (lo, hi) = if dx < dy { (dx, dy) } else { (dy, dx) };
        if self.four {
            Steps {
                straight: dx + dy,
                diagonal: 0,
            }
        } else {
            Steps {
                straight: hi - lo,
                diagonal: lo,
            }
        }
    }

    /// Offers cell `j` at `(jx, jy)`, reached from `parent` at cost `g` by a last move of
    /// index `m`: stores and queues it if that is its best way yet. `Err` when the memory
    /// bound stops the run.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(super) fn relax(
        &mut self,
        stats: &mut Stats,
        parent: u32,
        j: u32,
        jx: i32,
        jy: i32,
        g: Steps,
        m: u8,
    ) -> Result<(), ()> {
        stats.generated += 1;
        let state = self.nodes.flags[j as usize] & STATE;
        if self.known(state, j, self.cost(g)) {
            stats.duplicates += 1;
            return Ok(());
        }
        self.offer(state, Some(parent), j, jx, jy, g, m)
    }

    /// Whether cell `j`, whose state is `state`, is closed or open at a cost of at most
    /// `g`, the cost of a new way to it: a duplicate.
    #[inline(always)]
    pub(super) fn known(&self, state: u8, j: u32, g: C) -> bool {
        state == CLOSED
            || (state == OPEN && g >= self.cost(Steps::from_bits(self.nodes.g[j as usize])))
    }

    /// [`relax`](Self::relax) past the test for a duplicate: cell `j`, in state `state`
    /// (not closed), reached at cost `g` better than any before from `parent` (`None`
    /// where `j` is one step `m` away from its parent, which the flags' move then gives),
    /// stored and queued unless the cost bound cuts it off. `Err` when the memory bound
    /// stops the run.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(super) fn offer(
        &mut self,
        state: u8,
        parent: Option<u32>,
        j: u32,
        jx: i32,
        jy: i32,
        g: Steps,
        m: u8,
    ) -> Result<(), ()> {
        let ju = j as usize;
        let h = self.estimate(jx, jy);
        let f = self.cost(g.plus(h.straight, h.diagonal));
        if let Some(b) = self.bound {
            if f > b {
                self.pruned = Some(self.pruned.map_or(f, |p| p.min(f)));
                return Ok(());
            }
        }
        if state == UNSEEN {
            if self.nodes.touched.len() >= self.max_states {
                return Err(());
            }
            self.nodes.touched.push(j);
        }
        self.nodes.open(ju, g, parent, m);
        self.open.push(K::new(f, j));
        Ok(())
    }

    /// Expands `cell`, reached at cost `g` by a last move of index `m`: jumps in the
    /// directions the pruning rules leave, and offers what the jumps find. `Err` when the
    /// memory bound stops the run.
    ///
    /// On 8-connected grids a diagonal jump does not stop where its row or column scans
    /// find a jump point (Harabor and Grastien's intermediate pruning, 2014): the jump
    /// points those scans find are offered directly, with `cell` as their parent, and the
    /// diagonal goes on.
    #[inline(always)]
    pub(super) fn expand<const MODE: u8>(
        &mut self,
        stats: &mut Stats,
        cell: u32,
        g: Steps,
        m: u8,
        dirs: &mut Dirs,
    ) -> Result<(), ()> {
        let (x, y) = self.ctx.xy(cell);
        let at = Point {
            cell,
            x,
            y,
            row: self.ctx.row_bit(x, y),
            col: self.ctx.col_bit(x, y),
        };
        let set = match self.ctx.table {
            Some(table) if MODE != FOUR => table[m as usize][self.neighbourhood(cell, |_| at.row)],
            _ => {
                let (dx, dy) = (i32::from(m % 3) - 1, i32::from(m / 3) - 1);
                let free = |a: i32, b: i32| self.ctx.free(x + a, y + b);
                directions(free, MODE == FOUR, self.ctx.corners, dx, dy, dirs);
                dirs.as_slice()
                    .iter()
                    .fold(0, |set, &d| set | 1 << direction_bit(d))
            }
        };
        if let (Some(jumps), false) = (self.ctx.jumps, MODE == FOUR) {
            return self.expand_with::<MODE>(jumps, stats, at, g, set);
        }
        // The bits of `Direction::ALL`: north first, clockwise.
        if set & 1 != 0 {
            self.vertical::<MODE, false>(stats, at, g)?;
        }
        if set & 1 << 2 != 0 {
            self.horizontal::<MODE, true>(stats, at, g)?;
        }
        if set & 1 << 4 != 0 {
            self.vertical::<MODE, true>(stats, at, g)?;
        }
        if set & 1 << 6 != 0 {
            self.horizontal::<MODE, false>(stats, at, g)?;
        }
        if set & 1 << 1 != 0 {
            self.diagonal::<MODE, 1, -1>(stats, at, g)?;
        }
        if set & 1 << 3 != 0 {
            self.diagonal::<MODE, 1, 1>(stats, at, g)?;
        }
        if set & 1 << 5 != 0 {
            self.diagonal::<MODE, -1, 1>(stats, at, g)?;
        }
        if set & 1 << 7 != 0 {
            self.diagonal::<MODE, -1, -1>(stats, at, g)?;
        }
        Ok(())
    }

    /// The vertical jump from `at` (south when `SOUTH`).
    #[inline(always)]
    fn vertical<const MODE: u8, const SOUTH: bool>(
        &mut self,
        stats: &mut Stats,
        at: Point,
        g: Steps,
    ) -> Result<(), ()> {
        let found = if MODE == CUT {
            self.ctx.jump_col::<SOUTH, false>(at.col)
        } else {
            self.ctx.jump_col::<SOUTH, true>(at.col)
        };
        let Some(k) = found else { return Ok(()) };
        let (jy, j) = if SOUTH {
            (at.y + k as i32, at.cell + k * self.ctx.width)
        } else {
            (at.y - k as i32, at.cell - k * self.ctx.width)
        };
        let m = move_index(0, if SOUTH { 1 } else { -1 });
        self.relax(stats, at.cell, j, at.x, jy, g.plus(k, 0), m)
    }

    /// The horizontal jump from `at` (east when `EAST`).
    #[inline(always)]
    fn horizontal<const MODE: u8, const EAST: bool>(
        &mut self,
        stats: &mut Stats,
        at: Point,
        g: Steps,
    ) -> Result<(), ()> {
        let dx = if EAST { 1 } else { -1 };
        let found = match MODE {
            FOUR => self.ctx.jump_row_four(at.x, at.y, dx),
            CUT => self.ctx.jump_row::<EAST, false>(at.row),
            _ => self.ctx.jump_row::<EAST, true>(at.row),
        };
        let Some(k) = found else { return Ok(()) };
        let (jx, j) = if EAST {
            (at.x + k as i32, at.cell + k)
        } else {
            (at.x - k as i32, at.cell - k)
        };
        self.relax(stats, at.cell, j, jx, at.y, g.plus(k, 0), move_index(dx, 0))
    }

    /// The diagonal run from `at` by `(DX, DY)`, offering what its row and column scans
    /// find, and the cell it stops at if that is the goal or (cutting corners) a cell
    /// with a forced neighbour.
    #[inline(always)]
    fn diagonal<const MODE: u8, const DX: i32, const DY: i32>(
        &mut self,
        stats: &mut Stats,
        at: Point,
        g: Steps,
    ) -> Result<(), ()> {
        let ctx = &self.ctx;
        let line = ctx.row_bits();
        // A step's moves of the bits and the cell: (DX, DY) in rows and in columns.
        let step_row = (DY as isize * line as isize + DX as isize) as usize;
        let step_col = (DX as isize * ctx.col_words as isize * 64 + DY as isize) as usize;
        let step_cell = (DY * ctx.width as i32 + DX) as u32;
        // A row's neighbour bits beside and above or below (DX then DY).
        let side = DX as isize as usize;
        let ahead = (DY as isize * line as isize) as usize;
        let (m_row, m_col, m_diag) = (move_index(DX, 0), move_index(0, DY), move_index(DX, DY));
        let allowed = self.ctx.corners == CornerCutting::Allowed;
        let mut p = at;
        let mut n = 0;
        // Whether the cells beside the current one, the first of its row and column
        // scans, are free.
        let (mut a, mut b) = (
            ctx.free_bit(p.row.wrapping_add(side)),
            ctx.free_bit(p.row.wrapping_add(ahead)),
        );
        loop {
            let ctx = &self.ctx;
            let ok = if MODE == CUT {
                allowed || a || b
            } else {
                a && b
            };
            if !ok || !ctx.free_bit(p.row.wrapping_add(step_row)) {
                break;
            }
            p.row = p.row.wrapping_add(step_row);
            p.col = p.col.wrapping_add(step_col);
            p.cell = p.cell.wrapping_add(step_cell);
            p.x += DX;
            p.y += DY;
            n += 1;
            let gd = g.plus(0, n);
            let forced = MODE == CUT && {
                // A blocked cell behind on one side, the cell past it free.
                let (back, behind) = (p.row.wrapping_sub(side), p.row.wrapping_sub(ahead));
                (!ctx.free_bit(back) && ctx.free_bit(back.wrapping_add(ahead)))
                    || (!ctx.free_bit(behind) && ctx.free_bit(behind.wrapping_add(side)))
            };
            if p.cell == ctx.goal_cell || forced {
                // The goal, or a cell with a forced neighbour: a node of its own.
                return self.relax(stats, at.cell, p.cell, p.x, p.y, gd, m_diag);
            }
            a = ctx.free_bit(p.row.wrapping_add(side));
            b = ctx.free_bit(p.row.wrapping_add(ahead));
            // A scan whose first cell is blocked finds nothing.
            let row = match (a, DX > 0, MODE == CUT) {
                (false, _, _) => None,
                (true, true, true) => ctx.jump_row::<true, false>(p.row),
                (true, true, false) => ctx.jump_row::<true, true>(p.row),
                (true, false, true) => ctx.jump_row::<false, false>(p.row),
                (true, false, false) => ctx.jump_row::<false, true>(p.row),
            };
            let col = match (b, DY > 0, MODE == CUT) {
                (false, _, _) => None,
                (true, true, true) => ctx.jump_col::<true, false>(p.col),
                (true, true, false) => ctx.jump_col::<true, true>(p.col),
                (true, false, true) => ctx.jump_col::<false, false>(p.col),
                (true, false, false) => ctx.jump_col::<false, true>(p.col),
            };
            if let Some(k) = row {
                let (jx, j) = if DX > 0 {
                    (p.x + k as i32, p.cell + k)
                } else {
                    (p.x - k as i32, p.cell - k)
                };
                self.relax(stats, at.cell, j, jx, p.y, gd.plus(k, 0), m_row)?;
            }
            if let Some(k) = col {
                let width = self.ctx.width;
                let (jy, j) = if DY > 0 {
                    (p.y + k as i32, p.cell + k * width)
                } else {
                    (p.y - k as i32, p.cell - k * width)
                };
                self.relax(stats, at.cell, j, p.x, jy, gd.plus(k, 0), m_col)?;
            }
        }
        Ok(())
    }
}

/// A cell as the jumps address it: index, coordinates, bits in the rows and columns.
#[derive(Clone, Copy)]
pub(super) struct Point {
    pub(super) cell: u32,
    pub(super) x: i32,
    pub(super) y: i32,
    row: usize,
    col: usize,
}

#[cfg(test)]
mod tests {
    use super::Rows;

    #[test]
    fn rows_divide_exactly() {
        let mut state = 0x853c_49e6_748f_ea9bu64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut widths = vec![1, 2, 3, 7, 64, 512, 513, 1000, 65_535, 65_536, u32::MAX];
        widths.extend((0..200).map(|_| (next() % u64::from(u32::MAX)) as u32 + 1));
        for width in widths {
            let rows = Rows::new(width);
            let mut cells = vec![0, 1, width - 1, width, u32::MAX, u32::MAX - 1];
            cells.extend((0..200).map(|_| next() as u32));
            // the cells next to multiples of the width, where a quotient changes
            cells.extend((1..50u64).flat_map(|k| {
                let m = (k * u64::from(width)).min(u64::from(u32::MAX)) as u32;
                [m - 1, m, m.saturating_add(1)]
            }));
            for cell in cells {
                assert_eq!(
                    rows.xy(cell),
                    (cell % width, cell / width),
                    "{cell} / {width}"
                );
            }
        }
    }
}
