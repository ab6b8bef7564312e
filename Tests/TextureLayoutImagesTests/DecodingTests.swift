import Foundation
import Testing
import TextureLayoutImages

/// The images of `Images/`, written by Scripts/make-test-images.py: each shows the same quadrants, red and blue on
/// the left (top, bottom), green and white on the right; files with alpha make the white quadrant alpha 128.
enum TestImages {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Images")

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    /// The colour of the quadrant at a point of the 8×6 picture (or one scaled from it).
    static func quadrant(x: Int, y: Int, width: Int, height: Int) -> (Int, Int, Int) {
        if x < width / 2 { return y < height / 2 ? (255, 0, 0) : (0, 0, 255) }
        return y < height / 2 ? (0, 255, 0) : (255, 255, 255)
    }
}

@Suite struct DecodingTests {
    /// Checks every pixel of an 8×6 PNG against the quadrants (exact but for one step of rounding).
    func expectQuadrants(
        _ name: String, grey: Bool = false, alphaInWhite: Int = 255, blackAndWhite: Bool = false
    )
        throws
    {
        let image = try DecodedImage(TestImages.bytes(name))
        #expect(image.width == 8 && image.height == 6, "\(name)")
        for y in 0..<6 {
            for x in 0..<8 {
                var (r, g, b) = TestImages.quadrant(x: x, y: y, width: 8, height: 6)
                var a = 255
                if grey {
                    // The grey files' levels: black, a third, two thirds, white (black, black, black, white at 1 bit).
                    let level = x < 4 ? (y < 3 ? 0 : 1) : (y < 3 ? 2 : 3)
                    let value = blackAndWhite ? (level == 3 ? 255 : 0) : level * 85
                    (r, g, b) = (value, value, value)
                }
                if x >= 4 && y >= 3 {
                    a = alphaInWhite
                    (r, g, b) = ((r * a + 127) / 255, (g * a + 127) / 255, (b * a + 127) / 255)
                }
                let p = image.pixel(x: x, y: y)
                let ok =
                    abs(Int(p.red) - r) <= 1 && abs(Int(p.green) - g) <= 1 && abs(Int(p.blue) - b) <= 1
                    && abs(Int(p.alpha) - a) <= 1
                #expect(ok, "\(name) (\(x), \(y)): \(p), expected \((r, g, b, a))")
            }
        }
    }

    @Test func greyscalePNGsOfEveryDepth() throws {
        try expectQuadrants("grey-1.png", grey: true, blackAndWhite: true)
        for depth in [2, 4, 8, 16] { try expectQuadrants("grey-\(depth).png", grey: true) }
        for depth in [8, 16] { try expectQuadrants("grey-alpha-\(depth).png", grey: true, alphaInWhite: 128) }
    }

    @Test func colourPNGs() throws {
        for depth in [8, 16] {
            try expectQuadrants("rgb-\(depth).png")
            try expectQuadrants("rgba-\(depth).png", alphaInWhite: 128)
        }
        try expectQuadrants("rgb-trns.png", alphaInWhite: 0)
    }

    @Test func palettePNGs() throws {
        for depth in [2, 4, 8] { try expectQuadrants("palette-\(depth).png") }
        try expectQuadrants("palette-trns.png", alphaInWhite: 128)
    }

    @Test func interlacedPNGs() throws {
        try expectQuadrants("rgba-8-interlaced.png", alphaInWhite: 128)
        try expectQuadrants("rgb-16-interlaced.png")
        try expectQuadrants("palette-2-interlaced.png")
    }

    /// A JPEG's quadrants, each checked at its middle (away from the blocks' ringing), within 12 of the colour.
    func expectJPEGQuadrants(_ name: String, grey: Bool = false) throws {
        let image = try DecodedImage(TestImages.bytes(name))
        #expect(image.width == 32 && image.height == 24, "\(name): \(image.width)×\(image.height)")
        for (x, y) in [(8, 6), (24, 6), (8, 18), (24, 18)] {
            var (r, g, b) = TestImages.quadrant(x: x, y: y, width: 32, height: 24)
            if grey {
                // Pillow's conversion to grey: L = (299 R + 587 G + 114 B) / 1000.
                let l = (299 * r + 587 * g + 114 * b) / 1000
                (r, g, b) = (l, l, l)
            }
            let p = image.pixel(x: x, y: y)
            let ok =
                abs(Int(p.red) - r) <= 12 && abs(Int(p.green) - g) <= 12 && abs(Int(p.blue) - b) <= 12
                && p.alpha == 255
            #expect(ok, "\(name) (\(x), \(y)): \(p), expected \((r, g, b))")
        }
    }

    @Test func jpegsOfEveryKind() throws {
        try expectJPEGQuadrants("baseline.jpg")
        try expectJPEGQuadrants("progressive.jpg")
        try expectJPEGQuadrants("grey.jpg", grey: true)
        try expectJPEGQuadrants("cmyk.jpg")
    }

    /// Each EXIF orientation's file stores the quadrants turned the other way: decoded, they are upright, 32×24.
    @Test func exifOrientationsAreApplied() throws {
        for value in 1...8 {
            let bytes = try TestImages.bytes("orientation-\(value).jpg")
            let header = try ImageHeader(bytes)
            #expect(header.orientation.rawValue == value)
            #expect(header.width == 32 && header.height == 24, "orientation \(value): \(header.width)×\(header.height)")
            try expectJPEGQuadrants("orientation-\(value).jpg")
        }
    }

    @Test func headersGiveTheSizeWithoutDecoding() throws {
        let png = try ImageHeader(TestImages.bytes("rgba-8.png"))
        #expect(png.format == .png && png.width == 8 && png.height == 6)
        #expect(png.orientation == .up)
        let jpeg = try ImageHeader(TestImages.bytes("orientation-6.jpg"))
        #expect(jpeg.format == .jpeg && jpeg.orientation == .right)
        // The chunks before the image data alone (the data cut away, its chunk's length and type kept) give the size.
        let whole = try TestImages.bytes("rgba-8.png")
        let data = try #require(whole.indices.first { Array(whole[$0..<$0 + 4]) == Array("IDAT".utf8) })
        #expect(try ImageHeader(Array(whole.prefix(data + 4))).width == 8)
        #expect(throws: ImageError.self) { try DecodedImage(Array(whole.prefix(data + 4))) }
    }

    @Test func scalesFromFileNames() {
        #expect(ImageHeader.scale(ofFileNamed: "icons/star@2x.png") == 2)
        #expect(ImageHeader.scale(ofFileNamed: "photo@3x.jpeg") == 3)
        #expect(ImageHeader.scale(ofFileNamed: "photo.jpeg") == 1)
        #expect(ImageHeader.scale(ofFileNamed: "a@2x/photo.png") == 1)
        #expect(ImageHeader.scale(ofFileNamed: "photo@x.png") == 1)
    }
}
