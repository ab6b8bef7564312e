#!/usr/bin/env python3
"""Writes a deep bench document: N nested stacks, alternating vertical and horizontal.

Each stack has spacing 1 and two children: a 2 x 2 leaf and the next stack; the innermost stack has two leaves.
The leaf of the stack halfway down is named "changed" (bench documents toggle its size to time re-layout).
The size range is unbounded. With --levels 1000 this is Benchmarks/Documents/deep.json, byte for byte; the
default, 10,000 levels (20,001 elements, about 20,000 levels of JSON), is for tests of depth.

    Scripts/make-deep.py > /tmp/deep-10000.json
    Scripts/make-deep.py --levels 1000 /tmp/deep.json

The document is written iteratively, so any depth can be generated.
"""

import argparse
import sys

LEAF = '{"type":"node","size":[2,2]}'
CHANGED = '{"type":"node","size":[2,2],"name":"changed"}'


def deep_document(levels):
    if levels < 1:
        raise ValueError("levels must be at least 1")
    parts = ['{"sizeRange":{"min":[0,0],"max":["inf","inf"]},"root":']
    for level in range(levels):
        direction = "vertical" if level % 2 == 0 else "horizontal"
        leaf = CHANGED if level == levels // 2 else LEAF
        parts.append(f'{{"type":"stack","direction":"{direction}","spacing":1,"children":[{leaf},')
    parts.append(LEAF)
    parts.append("]}" * levels)
    parts.append("}\n")
    return "".join(parts)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("output", nargs="?", help="the file to write (default: standard output)")
    parser.add_argument("--levels", type=int, default=10_000, help="nested stacks (default 10000)")
    args = parser.parse_args()
    if args.levels < 1:
        parser.error("--levels must be at least 1")
    text = deep_document(args.levels)
    if args.output:
        with open(args.output, "w") as file:
            file.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
