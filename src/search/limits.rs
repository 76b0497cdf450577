//! [`Limits`]: the part of every search configuration that bounds and controls a run.

use std::fmt;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::{CancelToken, Stats};

/// A progress callback, shared by the clones of a configuration.
type ProgressFn<'a> = Arc<Mutex<dyn FnMut(&Stats) + Send + 'a>>;

/// Limits, cancellation and progress reports: what every search configuration holds.
///
/// Every limit is off by default. A search stopped by one reports
/// [`Outcome::Stopped`](super::Outcome::Stopped) with the [`StopReason`](super::StopReason).
/// Each configuration ([`Bfs`](crate::Bfs), [`AStar`](crate::AStar), ...) has the same
/// builder methods as `Limits` itself, and [`limits`](crate::AStar::limits) to set all of
/// them at once, so one `Limits` value can serve several searches.
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// use heurist::{AStar, FnProblem, Limits, StopReason};
///
/// let p = FnProblem::new(|_: &u64| false, |n: &u64| [((), n + 1, 1u64), ((), n * 3, 1)]);
/// let mut reports = 0;
/// let limits = Limits::new()
///     .max_expansions(50_000)
///     .max_states(1_000_000)
///     .time_limit(Duration::from_secs(10))
///     .on_progress(Duration::ZERO, |_stats| reports += 1);
/// let result = AStar::new().limits(limits).search(&p, 1, |_: &u64| 0);
/// assert_eq!(result.stop_reason(), Some(StopReason::MaxExpansions));
/// assert!(reports > 0);
/// ```
pub struct Limits<'a, C> {
    pub(crate) max_expansions: Option<u64>,
    pub(crate) max_states: Option<usize>,
    pub(crate) cost_bound: Option<C>,
    pub(crate) time_limit: Option<Duration>,
    pub(crate) deadline: Option<Instant>,
    pub(crate) cancel: Option<CancelToken>,
    pub(crate) progress: Option<(Duration, ProgressFn<'a>)>,
}

impl<C> Default for Limits<'_, C> {
    fn default() -> Self {
        Limits {
            max_expansions: None,
            max_states: None,
            cost_bound: None,
            time_limit: None,
            deadline: None,
            cancel: None,
            progress: None,
        }
    }
}

impl<C: Clone> Clone for Limits<'_, C> {
    fn clone(&self) -> Self {
        Limits {
            max_expansions: self.max_expansions,
            max_states: self.max_states,
            cost_bound: self.cost_bound.clone(),
            time_limit: self.time_limit,
            deadline: self.deadline,
            cancel: self.cancel.clone(),
            progress: self.progress.clone(),
        }
    }
}

impl<C: fmt::Debug> fmt::Debug for Limits<'_, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Limits")
            .field("max_expansions", &self.max_expansions)
            .field("max_states", &self.max_states)
            .field("cost_bound", &self.cost_bound)
            .field("time_limit", &self.time_limit)
            .field("deadline", &self.deadline)
            .field("cancel", &self.cancel)
            .field("progress", &self.progress.as_ref().map(|p| p.0))
            .finish()
    }
}

impl<'a, C> Limits<'a, C> {
    /// No limits.
    pub fn new() -> Self {
        Self::default()
    }

    /// Stop after expanding this many states.
    pub fn max_expansions(mut self, n: u64) -> Self {
        self.max_expansions = Some(n);
        self
    }

    /// Stop rather than store more than this many states: the memory bound of the graph
    /// searches (IDA* and IDDFS store only their path).
    pub fn max_states(mut self, n: usize) -> Self {
        self.max_states = Some(n);
        self
    }

    /// Leave out paths whose cost exceeds `bound` (for A* and IDA*: whose `g + h` does).
    /// A search that left a path out for it and found nothing stops with
    /// [`StopReason::CostBound`](super::StopReason::CostBound) instead of claiming that no
    /// solution exists; the optimal searches then report the smallest cost they left out
    /// as a proven lower bound.
    pub fn cost_bound(mut self, bound: C) -> Self {
        self.cost_bound = Some(bound);
        self
    }

    /// Stop once the search has run this long. A duration too large to add to the current
    /// time is no limit.
    pub fn time_limit(mut self, limit: Duration) -> Self {
        self.time_limit = Some(limit);
        self
    }

    /// Stop at this instant.
    pub fn deadline(mut self, deadline: Instant) -> Self {
        self.deadline = Some(deadline);
        self
    }

    /// Stop when `token` is cancelled (from any thread).
    pub fn cancel(mut self, token: CancelToken) -> Self {
        self.cancel = Some(token);
        self
    }

    /// Call `callback` with the current statistics about every `interval` (looked at every
    /// 256 expansions), and once more at the end of the run.
    pub fn on_progress(
        mut self,
        interval: Duration,
        callback: impl FnMut(&Stats) + Send + 'a,
    ) -> Self {
        self.progress = Some((interval, Arc::new(Mutex::new(callback))));
        self
    }
}

/// The builder methods of [`Limits`], forwarded, for a configuration with a field
/// `limits: Limits<'a, C>`.
macro_rules! limit_methods {
    () => {
        /// Sets every limit, the cancel token and the progress callback at once.
        pub fn limits(mut self, limits: $crate::Limits<'a, C>) -> Self {
            self.limits = limits;
            self
        }

        /// Stop after expanding this many states ([`Limits::max_expansions`]).
        pub fn max_expansions(mut self, n: u64) -> Self {
            self.limits = self.limits.max_expansions(n);
            self
        }

        /// Stop rather than store more than this many states ([`Limits::max_states`]).
        pub fn max_states(mut self, n: usize) -> Self {
            self.limits = self.limits.max_states(n);
            self
        }

        /// Leave out paths whose cost exceeds `bound` ([`Limits::cost_bound`]).
        pub fn cost_bound(mut self, bound: C) -> Self {
            self.limits = self.limits.cost_bound(bound);
            self
        }

        /// Stop once the search has run this long ([`Limits::time_limit`]).
        pub fn time_limit(mut self, limit: std::time::Duration) -> Self {
            self.limits = self.limits.time_limit(limit);
            self
        }

        /// Stop at this instant ([`Limits::deadline`]).
        pub fn deadline(mut self, deadline: std::time::Instant) -> Self {
            self.limits = self.limits.deadline(deadline);
            self
        }

        /// Stop when `token` is cancelled ([`Limits::cancel`]).
        pub fn cancel(mut self, token: $crate::CancelToken) -> Self {
            self.limits = self.limits.cancel(token);
            self
        }

        /// Report progress about every `interval` ([`Limits::on_progress`]).
        pub fn on_progress(
            mut self,
            interval: std::time::Duration,
            callback: impl FnMut(&$crate::Stats) + Send + 'a,
        ) -> Self {
            self.limits = self.limits.on_progress(interval, callback);
            self
        }
    };
}

pub(crate) use limit_methods;
