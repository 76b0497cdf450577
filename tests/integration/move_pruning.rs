//! Tests of move pruning: on random digraphs (an edge left out after a step when a single
//! edge or staying put is cheaper than the two) and on random Hamming grids (a coordinate
//! not set twice in a row), every optimal search finds the same optimum with pruning as
//! without (the Bellman-Ford least cost and the queue BFS fewest actions of `support`, and
//! for grids the relaxation of `hamming_to_goal`), BFS takes the same path through the same
//! states with fewer successors, and on an open grid the pruning saves most of the
//! generation.

use heurist::{
    AStar, AnytimeAStar, Bfs, CycleCheck, Dijkstra, Fringe, Greedy, Heuristic, IdaStar, Iddfs,
    MovePruning, OpenList, Problem, SearchResult, Successors, WeightedAStar, Zero,
};
use proptest::prelude::*;

use crate::support;
use support::*;

/// The same graph with move pruning: an action is `(from, edge index)`, and right after
/// `u -> v` the edge `v -> w` is left out when `u -> w` (or staying at `u`, for `w = u`) is
/// strictly cheaper than the two steps. A skip set is a bit set of edge indices of the
/// state reached.
struct Pruned<'a>(&'a Graph);

impl Problem for Pruned<'_> {
    type State = usize;
    type Action = (usize, usize);
    type Cost = u32;

    fn is_goal(&self, s: &usize) -> bool {
        self.0.goal[*s]
    }

    fn successors(&self, s: &usize, out: &mut Successors<usize, (usize, usize), u32>) {
        self.successors_skipping(s, 0, out)
    }
}

impl MovePruning for Pruned<'_> {
    type Skip = u64;

    fn skip_after(&self, &(u, j): &(usize, usize)) -> u64 {
        let (v, first) = self.0.adj[u][j];
        let mut skip = 0;
        for (i, &(t, w)) in self.0.adj[v].iter().enumerate() {
            let two = first + w;
            let direct = self.0.adj[u].iter().filter(|e| e.0 == t).map(|e| e.1).min();
            if (t == u && two > 0) || direct.is_some_and(|d| d < two) {
                skip |= 1 << i;
            }
        }
        skip
    }

    fn successors_skipping(
        &self,
        s: &usize,
        skip: u64,
        out: &mut Successors<usize, (usize, usize), u32>,
    ) {
        for (i, &(t, w)) in self.0.adj[*s].iter().enumerate() {
            if skip >> i & 1 == 0 {
                out.push((*s, i), t, w);
            }
        }
    }
}

/// The cost of a solution of [`Pruned`], checking that it follows real edges from `start`
/// to a goal.
fn replay_pruned(
    g: &Graph,
    start: usize,
    r: &SearchResult<usize, (usize, usize), u32>,
) -> Option<(u32, usize)> {
    let sol = r.solution()?;
    let mut at = start;
    for step in &sol.steps {
        let (from, i) = step.action;
        assert_eq!(from, at, "the path is connected");
        assert_eq!(g.adj[from][i], (step.state, step.cost), "a real edge");
        at = step.state;
    }
    assert!(g.goal[at]);
    Some((sol.cost, sol.len()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn move_pruning_keeps_the_optimal_searches_optimal(
        (g, start) in graph_strategy(12, 20),
        factors in prop::collection::vec(any::<u8>(), 1..12),
        bound in 0u32..40,
    ) {
        let best = optimal_cost(&g, start);
        let fewest = fewest_edges(&g, start);
        let p = Pruned(&g);
        let h = scaled_heuristic(&g, &factors);
        let h = |s: &usize| h.0[*s];
        // each optimal search, with move pruning and without
        let by_cost = [
            (
                Dijkstra::new().move_pruning().search(&p, start),
                Dijkstra::new().search(&p, start),
            ),
            (
                AStar::new().move_pruning().search(&p, start, h),
                AStar::new().search(&p, start, h),
            ),
            (
                IdaStar::new().move_pruning().search(&p, start, h),
                IdaStar::new().search(&p, start, h),
            ),
            (
                Fringe::new().move_pruning().search(&p, start, h),
                Fringe::new().search(&p, start, h),
            ),
            // weight 1: weighted A* is A*
            (
                WeightedAStar::new(1.0).move_pruning().search(&p, start, h),
                WeightedAStar::new(1.0).search(&p, start, h),
            ),
            (
                AnytimeAStar::new(2.0).move_pruning().search(&p, start, h).result,
                AnytimeAStar::new(2.0).search(&p, start, h).result,
            ),
        ];
        for (r, plain) in &by_cost {
            prop_assert_eq!(replay_pruned(&g, start, r).map(|c| c.0), best);
            prop_assert_eq!(r.is_exhausted(), best.is_none());
            prop_assert_eq!(replay_pruned(&g, start, plain).map(|c| c.0), r.cost());
            prop_assert_eq!(plain.is_exhausted(), r.is_exhausted());
        }
        let by_length = [
            (Bfs::new().move_pruning().search(&p, start), Bfs::new().search(&p, start)),
            (Iddfs::new().move_pruning().search(&p, start), Iddfs::new().search(&p, start)),
        ];
        for (r, plain) in &by_length {
            prop_assert_eq!(replay_pruned(&g, start, r).map(|c| c.1), fewest);
            prop_assert_eq!(r.is_exhausted(), fewest.is_none());
            prop_assert_eq!(replay_pruned(&g, start, plain).map(|c| c.1), fewest);
            prop_assert_eq!(plain.is_exhausted(), r.is_exhausted());
        }
        // BFS with pruning takes the same path through the same states as without (with
        // the union of every arrival's skip set; under a cost bound, the first arrival's)
        let (r, plain) = &by_length[0];
        prop_assert_eq!(r.solution(), plain.solution());
        prop_assert_eq!(stats(r).3, stats(plain).3);
        prop_assert!(r.stats.generated <= plain.stats.generated);
        let r = Bfs::new().cost_bound(bound).move_pruning().search(&p, start);
        let plain = Bfs::new().cost_bound(bound).search(&p, start);
        prop_assert_eq!(r.solution(), plain.solution());
        prop_assert_eq!(r.stop_reason(), plain.stop_reason());
        prop_assert_eq!(stats(&r).3, stats(&plain).3);
        prop_assert!(r.stats.generated <= plain.stats.generated);
        // the non-optimal searches still find a path (DFS ignores the pruning), weighted
        // A* within its factor
        for r in [
            heurist::dfs(&p, start),
            Greedy::new().search(&p, start, Zero),
            Greedy::new().move_pruning().search(&p, start, h),
        ] {
            prop_assert_eq!(replay_pruned(&g, start, &r).is_some(), best.is_some());
        }
        let r = WeightedAStar::new(2.0).move_pruning().search(&p, start, h);
        let cost = replay_pruned(&g, start, &r).map(|c| c.0);
        prop_assert_eq!(cost.is_some(), best.is_some());
        prop_assert!(cost.zip(best).is_none_or(|(c, b)| c <= 2 * b), "{:?} {:?}", cost, best);
    }
}

/// Points of a `k`-dimensional grid of side `n` (state: the coordinates packed 4 bits
/// each), some blocked; one action sets one coordinate to any other value, from and to a
/// free point, at a cost that depends on the coordinate. Its move pruning: after the
/// coordinate `i` was set, setting it again is one action from the state before (or none),
/// so every further move of `i` is left out.
#[derive(Clone, Debug)]
struct Hamming {
    k: u32,
    n: u32,
    blocked: Vec<bool>,
    goal: Vec<bool>,
}

impl Hamming {
    fn coord(s: u32, i: u32) -> u32 {
        s >> (4 * i) & 15
    }
    fn index(&self, s: u32) -> usize {
        (0..self.k).fold(0, |a, i| a * self.n as usize + Self::coord(s, i) as usize)
    }
    /// Every point of the grid.
    fn points(&self) -> Vec<u32> {
        (0..self.blocked.len())
            .map(|mut x| {
                let mut s = 0;
                for i in (0..self.k).rev() {
                    s |= ((x % self.n as usize) as u32) << (4 * i);
                    x /= self.n as usize;
                }
                s
            })
            .collect()
    }
}

impl Problem for Hamming {
    type State = u32;
    /// The coordinate set and its new value.
    type Action = (u32, u32);
    type Cost = u32;

    fn is_goal(&self, s: &u32) -> bool {
        self.goal[self.index(*s)]
    }

    fn successors(&self, s: &u32, out: &mut Successors<u32, (u32, u32), u32>) {
        self.successors_skipping(s, 0, out)
    }
}

impl MovePruning for Hamming {
    /// Bit `i`: leave out the moves of coordinate `i`.
    type Skip = u64;

    fn skip_after(&self, &(i, _): &(u32, u32)) -> u64 {
        1 << i
    }

    fn successors_skipping(&self, &s: &u32, skip: u64, out: &mut Successors<u32, (u32, u32), u32>) {
        for i in (0..self.k).filter(|i| skip >> i & 1 == 0) {
            for v in (0..self.n).filter(|&v| v != Self::coord(s, i)) {
                let t = (s & !(15 << (4 * i))) | v << (4 * i);
                if !self.blocked[self.index(t)] {
                    out.push((i, v), t, i + 1);
                }
            }
        }
    }
}

/// Estimates of a [`Hamming`] grid's points, by state (every state is below 2^16): one
/// heuristic type for the grid's tests, so that each search on it is compiled once.
struct ByState(Vec<u32>);

impl ByState {
    /// `estimate(s)` for every point `s` of `p`.
    fn of(p: &Hamming, estimate: impl Fn(u32) -> u32) -> Self {
        let mut table = vec![0; 1 << 16];
        for s in p.points() {
            table[s as usize] = estimate(s);
        }
        ByState(table)
    }
}

impl Heuristic<Hamming> for &ByState {
    fn estimate(&self, s: &u32) -> u32 {
        self.0[*s as usize]
    }
}

/// A random [`Hamming`] grid from `seed`, about `blocked_pct` percent of its points
/// blocked and `goal_pct` percent goals, and a start point (which may be blocked).
fn hamming(k: u32, n: u32, seed: u64, blocked_pct: u64, goal_pct: u64) -> (Hamming, u32) {
    let size = (n as usize).pow(k);
    let mut x = seed | 1;
    let mut rnd = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let blocked: Vec<bool> = (0..size).map(|_| rnd() % 100 < blocked_pct).collect();
    let goal: Vec<bool> = (0..size).map(|_| rnd() % 100 < goal_pct).collect();
    let start = (0..k).fold(0, |s, i| s | ((rnd() % u64::from(n)) as u32) << (4 * i));
    (
        Hamming {
            k,
            n,
            blocked,
            goal,
        },
        start,
    )
}

/// From every point of `p` (by [`Hamming::index`]), the least cost to a goal, and the
/// fewest actions to one (`None`: no goal reachable), relaxing over every free point until
/// nothing changes.
fn hamming_to_goal(p: &Hamming) -> (Vec<Option<u32>>, Vec<Option<u32>>) {
    let points = p.points();
    let free = |s: u32| !p.blocked[p.index(s)];
    let mut cost: Vec<Option<u32>> = points
        .iter()
        .map(|&s| (free(s) && p.is_goal(&s)).then_some(0))
        .collect();
    let mut steps = cost.clone();
    let mut out = Successors::new();
    loop {
        let mut changed = false;
        for &s in points.iter().filter(|&&s| free(s)) {
            out.clear();
            p.successors(&s, &mut out);
            let at = p.index(s);
            for t in &out {
                let to = p.index(t.state);
                if let Some(c) = cost[to] {
                    if cost[at].is_none_or(|x| c + t.cost < x) {
                        cost[at] = Some(c + t.cost);
                        changed = true;
                    }
                }
                if let Some(d) = steps[to] {
                    if steps[at].is_none_or(|x| d + 1 < x) {
                        steps[at] = Some(d + 1);
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            return (cost, steps);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// BFS with move pruning (the union of the skip sets of every way into a state) takes
    /// the same path through the same states as without, with fewer successors: with every
    /// limit (cost bound included) and with the space declared reversible or not.
    #[test]
    fn bfs_move_pruning_changes_only_the_generated_counts(
        k in 2u32..5,
        n in 2u32..7,
        seed in any::<u64>(),
        blocked_pct in 0u64..45,
        limit in 1usize..300,
    ) {
        let (p, start) = hamming(k, n, seed, blocked_pct, 2);
        prop_assume!(!p.blocked[p.index(start)]);
        for i in 0..4 {
            let config = match i {
                0 => Bfs::new(),
                1 => Bfs::new().max_states(limit),
                2 => Bfs::new().max_depth(limit % 6),
                _ => Bfs::new().cost_bound(limit as u32 % 12),
            };
            for reversible in [true, false] {
                let plain = config.clone().reversible(reversible);
                let x = plain.clone().move_pruning().search(&p, start);
                let y = plain.search(&p, start);
                prop_assert_eq!(x.solution(), y.solution());
                prop_assert_eq!(x.stop_reason(), y.stop_reason());
                prop_assert_eq!(x.is_exhausted(), y.is_exhausted());
                prop_assert_eq!(
                    (x.stats.expanded, x.stats.stored),
                    (y.stats.expanded, y.stats.stored)
                );
                prop_assert!(x.stats.generated <= y.stats.generated);
            }
        }
        // without a limit, every reachable state is stored once either way
        let config = Bfs::new().reversible(true);
        let (x, y) = (config.clone().move_pruning().search(&p, start), config.search(&p, start));
        prop_assert_eq!(stats(&x).3, stats(&y).3);
        // from several starts, each with its own (empty) skip set, the same again
        let starts: Vec<u32> = p
            .points()
            .into_iter()
            .filter(|&s| !p.blocked[p.index(s)])
            .step_by(5)
            .chain([start])
            .collect();
        for reversible in [true, false] {
            let config = Bfs::new().reversible(reversible);
            let x = config.clone().move_pruning().search_from(&p, starts.iter().copied());
            let y = config.search_from(&p, starts.iter().copied());
            prop_assert_eq!(x.solution(), y.solution());
            prop_assert_eq!(
                (x.stats.expanded, x.stats.stored),
                (y.stats.expanded, y.stats.stored)
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Every optimal search returns the same optimum with move pruning as without, and the
    /// one computed here.
    #[test]
    fn move_pruning_keeps_every_optimal_search_optimal_on_grids(
        k in 1u32..5,
        n in 2u32..6,
        seed in any::<u64>(),
        blocked_pct in 0u64..45,
        goal_pct in 1u64..25,
        factors in prop::collection::vec(any::<u8>(), 1..12),
    ) {
        let (mut p, start) = hamming(k, n, seed, blocked_pct, goal_pct);
        let at = p.index(start);
        p.blocked[at] = false;
        let (to_goal, steps_to_goal) = hamming_to_goal(&p);
        let (best, fewest) = (to_goal[p.index(start)], steps_to_goal[p.index(start)]);
        // admissible, usually inconsistent
        let h = &ByState::of(&p, |s| {
            let at = p.index(s);
            to_goal[at].map_or(0, |d| d * u32::from(factors[at % factors.len()]) / 255)
        });

        let pairs = [
            (Dijkstra::new().move_pruning().search(&p, start), Dijkstra::new().search(&p, start)),
            (AStar::new().move_pruning().search(&p, start, h), AStar::new().search(&p, start, h)),
            (
                AStar::new().move_pruning().open_list(OpenList::Indexed).search(&p, start, Zero),
                AStar::new().open_list(OpenList::Indexed).search(&p, start, Zero),
            ),
        ];
        for (x, y) in &pairs {
            prop_assert_eq!(x.cost(), best);
            prop_assert_eq!(y.cost(), best);
            prop_assert_eq!(x.is_exhausted(), best.is_none());
            prop_assert_eq!(y.is_exhausted(), best.is_none());
        }
        let (x, y) = (Bfs::new().move_pruning().search(&p, start), Bfs::new().search(&p, start));
        prop_assert_eq!(x.solution().map(|s| s.len() as u32), fewest);
        prop_assert_eq!(y.solution().map(|s| s.len() as u32), fewest);
        prop_assert_eq!(x.is_exhausted(), fewest.is_none());
        // the tree searches, where they take little time (on a reachable goal not far off)
        if fewest.is_some_and(|d| d <= 4) {
            let x = Iddfs::new().move_pruning().search(&p, start);
            let y = Iddfs::new().search(&p, start);
            prop_assert_eq!(x.solution().map(|s| s.len() as u32), fewest);
            prop_assert_eq!(y.solution().map(|s| s.len() as u32), fewest);
        }
        if best.is_some_and(|c| c <= 8) {
            for check in [CycleCheck::Path, CycleCheck::Parent] {
                let ida = IdaStar::new().cycle_check(check);
                let x = ida.clone().move_pruning().search(&p, start, h);
                let y = ida.search(&p, start, h);
                prop_assert_eq!(x.cost(), best);
                prop_assert_eq!(y.cost(), best);
            }
        }
    }
}

/// Move pruning pays off: on an open 4-dimensional grid, BFS generates far fewer
/// successors, and every other optimal search fewer, at the same cost.
#[test]
fn move_pruning_saves_most_of_the_generation() {
    let (k, n) = (4, 6);
    let size = 6usize.pow(4);
    let mut goal = vec![false; size];
    goal[size - 1] = true;
    let p = Hamming {
        k,
        n,
        blocked: vec![false; size],
        goal,
    };
    let config = Bfs::new().reversible(true);
    let (x, y) = (
        config.clone().move_pruning().search(&p, 0),
        config.search(&p, 0),
    );
    assert_eq!(x.cost(), Some(10)); // the four coordinates set, at costs 1 to 4
    assert_eq!(x.solution(), y.solution());
    assert!(
        x.stats.generated * 2 < y.stats.generated,
        "{} of {}",
        x.stats.generated,
        y.stats.generated
    );

    // the cost of the coordinates not yet at the goal's value: exact on the open grid
    let h = &ByState::of(&p, |s| {
        (0..k)
            .filter(|&i| Hamming::coord(s, i) != n - 1)
            .map(|i| i + 1)
            .sum::<u32>()
    });
    let pairs = [
        (
            "dijkstra",
            Dijkstra::new().move_pruning().search(&p, 0),
            Dijkstra::new().search(&p, 0),
        ),
        (
            "astar",
            AStar::new().move_pruning().search(&p, 0, h),
            AStar::new().search(&p, 0, h),
        ),
        (
            "idastar",
            IdaStar::new().move_pruning().search(&p, 0, h),
            IdaStar::new().search(&p, 0, h),
        ),
        (
            "iddfs",
            Iddfs::new().move_pruning().search(&p, 0),
            Iddfs::new().search(&p, 0),
        ),
    ];
    for (name, x, y) in &pairs {
        if *name == "iddfs" {
            assert_eq!(x.solution().map(|s| s.len()), Some(k as usize), "{name}");
            assert_eq!(y.solution().map(|s| s.len()), Some(k as usize), "{name}");
        } else {
            assert_eq!(x.cost(), Some(10), "{name}");
            assert_eq!(y.cost(), Some(10), "{name}");
        }
        assert!(
            x.stats.generated < y.stats.generated,
            "{name}: {} of {}",
            x.stats.generated,
            y.stats.generated
        );
    }
}
