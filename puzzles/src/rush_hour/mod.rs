//! Rush Hour: board layout, parsers, the packed search state, the `Problem` and
//! `MovePruning` impls, stubborn-set pruning, admissible heuristics, a solution replay
//! checker and a board generator.
//!
//! A board has a fixed *layout* (each vehicle's orientation, row or column and length, plus
//! walls); a search state holds only the vehicles' positions, 4 bits each, packed into
//! `W` machine words (`W = 1` for up to 16 vehicles, 3 words for the 44 vehicles of the
//! 12x12 course board). No state owns heap memory.
//!
//! | module | what |
//! |---|---|
//! | `board` | the layout, the course CSV and the 36-character notation, replaying a solution |
//! | `state` | the packed state and the move type |
//! | `problem` | [`RushHour`]: the search problem, its move pruning |
//! | `moves` | move generation: one type, three backends (small boards, 9x9 lines, big boards) |
//! | `stubborn` | stubborn sets: one filter on any backend's moves |
//! | `heuristics` | [`RushHeuristic`] and its estimates |
//! | `generate` | random boards, the generator, the difficulty study |

mod board;
mod generate;
mod heuristics;
mod moves;
mod problem;
mod state;
mod stubborn;

// The parse errors shared by the puzzles.
pub use crate::parse;

pub use board::{merge_moves, replay, size_from_file_name, solved, Board, Vehicle, BOARD_1};
pub use generate::{
    generate, random_board, rate, rename, rng, study, try_add_vehicle, Budget, Rating,
};
pub use heuristics::{HeuristicKind, RushHeuristic};
pub use parse::ParseError;
pub use problem::{Metric, RushHour};
pub use state::{Move, Packed};

/// The largest board side supported (positions are stored in 4 bits).
pub const MAX_SIZE: usize = 16;
/// The most vehicles a board may have (four 64-bit words of 4-bit positions).
pub const MAX_VEHICLES: usize = 64;
/// What a heuristic returns for a state from which the red car can never get out.
pub const DEAD: u32 = 1 << 20;
