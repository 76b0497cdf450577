//! The integration tests, in one binary: each module below was a test file of its own, and
//! one binary links the library, its dependencies and the puzzle models (the workspace's
//! `heurist-puzzles` crate) once instead of once per file.
//!
//! Run one module with a filter: `cargo test --test integration fifteen::`.

mod support;
mod support_rush_hour;

mod anytime;
mod beam_fringe;
mod bfs_store;
mod bidirectional;
mod disk;
mod disk_heuristic;
mod enumerate;
mod fifteen;
mod fn_problem;
mod fuzz_parsers;
mod graph_helpers;
mod grid;
mod grid_program;
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
mod program;
mod real_costs;
mod rush_hour;
mod rush_hour_search;
mod treasure;
mod zenji;
