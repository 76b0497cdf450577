//! Anytime weighted A*: a first solution fast, then better ones, each with a proven bound.

use std::marker::PhantomData;

use std::ops::ControlFlow;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::search::{
    limit_methods, Limits, OpenList, Outcome, SearchResult, Solution, Stats, StopReason,
};
use crate::traits::{AllMoves, Cost, Expansion, Heuristic, Problem};

mod engine;
use engine::Engine;

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
/// `g`, or was left out for a [cost bound](AnytimeAStar::cost_bound) (the smallest `g + h`
/// left out counts), or the incumbent is optimal. So the smallest `g + h` in the frontier
/// (and the incumbent's cost) is a proven lower bound whenever it is read, and the search
/// ends with the optimum. A weight step of 0 keeps the weight (Hansen & Zhou's algorithm as
/// published); an infinite step drops it to 1 after the first solution. The invariant
/// does not depend on the order of expansion, so the frontier may also be ordered by a
/// second, inadmissible estimate while the weight is above 1
/// ([`iter_guided`](AnytimeAStar::iter_guided)): a well-informed inadmissible estimate
/// finds good solutions sooner, and the bounds stay those of the admissible heuristic.
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
    bound_report: Option<BoundReport<'a, C>>,
    expansion: PhantomData<E>,
}

/// A callback for the lower bound proven so far, and how often to call it.
pub(super) struct BoundReport<'a, C> {
    pub(super) every: Duration,
    pub(super) report: Arc<Mutex<dyn FnMut(C, Duration) + Send + 'a>>,
}

impl<C> Clone for BoundReport<'_, C> {
    fn clone(&self) -> Self {
        BoundReport {
            every: self.every,
            report: Arc::clone(&self.report),
        }
    }
}

impl<C> std::fmt::Debug for BoundReport<'_, C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BoundReport")
            .field("every", &self.every)
            .finish_non_exhaustive()
    }
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
            bound_report: None,
            expansion: PhantomData,
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

    /// Calls `report` about every `every` with the lower bound proven so far (valid with
    /// an admissible heuristic) and the time since the start: between two better
    /// solutions, how the bound rises. Each call costs one pass over the stored states.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// use heurist::{AnytimeAStar, FnProblem};
    ///
    /// let p = FnProblem::new(|n: &u64| *n == 5_000, |n: &u64| [((), n + 1, 1u64), ((), n + 7, 5)]);
    /// let mut bounds = Vec::new();
    /// let r = AnytimeAStar::new(3.0)
    ///     .on_lower_bound(Duration::ZERO, |bound, _elapsed| bounds.push(bound))
    ///     .search(&p, 0, |_: &u64| 0);
    /// let optimum = r.cost().unwrap();
    /// assert!(r.is_optimal());
    /// assert!(!bounds.is_empty() && bounds.iter().all(|&b| b <= optimum));
    /// ```
    pub fn on_lower_bound(
        mut self,
        every: Duration,
        report: impl FnMut(C, Duration) + Send + 'a,
    ) -> Self {
        self.bound_report = Some(BoundReport {
            every,
            report: Arc::new(Mutex::new(report)),
        });
        self
    }

    /// Which priority queue holds the frontier (default [`OpenList::Buckets`], which files
    /// the keys that are small whole numbers, those of weight 1 for integer costs, in
    /// buckets, and the others in a binary heap).
    pub fn open_list(mut self, open_list: OpenList) -> Self {
        self.open_list = open_list;
        self
    }

    crate::algorithms::expansion_methods!(
        /// Expand each state without the successors that the action into it makes redundant
        /// ([`MovePruning`](crate::MovePruning)); the search still ends with the optimum.
        AnytimeAStar { limits, open_list, weight, step, bound_report }
    );

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
        on_better: impl FnMut(Improvement<P::State, P::Action, P::Cost>) -> ControlFlow<()>,
    ) -> AnytimeResult<P::State, P::Action, P::Cost>
    where
        P: Problem<Cost = C> + ?Sized,
        C: Cost,
        H: Heuristic<P>,
        E: Expansion<P>,
    {
        self.iter(problem, start, heuristic).drive(on_better)
    }

    /// [`search_with`](Self::search_with), the frontier ordered by `g + w·guide` while the
    /// weight is above 1 ([`iter_guided`](Self::iter_guided)).
    pub fn search_guided_with<P, H, G>(
        &self,
        problem: &P,
        start: P::State,
        heuristic: H,
        guide: G,
        on_better: impl FnMut(Improvement<P::State, P::Action, P::Cost>) -> ControlFlow<()>,
    ) -> AnytimeResult<P::State, P::Action, P::Cost>
    where
        P: Problem<Cost = C> + ?Sized,
        C: Cost,
        H: Heuristic<P>,
        G: Heuristic<P>,
        E: Expansion<P>,
    {
        self.iter_guided(problem, start, heuristic, guide)
            .drive(on_better)
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
        self.start(problem, start, heuristic, NoGuide)
    }

    /// [`iter`](Self::iter) with a second estimate, `guide`, which orders the frontier
    /// (by `g + w·guide`) while the weight is above 1; `heuristic` alone decides what is
    /// left out and the lower bounds, and orders the frontier at weight 1. The guide need
    /// not be admissible: an inadmissible but well-informed one (a relaxed plan, ...) often
    /// finds good solutions far sooner, and the bounds and the final optimum stay proven
    /// by `heuristic`. (With a starting weight of 1 the guide is never used.)
    ///
    /// # Examples
    ///
    /// ```
    /// use heurist::{AnytimeAStar, FnProblem};
    ///
    /// let steps = |n: &u32| [(1, 2u32), (5, 6), (12, 16)].map(|(d, c)| ((), n + d, c)).into_iter().filter(|s| s.1 <= 60);
    /// let p = FnProblem::new(|n: &u32| *n == 60, steps);
    /// let admissible = |n: &u32| (60 - n) * 6 / 5;
    /// let eager = |n: &u32| (60 - n) * 3; // overestimates
    /// let mut run = AnytimeAStar::new(2.0).iter_guided(&p, 1, admissible, eager);
    /// for better in &mut run {
    ///     assert!(better.lower_bound <= 74); // the optimum: 12 + 12 + 5 x 7 units, cost 74
    /// }
    /// let r = run.into_result();
    /// assert!(r.is_optimal());
    /// assert_eq!(r.cost(), Some(74));
    /// assert_eq!(r.cost(), heurist::astar(&p, 1, admissible).cost());
    /// ```
    pub fn iter_guided<'p, P, H, G>(
        &self,
        problem: &'p P,
        start: P::State,
        heuristic: H,
        guide: G,
    ) -> Improvements<'p, 'a, P, H, E, Guided<G>>
    where
        P: Problem<Cost = C> + ?Sized,
        C: Cost,
        H: Heuristic<P>,
        G: Heuristic<P>,
        E: Expansion<P>,
    {
        self.start(problem, start, heuristic, Guided(guide))
    }

    fn start<'p, P, H, G>(
        &self,
        problem: &'p P,
        start: P::State,
        heuristic: H,
        guide: G,
    ) -> Improvements<'p, 'a, P, H, E, G>
    where
        P: Problem<Cost = C> + ?Sized,
        C: Cost,
        H: Heuristic<P>,
        G: Guide<P>,
        E: Expansion<P>,
    {
        let valid = self.weight >= 1.0 && self.weight.is_finite() && self.step >= 0.0;
        if !valid {
            let result = SearchResult::refused(StopReason::InvalidWeight, Stats::default());
            return Improvements {
                engine: None,
                end: Some(AnytimeResult { result, best: None }),
            };
        }
        let engine = Engine::new(problem, start, heuristic, guide, self);
        Improvements {
            engine: Some(engine),
            end: None,
        }
    }
}

/// What orders the frontier of anytime A* while the weight is above 1: the heuristic
/// itself ([`NoGuide`]) or a second estimate ([`Guided`]). Not implemented outside this
/// crate.
pub trait Guide<P: Problem + ?Sized>: sealed::Sealed {
    /// What a node keeps of the guide's estimate.
    #[doc(hidden)]
    type Kept: Copy;
    /// The guide's estimate of `state`, whose heuristic estimate is `h`, as kept.
    #[doc(hidden)]
    fn keep(&self, state: &P::State, h: P::Cost) -> Self::Kept;
    /// The guide's estimate from what was kept and the heuristic estimate `h`.
    #[doc(hidden)]
    fn value(kept: Self::Kept, h: P::Cost) -> P::Cost;
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for super::NoGuide {}
    impl<G> Sealed for super::Guided<G> {}
}

/// No guide: the heuristic orders the frontier ([`AnytimeAStar::iter`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct NoGuide;

/// A guide, a second estimate that orders the frontier while the weight is above 1
/// ([`AnytimeAStar::iter_guided`]).
#[derive(Clone, Copy, Debug)]
pub struct Guided<G>(pub G);

impl<P: Problem + ?Sized> Guide<P> for NoGuide {
    type Kept = ();
    #[inline(always)]
    fn keep(&self, _: &P::State, _: P::Cost) {}
    #[inline(always)]
    fn value(_: (), h: P::Cost) -> P::Cost {
        h
    }
}

impl<P: Problem + ?Sized, G: Heuristic<P>> Guide<P> for Guided<G> {
    type Kept = P::Cost;
    #[inline]
    fn keep(&self, state: &P::State, _: P::Cost) -> P::Cost {
        self.0.estimate(state)
    }
    #[inline(always)]
    fn value(kept: P::Cost, _: P::Cost) -> P::Cost {
        kept
    }
}

/// The better solutions of an anytime search, as they are found ([`AnytimeAStar::iter`]).
pub struct Improvements<'p, 'a, P: Problem + ?Sized, H, E, G: Guide<P> = NoGuide> {
    engine: Option<Engine<'p, 'a, P, H, E, G>>,
    end: Option<AnytimeResult<P::State, P::Action, P::Cost>>,
}

impl<P, H, E, G> Iterator for Improvements<'_, '_, P, H, E, G>
where
    P: Problem + ?Sized,
    H: Heuristic<P>,
    E: Expansion<P>,
    G: Guide<P>,
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

impl<P, H, E, G> Improvements<'_, '_, P, H, E, G>
where
    P: Problem + ?Sized,
    H: Heuristic<P>,
    E: Expansion<P>,
    G: Guide<P>,
{
    /// Runs the search to its end, calling `on_better` with each better solution; a
    /// [`ControlFlow::Break`] stops it ([`StopReason::Cancelled`]).
    fn drive(
        mut self,
        mut on_better: impl FnMut(Improvement<P::State, P::Action, P::Cost>) -> ControlFlow<()>,
    ) -> AnytimeResult<P::State, P::Action, P::Cost> {
        while let Some(better) = self.next() {
            if on_better(better).is_break() {
                return self.stop(StopReason::Cancelled);
            }
        }
        self.into_result()
    }

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

/// The smaller of two optional costs, `None` counting as no bound.
fn min<C: Cost>(a: Option<C>, b: Option<C>) -> Option<C> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}
