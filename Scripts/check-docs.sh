#!/usr/bin/env bash
# Builds the DocC documentation of every library module and fails on any warning: DocC's own (a broken symbol
# link, a malformed article) and a public symbol declared here without a documentation comment of its own (DocC
# does not warn about those; a symbol that only inherits a comment from the standard library, such as a synthesized
# `!=`, is not one of ours and is passed over).
#
#     Scripts/check-docs.sh                       # every library module
#     Scripts/check-docs.sh LayoutDocument        # some of them
#
# Needs swift-docc-plugin (a package dependency) and python3. Each module takes about half a minute once the
# debug build is warm.
set -euo pipefail
cd "$(dirname "$0")/.."

modules=("$@")
if [ ${#modules[@]} -eq 0 ]; then
    modules=(TextureLayout TextureLayoutText TextureLayoutPaint ImageHeaders TextureLayoutImages TextureLayoutCompat LayoutDocument
        LayoutJSON LayoutRendering LayoutServer TextureLayoutTesting TextureLayoutDrawing)
fi

log=$(mktemp)
trap 'rm -f "$log"' EXIT
failed=0
for module in "${modules[@]}"; do
    if ! swift package --disable-sandbox generate-documentation --target "$module" >"$log" 2>&1; then
        cat "$log"
        echo "check-docs: $module: the documentation did not build" >&2
        failed=1
        continue
    fi
    # DocC's warnings, not SwiftPM's about a dependency's own files (e.g. "'swift-distributed-tracing': found 1
    # file(s) which are unhandled"), which this package cannot change.
    docc_warnings=$(grep -A3 "warning:" "$log" | grep -v "which are unhandled" || true)
    warnings=$(echo "$docc_warnings" | grep -c "warning:" || true)
    if [ "$warnings" -gt 0 ]; then
        echo "$docc_warnings"
    fi
    # The symbol graphs the plugin extracted: the module's own and one per module whose types it extends.
    graphs=$(find .build -path "*/extracted-symbols/*/$module/*.symbols.json")
    undocumented=$(python3 - "$module" $graphs <<'EOF'
import json, sys
module, paths = sys.argv[1], sys.argv[2:]
missing = set()
for path in paths:
    for symbol in json.load(open(path))["symbols"]:
        comment = symbol.get("docComment")
        # Declared in this package's sources (inherited standard library members have no location) and without a
        # comment written in a source file here (one inherited from the standard library has no file).
        if "location" in symbol and (comment is None or "uri" not in comment):
            uri = symbol["location"]["uri"]
            line = symbol["location"]["position"]["line"] + 1
            where = uri[uri.find("Sources/"):] if "Sources/" in uri else uri
            missing.add(f"{where}:{line}: warning: {'.'.join(symbol['pathComponents'])} has no documentation comment")
print("\n".join(sorted(missing)))
EOF
)
    if [ -n "$undocumented" ]; then
        echo "$undocumented"
        warnings=$((warnings + $(echo "$undocumented" | wc -l)))
    fi
    echo "check-docs: $module: $warnings warnings"
    [ "$warnings" -eq 0 ] || failed=1
done
exit $failed
