//! Iterators over the states a search reaches: breadth-first with their depth, depth-first
//! with their depth, and in order of path cost with that cost; and over goal states.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

use rustc_hash::{FxHashMap, FxHashSet};

use crate::algorithms::bfs::Bfs;
use crate::algorithms::dfs::Dfs;
use crate::algorithms::dijkstra::Dijkstra;
use crate::search::{Limits, Monitor, Stats, StopReason};
use crate::traits::{Cost, Problem, Successors};

/// The state of an enumeration run: its monitor, and why it ended, if it did.
struct ReachRun<'a, C> {
    mon: Monitor<'a, C>,
    stopped: Option<StopReason>,
    done: bool,
}

impl<'a, C: Copy> ReachRun<'a, C> {
    fn new(limits: &Limits<'a, C>) -> Self {
        ReachRun {
            mon: Monitor::new(limits),
            stopped: None,
            done: false,
        }
    }

    /// Ends the run: stopped for `reason`, or (`None`) everything reachable was enumerated.
    fn end(&mut self, reason: Option<StopReason>) {
        if !self.done {
            self.done = true;
            self.stopped = reason;
            self.mon.stats.elapsed = self.mon.elapsed();
        }
    }

    /// Whether a limit says stop before the next expansion (with `stored` states held).
    fn limit(&mut self, stored: usize) -> bool {
        self.mon.stats.stored = stored;
        match self.mon.check() {
            Some(reason) => {
                self.end(Some(reason));
                true
            }
            None => false,
        }
    }
}

macro_rules! run_accessors {
    () => {
        /// The counters so far (final once the iterator has returned `None`).
        pub fn stats(&self) -> &Stats {
            &self.run.mon.stats
        }

        /// Why the enumeration ended early, if a limit ended it. `None` while it runs, and
        /// after it has enumerated every reachable state.
        pub fn stop_reason(&self) -> Option<StopReason> {
            self.run.stopped
        }

        /// Whether the iterator has returned `None` after enumerating every reachable
        /// state (not stopped by a limit).
        pub fn is_exhausted(&self) -> bool {
            self.run.done && self.run.stopped.is_none()
        }
    };
}

/// The states reachable from a start, in breadth-first order, each once, with its depth
/// (the fewest actions that reach it). Made by [`bfs_reach`] or [`Bfs::reach`].
///
/// Each state is expanded when it is returned, so the iterator does only the work asked
/// of it. Limits end it early: then [`stop_reason`](BfsReach::stop_reason) says which.
pub struct BfsReach<'p, 'a, P: Problem + ?Sized> {
    problem: &'p P,
    queue: VecDeque<(P::State, usize)>,
    seen: FxHashSet<P::State>,
    buf: Successors<P::State, P::Action, P::Cost>,
    max_depth: Option<usize>,
    /// Whether a state was left out for the memory bound.
    full: bool,
    run: ReachRun<'a, P::Cost>,
}

/// The states reachable from `start`, breadth-first, with their depth. Goals are ignored:
/// every reachable state is visited; a space with no goal test at all is
/// [`FnProblem::space`](crate::FnProblem::space).
///
/// # Examples
///
/// ```
/// use heurist::FnProblem;
///
/// // Knight moves on a 3x3 board: the centre is never reached.
/// let jumps = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
/// let knight = FnProblem::space(|&(r, c): &(i8, i8)| {
///     jumps.iter().map(move |(dr, dc)| (r + dr, c + dc)).filter(|&(r, c)| (0..3).contains(&r) && (0..3).contains(&c))
/// });
/// let reached: Vec<_> = heurist::bfs_reach(&knight, (0, 0)).collect();
/// assert_eq!(reached.len(), 8);
/// assert_eq!(reached[0], ((0, 0), 0));
/// assert!(!reached.iter().any(|(s, _)| *s == (1, 1)));
/// assert_eq!(reached.iter().map(|&(_, d)| d).max(), Some(4));
/// ```
pub fn bfs_reach<P>(problem: &P, start: P::State) -> BfsReach<'_, 'static, P>
where
    P: Problem + ?Sized,
{
    Bfs::new().reach(problem, start)
}

impl<'a, C: Cost, E> Bfs<'a, C, E> {
    /// The states reachable from `start`, breadth-first, with their depth, under this
    /// configuration's limits and depth limit (states at the depth limit are returned but
    /// not expanded). Move pruning and the reversibility hint do not apply.
    ///
    /// # Examples
    ///
    /// ```
    /// use heurist::{Bfs, FnProblem, StopReason};
    ///
    /// let p = FnProblem::unit(|_: &u32| false, |n: &u32| [n + 1, n * 2]);
    /// let mut reach = Bfs::new().max_depth(3).reach(&p, 1);
    /// let depth_3: Vec<u32> = reach.by_ref().filter(|&(_, d)| d == 3).map(|(s, _)| s).collect();
    /// assert_eq!(depth_3, [6, 5, 8]); // 1; 2; 3 and 4; then 6 from 3, and 5 and 8 from 4
    /// assert!(reach.is_exhausted());
    ///
    /// let mut limited = Bfs::new().max_states(10).reach(&p, 1);
    /// assert_eq!(limited.by_ref().count(), 10);
    /// assert_eq!(limited.stop_reason(), Some(StopReason::MaxStates));
    /// ```
    pub fn reach<'p, P>(&self, problem: &'p P, start: P::State) -> BfsReach<'p, 'a, P>
    where
        P: Problem<Cost = C> + ?Sized,
    {
        let mut seen = FxHashSet::default();
        seen.insert(start.clone());
        BfsReach {
            problem,
            queue: VecDeque::from([(start, 0)]),
            seen,
            buf: Successors::new(),
            max_depth: self.depth_limit(),
            full: false,
            run: ReachRun::new(self.limits_set()),
        }
    }
}

impl<P: Problem + ?Sized> BfsReach<'_, '_, P> {
    run_accessors!();
}

impl<P: Problem + ?Sized> Iterator for BfsReach<'_, '_, P> {
    type Item = (P::State, usize);

    fn next(&mut self) -> Option<Self::Item> {
        if self.run.done {
            return None;
        }
        let Some((state, depth)) = self.queue.pop_front() else {
            self.run.end(self.full.then_some(StopReason::MaxStates));
            return None;
        };
        if self.full || self.max_depth.is_some_and(|m| depth >= m) {
            return Some((state, depth));
        }
        if self.run.limit(self.seen.len()) {
            return None;
        }
        let max_states = self.run.mon.max_states();
        self.problem.successors(&state, &mut self.buf);
        let stats = &mut self.run.mon.stats;
        stats.expanded += 1;
        for succ in self.buf.drain() {
            stats.generated += 1;
            if self.seen.contains(&succ.state) {
                stats.duplicates += 1;
            } else if self.seen.len() >= max_states {
                // the memory bound: what is stored is still returned, then the run stops
                self.full = true;
            } else {
                self.seen.insert(succ.state.clone());
                self.queue.push_back((succ.state, depth + 1));
            }
        }
        stats.stored = self.seen.len();
        stats.max_frontier = stats.max_frontier.max(self.queue.len());
        Some((state, depth))
    }
}

/// The states reachable from a start, in depth-first order (each state's successors in the
/// order the problem lists them), each once, with the depth of the path that first entered
/// it. Made by [`dfs_reach`], [`Dfs::reach`] or, for goal states only, [`Dfs::goals`].
///
/// States are expanded as they are returned. Limits end the iterator early: then
/// [`stop_reason`](DfsReach::stop_reason) says which.
pub struct DfsReach<'p, 'a, P: Problem + ?Sized> {
    problem: &'p P,
    /// States to enter, the next on top, with their depth.
    stack: Vec<(P::State, usize)>,
    /// Each entered state, with the smallest depth it was entered at.
    entered: FxHashMap<P::State, usize>,
    buf: Successors<P::State, P::Action, P::Cost>,
    max_depth: Option<usize>,
    /// Whether goal states are expanded (not when enumerating goals).
    expand_goals: bool,
    run: ReachRun<'a, P::Cost>,
}

/// The states reachable from `start`, depth-first, with their depth. Goals are ignored:
/// every reachable state is visited ([`Dfs::goals`] lists the goal states instead); a
/// space with no goal test at all is [`FnProblem::space`](crate::FnProblem::space).
///
/// # Examples
///
/// ```
/// use heurist::FnProblem;
///
/// // A binary tree of depth 2, children 2n+1 and 2n+2: preorder.
/// let tree = FnProblem::space(|&n: &u32| if n < 3 { vec![2 * n + 1, 2 * n + 2] } else { vec![] });
/// let order: Vec<u32> = heurist::dfs_reach(&tree, 0).map(|(n, _)| n).collect();
/// assert_eq!(order, [0, 1, 3, 4, 2, 5, 6]);
/// ```
pub fn dfs_reach<P>(problem: &P, start: P::State) -> DfsReach<'_, 'static, P>
where
    P: Problem + ?Sized,
{
    Dfs::new().reach(problem, start)
}

impl<'a, C: Cost> Dfs<'a, C> {
    /// The states reachable from `start`, depth-first, with their depth, under this
    /// configuration's limits. With a depth limit, states at the limit are returned but
    /// not expanded, and a state reached again by a shorter path is expanded again (so
    /// every state within the limit is found), though returned once.
    pub fn reach<'p, P>(&self, problem: &'p P, start: P::State) -> DfsReach<'p, 'a, P>
    where
        P: Problem<Cost = C> + ?Sized,
    {
        DfsReach {
            problem,
            stack: vec![(start, 0)],
            entered: FxHashMap::default(),
            buf: Successors::new(),
            max_depth: self.max_depth,
            expand_goals: true,
            run: ReachRun::new(&self.limits),
        }
    }

    /// The goal states reachable from `start`, each once, in depth-first order; a goal is
    /// not expanded further. Their number is the number of distinct goal states, such as
    /// the solutions of a puzzle whose states are partial assignments.
    ///
    /// # Examples
    ///
    /// ```
    /// use heurist::{Dfs, FnProblem};
    ///
    /// // Place 4 queens on a 4x4 board, one row at a time: the state is the columns so far.
    /// let queens = FnProblem::unit(
    ///     |cols: &Vec<i32>| cols.len() == 4,
    ///     |cols: &Vec<i32>| {
    ///         let row = cols.len() as i32;
    ///         (0..4)
    ///             .filter(|&c| cols.iter().enumerate().all(|(r, &q)| q != c && (row - r as i32).abs() != (c - q).abs()))
    ///             .map(|c| [cols.as_slice(), &[c]].concat())
    ///             .collect::<Vec<_>>()
    ///     },
    /// );
    /// let mut goals = Dfs::new().goals(&queens, vec![]);
    /// let solutions: Vec<Vec<i32>> = goals.by_ref().collect();
    /// assert_eq!(solutions, [vec![1, 3, 0, 2], vec![2, 0, 3, 1]]);
    /// assert!(goals.is_exhausted()); // so these are all of them
    /// ```
    pub fn goals<'p, P>(&self, problem: &'p P, start: P::State) -> Goals<DfsReach<'p, 'a, P>>
    where
        P: Problem<Cost = C> + ?Sized,
    {
        let mut reach = self.reach(problem, start);
        reach.expand_goals = false;
        Goals(reach)
    }
}

impl<P: Problem + ?Sized> DfsReach<'_, '_, P> {
    run_accessors!();
}

impl<P: Problem + ?Sized> Iterator for DfsReach<'_, '_, P> {
    type Item = (P::State, usize);

    fn next(&mut self) -> Option<Self::Item> {
        if self.run.done {
            return None;
        }
        loop {
            let Some((state, depth)) = self.stack.pop() else {
                self.run.end(None);
                return None;
            };
            let first = match self.entered.get(&state) {
                Some(&d) if d <= depth => {
                    self.run.mon.stats.duplicates += 1;
                    continue;
                }
                Some(_) => false,
                None => {
                    if self.entered.len() >= self.run.mon.max_states() {
                        self.run.mon.stats.stored = self.entered.len();
                        self.run.end(Some(StopReason::MaxStates));
                        return None;
                    }
                    true
                }
            };
            self.entered.insert(state.clone(), depth);
            let at_limit = self.max_depth.is_some_and(|m| depth >= m);
            if !at_limit && (self.expand_goals || !self.problem.is_goal(&state)) {
                if self.run.limit(self.entered.len()) {
                    return None;
                }
                self.problem.successors(&state, &mut self.buf);
                let stats = &mut self.run.mon.stats;
                stats.expanded += 1;
                stats.generated += self.buf.len() as u64;
                let base = self.stack.len();
                self.stack
                    .extend(self.buf.drain().map(|succ| (succ.state, depth + 1)));
                // the first successor on top
                self.stack[base..].reverse();
                stats.max_frontier = stats.max_frontier.max(self.stack.len());
            }
            self.run.mon.stats.stored = self.entered.len();
            if first {
                return Some((state, depth));
            }
        }
    }
}

/// The goal states among what an enumeration reaches ([`Dfs::goals`]).
pub struct Goals<I>(I);

impl<P: Problem + ?Sized> Goals<DfsReach<'_, '_, P>> {
    /// The counters so far.
    pub fn stats(&self) -> &Stats {
        self.0.stats()
    }

    /// Why the enumeration ended early, if a limit ended it.
    pub fn stop_reason(&self) -> Option<StopReason> {
        self.0.stop_reason()
    }

    /// Whether every reachable goal has been returned (not stopped by a limit).
    pub fn is_exhausted(&self) -> bool {
        self.0.is_exhausted()
    }
}

impl<P: Problem + ?Sized> Iterator for Goals<DfsReach<'_, '_, P>> {
    type Item = P::State;

    fn next(&mut self) -> Option<P::State> {
        let problem = self.0.problem;
        self.0.by_ref().map(|(s, _)| s).find(|s| problem.is_goal(s))
    }
}

/// The states reachable from a start in order of their least path cost, each once, with
/// that cost. Made by [`dijkstra_reach`] or [`Dijkstra::reach`].
///
/// A state is returned when its cost is final (when Dijkstra's algorithm settles it).
/// Step costs must not be negative: the iterator stops at one with
/// [`StopReason::NegativeCost`]. Under a cost bound it returns the states within the bound
/// and then stops with [`StopReason::CostBound`] if it left any out.
pub struct DijkstraReach<'p, 'a, P: Problem + ?Sized> {
    problem: &'p P,
    /// The frontier: cost, then insertion order (earlier first).
    heap: BinaryHeap<Reverse<(P::Cost, u64)>>,
    /// States by insertion number, with their best cost so far and whether it is final.
    nodes: Vec<(P::State, P::Cost, bool)>,
    index: FxHashMap<P::State, u64>,
    buf: Successors<P::State, P::Action, P::Cost>,
    /// States reached only beyond the cost bound so far.
    cut: FxHashSet<P::State>,
    run: ReachRun<'a, P::Cost>,
}

/// The states reachable from `start` in order of path cost, with that cost. Goals are
/// ignored: every reachable state is visited.
///
/// # Examples
///
/// ```
/// use heurist::FnProblem;
///
/// let edges: [&[(usize, u32)]; 4] = [&[(1, 4), (2, 1)], &[(3, 1)], &[(1, 2), (3, 5)], &[]];
/// let p = FnProblem::with_costs(|_: &usize| false, |&n: &usize| edges[n].to_vec());
/// let all: Vec<(usize, u32)> = heurist::dijkstra_reach(&p, 0).collect();
/// assert_eq!(all, [(0, 0), (2, 1), (1, 3), (3, 4)]);
/// ```
pub fn dijkstra_reach<P>(problem: &P, start: P::State) -> DijkstraReach<'_, 'static, P>
where
    P: Problem + ?Sized,
{
    Dijkstra::new().reach(problem, start)
}

impl<'a, C: Cost, E> Dijkstra<'a, C, E> {
    /// The states reachable from `start` in order of path cost, with that cost, under this
    /// configuration's limits (move pruning and the open list do not apply).
    ///
    /// # Examples
    ///
    /// ```
    /// use heurist::{Dijkstra, FnProblem, StopReason};
    ///
    /// // All distances up to 10 on a line where a step costs 3.
    /// let p = FnProblem::with_costs(|_: &i32| false, |n: &i32| [(n + 1, 3u32), (n - 1, 3)]);
    /// let mut reach = Dijkstra::new().cost_bound(10).reach(&p, 0);
    /// assert_eq!(reach.by_ref().count(), 7); // -3..=3
    /// assert_eq!(reach.stop_reason(), Some(StopReason::CostBound));
    /// ```
    pub fn reach<'p, P>(&self, problem: &'p P, start: P::State) -> DijkstraReach<'p, 'a, P>
    where
        P: Problem<Cost = C> + ?Sized,
    {
        let mut index = FxHashMap::default();
        index.insert(start.clone(), 0);
        DijkstraReach {
            problem,
            heap: BinaryHeap::from([Reverse((C::ZERO, 0))]),
            nodes: vec![(start, C::ZERO, false)],
            index,
            buf: Successors::new(),
            cut: FxHashSet::default(),
            run: ReachRun::new(&self.limits),
        }
    }
}

impl<P: Problem + ?Sized> DijkstraReach<'_, '_, P> {
    run_accessors!();
}

impl<P: Problem + ?Sized> Iterator for DijkstraReach<'_, '_, P> {
    type Item = (P::State, P::Cost);

    fn next(&mut self) -> Option<Self::Item> {
        if self.run.done {
            return None;
        }
        let zero = P::Cost::ZERO;
        let bound = self.run.mon.cost_bound();
        loop {
            let Some(Reverse((g, id))) = self.heap.pop() else {
                let cut = !self.cut.is_empty();
                self.run.end(cut.then_some(StopReason::CostBound));
                return None;
            };
            let node = &mut self.nodes[id as usize];
            if node.2 || node.1 < g {
                continue; // settled already, or an outdated entry
            }
            node.2 = true;
            let state = node.0.clone();
            if self.run.limit(self.nodes.len()) {
                return None;
            }
            self.problem.successors(&state, &mut self.buf);
            self.run.mon.stats.expanded += 1;
            for succ in self.buf.drain() {
                let stats = &mut self.run.mon.stats;
                stats.generated += 1;
                if succ.cost < zero {
                    self.run.end(Some(StopReason::NegativeCost));
                    return None;
                }
                let g2 = g.saturating_add(succ.cost);
                if bound.is_some_and(|b| g2 > b) {
                    if !self.index.contains_key(&succ.state) {
                        self.cut.insert(succ.state);
                    }
                    continue;
                }
                match self.index.get(&succ.state) {
                    Some(&other_id) => {
                        let other = &mut self.nodes[other_id as usize];
                        if !other.2 && g2 < other.1 {
                            other.1 = g2;
                            self.heap.push(Reverse((g2, other_id)));
                        } else {
                            stats.duplicates += 1;
                        }
                    }
                    None => {
                        if self.nodes.len() >= self.run.mon.max_states() {
                            self.run.mon.stats.stored = self.nodes.len();
                            self.run.end(Some(StopReason::MaxStates));
                            return Some((state, g));
                        }
                        let id = self.nodes.len() as u64;
                        if bound.is_some() {
                            self.cut.remove(&succ.state);
                        }
                        self.index.insert(succ.state.clone(), id);
                        self.nodes.push((succ.state, g2, false));
                        self.heap.push(Reverse((g2, id)));
                    }
                }
            }
            let stats = &mut self.run.mon.stats;
            stats.stored = self.nodes.len();
            stats.max_frontier = stats.max_frontier.max(self.heap.len());
            return Some((state, g));
        }
    }
}
