//! The network's edge, shared by every stage that downloads: the robots.txt fetches
//! (`fetch`), the archive import (`fetch::archive`), the range and agent list updates and the
//! DNS verification (`crawlers`). Identification needs no robots.txt, so `crawlers` uses this
//! module and never `fetch`.
//!
//! - [`Origin`]: scheme, host and port, as read from a log's host field or a URL.
//! - The address guard, [`address_allowed`]: which addresses a connection may go to (a pure
//!   decision, never a connection).
//! - [`ResolveOverride`]: the user's `--resolve` pins, which the guard does not question.
//! - With the `net` feature: the one guarded client builder (names resolve through
//!   [`GuardedResolver`], no proxy), the pins as every client applies them (names connected
//!   where the user said, and the one guard check of an IP-literal host, vouched for or not),
//!   the whole-request deadline, the one reading of a failed request, and a counting
//!   semaphore for requests in flight.

pub(crate) mod guard;
pub(crate) mod origin;
mod resolve;

#[cfg(feature = "net")]
pub(crate) mod client;
#[cfg(feature = "net")]
mod permits;

use std::path::PathBuf;
use std::time::Duration;

#[cfg(feature = "net")]
pub use client::{GuardError, GuardedResolver};
pub use guard::{GuardRefusal, address_allowed, client_ip, internal_class};
pub use origin::{Origin, OriginError, OriginErrorKind, Scheme};
#[cfg(feature = "net")]
pub(crate) use permits::Permits;
#[cfg(feature = "net")]
pub(crate) use resolve::Pins;
pub use resolve::{ResolveError, ResolveOverride};

/// Redirects followed before giving up, by every download of the tool: 5, as Google does for
/// robots.txt (RFC 9309 §2.3.1.2 asks for at least five). For robots.txt the sixth makes the
/// file unavailable (allow-all).
pub const MAX_REDIRECTS: usize = 5;

/// The `User-Agent` the tool sends, naming it and a contact URL.
pub const USER_AGENT: &str = concat!(
    "robots-audit/",
    env!("CARGO_PKG_VERSION"),
    " (robots.txt audit; +https://crates.io/crates/robots-audit)"
);

/// `$XDG_CACHE_HOME/robots-audit` (or the platform's equivalent), if there is a home: where
/// the tool keeps what it downloads (robots.txt, range lists, agent lists), each in its own
/// place under it.
pub fn default_cache_dir() -> Option<PathBuf> {
    dirs::cache_dir().map(|d| d.join("robots-audit"))
}

/// How a download that is not a robots.txt fetch talks to the network (the range and agent
/// list updates): what it sends, how long it waits, and which addresses it may reach.
#[derive(Clone, Debug)]
pub struct ClientOptions {
    /// The `User-Agent` header.
    pub user_agent: String,
    /// Connecting to one address.
    pub connect_timeout: Duration,
    /// One whole request, its redirects and body included.
    pub timeout: Duration,
    /// Explicit opt-in to non-global (loopback, private, link-local…) addresses.
    pub allow_private: bool,
    /// `--resolve` pins; allowed even if loopback or private.
    pub resolve: Vec<ResolveOverride>,
}

impl Default for ClientOptions {
    /// [`USER_AGENT`], 10 s to connect, 30 s per request, global addresses only, no pins.
    fn default() -> ClientOptions {
        ClientOptions {
            user_agent: USER_AGENT.to_owned(),
            connect_timeout: Duration::from_secs(10),
            timeout: Duration::from_secs(30),
            allow_private: false,
            resolve: Vec::new(),
        }
    }
}
