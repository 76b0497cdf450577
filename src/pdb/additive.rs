//! The sum of several pattern databases as a heuristic, optionally maximised over the
//! images of a state under symmetries of the problem.

use std::marker::PhantomData;

use super::{PatternDb, UNREACHED};
use crate::traits::{Cost, Heuristic, Problem};

/// A map of states onto states that preserves the distance to the goal.
type Symmetry<S> = Box<dyn Fn(&S) -> S + Send + Sync>;

/// The sum of several pattern databases: an admissible heuristic when the databases count
/// the moves of disjoint patterns (see [`Abstraction`](super::Abstraction)).
///
/// `key(i, state)` gives the key of `state` in database `i`. Implements
/// [`Heuristic`] for every problem whose state type is `S` and whose cost
/// converts from `u8`. Entries equal to [`UNREACHED`] count as 0 (they are only found for
/// states from which the abstract goal is unreachable; the sum is then not exact but still
/// admissible for the reachable part).
///
/// With [`with_symmetry`](Additive::with_symmetry) the value is the largest sum over the
/// state and its images: the same databases, looked up more than once, give a stronger
/// heuristic that is still admissible (and consistent if the sum is).
///
/// # Examples
///
/// Two independent counters, each stepped down by one per move, must both reach 0; one
/// database per counter, and their sum is the exact distance.
///
/// ```
/// use heurist::pdb::{Additive, PatternDb};
/// use heurist::{Problem, Successors};
///
/// struct Counters;
/// impl Problem for Counters {
///     type State = (u8, u8);
///     type Action = u8;
///     type Cost = u32;
///     fn is_goal(&self, s: &(u8, u8)) -> bool { *s == (0, 0) }
///     fn successors(&self, &(a, b): &(u8, u8), out: &mut Successors<(u8, u8), u8, u32>) {
///         if a > 0 { out.push(0, (a - 1, b), 1) }
///         if b > 0 { out.push(1, (a, b - 1), 1) }
///     }
/// }
/// // Distance of a counter to 0 is its value (0..8).
/// let db = PatternDb::from_table((0..8).collect());
/// let h = Additive::new(vec![db.clone(), db], |i: usize, s: &(u8, u8)| if i == 0 { s.0 as u64 } else { s.1 as u64 });
/// assert_eq!(h.value(&(3, 5)), 8);
/// let found = heurist::IdaStar::new().search(&Counters, (3, 5), &h).into_solution().unwrap();
/// assert_eq!(found.cost, 8);
/// ```
pub struct Additive<S, F> {
    dbs: Vec<PatternDb>,
    key: F,
    symmetries: Vec<Symmetry<S>>,
    _state: PhantomData<fn(&S)>,
}

impl<S, F: Fn(usize, &S) -> u64> Additive<S, F> {
    /// The sum of `dbs`, with `key(i, state)` the key of `state` in `dbs[i]`.
    pub fn new(dbs: Vec<PatternDb>, key: F) -> Self {
        Additive {
            dbs,
            key,
            symmetries: Vec::new(),
            _state: PhantomData,
        }
    }

    /// Also sums the databases over `symmetry(state)` and takes the larger sum.
    ///
    /// `symmetry` must map every state to one exactly as far from the goal: a symmetry of
    /// the problem that fixes the goal. The databases then bound the image's distance, which
    /// is the state's own, so the larger sum stays admissible. Each symmetry added costs one
    /// more sum per estimate.
    ///
    /// # Examples
    ///
    /// A token on a line of cells `-3..=3` must reach cell 0; the one database knows only
    /// the cells right of the goal (the left ones count as 0). Mirroring the line fixes the
    /// goal and keeps every distance, so the mirrored lookup covers the left half.
    ///
    /// ```
    /// use heurist::pdb::{Additive, PatternDb};
    ///
    /// let right = PatternDb::from_table(vec![0, 1, 2, 3, 0, 0, 0]); // key: cell + 3 if right of 0
    /// let key = |_: usize, &x: &i8| if x >= 0 { x as u64 } else { 6 };
    /// let plain = Additive::new(vec![right.clone()], key);
    /// let mirrored = Additive::new(vec![right], key).with_symmetry(|&x: &i8| -x);
    /// assert_eq!((plain.value(&-2), mirrored.value(&-2)), (0, 2));
    /// assert_eq!((plain.value(&3), mirrored.value(&3)), (3, 3));
    /// ```
    pub fn with_symmetry(mut self, symmetry: impl Fn(&S) -> S + Send + Sync + 'static) -> Self {
        self.symmetries.push(Box::new(symmetry));
        self
    }

    /// The databases.
    pub fn databases(&self) -> &[PatternDb] {
        &self.dbs
    }

    /// The value of database `i` for `state` itself ([`UNREACHED`] counted as 0).
    #[inline]
    pub fn part(&self, i: usize, state: &S) -> u8 {
        let d = self.dbs[i].get((self.key)(i, state));
        if d == UNREACHED {
            0
        } else {
            d
        }
    }

    /// The heuristic value in `C`: the largest sum over `state` and its symmetric images.
    #[inline]
    fn best<C: Cost + From<u8>>(&self, state: &S) -> C {
        self.best_within(state, None)
    }

    /// [`best`](Self::best); with `past = Some((g, limit))`, or a smaller sum that already
    /// takes `g` past `limit`: each sum stops at the first databases that do, and the
    /// images after it are not looked at (see [`Heuristic::estimate_child_within`]).
    #[inline]
    fn best_within<C: Cost + From<u8>>(&self, state: &S, past: Option<(C, C)>) -> C {
        let sum = |s: &S| {
            let mut sum = C::ZERO;
            for i in 0..self.dbs.len() {
                sum = sum.saturating_add(C::from(self.part(i, s)));
                if past.is_some_and(|(g, limit)| g.saturating_add(sum) > limit) {
                    return Err(sum);
                }
            }
            Ok(sum)
        };
        let mut best = match sum(state) {
            Ok(sum) => sum,
            Err(cut) => return cut,
        };
        for symmetry in &self.symmetries {
            match sum(&symmetry(state)) {
                Ok(sum) => best = best.max(sum),
                Err(cut) => return cut,
            }
        }
        best
    }

    /// The heuristic value: the sum over all databases, or with symmetries the largest such
    /// sum over `state` and its images.
    #[inline]
    pub fn value(&self, state: &S) -> u32 {
        self.best(state)
    }
}

impl<P, F> Heuristic<P> for Additive<P::State, F>
where
    P: Problem + ?Sized,
    P::Cost: From<u8>,
    F: Fn(usize, &P::State) -> u64,
{
    #[inline]
    fn estimate(&self, state: &P::State) -> P::Cost {
        self.best(state)
    }

    /// Each sum stops at the first databases that take `g` past `limit`.
    #[inline]
    fn estimate_child_within(
        &self,
        _: &P::State,
        _: P::Cost,
        _: &P::Action,
        child: &P::State,
        g: P::Cost,
        limit: P::Cost,
    ) -> P::Cost {
        self.best_within(child, Some((g, limit)))
    }
}

impl<P, F> Heuristic<P> for &Additive<P::State, F>
where
    P: Problem + ?Sized,
    P::Cost: From<u8>,
    F: Fn(usize, &P::State) -> u64,
{
    #[inline]
    fn estimate(&self, state: &P::State) -> P::Cost {
        <Additive<P::State, F> as Heuristic<P>>::estimate(self, state)
    }

    #[inline]
    fn estimate_child_within(
        &self,
        parent: &P::State,
        parent_h: P::Cost,
        action: &P::Action,
        child: &P::State,
        g: P::Cost,
        limit: P::Cost,
    ) -> P::Cost {
        <Additive<P::State, F> as Heuristic<P>>::estimate_child_within(
            self, parent, parent_h, action, child, g, limit,
        )
    }
}
