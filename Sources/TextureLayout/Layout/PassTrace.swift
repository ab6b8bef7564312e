// Unsafe room: engine state.
// Invariants: a trace's entries are addresses kept as integers, never turned back into references and never read
// or written through: the only use of one is a prefetch, which the processor treats as a hint that cannot fault
// and changes no value, so an entry that names an element freed since, or memory reused for something else, is
// harmless. The entries' chunks belong to their `PassTrace`, which frees them; one pass at a time uses it (the pass
// takes it from `RunningPass` when it claims its root and hands it back when it releases it), and a pass writes
// only entries below the one it prefetches from, and reads only entries the previous pass wrote.

import Builtin

/// The order in which a pass requested the elements of its tree, kept with the tree's root for its next pass.
///
/// A pass at a new width walks the same tree in the same order as the one before, and on a tree larger than the
/// processor's cache nearly every element's state has left the cache since then: each request waited for its
/// element's lines one at a time, behind the requests of the elements before it, as a tree is a chain of
/// references that the processor cannot read ahead of. With the earlier pass's order at hand, each request asks
/// the processor for the lines of the element ``distance`` requests ahead, so that they arrive while the
/// requests in between are computed, many at once. On the text feed laid out again at a second width (15,001
/// elements), the pass took a third less time.
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
    /// The fewest requests a pass makes for its trace to be kept: a smaller tree's state stays in the processor's
    /// caches between passes, and roots of small trees (a cell measured on its own) then keep no memory for it.
    static let minimumKept = 256

    /// The entries in request order, in chunks of ``minimumKept`` entries, then twice as many, and so on: a trace
    /// grows without copying its entries or leaving freed buffers behind, and a chunk's memory is touched only as
    /// far as entries are written. (One buffer doubled as it grew would raise the peak memory of a one-pass layout
    /// of 150,000 elements by 24 bytes an element, its copies and the buffers it left; chunks raise it by 10.)
    ///
    /// An entry is an element's address, whose low 4 bits are zero (objects are 16-byte aligned), with bit 0 set
    /// for an element whose computations read its class's fields beyond its state
    /// (``LayoutElement/readsFieldsBeyondState()``).
    fileprivate var chunks: [UnsafeMutablePointer<UInt>] = []
    /// How many requests the last pass recorded.
    private(set) var count = 0

    deinit {
        for chunk in chunks { chunk.deallocate() }
    }

    /// The number of entries chunk `number` holds.
    fileprivate static func size(ofChunk number: Int) -> Int { minimumKept << number }

    /// Chunk `number`, allocated if it is the next one.
    fileprivate func chunk(_ number: Int) -> UnsafeMutablePointer<UInt> {
        if number == chunks.count { chunks.append(.allocate(capacity: Self.size(ofChunk: number))) }
        return chunks[number]
    }

    /// The last pass's entries, in order.
    var entries: [UInt] {
        var cursor = Cursor(self, at: 0)
        return (0..<count).map { _ in cursor.next(of: self) }
    }

    /// A position in the entries, moved one entry at a time.
    fileprivate struct Cursor {
        private var chunk: UnsafeMutablePointer<UInt>
        private var number: Int
        private var offset: Int
        private var limit: Int

        /// At entry `index`, in an existing chunk or the next one.
        init(_ trace: PassTrace, at index: Int) {
            number = 0
            offset = index
            while offset >= PassTrace.size(ofChunk: number) {
                offset -= PassTrace.size(ofChunk: number)
                number += 1
            }
            chunk = trace.chunk(number)
            limit = PassTrace.size(ofChunk: number)
        }

        /// The entry here, moving past it.
        @inline(__always) mutating func next(of trace: PassTrace) -> UInt {
            if offset == limit { advance(trace) }
            defer { offset &+= 1 }
            return chunk[offset]
        }

        /// Writes `entry` here, moving past it.
        @inline(__always) mutating func write(_ entry: UInt, to trace: PassTrace) {
            if offset == limit { advance(trace) }
            chunk[offset] = entry
            offset &+= 1
        }

        /// Moves to the start of the next chunk. Out of line: it runs once per chunk.
        @inline(never) private mutating func advance(_ trace: PassTrace) {
            number += 1
            chunk = trace.chunk(number)
            offset = 0
            limit = PassTrace.size(ofChunk: number)
        }
    }

    /// A pass's access to the trace: it reads the previous pass's entries ``distance`` ahead and records its own
    /// over them, in place. Made when the pass starts and ended (``finish()``) before the trace is handed on.
    struct Recorder {
        private let trace: PassTrace
        private var reader: Cursor
        private var writer: Cursor
        /// How many of the previous pass's entries are left to prefetch from.
        private var unread: Int
        /// How many requests this pass has recorded.
        private var recorded = 0

        init(_ trace: PassTrace) {
            self.trace = trace
            unread = max(0, trace.count - PassTrace.distance)
            reader = Cursor(trace, at: unread > 0 ? PassTrace.distance : 0)
            writer = Cursor(trace, at: 0)
        }

        /// Records a request of `element` and prefetches the element the previous pass requested ``distance``
        /// requests later.
        @inline(__always) mutating func record(_ element: LayoutElement) {
            if unread > 0 {
                unread &-= 1
                prefetchElement(reader.next(of: trace))
            }
            let address = UInt(bitPattern: Unmanaged.passUnretained(element).toOpaque())
            writer.write(element.state.readsFieldsBeyondState ? address | 1 : address, to: trace)
            recorded &+= 1
        }

        /// Ends the pass's recording: the trace holds this pass's requests.
        func finish() {
            trace.count = recorded
        }

        /// Asks for the lines of the element `entry` names: the five from the one its object starts in, where its
        /// header, its state and its state's tail (256 bytes) lie however the object is aligned within its first
        /// line, and for an element that reads fields beyond them, the next four (a text's fields reach about 600
        /// bytes into its object). Unrolled: a loop over the lines cost a mispredicted branch at its end on every
        /// request.
        @inline(__always) private func prefetchElement(_ entry: UInt) {
            let line = entry & ~63
            prefetch(line)
            prefetch(line &+ 64)
            prefetch(line &+ 128)
            prefetch(line &+ 192)
            prefetch(line &+ 256)
            if entry & 1 != 0 {
                prefetch(line &+ 320)
                prefetch(line &+ 384)
                prefetch(line &+ 448)
                prefetch(line &+ 512)
            }
        }
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
