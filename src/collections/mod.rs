//! Data structures behind the algorithms: the arena of reached states with their parent
//! links, the lean store of breadth-first search and its hash function, and the two
//! priority queues for best-first search.

mod arena;
mod bfs_store;
mod fold_hash;
mod open_list;

pub(crate) use arena::{Arena, Lookup};
pub(crate) use bfs_store::{inline_states, BfsStore, IdIndex, InlineIndex, SeenIndex};
pub(crate) use open_list::{Frontier, IndexedFrontier, LazyFrontier};
