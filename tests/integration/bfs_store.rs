//! Tests of breadth-first search's stores: states that own heap memory (boxed in a `Vec`)
//! take the store indexed by node ids, and a space declared reversible lets BFS forget all
//! but three levels. On random digraphs (small ones, and some of a few thousand nodes) both
//! must search exactly as the plain store does, which the fewest actions of the plain
//! queue BFS in `support` cross-check.

use heurist::{Bfs, FnProblem, Problem, SearchResult, Successors};
use proptest::prelude::*;

use crate::support;
use support::*;

/// The same graph with each state boxed in a `Vec` (heap-owning states take BFS's other
/// store, indexed by node ids rather than by value).
struct Boxed<'a>(&'a Graph);

impl Problem for Boxed<'_> {
    type State = Vec<usize>;
    type Action = usize;
    type Cost = u32;

    fn is_goal(&self, s: &Vec<usize>) -> bool {
        self.0.goal[s[0]]
    }

    fn successors(&self, s: &Vec<usize>, out: &mut Successors<Vec<usize>, usize, u32>) {
        for (i, &(t, w)) in self.0.adj[s[0]].iter().enumerate() {
            out.push(i, vec![t], w);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn bfs_stores_agree_on_boxed_states((g, start) in graph_strategy(12, 20), bound in 0u32..40) {
        let plain = heurist::bfs(&g, start);
        let boxed = heurist::bfs(&Boxed(&g), vec![start]);
        prop_assert_eq!(boxed.solution().map(|s| s.len()), fewest_edges(&g, start));
        prop_assert_eq!(boxed.cost(), plain.cost());
        prop_assert_eq!(boxed.is_exhausted(), plain.is_exhausted());
        prop_assert_eq!(boxed.stats.stored, plain.stats.stored);
        if let Some(sol) = boxed.solution() {
            // the actions replay on the plain graph to the same cost
            let mut at = start;
            for a in sol.actions() {
                at = g.adj[at][*a].0;
            }
            prop_assert!(g.goal[at]);
            prop_assert_eq!(sol.steps.last().map_or(&sol.start, |s| &s.state), &vec![at]);
        }
        // under a cost bound both keep path costs and stop alike
        let config = Bfs::new().cost_bound(bound);
        let plain = config.search(&g, start);
        let boxed = config.search(&Boxed(&g), vec![start]);
        prop_assert_eq!(boxed.cost(), plain.cost());
        prop_assert_eq!(boxed.stop_reason(), plain.stop_reason());
        if let Some(c) = plain.cost() {
            prop_assert!(c <= bound);
        }
    }
}

/// Random sparse graphs of a few thousand nodes (enough for breadth-first search to start
/// forgetting levels in a reversible space), goals rare.
fn big_graph_strategy() -> impl Strategy<Value = (Graph, usize)> {
    (2000usize..5000).prop_flat_map(|n| {
        (
            prop::collection::vec(prop::collection::vec((0..n, 0..=20u32), 1..3), n),
            prop::collection::vec(prop::bool::weighted(0.0005), n),
            0..n,
        )
            .prop_map(|(adj, goal, start)| (Graph { adj, goal }, start))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn bfs_in_a_reversible_space_forgets_nothing_it_needs(
        (g, start) in big_graph_strategy(),
        bound in 0u32..300,
        depth in 0usize..12,
    ) {
        // BFS keeps only three levels in its index (once it holds more than a couple of
        // thousand states): the same search, on both stores, with and without limits
        let g = undirected(&g);
        for k in 0..4 {
            let config = match k {
                0 => Bfs::new(),
                1 => Bfs::new().cost_bound(bound),
                2 => Bfs::new().max_depth(depth),
                _ => Bfs::new().max_states(depth * 300 + 1),
            };
            let all = config.search(&g, start);
            let reversible = config.clone().reversible(true);
            let three = reversible.search(&g, start);
            let boxed = reversible.search(&Boxed(&g), vec![start]);
            prop_assert_eq!(three.cost(), all.cost());
            prop_assert_eq!(three.is_exhausted(), all.is_exhausted());
            prop_assert_eq!(three.stop_reason(), all.stop_reason());
            prop_assert_eq!(stats(&three), stats(&all));
            prop_assert_eq!(
                three.solution().map(|s| s.actions().copied().collect::<Vec<_>>()),
                all.solution().map(|s| s.actions().copied().collect::<Vec<_>>())
            );
            prop_assert_eq!(boxed.cost(), all.cost());
            prop_assert_eq!(boxed.stop_reason(), all.stop_reason());
            prop_assert_eq!(stats(&boxed), stats(&all));
            // the counts add up: every successor looked at is a duplicate or a new state
            // (without a cost bound or a memory bound, which leave some out)
            let (expanded, generated, duplicates, stored) = stats(&all);
            prop_assert!(expanded <= stored as u64);
            if k == 0 || k == 2 {
                let looked_at = duplicates + stored as u64 - 1;
                if all.solution().is_some() {
                    prop_assert!(looked_at <= generated);
                } else {
                    prop_assert_eq!(looked_at, generated);
                }
            }
        }
    }
}

/// `Bfs::reversible` reaches breadth-first search: on a walk in a 60x60 grid with walls
/// (more states than the duplicate index's initial room), the search declared reversible
/// and the one not declared agree on the answer and every count.
#[test]
fn bfs_declared_reversible_agrees_with_the_plain_search() {
    let walk = FnProblem::new(
        |&s: &(i32, i32)| s == (58, 59),
        |&(x, y): &(i32, i32)| {
            [(1, 0), (-1, 0), (0, 1), (0, -1)]
                .into_iter()
                .map(move |(dx, dy)| ((dx, dy), (x + dx, y + dy), 1u32))
                // walls in every seventh column, with a door in every eleventh row
                .filter(|&(_, (x, y), _)| {
                    (0..60).contains(&x) && (0..60).contains(&y) && (x % 7 != 3 || y % 11 == 5)
                })
        },
    );
    let (a, b) = (
        heurist::bfs(&walk, (0, 0)),
        Bfs::new().reversible(true).search(&walk, (0, 0)),
    );
    assert!(a.cost().is_some() && a.stats.stored > 3000);
    assert_eq!(a.cost(), b.cost());
    assert_eq!(stats(&a), stats(&b));
    let actions = |r: &SearchResult<(i32, i32), (i32, i32), u32>| {
        r.solution().unwrap().actions().copied().collect::<Vec<_>>()
    };
    assert_eq!(actions(&a), actions(&b));

    // the declaration does reach the search: on a one-way cycle (not reversible), which
    // the plain search exhausts, the declared search forgets the start and goes round again
    let n = 10_000u32;
    let cycle = FnProblem::new(|_: &u32| false, |&s: &u32| [((), (s + 1) % n, 1u32)]);
    let plain = Bfs::new().max_states(3 * n as usize);
    let r = plain.search(&cycle, 0);
    assert!(r.is_exhausted());
    assert_eq!(r.stats.stored, n as usize);
    let wrong = plain.clone().reversible(true).search(&cycle, 0);
    assert!(
        wrong.stats.stored > n as usize,
        "{:?} {:?}",
        wrong.outcome,
        wrong.stats
    );
}
