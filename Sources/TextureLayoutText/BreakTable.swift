import Synchronization

/// What breaking a text at a new width reads besides its break points, written just before them.
struct BreakTableHeader {
    /// The text's length in UTF-16 units.
    var count: Int
    /// See ``ShapedText/oneLineWidth``.
    var oneLineWidth: Double
    /// The one line that `oneLineWidth` keeps: its end (the last break point's `contentEnd`) and width.
    var oneLineEnd: Int
    var oneLineBoxWidth: Double
    /// The ascent and descent of the only run, when there is one (every line has them).
    var singleRunMetrics: (ascent: Double, descent: Double)?
    /// The first grapheme boundary after offset 0 (what ``BreakPoint/graphemeEnd`` is for the text's first line).
    var firstGraphemeEnd: Int32
    var pointCount: Int32
    /// Whether a break is forced (the text has more than one paragraph): without one, truncation knows where the
    /// paragraph ends (`oneLineEnd`) without walking the points to the text's end.
    var hasForcedBreak: Bool
}

/// A text's break table where it is kept: its header followed by its break points. A view without ownership:
/// the ``BreakTableChunk`` holding it must be kept alive (its ``ShapedText`` keeps it).
struct BreakTable {
    /// Where the points start after the header (a multiple of their alignment).
    static let pointsOffset = (MemoryLayout<BreakTableHeader>.size + MemoryLayout<BreakPoint>.alignment - 1)
        / MemoryLayout<BreakPoint>.alignment * MemoryLayout<BreakPoint>.alignment
    /// The bytes of a table with `points` points (a multiple of the header's alignment, so that the next table
    /// starts aligned).
    static func byteCount(points: Int) -> Int {
        let end = pointsOffset + points * MemoryLayout<BreakPoint>.stride
        let alignment = max(MemoryLayout<BreakTableHeader>.alignment, MemoryLayout<BreakPoint>.alignment)
        return (end + alignment - 1) / alignment * alignment
    }

    let header: UnsafePointer<BreakTableHeader>

    /// The break points, in ascending positions; the last is at the text's end.
    @inline(__always) var points: UnsafeBufferPointer<BreakPoint> {
        UnsafeBufferPointer(
            start: UnsafeRawPointer(header).advanced(by: BreakTable.pointsOffset).assumingMemoryBound(to: BreakPoint.self),
            count: Int(header.pointee.pointCount))
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
            alignment: max(MemoryLayout<BreakTableHeader>.alignment, MemoryLayout<BreakPoint>.alignment))
    }

    deinit { base.deallocate() }

    /// Writes a table at `used` (which must leave room for it) and returns it.
    func write(_ header: BreakTableHeader, _ points: [BreakPoint]) -> BreakTable {
        let start = base + used
        let written = start.bindMemory(to: BreakTableHeader.self, capacity: 1)
        written.initialize(to: header)
        let pointMemory = (start + BreakTable.pointsOffset).bindMemory(to: BreakPoint.self, capacity: points.count)
        points.withUnsafeBufferPointer { pointMemory.initialize(from: $0.baseAddress!, count: $0.count) }
        used += BreakTable.byteCount(points: points.count)
        return BreakTable(header: UnsafePointer(written))
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
    func write(_ header: BreakTableHeader, _ points: [BreakPoint]) -> (BreakTableChunk, BreakTable) {
        let bytes = BreakTable.byteCount(points: points.count)
        return current.withLock { current in
            var chunk: BreakTableChunk
            if let open = current, open.capacity - open.used >= bytes {
                chunk = open
            } else {
                let next = current.map { min($0.capacity * 2, BreakTableArena.largestChunk) } ?? BreakTableArena.firstChunk
                chunk = BreakTableChunk(capacity: max(next, bytes))
                current = chunk
            }
            return (chunk, chunk.write(header, points))
        }
    }
}
