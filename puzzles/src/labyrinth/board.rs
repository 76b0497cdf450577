//! Boards as text.
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

use super::parse::{column_at, offset_in, shown, ParseError};
use super::{side_name, Axis, Line, State, DOWN, LEFT, MAX_SIDE, RIGHT, TOKEN_CODES, UP};

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

/// The 1-based column (in characters) at which `part`, a slice of `line`, starts. It counts
/// the characters before it: for an error, not for every entry of a line.
fn column(line: &str, part: &str) -> usize {
    column_at(line, offset_in(line, part))
}

/// A pushable line as written: axis, index, the side it is pushed from, and the byte offset
/// of its entry in the line (for errors).
type PushEntry = (Axis, usize, u8, usize);

/// Parses the value of `push =`; `raw` is the whole line (for columns), `ln` its number.
fn parse_push(s: &str, raw: &str, ln: usize) -> Result<Vec<PushEntry>, ParseError> {
    if s.eq_ignore_ascii_case("none") {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for item in s.split(',') {
        let entry = item.trim();
        let offset = offset_in(raw, if entry.is_empty() { item } else { entry });
        let w: Vec<String> = entry
            .split_whitespace()
            .map(|x| x.to_ascii_lowercase())
            .collect();
        let bad = || {
            ParseError::at(
                ln,
                column_at(raw, offset),
                format!(
                    "bad push entry {} (e.g. `row 1 from left`, `col 2 from top`)",
                    shown(entry)
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
        out.push((axis, index, from, offset));
    }
    Ok(out)
}

impl Board {
    /// Parses the text format described in the module docs. Errors name the line and,
    /// where there is one, the column (in characters) of the offending code or value.
    pub fn parse(text: &str) -> Result<Board, ParseError> {
        // Board rows: line number and tiles.
        let mut data: Vec<(usize, Vec<u8>)> = Vec::new();
        // Directives: the value, its line and its column.
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
                let at = column(raw, value); // once a line: linear
                let key = key.trim();
                match key.to_ascii_lowercase().as_str() {
                    "start" => {
                        let cell = parse_cell(value).map_err(|m| ParseError::at(ln, at, m))?;
                        start = Some((cell, ln, at));
                    }
                    "exit" => {
                        let e = parse_exit(value).map_err(|m| ParseError::at(ln, at, m))?;
                        exit = Some((e, ln, at));
                    }
                    "push" => push = Some((parse_push(value, raw, ln)?, ln, raw)),
                    "free" => {
                        let t = parse_tile(value).ok_or_else(|| {
                            ParseError::at(ln, at, format!("unknown token code {}", shown(value)))
                        })?;
                        free_directive = Some(t);
                    }
                    _ => {
                        return Err(ParseError::at(
                            ln,
                            column(raw, key),
                            format!("unknown directive {}", shown(key)),
                        ))
                    }
                }
                continue;
            }
            let mut row = Vec::new();
            for field in l.trim_end_matches(';').split(';') {
                let code = field.trim();
                let t = parse_tile(code).ok_or_else(|| {
                    ParseError::at(
                        ln,
                        column(raw, if code.is_empty() { field } else { code }),
                        format!("unknown token code {}", shown(code)),
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
                    return Err(ParseError::whole("empty board"));
                };
                if last.len() != 1 || data.is_empty() {
                    return Err(ParseError::on_line(
                        ln,
                        "missing free token: the last line must hold exactly one token code (or use `free = CODE`)",
                    ));
                }
                last[0]
            }
        };
        if data.is_empty() {
            return Err(ParseError::whole("no board rows"));
        }
        let cols = data[0].1.len();
        for (ln, row) in &data {
            if row.len() != cols {
                return Err(ParseError::on_line(
                    *ln,
                    format!("ragged row: {} fields, the first row has {cols}", row.len()),
                ));
            }
        }
        let rows = data.len();
        if rows > MAX_SIDE || cols > MAX_SIDE {
            return Err(ParseError::on_line(
                if rows > MAX_SIDE {
                    data[MAX_SIDE].0
                } else {
                    data[0].0
                },
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
        let push_spec: Vec<(Axis, usize, u8)> = match push {
            Some((p, ln, raw)) => {
                for (k, &(axis, index, _, offset)) in p.iter().enumerate() {
                    let limit = if axis == Axis::Row { rows } else { cols };
                    let at = |m: String| ParseError::at(ln, column_at(raw, offset), m);
                    if index >= limit {
                        return Err(at(format!("line index {index} out of range")));
                    }
                    // at most 2 * MAX_SIDE lines before one is listed twice
                    if p[..k].iter().any(|&(a, i, _, _)| a == axis && i == index) {
                        return Err(at("line listed twice".into()));
                    }
                }
                p.into_iter().map(|(a, i, f, _)| (a, i, f)).collect()
            }
            None => (1..rows)
                .map(|r| (Axis::Row, r, if r % 2 == 0 { LEFT } else { RIGHT }))
                .collect(),
        };
        board.lines = push_spec
            .into_iter()
            .map(|(a, i, f)| Line::new(a, i, f, rows, cols))
            .collect();
        if let Some((s, ln, at)) = start {
            board.set_start(s).map_err(|m| ParseError::at(ln, at, m))?;
        }
        if let Some(((e, d), ln, at)) = exit {
            board
                .set_exit(e, d)
                .map_err(|m| ParseError::at(ln, at, m))?;
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
}
