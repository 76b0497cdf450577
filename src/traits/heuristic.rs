use super::{Cost, Problem};

/// An estimate of the cost from a state to the nearest goal.
///
/// A heuristic is **admissible** if it never overestimates the true remaining cost; A* and
/// IDA* then return optimal solutions. It is **consistent** if `h(s) <= c(s, s') + h(s')`
/// for every step; A* then never needs to reopen a state (it still returns optimal answers
/// with an admissible but inconsistent heuristic, by reopening).
///
/// Any closure `Fn(&State) -> Cost` is a heuristic. Implement the trait yourself to also
/// provide [`estimate_child`](Heuristic::estimate_child), an incremental update from the
/// parent's estimate, which IDA* calls for every generated node and A* (and the other
/// best-first searches) for every new state.
///
/// # Examples
///
/// ```
/// use heurist::{Heuristic, Problem, Successors};
///
/// /// Walk on the integers from any start to 0; each step costs 1.
/// struct Line;
/// impl Problem for Line {
///     type State = i64;
///     type Action = i64;
///     type Cost = u64;
///     fn is_goal(&self, s: &i64) -> bool { *s == 0 }
///     fn successors(&self, s: &i64, out: &mut Successors<i64, i64, u64>) {
///         out.push(1, s + 1, 1);
///         out.push(-1, s - 1, 1);
///     }
/// }
///
/// /// Distance to 0, updated incrementally: one step changes it by exactly one.
/// struct Distance;
/// impl Heuristic<Line> for Distance {
///     fn estimate(&self, s: &i64) -> u64 { s.unsigned_abs() }
///     fn estimate_child(&self, parent: &i64, parent_h: u64, _: &i64, child: &i64) -> u64 {
///         if child.abs() < parent.abs() { parent_h - 1 } else { parent_h + 1 }
///     }
/// }
///
/// // IdaStar takes any Heuristic; the quick `idastar` takes a closure.
/// let found = heurist::IdaStar::new().search(&Line, 5, Distance).into_solution().unwrap();
/// assert_eq!(found.cost, 5);
/// ```
pub trait Heuristic<P: Problem + ?Sized> {
    /// Estimated cost from `state` to a goal.
    fn estimate(&self, state: &P::State) -> P::Cost;

    /// Estimate for `child`, reached from `parent` (whose estimate was `parent_h`) by
    /// `action`. The default recomputes [`estimate`](Heuristic::estimate); override it when
    /// the difference can be computed faster. It must return the same value as `estimate`.
    #[inline]
    fn estimate_child(
        &self,
        parent: &P::State,
        parent_h: P::Cost,
        action: &P::Action,
        child: &P::State,
    ) -> P::Cost {
        let _ = (parent, parent_h, action);
        self.estimate(child)
    }

    /// [`estimate_child`](Heuristic::estimate_child) for a caller that needs the exact
    /// estimate only when `g` (the child's path cost) plus it is at most `limit`: iterative
    /// deepening prunes the child otherwise, so a heuristic made of parts may stop at the
    /// first parts that already take `g` past `limit` and skip the rest (their lookups, in
    /// pattern databases). It must return the exact estimate when `g` plus the estimate is
    /// at most `limit`; otherwise it may return any value at most the estimate that takes
    /// `g` past `limit`. The default calls `estimate_child`; [`Max`] stops after its first
    /// part when it can, and [`pdb::Additive`](crate::pdb::Additive) after the first
    /// databases.
    ///
    /// # Examples
    ///
    /// ```
    /// use heurist::{Heuristic, Max, Problem, Successors};
    ///
    /// struct Line;
    /// impl Problem for Line {
    ///     type State = i64;
    ///     type Action = i64;
    ///     type Cost = u64;
    ///     fn is_goal(&self, s: &i64) -> bool { *s == 0 }
    ///     fn successors(&self, s: &i64, out: &mut Successors<i64, i64, u64>) {
    ///         out.push(1, s + 1, 1);
    ///         out.push(-1, s - 1, 1);
    ///     }
    /// }
    ///
    /// let half = |s: &i64| s.unsigned_abs() / 2;
    /// let full = |s: &i64| s.unsigned_abs();
    /// let h = Max(half, full);
    /// let within = |g, limit| Heuristic::<Line>::estimate_child_within(&h, &6, 6, &1, &7, g, limit);
    /// // 5 + 7 is within 20: the exact estimate
    /// assert_eq!(within(5, 20), 7);
    /// // 5 + 3 (the first part) is past 6 already: the child is pruned either way
    /// assert_eq!(within(5, 6), 3);
    /// ```
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
        let _ = (g, limit);
        self.estimate_child(parent, parent_h, action, child)
    }

    /// Whether a search bounded by `limit` cuts `child` off: `None` where `g` (the child's
    /// path cost) plus its estimate is at most `limit`; otherwise `Some` of a value that
    /// takes `g` past `limit` and, like the estimate, bounds the child's cost to a goal
    /// from below: the estimate, a smaller value, or a larger bound that the heuristic
    /// proves when given the limit (a caller that needs one value takes the larger of it
    /// and the estimate). It is for a caller that keeps a child within the limit without
    /// its estimate, as the search on disk does with
    /// [`bound_on_write`](crate::disk::DiskBfs::bound_on_write), so a heuristic that
    /// computes its estimate by a search of its own may stop at the first proof either
    /// way. The default asks [`estimate_child_within`](Heuristic::estimate_child_within).
    ///
    /// # Examples
    ///
    /// ```
    /// use heurist::{Heuristic, Problem, Successors};
    ///
    /// struct Line;
    /// impl Problem for Line {
    ///     type State = i64;
    ///     type Action = i64;
    ///     type Cost = u64;
    ///     fn is_goal(&self, s: &i64) -> bool { *s == 0 }
    ///     fn successors(&self, s: &i64, out: &mut Successors<i64, i64, u64>) {
    ///         out.push(1, s + 1, 1);
    ///         out.push(-1, s - 1, 1);
    ///     }
    /// }
    ///
    /// let distance = |s: &i64| s.unsigned_abs();
    /// let cuts = |g, limit| Heuristic::<Line>::cuts_child(&distance, &6, 6, &1, &7, g, limit);
    /// assert_eq!(cuts(5, 12), None); // 5 + 7 is within 12
    /// assert_eq!(cuts(5, 11), Some(7)); // past 11
    /// ```
    #[inline]
    fn cuts_child(
        &self,
        parent: &P::State,
        parent_h: P::Cost,
        action: &P::Action,
        child: &P::State,
        g: P::Cost,
        limit: P::Cost,
    ) -> Option<P::Cost> {
        let h = self.estimate_child_within(parent, parent_h, action, child, g, limit);
        (g.saturating_add(h) > limit).then_some(h)
    }
}

impl<P, F> Heuristic<P> for F
where
    P: Problem + ?Sized,
    F: Fn(&P::State) -> P::Cost,
{
    #[inline]
    fn estimate(&self, state: &P::State) -> P::Cost {
        self(state)
    }
}

/// The heuristic that always answers zero: admissible and consistent for every problem.
/// A* with `Zero` is Dijkstra's algorithm.
///
/// # Examples
///
/// ```
/// use heurist::{FnProblem, Zero};
///
/// // Count up from 0 to 3 in steps costing 2.
/// let p = FnProblem::new(|s: &u8| *s == 3, |s: &u8| [((), s + 1, 2u32)]);
/// assert_eq!(heurist::AStar::new().search(&p, 0, Zero).cost(), Some(6));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Zero;

impl<P: Problem + ?Sized> Heuristic<P> for Zero {
    #[inline(always)]
    fn estimate(&self, _: &P::State) -> P::Cost {
        P::Cost::ZERO
    }
    #[inline(always)]
    fn estimate_child(&self, _: &P::State, _: P::Cost, _: &P::Action, _: &P::State) -> P::Cost {
        P::Cost::ZERO
    }
}

/// The larger of two heuristics' estimates: admissible (and consistent) when both are,
/// and at least as informed as either, which is why pattern-database and puzzle solvers
/// combine estimates this way.
///
/// Nest it for more than two (`Max(a, Max(b, c))`). A parent's combined estimate does not
/// say which part gave it, so [`estimate_child`](Heuristic::estimate_child) computes both
/// parts afresh.
///
/// # Examples
///
/// ```
/// use heurist::{FnProblem, Max};
///
/// // A king walk on a 10x10 board to (9, 9): every step costs 1.
/// let board = FnProblem::unit(
///     |&p: &(i8, i8)| p == (9, 9),
///     |&(x, y): &(i8, i8)| {
///         [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)]
///             .map(|(dx, dy)| (x + dx, y + dy))
///             .into_iter()
///             .filter(|&(x, y)| (0..10).contains(&x) && (0..10).contains(&y))
///     },
/// );
/// let dx = |&(x, _): &(i8, i8)| (9 - x) as usize;
/// let dy = |&(_, y): &(i8, i8)| (9 - y) as usize;
/// let r = heurist::AStar::new().search(&board, (0, 4), Max(dx, dy));
/// assert_eq!(r.cost(), Some(9));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Max<A, B>(pub A, pub B);

impl<P, A, B> Heuristic<P> for Max<A, B>
where
    P: Problem + ?Sized,
    A: Heuristic<P>,
    B: Heuristic<P>,
{
    #[inline]
    fn estimate(&self, state: &P::State) -> P::Cost {
        self.0.estimate(state).max(self.1.estimate(state))
    }

    /// The first part alone when it takes `g` past `limit`, else both.
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
        let first = self.0.estimate(child);
        if g.saturating_add(first) > limit {
            return first;
        }
        first.max(self.1.estimate(child))
    }
}

/// The sum of two heuristics' estimates (saturating): admissible when the two count
/// disjoint parts of the cost, as additive pattern databases and per-vehicle or per-tile
/// estimates do; a sum of two overlapping admissible heuristics may overestimate.
///
/// Nest it for more than two (`Sum(a, Sum(b, c))`). As with [`Max`],
/// [`estimate_child`](Heuristic::estimate_child) computes both parts afresh.
///
/// # Examples
///
/// ```
/// use heurist::{FnProblem, Sum};
///
/// // A walk on a grid in four directions: the distances along the two axes add up.
/// let grid = FnProblem::unit(
///     |&p: &(i32, i32)| p == (3, 5),
///     |&(x, y): &(i32, i32)| [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)],
/// );
/// let dx = |&(x, _): &(i32, i32)| x.abs_diff(3) as usize;
/// let dy = |&(_, y): &(i32, i32)| y.abs_diff(5) as usize;
/// let r = heurist::AStar::new().search(&grid, (0, 0), Sum(dx, dy));
/// assert_eq!(r.cost(), Some(8));
/// assert_eq!(r.stats.expanded, 8); // the sum is exact here: straight to the goal
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sum<A, B>(pub A, pub B);

impl<P, A, B> Heuristic<P> for Sum<A, B>
where
    P: Problem + ?Sized,
    A: Heuristic<P>,
    B: Heuristic<P>,
{
    #[inline]
    fn estimate(&self, state: &P::State) -> P::Cost {
        self.0
            .estimate(state)
            .saturating_add(self.1.estimate(state))
    }
}
