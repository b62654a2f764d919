//! Apache, nginx and lighttpd text logs: `common`, `combined`, `vhost_combined` and
//! `lighttpd`.
//!
//! ```text
//! common          %h %l %u %t "%r" %>s %b
//! combined        %h %l %u %t "%r" %>s %b "%{Referer}i" "%{User-Agent}i"   (fields may follow)
//! vhost_combined  %v:%p %h %l %u %t "%r" %>s %O "%{Referer}i" "%{User-Agent}i"
//! lighttpd        %h %V %u %t "%r" %>s %b "%{Referer}i" "%{User-Agent}i"   (its default)
//! ```
//!
//! `vhost_combined` also reads a host without its port when the client address follows it
//! (nginx's `$host $remote_addr - $remote_user [$time_local] …`): the scheme is then unknown.
//! `lighttpd` has the host (`%V`) where the others have ident; its client must be an address,
//! so that a `vhost_combined` or nginx line is never read as one.
//!
//! nginx's default `combined` is the same layout (`$remote_user` for `%u`, `$body_bytes_sent`
//! for `%b`). Both servers escape `"`, `\` and non-printable bytes in `%r` and headers:
//! Apache as `\"`, `\\`, `\n`… and `\xHH`; nginx always as `\xHH`. They are undone here.
//!
//! Decisions: a request line of `-` (the client sent nothing: 408) or one that is not an
//! HTTP request (TLS bytes on a plain port) answered with a 4xx status is a real log line but
//! no request, so `Ok(None)`; with any other status it means the line is not what we think,
//! so `Err(BadRequestLine)`. The user field (`%u`) may hold spaces; ident (`%l`) may not.
//!
//! What the parse guarantees: the fields are read left to right, each ended by the first
//! byte that can end it (a space; for a quoted field the first `"` not escaped by
//! a backslash and followed by a space, a tab or the end of the line), so every line has one
//! reading and a malformed one one reason. The usual shapes (`-` for ident and user, a
//! three-digit status, ports 443 and 80, the fixed-width `%t`, a Referer of `"-"`) are read
//! by their bytes without a search; each such shortcut gives exactly what the search would.
//! The searches step 16 bytes at a time (`scan.rs`). Values borrow from the line;
//! bytes are copied only where an escape has to be undone.

use std::borrow::Cow;

use super::text::{
    dash_empty, find_short, is_port, origin_form, quoted, rfind_near_end, scheme_for_port,
    split_absolute, split_request_line, status, unescape_backslash,
};
use super::{BadLine, Request, scan, time};

/// Which of the layouts a line has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Layout {
    Common,
    Combined,
    VhostCombined,
    Lighttpd,
}

/// Whether a field can be a host as a vhost log writes it: letters, digits, `.`, `-`, `_`,
/// and a `:port` or a bracketed IPv6 literal (never a forwarded list: `198.51.100.8,`).
fn is_host_field(field: &[u8]) -> bool {
    !field.is_empty()
        && field.iter().all(|&b| {
            b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'_' | b':' | b'[' | b']')
        })
}

/// Whether a field is an IP address (a client's, as servers log it).
fn is_ip(field: &[u8]) -> bool {
    std::str::from_utf8(field).is_ok_and(|s| s.parse::<std::net::IpAddr>().is_ok())
}

/// Length of `[10/Oct/2000:13:55:36 -0700]` inside its brackets, as Apache and nginx write
/// `%t` (other layouts, with a fraction or a `+hh:mm` offset, are found by search).
const CLF_TIME_LEN: usize = 26;

/// The next space-terminated token at `at`: (token, position after the space). Tokens are
/// short (an address, `-`, a byte count), so no `memchr`.
#[inline(always)]
fn token(line: &[u8], at: usize) -> Result<(&[u8], usize), BadLine> {
    let rest = line.get(at..).ok_or(BadLine::TooFewFields)?;
    match scan::find(rest, b' ') {
        Some(0) | None => Err(BadLine::TooFewFields),
        Some(i) => Ok((&rest[..i], at + i + 1)),
    }
}

/// Splits `%v:%p`: the port must be a port number (1 to 65535); a host holding `:` must be a
/// bracketed IPv6 literal (so an IPv6 client address is never taken for a vhost).
fn vhost(tok: &[u8]) -> Result<Option<&'static str>, BadLine> {
    // The usual `host:port`: when all after the first colon is digits, that colon is also the
    // last one and the host holds none.
    if let Some(first) = find_short(tok, b':') {
        let port = &tok[first + 1..];
        if first > 0 && !port.is_empty() && port.iter().all(u8::is_ascii_digit) {
            return if is_port(port) {
                Ok(scheme_for_port(port))
            } else {
                Err(BadLine::BadHost)
            };
        }
    }
    let colon = rfind_near_end(tok, b':').ok_or(BadLine::BadHost)?;
    let (host, port) = (&tok[..colon], &tok[colon + 1..]);
    if host.is_empty() || !is_port(port) {
        return Err(BadLine::BadHost);
    }
    if !(host.starts_with(b"[") && host.ends_with(b"]")) && find_short(host, b':').is_some() {
        return Err(BadLine::BadHost);
    }
    Ok(scheme_for_port(port))
}

/// The `%v:%p` token at the start of a line: (token, scheme, position after the space).
/// The usual `host:port` (no `:` in the host, a port of digits) is read in one pass; any
/// other token goes through [`token`] and [`vhost`], which have the last word.
#[inline]
fn vhost_token(line: &[u8]) -> Result<(&[u8], Option<&'static str>, usize), BadLine> {
    // A host and its port are ~20 bytes: two 16-byte steps, where the word search took three
    // of eight bytes and more instructions for each.
    if let Some(colon) = scan::find2(line, b' ', b':')
        && colon > 0
        && line[colon] == b':'
    {
        // The two usual ports, by their bytes.
        match line.get(colon + 1..colon + 5) {
            Some(b"443 ") => return Ok((&line[..colon + 4], Some("https"), colon + 5)),
            Some([b'8', b'0', b' ', _]) => {
                return Ok((&line[..colon + 3], Some("http"), colon + 4));
            }
            _ => {}
        }
        let port_len = line[colon + 1..]
            .iter()
            .take(6)
            .take_while(|c| c.is_ascii_digit())
            .count();
        let end = colon + 1 + port_len;
        let port = &line[colon + 1..end];
        if port_len > 0 && line.get(end) == Some(&b' ') && is_port(port) {
            return Ok((&line[..end], scheme_for_port(port), end + 1));
        }
    }
    let (tok, next) = token(line, 0)?;
    vhost_or_bare(line, tok, next)
}

/// The first field `tok` (ending at `next`) as `%v:%p`, or as nginx's `$host`: a host with
/// no port, then the client's address.
fn vhost_or_bare<'a>(
    line: &[u8],
    tok: &'a [u8],
    next: usize,
) -> Result<(&'a [u8], Option<&'static str>, usize), BadLine> {
    match vhost(tok) {
        Ok(scheme) => Ok((tok, scheme, next)),
        // A forwarded list (`198.51.100.8, 66.249.66.1 - - …` of `%{X-Forwarded-For}i`) is no
        // host: the line is combined, and detection must not say vhost_combined.
        Err(_)
            if find_short(tok, b':').is_none()
                && is_host_field(tok)
                && token(line, next).is_ok_and(|(c, _)| is_ip(c)) =>
        {
            Ok((tok, None, next))
        }
        Err(e) => Err(e),
    }
}

/// The status at `line[at..]`, ended by a space or the end of the line: (status, where it
/// ends). Nearly always three digits and a space, read without a search.
#[inline(always)]
fn status_field(line: &[u8], at: usize) -> Result<(u16, usize), BadLine> {
    if let Some(&[a, b, c, b' ']) = line.get(at..at + 4) {
        let (a, b, c) = (
            a.wrapping_sub(b'0'),
            b.wrapping_sub(b'0'),
            c.wrapping_sub(b'0'),
        );
        if a < 10 && b < 10 && c < 10 {
            return Ok((
                u16::from(a) * 100 + u16::from(b) * 10 + u16::from(c),
                at + 3,
            ));
        }
    }
    let end = scan::find(&line[at..], b' ').map_or(line.len(), |i| at + i);
    Ok((status(&line[at..end])?, end))
}

/// The `[` of the time after a user field that is not a plain `-`, which runs from `from` to the
/// ` [` before it: the first ` [` followed by a time in the usual layout and the request's
/// `] "`, else the first ` [` (whose time then fails as it is). A user name may hold ` [`
/// (nginx logs `$remote_user` from any `Authorization: Basic` header, escaping only `"`, `\`
/// and control bytes): a review found `a [b` make the line malformed, a request of the
/// sender's choice left out of the report, and enough of them fail the run.
#[cold]
#[inline(never)]
fn user_end(line: &[u8], from: usize) -> Result<usize, BadLine> {
    // Neither the user nor the time holds a `"` (both servers escape it in a user name): the
    // time is before the request's quote, never in the Referer or User-Agent after it, which
    // the client writes.
    let end = memchr::memchr(b'"', &line[from..]).map_or(line.len(), |i| from + i);
    let mut first = None;
    let mut at = from;
    while let Some(i) = scan::find(&line[at..end], b'[') {
        let bracket = at + i;
        at = bracket + 1;
        if bracket <= from || line[bracket - 1] != b' ' {
            continue;
        }
        first.get_or_insert(bracket);
        // A time (of any layout `parse_clf` reads: a fraction, another offset) and ` "`.
        let Some(close) = find_short(&line[bracket..end], b']').map(|i| bracket + i) else {
            continue;
        };
        if line.get(close..close + 3) == Some(b"] \"")
            && time::parse_clf(&line[bracket + 1..close]).is_some()
        {
            return Ok(bracket);
        }
    }
    first.ok_or(BadLine::TooFewFields)
}

/// Parses one line of the given layout; `target_host`: whether an absolute-form target's
/// authority and scheme are the request's where the line names no host (false for a log
/// that is `--host`'s: [`super::LineParser::for_host`]).
#[inline]
pub(crate) fn parse(
    line: &[u8],
    layout: Layout,
    target_host: bool,
) -> Result<Option<Request<'_>>, BadLine> {
    parse_inlined(line, layout, target_host)
}

/// [`parse`], inlined always: into the audit's loop over a block's lines
/// ([`super::LineParser::parse_inlined`]), where the request is built in the loop's own frame
/// and each layout's copy drops the tests of the others. A call returned the request through
/// memory, its fields first kept on the stack: ~40 instructions a line of moves and the
/// call's own (cachegrind: 1.7% of an audit's instructions). Everywhere else (format
/// detection, the replay of set-aside lines) it is [`parse`], one copy.
#[inline(always)]
pub(crate) fn parse_inlined(
    line: &[u8],
    layout: Layout,
    target_host: bool,
) -> Result<Option<Request<'_>>, BadLine> {
    if line.is_empty() || line.iter().all(u8::is_ascii_whitespace) {
        return Ok(None);
    }
    let mut at = 0;
    let (mut host, mut scheme) = (None, None);
    if layout == Layout::VhostCombined {
        let (tok, tok_scheme, next) = vhost_token(line)?;
        scheme = tok_scheme;
        host = Some(tok);
        at = next;
    }
    let (client, next) = token(line, at)?;
    let next = if layout == Layout::Lighttpd {
        // %V, the host, where the others have ident; `-` when the request named none.
        let (tok, next) = token(line, next)?;
        if !is_ip(client) {
            return Err(BadLine::TooFewFields);
        }
        if tok == b"-" {
            return Err(BadLine::BadHost);
        }
        host = Some(tok);
        next
    } else if line.get(next..next + 2) == Some(b"- ") {
        // %l (ident) is nearly always `-`.
        next + 2
    } else {
        let (ident, after) = token(line, next)?;
        if matches!(layout, Layout::Combined | Layout::Common)
            && is_ip(ident)
            && !is_ip(client)
            && is_host_field(client)
        {
            // A bad port is a bad line, as in vhost_combined.
            let (_, scheme, _) = vhost_or_bare(line, client, next)?;
            // `host[:port] address - …`: a vhost line (`%v:%p` or nginx's `$host`, in front
            // of combined or common) in a log read without one (a multi-member gzip of both,
            // `zcat *access.log*`); no identd answers with an address. Read as one, it is a
            // request to that host from that address: as combined, the host was the client
            // and the request went to `--host`.
            // Its User-Agent too, where it has one (vhost_combined among common lines).
            let rest = &line[next..];
            // A line of its own host: an absolute URL's scheme is read, as vhost_combined
            // reads it.
            let parsed = match parse(rest, Layout::Combined, true) {
                Err(_) if layout == Layout::Common => parse(rest, Layout::Common, true),
                parsed => parsed,
            };
            // The port's scheme before an absolute URL's, as vhost_combined reads them.
            return Ok(parsed?.map(|mut req| {
                req.host = Some(client);
                req.scheme = scheme.or(req.scheme);
                req
            }));
        }
        after
    };
    // %u runs to the ` [` of the time: it may hold spaces. Nearly always `- [`.
    // Nearly always `- [` and a time of the fixed width, then the request's `] "`; else
    // a user name (which may itself start `- [`) runs to the time's ` [`.
    let fixed_end = next + 3 + CLF_TIME_LEN;
    let bracket = if line.get(next..next + 3) == Some(b"- [")
        && line.get(fixed_end..fixed_end + 3) == Some(b"] \"")
    {
        next + 2
    } else {
        user_end(line, next)?
    };
    // The time is almost always the fixed-width layout: look where its `]` must be first.
    // (`parse_clf` checks every byte of that layout, so a `]` inside it fails there just as
    // it would after a search for the first `]`.)
    let close = match line.get(bracket + 1 + CLF_TIME_LEN) {
        Some(b']') => bracket + 1 + CLF_TIME_LEN,
        _ => find_short(&line[bracket..], b']').ok_or(BadLine::BadTime)? + bracket,
    };
    let time_ms = time::parse_clf(&line[bracket + 1..close]).ok_or(BadLine::BadTime)?;
    if line.get(close + 1) != Some(&b' ') {
        return Err(BadLine::TooFewFields);
    }
    let (request, req_escaped, next) = quoted(line, close + 2)?;
    if line.get(next) != Some(&b' ') {
        return Err(BadLine::TooFewFields);
    }
    let (status, status_end) = status_field(line, next + 1)?;
    // %b or %O: the bytes sent, with the headers or without (Debian's `combined` is %O,
    // nginx's `$body_bytes_sent`); found for the fields after it, never taken for a body's
    // size (docs/judging.md, "The crawler's own fetches").
    let bytes_end = if status_end < line.len() {
        scan::find(&line[status_end + 1..], b' ').map_or(line.len(), |i| status_end + 1 + i)
    } else {
        status_end
    };
    let user_agent = if layout == Layout::Common {
        Cow::Borrowed(&[][..])
    } else {
        // %b (found above: a token ended by a space), then the quoted Referer and User-Agent.
        if bytes_end >= line.len() || bytes_end == status_end + 1 {
            return Err(BadLine::TooFewFields);
        }
        let (_referer, _, next) = quoted(line, bytes_end + 1)?;
        if line.get(next) != Some(&b' ') {
            return Err(BadLine::TooFewFields);
        }
        let (ua, escaped, _) = quoted(line, next + 1)?;
        let ua = if escaped {
            unescape_backslash(ua)
        } else {
            Cow::Borrowed(ua)
        };
        dash_empty(ua)
    };

    let Some(req) = split_request_line(request) else {
        return if (400..500).contains(&status) {
            Ok(None)
        } else {
            Err(BadLine::BadRequestLine)
        };
    };
    let target = match split_absolute(req.target) {
        Some((url_scheme, authority, path)) => {
            if target_host {
                if host.is_none() {
                    host = Some(authority);
                }
                scheme = scheme.or(Some(url_scheme));
            }
            origin_form(if req_escaped {
                unescape_backslash(path)
            } else {
                Cow::Borrowed(path)
            })
        }
        None if req_escaped => unescape_backslash(req.target),
        None => Cow::Borrowed(req.target),
    };
    Ok(Some(Request {
        host,
        scheme,
        client,
        time_ms,
        done_ms: time_ms,
        time_resolution_ms: 1000,
        method: req.method,
        target,
        status,
        user_agent,
        bytes: &[],
    }))
}

#[cfg(test)]
mod tests {
    use super::super::{Format, LineParser, detect};
    use super::*;

    fn p(format: Format, line: &str) -> Result<Option<Request<'_>>, BadLine> {
        LineParser::new(format, None).parse(line.as_bytes())
    }

    fn req(format: Format, line: &str) -> Request<'_> {
        p(format, line)
            .unwrap_or_else(|e| panic!("{e}: {line}"))
            .unwrap_or_else(|| panic!("not a request: {line}"))
    }

    const GOOGLEBOT: &str =
        "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

    /// A vhost_combined line (with a port or as nginx writes it) among combined ones is read
    /// as what it is, not with its host as the client and its client as ident.
    #[test]
    fn vhost_lines_in_a_combined_log() {
        for format in [Format::Combined, Format::Common] {
            for (line, host) in [
                (
                    format!(
                        "shop.example.net:443 66.249.66.1 - - [20/Nov/2026:13:55:02 +0000] \"GET /private/zz HTTP/1.1\" 200 5 \"-\" \"{GOOGLEBOT}\""
                    ),
                    &b"shop.example.net:443"[..],
                ),
                (
                    format!(
                        "shop.example.net 2001:db8::7 - - [20/Nov/2026:13:55:02 +0000] \"GET /private/zz HTTP/1.1\" 200 5 \"-\" \"{GOOGLEBOT}\""
                    ),
                    &b"shop.example.net"[..],
                ),
            ] {
                let r = req(format, &line);
                assert_eq!(r.host, Some(host), "{format:?} {line}");
                assert!(r.client == b"66.249.66.1" || r.client == b"2001:db8::7");
                assert_eq!(&*r.user_agent, GOOGLEBOT.as_bytes());
            }
        }
        // vhost_common: the host in front of common.
        let line = "shop.example.net 66.249.66.1 - - [20/Nov/2026:13:55:02 +0000] \"GET /a HTTP/1.1\" 200 5";
        let r = req(Format::Common, line);
        assert_eq!(
            (r.host, r.client, &*r.target),
            (
                Some(&b"shop.example.net"[..]),
                &b"66.249.66.1"[..],
                &b"/a"[..]
            )
        );
        // A forwarded list (`%{X-Forwarded-For}i`) is no host: combined as ever.
        let line = format!(
            "198.51.100.8, 66.249.66.1 - - [20/Nov/2026:13:55:02 +0000] \"GET / HTTP/1.1\" 200 5 \"-\" \"{GOOGLEBOT}\""
        );
        let r = req(Format::Combined, &line);
        assert_eq!((r.host, r.client), (None, &b"198.51.100.8,"[..]));
        assert!(p(Format::VhostCombined, &line).is_err());
        assert_eq!(
            detect(format!("{line}\n{line}\n").as_bytes()),
            Some(Format::Combined)
        );
        // The port's scheme before the absolute URL's; a bad port is a bad line.
        let line = format!(
            "shop.example.net:443 66.249.66.1 - - [20/Nov/2026:13:55:02 +0000] \"GET http://shop.example.net/p HTTP/1.1\" 200 5 \"-\" \"{GOOGLEBOT}\""
        );
        assert_eq!(req(Format::Combined, &line).scheme, Some("https"));
        let line = line.replace(":443 ", ":99999 ");
        assert!(p(Format::Combined, &line).is_err(), "{line}");
        // An ident that is no address, or a client that is one: combined as ever.
        for ident in ["alice bob", "192.0.2.1 -"] {
            let line = format!(
                "66.249.66.1 {ident} [20/Nov/2026:13:55:02 +0000] \"GET / HTTP/1.1\" 200 5 \"-\" \"{GOOGLEBOT}\""
            );
            let r = req(Format::Combined, &line);
            assert_eq!((r.host, r.client), (None, &b"66.249.66.1"[..]));
        }
    }

    /// lighttpd's default layout (the host where ident is) and nginx's `$host $remote_addr`
    /// in front of combined: each read with its host, detected as such, and neither taken
    /// for the other or for `combined`, whose client and ident they would otherwise fill.
    #[test]
    fn hosts_in_lighttpd_and_nginx_layouts() {
        let rest = format!(
            r#"[20/Nov/2026:13:55:36 +0000] "GET /private/a HTTP/1.1" 200 10 "-" "{GOOGLEBOT}""#
        );
        let lighttpd = format!("66.249.66.1 shop.example.com - {rest}");
        let r = req(Format::Lighttpd, &lighttpd);
        assert_eq!(
            (r.host, r.client, r.scheme),
            (Some(&b"shop.example.com"[..]), &b"66.249.66.1"[..], None)
        );
        assert_eq!(&*r.user_agent, GOOGLEBOT.as_bytes());
        let v6 = format!("2001:db8::1 shop.example.com:8080 alice {rest}");
        let r = req(Format::Lighttpd, &v6);
        assert_eq!(
            (r.host, r.client),
            (Some(&b"shop.example.com:8080"[..]), &b"2001:db8::1"[..])
        );
        let nginx = format!("shop.example.com 66.249.66.1 - - {rest}");
        let r = req(Format::VhostCombined, &nginx);
        assert_eq!(
            (r.host, r.client, r.scheme),
            (Some(&b"shop.example.com"[..]), &b"66.249.66.1"[..], None)
        );
        let combined = format!("66.249.66.1 - - {rest}");
        let vhost = format!("shop.example.com:443 66.249.66.1 - - {rest}");
        // Not a lighttpd line: no host (`-`), or a client that is no address.
        assert_eq!(p(Format::Lighttpd, &combined).err(), Some(BadLine::BadHost));
        assert!(p(Format::Lighttpd, &vhost).is_err());
        assert!(p(Format::Lighttpd, &nginx).is_err());
        // Not a port-less vhost: the field after it is no address.
        assert!(p(Format::VhostCombined, &combined).is_err());
        assert!(p(Format::VhostCombined, &lighttpd).is_err());
        let twice = |line: &str| format!("{line}\n{line}\n");
        assert_eq!(detect(twice(&lighttpd).as_bytes()), Some(Format::Lighttpd));
        assert_eq!(
            detect(twice(&nginx).as_bytes()),
            Some(Format::VhostCombined)
        );
        assert_eq!(detect(twice(&combined).as_bytes()), Some(Format::Combined));
        assert_eq!(
            detect(twice(&vhost).as_bytes()),
            Some(Format::VhostCombined)
        );
    }

    #[test]
    fn combined_line() {
        let line = format!(
            r#"66.249.66.1 - - [20/Nov/2026:13:55:36 +0000] "GET /private/a.html?x=1 HTTP/1.1" 200 5120 "-" "{GOOGLEBOT}""#
        );
        let r = req(Format::Combined, &line);
        assert_eq!(r.host, None);
        assert_eq!(r.scheme, None);
        assert_eq!(r.client, b"66.249.66.1");
        assert_eq!(r.time_ms, 1_795_182_936_000);
        assert_eq!(r.method, b"GET");
        assert_eq!(&*r.target, b"/private/a.html?x=1");
        assert!(matches!(r.target, Cow::Borrowed(_)));
        assert_eq!(r.status, 200);
        assert_eq!(&*r.user_agent, GOOGLEBOT.as_bytes());
        assert!(matches!(r.user_agent, Cow::Borrowed(_)));
    }

    #[test]
    fn apache_doc_example_and_time_zone() {
        let r = req(
            Format::Combined,
            r#"127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] "GET /apache_pb.gif HTTP/1.0" 200 2326 "http://www.example.com/start.html" "Mozilla/4.08 [en] (Win98; I ;Nav)""#,
        );
        assert_eq!(r.time_ms, 971_211_336_000); // 2000-10-10T20:55:36Z
        assert_eq!(&*r.user_agent, b"Mozilla/4.08 [en] (Win98; I ;Nav)");
        let r = req(
            Format::Common,
            r#"127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] "GET /apache_pb.gif HTTP/1.0" 200 2326"#,
        );
        assert_eq!(&*r.target, b"/apache_pb.gif");
        assert!(r.user_agent.is_empty());
    }

    #[test]
    fn bytes_dash_user_with_space_extra_fields_ipv6() {
        let r = req(
            Format::Combined,
            r#"2001:db8::1 - john smith [20/Nov/2026:13:55:36 +0100] "HEAD / HTTP/2.0" 304 - "https://example.com/" "curl/8.5.0" "203.0.113.9" rt=0.001"#,
        );
        assert_eq!(r.client, b"2001:db8::1");
        assert_eq!(r.method, b"HEAD");
        assert_eq!(r.status, 304);
        assert_eq!(&*r.user_agent, b"curl/8.5.0");
        assert_eq!(r.time_ms, 1_795_182_936_000 - 3_600_000);
    }

    /// A user name holding ` [` (nginx's `$remote_user`, from any Basic credentials), even
    /// one that looks like a time, still gives the request; without a time at all the line
    /// is what it was.
    #[test]
    fn a_user_name_with_brackets() {
        let tail = r#"[20/Nov/2026:13:55:03 +0000] "GET /private/c HTTP/1.1" 401 5 "-" "ua""#;
        for user in [
            "a [b",
            "a [b] [c",
            "- [b",
            "- [20/Nov/2026:00:00:00 +0000] [",
            "- [x] y",
            "[x] [y",
            "a[b",
            "x [20/Nov/2026:00:00:00 +0000] [",
            "x [20/Nov/2026:00:00:00 +0000] y",
        ] {
            let line = format!("203.0.113.9 - {user} {tail}");
            let r = req(Format::Combined, &line);
            assert_eq!(
                (&*r.target, r.status, r.time_ms),
                (&b"/private/c"[..], 401, 1_795_182_903_000),
                "{line}"
            );
        }
        assert_eq!(
            p(
                Format::Combined,
                r#"203.0.113.9 - a [b "GET / HTTP/1.1" 200 5 "-" "ua""#
            ),
            Err(BadLine::BadTime)
        );
        // A time with a fraction or another offset (not the fixed width), with a time-like
        // text and `] "` in the Referer and the User-Agent, which the client writes (a review
        // found the time looked for there, the line malformed): the user's own time.
        let fooled = r#""https://x.example/ [20/Nov/2026:13:55:36 +0000] " "ua [20/Nov/2026:13:55:36 +0000] ""#;
        for (user, time, ms) in [
            ("-", "20/Nov/2026:13:55:03.250 +0000", 1_795_182_903_250),
            ("-", "20/Nov/2026:13:55:03 +00:00", 1_795_182_903_000),
            ("- [x", "20/Nov/2026:13:55:03.250 +0000", 1_795_182_903_250),
            ("a [b", "20/Nov/2026:13:55:03.250 +0000", 1_795_182_903_250),
        ] {
            let line = format!(
                r#"203.0.113.9 - {user} [{time}] "GET /private/c HTTP/1.1" 200 5 {fooled}"#
            );
            let r = req(Format::Combined, &line);
            assert_eq!((&*r.target, r.time_ms), (&b"/private/c"[..], ms), "{line}");
        }
    }

    #[test]
    fn escapes_apache_and_nginx() {
        // Apache: \" and \\ inside the User-Agent, \x in the target.
        let r = req(
            Format::Combined,
            r#"192.0.2.7 - - [20/Nov/2026:13:55:36 +0000] "GET /caf\xc3\xa9?q=\"x\" HTTP/1.1" 200 1 "-" "Bot \"quoted\" \\ back""#,
        );
        assert_eq!(&*r.target, "/café?q=\"x\"".as_bytes());
        assert_eq!(&*r.user_agent, br#"Bot "quoted" \ back"#);
        assert!(matches!(r.user_agent, Cow::Owned(_)));
        // nginx: \x22 for a quote.
        let r = req(
            Format::Combined,
            r#"192.0.2.7 - - [20/Nov/2026:13:55:36 +0000] "GET /a HTTP/1.1" 200 1 "-" "x\x22y""#,
        );
        assert_eq!(&*r.user_agent, b"x\"y");
        // A UA of "-" is empty.
        let r = req(
            Format::Combined,
            r#"192.0.2.7 - - [20/Nov/2026:13:55:36 +0000] "GET /a HTTP/1.1" 200 1 "-" "-""#,
        );
        assert!(r.user_agent.is_empty());
    }

    #[test]
    fn not_requests_and_junk() {
        // 408 with no request line: not a request, not malformed.
        let line = r#"192.0.2.7 - - [20/Nov/2026:13:55:36 +0000] "-" 408 - "-" "-""#;
        assert_eq!(p(Format::Combined, line), Ok(None));
        // TLS handshake on the plain port, answered 400.
        let line = r#"192.0.2.7 - - [20/Nov/2026:13:55:36 +0000] "\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" 400 157 "-" "-""#;
        assert_eq!(p(Format::Combined, line), Ok(None));
        // The same junk with a 200 is a line we do not understand.
        let line = r#"192.0.2.7 - - [20/Nov/2026:13:55:36 +0000] "\x16\x03" 200 157 "-" "-""#;
        assert_eq!(p(Format::Combined, line), Err(BadLine::BadRequestLine));
        assert_eq!(p(Format::Combined, ""), Ok(None));
        assert_eq!(p(Format::Combined, "garbage"), Err(BadLine::TooFewFields));
        assert_eq!(
            p(
                Format::Combined,
                r#"192.0.2.7 - - [20/Nov/2026:13:55:36 +0000] "GET / HTTP/1.1" 200 1"#
            ),
            Err(BadLine::TooFewFields)
        );
        assert_eq!(
            p(
                Format::Combined,
                r#"192.0.2.7 - - [31/Nov/2026:13:55:36 +0000] "GET / HTTP/1.1" 200 1 "-" "-""#
            ),
            Err(BadLine::BadTime)
        );
        assert_eq!(
            p(
                Format::Combined,
                r#"192.0.2.7 - - [20/Nov/2026:13:55:36 +0000] "GET / HTTP/1.1" OK 1 "-" "-""#
            ),
            Err(BadLine::BadStatus)
        );
        assert_eq!(
            p(
                Format::Combined,
                r#"192.0.2.7 - - [20/Nov/2026:13:55:36 +0000] "GET / HTTP/1.1 200 1 -"#
            ),
            Err(BadLine::BadQuoting)
        );
    }

    #[test]
    fn absolute_form_and_methods() {
        let r = req(
            Format::Combined,
            r#"192.0.2.7 - - [20/Nov/2026:13:55:36 +0000] "GET http://Example.COM:8080/p?q HTTP/1.1" 200 1 "-" "bot""#,
        );
        assert_eq!(r.host, Some(&b"Example.COM:8080"[..]));
        assert_eq!(r.scheme, Some("http"));
        assert_eq!(&*r.target, b"/p?q");
        let r = req(
            Format::Combined,
            r#"192.0.2.7 - - [20/Nov/2026:13:55:36 +0000] "GET https://example.com HTTP/1.1" 200 1 "-" "bot""#,
        );
        assert_eq!(&*r.target, b"/");
        let r = req(
            Format::Combined,
            r#"192.0.2.7 - - [20/Nov/2026:13:55:36 +0000] "CONNECT example.com:443 HTTP/1.1" 200 1 "-" "bot""#,
        );
        assert!(!r.is_fetch());
        let r = req(
            Format::Combined,
            r#"192.0.2.7 - - [20/Nov/2026:13:55:36 +0000] "OPTIONS * HTTP/1.1" 200 1 "-" "bot""#,
        );
        assert!(!r.is_fetch());
        let r = req(
            Format::Combined,
            r#"192.0.2.7 - - [20/Nov/2026:13:55:36 +0000] "POST /api HTTP/1.1" 201 1 "-" "bot""#,
        );
        assert!(r.is_fetch());
    }

    #[test]
    fn vhost_fast_path_agrees_with_the_full_rule() {
        // The rule without the fast path: the last colon splits; the port is a number from
        // 1 to 65535; a host holding a colon must be a bracketed IPv6 literal.
        fn full(tok: &[u8]) -> Result<Option<&'static str>, BadLine> {
            let colon = tok
                .iter()
                .rposition(|&c| c == b':')
                .ok_or(BadLine::BadHost)?;
            let (host, port) = (&tok[..colon], &tok[colon + 1..]);
            let number = std::str::from_utf8(port)
                .ok()
                .filter(|p| p.bytes().all(|c| c.is_ascii_digit()))
                .and_then(|p| p.parse::<u16>().ok());
            if host.is_empty() || number.is_none_or(|n| n == 0) {
                return Err(BadLine::BadHost);
            }
            if host.contains(&b':') && !(host.starts_with(b"[") && host.ends_with(b"]")) {
                return Err(BadLine::BadHost);
            }
            Ok(scheme_for_port(port))
        }
        for tok in [
            "www.example.com:443",
            "www.example.com:80",
            "www.example.com:8080",
            "h:0",
            "h:1",
            "h:65535",
            "h:65536",
            "h:99999",
            "h:4294967376",
            "h:18446744073709551696",
            "[::1]:65536",
            "[::1]:0",
            ":80",
            "host:",
            "host",
            "host:8a",
            "host:80:",
            "a:b:80",
            "::1:80",
            "[::1]:8080",
            "[2001:db8::1]:443",
            "[::1]:",
            "[::1]",
            "a.very.long.virtual.host.name.example.com:443",
            "h:0443",
            "h:123456",
            "h:80x",
            "h :80",
        ] {
            assert_eq!(vhost(tok.as_bytes()), full(tok.as_bytes()), "{tok}");
            // At the start of a line, read in one pass where it can be.
            for rest in [" 192.0.2.1 - -", " ", ""] {
                let line = format!("{tok}{rest}");
                let slow = token(line.as_bytes(), 0)
                    .and_then(|(t, next)| vhost_or_bare(line.as_bytes(), t, next));
                assert_eq!(vhost_token(line.as_bytes()), slow, "{line:?}");
            }
        }
    }

    /// The fields after the status, as the parse reads them: `%b` must be a token ended by
    /// one space before the quoted Referer (the parse finds that space once, for the bytes
    /// and for what follows).
    #[test]
    fn fields_after_the_status() {
        let head = r#"192.0.2.7 - - [20/Nov/2026:13:55:36 +0000] "GET /a HTTP/1.1" 200"#;
        let cases: [(&str, Result<&[u8], BadLine>); 9] = [
            ("", Err(BadLine::TooFewFields)),
            (" ", Err(BadLine::TooFewFields)),
            (" 512", Err(BadLine::TooFewFields)),
            (" 512 ", Err(BadLine::BadQuoting)),
            (r#"  "-" "ua""#, Err(BadLine::TooFewFields)),
            (r#" 512  "-" "ua""#, Err(BadLine::BadQuoting)),
            (r#" 512 "-" "ua""#, Ok(b"ua")),
            (r#" - "-" "ua" extra"#, Ok(b"ua")),
            (r#" 512 "-""#, Err(BadLine::TooFewFields)),
        ];
        for (tail, want) in cases {
            let line = format!("{head}{tail}");
            let got = p(Format::Combined, &line).map(|r| r.expect("a request").user_agent.to_vec());
            assert_eq!(got, want.map(<[u8]>::to_vec), "{line}");
        }
        // The common layout stops at the bytes, which may end the line. The size is never
        // a body's (%b or %O: docs/judging.md).
        let line = format!("{head} 512");
        let r = req(Format::Common, &line);
        assert_eq!((r.status, r.bytes), (200, &b""[..]));
    }

    #[test]
    fn absolute_targets_and_their_first_byte() {
        for (target, host) in [
            ("/http://x.example/", None),
            ("HTTP://x.example/p", Some(&b"x.example"[..])),
            ("https://x.example", Some(b"x.example")),
            ("hxxp://x.example/", None),
        ] {
            let line = format!(
                r#"192.0.2.7 - - [20/Nov/2026:13:55:36 +0000] "GET {target} HTTP/1.1" 200 1 "-" "ua""#
            );
            assert_eq!(req(Format::Combined, &line).host, host, "{target}");
        }
    }

    #[test]
    fn vhost_combined_lines() {
        let line = format!(
            r#"www.example.com:443 66.249.66.1 - - [20/Nov/2026:13:55:36 +0000] "GET /x HTTP/1.1" 200 5120 "-" "{GOOGLEBOT}""#
        );
        let r = req(Format::VhostCombined, &line);
        assert_eq!(r.host, Some(&b"www.example.com:443"[..]));
        assert_eq!(r.scheme, Some("https"));
        assert_eq!(r.client, b"66.249.66.1");
        let r = req(
            Format::VhostCombined,
            r#"[::1]:8080 ::1 - - [20/Nov/2026:13:55:36 +0000] "GET http://other/y HTTP/1.1" 200 1 "-" "x""#,
        );
        assert_eq!(r.host, Some(&b"[::1]:8080"[..]));
        assert_eq!(r.scheme, Some("http"));
        assert_eq!(&*r.target, b"/y");
        // An IPv6 client is no vhost.
        assert_eq!(
            p(
                Format::VhostCombined,
                r#"2001:db8::1 - - [20/Nov/2026:13:55:36 +0000] "GET / HTTP/1.1" 200 1 "-" "x""#
            ),
            Err(BadLine::BadHost)
        );
    }

    /// The quoted fields are searched 16 bytes at a time (the last few by an overlapping load
    /// of the line's last 16 bytes): an escaped quote, a `\\` just before the closing quote,
    /// a raw quote inside and the closing quote itself, at every place around those steps,
    /// in the request and in the User-Agent at the very end of the line.
    #[test]
    fn quoted_fields_at_every_offset() {
        let pieces: [(&str, &str); 5] = [
            ("", ""),
            (r#"\""#, "\""),
            (r"\\", "\\"),
            (r#"a\"b\\"#, "a\"b\\"),
            (r#"x"y"#, "x\"y"),
        ];
        for pad in 0..70 {
            for (raw, want) in pieces {
                let fill = "p".repeat(pad);
                let line = format!(
                    r#"192.0.2.7 - - [20/Nov/2026:13:55:36 +0000] "GET /{fill}{raw} HTTP/1.1" 200 1 "-" "{fill}{raw}""#
                );
                let r = req(Format::Combined, &line);
                let want_target = format!("/{fill}{want}");
                assert_eq!(&*r.target, want_target.as_bytes(), "{line}");
                let want_ua = format!("{fill}{want}");
                assert_eq!(&*r.user_agent, want_ua.as_bytes(), "{line}");
                // Escaped only where there was a backslash to undo.
                let escaped = raw.contains('\\');
                assert_eq!(matches!(r.user_agent, Cow::Owned(_)), escaped, "{line}");
                assert_eq!(matches!(r.target, Cow::Owned(_)), escaped, "{line}");
                // Cut anywhere inside the User-Agent, the quote is never closed (but by a
                // raw quote that the cut leaves at the end); a line ending in a backslash
                // escapes nothing and closes nothing either.
                if raw.contains("x\"") {
                    continue;
                }
                let ua_start = line.len() - 1 - fill.len() - raw.len();
                for cut in ua_start..line.len() {
                    assert_eq!(
                        p(Format::Combined, &line[..cut]),
                        Err(BadLine::BadQuoting),
                        "{:?}",
                        &line[..cut]
                    );
                }
            }
        }
    }

    /// Lines of exactly 8, 16, 32 and 64 bytes (one SIMD step, two, four), and one byte
    /// either side: blank lines are skipped, a full `common` line of 64 bytes reads, and
    /// fragments are short of fields.
    #[test]
    fn lines_at_the_sizes_of_the_search_steps() {
        for len in [7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65] {
            assert_eq!(p(Format::Combined, &" ".repeat(len)), Ok(None));
            assert_eq!(
                p(Format::Combined, &"a".repeat(len)),
                Err(BadLine::TooFewFields)
            );
            // A space-separated fragment: address, ident and user, but no `[`.
            let fragment = format!("{:<len$}", "192.0.2.7 - - x");
            assert_eq!(
                p(Format::Common, &fragment[..len]),
                Err(BadLine::TooFewFields)
            );
        }
        // 57 bytes with a one-byte path; paths of 7 to 9 bytes make lines of 63 to 65.
        for path_len in 7..=9 {
            let path = "/".to_owned() + &"a".repeat(path_len - 1);
            let line = format!(r#"1 - - [20/Nov/2026:13:55:36 +0000] "GET {path} HTTP/1.1" 200 1"#);
            assert_eq!(line.len(), 56 + path_len);
            let r = req(Format::Common, &line);
            assert_eq!(&*r.target, path.as_bytes());
            assert_eq!(r.status, 200);
            // The same line as `combined` lacks its last two fields.
            assert_eq!(p(Format::Combined, &line), Err(BadLine::TooFewFields));
        }
    }

    /// The two usual ports are read by their bytes; the ports that start like them are not.
    #[test]
    fn vhost_ports_like_the_usual_ones() {
        let tail =
            r#" 192.0.2.7 - - [20/Nov/2026:13:55:36 +0000] "GET /x HTTP/1.1" 200 1 "-" "ua""#;
        for (vhost, want) in [
            ("h:443", Ok(Some("https"))),
            ("h:80", Ok(Some("http"))),
            ("h:8080", Ok(None)),
            ("h:4430", Ok(None)),
            ("h:808", Ok(None)),
            ("h:44", Ok(None)),
            ("h:0443", Ok(None)),
            ("h:080", Ok(None)),
            ("[::1]:443", Ok(Some("https"))),
            ("[::1]:80", Ok(Some("http"))),
            ("a:b:443", Err(BadLine::BadHost)),
            (":443", Err(BadLine::BadHost)),
        ] {
            let line = format!("{vhost}{tail}");
            let got = p(Format::VhostCombined, &line).map(|r| r.expect("a request").scheme);
            assert_eq!(got, want, "{line}");
            if let Ok(Some(r)) = p(Format::VhostCombined, &line) {
                assert_eq!(r.host, Some(vhost.as_bytes()));
                assert_eq!(r.client, b"192.0.2.7");
            }
        }
        // `h:80 ` as the whole line: the port is read, the line is short of fields.
        assert_eq!(
            p(Format::VhostCombined, "h:80 "),
            Err(BadLine::TooFewFields)
        );
        assert_eq!(
            p(Format::VhostCombined, "h:443 "),
            Err(BadLine::TooFewFields)
        );
    }

    /// An absolute-form target with an escaped path: the host from the URL unless the line
    /// has a vhost, the path unescaped, `/` for none.
    #[test]
    fn absolute_form_with_escapes_and_vhost() {
        let line = r#"192.0.2.7 - - [20/Nov/2026:13:55:36 +0000] "GET http://h.example/a\x20b?q=\"1\" HTTP/1.1" 200 1 "-" "ua""#;
        let r = req(Format::Combined, line);
        assert_eq!(r.host, Some(&b"h.example"[..]));
        assert_eq!(&*r.target, b"/a b?q=\"1\"");
        let line = format!("v.example:80 {line}");
        let r = req(Format::VhostCombined, &line);
        assert_eq!(r.host, Some(&b"v.example:80"[..]));
        assert_eq!(r.scheme, Some("http"));
        assert_eq!(&*r.target, b"/a b?q=\"1\"");
        let line = r#"192.0.2.7 - - [20/Nov/2026:13:55:36 +0000] "GET https://h.example?x HTTP/1.1" 200 1 "-" "ua""#;
        assert_eq!(&*req(Format::Combined, line).target, b"/?x");
    }

    #[test]
    fn detects_the_three() {
        let combined = r#"66.249.66.1 - - [20/Nov/2026:13:55:36 +0000] "GET / HTTP/1.1" 200 5 "-" "x"
2001:db8::1 - - [20/Nov/2026:13:55:37 +0000] "GET /a HTTP/1.1" 200 5 "-" "y"
"#;
        assert_eq!(detect(combined.as_bytes()), Some(Format::Combined));
        let common = r#"66.249.66.1 - - [20/Nov/2026:13:55:36 +0000] "GET / HTTP/1.1" 200 5
66.249.66.1 - - [20/Nov/2026:13:55:36 +0000] "GET /b HTTP/1.1" 404 -
"#;
        assert_eq!(detect(common.as_bytes()), Some(Format::Common));
        let vhost = r#"example.com:80 66.249.66.1 - - [20/Nov/2026:13:55:36 +0000] "GET / HTTP/1.1" 200 5 "-" "x"
example.com:443 2001:db8::1 - - [20/Nov/2026:13:55:36 +0000] "GET / HTTP/1.1" 200 5 "-" "x"
"#;
        assert_eq!(detect(vhost.as_bytes()), Some(Format::VhostCombined));
        assert_eq!(detect(b"hello\nworld\n"), None);
        assert_eq!(detect(b""), None);
    }

    /// Issue #15: twenty good `vhost_combined` lines and one whose first field lacks its port
    /// are a `vhost_combined` log with one malformed line, not a `combined` log (which reads
    /// all 21 lines, each wrongly: the vhost as the client).
    #[test]
    fn one_odd_line_does_not_flip_detection() {
        let good = |i: usize| {
            format!(
                r#"www.example.com:443 192.0.2.{i} - - [20/Nov/2026:13:55:{i:02} +0000] "GET /p/{i} HTTP/1.1" 200 5 "-" "Mozilla/5.0 (compatible; Googlebot/2.1)""#
            )
        };
        let odd = r#"www.example.com:0 192.0.2.99 - - [20/Nov/2026:13:55:59 +0000] "GET /odd HTTP/1.1" 200 5 "-" "curl/8""#;
        for at in [0, 10, 20] {
            let mut lines: Vec<String> = (0..20).map(good).collect();
            lines.insert(at, odd.to_owned());
            let sample = lines.join("\n");
            // Every good line reads as `combined` too (as the vhost line it is): that is why
            // the most lines cannot decide.
            let combined = LineParser::new(Format::Combined, None);
            assert!(
                lines
                    .iter()
                    .filter(|l| *l != odd)
                    .all(|l| combined.parse(l.as_bytes()).is_ok_and(|r| r.is_some()))
            );
            assert_eq!(
                detect(sample.as_bytes()),
                Some(Format::VhostCombined),
                "odd at {at}"
            );
            // The odd line is a malformed line of the detected format.
            assert_eq!(p(Format::VhostCombined, odd), Err(BadLine::BadHost));
        }
        // A majority decides the other way too: twenty combined lines and one vhost line.
        let combined_line = |i: usize| good(i).split_once(' ').expect("two fields").1.to_owned();
        let mut lines: Vec<String> = (0..20).map(combined_line).collect();
        lines.push(good(7));
        assert_eq!(detect(lines.join("\n").as_bytes()), Some(Format::Combined));
    }
}
