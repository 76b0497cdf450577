//! MM: bidirectional heuristic search that meets in the middle.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::super::ResultOf;
use super::join;
use crate::collections::{hash_of, Arena, Lookup};
use crate::search::{limit_methods, Limits, Monitor, Outcome, Solution, StopReason};
use crate::traits::{Cost, Heuristic, Predecessors, State, Successors};

/// MM (Holte, Felner, Sharon and Sturtevant, "Bidirectional Search That Is Guaranteed to
/// Meet in the Middle", AAAI 2016): a least-cost path from `start` to one of `goals`,
/// found by a forward search guided by `h_forward` (an estimate of the cost from a state to
/// the nearest goal) and a backward search guided by `h_backward` (an estimate of the cost
/// from the start to a state).
///
/// Each side orders its frontier by `max(g + h, 2g)`, so that neither side expands a state
/// beyond the middle of an optimal path, and MM expands a state of the least priority of
/// both sides. Whenever a side stores a state the other side has stored, the two paths
/// make a solution; the best one found, of cost `U`, is returned once `U` is at most the
/// largest of four lower bounds on the cost of any solution not yet seen: the least
/// priority, each side's least `g + h`, and the sum of the sides' least `g` plus the
/// smallest step cost ([`Mm::min_step_cost`], zero unless declared).
///
/// With admissible heuristics in both directions the solution is optimal (also when they
/// are inconsistent: a closed state reached again by a cheaper path is reopened); with
/// zero heuristics MM is a bidirectional Dijkstra's algorithm. Step costs must not be
/// negative: a negative step stops the search with [`StopReason::NegativeCost`]. The
/// backward search starts from `goals`; [`Problem::is_goal`](crate::Problem::is_goal) is
/// not called (a goal state left out of the list is not a goal for this search). If either side runs
/// out of states first, the best solution found is optimal, and without one there is none.
///
/// # Examples
///
/// ```
/// use heurist::{FnProblem, Symmetric};
///
/// // An open grid, from (0, 0) to (6, 4); every step costs 1 and can be undone.
/// let grid = Symmetric(FnProblem::new(
///     |_: &(i32, i32)| false,
///     |&(x, y): &(i32, i32)| {
///         [(1, 0), (-1, 0), (0, 1), (0, -1)]
///             .map(|(dx, dy)| ((dx, dy), (x + dx, y + dy), 1u32))
///             .into_iter()
///             .filter(|(_, (x, y), _)| (0..10).contains(x) && (0..10).contains(y))
///     },
/// ));
/// let to_goal = |&(x, y): &(i32, i32)| (6 - x).unsigned_abs() + (4 - y).unsigned_abs();
/// let from_start = |&(x, y): &(i32, i32)| x.unsigned_abs() + y.unsigned_abs();
/// let result = heurist::mm(&grid, (0, 0), [(6, 4)], to_goal, from_start);
/// assert_eq!(result.cost(), Some(10));
/// ```
pub fn mm<P, F, G>(
    problem: &P,
    start: P::State,
    goals: impl IntoIterator<Item = P::State>,
    h_forward: F,
    h_backward: G,
) -> ResultOf<P>
where
    P: Predecessors + ?Sized,
    F: Fn(&P::State) -> P::Cost,
    G: Fn(&P::State) -> P::Cost,
{
    Mm::new().search(problem, start, goals, h_forward, h_backward)
}

/// The configuration of [`mm`]: limits and the smallest step cost.
///
/// [`Stats::stored`](crate::Stats) counts the states of both sides (a state stored by
/// both counts twice) and [`max_states`](Self::max_states) bounds that sum. When stopped by
/// a limit, the result carries a proven lower bound on the optimal cost (valid with
/// admissible heuristics): the least of the best solution found so far and the bound MM
/// stops at. Under a cost bound, states whose `g + h` exceeds it are left out on either
/// side, and so are solutions that cost more; a search that finds none stops with
/// [`StopReason::CostBound`] and the least cost it can prove (without a lower bound if it
/// was stopped by another limit).
///
/// # Examples
///
/// ```
/// use heurist::{FnProblem, Mm, Symmetric, StopReason, Zero};
///
/// let steps = |n: &i64| [((), n - 1, 2u64), ((), n + 1, 2)];
/// let line = Symmetric(FnProblem::new(|_: &i64| false, steps));
/// let zero = |_: &i64| 0;
/// let r = Mm::new().min_step_cost(2).search(&line, 0, [25], zero, zero);
/// assert_eq!(r.cost(), Some(50));
///
/// let stopped = Mm::new().max_expansions(10).search(&line, 0, [25], zero, zero);
/// assert_eq!(stopped.stop_reason(), Some(StopReason::MaxExpansions));
/// assert!(stopped.lower_bound().unwrap() <= 50);
///
/// let bounded = Mm::new().cost_bound(40).search(&line, 0, [25], Zero, Zero);
/// assert_eq!(bounded.stop_reason(), Some(StopReason::CostBound));
/// ```
#[derive(Clone, Debug)]
pub struct Mm<'a, C> {
    pub(crate) limits: Limits<'a, C>,
    pub(crate) min_step_cost: Option<C>,
}

impl<C> Default for Mm<'_, C> {
    fn default() -> Self {
        Mm {
            limits: Limits::new(),
            min_step_cost: None,
        }
    }
}

impl<C> Mm<'_, C> {
    /// No limits, no declared smallest step cost.
    pub fn new() -> Self {
        Self::default()
    }
}

impl<'a, C> Mm<'a, C> {
    limit_methods!();

    /// Declares that every step costs at least `epsilon` (the default is zero). MM then
    /// knows that a solution not yet seen costs at least the least `g` of each side plus
    /// `epsilon`, and can stop earlier (by up to a whole level on unit-cost problems). A
    /// step the search generates that costs less stops it with
    /// [`StopReason::InconsistentProblem`]; steps it never generates, it cannot check,
    /// so declare only what holds for the whole space.
    pub fn min_step_cost(mut self, epsilon: C) -> Self {
        self.min_step_cost = Some(epsilon);
        self
    }

    /// Runs MM on `problem` from `start` to the cheapest of `goals` (a goal given twice
    /// counts once; with no goal the search is exhausted at once), guided forwards by
    /// `h_forward` (to the goals) and backwards by `h_backward` (from the start).
    pub fn search<P, F, G>(
        &self,
        problem: &P,
        start: P::State,
        goals: impl IntoIterator<Item = P::State>,
        h_forward: F,
        h_backward: G,
    ) -> ResultOf<P>
    where
        P: Predecessors<Cost = C> + ?Sized,
        C: Cost,
        F: Heuristic<P>,
        G: Heuristic<P>,
    {
        let epsilon = self.min_step_cost.unwrap_or(C::ZERO);
        run(
            problem,
            start,
            goals,
            &h_forward,
            &h_backward,
            epsilon,
            &self.limits,
        )
    }
}

/// What a side keeps per state besides the arena's flag, which says whether it is closed.
struct MmMeta<C> {
    g: C,
    h: C,
}

/// MM's priority of a state: `max(g + h, 2g)`.
#[inline]
fn priority<C: Cost>(g: C, h: C) -> C {
    g.saturating_add(h).max(g.saturating_add(g))
}

/// One side of the search: its states and three queues over its open ones, each with lazy
/// deletion (an entry whose state is closed, or has another `g` now, is outdated).
struct Side<S, A, C> {
    nodes: Arena<S, A, C, MmMeta<C>>,
    /// By priority, then larger `g`: the next state to expand.
    by_priority: BinaryHeap<Reverse<(C, Reverse<C>, u32)>>,
    /// By `g + h`.
    by_f: BinaryHeap<Reverse<(C, C, u32)>>,
    /// By `g`.
    by_g: BinaryHeap<Reverse<(C, u32)>>,
    open: usize,
    /// The least `g + h` left out for the cost bound.
    pruned: Option<C>,
}

impl<S: State, A: Clone, C: Cost> Side<S, A, C> {
    fn new() -> Self {
        Side {
            nodes: Arena::new(),
            by_priority: BinaryHeap::new(),
            by_f: BinaryHeap::new(),
            by_g: BinaryHeap::new(),
            open: 0,
            pruned: None,
        }
    }

    /// Queues node `id`, open with path cost `g` and estimate `h`.
    fn push(&mut self, id: usize, g: C, h: C) {
        let id32 = id as u32;
        self.by_priority
            .push(Reverse((priority(g, h), Reverse(g), id32)));
        self.by_f.push(Reverse((g.saturating_add(h), g, id32)));
        self.by_g.push(Reverse((g, id32)));
    }

    /// Whether node `id` is open with path cost `g`.
    fn current(&self, id: u32, g: C) -> bool {
        let id = id as usize;
        !self.nodes.mark(id) && self.nodes.data(id).g == g
    }

    /// The least priority and a node that has it (larger `g` first), if any is open.
    fn least_priority(&mut self) -> Option<(C, usize)> {
        while let Some(&Reverse((p, Reverse(g), id))) = self.by_priority.peek() {
            if self.current(id, g) {
                return Some((p, id as usize));
            }
            self.by_priority.pop();
        }
        None
    }

    /// The least `g + h` of an open node.
    fn least_f(&mut self) -> Option<C> {
        while let Some(&Reverse((f, g, id))) = self.by_f.peek() {
            if self.current(id, g) {
                return Some(f);
            }
            self.by_f.pop();
        }
        None
    }

    /// The least `g` of an open node.
    fn least_g(&mut self) -> Option<C> {
        while let Some(&Reverse((g, id))) = self.by_g.peek() {
            if self.current(id, g) {
                return Some(g);
            }
            self.by_g.pop();
        }
        None
    }

    /// Stores a root (the start, or a goal) with estimate `h`.
    fn add_root(&mut self, state: S, h: C) {
        let stored = self.nodes.len();
        let id = self.nodes.insert_start(state, MmMeta { g: C::ZERO, h });
        if self.nodes.len() > stored {
            self.push(id, C::ZERO, h);
            self.open += 1;
        }
    }
}

/// The state of a run besides the two sides.
struct MmRun<'m, 'a, C> {
    mon: &'m mut Monitor<'a, C>,
    cost_bound: Option<C>,
    epsilon: C,
    /// The cheapest solution found: its cost and the meeting state's forward and backward
    /// node ids.
    best: Option<(C, usize, usize)>,
    /// The cheapest solution left out for the cost bound.
    rejected: Option<C>,
}

/// `a`, lowered to `b`.
fn lowered<C: Cost>(a: Option<C>, b: C) -> Option<C> {
    Some(a.map_or(b, |a| a.min(b)))
}

impl<C: Cost> MmRun<'_, '_, C> {
    /// Expands node `id` of `mine` (the forward side if `forward`), whose entry in the
    /// priority queue was taken, with `expand`, estimating new states with `h`; keeps the
    /// steps' actions as `link` says. Records every solution through a state stored by
    /// `other`. `Some` with a reason if the search must stop.
    #[allow(clippy::too_many_arguments)]
    fn expand<S: State, A, B: Clone, O: Clone>(
        &mut self,
        mine: &mut Side<S, B, C>,
        other: &Side<S, O, C>,
        id: usize,
        forward: bool,
        buf: &mut Successors<S, A, C>,
        expand: impl FnOnce(&S, &mut Successors<S, A, C>),
        link: impl Fn(A) -> B,
        h: impl Fn(&S) -> C,
    ) -> Option<StopReason> {
        mine.nodes.set_mark(id, true);
        mine.open -= 1;
        self.mon.stats.expanded += 1;
        buf.clear();
        expand(mine.nodes.state(id), buf);
        if buf.iter().any(|s| s.cost < C::ZERO) {
            return Some(StopReason::NegativeCost);
        }
        if buf.iter().any(|s| s.cost < self.epsilon) {
            return Some(StopReason::InconsistentProblem);
        }
        let g = mine.nodes.data(id).g;
        for succ in buf.drain() {
            self.mon.stats.generated += 1;
            let g2 = g.saturating_add(succ.cost);
            let hash = hash_of(&succ.state);
            let met = match other.nodes.lookup(hash, &succ.state) {
                Lookup::Found(o) => Some(o),
                Lookup::Vacant(_) => None,
            };
            let cid = match mine.nodes.lookup(hash, &succ.state) {
                Lookup::Found(cid) => {
                    let (m, closed) = mine.nodes.data_and_mark(cid);
                    if g2 >= m.g {
                        self.mon.stats.duplicates += 1;
                        continue;
                    }
                    m.g = g2;
                    let h2 = m.h;
                    if *closed {
                        *closed = false;
                        self.mon.stats.reopened += 1;
                        mine.open += 1;
                    }
                    mine.nodes.relink(cid, id, link(succ.action), succ.cost);
                    mine.push(cid, g2, h2);
                    cid
                }
                Lookup::Vacant(at) => {
                    let h2 = h(&succ.state);
                    let f2 = g2.saturating_add(h2);
                    if self.cost_bound.is_some_and(|b| f2 > b) {
                        mine.pruned = lowered(mine.pruned, f2);
                        continue;
                    }
                    if self.mon.full(mine.nodes.len() + other.nodes.len()) || mine.nodes.is_full() {
                        return Some(StopReason::MaxStates);
                    }
                    let link = Some((link(succ.action), succ.cost));
                    let cid = mine
                        .nodes
                        .insert(at, succ.state, id, link, MmMeta { g: g2, h: h2 });
                    mine.push(cid, g2, h2);
                    mine.open += 1;
                    cid
                }
            };
            if let Some(o) = met {
                let total = g2.saturating_add(other.nodes.data(o).g);
                if self.cost_bound.is_some_and(|b| total > b) {
                    self.rejected = lowered(self.rejected, total);
                } else if self.best.is_none_or(|(u, ..)| total < u) {
                    let (f, b) = if forward { (cid, o) } else { (o, cid) };
                    self.best = Some((total, f, b));
                }
            }
        }
        None
    }
}

/// The engine: MM's main loop.
fn run<P, F, G>(
    problem: &P,
    start: P::State,
    goals: impl IntoIterator<Item = P::State>,
    h_forward: &F,
    h_backward: &G,
    epsilon: P::Cost,
    limits: &Limits<'_, P::Cost>,
) -> ResultOf<P>
where
    P: Predecessors + ?Sized,
    F: Heuristic<P>,
    G: Heuristic<P>,
{
    let mut mon = Monitor::new(limits);
    let mut back: Side<P::State, (), P::Cost> = Side::new();
    for goal in goals {
        let h = h_backward.estimate(&goal);
        back.add_root(goal, h);
    }
    if back.nodes.len() == 0 {
        return mon.finish(Outcome::Exhausted);
    }
    if let Lookup::Found(_) = back.nodes.lookup(hash_of(&start), &start) {
        mon.stats.stored = back.nodes.len() + 1;
        return mon.finish(Outcome::Found(Solution::from_steps(start, Vec::new())));
    }
    let mut fwd: Side<P::State, P::Action, P::Cost> = Side::new();
    let h = h_forward.estimate(&start);
    fwd.add_root(start, h);
    let mut buf = Successors::new();
    let mut run = MmRun {
        cost_bound: mon.cost_bound(),
        mon: &mut mon,
        epsilon,
        best: None,
        rejected: None,
    };
    let stop = loop {
        run.mon.stats.stored = fwd.nodes.len() + back.nodes.len();
        run.mon.stats.max_frontier = run.mon.stats.max_frontier.max(fwd.open + back.open);
        let (Some((pf, f_id)), Some((pb, b_id))) = (fwd.least_priority(), back.least_priority())
        else {
            // one side has every state it can reach (within the cost bound): the best
            // solution through them is the best there is
            break None;
        };
        let c = pf.min(pb);
        let gs = fwd.least_g().unwrap_or(c);
        let gs = gs.saturating_add(back.least_g().unwrap_or(c));
        let lb = c
            .max(fwd.least_f().unwrap_or(c))
            .max(back.least_f().unwrap_or(c))
            .max(gs.saturating_add(epsilon));
        if run.best.is_some_and(|(u, ..)| u <= lb) {
            break None;
        }
        let bound = run.best.map_or(lb, |(u, ..)| u.min(lb));
        if let Some(reason) = run.mon.check() {
            break Some((reason, bound));
        }
        // the side with the least priority; on a tie, the one with fewer open states
        let stopped = if pf < pb || (pf == pb && fwd.open <= back.open) {
            fwd.by_priority.pop();
            let expand = |s: &P::State, out: &mut _| problem.successors(s, out);
            let h = |s: &P::State| h_forward.estimate(s);
            run.expand(&mut fwd, &back, f_id, true, &mut buf, expand, |a| a, h)
        } else {
            back.by_priority.pop();
            let expand = |s: &P::State, out: &mut _| problem.predecessors(s, out);
            let h = |s: &P::State| h_backward.estimate(s);
            run.expand(&mut back, &fwd, b_id, false, &mut buf, expand, |_| (), h)
        };
        if let Some(reason) = stopped {
            break Some((reason, bound));
        }
    };
    let (best, rejected) = (run.best, run.rejected);
    mon.stats.stored = fwd.nodes.len() + back.nodes.len();
    if let Some((reason, bound)) = stop {
        let unproven = matches!(
            reason,
            StopReason::NegativeCost | StopReason::InconsistentProblem
        ) || mon.cost_bound().is_some();
        return mon.stopped(reason, Some(bound).filter(|_| !unproven));
    }
    if let Some((_, f_id, b_id)) = best {
        let solution = join(
            problem,
            fwd.nodes.solution(f_id),
            back.nodes.solution(b_id),
            &mut buf,
        );
        return match solution {
            Some(solution) => mon.finish(Outcome::Found(solution)),
            None => mon.stopped(StopReason::InconsistentProblem, None),
        };
    }
    // no solution within the cost bound: any other costs at least what the side that ran
    // out of states left out, or a solution through both sides that was left out
    let exhausted = if fwd.least_priority().is_none() {
        &fwd.pruned
    } else {
        &back.pruned
    };
    let left_out = match (*exhausted, rejected) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    match left_out {
        Some(bound) => mon.stopped(StopReason::CostBound, Some(bound)),
        None => mon.finish(Outcome::Exhausted),
    }
}
