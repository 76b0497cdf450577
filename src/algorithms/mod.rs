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
//! | [`AStar::search_parallel_batched`](astar::AStar::search_parallel_batched) | [`AStar`](astar::AStar) | least cost, with an admissible heuristic, on several threads in rounds | yes | all reached states |
//! | [`IdaStar::search_parallel`](idastar::IdaStar::search_parallel) | [`IdaStar`](idastar::IdaStar) | least cost, with an admissible heuristic, on several threads: the serial search's solution | yes, with [`CycleCheck::Path`](crate::CycleCheck) | the current path, a thread |
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
//!
//! # Where things live
//!
//! Each algorithm has a configuration and a function in a file of its name (`astar.rs`:
//! [`AStar`](astar::AStar) and [`astar`](astar::astar)); the configuration's `search*`
//! methods hand over to an engine, often shared; variants that return something other
//! than one solution, or run on several threads, live where their engine does. Paths are
//! relative to `src/`.
//!
//! | algorithm | configuration, function | engine | variants |
//! |---|---|---|---|
//! | breadth-first | `algorithms/bfs.rs` | `algorithms/bfs.rs`, nodes in `collections/bfs_store.rs` | `Bfs::reach`, `bfs_reach`: `enumerate/reach.rs`; `Bfs::search_parallel`: `algorithms/parallel/level_bfs.rs`; bidirectional: `algorithms/bidirectional/bidirectional_bfs.rs`; on disk: `disk/` |
//! | depth-first | `algorithms/dfs.rs` | `algorithms/dfs.rs`, the path in `algorithms/frames.rs` | `Dfs::reach`, `Dfs::goals`: `enumerate/reach.rs`; `Dfs::count_paths`: `enumerate/count.rs` |
//! | IDDFS | `algorithms/iddfs.rs` | `algorithms/deepening/` (threshold on depth) | — |
//! | Dijkstra | `algorithms/dijkstra.rs` | `algorithms/best_first.rs` (`DijkstraPolicy`); dense indexes: `algorithms/workspace.rs` | `Dijkstra::reach`, `dijkstra_reach`: `enumerate/reach.rs`; Yen's k shortest paths: `algorithms/yen.rs` |
//! | A\* | `algorithms/astar.rs` | `algorithms/best_first.rs` (`AStarPolicy`); dense indexes: `algorithms/workspace.rs` | `AStar::search_parallel` (HDA\*): `algorithms/parallel/hda.rs`; `AStar::search_parallel_batched`: `algorithms/parallel/batched.rs` (both through `algorithms/parallel/astar_common.rs`); `AStar::all_optimal`, `astar_all_optimal`: `enumerate/optimal.rs` |
//! | weighted A\* | `algorithms/weighted_astar.rs` | `algorithms/best_first.rs` (`WeightedPolicy`) | anytime A\*: `algorithms/anytime/` (a resumable engine of its own, `engine.rs`, with weighted A\*'s key) |
//! | greedy | `algorithms/greedy.rs` | `algorithms/best_first.rs` (`GreedyPolicy`) | — |
//! | IDA\* | `algorithms/idastar.rs` | `algorithms/deepening/` (threshold on `f`) | `IdaStar::search_parallel`: `algorithms/parallel/idastar_subtrees.rs` |
//! | fringe | `algorithms/fringe.rs` | `algorithms/fringe.rs` | — |
//! | beam | `algorithms/beam.rs` | `algorithms/beam.rs` | — |
//! | bidirectional BFS, MM | `algorithms/bidirectional/` | one file each, joined by `bidirectional/mod.rs` | — |
//! | jump point search | `grid/search/jps.rs` | `grid/search/` (the scans in `jump.rs`) | A\* on the same engine: `grid/search/astar.rs` |
//!
//! What the algorithms share: the traits a problem implements (`traits/`); limits, the
//! monitor that enforces them, settings and results (`search/`); open lists, node arenas
//! and indexes (`collections/`); and for the parallel searches the thread count
//! ([`Threads`](parallel::Threads)), the start of the threads and what each brings back
//! (`algorithms/parallel/mod.rs`, `report.rs`, and the design in [`parallel`]'s docs).
/// `expansion::<F>()` and `move_pruning()`, the same for every configuration that takes
/// move pruning: `$name<'a, C, E>` with the fields listed and `expansion: PhantomData<E>`.
/// The attributes given (the doc comment) go to `move_pruning`, which says what pruning
/// keeps of that search's answer.
macro_rules! expansion_methods {
    ($(#[$pruning:meta])* $name:ident { $($field:ident),* $(,)? }) => {
        /// The same configuration, generating successors as `F` says:
        /// [`AllMoves`](crate::AllMoves) (every successor, the default) or
        /// [`Pruned`](crate::Pruned) (move pruning, as [`move_pruning`](Self::move_pruning)
        /// sets). To choose at run time, write the search once, generic over `F`, and call
        /// it with either: one `match` over the algorithms serves both (see
        /// [`MovePruning`](crate::MovePruning)).
        pub fn expansion<F>(self) -> $name<'a, C, F> {
            $name {
                $($field: self.$field,)*
                expansion: std::marker::PhantomData,
            }
        }

        $(#[$pruning])*
        pub fn move_pruning(self) -> $name<'a, C, $crate::Pruned> {
            self.expansion()
        }
    };
}
pub(crate) use expansion_methods;

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
