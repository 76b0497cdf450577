use std::hash::Hash;
use std::marker::PhantomData;

use smallvec::SmallVec;

use super::Cost;

/// A search state: anything that can be cloned, compared and hashed.
///
/// Implemented automatically for every such type. Keep states small (a packed integer is
/// ideal): graph searches store every state they reach.
pub trait State: Clone + Eq + Hash {}
impl<T: Clone + Eq + Hash> State for T {}

/// The search space: a goal test and a successor function.
///
/// The start state is not part of the problem; it is given to each algorithm, so one
/// problem value can be searched from many starts.
///
/// [`successors`](Problem::successors) writes into a buffer owned by the algorithm, which is
/// cleared and reused, so expanding a node allocates nothing once the buffer has grown.
///
/// # Examples
///
/// A 4x4 grid with walls; moving to a neighbouring free cell costs 1.
///
/// ```
/// use heurist::{Problem, Successors};
///
/// struct Grid { walls: [[bool; 4]; 4], goal: (i32, i32) }
///
/// impl Problem for Grid {
///     type State = (i32, i32);
///     type Action = char;
///     type Cost = u32;
///
///     fn is_goal(&self, s: &(i32, i32)) -> bool {
///         *s == self.goal
///     }
///
///     fn successors(&self, &(r, c): &(i32, i32), out: &mut Successors<(i32, i32), char, u32>) {
///         for (a, dr, dc) in [('N', -1, 0), ('S', 1, 0), ('W', 0, -1), ('E', 0, 1)] {
///             let (nr, nc) = (r + dr, c + dc);
///             if (0..4).contains(&nr) && (0..4).contains(&nc) && !self.walls[nr as usize][nc as usize] {
///                 out.push(a, (nr, nc), 1);
///             }
///         }
///     }
/// }
///
/// let mut walls = [[false; 4]; 4];
/// walls[1] = [true, true, true, false];
/// let grid = Grid { walls, goal: (3, 0) };
///
/// let result = heurist::bfs(&grid, (0, 0));
/// let solution = result.solution().unwrap();
/// assert_eq!(solution.cost, 9); // around the wall: 3 east, 3 south, 3 west
/// assert_eq!(solution.actions().collect::<String>(), "EEESSSWWW");
/// ```
pub trait Problem {
    /// A node of the search space.
    type State: State;
    /// What leads from a state to one of its successors (a move, an edge label, ...).
    type Action: Clone;
    /// The cost of a step and of a path.
    type Cost: Cost;

    /// Whether `state` is a goal.
    fn is_goal(&self, state: &Self::State) -> bool;

    /// Pushes every successor of `state` into `out`, with the action leading to it and the
    /// cost of that step. `out` is empty when this is called.
    fn successors(
        &self,
        state: &Self::State,
        out: &mut Successors<Self::State, Self::Action, Self::Cost>,
    );

    /// Pushes the successors of `state`, which was reached by the action `last` (`None` for
    /// the start state), leaving out those that are never needed right after `last`
    /// (*move pruning*). The default pushes every successor.
    ///
    /// A successor may be left out when the state it reaches can also be reached from the
    /// state before `last` by fewer actions at a lower cost: the undo of `last`, or a move
    /// that merges with `last` into one cheaper move. No optimal path takes such a pair of
    /// actions, so the optimal searches (BFS, IDDFS, Dijkstra, A*, IDA*), which call this
    /// method with the action on the best path found to `state`, stay optimal, and still
    /// prove a problem unsolvable by exhausting its space. DFS, greedy and weighted A*
    /// call [`successors`](Problem::successors).
    ///
    /// # Examples
    ///
    /// Walking on a line: stepping back right after a step is never needed.
    ///
    /// ```
    /// use heurist::{Problem, Successors};
    ///
    /// struct Line;
    ///
    /// impl Problem for Line {
    ///     type State = i32;
    ///     type Action = i32;
    ///     type Cost = u32;
    ///     fn is_goal(&self, s: &i32) -> bool {
    ///         *s == 5
    ///     }
    ///     fn successors(&self, s: &i32, out: &mut Successors<i32, i32, u32>) {
    ///         self.successors_after(s, None, out)
    ///     }
    ///     fn successors_after(&self, s: &i32, last: Option<&i32>, out: &mut Successors<i32, i32, u32>) {
    ///         for step in [-1, 1] {
    ///             if last != Some(&-step) {
    ///                 out.push(step, s + step, 1);
    ///             }
    ///         }
    ///     }
    /// }
    ///
    /// let r = heurist::bfs(&Line, 0);
    /// assert_eq!(r.cost(), Some(5));
    /// assert_eq!(r.stats.generated, 10); // two from the start, one from each other state
    /// ```
    #[inline]
    fn successors_after(
        &self,
        state: &Self::State,
        last: Option<&Self::Action>,
        out: &mut Successors<Self::State, Self::Action, Self::Cost>,
    ) {
        let _ = last;
        self.successors(state, out)
    }

    /// Whether every step can be undone by one step: whenever `t` is a successor of `s`,
    /// `s` is a successor of `t` (at any cost). The default is `false`.
    ///
    /// Breadth-first search uses it to keep only the last three levels in its duplicate
    /// index: in a reversible space the successors of a state at depth `d` lie at depth
    /// `d - 1`, `d` or `d + 1`, so older levels can never be reached again. Lookups then
    /// meet a much smaller table (often one that stays in cache); every reached state is
    /// still stored, once, with its parent link. The answer does not change, and the
    /// search still proves a problem unsolvable by exhausting its space. (Under a cost
    /// bound, which can leave a state out at one level and let it be reached at a later
    /// one, BFS keeps every level.)
    ///
    /// Say `true` only when it holds for [`successors_after`](Problem::successors_after)'s
    /// full space (move pruning is fine; pruning that changes the distances of states, such
    /// as partial-order reduction, is not): in a space that is not reversible, breadth-first
    /// search would store a state again when it is reached from a later level, and may not
    /// end.
    ///
    /// # Examples
    ///
    /// Walking on a line, every step can be undone:
    ///
    /// ```
    /// use heurist::{Problem, Successors};
    ///
    /// struct Line;
    ///
    /// impl Problem for Line {
    ///     type State = i32;
    ///     type Action = i32;
    ///     type Cost = u32;
    ///     fn is_goal(&self, s: &i32) -> bool {
    ///         *s == 1000
    ///     }
    ///     fn successors(&self, s: &i32, out: &mut Successors<i32, i32, u32>) {
    ///         out.push(-1, s - 1, 1);
    ///         out.push(1, s + 1, 1);
    ///     }
    ///     fn reversible(&self) -> bool {
    ///         true
    ///     }
    /// }
    ///
    /// let r = heurist::bfs(&Line, 0);
    /// assert_eq!(r.cost(), Some(1000));
    /// assert_eq!(r.stats.stored, 2001); // every state once, from -1000 to 1000
    /// ```
    #[inline]
    fn reversible(&self) -> bool {
        false
    }

    /// Whether breadth-first search should prune by *arrival sets* (see
    /// [`successors_arrived`](Problem::successors_arrived)). The default is `false`.
    ///
    /// Breadth-first search then keeps, for each state stored but not yet expanded, the
    /// union of the [`arrival_bits`](Problem::arrival_bits) of every action that reached it
    /// (not only the first one, as move pruning does), and expands it with
    /// [`successors_arrived`](Problem::successors_arrived). The other algorithms ignore it.
    #[inline]
    fn arrival_pruning(&self) -> bool {
        false
    }

    /// The bits that stand for `action` in an arrival set (see
    /// [`successors_arrived`](Problem::successors_arrived)). The default is `0`.
    #[inline]
    fn arrival_bits(&self, action: &Self::Action) -> u64 {
        let _ = action;
        0
    }

    /// Pushes the successors of `state`, leaving out those that the ways it was reached make
    /// redundant: `arrived` is the union of the [`arrival_bits`](Problem::arrival_bits) of
    /// the actions by which breadth-first search reached `state` from states it expanded
    /// before (when [`arrival_pruning`](Problem::arrival_pruning) says so). The default
    /// pushes every successor.
    ///
    /// This is move pruning over every known way into a state, not only the first. The
    /// rule a problem must keep: a successor `w` may be left out for the bits of an action
    /// `a` from `u` only when `w` is `u` itself, or a successor of `u` by an action with
    /// the same bits (which `u` pushed, unless it was itself reached by such an action:
    /// the rule then applies one step further back). Typical bits: the undo of a step, or
    /// in a puzzle where one move slides a piece any distance, every further move of the
    /// piece just moved (the two slides are one slide from `u`, or none).
    ///
    /// Breadth-first search then meets every state at the same depth, from the same
    /// parent, in the same order: the solution and the expanded and stored counts do not
    /// change, while far fewer successors are generated and looked up. (Under a cost bound
    /// it is not used.)
    ///
    /// # Examples
    ///
    /// Walking on a grid: after arriving by a step east, the step west leads back. With
    /// every arrival known (here each state inside the grid is reached from two sides),
    /// both undos are left out, not just the last one's.
    ///
    /// ```
    /// use heurist::{Problem, Successors};
    ///
    /// struct Grid {
    ///     pruning: bool,
    /// }
    ///
    /// const STEPS: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
    ///
    /// impl Problem for Grid {
    ///     type State = (i32, i32);
    ///     type Action = usize; // index into STEPS
    ///     type Cost = u32;
    ///     fn is_goal(&self, s: &(i32, i32)) -> bool {
    ///         *s == (30, 30)
    ///     }
    ///     fn successors(&self, s: &(i32, i32), out: &mut Successors<(i32, i32), usize, u32>) {
    ///         self.successors_arrived(s, 0, out)
    ///     }
    ///     fn arrival_pruning(&self) -> bool {
    ///         self.pruning
    ///     }
    ///     fn arrival_bits(&self, &a: &usize) -> u64 {
    ///         1 << ((a + 2) % 4) // the step back
    ///     }
    ///     fn successors_arrived(
    ///         &self,
    ///         &(r, c): &(i32, i32),
    ///         arrived: u64,
    ///         out: &mut Successors<(i32, i32), usize, u32>,
    ///     ) {
    ///         for (a, (dr, dc)) in STEPS.into_iter().enumerate() {
    ///             let (r, c) = (r + dr, c + dc);
    ///             if arrived >> a & 1 == 0 && (0..=30).contains(&r) && (0..=30).contains(&c) {
    ///                 out.push(a, (r, c), 1);
    ///             }
    ///         }
    ///     }
    /// }
    ///
    /// let plain = heurist::bfs(&Grid { pruning: false }, (0, 0));
    /// let pruned = heurist::bfs(&Grid { pruning: true }, (0, 0));
    /// assert_eq!(pruned.cost(), Some(60));
    /// assert_eq!(pruned.solution(), plain.solution());
    /// assert_eq!(pruned.stats.stored, plain.stats.stored);
    /// // half the successors: from each state only the steps away from the start
    /// assert_eq!((pruned.stats.generated, plain.stats.generated), (1859, 3715));
    /// ```
    #[inline]
    fn successors_arrived(
        &self,
        state: &Self::State,
        arrived: u64,
        out: &mut Successors<Self::State, Self::Action, Self::Cost>,
    ) {
        let _ = arrived;
        self.successors(state, out)
    }
}

impl<P: Problem + ?Sized> Problem for &P {
    type State = P::State;
    type Action = P::Action;
    type Cost = P::Cost;
    #[inline]
    fn is_goal(&self, state: &Self::State) -> bool {
        (**self).is_goal(state)
    }
    #[inline]
    fn successors(
        &self,
        state: &Self::State,
        out: &mut Successors<Self::State, Self::Action, Self::Cost>,
    ) {
        (**self).successors(state, out)
    }
    #[inline]
    fn successors_after(
        &self,
        state: &Self::State,
        last: Option<&Self::Action>,
        out: &mut Successors<Self::State, Self::Action, Self::Cost>,
    ) {
        (**self).successors_after(state, last, out)
    }
    #[inline]
    fn reversible(&self) -> bool {
        (**self).reversible()
    }
    #[inline]
    fn arrival_pruning(&self) -> bool {
        (**self).arrival_pruning()
    }
    #[inline]
    fn arrival_bits(&self, action: &Self::Action) -> u64 {
        (**self).arrival_bits(action)
    }
    #[inline]
    fn successors_arrived(
        &self,
        state: &Self::State,
        arrived: u64,
        out: &mut Successors<Self::State, Self::Action, Self::Cost>,
    ) {
        (**self).successors_arrived(state, arrived, out)
    }
}

/// One successor of a state: the action taken, the state reached and the step's cost.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Successor<S, A, C> {
    /// The action leading to `state`.
    pub action: A,
    /// The state reached.
    pub state: S,
    /// The cost of this step.
    pub cost: C,
}

/// The buffer a [`Problem`] writes the successors of a state into.
///
/// It stores up to four successors inline (a `SmallVec`), so the buffers of an IDA* stack
/// sit next to each other in memory; more spill to the heap once and the capacity is kept
/// when the buffer is reused.
///
/// # Examples
///
/// ```
/// use heurist::Successors;
///
/// let mut out: Successors<u32, char, u8> = Successors::new();
/// out.push('a', 10, 1);
/// out.push('b', 20, 2);
/// assert_eq!(out.len(), 2);
/// assert_eq!(out.iter().map(|s| s.state).sum::<u32>(), 30);
/// out.clear();
/// assert!(out.is_empty());
/// ```
#[derive(Clone, Debug)]
pub struct Successors<S, A, C> {
    items: SmallVec<[Successor<S, A, C>; 4]>,
}

impl<S, A, C> Default for Successors<S, A, C> {
    fn default() -> Self {
        Successors {
            items: SmallVec::new(),
        }
    }
}

impl<S, A, C> Successors<S, A, C> {
    /// An empty buffer.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds the successor `state`, reached by `action` at cost `cost`.
    #[inline]
    pub fn push(&mut self, action: A, state: S, cost: C) {
        self.items.push(Successor {
            action,
            state,
            cost,
        });
    }

    /// Number of successors in the buffer.
    #[inline]
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether the buffer is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Removes all successors, keeping the allocated capacity.
    #[inline]
    pub fn clear(&mut self) {
        self.items.clear();
    }

    /// The successors, in the order they were pushed.
    #[inline]
    pub fn iter(&self) -> std::slice::Iter<'_, Successor<S, A, C>> {
        self.items.iter()
    }

    /// The successors as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Successor<S, A, C>] {
        &self.items
    }

    /// Removes all successors and returns them by value.
    #[inline]
    pub fn drain(&mut self) -> impl Iterator<Item = Successor<S, A, C>> + '_ {
        self.items.drain(..)
    }
}

impl<S, A, C> Extend<(A, S, C)> for Successors<S, A, C> {
    fn extend<I: IntoIterator<Item = (A, S, C)>>(&mut self, iter: I) {
        for (a, s, c) in iter {
            self.push(a, s, c);
        }
    }
}

impl<'a, S, A, C> IntoIterator for &'a Successors<S, A, C> {
    type Item = &'a Successor<S, A, C>;
    type IntoIter = std::slice::Iter<'a, Successor<S, A, C>>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.iter()
    }
}

/// The types an [`FnProblem`] is generic over, without owning any of them.
type Signature<S, A, C> = fn(&S) -> (A, C);

/// A [`Problem`] made of two closures: a goal test and a successor function returning
/// `(action, state, cost)` triples. The quickest way to search a small problem.
///
/// # Examples
///
/// ```
/// use heurist::FnProblem;
///
/// // Reach 10 from 1 by doubling (cost 1) or adding one (cost 1).
/// let p = FnProblem::new(
///     |n: &u32| *n == 10,
///     |n: &u32| [("double", n * 2, 1u32), ("inc", n + 1, 1)],
/// );
/// let sol = heurist::bfs(&p, 1).into_solution().unwrap();
/// assert_eq!(sol.cost, 4); // 1 -> 2 -> 4 -> 5 -> 10
/// ```
pub struct FnProblem<S, A, C, G, F> {
    goal: G,
    successors: F,
    reversible: bool,
    _types: PhantomData<Signature<S, A, C>>,
}

impl<S, A, C, G, F, I> FnProblem<S, A, C, G, F>
where
    G: Fn(&S) -> bool,
    F: Fn(&S) -> I,
    I: IntoIterator<Item = (A, S, C)>,
{
    /// A problem with goal test `goal` and successor function `successors`, not declared
    /// reversible.
    pub fn new(goal: G, successors: F) -> Self {
        FnProblem {
            goal,
            successors,
            reversible: false,
            _types: PhantomData,
        }
    }

    /// Declares whether every step can be undone by one step ([`Problem::reversible`]):
    /// breadth-first search then keeps only the last three levels in its duplicate index.
    /// Say `true` only when it holds: otherwise the search can store states again and may
    /// not end (see there).
    ///
    /// # Examples
    ///
    /// ```
    /// use heurist::{FnProblem, Problem};
    ///
    /// // Walking on a line, every step can be undone.
    /// let line = FnProblem::new(|n: &i32| *n == 500, |n: &i32| [(-1, n - 1, 1u32), (1, n + 1, 1)])
    ///     .with_reversible(true);
    /// assert!(line.reversible());
    /// let r = heurist::bfs(&line, 0);
    /// assert_eq!(r.cost(), Some(500));
    /// assert_eq!(r.stats.stored, 1001); // every state once, from -500 to 500
    /// ```
    pub fn with_reversible(mut self, reversible: bool) -> Self {
        self.reversible = reversible;
        self
    }
}

impl<S, A, C, G, F, I> Problem for FnProblem<S, A, C, G, F>
where
    S: State,
    A: Clone,
    C: Cost,
    G: Fn(&S) -> bool,
    F: Fn(&S) -> I,
    I: IntoIterator<Item = (A, S, C)>,
{
    type State = S;
    type Action = A;
    type Cost = C;
    #[inline]
    fn is_goal(&self, state: &S) -> bool {
        (self.goal)(state)
    }
    #[inline]
    fn successors(&self, state: &S, out: &mut Successors<S, A, C>) {
        out.extend((self.successors)(state));
    }
    #[inline]
    fn reversible(&self) -> bool {
        self.reversible
    }
}
