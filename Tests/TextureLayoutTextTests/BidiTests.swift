import CICUShim
import Testing
import TextureLayout
@testable import TextureLayoutText

// Bidirectional text in DejaVu Sans (which has Hebrew and Arabic). The visual order of each line is checked
// against ICU's reordering of the same line, done here character by character: ICU resolves every code unit's
// embedding level for the line as one paragraph and reorders the code units (UAX #9 rule L2); the code units that
// end up next to each other in visual order with one level make runs, and each run, shaped on its own in its
// direction, gives the glyphs the line must show, run after run from left to right. The node instead reorders
// whole shaped items of the paragraph; the two meet only if both are right.

private let width = 300.0

private func font() throws -> Font { try Font.defaultFont() }

/// A 300-wide text node showing `text` at size 12, laid out; its lines.
private func lines(
    _ text: String, default direction: TextDirection = .leftToRight,
    alignment: TextAlignment = .natural
) throws -> [TextLine] {
    var style = ParagraphStyle()
    style.alignment = alignment
    let node = TextNode(text, font: try font(), size: 12, paragraphStyle: style)
    node.defaultDirection = direction
    _ = node.layout(within: SizeRange(min: Size(width, 0), max: Size(width, .infinity)))
    return node.lines
}

/// The glyphs ICU's reordering of `text` (one line, one paragraph) shows, left to right.
private func icuVisualGlyphs(_ text: String, default direction: TextDirection = .leftToRight) throws -> [UInt32] {
    let units = Array(text.utf16)
    var levels = [UInt8](repeating: 0, count: units.count)
    let paragraph: UInt8 = direction == .rightToLeft ? 0xFF : 0xFE
    #expect(tl_bidi_levels(units, Int32(units.count), paragraph, &levels) >= 0)
    var order = [Int32](repeating: 0, count: units.count)
    tl_bidi_reorder_visual(levels, Int32(units.count), &order)
    // Visual runs: consecutive logical indices (ascending when even, descending when odd) of one level.
    var glyphs: [UInt32] = []
    var position = 0
    while position < order.count {
        let level = levels[Int(order[position])]
        let step: Int32 = level & 1 == 0 ? 1 : -1
        var end = position + 1
        while end < order.count && levels[Int(order[end])] == level && order[end] == order[end - 1] + step { end += 1 }
        let low = Int(min(order[position], order[end - 1])), high = Int(max(order[position], order[end - 1]))
        let piece = String(decoding: units[low...high], as: UTF16.self)
        let shaped = ShapedText(
            runs: [TextRun(piece, font: try font(), size: 12)],
            defaultDirection: level & 1 == 1 ? .rightToLeft : .leftToRight)
        glyphs += shaped.glyphs.map(\.id)
        position = end
    }
    return glyphs
}

private func shownGlyphs(_ line: TextLine) -> [UInt32] { line.glyphRuns.flatMap(\.glyphs) }

private func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

/// Glyph x positions are increasing: the runs are drawn left to right.
private func increasing(_ line: TextLine) -> Bool {
    let xs = line.glyphRuns.flatMap(\.positions).map(\.x)
    return zip(xs, xs.dropFirst()).allSatisfy { $0 < $1 }
}

@Test func hebrewParagraphIsRightAlignedInICUOrder() throws {
    let text = "שלום עולם"
    let line = try #require(try lines(text).first)
    // The first strong character is Hebrew: a right-to-left paragraph, so natural alignment is right.
    #expect(close(line.frame.maxX, width))
    #expect(line.frame.minX > 0)
    #expect(line.text == text)
    #expect(shownGlyphs(line) == (try icuVisualGlyphs(text)))
    // The logically first letter (shin) is drawn rightmost.
    let shin = try ShapedText(runs: [TextRun("ש", font: font(), size: 12)], defaultDirection: .rightToLeft)
    #expect(shownGlyphs(line).last == shin.glyphs[0].id)
    #expect(increasing(line))
}

@Test func arabicParagraphIsRightAlignedInICUOrder() throws {
    let text = "مرحبا بالعالم"
    let line = try #require(try lines(text).first)
    #expect(close(line.frame.maxX, width))
    #expect(shownGlyphs(line) == (try icuVisualGlyphs(text)))
    // Joined forms: the first word shaped alone (as in the line, a space breaks joining) is drawn at the right end.
    let first = try ShapedText(runs: [TextRun("مرحبا", font: font(), size: 12)], defaultDirection: .rightToLeft)
    #expect(Array(shownGlyphs(line).suffix(first.glyphs.count)) == first.glyphs.map(\.id))
    #expect(increasing(line))
}

@Test(arguments: [
    // Hebrew inside a left-to-right paragraph: the Hebrew word's letters reversed, in place.
    ("abc שלום def", TextDirection.leftToRight),
    // Latin inside a right-to-left paragraph: the words in right-to-left order, each Latin word left to right.
    ("שלום abc עולם", .leftToRight),
    // Numbers inside Arabic (level 2 in a level 1 paragraph): digits stay left to right.
    ("العدد 123 كبير", .leftToRight),
    // Neutral-only text takes the node's default direction; with a Hebrew and a Latin word after it.
    ("123 456", .rightToLeft),
    ("... abc שלום", .rightToLeft),
])
func mixedDirectionRunsFollowICU(text: String, direction: TextDirection) throws {
    let line = try #require(try lines(text, default: direction).first)
    #expect(line.text == text)
    #expect(shownGlyphs(line) == (try icuVisualGlyphs(text, default: direction)))
    #expect(increasing(line))
}

@Test func paragraphDirectionDecidesNaturalAlignmentPerParagraph() throws {
    // Two paragraphs: Latin (left) then Hebrew (right); explicit alignments win over the direction.
    let both = try lines("abc\nשלום")
    #expect(both.count == 2)
    #expect(both[0].frame.minX == 0)
    #expect(close(both[1].frame.maxX, width))
    #expect(try lines("שלום", alignment: .left)[0].frame.minX == 0)
    #expect(close(try lines("abc", alignment: .right)[0].frame.maxX, width))
}

@Test func wrappedHebrewBreaksInLogicalOrder() throws {
    // Lines take words in logical order: the first line holds the first words; each line is right-aligned and
    // reordered on its own.
    let words = Array(repeating: "שלום", count: 30).enumerated().map { $0.offset % 2 == 0 ? $0.element : "עולם" }
    let text = words.joined(separator: " ")
    let all = try lines(text)
    #expect(all.count > 1)
    #expect(all.map(\.text).joined(separator: " ") == text)
    #expect(all[0].text.hasPrefix("שלום עולם"))
    for line in all {
        #expect(close(line.frame.maxX, width))
        #expect(shownGlyphs(line) == (try icuVisualGlyphs(line.text)))
    }
}
