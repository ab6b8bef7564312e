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

    /// specsCacheToo: two measurements are kept, so an element asked three different things in one pass is
    /// computed again on the next. Row in [200, 0]–[200, 300], stretching, [counted spec (flexGrow 1) around a
    /// 30×20 leaf, a 40×40 leaf]: the spec is measured at its basis (30×20), flexed to the 160 points left
    /// (160×20), then stretched to the row's 40-point cross size (160×40). The next pass asks the same three: the
    /// first was replaced by the third, and each miss replaces the entry the following request needed, so all
    /// three are computed again; the frames do not change.
    @Test func anElementAskedThreeThingsIsComputedAgainOnTheNextPass() {
        let counted = styled("counted", CountingSpec(layoutElement: fixed("a", 30, 20))) { $0.flexGrow = 1 }
        let changing = fixed("b", 40, 40)
        let root = node(StackLayoutSpec(direction: .horizontal, alignItems: .stretch, children: [counted, changing]))
        _ = root.layout(within: range(200, 0, 200, 300))
        #expect(counted.computations == 3)
        changing.intrinsicSize = Size(40, 40)
        let laid = Laid(layout: root.layout(within: range(200, 0, 200, 300)))
        #expect(counted.computations == 6)
        #expect(laid["counted"] == rect(0, 0, 160, 40))
        #expect(laid["a"] == rect(0, 0, 160, 40))
        #expect(laid["b"] == rect(160, 0, 40, 40))
    }
}
