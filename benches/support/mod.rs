//! Generated, realistic access-log lines shared by the benches (deterministic).

#![allow(dead_code)] // each bench uses part of it

const UAS: &[&str] = &[
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/605.1.15",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/131.0.6778.204 Safari/537.36",
    "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
    "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)",
    "Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)",
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot",
    "Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)",
    "curl/8.5.0",
    "python-requests/2.32.3",
    "-",
];

const PATHS: &[&str] = &[
    "/",
    "/index.html",
    "/blog/2026/11/how-we-cut-our-build-times-in-half",
    "/products/widgets/blue-widget-3000",
    "/search",
    "/static/css/main.4f2a9c1e.css",
    "/static/js/app.9b8e7d6c.js",
    "/images/hero@2x.webp",
    "/api/v2/items",
    "/private/reports/q3.pdf",
    "/wp-login.php",
    "/robots.txt",
    "/sitemap.xml",
    "/tag/rust",
];

const QUERIES: &[&str] = &[
    "",
    "",
    "",
    "?q=blue+widgets&page=2",
    "?utm_source=newsletter&utm_medium=email&utm_campaign=nov",
    "?id=12345",
    "?sort=price&order=asc&filter%5Bcolor%5D=blue",
];

const METHODS: &[&str] = &["GET", "GET", "GET", "GET", "GET", "GET", "HEAD", "POST"];
const STATUSES: &[u16] = &[200, 200, 200, 200, 200, 304, 301, 404, 403, 500];

/// A tiny xorshift so the benches need no rand crate.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    pub fn pick<'a>(&mut self, from: &[&'a str]) -> &'a str {
        from[(self.next() % from.len() as u64) as usize]
    }
}

/// One generated request.
pub struct Rec {
    pub ip: String,
    pub secs: u64,
    pub method: &'static str,
    pub target: String,
    pub status: u16,
    pub bytes: u64,
    pub referer: &'static str,
    pub ua: &'static str,
    pub https: bool,
}

/// `n` varied requests, one to three seconds apart.
pub fn records(n: usize) -> Vec<Rec> {
    let mut rng = Rng::new(0x5eed);
    let mut t = 0u64;
    (0..n)
        .map(|_| {
            t += rng.next() % 3;
            let ip = rng.next();
            Rec {
                ip: format!(
                    "{}.{}.{}.{}",
                    ip & 0xff,
                    (ip >> 8) & 0xff,
                    (ip >> 16) & 0xff,
                    (ip >> 24) & 0xff
                ),
                secs: t,
                https: ip.is_multiple_of(2),
                method: rng.pick(METHODS),
                target: format!("{}{}", rng.pick(PATHS), rng.pick(QUERIES)),
                status: STATUSES[(rng.next() % STATUSES.len() as u64) as usize],
                bytes: rng.next() % 100_000,
                referer: if rng.next().is_multiple_of(3) {
                    "https://www.example.com/"
                } else {
                    "-"
                },
                ua: rng.pick(UAS),
            }
        })
        .collect()
}

fn hms(secs: u64) -> (u64, u64, u64) {
    (secs / 3600 % 24, secs / 60 % 60, secs % 60)
}

/// `n` combined lines (with a vhost prefix when `vhost`), about 200 bytes each.
pub fn combined_lines(n: usize, vhost: bool) -> Vec<u8> {
    let mut out = Vec::with_capacity(n * 240);
    for r in records(n) {
        if vhost {
            out.extend_from_slice(if r.https {
                b"www.example.com:443 "
            } else {
                b"example.org:80 "
            });
        }
        let (h, m, s) = hms(r.secs);
        let line = format!(
            "{} - - [20/Nov/2026:{h:02}:{m:02}:{s:02} +0100] \"{} {} HTTP/1.1\" {} {} \"{}\" \"{}\"\n",
            r.ip, r.method, r.target, r.status, r.bytes, r.referer, r.ua,
        );
        out.extend_from_slice(line.as_bytes());
    }
    out
}

/// `n` nginx `escape=json` lines with the default keys.
pub fn nginx_json_lines(n: usize) -> Vec<u8> {
    let mut out = Vec::new();
    for r in records(n) {
        let (h, m, s) = hms(r.secs);
        out.extend_from_slice(format!(
            "{{\"time_iso8601\":\"2026-11-20T{h:02}:{m:02}:{s:02}+01:00\",\"remote_addr\":\"{}\",\"host\":\"www.example.com\",\"request\":\"{} {} HTTP/1.1\",\"status\":{},\"body_bytes_sent\":{},\"http_referer\":\"{}\",\"http_user_agent\":\"{}\"}}\n",
            r.ip, r.method, r.target, r.status, r.bytes, r.referer, r.ua
        ).as_bytes());
    }
    out
}

/// `n` IIS W3C lines (default IIS fields, no header).
pub fn w3c_lines(n: usize) -> Vec<u8> {
    let mut out = Vec::new();
    for r in records(n) {
        let (h, m, s) = hms(r.secs);
        let (stem, query) = r.target.split_once('?').unwrap_or((&r.target, "-"));
        out.extend_from_slice(format!(
            "2026-11-20 {h:02}:{m:02}:{s:02} 10.0.0.4 {} {stem} {query} 443 - {} {} {} {} 0 0 15\n",
            r.method, r.ip, r.ua.replace(' ', "+"), r.referer, r.status
        ).as_bytes());
    }
    out
}

/// `n` ALB lines.
pub fn alb_lines(n: usize) -> Vec<u8> {
    let mut out = Vec::new();
    for r in records(n) {
        let (h, m, s) = hms(r.secs);
        out.extend_from_slice(format!(
            "https 2026-11-20T{h:02}:{m:02}:{s:02}.123456Z app/lb/50dc6c495c0c9188 {}:2817 10.0.0.1:80 0.001 0.002 0.000 {} {} 0 {} \"{} https://www.example.com:443{} HTTP/1.1\" \"{}\" ECDHE-RSA-AES128-GCM-SHA256 TLSv1.2 arn:aws:elasticloadbalancing:us-east-2:123456789012:targetgroup/t/73e2d6bc24d8a067 \"Root=1-58337281-1d84f3d73c47ec4e58577259\" \"www.example.com\" \"-\" 1 2026-11-20T{h:02}:{m:02}:{s:02}.100000Z \"forward\" \"-\" \"-\" \"10.0.0.1:80\" \"200\" \"-\" \"-\" TID_1\n",
            r.ip, r.status, r.status, r.bytes, r.method, r.target, r.ua
        ).as_bytes());
    }
    out
}
