//! Rush Hour: board layout, parsers, the packed search state, the `Problem` impl,
//! admissible heuristics, a solution replay checker and a board generator.
//!
//! A board has a fixed *layout* (each vehicle's orientation, row or column and length, plus
//! walls); a search state holds only the vehicles' positions, 4 bits each, packed into
//! `W` machine words (`W = 1` for up to 16 vehicles, 3 words for the 44 vehicles of the
//! 12x12 course board). No state owns heap memory.

use std::fmt;
use std::hash::Hash;

use heurist::{Heuristic, Problem, Successors};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use smallvec::SmallVec;

/// The largest board side supported (positions are stored in 4 bits).
pub const MAX_SIZE: usize = 16;
/// The most vehicles a board may have (four 64-bit words of 4-bit positions).
pub const MAX_VEHICLES: usize = 64;
/// What a heuristic returns for a state from which the red car can never get out.
pub const DEAD: u32 = 1 << 20;

/// One vehicle of a board: its fixed line and orientation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vehicle {
    /// The name (`X` is the red car in the course format; `A` in the 36-character notation).
    pub name: String,
    /// Whether it moves left/right (else up/down).
    pub horizontal: bool,
    /// Its row (horizontal) or column (vertical), 0-based.
    pub line: u8,
    /// Its length, 2 or 3.
    pub len: u8,
}

/// A parsed board: size, vehicles with their start positions, walls.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Side length.
    pub size: usize,
    /// The vehicles, in input order.
    pub vehicles: Vec<Vehicle>,
    /// Start position of each vehicle (column of the leftmost cell for horizontal vehicles,
    /// row of the top cell for vertical ones), 0-based.
    pub start: Vec<u8>,
    /// Wall cells `(row, col)`, 0-based.
    pub walls: Vec<(u8, u8)>,
    /// Index of the red car.
    pub red: usize,
}

/// A parse or validation error, naming the line (and column where useful).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line of the input, when the error belongs to one.
    pub line: Option<usize>,
    /// 1-based column (character position), when useful.
    pub col: Option<usize>,
    /// What is wrong.
    pub msg: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.col) {
            (Some(l), Some(c)) => write!(f, "line {l}, column {c}: {}", self.msg),
            (Some(l), None) => write!(f, "line {l}: {}", self.msg),
            (None, Some(c)) => write!(f, "position {c}: {}", self.msg),
            (None, None) => f.write_str(&self.msg),
        }
    }
}

impl std::error::Error for ParseError {}

fn err(line: Option<usize>, msg: impl Into<String>) -> ParseError {
    ParseError {
        line,
        col: None,
        msg: msg.into(),
    }
}

/// The board size named in a course file name (`Rushhour9x9_6.csv` gives 9).
pub fn size_from_file_name(name: &str) -> Option<usize> {
    let b = name.as_bytes();
    for i in 0..b.len() {
        if b[i] == b'x' && i > 0 && b[i - 1].is_ascii_digit() {
            let mut s = i;
            while s > 0 && b[s - 1].is_ascii_digit() {
                s -= 1;
            }
            let mut e = i + 1;
            while e < b.len() && b[e].is_ascii_digit() {
                e += 1;
            }
            let (w, h) = (&name[s..i], &name[i + 1..e]);
            if !h.is_empty() && w == h {
                return w.parse().ok();
            }
        }
    }
    None
}

impl Board {
    /// Parses the course CSV (`vehicle,orientation,col,row,length`, 1-based, top-left cell)
    /// for a board of side `size`. The header line is optional; blank lines are skipped.
    pub fn parse_csv(text: &str, size: usize) -> Result<Board, ParseError> {
        if !(4..=MAX_SIZE).contains(&size) {
            return Err(err(
                None,
                format!("board size {size} is not supported (4 to {MAX_SIZE})"),
            ));
        }
        let mut vehicles = Vec::new();
        let mut start = Vec::new();
        let mut lines_of = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let ln = Some(i + 1);
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if vehicles.is_empty() && line.to_ascii_lowercase().starts_with("vehicle") {
                continue;
            }
            let f: Vec<&str> = line.split(',').map(str::trim).collect();
            if f.len() != 5 {
                return Err(err(
                    ln,
                    format!(
                        "expected 5 fields `vehicle,orientation,col,row,length`, found {}",
                        f.len()
                    ),
                ));
            }
            let name = f[0];
            if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric()) {
                return Err(err(ln, format!("bad vehicle name {name:?}")));
            }
            let horizontal = match f[1] {
                "H" | "h" => true,
                "V" | "v" => false,
                o => {
                    return Err(err(
                        ln,
                        format!("vehicle {name}: orientation must be H or V, not {o:?}"),
                    ))
                }
            };
            let num = |s: &str, what: &str| -> Result<i64, ParseError> {
                s.parse::<i64>().map_err(|_| {
                    err(
                        ln,
                        format!("vehicle {name}: {what} {s:?} is not a whole number"),
                    )
                })
            };
            let (col, row, len) = (num(f[2], "col")?, num(f[3], "row")?, num(f[4], "length")?);
            if len != 2 && len != 3 {
                return Err(err(
                    ln,
                    format!("vehicle {name}: length must be 2 or 3, not {len}"),
                ));
            }
            let n = size as i64;
            let (end_col, end_row) = if horizontal {
                (col + len - 1, row)
            } else {
                (col, row + len - 1)
            };
            if col < 1 || row < 1 || end_col > n || end_row > n {
                return Err(err(
                    ln,
                    format!(
                        "vehicle {name}: out of bounds (col {col}, row {row}, length {len} on a {size}x{size} board)"
                    ),
                ));
            }
            if let Some(j) = vehicles.iter().position(|v: &Vehicle| v.name == name) {
                return Err(err(
                    ln,
                    format!(
                        "vehicle {name}: defined twice (first on line {})",
                        lines_of[j]
                    ),
                ));
            }
            if vehicles.len() == MAX_VEHICLES {
                return Err(err(
                    ln,
                    format!("vehicle {name}: too many vehicles (at most {MAX_VEHICLES})"),
                ));
            }
            let (line_no, pos) = if horizontal {
                (row - 1, col - 1)
            } else {
                (col - 1, row - 1)
            };
            vehicles.push(Vehicle {
                name: name.to_string(),
                horizontal,
                line: line_no as u8,
                len: len as u8,
            });
            start.push(pos as u8);
            lines_of.push(i + 1);
        }
        let red = vehicles
            .iter()
            .position(|v| v.name == "X")
            .ok_or_else(|| err(None, "the red car X is missing"))?;
        if !vehicles[red].horizontal {
            return Err(err(
                Some(lines_of[red]),
                "vehicle X: the red car must be horizontal",
            ));
        }
        if vehicles[red].len != 2 {
            return Err(err(
                Some(lines_of[red]),
                "vehicle X: the red car must have length 2",
            ));
        }
        let board = Board {
            size,
            vehicles,
            start,
            walls: Vec::new(),
            red,
        };
        board.check_overlaps(|i| Some(lines_of[i]))?;
        Ok(board)
    }

    /// Parses the 36-character 6x6 notation: row by row, `o` (or `.`) empty, `x` wall,
    /// `A` the red car (third row), `B`..`Z` other vehicles.
    pub fn parse_compact(s: &str) -> Result<Board, ParseError> {
        let s = s.trim();
        let chars: Vec<char> = s.chars().collect();
        let at = |i: usize, msg: String| ParseError {
            line: None,
            col: Some(i + 1),
            msg,
        };
        if chars.len() != 36 {
            return Err(err(
                None,
                format!(
                    "a 6x6 board string has 36 characters, this one {}",
                    chars.len()
                ),
            ));
        }
        let mut walls = Vec::new();
        let mut cells: Vec<(char, Vec<usize>)> = Vec::new();
        for (i, &c) in chars.iter().enumerate() {
            match c {
                'o' | '.' => {}
                'x' => walls.push(((i / 6) as u8, (i % 6) as u8)),
                'A'..='Z' => match cells.iter_mut().find(|(n, _)| *n == c) {
                    Some((_, v)) => v.push(i),
                    None => cells.push((c, vec![i])),
                },
                _ => return Err(at(i, format!("unexpected character {c:?}"))),
            }
        }
        let mut vehicles = Vec::new();
        let mut start = Vec::new();
        let mut red = None;
        for (name, idx) in &cells {
            let first = idx[0];
            let n = idx.len();
            if !(2..=3).contains(&n) {
                return Err(at(
                    first,
                    format!("vehicle {name}: has {n} cells, a vehicle has 2 or 3"),
                ));
            }
            let horizontal =
                idx.windows(2).all(|w| w[1] == w[0] + 1) && first / 6 == idx[n - 1] / 6;
            let vertical = idx.windows(2).all(|w| w[1] == w[0] + 6);
            if !horizontal && !vertical {
                return Err(at(
                    first,
                    format!("vehicle {name}: its cells are not in one straight line"),
                ));
            }
            if *name == 'A' {
                if !horizontal {
                    return Err(at(
                        first,
                        "vehicle A: the red car must be horizontal".into(),
                    ));
                }
                if n != 2 || first / 6 != 2 {
                    return Err(at(
                        first,
                        "vehicle A: the red car must be a car (2 cells) in the third row".into(),
                    ));
                }
                red = Some(vehicles.len());
            }
            let (line, pos) = if horizontal {
                (first / 6, first % 6)
            } else {
                (first % 6, first / 6)
            };
            vehicles.push(Vehicle {
                name: name.to_string(),
                horizontal,
                line: line as u8,
                len: n as u8,
            });
            start.push(pos as u8);
        }
        let red = red.ok_or_else(|| err(None, "the red car A is missing"))?;
        Ok(Board {
            size: 6,
            vehicles,
            start,
            walls,
            red,
        })
    }

    /// The cells `(row, col)` of vehicle `i` at position `pos`.
    pub fn cells(&self, i: usize, pos: u8) -> impl Iterator<Item = (usize, usize)> + '_ {
        let v = &self.vehicles[i];
        (0..v.len as usize).map(move |k| {
            if v.horizontal {
                (v.line as usize, pos as usize + k)
            } else {
                (pos as usize + k, v.line as usize)
            }
        })
    }

    fn check_overlaps(&self, line_of: impl Fn(usize) -> Option<usize>) -> Result<(), ParseError> {
        let n = self.size;
        let mut owner: Vec<Option<usize>> = vec![None; n * n];
        for i in 0..self.vehicles.len() {
            for (r, c) in self.cells(i, self.start[i]) {
                if let Some(j) = owner[r * n + c] {
                    return Err(err(
                        line_of(i),
                        format!(
                            "vehicle {}: overlaps vehicle {} at col {}, row {}",
                            self.vehicles[i].name,
                            self.vehicles[j].name,
                            c + 1,
                            r + 1
                        ),
                    ));
                }
                owner[r * n + c] = Some(i);
            }
        }
        Ok(())
    }

    /// A character grid of the board with positions `pos`: one name per cell (padded to the
    /// longest name), `.` empty, `#` wall.
    pub fn grid(&self, pos: &[u8]) -> Vec<Vec<String>> {
        let n = self.size;
        let mut g = vec![vec![".".to_string(); n]; n];
        for &(r, c) in &self.walls {
            g[r as usize][c as usize] = "#".into();
        }
        for (i, &p) in pos.iter().enumerate() {
            for (r, c) in self.cells(i, p) {
                g[r][c] = self.vehicles[i].name.clone();
            }
        }
        g
    }

    /// The board in the course CSV format (1-based, with header).
    pub fn to_csv(&self) -> String {
        let mut s = String::from("vehicle,orientation,col,row,length\n");
        for (i, v) in self.vehicles.iter().enumerate() {
            let (col, row) = if v.horizontal {
                (self.start[i] + 1, v.line + 1)
            } else {
                (v.line + 1, self.start[i] + 1)
            };
            let o = if v.horizontal { 'H' } else { 'V' };
            s += &format!("{},{o},{col},{row},{}\n", v.name, v.len);
        }
        s
    }

    /// Number of free cells (not covered by a vehicle or a wall).
    pub fn free_cells(&self) -> usize {
        let used: usize = self.vehicles.iter().map(|v| v.len as usize).sum();
        self.size * self.size - used - self.walls.len()
    }

    /// How many 64-bit words a packed state of this board needs.
    pub fn words(&self) -> usize {
        self.vehicles.len().div_ceil(16).max(1)
    }
}

/// The two cost measures, both solved optimally.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Metric {
    /// Sliding one vehicle any distance costs 1.
    Moves,
    /// Each cell a vehicle slides costs 1.
    Steps,
}

/// A packed state: 4 bits of position per vehicle, vehicle `i` in word `i / 16`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Packed<const W: usize>(pub [u64; W]);

impl<const W: usize> Packed<W> {
    /// Packs positions (each below 16).
    pub fn pack(pos: &[u8]) -> Self {
        let mut w = [0u64; W];
        for (i, &p) in pos.iter().enumerate() {
            w[i / 16] |= (p as u64 & 15) << ((i % 16) * 4);
        }
        Packed(w)
    }
    /// Position of vehicle `i`.
    #[inline(always)]
    pub fn get(&self, i: usize) -> u8 {
        ((self.0[i / 16] >> ((i % 16) * 4)) & 15) as u8
    }
    /// Sets the position of vehicle `i`.
    #[inline(always)]
    pub fn set(&mut self, i: usize, p: u8) {
        let sh = (i % 16) * 4;
        self.0[i / 16] = (self.0[i / 16] & !(15 << sh)) | ((p as u64) << sh);
    }
    /// All `n` positions.
    pub fn unpack(&self, n: usize) -> Vec<u8> {
        self.positions()[..n.min(MAX_VEHICLES)].to_vec()
    }
    /// Every position (vehicle `i` at index `i`; 0 past the last vehicle and past the
    /// `16 * W` a state holds), without a bounds check per vehicle.
    #[inline]
    pub fn positions(&self) -> [u8; MAX_VEHICLES] {
        let mut pos = [0u8; MAX_VEHICLES];
        for (chunk, word) in pos.chunks_exact_mut(16).zip(self.0) {
            for (k, p) in chunk.iter_mut().enumerate() {
                *p = (word >> (4 * k)) as u8 & 15;
            }
        }
        pos
    }
}

/// A move: vehicle index and signed distance (positive = right/down).
pub type Move = (u8, i8);

/// The search problem: the fixed layout plus the metric. `W` words of state.
#[derive(Clone, Debug)]
pub struct RushHour<const W: usize> {
    size: u8,
    n: usize,
    horiz: Vec<bool>,
    line: Vec<u8>,
    len: Vec<u8>,
    wall_rows: [u16; MAX_SIZE],
    /// The walls as [`push_big_moves`] starts its occupancy: bit `16 * (r % 4) + c` of
    /// word `r / 4` for cell `(r, c)`; the four words of columns empty.
    wall_lines: [u64; 8],
    /// Each vehicle's constants for [`push_big_moves`].
    lanes: Vec<Lane>,
    /// On boards up to 8x8 with up to 16 vehicles, the tables of [`push_small_moves`].
    small: Option<Box<SmallTables>>,
    /// On the other boards up to 9x9, the tables of [`push_mid_moves`].
    mid: Option<Box<MidTables>>,
    red: usize,
    goal_pos: u8,
    /// Bit `i` set: vehicle `i` is horizontal in that row (`in_row`) / vertical in that
    /// column (`in_col`).
    in_row: [u64; MAX_SIZE],
    in_col: [u64; MAX_SIZE],
    /// Sliding any distance (moves) or one cell at a time (steps).
    pub metric: Metric,
    /// Generate only the moves of a strong stubborn set (see [`RushHour::stubborn`]): far
    /// fewer states, same optimal costs. Off by default.
    pub prune: bool,
    /// Move pruning in [`Problem::successors_after`]: after a move of a vehicle, leave out
    /// its moves (moves metric: the two slides are one slide, or none, from the state
    /// before) or its step back (steps metric). The optimal searches stay optimal. On by
    /// default; [`Problem::successors`] never prunes.
    pub move_pruning: bool,
}

impl<const W: usize> RushHour<W> {
    /// The problem for `board` under `metric`. Panics if `W` words are too few
    /// (use [`Board::words`]).
    pub fn new(board: &Board, metric: Metric) -> Self {
        assert!(
            board.vehicles.len() <= W * 16,
            "state too small for the board"
        );
        let mut wall_rows = [0u16; MAX_SIZE];
        let mut wall_lines = [0u64; 8];
        for &(r, c) in &board.walls {
            wall_rows[r as usize] |= 1 << c;
            wall_lines[r as usize / 4] |= 1 << (16 * (r % 4) + c);
        }
        let mut lanes: Vec<Lane> = board
            .vehicles
            .iter()
            .map(|v| Lane::new(v, board.size))
            .collect();
        lanes.resize(W * 16, Lane::NONE);
        let mut in_row = [0u64; MAX_SIZE];
        let mut in_col = [0u64; MAX_SIZE];
        // the whole board in a machine word, the whole state in one word
        let small = board.size <= 8 && board.vehicles.len() <= 16;
        for (i, v) in board.vehicles.iter().enumerate() {
            if v.horizontal {
                in_row[v.line as usize] |= 1 << i;
            } else {
                in_col[v.line as usize] |= 1 << i;
            }
        }
        RushHour {
            size: board.size as u8,
            n: board.vehicles.len(),
            horiz: board.vehicles.iter().map(|v| v.horizontal).collect(),
            line: board.vehicles.iter().map(|v| v.line).collect(),
            len: board.vehicles.iter().map(|v| v.len).collect(),
            wall_rows,
            wall_lines,
            lanes,
            small: small.then(|| Box::new(SmallTables::new(board))),
            mid: (board.size <= 9 && !small).then(|| Box::new(MidTables::new(board))),
            red: board.red,
            goal_pos: (board.size - board.vehicles[board.red].len as usize) as u8,
            in_row,
            in_col,
            metric,
            prune: false,
            move_pruning: true,
        }
    }

    /// The start state of `board`.
    pub fn start(board: &Board) -> Packed<W> {
        Packed::pack(&board.start)
    }

    /// Occupancy: bit `c` of `rows[r]` is set when cell `(r, c)` is taken.
    #[inline]
    pub fn occupancy(&self, s: &Packed<W>) -> [u16; MAX_SIZE] {
        let mut rows = self.wall_rows;
        for i in 0..self.n {
            let p = s.get(i);
            let l = self.len[i];
            if self.horiz[i] {
                rows[self.line[i] as usize] |= ((1u16 << l) - 1) << p;
            } else {
                let bit = 1u16 << self.line[i];
                for k in 0..l {
                    rows[(p + k) as usize] |= bit;
                }
            }
        }
        rows
    }

    /// Number of vehicles.
    pub fn vehicles(&self) -> usize {
        self.n
    }

    /// The vehicle covering the occupied, non-wall cell `(r, c)`.
    fn owner(&self, pos: &[u8; MAX_VEHICLES], r: usize, c: usize) -> usize {
        let mut cands = self.in_row[r] | self.in_col[c];
        while cands != 0 {
            let j = cands.trailing_zeros() as usize;
            cands &= cands - 1;
            let (p, a) = (pos[j] as usize, if self.horiz[j] { c } else { r });
            if p <= a && a < p + self.len[j] as usize {
                return j;
            }
        }
        unreachable!("cell ({r}, {c}) is occupied, so some vehicle covers it")
    }

    /// The vehicles of a strong stubborn set in `s` (bit `i`: vehicle `i`), given the
    /// occupancy `rows`. Generating only their moves keeps, from every state, a first move
    /// of some optimal solution (Wehrle & Helmert's strong stubborn sets), so every search
    /// stays complete and every optimal algorithm stays optimal, in both metrics.
    ///
    /// The set is built at vehicle level, which makes its vehicles *frozen* until one of
    /// them moves. It starts with the red car (a goal move is always one of its moves) and
    /// closes under two rules, for each member `V` and each direction:
    /// - *enabling*: the moves of `V` beyond the nearest obstacle need that obstacle gone,
    ///   so the vehicle there joins;
    /// - *interference*: each vehicle that could enter a free cell `V` can slide into, while
    ///   the members stay put and walls block, joins: the two moves do not commute.
    ///
    /// Then, along any optimal solution, the first move of a member can be made first
    /// (moves of non-members before it neither enable, disable nor undo it), so some
    /// optimal solution starts with a kept move. States whose set has no legal move are
    /// dead ends.
    pub fn stubborn(&self, s: &Packed<W>, rows: &[u16; MAX_SIZE]) -> u64 {
        let size = self.size as usize;
        let unit = self.metric == Metric::Steps;
        let pos = s.positions();
        let mut members: u64 = 0;
        let mut frozen = self.wall_rows; // walls and the members' cells
        let mut stack = [0u8; MAX_VEHICLES];
        let mut top = 0;
        // adds vehicle j to the set: freezes its cells, queues it
        macro_rules! join {
            ($j:expr) => {{
                let j: usize = $j;
                if members >> j & 1 == 0 {
                    members |= 1 << j;
                    let (p, l, line) = (pos[j] as usize, self.len[j] as usize, self.line[j]);
                    if self.horiz[j] {
                        frozen[line as usize] |= ((1u16 << l) - 1) << p;
                    } else {
                        for f in &mut frozen[p..p + l] {
                            *f |= 1 << line;
                        }
                    }
                    stack[top] = j as u8;
                    top += 1;
                }
            }};
        }
        join!(self.red);
        while top > 0 {
            top -= 1;
            let v = stack[top] as usize;
            let (p, l, line) = (pos[v] as usize, self.len[v] as usize, self.line[v] as usize);
            let horiz = self.horiz[v];
            for fwd in [false, true] {
                let mut a = if fwd { p + l } else { p.wrapping_sub(1) };
                while a < size {
                    let (r, c) = if horiz { (line, a) } else { (a, line) };
                    if rows[r] >> c & 1 == 1 {
                        if self.wall_rows[r] >> c & 1 == 0 {
                            join!(self.owner(&pos, r, c));
                        }
                        break;
                    }
                    // free cell (r, c): the crossing vehicles that can reach it
                    let mut cands = if horiz {
                        self.in_col[c]
                    } else {
                        self.in_row[r]
                    } & !members;
                    while cands != 0 {
                        let j = cands.trailing_zeros() as usize;
                        cands &= cands - 1;
                        let (q, lj) = (pos[j] as usize, self.len[j] as usize);
                        // j's axis coordinate of the cell, and the cells j slides over to get there
                        let target = if horiz { r } else { c };
                        let span = if target < q {
                            target..q
                        } else {
                            q + lj..target + 1
                        };
                        let blocked = span.into_iter().any(|b| {
                            if horiz {
                                frozen[b] >> c & 1 == 1
                            } else {
                                frozen[r] >> b & 1 == 1
                            }
                        });
                        if !blocked {
                            join!(j);
                        }
                    }
                    if unit {
                        break;
                    }
                    a = if fwd { a + 1 } else { a.wrapping_sub(1) };
                }
            }
        }
        members
    }
}

impl<const W: usize> Problem for RushHour<W> {
    type State = Packed<W>;
    type Action = Move;
    type Cost = u32;

    #[inline]
    fn is_goal(&self, s: &Packed<W>) -> bool {
        s.get(self.red) == self.goal_pos
    }

    fn successors(&self, s: &Packed<W>, out: &mut Successors<Packed<W>, Move, u32>) {
        self.push_successors(s, 0, out)
    }

    fn successors_after(
        &self,
        s: &Packed<W>,
        last: Option<&Move>,
        out: &mut Successors<Packed<W>, Move, u32>,
    ) {
        let skip = last
            .filter(|_| self.move_pruning)
            .map_or(0, |m| self.skip_bits(m));
        self.push_successors(s, skip, out)
    }

    /// Every slide can be slid back, unless stubborn-set pruning leaves the way back out.
    fn reversible(&self) -> bool {
        !self.prune
    }

    /// Move pruning over every way into a state, in breadth-first search: on unless move
    /// pruning is off or stubborn sets change the successors.
    fn arrival_pruning(&self) -> bool {
        self.move_pruning && !self.prune
    }

    fn arrival_bits(&self, m: &Move) -> u64 {
        self.skip_bits(m)
    }

    /// Leaves out, for each vehicle that reached `s`, its moves (moves metric: one slide
    /// from the state before) or its step back (steps metric).
    fn successors_arrived(
        &self,
        s: &Packed<W>,
        arrived: u64,
        out: &mut Successors<Packed<W>, Move, u32>,
    ) {
        self.push_successors(s, arrived, out)
    }
}

impl<const W: usize> RushHour<W> {
    /// The moves that move pruning leaves out right after the move `(v, delta)`, as a *skip
    /// set*: a set of moves in which, under the moves metric, bit `v` stands for every move
    /// of vehicle `v`, and under the steps metric bit `2v` for its step forward (right /
    /// down) and bit `2v + 1` for its step back (for the first 32 vehicles only). After a
    /// slide of `v`, all of `v`'s moves (two slides are one slide, or none); after a step,
    /// the step back.
    pub fn skip_bits(&self, &(v, delta): &Move) -> u64 {
        let v = u32::from(v);
        match self.metric {
            Metric::Moves => 1u64.checked_shl(v).unwrap_or(0),
            Metric::Steps => 1u64.checked_shl(2 * v + u32::from(delta > 0)).unwrap_or(0),
        }
    }

    /// The successors of `s`, without those in the skip set `skip` (see
    /// [`RushHour::skip_bits`]).
    #[inline(always)]
    fn push_successors(
        &self,
        s: &Packed<W>,
        skip: u64,
        out: &mut Successors<Packed<W>, Move, u32>,
    ) {
        let any = self.metric == Metric::Moves;
        if let Some(t) = &self.small {
            // the whole board in a machine word, the whole state in one word
            let keep = self.prune.then(|| self.stubborn(s, &self.occupancy(s)));
            if any {
                push_small_moves::<W, true>(t, s, keep, skip, out);
            } else {
                push_small_moves::<W, false>(t, s, keep, skip, out);
            }
        } else if let Some(t) = &self.mid {
            // at most 8 moves a vehicle: a byte of moves each, looked up from its line
            if any {
                push_mid_moves::<W, true>(self, t, s, skip, out);
            } else {
                push_mid_moves::<W, false>(self, t, s, skip, out);
            }
        } else if self.size <= 10 {
            if any {
                push_big_moves::<W, true, 8>(self, s, skip, out);
            } else {
                push_big_moves::<W, false, 8>(self, s, skip, out);
            }
        } else if any {
            push_big_moves::<W, true, 16>(self, s, skip, out);
        } else {
            push_big_moves::<W, false, 16>(self, s, skip, out);
        }
    }
}

/// How many moves a vehicle at position `at`, of length `l`, has backwards and forwards
/// (`ANY`: under the moves metric, any distance; else one cell), given the cells of its line
/// that are `taken` (bit `c`: cell `c`; the cells at and past the board's edge set).
#[inline(always)]
fn move_counts<const ANY: bool>(taken: u32, at: u32, l: u32) -> (u32, u32) {
    // bit `c + 1` stands for cell `c` and bit 0 for a taken cell -1
    if ANY {
        // the highest set bit below bit `at + 1` is the nearest obstacle behind
        let below = ((taken << 1) | 1) & ((2 << at) - 1);
        let back = at - (31 - below.leading_zeros());
        (back, (taken >> (at + l)).trailing_zeros())
    } else {
        (!(((taken << 1) | 1) >> at) & 1, !(taken >> (at + l)) & 1)
    }
}

/// The signed distance of a vehicle's `k`-th move, its `back` backward moves first.
#[inline(always)]
fn move_delta(k: u32, back: u32) -> i32 {
    if k < back {
        -(k as i32) - 1
    } else {
        (k - back) as i32 + 1
    }
}

/// The skip set's bits for the `per` vehicles from vehicle `first` on (see
/// [`RushHour::skip_bits`]): one a vehicle under the moves metric (`ANY`), else two.
#[inline(always)]
fn group_skip<const ANY: bool>(skip: u64, first: usize, per: usize) -> u64 {
    let (at, width) = if ANY {
        (first, per)
    } else {
        (2 * first, 2 * per)
    };
    skip.checked_shr(at as u32).unwrap_or(0) & (u64::MAX >> (64 - width))
}

/// The bits of a group's run (vehicle `j`'s moves from bit `bits * j`, its backward ones
/// first, `backs` holding how many, 4 bits a vehicle) that the group's skip bits `group`
/// (from [`group_skip`]) leave out: every move of a vehicle (`ANY`), or its step forward
/// (bit `2j`) or back (bit `2j + 1`).
#[inline(always)]
fn skipped_run<const ANY: bool>(mut group: u64, backs: u64, bits: u32) -> u64 {
    let mut out = 0;
    while group != 0 {
        let b = group.trailing_zeros();
        group &= group - 1;
        if ANY {
            out |= (u64::MAX >> (64 - bits)) << (bits * b);
        } else {
            let j = b / 2;
            let back = (backs >> (4 * j)) as u32 & 15;
            // the forward step comes after the backward ones; a backward step is the first
            if b % 2 == 0 {
                out |= 1 << (bits * j + back);
            } else if back > 0 {
                out |= 1 << (bits * j);
            }
        }
    }
    out
}

/// The tables of [`push_small_moves`], for a board up to 8x8 with up to 16 vehicles: the
/// cells of each vehicle at each position, and each vehicle's moves for each occupancy of
/// its line.
#[derive(Clone, Debug)]
struct SmallTables {
    /// Groups of four vehicles (the last one padded).
    groups: usize,
    /// Entry `16i + p`: the cells of vehicle `i` at position `p`, by rows (bit `8r + c` for
    /// cell `(r, c)`) and by columns (bit `8c + r`).
    cells: [[u64; 2]; 256],
    /// The cells no vehicle can enter, by rows and by columns: the walls and the cells past
    /// the board's edge.
    blocked: [u64; 2],
    /// Each vehicle's line, as the byte of the occupancy that holds it: row `r` is byte
    /// `r`, column `c` byte `8 + c` (the occupancy by rows, then by columns).
    line_byte: [u8; 16],
    /// Each vehicle's part of a [`LINE_MOVES`] index (its length); the padding's points to
    /// zeros.
    lane: [u16; 16],
}

/// The moves of a vehicle of length `l` at position `at` of a line of 8 cells whose taken
/// ones are the bits of `byte`, at index `(l - 2) << 11 | at << 8 | byte`: bit `k` for the
/// move back by `k + 1`, bit `8 + k` for the move ahead by `k + 1`. Under the moves metric
/// (any distance), then under the steps metric (one cell). Built at compile time.
static LINE_MOVES: [[u16; 4096]; 2] = [line_moves(8, 8, true), line_moves(8, 1, true)];

/// The table of the moves of a vehicle of length `l` at position `at` of a line of `cells`
/// cells whose taken ones are the bits of `line`, at index
/// `(l - 2) << (cells + 3) | at << cells | line`, for moves of at most `limit` cells: `back`
/// moves backwards and `ahead` forwards, as two runs of bits (`split`: `back` low bits,
/// then `ahead` bits from bit 8, as [`LINE_MOVES`]) or as one run of `back + ahead` low bits
/// with `back` in the high byte (as [`LINE9_MOVES`]).
const fn line_moves<const N: usize>(cells: usize, limit: usize, split: bool) -> [u16; N] {
    let mut table = [0u16; N];
    let mut key = 0;
    while key < N {
        let l = 2 + ((key >> (cells + 3)) & 1);
        let (at, line) = ((key >> cells) & 7, key & ((1 << cells) - 1));
        if at + l <= cells {
            let mut back = 0;
            while back < limit && back < at && line >> (at - back - 1) & 1 == 0 {
                back += 1;
            }
            let mut ahead = 0;
            while ahead < limit && at + l + ahead < cells && line >> (at + l + ahead) & 1 == 0 {
                ahead += 1;
            }
            table[key] = if split {
                ((1 << back) - 1) | ((1 << ahead) - 1) << 8
            } else {
                ((1 << (back + ahead)) - 1) | (back << 8) as u16
            };
        }
        key += 1;
    }
    table
}

/// The moves of a vehicle on a board up to 9x9, as [`push_mid_moves`] lays them out: for
/// a vehicle of length `l` at position `at` of a line whose taken cells (with those past
/// the board's edge) are the low 9 bits of `taken`, at index
/// `(l & 1) << 12 | at << 9 | taken & 511`, a run of `back + ahead` low bits and, in the high
/// byte, `back`. Under the moves metric, then the steps metric. Built at compile time.
static LINE9_MOVES: [[u16; 8192]; 2] = [line_moves(9, 9, false), line_moves(9, 1, false)];

/// The fields of four vehicles' moves in a word of [`push_small_moves`] (16 bits each)
/// that a skip set leaves out: under the moves metric, every move of each vehicle whose bit
/// is set in the 4-bit index.
static SKIP_MOVES: [u64; 16] = skip_fields(true);

/// Under the steps metric, from an 8-bit index (bit `2j`: vehicle `j`'s step forward, bit
/// 8 of its field; bit `2j + 1`: its step back, bit 0).
static SKIP_STEPS: [u64; 256] = skip_fields(false);

/// [`SKIP_MOVES`] (`any`) or [`SKIP_STEPS`].
const fn skip_fields<const N: usize>(any: bool) -> [u64; N] {
    let mut table = [0u64; N];
    let mut key = 0;
    while key < N {
        let mut j = 0;
        while j < 4 {
            let field: u64 = if any {
                if key >> j & 1 == 1 {
                    0xffff
                } else {
                    0
                }
            } else {
                (if key >> (2 * j) & 1 == 1 { 1 << 8 } else { 0 })
                    | (if key >> (2 * j + 1) & 1 == 1 { 1 } else { 0 })
            };
            table[key] |= field << (16 * j);
            j += 1;
        }
        key += 1;
    }
    table
}

/// The [`SmallTables::lane`] of the padding past the last vehicle: a length-3 vehicle at
/// position 7 does not fit in a line, so it has no moves.
const NO_LANE: u16 = 0xf00;

impl SmallTables {
    fn new(board: &Board) -> Self {
        let size = board.size;
        let mut cells = [[0u64; 2]; 256];
        let mut line_byte = [0u8; 16];
        let mut lane = [NO_LANE; 16];
        for (i, v) in board.vehicles.iter().enumerate() {
            line_byte[i] = v.line + if v.horizontal { 0 } else { 8 };
            lane[i] = u16::from(v.len - 2) << 11;
            for p in 0..=size - v.len as usize {
                for k in 0..v.len as usize {
                    let (r, c) = if v.horizontal {
                        (v.line as usize, p + k)
                    } else {
                        (p + k, v.line as usize)
                    };
                    cells[16 * i + p][0] |= 1 << (8 * r + c);
                    cells[16 * i + p][1] |= 1 << (8 * c + r);
                }
            }
        }
        let mut blocked = [0u64; 2];
        for r in 0..8 {
            for c in 0..8 {
                if r >= size || c >= size || board.walls.contains(&(r as u8, c as u8)) {
                    blocked[0] |= 1 << (8 * r + c);
                    blocked[1] |= 1 << (8 * c + r);
                }
            }
        }
        SmallTables {
            groups: board.vehicles.len().div_ceil(4),
            cells,
            blocked,
            line_byte,
            lane,
        }
    }
}

/// Pushes the moves of the vehicles in `keep` (bit `i`: vehicle `i`; all without it) on
/// boards up to 8x8 with up to 16 vehicles (`ANY`: under the moves metric): those of
/// vehicle 0 first, each vehicle's backwards (left / up) then forwards (right / down),
/// nearest first. By table lookups, without a branch per vehicle: the occupancy is the
/// union of the vehicles' cells (by rows and by columns); each vehicle's moves are looked
/// up from the byte of its line, as a 16-bit field (four vehicles a word), and the
/// fields' bits are turned into successors in order.
#[inline(always)]
fn push_small_moves<const W: usize, const ANY: bool>(
    t: &SmallTables,
    s: &Packed<W>,
    keep: Option<u64>,
    skip: u64,
    out: &mut Successors<Packed<W>, Move, u32>,
) {
    let word = s.0[0];
    let groups = t.groups.min(4);
    let [mut by_rows, mut by_cols] = t.blocked;
    for g in 0..groups {
        for j in 0..4 {
            let i = 4 * g + j;
            let at = (word >> (4 * i)) as usize & 15;
            let c = t.cells[16 * i + at];
            by_rows |= c[0];
            by_cols |= c[1];
        }
    }
    let mut lines = [0u8; 16];
    lines[..8].copy_from_slice(&by_rows.to_le_bytes());
    lines[8..].copy_from_slice(&by_cols.to_le_bytes());
    let table = &LINE_MOVES[usize::from(!ANY)];
    // bits 16j..16j + 16 of word g: the moves of vehicle 4g + j
    let mut runs = [0u64; 4];
    for (g, run) in runs.iter_mut().enumerate().take(groups) {
        for j in 0..4 {
            let i = 4 * g + j;
            let at = (word >> (4 * i)) as usize & 7;
            let line = lines[t.line_byte[i] as usize & 15] as usize;
            let moves = table[(t.lane[i] as usize + (at << 8) + line) & 4095];
            *run |= u64::from(moves) << (16 * j);
        }
    }
    if let Some(keep) = keep {
        for i in (0..16).filter(|i| keep >> i & 1 == 0) {
            runs[i / 4] &= !(0xffff << (16 * (i % 4)));
        }
    }
    // the skipped vehicles' moves (two slides of one are one, or none) or steps, four
    // vehicles at a time, without a branch
    if skip != 0 {
        for (g, run) in runs.iter_mut().enumerate() {
            *run &= !if ANY {
                SKIP_MOVES[(skip >> (4 * g)) as usize & 15]
            } else {
                SKIP_STEPS[(skip >> (8 * g)) as usize & 255]
            };
        }
    }
    for (g, mut run) in runs.into_iter().enumerate() {
        while run != 0 {
            let b = run.trailing_zeros();
            run &= run - 1;
            let i = 4 * g as u32 + b / 16;
            let k = (b % 16) as i32;
            let delta = if k < 8 { -k - 1 } else { k - 7 };
            let mut t = *s;
            t.0[0] = word.wrapping_add((delta as i64 as u64) << (4 * i));
            out.push((i as u8, delta as i8), t, 1);
        }
    }
}

/// One vehicle's constants for [`push_big_moves`], fixed by the layout.
#[derive(Clone, Copy, Debug)]
struct Lane {
    /// The word of the occupancy holding its own line: rows `r` in word `r / 4`, columns
    /// `c` in word `4 + c / 4`.
    word: u8,
    /// Where its line starts in that word: `16 * (line % 4)`.
    shift: u8,
    /// Its length.
    len: u8,
    /// Its cells along its line at position 0: `len` low bits.
    cells: u8,
    /// The cells at and past the board's edge (all of them for the padding).
    edge: u32,
}

impl Lane {
    /// The padding past the last vehicle: no cells, no moves.
    const NONE: Lane = Lane {
        word: 0,
        shift: 0,
        len: 0,
        cells: 0,
        edge: u32::MAX,
    };

    /// The constants of vehicle `v` on a board of side `size`.
    fn new(v: &Vehicle, size: usize) -> Self {
        Lane {
            word: v.line / 4 + if v.horizontal { 0 } else { 4 },
            shift: 16 * (v.line % 4),
            len: v.len,
            cells: (1 << v.len) - 1,
            edge: !0 << size,
        }
    }
}

/// The tables of [`push_mid_moves`], for a board up to 9x9 (any number of vehicles): the
/// cells of each vehicle at each position, as an occupancy of four words of 9-bit lines.
#[derive(Clone, Debug)]
struct MidTables {
    /// Groups of eight vehicles (the last one padded).
    groups: usize,
    /// Entry `8i + p`: the cells of vehicle `i` at position `p`: rows 0-6 (bit `9r + c` of
    /// word 0), rows 7-8 (bit `9(r - 7) + c` of word 1), columns 0-6 (bit `9c + r` of word
    /// 2) and columns 7-8 (word 3). Zero for the padding.
    cells: [[u64; 4]; 8 * MAX_VEHICLES],
    /// The cells no vehicle can enter (walls, past the board's edge), in that layout.
    blocked: [u64; 4],
    /// Each vehicle's line: the word of the occupancy holding it, its shift there, and its
    /// part of a [`LINE9_MOVES`] index (`(l & 1) << 12`); the padding's index is one of a
    /// length-3 vehicle at position 7, which has no moves.
    lane: [(u8, u8, u16); MAX_VEHICLES],
}

/// Where cell `(r, c)` of a board up to 9x9 is in a [`MidTables`] occupancy: by rows, then
/// by columns (word, bit).
const fn mid_bits(r: usize, c: usize) -> [(usize, usize); 2] {
    [(r / 7, 9 * (r % 7) + c), (2 + c / 7, 9 * (c % 7) + r)]
}

impl MidTables {
    fn new(board: &Board) -> Self {
        let size = board.size;
        let groups = board.vehicles.len().div_ceil(8);
        let mut cells = [[0u64; 4]; 8 * MAX_VEHICLES];
        let mut lane = [(0u8, 0u8, 0xffffu16); MAX_VEHICLES];
        for (i, v) in board.vehicles.iter().enumerate() {
            // cell (line, line) is on the vehicle's line, `line` cells from its start
            let line = v.line as usize;
            let [by_rows, by_cols] = mid_bits(line, line);
            let (word, bit) = if v.horizontal { by_rows } else { by_cols };
            lane[i] = (word as u8, (bit - line) as u8, u16::from(v.len & 1) << 12);
            for p in 0..=size - v.len as usize {
                for (r, c) in board.cells(i, p as u8) {
                    for (w, b) in mid_bits(r, c) {
                        cells[8 * i + p][w] |= 1 << b;
                    }
                }
            }
        }
        let mut blocked = [0u64; 4];
        for r in 0..9 {
            for c in 0..9 {
                if r >= size || c >= size || board.walls.contains(&(r as u8, c as u8)) {
                    for (w, b) in mid_bits(r, c) {
                        blocked[w] |= 1 << b;
                    }
                }
            }
        }
        MidTables {
            groups,
            cells,
            blocked,
            lane,
        }
    }
}

/// The moves of a state on a board up to 9x9 that [`push_small_moves`] does not take, in
/// its order (`ANY`: under the moves metric), by table lookups without a branch per
/// vehicle: the occupancy is the union of the vehicles' cells; each vehicle's moves are
/// looked up from its line in [`LINE9_MOVES`] (a byte each, eight vehicles a word).
#[inline(always)]
fn push_mid_moves<const W: usize, const ANY: bool>(
    p: &RushHour<W>,
    t: &MidTables,
    s: &Packed<W>,
    skip: u64,
    out: &mut Successors<Packed<W>, Move, u32>,
) {
    let groups = t.groups.min(4 * W);
    let mut occ = t.blocked;
    for g in 0..groups {
        let word = s.0[g / 2] >> (32 * (g % 2));
        for j in 0..8 {
            let at = (word >> (4 * j)) as usize & 7;
            let c = t.cells[(64 * g + 8 * j + at) & (8 * MAX_VEHICLES - 1)];
            for w in 0..4 {
                occ[w] |= c[w];
            }
        }
    }
    let keep = if p.prune {
        let rows: [u16; MAX_SIZE] = std::array::from_fn(|r| {
            if r < 9 {
                (occ[r / 7] >> (9 * (r % 7))) as u16 & 511
            } else {
                0
            }
        });
        p.stubborn(s, &rows)
    } else {
        u64::MAX
    };
    let table = &LINE9_MOVES[usize::from(!ANY)];
    for g in 0..groups {
        let first = 8 * g;
        let (word, shift) = (g / 2, 32 * (g % 2) as u32);
        let at_word = s.0[word] >> shift;
        let mut run = 0u64;
        let mut backs = 0u64;
        for j in 0..8 {
            let at = (at_word >> (4 * j)) as usize & 7;
            let (w, sh, base) = t.lane[(first + j) & (MAX_VEHICLES - 1)];
            let line = (occ[w as usize & 3] >> sh) as usize & 511;
            let e = table[(base as usize | at << 9 | line) & 8191];
            run |= u64::from(e & 0xff) << (8 * j);
            backs |= u64::from(e >> 8) << (4 * j);
        }
        push_runs::<W, ANY, 8>(p, s, first, run, backs, keep, skip, out);
    }
}

/// Transposes a 16x16 bit matrix held as four words of four 16-bit rows (bit
/// `16 * (r % 4) + c` of word `r / 4`: cell `(r, c)`), in four rounds of block swaps.
#[inline(always)]
fn transpose16(m: [u64; 4]) -> [u64; 4] {
    let [mut a, mut b, mut c, mut d] = m;
    // 8x8 blocks: rows r < 8, columns 8.. with rows r + 8, columns ..8
    for (x, y) in [(&mut a, &mut c), (&mut b, &mut d)] {
        let t = ((*x >> 8) ^ *y) & 0x00ff_00ff_00ff_00ff;
        *y ^= t;
        *x ^= t << 8;
    }
    // 4x4 blocks: rows r, columns 4..8 with rows r + 4, columns ..4 (in every 8x8)
    for (x, y) in [(&mut a, &mut b), (&mut c, &mut d)] {
        let t = ((*x >> 4) ^ *y) & 0x0f0f_0f0f_0f0f_0f0f;
        *y ^= t;
        *x ^= t << 4;
    }
    // 2x2 blocks (rows two apart, in one word), then single cells (rows one apart)
    let swap = |x: u64, d: u32, m: u64| {
        let t = ((x >> d) ^ x) & m;
        x ^ t ^ (t << d)
    };
    [a, b, c, d].map(|x| {
        swap(
            swap(x, 30, 0x0000_0000_cccc_cccc),
            15,
            0x0000_aaaa_0000_aaaa,
        )
    })
}

/// The moves of a state on any board (those over 9x9 use it), in the order of
/// [`push_small_moves`] (`ANY`: under the moves metric; `BITS`: 8 when no
/// vehicle has more than 8 moves, else 16), without a branch per vehicle.
///
/// Each vehicle is first drawn along its own line only, by one store: the horizontal ones
/// into 16 rows, the vertical ones into 16 columns (four 16-bit lines a word). Both are
/// transposed and merged, giving every row's and column's occupancy. Then each
/// vehicle's moves are counted from its line and set as a run of bits in its `BITS`-bit
/// field of a word; the words' bits are turned into successors in order.
#[inline(always)]
fn push_big_moves<const W: usize, const ANY: bool, const BITS: u32>(
    p: &RushHour<W>,
    s: &Packed<W>,
    skip: u64,
    out: &mut Successors<Packed<W>, Move, u32>,
) {
    // vehicles a word of runs holds, and how many such groups there are
    let per = (64 / BITS) as usize;
    let groups = p.n.div_ceil(per);
    let lanes = &p.lanes[..groups * per];
    let mut along = p.wall_lines;
    for (g, lanes) in lanes.chunks_exact(per).enumerate() {
        let word = s.0[g * per / 16] >> (4 * (g * per % 16));
        for (j, v) in lanes.iter().enumerate() {
            let at = (word >> (4 * j)) & 15;
            along[v.word as usize & 7] |= u64::from(v.cells) << (u64::from(v.shift) + at);
        }
    }
    let [r0, r1, r2, r3, c0, c1, c2, c3] = along;
    let (rows, cols) = (transpose16([c0, c1, c2, c3]), transpose16([r0, r1, r2, r3]));
    let lines = [
        r0 | rows[0],
        r1 | rows[1],
        r2 | rows[2],
        r3 | rows[3],
        c0 | cols[0],
        c1 | cols[1],
        c2 | cols[2],
        c3 | cols[3],
    ];
    let keep = if p.prune {
        let rows: [u16; MAX_SIZE] =
            std::array::from_fn(|r| (lines[r / 4] >> (16 * (r % 4))) as u16);
        p.stubborn(s, &rows)
    } else {
        u64::MAX
    };
    for (g, lanes) in lanes.chunks_exact(per).enumerate() {
        let first = g * per;
        let (word, shift) = (first / 16, 4 * (first % 16) as u32);
        let at_word = s.0[word] >> shift;
        // the k-th move of the j-th vehicle: bit BITS * j + k; back: 4 bits a vehicle, how
        // many of its moves go backwards
        let mut run = 0u64;
        let mut backs = 0u64;
        for (j, v) in lanes.iter().enumerate() {
            let at = (at_word >> (4 * j)) as u32 & 15;
            let taken = v.edge | u32::from((lines[v.word as usize & 7] >> v.shift) as u16);
            let (back, ahead) = move_counts::<ANY>(taken, at, u32::from(v.len));
            let moves = (1u64 << (back + ahead)) - 1;
            run |= moves << (BITS as usize * j);
            backs |= u64::from(back) << (4 * j);
        }
        push_runs::<W, ANY, BITS>(p, s, first, run, backs, keep, skip, out);
    }
}

/// Pushes the moves of the vehicles from `first` on (a group of `64 / BITS`, `first` a
/// multiple of it), set in `run` (vehicle `j`'s moves from bit `BITS * j`, its backward ones
/// first, `backs` holding how many, 4 bits a vehicle), without those in the skip set `skip`
/// and, with stubborn sets, those of vehicles outside `keep`, in order (`ANY`: under the
/// moves metric). Shared by [`push_mid_moves`] and [`push_big_moves`].
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn push_runs<const W: usize, const ANY: bool, const BITS: u32>(
    p: &RushHour<W>,
    s: &Packed<W>,
    first: usize,
    mut run: u64,
    backs: u64,
    keep: u64,
    skip: u64,
    out: &mut Successors<Packed<W>, Move, u32>,
) {
    let per = (64 / BITS) as usize;
    let (word, shift) = (first / 16, 4 * (first % 16) as u32);
    if p.prune {
        for j in 0..per {
            if keep >> (first + j) & 1 == 0 {
                run &= !((u64::MAX >> (64 - BITS)) << (BITS as usize * j));
            }
        }
    }
    let group = group_skip::<ANY>(skip, first, per);
    if group != 0 {
        run &= !skipped_run::<ANY>(group, backs, BITS);
    }
    // all ones on the word of these vehicles: the successor is built in registers (a narrow
    // store into a copy of the state would stall the copy's wide reload)
    let sel: [u64; W] = std::array::from_fn(|w| u64::from(w == word).wrapping_neg());
    while run != 0 {
        let b = run.trailing_zeros();
        run &= run - 1;
        let j = b / BITS;
        let (k, back) = (b % BITS, (backs >> (4 * j)) as u32 & 15);
        let delta = move_delta(k, back);
        let d = (delta as i64 as u64) << (shift + 4 * j);
        let t = Packed(std::array::from_fn(|w| s.0[w].wrapping_add(d & sel[w])));
        out.push(((first as u32 + j) as u8, delta as i8), t, 1);
    }
}

/// Which admissible estimate a [`RushHeuristic`] computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeuristicKind {
    /// Always 0 (A* becomes Dijkstra / uniform-cost BFS).
    Zero,
    /// The red car's move (moves metric: 1; steps: its distance to the exit) plus, for each
    /// vehicle blocking its path, one move (steps: the fewest cells that clear the row).
    Blockers,
    /// [`Blockers`](HeuristicKind::Blockers) plus the fewest distinct further vehicles that
    /// must move so that every blocker can clear the row, minimised over each blocker's
    /// choice of direction (up or down).
    Blocked,
    /// Moves metric (else [`Blocked`](HeuristicKind::Blocked)): the fewest distinct
    /// vehicles that must move, following the chain of obligations deeper: each blocker
    /// must leave the red car's row, each vehicle in its way must leave the cell it is
    /// needed through, and so on, minimised over every vehicle's choice of direction by a
    /// branch and bound. The chain is followed one level deeper at a time while a work
    /// budget lasts; every finished level is a proven bound, the best one is returned.
    Deep,
    /// NOT admissible, for weighted A* and greedy search on big boards: the number of
    /// vehicles in the whole chain of blockers (each blocker clears in its direction with
    /// fewer vehicles in the way, recursively), plus the red car's distance.
    Chain,
    /// NOT admissible, the best guide for greedy search on big boards: a relaxed plan. Every
    /// occupied cell gets a cost to vacate it (its vehicle's cheaper direction: one move, or
    /// its distance in steps, plus the costs of the cells it slides into), found as a fixed
    /// point; then the plan that frees the red car's path along the cheapest choices is
    /// collected, each vehicle and direction counted once (steps: its farthest distance).
    Relaxed,
}

/// The Rush Hour heuristics for either metric (see [`HeuristicKind`]); all admissible.
#[derive(Clone, Debug)]
pub struct RushHeuristic<const W: usize> {
    p: RushHour<W>,
    /// The empty board's cell owners: 254 on walls, 255 elsewhere.
    walls: [u8; MAX_SIZE * MAX_SIZE],
    /// Each vehicle's line as cells of [`RushHeuristic::owners`]: axis coordinate `a` is
    /// cell `start + (a << shift)` (`shift`: 0 along a row, 4 down a column).
    geometry: [(u8, u8); MAX_VEHICLES],
    /// Which estimate.
    pub kind: HeuristicKind,
}

impl<const W: usize> RushHeuristic<W> {
    /// The heuristic `kind` for `problem` (its metric decides the units).
    pub fn new(problem: &RushHour<W>, kind: HeuristicKind) -> Self {
        let mut walls = [255u8; MAX_SIZE * MAX_SIZE];
        for (r, &row) in problem.wall_rows.iter().enumerate() {
            for c in 0..MAX_SIZE {
                if row >> c & 1 == 1 {
                    walls[r * 16 + c] = 254;
                }
            }
        }
        let mut geometry = [(0, 0); MAX_VEHICLES];
        for (j, g) in geometry.iter_mut().enumerate().take(problem.n) {
            let line = problem.line[j];
            *g = if problem.horiz[j] {
                (line * 16, 0)
            } else {
                (line, 4)
            };
        }
        RushHeuristic {
            p: problem.clone(),
            walls,
            geometry,
            kind,
        }
    }

    /// The estimate for state `s`.
    pub fn h(&self, s: &Packed<W>) -> u32 {
        let p = &self.p;
        if self.kind == HeuristicKind::Zero || p.is_goal(s) {
            return 0;
        }
        if self.kind == HeuristicKind::Chain {
            return self.chain(s);
        }
        if self.kind == HeuristicKind::Relaxed {
            return self.relaxed(s);
        }
        if self.kind == HeuristicKind::Deep && p.metric == Metric::Moves {
            return self.deep(s);
        }
        let steps = p.metric == Metric::Steps;
        let xr = p.line[p.red] as usize;
        let xend = (s.get(p.red) + p.len[p.red]) as usize; // first cell right of the red car
        let size = p.size as usize;
        let mut h: u32 = if steps {
            (p.goal_pos - s.get(p.red)) as u32
        } else {
            1
        };
        // blockers: (vehicle, column)
        let mut blockers = [(0usize, 0usize); MAX_SIZE];
        let mut nb = 0;
        for c in xend..size {
            if p.wall_rows[xr] >> c & 1 == 1 {
                return DEAD;
            }
        }
        for i in 0..p.n {
            let pos = s.get(i) as usize;
            if p.horiz[i] {
                if i != p.red && p.line[i] as usize == xr && pos >= xend {
                    return DEAD; // can never leave the red car's row
                }
            } else {
                let c = p.line[i] as usize;
                if c >= xend && pos <= xr && xr < pos + p.len[i] as usize {
                    blockers[nb] = (i, c);
                    nb += 1;
                }
            }
        }
        if self.kind == HeuristicKind::Blockers {
            for &(i, _) in &blockers[..nb] {
                h += if steps {
                    match self.clear_dists(s, i) {
                        (None, None) => return DEAD,
                        (a, b) => a.unwrap_or(u32::MAX).min(b.unwrap_or(u32::MAX)),
                    }
                } else {
                    1
                };
            }
            return h;
        }
        // Blocked: per blocker, two options (distance, mask of vehicles in the way).
        // colown[k][r]: the owner of cell (r, column of blocker k); 255 empty, 254 wall.
        let mut colk = [255u8; MAX_SIZE];
        let mut colown = [[255u8; MAX_SIZE]; MAX_SIZE];
        for (k, &(_, c)) in blockers[..nb].iter().enumerate() {
            colk[c] = k as u8;
            for (r, o) in colown[k].iter_mut().enumerate() {
                if p.wall_rows[r] >> c & 1 == 1 {
                    *o = 254;
                }
            }
        }
        for j in 0..p.n {
            let pos = s.get(j) as usize;
            let l = p.len[j] as usize;
            let line = p.line[j] as usize;
            if p.horiz[j] {
                for &k in &colk[pos..pos + l] {
                    if k != 255 {
                        colown[k as usize][line] = j as u8;
                    }
                }
            } else {
                let k = colk[line];
                if k != 255 {
                    colown[k as usize][pos..pos + l].fill(j as u8);
                }
            }
        }
        let mut opts = [[None::<(u32, u64)>; 2]; MAX_SIZE];
        for (k, &(i, _)) in blockers[..nb].iter().enumerate() {
            let top = s.get(i) as usize;
            let l = p.len[i] as usize;
            let own = &colown[k];
            // up: new top <= xr - l, cells xr-l ..= top-1 must be cleared
            if xr >= l {
                let mut mask = 0u64;
                let mut ok = true;
                for &o in &own[xr - l..top] {
                    match o {
                        255 => {}
                        254 => ok = false,
                        o => mask |= 1 << o,
                    }
                }
                if ok {
                    let d = if steps { (top + l - xr) as u32 } else { 1 };
                    opts[k][0] = Some((d, mask));
                }
            }
            // down: new top >= xr + 1, cells top+l ..= xr+l must be cleared
            if xr + l < size {
                let mut mask = 0u64;
                let mut ok = true;
                for &o in &own[top + l..=xr + l] {
                    match o {
                        255 => {}
                        254 => ok = false,
                        o => mask |= 1 << o,
                    }
                }
                if ok {
                    let d = if steps { (xr + 1 - top) as u32 } else { 1 };
                    opts[k][1] = Some((d, mask));
                }
            }
            if opts[k][0].is_none() && opts[k][1].is_none() {
                return DEAD;
            }
        }
        if nb <= 10 {
            let mut best = u32::MAX;
            'combo: for combo in 0u32..(1 << nb) {
                let mut d = 0;
                let mut mask = 0u64;
                for (k, o) in opts[..nb].iter().enumerate() {
                    match o[(combo >> k & 1) as usize] {
                        Some((dd, m)) => {
                            d += dd;
                            mask |= m;
                        }
                        None => continue 'combo,
                    }
                }
                best = best.min(d + mask.count_ones());
            }
            h + best
        } else {
            // too many blockers to enumerate: each blocker's own cheapest option,
            // plus the largest single obstacle set that cannot be avoided
            let mut d = 0;
            let mut extra = 0;
            for o in &opts[..nb] {
                let a = o[0].map_or(u32::MAX, |x| x.0);
                let b = o[1].map_or(u32::MAX, |x| x.0);
                d += a.min(b);
                let ma = o[0].map_or(u32::MAX, |x| x.1.count_ones());
                let mb = o[1].map_or(u32::MAX, |x| x.1.count_ones());
                extra = extra.max(ma.min(mb));
            }
            h + d + extra
        }
    }

    /// The inadmissible relaxed-plan estimate (see [`HeuristicKind::Relaxed`]).
    fn relaxed(&self, s: &Packed<W>) -> u32 {
        let p = &self.p;
        let size = p.size as usize;
        let steps = p.metric == Metric::Steps;
        let pos = s.positions();
        let own = self.owners_at(&pos);
        let mut rx = Relax {
            p,
            pos,
            geometry: &self.geometry,
            own: &own,
            steps,
            memo: [UNSET; MAX_SIZE * MAX_SIZE],
        };
        // collect the relaxed plan: per vehicle, how far it must go back / forth
        let xr = p.line[p.red] as usize;
        let xpos = s.get(p.red) as usize;
        let mut h = if steps {
            (p.goal_pos as usize - xpos) as u32
        } else {
            1
        };
        let mut back = [u8::MAX; MAX_VEHICLES]; // lowest new position required
        let mut fwd = [0u8; MAX_VEHICLES]; // highest new last cell required (0: none)

        // (vehicle, axis coordinate it must vacate): rarely more than 64 at a time
        let mut work: SmallVec<[(usize, usize); 64]> = SmallVec::new();
        for c in xpos + 2..size {
            match own[xr * 16 + c] {
                255 => {}
                254 => return DEAD,
                o if p.horiz[o as usize] => return DEAD,
                o => work.push((o as usize, xr)),
            }
        }
        while let Some((v, a)) = work.pop() {
            let (pos, l) = (rx.pos[v & (MAX_VEHICLES - 1)] as usize, p.len[v] as usize);
            let (cb, cf) = (rx.option(v, a, false), rx.option(v, a, true));
            if cb >= INF && cf >= INF {
                h += 4; // no way found in the relaxation: a penalty, not a proof
                continue;
            }
            let cells = if cb <= cf {
                let (np, was) = (a - l, (back[v] as usize).min(pos));
                if np >= was {
                    continue;
                }
                h += if steps {
                    (was - np) as u32
                } else {
                    u32::from(back[v] == u8::MAX)
                };
                back[v] = np as u8;
                np..was
            } else {
                let (end, was) = (a + l, (fwd[v] as usize).max(pos + l - 1));
                if end <= was {
                    continue;
                }
                h += if steps {
                    (end - was) as u32
                } else {
                    u32::from(fwd[v] == 0)
                };
                fwd[v] = end as u8;
                was + 1..end + 1
            };
            for b in cells {
                let o = own[cell_of(rx.geometry, v, b)];
                if o < 254 {
                    let o = o as usize;
                    // a crossing vehicle must leave v's line; a parallel one the cell b
                    let ao = if p.horiz[o] == p.horiz[v] {
                        b
                    } else {
                        p.line[v] as usize
                    };
                    work.push((o, ao));
                }
            }
        }
        h
    }

    /// The [`HeuristicKind::Deep`] estimate (moves metric).
    fn deep(&self, s: &Packed<W>) -> u32 {
        let p = &self.p;
        let own = self.owners(s);
        let xr = p.line[p.red] as usize;
        let xpos = s.get(p.red) as usize;
        let mut forced = 1u64 << p.red;
        let mut queue = [(0u8, 0u8, 0u8); MAX_VEHICLES];
        let mut len = 0;
        for c in xpos + 2..p.size as usize {
            match own[xr * 16 + c] {
                255 => {}
                254 => return DEAD,
                o if p.horiz[o as usize] => return DEAD,
                o => {
                    forced |= 1 << o;
                    queue[len] = (o, xr as u8, 1);
                    len += 1;
                }
            }
        }
        // the deepest level first; shallower ones only when it runs out of budget
        for depth in [16u8, 5, 3, 2] {
            let mut d = Deep {
                p,
                s,
                geometry: &self.geometry,
                own: &own,
                max_depth: depth,
                best: u32::MAX,
                nodes: 0,
            };
            let mut q = queue;
            d.search(forced, &mut q, 0, len);
            if d.nodes > DEEP_BUDGET {
                continue; // this level was cut short: no proof from it
            }
            if d.best == u32::MAX {
                return DEAD; // some obligation can be met in no way
            }
            return d.best;
        }
        forced.count_ones()
    }

    /// The owner of every cell (`row * 16 + column`): a vehicle index, 254 for a wall,
    /// 255 for an empty cell.
    fn owners(&self, s: &Packed<W>) -> [u8; MAX_SIZE * MAX_SIZE] {
        self.owners_at(&s.positions())
    }

    /// [`RushHeuristic::owners`] of the state with the positions `pos`.
    fn owners_at(&self, pos: &[u8; MAX_VEHICLES]) -> [u8; MAX_SIZE * MAX_SIZE] {
        let p = &self.p;
        let mut own = self.walls;
        for (j, &(start, shift)) in self.geometry.iter().enumerate().take(p.n) {
            let (start, shift) = (usize::from(start), u32::from(shift));
            let first = start + (usize::from(pos[j]) << shift);
            let step = 1 << shift;
            // every vehicle is 2 or 3 cells long
            own[first & 255] = j as u8;
            own[(first + step) & 255] = j as u8;
            if p.len[j] == 3 {
                own[(first + 2 * step) & 255] = j as u8;
            }
        }
        own
    }

    /// The inadmissible chain estimate (see [`HeuristicKind::Chain`]).
    fn chain(&self, s: &Packed<W>) -> u32 {
        let p = &self.p;
        let size = p.size as usize;
        let own = self.owners(s);
        let xr = p.line[p.red] as usize;
        let xpos = s.get(p.red) as usize;
        let mut h = (p.goal_pos as usize - xpos) as u32;
        let mut seen = 1u64 << p.red;
        // work list: (vehicle, cell index along its line that it must vacate)
        let mut work: Vec<(usize, usize)> = Vec::with_capacity(64);
        for c in xpos + 2..size {
            match own[xr * 16 + c] {
                255 => {}
                254 => return DEAD,
                o => {
                    if seen >> o & 1 == 0 {
                        seen |= 1 << o;
                        work.push((o as usize, xr));
                    }
                }
            }
        }
        while let Some((v, cell)) = work.pop() {
            let pos = s.get(v) as usize;
            let l = p.len[v] as usize;
            let line = p.line[v] as usize;
            let at = |q: usize| -> u8 {
                if p.horiz[v] {
                    own[line * 16 + q]
                } else {
                    own[q * 16 + line]
                }
            };
            // The vehicles on cells `range` of v's line, as a mask; `None` if a wall is there.
            let blockers = |range: std::ops::Range<usize>| -> Option<u64> {
                let mut m = 0u64;
                for q in range {
                    match at(q) {
                        255 => {}
                        254 => return None,
                        o => m |= 1 << o,
                    }
                }
                Some(m)
            };
            // backwards: new end < cell, i.e. new pos = cell - l; forwards: new pos = cell + 1
            let mut best: Option<(u32, u64, usize, usize)> = None; // (count, mask, distance, farthest cell)
            if cell >= l {
                let np = cell - l;
                if let Some(m) = blockers(np..pos) {
                    best = Some((m.count_ones(), m, pos - np, np));
                }
            }
            if cell + l < size {
                let np = cell + 1;
                if let Some(m) = blockers(pos + l..np + l) {
                    if best.is_none_or(|b| m.count_ones() < b.0) {
                        best = Some((m.count_ones(), m, np - pos, np + l - 1));
                    }
                }
            }
            let Some((_, m, d, far)) = best else {
                h += 4; // stuck in this approximation: a penalty, not a proof
                continue;
            };
            h += 1 + d as u32;
            // each vehicle in the way must vacate the cell of `v`'s line it sits on
            let mut rest = m & !seen;
            while rest != 0 {
                let o = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                seen |= 1 << o;
                // a crossing vehicle must vacate v's line; a parallel one the farthest cell
                let cell_o = if p.horiz[o] == p.horiz[v] { far } else { line };
                work.push((o, cell_o));
            }
        }
        h
    }

    /// The fewest cells blocker `i` must slide up / down to clear the red car's row, if it
    /// fits on the board (ignoring other vehicles, not walls).
    fn clear_dists(&self, s: &Packed<W>, i: usize) -> (Option<u32>, Option<u32>) {
        let p = &self.p;
        let xr = p.line[p.red] as usize;
        let top = s.get(i) as usize;
        let l = p.len[i] as usize;
        let c = p.line[i];
        let wall = |r: usize| p.wall_rows[r] >> c & 1 == 1;
        let up = (xr >= l && !(xr - l..top).any(wall)).then(|| (top + l - xr) as u32);
        let down = (xr + l < p.size as usize && !(top + l..=xr + l).any(wall))
            .then(|| (xr + 1 - top) as u32);
        (up, down)
    }
}

const INF: u32 = u32::MAX / 4;
const UNSET: u32 = u32::MAX;
/// Branch-and-bound nodes one level of [`HeuristicKind::Deep`] may take.
const DEEP_BUDGET: u32 = 1000;

/// One level of [`HeuristicKind::Deep`]: the fewest forced vehicles over all choices of
/// direction, following obligations up to `max_depth`.
struct Deep<'a, const W: usize> {
    p: &'a RushHour<W>,
    s: &'a Packed<W>,
    /// [`RushHeuristic::geometry`].
    geometry: &'a [(u8, u8); MAX_VEHICLES],
    own: &'a [u8; MAX_SIZE * MAX_SIZE],
    max_depth: u8,
    best: u32,
    nodes: u32,
}

impl<const W: usize> Deep<'_, W> {
    /// The vehicles in the cells vehicle `j` slides over to vacate axis coordinate `a`
    /// backwards / forwards, or `None` past a wall or the edge.
    fn way(&self, j: usize, a: usize, fwd: bool) -> Option<u64> {
        let p = self.p;
        let (pos, l, size) = (self.s.get(j) as usize, p.len[j] as usize, p.size as usize);
        let cells = if fwd {
            if a + l >= size {
                return None;
            }
            pos + l..a + l + 1
        } else {
            if a < l {
                return None;
            }
            a - l..pos
        };
        let mut m = 0u64;
        for b in cells {
            match self.own[cell_of(self.geometry, j, b)] {
                255 => {}
                254 => return None,
                o => m |= 1 << o,
            }
        }
        Some(m)
    }

    /// Meets the obligations `queue[head..len]` (vehicle, axis coordinate it must leave,
    /// depth) in every way, given the `forced` vehicles; records the smallest count.
    fn search(
        &mut self,
        forced: u64,
        queue: &mut [(u8, u8, u8); MAX_VEHICLES],
        head: usize,
        len: usize,
    ) {
        self.nodes += 1;
        if self.nodes > DEEP_BUDGET {
            return;
        }
        if head == len {
            self.best = self.best.min(forced.count_ones());
            return;
        }
        let (v, a, depth) = queue[head];
        let (v, a) = (v as usize, a as usize);
        let mut ways = [self.way(v, a, false), self.way(v, a, true)];
        let new = |w: &Option<u64>| w.map_or(u32::MAX, |m| (m & !forced).count_ones());
        if new(&ways[1]) < new(&ways[0]) {
            ways.swap(0, 1);
        }
        for m in ways.into_iter().flatten() {
            let more = m & !forced;
            let f2 = forced | more;
            if f2.count_ones() >= self.best {
                continue;
            }
            let mut len2 = len;
            if depth + 1 < self.max_depth {
                let mut rest = more;
                while rest != 0 {
                    let o = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    // a crossing vehicle must leave v's line; a parallel one the cells
                    // v needs (its nearest one is enough for a bound)
                    let ao = if self.p.horiz[o] == self.p.horiz[v] {
                        self.nearest(o, v)
                    } else {
                        self.p.line[v] as usize
                    };
                    queue[len2] = (o as u8, ao as u8, depth + 1);
                    len2 += 1;
                }
            }
            self.search(f2, queue, head + 1, len2);
        }
    }

    /// For vehicle `o` parallel to `v` and in its way: a cell of `o` that `v` needs (the
    /// one nearest to `v`, which every way through `o` crosses).
    fn nearest(&self, o: usize, v: usize) -> usize {
        let (po, lo) = (self.s.get(o) as usize, self.p.len[o] as usize);
        if po > self.s.get(v) as usize {
            po
        } else {
            po + lo - 1
        }
    }
}

/// The cell (`row * 16 + column`, as [`RushHeuristic::owners`] numbers them) at axis
/// coordinate `a` of vehicle `j`'s line, by [`RushHeuristic::geometry`].
#[inline]
fn cell_of(geometry: &[(u8, u8); MAX_VEHICLES], j: usize, a: usize) -> usize {
    let (start, shift) = geometry[j & (MAX_VEHICLES - 1)];
    (usize::from(start) + (a << shift)) & 255
}

/// The costs of vacating cells in one state, for [`HeuristicKind::Relaxed`]: computed on
/// demand, each cell once; a cell met again while its own cost is being found counts as
/// impossible for that path (so cycles end).
struct Relax<'a, const W: usize> {
    p: &'a RushHour<W>,
    /// Each vehicle's position in the state.
    pos: [u8; MAX_VEHICLES],
    /// [`RushHeuristic::geometry`].
    geometry: &'a [(u8, u8); MAX_VEHICLES],
    own: &'a [u8; MAX_SIZE * MAX_SIZE],
    /// Under the steps metric (else moves).
    steps: bool,
    memo: [u32; MAX_SIZE * MAX_SIZE],
}

impl<const W: usize> Relax<'_, W> {
    /// The cost of making vehicle `j` leave the cell `k` it occupies (its axis coordinate
    /// `a`): the memo, looked up where it is needed.
    #[inline(always)]
    fn cost(&mut self, j: usize, a: usize, k: usize) -> u32 {
        match self.memo[k & 255] {
            UNSET => self.vacate(j, a, k),
            known => known,
        }
    }

    /// [`Relax::cost`] when cell `k` has no cost yet: the cheaper direction, found with
    /// the cell marked impossible meanwhile (the recursion is on this function alone, with
    /// both directions inline).
    #[inline(never)]
    fn vacate(&mut self, j: usize, a: usize, k: usize) -> u32 {
        debug_assert_eq!(k, cell_of(self.geometry, j, a));
        let k = k & 255;
        self.memo[k] = INF;
        let best = self.option(j, a, false).min(self.option(j, a, true));
        self.memo[k] = best;
        best
    }

    /// The cost of vehicle `j` vacating axis coordinate `a` backwards / forwards: its own
    /// move plus the cost of the cells it slides into; INF past a wall or the edge.
    #[inline(always)]
    fn option(&mut self, j: usize, a: usize, fwd: bool) -> u32 {
        let p = self.p;
        let j = j & (MAX_VEHICLES - 1);
        let (pos, l, size) = (self.pos[j] as usize, p.len[j] as usize, p.size as usize);
        let (cells, dist) = if fwd {
            if a + l >= size {
                return INF;
            }
            (pos + l..a + l + 1, a + 1 - pos)
        } else {
            if a < l {
                return INF;
            }
            (a - l..pos, pos + l - a)
        };
        let mut sum = if self.steps { dist as u32 } else { 1 };
        let shift = self.geometry[j].1;
        for b in cells {
            let k = cell_of(self.geometry, j, b);
            let o = self.own[k];
            match o {
                255 => {}
                254 => return INF,
                o => {
                    let o = o as usize & (MAX_VEHICLES - 1);
                    // a parallel vehicle must leave the cell b, a crossing one j's line: the
                    // same cell k either way
                    let ao = if self.geometry[o].1 == shift {
                        b
                    } else {
                        p.line[j] as usize
                    };
                    sum = (sum + self.cost(o, ao, k)).min(INF);
                    if sum >= INF {
                        return INF;
                    }
                }
            }
        }
        sum
    }
}

impl<const W: usize> Heuristic<RushHour<W>> for RushHeuristic<W> {
    #[inline]
    fn estimate(&self, s: &Packed<W>) -> u32 {
        self.h(s)
    }
}

/// A solution as a list of moves `(vehicle index, distance)`, positive = right/down.
/// Consecutive slides of the same vehicle in the same direction (as found under the steps
/// metric) are merged into one move.
pub fn merge_moves(moves: &[Move]) -> Vec<(usize, i32)> {
    let mut out: Vec<(usize, i32)> = Vec::new();
    for &(v, d) in moves {
        match out.last_mut() {
            Some((lv, ld)) if *lv == v as usize && (*ld > 0) == (d > 0) => *ld += d as i32,
            _ => out.push((v as usize, d as i32)),
        }
    }
    out
}

/// Replays `moves` on `board` cell by cell and returns the final positions, or a message
/// saying which move is illegal. Does not use the search model.
pub fn replay(board: &Board, moves: &[(usize, i32)]) -> Result<Vec<u8>, String> {
    let n = board.size;
    let mut pos = board.start.clone();
    for (k, &(v, d)) in moves.iter().enumerate() {
        if v >= board.vehicles.len() || d == 0 {
            return Err(format!("move {}: bad move ({v}, {d})", k + 1));
        }
        let g = board.grid(&pos);
        let veh = &board.vehicles[v];
        let step: i32 = d.signum();
        let mut p = pos[v] as i32;
        for _ in 0..d.abs() {
            let lead = if step > 0 { p + veh.len as i32 } else { p - 1 };
            if lead < 0 || lead >= n as i32 {
                return Err(format!("move {}: {} leaves the board", k + 1, veh.name));
            }
            let (r, c) = if veh.horizontal {
                (veh.line as usize, lead as usize)
            } else {
                (lead as usize, veh.line as usize)
            };
            if g[r][c] != "." {
                return Err(format!(
                    "move {}: {} runs into {} at col {}, row {}",
                    k + 1,
                    veh.name,
                    g[r][c],
                    c + 1,
                    r + 1
                ));
            }
            p += step;
        }
        pos[v] = p as u8;
    }
    Ok(pos)
}

/// Whether positions `pos` put the red car at the exit.
pub fn solved(board: &Board, pos: &[u8]) -> bool {
    pos[board.red] as usize + board.vehicles[board.red].len as usize == board.size
}

/// Names for generated vehicles: `A`..`W`, `Y`, `Z`, then `AA`, `AB`, ...
fn gen_name(k: usize) -> String {
    const ONE: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWYZ";
    if k < ONE.len() {
        (ONE[k] as char).to_string()
    } else {
        let k = k - ONE.len();
        format!(
            "{}{}",
            (b'A' + (k / 26) as u8) as char,
            (b'A' + (k % 26) as u8) as char
        )
    }
}

/// A random board of side `size` with the red car (named `X`) in row `(size-1)/2`, not at
/// the exit, and up to `count` other vehicles placed at random free spots (about 1/4 trucks).
pub fn random_board(size: usize, count: usize, rng: &mut ChaCha8Rng) -> Board {
    let xr = (size - 1) / 2;
    let xc = rng.gen_range(0..size - 2);
    let mut b = Board {
        size,
        vehicles: vec![Vehicle {
            name: "X".into(),
            horizontal: true,
            line: xr as u8,
            len: 2,
        }],
        start: vec![xc as u8],
        walls: Vec::new(),
        red: 0,
    };
    let mut tries = 0;
    while b.vehicles.len() <= count && tries < 1000 {
        tries += 1;
        try_add_vehicle(&mut b, rng);
    }
    b
}

/// Tries to add one random vehicle at a random free spot; `true` if it fit. A horizontal
/// vehicle is never placed in the red car's row right of it (that board is unsolvable).
pub fn try_add_vehicle(b: &mut Board, rng: &mut ChaCha8Rng) -> bool {
    let size = b.size;
    let horizontal = rng.gen_bool(0.5);
    let len = if rng.gen_bool(0.25) { 3 } else { 2 };
    let line = rng.gen_range(0..size) as u8;
    let pos = rng.gen_range(0..=size - len) as u8;
    let xr = b.vehicles[b.red].line;
    if horizontal && line == xr {
        return false;
    }
    let g = b.grid(&b.start);
    let v = Vehicle {
        name: String::new(),
        horizontal,
        line,
        len: len as u8,
    };
    for k in 0..len {
        let (r, c) = if horizontal {
            (line as usize, pos as usize + k)
        } else {
            (pos as usize + k, line as usize)
        };
        if g[r][c] != "." {
            return false;
        }
    }
    b.vehicles.push(v);
    b.start.push(pos);
    rename(b);
    true
}

/// Gives the non-red vehicles the names `A`, `B`, ... in order.
pub fn rename(b: &mut Board) {
    let mut k = 0;
    for (i, v) in b.vehicles.iter_mut().enumerate() {
        if i != b.red {
            v.name = gen_name(k);
            k += 1;
        }
    }
}

/// The seeded random generator of [`random_board`], [`generate`] and the study: a
/// [`ChaCha8Rng`], so boards are reproducible from the seed (the same boards on every
/// platform and with every `rand` version). They differ from those of version 0.1, which
/// used `rand`'s `StdRng`.
pub fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// The same board with no goal: searching it exhaustively counts the reachable states.
#[derive(Clone, Debug)]
pub struct Explore<const W: usize>(pub RushHour<W>);

impl<const W: usize> Problem for Explore<W> {
    type State = Packed<W>;
    type Action = Move;
    type Cost = u32;
    fn is_goal(&self, _: &Packed<W>) -> bool {
        false
    }
    fn successors(&self, s: &Packed<W>, out: &mut Successors<Packed<W>, Move, u32>) {
        self.0.successors(s, out)
    }
    fn reversible(&self) -> bool {
        self.0.reversible()
    }
}

/// How a generated or studied board's difficulty is measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rating {
    /// Optimal number of moves.
    Solved(u32),
    /// The red car can never get out.
    Unsolvable,
    /// The search hit its state limit.
    TooBig,
}

/// The optimal move count of `board` by A* with the strongest heuristic, giving up after
/// `max_states` stored states.
pub fn rate(board: &Board, max_states: usize) -> Rating {
    match board.words() {
        1 => rate_w::<1>(board, max_states),
        2 => rate_w::<2>(board, max_states),
        3 => rate_w::<3>(board, max_states),
        _ => rate_w::<4>(board, max_states),
    }
}

fn rate_w<const W: usize>(board: &Board, max_states: usize) -> Rating {
    let p = RushHour::<W>::new(board, Metric::Moves);
    let h = RushHeuristic::new(&p, HeuristicKind::Blocked);
    let opts = heurist::Options::new().max_states(max_states);
    let r = heurist::astar_with(&p, RushHour::<W>::start(board), h, opts);
    match r.outcome {
        heurist::Outcome::Found(s) => Rating::Solved(s.cost),
        heurist::Outcome::Exhausted => Rating::Unsolvable,
        heurist::Outcome::Stopped { .. } => Rating::TooBig,
    }
}

/// Generates a board of side `size` whose optimal move count is at least `min_moves`, by
/// hill climbing from random boards: add, remove or re-place a vehicle, keep the change when
/// the optimum (verified by A*) does not drop. Gives up after `max_tries` evaluations.
pub fn generate(
    size: usize,
    min_moves: u32,
    seed: u64,
    max_states: usize,
    max_tries: usize,
) -> Option<(Board, u32)> {
    let mut rng = rng(seed);
    let cells = size * size;
    let mut tries = 0;
    while tries < max_tries {
        let count = rng.gen_range(cells / 5..=cells / 3);
        let mut best = random_board(size, count, &mut rng);
        let mut best_moves = match rate(&best, max_states) {
            Rating::Solved(m) => m,
            _ => {
                tries += 1;
                continue;
            }
        };
        let mut stale = 0;
        while tries < max_tries && stale < 300 {
            if best_moves >= min_moves {
                return Some((best, best_moves));
            }
            let mut cand = best.clone();
            let n = cand.vehicles.len();
            match rng.gen_range(0..3) {
                0 => {
                    if !try_add_vehicle(&mut cand, &mut rng) {
                        continue;
                    }
                }
                1 if n > 1 => {
                    let mut i = rng.gen_range(0..n);
                    if i == cand.red {
                        i = (i + 1) % n;
                    }
                    cand.vehicles.remove(i);
                    cand.start.remove(i);
                    if i < cand.red {
                        cand.red -= 1;
                    }
                    rename(&mut cand);
                }
                _ if n > 1 => {
                    let mut i = rng.gen_range(0..n);
                    if i == cand.red {
                        i = (i + 1) % n;
                    }
                    cand.vehicles.remove(i);
                    cand.start.remove(i);
                    if i < cand.red {
                        cand.red -= 1;
                    }
                    if !try_add_vehicle(&mut cand, &mut rng) {
                        continue;
                    }
                }
                _ => continue,
            }
            tries += 1;
            match rate(&cand, max_states) {
                Rating::Solved(m) if m >= best_moves => {
                    if m > best_moves {
                        stale = 0;
                    } else {
                        stale += 1;
                    }
                    best = cand;
                    best_moves = m;
                }
                _ => stale += 1,
            }
        }
        if best_moves >= min_moves {
            return Some((best, best_moves));
        }
    }
    None
}
