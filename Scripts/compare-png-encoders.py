#!/usr/bin/env python3
"""PNG encoders and settings on the share cards of Scripts/compare-cards.py: bytes and time per picture.

Draws the cards with `texture-layout render` (the pixels every encoder gets), decodes them to raw RGB (Pillow),
builds Scripts/png-encoders.c with the system's cc against libpng, zlib and libdeflate (and libspng when pkg-config
finds `spng`: Debian's libspng-dev, not installed by Scripts/setup) and runs it: libpng as Cairo's writer calls it
(all five filters tried on every row, zlib level 6), libpng with one filter and other zlib levels, the rows filtered
here and compressed whole by zlib or libdeflate at each level, and libspng. Times include filtering, not the
conversion from Cairo's premultiplied pixels (the same for all).

With `--document FILE`, the picture `render --format png` draws of that one opaque document instead of the cards
(large pictures: PNGWriter compresses those over 4 M pixels by zlib in bands, at a level chosen here).

Usage: Scripts/compare-png-encoders.py [--tool .build/release/texture-layout] [--count 20] [--document FILE]
"""
import argparse
import importlib.util
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tool", default=os.path.join(ROOT, ".build/release/texture-layout"))
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--document", help="measure the picture of this document instead of the cards")
    args = parser.parse_args()
    from PIL import Image

    spec = importlib.util.spec_from_file_location("compare_cards", os.path.join(ROOT, "Scripts/compare-cards.py"))
    compare_cards = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(compare_cards)

    with tempfile.TemporaryDirectory(prefix="png-encoders-") as folder:
        files = []
        documents = [json_file(args.document)] if args.document else compare_cards.cards(args.count)
        for index, document in enumerate(documents):
            files.append(os.path.join(folder, f"card-{index + 1:03d}.json"))
            with open(files[-1], "w") as file:
                compare_cards.json.dump(document, file, ensure_ascii=False)
        # One document's -o names its file, several documents' their folder.
        output = files[0][:-5] + ".png" if len(files) == 1 else folder
        subprocess.run([args.tool, "render", "--format", "png", "--jobs", "1", "-o", output] + files, check=True)
        raws, size = [], None
        for path in files:
            image = Image.open(path[:-5] + ".png").convert("RGB")
            size = image.size
            raws.append(path[:-5] + ".rgb")
            with open(raws[-1], "wb") as file:
                file.write(image.tobytes())
        packages = ["libpng", "zlib", "libdeflate"]
        spng = subprocess.run(["pkg-config", "--exists", "spng"]).returncode == 0
        flags = subprocess.run(["pkg-config", "--cflags", "--libs"] + packages + (["spng"] if spng else []),
                               check=True, capture_output=True, text=True).stdout.split()
        program = os.path.join(folder, "png-encoders")
        subprocess.run(["cc", "-O2", "-o", program, os.path.join(ROOT, "Scripts/png-encoders.c")] + flags
                       + (["-DWITH_SPNG"] if spng else []), check=True)
        what = args.document if args.document else f"{len(raws)} cards"
        print(f"{what}: {size[0]} × {size[1]} pixels, KB and ms per picture (least of 3 rounds); "
              f"load average {os.getloadavg()[0]:.2f}" + ("" if spng else "; libspng not installed"), flush=True)
        sys.exit(subprocess.run([program, str(size[0]), str(size[1])] + raws).returncode)


def json_file(path):
    with open(path, encoding="utf-8") as file:
        return json.load(file)


if __name__ == "__main__":
    main()
