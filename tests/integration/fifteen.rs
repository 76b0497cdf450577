//! Tests of the sliding-tile example (`examples/fifteen`) and of `heurist::pdb` on it.
//!
//! Budget: well under 60 s in release mode. The heaviest test solves the first ten Korf
//! instances with IDA* + Manhattan/linear conflicts (~30 s of one core). Building the 7-8
//! databases takes minutes, so the all-100 check with them is `#[ignore]`d:
//! `cargo test --release --test integration fifteen:: -- --ignored` (caches the databases in
//! `$CARGO_TARGET_TMPDIR/heurist-pdb-cache`).

use heurist_puzzles::fifteen as model;

use std::collections::{HashMap, VecDeque};

use heurist::pdb::{BuildLimits, Builder, Origin, PatternDb, UNREACHED};
use heurist::{AStar, CycleCheck, Heuristic, IdaStar, Problem, Successors};
use model::*;
use proptest::prelude::*;
use rand::SeedableRng;

const KORF: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/data/fifteen/korf100.txt"
));

fn original_puzzle() -> Puzzle {
    let goal = parse_layout("1 3 5 7 / 9 11 13 15 / 2 4 6 8 / 10 12 14 0").unwrap();
    Puzzle::new(4, 4, &goal.tiles).unwrap()
}

fn idastar<H: Heuristic<Puzzle>>(
    p: &Puzzle,
    s: Tiles,
    h: H,
) -> heurist::SearchResult<Tiles, Move, u32> {
    IdaStar::new()
        .cycle_check(CycleCheck::Parent)
        .search(p, s, h)
}

/// A* with any heuristic (the quick `heurist::astar` takes closures only).
fn astar<H: Heuristic<Puzzle>>(
    p: &Puzzle,
    s: Tiles,
    h: H,
) -> heurist::SearchResult<Tiles, Move, u32> {
    AStar::new().search(p, s, h)
}

fn moves_of(r: &heurist::SearchResult<Tiles, Move, u32>) -> Vec<Dir> {
    r.solution().unwrap().actions().map(|m| m.dir).collect()
}

#[test]
fn seed_instance_takes_six_moves() {
    let p = original_puzzle();
    let start = p.pack(
        &parse_layout("0 3 5 7 1 11 13 15 9 4 6 8 2 10 12 14")
            .unwrap()
            .tiles,
    );
    assert!(p.is_solvable(start));
    let r = astar(&p, start, Misplaced(&p));
    assert_eq!(r.cost(), Some(6));
    p.check_solution(start, &moves_of(&r)).unwrap();
    for r in [
        idastar(&p, start, Manhattan(&p)),
        idastar(&p, start, LinearConflict(&p)),
        idastar(&p, start, Misplaced(&p)),
        heurist::bfs(&p, start),
    ] {
        assert_eq!(r.cost(), Some(6));
        p.check_solution(start, &moves_of(&r)).unwrap();
    }
    assert_eq!(
        moves_of(&heurist::bfs(&p, start))
            .iter()
            .map(|d| d.name())
            .collect::<Vec<_>>(),
        ["down", "down", "down", "right", "right", "right"]
    );
}

#[test]
fn first_ten_korf_instances_are_solved_optimally() {
    let p = Puzzle::new(4, 4, &Puzzle::default_goal(16)).unwrap();
    let instances = parse_instances(KORF, 16).unwrap();
    assert_eq!(instances.len(), 100);
    // A 5-5-5 additive database builds in about a second and solves the ten in a few more;
    // linear conflict alone takes half a minute, so it is checked on the three it solves
    // fastest (numbers 2, 5 and 9).
    let patterns = parse_partition("1 2 3 4 5 / 6 7 8 9 10 / 11 12 13 14 15", &p, false).unwrap();
    let pdb = PdbHeuristic::build(&p, &patterns, false, &BuildLimits::new()).unwrap();
    for inst in &instances[..10] {
        let start = p.pack(&inst.tiles);
        assert!(p.is_solvable(start));
        let r = idastar(&p, start, &pdb);
        assert_eq!(r.cost(), inst.optimal, "instance {:?}", inst.number);
        p.check_solution(start, &moves_of(&r)).unwrap();
        if [Some(2), Some(5), Some(9)].contains(&inst.number) {
            let r = idastar(&p, start, LinearConflict(&p));
            assert_eq!(r.cost(), inst.optimal, "instance {:?}", inst.number);
        }
    }
}

/// Distances of every state from the goal, by a plain BFS written here.
fn bfs_distances(p: &Puzzle) -> HashMap<Tiles, u32> {
    let mut dist = HashMap::new();
    dist.insert(p.goal(), 0);
    let mut queue = VecDeque::from([p.goal()]);
    let mut out = Successors::new();
    while let Some(s) = queue.pop_front() {
        let d = dist[&s];
        out.clear();
        p.successors(&s, &mut out);
        for c in out.iter() {
            if let std::collections::hash_map::Entry::Vacant(e) = dist.entry(c.state) {
                e.insert(d + 1);
                queue.push_back(c.state);
            }
        }
    }
    dist
}

/// Admissible, consistent, goal-aware, and `estimate_child` equal to `estimate`, on every
/// edge of the space.
fn check_heuristic<H: Heuristic<Puzzle>>(
    p: &Puzzle,
    dist: &HashMap<Tiles, u32>,
    h: &H,
    name: &str,
) {
    check_heuristic_with(p, dist, h, name, true)
}

fn check_heuristic_with<H: Heuristic<Puzzle>>(
    p: &Puzzle,
    dist: &HashMap<Tiles, u32>,
    h: &H,
    name: &str,
    consistent: bool,
) {
    let mut out = Successors::new();
    for (&s, &d) in dist {
        let hs = h.estimate(&s);
        assert!(
            hs <= d,
            "{name} not admissible: h = {hs} > {d} at\n{}",
            p.draw(s)
        );
        if d == 0 {
            assert_eq!(hs, 0);
        }
        out.clear();
        p.successors(&s, &mut out);
        for c in out.iter() {
            let hc = h.estimate(&c.state);
            assert!(
                !consistent || (hs <= hc + 1 && hc <= hs + 1),
                "{name} not consistent"
            );
            assert_eq!(
                h.estimate_child(&s, hs, &c.action, &c.state),
                hc,
                "{name}: estimate_child"
            );
        }
    }
}

#[test]
fn exhaustive_3x3_heuristics_and_searches() {
    let p = Puzzle::new(3, 3, &Puzzle::default_goal(9)).unwrap();
    let dist = bfs_distances(&p);
    assert_eq!(dist.len(), 181_440);
    assert_eq!(dist.values().max(), Some(&31));
    // Parity decides reachability: every reached state is solvable, and swapping two tiles
    // of a reached state gives an unsolvable one.
    for (&s, _) in dist.iter().take(5000) {
        assert!(p.is_solvable(s));
        let mut t = p.unpack(s);
        let (i, j) = if t[0] != 0 && t[1] != 0 {
            (0, 1)
        } else {
            (2, 3)
        };
        t.swap(i, j);
        let u = p.pack(&t);
        assert!(!p.is_solvable(u) && !dist.contains_key(&u));
    }

    check_heuristic(&p, &dist, &Misplaced(&p), "misplaced");
    check_heuristic(&p, &dist, &Manhattan(&p), "manhattan");
    check_heuristic(&p, &dist, &LinearConflict(&p), "linear conflict");
    let patterns = default_partition(&p);
    assert_eq!(patterns, vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8]]);
    let pdb = PdbHeuristic::build(&p, &patterns, true, &BuildLimits::new()).unwrap();
    check_heuristic(&p, &dist, &pdb, "pdb 4-4 with blank");
    // Without the blank in the key: admissible (and exact update), but not consistent.
    let projected = PdbHeuristic::build(&p, &patterns, false, &BuildLimits::new()).unwrap();
    check_heuristic_with(&p, &dist, &projected, "pdb 4-4 projected", false);
    assert!(dist
        .keys()
        .all(|s| projected.estimate(s) <= pdb.estimate(s)));
    // The library's generic sum of the same databases agrees.
    let additive = pdb.additive();
    for s in dist.keys().take(2000) {
        assert_eq!(Heuristic::<Puzzle>::estimate(&additive, s), pdb.estimate(s));
    }
    // The PDB dominates Manhattan on average (it is the better heuristic).
    let sum = |f: &dyn Fn(&Tiles) -> u32| dist.keys().map(|s| f(s) as u64).sum::<u64>();
    assert!(sum(&|s| pdb.estimate(s)) > sum(&|s| Manhattan(&p).estimate(s)));
    // A single pattern of all 8 tiles is exact.
    let exact = PdbHeuristic::build(
        &p,
        &[vec![1, 2, 3, 4, 5, 6, 7, 8]],
        false,
        &BuildLimits::new(),
    )
    .unwrap();
    for (s, &d) in dist.iter().take(20_000) {
        assert_eq!(exact.estimate(s), d);
    }

    // A* and IDA* return the BFS distance on a sample, including the 31-move states.
    let mut sample: Vec<(Tiles, u32)> = dist
        .iter()
        .filter(|&(_, &d)| d >= 30)
        .map(|(&s, &d)| (s, d))
        .collect();
    sample.extend(dist.iter().step_by(997).map(|(&s, &d)| (s, d)));
    for (k, (s, d)) in sample.into_iter().enumerate() {
        let a = astar(&p, s, Manhattan(&p));
        assert_eq!(a.cost(), Some(d));
        p.check_solution(s, &moves_of(&a)).unwrap();
        assert_eq!(idastar(&p, s, LinearConflict(&p)).cost(), Some(d));
        let i = idastar(&p, s, &pdb);
        assert_eq!(i.cost(), Some(d));
        p.check_solution(s, &moves_of(&i)).unwrap();
        // the weakest heuristic expands most of the space from the deepest states: a
        // tenth of the sample
        if k % 10 == 0 {
            assert_eq!(astar(&p, s, Misplaced(&p)).cost(), Some(d));
        }
    }
}

/// The reflection about the main diagonal keeps every distance on the 3x3 board, and the
/// databases looked up on the mirror image too give an admissible, consistent and stronger
/// heuristic, the same in the example's fast lookup and in the library's generic one.
#[test]
fn reflected_pattern_databases_on_every_3x3_state() {
    let p = Puzzle::new(3, 3, &Puzzle::default_goal(9)).unwrap();
    let dist = bfs_distances(&p);
    let r = Reflection::of(&p).expect("the blank's goal cell is on the diagonal");
    for (&s, &d) in &dist {
        let m = r.apply(&p, s);
        assert_eq!(dist.get(&m), Some(&d), "mirror of\n{}", p.draw(s));
        assert_eq!(r.apply(&p, m), s);
    }
    assert_eq!(r.apply(&p, p.goal()), p.goal());

    let patterns = default_partition(&p);
    let plain = PdbHeuristic::build(&p, &patterns, true, &BuildLimits::new()).unwrap();
    let reflected = PdbHeuristic::build(&p, &patterns, true, &BuildLimits::new())
        .unwrap()
        .with_reflection(r.clone());
    check_heuristic(&p, &dist, &reflected, "pdb 4-4 reflected");
    let (p2, r2) = (p.clone(), r.clone());
    let generic = plain
        .additive()
        .with_symmetry(move |s: &Tiles| r2.apply(&p2, *s));
    let mut stronger = 0;
    for s in dist.keys() {
        let h = reflected.estimate(s);
        let by_mirror = plain.estimate(s).max(plain.estimate(&r.apply(&p, *s)));
        assert_eq!(h, by_mirror);
        assert_eq!(generic.value(s), h);
        stronger += usize::from(h > plain.estimate(s));
    }
    assert!(stronger > dist.len() / 10, "only {stronger} states gain");

    // Not a symmetry: a goal with the blank off the diagonal, a board that is not square.
    assert!(Reflection::of(&Puzzle::new(3, 3, &[1, 0, 2, 3, 4, 5, 6, 7, 8]).unwrap()).is_none());
    assert!(Reflection::of(&Puzzle::new(2, 3, &Puzzle::default_goal(6)).unwrap()).is_none());
    // The original puzzle's goal has the blank in the last cell, on the diagonal.
    let original = original_puzzle();
    let mirrored = Reflection::of(&original).unwrap();
    assert_eq!(mirrored.apply(&original, original.goal()), original.goal());
}

/// The same databases without `estimate_child_within`: the trait's default, exact always.
struct AlwaysExact<'a>(&'a PdbHeuristic);

impl Heuristic<Puzzle> for AlwaysExact<'_> {
    fn estimate(&self, s: &Tiles) -> u32 {
        self.0.estimate(s)
    }
}

/// With a reflection, the databases' estimate for IDA\* stops at the first sums that prune
/// the child: exact whenever `g + h` is within the limit, a smaller value past it otherwise.
/// IDA\* expands the same states, in as many iterations, as with the exact estimates.
#[test]
fn reflected_databases_stop_at_the_limit_and_ida_star_counts_the_same() {
    let p = Puzzle::new(3, 3, &Puzzle::default_goal(9)).unwrap();
    let dist = bfs_distances(&p);
    let r = Reflection::of(&p).unwrap();
    let patterns = default_partition(&p);
    let h = PdbHeuristic::build(&p, &patterns, false, &BuildLimits::new())
        .unwrap()
        .with_reflection(r.clone());
    // the library's generic sum of the same databases, with the same symmetry
    let p2 = p.clone();
    let generic = h
        .additive()
        .with_symmetry(move |s: &Tiles| r.apply(&p2, *s));
    let mut out = Successors::new();
    let (mut short, mut checked) = ([0, 0], 0);
    for (k, &s) in dist.keys().enumerate() {
        out.clear();
        p.successors(&s, &mut out);
        let parent_h = h.estimate(&s);
        for child in out.iter() {
            let exact = h.estimate(&child.state);
            for (g, limit) in [
                (0, 0),
                (3, 5),
                (2, 9),
                (7, 7 + exact),
                (7, 6 + exact),
                (4, 40),
            ] {
                let (a, c) = (&child.action, &child.state);
                let fast = h.estimate_child_within(&s, parent_h, a, c, g, limit);
                let lib =
                    Heuristic::<Puzzle>::estimate_child_within(&generic, &s, 0, a, c, g, limit);
                for (which, v) in [fast, lib].into_iter().enumerate() {
                    if g + exact <= limit {
                        assert_eq!(v, exact, "within {limit} at g = {g}\n{}", p.draw(*c));
                    } else {
                        assert!(
                            v <= exact && g + v > limit,
                            "{v} for {exact}, g {g}, limit {limit}"
                        );
                        short[which] += usize::from(v < exact);
                    }
                    checked += 1;
                }
            }
        }
        if k % 50 == 0 {
            let fast = IdaStar::new().search(&p, s, &h);
            let slow = IdaStar::new().search(&p, s, AlwaysExact(&h));
            assert_eq!(fast.cost(), Some(dist[&s]));
            assert_eq!(fast.cost(), slow.cost());
            assert_eq!(fast.stats.expanded, slow.stats.expanded);
            assert_eq!(fast.stats.generated, slow.stats.generated);
            assert_eq!(fast.stats.iterations, slow.stats.iterations);
            let lib = IdaStar::new().search(&p, s, &generic);
            assert_eq!(lib.cost(), slow.cost());
            assert_eq!(lib.stats.generated, slow.stats.generated);
            assert_eq!(lib.stats.iterations, slow.stats.iterations);
            // stopped by a cost bound, the lower bound given is the same too
            let d = dist[&s];
            if d > 2 {
                let fast = IdaStar::new().cost_bound(d - 2).search(&p, s, &h);
                let slow = IdaStar::new()
                    .cost_bound(d - 2)
                    .search(&p, s, AlwaysExact(&h));
                assert_eq!(fast.lower_bound(), slow.lower_bound());
                assert!(fast.lower_bound().is_some_and(|b| b > d - 2 && b <= d));
                assert_eq!(fast.stats.expanded, slow.stats.expanded);
            }
        }
    }
    // both the example's databases and the library's generic sum stop early
    assert!(
        short.iter().all(|&n| n > checked / 20),
        "cut short {short:?} times of {checked}"
    );
}

#[test]
fn rectangular_boards_and_unusual_goals() {
    // 2x3: 6!/2 reachable states; IDA*+PDB equals BFS everywhere.
    let p = Puzzle::new(2, 3, &parse_layout("1 2 3 / 4 5 0").unwrap().tiles).unwrap();
    let dist = bfs_distances(&p);
    assert_eq!(dist.len(), 360);
    let pdb = PdbHeuristic::build(&p, &default_partition(&p), true, &BuildLimits::new()).unwrap();
    check_heuristic(&p, &dist, &LinearConflict(&p), "lc 2x3");
    check_heuristic(&p, &dist, &pdb, "pdb 2x3");
    for (&s, &d) in &dist {
        assert_eq!(idastar(&p, s, &pdb).cost(), Some(d));
    }
    // 3x4 with the blank in the middle of the goal: LC consistent on BFS ball of radius 12.
    let goal: Vec<u8> = vec![1, 2, 3, 4, 5, 0, 6, 7, 8, 9, 10, 11];
    let p = Puzzle::new(3, 4, &goal).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    for _ in 0..20 {
        let s = p.scramble(18, &mut rng);
        let d = heurist::bfs(&p, s).cost().unwrap();
        assert_eq!(idastar(&p, s, LinearConflict(&p)).cost(), Some(d));
        assert_eq!(astar(&p, s, Manhattan(&p)).cost(), Some(d));
    }
    // 5x5: a scrambled board solves with A*+Manhattan and with the 6 four-tile databases
    // agrees on the cost.
    let p = Puzzle::new(5, 5, &Puzzle::default_goal(25)).unwrap();
    let s = p.scramble(24, &mut rng);
    assert_eq!(p.blank(p.goal()), 0);
    let a = astar(&p, s, LinearConflict(&p));
    let c = a.cost().unwrap();
    p.check_solution(s, &moves_of(&a)).unwrap();
    assert_eq!(idastar(&p, s, Manhattan(&p)).cost(), Some(c));
}

#[test]
fn unsolvable_instances_are_detected_by_parity() {
    let p = Puzzle::new(4, 4, &Puzzle::default_goal(16)).unwrap();
    // Swapping tiles 14 and 15 of the goal: Sam Loyd's unsolvable puzzle.
    let mut t = Puzzle::default_goal(16);
    t.swap(14, 15);
    assert!(!p.is_solvable(p.pack(&t)));
    let seed = original_puzzle();
    let mut t = parse_layout("0 3 5 7 1 11 13 15 9 4 6 8 2 10 12 14")
        .unwrap()
        .tiles;
    assert!(seed.is_solvable(seed.pack(&t)));
    t.swap(1, 2);
    assert!(!seed.is_solvable(seed.pack(&t)));
    // On 2x2 the unsolvable half is proven by exhausting the space.
    let p = Puzzle::new(2, 2, &Puzzle::default_goal(4)).unwrap();
    let s = p.pack(&[0, 2, 1, 3]);
    assert!(!p.is_solvable(s));
    assert!(heurist::bfs(&p, s).is_exhausted());
    assert!(p.is_solvable(p.pack(&[1, 0, 2, 3])));
}

#[test]
fn parser_reports_errors_with_positions() {
    let e = parse_layout("1 2 3 4 5 6 7 8").unwrap_err();
    assert!(e.message.contains("8 tiles"), "{e}");
    let e = parse_layout("1 2 3 4 5 6 7 8 8").unwrap_err();
    assert!(
        e.message.contains("duplicate tile 8") && e.column == Some(17),
        "{e}"
    );
    let e = parse_layout("1 2 3 4 x 6 7 8 0").unwrap_err();
    assert!(e.message.contains("\"x\"") && e.column == Some(9), "{e}");
    let e = parse_layout("1 2 3 4 5 6 7 8 9").unwrap_err();
    assert!(e.message.contains("out of range"), "{e}");
    let e = parse_layout("1 2 3 / 4 5").unwrap_err();
    assert!(e.message.contains("different lengths"), "{e}");
    assert!(parse_layout("1 0").is_err());
    let l = parse_layout("1 2 3 / 4 5 0").unwrap();
    assert_eq!((l.rows, l.cols), (2, 3));

    let text = "# comment\n\n1 57 14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n";
    let v = parse_instances(text, 16).unwrap();
    assert_eq!(v.len(), 2);
    assert_eq!(
        (v[0].number, v[0].optimal, v[0].line),
        (Some(1), Some(57), 3)
    );
    assert_eq!((v[1].number, v[1].optimal), (None, None));
    let e = parse_instances("# c\n1 2 3\n", 16).unwrap_err();
    assert_eq!(e.line, Some(2));
    let e = parse_instances("0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 14\n", 16).unwrap_err();
    assert!(e.message.contains("duplicate") && e.line == Some(1), "{e}");
    let e = parse_instances("\n0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 1.5\n", 16).unwrap_err();
    assert_eq!(e.line, Some(2));
    assert!(Puzzle::new(4, 4, &[0, 1, 2]).is_err());
    assert!(Puzzle::new(1, 4, &[0, 1, 2, 3]).is_err());

    let p = Puzzle::new(4, 4, &Puzzle::default_goal(16)).unwrap();
    let groups = parse_partition("1,5,6 9 10 13/ 7 8 11 12 14 15 /2 3 4", &p, true).unwrap();
    assert_eq!(
        groups,
        [
            vec![1, 5, 6, 9, 10, 13],
            vec![7, 8, 11, 12, 14, 15],
            vec![2, 3, 4]
        ]
    );
    for (text, says) in [
        ("1 2 / 2 3", "pattern 2: tile 2 is in two patterns"),
        ("1 2 / 0", "pattern 2: \"0\" is not a tile"),
        ("1 16", "pattern 1: \"16\" is not a tile"),
        ("1 x", "pattern 1: \"x\" is not a tile"),
        ("1 2 //3", "pattern 2: 0 tiles"),
        ("1 2 3 4 5 6 7 8 9", "pattern 1: 9 tiles"),
        ("1 2 3 4 5 6 7 8", "would search 4151347200 states"),
    ] {
        let e = parse_partition(text, &p, true).unwrap_err();
        assert!(e.contains(says), "{text:?}: {e}");
    }
    // Projected, the 8-tile database searches the tiles' placements only; on 5x5, 7 tiles
    // are too many either way.
    assert!(parse_partition("1 2 3 4 5 6 7 8", &p, false).is_ok());
    let p5 = Puzzle::new(5, 5, &Puzzle::default_goal(25)).unwrap();
    assert!(parse_partition("1 2 3 4 5 6", &p5, false).is_ok());
    let e = parse_partition("1 2 3 4 5 6 7", &p5, false).unwrap_err();
    assert!(e.contains("would search 2422728000 states"), "{e}");
}

#[test]
fn pattern_database_cache_survives_corruption() {
    let p = Puzzle::new(3, 3, &Puzzle::default_goal(9)).unwrap();
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("fifteen-cache-{}", std::process::id()));
    let patterns = default_partition(&p);
    let (h1, r1) =
        PdbHeuristic::cached(&p, &patterns, false, &dir, &BuildLimits::new(), |_, _| {}).unwrap();
    assert!(r1.iter().all(|r| matches!(r.origin, Origin::Built { .. })));
    let (h2, r2) = PdbHeuristic::cached(&p, &patterns, false, &dir, &BuildLimits::new(), |_, _| {
        panic!("must load")
    })
    .unwrap();
    assert!(r2.iter().all(|r| r.origin == Origin::Loaded));
    // Corrupt one byte of the first file: detected, rebuilt, same values.
    let path = &r2[0].path;
    let mut bytes = std::fs::read(path).unwrap();
    let at = bytes.len() - 20; // inside the table
    bytes[at] ^= 0x40;
    std::fs::write(path, &bytes).unwrap();
    assert!(PatternDb::load(path, b"anything").is_err());
    let mut calls = 0;
    let (h3, r3) = PdbHeuristic::cached(&p, &patterns, false, &dir, &BuildLimits::new(), |_, _| {
        calls += 1
    })
    .unwrap();
    assert!(
        matches!(&r3[0].origin, Origin::Built { why } if why.contains("checksum")),
        "{:?}",
        r3[0].origin
    );
    assert_eq!(r3[1].origin, Origin::Loaded);
    assert!(calls > 0);
    // Truncated file too.
    std::fs::write(&r3[1].path, &bytes[..50]).unwrap();
    let (h4, r4) =
        PdbHeuristic::cached(&p, &patterns, false, &dir, &BuildLimits::new(), |_, _| {}).unwrap();
    assert!(matches!(r4[1].origin, Origin::Built { .. }));
    let s = p.pack(&[8, 7, 6, 5, 4, 3, 2, 1, 0]);
    let v = h1.estimate(&s);
    assert!(v > 0);
    assert_eq!(
        (h2.estimate(&s), h3.estimate(&s), h4.estimate(&s)),
        (v, v, v)
    );
    std::fs::remove_dir_all(&dir).unwrap();
    // The 3x3 single-pattern database built by the library directly has 9!/2 reachable entries.
    let db = Builder::new(&PatternSpace::new(&p, &[1, 2, 3, 4, 5, 6, 7, 8], false))
        .build()
        .unwrap();
    assert_eq!(
        db.table()
            .iter()
            .filter(|&&d| d != heurist::pdb::UNREACHED)
            .count(),
        181_440
    );
    assert_eq!(db.max(), 31);
}

/// The dedicated builder of projected databases (breadth-first over placements and regions of
/// the blank, on several threads) gives the generic 0-1 build's table entry for entry, on
/// square and rectangular boards, with the blank's goal in a corner or inside, with patterns
/// that split the board into several regions, on one thread and on three.
#[test]
fn the_region_builder_equals_the_generic_build() {
    let cases: [(usize, usize, &str, &[u8]); 9] = [
        (2, 3, "0 1 2 / 3 4 5", &[1, 2, 3, 4, 5]),
        (3, 3, "1 2 3 / 4 5 6 / 7 8 0", &[1, 2, 3, 4, 5, 6, 7, 8]),
        (3, 3, "1 2 3 / 4 0 5 / 6 7 8", &[2, 4, 5, 7]),
        (3, 3, "0 1 2 / 3 4 5 / 6 7 8", &[1, 3, 4]),
        (2, 4, "1 2 3 4 / 5 6 7 0", &[2, 3, 6, 7]),
        (
            4,
            4,
            "0 1 2 3 / 4 5 6 7 / 8 9 10 11 / 12 13 14 15",
            &[1, 2, 3, 4],
        ),
        (
            4,
            4,
            "1 3 5 7 / 9 11 13 15 / 2 4 6 8 / 10 12 14 0",
            &[9, 11, 13, 2, 4],
        ),
        (
            4,
            5,
            "0 1 2 3 4 / 5 6 7 8 9 / 10 11 12 13 14 / 15 16 17 18 19",
            &[6, 7, 11, 12],
        ),
        (
            5,
            5,
            "0 1 2 3 4 / 5 6 7 8 9 / 10 11 12 13 14 / 15 16 17 18 19 / 20 21 22 23 24",
            &[1, 5, 6],
        ),
    ];
    for (rows, cols, goal, tiles) in cases {
        let p = Puzzle::new(rows, cols, &parse_layout(goal).unwrap().tiles).unwrap();
        let generic = Builder::new(&PatternSpace::new(&p, tiles, false))
            .build()
            .unwrap();
        for threads in [1, 3] {
            let mut layers = Vec::new();
            let db = build_projected(&p, tiles, threads, &BuildLimits::new(), |pr| {
                layers.push(*pr)
            })
            .unwrap();
            assert!(db == generic, "{rows}x{cols} {tiles:?}, {threads} threads");
            let last = layers.last().unwrap();
            let reachable = db.table().iter().filter(|&&d| d != UNREACHED).count();
            assert_eq!(
                (last.reached, last.total),
                (reachable as u64, db.len() as u64)
            );
            assert!(layers.windows(2).all(|w| w[0].reached <= w[1].reached));
        }
    }
}

/// The dedicated builder obeys its limits as the generic one does: a budget below what it
/// needs stops it before it allocates, a cancelled token or a time limit during a layer
/// stops it within moments.
#[test]
fn the_region_builder_obeys_its_limits() {
    use heurist::pdb::BuildError;
    use heurist::CancelToken;
    use std::time::{Duration, Instant};
    let p = Puzzle::new(4, 4, &Puzzle::default_goal(16)).unwrap();
    let seven = [1, 2, 3, 4, 5, 6, 7];
    // 57,657,600 placements: 4 bytes of codes (9 free cells) and a distance byte each
    let needed = 57_657_600 * 5;
    let small = BuildLimits::new().max_bytes(needed - 1);
    assert_eq!(
        build_projected(&p, &seven, 2, &small, |_| {}),
        Err(BuildError::MemoryLimit {
            needed,
            budget: needed - 1
        })
    );
    let t0 = Instant::now();
    let timed = BuildLimits::new().time_limit(Duration::from_millis(300));
    assert_eq!(
        build_projected(&p, &seven, 2, &timed, |_| {}),
        Err(BuildError::TimeLimit)
    );
    assert!(t0.elapsed() < Duration::from_secs(3), "{:?}", t0.elapsed());
    let token = CancelToken::new();
    let cancel = token.clone();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        cancel.cancel();
    });
    let t0 = Instant::now();
    let cancelled = BuildLimits::new().cancel(token);
    assert_eq!(
        build_projected(&p, &seven, 2, &cancelled, |_| {}),
        Err(BuildError::Cancelled)
    );
    assert!(t0.elapsed() < Duration::from_secs(3), "{:?}", t0.elapsed());
    stopper.join().unwrap();
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    /// On random 15-puzzle scrambles, every heuristic gives the same optimal cost, and the
    /// 4x4 3-tile database plus ... is not needed: Manhattan A* is the reference.
    #[test]
    fn heuristics_agree_on_random_scrambles(seed in any::<u64>(), len in 0usize..40) {
        let p = original_puzzle();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let s = p.scramble(len, &mut rng);
        prop_assert!(p.is_solvable(s));
        let reference = astar(&p, s, Manhattan(&p)).cost().unwrap();
        prop_assert!(reference as usize <= len);
        prop_assert_eq!(idastar(&p, s, LinearConflict(&p)).cost(), Some(reference));
        prop_assert_eq!(idastar(&p, s, Manhattan(&p)).cost(), Some(reference));
        let lc = LinearConflict(&p);
        prop_assert!(lc.estimate(&s) <= reference);
        prop_assert!(lc.estimate(&s) >= Manhattan(&p).estimate(&s));
    }
}

/// All 100 Korf instances with IDA* and the default databases (7-8, projected, with the
/// reflected lookup), then with the 3-6-6 databases indexed by the blank too, with and
/// without reflection. The 7-8 set takes a few minutes to build, then is cached in
/// `$CARGO_TARGET_TMPDIR/heurist-pdb-cache`. Run with
/// `cargo test --release --test integration fifteen:: -- --ignored`.
#[test]
#[ignore]
fn all_korf_instances_with_pattern_databases() {
    let p = Puzzle::new(4, 4, &Puzzle::default_goal(16)).unwrap();
    let r = Reflection::of(&p).unwrap();
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("heurist-pdb-cache");
    let cached = |patterns: &[Vec<u8>], with_blank| {
        PdbHeuristic::cached(
            &p,
            patterns,
            with_blank,
            &dir,
            &BuildLimits::new(),
            |_, _| {},
        )
        .unwrap()
        .0
    };
    let default = cached(&default_partition(&p), false).with_reflection(r.clone());
    let six = partition_366(&p).unwrap();
    let plain = cached(&six, true);
    let reflected = cached(&six, true).with_reflection(r);
    for inst in parse_instances(KORF, 16).unwrap() {
        let start = p.pack(&inst.tiles);
        for h in [&default, &plain, &reflected] {
            let r = idastar(&p, start, h);
            assert_eq!(r.cost(), inst.optimal, "instance {:?}", inst.number);
            p.check_solution(start, &moves_of(&r)).unwrap();
        }
    }
}

/// The default partitions: 7-8 on 4x4, Korf and Felner's 6-6-6-6 on 5x5, turned with the
/// board when the goal's blank is in another corner; and the board a file's first line fits.
#[test]
fn default_partitions_of_the_15_and_24_puzzles() {
    let p = Puzzle::new(4, 4, &Puzzle::default_goal(16)).unwrap();
    assert_eq!(
        default_partition(&p),
        [(1..8).collect::<Vec<u8>>(), (8..16).collect()]
    );
    assert_eq!(
        partition_366(&p).unwrap(),
        [
            vec![1, 2, 3],
            vec![4, 5, 8, 9, 12, 13],
            vec![6, 7, 10, 11, 14, 15]
        ]
    );
    let p5 = Puzzle::new(5, 5, &Puzzle::default_goal(25)).unwrap();
    assert_eq!(
        default_partition(&p5),
        [
            vec![1, 5, 6, 10, 11, 12],
            vec![2, 3, 4, 7, 8, 9],
            vec![13, 14, 18, 19, 23, 24],
            vec![15, 16, 17, 20, 21, 22]
        ]
    );
    // The blank's goal in the opposite corner: cell c becomes 24 - c.
    let mut goal: Vec<u8> = (1..25).collect();
    goal.push(0);
    let q = Puzzle::new(5, 5, &goal).unwrap();
    let parts = default_partition(&q);
    assert_eq!(parts[0], [24, 20, 19, 15, 14, 13]);
    let mut all = parts.concat();
    all.sort_unstable();
    assert_eq!(all, (1..25).collect::<Vec<u8>>());
    assert!(partition_366(&q).is_none());

    let line = |n: usize| (0..n).map(|t| t.to_string()).collect::<Vec<_>>().join(" ");
    assert_eq!(
        square_cells(&format!("# a comment\n\n{}\n", line(9))),
        Some(9)
    );
    assert_eq!(square_cells(&format!("{} # 2 columns", line(18))), Some(16));
    assert_eq!(square_cells(&line(27)), Some(25));
    assert_eq!(square_cells(&line(26)), Some(25));
    assert_eq!(square_cells("1 2 3"), None);
    assert_eq!(square_cells("# nothing\n"), None);
}
