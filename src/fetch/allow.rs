//! `--allow-host`: the hosts robots.txt may be fetched from, checked on every redirect hop.

use super::OptionError;
use crate::net::{Origin, Scheme};
use crate::text;

/// An allow-list of host patterns: `example.com` (that host) or `*.example.com` (its
/// subdomains, not itself). Empty allows every host.
#[derive(Clone, Debug, Default)]
pub(crate) struct HostAllowList {
    exact: Vec<String>,
    suffixes: Vec<String>,
}

impl HostAllowList {
    pub(crate) fn new(patterns: &[String]) -> Result<HostAllowList, OptionError> {
        let mut list = HostAllowList::default();
        for pattern in patterns {
            let bad = || OptionError::AllowHost(text::terminal_cut(pattern, 200).into_owned());
            if let Some(rest) = pattern.strip_prefix("*.") {
                let host =
                    crate::net::origin::normalize_name(rest.as_bytes()).map_err(|_| bad())?;
                list.suffixes.push(format!(".{host}"));
            } else {
                let o = Origin::from_host(pattern.as_bytes(), Scheme::Https).map_err(|_| bad())?;
                if !o.has_default_port() {
                    return Err(bad());
                }
                list.exact.push(o.host);
            }
        }
        Ok(list)
    }

    pub(crate) fn allows(&self, host: &str) -> bool {
        (self.exact.is_empty() && self.suffixes.is_empty())
            || self.exact.iter().any(|h| h == host)
            || self.suffixes.iter().any(|s| host.ends_with(s.as_str()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allow_list_patterns() {
        let list =
            HostAllowList::new(&["Example.com".into(), "*.Müller.eu".into()]).expect("patterns");
        assert!(list.allows("example.com"));
        assert!(!list.allows("www.example.com"));
        assert!(list.allows("www.xn--mller-kva.eu"));
        assert!(!list.allows("xn--mller-kva.eu"));
        assert!(!list.allows("evilxn--mller-kva.eu"));
        assert!(
            HostAllowList::new(&[])
                .expect("empty")
                .allows("anything.example")
        );
        assert!(HostAllowList::new(&["a/b".into()]).is_err());
    }
}
