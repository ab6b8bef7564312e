#!/usr/bin/env bash
# Builds the libFuzzer target (Fuzz/FuzzLayout.swift: the document reader and the whole layout pass, with
# address sanitizer) and runs it for SECONDS seconds on one core. Any crashing, timing-out or out-of-memory input
# is copied to Tests/RegressionCases/, where the PropertyTests target runs it on every `swift test`.
#
#   Scripts/fuzz.sh [SECONDS] [--generate] [--no-build] [-- extra libFuzzer flags]
#
#   SECONDS     how long to fuzz (default 60)
#   --generate  first write random valid documents from the property tests' generator into the seed corpus
#               (runs `swift test --filter PropertyTests/writeFuzzSeeds` with PROPERTY_CORPUS_DIR set)
#   --no-build  reuse the last build
#
# Each input is checked against every invariant of Tests/PropertyTests/Invariants.swift, including FUZZ_CHANGES
# (default 2) random changes whose re-layout must equal a fresh layout; FUZZ_CHANGES=0 checks no changes.
# To replay one input: .build-fuzz/fuzz/bin/fuzz-layout FILE; to shrink a failing document: Fuzz/shrink.py.
#
# Everything it makes lives under .build-fuzz/fuzz/ (gitignored):
#   bin/fuzz-layout   the fuzzer            corpus/     the growing working corpus (kept between runs)
#   seeds/            rebuilt every run: the `document` of every case in Tests/ConformanceTests/Cases, the documents
#                     of Benchmarks/Documents and Examples/, Tests/RegressionCases/, texts of long combining
#                     sequences, and the system's DejaVu Sans fonts (FONT inputs)
#   generated/        documents from the property generator (--generate)
#   artifacts/        crash-*, timeout-*, oom-* inputs      runs.log    one line per run: seconds, executions
set -euo pipefail

# Everything runs inside main, which bash reads whole before running it: editing this file during a long run
# cannot disturb the run.
main() {

root="$(cd "$(dirname "$0")/.." && pwd)"
work="$root/.build-fuzz/fuzz"
seconds=60
generate=0
build=1
extra=()
while [ $# -gt 0 ]; do
    case "$1" in
        --generate) generate=1; shift ;;
        --no-build) build=0; shift ;;
        --) shift; extra=("$@"); break ;;
        ''|*[!0-9]*) echo "usage: Scripts/fuzz.sh [SECONDS] [--generate] [--no-build] [-- libFuzzer flags]" >&2; exit 2 ;;
        *) seconds="$1"; shift ;;
    esac
done

mkdir -p "$work/bin" "$work/modules" "$work/corpus" "$work/artifacts" "$work/generated"

# --- Build: the library modules and the target, all with the fuzzer's coverage and address sanitizer. ---
if [ "$build" = 1 ] || [ ! -x "$work/bin/fuzz-layout" ]; then
    flags=(-sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6 -use-ld=lld -package-name TextureLayout)
    # The C libraries of the text module, through the same module maps SwiftPM uses; the ICU shim is compiled here.
    mkdir -p "$work/modules/CICUShim"
    printf 'module CICUShim {\n    header "%s"\n    export *\n}\n' \
        "$root/Sources/CICUShim/include/CICUShim.h" >"$work/modules/CICUShim/module.modulemap"
    clang -fsanitize=fuzzer-no-link,address -O1 -g -c "$root/Sources/CICUShim/CICUShim.c" \
        -I "$root/Sources/CICUShim/include" $(pkg-config --cflags icu-uc) -o "$work/bin/CICUShim.o"
    # The image decoders' C functions (over libpng and libjpeg-turbo), which the images module calls.
    mkdir -p "$work/modules/CImageDecoders"
    printf 'module CImageDecoders {\n    header "%s"\n    export *\n}\n' \
        "$root/Sources/CImageDecoders/include/CImageDecoders.h" >"$work/modules/CImageDecoders/module.modulemap"
    for file in png jpeg; do
        clang -fsanitize=fuzzer-no-link,address -O1 -g -c "$root/Sources/CImageDecoders/$file.c" \
            -I "$root/Sources/CImageDecoders/include" $(pkg-config --cflags libpng libjpeg) -o "$work/bin/$file.o"
    done
    cflags=()
    for flag in $(pkg-config --cflags harfbuzz freetype2 fontconfig icu-uc); do cflags+=(-Xcc "$flag"); done
    modulemaps=()
    for library in CHarfBuzz CFreeType CFontconfig CICU; do
        modulemaps+=(-Xcc "-fmodule-map-file=$root/Sources/$library/module.modulemap")
    done
    modulemaps+=(-Xcc "-fmodule-map-file=$work/modules/CICUShim/module.modulemap")
    modulemaps+=(-Xcc "-fmodule-map-file=$work/modules/CImageDecoders/module.modulemap")
    # One static library and its module from every Swift file under a folder (the C modules are only found, not
    # imported: a module that imports none of them, the engine, stays free of them).
    build_module() {
        local name="$1" folder="$2" files
        echo "fuzz.sh: building $name" >&2
        mapfile -t files < <(find "$folder" -name '*.swift' | sort)
        swiftc "${flags[@]}" -module-name "$name" -wmo -emit-library -static -I "$work/modules" \
            "${cflags[@]}" "${modulemaps[@]}" \
            -emit-module -emit-module-path "$work/modules/$name.swiftmodule" \
            -o "$work/bin/lib$name.a" "${files[@]}"
    }
    build_module TextureLayout "$root/Sources/TextureLayout"
    build_module TextureLayoutPaint "$root/Sources/TextureLayoutPaint"
    build_module TextureLayoutText "$root/Sources/TextureLayoutText"
    build_module ImageHeaders "$root/Sources/ImageHeaders"
    build_module TextureLayoutImages "$root/Sources/TextureLayoutImages"
    build_module LayoutJSON "$root/Sources/LayoutJSON"
    build_module LayoutDocument "$root/Sources/LayoutDocument"
    build_module TestSupport "$root/Tests/TestSupport"
    echo "fuzz.sh: building the fuzz target" >&2
    # The target checks the property tests' invariants, so it compiles their (Testing-free) checker with it.
    swiftc "${flags[@]}" -module-name FuzzLayout -I "$work/modules" "${cflags[@]}" "${modulemaps[@]}" \
        "$root/Fuzz/FuzzLayout.swift" \
        "$root/Tests/PropertyTests/Invariants.swift" "$root/Tests/PropertyTests/RecordingTree.swift" \
        "$root/Tests/PropertyTests/DocumentGenerator.swift" \
        "$work/bin/libLayoutDocument.a" "$work/bin/libLayoutJSON.a" "$work/bin/libTextureLayoutImages.a" \
        "$work/bin/libImageHeaders.a" "$work/bin/libTextureLayoutText.a" "$work/bin/libTextureLayoutPaint.a" \
        "$work/bin/libTextureLayout.a" \
        "$work/bin/libTestSupport.a" \
        "$work/bin/CICUShim.o" "$work/bin/png.o" "$work/bin/jpeg.o" \
        -lharfbuzz -lfreetype -lfontconfig -licuuc -licudata $(pkg-config --libs libpng libjpeg) \
        -o "$work/bin/fuzz-layout.new"
    # A rename, so that a fuzzer still running from the old binary is not disturbed.
    mv -f "$work/bin/fuzz-layout.new" "$work/bin/fuzz-layout"
fi

# --- Seeds: every document we have, rebuilt each run. ---
rm -rf "$work/seeds"
mkdir -p "$work/seeds"
python3 - "$root" "$work/seeds" <<'PYTHON'
import json, os, sys, hashlib
root, out = sys.argv[1:3]
count = 0
def write(text, label):
    global count
    data = text.encode() if isinstance(text, str) else text
    name = label + "-" + hashlib.sha1(data).hexdigest()[:12]
    with open(os.path.join(out, name), "wb") as f:
        f.write(data)
    count += 1
for folder, _, files in os.walk(os.path.join(root, "Tests", "ConformanceTests", "Cases")):
    for file in sorted(files):
        if file.endswith(".json"):
            with open(os.path.join(folder, file)) as f:
                case = json.load(f)
            if isinstance(case, dict) and "document" in case:
                write(json.dumps(case["document"], separators=(",", ":")), "conformance")
for folder in (os.path.join(root, "Benchmarks", "Documents"), os.path.join(root, "Examples")):
    if os.path.isdir(folder):
        for file in sorted(os.listdir(folder)):
            if file.endswith(".json") and file != "manifest.json":
                with open(os.path.join(folder, file), "rb") as f:
                    write(f.read(), os.path.basename(folder).lower())
cases = os.path.join(root, "Tests", "RegressionCases")
if os.path.isdir(cases):
    for file in sorted(os.listdir(cases)):
        if not file.endswith(".md"):
            with open(os.path.join(cases, file), "rb") as f:
                write(f.read(), "regression")
# Texts of long combining sequences (a base of several scripts followed by marks, with and without CGJ between
# them): shaping such a text must stay linear in its length (the format reference's Stream-Safe limit).
bases = ("a", "\u00ed", "\u0915", "\u5c71", "\u0628", "\U0001F44D")
for marks in ("\u0301", "\u0301\u0308\u0323", "\u034f\u0301", "\u093f\u094d"):
    for count in (31, 1_000, 20_000):
        texts = [{"type": "text", "text": base + marks * (count // len(marks)) + " end"} for base in bases]
        document = {"sizeRange": {"min": [0, 0], "max": [300, "inf"]},
                    "root": {"type": "stack", "direction": "vertical", "children": texts}}
        write(json.dumps(document, separators=(",", ":")), "combining")
# Font files (from the system, never committed): inputs starting with "FONT" are font files the target loads
# and lays text out with, so libFuzzer mutates real fonts too.
for font in ("DejaVuSans.ttf", "DejaVuSansMono.ttf"):
    path = os.path.join("/usr/share/fonts/truetype/dejavu", font)
    if os.path.exists(path):
        with open(path, "rb") as f:
            write(b"FONT" + f.read(), "font")
print(f"fuzz.sh: {count} seeds", file=sys.stderr)
PYTHON

if [ "$generate" = 1 ]; then
    echo "fuzz.sh: writing generated documents to $work/generated" >&2
    (cd "$root" && PROPERTY_CORPUS_DIR="$work/generated" swift test --scratch-path "$root/.build-fuzz" \
        --filter 'PropertyTests.*writeFuzzSeeds' >&2)
fi

# --- Run. ---
# Leak detection is off: fontconfig and ICU keep process-wide caches (the font list, break rules) that live until
# exit, which LeakSanitizer reports as leaks; a real leak still shows as growing memory (-rss_limit_mb).
log="$work/last-run.log"
started="$(date +%s)"
status=0
(cd "$work" && ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}" "$work/bin/fuzz-layout" \
    -max_total_time="$seconds" -rss_limit_mb=4096 -max_len=1048576 -timeout=30 -detect_leaks=0 \
    -dict="$root/Fuzz/layout.dict" -artifact_prefix="$work/artifacts/" -print_final_stats=1 \
    "${extra[@]}" "$work/corpus" "$work/seeds" "$work/generated") >"$log" 2>&1 || status=$?

# (A run that stopped on a crash prints no "Done" line: time it here, and let grep find nothing.)
elapsed=$(( $(date +%s) - started ))
executions="$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | awk '{print $2}' | tail -1 || true)"
executions="${executions:-0}"
echo "$(date -u +%Y-%m-%dT%H:%M:%SZ) seconds=$elapsed executions=$executions status=$status" >>"$work/runs.log"
total="$(awk '{ split($2, s, "="); split($3, e, "="); t += s[2]; n += e[2] } END { print t " seconds, " n " executions" }' "$work/runs.log")"
tail -n 3 "$log" >&2
echo "fuzz.sh: this run: $executions executions in $elapsed seconds (exit status $status)"
echo "fuzz.sh: all runs recorded in $work/runs.log: $total"

# --- Keep what it found. ---
found=0
for artifact in "$work"/artifacts/crash-* "$work"/artifacts/timeout-* "$work"/artifacts/oom-* "$work"/artifacts/leak-*; do
    [ -e "$artifact" ] || continue
    name="fuzz-$(basename "$artifact")"
    if [ ! -e "$root/Tests/RegressionCases/$name" ]; then
        cp "$artifact" "$root/Tests/RegressionCases/$name"
        echo "fuzz.sh: kept $artifact as Tests/RegressionCases/$name"
    fi
    found=1
done
if [ "$found" = 1 ] || [ "$status" != 0 ]; then
    echo "fuzz.sh: the fuzzer found a problem; see $log" >&2
    exit 1
fi
}

main "$@"
