#!/usr/bin/env bash
# A hunt file in a pull request names files outside its folder (the process environment, the
# password file) or a copy of a secret that is not a places file: `hunt validate` must not read
# the outside ones and must never print the contents of a file it did not recognise.
# fast
set -euo pipefail
cd "$WORK"
export HUNT_CANARY_SECRET="canary-$$-value"
printf 'root:x:0:0:%s:/root:/bin/bash\n' "$HUNT_CANARY_SECRET" > secret.csv
cp secret.csv secret.geojson; cp secret.csv secret.gpx
cat > hunt.yaml <<'YAML'
hunt: Leaky
tasks:
  - { id: a, title: A, places: ../../../../../../../../proc/self/environ }
  - { id: b, title: B, places: /etc/passwd }
  - { id: c, title: C, area: /proc/self/environ }
  - { id: d, title: D, places: secret.csv }
  - { id: e, title: E, places: secret.geojson }
  - { id: f, title: F, area: secret.gpx }
YAML
out=$(timeout 30 "$HUNT" validate hunt.yaml 2>&1 || true)
out+=$(timeout 30 "$HUNT" validate --format json hunt.yaml 2>&1 || true)
for leak in "$HUNT_CANARY_SECRET" "root:x:0" "PATH=" "HOME="; do
    if printf '%s' "$out" | grep -qF "$leak"; then echo "validate printed file contents ($leak)"; exit 1; fi
done
printf '%s' "$out" | grep -q 'file-outside-folder' || { echo "outside paths were not refused as file-outside-folder"; exit 1; }
