//! [`FnProblem`]: a [`Problem`] made of two closures.

use std::cell::RefCell;
use std::marker::PhantomData;

use super::{Cost, Problem, State, Successors};

/// How an [`FnProblem`]'s successor closure lists a successor (see its constructors).
///
/// Implemented by [`Triples`], [`Pairs`] and [`States`]; the constructor picks one.
pub trait Shape<I> {
    /// The state type.
    type State;
    /// The action type (`()` where the closure names no action).
    type Action;
    /// The cost type.
    type Cost;
    /// The successor as `(action, state, cost)`.
    fn split(item: I) -> (Self::Action, Self::State, Self::Cost);
}

/// Successors listed as `(action, state, cost)` ([`FnProblem::new`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Triples;

/// Successors listed as `(state, cost)`, with no action ([`FnProblem::with_costs`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Pairs;

/// Successors listed as states, each step costing 1 of cost type `C` ([`FnProblem::unit`],
/// [`FnProblem::space`]).
pub struct States<C = usize>(PhantomData<fn() -> C>);

impl<S, A, C> Shape<(A, S, C)> for Triples {
    type State = S;
    type Action = A;
    type Cost = C;
    #[inline(always)]
    fn split(item: (A, S, C)) -> (A, S, C) {
        item
    }
}

impl<S, C> Shape<(S, C)> for Pairs {
    type State = S;
    type Action = ();
    type Cost = C;
    #[inline(always)]
    fn split((state, cost): (S, C)) -> ((), S, C) {
        ((), state, cost)
    }
}

impl<S, C: From<u8>> Shape<S> for States<C> {
    type State = S;
    type Action = ();
    type Cost = C;
    #[inline(always)]
    fn split(state: S) -> ((), S, C) {
        ((), state, C::from(1))
    }
}

/// The types an [`FnProblem`] is generic over, without owning any of them.
type Signature<S, A, C> = fn(&S) -> (A, C);

/// A [`Problem`] made of two closures: a goal test and a successor function. The quickest
/// way to search a small problem, in the style of the `pathfinding` crate.
///
/// Three constructors, by what the successor function returns for each successor:
///
/// | constructor | each successor | action | cost |
/// |---|---|---|---|
/// | [`new`](FnProblem::new) | `(action, state, cost)` | yours | yours |
/// | [`with_costs`](FnProblem::with_costs) | `(state, cost)` | `()` | yours |
/// | [`unit`](FnProblem::unit) | `state` | `()` | `1usize` (another type with [`unit_cost`](FnProblem::unit_cost)) |
/// | [`space`](FnProblem::space) (no goal) | `state` | `()` | `1usize` |
///
/// Both closures may be `FnMut` (to count calls, fill a cache, ...). They are called from
/// the search only, one call at a time.
///
/// # Examples
///
/// ```
/// use heurist::FnProblem;
///
/// // Reach 10 from 1 by doubling or adding one; each costs 1.
/// let p = FnProblem::new(
///     |n: &u32| *n == 10,
///     |n: &u32| [("double", n * 2, 1u32), ("inc", n + 1, 1)],
/// );
/// let sol = heurist::bfs(&p, 1).into_solution().unwrap();
/// assert_eq!(sol.cost, 4); // 1 -> 2 -> 4 -> 5 -> 10
/// assert_eq!(sol.actions().copied().collect::<Vec<_>>(), ["double", "double", "inc", "double"]);
/// ```
pub struct FnProblem<S, A, C, G, F, K = Triples> {
    goal: RefCell<G>,
    successors: RefCell<F>,
    _types: PhantomData<(Signature<S, A, C>, K)>,
}

/// A copy with copies of the closures: for a search that gives each worker its own problem
/// (the closures must be `Clone`, as those that capture only `Clone` values are).
impl<S, A, C, G: Clone, F: Clone, K> Clone for FnProblem<S, A, C, G, F, K> {
    fn clone(&self) -> Self {
        FnProblem {
            goal: self.goal.clone(),
            successors: self.successors.clone(),
            _types: PhantomData,
        }
    }
}

impl<S, A, C, G, F, I> FnProblem<S, A, C, G, F, Triples>
where
    G: FnMut(&S) -> bool,
    F: FnMut(&S) -> I,
    I: IntoIterator<Item = (A, S, C)>,
{
    /// A problem with goal test `goal` and successor function `successors`, which lists
    /// each successor as `(action, state, cost)`.
    pub fn new(goal: G, successors: F) -> Self {
        FnProblem {
            goal: RefCell::new(goal),
            successors: RefCell::new(successors),
            _types: PhantomData,
        }
    }
}

impl<S, C, G, F, I> FnProblem<S, (), C, G, F, Pairs>
where
    G: FnMut(&S) -> bool,
    F: FnMut(&S) -> I,
    I: IntoIterator<Item = (S, C)>,
{
    /// A problem whose successor function lists each successor as `(state, cost)`, as
    /// `pathfinding`'s `dijkstra` and `astar` take it. The actions are `()`: the path is
    /// in the solution's states.
    ///
    /// # Examples
    ///
    /// ```
    /// use heurist::FnProblem;
    ///
    /// // A small weighted graph as an adjacency list.
    /// let edges: [&[(usize, u32)]; 4] = [&[(1, 4), (2, 1)], &[(3, 1)], &[(1, 2), (3, 5)], &[]];
    /// let mut calls = 0;
    /// let p = FnProblem::with_costs(
    ///     |&n: &usize| n == 3,
    ///     |&n: &usize| {
    ///         calls += 1; // an FnMut closure
    ///         edges[n].to_vec()
    ///     },
    /// );
    /// let (path, cost) = heurist::dijkstra(&p, 0).into_path().unwrap();
    /// assert_eq!((path, cost), (vec![0, 2, 1, 3], 4));
    /// ```
    pub fn with_costs(goal: G, successors: F) -> Self {
        FnProblem {
            goal: RefCell::new(goal),
            successors: RefCell::new(successors),
            _types: PhantomData,
        }
    }
}

impl<S, G, F, I> FnProblem<S, (), usize, G, F, States>
where
    G: FnMut(&S) -> bool,
    F: FnMut(&S) -> I,
    I: IntoIterator<Item = S>,
{
    /// A problem whose successor function lists the successor states only, each step
    /// costing 1 (`usize`; [`unit_cost`](FnProblem::unit_cost) picks another cost type),
    /// as `pathfinding`'s `bfs` takes it.
    ///
    /// # Examples
    ///
    /// ```
    /// use heurist::FnProblem;
    ///
    /// // A knight on a chess board, from a1 to h8.
    /// let moves = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
    /// let knight = FnProblem::unit(
    ///     |&p: &(i8, i8)| p == (7, 7),
    ///     |&(x, y): &(i8, i8)| {
    ///         moves
    ///             .iter()
    ///             .map(move |(dx, dy)| (x + dx, y + dy))
    ///             .filter(|&(x, y)| (0..8).contains(&x) && (0..8).contains(&y))
    ///     },
    /// );
    /// let (path, moves_needed) = heurist::bfs(&knight, (0, 0)).into_path().unwrap();
    /// assert_eq!(moves_needed, 6);
    /// assert_eq!(path.len(), 7);
    /// ```
    pub fn unit(goal: G, successors: F) -> Self {
        FnProblem {
            goal: RefCell::new(goal),
            successors: RefCell::new(successors),
            _types: PhantomData,
        }
    }
}

/// The goal test of [`FnProblem::space`]: no state is a goal.
type NoGoal<S> = fn(&S) -> bool;

impl<S, F, I> FnProblem<S, (), usize, NoGoal<S>, F, States>
where
    F: FnMut(&S) -> I,
    I: IntoIterator<Item = S>,
{
    /// A search space with no goal: the successor function alone, listing successor
    /// states, each step costing 1. For the enumerations ([`bfs_reach`](crate::bfs_reach),
    /// [`dfs_reach`](crate::dfs_reach), [`dijkstra_reach`](crate::dijkstra_reach)), which
    /// visit every reachable state and need neither a goal test nor actions. A search for a
    /// goal in it ends [`Exhausted`](crate::Outcome::Exhausted).
    ///
    /// # Examples
    ///
    /// ```
    /// use heurist::FnProblem;
    ///
    /// // The 2x2 sliding puzzle's 12 positions of three tiles and a blank (a rotation).
    /// let space = FnProblem::space(|&p: &[u8; 4]| {
    ///     let blank = p.iter().position(|&t| t == 0).unwrap();
    ///     // the blank's two neighbours on a 2x2 ring: positions 0 1 3 2
    ///     let ring = [0, 1, 3, 2];
    ///     let i = ring.iter().position(|&r| r == blank).unwrap();
    ///     [ring[(i + 1) % 4], ring[(i + 3) % 4]].map(|n| {
    ///         let mut q = p;
    ///         q.swap(blank, n);
    ///         q
    ///     })
    /// });
    /// let depths: Vec<usize> = heurist::bfs_reach(&space, [1, 2, 3, 0]).map(|(_, d)| d).collect();
    /// assert_eq!(depths.len(), 12);
    /// assert_eq!(depths.iter().max(), Some(&6));
    /// ```
    pub fn space(successors: F) -> Self {
        FnProblem {
            goal: RefCell::new(|_: &S| false),
            successors: RefCell::new(successors),
            _types: PhantomData,
        }
    }
}

impl<S, C, G, F> FnProblem<S, (), C, G, F, States<C>> {
    /// The same problem with each step costing 1 of another cost type, so that it fits a
    /// heuristic (or a cost bound) of that type.
    ///
    /// # Examples
    ///
    /// ```
    /// use heurist::FnProblem;
    ///
    /// let line = FnProblem::unit(|&n: &u32| n == 9, |&n: &u32| [n + 1, n.saturating_sub(1)])
    ///     .unit_cost::<u32>();
    /// let h = |&n: &u32| 9u32.saturating_sub(n); // a u32 heuristic
    /// assert_eq!(heurist::astar(&line, 2, h).cost(), Some(7u32));
    /// ```
    pub fn unit_cost<C2: From<u8>>(self) -> FnProblem<S, (), C2, G, F, States<C2>> {
        FnProblem {
            goal: self.goal,
            successors: self.successors,
            _types: PhantomData,
        }
    }
}

impl<S, A, C, G, F, I, K> Problem for FnProblem<S, A, C, G, F, K>
where
    S: State,
    A: Clone,
    C: Cost,
    G: FnMut(&S) -> bool,
    F: FnMut(&S) -> I,
    I: IntoIterator,
    K: Shape<I::Item, State = S, Action = A, Cost = C>,
{
    type State = S;
    type Action = A;
    type Cost = C;
    #[inline]
    fn is_goal(&self, state: &S) -> bool {
        (self.goal.borrow_mut())(state)
    }
    #[inline]
    fn successors(&self, state: &S, out: &mut Successors<S, A, C>) {
        let items = (self.successors.borrow_mut())(state);
        for item in items {
            let (action, state, cost) = K::split(item);
            out.push(action, state, cost);
        }
    }
}
