//! Limits, progress reports and cancellation, and the three ways a search ends.
//!
//! A search can run for a very long time, or fill the memory. Every configuration takes
//! `Limits`: a bound on stored states, a time limit, a `CancelToken` another thread (or a
//! Ctrl-C handler) can trigger, and a progress callback. A search stopped by one of them
//! says which; it never claims that no solution exists unless it has looked everywhere.
//!
//! ```text
//! cargo run --example cancel     # press Ctrl-C to cancel the running search
//! ```

use std::time::Duration;

use heurist::{AStar, CancelToken, IdaStar, Limits, Outcome, Problem, SearchResult, Stats};
use heurist::{StopReason, Successors};

/// The sliding-tile puzzle on a board `width` cells wide with `cells` cells (at most 16),
/// packed 4 bits per cell; the goal is the blank (0) first, then 1, 2, ... row by row.
struct Sliding {
    width: u32,
    cells: u32,
}

impl Sliding {
    fn board(tiles: &[u8]) -> u64 {
        tiles.iter().rev().fold(0, |b, &t| b << 4 | t as u64)
    }
    fn tile(board: u64, cell: u32) -> u8 {
        (board >> (4 * cell) & 15) as u8
    }
    /// A weak heuristic, so that searches run long: the number of misplaced tiles.
    fn misplaced(&self, &board: &u64) -> u32 {
        (1..self.cells)
            .filter(|&c| Self::tile(board, c) as u32 != c)
            .count() as u32
    }
}

impl Problem for Sliding {
    type State = u64;
    type Action = u8; // the tile that slides into the blank
    type Cost = u32;

    fn is_goal(&self, &board: &u64) -> bool {
        (0..self.cells).all(|c| Self::tile(board, c) as u32 == c)
    }

    fn successors(&self, &board: &u64, out: &mut Successors<u64, u8, u32>) {
        let blank = (0..self.cells)
            .find(|&c| Self::tile(board, c) == 0)
            .unwrap();
        let (w, col) = (self.width, blank % self.width);
        let from = [
            (blank >= w).then(|| blank - w),
            (blank + w < self.cells).then(|| blank + w),
            (col > 0).then(|| blank - 1),
            (col + 1 < w).then(|| blank + 1),
        ];
        for from in from.into_iter().flatten() {
            let tile = Self::tile(board, from) as u64;
            let next = board & !(15 << (4 * from)) | tile << (4 * blank);
            out.push(tile as u8, next, 1);
        }
    }
}

/// Runs a search and says how it ended: one of exactly three outcomes.
fn run(what: &str, search: impl FnOnce() -> SearchResult<u64, u8, u32>) {
    println!("{what}");
    let result = search();
    print!("  => ");
    match &result.outcome {
        Outcome::Found(solution) => println!("FOUND a solution of {} moves", solution.cost),
        Outcome::Exhausted => println!("EXHAUSTED: every reachable state seen, no solution"),
        // Stopped: which limit, and (A*, IDA*, Dijkstra) what is proven anyway: no
        // solution is cheaper than the lower bound.
        Outcome::Stopped {
            reason,
            lower_bound,
        } => {
            let why = match reason {
                StopReason::MaxStates => "the memory bound (max states)",
                StopReason::Deadline => "the time limit",
                StopReason::Cancelled => "the cancel token (thread or Ctrl-C)",
                _ => reason.as_str(),
            };
            let bound = lower_bound.map_or("none".into(), |b| format!("{b} moves"));
            println!("STOPPED by {why}; proven lower bound: {bound}");
        }
    }
    println!("     {}\n", result.stats);
}

fn main() {
    let eight = Sliding { width: 3, cells: 9 };
    let fifteen = Sliding {
        width: 4,
        cells: 16,
    };
    // Korf's 15-puzzle instance 1: 57 moves, far too many for misplaced tiles.
    let korf_1 = Sliding::board(&[14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3]);

    // One token for every search: cancelling it stops whichever one is running. Ctrl-C
    // (and SIGTERM) cancel it; the search then returns normally with what it knows.
    let token = CancelToken::new();
    let on_signal = token.clone(); // clones share the flag
    if let Err(e) = ctrlc::set_handler(move || on_signal.cancel()) {
        eprintln!("no Ctrl-C handler ({e}); the searches still stop by themselves");
    }

    // One `Limits` value serves several searches (it is `Clone`; the callback is shared).
    // The callback gets the statistics about every 250 ms, and once at the end.
    let limits = Limits::new()
        .max_states(300_000)
        .cancel(token.clone())
        .on_progress(Duration::from_millis(250), |s: &Stats| {
            println!("     ... {:>9.2?}: {:>8} expanded", s.elapsed, s.expanded);
        });

    // Found: the limits are not reached.
    let astar = AStar::new().limits(limits.clone());
    let start = Sliding::board(&[8, 0, 6, 5, 4, 7, 2, 3, 1]);
    let h = |b: &u64| eight.misplaced(b);
    run("8-puzzle, A*", || astar.search(&eight, start, h));

    // Exhausted: the 9! arrangements fall into two halves that no move connects, and
    // swapping two tiles crosses over. A* reaches all 9!/2 = 181 440 states of the other
    // half (within the bound of 300 000) and proves the goal unreachable.
    let swapped = Sliding::board(&[0, 2, 1, 3, 4, 5, 6, 7, 8]);
    run("8-puzzle, 1 and 2 swapped, A*", || {
        astar.search(&eight, swapped, h)
    });

    // Stopped by the memory bound: A* stores every state it reaches.
    let h = |b: &u64| fifteen.misplaced(b);
    run("Korf #1, A*", || astar.search(&fifteen, korf_1, h));

    // Stopped by the time limit: IDA* stores only its path, so it would run for hours.
    // (`.limits(..)` first, then the extra limit on top.)
    let timed = IdaStar::new()
        .limits(limits.clone())
        .time_limit(Duration::from_millis(500));
    run("Korf #1, IDA*, 0.5 s", || timed.search(&fifteen, korf_1, h));

    // Stopped by the token, cancelled from another thread (or by you, with Ctrl-C). A
    // token stays cancelled: after a Ctrl-C, any further search would stop at once.
    if token.is_cancelled() {
        return;
    }
    let canceller = token.clone();
    std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(500));
        canceller.cancel();
    });
    let endless = IdaStar::new().limits(limits);
    run("Korf #1, IDA*, until cancelled", || {
        endless.search(&fifteen, korf_1, h)
    });
}
