//! Breadth-first search and enumeration across workers: one round a layer.
//!
//! Each worker owns the states whose [hash names it](crate::util::owner) and keeps them in
//! memory. In a round, every worker expands its part of the layer and sends each successor,
//! packed, to the successor's owner, which keeps those it has not seen as its part of the
//! next layer (and, in a search, each one's parent). A gather round then shares the layer's
//! size, the counters, a goal and the limits' verdicts, so that every worker takes the same
//! decision.
//!
//! A reversible space whose states pack into 16 bytes or fewer is kept in layers of sorted
//! keys (an enumeration three, a search all), and a round's successors are settled all at
//! once, by sorting them and merging them with the two layers before
//! ([`sorted`](crate::util::sorted)): sequential passes where a hash set would take a
//! cache miss for nearly every successor. A search then finds its path back through the
//! layers: a state's successors in the layer before are its parents. A round's buffer is
//! sorted and made unique as it grows ([`Bfs::round_buffer`]).

use std::cell::RefCell;
use std::marker::PhantomData;
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::Mutex;
use std::time::Instant;

use heurist::disk::Packed;
use heurist::{AllMoves, Expansion, Outcome, Problem, Pruned, Stats, StopReason, Successors};
use timely::worker::Worker;

use crate::checkpoint::{self, Checkpoints, Counters};
use crate::cluster::peer_gone;
use crate::util::route::{Gather, Router};
use crate::util::Ways;
use crate::util::{
    from_words, guarded, owner, sorted, to_words, Outbox, Report, StateMap, StateSet,
};
use crate::{Cluster, Error, Limits, SearchResult, Stop};

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

/// The states a worker has seen.
enum Seen<S> {
    /// Every state (an enumeration of a space that is not reversible).
    All(StateSet<S>),
    /// The layers before, being expanded and being built (an enumeration of a reversible
    /// space whose states are wider than a sort key).
    Window([StateSet<S>; 3]),
    /// The successors received this round, packed one after the other (a reversible
    /// space whose states fit a sort key): the worker keeps its layers as sorted keys and
    /// settles the round's successors by sorting them (see [`sorted`]). A search keeps
    /// every layer, and finds a state's parent again among its successors in the layer
    /// before: in a reversible space they are its predecessors.
    Sorted(Vec<u8>),
    /// Every state with its parent (a search; the start is its own parent).
    Parents(StateMap<S, S>),
}

/// A worker's part of the search, shared by the driver and the handler of received states;
/// `T` is the skip set of move pruning.
struct Shard<S, T> {
    seen: Seen<S>,
    /// This worker's part of the layer being built, each state with the skip set of its
    /// first way in.
    next: Vec<(S, T)>,
    /// The first goal this worker generated this round.
    goal: Option<S>,
    /// Whether another worker generated a goal this round (a search then stops expanding
    /// the layer).
    signalled: bool,
    duplicates: u64,
    /// What the problem's code panicked with, on this worker.
    failed: Option<String>,
    /// The size (in states) at which a round's buffer of sorted layers is compacted next,
    /// and how many states at its front are compacted already.
    compact_at: usize,
    compacted: usize,
}

impl<S: Clone + Eq + std::hash::Hash, T> Shard<S, T> {
    /// Keeps `child` (reached from `parent`, with skip set `set`) if it is new.
    fn offer(&mut self, child: S, set: T, parent: Option<S>) -> bool {
        let new = match &mut self.seen {
            Seen::All(set) => set.insert(child.clone()),
            Seen::Window([older, current, newest]) => {
                !older.contains(&child) && !current.contains(&child) && newest.insert(child.clone())
            }
            Seen::Sorted(_) => unreachable!("sorted layers settle a round at its end"),
            Seen::Parents(map) => match map.entry(child.clone()) {
                std::collections::hash_map::Entry::Occupied(_) => false,
                std::collections::hash_map::Entry::Vacant(slot) => {
                    slot.insert(parent.unwrap_or_else(|| child.clone()));
                    true
                }
            },
        };
        if new {
            self.next.push((child, set));
        } else {
            self.duplicates += 1;
        }
        new
    }

    fn stored(&self) -> usize {
        match &self.seen {
            Seen::All(set) => set.len(),
            Seen::Window(sets) => sets.iter().map(|s| s.len()).sum(),
            Seen::Sorted(_) => 0,
            Seen::Parents(map) => map.len(),
        }
    }
}

/// The words a worker contributes after a layer, after its [`Report`]: the states it added
/// to the layer, then its goal (a flag, and the state's words).
mod word {
    use crate::util::Report;
    pub(super) const NEW: usize = Report::WORDS;
    pub(super) const GOAL: usize = Report::WORDS + 1;
}

/// One worker's breadth-first search, layer by layer.
fn layers<P, E>(
    worker: &mut Worker,
    stop: &Stop,
    config: &Bfs<E>,
    problem: Rc<P>,
    start: P::State,
    seen: Seen<P::State>,
    search: bool,
) -> Result<BfsResultOf<P>, Error>
where
    P: Problem + 'static,
    P::State: Packed,
    E: Expansion<P> + 'static,
    E::Set: Packed + 'static,
{
    let started = Instant::now();
    let (me, peers) = (worker.index(), worker.peers());
    let width = P::State::BYTES;
    // each state travels with the skip set of its way in (no bytes without move pruning)
    let set_bytes = <E::Set as Packed>::BYTES;
    // the sorted layers of a reversible space, when a state fits a sort key
    let mut window = match seen {
        Seen::Sorted(_) => sorted::layers::<Ways<P, E>>(width, search),
        _ => None,
    };
    // a record: the state, its skip set, and in a search with a map of parents the parent
    let with_set = width + set_bytes;
    let record = if matches!(seen, Seen::Parents(_)) {
        with_set + width
    } else {
        with_set
    };
    let shard = Rc::new(RefCell::new(Shard {
        seen,
        next: Vec::new(),
        goal: None,
        signalled: false,
        duplicates: 0,
        failed: None,
        compact_at: config.round_buffer,
        compacted: 0,
    }));

    let handler_shard = Rc::clone(&shard);
    let round_buffer = config.round_buffer;
    let (handler_me, handler_peers) = (me, peers);
    let mut router = Router::new(worker, move |bytes: &[u8]| {
        let mut shard = handler_shard.borrow_mut();
        let shard = &mut *shard;
        if bytes.is_empty() {
            // (a signal: another worker generated a goal)
            shard.signalled = true;
            return;
        }
        if let Seen::Sorted(arrived) = &mut shard.seen {
            debug_assert!(bytes
                .chunks_exact(with_set)
                .all(|record| owner(&record[..width], handler_peers) == handler_me));
            arrived.extend_from_slice(bytes);
            if width > 0 && arrived.len() >= shard.compact_at.saturating_mul(with_set) {
                let held = arrived.len() / with_set;
                shard.compacted = sorted::compact::<Ways<P, E>>(arrived, width, shard.compacted);
                shard.duplicates += (held - shard.compacted) as u64;
                // as many again as are left: each state is sorted once, in the part that
                // arrived after the last compaction, and merged a few times. Not again in
                // this round when it dropped less than a third: the 4x3 puzzle's rounds
                // repeat a fifth of their states, and the merges would cost more than the
                // memory is worth (Rush Hour's first compaction of a round drops three
                // quarters, the later ones about half)
                shard.compact_at = if 3 * shard.compacted > 2 * held {
                    usize::MAX
                } else {
                    shard.compacted + round_buffer.max(shard.compacted)
                };
            }
            return;
        }
        let failure = guarded(|| {
            for record in bytes.chunks_exact(record) {
                let child = P::State::unpack(&record[..width]);
                debug_assert_eq!(
                    owner(&record[..width], handler_peers),
                    handler_me,
                    "a state reached a worker that does not own it"
                );
                let set = E::Set::unpack(&record[width..with_set]);
                let parent =
                    (record.len() > with_set).then(|| P::State::unpack(&record[with_set..]));
                // (a goal among them was seen by the worker that generated it)
                shard.offer(child, set, parent);
            }
        });
        if let Some(message) = failure {
            shard.failed.get_or_insert(message);
        }
    });
    let mut gather = Gather::new(worker);

    let mut packed = vec![0u8; width];
    start.pack(&mut packed);
    let checkpoints = config
        .checkpoints
        .as_ref()
        .map(|root| Checkpoints::new(root, with_set, peers, me, &packed));
    let resumed = match (&checkpoints, &mut window) {
        (Some(files), Some(window)) => {
            checkpoint::resume(worker, &mut gather, stop, files, with_set, &mut **window)?
        }
        _ => None,
    };
    if let (Some(saved), Some(max)) = (&resumed, config.max_depth) {
        if saved.depth > max {
            return Err(Error::Checkpoint(format!(
                "the checkpoints are of layer {}, deeper than the maximum depth {max}",
                saved.depth
            )));
        }
    }
    // the size of this worker's part of the layer built
    let mut built = 0;
    if resumed.is_some() {
        // the layer built is the checkpoint's
    } else if owner(&packed, peers) == me {
        built = 1;
        match &mut window {
            Some(window) => {
                let mut first = vec![0u8; with_set];
                first[..width].copy_from_slice(&packed);
                E::empty().pack(&mut first[width..]);
                _ = window.settle(&mut first, 0);
            }
            None => _ = shard.borrow_mut().offer(start.clone(), E::empty(), None),
        }
    }
    let mut result = BfsResultOf::<P> {
        outcome: Outcome::Exhausted,
        layers: vec![1],
        stats: Stats {
            stored: 1,
            iterations: 1,
            ..Stats::default()
        },
        rounds: 0,
        bytes_sent: 0,
        resumed_from: None,
    };
    if search && problem.is_goal(&start) {
        result.outcome = Outcome::Found(heurist::Solution {
            start: start.clone(),
            steps: Vec::new(),
            cost: <P::Cost as heurist::Cost>::ZERO,
        });
        // (no layer before the goal's)
        result.layers.clear();
        return Ok(result);
    }

    let (mut expanded, mut generated, mut sent) = (0u64, 0u64, 0u64);
    // the size of this worker's part of the layer expanded last
    let mut frontier_len = 0;
    if let Some(saved) = &resumed {
        let c = saved.counters;
        (expanded, generated, sent, result.rounds) = (c.expanded, c.generated, c.sent, c.rounds);
        shard.borrow_mut().duplicates = c.duplicates;
        result.layers.clone_from(&saved.layers);
        result.resumed_from = Some(saved.depth);
        (frontier_len, built) = window.as_ref().map_or((0, 0), |w| w.lens());
    }
    let mut successors = Successors::new();
    let mut outbox = Outbox::new(peers);
    // a resumed run has its round's layer built: it goes on from that round's report
    let mut round_done = resumed.is_some();
    drop(resumed);
    loop {
        if !std::mem::take(&mut round_done) {
            let depth = result.layers.len() - 1;
            if config.max_depth.is_some_and(|m| depth >= m) {
                result.outcome = Outcome::Stopped {
                    reason: StopReason::MaxDepth,
                    lower_bound: None,
                };
                break;
            }
            let (frontier, frontier_packed) = {
                let mut shard = shard.borrow_mut();
                if let Seen::Window([older, current, newest]) = &mut shard.seen {
                    std::mem::swap(older, current);
                    std::mem::swap(current, newest);
                    newest.clear();
                }
                let packed = window.as_mut().map(|w| w.advance()).unwrap_or_default();
                (std::mem::take(&mut shard.next), packed)
            };
            frontier_len = built;
            shard.borrow_mut().signalled = false;
            router.begin_round();
            // a search stops expanding the layer at the first goal generated, here or by
            // another worker (which signals it): the goal is as near as any in the layer
            // built, and the rest of the layer would be built for nothing
            let mut goal = None;
            let failure = guarded(|| {
                let unpacked = frontier_packed.chunks_exact(with_set).map(|record| {
                    let (state, set) = record.split_at(width);
                    (P::State::unpack(state), E::Set::unpack(set))
                });
                for (i, (state, set)) in frontier.into_iter().chain(unpacked).enumerate() {
                    if search && i % 256 == 0 && shard.borrow().signalled {
                        return;
                    }
                    let state = &state;
                    successors.clear();
                    E::expand(&*problem, state, set, &mut successors);
                    expanded += 1;
                    generated += successors.len() as u64;
                    for step in successors.iter() {
                        step.state.pack(&mut packed);
                        let to = owner(&packed, peers);
                        outbox.push(&mut router, worker, to, record, |out| {
                            out[..width].copy_from_slice(&packed);
                            E::after(&*problem, &step.action).pack(&mut out[width..with_set]);
                            if record > with_set {
                                state.pack(&mut out[with_set..]);
                            }
                        });
                        if search && goal.is_none() && problem.is_goal(&step.state) {
                            goal = Some(step.state.clone());
                        }
                    }
                    if goal.is_some() {
                        // (the goal's record went to its owner with the others)
                        for to in (0..peers).filter(|&to| to != me) {
                            router.signal(worker, to);
                        }
                        return;
                    }
                }
            });
            if let Some(goal) = goal {
                shard.borrow_mut().goal.get_or_insert(goal);
            }
            drop(frontier_packed);
            if let Some(message) = failure {
                shard.borrow_mut().failed.get_or_insert(message);
            }
            sent += outbox.finish_round(&mut router, worker, stop)?;
            result.rounds += 1;
            match &mut window {
                Some(window) => {
                    let mut shard = shard.borrow_mut();
                    let shard = &mut *shard;
                    let Seen::Sorted(arrived) = &mut shard.seen else {
                        unreachable!("sorted layers receive into a buffer")
                    };
                    let arrivals = arrived.len() / with_set;
                    built = window.settle(arrived, shard.compacted);
                    (shard.compacted, shard.compact_at) = (0, config.round_buffer);
                    shard.duplicates += (arrivals - built) as u64;
                    if let Some(files) = &checkpoints {
                        let counters = Counters {
                            rounds: result.rounds,
                            expanded,
                            generated,
                            duplicates: shard.duplicates,
                            sent,
                        };
                        let depth = result.layers.len();
                        if let Err(e) = files.save(depth, &result.layers, counters, &**window) {
                            shard.failed.get_or_insert_with(|| {
                                format!("could not write the checkpoint of layer {depth}: {e}")
                            });
                        }
                    }
                }
                None => built = shard.borrow().next.len(),
            }
        }
        let stored = match &window {
            Some(window) => window.stored(),
            None => shard.borrow().stored(),
        };

        let mut report = {
            let shard = shard.borrow();
            Report {
                expanded,
                generated,
                duplicates: shard.duplicates,
                stored: stored as u64,
                frontier: frontier_len as u64,
                sent,
                failed: shard.failed.is_some(),
                ..Report::default()
            }
        };
        report.check(stop, started, &config.limits);
        let mut words = report.words();
        {
            let shard = shard.borrow();
            words.push(built as u64);
            words.push(u64::from(shard.goal.is_some()));
            if let Some(goal) = &shard.goal {
                words.extend(to_words(goal));
            }
        }
        let all = gather.all(worker, words, stop).map_err(|()| peer_gone())?;

        let verdict = Report::combine(&all, &mut result.stats, &mut result.bytes_sent);
        verdict.failure(shard.borrow().failed.as_deref())?;
        let new: u64 = all.iter().map(|w| w[word::NEW]).sum();
        if new == 0 {
            result.outcome = Outcome::Exhausted;
            if let Some(files) = &checkpoints {
                // nothing is left to resume; a file that stays does no harm
                let _ = files.remove();
            }
            break;
        }
        result.layers.push(new);
        if let Some(words) = all.iter().find(|w| w[word::GOAL] != 0) {
            let goal: P::State = from_words(&words[word::GOAL + 1..]);
            // a state's parent, as this worker knows it: in its map of parents, or among
            // the state's successors in its part of the layer before (asked once a step
            // from the goal back, so the layer before is one up each time)
            let mut successors = Successors::new();
            let mut bytes = vec![0u8; width];
            let mut depth = result.layers.len() - 1;
            let parent = |s: &P::State| match (&shard.borrow().seen, &window) {
                (Seen::Parents(map), _) => map.get(s).cloned(),
                (_, Some(window)) => {
                    depth = depth.checked_sub(1)?;
                    successors.clear();
                    problem.successors(s, &mut successors);
                    successors.drain().map(|step| step.state).find(|t| {
                        t.pack(&mut bytes);
                        window.holds(depth, &bytes)
                    })
                }
                _ => None,
            };
            let solution =
                crate::trace::trace(worker, &mut gather, stop, &*problem, &start, goal, parent)
                    .map_err(|()| peer_gone())?;
            result.outcome = Outcome::Found(solution);
            // the goal's layer was left unfinished at the goal
            result.layers.pop();
            break;
        }
        if let Some(reason) = verdict.stop {
            result.outcome = Outcome::Stopped {
                reason,
                lower_bound: None,
            };
            break;
        }
    }
    result.stats.elapsed = started.elapsed();
    Ok(result)
}
