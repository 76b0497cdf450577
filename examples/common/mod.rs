//! What the puzzle programs share: reading puzzle files with errors that name the line and
//! column (`heurist_puzzles::parse`, re-exported here), the search flags (algorithm, limits) and how they become a search, and the exit
//! status contract.
//!
//! Each program includes it with `#[path = "../common/mod.rs"] mod common;`.
//!
//! Exit status of every program: **0** solved or proven unsolvable, **1** stopped by a
//! limit or cancelled, **2** bad input or an I/O error.

#![allow(dead_code)]

pub mod cli;
pub use heurist_puzzles::parse;

/// Ends the program after a failed write to stdout: quietly when the reader has gone
/// (a closed pipe), with a message otherwise (a full disk, ...); the I/O error status.
#[cold]
pub fn stdout_failed(err: std::io::Error) -> ! {
    if err.kind() != std::io::ErrorKind::BrokenPipe {
        eprintln!("error writing the output: {err}");
    }
    std::process::exit(i32::from(cli::EXIT_BAD_INPUT))
}

/// `println!` that ends the program cleanly when stdout is closed or full
/// ([`stdout_failed`]) instead of panicking.
#[macro_export]
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = writeln!(std::io::stdout().lock(), $($arg)*) {
            $crate::common::stdout_failed(e);
        }
    }};
}

/// `print!` that ends the program cleanly when stdout is closed or full.
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = write!(std::io::stdout().lock(), $($arg)*) {
            $crate::common::stdout_failed(e);
        }
    }};
}
