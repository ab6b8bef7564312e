// Unsafe room: engine state.
// Invariants: a trace's entries are addresses kept as integers, never turned back into references and never read
// or written through: the only use of one is a prefetch, which the processor treats as a hint that cannot fault
// and changes no value, so an entry that names an element freed since, or memory reused for something else, is
// harmless. The entries' chunks belong to their `PassTrace`, which frees them; one pass at a time uses it (the pass
// takes it from `RunningPass` when it claims its root and hands it back when it releases it), and a pass writes
// only entries below the one it prefetches from, and reads only entries the previous pass wrote.

#if hasFeature(BuiltinModule)
import Builtin
#endif

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
        var result: [UInt] = []
        var chunkNumber = 0
        while result.count < count {
            let size = min(Self.size(ofChunk: chunkNumber), count - result.count)
            result += UnsafeBufferPointer(start: chunks[chunkNumber], count: size)
            chunkNumber += 1
        }
        return result
    }

    /// Where chunk `number` starts among the entries: the sizes of the chunks before it.
    fileprivate static func start(ofChunk number: Int) -> Int { size(ofChunk: number) - minimumKept }

    /// A pass's access to the trace: it reads the previous pass's entries ``distance`` ahead and records its own
    /// over them, in place. Made when the pass starts and ended (``finish()``) before the trace is handed on.
    ///
    /// Each side is a pointer to its next entry and the end of the run it may go through without looking further:
    /// the end of its chunk, or for reading, of the previous pass's entries. A request so costs a comparison or
    /// two a side, and looking further happens once a chunk.
    struct Recorder {
        private let trace: PassTrace
        private var read: UnsafeMutablePointer<UInt>
        private var readEnd: UnsafeMutablePointer<UInt>
        private var readChunk = 0
        /// Whether the previous pass's entries are all read (or there were none to read).
        private var readDone: Bool
        private var write: UnsafeMutablePointer<UInt>
        private var writeEnd: UnsafeMutablePointer<UInt>
        private var writeChunk = 0
        /// The previous pass's entry count, where reading stops.
        private let previousCount: Int

        init(_ trace: PassTrace) {
            self.trace = trace
            previousCount = trace.count
            write = trace.chunk(0)
            writeEnd = write + PassTrace.size(ofChunk: 0)
            // The first chunk holds more than `distance` entries, so reading starts in it.
            read = write + PassTrace.distance
            readEnd = write + min(PassTrace.size(ofChunk: 0), previousCount)
            readDone = read >= readEnd
            if readDone { readEnd = read }
        }

        /// Records a request of `element` and prefetches the element the previous pass requested ``distance``
        /// requests later. Out of line: inlined into the request, it made the compiler call the computation out of
        /// line instead (a first pass over a grid of 10,101 elements: 8.22 M instructions without a trace, 9.03 M
        /// with it inlined, 8.73 M with it out of line).
        @inline(never) mutating func record(_ element: LayoutElement) {
            // At a chunk's end reading moves on before it reads, so that it stays ``distance`` entries ahead of
            // writing however many chunks it crosses.
            if read == readEnd && !readDone { nextReadChunk() }
            if read != readEnd {
                prefetchElement(read.pointee)
                read += 1
            }
            if write == writeEnd { nextWriteChunk() }
            let address = UInt(bitPattern: Unmanaged.passUnretained(element).toOpaque())
            write.pointee = element.state.readsFieldsBeyondState ? address | 1 : address
            write += 1
        }

        /// Ends the pass's recording: the trace holds this pass's requests.
        func finish() {
            let chunkStart = writeEnd - PassTrace.size(ofChunk: writeChunk)
            trace.count = PassTrace.start(ofChunk: writeChunk) + (write - chunkStart)
        }

        /// Moves reading to the next chunk, or ends it after the previous pass's last entry. Out of line, as is
        /// the next one: each runs once a chunk.
        @inline(never) private mutating func nextReadChunk() {
            let start = PassTrace.start(ofChunk: readChunk + 1)
            guard start < previousCount else {
                readDone = true
                return
            }
            readChunk += 1
            read = trace.chunks[readChunk]
            readEnd = read + min(PassTrace.size(ofChunk: readChunk), previousCount - start)
        }

        /// Moves writing to the next chunk, allocated if it is new.
        @inline(never) private mutating func nextWriteChunk() {
            writeChunk += 1
            write = trace.chunk(writeChunk)
            writeEnd = write + PassTrace.size(ofChunk: writeChunk)
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
/// ARM it never faults. Swift has no prefetch of its own; the compiler's `Builtin` module gives LLVM's, behind an
/// experimental feature the package enables. A compiler without that feature builds the engine with no prefetch:
/// layouts are the same, a pass over a large tree slower.
@inline(__always) private func prefetch(_ address: UInt) {
    #if hasFeature(BuiltinModule)
    Builtin.int_prefetch_RawPointer(
        Builtin.inttoptr_Word(address._builtinWordValue),
        Builtin.zeroInitializer() as Builtin.Int32,  // for reading
        Int32(3)._value,  // keep it in every level of the cache
        Int32(1)._value)  // data, not instructions
    #endif
}
