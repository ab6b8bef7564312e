// ASTextNode over the text module. Expected sizes come from DejaVu Sans's metrics, not from our output: its hhea
// table has 2048 units per em, ascender 1901 and descender −483 (regular and bold alike), so a line is
// 2384 / 2048 of the font size high; widths are advance sums, checked with pango-view (--dpi=72 --hinting=none
// --subpixel-positions, no wrapping) and, for "Hello", by hand: H 1540 + e 1260 + l 569 + l 569 + o 1253 = 5191
// units, × 17 / 2048 = 43.09 points. A text node's size is rounded up to whole points.

import Foundation
import Testing
import TextureLayoutCompat
import TextureLayoutText

/// The compat module's text node (the seed tests' stand-in has the short name in this module).
typealias CompatTextNode = TextureLayoutCompat.ASTextNode

/// `text` in DejaVu Sans (the system font here) at `size`, bold when asked.
func attributed(
    _ text: String, size: CGFloat, bold: Bool = false,
    _ more: [NSAttributedString.Key: Any] = [:]
) -> NSAttributedString {
    let font = bold ? UIFont.boldSystemFont(ofSize: size) : UIFont.systemFont(ofSize: size)
    return NSAttributedString(string: text, attributes: [.font: font].merging(more) { $1 })
}

/// A text node showing `text`.
func textNode(_ text: NSAttributedString) -> CompatTextNode {
    let node = CompatTextNode()
    node.attributedText = text
    return node
}

private let unbounded = range(0, 0, .infinity, .infinity)

@Suite("ASTextNode")
struct TextNodeTests {
    @Test func systemFontIsDejaVuSans() {
        let font = UIFont.systemFont(ofSize: 17)
        #expect(font.familyName == "DejaVu Sans")
        #expect(abs(font.ascender - 17 * 1901 / 2048) < 1e-9)
        #expect(abs(font.descender + 17 * 483 / 2048) < 1e-9)
        #expect(abs(font.lineHeight - 17 * 2384 / 2048) < 1e-9)
        #expect(UIFont.preferredFont(forTextStyle: .body).pointSize == 17)
        #expect(UIFont.preferredFont(forTextStyle: .caption2).pointSize == 11)
        #expect(UIFont(name: "No Such Family", size: 12) == nil)
        #expect(UIFont(name: "DejaVu Sans", size: 12)?.familyName == "DejaVu Sans")
    }

    @Test func registeredFontFilesAreFoundByName() throws {
        // An app's bundled font: a copy of DejaVu Sans Mono under a brand name, registered, is found by its file
        // name and by its family; a file that is not a font is refused.
        let source = try Font(family: "DejaVu Sans Mono").path
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("UIFontTests-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let copy = directory.appendingPathComponent("BrandMono-Regular.ttf")
        try FileManager.default.copyItem(atPath: source, toPath: copy.path)
        #expect(UIFont(name: "BrandMono-Regular", size: 12) == nil)
        #expect(try UIFont.register(fontFile: copy.path) == "DejaVu Sans Mono")
        #expect(UIFont(name: "BrandMono-Regular", size: 12)?.familyName == "DejaVu Sans Mono")
        let notAFont = directory.appendingPathComponent("notes.ttf")
        try Data("not a font".utf8).write(to: notAFont)
        #expect(throws: (any Error).self) { try UIFont.register(fontFile: notAFont.path) }
    }

    @Test func boldIsTheBoldFace() {
        // "Jane Doe" at 15: 74.71 wide in bold (pango-view, DejaVu Sans Bold), narrower in the regular face.
        let bold = textNode(attributed("Jane Doe", size: 15, bold: true))
        #expect(bold.layoutThatFits(unbounded).size == CGSize(width: 75, height: 18))
        #expect(UIFont.systemFont(ofSize: 15, weight: .heavy).familyName == "DejaVu Sans")
    }

    @Test func paragraphLineSpacingAndMaximumLineHeight() {
        // Two paragraphs, two lines: 2 × 19.79 + 4 of line spacing = 43.58, so 44. A maximum line height of 15
        // (below the font's 19.79) makes each line 15: 30 + 4 = 34.
        let style = NSMutableParagraphStyle()
        style.lineSpacing = 4
        let spaced = textNode(attributed("Hello\nHello", size: 17, [.paragraphStyle: style]))
        #expect(spaced.layoutThatFits(unbounded).size == CGSize(width: 44, height: 44))
        style.maximumLineHeight = 15
        let capped = textNode(attributed("Hello\nHello", size: 17, [.paragraphStyle: style.copy()]))
        #expect(capped.layoutThatFits(unbounded).size == CGSize(width: 44, height: 34))
    }

    @Test func oneLineIsItsAdvancesAndOneLineHigh() {
        // 43.09 wide, 17 × 2384 / 2048 = 19.79 high: 44×20.
        let node = textNode(attributed("Hello", size: 17))
        #expect(node.layoutThatFits(unbounded).size == CGSize(width: 44, height: 20))
        #expect(node.lineCount == 1)
        // ASTextNode2 is the same type.
        let second: ASTextNode2 = node
        #expect(second === node)
    }

    @Test func ascenderAndDescenderAsTextureSetsThem() {
        // The first character's font's ascender and the last one's descender.
        let node = textNode(attributed("Hello", size: 17))
        #expect(abs(node.style.ascender - 17 * 1901 / 2048) < 1e-9)
        #expect(abs(node.style.descender + 17 * 483 / 2048) < 1e-9)
        // With a paragraph style: its line height (the font's 19.79, raised to the minimum 30) plus the descender.
        let style = NSMutableParagraphStyle()
        style.minimumLineHeight = 30
        let tall = textNode(attributed("Hello", size: 17, [.paragraphStyle: style]))
        #expect(abs(tall.style.ascender - (30 - 17 * 483 / 2048)) < 1e-9)
        // The line is 30 high.
        #expect(tall.layoutThatFits(unbounded).size == CGSize(width: 44, height: 30))
    }

    @Test func kernAndInsets() {
        // Kern adds 2 after each of the five characters: 43.09 + 10 = 53.09, so 54. Insets 4/8 add 16 and 8.
        let kerned = textNode(attributed("Hello", size: 17, [.kern: 2]))
        #expect(kerned.layoutThatFits(unbounded).size == CGSize(width: 54, height: 20))
        let inset = textNode(attributed("Hello", size: 17))
        inset.textContainerInset = UIEdgeInsets(top: 4, left: 8, bottom: 4, right: 8)
        #expect(inset.layoutThatFits(unbounded).size == CGSize(width: 44 + 16, height: 20 + 8))
    }

    @Test func maximumNumberOfLinesTruncatesAtTheTail() {
        // At 351 points Pango wraps this 15-point text into four lines; two are kept, 2 × 17.46 = 34.92 high.
        let body =
            "Spent the afternoon at the lake with the dogs. The water was cold but they did not care at all, "
            + "and neither did we. Back next weekend with a picnic and a better camera."
        let node = textNode(attributed(body, size: 15))
        #expect(node.layoutThatFits(range(0, 0, 351, .infinity)).size.height == 70)  // 4 × 17.46 = 69.84
        #expect(node.lineCount == 4)
        node.maximumNumberOfLines = 2
        node.truncationMode = .byTruncatingTail
        let size = node.layoutThatFits(range(0, 0, 351, .infinity)).size
        #expect(size.height == 35)
        #expect(size.width <= 351)
        #expect(node.lineCount == 2)
    }

    @Test func emptyTextIsItsFarInsets() {
        // No lines: Texture's bounding rectangle is empty at the origin, grown by the insets, and only its far
        // edges count, so the size is the right and bottom insets.
        let node = CompatTextNode()
        #expect(node.layoutThatFits(range(0, 0, 100, 100)).size == .zero)
        node.attributedText = NSAttributedString(string: "")
        node.textContainerInset = UIEdgeInsets(top: 4, left: 8, bottom: 6, right: 10)
        #expect(node.layoutThatFits(range(0, 0, 100, 100)).size == CGSize(width: 10, height: 6))
    }
}

@Suite("ASTextCellNode and button titles")
struct TextContainerNodeTests {
    @Test func textCellInsetsItsText() {
        // Texture's defaults: the system font at 18 points (20.95 → 21 high), insets 11 above and below, 15 at the
        // sides. In a list 320 wide the text node gets exactly 290 wide.
        let cell = ASTextCellNode()
        cell.text = "Settings"
        let layout = cell.layoutThatFits(range(320, 0, 320, .infinity))
        #expect(layout.size == CGSize(width: 320, height: 21 + 22))
        #expect(layout.frame(for: cell.textNode) == rect(15, 11, 290, 21))
        // Unconstrained, its width is the text's, 73.83 → 74, plus 30.
        #expect(cell.layoutThatFits(unbounded).size == CGSize(width: 74 + 30, height: 43))
    }

    @Test func buttonTitleBesideItsImage() {
        // setTitle without a font uses the system font at 18 (buttonFontSize): "Follow" is 56.46 → 57 wide, 21
        // high. Image 24×24, 8 apart: 24 + 8 + 57 = 89 wide, 24 high; the title centred across, (24 − 21) / 2.
        let button = ASButtonNode()
        button.setImage(UIImage(size: CGSize(width: 24, height: 24)), for: .normal)
        button.setTitle("Follow", with: nil, with: .blue, for: .normal)
        let layout = button.layoutThatFits(range(0, 0, 320, 100))
        #expect(layout.size == CGSize(width: 89, height: 24))
        #expect(layout.frame(for: button.imageNode) == rect(0, 0, 24, 24))
        #expect(layout.frame(for: button.titleNode) == rect(32, 1.5, 57, 21))
        // Image after the title; stacked vertically: 57 wide, 21 + 8 + 24 = 53 high, both centred across.
        button.imageAlignment = .end
        button.laysOutHorizontally = false
        let stacked = button.layoutThatFits(range(0, 0, 320, 100))
        #expect(stacked.size == CGSize(width: 57, height: 53))
        #expect(stacked.frame(for: button.titleNode) == rect(0, 0, 57, 21))
        #expect(stacked.frame(for: button.imageNode) == rect(16.5, 29, 24, 24))
    }
}
