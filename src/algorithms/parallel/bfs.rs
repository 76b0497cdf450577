//! Breadth-first search on several threads, level-synchronous, each thread owning the
//! states whose hash names it (the design is in the [module above](super)).

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use super::rendezvous::Rendezvous;
use super::shard::{owner, trace, Node, NodeRef, Shard};
use super::{claim_room, lock, sum_into};
use crate::algorithms::ResultOf;
use crate::collections::hash_of;
use crate::search::{Limits, Monitor, Outcome, Solution, Stats, Step, StopReason};
use crate::traits::{Cost, Expansion, Problem, Successor, Successors};

/// How many successors for one thread a thread collects before it takes that thread's
/// mailbox lock.
const BATCH: usize = 64;

/// How many expansions pass between two looks at a thread's own mailbox.
const READ_MAIL_EVERY: u64 = 32;

/// What the engine is told besides its problem and starts.
pub(crate) struct Setup<'s, 'a, C> {
    pub(crate) limits: &'s Limits<'a, C>,
    pub(crate) max_depth: Option<usize>,
    pub(crate) reversible: bool,
    pub(crate) threads: usize,
}

/// What a node keeps besides its state and link: its path cost, and the skip set of the
/// ways into it (move pruning).
#[derive(Clone, Copy)]
struct Meta<C, X> {
    g: C,
    set: X,
}

type ShardOf<P, E> = Shard<
    <P as Problem>::State,
    <P as Problem>::Action,
    <P as Problem>::Cost,
    Meta<<P as Problem>::Cost, <E as Expansion<P>>::Set>,
>;

type SuccessorOf<P> =
    Successor<<P as Problem>::State, <P as Problem>::Action, <P as Problem>::Cost>;

/// A successor on its way to the thread that owns it.
struct Found<S, A, C, X> {
    hash: u64,
    node: Node<S, A, C, Meta<C, X>>,
}

type Batch<P, E> = Vec<
    Found<
        <P as Problem>::State,
        <P as Problem>::Action,
        <P as Problem>::Cost,
        <E as Expansion<P>>::Set,
    >,
>;

/// What the threads share.
struct Shared<P: Problem + ?Sized, E: Expansion<P>> {
    threads: usize,
    /// Each thread's mailbox: the successors other threads found for it.
    mail: Vec<Mutex<Batch<P, E>>>,
    rendezvous: Rendezvous,
    /// Set when the search ends before the level does: a goal, or a limit.
    halt: AtomicBool,
    stopped: Mutex<Option<StopReason>>,
    found: Mutex<Option<(NodeRef, SuccessorOf<P>)>>,
    /// States that may still be stored.
    room: AtomicUsize,
    /// Each thread's counts, and the size of its part of the next level, as of the end of
    /// the last level.
    reports: Vec<Mutex<(Stats, usize)>>,
    /// Whether the cost bound left a successor out.
    pruned: AtomicBool,
    /// The verdict of the first thread after a level: go on to the next.
    go_on: AtomicBool,
    expansions: Arc<AtomicU64>,
}

impl<P: Problem + ?Sized, E: Expansion<P>> Shared<P, E> {
    /// Ends the search with `reason` (the first reason given wins).
    fn stop(&self, reason: StopReason) {
        lock(&self.stopped).get_or_insert(reason);
        self.halt.store(true, Ordering::Relaxed);
    }

    /// Takes a part of the budget of states: how many.
    fn claim_room(&self) -> usize {
        claim_room(&self.room)
    }
}

pub(crate) fn search<P, E>(
    problem: &P,
    starts: impl IntoIterator<Item = P::State>,
    setup: Setup<'_, '_, P::Cost>,
) -> ResultOf<P>
where
    P: Problem + Sync + ?Sized,
    P::State: Send + Sync,
    P::Action: Send + Sync,
    P::Cost: Send + Sync,
    E: Expansion<P>,
    E::Set: Send + Sync,
{
    let threads = setup.threads;
    let mut mon = Monitor::new(setup.limits);
    let bound = mon.cost_bound();
    // the index names the nodes when a state met again may change its node: a cheaper way
    // in (under a cost bound) or another skip set (move pruning)
    let by_value = !E::PRUNES && bound.is_none();
    let mut shards: Vec<ShardOf<P, E>> = (0..threads).map(|_| Shard::new(by_value)).collect();
    let mut stored = 0;
    for start in starts {
        if problem.is_goal(&start) {
            mon.stats.stored = stored + 1;
            return mon.finish(Outcome::Found(Solution::from_steps(start, Vec::new())));
        }
        let hash = hash_of(&start);
        let shard = &mut shards[owner(hash, threads)];
        if shard.find(hash, &start).is_none() {
            if stored >= mon.max_states() {
                mon.stats.stored = stored;
                return mon.stopped(StopReason::MaxStates, None);
            }
            let meta = Meta {
                g: P::Cost::ZERO,
                set: E::empty(),
            };
            let node = Node {
                state: start,
                link: None,
                meta,
            };
            shard.insert(hash, node);
            stored += 1;
        }
    }
    mon.stats.stored = stored;
    mon.stats.max_frontier = stored;
    if stored == 0 {
        return mon.finish(Outcome::Exhausted);
    }
    if setup.max_depth == Some(0) {
        return mon.stopped(StopReason::MaxDepth, None);
    }

    let thread_limits = mon.thread_limits();
    let shared = Shared::<P, E> {
        threads,
        mail: (0..threads).map(|_| Mutex::new(Vec::new())).collect(),
        rendezvous: Rendezvous::new(threads),
        halt: AtomicBool::new(false),
        stopped: Mutex::new(None),
        found: Mutex::new(None),
        room: AtomicUsize::new(mon.max_states() - stored),
        reports: (0..threads)
            .map(|_| Mutex::new((Stats::default(), 0)))
            .collect(),
        pruned: AtomicBool::new(false),
        go_on: AtomicBool::new(false),
        expansions: Arc::new(AtomicU64::new(0)),
    };
    let worker = Worker {
        problem,
        shared: &shared,
        limits: &thread_limits,
        max_depth: setup.max_depth,
        bound,
        // under a cost bound a state's skip set is its cheapest way in's, as in the serial
        // search
        arrival: E::PRUNES && bound.is_none(),
        forget: setup.reversible && bound.is_none(),
    };
    let results: Vec<(ShardOf<P, E>, Stats)> = std::thread::scope(|scope| {
        let mut rest = shards.drain(1..);
        let handles: Vec<_> = (1..threads)
            .map(|t| {
                let shard = rest.next().expect("one shard a thread");
                let worker = &worker;
                scope.spawn(move || worker.run(t, shard, None))
            })
            .collect();
        drop(rest);
        let first = shards.pop().expect("one shard a thread");
        let mut all = vec![worker.run(0, first, Some(&mut mon))];
        for handle in handles {
            match handle.join() {
                Ok(r) => all.push(r),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        all
    });
    let (shards, stats): (Vec<_>, Vec<_>) = results.into_iter().unzip();
    let max_frontier = mon.stats.max_frontier;
    mon.stats = sum_into(Stats::default(), &stats);
    mon.stats.max_frontier = max_frontier;
    mon.stats.stored = shards.iter().map(Shard::len).sum();
    let Shared {
        stopped,
        found,
        pruned,
        ..
    } = shared;
    if let Some((parent, succ)) = found.into_inner().unwrap_or_else(|e| e.into_inner()) {
        mon.stats.stored += 1;
        let last = Step {
            action: succ.action,
            state: succ.state,
            cost: succ.cost,
        };
        return mon.finish(Outcome::Found(trace(&shards, parent, Some(last))));
    }
    if let Some(reason) = stopped.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return mon.stopped(reason, None);
    }
    if pruned.into_inner() {
        return mon.stopped(StopReason::CostBound, None);
    }
    mon.finish(Outcome::Exhausted)
}

/// What every thread runs with.
struct Worker<'w, 'a, P: Problem + ?Sized, E: Expansion<P>> {
    problem: &'w P,
    shared: &'w Shared<P, E>,
    limits: &'w Limits<'a, P::Cost>,
    max_depth: Option<usize>,
    bound: Option<P::Cost>,
    arrival: bool,
    forget: bool,
}

/// A thread's own part of the search: its shard, where its part of the next level starts
/// in it, its share of the budget of states and its counts.
struct Own<'a, P: Problem + ?Sized, E: Expansion<P>> {
    shard: ShardOf<P, E>,
    /// The node being expanded.
    at: usize,
    next: usize,
    room: usize,
    mon: Monitor<'a, P::Cost>,
}

impl<P, E> Worker<'_, '_, P, E>
where
    P: Problem + ?Sized,
    E: Expansion<P>,
{
    /// Thread `t`'s search, on its shard: the shard and the counts at the end. The first
    /// thread (`lead`, with the caller's monitor) decides after each level.
    fn run(
        &self,
        t: usize,
        shard: ShardOf<P, E>,
        mut lead: Option<&mut Monitor<'_, P::Cost>>,
    ) -> (ShardOf<P, E>, Stats) {
        let shared = self.shared;
        let threads = shared.threads;
        let _seat = shared.rendezvous.seat();
        let mon = Monitor::new(self.limits).sharing(Arc::clone(&shared.expansions));
        let mut own = Own::<P, E> {
            at: 0,
            next: shard.len(),
            shard,
            room: 0,
            mon,
        };
        let mut batches: Vec<Batch<P, E>> = (0..threads).map(|_| Vec::new()).collect();
        let mut inbox: Batch<P, E> = Vec::new();
        let mut buf = Successors::new();
        let mut level_start = 0;
        let mut depth = 0;
        loop {
            // expand this thread's part of the level; keep the successors it owns, send
            // the others to their owners, and take in what they send
            let level = level_start..own.next;
            'level: for id in level.clone() {
                let expanded = own.mon.stats.expanded;
                if own.mon.due(expanded) {
                    if shared.halt.load(Ordering::Relaxed) {
                        break;
                    }
                    if let Some(reason) = own.mon.poll() {
                        shared.stop(reason);
                        break;
                    }
                }
                if expanded % READ_MAIL_EVERY == 0 && !self.read_mail(t, &mut inbox, &mut own) {
                    break;
                }
                own.mon.stats.expanded += 1;
                own.at = id;
                let node = own.shard.node(id);
                let set = if self.arrival {
                    node.meta.set
                } else {
                    E::after_last(self.problem, node.link.as_ref().map(|l| &l.1))
                };
                E::expand(self.problem, &node.state, set, &mut buf);
                let g = node.meta.g;
                own.mon.stats.generated += buf.len() as u64;
                for succ in buf.drain() {
                    let g = g.saturating_add(succ.cost);
                    if self.bound.is_some_and(|b| g > b) {
                        shared.pruned.store(true, Ordering::Relaxed);
                        continue;
                    }
                    if self.problem.is_goal(&succ.state) {
                        lock(&shared.found).get_or_insert((NodeRef::new(t, id), succ));
                        shared.halt.store(true, Ordering::Relaxed);
                        break 'level;
                    }
                    let hash = hash_of(&succ.state);
                    let to = owner(hash, threads);
                    // most successors this thread owns are met again: settled without
                    // building a node for them
                    let held = (to == t).then(|| own.shard.find(hash, &succ.state));
                    if let Some(Some(m)) = held {
                        self.met_again(&mut own, m, g, || {
                            let set = if self.arrival {
                                E::after(self.problem, &succ.action)
                            } else {
                                E::empty()
                            };
                            (set, Some((NodeRef::new(t, id), succ.action, succ.cost)))
                        });
                        continue;
                    }
                    let set = if self.arrival {
                        E::after(self.problem, &succ.action)
                    } else {
                        E::empty()
                    };
                    let found = Found {
                        hash,
                        node: Node {
                            state: succ.state,
                            link: Some((NodeRef::new(t, id), succ.action, succ.cost)),
                            meta: Meta { g, set },
                        },
                    };
                    if to == t {
                        if !self.store(found, &mut own) {
                            break 'level;
                        }
                    } else {
                        let batch = &mut batches[to];
                        batch.push(found);
                        if batch.len() == BATCH {
                            lock(&shared.mail[to]).append(batch);
                        }
                    }
                }
            }
            for (to, batch) in batches.iter_mut().enumerate() {
                if !batch.is_empty() {
                    lock(&shared.mail[to]).append(batch);
                }
            }
            if !shared.rendezvous.wait() {
                break;
            }
            // every thread has sent all it found for this level
            if !shared.halt.load(Ordering::Relaxed) {
                self.read_mail(t, &mut inbox, &mut own);
            }
            own.mon.stats.stored = own.shard.len();
            *lock(&shared.reports[t]) = (own.mon.stats, own.shard.len() - level.end);
            if !shared.rendezvous.wait() {
                break;
            }
            depth += 1;
            if let Some(lead) = lead.as_deref_mut() {
                shared
                    .go_on
                    .store(self.verdict(lead, depth), Ordering::Relaxed);
            }
            if !shared.rendezvous.wait() || !shared.go_on.load(Ordering::Relaxed) {
                break;
            }
            if self.forget {
                // in a reversible space the successors of a level lie in it, the one
                // before or the next: the states before the level just expanded may leave
                // the index
                own.shard.forget_before(level.start);
            }
            level_start = level.end;
            own.next = own.shard.len();
            own.at = level_start;
        }
        (own.shard, own.mon.stats)
    }

    /// Takes in what the other threads sent to thread `t`. `false` if the budget of
    /// states ran out.
    fn read_mail(&self, t: usize, inbox: &mut Batch<P, E>, own: &mut Own<'_, P, E>) -> bool {
        std::mem::swap(&mut *lock(&self.shared.mail[t]), inbox);
        // (what is left when the budget runs out is dropped with the search)
        inbox.drain(..).all(|found| self.keep(found, own))
    }

    /// Stores a successor this thread owns, unless its shard holds it (see
    /// [`met_again`](Self::met_again)). `false` if the budget of states ran out (the search
    /// then stops).
    #[inline]
    fn keep(
        &self,
        found: Found<P::State, P::Action, P::Cost, E::Set>,
        own: &mut Own<'_, P, E>,
    ) -> bool {
        match own.shard.find(found.hash, &found.node.state) {
            Some(m) => {
                let node = found.node;
                self.met_again(own, m, node.meta.g, || (node.meta.set, node.link));
                true
            }
            None => self.store(found, own),
        }
    }

    /// Settles a successor reached at path cost `g` whose state the shard holds as node
    /// `m`: a node not expanded yet takes the skip set of this way in too, and one of the
    /// next level the cheaper way in. `way` gives the way's skip set and link, when needed.
    /// (The index names the node when it may have to change; else `m` is `usize::MAX`.)
    #[inline]
    fn met_again(
        &self,
        own: &mut Own<'_, P, E>,
        m: usize,
        g: P::Cost,
        way: impl FnOnce() -> (E::Set, Option<(NodeRef, P::Action, P::Cost)>),
    ) {
        own.mon.stats.duplicates += 1;
        if m != usize::MAX && m > own.at {
            let (set, link) = way();
            let node = own.shard.node_mut(m);
            node.meta.set = E::union(node.meta.set, set);
            if m >= own.next && g < node.meta.g {
                node.meta.g = g;
                node.link = link;
            }
        }
    }

    /// Stores a successor this thread owns whose state its shard does not hold. `false` if
    /// the budget of states ran out (the search then stops).
    #[inline]
    fn store(
        &self,
        found: Found<P::State, P::Action, P::Cost, E::Set>,
        own: &mut Own<'_, P, E>,
    ) -> bool {
        if own.room == 0 {
            own.room = self.shared.claim_room();
            if own.room == 0 {
                self.shared.stop(StopReason::MaxStates);
                return false;
            }
        }
        own.room -= 1;
        own.shard.insert(found.hash, found.node);
        true
    }

    /// After a level is expanded (the next one at `depth`): whether to go on. Keeps the
    /// largest level in `lead`'s statistics, reports progress and checks the limits.
    fn verdict(&self, lead: &mut Monitor<'_, P::Cost>, depth: usize) -> bool {
        let shared = self.shared;
        if shared.halt.load(Ordering::Relaxed) {
            return false;
        }
        let reports: Vec<(Stats, usize)> = shared.reports.iter().map(|r| *lock(r)).collect();
        let level: usize = reports.iter().map(|r| r.1).sum();
        if level == 0 {
            return false;
        }
        if self.max_depth.is_some_and(|m| depth >= m) {
            shared.stop(StopReason::MaxDepth);
            return false;
        }
        let max_frontier = lead.stats.max_frontier.max(level);
        let stats: Vec<Stats> = reports.iter().map(|r| r.0).collect();
        lead.stats = sum_into(Stats::default(), &stats);
        lead.stats.max_frontier = max_frontier;
        if let Some(reason) = lead.poll() {
            shared.stop(reason);
            return false;
        }
        true
    }
}
