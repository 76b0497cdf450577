//! Precomputed jumps (JPS+, after Harabor and Grastien, "Improving Jump Point Search",
//! 2014): for every cell and direction, how far the jump from it goes, so that a search
//! reads one entry where it would scan a line or step along a diagonal.

use std::fmt;

use super::jump::{GridSearch, Point, CUT};
use super::open::{Key, Queue};
use super::{move_index, Steps};
use crate::grid::{CornerCutting, GridCost, GridError, GridMap, Map};
use crate::Stats;

/// The flag bit of an entry: the jump stops at a jump point (straight tables), or at a
/// cell from which a straight jump finds one (diagonal tables).
const FLAG: u16 = 0x8000;
/// The distance bits of an entry.
const DIST: u16 = 0x7FFF;
/// The distance of an entry whose jump goes [`CONT_STEP`] cells or more without stopping:
/// the jump goes on from the cell [`CONT_STEP`] ahead, whose own entry says the rest.
const CONT: u16 = DIST;
const CONT_STEP: u32 = DIST as u32 - 1;

/// The straight directions of the tables, by index: north, east, south, west.
const STRAIGHT: [(i32, i32); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];
/// The diagonal directions of the tables, by index: north-east, south-east, south-west,
/// north-west.
const DIAGONAL: [(i32, i32); 4] = [(1, -1), (1, 1), (-1, 1), (-1, -1)];

/// The index of a straight direction in [`STRAIGHT`].
const fn straight_index(dx: i32, dy: i32) -> usize {
    match (dx, dy) {
        (0, -1) => 0,
        (1, 0) => 1,
        (0, 1) => 2,
        _ => 3,
    }
}

/// The index of a diagonal direction in [`DIAGONAL`].
const fn diagonal_index(dx: i32, dy: i32) -> usize {
    match (dx, dy) {
        (1, -1) => 0,
        (1, 1) => 1,
        (-1, 1) => 2,
        _ => 3,
    }
}

/// The jumps of jump point search on one map, computed once for all queries on it (JPS+):
/// for every cell and each of the eight directions, how many cells the jump from it goes
/// before it stops and whether it stops at a jump point or at an obstacle. The jump points
/// of a map do not depend on the goal, so a search needs only to check where the goal
/// lies on a line; [`Jps::search_with_table`](crate::grid::Jps::search_with_table) then
/// reads an entry where [`jps`](crate::grid::jps) scans the map's bits, and skips the cells
/// of a diagonal from which nothing is found.
///
/// The table is for 8-connected grids under one [`CornerCutting`] rule and borrows its
/// map, which therefore cannot change while the table lives. It takes 16 bytes a cell (4
/// MiB for a 512 x 512 map) and time linear in the map's size to build (tens of
/// milliseconds for 512 x 512); the build keeps within a memory budget, 2 GiB unless told
/// otherwise.
///
/// It pays where jumps are long: on the Moving AI room maps and wide mazes a query takes a
/// third to two thirds of the scanning search's time. Where obstacles are dense, a scan
/// over the map's 64-bit words costs as little as one entry and the entries, unlike the
/// bits, do not stay in the processor's cache: there the scanning search is as fast or
/// faster, and needs no table.
///
/// # Examples
///
/// ```
/// use heurist::grid::{Cell, CornerCutting, Grid, GridMap, GridWorkspace, Jps, JumpTable};
///
/// let map = GridMap::from_fn(64, 64, |x, y| (x * 7 + y * 3) % 11 != 0);
/// let table = JumpTable::new(&map, CornerCutting::Never)?;
/// let mut workspace = GridWorkspace::new();
/// let jps = Jps::new();
/// for (start, goal) in [(Cell::new(1, 0), Cell::new(63, 61)), (Cell::new(5, 60), Cell::new(60, 4))] {
///     let grid = Grid::octile(&map, goal)?;
///     let fast = jps.search_with_table(&mut workspace, &table, &grid, start)?;
///     let plain = jps.search_in(&mut workspace, &grid, start)?;
///     assert!(fast.cost().is_some());
///     assert_eq!(fast.cost(), plain.cost());
///     assert_eq!(fast.stats.expanded, plain.stats.expanded); // the same jump points
/// }
/// # Ok::<(), heurist::grid::GridError>(())
/// ```
#[derive(Clone)]
pub struct JumpTable<'m> {
    map: &'m GridMap,
    corners: CornerCutting,
    /// By cell, the entries of its eight directions side by side (an expansion reads
    /// several of one cell, and they share a cache line). First by direction of
    /// [`STRAIGHT`]: the distance to the first cell that is blocked or a jump point, with
    /// [`FLAG`] for a jump point. Then by direction of [`DIAGONAL`]: with [`FLAG`], the
    /// diagonal steps to the first cell from which a straight jump finds a jump point or
    /// (corners cut) that has a forced neighbour; without, the steps the diagonal can take
    /// at all.
    entries: Vec<[u16; 8]>,
}

impl fmt::Debug for JumpTable<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("JumpTable")
            .field("width", &self.map.width())
            .field("height", &self.map.height())
            .field("corners", &self.corners)
            .finish_non_exhaustive()
    }
}

/// Calls `f` on every cell of a `w` x `h` map, each after its neighbour by `(dx, dy)`.
fn each_cell(w: i64, h: i64, dx: i64, dy: i64, mut f: impl FnMut(i64, i64)) {
    for row in 0..h {
        let y = if dy > 0 { h - 1 - row } else { row };
        for col in 0..w {
            f(if dx > 0 { w - 1 - col } else { col }, y);
        }
    }
}

/// A distance and a flag as an entry.
fn encode(dist: u32, flag: bool) -> u16 {
    if dist >= u32::from(CONT) {
        CONT
    } else {
        dist as u16 | if flag { FLAG } else { 0 }
    }
}

impl<'m> JumpTable<'m> {
    /// The memory a table may take while it is built unless told otherwise: 2 GiB, enough
    /// for a map of 97 million cells (9,800 x 9,800).
    pub const DEFAULT_MAX_BYTES: u64 = 2 << 30;

    /// The jumps of `map` for 8-connected moves under the corner rule `corners`, in at
    /// most [`DEFAULT_MAX_BYTES`](Self::DEFAULT_MAX_BYTES).
    ///
    /// # Errors
    ///
    /// [`GridError::TableTooLarge`] when the build would take more, before anything is
    /// allocated.
    pub fn new(map: &'m GridMap, corners: CornerCutting) -> Result<Self, GridError> {
        Self::with_max_bytes(map, corners, Self::DEFAULT_MAX_BYTES)
    }

    /// The bytes the build of a table for a `width` x `height` map holds at its peak, about
    /// 22 a cell: the table's 16, and the build's own.
    pub fn peak_bytes(width: u32, height: u32) -> u64 {
        let cells = u64::from(width) * u64::from(height);
        let padded = (u64::from(width) + 2) * (u64::from(height) + 2);
        cells * 21 + padded
    }

    /// [`new`](Self::new) with a memory budget of `max_bytes` for the build instead of
    /// the default (the table itself keeps 16 bytes a cell).
    ///
    /// # Errors
    ///
    /// [`GridError::TableTooLarge`] when the build would take more than `max_bytes`,
    /// before anything is allocated.
    ///
    /// # Examples
    ///
    /// ```
    /// use heurist::grid::{CornerCutting, GridError, GridMap, JumpTable};
    ///
    /// let map = GridMap::new(1000, 1000);
    /// let needed = JumpTable::peak_bytes(1000, 1000);
    /// assert!(JumpTable::with_max_bytes(&map, CornerCutting::Never, needed).is_ok());
    /// assert_eq!(
    ///     JumpTable::with_max_bytes(&map, CornerCutting::Never, 1 << 20).unwrap_err(),
    ///     GridError::TableTooLarge { needed, budget: 1 << 20 },
    /// );
    /// ```
    pub fn with_max_bytes(
        map: &'m GridMap,
        corners: CornerCutting,
        max_bytes: u64,
    ) -> Result<Self, GridError> {
        let needed = Self::peak_bytes(map.width(), map.height());
        if needed > max_bytes {
            return Err(GridError::TableTooLarge {
                needed,
                budget: max_bytes,
            });
        }
        Ok(Self::build(map, corners))
    }

    /// The build, within its budget.
    fn build(map: &'m GridMap, corners: CornerCutting) -> Self {
        let (w, h) = (i64::from(map.width()), i64::from(map.height()));
        // The map's cells as bytes, with a border of blocked cells around them: the build
        // asks about every cell's neighbours dozens of times.
        let stride = w + 2;
        let mut open = vec![false; (stride * (h + 2)) as usize];
        for y in 0..h {
            for x in 0..w {
                open[((y + 1) * stride + x + 1) as usize] = map.is_passable(x as u32, y as u32);
            }
        }
        let free = |x: i64, y: i64| {
            (-1..=w).contains(&x)
                && (-1..=h).contains(&y)
                && open[((y + 1) * stride + x + 1) as usize]
        };
        let cells = (w * h) as usize;
        let index = |x: i64, y: i64| (y * w + x) as usize;
        // Bit `d` of a cell: the straight jump from it in direction `d` stops at a jump
        // point.
        let mut finds = vec![0u8; cells];
        let mut entries = vec![[0u16; 8]; cells];
        let mut dist = vec![0u32; cells];
        for d in 0..4 {
            let (dx, dy) = STRAIGHT[d];
            let (dx, dy) = (i64::from(dx), i64::from(dy));
            // The cells beside a cell of the line, and whether the one beside cell `(x,
            // y)` at side `s` makes it a jump point.
            let forced = |x: i64, y: i64, s: i64| {
                let (sx, sy) = (x + s * dy.abs(), y + s * dx.abs());
                if corners == CornerCutting::Never {
                    free(sx, sy) && !free(sx - dx, sy - dy)
                } else {
                    !free(sx, sy) && free(sx + dx, sy + dy)
                }
            };
            each_cell(w, h, dx, dy, |x, y| {
                let (nx, ny) = (x + dx, y + dy);
                let (k, flag) = if !free(nx, ny) {
                    (1, false)
                } else if forced(nx, ny, -1) || forced(nx, ny, 1) {
                    (1, true)
                } else {
                    let next = dist[index(nx, ny)];
                    ((next & !(1 << 31)) + 1, next >> 31 != 0)
                };
                let i = index(x, y);
                dist[i] = k | u32::from(flag) << 31;
                entries[i][d] = encode(k, flag);
                finds[i] |= u8::from(flag) << d;
            });
        }
        for d in 0..4 {
            let (dx, dy) = DIAGONAL[d];
            let (sx, sy) = (straight_index(dx, 0), straight_index(0, dy));
            let (dx, dy) = (i64::from(dx), i64::from(dy));
            let step_ok = |x: i64, y: i64| {
                let (a, b) = (free(x + dx, y), free(x, y + dy));
                free(x + dx, y + dy)
                    && match corners {
                        CornerCutting::Never => a && b,
                        CornerCutting::NoSqueezing => a || b,
                        CornerCutting::Allowed => true,
                    }
            };
            // A cell reached diagonally with a forced neighbour (corners cut).
            let forced = |x: i64, y: i64| {
                corners != CornerCutting::Never
                    && ((!free(x - dx, y) && free(x - dx, y + dy))
                        || (!free(x, y - dy) && free(x + dx, y - dy)))
            };
            each_cell(w, h, dx, dy, |x, y| {
                let (k, flag) = if !step_ok(x, y) {
                    (0, false)
                } else {
                    let (nx, ny) = (x + dx, y + dy);
                    let n = index(nx, ny);
                    if finds[n] >> sx & 1 != 0 || finds[n] >> sy & 1 != 0 || forced(nx, ny) {
                        (1, true)
                    } else {
                        ((dist[n] & !(1 << 31)) + 1, dist[n] >> 31 != 0)
                    }
                };
                let i = index(x, y);
                dist[i] = k | u32::from(flag) << 31;
                entries[i][4 + d] = encode(k, flag);
            });
        }
        JumpTable {
            map,
            corners,
            entries,
        }
    }

    /// The map the table was built for.
    pub fn map(&self) -> &'m GridMap {
        self.map
    }

    /// The corner rule the table was built for.
    pub fn corners(&self) -> CornerCutting {
        self.corners
    }

    /// The entries, as a search reads them.
    pub(super) fn entries(&self) -> Entries<'_> {
        &self.entries
    }
}

/// A [`JumpTable`]'s entries, by cell, borrowed for a search.
pub(super) type Entries<'t> = &'t [[u16; 8]];

/// The distance and flag of the jump from `cell` in direction `d` of `entries` (whose
/// cells follow one another by `step`, a wrapping cell difference).
#[inline(always)]
fn stop(entries: &[[u16; 8]], d: usize, cell: u32, step: u32) -> (u32, bool) {
    let e = entries[cell as usize][d];
    if e & DIST != CONT {
        (u32::from(e & DIST), e & FLAG != 0)
    } else {
        far(entries, d, cell, step)
    }
}

/// [`stop`] for a jump of [`CONT_STEP`] cells or more.
#[cold]
fn far(entries: &[[u16; 8]], d: usize, mut cell: u32, step: u32) -> (u32, bool) {
    let mut skipped = 0;
    loop {
        let e = entries[cell as usize][d];
        if e & DIST != CONT {
            return (skipped + u32::from(e & DIST), e & FLAG != 0);
        }
        skipped += CONT_STEP;
        cell = cell.wrapping_add(step.wrapping_mul(CONT_STEP));
    }
}

impl<C: GridCost, K: Key<C>, Q: Queue<K>> GridSearch<'_, '_, C, K, Q> {
    /// The straight jump from `(x, y)`, cell `cell`, by `(DX, DY)`, read from `jumps`: the
    /// distance to the jump point or the goal it stops at.
    #[inline(always)]
    fn straight_jump<const DX: i32, const DY: i32>(
        &self,
        jumps: Entries<'_>,
        cell: u32,
        x: i32,
        y: i32,
    ) -> Option<u32> {
        let step = (DY * self.ctx.width as i32 + DX) as u32;
        let (k, jump) = stop(jumps, straight_index(DX, DY), cell, step);
        let (gx, gy) = self.ctx.goal;
        // the goal's distance ahead on this line, if it lies on it
        let goal = if DY == 0 {
            if gy == y {
                (gx - x) * DX
            } else {
                0
            }
        } else if gx == x {
            (gy - y) * DY
        } else {
            0
        };
        // (the goal is passable, so a jump that stops at an obstacle stops past it)
        if goal > 0 && goal as u32 <= k {
            Some(goal as u32)
        } else {
            jump.then_some(k)
        }
    }

    /// The jump from `(x, y)`, cell `cell`, by `(DX, DY)` along a row or column (read from
    /// `jumps`), offering what it finds at `g` plus its length, with `parent` as parent.
    #[inline(always)]
    fn straight_offer<const DX: i32, const DY: i32>(
        &mut self,
        jumps: Entries<'_>,
        stats: &mut Stats,
        parent: u32,
        (cell, x, y): (u32, i32, i32),
        g: Steps,
    ) -> Result<(), ()> {
        let Some(k) = self.straight_jump::<DX, DY>(jumps, cell, x, y) else {
            return Ok(());
        };
        let step = (DY * self.ctx.width as i32 + DX) as u32;
        let j = cell.wrapping_add(step.wrapping_mul(k));
        let (jx, jy) = (x + k as i32 * DX, y + k as i32 * DY);
        self.relax(stats, parent, j, jx, jy, g.plus(k, 0), move_index(DX, DY))
    }

    /// [`expand`](GridSearch::expand) with the jumps read from `jumps`: the jumps from
    /// `at` in the directions of `set` (the bits of
    /// [`Direction::ALL`](crate::grid::Direction::ALL), north first, clockwise).
    #[inline(always)]
    pub(super) fn expand_with<const MODE: u8>(
        &mut self,
        jumps: Entries<'_>,
        stats: &mut Stats,
        at: Point,
        g: Steps,
        set: u8,
    ) -> Result<(), ()> {
        let here = (at.cell, at.x, at.y);
        if set & 1 != 0 {
            self.straight_offer::<0, -1>(jumps, stats, at.cell, here, g)?;
        }
        if set & 1 << 2 != 0 {
            self.straight_offer::<1, 0>(jumps, stats, at.cell, here, g)?;
        }
        if set & 1 << 4 != 0 {
            self.straight_offer::<0, 1>(jumps, stats, at.cell, here, g)?;
        }
        if set & 1 << 6 != 0 {
            self.straight_offer::<-1, 0>(jumps, stats, at.cell, here, g)?;
        }
        if set & 1 << 1 != 0 {
            self.diagonal_with::<MODE, 1, -1>(jumps, stats, at, g)?;
        }
        if set & 1 << 3 != 0 {
            self.diagonal_with::<MODE, 1, 1>(jumps, stats, at, g)?;
        }
        if set & 1 << 5 != 0 {
            self.diagonal_with::<MODE, -1, 1>(jumps, stats, at, g)?;
        }
        if set & 1 << 7 != 0 {
            self.diagonal_with::<MODE, -1, -1>(jumps, stats, at, g)?;
        }
        Ok(())
    }

    /// The diagonal run from `at` by `(DX, DY)`, read from `jumps`: it visits only the
    /// cells from which a row or column jump finds a jump point, the cells in line with
    /// the goal, and (corners cut) the cells with a forced neighbour, and does there what
    /// the scanning run does.
    #[inline(always)]
    fn diagonal_with<const MODE: u8, const DX: i32, const DY: i32>(
        &mut self,
        jumps: Entries<'_>,
        stats: &mut Stats,
        at: Point,
        g: Steps,
    ) -> Result<(), ()> {
        let step = (DY * self.ctx.width as i32 + DX) as u32;
        let (gx, gy) = self.ctx.goal;
        let (mut cell, mut x, mut y, mut n) = (at.cell, at.x, at.y, 0);
        loop {
            let (k, flag) = stop(jumps, 4 + diagonal_index(DX, DY), cell, step);
            // the steps to the goal's column or row, whichever comes first
            let (tx, ty) = ((gx - x) * DX, (gy - y) * DY);
            let t = match (tx > 0, ty > 0) {
                (true, true) => tx.min(ty) as u32,
                (true, false) => tx as u32,
                (false, true) => ty as u32,
                (false, false) => u32::MAX,
            };
            let s = if t <= k {
                t
            } else if flag {
                k
            } else {
                return Ok(());
            };
            cell = cell.wrapping_add(step.wrapping_mul(s));
            x += s as i32 * DX;
            y += s as i32 * DY;
            n += s;
            let gd = g.plus(0, n);
            let forced = MODE == CUT && {
                let free = |a: i32, b: i32| self.ctx.free(x + a, y + b);
                (!free(-DX, 0) && free(-DX, DY)) || (!free(0, -DY) && free(DX, -DY))
            };
            if cell == self.ctx.goal_cell || forced {
                return self.relax(stats, at.cell, cell, x, y, gd, move_index(DX, DY));
            }
            self.straight_offer::<DX, 0>(jumps, stats, at.cell, (cell, x, y), gd)?;
            self.straight_offer::<0, DY>(jumps, stats, at.cell, (cell, x, y), gd)?;
        }
    }
}
