#!/usr/bin/env python3
"""Writes the sample logs: the same five requests in every format robots-audit reads.

tests/ingest_formats.rs checks that every file reads back as the same requests. Run from
this directory to regenerate (output is deterministic).
"""
import gzip
import json
from datetime import datetime, timedelta, timezone
from urllib.parse import quote

T0 = datetime(2026, 11, 20, 13, 55, 36, tzinfo=timezone.utc)
G = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
F = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"
B = "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)"
Q = 'Bot "quoted"/1.0'
# (seconds after T0, client, method, path, query or None, status, user agent)
R = [
    (0, "66.249.66.1", "GET", "/private/a.html", "x=1", 200, G),
    (1, "2001:db8::7", "GET", "/caf%C3%A9/", None, 404, F),
    (2, "192.0.2.9", "HEAD", "/robots.txt", None, 200, B),
    (3, "203.0.113.5", "GET", "/search", "q=a%20b&lang=en", 301, Q),
    (4, "66.249.66.2", "POST", "/api/items", None, 201, ""),
]


def target(r):
    return r[3] + ("?" + r[4] if r[4] else "")


def t(r):
    return T0 + timedelta(seconds=r[0])


def done(r, seconds):
    """When a request at t(r) that took `seconds` was logged, by formats that log then."""
    return t(r) + timedelta(seconds=seconds)


def clf(r):
    return (t(r) + timedelta(hours=1)).strftime("%d/%b/%Y:%H:%M:%S") + " +0100"


def apache_esc(s):
    return s.replace("\\", "\\\\").replace('"', '\\"')


def compact(obj):
    return json.dumps(obj, separators=(",", ":")) + "\n"


out = {}
out["combined.log"] = "".join(
    f'{r[1]} - - [{clf(r)}] "{r[2]} {target(r)} HTTP/1.1" {r[5]} {100 + i} "-" "{apache_esc(r[6]) or "-"}"\n'
    for i, r in enumerate(R))
out["common.log"] = "".join(
    f'{r[1]} - - [{clf(r)}] "{r[2]} {target(r)} HTTP/1.1" {r[5]} -\n' for r in R)
out["vhost_combined.log"] = "".join(
    f'www.example.com:443 {r[1]} - - [{clf(r)}] "{r[2]} {target(r)} HTTP/1.1" {r[5]} {100 + i} "-" "{apache_esc(r[6]) or "-"}"\n'
    for i, r in enumerate(R))
out["nginx.json"] = "".join(compact({
    "time_iso8601": (done(r, 1) + timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M:%S+01:00"),
    "request_time": "1.000",
    "remote_addr": r[1], "host": "www.example.com", "scheme": "https",
    "request": f"{r[2]} {target(r)} HTTP/1.1", "status": r[5], "body_bytes_sent": 100,
    "http_referer": "", "http_user_agent": r[6]}) for r in R)
out["caddy.json"] = '{"level":"info","ts":1795182930.5,"logger":"tls","msg":"certificate obtained"}\n' + "".join(compact({
    "level": "info", "ts": done(r, 2.5).timestamp(), "logger": "http.log.access", "msg": "handled request",
    "request": {"remote_ip": "10.0.0.2", "remote_port": "41342", "client_ip": r[1], "proto": "HTTP/2.0",
                "method": r[2], "host": "www.example.com", "uri": target(r),
                "headers": ({"User-Agent": [r[6]]} if r[6] else {}) | {"Accept": ["*/*"]},
                "tls": {"resumed": False, "version": 772, "proto": "h2", "server_name": "www.example.com"}},
    "bytes_read": 0, "user_id": "", "duration": 2.5, "size": 100, "status": r[5],
    "resp_headers": {"Server": ["Caddy"]}}) for r in R)
out["cloudflare.json"] = "".join(compact({
    "ClientIP": r[1], "ClientRequestHost": "www.example.com", "ClientRequestMethod": r[2],
    "ClientRequestProtocol": "HTTP/2", "ClientRequestScheme": "https", "ClientRequestURI": target(r),
    "ClientRequestUserAgent": r[6], "EdgeResponseBodyBytes": 80, "EdgeResponseBytes": 100,
    "EdgeResponseStatus": r[5],
    "EdgeStartTimestamp": int(t(r).timestamp()) * 10**9, "RayID": "8e2f1c2d3b4a5f6e"}) for r in R)

CF_FIELDS = ("date time x-edge-location sc-bytes c-ip cs-method cs(Host) cs-uri-stem sc-status cs(Referer) "
             "cs(User-Agent) cs-uri-query cs(Cookie) x-edge-result-type x-edge-request-id x-host-header "
             "cs-protocol cs-bytes time-taken x-forwarded-for ssl-protocol ssl-cipher "
             "x-edge-response-result-type cs-protocol-version fle-status fle-encrypted-fields c-port "
             "time-to-first-byte x-edge-detailed-result-type sc-content-type sc-content-len "
             "sc-range-start sc-range-end")


def cloudfront(r):
    ua = quote(r[6], safe="/();:,+=.-_~") if r[6] else "-"
    v = [done(r, 1).strftime("%Y-%m-%d"), done(r, 1).strftime("%H:%M:%S"), "LAX1-C1", "100", r[1], r[2],
         "d111111abcdef8.cloudfront.net", r[3], str(r[5]), "-", ua, r[4] or "-", "-", "Miss",
         "SOX4xwn4XV6Q4rgb7XiVGOHms_BGlTAC4KyHmureZmBNrjGdRLiNIQ==", "www.example.com", "https", "23",
         "1.000", "-", "TLSv1.3", "TLS_AES_128_GCM_SHA256", "Miss", "HTTP/2.0", "-", "-", "11040",
         "0.001", "Miss", "text/html", "100", "-", "-"]
    return "\t".join(v) + "\n"


out["cloudfront.log"] = "#Version: 1.0\n#Fields: " + CF_FIELDS + "\n" + "".join(cloudfront(r) for r in R)


def iis(r):
    ua = r[6].replace(" ", "+") if r[6] else "-"
    return " ".join([done(r, 1).strftime("%Y-%m-%d"), done(r, 1).strftime("%H:%M:%S"), "10.0.0.4", r[2], r[3],
                     r[4] or "-", "443", "-", r[1], "www.example.com", ua, "-", str(r[5]), "0", "0",
                     "1000"]) + "\n"


out["w3c.log"] = (
    "#Software: Microsoft Internet Information Services 10.0\n#Version: 1.0\n#Date: 2026-11-20 13:55:36\n"
    "#Fields: date time s-ip cs-method cs-uri-stem cs-uri-query s-port cs-username c-ip cs-host "
    "cs(User-Agent) cs(Referer) sc-status sc-substatus sc-win32-status time-taken\n"
    + "".join(iis(r) for r in R))


def alb(r):
    ts = t(r).strftime("%Y-%m-%dT%H:%M:%S.000000Z")
    answered = done(r, 1).strftime("%Y-%m-%dT%H:%M:%S.000000Z")
    return (f'https {answered} app/my-loadbalancer/50dc6c495c0c9188 {r[1]}:2817 10.0.0.1:80 0.001 0.002 0.000 '
            f'{r[5]} {r[5]} 0 100 "{r[2]} https://www.example.com:443{target(r)} HTTP/1.1" "{r[6] or "-"}" '
            'ECDHE-RSA-AES128-GCM-SHA256 TLSv1.2 '
            'arn:aws:elasticloadbalancing:us-east-2:123456789012:targetgroup/my-targets/73e2d6bc24d8a067 '
            f'"Root=1-58337281-1d84f3d73c47ec4e58577259" "www.example.com" "-" 1 {ts} "forward" "-" "-" '
            f'"10.0.0.1:80" "{r[5]}" "-" "-" TID_1\n')


out["alb.log"] = "".join(alb(r) for r in R)

for name, text in out.items():
    with open(name, "w") as f:
        f.write(text)
# gzip copies: one member; two members split mid-line; and plain CRLF text named .gz.
c = out["combined.log"].encode()
with open("combined.log.gz", "wb") as f:
    f.write(gzip.compress(c, mtime=0))
with open("combined-multi.log.gz", "wb") as f:
    f.write(gzip.compress(c[:150], mtime=0) + gzip.compress(c[150:], mtime=0))
with open("combined-crlf-plain.log.gz", "wb") as f:
    f.write(c.replace(b"\n", b"\r\n"))
