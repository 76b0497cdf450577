//! The generic builder against a 0-1 breadth-first search with a queue, and its limits.

use super::*;
use std::collections::VecDeque;

/// A directed graph read backwards: `preds[s]`, the states one move before `s`, with the
/// move's cost; the goals are `goals`.
struct Graph {
    preds: Vec<Vec<(u64, u8)>>,
    goals: Vec<u64>,
}

impl Abstraction for Graph {
    type State = u64;
    fn len(&self) -> u64 {
        self.preds.len() as u64
    }
    fn rank(&self, s: &u64) -> u64 {
        *s
    }
    fn unrank(&self, r: u64) -> u64 {
        r
    }
    fn goals(&self, out: &mut Vec<u64>) {
        out.extend(&self.goals);
    }
    fn predecessors(&self, s: &u64, out: &mut Vec<(u64, u8)>) {
        out.extend(&self.preds[*s as usize]);
    }
}

/// The distances by a 0-1 breadth-first search with a double-ended queue.
fn reference(g: &Graph) -> Vec<u8> {
    let mut dist = vec![u32::MAX; g.preds.len()];
    let mut queue = VecDeque::new();
    for &s in &g.goals {
        dist[s as usize] = 0;
        queue.push_back(s);
    }
    while let Some(s) = queue.pop_front() {
        let d = dist[s as usize];
        for &(p, c) in &g.preds[s as usize] {
            let nd = d + u32::from(c.min(1));
            if nd < dist[p as usize] {
                dist[p as usize] = nd;
                match c {
                    0 => queue.push_front(p),
                    _ => queue.push_back(p),
                }
            }
        }
    }
    let stored = |d: u32| match d {
        u32::MAX => UNREACHED,
        d => d.min(u32::from(UNREACHED - 1)) as u8,
    };
    dist.into_iter().map(stored).collect()
}

/// A pseudo-random graph of `n` states, `edges` moves each, of cost 0 one time in
/// `zero_in`.
fn random_graph(n: usize, edges: usize, zero_in: u64, seed: u64) -> Graph {
    let mut x = seed | 1;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let preds = (0..n)
        .map(|_| {
            (0..edges)
                .map(|_| (next() % n as u64, u8::from(next() % zero_in != 0)))
                .collect()
        })
        .collect();
    Graph {
        preds,
        goals: vec![next() % n as u64, next() % n as u64],
    }
}

#[test]
fn the_build_gives_the_distances_of_a_0_1_search() {
    for seed in 1..40 {
        let g = random_graph(3000, 2, 3 + seed % 5, seed);
        assert_eq!(Builder::new(&g).build().unwrap().table(), reference(&g));
    }
    // a long line walked backwards (past 254 layers: stored as 254), and ranked
    // backwards against the scan, with a step of cost 0 in every other
    let n = 2000;
    let line = Graph {
        preds: (0..n)
            .map(|s| match s {
                0 => vec![],
                s => vec![(s - 1, (s % 2) as u8)],
            })
            .collect(),
        goals: vec![n - 1],
    };
    assert_eq!(
        Builder::new(&line).build().unwrap().table(),
        reference(&line)
    );
}

/// A goal that every other state reaches at no cost, the states then a chain of
/// moves of cost 1 back down: more states at no cost behind the scan than the stack
/// holds, so that the layer is scanned again.
#[test]
fn many_states_reached_at_no_cost_behind_the_scan() {
    let n = 3 * ZERO_COST_STACK as u64;
    let mut preds: Vec<Vec<(u64, u8)>> = (0..n).map(|s| vec![(s + 1, 1)]).collect();
    preds[n as usize - 1] = (0..n - 1).step_by(2).map(|s| (s, 0)).collect();
    let g = Graph {
        preds,
        goals: vec![n - 1],
    };
    let db = Builder::new(&g).build().unwrap();
    assert_eq!(db.table(), reference(&g));
    assert!(db.table().iter().all(|&d| d <= 1));
}

#[test]
fn a_build_stops_at_its_limits_and_says_why() {
    let g = random_graph(200_000, 3, 4, 7);
    let needed = Builder::new(&g).memory_needed();
    assert_eq!(needed, 200_000 + 2 * 8 * 3125);
    assert_eq!(
        Builder::new(&g).max_bytes(needed - 1).build(),
        Err(BuildError::MemoryLimit {
            needed,
            budget: needed - 1
        })
    );
    assert!(Builder::new(&g).max_bytes(needed).build().is_ok());
    // a space too large for any budget
    let huge = Graph {
        preds: Vec::new(),
        goals: Vec::new(),
    };
    struct Huge(Graph);
    impl Abstraction for Huge {
        type State = u64;
        fn len(&self) -> u64 {
            u64::MAX
        }
        fn rank(&self, s: &u64) -> u64 {
            *s
        }
        fn unrank(&self, r: u64) -> u64 {
            r
        }
        fn goals(&self, out: &mut Vec<u64>) {
            self.0.goals(out)
        }
        fn predecessors(&self, s: &u64, out: &mut Vec<(u64, u8)>) {
            self.0.predecessors(s, out)
        }
    }
    let stopped = Builder::new(&Huge(huge)).max_bytes(u64::MAX).build();
    assert!(matches!(
        stopped,
        Err(BuildError::MemoryLimit { .. } | BuildError::OutOfMemory { .. })
    ));
    // the clock and the token, before the first state and during the search
    assert_eq!(
        Builder::new(&g).time_limit(Duration::ZERO).build(),
        Err(BuildError::TimeLimit)
    );
    let token = CancelToken::new();
    token.cancel();
    assert_eq!(
        Builder::new(&g).cancel(token).build(),
        Err(BuildError::Cancelled)
    );
    let token = CancelToken::new();
    let cancel = token.clone();
    let mut layers = 0;
    let stopped = Builder::new(&g)
        .cancel(token)
        .on_progress(|_| {
            layers += 1;
            cancel.cancel();
        })
        .build();
    assert_eq!((stopped, layers), (Err(BuildError::Cancelled), 1));
}

/// A build that runs longer than its time limit stops soon after it: the clock is
/// looked at within layers, not only between them.
#[test]
fn a_long_layer_stops_at_the_time_limit() {
    /// One layer of 50 million states, each slow to expand.
    struct Wide;
    impl Abstraction for Wide {
        type State = u64;
        fn len(&self) -> u64 {
            50_000_001
        }
        fn rank(&self, s: &u64) -> u64 {
            *s
        }
        fn unrank(&self, r: u64) -> u64 {
            r
        }
        fn goals(&self, out: &mut Vec<u64>) {
            out.extend(1..50_000_001);
        }
        fn predecessors(&self, s: &u64, out: &mut Vec<(u64, u8)>) {
            std::hint::black_box((0..100).fold(*s, |a, b| a ^ (a >> 3) ^ b));
            out.push((0, 1));
        }
    }
    let t0 = Instant::now();
    let stopped = Builder::new(&Wide)
        .time_limit(Duration::from_millis(200))
        .build();
    assert_eq!(stopped, Err(BuildError::TimeLimit));
    assert!(t0.elapsed() < Duration::from_secs(3), "{:?}", t0.elapsed());
}
