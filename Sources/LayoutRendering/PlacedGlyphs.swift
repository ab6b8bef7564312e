// Unsafe room: Cairo.
// Invariants: a Cairo font face is made from a face the font lent to the picture (`GlyphFace`) and kept with that
// face (its attachment); Cairo reads the FreeType face only while the picture that holds it draws or finishes a
// surface, and the picture gives its faces back only when its surfaces are done. Cairo keeps its font face (and
// the scaled fonts over it, by the FreeType face's address) after our last reference: the font face holds a claim
// on the FreeType face as its user data (`claimFreeTypeFace()`), released by Cairo when it destroys the font face,
// so the FreeType face is closed only after Cairo is done with it; the key's address lives as long as the process.

import CCairo
import LayoutDocument
import TextureLayout
import TextureLayoutImages
import TextureLayoutPaint
import TextureLayoutText

/// What one picture draws glyphs with: for each font, a face the font lends to this picture alone
/// (``Font/borrowFace()``: outlines for SVG and PNG, advances for PDF, the FreeType face for Cairo) and the Cairo
/// face made from it, so that pictures drawn on several threads at once never wait for each other's glyphs; and
/// the default font's label glyphs. Every back end reaches glyphs through here, so that where faces come from is
/// decided in one place. The faces go back to their fonts with the picture: it must outlive every Cairo surface
/// that draws its glyphs.
final class PictureFaces {
    /// The faces lent to this picture, by font (`nil` for a font that could not lend one).
    private var lent: [ObjectIdentifier: (font: Font, face: GlyphFace)?] = [:]
    /// The default font, for labels (`nil` when the system has no default font).
    private(set) lazy var labels: LabelTypeface? = (try? Font.defaultFont()).map(LabelTypeface.init)

    /// Colour glyphs' pictures decoded for Cairo (``colorSurface(_:font:glyph:)``); `nil` for one that could not be.
    private var colorSurfaces: [ColorGlyphKey: (surface: OpaquePointer, width: Int, height: Int)?] = [:]

    deinit {
        for case let entry? in lent.values { entry.font.giveBack(entry.face) }
        for case let made? in colorSurfaces.values { cairo_surface_destroy(made.surface) }
    }

    /// The text module's font behind a run's font (every glyph run a document draws comes from one).
    static func font(_ font: any GlyphFont) -> Font? { font as? Font }

    /// The face `font` lent to this picture, borrowed on first use.
    func face(for font: Font) -> GlyphFace? {
        if let entry = lent[ObjectIdentifier(font)] { return entry?.face }
        let face = font.borrowFace()
        lent[ObjectIdentifier(font)] = face.map { (font, $0) }
        return face
    }

    /// Cairo's face over `face`, unhinted (glyphs sit at the positions the layout measured): made on the face's
    /// first use by a picture and kept with it. Cairo owns the FreeType face's lifetime from then on (it holds a
    /// claim on it, ``GlyphFace/claimFreeTypeFace()``): the face is closed only when Cairo destroys its font face,
    /// which may be long after the font is freed (its scaled fonts wait in Cairo's cache for another use).
    func cairoFace(for face: GlyphFace) -> OpaquePointer? {
        if let made = face.attachment as? CairoFontFace { return made.face }
        let flags = Int32(FT_LOAD_NO_HINTING | FT_LOAD_COLOR)
        guard let made = cairo_ft_font_face_create_for_ft_face(face.freeTypeFace, flags) else { return nil }
        let claim = face.claimFreeTypeFace()
        guard
            cairo_font_face_set_user_data(made, faceClaimKey, claim, { GlyphFace.releaseFreeTypeFace($0) })
                == CAIRO_STATUS_SUCCESS
        else {
            // Out of memory (or Cairo's error face): Cairo holds no claim, and the face is not used.
            GlyphFace.releaseFreeTypeFace(claim)
            cairo_font_face_destroy(made)
            return nil
        }
        face.attachment = CairoFontFace(made)
        return made
    }

    /// A run's outlines as SVG path data in the canvas's coordinates (y down), two decimals; empty for glyphs
    /// without outlines (spaces).
    func svgPathData(_ run: GlyphRunDrawing) -> String {
        guard let font = PictureFaces.font(run.font), let face = face(for: font) else { return "" }
        let s = run.size / Double(font.unitsPerEm)
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

    /// A run's colour bitmap glyphs (a colour emoji font's): for each glyph that has one, its index in the run,
    /// the font's own PNG and the box the font gives it in the canvas's coordinates.
    func colorImages(_ run: GlyphRunDrawing) -> [(index: Int, png: [UInt8], box: Rect)] {
        guard let font = PictureFaces.font(run.font), font.isColor else { return [] }
        let s = run.size / Double(font.unitsPerEm)
        return zip(run.glyphs, run.positions).enumerated().compactMap { index, glyph in
            let (id, origin) = glyph
            guard let image = font.colorImage(of: id) else { return nil }
            return (
                index, image.png,
                Rect(
                    x: origin.x + image.left * s, y: origin.y - image.top * s,
                    width: image.width * s, height: image.height * s)
            )
        }
    }

    /// A run's colour bitmap glyphs as SVG `<image>` elements holding the font's own PNGs; empty for glyphs
    /// without one.
    func svgColorImages(_ run: GlyphRunDrawing) -> String {
        colorImages(run).map { SVGRenderer.embeddedPNG($0.png, in: $0.box) }.joined()
    }

    /// A colour glyph's PNG decoded into a Cairo surface (`nil` when it cannot be decoded), made once per picture
    /// for each font and glyph: a PDF embeds a surface once however often it is painted. The surfaces are the
    /// picture's, destroyed with it.
    func colorSurface(_ png: [UInt8], font: Font, glyph: UInt32) -> (surface: OpaquePointer, width: Int, height: Int)? {
        let key = ColorGlyphKey(font: ObjectIdentifier(font), glyph: glyph)
        if let made = colorSurfaces[key] { return made }
        var made: (surface: OpaquePointer, width: Int, height: Int)?
        if let decoded = try? DecodedImage(png) {
            let pixels = CairoImage(
                ImageDrawing(
                    width: decoded.width, height: decoded.height,
                    premultipliedRGBA: decoded.premultipliedRGBA,
                    destination: Rect(origin: .zero, size: Size(Double(decoded.width), Double(decoded.height)))))
            made = (cairo_surface_reference(pixels.surface), pixels.width, pixels.height)
        }
        colorSurfaces[key] = made
        return made
    }
}

/// The key of a Cairo font face's claim on its FreeType face (``PictureFaces/cairoFace(for:)``): Cairo tells keys
/// apart by their addresses, so it is allocated once and kept for the process.
nonisolated(unsafe) private let faceClaimKey: UnsafeMutablePointer<cairo_user_data_key_t> = {
    let key = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)
    key.initialize(to: cairo_user_data_key_t())
    return key
}()

/// Our reference to a Cairo font face, dropped with the ``GlyphFace`` it is kept with
/// (``PictureFaces/cairoFace(for:)``); Cairo destroys the font face when it holds no other.
final class CairoFontFace {
    let face: OpaquePointer

    init(_ face: OpaquePointer) { self.face = face }

    deinit { cairo_font_face_destroy(face) }
}

/// A glyph of a font, for ``PictureFaces``' colour glyph surfaces.
struct ColorGlyphKey: Hashable {
    var font: ObjectIdentifier
    var glyph: UInt32
}

/// The font pictures write labels in: the project's default font at ``size`` points. Measured by the glyphs'
/// advances (names are short identifiers: no shaping needed), so that what placement measures is what is drawn.
final class LabelTypeface: LabelFont {
    /// Small enough to fit most named boxes of a phone screen, large enough to read at scale 1.
    static let size = 7.0
    let font: Font
    /// Each character's glyph and advance in points, looked up once.
    private var glyphs: [Unicode.Scalar: (id: UInt32, advance: Double)] = [:]

    init(font: Font) {
        self.font = font
    }

    var ascent: Double { Double(font.ascender) * LabelTypeface.size / Double(font.unitsPerEm) }
    var descent: Double { -Double(font.descender) * LabelTypeface.size / Double(font.unitsPerEm) }

    private func glyph(_ scalar: Unicode.Scalar) -> (id: UInt32, advance: Double) {
        if let glyph = glyphs[scalar] { return glyph }
        let id = font.glyph(for: scalar)
        let glyph = (id, font.advance(of: id) * LabelTypeface.size / Double(font.unitsPerEm))
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
        return GlyphRunDrawing(
            font: font, size: LabelTypeface.size, glyphs: glyphs, positions: positions,
            color: color)
    }
}
