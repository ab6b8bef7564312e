#!/usr/bin/env python3
"""Counts the public API of each module from its source: declarations marked `public` or `open` (types,
functions, properties, initializers, subscripts, cases of public enums are not counted separately).

Usage: Scripts/public-symbols.py [REVISION]   (default: the working tree; a git revision reads that commit's files)

A count from source, not from the compiler's symbol graph: it is the same rule for every revision, which is what a
before/after comparison needs, and it needs no build.
"""
import re
import subprocess
import sys
from collections import Counter

DECLARATION = re.compile(
    r"^\s*(?:@[\w().:, ]+\s+)*(?:(?:final|static|class|nonisolated|override|required|convenience|mutating|"
    r"@discardableResult|@inlinable|@inline\(__always\))\s+)*(public|open)(?:\(set\))?\s+(?:(?:final|static|class|"
    r"override|required|convenience|mutating|nonisolated|indirect|lazy)\s+)*"
    r"(struct|enum|class|protocol|actor|typealias|func|var|let|init|subscript|case|extension)\b"
)


def files(revision):
    if revision is None:
        names = subprocess.run(["git", "ls-files", "Sources"], capture_output=True, text=True, check=True).stdout
        for name in names.split():
            if name.endswith(".swift"):
                try:
                    yield name, open(name, encoding="utf-8").read()
                except FileNotFoundError:
                    continue
        return
    names = subprocess.run(["git", "ls-tree", "-r", "--name-only", revision, "Sources"], capture_output=True,
                           text=True, check=True).stdout
    for name in names.split():
        if name.endswith(".swift"):
            yield name, subprocess.run(["git", "show", f"{revision}:{name}"], capture_output=True, text=True,
                                       check=True).stdout


def main():
    revision = sys.argv[1] if len(sys.argv) > 1 else None
    counts = Counter()
    for name, text in files(revision):
        module = name.split("/")[1]
        for line in text.split("\n"):
            match = DECLARATION.match(line)
            if match and match.group(2) != "extension":
                counts[module] += 1
    for module in sorted(counts):
        print(f"{module}: {counts[module]}")
    print(f"total: {sum(counts.values())}")


if __name__ == "__main__":
    main()
