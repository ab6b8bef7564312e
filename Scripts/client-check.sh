#!/usr/bin/env bash
# Builds a client package outside the repository, depending on this library by path, as a Texture user would, and
# checks what the layout DSL and the snapshot strategies promise:
#
#   1. the DSL cell and the same cell written with Texture's spec classes lay out identically (Scripts/client/
#      CellTests.swift), and the client compiles with -warnings-as-errors;
#   2. the DSL cell's snapshots (frames as text, the debug picture as PNG) are recorded on the first run (the tests
#      fail, saying so, and the files are written), pass on the second, and both fail when the cell's inset
#      changes by 2 points;
#   3. how long the DSL cell's layoutSpecThatFits(_:) takes to type-check (-debug-time-function-bodies), against
#      a target of 2 s.
#
#     Scripts/client-check.sh [DIR]           # DIR (default: a new temporary folder) must be outside the repository
#     Scripts/client-check.sh --bench [DIR]   # then 4: the time of a layout of each cell (a release build)
#
# Works offline: it needs only the packages the library itself resolves. About 5 minutes on a 2-core machine with a
# cold build folder.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
bench=0
[ "${1:-}" = "--bench" ] && { bench=1; shift; }
dir=${1:-$(mktemp -d /tmp/texture-layout-client.XXXXXX)}
case "$(cd "$dir" 2>/dev/null && pwd || echo "$dir")/" in "$repo"/*) echo "client-check: $dir is inside the repository" >&2; exit 2;; esac
mkdir -p "$dir/Sources/Cells" "$dir/Sources/CellBench" "$dir/Tests/CellsTests"
cp "$repo/Scripts/client/Cells.swift" "$dir/Sources/Cells/"
cp "$repo/Scripts/client/CellBench.swift" "$dir/Sources/CellBench/main.swift"
cp "$repo/Scripts/client/CellTests.swift" "$dir/Tests/CellsTests/"
cat > "$dir/Package.swift" <<MANIFEST
// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Client",
    dependencies: [
        .package(name: "TextureLayout", path: "$repo", traits: ["SnapshotTesting"]),
    ],
    targets: [
        // The client's own code is compiled with warnings as errors, and the cell's function bodies timed.
        .target(
            name: "Cells",
            dependencies: [.product(name: "TextureLayoutCompat", package: "TextureLayout")],
            swiftSettings: [.unsafeFlags(["-warnings-as-errors", "-Xfrontend", "-debug-time-function-bodies"])]
        ),
        .executableTarget(name: "CellBench", dependencies: ["Cells"]),
        .testTarget(
            name: "CellsTests",
            dependencies: ["Cells", .product(name: "TextureLayoutTesting", package: "TextureLayout")],
            swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]
        ),
    ]
)
MANIFEST
cd "$dir"
rm -rf Tests/CellsTests/__Snapshots__
log=$(mktemp)
trap 'rm -f "$log"' EXIT

echo "client-check: building $dir (its targets with -warnings-as-errors)"
start=$(date +%s)
swift build --build-tests >"$log" 2>&1 || { cat "$log"; echo "client-check: build failed" >&2; exit 1; }
echo "client-check: built in $(( $(date +%s) - start )) s"

run() { swift test --skip-build --filter CellTests "$@" >"$log" 2>&1; }
if ! run; then
    grep -q "Automatically recorded" "$log" || { cat "$log"; echo "client-check: first run failed without recording" >&2; exit 1; }
fi
# The identity test must pass on every run; only the snapshot may fail on the first.
grep -q "✔ Test dslAndPlainCellsLayOutIdentically" "$log" || { cat "$log"; echo "client-check: the cells differ" >&2; exit 1; }
snapshots=Tests/CellsTests/__Snapshots__/CellTests
for file in postCellFrames.1.txt postCellImage.1.png; do
    [ -s "$snapshots/$file" ] || { echo "client-check: no snapshot recorded at $snapshots/$file" >&2; exit 1; }
done
echo "client-check: first run recorded $snapshots/postCellFrames.1.txt ($(wc -l <"$snapshots/postCellFrames.1.txt")" \
    "lines) and postCellImage.1.png ($(wc -c <"$snapshots/postCellImage.1.png") bytes)"
run || { cat "$log"; echo "client-check: second run failed" >&2; exit 1; }
echo "client-check: second run passed"
if CELL_INSET=14 run; then echo "client-check: a 2-point inset change was not caught" >&2; exit 1; fi
grep -q "Test postCellFrames() recorded an issue" "$log" && grep -q "^ *[-−+]avatar" "$log" \
    || { cat "$log"; echo "client-check: the frames snapshot did not fail" >&2; exit 1; }
grep -q "Test postCellImage() recorded an issue" "$log" && grep -q "pixels differ" "$log" \
    || { cat "$log"; echo "client-check: the image snapshot did not fail" >&2; exit 1; }
echo "client-check: with the inset at 14 both snapshots fail; frames:"
grep "^ *[-−+]avatar" "$log" | sed 's/^/    /'
echo "    image: $(grep -o "[0-9]* of [0-9]* pixels differ[^(]*([^)]*)" "$log" | head -1)"

# Type-checking time of the DSL cell: Cells is compiled again, with every function body timed.
touch Sources/Cells/Cells.swift
swift build --target Cells -v >"$log" 2>&1
grep -E "Cells.swift:[0-9]+:[0-9]+" "$log" | sort -rn | head -3 > "$log.top" || true
# Lines are "12.34ms<tab>FILE:LINE:COLUMN<tab>KIND NAME".
dsl=$(grep -E "DSLPostCell.layoutSpecThatFits" "$log" | head -1 | awk -F'\t' '{ sub("ms$", "", $1); print $1 }')
total=$(grep -E "Cells.swift:[0-9]+:[0-9]+" "$log" | awk -F'\t' '{ sub("ms$", "", $1); s += $1 } END { printf "%.1f", s }')
echo "client-check: type-checking DSLPostCell.layoutSpecThatFits(_:) took ${dsl} ms (every body of Cells.swift: ${total} ms; target 2000 ms)"
sed 's/^/    /' "$log.top"; rm -f "$log.top"
awk -v t="$dsl" 'BEGIN { exit !(t != "" && t < 2000) }' || { echo "client-check: over the 2 s target" >&2; exit 1; }
if [ $bench -eq 1 ]; then
    echo "client-check: timing the cells' layouts (release build)"
    swift build -c release --product CellBench >"$log" 2>&1 || { cat "$log"; exit 1; }
    .build/release/CellBench | sed 's/^/    /'
fi
echo "client-check: all checks passed ($dir)"
