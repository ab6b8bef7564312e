import Foundation
import Testing
import TestSupport
import TextureLayout
@testable import TextureLayoutText

// Tests against a reference we did not write: Pango (`pango-view` from Debian's pango1.0-tools, installed by
// Scripts/setup) lays out the same generated strings with the same font file at the same width, and its line
// breaks and line widths must match ours (widths within 0.5 pt).
//
// pango-view runs with its fonts restricted, through a generated fontconfig file, to the one font under test;
// at 72 dpi (1 pt = 1 px), unhinted (`--hinting=none --hint-metrics=off --subpixel-positions`, so advances are
// HarfBuzz's unrounded ones), the width given in Pango units (1/1024 pt: `--width` takes whole numbers), with `--wrap=word-char` for our "word" mode (Pango's `word` lets a word wider than
// the line overflow; `word-char` breaks it between characters, as the contract does) and `--wrap=char` for
// "char". Pango inserts a hyphen where it breaks inside a word; the contract does not, so the text is wrapped in
// markup that turns `insert_hyphens` off.

/// A font under test: a family found through fontconfig (Scripts/setup installs the DejaVu fonts).
private let families = ["DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono"]
private let sizes: [Double] = [9, 12, 13.5, 17, 24]

/// Words with punctuation, numbers, URLs, long words and newlines.
private let vocabulary = [
    "the", "quick", "brown", "fox", "jumps", "over", "a", "lazy", "dog.", "Hello,", "world!", "layout", "text",
    "node", "(parenthetical)", "\"quoted\"", "don't", "it's", "state-of-the-art", "and/or", "e.g.", "—", "–",
    "3.14159", "1,000,000", "42%", "$19.99", "2026-11-24", "10:45", "#hashtag", "@mention", "x²", "café",
    "naïve", "Zürich", "https://example.com/path/to/resource?query=1&b=2", "www.texture.org",
    "someone@example.com", "Donaudampfschifffahrtsgesellschaftskapitän", "supercalifragilisticexpialidocious",
    "pneumonoultramicroscopicsilicovolcanoconiosis", "AVAVAVAV", "Typography", "office", "ﬁnal", "fluffy",
    "waffle", "Yo!", "T.V.", "1/2", "a+b=c", "[bracket]", "{brace}", "semi;colon", "colon:", "ellipsis…",
]

private struct PangoCase: CustomStringConvertible {
    var family: String
    var size: Double
    var width: Double
    var mode: LineBreakMode
    var text: String
    var description: String { "\(family) \(size)pt width \(width) \(mode): \(text.debugDescription)" }
}

private func generateCases(count: Int) -> [PangoCase] {
    var rng = SplitMix64(seed: 0x7E47)
    return (0..<count).map { index in
        let wordCount = Int.random(in: 1...40, using: &rng)
        var text = ""
        for w in 0..<wordCount {
            if w > 0 { text += Int.random(in: 0..<14, using: &rng) == 0 ? "\n" : " " }
            text += vocabulary.randomElement(using: &rng)!
        }
        let width = Double(Int.random(in: 60...400, using: &rng)) + [0, 0.25, 0.5][index % 3]
        return PangoCase(
            family: families[index % families.count], size: sizes[(index / 3) % sizes.count],
            width: width, mode: index % 7 == 6 ? .char : .word, text: text)
    }
}

/// One line as Pango laid it out: its text without the spaces/newline that end it, and its width without them.
private struct PangoLine: Equatable, CustomStringConvertible {
    var text: String
    var width: Double
    var description: String { "\(text.debugDescription) \(width)" }
}

/// Runs pango-view on one case and reads its serialized layout.
private func pangoLines(_ testCase: PangoCase, fontFile: String, workDir: URL) throws -> [PangoLine] {
    let textFile = workDir.appendingPathComponent("text.txt")
    let escaped = testCase.text.replacingOccurrences(of: "&", with: "&amp;")
        .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    try "<span insert_hyphens=\"false\">\(escaped)</span>".write(to: textFile, atomically: true, encoding: .utf8)
    let output = workDir.appendingPathComponent("layout.json")
    try? FileManager.default.removeItem(at: output)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
        "pango-view", "-q", "--dpi=72", "--hinting=none", "--hint-metrics=off", "--subpixel-positions",
        "--font=\(testCase.family) \(testCase.size)", "--pango-units", "--width=\(Int(testCase.width * 1024))",
        "--wrap=\(testCase.mode == .word ? "word-char" : "char")", "--markup",
        "--serialize-to=\(output.path)", textFile.path,
    ]
    var environment = ProcessInfo.processInfo.environment
    environment["FONTCONFIG_FILE"] = workDir.appendingPathComponent("fonts.conf").path
    process.environment = environment
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw PangoError.failed(testCase.description) }
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: output)) as! [String: Any]
    let layout = json["output"] as! [String: Any]
    return (layout["lines"] as! [[String: Any]]).map { line in
        var text = ""
        var glyphs: [(byte: Int, width: Int)] = []  // byte offset in the line's text, width in Pango units
        for run in line["runs"] as? [[String: Any]] ?? [] {
            let runText = run["text"] as! String
            let base = text.utf8.count
            text += runText
            for glyph in run["glyphs"] as! [[String: Any]] {
                glyphs.append((base + (glyph["log-cluster"] as! Int), glyph["width"] as! Int))
            }
        }
        var kept = Substring(text)
        while let last = kept.last, last.isWhitespace || last.isNewline { kept = kept.dropLast() }
        let keptBytes = kept.utf8.count
        let width = glyphs.filter { $0.byte < keptBytes }.reduce(0) { $0 + $1.width }
        return PangoLine(text: String(kept), width: Double(width) / 1024)
    }
}

private enum PangoError: Error { case failed(String) }

/// A fontconfig configuration that sees only `fontFile`, in a fresh folder.
private func restrictedFontconfig(for fontFile: String) throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pango-ref-\(UUID().uuidString)")
    let fonts = dir.appendingPathComponent("fonts")
    try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
    let link = fonts.appendingPathComponent((fontFile as NSString).lastPathComponent)
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: fontFile)
    let config = """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "fonts.dtd">
        <fontconfig><dir>\(fonts.path)</dir><cachedir>\(dir.appendingPathComponent("cache").path)</cachedir></fontconfig>
        """
    try config.write(to: dir.appendingPathComponent("fonts.conf"), atomically: true, encoding: .utf8)
    return dir
}

/// Our lines for a case: text and width of each.
private func ourLines(_ testCase: PangoCase, font: Font) -> [PangoLine] {
    var style = ParagraphStyle()
    style.lineBreakMode = testCase.mode
    let node = TextNode(testCase.text, font: font, size: testCase.size, paragraphStyle: style)
    _ = node.layout(within: SizeRange(min: .zero, max: Size(testCase.width, .infinity)))
    return node.lines.map { PangoLine(text: $0.text, width: $0.frame.width) }
}

private let pangoCaseCount = 240

@Test(
    .enabled(
        if: FileManager.default.isExecutableFile(atPath: "/usr/bin/pango-view")
            || ProcessInfo.processInfo.environment["REQUIRE_PANGO"] != nil))
func lineBreaksAndWidthsMatchPango() throws {
    let cases = generateCases(count: pangoCaseCount)
    var fonts: [String: Font] = [:]
    for family in families { fonts[family] = try Font(family: family) }
    // pango-view runs in four lanes at once, each with its own fontconfig folders.
    let lanes = 4
    var dirs: [[String: URL]] = []
    for _ in 0..<lanes {
        var byFamily: [String: URL] = [:]
        for (family, font) in fonts { byFamily[family] = try restrictedFontconfig(for: font.path) }
        dirs.append(byFamily)
    }
    defer { for lane in dirs { for dir in lane.values { try? FileManager.default.removeItem(at: dir) } } }
    let results = Results(count: cases.count)
    let lanesDirs = dirs
    let fontFiles = fonts.mapValues(\.path)
    DispatchQueue.concurrentPerform(iterations: lanes) { lane in
        for index in stride(from: lane, to: cases.count, by: lanes) {
            let testCase = cases[index]
            let expected = Result {
                try pangoLines(
                    testCase, fontFile: fontFiles[testCase.family]!,
                    workDir: lanesDirs[lane][testCase.family]!)
            }
            results.set(index, expected)
        }
    }
    var compared = 0
    for (index, testCase) in cases.enumerated() {
        let expected = try results.get(index).get()
        let actual = ourLines(testCase, font: fonts[testCase.family]!)
        let sameBreaks = expected.map(\.text) == actual.map(\.text)
        let widthsClose = sameBreaks && zip(expected, actual).allSatisfy { abs($0.width - $1.width) <= 0.5 }
        #expect(sameBreaks && widthsClose, "\(testCase)\n pango: \(expected)\n ours:  \(actual)")
        compared += 1
    }
    #expect(compared >= 200)
}

/// Pango's answers, filled from several threads.
private final class Results: @unchecked Sendable {
    private var values: [Result<[PangoLine], any Error>?]
    private let lock = NSLock()
    init(count: Int) { values = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: Result<[PangoLine], any Error>) { lock.withLock { values[index] = value } }
    func get(_ index: Int) -> Result<[PangoLine], any Error> { lock.withLock { values[index]! } }
}
