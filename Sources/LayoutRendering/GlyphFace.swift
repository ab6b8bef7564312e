import CFreeType

/// One piece of a glyph's outline, in font units (y up), as TrueType and CFF fonts store it.
enum OutlineSegment: Equatable {
    case move(Double, Double)
    case line(Double, Double)
    /// A quadratic Bézier curve: its control point, then its end.
    case quadratic(Double, Double, Double, Double)
    /// A cubic Bézier curve: its two control points, then its end.
    case cubic(Double, Double, Double, Double, Double, Double)
}

/// A glyph's anti-aliased coverage at some pixel size: 8-bit grey, one byte per pixel, rows top to bottom.
struct GlyphCoverage {
    /// The column of the bitmap's left edge and the row of its top edge in the picture.
    var left: Int
    var top: Int
    var width: Int
    var rows: Int
    /// `rows × width` values, 0 (no ink) to 255 (fully covered).
    var values: [UInt8]
}

/// A font file opened with FreeType to draw glyphs: their outlines (SVG paths) and their anti-aliased coverage
/// (PNG pixels, from FreeType's rasterizer). Not shared between threads (a FreeType face is not thread-safe):
/// each picture opens its own.
final class GlyphFace {
    private var library: FT_Library?
    private var face: FT_Face?
    /// Font units per em: outlines and advances are in these.
    let unitsPerEm: Double

    /// The face at `index` of the font file at `path`; `nil` if FreeType cannot read it as a scalable font.
    init?(path: String, index: Int = 0) {
        guard FT_Init_FreeType(&library) == 0 else { return nil }
        guard FT_New_Face(library, path, index, &face) == 0, let face,
              face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0, face.pointee.units_per_EM > 0 else {
            FT_Done_FreeType(library)
            return nil
        }
        unitsPerEm = Double(face.pointee.units_per_EM)
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// The font's line ascent (above the baseline) in font units.
    var ascender: Double { Double(face?.pointee.ascender ?? 0) }
    /// The font's line descent (below the baseline) in font units, as a positive number.
    var descender: Double { -Double(face?.pointee.descender ?? 0) }

    /// The glyph the font's character map gives `scalar` (0, the font's missing glyph, if none).
    func glyph(for scalar: Unicode.Scalar) -> UInt32 {
        UInt32(FT_Get_Char_Index(face, FT_ULong(scalar.value)))
    }

    /// The unhinted horizontal advance of a glyph, in font units.
    func advance(of glyph: UInt32) -> Double {
        guard FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)) == 0,
              let slot = face?.pointee.glyph else { return 0 }
        return Double(slot.pointee.advance.x)
    }

    /// Outlines already read: a picture reads each glyph once.
    private var outlines: [UInt32: [OutlineSegment]] = [:]

    /// The outline of a glyph in font units (empty for a glyph without one, such as a space).
    func outline(of glyph: UInt32) -> [OutlineSegment] {
        if let outline = outlines[glyph] { return outline }
        let outline = readOutline(of: glyph)
        outlines[glyph] = outline
        return outline
    }

    private func readOutline(of glyph: UInt32) -> [OutlineSegment] {
        guard FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)) == 0,
              let slot = face?.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return [] }
        final class Sink { var segments: [OutlineSegment] = [] }
        let sink = Sink()
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in
                Unmanaged<Sink>.fromOpaque(user!).takeUnretainedValue().segments
                    .append(.move(Double(to!.pointee.x), Double(to!.pointee.y)))
                return 0
            },
            line_to: { to, user in
                Unmanaged<Sink>.fromOpaque(user!).takeUnretainedValue().segments
                    .append(.line(Double(to!.pointee.x), Double(to!.pointee.y)))
                return 0
            },
            conic_to: { control, to, user in
                Unmanaged<Sink>.fromOpaque(user!).takeUnretainedValue().segments
                    .append(.quadratic(Double(control!.pointee.x), Double(control!.pointee.y),
                                       Double(to!.pointee.x), Double(to!.pointee.y)))
                return 0
            },
            cubic_to: { c1, c2, to, user in
                Unmanaged<Sink>.fromOpaque(user!).takeUnretainedValue().segments
                    .append(.cubic(Double(c1!.pointee.x), Double(c1!.pointee.y), Double(c2!.pointee.x),
                                   Double(c2!.pointee.y), Double(to!.pointee.x), Double(to!.pointee.y)))
                return 0
            },
            shift: 0, delta: 0)
        let status = withExtendedLifetime(sink) {
            FT_Outline_Decompose(&slot.pointee.outline, &funcs, Unmanaged.passUnretained(sink).toOpaque())
        }
        return status == 0 ? sink.segments : []
    }

    /// A glyph rasterized by FreeType (unhinted, anti-aliased) at `pixelsPerEm`, its origin (on the baseline) at
    /// the pixel position (`x`, `y`) of a picture whose y grows downwards; fractions of a pixel move the outline
    /// before it is rasterized, so that glyphs sit exactly where the layout put them. `nil` for a glyph without
    /// ink or a size FreeType cannot draw.
    func coverage(of glyph: UInt32, pixelsPerEm: Double, x: Double, y: Double) -> GlyphCoverage? {
        // FreeType takes sizes in 26.6 fixed point; beyond a few thousand pixels a glyph is larger than any picture
        // worth drawing.
        guard pixelsPerEm >= 1.0 / 64, pixelsPerEm <= 16_384, x.isFinite, y.isFinite,
              FT_Set_Char_Size(face, 0, FT_F26Dot6((pixelsPerEm * 64).rounded()), 72, 72) == 0,
              FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)) == 0,
              let slot = face?.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return nil }
        let column = (x).rounded(.down), row = (y).rounded(.down)
        // The fractions, down in the picture being down in FreeType's y-up space.
        FT_Outline_Translate(&slot.pointee.outline, FT_Pos(((x - column) * 64).rounded()),
                             -FT_Pos(((y - row) * 64).rounded()))
        guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return nil }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), rows = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        guard width > 0, rows > 0, let buffer = bitmap.buffer else { return nil }
        var values = [UInt8](repeating: 0, count: width * rows)
        for r in 0..<rows {
            // A negative pitch stores rows bottom to top.
            let source = pitch >= 0 ? buffer + r * pitch : buffer + (rows - 1 - r) * (-pitch)
            for c in 0..<width { values[r * width + c] = source[c] }
        }
        return GlyphCoverage(left: Int(saturating: column) + Int(slot.pointee.bitmap_left),
                             top: Int(saturating: row) - Int(slot.pointee.bitmap_top), width: width, rows: rows,
                             values: values)
    }
}
