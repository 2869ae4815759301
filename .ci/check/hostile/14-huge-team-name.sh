#!/usr/bin/env bash
# A 100 MB team name in results.json is refused with a message saying where and what to do,
# in bounded memory (it cost 4.2 GB and wrote a 2 GB report); a UTF-16 file, a schema written
# as text and a 10^30 number are worded for a person.
set -uo pipefail
root=$OLDPWD
cd "$WORK"
src="$root/Tests/HuntKitTests/Fixtures/reports/results-photo-scavenger-hunt.json"
python3 - "$src" <<'PY'
import json, sys
text = open(sys.argv[1]).read()
d = json.loads(text)
d["teams"][0]["name"] = "x" * (100 * 1024 * 1024)
json.dump(d, open("huge.json", "w"))
open("utf16.json", "wb").write(text.encode("utf-16"))
open("schema.json", "w").write(text.replace('"schema": 1', '"schema": "1"', 1))
open("big.json", "w").write(text.replace('"schema": 1', '"schema": 1000000000000000000000000000000', 1))
PY
out=$( (ulimit -v 1500000; timeout 60 "$HUNT" report huge.json --format md -o report.md) 2>&1); rc=$?
[ $rc = 1 ] || { echo "huge team name: exit $rc (want 1): ${out:0:200}"; exit 1; }
grep -q 'bytes long; no text in a results file may be longer than 64 KiB' <<<"$out" || { echo "huge team name: ${out:0:200}"; exit 1; }
[ ! -e report.md ] || { echo "a report was written"; exit 1; }
out=$(timeout 20 "$HUNT" report utf16.json --format md 2>&1)
grep -q 'UTF-16 text; results files are UTF-8' <<<"$out" || { echo "utf-16: $out"; exit 1; }
out=$(timeout 20 "$HUNT" report schema.json --format md 2>&1)
grep -q '`schema` is `"1"` (text)' <<<"$out" || { echo "schema as text: $out"; exit 1; }
out=$(timeout 20 "$HUNT" report big.json --format md 2>&1)
grep -q 'has 31 digits' <<<"$out" || { echo "10^30: $out"; exit 1; }
exit 0
