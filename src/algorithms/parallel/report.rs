//! What the threads of every parallel search bring back, and how their counts and bounds
//! are put together.

use crate::search::{Monitor, Stats, StopReason};
use crate::traits::Cost;

/// What one thread of a parallel search brings back besides the states it stored. Each
/// search fills in the fields it has a use for and leaves the others at their default.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Report<C> {
    pub(crate) stats: Stats,
    /// The least `f` the cost bound left out.
    pub(crate) pruned: Option<C>,
    /// The least `f` (or `g`, where not estimated) of the states dropped when the search
    /// stopped (A\*).
    pub(crate) lost: Option<C>,
    /// The least `f` above the iteration's threshold: the next threshold (IDA\*).
    pub(crate) next: Option<C>,
    /// The limit that left part of the iteration unwalked (IDA\*).
    pub(crate) limited: Option<StopReason>,
    /// Whether the depth limit cut a path (IDA\*).
    pub(crate) depth_cut: bool,
}

impl<C> Default for Report<C> {
    fn default() -> Self {
        Report {
            stats: Stats::default(),
            pruned: None,
            lost: None,
            next: None,
            limited: None,
            depth_cut: false,
        }
    }
}

impl<C: Ord + Copy> Report<C> {
    /// Adds `part` to this report: the counts summed, the least of each bound, the first
    /// limit, and whether either cut a path.
    pub(crate) fn absorb(&mut self, part: &Report<C>) {
        add_stats(&mut self.stats, &part.stats);
        self.pruned = least(self.pruned, part.pruned);
        self.lost = least(self.lost, part.lost);
        self.next = least(self.next, part.next);
        self.limited = self.limited.or(part.limited);
        self.depth_cut |= part.depth_cut;
    }

    /// The reports of all threads as one.
    pub(crate) fn combined<'r>(parts: impl IntoIterator<Item = &'r Report<C>>) -> Self
    where
        C: 'r,
    {
        let mut all = Report::default();
        for part in parts {
            all.absorb(part);
        }
        all
    }
}

/// Adds the counts of `part` to `total` (the largest frontier is the larger of the two;
/// the iterations and the time are left as they are).
pub(crate) fn add_stats(total: &mut Stats, part: &Stats) {
    total.expanded += part.expanded;
    total.generated += part.generated;
    total.duplicates += part.duplicates;
    total.reopened += part.reopened;
    total.stored += part.stored;
    total.max_frontier = total.max_frontier.max(part.max_frontier);
}

/// The threads' counts summed, for a search of one iteration (the largest frontier: the
/// largest of theirs).
pub(crate) fn summed<'s>(parts: impl IntoIterator<Item = &'s Stats>) -> Stats {
    let mut total = Stats {
        iterations: 1,
        ..Stats::default()
    };
    for part in parts {
        add_stats(&mut total, part);
    }
    total
}

/// Between two rounds of a search in rounds: puts the threads' counts so far in the
/// monitor of the thread that leads the rounds, with the largest frontier and the states
/// stored as that thread knows them, and checks the limits.
pub(crate) fn tally<'s, C: Cost>(
    lead: &mut Monitor<'_, C>,
    parts: impl IntoIterator<Item = &'s Stats>,
    max_frontier: usize,
    stored: usize,
) -> Option<StopReason> {
    lead.stats = Stats {
        max_frontier,
        stored,
        ..summed(parts)
    };
    lead.poll()
}

/// The smaller of two optional values (either, where the other is `None`).
pub(crate) fn least<C: Ord>(a: Option<C>, b: Option<C>) -> Option<C> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// Notes `value` in `running`, which keeps the smallest noted.
pub(crate) fn note_least<C: Ord + Copy>(running: &mut Option<C>, value: C) {
    *running = least(*running, Some(value));
}
