//! Breadth-first search on several threads, level-synchronous, with the states kept in
//! buckets by hash (the design is in the [module above](super)).

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use super::exchange::{bucket_count, worth_warming, Exchange};
use super::rendezvous::Rendezvous;
use super::report::{summed, tally};
use super::shard::{owner, trace, NodeRef, Shard, ShardNode};
use super::{claim_room, lock, on_threads, SharedProblem, Threads};
use crate::algorithms::{ResultOf, StepOf};
use crate::collections::hash_of;
use crate::search::{Limits, Monitor, Outcome, Solution, Stats, Step, StopReason};
use crate::traits::{Cost, Expansion, Problem, Successors};

/// How many successors a thread collects, at least and at most, before the round's
/// successors are settled. Within these bounds a round is as large as the share of the
/// states stored that falls to each thread: large enough that a bucket's index, read into
/// the cache, serves many lookups, and no larger, so that a small search's successors stay
/// in the cache too.
const MIN_ROUND: usize = 1 << 14;
const MAX_ROUND: usize = 1 << 22;

/// What the threads do after a round, as the first thread decides.
const NEXT_ROUND: u8 = 0;
const NEXT_LEVEL: u8 = 1;
const STOP: u8 = 2;

/// What the engine is told besides its problem and starts.
pub(crate) struct LevelBfsSetup<'s, 'a, C> {
    pub(crate) limits: &'s Limits<'a, C>,
    pub(crate) max_depth: Option<usize>,
    pub(crate) reversible: bool,
    pub(crate) threads: Threads,
}

/// What a node keeps besides its state and link: its path cost, and the skip set of the
/// ways into it (move pruning).
#[derive(Clone, Copy)]
struct LevelMeta<C, X> {
    g: C,
    set: X,
}

type LevelShardOf<P, E> = Shard<
    <P as Problem>::State,
    <P as Problem>::Action,
    <P as Problem>::Cost,
    LevelMeta<<P as Problem>::Cost, <E as Expansion<P>>::Set>,
>;

/// A successor on its way to its bucket: its state, the node it was found from, the action
/// and its cost, its path cost and skip set. (Its hash is computed again when it arrives:
/// that costs less than moving it through memory.)
struct LevelPost<S, A, C, X> {
    state: S,
    parent: NodeRef,
    action: A,
    cost: C,
    g: C,
    set: X,
}

type LevelPostOf<P, E> = LevelPost<
    <P as Problem>::State,
    <P as Problem>::Action,
    <P as Problem>::Cost,
    <E as Expansion<P>>::Set,
>;

/// A bucket: its states, and where the level being expanded lies among them.
struct LevelBucket<P: Problem + ?Sized, E: Expansion<P>> {
    shard: LevelShardOf<P, E>,
    /// The bucket's nodes of the level being expanded: from `start` to `end`.
    start: usize,
    end: usize,
    /// Whether they have been expanded.
    expanded: bool,
}

/// What the threads share.
struct LevelShared<P: Problem + ?Sized, E: Expansion<P>> {
    threads: usize,
    /// The buckets; a state's is named by its hash ([`owner`]).
    buckets: Vec<Mutex<LevelBucket<P, E>>>,
    /// Whether a bucket has nodes in the level being expanded.
    busy: Vec<AtomicBool>,
    exchange: Exchange<LevelPostOf<P, E>>,
    rendezvous: Rendezvous,
    /// Set when the search ends before the level does: a goal, or a limit.
    halt: AtomicBool,
    stopped: Mutex<Option<StopReason>>,
    found: Mutex<Option<(NodeRef, StepOf<P>)>>,
    /// States that may still be stored.
    room: AtomicUsize,
    /// Each thread's counts, and how many states of the next level it stored, as of the
    /// end of the last round.
    reports: Vec<Mutex<(Stats, usize)>>,
    /// Whether the cost bound left a successor out.
    pruned: AtomicBool,
    /// What the first thread decided after a round: [`NEXT_ROUND`], [`NEXT_LEVEL`] or
    /// [`STOP`].
    step: AtomicU8,
    /// How many successors a thread collects in a round of this level.
    round: AtomicUsize,
    expansions: Arc<AtomicU64>,
}

impl<P: Problem + ?Sized, E: Expansion<P>> LevelShared<P, E> {
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
    setup: LevelBfsSetup<'_, '_, P::Cost>,
) -> ResultOf<P>
where
    P: SharedProblem + ?Sized,
    E: Expansion<P>,
    E::Set: Send + Sync,
{
    let threads = setup.threads.get();
    let mut mon = Monitor::new(setup.limits);
    let bound = mon.cost_bound();
    // the index names the nodes when a state met again may change its node: a cheaper way
    // in (under a cost bound) or another skip set (move pruning)
    let by_value = !E::PRUNES && bound.is_none();
    let count = bucket_count(threads);
    let mut buckets: Vec<LevelBucket<P, E>> = (0..count)
        .map(|_| LevelBucket {
            shard: Shard::new(by_value),
            start: 0,
            end: 0,
            expanded: false,
        })
        .collect();
    let mut stored = 0;
    for start in starts {
        if problem.is_goal(&start) {
            mon.stats.stored = stored + 1;
            return mon.finish(Outcome::Found(Solution::from_steps(start, Vec::new())));
        }
        let hash = hash_of(&start);
        let shard = &mut buckets[owner(hash, count)].shard;
        if shard.find(hash, &start).is_none() {
            if stored >= mon.max_states() {
                mon.stats.stored = stored;
                return mon.stopped(StopReason::MaxStates, None);
            }
            let meta = LevelMeta {
                g: P::Cost::ZERO,
                set: E::empty(),
            };
            let node = ShardNode {
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
    for bucket in &mut buckets {
        bucket.end = bucket.shard.len();
    }

    let thread_limits = mon.thread_limits();
    let room = mon.max_states() - stored;
    // what the threads share, once `n` of them run
    let shared = |n: usize| LevelShared::<P, E> {
        threads: n,
        busy: buckets.iter().map(|b| AtomicBool::new(b.end > 0)).collect(),
        buckets: buckets.into_iter().map(Mutex::new).collect(),
        exchange: Exchange::new(count, n),
        rendezvous: Rendezvous::new(n),
        halt: AtomicBool::new(false),
        stopped: Mutex::new(None),
        found: Mutex::new(None),
        room: AtomicUsize::new(room),
        reports: (0..n).map(|_| Mutex::new((Stats::default(), 0))).collect(),
        pruned: AtomicBool::new(false),
        step: AtomicU8::new(NEXT_ROUND),
        round: AtomicUsize::new(MIN_ROUND),
        expansions: Arc::new(AtomicU64::new(0)),
    };
    let run = |shared: &LevelShared<P, E>, t, lead: Option<&mut Monitor<'_, P::Cost>>| {
        let worker = LevelWorker {
            problem,
            shared,
            limits: &thread_limits,
            max_depth: setup.max_depth,
            bound,
            // under a cost bound a state's skip set is its cheapest way in's, as in the
            // serial search
            arrival: E::PRUNES && bound.is_none(),
            forget: setup.reversible && bound.is_none(),
        };
        worker.run(t, lead)
    };
    let (shared, stats): (_, Vec<Stats>) = on_threads(
        threads,
        shared,
        |shared| run(shared, 0, Some(&mut mon)),
        |shared, t| run(shared, t, None),
    );
    let LevelShared {
        buckets,
        stopped,
        found,
        pruned,
        ..
    } = shared;
    let shards: Vec<LevelShardOf<P, E>> = buckets
        .into_iter()
        .map(|b| b.into_inner().unwrap_or_else(|e| e.into_inner()).shard)
        .collect();
    let max_frontier = mon.stats.max_frontier;
    mon.stats = summed(&stats);
    mon.stats.max_frontier = max_frontier;
    mon.stats.stored = shards.iter().map(Shard::len).sum();
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
struct LevelWorker<'w, 'a, P: Problem + ?Sized, E: Expansion<P>> {
    problem: &'w P,
    shared: &'w LevelShared<P, E>,
    limits: &'w Limits<'a, P::Cost>,
    max_depth: Option<usize>,
    bound: Option<P::Cost>,
    arrival: bool,
    forget: bool,
}

/// A thread's own part of the search: its share of the budget of states, the states it
/// stored in this level and its counts.
struct LevelOwn<'a, C> {
    room: usize,
    level: usize,
    mon: Monitor<'a, C>,
}

impl<P, E> LevelWorker<'_, '_, P, E>
where
    P: Problem + ?Sized,
    E: Expansion<P>,
{
    /// Thread `t`'s search: its counts at the end. The first thread (`lead`, with the
    /// caller's monitor) decides after each round.
    fn run(&self, t: usize, mut lead: Option<&mut Monitor<'_, P::Cost>>) -> Stats {
        let shared = self.shared;
        let _seat = shared.rendezvous.seat();
        let mon = Monitor::new(self.limits).sharing(Arc::clone(&shared.expansions));
        let mut own = LevelOwn {
            room: 0,
            level: 0,
            mon,
        };
        let mut out = shared.exchange.buffers();
        let mut buf = Successors::new();
        let mut depth = 0;
        loop {
            // a round: expand buckets of the level until enough successors are collected,
            // hand them over, then settle the buckets
            self.expand(&mut own, &mut out, &mut buf);
            shared.exchange.hand_over(t, &mut out);
            if !shared.rendezvous.wait() {
                break;
            }
            // every thread has handed over what it found; no bucket is left to expand if
            // the level is done
            let level_done = shared.exchange.all_expanded();
            if !shared.halt.load(Ordering::Relaxed) {
                self.settle(&mut own, level_done);
            }
            *lock(&shared.reports[t]) = (own.mon.stats, own.level);
            if !shared.rendezvous.wait() {
                break;
            }
            if let Some(lead) = lead.as_deref_mut() {
                let step = if shared.halt.load(Ordering::Relaxed) {
                    STOP
                } else if !level_done {
                    NEXT_ROUND
                } else if self.verdict(lead, depth + 1) {
                    let round = (lead.stats.stored / shared.threads).clamp(MIN_ROUND, MAX_ROUND);
                    shared.round.store(round, Ordering::Relaxed);
                    NEXT_LEVEL
                } else {
                    STOP
                };
                shared.exchange.restart(step == NEXT_LEVEL);
                shared.step.store(step, Ordering::Relaxed);
            }
            if !shared.rendezvous.wait() {
                break;
            }
            match shared.step.load(Ordering::Relaxed) {
                STOP => break,
                NEXT_LEVEL => {
                    depth += 1;
                    own.level = 0;
                }
                _ => {}
            }
        }
        own.mon.stats
    }

    /// Expands the level's nodes of the buckets this thread takes, until it has collected
    /// a round's successors or no bucket is left, putting the successors in `out` by
    /// bucket.
    fn expand(
        &self,
        own: &mut LevelOwn<'_, P::Cost>,
        out: &mut [Vec<LevelPostOf<P, E>>],
        buf: &mut Successors<P::State, P::Action, P::Cost>,
    ) {
        let shared = self.shared;
        let round = shared.round.load(Ordering::Relaxed);
        let mut collected = 0;
        let count = shared.buckets.len();
        'take: while collected < round {
            let Some(b) = shared.exchange.take_to_expand() else {
                break;
            };
            if !shared.busy[b].load(Ordering::Relaxed) {
                continue;
            }
            let mut bucket = lock(&shared.buckets[b]);
            bucket.expanded = true;
            for id in bucket.start..bucket.end {
                let expanded = own.mon.stats.expanded;
                if own.mon.due(expanded) {
                    if shared.halt.load(Ordering::Relaxed) {
                        break 'take;
                    }
                    if let Some(reason) = own.mon.poll() {
                        shared.stop(reason);
                        break 'take;
                    }
                }
                own.mon.stats.expanded += 1;
                let node = bucket.shard.node(id);
                let set = if self.arrival {
                    node.meta.set
                } else {
                    E::after_last(self.problem, node.link.as_ref().map(|l| &l.1))
                };
                E::expand(self.problem, &node.state, set, buf);
                let g = node.meta.g;
                own.mon.stats.generated += buf.len() as u64;
                collected += buf.len();
                for succ in buf.drain() {
                    let g = g.saturating_add(succ.cost);
                    if self.bound.is_some_and(|b| g > b) {
                        shared.pruned.store(true, Ordering::Relaxed);
                        continue;
                    }
                    if self.problem.is_goal(&succ.state) {
                        lock(&shared.found).get_or_insert((NodeRef::new(b, id), succ));
                        shared.halt.store(true, Ordering::Relaxed);
                        break 'take;
                    }
                    let hash = hash_of(&succ.state);
                    let set = if self.arrival {
                        E::after(self.problem, &succ.action)
                    } else {
                        E::empty()
                    };
                    out[owner(hash, count)].push(LevelPost {
                        state: succ.state,
                        parent: NodeRef::new(b, id),
                        action: succ.action,
                        cost: succ.cost,
                        g,
                        set,
                    });
                }
            }
        }
    }

    /// Settles the successors handed over to the buckets this thread takes: each is stored in
    /// its bucket unless the bucket holds its state. At the end of a level (`level_done`)
    /// the bucket's next level becomes the one to expand.
    fn settle(&self, own: &mut LevelOwn<'_, P::Cost>, level_done: bool) {
        let shared = self.shared;
        while let Some((b, posts)) = shared.exchange.take_to_settle() {
            if posts.is_none() && !level_done {
                continue;
            }
            let mut guard = lock(&shared.buckets[b]);
            let bucket = &mut *guard;
            if let Some(mut batches) = posts {
                let arriving = batches.iter().map(|batch| batch.len()).sum();
                if worth_warming(arriving, bucket.shard.indexed()) {
                    bucket.shard.warm();
                }
                for batch in &mut batches {
                    for post in batch.drain(..) {
                        if !self.keep(post, bucket, own) {
                            // the budget of states ran out: the search stops
                            return;
                        }
                    }
                }
            }
            if level_done {
                if self.forget {
                    // in a reversible space the successors of a level lie in it, the
                    // one before or the next: the states before the level just
                    // expanded may leave the index
                    bucket.shard.forget_before(bucket.start);
                }
                bucket.start = bucket.end;
                bucket.expanded = false;
                bucket.end = bucket.shard.len();
                shared.busy[b].store(bucket.start < bucket.end, Ordering::Relaxed);
            }
        }
    }

    /// Stores a successor in its bucket unless the bucket holds its state: then a node not
    /// expanded yet takes the skip set of this way in too (move pruning), and one of the
    /// next level the cheaper way in (under a cost bound). `false` if the budget of states
    /// ran out (the search then stops).
    #[inline]
    fn keep(
        &self,
        post: LevelPost<P::State, P::Action, P::Cost, E::Set>,
        bucket: &mut LevelBucket<P, E>,
        own: &mut LevelOwn<'_, P::Cost>,
    ) -> bool {
        let hash = hash_of(&post.state);
        // (the index names the node when it may have to change; else `m` is `usize::MAX`)
        if let Some(m) = bucket.shard.find(hash, &post.state) {
            own.mon.stats.duplicates += 1;
            // a node not expanded yet takes this way's skip set too, and one of the next
            // level the cheaper way in
            let waiting = m >= bucket.end || m >= bucket.start && !bucket.expanded;
            if m != usize::MAX && waiting {
                let node = bucket.shard.node_mut(m);
                node.meta.set = E::union(node.meta.set, post.set);
                if m >= bucket.end && post.g < node.meta.g {
                    node.meta.g = post.g;
                    node.link = Some((post.parent, post.action, post.cost));
                }
            }
            return true;
        }
        if own.room == 0 {
            own.room = self.shared.claim_room();
            if own.room == 0 {
                self.shared.stop(StopReason::MaxStates);
                return false;
            }
        }
        own.room -= 1;
        own.level += 1;
        let node = ShardNode {
            state: post.state,
            link: Some((post.parent, post.action, post.cost)),
            meta: LevelMeta {
                g: post.g,
                set: post.set,
            },
        };
        bucket.shard.insert(hash, node);
        true
    }

    /// After a level is expanded (the next one at `depth`): whether to go on. Keeps the
    /// largest level in `lead`'s statistics, reports progress and checks the limits.
    fn verdict(&self, lead: &mut Monitor<'_, P::Cost>, depth: usize) -> bool {
        let shared = self.shared;
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
        let stored = lead.stats.stored + level;
        let stats = reports.iter().map(|r| &r.0);
        if let Some(reason) = tally(lead, stats, max_frontier, stored) {
            shared.stop(reason);
            return false;
        }
        true
    }
}
