import CHarfBuzz
import Foundation
import Testing
import TextureLayout
@testable import TextureLayoutText

// Font fallback against the font files' own tables (Scripts/setup installs the fonts; the numbers below were read
// from the files with a table dump, not from this module):
// - DejaVu Sans: 2048 units per em, hhea ascender 1901, descender -483; no CJK, no emoji presentation glyphs.
// - Noto Color Emoji: 2048 units per em, hhea 1900 / -500, every emoji 2550 units wide, CBDT bitmaps only.
// - Noto Sans CJK (a collection, face 0 is JP): 1000 units per em, hhea 1160 / -288, ideographs 1000 units wide.

private let emojiFile = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
private let cjkFile = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
private let installed =
    FileManager.default.fileExists(atPath: emojiFile)
    && FileManager.default.fileExists(atPath: cjkFile)

private func dejaVu() throws -> Font { try Font(family: "DejaVu Sans") }

private func shaped(_ text: String, size: Double = 20.48, fallback: FontFallback = .system) throws -> ShapedText {
    ShapedText(
        runs: [TextRun(text, font: try dejaVu(), size: size)], defaultDirection: .leftToRight,
        fallback: fallback)
}

/// Each item's text and its font's family.
private func itemFonts(_ text: ShapedText) -> [(String, String)] {
    text.items.map { shapedItem in
        let item = shapedItem.item
        let piece = String(decoding: text.units[item.start..<item.end], as: UTF16.self)
        return (piece, item.font.familyName)
    }
}

private func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

@Test(.enabled(if: installed)) func colourEmojiFontsAreFonts() throws {
    let emoji = try Font(file: emojiFile)
    #expect(emoji.isColor && emoji.unitsPerEm == 2048 && emoji.ascender == 1900 && emoji.descender == -500)
    #expect(try !dejaVu().isColor)
    // A collection's faces by index; one it lacks is named.
    let korean = try Font(file: cjkFile, faceIndex: 1)
    #expect(korean.familyName.hasPrefix("Noto Sans CJK"))
    #expect(throws: FontError.noFace(path: cjkFile, index: 40, count: 10)) { try Font(file: cjkFile, faceIndex: 40) }
    #expect(throws: FontError.noFace(path: emojiFile, index: 1, count: 1)) { try Font(file: emojiFile, faceIndex: 1) }
}

@Test(.enabled(if: installed)) func charactersTheRunsFontLacksComeFromTheSystem() throws {
    // At 20.48 pt a DejaVu unit is 0.01 pt; an ideograph is 20.48 pt; an emoji 2550 / 2048 * 20.48 = 25.5 pt.
    let text = try shaped("Ada 👩‍💻 山田")
    let fonts = itemFonts(text)
    #expect(fonts.map(\.0) == ["Ada ", "👩‍💻", " ", "山田"])
    #expect(fonts[0].1 == "DejaVu Sans" && fonts[1].1 == "Noto Color Emoji" && fonts[2].1 == "DejaVu Sans")
    #expect(fonts[3].1.hasPrefix("Noto Sans CJK"))
    let dejaVuSpace = text.width(3, 4)
    #expect(close(text.width(4, 9), 25.5))  // one glyph for the ZWJ sequence
    #expect(close(text.width(10, 12), 2 * 20.48))
    #expect(close(text.width(9, 10), dejaVuSpace))
}

@Test(.enabled(if: installed)) func lineHeightsComeFromTheFontsOnTheLine() throws {
    let node = TextNode(runs: [TextRun("ab 山 cd", font: try dejaVu(), size: 20.48)])
    _ = node.layout(within: SizeRange(min: .zero, max: Size(30, .infinity)))
    #expect(node.lines.map(\.text) == ["ab", "山", "cd"])
    // DejaVu's lines: 19.01 + 4.83; the CJK line: 1.160 + 0.288 em, without DejaVu's (its space ends the line).
    #expect(
        node.lines.map(\.frame.height).enumerated().allSatisfy { index, height in
            close(height, index == 1 ? (1.160 + 0.288) * 20.48 : 23.84)
        })
    #expect(close(node.lines[1].baseline - node.lines[1].frame.minY, 1.160 * 20.48))
    // Emoji beside Latin: the tallest ascent (DejaVu's 1901) and the deepest descent (the emoji font's 500).
    let mixed = TextNode(runs: [TextRun("a😀", font: try dejaVu(), size: 20.48)])
    _ = mixed.layout(within: .unconstrained)
    #expect(close(mixed.lines[0].frame.height, 19.01 + 5.0))
}

@Test(.enabled(if: installed)) func emojiPresentationPicksTheColourFont() throws {
    let dejaVuFont = try dejaVu()
    // U+263A has a text-style glyph in DejaVu Sans and no emoji presentation of its own: U+FE0F asks for it.
    #expect(dejaVuFont.hasGlyph(0x263A))
    #expect(itemFonts(try shaped("\u{263A}"))[0].1 == "DejaVu Sans")
    #expect(itemFonts(try shaped("\u{263A}\u{FE0F}"))[0].1 == "Noto Color Emoji")
    // U+2614 (umbrella with rain) has emoji presentation: the colour font, unless U+FE0E asks for text.
    #expect(dejaVuFont.hasGlyph(0x2614))
    #expect(itemFonts(try shaped("\u{2614}"))[0].1 == "Noto Color Emoji")
    #expect(itemFonts(try shaped("\u{2614}\u{FE0E}"))[0].1 == "DejaVu Sans")
    // Flags, skin tones and keycaps are one cluster each, all in the colour font, one glyph each.
    for sequence in ["🇯🇵", "👍🏽", "1\u{FE0F}\u{20E3}", "👨‍👩‍👧"] {
        let text = try shaped(sequence)
        #expect(itemFonts(text).map(\.1) == ["Noto Color Emoji"], "\(sequence)")
        #expect(text.glyphs.count == 1 && close(text.totalWidth, 25.5), "\(sequence)")
    }
    // A digit alone keeps the run's font.
    #expect(itemFonts(try shaped("1"))[0].1 == "DejaVu Sans")
}

@Test(.enabled(if: installed)) func documentFallbackFontsComeFirst() throws {
    let korean = try Font(file: cjkFile, faceIndex: 1)
    let text = try shaped("a山", fallback: FontFallback(fonts: [korean]))
    #expect(text.items.last!.item.font === korean)
    // Without system fonts, a character no given font has stays in the run's font (its .notdef glyph).
    let alone = try shaped("a山", fallback: FontFallback(fonts: [], usesSystemFonts: false))
    #expect(alone.items.allSatisfy { $0.item.font.familyName == "DejaVu Sans" })
    #expect(alone.glyphs.map(\.id).last == 0)
}

@Test(.enabled(if: installed)) func clustersAreNeverSplitBetweenFonts() throws {
    let texts = [
        "e\u{301}山\u{301}", "👍🏽a", "क्षत्रिय नमस्ते", "שָׁלוֹם עולם", "مرحبا بالعالم", "ภาษาไทย ง่าย",
        "a\u{200D}山", "🏳️‍🌈x", "🇫🇷🇩🇪", "a\u{FE0F}b", "\u{FE0F}", "日本語、テスト。한국어",
    ]
    for string in texts {
        let text = try shaped(string)
        for shapedItem in text.items {
            #expect(text.graphemeBoundary[shapedItem.item.start], "\(string) \(itemFonts(text))")
        }
        // Every cluster has a glyph (none is .notdef) when an installed font covers it.
        #expect(!text.glyphs.contains { $0.id == 0 }, "\(string) \(itemFonts(text))")
    }
}

/// Two files of one family: DejaVu Sans has U+1D5A0 (mathematical sans-serif capital A) and its bold face does not
/// (both files' cmaps, read with a table dump), and fontconfig sorts the regular face first for the family.
private let regularFile = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
private let boldFile = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

@Test(.enabled(if: FileManager.default.fileExists(atPath: boldFile)))
func aRunsFontIsToldApartFromAnotherFileOfItsFamily() throws {
    let regular = try Font(file: regularFile), bold = try Font(file: boldFile)
    #expect(regular.familyName == bold.familyName && regular.hasGlyph(0x1D5A0) && !bold.hasGlyph(0x1D5A0))
    /// The file each run font falls back to for the character, asked in `order` of one fallback's life.
    func answers(_ order: [Font]) -> [String: String] {
        let fallback = FontFallback()
        var files: [String: String] = [:]
        for runFont in order {
            files[runFont.path] =
                fallback.font(for: [0x1D5A0], runFont: runFont, script: HB_SCRIPT_COMMON, emoji: false).path
        }
        return files
    }
    let regularFirst = answers([regular, bold]), boldFirst = answers([bold, regular])
    // The bold run takes the regular face's glyph; the regular run is never sent back to its own file.
    #expect(regularFirst[boldFile] == regularFile && boldFirst[boldFile] == regularFile)
    #expect(regularFirst[regularFile] == boldFirst[regularFile])
    #expect(boldFirst[regularFile] != regularFile)
}
