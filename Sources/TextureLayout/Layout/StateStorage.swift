// Unsafe room: engine state.
// Invariants: see this file's documentation below: each type states the invariant that makes it safe, and what the
// compiler cannot check is asserted in debug builds.

/// The engine's unsafe code, all of it: memory the layout pass reads and writes without Swift's reference counting,
/// exclusivity checks or initialization tracking, because those cost more than the layout arithmetic itself on a
/// pass over thousands of elements. Nothing outside this file touches a pointer to layout state, holds an
/// unchecked reference or uses uninitialized memory (the stack-address probes of `StackLimit.swift` are about
/// threads, not layout state, and stay there).
///
/// Each type here states the invariant that makes it safe; what the compiler cannot check is asserted in debug
/// builds.
///
/// - ``LayoutStateRef``: an element's ``LayoutState``, the first stored property of the element's object, reached
///   by its address: the start of the object's stored properties (`_getUnsafePointerToStoredProperties`, 16
///   bytes after the header), where a root class's first stored property lies, as each element's initializer
///   checks in debug builds. The state is `BitwiseCopyable` (checked by the compiler), so it needs no
///   deinitialization and reading it retains nothing. The element's initializer makes it and its `deinit` gives
///   up its style block; the object's memory is freed with the element, and the element is alive whenever its
///   state is reached through it. One allocation holds both, so a request reads the class pointer, the style
///   block's reference and the cache's bookkeeping from one or two cache lines, where a state of its own, in
///   another block of memory, cost a pointer to follow and at least one more line.
///   The state refers to its element's ``SharedStyle`` block through an `Unmanaged` reference, which keeps the
///   state `BitwiseCopyable` and lets the layout pass read style fields in place, without retaining the block.
///   The state owns one counted reference to its block unless it is ``SharedStyle/default`` (which lives as long
///   as the process and is never counted): `hold(_:)` takes a reference to the new block before giving up the
///   old one, and `free()` gives up the last. So the block outlives every read made through a live element, and
///   a block is only ever read (it is immutable), so elements on different threads may share it.
///   The rest of the state, ``LayoutStateTail``, is the element's fourth stored property, after its name and
///   parent link: it is reached at a fixed distance from the state (`LayoutStateTail.offset`, computed from the
///   three properties' sizes and alignments as Swift lays out a class's stored properties in order, which each
///   element's initializer checks in debug builds), and is `BitwiseCopyable` too. The cache's two entries,
///   the state's last field and the tail's first, so lie a fixed distance apart (`LayoutStateTail.slotStride`)
///   and are reached by slot number (`entry(_:)`), as are their keys' parent sizes (`parentSize(_:)`, a
///   homogeneous tuple's elements at their type's stride); every slot used is below
///   ``MeasurementCache/capacity``.
/// - ``ParentLink``: a child's link to its parent, without reference counting. A parent clears the link when it
///   lets the child go or is freed (``LayoutElement/release(_:)``), so the link never names a freed element;
///   debug builds keep a weak reference beside it and assert that the parent is still alive when the link is
///   followed.
/// - ``Scratch``: temporary memory for one stack computation, uninitialized when it starts
///   (``StackLayoutSpec/layOutChildren(in:context:)`` allocates it). Its elements are
///   `BitwiseCopyable` (checked by the compiler), so assigning over garbage releases nothing and the memory is
///   dropped without deinitialization; indices are checked in debug builds.
/// - ``BorrowedChildren``: a spec's children array's storage and its elements used without retaining them, valid
///   while the array is not changed (a spec's children do not change during its computation). The array's
///   storage is its own, so its address outlives the `withUnsafeBufferPointer` call that lends it: an array has
///   storage of its own unless it was bridged from Objective-C, and ``LayoutSpec`` keeps a copy of such an
///   array instead.
///
/// - ``PassTrace`` (`PassTrace.swift`): the order of a pass's requests, kept for the next pass over the same root,
///   which prefetches from it. Its entries are addresses kept as integers and only ever prefetched, which cannot
///   fault or change a value, so an entry naming an element freed since is harmless.
///
/// These types need no `@exclusivity(unchecked)`: memory reached through a pointer is not checked for exclusive
/// access at all. That is safe because one pass at a time runs over a tree (<doc:Threads>), and within a pass
/// an element's state is written only by the computation of the element or of its parent, never while another
/// access to the same field is open.
///
/// Outside this file, 33 stored properties keep `@exclusivity(unchecked)`: the pass context's counters and lists,
/// the parent link, and the nodes' and specs' properties that a computation reads. Each is read at every
/// computation (or, for the parent link, at every step of an invalidation walk) and a checked access costs a
/// runtime call: with the checks back, a pass over the feed bench document ran 75% more instructions (callgrind,
/// 88.6 M → 155.0 M). They are safe unchecked for the same reason as the state: one pass per tree, and a tree is
/// changed only between passes (<doc:Threads>). A property no pass reads (``LayoutElement/debugName``) is
/// checked.
///
/// The accessors are `@inline(__always)` and yield the fields in place: copying a whole ``LayoutState``
/// (then 464 bytes) on each access made an earlier wrapper cost 40% more instructions per pass.
struct LayoutStateRef {
    private let pointer: UnsafeMutablePointer<LayoutState>

    /// The state stored in `element`'s object: its first stored property, at the start of the object's stored
    /// properties.
    @inline(__always) init(of element: LayoutElement) {
        pointer = _getUnsafePointerToStoredProperties(element).assumingMemoryBound(to: LayoutState.self)
    }

    #if DEBUG
    /// Whether the state is the one at `address` (the element's stored property, as its initializer finds it).
    func isStored(at address: UnsafeMutablePointer<LayoutState>) -> Bool { pointer == address }

    /// Whether the state's tail is the one at `address` (the element's stored property).
    func isTailStored(at address: UnsafeMutablePointer<LayoutStateTail>) -> Bool { tail == address }
    #endif

    /// The state's tail, ``LayoutStateTail/offset`` bytes after the state.
    private var tail: UnsafeMutablePointer<LayoutStateTail> {
        @inline(__always) get {
            (UnsafeMutableRawPointer(pointer) + LayoutStateTail.offset).assumingMemoryBound(to: LayoutStateTail.self)
        }
    }

    /// Gives up the state's reference to the style block; called once, from the element's `deinit`. The state is
    /// freed with the element's object and, being `BitwiseCopyable`, has nothing else to deinitialize.
    func free() {
        release(pointer.pointee.styleBlock)
    }

    /// The element's layout properties, read in place from the style block (no retain, no exclusivity check: the
    /// block is immutable and outlives the element's state).
    var style: Style {
        @inline(__always) get { pointer.pointee.styleBlock._withUnsafeGuaranteedRef { $0.style } }
    }

    /// The element's style block, retained for the caller.
    var sharedStyle: SharedStyle { pointer.pointee.styleBlock.takeUnretainedValue() }

    /// Makes the element hold `block`: takes a reference to it, then gives up the one to the old block (which may
    /// be the same block).
    func hold(_ block: SharedStyle) {
        let old = pointer.pointee.styleBlock
        let new = Unmanaged.passUnretained(block)
        if !isDefault(new) { _ = new.retain() }
        pointer.pointee.styleBlock = new
        release(old)
        updateIgnoresParentSize()
    }

    /// Sets ``LayoutState/ignoresParentSize`` from the class's mark and the style block the element holds; a
    /// change empties the cache, whose entries keep their parent sizes only while it is unset.
    @inline(__always) private func updateIgnoresParentSize() {
        let ignores = pointer.pointee.measuresFromRangeAndStyle && style.hasAutoSize
        if ignores != pointer.pointee.ignoresParentSize { pointer.pointee.invalidate() }
        pointer.pointee.ignoresParentSize = ignores
    }

    /// Gives up a counted reference to `block`; the default block is never counted.
    private func release(_ block: Unmanaged<SharedStyle>) {
        if !isDefault(block) { block.release() }
    }

    /// Whether `block` is ``SharedStyle/default``, compared by address.
    private func isDefault(_ block: Unmanaged<SharedStyle>) -> Bool {
        block.toOpaque() == Unmanaged.passUnretained(SharedStyle.default).toOpaque()
    }

    /// The bookkeeping of the last few measurements.
    var cache: MeasurementCache {
        @inline(__always) _read { yield pointer.pointee.cache }
    }

    /// The size kept for `key` (whose ``MeasurementKey/tag`` is `tag`) at `scale`, if any, recording its entry as
    /// the latest request's (``MeasurementCache/request``). A cache kept at another scale is emptied first. The
    /// entries are compared where they are, in slot order, each read only if the ones before it did not match.
    /// The parent sizes are compared only for an element that does not ignore its parent size
    /// (``LayoutState/parentSizes``).
    @inline(__always) func answer(_ key: MeasurementKey, tag: UInt8, scale: Double) -> Size? {
        guard pointer.pointee.cache.scale == scale else {
            pointer.pointee.cache.scale = scale
            pointer.pointee.invalidate()
            return nil
        }
        let count = pointer.pointee.cache.count
        guard count > 0 else { return nil }
        var tags = pointer.pointee.cache.tags
        var slot: UInt8 = 0
        while slot < count {
            if UInt8(truncatingIfNeeded: tags) == tag && entry(slot).pointee.range.isIdentical(to: key.range)
                && (pointer.pointee.ignoresParentSize || parentSize(slot).pointee.isIdentical(to: key.parentSize))
            {
                pointer.pointee.cache.request = slot
                return entry(slot).pointee.size
            }
            tags >>= 8
            slot += 1
        }
        return nil
    }

    /// Records a computation of `key` (whose ``MeasurementKey/tag`` is `tag`) that gave `size`: it becomes the
    /// latest request and the latest
    /// computation, and when `keep` (it reported no issue and the pass did not stop) its size is kept in the
    /// entry `replacing` (one that answered this key but whose computation derived another baseline) or else in
    /// the oldest, marked as holding the element's derived baseline (``LayoutState/entryHasCurrentBaseline(_:)``;
    /// setting a different baseline during the computation unmarked the others).
    @inline(__always) func recordComputation(
        _ size: Size, for key: MeasurementKey, tag: UInt8, keep: Bool,
        replacing: UInt8 = MeasurementCache.none
    ) {
        guard keep else { return recordUnkeptComputation(size) }
        pointer.pointee.measuredSize = size
        pointer.pointee.cache.request = MeasurementCache.none
        let slot = replacing < MeasurementCache.capacity ? replacing : pointer.pointee.cache.insert(tag)
        entry(slot).pointee = MeasurementEntry(range: key.range, size: size)
        if !pointer.pointee.ignoresParentSize { parentSize(slot).pointee = key.parentSize }
        pointer.pointee.cache.computed = slot
        pointer.pointee.recordBaseline(in: slot)
    }

    /// Records a computation that gave `size` and is not kept in an entry: it becomes the latest request and the
    /// latest computation.
    @inline(__always) func recordUnkeptComputation(_ size: Size) {
        pointer.pointee.measuredSize = size
        pointer.pointee.cache.request = MeasurementCache.none
        pointer.pointee.cache.computed = MeasurementCache.none
    }

    /// Whether the entry that answered the latest request (a slot below ``MeasurementCache/capacity``) was
    /// computed with the derived baseline the element holds now, so that a parent may read that baseline.
    @inline(__always) var requestHasCurrentBaseline: Bool {
        pointer.pointee.entryHasCurrentBaseline(pointer.pointee.cache.request)
    }

    /// The key of the latest request when it was answered from an entry (``MeasurementCache/request`` is a
    /// slot below ``MeasurementCache/capacity``): an element that ignores its parent size was asked for an
    /// undefined one (``LayoutContext``).
    @inline(__always) func requestedKey() -> MeasurementKey {
        let slot = pointer.pointee.cache.request
        assert(slot < MeasurementCache.capacity, "TextureLayout: the latest request was not answered from an entry")
        let parent = pointer.pointee.ignoresParentSize ? Size.undefined : parentSize(slot).pointee
        return MeasurementKey(range: entry(slot).pointee.range, parentSize: parent)
    }

    /// The parent size of slot `slot`'s key (below ``MeasurementCache/capacity``), kept for an element that does
    /// not ignore its parent size: ``LayoutState/parentSizes``'s elements, a homogeneous tuple's, lie at their
    /// type's stride.
    @inline(__always) private func parentSize(_ slot: UInt8) -> UnsafeMutablePointer<Size> {
        (UnsafeMutableRawPointer(pointer) + LayoutStateTail.parentSizesOffset + Int(slot) &* MemoryLayout<Size>.stride)
            .assumingMemoryBound(to: Size.self)
    }

    /// Cache slot `slot` (below ``MeasurementCache/capacity``): ``LayoutState/entry0`` and
    /// ``LayoutStateTail/entry1`` lie ``LayoutStateTail/slotStride`` bytes apart, so slot `i` is `i` strides from
    /// the first, one address computation where a switch over the slots compiled to one per field of an entry.
    @inline(__always) private func entry(_ slot: UInt8) -> UnsafeMutablePointer<MeasurementEntry> {
        (UnsafeMutableRawPointer(pointer) + LayoutStateTail.entry0Offset + Int(slot) &* LayoutStateTail.slotStride)
            .assumingMemoryBound(to: MeasurementEntry.self)
    }

    /// The latest full computation's ID.
    var computationID: UInt64 {
        @inline(__always) get { tail.pointee.computationID }
        @inline(__always) nonmutating set { tail.pointee.computationID = newValue }
    }

    /// The computation of the parent that measured the element last.
    var measuredBy: UInt64 {
        @inline(__always) get { pointer.pointee.measuredBy }
        @inline(__always) nonmutating set { pointer.pointee.measuredBy = newValue }
    }

    /// The size answered to the latest request.
    var measuredSize: Size {
        @inline(__always) get { pointer.pointee.measuredSize }
        @inline(__always) nonmutating set { pointer.pointee.measuredSize = newValue }
    }

    /// The position the parent gave the element in its latest computation.
    var placedPosition: Point {
        @inline(__always) get { pointer.pointee.placedPosition }
        @inline(__always) nonmutating set { pointer.pointee.placedPosition = newValue }
    }

    /// Whether the element is measured from its range and its style alone
    /// (``LayoutElement/measuresFromRangeAndStyle(asExactly:)``).
    var measuresFromRangeAndStyle: Bool {
        @inline(__always) get { pointer.pointee.measuresFromRangeAndStyle }
        @inline(__always) nonmutating set {
            pointer.pointee.measuresFromRangeAndStyle = newValue
            updateIgnoresParentSize()
        }
    }

    /// Whether the element is a display node of a class that keeps the engine's `layoutSpecThatFits(_:)`
    /// (``DisplayNode/measuresWithoutSpec(asExactly:)``).
    var measuresWithoutSpec: Bool {
        @inline(__always) get { pointer.pointee.measuresWithoutSpec }
        @inline(__always) nonmutating set { pointer.pointee.measuresWithoutSpec = newValue }
    }

    /// Whether the element's class takes its range's minimum and measures nothing
    /// (``LayoutElement/takesRangeMinimum(asExactly:)``).
    var takesRangeMinimum: Bool {
        @inline(__always) get { pointer.pointee.takesRangeMinimum }
        @inline(__always) nonmutating set { pointer.pointee.takesRangeMinimum = newValue }
    }

    /// Whether the element's computations read its class's fields beyond the state
    /// (``LayoutState/readsFieldsBeyondState``).
    var readsFieldsBeyondState: Bool {
        @inline(__always) get { pointer.pointee.readsFieldsBeyondState }
        @inline(__always) nonmutating set { pointer.pointee.readsFieldsBeyondState = newValue }
    }

    /// Whether a trace of the latest pass rooted at the element is kept (``LayoutState/keepsTrace``).
    var keepsTrace: Bool {
        @inline(__always) get { pointer.pointee.keepsTrace }
        @inline(__always) nonmutating set { pointer.pointee.keepsTrace = newValue }
    }

    /// Whether the parent size plays no part in measuring the element (``LayoutState/ignoresParentSize``).
    @inline(__always) var ignoresParentSize: Bool { pointer.pointee.ignoresParentSize }

    /// Whether a stack left the element unmeasured (a 0×0 placeholder).
    var isPlaceholder: Bool {
        @inline(__always) get { pointer.pointee.isPlaceholder }
        @inline(__always) nonmutating set { pointer.pointee.isPlaceholder = newValue }
    }

    /// A display node's content direction.
    var contentDirection: ContentDirection {
        get { pointer.pointee.contentDirection }
        nonmutating set { pointer.pointee.contentDirection = newValue }
    }

    /// A vertical stack's ascender and descender from its first and last child, or a text's from its lines.
    /// Setting it, when it changes (bit for bit, so NaN equals itself; an unset one's values do not count),
    /// records that no kept computation derived the new one. Only the elements that derive baselines (texts,
    /// stacks) pay for the comparison, once per computation: each sets its baseline once.
    var derivedBaseline: (ascender: Double, descender: Double)? {
        @inline(__always) get {
            pointer.pointee.hasDerivedBaseline ? (tail.pointee.derivedAscender, tail.pointee.derivedDescender) : nil
        }
        @inline(__always) nonmutating set {
            let changed =
                if let newValue {
                    !pointer.pointee.hasDerivedBaseline
                        || newValue.ascender.bitPattern != tail.pointee.derivedAscender.bitPattern
                        || newValue.descender.bitPattern != tail.pointee.derivedDescender.bitPattern
                } else {
                    pointer.pointee.hasDerivedBaseline
                }
            pointer.pointee.setDerivedBaseline(isSet: newValue != nil, changed: changed)
            if let newValue {
                tail.pointee.derivedAscender = newValue.ascender
                tail.pointee.derivedDescender = newValue.descender
            }
        }
    }

    /// Forgets the cached measurements (``LayoutState/invalidate()``), in place.
    @inline(__always) func invalidate() {
        pointer.pointee.invalidate()
    }

    /// Whether none of the six sizing dimensions is set, so that the style allows any size.
    @inline(__always) var hasAutoSize: Bool { style.hasAutoSize }

    /// The range the style allows (``Style/resolvedRange(parent:)``): an all-auto style, the common case, allows
    /// any size, known from one test of the units instead of six dimensions resolved.
    @inline(__always) func ownRange(parent: Size, undefined: inout Bool) -> SizeRange {
        hasAutoSize ? .unconstrained : resolvedStyleRange(parent: parent, auto: .unconstrained, undefined: &undefined)
    }

    /// The style's range, as ``Style/resolvedRange(parent:auto:undefined:)`` computes it, read field by field.
    @inline(__always) func resolvedStyleRange(
        parent: Size, auto autoRange: SizeRange, undefined: inout Bool
    )
        -> SizeRange
    {
        Style.resolvedRange(
            width: style.width, height: style.height, minWidth: style.minWidth, maxWidth: style.maxWidth,
            minHeight: style.minHeight, maxHeight: style.maxHeight,
            parent: parent, auto: autoRange, undefined: &undefined)
    }
}

/// The state lives in raw memory that is never deinitialized: the compiler refuses this conformance as soon as a
/// field that needs reference counting is added.
extension LayoutState: BitwiseCopyable {}

/// The tail lives in raw memory too (``LayoutState``'s conformance says why).
extension LayoutStateTail: BitwiseCopyable {}

extension LayoutStateTail {
    /// How far the tail lies after the state in an element's object: Swift lays out a class's stored properties
    /// in declaration order, each at the first offset its alignment allows after the end of the one before, and
    /// the element declares the state, its name, its parent link and the tail (checked by each element's
    /// initializer in debug builds).
    @inline(__always) static var offset: Int {
        let name = aligned(MemoryLayout<LayoutState>.size, to: MemoryLayout<String?>.alignment)
        let link = aligned(name + MemoryLayout<String?>.size, to: MemoryLayout<ParentLink>.alignment)
        return aligned(link + MemoryLayout<ParentLink>.size, to: MemoryLayout<LayoutStateTail>.alignment)
    }

    /// Where ``LayoutState/parentSizes`` lies in the state: its last field.
    @inline(__always) static var parentSizesOffset: Int {
        MemoryLayout<LayoutState>.size - MemoryLayout<(Size, Size)>.size
    }

    /// Where ``LayoutState/entry0`` lies in the state: the field before ``LayoutState/parentSizes``.
    @inline(__always) static var entry0Offset: Int { parentSizesOffset - MemoryLayout<MeasurementEntry>.size }

    /// How far ``LayoutStateTail/entry1``, the tail's first field, lies after ``LayoutState/entry0``.
    @inline(__always) static var slotStride: Int { offset - entry0Offset }

    /// `offset` rounded up to a multiple of `alignment` (a power of two).
    @inline(__always) private static func aligned(_ offset: Int, to alignment: Int) -> Int {
        (offset + alignment - 1) & ~(alignment - 1)
    }
}

/// A child's link to the element that measures it, kept without reference counting: a strong link would make a
/// cycle, a weak one costs a side table and an atomic load at every step of an invalidation walk.
///
/// Invariant: the parent clears the link (``clear(ifLinkedTo:)``) before it lets the child go and when it is
/// freed, so a link that is set names a live element.
struct ParentLink {
    private unowned(unsafe) var target: LayoutElement?
    #if DEBUG
    /// The same element, weakly: nil once it is freed, which the debug check compares against.
    private weak var checked: LayoutElement?
    /// Whether a link is set, kept apart from `target` so that the check never loads a reference to an element
    /// that may have been freed (loading it retains it).
    private var isLinked = false
    #endif

    init() {}

    /// The parent, or nil. Debug builds stop here if the parent was freed without clearing the link.
    var element: LayoutElement? {
        @inline(__always) get {
            #if DEBUG
            assert(!isLinked || checked != nil, "TextureLayout: a parent link outlived its parent")
            #endif
            return target
        }
    }

    /// Links to `parent`.
    @inline(__always) mutating func link(to parent: LayoutElement) {
        target = parent
        #if DEBUG
        checked = parent
        isLinked = true
        #endif
    }

    /// Clears the link if it names `parent` (compared by identity only, so it may run while `parent` is being
    /// freed).
    @inline(__always) mutating func clear(ifLinkedTo parent: LayoutElement) {
        guard target === parent else { return }
        target = nil
        #if DEBUG
        checked = nil
        isLinked = false
        #endif
    }
}

extension LayoutSpec {
    /// The spec's children, borrowed for one of its computations (``BorrowedChildren``): neither the array nor a
    /// child is retained, which spares the array's retain and release (two atomic operations per computation).
    /// The array's storage is its own (``LayoutSpec`` keeps no bridged array), so the address lent for the call
    /// stays valid after it.
    @inline(__always) var borrowedChildren: BorrowedChildren {
        BorrowedChildren(buffer: children.withUnsafeBufferPointer { $0 })
    }
}

extension StackLayoutSpec {
    /// Runs a stack computation (``StackComputation/run(_:_:)``) over the children borrowed, with uninitialized
    /// temporary memory for `children.count` items and the lines, on the call stack when small. The allocation is
    /// written out here rather than behind a generic helper: a helper taking the computation as a closure kept the
    /// spec and the context retained across the extra closure level (4% more instructions on the feed document).
    /// Inlined, with ``StackComputation/run(_:_:)``, into ``calculateSize(_:context:)``: a frame less.
    @inline(__always) func layOutChildren(in range: SizeRange, context: LayoutContext) -> Size {
        let children = borrowedChildren
        let count = children.count
        let lineCapacity = flexWrap == .wrap ? count : 1
        return withUnsafeTemporaryAllocation(of: StackItem.self, capacity: count) { items in
            withUnsafeTemporaryAllocation(of: StackLine.self, capacity: lineCapacity) { lines in
                let stack = StackComputation(
                    spec: self, children: children, range: range,
                    items: Scratch(buffer: items), lines: Scratch(buffer: lines))
                return stack.run(children, context)
            }
        }
    }
}

/// A view of the temporary memory of ``StackLayoutSpec/layOutChildren(in:context:)``. A value may be assigned to any index whether or not
/// one was there (the values are `BitwiseCopyable`); reading an index before assigning it gives garbage, which
/// the stack computation never does (it fills every index it reads first).
struct Scratch<Element: BitwiseCopyable> {
    fileprivate let buffer: UnsafeMutableBufferPointer<Element>

    /// How many values fit.
    var count: Int { buffer.count }
    /// `0..<count`.
    var indices: Range<Int> { 0..<buffer.count }

    /// The value at `index` (checked against the capacity in debug builds, as the buffer's own subscript does),
    /// read and written in place.
    subscript(index: Int) -> Element {
        @inline(__always) _read { yield buffer[index] }
        @inline(__always) nonmutating _modify { yield &buffer[index] }
    }
}

/// A spec's children during one of its computations: the spec's array's storage, borrowed. The spec keeps the
/// array, and the array its elements, alive and unchanged until the computation ends (a spec's children do not
/// change during its computation), so neither the array nor an element is retained.
struct BorrowedChildren {
    fileprivate let buffer: UnsafeBufferPointer<LayoutElement>

    /// How many children there are.
    var count: Int { buffer.count }

    /// Calls `body` with child `index` (checked against the count in debug builds), not retained.
    @inline(__always) func with<Result>(_ index: Int, _ body: (LayoutElement) -> Result) -> Result {
        Unmanaged.passUnretained(buffer[index])._withUnsafeGuaranteedRef(body)
    }
}
