//! One worker's part of a breadth-first search: what it has seen, and its loop of rounds.

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Instant;

use heurist::disk::Packed;
use heurist::{Expansion, Outcome, Problem, Stats, StopReason, Successors};
use timely::worker::Worker;

use crate::checkpoint::{self, Checkpoints, Counters};
use crate::cluster::peer_gone;
use crate::util::recent::{copy, Recent};
use crate::util::route::{Gather, Router};
use crate::util::sorted::Payload;
use crate::util::Ways;
use crate::util::{
    from_words, guarded, owner, owner_of, sorted, state_hash, to_words, Outbox, Report, StateMap,
    StateSet,
};
use crate::{Error, Stop};

use super::{Bfs, BfsResultOf};

/// The states a worker has seen.
pub(super) enum Seen<S> {
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
pub(super) fn layers<P, E>(
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
    // successors held back, so that one generated again is merged here instead of sent
    let mut recent = Recent::new(width, record);
    let mut outgoing = vec![0u8; record];
    // a record generated again: its ways in take in the new one, as in a sorted layer (a
    // parent stays the first found)
    let merge = |held: &mut [u8], new: &[u8]| {
        let ways = Ways::<P, E>::read(&held[width..with_set]);
        ways.union(Ways::read(&new[width..with_set]))
            .write(&mut held[width..with_set]);
    };
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
                        step.state.pack(&mut outgoing[..width]);
                        E::after(&*problem, &step.action).pack(&mut outgoing[width..with_set]);
                        if record > with_set {
                            state.pack(&mut outgoing[with_set..]);
                        }
                        let hash = state_hash(&outgoing[..width]);
                        recent.offer(hash, owner_of(hash, peers), &outgoing, merge, |to, r| {
                            outbox.push(&mut router, worker, to, record, |out| copy(out, r))
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
            recent.flush(|to, r| outbox.push(&mut router, worker, to, record, |out| copy(out, r)));
            shard.borrow_mut().duplicates += recent.take_merged();
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
