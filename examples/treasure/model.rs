//! The treasure hunt: a grid in which some cells hold a clue 0-8, the number of coins in the
//! cell's (up to eight) neighbours. Coins lie only on empty (non-clue) cells, at most one per
//! cell, and only on cells next to at least one clue. A solution satisfies every clue exactly.
//!
//! Search model: a state is a partial placement. The cells that may hold a coin are numbered
//! in a fixed canonical order (row-major, or column-major on wide grids); a state is the set of
//! placed coins plus the index of the next cell that may still receive one, and a step places a
//! coin on a cell at or after that index (cost 1). Every set of coins is therefore generated
//! exactly once, so the search space is a tree, and the cells before the index are decided
//! (empty unless they hold a coin). A child is generated only if no clue is exceeded and every
//! clue can still be met by its cells that are still open. Goal: every clue satisfied exactly
//! (goal states are leaves: one more coin would exceed a clue).

use std::cell::RefCell;
use std::fmt;
use std::time::Instant;

use heurist::{Problem, Successors};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use smallvec::SmallVec;

/// Offsets of the eight neighbours of a cell.
const DIRS: [(isize, isize); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// A treasure-hunt grid: `cells[r * cols + c]` is `Some(clue)` or `None` for an empty cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    /// Row-major cells: a clue 0-8 or `None` (empty).
    pub cells: Vec<Option<u8>>,
}

/// A malformed grid file: where (1-based line and column) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column number (character position in the line).
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for ParseError {}

impl Grid {
    /// Parses one line per row, `.` for an empty cell and a digit 0-8 for a clue. Trailing
    /// whitespace and blank lines before and after the grid are ignored.
    pub fn parse(text: &str) -> Result<Grid, ParseError> {
        let lines: Vec<(usize, &str)> = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim_end()))
            .collect();
        let first = lines.iter().position(|(_, l)| !l.is_empty());
        let Some(first) = first else {
            return Err(ParseError {
                line: 1,
                column: 1,
                message: "empty input: expected at least one row of '.' and clues 0-8".into(),
            });
        };
        let last = lines.iter().rposition(|(_, l)| !l.is_empty()).unwrap();
        let mut cols = 0;
        let mut cells = Vec::new();
        let mut rows = 0;
        for &(line, text) in &lines[first..=last] {
            let mut n = 0;
            for (i, ch) in text.chars().enumerate() {
                let column = i + 1;
                let cell = match ch {
                    '.' => None,
                    '0'..='8' => Some(ch as u8 - b'0'),
                    _ => {
                        return Err(ParseError {
                            line,
                            column,
                            message: format!(
                            "unexpected character {ch:?}: expected '.' (empty cell) or a clue 0-8"
                        ),
                        })
                    }
                };
                if rows > 0 && n == cols {
                    return Err(ParseError {
                        line,
                        column,
                        message: format!("row is longer than the first row ({cols} cells)"),
                    });
                }
                cells.push(cell);
                n += 1;
            }
            if rows == 0 {
                cols = n;
            } else if n < cols {
                return Err(ParseError {
                    line,
                    column: n + 1,
                    message: format!("row has {n} cells, the first row has {cols}"),
                });
            }
            rows += 1;
        }
        Ok(Grid { rows, cols, cells })
    }

    /// The clue at `(r, c)`, if any.
    pub fn clue(&self, r: usize, c: usize) -> Option<u8> {
        self.cells[r * self.cols + c]
    }

    /// The in-grid neighbours of `(r, c)`.
    pub fn neighbours(&self, r: usize, c: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        DIRS.iter().filter_map(move |&(dr, dc)| {
            let nr = r.checked_add_signed(dr)?;
            let nc = c.checked_add_signed(dc)?;
            (nr < self.rows && nc < self.cols).then_some((nr, nc))
        })
    }

    /// The grid in the file format (one line per row, newline-terminated).
    pub fn to_text(&self) -> String {
        let mut s = String::with_capacity((self.cols + 1) * self.rows);
        for r in 0..self.rows {
            for c in 0..self.cols {
                s.push(match self.clue(r, c) {
                    Some(v) => (b'0' + v) as char,
                    None => '.',
                });
            }
            s.push('\n');
        }
        s
    }

    /// A drawing of the grid with `coins` marked `$`, cells separated by spaces, with row
    /// and column numbers (0-based).
    pub fn render(&self, coins: &[(usize, usize)]) -> String {
        let mut has = vec![false; self.rows * self.cols];
        for &(r, c) in coins {
            has[r * self.cols + c] = true;
        }
        let mut s = String::from("   ");
        for c in 0..self.cols {
            s.push_str(&format!("{:>2}", c % 100));
        }
        s.push('\n');
        for r in 0..self.rows {
            s.push_str(&format!("{r:>3}"));
            for c in 0..self.cols {
                s.push(' ');
                s.push(match self.clue(r, c) {
                    Some(v) => (b'0' + v) as char,
                    None if has[r * self.cols + c] => '$',
                    None => '.',
                });
            }
            s.push('\n');
        }
        s
    }
}

/// Checks a placement independently of the search: coins on distinct empty cells inside the
/// grid, each next to a clue, and every clue counting exactly its value.
pub fn check_placement(grid: &Grid, coins: &[(usize, usize)]) -> Result<(), String> {
    let mut has = vec![false; grid.rows * grid.cols];
    for &(r, c) in coins {
        if r >= grid.rows || c >= grid.cols {
            return Err(format!("coin ({r}, {c}) is outside the grid"));
        }
        if grid.clue(r, c).is_some() {
            return Err(format!("coin ({r}, {c}) is on a clue"));
        }
        if has[r * grid.cols + c] {
            return Err(format!("two coins on ({r}, {c})"));
        }
        if !grid
            .neighbours(r, c)
            .any(|(a, b)| grid.clue(a, b).is_some())
        {
            return Err(format!("coin ({r}, {c}) has no clue next to it"));
        }
        has[r * grid.cols + c] = true;
    }
    for r in 0..grid.rows {
        for c in 0..grid.cols {
            if let Some(v) = grid.clue(r, c) {
                let n = grid
                    .neighbours(r, c)
                    .filter(|&(a, b)| has[a * grid.cols + b])
                    .count();
                if n != v as usize {
                    return Err(format!("clue {v} at ({r}, {c}) sees {n} coins"));
                }
            }
        }
    }
    Ok(())
}

/// The placed coins, one bit per candidate cell (in canonical order).
pub type Bits = SmallVec<[u64; 8]>;

/// A search state: a partial placement.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    /// Bit `i` set: a coin on candidate cell `i`.
    pub coins: Bits,
    /// Cells before this index are decided; the next coin goes on a cell `>= next`.
    pub next: u32,
    /// Sum over the clues of the coins they still lack (0 at a goal).
    pub deficit: u32,
}

/// A clue and the candidate cells around it.
#[derive(Clone, Debug)]
struct Clue {
    value: u8,
    /// Candidate indices of its neighbours, ascending.
    cands: SmallVec<[u32; 8]>,
}

/// Per-expansion scratch: each clue's current need and open-cell count, and (with
/// propagation) the cells assigned during this expansion.
#[derive(Default)]
struct Scratch {
    epoch: u32,
    stamp: Vec<u32>,
    need: Vec<i32>,
    avail: Vec<i32>,
    cell_stamp: Vec<u32>,
    cell_coin: Vec<bool>,
    queue: Vec<u32>,
}

impl Scratch {
    fn next_epoch(&mut self) {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamp.iter_mut().for_each(|x| *x = 0);
            self.cell_stamp.iter_mut().for_each(|x| *x = 0);
            self.epoch = 1;
        }
    }
}

/// The heuristics for A*, IDA*, greedy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeuristicKind {
    /// 0 everywhere.
    Zero,
    /// The original puzzle's: sum of the clues' remaining deficits. Overestimates (one coin can serve
    /// several clues), so A* with it need not find the fewest coins.
    Original,
    /// The largest single deficit (admissible: a coin serves a clue at most once).
    Max,
    /// The deficit sum divided by the most clues one still-open cell can serve, rounded up
    /// (admissible).
    Ratio,
    /// The larger of `Max` and `Ratio`.
    Best,
}

impl HeuristicKind {
    /// All kinds, for benchmarks and tests.
    pub const ALL: [HeuristicKind; 5] = [
        HeuristicKind::Zero,
        HeuristicKind::Original,
        HeuristicKind::Max,
        HeuristicKind::Ratio,
        HeuristicKind::Best,
    ];

    /// Its command-line name.
    pub fn name(self) -> &'static str {
        match self {
            HeuristicKind::Zero => "zero",
            HeuristicKind::Original => "original",
            HeuristicKind::Max => "max",
            HeuristicKind::Ratio => "ratio",
            HeuristicKind::Best => "best",
        }
    }

    /// Whether it never overestimates.
    pub fn admissible(self) -> bool {
        self != HeuristicKind::Original
    }
}

/// The result of [`Treasure::count_solutions`].
#[derive(Clone, Debug)]
pub struct Count {
    /// Solutions found.
    pub solutions: u64,
    /// Whether the whole tree was searched (no limit or deadline hit).
    pub complete: bool,
    /// Nodes expanded.
    pub expanded: u64,
    /// The first solution found, as coin coordinates.
    pub first: Option<Vec<(usize, usize)>>,
}

/// The treasure-hunt search problem for one grid.
pub struct Treasure {
    grid: Grid,
    /// Candidate cells (empty, next to a clue, not next to a 0 clue) in canonical order.
    cells: Vec<(usize, usize)>,
    /// For each candidate cell, the clues around it.
    cell_clues: Vec<SmallVec<[u32; 8]>>,
    clues: Vec<Clue>,
    words: usize,
    /// `serve_suffix[k]`: the most clues one candidate cell `>= k` touches.
    serve_suffix: Vec<u32>,
    /// Some clue has more coins to get than cells around it.
    infeasible: bool,
    total: u32,
    /// Whether expansions run constraint propagation (see [`Treasure::with_propagation`]).
    propagate: bool,
    scratch: RefCell<Scratch>,
}

impl Treasure {
    /// Builds the model of `grid`.
    pub fn new(grid: Grid) -> Treasure {
        let (rows, cols) = (grid.rows, grid.cols);
        let mut clue_id = vec![u32::MAX; rows * cols];
        let mut clues = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                if let Some(v) = grid.clue(r, c) {
                    clue_id[r * cols + c] = clues.len() as u32;
                    clues.push(Clue {
                        value: v,
                        cands: SmallVec::new(),
                    });
                }
            }
        }
        // Canonical order: row-major, column-major when the grid is wider than tall (so the
        // band of undecided cells around the current index is narrower).
        let order: Vec<(usize, usize)> = if cols > rows {
            (0..cols)
                .flat_map(|c| (0..rows).map(move |r| (r, c)))
                .collect()
        } else {
            (0..rows)
                .flat_map(|r| (0..cols).map(move |c| (r, c)))
                .collect()
        };
        let mut cells = Vec::new();
        let mut cell_clues = Vec::new();
        for (r, c) in order {
            if grid.clue(r, c).is_some() {
                continue;
            }
            let around: SmallVec<[u32; 8]> = grid
                .neighbours(r, c)
                .filter(|&(a, b)| grid.clue(a, b).is_some())
                .map(|(a, b)| clue_id[a * cols + b])
                .collect();
            if around.is_empty() || around.iter().any(|&k| clues[k as usize].value == 0) {
                continue;
            }
            let idx = cells.len() as u32;
            for &k in &around {
                clues[k as usize].cands.push(idx);
            }
            cells.push((r, c));
            cell_clues.push(around);
        }
        let n = cells.len();
        let mut serve_suffix = vec![0u32; n + 1];
        for i in (0..n).rev() {
            serve_suffix[i] = serve_suffix[i + 1].max(cell_clues[i].len() as u32);
        }
        let infeasible = clues.iter().any(|k| k.value as usize > k.cands.len());
        let total = clues.iter().map(|k| k.value as u32).sum();
        let m = clues.len();
        Treasure {
            grid,
            cells,
            cell_clues,
            clues,
            words: n.div_ceil(64).max(1),
            serve_suffix,
            infeasible,
            total,
            propagate: true,
            scratch: RefCell::new(Scratch {
                epoch: 0,
                stamp: vec![0; m],
                need: vec![0; m],
                avail: vec![0; m],
                cell_stamp: vec![0; n],
                cell_coin: vec![false; n],
                queue: Vec::new(),
            }),
        }
    }

    /// Switches constraint propagation on (the default) or off. Off, an expansion only
    /// checks each clue's bounds (not exceeded, still reachable with its open cells). On, it
    /// also repeats to a fixpoint: a clue that has its coins makes its open cells empty, a
    /// clue that needs all its open cells makes them coins. A contradiction kills the
    /// node, a cell forced empty is never a coin, and a cell forced to hold a coin cannot
    /// be skipped. Both give the same tree of coin sets, minus pruned branches, so the
    /// same solutions.
    pub fn with_propagation(mut self, on: bool) -> Treasure {
        self.propagate = on;
        self
    }

    /// The grid.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The candidate cells in canonical order.
    pub fn candidates(&self) -> &[(usize, usize)] {
        &self.cells
    }

    /// The start state: no coins placed.
    pub fn start(&self) -> Placement {
        let mut coins = Bits::new();
        coins.resize(self.words, 0);
        Placement {
            coins,
            next: 0,
            deficit: self.total,
        }
    }

    /// The coordinates of the coins of a placement, in canonical order.
    pub fn coins(&self, s: &Placement) -> Vec<(usize, usize)> {
        let mut v = Vec::new();
        for (w, &word) in s.coins.iter().enumerate() {
            let mut b = word;
            while b != 0 {
                let i = w * 64 + b.trailing_zeros() as usize;
                v.push(self.cells[i]);
                b &= b - 1;
            }
        }
        v
    }

    fn has(s: &Placement, i: u32) -> bool {
        s.coins[(i / 64) as usize] >> (i % 64) & 1 == 1
    }

    /// The coins clue `k` still lacks in state `s`.
    fn need(&self, s: &Placement, k: usize) -> i32 {
        let clue = &self.clues[k];
        clue.value as i32 - clue.cands.iter().filter(|&&i| Self::has(s, i)).count() as i32
    }

    /// The heuristic estimate of `kind` for `s` (coins still to place).
    pub fn estimate(&self, kind: HeuristicKind, s: &Placement) -> u32 {
        match kind {
            HeuristicKind::Zero => 0,
            HeuristicKind::Original => s.deficit,
            HeuristicKind::Max => self.max_deficit(s),
            HeuristicKind::Ratio => self.ratio(s),
            HeuristicKind::Best => self.max_deficit(s).max(self.ratio(s)),
        }
    }

    fn ratio(&self, s: &Placement) -> u32 {
        let m = self.serve_suffix[s.next as usize];
        if m == 0 {
            s.deficit
        } else {
            s.deficit.div_ceil(m)
        }
    }

    fn max_deficit(&self, s: &Placement) -> u32 {
        if s.deficit == 0 {
            return 0;
        }
        (0..self.clues.len())
            .map(|k| self.need(s, k).max(0) as u32)
            .max()
            .unwrap_or(0)
    }

    /// A heuristic closure for the library's algorithms.
    pub fn heuristic(&self, kind: HeuristicKind) -> impl Fn(&Placement) -> u32 + '_ {
        move |s| self.estimate(kind, s)
    }

    /// Counts every solution by a depth-first walk over the same canonical tree as
    /// [`Problem::successors`] (each coin set is met exactly once). Stops after `limit`
    /// solutions or at `deadline`, with `complete == false`.
    pub fn count_solutions(&self, limit: Option<u64>, deadline: Option<Instant>) -> Count {
        let mut count = Count {
            solutions: 0,
            complete: true,
            expanded: 0,
            first: None,
        };
        let mut stack = vec![self.start()];
        let mut buf = Successors::new();
        while let Some(s) = stack.pop() {
            if self.is_goal(&s) {
                count.solutions += 1;
                if count.first.is_none() {
                    count.first = Some(self.coins(&s));
                }
                if limit.is_some_and(|l| count.solutions >= l) {
                    count.complete = stack.is_empty();
                    break;
                }
                continue; // a goal is a leaf
            }
            count.expanded += 1;
            if count.expanded % 4096 == 0 && deadline.is_some_and(|d| Instant::now() >= d) {
                count.complete = false;
                break;
            }
            self.successors(&s, &mut buf);
            // Reversed, so the walk visits children in the order they were generated.
            stack.extend(
                buf.drain()
                    .map(|x| x.state)
                    .collect::<SmallVec<[_; 16]>>()
                    .into_iter()
                    .rev(),
            );
        }
        count
    }
}

impl Problem for Treasure {
    type State = Placement;
    /// The cell `(row, column)` a coin is placed on.
    type Action = (usize, usize);
    type Cost = u32;

    fn is_goal(&self, s: &Placement) -> bool {
        // Every generated state keeps each clue's need >= 0, so a zero sum means all met.
        s.deficit == 0 && !self.infeasible
    }

    fn successors(&self, s: &Placement, out: &mut Successors<Placement, (usize, usize), u32>) {
        if self.infeasible || s.deficit == 0 {
            return;
        }
        if self.propagate {
            self.successors_propagating(s, out);
        } else {
            self.successors_plain(s, out);
        }
    }
}

impl Treasure {
    /// The child of `s` with a coin on candidate `i`.
    fn child(&self, s: &Placement, i: u32) -> Placement {
        let mut child = s.clone();
        child.coins[(i / 64) as usize] |= 1 << (i % 64);
        child.next = i + 1;
        child.deficit -= self.cell_clues[i as usize].len() as u32;
        child
    }

    fn successors_plain(
        &self,
        s: &Placement,
        out: &mut Successors<Placement, (usize, usize), u32>,
    ) {
        let mut guard = self.scratch.borrow_mut();
        let sc = &mut *guard;
        sc.next_epoch();
        let k0 = s.next;
        for i in k0..self.cells.len() as u32 {
            let around = &self.cell_clues[i as usize];
            let mut ok = true;
            for &k in around {
                let k = k as usize;
                if sc.stamp[k] != sc.epoch {
                    sc.stamp[k] = sc.epoch;
                    sc.need[k] = self.need(s, k);
                    let cands = &self.clues[k].cands;
                    sc.avail[k] = (cands.len() - cands.partition_point(|&j| j < k0)) as i32;
                }
                ok &= sc.need[k] > 0;
            }
            if ok {
                out.push(self.cells[i as usize], self.child(s, i), 1);
            }
            // Leave cell i empty for the remaining children: if that makes some clue
            // unreachable, no later cell can be the next coin.
            let mut stop = false;
            for &k in around {
                let k = k as usize;
                sc.avail[k] -= 1;
                stop |= sc.avail[k] < sc.need[k];
            }
            if stop {
                break;
            }
        }
    }

    /// Assigns open cell `j` (coin or empty) in the scratch; false on a contradiction.
    fn assign(&self, sc: &mut Scratch, j: u32, coin: bool) -> bool {
        let ju = j as usize;
        if sc.cell_stamp[ju] == sc.epoch {
            return sc.cell_coin[ju] == coin;
        }
        sc.cell_stamp[ju] = sc.epoch;
        sc.cell_coin[ju] = coin;
        for &k in &self.cell_clues[ju] {
            let k = k as usize;
            sc.avail[k] -= 1;
            if coin {
                sc.need[k] -= 1;
            }
            if sc.need[k] < 0 || sc.need[k] > sc.avail[k] {
                return false;
            }
            if sc.avail[k] > 0 && (sc.need[k] == 0 || sc.need[k] == sc.avail[k]) {
                sc.queue.push(k as u32);
            }
        }
        true
    }

    /// Runs the queued tight clues to a fixpoint; false on a contradiction.
    fn run_queue(&self, sc: &mut Scratch, k0: u32) -> bool {
        while let Some(k) = sc.queue.pop() {
            let k = k as usize;
            if sc.avail[k] == 0 {
                continue;
            }
            let coin = sc.need[k] > 0;
            for &j in &self.clues[k].cands {
                if j >= k0 && sc.cell_stamp[j as usize] != sc.epoch && !self.assign(sc, j, coin) {
                    sc.queue.clear();
                    return false;
                }
            }
        }
        true
    }

    fn successors_propagating(
        &self,
        s: &Placement,
        out: &mut Successors<Placement, (usize, usize), u32>,
    ) {
        let mut guard = self.scratch.borrow_mut();
        let sc = &mut *guard;
        sc.next_epoch();
        sc.queue.clear();
        let k0 = s.next;
        for (k, clue) in self.clues.iter().enumerate() {
            let open = clue.cands.len() - clue.cands.partition_point(|&j| j < k0);
            sc.need[k] = self.need(s, k);
            sc.avail[k] = open as i32;
            if sc.need[k] < 0 || sc.need[k] > sc.avail[k] {
                return;
            }
            if open > 0 && (sc.need[k] == 0 || sc.need[k] == sc.avail[k]) {
                sc.queue.push(k as u32);
            }
        }
        if !self.run_queue(sc, k0) {
            return; // a dead end: no placement completes this one
        }
        for i in k0..self.cells.len() as u32 {
            let iu = i as usize;
            if sc.cell_stamp[iu] == sc.epoch {
                if sc.cell_coin[iu] {
                    // Forced coin: it is the next coin, as no later child may skip it.
                    out.push(self.cells[iu], self.child(s, i), 1);
                    break;
                }
                continue; // forced empty
            }
            // Open and unforced: no clue around it is full (it would be forced empty).
            out.push(self.cells[iu], self.child(s, i), 1);
            // The later children leave cell i empty.
            if !self.assign(sc, i, false) || !self.run_queue(sc, k0) {
                break;
            }
        }
    }
}

/// Clue values of every non-coin cell for the coin layout `coin`.
fn all_clues(rows: usize, cols: usize, coin: &[bool]) -> Grid {
    let mut g = Grid {
        rows,
        cols,
        cells: vec![None; rows * cols],
    };
    for r in 0..rows {
        for c in 0..cols {
            if !coin[r * cols + c] {
                let n = g
                    .neighbours(r, c)
                    .filter(|&(a, b)| coin[a * cols + b])
                    .count();
                g.cells[r * cols + c] = Some(n as u8);
            }
        }
    }
    g
}

/// A random `rows x cols` grid with exactly one solution (verified by counting), from
/// `seed`. Coins are scattered with density `coin_density`; every non-coin cell starts as a
/// clue (a unique puzzle), then clues are removed in random order as long as the solution
/// stays unique and at least `keep` of the cells stay clues. Also returns the solution.
///
/// The randomness comes from a [`ChaCha8Rng`] seeded with `seed`, so the output is
/// reproducible from the seed: the same grid on every platform and with every `rand`
/// version. (Grids differ from those of version 0.1, which used its own generator.)
pub fn generate(
    rows: usize,
    cols: usize,
    seed: u64,
    coin_density: f64,
    keep: f64,
) -> (Grid, Vec<(usize, usize)>) {
    assert!(rows > 0 && cols > 0);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut coin: Vec<bool> = (0..rows * cols)
        .map(|_| rng.gen_bool(coin_density))
        .collect();
    // A coin needs a non-coin neighbour to be seen by a clue.
    let probe = Grid {
        rows,
        cols,
        cells: vec![None; rows * cols],
    };
    for r in 0..rows {
        for c in 0..cols {
            if coin[r * cols + c] && probe.neighbours(r, c).all(|(a, b)| coin[a * cols + b]) {
                coin[r * cols + c] = false;
            }
        }
    }
    let mut grid = all_clues(rows, cols, &coin);
    let mut order: Vec<usize> = (0..rows * cols).filter(|&i| !coin[i]).collect();
    order.shuffle(&mut rng);
    let min_clues = (keep * (rows * cols) as f64).ceil() as usize;
    let mut clues = order.len();
    for &cell in &order {
        if clues <= min_clues {
            break;
        }
        let (r, c) = (cell / cols, cell % cols);
        let old = grid.cells[cell];
        grid.cells[cell] = None;
        // Every coin next to this cell must still see some clue.
        let coins_seen = grid.neighbours(r, c).all(|(a, b)| {
            !coin[a * cols + b]
                || grid
                    .neighbours(a, b)
                    .any(|(x, y)| grid.clue(x, y).is_some())
        });
        if coins_seen
            && Treasure::new(grid.clone())
                .count_solutions(Some(2), None)
                .solutions
                == 1
        {
            clues -= 1;
        } else {
            grid.cells[cell] = old;
        }
    }
    let solution: Vec<(usize, usize)> = (0..rows * cols)
        .filter(|&i| coin[i])
        .map(|i| (i / cols, i % cols))
        .collect();
    (grid, solution)
}
