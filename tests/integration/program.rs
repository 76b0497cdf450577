//! The example programs some tests run: `cargo test` builds them beside the tests.

use std::path::{Path, PathBuf};

/// The example program `name` of this build, `target/<profile>/examples/<name>`.
pub fn path(name: &str) -> PathBuf {
    // target/<profile>/deps/<this test> -> target/<profile>/examples/<name>
    let exe = std::env::current_exe().expect("the test binary's path");
    let profile = exe
        .parent()
        .and_then(Path::parent)
        .expect("target/<profile>");
    let path = profile.join("examples").join(name);
    assert!(
        path.exists(),
        "{} is not built: run the whole suite (`cargo test`), which builds the examples, or \
         `cargo build --example {name}`",
        path.display()
    );
    path
}
