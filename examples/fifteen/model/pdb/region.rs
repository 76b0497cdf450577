//! A dedicated builder of projected pattern databases (the table keyed by the pattern tiles'
//! cells only): a breadth-first search over pairs (placement of the pattern's tiles, region
//! of the blank), on all cores.
//!
//! In the additive abstraction the blank moves for free through cells that hold no pattern
//! tile, so every cell of one connected region of such cells has the same distance. The
//! search therefore visits each (placement, region) once instead of each (placement, blank
//! cell) — two or three regions per placement against 8 to 19 free cells — and the 0-1
//! search of the generic [`Builder`](heurist::pdb::Builder) becomes a plain breadth-first
//! one: each edge slides a pattern tile into the blank's region, at cost 1. This is what
//! makes the 7-8 databases of the 15-puzzle and the 6-6-6-6 databases of the 24-puzzle
//! buildable in minutes: the generic build would search every cell of the blank (16!/7! and
//! 25!/18! abstract states).
//!
//! While it runs, the build keeps per placement the regions seen (a bit per cell: 2 bytes
//! on boards of up to 16 cells, 4 up to 25) and the distance byte that becomes the table.
//! The search is bound by the memory it touches at random, so everything is arranged to
//! touch the tables window by window:
//!
//! - Each layer is kept sorted by the cells of its pairs' first [`SORT_TILES`] tiles, the
//!   *key*. The placements of one key fill one window of the table, a few hundred
//!   kilobytes, which is read into the cache before the key's pairs are expanded when many
//!   of them are.
//! - Moving any other tile keeps the child in its parent's window: it is checked at once. A
//!   move of one of the key's tiles leads to another window: the child is deferred,
//!   unchecked, and after each segment of the layer the deferred children are sorted by
//!   key and settled window by window.
//! - The threads take keys, not pairs, so each window is written by one thread at a time
//!   and the tables need no atomic read-modify-write, which would stall the loads behind it.
//!
//! A child's rank is updated from its parent's, and its region is computed only when it is
//! new.
//!
//! Memory while building: 3 bytes per placement on 4x4 (1.6 GB for 8 tiles), 5 on 5x5,
//! plus the two layers (8 bytes per pair) and the deferred children of one segment (about
//! 1 GB); the 7-8 set peaks at about 6.6 GB.

use std::sync::atomic::{AtomicU16, AtomicU32, AtomicU8, AtomicUsize, Ordering};

use heurist::pdb::{PatternDb, Progress, UNREACHED};

use super::super::Puzzle;
use super::space::{falling, rank_cells};

/// Bits per cell in a queued pair.
const CELL_BITS: usize = 5;

/// A queued pair: the cells of the pattern's tiles from the top bits down (tile 0 highest, so
/// that pairs in numeric order are in the order of their placements' ranks), the region's
/// cells in the low bits.
#[inline(always)]
fn pack(cells: &[u8], region: u64) -> u64 {
    cells.iter().enumerate().fold(region, |p, (j, &c)| {
        p | (c as u64) << (64 - CELL_BITS * (j + 1))
    })
}

/// The cell of tile `j` in a queued pair.
#[inline(always)]
fn cell_of(pair: u64, j: usize) -> u8 {
    ((pair >> (64 - CELL_BITS * (j + 1))) & ((1 << CELL_BITS) - 1)) as u8
}

/// Tiles whose cells order the pairs of a layer before it is expanded: the children that
/// move the other tiles then fall in a window of the table a few hundred kilobytes wide,
/// which stays in the cache while the pairs sharing these cells are expanded.
const SORT_TILES: usize = 3;

/// The sort key of a queued pair: the cells of its first [`SORT_TILES`] tiles.
#[inline(always)]
fn sort_key(pair: u64, k: usize) -> usize {
    (pair >> (64 - CELL_BITS * SORT_TILES.min(k))) as usize
}

/// The number of sort keys for pairs of `k` tiles.
fn key_count(k: usize) -> usize {
    1 << (CELL_BITS * SORT_TILES.min(k))
}

/// A list of pairs ordered by [`sort_key`], with where each key's pairs start.
#[derive(Default)]
struct Sorted {
    pairs: Vec<u64>,
    /// `start[key]..start[key + 1]`: the pairs of `key`.
    start: Vec<usize>,
}

impl Sorted {
    /// Replaces the list with `pairs` ordered by key (a counting sort: two passes), reusing
    /// its memory.
    fn fill(&mut self, pairs: &[u64], k: usize) {
        self.start.clear();
        self.start.resize(key_count(k) + 1, 0);
        for &p in pairs {
            self.start[sort_key(p, k)] += 1;
        }
        let mut sum = 0;
        for s in self.start.iter_mut() {
            sum += std::mem::replace(s, sum);
        }
        self.pairs.clear();
        self.pairs.resize(pairs.len(), 0);
        let mut slot = self.start.clone();
        for &p in pairs {
            let s = &mut slot[sort_key(p, k)];
            self.pairs[*s] = p;
            *s += 1;
        }
    }

    /// The pairs of `key`.
    fn of(&self, key: usize) -> &[u64] {
        &self.pairs[self.start[key]..self.start[key + 1]]
    }
}

/// The pairs of a layer whose children are all settled before the next part is expanded:
/// enough that each window of the table gets many deferred children, few enough that they
/// take little memory.
const SEGMENT: usize = 1 << 25;

/// [`Search::warm`] loads a window when the loads about to fall in it are at least its
/// length over this.
const WARM_RATIO: usize = 64;

/// Sort keys a thread takes at a time: enough that taking them costs nothing, few enough
/// that the threads finish together.
const KEYS_PER_TAKE: usize = 1 << CELL_BITS;

/// Runs `f` on every key of `keys`, on one thread per state in `states` (the first on the
/// calling thread), each thread taking runs of [`KEYS_PER_TAKE`] keys in turn and passing
/// its own state; returns the sum of what `f` returns. Each key goes to one thread only.
fn on_keys<S: Send>(
    states: &mut [S],
    keys: std::ops::Range<usize>,
    f: impl Fn(&mut S, usize) -> u64 + Sync,
) -> u64 {
    let taken = AtomicUsize::new(keys.start);
    on_threads(states, |state| {
        let mut sum = 0;
        loop {
            let first = taken.fetch_add(KEYS_PER_TAKE, Ordering::Relaxed);
            if first >= keys.end {
                return sum;
            }
            for key in first..(first + KEYS_PER_TAKE).min(keys.end) {
                sum += f(state, key);
            }
        }
    })
    .into_iter()
    .sum()
}

/// Runs `f` on each of `states`, each on its own thread (the first on the calling thread);
/// returns the results in the order of `states`.
fn on_threads<S: Send, R: Send>(states: &mut [S], f: impl Fn(&mut S) -> R + Sync) -> Vec<R> {
    let Some((first, rest)) = states.split_first_mut() else {
        return Vec::new();
    };
    let f = &f;
    std::thread::scope(|scope| {
        let handles: Vec<_> = rest.iter_mut().map(|s| scope.spawn(move || f(s))).collect();
        let mut results = vec![f(first)];
        results.extend(
            handles
                .into_iter()
                .map(|h| h.join().expect("builder thread")),
        );
        results
    })
}

/// Whether [`build_projected`] can build the database of `k` pattern tiles on a board of
/// `cells` cells: a queued pair (the tiles' cells and the region's cells) fits in 64 bits.
pub fn projected_fits(cells: usize, k: usize) -> bool {
    k >= 1 && cells <= 25 && CELL_BITS * k + cells <= 64
}

/// The regions of the blank seen for one placement: bit `c` for cell `c`.
trait Regions: Send + Sync + Sized {
    fn zero() -> Self;
    fn get(&self) -> u64;
    /// Adds `cells`; returns the regions seen before. Not atomic: a placement's entry is
    /// written by one thread at a time (the one working on its sort key).
    fn add(&self, cells: u64) -> u64;
}

impl Regions for AtomicU16 {
    fn zero() -> Self {
        AtomicU16::new(0)
    }
    #[inline(always)]
    fn get(&self) -> u64 {
        self.load(Ordering::Relaxed) as u64
    }
    #[inline(always)]
    fn add(&self, cells: u64) -> u64 {
        let before = self.load(Ordering::Relaxed);
        self.store(before | cells as u16, Ordering::Relaxed);
        before as u64
    }
}

impl Regions for AtomicU32 {
    fn zero() -> Self {
        AtomicU32::new(0)
    }
    #[inline(always)]
    fn get(&self) -> u64 {
        self.load(Ordering::Relaxed) as u64
    }
    #[inline(always)]
    fn add(&self, cells: u64) -> u64 {
        let before = self.load(Ordering::Relaxed);
        self.store(before | cells as u32, Ordering::Relaxed);
        before as u64
    }
}

/// The board's geometry as cell masks.
struct Board {
    cols: u32,
    /// Every cell.
    full: u64,
    /// Cells outside the first column (where a cell moved right by one may land).
    not_first: u64,
    /// Cells outside the last column (where a cell moved left by one may land).
    not_last: u64,
    /// `adjacent[c]`: the cells next to `c`.
    adjacent: Vec<u64>,
}

impl Board {
    fn new(rows: usize, cols: usize) -> Self {
        let n = rows * cols;
        let column = |c: usize| {
            (0..n)
                .filter(|p| p % cols == c)
                .fold(0u64, |m, p| m | 1 << p)
        };
        let full = (1u64 << n) - 1;
        let mut board = Board {
            cols: cols as u32,
            full,
            not_first: full & !column(0),
            not_last: full & !column(cols - 1),
            adjacent: Vec::new(),
        };
        board.adjacent = (0..n).map(|p| board.spread(1 << p) & !(1 << p)).collect();
        board
    }

    /// `cells` and their neighbours.
    #[inline(always)]
    fn spread(&self, cells: u64) -> u64 {
        (cells
            | cells << self.cols
            | cells >> self.cols
            | (cells << 1) & self.not_first
            | (cells >> 1) & self.not_last)
            & self.full
    }

    /// The region of `free` cells connected to `seed` (a cell of `free`).
    #[inline(always)]
    fn region(&self, seed: u64, free: u64) -> u64 {
        let mut r = seed;
        loop {
            let grown = self.spread(r) & free;
            if grown == r {
                return r;
            }
            r = grown;
        }
    }
}

/// The search's fixed inputs and its tables.
struct Search<'a, W> {
    board: Board,
    k: usize,
    n: u64,
    /// `weight[j]`: what one unit of tile `j`'s digit adds to a rank (see [`rank_cells`]).
    weight: [u64; 8],
    seen: &'a [W],
    dist: &'a [AtomicU8],
    /// The tiles whose cells make a pair's sort key: [`SORT_TILES`], or all of them if
    /// fewer.
    key_tiles: usize,
}

impl<W: Regions> Search<'_, W> {
    /// The rank of the placement `cells` (of rank `rank`, with `tile_at[c]` the index of the
    /// tile in cell `c` or `u8::MAX`) once tile `j` moves from `from` to the free cell `to`.
    ///
    /// Only the digits of tiles whose order relative to tile `j` changes move: tile `j`'s
    /// own, by the distance of the move less the earlier tiles it passes, and those of later
    /// tiles it passes, by one. A move along a row passes no tile; a move along a column
    /// passes the cells in between.
    #[inline(always)]
    fn child_rank(&self, rank: u64, tile_at: &[u8; 32], j: usize, from: u8, to: u8) -> u64 {
        let (lo, hi, up) = if to > from {
            (from, to, 1i64)
        } else {
            (to, from, -1i64)
        };
        let mut digit = (hi - lo) as i64;
        let mut delta = 0i64;
        for c in lo + 1..hi {
            let i = tile_at[c as usize] as usize;
            if i < j {
                digit -= 1;
            } else if i < 8 {
                delta += self.weight[i] as i64;
            }
        }
        (rank as i64 + up * (digit * self.weight[j] as i64 + delta)) as u64
    }

    /// Expands the pairs of `items`, queueing the new pairs of distance `depth` into `next`;
    /// returns the number of placements reached for the first time. A move of one of the
    /// first [`SORT_TILES`] tiles leads out of the window of the table that the pairs sharing
    /// those tiles' cells use: its child goes to `deferred` unchecked, as a pair whose region
    /// is the one cell the tile left, for [`Search::settle`].
    fn expand(
        &self,
        items: &[u64],
        depth: u8,
        next_out: &mut Vec<u64>,
        deferred_out: &mut Vec<u64>,
    ) -> u64 {
        // Pushed to through locals: the threads' lists sit side by side, and pushing through
        // the references would write their lengths to one cache line from both threads.
        let (mut next_local, mut deferred_local) =
            (std::mem::take(next_out), std::mem::take(deferred_out));
        let (next, deferred) = (&mut next_local, &mut deferred_local);
        let k = self.k;
        let mut reached = 0;
        let mut cells = [0u8; 8];
        let mut tile_at = [u8::MAX; 32];
        for &item in items {
            let mut occupied = 0u64;
            for (j, c) in cells[..k].iter_mut().enumerate() {
                *c = cell_of(item, j);
                occupied |= 1 << *c;
                tile_at[*c as usize] = j as u8;
            }
            let rank = rank_cells(&cells[..k], self.n);
            let region = item & self.board.full;
            let placement = item & !self.board.full;
            for j in 0..k {
                let from = cells[j];
                let mut targets = self.board.adjacent[from as usize] & region;
                if j < self.key_tiles {
                    let shift = 64 - CELL_BITS * (j + 1);
                    let others = placement & !(((1u64 << CELL_BITS) - 1) << shift);
                    while targets != 0 {
                        let to = targets.trailing_zeros() as u64;
                        targets &= targets - 1;
                        deferred.push(others | to << shift | 1 << from);
                    }
                    continue;
                }
                while targets != 0 {
                    let to = targets.trailing_zeros() as u8;
                    targets &= targets - 1;
                    let child_rank = self.child_rank(rank, &tile_at, j, from, to) as usize;
                    // The blank's region in the child is the one holding `from`: most
                    // children are seen already, and cost one load.
                    if self.seen[child_rank].get() & (1 << from) != 0 {
                        continue;
                    }
                    let free = self.board.full & !(occupied ^ (1 << from) ^ (1 << to));
                    let child_region = self.board.region(1 << from, free);
                    // (no other thread writes this window: the region is still unseen)
                    if self.seen[child_rank].add(child_region) == 0 {
                        self.dist[child_rank].store(depth, Ordering::Relaxed);
                        reached += 1;
                    }
                    let mut child = cells;
                    child[j] = to;
                    next.push(pack(&child[..k], child_region));
                }
            }
            for &c in &cells[..k] {
                tile_at[c as usize] = u8::MAX;
            }
        }
        (*next_out, *deferred_out) = (next_local, deferred_local);
        reached
    }

    /// The entries of the placements whose sort key is `key`: one window of the table.
    fn window(&self, key: usize) -> std::ops::Range<usize> {
        let s = self.key_tiles;
        let mut cells = [0u8; SORT_TILES];
        for (j, c) in cells[..s].iter_mut().enumerate() {
            *c = (key >> (CELL_BITS * (s - 1 - j)) & ((1 << CELL_BITS) - 1)) as u8;
        }
        let len = self.weight[s - 1] as usize;
        let start = rank_cells(&cells[..s], self.n) as usize * len;
        start..start + len
    }

    /// Loads the window of `key` into the cache, a line at a time, when `accesses` loads are
    /// about to fall in it at random: a sequential pass costs far less than a miss per line.
    fn warm(&self, key: usize, accesses: usize) {
        // A key that no pair has may name no placement (a cell twice).
        if accesses == 0 || accesses * WARM_RATIO < self.weight[self.key_tiles - 1] as usize {
            return;
        }
        let window = self.window(key);
        let line = 64;
        let mut sum = 0u64;
        for seen in self.seen[window.clone()]
            .iter()
            .step_by(line / size_of::<W>())
        {
            sum ^= seen.get();
        }
        for dist in self.dist[window].iter().step_by(line) {
            sum ^= dist.load(Ordering::Relaxed) as u64;
        }
        std::hint::black_box(sum);
    }

    /// Checks the children that [`Search::expand`] deferred (pairs whose region is one cell
    /// of the blank), queueing those new at distance `depth` into `next`; returns the number
    /// of placements reached for the first time. The caller hands it the children of one
    /// window of the table at a time, so that its loads hit the cache.
    fn settle(&self, items: &[u64], depth: u8, next_out: &mut Vec<u64>) -> u64 {
        let mut next_local = std::mem::take(next_out);
        let next = &mut next_local;
        let k = self.k;
        let mut reached = 0;
        let mut cells = [0u8; 8];
        for &item in items {
            let seed = item & self.board.full;
            let mut occupied = 0u64;
            for (j, c) in cells[..k].iter_mut().enumerate() {
                *c = cell_of(item, j);
                occupied |= 1 << *c;
            }
            let rank = rank_cells(&cells[..k], self.n) as usize;
            if self.seen[rank].get() & seed != 0 {
                continue;
            }
            let region = self.board.region(seed, self.board.full & !occupied);
            if self.seen[rank].add(region) == 0 {
                self.dist[rank].store(depth, Ordering::Relaxed);
                reached += 1;
            }
            next.push(item & !self.board.full | region);
        }
        *next_out = next_local;
        reached
    }
}

/// Builds the projected database of pattern `tiles` of `puzzle` (the table of
/// [`PatternSpace::new(puzzle, tiles, false)`](super::PatternSpace), entry for entry) with
/// `threads` threads (0: one per core); `progress` is called on the calling thread after each
/// layer, with the placements reached so far out of all of them.
///
/// # Panics
///
/// If the pattern does not fit ([`projected_fits`]) or holds the blank or a tile twice.
pub fn build_projected(
    puzzle: &Puzzle,
    tiles: &[u8],
    threads: usize,
    progress: impl FnMut(&Progress),
) -> PatternDb {
    let n = puzzle.cells();
    assert!(projected_fits(n, tiles.len()), "pattern too large");
    if n <= 16 {
        run::<AtomicU16>(puzzle, tiles, threads, progress)
    } else {
        run::<AtomicU32>(puzzle, tiles, threads, progress)
    }
}

fn run<W: Regions>(
    puzzle: &Puzzle,
    tiles: &[u8],
    threads: usize,
    mut progress: impl FnMut(&Progress),
) -> PatternDb {
    let (n, k) = (puzzle.cells(), tiles.len());
    let total = falling(n as u64, k);
    let seen: Vec<W> = (0..total).map(|_| W::zero()).collect();
    let dist: Vec<AtomicU8> = (0..total).map(|_| AtomicU8::new(UNREACHED)).collect();
    let search = Search {
        board: Board::new(puzzle.rows(), puzzle.cols()),
        k,
        n: n as u64,
        weight: std::array::from_fn(|j| (j + 1..k.max(j + 1)).map(|m| (n - m) as u64).product()),
        seen: &seen,
        dist: &dist,
        key_tiles: SORT_TILES.min(k),
    };
    let goal: Vec<u8> = tiles.iter().map(|&t| puzzle.goal_pos(t)).collect();
    assert!(!tiles.contains(&0) && goal.iter().enumerate().all(|(i, c)| !goal[..i].contains(c)));
    let occupied = goal.iter().fold(0u64, |m, &c| m | 1 << c);
    let region = search
        .board
        .region(1 << puzzle.goal_pos(0), search.board.full & !occupied);
    let goal_rank = rank_cells(&goal, n as u64) as usize;
    seen[goal_rank].add(region);
    dist[goal_rank].store(0, Ordering::Relaxed);
    let threads = match threads {
        0 => std::thread::available_parallelism().map_or(1, |t| t.get()),
        t => t,
    };
    let mut layer = vec![Sorted::default()];
    layer[0].fill(&[pack(&goal, region)], k);
    let mut reached = 1u64;
    let mut depth = 0u8;
    progress(&Progress {
        depth,
        reached,
        total,
    });
    let keys = key_count(k);
    let mut deferred: Vec<(Vec<u64>, Sorted)> = (0..threads).map(|_| Default::default()).collect();
    while reached < total && layer.iter().any(|l| !l.pairs.is_empty()) {
        depth = depth.saturating_add(1).min(UNREACHED - 1);
        let mut next: Vec<Vec<u64>> = vec![Vec::new(); threads];
        let mut first = 0;
        while first < keys {
            // A segment: keys from `first` holding about SEGMENT pairs.
            let mut last = first;
            let mut pairs = 0;
            while last < keys && pairs < SEGMENT {
                pairs += layer.iter().map(|l| l.of(last).len()).sum::<usize>();
                last += 1;
            }
            // Expand its pairs; each thread defers the children that leave the window of
            // their parent's key, and sorts them by their own key.
            let mut work: Vec<_> = next.iter_mut().zip(deferred.iter_mut()).collect();
            let mut found = on_keys(&mut work, first..last, |(next, (queued, _)), key| {
                search.warm(key, layer.iter().map(|l| l.of(key).len()).sum());
                let expand = |list: &Sorted| search.expand(list.of(key), depth, next, queued);
                layer.iter().map(expand).sum()
            });
            on_threads(&mut deferred, |(queued, sorted)| {
                sorted.fill(queued, k);
                queued.clear();
            });
            // Settle the deferred children, key by key.
            let lists = &deferred;
            found += on_keys(&mut next, 0..keys, |next, key| {
                search.warm(key, lists.iter().map(|(_, l)| l.of(key).len()).sum());
                let settle =
                    |(_, list): &(Vec<u64>, Sorted)| search.settle(list.of(key), depth, next);
                lists.iter().map(settle).sum()
            });
            reached += found;
            first = last;
        }
        let mut sorted: Vec<(Vec<u64>, Sorted)> =
            next.into_iter().map(|n| (n, Sorted::default())).collect();
        on_threads(&mut sorted, |(pairs, list)| {
            list.fill(&std::mem::take(pairs), k)
        });
        layer = sorted.into_iter().map(|(_, list)| list).collect();
        progress(&Progress {
            depth,
            reached,
            total,
        });
    }
    drop(layer);
    drop(seen);
    PatternDb::from_table(dist.into_iter().map(AtomicU8::into_inner).collect())
}
