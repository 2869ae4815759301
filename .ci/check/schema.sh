#!/usr/bin/env bash
# Validates every example and starter hunt (and the schema test fixtures) against
# Templates/hunt.schema.json with Python's jsonschema; the fixtures named *.bad.yaml must fail.
# Part of `make test`. Needs python3-jsonschema and python3-yaml (.ci/install-deps installs them).
set -euo pipefail
cd "$(dirname "$0")/../.."
python=python3
# The Debian packages install into the system Python, which may not be the first python3 on PATH.
"$python" -c 'import jsonschema, yaml' 2>/dev/null || python=/usr/bin/python3
"$python" .ci/check/schema.py Templates/hunt.schema.json \
    Templates/hunts/*/hunt.yaml Examples/*/hunt.yaml Tests/HuntKitTests/Fixtures/schema/*.yaml
