//! The one HTTP client of the tool: every fetch (robots.txt, range lists, archive captures)
//! builds its client here, so that names resolve through the address guard
//! ([`address_allowed`]), no proxy connects on our behalf, and redirects are
//! checked hop by hop. This module builds clients and resolves; it never connects. It also
//! says what a failed request came to ([`failure`]), the same way for every caller.

use std::error::Error;
use std::fmt;
use std::io;
use std::net::{SocketAddr, ToSocketAddrs};
use std::sync::Arc;
use std::time::{Duration, Instant};

use reqwest::blocking::{Client, ClientBuilder, RequestBuilder, Response};
use reqwest::dns::{Addrs, Name, Resolve, Resolving};

use super::guard::{GuardRefusal, address_allowed};
use crate::text;

/// The most characters of a root cause kept in a message.
const CAUSE_CHARS: usize = 160;

/// A resolver for reqwest that resolves with the system resolver on a blocking thread and
/// refuses the whole name if any of its addresses is refused by [`address_allowed`] (a name
/// that mixes public and internal addresses is not trusted with either).
#[derive(Clone, Debug)]
pub struct GuardedResolver {
    /// Passed to [`address_allowed`].
    pub allow_private: bool,
}

/// A name refused because of what it resolved to; found again in reqwest's error chain to
/// tell a refusal (not fetched) from a failure (unreachable).
#[derive(Debug, thiserror::Error)]
#[error(
    "{host} resolves to a refused address ({refusal}); name it with --resolve or pass --allow-private if it is meant"
)]
pub struct GuardError {
    /// The name that was resolved.
    pub host: String,
    /// The first refused address.
    pub refusal: GuardRefusal,
}

/// A name the system resolver could not resolve; found again in reqwest's error chain to say
/// so ([`failure`]).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
struct LookupError(io::Error);

impl Resolve for GuardedResolver {
    fn resolve(&self, name: Name) -> Resolving {
        let allow_private = self.allow_private;
        let host = name.as_str().to_owned();
        Box::pin(async move {
            let lookup = host.clone();
            let addrs: Vec<SocketAddr> =
                tokio::task::spawn_blocking(move || (lookup.as_str(), 0).to_socket_addrs())
                    .await?
                    .map_err(LookupError)?
                    .collect();
            for addr in &addrs {
                if let Err(refusal) = address_allowed(addr.ip(), allow_private) {
                    return Err(Box::new(GuardError { host, refusal }) as _);
                }
            }
            Ok(Box::new(addrs.into_iter()) as Addrs)
        })
    }
}

impl fmt::Display for GuardedResolver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("system resolver behind the address guard")
    }
}

/// What every client of the tool sends and how long it waits.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ClientSettings<'a> {
    /// The `User-Agent` header.
    pub(crate) user_agent: &'a str,
    /// Bound on connecting.
    pub(crate) connect_timeout: Duration,
    /// Bound on a whole request.
    pub(crate) timeout: Duration,
    /// Passed to [`GuardedResolver`].
    pub(crate) allow_private: bool,
}

/// The one way the tool builds an HTTP client: names resolve through [`GuardedResolver`], no
/// proxy (a proxy would connect on our behalf to addresses the guard never sees), and no
/// redirects followed by reqwest (callers follow them hop by hop through the guard, or set a
/// policy of their own that checks every hop). Callers add `--resolve` pins with
/// `resolve_to_addrs`.
pub(crate) fn guarded_client(settings: &ClientSettings<'_>) -> ClientBuilder {
    // rustls with the ring provider (see Cargo.toml); an error means a provider was already
    // installed by the embedding program, which is as good.
    let _ = rustls::crypto::ring::default_provider().install_default();
    Client::builder()
        .user_agent(settings.user_agent)
        .redirect(reqwest::redirect::Policy::none())
        .no_proxy()
        .connect_timeout(settings.connect_timeout)
        .timeout(settings.timeout)
        .dns_resolver(Arc::new(GuardedResolver {
            allow_private: settings.allow_private,
        }))
}

/// A limit on a whole request: connecting, every redirect hop and the body. The client's own
/// `timeout` bounds each wait for the network, so a server that sends one byte a second
/// never trips it; a request sent through [`Deadline::send`] carries what is left of the
/// limit as its own timeout, which reqwest applies until the body has been read.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Deadline {
    end: Instant,
}

impl Deadline {
    /// `limit` from now.
    pub(crate) fn after(limit: Duration) -> Deadline {
        Deadline {
            end: Instant::now() + limit,
        }
    }

    /// Sends `request` with what is left of the limit (its body too must come by then);
    /// `None` when nothing is left.
    pub(crate) fn send(&self, request: RequestBuilder) -> Option<reqwest::Result<Response>> {
        let left = self.end.checked_duration_since(Instant::now())?;
        if left.is_zero() {
            return None;
        }
        Some(request.timeout(left).send())
    }
}

/// What a failed request came to, said once: what failed and its root cause, never the URL
/// (the request's own error repeats it, as `error sending request for url (…)`), so that a
/// caller names the origin or the request once, in its own words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Failure {
    /// The address guard refused an address a name resolved to: the [`GuardError`]'s text.
    Guard(String),
    /// The request's time limit passed.
    TimedOut,
    /// Anything else, as `what failed: root cause` (`cannot connect: Connection refused (os
    /// error 111)`, `TLS handshake failed: received corrupt message of type …`).
    Failed(String),
}

/// The one reading of a failed request, for every fetch of the tool (robots.txt, archives,
/// range and agent lists): the address guard's refusal, a timeout, or what failed and the
/// innermost cause, made safe to print and bounded.
pub(crate) fn failure(e: &reqwest::Error) -> Failure {
    let chain = causes(e);
    if let Some(guard) = chain.iter().find_map(|c| c.downcast_ref::<GuardError>()) {
        return Failure::Guard(
            text::terminal_cut(&guard.to_string(), 2 * CAUSE_CHARS).into_owned(),
        );
    }
    if e.is_timeout() {
        return Failure::TimedOut;
    }
    let tls = chain.iter().any(|c| c.is::<rustls::Error>());
    let what = if chain.iter().any(|c| c.is::<LookupError>()) {
        "cannot resolve the name"
    } else if tls && e.is_connect() {
        "TLS handshake failed"
    } else if tls {
        "TLS error"
    } else if e.is_connect() {
        "cannot connect"
    } else if e.is_redirect() {
        "redirect not followed"
    } else if e.is_body() || e.is_decode() {
        "reading the answer failed"
    } else {
        "request failed"
    };
    Failure::Failed(format!("{what}: {}", root_cause(e)))
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Guard(why) => write!(f, "address guard: {why}"),
            Failure::TimedOut => f.write_str("timed out"),
            Failure::Failed(what) => f.write_str(what),
        }
    }
}

/// The innermost error of `e`'s chain, made safe to print and cut to [`CAUSE_CHARS`]: the
/// root cause (`Connection refused (os error 111)`) without the layers that wrap it, one of
/// which repeats the URL.
pub(crate) fn root_cause(e: &(dyn Error + 'static)) -> String {
    let chain = causes(e);
    let innermost = chain
        .last()
        .map_or_else(|| e.to_string(), ToString::to_string);
    text::terminal_cut(innermost.trim(), CAUSE_CHARS).into_owned()
}

/// `e` and its sources, outermost first. An `io::Error` that wraps another error shows that
/// error's text but skips it as its source; it is stepped into here, so that a TLS or HTTP
/// error under an I/O error is found.
fn causes<'a>(e: &'a (dyn Error + 'static)) -> Vec<&'a (dyn Error + 'static)> {
    let mut chain = Vec::new();
    let mut next = Some(e);
    // Bounded: a chain is a handful of layers; one that loops must not hang a message.
    while let Some(err) = next.filter(|_| chain.len() < 32) {
        chain.push(err);
        next = match err.downcast_ref::<io::Error>().and_then(io::Error::get_ref) {
            Some(inner) => Some(inner as &(dyn Error + 'static)),
            None => err.source(),
        };
    }
    chain
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An error that wraps another and repeats a URL, as reqwest's outer layer does.
    #[derive(Debug, thiserror::Error)]
    #[error("error sending request for url (https://example.com/robots.txt)")]
    struct Outer(#[source] io::Error);

    #[test]
    fn the_root_cause_is_the_innermost_error_even_under_an_io_error() {
        // io::Error shows a wrapped error's text but skips it as its source: the TLS error
        // under it is found all the same.
        let tls = rustls::Error::General("bad record".into());
        let e = Outer(io::Error::new(io::ErrorKind::InvalidData, tls));
        assert_eq!(root_cause(&e), "unexpected error: bad record");
        assert!(causes(&e).iter().any(|c| c.is::<rustls::Error>()));
        // What a server put in an error is made safe and bounded.
        let hostile = format!("\x1b[2J{}", "x".repeat(1000));
        let e = Outer(io::Error::other(hostile));
        let cause = root_cause(&e);
        assert!(
            cause.starts_with("\\x1b[2J") && !cause.contains('\x1b'),
            "{cause}"
        );
        assert!(cause.chars().count() <= CAUSE_CHARS + 1, "{cause}");
    }
}
