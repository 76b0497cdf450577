//! The two kinds of round every distributed search is made of, on timely dataflow.
//!
//! * [`Router`]: byte batches, each addressed to one worker, delivered to that worker's
//!   handler. A search packs each successor into the batch of the worker that owns it.
//! * [`Gather`]: every worker contributes a few words and receives every worker's words,
//!   in worker order: sums, minima, flags and the occasional state.
//!
//! Both are driven the same way: data is sent at the round's timestamp, the input moves
//! on to the next, and the worker steps the dataflow until the round's probe has passed
//! it, which means every worker's data of that round has been handled.

use std::cell::RefCell;
use std::rc::Rc;

use timely::container::CapacityContainerBuilder;
use timely::dataflow::channels::pact::Exchange;
use timely::dataflow::operators::generic::operator::Operator;
use timely::dataflow::operators::{Input, Probe};
use timely::dataflow::{InputHandle, ProbeHandle};
use timely::worker::Worker;

use crate::Stop;

/// A batch of packed records and the index of the worker it is for.
type Batch = (u32, Bytes);

/// Packed records as they travel between processes: serialized as one byte string, a
/// copy, where a plain `Vec<u8>` goes through serde one byte at a time (a fifth of a
/// process's time on Rush Hour).
#[derive(Clone, Debug, Default)]
struct Bytes(Vec<u8>);

impl serde::Serialize for Bytes {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(&self.0)
    }
}

impl<'de> serde::Deserialize<'de> for Bytes {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = Bytes;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a batch of packed records")
            }
            fn visit_bytes<E: serde::de::Error>(self, bytes: &[u8]) -> Result<Bytes, E> {
                Ok(Bytes(bytes.to_vec()))
            }
            fn visit_byte_buf<E: serde::de::Error>(self, bytes: Vec<u8>) -> Result<Bytes, E> {
                Ok(Bytes(bytes))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<Bytes, A::Error> {
                let mut bytes = Vec::with_capacity(seq.size_hint().unwrap_or(0));
                while let Some(b) = seq.next_element()? {
                    bytes.push(b);
                }
                Ok(Bytes(bytes))
            }
        }
        deserializer.deserialize_byte_buf(Visitor)
    }
}

/// What a worker does with the batches it receives.
type Handler = Box<dyn FnMut(&[u8])>;

/// A gather round's words and the index of the worker they are for.
type Contribution = (u32, Vec<u64>);

/// Contributions received, with their rounds.
type Received = Rc<RefCell<Vec<(u64, Vec<u64>)>>>;

/// Delivers byte batches to the workers they are addressed to, round by round.
///
/// A worker that has finished a round may send the next round's batches while a slower
/// one is still taking the decision that ends the current one; those batches wait here
/// until the slower worker [begins](Router::begin_round) that round, so that the handler
/// always sees one round's batches, after the worker has moved its frontier on.
pub(crate) struct Router {
    input: InputHandle<u64, CapacityContainerBuilder<Vec<Batch>>>,
    probe: ProbeHandle<u64>,
    inbox: Rc<RefCell<Inbox>>,
    /// Bytes sent since the dataflow last stepped.
    unstepped: usize,
}

/// The round a worker is in, the batches of later rounds, and the handler.
struct Inbox {
    round: u64,
    early: Vec<(u64, Vec<u8>)>,
    handle: Handler,
}

/// How many bytes a worker sends before it lets the dataflow move them on.
const STEP_EVERY: usize = 4 << 20;

impl Router {
    /// A router whose received batches go to `handle`, called on this worker's thread.
    pub(crate) fn new(worker: &mut Worker, handle: impl FnMut(&[u8]) + 'static) -> Self {
        let mut input = InputHandle::new();
        let probe = ProbeHandle::new();
        let inbox = Rc::new(RefCell::new(Inbox {
            round: 0,
            early: Vec::new(),
            handle: Box::new(handle),
        }));
        let delivered = Rc::clone(&inbox);
        worker.dataflow::<u64, _, _>(|scope| {
            scope
                .input_from(&mut input)
                .unary::<CapacityContainerBuilder<Vec<()>>, _, _, _>(
                    Exchange::new(|batch: &Batch| u64::from(batch.0)),
                    "settle",
                    move |_, _| {
                        move |input, _output| {
                            input.for_each(|time, batches| {
                                let time = *time.least().expect("a batch has a time");
                                let mut inbox = delivered.borrow_mut();
                                let inbox = &mut *inbox;
                                for (_, Bytes(bytes)) in batches.drain(..) {
                                    if time == inbox.round {
                                        (inbox.handle)(&bytes);
                                    } else {
                                        inbox.early.push((time, bytes));
                                    }
                                }
                            });
                        }
                    },
                )
                .probe_with(&probe);
        });
        Router {
            input,
            probe,
            inbox,
            unstepped: 0,
        }
    }

    /// Begins the round whose batches this worker is about to send: batches of it that
    /// arrived early are handled now, later ones go to the handler as they arrive.
    pub(crate) fn begin_round(&mut self) {
        let mut inbox = self.inbox.borrow_mut();
        let inbox = &mut *inbox;
        inbox.round = *self.input.time();
        let early = std::mem::take(&mut inbox.early);
        for (time, bytes) in early {
            if time == inbox.round {
                (inbox.handle)(&bytes);
            } else {
                inbox.early.push((time, bytes));
            }
        }
    }

    /// Sends `bytes` to worker `to` in the current round. Every few megabytes the dataflow
    /// is stepped, so that batches travel and are handled while this worker goes on.
    pub(crate) fn send(&mut self, worker: &mut Worker, to: usize, bytes: Vec<u8>) {
        self.unstepped += bytes.len();
        self.input.send((to as u32, Bytes(bytes)));
        if self.unstepped >= STEP_EVERY {
            self.unstepped = 0;
            worker.step();
        }
    }

    /// Tells worker `to` at once, mid-round, that this worker found what the round looks
    /// for: an empty batch, which no search sends otherwise, so its handler can tell it
    /// apart. It arrives when that worker next steps the dataflow (every few megabytes it
    /// sends).
    pub(crate) fn signal(&mut self, worker: &mut Worker, to: usize) {
        self.input.send((to as u32, Bytes::default()));
        self.input.flush();
        worker.step();
    }

    /// Ends the current round: returns once every worker's batches of it are handled.
    pub(crate) fn finish_round(&mut self, worker: &mut Worker, stop: &Stop) -> Result<(), ()> {
        let next = self.input.time() + 1;
        self.input.advance_to(next);
        self.unstepped = 0;
        step_until(worker, &self.probe, next, stop)
    }
}

/// Steps the worker until `probe` has passed every time before `time`; `Err` when the
/// peers are gone (another worker failed).
fn step_until(
    worker: &mut Worker,
    probe: &ProbeHandle<u64>,
    time: u64,
    stop: &Stop,
) -> Result<(), ()> {
    while probe.less_than(&time) {
        if stop.failed() {
            return Err(());
        }
        worker.step();
    }
    Ok(())
}

/// Every worker's words, round by round: an all-gather.
pub(crate) struct Gather {
    input: InputHandle<u64, CapacityContainerBuilder<Vec<Contribution>>>,
    probe: ProbeHandle<u64>,
    received: Received,
    peers: usize,
}

impl Gather {
    pub(crate) fn new(worker: &mut Worker) -> Self {
        let mut input = InputHandle::new();
        let probe = ProbeHandle::new();
        let received = Rc::new(RefCell::new(Vec::new()));
        let sink = Rc::clone(&received);
        let peers = worker.peers();
        worker.dataflow::<u64, _, _>(|scope| {
            scope
                .input_from(&mut input)
                .unary::<CapacityContainerBuilder<Vec<()>>, _, _, _>(
                    // each contribution is sent once to every worker: the `u32` is the
                    // worker it is for, the words carry the sender
                    Exchange::new(|item: &Contribution| u64::from(item.0)),
                    "gather",
                    move |_, _| {
                        move |input, _output| {
                            input.for_each(|time, items| {
                                let time = *time.least().expect("a contribution has a time");
                                sink.borrow_mut().extend(items.drain(..).map(|(_, words)| (time, words)));
                            });
                        }
                    },
                )
                .probe_with(&probe);
        });
        Gather {
            input,
            probe,
            received,
            peers,
        }
    }

    /// Contributes `words` and returns every worker's contribution, indexed by worker.
    pub(crate) fn all(
        &mut self,
        worker: &mut Worker,
        words: Vec<u64>,
        stop: &Stop,
    ) -> Result<Vec<Vec<u64>>, ()> {
        let me = worker.index() as u64;
        for to in 0..self.peers {
            let mut tagged = Vec::with_capacity(words.len() + 1);
            tagged.push(me);
            tagged.extend_from_slice(&words);
            self.input.send((to as u32, tagged));
        }
        let round = *self.input.time();
        self.input.advance_to(round + 1);
        step_until(worker, &self.probe, round + 1, stop)?;
        // a faster worker may have contributed to the next round already: that stays
        let mut all = vec![Vec::new(); self.peers];
        self.received.borrow_mut().retain_mut(|(time, tagged)| {
            if *time != round {
                return true;
            }
            let from = tagged[0] as usize;
            all[from] = tagged.split_off(1);
            false
        });
        Ok(all)
    }
}
