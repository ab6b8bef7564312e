#!/usr/bin/env python3
"""Checks `texture-layout render`'s pictures against references we did not write: headless Chromium drawing the same
boxes as HTML/CSS, and resvg drawing our own SVG.

Generated documents (seeded, deterministic) use every paint key of layout-document.md's "Paint": backgroundColor,
axial and radial backgroundGradient (start and end points inside and outside the box, explicit locations, hard
stops), cornerRadius, maskedCorners, borderWidth/borderColor, clipsToBounds, alpha (group opacity over overlapping
subnodes), hidden and the shadow keys, on nodes nested through their `layout` so that subnodes overlap, stick out
and are clipped; most at scale 2, some at scale 1/3.

  --chromium  each document is laid out by `texture-layout layout` (every element is named), turned into HTML/CSS
              by the mapping below and screenshotted by headless Chromium (Selenium; device scale factor = the
              document's scale, transparent page), then compared with `render --format png`. No text elements:
              a browser lays text out with its own fonts and rules.
  --resvg     the same kind of documents plus text elements (the default font, with paint keys and glyph shadows):
              `render --format svg` drawn by resvg (PyPI resvg-py) at the document's scale against
              `render --format png`.
  --images    documents of image elements (layout-document.md's "Images"), one per kind of PNG and JPEG that
              Scripts/make-test-images.py writes (every colour type and bit depth, palettes, transparency,
              interlacing; baseline, progressive, greyscale, CMYK, the eight EXIF orientations): its smooth picture
              in every content mode with imageScale from 0.5 to 4, rounded and masked clips, backgrounds, borders,
              group opacity and unclipped images, and its quadrant picture drawn a pixel to a pixel, where no filter
              takes part; at scales 2, 3 and 1. Chromium draws the same files as <img> elements. (Smooth pictures:
              on a hard edge inside an enlarged image, Chromium's filter and ours differ by far more than the
              tolerance allows, however right the placement.)
  --self-check validates the HTML mapping without our renderer: Chromium against colours computed here from the
              contract at pixel centres (axial and radial gradients with hard stops, a box's Gaussian shadow, group
              opacity over overlapping boxes, a border band over a subnode: every channel within 4), rounded and
              masked corners with a border's inner radius and a rounded clip (coverage sampled 8 × 8: at most 0.2% of
              the pixels off, Chromium's curved edges not being exact coverage), and Chromium against itself.

Comparison: both pictures are decoded to 8-bit RGBA and premultiplied; a pixel is *off* when one of its four
channels differs by more than 40; the *mean difference* is the mean absolute channel difference over all pixels
and channels. A document passes with at most 0.5% of its pixels off and a mean difference of at most 1.5.

The HTML/CSS mapping (the contract's words in CSS terms; frames are the `layout` command's):
- Every display element (`node`, `text`, `image`) is an absolutely positioned div, nested as Texture's node
  hierarchy (an element's subnodes are the display elements of its `layout`, found through its specs), at its
  frame minus its supernode's frame, in the flattened order (a spec's children in order, a background spec's
  `background` before its `child`, an overlay's `overlay` and a corner's `corner` after their `child`). Being
  positioned with `z-index: auto`, the divs paint in that tree order.
- `hidden`, or `alpha` 0: `display: none` (the subtree is not drawn); `alpha` < 1: `opacity` (a group).
- Corners: every corner in `maskedCorners` gets `border-*-radius: min(cornerRadius, width / 2, height / 2)`.
- `backgroundColor`: `background-color`; `backgroundGradient`: a `background-image` over it. Axial: with S and E
  the start and end points in the box's points, `linear-gradient(θ, …)` whose direction d = (E − S) / |E − S| is
  θ = atan2(dx, −dy) (0deg points up); CSS's gradient line has length L = |w·dx| + |h·dy| and is centred in the box,
  so it starts at P0 = centre − d·L/2, and location l is the stop at (S − P0)·d + l·|E − S| pixels along it (lines
  of equal colour are then perpendicular to S→E in the box's own point space). Radial:
  `radial-gradient(ellipse rx ry at Sx Sy, …)` with rx = |E − S|·width, ry = |E − S|·height (E − S in unit
  coordinates), location l at l·100%. Colours outside the first and last location continue (CSS does the same);
  CSS interpolates premultiplied, as the contract; a gradient whose start equals its end is its last colour.
- Shadow (`shadowOpacity` > 0 and not `clipsToBounds`): `box-shadow: dx dy (2·shadowRadius) colour`, the colour's
  alpha multiplied by `shadowOpacity`. A box-shadow is not drawn under its own box, so the generated documents give
  every shadowed element an opaque background colour (where the contract and the browser agree).
- `clipsToBounds`: the subnodes go in a child div filling the box with the same corner radii and
  `overflow: hidden` (it has no CSS border, so its padding box is the box), and the border div follows it: inside
  the clipping div, the border's curved edges would be anti-aliased twice (their coverage about squared).
- Border: a last child div filling the box, above the subnodes, with the same corner radii and
  `box-shadow: inset 0 0 0 b borderColor`, b = min(borderWidth, width / 2, height / 2): a band b wide inside the
  edge whose inner corners have radius max(0, r − b), as the contract's. (Not a CSS `border`: Chromium floors a
  border's width to whole CSS pixels, so 1.5 points at scale 2 would draw 2 pixels instead of 3.)
- An image's picture: an <img> filling a div that clips it to the box (with the corner radii when the element
  clips, which images do by default), `object-fit` fill, contain or cover for scaleToFill, scaleAspectFit and
  scaleAspectFill and `none` for the other modes, `object-position` the mode's edge or corner (centre by default),
  `srcset="FILE Nx"` with N the imageScale, so that the image's intrinsic size in CSS pixels is its size in points;
  Chromium applies the EXIF orientation itself.
- The page is transparent (Chromium's default background overridden) and the picture is rendered with no
  `--background`, so the canvas's transparency is compared too.

Usage: paint-reference-test.py --tool PATH/texture-layout (--chromium | --resvg | --images | --self-check)...
           [--count N] [--seed S] [--keep DIR] [--chromedriver PATH] [--chromium-binary PATH]
Exits 0 when every document passed, 1 otherwise (naming the documents), printing one line per document.
"""
import argparse
import json
import math
import os
import random
import struct
import subprocess
import sys
import tempfile
import zlib

OFF_THRESHOLD = 40
MAX_OFF_SHARE = 0.005
MAX_MEAN = 1.5

# ---------------------------------------------------------------------------------------------------- PNG files


def read_png(data):
    """Decodes an 8-bit, non-interlaced RGB or RGBA PNG (what Chromium, resvg and our renderer write) to
    (width, height, bytearray of RGBA)."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    position, chunks, header = 8, [], None
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks.append(body)
        position += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        raise ValueError(f"unsupported PNG (depth {depth}, colour type {colour}, interlace {interlace})")
    channels = 4 if colour == 6 else 3
    raw = zlib.decompress(b"".join(chunks))
    stride = width * channels
    previous = bytearray(stride)
    pixels = bytearray(width * height * 4)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        if kind == 1:
            for i in range(channels, stride):
                line[i] = (line[i] + line[i - channels]) & 255
        elif kind == 2:
            line = bytearray((a + b) & 255 for a, b in zip(line, previous))
        elif kind == 3:
            for i in range(stride):
                left = line[i - channels] if i >= channels else 0
                line[i] = (line[i] + ((left + previous[i]) >> 1)) & 255
        elif kind == 4:
            for i in range(stride):
                a = line[i - channels] if i >= channels else 0
                b, c = previous[i], previous[i - channels] if i >= channels else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        previous = line
        if channels == 4:
            pixels[y * width * 4:(y + 1) * width * 4] = line
        else:
            row = y * width * 4
            for x in range(width):
                pixels[row + 4 * x:row + 4 * x + 3] = line[3 * x:3 * x + 3]
                pixels[row + 4 * x + 3] = 255
    return width, height, pixels


def write_png(path, width, height, pixels):
    """Writes RGBA pixels as a PNG (the difference pictures kept with --keep)."""
    raw = b"".join(b"\x00" + bytes(pixels[y * width * 4:(y + 1) * width * 4]) for y in range(height))

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    with open(path, "wb") as file:
        file.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
                   + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def premultiplied(pixels):
    out = bytearray(len(pixels))
    for i in range(0, len(pixels), 4):
        a = pixels[i + 3]
        out[i] = (pixels[i] * a + 127) // 255
        out[i + 1] = (pixels[i + 1] * a + 127) // 255
        out[i + 2] = (pixels[i + 2] * a + 127) // 255
        out[i + 3] = a
    return out


def compare(ours, reference, difference_path=None):
    """(share of pixels off, mean difference, the largest channel difference and where it is) of two decoded
    pictures, premultiplied. Pictures of different sizes are all off."""
    (w, h, a), (w2, h2, b) = ours, reference
    if (w, h) != (w2, h2):
        return 1.0, 255.0, 255, f"size {w}x{h} against {w2}x{h2}"
    a, b = premultiplied(a), premultiplied(b)
    off = total = 0
    worst, worst_at = -1, None
    picture = bytearray(len(a)) if difference_path else None
    for i in range(0, len(a), 4):
        d = (abs(a[i] - b[i]), abs(a[i + 1] - b[i + 1]), abs(a[i + 2] - b[i + 2]), abs(a[i + 3] - b[i + 3]))
        largest = max(d)
        total += d[0] + d[1] + d[2] + d[3]
        if largest > OFF_THRESHOLD:
            off += 1
        if largest > worst:
            worst, worst_at = largest, i
        if picture is not None:
            picture[i:i + 4] = bytes((min(255, 4 * largest), 0, 0, 255)) if largest > 4 else b"\x00\x00\x00\x00"
    if picture is not None:
        write_png(difference_path, w, h, picture)
    pixel = worst_at // 4
    where = (f"worst pixel ({pixel % w}, {pixel // w}) premultiplied ours {tuple(a[worst_at:worst_at + 4])} "
             f"reference {tuple(b[worst_at:worst_at + 4])}")
    return off / (w * h), total / (len(a)), worst, where


# ------------------------------------------------------------------------------------------ generated documents

CORNERS = ["topLeft", "topRight", "bottomLeft", "bottomRight"]
WORDS = ("Texture lays out nodes off the main thread and draws what they say: backgrounds, corners, borders "
         "and shadows, glyph by glyph").split()


def hex_colour(rng, alpha=None):
    channels = [rng.randrange(256) for _ in range(3)]
    text = "#" + "".join(f"{c:02x}" for c in channels)
    return text if alpha is None else text + f"{round(alpha * 255):02x}"


def random_point(rng):
    return [round(rng.uniform(-0.3, 1.3), 2), round(rng.uniform(-0.3, 1.3), 2)]


def gradient(rng):
    count = rng.choice([2, 2, 3, 4])
    value = {"colors": [hex_colour(rng, None if rng.random() < 0.6 else rng.uniform(0.3, 1)) for _ in range(count)]}
    if rng.random() < 0.6:
        locations = sorted(round(rng.uniform(0, 1), 2) for _ in range(count))
        if count > 2 and rng.random() < 0.5:
            k = rng.randrange(1, count)
            locations[k] = locations[k - 1]  # a hard stop
        value["locations"] = locations
    if rng.random() < 0.35:
        value["type"] = "radial"
        value["startPoint"] = [round(rng.uniform(0.1, 0.9), 2), round(rng.uniform(0.1, 0.9), 2)]
        value["endPoint"] = [round(value["startPoint"][0] + rng.uniform(-0.7, 0.7), 2), value["startPoint"][1]]
    elif rng.random() < 0.75:
        value["startPoint"], value["endPoint"] = random_point(rng), random_point(rng)
    return value


def paint(rng, element, width, height, step):
    """Random paint keys for a display element of about width × height points."""
    shadow = rng.random() < 0.3
    if shadow or rng.random() < 0.75:
        opaque = shadow or rng.random() < 0.7
        element["backgroundColor"] = hex_colour(rng, None if opaque else rng.uniform(0.4, 0.9))
    if "backgroundColor" in element and element["type"] == "node" and rng.random() < 0.15:
        element["color"] = element.pop("backgroundColor")  # a node's older spelling
    if rng.random() < 0.4:
        element["backgroundGradient"] = gradient(rng)
    if rng.random() < 0.5:
        element["cornerRadius"] = rng.randrange(2, int(min(width, height) / 2) + 12)
        if rng.random() < 0.35:
            element["maskedCorners"] = rng.sample(CORNERS, rng.randrange(0, 4))
    if rng.random() < 0.4:
        element["borderWidth"] = step * rng.randrange(1, 5) if step > 1 else rng.choice([1, 1.5, 2, 3, 5])
        if rng.random() < 0.8:
            element["borderColor"] = hex_colour(rng, None if rng.random() < 0.6 else rng.uniform(0.4, 0.9))
    if rng.random() < 0.35:
        element["clipsToBounds"] = True
    if rng.random() < 0.3:
        element["alpha"] = round(rng.uniform(0.35, 0.9), 2)
    if rng.random() < 0.07:
        element["hidden"] = True
    if shadow:
        element["shadowOpacity"] = round(rng.uniform(0.3, 1), 2)
        if rng.random() < 0.8:
            element["shadowRadius"] = rng.choice([0, 1, 2, 4, 6, 8, 10]) * step
        if rng.random() < 0.7:
            element["shadowOffset"] = [rng.randrange(-6, 7) * step, rng.randrange(-6, 7) * step]
        if rng.random() < 0.7:
            element["shadowColor"] = hex_colour(rng, None if rng.random() < 0.7 else rng.uniform(0.5, 1))


class Generator:
    """One document: an absolute root with a few nodes, each with random paint and, down to depth 2, a `layout`
    (absolute, sometimes through overlay/background/inset specs) whose nodes overlap each other and stick out."""

    def __init__(self, seed, scale, texts):
        self.rng = random.Random(seed)
        self.scale = scale
        self.step = 1 if scale >= 1 else round(1 / scale)  # points per pixel at scale 1/3: whole pixels only
        self.texts = texts
        self.count = 0

    def name(self, prefix):
        self.count += 1
        return f"{prefix}{self.count}"

    def snap(self, value):
        return self.step * round(value / self.step)

    def text(self, width, height):
        rng = self.rng
        element = {"type": "text", "name": self.name("t"),
                   "text": " ".join(rng.sample(WORDS, rng.randrange(2, 8))),
                   "size": rng.choice([11, 13, 15, 17, 22]), "color": hex_colour(rng),
                   "style": {"layoutPosition": [self.snap(rng.uniform(0, width * 0.4)),
                                                self.snap(rng.uniform(0, height * 0.6))]}}
        if rng.random() < 0.3:
            element["backgroundColor"] = hex_colour(rng, rng.uniform(0.3, 1))
        if rng.random() < 0.2:
            element["shadowOpacity"] = round(rng.uniform(0.4, 1), 2)
            element["shadowRadius"] = rng.choice([1, 2, 3])
            element["shadowOffset"] = [rng.randrange(-3, 4), rng.randrange(-3, 4)]
        return element

    def node(self, depth, parent_width, parent_height):
        rng = self.rng
        width = max(self.step * 4, self.snap(rng.uniform(0.3, 0.75) * parent_width))
        height = max(self.step * 4, self.snap(rng.uniform(0.3, 0.75) * parent_height))
        position = [self.snap(rng.uniform(-0.15 * parent_width, parent_width - 0.6 * width)),
                    self.snap(rng.uniform(-0.15 * parent_height, parent_height - 0.6 * height))]
        element = {"type": "node", "name": self.name("n"), "style": {"preferredSize": [width, height]}}
        paint(rng, element, width, height, self.step)
        if depth < 2 and rng.random() < 0.65:
            children = [self.node(depth + 1, width, height) for _ in range(rng.randrange(1, 4))]
            if self.texts and rng.random() < 0.6:
                children.append(self.text(width, height))
            element["layout"] = {"type": "absolute", "name": self.name("a"), "children": children}
        wrapper = rng.random()
        if wrapper < 0.12:  # a background spec: its background is drawn before its child
            behind = {"type": "node", "name": self.name("n"), "backgroundColor": hex_colour(rng)}
            paint(rng, behind, width, height, self.step)
            element = {"type": "background", "name": self.name("b"), "child": element, "background": behind}
        elif wrapper < 0.22:  # an overlay spec: its overlay is drawn after its child
            inset = self.step * rng.randrange(1, 6)
            front = {"type": "node", "name": self.name("n"), "backgroundColor": hex_colour(rng, 0.6)}
            element = {"type": "overlay", "name": self.name("o"), "child": element,
                       "overlay": {"type": "inset", "name": self.name("i"), "child": front,
                                   "insets": {"top": inset, "left": inset, "bottom": inset, "right": inset}}}
        element.setdefault("style", {})["layoutPosition"] = position
        return element

    def document(self, width, height):
        children = [self.node(0, width, height) for _ in range(self.rng.randrange(2, 5))]
        if self.texts:
            children.append(self.text(width, height))
        return {"scale": self.scale, "sizeRange": {"min": [width, height], "max": [width, height]},
                "root": {"type": "absolute", "name": "root", "children": children}}


def generated_documents(count, seed, texts):
    """(name, document) pairs: three in four at scale 2 (240 × 180 points), the others at scale 1/3 (360 × 270)."""
    documents = []
    for index in range(count):
        third = index % 4 == 3
        generator = Generator(seed * 1000 + index, 1 / 3 if third else 2, texts)
        document = generator.document(360, 270) if third else generator.document(240, 180)
        documents.append((f"{'text' if texts else 'paint'}-{index:03d}", document))
    return documents


def image_files(folder):
    """Writes every kind of PNG and JPEG of Scripts/make-test-images.py's two pictures into `folder`; returns the
    smooth files' names and the quadrant files' names."""
    import importlib.util
    spec = importlib.util.spec_from_file_location(
        "make_test_images", os.path.join(os.path.dirname(os.path.abspath(__file__)), "make-test-images.py"))
    images = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(images)
    smooth = images.Smooth()
    smooth = images.write_pngs(folder, smooth, "smooth-") + images.write_jpegs(folder, smooth, "smooth-")
    quadrants = images.write_pngs(folder) + images.write_jpegs(folder)
    return smooth, quadrants


def image_documents(seed, smooth, quadrants):
    """One document per kind of file: the smooth picture in that kind in every content mode (a 4 × 3 grid of image
    elements of random sizes, imageScale 0.5 to 4, some with rounded and masked corners, a background, a border,
    group opacity, or not clipping), and the quadrant picture in that kind drawn one image pixel to one device
    pixel (imageScale = the document's scale, whole-pixel positions) in four modes, where no filter takes part;
    at scales 2, 3 and 1 in turn."""
    modes = list(CONTENT_MODES)
    documents = []
    for index, (kind, exact) in enumerate(zip(smooth, quadrants)):
        rng = random.Random(seed * 1000 + index)
        scale = (2, 3, 1)[index % 3]
        children, count = [], 0
        for k, mode in enumerate(modes):
            width, height = rng.randrange(24, 65), rng.randrange(20, 61)
            element = {"type": "image", "name": f"i{k}", "src": kind, "contentMode": mode,
                       "imageScale": rng.choice([1, 1, 2, 3, 0.5, 1.5, 4]),
                       "style": {"width": width, "height": height,
                                 "layoutPosition": [8 + 72 * (k % 4) + rng.randrange(0, 65 - width),
                                                    8 + 68 * (k // 4) + rng.randrange(0, 61 - height)]}}
            if rng.random() < 0.5:
                element["cornerRadius"] = rng.randrange(2, min(width, height) // 2 + 8)
                if rng.random() < 0.3:
                    element["maskedCorners"] = rng.sample(CORNERS, rng.randrange(1, 4))
            if rng.random() < 0.4:
                element["backgroundColor"] = hex_colour(rng)
            if rng.random() < 0.25:
                element["borderWidth"] = rng.choice([1, 1.5, 2, 3])
                element["borderColor"] = hex_colour(rng)
            if rng.random() < 0.2:
                element["alpha"] = round(rng.uniform(0.4, 0.9), 2)
            if rng.random() < 0.15:
                element["clipsToBounds"] = False
            children.append(element)
        for k, mode in enumerate(["center", "topLeft", "bottomRight", "left"]):
            side = 24 + 2 * k
            children.append({"type": "image", "name": f"q{k}", "src": exact, "contentMode": mode, "imageScale": scale,
                             "style": {"width": side, "height": side, "layoutPosition": [8 + 36 * k, 214]}})
        documents.append((f"image-{kind.removeprefix('smooth-').rsplit('.', 1)[0]}-{kind.rsplit('.', 1)[1]}",
                          {"scale": scale, "sizeRange": {"min": [300, 250], "max": [300, 250]},
                           "root": {"type": "absolute", "name": "root", "children": children}}))
    return documents


# ------------------------------------------------------------------------------------------------ HTML and CSS

DISPLAY = {"node", "text", "image"}
CHILD_KEYS = {"background": ("background", "child"), "overlay": ("child", "overlay"), "corner": ("child", "corner")}


def display_elements(element):
    """The display elements reached from `element` through specs only, in the flattened order."""
    if element["type"] in DISPLAY:
        yield element
        return
    for key in CHILD_KEYS.get(element["type"], ("child", "children")):
        value = element.get(key)
        for child in (value if isinstance(value, list) else [value] if value else []):
            yield from display_elements(child)


def css_number(value):
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def gradient_terms(value):
    """A `backgroundGradient`'s colours, locations, start and end points and whether it is radial, with the
    contract's defaults filled in (locations spread evenly, [0.5, 0] to [0.5, 1], axial)."""
    colours = value["colors"]
    count = len(colours)
    locations = value.get("locations") or [k / (count - 1) for k in range(count)]
    start, end = value.get("startPoint", [0.5, 0]), value.get("endPoint", [0.5, 1])
    return colours, locations, start, end, value.get("type", "axial") == "radial"


def gradient_css(value, width, height):
    colours, locations, (sx, sy), (ex, ey), radial = gradient_terms(value)
    if radial:
        unit = math.hypot(ex - sx, ey - sy)
        if unit == 0:
            return f"linear-gradient({colours[-1]}, {colours[-1]})"
        stops = ", ".join(f"{c} {css_number(100 * l)}%" for c, l in zip(colours, locations))
        return (f"radial-gradient(ellipse {css_number(unit * width)}px {css_number(unit * height)}px at "
                f"{css_number(sx * width)}px {css_number(sy * height)}px, {stops})")
    start, end = (sx * width, sy * height), (ex * width, ey * height)
    length = math.hypot(end[0] - start[0], end[1] - start[1])
    if length == 0:
        return f"linear-gradient({colours[-1]}, {colours[-1]})"
    dx, dy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
    angle = math.degrees(math.atan2(dx, -dy))
    line = abs(width * dx) + abs(height * dy)
    origin = (width / 2 - dx * line / 2, height / 2 - dy * line / 2)
    offset = (start[0] - origin[0]) * dx + (start[1] - origin[1]) * dy
    stops = ", ".join(f"{c} {css_number(offset + l * length)}px" for c, l in zip(colours, locations))
    return f"linear-gradient({css_number(angle)}deg, {stops})"


def with_alpha(colour, factor):
    """A #rgb/#rrggbb/#rrggbbaa colour as rgba() with its alpha multiplied by `factor`."""
    digits = colour.lstrip("#")
    if len(digits) in (3, 4):
        digits = "".join(c * 2 for c in digits)
    alpha = int(digits[6:8], 16) / 255 if len(digits) == 8 else 1
    r, g, b = (int(digits[k:k + 2], 16) for k in (0, 2, 4))
    return f"rgba({r}, {g}, {b}, {css_number(alpha * factor)})"


def element_html(element, frames, origin, out):
    x, y, width, height = frames[element["name"]]
    style = [f"left:{css_number(x - origin[0])}px", f"top:{css_number(y - origin[1])}px",
             f"width:{css_number(width)}px", f"height:{css_number(height)}px"]
    alpha = element.get("alpha", 1)
    if element.get("hidden") or alpha == 0:
        style.append("display:none")
    elif alpha < 1:
        style.append(f"opacity:{css_number(alpha)}")
    radius = min(element.get("cornerRadius", 0), width / 2, height / 2)
    masked = element.get("maskedCorners", CORNERS)
    radii = "".join(f"border-{corner}-radius:{css_number(radius if name in masked else 0)}px;"
                    for name, corner in zip(CORNERS, ("top-left", "top-right", "bottom-left", "bottom-right")))
    style.append(radii.rstrip(";"))
    background = element.get("backgroundColor", element.get("color") if element["type"] == "node" else None)
    if background:
        style.append(f"background-color:{background}")
    if "backgroundGradient" in element:
        style.append(f"background-image:{gradient_css(element['backgroundGradient'], width, height)}")
    clips = element.get("clipsToBounds", element["type"] == "image")
    if element.get("shadowOpacity", 0) > 0 and not clips:
        dx, dy = element.get("shadowOffset", [0, -3])
        blur = 2 * element.get("shadowRadius", 3)
        colour = with_alpha(element.get("shadowColor", "#000"), element["shadowOpacity"])
        style.append(f"box-shadow:{css_number(dx)}px {css_number(dy)}px {css_number(blur)}px {colour}")
    out.append(f'<div id="{element["name"]}" style="{";".join(style)}">')
    box = f"left:0;top:0;width:{css_number(width)}px;height:{css_number(height)}px;{radii}"
    if element["type"] == "image":
        out.append(image_html(element, box if clips else box.replace(radii, "")))
    if clips:  # a div of its own, so that the border above it is not clipped (and anti-aliased) a second time
        out.append(f'<div style="{box};overflow:hidden">')
    if "layout" in element:
        for child in display_elements(element["layout"]):
            element_html(child, frames, (x, y), out)
    if clips:
        out.append("</div>")
    border = min(element.get("borderWidth", 0), width / 2, height / 2)
    if border > 0:
        out.append(f'<div style="{box};box-shadow:inset 0 0 0 {css_number(border)}px '
                   f'{element.get("borderColor", "#000")}"></div>')
    out.append("</div>")


CONTENT_MODES = {"scaleToFill": ("fill", "50% 50%"), "scaleAspectFit": ("contain", "50% 50%"),
                 "scaleAspectFill": ("cover", "50% 50%"), "center": ("none", "50% 50%"), "top": ("none", "50% 0"),
                 "bottom": ("none", "50% 100%"), "left": ("none", "0 50%"), "right": ("none", "100% 50%"),
                 "topLeft": ("none", "0 0"), "topRight": ("none", "100% 0"), "bottomLeft": ("none", "0 100%"),
                 "bottomRight": ("none", "100% 100%")}


def image_html(element, box):
    """An image element's picture: an <img> filling a div that clips it to the box (rounded when the element
    clips), placed by `object-fit` and `object-position` as its contentMode says, its imageScale as the srcset's
    density (so that its intrinsic size in CSS pixels is its size in points)."""
    fit, position = CONTENT_MODES[element.get("contentMode", "scaleAspectFill")]
    density = css_number(element.get("imageScale", 1))
    return (f'<div style="{box};overflow:hidden"><img srcset="{element["src"]} {density}x" style="position:absolute;'
            f'left:0;top:0;width:100%;height:100%;object-fit:{fit};object-position:{position}"></div>')


def document_html(document, layout):
    """The page drawing `document`'s display elements at `layout`'s frames (every element must be named)."""
    out = []
    for element in display_elements(document["root"]):
        element_html(element, layout["frames"], (0, 0), out)
    width, height = layout["size"]
    return ("<!DOCTYPE html><html><head><style>html,body{margin:0;padding:0;background:transparent}"
            f"#canvas{{position:relative;overflow:hidden;width:{css_number(width)}px;height:{css_number(height)}px}}"
            "#canvas div{position:absolute}</style></head><body><div id=\"canvas\">" + "".join(out)
            + "</div></body></html>")


# ---------------------------------------------------------------------------------------------------- Chromium

class Browser:
    def __init__(self, chromedriver, binary):
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        options = webdriver.ChromeOptions()
        options.binary_location = binary
        for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--hide-scrollbars", "--force-color-profile=srgb", "--disable-lcd-text",
                     "--window-size=800,600"):
            options.add_argument(flag)
        self.driver = webdriver.Chrome(service=Service(executable_path=chromedriver), options=options)
        self.driver.execute_cdp_cmd("Emulation.setDefaultBackgroundColorOverride",
                                    {"color": {"r": 0, "g": 0, "b": 0, "a": 0}})

    def screenshot(self, html, width, height, scale, folder):
        """The page's (0, 0, width, height) CSS pixels at `scale` device pixels per CSS pixel, decoded."""
        import base64
        path = os.path.join(folder, "page.html")
        with open(path, "w") as file:
            file.write(html)
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": math.ceil(width), "height": math.ceil(height),
                                     "deviceScaleFactor": scale, "mobile": False})
        self.driver.get("file://" + path)
        shot = self.driver.execute_cdp_cmd("Page.captureScreenshot", {
            "format": "png", "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}})
        return read_png(base64.b64decode(shot["data"]))

    def close(self):
        self.driver.quit()


# --------------------------------------------------------------------------------------------------- our tool

def run_tool(tool, arguments):
    result = subprocess.run([tool] + arguments, capture_output=True)
    if result.returncode != 0:
        raise RuntimeError(f"texture-layout {' '.join(arguments)}: exit {result.returncode}: "
                           + result.stderr.decode(errors="replace").strip())
    return result.stdout


def report_line(name, share, mean, where):
    ok = share <= MAX_OFF_SHARE and mean <= MAX_MEAN
    print(f"{'ok' if ok else 'FAILED'}: {name}: {100 * share:.3f}% of pixels off by more than {OFF_THRESHOLD}, "
          f"mean difference {mean:.3f}" + ("" if ok else f"; {where}"), flush=True)
    return ok


def compare_documents(kind, documents, tool, folder, keep, draw_reference):
    """Writes the documents, renders them as PNG with our tool, draws each reference and compares. Returns the
    (name, share, mean, ok) results."""
    results = []
    for name, document in documents:
        path = os.path.join(folder, name + ".json")
        with open(path, "w") as file:
            json.dump(document, file, indent=1)
        if keep:
            with open(os.path.join(keep, name + ".json"), "w") as file:
                json.dump(document, file, indent=1)
        try:
            ours = read_png(run_tool(tool, ["render", path, "--format", "png"]))
            reference = draw_reference(name, document, path)
        except RuntimeError as failure:  # the tool refused the document: that document fails, the others go on
            print(f"FAILED: {name} against {kind}: {failure}", flush=True)
            results.append((name, 1.0, 255.0, False))
            continue
        difference = os.path.join(keep, f"{name}-difference.png") if keep else None
        share, mean, _, where = compare(ours, reference, difference)
        if keep:
            write_png(os.path.join(keep, f"{name}.png"), *ours)
            write_png(os.path.join(keep, f"{name}-{kind}.png"), *reference)
        results.append((name, share, mean, report_line(f"{name} against {kind}", share, mean, where)))
    return results


def chromium_check(args, folder, documents):
    """Our PNG of each of `documents` against Chromium's drawing of it as HTML/CSS."""
    browser = Browser(args.chromedriver, args.chromium_binary)
    try:
        def draw(name, document, path):
            layout = json.loads(run_tool(args.tool, ["layout", path]))
            html = document_html(document, layout)
            if args.keep:
                with open(os.path.join(args.keep, name + ".html"), "w") as file:
                    file.write(html)
            return browser.screenshot(html, *layout["size"], document["scale"], folder)
        return compare_documents("chromium", documents, args.tool, folder, args.keep, draw)
    finally:
        browser.close()


def resvg_check(args, folder):
    import resvg_py
    documents = generated_documents(args.count, args.seed, texts=True)

    def draw(name, document, path):
        svg = run_tool(args.tool, ["render", path, "--format", "svg"]).decode()
        layout = json.loads(run_tool(args.tool, ["layout", path]))
        width, height = (round(v * document["scale"]) for v in layout["size"])
        return read_png(bytes(resvg_py.svg_to_bytes(svg_string=svg, width=width, height=height)))
    return compare_documents("resvg", documents, args.tool, folder, args.keep, draw)


# ------------------------------------------------------------------------------------------------ self-check

def phi(x):
    return 0.5 * (1 + math.erf(x / math.sqrt(2)))


def parse_colour(text):
    digits = text.lstrip("#")
    alpha = int(digits[6:8], 16) / 255 if len(digits) == 8 else 1.0
    return tuple(int(digits[k:k + 2], 16) / 255 * alpha for k in (0, 2, 4)) + (alpha,)  # premultiplied


def gradient_colour(value, width, height, px, py):
    """The contract's colour of `value` at (px, py) in a width × height box, premultiplied, 0…1."""
    names, locations, (sx, sy), (ex, ey), radial = gradient_terms(value)
    colours = [parse_colour(c) for c in names]
    count = len(colours)
    if radial:
        unit = math.hypot(ex - sx, ey - sy)
        if unit == 0:
            return colours[-1]
        t = math.hypot((px - sx * width) / (unit * width), (py - sy * height) / (unit * height))
    else:
        vx, vy = (ex - sx) * width, (ey - sy) * height
        squared = vx * vx + vy * vy
        if squared == 0:
            return colours[-1]
        t = ((px - sx * width) * vx + (py - sy * height) * vy) / squared
    if t <= locations[0]:
        return colours[0]
    for k in range(1, count):
        if t < locations[k] or k == count - 1:
            if t >= locations[k]:
                return colours[k]
            f = (t - locations[k - 1]) / (locations[k] - locations[k - 1])
            return tuple(a + (b - a) * f for a, b in zip(colours[k - 1], colours[k]))
    return colours[-1]


def over(top, bottom):
    return tuple(t + b * (1 - top[3]) for t, b in zip(top, bottom))


def expected_picture(width, height, scale, colour_at, samples=1):
    """RGBA pixels (unpremultiplied, as a PNG holds them) of colour_at(x, y) in points, premultiplied 0…1: the mean
    of samples × samples points spread evenly over every pixel (1: its centre)."""
    pixels = bytearray(width * height * 4)
    offsets = [(k + 0.5) / samples for k in range(samples)]
    for j in range(height):
        for i in range(width):
            sums = [0.0, 0.0, 0.0, 0.0]
            for u in offsets:
                for v in offsets:
                    for c, value in enumerate(colour_at((i + u) / scale, (j + v) / scale)):
                        sums[c] += value
            r, g, b, a = (value / (samples * samples) for value in sums)
            k = 4 * (j * width + i)
            if a > 0:
                pixels[k:k + 4] = bytes(round(min(1, max(0, c / a)) * 255) for c in (r, g, b)) + bytes((round(a * 255),))
    return width, height, pixels


def in_rounded_box(x, y, box, radius, corners):
    """Whether (x, y) is inside `box` (x, y, w, h) with the `corners` rounded by `radius` (already clamped)."""
    bx, by, w, h = box
    if not (bx <= x < bx + w and by <= y < by + h):
        return False
    for name, cx, cy in (("topLeft", bx + radius, by + radius), ("topRight", bx + w - radius, by + radius),
                         ("bottomLeft", bx + radius, by + h - radius), ("bottomRight", bx + w - radius, by + h - radius)):
        if name in corners and (x < cx) == name.endswith("Left") and (y < cy) == name.startswith("top"):
            return (x - cx) ** 2 + (y - cy) ** 2 <= radius * radius
    return True


SELF_GRADIENTS = [
    {"colors": ["#ff0000", "#0000ff"]},
    {"colors": ["#e63946", "#f1faee", "#1d3557"], "startPoint": [0, 0], "endPoint": [1, 1]},
    {"colors": ["#2a9d8f", "#e9c46a80", "#264653"], "locations": [0.2, 0.5, 0.5],
     "startPoint": [1.2, 0.1], "endPoint": [-0.1, 0.8]},
    {"colors": ["#ff006e", "#3a86ff"], "locations": [0.3, 0.7], "startPoint": [0.2, 0.5], "endPoint": [0.3, 0.5]},
    {"colors": ["#ffbe0b", "#fb5607", "#8338ec"], "type": "radial", "startPoint": [0.4, 0.6], "endPoint": [0.9, 0.6]},
    {"colors": ["#06d6a0", "#11800000"], "locations": [0.25, 0.9], "type": "radial",
     "startPoint": [0.5, 0.5], "endPoint": [0.5, 0.1]},
]


PAINT_KEYS = {"backgroundColor", "backgroundGradient", "cornerRadius", "maskedCorners", "borderWidth", "borderColor",
              "clipsToBounds", "alpha", "hidden", "shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius"}


def without_paint(value):
    if isinstance(value, dict):
        return {k: without_paint(v) for k, v in value.items() if k not in PAINT_KEYS}
    return [without_paint(v) for v in value] if isinstance(value, list) else value


SELF_CHECK_MAX = 4


def self_check(args, folder):
    """Chromium against colours computed from the contract here, and against itself: every channel of every pixel
    within SELF_CHECK_MAX (8-bit rounding and Skia's blur approximation), far stricter than the comparisons'
    tolerance, so that what those find is the renderer's and not the mapping's."""
    browser = Browser(args.chromedriver, args.chromium_binary)
    results = []

    def check(name, document, layout, expected, edges_share=None):
        """Every channel within SELF_CHECK_MAX, or with `edges_share`, at most that share of the pixels off by more
        than OFF_THRESHOLD (for anti-aliased curves, where Skia's coverage is not ours)."""
        shot = browser.screenshot(document_html(document, layout), *layout["size"], document["scale"], folder)
        share, mean, worst, where = compare(expected, shot)
        ok = worst <= SELF_CHECK_MAX if edges_share is None else share <= edges_share
        limit = f"at most {SELF_CHECK_MAX}" if edges_share is None else \
            f"{100 * share:.3f}% of pixels off by more than {OFF_THRESHOLD}, at most {100 * edges_share}%"
        print(f"{'ok' if ok else 'FAILED'}: self-check {name}: largest channel difference {worst} ({limit}), "
              f"mean difference {mean:.3f}; {where}", flush=True)
        results.append((name, share, mean, ok))

    try:
        # Gradients: one 150 × 90 box each (not square, so that perpendicular-in-points matters).
        w, h = 150, 90
        for k, value in enumerate(SELF_GRADIENTS):
            document = {"scale": 2, "root": {"type": "node", "name": "g", "backgroundGradient": value}}
            layout = {"size": [w, h], "frames": {"g": [0, 0, w, h]}}
            expected = expected_picture(2 * w, 2 * h, 2, lambda x, y: gradient_colour(value, w, h, x, y))
            check(f"gradient {k} {json.dumps(value)}", document, layout, expected)
        # A shadow: a 60 × 40 box at (40, 30) with an opaque fill, offset (6, 4), radius 5, opacity 0.8: a box's
        # Gaussian blur is the product of two differences of the normal distribution.
        box, (dx, dy), sigma, opacity = (40, 30, 60, 40), (6, 4), 5, 0.8
        fill = parse_colour("#3366cc")

        def shadowed(x, y):
            if box[0] <= x < box[0] + box[2] and box[1] <= y < box[1] + box[3]:
                return fill
            bx, by = box[0] + dx, box[1] + dy
            a = opacity * (phi((bx + box[2] - x) / sigma) - phi((bx - x) / sigma)) \
                * (phi((by + box[3] - y) / sigma) - phi((by - y) / sigma))
            return (0.1 * a, 0.05 * a, 0.0, a)
        document = {"scale": 2, "root": {"type": "absolute", "children": [
            {"type": "node", "name": "s", "backgroundColor": "#3366cc", "shadowColor": "#1a0d00",
             "shadowOpacity": opacity, "shadowOffset": [dx, dy], "shadowRadius": sigma}]}}
        layout = {"size": [140, 100], "frames": {"s": list(box)}}
        check("shadow", document, layout, expected_picture(280, 200, 2, shadowed))
        # Group opacity and the border: a node at alpha 0.5 holding two overlapping opaque subnodes (the overlap
        # shows only the upper one at half opacity), its 1.5-point border drawn over the subnodes (3 pixels: a CSS
        # `border` would be floored to 1 CSS pixel, hence the inset box-shadow), and a clipping node cutting off a
        # subnode that sticks out.
        red, blue, edge = parse_colour("#ff0000"), parse_colour("#0000ff"), parse_colour("#00aa00")

        def grouped(x, y):
            colour = (0, 0, 0, 0)
            if 10 <= x < 110 and 10 <= y < 90:  # the group (10, 10, 100, 80)
                inside = (0, 0, 0, 0)
                if 20 <= x < 70 and 20 <= y < 60:
                    inside = red
                if 50 <= x < 100 and 40 <= y < 80:
                    inside = blue
                if not (11.5 <= x < 108.5 and 11.5 <= y < 88.5):
                    inside = edge
                colour = tuple(0.5 * c for c in inside)
            if 120 <= x < 170 and 20 <= y < 70 and y < 50:  # a clipping node (120, 20, 50, 30) and its subnode
                colour = red if x < 150 else blue
            return colour
        document = {"scale": 2, "root": {"type": "absolute", "children": [
            {"type": "node", "name": "group", "alpha": 0.5, "borderWidth": 1.5, "borderColor": "#00aa00",
             "layout": {"type": "absolute", "children": [
                 {"type": "node", "name": "r", "backgroundColor": "#ff0000"},
                 {"type": "node", "name": "b", "backgroundColor": "#0000ff"}]}},
            {"type": "node", "name": "clip", "backgroundColor": "#ff0000", "clipsToBounds": True,
             "layout": {"type": "absolute", "children": [
                 {"type": "node", "name": "out", "backgroundColor": "#0000ff"}]}}]}}
        layout = {"size": [180, 100], "frames": {"group": [10, 10, 100, 80], "r": [20, 20, 50, 40],
                                                 "b": [50, 40, 50, 40], "clip": [120, 20, 50, 30],
                                                 "out": [150, 10, 40, 60]}}
        check("group opacity, border and clip", document, layout, expected_picture(360, 200, 2, grouped))
        # Rounded corners: which corners `maskedCorners` names, the radius clamped to half the smaller side, a
        # border's inner radius r − borderWidth, a clip to the rounded box. Sampled 8 × 8 per pixel. Chromium's
        # curved edges are not exact coverage (a plain rounded div's edge pixel 62% inside the curve comes out 34%
        # opaque; a border over a fill adds up at the outer edge), so up to 0.2% of the pixels may be off: one wrong
        # corner alone puts (1 − π/4)·r² ≈ 770 of these 109,200 pixels (0.7%) off.
        fill, band, under = parse_colour("#2a9d8f"), parse_colour("#e76f51"), parse_colour("#264653")

        def rounded(x, y):
            if in_rounded_box(x, y, (10, 10, 120, 60), 30, ("topLeft", "bottomRight")):
                return fill
            if in_rounded_box(x, y, (140, 10, 60, 50), 12, ("topRight", "bottomLeft")):
                inner = in_rounded_box(x, y, (145, 15, 50, 40), 7, ("topRight", "bottomLeft"))
                return fill if inner else band
            if in_rounded_box(x, y, (10, 80, 100, 40), 20, CORNERS):
                return under
            return (0, 0, 0, 0)
        document = {"scale": 2, "root": {"type": "absolute", "children": [
            {"type": "node", "name": "wide", "backgroundColor": "#2a9d8f", "cornerRadius": 100,
             "maskedCorners": ["bottomRight", "topLeft"]},
            {"type": "node", "name": "bordered", "backgroundColor": "#2a9d8f", "cornerRadius": 12,
             "maskedCorners": ["topRight", "bottomLeft"], "borderWidth": 5, "borderColor": "#e76f51"},
            {"type": "node", "name": "clipping", "cornerRadius": 20, "clipsToBounds": True,
             "layout": {"type": "absolute", "children": [
                 {"type": "node", "name": "inside", "backgroundColor": "#264653"}]}}]}}
        layout = {"size": [210, 130], "frames": {"wide": [10, 10, 120, 60], "bordered": [140, 10, 60, 50],
                                                 "clipping": [10, 80, 100, 40], "inside": [0, 70, 130, 60]}}
        check("rounded corners, masked corners, border radii and a rounded clip", document, layout,
              expected_picture(420, 260, 2, rounded, samples=8), edges_share=0.002)
        # Chromium against itself: one generated document drawn twice must be identical.
        name, document = generated_documents(1, args.seed, texts=False)[0]
        path = os.path.join(folder, name + ".json")
        with open(path, "w") as file:  # its layout only: the paint keys left out (they change no frame)
            json.dump(without_paint(document), file)
        layout = json.loads(run_tool(args.tool, ["layout", path]))
        first = browser.screenshot(document_html(document, layout), *layout["size"], document["scale"], folder)
        check(f"{name} twice", document, layout, first)
    finally:
        browser.close()
    return results


# ---------------------------------------------------------------------------------------------------- main

def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tool", required=True)
    parser.add_argument("--chromium", action="store_true")
    parser.add_argument("--resvg", action="store_true")
    parser.add_argument("--self-check", action="store_true")
    parser.add_argument("--images", action="store_true")
    parser.add_argument("--count", type=int, default=24)
    parser.add_argument("--seed", type=int, default=22)
    parser.add_argument("--keep", help="a folder that receives the documents, pictures and differences")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    parser.add_argument("--chromium-binary", default="/usr/bin/chromium")
    args = parser.parse_args()
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
    results = {}
    with tempfile.TemporaryDirectory() as folder:
        if args.self_check:
            results["self-check"] = self_check(args, folder)
        if args.chromium:
            results["chromium"] = chromium_check(args, folder, generated_documents(args.count, args.seed, texts=False))
        if args.resvg:
            results["resvg"] = resvg_check(args, folder)
        if args.images:
            results["chromium-images"] = chromium_check(args, folder, image_documents(args.seed, *image_files(folder)))
    failed = [name for rows in results.values() for name, _, _, ok in rows if not ok]
    for kind, rows in results.items():
        shares, means = [row[1] for row in rows], [row[2] for row in rows]
        print(f"{kind}: {len(rows)} pictures: pixels off by more than {OFF_THRESHOLD}: max {100 * max(shares):.3f}% "
              f"mean {100 * sum(shares) / len(shares):.3f}%; mean difference: max {max(means):.3f} "
              f"mean {sum(means) / len(means):.3f}")
    if failed:
        print("FAILED:", ", ".join(failed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
