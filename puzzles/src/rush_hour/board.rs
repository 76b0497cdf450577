//! The board: its layout and start positions, the course CSV and the 36-character 6x6
//! notation, and an independent replay of a solution.

use super::parse::{shown, ParseError};
use super::{Move, MAX_SIZE, MAX_VEHICLES};

/// Course board 1 (`Rushhour6x6_1.csv`), the program's built-in default.
pub const BOARD_1: &str = "vehicle,orientation,col,row,length
A,H,2,1,2
B,H,4,1,3
C,H,2,2,2
D,H,5,2,2
E,V,4,2,2
F,H,1,4,2
G,V,3,3,2
H,H,4,4,2
I,V,6,3,2
J,H,5,5,2
K,V,1,5,2
L,V,3,5,2
X,H,1,3,2
";

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

/// The comma-separated fields of a CSV line, trimmed, each with the 1-based column (in
/// characters) where its text starts.
fn fields(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut column = 1;
    for part in line.split(',') {
        let lead = part.chars().take_while(|c| c.is_whitespace()).count();
        out.push((column + lead, part.trim()));
        column += part.chars().count() + 1;
    }
    out
}

impl Board {
    /// Parses the course CSV (`vehicle,orientation,col,row,length`, 1-based, top-left cell)
    /// for a board of side `size`. The header line is optional; blank lines and lines
    /// starting with `#` are skipped. Errors name the line and, for a bad field, its column.
    pub fn parse_csv(text: &str, size: usize) -> Result<Board, ParseError> {
        if !(4..=MAX_SIZE).contains(&size) {
            return Err(ParseError::whole(format!(
                "board size {size} is not supported (4 to {MAX_SIZE})"
            )));
        }
        let mut vehicles = Vec::new();
        let mut start = Vec::new();
        let mut lines_of = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let ln = i + 1;
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if vehicles.is_empty() && line.to_ascii_lowercase().starts_with("vehicle") {
                continue;
            }
            let f = fields(raw);
            if f.len() != 5 {
                return Err(ParseError::on_line(
                    ln,
                    format!(
                        "expected 5 fields `vehicle,orientation,col,row,length`, found {}",
                        f.len()
                    ),
                ));
            }
            let at = |k: usize, msg: String| ParseError::at(ln, f[k].0, msg);
            let name = f[0].1;
            if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric()) {
                return Err(at(0, format!("bad vehicle name {}", shown(name))));
            }
            let horizontal = match f[1].1 {
                "H" | "h" => true,
                "V" | "v" => false,
                o => {
                    return Err(at(
                        1,
                        format!(
                            "vehicle {name}: orientation must be H or V, not {}",
                            shown(o)
                        ),
                    ))
                }
            };
            // each number is checked on its own before any arithmetic: no overflow
            let n = size as i64;
            let num = |k: usize, what: &str| -> Result<i64, ParseError> {
                f[k].1.parse::<i64>().map_err(|_| {
                    at(
                        k,
                        format!(
                            "vehicle {name}: {what} {} is not a whole number",
                            shown(f[k].1)
                        ),
                    )
                })
            };
            let (col, row, len) = (num(2, "col")?, num(3, "row")?, num(4, "length")?);
            if len != 2 && len != 3 {
                return Err(at(
                    4,
                    format!("vehicle {name}: length must be 2 or 3, not {len}"),
                ));
            }
            let out = |k: usize| {
                at(
                    k,
                    format!(
                        "vehicle {name}: out of bounds (col {col}, row {row}, length {len} on a {size}x{size} board)"
                    ),
                )
            };
            // the field that puts it off the board: a coordinate, or the one it extends along
            let (along, across) = if horizontal { (2, 3) } else { (3, 2) };
            let (a, c) = if horizontal { (col, row) } else { (row, col) };
            if !(1..=n).contains(&c) {
                return Err(out(across));
            }
            if !(1..=n).contains(&a) || a + len - 1 > n {
                return Err(out(along));
            }
            if let Some(j) = vehicles.iter().position(|v: &Vehicle| v.name == name) {
                return Err(at(
                    0,
                    format!(
                        "vehicle {name}: defined twice (first on line {})",
                        lines_of[j]
                    ),
                ));
            }
            if vehicles.len() == MAX_VEHICLES {
                return Err(ParseError::on_line(
                    ln,
                    format!("vehicle {name}: too many vehicles (at most {MAX_VEHICLES})"),
                ));
            }
            // both within 1..=size <= 16
            vehicles.push(Vehicle {
                name: name.to_string(),
                horizontal,
                line: (c - 1) as u8,
                len: len as u8,
            });
            start.push((a - 1) as u8);
            lines_of.push(ln);
        }
        let red = vehicles
            .iter()
            .position(|v| v.name == "X")
            .ok_or_else(|| ParseError::whole("the red car X is missing"))?;
        if !vehicles[red].horizontal {
            return Err(ParseError::on_line(
                lines_of[red],
                "vehicle X: the red car must be horizontal",
            ));
        }
        if vehicles[red].len != 2 {
            return Err(ParseError::on_line(
                lines_of[red],
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
        board.check_overlaps(|i| lines_of[i])?;
        Ok(board)
    }

    /// Parses the 36-character 6x6 notation: row by row, `o` (or `.`) empty, `x` wall,
    /// `A` the red car (third row), `B`..`Z` other vehicles. Errors name the character's
    /// position as column `i` of line 1.
    pub fn parse_compact(s: &str) -> Result<Board, ParseError> {
        let s = s.trim();
        let chars: Vec<char> = s.chars().collect();
        let at = |i: usize, msg: String| ParseError::at(1, i + 1, msg);
        if chars.len() != 36 {
            return Err(ParseError::whole(format!(
                "a 6x6 board string has 36 characters, this one {}",
                chars.len()
            )));
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
        let red = red.ok_or_else(|| ParseError::whole("the red car A is missing"))?;
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

    fn check_overlaps(&self, line_of: impl Fn(usize) -> usize) -> Result<(), ParseError> {
        let n = self.size;
        let mut owner: Vec<Option<usize>> = vec![None; n * n];
        for i in 0..self.vehicles.len() {
            for (r, c) in self.cells(i, self.start[i]) {
                if let Some(j) = owner[r * n + c] {
                    return Err(ParseError::on_line(
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
