//! The open list of the grid's engine: a stack for the cells of the least `f`, and behind
//! it a queue that orders the others by `f`: buckets of cells under a heap of their `f`
//! for keys packed into integers, a four-ary min-heap of keys otherwise.

use crate::grid::GridCost;

/// An open-list entry: `f` and the cell, ordered by `f` alone.
pub(super) trait Key<C>: Copy + Ord {
    /// The queue that orders the entries.
    type Queue: Queue<Self>;
    fn new(f: C, cell: u32) -> Self;
    fn cell(self) -> u32;
    fn f(self) -> C;
    /// Whether the two entries have the same `f`.
    fn same_f(self, other: Self) -> bool;
}

/// `f` as the bits of its [`to_f64`](crate::Cost::to_f64), and the cell: one integer
/// comparison orders two entries. Exact only while `to_f64` is exact and increasing on the
/// search's costs, which [`packs_exactly`] checks.
///
/// Entries of equal `f` have no tie-break: most of them go to the open list's stack
/// ([`FlatOpen`]), last in first out, and a tie-break in the heap for the others (the one
/// nearer the goal first) saved only a few percent of the expansions, less than its
/// comparisons cost.
#[derive(Clone, Copy, Debug)]
pub(super) struct Packed {
    f: u64,
    cell: u32,
}

impl PartialEq for Packed {
    fn eq(&self, other: &Self) -> bool {
        self.f == other.f
    }
}
impl Eq for Packed {}
impl PartialOrd for Packed {
    #[inline(always)]
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
    #[inline(always)]
    fn lt(&self, other: &Self) -> bool {
        self.f < other.f
    }
    #[inline(always)]
    fn le(&self, other: &Self) -> bool {
        self.f <= other.f
    }
    #[inline(always)]
    fn gt(&self, other: &Self) -> bool {
        self.f > other.f
    }
    #[inline(always)]
    fn ge(&self, other: &Self) -> bool {
        self.f >= other.f
    }
}
impl Ord for Packed {
    #[inline(always)]
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.f.cmp(&other.f)
    }
}

impl<C: GridCost> Key<C> for Packed {
    type Queue = Buckets;

    #[inline(always)]
    fn new(f: C, cell: u32) -> Self {
        // A non-negative f64 (never -0.0 here: costs are sums of positive steps and of
        // +0.0) orders as its bits do.
        Packed {
            f: f.to_f64().to_bits(),
            cell,
        }
    }

    #[inline(always)]
    fn cell(self) -> u32 {
        self.cell
    }

    #[inline(always)]
    fn f(self) -> C {
        C::from_f64_floor(f64::from_bits(self.f))
    }

    #[inline(always)]
    fn same_f(self, other: Self) -> bool {
        self.f == other.f
    }
}

/// The entry for costs that [`Packed`] cannot hold exactly: `f` kept as it is.
#[derive(Clone, Copy, Debug)]
pub(super) struct Exact<C> {
    f: C,
    cell: u32,
}

impl<C: Ord> PartialEq for Exact<C> {
    fn eq(&self, other: &Self) -> bool {
        self.f == other.f
    }
}
impl<C: Ord> Eq for Exact<C> {}
impl<C: Ord> PartialOrd for Exact<C> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl<C: Ord> Ord for Exact<C> {
    #[inline(always)]
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.f.cmp(&other.f)
    }
}

impl<C: GridCost> Key<C> for Exact<C> {
    type Queue = Heap<Self>;

    #[inline(always)]
    fn new(f: C, cell: u32) -> Self {
        Exact { f, cell }
    }

    #[inline(always)]
    fn cell(self) -> u32 {
        self.cell
    }

    #[inline(always)]
    fn f(self) -> C {
        self.f
    }

    #[inline(always)]
    fn same_f(self, other: Self) -> bool {
        self.f == other.f
    }
}

/// Whether every `f` of a search with diagonal step cost `diagonal` on a map of `cells`
/// cells is held exactly by [`Packed`]: always for [`OrderedF64`](crate::OrderedF64)
/// (the float cost, the one whose `from_f64_floor(0.5)` is not zero); for integers, when
/// the largest such `f` is at most 2<sup>53</sup>. An `f` is the cost of a path to a jump
/// point, optimal up to its last jump (at most `cells` diagonal steps, then a jump of at
/// most `cells` steps), plus an estimate of at most `cells` diagonal steps.
pub(super) fn packs_exactly<C: GridCost>(diagonal: C, cells: usize) -> bool {
    if C::from_f64_floor(0.5) != C::ZERO {
        return true;
    }
    let steps = u32::try_from(cells.saturating_mul(3)).unwrap_or(u32::MAX);
    diagonal.times(steps).to_f64() <= 9_007_199_254_740_992.0
}

/// A priority queue: the least item first.
pub(super) trait Queue<T>: Default {
    fn len(&self) -> usize;
    fn clear(&mut self);
    fn push(&mut self, item: T);
    fn pop(&mut self) -> Option<T>;
}

/// The open list: a queue, and beside it a stack of the entries pushed with the `f` of
/// the entry last taken out, which is the least `f` there is (the estimate is consistent):
/// those come out first, last in first out, without passing through the queue. On a grid
/// many jump points keep their parent's `f` (every jump toward the goal does).
#[derive(Clone, Debug)]
pub(super) struct FlatOpen<K, Q> {
    queue: Q,
    stack: Vec<K>,
    /// The entry last taken out.
    last: Option<K>,
}

impl<K, Q: Default> Default for FlatOpen<K, Q> {
    fn default() -> Self {
        FlatOpen {
            queue: Q::default(),
            stack: Vec::new(),
            last: None,
        }
    }
}

impl<K: Copy, Q: Queue<K>> FlatOpen<K, Q> {
    #[inline]
    pub(super) fn len(&self) -> usize {
        self.queue.len() + self.stack.len()
    }

    pub(super) fn clear(&mut self) {
        self.queue.clear();
        self.stack.clear();
        self.last = None;
    }

    #[inline(always)]
    pub(super) fn push<C>(&mut self, key: K)
    where
        K: Key<C>,
    {
        match self.last {
            Some(last) if key.same_f(last) => self.stack.push(key),
            _ => self.queue.push(key),
        }
    }

    #[inline(always)]
    pub(super) fn pop(&mut self) -> Option<K> {
        let key = match self.stack.pop() {
            Some(key) => key,
            None => self.queue.pop()?,
        };
        self.last = Some(key);
        Some(key)
    }
}

/// How many of the latest `f` a [`Buckets`] remembers the bucket of (a power of two).
const RECENT: usize = 256;

/// A queue of [`Packed`] keys: the cells of an `f` in a bucket, and a heap of the buckets
/// by `f`. Where many entries share an `f` (open maps), a push and a pop touch a bucket's
/// end instead of a heap's levels. The bucket of an `f` is found in a small table of the
/// latest `f`, indexed by a hash: an `f` whose entry was overwritten gets a second bucket,
/// which orders as the first. Within a bucket, the newest cell comes out first.
///
/// Where few entries share an `f` (corridors, and jump points on many maps), a bucket
/// holds one cell and opening and emptying it costs more than a heap of the cells would:
/// after [`DECIDE_AT`] pushes, a queue that opened a bucket for more than
/// [`FLAT_OPENS`] of them moves its cells into such a heap and stays one until cleared:
/// on the benchmark's maze of corridors of width 1, 6 % fewer instructions for A\* and 8 %
/// for jump point search; on its other maps, up to 1 % more for A\* (the pushes counted,
/// the mode checked) and up to 5 % fewer for jump point search.
#[derive(Clone, Debug, Default)]
pub(super) struct Buckets {
    /// Until the queue decides, the pushes since it was cleared; then [`DECIDE_AT`] if it
    /// stays buckets, [`FLAT`] if it is a plain heap of cells (`fs` holds the cells).
    mode: u32,
    /// Buckets opened since the queue was cleared, until it decides.
    opened: u32,
    /// The buckets but `current`, least `f` first (the bucket in place of the cell); the
    /// cells themselves once the queue is [`FLAT`].
    fs: Heap<Packed>,
    /// The latest `f` seen, with their buckets, by [`Buckets::slot`]; empty at first.
    recent: Vec<(u64, u32)>,
    /// Cells by bucket.
    buckets: Vec<Vec<u32>>,
    /// Buckets emptied, for other `f`.
    spare: Vec<u32>,
    /// The bucket being emptied, of the least `f` when it was taken from `fs`.
    current: Option<(u64, u32)>,
    len: usize,
}

/// A bucket number that no bucket has: an empty entry of [`Buckets::recent`].
const NO_BUCKET: u32 = u32::MAX;

/// After how many pushes a [`Buckets`] decides whether it stays one.
const DECIDE_AT: u32 = 512;

/// The [`Buckets::mode`] of a queue that is a plain heap of cells.
const FLAT: u32 = u32::MAX;

/// The share of pushes that open a bucket (numerator, denominator) above which a
/// [`Buckets`] turns into a plain heap. Over whole queries on the benchmark's maps (medians),
/// A\* opens one for 0.79 of its pushes in corridors of width 1 and for 0.34 or less
/// elsewhere; jump point search for 0.86 to 0.98 on the mazes and the rooms of 32 cells,
/// and 0.24 to 0.77 on the others, where the buckets and the heap cost about the same.
const FLAT_OPENS: (u32, u32) = (7, 10);

impl Buckets {
    /// The entry of `f` in `recent`.
    #[inline(always)]
    fn slot(f: u64) -> usize {
        (f.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - RECENT.trailing_zeros())) as usize
    }

    /// A bucket for `f`, queued.
    #[inline]
    fn open(&mut self, f: u64) -> u32 {
        // (read only until the queue decides; wrapping, a queue that stays buckets may
        // open more than `u32::MAX` in one query)
        self.opened = self.opened.wrapping_add(1);
        let b = self.spare.pop().unwrap_or_else(|| {
            self.buckets.push(Vec::new());
            (self.buckets.len() - 1) as u32
        });
        self.fs.push(Packed { f, cell: b });
        b
    }

    /// Decides, at [`DECIDE_AT`] pushes, whether the queue stays buckets; if not, moves
    /// every cell into a plain heap.
    #[cold]
    fn decide(&mut self) {
        let (num, den) = FLAT_OPENS;
        if u64::from(self.opened) * u64::from(den) <= u64::from(DECIDE_AT) * u64::from(num) {
            return;
        }
        if let Some((f, b)) = self.current.take() {
            self.fs.push(Packed { f, cell: b });
        }
        let mut cells = Heap::default();
        while let Some(Packed { f, cell: b }) = self.fs.pop() {
            for cell in self.buckets[b as usize].drain(..) {
                cells.push(Packed { f, cell });
            }
            self.spare.push(b);
        }
        self.fs = cells;
        self.recent.clear();
        self.mode = FLAT;
    }
}

impl Queue<Packed> for Buckets {
    #[inline]
    fn len(&self) -> usize {
        self.len
    }

    fn clear(&mut self) {
        self.mode = 0;
        self.opened = 0;
        self.fs.clear();
        self.recent.clear();
        self.spare.clear();
        for (i, bucket) in self.buckets.iter_mut().enumerate() {
            bucket.clear();
            self.spare.push(i as u32);
        }
        self.current = None;
        self.len = 0;
    }

    #[inline]
    fn push(&mut self, item: Packed) {
        self.len += 1;
        let b = match self.current {
            Some((f, b)) if f == item.f => b,
            _ => {
                // (a push of the current `f` is rare: the open list's stack takes those)
                if self.mode != DECIDE_AT {
                    if self.mode < DECIDE_AT {
                        self.mode += 1;
                        if self.mode == DECIDE_AT {
                            self.decide();
                        }
                    }
                    if self.mode == FLAT {
                        self.fs.push(item);
                        return;
                    }
                }
                if self.recent.is_empty() {
                    self.recent = vec![(0, NO_BUCKET); RECENT];
                }
                let slot = Buckets::slot(item.f);
                match self.recent[slot] {
                    (f, b) if f == item.f && b != NO_BUCKET => b,
                    _ => {
                        let b = self.open(item.f);
                        self.recent[slot] = (item.f, b);
                        b
                    }
                }
            }
        };
        self.buckets[b as usize].push(item.cell);
    }

    #[inline]
    fn pop(&mut self) -> Option<Packed> {
        loop {
            if let Some((f, b)) = self.current {
                if self.fs.peek().is_some_and(|least| least.f < f) {
                    // a smaller `f` pushed since (an estimate that is not consistent):
                    // the current bucket goes back
                    self.fs.push(Packed { f, cell: b });
                } else if let Some(cell) = self.buckets[b as usize].pop() {
                    self.len -= 1;
                    return Some(Packed { f, cell });
                } else {
                    self.spare.push(b);
                }
                self.current = None;
            }
            let Packed { f, cell: b } = self.fs.pop()?;
            if self.mode == FLAT {
                // (`current` is never set in a plain heap)
                self.len -= 1;
                return Some(Packed { f, cell: b });
            }
            // pushes of `f` now go to `current`; the table forgets the bucket
            let slot = Buckets::slot(f);
            if self.recent.get(slot) == Some(&(f, b)) {
                self.recent[slot].1 = NO_BUCKET;
            }
            self.current = Some((f, b));
        }
    }
}

const ARITY: usize = 4;
/// A four-ary min-heap (its `pop` is written for four children).
#[derive(Clone, Debug)]
pub(super) struct Heap<T> {
    items: Vec<T>,
}

impl<T> Default for Heap<T> {
    fn default() -> Self {
        Heap { items: Vec::new() }
    }
}

impl<T: Copy + Ord> Heap<T> {
    /// The least item.
    #[inline]
    fn peek(&self) -> Option<T> {
        self.items.first().copied()
    }
}

impl<T: Copy + Ord> Queue<T> for Heap<T> {
    #[inline]
    fn len(&self) -> usize {
        self.items.len()
    }

    #[inline]
    fn clear(&mut self) {
        self.items.clear();
    }

    #[inline]
    fn push(&mut self, item: T) {
        let mut hole = self.items.len();
        self.items.push(item);
        let items = &mut self.items[..];
        while hole > 0 {
            let parent = (hole - 1) / ARITY;
            if items[parent] <= item {
                break;
            }
            items[hole] = items[parent];
            hole = parent;
        }
        items[hole] = item;
    }

    /// Takes out the least item: the last item fills the hole the root leaves, moving
    /// down past smaller children.
    #[inline]
    fn pop(&mut self) -> Option<T> {
        let last = self.items.pop()?;
        let items = &mut self.items[..];
        let n = items.len();
        if n == 0 {
            return Some(last);
        }
        let top = items[0];
        let mut hole = 0;
        loop {
            let first = ARITY * hole + 1;
            let (least, min) = if first + ARITY <= n {
                // a tournament: the two pairs' comparisons do not wait for each other
                let c = &items[first..first + ARITY];
                let (i01, m01) = if c[1] < c[0] { (1, c[1]) } else { (0, c[0]) };
                let (i23, m23) = if c[3] < c[2] { (3, c[3]) } else { (2, c[2]) };
                let (least, min) = if m23 < m01 { (i23, m23) } else { (i01, m01) };
                (first + least, min)
            } else if first < n {
                let mut least = first;
                let mut min = items[first];
                for (i, &c) in items.iter().enumerate().take(n).skip(first + 1) {
                    if c < min {
                        least = i;
                        min = c;
                    }
                }
                (least, min)
            } else {
                break;
            };
            if min >= last {
                break;
            }
            items[hole] = min;
            hole = least;
        }
        items[hole] = last;
        Some(top)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::OrderedF64;

    /// Pushes and pops at random, each pop checked to take out the least `f` left (after
    /// `clear`, the queue starts over). Keys are pushed at or above the last one taken out,
    /// as a search with a consistent estimate pushes them, by up to `spread`, so that with
    /// a small spread many entries tie.
    fn sorts<Q: Queue<Packed>>(queue: &mut Q, spread: u64) {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut all: Vec<u64> = Vec::new();
        let mut last = 0;
        for round in 0..60 {
            if round == 30 {
                queue.clear();
                all.clear();
                last = 0;
                assert_eq!(queue.pop().map(|p| p.f), None);
            }
            for _ in 0..round * 7 % 40 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let f = last + state % spread;
                queue.push(Packed {
                    f,
                    cell: state as u32,
                });
                all.push(f);
            }
            all.sort_unstable_by(|a, b| b.cmp(a));
            for _ in 0..round * 5 % 30 {
                let popped = queue.pop().map(|p| p.f);
                assert_eq!(popped, all.pop());
                last = popped.unwrap_or(last);
            }
            assert_eq!(queue.len(), all.len());
        }
        while let Some(p) = queue.pop() {
            assert_eq!(Some(p.f), all.pop());
        }
        assert!(all.is_empty());
    }

    #[test]
    fn the_queues_sort() {
        for spread in [3, 100, 1 << 40, 1 << 56] {
            sorts(&mut Heap::default(), spread);
            sorts(&mut Buckets::default(), spread);
        }
    }

    /// A queue whose pushes mostly open a bucket becomes a plain heap at `DECIDE_AT`
    /// pushes, keeps its order across the change, and is buckets again once cleared.
    #[test]
    fn buckets_turn_into_a_heap_where_few_keys_tie() {
        let mut queue = Buckets::default();
        let n = DECIDE_AT as u64 + 100;
        // distinct keys, out of order, then one more of an `f` pushed before
        let keys: Vec<u64> = (0..n).map(|i| (i * 7919) % n).chain([5]).collect();
        for (cell, &f) in keys.iter().enumerate() {
            queue.push(Packed {
                f,
                cell: cell as u32,
            });
            assert_eq!(queue.mode == FLAT, cell + 1 >= DECIDE_AT as usize);
        }
        assert_eq!(queue.len(), keys.len());
        let mut sorted = keys.clone();
        sorted.sort_unstable();
        let popped: Vec<u64> = std::iter::from_fn(|| queue.pop().map(|p| p.f)).collect();
        assert_eq!(popped, sorted);
        assert_eq!(queue.len(), 0);
        queue.clear();
        // keys that tie keep it buckets
        for i in 0..2 * DECIDE_AT {
            queue.push(Packed {
                f: u64::from(i % 3),
                cell: i,
            });
        }
        assert_eq!(queue.mode, DECIDE_AT);
        assert_eq!(queue.len(), 2 * DECIDE_AT as usize);
    }

    /// A key below the last one taken out (which a consistent estimate never pushes)
    /// comes out next.
    #[test]
    fn buckets_take_a_smaller_key_next() {
        let mut queue = Buckets::default();
        for (f, cell) in [(5, 0), (5, 1), (7, 2)] {
            queue.push(Packed { f, cell });
        }
        assert_eq!(queue.pop().map(|p| (p.f, p.cell)), Some((5, 1)));
        queue.push(Packed { f: 4, cell: 3 });
        let order: Vec<_> = std::iter::from_fn(|| queue.pop().map(|p| (p.f, p.cell))).collect();
        assert_eq!(order, [(4, 3), (5, 0), (7, 2)]);
    }

    #[test]
    fn packed_keys_order_by_f() {
        let fs = [0.0, 1.0, 1.5, 2.0_f64.sqrt(), 3.0, 1e300, f64::INFINITY];
        for &a in &fs {
            for &b in &fs {
                let (pa, pb): (Packed, Packed) =
                    (Key::new(OrderedF64(a), 3), Key::new(OrderedF64(b), 2));
                assert_eq!(pa.cmp(&pb), a.total_cmp(&b));
                assert_eq!(pa < pb, a < b);
                assert_eq!(pa <= pb, a <= b);
                assert_eq!(pa > pb, a > b);
                assert_eq!(pa >= pb, a >= b);
                assert_eq!(Key::<OrderedF64>::same_f(pa, pb), a == b);
                assert_eq!(Key::<OrderedF64>::f(pa), OrderedF64(a));
                assert_eq!(Key::<OrderedF64>::cell(pa), 3);
                let (ea, eb) = (Exact::new(OrderedF64(a), 3), Exact::new(OrderedF64(b), 2));
                assert_eq!(ea.cmp(&eb), pa.cmp(&pb));
            }
        }
        assert!(packs_exactly(OrderedF64(1e300), 1 << 20));
        assert!(packs_exactly(14_142u64, 1 << 20));
        assert!(packs_exactly(u32::MAX, usize::MAX));
        assert!(!packs_exactly(1u64 << 50, 1 << 20));
        assert!(!packs_exactly(u128::MAX, 1));
        let k: Packed = Key::new(123_456_789u64, 0);
        assert_eq!(Key::<u64>::f(k), 123_456_789);
    }
}
