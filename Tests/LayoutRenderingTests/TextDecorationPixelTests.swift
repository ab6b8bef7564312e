import LayoutDocument
import LayoutRendering
import Testing
import TextureLayout
import TextureLayoutPaint
import TextureLayoutText

/// Underlines, strikethroughs, highlights and text shadows found in the pixels, in our PNG and in our PDF drawn by
/// Poppler's `pdftoppm`, where the font's tables put them. DejaVu Sans Mono (found on the system, never committed):
/// 2048 units per em, hhea 1901 / −483, every glyph 1233 units wide, `post` underline top −40 and 90 thick, `OS/2`
/// strikeout top 530 and 102 thick. At 40.96 points a unit is 0.02 points, so a character is 24.66 points wide,
/// a line 47.68 tall with its baseline 38.02 below its top; at scale 2 a unit is 0.04 pixels.
@Suite struct TextDecorationPixelTests {
    enum Format: String, CaseIterable { case png, pdf }

    static let mono = (try? Font(family: "DejaVu Sans Mono"))?.path ?? "/missing"

    /// The picture of a root text element (its other keys `keys`) at scale 2 on white, as `format` draws it (a PDF
    /// through pdftoppm at 144 dots per inch).
    static func draw(_ keys: String, _ format: Format) throws -> DecodedPNG {
        let json =
            #"{"scale": 2, "fonts": {"mono": {"file": "\#(mono)"}}, "root": {"type": "text", "font": "mono", "size": 40.96, \#(keys)}}"#
        let result = try layOut(json)
        let options = PictureFormat.Options(background: RGBA(255, 255, 255))
        switch format {
        case .png: return try DecodedPNG(PictureFormat.png.render(result, options: options))
        case .pdf:
            return try DecodedPNG(
                PDFPixelTests.rasterize(
                    PictureFormat.pdf.render(result, options: options),
                    scale: 2))
        }
    }

    static func isRed(_ p: RGBA) -> Bool { p.red > 200 && p.green < 70 && p.blue < 70 }
    static func isYellow(_ p: RGBA) -> Bool { p.red > 230 && p.green > 190 && p.blue < 60 }

    /// The pixel rows wholly inside `top`...`bottom` points, at scale 2.
    static func rowsInside(_ top: Double, _ bottom: Double) -> Range<Int> {
        Int((top * 2).rounded(.up))..<Int((bottom * 2).rounded(.down))
    }

    /// Spans of the underline under "mmm" in points from the text's top: the baseline is 38.02 down and the
    /// underline's top 40 units (0.8 pt) under it, each stroke 90 units (1.8 pt) thick.
    static let underlines: [(style: String, spans: [(Double, Double)])] = [
        ("single", [(38.82, 40.62)]),
        ("thick", [(38.82, 42.42)]),
        ("double", [(38.82, 40.62), (42.42, 44.22)]),
    ]

    @Test(
        .enabled(if: PDFPixelTests.pdftoppm != nil, "needs Poppler's pdftoppm"),
        arguments: Format.allCases, [0, 1, 2])
    func theUnderlinesRowsLieUnderTheWord(_ format: Format, _ which: Int) throws {
        let (style, spans) = Self.underlines[which]
        // Insets of 10 on the left and right: the word spans 10...83.98 points (3 × 24.66; its trailing spaces
        // are not decorated), pixels 20...167.96.
        let image = try Self.draw(
            #""text": "mmm  ", "underline": "\#(style)", "underlineColor": "red", "textContainerInset": {"left": 10, "right": 10, "bottom": 8}"#,
            format)
        #expect(image.width == 188 && image.height == 112)  // ⌈73.98 + 20⌉ × ⌈47.68 + 8⌉ points
        for y in 0..<image.height {
            let inside = spans.contains { Self.rowsInside($0.0, $0.1).contains(y) }
            let touches = spans.contains { Double(y) < $0.1 * 2 && Double(y + 1) > $0.0 * 2 }
            let reds = (0..<image.width).filter { Self.isRed(image.pixel($0, y)) }
            if inside {
                #expect(
                    reds.first == 20 && reds.last == 167 && reds.count == 148,
                    "\(format) \(style): row \(y) red at \(reds.first ?? -1)...\(reds.last ?? -1) (\(reds.count))")
            } else if !touches {
                #expect(reds.isEmpty, "\(format) \(style): row \(y) has \(reds.count) red pixels")
            }
        }
    }

    @Test(.enabled(if: PDFPixelTests.pdftoppm != nil, "needs Poppler's pdftoppm"), arguments: Format.allCases)
    func theStrikethroughCrossesTheWordOnTheStrikeoutLine(_ format: Format) throws {
        // OS/2: top 530 units (10.6 pt) above the baseline, 102 (2.04 pt) thick: 27.42...29.46 points down; thick
        // is twice as thick about the same centre, 26.4...30.48.
        for (style, top, bottom) in [("single", 27.42, 29.46), ("thick", 26.4, 30.48)] {
            let image = try Self.draw(
                #""text": "mmm", "color": "gray", "strikethrough": "\#(style)", "strikethroughColor": "red""#, format)
            for y in 0..<image.height {
                let reds = (0..<image.width).filter { Self.isRed(image.pixel($0, y)) }
                if Self.rowsInside(top, bottom).contains(y) {
                    #expect(reds.count == 148, "\(format) \(style): row \(y) has \(reds.count) red pixels of 148")
                } else if Double(y) >= bottom * 2 || Double(y + 1) <= top * 2 {
                    #expect(reds.isEmpty, "\(format) \(style): row \(y) has \(reds.count) red pixels")
                }
            }
        }
    }

    @Test(.enabled(if: PDFPixelTests.pdftoppm != nil, "needs Poppler's pdftoppm"), arguments: Format.allCases)
    func aHighlightFillsTheLineBehindItsRun(_ format: Format) throws {
        // The middle run "mm" spans 10 + 2 × 24.66 = 59.32 to 108.64 points across and the line's 47.68 points
        // down: pixels 118.64...217.28 and 0...95.36.
        let image = try Self.draw(
            #""runs": [{"text": "mm"}, {"text": "mm", "backgroundColor": "rgb(255, 208, 0)"}, {"text": "mm"}], "textContainerInset": {"left": 10, "right": 10, "bottom": 10}"#,
            format)
        // Above the "m"s (their x-height, 1120 units, tops them at 15.62 points) and under their baseline.
        for y in Array(0..<30) + Array(78..<95) {
            let yellow = (0..<image.width).filter { Self.isYellow(image.pixel($0, y)) }
            #expect(
                yellow.first == 119 && yellow.last == 216 && yellow.count == 98,
                "\(format): row \(y) yellow at \(yellow.first ?? -1)...\(yellow.last ?? -1) (\(yellow.count))")
        }
        for y in 96..<image.height {
            #expect(!(0..<image.width).contains { Self.isYellow(image.pixel($0, y)) }, "\(format): row \(y)")
        }
    }

    /// The centroids of the red and the blue ink on white. A red glyph of coverage `a` over a blue shadow of
    /// coverage `s` on white is red `a + (1 − a)(1 − s)`, green `(1 − a)(1 − s)`, blue `1 − a`: red less green is
    /// the glyph's coverage, blue less green the shadow's where the glyph leaves it visible.
    static func inkCentroids(_ image: DecodedPNG) -> (red: Point, blue: Point) {
        var red = (x: 0.0, y: 0.0, w: 0.0), blue = (x: 0.0, y: 0.0, w: 0.0)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.pixel(x, y)
                let r = max(0, Double(p.red) - Double(p.green)) / 255,
                    b = max(0, Double(p.blue) - Double(p.green)) / 255
                let cx = Double(x) + 0.5, cy = Double(y) + 0.5
                red = (red.x + r * cx, red.y + r * cy, red.w + r)
                blue = (blue.x + b * cx, blue.y + b * cy, blue.w + b)
            }
        }
        return (Point(red.x / red.w, red.y / red.w), Point(blue.x / blue.w, blue.y / blue.w))
    }

    @Test(.enabled(if: PDFPixelTests.pdftoppm != nil, "needs Poppler's pdftoppm"), arguments: Format.allCases)
    func aShadowIsTheGlyphsMovedByItsOffset(_ format: Format) throws {
        // Radius 0, offset [30, 10]: no padding up or left, so the glyph stays; 10 down and 30 right are added:
        // ⌈24.66 + 30⌉ × ⌈47.68 + 10⌉ points. The shadow is the glyph's coverage moved 60 and 20 pixels.
        let image = try Self.draw(
            #""text": "I", "color": "red", "shadowColor": "blue", "shadowOpacity": 1, "shadowRadius": 0, "shadowOffset": [30, 10]"#,
            format)
        #expect(image.width == 110 && image.height == 116)
        let (red, blue) = Self.inkCentroids(image)
        // Poppler draws the shadow's image about 0.75 pixels right and down of where our PNG has it (see the
        // blurred shadow below): within a pixel.
        let tolerance = format == .png ? 0.02 : 1.0
        #expect(
            abs(blue.x - red.x - 60) <= tolerance && abs(blue.y - red.y - 20) <= tolerance,
            "\(format): glyph at \(red), shadow at \(blue)")
    }

    @Test(.enabled(if: PDFPixelTests.pdftoppm != nil, "needs Poppler's pdftoppm"), arguments: Format.allCases)
    func aBlurredShadowMovesTheGlyphsByItsPadding(_ format: Format) throws {
        // Radius 4, no offset: 4 points of padding on every side, so the glyph moves 4 points (8 pixels) right
        // and down and the text grows by 8 points each way: ⌈24.66 + 8⌉ × ⌈47.68 + 8⌉. The blur is symmetric:
        // the shadow's centroid is the glyph's.
        let plain = Self.inkCentroids(try Self.draw(#""text": "I", "color": "red""#, format)).red
        let image = try Self.draw(
            #""text": "I", "color": "red", "shadowColor": "blue", "shadowOpacity": 1, "shadowRadius": 4, "shadowOffset": [0, 0]"#,
            format)
        #expect(image.width == 66 && image.height == 112)
        let (red, blue) = Self.inkCentroids(image)
        #expect(abs(red.x - plain.x - 8) <= 0.05 && abs(red.y - plain.y - 8) <= 0.05, "\(format): \(plain) → \(red)")
        // Poppler draws the shadow's image about 0.75 pixels right and down of where our PNG has it (0.72, 0.71
        // here): within a pixel.
        let tolerance = format == .png ? 0.05 : 1.0
        #expect(abs(blue.x - red.x) <= tolerance && abs(blue.y - red.y) <= tolerance, "\(format): \(red), \(blue)")
    }

    /// <doc:Errata#textShadowIsOneLayer>: the second "I" casts its shadow one character left, exactly where the
    /// first one is (the padding moves both right by 24.66 points); drawn under all the text, it leaves the first
    /// glyph red, where Core Graphics, casting each run's shadow as it draws it, would cover it in blue.
    @Test func aLaterRunsShadowNeverFallsOverAnEarlierRun() throws {
        let image = try Self.draw(
            #""runs": [{"text": "I", "color": "red"}, {"text": "I", "color": "lime"}], "shadowColor": "blue", "shadowOpacity": 1, "shadowRadius": 0, "shadowOffset": [-24.66, 0]"#,
            .png)
        // The first stem's middle: x (24.66 + 12.33) × 2 = 73.98 pixels, 14 points above the baseline.
        let first = image.pixel(73, Int((38.02 - 14) * 2))
        #expect(first.red == 255 && first.green == 0 && first.blue == 0, "\(first)")
        // Its shadow is there, one character left of it.
        let shadow = image.pixel(73 - 49, Int((38.02 - 14) * 2))
        #expect(shadow.blue == 255 && shadow.red == 0, "\(shadow)")
    }
}
