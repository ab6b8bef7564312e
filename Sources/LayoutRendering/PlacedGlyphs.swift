import LayoutDocument
import TextureLayout
import TextureLayoutText

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

    /// The glyphs' outlines as SVG path data in the picture's coordinates (y down), two decimals.
    var svgPathData: String {
        let s = size / face.unitsPerEm
        var data = ""
        for (glyph, origin) in zip(glyphs, positions) {
            func point(_ x: Double, _ y: Double) -> String {
                SVGRenderer.short(origin.x + x * s) + " " + SVGRenderer.short(origin.y - y * s)
            }
            for segment in face.outline(of: glyph) {
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

/// The FreeType faces one picture draws with, opened once per font (a face is not shared between threads, so
/// each picture has its own).
final class PictureFaces {
    private var faces: [ObjectIdentifier: GlyphFace?] = [:]
    /// The default font's face, for labels (`nil` when the system has no default font).
    private(set) lazy var labels: LabelTypeface? = (try? Font.defaultFont()).flatMap(face(for:))
        .map(LabelTypeface.init)

    /// The face of `font` (`nil` if FreeType cannot open its file).
    func face(for font: Font) -> GlyphFace? {
        if let face = faces[ObjectIdentifier(font)] { return face }
        let face = GlyphFace(path: font.path, index: font.faceIndex)
        faces[ObjectIdentifier(font)] = face
        return face
    }

    /// A run of a text line as glyphs to draw, in its CSS colour (black when that is not one).
    func glyphs(_ run: GlyphRun) -> PlacedGlyphs? {
        guard let face = face(for: run.font) else { return nil }
        return PlacedGlyphs(face: face, size: run.size, glyphs: run.glyphs, positions: run.positions,
                            color: RGBA(css: run.color) ?? Palette.textColor)
    }
}

/// The font pictures write labels in: the project's default font at ``size`` points. Measured by the glyphs'
/// advances (names are short identifiers: no shaping needed), so that what placement measures is what is drawn.
final class LabelTypeface: LabelFont {
    /// Small enough to fit most named boxes of a phone screen, large enough to read at scale 1.
    static let size = 7.0
    let face: GlyphFace
    /// Each character's glyph and advance in points, looked up once.
    private var glyphs: [Unicode.Scalar: (id: UInt32, advance: Double)] = [:]

    init(face: GlyphFace) {
        self.face = face
    }

    var ascent: Double { face.ascender * LabelTypeface.size / face.unitsPerEm }
    var descent: Double { face.descender * LabelTypeface.size / face.unitsPerEm }

    private func glyph(_ scalar: Unicode.Scalar) -> (id: UInt32, advance: Double) {
        if let glyph = glyphs[scalar] { return glyph }
        let id = face.glyph(for: scalar)
        let glyph = (id, face.advance(of: id) * LabelTypeface.size / face.unitsPerEm)
        glyphs[scalar] = glyph
        return glyph
    }

    func width(of text: String) -> Double {
        text.unicodeScalars.reduce(0) { $0 + glyph($1).advance }
    }

    /// `text` as glyphs from `x` on the baseline `baseline`.
    func glyphs(_ text: String, x: Double, baseline: Double, color: RGBA) -> PlacedGlyphs {
        var glyphs: [UInt32] = [], positions: [Point] = []
        var pen = x
        for scalar in text.unicodeScalars {
            let (id, advance) = glyph(scalar)
            glyphs.append(id)
            positions.append(Point(pen, baseline))
            pen += advance
        }
        return PlacedGlyphs(face: face, size: LabelTypeface.size, glyphs: glyphs, positions: positions, color: color)
    }
}
