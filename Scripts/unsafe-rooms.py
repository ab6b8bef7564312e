#!/usr/bin/env python3
"""Lists the project's unsafe code by room and fails on any outside one.

Unsafe constructs (raw pointers, unchecked Sendable, unmanaged references, memory rebinding, C's opaque
pointers, the compiler's `Builtin` module) may appear only in a source file whose header (the comment lines
before its first line of code) says which room it belongs to and what holds it together:

    // Unsafe room: HarfBuzz.
    // Invariants: every hb_buffer_t is created and destroyed by one call of shape(...) and never escapes it; ...

A file that wraps several C libraries at once names each: `// Unsafe rooms: HarfBuzz, FreeType, fontconfig.`

The rooms are the few places where such code pays: the engine's state, one per C library the project wraps, and
JSON reading. A file with a construct and no declaration, a declaration of an unknown room, a declaration without
invariants, or a declaration in a file without any construct fails the check (exit 1).

Usage: Scripts/unsafe-rooms.py [ROOT]   (ROOT: the repository, default the script's parent folder)
"""
import os
import re
import sys

# Each room and what it is for; a file declares one of these names.
ROOMS = {
    "engine state": "TextureLayout's per-element layout state and the passes' traces: the layout pass's hot memory",
    "text store": "the text module's break tables and shaped texts: measured text kept in place for every width",
    "HarfBuzz": "shaping through HarfBuzz's C API",
    "ICU": "Unicode analysis (breaks, bidi, scripts) through ICU's C API",
    "FreeType": "font files and glyph outlines through FreeType's C API",
    "fontconfig": "finding fonts through fontconfig's C API",
    "Cairo": "drawing PNG and PDF pictures through Cairo's C API",
    "libpng": "PNG files through libpng's C API",
    "libdeflate": "checksums of PNG pictures through libdeflate's C API",
    "deflate": "compressing PNG pictures' rows: the project's own deflate encoder over the rows' bytes in place",
    "libjpeg": "JPEG files through libjpeg's C API",
    "POSIX": "the command line's processes, threads, signals and file descriptors through the C library",
    "JSON": "the JSON module's parser and tape: reading a document's bytes in place",
    "Objective-C bridge": "the compat module's UIKit stand-ins, NSObject subclasses shared across threads",
}

CONSTRUCTS = re.compile(
    r"Unsafe(Mutable)?(Raw)?(Buffer)?Pointer|withUnsafe|unsafeBitCast|unsafeDowncast|@unchecked|"
    r"nonisolated\(unsafe\)|unowned\(unsafe\)|Unmanaged|_withUnsafeGuaranteed|OpaquePointer|assumingMemoryBound|"
    r"bindMemory|\.allocate\(|unsafeUninitializedCapacity|unsafeAddress|\bBuiltin\b"
)
DECLARATION = re.compile(r"^//\s*Unsafe rooms?:\s*([^.]+)\.")


def code_lines(text):
    """The lines with their comments and string literals removed, numbered from 1."""
    for number, line in enumerate(text.split("\n"), 1):
        line = re.sub(r'"(\\.|[^"\\])*"', '""', line)
        yield number, line.split("//", 1)[0]


def header(text):
    lines = []
    for line in text.split("\n"):
        if line.startswith("//"):
            lines.append(line)
        elif line.strip() == "" and not lines:
            continue
        else:
            break
    return lines


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    sources = os.path.join(root, "Sources")
    rooms = {}
    failures = []
    for folder, _, names in sorted(os.walk(sources)):
        for name in sorted(names):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(folder, name)
            relative = os.path.relpath(path, root)
            text = open(path, encoding="utf-8").read()
            found = [(n, m.group(0)) for n, line in code_lines(text) for m in CONSTRUCTS.finditer(line)]
            head = header(text)
            declared = next((DECLARATION.match(line).group(1).strip() for line in head if DECLARATION.match(line)), None)
            names = [name.strip() for name in declared.split(",")] if declared else []
            if declared is None:
                for number, construct in found:
                    failures.append(f"{relative}:{number}: {construct} outside a declared unsafe room")
                continue
            unknown = [name for name in names if name not in ROOMS]
            if unknown:
                failures.append(f"{relative}:1: unknown unsafe room {unknown[0]!r} (rooms: {', '.join(ROOMS)})")
                continue
            if not any(line.startswith("// Invariants:") for line in head):
                failures.append(f"{relative}:1: the unsafe room {declared!r} is declared without its invariants")
            if not found:
                failures.append(f"{relative}:1: declares the unsafe room {declared!r} but has no unsafe construct")
            for name in names:
                rooms.setdefault(name, []).append((relative, found))
    for room in ROOMS:
        files = rooms.get(room, [])
        if not files:
            continue
        print(f"{room}: {ROOMS[room]}")
        for relative, found in files:
            kinds = sorted({construct for _, construct in found})
            print(f"  {relative}: {len(found)} ({', '.join(kinds)})")
    for failure in failures:
        print(failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
