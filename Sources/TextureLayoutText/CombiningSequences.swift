// Unsafe room: HarfBuzz.
// Invariants: the Unicode functions pointer is HarfBuzz's default, valid for the process, and is only passed to
// HarfBuzz.

import CHarfBuzz

/// Where a long combining sequence is cut into shaping pieces, so that shaping costs time linear in the text's
/// length.
///
/// HarfBuzz attaches each mark to its base by walking back over every mark (and every default-ignorable
/// character) before it, so one base followed by n marks costs n² steps in a single shaping call (a document of one
/// letter and a million marks would hold a core for many minutes). Unicode's Stream-Safe Text Format (UAX #15) bounds
/// such sequences at 30 non-starters by inserting U+034F COMBINING GRAPHEME JOINER, but HarfBuzz walks over that
/// joiner as over any mark (it is one), so the text is instead shaped in pieces: after 30 such characters in a row
/// the next one starts a new piece. Marks past the 30th have no base in their piece and keep their own advances and
/// positions; the text itself (its characters, breaks and graphemes) is unchanged. Real text never comes close:
/// the longest sequences Unicode's data needs for a character are a handful of marks.
struct CombiningSequenceLimit {
    /// The most marks and default-ignorable characters in a row that one shaping piece holds (UAX #15's bound).
    static let longest = 30

    /// How many such characters end the current piece.
    private var length = 0

    /// Counts `scalar`; whether a new shaping piece starts at it.
    mutating func startsPiece(at scalar: UInt32, unicode: OpaquePointer?) -> Bool {
        // No mark or default-ignorable character comes before U+00AD (and none between it and U+0300): most text
        // asks nothing more.
        guard scalar >= 0xAD, Self.isSkippedByAttachment(scalar, unicode: unicode) else {
            length = 0
            return false
        }
        if length == Self.longest {
            length = 1
            return true
        }
        length += 1
        return false
    }

    /// Whether HarfBuzz's search for a mark's base passes over `scalar`: a mark (general category M), a format
    /// character (Cf: joiners, directional marks, tags) or one of the other default-ignorable characters.
    private static func isSkippedByAttachment(_ scalar: UInt32, unicode: OpaquePointer?) -> Bool {
        switch hb_unicode_general_category(unicode, scalar) {
        case HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK, HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK,
            HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK, HB_UNICODE_GENERAL_CATEGORY_FORMAT:
            return true
        default:
            // Hangul fillers and the reserved default-ignorable ranges (DerivedCoreProperties.txt).
            switch scalar {
            case 0x115F, 0x1160, 0x3164, 0xFFA0, 0x2065, 0xFFF0...0xFFF8, 0xE0000...0xE0FFF: return true
            default: return false
            }
        }
    }
}
