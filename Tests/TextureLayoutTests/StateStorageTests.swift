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

    /// The per-element state stays dense: the style is 128 bytes (thirteen doubles, a point and one word of
    /// units), and the state no more than the style, four cache entries of a 48-byte key and a 16-byte size, and
    /// 80 bytes of results and bookkeeping. A field added carelessly (an optional, a key per entry) shows here.
    @Test func theStateStaysDense() {
        #expect(MemoryLayout<Style>.size == 128)
        #expect(MemoryLayout<MeasurementKey>.size == 48)
        #expect(MemoryLayout<LayoutState>.stride <= 128 + 4 * 64 + 80)
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
        #expect(String(decoding: result.standardErrorContent, as: UTF8.self)
            .contains("TextureLayout: a parent link outlived its parent"))
    }
    #endif
}
