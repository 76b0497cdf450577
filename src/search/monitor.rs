//! Enforces the limits of [`Options`] during a run and reports progress.

use std::time::{Duration, Instant};

use super::{Options, Outcome, SearchResult, Stats, StopReason};

/// How many expansions pass between two looks at the clock, the cancel flag and the
/// progress callback.
const CHECK_EVERY: u32 = 256;

pub(crate) struct Monitor<'a, C> {
    opts: Options<'a, C>,
    start: Instant,
    deadline: Option<Instant>,
    next_progress: Option<Instant>,
    countdown: u32,
    pub(crate) stats: Stats,
}

impl<'a, C: Copy> Monitor<'a, C> {
    pub(crate) fn new(opts: Options<'a, C>) -> Self {
        let start = Instant::now();
        let deadline = match (
            opts.deadline,
            opts.time_limit.and_then(|t| start.checked_add(t)),
        ) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let next_progress = opts
            .progress
            .as_ref()
            .map(|(interval, _)| start + *interval);
        Monitor {
            opts,
            start,
            deadline,
            next_progress,
            countdown: 1,
            stats: Stats {
                iterations: 1,
                ..Stats::default()
            },
        }
    }

    #[inline]
    pub(crate) fn cost_bound(&self) -> Option<C> {
        self.opts.cost_bound
    }

    #[inline]
    pub(crate) fn max_depth(&self) -> Option<usize> {
        self.opts.max_depth
    }

    #[inline]
    pub(crate) fn options(&self) -> &Options<'a, C> {
        &self.opts
    }

    /// The most states the search may store (`usize::MAX` without a bound).
    #[inline]
    pub(crate) fn max_states(&self) -> usize {
        self.opts.max_states.unwrap_or(usize::MAX)
    }

    /// Whether storing one more state would break the memory bound.
    #[inline]
    pub(crate) fn full(&self, stored: usize) -> bool {
        stored >= self.max_states()
    }

    /// Called before each expansion: the limit that stops the search, if any.
    #[inline]
    pub(crate) fn check(&mut self) -> Option<StopReason> {
        if self.at_expansion_limit() {
            return Some(StopReason::MaxExpansions);
        }
        self.countdown -= 1;
        if self.countdown == 0 {
            self.countdown = CHECK_EVERY;
            return self.periodic();
        }
        None
    }

    /// For a search that keeps its counts in local variables and calls [`Monitor::poll`]
    /// instead of [`Monitor::check`]: the number of expansions at which to poll next, given
    /// `expanded` so far (the next look at the clock, or the expansion limit if sooner).
    #[inline]
    pub(crate) fn next_poll(&self, expanded: u64) -> u64 {
        let next = expanded + u64::from(CHECK_EVERY);
        self.opts.max_expansions.map_or(next, |max| next.min(max))
    }

    /// [`Monitor::check`] for a search that calls it only when the expansions reach
    /// [`Monitor::next_poll`], with `stats` brought up to date first: the limit that stops
    /// the search, if any.
    #[cold]
    #[inline(never)]
    pub(crate) fn poll(&mut self) -> Option<StopReason> {
        if self.at_expansion_limit() {
            return Some(StopReason::MaxExpansions);
        }
        self.periodic()
    }

    /// Whether the expansions so far (`stats.expanded`) reach the expansion limit.
    #[inline]
    fn at_expansion_limit(&self) -> bool {
        self.opts
            .max_expansions
            .is_some_and(|max| self.stats.expanded >= max)
    }

    #[cold]
    fn periodic(&mut self) -> Option<StopReason> {
        if self.opts.cancel.as_ref().is_some_and(|c| c.is_cancelled()) {
            return Some(StopReason::Cancelled);
        }
        if self.deadline.is_none() && self.next_progress.is_none() {
            return None;
        }
        let now = Instant::now();
        if self.deadline.is_some_and(|d| now >= d) {
            return Some(StopReason::Deadline);
        }
        if let Some(next) = self.next_progress {
            if now >= next {
                self.stats.elapsed = now - self.start;
                if let Some((interval, callback)) = self.opts.progress.as_mut() {
                    callback(&self.stats);
                    self.next_progress = Some(now + (*interval).max(Duration::from_micros(1)));
                }
            }
        }
        None
    }

    /// Closes the run: sets the elapsed time, calls the progress callback a last time.
    pub(crate) fn finish<S, A>(mut self, outcome: Outcome<S, A, C>) -> SearchResult<S, A, C> {
        self.stats.elapsed = self.start.elapsed();
        if let Some((_, callback)) = self.opts.progress.as_mut() {
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
