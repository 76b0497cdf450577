//! A grid maze: parsing from text, the [`Problem`] implementation and a Manhattan heuristic.
//!
//! Text format, one row per line: `#` wall, `.` free, `S` start, `G` goal (exactly one of
//! each). All rows have the same length; blank lines at the end of the file are ignored.
//! Moves go to one of the four neighbouring free cells and cost 1.

use std::fmt;

use heurist::{Problem, Successors};

/// A cell: `(row, column)`, from `(0, 0)` at the top left.
pub type Pos = (usize, usize);

/// A move to a neighbouring cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    /// One row up.
    Up,
    /// One row down.
    Down,
    /// One column left.
    Left,
    /// One column right.
    Right,
}

impl Dir {
    /// The four directions, in the order successors are generated.
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

    /// The letter of the move: `U`, `D`, `L` or `R`.
    pub fn letter(self) -> char {
        match self {
            Dir::Up => 'U',
            Dir::Down => 'D',
            Dir::Left => 'L',
            Dir::Right => 'R',
        }
    }
}

/// A rectangular maze with one start and one goal cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Maze {
    /// Number of rows.
    pub height: usize,
    /// Number of columns.
    pub width: usize,
    /// Row-major: `walls[r * width + c]` is true for a wall.
    walls: Vec<bool>,
    /// The start cell.
    pub start: Pos,
    /// The goal cell.
    pub goal: Pos,
}

/// What is wrong with a maze file. Lines and columns count from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// The file has no rows.
    Empty,
    /// A row's length differs from the first row's.
    Ragged {
        /// Line of the offending row.
        line: usize,
        /// Its length.
        len: usize,
        /// The length of the first row.
        expected: usize,
    },
    /// A character other than `#`, `.`, `S`, `G`.
    UnknownChar {
        /// Where it is.
        line: usize,
        /// Where it is.
        column: usize,
        /// The character.
        ch: char,
    },
    /// No `S` (`'S'`) or no `G` (`'G'`) in the file.
    Missing(char),
    /// A second `S` or `G`.
    Duplicate {
        /// `'S'` or `'G'`.
        ch: char,
        /// Where the second one is.
        line: usize,
        /// Where the second one is.
        column: usize,
        /// Line and column of the first one.
        first: (usize, usize),
    },
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ParseError::Empty => write!(f, "the maze is empty"),
            ParseError::Ragged {
                line,
                len,
                expected,
            } => write!(
                f,
                "line {line}: row has {len} characters, the first row has {expected}"
            ),
            ParseError::UnknownChar { line, column, ch } => write!(
                f,
                "line {line}, column {column}: unknown character {ch:?} (expected '#', '.', 'S' or 'G')"
            ),
            ParseError::Missing(ch) => write!(f, "no '{ch}' cell in the maze"),
            ParseError::Duplicate {
                ch,
                line,
                column,
                first: (l, c),
            } => write!(
                f,
                "line {line}, column {column}: second '{ch}' (the first is at line {l}, column {c})"
            ),
        }
    }
}

impl std::error::Error for ParseError {}

impl Maze {
    /// Reads a maze in the text format described in the module documentation.
    pub fn parse(text: &str) -> Result<Maze, ParseError> {
        let mut rows: Vec<&str> = text.lines().collect();
        while rows.last().is_some_and(|r| r.trim().is_empty()) {
            rows.pop();
        }
        let width = rows.first().ok_or(ParseError::Empty)?.chars().count();
        let (mut start, mut goal): (Option<Pos>, Option<Pos>) = (None, None);
        let mut walls = Vec::with_capacity(width * rows.len());
        for (r, row) in rows.iter().enumerate() {
            let len = row.chars().count();
            if len != width {
                let (line, expected) = (r + 1, width);
                return Err(ParseError::Ragged {
                    line,
                    len,
                    expected,
                });
            }
            for (c, ch) in row.chars().enumerate() {
                let (line, column) = (r + 1, c + 1);
                let slot = match ch {
                    '#' | '.' => None,
                    'S' => Some(&mut start),
                    'G' => Some(&mut goal),
                    _ => return Err(ParseError::UnknownChar { line, column, ch }),
                };
                if let Some(slot) = slot {
                    if let Some((r0, c0)) = *slot {
                        let first = (r0 + 1, c0 + 1);
                        return Err(ParseError::Duplicate {
                            ch,
                            line,
                            column,
                            first,
                        });
                    }
                    *slot = Some((r, c));
                }
                walls.push(ch == '#');
            }
        }
        Ok(Maze {
            height: rows.len(),
            width,
            walls,
            start: start.ok_or(ParseError::Missing('S'))?,
            goal: goal.ok_or(ParseError::Missing('G'))?,
        })
    }

    /// Whether `(r, c)` is a wall.
    pub fn is_wall(&self, (r, c): Pos) -> bool {
        self.walls[r * self.width + c]
    }

    /// The free cell one step from `p` in direction `d`, if there is one.
    pub fn step(&self, (r, c): Pos, d: Dir) -> Option<Pos> {
        let next = match d {
            Dir::Up => (r.checked_sub(1)?, c),
            Dir::Down => (r + 1, c),
            Dir::Left => (r, c.checked_sub(1)?),
            Dir::Right => (r, c + 1),
        };
        let inside = next.0 < self.height && next.1 < self.width;
        (inside && !self.is_wall(next)).then_some(next)
    }

    /// Manhattan distance from `p` to the goal: admissible (each move changes the row or
    /// the column by one) and consistent.
    pub fn manhattan(&self, &(r, c): &Pos) -> u32 {
        (r.abs_diff(self.goal.0) + c.abs_diff(self.goal.1)) as u32
    }

    /// The maze as text, with the cells of `path` (other than `S` and `G`) drawn as `o`.
    pub fn render(&self, path: &[Pos]) -> String {
        let mut grid: Vec<Vec<char>> = (0..self.height)
            .map(|r| {
                let row = (0..self.width).map(|c| if self.is_wall((r, c)) { '#' } else { '.' });
                row.collect()
            })
            .collect();
        for &(r, c) in path {
            grid[r][c] = 'o';
        }
        grid[self.start.0][self.start.1] = 'S';
        grid[self.goal.0][self.goal.1] = 'G';
        let lines: Vec<String> = grid.into_iter().map(String::from_iter).collect();
        lines.join("\n")
    }
}

impl Problem for Maze {
    type State = Pos;
    type Action = Dir;
    type Cost = u32;

    fn is_goal(&self, p: &Pos) -> bool {
        *p == self.goal
    }

    fn successors(&self, &p: &Pos, out: &mut Successors<Pos, Dir, u32>) {
        for d in Dir::ALL {
            if let Some(next) = self.step(p, d) {
                out.push(d, next, 1);
            }
        }
    }
}
