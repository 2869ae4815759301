#!/usr/bin/env bash
# Fuzzes the photo container readers with libFuzzer (swiftc -sanitize=fuzzer,address).
#
# usage (from the project root):  .ci/fuzz/photo-readers.sh TARGET [SECONDS]
#   TARGET: jpeg | isobmff | png | webp | tiff | video | all   (all = the whole PhotoReader, with
#           libexif; video = the QuickTime/MP4 box walker and the whole PhotoReader on its result)
#           | thumbnail   (a JPEG's frame header → decode plan → libjpeg-turbo decode, and the EXIF
#             thumbnail check; libFuzzer's -malloc_limit_mb catches an allocation the plan did not count)
#           | heif   (a HEIF/AVIF's boxes read by libheif through HEIFDecoder → the plan → the decode
#             of the chosen picture, as thumbnail does for JPEGs; libheif itself is not instrumented,
#             so the mutations are guided by the wrapper and the plan only)
#   SECONDS: how long to run (default 60)
# Builds .build-fuzz/photo-TARGET, seeds a corpus in .build-fuzz/corpus-TARGET from the test
# fixtures, and runs. Crashes land in .build-fuzz/ as crash-*; replay one with
# `.build-fuzz/photo-TARGET .build-fuzz/crash-...`.
set -euo pipefail
cd "$(dirname "$0")/../.."
target=${1:?usage: photo-readers.sh jpeg|isobmff|png|webp|tiff|video|all|thumbnail|heif [SECONDS]}
seconds=${2:-60}
out=.build-fuzz
mkdir -p "$out/corpus-$target"
photos=Sources/HuntKit/Photos
# ByteSource opens files through InputFile (which names errors as Diagnostics).
# PhotoMetadata holds a LocalDateTime and a BrowserFix (read from XMP), which bring their Support files.
sources=("$photos"/Containers/*.swift "$photos"/{PhotoMetadata,BrowserFix,XMPLocation}.swift Sources/HuntKit/Geo/Coordinate.swift
         Sources/HuntKit/Support/{InputFile,PathText,Diagnostic,SourceLocation,CivilCalendar,ClockText,LocalDateTime,DigitWriter,DateTimeText,DecimalText,TextTrimming}.swift)
extra=()
limits=()
if [ "$target" = all ] || [ "$target" = video ] || [ "$target" = thumbnail ] || [ "$target" = heif ]; then
    sources+=("$photos"/{RawExif,LibExif,ExifInterpreter,AppleMakerNote,ContentHash,PhotoReadError,PhotoReader,PhotoReader+Video,PhotoFiles,PhotoReadCache,FolderWalk}.swift)
fi
if [ "$target" = thumbnail ] || [ "$target" = heif ]; then
    sources+=("$photos"/{Thumbnail,ThumbnailRefusal,ThumbnailMemoryBudget,ThumbnailOrientation,JPEGDecodePlan,JPEGScaler,PixelBoxDown,HEIFDecodePlan,HEIFDecoder}.swift)
    extra=(-I Sources/CJPEG -lturbojpeg -I Sources/CHEIF -lheif)
    # The harness decodes only what its plan puts under 64 MiB; a single larger allocation is a finding.
    limits=(-malloc_limit_mb=96)
fi
flag=$(echo "FUZZ_$target" | tr '[:lower:]' '[:upper:]')
swiftc -O -g -sanitize=fuzzer,address -parse-as-library -module-name HuntKit -swift-version 6 \
    -D "$flag" -I Sources/CEXIF -lexif "${extra[@]}" \
    .ci/fuzz/PhotoReaderFuzz.swift "${sources[@]}" -o "$out/photo-$target"
case $target in
    jpeg) pattern='*.jpg' ;; isobmff) pattern='*.he[ic][cf]' ;; png) pattern='*.png' ;;
    webp) pattern='*.webp' ;; tiff) pattern='*.tif' ;; all) pattern='*' ;; thumbnail) pattern='*.jpg' ;; video) pattern='none' ;;
    heif) pattern='none' ;;
esac
find Tests/HuntKitTests/Fixtures/photos -name "$pattern" -exec cp {} "$out/corpus-$target/" \;
[ "$target" = video ] && cp Tests/HuntKitTests/Fixtures/videos/* "$out/corpus-$target/"
[ "$target" = isobmff ] && cp Tests/HuntKitTests/Fixtures/photos/*.avif "$out/corpus-$target/"
# Decodable HEIC/AVIF files: grids, rotations, a thumbnail picture, one cut short.
[ "$target" = heif ] && cp Tests/HuntKitTests/Fixtures/heif/* "$out/corpus-$target/"
# The Swift runtime's own crash handler fights ASan's; let the sanitizer report traps.
if [ "$target" = thumbnail ]; then
    # Headers of small progressive, 4:2:0 and multi-scan files for the mutator to grow.
    python3 - "$out/corpus-$target" <<'PY'
import struct, sys
def seg(m, p): return bytes([0xFF, m]) + struct.pack(">H", len(p) + 2) + p
one = bytes([1] + [0] * 15) + b"\x00"
for name, sof, samp, scans in [("prog", 0xC2, 0x11, [(3, 0)]), ("prog420", 0xC2, 0x22, [(3, 0)]),
                               ("seq420", 0xC0, 0x22, [(3, 63)]), ("multi", 0xC0, 0x11, [(1, 63)] * 3)]:
    w = h = 96
    out = b"\xFF\xD8" + seg(0xDB, b"\x00" + b"\x01" * 64)
    out += seg(sof, struct.pack(">BHHB", 8, h, w, 3) + bytes([1, samp, 0, 2, 0x11, 0, 3, 0x11, 0]))
    out += seg(0xC4, b"\x00" + one) + seg(0xC4, b"\x10" + one)
    for i, (n, se) in enumerate(scans):
        ids = [1, 2, 3] if n == 3 else [i + 1]
        out += seg(0xDA, bytes([n]) + b"".join(bytes([c, 0]) for c in ids) + bytes([0, se, 0])) + bytes(200)
    open(f"{sys.argv[1]}/{name}.jpg", "wb").write(out + b"\xFF\xD9")
PY
fi
SWIFT_BACKTRACE=enable=no "$out/photo-$target" -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 -max_len=262144 "${limits[@]}" \
    -artifact_prefix="$out/" -print_final_stats=1 "$out/corpus-$target"
