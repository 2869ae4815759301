#!/usr/bin/env bash
# Examples/buenos-aires, a hunt in Spanish with English offered (issue 39), as a player meets it:
# `hunt validate` is clean; pdftotext of the players' sheets reads the Spanish texts and a Spanish
# date, and of `--language en` the English ones; the marshals' answer key reads Spanish, and an
# Arabic one is mirrored; then buenos-aires.py opens a team's page in
# Chromium with Accept-Language es and en (Spanish and English words and task titles), reads the
# Spanish reason of a photo taken the day before (with its Spanish date), and lays the page out at
# 360 px in a pseudo-language 40 % longer and in Arabic (right to left) without overflow. `hunt
# report` writes Spanish by default and English with --language en.
# Screenshots and sheet PNGs go to $SCREENS (.build/language-screens). Part of `make test`.
# Usage: HUNT=path/to/hunt .ci/check/buenos-aires.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
hunt="${HUNT:-.build/debug/hunt}"
python=python3
"$python" -c 'import selenium' 2>/dev/null || python=/usr/bin/python3
export SCREENS="${SCREENS:-$PWD/.build/language-screens}"
mkdir -p "$SCREENS"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
example=Examples/buenos-aires
status=0
ok() { echo "ok   $1"; }
fail() { echo "FAIL $1"; status=1; }

"$hunt" validate "$example/hunt.yaml" > "$work/validate.txt" 2>&1 && grep -q "0 errors, 0 warnings" "$work/validate.txt" \
    && ok "the Buenos Aires hunt validates clean" || { fail "the Buenos Aires hunt validates clean"; cat "$work/validate.txt"; }

"$hunt" sheets "$example/hunt.yaml" -o "$work/es.pdf" 2>/dev/null
pdftotext -layout "$work/es.pdf" "$work/es.txt"
for words in "El Obelisco" "La Pirámide de Mayo" "Reglas" "Cómo se puntúa" "sábado, 5 de diciembre de 2026, 10:00 – 17:00" "Los Zorros" "15 pts" "Pista:" "Un alfajor para cada uno"; do
    grep -qF "$words" "$work/es.txt" && ok "the Spanish sheets read “$words”" || fail "the Spanish sheets read “$words”"
done
grep -qF "The Obelisk" "$work/es.txt" && fail "the Spanish sheets have no English title" || ok "the Spanish sheets have no English title"

"$hunt" sheets "$example/hunt.yaml" --language en -o "$work/en.pdf" 2>/dev/null
pdftotext -layout "$work/en.pdf" "$work/en.txt"
for words in "The Obelisk" "The May Pyramid" "How scoring works" "Saturday, 5 December 2026, 10:00 – 17:00" "An alfajor each"; do
    grep -qF "$words" "$work/en.txt" && ok "--language en reads “$words”" || fail "--language en reads “$words”"
done
pdftoppm -r 60 -png -f 1 -l 2 "$work/es.pdf" "$SCREENS/buenos-aires-sheets-es"

"$hunt" sheets "$example/hunt.yaml" -o "$work/es.html" 2>/dev/null
for words in '<html lang="es" dir="ltr">' "Cómo se puntúa" "PRUEBA 1" "sábado, 5 de diciembre de 2026"; do
    grep -qF "$words" "$work/es.html" && ok "the HTML sheets read “$words”" || fail "the HTML sheets read “$words”"
done

# Right to left: the Arabic words shaped by pango (the hunt's texts, without Arabic, stay Spanish).
"$hunt" sheets "$example/hunt.yaml" --language ar --team zorros -o "$work/ar.pdf" 2>/dev/null
pdftotext "$work/ar.pdf" "$work/ar.txt"
for words in "النقاط" "El Obelisco"; do
    grep -qF "$words" "$work/ar.txt" && ok "the Arabic sheets read “$words”" || fail "the Arabic sheets read “$words”"
done
# Mirrored: a card's title sits on the right half of the page (pdftotext -layout indents it past
# the middle), where the Spanish sheet has it at the left margin.
pdftotext -layout -f 2 -l 2 "$work/ar.pdf" "$work/ar-layout.txt"
indent=$(grep -m1 "El Obelisco" "$work/ar-layout.txt" | sed 's/El Obelisco.*//' | wc -c)
[ "$indent" -gt 40 ] && ok "the Arabic sheet is mirrored (its card titles on the right, indented $indent)" \
    || fail "the Arabic sheet is mirrored (its card titles on the right, indented $indent)"
pdftoppm -r 60 -png -f 1 -l 2 "$work/ar.pdf" "$SCREENS/buenos-aires-sheets-ar"

# The marshals' answer key in the hunt's language too, and an Arabic one mirrored.
"$hunt" sheets "$example/hunt.yaml" --answer-key -o "$work/key-es.pdf" 2>/dev/null
pdftotext -layout "$work/key-es.pdf" "$work/key-es.txt"
for words in "SOLO PARA LOS ORGANIZADORES — NO REPARTIR" "Solucionario" "Posición" "10 puntos, una vez"; do
    grep -qF "$words" "$work/key-es.txt" && ok "the Spanish answer key reads “$words”" || fail "the Spanish answer key reads “$words”"
done
grep -qE "FOR MARSHALS|Answer key|Scoring" "$work/key-es.txt" && fail "the Spanish answer key has no English" || ok "the Spanish answer key has no English"
"$hunt" sheets "$example/hunt.yaml" --answer-key --language ar -o "$work/key-ar.pdf" 2>/dev/null
pdftotext -layout -f 1 -l 1 "$work/key-ar.pdf" "$work/key-ar.txt"
indent=$(grep -m1 "El Obelisco" "$work/key-ar.txt" | sed 's/1\. El Obelisco.*//' | wc -c)
[ "$indent" -gt 40 ] && ok "the Arabic answer key is mirrored (its entry titles on the right, indented $indent)" \
    || fail "the Arabic answer key is mirrored (its entry titles on the right, indented $indent)"
pdftoppm -r 60 -png -f 1 -l 1 "$work/key-es.pdf" "$SCREENS/buenos-aires-key-es"
pdftoppm -r 60 -png -f 1 -l 1 "$work/key-ar.pdf" "$SCREENS/buenos-aires-key-ar"

# Reports in a language (hunt report --language): Spanish words and a Spanish date by default (the
# hunt's language), English with --language en; results.json keeps the judge's codes.
"$hunt" judge "$example/hunt.yaml" "$example/submissions" --out "$work/judged" > /dev/null 2>&1
"$hunt" report "$work/judged/results.json" --format md -o "$work/report-es.md" 2>/dev/null
for words in "## Clasificación" "| Puesto | Equipo | Puntos |" "sábado, 5 de diciembre de 2026, 10:00 – 17:00" "El Obelisco" "## Todos los veredictos"; do
    grep -qF "$words" "$work/report-es.md" && ok "the Spanish report reads “$words”" || fail "the Spanish report reads “$words”"
done
"$hunt" report "$work/judged/results.json" --language en -o "$work/report-en.html" 2>/dev/null
for words in '<html lang="en" dir="ltr">' "<h2>Leaderboard</h2>" "The Obelisk" "An alfajor each"; do
    grep -qF "$words" "$work/report-en.html" && ok "--language en reads “$words”" || fail "--language en reads “$words”"
done
grep -qF '"outside-target"' "$work/judged/results.json" && ok "results.json keeps its reason codes" || fail "results.json keeps its reason codes"

# units: imperial (a copy of the example): feet and miles on the answer key, in the report and in
# the team page's reasons; results.json keeps metres.
cp -r "$example" "$work/imperial"
sed -i 's/^language: es$/language: es\nunits: imperial/' "$work/imperial/hunt.yaml"
"$hunt" sheets "$work/imperial/hunt.yaml" --answer-key -o "$work/imperial-key.pdf" 2>/dev/null
pdftotext -layout "$work/imperial-key.pdf" "$work/imperial-key.txt"
grep -qE "Radio +131 ft" "$work/imperial-key.txt" && ok "the imperial answer key reads “131 ft”" || fail "the imperial answer key reads “131 ft”"
"$hunt" judge "$work/imperial/hunt.yaml" "$work/imperial/submissions" --out "$work/imperial-out" > /dev/null 2>&1
"$hunt" report "$work/imperial-out/results.json" --format md -o "$work/imperial.md" 2>/dev/null
for words in "círculo de 131 ft" "0,2 mi"; do
    grep -qF "$words" "$work/imperial.md" && ok "the imperial report reads “$words”" || fail "the imperial report reads “$words”"
done
grep -q '"distance_m": 404' "$work/imperial-out/results.json" && ok "results.json keeps metres (404 m)" || fail "results.json keeps metres (404 m)"
mkfifo "$work/serve.fifo"
"$hunt" serve "$work/imperial/hunt.yaml" "$work/imperial/submissions" --out "$work/imperial-serve" --listen 127.0.0.1:0 --players \
    > "$work/serve.fifo" 2>&1 &
serve=$!
exec 3< "$work/serve.fifo"
teros=""
# Reads the server's lines as they come (no polling) until it prints the teros' page, at most 30 s.
while IFS= read -r -t 30 line <&3; do
    echo "$line" >> "$work/serve.txt"
    case "$line" in "team teros: "*) teros=${line#team teros: }; break ;; esac
done
cat <&3 >> "$work/serve.txt" &
if [ -n "$teros" ] && curl -sf "$teros/api/state" -o "$work/state.json"; then
    grep -qF "0,3 mi al oeste de" "$work/state.json" && ok "the imperial team page's reason reads “0,3 mi al oeste de”" \
        || { fail "the imperial team page's reason reads “0,3 mi al oeste de”"; grep -o '"why":[^]]*' "$work/state.json" | head -3; }
else
    fail "the imperial hunt's team page answers"; cat "$work/serve.txt"
fi
kill "$serve" 2>/dev/null; wait "$serve" 2>/dev/null || true
exec 3<&-

"$python" .ci/check/buenos-aires.py "$hunt" "$example" || status=1
[ $status -eq 0 ] && echo "buenos aires: all checks passed; screenshots in $SCREENS" || echo "buenos aires: some checks failed" >&2
exit $status
