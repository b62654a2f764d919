//! `--resolve HOST:PORT:ADDRESS`, as curl's option: the user's pins of a name to addresses.
//! A pin is the user's explicit choice, so the address guard does not apply to the addresses
//! it names; a pin whose host is an IP literal cannot send that literal elsewhere, it only
//! vouches for the very address it lists.

use std::net::IpAddr;
#[cfg(feature = "net")]
use std::net::SocketAddr;

#[cfg(feature = "net")]
use super::guard::{GuardRefusal, address_allowed};
use super::{Origin, Scheme};
use crate::text;

/// A `--resolve HOST:PORT:ADDRESS[,ADDRESS…]` override, as curl's option: connections to
/// HOST:PORT go to ADDRESS. The user's explicit choice, so the address guard does not
/// apply to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResolveOverride {
    /// Normalised like [`Origin::host`].
    pub host: String,
    /// The port it applies to (an origin's port, default ports included: `example.com:443`).
    pub port: u16,
    /// Where to connect instead; at least one.
    pub addrs: Vec<IpAddr>,
}

impl ResolveOverride {
    /// Parses `HOST:PORT:ADDRESS`, where HOST may be an IDN and ADDRESS may be a
    /// comma-separated list of IPv4 or IPv6 addresses, IPv6 optionally in brackets.
    pub fn parse(s: &str) -> Result<ResolveOverride, ResolveError> {
        let bad = || ResolveError(text::terminal_cut(s, 200).into_owned());
        let (host, rest) = if let Some(inner) = s.strip_prefix('[') {
            let close = inner.find(']').ok_or_else(bad)?;
            (
                &s[..close + 2],
                inner[close + 1..].strip_prefix(':').ok_or_else(bad)?,
            )
        } else {
            s.split_once(':').ok_or_else(bad)?
        };
        let (port, addrs) = rest.split_once(':').ok_or_else(bad)?;
        let origin = Origin::from_host(format!("{host}:{port}").as_bytes(), Scheme::Https)
            .map_err(|_| bad())?;
        let addrs = addrs
            .split(',')
            .map(|a| {
                let a = a
                    .strip_prefix('[')
                    .and_then(|a| a.strip_suffix(']'))
                    .unwrap_or(a);
                a.parse::<IpAddr>().map_err(|_| bad())
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(ResolveOverride {
            host: origin.host,
            port: origin.port,
            addrs,
        })
    }
}

/// A `--resolve` value that is not `HOST:PORT:ADDRESS` (the value, cut and made safe to print).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid --resolve {0:?}: expected HOST:PORT:ADDRESS")]
pub struct ResolveError(pub String);

/// The user's `--resolve` pins as a client applies them: names pinned to addresses (a client
/// for such a name resolves it there, guard or not), and IP-literal hosts it vouches for. An
/// IP literal is never resolved, so the resolver's guard never sees it: [`Pins::literal`] is
/// the guard's decision for one, the one check every download makes before a request to a
/// literal host (and on every redirect hop).
#[cfg(feature = "net")]
#[derive(Clone, Debug, Default)]
pub(crate) struct Pins {
    /// Names (not IP literals) by host and port, with their addresses, in the order given.
    names: Vec<(String, u16, Vec<IpAddr>)>,
    /// (address, port) of the entries whose host is an IP literal listing that very address:
    /// `--resolve` cannot send a literal elsewhere, it only lets it past the guard.
    vouched: Vec<(IpAddr, u16)>,
    /// Passed to [`address_allowed`].
    allow_private: bool,
}

#[cfg(feature = "net")]
impl Pins {
    /// The pins of `resolve`, for a client that may (`allow_private`) or may not reach
    /// non-global addresses.
    pub(crate) fn new(resolve: &[ResolveOverride], allow_private: bool) -> Pins {
        let mut pins = Pins {
            allow_private,
            ..Pins::default()
        };
        for o in resolve {
            match o.host.trim_matches(['[', ']']).parse::<IpAddr>() {
                Ok(ip) => {
                    if o.addrs.contains(&ip) && !pins.vouched.contains(&(ip, o.port)) {
                        pins.vouched.push((ip, o.port));
                    }
                }
                Err(_) => match pins
                    .names
                    .iter_mut()
                    .find(|(host, port, _)| *host == o.host && *port == o.port)
                {
                    Some((_, _, addrs)) => addrs.extend(o.addrs.iter().copied()),
                    None => pins.names.push((o.host.clone(), o.port, o.addrs.clone())),
                },
            }
        }
        pins
    }

    /// Every pinned name: host, port, and the socket addresses to connect to instead.
    pub(crate) fn names(&self) -> impl Iterator<Item = (&str, u16, Vec<SocketAddr>)> {
        self.names.iter().map(|(host, port, addrs)| {
            let sockets = addrs.iter().map(|&a| SocketAddr::new(a, *port)).collect();
            (host.as_str(), *port, sockets)
        })
    }

    /// The guard's decision for a request to the IP literal `ip` on `port`: allowed when
    /// `--resolve` vouches for that very address and port, else as [`address_allowed`] says.
    pub(crate) fn literal(&self, ip: IpAddr, port: u16) -> Result<(), GuardRefusal> {
        if self.vouched.contains(&(ip, port)) {
            return Ok(());
        }
        address_allowed(ip, self.allow_private)
    }

    /// [`Pins::literal`] for a URL whose host is an IP literal; `Ok` for a name (the
    /// resolver's guard checks those when they are resolved).
    pub(crate) fn url(&self, url: &url::Url) -> Result<(), GuardRefusal> {
        let ip = match url.host() {
            Some(url::Host::Ipv4(a)) => IpAddr::V4(a),
            Some(url::Host::Ipv6(a)) => IpAddr::V6(a),
            _ => return Ok(()),
        };
        self.literal(ip, url.port_or_known_default().unwrap_or(0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolve_override_parses_like_curl() {
        let o = ResolveOverride::parse("Example.com:443:127.0.0.1").expect("valid");
        assert_eq!(o.host, "example.com");
        assert_eq!(o.port, 443);
        assert_eq!(o.addrs, vec![IpAddr::from([127, 0, 0, 1])]);
        let o = ResolveOverride::parse("www.müller.eu:8080:[::1],10.0.0.2").expect("valid");
        assert_eq!(o.host, "www.xn--mller-kva.eu");
        assert_eq!(o.addrs.len(), 2);
        let o = ResolveOverride::parse("[2001:db8::1]:80:127.0.0.1").expect("valid");
        assert_eq!(o.host, "2001:db8::1");
        for bad in [
            "example.com",
            "example.com:80",
            "example.com:x:127.0.0.1",
            "a b:80:1.2.3.4",
            "example.com:80:nope",
        ] {
            assert!(ResolveOverride::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    #[cfg(feature = "net")]
    fn pins_vouch_for_literals_and_group_names() {
        let resolve: Vec<ResolveOverride> = [
            "a.test:8080:127.0.0.1",
            "a.test:8080:127.0.0.2",
            "a.test:443:10.0.0.1",
            "127.0.0.1:8081:127.0.0.1",
            "[::1]:80:::1",
            "10.0.0.9:80:127.0.0.1",
        ]
        .iter()
        .map(|r| ResolveOverride::parse(r).expect("valid"))
        .collect();
        let pins = Pins::new(&resolve, false);
        let names: Vec<(&str, u16, usize)> =
            pins.names().map(|(h, p, a)| (h, p, a.len())).collect();
        assert_eq!(names, [("a.test", 8080, 2), ("a.test", 443, 1)]);
        let ip = |s: &str| s.parse::<IpAddr>().expect("test address");
        // Vouched: the very address and port a literal entry lists.
        assert!(pins.literal(ip("127.0.0.1"), 8081).is_ok());
        assert!(pins.literal(ip("::1"), 80).is_ok());
        // Not on another port, and a literal entry cannot send its literal elsewhere.
        assert_eq!(
            pins.literal(ip("127.0.0.1"), 8082)
                .expect_err("another port")
                .class,
            "loopback"
        );
        assert!(pins.literal(ip("10.0.0.9"), 80).is_err());
        assert!(pins.literal(ip("93.184.215.14"), 80).is_ok());
        assert!(
            Pins::new(&resolve, true)
                .literal(ip("10.0.0.9"), 80)
                .is_ok()
        );
        let url = |s: &str| url::Url::parse(s).expect("test URL");
        assert!(pins.url(&url("http://127.0.0.1:8081/x")).is_ok());
        assert!(pins.url(&url("http://[::1]:81/x")).is_err());
        assert!(pins.url(&url("http://a.test/x")).is_ok());
    }
}
