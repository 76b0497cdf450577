//! Breadth-first search.

use crate::collections::{inline_states, BfsStore, IdIndex, InlineIndex, SeenIndex};
use crate::search::{Monitor, Options, Outcome, SearchResult, StopReason};
use crate::traits::{Cost, Problem, Successors};

/// Breadth-first search: a solution with the fewest actions (step costs are ignored for
/// the ordering, but the returned [`Solution::cost`](crate::Solution) adds them up).
///
/// Goals are recognised when generated, one level earlier than when expanded. Every
/// reached state is stored once, with its parent link, in the order reached (the store
/// doubles as the FIFO queue); duplicates are detected by a hash set that holds small
/// plain-data states by value and larger ones as 4-byte node ids. A problem that declares
/// its space [reversible](Problem::reversible) keeps only three levels in that set, and
/// one that declares [arrival pruning](Problem::arrival_pruning) is expanded with the
/// union of every way each state was reached.
///
/// # Examples
///
/// ```
/// use heurist::FnProblem;
///
/// // Knight moves on an 8x8 board from a corner to the opposite corner.
/// let knight = FnProblem::new(
///     |&(r, c): &(i8, i8)| (r, c) == (7, 7),
///     |&(r, c): &(i8, i8)| {
///         [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
///             .into_iter()
///             .map(move |(dr, dc)| ((dr, dc), (r + dr, c + dc), 1u32))
///             .filter(|(_, (r, c), _)| (0..8).contains(r) && (0..8).contains(c))
///     },
/// );
/// let result = heurist::bfs(&knight, (0, 0));
/// assert_eq!(result.cost(), Some(6));
/// ```
pub fn bfs<P>(problem: &P, start: P::State) -> SearchResult<P::State, P::Action, P::Cost>
where
    P: Problem + ?Sized,
{
    bfs_with(problem, start, Options::new())
}

/// [`bfs`] with [`Options`]: depth or cost limit, memory bound, time limit, cancellation,
/// progress.
///
/// # Examples
///
/// ```
/// use heurist::{FnProblem, Options, StopReason};
///
/// let line = FnProblem::new(|n: &u32| *n == 100, |n: &u32| [((), n + 1, 1u32)]);
/// let r = heurist::bfs_with(&line, 0, Options::new().max_states(50));
/// assert_eq!(r.stop_reason(), Some(StopReason::MaxStates));
/// ```
pub fn bfs_with<P>(
    problem: &P,
    start: P::State,
    opts: Options<'_, P::Cost>,
) -> SearchResult<P::State, P::Action, P::Cost>
where
    P: Problem + ?Sized,
{
    // arrival sets are kept per node and updated through the node ids the index finds: an
    // index of ids (4 bytes a state; keeping each state beside its id was slower, being
    // larger). Not under a cost bound, where the first way into a state need not be the
    // cheapest.
    if problem.arrival_pruning() && opts.cost_bound.is_none() {
        search::<P, IdIndex, true>(problem, start, opts)
    } else if inline_states::<P::State>() {
        search::<P, InlineIndex<P::State>, false>(problem, start, opts)
    } else {
        search::<P, IdIndex, false>(problem, start, opts)
    }
}

/// The search itself, over a store whose duplicate index is `I`, with arrival sets if
/// `ARRIVAL`: with the code for a depth limit or cost bound compiled in only when one is
/// set (`LIMITS`).
fn search<P, I, const ARRIVAL: bool>(
    problem: &P,
    start: P::State,
    opts: Options<'_, P::Cost>,
) -> SearchResult<P::State, P::Action, P::Cost>
where
    P: Problem + ?Sized,
    I: SeenIndex<P::State>,
{
    if opts.max_depth.is_some() || opts.cost_bound.is_some() {
        run::<P, I, true, ARRIVAL>(problem, start, opts)
    } else {
        run::<P, I, false, ARRIVAL>(problem, start, opts)
    }
}

/// [`search`] with the depth limit and cost bound checked only if `LIMITS`.
fn run<P, I, const LIMITS: bool, const ARRIVAL: bool>(
    problem: &P,
    start: P::State,
    opts: Options<'_, P::Cost>,
) -> SearchResult<P::State, P::Action, P::Cost>
where
    P: Problem + ?Sized,
    I: SeenIndex<P::State>,
{
    let mut mon = Monitor::new(opts);
    let max_depth = mon.max_depth().filter(|_| LIMITS);
    let cost_bound = mon.cost_bound().filter(|_| LIMITS);
    let mut buf = Successors::new();
    let mut limited = None;

    let start_is_goal = problem.is_goal(&start);
    let mut store = BfsStore::<_, _, _, I>::new(start, cost_bound.is_some());
    if start_is_goal {
        mon.stats.stored = 1;
        return mon.finish(Outcome::Found(store.solution(0)));
    }
    let max_stored = mon.max_states().min(store.max_len());
    // in a reversible space, the levels before the previous one leave the duplicate index
    // (not under a cost bound: a state left out at one level for its cost can be reached at
    // a later one, next to states of levels long gone)
    let forget = problem.reversible() && cost_bound.is_none();
    // with `ARRIVAL`: the arrival set of node `arrival_base + i` at `arrived[i]`, for the
    // nodes not expanded yet (and some before them)
    let mut arrived: Vec<u64> = if ARRIVAL { vec![0] } else { Vec::new() };
    let mut arrival_base = 0;
    let mut cursor = 0;
    let mut depth = 0; // depth of the node at `cursor`
    let mut level_end = 1; // first node of the next level
    let mut level_start = 0; // first node of the level at `cursor`

    // the counts, kept in registers and written to `mon.stats` when the monitor is polled
    // and when the run ends
    let (mut expanded, mut generated, mut duplicates, mut max_frontier) = (0u64, 0u64, 0u64, 0);
    let mut next_poll = 0;
    macro_rules! write_stats {
        () => {
            mon.stats.expanded = expanded;
            mon.stats.generated = generated;
            mon.stats.duplicates = duplicates;
            mon.stats.max_frontier = max_frontier;
            mon.stats.stored = store.len();
        };
    }

    while cursor < store.len() {
        if cursor == level_end {
            depth += 1;
            if forget {
                // successors of this level are in it, the one before or the next
                store.forget_before(level_start);
            }
            (level_start, level_end) = (level_end, store.len());
            if ARRIVAL && 2 * (cursor - arrival_base) > arrived.len() {
                // the expanded nodes' sets are no longer needed
                arrived.drain(..cursor - arrival_base);
                arrival_base = cursor;
            }
        }
        if max_depth.is_some_and(|m| depth >= m) {
            limited = Some(StopReason::MaxDepth);
            break;
        }
        max_frontier = max_frontier.max(store.len() - cursor);
        if expanded == next_poll {
            write_stats!();
            if let Some(reason) = mon.poll() {
                return mon.stopped(reason, None);
            }
            next_poll = mon.next_poll(expanded);
        }
        let id = cursor;
        cursor += 1;
        expanded += 1;
        if ARRIVAL {
            let set = arrived.get(id - arrival_base).copied().unwrap_or(0);
            problem.successors_arrived(store.state(id), set, &mut buf);
        } else {
            problem.successors_after(store.state(id), store.last_action(id), &mut buf);
        }
        generated += buf.len() as u64;
        let g = store.g(id);
        for succ in buf.drain() {
            let at = match store.find(&succ.state) {
                Ok(other) => {
                    duplicates += 1;
                    let other = other as usize;
                    // a node not expanded yet (the id index names every node)
                    if ARRIVAL && other > id {
                        if let Some(set) = arrived.get_mut(other - arrival_base) {
                            *set |= problem.arrival_bits(&succ.action);
                        }
                    }
                    continue;
                }
                Err(at) => at,
            };
            let g2 = g.map_or(succ.cost, |g| g.saturating_add(succ.cost));
            if cost_bound.is_some_and(|b| g2 > b) {
                limited = Some(StopReason::CostBound);
                continue;
            }
            if store.len() >= max_stored {
                write_stats!();
                return mon.stopped(StopReason::MaxStates, None);
            }
            let is_goal = problem.is_goal(&succ.state);
            if ARRIVAL {
                arrived.push(problem.arrival_bits(&succ.action));
            }
            let cid = store.insert(at, succ.state, id, succ.action, succ.cost, g2);
            if is_goal {
                write_stats!();
                return mon.finish(Outcome::Found(store.solution(cid)));
            }
        }
    }
    write_stats!();
    match limited {
        Some(reason) => mon.stopped(reason, None),
        None => mon.finish(Outcome::Exhausted),
    }
}
