// Unsafe room: text store.
// Invariants: `base` holds `capacity` boxes, of which the first `count` are initialized; `LineBox` is a trivial
// type, so boxes are overwritten and dropped without deinitializing them. The storage belongs to one text node and
// is written only while it is measured.

/// The lines of a text node's latest measurement, in storage the node keeps from one measurement to the next.
///
/// Breaking a text at a new width writes every line again; an array would check that its buffer is not shared at
/// every line and grow one element at a time, which was about a tenth of breaking the text feed's bodies at a
/// second width. This storage is written through one reference the node holds (nothing to check), and starts with
/// room for an estimate of the lines, taken from the text's width at its first measurement.
final class LineBoxes {
    private var base: UnsafeMutablePointer<LineBox>?
    private var capacity = 0
    /// How many lines the latest break kept.
    private(set) var count = 0

    deinit { base?.deallocate() }

    /// Whether no line was ever stored.
    var isUnallocated: Bool { base == nil }

    /// Forgets the lines, keeping their storage.
    @inline(__always) func removeAll() { count = 0 }

    /// Makes room for `lines` lines (more are still appended when a break needs them).
    func reserve(_ lines: Int) {
        if capacity < lines { grow(to: lines) }
    }

    @inline(__always) func append(_ box: LineBox) {
        if count == capacity { grow(to: max(4, capacity * 2)) }
        (base.unsafelyUnwrapped + count).initialize(to: box)
        count += 1
    }

    /// The line at `index` (below ``count``).
    @inline(__always) subscript(index: Int) -> LineBox {
        get {
            precondition(index >= 0 && index < count)
            return base.unsafelyUnwrapped[index]
        }
        set {
            precondition(index >= 0 && index < count)
            base.unsafelyUnwrapped[index] = newValue
        }
    }

    /// The kept lines, in order.
    var all: [LineBox] {
        guard let base else { return [] }
        return Array(UnsafeBufferPointer(start: base, count: count))
    }

    private func grow(to lines: Int) {
        let grown = UnsafeMutablePointer<LineBox>.allocate(capacity: lines)
        if let base {
            grown.initialize(from: base, count: count)
            base.deallocate()
        }
        base = grown
        capacity = lines
    }
}
