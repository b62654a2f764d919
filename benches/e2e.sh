#!/usr/bin/env bash
# End-to-end bench: generated logs → robots-audit, against the inflate baseline.
#
#   bash benches/e2e.sh            # ~1 GB of log (and 0.25, 0.5 GB for scaling)
#   E2E_GB=0.25 bash benches/e2e.sh   # smaller, for a quick look
#
# Generates data under target/e2e (nothing large is committed), then times in one run:
#   - `inflate`: the same flate2 backend the tool uses, bytes thrown away (the floor);
#   - `gzip -dc > /dev/null`;
#   - `robots-audit --robots-dir` on the same file;
# and prints the ratios and the peak RSS (/usr/bin/time -v). Then two files (rotated logs)
# against one, and plain (uncompressed) input throughput. Each timing is the best of
# $E2E_RUNS runs (default 3): the machines are shared and noisy.
set -euo pipefail
cd "$(dirname "$0")/.."

GB=${E2E_GB:-1}
RUNS=${E2E_RUNS:-3}
DIR=target/e2e
mkdir -p "$DIR"
# ~230 bytes a line.
LINES=$(python3 -c "print(int($GB * 1e9 / 230))")

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

# "best-wall-seconds peak-rss-KiB" over $RUNS runs of a command.
best() {
    local best="" rss=0 t m
    for _ in $(seq "$RUNS"); do
        /usr/bin/time -f "%e %M" -o "$DIR/time.txt" "$@" > /dev/null 2>"$DIR/stderr.txt" || {
            cat "$DIR/stderr.txt" >&2; return 1; }
        read -r t m < "$DIR/time.txt"
        [ "$m" -gt "$rss" ] && rss=$m
        if [ -z "$best" ] || python3 -c "import sys; sys.exit(0 if $t < $best else 1)"; then best=$t; fi
    done
    echo "$best $rss"
}
secs() { echo "${1%% *}"; }
mib() { echo $(( ${1##* } / 1024 )); }
ratio() { python3 -c "print(f'{$1 / $2:.2f}')"; }
mbps() { python3 -c "print(f'{$1 / 1e6 / $2:.0f}')"; }

AUDIT=("$BIN" --robots-dir "$DIR/robots" --quiet --out /dev/null)

echo "robots-audit e2e bench: $(nproc) cores, $(date -u +%Y-%m-%dT%H:%M:%SZ)"
printf '%-8s %10s %10s %10s %12s %14s %14s %10s\n' size bytes inflate_s gzip_s audit_s audit/inflate audit/gzip rss_MiB
for frac in 0.25 0.5 1; do
    n=$(python3 -c "print(int($LINES * $frac))")
    name="log-$frac.gz"
    gen "$n" "$name" --gzip --level 6
    bytes=$("$INFLATE" "$DIR/$name")
    ti=$(secs "$(best "$INFLATE" "$DIR/$name")")
    tg=$(secs "$(best sh -c "gzip -dc '$DIR/$name' > /dev/null")")
    ra=$(best "${AUDIT[@]}" "$DIR/$name")
    ta=$(secs "$ra")
    rss=$(mib "$ra")
    printf '%-8s %10s %10s %10s %12s %14s %14s %10s\n' "${frac}x" "$bytes" "$ti" "$tg" "$ta" \
        "$(ratio "$ta" "$ti")" "$(ratio "$ta" "$tg")" "$rss"
done

echo
echo "two files (rotated logs: the 1x data set in two halves) vs the one 1x file:"
gen "$LINES" "rot.gz" --gzip --files 2
one=$(secs "$(best "${AUDIT[@]}" "$DIR/log-1.gz")")
r2=$(best "${AUDIT[@]}" "$DIR/rot.gz.1" "$DIR/rot.gz.2")
two=$(secs "$r2")
bytes1=$("$INFLATE" "$DIR/log-1.gz")
bytes2=$("$INFLATE" "$DIR/rot.gz.1" "$DIR/rot.gz.2")
echo "one file:  $one s ($(mbps "$bytes1" "$one") MB/s)"
echo "two files: $two s ($(mbps "$bytes2" "$two") MB/s, rss $(mib "$r2") MiB); throughput ratio $(python3 -c "print(f'{($bytes2/$two)/($bytes1/$one):.2f}')")"

echo
echo "plain input (no inflate): parse + identify + check"
gen "$((LINES / 2))" "plain.log"
tc=$(secs "$(best cat "$DIR/plain.log")")
rp=$(best "${AUDIT[@]}" "$DIR/plain.log")
tp=$(secs "$rp")
bp=$(stat -c %s "$DIR/plain.log")
echo "audit: $tp s, $(mbps "$bp" "$tp") MB/s on $(nproc) cores; cat: $tc s; rss $(mib "$rp") MiB"
