//! Iterative-deepening A* (IDA*).

use std::marker::PhantomData;

use super::deepening::{self, DeepeningSetup, FCost};
use super::parallel::{idastar_subtrees, Threads};
use super::ResultOf;
use crate::search::{limit_methods, CycleCheck, Limits};
use crate::traits::{AllMoves, Expansion, Heuristic, Problem};

/// IDA*: depth-first searches bounded by `f = g + h`, each with the threshold raised to the
/// smallest `f` that exceeded the last. Optimal with an admissible heuristic; memory is the
/// current path only.
///
/// Each iteration walks the tree recursively, like a hand-written IDA* (paths too deep for
/// the stack go on with an explicit one), and allocates nothing per node: successors go to
/// a buffer on the stack with room for four, or to pooled buffers for larger ones. The move
/// straight back to the parent is always pruned; by default ([`CycleCheck::Path`]) every
/// state already on the path is, which makes the search terminate with
/// [`Outcome::Exhausted`](crate::Outcome) on finite graphs without a reachable goal
/// ([`CycleCheck::Minimal`] does too, at about the cost of the parent check alone). Step
/// costs must not be negative: a negative step the search generates stops it with
/// [`StopReason::NegativeCost`](crate::StopReason) (one it never generates, it cannot see).
///
/// The heuristic is a closure here; [`IdaStar`] takes any [`Heuristic`], such as one with an
/// incremental [`estimate_child`](Heuristic::estimate_child), which IDA* calls for every
/// child (as [`estimate_child_within`](Heuristic::estimate_child_within), which may skip
/// the parts of an estimate that a pruned child does not need), and sets the cycle check,
/// limits and move pruning.
///
/// # Examples
///
/// ```
/// use heurist::FnProblem;
///
/// // The 2x3 sliding puzzle as a string; the blank is '0'.
/// let neighbours = |i: usize| -> Vec<usize> {
///     let (r, c) = (i / 3, i % 3);
///     let mut v = vec![];
///     if r > 0 { v.push(i - 3) } if r < 1 { v.push(i + 3) }
///     if c > 0 { v.push(i - 1) } if c < 2 { v.push(i + 1) }
///     v
/// };
/// let puzzle = FnProblem::new(
///     |s: &[u8; 6]| s == b"12345\0",
///     move |s: &[u8; 6]| {
///         let s = *s;
///         let blank = s.iter().position(|&t| t == 0).unwrap();
///         neighbours(blank).into_iter().map(move |j| {
///             let mut t = s;
///             t.swap(blank, j);
///             (j, t, 1u32)
///         })
///     },
/// );
/// let misplaced = |s: &[u8; 6]| s.iter().zip(b"12345\0").filter(|(a, b)| a != b && **a != 0).count() as u32;
/// let start = *b"412\x0053"; // four moves from the goal
/// let result = heurist::idastar(&puzzle, start, misplaced);
/// assert_eq!(result.cost(), Some(4));
/// assert_eq!(result.cost(), heurist::bfs(&puzzle, start).cost());
/// ```
pub fn idastar<P, F>(problem: &P, start: P::State, heuristic: F) -> ResultOf<P>
where
    P: Problem + ?Sized,
    F: Fn(&P::State) -> P::Cost,
{
    IdaStar::new().search(problem, start, heuristic)
}

/// The configuration of [`idastar`]: cycle check, depth limit, limits, move pruning.
///
/// When stopped, the result carries a proven lower bound on the optimal cost: the current
/// threshold, or under a cost bound the smallest `f` it left out.
///
/// # Examples
///
/// ```
/// use heurist::{CycleCheck, FnProblem, IdaStar};
///
/// let p = FnProblem::new(|n: &i32| *n == 12, |n: &i32| [(1, n + 1, 1u32), (-1, n - 1, 1), (5, n + 5, 1)]);
/// let h = |n: &i32| (12 - n).unsigned_abs() / 5;
/// let r = IdaStar::new().cycle_check(CycleCheck::Parent).search(&p, 0, h);
/// assert_eq!(r.cost(), Some(4)); // +5 +5 +1 +1
///
/// let bounded = IdaStar::new().cost_bound(3).max_expansions(10_000).search(&p, 0, h);
/// assert_eq!(bounded.lower_bound(), Some(4));
/// ```
#[derive(Clone, Debug)]
pub struct IdaStar<'a, C, E = AllMoves> {
    limits: Limits<'a, C>,
    max_depth: Option<usize>,
    cycle_check: CycleCheck,
    serial_below: u64,
    expansion: PhantomData<E>,
}

impl<C> Default for IdaStar<'_, C> {
    fn default() -> Self {
        IdaStar {
            limits: Limits::new(),
            max_depth: None,
            cycle_check: CycleCheck::default(),
            serial_below: 20_000,
            expansion: PhantomData,
        }
    }
}

impl<C> IdaStar<'_, C> {
    /// No limits, the full-path cycle check, every successor.
    pub fn new() -> Self {
        Self::default()
    }
}

impl<'a, C, E> IdaStar<'a, C, E> {
    limit_methods!();

    /// What the iterative-deepening engine is told: the limits, depth limit and cycle check.
    fn setup(&self) -> DeepeningSetup<'_, 'a, C> {
        DeepeningSetup {
            limits: &self.limits,
            max_depth: self.max_depth,
            cycle_check: self.cycle_check,
        }
    }

    /// Leave out paths of more than `depth` actions.
    pub fn max_depth(mut self, depth: usize) -> Self {
        self.max_depth = Some(depth);
        self
    }

    /// How cycles are detected (default [`CycleCheck::Path`]).
    pub fn cycle_check(mut self, check: CycleCheck) -> Self {
        self.cycle_check = check;
        self
    }

    /// For [`search_parallel`](Self::search_parallel): runs an iteration on the calling
    /// thread alone when the one before expanded fewer than `expansions` states (default
    /// 20,000). Starting the threads of an iteration costs tens of microseconds, more than
    /// the first, small iterations save. 0: every iteration on every thread.
    ///
    /// # Examples
    ///
    /// ```
    /// use heurist::IdaStar;
    ///
    /// let always_parallel = IdaStar::<u32>::new().serial_below(0);
    /// # let _ = always_parallel;
    /// ```
    pub fn serial_below(mut self, expansions: u64) -> Self {
        self.serial_below = expansions;
        self
    }

    super::expansion_methods!(
        /// Expand each state without the successors that the action into it makes redundant
        /// ([`MovePruning`](crate::MovePruning)); the search stays optimal.
        IdaStar { limits, max_depth, cycle_check, serial_below }
    );

    /// Runs IDA* on `problem` from `start`, guided by `heuristic`.
    pub fn search<P, H>(&self, problem: &P, start: P::State, heuristic: H) -> ResultOf<P>
    where
        P: Problem<Cost = C> + ?Sized,
        C: crate::traits::Cost,
        H: Heuristic<P>,
        E: Expansion<P>,
    {
        let setup = self.setup();
        deepening::search::<P, H, FCost, E>(problem, start, &heuristic, setup)
    }

    /// Runs IDA* on `problem` from `start`, guided by `heuristic`, on several threads: a
    /// number of threads (0: one per core the machine has; at most
    /// [`MAX_THREADS`](crate::MAX_THREADS), and fewer if the system refuses some), as a
    /// [`Threads`] or a `usize`. The iterations that follow a small one run on the calling
    /// thread alone ([`serial_below`](Self::serial_below)).
    ///
    /// Each iteration's tree is cut into subtrees, the larger ones (with more room under
    /// the threshold) split further, which the threads walk in the order the serial walk
    /// meets them; the answer is the goal the serial walk would have met first. So the
    /// solution is the one [`search`](Self::search) returns, whatever the number of
    /// threads, and so are the statistics of every iteration but the last (where subtrees
    /// after the winning one may have been walked in part). The limits hold for the threads
    /// together: the expansion count is shared (each thread adds its own every 256
    /// expansions, so the total may pass the limit by that much per thread), and the
    /// progress callback is called between iterations. A path too deep for a thread's
    /// stack hands the whole search to the serial engine.
    ///
    /// # Examples
    ///
    /// ```
    /// use heurist::{CycleCheck, IdaStar, Problem, Successors};
    ///
    /// /// From 1 to 100 by doubling or adding one. (The problem is shared by the threads, so
    /// /// it must be `Sync`: a type of its own rather than an `FnProblem` of `FnMut` closures.)
    /// struct Hundred;
    /// impl Problem for Hundred {
    ///     type State = u32;
    ///     type Action = &'static str;
    ///     type Cost = u32;
    ///     fn is_goal(&self, n: &u32) -> bool { *n == 100 }
    ///     fn successors(&self, &n: &u32, out: &mut Successors<u32, &'static str, u32>) {
    ///         out.push("double", 2 * n, 1);
    ///         out.push("add one", n + 1, 1);
    ///     }
    /// }
    /// let p = Hundred;
    /// let h = |n: &u32| u32::from(*n < 100);
    /// let config = IdaStar::new().cycle_check(CycleCheck::Parent).max_expansions(1_000_000);
    /// let serial = config.search(&p, 1, h);
    /// let parallel = config.search_parallel(2, &p, 1, h);
    /// assert_eq!(parallel.cost(), Some(8)); // 1 2 3 6 12 24 25 50 100
    /// assert_eq!(parallel.solution(), serial.solution());
    /// ```
    pub fn search_parallel<P, H>(
        &self,
        threads: impl Into<Threads>,
        problem: &P,
        start: P::State,
        heuristic: H,
    ) -> ResultOf<P>
    where
        P: Problem<Cost = C> + Sync + ?Sized,
        P::State: Send + Sync,
        P::Action: Send + Sync,
        C: crate::traits::Cost + Send + Sync,
        H: Heuristic<P> + Sync,
        E: Expansion<P>,
    {
        let setup = self.setup();
        idastar_subtrees::search::<P, H, E>(
            problem,
            start,
            &heuristic,
            setup,
            threads.into(),
            self.serial_below,
        )
    }
}
