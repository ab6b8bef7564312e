import CHarfBuzz
import CICUShim

/// A stretch of text that HarfBuzz shapes in one call: one run's attributes, one font, one bidi level, one script.
struct TextItem {
    var start: Int
    var end: Int
    /// The UAX #9 embedding level (odd: right to left).
    var level: UInt8
    /// The script it is shaped as: its characters' one script other than Common and Inherited, or Common.
    var script: hb_script_t
    /// The index of the run whose attributes (size, letter spacing, colour) the item has.
    var run: Int
    /// The font its glyphs come from.
    var font: Font

    /// Whether HarfBuzz shapes it right to left (which also reverses its glyphs into visual order).
    var isRightToLeft: Bool { level & 1 == 1 }
}

/// The text split into items: at every change of run, embedding level, script or font. A character whose script is
/// Common or Inherited (spaces, punctuation, digits, combining marks) joins the item it follows, or the one it
/// precedes at the start of an item, so that punctuation shapes with its words.
///
/// The font is chosen here, per grapheme cluster (a cluster is never split between fonts): the run's font when it
/// has every character of the cluster but the default-ignorable ones and the cluster has no emoji presentation,
/// else the font ``FontFallback`` picks. The stages after this one read each item's own font.
struct Itemization {
    let items: [TextItem]
    /// Whether some item's font is not its run's (font fallback served a character): each line's height then
    /// comes from the fonts of its items rather than its runs.
    let usesFallbackFonts: Bool

    init(_ source: borrowing TextSource, _ analysis: borrowing TextAnalysis, fallback: FontFallback) {
        let runs = source.runs, runStarts = source.runStarts, levels = analysis.levels
        let units = source.units, grapheme = analysis.graphemeBoundary
        let n = units.count
        if let item = Itemization.printableASCIIItem(source, analysis) {
            items = [item]
            usesFallbackFonts = false
            return
        }
        let unicode = hb_unicode_funcs_get_default()!
        var items: [TextItem] = []
        var run = 0
        var itemStart = 0
        var itemScript = HB_SCRIPT_INVALID
        var itemFont = runs[0].font
        // The current run's font and whether it has every printable ASCII character (most text needs no lookup).
        var runFont = itemFont
        var runCoversASCII = runFont.coversPrintableASCII
        var usesFallback = false
        var combining = CombiningSequenceLimit()
        var scalars: [UInt32] = []
        func flush(_ end: Int) {
            guard end > itemStart else { return }
            items.append(
                TextItem(
                    start: itemStart, end: end, level: levels[itemStart],
                    script: itemScript == HB_SCRIPT_INVALID ? HB_SCRIPT_COMMON : itemScript,
                    run: run, font: itemFont))
            itemStart = end
        }
        var i = 0
        while i < n {
            while i >= runStarts[run + 1] {
                flush(i)
                run += 1
                runFont = runs[run].font
                runCoversASCII = runFont.coversPrintableASCII
            }
            if levels[i] != levels[itemStart] && i > itemStart {
                flush(i)
                itemScript = HB_SCRIPT_INVALID
            }
            if combining.startsPiece(at: TextAnalysis.scalar(units, at: i, before: n).0, unicode: unicode)
                && i > itemStart
            {
                flush(i)
            }
            let (script, width) = analysis.script(at: i, unicode)
            if grapheme[i] {
                var font = runFont
                let unit = units[i]
                if !(runCoversASCII && unit >= 0x20 && unit <= 0x7E && grapheme[i + 1]) {
                    font = Itemization.font(
                        ofClusterAt: i, units, grapheme, runFont: runFont,
                        script: Itemization.isNeutral(script) ? itemScript : script,
                        fallback: fallback, scalars: &scalars)
                }
                if font !== itemFont {
                    if i > itemStart {
                        flush(i)
                        itemScript = HB_SCRIPT_INVALID
                    }
                    itemFont = font
                    if font !== runFont { usesFallback = true }
                }
            }
            if !Itemization.isNeutral(script) {
                if itemScript == HB_SCRIPT_INVALID || itemScript == HB_SCRIPT_COMMON {
                    itemScript = script
                } else if script != itemScript {
                    flush(i)
                    itemScript = script
                }
            } else if itemScript == HB_SCRIPT_INVALID {
                itemScript = HB_SCRIPT_COMMON
            }
            i += width
        }
        flush(n)
        self.items = items
        usesFallbackFonts = usesFallback
    }

    /// The one item of a text that the walk above would find without looking a character up: a text of one run
    /// whose font has every printable ASCII character, made only of them (U+0020–U+007E: no level, font or script
    /// other than Latin changes within it, and no combining marks) at level 0. Its script is Latin when it has an
    /// ASCII letter, else Common (the others are Common). Nil for any other text, which the walk itemizes.
    private static func printableASCIIItem(
        _ source: borrowing TextSource, _ analysis: borrowing TextAnalysis
    )
        -> TextItem?
    {
        let runs = source.runs
        guard runs.count == 1, runs[0].font.coversPrintableASCII, !source.units.isEmpty else { return nil }
        var printable = true
        var letter = false
        var level: UInt8 = 0
        for (unit, unitLevel) in zip(source.units, analysis.levels) {
            printable = printable && unit >= 0x20 && unit <= 0x7E
            letter = letter || (unit | 0x20 >= 0x61 && unit | 0x20 <= 0x7A)
            level |= unitLevel
        }
        guard printable && level == 0 else { return nil }
        return TextItem(
            start: 0, end: source.units.count, level: 0, script: letter ? HB_SCRIPT_LATIN : HB_SCRIPT_COMMON,
            run: 0, font: runs[0].font)
    }

    /// The font of the grapheme cluster starting at `start`: the run's font unless the cluster has emoji
    /// presentation (an `Emoji_Presentation` character not followed by U+FE0E, or an emoji followed by U+FE0F or
    /// U+20E3) or the run's font lacks one of its characters that is not default-ignorable; then ``FontFallback``'s.
    /// `scalars` is scratch space for the cluster's characters.
    private static func font(
        ofClusterAt start: Int, _ units: [UInt16], _ grapheme: [Bool], runFont: Font,
        script: hb_script_t, fallback: FontFallback, scalars: inout [UInt32]
    ) -> Font {
        scalars.removeAll(keepingCapacity: true)
        var end = start + 1
        while end < units.count && !grapheme[end] { end += 1 }
        var firstProperties: UInt32 = 0
        var textPresentation = false
        var emojiPresentation = false
        var covered = true
        var i = start
        while i < end {
            let (scalar, width) = TextAnalysis.scalar(units, at: i, before: end)
            i += width
            let properties = tl_emoji_properties(scalar)
            if scalar == 0xFE0E { textPresentation = true }
            if scalar == 0xFE0F || scalar == 0x20E3 {
                emojiPresentation = emojiPresentation || firstProperties & FontFallback.emojiProperty != 0
            }
            if properties & FontFallback.ignorableProperty != 0 { continue }
            if scalars.isEmpty { firstProperties = properties }
            scalars.append(scalar)
            if covered && !runFont.hasGlyph(scalar) { covered = false }
        }
        guard !scalars.isEmpty else { return runFont }
        let emoji =
            !textPresentation
            && (emojiPresentation || firstProperties & FontFallback.emojiPresentationProperty != 0)
        if covered && !emoji { return runFont }
        return fallback.font(
            for: scalars, runFont: runFont,
            script: script == HB_SCRIPT_INVALID ? HB_SCRIPT_COMMON : script, emoji: emoji)
    }

    /// Scripts that take the script of the text around them.
    static func isNeutral(_ script: hb_script_t) -> Bool {
        script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN
    }
}
