// Unsafe room: text store.
// Invariants: `lines` holds `capacity` stored lines, and `metrics` (when allocated) `metricsCapacity` metrics; the
// first `count` lines are initialized, and as many metrics when `uniformMetrics` is nil. Both types are trivial, so
// they are overwritten and dropped without deinitializing them. The storage belongs to one text node and is written
// only while it is measured.

/// A line's tallest ascent and descent and its height.
typealias LineMetrics = (ascent: Double, descent: Double, height: Double)

/// The lines of a text node's latest measurement, in storage the node keeps from one measurement to the next.
///
/// Breaking a text at a new width writes every line again; an array would check that its buffer is not shared at
/// every line and grow one element at a time, which was about a tenth of breaking the text feed's bodies at a
/// second width. This storage is written through one reference the node holds (nothing to check), and starts with
/// room for an estimate of the lines, taken from the text's width at its first measurement. A line is kept in
/// 32 bytes (a ``LineBox`` takes 96): its metrics are kept once for a text whose lines all have the same (a text of
/// one run), else beside it, and the truncation token only for the last line, the only one truncated.
final class LineBoxes {
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
    private var capacity = 0
    private var metricsCapacity = 0
    /// How many lines the latest break kept.
    private(set) var count = 0
    /// Every line's metrics when they are all the same, given by the break that wrote the lines.
    private var uniformMetrics: LineMetrics?
    /// What the last line shows after its token (see ``LineBox``), when it is truncated.
    private var truncation: (tailStart: Int, tailEnd: Int, tokenRun: Int)?

    deinit {
        lines?.deallocate()
        metrics?.deallocate()
    }

    /// Whether no line was ever stored.
    var isUnallocated: Bool { lines == nil }

    /// Forgets the lines, keeping their storage, for a break whose lines all have `uniformMetrics` (nil: each its
    /// own).
    @inline(__always) func removeAll(uniformMetrics: LineMetrics?) {
        count = 0
        self.uniformMetrics = uniformMetrics
        truncation = nil
    }

    /// Makes room for `lines` lines (more are still appended when a break needs them).
    func reserve(_ lines: Int) {
        if capacity < lines { grow(to: lines) }
    }

    /// Appends a line with `metrics`, which must be the uniform metrics when the break has them.
    @inline(__always) func append(
        start: Int, end: Int, next: Int, width: Double, top: Double, endsParagraph: Bool, metrics: LineMetrics
    ) {
        if count == capacity { grow(to: max(4, capacity * 2)) }
        (lines.unsafelyUnwrapped + count).initialize(
            to: StoredLine(
                start: Int32(start), end: Int32(end), next: Int32(next), endsParagraph: endsParagraph, width: width,
                top: top))
        if uniformMetrics == nil {
            if count == metricsCapacity { growMetrics(to: capacity) }
            (self.metrics.unsafelyUnwrapped + count).initialize(to: metrics)
        }
        count += 1
    }

    /// The line at `index` (below ``count``).
    @inline(__always) subscript(index: Int) -> LineBox {
        precondition(index >= 0 && index < count)
        let line = lines.unsafelyUnwrapped[index]
        let (ascent, descent, height) = uniformMetrics ?? metrics.unsafelyUnwrapped[index]
        var box = LineBox(
            start: Int(line.start), end: Int(line.end), next: Int(line.next), width: line.width, ascent: ascent,
            descent: descent, height: height, top: line.top, endsParagraph: line.endsParagraph)
        if index == count - 1, let truncation {
            box.hasToken = true
            (box.tailStart, box.tailEnd, box.tokenRun) = truncation
        }
        return box
    }

    /// The width of the line at `index` (below ``count``).
    @inline(__always) func width(_ index: Int) -> Double {
        precondition(index >= 0 && index < count)
        return lines.unsafelyUnwrapped[index].width
    }

    /// Replaces the last line with `box` (its metrics stay), which may be truncated.
    func replaceLast(with box: LineBox) {
        precondition(count > 0)
        lines.unsafelyUnwrapped[count - 1] = StoredLine(
            start: Int32(box.start), end: Int32(box.end), next: Int32(box.next), endsParagraph: box.endsParagraph,
            width: box.width, top: box.top)
        truncation = box.hasToken ? (box.tailStart, box.tailEnd, box.tokenRun) : nil
    }

    /// The kept lines, in order.
    var all: [LineBox] { (0..<count).map { self[$0] } }

    private func grow(to lines: Int) {
        self.lines = Self.moved(self.lines, count: count, toCapacity: lines)
        capacity = lines
    }

    private func growMetrics(to lines: Int) {
        metrics = Self.moved(metrics, count: count, toCapacity: lines)
        metricsCapacity = lines
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
