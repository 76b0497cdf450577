//! State-space search: describe a problem with a few traits (or two closures), then solve
//! it with breadth-first, depth-first or iterative-deepening search, Dijkstra, A\*,
//! weighted A\*, greedy best-first search, IDA\*, fringe search, anytime A\*,
//! bidirectional search, beam search or Yen's k shortest paths, with statistics, limits
//! and three honest outcomes: **found**, **exhausted** (no solution exists) and **stopped**
//! (a limit was hit, saying which, with a proven lower bound where there is one).
//!
//! # Table of contents
//!
//! * [Quick start](#quick-start): a problem by hand, then BFS, A\* and IDA\*.
//! * [Installing](#installing).
//! * [Which search should I use?](#which-search-should-i-use): every algorithm, what it
//!   guarantees and what it costs.
//! * [What every search shares](#what-every-search-shares): a function and a
//!   configuration, limits, outcomes and lower bounds, statistics, move pruning, dense
//!   indexes, threads.
//! * [Enumeration](#enumeration): the states a space holds, its goals, every optimal
//!   solution.
//! * [Grids and pattern databases](#grids-and-pattern-databases): the two toolkits that
//!   come with the crate.
//! * [Examples, puzzle programs and benchmarks](#examples-puzzle-programs-and-benchmarks).
//!
//! # Quick start
//!
//! ```
//! use heurist::{Problem, Successors};
//!
//! /// Pour water between a 3-litre and a 5-litre jug until one holds exactly 4 litres.
//! struct Jugs;
//!
//! impl Problem for Jugs {
//!     type State = (u8, u8);
//!     type Action = &'static str;
//!     type Cost = u32;
//!
//!     fn is_goal(&self, &(a, b): &(u8, u8)) -> bool {
//!         a == 4 || b == 4
//!     }
//!
//!     fn successors(&self, &(a, b): &(u8, u8), out: &mut Successors<(u8, u8), &'static str, u32>) {
//!         let ab = a.min(5 - b); // what pours from the small jug into the big one
//!         let ba = b.min(3 - a);
//!         out.push("fill small", (3, b), 1);
//!         out.push("fill big", (a, 5), 1);
//!         out.push("empty small", (0, b), 1);
//!         out.push("empty big", (a, 0), 1);
//!         out.push("small into big", (a - ab, b + ab), 1);
//!         out.push("big into small", (a + ba, b - ba), 1);
//!     }
//! }
//!
//! let result = heurist::bfs(&Jugs, (0, 0));
//! let solution = result.solution().expect("solvable");
//! assert_eq!(solution.len(), 6);
//! for step in &solution.steps {
//!     println!("{:>15} -> {:?}", step.action, step.state);
//! }
//! println!("{}", result.stats); // expanded, generated, duplicates, ..., elapsed
//!
//! // A* with a heuristic closure; IDA* with the same one.
//! let h = |_: &(u8, u8)| 0u32;
//! assert_eq!(heurist::astar(&Jugs, (0, 0), h).cost(), Some(6));
//! assert_eq!(heurist::idastar(&Jugs, (0, 0), h).cost(), Some(6));
//! ```
//!
//! # Installing
//!
//! ```sh
//! cargo add heurist
//! ```
//!
//! or, from a copy of the repository (or its git address), in `Cargo.toml`:
//!
//! ```toml
//! [dependencies]
//! heurist = { path = "../heurist" }  # or: { git = "https://github.com/heurist-rs/heurist" }
//! ```
//!
//! Minimum Rust version 1.85; `#![forbid(unsafe_code)]`; four small dependencies
//! (`priority-queue`, `rustc-hash`, `smallvec`, `hashbrown`).
//!
//! # Which search should I use?
//!
//! * **Fewest actions**, every step alike: [`bfs`] (or [`bidirectional_bfs`] when the goal
//!   states are known and the problem lists [`Predecessors`]); [`iddfs`] when memory is
//!   short.
//! * **Least cost** with no estimate of the cost to go: [`dijkstra`].
//! * **Least cost** with an admissible heuristic (never over the true cost to go):
//!   [`astar`] while the reached states fit in memory; [`idastar`] when they do not and
//!   the heuristic is strong (puzzles); [`fringe`] between the two; [`mm`] from both ends.
//! * **A good answer fast**: [`weighted_astar`] (cost at most `w` times the optimum),
//!   [`greedy`] or [`beam`] (no bound), or [`anytime_astar`], which keeps improving its
//!   answer, each with a proven lower bound, until it proves the last one optimal.
//! * **Several answers**: [`yen`] (the `k` cheapest loopless paths) and [`astar_all_optimal`]
//!   (every optimal solution).
//! * **Grid maps**: [`grid::jps`], jump point search, many times faster than A\* on open
//!   maps; [`grid::grid_astar`], A\* on the same flat-array engine, where jumps do not pay.
//! * **Many cores**: [`Bfs::search_parallel`], [`AStar::search_parallel`],
//!   [`AStar::search_parallel_batched`] and [`IdaStar::search_parallel`] (see
//!   [`parallel`]).
//! * **More states than memory holds**: [`disk::DiskBfs`], breadth-first search and
//!   enumeration with each layer on disk, the states packed into a few bytes
//!   ([`disk::Packed`]), in a bounded amount of memory; a stopped or killed run resumes
//!   from its last completed layer.
//!
//! | function | configuration | optimal | complete | memory |
//! |---|---|---|---|---|
//! | [`bfs`] | [`Bfs`] | fewest actions | yes | all reached states |
//! | [`dfs`] | [`Dfs`] | no | on finite spaces | all reached states |
//! | [`iddfs`] | [`Iddfs`] | fewest actions | yes | the current path |
//! | [`dijkstra`] | [`Dijkstra`] | least cost | yes | all reached states |
//! | [`astar`] | [`AStar`] | least cost, with an admissible heuristic | yes | all reached states |
//! | [`weighted_astar`] | [`WeightedAStar`] | cost at most `w` × optimal | yes | all reached states |
//! | [`greedy`] | [`Greedy`] | no | on finite spaces | all reached states |
//! | [`idastar`] | [`IdaStar`] | least cost, with an admissible heuristic | yes, with [`CycleCheck::Path`] | the current path |
//! | [`fringe`] | [`Fringe`] | least cost, with an admissible heuristic | yes | all reached states |
//! | [`anytime_astar`] | [`AnytimeAStar`] | least cost at the end; before it, each better solution with a proven bound | yes | all reached states |
//! | [`beam`] | [`Beam`] | no (fewest actions when the width holds every layer) | with [`Beam::widening`], on finite spaces | width × depth states |
//! | [`bidirectional_bfs`] | [`BidirectionalBfs`] | fewest actions | yes | the states of both searches |
//! | [`mm`] | [`Mm`] | least cost, with admissible heuristics both ways | yes | the states of both searches |
//! | [`yen`] | [`Yen`] | the `k` cheapest loopless paths | yes | one Dijkstra run's states, the paths and candidates |
//! | [`grid::jps`] | [`grid::Jps`] | least cost on a uniform-cost grid | yes | the cells reached |
//! | [`grid::grid_astar`] | [`grid::GridAStar`] | least cost on a uniform-cost grid | yes | the cells reached |
//!
//! # What every search shares
//!
//! **The problem.** A [`Problem`] has a goal test and writes the successors of a state,
//! as `(action, state, cost)`, into a reused [`Successors`] buffer, so expanding a node
//! allocates nothing; [`FnProblem`] builds one from two closures. A state is any
//! `Clone + Eq + Hash` value ([`State`]); a cost is a [`Cost`]: an integer type, or
//! [`OrderedF64`] for real numbers. A [`Heuristic`] is any closure `Fn(&State) -> Cost`,
//! [`Zero`], or a type of yours with an incremental [`Heuristic::estimate_child`].
//!
//! **A function and a configuration.** Each algorithm is a function for the common case
//! ([`astar`]) and a configuration of the same name ([`AStar`]) holding exactly the
//! settings that algorithm reads, so a setting it would ignore does not compile. Every
//! configuration has the same [`Limits`]: expansions, stored states, a cost bound, a time
//! limit, a [`CancelToken`] to stop it from another thread, and a progress callback.
//!
//! **Outcomes and lower bounds.** Every search returns a [`SearchResult`]: an [`Outcome`]
//! and the [`Stats`] of the run (expanded, generated, duplicates, reopened, stored,
//! largest frontier, time). The outcome is [`Outcome::Found`] with a [`Solution`],
//! [`Outcome::Exhausted`] when no solution exists, or [`Outcome::Stopped`] with the
//! [`StopReason`] and, for the optimal searches, a proven lower bound on the optimal cost.
//!
//! **Move pruning.** A problem that implements [`MovePruning`] (for example: never undo the
//! last move, or commuting moves in one order only) lets `.move_pruning()` of the optimal
//! searches skip the successors that the way into a state makes redundant; they stay
//! optimal.
//!
//! **Dense indexes.** A problem whose states are numbered `0..n` (grid cells, ranked
//! permutations) implements [`DenseIndex`]; [`AStar::search_dense`] and
//! [`Dijkstra::search_dense`] then find a state's node in a flat array instead of a hash
//! table, and `search_in` keeps that memory in a [`Workspace`] for the next query.
//!
//! **Open lists.** The best-first searches use a bucket queue where the costs are small
//! integers and a binary heap otherwise; [`OpenList`] picks one.
//!
//! **Threads.** Every parallel search takes its thread count the same way, as a
//! [`Threads`] or a plain `usize` (0: one per core), capped at [`MAX_THREADS`];
//! [`parallel`] describes how they share the work.
//!
//! **Real-valued costs.** Sums of floating-point costs round: two paths of the same length
//! can differ in the last bit, and a state reached again by a path cheaper by one rounding
//! error is expanded again. Every least-cost search stays within rounding of the optimum;
//! [`OrderedF64`] says how to keep the reopenings few.
//!
//! # Enumeration
//!
//! | function | configuration method | yields | goals |
//! |---|---|---|---|
//! | [`bfs_reach`] | [`Bfs::reach`] | each reachable state with its depth, breadth-first | ignored |
//! | [`dfs_reach`] | [`Dfs::reach`] | each reachable state with its depth, depth-first | ignored |
//! | — | [`Dfs::goals`] | each reachable goal state | listed |
//! | [`dijkstra_reach`] | [`Dijkstra::reach`] | each reachable state with its least cost, cheapest first | ignored |
//! | [`astar_all_optimal`] | [`AStar::all_optimal`] | every optimal solution, and their number | the targets |
//! | [`count_paths`] | [`Dfs::count_paths`] | the number of paths to the goals of an acyclic space | the targets |
//!
//! The iterators expand states as they are asked for the next one, obey the
//! configuration's limits (a limit ends them, and `stop_reason` says which), and keep
//! [`Stats`]. To enumerate a space that has no goal, give the successors alone to
//! [`FnProblem::space`]:
//!
//! ```
//! use heurist::FnProblem;
//!
//! // The numbers reachable from 1 by doubling or adding three, below 20.
//! let space = FnProblem::space(|&n: &u32| [n * 2, n + 3].into_iter().filter(|&m| m < 20));
//! let mut reached: Vec<u32> = heurist::bfs_reach(&space, 1).map(|(n, _depth)| n).collect();
//! reached.sort_unstable();
//! assert_eq!(reached, [1, 2, 4, 5, 7, 8, 10, 11, 13, 14, 16, 17, 19]);
//! ```
//!
//! # Grids and pattern databases
//!
//! * [`grid`]: pathfinding on grid maps: a bitmap or closure map, 4- or 8-connected, three
//!   corner-cutting rules, the Manhattan, octile, Chebyshev and Euclidean heuristics, a
//!   reader for Moving AI `.map` and `.scen` files, and jump point search.
//! * [`pdb`]: additive pattern databases for permutation puzzles, built by a backward
//!   breadth-first search and cached on disk.
//!
//! # Examples, puzzle programs and benchmarks
//!
//! The repository (<https://github.com/heurist-rs/heurist>) has short examples, each
//! teaching one thing (`cargo run --example quick_start`, `knight`,
//! `sliding_tiles`, `pattern_database`, `cancel`, `move_pruning`), and seven
//! programs that read puzzle files, print the solution step by step and answer `--json`:
//! `zenji`, `fifteen` (the sliding-tile puzzle with pattern databases), `rush_hour`,
//! `treasure`, `labyrinth`, `maze`, and `grid_map` (Moving AI maps and scenarios). Its
//! `BENCHMARKS.md` compares the algorithms, the heuristics and other crates (on Moving AI
//! grid maps, Korf's 15-puzzle instances and more), with the commands that reproduce
//! every table.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod algorithms;
mod collections;
pub mod disk;
mod enumerate;
pub mod grid;
pub mod pdb;
mod search;
mod traits;

pub use algorithms::anytime::{
    anytime_astar, AnytimeAStar, AnytimeResult, Guide, Guided, Improvement, Improvements, NoGuide,
};
pub use algorithms::astar::{astar, AStar};
pub use algorithms::beam::{beam, Beam};
pub use algorithms::bfs::{bfs, Bfs};
pub use algorithms::bidirectional::bidirectional_bfs::{bidirectional_bfs, BidirectionalBfs};
pub use algorithms::bidirectional::mm::{mm, Mm};
pub use algorithms::dfs::{dfs, Dfs};
pub use algorithms::dijkstra::{dijkstra, Dijkstra};
pub use algorithms::fringe::{fringe, Fringe};
pub use algorithms::greedy::{greedy, Greedy};
pub use algorithms::idastar::{idastar, IdaStar};
pub use algorithms::iddfs::{iddfs, Iddfs};
pub use algorithms::parallel::{Threads, MAX_THREADS};
pub use algorithms::weighted_astar::{weighted_astar, WeightedAStar};
pub use algorithms::yen::{yen, KShortestPaths, Yen};
pub use algorithms::{parallel, Workspace};
pub use enumerate::{
    astar_all_optimal, bfs_reach, count_paths, dfs_reach, dijkstra_reach, AllOptimal, BfsReach,
    CountError, DfsReach, DijkstraReach, Goals,
};
pub use search::{
    CancelToken, CycleCheck, Limits, OpenList, Outcome, SearchResult, Solution, Stats, Step,
    StopReason,
};
pub use traits::{
    AllMoves, Cost, DenseIndex, Expansion, FnProblem, Heuristic, Max, MovePruning, OrderedF64,
    Pairs, Predecessors, Problem, Pruned, Shape, State, States, Successors, Sum, Symmetric,
    Triples, Zero,
};

/// The README's code blocks, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
