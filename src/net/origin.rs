//! Origins (RFC 9309 §2.3: scheme + host + port): the key every robots.txt is fetched,
//! cached and reported under.
//!
//! Takes a host as a log records it (a `Host` header, a vhost field, a URL) and gives a
//! normalised [`Origin`]: lower-case ASCII host, internationalised names in punycode, IPv6
//! without brackets, default ports folded away. Anything that is not a DNS name or an IP
//! literal is refused here, before any other part of `fetch` sees it: a hostile log must not
//! be able to smuggle a user name, a path or a second host into a URL.

use crate::text;
use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::str::FromStr;

/// The longest host name DNS can carry (RFC 1035 §2.3.4), without the trailing dot.
const MAX_HOST_LEN: usize = 253;
/// The longest DNS label (RFC 1035 §2.3.4).
const MAX_LABEL_LEN: usize = 63;

/// The URL scheme of an origin. Only the two schemes robots.txt is fetched over.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Scheme {
    /// `http`, default port 80.
    Http,
    /// `https`, default port 443.
    Https,
}

impl Scheme {
    /// `"http"` or `"https"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Scheme::Http => "http",
            Scheme::Https => "https",
        }
    }

    /// The port that is the same origin as no port (RFC 9309 §2.3: `http://example.com:80/`
    /// is `http://example.com/`).
    pub fn default_port(self) -> u16 {
        match self {
            Scheme::Http => 80,
            Scheme::Https => 443,
        }
    }
}

impl fmt::Display for Scheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Scheme {
    type Err = OriginError;

    /// `http` or `https`, in any case.
    fn from_str(s: &str) -> Result<Scheme, OriginError> {
        if s.eq_ignore_ascii_case("http") {
            Ok(Scheme::Http)
        } else if s.eq_ignore_ascii_case("https") {
            Ok(Scheme::Https)
        } else {
            Err(OriginError::new(s.as_bytes(), OriginErrorKind::Scheme))
        }
    }
}

/// What was wrong with a host or URL that could not become an [`Origin`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum OriginErrorKind {
    /// Nothing, or only a port.
    Empty,
    /// Not UTF-8.
    Encoding,
    /// A character no host name may hold (space, `/`, `@`, `%`, control, …).
    Character,
    /// An empty label (`a..b`, a leading dot), a label over 63 bytes or a name over 253.
    Label,
    /// IDNA processing failed (bad punycode, disallowed code point).
    Idna,
    /// Looks like an IP address but is not a plain dotted quad or a valid IPv6 literal
    /// (`0x7f.1`, `2130706433`, `010.0.0.1`, a zone id): refused, since URL parsers read such
    /// names as addresses in ways that differ.
    IpLiteral,
    /// The port is not a number, zero or over 65535.
    Port,
    /// The scheme is neither `http` nor `https`.
    Scheme,
    /// The URL holds user information (`user@host`).
    UserInfo,
}

impl OriginErrorKind {
    /// What was wrong, in a few words (`empty or over-long label`).
    pub fn describe(self) -> &'static str {
        match self {
            OriginErrorKind::Empty => "empty host",
            OriginErrorKind::Encoding => "host is not UTF-8",
            OriginErrorKind::Character => "character not allowed in a host name",
            OriginErrorKind::Label => "empty or over-long label",
            OriginErrorKind::Idna => "invalid internationalised name",
            OriginErrorKind::IpLiteral => "malformed IP address",
            OriginErrorKind::Port => "invalid port",
            OriginErrorKind::Scheme => "scheme is not http or https",
            OriginErrorKind::UserInfo => "user information in URL",
        }
    }
}

/// A host or URL that is not a valid origin.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid host {input:?}: {}", kind.describe())]
pub struct OriginError {
    /// The input, lossily decoded and escaped (no control characters), at most 200 chars.
    pub input: String,
    /// What was wrong.
    pub kind: OriginErrorKind,
}

impl OriginError {
    fn new(input: &[u8], kind: OriginErrorKind) -> OriginError {
        OriginError {
            input: text::terminal_cut(input, 200).into_owned(),
            kind,
        }
    }
}

/// A robots.txt origin: scheme, normalised host and port.
#[derive(
    Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct Origin {
    /// `http` or `https`.
    pub scheme: Scheme,
    /// Lower-case ASCII: a DNS name (IDN in punycode, no trailing dot), a dotted-quad IPv4
    /// address, or an IPv6 address in its canonical form without brackets.
    pub host: String,
    /// Always set; the scheme's default port when the input gave none.
    pub port: u16,
}

impl Origin {
    /// An origin from a `Host` header or a log's host field (`Example.COM`,
    /// `example.com:8080`, `[2001:db8::1]:443`, `www.müller.eu`, `xn--…`), with the scheme to
    /// use since a host field does not say.
    ///
    /// Refuses what is not a DNS name or an IP literal: spaces, `/`, `@`, `%`, empty
    /// labels, over-long names, bad ports, and numeric names that URL parsers would read as
    /// odd IPv4 forms. One trailing dot (`example.com.`) is dropped.
    ///
    /// ```
    /// use robots_audit::fetch::{Origin, Scheme};
    ///
    /// let o = Origin::from_host("WWW.Müller.eu:443".as_bytes(), Scheme::Https).unwrap();
    /// assert_eq!(o.host, "www.xn--mller-kva.eu");
    /// assert_eq!(o.display_host(), "www.xn--mller-kva.eu");
    /// assert_eq!(o.robots_url(), "https://www.xn--mller-kva.eu/robots.txt");
    ///
    /// let v6 = Origin::from_host(b"[2001:DB8::1]:8080", Scheme::Http).unwrap();
    /// assert_eq!(v6.host, "2001:db8::1");
    /// assert_eq!(v6.display_host(), "[2001:db8::1]:8080");
    ///
    /// assert!(Origin::from_host(b"user@example.com", Scheme::Https).is_err());
    /// assert!(Origin::from_host(b"0x7f.1", Scheme::Https).is_err());
    /// ```
    pub fn from_host(host: &[u8], scheme: Scheme) -> Result<Origin, OriginError> {
        let err = |kind| OriginError::new(host, kind);
        if host.is_empty() {
            return Err(err(OriginErrorKind::Empty));
        }
        let (name, port): (&[u8], Option<&[u8]>) = if host[0] == b'[' {
            let close = host
                .iter()
                .position(|&b| b == b']')
                .ok_or_else(|| err(OriginErrorKind::IpLiteral))?;
            let rest = &host[close + 1..];
            let port = match rest {
                [] => None,
                [b':', port @ ..] => Some(port),
                _ => return Err(err(OriginErrorKind::Character)),
            };
            let inner = std::str::from_utf8(&host[1..close])
                .map_err(|_| err(OriginErrorKind::IpLiteral))?;
            let addr = Ipv6Addr::from_str(inner).map_err(|_| err(OriginErrorKind::IpLiteral))?;
            let port = parse_port(port, scheme).map_err(err)?;
            return Ok(Origin {
                scheme,
                host: addr.to_string(),
                port,
            });
        } else {
            match host.iter().filter(|&&b| b == b':').count() {
                0 => (host, None),
                1 => {
                    // The one colon exists: counted just above.
                    let colon = host.iter().position(|&b| b == b':').unwrap_or(host.len());
                    (&host[..colon], Some(&host[colon + 1..]))
                }
                _ => {
                    // A bare IPv6 address, as some logs write it; no port possible.
                    let s =
                        std::str::from_utf8(host).map_err(|_| err(OriginErrorKind::IpLiteral))?;
                    let addr =
                        Ipv6Addr::from_str(s).map_err(|_| err(OriginErrorKind::IpLiteral))?;
                    return Ok(Origin {
                        scheme,
                        host: addr.to_string(),
                        port: scheme.default_port(),
                    });
                }
            }
        };
        let port = parse_port(port, scheme).map_err(err)?;
        let host = normalize_name(name).map_err(err)?;
        Ok(Origin { scheme, host, port })
    }

    /// An origin from a command-line argument: a URL (`https://example.com/any/path`) or a
    /// host with an optional port (then `default_scheme` applies). Paths, queries and
    /// fragments of a URL are ignored; user information is refused.
    pub fn from_url(arg: &str, default_scheme: Scheme) -> Result<Origin, OriginError> {
        let (scheme, rest) = match arg.find("://") {
            Some(i) => (Scheme::from_str(&arg[..i])?, &arg[i + 3..]),
            None => (default_scheme, arg),
        };
        let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
        let authority = &rest[..end];
        if authority.contains('@') {
            return Err(OriginError::new(arg.as_bytes(), OriginErrorKind::UserInfo));
        }
        Origin::from_host(authority.as_bytes(), scheme)
    }

    /// Whether the port is the scheme's default one.
    pub fn has_default_port(&self) -> bool {
        self.port == self.scheme.default_port()
    }

    /// The host as an IP address, if it is an IP literal.
    pub fn ip(&self) -> Option<IpAddr> {
        IpAddr::from_str(&self.host).ok()
    }

    /// `example.com`, or `example.com:8080` for a non-default port; IPv6 in brackets
    /// (`[2001:db8::1]`). The report's `host` column and the `--robots-dir` folder name.
    pub fn display_host(&self) -> String {
        let host = if self.host.contains(':') {
            format!("[{}]", self.host)
        } else {
            self.host.clone()
        };
        if self.has_default_port() {
            host
        } else {
            format!("{host}:{}", self.port)
        }
    }

    /// `https://example.com/robots.txt` (the port only when not the default).
    pub fn robots_url(&self) -> String {
        format!("{}://{}/robots.txt", self.scheme, self.display_host())
    }
}

impl fmt::Display for Origin {
    /// `https://example.com` or `http://example.com:8080`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}://{}", self.scheme, self.display_host())
    }
}

fn parse_port(port: Option<&[u8]>, scheme: Scheme) -> Result<u16, OriginErrorKind> {
    // An empty port (`example.com:`) is the default one (RFC 3986 §3.2.3, §6.2.3).
    let port = match port {
        None | Some([]) => return Ok(scheme.default_port()),
        Some(port) => port,
    };
    if port.len() > 5 || !port.iter().all(u8::is_ascii_digit) {
        return Err(OriginErrorKind::Port);
    }
    let n = port.iter().fold(0u32, |n, &d| n * 10 + u32::from(d - b'0'));
    match u16::try_from(n) {
        Ok(p) if p != 0 => Ok(p),
        _ => Err(OriginErrorKind::Port),
    }
}

/// A host name (no port) to lower-case ASCII, or a dotted-quad IPv4 address.
pub(crate) fn normalize_name(name: &[u8]) -> Result<String, OriginErrorKind> {
    let name = match name {
        [rest @ .., b'.'] => rest,
        _ => name,
    };
    if name.is_empty() {
        return Err(OriginErrorKind::Empty);
    }
    if name.is_ascii() {
        // Refuse what could change a URL's meaning before IDNA sees it.
        if !name
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
        {
            return Err(OriginErrorKind::Character);
        }
    } else if std::str::from_utf8(name).is_err() {
        return Err(OriginErrorKind::Encoding);
    } else if name
        .iter()
        .any(|&b| b.is_ascii() && !(b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.')))
    {
        return Err(OriginErrorKind::Character);
    }
    let ascii = idna::domain_to_ascii_cow(name, idna::AsciiDenyList::URL)
        .map_err(|_| OriginErrorKind::Idna)?;
    let ascii: &str = &ascii;
    // IDNA may map exotic input to new ASCII (full stops, full-width letters): check again.
    if ascii.is_empty()
        || !ascii.bytes().all(|b| {
            b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'-' | b'_' | b'.')
        })
    {
        return Err(OriginErrorKind::Character);
    }
    if ascii.len() > MAX_HOST_LEN
        || ascii
            .split('.')
            .any(|label| label.is_empty() || label.len() > MAX_LABEL_LEN)
    {
        return Err(OriginErrorKind::Label);
    }
    // WHATWG URL: a host whose last label is a number is an IPv4 address. Accept only the
    // plain dotted quad that every parser agrees on (std's parser: no leading zeros).
    let last = ascii.rsplit('.').next().unwrap_or(ascii);
    let numeric = !last.is_empty() && last.bytes().all(|b| b.is_ascii_digit())
        || last
            .strip_prefix("0x")
            .is_some_and(|h| h.bytes().all(|b| b.is_ascii_hexdigit()));
    if numeric {
        return match Ipv4Addr::from_str(ascii) {
            Ok(addr) => Ok(addr.to_string()),
            Err(_) => Err(OriginErrorKind::IpLiteral),
        };
    }
    Ok(ascii.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(host: &str, scheme: Scheme) -> Origin {
        Origin::from_host(host.as_bytes(), scheme).unwrap_or_else(|e| panic!("{host}: {e}"))
    }

    fn bad(host: &[u8]) -> OriginErrorKind {
        match Origin::from_host(host, Scheme::Https) {
            Ok(o) => panic!("{:?} accepted as {o:?}", String::from_utf8_lossy(host)),
            Err(e) => e.kind,
        }
    }

    #[test]
    fn rfc9309_default_ports_are_the_same_origin() {
        assert_eq!(
            ok("example.com:80", Scheme::Http),
            ok("example.com", Scheme::Http)
        );
        assert_eq!(
            ok("example.com:443", Scheme::Https),
            ok("EXAMPLE.com", Scheme::Https)
        );
        let o = ok("example.com:8181", Scheme::Http);
        assert_eq!(o.port, 8181);
        assert_eq!(o.display_host(), "example.com:8181");
        assert_eq!(o.robots_url(), "http://example.com:8181/robots.txt");
        assert_ne!(
            ok("example.com", Scheme::Http),
            ok("example.com", Scheme::Https)
        );
        assert_eq!(
            ok("example.com:443", Scheme::Http).display_host(),
            "example.com:443"
        );
        // An empty port is the default one (RFC 3986 §6.2.3): a `Host: example.com:` header
        // is a request to the site, not to nowhere.
        assert_eq!(
            ok("example.com:", Scheme::Https),
            ok("example.com", Scheme::Https)
        );
        assert_eq!(ok("[::1]:", Scheme::Http), ok("[::1]", Scheme::Http));
    }

    #[test]
    fn rfc9309_idn_equals_punycode() {
        let a = ok("www.müller.eu", Scheme::Https);
        assert_eq!(a.host, "www.xn--mller-kva.eu");
        assert_eq!(a, ok("WWW.XN--MLLER-KVA.EU", Scheme::Https));
        assert_ne!(a, ok("www.muller.eu", Scheme::Https));
        assert_eq!(ok("www.MÜLLER.eu", Scheme::Https), a);
    }

    #[test]
    fn ip_literals() {
        let v6 = ok("[2001:DB8:0:0::1]:443", Scheme::Https);
        assert_eq!(v6.host, "2001:db8::1");
        assert_eq!(v6.display_host(), "[2001:db8::1]");
        assert_eq!(
            ok("[2001:db8::1]:8443", Scheme::Https).display_host(),
            "[2001:db8::1]:8443"
        );
        assert_eq!(ok("2001:db8::1", Scheme::Https).host, "2001:db8::1");
        let v4 = ok("212.96.82.21", Scheme::Http);
        assert_eq!(v4.ip(), Some("212.96.82.21".parse().expect("literal")));
        assert_eq!(
            ok("212.96.82.21:8080", Scheme::Http).robots_url(),
            "http://212.96.82.21:8080/robots.txt"
        );
        assert_eq!(ok("example.com.", Scheme::Http).host, "example.com");
    }

    #[test]
    fn refuses_what_is_not_a_host() {
        assert_eq!(bad(b""), OriginErrorKind::Empty);
        assert_eq!(bad(b"exa mple.com"), OriginErrorKind::Character);
        assert_eq!(bad(b"example.com/x"), OriginErrorKind::Character);
        assert_eq!(bad(b"user@example.com"), OriginErrorKind::Character);
        assert_eq!(bad(b"ex%41mple.com"), OriginErrorKind::Character);
        assert_eq!(bad(b"a..b"), OriginErrorKind::Label);
        assert_eq!(bad(b".a.b"), OriginErrorKind::Label);
        assert_eq!(bad(b"a.b.."), OriginErrorKind::Label);
        assert_eq!(
            bad(format!("{}.com", "a".repeat(64)).as_bytes()),
            OriginErrorKind::Label
        );
        let long = vec!["abcdefghi"; 26].join(".");
        assert_eq!(bad(long.as_bytes()), OriginErrorKind::Label);
        assert_eq!(bad(b"example.com:0"), OriginErrorKind::Port);
        assert_eq!(bad(b"example.com:65536"), OriginErrorKind::Port);
        assert_eq!(bad(b"example.com:+80"), OriginErrorKind::Port);
        assert_eq!(bad(b"[::1"), OriginErrorKind::IpLiteral);
        assert_eq!(bad(b"[fe80::1%eth0]"), OriginErrorKind::IpLiteral);
        assert_eq!(bad(b"[::1]x"), OriginErrorKind::Character);
        assert_eq!(bad(b"0x7f.1"), OriginErrorKind::IpLiteral);
        assert_eq!(bad(b"2130706433"), OriginErrorKind::IpLiteral);
        assert_eq!(bad(b"010.0.0.1"), OriginErrorKind::IpLiteral);
        assert_eq!(bad(b"1.2.3"), OriginErrorKind::IpLiteral);
        assert_eq!(bad(b"ex\xffample.com"), OriginErrorKind::Encoding);
        assert_eq!(bad(b"exa\nmple.com"), OriginErrorKind::Character);
        assert_eq!(bad(b"\xef\xbc\x8f.com"), OriginErrorKind::Idna); // full-width '/'
    }

    #[test]
    fn from_url_arguments() {
        let o = Origin::from_url("HTTPS://Example.com:443/a/b?c#d", Scheme::Http).expect("url");
        assert_eq!(o, ok("example.com", Scheme::Https));
        let o = Origin::from_url("example.com:8080", Scheme::Http).expect("host");
        assert_eq!(o.robots_url(), "http://example.com:8080/robots.txt");
        assert!(Origin::from_url("ftp://example.com/", Scheme::Http).is_err());
        assert_eq!(
            Origin::from_url("https://u:p@example.com/", Scheme::Http).map_err(|e| e.kind),
            Err(OriginErrorKind::UserInfo)
        );
    }

    #[test]
    fn error_text_is_sanitised() {
        let e = Origin::from_host(b"a\x1b[31mb", Scheme::Http).expect_err("control char");
        assert!(!e.to_string().chars().any(|c| c.is_control()), "{e}");
    }
}
