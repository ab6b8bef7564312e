// Unsafe room: text store.
// Invariants: a table's header, break points and their corrections live in a chunk allocated once and freed only
// when no table points into it (the chunk is held by every text using it); a table is written once when made and
// only read afterwards, by any thread.

import Synchronization

/// A word-mode line-break opportunity with everything the breaking loop reads there, so that breaking a text at a
/// new width walks this one array from its start and reads nothing else for a line that ends or starts at an
/// opportunity: the walk is sequential, which the processor fetches ahead, while each other array (or each jump to
/// another) would be one more cache miss per text or per line. Two points share a cache line: what is rarely other
/// than zero (the corrections where a line splits a shaped item, and what truncation reads) is kept apart, in the
/// point's ``BreakPointCorrections``, read only when ``corrected`` says so. A line from `start` to here is
/// `widthToContentEnd - prefix[start] + startAdjust[start]` wide (when `contentEnd` ≥ `start`).
struct BreakPoint: Sendable {
    var position: Int32
    /// The position with the spaces before it removed (searched back to the text's start).
    var contentEnd: Int32
    /// The first grapheme boundary after `position`: a line starting here that reaches no further holds one
    /// grapheme cluster (and takes it even when it is too wide).
    var graphemeEnd: Int32
    var forced: Bool
    /// Whether the word walk between line ends stops here whatever the width: the point is forced, or the last
    /// one. The walk tests this one flag at each step, which also keeps it within the points without comparing
    /// the index.
    var stopsWalk: Bool
    /// Whether `prefix` does not decrease from the previous point's `contentEnd` (the text's start for the first
    /// point) to this one's, and no end correction there is NaN: what truncation's search for a surely fitting
    /// break needs to know of every offset there, known without reading the per-character arrays.
    var prefixRises: Bool
    /// Whether the point's end or start correction is other than +0 (see ``BreakPointCorrections``): a line that
    /// ends here, or starts here, then reads them.
    var corrected: Bool
    /// `prefix[contentEnd]` plus the end correction (`endAdjust[contentEnd]` when the opportunity splits an item
    /// there, `position` being `contentEnd`; else zero): the width of a line that ends here. Without a correction it
    /// is `prefix[contentEnd]` itself (adding +0 leaves a prefix as it is: a prefix is never -0).
    var widthToContentEnd: Double
    /// `prefix[position]`: with the start correction, the width of a line that starts here.
    var prefixAtPosition: Double
}

/// What a break point keeps apart from the breaking loop's walk (see ``BreakPoint``): the two corrections, both +0
/// unless ``BreakPoint/corrected``.
struct BreakPointCorrections: Sendable {
    /// `prefix[contentEnd]`, and the correction added to it where a line ends here (see
    /// ``BreakPoint/widthToContentEnd``).
    var prefixAtContentEnd: Double
    var endAdjustment: Double
    /// `startAdjust[position]`.
    var startAdjustAtPosition: Double
}

/// What breaking a text at a new width reads besides its break points, written just before them.
struct BreakTableHeader {
    /// See ``ShapedText/oneLineWidth``.
    var oneLineWidth: Double
    /// The width of the one line that `oneLineWidth` keeps (it ends at ``oneLineEnd``).
    var oneLineBoxWidth: Double
    /// The ascent and descent of the only run, when ``hasSingleRunMetrics`` (every line has them).
    var singleRunAscent: Double
    var singleRunDescent: Double
    /// The text's length in UTF-16 units (see ``count``).
    var length: Int32
    /// The end of the one line that `oneLineWidth` keeps (the last break point's `contentEnd`).
    var oneLineEnd: Int32
    /// The first grapheme boundary after offset 0 (what ``BreakPoint/graphemeEnd`` is for the text's first line).
    var firstGraphemeEnd: Int32
    var pointCount: Int32
    /// At least the largest magnitude of `endAdjust` over the text, NaNs left out (a NaN ends
    /// ``BreakPoint/prefixRises``): what truncation's search for a surely fitting break bounds a line's end
    /// correction by, read without the points' corrections. A `Float` rounded up, which keeps the header in 56
    /// bytes: a larger bound only stops that search sooner.
    var largestEndAdjustment: Float
    /// Whether a break is forced (the text has more than one paragraph): without one, truncation knows where the
    /// paragraph ends (`oneLineEnd`) without walking the points to the text's end.
    var hasForcedBreak: Bool
    var hasSingleRunMetrics: Bool

    init(
        count: Int, oneLineWidth: Double, oneLineEnd: Int32, oneLineBoxWidth: Double,
        singleRunMetrics: (ascent: Double, descent: Double)?, largestEndAdjustment: Double, firstGraphemeEnd: Int32,
        pointCount: Int32, hasForcedBreak: Bool
    ) {
        self.oneLineWidth = oneLineWidth
        self.oneLineBoxWidth = oneLineBoxWidth
        singleRunAscent = singleRunMetrics?.ascent ?? 0
        singleRunDescent = singleRunMetrics?.descent ?? 0
        let rounded = Float(largestEndAdjustment)
        self.largestEndAdjustment = Double(rounded) < largestEndAdjustment ? rounded.nextUp : rounded
        length = Int32(count)
        self.oneLineEnd = oneLineEnd
        self.firstGraphemeEnd = firstGraphemeEnd
        self.pointCount = pointCount
        self.hasForcedBreak = hasForcedBreak
        hasSingleRunMetrics = singleRunMetrics != nil
    }

    /// The text's length in UTF-16 units.
    @inline(__always) var count: Int { Int(length) }

    /// The ascent and descent of the only run, when there is one.
    @inline(__always) var singleRunMetrics: (ascent: Double, descent: Double)? {
        hasSingleRunMetrics ? (singleRunAscent, singleRunDescent) : nil
    }
}

/// A text's break table where it is kept: its header followed by its break points, then their corrections. A view
/// without ownership: the ``BreakTableChunk`` holding it must be kept alive (its ``ShapedText`` keeps it).
///
/// A table starts a cache line, and its points (32 bytes) start at a multiple of their size after it: breaking a
/// text at a new width reads its header in one cache line (the first it reaches), and each point in one.
struct BreakTable {
    /// Where the points start after the header (a multiple of their size).
    static let pointsOffset =
        (MemoryLayout<BreakTableHeader>.size + MemoryLayout<BreakPoint>.stride - 1)
        / MemoryLayout<BreakPoint>.stride * MemoryLayout<BreakPoint>.stride
    /// The bytes of a table with `points` points (a multiple of ``alignment``, so that the next table starts
    /// aligned).
    static func byteCount(points: Int) -> Int {
        let end = correctionsOffset(points: points) + points * MemoryLayout<BreakPointCorrections>.stride
        let alignment = BreakTable.alignment
        return (end + alignment - 1) / alignment * alignment
    }
    /// Where the corrections start after `points` points (a multiple of their alignment).
    static func correctionsOffset(points: Int) -> Int {
        let end = pointsOffset + points * MemoryLayout<BreakPoint>.stride
        let alignment = MemoryLayout<BreakPointCorrections>.alignment
        return (end + alignment - 1) / alignment * alignment
    }
    /// The alignment a table starts at: a cache line (more than each part's own).
    static let alignment = 64

    let header: UnsafePointer<BreakTableHeader>

    /// The break points, in ascending positions; the last is at the text's end.
    @inline(__always) var points: UnsafeBufferPointer<BreakPoint> {
        UnsafeBufferPointer(
            start: UnsafeRawPointer(header).advanced(by: BreakTable.pointsOffset).assumingMemoryBound(
                to: BreakPoint.self),
            count: Int(header.pointee.pointCount))
    }

    /// The points' corrections, one for each point, in the same order.
    @inline(__always) var corrections: UnsafeBufferPointer<BreakPointCorrections> {
        let count = Int(header.pointee.pointCount)
        return UnsafeBufferPointer(
            start: UnsafeRawPointer(header).advanced(by: BreakTable.correctionsOffset(points: count))
                .assumingMemoryBound(to: BreakPointCorrections.self),
            count: count)
    }

    /// `startAdjust` at the position of the point at `index`.
    @inline(__always) func startAdjustment(at index: Int, of point: BreakPoint) -> Double {
        point.corrected ? corrections[index].startAdjustAtPosition : 0
    }

    /// The width of a line that starts where `prefix` and `startAdjust` are `startPrefix` and `startAdjustment`
    /// and ends at the point at `index` (`point`), its trailing spaces left out: `prefix[contentEnd]`, less
    /// `startPrefix`, plus `startAdjustment`, plus the end correction, added in that order.
    @inline(__always)
    func widthOfLine(
        endingAt index: Int, _ point: BreakPoint, startPrefix: Double, startAdjustment: Double
    )
        -> Double
    {
        guard point.corrected else { return point.widthToContentEnd - startPrefix + startAdjustment }
        let corrections = corrections[index]
        return corrections.prefixAtContentEnd - startPrefix + startAdjustment + corrections.endAdjustment
    }
}

extension BreakTable {
    /// The header, break points and corrections of a text's table: one point per word-mode opportunity of
    /// `analysis`, with the widths `shaping` measured there.
    static func contents(
        units: [UInt16], analysis: TextAnalysis, shaping: TextShaping,
        singleRunMetrics: (ascent: Double, descent: Double)?
    )
        -> (header: BreakTableHeader, points: [BreakPoint], corrections: [BreakPointCorrections])
    {
        let n = units.count
        let breaks = analysis.breaks, forced = analysis.forced, grapheme = analysis.graphemeBoundary
        let prefix = shaping.prefix, endAdjust = shaping.endAdjust, startAdjust = shaping.startAdjust
        var points: [BreakPoint] = []
        var corrections: [BreakPointCorrections] = []
        points.reserveCapacity(breaks.count)
        corrections.reserveCapacity(breaks.count)
        var widest = 0.0
        var largestEndAdjustment = 0.0
        var stretchStart = 0  // the previous point's `contentEnd`
        for (index, position) in breaks.enumerated() {
            var end = position
            while end > 0 && ShapedText.isTrailingSpace(units[end - 1]) { end -= 1 }
            var boundary = position + 1  // almost always one: a break follows a space or a dash
            while boundary < n && !grapheme[boundary] { boundary += 1 }
            var rises = true
            let from = min(stretchStart, end)
            for offset in from...end {
                let magnitude = abs(endAdjust[offset])
                if magnitude.isNaN {
                    rises = false
                } else {
                    largestEndAdjustment = max(largestEndAdjustment, magnitude)
                }
                if offset > from && !(prefix[offset] >= prefix[offset - 1]) { rises = false }
            }
            stretchStart = end
            let correction = BreakPointCorrections(
                prefixAtContentEnd: prefix[end], endAdjustment: end == position ? endAdjust[end] : 0,
                startAdjustAtPosition: startAdjust[position])
            let point = BreakPoint(
                position: Int32(position), contentEnd: Int32(end),
                graphemeEnd: Int32(min(boundary, n)), forced: forced[index],
                stopsWalk: forced[index] || index == breaks.count - 1, prefixRises: rises,
                corrected: correction.endAdjustment.bitPattern != 0 || correction.startAdjustAtPosition.bitPattern != 0,
                widthToContentEnd: correction.prefixAtContentEnd + correction.endAdjustment,
                prefixAtPosition: prefix[position])
            points.append(point)
            corrections.append(correction)
            let width = point.widthToContentEnd
            if forced[index] || width.isNaN { widest = .nan }
            if !widest.isNaN { widest = max(widest, width) }
        }
        // A line from the text's start (no prefix, no correction) to the last point is that point's
        // `widthToContentEnd` wide.
        let header = BreakTableHeader(
            count: n, oneLineWidth: widest, oneLineEnd: points.last?.contentEnd ?? 0,
            oneLineBoxWidth: points.last?.widthToContentEnd ?? 0,
            singleRunMetrics: singleRunMetrics, largestEndAdjustment: largestEndAdjustment,
            firstGraphemeEnd: Int32(n == 0 ? 0 : (1...n).first { grapheme[$0] }!), pointCount: Int32(points.count),
            hasForcedBreak: points.contains { $0.forced })
        return (header, points, corrections)
    }
}

/// A block of memory that break tables are written into one after another and never changed after; freed when
/// the last text with a table in it goes.
final class BreakTableChunk: @unchecked Sendable {
    let base: UnsafeMutableRawPointer
    let capacity: Int
    /// The bytes written so far (changed only under the lock of the ``BreakTableArena`` that writes it).
    var used = 0

    init(capacity: Int) {
        self.capacity = capacity
        base = UnsafeMutableRawPointer.allocate(
            byteCount: max(capacity, 1),
            alignment: BreakTable.alignment)
    }

    deinit { base.deallocate() }

    /// Writes a table at `used` (which must leave room for it) and returns it.
    func write(
        _ header: BreakTableHeader, _ points: [BreakPoint], _ corrections: [BreakPointCorrections]
    )
        -> BreakTable
    {
        let start = base + used
        let written = start.bindMemory(to: BreakTableHeader.self, capacity: 1)
        written.initialize(to: header)
        Self.copy(points, to: start + BreakTable.pointsOffset)
        Self.copy(corrections, to: start + BreakTable.correctionsOffset(points: points.count))
        used += BreakTable.byteCount(points: points.count)
        return BreakTable(header: UnsafePointer(written))
    }

    /// Binds the memory at `destination` to `Value` and copies `values` there.
    private static func copy<Value>(_ values: [Value], to destination: UnsafeMutableRawPointer) {
        let memory = destination.bindMemory(to: Value.self, capacity: values.count)
        values.withUnsafeBufferPointer {
            if let from = $0.baseAddress { memory.initialize(from: from, count: $0.count) }
        }
    }
}

/// Where the texts of one document write their break tables: one after another, in the order they are shaped,
/// which is the order a layout pass measures them in. Breaking every text at a new width then reads one stream of
/// memory, which the processor fetches ahead, instead of a separate allocation per text (each a cache miss, and
/// a second one for the text's object that held the table's address).
final class BreakTableArena: Sendable {
    /// The smallest and largest chunk: a small document takes a few kilobytes; a large one takes chunks of
    /// 256 KB (a table larger than that has a chunk of its own).
    private static let firstChunk = 4096
    private static let largestChunk = 256 * 1024

    private let current = Mutex<BreakTableChunk?>(nil)

    /// Writes a table into the current chunk, or a new one when it has no room, and returns the table with the
    /// chunk that holds it.
    func write(
        _ header: BreakTableHeader, _ points: [BreakPoint], _ corrections: [BreakPointCorrections]
    )
        -> (BreakTableChunk, BreakTable)
    {
        let bytes = BreakTable.byteCount(points: points.count)
        return current.withLock { current in
            var chunk: BreakTableChunk
            if let open = current, open.capacity - open.used >= bytes {
                chunk = open
            } else {
                let next =
                    current.map { min($0.capacity * 2, BreakTableArena.largestChunk) } ?? BreakTableArena.firstChunk
                chunk = BreakTableChunk(capacity: max(next, bytes))
                current = chunk
            }
            return (chunk, chunk.write(header, points, corrections))
        }
    }
}
