#!/usr/bin/env python3
"""How a `--jobs N` batch scales with N, and how much of it one thread does alone.

For each N it runs `texture-layout layout CARDS... --jobs N` over the share cards of Scripts/make-cards.py (20,000
by default) and, with --render K, `texture-layout render CARDS[:K]... --jobs N -o DIR` to PNG, the Ns interleaved
and each run --runs times. Each run has TEXTURE_LAYOUT_THREAD_TIMES set, so the tool reports every thread's
processor time (README, Performance: "Every core"), and its whole-process time comes from wait4. It prints, per
command and N:

- wall time (min and median over the runs), documents per second and speed-up against --jobs 1 (best runs);
- one-thread share: the main thread's processor time outside its own share of the documents (loading the
  program, start-up, arguments, starting the workers; then waiting, the exit status) against the whole process's
  processor time (wait4: every thread, the exit included), the median over the runs; the target is at most 2%,
  so that 16 jobs can reach 12x (Amdahl: 1 / (0.02 + 0.98 / 16) = 12.3);
- busiest thread: the largest processor time of any one thread against the process's;
- processor seconds in all (user + system), the system share, and how busy the N threads were: processor time
  against N x the wall time;
- the main thread's wall time before the workers start and after the last one ends, and the spread of the
  workers' end times (load balance);
- waits per document: the process's voluntary context switches (the thread report's, at its end) over the
  documents, the median over the runs: a thread that blocks (on a lock another thread holds, or the disk) gives
  up its processor, so more than a few per document says the threads wait for each other.

Every run's output is compared with the first run's (layout: byte-identical NDJSON; render: the pictures'
bytes), so a batch whose output changes with N or between runs fails. --baseline OTHER also runs another build
(an older commit's) on the same cards, interleaved with this one, each with its own table, and says whether both
print the same (a build may change its output on purpose: a new PNG encoder).

    Scripts/measure-scaling.py                                   # N = 1, 2 on this machine's cores
    Scripts/measure-scaling.py --jobs 1 2 4 8 16 --render 400    # what the 16-core bundle runs

The binary is .build/release/texture-layout (--binary names another); cards are written to
.build-peers/scaling/cards-COUNT on first use (--work names another folder).
"""

import argparse
import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HERE = os.path.dirname(os.path.abspath(__file__))


def make_cards(work, count):
    """The folder of `count` cards (written by make-cards.py next to this script on first use) and their paths,
    relative to `work`."""
    name = f"cards-{count}"
    folder = os.path.join(work, name)
    if not os.path.exists(os.path.join(folder, ".complete")):
        shutil.rmtree(folder, ignore_errors=True)
        subprocess.run([sys.executable, os.path.join(HERE, "make-cards.py"), folder, "--count", str(count)],
                       check=True)
        open(os.path.join(folder, ".complete"), "w").close()
    files = sorted(f for f in os.listdir(folder) if f.endswith(".json"))
    return [os.path.join(name, f) for f in files]


def cpu(sample):
    return sample["user"] + sample["system"]


def run_once(binary, command, work, environment):
    """One batch run: (wall seconds, whole-process rusage, thread report, digest of its output)."""
    with tempfile.TemporaryDirectory(dir=work) as scratch:
        report = os.path.join(scratch, "threads.json")
        output = os.path.join(scratch, "out")
        arguments = [binary] + [a.replace("{OUT}", output) for a in command]
        env = dict(environment, TEXTURE_LAYOUT_THREAD_TIMES=report)
        with open(os.path.join(scratch, "stdout"), "wb") as stdout:
            start = time.monotonic()
            process = subprocess.Popen(arguments, cwd=work, stdout=stdout, env=env)
            _, status, usage = os.wait4(process.pid, 0)
            end = time.monotonic()
        if status != 0:
            sys.exit(f"measure-scaling: {' '.join(arguments[:3])} ... exited with {status >> 8}")
        digest = hashlib.sha256()
        with open(os.path.join(scratch, "stdout"), "rb") as file:
            digest.update(file.read())
        if os.path.isdir(output):
            for name in sorted(os.listdir(output)):
                digest.update(name.encode())
                with open(os.path.join(output, name), "rb") as file:
                    digest.update(file.read())
        with open(report) as file:
            threads = json.loads(file.read().splitlines()[-1])
    return {"start": start, "end": end, "wall": end - start, "user": usage.ru_utime, "system": usage.ru_stime,
            "threads": threads, "digest": digest.hexdigest()}


def summary(runs):
    """The numbers of one command and N from its runs."""
    walls = [r["wall"] for r in runs]
    shares, busiest, totals, systems, before, after, spread = [], [], [], [], [], [], []
    for r in runs:
        threads = r["threads"]
        total = r["user"] + r["system"]
        main = threads["main"]
        shares.append((cpu(main["before"]) + cpu(main["after"])) / total)
        busiest.append(max([cpu(main["total"])] + [cpu(w) for w in threads["workers"]]) / total)
        totals.append(total)
        systems.append(r["system"] / total)
        before.append(main["before"]["end"] - r["start"])
        after.append(r["end"] - main["after"]["start"])
        ends = [w["end"] for w in threads["workers"]] + [main["work"]["end"]]
        spread.append(max(ends) - min(ends))
    median = statistics.median
    return {"wall_min": min(walls), "wall_median": median(walls), "share": median(shares),
            "share_max": max(shares), "busiest": median(busiest), "cpu": median(totals), "system": median(systems),
            "before": median(before), "after": median(after), "spread": median(spread),
            "voluntary": median(r["threads"]["process"]["voluntary"] for r in runs)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "texture-layout"))
    parser.add_argument("--work", default=os.path.join(ROOT, ".build-peers", "scaling"),
                        help="where the cards and the runs' scratch folders go")
    parser.add_argument("--cards", type=int, default=20_000, help="cards in the layout batch (default 20,000)")
    parser.add_argument("--render", type=int, default=0, metavar="K",
                        help="also render the first K cards to PNG (default: no render batch)")
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--runs", type=int, default=3, help="runs of each command and N (interleaved)")
    parser.add_argument("--baseline", metavar="BINARY", help="another texture-layout to run the same way, interleaved")
    parser.add_argument("--variant", metavar="NAME=VALUE", action="append", default=[],
                        help="also run this build with NAME=VALUE added to its environment (e.g. GLIBC_TUNABLES=...), "
                             "interleaved; repeatable")
    parser.add_argument("--library-path", metavar="DIR",
                        help="LD_LIBRARY_PATH for the tool's runs only (a bundle's libraries, which python3 itself "
                             "must not load)")
    parser.add_argument("--json", metavar="FILE", help="also write every run's numbers to FILE")
    args = parser.parse_args()
    if not os.path.exists(args.binary):
        sys.exit(f"measure-scaling: no binary at {args.binary} (swift build -c release --product texture-layout)")
    os.makedirs(args.work, exist_ok=True)
    cards = make_cards(args.work, args.cards)
    commands = {"layout": (["layout", *cards], len(cards))}
    if args.render:
        picked = cards[:args.render]
        commands["render"] = (["render", *picked, "--format", "png", "-o", "{OUT}"], len(picked))
    environment = dict(os.environ)
    if args.library_path:
        environment["LD_LIBRARY_PATH"] = args.library_path
    load = os.getloadavg()
    binaries = {"this build": (args.binary, {})}
    if args.baseline:
        binaries["baseline"] = (args.baseline, {})
    for variant in args.variant:
        name, _, value = variant.partition("=")
        binaries[f"this build with {variant}"] = (args.binary, {name: value})
    started = time.monotonic()
    runs = {(label, name, n): [] for label in binaries for name in commands for n in args.jobs}
    for _ in range(args.runs):
        for name, (command, _) in commands.items():
            for n in args.jobs:
                for label, (binary, extra) in binaries.items():
                    print(f"measure-scaling: {label}: {name} --jobs {n}", file=sys.stderr)
                    runs[(label, name, n)].append(
                        run_once(binary, command + ["--jobs", str(n)], args.work, dict(environment, **extra)))
    failed = False
    for label, name in ((label, name) for name in commands for label in binaries):
        count = commands[name][1]
        digests = {r["digest"] for key, rs in runs.items() if key[:2] == (label, name) for r in rs}
        if len(digests) != 1:
            print(f"{label}: {name}: the output differs between runs: {len(digests)} different outputs")
            failed = True
        others = {r["digest"] for key, rs in runs.items() if key[1] == name and key[0] != label for r in rs}
        if label == "this build" and others and others != digests:
            print(f"{name}: the other builds print something else (a change of output between the builds)")
        runs_of = {n: runs[(label, name, n)] for n in args.jobs}
        base = summary(runs_of[args.jobs[0]])
        print(f"\n{label}: `{name} --jobs N` over {count:,} cards; {args.runs} runs each; load average before "
              f"{load[0]:.2f}, after {os.getloadavg()[0]:.2f}; {os.cpu_count()} processors\n")
        header = ["N", "wall min s", "wall median s", "documents/s", f"speed-up vs {args.jobs[0]}",
                  "one-thread share", "busiest thread", "CPU s", "system", "threads busy",
                  "main before ms", "main after ms", "end spread ms", "waits/document"]
        print("| " + " | ".join(header) + " |")
        print("|" + "|".join("---" for _ in header) + "|")
        for n in args.jobs:
            s = summary(runs_of[n])
            cells = [str(n), f"{s['wall_min']:.3f}", f"{s['wall_median']:.3f}", f"{count / s['wall_min']:,.0f}",
                     f"{base['wall_min'] / s['wall_min']:.2f}×", f"{s['share'] * 100:.2f}%",
                     f"{s['busiest'] * 100:.1f}%", f"{s['cpu']:.2f}", f"{s['system'] * 100:.0f}%",
                     f"{s['cpu'] / (n * s['wall_median']) * 100:.0f}%", f"{s['before'] * 1e3:.1f}",
                     f"{s['after'] * 1e3:.1f}", f"{s['spread'] * 1e3:.1f}", f"{s['voluntary'] / count:.2f}"]
            print("| " + " | ".join(cells) + " |")
    print(f"\n{time.monotonic() - started:.0f} s of runs")
    if args.json:
        with open(args.json, "w") as file:
            json.dump({f"{label}: {name} {n}": r for (label, name, n), r in runs.items()}, file, indent=1)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
