//! IDA* on several threads.
//!
//! Each iteration's tree is cut into *jobs*, subtrees split off first where the threshold
//! leaves the most room below them (see `cut`), and put in the order a depth-first walk meets
//! them; threads take the jobs in that order and walk each with the serial engine
//! ([`Walk::walk_below`]), sharing nothing but the job counter, the expansion count and the
//! index of the first job that found a goal. A job after that one is skipped, and the
//! iteration's answer is the goal of the first job (in walk order) that found one: the goal
//! the serial walk would have met first. So the parallel search returns exactly the serial
//! search's solution, whatever the number of threads; only the statistics of the last
//! iteration differ (jobs after the winning one may have been walked in part). A path too
//! deep for a thread's stack budget hands the whole search to the serial engine.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use super::report::{add_stats, Report};
use super::{on_threads, SharedProblem, Threads};
use crate::algorithms::deepening::{
    bound_when_stopped, last_iteration, DeepeningSetup, FCost, Flow, Link, Metric, SolutionOf,
    Verdict, Walk,
};
use crate::algorithms::{ResultOf, StepOf};
use crate::search::{Monitor, Outcome, Solution, Stats, StopReason};
use crate::traits::{Cost, Expansion, Heuristic, Problem, Successors};

/// How many jobs an iteration is cut into per thread, at least (the cut stops at
/// [`MAX_CUT_DEPTH`] or when the tree ends)...
const MIN_JOBS_PER_THREAD: usize = 32;

/// ... and at most. Fine cuts matter in the last iteration: while one thread walks the
/// subtree that holds the first goal, the others walk later subtrees that the goal makes
/// useless, and the smaller the subtrees, the less of that.
const MAX_JOBS_PER_THREAD: usize = 4096;

/// Expansions of the previous iteration per job: the cut is serial, so it stays a small part
/// of an iteration.
const EXPANSIONS_PER_JOB: u64 = 1000;

/// The deepest level the tree is cut at.
const MAX_CUT_DEPTH: usize = 24;

/// A subtree of one iteration, given by the steps from the start to its root.
enum SubtreeJob<P: Problem + ?Sized> {
    /// The subtree below the last step's state, with its path cost and estimate.
    Walk {
        steps: Vec<StepOf<P>>,
        g: P::Cost,
        h: P::Cost,
    },
    /// The last step reached a goal (found while cutting).
    Goal(Vec<StepOf<P>>),
}

/// What `walk` counted and found in its part of an iteration. (The states it stores are
/// its path, which the search counts itself.)
fn report_of<P, H>(walk: &Walk<'_, '_, P, H, FCost>) -> Report<P::Cost>
where
    P: Problem + ?Sized,
    H: Heuristic<P> + ?Sized,
{
    Report {
        stats: Stats {
            stored: 0,
            ..walk.mon.stats
        },
        pruned: walk.beyond_bound,
        next: walk.next,
        limited: walk.limited,
        depth_cut: walk.depth_cut,
        lost: None,
    }
}

/// Runs `f` with the chain of links of `start` then `steps` (the last link deepest).
fn with_links<P: Problem + ?Sized, R>(
    parent: &Link<'_, P>,
    steps: &[StepOf<P>],
    f: &mut dyn FnMut(&Link<'_, P>) -> R,
) -> R {
    match steps.split_first() {
        None => f(parent),
        Some((step, rest)) => {
            let link = Link {
                state: &step.state,
                via: Some(step),
                parent: Some(parent),
            };
            with_links(&link, rest, f)
        }
    }
}

/// The solution along `steps` from `start`.
fn solution<P: Problem + ?Sized>(start: &P::State, steps: &[StepOf<P>]) -> SolutionOf<P> {
    let steps = steps.to_vec();
    Solution::from_steps(start.clone(), steps)
}

pub(crate) fn search<P, H, E>(
    problem: &P,
    start: P::State,
    heuristic: &H,
    setup: DeepeningSetup<'_, '_, P::Cost>,
    threads: Threads,
    serial_below: u64,
) -> ResultOf<P>
where
    P: SharedProblem + ?Sized,
    H: Heuristic<P> + Sync + ?Sized,
    E: Expansion<P>,
{
    let threads = threads.get();
    let zero = P::Cost::ZERO;
    let mut mon = Monitor::new(setup.limits);
    if problem.is_goal(&start) {
        return mon.finish(Outcome::Found(Solution::from_steps(start, Vec::new())));
    }
    let thread_limits = mon.thread_limits();
    let thread_setup = DeepeningSetup {
        limits: &thread_limits,
        max_depth: setup.max_depth,
        cycle_check: setup.cycle_check,
    };
    let expanded = Arc::new(AtomicU64::new(0));
    let h0 = heuristic.estimate(&start);
    let mut threshold = FCost::value(zero, h0, 0);
    // the expansions of the last iteration, which decide how many threads walk the next
    let mut last_expanded = 0;
    mon.stats.iterations = 0;
    let root = Link::<P> {
        state: &start,
        via: None,
        parent: None,
    };

    loop {
        mon.stats.iterations += 1;
        mon.stats.stored = 1;
        let lower_bound = <FCost as Metric<P::Cost>>::lower_bound(threshold);
        if let Some(reason) = mon.poll() {
            return mon.stopped(reason, lower_bound);
        }
        if setup.max_depth == Some(0) {
            return mon.stopped(StopReason::MaxDepth, lower_bound);
        }
        // Cut the tree into jobs, in walk order, on this thread.
        let cutter_mon = Monitor::new(&thread_limits);
        let mut cutter: Walk<'_, '_, P, H, FCost> =
            Walk::new(problem, heuristic, cutter_mon, &thread_setup, threshold);
        // a small iteration is over before threads would have started
        let active = if last_expanded < serial_below {
            1
        } else {
            threads
        };
        let per_thread = usize::try_from(last_expanded / EXPANSIONS_PER_JOB / active as u64)
            .unwrap_or(usize::MAX)
            .clamp(MIN_JOBS_PER_THREAD, MAX_JOBS_PER_THREAD);
        let (jobs, cut_stop) =
            cut::<P, H, E>(&mut cutter, problem, &start, h0, per_thread * active);
        let mut report = report_of(&cutter);
        // the cutter's expansions count towards the limit too
        expanded.fetch_add(report.stats.expanded, Ordering::Relaxed);
        if let Some(reason) = cut_stop {
            add_stats(&mut mon.stats, &report.stats);
            return mon.stopped(reason, bound_when_stopped(reason, lower_bound));
        }

        // Walk the jobs on `active` threads (or as many as the system starts).
        let shared = |n: usize| SubtreeShared {
            jobs: &jobs,
            taken: AtomicUsize::new(0),
            first_goal: AtomicUsize::new(usize::MAX),
            halt: AtomicBool::new(false),
            found: Mutex::new(Vec::new()),
            stopped: Mutex::new(None),
            too_deep: AtomicBool::new(false),
            running: (0..n).map(|_| AtomicUsize::new(usize::MAX)).collect(),
            abandon: (0..n).map(|_| Arc::default()).collect(),
            expanded: &expanded,
            setup: &thread_setup,
            start: &start,
            root: &root,
        };
        let work = |shared: &SubtreeShared<'_, '_, P>, w| {
            shared.work::<H, E>(w, problem, heuristic, threshold)
        };
        let (shared, reports): (_, Vec<Report<P::Cost>>) =
            on_threads(active, shared, |shared| work(shared, 0), work);
        let SubtreeShared {
            too_deep,
            stopped,
            found,
            ..
        } = shared;
        if too_deep.into_inner() {
            // A path outgrew a thread's stack budget: the serial engine, whose explicit
            // stack has no depth limit, does the whole search.
            return crate::algorithms::deepening::search::<P, H, FCost, E>(
                problem,
                start.clone(),
                heuristic,
                setup,
            );
        }
        for r in &reports {
            report.absorb(r);
        }
        add_stats(&mut mon.stats, &report.stats);
        last_expanded = report.stats.expanded;
        // the threads report to the shared count only when they poll: the exact total
        expanded.store(mon.stats.expanded, Ordering::Relaxed);
        if let Some(reason) = stopped.into_inner().unwrap_or_else(|e| e.into_inner()) {
            return mon.stopped(reason, bound_when_stopped(reason, lower_bound));
        }
        let mut found = found.into_inner().unwrap_or_else(|e| e.into_inner());
        if let Some(k) = (0..found.len()).min_by_key(|&k| found[k].0) {
            let (_, sol) = found.swap_remove(k);
            mon.stats.stored = sol.len() + 1;
            return mon.finish(Outcome::Found(sol));
        }
        match report.next {
            Some(t) => threshold = t,
            None => {
                let (limited, beyond, cut) = (report.limited, report.pruned, report.depth_cut);
                return last_iteration(mon, limited, beyond, cut, lower_bound);
            }
        }
    }
}

/// Cuts the tree below `start` (estimate `h0`) into about `target` jobs, in walk order, and
/// the reason the cut stopped early, if it did.
///
/// The job with the most room under the threshold (the least `f`, then the shallowest) is
/// split first: an IDA\* subtree grows exponentially with that room, so cutting level by
/// level leaves a few jobs that hold most of the iteration, and the threads that finish
/// early wait for them. A goal met while cutting ends the cut, since nothing after it in walk
/// order is needed.
fn cut<P, H, E>(
    cutter: &mut Walk<'_, '_, P, H, FCost>,
    problem: &P,
    start: &P::State,
    h0: P::Cost,
    target: usize,
) -> (Vec<SubtreeJob<P>>, Option<StopReason>)
where
    P: Problem + ?Sized,
    H: Heuristic<P> + ?Sized,
    E: Expansion<P>,
{
    let zero = P::Cost::ZERO;
    // the jobs with their places in walk order (child indices from the start); a split
    // job's slot is emptied
    let mut cut: Vec<Option<(Vec<u32>, SubtreeJob<P>)>> = vec![Some((
        Vec::new(),
        SubtreeJob::Walk {
            steps: Vec::new(),
            g: zero,
            h: h0,
        },
    ))];
    let mut queue = BinaryHeap::from([Reverse((FCost::value(zero, h0, 0), 0usize, 0usize))]);
    let mut live = 1;
    let mut children = Successors::new();
    let mut stop = None;
    'cut: while live < target {
        let Some(Reverse((_, depth, k))) = queue.pop() else {
            break;
        };
        if depth >= MAX_CUT_DEPTH {
            continue;
        }
        let Some((order, SubtreeJob::Walk { steps, g, h })) = cut[k].take() else {
            unreachable!("only walks are queued, each once");
        };
        live -= 1;
        let (state, last) = match steps.last() {
            Some(step) => (&step.state, Some(&step.action)),
            None => (start, None),
        };
        children.clear();
        E::expand(problem, state, E::after_last(problem, last), &mut children);
        cutter.mon.stats.expanded += 1;
        cutter.mon.stats.max_frontier = cutter.mon.stats.max_frontier.max(depth + 1);
        let grand = match steps.len() {
            0 => None,
            1 => Some(start),
            n => Some(&steps[n - 2].state),
        };
        for (i, child) in children.iter().enumerate() {
            cutter.mon.stats.generated += 1;
            let back = grand.is_some_and(|s| *s == child.state);
            let path = || std::iter::once(start).chain(steps.iter().map(|s| &s.state));
            let cyclic = |walk: &Walk<'_, '_, P, H, FCost>| walk.listed_cyclic(&child.state, path);
            let expand_cycle =
                |walk: &Walk<'_, '_, P, H, FCost>| walk.listed_expand_cycle(child, path);
            let (d, limited) = (depth + 1, true);
            let verdict = cutter.judge(state, g, h, child, back, cyclic, expand_cycle, d, limited);
            let place = || {
                let mut o = order.clone();
                o.push(u32::try_from(i).unwrap_or(u32::MAX));
                let mut v = steps.clone();
                v.push(child.clone());
                (o, v)
            };
            match verdict {
                Verdict::Skip => {}
                Verdict::Expand(g2, h2) => {
                    let (o, steps) = place();
                    queue.push(Reverse((
                        FCost::value(g2, h2, depth + 1),
                        depth + 1,
                        cut.len(),
                    )));
                    cut.push(Some((
                        o,
                        SubtreeJob::Walk {
                            steps,
                            g: g2,
                            h: h2,
                        },
                    )));
                    live += 1;
                }
                Verdict::Goal => {
                    let (o, steps) = place();
                    cut.push(Some((o, SubtreeJob::Goal(steps))));
                    break 'cut;
                }
                Verdict::Stop(reason) => {
                    stop = Some(reason);
                    break 'cut;
                }
            }
        }
    }
    let mut jobs: Vec<_> = cut.into_iter().flatten().collect();
    jobs.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    // the jobs after a goal are not needed
    if let Some(goal) = jobs.iter().position(|j| matches!(j.1, SubtreeJob::Goal(_))) {
        jobs.truncate(goal + 1);
    }
    (jobs.into_iter().map(|(_, job)| job).collect(), stop)
}

/// What the threads of one iteration share.
struct SubtreeShared<'s, 'l, P: Problem + ?Sized> {
    /// The jobs, in walk order.
    jobs: &'s [SubtreeJob<P>],
    /// How many jobs threads have taken.
    taken: AtomicUsize,
    /// The first job (in walk order) known to hold a goal.
    first_goal: AtomicUsize,
    /// Set when a thread stops for a limit or a path too deep: the others take no more jobs.
    halt: AtomicBool,
    found: Mutex<Vec<(usize, SolutionOf<P>)>>,
    stopped: Mutex<Option<StopReason>>,
    too_deep: AtomicBool,
    /// The job each thread walks (`usize::MAX`: none yet), and the flag that abandons it
    /// once a goal is found in a job before it.
    running: Vec<AtomicUsize>,
    abandon: Vec<Arc<AtomicBool>>,
    /// The expansions of all threads, for the expansion limit.
    expanded: &'s Arc<AtomicU64>,
    setup: &'s DeepeningSetup<'s, 'l, P::Cost>,
    start: &'s P::State,
    root: &'s Link<'s, P>,
}

impl<P> SubtreeShared<'_, '_, P>
where
    P: Problem + ?Sized,
{
    /// Thread `w`'s part of the iteration bounded by `threshold`: it takes jobs in walk
    /// order until none is left, a goal is known in an earlier one, or the search stops.
    fn work<H, E>(
        &self,
        w: usize,
        problem: &P,
        heuristic: &H,
        threshold: P::Cost,
    ) -> Report<P::Cost>
    where
        H: Heuristic<P> + ?Sized,
        E: Expansion<P>,
    {
        let mon = Monitor::new(self.setup.limits)
            .sharing(self.expanded.clone())
            .abandoned_when(self.abandon[w].clone());
        let mut walk: Walk<'_, '_, P, H, FCost> =
            Walk::new(problem, heuristic, mon, self.setup, threshold);
        walk.mon.stats.iterations = 0;
        let cancelled = || {
            let cancel = self.setup.limits.cancel.as_ref();
            cancel.is_some_and(|c| c.is_cancelled())
        };
        while !self.halt.load(Ordering::Relaxed) {
            let i = self.taken.fetch_add(1, Ordering::SeqCst);
            if i >= self.jobs.len() {
                break;
            }
            self.running[w].store(i, Ordering::SeqCst);
            self.abandon[w].store(false, Ordering::SeqCst);
            if i > self.first_goal.load(Ordering::SeqCst) {
                break;
            }
            let flow = match &self.jobs[i] {
                SubtreeJob::Goal(steps) => Flow::Found(solution::<P>(self.start, steps)),
                SubtreeJob::Walk { steps, g, h } => with_links(self.root, steps, &mut |at| {
                    walk.walk_below::<E>(at, *g, *h, steps.len())
                }),
            };
            match flow {
                Flow::Done => {}
                Flow::Found(sol) => {
                    self.first_goal.fetch_min(i, Ordering::SeqCst);
                    let mut found = self.found.lock().unwrap_or_else(|e| e.into_inner());
                    found.push((i, sol));
                    // the jobs after this one are not wanted any more
                    for (job, flag) in self.running.iter().zip(&self.abandon) {
                        let j = job.load(Ordering::SeqCst);
                        if j > i && j != usize::MAX {
                            flag.store(true, Ordering::SeqCst);
                        }
                    }
                }
                // abandoned, not cancelled by the caller: a goal came first
                Flow::Stopped(StopReason::Cancelled)
                    if self.abandon[w].load(Ordering::SeqCst) && !cancelled() => {}
                Flow::Stopped(reason) => {
                    *self.stopped.lock().unwrap_or_else(|e| e.into_inner()) = Some(reason);
                    self.halt.store(true, Ordering::Relaxed);
                }
                Flow::TooDeep => {
                    self.too_deep.store(true, Ordering::Relaxed);
                    self.halt.store(true, Ordering::Relaxed);
                }
            }
        }
        report_of(&walk)
    }
}
