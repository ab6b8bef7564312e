// Unsafe room: fontconfig.
// Invariants: an entry's character set belongs to a font set that is read once per family and language and never
// freed, so entries may be shared between threads and read at any time; search patterns are destroyed by the call
// that made them, and fontconfig's strings are read only while their pattern is alive.

import CFontconfig
import CHarfBuzz
import CICUShim
import Synchronization

/// Where a text's characters that their run's font has no glyph for take their glyphs from: a document's
/// `fallbackFonts` in order, then the fonts the system offers (fontconfig's sorted list for the run's family and a
/// language derived from the character's script).
///
/// Itemization asks it once per grapheme cluster that the run's font does not cover (or that has emoji
/// presentation). The fonts that may serve a character are looked up once per run family, character and
/// presentation and kept here, so a document's texts share the answers; the system's fonts are loaded once per
/// process (by `Font`'s own cache of system font files). Safe to share between threads.
public final class FontFallback: Sendable {
    /// The fonts tried first, in order (a document's `fallbackFonts`).
    public let fonts: [Font]
    /// Whether the system's fonts are tried after ``fonts``.
    public let usesSystemFonts: Bool

    /// The system's fonts only: what a text without a document (a compat `ASTextNode`) falls back to.
    public static let system = FontFallback()

    /// Fallback to `fonts`, in order, then (when `usesSystemFonts`) to the system's fonts.
    public init(fonts: [Font] = [], usesSystemFonts: Bool = true) {
        self.fonts = fonts
        self.usesSystemFonts = usesSystemFonts
    }

    /// What the fonts that may serve a character depend on. The run's font is named by its file and face as well
    /// as its family: the candidates leave out the run's own file, so two files of one family (a document's copy of
    /// a system font, its bold face) must not share an entry, or the answer would depend on which asked first.
    private struct Key: Hashable {
        var family: String
        var file: String
        var face: Int
        var scalar: UInt32
        var script: UInt32
        var emoji: Bool
    }

    /// The fonts with a glyph for a character, in the order they are tried (colour fonts first for emoji
    /// presentation; the run's own font is not among them).
    private struct Candidates {
        var color: [Font]
        var others: [Font]
    }

    private let known = Mutex<[Key: Candidates]>([:])

    /// The font for the grapheme cluster `scalars` (at least one) of a run in `runFont`: the first font that has
    /// every character but the default-ignorable ones, trying colour fonts first when `emoji` (the cluster has
    /// emoji presentation), then the run's font, then ``fonts`` and the system's; the run's font when none has them
    /// all. `script` is the cluster's script (the text's around it for a neutral one), which picks the language
    /// the system is asked with.
    func font(for scalars: borrowing [UInt32], runFont: Font, script: hb_script_t, emoji: Bool) -> Font {
        let key = Key(
            family: runFont.familyName, file: runFont.path, face: runFont.faceIndex, scalar: scalars[0],
            script: script.rawValue, emoji: emoji)
        let candidates =
            known.withLock { $0[key] }
            ?? remember(
                key,
                candidates(
                    for: scalars[0], runFont: runFont,
                    script: script, emoji: emoji))
        func coversAll(_ font: Font) -> Bool {
            for i in 1..<scalars.count where !font.hasGlyph(scalars[i]) { return false }
            return true
        }
        if let font = candidates.color.first(where: coversAll) { return font }
        if emoji && coversAll(runFont) && runFont.hasGlyph(scalars[0]) { return runFont }
        return candidates.others.first(where: coversAll) ?? runFont
    }

    private func remember(_ key: Key, _ candidates: Candidates) -> Candidates {
        known.withLock { $0[key] = candidates }
        return candidates
    }

    /// At most this many fonts of the system's sorted list are kept per character: enough for a cluster whose
    /// other characters the first ones lack, few enough that a character every font has loads few files.
    private static let systemCandidateLimit = 4

    private func candidates(for scalar: UInt32, runFont: Font, script: hb_script_t, emoji: Bool) -> Candidates {
        var color: [Font] = []
        var others: [Font] = []
        for font in fonts where font !== runFont && font.hasGlyph(scalar) {
            if emoji && font.isColor { color.append(font) } else { others.append(font) }
        }
        if usesSystemFonts {
            let language = emoji ? "und-zsye" : FontFallback.language(of: script)
            var found = 0
            for entry in SystemFontList.sorted(family: runFont.familyName, language: language)
            where found < FontFallback.systemCandidateLimit && entry.covers(scalar) {
                guard let font = Font.system(file: entry.file, faceIndex: entry.index), font.hasGlyph(scalar),
                    font.path != runFont.path || font.faceIndex != runFont.faceIndex
                else { continue }
                found += 1
                if emoji && font.isColor {
                    if color.isEmpty { color.append(font) }  // the document's colour font comes first when it has one
                } else if !others.contains(font) {
                    others.append(font)
                }
            }
        }
        return Candidates(color: color, others: others)
    }

    /// The language the system is asked for a script's characters with: one language that writes the script (a
    /// fixed table, never the environment's language, so that the same fonts give the same answer everywhere).
    static func language(of script: hb_script_t) -> String {
        switch script {
        case HB_SCRIPT_ARABIC: "ar"
        case HB_SCRIPT_HEBREW: "he"
        case HB_SCRIPT_THAI: "th"
        case HB_SCRIPT_DEVANAGARI: "hi"
        case HB_SCRIPT_BENGALI: "bn"
        case HB_SCRIPT_TAMIL: "ta"
        case HB_SCRIPT_HAN: "zh-cn"
        case HB_SCRIPT_HIRAGANA, HB_SCRIPT_KATAKANA: "ja"
        case HB_SCRIPT_HANGUL: "ko"
        case HB_SCRIPT_GREEK: "el"
        case HB_SCRIPT_CYRILLIC: "ru"
        case HB_SCRIPT_ARMENIAN: "hy"
        case HB_SCRIPT_GEORGIAN: "ka"
        case HB_SCRIPT_ETHIOPIC: "am"
        case HB_SCRIPT_KHMER: "km"
        case HB_SCRIPT_LAO: "lo"
        case HB_SCRIPT_MYANMAR: "my"
        default: "en"
        }
    }

    /// The emoji and default-ignorable properties of a code point (see `tl_emoji_properties`).
    static let emojiProperty: UInt32 = 1, emojiPresentationProperty: UInt32 = 2, ignorableProperty: UInt32 = 4
}

/// fontconfig's fonts for a family and language, sorted as fontconfig sorts them (`FcFontSort`), read once per
/// family and language for the process (the installed fonts do not change while it runs).
enum SystemFontList {
    /// One font of the sorted list: its file, face and character set (kept alive by the list's font set, which is
    /// never freed).
    struct Entry: @unchecked Sendable {
        var file: String
        var index: Int
        let characters: OpaquePointer?

        func covers(_ scalar: UInt32) -> Bool {
            guard let characters else { return false }
            return FcCharSetHasChar(characters, scalar) != 0
        }
    }

    private struct Key: Hashable {
        var family: String
        var language: String
    }

    private static let lists = Mutex<[Key: [Entry]]>([:])

    /// The sorted fonts for `family` and `language` (empty when fontconfig fails).
    static func sorted(family: String, language: String) -> [Entry] {
        let key = Key(family: family, language: language)
        return lists.withLock { lists in
            if let list = lists[key] { return list }
            let list = read(family: family, language: language)
            lists[key] = list
            return list
        }
    }

    private static func read(family: String, language: String) -> [Entry] {
        guard FcInit() != 0, let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        _ = family.withCString {
            FcPatternAddString(pattern, FC_FAMILY, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self))
        }
        _ = language.withCString {
            FcPatternAddString(pattern, FC_LANG, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self))
        }
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let set = FcFontSort(nil, pattern, FcTrue, nil, &result) else { return [] }
        // Kept for the process: the entries point at the character sets it holds.
        var entries: [Entry] = []
        for i in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[i] else { continue }
            var file: UnsafeMutablePointer<FcChar8>?
            var index: Int32 = 0
            var characters: OpaquePointer?
            guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { continue }
            _ = FcPatternGetInteger(font, FC_INDEX, 0, &index)
            _ = FcPatternGetCharSet(font, FC_CHARSET, 0, &characters)
            entries.append(Entry(file: String(cString: file), index: Int(index), characters: characters))
        }
        return entries
    }
}

extension Font {
    private static let systemFonts = Mutex<[String: Font?]>([:])

    /// The font at `file` and `faceIndex` from the system's fonts, loaded once for the process (`nil` when it
    /// cannot be loaded: a font format this module does not read, or a damaged file).
    static func system(file: String, faceIndex: Int) -> Font? {
        let key = "\(faceIndex):\(file)"
        if let loaded = systemFonts.withLock({ $0[key] }) { return loaded }
        let font = try? Font(file: file, faceIndex: faceIndex)
        return systemFonts.withLock { fonts in
            if let first = fonts[key] { return first }
            fonts[key] = font
            return font
        }
    }
}
