//! The search algorithms, one module each. All are re-exported at the crate root.
//!
//! | function | optimal | complete | memory |
//! |---|---|---|---|
//! | [`bfs`](bfs::bfs) | fewest actions | yes | all reached states |
//! | [`dfs`](dfs::dfs) | no | yes (finite graphs) | all reached states |
//! | [`iddfs`](iddfs::iddfs) | fewest actions | yes | the current path |
//! | [`dijkstra`](dijkstra::dijkstra) | least cost | yes | all reached states |
//! | [`astar`](astar::astar) | least cost, with an admissible heuristic | yes | all reached states |
//! | [`weighted_astar`](weighted_astar::weighted_astar) | cost at most `w` × optimal | yes | all reached states |
//! | [`greedy`](greedy::greedy) | no | yes (finite graphs) | all reached states |
//! | [`idastar`](idastar::idastar) | least cost, with an admissible heuristic | yes, with [`CycleCheck::Path`](crate::CycleCheck) | the current path |

pub mod astar;
mod best_first;
pub mod bfs;
mod deepening;
pub mod dfs;
pub mod dijkstra;
pub mod greedy;
pub mod idastar;
pub mod iddfs;
pub mod weighted_astar;

/// The result type of a search on problem `P`.
pub(crate) type ResultOf<P> = crate::search::SearchResult<
    <P as crate::traits::Problem>::State,
    <P as crate::traits::Problem>::Action,
    <P as crate::traits::Problem>::Cost,
>;
