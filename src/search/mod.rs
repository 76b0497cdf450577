//! What goes into a search run ([`Options`]: limits, cancellation, progress) and what comes
//! out of it ([`SearchResult`]: the [`Outcome`] and the [`Stats`]).

mod monitor;
mod options;
mod result;
mod stats;

pub(crate) use monitor::Monitor;
pub use options::{CancelToken, CycleCheck, OpenList, Options};
pub use result::{Outcome, SearchResult, Solution, Step, StopReason};
pub use stats::Stats;
