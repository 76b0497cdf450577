//! Board layouts and instance files as text, and which layouts can reach the goal.

use super::parse::ParseError;
use super::{Puzzle, Tiles};

pub(super) fn err(column: Option<usize>, message: impl Into<String>) -> ParseError {
    ParseError {
        line: None,
        column,
        message: message.into(),
    }
}

/// Numbers with their 1-based columns, and the token counts at which rows end.
type Tokens = (Vec<(u32, usize)>, Vec<usize>);

/// The numbers of a line, separated by whitespace or commas, with their 1-based columns; `/`
/// separates rows (returned as row ends). The column is counted as the characters go by, so
/// a long line is read in time linear in its length.
fn tokens(text: &str) -> Result<Tokens, ParseError> {
    let mut out = Vec::new();
    let mut row_ends = Vec::new();
    let mut chars = text.char_indices().peekable();
    // the column of the next character
    let mut column = 1;
    while let Some(&(i, c)) = chars.peek() {
        if c.is_whitespace() || c == ',' {
            chars.next();
            column += 1;
        } else if c == '/' {
            row_ends.push(out.len());
            chars.next();
            column += 1;
        } else {
            let (start, start_column) = (i, column);
            let mut end = i;
            while let Some(&(j, d)) = chars.peek() {
                if d.is_whitespace() || d == ',' || d == '/' {
                    break;
                }
                end = j + d.len_utf8();
                chars.next();
                column += 1;
            }
            let word = &text[start..end];
            let v: u32 = word.parse().map_err(|_| {
                err(
                    Some(start_column),
                    format!(
                        "{} is not a tile number (expected a non-negative integer)",
                        super::parse::shown(word)
                    ),
                )
            })?;
            out.push((v, start_column));
        }
    }
    Ok((out, row_ends))
}

/// The shape of a board with `n` cells when no rows are given: square if possible.
fn square_shape(n: usize) -> Option<(usize, usize)> {
    (2..=5).find(|&k| k * k == n).map(|k| (k, k))
}

/// Checks that `tiles` is a permutation of `0..tiles.len()`; columns for messages.
pub(super) fn check_permutation(tiles: &[u8], cols: &[usize]) -> Result<(), ParseError> {
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

pub(super) fn check_shape(rows: usize, cols: usize) -> Result<(), ParseError> {
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

/// The number of cells of a square board that the first instance line of `text` fits (its
/// count of numbers, less up to two leading columns: 9, 16 or 25), if any; lets a file of
/// 24-puzzle instances be read without a goal.
pub fn square_cells(text: &str) -> Option<usize> {
    let line = text
        .lines()
        .map(|l| l.split('#').next().unwrap_or(""))
        .find(|l| !l.trim().is_empty())?;
    let count = line.split_whitespace().count();
    (0..=2)
        .filter_map(|extra| count.checked_sub(extra))
        .find(|&c| [9, 16, 25].contains(&c))
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

impl Puzzle {
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
}
