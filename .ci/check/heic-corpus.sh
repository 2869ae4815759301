#!/usr/bin/env bash
# Every HEIC/HEIF (and AVIF) photo of a real corpus previews in the judges' console: each file is
# copied into a scratch submissions folder, `hunt serve` is started on it, and the console's own
# photo route (`/api/photo`, the one the queue, the compare view and the leaderboard use) is asked
# for the large (1600 px) and small (320 px) preview. Prints per file each preview's JPEG bytes,
# its dimensions and the median time of RUNS requests, and the same for a few large JPEGs of the
# corpus, for comparison. The previews are kept in OUT_DIR to
# be looked at (orientation). Run by hand; not part of `make test`.
#
# usage (from the project root):
#   .ci/check/heic-corpus.sh [CORPUS_DIR] [OUT_DIR]     (default ../shared/corpus/photos, /tmp/heic-corpus)
#   RUNS=5 (requests per preview for the median); HUNT=path/to/hunt (default: a release build of this checkout)
# Exits 1 when any HEIC/HEIF file gets no preview.
set -uo pipefail
cd "$(dirname "$0")/../.."
corpus=${1:-../shared/corpus/photos}
out=${2:-/tmp/heic-corpus}
runs=${RUNS:-5}
[ -d "$corpus" ] || { echo "heic-corpus: no folder $corpus (give the corpus's photos folder)"; exit 2; }
if [ -z "${HUNT:-}" ]; then
    swift build -c release --product hunt >&2 || exit 1
    HUNT="$(swift build -c release --product hunt --show-bin-path)/hunt"
fi
command -v curl >/dev/null || { echo "heic-corpus: needs curl (apt-get install curl)"; exit 2; }

work=$(mktemp -d)
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; rm -rf "$work"' EXIT
mkdir -p "$work/submissions/corpus" "$out"
cat > "$work/hunt.yaml" <<'YAML'
hunt: HEIC corpus
teams: [corpus]
tasks:
  - { id: anywhere, title: Anywhere, at: "0.001, 0.001", radius: 30 m }
YAML
# Copies, named by their place in the corpus (the console serves only files inside its folder).
mapfile -t heics < <(find "$corpus" -type f \( -iname '*.heic' -o -iname '*.heif' -o -iname '*.avif' \) | sort)
mapfile -t jpegs < <(find "$corpus" -type f -iname '*.jpg' -size +1M | sort | head -4)
declare -A kind
for f in "${heics[@]}" "${jpegs[@]}"; do
    name=$(printf '%s' "${f#"$corpus"/}" | tr '/ ' '__')
    cp "$f" "$work/submissions/corpus/$name"
    kind[$name]=$([[ $f == *.[jJ][pP][gG] ]] && echo jpeg || echo heif)
done
port=$((20000 + RANDOM % 20000))
"$HUNT" serve "$work/hunt.yaml" "$work/submissions" --listen "127.0.0.1:$port" > "$work/serve.out" 2> "$work/serve.err" &
server=$!
for _ in $(seq 1 300); do grep -q 'queue?token=' "$work/serve.out" 2>/dev/null && break; sleep 0.2; done
token=$(grep -o 'queue?token=[0-9a-f]*' "$work/serve.out" | head -1 | cut -d= -f2)
[ -n "$token" ] || { echo "heic-corpus: hunt serve did not start: $(tail -3 "$work/serve.err")"; exit 1; }
for _ in $(seq 1 300); do
    curl -sf -H "Authorization: Bearer $token" "http://127.0.0.1:$port/api/queue" >/dev/null && break; sleep 0.2
done

# dims FILE: "W×H" of a JPEG, from its frame header.
dims() {
    python3 - "$1" <<'PY'
import struct, sys
d = open(sys.argv[1], "rb").read(); i = 2
while i + 4 <= len(d) and d[i] == 0xFF:
    m = d[i + 1]; n = struct.unpack(">H", d[i + 2:i + 4])[0]
    if 0xC0 <= m <= 0xCF and m not in (0xC4, 0xC8, 0xCC):
        h, w = struct.unpack(">HH", d[i + 5:i + 9]); print(f"{w}×{h}"); break
    i += 2 + n
else:
    print("?")
PY
}

failed=0
printf '%-62s %-5s %7s %-11s %9s %7s %-9s %9s\n' file kind large dims median small dims median
for name in $(ls "$work/submissions/corpus"); do
    line=$(printf '%-62s %-5s' "$name" "${kind[$name]}")
    for size in large small; do
        target="$out/${name%.*}.$size.jpg"
        times=()
        status=""
        for _ in $(seq 1 "$runs"); do
            t=$(curl -s -o "$target" -w '%{http_code} %{time_total}' -H "Authorization: Bearer $token" \
                "http://127.0.0.1:$port/api/photo?path=corpus/$name&size=$size")
            status=${t% *}; times+=("${t#* }")
        done
        median=$(printf '%s\n' "${times[@]}" | sort -n | awk '{ a[NR] = $1 } END { printf "%.3f", a[int((NR + 1) / 2)] }')
        if [ "$status" = 200 ]; then
            line+=$(printf ' %6dB %-11s %8ss' "$(stat -c %s "$target")" "$(dims "$target")" "$median")
        else
            line+=$(printf ' %7s %-11s %8ss' "HTTP$status" "-" "$median")
            [ "${kind[$name]}" = heif ] && { failed=1; echo "$name ($size): $(cat "$target")" >> "$work/why"; }
            rm -f "$target"
        fi
    done
    echo "$line"
done
[ -f "$work/why" ] && cat "$work/why"
echo "heic-corpus: ${#heics[@]} HEIC/HEIF/AVIF files, $([ $failed = 0 ] && echo "all previewed" || echo "some not previewed"); previews in $out"
exit $failed
