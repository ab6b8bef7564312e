import Foundation
import Testing
import TextureLayout
@testable import TextureLayoutText

// Geometry derived by hand from DejaVu Sans Mono's tables (Scripts/setup installs it): 2048 units per em, hhea
// ascender 1901 and descender -483, every glyph 1233 units wide, no kerning or ligatures for these letters.
// At size 20.48 one unit is 0.01 pt: a character is 12.33 pt wide, a line 19.01 + 4.83 = 23.84 pt tall with its
// baseline 19.01 below its top.

private let size = 20.48
private let advance = 12.33
private let ascent = 19.01
private let descent = 4.83
private let lineHeight = 23.84

private func mono() throws -> Font { try Font(family: "DejaVu Sans Mono") }

/// Lays `text` out at `width` (height unbounded unless given) and returns the node, its size and lines.
private func layOut(
    _ text: String, width: Double, height: Double = .infinity, minWidth: Double = 0,
    style: ParagraphStyle = ParagraphStyle()
) throws -> (TextNode, Size, [TextLine]) {
    let node = TextNode(text, font: try mono(), size: size, paragraphStyle: style)
    let layout = node.layout(within: SizeRange(min: Size(minWidth, 0), max: Size(width, height)))
    return (node, layout.size, node.lines)
}

private func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

@Test func greedyLinesAndSize() throws {
    // "aaa bbb" is 7 characters (86.31) and fits 90; adding " ccc" would not.
    let (_, size, lines) = try layOut("aaa bbb ccc", width: 90)
    #expect(lines.map(\.text) == ["aaa bbb", "ccc"])
    #expect(close(lines[0].frame.width, 7 * advance) && close(lines[1].frame.width, 3 * advance))
    #expect(close(lines[1].frame.minY, lineHeight))
    #expect(close(lines[0].baseline, ascent) && close(lines[1].baseline, lineHeight + ascent))
    // The widest line and the lines' height, each rounded up to a whole point.
    #expect(size == Size(87, 48))
}

@Test func trailingSpacesDoNotCount() throws {
    // "aaa" plus five spaces would be 98.64 wide; without the spaces it fits 40.
    let (_, size, lines) = try layOut("aaa     bbb", width: 40)
    #expect(lines.map(\.text) == ["aaa", "bbb"])
    #expect(size.width == 37)
}

@Test func longWordsBreakBetweenGraphemes() throws {
    // 4 characters (49.32) fit 50: a 10-character word takes three lines; after "xx" it starts a new line.
    #expect(try layOut("aaaaaaaaaa", width: 50).2.map(\.text) == ["aaaa", "aaaa", "aa"])
    #expect(try layOut("xx aaaaaaaaaa", width: 50).2.map(\.text) == ["xx", "aaaa", "aaaa", "aa"])
    var style = ParagraphStyle()
    style.lineBreakMode = .char
    #expect(try layOut("aa bbbb", width: 50, style: style).2.map(\.text) == ["aa b", "bbb"])
}

@Test func newlinesForceBreaks() throws {
    #expect(try layOut("a\nb", width: 500).2.map(\.text) == ["a", "b"])
    // A final newline leaves an empty last line, one line tall.
    let (_, size, lines) = try layOut("a\n", width: 500)
    #expect(lines.map(\.text) == ["a", ""])
    #expect(size.height == (2 * lineHeight).rounded(.up))
}

@Test func truncationModes() throws {
    // One line of 90: the token "…" is one character (12.33), leaving 77.67 for text: 6 characters.
    var style = ParagraphStyle()
    style.maximumNumberOfLines = 1
    #expect(try layOut("aaa bbb ccc", width: 90, style: style).2.map(\.text) == ["aaa bb\u{2026}"])
    style.truncationMode = .head
    #expect(try layOut("aaa bbb ccc", width: 90, style: style).2.map(\.text) == ["\u{2026}bb ccc"])
    // Middle: (90 - 12.33) / 2 = 38.835 holds "aaa"; then 90 - 36.99 - 12.33 = 40.68 holds "ccc".
    style.truncationMode = .middle
    #expect(try layOut("aaa bbb ccc", width: 90, style: style).2.map(\.text) == ["aaa\u{2026}ccc"])
    style.truncationMode = .clip
    #expect(try layOut("aaa bbb ccc", width: 90, style: style).2.map(\.text) == ["aaa bbb"])
    style.truncationMode = .tail
    // A three-character token leaves 53.01: "aaa " (its space dropped at the cut).
    style.truncationToken = "..."
    #expect(try layOut("aaa bbb ccc", width: 90, style: style).2.map(\.text) == ["aaa..."])
}

@Test func heightLimitTruncates() throws {
    // 30 points hold one 23.84-point line.
    let (_, size, lines) = try layOut("aaa bbb ccc", width: 90, height: 30)
    #expect(lines.map(\.text) == ["aaa bb\u{2026}"])
    #expect(size.height == 24)
}

@Test func lineHeightSpacingAndInsets() throws {
    var style = ParagraphStyle()
    style.lineHeight = 30
    style.lineSpacing = 5
    style.textContainerInset = EdgeInsets(top: 10, left: 5, bottom: 10, right: 5)
    let (node, size, lines) = try layOut("aaa bbb ccc", width: 100, style: style)
    #expect(lines.map(\.text) == ["aaa bbb", "ccc"])
    // The extra height of a taller line goes above the glyphs: the baseline is the descent above the bottom.
    #expect(close(lines[0].baseline, 10 + 30 - descent))
    #expect(lines[1].frame.minY == 10 + 30 + 5 && lines[1].frame.minX == 5)
    #expect(size == Size((7 * advance + 10).rounded(.up), 30 + 5 + 30 + 20))
    // The descender reaches from the last baseline to the node's bottom (the bottom inset and the rounding up
    // of the height included), so that baselineLast alignment finds the real baseline.
    #expect(close(node.layoutAscender, 10 + 30 - descent))
    #expect(close(node.layoutDescender, (10 + 30 + 5 + 30 - descent) - size.height))
}

@Test func alignment() throws {
    var style = ParagraphStyle()
    for (alignment, x) in [(TextAlignment.left, 0), (.center, (200 - 3 * advance) / 2), (.right, 200 - 3 * advance)] {
        style.alignment = alignment
        let line = try layOut("aaa", width: 200, minWidth: 200, style: style).2[0]
        #expect(close(line.frame.minX, x), "\(alignment)")
    }
    // Justified (in a node 90 wide): the first line's one space takes the free width; the paragraph's last line
    // stays left.
    style.alignment = .justified
    let lines = try layOut("aa bb cccccc", width: 90, minWidth: 90, style: style).2
    #expect(lines.map(\.text) == ["aa bb", "cccccc"])
    let positions = lines[0].glyphRuns.flatMap(\.positions)
    #expect(close(positions[3].x, 90 - 2 * advance) && close(lines[1].frame.minX, 0))
}

@Test func paragraphDirectionAndNaturalAlignment() throws {
    let font = try Font.defaultFont()
    func firstLine(_ text: String, _ direction: TextDirection) -> TextLine {
        let node = TextNode(text, font: font, size: 10)
        node.defaultDirection = direction
        _ = node.layout(within: SizeRange(min: Size(300, 0), max: Size(300, .infinity)))
        return node.lines[0]
    }
    // A Hebrew first strong character makes the paragraph right to left: natural alignment is right.
    let hebrew = firstLine("שלום abc", .leftToRight)
    #expect(close(hebrew.frame.maxX, 300))
    // A Latin first strong character wins over the node's right-to-left default; digits alone take the default.
    #expect(firstLine("abc", .rightToLeft).frame.minX == 0)
    #expect(close(firstLine("123", .rightToLeft).frame.maxX, 300))
    // Display order: the Hebrew word's glyphs come right of the Latin ones in an LTR paragraph.
    let mixed = firstLine("abc שלום", .leftToRight)
    #expect(mixed.glyphRuns.flatMap(\.glyphs).count == 8)
}

@Test func baselineStacksAlignRealBaselines() throws {
    let font = try mono()
    let small = TextNode("aa", font: font, size: size)
    let large = TextNode("aa", font: font, size: 2 * size)
    for alignment in [StackAlignItems.baselineFirst, .baselineLast] {
        let stack = StackLayoutSpec(
            direction: .horizontal, spacing: 0, alignItems: alignment,
            children: [small, large])
        let root = DisplayNode()
        root.layoutSpecBlock = { _, _ in stack }
        // A fine pixel grid (scale 100), so that rounding positions to it keeps 19.01 as it is.
        let layout = root.layout(within: SizeRange(min: .zero, max: Size(500, 500)), scale: 100)
        let frames = layout.subnodeLayouts.map(\.frameInSupernode)
        // The large text's baseline is 38.02 below its top, the small one's 19.01: the small one moves down.
        let baselines = zip(frames, [small, large]).map { $0.minY + $1.lines[0].baseline }
        #expect(close(frames[0].minY, 2 * ascent - ascent) && frames[1].minY == 0, "\(alignment)")
        #expect(close(baselines[0], baselines[1]), "\(alignment)")
    }
}

@Test func baselineOverridesReplaceMeasuredBaselines() throws {
    let node = TextNode("aa", font: try mono(), size: size)
    let range = SizeRange(min: .zero, max: Size(500, 500))
    // Measured: the baseline 19.01 below the top; the descender is its distance above the bottom of the height
    // rounded up to 24 (negative: the baseline is above the bottom).
    let measured = (ascender: ascent, descender: ascent - 24)
    func baselines() -> (Double, Double) {
        _ = node.layout(within: range)
        return (node.layoutAscender, node.layoutDescender)
    }
    var (ascender, descender) = baselines()
    #expect(close(ascender, measured.ascender) && close(descender, measured.descender))
    node.ascenderOverride = 30
    (ascender, descender) = baselines()
    #expect(ascender == 30 && close(descender, measured.descender))
    node.descenderOverride = -2
    (ascender, descender) = baselines()
    #expect(ascender == 30 && descender == -2)
    node.ascenderOverride = nil
    (ascender, descender) = baselines()
    #expect(close(ascender, measured.ascender) && descender == -2)
    node.descenderOverride = nil
    (ascender, descender) = baselines()
    #expect(close(ascender, measured.ascender) && close(descender, measured.descender))
}

@Test func tokenWidthsFollowTheirAttributes() throws {
    // The store answers the width it measured last without shaping again; another size, text or direction must
    // not get it. Every glyph of DejaVu Sans Mono, "…" included, is one advance wide.
    let store = TextStore()
    let font = try mono()
    let small = ShapedText(runs: [TextRun("aa", font: font, size: size)], defaultDirection: .leftToRight)
    let large = ShapedText(runs: [TextRun("bb", font: font, size: 2 * size)], defaultDirection: .leftToRight)
    #expect(close(store.tokenWidth("\u{2026}", run: 0, of: small, rightToLeft: false), advance))
    #expect(close(store.tokenWidth("\u{2026}", run: 0, of: small, rightToLeft: false), advance))
    #expect(close(store.tokenWidth("\u{2026}", run: 0, of: large, rightToLeft: false), 2 * advance))
    #expect(close(store.tokenWidth("...", run: 0, of: large, rightToLeft: false), 6 * advance))
    #expect(close(store.tokenWidth("...", run: 0, of: small, rightToLeft: true), 3 * advance))
    #expect(close(store.tokenWidth("\u{2026}", run: 0, of: small, rightToLeft: false), advance))
}

@Test func changesInvalidateAndRelayoutEqualsFresh() throws {
    let font = try mono()
    let node = TextNode("aaa bbb ccc", font: font, size: size)
    let range = SizeRange(min: .zero, max: Size(90, .infinity))
    #expect(node.layout(within: range).size == Size(87, 48))
    node.runs = [TextRun("aaa", font: font, size: size)]
    #expect(node.layout(within: range).size == Size(37, 24))
    var style = node.paragraphStyle
    style.textContainerInset = EdgeInsets(all: 1)
    node.paragraphStyle = style
    #expect(node.layout(within: range).size == Size(39, 26))
    // Another width, then back: the same lines as a fresh node's.
    let long = TextNode("aaa bbb ccc ddd eee", font: font, size: size)
    _ = long.layout(within: SizeRange(min: .zero, max: Size(300, .infinity)))
    _ = long.layout(within: range)
    let fresh = TextNode("aaa bbb ccc ddd eee", font: font, size: size)
    _ = fresh.layout(within: range)
    #expect(long.lines == fresh.lines)
}

@Test func aTextOnOneLineKeepsItAtEveryWidthItFits() throws {
    // "aaa bbb" is 86.31 wide: one line 87 × 24 at any width from 86.31 up (86.32 here: no rounding doubt), two ("aaa", "bbb") below it.
    let node = TextNode("aaa bbb", font: try mono(), size: size)
    func lay(_ width: Double) -> (Size, [String]) {
        let size = node.layout(within: SizeRange(min: .zero, max: Size(width, .infinity))).size
        return (size, node.lines.map(\.text))
    }
    #expect(lay(300) == (Size(87, 24), ["aaa bbb"]))
    // 87 limited to the range's 86.32, on the 2× pixel grid.
    #expect(lay(86.32) == (Size(86.5, 24), ["aaa bbb"]))
    #expect(lay(86.3) == (Size(37, 48), ["aaa", "bbb"]))
    #expect(lay(.infinity) == (Size(87, 24), ["aaa bbb"]))
    #expect(lay(50) == (Size(37, 48), ["aaa", "bbb"]))
    // A forced break is never one line, at any width.
    let broken = TextNode("aaa\nbbb", font: try mono(), size: size)
    for width in [300.0, 200] {
        _ = broken.layout(within: SizeRange(min: .zero, max: Size(width, .infinity)))
        #expect(broken.lines.map(\.text) == ["aaa", "bbb"])
    }
}

@Test func sharedTruncationTokensFollowEachTextsAttributes() throws {
    // One line of 90. At size 20.48 the token "…" is 12.33 wide: 77.67 hold "aaa bb" (6 characters). At 10.24 a
    // character and the token are 6.165 wide: 83.835 hold 13 characters, "aaa bbb ccc d" (with the larger
    // token's 12.33 it would be 12, "aaa bbb ccc").
    let font = try mono()
    var style = ParagraphStyle()
    style.maximumNumberOfLines = 1
    let store = TextStore()
    let range = SizeRange(min: .zero, max: Size(90, .infinity))
    let large = TextNode(
        runs: [TextRun("aaa bbb ccc", font: font, size: size)], paragraphStyle: style,
        store: store)
    let small = TextNode(
        runs: [TextRun("aaa bbb ccc ddd eee fff", font: font, size: size / 2)],
        paragraphStyle: style, store: store)
    _ = large.layout(within: range)
    _ = small.layout(within: range)
    #expect(large.lines.map(\.text) == ["aaa bb\u{2026}"] && close(large.lines[0].frame.width, 7 * advance))
    #expect(small.lines.map(\.text) == ["aaa bbb ccc d\u{2026}"] && close(small.lines[0].frame.width, 7 * advance))
    // A text whose runs change after truncating takes the token in its new attributes.
    large.runs = small.runs
    _ = large.layout(within: range)
    #expect(large.lines == small.lines)
}
