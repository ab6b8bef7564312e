#!/usr/bin/env bash
# Times the first build of a client that only lays out: a package outside the repository whose one target uses
# TextureLayoutCompat, depending on LIBRARY (default: this repository) by path. A library that declares package
# traits is added with `traits: []`, as the README says; one that does not is added plainly. Prints the seconds of
# `swift build` from an empty build folder (resolution included) and the packages it fetched.
#
#     Scripts/layout-only-client.sh [LIBRARY [DIR]]
#
# To compare with an older version: git archive COMMIT | tar -x -C /tmp/old, then pass /tmp/old.
set -euo pipefail
library=$(cd "${1:-$(dirname "$0")/..}" && pwd)
dir=${2:-$(mktemp -d /tmp/texture-layout-layout-only.XXXXXX)}
mkdir -p "$dir/Sources/LayoutOnly"
traits=""
grep -q "enabledTraits" "$library/Package.swift" && traits=", traits: []"
cat > "$dir/Package.swift" <<MANIFEST
// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "LayoutOnly",
    dependencies: [.package(name: "TextureLayout", path: "$library"$traits)],
    targets: [
        .executableTarget(
            name: "LayoutOnly", dependencies: [.product(name: "TextureLayoutCompat", package: "TextureLayout")]
        ),
    ]
)
MANIFEST
cat > "$dir/Sources/LayoutOnly/main.swift" <<'SOURCE'
import TextureLayoutCompat

let avatar = ASDisplayNode()
avatar.style.preferredSize = CGSize(width: 44, height: 44)
let cell = ASDisplayNode()
cell.layoutSpecBlock = { _, _ in
    ASInsetLayoutSpec(insets: UIEdgeInsets(top: 12, left: 12, bottom: 12, right: 12), child: avatar)
}
print(cell.layoutThatFits(ASSizeRangeMake(CGSize(width: 375, height: 0), CGSize(width: 375, height: 1000))).size)
SOURCE
cd "$dir"
rm -rf .build Package.resolved
start=$(date +%s%N)
swift build >build.log 2>&1 || { cat build.log; exit 1; }
end=$(date +%s%N)
swift run --skip-build LayoutOnly
fetched=$(ls .build/checkouts 2>/dev/null | wc -l)
ms=$(( (end - start) / 1000000 ))
printf 'layout-only client: first build %d.%d s, %d packages fetched (%s), library %s\n' $((ms / 1000)) $((ms % 1000 / 100)) \
    "$fetched" "$(ls .build/checkouts 2>/dev/null | tr '\n' ' ')" "$library"
