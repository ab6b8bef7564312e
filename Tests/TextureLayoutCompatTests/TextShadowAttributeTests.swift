// ASTextNode's shadow properties and NSShadow in its attributed text. Geometry by hand from DejaVu Sans Mono (found on
// the system, never committed): 2048 units per em, hhea 1901 / −483, every glyph 1233 units wide. At 20.48 points a
// character is 12.33 points wide and a line 23.84 points tall, its baseline 19.01 below its top. Sizes are rounded
// up to whole points, as a text node's are.

import Foundation
import Testing
import TextureLayout
import TextureLayoutCompat
import TextureLayoutPaint
import TextureLayoutText

@Suite struct TextShadowAttributeTests {
    /// `text` in DejaVu Sans Mono at 20.48 points.
    func mono(_ text: String, _ more: [NSAttributedString.Key: Any] = [:]) throws -> NSAttributedString {
        let font = try #require(UIFont(name: "DejaVu Sans Mono", size: 20.48))
        return NSAttributedString(string: text, attributes: [.font: font].merging(more) { $1 })
    }

    /// A text node of `text` casting Texture's shadow of radius 3 and offset (2, 5), black, opaque.
    func shadowed(_ text: NSAttributedString) -> CompatTextNode {
        let node = textNode(text)
        node.shadowOpacity = 1
        node.shadowRadius = 3
        node.shadowOffset = CGSize(width: 2, height: 5)
        return node
    }

    @Test func theShadowPadsTheSizeAsTexturesTextKitShadowerDoes() throws {
        // ASTextKitShadower's padding for radius 3 and offset (2, 5): top min(0, 5 − 3) = 0, left min(0, 2 − 3)
        // = −1, bottom min(0, −5 − 3) = −8, right min(0, −2 − 3) = −5. The renderer lays the text out in the
        // constrained width less 1 + 5: "mmm mmm" is 7 × 12.33 = 86.31 wide, which fits 90 but not 84.
        let plain = textNode(try mono("mmm mmm"))
        #expect(plain.layoutThatFits(range(0, 0, 90, .infinity)).size == CGSize(width: 87, height: 24))
        #expect(plain.lineCount == 1)

        let node = shadowed(try mono("mmm mmm"))
        #expect(node.shadowPadding == UIEdgeInsets(top: 0, left: -1, bottom: -8, right: -5))
        // Two lines of "mmm": ⌈36.99 + 1 + 5⌉ × ⌈2 × 23.84 + 0 + 8⌉.
        #expect(node.layoutThatFits(range(0, 0, 90, .infinity)).size == CGSize(width: 43, height: 56))
        #expect(node.lines.map(\.text) == ["mmm", "mmm"])
        // The lines move right by the left padding and down by the top one.
        let first = try #require(node.lines.first)
        #expect(abs(first.frame.minX - 1) < 1e-9 && abs(first.frame.minY) < 1e-9)
        #expect(abs(first.baseline - 19.01) < 1e-9)
    }

    @Test func aShadowUpAndLeftMovesTheTextDownAndRight() throws {
        // Radius 2, offset (−6, −4): top −(2 + 4), left −(2 + 6), bottom min(0, 4 − 2) = 0, right min(0, 6 − 2) = 0.
        let node = textNode(try mono("mm"))
        node.shadowOpacity = 0.5
        node.shadowRadius = 2
        node.shadowOffset = CGSize(width: -6, height: -4)
        #expect(node.shadowPadding == UIEdgeInsets(top: -6, left: -8, bottom: 0, right: 0))
        // ⌈24.66 + 8⌉ × ⌈23.84 + 6⌉
        #expect(node.layoutThatFits(range(0, 0, 200, .infinity)).size == CGSize(width: 33, height: 30))
        #expect(node.lines.first?.frame.origin == Point(8, 6))
    }

    @Test func settingTheShadowAfterMeasuringMeasuresAgain() throws {
        // An erratum: Texture's setters only redraw, keeping a size measured before the change.
        let node = textNode(try mono("mmm"))
        #expect(node.layoutThatFits(range(0, 0, 200, .infinity)).size == CGSize(width: 37, height: 24))
        node.shadowOpacity = 1  // Core Animation's default shadow: radius 3, offset (0, −3): 3 / 6 / 0 / 3
        #expect(node.layoutThatFits(range(0, 0, 200, .infinity)).size == CGSize(width: 43, height: 30))
        node.shadowOpacity = 0
        #expect(node.layoutThatFits(range(0, 0, 200, .infinity)).size == CGSize(width: 37, height: 24))
    }

    @Test func aShadowThatDoesNotDrawPadsNothing() throws {
        // ASTextKitShadower draws (and pads) only with some opacity, a colour that is not transparent, and a radius
        // or an offset.
        let transparent = shadowed(try mono("mmm"))
        transparent.shadowColor = CGColor(red: 0, green: 0, blue: 0, alpha: 0)
        let still = shadowed(try mono("mmm"))
        still.shadowRadius = 0
        still.shadowOffset = .zero
        let none = shadowed(try mono("mmm"))
        none.shadowColor = nil
        for node in [transparent, still, none] {
            #expect(node.shadowPadding == UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0))
            #expect(node.layoutThatFits(range(0, 0, 200, .infinity)).size == CGSize(width: 37, height: 24))
        }
    }

    @Test func theTextsShadowIsNotItsBoxs() throws {
        let node = shadowed(try mono("mmm"))
        // The glyphs cast it, with the colour's alpha times the opacity; the node's paint casts none.
        #expect(node.visibleShadow == Shadow(color: .black, opacity: 1, offset: Point(2, 5), radius: 3))
        #expect(!node.paint.shadow.isVisible)
        // Any other node keeps its box shadow.
        let box = ASDisplayNode()
        box.shadowOpacity = 1
        #expect(box.paint.shadow.isVisible)
    }

    @Test func nsShadowIsCastByItsRunsGlyphsWithoutChangingTheSize() throws {
        let shadow = NSShadow()
        shadow.shadowOffset = CGSize(width: 4, height: 3)
        shadow.shadowBlurRadius = 2
        shadow.shadowColor = UIColor.blue
        let text = NSMutableAttributedString(attributedString: try mono("mm", [.shadow: shadow]))
        text.append(try mono("m"))
        let node = textNode(text)
        // Neither of Texture's text nodes measures a string's own shadows: 3 × 12.33 = 36.99 by one line.
        #expect(node.layoutThatFits(range(0, 0, 200, .infinity)).size == CGSize(width: 37, height: 24))
        let runs = try #require(node.lines.first).glyphRuns
        #expect(runs.map(\.glyphs.count) == [2, 1])
        #expect(runs[0].shadow == Shadow(color: RGBA(0, 0, 255), opacity: 1, offset: Point(4, 3), radius: 2))
        #expect(runs[1].shadow == nil)
    }

    @Test func nsShadowsDefaultColourIsAThirdBlackAndNilDrawsNone() throws {
        let shadow = NSShadow()
        let node = textNode(try mono("m", [.shadow: shadow]))
        _ = node.layoutThatFits(range(0, 0, 200, .infinity))
        let cast = try #require(node.lines.first?.glyphRuns.first?.shadow)
        #expect(cast.color == RGBA(red: 0, green: 0, blue: 0, alpha: 1.0 / 3))
        #expect(cast.offset == Point(0, 0) && cast.radius == 0)

        shadow.shadowColor = nil
        let without = textNode(try mono("m", [.shadow: shadow]))
        _ = without.layoutThatFits(range(0, 0, 200, .infinity))
        #expect(without.lines.first?.glyphRuns.first?.shadow == nil)
    }
}
