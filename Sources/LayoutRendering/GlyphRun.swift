import CFontconfig
import TextureLayout

/// Glyphs of one font, size and colour, placed: what a picture draws for a label or a piece of a line of text.
/// Positions are in points in the root's coordinate space.
struct PlacedGlyphs {
    /// The font the glyph ids belong to.
    let face: GlyphFace
    /// Points per em.
    var size: Double
    /// The glyphs' ids in the font.
    var glyphs: [UInt32]
    /// Each glyph's origin, on its baseline (y down).
    var positions: [Point]
    /// The colour the glyphs are filled with.
    var color: RGBA

    /// The glyphs' outlines as SVG path data in the picture's coordinates (y down), two decimals; outlines
    /// already read are taken from `outlines`, so that a picture reads each glyph once.
    func svgPathData(outlines: inout [UInt32: [OutlineSegment]]) -> String {
        let s = size / face.unitsPerEm
        var data = ""
        for (glyph, origin) in zip(glyphs, positions) {
            let segments = outlines[glyph] ?? face.outline(of: glyph)
            outlines[glyph] = segments
            func point(_ x: Double, _ y: Double) -> String {
                SVGRenderer.short(origin.x + x * s) + " " + SVGRenderer.short(origin.y - y * s)
            }
            for segment in segments {
                switch segment {
                case let .move(x, y): data += (data.isEmpty ? "M" : "ZM") + point(x, y)
                case let .line(x, y): data += "L" + point(x, y)
                case let .quadratic(cx, cy, x, y): data += "Q" + point(cx, cy) + " " + point(x, y)
                case let .cubic(ax, ay, bx, by, x, y):
                    data += "C" + point(ax, ay) + " " + point(bx, by) + " " + point(x, y)
                }
            }
        }
        return data.isEmpty ? "" : data + "Z"
    }
}

/// The font pictures write labels in: the project's default font (DejaVu Sans, found through fontconfig) at
/// ``size`` points. Measured by the glyphs' advances, so that what placement measures is what is drawn.
final class LabelTypeface: LabelFont {
    /// Small enough to fit most named boxes of a phone screen, large enough to read at scale 1.
    static let size = 7.0
    let face: GlyphFace

    /// The default font, or `nil` when the system has none (pictures are then drawn without labels).
    init?() {
        guard let path = LabelTypeface.defaultFontFile(), let face = GlyphFace(path: path) else { return nil }
        self.face = face
    }

    var ascent: Double { face.ascender * LabelTypeface.size / face.unitsPerEm }
    var descent: Double { face.descender * LabelTypeface.size / face.unitsPerEm }

    func width(of text: String) -> Double {
        text.unicodeScalars.reduce(0) { $0 + face.advance(of: face.glyph(for: $1)) } * LabelTypeface.size
            / face.unitsPerEm
    }

    /// `text` as glyphs from `x` on the baseline `baseline`.
    func glyphs(_ text: String, x: Double, baseline: Double, color: RGBA) -> PlacedGlyphs {
        var glyphs: [UInt32] = [], positions: [Point] = []
        var pen = x
        for scalar in text.unicodeScalars {
            let id = face.glyph(for: scalar)
            glyphs.append(id)
            positions.append(Point(pen, baseline))
            pen += face.advance(of: id) * LabelTypeface.size / face.unitsPerEm
        }
        return PlacedGlyphs(face: face, size: LabelTypeface.size, glyphs: glyphs, positions: positions, color: color)
    }

    /// The file of the font fontconfig picks for "DejaVu Sans".
    static func defaultFontFile() -> String? {
        guard let pattern = FcNameParse("DejaVu Sans") else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        return String(cString: file)
    }
}
