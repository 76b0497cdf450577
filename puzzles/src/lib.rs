//! The puzzle models of `heurist`'s example programs: each puzzle's parsing, rules and
//! heuristics, without the command line or the printing. The programs in `examples/`, the
//! integration tests and the benchmarks all use them from here, so that each model is
//! compiled once.
//!
//! | module | puzzle |
//! |---|---|
//! | [`fifteen`] | sliding tiles (8-, 15-, 24-puzzle, rectangular boards), pattern databases |
//! | [`labyrinth`] | the dynamic labyrinth: shifting rows and columns, a figure walking to the exit |
//! | [`maze`] | a grid maze read from text |
//! | [`rush_hour`] | Rush Hour: boards up to 12x12, pruning, heuristics, a generator |
//! | [`treasure`] | the treasure hunt: coins placed to satisfy number clues |
//! | [`zenji`] | Zenji: rotate tiles so that the water flows from the source to the drain |
//! | [`disk_bfs`] | the packed puzzles of the disk-backed breadth-first search |
//! | [`parse`] | reading puzzle files, parse errors with line and column |
//!
//! The crate is part of the repository's workspace and is not published.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod disk_bfs;
pub mod fifteen;
pub mod labyrinth;
pub mod maze;
pub mod parse;
pub mod rush_hour;
pub mod treasure;
pub mod zenji;
