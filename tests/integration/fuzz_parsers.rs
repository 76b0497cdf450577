//! Fuzzing every puzzle parser: arbitrary bytes, and valid files with random mutations (bytes
//! flipped, inserted or deleted, lines duplicated or cut, numbers made huge or negative).
//! Each parse must return `Ok` or a clean `Err` naming a place, and never panic. The bytes
//! go through the programs' own decoding (`text`), so non-UTF-8 input is covered too.

use heurist_puzzles::{fifteen, labyrinth, maze, parse, rush_hour, treasure, zenji};

use proptest::prelude::*;

/// The valid files the mutations start from.
const VALID: [&str; 7] = [
    include_str!("../../data/zenji/example.txt"),
    include_str!("../../data/treasure/10x10_a.txt"),
    include_str!("../../data/labyrinth/Puzzle_6.CSV"),
    include_str!("../../data/rush_hour/Rushhour6x6_1.csv"),
    include_str!("../../data/rush_hour/Rushhour9x9_4.csv"),
    "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3",
    "1 57 14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n2 55 13 5 4 10 9 12 8 14 2 3 7 1 0 15 11 6\n",
];

/// Runs every parser on `bytes`; a panic fails the test. An error must say something.
fn parse_all(bytes: &[u8]) {
    let text = match parse::text(bytes) {
        Ok(text) => text,
        Err(e) => {
            assert!(e.line.is_some() && e.column.is_some(), "{e}");
            return;
        }
    };
    let messages = [
        zenji::Grid::parse(text).err().map(|e| e.to_string()),
        treasure::Grid::parse(text).err().map(|e| e.to_string()),
        labyrinth::Board::parse(text).err().map(|e| e.to_string()),
        rush_hour::Board::parse_csv(text, 6)
            .err()
            .map(|e| e.to_string()),
        rush_hour::Board::parse_csv(text, 9)
            .err()
            .map(|e| e.to_string()),
        rush_hour::Board::parse_csv(text, 12)
            .err()
            .map(|e| e.to_string()),
        rush_hour::Board::parse_compact(text)
            .err()
            .map(|e| e.to_string()),
        fifteen::parse_layout(text).err().map(|e| e.to_string()),
        fifteen::parse_instances(text, 16)
            .err()
            .map(|e| e.to_string()),
        fifteen::parse_instances(text, 25)
            .err()
            .map(|e| e.to_string()),
    ];
    for message in messages.into_iter().flatten() {
        assert!(!message.trim().is_empty(), "an empty error message");
        assert!(
            message.len() < 2_000,
            "a message that repeats the input: {message:.200}"
        );
    }
}

/// One mutation of a file.
#[derive(Clone, Debug)]
enum Mutation {
    Flip(usize, u8),
    Insert(usize, u8),
    Delete(usize),
    Truncate(usize),
    DuplicateLine(usize),
    Number(usize, &'static str),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Mutation::Flip(i, b)),
        (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Mutation::Insert(i, b)),
        any::<usize>().prop_map(Mutation::Delete),
        any::<usize>().prop_map(Mutation::Truncate),
        any::<usize>().prop_map(Mutation::DuplicateLine),
        (
            any::<usize>(),
            prop::sample::select(vec![
                "9223372036854775807",
                "18446744073709551616",
                "-1",
                "0",
                "99999999999999999999999999",
                "\u{FEFF}",
                "\r",
                ";;;",
            ])
        )
            .prop_map(|(i, n)| Mutation::Number(i, n)),
    ]
}

fn apply(bytes: &mut Vec<u8>, m: &Mutation) {
    let at = |i: usize, len: usize| if len == 0 { 0 } else { i % len };
    match *m {
        Mutation::Flip(i, b) if !bytes.is_empty() => {
            let i = at(i, bytes.len());
            bytes[i] ^= b;
        }
        Mutation::Insert(i, b) => bytes.insert(at(i, bytes.len() + 1), b),
        Mutation::Delete(i) if !bytes.is_empty() => {
            bytes.remove(at(i, bytes.len()));
        }
        Mutation::Truncate(i) => bytes.truncate(at(i, bytes.len() + 1)),
        Mutation::DuplicateLine(i) => {
            let text = String::from_utf8_lossy(bytes).into_owned();
            let mut lines: Vec<&str> = text.lines().collect();
            if !lines.is_empty() {
                let k = at(i, lines.len());
                lines.insert(k, lines[k]);
            }
            *bytes = lines.join("\n").into_bytes();
        }
        Mutation::Number(i, n) => {
            // replace the token around position i (or insert at it)
            let i = at(i, bytes.len() + 1);
            let start = bytes[..i]
                .iter()
                .rposition(|b| !b.is_ascii_alphanumeric())
                .map_or(0, |p| p + 1);
            let end = bytes[i..]
                .iter()
                .position(|b| !b.is_ascii_alphanumeric())
                .map_or(bytes.len(), |p| i + p);
            bytes.splice(start..end, n.bytes());
        }
        _ => {}
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        parse_all(&bytes);
    }

    #[test]
    fn arbitrary_text_never_panics(text in "[0-9A-Za-z ,;.\\-#/\\n\\r]{0,300}") {
        parse_all(text.as_bytes());
    }

    #[test]
    fn mutated_files_never_panic(
        file in 0..VALID.len(),
        mutations in prop::collection::vec(mutation(), 1..6),
    ) {
        let mut bytes = VALID[file].as_bytes().to_vec();
        for m in &mutations {
            apply(&mut bytes, m);
        }
        parse_all(&bytes);
    }
}

#[test]
fn the_valid_files_parse() {
    assert!(zenji::Grid::parse(VALID[0]).is_ok());
    assert!(treasure::Grid::parse(VALID[1]).is_ok());
    assert!(labyrinth::Board::parse(VALID[2]).is_ok());
    assert!(rush_hour::Board::parse_csv(VALID[3], 6).is_ok());
    assert!(rush_hour::Board::parse_csv(VALID[4], 9).is_ok());
    assert!(fifteen::parse_layout(VALID[5]).is_ok());
    assert!(fifteen::parse_instances(VALID[6], 16).is_ok());
}

#[test]
fn a_vehicle_past_the_edge_is_an_error_not_a_panic() {
    for csv in [
        "vehicle,orientation,col,row,length\nX,H,9223372036854775807,3,2\n",
        "vehicle,orientation,col,row,length\nX,H,1,3,2\nA,V,2,18446744073709551615,3\n",
        "vehicle,orientation,col,row,length\nX,H,5,3,9223372036854775807\n",
    ] {
        let e = rush_hour::Board::parse_csv(csv, 6).expect_err("off the board");
        assert!(e.line.is_some(), "{e}");
    }
}

// Parsing is linear in the input. The tests below time nothing: each reads one line of a
// million tokens (several megabytes), which takes well under a second. A parser that counts
// a token's column from the start of its line (time quadratic in the line's length) takes
// minutes on them: `fifteen` read 400,000 numbers in 9 s that way, and the labyrinth 100,000
// push entries in 5 s, so a million take about a minute for the one and eight for the other.

/// How many tokens the long lines hold.
const LONG: usize = 1_000_000;

/// `token` `LONG` times, each followed by `sep`, then `last`.
fn long_line(token: &str, sep: &str, last: &str) -> String {
    let mut line = format!("{token}{sep}").repeat(LONG);
    line.push_str(last);
    line
}

/// The column of the character after the `LONG` tokens of [`long_line`].
fn last_column(token: &str, sep: &str) -> usize {
    LONG * (token.chars().count() + sep.chars().count()) + 1
}

#[test]
fn fifteen_reads_a_line_of_a_million_numbers_in_linear_time() {
    let line = long_line("7", " ", "");
    let e = fifteen::parse_instances(&line, 16).expect_err("too many numbers");
    assert!(e.message.contains(&format!("found {LONG} numbers")), "{e}");
    assert!(fifteen::parse_layout(&line).is_err());
    // the column of a bad number at the end is still right, and the message short
    let line = long_line("7", ", ", &"x".repeat(100_000));
    let e = fifteen::parse_layout(&line).expect_err("not a number");
    assert_eq!(e.column, Some(last_column("7", ", ")), "{e}");
    assert!(e.message.len() < 200, "{}", e.message);
}

#[test]
fn a_labyrinth_push_list_of_a_million_entries_reads_in_linear_time() {
    let board = include_str!("../../data/labyrinth/Puzzle_6.CSV");
    let entry = "row 1 from left";
    let text = format!("push = {}\n{board}", long_line(entry, ", ", entry));
    let e = labyrinth::Board::parse(&text).expect_err("a line listed twice");
    assert_eq!((e.line, e.column), (Some(1), Some(25)), "{e}");
    assert!(e.message.contains("listed twice"), "{e}");
    // a bad entry at the end of the list, found at its column
    let text = format!(
        "push = {}\n{board}",
        long_line(entry, ", ", "row 1 from nowhere")
    );
    let e = labyrinth::Board::parse(&text).expect_err("a bad entry");
    assert_eq!(e.column, Some(7 + last_column(entry, ", ")), "{e}");
    // a board row of a million fields
    let text = format!("{}\n7\n", long_line("1", ";", "?"));
    let e = labyrinth::Board::parse(&text).expect_err("an unknown code");
    assert_eq!(e.column, Some(last_column("1", ";")), "{e}");
}

#[test]
fn every_puzzle_reads_a_long_line_in_linear_time() {
    let e = zenji::Grid::parse(&long_line("0120", " ", "0129")).expect_err("not a door");
    assert_eq!(e.column, Some(last_column("0120", " ") + 3), "{e}");
    let e = treasure::Grid::parse(&long_line(".", "", "x")).expect_err("not a cell");
    assert_eq!(e.column, Some(last_column(".", "")), "{e}");
    let line = long_line("X,H,1,3,2", ",", "");
    let e = rush_hour::Board::parse_csv(&line, 6).expect_err("too many fields");
    assert!(e.message.contains("found 5000001"), "{e}");
    assert!(rush_hour::Board::parse_compact(&line).is_err());
    match maze::Maze::parse(&long_line(".", "", "x")) {
        Err(maze::ParseError::UnknownChar { column, .. }) => {
            assert_eq!(column, last_column(".", ""))
        }
        other => panic!("an unknown character, not {other:?}"),
    }
    // and so does the check of the bytes
    let mut bytes = long_line("\u{e9}", "", "").into_bytes();
    bytes.push(0xFF);
    let e = parse::text(&bytes).expect_err("not UTF-8");
    assert_eq!(e.column, Some(LONG + 1), "{e}");
}
