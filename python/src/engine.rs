//! The robots.txt engine and crawler identification for Python: [`RobotsTxt`] (parse a body
//! once, ask about URLs with the calls protego users write: `can_fetch`, `crawl_delay`,
//! `sitemaps`; `decide` for the group, rule and line that decided; `preferences` for the AI
//! usage preferences in force) and `identify`.
//!
//! Who is asking is a product token (`Googlebot`, `MJ12bot`: compared with the groups exactly,
//! case-insensitively, as `robots-audit check --agent`) or a full User-Agent header (turned
//! into the crawler's tokens as the audit does, as `robots-audit check --user-agent`); the
//! dialect follows the crawler (yandex for Yandex robots) unless one is chosen. What a
//! User-Agent comes to is found once per `RobotsTxt` and kept, so asking about many URLs costs
//! one path match each.

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex, OnceLock};

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyDict, PyString};

use robots_audit::crawlers::{self, Crawler as RegistryCrawler, Identity, Registry};
use robots_audit::fetch::MAX_ROBOTS_BYTES;
use robots_audit::robots::{self, Agent, Dialect, GroupId, Verdict, normalize_target};

/// The built-in crawler registry, built on first use.
static REGISTRY: LazyLock<Registry> = LazyLock::new(Registry::builtin);

/// User-Agents remembered per `RobotsTxt`; past this the memory is cleared and starts again
/// (a crawl asks with one or a few).
const MAX_REMEMBERED: usize = 4096;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<RobotsTxt>()?;
    m.add_class::<Decision>()?;
    m.add_class::<Crawler>()?;
    m.add_function(wrap_pyfunction!(identify, m)?)?;
    Ok(())
}

/// The bytes of a text argument: a `str`'s UTF-8 (one copy, into a Python `bytes`), or a
/// `bytes` object's own.
enum Text<'a, 'py> {
    Encoded(Bound<'py, PyBytes>),
    Borrowed(&'a [u8]),
    Owned(Vec<u8>),
}

impl std::ops::Deref for Text<'_, '_> {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match self {
            Text::Encoded(b) => b.as_bytes(),
            Text::Borrowed(b) => b,
            Text::Owned(v) => v,
        }
    }
}

/// The bytes of a `str` (UTF-8), `bytes` or `bytearray` argument; a `TypeError` naming the
/// argument for anything else. A `str` holding the surrogates Python decodes stray bytes to
/// (`errors="surrogateescape"`, as `os.fsdecode` does) gives those bytes back; any other lone
/// surrogate is a `UnicodeEncodeError` (no character stands for it, and a stand-in would
/// be judged as another path).
fn text_arg<'a, 'py>(obj: &'a Bound<'py, PyAny>, what: &str) -> PyResult<Text<'a, 'py>> {
    if let Ok(s) = obj.cast::<PyString>() {
        return match s.encode_utf8() {
            Ok(b) => Ok(Text::Encoded(b)),
            Err(_) => {
                let b = s.call_method1("encode", ("utf-8", "surrogateescape"))?;
                Ok(Text::Encoded(b.cast_into::<PyBytes>()?))
            }
        };
    }
    if let Ok(b) = obj.cast::<PyBytes>() {
        return Ok(Text::Borrowed(b.as_bytes()));
    }
    if let Ok(b) = obj.cast::<PyByteArray>() {
        return Ok(Text::Owned(b.to_vec()));
    }
    let kind = obj
        .get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "?".to_owned());
    Err(PyTypeError::new_err(format!(
        "{what} must be str or bytes, not {kind}"
    )))
}

/// The bytes of a `url` argument: a request path (`/a?b`), an http(s) URL with a host or
/// nothing (`/`), as `robots-audit check` takes them; a `ValueError` saying why for anything else
/// (`private/x` would be read as the host `private` and the path `/x`).
fn url_arg<'a, 'py>(obj: &'a Bound<'py, PyAny>) -> PyResult<Text<'a, 'py>> {
    let url = text_arg(obj, "url")?;
    match robots::question_error(&url) {
        None => Ok(url),
        Some(why) => {
            let shown = obj.repr()?.to_string();
            let shown = match shown.char_indices().nth(200) {
                Some((cut, _)) => format!("{}…", &shown[..cut]),
                None => shown,
            };
            Err(PyValueError::new_err(format!("url {shown}: {why}")))
        }
    }
}

/// A dialect name (`google`, `yandex`, `yandex-legacy`) or None.
fn dialect_arg(name: Option<&str>) -> PyResult<Option<Dialect>> {
    name.map(|n| n.parse::<Dialect>())
        .transpose()
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

fn dialect_index(d: Dialect) -> usize {
    match d {
        Dialect::Google => 0,
        Dialect::Yandex => 1,
        Dialect::YandexLegacy => 2,
    }
}

/// Who is asking: the tokens compared with the groups, whether `*` applies, the dialect the
/// crawler follows; and the group it gets in each dialect, found on first need.
struct Asker {
    tokens: Vec<String>,
    obeys_star: bool,
    dialect: Dialect,
    /// Whether robots.txt binds it (false for fetchers a person asked for, which the
    /// registry marks): its usage preferences apply wherever it goes.
    bound: bool,
    groups: [OnceLock<Option<GroupId>>; 3],
}

impl Asker {
    /// A product token is one word without `/`, `(`, `)` or `;`: compared exactly, as
    /// `check --agent`; anything else is a User-Agent header, as `check --user-agent`.
    fn new(user_agent: &[u8]) -> Asker {
        let is_token = !user_agent
            .iter()
            .any(|&b| b.is_ascii_whitespace() || matches!(b, b'/' | b'(' | b')' | b';'));
        let (tokens, obeys_star, dialect, bound) = if is_token {
            by_token(&String::from_utf8_lossy(user_agent))
        } else {
            by_header(user_agent)
        };
        Asker {
            tokens,
            obeys_star,
            dialect,
            bound,
            groups: Default::default(),
        }
    }

    fn group(&self, robots: &robots::RobotsTxt) -> Option<GroupId> {
        *self.groups[dialect_index(robots.dialect())].get_or_init(|| {
            let refs: Vec<&str> = self.tokens.iter().map(String::as_str).collect();
            robots.group_for(&Agent {
                tokens: &refs,
                obeys_star: self.obeys_star,
            })
        })
    }
}

/// A product token: itself and the tokens its registry crawler falls back to; `*`, the
/// dialect and whether robots.txt binds it as that crawler has them (Yandex robots read
/// Yandex's rules): `check --agent`'s reading.
fn by_token(token: &str) -> (Vec<String>, bool, Dialect, bool) {
    let reader = REGISTRY.agent_for_token(token);
    (
        reader.tokens,
        reader.obeys_star,
        reader.dialect,
        reader.obeys_robots,
    )
}

/// A User-Agent header: identified as the audit identifies it.
fn by_header(header: &[u8]) -> (Vec<String>, bool, Dialect, bool) {
    match REGISTRY.identify(header) {
        Identity::Known(id) => {
            let c = REGISTRY.get(id);
            (c.tokens.clone(), c.obeys_star, c.dialect, c.obeys_robots)
        }
        Identity::Unknown(bot) => (bot.tokens, true, Dialect::Google, true),
        Identity::NotCrawler => (
            crawlers::nameable_tokens(header),
            true,
            Dialect::Google,
            true,
        ),
    }
}

/// A robots.txt file, parsed once.
///
/// `RobotsTxt.parse(body, dialect=None)`; then `can_fetch(url, user_agent, dialect=None)`,
/// `crawl_delay(user_agent, dialect=None)`, `sitemaps`, `decide(url, user_agent,
/// dialect=None)` and `preferences(url, user_agent, dialect=None)`.
/// `user_agent` is a product token (`"Googlebot"`) or a full User-Agent header. Safe to share
/// between threads.
#[pyclass(frozen, module = "robots_audit")]
pub struct RobotsTxt {
    /// At most one byte past the longest prefix any dialect reads, so that every dialect's
    /// size rule sees the file as it is.
    body: Box<[u8]>,
    /// The dialect chosen at parse time, if any.
    dialect: Option<Dialect>,
    parsed: [OnceLock<robots::RobotsTxt>; 3],
    askers: Mutex<Askers>,
}

/// Who has asked: by User-Agent, and the last one by object (a crawl asks with the same
/// string object every time; it is then neither encoded nor hashed again).
#[derive(Default)]
struct Askers {
    by_text: HashMap<Box<[u8]>, Arc<Asker>, foldhash::fast::RandomState>,
    last: Option<(Py<PyAny>, Arc<Asker>)>,
}

impl RobotsTxt {
    fn parsed(&self, dialect: Dialect) -> &robots::RobotsTxt {
        self.parsed[dialect_index(dialect)]
            .get_or_init(|| robots::RobotsTxt::parse(&self.body, dialect))
    }

    fn asker(&self, user_agent: &Bound<'_, PyAny>) -> PyResult<Arc<Asker>> {
        {
            let askers = self.askers.lock().unwrap_or_else(|e| e.into_inner());
            if let Some((obj, asker)) = &askers.last
                && obj.is(user_agent)
            {
                return Ok(Arc::clone(asker));
            }
        }
        let text = text_arg(user_agent, "user_agent")?;
        let mut askers = self.askers.lock().unwrap_or_else(|e| e.into_inner());
        let asker = match askers.by_text.get(&*text) {
            Some(a) => Arc::clone(a),
            None => {
                if askers.by_text.len() >= MAX_REMEMBERED {
                    askers.by_text.clear();
                }
                let asker = Arc::new(Asker::new(&text));
                askers.by_text.insert((*text).into(), Arc::clone(&asker));
                asker
            }
        };
        // Only an object that cannot change is known by its identity: a `bytearray` asked
        // with again may hold another User-Agent by then.
        if user_agent.is_exact_instance_of::<PyString>()
            || user_agent.is_exact_instance_of::<PyBytes>()
        {
            askers.last = Some((user_agent.clone().unbind(), Arc::clone(&asker)));
        }
        Ok(asker)
    }

    /// The parse and group for this asker, in the dialect asked for, chosen at parse time,
    /// or the crawler's own.
    fn view(
        &self,
        user_agent: &Bound<'_, PyAny>,
        dialect: Option<Dialect>,
    ) -> PyResult<(&robots::RobotsTxt, Option<GroupId>)> {
        let (robots, group, _) = self.view_asker(user_agent, dialect)?;
        Ok((robots, group))
    }

    /// [`RobotsTxt::view`], with the asker.
    fn view_asker(
        &self,
        user_agent: &Bound<'_, PyAny>,
        dialect: Option<Dialect>,
    ) -> PyResult<(&robots::RobotsTxt, Option<GroupId>, Arc<Asker>)> {
        let asker = self.asker(user_agent)?;
        let robots = self.parsed(dialect.or(self.dialect).unwrap_or(asker.dialect));
        let group = asker.group(robots);
        Ok((robots, group, asker))
    }

    /// The verdict for `url` (a full URL or a path with its query), with the parse and group
    /// it came from; `dialect` is a name, as the methods take it.
    fn verdict(
        &self,
        url: &Bound<'_, PyAny>,
        user_agent: &Bound<'_, PyAny>,
        dialect: Option<&str>,
    ) -> PyResult<(&robots::RobotsTxt, Option<GroupId>, Verdict)> {
        let dialect = dialect_arg(dialect)?;
        let url = url_arg(url)?;
        let (robots, group) = self.view(user_agent, dialect)?;
        let verdict = PATH.with_borrow_mut(|path| {
            normalize_target(&url, path);
            robots.check(group, path)
        });
        Ok((robots, group, verdict))
    }
}

#[pymethods]
impl RobotsTxt {
    /// Parses a robots.txt body (`str` or `bytes`; bytes need not be UTF-8). `dialect`
    /// (`"google"`, `"yandex"`, `"yandex-legacy"`) fixes the rules for every question;
    /// by default each crawler's own apply (yandex for Yandex robots, google otherwise).
    /// Only the first 500 KiB are read, as crawlers do.
    #[staticmethod]
    #[pyo3(signature = (body, dialect = None))]
    fn parse(
        py: Python<'_>,
        body: &Bound<'_, PyAny>,
        dialect: Option<&str>,
    ) -> PyResult<RobotsTxt> {
        let dialect = dialect_arg(dialect)?;
        let bytes = text_arg(body, "body")?;
        let body: Box<[u8]> = bytes[..bytes.len().min(MAX_ROBOTS_BYTES + 1)].into();
        let robots = RobotsTxt {
            body,
            dialect,
            parsed: Default::default(),
            askers: Mutex::new(Askers::default()),
        };
        // The common dialect now, without holding up other Python threads.
        let first = dialect.unwrap_or(Dialect::Google);
        py.detach(|| {
            robots.parsed(first);
        });
        Ok(robots)
    }

    /// Whether `user_agent` may fetch `url` (a full URL or a path with its query). `dialect`
    /// overrides the one chosen at parse time or the crawler's own, as `decide` does.
    #[pyo3(signature = (url, user_agent, dialect = None))]
    fn can_fetch(
        &self,
        url: &Bound<'_, PyAny>,
        user_agent: &Bound<'_, PyAny>,
        dialect: Option<&str>,
    ) -> PyResult<bool> {
        Ok(self.verdict(url, user_agent, dialect)?.2.allowed)
    }

    /// The verdict for `url` with what decided it: the group that applied, the rule and its
    /// line (None when no rule matched: then everything is allowed). `dialect` overrides the
    /// one chosen at parse time or the crawler's own, as `robots-audit check --dialect`.
    #[pyo3(signature = (url, user_agent, dialect = None))]
    fn decide(
        &self,
        url: &Bound<'_, PyAny>,
        user_agent: &Bound<'_, PyAny>,
        dialect: Option<&str>,
    ) -> PyResult<Decision> {
        let (robots, group, verdict) = self.verdict(url, user_agent, dialect)?;
        let rule = verdict.rule.map(|id| robots.rule(id));
        Ok(Decision {
            allowed: verdict.allowed,
            group: group.map(|g| robots.group(g).name()),
            rule: rule.map(|r| r.display()),
            line: rule.map(|r| r.line),
            dialect: robots.dialect().name(),
        })
    }

    /// The AI usage preferences in force for `url` and `user_agent` (`Content-Signal`,
    /// `Content-Usage`; docs/preferences.md): a dict of the keys set, `ai-train`,
    /// `ai-input`, `search`, to True (yes) or False (no), both vocabularies combined as the
    /// audit combines them (`train-ai` is `ai-train`). Empty when nothing is said, and when
    /// robots.txt forbids the URL to a crawler it binds (no preference attaches to a path
    /// that may not be fetched); for fetchers a person asked for, which robots.txt does not
    /// bind (`ChatGPT-User`), their group's preferences apply wherever they go. `dialect` as
    /// in `decide`.
    #[pyo3(signature = (url, user_agent, dialect = None))]
    fn preferences<'py>(
        &self,
        py: Python<'py>,
        url: &Bound<'_, PyAny>,
        user_agent: &Bound<'_, PyAny>,
        dialect: Option<&str>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let dialect = dialect_arg(dialect)?;
        let url = url_arg(url)?;
        let (robots, group, asker) = self.view_asker(user_agent, dialect)?;
        let answers = PATH.with_borrow_mut(|path| {
            normalize_target(&url, path);
            if asker.bound && !robots.check(group, path).allowed {
                return robots::Preferences::default();
            }
            robots.preferences(group, path)
        });
        let out = PyDict::new(py);
        for (key, p) in answers.iter() {
            out.set_item(key.name(), p.yes)?;
        }
        Ok(out)
    }

    /// The `Crawl-delay` of the group that applies to `user_agent`, in seconds; None when
    /// that group has none (or no group applies). `dialect` as in `decide`.
    #[pyo3(signature = (user_agent, dialect = None))]
    fn crawl_delay(
        &self,
        user_agent: &Bound<'_, PyAny>,
        dialect: Option<&str>,
    ) -> PyResult<Option<f64>> {
        let dialect = dialect_arg(dialect)?;
        let (robots, group) = self.view(user_agent, dialect)?;
        Ok(group
            .and_then(|g| robots.group(g).crawl_delay)
            .map(|d| d.millis as f64 / 1000.0))
    }

    /// The `Sitemap:` URLs, in file order.
    #[getter]
    fn sitemaps(&self) -> Vec<String> {
        self.parsed(self.dialect.unwrap_or(Dialect::Google))
            .sitemaps()
            .to_vec()
    }

    /// The dialect chosen at parse time, or None (each crawler's own).
    #[getter]
    fn dialect(&self) -> Option<&'static str> {
        self.dialect.map(Dialect::name)
    }

    fn __repr__(&self) -> String {
        let robots = self.parsed(self.dialect.unwrap_or(Dialect::Google));
        format!(
            "<RobotsTxt: {} bytes, {} groups, {} rules>",
            self.body.len().min(MAX_ROBOTS_BYTES),
            robots.groups().count(),
            robots.rules().len()
        )
    }
}

thread_local! {
    /// The normalised path of the question being answered, reused.
    static PATH: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// A verdict and what decided it.
#[pyclass(frozen, get_all, module = "robots_audit")]
pub struct Decision {
    /// Whether the URL may be fetched.
    allowed: bool,
    /// The user-agent value(s) of the group that applied (`*` for the global group).
    group: Option<String>,
    /// The deciding line, e.g. `Disallow: /private/`.
    rule: Option<String>,
    /// Its line number (1-based).
    line: Option<u32>,
    /// The dialect whose rules were applied.
    dialect: &'static str,
}

#[pymethods]
impl Decision {
    fn __bool__(&self) -> bool {
        self.allowed
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "Decision(allowed={}, group={}, rule={}, line={}, dialect={})",
            if self.allowed { "True" } else { "False" },
            py_repr(py, self.group.as_deref())?,
            py_repr(py, self.rule.as_deref())?,
            self.line.map_or("None".to_owned(), |l| l.to_string()),
            py_repr(py, Some(self.dialect))?,
        ))
    }
}

/// Python's `repr` of an optional string.
fn py_repr(py: Python<'_>, s: Option<&str>) -> PyResult<String> {
    match s {
        None => Ok("None".to_owned()),
        Some(s) => Ok(PyString::new(py, s).repr()?.to_string_lossy().into_owned()),
    }
}

/// A crawler of the registry.
#[pyclass(frozen, get_all, module = "robots_audit")]
pub struct Crawler {
    /// Its name as its operator writes it (`Googlebot-Image`).
    name: String,
    /// Who runs it (`Google`).
    operator: String,
    /// What it is for (`search`, `ai-training`, …).
    category: &'static str,
    /// The robots.txt tokens it obeys, most specific first, lower-case.
    tokens: Vec<String>,
    /// Whether it follows the `*` group when no group names it.
    obeys_star: bool,
    /// The robots.txt dialect it follows.
    dialect: &'static str,
    /// Whether its operator documents honouring Crawl-delay.
    honours_crawl_delay: bool,
    /// Whether it follows robots.txt at all (user-triggered fetchers do not).
    obeys_robots: bool,
    /// The operator's page about it.
    docs: Option<String>,
}

impl Crawler {
    fn from_registry(c: &RegistryCrawler) -> Crawler {
        Crawler {
            name: c.name.clone(),
            operator: c.operator.clone(),
            category: c.category.as_str(),
            tokens: c.tokens.clone(),
            obeys_star: c.obeys_star,
            dialect: c.dialect.name(),
            honours_crawl_delay: c.honours_crawl_delay,
            obeys_robots: c.obeys_robots,
            docs: c.docs.clone(),
        }
    }
}

#[pymethods]
impl Crawler {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "Crawler(name={}, operator={}, category={})",
            py_repr(py, Some(&self.name))?,
            py_repr(py, Some(&self.operator))?,
            py_repr(py, Some(self.category))?,
        ))
    }
}

/// The registry's crawler for a User-Agent header, or None (browsers, and automated clients
/// the registry does not know).
#[pyfunction]
fn identify(user_agent: &Bound<'_, PyAny>) -> PyResult<Option<Crawler>> {
    let ua = text_arg(user_agent, "user_agent")?;
    Ok(match REGISTRY.identify(&ua) {
        Identity::Known(id) => Some(Crawler::from_registry(REGISTRY.get(id))),
        _ => None,
    })
}
