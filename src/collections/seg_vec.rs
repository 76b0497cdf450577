//! A growable vector in fixed segments that never move.

/// log2 of the items in a segment.
const SEGMENT_BITS: u32 = 12;
const SEGMENT: usize = 1 << SEGMENT_BITS;

/// A vector of items in segments of 4096 that never move: growing copies at most the
/// first segment's items, while it grows to its full size (a plain `Vec` of millions of
/// search nodes copies them all at every doubling), and touches little memory beyond the
/// items stored. Indexing costs one extra, well-cached load.
pub(crate) struct SegVec<T> {
    segments: Vec<Vec<T>>,
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
            segments: Vec::new(),
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
        if self.len % SEGMENT == 0 && self.len >> SEGMENT_BITS == self.segments.len() {
            self.add_segment();
        }
        self.segments[self.len >> SEGMENT_BITS].push(item);
        self.len += 1;
    }

    /// Adds an empty segment: out of line, so that [`SegVec::push`] stays small enough to
    /// inline (a push that is a call costs breadth-first search several percent). The
    /// first segment grows as items come, so that many small vectors take little memory.
    #[cold]
    #[inline(never)]
    fn add_segment(&mut self) {
        let room = if self.segments.is_empty() { 0 } else { SEGMENT };
        self.segments.push(Vec::with_capacity(room));
    }

    /// Removes every item, keeping the segments' memory for the items pushed next.
    pub(crate) fn clear(&mut self) {
        for segment in &mut self.segments {
            segment.clear();
        }
        self.len = 0;
    }

    /// The items, in order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = &T> + '_ {
        self.segments.iter().flatten()
    }

    #[inline]
    pub(crate) fn get(&self, i: usize) -> &T {
        &self.segments[i >> SEGMENT_BITS][i % SEGMENT]
    }

    #[inline]
    pub(crate) fn get_mut(&mut self, i: usize) -> &mut T {
        &mut self.segments[i >> SEGMENT_BITS][i % SEGMENT]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_keep_their_index_across_segments() {
        let mut v = SegVec::new();
        for i in 0..3 * SEGMENT + 5 {
            v.push(i as u32);
        }
        assert_eq!(v.len(), 3 * SEGMENT + 5);
        *v.get_mut(SEGMENT) += 1;
        assert!((0..v.len()).all(|i| *v.get(i) == i as u32 + u32::from(i == SEGMENT)));
        // cleared, it fills its segments again without adding any
        v.clear();
        for i in 0..2 * SEGMENT + 1 {
            v.push(i as u32 * 2);
        }
        assert_eq!(v.segments.len(), 4);
        assert!(v
            .iter()
            .copied()
            .eq((0..2 * SEGMENT as u32 + 1).map(|i| i * 2)));
    }
}
