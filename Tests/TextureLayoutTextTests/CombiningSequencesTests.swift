import Testing
import TextureLayout
@testable import TextureLayoutText

/// Where `text` (in DejaVu Sans at 12 points) is cut into shaping pieces: the start of every item.
private func pieceStarts(_ text: String) throws -> [Int] {
    let shaped = ShapedText(
        runs: [TextRun(text, font: try Font.defaultFont(), size: 12)],
        defaultDirection: .leftToRight)
    return shaped.items.map(\.item.start)
}

private let acute = "\u{301}"

@Test func longCombiningSequencesAreShapedInPiecesOfThirty() throws {
    // UAX #15's bound: a base and 30 marks are one piece; the 31st mark and every 30th after it start a new one.
    #expect(try pieceStarts("a" + String(repeating: acute, count: 30)) == [0])
    #expect(try pieceStarts("a" + String(repeating: acute, count: 100)) == [0, 31, 61, 91])
    // Joiners and other default-ignorable characters do not end a sequence (HarfBuzz's search for a base walks
    // over them): 20 acutes each followed by a zero width joiner are 40 characters in a row.
    #expect(try pieceStarts("a" + String(repeating: acute + "\u{200D}", count: 20)) == [0, 31])
    #expect(try pieceStarts("a" + String(repeating: acute + "\u{34F}", count: 20)) == [0, 31])
    // Any other character ends the sequence: short sequences after bases, however many, stay one piece.
    #expect(try pieceStarts(String(repeating: "a" + String(repeating: acute, count: 20), count: 50)) == [0])
}

@Test func piecesKeepEveryCharacterAndGlyph() throws {
    let font = try Font.defaultFont()
    let long = "a" + String(repeating: acute, count: 1000)
    let node = TextNode(long, font: font, size: 12)
    let size = node.layout(within: SizeRange(min: .zero, max: Size(200, .infinity))).size
    // One grapheme on one line, with every character; HarfBuzz composes "a" and the first acute into "á", and
    // every other mark keeps its glyph.
    let lines = node.lines
    #expect(lines.count == 1)
    #expect(lines.first?.text == long)
    #expect(lines.first?.glyphRuns.reduce(0) { $0 + $1.glyphs.count } == 1000)
    // DejaVu Sans' combining acute has no advance (hmtx), attached or not: the width is the width of "á".
    let single = TextNode("\u{E1}", font: font, size: 12)
    #expect(size == single.layout(within: SizeRange(min: .zero, max: Size(200, .infinity))).size)
}

/// A text shaped while its caller's time is up (``LayoutCancellation/current`` set) is shaped no further and not
/// kept: the node measures it again, in full, once the flag is gone.
@Test func shapingStopsWhenTheCallerGivesUp() throws {
    let font = try Font.defaultFont()
    let text = String(repeating: "a" + String(repeating: acute, count: 40) + " ", count: 50)
    let cancelled = LayoutCancellation()
    cancelled.cancel()
    let stopped = LayoutCancellation.$current.withValue(cancelled) {
        ShapedText(runs: [TextRun(text, font: font, size: 12)], defaultDirection: .leftToRight)
    }
    #expect(!stopped.isComplete && stopped.glyphs.isEmpty)
    let full = ShapedText(runs: [TextRun(text, font: font, size: 12)], defaultDirection: .leftToRight)
    #expect(full.isComplete && full.glyphs.count > 2000)

    // Measured while the flag is set, the node measures nothing and keeps nothing: measured again, it is whole.
    let node = TextNode(text, font: font, size: 12)
    let width = Size(120, .infinity)
    #expect(LayoutCancellation.$current.withValue(cancelled) { node.calculateSizeThatFits(width) } == .zero)
    let range = SizeRange(min: .zero, max: width)
    #expect(node.layout(within: range).size == TextNode(text, font: font, size: 12).layout(within: range).size)
    #expect(node.layout(within: range).size.height > 50)  // several lines, not nothing
}
