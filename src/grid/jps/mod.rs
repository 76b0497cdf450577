//! Jump point search: A* over the jump points of a uniform-cost grid.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

mod rules;

use super::map::{Lines, OFF};
use super::scan::{scan, Forced};
use super::{
    Cell, Connectivity, CornerCutting, Direction, Distance, Grid, GridCost, GridError, GridMap, Map,
};
use crate::search::{
    limit_methods, Limits, Monitor, Outcome, SearchResult, Solution, Step, StopReason,
};
use rules::{
    diagonal_ok, direction_bit, direction_table, directions, DirectionTable, Dirs, Neighbourhood,
    DIRECTIONS,
};

/// The result of a jump point search.
pub type JpsResult<C> = SearchResult<Cell, Direction, C>;

/// Jump point search (Harabor and Grastien, 2011) from `start` to the grid's goal, with
/// the block-based scans of Harabor and Grastien (2014): an optimal path, found by
/// expanding only the cells where an optimal path may turn.
///
/// Works on 8-connected grids under every [`CornerCutting`] rule with
/// `0 < straight <= diagonal <= 2 * straight`, and on 4-connected grids with
/// `straight > 0`. On 4-connected grids, horizontal moves take the part of diagonal ones:
/// a horizontal jump stops where a vertical scan finds something, a vertical scan stops at
/// a cell beside which a horizontal way opens up that the cell before it did not have.
///
/// The [`Solution`] lists every cell of the path, one step at a time, with its
/// [`Direction`] and cost; [`Stats::expanded`](crate::Stats) counts jump points expanded
/// and [`Stats::generated`](crate::Stats) the jump points found. Fails if the start is off
/// the map or blocked, or if the costs are not of the kind above.
///
/// [`Jps`] takes limits, a cancel token and a time limit, and reuses a [`JpsWorkspace`]
/// across queries.
///
/// # Examples
///
/// ```
/// use heurist::grid::{jps, parse_map, Cell, Grid};
///
/// let map = parse_map("type octile\nheight 3\nwidth 5\nmap\n.....\n.@@@.\n.....\n").unwrap();
/// let grid = Grid::octile(&map, Cell::new(4, 2))?;
/// let sol = jps(&grid, Cell::new(0, 2))?.into_solution().unwrap();
/// assert_eq!(sol.len(), 4); // four steps east along the bottom row
/// assert_eq!(sol.cost.0, 4.0);
/// # Ok::<(), heurist::grid::GridError>(())
/// ```
pub fn jps<M, C>(grid: &Grid<'_, M, C>, start: Cell) -> Result<JpsResult<C>, GridError>
where
    M: Map + ?Sized,
    C: GridCost,
{
    Jps::new().search(grid, start)
}

/// The configuration of [`jps`]: limits, a cancel token, a time limit, progress reports.
///
/// The limits count jump points: an expansion is a jump point expanded, a stored state a
/// jump point reached. When stopped by a limit, the result carries a proven lower bound
/// on the optimal cost.
///
/// # Examples
///
/// ```
/// use heurist::grid::{Cell, Grid, GridMap, Jps, JpsWorkspace};
/// use heurist::StopReason;
///
/// let map = GridMap::from_fn(64, 64, |x, y| x % 8 != 4 || y % 16 == 0);
/// let mut workspace = JpsWorkspace::new();
/// let jps = Jps::new();
/// for (goal, start) in [(Cell::new(63, 63), Cell::new(0, 0)), (Cell::new(5, 5), Cell::new(61, 1))] {
///     let grid = Grid::new(&map, goal, 2u32, 3)?;
///     let a = heurist::AStar::new().search_dense(&grid, start, grid.heuristic());
///     assert_eq!(jps.search_in(&mut workspace, &grid, start)?.cost(), a.cost());
/// }
///
/// let grid = Grid::new(&map, Cell::new(63, 63), 2u32, 3)?;
/// let stopped = Jps::new().max_expansions(3).search(&grid, Cell::new(0, 0))?;
/// assert_eq!(stopped.stop_reason(), Some(StopReason::MaxExpansions));
/// # Ok::<(), heurist::grid::GridError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Jps<'a, C> {
    limits: Limits<'a, C>,
}

impl<C> Default for Jps<'_, C> {
    fn default() -> Self {
        Jps {
            limits: Limits::new(),
        }
    }
}

impl<C> Jps<'_, C> {
    /// No limits.
    pub fn new() -> Self {
        Self::default()
    }
}

impl<'a, C: GridCost> Jps<'a, C> {
    limit_methods!();

    /// Runs jump point search on `grid` from `start` (see [`jps`]).
    pub fn search<M: Map + ?Sized>(
        &self,
        grid: &Grid<'_, M, C>,
        start: Cell,
    ) -> Result<JpsResult<C>, GridError> {
        self.search_in(&mut JpsWorkspace::new(), grid, start)
    }

    /// [`search`](Self::search) in the memory of `workspace`, which keeps its arrays
    /// between runs: for many queries on one map.
    pub fn search_in<M: Map + ?Sized>(
        &self,
        workspace: &mut JpsWorkspace<C>,
        grid: &Grid<'_, M, C>,
        start: Cell,
    ) -> Result<JpsResult<C>, GridError> {
        grid.check_start(start)?;
        let (s, d) = (grid.straight, grid.diagonal);
        let ok = s > C::ZERO
            && (grid.connectivity == Connectivity::Four || (s <= d && d <= s.saturating_add(s)));
        if !ok {
            return Err(GridError::UnsupportedCosts {
                straight: s.to_f64(),
                diagonal: d.to_f64(),
            });
        }
        let JpsWorkspace { nodes, copy } = workspace;
        let bits: &GridMap = match grid.map.as_grid_map() {
            Some(bits) => bits,
            None => copy.insert(GridMap::from_map(grid.map)),
        };
        let ctx = Ctx {
            rows: &bits.rows,
            cols: &bits.cols,
            width: grid.map.width(),
            four: grid.connectivity == Connectivity::Four,
            corners: grid.corners,
            goal: (grid.goal.x as i32, grid.goal.y as i32),
            forced: if grid.connectivity == Connectivity::Four
                || grid.corners == CornerCutting::Never
            {
                Forced::Behind
            } else {
                Forced::Ahead
            },
            table: (grid.connectivity == Connectivity::Eight)
                .then(|| direction_table(grid.corners)),
        };
        let mut mon = Monitor::new(&self.limits);
        let outcome = run(&ctx, grid, nodes, start, &mut mon);
        nodes.clear();
        Ok(match outcome {
            Ok(outcome) => mon.finish(outcome),
            Err((reason, bound)) => mon.stopped(reason, bound),
        })
    }
}

/// What [`Jps::search_in`] keeps between runs: g-values, parents and flags in flat arrays
/// by cell index, the open list, and (for maps that are not a [`GridMap`]) the bitmap the
/// map is copied into. A run resets only the cells it touched.
#[derive(Clone, Debug)]
pub struct JpsWorkspace<C> {
    nodes: Nodes<C>,
    copy: Option<GridMap>,
}

impl<C: GridCost> Default for JpsWorkspace<C> {
    fn default() -> Self {
        JpsWorkspace {
            nodes: Nodes {
                flags: Vec::new(),
                g: Vec::new(),
                parent: Vec::new(),
                touched: Vec::new(),
                open: BinaryHeap::new(),
            },
            copy: None,
        }
    }
}

impl<C: GridCost> JpsWorkspace<C> {
    /// An empty workspace; the first run sizes it.
    pub fn new() -> Self {
        Self::default()
    }
}

const UNSEEN: u8 = 0;
const OPEN: u8 = 1;
const CLOSED: u8 = 2;

/// What the search knows of the cells, in flat arrays by cell index: a byte of flags
/// each (the array the jumps' lookups touch most, a quarter of a megabyte for 512 x 512),
/// and the g-value and parent, valid where the flag is not `UNSEEN`, each in an array of
/// its own so that a flag lookup loads no cache line of them.
#[derive(Clone, Debug)]
struct Nodes<C> {
    flags: Vec<u8>,
    g: Vec<C>,
    parent: Vec<u32>,
    touched: Vec<u32>,
    open: BinaryHeap<Entry<C>>,
}

impl<C: GridCost> Nodes<C> {
    fn prepare(&mut self, cells: usize) {
        if self.flags.len() != cells {
            self.flags = vec![UNSEEN; cells];
            self.g = vec![C::ZERO; cells];
            self.parent = vec![0; cells];
        }
    }

    fn clear(&mut self) {
        for &i in &self.touched {
            self.flags[i as usize] = UNSEEN;
        }
        self.touched.clear();
        self.open.clear();
    }

    /// Stores `g` and `parent` for cell `i` and marks it open.
    #[inline(always)]
    fn open(&mut self, i: usize, g: C, parent: u32) {
        self.g[i] = g;
        self.parent[i] = parent;
        self.flags[i] = OPEN;
    }
}

/// An open-list entry: the smallest `f` first, then the one nearest the goal (in
/// moves, ignoring obstacles), which has the largest `g` of those with that `f`.
///
/// A cell's g-value only falls while it is open, and each fall queues it again with a
/// smaller `f`: its best entry comes out first and closes it, and the others are skipped.
#[derive(Clone, Copy, Debug)]
struct Entry<C> {
    f: C,
    near: u32,
    cell: u32,
}

impl<C: Ord> PartialEq for Entry<C> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl<C: Ord> Eq for Entry<C> {}
impl<C: Ord> PartialOrd for Entry<C> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl<C: Ord> Ord for Entry<C> {
    fn cmp(&self, other: &Self) -> Ordering {
        other
            .f
            .cmp(&self.f)
            .then_with(|| other.near.cmp(&self.near))
    }
}

/// The map's bits and the query, as the jumps read them.
struct Ctx<'b> {
    rows: &'b Lines,
    cols: &'b Lines,
    width: u32,
    four: bool,
    corners: CornerCutting,
    goal: (i32, i32),
    /// The forced-neighbour rule of straight scans.
    forced: Forced,
    /// The directions to jump in, looked up (8-connected grids).
    table: Option<&'static DirectionTable>,
}

impl Ctx<'_> {
    /// Whether `(x, y)` is passable; `x` and `y` may be one off the map.
    #[inline(always)]
    fn free(&self, x: i32, y: i32) -> bool {
        self.rows.get((y + 1) as usize, (OFF as i32 + x) as usize)
    }

    /// Whether the diagonal step from `(x, y)` by `(dx, dy)` is allowed.
    #[inline(always)]
    fn diagonal_ok(&self, x: i32, y: i32, dx: i32, dy: i32) -> bool {
        diagonal_ok(|a, b| self.free(x + a, y + b), self.corners, dx, dy)
    }

    /// The 3 x 3 cells around `(x, y)` as a [`Neighbourhood`] mask.
    #[inline(always)]
    fn neighbourhood(&self, x: i32, y: i32) -> Neighbourhood {
        let (w, stride) = self.rows.words();
        let pos = OFF + x as usize - 1;
        let (k, shift) = (pos / 64, pos % 64);
        let mut n = 0;
        // Padded lines y, y + 1 and y + 2: rows y - 1, y and y + 1.
        for r in 0..3 {
            let at = (y as usize + r) * stride + k;
            let pair = (u128::from(w[at + 1]) << 64) | u128::from(w[at]);
            n |= ((pair >> shift) as usize & 7) << (3 * r);
        }
        n
    }

    /// The forced-neighbour rule of straight scans.
    #[inline(always)]
    fn straight_rule(&self) -> Forced {
        self.forced
    }

    /// The jump point reached from `(x, y)` moving horizontally by `dx` (8-connected).
    #[inline(always)]
    fn jump_row(&self, x: i32, y: i32, dx: i32) -> Option<(i32, i32)> {
        let target = (self.goal.1 == y).then_some(self.goal.0 as usize);
        let found = scan(
            self.rows,
            y as usize,
            x as usize,
            dx > 0,
            self.straight_rule(),
            target,
        )?;
        Some((found as i32, y))
    }

    /// The jump point reached from `(x, y)` moving vertically by `dy`.
    #[inline(always)]
    fn jump_col(&self, x: i32, y: i32, dy: i32) -> Option<(i32, i32)> {
        let target = (self.goal.0 == x).then_some(self.goal.1 as usize);
        let found = scan(
            self.cols,
            x as usize,
            y as usize,
            dy > 0,
            self.straight_rule(),
            target,
        )?;
        Some((x, found as i32))
    }

    /// The jump point reached from `(x, y)` moving horizontally by `dx` on a 4-connected
    /// grid: the first cell from which a vertical scan finds a jump point.
    fn jump_row_four(&self, mut x: i32, y: i32, dx: i32) -> Option<(i32, i32)> {
        loop {
            if !self.free(x + dx, y) {
                return None;
            }
            x += dx;
            if (x, y) == self.goal
                || self.jump_col(x, y, -1).is_some()
                || self.jump_col(x, y, 1).is_some()
            {
                return Some((x, y));
            }
        }
    }

    /// The jump point reached from `(x, y)` in straight direction `(dx, dy)`. (Diagonal
    /// runs are walked by the search, which generates what their scans find.)
    #[inline]
    fn jump(&self, x: i32, y: i32, dx: i32, dy: i32) -> Option<(i32, i32)> {
        debug_assert!(dx == 0 || dy == 0);
        match (dx, dy) {
            (_, 0) if self.four => self.jump_row_four(x, y, dx),
            (_, 0) => self.jump_row(x, y, dx),
            _ => self.jump_col(x, y, dy),
        }
    }

    /// The directions to jump in from `(x, y)`, reached moving by `(dx, dy)` (`(0, 0)` at
    /// the start): the natural and forced ones of canonical paths.
    fn directions(&self, x: i32, y: i32, dx: i32, dy: i32, out: &mut Dirs) {
        let free = |a: i32, b: i32| self.free(x + a, y + b);
        directions(free, self.four, self.corners, dx, dy, out);
    }
}

/// What a run keeps while it searches: the nodes, the estimate, the bound.
struct Search<'n, C> {
    nodes: &'n mut Nodes<C>,
    h: Distance<C>,
    goal: (i32, i32),
    bound: Option<C>,
    /// The least `f` cut off by the bound.
    pruned: Option<C>,
}

impl<C: GridCost> Search<'_, C> {
    /// Offers cell `j` at `(jx, jy)`, reached from `parent` at cost `g`: stores and queues
    /// it if that is its best way yet. `Err` when the memory bound stops the run.
    #[inline(always)]
    fn relax(
        &mut self,
        mon: &mut Monitor<'_, C>,
        parent: u32,
        j: u32,
        jx: i32,
        jy: i32,
        g: C,
    ) -> Result<(), ()> {
        mon.stats.generated += 1;
        let ju = j as usize;
        let flag = self.nodes.flags[ju];
        match flag {
            CLOSED => {
                mon.stats.duplicates += 1;
                return Ok(());
            }
            OPEN if g >= self.nodes.g[ju] => {
                mon.stats.duplicates += 1;
                return Ok(());
            }
            _ => {}
        }
        let f = g.saturating_add(self.h.estimate_cell(Cell::new(jx as u32, jy as u32)));
        if let Some(b) = self.bound {
            if f > b {
                self.pruned = Some(self.pruned.map_or(f, |p| p.min(f)));
                return Ok(());
            }
        }
        if flag == UNSEEN {
            if mon.full(self.nodes.touched.len()) {
                return Err(());
            }
            self.nodes.touched.push(j);
        }
        self.nodes.open(ju, g, parent);
        let near = (jx.abs_diff(self.goal.0)).max(jy.abs_diff(self.goal.1));
        self.nodes.open.push(Entry { f, near, cell: j });
        Ok(())
    }
}

/// The search proper: `Ok` with how it ended, or `Err` with the limit that stopped it and
/// a lower bound.
///
/// On 8-connected grids a diagonal jump does not stop where its row or column scans find a
/// jump point (Harabor and Grastien's intermediate pruning, 2014): the jump points those
/// scans find are generated directly, with the expanded node as their parent, and the
/// diagonal goes on. A node's parent is then reached by diagonal steps and then straight
/// ones, and the node's last move is along the longer side of that offset.
fn run<M: Map + ?Sized, C: GridCost>(
    ctx: &Ctx<'_>,
    grid: &Grid<'_, M, C>,
    nodes: &mut Nodes<C>,
    start: Cell,
    mon: &mut Monitor<'_, C>,
) -> Result<Outcome<Cell, Direction, C>, (StopReason, Option<C>)> {
    if start == grid.goal {
        return Ok(Outcome::Found(Solution {
            start,
            steps: Vec::new(),
            cost: C::ZERO,
        }));
    }
    let width = ctx.width;
    let cells = width as usize * grid.map.height() as usize;
    nodes.prepare(cells);
    let h: Distance<C> = grid.heuristic();
    let (s, d) = (grid.straight, grid.diagonal);
    let index = |x: i32, y: i32| y as u32 * width + x as u32;
    let goal = index(ctx.goal.0, ctx.goal.1);

    let si = index(start.x as i32, start.y as i32);
    let h0 = h.estimate_cell(start);
    let bound = mon.cost_bound();
    if bound.is_some_and(|b| h0 > b) {
        return Err((StopReason::CostBound, Some(h0)));
    }
    nodes.open(si as usize, C::ZERO, si);
    nodes.touched.push(si);
    nodes.open.push(Entry {
        f: h0,
        near: 0,
        cell: si,
    });
    let mut sr = Search {
        nodes,
        h,
        goal: ctx.goal,
        bound,
        pruned: None,
    };
    let mut dirs = Dirs::default();
    let polls = mon.polls();
    let corner_forced = ctx.corners != CornerCutting::Never;
    while let Some(e) = sr.nodes.open.pop() {
        let i = e.cell as usize;
        if sr.nodes.flags[i] == CLOSED {
            continue;
        }
        if polls {
            mon.stats.stored = sr.nodes.touched.len();
            if let Some(reason) = mon.check() {
                return Err((reason, Some(e.f)));
            }
        }
        if e.cell == goal {
            mon.stats.stored = sr.nodes.touched.len();
            return Ok(Outcome::Found(trace(grid, sr.nodes, start, goal)));
        }
        sr.nodes.flags[i] = CLOSED;
        mon.stats.expanded += 1;
        let (x, y) = ((e.cell % width) as i32, (e.cell / width) as i32);
        let (g0, p) = (sr.nodes.g[i], sr.nodes.parent[i]);
        let (ox, oy) = (x - (p % width) as i32, y - (p / width) as i32);
        let (dx, dy) = match ox.unsigned_abs().cmp(&oy.unsigned_abs()) {
            Ordering::Equal => (ox.signum(), oy.signum()),
            Ordering::Greater => (ox.signum(), 0),
            Ordering::Less => (0, oy.signum()),
        };
        let mut set = match ctx.table {
            Some(table) => table[(dy * 3 + dx + 4) as usize][ctx.neighbourhood(x, y)],
            None => {
                ctx.directions(x, y, dx, dy, &mut dirs);
                dirs.as_slice()
                    .iter()
                    .fold(0, |set, &d| set | 1 << direction_bit(d))
            }
        };
        let full = |mon: &mut Monitor<'_, C>, stored: usize| {
            mon.stats.stored = stored;
            (StopReason::MaxStates, Some(e.f))
        };
        while set != 0 {
            let (dx, dy) = DIRECTIONS[set.trailing_zeros() as usize];
            set &= set - 1;
            if dx == 0 || dy == 0 {
                let Some((jx, jy)) = ctx.jump(x, y, dx, dy) else {
                    continue;
                };
                let steps = (jx - x).unsigned_abs().max((jy - y).unsigned_abs());
                let step = if dx != 0 && dy != 0 { d } else { s };
                let g = g0.saturating_add(step.times(steps));
                if sr.relax(mon, e.cell, index(jx, jy), jx, jy, g).is_err() {
                    return Err(full(mon, sr.nodes.touched.len()));
                }
                continue;
            }
            // A diagonal run, generating what its row and column scans find.
            let (mut cx, mut cy) = (x, y);
            let mut gc = g0;
            loop {
                if !ctx.diagonal_ok(cx, cy, dx, dy) {
                    break;
                }
                cx += dx;
                cy += dy;
                gc = gc.saturating_add(d);
                let c = index(cx, cy);
                if c == goal
                    || (corner_forced
                        && ((!ctx.free(cx - dx, cy) && ctx.free(cx - dx, cy + dy))
                            || (!ctx.free(cx, cy - dy) && ctx.free(cx + dx, cy - dy))))
                {
                    // The goal, or a cell with a forced neighbour: a node of its own.
                    if sr.relax(mon, e.cell, c, cx, cy, gc).is_err() {
                        return Err(full(mon, sr.nodes.touched.len()));
                    }
                    break;
                }
                if let Some((jx, _)) = ctx.jump_row(cx, cy, dx) {
                    let g = gc.saturating_add(s.times((jx - cx).unsigned_abs()));
                    if sr.relax(mon, e.cell, index(jx, cy), jx, cy, g).is_err() {
                        return Err(full(mon, sr.nodes.touched.len()));
                    }
                }
                if let Some((_, jy)) = ctx.jump_col(cx, cy, dy) {
                    let g = gc.saturating_add(s.times((jy - cy).unsigned_abs()));
                    if sr.relax(mon, e.cell, index(cx, jy), cx, jy, g).is_err() {
                        return Err(full(mon, sr.nodes.touched.len()));
                    }
                }
            }
        }
        mon.stats.max_frontier = mon.stats.max_frontier.max(sr.nodes.open.len());
    }
    mon.stats.stored = sr.nodes.touched.len();
    match sr.pruned {
        Some(lb) => Err((StopReason::CostBound, Some(lb))),
        None => Ok(Outcome::Exhausted),
    }
}

/// The path to `goal`, each jump expanded into single steps.
fn trace<M: Map + ?Sized, C: GridCost>(
    grid: &Grid<'_, M, C>,
    nodes: &Nodes<C>,
    start: Cell,
    goal: u32,
) -> Solution<Cell, Direction, C> {
    let width = grid.map.width();
    let mut points = vec![goal];
    let mut at = goal;
    while nodes.parent[at as usize] != at {
        at = nodes.parent[at as usize];
        points.push(at);
    }
    points.reverse();
    let mut steps = Vec::new();
    let mut cost = C::ZERO;
    for pair in points.windows(2) {
        let (mut x, mut y) = ((pair[0] % width) as i32, (pair[0] / width) as i32);
        let (bx, by) = ((pair[1] % width) as i32, (pair[1] / width) as i32);
        // Diagonal steps first, then straight ones.
        while (x, y) != (bx, by) {
            let (dx, dy) = ((bx - x).signum(), (by - y).signum());
            let dir = Direction::from_delta(dx, dy).expect("a jump moves");
            let step_cost = grid.step_cost(dir);
            x += dx;
            y += dy;
            cost = cost.saturating_add(step_cost);
            steps.push(Step {
                action: dir,
                state: Cell::new(x as u32, y as u32),
                cost: step_cost,
            });
        }
    }
    Solution { start, steps, cost }
}
