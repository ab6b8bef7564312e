// Unsafe room: JSON.
// Invariants: each chunk is allocated once, initialized front to back by `append` and deinitialized once by
// `free(before:)` or `deinit`; an index is read only below `count` and at or after the freed front (the tape's
// reader reads front to back); the list is used by one thread at a time, and none of its methods calls out while
// it changes a stored property, so no two accesses to one overlap: they go without the runtime's exclusivity checks.

/// A list kept in chunks of a fixed size, whose front can be freed while the rest is still read.
///
/// Why: a document's tape is read front to back into elements. In one array the whole tape lives until the last
/// element is built, beside all of them; in chunks, each is freed once the reader is past it, and its memory goes to
/// the elements built next. A chunked list also never copies itself to grow (an array doubling a 20 MB buffer holds
/// both for a moment and may end up half empty), which is why the document's per-element records are kept in one
/// too.
///
/// A class over raw memory rather than an array of arrays: the tape's reader reads a value through two pointers,
/// with no reference counting and no bounds check beyond its own (a value's index comes from the tape itself).
///
/// The first chunk starts small and doubles until it is a whole chunk: a small document's lists then take a few
/// kilobytes, not a whole chunk each: whole chunks would make every small document allocate and free a few hundred
/// kilobytes at the top of the heap, which the allocator gives back to the system and takes again for the next
/// document, and workers laying out many small documents at once would wait on that.
package final class ChunkedList<Element> {
    /// 4,096 values a chunk: small beside a large document, large beside the cost of a chunk.
    static var chunkSize: Int { 1 << shift }
    private static var shift: Int { 12 }
    /// The capacity the first chunk starts with.
    private static var firstCapacity: Int { 32 }

    // The stored properties are read and written without the runtime's exclusivity checks (see the invariants
    // above): a check is a call into the runtime on every access, and a document's tape reads a value through
    // `table` and `count` and appends one through all of them, millions of times (a third of the 6.6 million
    // checks of validating the feed ×10, perf probe on swift_beginAccess).

    /// The chunks, in order; `nil` once freed. `tableCapacity` slots, the first `chunkCount` used.
    @exclusivity(unchecked) private var table: UnsafeMutablePointer<UnsafeMutablePointer<Element>?>
    @exclusivity(unchecked) private var tableCapacity = 16
    @exclusivity(unchecked) private var chunkCount = 0
    /// How many values were appended, freed ones included: indices never move.
    @exclusivity(unchecked) package private(set) var count = 0
    /// The chunks before this one are freed.
    @exclusivity(unchecked) private var firstKept = 0
    /// How many values the last chunk has room for: ``chunkSize`` except while the first chunk is growing.
    @exclusivity(unchecked) private var lastCapacity = 0

    package init() {
        table = .allocate(capacity: tableCapacity)
    }

    deinit {
        for chunk in firstKept..<chunkCount { release(chunk) }
        table.deallocate()
    }

    /// The value at `index`, which must be below ``count`` and not freed.
    package subscript(index: Int) -> Element {
        @inline(__always) get {
            precondition(index >= firstKept << Self.shift && index < count, "a freed or missing value")
            return table[index >> Self.shift].unsafelyUnwrapped[index & (Self.chunkSize - 1)]
        }
        set {
            precondition(index >= firstKept << Self.shift && index < count, "a freed or missing value")
            table[index >> Self.shift].unsafelyUnwrapped[index & (Self.chunkSize - 1)] = newValue
        }
    }

    package func append(_ element: Element) {
        let offset = count & (Self.chunkSize - 1)
        if offset == 0 {
            if chunkCount == tableCapacity {
                let grown = UnsafeMutablePointer<UnsafeMutablePointer<Element>?>.allocate(capacity: tableCapacity * 2)
                grown.moveInitialize(from: table, count: chunkCount)
                table.deallocate()
                table = grown
                tableCapacity *= 2
            }
            lastCapacity = chunkCount == 0 ? Self.firstCapacity : Self.chunkSize
            table[chunkCount] = .allocate(capacity: lastCapacity)
            chunkCount += 1
        } else if offset == lastCapacity {
            // Only the first chunk is ever short, and it is never freed before it is whole (freeing goes by whole
            // chunks), so it is the one growing here.
            let grown = UnsafeMutablePointer<Element>.allocate(capacity: lastCapacity * 2)
            grown.moveInitialize(from: table[0].unsafelyUnwrapped, count: offset)
            table[0].unsafelyUnwrapped.deallocate()
            table[0] = grown
            lastCapacity *= 2
        }
        (table[chunkCount - 1].unsafelyUnwrapped + offset).initialize(to: element)
        count += 1
    }

    /// Frees every chunk that holds only values before `index`; returns whether it freed any.
    @discardableResult
    package func free(before index: Int) -> Bool {
        let end = min(index, count) >> Self.shift
        guard firstKept < end else { return false }
        while firstKept < end {
            release(firstKept)
            firstKept += 1
        }
        return true
    }

    /// Frees a chunk and the values in it.
    private func release(_ chunk: Int) {
        let start = chunk << Self.shift
        table[chunk].unsafelyUnwrapped.deinitialize(count: min(count - start, Self.chunkSize))
        table[chunk].unsafelyUnwrapped.deallocate()
        table[chunk] = nil
    }
}
