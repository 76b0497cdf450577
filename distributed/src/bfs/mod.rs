//! Breadth-first search and enumeration across workers: one round a layer.
//!
//! Each worker owns the states whose [hash names it](crate::util::owner) and keeps them in
//! memory. In a round, every worker expands its part of the layer and sends each successor,
//! packed, to the successor's owner, which keeps those it has not seen as its part of the
//! next layer (and, in a search, each one's parent). A state the worker generates again
//! while its first copy still waits in its [table of recent successors](crate::util::recent)
//! is merged there and sent once. A gather round then shares the layer's size, the
//! counters, a goal and the limits' verdicts, so that every worker takes the same decision.
//!
//! A reversible space whose states pack into 16 bytes or fewer is kept in layers of sorted
//! keys (an enumeration three, a search all), and a round's successors are settled all at
//! once, by sorting them and merging them with the two layers before
//! ([`sorted`](crate::util::sorted)): sequential passes where a hash set would take a
//! cache miss for nearly every successor. A search then finds its path back through the
//! layers: a state's successors in the layer before are its parents. A round's buffer is
//! sorted and made unique as it grows ([`Bfs::round_buffer`]).

mod worker;

use std::marker::PhantomData;
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::Mutex;

use heurist::disk::Packed;
use heurist::{AllMoves, Expansion, Problem, Pruned};

use crate::util::{sorted, StateMap, StateSet};
use crate::{Cluster, Error, Limits, SearchResult};
use worker::{layers, Seen};

/// The result of a distributed breadth-first search for a problem `P`.
pub type BfsResultOf<P> =
    SearchResult<<P as Problem>::State, <P as Problem>::Action, <P as Problem>::Cost>;

/// Breadth-first search and enumeration on a [`Cluster`]: the configuration.
///
/// [`search`](Bfs::search) finds a path with the fewest actions, as
/// [`heurist::bfs`] does; [`enumerate`](Bfs::enumerate) counts the states at each depth, as
/// [`heurist::bfs_reach`] does. Each worker searches with its own clone of the problem
/// (share large data inside it through an `Arc`); states travel between workers as
/// [`Packed`] bytes.
///
/// # Examples
///
/// ```
/// use std::sync::Mutex;
/// use heurist::FnProblem;
/// use heurist_distributed::{Bfs, Cluster};
///
/// // A walk on a 40 x 40 torus, on two workers: every step can be undone.
/// let torus = FnProblem::space(|&(x, y): &(u8, u8)| {
///     [((x + 39) % 40, y), ((x + 1) % 40, y), (x, (y + 39) % 40), (x, (y + 1) % 40)]
/// });
/// let all = Bfs::new().reversible(true).enumerate(&Cluster::threads(2), torus, (0, 0)).unwrap();
/// assert_eq!(all.total_states(), 1600);
/// assert_eq!(all.layers[..4], [1, 4, 8, 12]);
///
/// let to_corner = FnProblem::unit(|&s: &(u8, u8)| s == (20, 20), |&(x, y): &(u8, u8)| {
///     [((x + 39) % 40, y), ((x + 1) % 40, y), (x, (y + 39) % 40), (x, (y + 1) % 40)]
/// });
/// let found = Bfs::new().search(&Cluster::threads(2), to_corner, (0, 0)).unwrap();
/// assert_eq!(found.cost(), Some(40));
/// assert_eq!(found.solution().unwrap().steps.last().unwrap().state, (20, 20));
/// ```
///
/// With [`move_pruning`](Bfs::move_pruning), each state travels with the skip set of the
/// ways into it, and its successors leave out what [`heurist::MovePruning`] says they may.
#[derive(Clone, Debug)]
pub struct Bfs<E = AllMoves> {
    reversible: bool,
    max_depth: Option<usize>,
    checkpoints: Option<PathBuf>,
    round_buffer: usize,
    limits: Limits,
    /// (a function type, so that the configuration is `Send` whatever `E`)
    expansion: PhantomData<fn() -> E>,
}

impl Default for Bfs {
    fn default() -> Self {
        Bfs {
            reversible: false,
            max_depth: None,
            checkpoints: None,
            round_buffer: sorted::COMPACT_AT,
            limits: Limits::default(),
            expansion: PhantomData,
        }
    }
}

impl Bfs {
    /// The default configuration: no limits, a space not known to be reversible.
    pub fn new() -> Self {
        Self::default()
    }
}

impl<E> Bfs<E> {
    /// The same configuration, generating successors as `F` says:
    /// [`AllMoves`] (every successor, the default) or [`Pruned`] (move pruning, as
    /// [`move_pruning`](Bfs::move_pruning) sets); to choose at run time, as
    /// [`heurist::MovePruning`] shows.
    pub fn expansion<F>(self) -> Bfs<F> {
        Bfs {
            reversible: self.reversible,
            max_depth: self.max_depth,
            checkpoints: self.checkpoints,
            round_buffer: self.round_buffer,
            limits: self.limits,
            expansion: PhantomData,
        }
    }

    /// Move pruning, for a problem that implements [`heurist::MovePruning`] with a skip
    /// set that is [`Packed`]: a successor travels with the skip set of the action that
    /// reached it, and a state's successors leave out the actions that every way into it
    /// makes redundant (with states of 16 bytes or fewer in a reversible space, the union
    /// of the skip sets of all its ways in from the layer before, as [`heurist::Bfs`]
    /// keeps; with wider states, the set of the first way in that reached its owner). The
    /// per-depth counts and the length of the path found are those of the search without
    /// pruning; fewer successors are generated, sent and sorted (on Rush Hour, three
    /// fifths as many).
    ///
    /// # Examples
    ///
    /// ```
    /// use heurist::{MovePruning, Problem, Successors};
    /// use heurist_distributed::{Bfs, Cluster};
    ///
    /// /// A walk on a 30 x 30 grid; after a step, the step back is left out.
    /// #[derive(Clone)]
    /// struct Walk;
    /// const STEPS: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
    /// impl Problem for Walk {
    ///     type State = (u8, u8);
    ///     type Action = usize;
    ///     type Cost = u32;
    ///     fn is_goal(&self, s: &(u8, u8)) -> bool {
    ///         *s == (29, 29)
    ///     }
    ///     fn successors(&self, s: &(u8, u8), out: &mut Successors<(u8, u8), usize, u32>) {
    ///         self.successors_skipping(s, 0, out)
    ///     }
    /// }
    /// impl MovePruning for Walk {
    ///     type Skip = u8;
    ///     fn skip_after(&self, &a: &usize) -> u8 {
    ///         1 << ((a + 2) % 4)
    ///     }
    ///     fn successors_skipping(&self, &(x, y): &(u8, u8), skip: u8, out: &mut Successors<(u8, u8), usize, u32>) {
    ///         for (a, (dx, dy)) in STEPS.into_iter().enumerate() {
    ///             let (x, y) = (x as i8 + dx, y as i8 + dy);
    ///             if skip >> a & 1 == 0 && (0..30).contains(&x) && (0..30).contains(&y) {
    ///                 out.push(a, (x as u8, y as u8), 1);
    ///             }
    ///         }
    ///     }
    /// }
    ///
    /// let cluster = Cluster::threads(2);
    /// let plain = Bfs::new().reversible(true).enumerate(&cluster, Walk, (0, 0)).unwrap();
    /// let pruned = Bfs::new().reversible(true).move_pruning();
    /// let fewer = pruned.enumerate(&cluster, Walk, (0, 0)).unwrap();
    /// assert_eq!(fewer.layers, plain.layers);
    /// assert!(fewer.stats.generated < plain.stats.generated);
    /// let found = pruned.search(&cluster, Walk, (0, 0)).unwrap();
    /// assert_eq!(found.cost(), Some(58));
    /// ```
    pub fn move_pruning(self) -> Bfs<Pruned> {
        self.expansion()
    }

    /// Whether every move can be undone by one move (sliding tiles, pancake flips, cube
    /// turns, Rush Hour's slides): an [enumeration](Bfs::enumerate) then checks a layer
    /// against the two before it only and forgets older ones, so that each worker holds
    /// three layers of states at most instead of every state.
    ///
    /// When a state packs into 16 bytes or fewer, a worker keeps its layers as sorted keys
    /// and finds a round's new states by sorting its successors: on the 4x3 sliding puzzle,
    /// two and a half times faster than the hash sets wider states are kept in. A
    /// [search](Bfs::search) then keeps every layer's states, without their parents, and
    /// traces its path back through the layers: a state's successors in the layer before
    /// are its parents. (Otherwise a search keeps every state with its parent, in a hash
    /// map.)
    pub fn reversible(mut self, reversible: bool) -> Self {
        self.reversible = reversible;
        self
    }

    /// With sorted layers (see [`reversible`](Bfs::reversible)), how many successors a
    /// worker holds in a round before it sorts them and drops the repeated ones (at least
    /// 1; 4,194,304 by default): the round's memory then follows its distinct states, not
    /// every successor received, for more sorting. Rush Hour sends about twenty successors
    /// a state, most of them states met before.
    ///
    /// # Examples
    ///
    /// ```
    /// use heurist::FnProblem;
    /// use heurist_distributed::{Bfs, Cluster};
    ///
    /// let king = FnProblem::unit(|_: &(i8, i8)| false, |&(x, y): &(i8, i8)| {
    ///     [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
    ///         .map(|(dx, dy)| (x + dx, y + dy))
    ///         .into_iter()
    ///         .filter(|&(x, y)| (0..8).contains(&x) && (0..8).contains(&y))
    /// });
    /// let bfs = Bfs::new().reversible(true).round_buffer(16);
    /// let all = bfs.enumerate(&Cluster::threads(2), king, (0, 0)).unwrap();
    /// assert_eq!(all.layers, [1, 3, 5, 7, 9, 11, 13, 15]);
    /// ```
    pub fn round_buffer(mut self, states: usize) -> Self {
        self.round_buffer = states.max(1);
        self
    }

    /// Builds no layer deeper than `depth`.
    pub fn max_depth(mut self, depth: usize) -> Self {
        self.max_depth = Some(depth);
        self
    }

    /// Writes each worker's last two layers and counters to files under `dir` after every
    /// layer, so that a run that stops (a process killed or failed, a machine rebooted, a
    /// cancellation, a limit) resumes from its last completed layer when it is started
    /// again with the same `dir`, start and cluster shape: nothing done is lost.
    ///
    /// Each worker writes to a folder of its own under `dir`, on the machine it runs on;
    /// a run that completes removes them. Only a [reversible](Bfs::reversible)
    /// [enumeration](Bfs::enumerate) of states that pack into 16 bytes or fewer keeps
    /// checkpoints (its workers hold just two layers); asked of another run, they are an
    /// [`Error::Checkpoint`].
    ///
    /// # Examples
    ///
    /// ```
    /// use heurist::{FnProblem, StopReason};
    /// use heurist_distributed::{Bfs, Cluster};
    ///
    /// let torus = FnProblem::space(|&(x, y): &(u8, u8)| {
    ///     [((x + 39) % 40, y), ((x + 1) % 40, y), (x, (y + 39) % 40), (x, (y + 1) % 40)]
    /// });
    /// let dir = std::env::temp_dir().join(format!("torus-{}", std::process::id()));
    /// let cluster = Cluster::threads(2);
    /// let bfs = Bfs::new().reversible(true).checkpoints(&dir);
    /// // the first run stops after ten layers...
    /// let first = bfs.clone().max_depth(10).enumerate(&cluster, torus.clone(), (0, 0)).unwrap();
    /// assert_eq!(first.stop_reason(), Some(StopReason::MaxDepth));
    /// // ...and the second takes up from there
    /// let all = bfs.enumerate(&cluster, torus, (0, 0)).unwrap();
    /// assert_eq!(all.resumed_from, Some(10));
    /// assert_eq!(all.total_states(), 1600);
    /// assert!(!dir.exists()); // a completed run removes its checkpoints
    /// ```
    pub fn checkpoints(mut self, dir: impl Into<PathBuf>) -> Self {
        self.checkpoints = Some(dir.into());
        self
    }

    crate::limit_methods!("layer");

    /// A path with the fewest actions from `start` to a goal, found on the workers of
    /// `cluster`; every process gets the same result.
    ///
    /// # Errors
    ///
    /// The workers could not start, or one failed, or the states pack into no bytes (see
    /// [`Error`]).
    pub fn search<P>(
        &self,
        cluster: &Cluster,
        problem: P,
        start: P::State,
    ) -> Result<BfsResultOf<P>, Error>
    where
        P: Problem + Clone + Send + 'static,
        P::State: Packed + Send,
        P::Action: Send,
        P::Cost: Send,
        E: Expansion<P> + 'static,
        E::Set: Packed + 'static,
    {
        self.run(cluster, problem, start, true)
    }

    /// Every state reachable from `start`, counted at each depth in
    /// [`SearchResult::layers`], on the workers of `cluster`; goals are not looked at.
    ///
    /// # Errors
    ///
    /// As for [`search`](Bfs::search).
    pub fn enumerate<P>(
        &self,
        cluster: &Cluster,
        problem: P,
        start: P::State,
    ) -> Result<BfsResultOf<P>, Error>
    where
        P: Problem + Clone + Send + 'static,
        P::State: Packed + Send,
        P::Action: Send,
        P::Cost: Send,
        E: Expansion<P> + 'static,
        E::Set: Packed + 'static,
    {
        self.run(cluster, problem, start, false)
    }

    fn run<P>(
        &self,
        cluster: &Cluster,
        problem: P,
        start: P::State,
        search: bool,
    ) -> Result<BfsResultOf<P>, Error>
    where
        P: Problem + Clone + Send + 'static,
        P::State: Packed + Send,
        P::Action: Send,
        P::Cost: Send,
        E: Expansion<P> + 'static,
        E::Set: Packed + 'static,
    {
        if P::State::BYTES == 0 {
            return Err(Error::StatesOfNoBytes);
        }
        if self.checkpoints.is_some()
            && (search || !self.reversible || !sorted::fits(P::State::BYTES))
        {
            return Err(Error::Checkpoint(format!(
                "only a reversible enumeration of states of at most 16 bytes keeps \
                 checkpoints (this is a {} of states of {} bytes{})",
                if search { "search" } else { "enumeration" },
                P::State::BYTES,
                if self.reversible {
                    ""
                } else {
                    ", not known to be reversible"
                },
            )));
        }
        let config = self.clone();
        let shared = Mutex::new((problem, start));
        cluster.run(self.limits.cancel.clone(), move |worker, stop| {
            let (problem, start) = shared.lock().unwrap_or_else(|e| e.into_inner()).clone();
            let sorted = sorted::fits(P::State::BYTES);
            let seen = match (search, config.reversible) {
                (_, true) if sorted => Seen::Sorted(Vec::new()),
                (true, _) => Seen::Parents(StateMap::default()),
                (false, false) => Seen::All(StateSet::default()),
                (false, true) => Seen::Window([
                    StateSet::default(),
                    StateSet::default(),
                    StateSet::default(),
                ]),
            };
            layers::<P, E>(worker, stop, &config, Rc::new(problem), start, seen, search)
        })
    }
}
