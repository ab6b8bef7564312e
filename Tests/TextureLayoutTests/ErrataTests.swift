import Testing
@testable import TextureLayout

/// Entries of the DocC article *Texture's quirks and our departures* (Errata.md) that no spec's own tests pin.
@Suite struct ErrataTests {
    /// A wrapper spec that counts its computations (cache hits do not compute).
    private final class CountingSpec: WrapperLayoutSpec {
        var computations = 0
        override func calculateSize(_ constrainedSize: SizeRange, context: LayoutContext) -> Size {
            computations += 1
            return super.calculateSize(constrainedSize, context: context)
        }
    }

    /// specsCacheToo: a spec keeps its measurement across passes. Row [counted spec around a 30×20 leaf, a 40×20
    /// leaf] in [0, 300]²: changing the second leaf invalidates it, the row and the root only, so the counted spec
    /// is answered from its cache (Texture would compute it again with its node). Frames: the counted leaf stays
    /// 30×20 at x 0, the changed leaf becomes 50×20 at x 30.
    @Test func specsKeepTheirMeasurements() {
        let counted = CountingSpec(layoutElement: fixed("a", 30, 20))
        let changing = fixed("b", 40, 20)
        let root = node(StackLayoutSpec(direction: .horizontal, alignItems: .start, children: [counted, changing]))
        _ = root.layout(within: range(0, 0, 300, 300))
        #expect(counted.computations == 1)
        changing.intrinsicSize = Size(50, 20)
        let laid = Laid(layout: root.layout(within: range(0, 0, 300, 300)))
        #expect(counted.computations == 1)
        #expect(laid["a"] == rect(0, 0, 30, 20))
        #expect(laid["b"] == rect(30, 0, 50, 20))
    }
}
