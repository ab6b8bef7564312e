#!/usr/bin/env python3
"""Every speed target of the project in one table, from one run of the scripts that measure them.

It runs, one after the other on the same build:

- Scripts/compare-peers.py: full layout and re-layout against Taffy and Yoga on the four benchmark documents, and
  Scripts/measure-pipeline.py's rows (reading and the whole `validate` and `layout` processes against orjson,
  peak memory per element, `--jobs 2` against `--jobs 1` and against one process per document, the text feed);
- Scripts/compare-text.py: the text feed's first layout and a second width against SkParagraph (skia-python);
- Scripts/compare-cards.py: share cards drawn to PNG against a warm headless Chromium, and `render --jobs 2`
  against `--jobs 1` (read from its --json);
- Scripts/measure-scaling.py: the one-thread share of a `layout` batch of 20,000 cards and of a `render` batch.

and prints one table: each measure, ours, the reference, the ratio, the target, whether it is met, and the
command that measured it (each script's own table and notes are printed above it). A script that cannot run here
(a missing Python package, Chromium) leaves its rows out with a line saying why.

    Scripts/speed-table.py                      # about 10 minutes on 2 cores
    Scripts/speed-table.py --runs 3 --json table.json

The binary is .build/release/texture-layout (`swift build -c release --product texture-layout`).
"""

import argparse
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPTS = os.path.join(ROOT, "Scripts")


def module(name):
    """Scripts/NAME as a module."""
    spec = importlib.util.spec_from_file_location(name.replace("-", "_").removesuffix(".py"),
                                                  os.path.join(SCRIPTS, name))
    loaded = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    return loaded


def run(command, label):
    """Runs a script, its output shown as it goes; its exit status."""
    print(f"\n## {label}: {' '.join(command)}\n", flush=True)
    return subprocess.run(command, cwd=ROOT).returncode


def shown(command):
    """A command as the table shows it: relative to the repository."""
    return "`" + " ".join(os.path.relpath(c, ROOT) if c.startswith(ROOT) else c for c in command) + "`"


def peers_rows(binary, runs, work, skipped):
    """compare-peers.py's rows (peers and pipeline) with its command."""
    output = os.path.join(work, "peers.json")
    command = [os.path.join(SCRIPTS, "compare-peers.py"), "--binary", binary, "--runs", str(runs), "--json", output]
    if run(command, "peers and pipeline") != 0 or not os.path.exists(output):
        skipped.append("compare-peers.py failed: no peer or pipeline rows")
        return []
    with open(output) as file:
        results = json.load(file)
    peers = module("compare-peers.py")
    pipeline = module("measure-pipeline.py")
    documents = [(name, r["elements"], r["ours"], r["yoga"], r["taffy"]) for name, r in results.items()
                 if name != "pipeline"]
    rows = peers.target_rows(documents) + pipeline.rows(results["pipeline"])
    return [row + (shown(command[:1] + ["--runs", str(runs)]),) for row in rows]


def text_rows(binary, runs, skipped):
    """compare-text.py's two ratios: the text feed's first layout (≤ 0.40× SkParagraph) and a second width (≤ 0.15×)."""
    command = [sys.executable, os.path.join(SCRIPTS, "compare-text.py"), "--binary", binary, "--rounds", str(runs)]
    print(f"\n## text: {' '.join(command)}\n", flush=True)
    process = subprocess.run(command, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    print(process.stdout)
    try:
        report = json.loads(process.stdout)
        best = report["best"]
    except (ValueError, KeyError):
        skipped.append(f"compare-text.py did not run here (exit status {process.returncode}; it needs skia-python: "
                       "Scripts/setup --bench): no text rows")
        return []
    rounds = report.get("rounds", [])
    name = f"text feed ({report['characters']:,} characters)"

    def spread(key):
        values = [r[key] for r in rounds]
        return f" (rounds {min(values):.2f}–{max(values):.2f}×)" if values else ""

    shown_command = shown(command[1:2] + ["--rounds", str(runs)])
    return [
        (f"{name}: first layout, ns/character{spread('first_ratio')}", f"{best['ours_first_ns_per_char']:,.1f}",
         f"SkParagraph {best['skia_first_ns_per_char']:,.1f}", best["first_ratio"], "≤ 0.40", "max", shown_command),
        (f"{name}: layout at a second width, ns/character{spread('second_ratio')}",
         f"{best['ours_second_ns_per_char']:,.2f}", f"SkParagraph {best['skia_second_ns_per_char']:,.2f}",
         best["second_ratio"], "≤ 0.15", "max", shown_command),
    ]


def card_rows(binary, runs, work, skipped):
    """compare-cards.py's ratios, read from its --json."""
    output = os.path.join(work, "cards.json")
    command = [sys.executable, os.path.join(SCRIPTS, "compare-cards.py"), "--tool", binary, "--rounds", str(runs),
               "--jobs", "--json", output]
    shown_command = shown(command[1:2] + ["--rounds", str(runs), "--jobs"])
    if run(command, "share cards") != 0 or not os.path.exists(output):
        skipped.append("compare-cards.py did not finish here (it needs Chromium and Selenium): no share-card rows")
        return []
    with open(output) as file:
        report = json.load(file)
    rows = []
    try:
        ours, chromium, ratio = (report[key] for key in ("ours_ms_per_card", "chromium_ms_per_card", "ratio"))
        rows.append((f"share card to PNG, `render --jobs 1`, ms/card ({report.get('cards', '?')} cards; median "
                     f"ratio {ratio['median']:.3f}×)", f"{ours['min']:.2f}", f"Chromium {chromium['min']:.1f}",
                     ratio["min"], "≤ 0.10", "max", shown_command))
    except (KeyError, TypeError):
        skipped.append("compare-cards.py's JSON has no ours_ms_per_card/chromium_ms_per_card/ratio: no card row")
    jobs = report.get("jobs2_vs_1")
    if isinstance(jobs, dict) and "min" in jobs:
        rows.append((f"share cards: `render --jobs 2` vs `--jobs 1`, documents/s (median {jobs.get('median', 0):.2f}×)",
                     "—", "`--jobs 1`", jobs.get("median", jobs["min"]), "≥ 1.6", "min", shown_command))
    return rows


def scaling_rows(binary, runs, work, skipped):
    """The one-thread share of a layout batch of 20,000 cards and of a render batch (≤ 2% each), and the layout
    batch's `--jobs 2` against `--jobs 1`."""
    output = os.path.join(work, "scaling.json")
    command = [sys.executable, os.path.join(SCRIPTS, "measure-scaling.py"), "--binary", binary, "--jobs", "1", "2",
               "--render", "100", "--runs", str(runs), "--json", output]
    if run(command, "one-thread share") != 0 or not os.path.exists(output):
        skipped.append("measure-scaling.py failed: no one-thread share rows")
        return []
    scaling = module("measure-scaling.py")
    with open(output) as file:
        report = json.load(file)
    shown_command = shown(command[1:2] + command[4:-2])
    rows = []
    for name, count in (("layout", 20_000), ("render", 100)):
        for n in (1, 2):
            summary = scaling.summary(report[f"this build: {name} {n}"])
            rows.append((f"one-thread share, `{name} --jobs {n}` over {count:,} cards (CPU of the main thread "
                         f"outside its share / the process's; max of the runs {summary['share_max'] * 100:.2f}%)",
                         f"{summary['share'] * 100:.2f}%", f"{summary['cpu']:.2f} s of CPU", None, "≤ 2%",
                         "percent", shown_command))
    one, two = (scaling.summary(report[f"this build: layout {n}"]) for n in (1, 2))
    rows.append((f"`layout --jobs 2` vs `--jobs 1`, 20,000 cards, documents/s (best runs)",
                 f"{20_000 / two['wall_min']:,.0f}/s", f"{20_000 / one['wall_min']:,.0f}/s",
                 one["wall_min"] / two["wall_min"], "≥ 1.6", "min", shown_command))
    return rows


def met(row):
    _, ours, _, ratio, target, kind = row[:6]
    if kind == "percent":
        return float(ours.rstrip("%")) <= float(target.split()[1].rstrip("%"))
    return module_pipeline.met(row[:6])


def print_table(rows):
    header = ["measure", "ours", "reference", "ratio", "target", "met", "command"]
    body = [[name, ours, reference, "—" if ratio is None else f"{ratio:.2f}×", target,
             {True: "yes", False: "NO", None: "—"}[met(row)], command]
            for row in rows for name, ours, reference, ratio, target, _, command in [row]]
    print("| " + " | ".join(header) + " |")
    print("|" + "|".join("---" for _ in header) + "|")
    for cells in body:
        print("| " + " | ".join(cells) + " |")


module_pipeline = module("measure-pipeline.py")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "texture-layout"))
    parser.add_argument("--runs", type=int, default=3, help="runs or rounds each script makes")
    parser.add_argument("--skip", nargs="*", default=[], choices=["peers", "text", "cards", "scaling"],
                        help="leave out these scripts' rows")
    parser.add_argument("--json", metavar="FILE", help="also write the table's rows as JSON to FILE")
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    if not os.path.exists(binary):
        sys.exit(f"speed-table: no binary at {binary} (swift build -c release --product texture-layout)")
    load = os.getloadavg()
    skipped = [f"{name}: left out (--skip)" for name in args.skip]
    rows = []
    with tempfile.TemporaryDirectory() as work:
        if "peers" not in args.skip:
            rows += peers_rows(binary, args.runs, work, skipped)
        if "text" not in args.skip:
            rows += text_rows(binary, args.runs, skipped)
        if "cards" not in args.skip:
            rows += card_rows(binary, args.runs, work, skipped)
        if "scaling" not in args.skip:
            rows += scaling_rows(binary, args.runs, work, skipped)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                            text=True).stdout.strip()
    print(f"\n## Every target, one run (commit {commit}; load average {load[0]:.2f} before, "
          f"{os.getloadavg()[0]:.2f} after; {os.cpu_count()} processors)\n")
    print_table(rows)
    for line in skipped:
        print(f"- {line}")
    if args.json:
        with open(args.json, "w") as file:
            json.dump([dict(zip(["measure", "ours", "reference", "ratio", "target", "kind", "command"], row),
                            met=met(row)) for row in rows], file, indent=1)
    sys.exit(0 if all(met(row) is not False for row in rows) else 1)


if __name__ == "__main__":
    main()
