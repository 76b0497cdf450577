//! What a distributed search returns, and how one fails.

use std::fmt;

use heurist::{Cost, Outcome, Solution, Stats, StopReason};

/// The result of a distributed search, the same in every process of the cluster: the
/// [`Outcome`], the states at each depth (breadth-first search), and the counters of all
/// workers together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<S, A, C> {
    /// A path to a goal (with the fewest actions, or the least cost for A\*), exhausted, or
    /// stopped by a limit (with a lower bound on the cost for A\*).
    pub outcome: Outcome<S, A, C>,
    /// Breadth-first search: the number of states at each depth, from the start's depth 0
    /// to the last depth completed (a search that finds a goal at depth `d` stops building
    /// that layer at the goal, and counts depths 0 to `d - 1`). Empty for A\*.
    pub layers: Vec<u64>,
    /// The counters, summed over the workers; `stored` is the states held at the end,
    /// `max_frontier` the largest layer or open list of one worker.
    pub stats: Stats,
    /// Rounds of exchange: one a layer for breadth-first search, one a batch for A\*.
    pub rounds: u64,
    /// Bytes of packed states the workers sent each other (a worker's batches to itself
    /// included).
    pub bytes_sent: u64,
    /// The depth of the layer whose [checkpoint](crate::Bfs::checkpoints) this run took up
    /// again; `None` for a run that began at the start state.
    pub resumed_from: Option<usize>,
}

impl<S, A, C: Cost> SearchResult<S, A, C> {
    /// The states at every depth (breadth-first search).
    pub fn total_states(&self) -> u64 {
        self.layers.iter().sum()
    }

    /// The solution, if one was found.
    pub fn solution(&self) -> Option<&Solution<S, A, C>> {
        match &self.outcome {
            Outcome::Found(solution) => Some(solution),
            _ => None,
        }
    }

    /// The cost of the solution, if one was found.
    pub fn cost(&self) -> Option<C> {
        self.solution().map(|s| s.cost)
    }

    /// Whether every reachable state was visited without meeting a goal.
    pub fn is_exhausted(&self) -> bool {
        matches!(self.outcome, Outcome::Exhausted)
    }

    /// The limit that stopped the search, if one did.
    pub fn stop_reason(&self) -> Option<StopReason> {
        match self.outcome {
            Outcome::Stopped { reason, .. } => Some(reason),
            _ => None,
        }
    }

    /// A proven lower bound on the cost of a solution when A\* was stopped by a limit.
    pub fn lower_bound(&self) -> Option<C> {
        match self.outcome {
            Outcome::Stopped { lower_bound, .. } => lower_bound,
            _ => None,
        }
    }
}

/// Why a distributed search could not run to an outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// The command-line arguments do not describe a cluster.
    Arguments(String),
    /// The workers could not be started (an address that cannot be bound, for one).
    Start(String),
    /// A worker failed: the problem's code panicked on one of them (its message), or a
    /// process of the cluster stopped (its connections broke).
    WorkerFailed(String),
    /// [Checkpoints](crate::Bfs::checkpoints) were asked of a search that cannot keep
    /// them, or could not be read: a file that is damaged or belongs to another search,
    /// or checkpoints of only some workers.
    Checkpoint(String),
    /// The problem's states cannot travel between workers: they pack into no bytes
    /// ([`Packed::BYTES`](heurist::disk::Packed::BYTES) is 0), so no two can be told apart.
    StatesOfNoBytes,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Arguments(why) => write!(f, "bad cluster arguments: {why}"),
            Error::Start(why) => write!(f, "the workers could not start: {why}"),
            Error::WorkerFailed(why) => write!(f, "a worker failed: {why}"),
            Error::Checkpoint(why) => write!(f, "checkpoints: {why}"),
            Error::StatesOfNoBytes => {
                write!(
                    f,
                    "the states pack into no bytes: workers cannot tell them apart"
                )
            }
        }
    }
}

impl std::error::Error for Error {}
