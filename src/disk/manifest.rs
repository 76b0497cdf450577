//! The manifest: a small text file that says which layers of a run are complete.
//!
//! It is written after each completed layer through a temporary file and a rename, so a
//! run killed at any moment leaves either the old manifest or the new one. A run that
//! finds a manifest for its own start continues after the last layer it lists.
//!
//! ```text
//! heurist disk-bfs manifest 2
//! state-bytes 6
//! partitions 64
//! reversible yes
//! goals no
//! bound none
//! start 102132435465
//! start-successors 2 9f0c4e1a22b3d7e8
//! first-kept-layer 0
//! complete no
//! made-directory yes
//! layers 1 2 4 9 20
//! ```

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use super::DiskError;

const HEADER: &str = "heurist disk-bfs manifest 2";

/// The most bytes of a manifest read: a manifest lists one number per layer, far less.
const MAX_BYTES: u64 = 16 << 20;

/// What the manifest records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Manifest {
    /// `Packed::BYTES` of the states.
    pub(crate) width: usize,
    pub(crate) partitions: usize,
    /// Whether layers are deduplicated against the two before them only.
    pub(crate) reversible: bool,
    /// Whether the run checks goals (a search; an enumeration does not).
    pub(crate) goals: bool,
    /// The bound on depth plus estimate of the iteration under way, in a breadth-first
    /// heuristic search.
    pub(crate) bound: Option<u64>,
    /// With a bound: the lower bound on the path's length proven when the iteration began
    /// (the bound itself, unless the iterations below it were skipped). Written on the
    /// bound's line as `bound 24 proven 14` when smaller than the bound.
    pub(crate) proven: Option<u64>,
    /// The packed start state.
    pub(crate) start: Vec<u8>,
    /// The number of the start's successors and a hash of their packed bytes: a check
    /// that the problem is the same one.
    pub(crate) successors: (usize, u64),
    /// The first layer whose files are still on disk (an enumeration of a reversible space
    /// removes the layers it no longer needs).
    pub(crate) first_kept: usize,
    /// Whether the last layer has no successors outside the layers before it.
    pub(crate) complete: bool,
    /// Whether the run created the work directory (and removes it at the end, if empty).
    pub(crate) made_dir: bool,
    /// The number of states at each completed depth.
    pub(crate) layers: Vec<u64>,
}

fn yes_no(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}

impl Manifest {
    pub(crate) fn to_text(&self) -> String {
        let hex: String = self.start.iter().map(|b| format!("{b:02x}")).collect();
        let layers: Vec<String> = self.layers.iter().map(u64::to_string).collect();
        format!(
            "{HEADER}\nstate-bytes {}\npartitions {}\nreversible {}\ngoals {}\nbound {}\n\
             start {hex}\n\
             start-successors {} {:016x}\nfirst-kept-layer {}\ncomplete {}\nmade-directory {}\n\
             layers {}\n",
            self.width,
            self.partitions,
            yes_no(self.reversible),
            yes_no(self.goals),
            match (self.bound, self.proven) {
                (None, _) => "none".to_string(),
                (Some(b), Some(p)) if p < b => format!("{b} proven {p}"),
                (Some(b), _) => b.to_string(),
            },
            self.successors.0,
            self.successors.1,
            self.first_kept,
            yes_no(self.complete),
            yes_no(self.made_dir),
            layers.join(" ")
        )
    }

    /// Reads the manifest at `path`; `None` when there is none.
    pub(crate) fn read(path: &Path) -> Result<Option<Manifest>, DiskError> {
        let file = match File::open(path) {
            Ok(f) => f,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(DiskError::io("open", path, e)),
        };
        let mut bytes = Vec::new();
        file.take(MAX_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| DiskError::io("read", path, e))?;
        let bad = |line: usize, reason: &str| DiskError::Manifest {
            path: path.to_path_buf(),
            line,
            reason: reason.to_string(),
        };
        if bytes.len() as u64 > MAX_BYTES {
            return Err(bad(0, "larger than 16 MiB"));
        }
        let text = String::from_utf8(bytes).map_err(|_| bad(0, "not UTF-8 text"))?;
        Self::parse(&text)
            .map(Some)
            .map_err(|(line, reason)| bad(line, &reason))
    }

    /// Parses a manifest's text; an error gives the line (from 1) and what is wrong.
    pub(crate) fn parse(text: &str) -> Result<Manifest, (usize, String)> {
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
        let mut next = |key: &str| -> Result<(usize, &str), (usize, String)> {
            let Some((n, line)) = lines.next() else {
                return Err((0, format!("ends before its `{key}` line")));
            };
            if key == HEADER {
                return if line == HEADER {
                    Ok((n, ""))
                } else {
                    Err((n, format!("expected `{HEADER}`")))
                };
            }
            match line.strip_prefix(key).and_then(|r| r.strip_prefix(' ')) {
                Some(value) => Ok((n, value)),
                None => Err((n, format!("expected `{key} ...`"))),
            }
        };
        let number = |(n, v): (usize, &str)| -> Result<u64, (usize, String)> {
            v.parse::<u64>()
                .map_err(|_| (n, format!("`{v}` is not a whole number")))
        };
        let size = |(n, v): (usize, &str)| -> Result<usize, (usize, String)> {
            number((n, v))
                .and_then(|x| usize::try_from(x).map_err(|_| (n, format!("{x} is too large"))))
        };
        let flag = |(n, v): (usize, &str)| match v {
            "yes" => Ok(true),
            "no" => Ok(false),
            _ => Err((n, format!("expected `yes` or `no`, not `{v}`"))),
        };
        next(HEADER)?;
        let width = next("state-bytes").and_then(size)?;
        let partitions = next("partitions").and_then(size)?;
        let reversible = next("reversible").and_then(flag)?;
        let goals = next("goals").and_then(flag)?;
        let (bound, proven) = match next("bound")? {
            (_, "none") => (None, None),
            (n, line) => match line.split_once(" proven ") {
                Some((b, p)) => (Some(number((n, b))?), Some(number((n, p))?)),
                None => {
                    let b = number((n, line))?;
                    (Some(b), Some(b))
                }
            },
        };
        let (n, hex) = next("start")?;
        let start = parse_hex(hex).ok_or((n, "the start is not hexadecimal bytes".into()))?;
        let (n, succ) = next("start-successors")?;
        let successors = succ
            .split_once(' ')
            .and_then(|(c, h)| Some((c.parse().ok()?, u64::from_str_radix(h, 16).ok()?)))
            .ok_or((n, "expected a count and a hexadecimal hash".to_string()))?;
        let first_kept = next("first-kept-layer").and_then(size)?;
        let complete = next("complete").and_then(flag)?;
        let made_dir = next("made-directory").and_then(flag)?;
        let (n, list) = next("layers")?;
        let layers = list
            .split(' ')
            .map(|v| number((n, v)))
            .collect::<Result<Vec<u64>, _>>()?;
        if width == 0 || start.len() != width {
            return Err((0, "the start does not have `state-bytes` bytes".into()));
        }
        if partitions == 0 {
            return Err((0, "no partitions".into()));
        }
        if layers.first() != Some(&1) || layers.contains(&0) {
            return Err((n, "layer 0 must hold 1 state and no layer 0".into()));
        }
        if first_kept >= layers.len() {
            return Err((0, "the first kept layer is past the last layer".into()));
        }
        Ok(Manifest {
            width,
            partitions,
            reversible,
            goals,
            bound,
            proven,
            start,
            successors,
            first_kept,
            complete,
            made_dir,
            layers,
        })
    }

    /// Why a run with the settings of `wanted` cannot continue this one, if it cannot.
    pub(crate) fn mismatch(&self, wanted: &Manifest) -> Option<String> {
        let what = if self.width != wanted.width {
            format!("states of {} bytes, not {}", self.width, wanted.width)
        } else if self.start != wanted.start {
            "another start state".to_string()
        } else if self.successors != wanted.successors {
            "the start has other successors: another problem".to_string()
        } else if self.partitions != wanted.partitions {
            format!("{} partitions, not {}", self.partitions, wanted.partitions)
        } else if self.reversible != wanted.reversible {
            format!("reversible: {}", yes_no(self.reversible))
        } else if self.goals != wanted.goals {
            let run = |g| if g { "a search" } else { "an enumeration" };
            format!("{}, not {}", run(self.goals), run(wanted.goals))
        } else if self.bound.is_some() != wanted.bound.is_some() {
            let run = |b: Option<u64>| match b {
                Some(_) => "a breadth-first heuristic search",
                None => "a breadth-first search",
            };
            format!("{}, not {}", run(self.bound), run(wanted.bound))
        } else if self.bound != wanted.bound {
            let show = |b: Option<u64>| b.map_or(0, |b| b);
            format!("bound {}, not {}", show(self.bound), show(wanted.bound))
        } else {
            return None;
        };
        Some(what)
    }
}

fn parse_hex(hex: &str) -> Option<Vec<u8>> {
    if hex.len() % 2 != 0 || !hex.is_ascii() {
        return None;
    }
    (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::Manifest;

    fn sample() -> Manifest {
        Manifest {
            width: 3,
            partitions: 8,
            reversible: true,
            goals: false,
            bound: Some(17),
            proven: Some(13),
            start: vec![0, 0xab, 7],
            successors: (2, 0xdead_beef),
            first_kept: 1,
            complete: false,
            made_dir: true,
            layers: vec![1, 2, 4, 3],
        }
    }

    #[test]
    fn text_round_trips() {
        let m = sample();
        assert_eq!(Manifest::parse(&m.to_text()), Ok(m));
    }

    #[test]
    fn damage_is_reported_with_its_line() {
        let text = sample().to_text();
        for (from, to, line) in [
            ("partitions 8", "partitions eight", 3),
            ("reversible yes", "reversible maybe", 4),
            ("bound 17", "bound seventeen", 6),
            ("start 00ab07", "start 0g", 7),
            ("made-directory yes", "made-directory", 11),
            ("layers 1 2 4 3", "layers 1 2  3", 12),
            ("layers 1 2 4 3", "layers 2 2", 12),
            ("heurist", "other", 1),
        ] {
            let bad = text.replace(from, to);
            assert_eq!(Manifest::parse(&bad).map_err(|e| e.0), Err(line), "{to}");
        }
        let cut = &text[..text.len() / 2];
        assert!(Manifest::parse(cut).is_err());
        assert!(Manifest::parse("").is_err());
        let wide = text.replace("state-bytes 3", "state-bytes 4");
        assert!(Manifest::parse(&wide).is_err());
    }

    #[test]
    fn mismatches_are_named() {
        let m = sample();
        assert_eq!(m.mismatch(&m), None);
        let other = Manifest {
            start: vec![1, 2, 3],
            ..sample()
        };
        assert!(m.mismatch(&other).unwrap().contains("start"));
        let other = Manifest {
            goals: true,
            ..sample()
        };
        assert!(m.mismatch(&other).unwrap().contains("enumeration"));
        let other = Manifest {
            bound: None,
            ..sample()
        };
        assert!(m.mismatch(&other).unwrap().contains("heuristic"));
        let other = Manifest {
            bound: Some(18),
            ..sample()
        };
        assert!(m.mismatch(&other).unwrap().contains("bound 17, not 18"));
    }
}
