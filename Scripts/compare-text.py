#!/usr/bin/env python3
"""Times our text layout against SkParagraph (Skia's paragraph engine, which Flutter lays text out with), side by
side in one run, on the same texts at the same widths.

The texts are the text benchmark feed's (Scripts/make-text-feed.py) without `maxLines` (skia-python's binding cannot
set it), every text element named so that `texture-layout layout` reports its frame. Each text's width is its
frame's width in our layout of that document, at the feed's own width (375) and at the second width (320):

- ours: `texture-layout bench FEED --second-width 320` (in-process; the lowest of --iterations passes), the full
  layout of a freshly built tree (shaping, breaking, the engine's pass) and the layout of the laid-out tree at the
  second width, each divided by the feed's UTF-16 characters;
- SkParagraph (PyPI `skia-python`): every text built into a paragraph (DejaVu Sans at the text's size, not timed),
  then `layout(width)` of all of them timed as the first layout (it shapes on its first call), then `layout` at
  the second width's widths timed as the second; the lowest of --iterations rounds, fresh paragraphs each round,
  per UTF-16 character of the same texts.

Rounds of the two alternate (ours, Skia, ours, ...), so a change in the machine's speed reaches both; the ratio
of each pair and the lowest of each side are printed as JSON, with the ratios of the lowest.

Usage: Scripts/compare-text.py [--binary PATH] [--iterations N] [--rounds R]
(`Scripts/setup --bench` installs skia-python.)
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
SECOND_WIDTH = 320


def named_texts(element, texts):
    """Drops maxLines from every text under `element` and names it; appends (name, text, size) in document order."""
    if element.get("type") == "text":
        element.pop("maxLines", None)
        element["name"] = element.get("name") or f"t{len(texts)}"
        texts.append((element["name"], element["text"], element["size"]))
    for child in element.get("children", []):
        named_texts(child, texts)
    if "child" in element:
        named_texts(element["child"], texts)


def frame_widths(binary, path, texts, width=None):
    command = [binary, "layout", path] + (["--width", str(width)] if width is not None else [])
    frames = json.loads(subprocess.run(command, capture_output=True, check=True).stdout)["frames"]
    return [frames[name][2] for name, _, _ in texts]


def ours(binary, path, iterations, characters):
    bench = json.loads(subprocess.run(
        [binary, "bench", path, "--second-width", str(SECOND_WIDTH), "--iterations", str(iterations)],
        capture_output=True, check=True).stdout)
    return bench["layout"]["min"] / characters, bench["secondWidth"]["min"] / characters


def skia_round(texts, first, second):
    import skia
    textlayout = skia.textlayout
    collection = textlayout.FontCollection()
    collection.setDefaultFontManager(skia.FontMgr())
    paragraphs = []
    for _, text, size in texts:
        style = textlayout.TextStyle()
        style.setFontFamilies(["DejaVu Sans"])
        style.setFontSize(size)
        paragraph_style = textlayout.ParagraphStyle()
        paragraph_style.setTextStyle(style)
        builder = textlayout.ParagraphBuilder(paragraph_style, collection, skia.Unicodes.ICU.Make())
        builder.pushStyle(style)
        builder.addText(text)
        paragraphs.append(builder.Build())
    pairs = list(zip(paragraphs, first))
    start = time.perf_counter_ns()
    for paragraph, width in pairs:
        paragraph.layout(width)
    first_ns = time.perf_counter_ns() - start
    pairs = list(zip(paragraphs, second))
    start = time.perf_counter_ns()
    for paragraph, width in pairs:
        paragraph.layout(width)
    return first_ns, time.perf_counter_ns() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "texture-layout"))
    parser.add_argument("--iterations", type=int, default=10, help="passes of each side per round")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as work:
        feed = os.path.join(work, "text-feed.json")
        subprocess.run([sys.executable, os.path.join(ROOT, "Scripts", "make-text-feed.py"), feed], check=True)
        with open(feed) as file:
            document = json.load(file)
        texts = []
        named_texts(document["root"], texts)
        with open(feed, "w") as file:
            json.dump(document, file, separators=(",", ":"), ensure_ascii=False)
        first = frame_widths(args.binary, feed, texts)
        second = frame_widths(args.binary, feed, texts, SECOND_WIDTH)
        characters = sum(len(text.encode("utf-16-le")) // 2 for _, text, _ in texts)

        rounds = []
        for _ in range(args.rounds):
            our_first, our_second = ours(args.binary, feed, args.iterations, characters)
            skia_first, skia_second = min(skia_round(texts, first, second) for _ in range(args.iterations))
            rounds.append({
                "ours_first_ns_per_char": round(our_first, 2), "ours_second_ns_per_char": round(our_second, 2),
                "skia_first_ns_per_char": round(skia_first / characters, 2),
                "skia_second_ns_per_char": round(skia_second / characters, 2),
                "first_ratio": round(our_first / (skia_first / characters), 3),
                "second_ratio": round(our_second / (skia_second / characters), 3),
            })
        best = {key: min(r[key] for r in rounds) for key in rounds[0] if key.endswith("per_char")}
        best["first_ratio"] = round(best["ours_first_ns_per_char"] / best["skia_first_ns_per_char"], 3)
        best["second_ratio"] = round(best["ours_second_ns_per_char"] / best["skia_second_ns_per_char"], 3)
        print(json.dumps({"texts": len(texts), "characters": characters, "rounds": rounds, "best": best},
                         indent=1))


if __name__ == "__main__":
    main()
