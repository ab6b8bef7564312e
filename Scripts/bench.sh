#!/usr/bin/env bash
# Runs `texture-layout bench` on every bench document (Benchmarks/Documents/*.json but the manifest) and prints
# one line each: the document, its elements, and the minimum layout and re-layout times in ns per element.
#
#   Scripts/bench.sh [--iterations N] [--binary PATH]
#
# The binary is .build/release/texture-layout, built with `swift build -c release` when missing.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
binary="$root/.build/release/texture-layout"
iterations=20
while [ $# -gt 0 ]; do
    case "$1" in
        --iterations) iterations="$2"; shift 2 ;;
        --binary) binary="$2"; shift 2 ;;
        *) echo "usage: Scripts/bench.sh [--iterations N] [--binary PATH]" >&2; exit 2 ;;
    esac
done

if [ ! -x "$binary" ]; then
    if [ "$binary" != "$root/.build/release/texture-layout" ]; then
        echo "bench.sh: no binary at $binary" >&2
        exit 1
    fi
    (cd "$root" && swift build -c release --product texture-layout >&2)
fi

summary="$(cat <<'PYTHON'
import json, sys
name, result = sys.argv[1], json.load(sys.stdin)
elements = result["elements"]
cells = [f"{result[kind]['min'] / elements:,.1f}" if kind in result else "-" for kind in ("layout", "relayout")]
print(f"{name:<12} {elements:>8,} {cells[0]:>12} {cells[1]:>12}")
PYTHON
)"

printf '%-12s %8s %12s %12s\n' document elements layout relayout
for document in "$root"/Benchmarks/Documents/*.json; do
    name="$(basename "$document" .json)"
    [ "$name" = manifest ] && continue
    "$binary" bench "$document" --iterations "$iterations" | python3 -c "$summary" "$name"
done
echo "(ns per element, minimum over $iterations iterations)"
