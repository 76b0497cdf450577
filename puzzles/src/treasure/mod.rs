//! The treasure hunt: a grid in which some cells hold a clue 0-8, the number of coins in the
//! cell's (up to eight) neighbours. Coins lie only on empty (non-clue) cells, at most one per
//! cell, and only on cells next to at least one clue. A solution satisfies every clue exactly.
//!
//! Search model: a state is a partial placement. The cells that may hold a coin are numbered
//! in a fixed canonical order (row-major, or column-major on wide grids); a state is the set of
//! placed coins plus the index of the next cell that may still receive one, and a step places a
//! coin on a cell at or after that index (cost 1). Every set of coins is therefore generated
//! exactly once, so the search space is a tree, and the cells before the index are decided
//! (empty unless they hold a coin). A child is generated only if no clue is exceeded and every
//! clue can still be met by its cells that are still open. Goal: every clue satisfied exactly
//! (goal states are leaves: one more coin would exceed a clue).
//!
//! Modules: `grid` (the grid, its text format and parser, the independent placement checker),
//! `search` (the search problem [`Treasure`] with its constraint propagation, and solution
//! counting by the library's enumeration), `heuristics` ([`HeuristicKind`]), `generate`
//! (random grids with a unique solution).

mod generate;
mod grid;
mod heuristics;
// The parse errors shared by the puzzles.
use crate::parse;
mod search;

pub use generate::{generate, generate_within, Generated};
pub use grid::{check_placement, Grid};
pub use heuristics::HeuristicKind;
pub use parse::ParseError;
pub use search::{Bits, Count, Placement, Treasure};

/// Offsets of the eight neighbours of a cell.
const DIRS: [(isize, isize); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];
