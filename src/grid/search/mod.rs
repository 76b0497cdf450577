//! The grid's own search engine, behind [`jps`] and [`grid_astar`]: flags, g-values and
//! parents in flat arrays by cell index, an open list of keys packed into integers with a
//! stack for the entries of the least `f`, costs kept as counts of straight and diagonal
//! steps, and the map read as bits. Jump point search and A* differ only in what an
//! expansion offers: the jump points found by scans ([`jump`]), or the neighbours one
//! step away ([`astar`]).

/// The configuration type of one of the engine's searches: `$name`, with limits, `new`,
/// the limit setters, `search` and `search_in`, running the engine with expansion `$jump`
/// ([`JUMP`] or [`STEP`]); `$what` names the search in the docs, `$function` its function.
/// The names it uses (`Limits`, `limit_methods`, `Grid`, `GridWorkspace`, `search`...) are
/// those in scope where it is invoked.
macro_rules! engine_config {
    ($(#[$doc:meta])* $name:ident, $jump:expr, $what:literal, $function:literal) => {
        $(#[$doc])*
        #[derive(Clone, Debug)]
        pub struct $name<'a, C> {
            limits: Limits<'a, C>,
        }

        impl<C> Default for $name<'_, C> {
            fn default() -> Self {
                $name {
                    limits: Limits::new(),
                }
            }
        }

        impl<C> $name<'_, C> {
            /// No limits.
            pub fn new() -> Self {
                Self::default()
            }
        }

        impl<'a, C: GridCost> $name<'a, C> {
            limit_methods!();

            #[doc = concat!("Runs ", $what, " on `grid` from `start` (see [`", $function, "`]).")]
            pub fn search<M: Map + ?Sized>(
                &self,
                grid: &Grid<'_, M, C>,
                start: Cell,
            ) -> Result<GridResult<C>, GridError> {
                self.search_in(&mut GridWorkspace::new(), grid, start)
            }

            /// [`search`](Self::search) in the memory of `workspace`, which keeps its
            /// arrays between runs: for many queries on one map.
            pub fn search_in<M: Map + ?Sized>(
                &self,
                workspace: &mut GridWorkspace<C>,
                grid: &Grid<'_, M, C>,
                start: Cell,
            ) -> Result<GridResult<C>, GridError> {
                search::<M, C, $jump>(&self.limits, workspace, grid, start, None)
            }
        }
    };
}

mod astar;
mod jps;
mod jump;
mod open;
mod ring;
mod rules;
mod table;

pub use astar::{grid_astar, GridAStar};
pub use jps::{jps, Jps};
pub use table::JumpTable;

use super::{
    Cell, Connectivity, CornerCutting, Direction, Grid, GridCost, GridError, GridMap, Map,
};
use crate::grid::cost::sealed::Sealed;
use crate::search::{Limits, Monitor, Outcome, SearchResult, Solution, Step, StopReason};
use jump::{GridSearch, MapBits, CUT, FOUR, NEVER};
use open::{packs_exactly, Exact, FlatOpen, Heap, Key, Packed};
use ring::Ring;
use rules::{direction_table, Dirs};

/// The result of a search of the grid's engine ([`jps`], [`grid_astar`]).
pub type GridResult<C> = SearchResult<Cell, Direction, C>;

/// An expansion of the engine that jumps ([`jps`]).
const JUMP: bool = true;
/// An expansion of the engine that steps to the neighbours ([`grid_astar`]).
const STEP: bool = false;

/// The search of `grid` from `start` under `limits`, jumping (`J`: [`JUMP`]) or stepping,
/// in the memory of `workspace`: the costs checked, the map's bits found or copied, then
/// [`search_bits`]. (`J` is a constant, so that a program that only steps does not
/// compile the jumps, nine tenths of the engine's code.)
fn search<M: Map + ?Sized, C: GridCost, const J: bool>(
    limits: &Limits<'_, C>,
    workspace: &mut GridWorkspace<C>,
    grid: &Grid<'_, M, C>,
    start: Cell,
    table: Option<&JumpTable<'_>>,
) -> Result<GridResult<C>, GridError> {
    grid.check_start(start)?;
    if let Some(table) = table {
        let same_map = grid
            .map
            .as_grid_map()
            .is_some_and(|bits| std::ptr::eq(bits, table.map()));
        if !same_map || grid.connectivity != Connectivity::Eight || grid.corners != table.corners()
        {
            return Err(GridError::TableMismatch);
        }
    }
    let (s, d) = (grid.straight, grid.diagonal);
    let ok = s > C::ZERO
        && (grid.connectivity == Connectivity::Four || (s <= d && d <= s.saturating_add(s)));
    if !ok {
        return Err(GridError::UnsupportedCosts {
            straight: s.to_f64(),
            diagonal: d.to_f64(),
        });
    }
    // the grid with its map behind a trait object: the engine below is compiled once per
    // cost type, whatever map types a program reads (it asks the map only for its size)
    let map: &dyn Map = &grid.map;
    let erased = Grid {
        map,
        connectivity: grid.connectivity,
        corners: grid.corners,
        straight: s,
        diagonal: d,
        goal: grid.goal,
    };
    let mut copy = workspace.copy.take();
    let bits = match grid.map.as_grid_map() {
        Some(bits) => bits,
        None => copy.insert(GridMap::from_map(grid.map)),
    };
    let result = search_bits::<C, J>(limits, workspace, bits, &erased, start, table);
    workspace.copy = copy;
    Ok(result)
}

/// A grid whose map is a trait object, as the engine takes it.
type MapGrid<'g, C> = Grid<'g, dyn Map + 'g, C>;

/// [`search`] on the map's bits (those of the grid's map, or a copy of them): the open
/// list chosen by the costs.
fn search_bits<C: GridCost, const J: bool>(
    limits: &Limits<'_, C>,
    workspace: &mut GridWorkspace<C>,
    bits: &GridMap,
    grid: &MapGrid<'_, C>,
    start: Cell,
    jumps: Option<&JumpTable<'_>>,
) -> GridResult<C> {
    let GridWorkspace {
        nodes,
        packed,
        exact,
        copy: _,
    } = workspace;
    let eight = grid.connectivity == Connectivity::Eight;
    // (stepping on a 4-connected grid looks up its straight moves in the table of
    // `Never`, with the diagonal neighbours masked out)
    let table = match (eight, J) {
        (true, _) => Some(direction_table(grid.corners)),
        (false, false) => Some(direction_table(CornerCutting::Never)),
        (false, true) => None,
    };
    let ctx = MapBits::new(
        &bits.rows,
        &bits.cols,
        grid.map.width(),
        grid.corners,
        (grid.goal.x, grid.goal.y),
        table,
        jumps.map(JumpTable::entries),
    );
    let mode = match (grid.connectivity, grid.corners) {
        (Connectivity::Four, _) => FOUR,
        (_, CornerCutting::Never) => NEVER,
        _ => CUT,
    };
    let mut mon = Monitor::new(limits);
    let cells = grid.map.width() as usize * grid.map.height() as usize;
    nodes.prepare(cells, bits.revision());
    // (a constant test first: for the costs that always pack, the other open list's
    // search is not even compiled)
    let outcome = if <C as Sealed>::PACKS || packs_exactly(grid.diagonal, cells) {
        let outcome = run::<C, _, J>(ctx, mode, grid, nodes, packed, start, &mut mon);
        packed.clear();
        outcome
    } else {
        let outcome = run::<C, _, J>(ctx, mode, grid, nodes, exact, start, &mut mon);
        exact.clear();
        outcome
    };
    nodes.clear();
    match outcome {
        Ok(outcome) => mon.finish(outcome),
        Err((reason, bound)) => mon.stopped(reason, bound),
    }
}

/// What [`Jps::search_in`] and [`GridAStar::search_in`] keep between runs: g-values,
/// parents and flags in flat arrays by cell index (15 bytes a cell), the open list, and
/// (for maps that are not a [`GridMap`]) the bitmap the map is copied into. A run resets
/// only the cells it touched.
///
/// Reusing a workspace saves the allocation and zeroing of those arrays (a few megabytes
/// for a 512 x 512 map), which can cost more than a short query itself. It also keeps
/// which neighbours of each cell expanded are passable, for the next runs on the same
/// [`GridMap`] as long as the map is not changed (a [`GridMap::set`] in between, or
/// another map, and the next run reads them from the map again).
#[derive(Clone, Debug)]
pub struct GridWorkspace<C> {
    nodes: FlatNodes,
    /// The open list when its keys pack into integers ([`open::packs_exactly`]).
    packed: FlatOpen<Packed, Ring>,
    /// The open list otherwise.
    exact: FlatOpen<Exact<C>, Heap<Exact<C>>>,
    copy: Option<GridMap>,
}

impl<C: GridCost> Default for GridWorkspace<C> {
    fn default() -> Self {
        GridWorkspace {
            nodes: FlatNodes {
                flags: Vec::new(),
                g: Vec::new(),
                parent: Vec::new(),
                touched: Vec::new(),
                around: Vec::new(),
                around_of: 0,
                known: Some(Vec::new()),
            },
            packed: FlatOpen::default(),
            exact: FlatOpen::default(),
            copy: None,
        }
    }
}

impl<C: GridCost> GridWorkspace<C> {
    /// An empty workspace; the first run sizes it.
    pub fn new() -> Self {
        Self::default()
    }
}

/// A cell not reached yet (flag bits).
const UNSEEN: u8 = 0;
/// A cell on the open list.
const OPEN: u8 = 1;
/// A cell expanded.
const CLOSED: u8 = 2;
/// The flag bits that hold the state; the bits above hold the move that reached the cell.
const STATE: u8 = 3;
/// The move index (see [`move_index`]) of the start, which no move reached.
const START: u8 = 4;

/// The index `(dy + 1) * 3 + dx + 1` of the move `(dx, dy)`, as the flags and the
/// [`DirectionTable`] take it.
#[inline(always)]
fn move_index(dx: i32, dy: i32) -> u8 {
    (dy * 3 + dx + 4) as u8
}

/// A path's cost as its numbers of straight and diagonal steps. Costs are compared and
/// queued as `straight * s + diagonal * d` ([`GridSearch::cost`]), computed the same way for
/// every path: paths of equal length get equal costs, also in floating point, where sums
/// taken in different orders may differ in the last bit. Equal `f` are then equal, and
/// the open list's stack ([`FlatOpen`]) takes the entries that keep the least `f` (on
/// `random512-10-0` with corner cutting this alone cut the expansions sevenfold: with
/// rounding noise in `f`, the search had widened among paths of the same length).
#[derive(Clone, Copy, Debug, Default)]
struct Steps {
    straight: u32,
    diagonal: u32,
}

impl Steps {
    /// The two counts in one word, as the nodes keep them (a vector of zeros then comes
    /// from zeroed memory, with nothing to write: a fresh workspace costs no pass over
    /// the map).
    #[inline(always)]
    fn to_bits(self) -> u64 {
        u64::from(self.straight) | u64::from(self.diagonal) << 32
    }

    #[inline(always)]
    fn from_bits(bits: u64) -> Steps {
        Steps {
            straight: bits as u32,
            diagonal: (bits >> 32) as u32,
        }
    }

    #[inline(always)]
    fn plus(self, straight: u32, diagonal: u32) -> Steps {
        Steps {
            straight: self.straight.saturating_add(straight),
            diagonal: self.diagonal.saturating_add(diagonal),
        }
    }
}

/// What the search knows of the cells, in flat arrays by cell index: a byte of flags
/// each (the array the jumps' lookups touch most, a quarter of a megabyte for 512 x 512)
/// with the state and the last move of the best path known, and the g-value and parent,
/// valid where the state is not `UNSEEN`, each in an array of its own so that a flag
/// lookup loads no cache line of them; and the neighbourhoods of the cells expanded, which
/// stay valid across runs on one map.
#[derive(Clone, Debug)]
struct FlatNodes {
    flags: Vec<u8>,
    /// [`Steps::to_bits`].
    g: Vec<u64>,
    parent: Vec<u32>,
    touched: Vec<u32>,
    /// The neighbourhood mask of each cell expanded on the map of revision `around_of`,
    /// with [`KNOWN`] set; zero for the others.
    around: Vec<u16>,
    around_of: u64,
    /// The cells whose neighbourhood is known, while there are at most [`FEW_KNOWN`]
    /// of them (then `None`): a run on another map resets only these.
    known: Option<Vec<u32>>,
}

/// The bit of [`FlatNodes::around`] that marks a neighbourhood as known (a mask has 9
/// bits).
const KNOWN: u16 = 1 << 15;

/// Of how many cells a [`FlatNodes`] lists those whose neighbourhood it knows, per cell of
/// the map: up to that share, resetting them one by one costs less than clearing the whole
/// array, so that queries that alternate between maps (short ones, on large maps) pay for
/// the cells they read and not for the map's size.
const FEW_KNOWN: usize = 32;

impl FlatNodes {
    /// Sizes the arrays for a map of `cells` cells, whose [`GridMap::revision`] is
    /// `revision`: the neighbourhoods known are dropped unless they are of that map.
    fn prepare(&mut self, cells: usize, revision: u64) {
        if self.flags.len() != cells {
            self.flags = vec![UNSEEN; cells];
            self.g = vec![0; cells];
            self.parent = vec![0; cells];
            self.around = vec![0; cells];
            self.known = Some(Vec::new());
        } else if self.around_of != revision {
            match &mut self.known {
                Some(known) => known.drain(..).for_each(|c| self.around[c as usize] = 0),
                None => {
                    self.around.fill(0);
                    self.known = Some(Vec::new());
                }
            }
        }
        self.around_of = revision;
    }

    /// Keeps `n | KNOWN` as the neighbourhood of `cell`, which was not known.
    #[inline(always)]
    fn learn(&mut self, cell: u32, n: u16) {
        self.around[cell as usize] = n | KNOWN;
        if let Some(known) = &mut self.known {
            if known.len() < self.around.len() / FEW_KNOWN {
                known.push(cell);
            } else {
                self.known = None;
            }
        }
    }

    fn clear(&mut self) {
        for &i in &self.touched {
            self.flags[i as usize] = UNSEEN;
        }
        self.touched.clear();
    }

    /// Stores `g`, `parent` (if any: see [`GridSearch::offer`]) and the move `m` that
    /// reached cell `i`, and marks it open.
    #[inline(always)]
    fn open(&mut self, i: usize, g: Steps, parent: Option<u32>, m: u8) {
        self.g[i] = g.to_bits();
        if let Some(parent) = parent {
            self.parent[i] = parent;
        }
        self.flags[i] = OPEN | m << 2;
    }

    /// The cell before cell `at` on the best path known: its parent where the search
    /// jumps (`J`), else the cell one step back along the move in its flags.
    fn before<const J: bool>(&self, at: u32, width: u32) -> u32 {
        if J {
            return self.parent[at as usize];
        }
        let m = i32::from(self.flags[at as usize] >> 2);
        let (dx, dy) = (m % 3 - 1, m / 3 - 1);
        at.wrapping_add_signed(-(dy * width as i32 + dx))
    }
}

/// [`run_in`] for the run's `mode`, jumping (`J`) or stepping.
fn run<C: GridCost, K: Key<C>, const J: bool>(
    ctx: MapBits<'_>,
    mode: u8,
    grid: &MapGrid<'_, C>,
    nodes: &mut FlatNodes,
    open: &mut FlatOpen<K, K::Queue>,
    start: Cell,
    mon: &mut Monitor<'_, C>,
) -> Result<Outcome<Cell, Direction, C>, (StopReason, Option<C>)> {
    if J {
        match mode {
            NEVER => run_in::<C, K, NEVER, JUMP>(ctx, grid, nodes, open, start, mon),
            CUT => run_in::<C, K, CUT, JUMP>(ctx, grid, nodes, open, start, mon),
            _ => run_in::<C, K, FOUR, JUMP>(ctx, grid, nodes, open, start, mon),
        }
    } else {
        // stepping needs only to know whether the grid is 4-connected: the corner rule
        // is in the table
        match mode {
            FOUR => run_in::<C, K, FOUR, STEP>(ctx, grid, nodes, open, start, mon),
            _ => run_in::<C, K, NEVER, STEP>(ctx, grid, nodes, open, start, mon),
        }
    }
}

/// The search proper, moving as `MODE` says (see [`jump`]) and jumping if `J`, else
/// stepping: `Ok` with how it ended, or `Err` with the limit that stopped it and a lower
/// bound.
///
/// A node's parent is reached by diagonal steps and then straight ones (see
/// [`GridSearch::expand`]); the flags keep the node's last move.
fn run_in<C: GridCost, K: Key<C>, const MODE: u8, const J: bool>(
    ctx: MapBits<'_>,
    grid: &MapGrid<'_, C>,
    nodes: &mut FlatNodes,
    open: &mut FlatOpen<K, K::Queue>,
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
    let goal = grid.goal.y * width + grid.goal.x;
    let si = start.y * width + start.x;
    let bound = mon.cost_bound();
    let mut sr = GridSearch {
        ctx,
        nodes,
        open,
        straight: grid.straight,
        diagonal: grid.diagonal,
        four: MODE == FOUR,
        bound,
        pruned: None,
        max_states: mon.max_states(),
    };
    let h0 = sr.cost(sr.estimate(start.x as i32, start.y as i32));
    if bound.is_some_and(|b| h0 > b) {
        return Err((StopReason::CostBound, Some(h0)));
    }
    sr.open.set_unit(grid.straight.to_f64());
    sr.nodes
        .open(si as usize, Steps::default(), Some(si), START);
    sr.nodes.touched.push(si);
    sr.open.push(K::new(h0, si));
    let mut dirs = Dirs::default();
    let polls = mon.polls();
    while let Some(e) = sr.open.pop() {
        let cell = e.cell();
        let i = cell as usize;
        let flag = sr.nodes.flags[i];
        if flag & STATE == CLOSED {
            continue;
        }
        if polls {
            mon.stats.stored = sr.nodes.touched.len();
            if let Some(reason) = mon.check() {
                return Err((reason, Some(e.f())));
            }
        }
        if cell == goal {
            mon.stats.stored = sr.nodes.touched.len();
            return Ok(Outcome::Found(trace::<C, J>(grid, sr.nodes, start, goal)));
        }
        sr.nodes.flags[i] = flag & !STATE | CLOSED;
        mon.stats.expanded += 1;
        let g = Steps::from_bits(sr.nodes.g[i]);
        let expanded = match J {
            JUMP => sr.expand::<MODE>(&mut mon.stats, cell, g, flag >> 2, &mut dirs),
            STEP => sr.step::<MODE>(&mut mon.stats, cell, g),
        };
        if expanded.is_err() {
            mon.stats.stored = sr.nodes.touched.len();
            return Err((StopReason::MaxStates, Some(e.f())));
        }
        mon.stats.max_frontier = mon.stats.max_frontier.max(sr.open.len());
    }
    mon.stats.stored = sr.nodes.touched.len();
    match sr.pruned {
        Some(lb) => Err((StopReason::CostBound, Some(lb))),
        None => Ok(Outcome::Exhausted),
    }
}

/// The path to `goal`, each jump expanded into single steps: from each jump point to the
/// next, diagonal steps first, then straight ones.
fn trace<C: GridCost, const J: bool>(
    grid: &MapGrid<'_, C>,
    nodes: &FlatNodes,
    start: Cell,
    goal: u32,
) -> Solution<Cell, Direction, C> {
    let width = grid.map.width();
    let xy = |cell: u32| ((cell % width) as i32, (cell / width) as i32);
    let mut points = vec![goal];
    let mut at = goal;
    // (the start is its own parent, and its flags hold the move `START`)
    while nodes.flags[at as usize] >> 2 != START {
        at = nodes.before::<J>(at, width);
        points.push(at);
    }
    points.reverse();
    let len = points
        .windows(2)
        .map(|pair| {
            let ((x, y), (bx, by)) = (xy(pair[0]), xy(pair[1]));
            x.abs_diff(bx).max(y.abs_diff(by)) as usize
        })
        .sum();
    let mut steps = Vec::with_capacity(len);
    let mut cost = C::ZERO;
    for pair in points.windows(2) {
        let ((mut x, mut y), (bx, by)) = (xy(pair[0]), xy(pair[1]));
        let (dx, dy) = ((bx - x).signum(), (by - y).signum());
        let (ox, oy) = (x.abs_diff(bx), y.abs_diff(by));
        // The diagonal part, then the straight one (along the longer side).
        let straight = if ox > oy { (dx, 0) } else { (0, dy) };
        for ((sx, sy), n) in [((dx, dy), ox.min(oy)), (straight, ox.abs_diff(oy))] {
            let Some(dir) = Direction::from_delta(sx, sy) else {
                continue;
            };
            let step_cost = grid.step_cost(dir);
            for _ in 0..n {
                x += sx;
                y += sy;
                cost = cost.saturating_add(step_cost);
                steps.push(Step {
                    action: dir,
                    state: Cell::new(x as u32, y as u32),
                    cost: step_cost,
                });
            }
        }
    }
    Solution { start, steps, cost }
}
