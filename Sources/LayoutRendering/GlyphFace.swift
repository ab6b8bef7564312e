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

/// A font file opened with FreeType to draw glyphs: their outlines (SVG paths) and the face Cairo draws them
/// from (PNG). Not shared between threads (a FreeType face is not thread-safe):
/// each picture opens its own.
final class GlyphFace {
    private var library: FT_Library?
    private var face: FT_Face?
    /// The FreeType face, for Cairo's FreeType font faces (which draw from it while this object lives).
    var ftFace: FT_Face? { face }
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
}
