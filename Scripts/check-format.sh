#!/usr/bin/env bash
# Fails when a Swift file is not as the toolchain's formatter (`swift format`, configured by .swift-format) writes
# it, listing the files; `Scripts/check-format.sh --fix` rewrites them in place instead.
set -euo pipefail
cd "$(dirname "$0")/.."

folders=(Sources Tests Package.swift)
if [ "${1:-}" = "--fix" ]; then
    swift format format --in-place --recursive --parallel "${folders[@]}"
    exit 0
fi
# `lint --strict` reports every line the formatter would change as a warning and exits non-zero on any.
if ! output=$(swift format lint --strict --recursive --parallel "${folders[@]}" 2>&1); then
    echo "$output" | cut -d: -f1 | sort -u | sed 's/^/check-format: not formatted: /' >&2
    echo "check-format: run Scripts/check-format.sh --fix" >&2
    exit 1
fi
