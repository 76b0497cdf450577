//! The integration tests, in one binary: each module below was a test file of its own, and
//! one binary links the library, its dependencies and the puzzle models once instead of
//! once per file.
//!
//! Run one module with a filter: `cargo test --release --test integration fifteen::`.

// Each puzzle model includes the programs' shared parse module itself.
#![allow(clippy::duplicate_mod)]

mod support;
mod support_rush_hour;

/// The puzzle programs' models (parsing, rules, heuristics), as the examples compile them.
#[allow(dead_code, unused_imports)]
#[path = "../../examples"]
mod puzzles {
    #[path = "fifteen/model/mod.rs"]
    pub mod fifteen;
    #[path = "labyrinth/model/mod.rs"]
    pub mod labyrinth;
    #[path = "maze/model.rs"]
    pub mod maze;
    #[path = "rush_hour/model/mod.rs"]
    pub mod rush_hour;
    #[path = "treasure/model/mod.rs"]
    pub mod treasure;
    #[path = "zenji/model/mod.rs"]
    pub mod zenji;
}

mod anytime;
mod beam_fringe;
mod bfs_store;
mod bidirectional;
mod disk;
mod enumerate;
mod fifteen;
mod fn_problem;
mod fuzz_parsers;
mod graph_helpers;
mod grid;
mod hostile_input;
mod labyrinth;
mod limits;
mod move_pruning;
mod multi_start;
mod negative_costs;
mod optimality;
mod parallel;
mod parallel_astar;
mod parallel_bfs;
mod real_costs;
mod rush_hour;
mod rush_hour_search;
mod treasure;
mod zenji;
