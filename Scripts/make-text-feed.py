#!/usr/bin/env python3
"""Write the text benchmark: the feed of Benchmarks/Documents/generate.py with real text.

1,000 feed cells (width 375) whose title, subtitle, time and body are `text` elements in the default font
(DejaVu Sans) instead of fixed-size nodes: titles of 2-8 words in 17 pt, one line (maxLines 1, truncated),
bodies of 10-60 words in 15 pt wrapping freely. The body of the middle cell is named "changed": `texture-layout
bench` edits its text between re-layouts.

With --mixed, words are replaced by emoji (single, ZWJ sequences, flags, skin tones) and Chinese, Japanese and
Korean words, drawn from a second seeded generator, so that about 20% of the characters (Unicode scalars, spaces
included) are emoji or CJK and font fallback serves them; the feed's structure and other words stay the same. The
share is printed.

Output is deterministic (fixed seed, compact JSON).

Usage: Scripts/make-text-feed.py [--mixed] [FILE]     (default: Benchmarks/Documents/text-feed.json)
"""

import json
import os
import random
import sys

WORDS = (
    "the of and to in is you that it he was for on are as with his they at be this have from or one had by "
    "word but not what all were we when your can said there use an each which she do how their if will up "
    "other about out many then them these so some her would make like him into time has look two more write "
    "go see number no way could people my than first water been call who oil its now find long down day did "
    "get come made may part layout texture node stack inset baseline glyph shaping kerning ligature unicode "
    "typography asynchronous rendering measurement https://example.com/feed?id=42 2026 3.14 #swift @texture"
).split()


# Emoji and CJK words for --mixed, and the generator that picks them (None: not mixed).
MIXED_WORDS = ["😀", "👍🏽", "👩‍💻", "🎉", "🇯🇵", "❤️", "山田", "東京", "中文排版", "汉字", "日本語", "カタカナ", "ひらがな",
               "한국어", "서울", "안녕하세요", "你好", "我们"]
MIXED_SHARE = 0.40  # of words, which makes about 20% of the characters
mixer = None


def word(rng):
    chosen = rng.choice(WORDS)
    if mixer is not None and mixer.random() < MIXED_SHARE:
        return mixer.choice(MIXED_WORDS)
    return chosen


def sentence(rng, lo, hi):
    words = [word(rng) for _ in range(rng.randint(lo, hi))]
    text = " ".join(words)
    return text[0].upper() + text[1:] + rng.choice([".", "!", "?", "…", ""])


def text(value, size, style=None, name=None, **keys):
    e = {"type": "text", "text": value, "size": size}
    e.update(keys)
    if style:
        e["style"] = style
    if name:
        e["name"] = name
    return e


def node(w, h):
    return {"type": "node", "size": [w, h]}


def spacer():
    return {"type": "spec", "style": {"flexGrow": 1}}


def cell(rng, changed):
    header = {
        "type": "stack", "direction": "horizontal", "alignItems": "baselineFirst", "spacing": 8,
        "children": [
            text(sentence(rng, 2, 8), 17, style={"flexShrink": 1}, maxLines=1),
            spacer(),
            text(f"{rng.randint(1, 59)}m", 13, color="#888"),
        ],
    }
    actions = {
        "type": "stack", "direction": "horizontal", "spacing": 8,
        "children": [node(60, 28), node(60, 28), spacer(), node(28, 28)],
    }
    column = {
        "type": "stack", "direction": "vertical", "spacing": 4, "style": {"flexGrow": 1, "flexShrink": 1},
        "children": [
            header,
            text("@" + rng.choice(WORDS) + str(rng.randint(1, 999)), 13, color="#666", style={"flexShrink": 1}),
            text(sentence(rng, 10, 60), 15, style={"flexShrink": 1}, name="changed" if changed else None),
            actions,
        ],
    }
    row = {"type": "stack", "direction": "horizontal", "spacing": 10, "alignItems": "start",
           "children": [node(44, 44), column]}
    return {"type": "inset", "insets": {"top": 12, "left": 16, "bottom": 12, "right": 16}, "child": row}


def main():
    global mixer
    args = sys.argv[1:]
    if args and args[0] == "--mixed":
        mixer = random.Random(31)
        args = args[1:]
    out = args[0] if args else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "Benchmarks", "Documents", "text-feed.json")
    rng = random.Random(20261124)
    cells = 1000
    root = {"type": "stack", "direction": "vertical",
            "children": [cell(rng, i == cells // 2) for i in range(cells)]}
    document = {"sizeRange": {"min": [375, 0], "max": [375, "inf"]}, "root": root}
    with open(out, "w") as f:
        json.dump(document, f, separators=(",", ":"), ensure_ascii=False)
        f.write("\n")
    if mixer is not None:
        texts = []

        def collect(element):
            if element.get("type") == "text":
                texts.append(element["text"])
            for child in element.get("children", []) + [element[k] for k in ("child",) if k in element]:
                collect(child)
        collect(root)
        characters = "".join(texts)
        mixed = sum(1 for c in characters if ord(c) >= 0x1100 and not 0x2000 <= ord(c) <= 0x206F)
        print(f"{len(characters)} characters, {mixed} ({100 * mixed / len(characters):.1f}%) emoji or CJK")


if __name__ == "__main__":
    main()
