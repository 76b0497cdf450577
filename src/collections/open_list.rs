use std::collections::BinaryHeap;

use priority_queue::PriorityQueue;
use rustc_hash::FxBuildHasher;

/// A max-priority queue of node ids. The key of a node only ever improves (grows).
pub(crate) trait Frontier<K: Ord + Copy> {
    /// Inserts `id`, or raises its key if it is already queued.
    fn push(&mut self, id: usize, key: K);
    /// Removes an entry with the largest key. A lazy queue may return outdated entries; the
    /// caller recognises them by comparing the key with the node's current one.
    fn pop(&mut self) -> Option<(usize, K)>;
}

/// Decrease-key on an indexed heap: every node is queued at most once.
pub(crate) struct IndexedFrontier<K: Ord>(PriorityQueue<usize, K, FxBuildHasher>);

impl<K: Ord> IndexedFrontier<K> {
    pub(crate) fn new() -> Self {
        IndexedFrontier(PriorityQueue::with_hasher(FxBuildHasher))
    }
}

impl<K: Ord + Copy> Frontier<K> for IndexedFrontier<K> {
    #[inline]
    fn push(&mut self, id: usize, key: K) {
        self.0.push_increase(id, key);
    }
    #[inline]
    fn pop(&mut self) -> Option<(usize, K)> {
        self.0.pop()
    }
}

/// A binary heap with lazy deletion: improving a node pushes a second entry.
pub(crate) struct LazyFrontier<K: Ord>(BinaryHeap<(K, usize)>);

impl<K: Ord> LazyFrontier<K> {
    pub(crate) fn new() -> Self {
        LazyFrontier(BinaryHeap::new())
    }
}

impl<K: Ord + Copy> Frontier<K> for LazyFrontier<K> {
    #[inline]
    fn push(&mut self, id: usize, key: K) {
        self.0.push((key, id));
    }
    #[inline]
    fn pop(&mut self) -> Option<(usize, K)> {
        self.0.pop().map(|(k, id)| (id, k))
    }
}
