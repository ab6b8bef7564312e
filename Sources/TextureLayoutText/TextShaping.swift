// Unsafe room: HarfBuzz.
// Invariants: a HarfBuzz buffer is created and destroyed by one shaping call and never escapes it; the UTF-16 units
// are lent to HarfBuzz, and a word's units to the word cache, only inside `withUnsafeBufferPointer`; a cached word's
// measures are copied within the ranges its entry records, into the item's offsets (inside the text).

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
struct Measures {
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

    /// Shapes the items; with `words`, those that can be are put together from the words it keeps (see
    /// ``ShapedWordCache``), the same glyphs and widths as shaping them whole.
    init(
        _ source: borrowing TextSource, _ analysis: borrowing TextAnalysis, _ itemization: borrowing Itemization,
        words: ShapedWordCache? = nil
    ) {
        let n = source.units.count
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(n)  // about one glyph per character
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
                let run = source.runs[item.run]
                let byWords =
                    !item.isRightToLeft && ShapedWordCache.shapesByWords(item.script)
                    && words?.withWords { table in
                        TextShaping.shapeByWords(
                            item, of: source.units, run: run, grapheme: analysis.graphemeBoundary,
                            table: &table, buffer: buffer, into: &glyphs, measuring: &measures)
                    } == true
                if !byWords {
                    TextShaping.shape(
                        item, of: source.units, context: 0..<n, run: run, buffer: buffer,
                        grapheme: analysis.graphemeBoundary, into: &glyphs, measuring: &measures)
                }
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

    /// Puts `item` together from its words as `table` keeps them (see ``ShapedWordCache``): appends the glyphs
    /// and writes the measures that shaping the whole item gives. Words the table lacks are shaped on their own and
    /// kept, unless they are most of the item's words (or one is too long to keep): then the item is shaped whole,
    /// as before the cache, and its new words are kept as they came out of it, which is how they shape apart in
    /// such a font (a document of few texts, whose words rarely repeat, pays no more shaping calls than without
    /// the cache). Returns false, having done nothing, when the item's font does not separate words; the caller
    /// then shapes it whole.
    private static func shapeByWords(
        _ item: TextItem, of units: [UInt16], run: TextRun, grapheme: [Bool], table: inout WordTable,
        buffer: OpaquePointer, into glyphs: inout [ShapedGlyph], measuring measures: inout Measures
    ) -> Bool {
        table.makeRoom()
        let font = table.fontIndex(item.font)
        guard table.separates(font: font, script: item.script) else { return false }
        let key = WordTable.Key(
            font: font, script: item.script.rawValue, size: run.effectiveSize.bitPattern,
            letterSpacing: run.effectiveLetterSpacing.bitPattern)
        // The item's words, each looked up once.
        var spans = table.takeSpans()
        defer { table.returnSpans(spans) }
        var missing = 0
        var tooLong = false
        units.withUnsafeBufferPointer { text in
            var start = item.start
            while start < item.end {
                let end = wordEnd(from: start, in: text, before: item.end, grapheme: grapheme)
                let characters = UnsafeBufferPointer(rebasing: text[start..<end])
                let hash = WordTable.hash(characters, key)
                var word = -1
                if end - start > ShapedWordCache.longestWord {
                    tooLong = true
                } else if case .found(let found) = table.find(characters, key, hash: hash) {
                    word = found
                }
                if word < 0 { missing += 1 }
                spans.append(WordSpan(start: start, end: end, hash: hash, word: word))
                start = end
            }
        }
        if tooLong || missing * 2 > spans.count {
            shapeWhole(
                item, spans, of: units, run: run, key: key, grapheme: grapheme, table: &table, buffer: buffer,
                into: &glyphs, measuring: &measures)
            return true
        }
        units.withUnsafeBufferPointer { text in
            for span in spans {
                let characters = UnsafeBufferPointer(rebasing: text[span.start..<span.end])
                var index = span.word
                if index < 0, case .found(let found) = table.find(characters, key, hash: span.hash) {
                    index = found  // met earlier in this item
                }
                if index >= 0 {
                    copy(table, word: index, at: span.start, itemEnd: item.end, into: &glyphs, measuring: &measures)
                    continue
                }
                // Shaped on its own, with no text around it as context, and kept.
                var word = item
                word.start = span.start
                word.end = span.end
                let glyphStart = glyphs.count
                shape(
                    word, of: units, context: span.start..<span.end, run: run, buffer: buffer, grapheme: grapheme,
                    into: &glyphs, measuring: &measures, measuringEnd: true)
                keep(
                    characters, span, glyphs: glyphs[glyphStart...], measures: measures, key: key, table: &table)
                // A line ending at the item's end has no correction there (as when shaped whole).
                if span.end == item.end { measures.end[span.end] = 0 }
            }
        }
        return true
    }

    /// Shapes `item` whole and keeps those of its words (`spans`) that `table` lacks, as they came out of it. The
    /// correction at the item's end is measured too (for its last word, which other text may follow elsewhere),
    /// then cleared, as shaping the item leaves it.
    private static func shapeWhole(
        _ item: TextItem, _ spans: [WordSpan], of units: [UInt16], run: TextRun, key: WordTable.Key,
        grapheme: [Bool], table: inout WordTable, buffer: OpaquePointer, into glyphs: inout [ShapedGlyph],
        measuring measures: inout Measures
    ) {
        var glyph = glyphs.count
        shape(
            item, of: units, context: 0..<units.count, run: run, buffer: buffer, grapheme: grapheme,
            into: &glyphs, measuring: &measures, measuringEnd: true)
        units.withUnsafeBufferPointer { text in
            for span in spans {
                var glyphEnd = glyph
                while glyphEnd < glyphs.count && Int(glyphs[glyphEnd].cluster) < span.end { glyphEnd += 1 }
                if span.word < 0 && span.end - span.start <= ShapedWordCache.longestWord {
                    keep(
                        UnsafeBufferPointer(rebasing: text[span.start..<span.end]), span,
                        glyphs: glyphs[glyph..<glyphEnd], measures: measures, key: key, table: &table)
                }
                glyph = glyphEnd
            }
        }
        measures.end[item.end] = 0
    }

    /// Adds the word `span` to `table` (unless it is there already, or finds no slot) from its glyphs and the
    /// measures written for it, its clusters made relative to its start.
    private static func keep(
        _ characters: UnsafeBufferPointer<UInt16>, _ span: WordSpan, glyphs wordGlyphs: ArraySlice<ShapedGlyph>,
        measures: borrowing Measures, key: WordTable.Key, table: inout WordTable
    ) {
        guard case .empty(let slot) = table.find(characters, key, hash: span.hash) else { return }
        var relative = wordGlyphs
        for g in relative.indices { relative[g].cluster -= Int32(span.start) }
        table.add(
            characters, key, hash: span.hash, at: slot, glyphs: relative,
            advances: measures.unitAdvance[span.start..<span.end],
            endAdjust: measures.end[(span.start + 1)...span.end], startAdjust: measures.start[span.start..<span.end])
    }

    /// Where the word starting at `start` ends: after a space followed by a character that is not a space and
    /// starts a grapheme cluster, or at `limit`.
    @inline(__always)
    private static func wordEnd(
        from start: Int, in text: UnsafeBufferPointer<UInt16>, before limit: Int, grapheme: [Bool]
    ) -> Int {
        var end = start + 1
        while end < limit && !(text[end - 1] == 0x20 && text[end] != 0x20 && grapheme[end]) { end += 1 }
        return end
    }

    /// Appends the glyphs of `table`'s word `index` with their clusters moved to `start`, and writes its measures
    /// there (its end's correction only when the item goes on after it).
    @inline(__always)
    private static func copy(
        _ table: borrowing WordTable, word index: Int, at start: Int, itemEnd: Int,
        into glyphs: inout [ShapedGlyph], measuring measures: inout Measures
    ) {
        let word = table.words[index]
        let first = glyphs.count
        glyphs.append(contentsOf: table.glyphs[Int(word.glyphStart)..<Int(word.glyphStart + word.glyphCount)])
        let shift = Int32(start)
        glyphs.withUnsafeMutableBufferPointer {
            for g in first..<$0.count { $0[g].cluster += shift }
        }
        let from = Int(word.measureStart), count = Int(word.unitCount)
        // The correction at the word's end is kept only when more of the item follows.
        let ends = start + count < itemEnd ? count : count - 1
        func write(_ values: [Double], count: Int, into array: inout [Double], at offset: Int) {
            values.withUnsafeBufferPointer { source in
                array.withUnsafeMutableBufferPointer {
                    ($0.baseAddress! + offset).update(from: source.baseAddress! + from, count: count)
                }
            }
        }
        write(table.advances, count: count, into: &measures.unitAdvance, at: start)
        write(table.startAdjust, count: count, into: &measures.start, at: start)
        write(table.endAdjust, count: ends, into: &measures.end, at: start + 1)
    }

    /// Shapes `item` with HarfBuzz, `units[context]` around it as context, appending its glyphs in points; unless
    /// `measures` is empty, adds each cluster's advance to the character that starts it and records the
    /// corrections for lines that end or start inside the item (and at its end when `measuringEnd`: a word
    /// shaped apart, which more of its item may follow).
    private static func shape(
        _ item: TextItem, of units: [UInt16], context: Range<Int>, run: TextRun,
        buffer: OpaquePointer, grapheme: [Bool], into glyphs: inout [ShapedGlyph],
        measuring measures: inout Measures, measuringEnd: Bool = false
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
            glyphs: &glyphs, measuring: &measures, measuringEnd: measuringEnd)
    }

    /// Walks the item's clusters: letter spacing after each of a cluster's graphemes goes to its last glyph in
    /// buffer order; unless `measures` is empty, each cluster's advance counts at its first character, a line that
    /// ends after it measures as shaped without what follows (no kerning with it), and a break inside a ligature
    /// splits it into its characters' own glyphs.
    private static func measureClusters(
        _ item: TextItem, _ range: Range<Int>, of units: [UInt16], run: TextRun,
        scale: Double, grapheme: [Bool], glyphs: inout [ShapedGlyph],
        measuring measures: inout Measures, measuringEnd: Bool
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
                if end < item.end || measuringEnd { measures.end[end] = nominalWidth + spacing - shapedWidth }
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
