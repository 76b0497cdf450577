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

/// Decrease-key on an indexed heap (the `priority-queue` crate): every node is queued at
/// most once, at the price of a hash-map update on every push and pop.
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

/// A heap entry ordered by its key alone: a policy that wants a tie-break (A*: newer node
/// first) puts it in its key, so Dijkstra's heap does not pay for one.
#[derive(Clone, Copy)]
pub(crate) struct Entry<K> {
    key: K,
    id: u32,
}

impl<K: PartialEq> PartialEq for Entry<K> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key
    }
}
impl<K: Eq> Eq for Entry<K> {}
impl<K: Ord> PartialOrd for Entry<K> {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl<K: Ord> Ord for Entry<K> {
    #[inline]
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.key.cmp(&other.key)
    }
}

/// A binary heap with lazy deletion: improving a node pushes a second entry.
pub(crate) struct LazyFrontier<K: Ord>(BinaryHeap<Entry<K>>);

impl<K: Ord> LazyFrontier<K> {
    pub(crate) fn new() -> Self {
        LazyFrontier(BinaryHeap::new())
    }
}

impl<K: Ord + Copy> Frontier<K> for LazyFrontier<K> {
    #[inline]
    fn push(&mut self, id: usize, key: K) {
        self.0.push(Entry { key, id: id as u32 });
    }
    #[inline]
    fn pop(&mut self) -> Option<(usize, K)> {
        self.0.pop().map(|e| (e.id as usize, e.key))
    }
}

/// The most primary indices a [`BucketFrontier`] files in buckets (larger go to its heap).
const MAX_PRIMARY: usize = 1 << 20;
/// The most secondary indices a [`BucketFrontier`] files in buckets.
const MAX_SECONDARY: usize = 1 << 12;

/// The entries of one primary index, by secondary index.
struct Layer<K> {
    by_secondary: Vec<Vec<Entry<K>>>,
    len: usize,
    /// No entry has a larger secondary index.
    top: usize,
}

impl<K> Default for Layer<K> {
    fn default() -> Self {
        Layer {
            by_secondary: Vec::new(),
            len: 0,
            top: 0,
        }
    }
}

/// A bucket queue (Dial's algorithm, two levels): entries whose keys are small integer
/// costs go to buckets by two indices, a primary one, smaller first (A*: `f`), and a
/// secondary one, larger first (A*: `g`). Each bucket is a stack, so push and pop take
/// constant time and the entry popped is the one pushed last among its equals (A*: a child
/// of the state just expanded, still in cache). Keys without small indices go to a lazy
/// binary heap beside the buckets; pop compares the two.
///
/// `bucket(key)` gives a key's indices, if small: a key with a smaller primary index, or
/// an equal primary and a larger secondary one, must be larger (expanded first).
pub(crate) struct BucketFrontier<K: Ord, B> {
    bucket: B,
    layers: Vec<Layer<K>>,
    /// No layer below this one holds an entry.
    low: usize,
    len: usize,
    heap: BinaryHeap<Entry<K>>,
}

impl<K: Ord + Copy, B: Fn(&K) -> Option<(usize, usize)>> BucketFrontier<K, B> {
    pub(crate) fn new(bucket: B) -> Self {
        BucketFrontier {
            bucket,
            layers: Vec::new(),
            low: 0,
            len: 0,
            heap: BinaryHeap::new(),
        }
    }

    /// The layer and secondary index of the best bucketed entry.
    #[inline]
    fn best(&mut self) -> Option<(usize, usize)> {
        if self.len == 0 {
            return None;
        }
        while self.layers[self.low].len == 0 {
            // a layer left behind gives its memory back
            self.layers[self.low] = Layer::default();
            self.low += 1;
        }
        let layer = &mut self.layers[self.low];
        while layer.by_secondary[layer.top].is_empty() {
            layer.top -= 1;
        }
        Some((self.low, layer.top))
    }
}

impl<K: Ord + Copy, B: Fn(&K) -> Option<(usize, usize)>> Frontier<K> for BucketFrontier<K, B> {
    #[inline]
    fn push(&mut self, id: usize, key: K) {
        let entry = Entry { key, id: id as u32 };
        match (self.bucket)(&key) {
            Some((p, s)) if p < MAX_PRIMARY && s < MAX_SECONDARY => {
                if p >= self.layers.len() {
                    self.layers.resize_with(p + 1, Layer::default);
                }
                let layer = &mut self.layers[p];
                if s >= layer.by_secondary.len() {
                    layer.by_secondary.resize_with(s + 1, Vec::new);
                }
                layer.by_secondary[s].push(entry);
                layer.len += 1;
                layer.top = layer.top.max(s);
                if self.len == 0 || p < self.low {
                    self.low = p;
                }
                self.len += 1;
            }
            _ => self.heap.push(entry),
        }
    }

    #[inline]
    fn pop(&mut self) -> Option<(usize, K)> {
        let Some((p, s)) = self.best() else {
            return self.heap.pop().map(|e| (e.id as usize, e.key));
        };
        let layer = &mut self.layers[p];
        let bucket = &mut layer.by_secondary[s];
        if let Some(top) = self.heap.peek() {
            if top.key > bucket[bucket.len() - 1].key {
                return self.heap.pop().map(|e| (e.id as usize, e.key));
            }
        }
        let e = bucket.pop()?;
        layer.len -= 1;
        self.len -= 1;
        Some((e.id as usize, e.key))
    }
}

#[cfg(test)]
mod tests {
    use std::cmp::Reverse;

    use super::*;

    /// A*'s key shape: smaller `f` first, then larger `g`, then larger id. Keys with `f`
    /// above 50 or `g` above 20 go to the heap, so either side can hold the best entry.
    #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
    struct Key(Reverse<u32>, u32, u32);

    #[test]
    fn pops_in_key_order_across_buckets_and_heap() {
        let mut q = BucketFrontier::new(|k: &Key| {
            (k.0 .0 <= 50 && k.1 <= 20).then_some((k.0 .0 as usize, k.1 as usize))
        });
        let (mut all, mut keys) = (Vec::new(), Vec::new());
        // a fixed pseudo-random sequence of pushes and pops
        let mut x = 12345u64;
        let mut next = || {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (x >> 33) as u32
        };
        for id in 0..5000u32 {
            let (f, g) = (next() % 80, next() % 30);
            let k = Key(Reverse(f), g, id);
            q.push(id as usize, k);
            all.push(k);
            keys.push(k);
            if next() % 3 == 0 {
                let (i, k) = q.pop().unwrap();
                assert_eq!(k, all[i]);
                // nothing left in the queue is better in (f, g)
                keys.retain(|&o| o != k);
                let best = keys.iter().max().unwrap_or(&k);
                assert!((best.0, best.1) <= (k.0, k.1), "{best:?} before {k:?}");
            }
        }
        while let Some((_, k)) = q.pop() {
            keys.retain(|&o| o != k);
            if let Some(best) = keys.iter().max() {
                assert!((best.0, best.1) <= (k.0, k.1));
            }
        }
        assert!(keys.is_empty());
    }
}
