#!/usr/bin/env bash
# Builds the libFuzzer target over the image decoders (Fuzz/FuzzImages.swift: TextureLayoutImages and its C calls
# into libpng and libjpeg-turbo, with address sanitizer) and runs it for SECONDS seconds on one core, seeded with
# the test images (Scripts/make-test-images.py writes them). A crashing, timing-out
# or out-of-memory input is copied to Tests/TextureLayoutImagesTests/FuzzFinds/, to be
# shrunk and kept as a decoding test.
#
#   Scripts/fuzz-images.sh [SECONDS] [--no-build]      (default 60 seconds)
#
# Everything it makes lives under .build-fuzz/images/ (gitignored): bin/fuzz-images, corpus/ (kept between runs),
# artifacts/, runs.log (one line per run: seconds, executions, status). To replay an input:
# .build-fuzz/images/bin/fuzz-images FILE.
set -euo pipefail

main() {

root="$(cd "$(dirname "$0")/.." && pwd)"
work="$root/.build-fuzz/images"
seconds=60
build=1
for argument in "$@"; do
    case "$argument" in
        --no-build) build=0 ;;
        ''|*[!0-9]*) echo "usage: Scripts/fuzz-images.sh [SECONDS] [--no-build]" >&2; exit 2 ;;
        *) seconds="$argument" ;;
    esac
done
mkdir -p "$work/bin" "$work/modules/CImageDecoders" "$work/corpus" "$work/artifacts" "$work/seeds"

if [ "$build" = 1 ] || [ ! -x "$work/bin/fuzz-images" ]; then
    echo "fuzz-images.sh: building" >&2
    include="$root/Sources/CImageDecoders/include"
    printf 'module CImageDecoders {\n    header "%s"\n    export *\n}\n' "$include/CImageDecoders.h" \
        >"$work/modules/CImageDecoders/module.modulemap"
    for file in png jpeg; do
        clang -fsanitize=fuzzer-no-link,address -O1 -g -c "$root/Sources/CImageDecoders/$file.c" -I "$include" \
            $(pkg-config --cflags libpng libjpeg) -o "$work/bin/$file.o"
    done
    flags=(-sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6 -use-ld=lld -I "$work/modules"
        -Xcc "-fmodule-map-file=$work/modules/CImageDecoders/module.modulemap")
    swiftc "${flags[@]}" -module-name TextureLayoutImages -wmo -emit-library -static \
        -emit-module -emit-module-path "$work/modules/TextureLayoutImages.swiftmodule" \
        -o "$work/bin/libTextureLayoutImages.a" "$root"/Sources/TextureLayoutImages/*.swift
    swiftc "${flags[@]}" -module-name FuzzImages "$root/Fuzz/FuzzImages.swift" "$work/bin/libTextureLayoutImages.a" \
        "$work/bin/png.o" "$work/bin/jpeg.o" $(pkg-config --libs libpng libjpeg) -o "$work/bin/fuzz-images.new"
    mv -f "$work/bin/fuzz-images.new" "$work/bin/fuzz-images"
fi

rm -f "$work"/seeds/*
cp "$root"/Tests/TextureLayoutImagesTests/Images/* "$work/seeds/"

log="$work/last-run.log"
started="$(date +%s)"
status=0
(cd "$work" && ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}" "$work/bin/fuzz-images" \
    -max_total_time="$seconds" -rss_limit_mb=2048 -max_len=65536 -timeout=10 \
    -artifact_prefix="$work/artifacts/" -print_final_stats=1 "$work/corpus" "$work/seeds") >"$log" 2>&1 || status=$?
elapsed=$(( $(date +%s) - started ))
executions="$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | awk '{print $2}' | tail -1 || true)"
echo "$(date -u +%Y-%m-%dT%H:%M:%SZ) seconds=$elapsed executions=${executions:-0} status=$status" >>"$work/runs.log"
tail -n 3 "$log" >&2
echo "fuzz-images.sh: $((${executions:-0})) executions in $elapsed seconds (exit status $status)"

found=0
for artifact in "$work"/artifacts/crash-* "$work"/artifacts/timeout-* "$work"/artifacts/oom-* "$work"/artifacts/leak-*; do
    [ -e "$artifact" ] || continue
    mkdir -p "$root/Tests/TextureLayoutImagesTests/FuzzFinds"
    cp -n "$artifact" "$root/Tests/TextureLayoutImagesTests/FuzzFinds/$(basename "$artifact")"
    echo "fuzz-images.sh: kept $artifact in Tests/TextureLayoutImagesTests/FuzzFinds/"
    found=1
done
if [ "$found" = 1 ] || [ "$status" != 0 ]; then
    echo "fuzz-images.sh: the fuzzer found a problem; see $log" >&2
    exit 1
fi
}

main "$@"
