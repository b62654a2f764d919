//! Making the violation rows on one thread while the reports write them on another.
//!
//! At the end of a run one thread judges the kept requests into rows (in report order) and
//! the same thread turns each row into CSV cells: on a log with many violations these two
//! are most of the run's time after the workers are done, and the other cores are idle.
//! [`ahead`] moves the making of items to a second thread, which hands them over in batches
//! in the order it made them, so the writer sees exactly the sequence it would have read
//! itself, errors included, and stops it by dropping what it was given.

use std::sync::mpsc::sync_channel;

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
    if threads <= 1 {
        let mut items = items;
        return consume(&mut items);
    }
    std::thread::scope(|scope| {
        let (tx, rx) = sync_channel::<Vec<I::Item>>(QUEUE);
        let maker = scope.spawn(move || {
            let mut items = items;
            loop {
                let batch: Vec<I::Item> = items.by_ref().take(BATCH).collect();
                let last = batch.len() < BATCH;
                // A send fails only when the writer is done with the items: nothing more is
                // wanted.
                if batch.is_empty() || tx.send(batch).is_err() || last {
                    return;
                }
            }
        });
        let mut given = rx.into_iter().flatten();
        let result = consume(&mut given);
        // The writer is done: the maker's next hand-over fails and it ends.
        drop(given);
        if let Err(panic) = maker.join() {
            std::panic::resume_unwind(panic);
        }
        result
    })
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
