//! Data structures behind the algorithms: the arena of reached states with their parent
//! links, the lean store of breadth-first search, their hash index and hash function, and
//! the priority queues for best-first search.

mod arena;
mod bfs_store;
mod fold_hash;
mod id_table;
mod node_index;
mod open_list;
mod seg_vec;

#[cfg(test)]
pub(crate) use arena::node_bytes;
pub(crate) use arena::{Arena, Lookup, NodeStore};
pub(crate) use bfs_store::{inline_states, BfsStore, IdIndex, InlineIndex, SeenIndex};
pub(crate) use fold_hash::hash_of;
pub(crate) use node_index::{DenseTable, NodeIndex};
pub(crate) use open_list::{ChosenFrontier, Frontier};
pub(crate) use seg_vec::SegVec;
