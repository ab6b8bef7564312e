#!/usr/bin/env python3
"""Share cards: `texture-layout render` against a warm headless Chromium drawing the same cards, in one run.

Makes COUNT share cards from Examples/share-card.json (1200 × 630 pixels: a gradient, a white panel with rounded
corners and a shadow, a title of at most two lines, the JPEG avatar with a round border, the author and a meta
line), each with its own title, author and meta line, some titles with emoji and some authors with Japanese names,
and times, rounds alternating:

  ours      `texture-layout render --format png --jobs 1 -o DIR CARD...` over all the cards: the whole process,
            start-up included, divided by the number of cards;
  chromium  one page per card in a headless Chromium started before the timing (Selenium): the page loaded from
            its HTML file and its screenshot taken as PNG (the Chrome DevTools Protocol's Page.captureScreenshot,
            its bytes decoded and written to a file), per card. The page draws the same card with HTML/CSS: the
            same gradient, corner radii, shadow (`box-shadow` blur twice the shadow radius, as
            Scripts/paint-reference-test.py maps it), the same JPEG (a data URI, as in the document), the same fonts
            (DejaVu Sans, with Noto Color Emoji and Noto Sans CJK for what it lacks), the title clamped to two
            lines.

It prints each round's time per card on each side and their ratio, then the min and median over the rounds (target:
ours at most 0.10× Chromium's). `--jobs` adds `render --jobs 2` against `--jobs 1` in the same rounds, in documents
per second (target: at least 1.6×). `--keep DIR` keeps the cards, our pictures and Chromium's. `--json FILE` also
writes the summary: {"cards", "ours_ms_per_card", "chromium_ms_per_card", "ratio", and with --jobs "jobs2_vs_1"},
each but the first {"min", "median"} over the rounds ("min" of jobs2_vs_1: the best round, its highest).

Usage: Scripts/compare-cards.py [--tool .build/release/texture-layout] [--count 100] [--rounds 5] [--jobs]
           [--keep DIR] [--json FILE] [--chromedriver PATH] [--chromium-binary PATH]
Build first: swift build -c release --product texture-layout
"""
import argparse
import base64
import copy
import html
import importlib.util
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The paint reference test's CSS for a document's gradient and shadow colour, so that both scripts map paint alike.
_spec = importlib.util.spec_from_file_location("paint_reference", os.path.join(ROOT, "Scripts/paint-reference-test.py"))
paint_reference = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(paint_reference)

TOPICS = ("Texture's layout on Linux", "Share cards in a millisecond", "Frames that match, pixel for pixel",
          "Text that breaks where Chromium breaks", "Shadows, gradients and rounded corners",
          "A layout engine without a browser", "Why our stacks measure twice", "Fonts beyond the run's font",
          "Batch rendering on every core", "Release notes for week 48", "Flexbox rules, Texture's way",
          "Baselines across fonts and sizes")
TAILS = ("", ", frame for frame", " 🚀", " — what we learned", " in practice 🎉", ": a field guide",
         " without surprises", " ✨ and more")
AUTHORS = ("Ada Lovelace", "Grace Hopper", "山田 花子", "Alan Turing", "José Martínez", "佐藤 健", "Katherine Johnson",
           "Edsger Dijkstra", "Barbara Liskov", "高橋 美咲", "Margaret Hamilton 👩‍🚀", "Donald Knuth")
MONTHS = ("September", "October", "November", "December")


def cards(count, seed=32):
    """`count` share-card documents: the example with a title, author and meta line of their own."""
    with open(os.path.join(ROOT, "Examples/share-card.json")) as file:
        example = json.load(file)
    rng = random.Random(seed)
    documents = []
    for index in range(count):
        document = copy.deepcopy(example)
        texts = {}
        title = rng.choice(TOPICS) + rng.choice(TAILS)
        if index % 4 == 3:
            title += ", " + rng.choice(TOPICS).lower()  # long enough to be cut at two lines
        texts["title"] = title
        texts["author"] = AUTHORS[index % len(AUTHORS)]
        texts["meta"] = (f"texturelayout.dev · {rng.randint(2, 19)} min read · "
                         f"{rng.randint(1, 28)} {rng.choice(MONTHS)}")
        set_texts(document["root"], texts)
        documents.append(document)
    return documents


def set_texts(element, texts):
    if element.get("type") == "text" and element.get("name") in texts:
        element["text"] = texts[element["name"]]
    for value in element.values():
        for child in value if isinstance(value, list) else [value]:
            if isinstance(child, dict):
                set_texts(child, texts)


def find(element, name):
    if element.get("name") == name:
        return element
    for value in element.values():
        for child in value if isinstance(value, list) else [value]:
            if isinstance(child, dict):
                found = find(child, name)
                if found:
                    return found
    return None


FONTS = "'DejaVu Sans', 'Noto Color Emoji', 'Noto Sans CJK JP'"


def card_html(document):
    """The page drawing `document` (a card made by `cards`) with HTML/CSS: the example's geometry as flexbox."""
    root = document["root"]
    width, height = document["sizeRange"]["max"]
    outer = root["layout"]["insets"]
    panel = find(root, "panel")
    inner = panel["layout"]["insets"]
    title, author, meta = find(root, "title"), find(root, "author"), find(root, "meta")
    avatar, byline, names = find(root, "avatar"), find(root, "byline"), find(root, "names")
    dx, dy = panel["shadowOffset"]
    shadow = paint_reference.with_alpha(panel["shadowColor"], panel["shadowOpacity"])
    side = avatar["style"]["width"]

    def text(element, extra=""):
        line = f";line-height:{element['lineHeight']}px" if "lineHeight" in element else ""
        return (f'<div style="font-family:{FONTS};font-size:{element["size"]}px{line};color:{element["color"]}'
                f'{extra}">{html.escape(element["text"])}</div>')

    clamp = f";display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:{title['maxLines']};overflow:hidden"
    return (
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><style>html,body{margin:0;padding:0}</style></head><body>"
        f'<div style="position:relative;width:{width}px;height:{height}px;'
        f'background-image:{paint_reference.gradient_css(root["backgroundGradient"], width, height)}">'
        f'<div style="position:absolute;left:{outer["left"]}px;top:{outer["top"]}px;right:{outer["right"]}px;'
        f'bottom:{outer["bottom"]}px;background:{panel["backgroundColor"]};border-radius:{panel["cornerRadius"]}px;'
        f'box-shadow:{dx}px {dy}px {2 * panel["shadowRadius"]}px {shadow};box-sizing:border-box;'
        f'padding:{inner["top"]}px {inner["right"]}px {inner["bottom"]}px {inner["left"]}px;display:flex;'
        'flex-direction:column;justify-content:space-between">'
        + text(title, clamp)
        + f'<div style="display:flex;align-items:center;gap:{byline["spacing"]}px">'
        f'<div style="position:relative;flex:none;width:{side}px;height:{side}px">'
        f'<img src="{avatar["src"]}" style="width:{side}px;height:{side}px;border-radius:{avatar["cornerRadius"]}px;'
        'object-fit:cover;display:block">'
        f'<div style="position:absolute;left:0;top:0;width:{side}px;height:{side}px;'
        f'border-radius:{avatar["cornerRadius"]}px;box-shadow:inset 0 0 0 {avatar["borderWidth"]}px '
        f'{avatar["borderColor"]}"></div></div>'
        f'<div style="display:flex;flex-direction:column;gap:{names["spacing"]}px;min-width:0">'
        + text(author) + text(meta) + "</div></div></div></div></body></html>")


class Browser:
    """A headless Chromium at the cards' size, started once (not timed)."""

    def __init__(self, chromedriver, binary, width, height):
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        options = webdriver.ChromeOptions()
        options.binary_location = binary
        for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--hide-scrollbars", "--force-color-profile=srgb", f"--window-size={width},{height}"):
            options.add_argument(flag)
        self.driver = webdriver.Chrome(service=Service(executable_path=chromedriver), options=options)
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        self.clip = {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}

    def draw(self, page, picture):
        """Loads `page` and writes its screenshot, a PNG, to `picture`."""
        self.driver.get("file://" + page)
        shot = self.driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "clip": self.clip})
        with open(picture, "wb") as file:
            file.write(base64.b64decode(shot["data"]))

    def close(self):
        self.driver.quit()


def render(tool, files, folder, jobs):
    """Seconds of the whole `render --jobs N` process over `files`."""
    started = time.perf_counter()
    result = subprocess.run([tool, "render", "--format", "png", "--jobs", str(jobs), "-o", folder] + files,
                            capture_output=True)
    elapsed = time.perf_counter() - started
    if result.returncode != 0:
        sys.exit(f"render: exit {result.returncode}: {result.stderr.decode(errors='replace').strip()}")
    return elapsed


def summary(values):
    return f"min {min(values):.3f}, median {statistics.median(values):.3f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tool", default=os.path.join(ROOT, ".build/release/texture-layout"))
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--jobs", action="store_true", help="also time render --jobs 2 against --jobs 1")
    parser.add_argument("--keep", help="a folder to keep the cards and both sides' pictures in")
    parser.add_argument("--json", help="a file to write the summary to, as JSON")
    parser.add_argument("--chromedriver", default=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    parser.add_argument("--chromium-binary", default=shutil.which("chromium") or "/usr/bin/chromium")
    args = parser.parse_args()

    folder = args.keep or tempfile.mkdtemp(prefix="cards-")
    for part in ("cards", "pages", "ours", "ours-2", "chromium"):
        os.makedirs(os.path.join(folder, part), exist_ok=True)
    documents = cards(args.count)
    files, pages, shots = [], [], []
    for index, document in enumerate(documents):
        name = f"card-{index + 1:03d}"
        files.append(os.path.join(folder, "cards", name + ".json"))
        with open(files[-1], "w") as file:
            json.dump(document, file, ensure_ascii=False)
        pages.append(os.path.join(folder, "pages", name + ".html"))
        with open(pages[-1], "w") as file:
            file.write(card_html(document))
        shots.append(os.path.join(folder, "chromium", name + ".png"))
    width, height = documents[0]["sizeRange"]["max"]

    browser = Browser(args.chromedriver, args.chromium_binary, width, height)
    try:
        browser.draw(pages[0], shots[0])  # the first page is slower (the browser's caches): not counted
        render(args.tool, files[:2], os.path.join(folder, "ours"), 1)  # a batch (one file would be -o FILE)
        ours, chromium, twos = [], [], []
        print(f"{args.count} cards of {width} × {height} pixels, ms per card; load average "
              f"{os.getloadavg()[0]:.2f} at the start")
        for round_number in range(args.rounds):
            ours.append(render(args.tool, files, os.path.join(folder, "ours"), 1) / args.count * 1000)
            started = time.perf_counter()
            for page, shot in zip(pages, shots):
                browser.draw(page, shot)
            chromium.append((time.perf_counter() - started) / args.count * 1000)
            line = (f"round {round_number + 1}: ours {ours[-1]:.3f}, chromium {chromium[-1]:.3f}, "
                    f"ratio {ours[-1] / chromium[-1]:.3f}")
            if args.jobs:
                twos.append(render(args.tool, files, os.path.join(folder, "ours-2"), 2) / args.count * 1000)
                line += f"; --jobs 2 {twos[-1]:.3f} ms per card, {ours[-1] / twos[-1]:.2f}× --jobs 1"
            print(line, flush=True)
    finally:
        browser.close()
    ratios = [a / b for a, b in zip(ours, chromium)]
    print(f"ours (render --jobs 1, whole process / {args.count}): {summary(ours)} ms per card")
    print(f"chromium (page load + PNG screenshot): {summary(chromium)} ms per card")
    print(f"ratio per round: {summary(ratios)} (target ≤ 0.10); ratio of the minima {min(ours) / min(chromium):.3f}")
    if args.jobs:
        speedups = [a / b for a, b in zip(ours, twos)]
        print(f"render --jobs 1: {summary([1000 / t for t in ours])} documents/s (min, median of rounds)")
        print(f"render --jobs 2: {summary([1000 / t for t in twos])} documents/s; per round {summary(speedups)}× "
              "--jobs 1 (target ≥ 1.6)")
    if args.json:
        spread = lambda values: {"min": min(values), "median": statistics.median(values)}
        report = {"cards": args.count, "ours_ms_per_card": spread(ours), "chromium_ms_per_card": spread(chromium),
                  "ratio": spread(ratios)}
        if args.jobs:
            report["jobs2_vs_1"] = {"min": max(speedups), "median": statistics.median(speedups)}
        with open(args.json, "w") as file:
            json.dump(report, file, indent=2)
    print(f"load average {os.getloadavg()[0]:.2f} at the end; files in {folder}")
    if not args.keep:
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()
