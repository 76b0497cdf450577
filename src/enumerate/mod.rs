//! Enumeration: the states a search reaches, the goal states, every optimal solution, and
//! the number of paths to the goals.
//!
//! | function | configuration method | yields |
//! |---|---|---|
//! | [`bfs_reach`] | [`Bfs::reach`](crate::Bfs::reach) | each reachable state with its depth, breadth-first |
//! | [`dfs_reach`] | [`Dfs::reach`](crate::Dfs::reach) | each reachable state with its depth, depth-first |
//! | — | [`Dfs::goals`](crate::Dfs::goals) | each reachable goal state |
//! | [`dijkstra_reach`] | [`Dijkstra::reach`](crate::Dijkstra::reach) | each reachable state with its least cost, cheapest first |
//! | [`astar_all_optimal`] | [`AStar::all_optimal`](crate::AStar::all_optimal) | every optimal solution, and their number |
//! | [`count_paths`] | [`Dfs::count_paths`](crate::Dfs::count_paths) | the number of paths to the goals of an acyclic space |
//!
//! The names follow one scheme: the function is the algorithm's name and the method's
//! (`bfs_reach` runs [`Bfs::reach`](crate::Bfs::reach), `astar_all_optimal` runs
//! [`AStar::all_optimal`](crate::AStar::all_optimal)); what the method returns is named for
//! the method ([`Goals`], [`AllOptimal`]), with the algorithm's name in front where several
//! algorithms have the method ([`BfsReach`], [`DfsReach`], [`DijkstraReach`]). Counting
//! paths is depth-first only, so [`count_paths`] needs no prefix.
//!
//! The iterators expand states as they are asked for the next one, obey the
//! configuration's limits (a limit ends them, and `stop_reason` says which), and keep
//! [`Stats`](crate::Stats). [`count_paths`] answers with the count or a [`CountError`]: a
//! cycle, an overflow, or the limit that stopped it.

mod count;
mod optimal;
mod reach;

pub use count::{count_paths, CountError};
pub use optimal::{astar_all_optimal, AllOptimal};
pub use reach::{bfs_reach, dfs_reach, dijkstra_reach, BfsReach, DfsReach, DijkstraReach, Goals};
