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
                first.isWhitespace || first.isNewline
            { rest = rest.dropFirst() }
            #expect(rest.hasPrefix(line.text), "\(label): line \(line.text.debugDescription) not next in the text")
            rest = rest.dropFirst(line.text.count)
        }
        #expect(
            rest.allSatisfy { $0.isWhitespace || $0.isNewline }, "\(label): text left over \(rest.debugDescription)")

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

@Test func truncationKeepsTheLongestPrefixThatFits() throws {
    // Tail truncation's rule, checked over random texts (kerning pairs, ligatures, letter spacing that makes advances
    // negative): from the line's start, whole grapheme clusters are kept while the text up to each boundary (its
    // trailing spaces left out, measured as shaped apart from what follows) and the token fit the width; the cut is
    // the last boundary before the first that does not fit. Truncation skips ahead over break points it can bound;
    // this walks every boundary.
    let fonts = [try Font.defaultFont(), try Font(family: "DejaVu Serif"), try Font(family: "DejaVu Sans Mono")]
    let words = [
        "AV", "To", "Wa", "ffi", "office", "Yo", "LT", "T.", "V,", "word", "e\u{301}", "😀", " ", "  ", "שלום",
        "-T", "-V", "-Y", "r.", "y,",
    ]
    var rng = SplitMix64(seed: 11)
    var checked = 0
    for _ in 0..<1000 {
        var text = ""
        for _ in 0..<Int.random(in: 1...30, using: &rng) { text += words.randomElement(using: &rng)! }
        let run = TextRun(
            text, font: fonts.randomElement(using: &rng)!, size: [9.0, 17, 31].randomElement(using: &rng)!,
            letterSpacing: [0.0, 0, 1.5, -4].randomElement(using: &rng)!)
        let shaped = ShapedText(runs: [run], defaultDirection: .leftToRight)
        var style = ParagraphStyle()
        style.maximumNumberOfLines = Int.random(in: 1...2, using: &rng)
        let tokenWidth = Double.random(in: 0...30, using: &rng)
        // Mostly a width that the text up to a break point and the token nearly fill: the cut falls at or next to
        // a break point, where skipping ahead ends.
        let point = shaped.breakPoints.randomElement(using: &rng)!
        let upToPoint = shaped.lineWidth(0, Int(point.contentEnd), next: Int(point.contentEnd)) + tokenWidth
        let width =
            Bool.random(using: &rng)
            ? Double.random(in: 0...(shaped.totalWidth + 10), using: &rng)
            : upToPoint + [0, 1e-12, -1e-12, 0.2, -0.2].randomElement(using: &rng)!
        var boxes = LineBoxes()
        shaped.breakLines(
            LineBreakLimits(maxWidth: width, maxHeight: .infinity, style: style), into: &boxes,
            tokenWidth: { _, _ in tokenWidth })
        guard let box = boxes.all.last, box.hasToken else { continue }
        let start = box.start
        let end = shaped.trimmedEnd(start, shaped.count)
        func fits(_ boundary: Int) -> Bool {
            let end = shaped.trimmedEnd(start, boundary)
            return !(shaped.lineWidth(start, end, next: end) > width - tokenWidth)
        }
        var cut = start
        while cut < end {
            let further = shaped.nextGrapheme(after: cut)
            if !fits(further) { break }
            cut = further
        }
        #expect(box.end == shaped.trimmedEnd(start, cut), "\(text.debugDescription) at \(width), token \(tokenWidth)")
        checked += 1
    }
    #expect(checked > 100)
}

@Test func aTextMeasuredAtWidthAfterWidthEqualsAFreshOne() throws {
    // A node keeps its lines' storage, its latest token width and whether it is kept on one line from one
    // measurement to the next, and the nodes of a store share their tokens: measured at widths one after another
    // (narrower, wider, the same again, shorter and taller ranges), its size, baselines and lines are those of a
    // fresh node with a store of its own measured at that size alone. Truncation in every mode, line limits,
    // heights that leave lines out and texts of more lines than the storage first makes room for.
    let fonts = [try Font.defaultFont(), try Font(family: "DejaVu Sans Mono")]
    var rng = SplitMix64(seed: 32)
    let store = TextStore()
    for _ in 0..<150 {
        var text = ""
        let length = Bool.random(using: &rng) ? 12 : 200
        for _ in 0..<Int.random(in: 0...length, using: &rng) { text += pieces.randomElement(using: &rng)! }
        let font = fonts.randomElement(using: &rng)!
        let size = [8.0, 12, 17, 31].randomElement(using: &rng)!
        var style = ParagraphStyle()
        style.lineBreakMode = Int.random(in: 0..<5, using: &rng) == 0 ? .char : .word
        style.maximumNumberOfLines = [0, 0, 1, 2, 3].randomElement(using: &rng)!
        style.truncationMode = TruncationMode.allCases.randomElement(using: &rng)!
        style.truncationToken = ["\u{2026}", "...", ""].randomElement(using: &rng)!
        style.lineSpacing = [0.0, 3].randomElement(using: &rng)!
        if Int.random(in: 0..<4, using: &rng) == 0 { style.lineHeight = 25 }
        let node = TextNode(runs: [TextRun(text, font: font, size: size)], paragraphStyle: style, store: store)
        for _ in 0..<6 {
            let width = [Double(Int.random(in: 5...400, using: &rng)), .infinity].randomElement(using: &rng)!
            let height = [Double.infinity, Double(Int.random(in: 10...120, using: &rng))].randomElement(using: &rng)!
            let range = SizeRange(min: .zero, max: Size(width, height))
            let layout = node.layout(within: range)
            let fresh = TextNode(runs: [TextRun(text, font: font, size: size)], paragraphStyle: style)
            let freshLayout = fresh.layout(within: range)
            let label = "\(text.debugDescription) \(font.familyName) \(size) \(width)×\(height) \(style)"
            #expect(layout.size == freshLayout.size, "\(label)")
            #expect(node.layoutAscender.bitPattern == fresh.layoutAscender.bitPattern, "\(label)")
            #expect(node.layoutDescender.bitPattern == fresh.layoutDescender.bitPattern, "\(label)")
            #expect(node.lines == fresh.lines, "\(label)")
        }
    }
}
