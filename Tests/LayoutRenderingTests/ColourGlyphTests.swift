import Foundation
import LayoutDocument
import LayoutRendering
import Testing
import TextureLayout
import TextureLayoutPaint

/// Colour glyphs (layout-document.md, "Text: fonts beyond the run's font"): an emoji that falls back to Noto Color
/// Emoji is drawn from the font's colour bitmap in PNG and in PDF (Poppler's `pdftoppm` drawing our PDF), where the
/// measured layout and the font's own tables put it, at the size its strike scales to: its coloured pixels fill the
/// bitmap's ink box and none lies outside the bitmap's box.
///
/// What the font says of U+1F600 (read with fontTools' CBLC/CBDT reader and its PNG decoded by Pillow, Debian 12's
/// fonts-noto-color-emoji): one strike of 109 pixels per em; a bitmap of 136 × 128 pixels with bearings (0, 101)
/// (its left edge on the glyph's origin, its top row 101 pixels above the baseline); an advance of 2,550 of the
/// font's 2,048 units per em (`hmtx`); its ink (alpha above 0) in columns 9–125 and rows 7–118. At a run's size of
/// S points and a picture's scale s, the strike is scaled by S·s / 109 (as Pango and Chromium scale it).
///
/// In a PDF the glyph is the font's own picture painted as an image, at the strike's pixels; Cairo's own Type 3
/// glyph, rasterized at a pixel per point, put the 15-point emoji's ink 1.7 to 2.3 pixels beyond its box at scale 3
/// (19 × 18 pixels enlarged threefold).
@Suite struct ColourGlyphTests {
    static let emojiFont = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
    static let installed = FileManager.default.fileExists(atPath: emojiFont)

    static let strike = 109.0, advance = 2550.0 / 2048
    static let bitmap = (width: 136.0, height: 128.0, bearingX: 0.0, bearingY: 101.0)
    static let ink = (minX: 9.0, minY: 7.0, maxX: 126.0, maxY: 119.0)

    /// A box in picture pixels.
    struct Box: CustomStringConvertible {
        var minX, minY, maxX, maxY: Double
        var description: String { "(\(minX), \(minY)) – (\(maxX), \(maxY))" }
    }

    /// A document whose text element `t` ends with 😀 (the last glyph of its last line), inset so that nothing
    /// lies at the origin.
    struct Case: CustomTestStringConvertible, Sendable {
        var text: String
        var size: Double
        var scale: Double
        var width: Double
        var testDescription: String { "\(text) at \(size) pt, scale \(scale)" }
        var json: String {
            #"{"scale": \#(scale), "sizeRange": {"max": [\#(width), "inf"]}, "root": {"type": "inset", "insets": {"top": 7, "left": 11, "bottom": 5, "right": 5}, "child": {"type": "text", "name": "t", "text": "\#(text)", "size": \#(size)}}}"#
        }
    }

    static let cases: [Case] = [
        Case(text: "H😀", size: 40, scale: 2, width: 400),
        // "Hello" fills the first line; the emoji starts the second.
        Case(text: "Hello 😀", size: 15, scale: 3, width: 60),
    ]

    /// The emoji's bitmap box and ink box in the picture's pixels, from the measured last line and the font's tables.
    static func expectedBoxes(_ result: DocumentLayout, _ test: Case) throws -> (glyph: Box, ink: Box) {
        let line = try #require(result.namedTextLines.first { $0.name == "t" }?.lines.last)
        let k = test.size * test.scale / strike  // picture pixels per strike pixel
        let originX = (line.frame.maxX - advance * test.size) * test.scale
        let top = line.baseline * test.scale - bitmap.bearingY * k
        let left = originX + bitmap.bearingX * k
        return (
            Box(minX: left, minY: top, maxX: left + bitmap.width * k, maxY: top + bitmap.height * k),
            Box(
                minX: left + ink.minX * k, minY: top + ink.minY * k, maxX: left + ink.maxX * k,
                maxY: top + ink.maxY * k)
        )
    }

    /// Checks a picture drawn on white: its coloured pixels (channels more than 60 apart: black glyphs and their
    /// grey edges are not) all lie in the glyph's box (one pixel of filtering around it allowed), their bounds
    /// are the ink box's within `tolerance` pixels, and they cover most of the ink box (the face's disc is π/4 of
    /// it).
    static func check(_ png: DecodedPNG, _ boxes: (glyph: Box, ink: Box), tolerance: Double, _ label: String) {
        var count = 0, outside = 0
        var found = Box(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
        for y in 0..<png.height {
            for x in 0..<png.width {
                let p = png.pixel(x, y)
                let channels = [Int(p.red), Int(p.green), Int(p.blue)]
                guard channels.max()! - channels.min()! > 60 else { continue }
                count += 1
                let (px, py) = (Double(x), Double(y))
                if px + 1 < boxes.glyph.minX - 1 || px > boxes.glyph.maxX + 1 || py + 1 < boxes.glyph.minY - 1
                    || py > boxes.glyph.maxY + 1
                {
                    outside += 1
                }
                found = Box(
                    minX: min(found.minX, px), minY: min(found.minY, py), maxX: max(found.maxX, px + 1),
                    maxY: max(found.maxY, py + 1))
            }
        }
        #expect(outside == 0, "\(label): \(outside) coloured pixels outside the glyph's box \(boxes.glyph)")
        let ink = boxes.ink
        #expect(
            abs(found.minX - ink.minX) <= tolerance && abs(found.maxX - ink.maxX) <= tolerance
                && abs(found.minY - ink.minY) <= tolerance && abs(found.maxY - ink.maxY) <= tolerance,
            "\(label): coloured pixels span \(found), the ink box is \(ink)")
        let area = (ink.maxX - ink.minX) * (ink.maxY - ink.minY)
        #expect(Double(count) > 0.6 * area, "\(label): \(count) coloured pixels in an ink box of \(area)")
    }

    @Test(
        .enabled(if: installed, "needs Noto Color Emoji (Scripts/setup installs fonts-noto-color-emoji)"),
        arguments: cases)
    func emojiInThePNG(_ test: Case) throws {
        let result = try layOut(test.json)
        let png = try DecodedPNG(PictureFormat.png.render(result, options: .init(background: RGBA(255, 255, 255))))
        Self.check(png, try Self.expectedBoxes(result, test), tolerance: 1.5, "PNG")
    }

    @Test(
        .enabled(
            if: installed && PDFPixelTests.pdftoppm != nil,
            "needs Noto Color Emoji and Poppler's pdftoppm (Scripts/setup installs both)"),
        arguments: cases)
    func emojiInThePDF(_ test: Case) throws {
        let result = try layOut(test.json)
        let pdf = PictureFormat.pdf.render(result, options: .init(background: RGBA(255, 255, 255)))
        let png = try DecodedPNG(try PDFPixelTests.rasterize(pdf, scale: test.scale))
        // Poppler draws an image over whole pixel rows and columns (its box's edges rounded): up to a pixel more
        // than the PNG's filtering.
        Self.check(png, try Self.expectedBoxes(result, test), tolerance: 2, "PDF through pdftoppm")
    }

    /// The test `COLR` font, written by `Scripts/make-colr-font.py` into a temporary folder (`nil` without
    /// fontTools, which `Scripts/setup` installs).
    static let colrFont: String? = {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Scripts/make-colr-font.py")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("colr-\(UUID().uuidString).ttf")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, file.path]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        return process.terminationStatus == 0 ? file.path : nil
    }()

    /// A `COLR` font is a font: "A A" measures by its advances (1,000 + 500 + 1,000 units of 1,000 at 40 points:
    /// 100 points), and, Cairo 1.16 having no `COLR` support, every picture draws each "A" as its base glyph's
    /// outline in the run's colour, not as its red and blue layers: the box (100, 0)–(900, 700) units, at 40 points
    /// and scale 2 the pixels 8–72 across and 8–64 down from the top (the baseline at 32 points, the ascent
    /// 800 units), the second one 120 pixels further right.
    @Test(
        .enabled(
            if: colrFont != nil && PDFPixelTests.pdftoppm != nil,
            "needs fontTools and pdftoppm (Scripts/setup installs both)"))
    func colrGlyphsAreTheirOutlines() throws {
        let font = try #require(Self.colrFont)
        defer { try? FileManager.default.removeItem(atPath: font) }
        let json =
            ##"{"scale": 2, "fonts": {"c": {"file": "\##(font)"}}, "root": {"type": "text", "name": "t", "text": "A A", "font": "c", "size": 40, "color": "#00aa00"}}"##
        let result = try layOut(json)
        #expect(result.size == Size(100, 40))
        let white = RGBA(255, 255, 255), green = RGBA(0, 170, 0)
        let png = try DecodedPNG(PictureFormat.png.render(result, options: .init(background: white)))
        let pdf = PictureFormat.pdf.render(result, options: .init(background: white))
        let drawn = try DecodedPNG(try PDFPixelTests.rasterize(pdf, scale: 2))
        for (picture, label) in [(png, "PNG"), (drawn, "PDF through pdftoppm")] {
            #expect(picture.width == 200 && picture.height == 80, "\(label)")
            // A pixel is green well inside a box, white well outside, and on an edge a blend of the two (pdftoppm's
            // coverage there is not ours), never a layer's red or blue.
            func within(_ x: Int, _ y: Int, by margin: Int) -> Bool {
                x < 192 + margin && (8 - margin..<72 + margin).contains(x % 120)
                    && (8 - margin..<64 + margin).contains(y)
            }
            for y in 0..<min(picture.height, 80) {
                for x in 0..<min(picture.width, 200) {
                    let p = picture.pixel(x, y)
                    let expected = within(x, y, by: -1) ? green : within(x, y, by: 1) ? nil : white
                    #expect(
                        expected.map { p == $0 } ?? (p.red == p.blue && p.green >= p.red),
                        "\(label) (\(x), \(y)): \(p)")
                }
            }
        }
        let svg = SVGRenderer.render(result)
        #expect(svg.contains(##"fill="#00aa00""##) && !svg.contains("<image"))
    }
}
