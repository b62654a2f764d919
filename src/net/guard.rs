//! The address guard: which addresses a fetch may connect to.
//!
//! Host names come from access logs, which anyone on the Internet can write into. Without a
//! guard, a log line with `Host: 169.254.169.254` or a name resolving to `10.0.0.5` would make
//! the tool fetch from the auditor's internal network (SSRF). So every address a connection
//! would go to — resolved names and IP-literal hosts, on every redirect hop — must be a
//! globally reachable unicast address, unless the user named it with `--resolve` or opted in
//! with `allow_private`. [`address_allowed`] is the decision; [`GuardedResolver`] applies it
//! inside reqwest's connector (`client.rs`). This module decides; it never resolves nor connects.
//!
//! [`GuardedResolver`]: super::GuardedResolver

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// Why an address was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("address {addr} is {class}")]
pub struct GuardRefusal {
    /// The refused address.
    pub addr: IpAddr,
    /// The range it falls in, e.g. `"loopback"`, `"private"`, `"link-local"`.
    pub class: &'static str,
}

/// The guard's decision for one address: `Ok` if a fetch may connect to it.
///
/// Refused always: unspecified, multicast, broadcast (no server lives there). Refused unless
/// `allow_private`: every other address that is not globally reachable unicast — loopback,
/// private (RFC 1918), CGNAT (RFC 6598), link-local, documentation, benchmarking, reserved,
/// IPv6 unique-local and site-local, and IPv4 addresses of those kinds written in IPv6 forms
/// (IPv4-mapped, IPv4-compatible, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`).
///
/// ```
/// use robots_audit::net::address_allowed;
///
/// assert!(address_allowed("93.184.215.14".parse().unwrap(), false).is_ok());
/// let refusal = address_allowed("169.254.169.254".parse().unwrap(), false).unwrap_err();
/// assert_eq!(refusal.class, "link-local");
/// assert!(address_allowed("::ffff:127.0.0.1".parse().unwrap(), false).is_err());
/// assert!(address_allowed("10.0.0.1".parse().unwrap(), true).is_ok());
/// ```
pub fn address_allowed(addr: IpAddr, allow_private: bool) -> Result<(), GuardRefusal> {
    match classify(addr) {
        None => Ok(()),
        Some(Class::Never(class)) => Err(GuardRefusal { addr, class }),
        Some(Class::Private(_)) if allow_private => Ok(()),
        Some(Class::Private(class)) => Err(GuardRefusal { addr, class }),
    }
}

/// The kind of address `addr` is when no crawler can send a request from it across the
/// internet: a site's own network (loopback, private (RFC 1918), shared (CGNAT, RFC 6598),
/// link-local, unique-local or site-local), or an address no host on the internet has
/// (unspecified, broadcast, multicast, reserved, benchmarking, protocol assignments, local-use
/// NAT64, outside IPv6 global unicast), also written in an IPv6 form; else `None`. A client
/// with such an address in an access log is a proxy or a load balancer logged in place of
/// the client, or a placeholder: no crawler publishes one, so it proves nothing about who
/// sent the request, and a block list naming it (`0.0.0.0`, `::`) could block the site's own
/// proxy, or everyone.
///
/// The documentation ranges (RFC 5737, 3849, 9637) are not among them: examples and test
/// logs write them for an address on the internet. Nor are the IETF protocol assignments
/// (`192.0.0.0/24`, `2001::/23`): they hold addresses that are reached across the internet
/// (Teredo's `2001::/32`, `192.0.0.9`, `192.0.0.10`).
///
/// ```
/// use robots_audit::net::internal_class;
///
/// assert_eq!(internal_class("10.1.2.3".parse().unwrap()), Some("private (RFC 1918)"));
/// assert_eq!(internal_class("::ffff:127.0.0.1".parse().unwrap()), Some("loopback"));
/// assert_eq!(internal_class("0.0.0.0".parse().unwrap()), Some("unspecified"));
/// assert_eq!(internal_class("66.249.66.1".parse().unwrap()), None);
/// assert_eq!(internal_class("192.0.2.1".parse().unwrap()), None, "documentation");
/// assert_eq!(internal_class("2001:0:4136:e378::1".parse().unwrap()), None, "Teredo");
/// ```
pub fn internal_class(addr: IpAddr) -> Option<&'static str> {
    let (Class::Private(class) | Class::Never(class)) = classify(addr)?;
    (!class.starts_with("documentation") && !class.starts_with("IETF protocol assignments"))
        .then_some(class)
}

/// The address a client field stands for: an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`, as
/// dual-stack servers log IPv4 clients) and one of the NAT64 well-known prefix
/// (`64:ff9b::a.b.c.d`, RFC 6052, as a server behind stateless translation logs them: the
/// prefix is never routed on the internet) are the IPv4 address they carry.
///
/// ```
/// use robots_audit::net::client_ip;
///
/// let v4 = |s: &str| client_ip(s.parse().unwrap()).to_string();
/// assert_eq!(v4("::ffff:66.249.66.1"), "66.249.66.1");
/// assert_eq!(v4("64:ff9b::66.249.66.1"), "66.249.66.1");
/// assert_eq!(v4("64:ff9b:1::a00:1"), "64:ff9b:1::a00:1");
/// assert_eq!(v4("2001:4860:4801:10::1"), "2001:4860:4801:10::1");
/// ```
pub fn client_ip(addr: IpAddr) -> IpAddr {
    match addr.to_canonical() {
        IpAddr::V6(a) if in_v6(a, 0x0064_ff9b_u128 << 96, 96) => {
            IpAddr::V4(Ipv4Addr::from(u128::from(a) as u32))
        }
        canonical => canonical,
    }
}

enum Class {
    /// Refused even with `allow_private`.
    Never(&'static str),
    /// Not globally reachable; allowed with `allow_private`.
    Private(&'static str),
}

fn classify(addr: IpAddr) -> Option<Class> {
    match addr {
        IpAddr::V4(v4) => classify_v4(v4),
        IpAddr::V6(v6) => classify_v6(v6),
    }
}

fn in_v4(addr: Ipv4Addr, net: [u8; 4], prefix: u32) -> bool {
    let mask = u32::MAX.checked_shl(32 - prefix).unwrap_or(0);
    u32::from(addr) & mask == u32::from(Ipv4Addr::from(net)) & mask
}

/// IANA IPv4 Special-Purpose Address Registry (RFC 6890 and updates).
fn classify_v4(a: Ipv4Addr) -> Option<Class> {
    use Class::{Never, Private};
    if a.is_unspecified() {
        return Some(Never("unspecified"));
    }
    if a.is_broadcast() {
        return Some(Never("broadcast"));
    }
    if a.is_multicast() {
        return Some(Never("multicast"));
    }
    const TABLE: &[([u8; 4], u32, &str)] = &[
        ([0, 0, 0, 0], 8, "\"this network\" (RFC 791)"),
        ([10, 0, 0, 0], 8, "private (RFC 1918)"),
        (
            [100, 64, 0, 0],
            10,
            "shared address space / CGNAT (RFC 6598)",
        ),
        ([127, 0, 0, 0], 8, "loopback"),
        ([169, 254, 0, 0], 16, "link-local"),
        ([172, 16, 0, 0], 12, "private (RFC 1918)"),
        ([192, 0, 0, 0], 24, "IETF protocol assignments (RFC 6890)"),
        ([192, 0, 2, 0], 24, "documentation (RFC 5737)"),
        ([192, 88, 99, 0], 24, "6to4 relay anycast (RFC 7526)"),
        ([192, 168, 0, 0], 16, "private (RFC 1918)"),
        ([198, 18, 0, 0], 15, "benchmarking (RFC 2544)"),
        ([198, 51, 100, 0], 24, "documentation (RFC 5737)"),
        ([203, 0, 113, 0], 24, "documentation (RFC 5737)"),
        ([240, 0, 0, 0], 4, "reserved (RFC 1112)"),
    ];
    TABLE
        .iter()
        .find(|(net, prefix, _)| in_v4(a, *net, *prefix))
        .map(|&(_, _, class)| Private(class))
}

fn in_v6(addr: Ipv6Addr, net: u128, prefix: u32) -> bool {
    let mask = u128::MAX.checked_shl(128 - prefix).unwrap_or(0);
    u128::from(addr) & mask == net & mask
}

/// IANA IPv6 Special-Purpose Address Registry; anything outside global unicast `2000::/3`
/// is refused.
fn classify_v6(a: Ipv6Addr) -> Option<Class> {
    use Class::{Never, Private};
    let bits = u128::from(a);
    if a.is_unspecified() {
        return Some(Never("unspecified"));
    }
    if a.is_multicast() {
        return Some(Never("multicast"));
    }
    if a.is_loopback() {
        return Some(Private("loopback"));
    }
    // IPv4 written as IPv6: judge the IPv4 address (an IPv4-mapped 127.0.0.1 is loopback).
    let embedded_v4 = |shift: u32| Ipv4Addr::from((bits >> shift) as u32);
    if in_v6(a, 0xffff_0000_0000, 96) {
        // IPv4-mapped ::ffff:a.b.c.d.
        return classify_v4(embedded_v4(0));
    }
    if in_v6(a, 0, 96) {
        // IPv4-compatible ::a.b.c.d (deprecated by RFC 4291; :: and ::1 handled above).
        return Some(
            classify_v4(embedded_v4(0)).unwrap_or(Private("IPv4-compatible (deprecated)")),
        );
    }
    if in_v6(a, 0x0064_ff9b_u128 << 96, 96) {
        // NAT64 well-known prefix (RFC 6052).
        return classify_v4(embedded_v4(0));
    }
    if in_v6(a, 0x2002_u128 << 112, 16) {
        // 6to4 (RFC 3056): the IPv4 address is bits 16..48.
        return classify_v4(embedded_v4(80));
    }
    const TABLE: &[(u128, u32, &str)] = &[
        (
            0x0064_ff9b_0001_u128 << 80,
            48,
            "local-use NAT64 (RFC 8215)",
        ),
        (0x0100_u128 << 112, 64, "discard-only (RFC 6666)"),
        (0x2001_0db8_u128 << 96, 32, "documentation (RFC 3849)"),
        (
            0x2001_u128 << 112,
            23,
            "IETF protocol assignments (RFC 2928)",
        ),
        (0x3fff_u128 << 112, 20, "documentation (RFC 9637)"),
        (0xfc00_u128 << 112, 7, "unique-local (RFC 4193)"),
        (0xfe80_u128 << 112, 10, "link-local"),
        (0xfec0_u128 << 112, 10, "site-local (deprecated)"),
    ];
    if let Some(&(_, _, class)) = TABLE
        .iter()
        .find(|(net, prefix, _)| in_v6(a, *net, *prefix))
    {
        return Some(Private(class));
    }
    if !in_v6(a, 0x2000_u128 << 112, 3) {
        return Some(Private("not global unicast (outside 2000::/3)"));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(s: &str) -> bool {
        let addr: IpAddr = s.parse().expect("test address");
        address_allowed(addr, false).is_err()
    }

    #[test]
    fn refuses_non_global_addresses() {
        for a in [
            "127.0.0.1",
            "127.255.0.9",
            "169.254.169.254",
            "::1",
            "10.0.0.1",
            "172.16.0.1",
            "172.31.255.255",
            "192.168.1.1",
            "100.64.0.1",
            "0.0.0.0",
            "0.1.2.3",
            "255.255.255.255",
            "224.0.0.1",
            "240.0.0.1",
            "192.0.2.1",
            "198.51.100.7",
            "203.0.113.9",
            "198.18.0.1",
            "fc00::1",
            "fd12:3456::1",
            "fe80::1",
            "fec0::1",
            "ff02::1",
            "::",
            "::ffff:127.0.0.1",
            "::ffff:10.1.2.3",
            "::ffff:169.254.169.254",
            "::127.0.0.1",
            "64:ff9b::a9fe:a9fe",
            "64:ff9b::7f00:1",
            "64:ff9b:1::1",
            "2002:7f00:1::1",
            "2002:c0a8:0101::1",
            "2001:db8::1",
            "2001::1",
            "3fff::1",
            "100::1",
            "::2",
            "1::1",
        ] {
            assert!(refused(a), "{a} should be refused");
        }
    }

    #[test]
    fn allows_global_addresses() {
        for a in [
            "93.184.215.14",
            "8.8.8.8",
            "172.32.0.1",
            "100.128.0.1",
            "2606:2800:21f:cb07:6820:80da:af6b:8b2c",
            "::ffff:93.184.215.14",
            "64:ff9b::5db8:d70e",
            "2002:5db8:d70e::1",
        ] {
            assert!(!refused(a), "{a} should be allowed");
        }
    }

    #[test]
    fn allow_private_opts_in_but_not_to_nonsense() {
        let ok = |s: &str| address_allowed(s.parse().expect("test address"), true).is_ok();
        assert!(ok("127.0.0.1"));
        assert!(ok("10.0.0.1"));
        assert!(ok("::1"));
        assert!(ok("fc00::1"));
        assert!(!ok("0.0.0.0"));
        assert!(!ok("::"));
        assert!(!ok("255.255.255.255"));
        assert!(!ok("224.0.0.1"));
        assert!(!ok("ff02::1"));
    }

    #[test]
    fn refusal_names_the_range() {
        let e = address_allowed("169.254.169.254".parse().expect("literal"), false)
            .expect_err("link-local");
        assert_eq!(e.class, "link-local");
        assert_eq!(e.to_string(), "address 169.254.169.254 is link-local");
        let e = address_allowed("::ffff:127.0.0.1".parse().expect("literal"), false)
            .expect_err("mapped loopback");
        assert_eq!(e.class, "loopback");
    }
}
