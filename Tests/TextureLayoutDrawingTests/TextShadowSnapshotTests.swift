// A text node's shadows in its picture: the node's own shadow properties and an NSShadow in its attributed text,
// cast by the glyphs, never by the box. DejaVu Sans Mono at 20.48 points (found on the system, never committed):
// "m" is 12.33 points wide and its line 23.84 tall. Pictures are at scale 2. With no blur, a shadow is the glyph's
// coverage moved by the offset, so the centroid of the shadow's ink lies exactly the offset (in pixels) from the
// glyph's.

import Foundation
import Testing
import TextureLayoutDrawing

@Suite struct TextShadowSnapshotTests {
    /// "m" in DejaVu Sans Mono at 20.48 points.
    func mono(_ more: [NSAttributedString.Key: Any] = [:]) throws -> NSAttributedString {
        let font = try #require(UIFont(name: "DejaVu Sans Mono", size: 20.48))
        return NSAttributedString(string: "m", attributes: [.font: font].merging(more) { $1 })
    }

    /// The alpha-weighted centroid, in pixels, of the picture's pixels that `belongs` says are of one kind, and
    /// the largest alpha among them.
    func ink(_ image: UIImage, _ belongs: (Pixel) -> Bool) throws -> (x: Double, y: Double, maxAlpha: Int) {
        let bitmap = try #require(image.bitmap)
        var sum = 0.0, x = 0.0, y = 0.0, maxAlpha = 0
        for row in 0..<bitmap.height {
            for column in 0..<bitmap.width {
                let pixel = image.pixel(column, row)
                guard pixel.a > 0, belongs(pixel) else { continue }
                sum += Double(pixel.a)
                x += Double(pixel.a) * (Double(column) + 0.5)
                y += Double(pixel.a) * (Double(row) + 0.5)
                maxAlpha = max(maxAlpha, pixel.a)
            }
        }
        try #require(sum > 0)
        return (x / sum, y / sum, maxAlpha)
    }

    /// Black text (premultiplied: no colour at all) and a shadow of pure red or blue never overlap here.
    static func isGlyph(_ pixel: Pixel) -> Bool { pixel.r == 0 && pixel.g == 0 && pixel.b == 0 }

    @Test func theNodesShadowIsCastByItsGlyphsAndPadsTheNode() throws {
        let node = ASTextNode()
        node.attributedText = try mono()
        node.shadowColor = UIColor.red.cgColor
        node.shadowOpacity = 0.5
        node.shadowRadius = 0
        node.shadowOffset = CGSize(width: 16, height: 30)
        // Texture's padding: bottom min(0, −30 − 0) = −30, right min(0, −16 − 0) = −16, top and left 0: the node
        // is ⌈12.33 + 16⌉ × ⌈23.84 + 30⌉, and the glyph is where it would be without the shadow.
        _ = node.layoutThatFits(ASSizeRangeMake(.zero, CGSize(width: 200, height: 200)))
        #expect(node.calculatedSize == CGSize(width: 29, height: 54))
        node.frame = CGRect(origin: .zero, size: node.calculatedSize)
        let image = try node.snapshotImage(scale: 2)
        let glyph = try ink(image, Self.isGlyph)
        let shadow = try ink(image) { $0.r > 0 && $0.g == 0 && $0.b == 0 }
        // The offset, (16, 30) points, is (32, 60) pixels.
        #expect(abs(shadow.x - glyph.x - 32) < 0.05 && abs(shadow.y - glyph.y - 60) < 0.05, "\(glyph) \(shadow)")
        // Red at the opacity: 0.5 × 255 where the glyph covers a pixel wholly.
        #expect(abs(shadow.maxAlpha - 128) <= 1)
        #expect(glyph.maxAlpha == 255)
        // The box casts nothing: (28.5, 53) is inside the box moved by the offset, past the glyph's shadow.
        #expect(image.pixel(at: 28.5, 53) == .clear)
    }

    @Test func anNSShadowIsCastByItsRunWithinTheNodesBounds() throws {
        let shadow = NSShadow()
        shadow.shadowOffset = CGSize(width: 16, height: 30)
        shadow.shadowColor = UIColor(red: 0, green: 0, blue: 1, alpha: 0.5)
        let node = ASTextNode()
        node.attributedText = try mono([.shadow: shadow])
        // An NSShadow pads nothing: the text alone is 13 × 24 and its shadow would fall outside it, clipped as
        // Texture draws a node's contents within its bounds. A larger node shows it.
        #expect(
            node.layoutThatFits(ASSizeRangeMake(.zero, CGSize(width: 200, height: 200))).size
                == CGSize(width: 13, height: 24))
        node.style.preferredSize = CGSize(width: 40, height: 60)
        let image = try laidOut(node, 40, 60).snapshotImage(scale: 2)
        let glyph = try ink(image, Self.isGlyph)
        let cast = try ink(image) { $0.b > 0 && $0.r == 0 && $0.g == 0 }
        #expect(abs(cast.x - glyph.x - 32) < 0.05 && abs(cast.y - glyph.y - 60) < 0.05, "\(glyph) \(cast)")
        #expect(abs(cast.maxAlpha - 128) <= 1)
    }
}
