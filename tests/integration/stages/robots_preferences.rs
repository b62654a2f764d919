//! AI usage preferences (docs/preferences.md): its worked example, the
//! examples of the aipref drafts, how lines are grouped, matched and combined in both
//! dialects, agreement with a plain reference on random files, and hostile lines bounded.

use super::robots_support::reference_regex;
use proptest::prelude::*;
use robots_audit::robots::{
    Agent, Dialect, GroupId, PrefKey, RobotsTxt, Vocabulary, normalize_target,
};

fn group(robots: &RobotsTxt, token: &str) -> Option<GroupId> {
    robots.group_for(&Agent {
        tokens: &[token],
        obeys_star: true,
    })
}

fn path_of(url: &str) -> Vec<u8> {
    let mut path = Vec::new();
    normalize_target(url.as_bytes(), &mut path);
    path
}

/// What a request comes to for the key its crawler's category conflicts with.
#[derive(Debug, PartialEq, Eq)]
enum Outcome {
    /// A rule forbids it: a violation (on this line), never also a conflict.
    Violation(u32),
    /// Allowed, and the key is a no (decided on this line, written so).
    Conflict(u32, String),
    /// Allowed, and nothing says no.
    NoConflict,
}

fn outcome(robots: &RobotsTxt, token: &str, key: PrefKey, url: &str) -> Outcome {
    let group = group(robots, token);
    let path = path_of(url);
    let verdict = robots.check(group, &path);
    if !verdict.allowed {
        let rule = verdict.rule.expect("a rule disallowed it");
        return Outcome::Violation(robots.rule(rule).line);
    }
    match robots.preferences(group, &path).no(key) {
        Some(id) => {
            let line = robots.preference_line(id);
            Outcome::Conflict(line.line, line.text.clone())
        }
        None => Outcome::NoConflict,
    }
}

/// One key's answer: (yes, line number), or `None`.
type Answer = Option<(bool, u32)>;

/// One key's answer for a crawler token and a URL.
fn answer(robots: &RobotsTxt, token: &str, url: &str, key: PrefKey) -> Answer {
    robots
        .preference(group(robots, token), &path_of(url), key)
        .map(|p| (p.yes, robots.preference_line(p.line).line))
}

/// docs/preferences.md, "Worked example" (also what `check`'s test judges).
const SPEC10_EXAMPLE: &str =
    include_str!("../../../testdata/robots/preferences/spec10-worked-example.txt");

#[test]
fn spec10_worked_example() {
    // Each crawler with the key its registry category conflicts with (ai-training: ai-train;
    // search: search; ai-search: ai-input).
    let table: &[(&str, PrefKey, &str, Outcome)] = &[
        (
            "claudebot",
            PrefKey::AiTrain,
            "/blog/1",
            Outcome::Conflict(2, "Content-Signal: search=yes, ai-train=no".into()),
        ),
        // `Content-Signal` says no, but the longest `Content-Usage` match says yes.
        (
            "claudebot",
            PrefKey::AiTrain,
            "/open/x",
            Outcome::NoConflict,
        ),
        (
            "claudebot",
            PrefKey::AiTrain,
            "/private/a",
            Outcome::Violation(4),
        ),
        // Its own group says `ai-train=yes`.
        ("gptbot", PrefKey::AiTrain, "/blog/1", Outcome::NoConflict),
        ("googlebot", PrefKey::Search, "/blog/1", Outcome::NoConflict),
        // No `ai-input` key.
        (
            "perplexitybot",
            PrefKey::AiInput,
            "/blog/1",
            Outcome::NoConflict,
        ),
    ];
    for dialect in [Dialect::Google, Dialect::Yandex] {
        let robots = RobotsTxt::parse(SPEC10_EXAMPLE.as_bytes(), dialect);
        for (token, key, url, want) in table {
            assert_eq!(
                &outcome(&robots, token, *key, url),
                want,
                "{dialect} {token} {url}"
            );
        }
        // The vocabularies' own answers behind the second row.
        let g = group(&robots, "claudebot");
        let prefs = robots.preferences(g, b"/open/x");
        let line = |p: Option<robots_audit::robots::Preference>| {
            p.map(|p| (p.yes, robots.preference_line(p.line).line))
        };
        assert_eq!(
            line(prefs.of(Vocabulary::ContentSignal, PrefKey::AiTrain)),
            Some((false, 2))
        );
        assert_eq!(
            line(prefs.of(Vocabulary::ContentUsage, PrefKey::AiTrain)),
            Some((true, 3))
        );
        assert_eq!(line(prefs.get(PrefKey::AiTrain)), Some((true, 3)));
        assert_eq!(line(prefs.get(PrefKey::Search)), Some((true, 2)));
        assert_eq!(
            answer(&robots, "perplexitybot", "/blog/1", PrefKey::AiInput),
            None
        );
    }
}

#[test]
fn aipref_attach_example() {
    // draft-ietf-aipref-attach-05 §3.4: its robots.txt and its table of paths.
    let body = "User-Agent: *
Allow: /
Disallow: /never/
Content-Usage: / train-ai=n
Content-Usage: /ai-ok/ train-ai=y

User-Agent: ExampleBot
Allow: /
Content-Usage: / train-ai=y
";
    let robots = RobotsTxt::parse(body.as_bytes(), Dialect::Google);
    let table: &[(&str, bool, Answer)] = &[
        ("/test", true, Some((false, 4))),
        ("/never/test", false, None),
        ("/ai-ok/test", true, Some((true, 5))),
    ];
    for &(url, crawl, usage) in table {
        let g = group(&robots, "otherbot");
        assert_eq!(robots.check(g, &path_of(url)).allowed, crawl, "{url}");
        let j = robots.judge(
            &Agent {
                tokens: &["otherbot"],
                obeys_star: true,
            },
            url.as_bytes(),
        );
        // No preference is attached to what may not be crawled.
        let shown: Answer = j.preferences.first().map(|p| (p.yes, p.line));
        assert_eq!(shown, usage, "{url}");
    }
    for url in ["/test", "/never/test", "/ai-ok/test"] {
        assert_eq!(
            answer(&robots, "examplebot", url, PrefKey::AiTrain),
            Some((true, 9))
        );
    }
}

#[test]
fn aipref_vocab_multiple_preferences() {
    // draft-ietf-aipref-vocab §6.6: the last value of a key applies, whatever its type; a
    // dictionary that does not parse (upper-case keys among the causes) gives nothing.
    let body = "User-agent: *
Content-Usage: train-ai=y, train-ai, search=n, search=\"n\"
Content-Usage: train-ai;allow=n, train-ai=y
Content-Usage: Train-AI=n
";
    let robots = RobotsTxt::parse(body.as_bytes(), Dialect::Google);
    let lines: Vec<(u32, Option<bool>, Option<bool>)> = robots
        .preference_lines()
        .iter()
        .map(|l| (l.line, l.value(PrefKey::AiTrain), l.value(PrefKey::Search)))
        .collect();
    assert_eq!(lines, [(3, Some(true), None)]);
    let warned: Vec<u32> = robots.warnings().iter().map(|w| w.line).collect();
    assert_eq!(warned, [2, 4]);
    assert!(robots.warnings()[1].message.contains("RFC 9651"));
    assert_eq!(answer(&robots, "x", "/", PrefKey::AiTrain), Some((true, 3)));
}

#[test]
fn spec10_paths_longest_wins_ties_restrictive() {
    let body = "User-agent: *
Content-Usage: train-ai=n
Content-Usage: /a train-ai=y
Content-Usage: /a/b train-ai=n
Content-Usage: /a/b train-ai=y
Content-Usage: /*.pdf$ train-ai=n
Content-Usage: /caf%c3%a9 search=n
Content-Usage: / search=y
Content-Usage: search=n
Content-Usage: train-ai=y
Content-Usage: /x/ search=n, train-ai=y
Content-Usage: /x/\t  search=y
";
    for dialect in [Dialect::Google, Dialect::Yandex] {
        let robots = RobotsTxt::parse(body.as_bytes(), dialect);
        assert_eq!(robots.preference_lines().len(), 11, "{dialect}");
        let table: &[(&str, Answer, Answer)] = &[
            // Path-less lines tie (n wins, line 2); `/` beats the path-less `search=n`.
            ("/z", Some((false, 2)), Some((true, 8))),
            ("/a", Some((true, 3)), Some((true, 8))),
            // Equal paths: n wins.
            ("/a/b/c", Some((false, 4)), Some((true, 8))),
            // `/*.pdf$` (7) beats `/a` (2) where it matches, and only there.
            ("/a/doc.pdf", Some((false, 6)), Some((true, 8))),
            ("/a/doc.pdf?x", Some((true, 3)), Some((true, 8))),
            // A raw `é` is matched percent-encoded, as a rule is.
            ("/café/menu", Some((false, 2)), Some((false, 7))),
            (
                "https://example.com/caf%C3%A9",
                Some((false, 2)),
                Some((false, 7)),
            ),
            // Equal paths again, across keys of one line: search n (11) beats y (12).
            ("/x/1", Some((true, 11)), Some((false, 11))),
        ];
        for &(url, train, search) in table {
            assert_eq!(
                answer(&robots, "bot", url, PrefKey::AiTrain),
                train,
                "{dialect} {url}"
            );
            assert_eq!(
                answer(&robots, "bot", url, PrefKey::Search),
                search,
                "{dialect} {url}"
            );
        }
        // The file's own rules are read by every crawler: no preference is attached to it.
        assert!(
            robots
                .preferences(robots.global_group(), b"/robots.txt")
                .is_empty()
        );
        assert_eq!(
            robots
                .preference_line(
                    robots
                        .preference(robots.global_group(), b"/x/", PrefKey::Search)
                        .expect("set")
                        .line
                )
                .path
                .as_deref(),
            Some("/x/")
        );
    }
    // Yandex counts neither `*` nor a trailing `$`: `/*.pdf$` is 5 long, still over `/a`.
    let robots = RobotsTxt::parse(
        b"User-agent: *\nContent-Usage: /a/doc train-ai=y\nContent-Usage: /*.pdf$ train-ai=n\n",
        Dialect::Yandex,
    );
    assert_eq!(
        answer(&robots, "bot", "/a/doc.pdf", PrefKey::AiTrain),
        Some((true, 2)),
        "yandex: /a/doc (6) beats /*.pdf$ (5)"
    );
    let robots = RobotsTxt::parse(
        b"User-agent: *\nContent-Usage: /a/doc train-ai=y\nContent-Usage: /*.pdf$ train-ai=n\n",
        Dialect::Google,
    );
    assert_eq!(
        answer(&robots, "bot", "/a/doc.pdf", PrefKey::AiTrain),
        Some((false, 3)),
        "google: /*.pdf$ (7) beats /a/doc (6)"
    );
}

#[test]
fn spec10_preference_lines_belong_to_groups() {
    // A preference line ends the run of user-agent lines, as a rule does (the aipref grammar
    // makes it one): GPTBot's group holds only the signal, and names GPTBot.
    let body = "User-agent: GPTBot
Content-Signal: ai-train=no
User-agent: *
Disallow: /private
";
    let robots = RobotsTxt::parse(body.as_bytes(), Dialect::Google);
    let gpt = group(&robots, "gptbot");
    assert_eq!(
        gpt.map(|g| robots.group(g).name()).as_deref(),
        Some("GPTBot")
    );
    assert!(robots.check(gpt, b"/private").allowed);
    assert_eq!(
        answer(&robots, "gptbot", "/private", PrefKey::AiTrain),
        Some((false, 2))
    );
    assert!(
        !robots
            .check(group(&robots, "otherbot"), b"/private")
            .allowed
    );
    assert_eq!(answer(&robots, "otherbot", "/", PrefKey::AiTrain), None);

    // A group of only preference lines hides `*`.
    let body = "User-agent: *\nDisallow: /\n\nUser-agent: CCBot\nContent-Usage: train-ai=n\n";
    let robots = RobotsTxt::parse(body.as_bytes(), Dialect::Google);
    assert!(robots.check(group(&robots, "ccbot"), b"/page").allowed);
    assert_eq!(
        answer(&robots, "ccbot", "/page", PrefKey::AiTrain),
        Some((false, 5))
    );

    // Groups naming the same agent merge: Content-Signal folds most restrictively across
    // them, and a Content-Usage path of another part still beats it (a yes wins).
    let body = "User-agent: foo
Content-Signal: ai-train=yes, search=yes

User-agent: *
Disallow:

User-agent: foo
Content-Signal: ai-train=no, search=yes
Content-Usage: /x train-ai=y
";
    let robots = RobotsTxt::parse(body.as_bytes(), Dialect::Google);
    let foo = group(&robots, "foo").expect("named");
    assert_eq!(robots.group(foo).preference_lines().count(), 3);
    assert!(robots.group(foo).has_preferences());
    assert!(
        !robots
            .group(robots.global_group().expect("*"))
            .has_preferences()
    );
    assert_eq!(
        answer(&robots, "foo", "/a", PrefKey::AiTrain),
        Some((false, 8))
    );
    assert_eq!(
        answer(&robots, "foo", "/a", PrefKey::Search),
        Some((true, 2))
    );
    assert_eq!(
        answer(&robots, "foo", "/x1", PrefKey::AiTrain),
        Some((true, 9))
    );

    // Field names are case-insensitive; `Content-Signals` is read as `Content-Signal`; values
    // of Content-Signal are case-insensitive; google's missing colon works for them too.
    let body = "user-agent: *
CONTENT-SIGNALS: AI-Train=NO
content-usage search=n
";
    let robots = RobotsTxt::parse(body.as_bytes(), Dialect::Google);
    assert_eq!(
        answer(&robots, "x", "/", PrefKey::AiTrain),
        Some((false, 2))
    );
    assert_eq!(answer(&robots, "x", "/", PrefKey::Search), Some((false, 3)));
    assert_eq!(
        robots.preference_lines()[0].text,
        "CONTENT-SIGNALS: AI-Train=NO",
        "the line as written"
    );
    assert_eq!(
        robots.preference_lines()[0].vocabulary,
        Vocabulary::ContentSignal
    );
    // Yandex's parser has no missing-colon tolerance.
    let robots = RobotsTxt::parse(body.as_bytes(), Dialect::Yandex);
    assert_eq!(answer(&robots, "x", "/", PrefKey::Search), None);

    // Before the first user-agent line: no group, ignored with a warning; so is a line that
    // sets nothing known. A comment ends the value, as in any line.
    let body = "Content-Signal: ai-train=no
User-agent: *
Content-Signal: use=no, ai-train=maybe
Content-Usage: /a train-ai=n # and more
Allow: /
";
    let robots = RobotsTxt::parse(body.as_bytes(), Dialect::Google);
    let warned: Vec<(u32, &str)> = robots
        .warnings()
        .iter()
        .map(|w| (w.line, w.message.as_str()))
        .collect();
    assert_eq!(
        warned,
        [
            (1, "Content-Signal before the first user-agent line ignored"),
            (
                3,
                "Content-Signal sets none of its keys to a known value: ignored"
            ),
        ]
    );
    assert_eq!(robots.preference_lines().len(), 1);
    assert_eq!(
        robots.preference_lines()[0].text,
        "Content-Usage: /a train-ai=n"
    );
}

#[test]
fn yandex_preference_groups() {
    let body = "User-agent: YandexBot
Content-Signal: search=no
User-agent: Yandex
Disallow: /private

User-agent: Yandex
Content-Usage: /news/ train-ai=n

User-agent: *
Content-Signal: search=yes
";
    let robots = RobotsTxt::parse(body.as_bytes(), Dialect::Yandex);
    // Yandex: the preference line ends YandexBot's group; `Yandex` covers YandexImages and
    // its two groups merge.
    assert!(
        robots
            .check(group(&robots, "YandexBot"), b"/private")
            .allowed
    );
    assert_eq!(
        answer(&robots, "YandexBot", "/", PrefKey::Search),
        Some((false, 2))
    );
    assert!(
        !robots
            .check(group(&robots, "YandexImages"), b"/private")
            .allowed
    );
    assert_eq!(
        answer(&robots, "YandexImages", "/news/1", PrefKey::AiTrain),
        Some((false, 7))
    );
    assert_eq!(
        answer(&robots, "YandexImages", "/news/1", PrefKey::Search),
        None
    );
    // YandexDirect is not covered by `Yandex`: `*`.
    assert_eq!(
        answer(&robots, "YandexDirect", "/", PrefKey::Search),
        Some((true, 10))
    );

    // Over Yandex's size limit the file allows everything: no group, no preference.
    let mut big = b"User-agent: *\nContent-Signal: ai-train=no\n".to_vec();
    big.resize(600 * 1024, b'\n');
    let robots = RobotsTxt::parse(&big, Dialect::Yandex);
    assert!(robots.preference_lines().is_empty());
    assert_eq!(answer(&robots, "x", "/", PrefKey::AiTrain), None);
}

#[test]
fn hostile_preference_lines_stay_small_and_linear() {
    // One line of 80,000 `k=v` items and then a key that counts: yandex keeps lines whole
    // (the file is under its 500 KB limit), so both syntaxes read all of it.
    for (key, tail, want) in [
        ("Content-Signal", "ai-train=no", Some((false, 2))),
        ("Content-Usage", "train-ai=n", Some((false, 2))),
    ] {
        let mut body = format!("User-agent: *\n{key}: /p ").into_bytes();
        for n in 0..80_000 {
            body.extend_from_slice(format!("k{}=v, ", n % 10).as_bytes());
        }
        body.extend_from_slice(tail.as_bytes());
        body.push(b'\n');
        assert!(body.len() < 500 * 1024);
        // A guard against a hang, not a measure (benches measure).
        let started = std::time::Instant::now();
        let robots = RobotsTxt::parse(&body, Dialect::Yandex);
        assert!(started.elapsed().as_secs() < 30, "{key}");
        let lines = robots.preference_lines();
        assert_eq!(lines.len(), 1, "{key}");
        // What is kept is the line itself and three values.
        assert!(lines[0].text.len() < body.len(), "{key}");
        let url = if key == "Content-Usage" { "/p/x" } else { "/x" };
        assert_eq!(answer(&robots, "x", url, PrefKey::AiTrain), want, "{key}");

        // google cuts the line at 16,663 bytes, and the key at the end is lost with the rest.
        let robots = RobotsTxt::parse(&body, Dialect::Google);
        assert_eq!(answer(&robots, "x", url, PrefKey::AiTrain), None, "{key}");
        assert!(
            robots
                .warnings()
                .iter()
                .any(|w| w.message.contains("line longer"))
        );
    }
}

/// `User-agent: *` and `Content-Usage: /*cN train-ai=n` for N up to 12,999: issue #15's
/// attack on the rule index, as preference lines.
#[test]
fn hostile_wildcard_paths_cost_work_bounded_by_the_path() {
    let mut body = b"User-agent: *\n".to_vec();
    for n in 0..13_000 {
        body.extend_from_slice(format!("Content-Usage: /*c{n} train-ai=n\n").as_bytes());
    }
    assert!(body.len() <= 512_000);
    let robots = RobotsTxt::parse(&body, Dialect::Google);
    assert_eq!(robots.preference_lines().len(), 13_000);
    let all = robots.global_group();
    let mut dense = b"/".to_vec();
    let mut n = 0;
    while dense.len() < 8 * 1024 {
        dense.extend_from_slice(format!("c{n}").as_bytes());
        n += 1;
    }
    let mut tail = vec![b'x'; 8 * 1024];
    tail[0] = b'/';
    tail.extend_from_slice(b"c12999");
    let no_c = vec![b'/'; 8 * 1024];
    for (name, path, want) in [
        ("dense", dense, Some(1000)),
        ("tail", tail, Some(12_999)),
        ("no c", no_c, None),
    ] {
        let (answer, steps) = robots.preference_counted(all, &path, PrefKey::AiTrain);
        assert_eq!(answer, robots.preference(all, &path, PrefKey::AiTrain));
        // The bound of the rule index (index.rs), which these lines share.
        assert!(steps <= 16 * path.len() as u64, "{name}: {steps} steps");
        assert_eq!(answer.map(|p| p.line.index()), want, "{name}");
        // Keys no line sets cost nothing.
        assert_eq!(
            robots.preference_counted(all, &path, PrefKey::Search),
            (None, 0)
        );
    }
}

#[test]
fn hostile_merged_groups_past_the_copy_budget_agree_with_the_reference() {
    // One group naming a0..a24 with 5,000 Content-Usage lines, then one small group per
    // agent: each agent's merged group would copy the 5,000 lines; past 100,000 copies the
    // parts are asked in turn instead. Both must answer the same.
    let mut body = String::new();
    for a in 0..25 {
        body.push_str(&format!("User-agent: a{a}\n"));
    }
    for n in 0..5_000 {
        let value = if n % 3 == 0 { "n" } else { "y" };
        body.push_str(&format!("Content-Usage: /p{n} train-ai={value}\n"));
    }
    for a in 0..25 {
        body.push_str(&format!(
            "\nUser-agent: a{a}\nContent-Usage: /p{a}0 train-ai=y\nContent-Signal: ai-train=no\n"
        ));
    }
    let robots = RobotsTxt::parse(body.as_bytes(), Dialect::Google);
    for a in 0..25 {
        let token = format!("a{a}");
        let g = group(&robots, &token);
        for url in [
            format!("/p{a}"),
            format!("/p{a}0"),
            format!("/p{a}00"),
            "/q".into(),
        ] {
            let path = path_of(&url);
            assert_eq!(
                project(&robots, g, &path),
                reference(&robots, g, &path),
                "{token} {url}"
            );
        }
    }
    // /p30 is the group's own line 30 (n) against the agent's /p30 (y): equal paths, n wins.
    assert_eq!(
        answer(&robots, "a3", "/p30", PrefKey::AiTrain),
        Some((false, 56))
    );
}

type Answers = Vec<(Option<(bool, usize)>, Option<(bool, usize)>)>;

/// Every key's answer per vocabulary: `(yes, preference line index)`.
fn project(robots: &RobotsTxt, group: Option<GroupId>, path: &[u8]) -> Answers {
    let prefs = robots.preferences(group, path);
    PrefKey::ALL
        .into_iter()
        .map(|key| {
            let of = |v| prefs.of(v, key).map(|p| (p.yes, p.line.index()));
            (of(Vocabulary::ContentSignal), of(Vocabulary::ContentUsage))
        })
        .collect()
}

/// The rules of docs/preferences.md, plainly: every line of the group in turn, paths matched
/// with the regex reference.
fn reference(robots: &RobotsTxt, group: Option<GroupId>, path: &[u8]) -> Answers {
    let Some(group) = group else {
        return vec![(None, None); 3];
    };
    let lines: Vec<usize> = robots
        .group(group)
        .preference_lines()
        .map(|id| id.index())
        .collect();
    PrefKey::ALL
        .into_iter()
        .map(|key| {
            // Content-Signal: no if any line says no, else yes if any says yes; the first
            // such line.
            let signal = [false, true].into_iter().find_map(|yes| {
                lines
                    .iter()
                    .copied()
                    .find(|&i| {
                        let l = &robots.preference_lines()[i];
                        l.vocabulary == Vocabulary::ContentSignal && l.value(key) == Some(yes)
                    })
                    .map(|i| (yes, i))
            });
            // Content-Usage: the longest matching path (path-less: -1), a no on a tie, the
            // first such line.
            let mut best: Option<(i64, bool, usize)> = None;
            for &i in &lines {
                let l = &robots.preference_lines()[i];
                let Some(yes) = l.value(key) else { continue };
                if l.vocabulary != Vocabulary::ContentUsage {
                    continue;
                }
                let len = match &l.path {
                    None => -1,
                    Some(p) => {
                        if !reference_regex(p.as_bytes()).is_match(path) {
                            continue;
                        }
                        match robots.dialect() {
                            Dialect::Google => p.len() as i64,
                            _ => {
                                let body = p.strip_suffix('$').unwrap_or(p);
                                body.bytes().filter(|&b| b != b'*').count() as i64
                            }
                        }
                    }
                };
                let better = best.is_none_or(|(l2, y2, i2)| {
                    (len, !yes, std::cmp::Reverse(i)) > (l2, !y2, std::cmp::Reverse(i2))
                });
                if better {
                    best = Some((len, yes, i));
                }
            }
            (signal, best.map(|(_, yes, i)| (yes, i)))
        })
        .collect()
}

#[derive(Clone, Debug)]
enum LineSpec {
    Signal(Vec<(u8, bool)>),
    Usage(Option<Vec<u8>>, Vec<(u8, bool)>),
    Disallow,
}

fn line_strategy() -> impl Strategy<Value = LineSpec> {
    let keys = prop::collection::vec((0u8..3, any::<bool>()), 1..3);
    let path = prop::option::of(
        prop::collection::vec(prop::sample::select(b"ab*$/".to_vec()), 0..5).prop_map(|t| {
            let mut p = vec![b'/'];
            p.extend(t);
            p
        }),
    );
    prop_oneof![
        keys.clone().prop_map(LineSpec::Signal),
        (path, keys).prop_map(|(p, k)| LineSpec::Usage(p, k)),
        Just(LineSpec::Disallow),
    ]
}

fn body_strategy() -> impl Strategy<Value = Vec<u8>> {
    let group = (
        prop::sample::select(vec!["a", "b", "*"]),
        prop::collection::vec(line_strategy(), 0..6),
    );
    prop::collection::vec(group, 1..6).prop_map(|groups| {
        let mut body = String::new();
        for (agent, lines) in groups {
            body.push_str(&format!("\nUser-agent: {agent}\n"));
            for line in lines {
                let dict = |keys: &[(u8, bool)], signal: bool| {
                    keys.iter()
                        .map(|&(k, yes)| {
                            let name = match (k, signal) {
                                (0, true) => "ai-train",
                                (0, false) => "train-ai",
                                (1, true) => "ai-input",
                                (1, false) => "ai-input",
                                _ => "search",
                            };
                            let value = match (yes, signal) {
                                (true, true) => "yes",
                                (false, true) => "no",
                                (true, false) => "y",
                                (false, false) => "n",
                            };
                            format!("{name}={value}")
                        })
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                match line {
                    LineSpec::Signal(keys) => {
                        body.push_str(&format!("Content-Signal: {}\n", dict(&keys, true)));
                    }
                    LineSpec::Usage(path, keys) => {
                        let path = path
                            .map(|p| format!("{} ", String::from_utf8(p).expect("ascii")))
                            .unwrap_or_default();
                        body.push_str(&format!("Content-Usage: {path}{}\n", dict(&keys, false)));
                    }
                    LineSpec::Disallow => body.push_str("Disallow: /b\n"),
                }
            }
        }
        body.into_bytes()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn preferences_agree_with_the_reference(
        body in body_strategy(),
        tail in prop::collection::vec(prop::sample::select(b"ab$/".to_vec()), 0..8),
    ) {
        let mut path = vec![b'/'];
        path.extend(tail);
        for dialect in [Dialect::Google, Dialect::Yandex] {
            let robots = RobotsTxt::parse(&body, dialect);
            for token in ["a", "b", "c"] {
                let g = group(&robots, token);
                prop_assert_eq!(project(&robots, g, &path), reference(&robots, g, &path));
                for key in PrefKey::ALL {
                    let combined = robots.preference(g, &path, key);
                    prop_assert_eq!(combined, robots.preferences(g, &path).get(key));
                }
            }
        }
    }
}

/// A line that states no preference (unknown keys, unknown values, a `Content-Usage` value
/// that is no dictionary) is ignored as an unknown line is: in the google dialect it does not
/// end the run of `User-agent` lines, so FooBot keeps the `*` group's rules it shares. It
/// ended the run, and FooBot was left with a group of no rules: allowed everywhere.
#[test]
fn a_line_that_states_no_preference_ends_no_group() {
    for line in [
        "Content-Signal: bogus=1",
        "Content-Signal: ai-train=maybe",
        "Content-Usage: bogus",
        "Content-Usage: train-ai=n,",
        "Crawl-delay: 5",
    ] {
        let body = format!("User-agent: FooBot\n{line}\nUser-agent: *\nDisallow: /private\n");
        let robots = RobotsTxt::parse(body.as_bytes(), Dialect::Google);
        let g = group(&robots, "foobot");
        assert!(!robots.check(g, b"/private/x").allowed, "{line}");
    }
    // A line that states one still ends it.
    let body =
        "User-agent: FooBot\nContent-Signal: ai-train=no\nUser-agent: *\nDisallow: /private\n";
    let robots = RobotsTxt::parse(body.as_bytes(), Dialect::Google);
    assert!(
        robots
            .check(group(&robots, "foobot"), b"/private/x")
            .allowed
    );
}
