// UIKit's decoration attributes on ASTextNode's attributed text become the text module's decorations. Positions by
// hand from DejaVu Sans (the system font here): 2048 units per em, hhea ascender 1901, `post` underline top −40
// and 90 thick, `OS/2` strikeout top 530 and 102 thick; at 20.48 points a unit is 0.01 points.

import Foundation
import Testing
import TextureLayout
import TextureLayoutCompat
import TextureLayoutPaint
import TextureLayoutText

@Suite struct TextDecorationAttributeTests {
    /// The decorations of the one line `text` lays out as.
    func decorations(_ text: NSAttributedString) throws -> [TextDecoration] {
        let node = textNode(text)
        _ = node.layoutThatFits(range(0, 0, 1000, 1000))
        return try #require(node.lines.first).decorations
    }

    @Test func underlineStrikethroughAndBackgroundAttributesAreDrawn() throws {
        let text = NSMutableAttributedString(
            attributedString: attributed(
                "ab", size: 20.48,
                [
                    .underlineStyle: NSUnderlineStyle.double.rawValue, .underlineColor: UIColor.red,
                    .backgroundColor: UIColor.blue,
                ]))
        text.append(
            attributed("cd", size: 20.48, [.strikethroughStyle: NSNumber(value: NSUnderlineStyle.thick.rawValue)]))
        let found = try decorations(text)
        let baseline = 19.01
        // "ab": its background (the line's 23.84 points), then two underline strokes 0.9 thick, one thickness
        // apart, from 0.4 under the baseline; "cd": a strikethrough 2 × 1.02 thick centred where the single one (5.3
        // above the baseline, 1.02 thick) is.
        #expect(found.map(\.kind) == [.background, .line, .line, .line])
        #expect(found.map(\.color) == [RGBA(0, 0, 255), RGBA(255, 0, 0), RGBA(255, 0, 0), .black])
        let expected: [(y: Double, height: Double)] = [
            (0, 23.84), (baseline + 0.4, 0.9), (baseline + 2.2, 0.9),
            (baseline - 5.3 - 0.51, 2.04),
        ]
        for (decoration, want) in zip(found, expected) {
            #expect(
                abs(decoration.rect.minY - want.y) < 1e-9 && abs(decoration.rect.height - want.height) < 1e-9,
                "\(decoration.rect)")
        }
        // The strikethrough starts where "ab" ends.
        #expect(abs(found[3].rect.minX - found[0].rect.maxX) < 1e-9)
    }

    @Test func noStyleOrStyleZeroDrawsNothing() throws {
        #expect(try decorations(attributed("ab", size: 17)).isEmpty)
        #expect(try decorations(attributed("ab", size: 17, [.underlineStyle: 0, .strikethroughStyle: 0])).isEmpty)
    }
}
