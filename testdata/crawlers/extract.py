#!/usr/bin/env python3
"""Makes the crawler-user-agents patterns the registry imports, and the coverage test's data,
from the two public lists (see README.md here).

    python3 extract.py CRAWLER_USER_AGENTS_CHECKOUT UAP_CORE_CHECKOUT

Writes src/crawlers/crawler-user-agents.txt (the patterns, with the category their tags give:
`feed-reader`, `automation` for http-library and browser-automation, else `-`; without the
patterns of EXCLUDED), and, next to this script:
- crawler-user-agents.json: every entry of crawler-user-agents.json with its `pattern`,
  `instances` and `tags` (other keys dropped), in the list's order.
- uap-core-user-agents.tsv: `source<TAB>family<TAB>header`, every header of uap-core's
  tests/test_ua.yaml, test_resources/firefox_user_agent_strings.yaml and
  test_resources/opera_mini_user_agent_strings.yaml that uap-core's own device parser
  (regexes.yaml) does not call a `Spider`, with the browser family uap-core gives it.
Needs PyYAML.
"""
import json
import os
import re
import sys

import yaml

here = os.path.dirname(os.path.abspath(__file__))
cua_dir, uap_dir = sys.argv[1], sys.argv[2]

# Patterns not imported: they match browsers and apps that people use, or text too common to
# mean a robot. (Each still counts in the coverage test, which measures the whole list.)
EXCLUDED = {
    "AP3A\\.240617\\.008": "an Android build number: every phone with that build",
    "008\\/": "inside version numbers (Opera Mini/4.4.39008/…)",
    "RED\\/": "inside product names (WIRED/3.2)",
    "Code\\/1\\.": "Visual Studio Code and other apps called Code",
    "Fluid": "the Fluid site-specific browser; a common word",
    "Fetch\\/": "any product ending in Fetch",
    "Make\\/": "a common word",
    "BW\\/": "any product ending in BW",
    "^BW\\/": "a two-letter product",
    "Notion\\/": "Notion's desktop app",
    "Tumblr\\/": "Tumblr's app and its in-app browser",
    "Asana\\/": "Asana's desktop app",
    "upday\\/": "the upday news app",
    "GoPay": "the GoPay payment app",
    "Viber": "Viber's app and in-app browser",
    "PayPal\\/": "PayPal's app",
    "Operator\\/": "a common word (mobile operators' apps)",
    "Trae\\/": "the Trae editor, an app",
    "Grammarly\\/": "Grammarly's desktop app",
    "Bluesky\\/": "Bluesky's app",
}

with open(os.path.join(cua_dir, "crawler-user-agents.json"), encoding="utf-8") as f:
    entries = json.load(f)
reduced = [
    {"pattern": e["pattern"], "tags": e.get("tags", []), "instances": e.get("instances", [])}
    for e in entries
]
with open(os.path.join(here, "crawler-user-agents.json"), "w", encoding="utf-8") as f:
    json.dump(reduced, f, indent=1, ensure_ascii=False)
    f.write("\n")

missing = set(EXCLUDED) - {e["pattern"] for e in entries}
assert not missing, missing
with open(os.path.join(cua_dir, "LICENSE"), encoding="utf-8") as f:
    licence = [f"# {line}".rstrip() for line in f.read().strip().splitlines()]
lines = [
    "# Patterns of the crawler-user-agents list (https://github.com/monperrus/crawler-user-agents),",
    "# one a line: the category its tags give (feed-reader, automation, or - for any other robot),",
    "# a tab, the pattern (a regex, case-sensitive). Made by testdata/crawlers/extract.py; do not",
    "# edit by hand. The list's licence:",
    "#",
    *licence,
    "#",
    "# Left out as too common:",
]
lines += [f"#   {p}  ({why})" for p, why in EXCLUDED.items()]
for e in entries:
    pattern, tags = e["pattern"], e.get("tags", [])
    assert "\t" not in pattern and "\n" not in pattern, pattern
    if pattern in EXCLUDED:
        continue
    if "feed-reader" in tags:
        kind = "feed-reader"
    elif "http-library" in tags or "browser-automation" in tags:
        kind = "automation"
    else:
        kind = "-"
    lines.append(f"{kind}\t{pattern}")
src = os.path.join(here, "..", "..", "src", "crawlers", "crawler-user-agents.txt")
with open(src, "w", encoding="utf-8") as f:
    f.write("\n".join(lines) + "\n")

with open(os.path.join(uap_dir, "regexes.yaml"), encoding="utf-8") as f:
    regexes = yaml.safe_load(f)
devices = [
    (re.compile(d["regex"], re.I if d.get("regex_flag") == "i" else 0), d.get("device_replacement"))
    for d in regexes["device_parsers"]
]


def is_spider(ua):
    for rx, replacement in devices:
        if rx.search(ua):
            return replacement == "Spider"
    return False


rows = []
for source in [
    "tests/test_ua.yaml",
    "test_resources/firefox_user_agent_strings.yaml",
    "test_resources/opera_mini_user_agent_strings.yaml",
]:
    with open(os.path.join(uap_dir, source), encoding="utf-8") as f:
        cases = yaml.safe_load(f)["test_cases"]
    for case in cases:
        ua = case["user_agent_string"]
        assert "\t" not in ua and "\n" not in ua and "\r" not in ua, ua
        if not is_spider(ua):
            rows.append(f"{os.path.basename(source)}\t{case['family']}\t{ua}")
with open(os.path.join(here, "uap-core-user-agents.tsv"), "w", encoding="utf-8") as f:
    f.write("# source\tfamily\theader (uap-core, Apache-2.0; see README.md)\n")
    f.write("\n".join(rows) + "\n")
