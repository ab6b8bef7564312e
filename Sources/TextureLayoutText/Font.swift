// Unsafe rooms: HarfBuzz, FreeType, fontconfig, POSIX.
// Invariants: a font owns its HarfBuzz font and blob, created once and destroyed in `deinit` (a thread's handle of a
// loaded font holds a reference of the same HarfBuzz font, released in its `deinit`); the font file's bytes are read
// only within their length; fontconfig patterns and strings are destroyed by the call that made them; a font never
// changes once made, so it is shared between threads; a thread's handle of the default font is retained once by its
// thread-specific slot and released by the slot's destructor when the thread exits.

import CFontconfig
import CFreeType
import CHarfBuzz
import Synchronization
import TextureLayoutPaint

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a font could not be loaded. Its ``description`` is one line, meant to follow a JSON path in a document
/// error (`fonts.body.file: ...`).
public enum FontError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No file exists at the path.
    case fileNotFound(path: String)
    /// The file exists but cannot be read (permissions, a directory, an I/O error).
    case unreadable(path: String)
    /// The file is not a TrueType/OpenType font (FreeType does not recognise its format).
    case notAFont(path: String)
    /// The file looks like a font but is damaged or truncated: the detail names what is wrong.
    case corrupt(path: String, detail: String)
    /// fontconfig knows no font of this family.
    case familyNotFound(family: String)
    /// The file has no face at this index (a collection holds `count` faces, any other font file one).
    case noFace(path: String, index: Int, count: Int)

    /// The same error about the file as `shownPath` names it (a server names a file under its fonts folder as
    /// the document does, never by its own path).
    public func naming(_ shownPath: String) -> FontError {
        switch self {
        case .fileNotFound: .fileNotFound(path: shownPath)
        case .unreadable: .unreadable(path: shownPath)
        case .notAFont: .notAFont(path: shownPath)
        case .corrupt(_, let detail): .corrupt(path: shownPath, detail: detail)
        case .familyNotFound: self
        case .noFace(_, let index, let count): .noFace(path: shownPath, index: index, count: count)
        }
    }

    /// One line naming what is wrong and the file or family, for error messages.
    public var description: String {
        switch self {
        case .fileNotFound(let path): "font file not found: \(path)"
        case .unreadable(let path): "font file cannot be read: \(path)"
        case .notAFont(let path): "not a TrueType/OpenType font: \(path)"
        case .corrupt(let path, let detail): "damaged font file (\(detail)): \(path)"
        case .familyNotFound(let family): "no font of family \"\(family)\" is installed"
        case .noFace(let path, let index, let count):
            "no face \(index) in the font file (it has \(count == 1 ? "one face, 0" : "\(count) faces, 0...\(count - 1)")): \(path)"
        }
    }
}

/// A font face loaded from a TrueType/OpenType file: what shaping, measuring and drawing need.
///
/// A font has no size: text runs give one. Shaping uses HarfBuzz at the font's design units (`unitsPerEm`), so
/// advances are exact and unhinted; metrics come from the `hhea` table, as the text contract says (not from
/// `OS/2`, whichever flag the font sets). Fonts are equal when they are the same loaded font, a thread's handle of
/// the default font (``defaultFont()``) being equal to it: load each file once and share it. Immutable once
/// loaded, so it can be shared between threads.
public final class Font: Hashable, @unchecked Sendable, CustomStringConvertible, GlyphFont {
    /// The file the font was loaded from, for renderers that rasterize or outline its glyphs themselves.
    public let path: String
    /// The face's index within the file (a collection holds several faces).
    public let faceIndex: Int
    /// The family name the file declares (empty when it declares none).
    public let familyName: String
    /// Design units per em: glyph coordinates and metrics below are in these units.
    public let unitsPerEm: Int
    /// `hhea` ascender (design units, positive above the baseline).
    public let ascender: Int
    /// `hhea` descender (design units, negative below the baseline).
    public let descender: Int
    /// `hhea` line gap (design units). Not part of a line's height (the contract uses ascent + descent only).
    public let lineGap: Int
    /// The number of glyphs in the face.
    public let glyphCount: Int
    /// Whether the face has colour glyph tables (`CBDT`, `sbix` or `COLR`): a colour emoji font, which font
    /// fallback prefers for characters with emoji presentation. Such a font may have bitmaps and no outlines.
    public let isColor: Bool
    /// Whether the character map has a glyph for every printable ASCII character (U+0020–U+007E): itemization
    /// then takes such characters from the run's font without looking each one up.
    let coversPrintableASCII: Bool

    /// HarfBuzz's font at a scale of `unitsPerEm` (positions come out in design units), made immutable.
    let hbFont: OpaquePointer
    /// The FreeType face that renderers draw glyphs from (see ``outline(of:)``), and the faces it lends them
    /// (``borrowFace()``).
    let freeType: FreeTypeFace
    /// What equality and hashing compare, and what the faces it lends record: the font that loaded the file (this
    /// one, set once it is made, or the one this is a thread's handle of).
    private(set) var identity = ObjectIdentifier(Font.self)
    /// The loaded font this is a thread's handle of, kept alive with it; `nil` for a loaded font.
    private let loaded: Font?

    /// Loads face `faceIndex` of the font file at `path`.
    ///
    /// FreeType checks the file first, so a missing, unreadable, non-font or damaged file fails with a
    /// ``FontError`` that says which, instead of producing an empty face whose text would measure as nothing.
    public init(file path: String, faceIndex: Int = 0) throws(FontError) {
        self.path = path
        self.faceIndex = faceIndex
        var info = stat()
        guard stat(path, &info) == 0 else { throw .fileNotFound(path: path) }
        guard (info.st_mode & S_IFMT) == S_IFREG, access(path, R_OK) == 0 else { throw .unreadable(path: path) }
        // Smaller than the 12-byte header every TrueType/OpenType file starts with.
        guard info.st_size >= 12 else { throw .notAFont(path: path) }
        guard
            let blob = hb_blob_create_from_file_or_fail(path)
        else { throw .unreadable(path: path) }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let bytes = hb_blob_get_data(blob, &length), length > 0 else { throw .notAFont(path: path) }
        // The sfnt signatures: TrueType (1.0 or "true"), OpenType with CFF ("OTTO"), a collection ("ttcf"), WOFF.
        let signature = UnsafeRawPointer(bytes).loadUnaligned(as: UInt32.self).bigEndian
        guard [0x0001_0000, 0x7472_7565, 0x4F54_544F, 0x7474_6366, 0x774F_4646, 0x774F_4632].contains(signature)
        else { throw .notAFont(path: path) }
        // A face the file does not have (FreeType would call it an invalid argument); face 0 is left to FreeType,
        // which says what is wrong with a file that has none.
        let faceCount = Int(hb_face_count(blob))
        guard faceIndex >= 0, faceIndex == 0 || faceIndex < faceCount else {
            throw .noFace(path: path, index: faceIndex, count: faceCount)
        }
        let face = hb_face_create(blob, UInt32(faceIndex))!
        defer { hb_face_destroy(face) }
        isColor = ([0x4342_4454, 0x7362_6978, 0x434F_4C52] as [UInt32]).contains { tag in  // "CBDT", "sbix", "COLR"
            guard let table = hb_face_reference_table(face, tag) else { return false }
            defer { hb_blob_destroy(table) }
            return hb_blob_get_length(table) > 0
        }
        (familyName, freeType) = try Font.openWithFreeType(
            blob, faceIndex: faceIndex, acceptsBitmaps: isColor, path: path)
        guard faceIndex < faceCount else { throw .noFace(path: path, index: faceIndex, count: faceCount) }
        unitsPerEm = Int(hb_face_get_upem(face))
        glyphCount = Int(hb_face_get_glyph_count(face))
        guard (16...16384).contains(unitsPerEm) else {
            throw .corrupt(path: path, detail: "units per em \(unitsPerEm)")
        }
        guard glyphCount > 0 else { throw .corrupt(path: path, detail: "no glyphs") }
        guard let metrics = Font.horizontalHeader(face) else {
            throw .corrupt(path: path, detail: "no hhea table")
        }
        (ascender, descender, lineGap) = metrics
        guard ascender - descender > 0 else {
            throw .corrupt(path: path, detail: "hhea ascender \(ascender) and descender \(descender)")
        }
        let font = hb_font_create(face)!
        hb_font_set_scale(font, Int32(unitsPerEm), Int32(unitsPerEm))
        hb_font_make_immutable(font)
        hbFont = font
        coversPrintableASCII = (0x20...0x7E).allSatisfy { scalar in
            var glyph: hb_codepoint_t = 0
            return hb_font_get_nominal_glyph(font, hb_codepoint_t(scalar), &glyph) != 0
        }
        loaded = nil
        identity = ObjectIdentifier(self)
    }

    /// A handle of `font` for one thread: the same font (equal, the same HarfBuzz font and FreeType face), with its
    /// own reference count and caches.
    private init(handleOf font: Font) {
        path = font.path
        faceIndex = font.faceIndex
        familyName = font.familyName
        unitsPerEm = font.unitsPerEm
        ascender = font.ascender
        descender = font.descender
        lineGap = font.lineGap
        glyphCount = font.glyphCount
        isColor = font.isColor
        coversPrintableASCII = font.coversPrintableASCII
        hbFont = hb_font_reference(font.hbFont)
        freeType = font.freeType
        identity = font.identity
        loaded = font
    }

    /// Per script, whether words shape apart in this font (``ShapedWordCache/separates(_:script:)``): found once
    /// per font and script, for every document that uses the font.
    private let wordSeparation = Mutex<[UInt32: Bool]>([:])

    /// Whether left-to-right text of `script` in this font can be shaped word by word (see ``ShapedWordCache``).
    func separatesWords(script: hb_script_t) -> Bool {
        if let known = wordSeparation.withLock({ $0[script.rawValue] }) { return known }
        let answer = ShapedWordCache.separates(self, script: script)
        wordSeparation.withLock { $0[script.rawValue] = answer }
        return answer
    }

    /// Whether the character map has a glyph for `scalar` (a Unicode code point).
    @inline(__always)
    func hasGlyph(_ scalar: UInt32) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar, &glyph) != 0
    }

    deinit { hb_font_destroy(hbFont) }

    /// Opens the font with FreeType, which tells a non-font from a damaged font, and returns its family name and
    /// the face, kept for drawing (it reads `blob`'s bytes).
    /// A face without outlines (FreeType's scalable flag unset) is refused unless `acceptsBitmaps` (a colour font,
    /// whose glyphs are bitmaps: measured by its metrics tables as any font, drawn from its bitmaps).
    private static func openWithFreeType(
        _ blob: OpaquePointer, faceIndex: Int, acceptsBitmaps: Bool, path: String
    )
        throws(FontError) -> (String, FreeTypeFace)
    {
        let kept: FreeTypeFace
        switch FreeTypeFace.open(blob, faceIndex: faceIndex) {
        case .success(let opened): kept = opened
        case .failure(.noLibrary): throw .corrupt(path: path, detail: "FreeType could not start")
        // FT_Err_Unknown_File_Format: FreeType recognises no font format in the bytes.
        case .failure(.face(0x02)): throw .notAFont(path: path)
        case .failure(.face(let error)): throw .corrupt(path: path, detail: freeTypeProblem(error))
        }
        let face = kept.face
        guard acceptsBitmaps || face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 else {
            throw .notAFont(path: path)
        }
        return (face.pointee.family_name.map { String(cString: $0) } ?? "", kept)
    }

    /// The `hhea` table's ascender, descender and line gap, read from the table itself.
    private static func horizontalHeader(_ face: OpaquePointer) -> (Int, Int, Int)? {
        let tag = UInt32(0x6868_6561)  // "hhea"
        guard let table = hb_face_reference_table(face, tag) else { return nil }
        defer { hb_blob_destroy(table) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(table, &length), length >= 36 else { return nil }
        let bytes = UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self)
        func int16(_ offset: Int) -> Int {
            Int(Int16(bitPattern: UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])))
        }
        return (int16(4), int16(6), int16(8))
    }

    // MARK: Finding fonts

    /// Loads the font fontconfig picks for `family` (regular style), failing when no installed font has that
    /// family: fontconfig always answers with some font, which would silently measure with the wrong metrics.
    public convenience init(family: String) throws(FontError) {
        try self.init(family: family, weight: nil)
    }

    /// Loads the font fontconfig picks for `family` at the OpenType `weight` (400 regular, 700 bold; the nearest
    /// the family has), failing when no installed font has that family. `nil` asks for the regular style.
    public convenience init(family: String, weight: Int?) throws(FontError) {
        guard let match = Font.fontconfigMatch(family, weight: weight), match.family.lowercased() == family.lowercased()
        else {
            throw .familyNotFound(family: family)
        }
        try self.init(file: match.path, faceIndex: match.index)
    }

    /// The family of the documented default font: DejaVu Sans (Debian's `fonts-dejavu-core`, Homebrew's
    /// `font-dejavu`), chosen because it is free, installed by `Scripts/setup`, and covers Latin, Greek, Cyrillic,
    /// Arabic and Hebrew basics.
    public static let defaultFamily = "DejaVu Sans"

    /// The default font: ``defaultFamily`` found through fontconfig, loaded once; each thread gets a handle of its
    /// own, equal to every other thread's. Every text of every document takes this font unless it names another,
    /// and its values are copied (each copy counting a reference) dozens of times per text: were one object
    /// every thread's, each count would wait for the other threads' writes to its cache line.
    public static func defaultFont() throws(FontError) -> Font {
        let font = try loadedDefault.get()
        if let handle = pthread_getspecific(threadHandleKey) {
            return Unmanaged<Font>.fromOpaque(handle).takeUnretainedValue()
        }
        let handle = Font(handleOf: font)
        pthread_setspecific(threadHandleKey, Unmanaged.passRetained(handle).toOpaque())
        return handle
    }

    /// Each thread's handle of the default font, released when the thread exits.
    private static let threadHandleKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { handle in
            Unmanaged<Font>.fromOpaque((handle as UnsafeMutableRawPointer?)!).release()
        }
        return key
    }()

    private static let loadedDefault: Result<Font, FontError> = Result { () throws(FontError) in
        try Font(family: defaultFamily)
    }

    /// fontconfig's best match for a family name: its file, face index and actual family.
    private static func fontconfigMatch(_ family: String, weight: Int?) -> (path: String, index: Int, family: String)? {
        guard FcInit() != 0, let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        _ = family.withCString {
            FcPatternAddString(pattern, FC_FAMILY, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self))
        }
        if let weight { _ = FcPatternAddInteger(pattern, FC_WEIGHT, FcWeightFromOpenType(Int32(clamping: weight))) }
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        var file: UnsafeMutablePointer<FcChar8>?
        var name: UnsafeMutablePointer<FcChar8>?
        var index: Int32 = 0
        guard FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file,
            FcPatternGetString(match, FC_FAMILY, 0, &name) == FcResultMatch, let name
        else { return nil }
        _ = FcPatternGetInteger(match, FC_INDEX, 0, &index)
        return (String(cString: file), Int(index), String(cString: name))
    }

    // MARK: Identity

    /// Fonts are equal when they are the same loaded font, or handles of it (run attributes compare fonts this way).
    public static func == (a: Font, b: Font) -> Bool { a.identity == b.identity }
    /// Hashes the loaded font's identity, matching ``==(_:_:)``.
    public func hash(into hasher: inout Hasher) { hasher.combine(identity) }
    /// The family and file, for diagnostics.
    public var description: String { "Font(\(familyName), \(path))" }
}
