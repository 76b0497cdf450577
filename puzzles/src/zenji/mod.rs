//! Zenji model: a grid of pipe tiles, turned so that water flows from the source (top-left)
//! to the drain (bottom-right) at the fewest 90-degree clockwise turns.
//!
//! # Search state
//!
//! A state is "the water has just entered tile `cell` through side `entry`" plus, under the
//! free rules, the set of tiles already on the path (a bitset). Expanding a state chooses the
//! side through which the water leaves the tile; the tile's rotation is the cheapest one that
//! puts an inlet on the entry side and an outlet on the exit side, and the step costs that
//! many turns. Each tile is on the path at most once, so its rotation is chosen exactly once
//! and the other doors of the tile do not matter: the cheapest flow along a fixed path costs
//! the sum of these per-tile minima, and every search algorithm of the crate applies.
//!
//! Under the base rules water only moves right or down, so no tile can be visited twice and
//! the state needs no visited set: the space is just `cells x 2` states.
//!
//! # Heuristics
//!
//! * [`HeuristicKind::Zero`].
//! * [`HeuristicKind::Original`]: the original puzzle's `h = 2 · (Δrow + Δcol)`. It **overestimates**: a
//!   straight run of tiles that are already turned right costs 0 but gets `h = 2·length`.
//!   A* with it can return a more expensive flow than the optimum (the test
//!   `doubled_manhattan_makes_astar_suboptimal` shows a map where it does).
//! * [`HeuristicKind::Local`] (admissible, consistent): the turns the current tile needs at
//!   least to pass the water on toward a tile it may enter.
//! * [`HeuristicKind::Relaxed`] (admissible, consistent): the exact cheapest cost to the
//!   drain when tiles may be visited more than once, by a backward Dijkstra over the
//!   `(tile, entry side)` graph computed once per map. Under the base rules no tile can be
//!   visited twice, so it is exact there.
//!
//! # Modules
//!
//! * `grid`: the map, its text format and its parser;
//! * `rules`: the search problem ([`Zenji`]: states, actions, successors) and the
//!   independent flow checker [`check_flow`];
//! * `heuristics`: [`HeuristicKind`] and [`ZenjiHeuristic`];
//! * `generate`: random solvable maps.

mod generate;
mod grid;
mod heuristics;
// The parse errors shared by the puzzles.
use crate::parse;
mod rules;

pub use generate::generate;
pub use grid::Grid;
pub use heuristics::{HeuristicKind, ZenjiHeuristic};
pub use parse::ParseError;
pub use rules::{check_flow, Flow, Pass, Visited, Zenji};

/// Side index: North.
pub const N: usize = 0;
/// Side index: East.
pub const E: usize = 1;
/// Side index: South.
pub const S: usize = 2;
/// Side index: West.
pub const W: usize = 3;
/// Side names, indexed by side.
pub const SIDE_NAMES: [&str; 4] = ["N", "E", "S", "W"];
/// Door: blocked.
pub const BLOCKED: u8 = 0;
/// Door: inlet.
pub const INLET: u8 = 1;
/// Door: outlet.
pub const OUTLET: u8 = 2;
/// Door: the source.
pub const SOURCE: u8 = 3;
/// Door: the drain.
pub const DRAIN: u8 = 4;
/// "No entry side": the start state at the source.
pub const NO_ENTRY: u8 = 4;
/// Estimate returned for a state from which the drain cannot be reached at all (larger than
/// any possible cost: at most 3 turns per tile).
pub const DEAD: u32 = u32::MAX / 4;
/// No way through (entry side, exit side) of a tile.
pub(super) const NONE: u8 = u8::MAX;

/// The side opposite `side`.
#[inline]
pub fn opposite(side: usize) -> usize {
    (side + 2) % 4
}

/// The doors `[N, E, S, W]` of `tile` after `k` clockwise quarter turns
/// (one turn: new N = old W, new E = old N, new S = old E, new W = old S).
#[inline]
pub fn rotate(tile: [u8; 4], k: usize) -> [u8; 4] {
    let mut out = [0; 4];
    for (d, door) in out.iter_mut().enumerate() {
        *door = tile[(d + 4 - k % 4) % 4];
    }
    out
}

/// Which way the water may flow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rules {
    /// The original puzzle's base task: only rightwards (East) or downwards (South).
    Base,
    /// Any direction; every tile at most once.
    Free,
}

impl Rules {
    /// Whether water may leave a tile through `side`.
    #[inline]
    pub fn allows(self, side: usize) -> bool {
        self == Rules::Free || side == E || side == S
    }
}
