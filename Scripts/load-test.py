#!/usr/bin/env python3
"""Load test of `texture-layout serve` on loopback: starts the server on a free port, sends a bounded number of
mixed requests from concurrent clients (stopping early at a time limit), and reports requests per second, p50/p99
latency, the statuses (no 5xx allowed) and the server's resident memory before and after. Scrapes /metrics while the
load runs and once after it: the server's request total must equal the requests sent (warm-up included; scrapes are
not counted). Stops the server with SIGTERM and checks it exits 0. Exits 1 when any answer was a 5xx or unexpected,
a scrape failed, the totals differ, or the server did not exit cleanly.

`--cards N` sends, instead of the mix of every example and route, `POST /render?format=png` of the N share cards of
Scripts/compare-cards.py (the same documents its `render --jobs 2` draws), so that the server's requests per second
can be set against the command line's documents per second.

Usage: Scripts/load-test.py [--tool .build/release/texture-layout] [--clients 8] [--requests 2400] [--seconds 300]
           [--cards N]
Build first: swift build -c release --product texture-layout
"""
import argparse
import http.client
import importlib.util
import json
import os
import sys
import threading
import time

import served_tool

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def share_cards(count):
    """Scripts/compare-cards.py's share cards (documents as JSON values)."""
    spec = importlib.util.spec_from_file_location("compare_cards", os.path.join(ROOT, "Scripts/compare-cards.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.cards(count)


def requests_total(exposition):
    """The sum of texture_layout_http_requests_total over its labels, in a Prometheus text exposition."""
    return int(sum(float(line.rsplit(" ", 1)[1]) for line in exposition.splitlines()
                   if line.startswith("texture_layout_http_requests_total{")))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tool", default=os.path.join(ROOT, ".build/release/texture-layout"))
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--requests", type=int, default=2400)
    parser.add_argument("--seconds", type=float, default=300, help="stop sending after this long")
    parser.add_argument("--scrape-interval", type=float, default=0.5, help="seconds between scrapes of /metrics")
    parser.add_argument("--cards", type=int, help="send only /render?format=png of this many share cards")
    args = parser.parse_args()

    examples = os.path.join(ROOT, "Examples")
    documents = {}
    for name in sorted(os.listdir(examples)):
        if name.endswith(".json"):
            with open(os.path.join(examples, name), "rb") as file:
                documents[name[:-5]] = file.read()
    names = sorted(documents)
    broken = b'{"root": {"type": "stack", "children": [{"type": "node", "size": [1, "x"]}]}}'

    # The mix: (method, path, body, expected status).
    mix = []
    for index, name in enumerate(names):
        body = documents[name]
        mix += [("POST", "/layout", body, 200), ("POST", "/render?format=svg", body, 200),
                ("POST", "/render?format=ascii", body, 200), ("POST", "/validate", body, 200),
                ("POST", f"/layout?width={200 + 10 * index}", body, 200)]
        if index % 3 == 0:
            mix.append(("POST", "/render?format=png", body, 200))
    mix += [("GET", "/health", None, 200), ("GET", "/", None, 200), ("POST", "/layout", broken, 422),
            ("GET", "/nowhere", None, 404)]
    if args.cards:
        mix = [("POST", "/render?format=png", json.dumps(card, ensure_ascii=False).encode(), 200)
               for card in share_cards(args.cards)]

    server, port = served_tool.start(args.tool, "--examples", examples)
    if server is None:
        return 1
    rss_start = rss_kib(server.pid)

    def send(connection, request):
        method, path, body, _ = request
        headers = {"Content-Type": "application/json"} if body is not None else {}
        started = time.perf_counter()
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        response.read()
        return response.status, time.perf_counter() - started

    # Warm-up: every request of the mix once, so that "before" is the memory of a server that has served each kind.
    warm = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    for request in mix:
        send(warm, request)
    warm.close()
    rss_before = rss_kib(server.pid)

    warm_up_requests = len(mix)
    lock = threading.Lock()
    latencies, statuses, unexpected = [], {}, []
    scrapes = []
    next_index = [0]
    deadline = time.monotonic() + args.seconds

    def client():
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)  # keep-alive
        while time.monotonic() < deadline:
            with lock:
                index = next_index[0]
                if index >= args.requests:
                    break
                next_index[0] += 1
            request = mix[index % len(mix)]
            try:
                status, latency = send(connection, request)
            except (OSError, http.client.HTTPException) as failure:
                connection.close()
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
                status, latency = f"connection error: {failure}", 0
            with lock:
                statuses[status] = statuses.get(status, 0) + 1
                latencies.append(latency)
                if status != request[3]:
                    unexpected.append((request[0], request[1], status))
        connection.close()

    def scraper():
        # /metrics while the load runs: each scrape must answer and parse; scrapes are not counted by the server.
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        while not done.is_set():
            connection.request("GET", "/metrics")
            response = connection.getresponse()
            scrapes.append((response.status, requests_total(response.read().decode())))
            done.wait(args.scrape_interval)
        connection.close()

    done = threading.Event()
    started = time.perf_counter()
    threads = [threading.Thread(target=client) for _ in range(args.clients)]
    watcher = threading.Thread(target=scraper)
    watcher.start()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    done.set()
    watcher.join()
    rss_after = rss_kib(server.pid)
    # After the load: every request sent (warm-up included) is counted once, by route and status.
    final = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    final.request("GET", "/metrics")
    counted = requests_total(final.getresponse().read().decode())
    final.close()
    sent = warm_up_requests + len(latencies)

    exit_status = served_tool.stop(server)

    latencies.sort()
    count = len(latencies)
    percentile = lambda p: latencies[min(count - 1, int(p * count))] * 1000 if count else 0
    server_errors = sum(n for status, n in statuses.items() if isinstance(status, int) and status >= 500)
    report = {
        "mix": f"{args.cards} share cards, /render?format=png" if args.cards else "every example and route",
        "clients": args.clients, "requests": count, "seconds": round(elapsed, 2),
        "requests_per_second": round(count / elapsed, 1) if elapsed else 0,
        "latency_ms": {"p50": round(percentile(0.50), 2), "p99": round(percentile(0.99), 2)},
        "statuses": {str(k): v for k, v in sorted(statuses.items(), key=lambda item: str(item[0]))},
        "5xx": server_errors, "unexpected": len(unexpected),
        "rss_kib": {"start": rss_start, "after_warm_up": rss_before, "after_load": rss_after},
        "metrics": {"scrapes_during_load": len(scrapes), "scrape_statuses": sorted({status for status, _ in scrapes}),
                    "requests_sent": sent, "requests_counted": counted,
                    "counted_while_loading": [total for _, total in scrapes][:3] + ["..."]},
        "server_exit_status": exit_status, "cores": os.cpu_count(),
    }
    print(json.dumps(report, indent=2))
    for item in unexpected[:10]:
        print("unexpected:", item)
    metrics_ok = counted == sent and scrapes and all(status == 200 for status, _ in scrapes)
    return 0 if server_errors == 0 and not unexpected and exit_status == 0 and metrics_ok else 1


if __name__ == "__main__":
    sys.exit(main())
