#!/usr/bin/env bash
# End-to-end bench: generated logs → robots-audit, against the inflate baseline.
#
#   bash benches/e2e.sh                          # 1 GB of each mix and 4 GB of the worst, ~25 min
#   E2E_GB=0.25 E2E_BIG=0 bash benches/e2e.sh    # a quick look
#
# Generates data under target/e2e (nothing large is committed), then times in one run:
#   - `inflate`: the flate2 + zlib-rs backend the tool uses, bytes thrown away (the floor for
#     one gzip stream);
#   - `gzip -dc > /dev/null`;
#   - `robots-audit --robots-dir` on the same file (nothing fetched);
# and prints wall time, CPU time (user + sys) and peak RSS (from `wait4`), the ratios of the
# times to inflate's, and the report's rows. Two mixes of traffic, both from `examples/genlog.rs`:
#   - varied: realistic traffic (`--variety`: a long tail of targets, thousands of User-Agents,
#     a scanner rotating random ones; ~10% of lines from crawlers);
#   - violations: the worst case (`--violations`: a third of lines from crawlers, many of them on
#     long-tail disallowed paths with long query strings, odd bytes from several log formats;
#     ~450,000 distinct report rows per GB).
# Then the spill path (the violations mix under a small `--max-memory`, its report compared
# byte for byte with the in-memory run's), and plain (uncompressed) input through one worker:
# there the audit's own CPU per line is set against the inflate's CPU per line of the same
# mix (the ratio the gzip rows cannot show: their audit CPU counts workers waiting on the one
# inflating thread). Last, one more run of each gzip mix with `--timings`: where its time went,
# stage by stage.
# The gzip rows run the inflate, `gzip -dc` and the audit in turn, $E2E_RUNS rounds (default
# 3): their seconds are the best round's, their ratios the median of each round's own ratio,
# so that a slow stretch of these shared, noisy machines falls on both sides of a ratio.
# Other timings are the best of $E2E_RUNS runs. Read the ratios rather than the seconds.
# To measure a change, time the build before it against the build after it on these logs,
# run for run: benches/ab.py. Or, for the whole bench, `E2E_BASE=REV` (a commit, or the path
# of a robots-audit binary): that build's audit then runs in every round beside this one's
# (the two in turn, the first alternating), and each row is followed by the base's own
# figures and the median of the rounds' ratios of this build's time to the base's, so that
# a before and an after come from the same minutes. A commit is built once from
# `git archive` under target/e2e-base (nothing is checked out or added to the repository).
set -euo pipefail
cd "$(dirname "$0")/.."

GB=${E2E_GB:-1}
RUNS=${E2E_RUNS:-3}
BIG=${E2E_BIG:-1}
DIR=target/e2e
mkdir -p "$DIR"
# ~235 bytes a line (varied); the violations mix's lines are longer, so it gets fewer.
LINES=$(python3 -c "print(int($GB * 1e9 / 235))")
VLINES=$(python3 -c "print(int($GB * 1e9 / 262))")

cargo build --release --locked --quiet --example genlog --example inflate --bin robots-audit
BIN=target/release/robots-audit
GEN=target/release/examples/genlog
INFLATE=target/release/examples/inflate

# The base build, if asked for: BASE_BIN runs it, BASE_NAME names it.
BASE_BIN="" BASE_NAME=""
if [ -n "${E2E_BASE:-}" ]; then
    if [ -f "$E2E_BASE" ] && [ -x "$E2E_BASE" ]; then
        BASE_BIN=$E2E_BASE BASE_NAME=$E2E_BASE
    else
        rev=$(git rev-parse --verify --quiet "$E2E_BASE^{commit}") || {
            echo "e2e.sh: E2E_BASE=$E2E_BASE is neither a commit nor an executable file" >&2
            exit 2; }
        BASE_NAME=${rev:0:7}
        BASE_BIN=target/e2e-base/robots-audit-$BASE_NAME
        if [ ! -x "$BASE_BIN" ]; then
            src=target/e2e-base/src-$BASE_NAME
            rm -rf "$src" && mkdir -p "$src"
            git archive "$rev" | tar -x -C "$src"
            # One target directory for every base: their dependencies are built once.
            CARGO_TARGET_DIR="$PWD/target/e2e-base/target" \
                cargo build --release --locked --quiet --manifest-path "$src/Cargo.toml" \
                --bin robots-audit
            cp target/e2e-base/target/release/robots-audit "$BASE_BIN"
            rm -rf "$src"
        fi
    fi
fi

gen() { # lines name [extra genlog args]
    local lines=$1 name=$2; shift 2
    if [ ! -s "$DIR/$name" ]; then
        "$GEN" --lines "$lines" --hosts 20 --seed 11 --robots-dir "$DIR/robots" --out "$DIR/$name" "$@"
    fi
}

# One run of a command: "wall-seconds cpu-seconds peak-rss-KiB" (CPU: user + sys of it and
# its children, from wait4; the wall time from just before it starts to its end, to the
# millisecond: /usr/bin/time's hundredths are 3% of a 0.3 s run). Its stdout is thrown away,
# its stderr kept in $DIR/stderr.txt and shown if it fails.
once() {
    python3 -c '
import os, subprocess, sys, time
with open(sys.argv[1], "wb") as err:
    start = time.perf_counter()
    child = subprocess.Popen(sys.argv[2:], stdout=subprocess.DEVNULL, stderr=err)
    _, status, ru = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
code = os.waitstatus_to_exitcode(status)
if code:
    sys.exit(code)
print(f"{wall:.4f} {ru.ru_utime + ru.ru_stime:.4f} {ru.ru_maxrss}")
' "$DIR/stderr.txt" "$@" || { cat "$DIR/stderr.txt" >&2; return 1; }
}

# "best-wall-seconds best-cpu-seconds peak-rss-KiB" over $RUNS runs of a command; the CPU time
# is that of the run with the best wall time, the RSS the highest.
best() {
    local runs=""
    for _ in $(seq "$RUNS"); do
        runs+="$(once "$@")"$'\n' || return 1
    done
    python3 -c '
import sys
r = [list(map(float, l.split())) for l in sys.argv[1].splitlines() if l.strip()]
b = min(r, key=lambda x: x[0])
print(f"{b[0]:.3f} {b[1]:.3f} {int(max(x[2] for x in r))}")
' "$runs"
}
wall() { echo "$1" | cut -d' ' -f1; }
cpu() { echo "$1" | cut -d' ' -f2; }
mib() { echo $(( $(echo "$1" | cut -d' ' -f3) / 1024 )); }
ratio() { python3 -c "print(f'{$1 / $2:.2f}' if $2 else '-')"; }
mbps() { python3 -c "print(f'{$1 / 1e6 / $2:.0f}' if $2 else '-')"; } # '-': too fast to time
nsl() { python3 -c "print(f'{$1 * 1e9 / $2:.0f}')"; } # seconds lines → ns per line

AUDIT=("$BIN" --robots-dir "$DIR/robots" --quiet)
# Inflate CPU seconds by row label, for the plain-input rows' per-line comparison.
declare -A INFLATE_CPU

FMT='%-15s %11s %5s %7s %7s %7s %7s %7s %8s %8s %8s %7s %8s\n'

# The audit and, with a base, the base's audit, in turn (the first alternating with round
# `$1`): "this-build-figures [base-figures]", as `once` gives them. Reports: report.csv and
# base.csv.
audits() { # round file [args]
    local round=$1 file=$2 a b; shift 2
    if [ -z "$BASE_BIN" ]; then
        once "${AUDIT[@]}" --out "$DIR/report.csv" "$@" "$file"
        return
    fi
    local base=("$BASE_BIN" --robots-dir "$DIR/robots" --quiet --out "$DIR/base.csv" "$@" "$file")
    if [ $((round % 2)) = 0 ]; then
        a=$(once "${AUDIT[@]}" --out "$DIR/report.csv" "$@" "$file"); b=$(once "${base[@]}")
    else
        b=$(once "${base[@]}"); a=$(once "${AUDIT[@]}" --out "$DIR/report.csv" "$@" "$file")
    fi
    echo "$a $b"
}

# The line under a row that compares the base: its own figures and the medians of the rounds'
# ratios (this build / base), from the rounds' fields `first` on (wall, cpu, rss of each).
base_line() { # rounds first inflate-wall-field inflate-cpu-field
    python3 -c '
import statistics as st, sys
r = [list(map(float, l.split())) for l in sys.argv[1].splitlines() if l.strip()]
a, iw, ic = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
b = a + 3
best = min(r, key=lambda x: x[b])
med = lambda f: st.median(f(x) for x in r)
head = f"  base {sys.argv[5]}: {best[b]:.3f} s, cpu {best[b + 1]:.3f} s, rss {int(max(x[b + 2] for x in r)) // 1024} MiB"
if iw >= 0:
    head += f"; wall/inf {med(lambda x: x[b] / x[iw]):.2f}, cpu/inf {med(lambda x: x[b + 1] / x[ic]):.2f}"
print(head + f"; this build / base: wall {med(lambda x: x[a] / x[b]):.3f}, cpu {med(lambda x: x[a + 1] / x[b + 1]):.3f}"
      f" (median of {len(r)} rounds); reports {sys.argv[6]}")
' "$1" "$2" "$3" "$4" "$BASE_NAME" "$(cmp -s "$DIR/report.csv" "$DIR/base.csv" && echo identical || echo DIFFERENT)"
}

row() { # label file
    local label=$1 file=$2 bytes rounds="" out rows
    bytes=$("$INFLATE" "$file")
    # The three in turn, round after round: a slow stretch of the machine falls on all three.
    for round in $(seq "$RUNS"); do
        rounds+="$(once "$INFLATE" "$file") $(once sh -c "gzip -dc '$file' > /dev/null")"
        rounds+=" $(audits "$round" "$file")"$'\n'
    done
    # Seconds: the best round of each (CPU of that round); ratios: the median of the rounds'
    # own ratios; RSS: the audit's highest.
    out=$(python3 -c '
import statistics as st, sys
r = [list(map(float, l.split())) for l in sys.argv[1].splitlines() if l.strip()]
bi = min(r, key=lambda x: x[0]); bg = min(r, key=lambda x: x[3]); ba = min(r, key=lambda x: x[6])
med = lambda f: st.median(f(x) for x in r)
print(f"{bi[0]:.2f} {bi[1]:.2f} {bg[3]:.2f} {ba[6]:.2f} {ba[7]:.2f}",
      f"{med(lambda x: x[6] / x[0]):.2f} {med(lambda x: x[6] / x[3]):.2f}",
      f"{med(lambda x: x[7] / x[1]):.2f} {int(max(x[8] for x in r)) // 1024}")
' "$rounds")
    read -r iw ic gw aw ac rwi rwg rci rss <<< "$out"
    INFLATE_CPU[$label]=$ic
    rows=$(( $(wc -l < "$DIR/report.csv") - 1 ))
    printf "$FMT" "$label" "$bytes" "$(ratio "$bytes" "$(stat -c %s "$file")")" \
        "$iw" "$ic" "$gw" "$aw" "$ac" "$rwi" "$rwg" "$rci" "$rss" "$rows"
    if [ -n "$BASE_BIN" ]; then base_line "$rounds" 6 0 1; fi
}

echo "robots-audit e2e bench: $(nproc) cores, $(date -u +%Y-%m-%dT%H:%M:%SZ), $RUNS rounds"
echo "this build: $(git describe --always --dirty 2>/dev/null || echo unknown)${BASE_NAME:+; base: $BASE_NAME}"
printf "$FMT" data bytes gz:1 infl_s infl_cpu gzip_s audit_s aud_cpu wall/inf wall/gz \
    cpu/inf rss_MiB rows
gen "$LINES" "var-$LINES.gz" --gzip --level 6 --variety
row "varied ${GB}x" "$DIR/var-$LINES.gz"
gen "$VLINES" "viol-$VLINES.gz" --gzip --level 6 --violations
row "violations ${GB}x" "$DIR/viol-$VLINES.gz"
if [ "$BIG" != 0 ]; then
    n=$((VLINES * 4))
    gen "$n" "viol-$n.gz" --gzip --level 6 --violations
    row "violations $(python3 -c "print($GB * 4)")x" "$DIR/viol-$n.gz"
fi

echo
echo "spill: the violations ${GB}x log with --max-memory 16M (rows sorted into runs on disk)"
VIOL="$DIR/viol-$VLINES.gz"
rm_reports() { rm -f "$DIR/mem.csv" "$DIR/spill.csv"; }
rm_reports
# The two in turn, round after round (the first alternating), as the gzip rows are run: a
# slow stretch falls on both. Seconds: the best of each; the ratio: the median of the rounds'.
rounds=""
for round in $(seq "$RUNS"); do
    m=(once "${AUDIT[@]}" --out "$DIR/mem.csv" "$VIOL")
    s=(once "${AUDIT[@]}" --max-memory 16M --out "$DIR/spill.csv" "$VIOL")
    if [ $((round % 2)) = 0 ]; then
        a=$("${m[@]}"); b=$("${s[@]}")
    else
        b=$("${s[@]}"); a=$("${m[@]}")
    fi
    rounds+="$a $b"$'\n'
done
same=$(cmp -s "$DIR/mem.csv" "$DIR/spill.csv" && echo "identical" || echo "DIFFERENT")
python3 -c '
import statistics as st, sys
r = [list(map(float, l.split())) for l in sys.argv[1].splitlines() if l.strip()]
bm = min(r, key=lambda x: x[0]); bs = min(r, key=lambda x: x[3])
rss = lambda i: int(max(x[i] for x in r)) // 1024
med = lambda f: st.median(f(x) for x in r)
print(f"in memory:  {bm[0]:.3f} s, cpu {bm[1]:.3f} s, rss {rss(2)} MiB")
print(f"spilled:    {bs[3]:.3f} s, cpu {bs[4]:.3f} s, rss {rss(5)} MiB; report bytes: {sys.argv[2]}")
print(f"spilled / in memory, median of {len(r)} rounds: wall {med(lambda x: x[3] / x[0]):.2f},"
      f" cpu {med(lambda x: x[4] / x[1]):.2f}")
' "$rounds" "$same"
rm_reports

echo
echo "plain input (no inflate) through one worker: read + parse + identify + judge + aggregate"
for mix in varied violations; do
    if [ "$mix" = varied ]; then src="$DIR/var-$LINES.gz"; else src="$VIOL"; fi
    infl_cpu=${INFLATE_CPU["$mix ${GB}x"]}
    plain="$DIR/$mix-plain.log"
    [ -s "$plain" ] || gzip -dc "$src" > "$plain"
    bp=$(stat -c %s "$plain")
    tc=$(best cat "$plain")
    r1=$(best "${AUDIT[@]}" --out /dev/null --threads 1 "$plain")
    rn=$(best "${AUDIT[@]}" --out /dev/null "$plain")
    if [ -n "$BASE_BIN" ]; then
        rounds=""
        for round in $(seq "$RUNS"); do
            rounds+="$(audits "$round" "$plain" --threads 1)"$'\n'
        done
        echo "$mix, one worker:"
        base_line "$rounds" 0 -1 -1
    fi
    echo "$mix: one worker $(wall "$r1") s = $(mbps "$bp" "$(wall "$r1")") MB/s (rss $(mib "$r1") MiB);" \
        "$(nproc) workers $(mbps "$bp" "$(wall "$rn")") MB/s; cat $(mbps "$bp" "$(wall "$tc")") MB/s"
    lines=$(wc -l < "$plain")
    echo "$mix: CPU per line, audit of plain input (one worker) $(nsl "$(cpu "$r1")" "$lines") ns" \
        "vs inflate $(nsl "$infl_cpu" "$lines") ns = $(ratio "$(cpu "$r1")" "$infl_cpu")x"
    rm -f "$plain"
done

echo
echo "where the time goes: each gzip mix once more with --timings (the stages of one run)"
for f in "$DIR/var-$LINES.gz" "$VIOL"; do
    echo "$(basename "$f"):"
    "${AUDIT[@]}" --out "$DIR/report.csv" --timings "$f" 2>&1 | sed 's/^/  /'
done
rm -f "$DIR/report.csv" "$DIR/base.csv"
