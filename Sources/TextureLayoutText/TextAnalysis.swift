// Unsafe room: ICU.
// Invariants: ICU reads the UTF-16 units and writes the level array only inside `withUnsafe(Mutable)BufferPointer`,
// with the buffers' own counts; ICU's objects are opened and closed by the call that uses them.

import CHarfBuzz
import CICUShim

/// What the text's characters say about themselves, before any font is involved: its line-break opportunities
/// (UAX #14), grapheme clusters (UAX #29), paragraphs and bidi embedding levels (UAX #9) and scripts (UAX #24).
/// Itemization splits the text by these; line breaking and truncation break at them. Scripts are looked up as
/// itemization walks the text rather than kept: one more array per text cost more than the lookups (callgrind, text
/// feed).
struct TextAnalysis {
    /// Line-break opportunities after offset 0, ascending (the last at the text's end), and whether each is
    /// forced (after a newline).
    let breaks: [Int]
    let forced: [Bool]
    /// Whether a grapheme cluster starts at each offset (`count + 1` entries; the end counts).
    let graphemeBoundary: [Bool]
    /// The UAX #9 embedding level of each UTF-16 unit (odd: right to left).
    let levels: [UInt8]
    /// The resolved direction of each paragraph (the text between forced breaks), by the offset it starts at.
    let paragraphStarts: [Int]
    let paragraphRTL: [Bool]
    /// The text analysed.
    let units: [UInt16]

    /// Analyses `units`; paragraphs whose first strong character does not decide take `defaultDirection`.
    init(_ units: [UInt16], defaultDirection: TextDirection) {
        self.units = units
        // ICU's answers are written here, for one call after the other.
        var positions = [Int32](repeating: 0, count: max(units.count, 1))
        let lines = TextAnalysis.lineBreaks(units, &positions)
        breaks = lines.breaks
        forced = lines.forced
        graphemeBoundary = TextAnalysis.graphemeBoundaries(units, &positions)
        let bidi = TextAnalysis.bidiLevels(units, breaks: breaks, forced: forced, defaultDirection: defaultDirection)
        levels = bidi.levels
        paragraphStarts = bidi.paragraphStarts
        paragraphRTL = bidi.paragraphRTL
    }

    /// The UAX #14 opportunities (ICU's line break iterator); the end of a non-empty text is always one, even
    /// when ICU fails.
    private static func lineBreaks(_ units: [UInt16], _ positions: inout [Int32]) -> (breaks: [Int], forced: [Bool]) {
        let n = units.count
        var flags = [UInt8](repeating: 0, count: max(n, 1))
        let breakCount = units.withUnsafeBufferPointer {
            n == 0 ? 0 : Int(max(0, tl_line_breaks($0.baseAddress, Int32(n), &positions, &flags, Int32(n))))
        }
        var breaks = (0..<breakCount).map { Int(positions[$0]) }
        var forced = (0..<breakCount).map { flags[$0] != 0 }
        if n > 0 && breaks.last != n {
            breaks.append(n)
            forced.append(false)
        }
        return (breaks, forced)
    }

    /// The grapheme cluster boundaries: without ICU when every unit is ``isLoneGrapheme(_:)``, else ICU's
    /// character iterator; when ICU fails, every character that is not the second half of a surrogate pair starts
    /// a cluster.
    static func graphemeBoundaries(_ units: [UInt16], _ positions: inout [Int32]) -> [Bool] {
        if units.allSatisfy(isLoneGrapheme) {
            var grapheme = [Bool](repeating: true, count: units.count + 1)
            for i in units.indices.dropFirst() where units[i] == 0x0A && units[i - 1] == 0x0D { grapheme[i] = false }
            return grapheme
        }
        return icuGraphemeBoundaries(units, &positions)
    }

    /// Whether UAX #29 puts a grapheme boundary on both sides of `unit` in any text made only of such units, CR
    /// followed by LF excepted (GB3): the units below U+0300 (where the combining marks begin) and the general
    /// punctuation U+2010–U+2027 and U+2030–U+205E, whose break properties are Control, CR, LF or none. None of
    /// them is Extend, ZWJ, SpacingMark, Prepend, Hangul or a regional indicator, so only GB3–GB5 and GB999 apply
    /// (GB11's pictographs, © ® ‼ ⁉, join only across a ZWJ, which is not one of them), and Latin text skips
    /// ICU's iterator.
    @inline(__always)
    static func isLoneGrapheme(_ unit: UInt16) -> Bool {
        unit < 0x0300 || (0x2010...0x2027).contains(unit) || (0x2030...0x205E).contains(unit)
    }

    /// The grapheme cluster boundaries as ICU's character iterator finds them.
    static func icuGraphemeBoundaries(_ units: [UInt16], _ positions: inout [Int32]) -> [Bool] {
        let n = units.count
        var grapheme = [Bool](repeating: false, count: n + 1)
        grapheme[0] = true
        grapheme[n] = true
        let graphemeCount = units.withUnsafeBufferPointer {
            n == 0 ? 0 : Int(max(0, tl_grapheme_breaks($0.baseAddress, Int32(n), &positions, Int32(n))))
        }
        if graphemeCount == 0 {
            for i in 0..<n where !UTF16.isTrailSurrogate(units[i]) { grapheme[i] = true }
        }
        for i in 0..<graphemeCount { grapheme[Int(positions[i])] = true }
        return grapheme
    }

    /// The embedding levels, paragraph by paragraph (a paragraph ends at a forced break). ICU runs only on a
    /// paragraph that may hold right-to-left text (a character from U+0590 on) or takes the right-to-left default;
    /// any other is level 0 throughout. Where ICU fails, the paragraph takes the default direction.
    private static func bidiLevels(
        _ units: [UInt16], breaks: [Int], forced: [Bool], defaultDirection: TextDirection
    )
        -> (levels: [UInt8], paragraphStarts: [Int], paragraphRTL: [Bool])
    {
        let n = units.count
        let defaultRTL = defaultDirection == .rightToLeft
        var levels = [UInt8](repeating: 0, count: n)
        var paragraphStarts: [Int] = []
        var paragraphRTL: [Bool] = []
        var start = 0
        var index = 0
        repeat {
            while index < breaks.count && !forced[index] && breaks[index] < n { index += 1 }
            let end = index < breaks.count ? breaks[index] : n
            index += 1
            let needsBidi = defaultRTL || units[start..<end].contains { $0 >= 0x0590 }
            var rtl = defaultRTL
            if needsBidi && end > start {
                let level = units.withUnsafeBufferPointer { text in
                    levels.withUnsafeMutableBufferPointer { out in
                        tl_bidi_levels(
                            text.baseAddress! + start, Int32(end - start), defaultRTL ? 0xFF : 0xFE,
                            out.baseAddress! + start)
                    }
                }
                if level < 0 {
                    for i in start..<end { levels[i] = defaultRTL ? 1 : 0 }
                } else {
                    rtl = level == 1
                }
            } else if rtl {
                for i in start..<end { levels[i] = 1 }
            }
            paragraphStarts.append(start)
            paragraphRTL.append(rtl)
            start = end
        } while start < n
        return (levels, paragraphStarts, paragraphRTL)
    }

    /// The Unicode script of the code point at `offset` (HarfBuzz's tables) and the code point's length in units.
    @inline(__always)
    func script(at offset: Int, _ unicode: OpaquePointer) -> (hb_script_t, Int) {
        let (scalar, width) = TextAnalysis.scalar(units, at: offset, before: units.count)
        return (hb_unicode_script(unicode, scalar), width)
    }

    /// The code point starting at `units[i]` and its length in units: a surrogate pair (both halves before
    /// `end`) is one code point, any other unit is its own (a lone surrogate stays as it is).
    @inline(__always)
    static func scalar(_ units: [UInt16], at i: Int, before end: Int) -> (UInt32, Int) {
        let unit = units[i]
        if UTF16.isLeadSurrogate(unit), i + 1 < end, UTF16.isTrailSurrogate(units[i + 1]) {
            return (0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(units[i + 1]) - 0xDC00), 2)
        }
        return (UInt32(unit), 1)
    }
}
