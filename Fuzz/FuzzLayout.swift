// libFuzzer target over the document reader and the whole layout pass.
//
// Built by Scripts/fuzz.sh with `swiftc -sanitize=fuzzer,address` against the library sources (TextureLayout and
// LayoutDocument compiled as two modules with the same instrumentation), together with the property tests'
// checker (Tests/PropertyTests/Invariants.swift and the files it uses, which import no test framework).
//
// The input is arbitrary bytes. They are read as a layout document; a `DocumentError` is a fine answer (most
// inputs end there). A document the reader accepts is laid out and must pass every invariant of
// Invariants.swift: finite numbers everywhere; the same result from a cached pass, `updateLayout()` and a fresh
// read; the root and every child of an absolute, inset, center, relative or stack spec within the ranges Texture
// gives them; and two changes (chosen from the input's hash, so a run is reproducible) whose re-layout equals a
// fresh layout and whose undoing restores the first result. A failed invariant traps, so libFuzzer keeps the
// input; so does any crash, sanitizer report or timeout.
//
// An input that starts with "FONT" is a font file instead (the seeds hold real ones, so libFuzzer mutates fonts):
// it is loaded, and when it loads, texts are laid out with it at several sizes and widths; every number of the
// result must be finite. A `FontError` is a fine answer.
//
// Replaying a file (`fuzz-layout FILE`) runs exactly this check once; `Fuzz/shrink.py` uses that to shrink a
// failing document (a property-test failure, say) into a small regression case.

import LayoutDocument
import TestSupport
import TextureLayout
import TextureLayoutText

#if canImport(Glibc)
import Glibc
#endif

/// A number from the environment: `FUZZ_CHANGES` (how many changes to check, default 2) and `FUZZ_SEED` (the
/// seed of the changes, default the input's hash) let a replay try many changes, e.g. to shrink a document.
func setting(_ name: String) -> Int? {
    getenv(name).flatMap { Int(String(cString: $0)) }
}

/// FNV-1a: the input's hash seeds the changes the mutation check makes.
func hash(_ bytes: [UInt8]) -> UInt64 {
    var h: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes { h = (h ^ UInt64(byte)) &* 0x100_0000_01B3 }
    return h
}

func check(_ bytes: [UInt8]) {
    var rng = SplitMix64(seed: setting("FUZZ_SEED").map { UInt64(truncatingIfNeeded: $0) } ?? hash(bytes))
    let findings = Invariants.check(bytes, label: "input", mutations: setting("FUZZ_CHANGES") ?? 2, rng: &rng)
    if let failure = findings.failures.first {
        // The message goes to the fuzzer's log next to the crash file.
        fatalError("FUZZ INVARIANT FAILED: \(failure)")
    }
}

/// Loads the bytes after "FONT" as a font file and lays texts out with it: as the runs' font (characters it lacks
/// fall back to the system's fonts), and as the only fallback font of DejaVu Sans text it must serve.
func checkFont(_ bytes: ArraySlice<UInt8>) {
    let path = "/tmp/fuzz-layout-font-\(getpid()).ttf"
    guard let file = fopen(path, "wb") else { return }
    _ = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
    fclose(file)
    defer { unlink(path) }
    guard let font = try? Font(file: path) else { return }
    var nodes = [("Hello, world ffi AV", 17.0, 60.0), ("שלום abc 123\nx", 9.0, 1000.0), ("", 0.0, 10.0),
                 ("e\u{301}😀 long words here", 10_000.0, 300.0)].map { text, size, width in
        (TextNode(text, font: font, size: size), width)
    }
    if let base = try? Font.defaultFont() {
        let store = TextStore(fallback: FontFallback(fonts: [font], usesSystemFonts: false))
        nodes.append((TextNode(runs: [TextRun("a 山田 😀👍🏽 ภาษา\u{FE0F}", font: base, size: 17)], store: store), 40))
    }
    for (node, width) in nodes {
        let layout = node.layout(within: SizeRange(min: .zero, max: Size(width, .infinity)))
        var numbers = [layout.size.width, layout.size.height]
        for line in node.lines {
            numbers += [line.frame.minX, line.frame.minY, line.frame.width, line.frame.height, line.baseline]
            for run in line.glyphRuns { for p in run.positions { numbers += [p.x, p.y] } }
        }
        if !numbers.allSatisfy(\.isFinite) { fatalError("FUZZ INVARIANT FAILED: non-finite text geometry") }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayout(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    if bytes.starts(with: Array("FONT".utf8)) {
        checkFont(bytes.dropFirst(4))
        return 0
    }
    // A document nests about one element per 20 bytes; freeing a deeply nested tree (and copying it for the
    // recording check) recurses, so long inputs run on a large stack, as the library's own deep paths do.
    if size > 8 * 1024 {
        withLargeStack { check(bytes) }
    } else {
        check(bytes)
    }
    return 0
}
