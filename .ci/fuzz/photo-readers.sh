#!/usr/bin/env bash
# Fuzzes the photo container readers with libFuzzer (swiftc -sanitize=fuzzer,address).
#
# usage (from the project root):  .ci/fuzz/photo-readers.sh TARGET [SECONDS]
#   TARGET: jpeg | isobmff | png | webp | tiff | video | all   (all = the whole PhotoReader, with
#           libexif; video = the QuickTime/MP4 box walker and the whole PhotoReader on its result)
#   SECONDS: how long to run (default 60)
# Builds .build-fuzz/photo-TARGET, seeds a corpus in .build-fuzz/corpus-TARGET from the test
# fixtures, and runs. Crashes land in .build-fuzz/ as crash-*; replay one with
# `.build-fuzz/photo-TARGET .build-fuzz/crash-...`.
set -euo pipefail
cd "$(dirname "$0")/../.."
target=${1:?usage: photo-readers.sh jpeg|isobmff|png|webp|tiff|video|all [SECONDS]}
seconds=${2:-60}
out=.build-fuzz
mkdir -p "$out/corpus-$target"
photos=Sources/HuntKit/Photos
sources=("$photos"/Containers/*.swift "$photos/PhotoMetadata.swift" Sources/HuntKit/Geo/Coordinate.swift)
if [ "$target" = all ] || [ "$target" = video ]; then
    sources+=("$photos"/{RawExif,LibExif,ExifInterpreter,AppleMakerNote,XMPLocation,ContentHash,PhotoReadError,PhotoReader,PhotoReader+Video,PhotoFiles}.swift
              Sources/HuntKit/Support/CivilCalendar.swift)
fi
flag=$(echo "FUZZ_$target" | tr '[:lower:]' '[:upper:]')
swiftc -O -g -sanitize=fuzzer,address -parse-as-library -module-name HuntKit -swift-version 6 \
    -D "$flag" -I Sources/CEXIF -lexif \
    .ci/fuzz/PhotoReaderFuzz.swift "${sources[@]}" -o "$out/photo-$target"
case $target in
    jpeg) pattern='*.jpg' ;; isobmff) pattern='*.he[ic][cf]' ;; png) pattern='*.png' ;;
    webp) pattern='*.webp' ;; tiff) pattern='*.tif' ;; all) pattern='*' ;; video) pattern='none' ;;
esac
find Tests/HuntKitTests/Fixtures/photos -name "$pattern" -exec cp {} "$out/corpus-$target/" \;
[ "$target" = video ] && cp Tests/HuntKitTests/Fixtures/videos/* "$out/corpus-$target/"
[ "$target" = isobmff ] && cp Tests/HuntKitTests/Fixtures/photos/*.avif "$out/corpus-$target/"
# The Swift runtime's own crash handler fights ASan's; let the sanitizer report traps.
SWIFT_BACKTRACE=enable=no "$out/photo-$target" -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 -max_len=262144 \
    -artifact_prefix="$out/" -print_final_stats=1 "$out/corpus-$target"
