use std::hash::Hash;

use super::id_table::{IdTable, Vacancy};
use super::node_index::{HashIndex, NodeIndex};
use super::seg_vec::SegVec;
use crate::search::{Solution, Step};
use crate::traits::Cost;

/// The bytes an [`Arena`] of these types takes per node, besides its index (8 bytes a slot,
/// 3/8 to 3/4 full).
#[cfg(test)]
pub(crate) const fn node_bytes<S, A, C, X>() -> usize {
    std::mem::size_of::<Node<S, A, C, X>>()
}

/// Parent index of the start node.
pub(crate) const NO_PARENT: usize = u32::MAX as usize;

/// The most [`Arena::lookup_ahead`]'s score of parents met among successors goes up to.
const BACK_MAX: u8 = 8;

/// From this score on, [`Arena::lookup_ahead`] reads the parent's node ahead.
const BACK_READ: u8 = 4;

/// The most nodes an arena holds: ids are stored in 32 bits, and the index, at most
/// 2<sup>32</sup> slots, must stay at most 3/4 full.
pub(crate) const MAX_NODES: usize = 3 << 30;

pub(crate) struct Node<S, A, C, X> {
    state: S,
    parent: u32,
    /// The action from the parent (`None` for the start node) and the step's cost, apart:
    /// an `Option` of both would pad a small action to the cost's alignment.
    action: Option<A>,
    /// The algorithm's one flag per state (best-first search: closed), beside `action`,
    /// where it fits in padding that a flag inside `data` would add to.
    mark: bool,
    cost: C,
    /// What the algorithm keeps per state (path cost, ...), next to the state so that a
    /// lookup touches one place in memory.
    data: X,
}

impl<S, A, C, X> Node<S, A, C, X> {
    pub(crate) fn state(&self) -> &S {
        &self.state
    }
}

/// Where a state stands in an [`Arena`].
#[derive(Clone, Copy)]
pub(crate) enum Lookup {
    /// Already stored, with this id.
    Found(usize),
    /// Not stored; where it goes, for [`Arena::insert`].
    Vacant(Vacancy),
}

/// The nodes of an [`Arena`], kept by a workspace between runs.
pub(crate) type NodeStore<S, A, C, X> = SegVec<Node<S, A, C, X>>;

/// Every state a graph search has reached, stored once, with the link back to its parent,
/// and an index over them that holds node ids: by hash ([`IdTable`], the default) or by
/// the problem's dense index ([`DenseTable`](super::DenseTable)).
///
/// Node ids are indices in insertion order. Each node carries the algorithm's own data `X`
/// beside its state, so a lookup that finds a state has its data at hand.
pub(crate) struct Arena<S, A, C, X, I = HashIndex> {
    nodes: SegVec<Node<S, A, C, X>>,
    index: I,
    /// Up by one for each batch of lookups that met the parent of the node expanded, down
    /// by one for each that did not, between 0 and [`BACK_MAX`].
    back_score: u8,
}

impl<S: Clone + Eq + Hash, A: Clone, C: Cost, X> Arena<S, A, C, X> {
    pub(crate) fn new() -> Self {
        Arena::with_index(SegVec::new(), HashIndex(IdTable::with_capacity(0)))
    }
}

impl<S: Clone + Eq, A: Clone, C: Cost, X, I: NodeIndex<S>> Arena<S, A, C, X, I> {
    /// An arena over `index`, storing its nodes in `nodes` (empty, perhaps with room).
    pub(crate) fn with_index(nodes: NodeStore<S, A, C, X>, index: I) -> Self {
        debug_assert_eq!(nodes.len(), 0);
        Arena {
            nodes,
            index,
            back_score: BACK_MAX,
        }
    }

    /// The nodes and the index, to be kept for another run.
    pub(crate) fn into_parts(self) -> (NodeStore<S, A, C, X>, I) {
        (self.nodes, self.index)
    }

    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the arena can take no more nodes.
    #[inline]
    pub(crate) fn is_full(&self) -> bool {
        self.nodes.len() >= MAX_NODES
    }

    /// Looks up a batch of states (the successors of node `of`) ahead of their turn, where
    /// that pays; [`resolve`](Arena::resolve) then gives each state's place in turn.
    ///
    /// A flat index, or a hash index small enough for a cache, gains nothing from a batch:
    /// `out` is left empty and each state is looked up when its turn comes, once. A
    /// larger hash index takes two passes: the first reads the index slot of each state,
    /// the second finds each state. The reads of a pass do not depend on one another, so
    /// their cache misses overlap instead of coming one after the other; by the second
    /// pass the slots are in cache.
    ///
    /// Where the parent of the node expanded is mostly among its successors (the move back,
    /// in a reversible space), the first pass also reads the parent's node, which the
    /// second would otherwise wait for on its own. The arena learns whether that is so from
    /// the lookups themselves: a read nobody uses costs memory bandwidth elsewhere.
    #[inline]
    pub(crate) fn lookup_ahead<'s>(
        &mut self,
        of: usize,
        states: impl Iterator<Item = &'s S> + Clone,
        out: &mut Vec<(u64, Lookup)>,
    ) where
        S: 's,
    {
        out.clear();
        if !self.index.read_ahead() {
            return;
        }
        let mut sink = 0u64;
        for s in states.clone() {
            let h = self.index.key(s);
            sink ^= self.index.touch(h);
            out.push((h, Lookup::Found(0))); // (the second pass fills it in)
        }
        let parent = self.nodes.get(of).parent as usize;
        if parent != NO_PARENT && self.back_score >= BACK_READ {
            sink ^= u64::from(self.nodes.get(parent).mark);
        }
        std::hint::black_box(sink);
        let mut back = false;
        for (s, (h, look)) in states.zip(out.iter_mut()) {
            *look = self.lookup(*h, s);
            back |= matches!(*look, Lookup::Found(id) if id == parent);
        }
        self.back_score = match back {
            true => (self.back_score + 1).min(BACK_MAX),
            false => self.back_score.saturating_sub(1),
        };
    }

    /// The key (hash, or dense index) of `state`, the `i`-th of a batch that
    /// [`lookup_ahead`](Arena::lookup_ahead) gave `looks` for, and where it stands now: a
    /// state not looked up ahead is looked up, and a vacancy found ahead is looked up again
    /// if a state has been `inserted` since, which invalidates it.
    #[inline]
    pub(crate) fn resolve(
        &self,
        looks: &[(u64, Lookup)],
        i: usize,
        inserted: bool,
        state: &S,
    ) -> (u64, Lookup) {
        match looks.get(i) {
            Some(&(hash, Lookup::Vacant(_))) if inserted => (hash, self.lookup(hash, state)),
            Some(&look) => look,
            None => {
                let hash = self.index.key(state);
                (hash, self.lookup(hash, state))
            }
        }
    }

    /// Whether `state`, whose key (its hash, or its dense index) is `hash`, is stored.
    #[inline]
    pub(crate) fn lookup(&self, hash: u64, state: &S) -> Lookup {
        match self
            .index
            .find(hash, |id| self.nodes.get(id).state == *state)
        {
            Ok(id) => Lookup::Found(id),
            Err(at) => Lookup::Vacant(at),
        }
    }

    /// Stores a state that [`lookup`](Arena::lookup) reported vacant at `at`, with no
    /// insertion in between.
    #[inline(always)]
    pub(crate) fn insert(
        &mut self,
        at: Vacancy,
        state: S,
        parent: usize,
        link: Option<(A, C)>,
        data: X,
    ) -> usize {
        let id = self.nodes.len();
        self.index.insert(at, id);
        let (action, cost) = match link {
            Some((a, c)) => (Some(a), c),
            None => (None, C::ZERO),
        };
        self.nodes.push(Node {
            state,
            parent: parent as u32,
            action,
            mark: false,
            cost,
            data,
        });
        id
    }

    /// Stores the start state.
    pub(crate) fn insert_start(&mut self, state: S, data: X) -> usize {
        match self.lookup(self.index.key(&state), &state) {
            Lookup::Vacant(at) => self.insert(at, state, NO_PARENT, None, data),
            Lookup::Found(id) => id, // a start given twice
        }
    }

    /// Node `id`'s flag (false when stored).
    #[inline]
    pub(crate) fn mark(&self, id: usize) -> bool {
        self.nodes.get(id).mark
    }

    #[inline]
    pub(crate) fn set_mark(&mut self, id: usize, mark: bool) {
        self.nodes.get_mut(id).mark = mark;
    }

    /// Node `id`'s data and flag.
    #[inline]
    pub(crate) fn data_and_mark(&mut self, id: usize) -> (&mut X, &mut bool) {
        let node = self.nodes.get_mut(id);
        (&mut node.data, &mut node.mark)
    }

    #[inline]
    pub(crate) fn data(&self, id: usize) -> &X {
        &self.nodes.get(id).data
    }

    #[inline]
    pub(crate) fn state(&self, id: usize) -> &S {
        &self.nodes.get(id).state
    }

    /// The action on the current path to node `id` (`None` for the start node).
    #[inline]
    pub(crate) fn last_action(&self, id: usize) -> Option<&A> {
        self.nodes.get(id).action.as_ref()
    }

    #[inline]
    pub(crate) fn relink(&mut self, id: usize, parent: usize, action: A, cost: C) {
        let node = self.nodes.get_mut(id);
        node.parent = parent as u32;
        node.action = Some(action);
        node.cost = cost;
    }

    /// The path from the start node to `id`.
    pub(crate) fn solution(&self, id: usize) -> Solution<S, A, C> {
        Solution::trace(id, |at| {
            let node = self.nodes.get(at);
            match &node.action {
                Some(action) => Ok((
                    node.parent as usize,
                    Step {
                        action: action.clone(),
                        state: node.state.clone(),
                        cost: node.cost,
                    },
                )),
                None => Err(node.state.clone()),
            }
        })
    }
}
