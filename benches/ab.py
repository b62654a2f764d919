#!/usr/bin/env python3
"""Two builds of robots-audit timed against each other, run for run, on the same input.

    python3 benches/ab.py BASE NEW [--pairs N] -- LOG... [OPTIONS]

e.g. after `bash benches/e2e.sh` made the bench's logs:

    cp target/release/robots-audit /tmp/base     # before the change
    cargo build --release --locked               # after it
    python3 benches/ab.py /tmp/base target/release/robots-audit -- \\
        target/e2e/viol-*.gz --robots-dir target/e2e/robots

Single runs of one build on these shared machines differ by 10-20% from one minute to the
next, more than most changes, so a change is measured here against its baseline in the same
minutes: the two binaries run in turn, N pairs (the first of each pair alternating), and the
figure to read is the median of the pairs' own ratios (new / base), of the wall time and of the
CPU time (user + sys of the process, from wait4). Each run writes its report (`--out`, added
here, with `--quiet`) to a directory of its own; the first pair's two reports and exit codes
must be equal, or the script stops: a change that alters the report is not a speed-up.
"""

import os
import statistics
import subprocess
import sys
import tempfile
import time


def usage(problem):
    sys.exit(f"ab.py: {problem}\nusage: python3 benches/ab.py BASE NEW [--pairs N] -- ARGS...")


def parse(argv):
    if "--" not in argv:
        usage("the audit's arguments follow `--`")
    cut = argv.index("--")
    own, args = argv[:cut], argv[cut + 1 :]
    pairs = 16
    if "--pairs" in own:
        at = own.index("--pairs")
        try:
            pairs = int(own[at + 1])
        except (IndexError, ValueError):
            usage("--pairs takes a number")
        del own[at : at + 2]
    if len(own) != 2:
        usage("two binaries, the baseline first")
    if pairs < 1:
        usage("--pairs must be at least 1")
    if not args:
        usage("no log given after `--`")
    for binary in own:
        if not os.access(binary, os.X_OK):
            usage(f"{binary} is not an executable file")
    return own[0], own[1], pairs, args


def run(binary, args, out):
    """One run: (wall seconds, CPU seconds, exit code)."""
    start = time.perf_counter()
    child = subprocess.Popen(
        [binary, *args, "--quiet", "--out", out],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    _, status, usage_ = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    return wall, usage_.ru_utime + usage_.ru_stime, os.waitstatus_to_exitcode(status)


def main():
    base, new, pairs, args = parse(sys.argv[1:])
    times = {"base": [], "new": []}
    with tempfile.TemporaryDirectory(prefix="robots-audit-ab.") as tmp:
        outs = {k: os.path.join(tmp, f"{k}.csv") for k in times}
        for i in range(pairs):
            order = [("base", base), ("new", new)]
            if i % 2:
                order.reverse()
            codes = {}
            for name, binary in order:
                wall, cpu, code = run(binary, args, outs[name])
                times[name].append((wall, cpu))
                codes[name] = code
            if i == 0:
                if codes["base"] != codes["new"]:
                    sys.exit(f"ab.py: exit codes differ: base {codes['base']}, new {codes['new']}")
                with open(outs["base"], "rb") as a, open(outs["new"], "rb") as b:
                    if a.read() != b.read():
                        sys.exit("ab.py: the two binaries' reports differ")
    median = statistics.median
    print(f"{pairs} pairs, reports identical, exit code {codes['base']}")
    for k, what in ((0, "wall"), (1, "CPU ")):
        b = [t[k] for t in times["base"]]
        n = [t[k] for t in times["new"]]
        ratios = [y / x for x, y in zip(b, n)]
        spread = ""
        if len(ratios) > 1:
            q1, _, q3 = statistics.quantiles(ratios, n=4)
            spread = f" (middle half {q1:.3f} to {q3:.3f})"
        print(
            f"{what}: base {median(b):.3f} s, new {median(n):.3f} s; "
            f"new / base, median of the pairs' ratios {median(ratios):.3f}{spread}"
        )


if __name__ == "__main__":
    main()
