//! The grid pathfinding problem: cells, moves, corner rules, step costs and a goal.

use std::fmt;

use super::{GridCost, Map};
use crate::traits::{DenseIndex, Predecessors, Problem, Successors};

/// A cell of a grid: `x` is the column and `y` the row, both from 0 at the top-left.
///
/// Eight bytes, `Copy`, hashed as two integers; as a search state it is also numbered
/// densely by its grid ([`DenseIndex`]: `y * width + x`).
///
/// # Examples
///
/// ```
/// use heurist::grid::{Cell, Direction};
///
/// let c = Cell::new(3, 4);
/// assert_eq!(c.step(Direction::NorthEast), Some(Cell::new(4, 3)));
/// assert_eq!(Cell::new(0, 0).step(Direction::West), None);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// The column.
    pub x: u32,
    /// The row.
    pub y: u32,
}

impl Cell {
    /// The cell in column `x`, row `y`.
    pub const fn new(x: u32, y: u32) -> Self {
        Cell { x, y }
    }

    /// The neighbour in direction `dir`, if its coordinates do not leave `u32`.
    #[inline]
    pub fn step(self, dir: Direction) -> Option<Cell> {
        let (dx, dy) = dir.delta();
        Some(Cell {
            x: self.x.checked_add_signed(dx)?,
            y: self.y.checked_add_signed(dy)?,
        })
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

/// A move on the grid. North is up (toward row 0), east is right (toward higher columns).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    /// Up: `y - 1`.
    North,
    /// Up and right.
    NorthEast,
    /// Right: `x + 1`.
    East,
    /// Down and right.
    SouthEast,
    /// Down: `y + 1`.
    South,
    /// Down and left.
    SouthWest,
    /// Left: `x - 1`.
    West,
    /// Up and left.
    NorthWest,
}

impl Direction {
    /// All eight, clockwise from north.
    pub const ALL: [Direction; 8] = [
        Direction::North,
        Direction::NorthEast,
        Direction::East,
        Direction::SouthEast,
        Direction::South,
        Direction::SouthWest,
        Direction::West,
        Direction::NorthWest,
    ];

    /// The four straight ones, clockwise from north.
    pub const STRAIGHT: [Direction; 4] = [
        Direction::North,
        Direction::East,
        Direction::South,
        Direction::West,
    ];

    /// `(dx, dy)`, each -1, 0 or 1.
    #[inline]
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Direction::North => (0, -1),
            Direction::NorthEast => (1, -1),
            Direction::East => (1, 0),
            Direction::SouthEast => (1, 1),
            Direction::South => (0, 1),
            Direction::SouthWest => (-1, 1),
            Direction::West => (-1, 0),
            Direction::NorthWest => (-1, -1),
        }
    }

    /// The direction with this `(dx, dy)` (each -1, 0 or 1, not both 0).
    #[inline]
    pub const fn from_delta(dx: i32, dy: i32) -> Option<Direction> {
        Some(match (dx, dy) {
            (0, -1) => Direction::North,
            (1, -1) => Direction::NorthEast,
            (1, 0) => Direction::East,
            (1, 1) => Direction::SouthEast,
            (0, 1) => Direction::South,
            (-1, 1) => Direction::SouthWest,
            (-1, 0) => Direction::West,
            (-1, -1) => Direction::NorthWest,
            _ => return None,
        })
    }

    /// Whether the move changes both coordinates.
    #[inline]
    pub const fn is_diagonal(self) -> bool {
        let (dx, dy) = self.delta();
        dx != 0 && dy != 0
    }

    /// The way back.
    #[inline]
    pub const fn opposite(self) -> Direction {
        match self {
            Direction::North => Direction::South,
            Direction::NorthEast => Direction::SouthWest,
            Direction::East => Direction::West,
            Direction::SouthEast => Direction::NorthWest,
            Direction::South => Direction::North,
            Direction::SouthWest => Direction::NorthEast,
            Direction::West => Direction::East,
            Direction::NorthWest => Direction::SouthEast,
        }
    }
}

/// Which moves a grid allows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Connectivity {
    /// North, east, south and west.
    Four,
    /// The four straight moves and the four diagonal ones.
    #[default]
    Eight,
}

/// When a diagonal step may pass the corners of blocked cells. A diagonal step from `a` to
/// `b` passes between the two cells that are orthogonal neighbours of both; `b` must be
/// passable under every rule.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CornerCutting {
    /// Both cells passed between must be passable: no corner is cut. The rule of the
    /// Moving AI benchmarks.
    #[default]
    Never,
    /// At least one of the two must be passable: a step may cut one blocked corner but may
    /// not squeeze between two blocked cells that touch diagonally.
    NoSqueezing,
    /// Only the target matters: a step may pass between two blocked cells.
    Allowed,
}

/// Why a grid, a query or a jump point search cannot be set up.
#[derive(Clone, Debug, PartialEq)]
pub enum GridError {
    /// The cell lies outside the map.
    OutsideMap {
        /// Which cell is meant: `"start"` or `"goal"`.
        role: &'static str,
        /// The cell.
        cell: Cell,
        /// The map's width.
        width: u32,
        /// The map's height.
        height: u32,
    },
    /// The cell is blocked.
    Blocked {
        /// Which cell is meant: `"start"` or `"goal"`.
        role: &'static str,
        /// The cell.
        cell: Cell,
    },
    /// A step cost is negative, NaN or infinite.
    InvalidCost {
        /// The straight step cost, as a float.
        straight: f64,
        /// The diagonal step cost, as a float.
        diagonal: f64,
    },
    /// Jump point search needs `0 < straight <= diagonal <= 2 * straight` on 8-connected
    /// grids (`straight > 0` on 4-connected ones): only then are its pruning rules optimal.
    UnsupportedCosts {
        /// The straight step cost, as a float.
        straight: f64,
        /// The diagonal step cost, as a float.
        diagonal: f64,
    },
    /// A [`JumpTable`](crate::grid::JumpTable) was given for a grid it was not built for:
    /// another map, another corner rule, or a 4-connected grid.
    TableMismatch,
    /// Building a [`JumpTable`](crate::grid::JumpTable) would take more memory than its
    /// budget ([`JumpTable::with_max_bytes`](crate::grid::JumpTable::with_max_bytes)).
    TableTooLarge {
        /// The bytes the build needs at its peak.
        needed: u64,
        /// The budget.
        budget: u64,
    },
    /// The map has more than `u32::MAX` cells.
    MapTooLarge {
        /// The map's width.
        width: u32,
        /// The map's height.
        height: u32,
    },
}

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GridError::OutsideMap {
                role,
                cell,
                width,
                height,
            } => write!(f, "the {role} {cell} is outside the {width}x{height} map"),
            GridError::Blocked { role, cell } => write!(f, "the {role} {cell} is blocked"),
            GridError::InvalidCost { straight, diagonal } => write!(
                f,
                "step costs must be finite and non-negative (straight {straight}, diagonal {diagonal})"
            ),
            GridError::UnsupportedCosts { straight, diagonal } => write!(
                f,
                "jump point search needs 0 < straight <= diagonal <= 2 * straight \
                 (straight {straight}, diagonal {diagonal})"
            ),
            GridError::TableTooLarge { needed, budget } => write!(
                f,
                "a jump table for this map needs {needed} bytes to build, more than the \
                 budget of {budget} (JumpTable::with_max_bytes)"
            ),
            GridError::TableMismatch => write!(
                f,
                "the jump table was built for another map or corner rule, or the grid is \
                 not 8-connected"
            ),
            GridError::MapTooLarge { width, height } => {
                write!(f, "the {width}x{height} map has more than u32::MAX cells")
            }
        }
    }
}

impl std::error::Error for GridError {}

/// Pathfinding on a grid map: a [`Problem`] whose states are [`Cell`]s and whose actions
/// are [`Direction`]s, with a [`DenseIndex`] (`y * width + x`) and [`Predecessors`] (every
/// move can be undone at the same cost).
///
/// It borrows its map, so building one is cheap: many queries on one map each build
/// their own, or change the goal with [`with_goal`](Grid::with_goal). The defaults are
/// 8-connected moves without corner cutting ([`CornerCutting::Never`]).
///
/// The search must start on the map: [`check_start`](Grid::check_start) says whether a
/// start is usable (a start outside the map would be given an index beyond
/// [`index_bound`](DenseIndex::index_bound)). A blocked start has no successors.
///
/// # Examples
///
/// ```
/// use heurist::grid::{parse_map, Cell, Connectivity, CornerCutting, Grid};
///
/// let map = parse_map("type octile\nheight 3\nwidth 3\nmap\n...\n.@.\n...\n").unwrap();
/// // 8-connected, straight steps 10, diagonal steps 14.
/// let grid = Grid::new(&map, Cell::new(2, 2), 10u32, 14)?;
/// let r = heurist::AStar::new().search_dense(&grid, Cell::new(0, 0), grid.heuristic());
/// assert_eq!(r.cost(), Some(40)); // no corner may be cut: around the wall
///
/// let cutting = grid.corner_cutting(CornerCutting::Allowed);
/// assert_eq!(heurist::astar(&cutting, Cell::new(0, 0), |c| cutting.heuristic().estimate_cell(*c)).cost(), Some(34));
///
/// let four = Grid::new(&map, Cell::new(2, 2), 1u32, 1)?.connectivity(Connectivity::Four);
/// assert_eq!(heurist::dijkstra(&four, Cell::new(0, 0)).cost(), Some(4));
/// # Ok::<(), heurist::grid::GridError>(())
/// ```
pub struct Grid<'m, M: ?Sized, C> {
    pub(crate) map: &'m M,
    pub(crate) connectivity: Connectivity,
    pub(crate) corners: CornerCutting,
    pub(crate) straight: C,
    pub(crate) diagonal: C,
    pub(crate) goal: Cell,
}

impl<M: ?Sized, C: Copy> Clone for Grid<'_, M, C> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<M: ?Sized, C: Copy> Copy for Grid<'_, M, C> {}

impl<M: ?Sized, C: fmt::Debug> fmt::Debug for Grid<'_, M, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Grid")
            .field("connectivity", &self.connectivity)
            .field("corners", &self.corners)
            .field("straight", &self.straight)
            .field("diagonal", &self.diagonal)
            .field("goal", &self.goal)
            .finish_non_exhaustive()
    }
}

impl<'m, M: Map + ?Sized> Grid<'m, M, crate::OrderedF64> {
    /// The Moving AI setting: 8-connected, no corner cutting, straight steps 1 and
    /// diagonal steps sqrt 2, as [`OrderedF64`](crate::OrderedF64).
    pub fn octile(map: &'m M, goal: Cell) -> Result<Self, GridError> {
        Grid::new(
            map,
            goal,
            crate::OrderedF64(1.0),
            crate::OrderedF64(std::f64::consts::SQRT_2),
        )
    }
}

impl<'m, M: Map + ?Sized, C: GridCost> Grid<'m, M, C> {
    /// An 8-connected grid without corner cutting on `map`, reaching for `goal`, with these
    /// step costs. Fails if the goal is outside the map or blocked, if a cost is negative,
    /// NaN or infinite, or if the map has more than `u32::MAX` cells.
    pub fn new(map: &'m M, goal: Cell, straight: C, diagonal: C) -> Result<Self, GridError> {
        let (w, h) = (map.width(), map.height());
        if u64::from(w) * u64::from(h) > u64::from(u32::MAX) {
            return Err(GridError::MapTooLarge {
                width: w,
                height: h,
            });
        }
        let (s, d) = (straight.to_f64(), diagonal.to_f64());
        if !(s.is_finite() && d.is_finite() && s >= 0.0 && d >= 0.0) {
            return Err(GridError::InvalidCost {
                straight: s,
                diagonal: d,
            });
        }
        let grid = Grid {
            map,
            connectivity: Connectivity::Eight,
            corners: CornerCutting::Never,
            straight,
            diagonal,
            goal,
        };
        grid.check_cell(goal, "goal")?;
        Ok(grid)
    }

    /// The same grid with another goal; the map is not copied.
    pub fn with_goal(self, goal: Cell) -> Result<Self, GridError> {
        self.check_cell(goal, "goal")?;
        Ok(Grid { goal, ..self })
    }

    /// Whether `start` can start a search: inside the map and passable.
    pub fn check_start(&self, start: Cell) -> Result<(), GridError> {
        self.check_cell(start, "start")
    }

    fn check_cell(&self, cell: Cell, role: &'static str) -> Result<(), GridError> {
        let (width, height) = (self.map.width(), self.map.height());
        if cell.x >= width || cell.y >= height {
            return Err(GridError::OutsideMap {
                role,
                cell,
                width,
                height,
            });
        }
        if !self.map.is_passable(cell.x, cell.y) {
            return Err(GridError::Blocked { role, cell });
        }
        Ok(())
    }
}

impl<'m, M: Map + ?Sized, C: Copy> Grid<'m, M, C> {
    /// The same grid with four or eight moves a cell.
    pub fn connectivity(self, connectivity: Connectivity) -> Self {
        Grid {
            connectivity,
            ..self
        }
    }

    /// The same grid with another rule for diagonal steps past blocked corners.
    pub fn corner_cutting(self, corners: CornerCutting) -> Self {
        Grid { corners, ..self }
    }

    /// The map.
    pub fn map(&self) -> &'m M {
        self.map
    }

    /// The goal cell.
    pub fn goal(&self) -> Cell {
        self.goal
    }

    /// Four or eight moves a cell.
    pub fn moves(&self) -> Connectivity {
        self.connectivity
    }

    /// The rule for diagonal steps.
    pub fn corners(&self) -> CornerCutting {
        self.corners
    }

    /// The cost of a straight step.
    pub fn straight_cost(&self) -> C {
        self.straight
    }

    /// The cost of a diagonal step.
    pub fn diagonal_cost(&self) -> C {
        self.diagonal
    }

    #[inline]
    fn free(&self, x: u32, y: u32) -> bool {
        self.map.is_passable(x, y)
    }

    /// Whether a step in `dir` from `from` is allowed (both cells passable and, for a
    /// diagonal step, the corner rule met), and where it leads.
    #[inline]
    pub fn step(&self, from: Cell, dir: Direction) -> Option<Cell> {
        if self.connectivity == Connectivity::Four && dir.is_diagonal() {
            return None;
        }
        if !self.free(from.x, from.y) {
            return None;
        }
        let to = from.step(dir)?;
        if !self.free(to.x, to.y) {
            return None;
        }
        if dir.is_diagonal() {
            let a = self.free(to.x, from.y);
            let b = self.free(from.x, to.y);
            let ok = match self.corners {
                CornerCutting::Never => a && b,
                CornerCutting::NoSqueezing => a || b,
                CornerCutting::Allowed => true,
            };
            if !ok {
                return None;
            }
        }
        Some(to)
    }

    /// The cost of a step in `dir`.
    #[inline]
    pub fn step_cost(&self, dir: Direction) -> C {
        if dir.is_diagonal() {
            self.diagonal
        } else {
            self.straight
        }
    }

    /// The moves allowed from `from`, with the cell each leads to (moves are reversible,
    /// so these are also the cells from which a step leads into `from`).
    #[inline]
    fn steps_from(&self, from: Cell) -> impl Iterator<Item = (Direction, Cell)> + use<M, C> {
        let mut bits = self.step_bits(from);
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let dir = Direction::ALL[bits.trailing_zeros() as usize];
            bits &= bits - 1;
            let (dx, dy) = dir.delta();
            let to = Cell::new(
                from.x.wrapping_add_signed(dx),
                from.y.wrapping_add_signed(dy),
            );
            Some((dir, to))
        })
    }

    /// The moves allowed from `from`, as bits: bit `i` for [`Direction::ALL`]`[i]`. Reads
    /// each of the eight neighbours once, where stepping in every direction with
    /// [`step`](Self::step) would read each cell up to three times.
    #[inline]
    fn step_bits(&self, from: Cell) -> u8 {
        let around = match self.map.as_grid_map() {
            Some(bits) => match bits.neighbours(from.x, from.y) {
                Some(around) => around,
                None => return 0,
            },
            None => {
                if !self.free(from.x, from.y) {
                    return 0;
                }
                let mut around = 0u8;
                for (i, dir) in Direction::ALL.into_iter().enumerate() {
                    if let Some(to) = from.step(dir) {
                        around |= u8::from(self.free(to.x, to.y)) << i;
                    }
                }
                around
            }
        };
        // the straight neighbours on either side of each diagonal (bits 1, 3, 5, 7)
        let (cw, ccw) = (around.rotate_right(1), around.rotate_left(1));
        let corners = match self.corners {
            CornerCutting::Never => cw & ccw,
            CornerCutting::NoSqueezing => cw | ccw,
            CornerCutting::Allowed => 0xFF,
        };
        let diagonal = match self.connectivity {
            Connectivity::Four => 0,
            Connectivity::Eight => 0b1010_1010,
        };
        around & (0b0101_0101 | (diagonal & corners))
    }
}

impl<M: Map + ?Sized, C: GridCost> Problem for Grid<'_, M, C> {
    type State = Cell;
    type Action = Direction;
    type Cost = C;

    #[inline]
    fn is_goal(&self, state: &Cell) -> bool {
        *state == self.goal
    }

    #[inline]
    fn successors(&self, &cell: &Cell, out: &mut Successors<Cell, Direction, C>) {
        for (dir, to) in self.steps_from(cell) {
            out.push(dir, to, self.step_cost(dir));
        }
    }
}

impl<M: Map + ?Sized, C: GridCost> Predecessors for Grid<'_, M, C> {
    /// The cells from which one step leads into `state`, with the forward direction.
    #[inline]
    fn predecessors(&self, &cell: &Cell, out: &mut Successors<Cell, Direction, C>) {
        for (dir, from) in self.steps_from(cell) {
            out.push(dir.opposite(), from, self.step_cost(dir));
        }
    }
}

impl<M: Map + ?Sized, C: GridCost> DenseIndex for Grid<'_, M, C> {
    #[inline]
    fn index_bound(&self) -> usize {
        self.map.width() as usize * self.map.height() as usize
    }
    #[inline]
    fn index(&self, cell: &Cell) -> usize {
        cell.y as usize * self.map.width() as usize + cell.x as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::GridMap;

    /// The successors and predecessors read from the neighbourhood bits are the steps
    /// `step` allows, on every cell of a map with walls, edges and corners, for every
    /// connectivity and corner rule.
    #[test]
    fn moves_are_the_steps_allowed() {
        let free = |x: u32, y: u32| (x * 7 + y * 3 + x * y) % 5 != 0;
        // the bit rows of a GridMap, and one cell at a time through a closure
        moves_match_steps(&GridMap::from_fn(9, 7, free));
        moves_match_steps(&crate::grid::FnMap::new(9, 7, free));
    }

    fn moves_match_steps<M: Map + ?Sized>(map: &M) {
        for connectivity in [Connectivity::Four, Connectivity::Eight] {
            for corners in [
                CornerCutting::Never,
                CornerCutting::NoSqueezing,
                CornerCutting::Allowed,
            ] {
                let grid = Grid::new(map, Cell::new(1, 1), 2u32, 3)
                    .unwrap()
                    .connectivity(connectivity)
                    .corner_cutting(corners);
                for y in 0..7 {
                    for x in 0..9 {
                        let cell = Cell::new(x, y);
                        let expected: Vec<_> = Direction::ALL
                            .into_iter()
                            .filter_map(|d| Some((d, grid.step(cell, d)?, grid.step_cost(d))))
                            .collect();
                        let mut out = Successors::new();
                        grid.successors(&cell, &mut out);
                        let got: Vec<_> = out.iter().map(|s| (s.action, s.state, s.cost)).collect();
                        assert_eq!(got, expected, "{cell:?} {connectivity:?} {corners:?}");
                        out.clear();
                        grid.predecessors(&cell, &mut out);
                        let back: Vec<_> = out
                            .iter()
                            .map(|s| (s.action.opposite(), s.state, s.cost))
                            .collect();
                        assert_eq!(back, expected);
                    }
                }
            }
        }
    }
}
