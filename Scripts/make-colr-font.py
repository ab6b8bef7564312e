#!/usr/bin/env python3
"""Writes a tiny COLR font of our own for the colour glyph tests (no font file is committed): "Test COLR", 1,000
units per em, ascent 800, descent 200. "A" (advance 1,000) is a COLR glyph: a base glyph, the box (100, 0)–(900, 700),
whose colour layers are its left half (100–500) in the palette's red and its right half (500–900) in its blue; a
space (advance 500). Needs fontTools (Scripts/setup installs it).

    Scripts/make-colr-font.py OUT.ttf
"""
import sys

from fontTools.colorLib.builder import buildCOLR, buildCPAL
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen


def box(x0, y0, x1, y1):
    pen = TTGlyphPen(None)
    pen.moveTo((x0, y0))
    pen.lineTo((x0, y1))
    pen.lineTo((x1, y1))
    pen.lineTo((x1, y0))
    pen.closePath()
    return pen.glyph()


def main():
    builder = FontBuilder(1000, isTTF=True)
    names = [".notdef", "space", "A", "A.left", "A.right"]
    builder.setupGlyphOrder(names)
    builder.setupCharacterMap({0x20: "space", 0x41: "A"})
    builder.setupGlyf({".notdef": box(50, 0, 450, 700), "space": TTGlyphPen(None).glyph(), "A": box(100, 0, 900, 700),
                       "A.left": box(100, 0, 500, 700), "A.right": box(500, 0, 900, 700)})
    # Each left side bearing is its glyph's left edge, as TrueType requires (FreeType places the origin by it).
    builder.setupHorizontalMetrics({".notdef": (500, 50), "space": (500, 0), "A": (1000, 100), "A.left": (1000, 100),
                                    "A.right": (1000, 500)})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": "Test COLR", "styleName": "Regular"})
    builder.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200)
    builder.setupPost()
    builder.font["COLR"] = buildCOLR({"A": [("A.left", 0), ("A.right", 1)]})
    builder.font["CPAL"] = buildCPAL([[(1.0, 0.0, 0.0, 1.0), (0.0, 0.0, 1.0, 1.0)]])
    builder.save(sys.argv[1])


if __name__ == "__main__":
    main()
