import Testing
@testable import TextureLayout

/// The flattened view of a node's layout and where positions are rounded (layout rules §6.1, §6.2; API facts 19, 23,
/// S1).
@Suite struct FlatteningTests {
    private func nodeWith(_ name: String, _ spec: @escaping () -> LayoutSpec) -> DisplayNode {
        let node = DisplayNode()
        node.debugName = name
        node.layoutSpecBlock = { _, _ in spec() }
        return node
    }

    private func wrap(_ children: [LayoutElement]) -> WrapperLayoutSpec { WrapperLayoutSpec(layoutElements: children) }

    // Fact 19: [n1[i], spec[n2, spec[spec[], n3], spec[]], spec[n4[i, i[i]]], n5] flattens to [n1, n2, n3, n4, n5]:
    // DFS pre-order through specs only; nodes inside another node ("indirect subnodes") are not listed; empty
    // specs contribute nothing.
    @Test func flattenedLayoutContainsOnlyDirectSubnodesInOrder() {
        let n1 = nodeWith("n1") { WrapperLayoutSpec(layoutElement: fixed("i1", 10, 10)) }
        let n4 = nodeWith("n4") {
            WrapperLayoutSpec(layoutElements: [
                fixed("i4a", 10, 10),
                self.nodeWith("i4b") { WrapperLayoutSpec(layoutElement: fixed("i4c", 10, 10)) },
            ])
        }
        let spec = wrap([
            n1, wrap([fixed("n2", 10, 10), wrap([wrap([]), fixed("n3", 10, 10)]), wrap([])]),
            wrap([n4]), fixed("n5", 10, 10),
        ])
        let laid = layOut(spec, in: range(0, 0, 100, 100))
        #expect(laid.subnodeNames == ["n1", "n2", "n3", "n4", "n5"])
        #expect(laid.entry("n4")!.subnodeLayouts.map { $0.element.debugName } == ["i4a", "i4b"])
        #expect(laid.entry("i4b")!.subnodeLayouts.map { $0.element.debugName } == ["i4c"])
        #expect(laid.entry("n1")!.subnodeLayouts.map { $0.element.debugName } == ["i1"])
        // Every element still has its frame in the root (wrappers place at the origin).
        for name in ["n1", "n2", "n3", "n4", "n5", "i1", "i4a", "i4b", "i4c"] {
            #expect(laid[name]?.origin == .zero)
        }
    }

    // The root's layout: the node itself at the origin, its spec as the single sublayout (§3.2 case 2).
    @Test func rootLayoutWrapsItsSpec() {
        let spec = WrapperLayoutSpec(layoutElement: fixed("leaf", 10, 10))
        let root = node(spec)
        let layout = root.layout(within: range(0, 0, 100, 100))
        #expect(layout.element === root)
        #expect(layout.position == .zero)
        #expect(layout.sublayouts.count == 1 && layout.sublayouts[0].element === spec)
        #expect(layout.sublayouts[0].position == .zero)
    }

    // Fact 23 (geometry): nodes inside a spec at (20,20) are re-created at their absolute positions: (20,20) + (0,0);
    // a node placed directly at (10,10) keeps it.
    @Test func nodesInsideAPositionedSpecGetAbsolutePositions() {
        let inner = styled("spec", wrap([fixed("a", 10, 10), fixed("b", 20, 20)])) { $0.layoutPosition = Point(20, 20) }
        let direct = fixed("direct", 10, 10) { $0.layoutPosition = Point(10, 10) }
        let laid = layOut(AbsoluteLayoutSpec(children: [direct, inner]), in: range(0, 0, 100, 100))
        #expect(laid.inSupernode("a") == rect(20, 20, 10, 10))
        #expect(laid.inSupernode("b") == rect(20, 20, 20, 20))
        #expect(laid.inSupernode("direct") == rect(10, 10, 10, 10))
        #expect(laid.inSupernode("spec") == rect(20, 20, 20, 20))
        #expect(laid.subnodeNames == ["direct", "a", "b"])
    }

    // §6.2: within one node, a node's position is ceilPx of the sum of the unrounded spec positions:
    // inset(0.25, inset(0.25, g)) → g at ceilPx(0.5) = 0.5; the specs keep unrounded positions (0.25).
    @Test func positionsAccumulateUnroundedWithinANode() {
        let g = fixed("g", 10, 10)
        let innerInset = styled("inner", InsetLayoutSpec(insets: EdgeInsets(left: 0.25), child: g))
        let laid = layOut(InsetLayoutSpec(insets: EdgeInsets(left: 0.25), child: innerInset), in: range(0, 0, 100, 100))
        #expect(laid["g"] == rect(0.5, 0, 10, 10))
        #expect(laid.entry("inner")!.position == Point(0.25, 0))
        #expect(laid["inner"] == rect(0.25, 0, 10.5, 10))  // size ceilPx(10.25) = 10.5
        #expect(laid.size == Size(11, 10))  // ceilPx(10.5 + 0.25) = 11
    }

    // §6.2: at a node boundary positions are ceiled per node: a nested node N at 0.25 is at ceilPx(0.25) = 0.5; its
    // subnode g at 0.25 within N is at 0.5 in N, so at 0.5 + 0.5 = 1.0 in the root (not ceilPx(0.5) = 0.5).
    @Test func positionsAreCeiledAtEachNodeBoundary() {
        let n = nodeWith("N") { InsetLayoutSpec(insets: EdgeInsets(left: 0.25), child: fixed("g", 10, 10)) }
        let laid = layOut(InsetLayoutSpec(insets: EdgeInsets(left: 0.25), child: n), in: range(0, 0, 100, 100))
        #expect(laid.inSupernode("N") == rect(0.5, 0, 10.5, 10))
        #expect(laid.inSupernode("g") == rect(0.5, 0, 10, 10))
        #expect(laid["g"] == rect(1, 0, 10, 10))
        #expect(laid.entry("g")!.position == Point(0.25, 0))
    }

    // S1: sizes are ceiled at creation (every layout, specs included); positions assigned by specs are not.
    @Test func sizesCeiledPositionsNot() {
        let laid = layOut(
            AbsoluteLayoutSpec(
                sizing: .sizeToFit,
                children: [
                    fixed("n", 10.2, 10.2) {
                        $0.layoutPosition = Point(0.3, 0.3)
                    }
                ]), in: range(0, 0, 100, 100))
        #expect(laid.entry("n")!.size == Size(10.5, 10.5))
        #expect(laid.entry("n")!.position == Point(0.3, 0.3))
        #expect(laid["n"] == rect(0.5, 0.5, 10.5, 10.5))
        #expect(laid.size == Size(11, 11))  // extent 0.3 + 10.5 = 10.8 → ceilPx 11
    }
}
