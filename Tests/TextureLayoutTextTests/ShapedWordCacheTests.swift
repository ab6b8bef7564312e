import CHarfBuzz
import Testing
import TextureLayout
@testable import TextureLayoutText

// The word cache must never change a glyph or a width: every text below is shaped whole (no cache) and put
// together from cached words, and the two must agree bit for bit in every glyph, advance and offset, and in the
// widths line breaking reads (prefix widths, their corrections, the break table).

private let emojiFile = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
private let cjkFile = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"

/// Texts where shaping a word apart could differ from shaping it with its neighbours: kerning pairs inside words
/// and across spaces ("A V", "T o"), ligature-capable letters ("fi", "ffl"), right-to-left text, several scripts
/// and characters only fallback fonts have (emoji, CJK), combining marks after spaces, runs of spaces, a word
/// longer than the cache keeps, digits and punctuation alone, tabs and newlines.
private let texts = [
    "AV To Ta WAVE AVA Yo LT P. V, T- fi fl ffi ffl office affluent efficient",
    "A V T o W A V E ; A\u{A0}V T\u{A0}o",
    "The quick brown fox jumps over the lazy dog. The quick brown fox jumps over the lazy dog again and again.",
    "שלום עולם and مرحبا بالعالم in one line, AV To",
    "Hello Привет Γειά σου 你好 world AV Привет Γειά",
    "I \u{2764}\u{FE0F} emoji \u{1F600} \u{1F44D}\u{1F3FD} family \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467} ok \u{1F600} \u{1F600}",
    "e\u{301} cafe\u{301}  x \u{301}y  \u{301} a\u{308}\u{301} end",
    "   leading and trailing spaces   and    runs   ",
    "short " + String(repeating: "x", count: 70) + " words after a very long one, and "
        + String(repeating: "Wa", count: 40),
    "123 456 7,890 (42) — 3.14 % $ € 100 200 300",
    "tabs\tand\ttabs, lines\nand\nnew lines\r\nagain AV\nTo",
    "https://example.com/feed?id=42 @like965 #tag 30m",
    // Ligatures at the end of an item, where a line may end inside them: "fi", "ffl" (DejaVu Sans and Serif).
    "scientific fi", "ffl", "office fi\nfi", "affluent \u{5E9}\u{5DC}\u{5D5}\u{5DD} office ffi",
    "",
    " ",
]

private func fonts() throws -> [Font] {
    try [Font.defaultFont(), Font(family: "DejaVu Serif"), Font(family: "DejaVu Sans Mono")]
}

private func fallback() throws -> FontFallback {
    FontFallback(fonts: [try Font(file: emojiFile), try Font(file: cjkFile)], usesSystemFonts: false)
}

/// Expects two shapings of the same runs to agree in every glyph and width.
private func expectSame(_ a: ShapedText, _ b: ShapedText, _ comment: Comment) {
    #expect(a.items.map(\.item.start) == b.items.map(\.item.start), comment)
    #expect(a.items.map(\.glyphs) == b.items.map(\.glyphs), comment)
    #expect(a.glyphs.count == b.glyphs.count, comment)
    for (x, y) in zip(a.glyphs, b.glyphs) {
        let same =
            x.id == y.id && x.cluster == y.cluster && x.advance.bitPattern == y.advance.bitPattern
            && x.xOffset.bitPattern == y.xOffset.bitPattern && x.yOffset.bitPattern == y.yOffset.bitPattern
        #expect(same, "\(comment): \(x) against \(y)")
        if !same { return }
    }
    #expect(a.measures.map(\.prefix.bitPattern) == b.measures.map(\.prefix.bitPattern), comment)
    #expect(a.measures.map(\.endAdjust.bitPattern) == b.measures.map(\.endAdjust.bitPattern), comment)
    #expect(a.measures.map(\.startAdjust.bitPattern) == b.measures.map(\.startAdjust.bitPattern), comment)
    let pa = Array(a.breakPoints), pb = Array(b.breakPoints)
    #expect(pa.count == pb.count, comment)
    for (x, y) in zip(pa, pb) {
        #expect(
            x.position == y.position && x.contentEnd == y.contentEnd && x.corrected == y.corrected
                && x.widthToContentEnd.bitPattern == y.widthToContentEnd.bitPattern
                && x.prefixAtPosition.bitPattern == y.prefixAtPosition.bitPattern, comment)
    }
    for (x, y) in zip(a.table.corrections, b.table.corrections) {
        #expect(
            x.prefixAtContentEnd.bitPattern == y.prefixAtContentEnd.bitPattern
                && x.endAdjustment.bitPattern == y.endAdjustment.bitPattern
                && x.startAdjustAtPosition.bitPattern == y.startAdjustAtPosition.bitPattern, comment)
    }
}

@Test func wordsShapeAsTheirWholeItems() throws {
    let fallback = try fallback()
    for font in try fonts() {
        // One cache for every text, size and letter spacing, as a document's store has: later texts find the
        // words of earlier ones, at their own sizes.
        let cache = ShapedWordCache()
        for pass in 0..<2 {
            for text in texts {
                for (size, spacing) in [(17.0, 0.0), (13.0, 0.0), (15.0, 1.5)] {
                    for direction in [TextDirection.leftToRight, .rightToLeft] {
                        var run = TextRun(text, font: font, size: size)
                        run.letterSpacing = spacing
                        let whole = ShapedText(runs: [run], defaultDirection: direction, fallback: fallback)
                        let byWords = ShapedText(
                            runs: [run], defaultDirection: direction, fallback: fallback, words: cache)
                        expectSame(
                            whole, byWords,
                            "\(font.familyName) \(size) \(spacing) \(direction) pass \(pass): \(text.debugDescription)")
                    }
                }
            }
        }
        // The cache was used: the texts' Latin words are in it.
        #expect(cache.withWords { $0.words.count } > 100)
    }
}

@Test func runsWithDifferentAttributesShapeAsTheirWholeItems() throws {
    let font = try Font.defaultFont()
    let serif = try Font(family: "DejaVu Serif")
    let cache = ShapedWordCache()
    var bold = TextRun("To AV ", font: serif, size: 20)
    bold.letterSpacing = -0.5
    let runs = [
        TextRun("AV To ", font: font, size: 12), bold, TextRun("office AV", font: font, size: 12),
        TextRun(" To", font: serif, size: 12),
    ]
    for _ in 0..<2 {
        let whole = ShapedText(runs: runs, defaultDirection: .leftToRight)
        let byWords = ShapedText(runs: runs, defaultDirection: .leftToRight, words: cache)
        expectSame(whole, byWords, "runs")
    }
}

/// Which items are put together from words: left-to-right items of Latin, Greek, Cyrillic and Common text in a
/// font where nothing reaches across a space; DejaVu Sans has a ligature that starts with a space in its Arabic
/// features, so it does not separate Arabic words.
@Test func onlyFontsAndScriptsWhereNothingCrossesASpaceAreCached() throws {
    let font = try Font.defaultFont()
    #expect(ShapedWordCache.separates(font, script: HB_SCRIPT_LATIN))
    #expect(ShapedWordCache.separates(font, script: HB_SCRIPT_COMMON))
    #expect(!ShapedWordCache.separates(font, script: HB_SCRIPT_ARABIC))
    #expect(!ShapedWordCache.shapesByWords(HB_SCRIPT_ARABIC) && !ShapedWordCache.shapesByWords(HB_SCRIPT_HAN))

    let cache = ShapedWordCache()
    _ = ShapedText(runs: [TextRun("שלום עולם", font: font, size: 12)], defaultDirection: .leftToRight, words: cache)
    #expect(cache.withWords { $0.words.count } == 0)
    _ = ShapedText(runs: [TextRun("AV To AV", font: font, size: 12)], defaultDirection: .leftToRight, words: cache)
    // "AV " and "To " (the second "AV " is found), and the last "AV" without its space.
    #expect(cache.withWords { $0.words.count } == 3)
}

/// A document's texts share their store's words: a node measures the same with and without a store.
@Test func nodesWithAStoreMeasureAsNodesWithout() throws {
    let font = try Font.defaultFont()
    let store = TextStore()
    for text in texts {
        for width in [40.0, 120.0, 375.0] {
            let range = SizeRange(min: .zero, max: Size(width, .infinity))
            let alone = TextNode(text, font: font, size: 15)
            let shared = TextNode(runs: [TextRun(text, font: font, size: 15)], store: store)
            #expect(alone.layout(within: range).size == shared.layout(within: range).size, "\(text.debugDescription)")
            #expect(alone.lines.map(\.text) == shared.lines.map(\.text))
        }
    }
}
