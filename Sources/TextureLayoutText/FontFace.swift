// Unsafe room: FreeType.
// Invariants: a FreeType face and its library are used only under the face's lock (FreeType objects are not
// thread-safe) and destroyed once in `deinit`; the outline callbacks' user pointer is an unretained collector alive
// for the whole `FT_Outline_Decompose` call.

import CFreeType
import CHarfBuzz
import Synchronization

/// One piece of a glyph's outline, in font units (y up), as TrueType and CFF fonts store it.
public enum GlyphOutlineSegment: Hashable, Sendable {
    /// Starts a contour at a point.
    case move(Double, Double)
    /// A straight line to a point.
    case line(Double, Double)
    /// A quadratic Bézier curve: its control point, then its end.
    case quadratic(Double, Double, Double, Double)
    /// A cubic Bézier curve: its two control points, then its end.
    case cubic(Double, Double, Double, Double, Double, Double)
}

/// A font's FreeType face: opened once, when the font is loaded (opening it is how the file is checked), and kept
/// for drawing the font's glyphs. A FreeType face is not thread-safe while fonts are shared between threads, so
/// the face is only touched under the lock, which also guards the outlines read so far.
final class FreeTypeFace: @unchecked Sendable {
    private let library: FT_Library
    private let face: FT_Face
    /// The font file's bytes, which the face reads from until it is done.
    private let blob: OpaquePointer
    /// Outlines already read, by glyph; the lock every use of `face` takes.
    private let outlines = Mutex<[UInt32: [GlyphOutlineSegment]]>([:])

    /// Takes over `library` and `face` (made from `blob`'s bytes) and a reference to `blob`.
    init(library: FT_Library, face: FT_Face, blob: OpaquePointer) {
        self.library = library
        self.face = face
        self.blob = hb_blob_reference(blob)
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
        hb_blob_destroy(blob)
    }

    /// Runs `body` with the face, under the lock.
    func withFace<R>(_ body: (FT_Face) throws -> R) rethrows -> R {
        try outlines.withLock { _ in try body(face) }
    }

    /// The outline of `glyph`, read on first use.
    func outline(of glyph: UInt32) -> [GlyphOutlineSegment] {
        outlines.withLock { read in
            if let outline = read[glyph] { return outline }
            let outline = FreeTypeFace.readOutline(of: glyph, in: face)
            read[glyph] = outline
            return outline
        }
    }

    /// The glyph's outline in font units: unscaled and unhinted, as the file stores it (empty for a glyph without
    /// one, such as a space, or one FreeType cannot load).
    private static func readOutline(of glyph: UInt32, in face: FT_Face) -> [GlyphOutlineSegment] {
        guard FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)) == 0,
            let slot = face.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE
        else { return [] }
        final class Sink { var segments: [GlyphOutlineSegment] = [] }
        func sink(_ user: UnsafeMutableRawPointer?) -> Sink { Unmanaged<Sink>.fromOpaque(user!).takeUnretainedValue() }
        let collected = Sink()
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in
                sink(user).segments.append(.move(Double(to!.pointee.x), Double(to!.pointee.y)))
                return 0
            },
            line_to: { to, user in
                sink(user).segments.append(.line(Double(to!.pointee.x), Double(to!.pointee.y)))
                return 0
            },
            conic_to: { control, to, user in
                sink(user).segments.append(
                    .quadratic(
                        Double(control!.pointee.x), Double(control!.pointee.y),
                        Double(to!.pointee.x), Double(to!.pointee.y)))
                return 0
            },
            cubic_to: { c1, c2, to, user in
                sink(user).segments.append(
                    .cubic(
                        Double(c1!.pointee.x), Double(c1!.pointee.y),
                        Double(c2!.pointee.x), Double(c2!.pointee.y),
                        Double(to!.pointee.x), Double(to!.pointee.y)))
                return 0
            },
            shift: 0, delta: 0)
        let status = withExtendedLifetime(collected) {
            FT_Outline_Decompose(&slot.pointee.outline, &funcs, Unmanaged.passUnretained(collected).toOpaque())
        }
        return status == 0 ? collected.segments : []
    }
}

extension Font {
    /// The outline of `glyph` (an id in this font, as ``GlyphRun/glyphs`` holds) in font units, y up: scale by
    /// `size / unitsPerEm` and place at the glyph's position to draw it. Empty for a glyph without an outline
    /// (a space). Read once per glyph and kept; safe to call from any thread.
    public func outline(of glyph: UInt32) -> [GlyphOutlineSegment] { freeType.outline(of: glyph) }

    /// The glyph this font's character map gives `scalar` (0, the missing glyph, when it has none), for text drawn
    /// without shaping (labels).
    public func glyph(for scalar: Unicode.Scalar) -> UInt32 {
        freeType.withFace { UInt32(FT_Get_Char_Index($0, FT_ULong(scalar.value))) }
    }

    /// The unhinted horizontal advance of `glyph` in font units (0 when FreeType cannot load it).
    public func advance(of glyph: UInt32) -> Double {
        freeType.withFace { face in
            guard FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)) == 0,
                let slot = face.pointee.glyph
            else { return 0 }
            return Double(slot.pointee.advance.x)
        }
    }

    /// Runs `body` with the font's FreeType face, holding the lock that every use of the face takes (a FreeType
    /// face is not thread-safe, and a font is shared between documents and threads). For a renderer that draws
    /// with FreeType itself, such as Cairo's FreeType font faces: everything that reads the face, creating such a
    /// font face and drawing glyphs with it included, happens inside a call of this. `body` must not call the
    /// font's other glyph methods (the lock is not reentrant).
    public func withFreeTypeFace<R>(_ body: (FT_Face) throws -> R) rethrows -> R {
        try freeType.withFace(body)
    }
}

/// A colour glyph's picture: a PNG from the font's `CBDT` or `sbix` table and where it goes, in font units relative
/// to the glyph's origin (y up, as outlines are): its left edge, its top and its size.
public struct ColorGlyphImage: Sendable {
    /// The PNG file's bytes, as the font stores them.
    public var png: [UInt8]
    /// The picture's left edge from the glyph's origin.
    public var left: Double
    /// The picture's top edge above the baseline.
    public var top: Double
    /// The picture's width (positive).
    public var width: Double
    /// The picture's height (positive, downwards from `top`).
    public var height: Double
}

extension Font {
    /// The bitmap of `glyph` in a colour bitmap font (`CBDT`, `sbix`), with the box the font measures for it
    /// (HarfBuzz's glyph extents, the strike's metrics scaled to the em); `nil` for a glyph without one. For
    /// pictures that embed colour glyphs as images (SVG), rather than drawing them through FreeType.
    public func colorImage(of glyph: UInt32) -> ColorGlyphImage? {
        guard isColor, let blob = hb_ot_color_glyph_reference_png(hbFont, glyph) else { return nil }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        var extents = hb_glyph_extents_t()
        guard let data = hb_blob_get_data(blob, &length), length > 0,
            hb_font_get_glyph_extents(hbFont, glyph, &extents) != 0, extents.width != 0, extents.height != 0
        else { return nil }
        let png = data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
            Array(UnsafeBufferPointer(start: $0, count: Int(length)))
        }
        return ColorGlyphImage(
            png: png, left: Double(extents.x_bearing), top: Double(extents.y_bearing),
            width: Double(extents.width), height: -Double(extents.height))
    }
}
