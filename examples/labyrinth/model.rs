//! The dynamic labyrinth: a board of tiles (tokens) whose marked rows and columns shift when
//! the free token is pushed in, and a figure that walks along open connections to the exit.
//!
//! # Text format (extends the original `Puzzle_6.CSV`)
//!
//! * Blank lines and lines starting with `#` are ignored.
//! * A *board line* is a `;`-separated list of token codes, one line per row, row 0 at the top.
//!   All board lines must have the same number of fields.
//! * The *free token* is the last data line (a single code) — exactly as in the original puzzle's file —
//!   or is given by a directive `free = CODE`.
//! * Token codes: the original puzzle's digits `0`..`9` (table in `data/README.md`), or any set of
//!   the letters `L`, `R`, `U`, `D` naming the open sides (`UD` = vertical straight, `LRUD` =
//!   cross), or `.` for a closed tile.
//! * Optional directives `key = value` (anywhere, one per line):
//!   - `start = R,C` — the entrance (a border cell); the figure starts there.
//!   - `exit = R,C` or `exit = R,C,DIR` with `DIR` one of `up`, `down`, `left`, `right`: the
//!     exit cell (a border cell) and the board edge its tile must be open to. Without `DIR`: top
//!     edge for row 0, bottom edge for the last row, else left for column 0, else right.
//!   - `push = row 1 from left, row 2 from right, col 0 from top, col 3 from bottom` — the
//!     pushable lines and the side where the token is pushed in (the line shifts away from it).
//!     `push = none` makes the board static.
//!
//! Defaults (the original puzzle's conventions, for a 5x4 board exactly the original puzzle's): entrance at the last
//! row, column 1 (column 0 on a one-column board); exit at row 0, last column, open upwards;
//! rows 1.. are pushable, even rows from the left, odd rows from the right.

use heurist::{Heuristic, Problem, Successors};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::fmt;

/// Open side bits of a tile.
pub const LEFT: u8 = 1;
/// Right side open.
pub const RIGHT: u8 = 2;
/// Upper side open.
pub const UP: u8 = 4;
/// Lower side open.
pub const DOWN: u8 = 8;

/// The original puzzle's token codes 0..9 as side masks.
pub const TOKEN_CODES: [u8; 10] = [
    RIGHT | DOWN,
    LEFT | DOWN,
    RIGHT | UP,
    LEFT | UP,
    LEFT | RIGHT | DOWN,
    LEFT | UP | DOWN,
    LEFT | RIGHT | UP,
    RIGHT | UP | DOWN,
    UP | DOWN,
    LEFT | RIGHT,
];

/// Largest supported board side.
pub const MAX_SIDE: usize = 8;

/// The side opposite to `d`.
pub fn opposite(d: u8) -> u8 {
    match d {
        LEFT => RIGHT,
        RIGHT => LEFT,
        UP => DOWN,
        _ => UP,
    }
}

/// Name of a side bit.
pub fn side_name(d: u8) -> &'static str {
    match d {
        LEFT => "left",
        RIGHT => "right",
        UP => "up",
        _ => "down",
    }
}

/// Text code of a tile: the original puzzle's digit when it has one, else its letters.
pub fn tile_code(t: u8) -> String {
    if let Some(i) = TOKEN_CODES.iter().position(|&c| c == t) {
        return i.to_string();
    }
    if t == 0 {
        return ".".into();
    }
    let mut s = String::new();
    for (bit, ch) in [(LEFT, 'L'), (RIGHT, 'R'), (UP, 'U'), (DOWN, 'D')] {
        if t & bit != 0 {
            s.push(ch);
        }
    }
    s
}

/// Parses one token code.
pub fn parse_tile(s: &str) -> Option<u8> {
    let s = s.trim();
    if s.len() == 1 {
        if let Some(d) = s.chars().next().and_then(|c| c.to_digit(10)) {
            return Some(TOKEN_CODES[d as usize]);
        }
        if s == "." {
            return Some(0);
        }
    }
    if s.is_empty() {
        return None;
    }
    let mut m = 0u8;
    for ch in s.chars() {
        let bit = match ch.to_ascii_uppercase() {
            'L' => LEFT,
            'R' => RIGHT,
            'U' => UP,
            'D' => DOWN,
            _ => return None,
        };
        if m & bit != 0 {
            return None;
        }
        m |= bit;
    }
    Some(m)
}

/// Row or column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Axis {
    /// A row (shifts horizontally).
    Row,
    /// A column (shifts vertically).
    Col,
}

/// A pushable line: which row/column and from which side the token enters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// Row or column.
    pub axis: Axis,
    /// Its index.
    pub index: usize,
    /// The side the token is pushed in from (`LEFT`/`RIGHT` for rows, `UP`/`DOWN` for columns).
    pub from: u8,
    /// Cell indices in shift order: `cells[0]` receives the pushed token, the last falls out.
    pub cells: Vec<usize>,
}

impl Line {
    /// Builds a line for a board of `rows` x `cols`.
    pub fn new(axis: Axis, index: usize, from: u8, rows: usize, cols: usize) -> Line {
        let mut cells: Vec<usize> = match axis {
            Axis::Row => (0..cols).map(|c| index * cols + c).collect(),
            Axis::Col => (0..rows).map(|r| r * cols + index).collect(),
        };
        if from == RIGHT || from == DOWN {
            cells.reverse();
        }
        Line {
            axis,
            index,
            from,
            cells,
        }
    }

    /// Human description, e.g. `row 2 from the left`.
    pub fn describe(&self) -> String {
        let a = match self.axis {
            Axis::Row => "row",
            Axis::Col => "column",
        };
        let side = match self.from {
            LEFT => "the left",
            RIGHT => "the right",
            UP => "the top",
            _ => "the bottom",
        };
        format!("{a} {} from {side}", self.index)
    }
}

/// A parse or validation error, with the 1-based line (0 when not tied to a line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line number, 0 if the error concerns the whole board or the command line.
    pub line: usize,
    /// 1-based field (column) number when it makes sense.
    pub field: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.field) {
            (0, _) => write!(f, "{}", self.message),
            (l, Some(c)) => write!(f, "line {l}, field {c}: {}", self.message),
            (l, None) => write!(f, "line {l}: {}", self.message),
        }
    }
}

fn err(line: usize, field: Option<usize>, message: impl Into<String>) -> ParseError {
    ParseError {
        line,
        field,
        message: message.into(),
    }
}

/// The cost model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CostModel {
    /// A push costs 1, a walk of any length costs 1.
    Moves,
    /// A push costs 1, every single step of the figure costs 1 (the original puzzle's counting).
    Steps,
}

/// A search state: packed tile arrangement (4 bits per cell), free token, figure cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// 4 bits per cell, cell `i` in word `i / 16`, bits `4 * (i % 16)..`.
    pub cells: [u64; 4],
    /// The free token.
    pub free: u8,
    /// The figure's cell index (`row * cols + col`).
    pub figure: u8,
}

impl State {
    /// Tile at cell `i`.
    #[inline]
    pub fn tile(&self, i: usize) -> u8 {
        ((self.cells[i >> 4] >> ((i & 15) * 4)) & 15) as u8
    }

    /// Sets the tile at cell `i`.
    #[inline]
    pub fn set_tile(&mut self, i: usize, t: u8) {
        let sh = (i & 15) * 4;
        let w = &mut self.cells[i >> 4];
        *w = (*w & !(15u64 << sh)) | ((t as u64) << sh);
    }
}

/// A move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Push the free token into pushable line number `k` (index into [`Board::lines`]).
    Push(u8),
    /// Moves model: walk to the given cell (any distance). Steps model: one step to that
    /// neighbouring cell.
    Walk(u8),
}

/// The static description of a board plus its start state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    /// Tiles row by row.
    pub tiles: Vec<u8>,
    /// The free token.
    pub free: u8,
    /// Entrance (row, col); the figure starts here.
    pub start: (usize, usize),
    /// Exit (row, col).
    pub exit: (usize, usize),
    /// The edge the exit tile must be open to.
    pub exit_side: u8,
    /// The pushable lines.
    pub lines: Vec<Line>,
}

/// Default exit side of a border cell.
pub fn default_side(rows: usize, cols: usize, (r, c): (usize, usize)) -> u8 {
    if r == 0 {
        UP
    } else if r + 1 == rows {
        DOWN
    } else if c == 0 {
        LEFT
    } else {
        let _ = cols;
        RIGHT
    }
}

/// Parses `R,C` (used by `--start`).
pub fn parse_cell(s: &str) -> Result<(usize, usize), String> {
    let parts: Vec<&str> = s.split(',').map(str::trim).collect();
    if parts.len() != 2 {
        return Err(format!("expected R,C, got `{s}`"));
    }
    let r = parts[0]
        .parse()
        .map_err(|_| format!("bad row `{}`", parts[0]))?;
    let c = parts[1]
        .parse()
        .map_err(|_| format!("bad column `{}`", parts[1]))?;
    Ok((r, c))
}

/// Parses `R,C` or `R,C,DIR` (used by `exit =` and `--exit`).
pub fn parse_exit(s: &str) -> Result<((usize, usize), Option<u8>), String> {
    let parts: Vec<&str> = s.split(',').map(str::trim).collect();
    match parts.len() {
        2 => Ok((parse_cell(s)?, None)),
        3 => {
            let cell = parse_cell(&format!("{},{}", parts[0], parts[1]))?;
            let d = match parts[2].to_ascii_lowercase().as_str() {
                "up" | "top" => UP,
                "down" | "bottom" => DOWN,
                "left" => LEFT,
                "right" => RIGHT,
                o => return Err(format!("bad exit side `{o}` (up, down, left, right)")),
            };
            Ok((cell, Some(d)))
        }
        _ => Err(format!("expected R,C or R,C,SIDE, got `{s}`")),
    }
}

fn parse_push(s: &str, line: usize) -> Result<Vec<(Axis, usize, u8)>, ParseError> {
    let s = s.trim();
    if s.eq_ignore_ascii_case("none") {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for (k, item) in s.split(',').enumerate() {
        let w: Vec<String> = item
            .split_whitespace()
            .map(|x| x.to_ascii_lowercase())
            .collect();
        let bad = || {
            err(
                line,
                Some(k + 1),
                format!(
                    "bad push entry `{}` (e.g. `row 1 from left`, `col 2 from top`)",
                    item.trim()
                ),
            )
        };
        if w.len() != 4 || w[2] != "from" {
            return Err(bad());
        }
        let axis = match w[0].as_str() {
            "row" => Axis::Row,
            "col" | "column" => Axis::Col,
            _ => return Err(bad()),
        };
        let index: usize = w[1].parse().map_err(|_| bad())?;
        let from = match (axis, w[3].as_str()) {
            (Axis::Row, "left") => LEFT,
            (Axis::Row, "right") => RIGHT,
            (Axis::Col, "top") | (Axis::Col, "up") => UP,
            (Axis::Col, "bottom") | (Axis::Col, "down") => DOWN,
            _ => return Err(bad()),
        };
        out.push((axis, index, from));
    }
    Ok(out)
}

impl Board {
    /// Parses the text format described in the module docs.
    pub fn parse(text: &str) -> Result<Board, ParseError> {
        let mut data: Vec<(usize, Vec<u8>)> = Vec::new();
        let mut start = None;
        let mut exit = None;
        let mut push = None;
        let mut free_directive = None;
        for (n, raw) in text.lines().enumerate() {
            let ln = n + 1;
            let l = raw.trim().trim_start_matches('\u{feff}');
            if l.is_empty() || l.starts_with('#') {
                continue;
            }
            if let Some((key, value)) = l.split_once('=') {
                let value = value.trim();
                match key.trim().to_ascii_lowercase().as_str() {
                    "start" => start = Some((parse_cell(value).map_err(|m| err(ln, None, m))?, ln)),
                    "exit" => exit = Some((parse_exit(value).map_err(|m| err(ln, None, m))?, ln)),
                    "push" => push = Some((parse_push(value, ln)?, ln)),
                    "free" => {
                        let t = parse_tile(value).ok_or_else(|| {
                            err(ln, None, format!("unknown token code `{value}`"))
                        })?;
                        free_directive = Some(t);
                    }
                    k => return Err(err(ln, None, format!("unknown directive `{k}`"))),
                }
                continue;
            }
            let mut row = Vec::new();
            for (f, field) in l.trim_end_matches(';').split(';').enumerate() {
                let t = parse_tile(field).ok_or_else(|| {
                    err(
                        ln,
                        Some(f + 1),
                        format!("unknown token code `{}`", field.trim()),
                    )
                })?;
                row.push(t);
            }
            data.push((ln, row));
        }
        let free = match free_directive {
            Some(t) => t,
            None => {
                let Some((ln, last)) = data.pop() else {
                    return Err(err(0, None, "empty board"));
                };
                if last.len() != 1 || data.is_empty() {
                    return Err(err(
                        ln,
                        None,
                        "missing free token: the last line must hold exactly one token code (or use `free = CODE`)",
                    ));
                }
                last[0]
            }
        };
        if data.is_empty() {
            return Err(err(0, None, "no board rows"));
        }
        let cols = data[0].1.len();
        for (ln, row) in &data {
            if row.len() != cols {
                return Err(err(
                    *ln,
                    None,
                    format!("ragged row: {} fields, the first row has {cols}", row.len()),
                ));
            }
        }
        let rows = data.len();
        if rows > MAX_SIDE || cols > MAX_SIDE {
            return Err(err(
                if rows > MAX_SIDE {
                    data[MAX_SIDE].0
                } else {
                    data[0].0
                },
                None,
                format!("board is {rows}x{cols}; at most {MAX_SIDE}x{MAX_SIDE} is supported"),
            ));
        }
        let tiles: Vec<u8> = data.into_iter().flat_map(|(_, r)| r).collect();
        let mut board = Board {
            rows,
            cols,
            tiles,
            free,
            start: (rows - 1, 1.min(cols - 1)),
            exit: (0, cols - 1),
            exit_side: UP,
            lines: Vec::new(),
        };
        let push_spec = match push {
            Some((p, ln)) => {
                for (k, &(axis, index, _)) in p.iter().enumerate() {
                    let limit = if axis == Axis::Row { rows } else { cols };
                    if index >= limit {
                        return Err(err(
                            ln,
                            Some(k + 1),
                            format!("line index {index} out of range"),
                        ));
                    }
                    if p[..k].iter().any(|&(a, i, _)| a == axis && i == index) {
                        return Err(err(ln, Some(k + 1), "line listed twice"));
                    }
                }
                p
            }
            None => (1..rows)
                .map(|r| (Axis::Row, r, if r % 2 == 0 { LEFT } else { RIGHT }))
                .collect(),
        };
        board.lines = push_spec
            .into_iter()
            .map(|(a, i, f)| Line::new(a, i, f, rows, cols))
            .collect();
        if let Some((s, ln)) = start {
            board.set_start(s).map_err(|m| err(ln, None, m))?;
        }
        if let Some(((e, d), ln)) = exit {
            board.set_exit(e, d).map_err(|m| err(ln, None, m))?;
        }
        Ok(board)
    }

    fn check_border(&self, (r, c): (usize, usize), what: &str) -> Result<(), String> {
        if r >= self.rows || c >= self.cols {
            return Err(format!(
                "{what} {r},{c} is outside the {}x{} board",
                self.rows, self.cols
            ));
        }
        if r != 0 && c != 0 && r + 1 != self.rows && c + 1 != self.cols {
            return Err(format!("{what} {r},{c} is not a border cell"));
        }
        Ok(())
    }

    /// Sets the entrance (must be a border cell).
    pub fn set_start(&mut self, s: (usize, usize)) -> Result<(), String> {
        self.check_border(s, "start")?;
        self.start = s;
        Ok(())
    }

    /// Sets the exit (a border cell) and the edge it opens to (default from its position).
    pub fn set_exit(&mut self, e: (usize, usize), side: Option<u8>) -> Result<(), String> {
        self.check_border(e, "exit")?;
        let side = side.unwrap_or_else(|| default_side(self.rows, self.cols, e));
        let ok = match side {
            UP => e.0 == 0,
            DOWN => e.0 + 1 == self.rows,
            LEFT => e.1 == 0,
            _ => e.1 + 1 == self.cols,
        };
        if !ok {
            return Err(format!(
                "exit {},{} does not lie on the {} edge",
                e.0,
                e.1,
                side_name(side)
            ));
        }
        self.exit = e;
        self.exit_side = side;
        Ok(())
    }

    /// Writes the board in the text format (round-trips through [`Board::parse`]).
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        s.push_str(&format!("start = {},{}\n", self.start.0, self.start.1));
        s.push_str(&format!(
            "exit = {},{},{}\n",
            self.exit.0,
            self.exit.1,
            side_name(self.exit_side)
        ));
        if self.lines.is_empty() {
            s.push_str("push = none\n");
        } else {
            let items: Vec<String> = self
                .lines
                .iter()
                .map(|l| {
                    let a = if l.axis == Axis::Row { "row" } else { "col" };
                    let f = match l.from {
                        LEFT => "left",
                        RIGHT => "right",
                        UP => "top",
                        _ => "bottom",
                    };
                    format!("{a} {} from {f}", l.index)
                })
                .collect();
            s.push_str(&format!("push = {}\n", items.join(", ")));
        }
        for r in 0..self.rows {
            let row: Vec<String> = (0..self.cols)
                .map(|c| tile_code(self.tiles[r * self.cols + c]))
                .collect();
            s.push_str(&row.join(";"));
            s.push('\n');
        }
        s.push_str(&tile_code(self.free));
        s.push('\n');
        s
    }

    /// Cell index of (row, col).
    pub fn idx(&self, (r, c): (usize, usize)) -> usize {
        r * self.cols + c
    }

    /// The start state.
    pub fn start_state(&self) -> State {
        let mut s = State {
            cells: [0; 4],
            free: self.free,
            figure: self.idx(self.start) as u8,
        };
        for (i, &t) in self.tiles.iter().enumerate() {
            s.set_tile(i, t);
        }
        s
    }

    /// Random board: tiles from the original puzzle's ten codes, up to `rows/2+1` pushable rows and
    /// `cols/2+1` pushable columns (at least one line), random directions, entrance and exit
    /// on distinct border cells.
    ///
    /// The randomness comes from a [`ChaCha8Rng`] seeded with `seed`, so the board is
    /// reproducible from the seed: the same board on every platform and with every `rand`
    /// version. (Boards differ from those of version 0.1, which used its own generator.)
    pub fn generate(rows: usize, cols: usize, seed: u64) -> Board {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let n = rows * cols;
        let tiles: Vec<u8> = (0..n)
            .map(|_| *TOKEN_CODES.choose(&mut rng).unwrap())
            .collect();
        let free = *TOKEN_CODES.choose(&mut rng).unwrap();
        let mut lines = Vec::new();
        for r in 0..rows {
            if cols > 1 && rng.gen_bool(0.5) {
                let f = if rng.gen_bool(0.5) { LEFT } else { RIGHT };
                lines.push(Line::new(Axis::Row, r, f, rows, cols));
            }
        }
        for c in 0..cols {
            if rows > 1 && rng.gen_bool(0.5) {
                let f = if rng.gen_bool(0.5) { UP } else { DOWN };
                lines.push(Line::new(Axis::Col, c, f, rows, cols));
            }
        }
        if lines.is_empty() && (rows > 1 || cols > 1) {
            if rows > 1 {
                lines.push(Line::new(Axis::Col, rng.gen_range(0..cols), UP, rows, cols));
            } else {
                lines.push(Line::new(Axis::Row, 0, LEFT, rows, cols));
            }
        }
        let border: Vec<(usize, usize)> = (0..rows)
            .flat_map(|r| (0..cols).map(move |c| (r, c)))
            .filter(|&(r, c)| r == 0 || c == 0 || r + 1 == rows || c + 1 == cols)
            .collect();
        let start = *border.choose(&mut rng).unwrap();
        let mut exit = *border.choose(&mut rng).unwrap();
        if border.len() > 1 {
            while exit == start {
                exit = *border.choose(&mut rng).unwrap();
            }
        }
        Board {
            rows,
            cols,
            tiles,
            free,
            start,
            exit,
            exit_side: default_side(rows, cols, exit),
            lines,
        }
    }

    /// Neighbours of cell `i` connected to it in state `s`.
    pub fn open_neighbours(&self, s: &State, i: usize, out: &mut [usize; 4]) -> usize {
        let t = s.tile(i);
        let (r, c) = (i / self.cols, i % self.cols);
        let mut k = 0;
        if t & LEFT != 0 && c > 0 && s.tile(i - 1) & RIGHT != 0 {
            out[k] = i - 1;
            k += 1;
        }
        if t & RIGHT != 0 && c + 1 < self.cols && s.tile(i + 1) & LEFT != 0 {
            out[k] = i + 1;
            k += 1;
        }
        if t & UP != 0 && r > 0 && s.tile(i - self.cols) & DOWN != 0 {
            out[k] = i - self.cols;
            k += 1;
        }
        if t & DOWN != 0 && r + 1 < self.rows && s.tile(i + self.cols) & UP != 0 {
            out[k] = i + self.cols;
            k += 1;
        }
        k
    }

    /// Bit set of the cells the figure can walk to from `from` (including `from`).
    pub fn reachable(&self, s: &State, from: usize) -> u64 {
        let mut seen = 1u64 << from;
        let mut stack = [0u8; 64];
        let mut top = 1;
        stack[0] = from as u8;
        let mut nb = [0usize; 4];
        while top > 0 {
            top -= 1;
            let i = stack[top] as usize;
            let k = self.open_neighbours(s, i, &mut nb);
            for &j in &nb[..k] {
                if seen & (1 << j) == 0 {
                    seen |= 1 << j;
                    stack[top] = j as u8;
                    top += 1;
                }
            }
        }
        seen
    }

    /// A shortest walking path (cells, both ends included) from `from` to `to`, if any.
    pub fn walk_path(&self, s: &State, from: usize, to: usize) -> Option<Vec<usize>> {
        let n = self.rows * self.cols;
        let mut prev = vec![usize::MAX; n];
        prev[from] = from;
        let mut queue = std::collections::VecDeque::from([from]);
        let mut nb = [0usize; 4];
        while let Some(i) = queue.pop_front() {
            if i == to {
                let mut path = vec![to];
                let mut c = to;
                while c != from {
                    c = prev[c];
                    path.push(c);
                }
                path.reverse();
                return Some(path);
            }
            let k = self.open_neighbours(s, i, &mut nb);
            for &j in &nb[..k] {
                if prev[j] == usize::MAX {
                    prev[j] = i;
                    queue.push_back(j);
                }
            }
        }
        None
    }

    /// The state after pushing the free token into line `k`.
    pub fn push(&self, s: &State, k: usize) -> State {
        let line = &self.lines[k];
        let cells = &line.cells;
        let n = cells.len();
        let mut t = *s;
        t.free = s.tile(cells[n - 1]);
        for j in (1..n).rev() {
            t.set_tile(cells[j], s.tile(cells[j - 1]));
        }
        t.set_tile(cells[0], s.free);
        if let Some(p) = cells.iter().position(|&c| c == s.figure as usize) {
            t.figure = cells[(p + 1) % n] as u8;
        }
        t
    }

    /// Is `s` a goal: the figure on the exit, the exit tile open to the board's edge?
    pub fn is_goal(&self, s: &State) -> bool {
        let e = self.idx(self.exit);
        s.figure as usize == e && s.tile(e) & self.exit_side != 0
    }

    /// Is cell `i` on some pushable line?
    pub fn moving(&self, i: usize) -> bool {
        self.lines.iter().any(|l| l.cells.contains(&i))
    }

    /// A cheap proof that the board is unsolvable from `s`, as a sentence, or `None` when none
    /// of the checks applies (the board may still be unsolvable).
    pub fn unsolvable_reason(&self, s: &State) -> Option<String> {
        if self.is_goal(s) {
            return None;
        }
        let e = self.idx(self.exit);
        let side = side_name(self.exit_side);
        if !self.moving(e) {
            let t = s.tile(e);
            if t & self.exit_side == 0 {
                return Some(format!(
                    "the exit tile is not open {side} and no pushable line passes through the exit"
                ));
            }
            if s.figure as usize != e {
                // The exit never moves: the figure can only walk in from a neighbour.
                let (r, c) = self.exit;
                let mut any = false;
                for (d, nr, nc) in [
                    (LEFT, r as isize, c as isize - 1),
                    (RIGHT, r as isize, c as isize + 1),
                    (UP, r as isize - 1, c as isize),
                    (DOWN, r as isize + 1, c as isize),
                ] {
                    if t & d == 0
                        || nr < 0
                        || nc < 0
                        || nr >= self.rows as isize
                        || nc >= self.cols as isize
                    {
                        continue;
                    }
                    let j = nr as usize * self.cols + nc as usize;
                    if self.moving(j) || s.tile(j) & opposite(d) != 0 {
                        any = true;
                    }
                }
                if !any {
                    return Some(
                        "the exit never moves and no neighbour can ever connect to it".to_string(),
                    );
                }
            }
        } else {
            let n = self.rows * self.cols;
            let candidates = std::iter::once(s.free)
                .chain((0..n).filter(|&i| self.moving(i)).map(|i| s.tile(i)));
            if !candidates.into_iter().any(|t| t & self.exit_side != 0) {
                return Some(format!(
                    "no token that can ever reach the exit cell is open {side}"
                ));
            }
        }
        None
    }
}

/// The search problem: a board under a cost model.
pub struct Labyrinth {
    /// The board.
    pub board: Board,
    /// The cost model.
    pub model: CostModel,
}

impl Problem for Labyrinth {
    type State = State;
    type Action = Action;
    type Cost = u32;

    fn is_goal(&self, s: &State) -> bool {
        self.board.is_goal(s)
    }

    fn successors(&self, s: &State, out: &mut Successors<State, Action, u32>) {
        let b = &self.board;
        for k in 0..b.lines.len() {
            out.push(Action::Push(k as u8), b.push(s, k), 1);
        }
        let f = s.figure as usize;
        match self.model {
            CostModel::Moves => {
                let mut reach = b.reachable(s, f) & !(1u64 << f);
                while reach != 0 {
                    let j = reach.trailing_zeros() as usize;
                    reach &= reach - 1;
                    let mut t = *s;
                    t.figure = j as u8;
                    out.push(Action::Walk(j as u8), t, 1);
                }
            }
            CostModel::Steps => {
                let mut nb = [0usize; 4];
                let k = b.open_neighbours(s, f, &mut nb);
                for &j in &nb[..k] {
                    let mut t = *s;
                    t.figure = j as u8;
                    out.push(Action::Walk(j as u8), t, 1);
                }
            }
        }
    }
}

/// 0 at a goal; 1 if one move (a walk, or a push carrying the figure onto an open exit tile)
/// reaches a goal; else 2. Admissible under both cost models (every move costs at least 1).
pub fn lookahead(b: &Board, s: &State) -> u32 {
    if b.is_goal(s) {
        return 0;
    }
    let e = b.idx(b.exit);
    let f = s.figure as usize;
    if s.tile(e) & b.exit_side != 0 && b.reachable(s, f) & (1u64 << e) != 0 {
        return 1;
    }
    for line in &b.lines {
        let n = line.cells.len();
        if let Some(p) = line.cells.iter().position(|&c| c == e) {
            let (pred, landing) = if p == 0 {
                (line.cells[n - 1], s.free)
            } else {
                (line.cells[p - 1], s.tile(line.cells[p - 1]))
            };
            if pred == f && landing & b.exit_side != 0 {
                return 1;
            }
        }
    }
    2
}

/// Lower bound on the figure's displacement moves under the steps model: per axis the plain
/// distance, or the cyclic distance when pushes along that axis can wrap the figure around.
pub fn wrap_manhattan(b: &Board, s: &State) -> u32 {
    let f = s.figure as usize;
    let (fr, fc) = (f / b.cols, f % b.cols);
    let (er, ec) = b.exit;
    let mut dr = fr.abs_diff(er);
    let mut dc = fc.abs_diff(ec);
    if b.lines.iter().any(|l| l.axis == Axis::Col) {
        dr = dr.min(b.rows - dr);
    }
    if b.lines.iter().any(|l| l.axis == Axis::Row) {
        dc = dc.min(b.cols - dc);
    }
    (dr + dc) as u32
}

/// Which heuristic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeuristicKind {
    /// h = 0.
    Zero,
    /// [`lookahead`]: admissible under both cost models.
    Lookahead,
    /// max([`wrap_manhattan`], [`lookahead`]): admissible under the steps model only.
    Steps,
    /// The original puzzle's plain Manhattan distance to the exit: admissible under neither model.
    Manhattan,
}

impl HeuristicKind {
    /// Is the heuristic admissible under the cost model?
    pub fn admissible(self, model: CostModel) -> bool {
        match self {
            HeuristicKind::Zero | HeuristicKind::Lookahead => true,
            HeuristicKind::Steps => model == CostModel::Steps,
            HeuristicKind::Manhattan => false,
        }
    }
}

/// A heuristic over a [`Labyrinth`].
#[derive(Clone, Copy)]
pub struct LabHeuristic<'a> {
    /// The board.
    pub board: &'a Board,
    /// Which estimate.
    pub kind: HeuristicKind,
}

impl Heuristic<Labyrinth> for LabHeuristic<'_> {
    fn estimate(&self, s: &State) -> u32 {
        let b = self.board;
        match self.kind {
            HeuristicKind::Zero => 0,
            HeuristicKind::Lookahead => lookahead(b, s),
            HeuristicKind::Steps => wrap_manhattan(b, s).max(lookahead(b, s)),
            HeuristicKind::Manhattan => {
                let f = s.figure as usize;
                ((f / b.cols).abs_diff(b.exit.0) + (f % b.cols).abs_diff(b.exit.1)) as u32
            }
        }
    }
}

/// The built-in instance: the original `Puzzle_6.CSV`, unchanged.
pub const PUZZLE_6: &str = "2;4;6;7\n1;5;3;4\n9;0;2;3\n6;4;5;1\n0;8;6;9\n7\n";
