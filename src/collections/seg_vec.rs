//! A growable vector in fixed segments that never move.

/// The most items in the first segment.
const HEAD: usize = 1 << 20;
/// log2 of the items in each later segment.
const SEGMENT_BITS: u32 = 16;
const SEGMENT: usize = 1 << SEGMENT_BITS;

/// A vector of items in segments that never move: a first one that grows as a `Vec`
/// does up to 2<sup>20</sup> items, then segments of 65,536. Growing copies at most the
/// first segment's items (a plain `Vec` of millions of search nodes copies them all at
/// every doubling, and needs the old and the new block at once), and touches little
/// memory beyond the items stored.
///
/// The first segment is a field of its own, so that indexing it (every index of a search
/// of up to a million states) costs what a `Vec`'s indexing costs; a later segment costs
/// one more, well-cached load.
pub(crate) struct SegVec<T> {
    head: Vec<T>,
    /// Segments 1, 2, ...
    tail: Vec<Vec<T>>,
    len: usize,
}

impl<T> Default for SegVec<T> {
    fn default() -> Self {
        SegVec::new()
    }
}

impl<T> SegVec<T> {
    pub(crate) fn new() -> Self {
        SegVec {
            head: Vec::new(),
            tail: Vec::new(),
            len: 0,
        }
    }

    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Appends `item`; its index is the length before the call.
    #[inline]
    pub(crate) fn push(&mut self, item: T) {
        if self.len < HEAD {
            self.head.push(item);
        } else {
            let k = (self.len - HEAD) >> SEGMENT_BITS;
            if k == self.tail.len() {
                self.add_segment();
            }
            self.tail[k].push(item);
        }
        self.len += 1;
    }

    /// Adds an empty later segment: out of line, so that [`SegVec::push`] stays small
    /// enough to inline (a push that is a call costs breadth-first search several
    /// percent).
    #[cold]
    #[inline(never)]
    fn add_segment(&mut self) {
        self.tail.push(Vec::with_capacity(SEGMENT));
    }

    /// Removes every item, keeping the segments' memory for the items pushed next.
    pub(crate) fn clear(&mut self) {
        self.head.clear();
        for segment in &mut self.tail {
            segment.clear();
        }
        self.len = 0;
    }

    /// The items, in order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = &T> + '_ {
        self.head.iter().chain(self.tail.iter().flatten())
    }

    #[inline]
    pub(crate) fn get(&self, i: usize) -> &T {
        match self.head.get(i) {
            Some(item) => item,
            None => &self.tail[(i - HEAD) >> SEGMENT_BITS][i % SEGMENT],
        }
    }

    #[inline]
    pub(crate) fn get_mut(&mut self, i: usize) -> &mut T {
        match self.head.get_mut(i) {
            Some(item) => item,
            None => &mut self.tail[(i - HEAD) >> SEGMENT_BITS][i % SEGMENT],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_keep_their_index_across_segments() {
        let mut v = SegVec::new();
        let n = HEAD + 3 * SEGMENT + 5;
        for i in 0..n {
            v.push(i as u32);
        }
        assert_eq!(v.len(), n);
        *v.get_mut(HEAD + SEGMENT) += 1;
        *v.get_mut(7) += 2;
        assert!((0..n).all(|i| {
            let changed = u32::from(i == HEAD + SEGMENT) + 2 * u32::from(i == 7);
            *v.get(i) == i as u32 + changed
        }));
        // cleared, it fills its segments again without adding any
        v.clear();
        let m = HEAD + 2 * SEGMENT + 1;
        for i in 0..m {
            v.push(i as u32 * 2);
        }
        assert_eq!(v.tail.len(), 4);
        assert!(v.iter().copied().eq((0..m as u32).map(|i| i * 2)));
    }
}
