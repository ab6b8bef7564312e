// Unsafe room: HarfBuzz.
// Invariants: a HarfBuzz buffer is created and destroyed by one shaping call and never escapes it; the UTF-16 units
// are lent to HarfBuzz only inside `withUnsafeBufferPointer`.

import CHarfBuzz
import TextureLayout

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

/// An item with its glyphs: `glyphs` indexes ``TextShaping/glyphs``, in visual order (HarfBuzz reverses
/// right-to-left items).
struct ShapedItem: Sendable {
    var item: TextItem
    var glyphs: Range<Int>
}

/// What shaping measures besides the glyphs while it runs: each character's advance and the corrections of
/// ``TextShaping/endAdjust`` and ``TextShaping/startAdjust`` (empty when only glyphs are wanted).
private struct Measures {
    var unitAdvance: [Double]
    var end: [Double]
    var start: [Double]

    init(count: Int) {
        unitAdvance = [Double](repeating: 0, count: count)
        end = [Double](repeating: 0, count: count + 1)
        start = end
    }

    /// Nothing measured.
    init() {
        unitAdvance = []
        end = []
        start = []
    }
}

/// The items shaped with HarfBuzz (default features: kerning, standard ligatures), and what line breaking measures
/// lines with.
struct TextShaping {
    let glyphs: [ShapedGlyph]
    let items: [ShapedItem]
    /// `prefix[i]` is the width of `units[0..<i]`; a cluster's advance counts at its first character.
    let prefix: [Double]
    /// Corrections to `prefix` where a line ends (`endAdjust`) or starts (`startAdjust`) inside a shaped item:
    /// see ``ShapedText/lineWidth(_:_:next:)``. Zero at item boundaries.
    let endAdjust: [Double]
    let startAdjust: [Double]
    /// Whether every item was shaped: `false` when ``LayoutCancellation/current`` was set while shaping, which
    /// leaves the items after it without glyphs (a result for nobody, never to be kept).
    let isComplete: Bool

    init(_ source: borrowing TextSource, _ analysis: borrowing TextAnalysis, _ itemization: borrowing Itemization) {
        let n = source.units.count
        var glyphs: [ShapedGlyph] = []
        var items: [ShapedItem] = []
        items.reserveCapacity(itemization.items.count)
        var measures = Measures(count: n)
        let buffer = hb_buffer_create()!
        defer { hb_buffer_destroy(buffer) }
        let cancellation = LayoutCancellation.current
        var complete = true
        for item in itemization.items {
            let first = glyphs.count
            if complete, let cancellation, cancellation.isCancelled { complete = false }
            if complete {
                TextShaping.shape(
                    item, of: source.units, context: 0..<n, run: source.runs[item.run],
                    buffer: buffer, grapheme: analysis.graphemeBoundary, into: &glyphs,
                    measuring: &measures)
            }
            items.append(ShapedItem(item: item, glyphs: first..<glyphs.count))
        }
        isComplete = complete
        let measured = measures
        var prefix = [Double](repeating: 0, count: n + 1)
        for i in 0..<n { prefix[i + 1] = prefix[i] + measured.unitAdvance[i] }
        self.glyphs = glyphs
        self.items = items
        self.prefix = prefix
        endAdjust = measured.end
        startAdjust = measured.start
    }

    /// The glyphs of `units[range]`, part of `item`, shaped on their own (no text around them as context), as a
    /// line that splits an item shows its piece; clusters are offsets in `units`. Its script is the item's unless
    /// the piece holds only characters of neutral scripts, which shape as Common.
    static func glyphs(
        of item: TextItem, _ range: Range<Int>, in units: [UInt16], run: TextRun,
        grapheme: [Bool]
    ) -> [ShapedGlyph] {
        var piece = item
        piece.start = range.lowerBound
        piece.end = range.upperBound
        let unicode = hb_unicode_funcs_get_default()
        var i = piece.start
        var neutral = true
        while i < piece.end && neutral {
            let (scalar, width) = TextAnalysis.scalar(units, at: i, before: piece.end)
            neutral = Itemization.isNeutral(hb_unicode_script(unicode, scalar))
            i += width
        }
        if neutral { piece.script = HB_SCRIPT_COMMON }
        let buffer = hb_buffer_create()!
        defer { hb_buffer_destroy(buffer) }
        var glyphs: [ShapedGlyph] = []
        var none = Measures()
        shape(
            piece, of: units, context: range, run: run, buffer: buffer, grapheme: grapheme, into: &glyphs,
            measuring: &none)
        return glyphs
    }

    /// Shapes `item` with HarfBuzz, `units[context]` around it as context, appending its glyphs in points; unless
    /// `measures` is empty, adds each cluster's advance to the character that starts it and records the
    /// corrections for lines that end or start inside the item.
    private static func shape(
        _ item: TextItem, of units: [UInt16], context: Range<Int>, run: TextRun,
        buffer: OpaquePointer, grapheme: [Bool], into glyphs: inout [ShapedGlyph],
        measuring measures: inout Measures
    ) {
        hb_buffer_clear_contents(buffer)
        units.withUnsafeBufferPointer {
            hb_buffer_add_utf16(
                buffer, $0.baseAddress! + context.lowerBound, Int32(context.count),
                UInt32(item.start - context.lowerBound), Int32(item.end - item.start))
        }
        hb_buffer_set_direction(buffer, item.isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, item.script)
        hb_buffer_set_language(buffer, hb_language_get_default())
        hb_shape(item.font.hbFont, buffer, nil, 0)
        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)!
        let positions = hb_buffer_get_glyph_positions(buffer, &count)!
        let scale = run.effectiveSize / Double(item.font.unitsPerEm)
        let first = glyphs.count
        let offset = Int32(context.lowerBound)
        for g in 0..<Int(count) {
            glyphs.append(
                ShapedGlyph(
                    id: infos[g].codepoint, cluster: Int32(infos[g].cluster) + offset,
                    advance: Double(positions[g].x_advance) * scale,
                    xOffset: Double(positions[g].x_offset) * scale, yOffset: Double(positions[g].y_offset) * scale))
        }
        measureClusters(
            item, first..<glyphs.count, of: units, run: run, scale: scale, grapheme: grapheme,
            glyphs: &glyphs, measuring: &measures)
    }

    /// Walks the item's clusters: letter spacing after each of a cluster's graphemes goes to its last glyph in
    /// buffer order; unless `measures` is empty, each cluster's advance counts at its first character, a line that
    /// ends after it measures as shaped without what follows (no kerning with it), and a break inside a ligature
    /// splits it into its characters' own glyphs.
    private static func measureClusters(
        _ item: TextItem, _ range: Range<Int>, of units: [UInt16], run: TextRun,
        scale: Double, grapheme: [Bool], glyphs: inout [ShapedGlyph],
        measuring measures: inout Measures
    ) {
        let rtl = item.isRightToLeft
        let letterSpacing = run.effectiveLetterSpacing
        let measuring = !measures.end.isEmpty
        var g = range.lowerBound
        while g < range.upperBound {
            let cluster = Int(glyphs[g].cluster)
            var last = g
            while last + 1 < range.upperBound && Int(glyphs[last + 1].cluster) == cluster { last += 1 }
            // The cluster ends where the next larger cluster value starts (glyph order is reversed when RTL).
            let neighbour =
                rtl
                ? (g > range.lowerBound ? Int(glyphs[g - 1].cluster) : item.end)
                : (last + 1 < range.upperBound ? Int(glyphs[last + 1].cluster) : item.end)
            let end = max(cluster + 1, min(neighbour, item.end))
            var spacing = 0.0
            if letterSpacing != 0 {
                var starts = 0
                for u in cluster..<end where grapheme[u] { starts += 1 }
                spacing = letterSpacing * Double(starts)
                glyphs[last].advance += spacing
            }
            if measuring {
                var shapedWidth = 0.0
                var nominalWidth = 0.0
                for k in g...last {
                    shapedWidth += glyphs[k].advance
                    nominalWidth += Double(hb_font_get_glyph_h_advance(item.font.hbFont, glyphs[k].id)) * scale
                }
                measures.unitAdvance[cluster] += shapedWidth
                if end < item.end { measures.end[end] = nominalWidth + spacing - shapedWidth }
                for p in (cluster + 1)..<end where grapheme[p] {
                    let before = nominalCharacterWidth(
                        units, cluster, p, item: item, scale: scale,
                        letterSpacing: letterSpacing, grapheme: grapheme)
                    let after = nominalCharacterWidth(
                        units, p, end, item: item, scale: scale,
                        letterSpacing: letterSpacing, grapheme: grapheme)
                    measures.end[p] = before - shapedWidth
                    measures.start[p] = after
                }
            }
            g = last + 1
        }
    }

    /// The width of `units[start..<end]` with each character's own glyph (no ligature, no kerning), letter
    /// spacing included: how the piece of a ligature split by a line break measures.
    private static func nominalCharacterWidth(
        _ units: [UInt16], _ start: Int, _ end: Int, item: TextItem,
        scale: Double, letterSpacing: Double, grapheme: [Bool]
    ) -> Double {
        var total = 0.0
        var i = start
        while i < end {
            let (scalar, width) = TextAnalysis.scalar(units, at: i, before: end)
            var glyph: hb_codepoint_t = 0
            _ = hb_font_get_nominal_glyph(item.font.hbFont, scalar, &glyph)
            total += Double(hb_font_get_glyph_h_advance(item.font.hbFont, glyph)) * scale
            if grapheme[i] { total += letterSpacing }
            i += width
        }
        return total
    }
}
