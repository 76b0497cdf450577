//! Additive pattern databases for the sliding-tile puzzle: the abstraction of a pattern, the
//! default partition of the tiles, and the heuristic with its incremental update and cache.

use std::path::{Path, PathBuf};

mod region;
mod space;

pub use region::{build_projected, memory_needed, projected_fits};
pub use space::{falling, rank_cells, PatternSpace, MAX_PATTERN};

use heurist::pdb::{
    Additive, BuildError, BuildLimits, Builder, Origin, PatternDb, PdbError, Progress,
};
use heurist::Heuristic;

use super::{find_field, Move, Puzzle, Reflection, Tiles};

/// Where the pattern databases are cached unless told otherwise: `$HEURIST_CACHE_DIR`, or
/// `target/heurist-pdb-cache` in the repository (the workspace's root, above this crate).
pub fn default_cache_dir() -> PathBuf {
    match std::env::var_os("HEURIST_CACHE_DIR") {
        Some(d) if !d.is_empty() => PathBuf::from(d),
        _ => {
            let this_crate = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
            let root = this_crate.parent().unwrap_or(this_crate);
            root.join("target").join("heurist-pdb-cache")
        }
    }
}

/// The tiles whose goal cells are in `cells`, in cell order (the blank left out).
fn tiles_at(puzzle: &Puzzle, cells: &[usize]) -> Vec<u8> {
    let goal = puzzle.goal_tiles();
    cells.iter().map(|&c| goal[c]).filter(|&t| t != 0).collect()
}

/// The 3-6-6 partition of a 4x4 board: the goal's first row, then the left and the right
/// half of the other rows, by goal cell (`None` on other boards). Its databases fit with the
/// blank's cell in the key.
pub fn partition_366(puzzle: &Puzzle) -> Option<Vec<Vec<u8>>> {
    if (puzzle.rows(), puzzle.cols()) != (4, 4) {
        return None;
    }
    let left: Vec<usize> = (1..4).flat_map(|r| [r * 4, r * 4 + 1]).collect();
    let right: Vec<usize> = (1..4).flat_map(|r| [r * 4 + 2, r * 4 + 3]).collect();
    Some(vec![
        tiles_at(puzzle, &[0, 1, 2, 3]),
        tiles_at(puzzle, &left),
        tiles_at(puzzle, &right),
    ])
}

/// Korf and Felner's 6-6-6-6 partition of the 24-puzzle, by goal cell, for a goal with the
/// blank in cell 0.
const KORF_FELNER_24: [[usize; 6]; 4] = [
    [1, 5, 6, 10, 11, 12],
    [2, 3, 4, 7, 8, 9],
    [13, 14, 18, 19, 23, 24],
    [15, 16, 17, 20, 21, 22],
];

/// The default partition of the non-blank tiles into patterns, for projected databases:
/// * 4x4: 7-8, the tiles of the goal's upper two rows and those of the lower two (Felner,
///   Korf and Hanan's partition; its mirror image about the diagonal is the left and right
///   half, so the reflected lookup uses the same tables);
/// * 5x5 with the goal's blank in a corner: Korf and Felner's 6-6-6-6 (turned with the
///   board so that its corner is the blank's);
/// * other boards: consecutive tiles in goal order in groups as large as keeps each table
///   under ~20 million abstract states (two groups of 4 on 3x3).
pub fn default_partition(puzzle: &Puzzle) -> Vec<Vec<u8>> {
    let (rows, cols, n) = (puzzle.rows(), puzzle.cols(), puzzle.cells());
    if rows == 4 && cols == 4 {
        return vec![
            tiles_at(puzzle, &(0..8).collect::<Vec<_>>()),
            tiles_at(puzzle, &(8..16).collect::<Vec<_>>()),
        ];
    }
    let blank = puzzle.goal_pos(0) as usize;
    if rows == 5 && cols == 5 && [0, 4, 20, 24].contains(&blank) {
        // Mirror rows and/or columns so that cell 0 lands on the blank's corner.
        let (flip_r, flip_c) = (blank >= 20, blank % 5 == 4);
        let turn = |c: usize| {
            let (r, k) = (c / 5, c % 5);
            let r = if flip_r { 4 - r } else { r };
            let k = if flip_c { 4 - k } else { k };
            r * 5 + k
        };
        return KORF_FELNER_24
            .iter()
            .map(|group| tiles_at(puzzle, &group.map(turn)))
            .collect();
    }
    let tiles: Vec<u8> = puzzle
        .goal_tiles()
        .iter()
        .copied()
        .filter(|&t| t != 0)
        .collect();
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

/// The most states a pattern's database build may search: abstract states (the blank's cell
/// and the pattern tiles' cells) for a table with the blank, placements of the pattern tiles
/// for a projected one. About a gigabyte of table at one byte per entry (the build holds 1.25
/// bytes a state with the blank, 3 to 9 a placement projected; its memory budget, checked
/// before it starts, may refuse it first).
pub const MAX_BUILD_STATES: u64 = 1 << 30;

/// The number of states the build of a database of `k` tiles searches on `puzzle`, as
/// limited by [`MAX_BUILD_STATES`].
pub fn build_states(puzzle: &Puzzle, k: usize, with_blank: bool) -> u64 {
    let n = puzzle.cells() as u64;
    if by_regions(puzzle, k, with_blank) {
        falling(n, k)
    } else {
        falling(n, k + 1)
    }
}

/// Whether the database of `k` tiles is built by [`build_projected`] (over placements and
/// regions of the blank) rather than by the generic builder (over every cell of the blank):
/// what [`build_states`] counts and what [`build_one`] runs.
fn by_regions(puzzle: &Puzzle, k: usize, with_blank: bool) -> bool {
    !with_blank && projected_fits(puzzle.cells(), k)
}

/// The bytes the build of a database of `k` tiles holds at its peak, where it is known
/// before the build (the projected build by regions; `None` for the generic builder,
/// which checks its own need against the budget).
pub fn build_memory(puzzle: &Puzzle, k: usize, with_blank: bool) -> Option<u64> {
    by_regions(puzzle, k, with_blank).then(|| memory_needed(puzzle.cells(), k))
}

/// Parses a partition of tiles into patterns: groups separated by `/`, tiles within a group
/// by spaces or commas (`"1 2 3 / 4 5 8 9 12 13 / 6 7 10 11 14 15"`). Every tile must be a
/// non-blank tile of `puzzle`, in one group only; a group holds 1 to [`MAX_PATTERN`] tiles,
/// and its database build (with the blank's cell or projected, by `with_blank`) may search at
/// most [`MAX_BUILD_STATES`] states. Tiles left out of every group count nothing.
pub fn parse_partition(
    text: &str,
    puzzle: &Puzzle,
    with_blank: bool,
) -> Result<Vec<Vec<u8>>, String> {
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
        let states = build_states(puzzle, tiles.len(), with_blank);
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
    /// With a reflection, `images[g][j]`: the image of tile `j` of pattern `g`.
    images: Vec<Vec<u8>>,
}

/// `at[t]`: the cell of tile `t` in `s`, a board of `cells` fields of `BITS` bits.
#[inline(always)]
fn positions<const BITS: u32>(mut s: Tiles, cells: usize) -> [u8; 32] {
    let mut at = [0u8; 32];
    for c in 0..cells {
        at[(s as usize) & ((1 << BITS) - 1)] = c as u8;
        s >>= BITS;
    }
    at
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

/// Builds the database of one pattern within `limits`: with the blank's cell, by the generic
/// builder; without it, by the dedicated [`build_projected`] on all cores.
fn build_one(
    puzzle: &Puzzle,
    tiles: &[u8],
    with_blank: bool,
    limits: &BuildLimits,
    progress: impl FnMut(&Progress),
) -> Result<PatternDb, BuildError> {
    if by_regions(puzzle, tiles.len(), with_blank) {
        build_projected(puzzle, tiles, 0, limits, progress)
    } else {
        Builder::new(&PatternSpace::new(puzzle, tiles, with_blank))
            .limits(limits.clone())
            .on_progress(progress)
            .build()
    }
}

impl PdbHeuristic {
    /// Builds the databases of `patterns` (disjoint sets of non-blank tiles) without a cache,
    /// each within `limits`; `with_blank` as in [`PatternSpace`].
    pub fn build(
        puzzle: &Puzzle,
        patterns: &[Vec<u8>],
        with_blank: bool,
        limits: &BuildLimits,
    ) -> Result<Self, BuildError> {
        let dbs = patterns
            .iter()
            .map(|t| build_one(puzzle, t, with_blank, limits, |_| {}))
            .collect::<Result<_, _>>()?;
        Ok(Self::from_dbs(puzzle, patterns, dbs, with_blank))
    }

    /// Loads the databases of `patterns` from `cache_dir`, building (and saving) each one
    /// that is missing or corrupt, within `limits`; `progress(pattern index, layer progress)`
    /// is called while building. A build the limits stop is [`PdbError::Build`].
    pub fn cached(
        puzzle: &Puzzle,
        patterns: &[Vec<u8>],
        with_blank: bool,
        cache_dir: &Path,
        limits: &BuildLimits,
        mut progress: impl FnMut(usize, &Progress),
    ) -> Result<(Self, Vec<PdbReport>), PdbError> {
        let mut dbs = Vec::new();
        let mut reports = Vec::new();
        for (i, tiles) in patterns.iter().enumerate() {
            let path = cache_dir.join(file_name(puzzle, tiles, with_blank));
            let t0 = std::time::Instant::now();
            let tag = tag(puzzle, tiles, with_blank);
            let (db, origin) = PatternDb::load_or_build(&path, tag.as_bytes(), || {
                build_one(puzzle, tiles, with_blank, limits, |p| progress(i, p))
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
            images: Vec::new(),
        }
    }

    /// Also looks the databases up on each state's mirror image and takes the larger sum
    /// (admissible and consistent as the plain sum is: the mirror image is as far from the
    /// goal). Each estimate then costs twice the lookups, and none is incremental.
    pub fn with_reflection(mut self, reflection: Reflection) -> Self {
        self.images = self
            .patterns
            .iter()
            .map(|p| p.iter().map(|&t| reflection.tile(t)).collect())
            .collect();
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
        self.reflected_within(r, s, u32::MAX)
    }

    /// [`reflected_value`](Self::reflected_value), or a smaller sum that already exceeds
    /// `budget`: the sum over the state first, then the one over its mirror image, each
    /// given up as soon as its part so far exceeds `budget`.
    #[inline(always)]
    fn reflected_within(&self, r: &Reflection, s: Tiles, budget: u32) -> u32 {
        // The cell of each tile; the field width as a constant makes the shifts cheap.
        let at = if self.bits == 4 {
            positions::<4>(s, self.cells)
        } else {
            positions::<5>(s, self.cells)
        };
        let mut plain = 0;
        for g in 0..self.dbs.len() {
            let mut cells = [at[0]; 9];
            for (c, &t) in cells[1..].iter_mut().zip(&self.patterns[g]) {
                *c = at[t as usize];
            }
            plain += self.dbs[g].get(self.key_of(g, &cells)) as u32;
            if plain > budget {
                return plain;
            }
        }
        let mut mirrored = 0;
        for g in 0..self.dbs.len() {
            let mut mirror = [r.cell(at[0]); 9];
            for (c, &image) in mirror[1..].iter_mut().zip(&self.images[g]) {
                *c = r.cell(at[image as usize]);
            }
            mirrored += self.dbs[g].get(self.key_of(g, &mirror)) as u32;
            if mirrored > budget {
                return mirrored;
            }
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

    /// With a reflection, the sums stop as soon as they take `g` past `limit` (most
    /// children IDA\* generates are pruned, many on the first sums); without one, the
    /// incremental update.
    #[inline]
    fn estimate_child_within(
        &self,
        parent: &Tiles,
        parent_h: u32,
        m: &Move,
        child: &Tiles,
        g: u32,
        limit: u32,
    ) -> u32 {
        match &self.reflection {
            Some(r) => self.reflected_within(r, *child, limit.saturating_sub(g)),
            None => self.estimate_child(parent, parent_h, m, child),
        }
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

    #[inline(always)]
    fn estimate_child_within(
        &self,
        parent: &Tiles,
        parent_h: u32,
        m: &Move,
        child: &Tiles,
        g: u32,
        limit: u32,
    ) -> u32 {
        (*self).estimate_child_within(parent, parent_h, m, child, g, limit)
    }
}
