//! Bidirectional breadth-first search.

use super::super::ResultOf;
use super::join;
use crate::collections::{hash_of, Arena, Lookup};
use crate::search::{limit_methods, Limits, Monitor, Outcome, Solution, StopReason};
use crate::traits::{Cost, Predecessors, State, Successors};

/// Bidirectional breadth-first search: a solution with the fewest actions from `start` to
/// one of `goals`, found by a breadth-first search forwards from the start and one
/// backwards from the goal states, which expand whole levels in turn, always the smaller
/// frontier, until one generates a state the other has stored.
///
/// When the two searches are `d` and `e` levels deep, with no state in both, every path
/// has more than `d + e` actions; so the first state met, at depth `d + 1` or `e + 1` on
/// the side that generates it and at most `e` or `d` on the other, closes a path with the
/// fewest actions, and the search stops there. Where the number of states within `d` actions
/// grows as `b^d`, the two searches together store on the order of `2·b^(d/2)` states
/// where one breadth-first search stores `b^d`.
///
/// The backward search starts from `goals`:
/// [`Problem::is_goal`](crate::Problem::is_goal) is not called, and only the states listed
/// are goals (a goal state left out of the list is not a goal for this search). If
/// either search runs out of states without meeting the other, no path exists and the
/// search is exhausted. Step costs are not looked at, except to add up the solution's cost.
/// [`BidirectionalBfs`] sets limits.
///
/// # Examples
///
/// ```
/// use heurist::{FnProblem, Symmetric};
///
/// // Knight moves on an 8x8 board from a corner to the opposite corner.
/// let knight = FnProblem::new(
///     |_: &(i8, i8)| false, // not called: the goal states are given
///     |&(r, c): &(i8, i8)| {
///         [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
///             .into_iter()
///             .map(move |(dr, dc)| ((dr, dc), (r + dr, c + dc), 1u32))
///             .filter(|(_, (r, c), _)| (0..8).contains(r) && (0..8).contains(c))
///     },
/// );
/// // every knight move can be undone at the same cost
/// let result = heurist::bidirectional_bfs(&Symmetric(knight), (0, 0), [(7, 7)]);
/// let solution = result.solution().unwrap();
/// assert_eq!(solution.len(), 6);
/// assert_eq!(*solution.goal(), (7, 7));
/// ```
pub fn bidirectional_bfs<P>(
    problem: &P,
    start: P::State,
    goals: impl IntoIterator<Item = P::State>,
) -> ResultOf<P>
where
    P: Predecessors + ?Sized,
{
    BidirectionalBfs::new().search(problem, start, goals)
}

/// The configuration of [`bidirectional_bfs`]: limits.
///
/// [`Stats::stored`](crate::Stats) counts the states of both searches (a state reached
/// by both counts twice) and [`max_states`](Self::max_states) bounds that sum;
/// [`Stats::max_frontier`](crate::Stats) is the largest sum of the two frontiers. Under
/// a cost bound, a state whose path from the start (or to a goal) costs more than the
/// bound is left out, and so is a meeting whose path costs more: the solution then costs
/// at most the bound, but may not have the fewest actions among such paths, and a search
/// that finds none stops with [`StopReason::CostBound`] if it left anything out.
///
/// # Examples
///
/// ```
/// use heurist::{BidirectionalBfs, FnProblem, Symmetric, StopReason};
///
/// let steps = |n: &i32| [((), n - 1, 1u32), ((), n + 1, 1)];
/// let line = Symmetric(FnProblem::new(|_: &i32| false, steps));
/// let r = BidirectionalBfs::new().max_states(50).search(&line, 0, [100]);
/// assert_eq!(r.stop_reason(), Some(StopReason::MaxStates));
/// let r = BidirectionalBfs::new().search(&line, 0, [100]);
/// assert_eq!(r.cost(), Some(100));
/// assert!(r.stats.stored <= 202); // each side about 50 states each way
/// ```
#[derive(Clone, Debug)]
pub struct BidirectionalBfs<'a, C> {
    pub(crate) limits: Limits<'a, C>,
}

impl<C> Default for BidirectionalBfs<'_, C> {
    fn default() -> Self {
        BidirectionalBfs {
            limits: Limits::new(),
        }
    }
}

impl<C> BidirectionalBfs<'_, C> {
    /// No limits.
    pub fn new() -> Self {
        Self::default()
    }
}

impl<'a, C> BidirectionalBfs<'a, C> {
    limit_methods!();

    /// Runs bidirectional breadth-first search on `problem` from `start` to the nearest of
    /// `goals` (a goal given twice counts once; with no goal the search is exhausted at
    /// once).
    pub fn search<P>(
        &self,
        problem: &P,
        start: P::State,
        goals: impl IntoIterator<Item = P::State>,
    ) -> ResultOf<P>
    where
        P: Predecessors<Cost = C> + ?Sized,
        C: Cost,
    {
        run(problem, start, goals, &self.limits)
    }
}

/// How the expansion of a level ended.
enum Level {
    /// Every state of the level was expanded.
    Done,
    /// The state just stored (this side's id) is stored on the other side too (its id).
    Met(usize, usize),
    /// A limit stopped the search.
    Stop(StopReason),
}

/// One side's nodes: each with the cost of its path from the root of its side (the start,
/// or a goal), which only a cost bound reads.
type BfsArena<S, A, C> = Arena<S, A, C, C>;

/// What one side's level expansion is told besides the two stores.
struct SideExpansion<'m, 'a, C> {
    mon: &'m mut Monitor<'a, C>,
    cost_bound: Option<C>,
    /// Whether anything was left out for the cost bound.
    limited: bool,
}

impl<C: Cost> SideExpansion<'_, '_, C> {
    /// Expands the level `from..` (to the end of `mine`) with `expand`, storing in `mine`
    /// the states new to it, each with its step's action as `link` keeps it, until one is
    /// stored in `other` too.
    fn level<S: State, A, B: Clone, O: Clone>(
        &mut self,
        mine: &mut BfsArena<S, B, C>,
        other: &BfsArena<S, O, C>,
        from: usize,
        buf: &mut Successors<S, A, C>,
        mut expand: impl FnMut(&S, &mut Successors<S, A, C>),
        link: impl Fn(A) -> B,
    ) -> Level {
        let end = mine.len();
        for id in from..end {
            self.mon.stats.stored = mine.len() + other.len();
            if let Some(reason) = self.mon.check() {
                return Level::Stop(reason);
            }
            self.mon.stats.expanded += 1;
            buf.clear();
            expand(mine.state(id), buf);
            self.mon.stats.generated += buf.len() as u64;
            let g = *mine.data(id);
            for succ in buf.drain() {
                let hash = hash_of(&succ.state);
                let at = match mine.lookup(hash, &succ.state) {
                    Lookup::Found(_) => {
                        self.mon.stats.duplicates += 1;
                        continue;
                    }
                    Lookup::Vacant(at) => at,
                };
                let g2 = g.saturating_add(succ.cost);
                if self.cost_bound.is_some_and(|b| g2 > b) {
                    self.limited = true;
                    continue;
                }
                let mut met = match other.lookup(hash, &succ.state) {
                    Lookup::Found(o) => Some(o),
                    Lookup::Vacant(_) => None,
                };
                if let (Some(b), Some(o)) = (self.cost_bound, met) {
                    if g2.saturating_add(*other.data(o)) > b {
                        self.limited = true;
                        met = None;
                    }
                }
                if self.mon.full(mine.len() + other.len()) || mine.is_full() {
                    self.mon.stats.stored = mine.len() + other.len();
                    return Level::Stop(StopReason::MaxStates);
                }
                // (the vacancy is still valid: nothing was stored since the lookup)
                let link = Some((link(succ.action), succ.cost));
                let cid = mine.insert(at, succ.state, id, link, g2);
                if let Some(o) = met {
                    self.mon.stats.stored = mine.len() + other.len();
                    return Level::Met(cid, o);
                }
            }
        }
        Level::Done
    }
}

/// The engine: both searches, one level at a time, the side with the smaller frontier.
fn run<P>(
    problem: &P,
    start: P::State,
    goals: impl IntoIterator<Item = P::State>,
    limits: &Limits<'_, P::Cost>,
) -> ResultOf<P>
where
    P: Predecessors + ?Sized,
{
    let zero = P::Cost::ZERO;
    let mut mon = Monitor::new(limits);
    let mut back: BfsArena<P::State, (), P::Cost> = Arena::new();
    for goal in goals {
        back.insert_start(goal, zero);
    }
    if back.len() == 0 {
        return mon.finish(Outcome::Exhausted);
    }
    if let Lookup::Found(_) = back.lookup(hash_of(&start), &start) {
        mon.stats.stored = back.len() + 1;
        return mon.finish(Outcome::Found(Solution::from_steps(start, Vec::new())));
    }
    let mut fwd: BfsArena<P::State, P::Action, P::Cost> = Arena::new();
    fwd.insert_start(start, zero);
    let mut buf = Successors::new();
    let mut side = SideExpansion {
        cost_bound: mon.cost_bound(),
        mon: &mut mon,
        limited: false,
    };
    // the first node of each side's current level
    let (mut f_from, mut b_from) = (0, 0);
    let (fwd_id, back_id) = loop {
        let (f_size, b_size) = (fwd.len() - f_from, back.len() - b_from);
        side.mon.stats.max_frontier = side.mon.stats.max_frontier.max(f_size + b_size);
        if f_size == 0 || b_size == 0 {
            // one side has every state it can reach, none of them stored by the other
            let limited = side.limited;
            mon.stats.stored = fwd.len() + back.len();
            return if limited {
                mon.stopped(StopReason::CostBound, None)
            } else {
                mon.finish(Outcome::Exhausted)
            };
        }
        let level = if f_size <= b_size {
            let end = fwd.len();
            let expand = |s: &P::State, out: &mut _| problem.successors(s, out);
            let level = side.level(&mut fwd, &back, f_from, &mut buf, expand, |a| a);
            f_from = end;
            level
        } else {
            let end = back.len();
            let expand = |s: &P::State, out: &mut _| problem.predecessors(s, out);
            let level = side.level(&mut back, &fwd, b_from, &mut buf, expand, |_| ());
            b_from = end;
            match level {
                Level::Met(b, f) => Level::Met(f, b),
                other => other,
            }
        };
        match level {
            Level::Done => {}
            Level::Met(f, b) => break (f, b),
            Level::Stop(reason) => return mon.stopped(reason, None),
        }
    };
    mon.stats.stored = fwd.len() + back.len();
    match join(
        problem,
        fwd.solution(fwd_id),
        back.solution(back_id),
        &mut buf,
    ) {
        Some(solution) => mon.finish(Outcome::Found(solution)),
        None => mon.stopped(StopReason::InconsistentProblem, None),
    }
}
