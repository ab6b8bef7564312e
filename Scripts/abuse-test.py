#!/usr/bin/env python3
"""The server under abuse: starts `texture-layout serve --timeout 1` on loopback and sends, three times in a row each,
the two requests that once held a core long after their answer: a text of one letter and a million combining marks
(`POST /layout`), and a PNG of 150,000 named nodes (`POST /render?format=png`); and a PNG whose time goes into
encoding (a radial gradient of 16.6 million pixels), which went on after its answer until the PNG writer learned to
stop. Right after each answer it sends a small layout and times it (the abandoned work, if it still ran, would slow
it down); then it samples the server's CPU time every 5 ms for a second from the answer (the scheduler's count of
each thread's time in nanoseconds, `/proc/PID/task/TID/schedstat`, not `/proc/PID/stat`'s 10 ms ticks) and reports
when the server went quiet: the start of the first 50 ms in which it used less than 5 ms of CPU (`stopped_after_s`,
the issue's "stops using its core within 100 ms of its 503"), the end of that window (`idle_after_s`), the CPU time
it used from the answer until it stopped (`cpu_until_stopped_s`: the small layout and the freeing of the abandoned
document's memory included; on a loaded machine the wall time to stop is this CPU time stretched by the wait for a
core), and the last 5 ms step in that second in which it used more than a millisecond of CPU (`last_busy_step_s`:
any work at all, the server's own timers included), and the threads that used most of that CPU
(`threads_until_stopped`: name/thread id and seconds).

Bounds (issue #30): every answer within 2.5 s, the small layout sent right after it answered within 0.5 s, the
server idle within 1 s of each answer; `--stop-bound 0.1` also fails a 503 after which the server did not stop
within 100 ms (the issue's aim; a loaded machine stretches it). `--kinds grid` sends only the 150,000-node PNG.
Prints one JSON line per request and a summary; exits 1 when a bound is missed or the server does not stop cleanly
on SIGTERM.

Usage: Scripts/abuse-test.py [--tool .build/release/texture-layout] [--rounds 3] [--timeout 1]
                             [--kinds marks,grid,gradient] [--stop-bound SECONDS]
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
class ServerCPU:
    """The CPU time a process's threads have used, in nanoseconds as the scheduler counts it
    (`/proc/PID/task/TID/schedstat`), not in the 10 ms ticks of `/proc/PID/stat`: a thread that ends keeps the
    time it was last seen with."""

    def __init__(self, pid):
        self.pid = pid
        self.threads = {}
        self.names = {}

    def seconds(self):
        for tid in os.listdir(f"/proc/{self.pid}/task"):
            try:
                with open(f"/proc/{self.pid}/task/{tid}/schedstat") as stat:
                    self.threads[tid] = int(stat.read().split()[0])
                if tid not in self.names:
                    with open(f"/proc/{self.pid}/task/{tid}/comm") as comm:
                        self.names[tid] = comm.read().strip()
            except (FileNotFoundError, ProcessLookupError, IndexError, ValueError):
                pass  # the thread ended between the listing and the read
        return sum(self.threads.values()) / 1e9

    def by_thread(self):
        """Each thread's CPU time in nanoseconds as last read by seconds()."""
        return dict(self.threads)

    def busiest(self, before, after, count=3):
        """The `count` threads that used the most CPU between two by_thread() readings: [name/tid, seconds]."""
        used = sorted(((after[tid] - before.get(tid, 0), tid) for tid in after), reverse=True)[:count]
        return [[f"{self.names.get(tid, '?')}/{tid}", round(ns / 1e9, 4)] for ns, tid in used if ns > 0]


def quiet_after(cpu, since, window=0.05, busy=0.005, step=0.005, observe=1.0):
    """Samples the process's CPU time every `step` until `observe` seconds after `since` (a time.monotonic()) and
    returns (stopped, idle, used, last, threads): it stopped at the start of the first `window` in which it used
    less than `busy` seconds of CPU and was idle at that window's end (seconds after `since`; None, None when no
    window was quiet), used `used` seconds of CPU before it stopped, and last used more than a millisecond of CPU
    in one step at `last` (any work at all, the server's own timers included); `threads` are the threads that used
    the most of `used` (name/tid and seconds)."""
    samples = [(time.monotonic() - since, cpu.seconds(), cpu.by_thread())]
    while samples[-1][0] < observe:
        time.sleep(step)
        samples.append((time.monotonic() - since, cpu.seconds(), cpu.by_thread()))
    stopped = idle = None
    used, until = samples[-1][1] - samples[0][1], samples[-1][2]
    for index, (begin, cpu_begin, threads_begin) in enumerate(samples):
        end_index = next((i for i in range(index, len(samples)) if samples[i][0] >= begin + window), None)
        if end_index is None:
            break
        end, cpu_end, _ = samples[end_index]
        if cpu_end - cpu_begin < busy:
            stopped, idle, used, until = begin, end, cpu_begin - samples[0][1], threads_begin
            break
    busy_steps = [when for (when, value, _), (_, before, _) in zip(samples[1:], samples) if value - before > 0.001]
    return stopped, idle, used, busy_steps[-1] if busy_steps else 0.0, cpu.busiest(samples[0][2], until)


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


# The requests, by the name --kinds takes: what each is, where it goes, and how its body is made.
KINDS = {
    "marks": ("million combining marks", "/layout", marks_document),
    "grid": ("150,000-node PNG", "/render?format=png", grid_document),
    "gradient": ("16.6-million-pixel gradient PNG", "/render?format=png", gradient_document),
}


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
    parser.add_argument("--kinds", default=",".join(KINDS),
                        help="which requests, comma-separated: " + ", ".join(KINDS) + " (default: all)")
    parser.add_argument("--stop-bound", type=float, default=None,
                        help="also fail when the server has not stopped this many seconds after a 503 "
                        "(the issue's aim is 0.1)")
    args = parser.parse_args()

    chosen = args.kinds.split(",")
    unknown = [kind for kind in chosen if kind not in KINDS]
    if unknown:
        parser.error(f"--kinds: unknown {', '.join(unknown)} (known: {', '.join(KINDS)})")
    server, port = served_tool.start(args.tool, "--timeout", str(args.timeout), "--max-body", str(64 << 20))
    if server is None:
        return 1
    cpu = ServerCPU(server.pid)
    status, _, _ = send(port, "/layout", SMALL)  # warm-up: fonts found, workers started
    failures = []
    for kind in chosen:
        name, path, make = KINDS[kind]
        body = make()
        for round in range(1, args.rounds + 1):
            status, answered, _ = send(port, path, body)
            since = time.monotonic()
            small_status, small, _ = send(port, "/layout", SMALL)
            stopped, idle, used, last_busy, threads = quiet_after(cpu, since)
            record = {"request": name, "round": round, "bytes": len(body), "status": status,
                      "answered_s": round_to(answered), "small_layout_status": small_status,
                      "small_layout_s": round_to(small), "stopped_after_s": round_to(stopped),
                      "idle_after_s": round_to(idle), "cpu_until_stopped_s": round_to(used),
                      "last_busy_step_s": round_to(last_busy), "threads_until_stopped": threads}
            print(json.dumps(record), flush=True)
            if answered > 2.5:
                failures.append(f"{name} #{round}: answered after {answered:.2f} s (bound 2.5 s)")
            if idle is None:
                failures.append(f"{name} #{round}: CPU busy for a second after the answer (bound 1 s)")
            if small > 0.5 or small_status != 200:
                failures.append(f"{name} #{round}: small layout {small_status} after {small:.2f} s (bound 0.5 s)")
            if args.stop_bound is not None and status == 503 and (stopped is None or stopped > args.stop_bound):
                failures.append(f"{name} #{round}: stopped {stopped} s after its 503 (bound {args.stop_bound} s)")
    exit_status = served_tool.stop(server)
    if exit_status != 0:
        failures.append(f"server exit status {exit_status}")
    print(json.dumps({"cores": os.cpu_count(), "load_average": os.getloadavg()[0], "timeout_s": args.timeout,
                      "failures": failures}))
    return 1 if failures else 0


def round_to(value):
    return None if value is None else round(value, 3)


if __name__ == "__main__":
    sys.exit(main())
