//! Hooks into the worker's per-line steps for `benches/stages.rs`, which measures each stage
//! of the audit in nanoseconds per line. Not part of the library's interface (hidden from its
//! documentation; it may change with the worker).

use crate::crawlers::Registry;

use super::AuditSettings;
use super::intern::{BROWSER_UA, Tables};

/// A worker's interning tables, as the audit asks them for every request: the host field to
/// its origin, the User-Agent header to who sent it.
pub struct Identify<'a> {
    tables: Tables,
    registry: &'a Registry,
    settings: AuditSettings,
}

impl<'a> Identify<'a> {
    /// Empty tables, as a new worker has.
    pub fn new(registry: &'a Registry) -> Identify<'a> {
        Identify {
            tables: Tables::default(),
            registry,
            settings: AuditSettings::default(),
        }
    }

    /// The origin of `host` and who `user_agent` is, as a worker finds them for a request:
    /// true when the client may be a crawler (its requests are judged where rules name it),
    /// false for a plain browser.
    pub fn request(&mut self, host: &[u8], user_agent: &[u8]) -> bool {
        let origin = self.tables.origin_for(host, None, &self.settings);
        std::hint::black_box(origin);
        self.tables.ua_for(user_agent, self.registry) != BROWSER_UA
    }
}
