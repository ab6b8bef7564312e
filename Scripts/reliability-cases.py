#!/usr/bin/env python3
"""Each case of issue #30's list, run through the command line (and the server for the picture limit) with
`/usr/bin/time -v`: the wall time, the peak resident memory and the exit status, and the line on standard error.

The issue measured the tool before its work (release build of 86c570b): "a" with 19,999 combining acutes 0.55 s
(the README's run: 2.91 s), 79,999 9.4 s (7 min 11 s), 999,999 about 25 minutes; a 200 MB document whose first key
is unknown 5-11 s and 2.5-3.7 GB before "unknown key"; 1 GB of NUL bytes read whole before "expected a value";
`--width 9999999` drew a 1,024,774 x 16 PNG; invalid UTF-8 replaced silently; a damaged font "FreeType error 85"
with the server's path; `maxLines: 1e20` "expected a whole number"; `--scale 1e-300` blamed the width.

Each case says what the tool must do now (the exit status, words its error line must hold, and bounds on CPU time
(user and system: on a shared machine the wall time says more about the load than about the tool) and on peak
memory); exits 1 when one does not.
Prints one JSON line per case and a summary.

Usage: Scripts/reliability-cases.py [--tool .build/release/texture-layout] [--work DIR] [--skip-large]
Build first: swift build -c release --product texture-layout (timings are only meaningful in release).
--skip-large leaves out the 200 MB and 1 GB inputs.
"""
import argparse
import http.client
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

import served_tool

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MB = 1 << 20


def timed(command, stdin_command=None):
    """Runs `command` under /usr/bin/time -v (fed by `stdin_command` through a pipe when given) and returns
    (exit status, wall seconds, CPU seconds (user and system), peak RSS in MB, standard error)."""
    with tempfile.NamedTemporaryFile(mode="r", suffix=".time") as report:
        full = ["/usr/bin/time", "-v", "-o", report.name] + command
        if stdin_command:
            feeder = subprocess.Popen(stdin_command, stdout=subprocess.PIPE)
            run = subprocess.run(full, stdin=feeder.stdout, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                 text=True, errors="replace")
            feeder.stdout.close()
            feeder.kill()
            feeder.wait()
        else:
            run = subprocess.run(full, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.PIPE, text=True, errors="replace")
        text = report.read()
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)", text)
    seconds = (int(wall.group(1) or 0) * 3600 + int(wall.group(2)) * 60 + float(wall.group(3))) if wall else None
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", text)
    cpu = sum(float(value) for value in re.findall(r"(?:User|System) time \(seconds\): ([\d.]+)", text))
    return run.returncode, seconds, cpu, int(rss.group(1)) / 1024 if rss else None, run.stderr.strip()


def write(folder, name, content):
    path = os.path.join(folder, name)
    with open(path, "wb") as f:
        f.write(content if isinstance(content, bytes) else content.encode())
    return path


def marks(count):
    return json.dumps({"root": {"type": "text", "name": "marks", "text": "a" + "\u0301" * (count - 1)}},
                      ensure_ascii=False)


def unknown_first_key(path, size):
    """A document of about `size` bytes whose first key is not in the format, followed by a large array."""
    element = b"0.125,"
    with open(path, "wb") as f:
        f.write(b'{"colour": [')
        chunk = element * (MB // len(element))
        for _ in range(size // len(chunk)):
            f.write(chunk)
        f.write(b'0], "root": {"type": "node", "size": [10, 10]}}')
    return path


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tool", default=os.path.join(ROOT, ".build/release/texture-layout"))
    parser.add_argument("--work", help="folder for the inputs (default: a temporary one, removed at the end)")
    parser.add_argument("--skip-large", action="store_true")
    args = parser.parse_args()
    tool = os.path.abspath(args.tool)
    work = args.work or tempfile.mkdtemp(prefix="reliability-")
    os.makedirs(work, exist_ok=True)

    font = subprocess.run(["fc-match", "-f", "%{file}", "DejaVu Sans"], capture_output=True, text=True).stdout
    with open(font, "rb") as f:
        damaged = f.read()[:100_000]  # the table directory promises far more than the file holds
    write(work, "damaged.ttf", damaged)
    small = '{"root": {"type": "node", "name": "a", "size": [40, 30]}}'

    # (name, command, stdin command or None, expected status, words the error line holds, max CPU seconds, max MB)
    cases = [
        ("19,999 combining marks", ["layout", write(work, "marks-20k.json", marks(20_000))], None, 0, None, 1, 100),
        ("79,999 combining marks", ["layout", write(work, "marks-80k.json", marks(80_000))], None, 0, None, 2, 200),
        ("999,999 combining marks", ["layout", write(work, "marks-1m.json", marks(1_000_000))], None, 0, None, 10, 1024),
        ("100,000 x 'a\u03b1 ' at width 100",
         ["layout", write(work, "mixed.json", json.dumps({"sizeRange": {"min": [100, 0], "max": [100, "inf"]},
                                                          "root": {"type": "text", "text": "a\u03b1 " * 100_000}},
                                                         ensure_ascii=False))], None, 0, None, 10, 1024),
        ("--width 9999999 PNG", ["render", write(work, "small.json", small), "--width", "9999999", "--format",
                                 "png", "-o", os.path.join(work, "wide.png")], None, 2, "--width", 5, 200),
        ("invalid UTF-8", ["layout", write(work, "utf8.json", b'{"root": {"type": "text", "text": "a\xff"}}')],
         None, 2, "UTF-8", 5, 200),
        ("lone surrogate escape", ["layout", write(work, "surrogate.json", '{"root": {"type": "text", "text": "\\ud800"}}')],
         None, 2, "surrogate", 5, 200),
        ("damaged font", ["layout", write(work, "font.json", json.dumps(
            {"fonts": {"body": {"file": "damaged.ttf"}}, "root": {"type": "text", "font": "body", "text": "a"}}))],
         None, 2, "damaged.ttf", 5, 200),
        ("maxLines 1e20", ["layout", write(work, "lines.json", '{"root": {"type": "text", "text": "a", "maxLines": 1e20}}')],
         None, 2, "too large", 5, 200),
        ("--scale 1e-300", ["layout", os.path.join(work, "small.json"), "--scale", "1e-300"], None, 2, "--scale", 5, 200),
        ("--timeout 0.5 on a 150,000-node PNG",
         ["render", write(work, "grid.json", json.dumps({"sizeRange": {"min": [2000, 0], "max": [2000, "inf"]},
                                                         "root": {"type": "stack", "direction": "horizontal",
                                                                  "flexWrap": "wrap", "children": [
                                                                      {"type": "node", "name": f"n{i}", "size": [4, 4],
                                                                       "color": "#4a90d9"} for i in range(150_000)]}})),
          "--timeout", "0.5", "--format", "png", "-o", os.path.join(work, "grid.png")], None, 3, None, 1.5, 1024),
    ]
    if not args.skip_large:
        big = unknown_first_key(os.path.join(work, "unknown-first-key.json"), 200 * MB)
        nul = os.path.join(work, "nul.json")
        with open(nul, "wb") as f:
            f.truncate(1 << 30)  # a sparse file: reads as 1 GiB of NUL bytes
        cases += [
            ("200 MB document, first key unknown", ["layout", big], None, 2, "colour", 2, 100),
            ("1 GiB of NUL bytes from a file", ["layout", nul], None, 2, None, 2, 100),
            ("1 GiB of NUL bytes through a pipe", ["layout", "-"], ["head", "-c", str(1 << 30), "/dev/zero"], 2, None,
             2, 100),
        ]

    failures = []
    for name, arguments, feeder, status, words, max_seconds, max_mb in cases:
        code, seconds, cpu, rss, stderr = timed([tool] + arguments, feeder)
        line = stderr.splitlines()[0][:160] if stderr else ""
        record = {"case": name, "exit": code, "seconds": round(seconds, 2), "cpu_s": round(cpu, 2),
                  "peak_mb": round(rss, 1), "stderr": line}
        print(json.dumps(record, ensure_ascii=False))
        if code != status:
            failures.append(f"{name}: exit {code}, expected {status}")
        if words and words not in line:
            failures.append(f"{name}: the error line does not say {words!r}")
        if work in line:
            failures.append(f"{name}: the error line names a file by its full path")
        if status != 0 and (len(stderr.splitlines()) != 1):
            failures.append(f"{name}: {len(stderr.splitlines())} lines on standard error, expected 1")
        if cpu > max_seconds or rss > max_mb:
            failures.append(f"{name}: {cpu:.2f} s of CPU and {rss:.0f} MB (bound {max_seconds} s, {max_mb} MB)")

    # The server: the same picture limit answers 422, naming the parameter.
    server, port = served_tool.start(tool)
    if server is None:
        failures.append("the server did not start")
    else:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        started = time.monotonic()
        connection.request("POST", "/render?format=png&width=9999999", body=small,
                           headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        body = response.read().decode(errors="replace")
        record = {"case": "server /render?format=png&width=9999999", "status": response.status,
                  "seconds": round(time.monotonic() - started, 3), "body": body[:160]}
        print(json.dumps(record))
        if response.status != 422 or "width" not in body:
            failures.append(f"server: {response.status} {body[:100]}")
        if served_tool.stop(server) != 0:
            failures.append("server: did not stop cleanly")

    if not args.work:
        shutil.rmtree(work, ignore_errors=True)
    print(json.dumps({"failures": failures}))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
