import Testing
@testable import TextureLayout

/// The invariants of the engine's unsafe code (`StateStorage.swift`) that a caller can observe: parent links never
/// outlive their parent, and debug builds stop when one would.
@Suite struct StateStorageTests {
    /// A spec links its children and clears the links when it lets them go: by a new `children` list, and when it
    /// is freed.
    @Test func parentLinksAreClearedWhenTheParentLetsGo() {
        let kept = fixed("kept", 1, 1)
        let dropped = fixed("dropped", 1, 1)
        let spec = StackLayoutSpec(children: [kept, dropped])
        #expect(kept.parent === spec && dropped.parent === spec)
        spec.children = [kept]
        #expect(kept.parent === spec)
        #expect(dropped.parent == nil)
        let orphan = fixed("orphan", 1, 1)
        do {
            let parent = InsetLayoutSpec(insets: EdgeInsets(top: 1, left: 1, bottom: 1, right: 1), child: orphan)
            #expect(orphan.parent === parent)
        }
        #expect(orphan.parent == nil)
    }

    /// A node links the spec of its latest computation and unlinks it when a new computation returns another.
    @Test func aNodeRelinksItsSpecAtEachComputation() {
        var specs: [LayoutSpec] = []
        let root = DisplayNode()
        root.layoutSpecBlock = { _, _ in
            specs.append(LayoutSpec())
            return specs.last!
        }
        _ = root.layout(within: SizeRange(exactly: Size(10, 10)))
        _ = root.layout(within: SizeRange(exactly: Size(20, 10)))
        #expect(specs.count == 2)
        #expect(specs[0].parent == nil)
        #expect(specs[1].parent === root)
    }

    /// The per-element state stays dense: no more than two cache entries of a 32-byte range and a 16-byte size,
    /// with their keys' 16-byte parent sizes, 80 bytes of results and bookkeeping and the 8-byte reference to the
    /// style's block, 216 bytes in the state and its tail, each of which makes every element's object larger
    /// (they are its stored properties). A field added carelessly (an optional, a key per entry) shows here. The
    /// first entry and the parent sizes end the state and the second entry starts the tail, a fixed distance
    /// apart. The style, in its shared block, is 128 bytes (thirteen doubles, a
    /// point and one word of units), every byte a field's (`Style.bits` covers them all).
    @Test func theStateStaysDense() {
        #expect(MemoryLayout<Style>.size == 128)
        #expect(MemoryLayout<Style>.size == MemoryLayout<SIMD16<UInt64>>.size)
        #expect(MemoryLayout<MeasurementKey>.size == 48)
        #expect(MemoryLayout<MeasurementEntry>.size == 48)
        #expect(MemoryLayout<LayoutState>.offset(of: \.entry0) == LayoutStateTail.entry0Offset)
        #expect(MemoryLayout<LayoutState>.offset(of: \.parentSizes) == LayoutStateTail.parentSizesOffset)
        #expect(MemoryLayout<LayoutStateTail>.offset(of: \.entry1) == 0)
        #expect(MemoryLayout<LayoutState>.size + MemoryLayout<LayoutStateTail>.size <= 8 + 2 * 64 + 80)
        #expect(MemoryLayout<LayoutState>.size + MemoryLayout<LayoutStateTail>.size <= 216)
    }

    /// The cache answers a key only from an entry with the same key: two keys whose one-byte tags collide are
    /// told apart by comparing them whole, and a request at another pixel scale empties the cache. The colliding
    /// pair is found by trying widths (256 tags, so a few dozen tries).
    @Test func collidingTagsAreToldApartAndScalesDoNotMix() throws {
        func key(_ width: Double) -> MeasurementKey {
            MeasurementKey(
                range: SizeRange(min: Size(width, 0), max: Size(width, .infinity)),
                parentSize: Size(width, .nan))
        }
        var firstWidthOfTag: [UInt8: Double] = [:]
        var pair: (Double, Double)?
        for width in stride(from: 1.0, through: 2000, by: 1) {
            if let earlier = firstWidthOfTag[key(width).tag] {
                pair = (earlier, width)
                break
            }
            firstWidthOfTag[key(width).tag] = width
        }
        let (a, b) = try #require(pair)
        #expect(key(a).tag == key(b).tag && a != b)

        // The state lives as long as its element.
        let element = LayoutElement()
        defer { withExtendedLifetime(element) {} }
        let state = element.state
        #expect(state.answer(key(a), scale: 2) == nil)
        state.recordComputation(Size(a, 10), for: key(a), keep: true)
        #expect(state.answer(key(b), scale: 2) == nil)
        #expect(state.answer(key(a), scale: 2) == Size(a, 10))
        state.recordComputation(Size(b, 20), for: key(b), keep: true)
        #expect(state.answer(key(a), scale: 2) == Size(a, 10))
        #expect(state.answer(key(b), scale: 2) == Size(b, 20))
        #expect(state.answer(key(a), scale: 3) == nil)
        #expect(state.answer(key(a), scale: 3) == nil)
        #expect(state.cache.count == 0)
    }

    /// Two entries are kept, the oldest replaced first; a computation that is not kept leaves the entries alone
    /// and makes every hit stale (its own key is in no entry).
    @Test func theOldestEntryIsReplacedAndUnkeptComputationsLeaveNoSlot() {
        func key(_ width: Double) -> MeasurementKey {
            MeasurementKey(range: SizeRange(exactly: Size(width, 5)), parentSize: .undefined)
        }
        let element = LayoutElement()
        defer { withExtendedLifetime(element) {} }
        let state = element.state
        _ = state.answer(key(0), scale: 2)
        for width in 1...3 {
            state.recordComputation(
                Size(Double(width), 5), for: key(Double(width)), keep: true)
        }
        #expect(state.cache.count == 2)
        #expect(state.answer(key(1), scale: 2) == nil)
        for width in 2...3 { #expect(state.answer(key(Double(width)), scale: 2) == Size(Double(width), 5)) }
        #expect(state.cache.requestIsComputed)
        #expect(state.answer(key(2), scale: 2) != nil)
        #expect(!state.cache.requestIsComputed)
        // The next insertion replaces 2, the older of the two.
        state.recordComputation(Size(4, 5), for: key(4), keep: true)
        #expect(state.answer(key(2), scale: 2) == nil)
        #expect(state.answer(key(3), scale: 2) == Size(3, 5) && state.answer(key(4), scale: 2) == Size(4, 5))
        state.recordComputation(Size(9, 9), for: key(9), keep: false)
        #expect(state.cache.requestIsComputed && state.measuredSize == Size(9, 9))
        #expect(state.answer(key(4), scale: 2) == Size(4, 5))
        #expect(!state.cache.requestIsComputed)
        #expect(state.answer(key(9), scale: 2) == nil)
    }

    /// A node's content direction shares the state's flag byte with `isPlaceholder`, `hasDerivedBaseline` and
    /// `measuresFromRangeAndStyle`: setting any of them leaves the others as they were.
    @Test func contentDirectionAndFlagsShareAByteWithoutMixing() {
        let node = DisplayNode()
        let state = node.state
        #expect(node.contentDirection == .inherit)
        for direction in [ContentDirection.rightToLeft, .leftToRight, .inherit] {
            node.contentDirection = direction
            state.isPlaceholder = true
            state.derivedBaseline = (3, -1)
            #expect(node.contentDirection == direction)
            state.isPlaceholder = false
            state.derivedBaseline = nil
            #expect(node.contentDirection == direction)
            node.contentDirection = .rightToLeft
            state.isPlaceholder = true
            node.contentDirection = direction
            #expect(state.isPlaceholder && state.derivedBaseline == nil)
            state.isPlaceholder = false
        }
        #expect(state.measuresFromRangeAndStyle)
    }

    #if DEBUG
    /// A link set without the parent clearing it (what the engine never does) is caught when it is followed after
    /// the parent is freed, instead of reading freed memory.
    @Test func debugBuildsStopOnAParentLinkThatOutlivedItsParent() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let child = LayoutElement()
            do {
                let parent = LayoutElement()
                child.parentLink.link(to: parent)
            }
            _ = child.parent
        }
        #expect(
            String(decoding: result.standardErrorContent, as: UTF8.self)
                .contains("TextureLayout: a parent link outlived its parent"))
    }
    #endif
}

extension LayoutStateRef {
    /// ``answer(_:tag:scale:)`` with the key's own tag, as the pass computes it.
    fileprivate func answer(_ key: MeasurementKey, scale: Double) -> Size? {
        answer(key, tag: key.tag, scale: scale)
    }

    /// ``recordComputation(_:for:tag:keep:replacing:)`` with the key's own tag, as the pass computes it.
    fileprivate func recordComputation(_ size: Size, for key: MeasurementKey, keep: Bool) {
        recordComputation(size, for: key, tag: key.tag, keep: keep)
    }
}
