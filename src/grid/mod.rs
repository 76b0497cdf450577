//! Pathfinding on grid maps: maps, the Moving AI file formats, the grid [`Problem`] with
//! its distance heuristics, and jump point search.
//!
//! * [`Map`] is a grid's passability; [`GridMap`] stores it as bits (rows packed into
//!   64-bit words), [`FnMap`] asks a closure.
//! * [`parse_map`] and [`parse_scenarios`] read the Moving AI benchmark formats; errors
//!   ([`ParseError`]) say the line and column.
//! * [`Grid`] borrows a map and is a [`Problem`] with [`DenseIndex`] and [`Predecessors`]:
//!   states are [`Cell`]s, actions [`Direction`]s, with four or eight moves a cell
//!   ([`Connectivity`]), a rule for diagonal steps past blocked corners
//!   ([`CornerCutting`]) and straight and diagonal step costs of any [`GridCost`]
//!   (integers or [`OrderedF64`]). Every search of the crate runs on it.
//! * [`Grid::heuristic`] and [`Grid::distance`] give admissible estimates ([`Distance`]:
//!   Manhattan, octile, Chebyshev, Euclidean).
//! * [`jps`] ([`Jps`]) is jump point search, with block-based scans over the bit rows:
//!   optimal, and much faster than A\* on uniform-cost grids. [`grid_astar`]
//!   ([`GridAStar`]) is A\* on the same engine (flat arrays by cell, a packed open list),
//!   several times faster per node than the generic engine. Both reuse a
//!   [`GridWorkspace`] across queries.
//! * [`JumpTable`] holds a map's jumps for all queries on it (JPS+):
//!   [`Jps::search_with_table`] reads them instead of scanning, for many queries on a
//!   map that does not change and has long open lines (rooms, wide corridors).
//!
//! # Examples
//!
//! ```
//! use heurist::grid::{jps, parse_map, Cell, Grid};
//!
//! let text = "type octile\nheight 4\nwidth 6\nmap\n\
//!             ......\n\
//!             .@@@@.\n\
//!             ....@.\n\
//!             @@..@.\n";
//! let map = parse_map(text).unwrap();
//! let (start, goal) = (Cell::new(0, 2), Cell::new(5, 3));
//! let grid = Grid::octile(&map, goal)?; // 8-connected, no corner cutting, 1 and sqrt 2
//!
//! let astar = heurist::AStar::new().search_dense(&grid, start, grid.heuristic());
//! let jps = jps(&grid, start)?;
//! assert_eq!(astar.cost(), jps.cost());
//! let sol = jps.into_solution().unwrap();
//! assert_eq!(sol.steps.last().unwrap().state, goal);
//! assert_eq!(sol.cost.0, 10.0); // up, over the top row, down: no corner may be cut
//! # Ok::<(), heurist::grid::GridError>(())
//! ```
//!
//! [`Problem`]: crate::Problem
//! [`DenseIndex`]: crate::DenseIndex
//! [`Predecessors`]: crate::Predecessors
//! [`OrderedF64`]: crate::OrderedF64

mod cost;
mod heuristic;
mod map;
mod movingai;
mod problem;
mod scan;
mod search;

pub use cost::GridCost;
pub use heuristic::{Distance, Metric};
pub use map::{FnMap, GridMap, Map};
pub use movingai::{parse_map, parse_scenarios, terrain_passable, ParseError, Scenario};
pub use problem::{Cell, Connectivity, CornerCutting, Direction, Grid, GridError};
pub use search::{grid_astar, jps, GridAStar, GridResult, GridWorkspace, Jps, JumpTable};
