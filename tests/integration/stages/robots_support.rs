//! Shared by the robots tests: the regex reference matcher and a longest-match
//! reference verdict built on it.

use regex::bytes::Regex;
use robots_audit::robots::{Dialect, Group, RobotsTxt, RuleKind};

/// The reference: `*` → `.*`, a trailing `$` → `\z`, everything else literal, anchored at
/// the start.
pub fn reference_regex(pattern: &[u8]) -> Regex {
    let (body, anchored) = match pattern.split_last() {
        Some((b'$', rest)) => (rest, true),
        _ => (pattern, false),
    };
    let mut re = String::from("(?s-u)\\A");
    for &b in body {
        if b == b'*' {
            re.push_str(".*");
        } else if b.is_ascii_alphanumeric() || b == b'/' {
            re.push(char::from(b));
        } else {
            re.push_str(&format!("\\x{b:02X}"));
        }
    }
    if anchored {
        re.push_str("\\z");
    }
    // The translation escapes every non-alphanumeric byte, so it always compiles.
    Regex::new(&re).expect("reference regex compiles")
}

/// A group's rules compiled to reference regexes, for a longest-match reference verdict:
/// the longest matching pattern (google: all bytes; yandex: without `*` and a trailing `$`)
/// decides, allow on a tie; Google's `index.htm` alias is added for allows.
pub struct ReferenceGroup {
    rules: Vec<(Regex, usize, bool)>,
}

impl ReferenceGroup {
    pub fn new(robots: &RobotsTxt, group: &Group) -> Self {
        let dialect = robots.dialect();
        let mut rules = Vec::new();
        let mut add = |pattern: &[u8], allow: bool| {
            if pattern.is_empty() {
                return;
            }
            let len = match dialect {
                Dialect::Google => pattern.len(),
                _ => {
                    let body = pattern.strip_suffix(b"$").unwrap_or(pattern);
                    body.iter().filter(|&&b| b != b'*').count()
                }
            };
            rules.push((reference_regex(pattern), len, allow));
        };
        for id in group.rules() {
            let rule = robots.rule(id);
            let allow = rule.effective_kind() == RuleKind::Allow;
            let pattern = rule.pattern();
            add(pattern, allow);
            if dialect == Dialect::Google
                && rule.kind == RuleKind::Allow
                && let Some(slash) = pattern.iter().rposition(|&b| b == b'/')
                && pattern[slash..].starts_with(b"/index.htm")
            {
                let mut alias = pattern[..=slash].to_vec();
                alias.push(b'$');
                add(&alias, allow);
            }
        }
        ReferenceGroup { rules }
    }

    pub fn allowed(&self, path: &[u8]) -> bool {
        if path == b"/robots.txt" || path.starts_with(b"/robots.txt?") {
            return true;
        }
        let mut best: Option<(usize, bool)> = None;
        for (re, len, allow) in &self.rules {
            if best.is_some_and(|(l, a)| *len < l || (*len == l && (a || !allow))) {
                continue;
            }
            if re.is_match(path) {
                best = Some((*len, *allow));
            }
        }
        best.is_none_or(|(_, allow)| allow)
    }
}
