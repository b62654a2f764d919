//! `--resolve HOST:PORT:ADDRESS`, as curl's option: the user's pins of a name to addresses.
//! A pin is the user's explicit choice, so the address guard does not apply to the addresses
//! it names; a pin whose host is an IP literal cannot send that literal elsewhere, it only
//! vouches for the very address it lists.

use std::net::IpAddr;

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

/// The IP-literal hosts `--resolve` vouches for: an entry whose host is a literal cannot send
/// it elsewhere, it only allows that very address (and port) past the guard.
#[cfg(feature = "net")]
pub(crate) fn vouched_literals(resolve: &[ResolveOverride]) -> Vec<(IpAddr, u16)> {
    resolve
        .iter()
        .filter_map(|o| {
            let ip: IpAddr = o.host.trim_matches(['[', ']']).parse().ok()?;
            o.addrs.contains(&ip).then_some((ip, o.port))
        })
        .collect()
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
}
