#!/usr/bin/env python3
"""Checks font fallback against Pango: `texture-layout layout` and `pango-view` lay out the same generated texts
(DejaVu Sans as the run's font; emoji, Chinese, Japanese, Korean, Hebrew, Arabic, Thai, Devanagari and combining
marks taking their glyphs from Noto fonts) at the same widths, with fontconfig restricted for both to the same font
files, and their lines must agree: the same line breaks, widths within 0.5 pt, and heights by the contract's rule.

The fonts: a generated fonts.conf sees only DejaVu Sans, Noto Color Emoji, Noto Sans CJK (a collection: its JP,
KR, SC, TC and HK faces), Noto Sans Hebrew, Arabic, Thai and Devanagari. It also includes two of the system's
fontconfig files that Pango needs to use a colour emoji font as a desktop does: 10-scale-bitmap-fonts.conf (without
it Pango measures a bitmap-only font at its strike's size, 109 ppem, whatever the text's size) and 60-generic.conf
(the `emoji` family alias, and colour preferred for the emoji language that Pango asks emoji with).

pango-view runs at 72 dpi (1 pt = 1 px), unhinted with subpixel positions (HarfBuzz's unrounded advances), with
`--wrap=word-char` (the contract's "word" mode: a word wider than the line breaks between clusters) and hyphens
off, as the single-font Pango test (Tests/TextureLayoutTextTests/PangoReferenceTests.swift) runs it.

Known differences, handled by choosing cases rather than by changing the contract:
- Pango gives a space between items of two fonts the font of an item beside it; the contract keeps it in the
  run's font when that font has one (as CoreText and Chromium do). Every space is wrapped in a span naming the
  run's family (DejaVu Sans), which changes no width we measure, so that Pango measures it the contract's way.
- Pango may split a grapheme cluster between fonts; a case where a Pango run starts inside a cluster (not at one
  of Pango's own cursor positions) is dropped, and counted.
- Pango breaks Thai with libthai's dictionary, we with ICU's: Thai cases whose breaks differ are dropped and
  counted (the count is printed).
- Pango rounds each font's ascent and descent to whole pixels in its line heights. Heights are compared instead
  with the contract's unrounded rule applied to the fonts Pango used on the line (its runs, spaces ending the line
  left out): the tallest hhea ascender plus the deepest descender, read here from the font files.

Usage: pango-fallback-test.py --tool PATH/texture-layout [--count N] [--seed S] [--keep DIR]
Exits 0 when at least 200 cases were compared and all agreed, 1 otherwise, printing each disagreement and a summary.
"""
import argparse
import concurrent.futures
import json
import os
import random
import shutil
import struct
import subprocess
import sys
import tempfile

FONT_FILES = [
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf",
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/truetype/noto/NotoSansHebrew-Regular.ttf",
    "/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf",
    "/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf",
    "/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf",
]
SYSTEM_CONF = ["/etc/fonts/conf.d/10-scale-bitmap-fonts.conf", "/etc/fonts/conf.d/60-generic.conf"]
FAMILY = "DejaVu Sans"

# Pieces of text by kind; a case strings several together.
PIECES = {
    "latin": ["The", "quick", "brown", "fox", "jumps", "over", "lazy", "dog.", "Hello,", "world!", "layout",
              "café", "naïve", "Zürich", "42%", "(note)", "2026-11-27"],
    "emoji": ["😀", "❤️", "⌚", "👍", "🎉", "☺️", "✨", "🚀"],
    "zwj": ["👩‍💻", "👨‍👩‍👧‍👦", "🏳️‍🌈", "🧑‍🚀", "👩‍❤️‍👨"],
    "flag": ["🇯🇵", "🇫🇷", "🇺🇸", "🇧🇷", "🇮🇳"],
    "skin": ["👍🏽", "👋🏿", "🙏🏻", "💪🏾"],
    "keycap": ["1️⃣", "#️⃣", "9️⃣"],
    "chinese": ["我们今天去公园散步。", "你好，世界！", "中文排版测试", "这是一个句子，", "汉字"],
    "japanese": ["東京は日本の首都です。", "ひらがなとカタカナ", "「テスト」", "日本語の文章、", "カタカナ"],
    "korean": ["안녕하세요", "세계", "한국어 문장입니다.", "서울", "감사합니다"],
    "hebrew": ["שלום", "עולם", "עברית", "ספר", "תודה רבה"],
    "arabic": ["مرحبا", "بالعالم", "السلام عليكم", "كتاب", "شكرا"],
    "thai": ["ภาษาไทย", "สวัสดีครับ", "ประเทศไทย", "ขอบคุณ", "กรุงเทพมหานคร"],
    "devanagari": ["नमस्ते", "दुनिया", "हिन्दी", "भाषा", "क्षत्रिय"],
    "marks": ["e\u0301", "n\u0303o", "a\u0308\u0301", "o\u0302\u0323", "u\u0308"],
}
MIXED = list(PIECES)
SIZES = [12, 13.5, 17, 20, 24]


def generate(count, seed):
    rng = random.Random(seed)
    cases = []
    for index in range(count):
        # Every eighth case mixes all kinds; the others stress one kind beside Latin.
        kinds = MIXED if index % 8 == 7 else ["latin", MIXED[1 + index % (len(MIXED) - 1)]]
        words = []
        for _ in range(rng.randint(1, 14)):
            words.append(rng.choice(PIECES[rng.choice(kinds)]))
        text = ""
        for word in words:
            if text:
                text += "\n" if rng.randint(0, 15) == 0 else " "
            text += word
        width = rng.randint(40, 360) + [0, 0.25, 0.5][index % 3]
        cases.append({"text": text, "width": width, "size": SIZES[index % len(SIZES)],
                      "thai": any(word in PIECES["thai"] for word in words)})
    return cases


def escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def markup(text):
    """The text for pango-view: hyphens off; every space in a span naming the run's family."""
    spaced = f'<span font_family="{FAMILY}"> </span>'.join(escape(part) for part in text.split(" "))
    return f'<span insert_hyphens="false">{spaced}</span>'


def write_fontconfig(folder):
    fonts = os.path.join(folder, "fonts")
    os.makedirs(fonts)
    for path in FONT_FILES:
        os.symlink(path, os.path.join(fonts, os.path.basename(path)))
    includes = "".join(f'<include ignore_missing="yes">{path}</include>' for path in SYSTEM_CONF)
    config = os.path.join(folder, "fonts.conf")
    with open(config, "w") as f:
        f.write('<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n'
                f'<fontconfig><dir>{fonts}</dir><cachedir>{os.path.join(folder, "cache")}</cachedir>'
                f'{includes}</fontconfig>\n')
    return config


def hhea_by_family(config):
    """Each family's (ascender, descender) in ems, read from its file's hhea table."""
    listing = subprocess.run(["fc-list", "--format", "%{family[0]}|%{file}|%{index}\n"], capture_output=True,
                             text=True, env=dict(os.environ, FONTCONFIG_FILE=config), check=True).stdout
    metrics = {}
    for line in listing.splitlines():
        family, path, index = line.split("|")
        data = open(path, "rb").read()
        offset = 0
        if data[:4] == b"ttcf":
            offset = struct.unpack(">I", data[12 + 4 * int(index):16 + 4 * int(index)])[0]
        tables = {}
        for t in range(struct.unpack(">H", data[offset + 4:offset + 6])[0]):
            tag, _, start, _ = struct.unpack(">4sIII", data[offset + 12 + 16 * t:offset + 28 + 16 * t])
            tables[tag] = start
        units = struct.unpack(">H", data[tables[b"head"] + 18:tables[b"head"] + 20])[0]
        ascender, descender = struct.unpack(">hh", data[tables[b"hhea"] + 4:tables[b"hhea"] + 8])
        metrics[family] = (ascender / units, -descender / units)
    return metrics


def pango_lines(case, config, folder, index):
    text_file = os.path.join(folder, f"case{index}.txt")
    out_file = os.path.join(folder, f"case{index}.json")
    with open(text_file, "w") as f:
        f.write(markup(case["text"]))
    subprocess.run(["pango-view", "-q", "--dpi=72", "--hinting=none", "--hint-metrics=off", "--subpixel-positions",
                    f"--font={FAMILY} {case['size']}", "--pango-units", f"--width={int(case['width'] * 1024)}",
                    "--wrap=word-char", "--markup", f"--serialize-to={out_file}", text_file],
                   env=dict(os.environ, FONTCONFIG_FILE=config), check=True)
    layout = json.load(open(out_file))["output"]
    encoded = case["text"].encode()
    cursor = [attr.get("cursor-position", False) for attr in layout["log-attrs"]]
    lines, split = [], False
    for line in layout["lines"]:
        start = line["start-index"]
        kept = encoded[start:start + line["length"]].decode().rstrip()
        content_end = start + len(kept.encode())
        width, families = 0, []
        for run in line.get("runs", []):
            # A run that starts where Pango sees no cursor position splits a cluster between fonts.
            if not cursor[len(encoded[:run["offset"]].decode())]:
                split = True
            if run["offset"] < content_end:
                families.append(run["font"]["description"].rsplit(" ", 1)[0])
            width += sum(g["width"] for g in run["glyphs"] if run["offset"] + g["log-cluster"] < content_end)
        lines.append({"text": kept, "width": width / 1024, "families": families})
    return lines, split, layout.get("unknown-glyphs", 0)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tool", required=True)
    parser.add_argument("--count", type=int, default=260)
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--keep")
    args = parser.parse_args()
    missing = [path for path in FONT_FILES if not os.path.exists(path)]
    if missing or not shutil.which("pango-view"):
        print(f"missing: {missing or 'pango-view'} (Scripts/setup installs them)")
        return 1
    folder = args.keep or tempfile.mkdtemp(prefix="pango-fallback-")
    os.makedirs(folder, exist_ok=True)
    config = write_fontconfig(os.path.join(folder, "fontconfig"))
    metrics = hhea_by_family(config)
    cases = generate(args.count, args.seed)

    def pango(index):
        return pango_lines(cases[index], config, folder, index)

    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        expected = list(pool.map(pango, range(len(cases))))

    # One document with every case: a vertical stack of texts, each exactly its case's width.
    children = [{"type": "text", "name": f"c{i}", "text": c["text"], "size": c["size"],
                 "style": {"width": c["width"]}} for i, c in enumerate(cases)]
    document = {"root": {"type": "stack", "direction": "vertical", "alignItems": "start", "children": children}}
    document_path = os.path.join(folder, "cases.json")
    with open(document_path, "w") as f:
        json.dump(document, f, ensure_ascii=False)
    result = subprocess.run([args.tool, "layout", document_path], capture_output=True, text=True,
                            env=dict(os.environ, FONTCONFIG_FILE=config))
    if result.returncode != 0:
        print(f"texture-layout layout failed: {result.stderr.strip()}")
        return 1
    ours = json.loads(result.stdout)["lines"]

    compared, dropped_split, dropped_thai, thai_kept, failures = 0, 0, 0, 0, []
    for index, case in enumerate(cases):
        pango_case, split, unknown = expected[index]
        if split:
            dropped_split += 1
            continue
        our_lines = ours[f"c{index}"]
        same_breaks = [line["text"] for line in pango_case] == [line["text"] for line in our_lines]
        if case["thai"] and not same_breaks:
            dropped_thai += 1
            continue
        problems = []
        if unknown:
            problems.append(f"Pango drew {unknown} unknown glyphs")
        if not same_breaks:
            problems.append("line breaks differ")
        else:
            for theirs, mine in zip(pango_case, our_lines):
                if abs(theirs["width"] - mine["frame"][2]) > 0.5:
                    problems.append(f"width {mine['frame'][2]} vs Pango's {theirs['width']} ({theirs['text']!r})")
                if theirs["families"]:
                    ascent = max(metrics[f][0] for f in theirs["families"]) * case["size"]
                    descent = max(metrics[f][1] for f in theirs["families"]) * case["size"]
                    if abs(ascent + descent - mine["frame"][3]) > 0.01:
                        problems.append(f"height {mine['frame'][3]} vs {ascent + descent:.4f} from Pango's fonts "
                                        f"{theirs['families']} ({theirs['text']!r})")
        compared += 1
        thai_kept += case["thai"]
        if problems:
            failures.append(index)
            print(f"case {index} ({case['size']} pt, width {case['width']}): {case['text']!r}")
            for problem in problems:
                print(f"  {problem}")
            print(f"  pango: {[(l['text'], l['width']) for l in pango_case]}")
            print(f"  ours:  {[(l['text'], l['frame'][2]) for l in our_lines]}")
    print(f"{compared} cases compared ({thai_kept} with Thai), {len(failures)} disagree; dropped: {dropped_split} "
          f"where Pango split a cluster between fonts, {dropped_thai} Thai cases where libthai and ICU break apart")
    if not args.keep:
        shutil.rmtree(folder, ignore_errors=True)
    return 0 if compared >= 200 and not failures else 1


if __name__ == "__main__":
    sys.exit(main())
