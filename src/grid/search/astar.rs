//! A\* on the grid's engine: an expansion offers the neighbours one step away.

use super::jump::{GridSearch, FOUR};
use super::open::{Key, Queue};
use super::rules::DIRECTIONS;
use super::{move_index, search, GridResult, GridWorkspace, Steps, START, STATE, STEP};
use crate::grid::{Cell, Grid, GridCost, GridError, Map};
use crate::search::{limit_methods, Limits};
use crate::Stats;

/// A\* from `start` to the grid's goal on the grid's own engine: the octile estimate (the
/// Manhattan one on 4-connected grids), and the flat arrays, packed open list and step
/// counts of [`jps`](super::jps), which make it several times faster per node than the
/// generic [`AStar`](crate::AStar) on the same [`Grid`].
///
/// Use it where jump point search does not pay, or to check it: it expands every cell
/// whose `f` is below the optimum, one step at a time. Among entries of equal `f` it takes
/// the newest first, so it follows one of the many paths of equal length toward the goal
/// instead of widening among them (except where entries seldom tie, as in corridors: the
/// open list is then a plain heap, which orders only by `f`).
///
/// Costs must be of the kind [`jps`](super::jps) takes (`0 < straight <= diagonal <= 2 *
/// straight` on 8-connected grids), for which the estimate is admissible and consistent;
/// other costs are a [`GridError::UnsupportedCosts`], and the generic engine takes them.
/// Costs are summed as counts of straight and diagonal steps, so paths of equal length
/// get equal costs also with [`OrderedF64`](crate::OrderedF64), where sums taken in
/// different orders may differ in their last bit.
///
/// [`GridAStar`] takes limits and reuses a [`GridWorkspace`] across queries.
///
/// # Examples
///
/// ```
/// use heurist::grid::{grid_astar, jps, parse_map, Cell, Grid};
///
/// let map = parse_map("type octile\nheight 3\nwidth 5\nmap\n.....\n.@@@.\n.....\n").unwrap();
/// let grid = Grid::octile(&map, Cell::new(4, 0))?;
/// let found = grid_astar(&grid, Cell::new(0, 2))?;
/// assert_eq!(found.cost(), jps(&grid, Cell::new(0, 2))?.cost());
/// let sol = found.into_solution().unwrap();
/// assert_eq!(sol.cost.0, 6.0); // up the west side, then along the top: no corner cut
/// # Ok::<(), heurist::grid::GridError>(())
/// ```
pub fn grid_astar<M, C>(grid: &Grid<'_, M, C>, start: Cell) -> Result<GridResult<C>, GridError>
where
    M: Map + ?Sized,
    C: GridCost,
{
    GridAStar::new().search(grid, start)
}

engine_config!(
    /// The configuration of [`grid_astar`]: limits, a cancel token, a time limit, progress
    /// reports. When stopped by a limit, the result carries a proven lower bound on the
    /// optimal cost.
    ///
    /// # Examples
    ///
    /// Many queries on one map, in one workspace:
    ///
    /// ```
    /// use heurist::grid::{Cell, Grid, GridAStar, GridMap, GridWorkspace};
    ///
    /// let map = GridMap::from_fn(64, 64, |x, y| x % 8 != 4 || y % 16 == 0);
    /// let mut workspace = GridWorkspace::new();
    /// let astar = GridAStar::new().max_expansions(100_000);
    /// for (goal, start) in [(Cell::new(63, 63), Cell::new(0, 0)), (Cell::new(5, 5), Cell::new(61, 1))] {
    ///     let grid = Grid::new(&map, goal, 2u32, 3)?;
    ///     let generic = heurist::AStar::new().search_dense(&grid, start, grid.heuristic());
    ///     assert_eq!(astar.search_in(&mut workspace, &grid, start)?.cost(), generic.cost());
    /// }
    /// # Ok::<(), heurist::grid::GridError>(())
    /// ```
    GridAStar,
    STEP,
    "A\\*",
    "grid_astar"
);

/// The straight neighbours in a neighbourhood mask (offsets `(0, -1)`, `(-1, 0)`, `(1, 0)`
/// and `(0, 1)`): a 4-connected grid looks its moves up with the others masked out.
const STRAIGHT_NEIGHBOURS: usize = 1 << 1 | 1 << 3 | 1 << 5 | 1 << 7;

impl<C: GridCost, K: Key<C>, Q: Queue<K>> GridSearch<'_, '_, C, K, Q> {
    /// Expands `cell`, reached at cost `g`: offers each neighbour the grid's moves reach,
    /// looked up from the cell's neighbourhood as at the start of a jump point search
    /// (every move allowed, none pruned). `Err` when the memory bound stops the run.
    #[inline(always)]
    pub(super) fn step<const MODE: u8>(
        &mut self,
        stats: &mut Stats,
        cell: u32,
        g: Steps,
    ) -> Result<(), ()> {
        let (x, y) = self.ctx.xy(cell);
        let mut around = self.neighbourhood(cell, |map| map.row_bit(x, y));
        if MODE == FOUR {
            around &= STRAIGHT_NEIGHBOURS;
        }
        // (`search` gives a stepping run its table on every grid)
        let Some(table) = self.ctx.table else {
            return Ok(());
        };
        let width = self.ctx.width as i32;
        // a straight and a diagonal step (the directions alternate, straight ones at the
        // even bits), with their costs, computed once for the neighbours
        let steps = [g.plus(1, 0), g.plus(0, 1)];
        let costs = [self.cost(steps[0]), self.cost(steps[1])];
        let mut set = table[START as usize][around];
        stats.generated += u64::from(set.count_ones());
        let mut duplicates = 0;
        while set != 0 {
            let bit = set.trailing_zeros() as usize;
            set &= set - 1;
            let (dx, dy) = DIRECTIONS[bit];
            let j = cell.wrapping_add_signed(dy * width + dx);
            let state = self.nodes.flags[j as usize] & STATE;
            if self.known(state, j, costs[bit % 2]) {
                duplicates += 1;
                continue;
            }
            // (no parent stored: the move in the flags leads back to it)
            let offered = self.offer(
                state,
                None,
                j,
                x + dx,
                y + dy,
                steps[bit % 2],
                move_index(dx, dy),
            );
            if offered.is_err() {
                stats.duplicates += duplicates;
                return offered;
            }
        }
        stats.duplicates += duplicates;
        Ok(())
    }
}
