#!/usr/bin/env bash
# Coverage-guided fuzzing (libFuzzer, with AddressSanitizer) of the `--manifest` reader:
# Judging/Manifest.swift and the CSV reader it shares with places files (Support/CSVRows.swift),
# compiled straight from Sources/ with main.swift's entry point (which says what is checked).
#
# Usage: .ci/fuzz/manifest/run.sh [SECONDS]      (default 60; a crash stops it and leaves crash-* files)
# Works in .build-fuzz/manifest (corpus/ grows between runs; crash-* files are left there).
set -euo pipefail
cd "$(dirname "$0")/../../.."
work=.build-fuzz/manifest
mkdir -p "$work/corpus"
printf 'team,task,path\nfoxes,dom-tower,upload/1.jpg\nowls,bridge,"upload/2,b.jpg"\n' > "$work/corpus/header"
printf 'path;team;task\r\nupload/1.jpg;foxes;dom-tower\r\n' > "$work/corpus/semicolons"
printf 'foxes\tcafe\tx.jpg\nfoxes\tcafe\tx.jpg\n' > "$work/corpus/tabs-repeated"
printf 'foxes,tower,"a ""quoted"" name.jpg"\nowls,,b.jpg\n,\n' > "$work/corpus/quotes"
printf 'foxes,tower,"never closed\nowls,bridge,b.jpg\n' > "$work/corpus/unclosed"
swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name HuntKit -swift-version 6 \
    .ci/fuzz/manifest/main.swift Sources/HuntKit/Judging/Manifest.swift Sources/HuntKit/Support/CSVRows.swift \
    Sources/HuntKit/Support/Diagnostic.swift Sources/HuntKit/Support/SourceLocation.swift Sources/HuntKit/Support/TextTrimming.swift \
    Sources/HuntKit/Support/InputFile.swift Sources/HuntKit/Support/PathText.swift \
    -o "$work/fuzz-manifest"
SWIFT_BACKTRACE=enable=no nice -n 10 "$work/fuzz-manifest" -max_total_time="${1:-60}" -timeout=10 -rss_limit_mb=2048 \
    -max_len=4096 -print_final_stats=1 -artifact_prefix="$work/" "$work/corpus"
