import Foundation
import LayoutDocument
import LayoutJSON
import LayoutRendering
import Testing
import TextureLayout
import TextureLayoutPaint

/// Frames far outside the canvas (a `layoutPosition` of ±1e300 inside an absolute spec is a valid layout) and
/// sizes near the engine's 10⁷-point limit: every renderer draws them without trapping and in time proportional
/// to the canvas.
@Suite struct FarFrameTests {
    /// An absolute spec with a finite size range, a node far away on one axis and one near the size limit.
    static func document(x: Double, y: Double) -> String {
        #"""
        {"sizeRange": {"max": [100, 80]}, "root": {"type": "absolute", "name": "abs", "children": [
          {"type": "node", "name": "far", "size": [10, 10], "style": {"layoutPosition": [\#(x), \#(y)]}},
          {"type": "node", "name": "huge", "size": [9999999, 9999998], "color": "#ffd6a5",
           "style": {"layoutPosition": [-9999000, -9998990]}},
          {"type": "spec", "name": "tall", "style": {"layoutPosition": [50, 50], "width": 9999999, "height": 9999999}},
          {"type": "node", "name": "here", "size": [20, 20], "style": {"layoutPosition": [10, 10]}, "color": "#123"}]}}
        """#
    }

    static let positions: [(Double, Double)] = [(0, 1e300), (0, -1e300), (1e300, 0), (-1e300, 0), (1e300, -1e300)]

    @Test(arguments: positions)
    func everyFormatDrawsFarFrames(x: Double, y: Double) throws {
        let result = try layOut(Self.document(x: x, y: y))
        #expect(result.size == Size(100, 80))
        let far = try #require(result.frames["far"])
        #expect(far.minX == x && far.minY == y)
        // An absolute spec gives a child at most its own max minus the child's position.
        #expect(result.frames["huge"] == Rect(x: -9_999_000, y: -9_998_990, width: 9_999_100, height: 9_999_070))
        for format in PictureFormat.allCases {
            #expect(!format.render(result).isEmpty, "\(format)")
        }

        // SVG: the far node is drawn clamped, its tooltip still gives the computed frame.
        let svg = SVGRenderer.render(result, options: .init(debug: true))
        #expect(svg.contains("<title>far (node) root.children[0]: [\(format(x)), \(format(y)), "))
        #expect(!svg.contains("e+300\" "), "no attribute holds the far coordinate")
        #expect(svg.contains(##"<rect x="10" y="10" width="20" height="20" fill="#112233"/>"##))

        // PNG: the canvas at scale 2, the near node where it belongs over the huge one.
        let png = try DecodedPNG(PictureFormat.png.render(result, options: .init(debug: true)))
        #expect(png.width == 200 && png.height == 160)
        #expect(png.pixel(150, 60) == RGBA(0xFF, 0xD6, 0xA5))  // (75, 30): only the huge node is there

        // ASCII: the near node and the edges of the canvas-filling huge node.
        let ascii = ASCIIRenderer.render(result, maxColumns: 51)
        #expect(ascii.hasPrefix("# 100 x 80 points; one character is 2 x 4 points\n"))
        #expect(ascii.contains("+here"))
    }

    @Test func picturesClampFramesToTheCanvasOnce() throws {
        let picture = LayoutPicture(try layOut(Self.document(x: -1e300, y: 1e300)))
        let margin = LayoutPicture.margin(for: picture.size)
        for item in picture.items {
            let f = item.frame
            #expect(f.minX >= -margin && f.maxX <= picture.size.width + margin, "\(item.name ?? item.type)")
            #expect(f.minY >= -margin && f.maxY <= picture.size.height + margin, "\(item.name ?? item.type)")
        }
        let far = try #require(picture.items.first { $0.name == "far" })
        #expect(far.layoutFrame.minX == -1e300 && far.layoutFrame.minY == 1e300)
        #expect(far.frame == Rect(x: -margin, y: 80 + margin, width: 0, height: 0))
        // Clamping does not turn a frame into a zero-size mark.
        let huge = try #require(picture.items.first { $0.name == "huge" })
        #expect(huge.frame == Rect(x: -margin, y: -margin, width: 100 + margin, height: 80 + margin))
        #expect(!huge.isZeroSize)
        let off = LayoutPicture(
            size: Size(10, 10), scale: 2,
            items: [
                .init(frame: Rect(x: 1e6, y: 0, width: 5, height: 5), isNode: true, type: "node")
            ]
        ).items[0]
        #expect(off.frame.width == 0 && !off.isZeroSize)
        // Frames on the canvas keep exactly their computed numbers.
        let here = try #require(picture.items.first { $0.name == "here" })
        #expect(here.frame == here.layoutFrame)
    }

    /// Items built by hand may hold anything, NaN and infinities included; the canvas too.
    @Test func nonFiniteFramesAndCanvasesDoNotTrap() {
        let values: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, .greatestFiniteMagnitude]
        var items: [LayoutPicture.Item] = []
        for (index, value) in values.enumerated() {
            items.append(
                .init(
                    frame: Rect(x: value, y: 1, width: 5, height: 5), isNode: true, type: "node",
                    name: "n\(index)", fill: RGBA(1, 2, 3)))
            items.append(
                .init(
                    frame: Rect(x: 1, y: value, width: value, height: value), isNode: false,
                    type: "spec", name: "s\(index)"))
            items.append(
                .init(
                    frame: Rect(x: value, y: value, width: 0, height: value), isNode: true,
                    type: "node", name: "z\(index)", fill: RGBA(4, 5, 6)))
        }
        // The odd canvases become 0 x 10⁷: a small scale keeps their PNG small.
        for (size, scale) in [
            (Size(40, 30), 2.0), (Size(.nan, .infinity), 1e-4), (Size(-5, 1e300), 1e-4),
            (Size(0, 0), 2),
        ] {
            let picture = LayoutPicture(size: size, scale: scale, items: items)
            #expect(picture.size.width.isFinite && picture.size.height.isFinite)
            #expect(picture.items.allSatisfy { !$0.frame.minX.isNaN && $0.frame.width.isFinite })
            #expect(SVGRenderer.render(picture).hasSuffix("</svg>\n"))
            #expect(!PNGRenderer.render(picture).isEmpty)
            #expect(ASCIIRenderer.render(picture).hasPrefix("# "))
        }
    }

    @Test func canvasesNearTheSizeLimit() throws {
        // A root just under 10⁷ points each way: drawn as SVG and ASCII; the PNG would be reduced to the pixel cap
        // (drawing 16 million pixels is left to the command-line tests' smaller cases).
        let result = try layOut(
            #"""
            {"sizeRange": {"min": [9999999, 9999999], "max": [9999999, 9999999]}, "root": {"type": "absolute",
              "children": [{"type": "node", "name": "big", "size": [9999997, 9999997], "style": {"layoutPosition": [1, 1]}},
                {"type": "node", "name": "far", "size": [1, 1], "style": {"layoutPosition": [1e300, -1e300]}}]}}
            """#)
        #expect(result.size == Size(9_999_999, 9_999_999))
        #expect(SVGRenderer.render(result).contains(#"width="9999999" height="9999999""#))
        let ascii = ASCIIRenderer.render(result)
        #expect(ascii.hasPrefix("# 9999999 x 9999999 points; "))
        #expect(ascii.split(separator: "\n").allSatisfy { $0.count <= ASCIIRenderer.defaultMaxColumns })
        let (width, height) = PNGRenderer.pixelSize(of: result.size, scale: 2)
        #expect(width * height <= PNGRenderer.maxPixels)
    }
}

@Suite struct PixelCapTests {
    /// Every shape stays within the cap in whole pixels, a zero side included (it still takes a row or column of
    /// pixels), and no scale overflows.
    @Test(arguments: [
        (Size(0, 1000), 1e5), (Size(1000, 0), 1e5), (Size(0, 0), 1e5), (Size(9_999_999, 0), 2),
        (Size(9_999_999, 1), 2), (Size(9_999_999, 9_999_999), 2), (Size(375, 200_000), 2), (Size(0.5, 1e6), 1e3),
        (Size(1000, 1000), 1e300), (Size(1000, 1000), .greatestFiniteMagnitude), (Size(1e-300, 1e-300), 1e300),
    ])
    func imagesStayWithinThePixelCap(size: Size, scale: Double) {
        let s = PNGRenderer.pixelScale(for: size, scale: scale)
        #expect(s > 0 && s <= scale && s.isFinite)
        let (width, height) = PNGRenderer.pixelSize(of: size, scale: scale)
        #expect(width * height <= PNGRenderer.maxPixels, "\(width) x \(height)")
        #expect(width <= PNGRenderer.maxSide && height <= PNGRenderer.maxSide, "\(width) x \(height)")
    }

    @Test func aZeroSideNoLongerBypassesTheCap() {
        // Before: the area 0 · 1000 · s² was 0, so the scale stayed 1e5 and the image was 1 × 10⁸ pixels.
        let s = PNGRenderer.pixelScale(for: Size(0, 1000), scale: 1e5)
        #expect(1000 * s <= Double(PNGRenderer.maxSide))
        #expect(1000 * s >= Double(PNGRenderer.maxSide) * 0.99)
    }

    @Test func smallPicturesKeepTheirScale() {
        #expect(PNGRenderer.pixelScale(for: Size(100, 100), scale: 2) == 2)
        #expect(PNGRenderer.pixelScale(for: Size(0, 0), scale: 3) == 3)
        #expect(PNGRenderer.pixelScale(for: Size(10, 10), scale: 0) == 1)
    }

    @Test func linesAndOutlinesFarOutsideAreClipped() throws {
        let black = RGBA(0, 0, 0), white = RGBA(255, 255, 255)
        func draw(_ commands: [DisplayCommand]) throws -> DecodedPNG {
            try DecodedPNG(
                PNGRenderer.render(
                    [DisplayList(size: Size(8, 8), commands: commands)], scale: 1,
                    background: white))
        }
        // Pictures clamp frames to the canvas plus a margin (here 24 points); a command that is not finite is
        // left out and spoils nothing drawn after it.
        let line = try draw([
            .line(from: Point(.nan, 0), to: Point(1, .infinity), black, width: 1),
            .outline(Rect(x: .nan, y: 0, width: 1, height: .infinity), black, width: 1, dash: nil),
            .line(from: Point(-24, -24), to: Point(32, 32), black, width: 1),
        ])
        #expect(line.pixel(4, 4).red < 0x80 && line.pixel(7, 0) == white)
        // An outline is a band inside the rectangle's edge: the top edge of one starting 2 points down.
        let outline = try draw([.outline(Rect(x: -24, y: 2, width: 56, height: 30), black, width: 1, dash: nil)])
        #expect((0..<8).allSatisfy { outline.pixel($0, 2) == black })
        #expect(outline.pixel(4, 3) == white && outline.pixel(4, 1) == white)
    }
}

@Suite struct PictureOptionsTests {
    @Test func asciiColumnsAreAnOptionOfTheFormat() throws {
        let result = try layOutExample("feed-cell")
        let bytes = PictureFormat.ascii.render(result, options: .init(maxColumns: 21))
        #expect(String(decoding: bytes, as: UTF8.self) == ASCIIRenderer.render(result, maxColumns: 21))
        #expect(PictureFormat.ascii.render(result) == Array(ASCIIRenderer.render(result).utf8))
        // Other formats ignore it.
        #expect(PictureFormat.svg.render(result, options: .init(maxColumns: 21)) == PictureFormat.svg.render(result))
    }

    @Test func trimmingSpacesKeepsOtherWhitespace() {
        #expect("  a b  ".trimmingSpaces() == "a b")
        #expect("\ta ".trimmingSpaces() == "\ta")
        #expect("   ".trimmingSpaces() == "")
        #expect("x".dropFirst().trimmingSpaces() == "")
    }
}
