//! Clusters of processes on this machine, over loopback, as a cluster of machines runs
//! them: each test starts copies of this test binary, each running [`process_entry`] as
//! one process of the cluster, and compares what each reports.

use std::fs;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use heurist::{Problem, Successors};
use heurist_distributed::{AStar, Bfs, Cluster};
use heurist_puzzles::disk_bfs::{published, Board, Sliding};

use super::{replays, COUNTS};

/// The environment variable that makes [`process_entry`] a process of a cluster: the task,
/// the number of processes, this process's index, the threads of each, the host file and
/// the file to write the report to.
const ROLE: &str = "HEURIST_TEST_CLUSTER_ROLE";

/// An 8-puzzle board 27 moves from the solved one.
const FAR: [u8; 9] = [8, 6, 7, 2, 5, 4, 3, 0, 1];

/// The Rush Hour board searched with move pruning.
const RUSH: &str = "Rushhour6x6_3.csv";

/// The body of one process of a cluster that a test started; in a test run of its own it
/// does nothing.
#[test]
fn process_entry() {
    let Ok(role) = std::env::var(ROLE) else {
        return;
    };
    let fields: Vec<&str> = role.split('|').collect();
    let [task, processes, process, threads, hosts, report] = fields[..] else {
        panic!("bad role {role}")
    };
    let addresses: Vec<String> = fs::read_to_string(hosts)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(addresses.len(), processes.parse::<usize>().unwrap());
    let cluster = Cluster::processes(
        threads.parse().unwrap(),
        process.parse().unwrap(),
        addresses,
    );
    let puzzle = Sliding::<6>::new(3, 3);
    let mut lines = Vec::new();
    match task {
        "8-puzzle" => {
            let all = Bfs::new()
                .reversible(true)
                .enumerate(&cluster, puzzle.clone(), puzzle.goal)
                .unwrap();
            lines.push(format!("layers {:?}", all.layers));
            let start = Board::<6>::from_tiles(&FAR);
            let found = Bfs::new().search(&cluster, puzzle.clone(), start).unwrap();
            replays(&puzzle, found.solution().unwrap());
            lines.push(format!("bfs {:?}", found.cost()));
            // with sorted layers, the path traced back through the layers of every process
            let sorted = Bfs::new()
                .reversible(true)
                .search(&cluster, puzzle.clone(), start)
                .unwrap();
            replays(&puzzle, sorted.solution().unwrap());
            lines.push(format!("bfs {:?}", sorted.cost()));
            let h = Sliding::<6>::new(3, 3);
            let a = AStar::new()
                .batch(100)
                .search(
                    &cluster,
                    puzzle.clone(),
                    move |b: &Board<6>| h.manhattan(b),
                    start,
                )
                .unwrap();
            replays(&puzzle, a.solution().unwrap());
            lines.push(format!("astar {:?}", a.cost()));
            // move pruning: skip sets travel with the states, and merge in sorted layers
            let (rush, at) = super::rush_hour::<2>(RUSH);
            let pruned = Bfs::new().reversible(true).move_pruning();
            let all = pruned.enumerate(&cluster, rush.clone(), at).unwrap();
            let found = pruned.search(&cluster, rush.clone(), at).unwrap();
            replays(&rush, found.solution().unwrap());
            lines.push(format!("pruned {:?} {:?}", all.layers, found.cost()));
        }
        "4x3" => {
            let big = Running {
                puzzle: Sliding::<6>::new(4, 3),
                marker: format!("{report}.running"),
            };
            let goal = big.puzzle.goal;
            let result = Bfs::new().reversible(true).enumerate(&cluster, big, goal);
            lines.push(format!("{:?}", result.map(|r| r.layers.len())));
        }
        "4x3 to depth 21, resumable" => {
            let checkpoints = Path::new(hosts).with_file_name("checkpoints");
            let big = Sliding::<6>::new(4, 3);
            let result = Bfs::new()
                .reversible(true)
                .max_depth(21)
                .checkpoints(checkpoints)
                .enumerate(&cluster, big.clone(), big.goal);
            lines.push(match result {
                Ok(r) => format!("layers {:?} resumed {:?}", r.layers, r.resumed_from),
                Err(e) => format!("Err {e}"),
            });
        }
        _ => panic!("unknown task {task}"),
    }
    fs::write(report, lines.join("\n")).unwrap();
}

/// A puzzle that writes a file when this process first expands a state: the process is
/// then connected to every other.
#[derive(Clone)]
struct Running {
    puzzle: Sliding<6>,
    marker: String,
}

static EXPANDING: AtomicBool = AtomicBool::new(false);

impl Problem for Running {
    type State = Board<6>;
    type Action = u8;
    type Cost = u32;
    fn is_goal(&self, _: &Board<6>) -> bool {
        false
    }
    fn successors(&self, board: &Board<6>, out: &mut Successors<Board<6>, u8, u32>) {
        if !EXPANDING.swap(true, Ordering::Relaxed) {
            fs::write(&self.marker, "").unwrap();
        }
        self.puzzle.successors(board, out);
    }
}

/// `n` ports on loopback that are free now.
fn free_ports(n: usize) -> Vec<u16> {
    let listeners: Vec<TcpListener> = (0..n)
        .map(|_| TcpListener::bind("127.0.0.1:0").unwrap())
        .collect();
    listeners
        .iter()
        .map(|l| l.local_addr().unwrap().port())
        .collect()
}

/// Starts a cluster of `processes` processes with `threads` workers each on `task`; the
/// reports go to `dir`.
fn start(task: &str, processes: usize, threads: usize, dir: &Path) -> Vec<(Child, PathBuf)> {
    fs::create_dir_all(dir).unwrap();
    let hosts = dir.join("hosts.txt");
    let lines: Vec<String> = free_ports(processes)
        .iter()
        .map(|p| format!("127.0.0.1:{p}"))
        .collect();
    fs::write(&hosts, lines.join("\n")).unwrap();
    (0..processes)
        .map(|p| {
            let report = dir.join(format!("report-{p}.txt"));
            let _ = fs::remove_file(&report);
            let role = format!(
                "{task}|{processes}|{p}|{threads}|{}|{}",
                hosts.display(),
                report.display()
            );
            let child = Command::new(std::env::current_exe().unwrap())
                .args([
                    "--exact",
                    "processes::process_entry",
                    "--nocapture",
                    "--test-threads",
                    "1",
                ])
                .env(ROLE, role)
                .stdout(Stdio::null())
                .spawn()
                .unwrap();
            (child, report)
        })
        .collect()
}

/// Waits for `child` at most until `deadline`; `None` if it is still running then.
fn wait_until(child: &mut Child, deadline: Instant) -> Option<std::process::ExitStatus> {
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return Some(status);
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            return None;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn scratch(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("heurist-cluster-{name}-{}", std::process::id()))
}

#[test]
fn two_and_four_processes_agree_with_the_table_and_the_serial_searches() {
    let table = published(COUNTS, "3x3 sliding tiles").unwrap();
    let serial = heurist::bfs(&Sliding::<6>::new(3, 3), Board::<6>::from_tiles(&FAR)).cost();
    let (rush, at) = super::rush_hour::<2>(RUSH);
    let mut counts = Vec::new();
    for (_, depth) in heurist::bfs_reach(&rush, at) {
        counts.resize(counts.len().max(depth + 1), 0u64);
        counts[depth] += 1;
    }
    let rush_serial = heurist::bfs(&rush, at).cost();
    let expected = format!(
        "layers {table:?}\nbfs {serial:?}\nbfs {serial:?}\nastar {serial:?}\npruned {counts:?} {rush_serial:?}"
    );
    for (processes, threads) in [(2, 1), (2, 2), (4, 1)] {
        let dir = scratch(&format!("{processes}x{threads}"));
        let mut cluster = start("8-puzzle", processes, threads, &dir);
        let deadline = Instant::now() + Duration::from_secs(120);
        for (p, (child, report)) in cluster.iter_mut().enumerate() {
            let status = wait_until(child, deadline).expect("the process ends");
            assert!(status.success(), "process {p} of {processes}: {status}");
            assert_eq!(
                fs::read_to_string(report).unwrap(),
                expected,
                "process {p} of {processes}"
            );
        }
        fs::remove_dir_all(&dir).unwrap();
    }
}

#[test]
fn a_killed_process_makes_the_others_fail_instead_of_waiting() {
    let dir = scratch("killed");
    let mut cluster = start("4x3", 3, 1, &dir);
    // once every process expands, all are connected: kill one then
    let running = Instant::now() + Duration::from_secs(60);
    while !cluster
        .iter()
        .all(|(_, report)| report.with_extension("txt.running").exists())
    {
        assert!(Instant::now() < running, "the cluster did not start");
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(200));
    cluster[1].0.kill().unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    for p in [0, 2] {
        let (child, report) = &mut cluster[p];
        let status = wait_until(child, deadline).expect("a survivor ends instead of waiting");
        assert!(
            !status.success() || fs::read_to_string(report).unwrap().starts_with("Err"),
            "process {p}: {status}"
        );
    }
    let _ = cluster[1].0.wait();
    fs::remove_dir_all(&dir).unwrap();
}

/// A process killed in the middle of an enumeration with checkpoints: started again, the
/// cluster takes up from the last layer both processes completed and counts the rest as
/// the published table does.
#[test]
fn a_cluster_killed_midway_resumes_from_its_checkpoints() {
    let task = "4x3 to depth 21, resumable";
    let table = published(COUNTS, "4x3 sliding tiles").unwrap();
    let dir = scratch("resumed");
    let _ = fs::remove_dir_all(&dir);
    let mut cluster = start(task, 2, 1, &dir);
    // kill process 1 once both have written the checkpoint of layer 12 or a deeper one
    let layer = |p: usize| {
        let files = fs::read_dir(dir.join(format!("checkpoints/worker-{p}-of-2"))).ok()?;
        files
            .filter_map(|f| {
                let name = f.ok()?.file_name().into_string().ok()?;
                name.strip_prefix("checkpoint-")?
                    .strip_suffix(".bin")?
                    .parse::<usize>()
                    .ok()
            })
            .max()
    };
    let deadline = Instant::now() + Duration::from_secs(120);
    while !(0..2).all(|p| layer(p).is_some_and(|l| l >= 12)) {
        assert!(Instant::now() < deadline, "no checkpoint of layer 12");
        std::thread::sleep(Duration::from_millis(5));
    }
    cluster[1].0.kill().unwrap();
    for (child, _) in &mut cluster {
        wait_until(child, deadline).expect("a survivor ends instead of waiting");
    }
    let reached = layer(0).unwrap().min(layer(1).unwrap());

    let mut again = start(task, 2, 1, &dir);
    for (p, (child, report)) in again.iter_mut().enumerate() {
        let status = wait_until(child, deadline).expect("the process ends");
        assert!(status.success(), "process {p}: {status}");
        let report = fs::read_to_string(report).unwrap();
        let resumed: usize = report
            .rsplit_once("resumed Some(")
            .and_then(|(_, r)| r.strip_suffix(')')?.parse().ok())
            .unwrap_or_else(|| panic!("process {p} did not resume: {report}"));
        assert!(
            (12..=21).contains(&resumed) && resumed >= reached - 1,
            "{report}"
        );
        assert_eq!(
            report,
            format!("layers {:?} resumed Some({resumed})", &table[..=21]),
            "process {p}"
        );
    }
    fs::remove_dir_all(&dir).unwrap();
}
