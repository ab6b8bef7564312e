// Unsafe room: text store.
// Invariants: `lines` holds `capacity` stored lines, and `metrics` (when allocated) as many metrics; the first
// `count` lines are initialized, and as many metrics when `uniformMetrics` is nil. Both types are trivial, so they are
// overwritten and dropped without deinitializing them. The storage belongs to one value (it cannot be copied), which
// frees it; a text node keeps that value among its own fields and writes it only while it is measured.

/// A line's tallest ascent and descent and its height.
typealias LineMetrics = (ascent: Double, descent: Double, height: Double)

/// The lines of a text node's latest measurement, in storage the node keeps from one measurement to the next.
///
/// Breaking a text at a new width writes every line again; an array would check that its buffer is not shared at
/// every line and grow one element at a time, which was about a tenth of breaking the text feed's bodies at a
/// second width. This storage is written through the one value that owns it (nothing to check), and starts with
/// room for an estimate of the lines, taken from the text's width at its first measurement. A line is kept in
/// 32 bytes (a ``LineBox`` takes 96): its metrics are kept once for a text whose lines all have the same (a text of
/// one run), else beside it, and the truncation token only for the last line, the only one truncated.
///
/// The value is 64 bytes and cannot be copied: a text node keeps it among the fields a measurement writes anyway,
/// so a new width does not reach another object (a cache line read and written per text) before its lines.
struct LineBoxes: ~Copyable {
    /// What is kept of each line.
    private struct StoredLine {
        var start: Int32
        var end: Int32
        var next: Int32
        var endsParagraph: Bool
        var width: Double
        var top: Double
    }

    private var lines: UnsafeMutablePointer<StoredLine>?
    private var metrics: UnsafeMutablePointer<LineMetrics>?
    /// Every line's metrics when they are all the same, given by the break that wrote the lines (read when
    /// ``hasUniformMetrics``).
    private var uniformMetrics: LineMetrics = (0, 0, 0)
    private var capacity: Int32 = 0
    private var storedCount: Int32 = 0
    /// What the last line shows after its token (see ``LineBox``), when it is truncated (`tokenRun` ≥ 0).
    private var tailStart: Int32 = 0
    private var tailEnd: Int32 = 0
    private var tokenRun: Int32 = -1
    private var hasUniformMetrics = false
    /// Whether the storage was made room for at a width (see ``reserve(_:)``).
    private(set) var isSized = false

    init() {}

    deinit {
        lines?.deallocate()
        metrics?.deallocate()
    }

    /// How many lines the latest break kept.
    var count: Int { Int(storedCount) }

    /// Forgets the lines, keeping their storage, for a break whose lines all have `uniformMetrics` (nil: each its
    /// own).
    @inline(__always) mutating func removeAll(uniformMetrics: LineMetrics?) {
        storedCount = 0
        tokenRun = -1
        if let uniformMetrics {
            self.uniformMetrics = uniformMetrics
            hasUniformMetrics = true
        } else {
            hasUniformMetrics = false
        }
    }

    /// Makes room for `lines` lines, the lines expected at a width (more are still appended when a break needs
    /// them), and marks the storage ``isSized``.
    mutating func reserve(_ lines: Int) {
        if Int(capacity) < lines { grow(to: lines) }
        isSized = true
    }

    /// Appends a line with `metrics`, which must be the uniform metrics when the break has them. The offsets are
    /// a text's, whose length fits 32 bits (its break table keeps it in 32), so they are narrowed unchecked.
    @inline(__always) mutating func append(
        start: Int, end: Int, next: Int, width: Double, top: Double, endsParagraph: Bool, metrics: LineMetrics
    ) {
        let index = Int(storedCount)
        if storedCount == capacity { grow(to: max(4, index * 2)) }
        (lines.unsafelyUnwrapped + index).initialize(
            to: StoredLine(
                start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: end),
                next: Int32(truncatingIfNeeded: next), endsParagraph: endsParagraph, width: width, top: top))
        if !hasUniformMetrics {
            if self.metrics == nil { self.metrics = .allocate(capacity: Int(capacity)) }
            (self.metrics.unsafelyUnwrapped + index).initialize(to: metrics)
        }
        storedCount &+= 1
    }

    /// The line at `index` (below ``count``).
    @inline(__always) subscript(index: Int) -> LineBox {
        precondition(index >= 0 && index < count)
        let line = lines.unsafelyUnwrapped[index]
        let (ascent, descent, height) = hasUniformMetrics ? uniformMetrics : metrics.unsafelyUnwrapped[index]
        var box = LineBox(
            start: Int(line.start), end: Int(line.end), next: Int(line.next), width: line.width, ascent: ascent,
            descent: descent, height: height, top: line.top, endsParagraph: line.endsParagraph)
        if index == count - 1 && tokenRun >= 0 {
            box.hasToken = true
            (box.tailStart, box.tailEnd, box.tokenRun) = (Int(tailStart), Int(tailEnd), Int(tokenRun))
        }
        return box
    }

    /// The width of the line at `index` (below ``count``).
    @inline(__always) func width(_ index: Int) -> Double {
        precondition(index >= 0 && index < count)
        return lines.unsafelyUnwrapped[index].width
    }

    /// Replaces the last line with `box` (its metrics stay), which may be truncated.
    mutating func replaceLast(with box: LineBox) {
        precondition(count > 0)
        lines.unsafelyUnwrapped[count - 1] = StoredLine(
            start: Int32(box.start), end: Int32(box.end), next: Int32(box.next), endsParagraph: box.endsParagraph,
            width: box.width, top: box.top)
        if box.hasToken {
            (tailStart, tailEnd, tokenRun) = (Int32(box.tailStart), Int32(box.tailEnd), Int32(box.tokenRun))
        } else {
            tokenRun = -1
        }
    }

    /// The kept lines, in order.
    var all: [LineBox] { (0..<count).map { self[$0] } }

    /// Grows the lines' storage (and the metrics', when allocated) to `lines`.
    private mutating func grow(to lines: Int) {
        self.lines = Self.moved(self.lines, count: count, toCapacity: lines)
        if let metrics {
            self.metrics = Self.moved(metrics, count: hasUniformMetrics ? 0 : count, toCapacity: lines)
        }
        capacity = Int32(lines)
    }

    /// New storage for `capacity` values holding the first `count` of `base` (which it frees), for storage that
    /// grows.
    private static func moved<Value>(
        _ base: UnsafeMutablePointer<Value>?, count: Int, toCapacity capacity: Int
    ) -> UnsafeMutablePointer<Value> {
        let grown = UnsafeMutablePointer<Value>.allocate(capacity: capacity)
        if let base {
            grown.initialize(from: base, count: count)
            base.deallocate()
        }
        return grown
    }
}
