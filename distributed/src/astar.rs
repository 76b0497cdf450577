//! A\* across workers, in rounds of bounded batches.
//!
//! Each worker owns the states whose [hash names it](crate::util::owner): their best cost
//! so far, parent and estimate, and an open list of those waiting. In a round every worker
//! expands up to a [batch](AStar::batch) of its open states, best first, and sends each
//! successor with its cost to its owner, which keeps it if it is new or cheaper than
//! before (reopening it then). A gather round shares each worker's smallest `f` and its
//! best goal: the search ends when a goal is known whose cost is at most the smallest `f`
//! of every open list, which, with an admissible heuristic, makes it optimal. Workers
//! expand states with `f` up to the best goal's cost only.

use std::cell::RefCell;
use std::cmp::Ordering;
use std::collections::BinaryHeap;
use std::hash::{BuildHasher, BuildHasherDefault};
use std::marker::PhantomData;
use std::rc::Rc;
use std::sync::Mutex;
use std::time::Instant;

use heurist::disk::Packed;
use heurist::{AllMoves, Cost, Expansion, Heuristic, Outcome, Problem, Pruned, Stats, Successors};
use timely::worker::Worker;

use crate::cluster::peer_gone;
use crate::util::route::{Gather, Router};
use crate::util::table::{IdIndex, MAX_IDS};
use crate::util::{from_words, guarded, owner, to_words, MixHasher, Outbox, Report};
use crate::{Cluster, Error, Limits, SearchResult, Stop};

/// The result of a distributed A\* search for a problem `P`.
pub type AStarResultOf<P> =
    SearchResult<<P as Problem>::State, <P as Problem>::Action, <P as Problem>::Cost>;

/// A\* on a [`Cluster`]: the configuration.
///
/// With an admissible heuristic the cost found is optimal, with integer and real-valued
/// costs alike ([`OrderedF64`](heurist::OrderedF64)); a state reached again more cheaply
/// is opened again, so the heuristic need not be consistent. Each worker searches with its
/// own clones of the problem and the heuristic (share large data, such as a pattern
/// database, inside them through an `Arc`); states and costs travel between workers as
/// [`Packed`] bytes.
///
/// # Examples
///
/// ```
/// use std::sync::Mutex;
/// use heurist::FnProblem;
/// use heurist_distributed::{AStar, Cluster};
///
/// // From 1 to 500 by doubling (cost 3) or adding one (cost 1), on two workers.
/// let p = FnProblem::with_costs(|&n: &u32| n == 500, |&n: &u32| {
///     [(n * 2, 3u32), (n + 1, 1)].into_iter().filter(|&(m, _)| m <= 500)
/// });
/// let found = AStar::new().search(&Cluster::threads(2), p.clone(), |_: &u32| 0, 1).unwrap();
/// assert_eq!(found.cost(), heurist::dijkstra(&p, 1).cost());
/// ```
///
/// With [`move_pruning`](AStar::move_pruning), each state travels with the skip set of
/// the action that reached it, and its successors leave out what
/// [`heurist::MovePruning`] says they may.
#[derive(Clone, Debug)]
pub struct AStar<E = AllMoves> {
    batch: usize,
    limits: Limits,
    /// (a function type, so that the configuration is `Send` whatever `E`)
    expansion: PhantomData<fn() -> E>,
}

impl Default for AStar {
    fn default() -> Self {
        AStar {
            batch: 2048,
            limits: Limits::default(),
            expansion: PhantomData,
        }
    }
}

impl AStar {
    /// The default configuration: batches of 2048 states a worker, no limits.
    pub fn new() -> Self {
        Self::default()
    }
}

impl<E> AStar<E> {
    /// The same configuration, generating successors as `F` says:
    /// [`AllMoves`] (every successor, the default) or [`Pruned`] (move pruning, as
    /// [`move_pruning`](AStar::move_pruning) sets).
    pub fn expansion<F>(self) -> AStar<F> {
        AStar {
            batch: self.batch,
            limits: self.limits,
            expansion: PhantomData,
        }
    }

    /// Move pruning, for a problem that implements [`heurist::MovePruning`] with a skip
    /// set that is [`Packed`]: a successor travels with the skip set of the action that
    /// reached it, a state keeps the set of its cheapest way in, and its successors leave
    /// out what that set names, as [`heurist::AStar`] does. The cost found stays optimal.
    ///
    /// # Examples
    ///
    /// ```
    /// use heurist::{MovePruning, Problem, Successors};
    /// use heurist_distributed::{AStar, Cluster};
    ///
    /// /// Counting from 0 to 40 by steps of one either way; a step back is left out.
    /// #[derive(Clone)]
    /// struct Count;
    /// impl Problem for Count {
    ///     type State = u8;
    ///     type Action = bool; // up?
    ///     type Cost = u32;
    ///     fn is_goal(&self, &n: &u8) -> bool {
    ///         n == 40
    ///     }
    ///     fn successors(&self, n: &u8, out: &mut Successors<u8, bool, u32>) {
    ///         self.successors_skipping(n, 0, out)
    ///     }
    /// }
    /// impl MovePruning for Count {
    ///     type Skip = u8; // bit 0: down, bit 1: up
    ///     fn skip_after(&self, &up: &bool) -> u8 {
    ///         if up { 1 } else { 2 }
    ///     }
    ///     fn successors_skipping(&self, &n: &u8, skip: u8, out: &mut Successors<u8, bool, u32>) {
    ///         if skip & 1 == 0 && n > 0 {
    ///             out.push(false, n - 1, 1);
    ///         }
    ///         if skip & 2 == 0 && n < 50 {
    ///             out.push(true, n + 1, 1);
    ///         }
    ///     }
    /// }
    ///
    /// let cluster = Cluster::threads(2);
    /// let zero = |_: &u8| 0;
    /// let plain = AStar::new().search(&cluster, Count, zero, 0).unwrap();
    /// let pruned = AStar::new().move_pruning().search(&cluster, Count, zero, 0).unwrap();
    /// assert_eq!(pruned.cost(), Some(40));
    /// assert!(pruned.stats.generated < plain.stats.generated);
    /// ```
    pub fn move_pruning(self) -> AStar<Pruned> {
        self.expansion()
    }

    /// Expands up to `states` states on each worker in a round (at least one). Larger
    /// batches pay less for the rounds' synchronization and may expand more states whose
    /// `f` turns out to exceed the optimal cost, at most a batch a worker.
    pub fn batch(mut self, states: usize) -> Self {
        self.batch = states.max(1);
        self
    }

    crate::limit_methods!("round");

    /// A cheapest path from `start` to a goal, with `heuristic` as the estimate, found on
    /// the workers of `cluster`; every process gets the same result. Stopped by a limit,
    /// the result carries a lower bound on the optimal cost.
    ///
    /// # Errors
    ///
    /// The workers could not start, or one failed, or the states pack into no bytes (see
    /// [`Error`]).
    pub fn search<P, H>(
        &self,
        cluster: &Cluster,
        problem: P,
        heuristic: H,
        start: P::State,
    ) -> Result<AStarResultOf<P>, Error>
    where
        P: Problem + Clone + Send + 'static,
        P::State: Packed + Send,
        P::Action: Send,
        P::Cost: Packed + Send,
        H: Heuristic<P> + Clone + Send + 'static,
        E: Expansion<P> + 'static,
        E::Set: Packed + 'static,
    {
        if P::State::BYTES == 0 {
            return Err(Error::StatesOfNoBytes);
        }
        let config = self.clone();
        let shared = Mutex::new((problem, heuristic, start));
        cluster.run(self.limits.cancel.clone(), move |worker, stop| {
            let (problem, heuristic, start) =
                shared.lock().unwrap_or_else(|e| e.into_inner()).clone();
            rounds::<P, H, E>(
                worker,
                stop,
                &config,
                Rc::new(problem),
                Rc::new(heuristic),
                start,
            )
        })
    }
}

/// How many received states a worker looks up ahead of offering them.
const READ_AHEAD: usize = 16;

/// What a worker knows of a state it owns; `T` is the skip set of its cheapest way in
/// (move pruning).
struct Node<S, C, T> {
    state: S,
    parent: S,
    g: C,
    h: C,
    set: T,
    expanded: bool,
}

/// An open-list entry: smaller `f` first, then larger `g`. It names its node by id, so
/// the entries stay small and a pop finds its node without a lookup.
struct Entry<C> {
    f: C,
    g: C,
    id: u32,
}

impl<C: Ord> Ord for Entry<C> {
    fn cmp(&self, other: &Self) -> Ordering {
        other.f.cmp(&self.f).then(self.g.cmp(&other.g))
    }
}
impl<C: Ord> PartialOrd for Entry<C> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl<C: Ord> PartialEq for Entry<C> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl<C: Ord> Eq for Entry<C> {}

/// The hash of a state in a worker's index.
fn hash<S: std::hash::Hash>(state: &S) -> u64 {
    BuildHasherDefault::<MixHasher>::default().hash_one(state)
}

/// A worker's part of the search, shared by the driver and the handler of received states:
/// its nodes in a vector, by id, and an index of the ids by state.
struct Shard<S, C, T> {
    nodes: Vec<Node<S, C, T>>,
    index: IdIndex,
    open: BinaryHeap<Entry<C>>,
    /// The cheapest goal this worker owns.
    goal: Option<(C, S)>,
    duplicates: u64,
    reopened: u64,
    failed: Option<String>,
}

impl<S: Clone + Eq + std::hash::Hash, C: Cost, T> Shard<S, C, T> {
    /// The node of `state`, if stored.
    fn get(&self, state: &S) -> Option<&Node<S, C, T>> {
        let id = self
            .index
            .find(hash(state), |id| self.nodes[id].state == *state)
            .ok()?;
        Some(&self.nodes[id])
    }

    /// Reads the index slots of `state`, hashed to `hash`, and the node whose tag agrees,
    /// so that an [`offer`](Shard::offer) soon after finds both in cache; the answer is of
    /// no use.
    #[inline]
    fn touch(&self, hash: u64, state: &S) -> u64 {
        match self.index.find(hash, |_| true) {
            // (both fields read: a node can straddle two cache lines)
            Ok(id) => u64::from((self.nodes[id].state == *state) & !self.nodes[id].expanded),
            Err(_) => 0,
        }
    }

    /// Keeps `child`, hashed to `hash`, at cost `g` from `parent`, reached with skip set
    /// `set`, if that is new or cheaper; returns whether.
    fn offer(
        &mut self,
        hash: u64,
        child: S,
        parent: S,
        g: C,
        set: T,
        h: impl FnOnce(&S) -> C,
    ) -> bool {
        let (id, h) = match self.index.find(hash, |id| self.nodes[id].state == child) {
            Ok(id) => {
                let node = &mut self.nodes[id];
                if node.g <= g {
                    self.duplicates += 1;
                    return false;
                }
                if node.expanded {
                    self.reopened += 1;
                }
                node.g = g;
                node.parent = parent;
                node.set = set;
                node.expanded = false;
                (id, node.h)
            }
            Err(hole) => {
                let id = self.nodes.len();
                if id >= MAX_IDS {
                    self.failed.get_or_insert_with(|| {
                        format!("a worker cannot hold more than {MAX_IDS} states")
                    });
                    return false;
                }
                let h = h(&child);
                self.index.insert(hole, hash, id);
                self.nodes.push(Node {
                    state: child,
                    parent,
                    g,
                    h,
                    set,
                    expanded: false,
                });
                (id, h)
            }
        };
        self.open.push(Entry {
            f: g.saturating_add(h),
            g,
            id: id as u32,
        });
        true
    }

    /// Drops the outdated entries from the top of the open list; the smallest `f` left.
    fn min_f(&mut self) -> Option<C> {
        while let Some(top) = self.open.peek() {
            let node = &self.nodes[top.id as usize];
            if node.g == top.g && !node.expanded {
                return Some(top.f);
            }
            self.open.pop();
        }
        None
    }
}

/// One worker's A\*, round by round.
fn rounds<P, H, E>(
    worker: &mut Worker,
    stop: &Stop,
    config: &AStar<E>,
    problem: Rc<P>,
    heuristic: Rc<H>,
    start: P::State,
) -> Result<AStarResultOf<P>, Error>
where
    P: Problem + 'static,
    P::State: Packed,
    P::Cost: Packed,
    H: Heuristic<P> + 'static,
    E: Expansion<P> + 'static,
    E::Set: Packed + 'static,
{
    let started = Instant::now();
    let (me, peers) = (worker.index(), worker.peers());
    let width = P::State::BYTES;
    // a record: the state, its parent, its cost and the skip set of its way in
    let with_cost = 2 * width + P::Cost::BYTES;
    let record = with_cost + <E::Set as Packed>::BYTES;
    let shard = Rc::new(RefCell::new(Shard {
        nodes: Vec::new(),
        index: IdIndex::new(),
        open: BinaryHeap::new(),
        goal: None,
        duplicates: 0,
        reopened: 0,
        failed: None,
    }));

    let handler_shard = Rc::clone(&shard);
    let (handler_problem, handler_heuristic) = (Rc::clone(&problem), Rc::clone(&heuristic));
    // the states of a group of received records with their hashes, unpacked and hashed
    // once (see `READ_AHEAD`)
    let mut children = Vec::with_capacity(READ_AHEAD);
    let mut router = Router::new(worker, move |bytes: &[u8]| {
        let mut shard = handler_shard.borrow_mut();
        let shard = &mut *shard;
        let failure = guarded(|| {
            for group in bytes.chunks(READ_AHEAD * record) {
                // the group's states looked up first, their answers unused: the lookups
                // do not depend on one another, so their cache misses overlap, and the
                // offers below find the entries in cache
                children.clear();
                children.extend(group.chunks_exact(record).map(|r| {
                    let child = P::State::unpack(&r[..width]);
                    (hash(&child), child)
                }));
                let mut sink = 0u64;
                for (hash, child) in &children {
                    sink ^= shard.touch(*hash, child);
                }
                std::hint::black_box(sink);
                for (record, (hash, child)) in group.chunks_exact(record).zip(children.drain(..)) {
                    let parent = P::State::unpack(&record[width..2 * width]);
                    let g = P::Cost::unpack(&record[2 * width..with_cost]);
                    let set = E::Set::unpack(&record[with_cost..]);
                    let kept = shard.offer(hash, child.clone(), parent, g, set, |s| {
                        handler_heuristic.estimate(s)
                    });
                    if kept
                        && shard.goal.as_ref().is_none_or(|(best, _)| g < *best)
                        && handler_problem.is_goal(&child)
                    {
                        shard.goal = Some((g, child));
                    }
                }
            }
        });
        if let Some(message) = failure {
            shard.failed.get_or_insert(message);
        }
    });
    let mut gather = Gather::new(worker);

    let mut packed = vec![0u8; width];
    start.pack(&mut packed);
    let zero = <P::Cost as Cost>::ZERO;
    let mut result = AStarResultOf::<P> {
        outcome: Outcome::Exhausted,
        layers: Vec::new(),
        stats: Stats {
            iterations: 1,
            ..Stats::default()
        },
        rounds: 0,
        bytes_sent: 0,
        resumed_from: None,
    };
    if problem.is_goal(&start) {
        result.outcome = Outcome::Found(heurist::Solution {
            start: start.clone(),
            steps: Vec::new(),
            cost: zero,
        });
        return Ok(result);
    }
    if owner(&packed, peers) == me {
        shard.borrow_mut().offer(
            hash(&start),
            start.clone(),
            start.clone(),
            zero,
            E::empty(),
            |s| heuristic.estimate(s),
        );
    }

    let (mut expanded, mut generated, mut sent) = (0u64, 0u64, 0u64);
    let mut incumbent: Option<P::Cost> = None;
    let mut successors = Successors::new();
    let mut outbox = Outbox::new(peers);
    loop {
        router.begin_round();
        // this round's batch, best first, below the best goal's cost
        let mut batch = Vec::with_capacity(config.batch);
        {
            let mut shard = shard.borrow_mut();
            while batch.len() < config.batch {
                let Some(f) = shard.min_f() else { break };
                if incumbent.is_some_and(|c| f >= c) {
                    break;
                }
                let entry = shard.open.pop().expect("min_f saw it");
                let node = &mut shard.nodes[entry.id as usize];
                node.expanded = true;
                batch.push((node.state.clone(), entry.g, node.set));
            }
        }
        let frontier = shard.borrow().open.len();
        let failure = guarded(|| {
            for &(ref state, g, set) in &batch {
                successors.clear();
                E::expand(&*problem, state, set, &mut successors);
                expanded += 1;
                generated += successors.len() as u64;
                for step in successors.iter() {
                    step.state.pack(&mut packed);
                    let to = owner(&packed, peers);
                    let cost = g.saturating_add(step.cost);
                    outbox.push(&mut router, worker, to, record, |out| {
                        out[..width].copy_from_slice(&packed);
                        state.pack(&mut out[width..2 * width]);
                        cost.pack(&mut out[2 * width..with_cost]);
                        E::after(&*problem, &step.action).pack(&mut out[with_cost..]);
                    });
                }
            }
        });
        if let Some(message) = failure {
            shard.borrow_mut().failed.get_or_insert(message);
        }
        sent += outbox.finish_round(&mut router, worker, stop)?;
        result.rounds += 1;

        // the gather: the report, then the smallest f and the best goal, each a flag and
        // words
        let mut report = Report {
            expanded,
            generated,
            frontier: frontier as u64,
            sent,
            ..Report::default()
        };
        let mut words;
        {
            let mut shard = shard.borrow_mut();
            report.duplicates = shard.duplicates;
            report.reopened = shard.reopened;
            report.stored = shard.nodes.len() as u64;
            report.failed = shard.failed.is_some();
            report.check(stop, started, &config.limits);
            words = report.words();
            let min_f = shard.min_f();
            words.push(u64::from(min_f.is_some()));
            words.extend(to_words(&min_f.unwrap_or(zero)));
            words.push(u64::from(shard.goal.is_some()));
            if let Some((g, goal)) = &shard.goal {
                words.extend(to_words(g));
                words.extend(to_words(goal));
            }
        }
        let all = gather.all(worker, words, stop).map_err(|()| peer_gone())?;

        let verdict = Report::combine(&all, &mut result.stats, &mut result.bytes_sent);
        verdict.failure(shard.borrow().failed.as_deref())?;
        let cost_words = P::Cost::BYTES.div_ceil(8);
        let (f_at, goal_at) = (Report::WORDS, Report::WORDS + 1 + cost_words);
        let min_f = all
            .iter()
            .filter(|w| w[f_at] == 1)
            .map(|w| from_words::<P::Cost>(&w[f_at + 1..goal_at]))
            .min();
        let best = all
            .iter()
            .filter(|w| w[goal_at] == 1)
            .map(|w| {
                let g = from_words::<P::Cost>(&w[goal_at + 1..goal_at + 1 + cost_words]);
                (g, &w[goal_at + 1 + cost_words..])
            })
            .min_by_key(|(g, _)| *g);
        incumbent = best.as_ref().map(|(g, _)| *g);
        if let Some((g, goal)) = best
            && min_f.is_none_or(|f| f >= g)
        {
            let goal: P::State = from_words(goal);
            let parent = |s: &P::State| shard.borrow().get(s).map(|n| n.parent.clone());
            let solution =
                crate::trace::trace(worker, &mut gather, stop, &*problem, &start, goal, parent)
                    .map_err(|()| peer_gone())?;
            result.outcome = Outcome::Found(solution);
            break;
        }
        if min_f.is_none() {
            result.outcome = Outcome::Exhausted;
            break;
        }
        if let Some(reason) = verdict.stop {
            let bound = match (min_f, incumbent) {
                (Some(f), Some(c)) => Some(f.min(c)),
                (f, c) => f.or(c),
            };
            result.outcome = Outcome::Stopped {
                reason,
                lower_bound: bound,
            };
            break;
        }
    }
    result.stats.elapsed = started.elapsed();
    Ok(result)
}
