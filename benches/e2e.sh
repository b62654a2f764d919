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
# and prints wall time, CPU time (user + sys), their ratios to inflate's, and peak RSS
# (/usr/bin/time). Two mixes of traffic, both from `examples/genlog.rs`:
#   - varied: realistic traffic (`--variety`: a long tail of targets, thousands of User-Agents,
#     a scanner rotating random ones; ~10% of lines from crawlers);
#   - violations: the worst case (`--violations`: a third of lines from crawlers, many of them on
#     long-tail disallowed paths with long query strings, odd bytes from several log formats;
#     ~450,000 distinct report rows per GB).
# Then the spill path (the violations mix under a small `--max-memory`, its report compared
# byte for byte with the in-memory run's), and plain (uncompressed) input through one worker:
# there the audit's own CPU per line is set against the inflate's CPU per line of the same
# mix (the ratio the gzip rows cannot show: their audit CPU counts workers waiting on the one
# inflating thread).
# The gzip rows run the inflate, `gzip -dc` and the audit in turn, $E2E_RUNS rounds (default
# 3): their seconds are the best round's, their ratios the median of each round's own ratio,
# so that a slow stretch of these shared, noisy machines falls on both sides of a ratio.
# Other timings are the best of $E2E_RUNS runs. Read the ratios rather than the seconds.
# To measure a change, time the build before it against the build after it on these logs,
# run for run: benches/ab.py.
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

gen() { # lines name [extra genlog args]
    local lines=$1 name=$2; shift 2
    if [ ! -s "$DIR/$name" ]; then
        "$GEN" --lines "$lines" --hosts 20 --seed 11 --robots-dir "$DIR/robots" --out "$DIR/$name" "$@"
    fi
}

# "best-wall-seconds best-cpu-seconds peak-rss-KiB" over $RUNS runs of a command; the CPU time
# is user + sys of the same run as the best wall time.
best() {
    local best="" cpu="" rss=0 t u s m
    for _ in $(seq "$RUNS"); do
        /usr/bin/time -f "%e %U %S %M" -o "$DIR/time.txt" "$@" > /dev/null 2>"$DIR/stderr.txt" || {
            cat "$DIR/stderr.txt" >&2; return 1; }
        read -r t u s m < "$DIR/time.txt"
        [ "$m" -gt "$rss" ] && rss=$m
        if [ -z "$best" ] || python3 -c "import sys; sys.exit(0 if $t < $best else 1)"; then
            best=$t
            cpu=$(python3 -c "print(f'{$u + $s:.2f}')")
        fi
    done
    echo "$best $cpu $rss"
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
# One run of a command: "wall-seconds cpu-seconds peak-rss-KiB" (CPU: user + sys).
once() {
    local t u s m
    /usr/bin/time -f "%e %U %S %M" -o "$DIR/time.txt" "$@" > /dev/null 2>"$DIR/stderr.txt" || {
        cat "$DIR/stderr.txt" >&2; return 1; }
    read -r t u s m < "$DIR/time.txt"
    echo "$t $(python3 -c "print(f'{$u + $s:.2f}')") $m"
}

row() { # label file
    local label=$1 file=$2 bytes rounds="" out rows
    bytes=$("$INFLATE" "$file")
    # The three in turn, round after round: a slow stretch of the machine falls on all three.
    for _ in $(seq "$RUNS"); do
        rounds+="$(once "$INFLATE" "$file") $(once sh -c "gzip -dc '$file' > /dev/null")"
        rounds+=" $(once "${AUDIT[@]}" --out "$DIR/report.csv" "$file")"$'\n'
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
}

echo "robots-audit e2e bench: $(nproc) cores, $(date -u +%Y-%m-%dT%H:%M:%SZ), $RUNS rounds"
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
rm_=$(best "${AUDIT[@]}" --out "$DIR/mem.csv" "$VIOL")
rs=$(best "${AUDIT[@]}" --max-memory 16M --out "$DIR/spill.csv" "$VIOL")
same=$(cmp -s "$DIR/mem.csv" "$DIR/spill.csv" && echo "identical" || echo "DIFFERENT")
echo "in memory:  $(wall "$rm_") s, cpu $(cpu "$rm_") s, rss $(mib "$rm_") MiB"
echo "spilled:    $(wall "$rs") s, cpu $(cpu "$rs") s, rss $(mib "$rs") MiB; report bytes: $same"
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
    echo "$mix: one worker $(wall "$r1") s = $(mbps "$bp" "$(wall "$r1")") MB/s (rss $(mib "$r1") MiB);" \
        "$(nproc) workers $(mbps "$bp" "$(wall "$rn")") MB/s; cat $(mbps "$bp" "$(wall "$tc")") MB/s"
    lines=$(wc -l < "$plain")
    echo "$mix: CPU per line, audit of plain input (one worker) $(nsl "$(cpu "$r1")" "$lines") ns" \
        "vs inflate $(nsl "$infl_cpu" "$lines") ns = $(ratio "$(cpu "$r1")" "$infl_cpu")x"
    rm -f "$plain"
done
rm -f "$DIR/report.csv"
