//! What goes into a search run ([`Limits`], and the shared settings [`CancelToken`],
//! [`CycleCheck`] and [`OpenList`]) and what comes out of it ([`SearchResult`]: the
//! [`Outcome`] and the [`Stats`]).

mod limits;
mod monitor;
mod result;
mod settings;
mod stats;

pub(crate) use limits::limit_methods;
pub use limits::Limits;
pub(crate) use monitor::Monitor;
pub use result::{Outcome, SearchResult, Solution, Step, StopReason};
pub use settings::{CancelToken, CycleCheck, OpenList};
pub use stats::Stats;
