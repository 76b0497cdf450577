//! The path of a depth-first search (DFS, IDDFS, IDA*): a stack of frames, one per state on
//! the path, each holding that state's successors and which of them is being explored.
//! The frames are reused from one branch to the next, so no allocation happens per node
//! once the deepest path has been reached.

use crate::search::{Solution, Step};
use crate::traits::{Cost, Successors};

pub(crate) struct Frame<S, A, C> {
    /// The successors of the state this frame stands for.
    pub(crate) children: Successors<S, A, C>,
    /// How many of them have been taken; the one being explored is `next - 1`.
    pub(crate) next: usize,
    /// The cost of the path to the state.
    pub(crate) g: C,
    /// The state's heuristic estimate (IDA*), zero otherwise.
    pub(crate) h: C,
}

impl<S, A, C: Cost> Frame<S, A, C> {
    fn new() -> Self {
        Frame {
            children: Successors::new(),
            next: 0,
            g: C::ZERO,
            h: C::ZERO,
        }
    }

    /// The child this frame is exploring: the state one level deeper on the path.
    #[inline(always)]
    pub(crate) fn chosen(&self) -> &Step<S, A, C> {
        &self.children.as_slice()[self.next - 1]
    }
}

/// Makes `frames[depth]` exist, reusing its buffer if it does, and readies it for a state
/// with path cost `g` and estimate `h`: no children yet.
#[inline]
pub(crate) fn ready<S, A, C: Cost>(frames: &mut Vec<Frame<S, A, C>>, depth: usize, g: C, h: C) {
    if frames.len() == depth {
        frames.push(Frame::new());
    }
    let frame = &mut frames[depth];
    frame.children.clear();
    frame.next = 0;
    frame.g = g;
    frame.h = h;
}

/// The solution from `start` along the children the frames are exploring, then `last`.
pub(crate) fn solution<S: Clone, A: Clone, C: Cost>(
    start: S,
    frames: &[Frame<S, A, C>],
    last: &Step<S, A, C>,
) -> Solution<S, A, C> {
    let steps = frames
        .iter()
        .map(Frame::chosen)
        .chain(std::iter::once(last))
        .cloned()
        .collect();
    Solution::from_steps(start, steps)
}
