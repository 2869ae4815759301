#!/usr/bin/env bash
# SIGINT and SIGTERM at many points of `hunt judge --format text,html,csv,md` over old outputs:
# every output is the old file or the new one, all from the same run, no temporary file or lock
# is left, and the message says which. (The test suite does 24 points; this does SWEEP, default 120.)
set -euo pipefail
HUNTFILE="$(cd "$(dirname "$0")/../../.." && pwd)/Tests/HuntKitTests/Fixtures/judging/campus-hunt.yaml"
SWEEP="${SWEEP:-120}"
cd "$WORK"
timeout 120 "$HUNT" simulate "$HUNTFILE" --teams 3 --photos-per-team 60 --out sim > /dev/null
run() { "$HUNT" judge "$HUNTFILE" sim/submissions --out "$1" --format text,html,csv,md > /dev/null; }
run out 2> /dev/null
cp -r out old
first=$(find sim/submissions/foxes -name '*.jpg' | sort | head -1)
cp "$first" "$(dirname "$first")/zz-extra.jpg"
start=$(date +%s%N); run new 2> /dev/null; end=$(date +%s%N)
ns=$(( (end - start) * 11 / 10 ))
for f in old/*; do cmp -s "$f" "new/$(basename "$f")" && { echo "$(basename "$f") does not differ between runs"; exit 1; }; done
counts=""
for i in $(seq 0 $((SWEEP - 1))); do
    sig=INT; [ $((i % 2)) = 1 ] && sig=TERM
    delay=$(awk -v n="$ns" -v i="$i" -v k="$SWEEP" 'BEGIN { printf "%.4f", n * i / (k - 1) / 1e9 }')
    set +e
    "$HUNT" judge "$HUNTFILE" sim/submissions --out out --format text,html,csv,md > /dev/null 2> err & pid=$!
    sleep "$delay"; kill -s $sig $pid 2> /dev/null; wait $pid; rc=$?
    set -e
    old=0; new=0
    for f in old/*; do
        name=$(basename "$f")
        if cmp -s "$f" "out/$name"; then old=$((old + 1)); elif cmp -s "new/$name" "out/$name"; then new=$((new + 1)); else echo "delay $delay: out/$name is neither old nor new"; exit 1; fi
    done
    [ $old = 0 ] || [ $new = 0 ] || { echo "delay $delay: $old old and $new new files"; exit 1; }
    extra=$(ls -A out | grep '^\.' || true)
    [ -z "$extra" ] || { echo "delay $delay signal $sig exit $rc: left behind: $extra; stderr: $(cat err)"; exit 1; }
    case $rc in
        0) outcome=finished ;;
        130|143) if [ ! -s err ] && [ $new = 0 ]; then outcome=killed-at-start  # before its handlers: bash shows a signal death as 128+n too
                 elif [ $new = 0 ]; then grep -q "interrupted: nothing was written" err || { echo "delay $delay: message '$(cat err)' but nothing was replaced"; exit 1; }; outcome=old
                 else grep -q "all outputs were already written" err || { echo "delay $delay: message '$(cat err)' but all were replaced"; exit 1; }; outcome=new; fi ;;
        *) [ $new = 0 ] || { echo "delay $delay: exit $rc with new files"; exit 1; }; outcome=killed-at-start ;;
    esac
    counts="$counts $outcome"
    [ $new = 0 ] || cp old/* out/
done
echo "$counts" | tr ' ' '\n' | sort | uniq -c | tr '\n' ' ' >&2; echo >&2
