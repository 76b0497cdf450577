//! Every puzzle program, run as a user with bad flags and bad files would: it must answer
//! with an error (exit status 2), a result, or a stop (1), and never panic (101) or hang.
//!
//! The programs are the example binaries that `cargo test` builds beside the tests
//! (`target/<profile>/examples/`).

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The programs, each with the arguments of a valid run that takes a moment.
const PROGRAMS: [(&str, &[&str]); 7] = [
    ("maze", &[]),
    (
        "grid_map",
        &[
            "data/grids/32room_000.map",
            "--from",
            "479,146",
            "--to",
            "477,142",
        ],
    ),
    ("zenji", &["data/zenji/example.txt"]),
    ("treasure", &["data/treasure/4x4.txt"]),
    ("labyrinth", &["data/labyrinth/Puzzle_6.CSV"]),
    ("rush_hour", &["data/rush_hour/Rushhour6x6_1.csv"]),
    (
        "fifteen",
        &["--tiles", "1 2 3 0 4 5 6 7 8 9 10 11 12 13 14 15"],
    ),
];

/// How long one run may take before the test calls it a hang.
const PATIENCE: Duration = Duration::from_secs(60);

/// Runs `program` with `args`, waits for it, and returns its exit status and stderr; fails
/// the test on a panic or a hang.
fn run(program: &str, args: &[&str]) -> (i32, String) {
    let mut child = Command::new(crate::program::path(program))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the program starts");
    // stderr is read on the side, so that a talkative program never blocks on a full pipe
    let mut stderr = child.stderr.take().expect("piped stderr");
    let reader = std::thread::spawn(move || {
        let mut err = String::new();
        let _ = std::io::Read::read_to_string(&mut stderr, &mut err);
        err
    });
    let status = wait_patiently(&mut child, Instant::now(), &format!("{program} {args:?}"));
    let err = reader.join().unwrap_or_default();
    let code = status.code().unwrap_or(-1);
    assert_ne!(code, 101, "{program} {args:?} panicked:\n{err}");
    assert!(!err.contains("panicked"), "{program} {args:?}:\n{err}");
    (code, err)
}

/// Waits for `child` to end, killing it (and panicking, naming it `what`) after
/// [`PATIENCE`] from `start`. It looks after 1 ms, then at intervals doubling up to 20 ms:
/// most runs here end in a few milliseconds, and a fixed 20 ms had the tests sleeping
/// more than the programs ran.
fn wait_patiently(
    child: &mut std::process::Child,
    start: Instant,
    what: &str,
) -> std::process::ExitStatus {
    let mut nap = Duration::from_millis(1);
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            return status;
        }
        if start.elapsed() > PATIENCE {
            let _ = child.kill();
            panic!("{what} ran for over {PATIENCE:?}");
        }
        std::thread::sleep(nap);
        nap = (nap * 2).min(Duration::from_millis(20));
    }
}

/// Bad files, written to a temporary folder: name and bytes.
fn hostile_files() -> Vec<(&'static str, Vec<u8>)> {
    vec![
        ("empty", Vec::new()),
        ("binary", (0u8..=255).cycle().take(4096).collect()),
        ("not_utf8", b"1 2 3\n4 \xff 5\n".to_vec()),
        (
            "huge_numbers",
            b"99999999999999999999999 -1 9223372036854775807\n".to_vec(),
        ),
        (
            "rush_overflow",
            b"vehicle,orientation,col,row,length\nX,H,9223372036854775807,3,2\n".to_vec(),
        ),
        (
            "rush_tall",
            b"vehicle,orientation,col,row,length\nX,H,1,3,2\nA,V,2,18446744073709551615,3\n"
                .to_vec(),
        ),
        ("crlf_bom", b"\xEF\xBB\xBF1;2\r\n3;4\r\n".to_vec()),
        ("long_token", vec![b'7'; 100_000]),
        ("many_lines", b"0 0 0 0\n".repeat(5000)),
    ]
}

#[test]
fn hostile_flags_get_an_error_not_a_panic() {
    for (program, valid) in PROGRAMS {
        for flags in [
            &["--time-limit", "inf"][..],
            &["--time-limit", "NaN"],
            &["--time-limit", "-1"],
            &["--time-limit", "1e20"],
            &["--max-states", "-5"],
            &["--max-expansions", "99999999999999999999999"],
            &["--algo", "nonsense"],
            &["--no-such-flag"],
        ] {
            let mut args = valid.to_vec();
            args.extend_from_slice(flags);
            let (code, err) = run(program, &args);
            assert_eq!(code, 2, "{program} {args:?}: exit {code}\n{err}");
        }
        let mut args = valid.to_vec();
        args.extend_from_slice(&["--weight", "-1", "--algo", "wastar"]);
        let (code, err) = run(program, &args);
        assert_eq!(code, 2, "{program} --weight -1: exit {code}\n{err}");
    }
}

/// The programs that take `--threads`, each with a valid run that searches on threads.
const THREADED: [(&str, &[&str]); 2] = [
    (
        "fifteen",
        &["--tiles", "1 2 3 7 4 5 6 0 8 9 10 11 12 13 14 15"],
    ),
    (
        "rush_hour",
        &["data/rush_hour/Rushhour6x6_1.csv", "--algo", "bfs"],
    ),
];

#[test]
fn absurd_thread_counts_are_refused_not_a_panic() {
    for (program, valid) in THREADED {
        for count in ["100000", "18446744073709551615", "257"] {
            let mut args = valid.to_vec();
            args.extend_from_slice(&["--threads", count]);
            let (code, err) = run(program, &args);
            assert!(
                code == 2 && err.contains("at most 256 threads"),
                "{program} {args:?}: exit {code}\n{err}"
            );
        }
        for count in ["256", "0", "2"] {
            let mut args = valid.to_vec();
            args.extend_from_slice(&["--threads", count]);
            let (code, err) = run(program, &args);
            assert_eq!(code, 0, "{program} {args:?}: exit {code}\n{err}");
        }
    }
}

#[test]
fn hostile_files_get_an_error_not_a_panic() {
    let dir = std::env::temp_dir().join(format!("heurist-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let files = hostile_files();
    for (name, bytes) in &files {
        std::fs::write(dir.join(name), bytes).expect("write a test file");
    }
    for (program, _) in PROGRAMS {
        for (name, _) in &files {
            let path = dir.join(name);
            let path = path.to_str().expect("a UTF-8 temporary path");
            // a bad file is bad input; a strange but valid one may be solved or stopped
            let (code, err) = run(program, &[path, "--time-limit", "5"]);
            assert!(
                [0, 1, 2].contains(&code),
                "{program} {name}: exit {code}\n{err}"
            );
        }
        let missing = dir.join("missing");
        let (code, _) = run(program, &[missing.to_str().unwrap()]);
        assert_eq!(code, 2, "{program} with a missing file");
        let (code, _) = run(program, &[dir.to_str().unwrap()]);
        assert_eq!(code, 2, "{program} with a folder as its file");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_device_as_the_file_is_refused_quickly() {
    // a device never ends: reading stops past the cap on a puzzle file's size (every
    // program on /dev/zero; /dev/urandom, whose 64 MiB cost the kernel a quarter of a
    // second to make, on one)
    for (i, (program, _)) in PROGRAMS.iter().enumerate() {
        let devices: &[&str] = if i == 0 {
            &["/dev/zero", "/dev/urandom"]
        } else {
            &["/dev/zero"]
        };
        for &device in devices {
            let (code, err) = run(program, &[device]);
            assert_eq!(code, 2, "{program} {device}:\n{err}");
            assert!(
                err.contains(device) && err.contains("64 MiB"),
                "{program} should name {device} and the cap:\n{err}"
            );
        }
    }
}

#[test]
fn long_lines_end_quickly_with_an_error() {
    // a line of a million numbers (a CSV name that gives rush_hour a board size), and a
    // labyrinth push list of a million entries: read in linear time (before, `fifteen` took
    // over a minute on the one and `labyrinth` over two on the other)
    let dir = std::env::temp_dir().join(format!("heurist-long-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let numbers = dir.join("Rushhour6x6_long.csv");
    std::fs::write(&numbers, "7, ".repeat(1_000_000)).expect("write");
    for (program, _) in PROGRAMS {
        let (code, err) = run(program, &[numbers.to_str().unwrap()]);
        assert_eq!(code, 2, "{program}:\n{err}");
        assert!(
            err.len() < 1_000,
            "{program} repeats the input:\n{err:.1000}"
        );
    }
    let push = dir.join("push.txt");
    let list = ["row 1 from left"; 1_000_000].join(", ");
    let board = std::fs::read_to_string("data/labyrinth/Puzzle_6.CSV").expect("the board");
    std::fs::write(&push, format!("{board}push = {list}\n")).expect("write");
    let (code, err) = run("labyrinth", &[push.to_str().unwrap()]);
    assert!(code == 2 && err.contains("listed twice"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The generators that can run long stop at a time limit, 60 s when none is given (which
/// `--help` says), with a message and the stopped exit status; a one-second limit here.
#[test]
fn generators_stop_at_a_time_limit() {
    for (program, args, said) in [
        (
            "treasure",
            &["--generate", "40x40"][..],
            "gave up removing clues",
        ),
        (
            "rush_hour",
            &["--generate", "--size", "9", "--min-moves", "60"],
            "gave up",
        ),
    ] {
        let help = Command::new(crate::program::path(program))
            .arg("--help")
            .output()
            .expect("help");
        let help = String::from_utf8_lossy(&help.stdout);
        assert!(
            help.contains("--time-limit, 60 s by default"),
            "{program}'s --help should state the generator's default time limit:\n{help}"
        );
        let started = Instant::now();
        let out = Command::new(crate::program::path(program))
            .args(args)
            .args(["--time-limit", "0.3"])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdin(Stdio::null())
            .output()
            .expect("the generator runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{program}:\n{err}");
        assert!(err.contains(said), "{program}:\n{err}");
        assert!(started.elapsed() < PATIENCE, "{program} ran past its limit");
    }
}

#[test]
fn a_bad_file_is_reported_at_its_line_and_column() {
    let dir = std::env::temp_dir().join(format!("heurist-lines-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let path = dir.join("not_utf8");
    std::fs::write(&path, b"ok line\nab\xffc\n").expect("write");
    for (program, _) in PROGRAMS {
        let (code, err) = run(program, &[path.to_str().unwrap()]);
        assert_eq!(code, 2, "{program}");
        assert!(
            err.contains("line 2") && err.contains("column 3"),
            "{program} should name line 2, column 3:\n{err}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_closed_stdout_ends_the_program_quietly() {
    // `program --json | head -c1`: the reader goes away; the program must not panic
    for (program, valid) in PROGRAMS {
        let mut child = Command::new(crate::program::path(program))
            .args(valid)
            .arg("--json")
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start");
        drop(child.stdout.take()); // close the pipe before the program writes
        let out = child.wait_with_output().expect("wait");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_ne!(out.status.code(), Some(101), "{program}:\n{err}");
        assert!(!err.contains("panicked"), "{program}:\n{err}");
    }
}

/// `fifteen` reads a file of 24-puzzle instances without a goal (the board is the square its
/// lines fit), solves only the instances `--only` names, in file order, and reports a search
/// stopped at its time limit with the lower bound it proved.
#[test]
fn fifteen_selects_instances_and_reports_lower_bounds() {
    let out = Command::new(crate::program::path("fifteen"))
        .args(["data/fifteen/korf50_24.txt", "--only", "25,1"])
        .args(["--heuristic", "manhattan", "--time-limit", "0.3"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .output()
        .expect("fifteen runs");
    assert_eq!(out.status.code(), Some(1), "stopped by a limit");
    let table = String::from_utf8_lossy(&out.stdout);
    let rows: Vec<Vec<&str>> = table
        .lines()
        .skip(1)
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(rows.len(), 2, "{table}");
    for (row, (number, optimal)) in rows.iter().zip([(1, 95), (25, 81)]) {
        assert_eq!(row[0], number.to_string(), "{table}");
        assert_eq!(row[2], optimal.to_string(), "{table}");
        let bound: u32 = row[1]
            .strip_prefix(">=")
            .and_then(|b| b.parse().ok())
            .unwrap_or_else(|| panic!("a lower bound, not {:?}", row[1]));
        assert!(bound > 0 && bound <= optimal, "{table}");
    }
    let (code, err) = run("fifteen", &["data/fifteen/korf50_24.txt", "--only", "51"]);
    assert!(code == 2 && err.contains("no instance 51"), "{err}");
    // The 7-8 databases indexed by the blank too would search 4 billion states: refused
    // before any build.
    let (code, err) = run(
        "fifteen",
        &[
            "--tiles",
            "1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15",
            "--heuristic",
            "pdb",
            "--pdb-with-blank",
        ],
    );
    assert!(code == 2 && err.contains("would search"), "{err}");
}

/// A 15-puzzle instance whose default pattern databases (7-8) take minutes to build.
const HARD_15: &str = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";

/// `fifteen --heuristic pdb` with a cache folder of its own (empty: every database is built)
/// and `args`, started; the folder is removed when the returned guard is dropped.
fn start_pdb_build(args: &[&str]) -> (std::process::Child, TempDir) {
    let dir = TempDir::new("pdb-build");
    let child = Command::new(crate::program::path("fifteen"))
        .args(["--heuristic", "pdb", "--cache-dir"])
        .arg(&dir.0)
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("fifteen starts");
    (child, dir)
}

/// A temporary folder, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> Self {
        let path = std::env::temp_dir().join(format!("heurist-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("a temporary folder");
        TempDir(path)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Waits for `child` (killing it after [`PATIENCE`]): its exit code (`None`: ended by a
/// signal), stderr and how long it ran from `start`.
fn finish(mut child: std::process::Child, start: Instant) -> (Option<i32>, String, Duration) {
    wait_patiently(&mut child, start, "the program");
    let out = child.wait_with_output().expect("output");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    (out.status.code(), err, start.elapsed())
}

/// The pattern-database build obeys `--time-limit` and the memory budget as a search does:
/// it stops soon after the limit, with exit status 1, saying why, and saves nothing.
#[test]
fn a_pattern_database_build_stops_at_its_limits() {
    let start = Instant::now();
    let (child, dir) = start_pdb_build(&["--tiles", HARD_15, "--time-limit", "0.5"]);
    let (code, err, took) = finish(child, start);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("time limit"), "{err}");
    assert!(took < Duration::from_secs(4), "stopped after {took:?}");
    let saved = std::fs::read_dir(&dir.0).expect("the cache folder").count();
    assert_eq!(saved, 0, "a stopped build saves nothing");
    let start = Instant::now();
    let (child, _dir) = start_pdb_build(&["--tiles", HARD_15, "--pdb-memory", "100"]);
    let (code, err, took) = finish(child, start);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("more than its budget of 100 MiB"), "{err}");
    assert!(took < Duration::from_secs(4), "stopped after {took:?}");
}

/// Ctrl-C (SIGINT) during a pattern-database build stops the build: exit status 1 and a
/// message, not death by the signal.
#[test]
fn an_interrupted_pattern_database_build_ends_cleanly() {
    let start = Instant::now();
    let (child, _dir) = start_pdb_build(&["--tiles", HARD_15]);
    // into the build of the first database (its first progress line comes within a
    // tenth of a second; the build takes minutes)
    let err = interrupt_after(child, start, Duration::from_millis(500));
    // piped, the build's progress comes as lines, with the memory it holds
    assert!(
        err.contains("building [") && err.contains(" MB): depth "),
        "{err}"
    );
}

/// Ctrl-C (SIGINT) stops a generator that would otherwise run for a minute: exit status 1
/// and a message, not death by the signal.
#[test]
fn an_interrupted_generator_ends_cleanly() {
    let start = Instant::now();
    let child = Command::new(crate::program::path("rush_hour"))
        .args(["--generate", "--size", "12", "--min-moves", "90"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("rush_hour starts");
    interrupt_after(child, start, Duration::from_millis(500));
}

/// Sends SIGINT (Ctrl-C) to `child` after `wait`, and checks that it ends within 3 s with
/// exit status 1, saying "interrupted"; its stderr.
fn interrupt_after(child: std::process::Child, start: Instant, wait: Duration) -> String {
    std::thread::sleep(wait);
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    let interrupted = Instant::now();
    let (code, err, _) = finish(child, start);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("interrupted"), "{err}");
    assert!(interrupted.elapsed() < Duration::from_secs(3), "{err}");
    err
}
