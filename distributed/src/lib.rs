//! Breadth-first search, enumeration and A\* for [`heurist`] problems on many workers:
//! threads of one process, or processes on one machine or many, on
//! [timely dataflow](https://docs.rs/timely).
//!
//! * [`Bfs`]: [`search`](Bfs::search) for a path with the fewest actions,
//!   [`enumerate`](Bfs::enumerate) for the number of states at each depth;
//! * [`AStar`]: a cheapest path, optimal with an admissible heuristic;
//! * [`Cluster`]: the workers, in timely dataflow's conventions;
//! * [`SearchResult`]: the outcome, the layers and the counters, the same in every process.
//!
//! # The method
//!
//! A state belongs to one worker, the one a fixed hash of its [packed](heurist::disk::Packed)
//! bytes names, the same on every machine; that worker alone stores it. The search goes in
//! rounds, each a timely dataflow timestamp: every worker expands its part of the frontier
//! (a layer of the breadth-first search, a batch of its open list for A\*) and sends each
//! successor, packed, to its owner, in batches of 64 KiB; the owners drop what they have
//! seen and keep the rest. When every worker's batches of a round are handled (timely's
//! progress tracking says when), the workers exchange a few words each: the counters, the
//! smallest estimate left and the best goal (A\*), the limits' verdicts. So every worker
//! takes the same decision after every round: go on, stop, or trace the solution, one
//! exchange a step from the goal back to the start through the owners of its states (in a
//! [reversible](Bfs::reversible) breadth-first search that keeps sorted layers, through the
//! owners of each state's successors in the layer before).
//!
//! A breadth-first search holds its latest successors back in a small table of the
//! sender's before sending them, so that a state generated again by the same worker in the
//! round is merged there (on Rush Hour, 44 % of them) instead of sent, received and
//! sorted again. It looks at each successor as it is generated and ends the layer at the
//! first goal: the worker that generates it tells the others at once, and they stop
//! expanding. With [move pruning](Bfs::move_pruning) (also [`AStar::move_pruning`]), each
//! successor travels with the skip set of its way in, and a state is expanded without the
//! moves its ways in make redundant ([`heurist::MovePruning`]).
//!
//! The same partition by hash, on threads of one process without timely, is
//! [`heurist::Bfs::search_parallel`] and [`heurist::AStar::search_parallel_batched`]; on
//! disk, it is [`heurist::disk`].
//!
//! # Running a cluster
//!
//! Every process runs the same program with the same problem and the same start. A process
//! is told its part by timely's options ([`Cluster::from_args`]): `-w` worker threads in
//! each process, `-n` processes, `-p` this process's index (0 to `n - 1`), and `-h` a host
//! file, one `host:port` a line in process order, the same file for all. Process `p`
//! listens on line `p`'s port and connects to the others; each waits (printing
//! "awaiting connections") until all are up, so they can be started in any order. On three
//! machines, with `hosts.txt` listing `alpha:2101`, `beta:2101` and `gamma:2101`:
//!
//! ```text
//! alpha$ sliding_cluster -w 8 -n 3 -p 0 -h hosts.txt 4x3
//! beta$  sliding_cluster -w 8 -n 3 -p 1 -h hosts.txt 4x3
//! gamma$ sliding_cluster -w 8 -n 3 -p 2 -h hosts.txt 4x3
//! ```
//!
//! (`sliding_cluster` is one of this crate's example programs; `rush_hour_cluster` solves
//! Rush Hour boards the same way.) Each process needs the program,
//! the problem's input, a reachable port, and memory for its share of the states: with
//! `W` workers in all, each stores about `1/W` of them. Each process returns the whole
//! result.
//!
//! **When a process dies**, its connections break, and every other process's workers fail
//! with [`Error::WorkerFailed`] instead of waiting for it. When the problem's code panics
//! on a worker, the round ends, and every worker of every process returns that error.
//!
//! **Starting again where it stopped.** A reversible enumeration with
//! [checkpoints](Bfs::checkpoints) writes each worker's last two layers to its machine's disk
//! after every layer; started again with the same directory, program and cluster shape, the
//! run takes up from the last layer every worker completed (a test kills one of two
//! processes midway through the 4x3 puzzle's first 21 layers; the pair started again ends
//! with the published counts).
//! Other runs keep their states in the workers' memory only, and a failed one starts again
//! from the beginning; on one machine, [`heurist::disk::DiskBfs`] resumes any breadth-first
//! search.
//!
//! # Examples
//!
//! Count the states of the 8-puzzle by depth on four workers in this process; with
//! `Cluster::from_args(std::env::args().skip(1))` instead, the same program runs as a cluster of
//! processes.
//!
//! ```
//! use heurist::{Problem, Successors};
//! use heurist::disk::Packed;
//! use heurist_distributed::{Bfs, Cluster};
//!
//! /// The 8-puzzle: cell `c` holds its tile in bits `4c..4c + 4`, 0 the blank.
//! #[derive(Clone)]
//! struct Eight;
//!
//! #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
//! struct Board(u64);
//!
//! impl Packed for Board {
//!     const BYTES: usize = 5; // nine tiles of 4 bits
//!     fn pack(&self, out: &mut [u8]) {
//!         out.copy_from_slice(&self.0.to_le_bytes()[..5]);
//!     }
//!     fn unpack(bytes: &[u8]) -> Self {
//!         let mut b = [0; 8];
//!         b[..5].copy_from_slice(bytes);
//!         Board(u64::from_le_bytes(b))
//!     }
//! }
//!
//! impl Problem for Eight {
//!     type State = Board;
//!     type Action = ();
//!     type Cost = u32;
//!     fn is_goal(&self, _: &Board) -> bool {
//!         false
//!     }
//!     fn successors(&self, b: &Board, out: &mut Successors<Board, (), u32>) {
//!         let blank = (0..9u64).find(|c| b.0 >> (4 * c) & 15 == 0).unwrap();
//!         let (row, col) = (blank / 3, blank % 3);
//!         let near = [(row > 0, blank.wrapping_sub(3)), (row < 2, blank + 3),
//!                     (col > 0, blank.wrapping_sub(1)), (col < 2, blank + 1)];
//!         for (ok, cell) in near {
//!             if ok {
//!                 let tile = b.0 >> (4 * cell) & 15;
//!                 out.push((), Board(b.0 & !(15 << (4 * cell)) | tile << (4 * blank)), 1);
//!             }
//!         }
//!     }
//! }
//!
//! let solved = Board((0..9u64).map(|t| t << (4 * t)).sum());
//! let all = Bfs::new().reversible(true).enumerate(&Cluster::threads(4), Eight, solved)?;
//! assert_eq!(all.total_states(), 181_440);
//! assert_eq!(all.layers.len(), 32); // the farthest boards are 31 moves away
//! assert_eq!(all.layers[..6], [1, 2, 4, 8, 16, 20]);
//! # Ok::<(), heurist_distributed::Error>(())
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod astar;
mod bfs;
mod checkpoint;
mod cluster;
mod result;
mod trace;
mod util;

pub use astar::{AStar, AStarResultOf};
pub use bfs::{Bfs, BfsResultOf};
pub use cluster::Cluster;
pub use result::{Error, SearchResult};

pub(crate) use cluster::Stop;

/// The builder methods of the limits, for a configuration with a `limits` field; `$round`
/// names what the search checks them after.
macro_rules! limit_methods {
    ($round:literal) => {
        #[doc = concat!("Stops after the ", $round, " in which the workers together expanded `n` states or more.")]
        pub fn max_expansions(mut self, n: u64) -> Self {
            self.limits.max_expansions = Some(n);
            self
        }

        #[doc = concat!("Stops after the ", $round, " that ends past `limit` on a worker's clock.")]
        pub fn time_limit(mut self, limit: std::time::Duration) -> Self {
            self.limits.time_limit = Some(limit);
            self
        }

        #[doc = concat!("Stops after the ", $round, " in which `token` was cancelled in any process.")]
        pub fn cancel(mut self, token: heurist::CancelToken) -> Self {
            self.limits.cancel = Some(token);
            self
        }
    };
}
pub(crate) use limit_methods;

/// The limits every distributed search takes; each is checked after a round, by every
/// worker, and the workers stop together.
#[derive(Clone, Debug, Default)]
pub(crate) struct Limits {
    pub(crate) max_expansions: Option<u64>,
    pub(crate) time_limit: Option<std::time::Duration>,
    pub(crate) cancel: Option<heurist::CancelToken>,
}
