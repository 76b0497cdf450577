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
        if self.len % SEGMENT == 0 {
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
    }
}
