import Foundation
import LayoutDocument
import LayoutRendering
import Testing
import TextureLayout
import TextureLayoutPaint

/// Image elements drawn in PNG, checked at pixels worked out by hand from the contract's "Images": the test image
/// `rgb-8.png` is 8 × 6 pixels of four quadrants (red, green over blue, white), shown at `imageScale` 1 in a
/// 20 × 20 node at scale 1 (a pixel is a point), on a grey canvas.
@Suite struct ImagePixelTests {
    static let images = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TextureLayoutImagesTests/Images").path

    static let red = RGBA(255, 0, 0), green = RGBA(0, 255, 0), blue = RGBA(0, 0, 255), white = RGBA(255, 255, 255)
    static let grey = RGBA(128, 128, 128)

    func png(_ json: String, background: RGBA? = grey) throws -> DecodedPNG {
        let document = try LayoutDocument(json: json, baseFolder: Self.images)
        let result = try document.layout()
        try document.decodeImages()
        return try DecodedPNG(PictureFormat.png.render(result, options: .init(background: background)))
    }

    func node(_ mode: String) -> String {
        #"{"scale": 1, "root": {"type": "image", "src": "rgb-8.png", "contentMode": "\#(mode)", "style": {"width": 20, "height": 20}}}"#
    }

    func near(_ a: RGBA, _ b: RGBA, _ tolerance: Int = 2) -> Bool {
        abs(Int(a.red) - Int(b.red)) <= tolerance && abs(Int(a.green) - Int(b.green)) <= tolerance
            && abs(Int(a.blue) - Int(b.blue)) <= tolerance && abs(Int(a.alpha) - Int(b.alpha)) <= tolerance
    }

    /// For each mode, the image's rectangle in the 20 × 20 bounds, worked out by hand, and pixels that show each
    /// quadrant (away from the quadrants' edges, where filtering blends them) and the canvas.
    @Test func everyContentModePlacesTheImage() throws {
        let (r, g, b, w, c) = (Self.red, Self.green, Self.blue, Self.white, Self.grey)
        let cases: [(mode: String, pixels: [(Int, Int, RGBA)])] = [
            // Stretched to (0, 0, 20, 20): quadrants of 10 × 10.
            ("scaleToFill", [(4, 4, r), (15, 4, g), (4, 15, b), (15, 15, w)]),
            // Scale min(20/8, 20/6) = 2.5: 20 × 15 at y 2.5; rows 0–1 and 18–19 are the canvas.
            ("scaleAspectFit", [(10, 0, c), (10, 19, c), (4, 5, r), (15, 5, g), (4, 14, b), (15, 14, w)]),
            // Scale max(20/8, 20/6) = 10/3: 26.7 × 20 at x −3.3; the quadrants meet at (10, 10).
            ("scaleAspectFill", [(0, 0, r), (19, 0, g), (0, 19, b), (19, 19, w), (7, 7, r), (12, 12, w)]),
            // Its own 8 × 6 at (6, 7).
            ("center", [(6, 7, r), (13, 7, g), (6, 12, b), (13, 12, w), (5, 7, c), (6, 6, c), (14, 13, c)]),
            // At (6, 0).
            ("top", [(6, 0, r), (13, 0, g), (6, 5, b), (13, 5, w), (10, 6, c), (5, 0, c)]),
            // At (6, 14).
            ("bottom", [(6, 14, r), (13, 14, g), (6, 19, b), (13, 19, w), (10, 13, c)]),
            // At (0, 7).
            ("left", [(0, 7, r), (7, 7, g), (0, 12, b), (7, 12, w), (8, 10, c), (0, 6, c)]),
            // At (12, 7).
            ("right", [(12, 7, r), (19, 7, g), (12, 12, b), (19, 12, w), (11, 10, c)]),
            // At (0, 0).
            ("topLeft", [(0, 0, r), (7, 0, g), (0, 5, b), (7, 5, w), (8, 0, c), (0, 6, c)]),
            // At (12, 0).
            ("topRight", [(12, 0, r), (19, 0, g), (12, 5, b), (19, 5, w), (11, 0, c), (19, 6, c)]),
            // At (0, 14).
            ("bottomLeft", [(0, 14, r), (7, 14, g), (0, 19, b), (7, 19, w), (0, 13, c), (8, 19, c)]),
            // At (12, 14).
            ("bottomRight", [(12, 14, r), (19, 14, g), (12, 19, b), (19, 19, w), (11, 19, c), (19, 13, c)]),
        ]
        #expect(cases.count == ContentMode.allCases.count)
        for (mode, pixels) in cases {
            let png = try png(node(mode))
            #expect(png.width == 20 && png.height == 20)
            for (x, y, expected) in pixels {
                #expect(
                    near(png.pixel(x, y), expected), "\(mode) (\(x), \(y)): \(png.pixel(x, y)), expected \(expected)")
            }
        }
    }

    /// The default mode is `scaleAspectFill`, and an image clips to its rounded box by default (ASImageNode's
    /// `clipsToBounds`): a 20 × 20 image with corners of 10 leaves its corners to the canvas.
    @Test func defaultsAreAspectFillAndClipping() throws {
        let png = try png(
            #"{"scale": 1, "root": {"type": "image", "src": "rgb-8.png", "cornerRadius": 10, "style": {"width": 20, "height": 20}}}"#
        )
        #expect(near(png.pixel(0, 0), Self.grey) && near(png.pixel(19, 19), Self.grey))
        #expect(near(png.pixel(4, 5), Self.red) && near(png.pixel(16, 12), Self.white))
    }

    /// `imageScale` divides the pixel size: `@2x` in the name makes 8 × 6 pixels 4 × 3 points; 4 overrides it.
    @Test func imageScaleSizesTheNode() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("image-scale-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(atPath: Self.images + "/rgb-8.png", toPath: folder.path + "/icon@2x.png")
        func size(_ keys: String) throws -> Size {
            let json = #"{"root": {"type": "image", "name": "i", "src": "icon@2x.png"\#(keys)}}"#
            return try LayoutDocument(json: json, baseFolder: folder.path).layout().frames["i"]!.size
        }
        #expect(try size("") == Size(4, 3))
        #expect(try size(#", "imageScale": 4"#) == Size(2, 1.5))
        // Upright size: orientation 6 stores 24 × 32 pixels shown as 32 × 24.
        let json = #"{"root": {"type": "image", "name": "i", "src": "orientation-6.jpg"}}"#
        #expect(try LayoutDocument(json: json, baseFolder: Self.images).layout().frames["i"]!.size == Size(32, 24))
    }

    /// A PNG's transparency composites over what is under it: the white quadrant of `rgba-8.png` has alpha 128.
    @Test func transparentPixelsComposite() throws {
        let png = try png(
            #"{"scale": 1, "root": {"type": "image", "src": "rgba-8.png", "contentMode": "topLeft", "backgroundColor": "black", "style": {"width": 8, "height": 6}}}"#
        )
        #expect(near(png.pixel(6, 4), RGBA(128, 128, 128)))
        #expect(near(png.pixel(1, 1), Self.red))
    }
}
