//! The AI agents the registry knows (issue #27): every agent of the bundled AI Crawler Index
//! identifies from a realistic header with its category; usage-only tokens never match a
//! header; and the coverage of ai.robots.txt's list, measured against a copy of its
//! `robots.json` when `AI_ROBOTS_JSON` names one (the list is not in this repository).
//!
//! `AI_ROBOTS_JSON=path/to/robots.json cargo test --test integration crawlers_ai -- --nocapture`
//! prints the figures.

use std::collections::BTreeMap;

use robots_audit::crawlers::{
    AgentList, AgentLists, BUNDLED_LIST, Category, Identity, ListKind, Registry, aci_category,
};

use crate::support::run;

/// The header a robot usually sends, naming `token`.
fn realistic(token: &str) -> String {
    format!("Mozilla/5.0 (compatible; {token}/1.0; +https://example.com/bot)")
}

/// The bundled index, as its file says (the fields the test needs).
#[derive(serde::Deserialize)]
struct Index {
    crawlers: Vec<IndexCrawler>,
}

#[derive(serde::Deserialize)]
struct IndexCrawler {
    name: String,
    token: String,
    ua: String,
    category: String,
    ua_example: String,
}

const BUNDLED: &str = include_str!("../../../src/crawlers/ai-crawler-index.json");

#[test]
fn every_agent_of_the_bundled_index_identifies_with_its_category() {
    let r = Registry::builtin();
    // `registry.toml` alone: where it describes an agent, its category is the one reported.
    let own = Registry::with_lists(&AgentLists::none());
    let index: Index = serde_json::from_str(BUNDLED).expect("the bundled index parses");
    assert!(index.crawlers.len() >= 150);
    let mut failures = Vec::new();
    for a in &index.crawlers {
        let entry = r.by_name(&a.name).map(|id| r.get(id));
        let own_entry = own.by_name(&a.name).or_else(|| own.by_name(&a.token));
        if let Some(c) = entry.filter(|c| c.is_token_only()) {
            // A usage-only token: a header claiming it is an unknown client.
            let got = r.identify(realistic(&c.name).as_bytes());
            if !matches!(got, Identity::Unknown(_)) {
                failures.push(format!("{}: token-only, yet {got:?}", a.name));
            }
            continue;
        }
        // The category the audit reports: the registry's where it has the agent, else the
        // index's through the reviewed table.
        let want = match own_entry {
            Some(id) => own.get(id).category,
            None => aci_category(&a.category),
        };
        let mut headers = vec![realistic(&a.ua)];
        if !a.ua_example.starts_with('(') {
            headers.push(a.ua_example.clone());
        }
        for h in headers {
            match r.identify(h.as_bytes()) {
                Identity::Known(id) => {
                    let c = r.get(id);
                    // The agent's own entry, or one that has its header token or robots.txt
                    // token (`omgili` holds `omgilibot`; ChatGPT's agent sends ChatGPT-User's
                    // header), or a version of it (`YandexMetrika/2.0` reads robots.txt as
                    // another robot than YandexMetrika/3.0).
                    let version_of = c
                        .name
                        .split_once('/')
                        .is_some_and(|(product, _)| product.eq_ignore_ascii_case(&a.name));
                    let same = c.name.eq_ignore_ascii_case(&a.name)
                        || version_of
                        || c.tokens.contains(&a.token.to_ascii_lowercase())
                        || c.patterns.iter().any(|p| p.eq_ignore_ascii_case(&a.ua));
                    let category = if c.name.eq_ignore_ascii_case(&a.name) {
                        want
                    } else {
                        c.category
                    };
                    if !same || c.category != category {
                        failures.push(format!(
                            "{}: {h:?} → {} ({}), want {}",
                            a.name,
                            c.name,
                            c.category.as_str(),
                            category.as_str()
                        ));
                    }
                }
                other => failures.push(format!("{}: {h:?} → {other:?}", a.name)),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn usage_only_tokens_never_match_a_header() {
    let r = Registry::builtin();
    let usage: Vec<&str> = r.token_only().map(|(_, c)| c.name.as_str()).collect();
    for name in ["Google-Extended", "Applebot-Extended"] {
        assert!(usage.contains(&name), "{name}: {usage:?}");
    }
    for (header, claimed) in [
        ("Google-Extended/1.0", "Google-Extended"),
        (
            "Mozilla/5.0 (compatible; Applebot-Extended/0.1; +http://www.apple.com/go/applebot)",
            "Applebot-Extended",
        ),
        (
            "Mozilla/5.0 (compatible; Google-Extended)",
            "Google-Extended",
        ),
    ] {
        match r.identify(header.as_bytes()) {
            Identity::Unknown(bot) => {
                assert_eq!(bot.name, claimed, "{header}");
                assert_eq!(bot.category, None, "{header}: no category is known");
            }
            other => panic!("{header}: {other:?}"),
        }
    }
    // The operators' real crawlers are still themselves.
    let apple = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)";
    let id = r.identify(apple.as_bytes()).known().expect("Applebot");
    assert_eq!(r.get(id).name, "Applebot");
    // Only a word of the header's own counts, not one it compares itself to.
    assert_eq!(
        r.identify(b"Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0 like Google-Extended"),
        Identity::NotCrawler
    );
}

#[test]
fn every_category_of_the_contract_is_known() {
    let names: Vec<&str> = Category::ALL.iter().map(|c| c.as_str()).collect();
    assert_eq!(
        names,
        [
            "search",
            "ai-training",
            "ai-search",
            "ai-assistant",
            "ai-agent",
            "seo",
            "social-preview",
            "monitoring",
            "archiver",
            "feed-reader",
            "scanner",
            "automation",
            "other"
        ]
    );
    // Every registry entry has one of them, and agents acting for users are there.
    let r = Registry::builtin();
    let agents = r
        .iter()
        .filter(|(_, c)| c.category == Category::AiAgent)
        .count();
    assert!(agents >= 10, "{agents} ai-agent entries");
}

#[test]
fn version_names_the_bundled_list() {
    let o = run(&["--version".as_ref()], None);
    assert_eq!(o.status.code(), Some(0));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains(BUNDLED_LIST), "{out}");
}

/// Coverage of ai.robots.txt (issue #27): of its agents that fetch pages (every key but the
/// usage-only tokens), the share that the registry — `registry.toml` and the bundled index,
/// without the list itself — identifies from a realistic header, so with a category; and the
/// share of those with an operator. Keys that name one agent twice (`Brightbot 1.0`,
/// `Meta-ExternalAgent`) count as written.
#[test]
fn ai_robots_txt_coverage() {
    let Some(path) = std::env::var_os("AI_ROBOTS_JSON") else {
        eprintln!("ai.robots.txt coverage: skipped (set AI_ROBOTS_JSON to a robots.json)");
        return;
    };
    let text = std::fs::read_to_string(&path).expect("AI_ROBOTS_JSON is readable");
    let list: BTreeMap<String, serde_json::Value> =
        serde_json::from_str(&text).expect("a robots.json");
    let r = Registry::builtin();
    let usage: Vec<String> = r
        .token_only()
        .map(|(_, c)| c.name.to_ascii_lowercase())
        .collect();
    let (mut total, mut known, mut with_operator) = (0, 0, 0);
    let mut by_category: BTreeMap<&str, usize> = BTreeMap::new();
    let mut missing = Vec::new();
    for key in list.keys() {
        let name = agent_name(key);
        if usage.contains(&name.to_ascii_lowercase()) {
            continue;
        }
        total += 1;
        match r.identify(realistic(name).as_bytes()).known() {
            Some(id) => {
                known += 1;
                let c = r.get(id);
                *by_category.entry(c.category.as_str()).or_default() += 1;
                if !c.operator.is_empty() {
                    with_operator += 1;
                }
            }
            None => missing.push(key.as_str()),
        }
    }
    // With the list itself imported, as after `update-crawlers`.
    let mut lists = AgentLists::bundled();
    lists.insert(AgentList::parse(ListKind::AiRobotsTxt, &text).expect("the list imports"));
    let updated = Registry::with_lists(&lists);
    let known_updated = list
        .keys()
        .filter(|k| !usage.contains(&agent_name(k).to_ascii_lowercase()))
        .filter(|k| {
            updated
                .identify(realistic(agent_name(k)).as_bytes())
                .known()
                .is_some()
        })
        .count();
    let percent = 100.0 * known as f64 / total as f64;
    eprintln!(
        "ai.robots.txt: {} keys, {} usage-only tokens left out; known with a category {known}/{total} ({percent:.1}%), with an operator {with_operator}/{total}; with the list imported {known_updated}/{total}",
        list.len(),
        list.len() - total
    );
    eprintln!("by category: {by_category:?}");
    eprintln!("not known: {missing:?}");
    assert!(percent >= 95.0, "{percent:.1}% < 95%: {missing:?}");
    assert_eq!(
        known_updated, total,
        "the imported list knows all its agents"
    );
}

/// A key without the version some carry (`iaskspider/2.0`, `Brightbot 1.0`).
fn agent_name(key: &str) -> &str {
    let versioned = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit() || c == '.');
    match key.rfind(['/', ' ']) {
        Some(i) if versioned(&key[i + 1..]) => &key[..i],
        _ => key,
    }
}

/// Every crawler that reads robots.txt the google way answers to a group written for its
/// first token (its name, unless the entry says otherwise): `User-agent: Kangaroo Bot` names
/// `kangaroo` in that dialect (a group is keyed by one word), and agents named in several
/// words (Kangaroo Bot, Linguee Bot, Sidetrade indexer bot, from ai.robots.txt and the index)
/// had only their whole name as a token, which no group can be keyed by: a site blocking them
/// by name was told they broke nothing.
#[test]
fn every_crawler_answers_to_a_group_that_names_it() {
    use robots_audit::robots::{Agent, Dialect, RobotsTxt};
    let r = Registry::builtin();
    let mut failures = Vec::new();
    for (_, c) in r.iter() {
        if c.dialect != Dialect::Google {
            continue;
        }
        let body = format!("User-agent: {}\nDisallow: /\n", c.tokens[0]);
        let robots = RobotsTxt::parse(body.as_bytes(), Dialect::Google);
        let tokens: Vec<&str> = c.tokens.iter().map(String::as_str).collect();
        let group = robots.group_for(&Agent {
            tokens: &tokens,
            obeys_star: false,
        });
        if robots.check(group, b"/x").allowed {
            failures.push(format!("{}: tokens {:?}", c.name, c.tokens));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let tokens = |name: &str| r.get(r.by_name(name).expect(name)).tokens.clone();
    assert_eq!(tokens("Kangaroo Bot"), ["kangaroo bot", "kangaroo"]);
    assert_eq!(tokens("Sogou web spider"), ["sogou web spider", "sogou"]);
}

/// What the operators document, where the index says otherwise or nothing: Amazon says what
/// Amazonbot fetches may train its models (its search crawler is Amzn-SearchBot); NotebookLM's
/// fetcher is one of Google's user-triggered fetchers, which ignore robots.txt.
#[test]
fn operators_own_word_on_purpose_and_robots_txt() {
    let r = Registry::builtin();
    let get = |name: &str| r.get(r.by_name(name).expect(name));
    assert_eq!(get("Amazonbot").category.as_str(), "ai-training");
    for name in ["Google-NotebookLM", "NotebookLM", "Google-GeminiNotebook"] {
        assert!(!get(name).obeys_robots, "{name}");
    }
    let ua = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-AdsBot/1.0; +https://openai.com/adsbot";
    let id = r
        .identify(ua.as_bytes())
        .known()
        .expect("OAI-AdsBot is known");
    assert_eq!(
        (get("OAI-AdsBot").operator.as_str(), r.get(id).name.as_str()),
        ("OpenAI", "OAI-AdsBot")
    );
}

/// Amazon Bedrock's crawler sends `bedrockbot-` and its instance's UUID: the pattern ending in
/// `-` begins that token (it was an unknown robot, judged under no `bedrockbot` group), and
/// still matches whole tokens only at its start.
#[test]
fn bedrockbot_with_its_instance_uuid_is_bedrockbot() {
    let r = Registry::builtin();
    let name = |ua: &str| {
        r.identify(ua.as_bytes())
            .known()
            .map(|id| r.get(id).name.clone())
    };
    for ua in [
        "bedrockbot-3f2a9c1e-8b4d-4e6f-a1b2-c3d4e5f60718",
        "Mozilla/5.0 (compatible; bedrockbot-3f2a9c1e-8b4d-4e6f-a1b2-c3d4e5f60718)",
        "bedrockbot",
    ] {
        assert_eq!(name(ua).as_deref(), Some("bedrockbot"), "{ua}");
    }
    for ua in ["mybedrockbot-3f2a9c1e", "bedrockbotx/1.0"] {
        assert_ne!(name(ua).as_deref(), Some("bedrockbot"), "{ua}");
    }
    let reader = r.agent_for(b"bedrockbot-3f2a9c1e-8b4d-4e6f-a1b2-c3d4e5f60718");
    assert_eq!(reader.tokens, ["bedrockbot"]);
}
