//! The grid of clues, its text format, and an independent checker of placements.

use super::parse::ParseError;
use super::DIRS;

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
            return Err(ParseError::at(
                1,
                1,
                "empty input: expected at least one row of '.' and clues 0-8",
            ));
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
                        return Err(ParseError::at(
                            line,
                            column,
                            format!(
                            "unexpected character {ch:?}: expected '.' (empty cell) or a clue 0-8"
                        ),
                        ))
                    }
                };
                if rows > 0 && n == cols {
                    return Err(ParseError::at(
                        line,
                        column,
                        format!("row is longer than the first row ({cols} cells)"),
                    ));
                }
                cells.push(cell);
                n += 1;
            }
            if rows == 0 {
                cols = n;
            } else if n < cols {
                return Err(ParseError::at(
                    line,
                    n + 1,
                    format!("row has {n} cells, the first row has {cols}"),
                ));
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
