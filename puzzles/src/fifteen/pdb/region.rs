//! A dedicated builder of projected pattern databases (the table keyed by the pattern tiles'
//! cells only): a breadth-first search over pairs (placement of the pattern's tiles, region
//! of the blank), on all cores, within a memory bound known before it starts.
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
//! The search keeps no queue. Each placement has two bits per free cell (the cells that hold
//! no pattern tile; per cell of the board where that takes no more room, see [`Layout`]),
//! and every cell of a region holds the region's code: unseen, closed (expanded), or one of
//! two layer codes, which alternate. A layer is expanded by scanning the table in rank order
//! for the regions that hold its code: each is closed, and the regions it reaches that are
//! unseen get the next layer's code, their placement its distance byte if it had none. So
//! the memory is the two tables and nothing else, whatever the size of a layer: on 4x4, 2
//! bytes a placement for the codes (8 free cells) and 1 for the distance, 1.56 GB for 8
//! tiles; on 5x5, 8 + 1 bytes, 1.15 GB for 6 tiles. (A queue of the pairs of each layer, 8
//! bytes a pair, and the children deferred to be settled in the order of the table, took the
//! 7-8 build to 6.6 GB at its peak.) [`memory_needed`] says how much before anything is
//! allocated.
//!
//! The threads take runs of placements from a shared counter; a placement's codes are
//! written by others only with an atomic OR into cells still unseen, so the scanning thread
//! can close its regions with an atomic XOR at any time. A child's rank is updated from its
//! parent's, and its region is computed only when it is new.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use heurist::pdb::{BuildError, BuildLimits, PatternDb, Progress, UNREACHED};

use super::super::Puzzle;
use super::space::{falling, rank_cells, MAX_PATTERN};

/// A region's code: not reached yet.
const UNSEEN: u64 = 0;
/// A region's code: expanded.
const CLOSED: u64 = 1;

/// The code of the regions of layer `layer` (2 and 3 in turn).
fn layer_code(layer: u64) -> u64 {
    2 + layer % 2
}

/// Words of the code table a thread takes at a time; the limits are looked at after each.
const CHUNK: usize = 1 << 12;

/// `0b01` in every 2-bit field of a word.
const LOW_BITS: u64 = 0x5555_5555_5555_5555;

/// Whether [`build_projected`] can build the database of `k` pattern tiles on a board of
/// `cells` cells: at least one cell left for the blank, on a board of up to 25 cells.
pub fn projected_fits(cells: usize, k: usize) -> bool {
    (1..=MAX_PATTERN).contains(&k) && k < cells && cells <= 25
}

/// The layout of the code table: `bits` bits per placement, `per_word` placements in a word
/// of 64. A placement has a 2-bit field per cell of the board where that fits in as few bits
/// as a field per free cell does (rounded up to a power of two: 64 bits for 6 tiles on 5x5,
/// 32 for 7 on 4x4), and a field per free cell, in cell order, where it does not (16 bits for
/// 8 tiles on 4x4 against 32): a field per cell is found without counting the free cells
/// below it.
#[derive(Clone, Copy)]
struct Layout {
    bits: u32,
    per_word: usize,
    /// `per_word` is `1 << per_word_log`.
    per_word_log: u32,
    /// The bits of one placement's fields.
    mask: u64,
    /// Whether field `c` is cell `c`'s (else the `c`-th free cell's).
    by_cell: bool,
}

impl Layout {
    fn new(cells: usize, free_cells: usize) -> Self {
        let bits = (2 * free_cells as u32).next_power_of_two();
        Layout {
            bits,
            per_word: 64 / bits as usize,
            per_word_log: (64 / bits).trailing_zeros(),
            mask: if bits == 64 {
                u64::MAX
            } else {
                (1 << bits) - 1
            },
            by_cell: 2 * cells as u32 <= bits,
        }
    }

    /// The word of placement `p`, and the shift of its fields in it.
    #[inline(always)]
    fn at(self, p: usize) -> (usize, u32) {
        let place = (p & (self.per_word - 1)) as u32;
        (p >> self.per_word_log, place * self.bits)
    }

    /// Words for `placements` placements.
    fn words(self, placements: u64) -> u64 {
        placements.div_ceil(self.per_word as u64)
    }

    /// The fields (`0b01` each) of the cells of `region` of a placement whose free cells are
    /// `free`.
    #[inline(always)]
    fn fields(self, region: u64, free: u64) -> u64 {
        let bits = if self.by_cell {
            region
        } else {
            compress(region, free)
        };
        spread(bits)
    }

    /// The field of `cell` (a free cell) of a placement whose free cells are `free`.
    #[inline(always)]
    fn field(self, cell: u8, free: u64) -> u32 {
        if self.by_cell {
            u32::from(cell)
        } else {
            (free & ((1u64 << cell) - 1)).count_ones()
        }
    }

    /// The cell of field `i` of a placement whose free cells are `free`.
    #[inline(always)]
    fn cell(self, i: u32, mut free: u64) -> u64 {
        if self.by_cell {
            return 1 << i;
        }
        for _ in 0..i {
            free &= free - 1;
        }
        free & free.wrapping_neg()
    }
}

/// The bits of `x` at the set bits of `mask`, packed towards bit 0.
#[inline(always)]
fn compress(x: u64, mut mask: u64) -> u64 {
    let mut out = 0;
    let mut i = 0;
    while mask != 0 {
        let bit = mask & mask.wrapping_neg();
        out |= u64::from(x & bit != 0) << i;
        mask ^= bit;
        i += 1;
    }
    out
}

/// Bit `i` of `x` (below 32) moved to bit `2 i`.
#[inline(always)]
fn spread(x: u64) -> u64 {
    let mut x = x & 0xFFFF_FFFF;
    x = (x | x << 16) & 0x0000_FFFF_0000_FFFF;
    x = (x | x << 8) & 0x00FF_00FF_00FF_00FF;
    x = (x | x << 4) & 0x0F0F_0F0F_0F0F_0F0F;
    x = (x | x << 2) & 0x3333_3333_3333_3333;
    (x | x << 1) & LOW_BITS
}

/// The bytes [`build_projected`] holds at its peak for a pattern of `k` tiles on a board of
/// `cells` cells: the code table and the distances.
pub fn memory_needed(cells: usize, k: usize) -> u64 {
    let placements = falling(cells as u64, k);
    let layout = Layout::new(cells, cells - k);
    (layout.words(placements) * 8).saturating_add(placements)
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
struct Search<'a> {
    board: Board,
    k: usize,
    n: u64,
    /// `weight[j]`: what one unit of tile `j`'s digit adds to a rank (see [`rank_cells`]).
    weight: [u64; 8],
    layout: Layout,
    codes: &'a [AtomicU64],
    dist: &'a [AtomicU8],
}

/// What a thread counts in a layer: new pairs, placements reached for the first time, and the
/// words of the code table it wrote the next layer's codes to.
#[derive(Clone, Copy)]
struct Tally {
    pairs: u64,
    placements: u64,
    lo: usize,
    hi: usize,
}

impl Default for Tally {
    fn default() -> Self {
        Tally {
            pairs: 0,
            placements: 0,
            lo: usize::MAX,
            hi: 0,
        }
    }
}

impl Tally {
    fn add(&mut self, other: &Tally) {
        self.pairs += other.pairs;
        self.placements += other.placements;
        self.lo = self.lo.min(other.lo);
        self.hi = self.hi.max(other.hi);
    }
}

impl Search<'_> {
    /// The cells of the placement of rank `rank`, in pattern order.
    fn unrank(&self, rank: u64, cells: &mut [u8; 8]) {
        let k = self.k;
        let mut digits = [0u8; 8];
        // (32-bit division where the rank allows: several times faster)
        match u32::try_from(rank) {
            Ok(mut rank) => {
                for j in (0..k).rev() {
                    let radix = self.n as u32 - j as u32;
                    digits[j] = (rank % radix) as u8;
                    rank /= radix;
                }
            }
            Err(_) => {
                let mut rank = rank;
                for j in (0..k).rev() {
                    let radix = self.n - j as u64;
                    digits[j] = (rank % radix) as u8;
                    rank /= radix;
                }
            }
        }
        // tile `j`'s cell: the `digits[j]`-th cell that the tiles before it leave free, found
        // by stepping over those of them at or below it, in cell order
        let mut used = 0u64;
        for j in 0..k {
            let mut c = u32::from(digits[j]);
            let mut below = used;
            while below != 0 && below.trailing_zeros() <= c {
                c += 1;
                below &= below - 1;
            }
            cells[j] = c as u8;
            used |= 1 << c;
        }
    }

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

    /// Marks the region `region` of the placement of rank `rank` (whose free cells are
    /// `free`) with `code` if it is unseen: whether it was, and the placement's distance set
    /// to `depth` if none of its regions had been reached.
    #[inline(always)]
    fn reach(&self, rank: usize, region: u64, free: u64, code: u64, depth: u8, t: &mut Tally) {
        let (w, shift) = self.layout.at(rank);
        let mine = self.layout.fields(region, free);
        let before = self.codes[w].fetch_or((mine * code) << shift, Ordering::Relaxed);
        let before = (before >> shift) & self.layout.mask;
        if before & (mine * 3) != 0 {
            return; // another thread reached it first
        }
        t.pairs += 1;
        t.lo = t.lo.min(w);
        t.hi = t.hi.max(w + 1);
        if before == UNSEEN {
            self.dist[rank].store(depth, Ordering::Relaxed);
            t.placements += 1;
        }
    }

    /// Expands the regions of layer code `code` in the words `words` of the code table: each
    /// is closed, and the unseen regions it reaches get `next` and distance `depth`.
    fn scan(&self, words: std::ops::Range<usize>, code: u64, next: u64, depth: u8, t: &mut Tally) {
        let k = self.k;
        let layout = self.layout;
        let pattern = code * LOW_BITS;
        let mut cells = [0u8; 8];
        let mut tile_at = [u8::MAX; 32];
        for w in words {
            let x = self.codes[w].load(Ordering::Relaxed);
            let diff = x ^ pattern;
            // a field equal to `code`: both of its bits cleared by the XOR
            let mut hits = !(diff | diff >> 1) & LOW_BITS;
            while hits != 0 {
                let place = hits.trailing_zeros() / layout.bits;
                let shift = place * layout.bits;
                let mut mine = (hits >> shift) & layout.mask;
                hits &= !(layout.mask << shift);
                let rank = w * layout.per_word + place as usize;
                self.unrank(rank as u64, &mut cells);
                let mut occupied = 0u64;
                for (j, &c) in cells[..k].iter().enumerate() {
                    occupied |= 1 << c;
                    tile_at[c as usize] = j as u8;
                }
                let free = self.board.full & !occupied;
                while mine != 0 {
                    // the region of the first free cell with the code
                    let seed = layout.cell(mine.trailing_zeros() / 2, free);
                    let region = self.board.region(seed, free);
                    let own = layout.fields(region, free);
                    mine &= !own;
                    self.codes[w].fetch_xor((own * (code ^ CLOSED)) << shift, Ordering::Relaxed);
                    self.expand(
                        rank as u64,
                        &cells,
                        &tile_at,
                        region,
                        occupied,
                        next,
                        depth,
                        t,
                    );
                }
                for &c in &cells[..k] {
                    tile_at[c as usize] = u8::MAX;
                }
            }
        }
    }

    /// Reaches the pairs one move from the placement `cells` (of rank `rank`) with the blank
    /// in `region`: each tile next to the region slides into it.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn expand(
        &self,
        rank: u64,
        cells: &[u8; 8],
        tile_at: &[u8; 32],
        region: u64,
        occupied: u64,
        next: u64,
        depth: u8,
        t: &mut Tally,
    ) {
        for (j, &from) in cells[..self.k].iter().enumerate() {
            let mut targets = self.board.adjacent[from as usize] & region;
            while targets != 0 {
                let to = targets.trailing_zeros() as u8;
                targets &= targets - 1;
                let child = self.child_rank(rank, tile_at, j, from, to) as usize;
                let free = self.board.full & !(occupied ^ (1 << from) ^ (1 << to));
                // The blank's region in the child is the one holding `from`: most children
                // are seen already, and cost one load.
                let (w, shift) = self.layout.at(child);
                let x = self.codes[w].load(Ordering::Relaxed) >> shift;
                if (x >> (2 * self.layout.field(from, free))) & 3 != UNSEEN {
                    continue;
                }
                let child_region = self.board.region(1 << from, free);
                self.reach(child, child_region, free, next, depth, t);
            }
        }
    }
}

/// Runs `work` on `threads` threads (the first on the calling thread) and returns their
/// tallies; a thread the system refuses to start leaves the work to the others.
fn on_threads(threads: usize, work: impl Fn() -> Tally + Sync) -> Vec<Tally> {
    std::thread::scope(|scope| {
        let work = &work;
        let handles: Vec<_> = (1..threads)
            .map_while(|_| std::thread::Builder::new().spawn_scoped(scope, work).ok())
            .collect();
        let mut all = vec![work()];
        for h in handles {
            match h.join() {
                Ok(t) => all.push(t),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        all
    })
}

/// A vector of `len` values made by `make`, or the error the build reports when the system
/// refuses the memory.
fn try_vec<T>(len: u64, make: impl Fn() -> T) -> Result<Vec<T>, BuildError> {
    let refused = BuildError::OutOfMemory {
        bytes: len.saturating_mul(size_of::<T>() as u64),
    };
    let len = usize::try_from(len).map_err(|_| refused)?;
    let mut v = Vec::new();
    v.try_reserve_exact(len).map_err(|_| refused)?;
    v.extend((0..len).map(|_| make()));
    Ok(v)
}

/// Builds the projected database of pattern `tiles` of `puzzle` (the table of
/// [`PatternSpace::new(puzzle, tiles, false)`](super::PatternSpace), entry for entry) with
/// `threads` threads (0: one per core), within `limits` ([`memory_needed`] is checked against
/// its budget before anything is allocated; the clock and the cancel token are looked at
/// after every few thousand placements); `progress` is called on the calling thread after
/// each layer, with the placements reached so far out of all of them.
///
/// # Panics
///
/// If the pattern does not fit ([`projected_fits`]) or holds the blank or a tile twice.
pub fn build_projected(
    puzzle: &Puzzle,
    tiles: &[u8],
    threads: usize,
    limits: &BuildLimits,
    mut progress: impl FnMut(&Progress),
) -> Result<PatternDb, BuildError> {
    let started = Instant::now();
    let (n, k) = (puzzle.cells(), tiles.len());
    assert!(projected_fits(n, k), "pattern too large");
    let goal: Vec<u8> = tiles.iter().map(|&t| puzzle.goal_pos(t)).collect();
    assert!(!tiles.contains(&0) && goal.iter().enumerate().all(|(i, c)| !goal[..i].contains(c)));
    limits.check_memory(memory_needed(n, k))?;
    limits.check(started)?;
    let total = falling(n as u64, k);
    let layout = Layout::new(n, n - k);
    let codes = try_vec(layout.words(total), || AtomicU64::new(0))?;
    let dist = try_vec(total, || AtomicU8::new(UNREACHED))?;
    let search = Search {
        board: Board::new(puzzle.rows(), puzzle.cols()),
        k,
        n: n as u64,
        weight: std::array::from_fn(|j| (j + 1..k.max(j + 1)).map(|m| (n - m) as u64).product()),
        layout,
        codes: &codes,
        dist: &dist,
    };
    let occupied = goal.iter().fold(0u64, |m, &c| m | 1 << c);
    let free = search.board.full & !occupied;
    let region = search.board.region(1 << puzzle.goal_pos(0), free);
    let goal_rank = rank_cells(&goal, n as u64) as usize;
    let mut tally = Tally::default();
    search.reach(goal_rank, region, free, layer_code(0), 0, &mut tally);
    let mut reached = tally.placements;
    progress(&Progress {
        depth: 0,
        reached,
        total,
    });
    let threads = match threads {
        0 => std::thread::available_parallelism().map_or(1, |t| t.get()),
        t => t,
    };
    let mut layer = 0u64;
    // the words that hold the regions of the layer to expand
    let mut words = tally.lo..tally.hi;
    while !words.is_empty() {
        let depth = (layer + 1).min(u64::from(UNREACHED) - 1) as u8;
        let (code, next) = (layer_code(layer), layer_code(layer + 1));
        let taken = AtomicUsize::new(words.start);
        let halt = AtomicBool::new(false);
        let stopped = Mutex::new(None);
        let tallies = on_threads(threads, || {
            let mut t = Tally::default();
            while !halt.load(Ordering::Relaxed) {
                let first = taken.fetch_add(CHUNK, Ordering::Relaxed);
                if first >= words.end {
                    break;
                }
                search.scan(
                    first..(first + CHUNK).min(words.end),
                    code,
                    next,
                    depth,
                    &mut t,
                );
                if let Err(e) = limits.check(started) {
                    *stopped.lock().unwrap_or_else(|p| p.into_inner()) = Some(e);
                    halt.store(true, Ordering::Relaxed);
                }
            }
            t
        });
        if let Some(e) = stopped.into_inner().unwrap_or_else(|p| p.into_inner()) {
            return Err(e);
        }
        let mut sum = Tally::default();
        for t in &tallies {
            sum.add(t);
        }
        reached += sum.placements;
        if sum.pairs > 0 {
            progress(&Progress {
                depth,
                reached,
                total,
            });
        }
        // once every placement has its distance, later layers cannot lower one
        words = match reached < total {
            true => sum.lo..sum.hi,
            false => 0..0,
        };
        layer += 1;
    }
    drop(codes);
    Ok(PatternDb::from_table(
        dist.into_iter().map(AtomicU8::into_inner).collect(),
    ))
}
