#!/usr/bin/env bash
# End-to-end bench: generated logs → robots-audit, against the inflate baseline.
#
#   bash benches/e2e.sh                 # ~1 GB of log (and 0.25, 0.5 and 4 GB), ~10 minutes
#   E2E_GB=0.25 E2E_BIG=0 bash benches/e2e.sh   # smaller and without the 4x row, for a quick look
#
# Generates data under target/e2e (nothing large is committed), then times in one run:
#   - `inflate`: the same flate2 backend the tool uses, bytes thrown away (the floor);
#   - `gzip -dc > /dev/null`;
#   - `robots-audit --robots-dir` on the same file;
# and prints the ratios and the peak RSS (/usr/bin/time). The main table is realistic traffic
# (`genlog --variety`: a long tail of targets, thousands of User-Agents, a scanner rotating
# random ones); one row repeats it on the plain generator's uniform log (a few dozen distinct
# targets, compresses ~13:1), which flatters both inflate and the audit's caches. Then two
# files (rotated logs) against one, and plain (uncompressed) input on one worker and on all.
# Each timing is the best of $E2E_RUNS runs (default 3): the machines are shared and noisy.
set -euo pipefail
cd "$(dirname "$0")/.."

GB=${E2E_GB:-1}
RUNS=${E2E_RUNS:-3}
BIG=${E2E_BIG:-1}
DIR=target/e2e
mkdir -p "$DIR"
# ~235 bytes a line.
LINES=$(python3 -c "print(int($GB * 1e9 / 235))")

cargo build --release --locked --quiet --example genlog --example inflate --bin robots-audit
BIN=target/release/robots-audit
GEN=target/release/examples/genlog
INFLATE=target/release/examples/inflate

gen() { # lines name [extra genlog args]
    local lines=$1 name=$2; shift 2
    if [ ! -s "$DIR/$name" ] && [ ! -s "$DIR/$name.1" ]; then
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
ratio() { python3 -c "print(f'{$1 / $2:.2f}' if $2 else '-')"; }
mbps() { python3 -c "print(f'{$1 / 1e6 / $2:.0f}')"; }

AUDIT=("$BIN" --robots-dir "$DIR/robots" --quiet --out /dev/null)

row() { # label file
    local label=$1 file=$2 bytes ti tg ra ta
    bytes=$("$INFLATE" "$file")
    ti=$(secs "$(best "$INFLATE" "$file")")
    tg=$(secs "$(best sh -c "gzip -dc '$file' > /dev/null")")
    ra=$(best "${AUDIT[@]}" "$file")
    ta=$(secs "$ra")
    printf '%-16s %11s %6s %9s %8s %8s %14s %11s %8s\n' "$label" "$bytes" \
        "$(ratio "$bytes" "$(stat -c %s "$file")")" "$ti" "$tg" "$ta" \
        "$(ratio "$ta" "$ti")" "$(ratio "$ta" "$tg")" "$(mib "$ra")"
}

echo "robots-audit e2e bench: $(nproc) cores, $(date -u +%Y-%m-%dT%H:%M:%SZ), best of $RUNS"
printf '%-16s %11s %6s %9s %8s %8s %14s %11s %8s\n' data bytes gz:1 inflate_s gzip_s audit_s \
    audit/inflate audit/gzip rss_MiB
fracs="0.25 0.5 1"
[ "$BIG" != 0 ] && fracs="$fracs 4"
for frac in $fracs; do
    n=$(python3 -c "print(int($LINES * $frac))")
    gen "$n" "var-$n.gz" --gzip --level 6 --variety
    row "varied ${frac}x" "$DIR/var-$n.gz"
done
gen "$LINES" "uniform-$LINES.gz" --gzip --level 6
row "uniform 1x" "$DIR/uniform-$LINES.gz"

echo
echo "two files (rotated logs: the varied 1x data set in two halves) vs the one 1x file:"
gen "$LINES" "var-rot-$LINES.gz" --gzip --level 6 --files 2 --variety
ROT=("$DIR/var-rot-$LINES.gz.1" "$DIR/var-rot-$LINES.gz.2")
one=$(secs "$(best "${AUDIT[@]}" "$DIR/var-$LINES.gz")")
r2=$(best "${AUDIT[@]}" "${ROT[@]}")
two=$(secs "$r2")
bytes1=$("$INFLATE" "$DIR/var-$LINES.gz")
bytes2=$("$INFLATE" "${ROT[@]}")
i2=$(secs "$(best "$INFLATE" "${ROT[@]}")")
echo "one file:  $one s ($(mbps "$bytes1" "$one") MB/s)"
echo "two files: $two s ($(mbps "$bytes2" "$two") MB/s, rss $(mib "$r2") MiB); throughput ratio $(python3 -c "print(f'{($bytes2/$two)/($bytes1/$one):.2f}')"); inflating both files alone, one after the other: $i2 s"

echo
echo "plain input (no inflate): read + parse + identify + check, varied 0.5x"
PLAIN="$DIR/var-plain-$((LINES / 2)).log"
gen "$((LINES / 2))" "$(basename "$PLAIN")" --variety
tc=$(secs "$(best cat "$PLAIN")")
bp=$(stat -c %s "$PLAIN")
r1=$(best "${AUDIT[@]}" --threads 1 "$PLAIN")
rn=$(best "${AUDIT[@]}" "$PLAIN")
echo "one worker:    $(secs "$r1") s, $(mbps "$bp" "$(secs "$r1")") MB/s (rss $(mib "$r1") MiB)"
echo "$(nproc) workers:     $(secs "$rn") s, $(mbps "$bp" "$(secs "$rn")") MB/s (rss $(mib "$rn") MiB); cat: $tc s"
