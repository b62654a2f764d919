//! Fetching robots.txt over HTTP by RFC 9309 §2.3.
//!
//! Takes an origin, gives its entry (plus how long it may be cached). One blocking reqwest
//! client is shared by all fetches (callers are the audit's worker threads); origins named
//! by `--resolve` get a client of their own pinned to the given addresses. Redirects are
//! followed here, not by reqwest, so that each hop passes the host checks and the address
//! guard: names are checked by [`GuardedResolver`](crate::net::GuardedResolver) when they are resolved, IP-literal hosts
//! before the request.

use std::collections::HashMap;
use std::io::Read;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use reqwest::Url;
use reqwest::blocking::{Client, Response};

use super::allow::HostAllowList;
use super::{
    DEFAULT_MAX_AGE, FetchError, FetchOptions, MAX_CACHE_AGE, MAX_ROBOTS_BYTES, Obtained, Origin,
    Outcome, RobotsEntry, Scheme,
};
use crate::net::MAX_REDIRECTS;
use crate::net::Pins;
use crate::net::client::{ClientSettings, Deadline, Failure, failure, guarded_client, root_cause};
use crate::text;

/// The result of one network fetch.
pub(crate) struct Fetched {
    pub(crate) entry: RobotsEntry,
    /// From `Cache-Control: max-age`, else [`DEFAULT_MAX_AGE`]; at most [`MAX_CACHE_AGE`].
    pub(crate) max_age: u64,
    /// `Cache-Control: no-store`.
    pub(crate) no_store: bool,
}

pub(crate) struct HttpFetcher {
    client: Client,
    /// `--resolve` origins: (host, port) → a client that connects there.
    pinned: HashMap<(String, u16), Client>,
    /// `--resolve`, for the guard's check of IP-literal hosts.
    pins: Pins,
    allow: HostAllowList,
    total_timeout: Duration,
}

impl HttpFetcher {
    pub(crate) fn new(
        opts: &FetchOptions,
        allow: HostAllowList,
    ) -> Result<HttpFetcher, FetchError> {
        let settings = ClientSettings {
            user_agent: &opts.user_agent,
            connect_timeout: opts.connect_timeout,
            timeout: opts.total_timeout,
            allow_private: opts.allow_private,
        };
        let builder = || guarded_client(&settings);
        let client = builder().build().map_err(FetchError::Client)?;
        let pins = Pins::new(&opts.resolve, opts.allow_private);
        let mut pinned = HashMap::new();
        for (host, port, addrs) in pins.names() {
            let client = builder()
                .resolve_to_addrs(host, &addrs)
                .build()
                .map_err(FetchError::Client)?;
            pinned.insert((host.to_owned(), port), client);
        }
        Ok(HttpFetcher {
            client,
            pinned,
            pins,
            allow,
            total_timeout: opts.total_timeout,
        })
    }

    /// Fetches robots.txt for `origin`, following up to [`MAX_REDIRECTS`] redirects.
    pub(crate) fn fetch(&self, origin: &Origin) -> Fetched {
        let deadline = Deadline::after(self.total_timeout);
        let first = origin.robots_url();
        let mut fetched = Fetched {
            entry: RobotsEntry::new(first.clone(), Obtained::Network, Outcome::Unreachable, None),
            max_age: DEFAULT_MAX_AGE,
            no_store: false,
        };
        let mut url = match Url::parse(&first) {
            Ok(url) => url,
            Err(e) => return fetched.refused(format!("invalid URL: {e}")),
        };
        let mut seen = vec![url.clone()];
        loop {
            fetched.entry.final_url = Some(url.to_string());
            let hop = match hop_origin(&url) {
                Ok(hop) => hop,
                Err(reason) => return fetched.refused(reason),
            };
            let hop_name = hop.display_host();
            if &hop != origin && !self.allow.allows(&hop.host) {
                return fetched
                    .refused(format!("redirect to {hop_name}, not in the allowed hosts"));
            }
            let key = (hop.host.clone(), hop.port);
            let client = match (hop.ip(), self.pinned.get(&key)) {
                // A name pinned by --resolve: connect where the user said.
                (None, Some(client)) => client,
                // An IP literal is never resolved, so --resolve cannot redirect it; it only
                // vouches for the literal when it lists that very address.
                (Some(ip), _) => {
                    if let Err(refusal) = self.pins.literal(ip, hop.port) {
                        return fetched.refused(format!("address guard: {refusal}"));
                    }
                    &self.client
                }
                (None, None) => &self.client,
            };
            // Where a redirect led elsewhere, the failure says where; the origin itself is
            // named by whoever prints the reason.
            let elsewhere = (&hop != origin).then_some(hop_name.as_str());
            let response = match deadline.send(client.get(url.clone())) {
                None => return fetched.timed_out(self.total_timeout, elsewhere),
                Some(Ok(response)) => response,
                Some(Err(e)) => return fetched.failed(&e, self.total_timeout, elsewhere),
            };
            let status = response.status().as_u16();
            fetched.entry.status = Some(status);
            let location = response
                .headers()
                .get(reqwest::header::LOCATION)
                .map(|l| String::from_utf8_lossy(l.as_bytes()).into_owned());
            match (status, location) {
                // RFC 9309 §2.3.1.1: 2xx, the rules apply.
                (200..=299, _) => return fetched.read_body(response),
                // RFC 9309 §2.3.1.2: follow at least five redirects; Google stops at five.
                (300..=399, Some(location)) => {
                    if seen.len() > MAX_REDIRECTS {
                        return fetched.allow_all(format!("more than {MAX_REDIRECTS} redirects"));
                    }
                    let next = match url.join(location.trim()) {
                        Ok(next) => next,
                        Err(e) => {
                            return fetched.unreachable(format!("bad redirect location: {e}"));
                        }
                    };
                    if !matches!(next.scheme(), "http" | "https") {
                        // Nothing to fetch: treated like a failed redirect chain.
                        return fetched.allow_all(format!(
                            "redirect to unsupported scheme {}",
                            next.scheme()
                        ));
                    }
                    if seen.contains(&next) {
                        // A loop never ends in a file: the same as too many redirects.
                        fetched.entry.final_url = Some(next.to_string());
                        return fetched.allow_all("redirect loop".into());
                    }
                    seen.push(next.clone());
                    url = next;
                }
                // RFC 9309 §2.3.1.3: "unavailable", 401 and 403 included.
                (400..=499, _) if status != 429 => {
                    fetched.cache_control(&response);
                    return fetched.allow_all(format!("HTTP {status}"));
                }
                // RFC 9309 §2.3.1.4: "unreachable", 429 too (Google).
                (429 | 500..=599, _) => {
                    return fetched.unreachable(format!("HTTP {status}"));
                }
                (_, _) => {
                    return fetched.unreachable(format!("unexpected HTTP status {status}"));
                }
            }
        }
    }
}

impl Fetched {
    fn finish(mut self, outcome: Outcome, reason: Option<String>) -> Fetched {
        self.entry.outcome = outcome;
        self.entry.reason = reason.map(|r| text::terminal_cut(&r, 500).into_owned());
        self.entry.fetched_at = super::unix_now();
        self
    }

    fn refused(mut self, reason: String) -> Fetched {
        self.entry.obtained = Obtained::NotFetched;
        self.entry.status = None;
        self.finish(Outcome::NotFetched, Some(reason))
    }

    fn allow_all(self, reason: String) -> Fetched {
        self.finish(Outcome::AllowAll, Some(reason))
    }

    fn unreachable(self, reason: String) -> Fetched {
        self.finish(Outcome::Unreachable, Some(reason))
    }

    /// A request that failed, said once (see [`failure`]): the address guard's refusal is
    /// not-fetched, anything else unreachable.
    fn failed(self, e: &reqwest::Error, limit: Duration, elsewhere: Option<&str>) -> Fetched {
        let at = elsewhere.map_or_else(String::new, |h| format!("{h} (redirected): "));
        match failure(e) {
            Failure::Guard(why) => self.refused(format!("{at}address guard: {why}")),
            Failure::TimedOut => self.timed_out(limit, elsewhere),
            Failure::Failed(what) => self.unreachable(format!("{at}{what}")),
        }
    }

    fn timed_out(self, limit: Duration, elsewhere: Option<&str>) -> Fetched {
        let at = elsewhere.map_or_else(String::new, |h| format!("{h} (redirected): "));
        self.unreachable(format!("{at}timed out after {} s", limit.as_secs()))
    }

    fn cache_control(&mut self, response: &Response) {
        for value in response.headers().get_all(reqwest::header::CACHE_CONTROL) {
            let Ok(value) = value.to_str() else { continue };
            for directive in value.split(',') {
                let directive = directive.trim().to_ascii_lowercase();
                if directive == "no-store" {
                    self.no_store = true;
                } else if directive == "no-cache" {
                    self.max_age = 0;
                } else if let Some(age) = directive.strip_prefix("max-age=")
                    && let Ok(age) = u64::from_str(age.trim_matches('"'))
                {
                    self.max_age = age.min(MAX_CACHE_AGE);
                }
            }
        }
    }

    /// Reads at most [`MAX_ROBOTS_BYTES`] (and one byte more, to know whether there was
    /// more), then drops the connection: a huge body is never downloaded.
    fn read_body(mut self, response: Response) -> Fetched {
        self.cache_control(&response);
        // A body sent compressed though no `Accept-Encoding` asked for it is decompressed, as
        // a crawler that accepts it reads it (the cap below is on the decompressed bytes, so a
        // small bomb costs 500 KiB); one in an encoding nothing here reads is unreachable,
        // never parsed as text (its rules would read as none: a site open to all).
        let encoding = response
            .headers()
            .get(reqwest::header::CONTENT_ENCODING)
            .map(|v| {
                String::from_utf8_lossy(v.as_bytes())
                    .trim()
                    .to_ascii_lowercase()
            });
        let reader: Box<dyn Read> = match encoding.as_deref() {
            None | Some("" | "identity") => Box::new(response),
            Some("gzip" | "x-gzip") => Box::new(flate2::read::MultiGzDecoder::new(response)),
            // HTTP's `deflate` is the zlib format (RFC 9110 §8.4.1.2).
            Some("deflate") => Box::new(flate2::read::ZlibDecoder::new(response)),
            Some(other) => {
                return self.unreachable(format!(
                    "the body is in an encoding this tool does not read (Content-Encoding: {})",
                    text::terminal_cut(other, 40)
                ));
            }
        };
        let mut body = Vec::new();
        // RFC 9309 §2.5: parse at least 500 KiB; the rest is ignored, so not read.
        if let Err(e) = reader
            .take(MAX_ROBOTS_BYTES as u64 + 1)
            .read_to_end(&mut body)
        {
            let timed_out = e.kind() == std::io::ErrorKind::TimedOut
                || e.get_ref()
                    .and_then(|inner| inner.downcast_ref::<reqwest::Error>())
                    .is_some_and(reqwest::Error::is_timeout);
            let reason = if timed_out {
                format!("timed out reading the body after {} bytes", body.len())
            } else {
                format!(
                    "truncated response after {} bytes: {}",
                    body.len(),
                    root_cause(&e)
                )
            };
            return self.unreachable(reason);
        }
        self.entry.truncated = body.len() > MAX_ROBOTS_BYTES;
        body.truncate(MAX_ROBOTS_BYTES);
        self.entry.bytes = body.len() as u64;
        self.entry.body = Some(Arc::from(body));
        self.finish(Outcome::Rules, None)
    }
}

/// The origin a hop's URL goes to, validated like a log's host (and so refused if it is
/// not a DNS name or an IP literal).
fn hop_origin(url: &Url) -> Result<Origin, String> {
    let scheme = Scheme::from_str(url.scheme()).map_err(|e| e.to_string())?;
    let host = match url.host() {
        Some(url::Host::Domain(d)) => d.to_owned(),
        Some(url::Host::Ipv4(a)) => a.to_string(),
        Some(url::Host::Ipv6(a)) => format!("[{a}]"),
        None => return Err(format!("no host in {url}")),
    };
    let port = url.port_or_known_default().unwrap_or(scheme.default_port());
    let origin = Origin::from_host(format!("{host}:{port}").as_bytes(), scheme)
        .map_err(|e| e.to_string())?;
    // The URL parser and `Origin` must agree on what is an address; else refuse.
    let is_ip = matches!(url.host(), Some(url::Host::Ipv4(_) | url::Host::Ipv6(_)));
    if is_ip != origin.ip().is_some() {
        return Err(format!("ambiguous host {host}"));
    }
    Ok(origin)
}
