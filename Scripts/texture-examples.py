#!/usr/bin/env python3
"""Type-checks Texture's own Swift example apps against this package and lists what they still lack.

Each app's node, cell and support files (not its app delegate, view controllers, UIKit view or collection-layout
subclasses, IGListKit section controllers or playground bootstrap, which need UIKit's view hierarchy) are
type-checked together as one module with `swiftc -typecheck`, their `import AsyncDisplayKit` / `UIKit` / `Foundation`
replaced by `import MODULE`, against a debug build of this package. Overrides of `layoutSpecThatFits` written in an
extension are renamed first: Swift on Linux cannot override there (the compatibility module's guide says so and
gives the one-line fix), and the compiler would otherwise stop before checking the bodies.

What an app lacks is each distinct name the compiler cannot resolve (`cannot find 'X'`, `cannot find type 'X'`,
`'T' has no member 'm'`, `no such module 'M'`): one stand-in each. A leading dot the compiler cannot resolve
because the call around it is missing (`cannot infer contextual base`) is listed with the app but not counted.

Usage: Scripts/texture-examples.py --texture DIR [--module TextureLayoutDrawing] [--build DIR] [--sources DIR]
                                   [--stand-ins FILE] [-v]
  --texture  a checkout of github.com/TextureGroup/Texture (its examples/ and examples_extra/ folders)
  --build    the debug build folder (default: .build/x86_64-unknown-linux-gnu/debug of this repository, built with
             `swift build --target MODULE`)
  --sources  the Sources folder whose system-library module maps the build used (default: this repository's)
  --stand-ins  a Swift file compiled with every app (declarations standing in for what the module lacks), to find
             what the compiler reports once those are there, and to see which of them the module makes redundant
"""
import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Each example app and its Swift files (globs relative to the Texture checkout).
APPS = {
    "CustomCollectionView-Swift": "examples/CustomCollectionView-Swift/Sample/*.swift",
    "LayoutSpecExamples-Swift": "examples/LayoutSpecExamples-Swift/Sample/*.swift",
    "Swift": "examples/Swift/Sample/*.swift",
    "ASDKgram-Swift": "examples_extra/ASDKgram-Swift/ASDKgram-Swift/**/*.swift",
    "ASLayoutSpecPlayground-Swift": "examples_extra/ASLayoutSpecPlayground-Swift/Sample/Sample.playground/Sources/*.swift",
    "BackgroundPropertySetting": "examples_extra/BackgroundPropertySetting/Sample/*.swift",
    "RepoSearcher": "examples_extra/RepoSearcher/RepoSearcher/*.swift",
    "Shop": "examples_extra/Shop/Shop/**/*.swift",
}
# Files that host views rather than nodes: left out (what remains of an app without views).
VIEW_HOSTING = re.compile(
    r"AppDelegate|ViewController|NodeController|SectionController|IGList|NetworkImageView|TableViewCell|CollectionViewLayout|"
    r"ProductsLayout|ASPlayground"
)
IMPORTS = re.compile(r"^import (AsyncDisplayKit|UIKit|Foundation)\b.*$", re.M)
EXTENSION_OVERRIDE = re.compile(r"^(\s*)override func layoutSpecThatFits", re.M)
UNRESOLVED = [
    (re.compile(r"error: cannot find type '([^']+)' in scope"), "type"),
    (re.compile(r"error: cannot find '([^']+)' in scope"), "name"),
    (re.compile(r"error: (?:value of type|type) '([^']+)'(?: \(aka '[^']+'\))? has no member '([^']+)'"), "member"),
    (re.compile(r"error: no such module '([^']+)'"), "module"),
]
CONTEXTUAL = re.compile(r"error: cannot infer contextual base in reference to member '([^']+)'")


def compiler_flags(build, sources):
    flags = ["-I", os.path.join(build, "Modules")]
    maps = glob.glob(os.path.join(build, "*.build", "module.modulemap"))
    maps += glob.glob(os.path.join(sources, "*", "module.modulemap"))
    for path in sorted(maps):
        flags += ["-Xcc", f"-fmodule-map-file={path}"]
    packages = ["harfbuzz", "freetype2", "fontconfig", "icu-uc", "cairo", "libpng"]
    cflags = subprocess.run(["pkg-config", "--cflags-only-I"] + packages, capture_output=True, text=True).stdout
    for include in cflags.split():
        flags += ["-Xcc", include]
    for folder in glob.glob(os.path.join(sources, "*", "include")):
        flags += ["-Xcc", f"-I{folder}"]
    return flags


def check(texture, app_files, module, flags, stand_ins):
    """The compiler's diagnostics for the app's files rewritten as described above."""
    folder = tempfile.mkdtemp(prefix="texture-example-")
    try:
        for path in app_files:
            with open(path, encoding="utf-8") as f:
                text = f.read()
            text = IMPORTS.sub(f"import {module}", text)
            text = EXTENSION_OVERRIDE.sub(r"\1func extensionLayoutSpecThatFits", text)
            name = re.sub(r"[^A-Za-z0-9+.-]", "_", os.path.relpath(path, texture))
            with open(os.path.join(folder, name), "w", encoding="utf-8") as f:
                f.write(text)
        if stand_ins:
            with open(stand_ins, encoding="utf-8") as f:
                text = IMPORTS.sub(f"import {module}", f.read())
            with open(os.path.join(folder, "StandIns.swift"), "w", encoding="utf-8") as f:
                f.write(text)
        files = sorted(glob.glob(os.path.join(folder, "*.swift")))
        return subprocess.run(["swiftc", "-typecheck", "-suppress-warnings", "-continue-building-after-errors"] + flags + files,
                              capture_output=True, text=True).stderr
    finally:
        shutil.rmtree(folder)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--texture", required=True)
    parser.add_argument("--module", default="TextureLayoutDrawing")
    parser.add_argument("--build", default=os.path.join(ROOT, ".build", "x86_64-unknown-linux-gnu", "debug"))
    parser.add_argument("--sources", default=os.path.join(ROOT, "Sources"))
    parser.add_argument("--stand-ins", help="a Swift file of stand-ins compiled with every app")
    parser.add_argument("-v", action="store_true", help="list every name and every other error")
    args = parser.parse_args()
    flags = compiler_flags(args.build, args.sources)
    counted = 0
    distinct = set()
    for app, pattern in APPS.items():
        files = [f for f in sorted(glob.glob(os.path.join(args.texture, pattern), recursive=True))
                 if not VIEW_HOSTING.search(f)]
        names, contextual, other = set(), set(), []
        for line in check(args.texture, files, args.module, flags, args.stand_ins).splitlines():
            if "error:" not in line or line.lstrip().startswith(("|", "`")):
                continue
            for pattern_, kind in UNRESOLVED:
                match = pattern_.search(line)
                if match:
                    names.add((kind,) + match.groups())
                    break
            else:
                match = CONTEXTUAL.search(line)
                if match:
                    contextual.add(match.group(1))
                else:
                    other.append(line.split("error: ", 1)[1])
        counted += len(names)
        distinct |= names
        print(f"{app}: {len(files)} files, {len(names)} unresolved names, {len(other)} other errors")
        if args.v:
            for name in sorted(names):
                print("   ", " ".join(name))
            if contextual:
                print("    (leading dots the compiler could not resolve:", ", ".join(sorted(contextual)) + ")")
            for message in other:
                print("    other:", message)
    print(f"total: {counted} unresolved names over the apps, {len(distinct)} distinct")


if __name__ == "__main__":
    sys.exit(main())
