#!/usr/bin/env bash
# Coverage-guided fuzzing (libFuzzer + AddressSanitizer) of results.json: the judge's hand-written
# writer (Judging/ResultsJSON.swift) against the reader (Foundation through the types' CodingKeys),
# and the limits `hunt report` checks first (Reports/ResultsFileLimits.swift); main.swift says
# what is checked for every input.
#
# Usage (from anywhere):  .ci/fuzz/results-reader/run.sh [SECONDS]     (default 60)
#   HUNT=path/to/hunt    a built `hunt` to make the seeds with (else a release one is built in .build-fuzz)
# Works in .build-fuzz/results-reader (found/, the inputs it adds to the seeds, is kept between runs). A finding stops the run and
# leaves crash-*/timeout-* there; replay one with `.build-fuzz/results-reader/fuzz FILE`, shrink
# it with `.build-fuzz/results-reader/fuzz -minimize_crash=1 -runs=20000 FILE`.
# Runs under `nice -n 10` (the machine is shared with benchmarks).
set -euo pipefail
cd "$(dirname "$0")/../../.."
seconds=${1:-60}
here=.ci/fuzz/results-reader
out=.build-fuzz/results-reader
mkdir -p "$out/found" "$out/seeds" "$out/shim"
if [ -z "${HUNT:-}" ]; then
    swift build -c release --scratch-path .build-fuzz --product hunt >&2
    HUNT="$(swift build -c release --scratch-path .build-fuzz --product hunt --show-bin-path)/hunt"
fi
# Seeds: what the judge writes for every example, whole and as bare submissions arrays (which
# main.swift puts into a small results.json), and small hand-made hostile shapes.
for example in Examples/*/; do
    name=$(basename "$example")
    "$HUNT" judge "$example/hunt.yaml" "$example/submissions" --format json > "$out/seeds/$name.json" 2>/dev/null || true
done
python3 - "$out/seeds" <<'PY'
import json, os, sys
out = sys.argv[1]
def write(name, text):
    open(os.path.join(out, name), "w", encoding="utf-8", newline="").write(text)
examples = sorted(f for f in os.listdir(out) if f.endswith(".json") and not f.startswith("x-"))
for f in examples:
    d = json.load(open(os.path.join(out, f)))
    subs = d["submissions"]
    write("x-array-" + f, json.dumps(subs, indent=2, sort_keys=True))
    for i, s in enumerate(subs[:3]):
        write(f"x-one-{i}-{f}", json.dumps([s], separators=(",", ":"), sort_keys=True))
d = json.load(open(os.path.join(out, examples[0])))
two = dict(d, submissions=d["submissions"][:2])
write("x-two.json", json.dumps(two, indent=2, sort_keys=True))
write("x-two-compact.json", json.dumps(two, separators=(",", ":")))
write("x-none.json", json.dumps(dict(d, submissions=[]), indent=2))
near = json.loads(json.dumps(two))
for t in near["tasks"]:
    t["nearest"] = [{"at": "2026-05-02T11:00:00+02:00", "distance_m": 12.5, "points": 0, "rank": 1, "submission": "a/b.jpg", "team": "a"}]
write("x-nearest.json", json.dumps(near, indent=2, sort_keys=True))
choice = json.loads(json.dumps(two))
for t in choice["tasks"]:
    t["choose"] = 2
    t["tasks"] = ["a", "b", "c"]
    t["progress"] = [{"done": ["a", "Caf\u00e9 Noir"], "team": "a"}, {"done": [], "team": "b"}]
write("x-choose.json", json.dumps(choice, indent=2, sort_keys=True))
s = json.loads(json.dumps(d["submissions"][0]))
s["path"] = "t\u00e9am/\"q\"\\\n\u2028\U0001F600.jpg"
write("x-escapes.json", json.dumps([s], ensure_ascii=True))
write("x-raw-utf8.json", json.dumps([s], ensure_ascii=False))
base = json.dumps(d["submissions"][0], separators=(",", ":"), sort_keys=True)
hostile = {
    "unknown-key": base.replace('{"evidence"', '{"note":{"a":[1,-2.5e3,null,true,false,"x\\u00e9"]},"evidence"', 1),
    "camel-key": base.replace('"task_source"', '"taskSource"'),
    "escaped-key": base.replace('"task_source"', '"task\\u005fsource"'),
    "upper-key": base.replace('"task_source"', '"Task_source":"x","task_source"'),
    "long-s-key": base.replace('"task_source"', '"task_\u017fource":"x","task_source"'),
    "kelvin-key": base.replace('"evidence":{', '"evidence":{"speed\u212amh":3,'),
    "repeated-key": base.replace('"points":', '"points":1,"points":'),
    "int-forms": base.replace('"points":', '"points":-0,"x":'),
    "numbers": base.replace('"evidence":{', '"evidence":{"speed_kmh":1E+1,"clock_skew_s":-0.25e-2,"distance_m":5e-324,'),
    "huge": base.replace('"evidence":{', '"evidence":{"speed_kmh":1e400,'),
    "tiny": base.replace('"evidence":{', '"evidence":{"speed_kmh":1e-400,'),
    "nulls": base.replace('"task":', '"review":null,"task":'),
    "surrogates": base.replace('"team":"', '"team":"\\ud83d\\ude00\\ud800'),
    "control": base.replace('"team":"', '"team":"\x01'),
    "deep": base.replace('{"evidence"', '{"x":' + "[" * 70 + "]" * 70 + ',"evidence"', 1),
}
for name, text in hostile.items():
    write(f"x-hostile-{name}.json", "[" + text + "]")
PY
# The results types come from Sources; the few they name from files that pull in the whole
# library (Geo, Definition, Reviews, Submission) are copied out of those files, so they stay true.
{
    echo "import Foundation"
    awk '/^public enum Band:/,/^}/' Sources/HuntKit/Geo/Placement.swift
    awk '/^public enum PolicyAction:/,/^}/' Sources/HuntKit/Definition/Hunt.swift
    awk '/^public struct Policy:/,/^}/' Sources/HuntKit/Definition/Hunt.swift
    awk '/^public struct SkippedFile:/,/^}/' Sources/HuntKit/Judging/Submission.swift
    echo "public struct Diagnostic {"
    awk '/^    public enum Severity:/,/^    }/' Sources/HuntKit/Support/Diagnostic.swift
    echo "}"
    echo "public struct Reviews {"
    grep -m1 'public enum Decision:' Sources/HuntKit/Judging/Reviews.swift
    echo "}"
} > "$out/shim/Shim.swift"
swiftc -O -g -sanitize=fuzzer,address -parse-as-library -module-name HuntKit -swift-version 6 \
    "$here/main.swift" "$out/shim/Shim.swift" \
    Sources/HuntKit/Reports/ResultsFileLimits.swift \
    Sources/HuntKit/Judging/JudgeResults.swift Sources/HuntKit/Definition/ReasonCode.swift Sources/HuntKit/Judging/ResultsJSON.swift \
    Sources/HuntKit/Support/ParallelMap.swift \
    Sources/HuntKit/Support/Units.swift Sources/HuntKit/Support/TextTrimming.swift \
    -o "$out/fuzz"
# The Swift runtime's own crash handler fights ASan's; let the sanitizer report traps.
SWIFT_BACKTRACE=enable=no nice -n 10 "$out/fuzz" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -dict="$here/results.dict" -artifact_prefix="$out/" -print_final_stats=1 "$out/found" "$out/seeds"
