//! Hash-distributed A\* (HDA\*, Kishimoto, Fukunaga and Botea, 2009): A\* on several
//! threads, each owning the states whose hash names it (the design is in the
//! [module above](super)).

use std::sync::atomic::{AtomicU64, AtomicUsize};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

use super::astar_common::{
    admit, conclude, expand, path_cost, AStarMeta, AStarWorker, Admit, Ready, ShardOf,
};
use super::report::{note_least, summed, Report};
use super::shard::{owner, NodeRef, Shard, ShardNode};
use super::{lock, on_threads, SharedProblem};
use crate::algorithms::best_first::{AStarPolicy, Policy};
use crate::algorithms::ResultOf;
use crate::collections::{hash_of, ChosenFrontier, Frontier};
use crate::search::{Monitor, OpenList, StopReason};
use crate::traits::{Cost, Expansion, Heuristic, Problem, Successors};

/// How many successors for one thread a thread collects before it hands them over.
const BATCH: usize = 64;

/// How many expansions pass between two looks at a thread's mailbox and the incumbent.
const READ_MAIL_EVERY: u64 = 16;

/// A successor on its way to the thread that owns it.
struct Found<S, A, C> {
    hash: u64,
    node: ShardNode<S, A, C, AStarMeta<C>>,
}

type Batch<P> = Vec<Found<<P as Problem>::State, <P as Problem>::Action, <P as Problem>::Cost>>;

/// The mailboxes, and who waits for mail: under one lock, so that the search ends exactly
/// when every thread waits and no mail is on its way.
struct HdaPost<P: Problem + ?Sized> {
    inbox: Vec<Batch<P>>,
    waiting: usize,
    done: bool,
}

/// What the threads share.
struct HdaShared<P: Problem + ?Sized> {
    threads: usize,
    post: Mutex<HdaPost<P>>,
    mail_came: Condvar,
    /// The cheapest solution so far: its cost, and the goal's node.
    best: Mutex<Option<(P::Cost, NodeRef)>>,
    stopped: Mutex<Option<StopReason>>,
    room: AtomicUsize,
    expansions: Arc<AtomicU64>,
}

impl<P: Problem + ?Sized> HdaShared<P> {
    fn post(&self) -> MutexGuard<'_, HdaPost<P>> {
        lock(&self.post)
    }

    /// Ends the search with `reason` (the first reason given wins).
    fn stop(&self, reason: StopReason) {
        lock(&self.stopped).get_or_insert(reason);
        self.post().done = true;
        self.mail_came.notify_all();
    }
}

/// Runs the search with `open_list` for each thread's open states.
pub(crate) fn search<P, H, E>(
    problem: &P,
    heuristic: &H,
    ready: Ready<'_, P>,
    threads: usize,
    open_list: OpenList,
) -> ResultOf<P>
where
    P: SharedProblem + ?Sized,
    H: Heuristic<P> + Sync + ?Sized,
    E: Expansion<P>,
{
    let bucket = <AStarPolicy as Policy<P::Cost>>::bucket;
    run::<P, H, E, _>(problem, heuristic, ready, threads, || {
        ChosenFrontier::new(open_list, bucket, true)
    })
}

type Key<C> = <AStarPolicy as Policy<C>>::Key;

/// What one thread of the search hands back: its shard and its report.
type ThreadResult<P> = (ShardOf<P>, Report<<P as Problem>::Cost>);

fn run<P, H, E, F>(
    problem: &P,
    heuristic: &H,
    Ready { mut mon, start, h0 }: Ready<'_, P>,
    threads: usize,
    open_list: impl Fn() -> F + Sync,
) -> ResultOf<P>
where
    P: SharedProblem + ?Sized,
    H: Heuristic<P> + Sync + ?Sized,
    E: Expansion<P>,
    F: Frontier<Key<P::Cost>>,
{
    let thread_limits = mon.thread_limits();
    let room = mon.max_states() - 1;
    // what the threads share, once `n` of them run
    let shared = |n: usize| HdaShared::<P> {
        threads: n,
        post: Mutex::new(HdaPost {
            inbox: (0..n).map(|_| Vec::new()).collect(),
            waiting: 0,
            done: false,
        }),
        mail_came: Condvar::new(),
        best: Mutex::new(None),
        stopped: Mutex::new(None),
        room: AtomicUsize::new(room),
        expansions: Arc::new(AtomicU64::new(0)),
    };
    let hash = hash_of(&start);
    let node = ShardNode {
        state: start,
        link: None,
        meta: AStarMeta {
            g: P::Cost::ZERO,
            h: h0,
            closed: false,
        },
    };
    // the start, for the thread that owns it
    let start = Mutex::new(Some(Found { hash, node }));
    let run = |shared: &HdaShared<P>, t| {
        let seed = match t == owner(hash, shared.threads) {
            true => lock(&start).take(),
            false => None,
        };
        let worker = HdaWorker {
            problem,
            heuristic,
            shared,
            limits: &thread_limits,
        };
        worker.run::<E, F>(t, seed, open_list())
    };
    let (shared, results): (_, Vec<ThreadResult<P>>) =
        on_threads(threads, shared, |shared| run(shared, 0), run);
    let (shards, reports): (Vec<ShardOf<P>>, Vec<Report<P::Cost>>) = results.into_iter().unzip();
    mon.stats = summed(reports.iter().map(|r| &r.stats));
    let best = shared.best.into_inner().unwrap_or_else(|e| e.into_inner());
    let stopped = shared
        .stopped
        .into_inner()
        .unwrap_or_else(|e| e.into_inner());
    let post = shared.post.into_inner().unwrap_or_else(|e| e.into_inner());
    // the least `f` of every open state and every state on its way
    let open = || {
        shards
            .iter()
            .flat_map(|s| s.nodes())
            .filter(|n| !n.meta.closed)
            .chain(post.inbox.iter().flatten().map(|f| &f.node))
            .map(|n| n.meta.g.saturating_add(n.meta.h))
            .min()
    };
    conclude::<P>(mon, &shards, &reports, best, stopped, open)
}

/// What every thread runs with.
type HdaWorker<'w, 'a, P, H> = AStarWorker<'w, 'a, P, H, HdaShared<P>>;

/// A thread's own part of the search.
struct HdaOwn<'a, P: Problem + ?Sized, F> {
    shard: ShardOf<P>,
    /// The cost of the best solution so far, as last read.
    best: Option<P::Cost>,
    bound: Option<P::Cost>,
    pruned: Option<P::Cost>,
    lost: Option<P::Cost>,
    open: F,
    queued: usize,
    room: usize,
    mon: Monitor<'a, P::Cost>,
}

impl<P: Problem + ?Sized, F> HdaOwn<'_, P, F> {
    /// Notes a state dropped when the search stopped, for the lower bound.
    fn lose(&mut self, m: &AStarMeta<P::Cost>) {
        note_least(&mut self.lost, m.g.saturating_add(m.h));
    }
}

impl<P, H> HdaWorker<'_, '_, P, H>
where
    P: Problem + ?Sized,
    H: Heuristic<P> + ?Sized,
{
    fn run<E, F>(
        &self,
        t: usize,
        seed: Option<Found<P::State, P::Action, P::Cost>>,
        open: F,
    ) -> (ShardOf<P>, Report<P::Cost>)
    where
        E: Expansion<P>,
        F: Frontier<Key<P::Cost>>,
    {
        let shared = self.shared;
        let threads = shared.threads;
        let _leave = Leave(shared);
        let mut own = HdaOwn::<P, F> {
            shard: Shard::with_costs(path_cost),
            best: None,
            bound: None,
            pruned: None,
            lost: None,
            open,
            queued: 0,
            room: 0,
            mon: Monitor::new(self.limits).sharing(Arc::clone(&shared.expansions)),
        };
        own.bound = own.mon.cost_bound();
        if let Some(seed) = seed {
            own.room = 1; // the start's place, taken from the budget beforehand
            self.offer(seed, None, &mut own);
        }
        let mut batches: Vec<Batch<P>> = (0..threads).map(|_| Vec::new()).collect();
        let mut inbox: Batch<P> = Vec::new();
        let mut buf = Successors::new();
        'search: loop {
            let expanded = own.mon.stats.expanded;
            if expanded % READ_MAIL_EVERY == 0 {
                if !self.read_mail(t, &mut inbox, &mut own) {
                    break;
                }
                own.best = lock(&shared.best).map(|b| b.0);
            }
            if own.mon.due(expanded) {
                if let Some(reason) = own.mon.poll() {
                    shared.stop(reason);
                    break;
                }
            }
            let shard = &own.shard;
            let next = own.open.pop(|id| {
                let m = shard.node(id).meta;
                (!m.closed).then(|| AStarPolicy.key(m.g, m.h, id))
            });
            let id = match next {
                Some((id, _)) => {
                    own.queued -= 1;
                    let m = own.shard.node(id).meta;
                    let f = m.g.saturating_add(m.h);
                    if own.best.is_some_and(|b| f >= b) {
                        // nothing here can beat the incumbent
                        own.open.push(id, AStarPolicy.key(m.g, m.h, id));
                        own.queued += 1;
                        None
                    } else {
                        Some(id)
                    }
                }
                None => None,
            };
            let Some(id) = id else {
                // no work: hand over what is batched, then wait for mail or the end
                for (to, batch) in batches.iter_mut().enumerate() {
                    self.send(to, batch);
                }
                if !self.wait_for_mail(t, &mut inbox, &mut own) {
                    break;
                }
                own.best = lock(&shared.best).map(|b| b.0);
                continue;
            };
            let node = own.shard.node_mut(id);
            node.meta.closed = true;
            let (g, state_is_goal) = (node.meta.g, self.problem.is_goal(&node.state));
            if state_is_goal {
                let mut incumbent = lock(&shared.best);
                if incumbent.is_none_or(|(c, _)| g < c) {
                    *incumbent = Some((g, NodeRef::new(t, id)));
                }
                own.best = incumbent.map(|b| b.0);
                continue;
            }
            let node = (own.shard.node(id), g);
            let stats = &mut own.mon.stats;
            let Some(successors) = expand::<P, E>(self.problem, node, own.best, &mut buf, stats)
            else {
                shared.stop(StopReason::NegativeCost);
                break;
            };
            // (the owner estimates a state, when it is new to it)
            for (succ, g) in successors {
                let hash = hash_of(&succ.state);
                let to = owner(hash, threads);
                // a state this thread holds at no greater cost is dropped without building
                // a node for it (`offer` settles the others)
                let held = (to == t)
                    .then(|| own.shard.find_cost(hash, &succ.state))
                    .flatten();
                if held.is_some_and(|(_, c)| c <= g) {
                    own.mon.stats.duplicates += 1;
                    continue;
                }
                let held = held.map(|(m, _)| m);
                let found = Found {
                    hash,
                    node: ShardNode {
                        state: succ.state,
                        link: Some((NodeRef::new(t, id), succ.action, succ.cost)),
                        meta: AStarMeta {
                            g,
                            h: P::Cost::ZERO,
                            closed: false,
                        },
                    },
                };
                if to == t {
                    if !self.offer(found, held, &mut own) {
                        // The memory bound stopped the search in the middle of the
                        // expansion: the state counts as open (for the lower bound), and
                        // the thread stops here. (Going on, as it once did, an open node
                        // with no entry could be reached again and popped once more than
                        // it was queued.)
                        own.shard.node_mut(id).meta.closed = false;
                        break 'search;
                    }
                } else {
                    let batch = &mut batches[to];
                    batch.push(found);
                    if batch.len() == BATCH {
                        self.send(to, batch);
                    }
                }
            }
            own.mon.stats.max_frontier = own.mon.stats.max_frontier.max(own.queued);
        }
        for found in batches.iter().flatten() {
            own.lose(&found.node.meta);
        }
        own.mon.stats.stored = own.shard.len();
        let report = Report {
            stats: own.mon.stats,
            pruned: own.pruned,
            lost: own.lost,
            ..Report::default()
        };
        (own.shard, report)
    }

    /// Hands `batch` to thread `to`, emptying it.
    fn send(&self, to: usize, batch: &mut Batch<P>) {
        if !batch.is_empty() {
            self.shared.post().inbox[to].append(batch);
            self.shared.mail_came.notify_all();
        }
    }

    /// Takes in thread `t`'s mail. `false` if the search is over.
    fn read_mail<F: Frontier<Key<P::Cost>>>(
        &self,
        t: usize,
        inbox: &mut Batch<P>,
        own: &mut HdaOwn<'_, P, F>,
    ) -> bool {
        {
            let mut post = self.shared.post();
            if post.done {
                return false;
            }
            std::mem::swap(&mut post.inbox[t], inbox);
        }
        self.take_in(inbox, own)
    }

    /// Offers every state of `inbox`, emptying it; `false` if the budget of states ran
    /// out (the states not offered are then lost).
    fn take_in<F: Frontier<Key<P::Cost>>>(
        &self,
        inbox: &mut Batch<P>,
        own: &mut HdaOwn<'_, P, F>,
    ) -> bool {
        let mut room = true;
        for found in inbox.drain(..) {
            if room {
                let held = own.shard.find_cost(found.hash, &found.node.state);
                if held.is_some_and(|(_, c)| c <= found.node.meta.g) {
                    own.mon.stats.duplicates += 1;
                    continue;
                }
                room = self.offer(found, held.map(|(m, _)| m), own);
            } else {
                own.lose(&found.node.meta);
            }
        }
        room
    }

    /// Waits until thread `t` has mail, and takes it in; `false` if the search ended
    /// first: every thread waiting with no mail on its way, or a limit.
    fn wait_for_mail<F: Frontier<Key<P::Cost>>>(
        &self,
        t: usize,
        inbox: &mut Batch<P>,
        own: &mut HdaOwn<'_, P, F>,
    ) -> bool {
        let shared = self.shared;
        {
            let mut post = shared.post();
            loop {
                if post.done {
                    return false;
                }
                if !post.inbox[t].is_empty() {
                    std::mem::swap(&mut post.inbox[t], inbox);
                    break;
                }
                post.waiting += 1;
                if post.waiting == shared.threads && post.inbox.iter().all(Vec::is_empty) {
                    post.done = true;
                    shared.mail_came.notify_all();
                    return false;
                }
                post = shared
                    .mail_came
                    .wait(post)
                    .unwrap_or_else(|e| e.into_inner());
                post.waiting -= 1;
            }
        }
        self.take_in(inbox, own)
    }

    /// Takes a successor this thread owns, whose state its shard holds as node `held` (if
    /// any) at a greater path cost (the callers drop the others by the index's costs):
    /// stores it, or improves the path to the state it holds (reopening it if it was
    /// expanded). `false` if the budget of states ran out.
    fn offer<F: Frontier<Key<P::Cost>>>(
        &self,
        found: Found<P::State, P::Action, P::Cost>,
        held: Option<usize>,
        own: &mut HdaOwn<'_, P, F>,
    ) -> bool {
        let mut m = found.node.meta;
        if let Some(id) = held {
            let node = own.shard.node_mut(id);
            debug_assert!(m.g < node.meta.g, "offered a path no cheaper");
            if node.meta.closed {
                own.mon.stats.reopened += 1;
                own.queued += 1;
            }
            node.link = found.node.link;
            node.meta.g = m.g;
            node.meta.closed = false;
            let h = node.meta.h;
            own.open.push(id, AStarPolicy.key(m.g, h, id));
            own.shard.set_cost(found.hash, &found.node.state, m.g);
            return true;
        }
        m.h = self.heuristic.estimate(&found.node.state);
        let f = m.g.saturating_add(m.h);
        let room = &self.shared.room;
        match admit(f, own.bound, own.best, &mut own.pruned, &mut own.room, room) {
            Admit::Store => {}
            Admit::Drop => return true,
            Admit::Full => {
                own.lose(&m);
                self.shared.stop(StopReason::MaxStates);
                return false;
            }
        }
        let mut node = found.node;
        node.meta = m;
        let id = own.shard.insert(found.hash, node);
        own.open.push(id, AStarPolicy.key(m.g, m.h, id));
        own.queued += 1;
        true
    }
}

/// Dropped while its thread panics, it ends the search, so that the other threads stop
/// waiting for mail and the panic reaches the caller.
struct Leave<'s, P: Problem + ?Sized>(&'s HdaShared<P>);

impl<P: Problem + ?Sized> Drop for Leave<'_, P> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.stop(StopReason::Cancelled);
        }
    }
}
