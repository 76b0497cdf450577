//! Data structures behind the algorithms: the arena of reached states with their parent
//! links, the lean store of breadth-first search, their hash index and hash function, and
//! the priority queues for best-first search.

pub(crate) mod arena;
mod bfs_store;
pub(crate) mod fold_hash;
mod id_table;
mod open_list;
mod seg_vec;

pub(crate) use arena::{Arena, Lookup};
pub(crate) use bfs_store::{inline_states, BfsStore, IdIndex, InlineIndex, SeenIndex};
pub(crate) use open_list::{BucketFrontier, Frontier, IndexedFrontier, LazyFrontier};
