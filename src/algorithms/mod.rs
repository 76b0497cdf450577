//! The search algorithms, one module each: a function for the common case and a
//! configuration holding the settings that algorithm reads. All are re-exported at the
//! crate root. The bidirectional searches ([`bidirectional`]) need the problem's
//! [`Predecessors`](crate::Predecessors) and the goal states themselves.
//!
//! | function | configuration | optimal | complete | memory |
//! |---|---|---|---|---|
//! | [`bfs`](bfs::bfs) | [`Bfs`](bfs::Bfs) | fewest actions | yes | all reached states |
//! | [`Bfs::search_parallel`](bfs::Bfs::search_parallel) | [`Bfs`](bfs::Bfs) | fewest actions, on several threads ([`parallel`]) | yes | all reached states |
//! | [`AStar::search_parallel`](astar::AStar::search_parallel) | [`AStar`](astar::AStar) | least cost, with an admissible heuristic, on several threads | yes | all reached states |
//! | [`dfs`](dfs::dfs) | [`Dfs`](dfs::Dfs) | no | yes (finite graphs) | all reached states |
//! | [`iddfs`](iddfs::iddfs) | [`Iddfs`](iddfs::Iddfs) | fewest actions | yes | the current path |
//! | [`dijkstra`](dijkstra::dijkstra) | [`Dijkstra`](dijkstra::Dijkstra) | least cost | yes | all reached states |
//! | [`astar`](astar::astar) | [`AStar`](astar::AStar) | least cost, with an admissible heuristic | yes | all reached states |
//! | [`anytime_astar`](anytime::anytime_astar) | [`AnytimeAStar`](anytime::AnytimeAStar) | least cost at the end, with an admissible heuristic; before it, each better solution with a proven bound | yes | all reached states |
//! | [`weighted_astar`](weighted_astar::weighted_astar) | [`WeightedAStar`](weighted_astar::WeightedAStar) | cost at most `w` × optimal | yes | all reached states |
//! | [`greedy`](greedy::greedy) | [`Greedy`](greedy::Greedy) | no | yes (finite graphs) | all reached states |
//! | [`idastar`](idastar::idastar) | [`IdaStar`](idastar::IdaStar) | least cost, with an admissible heuristic | yes, with [`CycleCheck::Path`](crate::CycleCheck) | the current path |
//! | [`fringe`](fringe::fringe) | [`Fringe`](fringe::Fringe) | least cost, with an admissible heuristic | yes | all reached states |
//! | [`beam`](beam::beam) | [`Beam`](beam::Beam) | no (fewest actions when the width holds every layer) | no; yes with [`Beam::widening`](beam::Beam::widening) (finite graphs) | width × depth states |
//! | [`bidirectional_bfs`](bidirectional::bidirectional_bfs::bidirectional_bfs) | [`BidirectionalBfs`](bidirectional::bidirectional_bfs::BidirectionalBfs) | fewest actions | yes | the states of both searches |
//! | [`mm`](bidirectional::mm::mm) | [`Mm`](bidirectional::mm::Mm) | least cost, with admissible heuristics both ways | yes | the states of both searches |
//! | [`yen`](yen::yen) | [`Yen`](yen::Yen) | the `k` cheapest loopless paths | yes | one Dijkstra run's states, the paths and candidates |

pub mod anytime;
pub mod astar;
pub mod beam;
mod best_first;
pub mod bfs;
pub mod bidirectional;
mod deepening;
pub mod dfs;
pub mod dijkstra;
pub(crate) mod frames;
pub mod fringe;
pub mod greedy;
pub mod idastar;
pub mod iddfs;
pub mod parallel;
pub mod weighted_astar;
mod workspace;
pub mod yen;

pub use workspace::Workspace;

/// The result type of a search on problem `P`.
pub(crate) type ResultOf<P> = crate::search::SearchResult<
    <P as crate::traits::Problem>::State,
    <P as crate::traits::Problem>::Action,
    <P as crate::traits::Problem>::Cost,
>;

/// One step of problem `P`: a successor, or a step of a solution.
pub(crate) type StepOf<P> = crate::search::Step<
    <P as crate::traits::Problem>::State,
    <P as crate::traits::Problem>::Action,
    <P as crate::traits::Problem>::Cost,
>;
