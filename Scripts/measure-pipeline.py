#!/usr/bin/env python3
"""Measures texture-layout's whole pipeline: reading, whole-process `layout`, peak memory and batches.

- reading: `texture-layout bench FEED --pipeline` (bytes in memory parsed, checked and built into elements)
  against orjson.loads on the same bytes, both the best of several runs in this process's run;
- validate: the whole `texture-layout validate FEED` process against orjson.loads of the same bytes, rounds of one
  each alternating (orjson's own time moves by half between runs on a busy machine), the lowest of each;
- layout, whole process: the wall time of `texture-layout layout FEED` (output to /dev/null), best of several;
- memory: the peak resident set (`/usr/bin/time -f %M`) of `texture-layout layout` on FEED minus that on a
  one-element document, per element of FEED;
- batches: 2,000 small card documents laid out by one `texture-layout layout CARDS... --jobs N` process, with
  --jobs 1 and 2, and by one process per document (`xargs -P 2`, both cores busy);
- text: the text benchmark feed (Scripts/make-text-feed.py: 1,000 cells whose titles, subtitles, times and bodies
  are `text` elements), timed by `texture-layout bench --second-width 320` per character of text: a full layout,
  a re-layout after one text changes, and a layout at a second width of a document just laid out at its own.

FEED is the benchmark feed made 10 times longer (10,000 cells, 150,001 elements), written by
Benchmarks/Documents/generate.py. The inputs are written to .build-peers/pipeline/ on first use.

    Scripts/measure-pipeline.py                   # prints its own table
    Scripts/compare-peers.py                      # prints these rows with the peers' in one table

Needs orjson (Scripts/setup installs it; compare-peers.py's environment has it).
"""

import argparse
import importlib.util
import json
import os
import random
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, ".build-peers", "pipeline")
DEFAULT_BINARY = os.path.join(ROOT, ".build", "release", "texture-layout")
FEED_CELLS = 10_000
CARDS = 2_000
TINY_DOCUMENT = '{"root": {"type": "node", "name": "box", "size": [1, 1]}}\n'


def generator():
    """Benchmarks/Documents/generate.py as a module (it writes the benchmark documents)."""
    path = os.path.join(ROOT, "Benchmarks", "Documents", "generate.py")
    spec = importlib.util.spec_from_file_location("generate", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def write_if_missing(path, text):
    if not os.path.exists(path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path + ".partial", "w") as file:
            file.write(text)
        os.replace(path + ".partial", path)
    return path


def name_every_element(element, prefix):
    """Names every element of a card (e0, e1, ... in pre-order) so that its output lists all frames."""
    count, pending = 0, [element]
    while pending:
        current = pending.pop()
        current.setdefault("name", f"{prefix}{count}")
        count += 1
        pending += reversed(current.get("children", []))
        pending += [current[key] for key in ("child", "overlay", "background", "corner", "layout") if key in current]


def inputs():
    """(feed path, tiny path, card paths, text feed path), written on first use."""
    generate = generator()
    feed = os.path.join(WORK, f"feed-{FEED_CELLS}.json")
    if not os.path.exists(feed):
        write_if_missing(feed, json.dumps(generate.gen_feed(cells=FEED_CELLS), separators=(",", ":")) + "\n")
    tiny = write_if_missing(os.path.join(WORK, "tiny.json"), TINY_DOCUMENT)
    cards = []
    for index in range(CARDS):
        path = os.path.join(WORK, "cards", f"card-{index:04}.json")
        if not os.path.exists(path):
            cell = generate.feed_cell(random.Random(index))
            name_every_element(cell, "e")
            write_if_missing(path, json.dumps(generate.doc(cell, [375, 0], [375, "inf"]), separators=(",", ":")))
        cards.append(path)
    text = os.path.join(WORK, "text-feed.json")
    if not os.path.exists(text):
        subprocess.run([sys.executable, os.path.join(ROOT, "Scripts", "make-text-feed.py"), text], check=True,
                       stdout=subprocess.DEVNULL)
    return feed, tiny, cards, text


def best_wall_time(command, runs, **options):
    """The shortest wall time of `runs` runs of `command` (output to /dev/null), in seconds."""
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, check=True, **options)
        best = min(best, time.perf_counter() - start)
    return best


def peak_rss_bytes(binary, path, runs):
    """The lowest peak resident set of `texture-layout layout PATH` over `runs` runs, in bytes."""
    best = None
    for _ in range(runs):
        process = subprocess.run(["/usr/bin/time", "-f", "%M", binary, "layout", path],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=True)
        kilobytes = int(process.stderr.strip().splitlines()[-1])
        best = kilobytes if best is None else min(best, kilobytes)
    return best * 1024


def measure(binary, runs=5):
    """Every pipeline measurement, as a dict (times in seconds)."""
    import orjson
    feed, tiny, cards, text = inputs()
    with open(feed, "rb") as file:
        data = file.read()
    elements = 0
    results = {"feed_bytes": len(data), "orjson_version": orjson.__version__}

    print("pipeline: orjson", file=sys.stderr)
    best = float("inf")
    for _ in range(max(runs, 10)):
        start = time.perf_counter_ns()
        document = orjson.loads(data)
        best = min(best, time.perf_counter_ns() - start)
        del document
    results["orjson"] = best / 1e9

    print("pipeline: texture-layout bench --pipeline", file=sys.stderr)
    process = subprocess.run([binary, "bench", feed, "--pipeline", "--iterations", str(max(runs, 10))],
                             capture_output=True, text=True, check=True)
    bench = json.loads(process.stdout)
    elements = bench["elements"]
    results["elements"] = elements
    for stage in ("read", "layout", "output"):
        results[stage] = bench[stage]["min"] / 1e9

    print("pipeline: texture-layout validate (whole process) against orjson.loads, interleaved", file=sys.stderr)
    validate, loads = float("inf"), float("inf")
    for _ in range(max(runs * 4, 20)):
        start = time.perf_counter_ns()
        document = orjson.loads(data)
        loads = min(loads, time.perf_counter_ns() - start)
        del document
        start = time.perf_counter_ns()
        subprocess.run([binary, "validate", feed], check=True)
        validate = min(validate, time.perf_counter_ns() - start)
    results["validate"] = validate / 1e9
    results["orjson_interleaved"] = loads / 1e9
    results["validate_rounds"] = max(runs * 4, 20)

    print("pipeline: texture-layout layout (whole process)", file=sys.stderr)
    results["process"] = best_wall_time([binary, "layout", feed], runs)
    results["tiny_process"] = best_wall_time([binary, "layout", tiny], runs)

    print("pipeline: peak memory", file=sys.stderr)
    results["rss_feed"] = peak_rss_bytes(binary, feed, 3)
    results["rss_tiny"] = peak_rss_bytes(binary, tiny, 3)

    print(f"pipeline: {len(cards)} cards", file=sys.stderr)
    batch_runs = max(2, runs // 2)
    results["cards"] = len(cards)
    results["jobs1"] = best_wall_time([binary, "layout", *cards, "--jobs", "1"], batch_runs)
    results["jobs2"] = best_wall_time([binary, "layout", *cards, "--jobs", "2"], batch_runs)
    listing = "\0".join(cards).encode()
    best = float("inf")
    for _ in range(2):
        start = time.perf_counter()
        subprocess.run(["xargs", "-0", "-P", "2", "-n", "1", binary, "layout"], input=listing,
                       stdout=subprocess.DEVNULL, check=True)
        best = min(best, time.perf_counter() - start)
    results["per_process"] = best

    print("pipeline: text feed", file=sys.stderr)
    process = subprocess.run([binary, "bench", text, "--second-width", "320", "--iterations", str(max(runs, 10))],
                             capture_output=True, text=True, check=True)
    bench = json.loads(process.stdout)
    results["text_characters"] = bench["characters"]
    results["text_elements"] = bench["elements"]
    for stage in ("layout", "relayout", "secondWidth"):
        results["text_" + stage] = bench[stage]["min"] / 1e9
    return results


def rows(results):
    """The table rows: (measure, ours, reference, ratio, target, met)."""
    elements = results["elements"]
    orjson_ms = results["orjson"] * 1e3
    per_element = (results["rss_feed"] - results["rss_tiny"]) / elements
    cards = results["cards"]
    jobs1, jobs2, per_process = (cards / results[key] for key in ("jobs1", "jobs2", "per_process"))
    feed = f"feed ×10 ({elements:,} elements, {results['feed_bytes'] / 1e6:.1f} MB)"
    return [
        (f"reading + building, {feed}", f"{results['read'] * 1e3:.1f} ms",
         f"orjson.loads {orjson_ms:.1f} ms", results["read"] / results["orjson"], "≤ 1", "max"),
        (f"`validate`, whole process, {feed}", f"{results['validate'] * 1e3:.1f} ms",
         f"orjson.loads {results['orjson_interleaved'] * 1e3:.1f} ms", results["validate"] / results["orjson_interleaved"],
         "≤ 1", "max"),
        (f"`layout`, whole process, {feed}", f"{results['process'] * 1e3:.1f} ms",
         f"orjson.loads {orjson_ms:.1f} ms", results["process"] / results["orjson"], "≤ 1.5", "max"),
        ("peak RSS above a one-element document, per element", f"{per_element:,.0f} B",
         f"{results['rss_feed'] / 1e6:.1f} MB vs {results['rss_tiny'] / 1e6:.1f} MB", None, "≤ 400 B", "bytes"),
        (f"`--jobs 2` vs `--jobs 1`, {cards:,} cards (documents/s)", f"{jobs2:,.0f}/s", f"{jobs1:,.0f}/s",
         jobs2 / jobs1, "≥ 1.6", "min"),
        (f"`--jobs 2` vs one process per card (`xargs -P 2`)", f"{jobs2:,.0f}/s", f"{per_process:,.0f}/s",
         jobs2 / per_process, "≥ 20", "min"),
    ] + text_rows(results)


def text_rows(results):
    characters = results["text_characters"]
    per_character = {stage: results["text_" + stage] * 1e9 / characters for stage in ("layout", "relayout", "secondWidth")}
    name = f"text feed ({characters:,} characters, {results['text_elements']:,} elements)"
    return [
        (f"{name}: full layout, ns/character", f"{per_character['layout']:,.1f}", "—", None, "—", "none"),
        (f"{name}: re-layout after one text changes, ns/character", f"{per_character['relayout']:,.2f}", "—",
         None, "—", "none"),
        (f"{name}: first layout / layout at a second width", f"{per_character['secondWidth']:,.1f} ns/character",
         f"first {per_character['layout']:,.1f}", results["text_layout"] / results["text_secondWidth"], "≥ 10",
         "min"),
    ]


def met(row):
    """Whether a row meets its target."""
    _, ours, _, ratio, target, kind = row
    if kind == "none":
        return None
    bound = float(target.split()[1])
    if kind == "bytes":
        return float(ours.split()[0].replace(",", "")) <= bound
    if ratio is None:
        return False
    return ratio <= bound if kind == "max" else ratio >= bound


def print_table(table):
    header = ["measure", "ours", "reference", "ratio", "target", "met"]
    body = [[name, ours, reference, "—" if ratio is None else f"{ratio:.2f}×", target, {True: "yes", False: "NO", None: "—"}[met(row)]]
            for row in table for name, ours, reference, ratio, target, _ in [row]]
    widths = [max(len(header[i]), *(len(r[i]) for r in body)) for i in range(len(header))]
    print("| " + " | ".join(h.ljust(w) for h, w in zip(header, widths)) + " |")
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for r in body:
        print("| " + " | ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths)))
              + " |")


def notes(results):
    return [
        f"- reading: `texture-layout bench FEED --pipeline` (bytes already in memory: parse, check, build the "
        f"elements), best of the iterations, against orjson {results['orjson_version']} `orjson.loads` of the "
        f"same bytes, best of 10; the layout pass itself takes {results['layout'] * 1e3:.1f} ms and the output "
        f"{results['output'] * 1e3:.1f} ms.",
        f"- validate: wall time of the whole `texture-layout validate FEED` process (start-up, reading the file, "
        f"parsing, checking, building the elements; exit) against `orjson.loads` of the file's bytes in memory, "
        f"{results['validate_rounds']} rounds alternating one of each, the lowest of each side.",
        f"- whole process: wall time of `texture-layout layout FEED > /dev/null`, best of the runs (a one-element "
        f"document takes {results['tiny_process'] * 1e3:.1f} ms).",
        "- memory: `/usr/bin/time -f %M texture-layout layout FILE`, lowest of 3 runs.",
        "- batches: wall time of one process over every card (best of the runs), and of `xargs -0 -P 2 -n 1 "
        "texture-layout layout` (one process per card, two at a time).",
        "- text: `texture-layout bench TEXT-FEED --second-width 320` on the feed of Scripts/make-text-feed.py, "
        "minimum over the iterations, per character of text (layout at 375 points; re-layout: the middle cell's "
        "body gains or loses a character, so that text alone is shaped again).",
    ]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=DEFAULT_BINARY, help="the texture-layout executable")
    parser.add_argument("--runs", type=int, default=5, help="runs of each whole-process measurement")
    parser.add_argument("--json", metavar="FILE", help="also write the results as JSON to FILE")
    args = parser.parse_args()
    if not os.path.exists(args.binary):
        sys.exit(f"measure-pipeline: no binary at {args.binary} (swift build -c release)")
    results = measure(args.binary, args.runs)
    print_table(rows(results))
    print()
    print("\n".join(notes(results)))
    if args.json:
        with open(args.json, "w") as file:
            json.dump(results, file, indent=2)


if __name__ == "__main__":
    main()
