//! Jump point search, the jumping expansion on the grid's engine.

use super::{search, GridResult, GridWorkspace, JumpTable, JUMP};
use crate::grid::{Cell, Grid, GridCost, GridError, Map};
use crate::search::{limit_methods, Limits};

/// Jump point search (Harabor and Grastien, 2011) from `start` to the grid's goal, with
/// the block-based scans of Harabor and Grastien (2014): an optimal path, found by
/// expanding only the cells where an optimal path may turn.
///
/// Works on 8-connected grids under every [`CornerCutting`](crate::grid::CornerCutting)
/// rule with `0 < straight <= diagonal <= 2 * straight`, and on 4-connected grids with
/// `straight > 0`. On 4-connected grids, horizontal moves take the part of diagonal ones:
/// a horizontal jump stops where a vertical scan finds something, a vertical scan stops at
/// a cell beside which a horizontal way opens up that the cell before it did not have.
///
/// The [`Solution`](crate::Solution) lists every cell of the path, one step at a time,
/// with its [`Direction`](crate::grid::Direction) and cost;
/// [`Stats::expanded`](crate::Stats) counts jump points expanded
/// and [`Stats::generated`](crate::Stats) the jump points found. Fails if the start is off
/// the map or blocked, or if the costs are not of the kind above.
///
/// [`Jps`] takes limits, a cancel token and a time limit, and reuses a [`GridWorkspace`]
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
pub fn jps<M, C>(grid: &Grid<'_, M, C>, start: Cell) -> Result<GridResult<C>, GridError>
where
    M: Map + ?Sized,
    C: GridCost,
{
    Jps::new().search(grid, start)
}

engine_config!(
    /// The configuration of [`jps`]: limits, a cancel token, a time limit, progress reports.
    ///
    /// The limits count jump points: an expansion is a jump point expanded, a stored state a
    /// jump point reached. When stopped by a limit, the result carries a proven lower bound
    /// on the optimal cost.
    ///
    /// # Examples
    ///
    /// ```
    /// use heurist::grid::{Cell, Grid, GridMap, Jps, GridWorkspace};
    /// use heurist::StopReason;
    ///
    /// let map = GridMap::from_fn(64, 64, |x, y| x % 8 != 4 || y % 16 == 0);
    /// let mut workspace = GridWorkspace::new();
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
    Jps,
    JUMP,
    "jump point search",
    "jps"
);

impl<C: GridCost> Jps<'_, C> {
    /// [`search_in`](Self::search_in) with the jumps read from `table`, built once for the
    /// grid's map and corner rule: the same path and the same jump points expanded, with
    /// fewer instructions a query. It is faster where jumps are long (rooms, wide
    /// corridors), not on maps dense with obstacles (see [`JumpTable`]).
    ///
    /// # Errors
    ///
    /// Those of [`search`](Self::search), and [`GridError::TableMismatch`] when the table
    /// was built for another map (the grid's map must be the very [`GridMap`] the table
    /// borrows) or another corner rule, or the grid is 4-connected.
    ///
    /// # Examples
    ///
    /// ```
    /// use heurist::grid::{Cell, CornerCutting, Grid, GridError, GridMap, GridWorkspace, Jps, JumpTable};
    ///
    /// let map = GridMap::from_fn(32, 32, |x, y| x % 6 != 3 || y % 9 == 0);
    /// let table = JumpTable::new(&map, CornerCutting::Never)?;
    /// let mut workspace = GridWorkspace::new();
    /// let (start, goal) = (Cell::new(0, 0), Cell::new(31, 31));
    /// let grid = Grid::octile(&map, goal)?;
    /// let found = Jps::new().search_with_table(&mut workspace, &table, &grid, start)?;
    /// assert_eq!(found.cost(), Jps::new().search(&grid, start)?.cost());
    ///
    /// // a table answers for its own map and corner rule only
    /// let cutting = Grid::octile(&map, goal)?.corner_cutting(CornerCutting::Allowed);
    /// let refused = Jps::new().search_with_table(&mut workspace, &table, &cutting, start);
    /// assert!(matches!(refused, Err(GridError::TableMismatch)));
    /// # Ok::<(), GridError>(())
    /// ```
    ///
    /// [`GridMap`]: crate::grid::GridMap
    pub fn search_with_table<M: Map + ?Sized>(
        &self,
        workspace: &mut GridWorkspace<C>,
        table: &JumpTable<'_>,
        grid: &Grid<'_, M, C>,
        start: Cell,
    ) -> Result<GridResult<C>, GridError> {
        search::<M, C, JUMP>(&self.limits, workspace, grid, start, Some(table))
    }
}
