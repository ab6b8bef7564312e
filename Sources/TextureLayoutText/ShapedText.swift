// Unsafe room: text store.
// Invariants: a shaped text never changes once made, so it is shared between threads; its break points are read
// through the break table's pointer while the text (which holds the table's chunk) is alive.

/// What a shaped text keeps of its widths at one offset (``TextShaping``'s `prefix`, `endAdjust` and
/// `startAdjust` there), side by side: a line's width reads the entries at its two ends, and truncation, which
/// measures cut after cut near one offset, reads a few neighbouring entries of one array instead of three arrays
/// (each with its own header line).
struct CharacterMeasure: Sendable {
    /// The width of the text before the offset.
    var prefix: Double
    /// What a line that ends here, inside a shaped item, adds to `prefix`.
    var endAdjust: Double
    /// What a line that starts here, inside a shaped item, adds to its width.
    var startAdjust: Double
}

/// A text shaped once for all widths: the stages' results that line breaking and positioned lines read. The
/// stages run in order, each a type of its own: ``TextSource`` (the runs as one string: the entry point),
/// ``TextAnalysis`` (break opportunities, graphemes, bidi levels, scripts), ``Itemization`` (items by run, level,
/// script and font), ``TextShaping`` (glyphs and widths), then the break table; line breaking and the positioned
/// lines of ``TextLine`` read what they keep. Laying the text out at another width only breaks lines again from
/// these arrays, which is why a new width costs far less than the first layout. Immutable, so a node can keep it
/// across passes.
final class ShapedText: @unchecked Sendable {
    // What truncating a line at a new width reads of the text's object is declared first, so that it lies in one
    // or two cache lines (stored properties are laid out in declaration order): the table, the run's metrics and
    // the paragraph's direction, and the arrays that the cut is measured with.

    /// What breaking at a new width reads: the word-mode break opportunities (see ``BreakPoint``) after a header
    /// with the few values read besides, then their corrections, in memory that the chunk below keeps (shared with
    /// the tables of the other texts of a document when they are shaped into a ``BreakTableArena``).
    let table: BreakTable
    /// `units.count`, kept beside the arrays (as in the table's header).
    let count: Int
    /// The ascent and descent of the only run, when there is one and every character is in its font: every line
    /// has them (read without the run arrays below; the table's header has them too).
    let singleRunMetrics: (ascent: Double, descent: Double)?
    /// The direction of the only paragraph, when there is one: read without the arrays below (truncating a title
    /// at a new width asks for it).
    let onlyParagraphRTL: Bool?
    /// The text in UTF-16 (``TextSource``); every offset below indexes it.
    let units: [UInt16]
    /// The prefix width and its corrections at every offset, the text's end included (see ``CharacterMeasure``).
    let measures: [CharacterMeasure]
    /// The grapheme boundaries of ``TextAnalysis``.
    let graphemeBoundary: [Bool]

    private let tableChunk: BreakTableChunk
    /// Whether font fallback gave some characters another font than their run's (see
    /// ``Itemization/usesFallbackFonts``): line heights then come from the items' fonts.
    let usesFallbackFonts: Bool
    /// The runs whose characters make up the text, and where each starts (`runs.count + 1` entries).
    let runs: [TextRun]
    let runStarts: [Int]
    /// Each run's font ascent and descent at its size, in points (`hhea`), for line heights.
    let runAscent: [Double]
    let runDescent: [Double]
    /// The shaped items and their glyphs (see ``TextShaping``).
    let glyphs: [ShapedGlyph]
    let items: [ShapedItem]
    /// The width of the whole text (what a truncation token is measured by).
    let totalWidth: Double
    /// The break opportunities and paragraphs of ``TextAnalysis`` (the levels are in the items).
    let breaks: [Int]
    let forced: [Bool]
    let paragraphStarts: [Int]
    let paragraphRTL: [Bool]
    /// Whether every item was shaped (see ``TextShaping/isComplete``).
    let isComplete: Bool

    /// Shapes `runs` (at least one; empty runs only give their attributes to an empty text) with paragraphs
    /// whose first strong character does not decide taking `defaultDirection`, and characters the runs' fonts lack
    /// taking their fonts from `fallback`.
    /// The table is written into `breakTables` when given, else into memory of its own; items are put together
    /// from the shaped words of `words` where they can be (the same glyphs and widths as shaping them whole).
    init(
        runs given: [TextRun], defaultDirection: TextDirection, fallback: FontFallback = .system,
        breakTables: BreakTableArena? = nil, words: ShapedWordCache? = nil
    ) {
        let source = TextSource(runs: given)
        let analysis = TextAnalysis(source.units, defaultDirection: defaultDirection)
        let itemization = Itemization(source, analysis, fallback: fallback)
        let shaping = TextShaping(source, analysis, itemization, words: words)
        usesFallbackFonts = itemization.usesFallbackFonts
        units = source.units
        runs = source.runs
        runStarts = source.runStarts
        runAscent = runs.map { Double($0.font.ascender) * $0.effectiveSize / Double($0.font.unitsPerEm) }
        runDescent = runs.map { -Double($0.font.descender) * $0.effectiveSize / Double($0.font.unitsPerEm) }
        singleRunMetrics = runs.count == 1 && !usesFallbackFonts ? (runAscent[0], runDescent[0]) : nil
        count = units.count
        breaks = analysis.breaks
        forced = analysis.forced
        graphemeBoundary = analysis.graphemeBoundary
        paragraphStarts = analysis.paragraphStarts
        paragraphRTL = analysis.paragraphRTL
        onlyParagraphRTL = paragraphRTL.count == 1 ? paragraphRTL[0] : nil
        glyphs = shaping.glyphs
        items = shaping.items
        let prefix = shaping.prefix, endAdjust = shaping.endAdjust, startAdjust = shaping.startAdjust
        measures = prefix.indices.map {
            CharacterMeasure(prefix: prefix[$0], endAdjust: endAdjust[$0], startAdjust: startAdjust[$0])
        }
        isComplete = shaping.isComplete
        totalWidth = prefix[count]
        let contents = BreakTable.contents(
            units: units, analysis: analysis, shaping: shaping,
            singleRunMetrics: singleRunMetrics)
        let header = contents.header, points = contents.points, corrections = contents.corrections
        if let breakTables {
            (tableChunk, table) = breakTables.write(header, points, corrections)
        } else {
            tableChunk = BreakTableChunk(capacity: BreakTable.byteCount(points: points.count))
            table = tableChunk.write(header, points, corrections)
        }
    }

    /// The break points (see ``BreakPoint``), in ascending positions; the last is at the text's end.
    var breakPoints: UnsafeBufferPointer<BreakPoint> { table.points }
    /// The widest `widthToContentEnd` of the break points (NaN when one is NaN), or NaN when a break is forced:
    /// a width at least this keeps the whole text on one line (every opportunity fits the first line), which a
    /// new width can tell without walking the break points.
    var oneLineWidth: Double { table.header.pointee.oneLineWidth }

    // MARK: Queries

    /// The width of a line showing `units[start..<end]` when the next line starts at `next`: where the line
    /// splits a shaped item, the pieces measure as if shaped apart (as Pango reshapes them), so kerning with
    /// the next line's first glyph is dropped and a split ligature measures as its characters.
    @inline(__always) func lineWidth(_ start: Int, _ end: Int, next: Int) -> Double {
        let first = measures[start], last = measures[end]
        return last.prefix - first.prefix + first.startAdjust + (next == end ? last.endAdjust : 0)
    }

    /// The width of `units[start..<end]`.
    @inline(__always) func width(_ start: Int, _ end: Int) -> Double { measures[end].prefix - measures[start].prefix }

    /// `end` moved back over the spaces and line separators that end `units[start..<end]`: they never count
    /// towards a line's width.
    func trimmedEnd(_ start: Int, _ end: Int) -> Int {
        var e = end
        while e > start && ShapedText.isTrailingSpace(units[e - 1]) { e -= 1 }
        return e
    }

    /// Spaces and line separators (what may hang past a line's end).
    static func isTrailingSpace(_ u: UInt16) -> Bool {
        switch u {
        case 0x09...0x0D, 0x20, 0x85, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x2028, 0x2029, 0x205F, 0x3000:
            true
        default: false
        }
    }

    /// The index of the item that holds offset `offset` (the last item for the end of the text).
    func item(at offset: Int) -> Int {
        var low = 0
        var high = items.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if items[mid].item.start <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The index of the run that holds offset `offset` (the last run for the end of the text).
    func run(at offset: Int) -> Int {
        if singleRunMetrics != nil { return 0 }  // one run, known without reading the arrays
        var low = 0
        var high = runs.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if runStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// Whether the paragraph holding `offset` runs right to left.
    func isRightToLeft(at offset: Int) -> Bool {
        if let onlyParagraphRTL { return onlyParagraphRTL }
        var low = 0
        var high = paragraphStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if paragraphStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return paragraphRTL[low]
    }
}
