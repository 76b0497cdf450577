//! The lean node store of breadth-first search.
//!
//! Breadth-first search needs per node only its state, the link back to its parent (for
//! the solution) and, under a cost bound, its path cost; it never looks a stored state up
//! to change it. So the store keeps the nodes (state and link) in the order reached, in
//! fixed segments that never move, which are also the FIFO queue, and a duplicate index
//! that is a plain set: of the states themselves when they are small and plain data (a
//! lookup then touches one place in memory), of 4-byte node ids otherwise or when the
//! search must know which node holds a state it meets again (arrival sets). In a reversible
//! space the index need only hold the last three levels: when it is full and a quarter of
//! it is older, it is rebuilt without them instead of growing.
//!
//! The set is hashbrown's: its lookups mostly meet states in cache, where group probing,
//! sixteen tags at a time, wins. (A linear-probing set of states by value, its slots read
//! ahead for a whole batch of successors as A\*'s [`IdTable`](super::id_table::IdTable) is,
//! was slower on the Rush Hour boards.)

use std::hash::Hash;
use std::mem::{needs_drop, size_of};
use std::ops::Range;

use hashbrown::HashTable;

use super::fold_hash::hash_of;
use super::seg_vec::SegVec;
use crate::search::{Solution, Step};
use crate::traits::Cost;

/// How many states the duplicate index has room for from the start (a few kilobytes):
/// small searches never grow it.
const INITIAL: usize = 1792;

/// The largest state (in bytes) the index stores by value.
const INLINE_MAX: usize = 32;

/// Whether states of type `S` are kept in the index by value: small and without drop glue,
/// so a copy is cheap and owns nothing.
#[inline]
pub(crate) const fn inline_states<S>() -> bool {
    size_of::<S>() <= INLINE_MAX && !needs_drop::<S>()
}

/// Where a state not yet stored goes: its hash.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SeenVacancy {
    hash: u64,
}

/// A stored node: its state and how it was reached.
pub(crate) struct BfsNode<S, A, C> {
    state: S,
    parent: u32,
    /// The action from the parent and the step's cost; `None` for the start node.
    link: Option<(A, C)>,
}

/// The nodes, in segments that never move.
pub(crate) type BfsNodes<S, A, C> = SegVec<BfsNode<S, A, C>>;

/// The set of stored states, answering "seen before?".
pub(crate) trait SeenIndex<S> {
    /// An empty index with room for `room` states.
    fn with_room(room: usize) -> Self;
    /// `Ok` with the id of the node holding `state` if it is stored (`u32::MAX` if this
    /// index does not keep ids), else where it goes, for [`SeenIndex::insert`].
    fn find<A, C>(&self, nodes: &BfsNodes<S, A, C>, state: &S) -> Result<u32, SeenVacancy>;
    /// Records `state` as node `id`'s (the next node, not stored yet), which
    /// [`SeenIndex::find`] reported vacant at `at`, with no insertion in between.
    fn insert<A, C>(&mut self, nodes: &BfsNodes<S, A, C>, at: SeenVacancy, id: usize, state: &S);
    /// The number of states in the index and the number it has room for without growing.
    fn fill(&self) -> (usize, usize);
    /// Empties the index, keeping its room.
    fn clear(&mut self);

    /// Makes the index hold only the states of the nodes `live`, with room for at least as
    /// many again (at least the initial room): in its own memory if that has the room (no
    /// fresh pages to fault in), else in a larger table.
    fn rebuild<A, C>(&mut self, nodes: &BfsNodes<S, A, C>, live: Range<usize>)
    where
        Self: Sized,
        S: Hash,
    {
        let room = (2 * live.len()).max(INITIAL);
        if self.fill().1 >= room {
            self.clear();
        } else {
            *self = Self::with_room(room);
        }
        for id in live {
            let state = &nodes.get(id).state;
            let at = SeenVacancy {
                hash: hash_of(state),
            };
            self.insert(nodes, at, id, state);
        }
    }
}

/// The states themselves, by value (for small plain-data states): a lookup touches one
/// place in memory.
pub(crate) struct InlineIndex<S>(HashTable<S>);

impl<S: Clone + Eq + Hash> SeenIndex<S> for InlineIndex<S> {
    fn with_room(room: usize) -> Self {
        InlineIndex(HashTable::with_capacity(room))
    }

    #[inline]
    fn find<A, C>(&self, _: &BfsNodes<S, A, C>, state: &S) -> Result<u32, SeenVacancy> {
        let hash = hash_of(state);
        match self.0.find(hash, |s| s == state) {
            Some(_) => Ok(u32::MAX),
            None => Err(SeenVacancy { hash }),
        }
    }

    #[inline]
    fn insert<A, C>(&mut self, _: &BfsNodes<S, A, C>, at: SeenVacancy, _: usize, state: &S) {
        // a full table doubles, rehashing every state
        self.0.insert_unique(at.hash, state.clone(), hash_of);
    }

    #[inline]
    fn fill(&self) -> (usize, usize) {
        (self.0.len(), self.0.capacity())
    }

    fn clear(&mut self) {
        self.0.clear();
    }
}

/// Node ids (4 bytes a state, whatever its size).
pub(crate) struct IdIndex(HashTable<u32>);

impl<S: Eq + Hash> SeenIndex<S> for IdIndex {
    fn with_room(room: usize) -> Self {
        IdIndex(HashTable::with_capacity(room))
    }

    #[inline]
    fn find<A, C>(&self, nodes: &BfsNodes<S, A, C>, state: &S) -> Result<u32, SeenVacancy> {
        let hash = hash_of(state);
        match self
            .0
            .find(hash, |&id| nodes.get(id as usize).state == *state)
        {
            Some(&id) => Ok(id),
            None => Err(SeenVacancy { hash }),
        }
    }

    #[inline]
    fn insert<A, C>(&mut self, nodes: &BfsNodes<S, A, C>, at: SeenVacancy, id: usize, _: &S) {
        let rehash = |&i: &u32| hash_of(&nodes.get(i as usize).state);
        self.0.insert_unique(at.hash, id as u32, rehash);
    }

    #[inline]
    fn fill(&self) -> (usize, usize) {
        (self.0.len(), self.0.capacity())
    }

    fn clear(&mut self) {
        self.0.clear();
    }
}

/// The most nodes a store holds (ids are stored as `u32`).
const MAX_NODES: usize = u32::MAX as usize - 1;

/// Every state breadth-first search has reached, in the order reached (node ids are
/// indices; the starts come first), with the parent links and the duplicate index `I`.
pub(crate) struct BfsStore<S, A, C, I> {
    nodes: BfsNodes<S, A, C>,
    /// Path costs, kept only when asked for (under a cost bound).
    g: Option<Vec<C>>,
    index: I,
    /// The nodes from this one on must stay in the index (`None`: all of them).
    live_from: Option<usize>,
}

impl<S: Clone + Eq + Hash, A: Clone, C: Cost, I: SeenIndex<S>> BfsStore<S, A, C, I> {
    /// A store holding only `start`; `track_cost`: keep each node's path cost.
    pub(crate) fn new(start: S, track_cost: bool) -> Self {
        let mut store = BfsStore {
            nodes: SegVec::new(),
            g: track_cost.then(|| vec![C::ZERO]),
            index: I::with_room(INITIAL),
            live_from: None,
        };
        // the index is empty: the start goes where its hash says
        let at = SeenVacancy {
            hash: hash_of(&start),
        };
        store.index.insert(&store.nodes, at, 0, &start);
        store.nodes.push(BfsNode {
            state: start,
            parent: u32::MAX,
            link: None,
        });
        store
    }

    /// Stores another start state (no parent, path cost zero) unless it is stored already;
    /// returns whether it was new. Only before the first [`insert`](BfsStore::insert).
    pub(crate) fn add_start(&mut self, state: S) -> bool {
        let Err(at) = self.find(&state) else {
            return false;
        };
        let id = self.nodes.len();
        self.index.insert(&self.nodes, at, id, &state);
        self.nodes.push(BfsNode {
            state,
            parent: u32::MAX,
            link: None,
        });
        if let Some(g) = &mut self.g {
            g.push(C::ZERO);
        }
        true
    }

    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.nodes.len()
    }

    /// The most nodes the store can take.
    #[inline]
    pub(crate) fn max_len(&self) -> usize {
        MAX_NODES
    }

    #[inline]
    pub(crate) fn state(&self, id: usize) -> &S {
        &self.nodes.get(id).state
    }

    /// The action on the path to node `id` (`None` for the start node).
    #[inline]
    pub(crate) fn last_action(&self, id: usize) -> Option<&A> {
        self.nodes.get(id).link.as_ref().map(|(a, _)| a)
    }

    /// The path cost of node `id`, if costs are kept.
    #[inline]
    pub(crate) fn g(&self, id: usize) -> Option<C> {
        self.g.as_ref().map(|g| g[id])
    }

    /// `Ok` with the id of the node holding `state` if it is stored (`u32::MAX` if the
    /// index does not keep ids), else where it goes, for [`BfsStore::insert`].
    #[inline]
    pub(crate) fn find(&self, state: &S) -> Result<u32, SeenVacancy> {
        self.index.find(&self.nodes, state)
    }

    /// Stores a state that [`find`](BfsStore::find) reported vacant at `at`,
    /// reached from `parent` by `action` at step cost `cost`, with path cost `g` (used only
    /// if costs are kept). Returns its id.
    #[inline(always)]
    pub(crate) fn insert(
        &mut self,
        at: SeenVacancy,
        state: S,
        parent: usize,
        action: A,
        cost: C,
        g: C,
    ) -> usize {
        let id = self.nodes.len();
        if let Some(live) = self.live_from {
            // rebuilt when at least a quarter of the full index can go, else left to grow
            let (len, room) = self.index.fill();
            if len == room && 4 * (id - live) <= 3 * len {
                self.index.rebuild(&self.nodes, live..id);
            }
        }
        // indexed before it is stored: the index reads only the nodes it already holds
        self.index.insert(&self.nodes, at, id, &state);
        self.nodes.push(BfsNode {
            state,
            parent: parent as u32,
            link: Some((action, cost)),
        });
        if let Some(gs) = &mut self.g {
            gs.push(g);
        }
        id
    }

    /// Lets the duplicate index drop the states of the nodes before `id` (they stay
    /// stored), which will never be looked up again. They are dropped when the index is
    /// full and at least a quarter of it can go: instead of growing with every state in it,
    /// it is rebuilt with the states still needed, which costs no more than growing and
    /// keeps it small.
    #[inline]
    pub(crate) fn forget_before(&mut self, id: usize) {
        self.live_from = Some(id);
    }

    /// The path from the start node to `id`.
    pub(crate) fn solution(&self, id: usize) -> Solution<S, A, C> {
        Solution::trace(id, |at| {
            let node = self.nodes.get(at);
            match &node.link {
                Some((action, cost)) => Ok((
                    node.parent as usize,
                    Step {
                        action: action.clone(),
                        state: node.state.clone(),
                        cost: *cost,
                    },
                )),
                None => Err(node.state.clone()),
            }
        })
    }
}

#[cfg(test)]
mod tests {
    /// What breadth-first search stores per state of a small problem (`u32` states and
    /// costs, no action) besides its duplicate index; `BENCHMARKS.md` quotes these sizes.
    #[test]
    fn bytes_per_stored_state() {
        use std::mem::size_of;
        assert_eq!(size_of::<super::BfsNode<u32, (), u32>>(), 16);
        assert_eq!(size_of::<super::BfsNode<u128, u32, u32>>(), 32);
    }

    use super::*;

    fn store_roundtrip<I: SeenIndex<u32>>() {
        let mut st: BfsStore<u32, char, u8, I> = BfsStore::new(7, true);
        assert!(st.find(&7).is_ok());
        let h = st.find(&8).unwrap_err();
        let a = st.insert(h, 8, 0, 'a', 2, 2);
        let h = st.find(&9).unwrap_err();
        let b = st.insert(h, 9, a, 'b', 3, 5);
        assert!(st.find(&8).is_ok() && st.find(&9).is_ok());
        assert_eq!((st.len(), st.g(b), *st.state(b)), (3, Some(5), 9));
        let sol = st.solution(b);
        assert_eq!(sol.start, 7);
        assert_eq!(sol.cost, 5);
        assert_eq!(sol.actions().collect::<String>(), "ab");
        for k in 10..5000 {
            let h = st.find(&k).unwrap_err();
            st.insert(h, k, 0, 'x', 1, 1);
        }
        assert!((7..5000).all(|k| st.find(&k).is_ok()));
        // an index that keeps ids names the node
        let id = st.find(&9).unwrap();
        assert!(id == u32::MAX || id as usize == b);
    }

    #[test]
    fn every_index_stores_and_finds() {
        store_roundtrip::<InlineIndex<u32>>();
        store_roundtrip::<IdIndex>();
    }

    #[test]
    fn the_id_index_names_the_node() {
        let mut st: BfsStore<u64, (), u8, IdIndex> = BfsStore::new(0, false);
        for k in 1..3000u64 {
            let h = st.find(&(k * 7)).unwrap_err();
            st.insert(h, k * 7, 0, (), 1, 1);
        }
        for k in 0..3000u64 {
            assert_eq!(st.find(&(k * 7)).unwrap(), k as u32);
        }
    }
}
