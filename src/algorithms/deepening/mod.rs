//! The iterative-deepening engine behind IDA* (threshold on `g + h`) and IDDFS (threshold
//! on depth). Memory is the current path only.
//!
//! Each iteration walks the tree recursively, as a hand-written IDA* does: the state being
//! expanded, its cost and estimate stay in registers, and the path is a chain of links on
//! the call stack. Each level's successors go to a buffer on the stack, which holds four
//! inline; once a state has had more, the following iterations take their buffers from a
//! pool instead, so no allocation happens per node once the deepest path has been reached.
//! A path deep enough to use more than [`STACK_BUDGET`] bytes of stack hands the search to
//! an explicit stack of frames, which has no depth limit; that iteration is then walked
//! again.

use super::frames::{self, Frame};
use super::{ResultOf, StepOf};
use crate::collections::hash_of;
use crate::search::{CycleCheck, Limits, Monitor, Outcome, Solution, StopReason};
use crate::traits::{Cost, Expansion, Heuristic, Problem, Successors};

/// The most stack the recursive walk uses (threads get 2 MiB by default); past it the
/// explicit stack takes over.
const STACK_BUDGET: usize = 256 * 1024;

/// The number of counters of [`PathFilter`] (a power of two).
const FILTER_SLOTS: usize = 4096;

/// A counting filter over the hashes of the states on the recursive walk's path, for
/// [`CycleCheck::Path`]: most children are told off the path by one hash and one counter,
/// and only the few whose counter is set are compared with the path itself (the chain of
/// [`Link`]s). The counters cannot overflow: the stack budget keeps the recursive path far
/// shorter than `u16::MAX` states.
struct PathFilter {
    counts: Box<[u16; FILTER_SLOTS]>,
}

impl PathFilter {
    fn new() -> Self {
        PathFilter {
            counts: Box::new([0; FILTER_SLOTS]),
        }
    }

    /// The counter `state` falls on.
    #[inline(always)]
    fn slot<S: crate::traits::State>(state: &S) -> usize {
        hash_of(state) as usize & (FILTER_SLOTS - 1)
    }

    /// Whether a state of `slot` may be on the path.
    #[inline(always)]
    fn may_hold(&self, slot: usize) -> bool {
        self.counts[slot] != 0
    }

    #[inline(always)]
    fn enter(&mut self, slot: usize) {
        self.counts[slot] += 1;
    }

    #[inline(always)]
    fn leave(&mut self, slot: usize) {
        self.counts[slot] -= 1;
    }

    fn clear(&mut self) {
        self.counts.fill(0);
    }
}

/// [`Walk::recurse`]'s cycle checks: [`CycleCheck::Parent`].
const PARENT: u8 = 0;
/// [`CycleCheck::Path`].
const PATH: u8 = 1;
/// [`CycleCheck::Minimal`].
const MINIMAL: u8 = 2;

/// The cycle check `CHECK` stands for in [`Walk::recurse`].
const fn cycle_check_of(check: u8) -> CycleCheck {
    match check {
        PARENT => CycleCheck::Parent,
        PATH => CycleCheck::Path,
        _ => CycleCheck::Minimal,
    }
}

/// Whether `states` holds some state twice.
fn has_repeat<'s, S: crate::traits::State + 's>(mut states: impl Iterator<Item = &'s S>) -> bool {
    let mut seen = rustc_hash::FxHashSet::default();
    states.any(|s| !seen.insert(s))
}

/// What the iteration threshold limits.
pub(crate) trait Metric<C> {
    type Value: Ord + Copy;
    fn value(g: C, h: C, depth: usize) -> Self::Value;
    /// The proven lower bound on the optimal cost while the threshold is `t`.
    fn lower_bound(t: Self::Value) -> Option<C>;
    /// The largest `f = g + h` the threshold `t` lets through, when it bounds `f`: then
    /// an estimate need only be exact up to it
    /// ([`Heuristic::estimate_child_within`]).
    fn f_limit(t: Self::Value) -> Option<C>;
    /// Whether a negative step cost makes the answer wrong (then the search refuses it).
    const COSTS_MATTER: bool;
}

/// IDA*: the threshold bounds `f = g + h`.
pub(crate) struct FCost;
impl<C: Cost> Metric<C> for FCost {
    type Value = C;
    #[inline(always)]
    fn value(g: C, h: C, _: usize) -> C {
        g.saturating_add(h)
    }
    fn lower_bound(t: C) -> Option<C> {
        Some(t)
    }
    #[inline(always)]
    fn f_limit(t: C) -> Option<C> {
        Some(t)
    }
    const COSTS_MATTER: bool = true;
}

/// IDDFS: the threshold bounds the number of actions.
pub(crate) struct Depth;
impl<C> Metric<C> for Depth {
    type Value = usize;
    #[inline(always)]
    fn value(_: C, _: C, depth: usize) -> usize {
        depth
    }
    fn lower_bound(_: usize) -> Option<C> {
        None
    }
    #[inline(always)]
    fn f_limit(_: usize) -> Option<C> {
        None
    }
    const COSTS_MATTER: bool = false;
}

/// What an iterative-deepening search is told besides its problem, start and heuristic.
pub(crate) struct DeepeningSetup<'s, 'a, C> {
    pub(crate) limits: &'s Limits<'a, C>,
    pub(crate) max_depth: Option<usize>,
    pub(crate) cycle_check: CycleCheck,
}

pub(super) type SolutionOf<P> =
    Solution<<P as Problem>::State, <P as Problem>::Action, <P as Problem>::Cost>;

type Frames<P> = Vec<Frame<<P as Problem>::State, <P as Problem>::Action, <P as Problem>::Cost>>;

/// How an iteration, or the walk below one state, ended.
pub(super) enum Flow<P: Problem + ?Sized> {
    /// Walked to the end; the search goes on.
    Done,
    Found(SolutionOf<P>),
    Stopped(StopReason),
    /// The path outgrew the recursion's stack budget.
    TooDeep,
}

/// What becomes of one child.
pub(super) enum Verdict<C> {
    /// Left out (a cycle, beyond the threshold, a limit).
    Skip,
    Goal,
    /// To be expanded, with this path cost and estimate.
    Expand(C, C),
    Stop(StopReason),
}

/// A state on the recursive walk's path, linked to its parent's.
pub(super) struct Link<'l, P: Problem + ?Sized> {
    pub(super) state: &'l P::State,
    /// The step into `state`; `None` for the start.
    pub(super) via: Option<&'l StepOf<P>>,
    pub(super) parent: Option<&'l Link<'l, P>>,
}

impl<P: Problem + ?Sized> Link<'_, P> {
    /// Whether `state` is this link's or an ancestor's.
    fn holds(&self, state: &P::State) -> bool {
        let mut at = Some(self);
        while let Some(link) = at {
            if link.state == state {
                return true;
            }
            at = link.parent;
        }
        false
    }

    /// Whether a state occurs twice on the path from the start to this link.
    fn repeats(&self) -> bool {
        let mut at = Some(self);
        has_repeat(std::iter::from_fn(|| {
            let link = at?;
            at = link.parent;
            Some(link.state)
        }))
    }

    /// The path from the start to this link, then `last`.
    fn solution(&self, last: &StepOf<P>) -> SolutionOf<P> {
        let mut steps = vec![last.clone()];
        let mut at = self;
        while let (Some(via), Some(parent)) = (at.via, at.parent) {
            steps.push(via.clone());
            at = parent;
        }
        steps.reverse();
        Solution::from_steps(at.state.clone(), steps)
    }
}

/// One search's state across its iterations.
pub(super) struct Walk<'w, 'm, P: Problem + ?Sized, H: ?Sized, M: Metric<P::Cost>> {
    problem: &'w P,
    heuristic: &'w H,
    pub(super) mon: Monitor<'m, P::Cost>,
    cycle_check: CycleCheck,
    cost_bound: Option<P::Cost>,
    max_depth: Option<usize>,
    threshold: M::Value,
    /// The smallest value beyond the threshold met in this iteration.
    pub(super) next: Option<M::Value>,
    /// The limit that left a path out in this iteration, if any.
    pub(super) limited: Option<StopReason>,
    /// The smallest `g + h` left out for the cost bound, if any.
    pub(super) beyond_bound: Option<P::Cost>,
    /// Whether a path was left out for the depth limit (then the bound says less).
    pub(super) depth_cut: bool,
    /// How the recursive walk ended early.
    halt: Flow<P>,
    /// Whether a successor buffer of the recursive walk has spilled to the heap: then the
    /// walk takes its buffers from `pool`.
    spilled: bool,
    /// Whether the current recursive walk takes its buffers from `pool` (`spilled` when
    /// the walk began).
    pooled: bool,
    pool: Vec<Successors<P::State, P::Action, P::Cost>>,
    /// The hashes of the states on the recursive walk's path, for [`CycleCheck::Path`].
    path: PathFilter,
    /// The address of a local of the walk's first frame, to measure the stack it uses.
    stack_base: usize,
    /// One more than the deepest level the current recursive walk has expanded a state at
    /// (merged into the statistics' `max_frontier` when the walk ends or polls).
    deepest: usize,
}

impl<'w, 'm, P, H, M> Walk<'w, 'm, P, H, M>
where
    P: Problem + ?Sized,
    H: Heuristic<P> + ?Sized,
    M: Metric<P::Cost>,
{
    /// A walk of `problem` under `mon`'s limits and `setup`'s settings, its first iteration
    /// bounded by `threshold`. Its stack is measured from the caller's frame.
    pub(super) fn new(
        problem: &'w P,
        heuristic: &'w H,
        mon: Monitor<'m, P::Cost>,
        setup: &DeepeningSetup<'_, '_, P::Cost>,
        threshold: M::Value,
    ) -> Self {
        let marker = 0u8;
        Walk {
            problem,
            heuristic,
            cost_bound: mon.cost_bound(),
            mon,
            cycle_check: setup.cycle_check,
            max_depth: setup.max_depth,
            threshold,
            next: None,
            limited: None,
            beyond_bound: None,
            depth_cut: false,
            halt: Flow::Done,
            spilled: false,
            pooled: false,
            pool: Vec::new(),
            path: PathFilter::new(),
            stack_base: std::ptr::addr_of!(marker) as usize,
            deepest: 0,
        }
    }

    /// Whether a step of zero cost leads to `child`, under a metric of path costs: a cycle of
    /// such steps would keep the metric where it is, and IDA* would walk it forever.
    #[inline(always)]
    fn free_step(child: &StepOf<P>) -> bool {
        M::COSTS_MATTER && child.cost == P::Cost::ZERO
    }

    /// Whether `child`, about to be expanded, is to be checked against the path under
    /// `check`: always under the path check, under the lazy check when a step of zero cost
    /// leads to it, never under the parent check.
    #[inline(always)]
    fn checked_on_expand(check: CycleCheck, child: &StepOf<P>) -> bool {
        match check {
            CycleCheck::Parent => false,
            CycleCheck::Path => true,
            CycleCheck::Minimal => Self::free_step(child),
        }
    }

    /// Whether `child` is on the path whose states `path` lists (the start first), under
    /// this walk's cycle check (never under [`CycleCheck::Parent`]). This and the next two
    /// serve the walks that keep the path as a list, the explicit stack and the parallel
    /// search's cutter; the recursive walk follows its links instead.
    fn on_listed_path<'s, I>(&self, child: &P::State, path: impl Fn() -> I) -> bool
    where
        I: Iterator<Item = &'s P::State>,
        P::State: 's,
    {
        self.cycle_check != CycleCheck::Parent && path().any(|s| s == child)
    }

    /// [`Walk::judge`]'s `cyclic` test for `child`, below the path `path` lists: the child on
    /// the path, or, under the lazy check, a state on the path twice.
    pub(super) fn listed_cyclic<'s, I>(&self, child: &P::State, path: impl Fn() -> I) -> bool
    where
        I: Iterator<Item = &'s P::State>,
        P::State: 's,
    {
        self.on_listed_path(child, &path)
            || (self.cycle_check == CycleCheck::Minimal && has_repeat(path()))
    }

    /// [`Walk::judge`]'s `expand_cycle` test for `child`, below the path `path` lists: on
    /// the path, where [`Walk::checked_on_expand`] says to look.
    pub(super) fn listed_expand_cycle<'s, I>(&self, child: &StepOf<P>, path: impl Fn() -> I) -> bool
    where
        I: Iterator<Item = &'s P::State>,
        P::State: 's,
    {
        Self::checked_on_expand(self.cycle_check, child) && self.on_listed_path(&child.state, path)
    }

    /// Decides on `child`, a successor of `parent` (path cost `g`, estimate `h`), `depth`
    /// actions from the start. `back` tells whether it is the parent's parent. Two dearer
    /// tests are asked only when the answer matters: `cyclic`, whether the path to the child
    /// has a cycle, for a child that would lower the next threshold or the bound's (so a
    /// cycle beyond the threshold is not counted as a duplicate); `expand_cycle`, whether a
    /// child about to be expanded is to be skipped as on the path. Without `limited` the
    /// cost bound, the depth limit and the monitor are not looked at: the search has no
    /// limit at all.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn judge(
        &mut self,
        parent: &P::State,
        g: P::Cost,
        h: P::Cost,
        child: &StepOf<P>,
        back: bool,
        cyclic: impl Fn(&Self) -> bool,
        expand_cycle: impl Fn(&Self) -> bool,
        depth: usize,
        limited: bool,
    ) -> Verdict<P::Cost> {
        if back {
            self.mon.stats.duplicates += 1;
            return Verdict::Skip;
        }
        if M::COSTS_MATTER && child.cost < P::Cost::ZERO {
            return Verdict::Stop(StopReason::NegativeCost);
        }
        let g2 = g.saturating_add(child.cost);
        // Without a cost bound the estimate need only be exact within the threshold: a
        // child beyond it is pruned, and is given its exact estimate only when it would
        // lower the next threshold, which so stays what it would be. (Under a cost bound
        // the estimates are exact: which of the two prunes a child decides what is
        // reported.)
        let bound = if limited { self.cost_bound } else { None };
        let f_limit = if bound.is_none() {
            M::f_limit(self.threshold)
        } else {
            None
        };
        let exact = |walk: &Self| {
            walk.heuristic
                .estimate_child(parent, h, &child.action, &child.state)
        };
        let h2 = match f_limit {
            Some(limit) => self.heuristic.estimate_child_within(
                parent,
                h,
                &child.action,
                &child.state,
                g2,
                limit,
            ),
            None => exact(self),
        };
        if let Some(b) = bound {
            let f2 = g2.saturating_add(h2);
            if f2 > b {
                if !cyclic(self) {
                    self.limited = Some(StopReason::CostBound);
                    self.beyond_bound = Some(self.beyond_bound.map_or(f2, |x| x.min(f2)));
                }
                return Verdict::Skip;
            }
        }
        let value = M::value(g2, h2, depth);
        if value > self.threshold {
            if self.next.is_none_or(|n| value < n) && !cyclic(self) {
                let value = match f_limit {
                    Some(_) => M::value(g2, exact(self), depth),
                    None => value,
                };
                self.next = Some(self.next.map_or(value, |n| n.min(value)));
            }
            return Verdict::Skip;
        }
        if expand_cycle(self) {
            self.mon.stats.duplicates += 1;
            return Verdict::Skip;
        }
        if self.problem.is_goal(&child.state) {
            self.mon.stats.stored = depth + 1;
            return Verdict::Goal;
        }
        if limited && self.max_depth.is_some_and(|m| depth >= m) {
            self.limited = Some(StopReason::MaxDepth);
            self.depth_cut = true;
            return Verdict::Skip;
        }
        if limited && self.mon.due(self.mon.stats.expanded) {
            // the path's length is brought up to date only for the monitor to report
            self.mon.stats.stored = depth + 1;
            self.mon.stats.max_frontier = self.mon.stats.max_frontier.max(self.deepest);
            if let Some(reason) = self.mon.poll() {
                return Verdict::Stop(reason);
            }
        }
        Verdict::Expand(g2, h2)
    }

    /// Expands `at`'s state (path cost `g`, estimate `h`, `depth` actions from the start)
    /// and walks below each child within the threshold, recursively. True when the walk
    /// ends early, with how in `self.halt`. `CHECK`: the cycle check, [`PARENT`], [`PATH`]
    /// (with the states of the path in `self.path`) or [`MINIMAL`]; without `LIMITED` the
    /// limits are not looked at.
    ///
    /// The two settings a child is tested against are constants, so that each compiled walk
    /// tests only what it needs (making them fields cost IDA\* a fifth more instructions on
    /// the 15-puzzle); whether buffers come from the pool is a field, read once per state,
    /// which halves the number of walks compiled for each problem at the price of one
    /// branch per state.
    fn recurse<E: Expansion<P>, const LIMITED: bool, const CHECK: u8>(
        &mut self,
        at: &Link<'_, P>,
        g: P::Cost,
        h: P::Cost,
        depth: usize,
    ) -> bool {
        if depth >= self.deepest {
            // a level this walk has not reached before: every frame of a level lies at the
            // same depth of the stack, so measuring the first one measures them all
            let marker = 0u8;
            if (std::ptr::addr_of!(marker) as usize).abs_diff(self.stack_base) > STACK_BUDGET {
                self.halt = Flow::TooDeep;
                return true;
            }
            self.deepest = depth + 1;
        }
        let (check, limited, pooled) = (cycle_check_of(CHECK), LIMITED, self.pooled);
        let mut buf = match pooled {
            true => {
                let mut buf = self.pool.pop().unwrap_or_default();
                buf.clear();
                buf
            }
            false => Successors::new(),
        };
        let set = match at.via {
            Some(step) => E::after(self.problem, &step.action),
            None => E::empty(),
        };
        E::expand(self.problem, at.state, set, &mut buf);
        self.mon.stats.expanded += 1;
        self.mon.stats.generated += buf.len() as u64;
        let mut children = buf.iter();
        while let Some(child) = children.next() {
            let back = at.parent.is_some_and(|p| *p.state == child.state);
            // the child's filter slot, set by the path test when it is asked
            let slot = std::cell::Cell::new(0);
            let on_path = |walk: &Self| match check {
                CycleCheck::Path => {
                    slot.set(PathFilter::slot(&child.state));
                    walk.path.may_hold(slot.get()) && at.holds(&child.state)
                }
                CycleCheck::Minimal => at.holds(&child.state),
                CycleCheck::Parent => false,
            };
            // the lazy check walks cycles within the threshold: a path may repeat a state
            let cyclic =
                |walk: &Self| on_path(walk) || (check == CycleCheck::Minimal && at.repeats());
            let expand_cycle = |walk: &Self| Self::checked_on_expand(check, child) && on_path(walk);
            let d = depth + 1;
            let verdict = self.judge(
                at.state,
                g,
                h,
                child,
                back,
                cyclic,
                expand_cycle,
                d,
                limited,
            );
            let halt = match verdict {
                Verdict::Skip => continue,
                Verdict::Goal => Flow::Found(at.solution(child)),
                Verdict::Stop(reason) => Flow::Stopped(reason),
                Verdict::Expand(g2, h2) => {
                    if check == CycleCheck::Path {
                        self.path.enter(slot.get());
                    }
                    let link = Link {
                        state: &child.state,
                        via: Some(child),
                        parent: Some(at),
                    };
                    if self.recurse::<E, LIMITED, CHECK>(&link, g2, h2, depth + 1) {
                        // generated counts only the children looked at
                        self.mon.stats.generated -= children.len() as u64;
                        return true;
                    }
                    if check == CycleCheck::Path {
                        self.path.leave(slot.get());
                    }
                    continue;
                }
            };
            self.mon.stats.generated -= children.len() as u64;
            self.halt = halt;
            return true;
        }
        if pooled {
            self.pool.push(buf);
        } else if buf.spilled() {
            self.spilled = true;
        }
        false
    }

    /// Walks the tree below `at` (path cost `g`, estimate `h`, `depth` actions from the
    /// start) by [`Walk::recurse`]; `at`'s chain of links is the path above it.
    pub(super) fn walk_below<E: Expansion<P>>(
        &mut self,
        at: &Link<'_, P>,
        g: P::Cost,
        h: P::Cost,
        depth: usize,
    ) -> Flow<P> {
        // without limits, the walk neither polls the monitor nor tests bounds
        let limited = self.cost_bound.is_some() || self.max_depth.is_some() || self.mon.polls();
        self.pooled = self.spilled;
        self.path.clear();
        self.deepest = depth;
        if self.cycle_check == CycleCheck::Path {
            let mut link = Some(at);
            while let Some(l) = link {
                self.path.enter(PathFilter::slot(l.state));
                link = l.parent;
            }
        }
        match (limited, self.cycle_check) {
            (false, CycleCheck::Parent) => self.recurse::<E, false, PARENT>(at, g, h, depth),
            (false, CycleCheck::Path) => self.recurse::<E, false, PATH>(at, g, h, depth),
            (false, CycleCheck::Minimal) => self.recurse::<E, false, MINIMAL>(at, g, h, depth),
            (true, CycleCheck::Parent) => self.recurse::<E, true, PARENT>(at, g, h, depth),
            (true, CycleCheck::Path) => self.recurse::<E, true, PATH>(at, g, h, depth),
            (true, CycleCheck::Minimal) => self.recurse::<E, true, MINIMAL>(at, g, h, depth),
        };
        self.mon.stats.max_frontier = self.mon.stats.max_frontier.max(self.deepest);
        std::mem::replace(&mut self.halt, Flow::Done)
    }

    /// One iteration from `start` (estimate `h0`) on an explicit stack of frames: slower
    /// than [`Walk::recurse`], but as deep as memory allows.
    fn iterate<E: Expansion<P>>(
        &mut self,
        start: &P::State,
        h0: P::Cost,
        frames: &mut Frames<P>,
    ) -> Flow<P> {
        let zero = P::Cost::ZERO;
        frames::ready(frames, 0, zero, h0);
        E::expand(self.problem, start, E::empty(), &mut frames[0].children);
        self.mon.stats.expanded += 1;
        self.mon.stats.max_frontier = self.mon.stats.max_frontier.max(1);
        let mut depth = 1usize; // frames in use; frame d holds the children of path state d

        while depth > 0 {
            let d = depth - 1;
            let (lower, upper) = frames.split_at_mut(d);
            let frame = &mut upper[0];
            let i = frame.next;
            if i >= frame.children.len() {
                depth -= 1;
                continue;
            }
            frame.next = i + 1;
            let (g, parent_h) = (frame.g, frame.h);
            let child = &frame.children.as_slice()[i];
            let parent = if d == 0 {
                start
            } else {
                &lower[d - 1].chosen().state
            };
            let back = || match d {
                0 => false,
                1 => child.state == *start,
                _ => child.state == lower[d - 2].chosen().state,
            };
            let path = || std::iter::once(start).chain(lower.iter().map(|f| &f.chosen().state));
            let cyclic = |walk: &Self| walk.listed_cyclic(&child.state, path);
            let expand_cycle = |walk: &Self| walk.listed_expand_cycle(child, path);
            self.mon.stats.generated += 1;
            let verdict = self.judge(
                parent,
                g,
                parent_h,
                child,
                back(),
                cyclic,
                expand_cycle,
                depth,
                true,
            );
            let (g2, h2) = match verdict {
                Verdict::Skip => continue,
                Verdict::Goal => return Flow::Found(frames::solution(start.clone(), lower, child)),
                Verdict::Stop(reason) => return Flow::Stopped(reason),
                Verdict::Expand(g2, h2) => (g2, h2),
            };
            // Expand the child into the frame one level deeper.
            frames::ready(frames, depth, g2, h2);
            let (lower, upper) = frames.split_at_mut(depth);
            let chosen = &lower[d].children.as_slice()[i];
            let set = E::after(self.problem, &chosen.action);
            E::expand(self.problem, &chosen.state, set, &mut upper[0].children);
            self.mon.stats.expanded += 1;
            depth += 1;
            self.mon.stats.max_frontier = self.mon.stats.max_frontier.max(depth);
        }
        Flow::Done
    }
}

pub(crate) fn search<P, H, M, E>(
    problem: &P,
    start: P::State,
    heuristic: &H,
    setup: DeepeningSetup<'_, '_, P::Cost>,
) -> ResultOf<P>
where
    P: Problem + ?Sized,
    H: Heuristic<P> + ?Sized,
    M: Metric<P::Cost>,
    E: Expansion<P>,
{
    let zero = P::Cost::ZERO;
    let mon = Monitor::new(setup.limits);
    if problem.is_goal(&start) {
        return mon.finish(Outcome::Found(Solution::from_steps(start, Vec::new())));
    }
    let h0 = heuristic.estimate(&start);
    let mut walk: Walk<'_, '_, P, H, M> =
        Walk::new(problem, heuristic, mon, &setup, M::value(zero, h0, 0));
    // the explicit stack, once a path has outgrown the recursion
    let mut frames: Option<Frames<P>> = None;
    walk.mon.stats.iterations = 0;

    loop {
        walk.mon.stats.iterations += 1;
        walk.next = None;
        walk.limited = None;
        walk.mon.stats.stored = 1;
        let lower_bound = M::lower_bound(walk.threshold);
        if let Some(reason) = walk.mon.check() {
            return walk.mon.stopped(reason, lower_bound);
        }
        let stats = walk.mon.stats;
        if walk.max_depth == Some(0) {
            return walk.mon.stopped(StopReason::MaxDepth, lower_bound);
        }
        let mut flow = match frames {
            None => {
                let root = Link {
                    state: &start,
                    via: None,
                    parent: None,
                };
                walk.walk_below::<E>(&root, zero, h0, 0)
            }
            Some(ref mut frames) => walk.iterate::<E>(&start, h0, frames),
        };
        if let Flow::TooDeep = flow {
            // Walk this iteration again, on the explicit stack from now on; it counts as
            // one walk.
            walk.mon.stats = stats;
            walk.next = None;
            walk.limited = None;
            flow = walk.iterate::<E>(&start, h0, frames.insert(Vec::new()));
        }
        match flow {
            Flow::Found(solution) => return walk.mon.finish(Outcome::Found(solution)),
            Flow::Stopped(reason) => {
                return walk
                    .mon
                    .stopped(reason, bound_when_stopped(reason, lower_bound))
            }
            Flow::Done | Flow::TooDeep => {}
        }
        match walk.next {
            Some(t) => walk.threshold = t,
            None => {
                let (limited, beyond, cut) = (walk.limited, walk.beyond_bound, walk.depth_cut);
                return last_iteration(walk.mon, limited, beyond, cut, lower_bound);
            }
        }
    }
}

/// The lower bound a search stopped for `reason` reports while the threshold proves
/// `lower_bound`: none for a negative step, which makes every bound wrong.
pub(super) fn bound_when_stopped<C>(reason: StopReason, lower_bound: Option<C>) -> Option<C> {
    match reason {
        StopReason::NegativeCost => None,
        _ => lower_bound,
    }
}

/// How a search ends after an iteration that left nothing beyond its threshold: stopped by
/// the limit that cut paths (`limited`), or exhausted. If only the cost bound cut paths,
/// `beyond_bound`, the cheapest `f` it left out, is the lower bound.
pub(super) fn last_iteration<C: Cost, S, A>(
    mut mon: Monitor<'_, C>,
    limited: Option<StopReason>,
    beyond_bound: Option<C>,
    depth_cut: bool,
    lower_bound: Option<C>,
) -> crate::search::SearchResult<S, A, C> {
    mon.stats.stored = 0;
    match limited {
        Some(reason) => {
            let lb = match beyond_bound {
                Some(f) if !depth_cut => lower_bound.and(Some(f)),
                _ => lower_bound,
            };
            mon.stopped(reason, lb)
        }
        None => mon.finish(Outcome::Exhausted),
    }
}
