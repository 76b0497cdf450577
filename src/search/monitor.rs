//! Enforces the [`Limits`] of a run and reports its progress.
//!
//! One protocol for every engine: before each expansion, with the number of expansions so
//! far, `if mon.due(expanded)`, bring `mon.stats` up to date and call [`Monitor::poll`],
//! which answers with the limit that stops the search, if any. ([`Monitor::check`] does
//! both for engines that count in `mon.stats` directly.) Between two polls an engine does
//! nothing but compare one counter.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::{Limits, Outcome, SearchResult, Stats, StopReason};

/// How many expansions pass between two looks at the clock, the cancel flag and the
/// progress callback.
const POLL_EVERY: u64 = 256;

pub(crate) struct Monitor<'a, C> {
    limits: Limits<'a, C>,
    start: Instant,
    deadline: Option<Instant>,
    next_progress: Option<Instant>,
    next_poll: u64,
    /// The expansions of every thread of a parallel search, which the expansion limit
    /// bounds; this run's own are added at each poll.
    shared: Option<Arc<AtomicU64>>,
    /// This run's expansions already added to `shared`.
    reported: u64,
    /// Set by another thread when this run's work is no longer wanted: the run then stops
    /// as if cancelled.
    abandon: Option<Arc<AtomicBool>>,
    pub(crate) stats: Stats,
}

impl<'a, C: Copy> Monitor<'a, C> {
    pub(crate) fn new(limits: &Limits<'a, C>) -> Self {
        let limits = limits.clone();
        let start = Instant::now();
        let deadline = match (
            limits.deadline,
            limits.time_limit.and_then(|t| start.checked_add(t)),
        ) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let next_progress = limits
            .progress
            .as_ref()
            .and_then(|(interval, _)| start.checked_add(*interval));
        Monitor {
            limits,
            start,
            deadline,
            next_progress,
            next_poll: 0,
            shared: None,
            reported: 0,
            abandon: None,
            stats: Stats {
                iterations: 1,
                ..Stats::default()
            },
        }
    }

    /// The same monitor, for one of the threads of a parallel search: the expansion limit
    /// bounds the total in `counter`, to which this run adds its own at each poll (so the
    /// threads together overshoot it by at most a poll interval each).
    pub(crate) fn sharing(mut self, counter: Arc<AtomicU64>) -> Self {
        self.shared = Some(counter);
        self
    }

    /// The same monitor, stopping with [`StopReason::Cancelled`] at the first poll after
    /// `flag` is set.
    pub(crate) fn abandoned_when(mut self, flag: Arc<AtomicBool>) -> Self {
        self.abandon = Some(flag);
        self
    }

    /// The limits for the threads of a parallel run that this monitor's thread leads: the
    /// same, with the time limit as this run's deadline and no progress reports (the
    /// leading thread reports for all).
    pub(crate) fn thread_limits(&self) -> Limits<'static, C> {
        Limits {
            max_expansions: self.limits.max_expansions,
            max_states: self.limits.max_states,
            cost_bound: self.limits.cost_bound,
            time_limit: None,
            deadline: self.deadline,
            cancel: self.limits.cancel.clone(),
            progress: None,
        }
    }

    /// When the run must stop: the earlier of the deadline and the end of the time limit.
    pub(crate) fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    #[inline]
    pub(crate) fn cost_bound(&self) -> Option<C> {
        self.limits.cost_bound
    }

    /// The most states the search may store (`usize::MAX` without a bound).
    #[inline]
    pub(crate) fn max_states(&self) -> usize {
        self.limits.max_states.unwrap_or(usize::MAX)
    }

    /// Whether storing one more state would break the memory bound.
    #[inline]
    pub(crate) fn full(&self, stored: usize) -> bool {
        stored >= self.max_states()
    }

    /// Whether [`Monitor::poll`] can ever stop the run or report on it: false without an
    /// expansion limit, clock, cancel token, progress callback or parallel partner, when an
    /// engine may leave the polls out altogether.
    pub(crate) fn polls(&self) -> bool {
        let l = &self.limits;
        l.max_expansions.is_some()
            || self.deadline.is_some()
            || l.cancel.is_some()
            || l.progress.is_some()
            || self.shared.is_some()
            || self.abandon.is_some()
    }

    /// Whether [`Monitor::poll`] is due before the next expansion, after `expanded`.
    #[inline(always)]
    pub(crate) fn due(&self, expanded: u64) -> bool {
        expanded >= self.next_poll
    }

    /// [`Monitor::due`] and [`Monitor::poll`] for an engine that counts in `self.stats`.
    #[inline(always)]
    pub(crate) fn check(&mut self) -> Option<StopReason> {
        if self.due(self.stats.expanded) {
            self.poll()
        } else {
            None
        }
    }

    /// Called when [`Monitor::due`], with `stats` up to date: the limit that stops the
    /// search, if any. Schedules the next poll.
    #[cold]
    #[inline(never)]
    pub(crate) fn poll(&mut self) -> Option<StopReason> {
        let own = self.stats.expanded;
        let expanded = match &self.shared {
            Some(counter) => {
                let delta = own - self.reported;
                self.reported = own;
                counter.fetch_add(delta, Ordering::Relaxed) + delta
            }
            None => own,
        };
        if self
            .limits
            .max_expansions
            .is_some_and(|max| expanded >= max)
        {
            return Some(StopReason::MaxExpansions);
        }
        let next = own.saturating_add(POLL_EVERY);
        self.next_poll = match (&self.shared, self.limits.max_expansions) {
            (None, Some(max)) => next.min(max),
            _ => next,
        };
        if self
            .limits
            .cancel
            .as_ref()
            .is_some_and(|c| c.is_cancelled())
            || self
                .abandon
                .as_ref()
                .is_some_and(|a| a.load(Ordering::Relaxed))
        {
            return Some(StopReason::Cancelled);
        }
        if self.deadline.is_none() && self.next_progress.is_none() {
            return None;
        }
        let now = Instant::now();
        if self.deadline.is_some_and(|d| now >= d) {
            return Some(StopReason::Deadline);
        }
        if self.next_progress.is_some_and(|next| now >= next) {
            self.stats.elapsed = now - self.start;
            if let Some((interval, callback)) = &self.limits.progress {
                let mut callback = callback.lock().unwrap_or_else(|e| e.into_inner());
                callback(&self.stats);
                self.next_progress = now.checked_add((*interval).max(Duration::from_micros(1)));
            }
        }
        None
    }

    /// Time since the run started.
    pub(crate) fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Closes the run: sets the elapsed time, calls the progress callback a last time.
    pub(crate) fn finish<S, A>(mut self, outcome: Outcome<S, A, C>) -> SearchResult<S, A, C> {
        self.stats.elapsed = self.start.elapsed();
        if let Some((_, callback)) = &self.limits.progress {
            let mut callback = callback.lock().unwrap_or_else(|e| e.into_inner());
            callback(&self.stats);
        }
        SearchResult {
            outcome,
            stats: self.stats,
        }
    }

    pub(crate) fn stopped<S, A>(
        self,
        reason: StopReason,
        lower_bound: Option<C>,
    ) -> SearchResult<S, A, C> {
        self.finish(Outcome::Stopped {
            reason,
            lower_bound,
        })
    }
}
