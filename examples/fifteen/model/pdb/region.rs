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
//! on boards of up to 16 cells, 4 up to 25), which the threads share through atomic OR, and
//! the distance byte that becomes the table. Each layer is cut into chunks that the threads
//! take in turn; each thread keeps its own list of the next layer and sorts it by the cells
//! of the first tiles, so that most children fall near each other in the tables. A child's
//! rank is updated from its parent's, and its region is computed only when it is new.
//!
//! Memory while building: 3 bytes per placement on 4x4 (1.6 GB for 8 tiles), 5 on 5x5,
//! plus the two layers (8 bytes per pair); the 7-8 set peaks at about 5 GB.

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

/// Orders `pairs` by the cells of their first [`SORT_TILES`] tiles (a counting sort: two
/// passes). Each thread sorts its own list of the next layer.
fn sort_pairs(pairs: Vec<u64>, k: usize) -> Vec<u64> {
    let shift = 64 - CELL_BITS * SORT_TILES.min(k);
    let mut start = vec![0usize; 1 << (64 - shift)];
    for &p in &pairs {
        start[(p >> shift) as usize] += 1;
    }
    let mut sum = 0;
    for s in start.iter_mut() {
        sum += std::mem::replace(s, sum);
    }
    let mut sorted = vec![0u64; sum];
    for p in pairs {
        let slot = &mut start[(p >> shift) as usize];
        sorted[*slot] = p;
        *slot += 1;
    }
    sorted
}

/// Pairs per chunk of a layer: large enough that taking one costs nothing, small enough that
/// the threads finish a layer together.
const CHUNK: usize = 1 << 13;

/// Whether [`build_projected`] can build the database of `k` pattern tiles on a board of
/// `cells` cells: a queued pair (the tiles' cells and the region's cells) fits in 64 bits.
pub fn projected_fits(cells: usize, k: usize) -> bool {
    k >= 1 && cells <= 25 && CELL_BITS * k + cells <= 64
}

/// The regions of the blank seen for one placement: bit `c` for cell `c`.
trait Regions: Send + Sync + Sized {
    fn zero() -> Self;
    fn get(&self) -> u64;
    /// Adds `cells`; returns the regions seen before.
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
        self.fetch_or(cells as u16, Ordering::Relaxed) as u64
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
        self.fetch_or(cells as u32, Ordering::Relaxed) as u64
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
    /// returns the number of placements reached for the first time.
    fn expand(&self, items: &[u64], depth: u8, next: &mut Vec<u64>) -> u64 {
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
            for j in 0..k {
                let from = cells[j];
                let mut targets = self.board.adjacent[from as usize] & region;
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
                    let before = self.seen[child_rank].add(child_region);
                    if before & (1 << from) != 0 {
                        continue; // another thread queued it meanwhile
                    }
                    if before == 0 {
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
    let mut layer: Vec<Vec<u64>> = vec![vec![pack(&goal, region)]];
    let mut reached = 1u64;
    let mut depth = 0u8;
    progress(&Progress {
        depth,
        reached,
        total,
    });
    while reached < total && layer.iter().any(|l| !l.is_empty()) {
        depth = depth.saturating_add(1).min(UNREACHED - 1);
        let chunks: Vec<&[u64]> = layer.iter().flat_map(|l| l.chunks(CHUNK)).collect();
        let taken = AtomicUsize::new(0);
        let work = || {
            let mut next = Vec::new();
            let mut found = 0;
            while let Some(items) = chunks.get(taken.fetch_add(1, Ordering::Relaxed)) {
                found += search.expand(items, depth, &mut next);
            }
            (sort_pairs(next, k), found)
        };
        let helpers = threads.min(chunks.len()).saturating_sub(1);
        let results: Vec<(Vec<u64>, u64)> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..helpers).map(|_| scope.spawn(work)).collect();
            let mut results = vec![work()];
            results.extend(
                handles
                    .into_iter()
                    .map(|h| h.join().expect("builder thread")),
            );
            results
        });
        let mut lists = Vec::with_capacity(results.len());
        for (next, found) in results {
            reached += found;
            lists.push(next);
        }
        layer = lists;
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
