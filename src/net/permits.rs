//! A counting semaphore for blocking threads: how many fetches (robots.txt, DNS queries) are
//! in flight at once.

use std::sync::{Condvar, Mutex};

/// A counting semaphore for `concurrency` (blocking threads, not tasks): the robots.txt store's
/// fetches and the DNS verifier's queries.
pub(crate) struct Permits {
    free: Mutex<usize>,
    freed: Condvar,
}

/// One held place; given back when dropped.
pub(crate) struct Permit<'a>(&'a Permits);

impl Permits {
    /// `n` places.
    pub(crate) fn new(n: usize) -> Permits {
        Permits {
            free: Mutex::new(n),
            freed: Condvar::new(),
        }
    }

    /// Waits for a place.
    pub(crate) fn acquire(&self) -> Permit<'_> {
        // A poisoned lock only means another holder panicked; the count is still right.
        let mut free = self.free.lock().unwrap_or_else(|e| e.into_inner());
        while *free == 0 {
            free = self.freed.wait(free).unwrap_or_else(|e| e.into_inner());
        }
        *free -= 1;
        Permit(self)
    }
}

impl Drop for Permit<'_> {
    fn drop(&mut self) {
        *self.0.free.lock().unwrap_or_else(|e| e.into_inner()) += 1;
        self.0.freed.notify_one();
    }
}
