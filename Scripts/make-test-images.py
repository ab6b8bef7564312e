#!/usr/bin/env python3
"""Writes the test images of Tests/TextureLayoutImagesTests/Images: PNGs of every colour type, bit depth and
interlacing (written here byte by byte with zlib, so that every kind is exact) and JPEGs of every kind (Pillow:
baseline, progressive, greyscale, CMYK, each EXIF orientation), each kind of two known pictures: the quadrants
(`Quadrants`), whose pixels the decoding tests check at points derived by hand, and a smooth blend of the same
colours (`Smooth`, files named `smooth-…`), for comparisons with renderers whose image filters are not ours (the
PDF drawn by Poppler, the paint drawn by Chromium: on a hard edge inside an enlarged image, two good filters differ by
far more than those comparisons allow). Also the avatar of the share-card example: a drawn silhouette, no one's photo,
written into Examples/share-card.json as a data: URL (so the example opens anywhere, the playground included,
without an images folder).

    Scripts/make-test-images.py [FOLDER]      # default: Tests/TextureLayoutImagesTests/Images

Scripts/paint-reference-test.py imports write_pngs and write_jpegs to make its own. Pillow is needed for the JPEGs
(Scripts/setup installs it).
"""
import base64
import io
import os
import re
import struct
import sys
import zlib

class Quadrants:
    """The picture of the committed test files: 8×6 pixels, its left half red (255, 0, 0) over blue (0, 0, 255) in rows
    0–2 and 3–5, its right half green (0, 255, 0) over white; the alpha kinds make the white quadrant half
    transparent (alpha 128), the grey kinds show black, dark, light, white quadrants (0, 1/3, 2/3, 1), and the
    palettes hold the four colours. Its JPEGs are 32×24, 4×4 blocks of each pixel, so that 4:2:0 chroma and the DCT
    keep each quadrant's colour in its middle."""
    width, height = 8, 6
    jpeg_size = (32, 24)
    colours = [(255, 0, 0), (0, 0, 255), (0, 255, 0), (255, 255, 255)]

    def colour(self, x, y):
        if x < self.width // 2:
            return (255, 0, 0) if y < self.height // 2 else (0, 0, 255)
        return (0, 255, 0) if y < self.height // 2 else (255, 255, 255)

    def alpha(self, x, y):
        return 128 if x >= self.width // 2 and y >= self.height // 2 else 255

    def grey(self, x, y, top):
        """The grey sample at (x, y) for samples of 0…top."""
        level = (0 if y < self.height // 2 else 1) if x < self.width // 2 else (2 if y < self.height // 2 else 3)
        return level * top // 3

    def palette(self, depth):
        return self.colours

    def palette_alpha(self, depth):
        return [255, 255, 255, 128]

    def index(self, x, y, depth):
        return self.colours.index(self.colour(x, y))

    def jpeg_colour(self, x, y):
        return self.colour(x * self.width // self.jpeg_size[0], y * self.height // self.jpeg_size[1])


class Smooth:
    """A picture without hard edges, for comparisons with renderers whose image filters are not ours (Chromium's,
    Poppler's): 48×36 pixels whose colour blends bilinearly from red at the top left, green at the top right and
    blue at the bottom left to white at the bottom right (the quadrants' colours at its corners, so that a flipped
    or misplaced image shows), its alpha falling smoothly from 255 to 95 towards the bottom right, its grey a
    diagonal ramp, and its palettes 2^depth steps along that diagonal (coarse steps, edges again, at 1 and 2 bits
    and in 2-bit palettes)."""
    width, height = 48, 36
    jpeg_size = (48, 36)

    def fractions(self, x, y):
        return x / (self.width - 1), y / (self.height - 1)

    def colour(self, x, y):
        u, v = self.fractions(x, y)
        corners = ((255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255))
        return tuple(round((1 - u) * (1 - v) * a + u * (1 - v) * b + (1 - u) * v * c + u * v * d)
                     for a, b, c, d in zip(*corners))

    def alpha(self, x, y):
        u, v = self.fractions(x, y)
        return round(255 - 160 * u * v)

    def diagonal(self, x, y):
        u, v = self.fractions(x, y)
        return (u + v) / 2

    def grey(self, x, y, top):
        return round(self.diagonal(x, y) * top)

    def palette(self, depth):
        count = 1 << depth
        return [(round(255 * (1 - t)), round(160 * t), round(255 * t)) for t in (k / (count - 1) for k in range(count))]

    def palette_alpha(self, depth):
        count = 1 << depth
        return [round(255 - 160 * k / (count - 1)) for k in range(count)]

    def index(self, x, y, depth):
        return round(self.diagonal(x, y) * ((1 << depth) - 1))

    def jpeg_colour(self, x, y):
        return self.colour(x, y)


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


def png(picture, samples_of, colour_type, depth, interlace=False, extra=b""):
    """A PNG of `picture`'s size whose pixel (x, y) has the samples `samples_of(x, y)`."""
    width, height = picture.width, picture.height

    def rows(xs, ys):
        return b"".join(b"\0" + pack_bits([s for x in xs for s in samples_of(x, y)], depth) for y in ys)
    if interlace:
        raw = b""
        for x0, y0, dx, dy in ADAM7:
            xs, ys = range(x0, width, dx), range(y0, height, dy)
            if len(xs) and len(ys):
                raw += rows(xs, ys)
    else:
        raw = rows(range(width), range(height))
    ihdr = struct.pack(">IIBBBBB", width, height, depth, colour_type, 0, 0, 1 if interlace else 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + extra + chunk(b"IDAT", zlib.compress(raw))
            + chunk(b"IEND", b""))


def write_pngs(folder, picture=Quadrants(), prefix=""):
    """Every kind of PNG of `picture`, as files PREFIX + kind (`rgb-8.png`, `palette-trns.png`, …); returns their
    names."""
    p = picture
    files = {}
    for depth in (1, 2, 4, 8, 16):
        top = (1 << depth) - 1
        files[f"grey-{depth}.png"] = png(p, lambda x, y: [p.grey(x, y, top)], 0, depth)
    for depth in (8, 16):
        scale = (1 << depth) - 1
        files[f"rgb-{depth}.png"] = png(p, lambda x, y: [c * scale // 255 for c in p.colour(x, y)], 2, depth)
        files[f"rgba-{depth}.png"] = png(
            p, lambda x, y: [c * scale // 255 for c in p.colour(x, y)] + [p.alpha(x, y) * scale // 255], 6, depth)
        files[f"grey-alpha-{depth}.png"] = png(
            p, lambda x, y: [p.grey(x, y, scale), p.alpha(x, y) * scale // 255], 4, depth)

    def plte(depth):
        return chunk(b"PLTE", b"".join(bytes(c) for c in p.palette(depth)))
    for depth in (2, 4, 8):
        files[f"palette-{depth}.png"] = png(p, lambda x, y: [p.index(x, y, depth)], 3, depth, extra=plte(depth))
    files["palette-trns.png"] = png(p, lambda x, y: [p.index(x, y, 8)], 3, 8,
                                    extra=plte(8) + chunk(b"tRNS", bytes(p.palette_alpha(8))))
    # A colour key: the white of an RGB file is transparent.
    files["rgb-trns.png"] = png(p, lambda x, y: list(p.colour(x, y)), 2, 8,
                                extra=chunk(b"tRNS", struct.pack(">HHH", 255, 255, 255)))
    files["rgba-8-interlaced.png"] = png(p, lambda x, y: list(p.colour(x, y)) + [p.alpha(x, y)], 6, 8, interlace=True)
    files["rgb-16-interlaced.png"] = png(p, lambda x, y: [c * 257 for c in p.colour(x, y)], 2, 16, interlace=True)
    files["palette-2-interlaced.png"] = png(p, lambda x, y: [p.index(x, y, 2)], 3, 2, interlace=True, extra=plte(2))
    for name, data in files.items():
        with open(os.path.join(folder, prefix + name), "wb") as f:
            f.write(data)
    return [prefix + name for name in files]


def exif_orientation(value):
    """An EXIF block (as Pillow's `exif=` takes it) whose first directory holds only the orientation."""
    tiff = b"MM\0\x2a" + struct.pack(">I", 8) + struct.pack(">H", 1) + struct.pack(">HHII", 0x0112, 3, 1, value << 16) \
        + struct.pack(">I", 0)
    return b"Exif\0\0" + tiff


def write_jpegs(folder, picture=Quadrants(), prefix=""):
    """Every kind of JPEG of `picture` (baseline, progressive, greyscale, CMYK, EXIF orientations 1–8), as files
    PREFIX + kind; returns their names."""
    from PIL import Image
    width, height = picture.jpeg_size
    rgb = Image.new("RGB", (width, height))
    rgb.putdata([picture.jpeg_colour(x, y) for y in range(height) for x in range(width)])
    names = ["baseline.jpg", "progressive.jpg", "grey.jpg", "cmyk.jpg"]
    rgb.save(os.path.join(folder, prefix + "baseline.jpg"), quality=95)
    rgb.save(os.path.join(folder, prefix + "progressive.jpg"), quality=95, progressive=True)
    rgb.convert("L").save(os.path.join(folder, prefix + "grey.jpg"), quality=95)
    rgb.convert("CMYK").save(os.path.join(folder, prefix + "cmyk.jpg"), quality=95)
    # The orientations: a stored picture that, turned as its tag says, shows the picture upright.
    transpose = {2: [Image.Transpose.FLIP_LEFT_RIGHT], 3: [Image.Transpose.ROTATE_180],
                 4: [Image.Transpose.FLIP_TOP_BOTTOM], 5: [Image.Transpose.TRANSPOSE],
                 6: [Image.Transpose.ROTATE_90], 7: [Image.Transpose.TRANSVERSE], 8: [Image.Transpose.ROTATE_270]}
    for value in range(1, 9):
        stored = rgb
        for step in transpose.get(value, []):
            stored = stored.transpose(step)
        stored.save(os.path.join(folder, f"{prefix}orientation-{value}.jpg"), quality=95, exif=exif_orientation(value))
        names.append(f"orientation-{value}.jpg")
    return [prefix + name for name in names]


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
    for picture, prefix in ((Quadrants(), ""), (Smooth(), "smooth-")):
        write_pngs(folder, picture, prefix)
        write_jpegs(folder, picture, prefix)
    write_avatar(os.path.join(os.path.dirname(__file__), "..", "Examples", "share-card.json"))


if __name__ == "__main__":
    main()
