//! Anytime weighted A*: a first solution fast, then better ones, each with a proven bound.

use std::cmp::Reverse;
use std::ops::ControlFlow;
use std::time::Duration;

use super::best_first::{small, Meta};
use crate::collections::{Arena, BucketFrontier, Frontier, IndexedFrontier, LazyFrontier, Lookup};
use crate::search::{
    limit_methods, Limits, Monitor, OpenList, Outcome, SearchResult, Solution, Stats, StopReason,
};
use crate::traits::{
    AllMoves, Cost, Expansion, Heuristic, OrderedF64, Problem, Pruned, Successors,
};

/// The weight decrease of [`AnytimeAStar::new`] and [`anytime_astar`].
const DEFAULT_STEP: f64 = 0.5;

/// Anytime weighted A*: weighted A* that goes on after its first solution and finds better
/// ones until it proves the last one optimal; returns the best (see [`AnytimeResult`]).
///
/// It starts with weight `weight` (at least 1), lowers it by 0.5 at a time to 1, and ends
/// with the optimum when the heuristic is admissible. [`AnytimeAStar`] reports each better
/// solution as it is found, with a proven lower bound on the optimal cost, through a
/// callback or an iterator, and takes limits, another weight schedule and move pruning.
///
/// # Examples
///
/// ```
/// use heurist::FnProblem;
///
/// // From 0 to 99 by steps of +1 (cost 1) or +7 (cost 3).
/// let p = FnProblem::new(|n: &i64| *n == 99, |n: &i64| [(1, n + 1, 1u64), (-1, n - 1, 1), (7, n + 7, 3)]);
/// let h = |n: &i64| (99 - n).unsigned_abs() * 3 / 7; // admissible
/// let r = heurist::anytime_astar(&p, 0, h, 3.0);
/// assert!(r.is_optimal());
/// assert_eq!(r.cost(), heurist::astar(&p, 0, h).cost()); // 14 * 3 + 1 = 43
/// assert_eq!(r.cost(), Some(43));
/// ```
pub fn anytime_astar<P, F>(
    problem: &P,
    start: P::State,
    heuristic: F,
    weight: f64,
) -> AnytimeResult<P::State, P::Action, P::Cost>
where
    P: Problem + ?Sized,
    F: Fn(&P::State) -> P::Cost,
{
    AnytimeAStar::new(weight).search(problem, start, heuristic)
}

/// A better solution found by an anytime search, with what is proven about it.
#[derive(Clone, Debug, PartialEq)]
pub struct Improvement<S, A, C> {
    /// The solution, cheaper than every one reported before it.
    pub solution: Solution<S, A, C>,
    /// A lower bound on the optimal cost, proven when the heuristic is admissible: the
    /// smallest `g + h` of the states still to be expanded, or the solution's cost if that
    /// is smaller (or nothing is left to expand: the solution is then optimal).
    pub lower_bound: C,
    /// The weight of the heuristic when the solution was found.
    pub weight: f64,
    /// The counters of the search so far; `stats.elapsed` is the time since it started.
    pub stats: Stats,
}

impl<S, A, C: Cost> Improvement<S, A, C> {
    /// The solution's cost.
    pub fn cost(&self) -> C {
        self.solution.cost
    }

    /// The time from the start of the search to this solution.
    pub fn elapsed(&self) -> Duration {
        self.stats.elapsed
    }

    /// The proven suboptimality of the solution: its cost over the lower bound, at least 1
    /// (1: optimal; infinite when the bound is 0 and the cost is not).
    pub fn ratio(&self) -> f64 {
        ratio(self.solution.cost, self.lower_bound)
    }
}

/// `cost / bound` as the suboptimality factor.
fn ratio<C: Cost>(cost: C, bound: C) -> f64 {
    if cost <= bound {
        1.0
    } else {
        cost.to_f64() / bound.to_f64()
    }
}

/// What an anytime search returns: the [`SearchResult`] and the best solution it found.
///
/// The outcome stays honest about what is proven:
/// * [`Outcome::Found`] only when the solution is proven optimal (given an admissible
///   heuristic): nothing left could lead to a cheaper one;
/// * [`Outcome::Exhausted`] when no solution exists;
/// * [`Outcome::Stopped`] when a limit (or the callback) stopped the search first, with
///   the proven lower bound on the optimal cost; the best solution found by then, if any,
///   is in [`best`](AnytimeResult::best), and its cost is an upper bound.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnytimeResult<S, A, C> {
    /// How the search ended, and its counters.
    pub result: SearchResult<S, A, C>,
    /// The best solution found, whether or not it is proven optimal.
    pub best: Option<Solution<S, A, C>>,
}

impl<S, A, C: Cost> AnytimeResult<S, A, C> {
    /// The best solution's cost, if a solution was found.
    pub fn cost(&self) -> Option<C> {
        self.best.as_ref().map(|s| s.cost)
    }

    /// Whether the best solution is proven optimal ([`Outcome::Found`]).
    pub fn is_optimal(&self) -> bool {
        self.result.is_found()
    }

    /// The proven lower bound on the optimal cost: the solution's cost when it is proven
    /// optimal, the bound of a stopped search, `None` when no solution exists.
    pub fn lower_bound(&self) -> Option<C> {
        match &self.result.outcome {
            Outcome::Found(s) => Some(s.cost),
            Outcome::Exhausted => None,
            Outcome::Stopped { lower_bound, .. } => *lower_bound,
        }
    }

    /// The best solution's cost over the lower bound (1 when proven optimal), if both exist.
    pub fn ratio(&self) -> Option<f64> {
        Some(ratio(self.cost()?, self.lower_bound()?))
    }

    /// The limit that stopped the search, if one did.
    pub fn stop_reason(&self) -> Option<StopReason> {
        self.result.stop_reason()
    }
}

/// The configuration of [`anytime_astar`]: the weight schedule, limits, the open list,
/// move pruning.
///
/// # The algorithm
///
/// Anytime weighted A* (Hansen & Zhou, *Anytime Heuristic Search*, JAIR 2007) with the
/// decreasing weights of ARA* (Likhachev, Gordon & Thrun, 2003). States are expanded in
/// order of `g + w·h`. A goal taken from the frontier with a cheaper path than the best
/// solution so far (the *incumbent*) becomes the incumbent and is reported; the search
/// goes on. From then on a state whose `g + h` is at least the incumbent's cost is left out
/// (with an admissible heuristic nothing cheaper lies behind it), and a state reached
/// again by a cheaper path is reopened, so every state of the reached graph keeps its
/// cheapest known path. When the frontier holds no state whose `g + w·h` is below the
/// incumbent's cost, the incumbent is within `w` of the optimum (with a consistent
/// heuristic), and the weight drops by the [step](AnytimeAStar::weight_step) (the frontier
/// is re-sorted; the states reached so far are kept, as in ARA*). At weight 1 the search
/// is A* with the incumbent as a cost bound: it ends when nothing in the frontier has
/// `g + h` below the incumbent's cost, which proves the incumbent optimal.
///
/// Why this design: unlike ARA*, which defers reopening to the next weight, reopening at
/// once keeps one invariant at every moment, whatever the heuristic (admissible,
/// consistent or not): some state on an optimal path is in the frontier with its optimal
/// `g`, or the incumbent is optimal. So the smallest `g + h` in the frontier (and the
/// incumbent's cost) is a proven lower bound whenever it is read, and the search ends
/// with the optimum. A weight step of 0 keeps the weight (Hansen & Zhou's algorithm as
/// published); an infinite step drops it to 1 after the first solution.
///
/// The lower bound is read when a solution is reported and when the search ends: it scans
/// the stored states (time linear in their number, a small part of the search's). Goals
/// are recognised when taken from the frontier; step costs must not be negative (a
/// negative step stops the search with [`StopReason::NegativeCost`]). A weight below 1,
/// or not a number, and a step that is negative or not a number, are refused with
/// [`StopReason::InvalidWeight`].
///
/// # Examples
///
/// Each better solution as it comes, through a callback that could stop the search:
///
/// ```
/// use std::ops::ControlFlow;
/// use heurist::{AnytimeAStar, FnProblem};
///
/// // From 1 to 60 by steps of +1, +5 or +12 (costs 2, 6 and 16: 1.2 a unit at best).
/// let steps = |n: &u32| [(1, 2u32), (5, 6), (12, 16)].map(|(d, c)| ((), n + d, c)).into_iter().filter(|s| s.1 <= 60);
/// let p = FnProblem::new(|n: &u32| *n == 60, steps);
/// let h = |n: &u32| (60 - n) * 6 / 5; // admissible
/// let mut costs = Vec::new();
/// let r = AnytimeAStar::new(5.0).search_with(&p, 1, h, |better| {
///     assert!(better.lower_bound <= better.cost());
///     println!("cost {} (at most {:.2} x optimal) after {:?}", better.cost(), better.ratio(), better.elapsed());
///     costs.push(better.cost());
///     ControlFlow::Continue(())
///     // (ControlFlow::Break(()) would stop the search here, with this solution as the best)
/// });
/// assert!(costs.len() > 1 && costs.windows(2).all(|w| w[1] < w[0]));
/// assert_eq!(r.cost(), costs.last().copied());
/// assert!(r.is_optimal());
/// assert_eq!(r.cost(), heurist::astar(&p, 1, h).cost());
/// ```
///
/// The same as an iterator; a limit stops the search with the best solution and its bound:
///
/// ```
/// use heurist::{AnytimeAStar, FnProblem, StopReason};
///
/// let steps = |n: &u32| [(1, 2u32), (5, 6), (12, 16)].map(|(d, c)| ((), n + d, c)).into_iter().filter(|s| s.1 <= 60);
/// let p = FnProblem::new(|n: &u32| *n == 60, steps);
/// let h = |n: &u32| (60 - n) * 6 / 5;
/// let mut run = AnytimeAStar::new(5.0).max_expansions(8).iter(&p, 1, h);
/// for better in &mut run {
///     println!("{} >= optimum >= {}", better.cost(), better.lower_bound);
/// }
/// let r = run.into_result();
/// assert_eq!(r.stop_reason(), Some(StopReason::MaxExpansions));
/// if let (Some(cost), Some(bound)) = (r.cost(), r.lower_bound()) {
///     assert!(bound <= cost);
/// }
/// ```
#[derive(Clone, Debug)]
pub struct AnytimeAStar<'a, C, E = AllMoves> {
    limits: Limits<'a, C>,
    open_list: OpenList,
    weight: f64,
    step: f64,
    expansion: E,
}

impl<C> AnytimeAStar<'_, C> {
    /// Anytime A* starting at weight `weight`, lowered by 0.5 at a time; no limits, the
    /// default open list, every successor.
    pub fn new(weight: f64) -> Self {
        AnytimeAStar {
            limits: Limits::new(),
            open_list: OpenList::default(),
            weight,
            step: DEFAULT_STEP,
            expansion: AllMoves,
        }
    }
}

impl<'a, C, E> AnytimeAStar<'a, C, E> {
    limit_methods!();

    /// How much the weight drops each time the incumbent is proven within it (default
    /// 0.5; the weight never goes below 1). 0 keeps the weight; `f64::INFINITY` goes to
    /// 1 at once.
    pub fn weight_step(mut self, step: f64) -> Self {
        self.step = step;
        self
    }

    /// Which priority queue holds the frontier (default [`OpenList::Buckets`], which files
    /// the keys that are small whole numbers, those of weight 1 for integer costs, in
    /// buckets, and the others in a binary heap).
    pub fn open_list(mut self, open_list: OpenList) -> Self {
        self.open_list = open_list;
        self
    }

    /// Expand each state without the successors that the action into it makes redundant
    /// ([`MovePruning`](crate::MovePruning)); the search still ends with the optimum.
    pub fn move_pruning(self) -> AnytimeAStar<'a, C, Pruned> {
        AnytimeAStar {
            limits: self.limits,
            open_list: self.open_list,
            weight: self.weight,
            step: self.step,
            expansion: Pruned,
        }
    }

    /// Runs the search to its end and returns the best solution found.
    pub fn search<P, H>(
        &self,
        problem: &P,
        start: P::State,
        heuristic: H,
    ) -> AnytimeResult<P::State, P::Action, P::Cost>
    where
        P: Problem<Cost = C> + ?Sized,
        C: Cost,
        H: Heuristic<P>,
        E: Expansion<P>,
    {
        self.iter(problem, start, heuristic).into_result()
    }

    /// Runs the search, calling `on_better` with each better solution as it is found. The
    /// search ends when the last solution is proven optimal, when no solution exists, when
    /// a limit stops it, or when `on_better` returns [`ControlFlow::Break`]: it then stops
    /// with [`StopReason::Cancelled`] and the proven lower bound.
    pub fn search_with<P, H>(
        &self,
        problem: &P,
        start: P::State,
        heuristic: H,
        mut on_better: impl FnMut(Improvement<P::State, P::Action, P::Cost>) -> ControlFlow<()>,
    ) -> AnytimeResult<P::State, P::Action, P::Cost>
    where
        P: Problem<Cost = C> + ?Sized,
        C: Cost,
        H: Heuristic<P>,
        E: Expansion<P>,
    {
        let mut run = self.iter(problem, start, heuristic);
        while let Some(better) = run.next() {
            if on_better(better).is_break() {
                return run.stop(StopReason::Cancelled);
            }
        }
        run.into_result()
    }

    /// The search as an iterator over the better solutions: each call to `next` runs it
    /// until the next one. When the iterator ends,
    /// [`into_result`](Improvements::into_result) gives the result; dropping it stops the
    /// search.
    pub fn iter<'p, P, H>(
        &self,
        problem: &'p P,
        start: P::State,
        heuristic: H,
    ) -> Improvements<'p, 'a, P, H, E>
    where
        P: Problem<Cost = C> + ?Sized,
        C: Cost,
        H: Heuristic<P>,
        E: Expansion<P>,
    {
        let _ = self.expansion;
        let valid = self.weight >= 1.0 && self.weight.is_finite() && self.step >= 0.0;
        if !valid {
            let result = SearchResult::refused(StopReason::InvalidWeight, Stats::default());
            return Improvements {
                engine: None,
                end: Some(AnytimeResult { result, best: None }),
            };
        }
        let engine = Engine::new(problem, start, heuristic, self);
        Improvements {
            engine: Some(engine),
            end: None,
        }
    }
}

/// The better solutions of an anytime search, as they are found ([`AnytimeAStar::iter`]).
pub struct Improvements<'p, 'a, P: Problem + ?Sized, H, E> {
    engine: Option<Engine<'p, 'a, P, H, E>>,
    end: Option<AnytimeResult<P::State, P::Action, P::Cost>>,
}

impl<P, H, E> Iterator for Improvements<'_, '_, P, H, E>
where
    P: Problem + ?Sized,
    H: Heuristic<P>,
    E: Expansion<P>,
{
    type Item = Improvement<P::State, P::Action, P::Cost>;

    fn next(&mut self) -> Option<Self::Item> {
        let engine = self.engine.as_mut()?;
        match engine.advance() {
            Ok(better) => Some(better),
            Err(outcome) => {
                self.end = self.engine.take().map(|e| e.finish(outcome));
                None
            }
        }
    }
}

impl<P, H, E> Improvements<'_, '_, P, H, E>
where
    P: Problem + ?Sized,
    H: Heuristic<P>,
    E: Expansion<P>,
{
    /// The best solution so far.
    pub fn best(&self) -> Option<&Solution<P::State, P::Action, P::Cost>> {
        match (&self.engine, &self.end) {
            (Some(e), _) => e.best.as_ref(),
            (None, Some(end)) => end.best.as_ref(),
            (None, None) => None,
        }
    }

    /// The result: the search is run to its end first if it has not ended (the better
    /// solutions on the way are not reported, the best is kept).
    pub fn into_result(mut self) -> AnytimeResult<P::State, P::Action, P::Cost> {
        while self.next().is_some() {}
        self.end.take().expect("an ended search has a result")
    }

    /// Stops the search now, for `reason`, with the proven lower bound and the best
    /// solution so far (the result of an ended search is returned as it is).
    pub fn stop(mut self, reason: StopReason) -> AnytimeResult<P::State, P::Action, P::Cost> {
        match self.engine.take() {
            Some(mut e) => {
                let outcome = e.stopped(reason);
                e.finish(outcome)
            }
            None => self.end.take().expect("an ended search has a result"),
        }
    }
}

/// The frontier's key: `g + w·h` (smaller first), larger `g` among equals, then the id.
type Key<C> = (Reverse<OrderedF64>, C, u32);

/// The key of a state with path cost `g` and estimate `h` at weight `w`.
#[inline]
fn key<C: Cost>(w: f64, g: C, h: C, id: usize) -> Key<C> {
    (
        Reverse(OrderedF64(g.to_f64() + w * h.to_f64())),
        g,
        id as u32,
    )
}

/// The buckets of a key whose `g + w·h` and `g` are small whole numbers.
fn bucket<C: Cost>(&(Reverse(f), g, _): &Key<C>) -> Option<(usize, usize)> {
    Some((small(f)?, small(g)?))
}

/// The open list chosen at run time.
enum Open<C: Cost> {
    Indexed(IndexedFrontier<Key<C>>),
    Lazy(LazyFrontier<Key<C>>),
    Buckets(BucketFrontier<Key<C>, fn(&Key<C>) -> Option<(usize, usize)>>),
}

impl<C: Cost> Open<C> {
    fn new(list: OpenList) -> Self {
        match list {
            OpenList::Indexed => Open::Indexed(IndexedFrontier::new()),
            OpenList::Lazy => Open::Lazy(LazyFrontier::new()),
            OpenList::Buckets => Open::Buckets(BucketFrontier::new(bucket::<C>, true)),
        }
    }

    #[inline]
    fn push(&mut self, id: usize, key: Key<C>) {
        match self {
            Open::Indexed(q) => q.push(id, key),
            Open::Lazy(q) => q.push(id, key),
            Open::Buckets(q) => q.push(id, key),
        }
    }

    #[inline]
    fn pop(&mut self, current: impl Fn(usize) -> Option<Key<C>>) -> Option<(usize, Key<C>)> {
        match self {
            Open::Indexed(q) => q.pop(current),
            Open::Lazy(q) => q.pop(current),
            Open::Buckets(q) => q.pop(current),
        }
    }
}

/// A search in progress: the states reached (closed ones marked), the frontier, the
/// incumbent and the weight.
struct Engine<'p, 'a, P: Problem + ?Sized, H, E> {
    problem: &'p P,
    heuristic: H,
    mon: Monitor<'a, P::Cost>,
    arena: Arena<P::State, P::Action, P::Cost, Meta<P::Cost, P::Cost>>,
    open: Open<P::Cost>,
    open_list: OpenList,
    open_len: usize,
    buf: Successors<P::State, P::Action, P::Cost>,
    looks: Vec<(u64, Lookup)>,
    /// The smallest `g + h` left out for the cost bound, if any.
    pruned: Option<P::Cost>,
    best: Option<Solution<P::State, P::Action, P::Cost>>,
    weight: f64,
    step: f64,
    /// At weight 1, when rounding in `g + w·h` made the frontier's order disagree with
    /// the exact bound: left states are then dropped one by one until none is left.
    draining: bool,
    _expansion: std::marker::PhantomData<E>,
}

impl<'p, 'a, P, H, E> Engine<'p, 'a, P, H, E>
where
    P: Problem + ?Sized,
    H: Heuristic<P>,
    E: Expansion<P>,
{
    fn new<X>(
        problem: &'p P,
        start: P::State,
        heuristic: H,
        config: &AnytimeAStar<'a, P::Cost, X>,
    ) -> Self {
        let mut e = Engine {
            problem,
            mon: Monitor::new(&config.limits),
            arena: Arena::new(),
            open: Open::new(config.open_list),
            open_list: config.open_list,
            open_len: 1,
            buf: Successors::new(),
            looks: Vec::new(),
            pruned: None,
            best: None,
            weight: config.weight,
            step: config.step,
            draining: false,
            heuristic,
            _expansion: std::marker::PhantomData,
        };
        let h = e.heuristic.estimate(&start);
        let id = e.arena.insert_start(
            start,
            Meta {
                g: P::Cost::ZERO,
                h,
            },
        );
        e.open.push(id, key(e.weight, P::Cost::ZERO, h, id));
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
                lb = min(lb, Some(m.g.saturating_add(m.h)));
            }
        }
        lb
    }

    /// The outcome of a search stopped now for `reason`.
    fn stopped(&mut self, reason: StopReason) -> Outcome<P::State, P::Action, P::Cost> {
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

    fn finish(
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

    /// Lowers the weight and re-sorts the frontier for it.
    fn lower_weight(&mut self) {
        self.weight = (self.weight - self.step).max(1.0);
        let mut open = Open::new(self.open_list);
        for id in 0..self.arena.len() {
            if !self.arena.mark(id) {
                let m = self.arena.data(id);
                open.push(id, key(self.weight, m.g, m.h, id));
            }
        }
        self.open = open;
    }

    /// Runs the search until the next better solution (`Ok`) or its end (`Err`).
    fn advance(
        &mut self,
    ) -> Result<Improvement<P::State, P::Action, P::Cost>, Outcome<P::State, P::Action, P::Cost>>
    {
        let zero = P::Cost::ZERO;
        let bound = self.mon.cost_bound();
        loop {
            let popped = {
                let (arena, weight) = (&self.arena, self.weight);
                self.open.pop(|id| {
                    let m = arena.data(id);
                    (!arena.mark(id)).then(|| key(weight, m.g, m.h, id))
                })
            };
            let Some((id, (Reverse(weighted), _, _))) = popped else {
                self.open_len = 0;
                return Err(self.concluded());
            };
            self.open_len -= 1;
            let Meta { g, h } = *self.arena.data(id);
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
                    if self.weight > 1.0 && self.step > 0.0 {
                        self.open_len += 1;
                        self.lower_weight();
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
            arena.lookup_batch(self.buf.iter().map(|s| &s.state), &mut self.looks);
            let (mut inserted, mut full) = (false, false);
            for (succ, &(hash, look)) in self.buf.drain().zip(&self.looks) {
                self.mon.stats.generated += 1;
                let g2 = g.saturating_add(succ.cost);
                // an insertion invalidates the vacancies found before it
                let look = match look {
                    Lookup::Vacant(_) if inserted => arena.lookup(hash, &succ.state),
                    look => look,
                };
                let at = match look {
                    Lookup::Vacant(at) => at,
                    Lookup::Found(cid) => {
                        let (cm, closed) = arena.data_and_mark(cid);
                        let useful = incumbent.is_none_or(|c| g2.saturating_add(cm.h) < c);
                        if g2 < cm.g && useful {
                            cm.g = g2;
                            if *closed {
                                *closed = false;
                                self.mon.stats.reopened += 1;
                            }
                            self.open_len += 1;
                            self.open.push(cid, key(self.weight, g2, cm.h, cid));
                            arena.relink(cid, id, succ.action, succ.cost);
                        } else {
                            self.mon.stats.duplicates += 1;
                        }
                        continue;
                    }
                };
                let h2 = self.heuristic.estimate(&succ.state);
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
                let cid = arena.insert(
                    at,
                    succ.state,
                    id,
                    Some((succ.action, succ.cost)),
                    Meta { g: g2, h: h2 },
                );
                inserted = true;
                self.open.push(cid, key(self.weight, g2, h2, cid));
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

/// The smaller of two optional costs, `None` counting as no bound.
fn min<C: Cost>(a: Option<C>, b: Option<C>) -> Option<C> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}
