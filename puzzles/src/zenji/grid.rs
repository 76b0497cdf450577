//! The map: tiles with four doors each, and its text format.

use super::parse::{shown, ParseError};
use super::{rotate, DRAIN, E, N, S, SOURCE, W};

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
            line: Some(line),
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
                                    "tile {} has more than 4 doors (expected N E S W, e.g. 0120)",
                                    shown(&word.iter().collect::<String>())
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
                            "tile {} has {} door(s), expected 4 (N E S W, e.g. 0120)",
                            shown(&word.iter().collect::<String>()),
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
