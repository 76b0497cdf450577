//! Additive pattern databases for the sliding-tile puzzle: the abstraction of a pattern, the
//! default partition of the tiles, and the heuristic with its incremental update and cache.

use std::path::{Path, PathBuf};

use heurist::pdb::{Abstraction, Additive, Builder, Origin, PatternDb, PdbError, Progress};
use heurist::Heuristic;

use super::{find_field, Move, Puzzle, Reflection, Tiles};

/// Where the pattern databases are cached unless told otherwise: `$HEURIST_CACHE_DIR`, or
/// `target/heurist-pdb-cache` in the crate.
pub fn default_cache_dir() -> PathBuf {
    match std::env::var_os("HEURIST_CACHE_DIR") {
        Some(d) if !d.is_empty() => PathBuf::from(d),
        _ => PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/target/heurist-pdb-cache"
        )),
    }
}

/// The most pattern tiles one database may have (the abstract state is `[u8; 9]`: the
/// blank and up to 8 tiles).
pub const MAX_PATTERN: usize = 8;

/// The abstraction of one pattern: the cells of the blank and of the pattern tiles; moves
/// of pattern tiles cost 1, moves of the blank into other cells cost 0 (so databases over
/// disjoint patterns add up).
///
/// With `with_blank`, the table is indexed by the blank's cell too (`n` times larger); the
/// sum of such databases is *consistent* (a move changes one database by at most 1 and
/// leaves the others unchanged). Without it, each entry is the minimum over the blank's
/// cells: 16 times smaller on 4x4, admissible, but the sum can be inconsistent.
pub struct PatternSpace {
    with_blank: bool,
    rows: usize,
    cols: usize,
    /// Goal cells of the pattern tiles, in pattern order.
    goal_cells: Vec<u8>,
    blank_goal: u8,
}

impl PatternSpace {
    /// The abstraction of `tiles` (non-blank, at most [`MAX_PATTERN`]) in `puzzle`.
    pub fn new(puzzle: &Puzzle, tiles: &[u8], with_blank: bool) -> Self {
        assert!(!tiles.is_empty() && tiles.len() <= MAX_PATTERN && !tiles.contains(&0));
        PatternSpace {
            with_blank,
            rows: puzzle.rows,
            cols: puzzle.cols,
            goal_cells: tiles.iter().map(|&t| puzzle.goal_pos(t)).collect(),
            blank_goal: puzzle.goal_pos(0),
        }
    }

    fn k(&self) -> usize {
        self.goal_cells.len()
    }

    fn n(&self) -> u64 {
        (self.rows * self.cols) as u64
    }
}

/// Rank of distinct cells `cells` among `n` (mixed radix `n, n-1, ...`).
#[inline(always)]
pub fn rank_cells(cells: &[u8], n: u64) -> u64 {
    let mut r = 0u64;
    for (j, &p) in cells.iter().enumerate() {
        // Cells taken before `p` and below it (comparisons: no popcount instruction on the
        // baseline x86-64 target).
        let below = cells[..j].iter().filter(|&&q| q < p).count() as u64;
        r = r * (n - j as u64) + (p as u64 - below);
    }
    r
}

fn falling(n: u64, k: usize) -> u64 {
    (0..k as u64).map(|j| n - j).product()
}

impl Abstraction for PatternSpace {
    type State = [u8; 9];

    fn len(&self) -> u64 {
        falling(self.n(), self.k() + 1)
    }

    fn rank(&self, s: &[u8; 9]) -> u64 {
        rank_cells(&s[..self.k() + 1], self.n())
    }

    fn unrank(&self, mut r: u64) -> [u8; 9] {
        let n = self.n();
        let m = self.k() + 1;
        let mut digits = [0u8; 9];
        for j in (0..m).rev() {
            let radix = n - j as u64;
            digits[j] = (r % radix) as u8;
            r /= radix;
        }
        let mut out = [0u8; 9];
        let mut used: u32 = 0;
        for j in 0..m {
            // The digits[j]-th free cell.
            let mut free = !used;
            for _ in 0..digits[j] {
                free &= free - 1;
            }
            let p = free.trailing_zeros();
            out[j] = p as u8;
            used |= 1 << p;
        }
        out
    }

    fn goals(&self, out: &mut Vec<[u8; 9]>) {
        let mut s = [0u8; 9];
        s[0] = self.blank_goal;
        s[1..=self.k()].copy_from_slice(&self.goal_cells);
        out.push(s);
    }

    fn predecessors(&self, s: &[u8; 9], out: &mut Vec<([u8; 9], u8)>) {
        let b = s[0] as usize;
        let (r, c) = (b / self.cols, b % self.cols);
        let mut targets = [usize::MAX; 4];
        if r > 0 {
            targets[0] = b - self.cols;
        }
        if r + 1 < self.rows {
            targets[1] = b + self.cols;
        }
        if c > 0 {
            targets[2] = b - 1;
        }
        if c + 1 < self.cols {
            targets[3] = b + 1;
        }
        for t in targets {
            if t == usize::MAX {
                continue;
            }
            let mut next = *s;
            next[0] = t as u8;
            match s[1..=self.k()].iter().position(|&p| p as usize == t) {
                Some(j) => {
                    next[j + 1] = b as u8;
                    out.push((next, 1));
                }
                None => out.push((next, 0)),
            }
        }
    }

    fn key_len(&self) -> u64 {
        if self.with_blank {
            self.len()
        } else {
            falling(self.n(), self.k())
        }
    }

    fn key(&self, s: &[u8; 9]) -> u64 {
        if self.with_blank {
            self.rank(s)
        } else {
            rank_cells(&s[1..=self.k()], self.n())
        }
    }
}

/// The default partition of the non-blank tiles into patterns: 3-6-6 on a 4x4 board (the
/// goal's first row, then the left and the right half of the other rows, by goal cell); on
/// other boards, consecutive tiles in goal order in groups as large as keeps each table
/// under ~20 million abstract states (two groups of 4 on 3x3, six of 4 on 5x5).
pub fn default_partition(puzzle: &Puzzle) -> Vec<Vec<u8>> {
    let (rows, cols, n) = (puzzle.rows, puzzle.cols, puzzle.cells());
    let goal = puzzle.goal_tiles();
    if rows == 4 && cols == 4 {
        let mut order: Vec<usize> = (0..4).collect();
        order.extend((1..4).flat_map(|r| [r * 4, r * 4 + 1]));
        order.extend((1..4).flat_map(|r| [r * 4 + 2, r * 4 + 3]));
        let tiles: Vec<u8> = order.iter().map(|&c| goal[c]).filter(|&t| t != 0).collect();
        return vec![
            tiles[..3].to_vec(),
            tiles[3..9].to_vec(),
            tiles[9..].to_vec(),
        ];
    }
    let tiles: Vec<u8> = goal.iter().copied().filter(|&t| t != 0).collect();
    let mut k = 1;
    while k < MAX_PATTERN.min(6) && falling(n as u64, k + 2) <= 20_000_000 {
        k += 1;
    }
    if n <= 9 {
        k = k.min(tiles.len().div_ceil(2));
    }
    let groups = tiles.len().div_ceil(k);
    let size = tiles.len().div_ceil(groups);
    tiles.chunks(size).map(|c| c.to_vec()).collect()
}

/// The most abstract states a pattern's database build may search (the blank's cell and the
/// pattern tiles' cells): about a gigabyte of table.
pub const MAX_BUILD_STATES: u64 = 1 << 30;

/// Parses a partition of tiles into patterns: groups separated by `/`, tiles within a group
/// by spaces or commas (`"1 2 3 / 4 5 8 9 12 13 / 6 7 10 11 14 15"`). Every tile must be a
/// non-blank tile of `puzzle`, in one group only; a group holds 1 to [`MAX_PATTERN`] tiles,
/// and its database build may search at most [`MAX_BUILD_STATES`] states. Tiles left out
/// of every group count nothing.
pub fn parse_partition(text: &str, puzzle: &Puzzle) -> Result<Vec<Vec<u8>>, String> {
    let n = puzzle.cells();
    let mut seen = vec![false; n];
    let mut groups = Vec::new();
    for (g, part) in text.split('/').enumerate() {
        let mut tiles = Vec::new();
        for token in part.split(|c: char| c == ',' || c.is_whitespace()) {
            if token.is_empty() {
                continue;
            }
            let tile: u8 = match token.parse() {
                Ok(t) if t >= 1 && (t as usize) < n => t,
                _ => {
                    return Err(format!(
                        "pattern {}: {token:?} is not a tile (1 to {})",
                        g + 1,
                        n - 1
                    ))
                }
            };
            if std::mem::replace(&mut seen[tile as usize], true) {
                return Err(format!("pattern {}: tile {tile} is in two patterns", g + 1));
            }
            tiles.push(tile);
        }
        if tiles.is_empty() || tiles.len() > MAX_PATTERN {
            return Err(format!(
                "pattern {}: {} tiles (a pattern has 1 to {MAX_PATTERN})",
                g + 1,
                tiles.len()
            ));
        }
        let states = falling(n as u64, tiles.len() + 1);
        if states > MAX_BUILD_STATES {
            return Err(format!(
                "pattern {}: its database would search {states} states (at most {MAX_BUILD_STATES})",
                g + 1
            ));
        }
        groups.push(tiles);
    }
    Ok(groups)
}

/// An additive pattern-database heuristic for a puzzle, with an incremental update: a move
/// changes the value of only the moved tile's database. With a [`Reflection`]
/// ([`with_reflection`](PdbHeuristic::with_reflection)) the value is the larger of the sums
/// over the state and over its mirror image, each recomputed for every state.
pub struct PdbHeuristic {
    with_blank: bool,
    cells: usize,
    bits: u32,
    low_bits: Tiles,
    patterns: Vec<Vec<u8>>,
    /// `group[tile]` (`u8::MAX` for the blank), `slot[tile]`: its index in the pattern.
    group: Vec<u8>,
    slot: Vec<u8>,
    dbs: Vec<PatternDb>,
    reflection: Option<Reflection>,
}

/// How a database was obtained, for reporting.
#[derive(Clone, Debug)]
pub struct PdbReport {
    /// The pattern's tiles.
    pub tiles: Vec<u8>,
    /// Entries in the table.
    pub entries: usize,
    /// The cache file.
    pub path: PathBuf,
    /// Loaded or built (and why).
    pub origin: Origin,
    /// Seconds spent loading or building.
    pub seconds: f64,
}

/// The cache tag of a pattern: what the table depends on.
fn tag(puzzle: &Puzzle, tiles: &[u8], with_blank: bool) -> String {
    format!(
        "sliding-tile {}x{} goal={:?} pattern={:?} blank={} v1",
        puzzle.rows, puzzle.cols, puzzle.goal_tiles, tiles, with_blank
    )
}

fn file_name(puzzle: &Puzzle, tiles: &[u8], with_blank: bool) -> String {
    // FNV-1a of the tag keeps names short and distinct.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in tag(puzzle, tiles, with_blank).bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    let names: Vec<String> = tiles.iter().map(|t| t.to_string()).collect();
    let kind = if with_blank { "b" } else { "p" };
    format!(
        "{}x{}-{}-{kind}-{:016x}.pdb",
        puzzle.rows,
        puzzle.cols,
        names.join("_"),
        h
    )
}

impl PdbHeuristic {
    /// Builds the databases of `patterns` (disjoint sets of non-blank tiles) without a cache;
    /// `with_blank` as in [`PatternSpace`].
    pub fn build(puzzle: &Puzzle, patterns: &[Vec<u8>], with_blank: bool) -> Self {
        let dbs = patterns
            .iter()
            .map(|t| Builder::new(&PatternSpace::new(puzzle, t, with_blank)).build())
            .collect();
        Self::from_dbs(puzzle, patterns, dbs, with_blank)
    }

    /// Loads the databases of `patterns` from `cache_dir`, building (and saving) each one
    /// that is missing or corrupt; `progress(pattern index, layer progress)` is called while
    /// building.
    pub fn cached(
        puzzle: &Puzzle,
        patterns: &[Vec<u8>],
        with_blank: bool,
        cache_dir: &Path,
        mut progress: impl FnMut(usize, &Progress),
    ) -> Result<(Self, Vec<PdbReport>), PdbError> {
        let mut dbs = Vec::new();
        let mut reports = Vec::new();
        for (i, tiles) in patterns.iter().enumerate() {
            let path = cache_dir.join(file_name(puzzle, tiles, with_blank));
            let t0 = std::time::Instant::now();
            let space = PatternSpace::new(puzzle, tiles, with_blank);
            let tag = tag(puzzle, tiles, with_blank);
            let (db, origin) = PatternDb::load_or_build(&path, tag.as_bytes(), || {
                Builder::new(&space).on_progress(|p| progress(i, p)).build()
            })?;
            reports.push(PdbReport {
                tiles: tiles.clone(),
                entries: db.len(),
                path,
                origin,
                seconds: t0.elapsed().as_secs_f64(),
            });
            dbs.push(db);
        }
        Ok((Self::from_dbs(puzzle, patterns, dbs, with_blank), reports))
    }

    fn from_dbs(
        puzzle: &Puzzle,
        patterns: &[Vec<u8>],
        dbs: Vec<PatternDb>,
        with_blank: bool,
    ) -> Self {
        let n = puzzle.cells();
        let mut group = vec![u8::MAX; n];
        let mut slot = vec![0u8; n];
        for (g, tiles) in patterns.iter().enumerate() {
            for (j, &t) in tiles.iter().enumerate() {
                assert_eq!(group[t as usize], u8::MAX, "patterns must be disjoint");
                group[t as usize] = g as u8;
                slot[t as usize] = j as u8;
            }
        }
        PdbHeuristic {
            with_blank,
            cells: n,
            bits: puzzle.bits,
            low_bits: puzzle.low_bits,
            patterns: patterns.to_vec(),
            group,
            slot,
            dbs,
            reflection: None,
        }
    }

    /// Also looks the databases up on each state's mirror image and takes the larger sum
    /// (admissible and consistent as the plain sum is: the mirror image is as far from the
    /// goal). Each estimate then costs twice the lookups, and none is incremental.
    pub fn with_reflection(mut self, reflection: Reflection) -> Self {
        self.reflection = Some(reflection);
        self
    }

    /// The patterns.
    pub fn patterns(&self) -> &[Vec<u8>] {
        &self.patterns
    }

    /// The cell of `tile` in `s`, without a loop (the one field equal to `tile`).
    #[inline(always)]
    fn cell_of(&self, s: Tiles, tile: u8) -> u8 {
        find_field(s, tile, self.bits, self.low_bits) as u8
    }

    /// Writes the blank's cell (if the tables use it), then the cells of the tiles of pattern
    /// `g` in pattern order, into `cells`. (Filled in place: returning the array by value
    /// made the compiler reload it as a word right after the byte stores, a store-forwarding
    /// stall that cost a third of the search time.)
    #[inline(always)]
    fn gather(&self, g: usize, s: Tiles, cells: &mut [u8; 9]) {
        if self.with_blank {
            cells[0] = self.cell_of(s, 0);
        }
        for (c, &t) in cells[1..].iter_mut().zip(&self.patterns[g]) {
            *c = self.cell_of(s, t);
        }
    }

    /// The larger of the sums over `s` and over its mirror image under `r`, from one pass
    /// over the board: in the mirror image, tile `p` stands at the mirror of the cell that
    /// holds `p`'s image in `s`.
    fn reflected_value(&self, r: &Reflection, s: Tiles) -> u32 {
        let mut at = [0u8; 32]; // the cell of each tile
        let mask = (1 << self.bits) - 1;
        for c in 0..self.cells {
            at[((s >> (c as u32 * self.bits)) & mask) as usize] = c as u8;
        }
        let (mut plain, mut mirrored) = (0, 0);
        for g in 0..self.dbs.len() {
            let (mut cells, mut mirror) = ([at[0]; 9], [r.cell(at[0]); 9]);
            for (j, &t) in self.patterns[g].iter().enumerate() {
                cells[1 + j] = at[t as usize];
                mirror[1 + j] = r.cell(at[r.tile(t) as usize]);
            }
            plain += self.dbs[g].get(self.key_of(g, &cells)) as u32;
            mirrored += self.dbs[g].get(self.key_of(g, &mirror)) as u32;
        }
        plain.max(mirrored)
    }

    /// The key of the gathered `cells` (see [`gather`](Self::gather)) for pattern `g`.
    #[inline(always)]
    fn key_of(&self, g: usize, cells: &[u8; 9]) -> u64 {
        let k = self.patterns[g].len();
        let n = self.cells as u64;
        if self.with_blank {
            rank_cells(&cells[..=k], n)
        } else {
            rank_cells(&cells[1..=k], n)
        }
    }

    /// The database key of `s` for pattern `g`.
    #[inline(always)]
    pub fn key(&self, g: usize, s: Tiles) -> u64 {
        let mut cells = [0u8; 9];
        self.gather(g, s, &mut cells);
        self.key_of(g, &cells)
    }

    /// The value of pattern `g` for `s`.
    #[inline(always)]
    pub fn part(&self, g: usize, s: Tiles) -> u32 {
        self.dbs[g].get(self.key(g, s)) as u32
    }

    /// The generic library combination of the same databases (for comparison).
    pub fn additive(&self) -> Additive<Tiles, impl Fn(usize, &Tiles) -> u64 + '_> {
        Additive::new(self.dbs.clone(), move |g, s: &Tiles| self.key(g, *s))
    }
}

impl Heuristic<Puzzle> for PdbHeuristic {
    fn estimate(&self, s: &Tiles) -> u32 {
        match &self.reflection {
            Some(r) => self.reflected_value(r, *s),
            None => (0..self.dbs.len()).map(|g| self.part(g, *s)).sum(),
        }
    }

    #[inline]
    fn estimate_child(&self, parent: &Tiles, parent_h: u32, m: &Move, child: &Tiles) -> u32 {
        if self.reflection.is_some() {
            // the parent's value is the larger of two sums: which one, and the other, are
            // not known here
            return self.estimate(child);
        }
        // One gather of the pattern's cells serves parent and child: only the moved tile's
        // cell differs.
        // The other databases keep their values: in their abstraction the move is a free
        // move of the blank, and a table with or without the blank's cell gives such moves
        // equal values at both ends (0-cost edges are taken both ways by the build).
        let g = self.group[m.tile as usize] as usize;
        let mut cells = [0u8; 9];
        self.gather(g, *parent, &mut cells);
        let before = self.dbs[g].get(self.key_of(g, &cells)) as u32;
        cells[0] = m.from;
        cells[1 + self.slot[m.tile as usize] as usize] = m.to;
        let after = self.dbs[g].get(self.key_of(g, &cells)) as u32;
        parent_h + after - before
    }
}

/// By reference, so one set of databases serves many searches (the library has no blanket
/// `impl Heuristic for &H`).
impl Heuristic<Puzzle> for &PdbHeuristic {
    #[inline]
    fn estimate(&self, s: &Tiles) -> u32 {
        (*self).estimate(s)
    }

    #[inline(always)]
    fn estimate_child(&self, parent: &Tiles, parent_h: u32, m: &Move, child: &Tiles) -> u32 {
        (*self).estimate_child(parent, parent_h, m, child)
    }
}
