//! The number of paths from a start to the goals of an acyclic state space.

use std::error::Error;
use std::fmt;

use rustc_hash::FxHashMap;

use crate::algorithms::dfs::Dfs;
use crate::algorithms::frames::{self, Frame};
use crate::search::{Monitor, Outcome, StopReason};
use crate::traits::{Cost, Problem};

/// Why [`count_paths`] or [`Dfs::count_paths`] gives no count.
///
/// # Examples
///
/// ```
/// use heurist::CountError;
/// use heurist::{FnProblem, StopReason};
///
/// // Climbing from 1 to 200 or beyond in steps of one or two: there are more ways than a
/// // `u128` holds.
/// let steps = FnProblem::unit(|n: &u32| *n >= 200, |n: &u32| [n + 1, n + 2]);
/// let error = heurist::count_paths(&steps, 1).unwrap_err();
/// assert_eq!(error, CountError::Overflow);
/// assert_eq!(error.to_string(), "more paths than a u128 holds");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum CountError<S> {
    /// The states reached from the start without passing through a goal include a cycle
    /// through this state, so the paths cannot be counted (there are endless walks). It is
    /// reported whether or not a goal can be reached from the cycle.
    Cycle(S),
    /// There are more paths than `u128::MAX`.
    Overflow,
    /// A limit of the configuration stopped the count before it was done.
    Stopped(StopReason),
}

impl<S: fmt::Debug> fmt::Display for CountError<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CountError::Cycle(state) => write!(f, "the state space has a cycle through {state:?}"),
            CountError::Overflow => f.write_str("more paths than a u128 holds"),
            CountError::Stopped(reason) => write!(f, "the count was stopped: {reason}"),
        }
    }
}

impl<S: fmt::Debug> Error for CountError<S> {}

/// The number of distinct paths from `start` to the goal states of an acyclic state space.
///
/// A path ends at the first goal it reaches: a goal counts as one path end, and its
/// successors are not followed (so the start, if it is a goal, makes the count 1). Paths
/// are sequences of steps: two actions from one state to the same next state make two
/// paths. Costs play no part.
///
/// Each state is expanded once, its count kept, by a depth-first walk that keeps its path
/// in a vector rather than on the call stack, so deep spaces are fine; memory is one count
/// per state reached and the successors of the states on the path. A cycle among the
/// states reached (without passing through a goal) and a count above `u128::MAX` are
/// errors ([`CountError`]).
///
/// # Examples
///
/// ```
/// use heurist::CountError;
/// use heurist::FnProblem;
///
/// // Moving east or north on a board of `w` by `h` points.
/// let moves = |w: u8, h: u8| {
///     move |&(x, y): &(u8, u8)| {
///         [(x + 1, y), (x, y + 1)].into_iter().filter(move |&(x, y)| x < w && y < h)
///     }
/// };
///
/// // From (0, 0) to (3, 3): 6 choose 3 paths.
/// let grid = FnProblem::unit(|&p: &(u8, u8)| p == (3, 3), moves(4, 4));
/// assert_eq!(heurist::count_paths(&grid, (0, 0)), Ok(20));
///
/// // A goal ends a path: with the whole east edge as goals, each path stops there.
/// let east = FnProblem::unit(|&(x, _): &(u8, u8)| x == 3, moves(4, 2));
/// assert_eq!(heurist::count_paths(&east, (0, 0)), Ok(4)); // to (3, 0) once, to (3, 1) 3 ways
///
/// // A cycle: walks around it are endless, so there is no count.
/// let ring = FnProblem::unit(|n: &u8| *n == 9, |n: &u8| [(n + 1) % 5]);
/// assert_eq!(heurist::count_paths(&ring, 0), Err(CountError::Cycle(0)));
/// ```
pub fn count_paths<P>(problem: &P, start: P::State) -> Result<u128, CountError<P::State>>
where
    P: Problem + ?Sized,
{
    Dfs::new().count_paths(problem, start)
}

impl<C: Cost> Dfs<'_, C> {
    /// The number of distinct paths from `start` to the goal states of an acyclic state
    /// space ([`count_paths`]), under this configuration's expansion and memory limits, time
    /// limit, cancel token and progress callback. The depth limit and the cost bound do not
    /// apply: every path counts, whatever its length and cost.
    ///
    /// # Examples
    ///
    /// ```
    /// use heurist::CountError;
    /// use heurist::{Dfs, FnProblem, StopReason};
    ///
    /// // Endless: every number leads to two larger ones, and no goal is ever reached.
    /// let p = FnProblem::unit(|_: &u64| false, |n: &u64| [n + 1, n * 2]);
    /// let r = Dfs::new().max_expansions(1000).count_paths(&p, 1);
    /// assert_eq!(r, Err(CountError::Stopped(StopReason::MaxExpansions)));
    /// ```
    pub fn count_paths<P>(&self, problem: &P, start: P::State) -> Result<u128, CountError<P::State>>
    where
        P: Problem<Cost = C> + ?Sized,
    {
        let mut mon = Monitor::new(&self.limits);
        let count = walk(problem, start, &mut mon);
        mon.finish::<(), ()>(Outcome::Exhausted); // the last progress report
        count
    }
}

/// The memoised depth-first count.
fn walk<P>(
    problem: &P,
    start: P::State,
    mon: &mut Monitor<'_, P::Cost>,
) -> Result<u128, CountError<P::State>>
where
    P: Problem + ?Sized,
{
    let zero = P::Cost::ZERO;
    if problem.is_goal(&start) {
        return Ok(1);
    }
    // Each state entered: `None` while it is on the path, then the number of its paths.
    let mut memo: FxHashMap<P::State, Option<u128>> = FxHashMap::default();
    memo.insert(start.clone(), None);
    mon.stats.stored = 1;
    if let Some(reason) = mon.check() {
        return Err(CountError::Stopped(reason));
    }
    // Frame `d` holds the successors of the state at depth `d` (the start, or the child
    // frame `d - 1` is exploring), and `counts[d]` the paths counted from it so far.
    let mut frames: Vec<Frame<P::State, P::Action, P::Cost>> = Vec::new();
    let mut counts: Vec<u128> = vec![0];
    frames::ready(&mut frames, 0, zero, zero);
    problem.successors(&start, &mut frames[0].children);
    mon.stats.expanded += 1;
    mon.stats.max_frontier = 1;
    let mut depth = 1;
    loop {
        let top = depth - 1;
        let frame = &mut frames[top];
        let i = frame.next;
        if i >= frame.children.len() {
            // every successor is counted: so is the state
            let n = counts[top];
            if top == 0 {
                return Ok(n);
            }
            if let Some(slot) = memo.get_mut(&frames[top - 1].chosen().state) {
                *slot = Some(n);
            }
            counts[top - 1] = counts[top - 1].checked_add(n).ok_or(CountError::Overflow)?;
            depth = top;
            continue;
        }
        frame.next = i + 1;
        mon.stats.generated += 1;
        let child = &frame.children.as_slice()[i].state;
        let paths = if problem.is_goal(child) {
            1
        } else {
            match memo.get(child) {
                Some(Some(n)) => {
                    mon.stats.duplicates += 1;
                    *n
                }
                Some(None) => return Err(CountError::Cycle(child.clone())),
                None => {
                    if mon.full(memo.len()) {
                        return Err(CountError::Stopped(StopReason::MaxStates));
                    }
                    memo.insert(child.clone(), None);
                    mon.stats.stored = memo.len();
                    if let Some(reason) = mon.check() {
                        return Err(CountError::Stopped(reason));
                    }
                    // enter the child
                    frames::ready(&mut frames, depth, zero, zero);
                    let (lower, upper) = frames.split_at_mut(depth);
                    problem.successors(&lower[top].chosen().state, &mut upper[0].children);
                    mon.stats.expanded += 1;
                    counts.truncate(depth);
                    counts.push(0);
                    depth += 1;
                    mon.stats.max_frontier = mon.stats.max_frontier.max(depth);
                    continue;
                }
            }
        };
        counts[top] = counts[top].checked_add(paths).ok_or(CountError::Overflow)?;
    }
}
