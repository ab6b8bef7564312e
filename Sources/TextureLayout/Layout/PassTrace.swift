// Unsafe room: engine state.
// Invariants: a trace's entries are addresses kept as integers, never turned back into references and never read
// or written through: the only use of one is a prefetch, which the processor treats as a hint that cannot fault
// and changes no value, so an entry that names an element freed since, or memory reused for something else, is
// harmless. The entries' buffer belongs to its `PassTrace`, which frees it; one pass at a time uses it (the pass
// takes it from `RunningPass` when it claims its root and hands it back when it releases it), and a pass writes
// only entries below the one it prefetches from.

import Builtin

/// The order in which a pass requested the elements of its tree, kept with the tree's root for its next pass.
///
/// A pass at a new width walks the same tree in the same order as the one before, and on a tree larger than the
/// processor's cache nearly every element's state has left the cache since then: each request waited for its
/// element's lines one at a time, behind the requests of the elements before it, as a tree is a chain of
/// references that the processor cannot read ahead of. With the earlier pass's order at hand, each request asks
/// the processor for the lines of the element ``distance`` requests ahead, so that they arrive while the
/// requests in between are computed, many at once. On the text feed laid out again at a second width (15,001
/// elements), the pass took 28% less time.
///
/// Nothing in a layout depends on the trace: it only moves memory into the cache earlier. An entry that no
/// longer names an element of the tree (the tree changed since) costs a wasted prefetch and nothing else.
///
/// `@unchecked Sendable`: a trace moves between threads only through ``RunningPass``'s lock, from the pass that
/// released its root to the next one that claims it, and only that pass touches it in between.
final class PassTrace: @unchecked Sendable {
    /// How many requests ahead a request prefetches: far enough for the lines to arrive before they are needed
    /// (a request takes a few hundred instructions), near enough that they are still in the cache then. 8 to 24
    /// measured alike on the text feed; 16 lies between.
    static let distance = 16
    /// The cache lines prefetched for an element, from the line its object starts in: its header, its state and
    /// its state's tail (256 bytes) lie in these five lines however the object is aligned within its first one.
    static let lines = 5
    /// The fewest requests a pass makes for its trace to be kept: a smaller tree's state stays in the processor's
    /// caches between passes, and roots of small trees (a cell measured on its own) then keep no memory for it.
    static let minimumKept = 256

    /// The elements' addresses in request order; from ``count`` to ``capacity`` they are not initialized.
    fileprivate var entries: UnsafeMutablePointer<UInt>
    fileprivate var capacity: Int
    /// How many requests the last pass recorded.
    private(set) var count = 0

    init() {
        capacity = Self.minimumKept
        entries = .allocate(capacity: capacity)
    }

    deinit { entries.deallocate() }

    /// The addresses of the elements the last pass requested, in order.
    var addresses: [UInt] { Array(UnsafeBufferPointer(start: entries, count: count)) }

    /// A pass's access to the trace: it reads the previous pass's entries and records its own over them, in
    /// place. Made when the pass starts and ended (``finish()``) before the trace is handed on.
    struct Recorder {
        private let trace: PassTrace
        private var entries: UnsafeMutablePointer<UInt>
        /// How many entries the previous pass left: the ones a request may prefetch from.
        private let previousCount: Int
        /// How many requests this pass has recorded.
        private var recorded = 0

        init(_ trace: PassTrace) {
            self.trace = trace
            entries = trace.entries
            previousCount = trace.count
        }

        /// Records a request of `element` and prefetches the element the previous pass requested ``distance``
        /// requests later.
        @inline(__always) mutating func record(_ element: LayoutElement) {
            let index = recorded
            let ahead = index &+ PassTrace.distance
            if ahead < previousCount { prefetchElement(at: entries[ahead]) }
            if index == trace.capacity { entries = trace.grow() }
            entries[index] = UInt(bitPattern: Unmanaged.passUnretained(element).toOpaque())
            recorded = index &+ 1
        }

        /// Ends the pass's recording: the trace holds this pass's requests.
        func finish() {
            trace.count = recorded
        }

        /// Asks for the lines of the object at `address`. Unrolled: a loop over the lines cost a mispredicted
        /// branch at its end on every request.
        @inline(__always) private func prefetchElement(at address: UInt) {
            let line = address & ~63
            prefetch(line)
            prefetch(line &+ 64)
            prefetch(line &+ 128)
            prefetch(line &+ 192)
            prefetch(line &+ 256)
        }
    }

    /// Doubles the capacity, keeping every entry (the previous pass's beyond the current request included), and
    /// returns the new buffer. Out of line: it runs a few times in a first pass over a large tree.
    @inline(never) private func grow() -> UnsafeMutablePointer<UInt> {
        let larger = UnsafeMutablePointer<UInt>.allocate(capacity: capacity * 2)
        larger.initialize(from: entries, count: capacity)
        entries.deallocate()
        entries = larger
        capacity *= 2
        return larger
    }
}

/// Asks the processor to bring the cache line at `address` into its caches for reading, without waiting for it.
/// A prefetch has no effect on the program's behavior whatever the address (LLVM's `llvm.prefetch`): on x86 and
/// ARM it never faults. Swift has no prefetch of its own; the compiler's `Builtin` module gives LLVM's.
@inline(__always) private func prefetch(_ address: UInt) {
    Builtin.int_prefetch_RawPointer(
        Builtin.inttoptr_Word(address._builtinWordValue),
        Builtin.zeroInitializer() as Builtin.Int32,  // for reading
        Int32(3)._value,  // keep it in every level of the cache
        Int32(1)._value)  // data, not instructions
}
