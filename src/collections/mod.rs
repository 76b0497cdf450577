//! Data structures behind the algorithms: the arena of reached states with their parent
//! links, and the two priority queues for best-first search.

mod arena;
mod open_list;

pub(crate) use arena::{Arena, Lookup};
pub(crate) use open_list::{Frontier, IndexedFrontier, LazyFrontier};
