//! Move pruning: an optional capability of a [`Problem`], and how a search expands states
//! with or without it.

use std::ops::BitOr;

use super::{Problem, Successors};

/// Move pruning: leaving out the successors that the way into a state makes redundant.
///
/// Some actions are never needed right after others: the undo of the last step, or, in a
/// puzzle where one move slides a piece any distance, a second slide of the piece just
/// moved (the two slides are one slide, or none, from the state before). A problem that
/// knows such pairs implements this trait; a search configured with `.move_pruning()`
/// ([`Bfs`](crate::Bfs), [`Iddfs`](crate::Iddfs), [`Dijkstra`](crate::Dijkstra),
/// [`AStar`](crate::AStar), [`WeightedAStar`](crate::WeightedAStar),
/// [`Greedy`](crate::Greedy), [`AnytimeAStar`](crate::AnytimeAStar),
/// [`IdaStar`](crate::IdaStar), [`Fringe`](crate::Fringe)) then asks for the successors of
/// each state minus a *skip set*. It stays optimal and still proves a problem unsolvable.
/// Every one of them also has `.expansion::<E>()`, which sets [`AllMoves`] or [`Pruned`]
/// by type, for a choice made at run time (see the second example).
/// Breadth-first search passes the union of the skip sets of *every* action by which it
/// has reached a state before expanding it; the others pass the skip set of the action on
/// the best path found to it.
///
/// Because it is a trait of its own, a search that is asked to prune does not compile for
/// a problem (or a wrapper around one) that does not implement it.
///
/// # The rule
///
/// [`skip_after`](MovePruning::skip_after)`(a)` for an action `a` from `u` to `s` may name
/// a successor `w` of `s` (reached by an action `b`) only when `w` is `u` itself, or `w` is
/// reached from `u` by one action whose cost is at most `cost(a) + cost(b)` (which `u`
/// pushed, unless `u` was itself reached by an action whose skip set leaves it out: the
/// rule then applies one step further back). Every optimal path then has a counterpart
/// that no skip set cuts.
///
/// # Examples
///
/// Walking on a grid: after a step east, the step west leads back.
///
/// ```
/// use heurist::{Bfs, MovePruning, Problem, Successors};
///
/// struct Grid;
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
///         self.successors_skipping(s, 0, out)
///     }
/// }
///
/// impl MovePruning for Grid {
///     type Skip = u8; // bit `a`: leave out step `a`
///     fn skip_after(&self, &a: &usize) -> u8 {
///         1 << ((a + 2) % 4) // the step back
///     }
///     fn successors_skipping(&self, &(r, c): &(i32, i32), skip: u8, out: &mut Successors<(i32, i32), usize, u32>) {
///         for (a, (dr, dc)) in STEPS.into_iter().enumerate() {
///             let (r, c) = (r + dr, c + dc);
///             if skip >> a & 1 == 0 && (0..=30).contains(&r) && (0..=30).contains(&c) {
///                 out.push(a, (r, c), 1);
///             }
///         }
///     }
/// }
///
/// let plain = heurist::bfs(&Grid, (0, 0));
/// let pruned = Bfs::new().move_pruning().search(&Grid, (0, 0));
/// assert_eq!(pruned.cost(), Some(60));
/// assert_eq!(pruned.solution(), plain.solution());
/// assert_eq!(pruned.stats.stored, plain.stats.stored);
/// // half the successors: from each state, only the steps away from the start
/// assert_eq!((pruned.stats.generated, plain.stats.generated), (1859, 3715));
/// ```
///
/// Choosing at run time: one function, generic over the [`Expansion`], holds the one
/// `match` over the algorithms, and the program calls it with [`AllMoves`] or [`Pruned`].
///
/// ```
/// # use heurist::{MovePruning, Problem, Successors};
/// # struct Grid;
/// # const STEPS: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
/// # impl Problem for Grid {
/// #     type State = (i32, i32);
/// #     type Action = usize;
/// #     type Cost = u32;
/// #     fn is_goal(&self, s: &(i32, i32)) -> bool { *s == (30, 30) }
/// #     fn successors(&self, s: &(i32, i32), out: &mut Successors<(i32, i32), usize, u32>) {
/// #         self.successors_skipping(s, 0, out)
/// #     }
/// # }
/// # impl MovePruning for Grid {
/// #     type Skip = u8;
/// #     fn skip_after(&self, &a: &usize) -> u8 { 1 << ((a + 2) % 4) }
/// #     fn successors_skipping(&self, &(r, c): &(i32, i32), skip: u8, out: &mut Successors<(i32, i32), usize, u32>) {
/// #         for (a, (dr, dc)) in STEPS.into_iter().enumerate() {
/// #             let (r, c) = (r + dr, c + dc);
/// #             if skip >> a & 1 == 0 && (0..=30).contains(&r) && (0..=30).contains(&c) {
/// #                 out.push(a, (r, c), 1);
/// #             }
/// #         }
/// #     }
/// # }
/// use heurist::{AStar, AllMoves, Bfs, Expansion, Pruned};
///
/// fn solve<E: Expansion<Grid>>(astar: bool) -> Option<u32> {
///     let manhattan = |&(r, c): &(i32, i32)| (60 - r - c) as u32;
///     let result = match astar {
///         true => AStar::new().expansion::<E>().search(&Grid, (0, 0), manhattan),
///         false => Bfs::new().expansion::<E>().search(&Grid, (0, 0)),
///     };
///     result.cost()
/// }
///
/// let prune = std::env::args().count() > 100; // a flag, say
/// let cost = if prune { solve::<Pruned>(true) } else { solve::<AllMoves>(true) };
/// assert_eq!(cost, Some(60));
/// assert_eq!(solve::<Pruned>(false), solve::<AllMoves>(false));
/// ```
pub trait MovePruning: Problem {
    /// A set of actions to leave out; `Default::default()` is the empty set and `|` the
    /// union. A bit set (`u8` ... `u128`) is typical.
    type Skip: Copy + Default + BitOr<Output = Self::Skip>;

    /// The actions that need not follow `action` (see [the rule](MovePruning#the-rule)).
    fn skip_after(&self, action: &Self::Action) -> Self::Skip;

    /// Pushes the successors of `state` except those that `skip` leaves out. With the
    /// empty set it must push what [`Problem::successors`] pushes.
    fn successors_skipping(
        &self,
        state: &Self::State,
        skip: Self::Skip,
        out: &mut Successors<Self::State, Self::Action, Self::Cost>,
    );
}

impl<P: MovePruning + ?Sized> MovePruning for &P {
    type Skip = P::Skip;
    #[inline]
    fn skip_after(&self, action: &Self::Action) -> Self::Skip {
        (**self).skip_after(action)
    }
    #[inline]
    fn successors_skipping(
        &self,
        state: &Self::State,
        skip: Self::Skip,
        out: &mut Successors<Self::State, Self::Action, Self::Cost>,
    ) {
        (**self).successors_skipping(state, skip, out)
    }
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for super::AllMoves {}
    impl Sealed for super::Pruned {}
}

/// How a search generates successors: [`AllMoves`] (the default) or [`Pruned`] (move
/// pruning, for problems implementing [`MovePruning`]). Chosen with a configuration's
/// `.move_pruning()`; not implemented outside this crate.
pub trait Expansion<P: Problem + ?Sized>: Copy + Default + sealed::Sealed {
    /// What is remembered of the ways into a state.
    #[doc(hidden)]
    type Set: Copy;
    /// Whether the sets carry anything (breadth-first search then keeps them).
    #[doc(hidden)]
    const PRUNES: bool;
    /// The set of the start state.
    #[doc(hidden)]
    fn empty() -> Self::Set;
    /// The set of a state reached by `action`.
    #[doc(hidden)]
    fn after(problem: &P, action: &P::Action) -> Self::Set;
    /// The set of a state reached in both ways.
    #[doc(hidden)]
    fn union(a: Self::Set, b: Self::Set) -> Self::Set;
    /// The successors of `state`, reached as `set` says.
    #[doc(hidden)]
    fn expand(
        problem: &P,
        state: &P::State,
        set: Self::Set,
        out: &mut Successors<P::State, P::Action, P::Cost>,
    );
    /// The set of a state reached by `last` (`None`: the start).
    #[doc(hidden)]
    #[inline(always)]
    fn after_last(problem: &P, last: Option<&P::Action>) -> Self::Set {
        last.map_or_else(Self::empty, |a| Self::after(problem, a))
    }
}

/// Every successor ([`Problem::successors`]): the default of every search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct AllMoves;

/// Move pruning ([`MovePruning`]): set by a configuration's `.move_pruning()`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pruned;

impl<P: Problem + ?Sized> Expansion<P> for AllMoves {
    type Set = ();
    const PRUNES: bool = false;
    #[inline(always)]
    fn empty() {}
    #[inline(always)]
    fn after(_: &P, _: &P::Action) {}
    #[inline(always)]
    fn union(_: (), _: ()) {}
    #[inline(always)]
    fn expand(
        problem: &P,
        state: &P::State,
        _: (),
        out: &mut Successors<P::State, P::Action, P::Cost>,
    ) {
        problem.successors(state, out)
    }
}

impl<P: MovePruning + ?Sized> Expansion<P> for Pruned {
    type Set = P::Skip;
    const PRUNES: bool = true;
    #[inline(always)]
    fn empty() -> P::Skip {
        P::Skip::default()
    }
    #[inline(always)]
    fn after(problem: &P, action: &P::Action) -> P::Skip {
        problem.skip_after(action)
    }
    #[inline(always)]
    fn union(a: P::Skip, b: P::Skip) -> P::Skip {
        a | b
    }
    #[inline(always)]
    fn expand(
        problem: &P,
        state: &P::State,
        set: P::Skip,
        out: &mut Successors<P::State, P::Action, P::Cost>,
    ) {
        problem.successors_skipping(state, set, out)
    }
}
