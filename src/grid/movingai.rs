//! Readers for the Moving AI benchmark formats: `.map` files and `.scen` scenario files
//! (<https://movingai.com/benchmarks/formats.html>).

use std::fmt;

use super::{Cell, GridMap, Map};

/// Why a map or scenario text could not be read: where (1-based line and column, the
/// column counted in characters) and what.
///
/// # Examples
///
/// ```
/// use heurist::grid::parse_map;
///
/// let err = parse_map("type octile\nheight 2\nwidth 3\nmap\n...\n.x.\n").unwrap_err();
/// assert_eq!((err.line(), err.column()), (6, 2));
/// assert_eq!(err.to_string(), "line 6, column 2: unknown terrain 'x'");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    line: usize,
    column: usize,
    message: String,
}

impl ParseError {
    fn new(line: usize, column: usize, message: impl Into<String>) -> Self {
        ParseError {
            line,
            column,
            message: message.into(),
        }
    }

    /// The line of the error, from 1.
    pub fn line(&self) -> usize {
        self.line
    }

    /// The column of the error in characters, from 1.
    pub fn column(&self) -> usize {
        self.column
    }

    /// What is wrong.
    pub fn message(&self) -> &str {
        &self.message
    }
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

/// The lines of a text, numbered from 1, without their line ends (`\n` or `\r\n`).
fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .enumerate()
        .map(|(i, l)| (i + 1, l))
}

/// The character column (from 1) of byte offset `at` in `line`.
fn column(line: &str, at: usize) -> usize {
    line[..at].chars().count() + 1
}

/// The whitespace-separated words of `line` with their byte offsets.
fn words(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, ch) in line.char_indices() {
        match (ch.is_whitespace(), start) {
            (true, Some(s)) => {
                out.push((s, &line[s..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, &line[s..]));
    }
    out
}

/// Parses a non-negative decimal integer that fits `u32`.
fn number(no: usize, line: &str, at: usize, word: &str, what: &str) -> Result<u32, ParseError> {
    if word.is_empty() || !word.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ParseError::new(
            no,
            column(line, at),
            format!("{what} must be a non-negative integer, not '{word}'"),
        ));
    }
    word.parse()
        .map_err(|_| ParseError::new(no, column(line, at), format!("{what} {word} is too large")))
}

/// Whether a Moving AI terrain character can be entered: `.`, `G` and `S` can; `@`, `O`,
/// `T` and `W` cannot; anything else is not a terrain.
pub fn terrain_passable(ch: char) -> Option<bool> {
    match ch {
        '.' | 'G' | 'S' => Some(true),
        '@' | 'O' | 'T' | 'W' => Some(false),
        _ => None,
    }
}

/// Reads a Moving AI `.map` text: `type octile`, `height H`, `width W` (these two in
/// either order), `map`, then `H` rows of `W` terrain characters ([`terrain_passable`]).
/// Blank lines after the last row are allowed; anything else is an error saying where.
/// The work is linear in the length of the text: the size given in the header is checked
/// against the rows present before any memory is taken for it.
///
/// # Examples
///
/// ```
/// use heurist::grid::{parse_map, Map};
///
/// let map = parse_map("type octile\nheight 2\nwidth 3\nmap\n.@.\nT..\n").unwrap();
/// assert_eq!((map.width(), map.height()), (3, 2));
/// assert!(map.is_passable(0, 0) && !map.is_passable(1, 0) && !map.is_passable(0, 1));
/// ```
pub fn parse_map(text: &str) -> Result<GridMap, ParseError> {
    let mut it = lines(text);
    let mut height = None;
    let mut width = None;
    let mut typed = false;
    let mut last = (0, "");
    // The header, up to the line `map`.
    loop {
        let Some((no, line)) = it.next() else {
            let (no, line) = last;
            return Err(ParseError::new(
                no.max(1),
                line.chars().count() + 1,
                "the header ends before the line 'map'",
            ));
        };
        last = (no, line);
        let w = words(line);
        match w.as_slice() {
            [] => continue,
            [(_, "map")] if !typed => {
                return Err(ParseError::new(no, 1, "missing 'type' line before 'map'"));
            }
            [(_, "map")] => break,
            [(_, "type"), (at, t)] => {
                if *t != "octile" {
                    return Err(ParseError::new(
                        no,
                        column(line, *at),
                        format!("unsupported map type '{t}' (expected 'octile')"),
                    ));
                }
                typed = true;
            }
            [(_, key @ ("height" | "width")), (at, n)] => {
                let slot = if *key == "height" {
                    &mut height
                } else {
                    &mut width
                };
                if slot.is_some() {
                    return Err(ParseError::new(no, 1, format!("'{key}' given twice")));
                }
                let v = number(no, line, *at, n, key)?;
                if v == 0 {
                    return Err(ParseError::new(
                        no,
                        column(line, *at),
                        format!("{key} must be positive"),
                    ));
                }
                *slot = Some(v);
            }
            [(at, word), ..] => {
                return Err(ParseError::new(
                    no,
                    column(line, *at),
                    format!("unexpected header line starting with '{word}'"),
                ));
            }
        }
    }
    let (map_line, _) = last;
    let Some(height) = height else {
        return Err(ParseError::new(
            map_line,
            1,
            "missing 'height' before 'map'",
        ));
    };
    let Some(width) = width else {
        return Err(ParseError::new(map_line, 1, "missing 'width' before 'map'"));
    };
    // The rows, checked before the map is allocated.
    let mut rows: Vec<&str> = Vec::new();
    let mut last_no = map_line;
    for (no, line) in it.by_ref() {
        last_no = no;
        if rows.len() == height as usize {
            if !line.trim().is_empty() {
                return Err(ParseError::new(
                    no,
                    1,
                    format!("more rows than the height {height}"),
                ));
            }
            continue;
        }
        let mut n = 0usize;
        for (i, ch) in line.chars().enumerate() {
            if terrain_passable(ch).is_none() {
                return Err(ParseError::new(
                    no,
                    i + 1,
                    format!("unknown terrain {ch:?}"),
                ));
            }
            n += 1;
            if n > width as usize {
                return Err(ParseError::new(
                    no,
                    i + 1,
                    format!("row longer than the width {width}"),
                ));
            }
        }
        if n < width as usize {
            return Err(ParseError::new(
                no,
                n + 1,
                format!("row of {n} cells, shorter than the width {width}"),
            ));
        }
        rows.push(line);
    }
    if rows.len() < height as usize {
        return Err(ParseError::new(
            last_no + 1,
            1,
            format!("{} rows, fewer than the height {height}", rows.len()),
        ));
    }
    if u64::from(width) * u64::from(height) > u64::from(u32::MAX) {
        return Err(ParseError::new(map_line, 1, "the map has too many cells"));
    }
    Ok(GridMap::from_fn(width, height, |x, y| {
        let row = rows[y as usize].as_bytes();
        row.get(x as usize)
            .is_some_and(|b| matches!(b, b'.' | b'G' | b'S'))
    }))
}

/// One line of a Moving AI `.scen` file: a start, a goal and the optimal path length
/// between them (8-connected, straight steps 1, diagonal steps sqrt 2, no corner cutting).
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    /// The bucket (the optimal length divided by 4, rounded down, in the published sets).
    pub bucket: u32,
    /// The map file the scenario is for, as written.
    pub map: String,
    /// The map's width, as written.
    pub width: u32,
    /// The map's height, as written.
    pub height: u32,
    /// Where the path starts.
    pub start: Cell,
    /// Where it ends.
    pub goal: Cell,
    /// The optimal length as published (rounded to the digits printed).
    pub optimal: f64,
}

/// Reads a Moving AI `.scen` text: a first line `version 1` (or `version 1.0`), then one
/// scenario a line, nine fields separated by tabs (or, in lines without tabs, by
/// whitespace): bucket, map path, width, height, start x, start y, goal x, goal y, optimal
/// length. Blank lines are skipped. Start and goal must lie inside the width and height of
/// their line, and the length must be a finite non-negative number.
///
/// # Examples
///
/// ```
/// use heurist::grid::{parse_scenarios, Cell};
///
/// let text = "version 1\n0\tmaps/a.map\t8\t8\t1\t2\t3\t2\t2\n";
/// let scen = parse_scenarios(text).unwrap();
/// assert_eq!((scen[0].start, scen[0].goal, scen[0].optimal), (Cell::new(1, 2), Cell::new(3, 2), 2.0));
///
/// let bad = parse_scenarios("version 1\n0 a.map 8 8 1 9 3 2 2\n").unwrap_err();
/// assert_eq!((bad.line(), bad.column()), (2, 15)); // y 9 is outside the height 8
/// ```
pub fn parse_scenarios(text: &str) -> Result<Vec<Scenario>, ParseError> {
    let mut it = lines(text);
    match it.next() {
        Some((_, line)) => {
            let w = words(line);
            match w.as_slice() {
                [(_, "version"), (_, "1" | "1.0")] => {}
                [(_, "version"), (at, v)] => {
                    return Err(ParseError::new(
                        1,
                        column(line, *at),
                        format!("unsupported version '{v}' (expected 1)"),
                    ))
                }
                _ => return Err(ParseError::new(1, 1, "expected the header 'version 1'")),
            }
        }
        None => unreachable!("split yields at least one line"),
    }
    let mut out = Vec::new();
    for (no, line) in it {
        if line.trim().is_empty() {
            continue;
        }
        let fields: Vec<(usize, &str)> = if line.contains('\t') {
            let mut v = Vec::with_capacity(9);
            let mut at = 0;
            for f in line.split('\t') {
                let lead = f.len() - f.trim_start().len();
                v.push((at + lead, f.trim()));
                at += f.len() + 1;
            }
            v
        } else {
            words(line)
        };
        if fields.len() != 9 {
            let at = fields.get(9).map_or(line.len(), |f| f.0);
            return Err(ParseError::new(
                no,
                column(line, at),
                format!("expected 9 fields, found {}", fields.len()),
            ));
        }
        let num = |i: usize, what: &str| number(no, line, fields[i].0, fields[i].1, what);
        let bucket = num(0, "bucket")?;
        let map = fields[1].1.to_string();
        if map.is_empty() {
            return Err(ParseError::new(
                no,
                column(line, fields[1].0),
                "empty map path",
            ));
        }
        let width = num(2, "width")?;
        let height = num(3, "height")?;
        let mut coord = [0u32; 4];
        for (k, what) in ["start x", "start y", "goal x", "goal y"]
            .iter()
            .enumerate()
        {
            let v = num(4 + k, what)?;
            let bound = if k % 2 == 0 { width } else { height };
            if v >= bound {
                let side = if k % 2 == 0 { "width" } else { "height" };
                return Err(ParseError::new(
                    no,
                    column(line, fields[4 + k].0),
                    format!("{what} {v} is outside the {side} {bound}"),
                ));
            }
            coord[k] = v;
        }
        let (at, word) = fields[8];
        let optimal: f64 = match word.parse::<f64>() {
            Ok(v) if v.is_finite() && v >= 0.0 => v,
            _ => {
                return Err(ParseError::new(
                    no,
                    column(line, at),
                    format!("optimal length must be a finite non-negative number, not '{word}'"),
                ))
            }
        };
        out.push(Scenario {
            bucket,
            map,
            width,
            height,
            start: Cell::new(coord[0], coord[1]),
            goal: Cell::new(coord[2], coord[3]),
            optimal,
        });
    }
    Ok(out)
}

impl Scenario {
    /// Whether the scenario fits `map`: the same size, start and goal passable.
    ///
    /// # Examples
    ///
    /// ```
    /// use heurist::grid::{parse_map, parse_scenarios};
    ///
    /// let map = parse_map("type octile\nheight 1\nwidth 3\nmap\n.@.\n").unwrap();
    /// let scen = parse_scenarios("version 1\n0 m.map 3 1 0 0 2 0 2\n0 m.map 3 1 0 0 1 0 1\n").unwrap();
    /// assert!(scen[0].fits(&map));
    /// assert!(!scen[1].fits(&map)); // the goal is blocked
    /// ```
    pub fn fits(&self, map: &(impl Map + ?Sized)) -> bool {
        self.width == map.width()
            && self.height == map.height()
            && map.is_passable(self.start.x, self.start.y)
            && map.is_passable(self.goal.x, self.goal.y)
    }
}
