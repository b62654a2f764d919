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
//!
//! The items the writer is done with go back with their batch, and the maker frees them
//! before it fills the batch again: what one thread allocates is freed on that thread. Freed
//! on the writer instead, each row's strings went back to the maker's allocator arena under
//! its lock while the maker took new ones from it, and the two threads woke each other on
//! that lock, row after row (`perf`: `futex_wake` from `malloc` on the maker; on the
//! violations bench mix, the run took 3% more CPU and 2% more wall time).

use std::borrow::Borrow;
use std::cell::RefCell;
use std::collections::VecDeque;
use std::ops::Deref;
use std::rc::Rc;
use std::sync::mpsc::{Receiver, SyncSender, TrySendError, sync_channel};

/// Items per hand-over: enough that the channel costs nothing per item.
const BATCH: usize = 256;
/// Batches made ahead of the writer: bounds the rows in flight (a few MB at most, the rows
/// the writer is done with and that go back with their batch included).
const QUEUE: usize = 4;

/// An item the writer holds. Dropped, it waits for its batch to go back to the maker,
/// which frees it on its own thread (with one thread, it is freed where it is dropped).
pub struct Lent<T> {
    /// Some until dropped.
    item: Option<T>,
    spent: Option<Rc<RefCell<Vec<T>>>>,
}

impl<T> Lent<T> {
    fn new(item: T, spent: Option<&Rc<RefCell<Vec<T>>>>) -> Lent<T> {
        Lent {
            item: Some(item),
            spent: spent.map(Rc::clone),
        }
    }
}

impl<T> Deref for Lent<T> {
    type Target = T;

    fn deref(&self) -> &T {
        self.item
            .as_ref()
            .expect("an item is held until it is dropped")
    }
}

impl<T> Borrow<T> for Lent<T> {
    fn borrow(&self) -> &T {
        self
    }
}

impl<T> Drop for Lent<T> {
    fn drop(&mut self) {
        // With one thread the item is dropped where it is, not moved out first.
        if let Some(spent) = &self.spent
            && let Some(item) = self.item.take()
        {
            spent.borrow_mut().push(item);
        }
    }
}

/// Gives `consume` the items of `items` as they come, in their order. With `threads` above
/// one, `items` runs on a thread of its own, [`BATCH`] items at a time, at most [`QUEUE`]
/// batches ahead; with one, on this thread, as a plain iterator would. When `consume`
/// returns early (an error), the maker stops after the batch it is making. A panic of the
/// maker is the caller's panic.
pub fn ahead<I, T, E, R>(
    items: I,
    threads: usize,
    consume: impl FnOnce(&mut dyn Iterator<Item = Result<Lent<T>, E>>) -> R,
) -> R
where
    I: Iterator<Item = Result<T, E>> + Send,
    T: Send,
    E: Send,
{
    ahead_counted(items, threads, consume).0
}

/// A hand-over: the items made, and those of an earlier batch the writer is done with,
/// going back to be freed.
struct Batch<T, E> {
    items: VecDeque<Result<T, E>>,
    spent: Vec<T>,
}

/// [`ahead`], and how many batches the maker had to make (the rest were given back).
fn ahead_counted<I, T, E, R>(
    items: I,
    threads: usize,
    consume: impl FnOnce(&mut dyn Iterator<Item = Result<Lent<T>, E>>) -> R,
) -> (R, usize)
where
    I: Iterator<Item = Result<T, E>> + Send,
    T: Send,
    E: Send,
{
    if threads <= 1 {
        let mut items = items.map(|item| item.map(|t| Lent::new(t, None)));
        return (consume(&mut items), 0);
    }
    std::thread::scope(|scope| {
        let (tx, rx) = sync_channel::<Batch<T, E>>(QUEUE);
        // Batches in flight: the queue's, the one being taken and the one being made.
        let (back, given_back) = sync_channel::<Batch<T, E>>(QUEUE + 2);
        let maker = scope.spawn(move || {
            let mut items = items;
            let mut made = 0;
            loop {
                // A batch given back, its spent items freed here, else a new one (at first,
                // or when the writer keeps none to spare).
                let mut batch = match given_back.try_recv() {
                    Ok(mut batch) => {
                        batch.spent.clear();
                        batch
                    }
                    Err(_) => {
                        made += 1;
                        Batch {
                            items: VecDeque::with_capacity(BATCH),
                            spent: Vec::with_capacity(BATCH),
                        }
                    }
                };
                batch.items.extend(items.by_ref().take(BATCH));
                let last = batch.items.len() < BATCH;
                // A send fails only when the writer is done with the items: nothing more is
                // wanted.
                if batch.items.is_empty() || tx.send(batch).is_err() || last {
                    return made;
                }
            }
        });
        let mut given = Given {
            rx,
            back,
            batch: Batch {
                items: VecDeque::new(),
                spent: Vec::new(),
            },
            spent: Rc::new(RefCell::new(Vec::new())),
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
/// once it is empty, with the items dropped meanwhile.
struct Given<T, E> {
    rx: Receiver<Batch<T, E>>,
    back: SyncSender<Batch<T, E>>,
    batch: Batch<T, E>,
    /// Where the items this side dropped wait for the next batch to go back.
    spent: Rc<RefCell<Vec<T>>>,
}

impl<T, E> Iterator for Given<T, E> {
    type Item = Result<Lent<T>, E>;

    fn next(&mut self) -> Option<Result<Lent<T>, E>> {
        loop {
            if let Some(item) = self.batch.items.pop_front() {
                return Some(item.map(|t| Lent::new(t, Some(&self.spent))));
            }
            let mut next = match self.rx.recv() {
                Ok(next) => next,
                // The maker gave its last batch and ended (or panicked, which the caller
                // hears when it is joined): no more items.
                Err(std::sync::mpsc::RecvError) => return None,
            };
            // The items dropped so far go back with the empty batch; the room the maker
            // emptied in the new one takes those dropped from now on.
            let room = std::mem::take(&mut next.spent);
            let mut empty = std::mem::replace(&mut self.batch, next);
            empty.spent = self.spent.replace(room);
            match self.back.try_send(empty) {
                // When the maker has enough, or is gone, the batch and its spent items are
                // freed here.
                Ok(()) | Err(TrySendError::Full(_) | TrySendError::Disconnected(_)) => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The values of the items a writer is given, up to the first error.
    fn values<T: Clone, E>(
        items: &mut dyn Iterator<Item = Result<Lent<T>, E>>,
    ) -> Result<Vec<T>, E> {
        items.map(|item| item.map(|t| (*t).clone())).collect()
    }

    #[test]
    fn every_item_comes_in_order_whatever_the_threads() {
        for n in [0, 1, BATCH - 1, BATCH, BATCH + 1, BATCH * QUEUE * 3 + 7] {
            for threads in [1, 2, 4] {
                let got = ahead((0..n).map(Ok::<usize, ()>), threads, values);
                assert_eq!(
                    got,
                    Ok((0..n).collect::<Vec<_>>()),
                    "{n} items, {threads} threads"
                );
            }
        }
    }

    #[test]
    fn the_writer_stopping_early_stops_the_maker() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let made = AtomicUsize::new(0);
        let items = (0..1_000_000).map(Ok::<i32, ()>).inspect(|_| {
            made.fetch_add(1, Ordering::Relaxed);
        });
        let first: Vec<i32> = ahead(items, 2, |items| {
            items.take(10).map(|item| *item.unwrap()).collect()
        });
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
        let items = (0..n).map(|i| Ok::<String, ()>(i.to_string()));
        let (got, made) = ahead_counted(items, 2, |items| {
            let mut got = Vec::new();
            for (k, item) in items.enumerate() {
                if k % (BATCH * 7) == 0 {
                    std::thread::sleep(std::time::Duration::from_millis(1));
                }
                got.push(item.unwrap());
            }
            got
        });
        assert_eq!(got.len(), n);
        for (i, item) in got.iter().enumerate() {
            assert_eq!(**item, i.to_string());
        }
        assert!(made <= QUEUE + 3, "{made} batches made for {n} items");
    }

    /// An item that notes the thread it is dropped on.
    struct Noted(std::sync::Arc<std::sync::Mutex<Vec<std::thread::ThreadId>>>);

    impl Drop for Noted {
        fn drop(&mut self) {
            self.0.lock().unwrap().push(std::thread::current().id());
        }
    }

    #[test]
    fn the_items_the_writer_drops_are_freed_by_the_maker() {
        let n = BATCH * QUEUE * 20;
        for threads in [1, 2] {
            let drops = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
            let items = (0..n).map(|_| Ok::<Noted, ()>(Noted(std::sync::Arc::clone(&drops))));
            let taken = ahead(items, threads, |items| items.map(drop).count());
            assert_eq!(taken, n);
            let drops = drops.lock().unwrap();
            assert_eq!(drops.len(), n, "every item is dropped once");
            let here = std::thread::current().id();
            let on_writer = drops.iter().filter(|&&t| t == here).count();
            if threads == 1 {
                assert_eq!(on_writer, n);
            } else {
                // Only those of the batches still in flight when the writer ends.
                assert!(
                    on_writer <= BATCH * (QUEUE + 3),
                    "{on_writer} of {n} on the writer"
                );
            }
        }
    }

    #[test]
    fn errors_pass_in_their_place() {
        let items = (0..1000).map(|i| if i == 700 { Err(i) } else { Ok(i) });
        let got: Result<Vec<i32>, i32> = ahead(items, 2, values);
        assert_eq!(got, Err(700));
    }

    #[test]
    #[should_panic(expected = "maker failed")]
    fn a_panic_of_the_maker_reaches_the_caller() {
        let items = (0..1000).map(Ok::<i32, ()>).inspect(|i| {
            assert!(*i.as_ref().unwrap() < 600, "maker failed");
        });
        let _ = ahead(items, 2, values);
    }
}
