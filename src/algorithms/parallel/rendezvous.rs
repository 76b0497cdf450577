//! A barrier that a panicking thread breaks instead of leaving the others waiting.

use std::sync::{Condvar, Mutex, MutexGuard};

/// A reusable barrier for a fixed number of threads. When a thread panics while holding a
/// [`Seat`], the barrier breaks: every wait, present and future, returns `false` at once,
/// so the other threads can leave and the panic reaches whoever joins them.
pub(crate) struct Rendezvous {
    threads: usize,
    state: Mutex<Round>,
    turn: Condvar,
}

struct Round {
    waiting: usize,
    generation: u64,
    broken: bool,
}

impl Rendezvous {
    pub(crate) fn new(threads: usize) -> Self {
        Rendezvous {
            threads,
            state: Mutex::new(Round {
                waiting: 0,
                generation: 0,
                broken: false,
            }),
            turn: Condvar::new(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Round> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Waits until every thread has arrived; `false` if the barrier is broken.
    pub(crate) fn wait(&self) -> bool {
        let mut round = self.lock();
        if round.broken {
            return false;
        }
        round.waiting += 1;
        if round.waiting == self.threads {
            round.waiting = 0;
            round.generation += 1;
            self.turn.notify_all();
            return true;
        }
        let generation = round.generation;
        while round.generation == generation && !round.broken {
            round = self.turn.wait(round).unwrap_or_else(|e| e.into_inner());
        }
        !round.broken
    }

    /// A guard for one thread: dropped while its thread panics, it breaks the barrier.
    pub(crate) fn seat(&self) -> Seat<'_> {
        Seat(self)
    }
}

/// See [`Rendezvous::seat`].
pub(crate) struct Seat<'r>(&'r Rendezvous);

impl Drop for Seat<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            let mut round = self.0.lock();
            round.broken = true;
            self.0.turn.notify_all();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Rendezvous;

    #[test]
    fn a_panicking_thread_releases_the_others() {
        let r = Rendezvous::new(3);
        let outcome = std::thread::scope(|s| {
            let waiters: Vec<_> = (0..2)
                .map(|_| s.spawn(|| (0..5).map(|_| r.wait()).collect::<Vec<_>>()))
                .collect();
            let failing = s.spawn(|| {
                let _seat = r.seat();
                assert!(r.wait());
                panic!("expected in this test");
            });
            assert!(failing.join().is_err());
            waiters
                .into_iter()
                .map(|w| w.join().unwrap())
                .collect::<Vec<_>>()
        });
        for rounds in outcome {
            assert!(rounds[0]);
            assert!(rounds[1..].iter().all(|&ok| !ok));
        }
    }
}
