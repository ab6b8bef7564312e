#!/usr/bin/env python3
"""Batch rendering as cli.md promises it, at the sizes issue #24 names (not part of `swift test`: a thousand cards
take minutes in a debug build).

1. A thousand share cards (Scripts/make-cards.py), ten of them bad: `render DIR/*.json -o OUT --format png
   --jobs 2` must exit 2 with nothing on standard output, draw the 990 good ones (each named after its document,
   each a PNG of 1200 x 630 pixels) and print one line per bad document on standard error, starting with its name
   and saying what `validate` says of it.
2. `--jobs 2` against `--jobs 1` on 100 cards: both draw the same 100 PNGs, byte for byte; each is timed
   --rounds times, interleaved, and the fastest and median wall times are printed.

Prints one JSON line per part; exits 1 when a check fails.

Usage: Scripts/batch-test.py [--tool .build/release/texture-layout] [--rounds 3] [--keep DIR]
                             [--documents 1000] [--bad 10] [--cards 100]
Build first: swift build -c release --product texture-layout
"""
import argparse
import glob
import json
import os
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def make_cards(folder, count, bad):
    subprocess.run([sys.executable, os.path.join(ROOT, "Scripts", "make-cards.py"), folder,
                    "--count", str(count), "--bad", str(bad)], check=True)
    return sorted(glob.glob(os.path.join(folder, "*.json")))


def png_size(path):
    with open(path, "rb") as f:
        header = f.read(24)
    if header[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    return struct.unpack(">II", header[16:24])


def render(tool, files, out, jobs):
    os.makedirs(out, exist_ok=True)
    started = time.monotonic()
    run = subprocess.run([tool, "render", *files, "-o", out, "--format", "png", "--jobs", str(jobs)],
                         capture_output=True, text=True)
    return run, time.monotonic() - started


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tool", default=os.path.join(ROOT, ".build/release/texture-layout"))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--keep", help="work in this folder and keep it (default: a temporary one)")
    parser.add_argument("--documents", type=int, default=1000)
    parser.add_argument("--bad", type=int, default=10)
    parser.add_argument("--cards", type=int, default=100)
    args = parser.parse_args()
    work = args.keep or tempfile.mkdtemp(prefix="batch-test-")
    failures = []

    # 1. A thousand documents, ten bad.
    files = make_cards(os.path.join(work, "thousand"), args.documents, args.bad)
    expected_bad = []
    for path in files:
        check = subprocess.run([args.tool, "validate", path], capture_output=True, text=True)
        if check.returncode != 0:
            expected_bad.append((path, check.stderr.strip()))
    run, seconds = render(args.tool, files, os.path.join(work, "out1000"), jobs=2)
    pictures = sorted(glob.glob(os.path.join(work, "out1000", "*")))
    lines = run.stderr.splitlines()
    good = {os.path.splitext(os.path.basename(path))[0] for path in files} - \
        {os.path.splitext(os.path.basename(path))[0] for path, _ in expected_bad}
    drawn = {os.path.splitext(os.path.basename(path))[0] for path in pictures}
    sizes = {png_size(path) for path in pictures}
    record = {"part": f"{args.documents} documents, {args.bad} bad", "exit_status": run.returncode, "pictures": len(pictures),
              "stderr_lines": len(lines), "stdout_bytes": len(run.stdout), "seconds": round(seconds, 2),
              "picture_sizes": sorted(str(size) for size in sizes)}
    print(json.dumps(record))
    if run.returncode != 2:
        failures.append(f"exit status {run.returncode}, expected 2")
    if len(expected_bad) != args.bad:
        failures.append(f"validate finds {len(expected_bad)} bad documents, expected {args.bad}")
    if drawn != good or len(pictures) != args.documents - args.bad:
        failures.append(f"{len(pictures)} pictures; missing {sorted(good - drawn)[:5]}, extra {sorted(drawn - good)[:5]}")
    if sizes != {(1200, 630)}:
        failures.append(f"picture sizes {sizes}")
    if run.stdout:
        failures.append("standard output is not empty")
    if len(lines) != args.bad:
        failures.append(f"{len(lines)} lines on standard error, expected {args.bad}")
    for (name, problem), line in zip(expected_bad, lines):
        # validate prints the document's own line; the batch puts the document's name (as given) before it.
        if not (line.startswith(name) and line.endswith(problem)):
            failures.append(f"stderr line {line!r} should name {name} and say {problem!r}")

    # 2. --jobs 2 against --jobs 1 on 100 cards.
    files = make_cards(os.path.join(work, "hundred"), args.cards, 0)
    times = {1: [], 2: []}
    for round_number in range(args.rounds):
        for jobs in (1, 2):
            out = os.path.join(work, f"out-jobs{jobs}")
            shutil.rmtree(out, ignore_errors=True)
            run, seconds = render(args.tool, files, out, jobs)
            if run.returncode != 0:
                failures.append(f"--jobs {jobs}: exit status {run.returncode}: {run.stderr[:200]}")
            times[jobs].append(seconds)
    one = sorted(glob.glob(os.path.join(work, "out-jobs1", "*.png")))
    two = sorted(glob.glob(os.path.join(work, "out-jobs2", "*.png")))
    same = len(one) == len(two) == args.cards and all(
        os.path.basename(a) == os.path.basename(b) and open(a, "rb").read() == open(b, "rb").read()
        for a, b in zip(one, two))
    if not same:
        failures.append(f"--jobs 1 and --jobs 2 did not draw the same {args.cards} PNGs")
    record = {"part": f"{args.cards} cards, --jobs 1 against --jobs 2", "rounds": args.rounds,
              "jobs1_s": {"min": round(min(times[1]), 3), "median": round(statistics.median(times[1]), 3)},
              "jobs2_s": {"min": round(min(times[2]), 3), "median": round(statistics.median(times[2]), 3)},
              "speedup_of_min": round(min(times[1]) / min(times[2]), 2), "identical_pngs": same,
              "cores": os.cpu_count(), "load_average": os.getloadavg()[0]}
    print(json.dumps(record))

    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    print(json.dumps({"failures": failures}))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
