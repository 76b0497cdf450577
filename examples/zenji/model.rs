//! Zenji model: a grid of pipe tiles, turned so that water flows from the source (top-left)
//! to the drain (bottom-right) at the fewest 90-degree clockwise turns.
//!
//! # Search state
//!
//! A state is "the water has just entered tile `cell` through side `entry`" plus, under the
//! free rules, the set of tiles already on the path (a bitset). Expanding a state chooses the
//! side through which the water leaves the tile; the tile's rotation is the cheapest one that
//! puts an inlet on the entry side and an outlet on the exit side, and the step costs that
//! many turns. Each tile is on the path at most once, so its rotation is chosen exactly once
//! and the other doors of the tile do not matter: the cheapest flow along a fixed path costs
//! the sum of these per-tile minima, and every search algorithm of the crate applies.
//!
//! Under the base rules water only moves right or down, so no tile can be visited twice and
//! the state needs no visited set: the space is just `cells x 2` states.
//!
//! # Heuristics
//!
//! * [`HeuristicKind::Zero`].
//! * [`HeuristicKind::Original`]: the original puzzle's `h = 2 · (Δrow + Δcol)`. It **overestimates**: a
//!   straight run of tiles that are already turned right costs 0 but gets `h = 2·length`.
//!   A* with it can return a more expensive flow than the optimum (the test
//!   `doubled_manhattan_makes_astar_suboptimal` shows a map where it does).
//! * [`HeuristicKind::Local`] (admissible, consistent): the turns the current tile needs at
//!   least to pass the water on toward a tile it may enter.
//! * [`HeuristicKind::Relaxed`] (admissible, consistent): the exact cheapest cost to the
//!   drain when tiles may be visited more than once, by a backward Dijkstra over the
//!   `(tile, entry side)` graph computed once per map. Under the base rules no tile can be
//!   visited twice, so it is exact there.

use std::fmt;

use heurist::{Heuristic, Problem, Successors};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use smallvec::SmallVec;

/// Side index: North.
pub const N: usize = 0;
/// Side index: East.
pub const E: usize = 1;
/// Side index: South.
pub const S: usize = 2;
/// Side index: West.
pub const W: usize = 3;
/// Side names, indexed by side.
pub const SIDE_NAMES: [&str; 4] = ["N", "E", "S", "W"];
/// Door: blocked.
pub const BLOCKED: u8 = 0;
/// Door: inlet.
pub const INLET: u8 = 1;
/// Door: outlet.
pub const OUTLET: u8 = 2;
/// Door: the source.
pub const SOURCE: u8 = 3;
/// Door: the drain.
pub const DRAIN: u8 = 4;
/// "No entry side": the start state at the source.
pub const NO_ENTRY: u8 = 4;
/// Estimate returned for a state from which the drain cannot be reached at all (larger than
/// any possible cost: at most 3 turns per tile).
pub const DEAD: u32 = u32::MAX / 4;
/// No way through (entry side, exit side) of a tile.
const NONE: u8 = u8::MAX;

/// The side opposite `side`.
#[inline]
pub fn opposite(side: usize) -> usize {
    (side + 2) % 4
}

/// The doors `[N, E, S, W]` of `tile` after `k` clockwise quarter turns
/// (one turn: new N = old W, new E = old N, new S = old E, new W = old S).
#[inline]
pub fn rotate(tile: [u8; 4], k: usize) -> [u8; 4] {
    let mut out = [0; 4];
    for (d, door) in out.iter_mut().enumerate() {
        *door = tile[(d + 4 - k % 4) % 4];
    }
    out
}

/// Which way the water may flow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rules {
    /// The original puzzle's base task: only rightwards (East) or downwards (South).
    Base,
    /// Any direction; every tile at most once.
    Free,
}

impl Rules {
    /// Whether water may leave a tile through `side`.
    #[inline]
    pub fn allows(self, side: usize) -> bool {
        self == Rules::Free || side == E || side == S
    }
}

/// A malformed map: 1-based line (and column where it makes sense) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line number in the input.
    pub line: usize,
    /// 1-based column (in characters), if the error is at one place on the line.
    pub column: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(c) => write!(f, "line {}, column {}: {}", self.line, c, self.message),
            None => write!(f, "line {}: {}", self.line, self.message),
        }
    }
}

impl std::error::Error for ParseError {}

/// A Zenji map: `rows x cols` tiles, each with four doors `[N, E, S, W]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    /// Tiles row by row.
    pub tiles: Vec<[u8; 4]>,
}

impl Grid {
    /// Largest number of tiles accepted (cell indices are `u16`).
    pub const MAX_CELLS: usize = 1 << 16;

    /// Parses the text format of `data/zenji/`: one line per row, one word of four
    /// digits (N E S W) per tile; `#` starts a comment line; blank lines are ignored.
    pub fn parse(text: &str) -> Result<Grid, ParseError> {
        let err = |line: usize, column: Option<usize>, message: String| ParseError {
            line,
            column,
            message,
        };
        let mut tiles = Vec::new();
        let mut cols = 0;
        let mut rows = 0;
        let mut first_line = 0;
        // (line, column of each word) for the corner checks.
        let mut positions: Vec<(usize, usize)> = Vec::new();
        let mut last_line = 0;
        for (i, line) in text.lines().enumerate() {
            let lineno = i + 1;
            last_line = lineno;
            let trimmed = line.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let mut count = 0;
            let chars: Vec<char> = line.chars().collect();
            let mut j = 0;
            while j < chars.len() {
                if chars[j].is_whitespace() {
                    j += 1;
                    continue;
                }
                let start = j;
                while j < chars.len() && !chars[j].is_whitespace() {
                    j += 1;
                }
                let word = &chars[start..j];
                let mut tile = [0u8; 4];
                for (k, &ch) in word.iter().enumerate() {
                    let col = start + k + 1;
                    match ch.to_digit(10) {
                        Some(d) if d <= 4 && k < 4 => tile[k] = d as u8,
                        Some(_) | None if k < 4 => {
                            return Err(err(
                                lineno,
                                Some(col),
                                format!("'{ch}' is not a door (expected a digit 0-4)"),
                            ))
                        }
                        _ => {
                            return Err(err(
                                lineno,
                                Some(col),
                                format!(
                                    "tile '{}' has more than 4 doors (expected N E S W, e.g. 0120)",
                                    word.iter().collect::<String>()
                                ),
                            ))
                        }
                    }
                }
                if word.len() < 4 {
                    return Err(err(
                        lineno,
                        Some(start + 1),
                        format!(
                            "tile '{}' has {} door(s), expected 4 (N E S W, e.g. 0120)",
                            word.iter().collect::<String>(),
                            word.len()
                        ),
                    ));
                }
                tiles.push(tile);
                positions.push((lineno, start + 1));
                count += 1;
            }
            if rows == 0 {
                cols = count;
                first_line = lineno;
            } else if count != cols {
                return Err(err(
                    lineno,
                    None,
                    format!(
                        "ragged rows: this row has {count} tiles, line {first_line} has {cols}"
                    ),
                ));
            }
            rows += 1;
        }
        if rows == 0 {
            return Err(err(last_line.max(1), None, "the map has no tiles".into()));
        }
        if rows * cols < 2 {
            return Err(err(
                first_line,
                None,
                "the map needs at least 2 tiles (source and drain)".into(),
            ));
        }
        if rows * cols > Self::MAX_CELLS {
            return Err(err(
                first_line,
                None,
                format!(
                    "the map has {} tiles, at most {} are supported",
                    rows * cols,
                    Self::MAX_CELLS
                ),
            ));
        }
        let drain = rows * cols - 1;
        for (idx, tile) in tiles.iter().enumerate() {
            let (line, col) = positions[idx];
            for (k, &d) in tile.iter().enumerate() {
                if d == SOURCE && idx != 0 {
                    return Err(err(
                        line,
                        Some(col + k),
                        "a source door (3) outside the top-left tile".into(),
                    ));
                }
                if d == DRAIN && idx != drain {
                    return Err(err(
                        line,
                        Some(col + k),
                        "a drain door (4) outside the bottom-right tile".into(),
                    ));
                }
            }
        }
        if !tiles[0].contains(&SOURCE) {
            let (line, col) = positions[0];
            return Err(err(
                line,
                Some(col),
                "no source: the top-left tile must have a source door (3)".into(),
            ));
        }
        if !tiles[drain].contains(&DRAIN) {
            let (line, col) = positions[drain];
            return Err(err(
                line,
                Some(col),
                "no drain: the bottom-right tile must have a drain door (4)".into(),
            ));
        }
        Ok(Grid { rows, cols, tiles })
    }

    /// The map in the text format [`Grid::parse`] reads.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        for r in 0..self.rows {
            let words: Vec<String> = (0..self.cols)
                .map(|c| {
                    self.tiles[r * self.cols + c]
                        .iter()
                        .map(|d| d.to_string())
                        .collect()
                })
                .collect();
            s.push_str(&words.join(" "));
            s.push('\n');
        }
        s
    }

    /// Index of the source tile.
    pub fn source(&self) -> usize {
        0
    }

    /// Index of the drain tile.
    pub fn drain(&self) -> usize {
        self.rows * self.cols - 1
    }

    /// `(row, col)` of a tile index.
    pub fn rc(&self, cell: usize) -> (usize, usize) {
        (cell / self.cols, cell % self.cols)
    }

    /// The neighbour of `cell` through `side`, if it is on the grid.
    #[inline]
    pub fn neighbour(&self, cell: usize, side: usize) -> Option<usize> {
        let (r, c) = self.rc(cell);
        match side {
            N if r > 0 => Some(cell - self.cols),
            E if c + 1 < self.cols => Some(cell + 1),
            S if r + 1 < self.rows => Some(cell + self.cols),
            W if c > 0 => Some(cell - 1),
            _ => None,
        }
    }

    /// The map with `turns` (`(cell, k)`) applied.
    pub fn turned(&self, turns: &[(usize, u8)]) -> Grid {
        let mut g = self.clone();
        for &(cell, k) in turns {
            g.tiles[cell] = rotate(g.tiles[cell], k as usize);
        }
        g
    }
}

/// Visited tiles as a bitset (two words inline: up to 128 tiles without allocation).
pub type Visited = SmallVec<[u64; 2]>;

/// Search state: the water has just entered `cell` through side `entry` (or [`NO_ENTRY`] at
/// the source); `visited` holds the tiles on the path (empty under the base rules).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Flow {
    /// The tile the water is in.
    pub cell: u16,
    /// The side it entered through, or [`NO_ENTRY`].
    pub entry: u8,
    /// Tiles on the path so far, including `cell` (free rules only).
    pub visited: Visited,
}

/// Action: turn tile `cell` clockwise `turns` times and let the water leave it through `exit`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pass {
    /// The tile.
    pub cell: u16,
    /// Clockwise quarter turns given to the tile (0-3).
    pub turns: u8,
    /// The side the water leaves through.
    pub exit: u8,
}

/// The Zenji search problem for one map and rule set.
#[derive(Clone, Debug)]
pub struct Zenji {
    /// The map.
    pub grid: Grid,
    /// The rule set.
    pub rules: Rules,
    /// Whether states carry the visited set (free rules, unless relaxed).
    track_visited: bool,
    /// `pass[cell][entry][exit]`: fewest turns giving an inlet at `entry` and an outlet at
    /// `exit` (entry [`NO_ENTRY`] at the source: its outlets, no turns), or `NONE`.
    pass: Vec<[[u8; 4]; 5]>,
}

impl Zenji {
    /// The problem for `grid` under `rules`.
    pub fn new(grid: Grid, rules: Rules) -> Zenji {
        let mut pass = vec![[[NONE; 4]; 5]; grid.tiles.len()];
        for (cell, tile) in grid.tiles.iter().enumerate() {
            if cell == grid.source() {
                for exit in 0..4 {
                    if tile[exit] == OUTLET {
                        pass[cell][NO_ENTRY as usize][exit] = 0;
                    }
                }
                continue;
            }
            if cell == grid.drain() {
                continue;
            }
            for k in (0..4).rev() {
                let t = rotate(*tile, k);
                for entry in 0..4 {
                    if t[entry] != INLET {
                        continue;
                    }
                    for exit in 0..4 {
                        if t[exit] == OUTLET {
                            pass[cell][entry][exit] = k as u8;
                        }
                    }
                }
            }
        }
        Zenji {
            track_visited: rules == Rules::Free,
            grid,
            rules,
            pass,
        }
    }

    /// The same map and rules without the "each tile at most once" constraint (states carry
    /// no visited set). Its optimum is a lower bound; if it has no flow, neither has `self`.
    pub fn relaxed(&self) -> Zenji {
        Zenji {
            track_visited: false,
            ..self.clone()
        }
    }

    /// Whether this problem tracks visited tiles.
    pub fn tracks_visited(&self) -> bool {
        self.track_visited
    }

    /// The start state: water in the source.
    pub fn start(&self) -> Flow {
        let mut visited = Visited::new();
        if self.track_visited {
            visited.resize(self.grid.tiles.len().div_ceil(64), 0);
            visited[0] |= 1;
        }
        Flow {
            cell: 0,
            entry: NO_ENTRY,
            visited,
        }
    }

    /// Fewest turns for tile `cell` entered through `entry` (or [`NO_ENTRY`]) to pass the
    /// water on through `exit`; `None` if no rotation does.
    #[inline]
    pub fn pass_cost(&self, cell: usize, entry: u8, exit: usize) -> Option<u8> {
        let k = self.pass[cell][entry as usize][exit];
        (k != NONE).then_some(k)
    }

    /// Whether the water, having entered `cell` through `entry`, can go on at all (some
    /// rotation has an inlet there and an outlet somewhere), or `cell` is the drain and
    /// its door on that side is an inlet.
    #[inline]
    fn enterable(&self, cell: usize, entry: usize) -> bool {
        if cell == self.grid.drain() {
            self.grid.tiles[cell][entry] == INLET
        } else if cell == self.grid.source() {
            false
        } else {
            self.pass[cell][entry].iter().any(|&k| k != NONE)
        }
    }

    /// The path (tiles in order) and the turns (`(cell, k)` with `k > 0`) of a solution.
    pub fn decode(&self, start: &Flow, actions: &[Pass]) -> (Vec<usize>, Vec<(usize, u8)>) {
        let mut path = vec![start.cell as usize];
        let mut turns = Vec::new();
        for a in actions {
            if a.turns > 0 {
                turns.push((a.cell as usize, a.turns));
            }
            let next = self
                .grid
                .neighbour(a.cell as usize, a.exit as usize)
                .expect("actions stay on the grid");
            path.push(next);
        }
        (path, turns)
    }

    /// A heuristic of the given kind for this problem.
    pub fn heuristic(&self, kind: HeuristicKind) -> ZenjiHeuristic {
        let table = match kind {
            HeuristicKind::Relaxed => self.relaxed_distances(),
            _ => Vec::new(),
        };
        ZenjiHeuristic {
            kind,
            rows: self.grid.rows,
            cols: self.grid.cols,
            drain: self.grid.drain(),
            local: if kind == HeuristicKind::Local {
                self.local_table()
            } else {
                Vec::new()
            },
            table,
        }
    }

    /// `local[cell * 5 + entry]`: fewest turns to pass the water on from `(cell, entry)` into
    /// a tile it may enter; [`DEAD`] if none.
    fn local_table(&self) -> Vec<u32> {
        let n = self.grid.tiles.len();
        let mut t = vec![DEAD; n * 5];
        t[self.grid.drain() * 5..self.grid.drain() * 5 + 5].fill(0);
        for cell in 0..n {
            if cell == self.grid.drain() {
                continue;
            }
            for entry in 0..5u8 {
                let mut best = DEAD;
                for exit in 0..4 {
                    if !self.rules.allows(exit) {
                        continue;
                    }
                    let (Some(k), Some(q)) = (
                        self.pass_cost(cell, entry, exit),
                        self.grid.neighbour(cell, exit),
                    ) else {
                        continue;
                    };
                    if self.enterable(q, opposite(exit)) {
                        best = best.min(k as u32);
                    }
                }
                t[cell * 5 + entry as usize] = best;
            }
        }
        t
    }

    /// Exact cost to the drain from every `(cell, entry)` when tiles may be revisited:
    /// backward Dijkstra (costs 0-3, a bucket queue). Index `cell * 5 + entry`; [`DEAD`] if
    /// the drain is unreachable.
    fn relaxed_distances(&self) -> Vec<u32> {
        let n = self.grid.tiles.len();
        let mut dist = vec![DEAD; n * 5];
        // Reverse edges: (cell, entry) --k--> (q, opposite(exit)) with q = neighbour(cell, exit).
        let mut buckets: Vec<Vec<usize>> = vec![Vec::new(); 4];
        let drain = self.grid.drain();
        for e in 0..5 {
            dist[drain * 5 + e] = 0;
            buckets[0].push(drain * 5 + e);
        }
        let mut current = 0usize;
        let mut pending = 5usize;
        while pending > 0 {
            let b = current % 4;
            let Some(node) = buckets[b].pop() else {
                current += 1;
                continue;
            };
            pending -= 1;
            let d = dist[node];
            if d as usize != current {
                continue; // stale
            }
            let (q, qe) = (node / 5, node % 5);
            if qe == NO_ENTRY as usize {
                continue;
            }
            // Predecessors: tile p on side qe of q, leaving p through opposite(qe).
            let exit = opposite(qe);
            if !self.rules.allows(exit) || !self.enterable(q, qe) {
                continue;
            }
            let Some(p) = self.grid.neighbour(q, qe) else {
                continue;
            };
            for pe in 0..5u8 {
                if let Some(k) = self.pass_cost(p, pe, exit) {
                    let nd = d + k as u32;
                    let idx = p * 5 + pe as usize;
                    if nd < dist[idx] {
                        dist[idx] = nd;
                        buckets[nd as usize % 4].push(idx);
                        pending += 1;
                    }
                }
            }
        }
        dist
    }
}

impl Problem for Zenji {
    type State = Flow;
    type Action = Pass;
    type Cost = u32;

    #[inline]
    fn is_goal(&self, s: &Flow) -> bool {
        s.cell as usize == self.grid.drain()
    }

    fn successors(&self, s: &Flow, out: &mut Successors<Flow, Pass, u32>) {
        let cell = s.cell as usize;
        if cell == self.grid.drain() {
            return;
        }
        for exit in 0..4 {
            if !self.rules.allows(exit) {
                continue;
            }
            let Some(k) = self.pass_cost(cell, s.entry, exit) else {
                continue;
            };
            let Some(q) = self.grid.neighbour(cell, exit) else {
                continue;
            };
            let entry = opposite(exit);
            if !self.enterable(q, entry) {
                continue;
            }
            let mut visited = s.visited.clone();
            if self.track_visited {
                let (w, bit) = (q / 64, 1u64 << (q % 64));
                if visited[w] & bit != 0 {
                    continue;
                }
                visited[w] |= bit;
            }
            out.push(
                Pass {
                    cell: s.cell,
                    turns: k,
                    exit: exit as u8,
                },
                Flow {
                    cell: q as u16,
                    entry: entry as u8,
                    visited,
                },
                k as u32,
            );
        }
    }
}

/// The heuristics of this example.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HeuristicKind {
    /// 0 everywhere (A* = Dijkstra).
    Zero,
    /// The original puzzle's `2 · (Δrow + Δcol)`: overestimates, A* may return a suboptimal flow.
    Original,
    /// Turns the current tile needs at least to pass the water on (admissible).
    Local,
    /// Exact cost when tiles may be revisited (admissible; exact under the base rules).
    Relaxed,
}

impl HeuristicKind {
    /// All kinds, for tests and benchmarks.
    pub const ALL: [HeuristicKind; 4] = [
        HeuristicKind::Zero,
        HeuristicKind::Original,
        HeuristicKind::Local,
        HeuristicKind::Relaxed,
    ];

    /// Whether it never overestimates.
    pub fn admissible(self) -> bool {
        self != HeuristicKind::Original
    }

    /// Short name.
    pub fn name(self) -> &'static str {
        match self {
            HeuristicKind::Zero => "zero",
            HeuristicKind::Original => "original",
            HeuristicKind::Local => "local",
            HeuristicKind::Relaxed => "relaxed",
        }
    }
}

/// A heuristic for [`Zenji`], built by [`Zenji::heuristic`].
#[derive(Clone, Debug)]
pub struct ZenjiHeuristic {
    kind: HeuristicKind,
    rows: usize,
    cols: usize,
    drain: usize,
    local: Vec<u32>,
    table: Vec<u32>,
}

impl Heuristic<Zenji> for ZenjiHeuristic {
    #[inline]
    fn estimate(&self, s: &Flow) -> u32 {
        let cell = s.cell as usize;
        match self.kind {
            HeuristicKind::Zero => 0,
            HeuristicKind::Original => {
                let (r, c) = (cell / self.cols, cell % self.cols);
                let (dr, dc) = (self.drain / self.cols, self.drain % self.cols);
                debug_assert!(dr < self.rows);
                2 * (r.abs_diff(dr) + c.abs_diff(dc)) as u32
            }
            HeuristicKind::Local => self.local[cell * 5 + s.entry as usize],
            HeuristicKind::Relaxed => self.table[cell * 5 + s.entry as usize],
        }
    }
}

/// Checks a flow: `path` from source to drain on the grid, each tile once, moves allowed by
/// `rules`, only tiles strictly inside the path turned (`turns`, `k` in 1..=3, each tile at
/// most once), and with the turns applied the water passes outlet-to-inlet along the path.
/// Returns the total number of turns.
pub fn check_flow(
    grid: &Grid,
    rules: Rules,
    path: &[usize],
    turns: &[(usize, u8)],
) -> Result<u32, String> {
    if path.first() != Some(&grid.source()) || path.last() != Some(&grid.drain()) {
        return Err("the path must run from the source to the drain".into());
    }
    let mut seen = vec![false; grid.tiles.len()];
    for &c in path {
        if c >= seen.len() || std::mem::replace(&mut seen[c], true) {
            return Err(format!("tile {c} is off the grid or visited twice"));
        }
    }
    let mut turned = vec![false; grid.tiles.len()];
    for &(c, k) in turns {
        if !(1..=3).contains(&k) {
            return Err(format!("tile {c}: {k} turns"));
        }
        if c == grid.source() || c == grid.drain() || c >= seen.len() || !seen[c] {
            return Err(format!(
                "tile {c} is turned but not a turnable tile on the path"
            ));
        }
        if std::mem::replace(&mut turned[c], true) {
            return Err(format!("tile {c} turned twice in the list"));
        }
    }
    let g = grid.turned(turns);
    for w in path.windows(2) {
        let (a, b) = (w[0], w[1]);
        let side = (0..4)
            .find(|&s| grid.neighbour(a, s) == Some(b))
            .ok_or_else(|| format!("tiles {a} and {b} are not neighbours"))?;
        if !rules.allows(side) {
            return Err(format!(
                "move {} not allowed by the rules",
                SIDE_NAMES[side]
            ));
        }
        if g.tiles[a][side] != OUTLET {
            return Err(format!(
                "tile {a} has no outlet on side {}",
                SIDE_NAMES[side]
            ));
        }
        if g.tiles[b][opposite(side)] != INLET {
            return Err(format!(
                "tile {b} has no inlet on side {}",
                SIDE_NAMES[opposite(side)]
            ));
        }
    }
    Ok(turns.iter().map(|&(_, k)| k as u32).sum())
}

/// A random map of `rows x cols` with a flow under both rule sets: a random monotone
/// (right/down) path whose tiles get an inlet and an outlet in the right places, then a random
/// turn; all other doors random.
///
/// The randomness comes from a [`ChaCha8Rng`] seeded with `seed`, so the map is reproducible
/// from the seed: the same map on every platform and with every `rand` version. (Maps differ
/// from those of version 0.1, which used `rand`'s `StdRng`.)
pub fn generate(rows: usize, cols: usize, seed: u64) -> Grid {
    assert!(rows * cols >= 2 && rows * cols <= Grid::MAX_CELLS);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let door = |rng: &mut ChaCha8Rng| -> u8 {
        match rng.gen_range(0..10) {
            0..=1 => BLOCKED,
            2..=5 => INLET,
            _ => OUTLET,
        }
    };
    let mut tiles: Vec<[u8; 4]> = (0..rows * cols)
        .map(|_| {
            [
                door(&mut rng),
                door(&mut rng),
                door(&mut rng),
                door(&mut rng),
            ]
        })
        .collect();
    // The monotone path: a shuffle of (rows-1) S and (cols-1) E moves.
    let mut moves: Vec<usize> = [vec![S; rows - 1], vec![E; cols - 1]].concat();
    moves.shuffle(&mut rng);
    let grid_shape = Grid {
        rows,
        cols,
        tiles: vec![[0; 4]; rows * cols],
    };
    let mut cell = 0;
    let mut entry = None;
    for &m in &moves {
        let mut t = tiles[cell];
        if let Some(e) = entry {
            t[e] = INLET;
        }
        t[m] = OUTLET;
        tiles[cell] = if cell == 0 {
            t
        } else {
            rotate(t, rng.gen_range(0..4))
        };
        entry = Some(opposite(m));
        cell = grid_shape
            .neighbour(cell, m)
            .expect("path stays on the grid");
    }
    // Source: doors N and W are the source, E and S outlets or blocked (the path's first
    // move is an outlet).
    let src = &mut tiles[0];
    src[N] = SOURCE;
    src[W] = SOURCE;
    for s in [E, S] {
        if src[s] != OUTLET {
            src[s] = if rng.gen_bool(0.5) { OUTLET } else { BLOCKED };
        }
    }
    let d = tiles.len() - 1;
    let last = entry.expect("at least one move");
    let dr = &mut tiles[d];
    dr[S] = DRAIN;
    dr[E] = DRAIN;
    for s in [N, W] {
        dr[s] = if s == last || rng.gen_bool(0.5) {
            INLET
        } else {
            BLOCKED
        };
    }
    Grid { rows, cols, tiles }
}
