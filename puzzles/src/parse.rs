//! Puzzle files as text, and parse errors that say where.

use std::fmt;

/// What is wrong with a puzzle file or flag, and where: 1-based line and column (in
/// characters), when the error has a place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The 1-based line, if the error has one.
    pub line: Option<usize>,
    /// The 1-based column, in characters, if the error has one.
    pub column: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl ParseError {
    /// An error at `line`, `column`.
    pub fn at(line: usize, column: usize, message: impl Into<String>) -> Self {
        ParseError {
            line: Some(line),
            column: Some(column),
            message: message.into(),
        }
    }

    /// An error on `line` as a whole.
    pub fn on_line(line: usize, message: impl Into<String>) -> Self {
        ParseError {
            line: Some(line),
            column: None,
            message: message.into(),
        }
    }

    /// An error of the input as a whole.
    pub fn whole(message: impl Into<String>) -> Self {
        ParseError {
            line: None,
            column: None,
            message: message.into(),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(l), Some(c)) => write!(f, "line {l}, column {c}: {}", self.message),
            (Some(l), None) => write!(f, "line {l}: {}", self.message),
            (None, Some(c)) => write!(f, "column {c}: {}", self.message),
            _ => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for ParseError {}

/// The bytes of a puzzle file as text: UTF-8, with a leading byte-order mark dropped. A
/// byte that is not UTF-8 is reported at its line and column.
pub fn text(bytes: &[u8]) -> Result<&str, ParseError> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    std::str::from_utf8(bytes).map_err(|e| {
        let good = &bytes[..e.valid_up_to()];
        let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = good.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        // valid UTF-8 up to here, so the characters can be counted
        let column = String::from_utf8_lossy(&good[line_start..]).chars().count() + 1;
        ParseError::at(line, column, "not UTF-8 text")
    })
}

/// The byte offset in `line` at which `part`, a slice of `line`, starts (0 for a string that
/// is not part of it).
pub fn offset_in(line: &str, part: &str) -> usize {
    let offset = (part.as_ptr() as usize).wrapping_sub(line.as_ptr() as usize);
    match offset.checked_add(part.len()) {
        Some(end) if end <= line.len() => offset,
        _ => 0,
    }
}

/// The 1-based column (in characters) of byte `offset` of `line`. It counts the characters
/// before the offset, so a parser calls it for the error it reports, never for each token:
/// reading a long line stays linear in its length.
pub fn column_at(line: &str, offset: usize) -> usize {
    // the start of the character the offset falls in (the end if past it)
    let start = (0..=offset.min(line.len()))
        .rev()
        .find(|&i| line.is_char_boundary(i))
        .unwrap_or(0);
    line[..start].chars().count() + 1
}

/// The most bytes a puzzle file may hold: 64 MiB, far more than any puzzle the programs can
/// solve. A larger file, or a device such as `/dev/zero`, is an error, not a read until
/// memory runs out.
pub const MAX_INPUT: u64 = 64 << 20;

/// Reads a puzzle file as text ([`text`]); an unreadable file, or one over [`MAX_INPUT`]
/// bytes, is an error naming it.
pub fn read_file(path: &std::path::Path) -> Result<String, String> {
    let shown = path.display();
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
    let bytes = read_at_most(file, MAX_INPUT).map_err(|e| format!("cannot read {shown}: {e}"))?;
    let Some(bytes) = bytes else {
        return Err(format!(
            "{shown}: larger than {} MiB, the most a puzzle file may hold",
            MAX_INPUT >> 20
        ));
    };
    text(&bytes)
        .map(str::to_owned)
        .map_err(|e| format!("{shown}: {e}"))
}

/// All of `reader` if it holds at most `cap` bytes, `None` if it holds more: no more than
/// `cap + 1` bytes are read either way.
pub fn read_at_most(reader: impl std::io::Read, cap: u64) -> std::io::Result<Option<Vec<u8>>> {
    use std::io::Read as _;
    let mut bytes = Vec::new();
    reader.take(cap.saturating_add(1)).read_to_end(&mut bytes)?;
    Ok((bytes.len() as u64 <= cap).then_some(bytes))
}

/// `token` for an error message: at most 24 characters, the rest elided.
pub fn shown(token: &str) -> String {
    const MAX: usize = 24;
    if token.chars().count() <= MAX {
        format!("{token:?}")
    } else {
        let head: String = token.chars().take(MAX).collect();
        format!("{head:?}...")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_names_the_place_of_a_bad_byte_and_drops_a_bom() {
        assert_eq!(text(b"\xEF\xBB\xBFab\ncd").unwrap(), "ab\ncd");
        let e = text(b"ab\nc\xFFd").unwrap_err();
        assert_eq!((e.line, e.column), (Some(2), Some(2)));
        assert_eq!(shown("x"), "\"x\"");
        assert!(shown(&"y".repeat(1000)).len() < 40);
    }

    #[test]
    fn columns_count_characters_of_the_line() {
        let line = "ab \u{e9}t\u{e9} x";
        let x = line.find('x').unwrap();
        assert_eq!(column_at(line, x), 8);
        assert_eq!(column_at(line, offset_in(line, &line[x..])), 8);
        assert_eq!(column_at(line, 0), 1);
        // inside a character: its column; past the end: one after the last
        assert_eq!(column_at(line, 4), 4);
        assert_eq!(column_at(line, 99), 9);
        assert_eq!(offset_in(line, "elsewhere"), 0);
    }

    #[test]
    fn reading_stops_one_byte_past_the_cap() {
        let ten = read_at_most(&b"0123456789"[..], 10).unwrap();
        assert_eq!(ten.as_deref(), Some(&b"0123456789"[..]));
        assert_eq!(read_at_most(&b"0123456789"[..], 9).unwrap(), None);
        // an endless source ends too
        assert_eq!(read_at_most(std::io::repeat(0), 1 << 20).unwrap(), None);
    }
}
