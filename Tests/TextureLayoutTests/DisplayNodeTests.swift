import Testing
@testable import TextureLayout

/// Measuring display nodes, layout specs of nodes, caching and re-layout (layout rules §3.1–§3.4; API facts 24, 25,
/// 30–32, 34, 35, S5, S7).
@Suite struct DisplayNodeTests {
    // MARK: Measuring a node (§3.2)

    // S5/§3.2 case 1: a plain node takes r.max when both max dims are valid for size, else r.min.
    @Test(
        arguments: [
            (range(0, 0, 320, inf), Size(0, 0)),
            (range(320, 0, 320, inf), Size(320, 0)),
            (range(0, 0, 320, 100), Size(320, 100)),
            (range(0, 0, 320, 1e7), Size(0, 0)),
            (range(10, 20, 320, 1e7), Size(10, 20)),
        ] as [(SizeRange, Size)])
    func plainNode(range r: SizeRange, expected: Size) {
        #expect(DisplayNode().layout(within: r).size == expected)
    }

    // A node with an intrinsic size S measures Clamp(r, S).
    @Test func intrinsicSizeIsClamped() {
        #expect(fixed("n", 50, 60).layout(within: range(0, 0, 40, 100)).size == Size(40, 60))
        #expect(fixed("n", 50, 60).layout(within: range(100, 100, 200, 200)).size == Size(100, 100))
    }

    private final class HalfWidthNode: DisplayNode {
        var received: [Size] = []
        override func calculateSizeThatFits(_ constrainedSize: Size) -> Size {
            received.append(constrainedSize)
            return Size(constrainedSize.width / 2, 10)
        }
    }

    // calculateSizeThatFits receives only r.max; the result is clamped into r: (100/2, 10) → (80, 10).
    @Test func calculateSizeThatFitsGetsOnlyTheMax() {
        let node = HalfWidthNode()
        #expect(node.layout(within: range(80, 0, 100, 100)).size == Size(80, 10))
        #expect(node.received == [Size(100, 100)])
    }

    // §3.1: a node's own style applies: r = range ∩ style; the layout spec block receives that resolved r.
    @Test func specBlockReceivesTheResolvedRange() {
        var received: [SizeRange] = []
        let root = DisplayNode()
        root.style.width = .points(100)
        root.layoutSpecBlock = { _, r in
            received.append(r)
            return WrapperLayoutSpec(layoutElement: fixed("leaf", 10, 10))
        }
        _ = root.layout(within: range(0, 0, 300, 300))
        #expect(received == [range(100, 0, 100, 300)])
    }

    private final class CardNode: DisplayNode {
        let title = fixed("title", 80, 20)
        override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> LayoutSpec? {
            InsetLayoutSpec(insets: EdgeInsets(all: 8), child: title)
        }
    }

    /// A fixed-size node, measured without asking for a spec (its intrinsic 30 × 20, or the exact 50 × 50 it is
    /// given), still takes a block's spec when one is set (its size is then the spec's, the leaf's 10 × 10), and
    /// lets the spec go when the block is removed: 30 × 20 again, the spec no longer its sublayout nor linked to it.
    /// Only the exact classes that keep `layoutSpecThatFits(_:)` are marked.
    @Test func aNodeWithoutSpecTakesAndDropsABlocksSpec() {
        let node = fixed("node", 30, 20)
        #expect(node.state.measuresWithoutSpec)
        #expect(node.layout(within: exact(50, 50)).size == Size(50, 50))
        #expect(node.layout(within: range(0, 0, 50, 50)).size == Size(30, 20))
        let spec = WrapperLayoutSpec(layoutElement: fixed("leaf", 10, 10))
        node.layoutSpecBlock = { _, _ in spec }
        let withSpec = Laid(layout: node.layout(within: range(0, 0, 50, 50)))
        #expect(withSpec.size == Size(10, 10) && withSpec["leaf"] == rect(0, 0, 10, 10))
        #expect(spec.parent === node)
        node.layoutSpecBlock = nil
        let without = node.layout(within: range(0, 0, 50, 50))
        #expect(without.size == Size(30, 20) && without.sublayouts.isEmpty)
        #expect(node.sublayoutElements.isEmpty && spec.parent == nil)
        // The state lies in the element's object: each is read while its element is alive, as an argument.
        func measuresWithoutSpec(_ node: DisplayNode) -> Bool { node.state.measuresWithoutSpec }
        #expect(measuresWithoutSpec(DisplayNode()))
        #expect(!measuresWithoutSpec(CardNode()))
        #expect(!measuresWithoutSpec(RecordingNode("r", 1, 1)))
    }

    // §3.2 case 2 via a subclass: the node's size is its spec's size (inset: 80 + 16, 20 + 16).
    @Test func subclassOverridingLayoutSpecThatFits() {
        let card = CardNode()
        let layout = card.layout(within: range(0, 0, 300, 300))
        #expect(layout.size == Size(96, 36))
        #expect(Laid(layout: layout)["title"] == rect(8, 8, 80, 20))
        #expect(Laid(layout: layout).subnodeNames == ["title"])
    }

    // A nested node is measured like any element; its subnodes' frames are relative to it (frameInSupernode) and
    // accumulate in the root. Root: inset 10 around the card (96×36) → card at (10,10), title at (18,18) in root.
    @Test func nestedNodeFrames() {
        let card = styled("card", CardNode())
        let laid = layOut(InsetLayoutSpec(insets: EdgeInsets(all: 10), child: card), in: range(0, 0, 300, 300))
        #expect(laid["card"] == rect(10, 10, 96, 36))
        #expect(laid.inSupernode("title") == rect(8, 8, 80, 20))
        #expect(laid["title"] == rect(18, 18, 80, 20))
        #expect(laid.subnodeNames == ["card"])
        #expect(laid.entry("card")!.subnodeLayouts.map { $0.element.debugName } == ["title"])
        #expect(laid.size == Size(116, 56))
    }

    // S7: the root's size is its spec's size, not clamped to the range (here: pixel ceiling 10.2 → 10.5, and a
    // stack child that overflows through an inverted stretch range: the nested node is 150 tall in a 100 max).
    @Test func nodeSizeIsItsSpecSize() {
        let nested = DisplayNode()
        nested.layoutSpecBlock = { _, _ in WrapperLayoutSpec(layoutElement: plain("inner")) }
        styled("nested", nested) {
            $0.width = .points(20); $0.minHeight = .points(150)
        }
        let laid = layOut(StackLayoutSpec.horizontal(children: [nested]), in: range(0, 0, 300, 100))
        #expect(laid["nested"] == rect(0, 0, 20, 150))
        #expect(laid["inner"] == rect(0, 0, 20, 150))
    }

    // MARK: Caching and re-layout (§3.4)

    /// Root [0,0]…[300,300]: vertical stack (start) of inset(10, leaf) and a horizontal stack of style width 200
    /// whose children g1 (grow 1) and g2 are 10×10: g1 grows by 180 to 190.
    private func tree(leaf: Size) -> (root: DisplayNode, leaf: FixedSizeNode) {
        let leafNode = fixed("leaf", leaf.width, leaf.height)
        let row = styled(
            "row",
            StackLayoutSpec.horizontal(children: [
                fixed("g1", 10, 10) { $0.flexGrow = 1 },
                fixed("g2", 10, 10),
            ])
        ) { $0.width = .points(200) }
        let column = StackLayoutSpec(
            direction: .vertical, alignItems: .start,
            children: [InsetLayoutSpec(insets: EdgeInsets(all: 10), child: leafNode), row])
        return (node(column), leafNode)
    }

    @Test func layingOutTwiceGivesIdenticalFrames() {
        let (root, _) = tree(leaf: Size(50, 20))
        let first = root.layout(within: range(0, 0, 300, 300))
        let second = root.layout(within: range(0, 0, 300, 300))
        #expect(namedFrames(first) == namedFrames(second))
        #expect(first.allLayouts.map(\.frameInSupernode) == second.allLayouts.map(\.frameInSupernode))
        // Hand-derived: inset 70×40 → leaf (10,10); row at y 40: g1 190 wide, g2 at 190; root (200, 50).
        let laid = Laid(layout: second)
        #expect(laid["leaf"] == rect(10, 10, 50, 20))
        #expect(laid["g1"] == rect(0, 40, 190, 10))
        #expect(laid["g2"] == rect(190, 40, 10, 10))
        #expect(laid.size == Size(200, 50))
    }

    // After intrinsicSize changes (setNeedsLayout), layout(within:) reflects it and equals a fresh tree's frames.
    @Test func intrinsicSizeChangeIsReflected() {
        let (root, leaf) = tree(leaf: Size(50, 20))
        _ = root.layout(within: range(0, 0, 300, 300))
        leaf.intrinsicSize = Size(80, 30)
        let updated = root.layout(within: range(0, 0, 300, 300))
        let fresh = tree(leaf: Size(80, 30)).root.layout(within: range(0, 0, 300, 300))
        #expect(namedFrames(updated) == namedFrames(fresh))
        // Hand-derived: inset 100×50; row at y 50; root (200, 60).
        let laid = Laid(layout: updated)
        #expect(laid["leaf"] == rect(10, 10, 80, 30))
        #expect(laid["g1"] == rect(0, 50, 190, 10))
        #expect(laid.size == Size(200, 60))
    }

    // updateLayout: the fast path returns the root's size and leaves results in the elements (measuredSize).
    @Test func updateLayoutReflectsChanges() {
        let (root, leaf) = tree(leaf: Size(50, 20))
        #expect(root.updateLayout(range(0, 0, 300, 300)).size == Size(200, 50))
        leaf.intrinsicSize = Size(80, 30)
        let result = root.updateLayout(range(0, 0, 300, 300))
        #expect(result.size == Size(200, 60))
        #expect(result.issues.isEmpty)
        #expect(leaf.measuredSize == Size(80, 30))
        #expect(root.measuredSize == Size(200, 60))
        let fresh = tree(leaf: Size(80, 30)).root.layout(within: range(0, 0, 300, 300))
        #expect(namedFrames(root.layout(within: range(0, 0, 300, 300))) == namedFrames(fresh))
    }

    // A change back and forth, and a different range, still match fresh trees.
    @Test func repeatedChangesMatchFreshTrees() {
        let (root, leaf) = tree(leaf: Size(50, 20))
        for (size, r) in [
            (Size(80, 30), range(0, 0, 300, 300)), (Size(50, 20), range(0, 0, 300, 300)),
            (Size(5, 5), range(250, 0, 300, 300)), (Size(50, 20), range(0, 0, 300, 300)),
        ] {
            leaf.intrinsicSize = size
            let fresh = tree(leaf: size).root.layout(within: r)
            #expect(namedFrames(root.layout(within: r)) == namedFrames(fresh))
        }
    }

    // Fact 24: a node never measured has measuredSize 0×0; after a pass with an exact range it is that size.
    @Test func calculatedSizeBeforeAndAfterMeasuring() {
        let node = plain("displayNode") { $0.preferredSize = Size(100, 100) }
        #expect(node.measuredSize == .zero)
        _ = node.layout(within: exact(100, 100))
        #expect(node.measuredSize == Size(100, 100))
    }

    // Fact 25: the layout spec block runs once; the same exact range again reuses the cached layout.
    @Test func sameRangeReusesTheCachedLayout() {
        var calls = 0
        let root = DisplayNode()
        let spec = WrapperLayoutSpec(layoutElement: plain("child"))
        root.layoutSpecBlock = { _, _ in
            calls += 1; return spec
        }
        _ = root.layout(within: exact(100, 100))
        #expect(calls == 1)
        let again = root.layout(within: exact(100, 100))
        #expect(calls == 1)
        #expect(Laid(layout: again)["child"] == rect(0, 0, 100, 100))
        _ = root.layout(within: exact(50, 50))
        #expect(calls == 2)
    }

    // MARK: Texture's layout-engine fixtures (ASLayoutEngineTests)

    /// Node A: a root whose layoutSpecBlock is HorizStack(spaceBetween, alignItems start, children); it records
    /// the ranges it is computed with.
    private final class RecordingRoot: DisplayNode {
        var ranges: [SizeRange] = []
        override func calculateSize(_ constrainedSize: SizeRange, context: LayoutContext) -> Size {
            ranges.append(constrainedSize)
            return super.calculateSize(constrainedSize, context: context)
        }
    }

    private func fixture(_ leaves: [RecordingNode]) -> (RecordingRoot, StackLayoutSpec) {
        let stack = StackLayoutSpec(
            direction: .horizontal, justifyContent: .spaceBetween, alignItems: .start,
            children: leaves)
        let a = RecordingRoot()
        a.layoutSpecBlock = { _, _ in stack }
        return (a, stack)
    }

    private let leafRange = range(0, 0, inf, 1)

    // Fact 30: A is measured with {{10,1},{10,1}}; each leaf once with {{0,0},{∞,1}}. Fixture 1: B 1, C 2, D 1 →
    // free 6, spaceBetween gaps 3 → x = 0, 4, 9.
    @Test func fixture1MeasuresEachLeafOnce() {
        let b = RecordingNode("B", 1, 1), c = RecordingNode("C", 2, 1), d = RecordingNode("D", 1, 1)
        b.style.flexShrink = 1
        let (a, _) = fixture([b, c, d])
        let laid = Laid(layout: a.layout(within: exact(10, 1)))
        #expect(a.ranges == [exact(10, 1)])
        #expect(b.ranges == [leafRange] && c.ranges == [leafRange] && d.ranges == [leafRange])
        #expect(laid["B"] == rect(0, 0, 1, 1))
        #expect(laid["C"] == rect(4, 0, 2, 1))
        #expect(laid["D"] == rect(9, 0, 1, 1))
        #expect(laid.size == Size(10, 1))
    }

    // Fact 31: fixture 3: B (shrink 1) returns 8; 11 > 10, so B is re-measured with {{7,0},{7,1}} → 7; C, D once.
    @Test func fixture3RemeasuresTheShrunkLeaf() {
        let b = RecordingNode("B", 8, 1), c = RecordingNode("C", 2, 1), d = RecordingNode("D", 1, 1)
        b.style.flexShrink = 1
        let (a, _) = fixture([b, c, d])
        let laid = Laid(layout: a.layout(within: exact(10, 1)))
        #expect(b.ranges == [leafRange, range(7, 0, 7, 1)])
        #expect(c.ranges == [leafRange] && d.ranges == [leafRange])
        #expect(laid["B"] == rect(0, 0, 7, 1))
        #expect(laid["C"] == rect(7, 0, 2, 1))
        #expect(laid["D"] == rect(9, 0, 1, 1))
    }

    // Fact 32: fixture 1 → 2 (C becomes 4 wide, D removed, E added): A, C and E are measured again, B is not (its
    // cached layout for the same range is reused). Fixture 2: free 4, gaps 2 → x = 0, 3, 9.
    @Test func relayoutReusesUnchangedLeaves() {
        let b = RecordingNode("B", 1, 1), c = RecordingNode("C", 2, 1), d = RecordingNode("D", 1, 1)
        b.style.flexShrink = 1
        let (a, stack) = fixture([b, c, d])
        _ = a.layout(within: exact(10, 1))
        let e = RecordingNode("E", 1, 1)
        c.intrinsicSize = Size(4, 1)
        stack.children = [b, c, e]
        for node in [b, c, d, e] { node.ranges = [] }
        a.ranges = []
        let laid = Laid(layout: a.layout(within: exact(10, 1)))
        #expect(a.ranges == [exact(10, 1)])
        #expect(b.ranges.isEmpty)
        #expect(c.ranges == [leafRange] && e.ranges == [leafRange])
        #expect(laid["B"] == rect(0, 0, 1, 1))
        #expect(laid["C"] == rect(3, 0, 4, 1))
        #expect(laid["E"] == rect(9, 0, 1, 1))
        #expect(laid["D"] == nil)
    }

    // Fact 35, the correct behaviour Texture's test documents as the goal: after the fixture-3 multipass layout,
    // B becomes 1×1; it is re-measured with {{0,0},{∞,1}} (not its stale {{7,0},{7,1}}) and A relays out to
    // fixture 1.
    @Test func invalidatedLeafIsRemeasuredWithItsOriginalRange() {
        let b = RecordingNode("B", 8, 1), c = RecordingNode("C", 2, 1), d = RecordingNode("D", 1, 1)
        b.style.flexShrink = 1
        let (a, _) = fixture([b, c, d])
        _ = a.layout(within: exact(10, 1))
        b.ranges = []
        b.intrinsicSize = Size(1, 1)
        let laid = Laid(layout: a.layout(within: exact(10, 1)))
        #expect(b.ranges == [leafRange])
        #expect(laid["B"] == rect(0, 0, 1, 1))
        #expect(laid["C"] == rect(4, 0, 2, 1))
        #expect(laid["D"] == rect(9, 0, 1, 1))
    }

    // Fact 34: measuring with 15×1 sets measuredSize 15×1 (computed with that range); a later pass at the
    // window's 10×1 replaces both and lays out fixture 1.
    @Test func laterPassReplacesAnOutdatedMeasurement() {
        let b = RecordingNode("B", 1, 1), c = RecordingNode("C", 2, 1), d = RecordingNode("D", 1, 1)
        let (a, _) = fixture([b, c, d])
        _ = a.layout(within: exact(15, 1))
        #expect(a.measuredSize == Size(15, 1))
        #expect(a.ranges.last == exact(15, 1))
        let laid = Laid(layout: a.layout(within: exact(10, 1)))
        #expect(a.measuredSize == Size(10, 1))
        #expect(a.ranges.last == exact(10, 1))
        #expect(laid["C"] == rect(4, 0, 2, 1))
        #expect(laid["D"] == rect(9, 0, 1, 1))
    }
}
