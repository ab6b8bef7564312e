#!/usr/bin/env python3
"""The server under abuse: starts `texture-layout serve --timeout 1` on loopback and sends, three times in a row each,
the two requests that once held a core long after their answer: a text of one letter and a million combining marks
(`POST /layout`), and a PNG of 150,000 named nodes (`POST /render?format=png`); and a PNG whose time goes into
encoding (a radial gradient of 16.6 million pixels), which went on after its answer until the PNG writer learned to
stop. Right after each answer it sends a small layout and times it (the abandoned work, if it still ran, would slow
it down); then it samples the server's CPU time every 10 ms (the kernel counts it in 10 ms ticks) for a second from
the answer and reports when the server went quiet: the start of the first 50 ms in which it used less than 10 ms of
CPU (`stopped_after_s`, the issue's "stops using its core within 100 ms of its 503"), the end of that window
(`idle_after_s`), the CPU time it used from the answer until it stopped (`cpu_until_stopped_s`: the small layout and
the freeing of the abandoned document's memory included; on a loaded machine the wall time to stop is this CPU time
stretched by the wait for a core), and the last sample in that second at which its CPU time grew (`last_cpu_tick_s`:
any work at all, a stray tick of the server's own timers included).

Bounds (issue #30): every answer within 2.5 s, the small layout sent right after it answered within 0.5 s, the
server idle within 1 s of each answer; the aim of 100 ms is reported (`stopped_after_s`), not enforced: at 10 ms
ticks on a shared machine it is within the measurement's noise. Prints one JSON line per request and a summary;
exits 1 when a bound is missed or the server does not stop cleanly on SIGTERM.

Usage: Scripts/abuse-test.py [--tool .build/release/texture-layout] [--rounds 3] [--timeout 1]
Build first: swift build -c release --product texture-layout
"""
import argparse
import http.client
import json
import os
import sys
import time

import served_tool

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    """The process's user and system CPU time so far (all threads)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def quiet_after(pid, since, window=0.05, busy=0.01, step=0.01, observe=1.0):
    """Samples the process's CPU time every `step` until `observe` seconds after `since` (a time.monotonic()) and
    returns (stopped, idle, used, last tick): it stopped at the start of the first `window` in which it used less
    than `busy` seconds of CPU and was idle at that window's end (seconds after `since`; None, None when no window
    was quiet), used `used` seconds of CPU before it stopped, and last used CPU at the last sample whose CPU time
    was above the one before."""
    samples = [(time.monotonic() - since, cpu_seconds(pid))]
    while samples[-1][0] < observe:
        time.sleep(step)
        samples.append((time.monotonic() - since, cpu_seconds(pid)))
    per_window = round(window / step)
    stopped = idle = None
    used = samples[-1][1] - samples[0][1]
    for index in range(len(samples) - per_window):
        (begin, cpu_begin), (end, cpu_end) = samples[index], samples[index + per_window]
        if cpu_end - cpu_begin < busy:
            stopped, idle, used = begin, end, cpu_begin - samples[0][1]
            break
    ticks = [when for (when, cpu), (_, before) in zip(samples[1:], samples) if cpu > before]
    return stopped, idle, used, ticks[-1] if ticks else 0.0


def marks_document(count=1_000_000):
    text = "a" + "\u0301" * (count - 1)
    return json.dumps({"root": {"type": "text", "name": "marks", "text": text}}, ensure_ascii=False).encode()


def grid_document(count=150_000):
    # A wrapping row: 500 nodes of 4 x 4 points a row, 300 rows, a 2000 x 1200 point picture (4000 x 2400 pixels
    # at scale 2), within the picture limits, so the server really draws it.
    children = [{"type": "node", "name": f"n{i}", "size": [4, 4], "color": "#4a90d9"} for i in range(count)]
    root = {"type": "stack", "name": "grid", "direction": "horizontal", "flexWrap": "wrap", "children": children}
    return json.dumps({"sizeRange": {"min": [2000, 0], "max": [2000, "inf"]}, "root": root}).encode()


def gradient_document():
    # One node of 2040 x 2040 points at scale 2 with a radial gradient: 16.6 million pixels, within the PNG
    # limits; drawing it is one fill, and encoding it (libpng's filters and zlib) is most of its time.
    return json.dumps({"scale": 2, "root": {"type": "node", "size": [2040, 2040], "backgroundGradient": {
        "type": "radial", "colors": ["#ff0000", "#00ff00", "#0000ff", "#ffffff"],
        "startPoint": [0.5, 0.5], "endPoint": [0.6, 0.55]}}}).encode()


SMALL = json.dumps({"root": {"type": "stack", "children": [
    {"type": "node", "name": "a", "size": [40, 30]}, {"type": "text", "name": "b", "text": "Hello"}]}}).encode()


def send(port, path, body):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    started = time.monotonic()
    connection.request("POST", path, body=body, headers={"Content-Type": "application/json"})
    response = connection.getresponse()
    payload = response.read()
    elapsed = time.monotonic() - started
    connection.close()
    return response.status, elapsed, payload


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tool", default=os.path.join(ROOT, ".build/release/texture-layout"))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=1)
    args = parser.parse_args()

    kinds = [("million combining marks", "/layout", marks_document()),
             ("150,000-node PNG", "/render?format=png", grid_document()),
             ("16.6-million-pixel gradient PNG", "/render?format=png", gradient_document())]
    server, port = served_tool.start(args.tool, "--timeout", str(args.timeout), "--max-body", str(64 << 20))
    if server is None:
        return 1
    status, _, _ = send(port, "/layout", SMALL)  # warm-up: fonts found, workers started
    failures = []
    for name, path, body in kinds:
        for round in range(1, args.rounds + 1):
            status, answered, _ = send(port, path, body)
            since = time.monotonic()
            small_status, small, _ = send(port, "/layout", SMALL)
            stopped, idle, used, last_tick = quiet_after(server.pid, since)
            record = {"request": name, "round": round, "bytes": len(body), "status": status,
                      "answered_s": round_to(answered), "small_layout_status": small_status,
                      "small_layout_s": round_to(small), "stopped_after_s": round_to(stopped),
                      "idle_after_s": round_to(idle), "cpu_until_stopped_s": round_to(used),
                      "last_cpu_tick_s": round_to(last_tick)}
            print(json.dumps(record))
            if answered > 2.5:
                failures.append(f"{name} #{round}: answered after {answered:.2f} s (bound 2.5 s)")
            if idle is None:
                failures.append(f"{name} #{round}: CPU busy for a second after the answer (bound 1 s)")
            if small > 0.5 or small_status != 200:
                failures.append(f"{name} #{round}: small layout {small_status} after {small:.2f} s (bound 0.5 s)")
    exit_status = served_tool.stop(server)
    if exit_status != 0:
        failures.append(f"server exit status {exit_status}")
    print(json.dumps({"cores": os.cpu_count(), "timeout_s": args.timeout, "failures": failures}))
    return 1 if failures else 0


def round_to(value):
    return None if value is None else round(value, 3)


if __name__ == "__main__":
    sys.exit(main())
