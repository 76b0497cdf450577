//! State-space search: describe a problem with a few traits, then solve it with BFS, DFS,
//! iterative deepening, Dijkstra, A*, weighted A*, greedy best-first, IDA*, fringe search
//! or beam search.
//!
//! * [`Problem`]: the search space (goal test and successors, written into a reused buffer);
//!   [`FnProblem`] builds one from two closures. [`MovePruning`] is an optional capability:
//!   leaving out the successors that the way into a state makes redundant.
//! * [`Cost`]: integers or [`OrderedF64`]; [`Heuristic`]: any `Fn(&State) -> Cost`, [`Zero`],
//!   or a type with an incremental [`Heuristic::estimate_child`].
//! * Each algorithm is a function for the common case ([`bfs`], [`astar`], ...) and a
//!   configuration holding exactly the settings it reads ([`Bfs`], [`AStar`], ...): the
//!   shared [`Limits`] (expansions, stored states, cost bound, time, a [`CancelToken`], a
//!   progress callback) and its own (depth limit, open list, cycle check, move pruning).
//! * Every search returns a [`SearchResult`]: the [`Outcome`] (found, exhausted, or stopped
//!   by a limit, saying which) and the [`Stats`] of the run.
//! * [`enumerate`] lists what a search reaches: states breadth-first, depth-first or by
//!   cost, goal states, and every optimal solution; [`count_paths`] counts the paths to
//!   the goals of an acyclic space.
//! * [`fringe`] is fringe search: IDA*'s thresholds over a stored fringe, optimal with an
//!   admissible heuristic; [`beam`] is breadth-first beam search, which keeps the best
//!   `width` states of each layer and says when it dropped some
//!   ([`StopReason::BeamWidth`]).
//! * [`anytime_astar`] ([`AnytimeAStar`]) finds a solution fast, then better ones, each
//!   with a proven lower bound on the optimum, until it proves the last one optimal.
//! * [`Bfs::search_parallel`], [`AStar::search_parallel`] (hash-distributed A\*),
//!   [`AStar::search_parallel_batched`] (A\* in rounds, for spaces larger than the caches)
//!   and [`IdaStar::search_parallel`] run on several threads ([`algorithms::parallel`] has
//!   the design of the first three).
//! * [`bidirectional_bfs`] and [`mm`] search forwards from the start and backwards from a
//!   set of goal states, for problems that list the [`Predecessors`] of a state (or are
//!   [`Reversible`]).
//! * [`yen`] lists the `k` cheapest loopless paths to the goals (Yen's algorithm).
//! * [`pdb`] builds additive pattern databases.
//! * [`DenseIndex`] is an optional capability for problems whose states are numbered
//!   `0..n` (grid cells, ranked permutations): [`AStar::search_dense`] and
//!   [`Dijkstra::search_dense`] then find a state's node in a flat array instead of a hash
//!   table, and their `search_in` keeps that memory in a [`Workspace`] for the next query.
//! * [`grid`] is pathfinding on grid maps: Moving AI maps, the grid problem and its
//!   heuristics, and jump point search.
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
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod algorithms;
mod collections;
pub mod enumerate;
pub mod grid;
pub mod pdb;
pub mod search;
pub mod traits;

pub use algorithms::anytime::{
    anytime_astar, AnytimeAStar, AnytimeResult, Improvement, Improvements,
};
pub use algorithms::astar::{astar, AStar};
pub use algorithms::beam::{beam, Beam};
pub use algorithms::bfs::{bfs, Bfs};
pub use algorithms::bidirectional::bfs::{bidirectional_bfs, BidirectionalBfs};
pub use algorithms::bidirectional::mm::{mm, Mm};
pub use algorithms::dfs::{dfs, Dfs};
pub use algorithms::dijkstra::{dijkstra, Dijkstra};
pub use algorithms::fringe::{fringe, Fringe};
pub use algorithms::greedy::{greedy, Greedy};
pub use algorithms::idastar::{idastar, IdaStar, Parallel};
pub use algorithms::iddfs::{iddfs, Iddfs};
pub use algorithms::parallel::MAX_THREADS;
pub use algorithms::weighted_astar::{weighted_astar, WeightedAStar};
pub use algorithms::yen::{yen, KShortestPaths, Yen};
pub use algorithms::Workspace;
pub use enumerate::{astar_all, bfs_reach, count_paths, dfs_reach, dijkstra_reach};
pub use search::{
    CancelToken, CycleCheck, Limits, OpenList, Outcome, SearchResult, Solution, Stats, Step,
    StopReason,
};
pub use traits::{
    AllMoves, Cost, DenseIndex, Expansion, FnProblem, Heuristic, MovePruning, OrderedF64,
    Predecessors, Problem, Pruned, Reversible, State, Successor, Successors, Zero,
};

/// The README's code blocks, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
