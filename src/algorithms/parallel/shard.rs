//! One part of a hash-partitioned search's store, which one thread at a time works on.
//!
//! Every state belongs to one shard, named by bits of its hash that the shard's own hash
//! table does not use for its buckets or tags, so a state is looked up and stored in its
//! shard alone and no table is ever shared between threads. A node names its parent by shard
//! and index ([`NodeRef`]); the solution is traced across the shards once every thread is
//! done.

use std::hash::Hash;

use hashbrown::HashTable;

use crate::collections::{hash_of, inline_states, SegVec};
use crate::search::{Solution, Step};
use crate::traits::Cost;

/// The most shards a search keeps its states in (a node reference keeps the shard in 16
/// bits).
pub(crate) const MAX_SHARDS: usize = 1 << 16;

/// Which of `shards` shards owns a state with hash `hash`: bits 32 to 55 of the hash,
/// which hashbrown uses neither for the bucket (the low bits, for tables under
/// 2<sup>32</sup> slots) nor for the tag (the top seven), scaled to the number of shards
/// by a multiplication (a division would cost more than the rest of the choice).
#[inline(always)]
pub(crate) fn owner(hash: u64, shards: usize) -> usize {
    ((((hash >> 32) & 0xff_ffff) * shards as u64) >> 24) as usize
}

/// A node of some shard: the shard in the low 16 bits, the index above.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct NodeRef(u64);

impl NodeRef {
    /// Node `id` of shard `shard`.
    #[inline(always)]
    pub(crate) fn new(shard: usize, id: usize) -> Self {
        debug_assert!(shard < MAX_SHARDS);
        NodeRef(((id as u64) << 16) | shard as u64)
    }

    #[inline(always)]
    pub(crate) fn shard(self) -> usize {
        (self.0 & 0xffff) as usize
    }

    #[inline(always)]
    pub(crate) fn id(self) -> usize {
        (self.0 >> 16) as usize
    }
}

/// A stored node: the state, how it was reached (none for a start) and what the
/// algorithm keeps beside (`M`).
pub(crate) struct ShardNode<S, A, C, M> {
    pub(crate) state: S,
    pub(crate) link: Option<(NodeRef, A, C)>,
    pub(crate) meta: M,
}

/// A shard's hash index: the states themselves (small plain data, when the search needs
/// to know only whether a state is stored), the states with their nodes' indexes (small
/// plain data: a lookup touches one place in memory), the same with each node's path
/// cost as its meta gives it (read by the shard's `cost`), or the indexes alone.
enum Index<S, C> {
    States(HashTable<S>),
    Pairs(HashTable<(S, u32)>),
    Costed(HashTable<(S, u32, C)>),
    Ids(HashTable<u32>),
}

/// One thread's states: the nodes in the order stored, and a hash index of them (all of
/// them, or those from a given node on).
pub(crate) struct Shard<S, A, C, M> {
    nodes: SegVec<ShardNode<S, A, C, M>>,
    index: Index<S, C>,
    /// How a node's path cost is read from its meta, for a shard made
    /// [`with_costs`](Self::with_costs).
    cost: Option<fn(&M) -> C>,
    /// The first node in the index.
    indexed_from: usize,
    /// The first node that must stay in the index; those before may leave it.
    live_from: usize,
}

impl<S: Clone + Eq + Hash, A, C: Copy, M> Shard<S, A, C, M> {
    /// An empty shard; its index keeps the states by value if `by_value` and they are
    /// small plain data ([`find`](Self::find) then names no node).
    pub(crate) fn new(by_value: bool) -> Self {
        Shard {
            nodes: SegVec::new(),
            index: match (by_value, inline_states::<S>()) {
                (true, true) => Index::States(HashTable::new()),
                (false, true) => Index::Pairs(HashTable::new()),
                (_, false) => Index::Ids(HashTable::new()),
            },
            cost: None,
            indexed_from: 0,
            live_from: 0,
        }
    }

    /// An empty shard whose index keeps, for small plain-data states, each node's path
    /// cost as `cost` reads it from the node's meta, so that [`find_cost`](Self::find_cost)
    /// touches one place in memory. The search updates the cost with
    /// [`set_cost`](Self::set_cost).
    pub(crate) fn with_costs(cost: fn(&M) -> C) -> Self {
        let mut shard = Self::new(false);
        shard.cost = Some(cost);
        if inline_states::<S>() {
            shard.index = Index::Costed(HashTable::new());
        }
        shard
    }

    /// Whether `state`, whose hash is `hash`, is in the index of a shard made
    /// [`with_costs`](Self::with_costs): the index of its node and its path cost, from the
    /// index if it keeps costs, else from the node.
    #[inline]
    pub(crate) fn find_cost(&self, hash: u64, state: &S) -> Option<(usize, C)> {
        match &self.index {
            Index::Costed(t) => t
                .find(hash, |(s, _, _)| s == state)
                .map(|&(_, i, c)| (i as usize, c)),
            _ => {
                let cost = self.cost.expect("find_cost on a shard made with_costs");
                let i = self.find(hash, state)?;
                Some((i, cost(&self.nodes.get(i).meta)))
            }
        }
    }

    /// Records `c` as the path cost of `state` (hash `hash`) in an index that keeps costs.
    #[inline]
    pub(crate) fn set_cost(&mut self, hash: u64, state: &S, c: C) {
        if let Index::Costed(t) = &mut self.index {
            if let Some(slot) = t.find_mut(hash, |(s, _, _)| s == state) {
                slot.2 = c;
            }
        }
    }

    /// Number of nodes stored.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether `state`, whose hash is `hash`, is in the index: the index of its node
    /// (`usize::MAX` if the index keeps states by value).
    #[inline]
    pub(crate) fn find(&self, hash: u64, state: &S) -> Option<usize> {
        match &self.index {
            Index::States(t) => t.find(hash, |s| s == state).map(|_| usize::MAX),
            Index::Pairs(t) => t.find(hash, |(s, _)| s == state).map(|&(_, i)| i as usize),
            Index::Costed(t) => t
                .find(hash, |(s, _, _)| s == state)
                .map(|&(_, i, _)| i as usize),
            Index::Ids(t) => {
                let nodes = &self.nodes;
                t.find(hash, |&i| nodes.get(i as usize).state == *state)
                    .map(|&i| i as usize)
            }
        }
    }

    /// Stores `node`, whose state has hash `hash` and is not in the index; its index.
    #[inline]
    pub(crate) fn insert(&mut self, hash: u64, node: ShardNode<S, A, C, M>) -> usize {
        let (len, room) = self.index_fill();
        if len == room && self.live_from > self.indexed_from {
            // full: rebuilt without the nodes that may leave rather than grown, if they
            // are at least a quarter of it
            self.forget_before(self.live_from);
        }
        let id = self.nodes.len();
        self.nodes.push(node);
        self.index_node(hash, id);
        id
    }

    /// Reads the whole index, in the order it lies in memory, so that many lookups soon
    /// after find it in the cache: a streamed read of every line costs less than a cache
    /// miss for each of them.
    pub(crate) fn warm(&self) {
        match &self.index {
            Index::States(t) => t.iter().for_each(|s| drop(std::hint::black_box(s.clone()))),
            Index::Pairs(t) => {
                std::hint::black_box(t.iter().fold(0, |a, p| a ^ p.1));
            }
            Index::Costed(t) => {
                std::hint::black_box(t.iter().fold(0, |a, p| a ^ p.1));
            }
            Index::Ids(t) => {
                std::hint::black_box(t.iter().fold(0, |a, &i| a ^ i));
            }
        }
    }

    /// Number of states in the index.
    pub(crate) fn indexed(&self) -> usize {
        self.index_fill().0
    }

    fn index_fill(&self) -> (usize, usize) {
        match &self.index {
            Index::States(t) => (t.len(), t.capacity()),
            Index::Pairs(t) => (t.len(), t.capacity()),
            Index::Costed(t) => (t.len(), t.capacity()),
            Index::Ids(t) => (t.len(), t.capacity()),
        }
    }

    /// Adds node `id`, whose state has hash `hash`, to the index.
    #[inline]
    fn index_node(&mut self, hash: u64, id: usize) {
        let (nodes, cost) = (&self.nodes, self.cost);
        match &mut self.index {
            Index::States(t) => {
                t.insert_unique(hash, nodes.get(id).state.clone(), hash_of);
            }
            Index::Pairs(t) => {
                let state = nodes.get(id).state.clone();
                t.insert_unique(hash, (state, id as u32), |(s, _)| hash_of(s));
            }
            Index::Costed(t) => {
                let node = nodes.get(id);
                let cost = cost.expect("a costed index comes with its cost");
                let entry = (node.state.clone(), id as u32, cost(&node.meta));
                t.insert_unique(hash, entry, |(s, _, _)| hash_of(s));
            }
            Index::Ids(t) => {
                t.insert_unique(hash, id as u32, |&i| hash_of(&nodes.get(i as usize).state));
            }
        }
    }

    /// Lets the nodes before `first` leave the index (they stay stored): for a search that
    /// knows they cannot be met again. The index is rebuilt without them, in its own
    /// memory, now and whenever it is full, once they are at least a quarter of it.
    pub(crate) fn forget_before(&mut self, first: usize) {
        self.live_from = first.max(self.live_from);
        let (len, _) = self.index_fill();
        if 4 * (self.live_from - self.indexed_from) >= len && self.live_from > self.indexed_from {
            self.rebuild();
        }
    }

    /// Rebuilds the index with the live nodes alone, in its own memory.
    #[cold]
    fn rebuild(&mut self) {
        match &mut self.index {
            Index::States(t) => t.clear(),
            Index::Pairs(t) => t.clear(),
            Index::Costed(t) => t.clear(),
            Index::Ids(t) => t.clear(),
        }
        self.indexed_from = self.live_from;
        for id in self.live_from..self.nodes.len() {
            let hash = hash_of(&self.nodes.get(id).state);
            self.index_node(hash, id);
        }
    }

    /// The nodes, in the order stored.
    pub(crate) fn nodes(&self) -> impl Iterator<Item = &ShardNode<S, A, C, M>> {
        (0..self.nodes.len()).map(|id| self.nodes.get(id))
    }

    #[inline]
    pub(crate) fn node(&self, id: usize) -> &ShardNode<S, A, C, M> {
        self.nodes.get(id)
    }

    #[inline]
    pub(crate) fn node_mut(&mut self, id: usize) -> &mut ShardNode<S, A, C, M> {
        self.nodes.get_mut(id)
    }
}

/// The solution that ends with `last` (a step out of node `from`), traced back through
/// `shards`.
pub(crate) fn trace<S, A, C, M>(
    shards: &[Shard<S, A, C, M>],
    from: NodeRef,
    last: Option<Step<S, A, C>>,
) -> Solution<S, A, C>
where
    S: Clone,
    A: Clone,
    C: Cost,
{
    let mut steps: Vec<Step<S, A, C>> = last.into_iter().collect();
    let mut at = from;
    loop {
        let node = shards[at.shard()].nodes.get(at.id());
        match &node.link {
            Some((parent, action, cost)) => {
                steps.push(Step {
                    action: action.clone(),
                    state: node.state.clone(),
                    cost: *cost,
                });
                at = *parent;
            }
            None => {
                steps.reverse();
                return Solution::from_steps(node.state.clone(), steps);
            }
        }
    }
}
