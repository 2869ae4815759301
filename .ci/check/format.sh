#!/usr/bin/env bash
# The Swift sources as `swift format` writes them (the toolchain's swift-format, configured by
# .swift-format at the root: 150 columns, 4 spaces, Hummingbird's settings but for a few rules that
# would rename or restructure code). Fails with each finding as file:line:column; the fix is
# `swift format -i --parallel -r Sources Tests Package.swift`.
#
# usage (from the project root): .ci/check/format.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! swift format lint --strict --parallel -r Sources Tests Package.swift; then
    echo "format: the findings above; fix them with: swift format -i --parallel -r Sources Tests Package.swift" >&2
    exit 1
fi
echo "format: $(find Sources Tests -name '*.swift' | wc -l) Swift files as swift format writes them"
