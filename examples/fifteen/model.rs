//! The sliding-tile puzzle (8-, 15-, 24-puzzle and rectangular boards from 2x2 to 5x5) with
//! any goal layout: parsing, rules, solvability, four heuristics and pattern databases.
//!
//! A state is a packed `u128`: 4 bits per cell for boards of up to 16 cells (a 4x4 board uses
//! only the low 64 bits), 5 bits per cell up to 32 cells. The blank is tile 0. A move is named
//! after the direction the **blank** moves.

use std::fmt;
use std::path::{Path, PathBuf};

use heurist::pdb::{Abstraction, Additive, Builder, Origin, PatternDb, PdbError, Progress};
use heurist::{Heuristic, Problem, Successors};

/// A packed board: cell `p` holds the tile in bits `p*b .. p*b+b` (`b` = 4 or 5).
pub type Tiles = u128;

/// The direction the blank moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    /// Blank moves up (the tile above slides down).
    Up,
    /// Blank moves down.
    Down,
    /// Blank moves left.
    Left,
    /// Blank moves right.
    Right,
}

impl Dir {
    /// All four directions.
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

    /// The lower-case name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Dir::Up => "up",
            Dir::Down => "down",
            Dir::Left => "left",
            Dir::Right => "right",
        }
    }
}

/// One move: the blank goes `dir`; `tile` slides from cell `from` to cell `to` (the blank's
/// old cell).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The direction of the blank.
    pub dir: Dir,
    /// The tile that slides.
    pub tile: u8,
    /// The tile's cell before the move (the blank's cell after it).
    pub from: u8,
    /// The tile's cell after the move.
    pub to: u8,
}

/// A malformed board or instance file: where and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line, if the input was a file.
    pub line: Option<usize>,
    /// 1-based column (character) of the offending token, if known.
    pub column: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(l), Some(c)) => write!(f, "line {l}, column {c}: {}", self.message),
            (Some(l), None) => write!(f, "line {l}: {}", self.message),
            (None, Some(c)) => write!(f, "column {c}: {}", self.message),
            (None, None) => write!(f, "{}", self.message),
        }
    }
}

impl std::error::Error for ParseError {}

fn err(column: Option<usize>, message: impl Into<String>) -> ParseError {
    ParseError {
        line: None,
        column,
        message: message.into(),
    }
}

/// Numbers of a line with their 1-based columns; `/` separates rows (returned as row ends).
/// Numbers with their columns, and the token counts at which rows end.
type Tokens = (Vec<(u32, usize)>, Vec<usize>);

fn tokens(text: &str) -> Result<Tokens, ParseError> {
    let mut out = Vec::new();
    let mut row_ends = Vec::new();
    let mut chars = text.char_indices().peekable();
    let col_of = |byte: usize| text[..byte].chars().count() + 1;
    while let Some(&(i, c)) = chars.peek() {
        if c.is_whitespace() || c == ',' {
            chars.next();
        } else if c == '/' {
            row_ends.push(out.len());
            chars.next();
        } else {
            let start = i;
            let mut end = i;
            while let Some(&(j, d)) = chars.peek() {
                if d.is_whitespace() || d == ',' || d == '/' {
                    break;
                }
                end = j + d.len_utf8();
                chars.next();
            }
            let word = &text[start..end];
            let v: u32 = word.parse().map_err(|_| {
                err(
                    Some(col_of(start)),
                    format!("`{word}` is not a tile number (expected a non-negative integer)"),
                )
            })?;
            out.push((v, col_of(start)));
        }
    }
    Ok((out, row_ends))
}

/// The shape of a board with `n` cells when no rows are given: square if possible.
fn square_shape(n: usize) -> Option<(usize, usize)> {
    (2..=5).find(|&k| k * k == n).map(|k| (k, k))
}

/// Checks that `tiles` is a permutation of `0..tiles.len()`; columns for messages.
fn check_permutation(tiles: &[u8], cols: &[usize]) -> Result<(), ParseError> {
    let n = tiles.len();
    let mut seen = vec![None; n];
    for (i, &t) in tiles.iter().enumerate() {
        let col = cols.get(i).copied();
        if t as usize >= n {
            return Err(err(
                col,
                format!(
                    "tile {t} is out of range: a board of {n} cells has tiles 0..={}",
                    n - 1
                ),
            ));
        }
        if let Some(first) = seen[t as usize] {
            return Err(err(
                col,
                format!("duplicate tile {t} (also at position {})", first + 1),
            ));
        }
        seen[t as usize] = Some(i);
    }
    Ok(())
}

/// A board layout read from text: rows, columns and tiles row by row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    /// Tiles row by row, 0 = blank.
    pub tiles: Vec<u8>,
}

/// Parses a layout: numbers separated by spaces or commas, rows optionally separated by `/`
/// (needed for rectangular boards; a square board's size is inferred from the count).
pub fn parse_layout(text: &str) -> Result<Layout, ParseError> {
    let (toks, row_ends) = tokens(text)?;
    let n = toks.len();
    let (rows, cols) = if row_ends.is_empty() {
        square_shape(n).ok_or_else(|| {
            err(
                None,
                format!(
                    "{n} tiles is not a square board of 2x2..5x5 (4, 9, 16 or 25 tiles); \
                     separate the rows of a rectangular board with `/`"
                ),
            )
        })?
    } else {
        let mut ends = row_ends.clone();
        if ends.last() != Some(&n) {
            ends.push(n);
        }
        let mut prev = 0;
        let mut width = None;
        for &e in &ends {
            let w = e - prev;
            if *width.get_or_insert(w) != w {
                return Err(err(
                    None,
                    format!("rows of different lengths ({} and {w})", width.unwrap()),
                ));
            }
            prev = e;
        }
        (ends.len(), width.unwrap_or(0))
    };
    check_shape(rows, cols)?;
    let tiles: Vec<u8> = toks.iter().map(|&(v, _)| v.min(255) as u8).collect();
    let cols_of: Vec<usize> = toks.iter().map(|&(_, c)| c).collect();
    if let Some(&(v, c)) = toks.iter().find(|&&(v, _)| v as usize >= n) {
        return Err(err(
            Some(c),
            format!(
                "tile {v} is out of range: a board of {n} cells has tiles 0..={}",
                n - 1
            ),
        ));
    }
    check_permutation(&tiles, &cols_of)?;
    Ok(Layout { rows, cols, tiles })
}

fn check_shape(rows: usize, cols: usize) -> Result<(), ParseError> {
    if rows < 2 || cols < 2 || rows * cols > 25 {
        return Err(err(
            None,
            format!("a {rows}x{cols} board is not supported (from 2x2 up to 25 cells, e.g. 5x5)"),
        ));
    }
    Ok(())
}

/// One instance of a batch file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instance {
    /// 1-based line in the file.
    pub line: usize,
    /// The instance number (first column), if given.
    pub number: Option<u32>,
    /// The known optimal solution length (second column), if given.
    pub optimal: Option<u32>,
    /// The tiles row by row.
    pub tiles: Vec<u8>,
}

/// Parses an instance file: one instance per line, `#` comments and blank lines ignored.
/// A line is either the `cells` tiles, or an instance number and the tiles, or a number, the
/// optimal length and the tiles (the `korf100.txt` format).
pub fn parse_instances(text: &str, cells: usize) -> Result<Vec<Instance>, ParseError> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let at = |mut e: ParseError| {
            e.line = Some(line);
            e
        };
        let content = raw.split('#').next().unwrap_or("");
        if content.trim().is_empty() {
            continue;
        }
        let (toks, _) = tokens(content).map_err(at)?;
        let extra = toks.len().checked_sub(cells).filter(|&e| e <= 2);
        let Some(extra) = extra else {
            return Err(at(err(
                None,
                format!(
                    "expected {cells} tiles (optionally preceded by an instance number and an \
                     optimal length), found {} numbers",
                    toks.len()
                ),
            )));
        };
        let tiles: Vec<u8> = toks[extra..]
            .iter()
            .map(|&(v, _)| v.min(255) as u8)
            .collect();
        let cols: Vec<usize> = toks[extra..].iter().map(|&(_, c)| c).collect();
        check_permutation(&tiles, &cols).map_err(at)?;
        out.push(Instance {
            line,
            number: (extra >= 1).then(|| toks[0].0),
            optimal: (extra == 2).then(|| toks[1].0),
            tiles,
        });
    }
    Ok(out)
}

/// The puzzle: board shape and goal, with precomputed tables.
#[derive(Clone, Debug)]
pub struct Puzzle {
    rows: usize,
    cols: usize,
    bits: u32,
    goal: Tiles,
    goal_tiles: Vec<u8>,
    /// Goal cell of each tile.
    goal_pos: Vec<u8>,
    /// `md[tile * n + cell]`: Manhattan distance of `tile` at `cell` from its goal (0 for the blank).
    md: Vec<u8>,
    /// Bit 0 of every cell field.
    low_bits: Tiles,
}

impl Puzzle {
    /// A puzzle of `rows` x `cols` with the given goal layout (row by row, 0 = blank).
    pub fn new(rows: usize, cols: usize, goal: &[u8]) -> Result<Self, ParseError> {
        check_shape(rows, cols)?;
        let n = rows * cols;
        if goal.len() != n {
            return Err(err(
                None,
                format!(
                    "the goal has {} tiles, a {rows}x{cols} board needs {n}",
                    goal.len()
                ),
            ));
        }
        check_permutation(goal, &[])?;
        let bits = if n <= 16 { 4 } else { 5 };
        let mut goal_pos = vec![0u8; n];
        for (p, &t) in goal.iter().enumerate() {
            goal_pos[t as usize] = p as u8;
        }
        let mut md = vec![0u8; n * n];
        for t in 1..n {
            let g = goal_pos[t] as usize;
            for p in 0..n {
                md[t * n + p] =
                    ((p / cols).abs_diff(g / cols) + (p % cols).abs_diff(g % cols)) as u8;
            }
        }
        let low_bits = (0..n).fold(0 as Tiles, |acc, p| acc | (1 as Tiles) << (p as u32 * bits));
        let mut puzzle = Puzzle {
            rows,
            cols,
            bits,
            goal: 0,
            goal_tiles: goal.to_vec(),
            goal_pos,
            md,
            low_bits,
        };
        puzzle.goal = puzzle.pack(goal);
        Ok(puzzle)
    }

    /// The default goal of a board: blank first, then `1..n`.
    pub fn default_goal(n: usize) -> Vec<u8> {
        (0..n as u8).collect()
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Number of cells.
    pub fn cells(&self) -> usize {
        self.rows * self.cols
    }

    /// The goal state.
    pub fn goal(&self) -> Tiles {
        self.goal
    }

    /// The goal layout row by row.
    pub fn goal_tiles(&self) -> &[u8] {
        &self.goal_tiles
    }

    /// The goal cell of `tile`.
    pub fn goal_pos(&self, tile: u8) -> u8 {
        self.goal_pos[tile as usize]
    }

    /// Packs tiles (row by row) into a state. The tiles must be a permutation of `0..n`.
    pub fn pack(&self, tiles: &[u8]) -> Tiles {
        tiles.iter().enumerate().fold(0, |acc, (p, &t)| {
            acc | (t as Tiles) << (p as u32 * self.bits)
        })
    }

    /// The tiles of a state, row by row.
    pub fn unpack(&self, s: Tiles) -> Vec<u8> {
        (0..self.cells()).map(|p| self.tile_at(s, p)).collect()
    }

    /// The tile at cell `p`.
    #[inline(always)]
    pub fn tile_at(&self, s: Tiles, p: usize) -> u8 {
        if self.bits == 4 {
            // Boards of up to 16 cells live in the low 64 bits: cheaper shifts.
            ((s as u64 >> (p as u32 * 4)) & 15) as u8
        } else {
            ((s >> (p as u32 * self.bits)) & ((1 << self.bits) - 1)) as u8
        }
    }

    /// The blank's cell, found without a loop (the one all-zero field).
    #[inline(always)]
    pub fn blank(&self, s: Tiles) -> usize {
        find_field(s, 0, self.bits, self.low_bits) as usize
    }

    /// Whether `s` can reach the goal: the parity of the permutation from `s` to the goal
    /// (blank included) must equal the parity of the blank's Manhattan distance to its goal
    /// cell, since every move is one transposition and moves the blank by one cell.
    pub fn is_solvable(&self, s: Tiles) -> bool {
        let n = self.cells();
        let tiles = self.unpack(s);
        // perm[p] = goal cell of the tile at p; count its cycles.
        let perm: Vec<usize> = tiles
            .iter()
            .map(|&t| self.goal_pos[t as usize] as usize)
            .collect();
        let mut seen = vec![false; n];
        let mut transpositions = 0;
        for start in 0..n {
            let mut len = 0;
            let mut p = start;
            while !seen[p] {
                seen[p] = true;
                p = perm[p];
                len += 1;
            }
            if len > 0 {
                transpositions += len - 1;
            }
        }
        let b = self.blank(s);
        let gb = self.goal_pos[0] as usize;
        let blank_dist =
            (b / self.cols).abs_diff(gb / self.cols) + (b % self.cols).abs_diff(gb % self.cols);
        transpositions % 2 == blank_dist % 2
    }

    /// The state after the blank moves `dir`, with the move, or `None` at the edge.
    #[inline(always)]
    pub fn apply(&self, s: Tiles, dir: Dir) -> Option<(Move, Tiles)> {
        self.apply_at(s, self.blank(s), dir)
    }

    /// [`apply`](Self::apply) with the blank's cell `b` already known.
    #[inline(always)]
    fn apply_at(&self, s: Tiles, b: usize, dir: Dir) -> Option<(Move, Tiles)> {
        let (r, c) = (b / self.cols, b % self.cols);
        let j = match dir {
            Dir::Up if r > 0 => b - self.cols,
            Dir::Down if r + 1 < self.rows => b + self.cols,
            Dir::Left if c > 0 => b - 1,
            Dir::Right if c + 1 < self.cols => b + 1,
            _ => return None,
        };
        let tile = self.tile_at(s, j);
        let t = tile as Tiles;
        let child = if self.bits == 4 {
            let (s, t) = (s as u64, t as u64);
            (s - (t << (j as u32 * 4)) + (t << (b as u32 * 4))) as Tiles
        } else {
            s - (t << (j as u32 * self.bits)) + (t << (b as u32 * self.bits))
        };
        Some((
            Move {
                dir,
                tile,
                from: j as u8,
                to: b as u8,
            },
            child,
        ))
    }

    /// Replays `moves` from `start`: the final state, or the index of the first illegal move.
    pub fn replay(&self, start: Tiles, moves: &[Dir]) -> Result<Tiles, usize> {
        moves.iter().enumerate().try_fold(start, |s, (i, &d)| {
            self.apply(s, d).map(|(_, c)| c).ok_or(i)
        })
    }

    /// Checks a solution: every move legal and the last state the goal.
    pub fn check_solution(&self, start: Tiles, moves: &[Dir]) -> Result<(), String> {
        match self.replay(start, moves) {
            Ok(s) if s == self.goal => Ok(()),
            Ok(_) => Err("the moves do not end at the goal".into()),
            Err(i) => Err(format!("move {} ({}) is illegal", i + 1, moves[i].name())),
        }
    }

    /// The board as text, one row per line, the blank shown as `.`.
    pub fn draw(&self, s: Tiles) -> String {
        let width = (self.cells() - 1).to_string().len();
        let mut out = String::new();
        for r in 0..self.rows {
            let row: Vec<String> = (0..self.cols)
                .map(|c| match self.tile_at(s, r * self.cols + c) {
                    0 => format!("{:>width$}", "."),
                    t => format!("{t:>width$}"),
                })
                .collect();
            out.push_str(&row.join(" "));
            out.push('\n');
        }
        out
    }

    /// Manhattan distance of `tile` at `cell`.
    #[inline(always)]
    pub fn md(&self, tile: u8, cell: u8) -> u8 {
        self.md[tile as usize * self.cells() + cell as usize]
    }

    /// A random solvable state `moves` random moves from the goal (no immediate undo).
    pub fn scramble(&self, moves: usize, rng: &mut impl rand::Rng) -> Tiles {
        let mut s = self.goal;
        let mut last: Option<Dir> = None;
        let mut done = 0;
        while done < moves {
            let d = Dir::ALL[rng.gen_range(0..4)];
            let back = match d {
                Dir::Up => Dir::Down,
                Dir::Down => Dir::Up,
                Dir::Left => Dir::Right,
                Dir::Right => Dir::Left,
            };
            if last == Some(back) {
                continue;
            }
            if let Some((_, c)) = self.apply(s, d) {
                s = c;
                last = Some(d);
                done += 1;
            }
        }
        s
    }
}

impl Problem for Puzzle {
    type State = Tiles;
    type Action = Move;
    type Cost = u32;

    #[inline(always)]
    fn is_goal(&self, s: &Tiles) -> bool {
        *s == self.goal
    }

    #[inline(always)]
    fn successors(&self, s: &Tiles, out: &mut Successors<Tiles, Move, u32>) {
        let b = self.blank(*s);
        for d in Dir::ALL {
            if let Some((m, c)) = self.apply_at(*s, b, d) {
                out.push(m, c, 1);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// Heuristics

/// Number of tiles (not the blank) off their goal cell — the original puzzle's heuristic.
pub struct Misplaced<'a>(pub &'a Puzzle);

impl Heuristic<Puzzle> for Misplaced<'_> {
    fn estimate(&self, s: &Tiles) -> u32 {
        let p = self.0;
        let diff = s ^ p.goal;
        (0..p.cells())
            .filter(|&c| p.tile_at(diff, c) != 0 && p.tile_at(*s, c) != 0)
            .count() as u32
    }

    #[inline]
    fn estimate_child(&self, _: &Tiles, parent_h: u32, m: &Move, _: &Tiles) -> u32 {
        let g = self.0.goal_pos[m.tile as usize];
        parent_h + (g == m.from) as u32 - (g == m.to) as u32
    }
}

/// Sum of the Manhattan distances of the tiles to their goal cells; incremental update.
pub struct Manhattan<'a>(pub &'a Puzzle);

impl Heuristic<Puzzle> for Manhattan<'_> {
    fn estimate(&self, s: &Tiles) -> u32 {
        let p = self.0;
        (0..p.cells())
            .map(|c| p.md(p.tile_at(*s, c), c as u8) as u32)
            .sum()
    }

    #[inline(always)]
    fn estimate_child(&self, _: &Tiles, parent_h: u32, m: &Move, _: &Tiles) -> u32 {
        let p = self.0;
        parent_h + p.md(m.tile, m.to) as u32 - p.md(m.tile, m.from) as u32
    }
}

/// Manhattan distance plus linear conflicts: in each row (column), the tiles whose goal is in
/// that row (column) but whose order is reversed need extra moves; for a line with `k` such
/// tiles of which at most `l` are in goal order (longest increasing subsequence), `2·(k−l)`
/// moves are added. Admissible and consistent; the update recomputes only the two lines a
/// move changes.
pub struct LinearConflict<'a>(pub &'a Puzzle);

impl LinearConflict<'_> {
    /// The conflict penalty of row `r`.
    fn row(&self, s: Tiles, r: usize) -> u32 {
        let p = self.0;
        let mut keys = [0u8; 16];
        let mut k = 0;
        for c in 0..p.cols {
            let t = p.tile_at(s, r * p.cols + c);
            if t != 0 && p.goal_pos[t as usize] as usize / p.cols == r {
                keys[k] = p.goal_pos[t as usize] % p.cols as u8;
                k += 1;
            }
        }
        2 * (k - lis(&keys[..k])) as u32
    }

    /// The conflict penalty of column `c`.
    fn col(&self, s: Tiles, c: usize) -> u32 {
        let p = self.0;
        let mut keys = [0u8; 16];
        let mut k = 0;
        for r in 0..p.rows {
            let t = p.tile_at(s, r * p.cols + c);
            if t != 0 && p.goal_pos[t as usize] as usize % p.cols == c {
                keys[k] = p.goal_pos[t as usize] / p.cols as u8;
                k += 1;
            }
        }
        2 * (k - lis(&keys[..k])) as u32
    }

    /// The total conflict penalty (without the Manhattan part).
    pub fn conflicts(&self, s: Tiles) -> u32 {
        (0..self.0.rows).map(|r| self.row(s, r)).sum::<u32>()
            + (0..self.0.cols).map(|c| self.col(s, c)).sum::<u32>()
    }
}

/// Length of the longest strictly increasing subsequence of a short slice.
#[inline]
fn lis(keys: &[u8]) -> usize {
    let mut best = [0usize; 16];
    let mut overall = 0;
    for i in 0..keys.len() {
        let mut b = 1;
        for j in 0..i {
            if keys[j] < keys[i] && best[j] + 1 > b {
                b = best[j] + 1;
            }
        }
        best[i] = b;
        overall = overall.max(b);
    }
    overall
}

impl Heuristic<Puzzle> for LinearConflict<'_> {
    fn estimate(&self, s: &Tiles) -> u32 {
        Manhattan(self.0).estimate(s) + self.conflicts(*s)
    }

    #[inline]
    fn estimate_child(&self, parent: &Tiles, parent_h: u32, m: &Move, child: &Tiles) -> u32 {
        let p = self.0;
        let h = parent_h + p.md(m.tile, m.to) as u32 - p.md(m.tile, m.from) as u32;
        let (from, to) = (m.from as usize, m.to as usize);
        if from / p.cols == to / p.cols {
            // Horizontal: the tile changes column.
            let (a, b) = (from % p.cols, to % p.cols);
            h + self.col(*child, a) + self.col(*child, b)
                - self.col(*parent, a)
                - self.col(*parent, b)
        } else {
            let (a, b) = (from / p.cols, to / p.cols);
            h + self.row(*child, a) + self.row(*child, b)
                - self.row(*parent, a)
                - self.row(*parent, b)
        }
    }
}

// ---------------------------------------------------------------------------------------
// Pattern databases

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

/// The index of the `bits`-wide field of `s` equal to `value` (the fields are all distinct),
/// without a loop over the cells; `low_bits` has bit 0 of every field set.
#[inline(always)]
fn find_field(s: Tiles, value: u8, bits: u32, low_bits: Tiles) -> u32 {
    if bits == 4 {
        let low = low_bits as u64;
        let x = s as u64 ^ (low * value as u64);
        let t = x | (x >> 1) | (x >> 2) | (x >> 3);
        (!t & low).trailing_zeros() / 4
    } else {
        let x = s ^ (low_bits * value as Tiles);
        let mut t = x;
        for k in 1..bits {
            t |= x >> k;
        }
        (!t & low_bits).trailing_zeros() / bits
    }
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

/// An additive pattern-database heuristic for a puzzle, with an incremental update: a move
/// changes the value of only the moved tile's database.
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
        }
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
        (0..self.dbs.len()).map(|g| self.part(g, *s)).sum()
    }

    #[inline]
    fn estimate_child(&self, parent: &Tiles, parent_h: u32, m: &Move, child: &Tiles) -> u32 {
        // One gather of the pattern's cells serves parent and child: only the moved tile's
        // cell differs.
        let _ = child;
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
