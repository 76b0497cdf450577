//! The search flags every puzzle program takes, the search they select, and the exit
//! status contract.

use std::fmt::Display;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, ValueEnum};
use heurist::{
    AStar, AnytimeAStar, Bfs, CancelToken, CycleCheck, Dfs, Dijkstra, Expansion, Greedy, Heuristic,
    IdaStar, Iddfs, Improvement, Limits, OpenList, Problem, SearchResult, WeightedAStar,
    MAX_THREADS,
};

/// Exit status: solved, or proven unsolvable.
pub const EXIT_DONE: u8 = 0;
/// Exit status: stopped by a limit or cancelled.
pub const EXIT_STOPPED: u8 = 1;
/// Exit status: bad input or an I/O error.
pub const EXIT_BAD_INPUT: u8 = 2;

/// The exit status contract, for `--help`.
pub const EXIT_HELP: &str = "Exit status: 0 solved or proven unsolvable, 1 stopped by a limit or cancelled (Ctrl-C), 2 bad input or I/O error.";

/// Reports `msg` as `program: msg` on stderr; the bad-input exit status.
pub fn fail(program: &str, msg: impl Display) -> ExitCode {
    eprintln!("{program}: {msg}");
    ExitCode::from(EXIT_BAD_INPUT)
}

/// The exit status for a search's result: 0 found or exhausted, 1 stopped.
pub fn exit_status<S, A, C: Copy>(result: &SearchResult<S, A, C>) -> ExitCode {
    match result.stop_reason() {
        Some(_) => ExitCode::from(EXIT_STOPPED),
        None => ExitCode::from(EXIT_DONE),
    }
}

/// How long a puzzle generator runs when no `--time-limit` is given: a minute. A
/// generator stopped there says so, with the stopped exit status.
pub const GENERATE_TIME_LIMIT: Duration = Duration::from_secs(60);

/// The most seconds a duration flag takes (about 31 years): beyond it, a typo.
const MAX_SECONDS: f64 = 1e9;

/// A duration flag in seconds: a finite, non-negative number up to a billion.
pub fn seconds(text: &str) -> Result<Duration, String> {
    let secs: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a number of seconds"))?;
    if !(secs.is_finite() && (0.0..=MAX_SECONDS).contains(&secs)) {
        return Err(format!("seconds must be between 0 and {MAX_SECONDS:e}"));
    }
    Ok(Duration::from_secs_f64(secs))
}

/// A weight of weighted A*: a finite number from 1 to a million.
pub fn weight(text: &str) -> Result<f64, String> {
    let w: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a number"))?;
    if !(w.is_finite() && (1.0..=1e6).contains(&w)) {
        return Err("the weight must be a number from 1 to 1e6".into());
    }
    Ok(w)
}

/// A thread count flag: 0 (one thread per core) to [`MAX_THREADS`], the most a search of
/// the library runs on. A larger count is refused rather than lowered: it is a typo.
pub fn threads(text: &str) -> Result<usize, String> {
    let n: usize = text
        .trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a number of threads"))?;
    if n > MAX_THREADS {
        return Err(format!(
            "at most {MAX_THREADS} threads (0: one per core), not {n}"
        ));
    }
    Ok(n)
}

/// The search algorithms a program offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Algo {
    /// A* (optimal with an admissible heuristic).
    Astar,
    /// IDA* (optimal with an admissible heuristic; memory for the current path only).
    Idastar,
    /// Dijkstra (optimal; A* without a heuristic).
    Dijkstra,
    /// Breadth-first search (fewest actions).
    Bfs,
    /// Depth-first search (some solution).
    Dfs,
    /// Iterative-deepening DFS (fewest actions; memory for the current path only).
    Iddfs,
    /// Greedy best-first search (some solution, fast).
    Greedy,
    /// Weighted A* with --weight (at most weight x optimal).
    Wastar,
    /// Anytime A*: weighted A* from --weight down to 1, reporting each better solution with
    /// a lower bound; the last is proven optimal (with an admissible heuristic).
    Anytime,
}

impl Algo {
    /// Whether the answer has the least cost (with an admissible heuristic where one is
    /// used) — for BFS and IDDFS: when every action costs the same.
    pub fn least_cost(self) -> bool {
        matches!(
            self,
            Algo::Astar | Algo::Idastar | Algo::Dijkstra | Algo::Anytime
        )
    }

    /// Whether the algorithm reads a heuristic.
    pub fn uses_heuristic(self) -> bool {
        matches!(
            self,
            Algo::Astar | Algo::Idastar | Algo::Greedy | Algo::Wastar | Algo::Anytime
        )
    }
}

/// The limits every program takes. Memory is bounded by default.
#[derive(Args, Clone, Debug)]
pub struct LimitArgs {
    /// Stop the search after this many seconds.
    #[arg(long, value_name = "SECS", value_parser = seconds)]
    pub time_limit: Option<Duration>,
    /// Stop the search after this many expansions.
    #[arg(long, value_name = "N")]
    pub max_expansions: Option<u64>,
    /// Stop the search when it holds this many states; 0 for no limit.
    #[arg(long, value_name = "N", default_value_t = 20_000_000)]
    pub max_states: usize,
}

impl LimitArgs {
    /// The flags as [`Limits`], with `cancel` as the cancel token.
    pub fn limits<'a, C>(&self, cancel: &CancelToken) -> Limits<'a, C> {
        let mut limits = Limits::new().cancel(cancel.clone());
        if let Some(t) = self.time_limit {
            limits = limits.time_limit(t);
        }
        if let Some(n) = self.max_expansions {
            limits = limits.max_expansions(n);
        }
        if self.max_states > 0 {
            limits = limits.max_states(self.max_states);
        }
        limits
    }
}

/// A cancel token that Ctrl-C (and SIGTERM) cancels, so that a search stops and the
/// program prints what it has. A second signal ends the program at once.
pub fn cancel_on_signals() -> CancelToken {
    let token = CancelToken::new();
    let handle = token.clone();
    // If the handler cannot be installed (one is already), the signals keep their default.
    let _ = ctrlc::set_handler(move || {
        if handle.is_cancelled() {
            std::process::exit(130);
        }
        handle.cancel();
    });
    token
}

/// What some algorithms read besides the limits: weighted A*'s weight, the open list of the
/// best-first searches, how IDA* and IDDFS detect cycles, and whether BFS may treat the space
/// as reversible. The defaults are the library's.
#[derive(Clone, Copy, Debug)]
pub struct Tuning {
    pub weight: f64,
    pub open_list: OpenList,
    pub cycle_check: CycleCheck,
    pub reversible: bool,
}

impl Tuning {
    /// The library's defaults, with weighted A*'s weight `weight`.
    pub fn new(weight: f64) -> Self {
        Tuning {
            weight,
            open_list: OpenList::default(),
            cycle_check: CycleCheck::default(),
            reversible: false,
        }
    }

    /// How IDA* and IDDFS detect cycles.
    pub fn cycle_check(mut self, check: CycleCheck) -> Self {
        self.cycle_check = check;
        self
    }

    /// The open list of A*, Dijkstra, weighted A* and greedy search.
    pub fn open_list(mut self, open_list: OpenList) -> Self {
        self.open_list = open_list;
        self
    }

    /// Whether every step can be undone by one step (BFS keeps fewer levels indexed).
    pub fn reversible(mut self, reversible: bool) -> Self {
        self.reversible = reversible;
        self
    }
}

/// Runs `algo` on `problem` from `start` under `limits`, with `tuning`; `heuristic` guides
/// the algorithms that read one. `E` says how successors are generated: `AllMoves`, or
/// `Pruned` for move pruning (every algorithm but DFS takes it).
pub fn solve<P, H, E>(
    algo: Algo,
    problem: &P,
    start: P::State,
    heuristic: H,
    tuning: Tuning,
    limits: Limits<'_, P::Cost>,
) -> SearchResult<P::State, P::Action, P::Cost>
where
    P: Problem,
    H: Heuristic<P>,
    E: Expansion<P>,
{
    let Tuning {
        weight,
        open_list,
        cycle_check,
        reversible,
    } = tuning;
    match algo {
        Algo::Astar => AStar::new()
            .limits(limits)
            .open_list(open_list)
            .expansion::<E>()
            .search(problem, start, heuristic),
        Algo::Idastar => IdaStar::new()
            .limits(limits)
            .cycle_check(cycle_check)
            .expansion::<E>()
            .search(problem, start, heuristic),
        Algo::Dijkstra => Dijkstra::new()
            .limits(limits)
            .open_list(open_list)
            .expansion::<E>()
            .search(problem, start),
        Algo::Bfs => Bfs::new()
            .limits(limits)
            .reversible(reversible)
            .expansion::<E>()
            .search(problem, start),
        Algo::Dfs => Dfs::new().limits(limits).search(problem, start),
        Algo::Iddfs => Iddfs::new()
            .limits(limits)
            .cycle_check(cycle_check)
            .expansion::<E>()
            .search(problem, start),
        Algo::Greedy => Greedy::new()
            .limits(limits)
            .open_list(open_list)
            .expansion::<E>()
            .search(problem, start, heuristic),
        Algo::Wastar => WeightedAStar::new(weight)
            .limits(limits)
            .open_list(open_list)
            .expansion::<E>()
            .search(problem, start, heuristic),
        Algo::Anytime => {
            let run = anytime_config(tuning, limits).expansion::<E>();
            run.search_with(problem, start, heuristic, report).result
        }
    }
}

/// Prints a better solution of anytime A* on stderr.
pub fn report_better<S, A, C: heurist::Cost>(better: &Improvement<S, A, C>) {
    eprintln!(
        "better solution: cost {:?}, lower bound {:?} (proven if the heuristic is admissible), at most {:.3} x optimal; weight {}, {:.3} s",
        better.cost(),
        better.lower_bound,
        better.ratio(),
        better.weight,
        better.elapsed().as_secs_f64()
    );
}

/// Anytime A* from weight `tuning.weight`, with `limits` and the open list of `tuning`: the
/// configuration the programs that add a guide or move pruning start from.
pub fn anytime_config<'a, C>(tuning: Tuning, limits: Limits<'a, C>) -> AnytimeAStar<'a, C> {
    AnytimeAStar::new(tuning.weight)
        .limits(limits)
        .open_list(tuning.open_list)
}

/// Reports each better solution with [`report_better`].
fn report(b: Improvement<impl Sized, impl Sized, impl heurist::Cost>) -> std::ops::ControlFlow<()> {
    report_better(&b);
    std::ops::ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_weights_and_thread_counts_are_checked() {
        assert_eq!(seconds("1.5"), Ok(Duration::from_millis(1500)));
        for bad in ["-1", "NaN", "inf", "1e20", "x", ""] {
            assert!(seconds(bad).is_err(), "{bad}");
        }
        assert_eq!(threads("0"), Ok(0));
        assert_eq!(threads(&MAX_THREADS.to_string()), Ok(MAX_THREADS));
        for bad in [
            "257",
            "100000",
            "18446744073709551615",
            "99999999999999999999",
            "-1",
            "",
        ] {
            assert!(threads(bad).is_err(), "{bad}");
        }
        assert_eq!(weight("2"), Ok(2.0));
        for bad in ["-1", "NaN", "0", "0.5", "inf"] {
            assert!(weight(bad).is_err(), "{bad}");
        }
    }
}
