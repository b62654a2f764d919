//! Making the violation rows on one thread while the reports write them on another.
//!
//! At the end of a run one thread judges the kept requests into rows (in report order) and
//! the same thread turns each row into CSV cells: on a log with many violations these two
//! are most of the run's time after the workers are done, and the other cores are idle.
//! [`ahead`] moves the making of items to a second thread, which hands them over in batches
//! in the order it made them, so the writer sees exactly the sequence it would have read
//! itself, errors included, and stops it by dropping what it was given.
//!
//! The writer reads each item where the maker put it, in its batch: a [`Lent`] is a place in
//! a batch (a row of a few hundred bytes handed through the writer's iterator adapters by
//! value was copied half a dozen times). A batch none of whose items the writer still holds
//! goes back, and the maker frees its items and fills it again: a few batches serve the
//! whole report, none grown per hand-over, and what one thread allocates is freed on that
//! thread. Freed on the writer instead, each row's strings went back to the maker's
//! allocator arena under its lock while the maker took new ones from it, and the two threads
//! woke each other on that lock, row after row (`perf`: `futex_wake` from `malloc` on the
//! maker; on the violations bench mix, the run took 3% more CPU and 2% more wall time).

use std::borrow::Borrow;
use std::ops::Deref;
use std::rc::Rc;
use std::sync::mpsc::{Receiver, SyncSender, TrySendError, sync_channel};

/// Items per hand-over: enough that the channel costs nothing per item.
const BATCH: usize = 256;
/// Batches made ahead of the writer: bounds the rows in flight (a few MB at most, the rows
/// the writer is done with and that go back with their batch included).
const QUEUE: usize = 4;

/// An item the writer holds: a place in its batch, which stays where the maker put it. The
/// batch goes back to the maker, which frees its items, once no item of it is held (so a
/// writer holding items long holds their batches).
pub struct Lent<T> {
    batch: Rc<Vec<T>>,
    at: usize,
}

impl<T> Deref for Lent<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.batch[self.at]
    }
}

impl<T> Borrow<T> for Lent<T> {
    fn borrow(&self) -> &T {
        self
    }
}

/// Gives `consume` the items of `items` as they come, in their order. With `threads` above
/// one, `items` runs on a thread of its own, [`BATCH`] items at a time, at most [`QUEUE`]
/// batches ahead; with one, on this thread, a batch at a time. When `consume` returns early
/// (an error), the maker stops after the batch it is making. A panic of the maker is the
/// caller's panic.
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

/// A hand-over: items made in order, then the error that came after them, if one did (a
/// batch ends at an error; the items after it go in the next one).
struct Batch<T, E> {
    items: Vec<T>,
    error: Option<E>,
}

impl<T, E> Batch<T, E> {
    /// Empties `items` (the maker frees what the writer was done with) and fills it with
    /// the next items up to an error, which ends the batch; None when nothing is left.
    fn fill(
        mut items: Vec<T>,
        from: &mut impl Iterator<Item = Result<T, E>>,
    ) -> Option<Batch<T, E>> {
        items.clear();
        // Room for a whole batch once (a no-op for a batch given back).
        items.reserve(BATCH);
        let mut error = None;
        while items.len() < BATCH {
            match from.next() {
                Some(Ok(item)) => items.push(item),
                Some(Err(e)) => {
                    error = Some(e);
                    break;
                }
                None => break,
            }
        }
        (!items.is_empty() || error.is_some()).then_some(Batch { items, error })
    }
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
        let mut given = Given::new(Source::Here(items));
        let result = consume(&mut given);
        return (result, 0);
    }
    std::thread::scope(|scope| {
        let (tx, rx) = sync_channel::<Batch<T, E>>(QUEUE);
        // Batches in flight: the queue's, the one being taken and the one being made.
        let (back, given_back) = sync_channel::<Vec<T>>(QUEUE + 2);
        let maker = scope.spawn(move || {
            let mut items = items;
            let mut made = 0;
            loop {
                // A batch given back, its items freed here, else a new one (at first, or
                // when the writer keeps none to spare).
                let room = given_back.try_recv().unwrap_or_else(|_| {
                    made += 1;
                    Vec::with_capacity(BATCH)
                });
                let Some(batch) = Batch::fill(room, &mut items) else {
                    return made;
                };
                // A send fails only when the writer is done with the items: nothing more is
                // wanted.
                if tx.send(batch).is_err() {
                    return made;
                }
            }
        });
        let mut given =
            Given::<std::iter::Empty<Result<T, E>>, T, E>::new(Source::Maker { rx, back });
        let result = consume(&mut given);
        // The writer is done: the maker's next hand-over fails and it ends.
        drop(given);
        match maker.join() {
            Ok(made) => (result, made),
            Err(panic) => std::panic::resume_unwind(panic),
        }
    })
}

/// Where the writer's batches come from.
enum Source<I, T, E> {
    /// Made on this thread, a batch at a time, in the room of the last one.
    Here(I),
    /// From the maker's thread; each batch goes back once no item of it is held.
    Maker {
        rx: Receiver<Batch<T, E>>,
        back: SyncSender<Vec<T>>,
    },
}

/// The writer's side of [`ahead`]: the items of each batch in turn, then its error.
struct Given<I, T, E> {
    source: Source<I, T, E>,
    batch: Rc<Vec<T>>,
    /// The next item of `batch` to lend.
    at: usize,
    error: Option<E>,
    /// Batches done with while an item of theirs was still held: they go back when none is.
    held: Vec<Rc<Vec<T>>>,
}

impl<I, T, E> Given<I, T, E>
where
    I: Iterator<Item = Result<T, E>>,
{
    fn new(source: Source<I, T, E>) -> Given<I, T, E> {
        Given {
            source,
            batch: Rc::default(),
            at: 0,
            error: None,
            held: Vec::new(),
        }
    }

    /// The batch lent out is done with: back to the maker (or refilled here) once no item of
    /// it is held, with those done with before.
    fn retire(&mut self) -> Option<Vec<T>> {
        let done = std::mem::take(&mut self.batch);
        self.held.push(done);
        let mut free = None;
        for batch in std::mem::take(&mut self.held) {
            match Rc::try_unwrap(batch) {
                Ok(room) => match &self.source {
                    // When the maker has enough, or is gone, the batch is freed here.
                    Source::Maker { back, .. } => match back.try_send(room) {
                        Ok(()) | Err(TrySendError::Full(_) | TrySendError::Disconnected(_)) => {}
                    },
                    Source::Here(_) => free = Some(room),
                },
                Err(still_held) => self.held.push(still_held),
            }
        }
        free
    }
}

impl<I, T, E> Iterator for Given<I, T, E>
where
    I: Iterator<Item = Result<T, E>>,
{
    type Item = Result<Lent<T>, E>;

    fn next(&mut self) -> Option<Result<Lent<T>, E>> {
        loop {
            if self.at < self.batch.len() {
                self.at += 1;
                return Some(Ok(Lent {
                    batch: Rc::clone(&self.batch),
                    at: self.at - 1,
                }));
            }
            if let Some(e) = self.error.take() {
                return Some(Err(e));
            }
            let room = self.retire();
            let next = match &mut self.source {
                Source::Here(items) => Batch::fill(room.unwrap_or_default(), items),
                // None once the maker gave its last batch and ended (or panicked, which
                // the caller hears when it is joined).
                Source::Maker { rx, .. } => rx.recv().ok(),
            }?;
            self.batch = Rc::new(next.items);
            self.at = 0;
            self.error = next.error;
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
        // for a while (the last few, as a writer comparing a row with the one before would):
        // every item comes once, in order, and the maker makes no more batches than can be
        // in flight at once, whatever the number of hand-overs.
        let n = BATCH * QUEUE * 40 + 3;
        let items = (0..n).map(|i| Ok::<String, ()>(i.to_string()));
        let (got, made) = ahead_counted(items, 2, |items| {
            let mut got = Vec::new();
            let mut window = std::collections::VecDeque::new();
            for (k, item) in items.enumerate() {
                if k % (BATCH * 7) == 0 {
                    std::thread::sleep(std::time::Duration::from_millis(1));
                }
                let item = item.unwrap();
                got.push((*item).clone());
                window.push_back(item);
                if window.len() > 3 {
                    window.pop_front();
                }
            }
            got
        });
        assert_eq!(got.len(), n);
        for (i, item) in got.iter().enumerate() {
            assert_eq!(*item, i.to_string());
        }
        // The window holds the end of one batch while the next is taken: one more.
        assert!(made <= QUEUE + 4, "{made} batches made for {n} items");
    }

    #[test]
    fn items_stay_where_they_were_made() {
        // Each item is read in its batch, not moved: two items of one batch are a row's
        // size apart in memory.
        let items = (0..BATCH as u64 * 3).map(|i| Ok::<[u64; 8], ()>([i; 8]));
        let apart = ahead(items, 2, |items| {
            let first = items.next().unwrap().unwrap();
            let second = items.next().unwrap().unwrap();
            (&*second as *const [u64; 8] as usize) - (&*first as *const [u64; 8] as usize)
        });
        assert_eq!(apart, std::mem::size_of::<[u64; 8]>());
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
        let items = || (0..1000).map(|i| if i % 300 == 299 { Err(i) } else { Ok(i) });
        for threads in [1, 2] {
            let got: Result<Vec<i32>, i32> = ahead(items(), threads, values);
            assert_eq!(got, Err(299));
            // Read past them, every item and error comes in its place.
            let all: Vec<Result<i32, i32>> = ahead(items(), threads, |items| {
                items.map(|i| i.map(|v| *v)).collect()
            });
            assert_eq!(all, items().collect::<Vec<_>>(), "{threads} threads");
        }
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
