#!/usr/bin/env bash
# Differential fuzzing (libFuzzer + AddressSanitizer) of the hand-written results.json reading
# (Reports/ReportInput.swift, Reports/SubmissionJSONReader.swift) against Foundation's
# JSONDecoder; see main.swift for the properties checked.
#
# usage (from anywhere):  .ci/fuzz/results-reader/run.sh [SECONDS]     (default 60)
# Needs a release `hunt` to make the seeds (HUNT=path, else it builds one). Works in
# .build-fuzz/results-reader; a failure leaves crash-* files there; replay one with
# `.build-fuzz/results-reader/fuzz .build-fuzz/results-reader/crash-...`.
set -euo pipefail
cd "$(dirname "$0")/../../.."
seconds=${1:-60}
out=.build-fuzz/results-reader
mkdir -p "$out/corpus" "$out/shim"
if [ -z "${HUNT:-}" ]; then
    swift build -c release --product hunt >&2
    HUNT="$(swift build -c release --product hunt --show-bin-path)/hunt"
fi
# Seeds: what the judge writes for every example, and one small file per hostile shape.
for example in Examples/*/; do
    name=$(basename "$example")
    "$HUNT" judge "$example/hunt.yaml" "$example/submissions" --format json > "$out/corpus/$name.json" 2>/dev/null || true
done
small="$out/corpus/photo-scavenger-hunt.json"
python3 - "$small" "$out/corpus" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["submissions"] = d["submissions"][:2]
out = sys.argv[2]
json.dump(d, open(f"{out}/two.json", "w"), indent=2, sort_keys=True)
json.dump(d, open(f"{out}/two-compact.json", "w"), separators=(",", ":"))
s = dict(d); s["submissions"] = []
json.dump(s, open(f"{out}/none.json", "w"), indent=2)
e = json.loads(json.dumps(d)); e["submissions"][0]["path"] = "t\u00e9am/\"q\"\\\n\u2028\U0001F600.jpg"
json.dump(e, open(f"{out}/escapes.json", "w"), indent=2, ensure_ascii=True)
PY
# The reader's types come from Sources; the few enums they name that live in files pulling in
# the whole library (Geo, Definition, Reviews, Submission) are copied out of those files, so
# they stay true.
{
    echo "import Foundation"
    awk '/^public enum Band:/,/^}/' Sources/HuntKit/Geo/Placement.swift
    awk '/^public enum PolicyAction:/,/^}/' Sources/HuntKit/Definition/Hunt.swift
    awk '/^public struct Policy:/,/^}/' Sources/HuntKit/Definition/Hunt.swift
    awk '/^public struct SkippedFile:/,/^}/' Sources/HuntKit/Judging/Submission.swift
    echo "public struct Reviews {"
    grep -m1 'public enum Decision:' Sources/HuntKit/Judging/Reviews.swift
    echo "}"
} > "$out/shim/Shim.swift"
swiftc -O -g -sanitize=fuzzer,address -parse-as-library -module-name HuntKit -swift-version 6 \
    .ci/fuzz/results-reader/main.swift "$out/shim/Shim.swift" \
    Sources/HuntKit/Reports/SubmissionJSONReader.swift Sources/HuntKit/Reports/ReportInput.swift \
    Sources/HuntKit/Judging/JudgeResults.swift Sources/HuntKit/Judging/ReasonCode.swift Sources/HuntKit/Judging/ResultsJSON.swift \
    Sources/HuntKit/Support/ParallelMap.swift \
    Sources/HuntKit/Definition/Units.swift Sources/HuntKit/Definition/TextTrimming.swift \
    -o "$out/fuzz"
# The Swift runtime's own crash handler fights ASan's; let the sanitizer report traps.
SWIFT_BACKTRACE=enable=no "$out/fuzz" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -artifact_prefix="$out/" -print_final_stats=1 "$out/corpus"
