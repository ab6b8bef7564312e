import CHarfBuzz
import CICUShim

/// One glyph from HarfBuzz, in points at its run's size.
struct ShapedGlyph: Sendable {
    var id: UInt32
    /// The UTF-16 offset of the first character of the glyph's cluster.
    var cluster: Int32
    /// The advance, letter spacing included.
    var advance: Double
    var xOffset: Double
    var yOffset: Double
}

/// A word-mode line-break opportunity with everything the breaking loop reads there, so that breaking a text at a
/// new width walks this one array from its start and reads nothing else for a line that ends or starts at an
/// opportunity: the walk is sequential, which the processor fetches ahead, while each other array (or each jump to
/// another) would be one more cache miss per text or per line. A line from `start` to here is
/// `widthToContentEnd - prefix[start] + startAdjust[start]` wide (when `contentEnd` ≥ `start`).
struct BreakPoint: Sendable {
    var position: Int32
    /// The position with the spaces before it removed (searched back to the text's start).
    var contentEnd: Int32
    /// The first grapheme boundary after `position`: a line starting here that reaches no further holds one
    /// grapheme cluster (and takes it even when it is too wide).
    var graphemeEnd: Int32
    var forced: Bool
    /// Whether `prefix` does not decrease from the previous point's `contentEnd` (the text's start for the first
    /// point) to this one's, and no end correction there is NaN: what truncation's search for a surely fitting
    /// break needs to know of every offset there, known without reading the per-character arrays.
    var prefixRises: Bool
    /// `prefix[contentEnd]`, and `endAdjust[contentEnd]` when the opportunity splits an item there (`position` is
    /// `contentEnd`; else zero): the width of a line that ends here.
    var prefixAtContentEnd: Double
    var endAdjustment: Double
    /// `prefix[position]` and `startAdjust[position]`: the width of a line that starts here.
    var prefixAtPosition: Double
    var startAdjustAtPosition: Double
    /// The largest magnitude of `endAdjust` over the same offsets as `prefixRises` (both ends included).
    var largestEndAdjustment: Double

    /// `prefix[contentEnd]` plus `endAdjustment` (adding zero leaves the prefix as it is).
    @inline(__always) var widthToContentEnd: Double { prefixAtContentEnd + endAdjustment }

    /// The width of a line that starts where `prefix` and `startAdjust` are `startPrefix` and `startAdjustment`
    /// and ends here, its trailing spaces left out.
    @inline(__always)
    func widthOfLine(startPrefix: Double, startAdjustment: Double) -> Double {
        prefixAtContentEnd - startPrefix + startAdjustment + endAdjustment
    }
}

/// The corrections of ``ShapedText/endAdjust`` and ``ShapedText/startAdjust`` while they are built.
struct Adjustments {
    var end: [Double]
    var start: [Double]
    init(count: Int) {
        end = [Double](repeating: 0, count: count + 1)
        start = end
    }
}

/// A stretch of text shaped in one call: one run's attributes, one bidi level, one script.
struct ShapedItem: Sendable {
    var start: Int
    var end: Int
    /// The item's glyphs in `ShapedText.glyphs`, in visual order (HarfBuzz reverses right-to-left items).
    var glyphStart: Int
    var glyphEnd: Int
    /// The UAX #9 embedding level (odd: right to left).
    var level: UInt8
    /// The index of the run whose attributes the item has.
    var run: Int
}

/// A text shaped once for all widths: glyphs, the advance of every character, break opportunities and bidi
/// levels. Laying the text out at another width only breaks lines again from these arrays, which is why a new
/// width costs far less than the first layout. Immutable, so a node can keep it across passes.
final class ShapedText: @unchecked Sendable {
    /// What breaking at a new width reads: the word-mode break opportunities (see ``BreakPoint``) after a header
    /// with the few values read besides, in memory that the chunk below keeps (shared with the tables of the
    /// other texts of a document when they are shaped into a ``BreakTableArena``).
    let table: BreakTable
    private let tableChunk: BreakTableChunk
    /// `units.count`, kept beside the arrays (as in the table's header).
    let count: Int
    /// The ascent and descent of the only run, when there is one: every line has them (read without the run
    /// arrays below; the table's header has them too).
    let singleRunMetrics: (ascent: Double, descent: Double)?

    /// The text in UTF-16 (what ICU and HarfBuzz work on); every offset below indexes it.
    let units: [UInt16]
    /// The runs whose characters make up the text, and where each starts (`runs.count + 1` entries).
    let runs: [TextRun]
    let runStarts: [Int]
    /// Each run's font ascent and descent at its size, in points (`hhea`), for line heights.
    let runAscent: [Double]
    let runDescent: [Double]
    let glyphs: [ShapedGlyph]
    let items: [ShapedItem]
    /// `prefix[i]` is the width of `units[0..<i]`; a cluster's advance counts at its first character.
    let prefix: [Double]
    /// Corrections to `prefix` where a line ends (`endAdjust`) or starts (`startAdjust`) inside a shaped item:
    /// see ``lineWidth(_:_:next:)``. Zero at item boundaries.
    let endAdjust: [Double]
    let startAdjust: [Double]
    /// The width of the whole text (what a truncation token is measured by).
    let totalWidth: Double
    /// Line-break opportunities after offset 0, ascending, and whether each is forced (after a newline).
    let breaks: [Int]
    let forced: [Bool]
    /// Whether a grapheme cluster starts at each offset (`units.count + 1` entries; the end counts).
    let graphemeBoundary: [Bool]
    /// The resolved direction of each paragraph (the text between forced breaks), by the offset it starts at.
    let paragraphStarts: [Int]
    let paragraphRTL: [Bool]
    /// The direction of the only paragraph, when there is one: read without the arrays above (truncating a title
    /// at a new width asks for it).
    let onlyParagraphRTL: Bool?

    /// Shapes `runs` (at least one; empty runs only give their attributes to an empty text) with paragraphs
    /// whose first strong character does not decide taking `defaultDirection`.
    /// The table is written into `breakTables` when given, else into memory of its own.
    init(runs given: [TextRun], defaultDirection: TextDirection, breakTables: BreakTableArena? = nil) {
        var runs: [TextRun] = []
        var runStarts: [Int] = [0]
        var units: [UInt16] = []
        for run in given {
            let before = units.count
            units.append(contentsOf: run.text.utf16)
            if units.count == before && !runs.isEmpty { continue }
            if let last = runs.last, last.hasSameAttributes(as: run), runStarts.count > 1 {
                runStarts[runStarts.count - 1] = units.count
                continue
            }
            runs.append(run)
            runStarts.append(units.count)
        }
        // The first run may have been empty and later ones not: drop it unless it is the only one.
        if runs.count > 1 && runStarts[1] == 0 {
            runs.removeFirst()
            runStarts.removeFirst()
        }
        self.units = units
        self.runs = runs
        self.runStarts = runStarts
        runAscent = runs.map { Double($0.font.ascender) * $0.effectiveSize / Double($0.font.unitsPerEm) }
        runDescent = runs.map { -Double($0.font.descender) * $0.effectiveSize / Double($0.font.unitsPerEm) }
        singleRunMetrics = runs.count == 1 ? (runAscent[0], runDescent[0]) : nil
        let n = units.count
        count = n

        var positions = [Int32](repeating: 0, count: max(n, 1))
        var flags = [UInt8](repeating: 0, count: max(n, 1))
        let breakCount = units.withUnsafeBufferPointer {
            n == 0 ? 0 : Int(max(0, tl_line_breaks($0.baseAddress, Int32(n), &positions, &flags, Int32(n))))
        }
        var breaks = (0..<breakCount).map { Int(positions[$0]) }
        var forced = (0..<breakCount).map { flags[$0] != 0 }
        if n > 0 && breaks.last != n {  // ICU failed: the end is always a break
            breaks.append(n)
            forced.append(false)
        }
        self.breaks = breaks
        self.forced = forced

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
        self.graphemeBoundary = grapheme

        // Bidi levels, paragraph by paragraph.
        var levels = [UInt8](repeating: 0, count: n)
        var paragraphStarts: [Int] = []
        var paragraphRTL: [Bool] = []
        var start = 0
        var index = 0
        repeat {
            while index < breaks.count && !forced[index] && breaks[index] < n { index += 1 }
            let end = index < breaks.count ? breaks[index] : n
            index += 1
            let needsBidi = defaultDirection == .rightToLeft || units[start..<end].contains { $0 >= 0x0590 }
            var rtl = false
            if needsBidi && end > start {
                let level = units.withUnsafeBufferPointer { text in
                    levels.withUnsafeMutableBufferPointer { out in
                        tl_bidi_levels(text.baseAddress! + start, Int32(end - start),
                                       defaultDirection == .rightToLeft ? 0xFF : 0xFE, out.baseAddress! + start)
                    }
                }
                if level < 0 {  // ICU failed: lay the paragraph out in the default direction
                    let fallback: UInt8 = defaultDirection == .rightToLeft ? 1 : 0
                    for i in start..<end { levels[i] = fallback }
                }
                rtl = level < 0 ? defaultDirection == .rightToLeft : level == 1
            } else {
                rtl = defaultDirection == .rightToLeft
                if rtl { for i in start..<end { levels[i] = 1 } }
            }
            paragraphStarts.append(start)
            paragraphRTL.append(rtl)
            start = end
        } while start < n
        self.paragraphStarts = paragraphStarts
        self.paragraphRTL = paragraphRTL
        onlyParagraphRTL = paragraphRTL.count == 1 ? paragraphRTL[0] : nil

        // Items: split at run, level and script changes; then shape each.
        var items: [ShapedItem] = []
        var glyphs: [ShapedGlyph] = []
        var unitAdvance = [Double](repeating: 0, count: n)
        var adjustments = Adjustments(count: n)
        let unicode = hb_unicode_funcs_get_default()
        let buffer = hb_buffer_create()!
        defer { hb_buffer_destroy(buffer) }
        var scripts: [hb_script_t] = []
        var run = 0
        var itemStart = 0
        var itemScript = HB_SCRIPT_INVALID
        var i = 0
        func flush(_ end: Int) {
            guard end > itemStart else { return }
            var item = ShapedItem(start: itemStart, end: end, glyphStart: glyphs.count, glyphEnd: 0,
                                  level: levels[itemStart], run: run)
            ShapedText.shape(&item, script: itemScript, units: units, runs: runs, buffer: buffer,
                             grapheme: grapheme, glyphs: &glyphs, unitAdvance: &unitAdvance,
                             adjustments: &adjustments)
            items.append(item)
            scripts.append(itemScript)
            itemStart = end
        }
        while i < n {
            var scalar = UInt32(units[i])
            var width = 1
            if UTF16.isLeadSurrogate(units[i]), i + 1 < n, UTF16.isTrailSurrogate(units[i + 1]) {
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (UInt32(units[i + 1]) - 0xDC00)
                width = 2
            }
            while i >= runStarts[run + 1] {
                flush(i)
                run += 1
            }
            if levels[i] != levels[itemStart] && i > itemStart { flush(i); itemScript = HB_SCRIPT_INVALID }
            let script = hb_unicode_script(unicode, scalar)
            let neutral = script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN
            if !neutral {
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
        self.glyphs = glyphs
        var prefix = [Double](repeating: 0, count: n + 1)
        for i in 0..<n { prefix[i + 1] = prefix[i] + unitAdvance[i] }
        self.prefix = prefix
        totalWidth = prefix[n]
        self.endAdjust = adjustments.end
        self.startAdjust = adjustments.start
        var points: [BreakPoint] = []
        points.reserveCapacity(breaks.count)
        var widest = 0.0
        var stretchStart = 0  // the previous point's `contentEnd`
        for (index, position) in breaks.enumerated() {
            var end = position
            while end > 0 && ShapedText.isTrailingSpace(units[end - 1]) { end -= 1 }
            var boundary = position + 1  // almost always one: a break follows a space or a dash
            while boundary < n && !grapheme[boundary] { boundary += 1 }
            var rises = true
            var largest = 0.0
            let from = min(stretchStart, end)
            for offset in from...end {
                let magnitude = abs(adjustments.end[offset])
                if magnitude.isNaN { rises = false } else { largest = max(largest, magnitude) }
                if offset > from && !(prefix[offset] >= prefix[offset - 1]) { rises = false }
            }
            stretchStart = end
            let point = BreakPoint(position: Int32(position), contentEnd: Int32(end),
                                   graphemeEnd: Int32(min(boundary, n)), forced: forced[index], prefixRises: rises,
                                   prefixAtContentEnd: prefix[end],
                                   endAdjustment: end == position ? adjustments.end[end] : 0,
                                   prefixAtPosition: prefix[position], startAdjustAtPosition: adjustments.start[position],
                                   largestEndAdjustment: largest)
            points.append(point)
            let width = point.widthToContentEnd
            if forced[index] || width.isNaN { widest = .nan }
            if !widest.isNaN { widest = max(widest, width) }
        }
        var header = BreakTableHeader(
            count: n, oneLineWidth: widest, oneLineEnd: 0, oneLineBoxWidth: 0, singleRunMetrics: singleRunMetrics,
            firstGraphemeEnd: Int32(n == 0 ? 0 : (1...n).first { grapheme[$0] }!), pointCount: Int32(points.count),
            hasForcedBreak: points.contains { $0.forced })
        if let last = points.last {
            header.oneLineEnd = Int(last.contentEnd)
            // As the breaking loop measures a line from the text's start (no prefix, no correction).
            header.oneLineBoxWidth = last.widthOfLine(startPrefix: 0, startAdjustment: 0)
        }
        if let breakTables {
            (tableChunk, table) = breakTables.write(header, points)
        } else {
            tableChunk = BreakTableChunk(capacity: BreakTable.byteCount(points: points.count))
            table = tableChunk.write(header, points)
        }
    }

    /// The break points (see ``BreakPoint``), in ascending positions; the last is at the text's end.
    var breakPoints: UnsafeBufferPointer<BreakPoint> { table.points }
    /// The widest `widthToContentEnd` of the break points (NaN when one is NaN), or NaN when a break is forced:
    /// a width at least this keeps the whole text on one line (every opportunity fits the first line), which a
    /// new width can tell without walking the break points.
    var oneLineWidth: Double { table.header.pointee.oneLineWidth }

    /// Shapes one item with HarfBuzz (default features: kerning, standard ligatures), appending its glyphs in
    /// points and adding each cluster's advance to the character that starts it.
    private static func shape(_ item: inout ShapedItem, script: hb_script_t, units: [UInt16], runs: [TextRun],
                              buffer: OpaquePointer, grapheme: [Bool], glyphs: inout [ShapedGlyph],
                              unitAdvance: inout [Double], adjustments: inout Adjustments) {
        let run = runs[item.run]
        let rtl = item.level & 1 == 1
        hb_buffer_clear_contents(buffer)
        units.withUnsafeBufferPointer {
            hb_buffer_add_utf16(buffer, $0.baseAddress, Int32($0.count), UInt32(item.start),
                                Int32(item.end - item.start))
        }
        hb_buffer_set_direction(buffer, rtl ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, script == HB_SCRIPT_INVALID ? HB_SCRIPT_COMMON : script)
        hb_buffer_set_language(buffer, hb_language_get_default())
        hb_shape(run.font.hbFont, buffer, nil, 0)
        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)!
        let positions = hb_buffer_get_glyph_positions(buffer, &count)!
        let scale = run.effectiveSize / Double(run.font.unitsPerEm)
        let first = glyphs.count
        for g in 0..<Int(count) {
            glyphs.append(ShapedGlyph(
                id: infos[g].codepoint, cluster: Int32(infos[g].cluster),
                advance: Double(positions[g].x_advance) * scale,
                xOffset: Double(positions[g].x_offset) * scale, yOffset: Double(positions[g].y_offset) * scale))
        }
        item.glyphEnd = glyphs.count
        // Each cluster's advance counts at its first character; letter spacing after each of its graphemes goes
        // to the cluster's last glyph in buffer order.
        var g = first
        while g < item.glyphEnd {
            let cluster = Int(glyphs[g].cluster)
            var last = g
            while last + 1 < item.glyphEnd && Int(glyphs[last + 1].cluster) == cluster { last += 1 }
            // The cluster ends where the next larger cluster value starts (glyph order is reversed when RTL).
            let neighbour = rtl ? (g > first ? Int(glyphs[g - 1].cluster) : item.end)
                                : (last + 1 < item.glyphEnd ? Int(glyphs[last + 1].cluster) : item.end)
            let end = max(cluster + 1, min(neighbour, item.end))
            var spacing = 0.0
            if run.effectiveLetterSpacing != 0 {
                var starts = 0
                for u in cluster..<end where grapheme[u] { starts += 1 }
                spacing = run.effectiveLetterSpacing * Double(starts)
                glyphs[last].advance += spacing
            }
            var shapedWidth = 0.0
            var nominalWidth = 0.0
            for k in g...last {
                shapedWidth += glyphs[k].advance
                nominalWidth += Double(hb_font_get_glyph_h_advance(run.font.hbFont, glyphs[k].id)) * scale
            }
            unitAdvance[cluster] += shapedWidth
            // A line that ends after this cluster is shaped without what follows (no kerning with it).
            if end < item.end { adjustments.end[end] = nominalWidth + spacing - shapedWidth }
            // A break inside a ligature splits it into its characters' own glyphs.
            for p in (cluster + 1)..<end where grapheme[p] {
                let before = nominalCharacterWidth(units, cluster, p, run: run, scale: scale, grapheme: grapheme)
                let after = nominalCharacterWidth(units, p, end, run: run, scale: scale, grapheme: grapheme)
                adjustments.end[p] = before - shapedWidth
                adjustments.start[p] = after
            }
            g = last + 1
        }
    }

    /// The width of `units[start..<end]` with each character's own glyph (no ligature, no kerning), letter
    /// spacing included: how the piece of a ligature split by a line break measures.
    private static func nominalCharacterWidth(_ units: [UInt16], _ start: Int, _ end: Int, run: TextRun,
                                              scale: Double, grapheme: [Bool]) -> Double {
        var total = 0.0
        var i = start
        while i < end {
            var scalar = UInt32(units[i])
            var width = 1
            if UTF16.isLeadSurrogate(units[i]), i + 1 < end, UTF16.isTrailSurrogate(units[i + 1]) {
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (UInt32(units[i + 1]) - 0xDC00)
                width = 2
            }
            var glyph: hb_codepoint_t = 0
            _ = hb_font_get_nominal_glyph(run.font.hbFont, scalar, &glyph)
            total += Double(hb_font_get_glyph_h_advance(run.font.hbFont, glyph)) * scale
            if grapheme[i] { total += run.effectiveLetterSpacing }
            i += width
        }
        return total
    }

    // MARK: Queries

    /// The width of a line showing `units[start..<end]` when the next line starts at `next`: where the line
    /// splits a shaped item, the pieces measure as if shaped apart (as Pango reshapes them), so kerning with
    /// the next line's first glyph is dropped and a split ligature measures as its characters.
    @inline(__always) func lineWidth(_ start: Int, _ end: Int, next: Int) -> Double {
        prefix[end] - prefix[start] + startAdjust[start] + (next == end ? endAdjust[end] : 0)
    }

    /// The width of `units[start..<end]`.
    @inline(__always) func width(_ start: Int, _ end: Int) -> Double { prefix[end] - prefix[start] }

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
