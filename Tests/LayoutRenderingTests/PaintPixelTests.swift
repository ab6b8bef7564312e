import Foundation
import LayoutDocument
import LayoutRendering
import Testing
import TextureLayout
import TextureLayoutPaint

/// PNG pixels at positions worked out by hand from the contract's "Paint": a pixel's centre is at
/// ((x + 0.5) / scale, (y + 0.5) / scale) points; every document here is drawn at scale 2.
@Suite struct PaintPixelTests {
    func png(_ json: String, background: RGBA? = nil) throws -> DecodedPNG {
        try DecodedPNG(PictureFormat.png.render(try layOut(json), options: .init(background: background)))
    }

    /// Whether two colours differ by at most `tolerance` in every channel.
    func near(_ a: RGBA, _ b: RGBA, _ tolerance: Int = 1) -> Bool {
        abs(Int(a.red) - Int(b.red)) <= tolerance && abs(Int(a.green) - Int(b.green)) <= tolerance
            && abs(Int(a.blue) - Int(b.blue)) <= tolerance && abs(Int(a.alpha) - Int(b.alpha)) <= tolerance
    }

    @Test func roundedCornersLeaveTheCornerEmpty() throws {
        // A 100 × 60 node with corners of 20: the top-left arc's centre is (20, 20).
        let png = try png(
            #"{"root": {"type": "node", "size": [100, 60], "backgroundColor": "red", "cornerRadius": 20}}"#)
        #expect(png.width == 200 && png.height == 120)
        // Pixel (8, 8): centre (4.25, 4.25), 22.3 points from the arc's centre, 2.3 outside its radius.
        #expect(png.pixel(8, 8) == .clear)
        // Pixel (16, 16): centre (8.25, 8.25), 16.6 points from it: inside.
        #expect(png.pixel(16, 16) == RGBA(255, 0, 0))
        // On the straight edges the box is filled to its border: (0, 60) is at (0.25, 30.25).
        #expect(png.pixel(0, 60) == RGBA(255, 0, 0) && png.pixel(199, 60) == RGBA(255, 0, 0))
        // Pixel (0, 0) of the other corners too; maskedCorners squares the ones it leaves out.
        #expect(png.pixel(199, 119) == .clear)
        let masked = try self.png(
            #"""
            {"root": {"type": "node", "size": [100, 60], "backgroundColor": "red", "cornerRadius": 20,
              "maskedCorners": ["topRight"]}}
            """#)
        #expect(masked.pixel(8, 8) == RGBA(255, 0, 0) && masked.pixel(191, 8) == .clear)
    }

    @Test func theBorderIsABandInsideTheEdgeOverTheSubnodes() throws {
        // A 4-point blue border around a red node whose child (green) fills it: the border covers the child.
        let png = try png(
            #"""
            {"root": {"type": "node", "backgroundColor": "red", "borderWidth": 4, "borderColor": "blue",
              "layout": {"type": "node", "size": [50, 40], "backgroundColor": "#00ff00"}}}
            """#)
        // Pixel (4, 40): centre (2.25, 20.25), inside the band (0…4).
        #expect(png.pixel(4, 40) == RGBA(0, 0, 255))
        // Pixel (8, 40): centre (4.25, 20.25), just inside the inner edge: the child.
        #expect(png.pixel(8, 40) == RGBA(0, 255, 0))
        // The bottom band: y from 36 to 40, pixel row 75 is at 37.75.
        #expect(png.pixel(50, 75) == RGBA(0, 0, 255) && png.pixel(50, 70) == RGBA(0, 255, 0))
    }

    /// A box's shadow is the box filled with the colour and blurred by a Gaussian of standard deviation
    /// shadowRadius: beside the middle of an edge, at distance d outside it, its alpha is
    /// Φ(−d/σ) · (Φ(h/2σ) − Φ(−h/2σ)) for a box h tall (the far edge adds nothing).
    @Test func theShadowIsTheBoxBlurredByAGaussianOfTheShadowRadius() throws {
        let png = try png(
            #"""
            {"sizeRange": {"min": [120, 120], "max": [120, 120]}, "root": {"type": "absolute", "children": [
              {"type": "node", "size": [20, 20], "style": {"layoutPosition": [50, 50]},
               "shadowOpacity": 1, "shadowOffset": [0, 0], "shadowRadius": 4}]}}
            """#)
        func phi(_ x: Double) -> Double { 0.5 * erfc(-x / 2.squareRoot()) }
        let sigma = 4.0
        let across = phi(10 / sigma) - phi(-10 / sigma)
        // Pixels left of the box's left edge (x = 50 points), on its middle row (y = 60): pixel 119 is at 59.75.
        for column in [92, 94, 96, 98, 100, 102] {
            let x = (Double(column) + 0.5) / 2
            let d = 50 - x
            // Inside the box the alpha is the coverage from both edges: the far edge 20 points away.
            let expected = d > 0 ? phi(-d / sigma) * across : (phi((x - 50) / sigma) - phi((x - 70) / sigma)) * across
            let pixel = png.pixel(column, 119)
            #expect(pixel.red == 0 && pixel.green == 0 && pixel.blue == 0)
            #expect(
                abs(Double(pixel.alpha) - 255 * expected) <= 3, "column \(column): \(pixel.alpha) vs \(255 * expected)")
        }
        // Far from the box (6σ away) nothing is drawn.
        #expect(png.pixel(40, 119) == .clear)
    }

    @Test func alphaIsGroupOpacity() throws {
        // A half-transparent group holding a red node and a blue node over its right half: where they overlap only
        // blue shows, at half opacity, over the white canvas (as one group, not each node at half opacity).
        let png = try png(
            #"""
            {"root": {"type": "node", "alpha": 0.5, "layout": {"type": "wrapper", "children": [
              {"type": "node", "size": [40, 20], "backgroundColor": "red"},
              {"type": "node", "size": [20, 20], "backgroundColor": "blue", "style": {"spacingBefore": 0}}]}}}
            """#, background: RGBA(255, 255, 255))
        // Blue covers 0…20 (the wrapper puts both at the origin), red shows at 20…40.
        #expect(near(png.pixel(10, 20), RGBA(128, 128, 255)))
        #expect(near(png.pixel(60, 20), RGBA(255, 128, 128)))
    }

    @Test func axialGradientsInterpolateAlongTheirLine() throws {
        // Red to blue from the left edge to the right one: at x = 25 points, a quarter of the way.
        let png = try png(
            #"""
            {"root": {"type": "node", "size": [100, 10], "backgroundGradient": {"colors": ["red", "blue"],
              "startPoint": [0, 0.5], "endPoint": [1, 0.5]}}}
            """#)
        // Pixel 49 is at 24.75 points: 0.2475 of the way.
        #expect(near(png.pixel(49, 10), RGBA(192, 0, 63), 2))
        // Past the end points the end colours continue (CAGradientLayer pads).
        let padded = try self.png(
            #"""
            {"root": {"type": "node", "size": [100, 10], "backgroundGradient": {"colors": ["red", "blue"],
              "locations": [0.25, 0.75], "startPoint": [0, 0], "endPoint": [1, 0]}}}
            """#)
        #expect(padded.pixel(10, 10) == RGBA(255, 0, 0) && padded.pixel(190, 10) == RGBA(0, 0, 255))
    }

    @Test func radialGradientsAreEllipsesScaledByTheBox() throws {
        // Centred, radius 0.5 of the unit square: an ellipse of radii 100 and 20 in a 200 × 40 box.
        let png = try png(
            #"""
            {"root": {"type": "node", "size": [200, 40], "backgroundGradient": {"type": "radial",
              "colors": ["white", "black"], "startPoint": [0.5, 0.5], "endPoint": [1, 0.5]}}}
            """#)
        // (150.25, 20.25): 50.25 / 100 and 0.25 / 20 of the radii, t = 0.5027, grey 255 · (1 − t) = 126.8;
        // (100.25, 30.25): 0.25 / 100 and 10.25 / 20, t = 0.5125, grey 124.3.
        #expect(near(png.pixel(300, 40), RGBA(127, 127, 127), 2))
        #expect(near(png.pixel(200, 60), RGBA(124, 124, 124), 2))
    }

    @Test func clipsToBoundsClipsSubnodesToTheRoundedBox() throws {
        let json = #"""
            {"root": {"type": "node", "clipsToBounds": CLIPS, "cornerRadius": 10, "layout": {"type": "node",
              "size": [40, 40], "backgroundColor": "red"}}}
            """#
        let clipped = try png(json.replacingOccurrences(of: "CLIPS", with: "true"))
        let unclipped = try png(json.replacingOccurrences(of: "CLIPS", with: "false"))
        // Pixel (2, 2) at (1.25, 1.25): outside the corner's arc (centre (10, 10), radius 10).
        #expect(clipped.pixel(2, 2) == .clear && unclipped.pixel(2, 2) == RGBA(255, 0, 0))
        #expect(clipped.pixel(40, 40) == RGBA(255, 0, 0))
    }

    @Test func hiddenNodesAndTheirSubtreesAreNotDrawn() throws {
        let png = try png(
            #"""
            {"root": {"type": "node", "hidden": true, "backgroundColor": "red",
              "layout": {"type": "node", "size": [10, 10], "backgroundColor": "blue"}}}
            """#)
        #expect(png.pixel(10, 10) == .clear)
    }

    @Test func textGlyphsAreDrawnInTheirRunsColour() throws {
        let png = try png(##"{"root": {"type": "text", "text": "HHHH", "size": 30, "color": "#008000"}}"##)
        // Somewhere on the first H's stem the ink is the run's colour, fully covered.
        let inked = (0..<png.height).flatMap { y in (0..<png.width).map { png.pixel($0, y) } }
        #expect(inked.contains(RGBA(0, 128, 0)))
        // Partly covered pixels keep the colour (unpremultiplied, within rounding where the coverage is faint).
        #expect(inked.allSatisfy { $0.alpha < 32 || ($0.red == 0 && $0.blue == 0 && abs(Int($0.green) - 128) <= 4) })
    }

    /// Glyphs sit at their measured, fractional positions (not rounded to whole pixels): every "I" of a row, whose
    /// origins fall at different fractions of a pixel, has its ink centred at the same distance from its origin.
    @Test func glyphsKeepTheirFractionalPositions() throws {
        let result = try layOut(#"{"root": {"type": "text", "name": "t", "text": "IIIIIIIII", "size": 19}}"#)
        let run = try #require(result.namedTextLines.first?.lines.first?.glyphRuns.first)
        let png = try DecodedPNG(PictureFormat.png.render(result))
        // The ink of each column, then the runs of inked columns: one per glyph.
        let columns = (0..<png.width).map { x in (0..<png.height).reduce(0.0) { $0 + Double(png.pixel(x, $1).alpha) } }
        var centres: [Double] = []
        var x = 0
        while x < columns.count {
            guard columns[x] > 0 else { x += 1; continue }
            var mass = 0.0, moment = 0.0
            while x < columns.count && columns[x] > 0 {
                mass += columns[x]
                moment += columns[x] * (Double(x) + 0.5)
                x += 1
            }
            centres.append(moment / mass / 2)  // in points
        }
        #expect(centres.count == run.positions.count)
        let offsets = zip(centres, run.positions).map { $0 - $1.x }
        let fractions = Set(run.positions.map { (($0.x * 2).truncatingRemainder(dividingBy: 1) * 100).rounded() })
        #expect(fractions.count > 3, "the origins fall at several fractions of a pixel: \(fractions)")
        #expect(offsets.max()! - offsets.min()! < 0.03, "\(offsets)")
    }
}
