#!/usr/bin/env bash
# An answers log written by anyone: a 1 MB answer, a terminal escape and a direction override in
# an answer and a team name, a line cut short, a time that is no time, a check-in at latitude
# 1e308, 10,000 tries from one team, the same at a code task (a megabyte of code, an escape,
# 10,000 guesses), and a form's CSV whose answer is a spreadsheet formula. `hunt judge` reads them all in bounded
# time, names each bad line, judges the rest (tries past `attempts:` refused), and no output runs
# the escape or the formula.
# fast
set -uo pipefail
root=$OLDPWD
cd "$WORK"
cp -r "$root/Examples/orientation-day" od
# The bad lines' numbers follow the example's own lines: four good ones, then the cut line.
base=$(wc -l < od/submissions/answers.jsonl)
python3 - od/submissions/answers.jsonl <<'PY'
import json, sys
with open(sys.argv[1], "a") as f:
    line = lambda **a: f.write(json.dumps({"time": "2026-05-02T11:00:00+02:00", **a}) + "\n")
    line(id="big", team="foxes", task="tower", answer="9" * 1_000_000)
    line(id="esc", team="herons", task="lions", answer="\x1b]0;owned\x07\x1b[2J7")
    line(id="rtl", team="foxes", task="lions", answer="\u202e7\u200f")
    line(id="who", team="\x1b[31mherons", task="lions", answer="7")
    f.write('{"id":"cut","team":"owls","task":"li\n')
    f.write('{"id":"nan","team":"owls","task":"lions","answer":"7","time":"NaN"}\n')
    f.write('{"id":"far","team":"owls","task":"gate","time":"2026-05-02T11:00:00+02:00","position":{"latitude":1e308,"longitude":5.1,"accuracy":5}}\n')
    for i in range(10_000):
        line(id=f"x{i}", team="herons", task="tower", answer=str(i))
    line(id="cbig", team="owls", task="bike-shed", answer="REED-42" * 150_000)
    line(id="cesc", team="owls", task="bike-shed", answer="\x1b]0;owned\x07REED-42")
    for i in range(10_000):
        line(id=f"c{i}", team="herons", task="bike-shed", answer=f"GUESS-{i}")
PY
printf 'Time;Team;Task;Answer\r\n2026-05-02 11:00;herons;astronomer;=HYPERLINK("http://x")\r\n' > form.csv
out=$(timeout 60 "$HUNT" judge od/hunt.yaml od/submissions --answers form.csv --out out --format text,csv 2>&1)
status=$?
[ $status = 0 ] || { echo "judge exited $status: ${out:0:300}"; exit 1; }
[[ $out != *$'\e'* ]] || { echo "an escape reached the terminal"; exit 1; }
grep -q "answers.jsonl:$((base + 5)):1" <<<"$out" || { echo "the cut line is not named: ${out:0:500}"; exit 1; }
grep -q "answers.jsonl:$((base + 6)):1" <<<"$out" || { echo "the bad time is not named"; exit 1; }
grep -q "answers.jsonl:$((base + 7)):1.*not degrees" <<<"$out" || { echo "the check-in at latitude 1e308 is not named"; exit 1; }
python3 - out/results.json <<'PY' || exit 1
import json, sys
r = json.load(open(sys.argv[1]))
by = {s["path"]: s for s in r["submissions"]}
tries = [s for p, s in by.items() if p.startswith("answers.jsonl#x")]
assert len(tries) == 10_000, f"{len(tries)} of 10,000 tries judged"
assert sum("no-attempts-left" in s["reasons"] for s in tries) == 10_000 - 5, "tries past the default 5 not refused"
assert by["answers.jsonl#big"]["reasons"] == ["wrong-answer"], by["answers.jsonl#big"]["reasons"]
assert by["answers.jsonl#esc"]["reasons"] == ["wrong-answer"], by["answers.jsonl#esc"]["reasons"]
assert by["answers.jsonl#rtl"]["verdict"] == "accepted", "the direction marks around 7 are not ignored"
assert by["answers.jsonl#who"]["reasons"] == ["unknown-team"], by["answers.jsonl#who"]["reasons"]
guesses = [s for p, s in by.items() if p.startswith("answers.jsonl#c") and p[len("answers.jsonl#c"):].isdigit()]
assert len(guesses) == 10_000, f"{len(guesses)} of 10,000 code guesses judged"
assert sum("no-attempts-left" in s["reasons"] for s in guesses) == 10_000 - 10, "code guesses past the default 10 not refused"
assert by["answers.jsonl#cbig"]["reasons"] == ["wrong-answer"], by["answers.jsonl#cbig"]["reasons"]
assert by["answers.jsonl#cesc"]["reasons"] == ["wrong-answer"], by["answers.jsonl#cesc"]["reasons"]
assert "REED-42" not in json.dumps([s.get("evidence", {}).get("answer_matched") for s in r["submissions"]]), "a code repeated in the results"
PY
grep -q "'=HYPERLINK" out/submissions.csv || { echo "the formula answer is not neutralised in submissions.csv"; exit 1; }
exit 0
