//! [`Cluster`]: which workers a distributed search runs on, and how one is run.

use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use heurist::CancelToken;
use timely::worker::Worker;

use crate::Error;

/// The workers of a distributed search: threads of this process, or threads of several
/// processes (on one machine or many) that reach each other over TCP.
///
/// Every process of a cluster runs the same program with the same search and the same
/// start, differing only in its [process index](Cluster::processes); each process returns
/// the same result. The conventions are timely dataflow's: `-w` threads a process, `-n`
/// processes, `-p` this process's index, `-h` a file with one `host:port` a line, process 0
/// first ([`Cluster::from_args`]).
///
/// # Examples
///
/// ```
/// use heurist_distributed::Cluster;
///
/// let local = Cluster::threads(2);
/// assert_eq!(local.workers(), 2);
///
/// // what process 1 of 3 runs, each process with 4 threads
/// let args = ["-w", "4", "-n", "3", "-p", "1", "puzzle.txt"].map(String::from);
/// let (cluster, rest) = Cluster::from_args(args.into_iter()).unwrap();
/// assert_eq!((cluster.workers(), cluster.process()), (12, 1));
/// assert_eq!(rest, ["puzzle.txt"]);
/// ```
#[derive(Clone, Debug)]
pub struct Cluster {
    config: timely::CommunicationConfig,
}

impl Cluster {
    /// `threads` workers in this process alone (at least one).
    pub fn threads(threads: usize) -> Self {
        let config = match threads {
            0 | 1 => timely::CommunicationConfig::Thread,
            n => timely::CommunicationConfig::Process(n),
        };
        Cluster { config }
    }

    /// Process `process` of `addresses.len()` processes, each with `threads` workers; the
    /// processes listen at `addresses` (`host:port`, process 0 first) and connect to each
    /// other when the search starts, each waiting until the others are up.
    pub fn processes(threads: usize, process: usize, addresses: Vec<String>) -> Self {
        if addresses.len() <= 1 {
            return Cluster::threads(threads);
        }
        let config = timely::CommunicationConfig::Cluster {
            threads: threads.max(1),
            process,
            addresses,
            report: false,
            zerocopy: false,
        };
        Cluster { config }
    }

    /// The cluster that command-line arguments name in timely dataflow's conventions (`-w`,
    /// `-n`, `-p`, `-h`; without `-h`, processes on this machine at ports 2101, 2102, ...),
    /// and the arguments that are not these options.
    ///
    /// # Errors
    ///
    /// An option without its value, a value that is not a number, a host file that cannot
    /// be read or lists fewer hosts than `-n`, or a process index beyond `-n`.
    pub fn from_args(args: impl Iterator<Item = String>) -> Result<(Self, Vec<String>), Error> {
        let (config, rest) =
            timely::CommunicationConfig::from_args(args).map_err(Error::Arguments)?;
        if let timely::CommunicationConfig::Cluster {
            process, addresses, ..
        } = &config
            && *process >= addresses.len()
        {
            return Err(Error::Arguments(format!(
                "process index {process} is not below the number of processes, {}",
                addresses.len()
            )));
        }
        Ok((Cluster { config }, rest))
    }

    /// Workers in all processes together.
    pub fn workers(&self) -> usize {
        match &self.config {
            timely::CommunicationConfig::Thread => 1,
            timely::CommunicationConfig::Process(n)
            | timely::CommunicationConfig::ProcessBinary(n) => *n,
            timely::CommunicationConfig::Cluster {
                threads, addresses, ..
            } => threads * addresses.len(),
        }
    }

    /// This process's index (0 for a cluster of one process).
    pub fn process(&self) -> usize {
        match &self.config {
            timely::CommunicationConfig::Cluster { process, .. } => *process,
            _ => 0,
        }
    }

    /// Runs `work` on every worker of this process and returns the first worker's result
    /// (the workers of a search agree on it). A worker that fails (a panic in the problem's
    /// code, a peer process gone) stops the others of this process, which then leaves the
    /// cluster, so that the peers fail too instead of waiting.
    pub(crate) fn run<T, F>(&self, cancel: Option<CancelToken>, work: F) -> Result<T, Error>
    where
        T: Send + 'static,
        F: Fn(&mut Worker, &Stop) -> Result<T, Error> + Send + Sync + 'static,
    {
        let stop = Stop {
            failed: Arc::new(AtomicBool::new(false)),
            cancel,
        };
        let config = timely::Config {
            communication: self.config.clone(),
            worker: timely::WorkerConfig::default(),
        };
        let guards = timely::execute(config, move |worker| {
            let outcome = panic::catch_unwind(AssertUnwindSafe(|| work(worker, &stop)));
            match outcome {
                Ok(Ok(result)) => Ok(result),
                // every worker takes this decision in the same round: none waits for another
                Ok(Err(error)) => Err(error),
                Err(payload) => {
                    stop.failed.store(true, Ordering::SeqCst);
                    Err(Error::WorkerFailed(crate::util::panic_text(
                        &payload,
                        "a worker panicked",
                    )))
                }
            }
        })
        .map_err(Error::Start)?;
        let mut first = None;
        let mut failure = None;
        for joined in guards.join() {
            match joined {
                Ok(Ok(result)) => {
                    first.get_or_insert(result);
                }
                Ok(Err(error)) => failure = most_telling(failure, error),
                Err(message) => failure = most_telling(failure, Error::WorkerFailed(message)),
            }
        }
        match (failure, first) {
            (Some(error), _) => Err(error),
            (None, Some(result)) => Ok(result),
            (None, None) => Err(Error::WorkerFailed("no worker started".into())),
        }
    }
}

/// The message of a worker that stopped because another worker of its process did.
const PEER_GONE: &str = "another worker of this process failed";

/// The error of a worker that stopped because another worker of its process did.
pub(crate) fn peer_gone() -> Error {
    Error::WorkerFailed(PEER_GONE.into())
}

/// Of two errors of one run, the one that says more: a worker's own failure rather than
/// the echo of it in the others.
fn most_telling(kept: Option<Error>, new: Error) -> Option<Error> {
    let echo =
        |e: &Error| matches!(e, Error::WorkerFailed(m) if m == PEER_GONE || m.starts_with(ECHO));
    match kept {
        Some(kept) if echo(&kept) && !echo(&new) => Some(new),
        Some(kept) => Some(kept),
        None => Some(new),
    }
}

/// How a worker reports another worker's failure that a round made known.
pub(crate) const ECHO: &str = "the search failed on worker ";

/// What the workers of one process share: whether one of them failed, and the user's
/// cancellation token.
#[derive(Clone)]
pub(crate) struct Stop {
    failed: Arc<AtomicBool>,
    cancel: Option<CancelToken>,
}

impl Stop {
    /// Whether a worker of this process failed: the others stop waiting for it.
    pub(crate) fn failed(&self) -> bool {
        self.failed.load(Ordering::Relaxed)
    }

    /// Whether the user cancelled the search in this process.
    pub(crate) fn cancelled(&self) -> bool {
        self.cancel.as_ref().is_some_and(CancelToken::is_cancelled)
    }
}
