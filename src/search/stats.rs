use std::fmt;
use std::time::Duration;

/// Counters of a search run, reported whether or not a solution was found.
///
/// # Examples
///
/// ```
/// use heurist::FnProblem;
///
/// let p = FnProblem::new(|n: &u32| *n == 3, |n: &u32| [((), n + 1, 1u32)]);
/// let stats = heurist::bfs(&p, 0).stats;
/// assert_eq!(stats.expanded, 3); // 0, 1 and 2; BFS recognises the goal 3 when generating it
/// assert!(stats.generated >= stats.expanded);
/// println!("{stats}");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// States whose successors were generated.
    pub expanded: u64,
    /// Successors generated (including duplicates and pruned ones).
    pub generated: u64,
    /// Generated states that were already known and not improved (or, for tree searches,
    /// that closed a cycle and were skipped; IDA\* counts only those within its threshold,
    /// since it leaves the others out without looking at the path).
    pub duplicates: u64,
    /// States taken back from the closed list because a cheaper path to them was found
    /// (A* with an inconsistent heuristic).
    pub reopened: u64,
    /// Largest number of states waiting in the frontier at one time (for depth-first
    /// searches: the deepest path).
    pub max_frontier: usize,
    /// States held in memory (kept up to date for progress reports; for depth-first tree
    /// searches: the current path).
    pub stored: usize,
    /// Iterations of an iterative-deepening search (1 for the others).
    pub iterations: u32,
    /// Wall-clock time of the run.
    pub elapsed: Duration,
}

impl fmt::Display for Stats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "expanded {}, generated {}, duplicates {}, reopened {}, max frontier {}, stored {}, iterations {}, {:.3?}",
            self.expanded,
            self.generated,
            self.duplicates,
            self.reopened,
            self.max_frontier,
            self.stored,
            self.iterations,
            self.elapsed
        )
    }
}
