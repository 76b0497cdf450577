//! Breadth-first heuristic search on disk: breadth-first iterative-deepening A*, the
//! layers of [`DiskBfs`] cut at a bound on depth plus estimate that grows from iteration
//! to iteration.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use super::engine::{self, Bound};
use super::expand::{Expand, OnCaller, OnThreads};
use super::files::Layout;
use super::manifest::Manifest;
use super::{DiskBfs, DiskBfsResult, DiskError, DiskResultOf, Packed};
use crate::search::{Outcome, Stats, StopReason};
use crate::traits::{Heuristic, Problem};

impl DiskBfs<'_> {
    /// A path with the fewest actions to a goal, found by breadth-first heuristic search
    /// with the states on disk: breadth-first iterative-deepening A\* (R. Zhou and E. A.
    /// Hansen, *Breadth-first heuristic search*, Artificial Intelligence 170, 2006). Each
    /// iteration is a [`search`](DiskBfs::search) whose layers keep only the states whose
    /// depth plus `heuristic`'s estimate is within the iteration's bound; the first bound
    /// is the start's estimate, each next one the least sum the iteration before cut off.
    /// The estimate of a good heuristic keeps the layers far smaller than a breadth-first
    /// search's, so a space whose layers would fill the disk can still be searched. It is
    /// computed once for each new state, after the duplicates are dropped, not for every
    /// successor: the successor files hold the states beyond the bound too, for the
    /// price of bytes rather than of estimates ([`bound_on_write`](DiskBfs::bound_on_write)
    /// trades the other way).
    ///
    /// Every action counts 1: the estimate is of the number of actions to a goal (rounded
    /// up to a whole number), and with an estimate that never exceeds it the path found
    /// is a shortest one. The outcomes are a search's: found, exhausted (no goal is
    /// reachable), or stopped with a lower bound, the bound of the iteration under way
    /// (no path has fewer actions). The limits (a time limit, expansions) count across
    /// iterations. A run stopped by a limit, Ctrl-C or a crash continues its iteration from
    /// the last completed layer when it is run again on the same directory; the manifest
    /// records the bound.
    ///
    /// # Errors
    ///
    /// As for [`search`](DiskBfs::search).
    ///
    /// # Examples
    ///
    /// ```
    /// use heurist::disk::DiskBfs;
    /// use heurist::FnProblem;
    ///
    /// // A walk on a 40 x 40 grid with a wall at x = 20 from y = 0 to 10.
    /// let open = |x: u8, y: u8| x < 40 && y < 40 && !(x == 20 && y <= 10);
    /// let walk = FnProblem::unit(
    ///     |&p: &(u8, u8)| p == (35, 5),
    ///     move |&(x, y): &(u8, u8)| {
    ///         let (l, d) = (x.wrapping_sub(1), y.wrapping_sub(1)); // 255: off the grid
    ///         [(x + 1, y), (l, y), (x, y + 1), (x, d)]
    ///             .into_iter()
    ///             .filter(move |&(a, b)| open(a, b))
    ///     },
    /// );
    /// let manhattan = |&(x, y): &(u8, u8)| (x.abs_diff(35) + y.abs_diff(5)) as usize;
    ///
    /// let dir = std::env::temp_dir().join(format!("heurist-doc-bfhs-{}", std::process::id()));
    /// let found = DiskBfs::new(&dir).search_heuristic(&walk, (5, 5), manhattan)?;
    /// assert_eq!(found.cost(), Some(30 + 2 * 6)); // around the end of the wall
    /// assert_eq!(heurist::bfs(&walk, (5, 5)).cost(), found.cost());
    /// assert_eq!(found.stats.iterations, 7); // bounds 30, 32, ..., 42
    /// # Ok::<(), heurist::disk::DiskError>(())
    /// ```
    pub fn search_heuristic<P, H>(
        &self,
        problem: &P,
        start: P::State,
        heuristic: H,
    ) -> Result<DiskResultOf<P>, DiskError>
    where
        P: Problem + ?Sized,
        P::State: Packed,
        P::Cost: TryFrom<u64>,
        H: Heuristic<P> + Sync,
    {
        iterate::<P, H, OnCaller>(self, problem, start, &heuristic)
    }

    /// [`search_heuristic`](DiskBfs::search_heuristic), with the states of each layer
    /// expanded on [`threads`](DiskBfs::threads) threads too, for a problem that can be
    /// shared between threads.
    ///
    /// # Errors
    ///
    /// As for [`search`](DiskBfs::search).
    pub fn search_heuristic_parallel<P, H>(
        &self,
        problem: &P,
        start: P::State,
        heuristic: H,
    ) -> Result<DiskResultOf<P>, DiskError>
    where
        P: Problem + Sync + ?Sized,
        P::State: Packed,
        P::Cost: TryFrom<u64>,
        H: Heuristic<P> + Sync,
    {
        iterate::<P, H, OnThreads>(self, problem, start, &heuristic)
    }
}

/// The iterations of a breadth-first heuristic search, from the bound of the iteration
/// under way in the work directory, if any.
fn iterate<P, H, X>(
    cfg: &DiskBfs<'_>,
    problem: &P,
    start: P::State,
    heuristic: &H,
) -> Result<DiskResultOf<P>, DiskError>
where
    P: Problem + ?Sized,
    P::State: Packed,
    P::Cost: TryFrom<u64>,
    H: Heuristic<P> + Sync,
    X: Expand<P>,
{
    let began = Instant::now();
    let layout = Layout {
        dir: cfg.dir.clone(),
        partitions: cfg.partitions,
    };
    // an iteration under way continues; one that ended proved its bound too small
    let found = Manifest::read(&layout.manifest())?;
    // The bound of the iteration to run, and the lower bound proven below it: the start's
    // estimate, or what the iterations before proved (an iteration at `b` that ends
    // without a goal proves every path longer than `b`); less than the bound only where a
    // first bound skipped iterations.
    let h0 = engine::rounded(heuristic.estimate(&start));
    let fresh = || (h0.max(cfg.first_bound.unwrap_or(0)), h0);
    let (mut limit, mut proven) = match &found {
        Some(m) if m.goals => match (m.bound, m.proven) {
            (Some(b), _) if m.complete => (b.saturating_add(1), b.saturating_add(1)),
            (Some(b), p) => (b, p.unwrap_or(b).max(h0)),
            (None, _) => fresh(),
        },
        _ => fresh(),
    };
    if found
        .as_ref()
        .is_some_and(|m| m.complete && m.bound.is_some())
    {
        engine::remove_run_files(&cfg.dir, false)?;
    }
    let made_dir = found.as_ref().map_or(!cfg.dir.exists(), |m| m.made_dir);
    // the limits hold for the whole search, not each iteration
    let mut each = cfg.clone();
    each.time_limit = None;
    each.deadline = match (
        cfg.deadline,
        cfg.time_limit.and_then(|t| began.checked_add(t)),
    ) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    let mut beyond_under_way = found
        .as_ref()
        .is_some_and(|m| m.goals && m.bound.is_some() && !m.complete);
    // the layers of the last iteration that ended, for a stop at the cost bound
    let mut last_layers = Vec::new();
    let mut stats = Stats::default();
    let mut bytes_written = 0;
    loop {
        if cfg.cost_bound.is_some_and(|b| limit > b) {
            // No path within the cost bound. An iteration beyond it found under way in
            // the directory (the bound was lowered) stays for a later call.
            if !beyond_under_way {
                engine::remove_run_files(&cfg.dir, made_dir)?;
            }
            stats.elapsed = began.elapsed();
            return Ok(DiskBfsResult {
                outcome: Outcome::Stopped {
                    reason: StopReason::CostBound,
                    lower_bound: P::Cost::try_from(proven).ok(),
                },
                layers: std::mem::take(&mut last_layers),
                stats,
                bytes_written,
                resumed_layers: 0,
            });
        }
        let bound = Bound {
            heuristic,
            limit,
            proven,
            on_write: cfg.bound_on_write,
            least_pruned: AtomicU64::new(u64::MAX),
            made_dir,
        };
        each.max_expansions = cfg.max_expansions.map(|n| n.saturating_sub(stats.expanded));
        let mut r = engine::run::<P, X>(&each, problem, start.clone(), true, Some(&bound))?;
        stats.expanded += r.stats.expanded;
        stats.generated += r.stats.generated;
        stats.duplicates += r.stats.duplicates;
        stats.stored = stats.stored.max(r.stats.stored);
        stats.max_frontier = stats.max_frontier.max(r.stats.max_frontier);
        stats.iterations += 1;
        bytes_written += r.bytes_written;
        let next = bound.least_pruned.load(Ordering::Relaxed);
        match r.outcome {
            Outcome::Exhausted if next != u64::MAX => {
                // no path within `limit` actions: the next iteration's files start afresh
                engine::remove_run_files(&cfg.dir, false)?;
                beyond_under_way = false;
                last_layers = std::mem::take(&mut r.layers);
                limit = next;
                proven = next;
                continue;
            }
            Outcome::Stopped { reason, .. } => {
                // the completed layers hold no goal: no path is as short as their number
                // (a shortest path within the bound would be in them)
                let lower = proven.max(r.layers.len() as u64);
                r.outcome = Outcome::Stopped {
                    reason,
                    lower_bound: P::Cost::try_from(lower).ok(),
                };
            }
            _ => {}
        }
        stats.elapsed = began.elapsed();
        r.stats = stats;
        r.bytes_written = bytes_written;
        return Ok(r);
    }
}
