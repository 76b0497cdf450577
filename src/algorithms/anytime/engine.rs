//! The engine of anytime A*: a search that can be resumed after each better solution.

use std::cmp::Reverse;
use std::sync::Arc;
use std::time::Instant;

use super::{min, AnytimeAStar, AnytimeResult, BoundReport, Guide, Improvement};
use crate::algorithms::best_first::{small, Meta, Policy, WeightedPolicy};
use crate::collections::{Arena, ChosenFrontier, Frontier, Lookup};
use crate::search::{Monitor, OpenList, Outcome, Solution, StopReason};
use crate::traits::{Cost, Expansion, Heuristic, Problem, Successors};

/// How many expansions pass between two looks at the clock for the bound callback.
const REPORT_CHECK_EVERY: u64 = 1024;

/// The frontier's key, weighted A\*'s: `g + w·h` (smaller first), larger `g` among equals,
/// then the id.
type Key<C> = <WeightedPolicy as Policy<C>>::Key;

/// What a node keeps of the estimates: the heuristic's, and the guide's if it has one.
type Est<C, K> = (C, K);

/// The key of node `id` with path cost `g` and estimates `est` at weight `w`: above 1,
/// `g + w·guide`; at 1, `g + h`.
#[inline]
fn key<P: Problem + ?Sized, G: Guide<P>>(
    w: f64,
    g: P::Cost,
    (h, kept): Est<P::Cost, G::Kept>,
    id: usize,
) -> Key<P::Cost> {
    let (w, estimate) = if w > 1.0 {
        (w, G::value(kept, h))
    } else {
        (1.0, h)
    };
    WeightedPolicy(w).key(g, estimate, id)
}

/// The buckets of a key whose `g + w·h` and `g` are small whole numbers.
fn bucket<C: Cost>(&(Reverse(f), g, _): &Key<C>) -> Option<(usize, usize)> {
    Some((small(f)?, small(g)?))
}

/// How the bucket queue files a key.
type BucketOf<C> = fn(&Key<C>) -> Option<(usize, usize)>;

/// The nodes of a search of `P` with guide `G`.
type AnytimeArena<P, G> = Arena<
    <P as Problem>::State,
    <P as Problem>::Action,
    <P as Problem>::Cost,
    Meta<<P as Problem>::Cost, Est<<P as Problem>::Cost, <G as Guide<P>>::Kept>>,
>;

/// What [`Engine::advance`] comes back with: a better solution, or the end.
type Advance<P> = Result<
    Improvement<<P as Problem>::State, <P as Problem>::Action, <P as Problem>::Cost>,
    Outcome<<P as Problem>::State, <P as Problem>::Action, <P as Problem>::Cost>,
>;

/// The open list chosen at run time.
type AnytimeOpen<C> = ChosenFrontier<Key<C>, BucketOf<C>>;

/// An empty open list of kind `list`.
fn open_list<C: Cost>(list: OpenList) -> AnytimeOpen<C> {
    ChosenFrontier::new(list, bucket::<C>, true)
}

/// A search in progress: the states reached (closed ones marked), the frontier, the
/// incumbent and the weight.
pub(super) struct Engine<'p, 'a, P: Problem + ?Sized, H, E, G: Guide<P>> {
    problem: &'p P,
    heuristic: H,
    guide: G,
    mon: Monitor<'a, P::Cost>,
    arena: AnytimeArena<P, G>,
    open: AnytimeOpen<P::Cost>,
    open_list: OpenList,
    open_len: usize,
    buf: Successors<P::State, P::Action, P::Cost>,
    looks: Vec<(u64, Lookup)>,
    /// The smallest `g + h` left out for the cost bound, if any.
    pruned: Option<P::Cost>,
    pub(super) best: Option<Solution<P::State, P::Action, P::Cost>>,
    weight: f64,
    step: f64,
    /// At weight 1, when rounding in `g + w·h` made the frontier's order disagree with
    /// the exact bound: left states are then dropped one by one until none is left.
    draining: bool,
    /// The callback for the bound proven so far, and when it is next due.
    bound_report: Option<(BoundReport<'a, P::Cost>, Instant)>,
    _expansion: std::marker::PhantomData<E>,
}

impl<'p, 'a, P, H, E, G> Engine<'p, 'a, P, H, E, G>
where
    P: Problem + ?Sized,
    H: Heuristic<P>,
    E: Expansion<P>,
    G: Guide<P>,
{
    pub(super) fn new<X>(
        problem: &'p P,
        start: P::State,
        heuristic: H,
        guide: G,
        config: &AnytimeAStar<'a, P::Cost, X>,
    ) -> Self {
        let zero = P::Cost::ZERO;
        let mut e = Engine {
            problem,
            mon: Monitor::new(&config.limits),
            arena: Arena::new(),
            open: open_list(config.open_list),
            open_list: config.open_list,
            open_len: 1,
            buf: Successors::new(),
            looks: Vec::new(),
            pruned: None,
            best: None,
            weight: config.weight,
            step: config.step,
            draining: false,
            bound_report: config
                .bound_report
                .clone()
                .map(|r| (r.clone(), Instant::now() + r.every)),
            heuristic,
            guide,
            _expansion: std::marker::PhantomData,
        };
        let h = e.heuristic.estimate(&start);
        let est = (h, e.guide.keep(&start, h));
        let id = e.arena.insert_start(start, Meta { g: zero, h: est });
        e.open.push(id, key::<P, G>(e.weight, zero, est, id));
        e.mon.stats.max_frontier = 1;
        e
    }

    /// The proven lower bound on the optimal cost: the smallest `g + h` of the open
    /// states, of those left out for the cost bound, and the incumbent's cost.
    fn lower_bound(&self) -> Option<P::Cost> {
        let mut lb = self.best.as_ref().map(|s| s.cost);
        lb = min(lb, self.pruned);
        for id in 0..self.arena.len() {
            if !self.arena.mark(id) {
                let m = self.arena.data(id);
                lb = min(lb, Some(m.g.saturating_add(m.h.0)));
            }
        }
        lb
    }

    /// Calls the bound callback if it is due. (The state being expanded is still open, so
    /// the bound covers it.)
    #[cold]
    fn report_bound(&mut self) {
        let Some((report, due)) = &self.bound_report else {
            return;
        };
        let now = Instant::now();
        if now < *due {
            return;
        }
        let (every, callback) = (report.every, Arc::clone(&report.report));
        if let Some(bound) = self.lower_bound() {
            let mut callback = callback.lock().unwrap_or_else(|e| e.into_inner());
            callback(bound, self.mon.elapsed());
        }
        if let Some((_, due)) = &mut self.bound_report {
            *due = Instant::now() + every;
        }
    }

    /// The outcome of a search stopped now for `reason`.
    pub(super) fn stopped(&mut self, reason: StopReason) -> Outcome<P::State, P::Action, P::Cost> {
        Outcome::Stopped {
            reason,
            lower_bound: self.lower_bound(),
        }
    }

    /// The outcome once nothing cheaper than the incumbent can be found by expanding
    /// more: optimal, no solution, or stopped by the cost bound.
    fn concluded(&mut self) -> Outcome<P::State, P::Action, P::Cost> {
        let lb = self.lower_bound();
        match &self.best {
            Some(best) if lb.is_some_and(|lb| lb >= best.cost) => Outcome::Found(best.clone()),
            None if self.pruned.is_none() => Outcome::Exhausted,
            _ => Outcome::Stopped {
                reason: StopReason::CostBound,
                lower_bound: lb,
            },
        }
    }

    pub(super) fn finish(
        mut self,
        outcome: Outcome<P::State, P::Action, P::Cost>,
    ) -> AnytimeResult<P::State, P::Action, P::Cost> {
        self.mon.stats.stored = self.arena.len();
        AnytimeResult {
            result: self.mon.finish(outcome),
            best: self.best,
        }
    }

    /// Closes node `id` without expanding it.
    fn drop_node(&mut self, id: usize) {
        self.arena.set_mark(id, true);
    }

    /// Lowers the weight and re-sorts the frontier for it; whether it could (a step of 0,
    /// or one too small to change the weight, keeps it).
    fn lower_weight(&mut self) -> bool {
        let next = (self.weight - self.step).max(1.0);
        if next >= self.weight {
            return false;
        }
        self.weight = next;
        let mut open = open_list(self.open_list);
        for id in 0..self.arena.len() {
            if !self.arena.mark(id) {
                let m = self.arena.data(id);
                open.push(id, key::<P, G>(self.weight, m.g, m.h, id));
            }
        }
        self.open = open;
        true
    }

    /// Runs the search until the next better solution (`Ok`) or its end (`Err`).
    pub(super) fn advance(&mut self) -> Advance<P> {
        let zero = P::Cost::ZERO;
        let bound = self.mon.cost_bound();
        loop {
            let popped = {
                let (arena, weight) = (&self.arena, self.weight);
                self.open.pop(|id| {
                    let m = arena.data(id);
                    (!arena.mark(id)).then(|| key::<P, G>(weight, m.g, m.h, id))
                })
            };
            let Some((id, (Reverse(weighted), _, _))) = popped else {
                self.open_len = 0;
                return Err(self.concluded());
            };
            self.open_len -= 1;
            let Meta { g, h: (h, _) } = *self.arena.data(id);
            let incumbent = self.best.as_ref().map(|s| s.cost);
            if self.problem.is_goal(self.arena.state(id)) {
                self.drop_node(id);
                if incumbent.is_some_and(|c| g >= c) {
                    continue;
                }
                let solution = self.arena.solution(id);
                self.best = Some(solution.clone());
                self.mon.stats.stored = self.arena.len();
                let mut stats = self.mon.stats;
                stats.elapsed = self.mon.elapsed();
                return Ok(Improvement {
                    lower_bound: self.lower_bound().unwrap_or(g),
                    solution,
                    weight: self.weight,
                    stats,
                });
            }
            if let Some(c) = incumbent {
                if weighted.0 >= c.to_f64() && !self.draining {
                    // nothing left has a weighted key below the incumbent's cost
                    if self.weight > 1.0 && self.lower_weight() {
                        self.open_len += 1;
                        continue;
                    }
                    if self.weight <= 1.0 {
                        if self.lower_bound().is_some_and(|lb| lb >= c) {
                            return Err(Outcome::Found(self.best.clone().expect("incumbent")));
                        }
                        self.draining = true;
                    }
                }
                if g.saturating_add(h) >= c {
                    self.drop_node(id);
                    continue;
                }
            }
            self.mon.stats.stored = self.arena.len();
            if let Some(reason) = self.mon.check() {
                self.open_len += 1;
                return Err(self.stopped(reason));
            }
            if self.mon.stats.expanded % REPORT_CHECK_EVERY == 0 {
                self.report_bound();
            }
            self.arena.set_mark(id, true);
            self.mon.stats.expanded += 1;
            let set = E::after_last(self.problem, self.arena.last_action(id));
            E::expand(self.problem, self.arena.state(id), set, &mut self.buf);
            if self.buf.iter().any(|s| s.cost < zero) {
                self.buf.clear();
                return Err(Outcome::Stopped {
                    reason: StopReason::NegativeCost,
                    lower_bound: None,
                });
            }
            let arena = &mut self.arena;
            arena.lookup_ahead(id, self.buf.iter().map(|s| &s.state), &mut self.looks);
            let (mut inserted, mut full) = (false, false);
            for (i, succ) in self.buf.drain().enumerate() {
                self.mon.stats.generated += 1;
                let g2 = g.saturating_add(succ.cost);
                let (_, look) = arena.resolve(&self.looks, i, inserted, &succ.state);
                let at = match look {
                    Lookup::Vacant(at) => at,
                    Lookup::Found(cid) => {
                        let (cm, closed) = arena.data_and_mark(cid);
                        let useful = incumbent.is_none_or(|c| g2.saturating_add(cm.h.0) < c);
                        if g2 < cm.g && useful {
                            cm.g = g2;
                            if *closed {
                                *closed = false;
                                self.mon.stats.reopened += 1;
                            }
                            self.open_len += 1;
                            self.open.push(cid, key::<P, G>(self.weight, g2, cm.h, cid));
                            arena.relink(cid, id, succ.action, succ.cost);
                        } else {
                            self.mon.stats.duplicates += 1;
                        }
                        continue;
                    }
                };
                let h2 =
                    self.heuristic
                        .estimate_child(arena.state(id), h, &succ.action, &succ.state);
                let f2 = g2.saturating_add(h2);
                if incumbent.is_some_and(|c| f2 >= c) {
                    continue;
                }
                if bound.is_some_and(|b| f2 > b) {
                    self.pruned = min(self.pruned, Some(f2));
                    continue;
                }
                if self.mon.full(arena.len()) || arena.is_full() {
                    full = true;
                    break;
                }
                let est = (h2, self.guide.keep(&succ.state, h2));
                let cid = arena.insert(
                    at,
                    succ.state,
                    id,
                    Some((succ.action, succ.cost)),
                    Meta { g: g2, h: est },
                );
                inserted = true;
                self.open.push(cid, key::<P, G>(self.weight, g2, est, cid));
                self.open_len += 1;
            }
            if full {
                // the state being expanded stays open: the bound counts it
                self.buf.clear();
                self.arena.set_mark(id, false);
                self.open_len += 1;
                return Err(self.stopped(StopReason::MaxStates));
            }
            self.mon.stats.max_frontier = self.mon.stats.max_frontier.max(self.open_len);
        }
    }
}
