//! A\* on several threads in synchronous rounds, with the states kept in buckets by hash
//! (the design is in the [module above](super)).

use std::cmp::Reverse;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use super::astar_common::{
    admit, conclude, expand, path_cost, AStarMeta, AStarWorker, Admit, Ready, ShardOf,
};
use super::exchange::{bucket_count, worth_warming, Exchange};
use super::rendezvous::Rendezvous;
use super::report::{note_least, summed, tally, Report};
use super::shard::{owner, NodeRef, Shard, ShardNode};
use super::{lock, on_threads, SharedProblem};
use crate::algorithms::ResultOf;
use crate::collections::hash_of;
use crate::search::{Monitor, Stats, StopReason};
use crate::traits::{Cost, Expansion, Heuristic, Problem, Successors};

/// How many open states a round takes, at least and at most. Within these bounds a round
/// takes a sixteenth as many as are stored: enough successors that a bucket's index, read
/// into the cache, serves many lookups. A round takes the keys in order, the last in part
/// if it holds more than the round has room for, and states of more than one `f` only
/// while it has fewer than the least.
const MIN_ROUND: usize = 256;
const MAX_ROUND: usize = 1 << 18;

/// How many successors a thread collects in a round, at most: where states have many
/// successors, the planned states past this many wait for the next round, so that the
/// buffers stay bounded.
const MAX_POSTS: usize = 1 << 22;

/// Where an open state stands in its bucket's open list: smallest `f` first, then largest
/// `g` (deepest first, as the serial search breaks ties).
type Key<C> = (C, Reverse<C>);

/// What a round takes: every open state up to key `until`, and of the states with that key
/// the share `share.0 / share.1` (rounded up in each bucket), the latest queued first. The
/// threads take the buckets from bucket `first` on, so that when they stop short (at
/// [`MAX_POSTS`]) other buckets come first next time.
#[derive(Clone, Copy)]
struct Plan<C> {
    until: Key<C>,
    share: (usize, usize),
    first: usize,
}

/// A successor on its way to its bucket: its state, the node it was found from, the action
/// and its cost, and its path cost.
struct BatchedPost<S, A, C> {
    state: S,
    parent: NodeRef,
    action: A,
    cost: C,
    g: C,
}

type BatchedPostOf<P> =
    BatchedPost<<P as Problem>::State, <P as Problem>::Action, <P as Problem>::Cost>;

/// A bucket: its states, and its open ones by key. (An entry of a state since reached more
/// cheaply, or expanded, is passed over when taken.)
struct BatchedBucket<P: Problem + ?Sized> {
    shard: ShardOf<P>,
    open: BTreeMap<Key<P::Cost>, Vec<u32>>,
    /// Entries in `open`.
    queued: usize,
}

impl<P: Problem + ?Sized> BatchedBucket<P> {
    fn push(&mut self, g: P::Cost, h: P::Cost, id: usize) {
        self.open
            .entry((g.saturating_add(h), Reverse(g)))
            .or_default()
            .push(id as u32);
        self.queued += 1;
    }
}

/// What the threads share.
struct BatchedShared<P: Problem + ?Sized> {
    buckets: Vec<Mutex<BatchedBucket<P>>>,
    exchange: Exchange<BatchedPostOf<P>>,
    rendezvous: Rendezvous,
    /// What the round takes, as the first thread planned it; none to end the search.
    plan: Mutex<Option<Plan<P::Cost>>>,
    /// The cheapest solution so far: its cost, and the goal's node.
    best: Mutex<Option<(P::Cost, NodeRef)>>,
    /// Set when a limit ends the search.
    halt: AtomicBool,
    stopped: Mutex<Option<StopReason>>,
    /// States that may still be stored.
    room: AtomicUsize,
    /// Each thread's counts, as of the end of the last round.
    reports: Vec<Mutex<Stats>>,
    expansions: Arc<AtomicU64>,
}

impl<P: Problem + ?Sized> BatchedShared<P> {
    /// Ends the search with `reason` (the first reason given wins).
    fn stop(&self, reason: StopReason) {
        lock(&self.stopped).get_or_insert(reason);
        self.halt.store(true, Ordering::Relaxed);
    }

    fn best(&self) -> Option<P::Cost> {
        lock(&self.best).map(|b| b.0)
    }
}

/// Runs the search: rounds until no bucket holds an open state below the incumbent.
pub(crate) fn search<P, H, E>(
    problem: &P,
    heuristic: &H,
    Ready { mut mon, start, h0 }: Ready<'_, P>,
    threads: usize,
) -> ResultOf<P>
where
    P: SharedProblem + ?Sized,
    H: Heuristic<P> + Sync + ?Sized,
    E: Expansion<P>,
{
    let count = bucket_count(threads);
    let mut buckets: Vec<BatchedBucket<P>> = (0..count)
        .map(|_| BatchedBucket {
            shard: Shard::with_costs(path_cost),
            open: BTreeMap::new(),
            queued: 0,
        })
        .collect();
    let hash = hash_of(&start);
    let first = &mut buckets[owner(hash, count)];
    let meta = AStarMeta {
        g: P::Cost::ZERO,
        h: h0,
        closed: false,
    };
    let link = None;
    let id = first.shard.insert(
        hash,
        ShardNode {
            state: start,
            link,
            meta,
        },
    );
    first.push(P::Cost::ZERO, h0, id);

    let thread_limits = mon.thread_limits();
    let room = mon.max_states() - 1;
    // what the threads share, once `n` of them run
    let shared = |n: usize| BatchedShared::<P> {
        buckets: buckets.into_iter().map(Mutex::new).collect(),
        exchange: Exchange::new(count, n),
        rendezvous: Rendezvous::new(n),
        plan: Mutex::new(Some(Plan {
            until: (h0, Reverse(P::Cost::ZERO)),
            share: (1, 1),
            first: 0,
        })),
        best: Mutex::new(None),
        halt: AtomicBool::new(false),
        stopped: Mutex::new(None),
        room: AtomicUsize::new(room),
        reports: (0..n).map(|_| Mutex::new(Stats::default())).collect(),
        expansions: Arc::new(AtomicU64::new(0)),
    };
    let run = |shared: &BatchedShared<P>, t, lead: Option<&mut Monitor<'_, P::Cost>>| {
        let worker = BatchedWorker {
            problem,
            heuristic,
            shared,
            limits: &thread_limits,
        };
        worker.run::<E>(t, lead)
    };
    let (shared, reports): (_, Vec<Report<P::Cost>>) = on_threads(
        threads,
        shared,
        |shared| run(shared, 0, Some(&mut mon)),
        |shared, t| run(shared, t, None),
    );
    let max_frontier = mon.stats.max_frontier;
    mon.stats = summed(reports.iter().map(|r| &r.stats));
    mon.stats.max_frontier = max_frontier;
    let BatchedShared {
        buckets,
        exchange,
        best,
        stopped,
        ..
    } = shared;
    let buckets = buckets
        .into_iter()
        .map(|b| b.into_inner().unwrap_or_else(|e| e.into_inner()));
    // the least `f` of the open states, and the least `g` of the successors found but not
    // settled when the search stopped (a bound on their `f`)
    let (shards, open): (Vec<ShardOf<P>>, Vec<_>) =
        buckets.into_iter().map(|b| (b.shard, b.open)).unzip();
    let open = || {
        let open = shards.iter().zip(&open).flat_map(|(shard, open)| {
            open.iter().flat_map(move |(&(f, Reverse(g)), ids)| {
                let current = |&&id: &&u32| {
                    let m = shard.node(id as usize).meta;
                    !m.closed && m.g == g
                };
                ids.iter().find(current).map(|_| f)
            })
        });
        open.chain(exchange.into_left().map(|p| p.g)).min()
    };
    let best = best.into_inner().unwrap_or_else(|e| e.into_inner());
    let stopped = stopped.into_inner().unwrap_or_else(|e| e.into_inner());
    mon.stats.stored = shards.iter().map(Shard::len).sum();
    conclude::<P>(mon, &shards, &reports, best, stopped, open)
}

/// What every thread runs with.
type BatchedWorker<'w, 'a, P, H> = AStarWorker<'w, 'a, P, H, BatchedShared<P>>;

/// A thread's own part of the search.
struct BatchedOwn<'a, C> {
    /// The cost of the best solution so far, as last read.
    best: Option<C>,
    bound: Option<C>,
    pruned: Option<C>,
    lost: Option<C>,
    room: usize,
    mon: Monitor<'a, C>,
}

impl<P, H> BatchedWorker<'_, '_, P, H>
where
    P: Problem + ?Sized,
    H: Heuristic<P> + ?Sized,
{
    /// Thread `t`'s search: its counts at the end. The first thread (`lead`, with the
    /// caller's monitor) plans each round.
    fn run<E: Expansion<P>>(
        &self,
        t: usize,
        mut lead: Option<&mut Monitor<'_, P::Cost>>,
    ) -> Report<P::Cost> {
        let shared = self.shared;
        let _seat = shared.rendezvous.seat();
        let mon = Monitor::new(self.limits).sharing(Arc::clone(&shared.expansions));
        let mut own = BatchedOwn {
            best: None,
            bound: mon.cost_bound(),
            pruned: None,
            lost: None,
            room: 0,
            mon,
        };
        let mut out = shared.exchange.buffers();
        let mut buf = Successors::new();
        loop {
            // a round: expand the open states up to the planned key, hand the successors
            // over, then settle the buckets
            let Some(plan) = *lock(&shared.plan) else {
                break;
            };
            own.best = shared.best();
            self.expand::<E>(plan, &mut own, &mut out, &mut buf);
            shared.exchange.hand_over(t, &mut out);
            if !shared.rendezvous.wait() {
                break;
            }
            if !shared.halt.load(Ordering::Relaxed) {
                own.best = shared.best();
                self.settle(&mut own);
            }
            *lock(&shared.reports[t]) = own.mon.stats;
            if !shared.rendezvous.wait() {
                break;
            }
            if let Some(lead) = lead.as_deref_mut() {
                let plan = self.plan(lead);
                shared.exchange.restart(true);
                *lock(&shared.plan) = plan;
            }
            if !shared.rendezvous.wait() {
                break;
            }
        }
        Report {
            stats: own.mon.stats,
            pruned: own.pruned,
            lost: own.lost,
            ..Report::default()
        }
    }

    /// Expands the open states that `plan` takes of the buckets this thread takes, putting
    /// the successors in `out` by bucket.
    fn expand<E: Expansion<P>>(
        &self,
        plan: Plan<P::Cost>,
        own: &mut BatchedOwn<'_, P::Cost>,
        out: &mut [Vec<BatchedPostOf<P>>],
        buf: &mut Successors<P::State, P::Action, P::Cost>,
    ) {
        let shared = self.shared;
        let count = shared.buckets.len();
        let mut collected = 0;
        while let Some(taken) = shared.exchange.take_to_expand() {
            let b = (taken + plan.first) % count;
            let mut guard = lock(&shared.buckets[b]);
            let bucket = &mut *guard;
            while let Some(mut entry) = bucket.open.first_entry() {
                if *entry.key() > plan.until {
                    break;
                }
                let (key, ids) = if *entry.key() == plan.until && plan.share.0 < plan.share.1 {
                    let queued = entry.get_mut();
                    let take = (queued.len() * plan.share.0).div_ceil(plan.share.1);
                    let ids = queued.split_off(queued.len() - take);
                    if queued.is_empty() {
                        entry.remove();
                    }
                    (plan.until, ids)
                } else {
                    entry.remove_entry()
                };
                bucket.queued -= ids.len();
                let (_, Reverse(g)) = key;
                for (i, &id) in ids.iter().enumerate() {
                    let expanded = own.mon.stats.expanded;
                    let reason = if !own.mon.due(expanded) {
                        None
                    } else if shared.halt.load(Ordering::Relaxed) {
                        Some(StopReason::Cancelled)
                    } else {
                        own.mon.poll()
                    };
                    if reason.is_some() || collected >= MAX_POSTS {
                        // the states not taken stay open: for the next round, or for the
                        // lower bound
                        if let Some(reason) = reason {
                            shared.stop(reason);
                        }
                        bucket.queued += ids.len() - i;
                        bucket.open.entry(key).or_default().extend(&ids[i..]);
                        return;
                    }
                    let id = id as usize;
                    let node = bucket.shard.node_mut(id);
                    if node.meta.closed || node.meta.g != g {
                        continue;
                    }
                    node.meta.closed = true;
                    if self.problem.is_goal(&node.state) {
                        self.found(b, id, g, own);
                        continue;
                    }
                    let node = (bucket.shard.node(id), g);
                    let generated = own.mon.stats.generated;
                    let stats = &mut own.mon.stats;
                    let Some(successors) = expand::<P, E>(self.problem, node, own.best, buf, stats)
                    else {
                        shared.stop(StopReason::NegativeCost);
                        return;
                    };
                    collected += (own.mon.stats.generated - generated) as usize;
                    for (succ, g) in successors {
                        out[owner(hash_of(&succ.state), count)].push(BatchedPost {
                            state: succ.state,
                            parent: NodeRef::new(b, id),
                            action: succ.action,
                            cost: succ.cost,
                            g,
                        });
                    }
                }
                if key == plan.until {
                    break;
                }
            }
        }
    }

    /// Settles the successors handed over to the buckets this thread takes.
    fn settle(&self, own: &mut BatchedOwn<'_, P::Cost>) {
        let shared = self.shared;
        while let Some((b, posts)) = shared.exchange.take_to_settle() {
            let Some(mut batches) = posts else {
                continue;
            };
            let mut guard = lock(&shared.buckets[b]);
            let bucket = &mut *guard;
            let arriving = batches.iter().map(|batch| batch.len()).sum();
            if worth_warming(arriving, bucket.shard.indexed()) {
                bucket.shard.warm();
            }
            for batch in &mut batches {
                let mut posts = batch.drain(..);
                for post in posts.by_ref() {
                    if !self.offer(post, b, bucket, own) {
                        // the budget of states ran out: the search stops
                        own.lost = posts.map(|p| p.g).chain(own.lost).min();
                        return;
                    }
                }
            }
        }
    }

    /// Takes a successor into its bucket: stores it, or improves the path to the state the
    /// bucket holds (reopening it if it was expanded). `false` if the budget of states ran
    /// out.
    #[inline]
    fn offer(
        &self,
        post: BatchedPostOf<P>,
        b: usize,
        bucket: &mut BatchedBucket<P>,
        own: &mut BatchedOwn<'_, P::Cost>,
    ) -> bool {
        let hash = hash_of(&post.state);
        if let Some((id, g)) = bucket.shard.find_cost(hash, &post.state) {
            if post.g >= g {
                own.mon.stats.duplicates += 1;
                return true;
            }
            bucket.shard.set_cost(hash, &post.state, post.g);
            let node = bucket.shard.node_mut(id);
            if node.meta.closed {
                own.mon.stats.reopened += 1;
            }
            node.meta.g = post.g;
            node.meta.closed = false;
            node.link = Some((post.parent, post.action, post.cost));
            let h = node.meta.h;
            bucket.push(post.g, h, id);
            if self.problem.is_goal(&bucket.shard.node(id).state) {
                self.found(b, id, post.g, own);
            }
            return true;
        }
        let h = self.heuristic.estimate(&post.state);
        let f = post.g.saturating_add(h);
        let room = &self.shared.room;
        match admit(f, own.bound, own.best, &mut own.pruned, &mut own.room, room) {
            Admit::Store => {}
            Admit::Drop => return true,
            Admit::Full => {
                note_least(&mut own.lost, post.g);
                self.shared.stop(StopReason::MaxStates);
                return false;
            }
        }
        let goal = self.problem.is_goal(&post.state);
        let node = ShardNode {
            state: post.state,
            link: Some((post.parent, post.action, post.cost)),
            meta: AStarMeta {
                g: post.g,
                h,
                closed: false,
            },
        };
        let id = bucket.shard.insert(hash, node);
        bucket.push(post.g, h, id);
        if goal {
            self.found(b, id, post.g, own);
        }
        true
    }

    /// Notes node `id` of bucket `b`, a goal reached at cost `g`, as the best solution if
    /// it is cheaper than the best so far.
    fn found(&self, b: usize, id: usize, g: P::Cost, own: &mut BatchedOwn<'_, P::Cost>) {
        let mut best = lock(&self.shared.best);
        if best.is_none_or(|(c, _)| g < c) {
            *best = Some((g, NodeRef::new(b, id)));
        }
        own.best = best.map(|b| b.0);
    }

    /// After a round: the last key the next round takes, or none to end the search (no
    /// open state below the best solution's cost, or a limit). Sums the counts into
    /// `lead`, reports progress and checks the limits.
    fn plan(&self, lead: &mut Monitor<'_, P::Cost>) -> Option<Plan<P::Cost>> {
        let shared = self.shared;
        if shared.halt.load(Ordering::Relaxed) {
            return None;
        }
        let best = shared.best();
        let stored: usize = shared.buckets.iter().map(|b| lock(b).shard.len()).sum();
        let size = (stored / 16).clamp(MIN_ROUND, MAX_ROUND);
        // the first keys of every bucket: twice a bucket's share of a round, as the hash
        // spreads the states with the smallest keys evenly (where it does not, the round
        // takes more, up to MAX_POSTS successors a thread), so that where keys hold a
        // state or two each, the plan reads a round's worth of them and not every bucket's
        let per_bucket = 2 * size.div_ceil(shared.buckets.len()) + MIN_ROUND / 16;
        let mut keys: BTreeMap<Key<P::Cost>, usize> = BTreeMap::new();
        let mut queued = 0;
        for bucket in &shared.buckets {
            let bucket = lock(bucket);
            queued += bucket.queued;
            let mut seen = 0;
            for (&key, ids) in &bucket.open {
                if seen >= per_bucket || best.is_some_and(|c| key.0 >= c) {
                    break;
                }
                *keys.entry(key).or_default() += ids.len();
                seen += ids.len();
            }
        }
        let reports: Vec<Stats> = shared.reports.iter().map(|r| *lock(r)).collect();
        let max_frontier = lead.stats.max_frontier.max(queued);
        if let Some(reason) = tally(lead, &reports, max_frontier, stored) {
            shared.stop(reason);
            return None;
        }
        let fmin = keys.keys().next()?.0;
        let first = lock(&shared.plan).map_or(0, |p| (p.first + 1) % shared.buckets.len());
        let mut plan: Option<Plan<P::Cost>> = None;
        let mut taken = 0;
        for (key, n) in keys {
            if plan.is_some() && (taken >= size || key.0 > fmin && taken >= MIN_ROUND) {
                break;
            }
            // the last key the round takes, in part if it has more than the round's room
            let room = size - taken.min(size);
            let share = if n > room { (room, n) } else { (1, 1) };
            plan = Some(Plan {
                until: key,
                share,
                first,
            });
            taken += n.min(room);
        }
        plan
    }
}
