import CHarfBuzz

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
/// The font is chosen here because it is a property of each character like its script: today every character takes
/// its run's font; choosing one per grapheme cluster (font fallback) splits items where the choice changes, and
/// the stages after this one read each item's own font.
struct Itemization {
    let items: [TextItem]

    init(_ source: borrowing TextSource, _ analysis: borrowing TextAnalysis) {
        let runs = source.runs, runStarts = source.runStarts, levels = analysis.levels
        let n = source.units.count
        let unicode = hb_unicode_funcs_get_default()!
        var items: [TextItem] = []
        var run = 0
        var itemStart = 0
        var itemScript = HB_SCRIPT_INVALID
        var combining = CombiningSequenceLimit()
        func flush(_ end: Int) {
            guard end > itemStart else { return }
            items.append(TextItem(start: itemStart, end: end, level: levels[itemStart],
                                  script: itemScript == HB_SCRIPT_INVALID ? HB_SCRIPT_COMMON : itemScript,
                                  run: run, font: runs[run].font))
            itemStart = end
        }
        var i = 0
        while i < n {
            while i >= runStarts[run + 1] {
                flush(i)
                run += 1
            }
            if levels[i] != levels[itemStart] && i > itemStart {
                flush(i)
                itemScript = HB_SCRIPT_INVALID
            }
            if combining.startsPiece(at: TextAnalysis.scalar(source.units, at: i, before: n).0, unicode: unicode)
                && i > itemStart { flush(i) }
            let (script, width) = analysis.script(at: i, unicode)
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
    }

    /// Scripts that take the script of the text around them.
    static func isNeutral(_ script: hb_script_t) -> Bool {
        script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN
    }
}
