//! Deterministic generator of realistic access logs and the robots.txt files that go with
//! them, for `testdata/` and for the benches.
//!
//! ```text
//! cargo run --release --example genlog -- --lines 5000 --hosts 4 --seed 7 \
//!     --out testdata/access.log --robots-dir testdata/robots-dir
//! ```
//!
//! The same arguments always give the same bytes. Traffic: about a quarter of the lines come
//! from crawlers (search, AI, SEO, an unknown `+http` bot, a scraper using Googlebot's name
//! from an address outside Google's ranges), the rest from browsers and HTTP libraries;
//! crawlers sometimes fetch /robots.txt first and sometimes go where they were told not to;
//! bingbot comes in bursts faster than its Crawl-delay. `--bad-every N` inserts a malformed
//! line every N lines. Output is `vhost_combined` (or `combined` for one host), plain or gzip
//! (`--gzip`, `--members K` for a multi-member file), in one file or `--files F` rotated ones
//! (`NAME.1`, `NAME.2`, …).
//!
//! `--variety` (for the benches) gives the spread of a real site: a long tail of targets
//! (product ids, slugs, searches), browsers with thousands of distinct version strings,
//! search-engine referers and visitors from all over the address space. It compresses and
//! caches like real traffic; without it the log has a few dozen distinct targets and
//! agents, which inflates unusually fast and keeps every per-distinct cache warm.
//!
//! `--violations` (implies `--variety`) is the bench's worst case for the audit: a third of
//! the lines from crawlers, most of the rude ones on long-tail paths a rule forbids (so nearly
//! every violating request is a report row of its own: hundreds of thousands per gigabyte),
//! long tracking query strings, and the odd bytes logs carry (escaped quotes and `\xHH` in
//! User-Agents and paths, raw and percent-encoded UTF-8).

use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use flate2::Compression;
use flate2::write::GzEncoder;

/// 2026-11-20T00:00:00Z.
const START: i64 = 1_795_132_800;

struct Args {
    lines: u64,
    hosts: usize,
    seed: u64,
    out: PathBuf,
    robots_dir: Option<PathBuf>,
    gzip: bool,
    members: u64,
    files: u64,
    bad_every: u64,
    format: String,
    level: u32,
    variety: bool,
    violations: bool,
}

impl Default for Args {
    /// What genlog writes without options.
    fn default() -> Args {
        Args {
            lines: 5000,
            hosts: 4,
            seed: 1,
            out: PathBuf::from("-"),
            robots_dir: None,
            gzip: false,
            members: 1,
            files: 1,
            bad_every: 0,
            format: "vhost_combined".into(),
            level: 6,
            variety: false,
            violations: false,
        }
    }
}

fn parse_args() -> Result<Args, String> {
    let mut a = Args::default();
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or_else(|| format!("{flag} needs a value"));
        let num = |v: String| v.parse::<u64>().map_err(|e| format!("{v}: {e}"));
        match flag.as_str() {
            "--lines" => a.lines = num(value()?)?,
            "--hosts" => a.hosts = num(value()?)?.max(1) as usize,
            "--seed" => a.seed = num(value()?)?,
            "--out" => a.out = PathBuf::from(value()?),
            "--robots-dir" => a.robots_dir = Some(PathBuf::from(value()?)),
            "--gzip" => a.gzip = true,
            "--members" => a.members = num(value()?)?.max(1),
            "--files" => a.files = num(value()?)?.max(1),
            "--bad-every" => a.bad_every = num(value()?)?,
            "--format" => a.format = value()?,
            "--level" => a.level = num(value()?)?.min(9) as u32,
            "--variety" => a.variety = true,
            "--violations" => {
                a.variety = true;
                a.violations = true;
            }
            "--help" | "-h" => {
                return Err(
                    "usage: genlog [--lines N] [--hosts H] [--seed S] [--out FILE|-] \
                     [--robots-dir DIR] [--gzip] [--members K] [--files F] [--bad-every N] \
                     [--format vhost_combined|combined] [--level 0-9] [--variety] [--violations]"
                        .into(),
                );
            }
            other => return Err(format!("unknown option {other}")),
        }
    }
    if a.format != "vhost_combined" && a.format != "combined" {
        return Err(format!(
            "--format {}: only vhost_combined and combined",
            a.format
        ));
    }
    Ok(a)
}

/// splitmix64: small, fast, and the same on every machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

/// A client: its User-Agent, how its address is made, how it behaves.
struct Client {
    ua: &'static str,
    /// Address prefix; the last part is random.
    net: &'static str,
    weight: u64,
    crawler: bool,
    /// Percent of its requests that go to paths robots.txt forbids it.
    rude: u64,
    /// Comes in bursts of this many requests a second apart (0: no bursts).
    burst: u64,
}

const CLIENTS: &[Client] = &[
    Client {
        ua: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
        net: "203.0.113.",
        weight: 300,
        crawler: false,
        rude: 0,
        burst: 0,
    },
    Client {
        ua: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
        net: "192.0.2.",
        weight: 150,
        crawler: false,
        rude: 0,
        burst: 0,
    },
    Client {
        ua: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
        net: "2001:db8:1::",
        weight: 100,
        crawler: false,
        rude: 0,
        burst: 0,
    },
    Client {
        ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
        net: "198.51.100.",
        weight: 120,
        crawler: false,
        rude: 0,
        burst: 0,
    },
    Client {
        ua: "Mozilla/5.0 (Linux; Android 14; Cubot KingKong 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36",
        net: "203.0.113.",
        weight: 30,
        crawler: false,
        rude: 0,
        burst: 0,
    },
    Client {
        ua: "curl/8.5.0",
        net: "192.0.2.",
        weight: 10,
        crawler: false,
        rude: 0,
        burst: 0,
    },
    Client {
        ua: "python-requests/2.32.3",
        net: "198.51.100.",
        weight: 10,
        crawler: false,
        rude: 0,
        burst: 0,
    },
    Client {
        ua: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
        net: "66.249.66.",
        weight: 60,
        crawler: true,
        rude: 3,
        burst: 0,
    },
    Client {
        ua: "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.69 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
        net: "66.249.68.",
        weight: 30,
        crawler: true,
        rude: 3,
        burst: 0,
    },
    Client {
        ua: "Googlebot-Image/1.0",
        net: "66.249.66.",
        weight: 15,
        crawler: true,
        rude: 10,
        burst: 0,
    },
    Client {
        ua: "AdsBot-Google (+http://www.google.com/adsbot.html)",
        net: "66.249.87.",
        weight: 5,
        crawler: true,
        rude: 20,
        burst: 0,
    },
    Client {
        ua: "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
        net: "157.55.39.",
        weight: 40,
        crawler: true,
        rude: 5,
        burst: 4,
    },
    Client {
        ua: "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)",
        net: "5.255.231.",
        weight: 20,
        crawler: true,
        rude: 10,
        burst: 0,
    },
    Client {
        ua: "Mozilla/5.0 (compatible; YandexImages/3.0; +http://yandex.com/bots)",
        net: "5.255.231.",
        weight: 6,
        crawler: true,
        rude: 10,
        burst: 0,
    },
    Client {
        ua: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)",
        net: "20.171.207.",
        weight: 25,
        crawler: true,
        rude: 60,
        burst: 0,
    },
    Client {
        ua: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)",
        net: "160.79.104.",
        weight: 20,
        crawler: true,
        rude: 30,
        burst: 0,
    },
    Client {
        ua: "Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)",
        net: "54.36.148.",
        weight: 15,
        crawler: true,
        rude: 40,
        burst: 0,
    },
    Client {
        ua: "Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)",
        net: "185.191.171.",
        weight: 10,
        crawler: true,
        rude: 40,
        burst: 0,
    },
    Client {
        ua: "FooCrawler/1.3 (+http://foocrawler.example/bot.html)",
        net: "198.51.100.",
        weight: 8,
        crawler: true,
        rude: 50,
        burst: 0,
    },
    // A scraper borrowing Googlebot's name, from an address Google does not use.
    Client {
        ua: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
        net: "198.51.100.",
        weight: 6,
        crawler: true,
        rude: 70,
        burst: 0,
    },
];

/// What a site looks like: its robots.txt (None: no file) and which paths it forbids whom.
struct Site {
    robots: Option<&'static str>,
    /// Paths crawlers are told to avoid here (used for "rude" requests).
    forbidden: &'static [&'static str],
}

const SITES: &[Site] = &[
    Site {
        robots: Some(
            "# robots.txt for the main site\n\
             User-agent: *\n\
             Disallow: /admin/\n\
             Allow: /admin/public/\n\
             Disallow: /cart\n\
             Disallow: /*?sessionid=\n\
             \n\
             User-agent: Googlebot\n\
             Disallow: /private/\n\
             Disallow: /*.pdf$\n\
             \n\
             User-agent: Googlebot-Image\n\
             Disallow: /photos/\n\
             \n\
             User-agent: GPTBot\n\
             User-agent: ClaudeBot\n\
             Disallow: /\n\
             \n\
             User-agent: bingbot\n\
             Crawl-delay: 5\n\
             Disallow: /search\n\
             \n\
             User-agent: Yandex\n\
             Disallow: /ru/private\n\
             Crawl-delay: 2\n\
             \n\
             Sitemap: https://www.example.com/sitemap.xml\n",
        ),
        forbidden: &[
            "/admin/users",
            "/cart",
            "/products/12?sessionid=abc",
            "/private/q3.pdf",
            "/photos/42.jpg",
            "/search?q=shoes",
            "/ru/private/doc",
            "/private/",
        ],
    },
    Site {
        robots: Some(
            "User-agent: *\r\n\
             Content-Signal: search=yes, ai-train=no\r\n\
             Content-Usage: /account/help train-ai=y\r\n\
             Disallow: /checkout/\r\n\
             Disallow: /account\r\n\
             Allow: /account/help\r\n\
             \r\n\
             User-agent: AhrefsBot\r\n\
             User-agent: SemrushBot\r\n\
             Disallow: /\r\n\
             \r\n\
             User-agent: AdsBot-Google\r\n\
             Disallow: /landing-test/\r\n",
        ),
        forbidden: &[
            "/checkout/step1",
            "/account",
            "/account/orders?id=7",
            "/landing-test/a",
        ],
    },
    Site {
        robots: None,
        forbidden: &[],
    },
    Site {
        robots: Some(
            "User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nUser-agent: bingbot\nAllow: /\nDisallow: /internal/\n",
        ),
        forbidden: &["/v1/users", "/internal/metrics"],
    },
];

const HOST_NAMES: &[&str] = &[
    "www.example.com",
    "shop.example.com",
    "blog.example.org",
    "api.example.com",
];

const PAGES: &[&str] = &[
    "/",
    "/about",
    "/contact",
    "/products/12",
    "/products/12?color=red&size=m",
    "/products/987",
    "/blog/2026/11/robots-txt-explained",
    "/blog/page/2",
    "/static/app.3f9a1c.js",
    "/static/site.css",
    "/images/logo.png",
    "/sitemap.xml",
    "/feed.xml",
    "/search-tips",
    "/admin/public/status",
    "/account/help",
    "/men\\xc3\\xbc",
    "/caf%c3%a9",
    "/docs/guide.pdf?download=1",
];

fn host_name(i: usize) -> String {
    match HOST_NAMES.get(i) {
        Some(h) => h.to_string(),
        None => format!("site{i}.example.net"),
    }
}

fn ip(rng: &mut Rng, net: &str) -> String {
    if net.ends_with("::") {
        format!("{net}{:x}", rng.below(0xffff) + 1)
    } else {
        format!("{net}{}", rng.below(254) + 1)
    }
}

/// `[20/Nov/2026:13:55:36 +0100]` for a unix time, written in UTC+1.
fn clf_time(unix: i64) -> String {
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let local = unix + 3600;
    let days = local.div_euclid(86_400);
    let secs = local.rem_euclid(86_400);
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "[{d:02}/{}/{y}:{:02}:{:02}:{:02} +0100]",
        MONTHS[(m - 1) as usize],
        secs / 3600,
        secs / 60 % 60,
        secs % 60
    )
}

struct Generator {
    rng: Rng,
    hosts: usize,
    time: i64,
    /// Remaining burst: (client, host, requests left).
    burst: Option<(usize, usize, u64)>,
    format: String,
    /// `--variety`: the spread of a real site (see [`Generator::varied_page`] and friends).
    variety: bool,
    /// `--violations`: crawlers three times as often, rude on long-tail forbidden paths.
    violations: bool,
}

impl Generator {
    /// A client's weight: crawlers three times theirs with `--violations`.
    fn weight(&self, c: &Client) -> u64 {
        if self.violations && c.crawler {
            c.weight * 3
        } else {
            c.weight
        }
    }

    fn client(&mut self) -> usize {
        let total: u64 = CLIENTS.iter().map(|c| self.weight(c)).sum();
        let mut r = self.rng.below(total);
        for (i, c) in CLIENTS.iter().enumerate() {
            let w = self.weight(c);
            if r < w {
                return i;
            }
            r -= w;
        }
        0
    }

    fn line(&mut self, out: &mut Vec<u8>) {
        let (ci, hi) = match self.burst.take() {
            Some((c, h, left)) => {
                if left > 1 {
                    self.burst = Some((c, h, left - 1));
                }
                self.time += 1;
                (c, h)
            }
            None => {
                self.time += self.rng.below(3) as i64;
                let c = self.client();
                let h = self.rng.below(self.hosts as u64) as usize;
                if CLIENTS[c].burst > 0 && self.rng.chance(20) {
                    self.burst = Some((c, h, CLIENTS[c].burst));
                }
                (c, h)
            }
        };
        let client = &CLIENTS[ci];
        let site = &SITES[hi % SITES.len()];
        let (path, status): (String, u16) = if client.crawler && self.rng.chance(4) {
            (
                "/robots.txt".into(),
                if site.robots.is_some() { 200 } else { 404 },
            )
        } else if client.crawler
            && !site.forbidden.is_empty()
            && self.rng.chance(self.rudeness(client))
        {
            let path = if self.violations {
                self.long_tail_forbidden(site.forbidden)
            } else {
                (*self.rng.pick(site.forbidden)).into()
            };
            (path, *self.rng.pick(&[200, 200, 200, 403, 404]))
        } else {
            let p = if self.variety {
                self.varied_page()
            } else {
                (*self.rng.pick(PAGES)).into()
            };
            (p, *self.rng.pick(&[200, 200, 200, 200, 200, 304, 301, 404]))
        };
        let method = if self.rng.chance(3) {
            "HEAD"
        } else if !client.crawler && self.rng.chance(3) {
            "POST"
        } else {
            "GET"
        };
        let bytes = if method == "HEAD" || status == 304 {
            0
        } else {
            200 + self.rng.below(60_000)
        };
        let referer = if client.crawler || self.rng.chance(50) {
            "-".to_string()
        } else if self.variety {
            self.varied_referer(hi)
        } else {
            format!("https://{}/", host_name(hi))
        };
        let addr = if self.variety && !client.crawler {
            self.anywhere_ip()
        } else {
            ip(&mut self.rng, client.net)
        };
        let mut ua = if self.variety && !client.crawler {
            self.varied_ua(client.ua)
        } else {
            client.ua.to_string()
        };
        let mut path = path;
        if self.violations {
            self.odd_bytes(&mut path, &mut ua);
        }
        let host = host_name(hi);
        let port = if hi % SITES.len() == 2 { 80 } else { 443 };
        if self.format == "vhost_combined" {
            write!(out, "{host}:{port} ").expect("writing to a Vec cannot fail");
        }
        writeln!(
            out,
            "{addr} - - {} \"{method} {path} HTTP/1.1\" {status} {bytes} \"{referer}\" \"{}\"",
            clf_time(START + self.time),
            ua
        )
        .expect("writing to a Vec cannot fail");
    }

    /// How often a crawler goes where it is told not to: doubled (up to 90%) with
    /// `--violations`.
    fn rudeness(&self, c: &Client) -> u64 {
        if self.violations {
            (c.rude * 2).min(90)
        } else {
            c.rude
        }
    }

    /// `--violations`: a forbidden place with a long tail after it (a fresh path nearly
    /// every time, as a crawler ignoring `Disallow: /` on a big site makes), often with a
    /// tracking query string.
    fn long_tail_forbidden(&mut self, forbidden: &[&str]) -> String {
        let base = *self.rng.pick(forbidden);
        let base = base.split('?').next().unwrap_or(base).trim_end_matches('/');
        let mut path = format!("{base}/{}", self.rng.below(5_000_000));
        if self.rng.chance(40) {
            path.push_str(&self.tracking_query());
        }
        path
    }

    /// `?utm_source=…&gclid=…`: the long queries campaign links carry.
    fn tracking_query(&mut self) -> String {
        let mut gclid = String::with_capacity(90);
        for _ in 0..(40 + self.rng.below(50)) {
            let c = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";
            gclid.push(char::from(*self.rng.pick(c)));
        }
        format!(
            "?utm_source={}&utm_medium=cpc&utm_campaign={}-{}&gclid={gclid}",
            self.rng
                .pick(&["google", "newsletter", "partner", "social"]),
            self.rng.pick(&["winter", "sale", "launch", "brand"]),
            self.rng.below(10_000)
        )
    }

    /// `--violations`: the odd bytes real logs carry, on one line in fifty: escaped quotes
    /// and `\xHH` in the User-Agent, raw and percent-encoded UTF-8 and escapes in the path.
    fn odd_bytes(&mut self, path: &mut String, ua: &mut String) {
        if !self.rng.chance(2) {
            return;
        }
        match self.rng.below(4) {
            0 => ua.push_str(" (\\\"quoted\\\" build; \\x01)"),
            1 => path.push_str("/caf\\xc3\\xa9"),
            2 => path.push_str("/%E6%97%A5%E6%9C%AC?q=%2e%2E%zz"),
            _ => path.push_str("/a%20b;c=d?x=1&x=2&"),
        }
    }

    /// `--variety`: popular pages half the time, else a long tail of product ids, article
    /// slugs and searches (hundreds of thousands of distinct targets, as a real shop or blog
    /// has; the plain generator has a few dozen).
    fn varied_page(&mut self) -> String {
        const WORDS: &[&str] = &[
            "robots", "shoes", "garden", "winter", "coffee", "lamp", "travel", "linux", "rust",
            "bike", "camera", "recipe", "guitar", "chair", "paint", "wool",
        ];
        match self.rng.below(8) {
            0..=3 => (*self.rng.pick(PAGES)).into(),
            4 => format!(
                "/products/{}?color={}&size={}",
                self.rng.below(50_000),
                self.rng.pick(&["red", "blue", "black", "green"]),
                self.rng.pick(&["s", "m", "l", "xl"])
            ),
            5 => format!(
                "/blog/{}/{:02}/{}-{}",
                2015 + self.rng.below(12),
                1 + self.rng.below(12),
                self.rng.pick(WORDS),
                self.rng.below(20_000)
            ),
            6 => format!(
                "/search?q={}+{}&page={}",
                self.rng.pick(WORDS),
                self.rng.pick(WORDS),
                1 + self.rng.below(20)
            ),
            _ => format!(
                "/static/{}.{:06x}.{}",
                self.rng.pick(&["app", "vendor", "site", "chunk"]),
                self.rng.below(1 << 24),
                self.rng.pick(&["js", "css", "woff2", "webp"])
            ),
        }
    }

    /// `--variety`: a browser's header with the spread of real traffic: version numbers as
    /// browsers send them (Chrome's reduced header freezes all but the major version),
    /// Android device models, and a scanner rotating random headers on one request in two
    /// hundred. A gigabyte holds some thousands of distinct headers plus the scanner's, as
    /// a busy site's day does.
    fn varied_ua(&mut self, ua: &str) -> String {
        const MODELS: &[&str] = &[
            "SM-G991B",
            "SM-A536B",
            "SM-S918B",
            "Pixel 7",
            "Pixel 8 Pro",
            "Redmi Note 12",
            "moto g54 5G",
            "CPH2449",
            "V2250",
            "M2101K6G",
            "Nokia G21",
            "RMX3630",
            "2201117TY",
            "SM-A146P",
            "Pixel 6a",
            "motorola edge 40",
            "SM-T870",
            "22101316G",
            "CPH2591",
            "Infinix X6833B",
        ];
        if self.rng.chance(1) && self.rng.chance(50) {
            return format!(
                "Mozilla/5.0 (Windows NT {}.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/{}.0.{}.{} Safari/537.36",
                6 + self.rng.below(5),
                self.rng.below(1000),
                self.rng.below(10_000),
                self.rng.below(1000)
            );
        }
        let chrome = format!("Chrome/{}.0.0.0", 118 + self.rng.below(14));
        let firefox = 115 + self.rng.below(20);
        let safari = format!("Version/{}.{}", 16 + self.rng.below(3), self.rng.below(6));
        let macos = format!("{}_{}", 13 + self.rng.below(3), self.rng.below(7));
        let android = format!(
            "Android {}; {}",
            10 + self.rng.below(6),
            self.rng.pick(MODELS)
        );
        ua.replace("Chrome/131.0.0.0", &chrome)
            .replace("Chrome/130.0.0.0", &chrome)
            .replace(
                "rv:133.0) Gecko/20100101 Firefox/133.0",
                &format!("rv:{firefox}.0) Gecko/20100101 Firefox/{firefox}.0"),
            )
            .replace("Version/18.1", &safari)
            .replace("Mac OS X 14_7_1", &format!("Mac OS X {macos}"))
            .replace("Android 14; Cubot KingKong 9", &android)
    }

    /// `--variety`: where a visitor came from: a search engine or another page of the site.
    fn varied_referer(&mut self, host: usize) -> String {
        if self.rng.chance(40) {
            format!(
                "https://www.{}/search?q={}",
                self.rng.pick(&["google.com", "bing.com", "duckduckgo.com"]),
                self.rng.below(100_000)
            )
        } else {
            format!("https://{}{}", host_name(host), self.varied_page())
        }
    }

    /// `--variety`: a visitor's address anywhere in IPv4 unicast space (only written to a
    /// file; crawlers keep their published ranges).
    fn anywhere_ip(&mut self) -> String {
        format!(
            "{}.{}.{}.{}",
            1 + self.rng.below(223),
            self.rng.below(256),
            self.rng.below(256),
            1 + self.rng.below(254)
        )
    }

    fn bad_line(&mut self, out: &mut Vec<u8>) {
        let bad: &[&[u8]] = &[
            b"this is not a log line\n",
            b"www.example.com:443 203.0.113.7 - - [20/Nov/2026:25:61:00 +0100] \"GET / HTTP/1.1\" 200 12 \"-\" \"Mozilla/5.0\"\n",
            b"www.example.com:443 203.0.113.7 - - [20/Nov/2026:10:00:00 +0100] \"GET / HTTP/1.1\" 200\n",
            b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\n",
        ];
        let line: &[u8] = self.rng.pick::<&[u8]>(bad);
        out.extend_from_slice(line);
    }
}

fn open(path: &Path) -> io::Result<Box<dyn Write>> {
    if path.as_os_str() == "-" {
        Ok(Box::new(BufWriter::new(io::stdout().lock())))
    } else {
        Ok(Box::new(BufWriter::with_capacity(
            1 << 20,
            File::create(path)?,
        )))
    }
}

fn write_robots(dir: &Path, hosts: usize) -> io::Result<()> {
    for i in 0..hosts {
        if let Some(body) = SITES[i % SITES.len()].robots {
            let d = dir.join(host_name(i));
            fs::create_dir_all(&d)?;
            fs::write(d.join("robots.txt"), body)?;
        }
    }
    Ok(())
}

fn main() {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("genlog: {e}");
            std::process::exit(2);
        }
    };
    if let Err(e) = generate(&args) {
        eprintln!("genlog: {e}");
        std::process::exit(2);
    }
}

/// The benches' mixes as `benches/e2e.sh` makes them (`--hosts 20 --seed 11`, `--variety`, or
/// `--violations` when `violations`), `lines` lines of plain text to `out` and the robots.txt
/// files to `robots_dir`. For `benches/stages.rs`, which includes this file as a module.
pub fn bench_mix(out: &Path, robots_dir: &Path, lines: u64, violations: bool) -> io::Result<()> {
    generate(&Args {
        lines,
        hosts: 20,
        seed: 11,
        out: out.to_path_buf(),
        robots_dir: Some(robots_dir.to_path_buf()),
        variety: true,
        violations,
        ..Args::default()
    })
}

fn generate(args: &Args) -> io::Result<()> {
    if let Some(dir) = &args.robots_dir {
        write_robots(dir, args.hosts)?;
    }
    let mut g = Generator {
        rng: Rng(args.seed),
        hosts: if args.format == "combined" {
            1
        } else {
            args.hosts
        },
        time: 0,
        burst: None,
        format: args.format.clone(),
        variety: args.variety,
        violations: args.violations,
    };
    let per_file = args.lines.div_ceil(args.files);
    let mut written = 0u64;
    let mut buf = Vec::with_capacity(1 << 20);
    for f in 0..args.files {
        let path = if args.files == 1 {
            args.out.clone()
        } else {
            PathBuf::from(format!("{}.{}", args.out.display(), f + 1))
        };
        let mut out = open(&path)?;
        let lines = per_file.min(args.lines - written);
        let per_member = lines.div_ceil(args.members);
        let mut in_file = 0u64;
        while in_file < lines {
            let n = per_member.min(lines - in_file);
            let base = written + in_file;
            if args.gzip {
                let mut enc = GzEncoder::new(&mut out, Compression::new(args.level));
                emit(&mut g, &mut enc, &mut buf, base, n, args.bad_every)?;
                enc.finish()?;
            } else {
                emit(&mut g, &mut out, &mut buf, base, n, args.bad_every)?;
            }
            in_file += n;
        }
        out.flush()?;
        written += lines;
    }
    Ok(())
}

/// Writes `n` lines numbered from `base + 1`.
fn emit(
    g: &mut Generator,
    w: &mut dyn Write,
    buf: &mut Vec<u8>,
    base: u64,
    n: u64,
    bad_every: u64,
) -> io::Result<()> {
    for i in 0..n {
        let line_no = base + i + 1;
        if bad_every > 0 && line_no.is_multiple_of(bad_every) {
            g.bad_line(buf);
        } else {
            g.line(buf);
        }
        if buf.len() >= 1 << 20 {
            w.write_all(buf)?;
            buf.clear();
        }
    }
    w.write_all(buf)?;
    buf.clear();
    Ok(())
}
