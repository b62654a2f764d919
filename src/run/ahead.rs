//! Making the violation rows on one thread while the reports write them on another.
//!
//! At the end of a run one thread judges the kept requests into rows (in report order) and
//! the same thread turns each row into CSV cells: on a log with many violations these two
//! are most of the run's time after the workers are done, and the other cores are idle.
//! [`ahead`] moves the making of items to a second thread, which hands them over in batches
//! in the order it made them, so the writer sees exactly the sequence it would have read
//! itself, errors included, and stops it by dropping what it was given. The writer sends
//! each batch back once it has taken its items, and the maker fills it again: a few
//! batches serve the whole report, none grown or freed per hand-over.

use std::collections::VecDeque;
use std::sync::mpsc::{Receiver, SyncSender, TrySendError, sync_channel};

/// Items per hand-over: enough that the channel costs nothing per item.
const BATCH: usize = 256;
/// Batches made ahead of the writer: bounds the rows in flight (a few MB at most).
const QUEUE: usize = 4;

/// Gives `consume` the items of `items` as they come, in their order. With `threads` above
/// one, `items` runs on a thread of its own, [`BATCH`] items at a time, at most [`QUEUE`]
/// batches ahead; with one, on this thread, as a plain iterator would. When `consume`
/// returns early (an error), the maker stops after the batch it is making. A panic of the
/// maker is the caller's panic.
pub fn ahead<I, R>(
    items: I,
    threads: usize,
    consume: impl FnOnce(&mut dyn Iterator<Item = I::Item>) -> R,
) -> R
where
    I: Iterator + Send,
    I::Item: Send,
{
    ahead_counted(items, threads, consume).0
}

/// [`ahead`], and how many batches the maker had to make (the rest were given back).
fn ahead_counted<I, R>(
    items: I,
    threads: usize,
    consume: impl FnOnce(&mut dyn Iterator<Item = I::Item>) -> R,
) -> (R, usize)
where
    I: Iterator + Send,
    I::Item: Send,
{
    if threads <= 1 {
        let mut items = items;
        return (consume(&mut items), 0);
    }
    std::thread::scope(|scope| {
        let (tx, rx) = sync_channel::<VecDeque<I::Item>>(QUEUE);
        // Batches in flight: the queue's, the one being taken and the one being made.
        let (back, given_back) = sync_channel::<VecDeque<I::Item>>(QUEUE + 2);
        let maker = scope.spawn(move || {
            let mut items = items;
            let mut made = 0;
            loop {
                // A batch given back, else a new one (at first, or when the writer keeps
                // none to spare).
                let mut batch = match given_back.try_recv() {
                    Ok(batch) => batch,
                    Err(_) => {
                        made += 1;
                        VecDeque::with_capacity(BATCH)
                    }
                };
                batch.extend(items.by_ref().take(BATCH));
                let last = batch.len() < BATCH;
                // A send fails only when the writer is done with the items: nothing more is
                // wanted.
                if batch.is_empty() || tx.send(batch).is_err() || last {
                    return made;
                }
            }
        });
        let mut given = Given {
            rx,
            back,
            batch: VecDeque::new(),
        };
        let result = consume(&mut given);
        // The writer is done: the maker's next hand-over fails and it ends.
        drop(given);
        match maker.join() {
            Ok(made) => (result, made),
            Err(panic) => std::panic::resume_unwind(panic),
        }
    })
}

/// The writer's side of [`ahead`]: the items of each batch in turn, each batch given back
/// once it is empty.
struct Given<T> {
    rx: Receiver<VecDeque<T>>,
    back: SyncSender<VecDeque<T>>,
    batch: VecDeque<T>,
}

impl<T> Iterator for Given<T> {
    type Item = T;

    fn next(&mut self) -> Option<T> {
        loop {
            if let Some(item) = self.batch.pop_front() {
                return Some(item);
            }
            let next = match self.rx.recv() {
                Ok(next) => next,
                // The maker gave its last batch and ended (or panicked, which the caller
                // hears when it is joined): no more items.
                Err(std::sync::mpsc::RecvError) => return None,
            };
            let empty = std::mem::replace(&mut self.batch, next);
            match self.back.try_send(empty) {
                // An empty batch: when the maker has enough, or is gone, it is just freed.
                Ok(()) | Err(TrySendError::Full(_) | TrySendError::Disconnected(_)) => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_item_comes_in_order_whatever_the_threads() {
        for n in [0, 1, BATCH - 1, BATCH, BATCH + 1, BATCH * QUEUE * 3 + 7] {
            for threads in [1, 2, 4] {
                let got: Vec<usize> = ahead(0..n, threads, |items| items.collect());
                assert_eq!(
                    got,
                    (0..n).collect::<Vec<_>>(),
                    "{n} items, {threads} threads"
                );
            }
        }
    }

    #[test]
    fn the_writer_stopping_early_stops_the_maker() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let made = AtomicUsize::new(0);
        let items = (0..1_000_000).inspect(|_| {
            made.fetch_add(1, Ordering::Relaxed);
        });
        let first: Vec<i32> = ahead(items, 2, |items| items.take(10).collect());
        assert_eq!(first, (0..10).collect::<Vec<_>>());
        // The maker is at most the queue and the batches in hand ahead of the writer.
        assert!(
            made.load(Ordering::Relaxed) <= BATCH * (QUEUE + 3),
            "{} made",
            made.load(Ordering::Relaxed)
        );
    }

    #[test]
    fn batches_given_back_carry_every_item_once() {
        // Items that own memory, over many batches, taken by a writer that holds each one
        // for a while: every item comes once, in order, and the maker makes no more batches
        // than can be in flight at once, whatever the number of hand-overs.
        let n = BATCH * QUEUE * 40 + 3;
        let items = (0..n).map(|i| i.to_string());
        let (got, made) = ahead_counted(items, 2, |items| {
            let mut got = Vec::new();
            for (k, item) in items.enumerate() {
                if k % (BATCH * 7) == 0 {
                    std::thread::sleep(std::time::Duration::from_millis(1));
                }
                got.push(item);
            }
            got
        });
        assert_eq!(got.len(), n);
        for (i, item) in got.iter().enumerate() {
            assert_eq!(*item, i.to_string());
        }
        assert!(made <= QUEUE + 3, "{made} batches made for {n} items");
    }

    #[test]
    fn errors_pass_in_their_place() {
        let items = (0..1000).map(|i| if i == 700 { Err(i) } else { Ok(i) });
        let got: Result<Vec<i32>, i32> = ahead(items, 2, |items| items.collect());
        assert_eq!(got, Err(700));
    }

    #[test]
    #[should_panic(expected = "maker failed")]
    fn a_panic_of_the_maker_reaches_the_caller() {
        let items = (0..1000).inspect(|&i| assert!(i < 600, "maker failed"));
        let _: Vec<i32> = ahead(items, 2, |items| items.collect());
    }
}
