//! The disk-backed breadth-first search (`heurist::disk`) against the published tables of
//! `data/bfs/counts.txt` and against the in-memory `bfs_reach`; goals and their paths;
//! limits; resuming a stopped, cancelled or killed run; and bad work directories.
//!
//! The test that kills a run uses the `disk_bfs` example, which `cargo test`
//! builds (or `cargo build --example disk_bfs`).

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use heurist::disk::{DiskBfs, DiskError, Packed};
use heurist::{CancelToken, Outcome, Problem, StopReason, Successors};

use heurist_puzzles::disk_bfs as puzzles;
use puzzles::{published, Board, Cube, Metric, Pancakes, Sliding, Stack};

/// The published counts whose title starts with `name`, read from the data file.
pub(crate) fn table(name: &str) -> Vec<u64> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/bfs/counts.txt");
    let text = std::fs::read_to_string(path).expect("data/bfs/counts.txt");
    published(&text, name).unwrap_or_else(|| panic!("no table {name:?} in {path}"))
}

/// A work directory of its own for each test, removed first if a failed run left it.
pub(crate) fn work_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("heurist-disk-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The states at each depth, as the in-memory `bfs_reach` finds them.
fn in_memory_counts<P: Problem>(problem: &P, start: P::State) -> Vec<u64> {
    let mut counts = Vec::new();
    for (_, depth) in heurist::bfs_reach(problem, start) {
        if counts.len() <= depth {
            counts.resize(depth + 1, 0);
        }
        counts[depth] += 1;
    }
    counts
}

pub(crate) fn eight_puzzle() -> Sliding<6> {
    Sliding::new(3, 3)
}

/// The 8-puzzle's states at depth 31 (the two farthest from the solved board).
pub(crate) fn farthest_boards() -> Vec<Board<6>> {
    let p = eight_puzzle();
    let far: Vec<Board<6>> = heurist::bfs_reach(&p, p.goal)
        .filter(|&(_, d)| d == 31)
        .map(|(b, _)| b)
        .collect();
    assert_eq!(far.len(), 2);
    far
}

#[test]
fn eight_puzzle_counts_match_the_table_and_bfs_reach() {
    let p = eight_puzzle();
    let expected = table("3x3 sliding tiles");
    assert_eq!(expected.iter().sum::<u64>(), 181_440);
    assert_eq!(in_memory_counts(&p, p.goal), expected);
    let dir = work_dir("eight");
    // every combination of reversibility and expansion threads gives the same counts
    for reversible in [true, false] {
        for parallel in [false, true] {
            let run = DiskBfs::new(&dir)
                .reversible(reversible)
                .threads(2)
                .partitions(16);
            let r = if parallel {
                run.enumerate_parallel(&p, p.goal)
            } else {
                run.enumerate(&p, p.goal)
            }
            .unwrap();
            assert!(r.is_exhausted(), "{:?}", r.outcome);
            assert_eq!(
                r.layers, expected,
                "reversible {reversible}, parallel {parallel}"
            );
            assert_eq!(r.stats.expanded, 181_440);
            assert_eq!(r.stats.stored, 181_440);
            assert_eq!(r.stats.max_frontier, 24_047);
            assert_eq!(r.resumed_layers, 0);
            assert_eq!(r.stats.generated - r.stats.duplicates, 181_439);
            assert!(!dir.exists(), "an exhausted run removes its files");
        }
    }
}

#[test]
fn five_by_two_counts_match_the_table_and_bfs_reach_in_a_small_budget() {
    let p = Sliding::<6>::new(5, 2);
    let expected = table("5x2 sliding tiles");
    assert_eq!(expected.iter().sum::<u64>(), 1_814_400);
    let dir = work_dir("five-by-two");
    // 1 MiB for 4 partitions: the largest partitions are sorted in runs on disk and merged
    let r = DiskBfs::new(&dir)
        .reversible(true)
        .threads(2)
        .partitions(4)
        .memory_budget(1 << 20)
        .enumerate_parallel(&p, p.goal)
        .unwrap();
    assert_eq!(r.layers, expected);
    assert!(r.is_exhausted());
    // the runs add to what a run sorted in memory writes: the layers (6 bytes a state)
    // and the successors (6 bytes each)
    assert!(r.bytes_written > 6 * (r.stats.generated + 1_814_400));
    assert_eq!(in_memory_counts(&p, p.goal), expected);
}

#[test]
fn pancake_counts_match_the_table_and_bfs_reach() {
    let dir = work_dir("pancakes");
    // 8 bytes a state (the u64 keys), not declared reversible: each layer is checked
    // against every earlier one
    let eight = Pancakes::new(8);
    let r = DiskBfs::new(&dir)
        .enumerate(&eight, eight.sorted())
        .unwrap();
    assert_eq!(r.layers, table("pancakes n=8"));
    assert_eq!(r.layers, in_memory_counts(&eight, eight.sorted()));
    // 9 bytes (the u128 keys)
    let nine = Tagged(Pancakes::new(9));
    let start = (nine.0.sorted(), 7);
    let r = DiskBfs::new(&dir)
        .reversible(true)
        .enumerate_parallel(&nine, start)
        .unwrap();
    assert_eq!(r.layers, table("pancakes n=9"));
    assert_eq!(r.layers, in_memory_counts(&nine, start));
}

/// Each flip of a packed stack reverses the top of the stack, for every size.
#[test]
fn pancake_flips_reverse_the_top() {
    for n in 2..=16 {
        let p = Pancakes::new(n);
        let mut stack = p.sorted();
        let mut out = Successors::new();
        for round in 0..20 {
            p.successors(&stack, &mut out);
            assert_eq!(out.len(), n - 1);
            let before = stack.sizes(n);
            for succ in out.iter() {
                let mut flipped = before.clone();
                flipped[..succ.action].reverse();
                assert_eq!(
                    succ.state.sizes(n),
                    flipped,
                    "{n} pancakes, flip {}",
                    succ.action
                );
                assert_eq!(succ.state.0.checked_shr(4 * n as u32).unwrap_or(0), 0);
            }
            stack = out.iter().nth(round * 7 % (n - 1)).unwrap().state;
            out.clear();
        }
    }
}

/// Pancakes with a byte beside each stack that no move changes: 9 bytes a state.
struct Tagged(Pancakes);

impl Problem for Tagged {
    type State = (Stack, u8);
    type Action = usize;
    type Cost = u32;
    fn is_goal(&self, s: &Self::State) -> bool {
        self.0.is_goal(&s.0)
    }
    fn successors(&self, s: &Self::State, out: &mut Successors<Self::State, usize, u32>) {
        let mut inner = Successors::new();
        self.0.successors(&s.0, &mut inner);
        for succ in inner.drain() {
            out.push(succ.action, (succ.state, s.1), succ.cost);
        }
    }
}

/// The disk search alone against the published table: an in-memory search of the cube's
/// 3.7 million states would double the test's time and check nothing the table does not
/// (the pancakes and the 5x2 board compare the two).
#[test]
fn pocket_cube_counts_match_the_table() {
    let dir = work_dir("cube");
    let cube = Cube::pocket(Metric::QuarterTurn);
    let expected = table("2x2x2 cube, quarter-turn metric");
    assert_eq!(expected.iter().sum::<u64>(), 3_674_160);
    let r = DiskBfs::new(&dir)
        .reversible(true)
        .enumerate_parallel(&cube, puzzles::Corners::SOLVED)
        .unwrap();
    assert_eq!(r.layers, expected);
}

/// The 8-puzzle with each state's nine tiles repeated to fill `N` bytes (a multiple of 9).
struct Repeated<const N: usize>(Sliding<6>);

impl<const N: usize> Problem for Repeated<N> {
    type State = [u8; N];
    type Action = u8;
    type Cost = u32;
    fn is_goal(&self, _: &Self::State) -> bool {
        false
    }
    fn successors(&self, s: &Self::State, out: &mut Successors<Self::State, u8, u32>) {
        let board = Board::<6>::from_tiles(&s[..9]);
        let mut inner = Successors::new();
        self.0.successors(&board, &mut inner);
        for succ in inner.drain() {
            let tiles: [u8; N] = std::array::from_fn(|c| succ.state.tile(c as u32 % 9) as u8);
            out.push(succ.action, tiles, 1);
        }
    }
}

impl<const N: usize> Repeated<N> {
    /// The per-depth counts of the whole space, on disk in `dir`.
    fn counts(dir: &Path) -> Vec<u64> {
        assert_eq!(<[u8; N] as Packed>::BYTES, N);
        let start: [u8; N] = std::array::from_fn(|c| (c % 9) as u8);
        let r = DiskBfs::new(dir)
            .reversible(true)
            .partitions(8)
            .enumerate(&Repeated::<N>(eight_puzzle()), start)
            .unwrap();
        r.layers
    }
}

/// States wider than the 16-byte keys: 18 bytes (two-word keys) and 36 bytes (wider than
/// any fixed key, kept boxed).
#[test]
fn wide_states_count_the_same() {
    let dir = work_dir("wide");
    assert_eq!(Repeated::<18>::counts(&dir), table("3x3 sliding tiles"));
    assert_eq!(Repeated::<36>::counts(&dir), table("3x3 sliding tiles"));
}

/// Checks that `solution` leads from `start` to a goal of `p` by successors of `p`.
pub(crate) fn replays<P: Problem>(
    p: &P,
    start: &P::State,
    solution: &heurist::Solution<P::State, P::Action, P::Cost>,
) {
    assert!(solution.start == *start);
    let mut at = start.clone();
    let mut out = Successors::new();
    for step in &solution.steps {
        p.successors(&at, &mut out);
        assert!(
            out.iter().any(|s| s.state == step.state),
            "a step is not a successor"
        );
        out.clear();
        at = step.state.clone();
    }
    assert!(p.is_goal(&at), "the path does not end at a goal");
}

#[test]
fn a_search_finds_a_shortest_path_that_replays() {
    let p = eight_puzzle();
    let dir = work_dir("search");
    for start in farthest_boards() {
        for reversible in [true, false] {
            let r = DiskBfs::new(&dir)
                .reversible(reversible)
                .partitions(8)
                .search(&p, start)
                .unwrap();
            let solution = r.solution().expect("solvable");
            assert_eq!(solution.len(), 31, "reversible {reversible}");
            assert_eq!(solution.cost, 31);
            replays(&p, &start, solution);
            assert_eq!(heurist::bfs(&p, start).cost(), Some(31));
            // the goal is found while its layer is generated: 31 layers complete
            assert_eq!(r.layers.len(), 31);
            assert!(!dir.exists());
        }
    }
    // the 5x2 puzzle from a board 20 moves from the goal, on two threads
    let p5 = Sliding::<6>::new(5, 2);
    let start = heurist::bfs_reach(&p5, p5.goal)
        .find(|&(_, d)| d == 20)
        .map(|(b, _)| b)
        .unwrap();
    let r = DiskBfs::new(&dir)
        .reversible(true)
        .threads(2)
        .search_parallel(&p5, start)
        .unwrap();
    let solution = r.into_solution().unwrap();
    assert_eq!(solution.len(), 20);
    replays(&p5, &start, &solution);
}

#[test]
fn a_start_at_the_goal_and_an_unreachable_goal() {
    let p = eight_puzzle();
    let dir = work_dir("trivial");
    let r = DiskBfs::new(&dir).search(&p, p.goal).unwrap();
    assert_eq!(r.solution().map(|s| s.len()), Some(0));
    assert!(!dir.exists(), "a start at the goal needs no files");
    // two tiles swapped: the other half of the permutations, never reached
    let unreachable = Sliding::<6> {
        goal: Board::from_tiles(&[0, 2, 1, 3, 4, 5, 6, 7, 8]),
        ..eight_puzzle()
    };
    let r = DiskBfs::new(&dir)
        .reversible(true)
        .search(&unreachable, eight_puzzle().goal)
        .unwrap();
    assert_eq!(r.outcome, Outcome::Exhausted);
    assert_eq!(r.layers, table("3x3 sliding tiles"));
}

#[test]
fn limits_stop_with_their_reason_and_keep_the_layers() {
    let p = eight_puzzle();
    let dir = work_dir("limits");
    let expected = table("3x3 sliding tiles");
    let base = || DiskBfs::new(&dir).reversible(true).partitions(8).threads(2);

    let r = base().max_expansions(1000).enumerate(&p, p.goal).unwrap();
    assert_eq!(r.stop_reason(), Some(StopReason::MaxExpansions));
    assert!(r.stats.expanded <= 1000, "{}", r.stats.expanded);
    assert!(r.layers.len() > 5 && r.layers[..] == expected[..r.layers.len()]);
    assert!(
        dir.join("heurist-disk-bfs.txt").exists(),
        "a stopped run keeps its files"
    );
    base().remove_files().unwrap();
    assert!(!dir.exists());

    let r = base()
        .max_expansions(1000)
        .enumerate_parallel(&p, p.goal)
        .unwrap();
    assert_eq!(r.stop_reason(), Some(StopReason::MaxExpansions));
    assert!(r.stats.expanded <= 1000);
    base().remove_files().unwrap();

    let r = base()
        .time_limit(Duration::ZERO)
        .enumerate(&p, p.goal)
        .unwrap();
    assert_eq!(r.stop_reason(), Some(StopReason::Deadline));
    assert_eq!(r.layers, [1]);
    base().remove_files().unwrap();

    let token = CancelToken::new();
    token.cancel();
    let r = base()
        .cancel(token)
        .search(&p, farthest_boards()[0])
        .unwrap();
    assert_eq!(r.stop_reason(), Some(StopReason::Cancelled));

    let r = base().max_depth(5).enumerate(&p, p.goal);
    // the cancelled search's files are another run's (a search, another start)
    assert!(matches!(r, Err(DiskError::OtherRun { .. })), "{r:?}");
    base().remove_files().unwrap();
    let r = base().max_depth(5).enumerate(&p, p.goal).unwrap();
    assert_eq!(r.stop_reason(), Some(StopReason::MaxDepth));
    assert_eq!(r.layers, expected[..6]);
    // a larger depth limit continues from there
    let r = base().max_depth(20).enumerate(&p, p.goal).unwrap();
    assert_eq!((r.resumed_layers, r.layers.len()), (6, 21));
    assert_eq!(r.layers, expected[..21]);
    let r = base().enumerate(&p, p.goal).unwrap();
    assert_eq!(r.layers, expected);
    assert!(!dir.exists());
}

#[test]
fn a_cancelled_run_resumes_to_the_same_counts() {
    let p = Sliding::<6>::new(5, 2);
    let expected = table("5x2 sliding tiles");
    let dir = work_dir("resume");
    for stop_after in [1, 17, 40] {
        let token = CancelToken::new();
        let handle = token.clone();
        let reports = AtomicUsize::new(0);
        let first = DiskBfs::new(&dir)
            .reversible(true)
            .partitions(8)
            .cancel(token)
            .on_layer(|layer| {
                reports.fetch_add(1, Ordering::Relaxed);
                if layer.depth == stop_after {
                    handle.cancel();
                }
            })
            .enumerate(&p, p.goal)
            .unwrap();
        assert_eq!(first.stop_reason(), Some(StopReason::Cancelled));
        assert_eq!(first.layers, expected[..=stop_after]);
        assert_eq!(reports.load(Ordering::Relaxed), stop_after);
        // the next call, with other threads and another budget, continues (flushing each
        // layer to the disk)
        let second = DiskBfs::new(&dir)
            .reversible(true)
            .partitions(8)
            .threads(2)
            .memory_budget(4 << 20)
            .durable(true)
            .enumerate_parallel(&p, p.goal)
            .unwrap();
        assert_eq!(second.resumed_layers, stop_after + 1);
        assert_eq!(second.layers, expected);
        assert!(second.is_exhausted());
        let expanded_before: u64 = expected[..stop_after].iter().sum();
        assert_eq!(second.stats.expanded, 1_814_400 - expanded_before);
        assert!(!dir.exists());
    }
}

#[test]
fn runs_stopped_midway_again_and_again_add_up_to_the_table() {
    // each call expands at most 30,000 states (more than the largest layer, 24,047): a
    // layer it cannot finish is discarded and expanded again by the next call
    let p = eight_puzzle();
    let dir = work_dir("midway");
    let mut calls = 0;
    let result = loop {
        calls += 1;
        let r = DiskBfs::new(&dir)
            .partitions(8)
            .max_expansions(30_000)
            .enumerate(&p, p.goal)
            .unwrap();
        assert!(r.stats.expanded <= 30_000);
        if r.stop_reason().is_none() {
            break r;
        }
        assert!(calls < 100, "no progress");
    };
    assert!(calls >= 7, "{calls} calls"); // 181,440 expansions in all
    assert_eq!(result.layers, table("3x3 sliding tiles"));
}

#[test]
fn kept_files_answer_the_next_call() {
    let p = eight_puzzle();
    let dir = work_dir("keep");
    let run = DiskBfs::new(&dir)
        .reversible(true)
        .partitions(8)
        .keep_files(true);
    let first = run.enumerate(&p, p.goal).unwrap();
    let again = run.enumerate(&p, p.goal).unwrap();
    assert!(again.is_exhausted());
    assert_eq!((again.layers, again.stats.expanded), (first.layers, 0));
    assert_eq!(again.resumed_layers, 32);
    run.remove_files().unwrap();
    assert!(!dir.exists());
}

#[test]
fn bad_work_directories_are_errors() {
    let p = eight_puzzle();
    let dir = work_dir("bad");
    std::fs::create_dir_all(&dir).unwrap();
    // a directory under a file
    let file = dir.join("a-file");
    std::fs::write(&file, "x").unwrap();
    let r = DiskBfs::new(file.join("sub")).enumerate(&p, p.goal);
    assert!(matches!(r, Err(DiskError::Io { .. })), "{r:?}");

    // a damaged manifest
    let work = dir.join("work");
    let run = DiskBfs::new(&work).partitions(8).max_depth(10);
    run.enumerate(&p, p.goal).unwrap();
    let manifest = work.join("heurist-disk-bfs.txt");
    let text = std::fs::read_to_string(&manifest).unwrap();
    std::fs::write(&manifest, text.replace("layers 1 2", "layers 1 x")).unwrap();
    let err = run.enumerate(&p, p.goal).unwrap_err();
    assert!(matches!(err, DiskError::Manifest { line: 12, .. }), "{err}");
    std::fs::write(&manifest, &text[..text.len() / 2]).unwrap();
    assert!(matches!(
        run.enumerate(&p, p.goal),
        Err(DiskError::Manifest { .. })
    ));
    std::fs::write(&manifest, [0xff, 0xfe, 0]).unwrap();
    assert!(matches!(
        run.enumerate(&p, p.goal),
        Err(DiskError::Manifest { .. })
    ));
    // a manifest that claims more states than a layer's files hold
    std::fs::write(&manifest, text.replace("layers 1 2 4 8", "layers 1 2 5 8")).unwrap();
    let err = run.enumerate(&p, p.goal).unwrap_err();
    assert!(matches!(err, DiskError::Layer { .. }), "{err}");
    let huge = text.replace("layers 1 2 4", "layers 1 2 18446744073709551615");
    std::fs::write(&manifest, huge).unwrap();
    let err = run.enumerate(&p, p.goal).unwrap_err();
    assert!(matches!(err, DiskError::Layer { .. }), "{err}");
    std::fs::write(&manifest, &text).unwrap();

    // another start, another partition count
    let other = Board::from_tiles(&[1, 0, 2, 3, 4, 5, 6, 7, 8]);
    let err = run.enumerate(&p, other).unwrap_err();
    assert!(matches!(err, DiskError::OtherRun { .. }), "{err}");
    assert!(err.to_string().contains("start"), "{err}");
    let err = run.clone().partitions(4).enumerate(&p, p.goal).unwrap_err();
    assert!(matches!(err, DiskError::OtherRun { .. }), "{err}");

    // a layer cut short
    let data = work.join("layer-00010-0.bin");
    let len = std::fs::metadata(&data).unwrap().len();
    std::fs::OpenOptions::new()
        .write(true)
        .open(&data)
        .unwrap()
        .set_len(len - 6)
        .unwrap();
    let err = run.enumerate(&p, p.goal).unwrap_err();
    assert!(matches!(err, DiskError::Layer { .. }), "{err}");
    // the index of a layer removed
    std::fs::remove_file(work.join("layer-00010.idx")).unwrap();
    assert!(run.enumerate(&p, p.goal).is_err());
    // the damage is in files the next run would use; a run in a fresh directory works
    run.remove_files().unwrap();
    let r = run.enumerate(&p, p.goal).unwrap();
    assert_eq!(r.layers, table("3x3 sliding tiles")[..11]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The number of completed layers the manifest in `dir` lists (0 without one).
fn listed_layers(dir: &Path) -> usize {
    let text = std::fs::read_to_string(dir.join("heurist-disk-bfs.txt")).unwrap_or_default();
    text.lines()
        .find_map(|l| l.strip_prefix("layers "))
        .map_or(0, |l| l.split(' ').count())
}

#[test]
fn a_killed_run_resumes_to_the_same_counts() {
    let exe = crate::program::path("disk_bfs");
    let dir = work_dir("killed");
    let args = |extra: &[&str]| {
        let mut a: Vec<String> = ["5x2", "--dir", dir.to_str().unwrap(), "--partitions", "8"]
            .map(String::from)
            .to_vec();
        a.extend(extra.iter().map(|s| s.to_string()));
        a
    };
    // a pause of 40 ms after each layer: 56 layers take over two seconds
    let mut child = Command::new(&exe)
        .args(args(&["--pause", "40", "--quiet"]))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the example starts");
    let began = Instant::now();
    while listed_layers(&dir) < 20 {
        assert!(began.elapsed() < Duration::from_secs(60), "no progress");
        assert!(child.try_wait().unwrap().is_none(), "the run ended early");
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let listed = listed_layers(&dir);
    assert!((20..56).contains(&listed), "{listed} layers");

    let out = Command::new(&exe)
        .args(args(&[]))
        .output()
        .expect("the example runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("(resumed after depth"), "{stdout}");
    let counts: Vec<u64> = stdout
        .lines()
        .find_map(|l| l.strip_prefix("counts "))
        .expect("a counts line")
        .split(',')
        .map(|n| n.parse().unwrap())
        .collect();
    assert_eq!(counts, table("5x2 sliding tiles"));
    assert!(stdout.contains("matches the published table"), "{stdout}");
    assert!(!dir.exists());
}

/// A write that fails midway (here a file-size limit, as a full disk would) ends the run
/// with an error naming the file, not a panic; the completed layers stay, and the same
/// command continues from them once there is room, to the published counts.
#[test]
#[cfg(unix)]
fn a_failed_write_is_an_error_and_the_run_resumes() {
    let exe = crate::program::path("disk_bfs");
    let dir = work_dir("full");
    let run = format!(
        "{} 5x2 --dir {} --partitions 8 --quiet",
        exe.display(),
        dir.display()
    );
    // files of at most 100 KiB (200 blocks of 512 bytes); the signal that the limit
    // sends is ignored, so the write itself fails
    let out = Command::new("sh")
        .args(["-c", &format!("trap '' XFSZ; ulimit -f 200; exec {run}")])
        .output()
        .expect("sh runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("cannot write") && !stderr.contains("panicked"),
        "{stderr}"
    );
    let listed = listed_layers(&dir);
    assert!((2..56).contains(&listed), "{listed} layers");
    let out = Command::new(&exe)
        .args(["5x2", "--dir", dir.to_str().unwrap(), "--partitions", "8"])
        .output()
        .expect("the example runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.contains("(resumed after depth"), "{stdout}");
    assert!(stdout.contains("matches the published table"), "{stdout}");
    assert!(!dir.exists());
}

#[test]
fn every_state_is_counted_once() {
    // a space with duplicates in every layer and across layers, not reversible: from n,
    // n + 1 and 2n modulo 1009, a prime
    let p = heurist::FnProblem::space(|&n: &u16| [(n + 1) % 1009, (2 * n) % 1009]);
    let dir = work_dir("once");
    let r = DiskBfs::new(&dir).partitions(3).enumerate(&p, 1).unwrap();
    let mut seen = HashSet::new();
    let reach: Vec<u64> = {
        let mut counts = Vec::new();
        for (n, d) in heurist::bfs_reach(&p, 1) {
            assert!(seen.insert(n));
            if counts.len() <= d {
                counts.resize(d + 1, 0);
            }
            counts[d] += 1;
        }
        counts
    };
    assert_eq!(r.layers, reach);
    assert_eq!(r.total_states(), 1009);
}
