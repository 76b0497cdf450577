//! The open list of the grid's engine: a stack for the cells of the least `f`, and behind
//! it a queue that orders the others by `f`: a ring of buckets ([`Ring`]) for keys packed
//! into integers, a four-ary min-heap of keys otherwise.

use super::ring::Ring;
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
    pub(super) f: u64,
    pub(super) cell: u32,
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
    type Queue = Ring;

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
    /// Tells the queue the cost of a straight step, the scale of the keys' `f`.
    fn set_unit(&mut self, _unit: f64) {}
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

    /// See [`Queue::set_unit`].
    pub(super) fn set_unit(&mut self, unit: f64) {
        self.queue.set_unit(unit);
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
    pub(super) fn peek(&self) -> Option<T> {
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
    /// as a search with a consistent estimate pushes them, by `step` times a number below
    /// `spread`, so that with a small spread many entries tie, and with a small step many
    /// share a ring's bucket. (A straight step costs 1.)
    pub(super) fn sorts<Q: Queue<Packed>>(queue: &mut Q, spread: u64, step: f64) {
        queue.set_unit(1.0);
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
                let f = (f64::from_bits(last) + (state % spread) as f64 * step).to_bits();
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
        for spread in [3, 100, 10_000, 1 << 20] {
            for step in [0.01, 0.125, 1.0] {
                sorts(&mut Heap::default(), spread, step);
                sorts(&mut Ring::default(), spread, step);
            }
        }
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
