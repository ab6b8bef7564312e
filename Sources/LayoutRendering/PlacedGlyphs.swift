import CCairo
import LayoutDocument
import TextureLayout
import TextureLayoutPaint
import TextureLayoutText

/// The font faces one picture draws glyphs with, opened once per font: FreeType faces (outlines for SVG,
/// metrics for labels) and the Cairo faces made from them (PNG). Every back end reaches glyphs through here, so
/// that where faces come from is decided in one place. A face is not shared between threads, so each picture has
/// its own.
final class PictureFaces {
    private var faces: [ObjectIdentifier: GlyphFace?] = [:]
    /// Cairo's faces over ``faces``' FreeType faces, by font; destroyed before them.
    private var cairoFaces: [ObjectIdentifier: OpaquePointer] = [:]
    /// The default font's face, for labels (`nil` when the system has no default font).
    private(set) lazy var labels: LabelTypeface? = {
        guard let font = try? Font.defaultFont(), let face = face(for: font) else { return nil }
        return LabelTypeface(font: font, face: face)
    }()

    deinit {
        for face in cairoFaces.values { cairo_font_face_destroy(face) }
    }

    /// The face of `font` (`nil` if FreeType cannot open its file).
    func face(for font: any GlyphFont) -> GlyphFace? {
        if let face = faces[ObjectIdentifier(font)] { return face }
        let face = GlyphFace(path: font.path, index: font.faceIndex)
        faces[ObjectIdentifier(font)] = face
        return face
    }

    /// Cairo's face for `font`, unhinted (glyphs sit at the positions the layout measured); `nil` if FreeType
    /// cannot open its file.
    func cairoFace(for font: any GlyphFont) -> OpaquePointer? {
        if let made = cairoFaces[ObjectIdentifier(font)] { return made }
        guard let face = face(for: font), let ftFace = face.ftFace else { return nil }
        let flags = Int32(FT_LOAD_NO_HINTING | FT_LOAD_COLOR)
        guard let made = cairo_ft_font_face_create_for_ft_face(ftFace, flags) else { return nil }
        cairoFaces[ObjectIdentifier(font)] = made
        return made
    }

    /// A run's outlines as SVG path data in the canvas's coordinates (y down), two decimals; empty for glyphs
    /// without outlines (spaces) or a font FreeType cannot open.
    func svgPathData(_ run: GlyphRunDrawing) -> String {
        guard let face = face(for: run.font) else { return "" }
        let s = run.size / face.unitsPerEm
        var data = ""
        for (glyph, origin) in zip(run.glyphs, run.positions) {
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

/// The font pictures write labels in: the project's default font at ``size`` points. Measured by the glyphs'
/// advances (names are short identifiers: no shaping needed), so that what placement measures is what is drawn.
final class LabelTypeface: LabelFont {
    /// Small enough to fit most named boxes of a phone screen, large enough to read at scale 1.
    static let size = 7.0
    let font: Font
    let face: GlyphFace
    /// Each character's glyph and advance in points, looked up once.
    private var glyphs: [Unicode.Scalar: (id: UInt32, advance: Double)] = [:]

    init(font: Font, face: GlyphFace) {
        self.font = font
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
    func glyphs(_ text: String, x: Double, baseline: Double, color: RGBA) -> GlyphRunDrawing {
        var glyphs: [UInt32] = [], positions: [Point] = []
        var pen = x
        for scalar in text.unicodeScalars {
            let (id, advance) = glyph(scalar)
            glyphs.append(id)
            positions.append(Point(pen, baseline))
            pen += advance
        }
        return GlyphRunDrawing(font: font, size: LabelTypeface.size, glyphs: glyphs, positions: positions,
                               color: color)
    }
}
