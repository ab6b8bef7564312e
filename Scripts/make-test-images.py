#!/usr/bin/env python3
"""Writes the test images of Tests/TextureLayoutImagesTests/Images: small PNGs of every colour type, bit depth and
interlacing (written here byte by byte with zlib, so that every kind is exact) and JPEGs of every kind (Pillow:
baseline, progressive, greyscale, CMYK, each EXIF orientation), all of one known picture, so the tests can check
pixels at points derived by hand. Also the avatar of the share-card example: a drawn silhouette, no one's photo,
written into Examples/share-card.json as a data: URL (so the example opens anywhere, the playground included,
without an images folder).

    Scripts/make-test-images.py [FOLDER]      # default: Tests/TextureLayoutImagesTests/Images

The picture ("quadrants"): 8×6 pixels, its left half red (255, 0, 0) over blue (0, 0, 255) in rows 0–2 and 3–5,
its right half green (0, 255, 0) over white; PNGs with alpha make the white quadrant half transparent (alpha 128).
Pillow is needed for the JPEGs (Scripts/setup installs it).
"""
import base64
import io
import os
import re
import struct
import sys
import zlib

W, H = 8, 6


def colour(x, y):
    if x < W // 2:
        return (255, 0, 0) if y < H // 2 else (0, 0, 255)
    return (0, 255, 0) if y < H // 2 else (255, 255, 255)


def alpha(x, y):
    return 128 if x >= W // 2 and y >= H // 2 else 255


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def pack_bits(values, depth):
    """Samples of `depth` bits (1, 2, 4, 8 or 16) packed into a row, most significant first."""
    if depth == 16:
        return b"".join(struct.pack(">H", v) for v in values)
    if depth == 8:
        return bytes(values)
    out, acc, n = bytearray(), 0, 0
    for v in values:
        acc = (acc << depth) | v
        n += depth
        if n == 8:
            out.append(acc)
            acc, n = 0, 0
    if n:
        out.append(acc << (8 - n))
    return bytes(out)


ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def png(samples_of, colour_type, depth, interlace=False, extra=b""):
    """A PNG whose pixel (x, y) has the samples `samples_of(x, y)`."""
    def rows(xs, ys):
        return b"".join(b"\0" + pack_bits([s for x in xs for s in samples_of(x, y)], depth) for y in ys)
    if interlace:
        raw = b""
        for x0, y0, dx, dy in ADAM7:
            xs, ys = range(x0, W, dx), range(y0, H, dy)
            if len(xs) and len(ys):
                raw += rows(xs, ys)
    else:
        raw = rows(range(W), range(H))
    ihdr = struct.pack(">IIBBBBB", W, H, depth, colour_type, 0, 0, 1 if interlace else 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + extra + chunk(b"IDAT", zlib.compress(raw))
            + chunk(b"IEND", b""))


def grey_level(x, y):
    """The greyscale files' picture: black, dark, light, white quadrants (0, 1/3, 2/3, 1)."""
    return (0 if y < H // 2 else 1) if x < W // 2 else (2 if y < H // 2 else 3)


def write_pngs(folder):
    files = {}
    for depth in (1, 2, 4, 8, 16):
        top = (1 << depth) - 1
        files[f"grey-{depth}.png"] = png(lambda x, y: [grey_level(x, y) * top // 3], 0, depth)
    for depth in (8, 16):
        scale = (1 << depth) - 1
        files[f"rgb-{depth}.png"] = png(lambda x, y: [c * scale // 255 for c in colour(x, y)], 2, depth)
        files[f"rgba-{depth}.png"] = png(
            lambda x, y: [c * scale // 255 for c in colour(x, y)] + [alpha(x, y) * scale // 255], 6, depth)
        files[f"grey-alpha-{depth}.png"] = png(
            lambda x, y: [grey_level(x, y) * scale // 3, alpha(x, y) * scale // 255], 4, depth)
    palette = [(255, 0, 0), (0, 0, 255), (0, 255, 0), (255, 255, 255)]
    index = lambda x, y: palette.index(colour(x, y))
    plte = chunk(b"PLTE", b"".join(bytes(c) for c in palette))
    for depth in (2, 4, 8):
        files[f"palette-{depth}.png"] = png(lambda x, y: [index(x, y)], 3, depth, extra=plte)
    files["palette-trns.png"] = png(lambda x, y: [index(x, y)], 3, 8, extra=plte + chunk(b"tRNS", bytes([255, 255, 255, 128])))
    # A colour key: the white of an RGB file is transparent.
    files["rgb-trns.png"] = png(lambda x, y: list(colour(x, y)), 2, 8, extra=chunk(b"tRNS", struct.pack(">HHH", 255, 255, 255)))
    files["rgba-8-interlaced.png"] = png(lambda x, y: list(colour(x, y)) + [alpha(x, y)], 6, 8, interlace=True)
    files["rgb-16-interlaced.png"] = png(lambda x, y: [c * 257 for c in colour(x, y)], 2, 16, interlace=True)
    files["palette-2-interlaced.png"] = png(lambda x, y: [index(x, y)], 3, 2, interlace=True, extra=plte)
    for name, data in files.items():
        with open(os.path.join(folder, name), "wb") as f:
            f.write(data)


def exif_orientation(value):
    """An EXIF block (as Pillow's `exif=` takes it) whose first directory holds only the orientation."""
    tiff = b"MM\0\x2a" + struct.pack(">I", 8) + struct.pack(">H", 1) + struct.pack(">HHII", 0x0112, 3, 1, value << 16) \
        + struct.pack(">I", 0)
    return b"Exif\0\0" + tiff


def write_jpegs(folder):
    from PIL import Image
    # 16×12 blocks of the quadrants, so that 4:2:0 chroma and the DCT keep each quadrant's colour in its middle.
    big_w, big_h = 32, 24
    rgb = Image.new("RGB", (big_w, big_h))
    rgb.putdata([colour(x * W // big_w, y * H // big_h) for y in range(big_h) for x in range(big_w)])
    rgb.save(os.path.join(folder, "baseline.jpg"), quality=95)
    rgb.save(os.path.join(folder, "progressive.jpg"), quality=95, progressive=True)
    rgb.convert("L").save(os.path.join(folder, "grey.jpg"), quality=95)
    rgb.convert("CMYK").save(os.path.join(folder, "cmyk.jpg"), quality=95)
    # The orientations: a stored picture that, turned as its tag says, shows the quadrants upright.
    transpose = {2: [Image.Transpose.FLIP_LEFT_RIGHT], 3: [Image.Transpose.ROTATE_180],
                 4: [Image.Transpose.FLIP_TOP_BOTTOM], 5: [Image.Transpose.TRANSPOSE],
                 6: [Image.Transpose.ROTATE_90], 7: [Image.Transpose.TRANSVERSE], 8: [Image.Transpose.ROTATE_270]}
    for value in range(1, 9):
        stored = rgb
        for step in transpose.get(value, []):
            stored = stored.transpose(step)
        stored.save(os.path.join(folder, f"orientation-{value}.jpg"), quality=95, exif=exif_orientation(value))


def write_avatar(path):
    """A 256 × 256 JPEG, as the `src` of the share card's avatar in `path`: a silhouette (head and shoulders) on a diagonal gradient, drawn 4× larger and reduced so
    that its edges are smooth."""
    from PIL import Image, ImageDraw
    size, k = 256, 4
    big = Image.new("RGB", (size * k, size * k))
    top, bottom = (255, 183, 77), (233, 84, 107)
    pixels = big.load()
    for y in range(size * k):
        for x in range(size * k):
            t = (x + y) / (2 * size * k - 2)
            pixels[x, y] = tuple(round(a + (b - a) * t) for a, b in zip(top, bottom))
    draw = ImageDraw.Draw(big)
    skin = (255, 240, 228)
    draw.ellipse([s * k for s in (88, 52, 168, 132)], fill=skin)
    draw.ellipse([s * k for s in (40, 150, 216, 330)], fill=skin)
    out = io.BytesIO()
    big.resize((size, size), Image.LANCZOS).save(out, format="JPEG", quality=90)
    url = "data:image/jpeg;base64," + base64.b64encode(out.getvalue()).decode()
    with open(path) as file:
        text = file.read()
    text = re.sub(r'"src": "data:image/jpeg;base64,[^"]*"', lambda _: f'"src": "{url}"', text, count=1)
    with open(path, "w") as file:
        file.write(text)


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "Tests",
                                                                 "TextureLayoutImagesTests", "Images")
    os.makedirs(folder, exist_ok=True)
    write_pngs(folder)
    write_jpegs(folder)
    write_avatar(os.path.join(os.path.dirname(__file__), "..", "Examples", "share-card.json"))


if __name__ == "__main__":
    main()
