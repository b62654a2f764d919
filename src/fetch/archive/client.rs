//! Talking to the archive: one guarded HTTP client, one request at a time, at most `rate`
//! requests per second, `429`/`503` answered by waiting as `Retry-After` says (bounded), bodies
//! read up to a cap, each request (its redirects and its body included) within `--timeout`
//! however slowly the archive sends. The same address guard as every other fetch of the tool:
//! names resolve through [`GuardedResolver`](crate::net::GuardedResolver), IP-literal hosts pass [`address_allowed`](crate::net::address_allowed) unless
//! `--resolve` names that very address, no proxy, redirects followed here (never by reqwest)
//! and only to the archive's own origin (scheme, host and port). An error says what failed
//! and why, never the URL asked for (the caller says which request it was, once); a URL it
//! quotes (a redirect's target) is cut, since the archive sends it.

use std::io::Read;
use std::time::{Duration, Instant};

use reqwest::Url;
use reqwest::blocking::{Client, Response};
use reqwest::header::HeaderMap;

use super::ArchiveOptions;
use crate::net::client::{ClientSettings, Deadline, Failure, failure, guarded_client, root_cause};
use crate::net::{MAX_REDIRECTS, Origin, Pins, Scheme};
use crate::text;

/// Times a request answered 429 or 503 is tried again.
const MAX_RETRIES: u32 = 3;
/// The first wait after a 429/503 without `Retry-After`; doubled each time.
const DEFAULT_BACKOFF: Duration = Duration::from_secs(5);
/// Bytes of an error answer kept to quote it.
const ERROR_SNIPPET: u64 = 4096;
/// Characters of a URL shown in a message.
pub(crate) const URL_SHOWN: usize = 200;

/// A URL for a message: made safe to print and cut to [`URL_SHOWN`] characters.
pub(crate) fn shown(url: &str) -> String {
    text::terminal_cut(url, URL_SHOWN).into_owned()
}

/// A URL for a message without its query (the capture list's query only repeats the origin
/// and the import's settings), made safe to print and cut.
pub(crate) fn shown_without_query(url: &Url) -> String {
    let mut bare = url.clone();
    bare.set_query(None);
    bare.set_fragment(None);
    shown(bare.as_str())
}

/// What the archive answered.
#[derive(Debug)]
pub(crate) struct Answer {
    pub(crate) status: u16,
    /// At most the cap asked for.
    pub(crate) body: Vec<u8>,
    /// The body went on past the cap (it was not read further).
    pub(crate) over_cap: bool,
}

impl Answer {
    /// The start of the body, safe to print.
    pub(crate) fn snippet(&self) -> String {
        let start = self.body.trim_ascii();
        text::terminal_cut(&start[..start.len().min(400)], 120).into_owned()
    }
}

/// Why a request to the archive failed. The message says what failed and why, not which
/// request it was: [`RequestError::url`] has that, for the caller to say once.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RequestError {
    /// The address guard refused the archive's address.
    #[error("address guard: {reason}")]
    Guard {
        /// The URL asked for.
        url: String,
        /// Why.
        reason: String,
    },
    /// The answer did not come in time.
    #[error("timed out after {secs} s")]
    Timeout {
        /// The URL asked for.
        url: String,
        /// The limit.
        secs: u64,
    },
    /// The connection ended before the body did (or the body could not be decoded).
    #[error("truncated answer after {bytes} bytes: {reason}")]
    Truncated {
        /// The URL asked for.
        url: String,
        /// Bytes received.
        bytes: usize,
        /// Why.
        reason: String,
    },
    /// The request failed: no connection, TLS, a broken answer (what failed and its root
    /// cause, as `cannot connect: Connection refused (os error 111)`).
    #[error("{reason}")]
    Failed {
        /// The URL asked for.
        url: String,
        /// What failed and why.
        reason: String,
    },
    /// A redirect the import does not follow.
    #[error("redirected to {to}: {reason}")]
    Redirect {
        /// The URL asked for.
        url: String,
        /// Where to.
        to: String,
        /// Why it was not followed.
        reason: &'static str,
    },
    /// The archive redirected more than [`MAX_REDIRECTS`] times (within its own origin).
    #[error("more than {MAX_REDIRECTS} redirects")]
    TooManyRedirects {
        /// The URL asked for.
        url: String,
    },
    /// The archive kept answering 429/503.
    #[error(
        "the archive keeps answering HTTP {status} after {retries} retries (it is overloaded or limits requests); try again later or with a lower --rate"
    )]
    RateLimited {
        /// The URL asked for.
        url: String,
        /// 429 or 503.
        status: u16,
        /// Retries made.
        retries: u32,
    },
    /// The archive asked for a longer wait than the import is willing to make.
    #[error(
        "the archive answers HTTP {status} and asks to wait {secs} s (Retry-After), more than the {max} s this import waits; try again later"
    )]
    WaitTooLong {
        /// The URL asked for.
        url: String,
        /// 429 or 503.
        status: u16,
        /// The wait asked for.
        secs: u64,
        /// The longest wait made.
        max: u64,
    },
}

impl RequestError {
    /// The URL asked for (made safe to print and cut).
    pub fn url(&self) -> &str {
        match self {
            RequestError::Guard { url, .. }
            | RequestError::Timeout { url, .. }
            | RequestError::Truncated { url, .. }
            | RequestError::Failed { url, .. }
            | RequestError::Redirect { url, .. }
            | RequestError::TooManyRedirects { url }
            | RequestError::RateLimited { url, .. }
            | RequestError::WaitTooLong { url, .. } => url,
        }
    }
}

/// The archive's client; see the module documentation.
pub(crate) struct ArchiveClient {
    client: Client,
    /// The archive's host and port when `--resolve` pins them, with a client that connects
    /// there.
    pinned: Option<((String, u16), Client)>,
    /// `--resolve`, for the guard's check of IP-literal hosts.
    pins: Pins,
    /// The archive's origin: redirects may not leave it.
    origin: Option<Origin>,
    timeout: Duration,
    interval: Duration,
    max_wait: Duration,
    last: Option<Instant>,
    /// Requests sent.
    pub(crate) requests: usize,
}

impl ArchiveClient {
    /// A client for the archive at `base` (already checked to be http(s) with a host).
    pub(crate) fn new(base: &Url, opts: &ArchiveOptions) -> Result<ArchiveClient, reqwest::Error> {
        let settings = ClientSettings {
            user_agent: &opts.user_agent,
            connect_timeout: opts.connect_timeout,
            timeout: opts.timeout,
            allow_private: opts.allow_private,
        };
        let builder = || guarded_client(&settings);
        let origin = url_origin(base);
        let host = origin.as_ref().map_or_else(String::new, |o| o.host.clone());
        let port = base.port_or_known_default().unwrap_or(0);
        let pins = Pins::new(&opts.resolve, opts.allow_private);
        let pinned = match pins.names().find(|(h, p, _)| *h == host && *p == port) {
            Some((_, _, addrs)) => Some((
                (host.clone(), port),
                builder().resolve_to_addrs(&host, &addrs).build()?,
            )),
            None => None,
        };
        let rate = if opts.rate.is_finite() && opts.rate > 0.0 {
            opts.rate
        } else {
            1.0
        };
        Ok(ArchiveClient {
            client: builder().build()?,
            pinned,
            pins,
            origin,
            timeout: opts.timeout,
            interval: Duration::from_secs_f64(1.0 / rate),
            max_wait: opts.max_retry_wait,
            last: None,
            requests: 0,
        })
    }

    /// GETs `url`, following up to [`MAX_REDIRECTS`] redirects within the archive's host when
    /// `follow`, and reads at most `cap` bytes of a 2xx body (decoded, if the archive sent it
    /// gzip- or deflate-encoded); of any other answer, the first few KiB, to quote.
    pub(crate) fn get(&mut self, url: Url, cap: u64, follow: bool) -> Result<Answer, RequestError> {
        let asked = shown(url.as_str());
        let mut url = url;
        let mut hops = 0;
        let mut retries = 0;
        // The limit on one request, its redirects and body included; a wait that 429/503 asks
        // for is not part of it (it is bounded by itself), so it starts again after one.
        let mut deadline = None;
        loop {
            let client = self.client_for(&url, &asked)?;
            self.pace();
            self.requests += 1;
            let limit = *deadline.get_or_insert_with(|| Deadline::after(self.timeout));
            let response = limit
                .send(client.get(url.clone()))
                .ok_or_else(|| RequestError::Timeout {
                    url: asked.clone(),
                    secs: self.timeout.as_secs(),
                })?
                .map_err(|e| self.classify(&e, &asked))?;
            let status = response.status().as_u16();
            if matches!(status, 429 | 503) {
                let wait = retry_after(response.headers(), jiff::Timestamp::now());
                drop(response);
                if let Some(wait) = wait
                    && wait > self.max_wait
                {
                    return Err(RequestError::WaitTooLong {
                        url: asked,
                        status,
                        secs: wait.as_secs(),
                        max: self.max_wait.as_secs(),
                    });
                }
                if retries == MAX_RETRIES {
                    return Err(RequestError::RateLimited {
                        url: asked,
                        status,
                        retries,
                    });
                }
                let wait = wait
                    .unwrap_or(DEFAULT_BACKOFF * 2u32.pow(retries))
                    .min(self.max_wait);
                std::thread::sleep(wait);
                retries += 1;
                // Asked again, with a limit of its own.
                deadline = None;
                continue;
            }
            if (300..400).contains(&status) {
                let to = response
                    .headers()
                    .get(reqwest::header::LOCATION)
                    .map(|l| String::from_utf8_lossy(l.as_bytes()).into_owned());
                if let Some(to) = to {
                    let to_shown = text::terminal_cut(&to, 100).into_owned();
                    let redirect = |reason| RequestError::Redirect {
                        url: asked.clone(),
                        to: to_shown.clone(),
                        reason,
                    };
                    if !follow {
                        return Err(redirect("a capture is read from its own address only"));
                    }
                    let next = url.join(to.trim()).map_err(|_| redirect("not a URL"))?;
                    if !matches!(next.scheme(), "http" | "https") {
                        return Err(redirect("not http or https"));
                    }
                    // The same scheme, host and port: another port of the archive's host is
                    // another server (RFC 6454), which --archive did not name.
                    if self.origin.is_none() || url_origin(&next) != self.origin {
                        return Err(redirect(
                            "another origin (scheme, host or port) than the archive's (name that one with --archive)",
                        ));
                    }
                    hops += 1;
                    if hops > MAX_REDIRECTS {
                        return Err(RequestError::TooManyRedirects { url: asked });
                    }
                    url = next;
                    continue;
                }
            }
            let cap = if (200..300).contains(&status) {
                cap
            } else {
                ERROR_SNIPPET
            };
            return read_body(response, cap).map_err(|(bytes, e)| {
                let timed_out = e.kind() == std::io::ErrorKind::TimedOut
                    || e.get_ref()
                        .and_then(|inner| inner.downcast_ref::<reqwest::Error>())
                        .is_some_and(reqwest::Error::is_timeout);
                if timed_out {
                    RequestError::Timeout {
                        url: asked.clone(),
                        secs: self.timeout.as_secs(),
                    }
                } else {
                    RequestError::Truncated {
                        url: asked.clone(),
                        bytes,
                        reason: root_cause(&e),
                    }
                }
            });
        }
    }

    /// The client for one hop, after the guard's check of an IP-literal host.
    fn client_for(&self, url: &Url, asked: &str) -> Result<Client, RequestError> {
        let port = url.port_or_known_default().unwrap_or(0);
        if matches!(url.host(), Some(url::Host::Ipv4(_) | url::Host::Ipv6(_))) {
            // An IP literal is never resolved, so the resolver's guard never sees it.
            if let Err(refusal) = self.pins.url(url) {
                return Err(RequestError::Guard {
                    url: asked.to_owned(),
                    reason: format!("{refusal}; name it with --resolve or pass --allow-private"),
                });
            }
            return Ok(self.client.clone());
        }
        match &self.pinned {
            Some((key, client)) if url_origin(url).is_some_and(|o| (o.host, port) == *key) => {
                Ok(client.clone())
            }
            _ => Ok(self.client.clone()),
        }
    }

    /// Waits until the next request may start (`rate`), one request at a time.
    fn pace(&mut self) {
        if let Some(last) = self.last {
            let next = last + self.interval;
            let now = Instant::now();
            if next > now {
                std::thread::sleep(next - now);
            }
        }
        self.last = Some(Instant::now());
    }

    /// A failed request, said as every fetch of the tool says it (see [`failure`]).
    fn classify(&self, e: &reqwest::Error, url: &str) -> RequestError {
        let url = url.to_owned();
        match failure(e) {
            Failure::Guard(reason) => RequestError::Guard { url, reason },
            Failure::TimedOut => RequestError::Timeout {
                url,
                secs: self.timeout.as_secs(),
            },
            Failure::Failed(reason) => RequestError::Failed { url, reason },
        }
    }
}

/// The origin of a URL's host (for comparing hosts as the rest of the tool does).
pub(crate) fn url_origin(url: &Url) -> Option<Origin> {
    let scheme = match url.scheme() {
        "http" => Scheme::Http,
        "https" => Scheme::Https,
        _ => return None,
    };
    let host = match url.host()? {
        url::Host::Domain(d) => d.to_owned(),
        url::Host::Ipv4(a) => a.to_string(),
        url::Host::Ipv6(a) => format!("[{a}]"),
    };
    let port = url.port_or_known_default()?;
    Origin::from_host(format!("{host}:{port}").as_bytes(), scheme).ok()
}

/// Reads at most `cap` bytes of the (decoded) body and one more to know whether there was
/// more; on failure, the bytes read so far and the error.
fn read_body(response: Response, cap: u64) -> Result<Answer, (usize, std::io::Error)> {
    let status = response.status().as_u16();
    let encoding = response
        .headers()
        .get(reqwest::header::CONTENT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .map(|v| v.trim().to_ascii_lowercase())
        .unwrap_or_default();
    let mut reader: Box<dyn Read> = match encoding.as_str() {
        "" | "identity" => Box::new(response),
        "gzip" | "x-gzip" => Box::new(flate2::read::MultiGzDecoder::new(response)),
        "deflate" => Box::new(flate2::read::ZlibDecoder::new(response)),
        other => {
            return Err((
                0,
                std::io::Error::new(
                    std::io::ErrorKind::InvalidData,
                    format!(
                        "unsupported Content-Encoding {}",
                        text::terminal_cut(other, 40)
                    ),
                ),
            ));
        }
    };
    let mut body = Vec::new();
    // Read through `by_ref` so that what was read before an error is still in `body`.
    if let Err(e) = reader.by_ref().take(cap + 1).read_to_end(&mut body) {
        return Err((body.len(), e));
    }
    let over_cap = body.len() as u64 > cap;
    body.truncate(usize::try_from(cap).unwrap_or(usize::MAX));
    Ok(Answer {
        status,
        body,
        over_cap,
    })
}

/// `Retry-After` as a wait from `now`: seconds, or an HTTP date (RFC 9110 §10.2.3).
pub(crate) fn retry_after(headers: &HeaderMap, now: jiff::Timestamp) -> Option<Duration> {
    let value = headers
        .get(reqwest::header::RETRY_AFTER)?
        .to_str()
        .ok()?
        .trim();
    if let Ok(secs) = value.parse::<u64>() {
        return Some(Duration::from_secs(secs));
    }
    let when = jiff::fmt::rfc2822::DateTimeParser::new()
        .parse_timestamp(value)
        .ok()?;
    let secs = when.as_second().saturating_sub(now.as_second());
    Some(Duration::from_secs(u64::try_from(secs).unwrap_or(0)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retry_after_in_seconds_or_as_an_http_date() {
        let now: jiff::Timestamp = "2026-11-20T10:00:00Z".parse().expect("instant");
        let mut headers = HeaderMap::new();
        assert_eq!(retry_after(&headers, now), None);
        headers.insert(reqwest::header::RETRY_AFTER, "120".parse().expect("value"));
        assert_eq!(retry_after(&headers, now), Some(Duration::from_secs(120)));
        headers.insert(
            reqwest::header::RETRY_AFTER,
            "Fri, 20 Nov 2026 10:01:30 GMT".parse().expect("value"),
        );
        assert_eq!(retry_after(&headers, now), Some(Duration::from_secs(90)));
        // A date already past: no wait.
        headers.insert(
            reqwest::header::RETRY_AFTER,
            "Fri, 20 Nov 2026 09:00:00 GMT".parse().expect("value"),
        );
        assert_eq!(retry_after(&headers, now), Some(Duration::ZERO));
        headers.insert(reqwest::header::RETRY_AFTER, "soon".parse().expect("value"));
        assert_eq!(retry_after(&headers, now), None);
    }

    #[test]
    fn hosts_compare_as_origins() {
        let url = |s: &str| Url::parse(s).expect("URL");
        assert_eq!(
            url_origin(&url("https://Web.Archive.org/cdx")).map(|o| o.host),
            Some("web.archive.org".to_owned())
        );
        assert_eq!(
            url_origin(&url("http://[::1]:8080/")).map(|o| o.display_host()),
            Some("[::1]:8080".to_owned())
        );
        assert_eq!(url_origin(&url("ftp://example.com/")), None);
    }
}
