import Testing
import TestSupport
import TextureLayout
@testable import TextureLayoutText

// Invariants of text layout over random texts, widths, sizes and options: without truncation the lines partition
// the text (each line's characters plus the spaces and newline that end it, in order, give the whole text);
// every line fits the width unless it holds one grapheme cluster; the height follows the line rule; a re-layout
// after other widths equals a fresh layout.

private let pieces = [
    "word", "another", " ", "  ", "\n", "supercalifragilistic", "ﬁ", "AV", "3.14", "https://x.org/a/b", "שלום",
    "مرحبا", "😀", "e\u{301}", "—", "(", ")", ",", ".", "a-b", "\t", "中文字",
]

@Test func randomTextsKeepTheLineInvariants() throws {
    let fonts = [try Font.defaultFont(), try Font(family: "DejaVu Sans Mono")]
    var rng = SplitMix64(seed: 42)
    for _ in 0..<300 {
        var text = ""
        for _ in 0..<Int.random(in: 0...30, using: &rng) { text += pieces.randomElement(using: &rng)! }
        let font = fonts.randomElement(using: &rng)!
        let size = [8.0, 12, 17, 31].randomElement(using: &rng)!
        var style = ParagraphStyle()
        style.lineBreakMode = Bool.random(using: &rng) ? .word : .char
        style.lineSpacing = [0.0, 3].randomElement(using: &rng)!
        if Bool.random(using: &rng) { style.lineHeight = 25 }
        let width = Double(Int.random(in: 5...400, using: &rng))
        let node = TextNode(text, font: font, size: size, paragraphStyle: style)
        let range = SizeRange(min: .zero, max: Size(width, .infinity))
        let size0 = node.layout(within: range).size
        let lines = node.lines
        let label = "\(text.debugDescription) \(font.familyName) \(size) \(width) \(style.lineBreakMode)"

        // Partition: the lines' texts appear in order, separated only by spaces and newlines.
        var rest = Substring(text)
        for line in lines {
            while let first = rest.first, !line.text.isEmpty, !rest.hasPrefix(line.text),
                  first.isWhitespace || first.isNewline { rest = rest.dropFirst() }
            #expect(rest.hasPrefix(line.text), "\(label): line \(line.text.debugDescription) not next in the text")
            rest = rest.dropFirst(line.text.count)
        }
        #expect(rest.allSatisfy { $0.isWhitespace || $0.isNewline }, "\(label): text left over \(rest.debugDescription)")

        // Each line fits, unless it is one grapheme cluster.
        for line in lines where line.text.count > 1 {
            #expect(line.frame.width <= width + 1e-9, "\(label): \(line.text.debugDescription) is \(line.frame.width)")
        }
        // The height: the lines' heights plus spacing, rounded up to a whole point.
        let height = lines.reduce(0) { $0 + $1.frame.height } + style.lineSpacing * Double(max(0, lines.count - 1))
        #expect(size0.height == height.rounded(.up), "\(label)")
        if let lineHeight = style.lineHeight { #expect(lines.allSatisfy { $0.frame.height == lineHeight }) }

        // Re-layout after another width equals a fresh layout.
        _ = node.layout(within: SizeRange(min: .zero, max: Size(width / 2 + 1, .infinity)))
        let again = node.layout(within: range).size
        let fresh = TextNode(text, font: font, size: size, paragraphStyle: style)
        #expect(fresh.layout(within: range).size == again && again == size0, "\(label)")
        #expect(fresh.lines == node.lines, "\(label)")
    }
}
