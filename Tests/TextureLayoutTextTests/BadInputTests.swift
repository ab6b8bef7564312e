import Foundation
import Testing
import TextureLayout
@testable import TextureLayoutText

/// Writes `bytes` to a fresh temporary file and returns its path.
private func temporaryFile(_ bytes: [UInt8]) throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("font-\(UUID().uuidString).ttf")
    try Data(bytes).write(to: url)
    return url.path
}

@Test func badFontFilesGiveClearErrors() throws {
    let real = try Font.defaultFont()
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: real.path)))
    #expect(throws: FontError.fileNotFound(path: "/nonexistent/font.ttf")) { try Font(file: "/nonexistent/font.ttf") }
    let directory = FileManager.default.temporaryDirectory.path
    #expect(throws: FontError.unreadable(path: directory)) { try Font(file: directory) }
    let text = try temporaryFile(Array("this is not a font\n".utf8))
    #expect(throws: FontError.notAFont(path: text)) { try Font(file: text) }
    let empty = try temporaryFile([])
    #expect(throws: FontError.notAFont(path: empty)) { try Font(file: empty) }
    // Truncated copies of a real font: each loads (then measures with finite numbers) or fails as damaged.
    for length in [12, 100, 1000, 10_000, bytes.count / 2] {
        let path = try temporaryFile(Array(bytes.prefix(length)))
        do {
            let font = try Font(file: path)
            let node = TextNode("Truncated font", font: font, size: 12)
            let size = node.layout(within: SizeRange(min: .zero, max: Size(100, .infinity))).size
            #expect(size.width.isFinite && size.height.isFinite)
        } catch {
            #expect(error.description.contains(path))
        }
    }
    // Damaged tables: bytes flipped in the second half.
    var damaged = bytes
    for i in stride(from: damaged.count / 2, to: damaged.count, by: 97) { damaged[i] ^= 0x5A }
    let path = try temporaryFile(damaged)
    if let font = try? Font(file: path) {
        let node = TextNode("Damaged font ffi AV", font: font, size: 12)
        let size = node.layout(within: SizeRange(min: .zero, max: Size(100, .infinity))).size
        #expect(size.width.isFinite && size.height.isFinite)
    }
    #expect(throws: FontError.familyNotFound(family: "No Such Family 12345")) {
        try Font(family: "No Such Family 12345")
    }
}

/// Lays `text` out at `size` points and checks every number is finite.
private func laysOutFinite(_ text: String, size: Double = 14, width: Double = 200) throws -> [TextLine] {
    let node = TextNode(text, font: try Font.defaultFont(), size: size)
    let layout = node.layout(within: SizeRange(min: .zero, max: Size(width, .infinity)))
    #expect(layout.size.width.isFinite && layout.size.height.isFinite)
    let lines = node.lines
    for line in lines {
        #expect(line.frame.width.isFinite && line.frame.height.isFinite && line.baseline.isFinite)
        for run in line.glyphRuns { #expect(run.positions.allSatisfy { $0.x.isFinite && $0.y.isFinite }) }
    }
    return lines
}

@Test func unusualTextsLayOut() throws {
    // An empty string: one empty line, one line tall.
    let empty = try laysOutFinite("")
    #expect(empty.map(\.text) == [""] && empty[0].frame.height > 0)
    _ = try laysOutFinite(String(repeating: "\u{301}", count: 50))
    _ = try laysOutFinite(String(repeating: "\u{200D}", count: 50))
    _ = try laysOutFinite("👩‍👩‍👧‍👦 🇫🇷 ❤️ text 😀😀😀")
    _ = try laysOutFinite("English العربية עברית Русский 中文 हिन्दी ελληνικά")
    _ = try laysOutFinite("a\u{0}b\u{7}c\td\u{1B}e\r\nf\u{2028}g\u{2029}h\u{85}i")
    _ = try laysOutFinite("\u{FFFD}\u{FEFF}\u{FFFF}")
    _ = try laysOutFinite("zero size", size: 0)
    _ = try laysOutFinite("huge size", size: 10_000)
    // Sizes beyond a million points measure as a million (finite widths for any text).
    _ = try laysOutFinite("ab", size: 1e308)
    _ = try laysOutFinite("no width", width: 0)
    // A 1 MB string (a long paragraph, then one unbreakable word) lays out without trouble.
    let words = String(repeating: "lorem ipsum dolor ", count: 1_000_000 / 18)
    #expect(try laysOutFinite(words, width: 300).count > 1000)
    #expect(try laysOutFinite(String(repeating: "x", count: 1_000_000), width: 1000).count > 100)
}
