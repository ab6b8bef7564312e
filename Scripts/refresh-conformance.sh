#!/usr/bin/env bash
# Copies Texture's conformance cases from a folder of case files (the project's shared conformance set, kept
# outside this repository) into the test target, so the repository runs them on its own. Run it when that set
# changes, then commit the result.
#
#   Scripts/refresh-conformance.sh CASES_FOLDER
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
[ $# -eq 1 ] || { echo "usage: $0 CASES_FOLDER" >&2; exit 2; }
source_dir=$1
target="$here/Tests/ConformanceTests/Cases"
[ -d "$source_dir" ] || { echo "no conformance cases at $source_dir" >&2; exit 1; }
rm -rf "$target"
mkdir -p "$target"
(cd "$source_dir" && find . -name '*.json' -print0 | while IFS= read -r -d '' file; do
    mkdir -p "$target/$(dirname "$file")"
    cp "$file" "$target/$file"
done)
cp "$source_dir"/*.md "$target/" 2>/dev/null || true
echo "copied $(find "$target" -name '*.json' | wc -l) cases into $target"
