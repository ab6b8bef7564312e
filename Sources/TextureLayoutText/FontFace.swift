// Unsafe room: FreeType.
// Invariants: a FreeType face and its library are used by one thread at a time: the font's own face only under its
// lock, a lent face (`GlyphFace`) only by the one holder it is lent to until it is given back (the pool's lock
// hands it over), and by what that holder made over it (a Cairo font face) only while it holds it; each is closed
// once, in `deinit`, when its last owner lets it go: the font, the `GlyphFace`, and each claim a C library holds
// (`claimFreeTypeFace()`, released once by that library's destroy callback, on any thread, when nothing of it reads
// the face any more), so that no other face gets its address while a library still knows it by that address; its
// font file's bytes (a HarfBuzz blob it references) outlive it; the outline callbacks' user pointer is an
// unretained collector alive for the whole `FT_Outline_Decompose` call.

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

/// A FreeType face of a font over the font file's bytes, with a FreeType library of its own. A FreeType face is not
/// thread-safe: the font's own face (opened when the font is loaded, which is how the file is checked) is only
/// touched under its lock, which also guards the outlines read so far; the faces a font lends to pictures
/// (``GlyphFace``) are opened again over the same bytes, kept in ``spares`` between two holders.
final class FreeTypeFace: @unchecked Sendable {
    private let library: FT_Library
    /// The face: under ``withFace(_:)``, or by the holder of the ``GlyphFace`` it was lent as.
    let face: FT_Face
    /// The font file's bytes, which the face reads from until it is done.
    private let blob: OpaquePointer
    /// Outlines already read, by glyph; the lock every use of `face` takes.
    private let outlines = Mutex<[UInt32: [GlyphOutlineSegment]]>([:])
    /// The faces lent to pictures and given back, for the next picture (only the font's own face keeps any).
    let spares = Mutex<[GlyphFace]>([])

    /// Opens face `faceIndex` of the font file in `blob` (taking a reference to it); FreeType's error code when
    /// it cannot.
    static func open(_ blob: OpaquePointer, faceIndex: Int) -> Result<FreeTypeFace, FreeTypeError> {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return .failure(.noLibrary) }
        var length: UInt32 = 0
        var face: FT_Face?
        let error = hb_blob_get_data(blob, &length).map { bytes in
            bytes.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
                FT_New_Memory_Face(library, $0, Int(length), faceIndex, &face)
            }
        }
        guard error == 0, let face else {
            FT_Done_FreeType(library)
            return .failure(.face(Int32(error ?? 0x02)))
        }
        return .success(FreeTypeFace(library: library, face: face, blob: blob))
    }

    /// Takes over `library` and `face` (made from `blob`'s bytes) and a reference to `blob`.
    private init(library: FT_Library, face: FT_Face, blob: OpaquePointer) {
        self.library = library
        self.face = face
        self.blob = hb_blob_reference(blob)
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
        hb_blob_destroy(blob)
    }

    /// The same face of the same bytes opened again (`nil` when FreeType cannot: out of memory).
    func reopened() -> FreeTypeFace? {
        try? FreeTypeFace.open(blob, faceIndex: face.pointee.face_index).get()
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

    /// The glyph the character map gives `scalar` (0 when it has none).
    func glyph(for scalar: Unicode.Scalar) -> UInt32 {
        withFace { UInt32(FT_Get_Char_Index($0, FT_ULong(scalar.value))) }
    }

    /// The unhinted horizontal advance of `glyph` in font units (0 when FreeType cannot load it).
    func advance(of glyph: UInt32) -> Double {
        withFace { face in
            guard FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)) == 0,
                let slot = face.pointee.glyph
            else { return 0 }
            return Double(slot.pointee.advance.x)
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

/// Why FreeType could not open a font file's face.
enum FreeTypeError: Error {
    /// FreeType could not start (out of memory).
    case noLibrary
    /// FreeType's error code for the face.
    case face(Int32)
}

extension Font {
    /// The outline of `glyph` (an id in this font, as ``GlyphRun/glyphs`` holds) in font units, y up: scale by
    /// `size / unitsPerEm` and place at the glyph's position to draw it. Empty for a glyph without an outline
    /// (a space). Read once per glyph and kept; safe to call from any thread (under the font's lock: a picture
    /// drawn on one of several threads reads its glyphs from a ``borrowFace()``).
    public func outline(of glyph: UInt32) -> [GlyphOutlineSegment] { freeType.outline(of: glyph) }

    /// The glyph this font's character map gives `scalar` (0, the missing glyph, when it has none), for text drawn
    /// without shaping (labels).
    public func glyph(for scalar: Unicode.Scalar) -> UInt32 { freeType.glyph(for: scalar) }

    /// The unhinted horizontal advance of `glyph` in font units (0 when FreeType cannot load it).
    public func advance(of glyph: UInt32) -> Double { freeType.advance(of: glyph) }

    /// A FreeType face of this font for the caller alone until it gives it back (``giveBack(_:)``): one given
    /// back earlier, or a new one opened over the same bytes (`nil` when FreeType cannot open it: out of
    /// memory). Pictures drawn at once on several threads each draw from their own face, without a lock: a
    /// shared face would need one around every glyph read and every Cairo fill of text (`render --jobs 8` of 200
    /// share cards on 2 cores: 86% of the threads' waits were on that lock). The faces stay with the font, each
    /// with what a renderer made from it (``GlyphFace/attachment``), so a font has as many as pictures drew with
    /// it at once.
    public func borrowFace() -> GlyphFace? {
        if let spare = freeType.spares.withLock({ $0.popLast() }) { return spare }
        return freeType.reopened().map { GlyphFace($0, font: identity) }
    }

    /// Gives back a face ``borrowFace()`` lent: the caller no longer uses it, nor does anything it made from it
    /// (a Cairo surface drawing or finishing with it).
    public func giveBack(_ face: GlyphFace) {
        assert(face.font == identity, "a face given back to another font")
        freeType.spares.withLock { $0.append(face) }
    }
}

/// A FreeType face of a font lent to one holder at a time (``Font/borrowFace()``): its glyphs are read, and a
/// renderer draws with its FreeType face, without waiting for anyone, since nobody else uses it until it is given
/// back (``Font/giveBack(_:)``). Its outlines are read once per face and kept, like the font's own.
public final class GlyphFace: @unchecked Sendable {
    private let freeType: FreeTypeFace
    /// The font that lent it.
    fileprivate let font: ObjectIdentifier
    /// What a renderer made from the face and keeps for its next holder (a Cairo font face over it, whose glyph
    /// cache then lasts from picture to picture); released with the face, before it.
    public var attachment: AnyObject?

    fileprivate init(_ freeType: FreeTypeFace, font: ObjectIdentifier) {
        self.freeType = freeType
        self.font = font
    }

    // What the renderer made may read the FreeType face until it goes: it goes first.
    deinit { attachment = nil }

    /// The FreeType face itself, for a renderer that draws with FreeType (Cairo's FreeType font faces), only while
    /// this is held.
    public var freeTypeFace: FT_Face { freeType.face }

    /// A claim that keeps ``freeTypeFace`` open after this face and its font are gone, for a C library that keeps
    /// what it made over the face as long as it likes: Cairo keeps a font face's scaled fonts (with their glyphs)
    /// in a cache after their last user, and finds them again by the FreeType face's address, so a face closed
    /// before Cairo lets go would leave Cairo reading freed memory, or drawing the old font's glyphs for a new
    /// face that FreeType put at the same address. The library releases the claim, exactly once, with
    /// ``releaseFreeTypeFace(_:)`` (Cairo: the destroy callback of the font face's user data).
    public func claimFreeTypeFace() -> UnsafeMutableRawPointer { Unmanaged.passRetained(freeType).toOpaque() }

    /// Releases a claim ``claimFreeTypeFace()`` made; the face is closed when nothing else holds it. For a C
    /// destroy callback, on any thread (a claim is not used by anyone once released).
    public static func releaseFreeTypeFace(_ claim: UnsafeMutableRawPointer?) {
        guard let claim else { return }
        Unmanaged<FreeTypeFace>.fromOpaque(claim).release()
    }

    /// The outline of `glyph` in font units, as ``Font/outline(of:)`` gives it.
    public func outline(of glyph: UInt32) -> [GlyphOutlineSegment] { freeType.outline(of: glyph) }

    /// The unhinted horizontal advance of `glyph` in font units, as ``Font/advance(of:)`` gives it.
    public func advance(of glyph: UInt32) -> Double { freeType.advance(of: glyph) }
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
