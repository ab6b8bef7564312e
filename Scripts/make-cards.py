#!/usr/bin/env python3
"""Write share-card documents for batch rendering (`render FILE... -o DIR --jobs N`).

Each card is 600 × 315 points at scale 2 (a link preview's 1200 × 630 pixels): a diagonal gradient, a white
panel with rounded corners and a soft shadow, a title of 4-12 words in 28 pt (at most 2 lines), a subtitle of
8-24 words in 17 pt (at most 3 lines), and an avatar circle with a border. `--bad K` makes K of them (spread
evenly) documents with an error (a size that is not a pair), so that a batch has that many bad documents.

Output is deterministic (fixed seed).

Usage: Scripts/make-cards.py DIR [--count N] [--bad K]     (default: 100 cards, none bad)
"""

import argparse
import colorsys
import json
import os
import random

WORDS = (
    "layout texture node stack inset baseline glyph shaping kerning ligature unicode typography invoice ticket "
    "share card release notes weekly digest launch event concert gallery summer winter city river mountain "
    "the of and to in is for on with from new your our best guide how why what every"
).split()


def words(rng, lo, hi):
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(lo, hi))).capitalize()


def hsl(hue, saturation, lightness):
    r, g, b = colorsys.hls_to_rgb(hue % 360 / 360, lightness, saturation)
    return "#%02x%02x%02x" % (round(r * 255), round(g * 255), round(b * 255))


def card(rng, bad):
    hue = rng.randint(0, 359)
    return {
        "scale": 2,
        "sizeRange": {"min": [600, 315], "max": [600, 315]},
        "root": {
            "type": "node", "name": "card",
            "backgroundGradient": {"colors": [hsl(hue, 0.7, 0.55), hsl(hue + 60, 0.7, 0.4)],
                                   "startPoint": [0, 0], "endPoint": [1, 1]},
            "layout": {
                "type": "inset", "insets": {"top": 32, "left": 32, "bottom": 32, "right": 32},
                "child": {
                    "type": "node", "name": "panel", "backgroundColor": "#ffffff", "cornerRadius": 18,
                    "shadowOpacity": 0.35, "shadowRadius": 12, "shadowOffset": [0, 6],
                    "style": {"flexGrow": 1},
                    "layout": {
                        "type": "inset", "insets": {"top": 24, "left": 24, "bottom": 24, "right": 24},
                        "child": {
                            "type": "stack", "direction": "horizontal", "spacing": 20, "alignItems": "start",
                            "children": [
                                {"type": "node", "name": "avatar",
                                 "size": "big" if bad else [64, 64], "cornerRadius": 32,
                                 "backgroundColor": hsl(hue + 180, 0.6, 0.6),
                                 "borderWidth": 3, "borderColor": "#ffffff"},
                                {"type": "stack", "direction": "vertical", "spacing": 10,
                                 "style": {"flexGrow": 1, "flexShrink": 1},
                                 "children": [
                                     {"type": "text", "name": "title", "text": words(rng, 4, 12), "size": 28,
                                      "color": "#1d1d1f", "maxLines": 2},
                                     {"type": "text", "name": "subtitle", "text": words(rng, 8, 24), "size": 17,
                                      "color": "#555555", "maxLines": 3},
                                 ]},
                            ],
                        },
                    },
                },
            },
        },
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("dir")
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--bad", type=int, default=0)
    args = parser.parse_args()
    rng = random.Random(24)
    os.makedirs(args.dir, exist_ok=True)
    bad = {i * args.count // args.bad for i in range(args.bad)} if args.bad else set()
    for i in range(args.count):
        with open(os.path.join(args.dir, f"card-{i + 1:04d}.json"), "w") as f:
            json.dump(card(rng, i in bad), f)


if __name__ == "__main__":
    main()
