/// One line of a measured text: offsets into the shaped text and its geometry. Plain values, so the array of a
/// text's lines is reused from one measurement to the next without allocating.
struct LineBox: Sendable {
    /// The line's first character.
    var start: Int
    /// The end of what the line shows (spaces and newlines that end it excluded); with truncation, the end of the
    /// text shown before the token.
    var end: Int
    /// Where the next line starts.
    var next: Int
    /// The line's width: its characters' advances, the token's when truncated.
    var width: Double
    /// The tallest ascent and descent of its runs, and its height (`lineHeight` when set).
    var ascent: Double
    var descent: Double
    var height: Double
    /// The line's top, from the text's top (insets excluded).
    var top: Double
    /// Whether a forced break or the end of the text ends the line (justification leaves such lines alone).
    var endsParagraph: Bool
    /// With truncation: the token is shown after `end`, then `units[tailStart..<tailEnd]`.
    var hasToken: Bool = false
    var tailStart: Int = 0
    var tailEnd: Int = 0
    /// The run whose attributes the token takes.
    var tokenRun: Int = 0
}

/// What a line break pass needs besides the shaped text: the size and the style's values it reads (not the style:
/// copying its token string would retain and release it on every measurement).
struct LineBreakLimits {
    var maxWidth: Double
    var maxHeight: Double
    var lineBreakMode: LineBreakMode
    var truncationMode: TruncationMode
    var maximumNumberOfLines: Int
    var lineHeight: Double?
    var lineSpacing: Double

    init(maxWidth: Double, maxHeight: Double, style: ParagraphStyle) {
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        lineBreakMode = style.lineBreakMode
        truncationMode = style.truncationMode
        maximumNumberOfLines = style.maximumNumberOfLines
        lineHeight = style.lineHeight
        lineSpacing = style.lineSpacing
    }

    /// The width lines are broken for: no limit for NaN, none below zero.
    @inline(__always) var lineWidth: Double { LineBreakLimits.lineWidth(maxWidth) }

    /// The width lines are broken for within `maxWidth` (see ``lineWidth``).
    @inline(__always) static func lineWidth(_ maxWidth: Double) -> Double {
        maxWidth.isNaN ? .infinity : max(0, maxWidth)
    }

    /// Whether ``ShapedText/breakLines(_:into:tokenWidth:)`` makes the whole text one line without comparing any
    /// line with the width, given the text's ``ShapedText/oneLineWidth``: every opportunity fits (none is
    /// forced, word wrapping). Those lines are the same for every width this holds for and any height.
    @inline(__always) func keepOneLine(oneLineWidth: Double) -> Bool {
        lineBreakMode == .word && oneLineWidth <= lineWidth
    }
}

/// Where the line being broken starts: its offset, `prefix` and `startAdjust` there and the first grapheme boundary
/// after it, taken from the break point where it starts when it starts at one.
private struct LineStart {
    var offset: Int
    var prefix: Double
    var adjustment: Double
    var graphemeEnd: Int

    init(offset: Int, prefix: Double, adjustment: Double, graphemeEnd: Int) {
        self.offset = offset
        self.prefix = prefix
        self.adjustment = adjustment
        self.graphemeEnd = graphemeEnd
    }

    /// The text's first line: no prefix and no correction precede it.
    init(firstGraphemeEnd: Int32) {
        self.init(offset: 0, prefix: 0, adjustment: 0, graphemeEnd: Int(firstGraphemeEnd))
    }

    /// The line that starts at `point`, the point at `index` of `table`.
    init(at index: Int, _ point: BreakPoint, of table: BreakTable) {
        self.init(
            offset: Int(point.position), prefix: point.prefixAtPosition,
            adjustment: table.startAdjustment(at: index, of: point), graphemeEnd: Int(point.graphemeEnd))
    }

    /// Whether the line from here to `point`'s `contentEnd` (at or after this start) is at most `maxWidth` wide.
    @inline(__always) func fits(to point: BreakPoint, within maxWidth: Double) -> Bool {
        point.widthToContentEnd - prefix + adjustment <= maxWidth
    }
}

/// Places the lines of a break pass one below the other and keeps those that the line limit and the height allow;
/// whatever is left out truncates the text.
private struct LinePlacer {
    let lineHeight: Double?
    let lineSpacing: Double
    let maxHeight: Double
    let lineLimit: Int
    /// The text's length: a line that ends before it leaves text for another.
    let count: Int
    /// What every line's ascent, descent and height are when the text has one run (see
    /// ``ShapedText/lineMetrics(of:lineHeight:)``): worked out once for the text instead of once per line.
    let everyLine: LineMetrics?
    /// How many lines are placed so far.
    var placed = 0
    var bottom = 0.0
    var truncated = false

    init(_ limits: LineBreakLimits, _ header: BreakTableHeader) {
        lineHeight = limits.lineHeight
        lineSpacing = limits.lineSpacing
        maxHeight = limits.maxHeight
        lineLimit = limits.maximumNumberOfLines > 0 ? limits.maximumNumberOfLines : Int.max
        count = header.count
        everyLine = header.singleRunMetrics.map { ShapedText.lineMetrics(of: $0, lineHeight: limits.lineHeight) }
    }

    /// Appends a line `width` wide unless the line limit or the height leaves it out (then the text is truncated),
    /// and tells whether breaking goes on: not once the line limit is reached before the end of the text (the next
    /// line would be left out, so it is not looked for).
    @inline(__always)
    mutating func place(
        _ start: Int, _ end: Int, _ next: Int, width: Double, endsParagraph: Bool,
        in boxes: inout LineBoxes, of text: ShapedText
    ) -> Bool {
        if placed >= lineLimit {
            truncated = true
            return false
        }
        let (ascent, descent, height) =
            everyLine ?? text.lineMetrics(start: start, end: end, next: next, lineHeight: lineHeight)
        let top = placed == 0 ? 0 : bottom + lineSpacing
        if placed > 0 && top + height > maxHeight {
            truncated = true
            return false
        }
        bottom = top + height
        boxes.append(
            start: start, end: end, next: next, width: width, top: top, endsParagraph: endsParagraph,
            metrics: (ascent, descent, height))
        placed += 1
        if placed >= lineLimit && next < count {
            truncated = true
            return false
        }
        return true
    }
}

extension ShapedText {
    /// Breaks the text into lines no wider than `limits.maxWidth` (greedy, UAX #14 opportunities, forced breaks
    /// at newlines, a word wider than a line broken between grapheme clusters), keeping the lines that
    /// `maximumNumberOfLines` and `limits.maxHeight` allow and truncating the last kept one when text is left out.
    /// `tokenWidth` returns the width of the shaped truncation token for a run index and direction. Reuses
    /// `boxes`' storage.
    func breakLines(
        _ limits: LineBreakLimits, into boxes: inout LineBoxes,
        tokenWidth: (_ run: Int, _ rightToLeft: Bool) -> Double
    ) {
        breakLines(limits, table: table, into: &boxes, tokenWidth: tokenWidth)
    }

    /// ``breakLines(_:into:tokenWidth:)`` given the text's `table`: a node that keeps it beside the text breaks
    /// lines at a new width reading nothing of the text's object for a line that ends or starts at a break point
    /// (it passes the text without retaining it).
    func breakLines(
        _ limits: LineBreakLimits, table: BreakTable, into boxes: inout LineBoxes,
        tokenWidth: (_ run: Int, _ rightToLeft: Bool) -> Double
    ) {
        let header = table.header.pointee
        var placer = LinePlacer(limits, header)
        boxes.removeAll(uniformMetrics: placer.everyLine)
        // Room for the lines expected is made at the text's first measurement within a width, not before: a stack
        // measures a text without a width first (its one line), and the width gives the estimate.
        if !boxes.isSized && limits.lineWidth.isFinite {
            boxes.reserve(ShapedText.expectedLines(table: table, limits: limits))
        }
        if header.count == 0 {
            _ = placer.place(0, 0, 0, width: lineWidth(0, 0, next: 0), endsParagraph: true, in: &boxes, of: self)
        } else if limits.keepOneLine(oneLineWidth: header.oneLineWidth) {
            // Every opportunity fits the first line (none is forced): word breaking would make one line of it.
            _ = placer.place(
                0, Int(header.oneLineEnd), header.count, width: header.oneLineBoxWidth, endsParagraph: true,
                in: &boxes, of: self)
        } else if limits.lineBreakMode == .word {
            breakWords(limits.lineWidth, &placer, table: table, into: &boxes)
        } else {
            breakCharacters(limits.lineWidth, &placer, into: &boxes)
        }
        if placer.truncated && limits.truncationMode != .clip && boxes.count > 0 {
            var last = boxes[boxes.count - 1]
            truncate(&last, maxWidth: limits.lineWidth, mode: limits.truncationMode, tokenWidth: tokenWidth)
            boxes.replaceLast(with: last)
        }
    }

    /// A text that ends with a newline ends with an empty line (as Pango and TextKit show it); leaving only that
    /// line out is not a truncation. Not inlined into the word walk (see ``lineWidthAside(_:_:next:)``).
    @inline(never)
    private func placeFinalEmptyLine(_ placer: inout LinePlacer, into boxes: inout LineBoxes) {
        if !placer.place(
            count, count, count, width: lineWidth(count, count, next: count), endsParagraph: true,
            in: &boxes, of: self)
        {
            placer.truncated = false
        }
    }

    /// One unbreakable stretch wider than the line, at the line's start: as many grapheme clusters as fit (at
    /// least one) up to `end`. Returns where the next line starts, or nil when no more lines are placed. Not
    /// inlined into the word walk (see ``lineWidthAside(_:_:next:)``).
    @inline(never)
    private func placeClusters(
        _ start: Int, upTo end: Int, maxWidth: Double, _ placer: inout LinePlacer,
        into boxes: inout LineBoxes
    ) -> Int? {
        var cut = nextGrapheme(after: start)
        while cut < end {
            let further = nextGrapheme(after: cut)
            if lineWidth(start, further, next: further) > maxWidth { break }
            cut = further
        }
        let placed = placer.place(
            start, cut, cut, width: lineWidth(start, cut, next: cut), endsParagraph: false,
            in: &boxes, of: self)
        return placed ? cut : nil
    }

    /// Word breaking: walks the break points once, from the first (see ``BreakPoint``).
    private func breakWords(
        _ maxWidth: Double, _ placer: inout LinePlacer, table: BreakTable,
        into boxes: inout LineBoxes
    ) {
        let breakPoints = table.points
        var line = LineStart(firstGraphemeEnd: table.header.pointee.firstGraphemeEnd)
        var index = 0  // the break point looked at
        let last = breakPoints.count - 1  // the point at the text's end
        var candidate = -1  // the last point where the current line fits
        var candidateEnd = 0  // the end of the line that breaks there (its trailing spaces left out)
        var candidateEndsAtPoint = false  // whether that is the point's `contentEnd`
        while true {
            // Most points fit the line and end it at their `contentEnd`: each becomes the candidate in turn.
            var point = breakPoints[index]
            if index < last && !point.forced && Int(point.contentEnd) >= line.offset
                && line.fits(to: point, within: maxWidth)
            {
                while true {
                    // Only what the test reads is loaded at each step; the point that ends the walk is read after.
                    // The last point stops the walk, so the index stays within the points.
                    index += 1
                    while !breakPoints[index].stopsWalk && line.fits(to: breakPoints[index], within: maxWidth) {
                        index &+= 1
                    }
                    point = breakPoints[index]
                    candidate = index - 1
                    let at = breakPoints[candidate]
                    candidateEnd = Int(at.contentEnd)
                    candidateEndsAtPoint = true
                    // Most lines end here: at the candidate, before a point that does not fit (neither forced nor
                    // the last, so the walk stopped because it is too wide) and ends after the line's first
                    // grapheme cluster. The steps below would come to the same line.
                    guard index < last && !point.forced && line.graphemeEnd < Int(point.contentEnd) else { break }
                    guard
                        placeLine(
                            from: line, to: candidateEnd, at: candidate, at, of: table, endsAtPoint: true,
                            endsParagraph: false, &placer, into: &boxes)
                    else { return }
                    line = LineStart(at: candidate, at, of: table)
                    candidate = -1
                    // The point that ended the walk starts the next line's walk when it fits there, as the test
                    // above would find it (it is neither forced nor the last).
                    guard Int(point.contentEnd) >= line.offset && line.fits(to: point, within: maxWidth) else {
                        break
                    }
                }
            }
            let start = line.offset
            var end = Int(point.contentEnd)
            let endsAtPoint = end >= start
            let fits: Bool
            if endsAtPoint {
                fits = line.fits(to: point, within: maxWidth)
            } else {
                end = start
                fits = lineWidthAside(start, end, next: Int(point.position)) <= maxWidth
            }
            // A line holding at most one grapheme cluster takes it even when it is too wide.
            if fits || line.graphemeEnd >= end {
                if point.forced || index == last {
                    guard
                        placeLine(
                            from: line, to: end, at: index, point, of: table, endsAtPoint: endsAtPoint,
                            endsParagraph: true, &placer, into: &boxes)
                    else { return }
                    if index == last {
                        if point.forced { placeFinalEmptyLine(&placer, into: &boxes) }
                        return
                    }
                    line = LineStart(at: index, point, of: table)
                    candidate = -1
                } else {
                    candidate = index
                    candidateEnd = end
                    candidateEndsAtPoint = endsAtPoint
                }
                index += 1
                continue
            }
            if candidate >= 0 {
                let at = breakPoints[candidate]
                guard
                    placeLine(
                        from: line, to: candidateEnd, at: candidate, at, of: table, endsAtPoint: candidateEndsAtPoint,
                        endsParagraph: false, &placer, into: &boxes)
                else { return }
                line = LineStart(at: candidate, at, of: table)
                candidate = -1
                continue
            }
            guard let cut = placeClusters(start, upTo: end, maxWidth: maxWidth, &placer, into: &boxes) else { return }
            line = lineStart(at: cut)
        }
    }

    // The word walk's rare steps, kept out of its body: inlined, the loads of the text's per-character arrays that
    // they need would be hoisted to the walk's start, one more object read (a cache miss) for every text broken,
    // where a line that ends and starts at break points reads only the table.

    /// ``lineWidth(_:_:next:)``, not inlined (see above).
    @inline(never)
    private func lineWidthAside(_ start: Int, _ end: Int, next: Int) -> Double {
        lineWidth(start, end, next: next)
    }

    /// The line that starts at `offset`, a grapheme boundary that is no break point.
    @inline(never)
    private func lineStart(at offset: Int) -> LineStart {
        let measure = measures[offset]
        return LineStart(
            offset: offset, prefix: measure.prefix, adjustment: measure.startAdjust,
            graphemeEnd: nextGrapheme(after: offset))
    }

    /// Places the line from `line` to `end` that breaks at `point`, the point at `index` of `table`: `end` is the
    /// point's `contentEnd` when `endsAtPoint` (its width is read from the point), else the line's start (it holds
    /// only spaces).
    @inline(__always)
    private func placeLine(
        from line: LineStart, to end: Int, at index: Int, _ point: BreakPoint, of table: BreakTable,
        endsAtPoint: Bool, endsParagraph: Bool, _ placer: inout LinePlacer, into boxes: inout LineBoxes
    ) -> Bool {
        let width =
            endsAtPoint
            ? table.widthOfLine(
                endingAt: index, point, startPrefix: line.prefix, startAdjustment: line.adjustment)
            : lineWidthAside(line.offset, end, next: Int(point.position))
        return placer.place(
            line.offset, end, Int(point.position), width: width, endsParagraph: endsParagraph,
            in: &boxes, of: self)
    }

    /// Character breaking: an opportunity at every grapheme boundary (and the forced breaks).
    private func breakCharacters(_ maxWidth: Double, _ placer: inout LinePlacer, into boxes: inout LineBoxes) {
        let n = count
        var start = 0
        var position = 0  // the last opportunity accepted on the current line (or its start)
        var candidate = -1  // the last opportunity where the current line fits
        var candidateEnd = 0  // the end of the line that breaks there (its trailing spaces left out)
        var forcedIndex = 0
        while true {
            var q = position + 1
            while q < n && (!graphemeBoundary[q] || ShapedText.isLineSeparator(units[q])) { q += 1 }
            while breaks[forcedIndex] < q { forcedIndex += 1 }
            let opportunity = q
            let isForced = breaks[forcedIndex] == q && forced[forcedIndex]
            let end = trimmedEnd(start, opportunity)
            // A line holding at most one grapheme cluster takes it even when it is too wide.
            if lineWidth(start, end, next: opportunity) <= maxWidth || nextGrapheme(after: start) >= end {
                if isForced || opportunity == n {
                    guard
                        placer.place(
                            start, end, opportunity, width: lineWidth(start, end, next: opportunity),
                            endsParagraph: true, in: &boxes, of: self)
                    else { return }
                    if opportunity == n {
                        if isForced { placeFinalEmptyLine(&placer, into: &boxes) }
                        return
                    }
                    start = opportunity
                    candidate = -1
                } else {
                    candidate = opportunity
                    candidateEnd = end
                }
                position = opportunity
                continue
            }
            if candidate > start {
                guard
                    placer.place(
                        start, candidateEnd, candidate,
                        width: lineWidth(start, candidateEnd, next: candidate), endsParagraph: false,
                        in: &boxes, of: self)
                else { return }
                start = candidate
                candidate = -1
                continue
            }
            guard let cut = placeClusters(start, upTo: end, maxWidth: maxWidth, &placer, into: &boxes) else { return }
            start = cut
            position = cut
            candidate = -1
        }
    }

    /// The next grapheme-cluster boundary after `offset`.
    func nextGrapheme(after offset: Int) -> Int {
        var g = offset + 1
        while g < count && !graphemeBoundary[g] { g += 1 }
        return min(g, count)
    }

    /// The grapheme-cluster boundary before `offset`.
    func previousGrapheme(before offset: Int) -> Int {
        var g = offset - 1
        while g > 0 && !graphemeBoundary[g] { g -= 1 }
        return max(g, 0)
    }

    /// Characters that force a break after them: no line may end just before one.
    static func isLineSeparator(_ u: UInt16) -> Bool {
        u == 0x0A || u == 0x0B || u == 0x0C || u == 0x0D || u == 0x85 || u == 0x2028 || u == 0x2029
    }

    /// The ascent, descent and height of the line from `start` to `end` whose next line starts at `next`, from the
    /// runs it holds (the run at its start when empty) when the text has several runs. When font fallback served
    /// some characters, from the fonts of the items that hold its characters instead, spaces at its end excluded
    /// (the item at its start when it has no other). A text of one run has ``lineMetrics(of:lineHeight:)``.
    func lineMetrics(
        start: Int, end: Int, next: Int, lineHeight: Double?
    ) -> (ascent: Double, descent: Double, height: Double) {
        var ascent = 0.0
        var descent = 0.0
        if usesFallbackFonts {
            var index = item(at: start < count || start == 0 ? start : start - 1)
            repeat {
                let item = items[index].item
                let scale = runs[item.run].effectiveSize / Double(item.font.unitsPerEm)
                ascent = max(ascent, Double(item.font.ascender) * scale)
                descent = max(descent, -Double(item.font.descender) * scale)
                index += 1
            } while index < items.count && items[index].item.start < end
        } else {
            let first = run(at: start < count || start == 0 ? start : start - 1)
            let last = next > start ? run(at: next - 1) : first
            for index in first...last {
                ascent = max(ascent, runAscent[index])
                descent = max(descent, runDescent[index])
            }
        }
        return (ascent, descent, lineHeight ?? ascent + descent)
    }

    /// The ascent, descent and height of every line of a text whose only run has `metrics` (and every character
    /// in that run's font).
    static func lineMetrics(
        of metrics: (ascent: Double, descent: Double), lineHeight: Double?
    ) -> (ascent: Double, descent: Double, height: Double) {
        let ascent = max(0, metrics.ascent)
        let descent = max(0, metrics.descent)
        return (ascent, descent, lineHeight ?? ascent + descent)
    }

    /// How many lines breaking the text of `table` within `limits` is expected to give, which the line storage
    /// makes room for at the text's first measurement within a width: half as many again as the whole text's
    /// width over the line's (lines end short of the width, and a later width may be narrower), at most the line
    /// limit.
    static func expectedLines(table: BreakTable, limits: LineBreakLimits) -> Int {
        // The one line's width (its trailing spaces left out) is read from the header, not from the last point.
        let estimate = table.header.pointee.oneLineBoxWidth / max(limits.lineWidth, 1) * 1.5 + 1
        let limit = limits.maximumNumberOfLines > 0 ? limits.maximumNumberOfLines : Int.max
        // A text of many lines (or of a NaN width) starts with room for 64 and grows as it needs.
        return min(estimate < 1 ? 1 : estimate < 64 ? Int(estimate) : 64, limit)
    }

    /// Cuts the last kept line so that it shows the truncation token, dropping as little of its paragraph as
    /// needed for the line to fit (whole grapheme clusters).
    func truncate(
        _ box: inout LineBox, maxWidth: Double, mode: TruncationMode,
        tokenWidth: (_ run: Int, _ rightToLeft: Bool) -> Double
    ) {
        let s = box.start
        var paragraphEnd = paragraphContentEnd(after: s)
        let rtl = isRightToLeft(at: s)
        var headEnd = s
        var tailStart = paragraphEnd
        var tokenRun: Int
        switch mode {
        case .tail, .clip:
            let budget = maxWidth - tokenWidth(run(at: max(s, paragraphEnd - 1)), rtl)
            headEnd = longestPrefix(from: s, to: paragraphEnd, within: budget)
            tokenRun = run(at: max(s, headEnd - 1))
            tailStart = headEnd
            paragraphEnd = headEnd
        case .head:
            tailStart = longestSuffix(to: paragraphEnd, from: s, within: maxWidth - tokenWidth(run(at: s), rtl))
            tokenRun = run(at: min(tailStart, max(paragraphEnd - 1, s)))
        case .middle:
            let whole = tokenWidth(run(at: s), rtl)
            headEnd = longestPrefix(from: s, to: paragraphEnd, within: (maxWidth - whole) / 2)
            tokenRun = run(at: max(s, headEnd - 1))
            let used = lineWidth(s, headEnd, next: headEnd) + tokenWidth(tokenRun, rtl)
            tailStart = longestSuffix(to: paragraphEnd, from: headEnd, within: maxWidth - used)
        }
        box.end = headEnd
        box.hasToken = true
        box.tailStart = tailStart
        box.tailEnd = paragraphEnd
        box.tokenRun = tokenRun
        box.width =
            lineWidth(s, headEnd, next: headEnd) + tokenWidth(tokenRun, rtl)
            + lineWidth(tailStart, paragraphEnd, next: -1)
    }

    /// The end of the paragraph holding `offset`, its trailing spaces left out (searched back no further than
    /// `offset`): the first forced break after `offset`, else the text's end, which is the last break point.
    private func paragraphContentEnd(after offset: Int) -> Int {
        // One paragraph ends at the last point's `contentEnd` (an empty text, without points, at 0).
        let header = table.header.pointee
        if !header.hasForcedBreak { return max(offset, Int(header.oneLineEnd)) }
        var index = firstBreakPoint(after: offset)
        guard index < breakPoints.count else { return offset }  // an empty text
        while index < breakPoints.count - 1 && !breakPoints[index].forced { index += 1 }
        return max(offset, Int(breakPoints[index].contentEnd))
    }

    /// The index of the first break point after `offset` (the last one, at the text's end, for any offset before
    /// it).
    private func firstBreakPoint(after offset: Int) -> Int {
        var low = 0
        var high = breakPoints.count - 1
        while low < high {
            let mid = (low + high) / 2
            if Int(breakPoints[mid].position) <= offset { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The furthest grapheme boundary `cut` in `start...end` whose text (trailing spaces excluded) is at most
    /// `limit` wide; the returned offset has its trailing spaces removed. Walks grapheme by grapheme from the
    /// furthest break point that is surely passed (``surelyFittingBreak(from:before:within:)``).
    private func longestPrefix(from start: Int, to end: Int, within limit: Double) -> Int {
        var cut = surelyFittingBreak(from: start, before: end, within: limit) ?? start
        while cut < end {
            let further = nextGrapheme(after: cut)
            let end = trimmedEnd(start, further)
            if lineWidth(start, end, next: end) > limit { break }
            cut = further
        }
        return trimmedEnd(start, cut)
    }

    /// The furthest break position before `end`, and a grapheme boundary, that the walk of
    /// ``longestPrefix(from:to:within:)`` from `start` surely passes. While prefix widths do not decrease from
    /// `start` to a point's `contentEnd`, no text from `start` up to an offset there is wider than the point's
    /// prefix width plus the text's largest end correction (kept in the table's header), minus the start's prefix
    /// plus its start correction; the margin covers the rounding of both sums many times over, and the walk, which
    /// compares exactly, decides everything after the point. Only the break points are read (a point's corrections
    /// only when it has one), up to the first one whose bound is too wide (where the walk would stop soon after):
    /// each tells whether widths rise from the point before it, a stretch that holds everything from `start` on
    /// (the point before the first one read is at or before `start`). A larger correction than the stretch's own
    /// can only stop the search sooner, which the walk makes up for. Nil when no point qualifies.
    private func surelyFittingBreak(from start: Int, before end: Int, within limit: Double) -> Int? {
        let startPrefix = measures[start].prefix
        let startAdjustment = measures[start].startAdjust
        let largestEndAdjustment = Double(table.header.pointee.largestEndAdjustment)
        var found: Int?
        var index = firstBreakPoint(after: start)
        while index < breakPoints.count {
            let point = breakPoints[index]
            guard Int(point.position) < end else { break }
            // A decreasing (or NaN) width ends the search: the bound would not hold past it.
            guard point.prefixRises else { break }
            if Int(point.contentEnd) >= start {
                // Without a correction, `widthToContentEnd` is the prefix there (see ``BreakPoint``).
                let prefixAtContentEnd =
                    point.corrected ? table.corrections[index].prefixAtContentEnd : point.widthToContentEnd
                let bound = prefixAtContentEnd + largestEndAdjustment - startPrefix + startAdjustment
                let margin =
                    1e-9
                    * (abs(prefixAtContentEnd) + largestEndAdjustment + abs(startPrefix)
                        + abs(startAdjustment) + 1)
                guard bound + margin <= limit else { break }
                found = Int(point.position)
            }
            index += 1
        }
        return found.flatMap(graphemeStart)
    }

    /// `offset` when a grapheme cluster starts there, else nil.
    private func graphemeStart(_ offset: Int) -> Int? { graphemeBoundary[offset] ? offset : nil }

    /// The earliest grapheme boundary in `start...end` from which the text up to `end` is at most `limit` wide.
    private func longestSuffix(to end: Int, from start: Int, within limit: Double) -> Int {
        var cut = end
        while cut > start {
            let earlier = max(previousGrapheme(before: cut), start)
            if lineWidth(earlier, end, next: -1) > limit { break }
            cut = earlier
        }
        return cut
    }

}
