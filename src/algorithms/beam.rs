//! Beam search, breadth-first: the best states of each layer.

use std::cmp::Reverse;

use hashbrown::HashTable;

use super::ResultOf;
use crate::collections::{Arena, Lookup};
use crate::search::{limit_methods, Limits, Monitor, Outcome, Solution, Step, StopReason};
use crate::traits::{Cost, Heuristic, Problem, Successors};

/// Beam search: breadth-first, layer by layer, keeping of each layer only the `width` best
/// states by `f = g + h` (path cost plus estimate). Memory and time grow linearly with the
/// depth instead of exponentially, at the price of completeness and optimality: a solution
/// found is not claimed to be optimal, and the states left out may hold the only way to a
/// goal.
///
/// Goals are recognised when generated. A state is kept at most once: a successor already
/// kept in an earlier layer is a duplicate and left out, so at most `width` × depth states
/// are stored. The answer is honest about what was left out:
///
/// * a goal reached: [`Outcome::Found`];
/// * no layer left and no state ever dropped for the width: the whole reachable space was
///   searched, [`Outcome::Exhausted`];
/// * no layer left after dropping states: stopped with [`StopReason::BeamWidth`].
///
/// With a width at least the number of states of every layer nothing is dropped and the
/// search is a breadth-first search: the solution has the fewest actions. [`Beam`] ranks by
/// the estimate alone (a greedy beam), restarts with doubled widths until it has an answer
/// ([`Beam::widening`]), and takes limits.
///
/// # Examples
///
/// ```
/// use heurist::FnProblem;
///
/// // From 1 to 1000 by doubling, adding one or subtracting one; the estimate is how far
/// // off the number is (not admissible: beam search does not need it to be).
/// let p = FnProblem::new(|n: &u32| *n == 1000, |&n: &u32| [('d', 2 * n, 1u32), ('+', n + 1, 1), ('-', n.saturating_sub(1), 1)]);
/// let h = |&n: &u32| n.abs_diff(1000);
/// let result = heurist::beam(&p, 1, h, 4);
/// let solution = result.solution().expect("found");
/// assert_eq!(*solution.goal(), 1000);
/// let fewest = heurist::bfs(&p, 1).cost().unwrap();
/// println!("{} actions (fewest: {fewest}); {}", solution.len(), result.stats);
/// assert!(solution.len() >= fewest as usize);
/// assert!(result.stats.stored <= 1 + 4 * solution.len()); // width × depth
/// ```
pub fn beam<P, F>(problem: &P, start: P::State, heuristic: F, width: usize) -> ResultOf<P>
where
    P: Problem + ?Sized,
    F: Fn(&P::State) -> P::Cost,
{
    Beam::new(width).search(problem, start, heuristic)
}

/// The configuration of [`beam`]: the width, the ranking, widening restarts, limits.
///
/// Results never carry a lower bound. A width of zero keeps nothing beyond the start.
///
/// # Examples
///
/// ```
/// use heurist::{Beam, FnProblem, StopReason};
///
/// // A trap: the estimate lures the beam up the dead end 1, 2, ..., 30; the goal is -3.
/// let p = FnProblem::new(
///     |n: &i32| *n == -3,
///     |&n: &i32| {
///         let mut next = vec![];
///         if n >= 0 && n < 30 { next.push(((), n + 1, 1u32)) }
///         if n <= 0 { next.push(((), n - 1, 1)) }
///         next
///     },
/// );
/// let h = |&n: &i32| if n >= 0 { 0 } else { 5 };
/// let narrow = Beam::new(1).search(&p, 0, h);
/// assert_eq!(narrow.stop_reason(), Some(StopReason::BeamWidth));
///
/// // Widening restarts with widths 1, 2, ...: the second run finds the goal.
/// let wide = Beam::new(1).widening().search(&p, 0, h);
/// assert_eq!(wide.cost(), Some(3));
/// assert_eq!(wide.stats.iterations, 2);
///
/// // Ranking by the estimate alone.
/// let greedy = Beam::new(8).rank_by_estimate().max_expansions(1000).search(&p, 0, h);
/// assert!(greedy.is_found());
/// ```
#[derive(Clone, Debug)]
pub struct Beam<'a, C> {
    limits: Limits<'a, C>,
    width: usize,
    by_estimate: bool,
    widening: bool,
}

impl<C> Beam<'_, C> {
    /// A beam keeping `width` states per layer, ranked by `g + h`, no limits.
    pub fn new(width: usize) -> Self {
        Beam {
            limits: Limits::new(),
            width,
            by_estimate: false,
            widening: false,
        }
    }
}

impl<'a, C> Beam<'a, C> {
    limit_methods!();

    /// Rank the states of a layer by the estimate `h` alone (smaller path cost among
    /// equals) instead of `g + h`: a greedy beam, which heads for the goal rather than for
    /// cheap paths.
    pub fn rank_by_estimate(mut self) -> Self {
        self.by_estimate = true;
        self
    }

    /// Makes the search complete on finite spaces: a run that drops states and finds no
    /// goal is followed by one with twice the width (a width of zero starts at one), until
    /// a run finds a goal, or drops nothing (then the search is exhausted, a proof that no
    /// goal is reachable, or, if the cost bound left states out, stopped by it), or a limit
    /// stops it. The limits hold for the runs together (expansions, time and cancellation
    /// add up; the memory bound is per run, since each run starts afresh);
    /// [`Stats`](crate::Stats) add up the runs, with `iterations` the number of runs and
    /// `stored` the most states one run held.
    pub fn widening(mut self) -> Self {
        self.widening = true;
        self
    }

    /// Runs beam search on `problem` from `start`, guided by `heuristic`.
    pub fn search<P, H>(&self, problem: &P, start: P::State, heuristic: H) -> ResultOf<P>
    where
        P: Problem<Cost = C> + ?Sized,
        C: Cost,
        H: Heuristic<P>,
    {
        let mut mon = Monitor::new(&self.limits);
        let mut width = self.width;
        if self.widening {
            width = width.max(1);
        }
        loop {
            let end = run(
                problem,
                &start,
                &heuristic,
                width,
                self.by_estimate,
                &mut mon,
            );
            let reason = match end {
                End::Found(solution) => return mon.finish(Outcome::Found(solution)),
                End::Exhausted => return mon.finish(Outcome::Exhausted),
                End::Dropped if self.widening => {
                    width = width.saturating_mul(2);
                    mon.stats.iterations += 1;
                    continue;
                }
                End::Dropped => StopReason::BeamWidth,
                End::Stopped(reason) => reason,
            };
            return mon.stopped(reason, None);
        }
    }
}

/// How one beam run ended.
enum End<S, A, C> {
    Found(Solution<S, A, C>),
    /// Nothing dropped, nothing left out for the cost bound, no goal.
    Exhausted,
    /// No goal, after dropping states for the width.
    Dropped,
    /// A limit stopped it, or (with nothing dropped) the cost bound left states out.
    Stopped(StopReason),
}

/// What the beam keeps per state besides its place in the arena.
struct BeamMeta<C> {
    g: C,
    h: C,
}

/// A successor of the layer, a candidate for the next one.
struct Candidate<S, A, C> {
    hash: u64,
    state: S,
    parent: u32,
    action: A,
    cost: C,
    g: C,
    h: C,
    /// The order it was generated in, the last tie-break.
    seq: u32,
}

fn run<P, H>(
    problem: &P,
    start: &P::State,
    heuristic: &H,
    width: usize,
    by_estimate: bool,
    mon: &mut Monitor<'_, P::Cost>,
) -> End<P::State, P::Action, P::Cost>
where
    P: Problem + ?Sized,
    H: Heuristic<P> + ?Sized,
{
    let bound = mon.cost_bound();
    let h0 = heuristic.estimate(start);
    let g0 = P::Cost::ZERO;
    if problem.is_goal(start) {
        return End::Found(Solution {
            start: start.clone(),
            steps: Vec::new(),
            cost: g0,
        });
    }
    if bound.is_some_and(|b| h0 > b) {
        return End::Stopped(StopReason::CostBound);
    }
    let rank = |c: &Candidate<P::State, P::Action, P::Cost>, d: &Candidate<_, _, _>| {
        if by_estimate {
            (c.h, c.g, c.seq).cmp(&(d.h, d.g, d.seq))
        } else {
            let (f, e) = (c.g.saturating_add(c.h), d.g.saturating_add(d.h));
            (f, Reverse(c.g), c.seq).cmp(&(e, Reverse(d.g), d.seq))
        }
    };
    let mut arena: Arena<P::State, P::Action, P::Cost, BeamMeta<P::Cost>> = Arena::new();
    let mut layer = vec![arena.insert_start(start.clone(), BeamMeta { g: g0, h: h0 }) as u32];
    let mut candidates: Vec<Candidate<P::State, P::Action, P::Cost>> = Vec::new();
    let mut index: HashTable<u32> = HashTable::new();
    let mut buf = Successors::new();
    let mut looks = Vec::new();
    let (mut dropped, mut pruned) = (false, false);
    mon.stats.stored = mon.stats.stored.max(1);
    mon.stats.max_frontier = mon.stats.max_frontier.max(1);

    while !layer.is_empty() {
        candidates.clear();
        index.clear();
        for &id in &layer {
            let id = id as usize;
            if let Some(reason) = mon.check() {
                return End::Stopped(reason);
            }
            mon.stats.expanded += 1;
            let (g, h) = (arena.data(id).g, arena.data(id).h);
            problem.successors(arena.state(id), &mut buf);
            // (the arena does not change until the layer is chosen)
            arena.lookup_ahead(id, buf.iter().map(|s| &s.state), &mut looks);
            for (i, succ) in buf.drain().enumerate() {
                mon.stats.generated += 1;
                let (hash, look) = arena.resolve(&looks, i, false, &succ.state);
                if let Lookup::Found(_) = look {
                    mon.stats.duplicates += 1;
                    continue;
                }
                let g2 = g.saturating_add(succ.cost);
                if let Some(&j) = index.find(hash, |&j| candidates[j as usize].state == succ.state)
                {
                    mon.stats.duplicates += 1;
                    let c = &mut candidates[j as usize];
                    if g2 < c.g {
                        (c.parent, c.action, c.cost, c.g) = (id as u32, succ.action, succ.cost, g2);
                    }
                    continue;
                }
                let h2 = heuristic.estimate_child(arena.state(id), h, &succ.action, &succ.state);
                if bound.is_some_and(|b| g2.saturating_add(h2) > b) {
                    pruned = true;
                    continue;
                }
                if problem.is_goal(&succ.state) {
                    let mut solution = arena.solution(id);
                    solution.cost = solution.cost.saturating_add(succ.cost);
                    solution.steps.push(Step {
                        action: succ.action,
                        state: succ.state,
                        cost: succ.cost,
                    });
                    return End::Found(solution);
                }
                let seq = candidates.len() as u32;
                index.insert_unique(hash, seq, |&j| candidates[j as usize].hash);
                candidates.push(Candidate {
                    hash,
                    state: succ.state,
                    parent: id as u32,
                    action: succ.action,
                    cost: succ.cost,
                    g: g2,
                    h: h2,
                    seq,
                });
            }
        }
        if candidates.len() > width {
            dropped = true;
            if width > 0 {
                candidates.select_nth_unstable_by(width - 1, rank);
            }
            candidates.truncate(width);
        }
        // the best first: of two goals the next layer generates, the better parent's is found
        candidates.sort_unstable_by(rank);
        layer.clear();
        for c in candidates.drain(..) {
            if mon.full(arena.len()) || arena.is_full() {
                return End::Stopped(StopReason::MaxStates);
            }
            let at = match arena.lookup(c.hash, &c.state) {
                Lookup::Vacant(at) => at,
                Lookup::Found(_) => continue, // never: candidates are unique and not kept
            };
            let meta = BeamMeta { g: c.g, h: c.h };
            let link = Some((c.action, c.cost));
            layer.push(arena.insert(at, c.state, c.parent as usize, link, meta) as u32);
        }
        mon.stats.stored = mon.stats.stored.max(arena.len());
        mon.stats.max_frontier = mon.stats.max_frontier.max(layer.len());
    }
    match (dropped, pruned) {
        (true, _) => End::Dropped,
        (false, true) => End::Stopped(StopReason::CostBound),
        (false, false) => End::Exhausted,
    }
}
