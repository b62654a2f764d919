//! Which robots.txt was in force: the versions of one origin's robots.txt in time, and the
//! judgement of a request at an instant (docs/judging.md, "Judging in time").
//!
//! Takes the start windows of an origin's versions (from dated files, the fetch cache or an
//! archive), which of them are "good" (a body or "no file"; an unreachable version is not),
//! the leeway a crawler may keep a copy for (RFC 9309 §2.4: 24 hours), the crawler's own
//! fetches of `/robots.txt` as the log shows them, and a verdict per version for the request's
//! path; gives the verdict that holds under every version the crawler may have held, with the
//! version to cite and the evidence. Free of I/O and of everything else in the crate: the
//! audit supplies the per-version verdicts (which need the robots engine).
//!
//! The rules (docs/judging.md, "Versions a crawler may hold"): version `Vi` *may be in force*
//! at instant `x` when `lo_i < x ≤ hi_(i+1)` (the last version has no end); before history
//! begins the first version is taken to have been in force already. A crawler judged at `t`
//! may hold any version that may be in force at some instant of `[t − L, t]`, narrowed by its
//! own latest fetch at `f` with `t − L ≤ f ≤ t`: a 2xx fetch means it holds a version that may
//! be in force at `f` (the one whose size matches, when exactly one does); a 4xx fetch other
//! than 429 means "no file". A request is a violation only if every version it may hold
//! disallows it.

use std::ops::Range;

use smallvec::SmallVec;

/// Unix milliseconds.
pub type Millis = i64;

/// When a version came into force: at some instant after `lo` and no later than `hi` (unix
/// ms); `lo == hi` when the instant is known exactly. [`Window::ALWAYS`] is an undated
/// version, in force for all time.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct Window {
    /// Exclusive lower bound.
    pub lo: Millis,
    /// Inclusive upper bound.
    pub hi: Millis,
}

impl Window {
    /// An undated version: in force since the beginning of time.
    pub const ALWAYS: Window = Window {
        lo: Millis::MIN,
        hi: Millis::MIN,
    };

    /// A version whose start is known exactly.
    pub fn at(instant: Millis) -> Window {
        Window {
            lo: instant,
            hi: instant,
        }
    }

    /// Whether the version may have come into force by `t`: its start, in `(lo, hi]` (at
    /// `hi` exactly when `lo == hi`: a file in force from STAMP is in force at STAMP).
    pub fn may_start_by(&self, t: Millis) -> bool {
        self.lo < t || self.hi <= t
    }

    /// Whether this is [`Window::ALWAYS`] (no date to report).
    pub fn is_undated(&self) -> bool {
        *self == Window::ALWAYS
    }
}

/// Why a list of windows is not a history.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HistoryError {
    /// No version at all.
    #[error("a history needs at least one version")]
    Empty,
    /// A window whose `lo` is after its `hi`.
    #[error("version {index}: its window ends before it starts")]
    Backwards {
        /// Index of the version.
        index: usize,
    },
    /// Two windows overlap or are out of order: the change to a version must come after the
    /// change to the one before it.
    #[error("versions {first} and {second} overlap or are out of order")]
    Overlap {
        /// The earlier version.
        first: usize,
        /// The later version.
        second: usize,
    },
    /// An undated version among dated ones.
    #[error("an undated version cannot have other versions")]
    MixedUndated,
}

/// The start windows of an origin's versions, in time order, and which are good.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Timeline {
    windows: Vec<Window>,
    /// For each version, the version that stands for it: itself when good, else the last
    /// good version before it (docs/judging.md, "Versions a crawler may hold": an unreachable
    /// version is replaced by it), or None.
    effective: Vec<Option<usize>>,
}

/// What a crawler's own fetch of `/robots.txt` tells
/// (docs/judging.md, "The crawler's own fetches").
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct Fetch {
    /// When it was made.
    pub time: Millis,
    /// The status the log records (0 when it records none).
    pub status: u16,
    /// The response size the log records, if any.
    pub bytes: Option<u64>,
}

impl Fetch {
    /// 2xx: the crawler got a body.
    pub fn got_body(&self) -> bool {
        (200..300).contains(&self.status)
    }

    /// 4xx except 429: the crawler was told there is no file.
    pub fn got_no_file(&self) -> bool {
        (400..500).contains(&self.status) && self.status != 429
    }
}

/// How one version reads the request's path (for a version standing for itself: see
/// [`Timeline`]'s replacement of unreachable versions).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VersionVerdict {
    /// The version allows the path (or has no file).
    Allow,
    /// The version disallows the path.
    Disallow,
}

/// The evidence for which version a crawler held (the report's `evidence` column).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Evidence {
    /// The request is older than the known history: the first version is assumed.
    Assumed,
    /// The crawler's own 2xx fetch in the log narrowed what it held.
    Fetched,
    /// The versions in force at the time, allowing for the leeway.
    InForce,
}

impl Evidence {
    /// `assumed`, `fetched` or `in-force`.
    pub fn as_str(self) -> &'static str {
        match self {
            Evidence::Assumed => "assumed",
            Evidence::Fetched => "fetched",
            Evidence::InForce => "in-force",
        }
    }
}

/// The versions a crawler may have held for one request, after narrowing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Held {
    /// No version can be judged (an unreachable version with no good one before it).
    NotJudged,
    /// The crawler was told there is no file (its own 4xx fetch): everything is allowed.
    NoFile,
    /// These versions (effective indices, each once, in time order).
    Versions {
        /// Effective version indices, ascending (inline up to two: this is made for every
        /// kept request, and its versions are nearly always one or two).
        versions: SmallVec<[usize; 2]>,
        /// How they were found.
        evidence: Evidence,
        /// The effective version in force at the request's own instant (for
        /// `allowed_by_leeway`).
        current: usize,
    },
}

/// The ruling on one request, over every version the crawler may have held: the verdict in
/// time (the engine's answer for one version and one path is `robots::Judgement`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ruling {
    /// Not judged: the rules the crawler held cannot be known.
    NotJudged,
    /// Allowed. `by_leeway`: the version in force at the request's time disallows it, but an
    /// older one the crawler may still have held allows it.
    Allowed {
        /// Allowed only thanks to the leeway.
        by_leeway: bool,
    },
    /// Disallowed under every version the crawler may have held.
    Violation {
        /// The (effective) version whose rule is cited: the latest of them.
        version: usize,
        /// How the versions were found.
        evidence: Evidence,
    },
}

impl Timeline {
    /// A timeline of versions with these windows (in time order); `good[i]` is false for an
    /// unreachable version.
    pub fn new(windows: Vec<Window>, good: &[bool]) -> Result<Timeline, HistoryError> {
        if windows.is_empty() {
            return Err(HistoryError::Empty);
        }
        if windows.len() > 1 && windows.iter().any(Window::is_undated) {
            return Err(HistoryError::MixedUndated);
        }
        for (i, w) in windows.iter().enumerate() {
            if w.lo > w.hi {
                return Err(HistoryError::Backwards { index: i });
            }
        }
        for (i, pair) in windows.windows(2).enumerate() {
            // The change to the next version comes after the change to this one.
            if pair[1].lo < pair[0].hi {
                return Err(HistoryError::Overlap {
                    first: i,
                    second: i + 1,
                });
            }
        }
        let mut effective = Vec::with_capacity(windows.len());
        let mut last_good = None;
        for i in 0..windows.len() {
            if good.get(i).copied().unwrap_or(true) {
                last_good = Some(i);
            }
            effective.push(last_good);
        }
        Ok(Timeline { windows, effective })
    }

    /// One undated good version: today's behaviour, one file for all time.
    pub fn undated() -> Timeline {
        Timeline {
            windows: vec![Window::ALWAYS],
            effective: vec![Some(0)],
        }
    }

    /// The number of versions.
    pub fn len(&self) -> usize {
        self.windows.len()
    }

    /// Never true: a timeline has at least one version.
    pub fn is_empty(&self) -> bool {
        self.windows.is_empty()
    }

    /// The windows, in time order.
    pub fn windows(&self) -> &[Window] {
        &self.windows
    }

    /// The version that stands for version `i` (itself, or the last good one before it).
    pub fn effective(&self, i: usize) -> Option<usize> {
        self.effective[i]
    }

    /// The inclusive end of version `i`'s span: the latest possible start of its successor.
    fn end(&self, i: usize) -> Millis {
        self.windows.get(i + 1).map_or(Millis::MAX, |w| w.hi)
    }

    /// The versions that may be in force at some instant of `[from, to]` (raw indices; a
    /// contiguous range, since the spans' starts and ends both grow with the index, and never
    /// empty, since consecutive spans touch or overlap and the first has no start, the last
    /// no end).
    pub fn in_force_during(&self, from: Millis, to: Millis) -> Range<usize> {
        let n = self.windows.len();
        // The first version is taken to have been in force before history began.
        let starts_before = |i: usize| i == 0 || self.windows[i].may_start_by(to);
        let first = partition(n, |i| self.end(i) < from);
        let last = partition(n, starts_before);
        first..last.max(first + 1)
    }

    /// True when `t` is before the first version's start (history begins later).
    pub fn before_history(&self, t: Millis) -> bool {
        let w = self.windows[0];
        !w.is_undated() && !w.may_start_by(t)
    }

    /// The versions the crawler may have held for a request at `t`, given the leeway and its
    /// latest fetch of `/robots.txt` at or before `t` (the caller finds it; it is used only
    /// when it falls within the leeway). `size_of(i)` is the body size of effective version
    /// `i` (None for no file).
    pub fn held(
        &self,
        t: Millis,
        leeway: Millis,
        fetch: Option<Fetch>,
        size_of: impl Fn(usize) -> Option<u64>,
    ) -> Held {
        let from = t.saturating_sub(leeway);
        let current_raw = self.in_force_during(t, t).end - 1;
        let Some(current) = self.effective[current_raw] else {
            return Held::NotJudged;
        };
        let fetch = fetch.filter(|f| f.time <= t && f.time >= from);
        // The raw versions held, as a range: no list is made for them (this runs for every
        // kept request).
        let (raw, evidence) = match fetch {
            Some(f) if f.got_no_file() => return Held::NoFile,
            Some(f) if f.got_body() => {
                let at_fetch = self.in_force_during(f.time, f.time);
                // The one version in force at the fetch whose size is the bytes it got, if
                // exactly one is; else all of them.
                let one = f.bytes.and_then(|bytes| {
                    let mut sized = at_fetch
                        .clone()
                        .filter(|&i| self.effective[i].is_some_and(|e| size_of(e) == Some(bytes)));
                    match (sized.next(), sized.next()) {
                        (Some(i), None) => Some(i),
                        _ => None,
                    }
                });
                let raw = one.map_or(at_fetch, |i| i..i + 1);
                // `fetched` says the crawler's fetch narrowed what it held to what was in
                // force then. Not when the fetch is older than the known history: what it
                // got is the first version only by assumption.
                // Nor for an undated file: one version for all time is the file in force by
                // assumption, whatever the crawler fetched (docs/judging.md, "The verdict").
                let evidence = if self.before_history(f.time) {
                    Evidence::Assumed
                } else if self.windows[0].is_undated() {
                    Evidence::InForce
                } else {
                    Evidence::Fetched
                };
                (raw, evidence)
            }
            _ => {
                let evidence = if self.before_history(t) {
                    Evidence::Assumed
                } else {
                    Evidence::InForce
                };
                (self.in_force_during(from, t), evidence)
            }
        };
        let mut versions = SmallVec::with_capacity(raw.len());
        for i in raw {
            match self.effective[i] {
                Some(e) => {
                    if versions.last() != Some(&e) {
                        versions.push(e);
                    }
                }
                None => return Held::NotJudged,
            }
        }
        Held::Versions {
            versions,
            evidence,
            current,
        }
    }
}

/// The judgement of a request the crawler made holding `held`, given how each (effective)
/// version reads its path.
pub fn judge(held: &Held, verdict: impl Fn(usize) -> VersionVerdict) -> Ruling {
    match held {
        Held::NotJudged => Ruling::NotJudged,
        Held::NoFile => Ruling::Allowed { by_leeway: false },
        Held::Versions {
            versions,
            evidence,
            current,
        } => {
            if versions
                .iter()
                .all(|&v| verdict(v) == VersionVerdict::Disallow)
            {
                Ruling::Violation {
                    // `versions` is never empty: `in_force_during` gives at least one.
                    version: *versions.last().unwrap_or(current),
                    evidence: *evidence,
                }
            } else {
                Ruling::Allowed {
                    by_leeway: verdict(*current) == VersionVerdict::Disallow,
                }
            }
        }
    }
}

/// The first index in `0..n` for which `before` is false (`before` is true, then false).
fn partition(n: usize, before: impl Fn(usize) -> bool) -> usize {
    let (mut lo, mut hi) = (0, n);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if before(mid) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    lo
}

/// The latest fetch at or before `t` among `fetches` (sorted by time).
pub fn latest_fetch(fetches: &[Fetch], t: Millis) -> Option<Fetch> {
    let n = fetches.partition_point(|f| f.time <= t);
    n.checked_sub(1).map(|i| fetches[i])
}

#[cfg(test)]
mod tests {
    use super::*;

    const H: Millis = 3_600_000;
    const DAY: Millis = 24 * H;

    /// 2026-11-01T00:00:00Z.
    const NOV1: Millis = 1_793_491_200_000;

    fn nov(day: i64, hour: i64) -> Millis {
        NOV1 + (day - 1) * DAY + hour * H
    }

    /// The worked example (docs/judging.md, "Worked example"): v1 from 11-01 `Disallow: /a/`,
    /// v2 from 11-03 `Disallow: /a/` + `/b/`, v3 from 11-05 `Disallow: /b/`.
    /// How one version reads a path.
    type Reads = Box<dyn Fn(usize) -> VersionVerdict>;

    fn example() -> (Timeline, impl Fn(&str) -> Reads) {
        let t = Timeline::new(
            vec![
                Window::at(nov(1, 0)),
                Window::at(nov(3, 0)),
                Window::at(nov(5, 0)),
            ],
            &[true, true, true],
        )
        .unwrap();
        let rules = |path: &str| -> Reads {
            let path = path.to_string();
            Box::new(move |v| {
                let disallowed: &[&str] = match v {
                    0 => &["/a/"],
                    1 => &["/a/", "/b/"],
                    _ => &["/b/"],
                };
                if disallowed.iter().any(|p| path.starts_with(p)) {
                    VersionVerdict::Disallow
                } else {
                    VersionVerdict::Allow
                }
            })
        };
        (t, rules)
    }

    fn run(
        t: &Timeline,
        at: Millis,
        fetch: Option<Fetch>,
        verdict: &dyn Fn(usize) -> VersionVerdict,
    ) -> Ruling {
        let fetches: Vec<Fetch> = fetch.into_iter().collect();
        let held = t.held(at, DAY, latest_fetch(&fetches, at), |_| None);
        judge(&held, verdict)
    }

    #[test]
    fn spec_9_worked_example() {
        let (t, rules) = example();
        let fetched = |day, hour, status| Fetch {
            time: nov(day, hour),
            status,
            bytes: None,
        };
        let cases = [
            (
                nov(2, 10),
                "/a/1",
                None,
                Ruling::Violation {
                    version: 0,
                    evidence: Evidence::InForce,
                },
            ),
            (nov(3, 6), "/b/1", None, Ruling::Allowed { by_leeway: true }),
            (
                nov(3, 2),
                "/b/3",
                Some(fetched(3, 1, 200)),
                Ruling::Violation {
                    version: 1,
                    evidence: Evidence::Fetched,
                },
            ),
            (
                nov(4, 6),
                "/b/2",
                None,
                Ruling::Violation {
                    version: 1,
                    evidence: Evidence::InForce,
                },
            ),
            (
                nov(4, 1),
                "/a/3",
                Some(fetched(4, 0, 404)),
                Ruling::Allowed { by_leeway: false },
            ),
            (
                nov(5, 6),
                "/a/2",
                None,
                Ruling::Allowed { by_leeway: false },
            ),
            (
                nov(5, 6),
                "/b/4",
                None,
                Ruling::Violation {
                    version: 2,
                    evidence: Evidence::InForce,
                },
            ),
            (
                nov(1, 0) - 12 * H,
                "/a/0",
                None,
                Ruling::Violation {
                    version: 0,
                    evidence: Evidence::Assumed,
                },
            ),
        ];
        for (at, path, fetch, want) in cases {
            assert_eq!(run(&t, at, fetch, &*rules(path)), want, "{path} at {at}");
        }
    }

    #[test]
    fn leeway_zero_holds_only_the_version_in_force() {
        let (t, rules) = example();
        let held = t.held(nov(3, 6), 0, None, |_| None);
        assert_eq!(
            judge(&held, &*rules("/b/1")),
            Ruling::Violation {
                version: 1,
                evidence: Evidence::InForce
            }
        );
    }

    #[test]
    fn an_uncertain_window_holds_both_versions_inside_it() {
        // v2 came at some instant in (11-02, 11-04]: at 11-03 the crawler may hold either,
        // even with no leeway; after 11-04 + leeway only v2.
        let t = Timeline::new(
            vec![
                Window::at(nov(1, 0)),
                Window {
                    lo: nov(2, 0),
                    hi: nov(4, 0),
                },
            ],
            &[true, true],
        )
        .unwrap();
        assert_eq!(t.in_force_during(nov(3, 0), nov(3, 0)), 0..2);
        assert_eq!(
            t.in_force_during(nov(2, 0), nov(2, 0)),
            0..1,
            "lo is exclusive"
        );
        assert_eq!(
            t.in_force_during(nov(4, 0), nov(4, 0)),
            0..2,
            "hi is inclusive"
        );
        assert_eq!(t.in_force_during(nov(4, 1), nov(4, 1)), 1..2);
        assert_eq!(t.in_force_during(nov(5, 0), nov(5, 0)), 1..2);
    }

    /// A file in force from STAMP is in force at STAMP itself (beside the one before it,
    /// which may still be held then: a request at that instant may be under either).
    #[test]
    fn an_exact_start_is_in_force_at_its_instant() {
        let t = Timeline::new(
            vec![Window::at(nov(1, 0)), Window::at(nov(3, 0))],
            &[true, true],
        )
        .unwrap();
        assert_eq!(t.in_force_during(nov(3, 0), nov(3, 0)), 0..2);
        assert_eq!(t.in_force_during(nov(3, 0) - 1, nov(3, 0) - 1), 0..1);
        assert_eq!(t.in_force_during(nov(3, 0) + 1, nov(3, 0) + 1), 1..2);
        assert!(!t.before_history(nov(1, 0)));
        assert!(t.before_history(nov(1, 0) - 1));
    }

    #[test]
    fn a_fetch_with_a_size_picks_the_version_of_that_size() {
        let t = Timeline::new(
            vec![
                Window::at(nov(1, 0)),
                Window {
                    lo: nov(2, 0),
                    hi: nov(4, 0),
                },
            ],
            &[true, true],
        )
        .unwrap();
        let sizes = |v: usize| Some([100u64, 250][v]);
        let fetch = |bytes| Fetch {
            time: nov(3, 0),
            status: 200,
            bytes,
        };
        let held = t.held(nov(3, 1), DAY, Some(fetch(Some(250))), sizes);
        assert!(
            matches!(&held, Held::Versions { versions, evidence: Evidence::Fetched, .. } if versions[..] == [1]),
            "{held:?}"
        );
        // A size no version in force had (a compressed response, often): both held.
        let held = t.held(nov(3, 1), DAY, Some(fetch(Some(999))), sizes);
        assert!(
            matches!(&held, Held::Versions { versions, evidence: Evidence::Fetched, .. } if versions[..] == [0, 1]),
            "{held:?}"
        );
        let held = t.held(nov(3, 1), DAY, Some(fetch(None)), sizes);
        assert!(
            matches!(&held, Held::Versions { versions, evidence: Evidence::Fetched, .. } if versions[..] == [0, 1]),
            "{held:?}"
        );
        // A fetch before the history begins got the first version only by assumption, even
        // of its size.
        let early = Fetch {
            time: nov(1, 0) - 3 * H,
            status: 200,
            bytes: Some(100),
        };
        let held = t.held(nov(1, 0) - 2 * H, DAY, Some(early), sizes);
        assert!(
            matches!(&held, Held::Versions { versions, evidence: Evidence::Assumed, .. } if versions[..] == [0]),
            "{held:?}"
        );
        let held = t.held(nov(1, 0) + 2 * H, DAY, Some(early), sizes);
        assert!(
            matches!(&held, Held::Versions { versions, evidence: Evidence::Assumed, .. } if versions[..] == [0]),
            "{held:?}"
        );
    }

    #[test]
    fn fetches_outside_the_leeway_or_after_the_request_do_not_narrow() {
        let (t, rules) = example();
        // A 404 fetch 25 h earlier: too old to say anything.
        let old = Fetch {
            time: nov(4, 1) - 25 * H,
            status: 404,
            bytes: None,
        };
        assert_eq!(
            run(&t, nov(4, 1), Some(old), &*rules("/a/3")),
            Ruling::Violation {
                version: 1,
                evidence: Evidence::InForce
            }
        );
        // 3xx, 429 and 5xx fetches say nothing either.
        for status in [301, 429, 503, 0, 999] {
            let f = Fetch {
                time: nov(4, 0),
                status,
                bytes: None,
            };
            assert_eq!(
                run(&t, nov(4, 1), Some(f), &*rules("/a/3")),
                Ruling::Violation {
                    version: 1,
                    evidence: Evidence::InForce
                },
                "{status}"
            );
        }
        // The latest fetch at or before the request is the one that counts.
        let fetches = [
            Fetch {
                time: nov(4, 0),
                status: 404,
                bytes: None,
            },
            Fetch {
                time: nov(4, 2),
                status: 200,
                bytes: None,
            },
        ];
        assert_eq!(latest_fetch(&fetches, nov(4, 1)), Some(fetches[0]));
        assert_eq!(latest_fetch(&fetches, nov(4, 2)), Some(fetches[1]));
        assert_eq!(latest_fetch(&fetches, nov(3, 23)), None);
    }

    #[test]
    fn unreachable_versions_stand_for_the_last_good_one() {
        // v1 rules, v2 unreachable (503), v3 rules.
        let t = Timeline::new(
            vec![
                Window::at(nov(1, 0)),
                Window::at(nov(3, 0)),
                Window::at(nov(5, 0)),
            ],
            &[true, false, true],
        )
        .unwrap();
        assert_eq!(t.effective(1), Some(0));
        let held = t.held(nov(4, 0), 0, None, |_| None);
        assert_eq!(
            held,
            Held::Versions {
                versions: smallvec::smallvec![0],
                evidence: Evidence::InForce,
                current: 0
            }
        );
        // Unreachable from the start: nothing to judge by.
        let t = Timeline::new(
            vec![Window::at(nov(1, 0)), Window::at(nov(3, 0))],
            &[false, true],
        )
        .unwrap();
        assert_eq!(t.held(nov(2, 0), 0, None, |_| None), Held::NotJudged);
        assert!(matches!(
            t.held(nov(4, 0), 0, None, |_| None),
            Held::Versions { .. }
        ));
        // ...and the leeway reaching back into it makes the request not judged.
        assert_eq!(t.held(nov(3, 1), DAY, None, |_| None), Held::NotJudged);
    }

    #[test]
    fn one_undated_version_is_todays_judgement() {
        let t = Timeline::undated();
        for at in [Millis::MIN + 1, -1, 0, nov(1, 0), Millis::MAX] {
            let held = t.held(at, DAY, None, |_| None);
            assert_eq!(
                held,
                Held::Versions {
                    versions: smallvec::smallvec![0],
                    evidence: Evidence::InForce,
                    current: 0
                }
            );
            assert_eq!(
                judge(&held, |_| VersionVerdict::Disallow),
                Ruling::Violation {
                    version: 0,
                    evidence: Evidence::InForce
                }
            );
            assert_eq!(
                judge(&held, |_| VersionVerdict::Allow),
                Ruling::Allowed { by_leeway: false }
            );
        }
        // The crawler's own 2xx fetch narrows nothing of one version for all time: still
        // `in-force`, never `fetched`.
        let fetch = Fetch {
            time: nov(1, 0),
            status: 200,
            bytes: Some(10),
        };
        let held = t.held(nov(1, 1), DAY, Some(fetch), |_| Some(10));
        assert_eq!(
            held,
            Held::Versions {
                versions: smallvec::smallvec![0],
                evidence: Evidence::InForce,
                current: 0
            }
        );
    }

    #[test]
    fn bad_timelines_are_refused() {
        assert_eq!(Timeline::new(vec![], &[]), Err(HistoryError::Empty));
        assert_eq!(
            Timeline::new(vec![Window { lo: 5, hi: 4 }], &[true]),
            Err(HistoryError::Backwards { index: 0 })
        );
        assert_eq!(
            Timeline::new(
                vec![Window { lo: 0, hi: 10 }, Window { lo: 5, hi: 20 }],
                &[true, true]
            ),
            Err(HistoryError::Overlap {
                first: 0,
                second: 1
            })
        );
        assert_eq!(
            Timeline::new(vec![Window::ALWAYS, Window::at(5)], &[true, true]),
            Err(HistoryError::MixedUndated)
        );
        // Touching windows are fine: one change after the other.
        assert!(
            Timeline::new(
                vec![Window { lo: 0, hi: 10 }, Window { lo: 10, hi: 20 }],
                &[true, true]
            )
            .is_ok()
        );
    }
}
