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

/// What a line break pass needs besides the shaped text.
struct LineBreakLimits {
    var maxWidth: Double
    var maxHeight: Double
    var style: ParagraphStyle

    /// The width lines are broken for: no limit for NaN, none below zero.
    var lineWidth: Double { maxWidth.isNaN ? .infinity : max(0, maxWidth) }

    /// Whether ``ShapedText/breakLines(_:into:token:)`` makes the whole text one line without comparing any
    /// line with the width, given the text's ``ShapedText/oneLineWidth``: every opportunity fits (none is
    /// forced, word wrapping). Those lines are the same for every width this holds for and any height.
    func keepOneLine(oneLineWidth: Double) -> Bool {
        style.lineBreakMode == .word && oneLineWidth <= lineWidth
    }
}

extension ShapedText {
    /// Breaks the text into lines no wider than `limits.maxWidth` (greedy, UAX #14 opportunities, forced breaks
    /// at newlines, a word wider than a line broken between grapheme clusters), keeping the lines that
    /// `maximumNumberOfLines` and `limits.maxHeight` allow and truncating the last kept one when text is left out.
    /// `token` returns the shaped truncation token for a run index and direction. Reuses `boxes`' storage.
    func breakLines(_ limits: LineBreakLimits, into boxes: inout [LineBox],
                    token: (_ run: Int, _ rightToLeft: Bool) -> ShapedText) {
        boxes.removeAll(keepingCapacity: true)
        let style = limits.style
        let maxWidth = limits.lineWidth
        let lineLimit = style.maximumNumberOfLines > 0 ? style.maximumNumberOfLines : Int.max
        let n = count
        var bottom = 0.0
        var truncated = false

        /// Appends a line `width` wide unless the line limit or the height leaves it out (then the text is
        /// truncated).
        func emit(_ start: Int, _ end: Int, _ next: Int, width: Double, endsParagraph: Bool) -> Bool {
            if boxes.count >= lineLimit {
                truncated = true
                return false
            }
            var box = LineBox(start: start, end: end, next: next, width: width, ascent: 0, descent: 0, height: 0,
                              top: 0, endsParagraph: endsParagraph)
            measureHeight(&box, lineHeight: style.lineHeight)
            let top = boxes.isEmpty ? 0 : bottom + style.lineSpacing
            if !boxes.isEmpty && top + box.height > limits.maxHeight {
                truncated = true
                return false
            }
            box.top = top
            bottom = top + box.height
            boxes.append(box)
            return true
        }

        guard n > 0 else {
            _ = emit(0, 0, 0, width: lineWidth(0, 0, next: 0), endsParagraph: true)
            return
        }
        let byWord = style.lineBreakMode == .word
        var start = 0
        // `prefix[start]` and `startAdjust[start]`, taken from the break point where the line starts when it
        // starts at one (both are zero at the text's start: no correction precedes the first character).
        var startPrefix = 0.0
        var startAdjustment = 0.0
        func startLine(at offset: Int) {
            start = offset
            startPrefix = prefix[offset]
            startAdjustment = startAdjust[offset]
        }
        func startLine(at point: BreakPoint) {
            start = Int(point.position)
            startPrefix = point.prefixAtPosition
            startAdjustment = point.startAdjustAtPosition
        }
        /// `lineWidth(start, end, next:)` for a line that ends at `point` (its trailing spaces left out).
        func widthToPoint(_ point: BreakPoint) -> Double {
            let end = Int(point.contentEnd)
            return point.prefixAtContentEnd - startPrefix + startAdjustment
                + (Int(point.position) == end ? point.endAdjustAtContentEnd : 0)
        }
        if limits.keepOneLine(oneLineWidth: oneLineWidth), let last = breakPoints.last {
            // Every opportunity fits the first line (none is forced): the loop below would make one line of it.
            _ = emit(0, Int(last.contentEnd), n, width: widthToPoint(last), endsParagraph: true)
            return
        }
        var position = 0  // the last opportunity accepted on the current line (or its start)
        var candidate = -1  // the last opportunity where the current line fits
        var candidateEnd = 0  // the end of the line that breaks there (its trailing spaces left out)
        var candidatePoint = -1  // the candidate's index in `breakPoints` when it ends there (word mode)
        var breakIndex = 0
        var forcedIndex = 0
        let lastBreak = breakPoints.count - 1
        while true {
            // The next opportunity after `position` and whether it is forced.
            let opportunity: Int
            let isForced: Bool
            var end: Int
            var fits: Bool
            // Whether `end` is the contentEnd of `breakPoints[breakIndex]` (its width is read from there).
            var endsAtPoint = false
            if byWord {
                while breakIndex < lastBreak && Int(breakPoints[breakIndex].position) <= position { breakIndex += 1 }
                let point = breakPoints[breakIndex]
                opportunity = Int(point.position)
                isForced = point.forced
                end = Int(point.contentEnd)
                if end >= start {
                    fits = point.widthToContentEnd - startPrefix + startAdjustment <= maxWidth
                    endsAtPoint = true
                } else {
                    end = start
                    fits = lineWidth(start, end, next: opportunity) <= maxWidth
                }
            } else {
                var q = position + 1
                while q < n && (!graphemeBoundary[q] || ShapedText.isLineSeparator(units[q])) { q += 1 }
                while breaks[forcedIndex] < q { forcedIndex += 1 }
                opportunity = q
                isForced = breaks[forcedIndex] == q && forced[forcedIndex]
                end = trimmedEnd(start, opportunity)
                fits = lineWidth(start, end, next: opportunity) <= maxWidth
            }
            // A line holding at most one grapheme cluster takes it even when it is too wide.
            if fits || nextGrapheme(after: start) >= end {
                if isForced || opportunity == n {
                    let width = endsAtPoint ? widthToPoint(breakPoints[breakIndex])
                                            : lineWidth(start, end, next: opportunity)
                    guard emit(start, end, opportunity, width: width, endsParagraph: true) else { break }
                    if opportunity == n {
                        // A text that ends with a newline ends with an empty line (as Pango and TextKit show it);
                        // leaving only that line out is not a truncation.
                        if isForced && !emit(n, n, n, width: lineWidth(n, n, next: n), endsParagraph: true) {
                            truncated = false
                        }
                        break
                    }
                    if byWord { startLine(at: breakPoints[breakIndex]) } else { startLine(at: opportunity) }
                    candidate = -1
                } else {
                    candidate = opportunity
                    candidateEnd = end
                    candidatePoint = endsAtPoint ? breakIndex : -1
                }
                position = opportunity
                continue
            }
            if candidate > start {
                if candidatePoint >= 0 {
                    let point = breakPoints[candidatePoint]
                    guard emit(start, candidateEnd, candidate, width: widthToPoint(point), endsParagraph: false)
                    else { break }
                    startLine(at: point)
                } else {
                    guard emit(start, candidateEnd, candidate, width: lineWidth(start, candidateEnd, next: candidate),
                               endsParagraph: false)
                    else { break }
                    startLine(at: candidate)
                }
                candidate = -1
                continue
            }
            // One unbreakable stretch wider than the line, at the line's start: as many grapheme clusters as fit
            // (at least one).
            var cut = nextGrapheme(after: start)
            while cut < end {
                let further = nextGrapheme(after: cut)
                if lineWidth(start, further, next: further) > maxWidth { break }
                cut = further
            }
            guard emit(start, cut, cut, width: lineWidth(start, cut, next: cut), endsParagraph: false) else { break }
            startLine(at: cut)
            position = cut
            candidate = -1
        }
        if truncated && style.truncationMode != .clip, let last = boxes.indices.last {
            truncate(&boxes[last], maxWidth: maxWidth, mode: style.truncationMode, token: token)
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

    /// Sets the line's ascent, descent and height from the runs it holds (the run at its start when empty).
    func measureHeight(_ box: inout LineBox, lineHeight: Double?) {
        var ascent = 0.0
        var descent = 0.0
        if let only = singleRunMetrics {
            ascent = max(ascent, only.ascent)
            descent = max(descent, only.descent)
        } else {
            let first = run(at: box.start < count || box.start == 0 ? box.start : box.start - 1)
            let last = box.next > box.start ? run(at: box.next - 1) : first
            for index in first...last {
                ascent = max(ascent, runAscent[index])
                descent = max(descent, runDescent[index])
            }
        }
        box.ascent = ascent
        box.descent = descent
        box.height = lineHeight ?? ascent + descent
    }

    /// Cuts the last kept line so that it shows the truncation token, dropping as little of its paragraph as
    /// needed for the line to fit (whole grapheme clusters).
    func truncate(_ box: inout LineBox, maxWidth: Double, mode: TruncationMode,
                  token: (_ run: Int, _ rightToLeft: Bool) -> ShapedText) {
        let s = box.start
        var paragraphEnd = count
        var low = 0
        var high = breaks.count
        while low < high {  // the first opportunity after the line's start, then the next forced one
            let mid = (low + high) / 2
            if breaks[mid] <= s { low = mid + 1 } else { high = mid }
        }
        while low < breaks.count {
            if forced[low] {
                paragraphEnd = breaks[low]
                break
            }
            low += 1
        }
        paragraphEnd = trimmedEnd(s, paragraphEnd)
        let rtl = isRightToLeft(at: s)
        var headEnd = s
        var tailStart = paragraphEnd
        var tokenRun: Int
        switch mode {
        case .tail, .clip:
            let budget = maxWidth - token(run(at: max(s, paragraphEnd - 1)), rtl).totalWidth
            headEnd = longestPrefix(from: s, to: paragraphEnd, within: budget)
            tokenRun = run(at: max(s, headEnd - 1))
            tailStart = headEnd
            paragraphEnd = headEnd
        case .head:
            tailStart = longestSuffix(to: paragraphEnd, from: s, within: maxWidth - token(run(at: s), rtl).totalWidth)
            tokenRun = run(at: min(tailStart, max(paragraphEnd - 1, s)))
        case .middle:
            let whole = token(run(at: s), rtl).totalWidth
            headEnd = longestPrefix(from: s, to: paragraphEnd, within: (maxWidth - whole) / 2)
            tokenRun = run(at: max(s, headEnd - 1))
            let used = lineWidth(s, headEnd, next: headEnd) + token(tokenRun, rtl).totalWidth
            tailStart = longestSuffix(to: paragraphEnd, from: headEnd, within: maxWidth - used)
        }
        box.end = headEnd
        box.hasToken = true
        box.tailStart = tailStart
        box.tailEnd = paragraphEnd
        box.tokenRun = tokenRun
        box.width = lineWidth(s, headEnd, next: headEnd) + token(tokenRun, rtl).totalWidth
            + lineWidth(tailStart, paragraphEnd, next: -1)
    }

    /// The furthest grapheme boundary `cut` in `start...end` whose text (trailing spaces excluded) is at most
    /// `limit` wide; the returned offset has its trailing spaces removed.
    private func longestPrefix(from start: Int, to end: Int, within limit: Double) -> Int {
        var cut = start
        while cut < end {
            let further = nextGrapheme(after: cut)
            let end = trimmedEnd(start, further)
            if lineWidth(start, end, next: end) > limit { break }
            cut = further
        }
        return trimmedEnd(start, cut)
    }

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

    /// The width of the whole text (used for the truncation token).
    var totalWidth: Double { prefix[count] }
}
