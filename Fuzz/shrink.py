#!/usr/bin/env python3
"""Shrinks a layout document that fails an invariant to a small one that still fails the same way.

    Fuzz/shrink.py FUZZER INPUT OUTPUT [PATTERN]

FUZZER is the fuzz target built by Scripts/fuzz.sh (.build-fuzz/fuzz/bin/fuzz-layout); given a file it checks that
one input. A candidate still fails when the target exits non-zero and its output matches PATTERN (a regular
expression, default "FUZZ INVARIANT FAILED"). Set FUZZ_CHANGES (e.g. 200) and FUZZ_SEED in the environment to
make the target try many changes of the document, so that a caching bug found by one random change is still
found after the document shrinks.

The shrinking is greedy over the JSON tree: drop array items, replace an element by one of the elements it holds,
drop object members, and simplify numbers, for as long as any of these keeps the failure.
"""
import json
import os
import re
import subprocess
import sys
import tempfile


def fails(fuzzer, document, pattern):
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(document, f, separators=(",", ":"))
        path = f.name
    try:
        env = dict(os.environ, SWIFT_BACKTRACE="enable=no")
        run = subprocess.run([fuzzer, path], capture_output=True, text=True, timeout=120, env=env)
        return run.returncode != 0 and re.search(pattern, run.stdout + run.stderr) is not None
    except subprocess.TimeoutExpired:
        return False
    finally:
        os.unlink(path)


def paths(value, path=()):
    """Every path in the tree, parents before children."""
    yield path
    if isinstance(value, dict):
        for key in list(value):
            yield from paths(value[key], path + (key,))
    elif isinstance(value, list):
        for index in range(len(value)):
            yield from paths(value[index], path + (index,))


def get(value, path):
    for step in path:
        value = value[step]
    return value


def replaced(document, path, new):
    copy = json.loads(json.dumps(document))
    if not path:
        return new
    parent = get(copy, path[:-1])
    parent[path[-1]] = new
    return copy


def removed(document, path):
    copy = json.loads(json.dumps(document))
    parent = get(copy, path[:-1])
    del parent[path[-1]]
    return copy


def candidates(document):
    for path in list(paths(document)):
        try:
            value = get(document, path)
        except (KeyError, IndexError, TypeError):
            continue
        if path and path[-1] not in ("root", "type"):
            yield removed(document, path)
        if isinstance(value, dict) and "type" in value:
            for key in ("child", "overlay", "background", "corner", "layout"):
                if isinstance(value.get(key), dict):
                    yield replaced(document, path, value[key])
            for item in value.get("children", []) or []:
                if isinstance(item, dict):
                    yield replaced(document, path, item)
        if isinstance(value, float) or (isinstance(value, int) and not isinstance(value, bool)):
            for simpler in (0, 1, 10, 100, round(value)):
                if simpler != value and abs(simpler) < abs(value) + 1:
                    yield replaced(document, path, simpler)


def main():
    if len(sys.argv) < 4:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    fuzzer, source, target = sys.argv[1:4]
    pattern = sys.argv[4] if len(sys.argv) > 4 else "FUZZ INVARIANT FAILED"
    with open(source) as f:
        document = json.load(f)
    if not fails(fuzzer, document, pattern):
        print("shrink.py: the input does not fail", file=sys.stderr)
        sys.exit(1)
    progress = True
    while progress:
        progress = False
        for candidate in candidates(document):
            if len(json.dumps(candidate)) < len(json.dumps(document)) and fails(fuzzer, candidate, pattern):
                document = candidate
                progress = True
                print(f"shrink.py: {len(json.dumps(document))} bytes", file=sys.stderr)
                break
    with open(target, "w") as f:
        json.dump(document, f, indent=1)
        f.write("\n")
    print(json.dumps(document))


if __name__ == "__main__":
    main()
