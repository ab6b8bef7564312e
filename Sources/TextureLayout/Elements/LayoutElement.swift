// Unsafe room: engine state.
// Invariants: the element's state is its object's first stored property, which `LayoutStateRef` (StateStorage.swift)
// reaches at the start of the object's stored properties, and its tail its fourth, after the name and the parent
// link, at the distance `LayoutStateTail.offset` computes (both checked in debug builds); it holds its style block
// through the `Unmanaged` reference that `LayoutStateRef` counts: retained unless it is the shared default block,
// released when replaced or freed.

/// Anything that takes part in a layout: a display node or a layout spec (Texture's `ASLayoutElement`).
///
/// Results of the most recent layout pass live in the element itself (its size, its position in its parent and a
/// small cache of measurements keyed by size range and parent size), so that a pass allocates nothing per
/// measurement and a second pass reuses every measurement a change cannot affect. ``layout(within:parentSize:scale:direction:)``
/// copies them into an immutable ``Layout``.
open class LayoutElement: CustomStringConvertible {
    /// The style and the results of the most recent layout pass, in the element's own object: the first stored
    /// property, so that it starts 16 bytes after the object's header, in the cache line the header's class
    /// pointer is read from at every computation's dynamic call. Read and written only through ``state``, in
    /// place (see ``LayoutStateRef``); never by name after the initializer.
    @exclusivity(unchecked) private final var stateStorage = LayoutState()

    /// A name for diagnostics, pictures and document output.
    public final var debugName: String?
    @exclusivity(unchecked) final var parentLink = ParentLink()

    /// The rest of the state (``LayoutStateTail``), after the two properties a pass never reads, so that they lie
    /// between the state's two cache entries instead of between the tail and the fields of the element's class.
    /// Read and written only through ``state`` too.
    @exclusivity(unchecked) private final var stateTail = LayoutStateTail()

    /// The element's layout properties. Changing them invalidates the element's cached measurements (and its
    /// ancestors'), as ``setNeedsLayout()`` does. Setting them gives the element a new ``SharedStyle`` block of
    /// its own (none for the default style), even when the old block was the element's alone: a block never
    /// changes once made, so that no set can reach another element's style and blocks need no lock. Each set of
    /// a property (`element.style.flexGrow = 1`) so allocates one block; to style many elements, set whole
    /// styles or give them blocks from a ``StylePool`` through ``sharedStyle``.
    public final var style: Style {
        get { state.style }
        set { sharedStyle = .holding(newValue) }
    }

    /// The block holding the element's ``style``. Reading it gives the block the element holds, which other
    /// elements may be given too; setting it makes the element hold that block, with no copy, and invalidates
    /// the element's cached measurements as setting ``style`` does. Elements with equal styles can so share one
    /// copy: a builder of a big tree takes the blocks from a ``StylePool``.
    public final var sharedStyle: SharedStyle {
        get { state.sharedStyle }
        set {
            state.hold(newValue)
            setNeedsLayout()
        }
    }

    /// The element that measures this one; invalidation walks up through it. Kept valid without reference
    /// counting: a parent clears it when it lets the child go or is freed (see `adopt(_:)`).
    public final var parent: LayoutElement? { parentLink.element }

    /// The style and the results of the most recent layout pass, read and written in place by the layout pass:
    /// no copies of the structs, no exclusivity checks, no reference counting (see ``LayoutStateRef``).
    final var state: LayoutStateRef { @inline(__always) get { LayoutStateRef(of: self) } }

    /// An element with the default style.
    public init() {
        #if DEBUG
        withUnsafeMutablePointer(to: &stateStorage) { assert(state.isStored(at: $0)) }
        withUnsafeMutablePointer(to: &stateTail) { assert(state.isTailStored(at: $0)) }
        #endif
        measuresFromRangeAndStyle(asExactly: LayoutElement.self)
        takesRangeMinimum(asExactly: LayoutElement.self)
    }

    deinit {
        if state.keepsTrace { RunningPass.forgetTrace(of: self) }
        state.free()
    }

    /// The element's class and its ``debugName`` (quoted, when it has one), so that a printed result says which
    /// element it is: `FixedSizeNode "title"`.
    open var description: String {
        let kind = String(describing: type(of: self))
        return debugName.map { "\(kind) \($0.debugDescription)" } ?? kind
    }

    /// The ascender a parent stack aligns this element's baseline with: a laid-out vertical stack's is its first
    /// child's, anything else's is its style's. A placeholder (left unmeasured) has only its style's.
    public final var layoutAscender: Double {
        state.isPlaceholder ? state.style.ascender : state.derivedBaseline?.ascender ?? state.style.ascender
    }

    /// The descender counterpart of ``layoutAscender``.
    public final var layoutDescender: Double {
        state.isPlaceholder ? state.style.descender : state.derivedBaseline?.descender ?? state.style.descender
    }

    /// Sets the ascender and descender a parent stack aligns this element's baseline with, in place of its
    /// style's, for elements that know their baselines only once measured (a text's first baseline depends on
    /// the fonts of its first line). Call it from ``calculateSize(_:context:)``: like a vertical stack's derived
    /// baselines, the values belong to the computation that set them and stay out of the style.
    public final func setMeasuredBaseline(ascender: Double, descender: Double) {
        state.derivedBaseline = (ascender, descender)
    }

    /// Discards this element's cached measurements and those of every ancestor, so that the next layout pass
    /// measures it again. Call it when something the element measures from (an intrinsic size) changes.
    public final func setNeedsLayout() {
        var current: LayoutElement? = self
        while let element = current {
            element.state.invalidate()
            current = element.parentLink.element
        }
    }

    /// Records, for an element whose class is exactly `type`, that it is measured from its range and its style
    /// alone: the class keeps the default ``calculateSize(_:parentSize:context:)``, which reads the parent size only
    /// to resolve the style's fractions, and nothing else it measures with depends on the parent size. A request
    /// to such an element with an all-auto style then ignores the parent size (``LayoutContext``), so that a child
    /// asked the same range under a parent of another size (every child of a stack laid out at a new width) is
    /// answered from its cache. The initializers of the classes that qualify call it with their own type; a
    /// subclass, which may override the method and read the parent size, is left out.
    package final func measuresFromRangeAndStyle(asExactly type: LayoutElement.Type) {
        if Swift.type(of: self) == type { state.measuresFromRangeAndStyle = true }
    }

    /// Records, for an element whose class is exactly `type`, that it takes its range's minimum and measures
    /// nothing: the class keeps the default ``calculateSize(_:parentSize:context:)`` and
    /// ``calculateSize(_:context:)`` (a spacer). A request to such an element with an all-auto style and an ordered
    /// range then computes it in place, without the cache: the ceiled minimum costs less than a lookup, and a
    /// stack's spacers are asked a new range whenever the stack's width changes.
    package final func takesRangeMinimum(asExactly type: LayoutElement.Type) {
        if Swift.type(of: self) == type { state.takesRangeMinimum = true }
    }

    /// Records that the element's computations read fields of its class that lie more than 64 bytes past its
    /// state's tail (320 bytes into its object), as a text's do: a pass's trace (``PassTrace``) then prefetches
    /// 256 bytes more of it. Called by the initializers of such classes.
    package final func readsFieldsBeyondState() { state.readsFieldsBeyondState = true }

    /// The elements whose layouts become this element's sublayouts, in drawing order (later on top). A child only
    /// appears in a result if this element's latest computation measured it.
    open var sublayoutElements: [LayoutElement] { [] }

    /// Records `self` as the parent of `child`, for invalidation.
    final func adopt(_ child: LayoutElement) {
        child.parentLink.link(to: self)
    }

    /// Forgets `child` if it still names `self` as its parent, so that it never points to a freed parent.
    final func release(_ child: LayoutElement) {
        child.parentLink.clear(ifLinkedTo: self)
    }

    /// Moves every element this one holds a strong reference to into `pending` and drops its own references, so
    /// that the element can be freed without freeing a subtree from its `deinit` (see `freeIteratively(_:)`). The
    /// engine calls it only on an element that is about to be freed and referenced nowhere else. A subclass that
    /// keeps elements in stored properties of its own overrides it (giving those up too, then calling `super`), so
    /// that trees of it of any depth can be freed.
    open func giveUpOwnedElements(into pending: inout [LayoutElement]) {}

    // MARK: Measuring (override points)

    /// Texture's `calculateLayoutThatFits:restrictedToSize:relativeToParentSize:`: measures the element within the
    /// range its parent gives. The default intersects that range with the style's resolved range (the parent's
    /// range wins any conflict) and calls ``LayoutElement/calculateSize(_:context:)``. Override it to ignore the element's own
    /// style, as the inset, overlay and background specs do.
    open func calculateSize(_ constrainedSize: SizeRange, parentSize: Size, context: LayoutContext) -> Size {
        if state.hasAutoSize && constrainedSize.isOrdered {
            // An all-auto style resolves to [0, ∞], which leaves an ordered range as it is.
            return calculateSize(constrainedSize, context: context)
        }
        var undefined = false
        let own = state.ownRange(parent: parentSize, undefined: &undefined)
        if undefined { context.report(.undefinedPercentage, for: self, parentSize: parentSize) }
        return calculateSize(constrainedSize.intersection(own), context: context)
    }

    /// Texture's `calculateLayoutThatFits:`: measures the element within its already resolved range, measuring
    /// children with ``LayoutContext/measure(_:in:parentSize:)`` and placing them with
    /// ``LayoutContext/place(_:at:)``. Returns the element's size (the engine ceils it to the pixel grid).
    open func calculateSize(_ constrainedSize: SizeRange, context: LayoutContext) -> Size {
        constrainedSize.min
    }
}

/// The per-element state of the layout engine. It is read at every measurement of a pass over thousands of
/// elements, so it is kept dense and ordered by use: a pass over a fresh tree touches every element's state once,
/// its size decides how much memory a big document takes, and the number of cache lines a measurement reads
/// decides much of the pass's time. It lies in the element's object right after the object's header, so what a
/// request reads first comes first: the reference to the style's block (a parent stack reads every child's style
/// before measuring it), the cache's bookkeeping and the flags, the size answered, the parent's computation that
/// measured it and the position, the 64 bytes every request touches (all that a spacer computed in place does);
/// then the first cache entry, where a request the cache answers from it reads it, and the two entries' parent
/// sizes, which most elements ignore. The element's name and parent link, which no pass reads, come next, and then
/// ``LayoutStateTail``: the second entry, what only stacks and texts set, and the ID of the element's own
/// computation, which only a computation writes, next to the fields of the element's class that the computation
/// reads next. A request that misses writes the oldest entry, which on a pass at a second width is the second one
/// (the first holds the first width's answers), so the span a computation touches, from that entry to its class's
/// fields, holds none of the 24 bytes of name and link or the 32 of parent sizes.
struct LayoutState {
    /// The element's style block, held as ``LayoutStateRef`` says (a counted reference unless it is the
    /// default block).
    var styleBlock = Unmanaged.passUnretained(SharedStyle.default)
    var cache = MeasurementCache()
    /// `isPlaceholder`, `hasDerivedBaseline`, `contentDirection`, which entries gave the derived baseline,
    /// `measuresFromRangeAndStyle` and `ignoresParentSize`, in the byte after the cache's bookkeeping.
    private var flags: UInt8 = 0
    /// Whether the element is a display node whose class keeps ``DisplayNode/layoutSpecThatFits(_:)`` as the
    /// engine has it (``DisplayNode/measuresWithoutSpec(asExactly:)``): set once as the element is made, in a byte
    /// that was padding.
    var measuresWithoutSpec = false
    /// `takesRangeMinimum`, `keepsTrace` and `readsFieldsBeyondState`, set outside computations, in a byte that was
    /// padding.
    private var marks: UInt8 = 0
    /// Whether the element's class is exactly one that takes its range's minimum and measures nothing
    /// (``LayoutElement/takesRangeMinimum(asExactly:)``): set once as the element is made.
    var takesRangeMinimum: Bool {
        @inline(__always) get { marks & 1 != 0 }
        @inline(__always) set { marks = marks.setting(1, newValue) }
    }
    /// Whether a trace of the latest pass rooted at the element is kept for its next one (``PassTrace``), which
    /// freeing the element forgets: set as such a pass ends.
    var keepsTrace: Bool {
        @inline(__always) get { marks & 2 != 0 }
        @inline(__always) set { marks = marks.setting(2, newValue) }
    }
    /// Whether the element's computations read fields of its class that lie beyond the state and its tail
    /// (``LayoutElement/readsFieldsBeyondState()``): set once as the element is made.
    var readsFieldsBeyondState: Bool {
        @inline(__always) get { marks & 4 != 0 }
        @inline(__always) set { marks = marks.setting(4, newValue) }
    }
    /// The size answered to the latest request (pixel-ceiled).
    var measuredSize = Size.zero
    /// The computation of the parent that measured this element last.
    var measuredBy: UInt64 = 0
    /// The position the parent gave this element in its latest computation (unrounded).
    var placedPosition = Point.zero
    /// Cache slot 0; slot 1 is ``LayoutStateTail/entry1``. The field before `parentSizes`, so that its offset is
    /// known from the state's size.
    var entry0 = MeasurementEntry.empty
    /// The parent sizes of the two slots' keys, kept only for an element that does not ignore its parent size
    /// (``ignoresParentSize``): every key of one that does has an undefined parent size, so its entries keep the
    /// range and the size alone, 48 bytes each. Last, after the first entry, so that a request the cache answers
    /// from it reads no further unless it needs them.
    var parentSizes: (Size, Size) = (.zero, .zero)

    /// Forgets the cached measurements and which of them the children's results belong to. The entries' memory
    /// is left as it is: `count` hides them, and a slot named by `request` is read only within the pass that
    /// set it.
    mutating func invalidate() {
        cache.fill = 0
        cache.computed = MeasurementCache.none
    }

    /// Set by a stack for a child it left unmeasured (Texture's optimized flexing placeholder): a 0×0 layout
    /// with no sublayouts.
    var isPlaceholder: Bool {
        @inline(__always) get { flags & 1 != 0 }
        @inline(__always) set { flags = flags.setting(1, newValue) }
    }

    /// Whether the element's class measures it from its range and its style alone (bit 6, set once as the element
    /// is made: ``LayoutElement/measuresFromRangeAndStyle(asExactly:)``).
    var measuresFromRangeAndStyle: Bool {
        @inline(__always) get { flags & 64 != 0 }
        @inline(__always) set { flags = flags.setting(64, newValue) }
    }

    /// Whether the parent size plays no part in measuring the element (bit 7): its class measures it from its
    /// range and its style alone (bit 6) and its style has no sizing dimension, so no fraction to resolve and no
    /// NaN to report. Kept up to date as the class marks itself and as the element's style block changes
    /// (``LayoutStateRef/hold(_:)``), so that a request reads it with the other flags instead of reading the
    /// style's block.
    var ignoresParentSize: Bool {
        @inline(__always) get { flags & 128 != 0 }
        @inline(__always) set { flags = flags.setting(128, newValue) }
    }

    /// Whether `derivedAscender` and `derivedDescender` are set: two doubles and a bit take less room than an
    /// optional pair.
    var hasDerivedBaseline: Bool {
        @inline(__always) get { flags & 2 != 0 }
        @inline(__always) set { flags = flags.setting(2, newValue) }
    }

    /// A display node's ``DisplayNode/contentDirection``, its raw value (0...2) in bits 2–3, as a style packs
    /// `alignSelf`; no pass reads it while measuring.
    var contentDirection: ContentDirection {
        get { ContentDirection(rawValue: flags >> 2 & 3) ?? .inherit }
        set { flags = flags & ~0b1100 | newValue.rawValue << 2 }
    }

    /// Whether the computation kept in entry `slot` derived the baseline the element holds now (bit 4 + `slot`).
    /// The element holds one derived baseline, its latest computation's; a hit on an entry whose computation
    /// derived another would leave the parent reading a baseline that belongs to a different size.
    @inline(__always) func entryHasCurrentBaseline(_ slot: UInt8) -> Bool {
        flags & 16 << slot != 0
    }

    /// Records that the computation kept in entry `slot` (``MeasurementCache/capacity`` or more: none) ends
    /// holding the element's derived baseline.
    @inline(__always) mutating func recordBaseline(in slot: UInt8) {
        if slot < MeasurementCache.capacity { flags |= 16 << slot }
    }

    /// Records that the derived baseline is set (`isSet`) and, when `changed`, that no kept computation derived
    /// it (``LayoutStateRef/derivedBaseline`` compares it with the one held).
    @inline(__always) mutating func setDerivedBaseline(isSet: Bool, changed: Bool) {
        if changed { flags &= ~0b11_0000 }
        hasDerivedBaseline = isSet
    }
}

private extension UInt8 {
    /// This byte with the bits of `mask` set when `isSet`, cleared otherwise: how the state's flag bytes are
    /// written.
    @inline(__always) func setting(_ mask: UInt8, _ isSet: Bool) -> UInt8 { isSet ? self | mask : self & ~mask }
}

/// The part of an element's state after its name and parent link (see ``LayoutState``): cache slot 1, the derived
/// baseline and the computation's ID, which a computation writes, next to its class's fields.
struct LayoutStateTail {
    /// Cache slot 1: the first field, so that the slots lie a fixed distance apart.
    var entry1 = MeasurementEntry.empty
    /// A vertical stack's ascender and descender from its first and last child, or a text's from its lines, set
    /// when it is computed.
    var derivedAscender = 0.0
    var derivedDescender = 0.0
    /// Identifies the latest full computation; children record it in `measuredBy` when it measures them. An
    /// element computed in place (``LayoutElement/takesRangeMinimum(asExactly:)``) measures no children and leaves
    /// it as it is.
    var computationID: UInt64 = 0
}

/// The size range and parent size of one measurement.
struct MeasurementKey: Sendable {
    var range: SizeRange
    var parentSize: Size

    /// A one-byte hash of the six values' bits, kept beside the cache's bookkeeping so that most misses are
    /// known without reading an entry (``MeasurementCache/tags``). Equal keys have equal tags; unequal keys
    /// share a tag about once in 256, which costs only a comparison of the whole key. The three sizes are
    /// folded as pairs of words (the maxima and the parent size rotated apart), the pair into one word (its
    /// heights rotated half a word), and the word multiplied, whose top byte depends on every bit: about twenty
    /// vector and integer instructions per request, about half of what folding the six words one by one takes.
    @inline(__always) var tag: UInt8 {
        let minimum = SIMD2(range.min.width.bitPattern, range.min.height.bitPattern)
        let maximum = SIMD2(range.max.width.bitPattern, range.max.height.bitPattern)
        let parent = SIMD2(parentSize.width.bitPattern, parentSize.height.bitPattern)
        let pair = minimum ^ (maximum &<< 21 | maximum &>> 43) ^ (parent &<< 42 | parent &>> 22)
        let folded = pair.x ^ (pair.y &<< 32 | pair.y &>> 32)
        return UInt8(truncatingIfNeeded: (folded &* 0x9E37_79B9_7F4A_7C15) &>> 56)
    }

    /// Bitwise equality (NaN equals NaN), so that a request for an undefined parent size can hit.
    @inline(__always) func isIdentical(to other: MeasurementKey) -> Bool {
        range.isIdentical(to: other.range) && parentSize.isIdentical(to: other.parentSize)
    }
}

/// One measurement: its key's range and the pixel-ceiled size it gave (its key's parent size is kept apart:
/// ``LayoutState/parentSizes``).
///
/// An element keeps its last two measurements inline (no allocation), in ``LayoutState/entry0`` and
/// ``LayoutStateTail/entry1``. Two cover what nearly every element is asked: on the feed ×10 after a full layout,
/// 130,041 of 150,001 elements hold one entry, 9,960 two and 10,000 three; the text feed laid out at a second width leaves most elements with two. An element asked three
/// different things in one pass (a stack child measured, flexed, then stretched) is computed again on a later pass
/// where four would have answered it: 4–15% more instructions on random flex documents, under 1% on the benchmark
/// documents, for 128 fewer bytes per element (<doc:Errata#specsCacheToo>).
struct MeasurementEntry: Sendable {
    var range: SizeRange
    var size: Size

    /// What an entry beyond `count` holds before it is first used.
    static let empty = MeasurementEntry(range: .zero, size: .zero)
}

/// The bookkeeping of an element's measurement entries (``LayoutState/entry0``, ``LayoutStateTail/entry1``): how
/// many there are, which is the oldest, and which of them the latest request and the latest full computation were.
///
/// Every entry holds for one pixel scale, kept once here rather than in every key (sizes are ceiled to the
/// scale's grid, so a result holds for one scale only): a request at another scale empties the cache first,
/// which answers exactly what keys carrying their scale would (no entry could match).
///
/// The latest request and computation are slot numbers instead of keys (a key is 48 bytes): the request was
/// either answered from an entry or computed, and a computation's key is in the entry it was inserted into,
/// unless it was not kept (a computation that reported issues, or that saw the pass stop).
struct MeasurementCache: Sendable {
    /// `request` when the latest request was computed; `computed` when the latest computation was not kept.
    static let none: UInt8 = 0xFF
    /// How many entries an element keeps (``MeasurementEntry``).
    static let capacity: UInt8 = 2

    /// The pixel scale of every entry; 0 (no pass's scale) before the first insertion.
    var scale = 0.0
    /// Byte `i` is the ``MeasurementKey/tag`` of slot `i`'s key. The entries lie after the state's first cache
    /// line; on a pass at a new width, where nearly every request misses, comparing tags here instead of keys
    /// there saved a cache miss per element (it was most of `LayoutContext.request`'s time).
    var tags: UInt16 = 0
    /// Bits 0–2: how many entries are in use (0...capacity); bits 3–7: the oldest slot, where the next insertion
    /// goes. One byte, so that the bookkeeping, the tags and the state's flags fit in 16 bytes.
    var fill: UInt8 = 0
    /// The entry that answered the latest request, or `none` when it was computed (then its key is the one of
    /// `computed`). Read only within the pass that set it.
    var request = none
    /// The entry holding the key of the latest full computation, to which the children's positions and sizes
    /// belong, or `none` when that computation was not kept (or the cache was emptied since).
    var computed = none

    /// Whether the latest request is the latest full computation's key, so that the children's results belong
    /// to the size it was answered: it was computed, or answered from the computation's own entry.
    var requestIsComputed: Bool { request == Self.none || request == computed }

    /// How many entries are in use.
    var count: UInt8 { fill & 7 }
    /// The oldest slot, where the next insertion goes.
    var next: UInt8 { fill >> 3 }

    /// Gives the oldest slot to a new key whose ``MeasurementKey/tag`` is `tag` and returns it; the slot after it
    /// becomes the oldest.
    @inline(__always) mutating func insert(_ tag: UInt8) -> UInt8 {
        let slot = next
        let shift = UInt16(slot) &* 8
        tags = tags & ~(0xFF &<< shift) | UInt16(tag) &<< shift
        fill = ((slot &+ 1) % Self.capacity) << 3 | Swift.min(count &+ 1, Self.capacity)
        return slot
    }
}
