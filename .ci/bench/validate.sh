#!/usr/bin/env bash
# Benchmark: `hunt validate` on a generated hunt of 10,000 tasks (goal: under 0.5 s, release build).
# Anchor in the same run: `python3 -c 'import yaml; yaml.load(..., CSafeLoader)'` — only parsing the
# same file with libyaml through PyYAML's C loader, no checks — so the figure can be compared
# across machines.
#
# Usage: .ci/bench/validate.sh [TASKS]     (default 10000; needs hyperfine, python3 with PyYAML)
#        HUNT_BINARY=path/to/release/hunt .ci/bench/validate.sh   (skip the build)
set -euo pipefail
cd "$(dirname "$0")/../.."
tasks=${1:-10000}
scratch=${HUNT_SCRATCH:-.build-def}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 .ci/bench/validate-generate.py "$work/hunt.yaml" "$tasks"
echo "generated $work/hunt.yaml: $tasks tasks, $(wc -c < "$work/hunt.yaml") bytes" >&2
if [ -n "${HUNT_BINARY:-}" ]; then
    hunt=$HUNT_BINARY          # an already built release binary
else
    swift build -c release --scratch-path "$scratch" --product hunt >&2
    hunt="$scratch/release/hunt"
fi
"$hunt" validate "$work/hunt.yaml" >&2 || { echo "the generated hunt does not validate clean" >&2; exit 1; }
anchor=(python3 -c "import yaml,sys; yaml.load(open(sys.argv[1], 'rb'), Loader=yaml.CSafeLoader)" "$work/hunt.yaml")
hyperfine --warmup 2 --runs 15 --export-json "$work/result.json" \
    -n "hunt validate ($tasks tasks)" "$hunt validate --quiet $work/hunt.yaml" \
    -n "PyYAML CSafeLoader parse only (anchor)" "${anchor[*]@Q}" >&2
python3 - "$work/result.json" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
hunt, anchor = results[0], results[1]
print(f"hunt validate: median {hunt['median']*1000:.1f} ms (mean {hunt['mean']*1000:.1f} ± {hunt['stddev']*1000:.1f} ms, {len(hunt['times'])} runs)")
print(f"anchor (PyYAML CSafeLoader, parse only): median {anchor['median']*1000:.1f} ms")
print(f"ratio hunt/anchor: {hunt['median']/anchor['median']:.2f}")
print("goal < 500 ms:", "met" if hunt["median"] < 0.5 else "NOT met")
PY
