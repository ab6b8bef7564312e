import Testing
@testable import TextureLayout

/// Right-to-left passes and per-node directions. Texture (`ASDisplayNode+LayoutSpec.mm`, at the end of
/// `calculateLayoutThatFits:`) flattens a node's layout, which ceils each subnode's position to the pixel grid, and
/// then, when the node's `semanticContentAttribute` resolves to right to left against the user interface direction,
/// sets each flattened subnode's position to `node width − subnode width − x`, without rounding again. The expected
/// frames below apply that rule by hand to the left-to-right frames (derived from the specs' rules).
@Suite struct RightToLeftTests {
    /// A node with an absolute spec: each child at its `layoutPosition`, the spec as large as the node's range.
    private func absoluteNode(
        _ name: String, _ children: [LayoutElement],
        _ configure: (inout Style) -> Void = { _ in }
    ) -> DisplayNode {
        let spec = AbsoluteLayoutSpec(children: children)
        return styled(name, node(spec, name: name), configure)
    }

    private func positioned<E: LayoutElement>(_ element: E, _ x: Double, _ y: Double) -> E {
        element.style.layoutPosition = Point(x, y)
        return element
    }

    /// Three leaves 10, 20 and 30 wide with spacing 5 in a 100-wide root sit at x = 0, 15 and 40.
    private func row() -> (DisplayNode, [FixedSizeNode]) {
        let leaves = [fixed("a", 10, 10), fixed("b", 20, 10), fixed("c", 30, 10)]
        let stack = StackLayoutSpec(direction: .horizontal, spacing: 5, children: leaves)
        return (node(stack), leaves)
    }

    @Test func leftToRightIsTheDefault() {
        let (root, _) = row()
        let laid = Laid(layout: root.layout(within: exact(100, 10)))
        #expect(laid["a"] == rect(0, 0, 10, 10))
        #expect(laid["c"] == rect(40, 0, 30, 10))
        #expect(laid.layout.layoutDirection == .leftToRight)
        #expect(laid.layout.allLayouts.allSatisfy { $0.direction == .leftToRight })
    }

    // x' = 100 − x − w: a 90, b 100 − 15 − 20 = 65, c 100 − 40 − 30 = 30; y, sizes and the root unchanged.
    @Test func aRightToLeftPassMirrorsSubnodesWithinTheRoot() {
        let (root, _) = row()
        let laid = Laid(layout: root.layout(within: exact(100, 10), direction: .rightToLeft))
        #expect(laid.size == Size(100, 10))
        #expect(laid["root"] == rect(0, 0, 100, 10))
        #expect(laid["a"] == rect(90, 0, 10, 10))
        #expect(laid["b"] == rect(65, 0, 20, 10))
        #expect(laid["c"] == rect(30, 0, 30, 10))
        // Texture's flattened (flipped) view of the root.
        #expect(
            laid.layout.subnodeLayouts.map(\.frameInSupernode)
                == [rect(90, 0, 10, 10), rect(65, 0, 20, 10), rect(30, 0, 30, 10)])
        #expect(laid.layout.allLayouts.allSatisfy { $0.direction == .rightToLeft })
    }

    // An inset with left 10 gives the stack the range 90 × 10 at x = 10; its leaves sit at 10 and 25 in the root.
    // Mirrored in the 100-wide root: the stack at 100 − 10 − 90 = 0, a at 100 − 10 − 10 = 80, b at 100 − 25 − 20 =
    // 55. Relative to their parents, positions mirror within the parent: a in the 90-wide stack at 90 − 0 − 10.
    @Test func namedSpecsAndPositionsMirrorToo() {
        let stack = styled(
            "stack",
            StackLayoutSpec(
                direction: .horizontal, spacing: 5,
                children: [fixed("a", 10, 10), fixed("b", 20, 10)]))
        let inset = InsetLayoutSpec(insets: EdgeInsets(top: 0, left: 10, bottom: 0, right: 0), child: stack)
        let root = node(inset)
        let ltr = Laid(layout: root.layout(within: exact(100, 10)))
        #expect(ltr["stack"] == rect(10, 0, 90, 10))
        #expect(ltr["b"] == rect(25, 0, 20, 10))
        let rtl = Laid(layout: root.layout(within: exact(100, 10), direction: .rightToLeft))
        #expect(rtl["stack"] == rect(0, 0, 90, 10))
        #expect(rtl.inSupernode("stack") == rect(0, 0, 90, 10))
        #expect(rtl["a"] == rect(80, 0, 10, 10))
        #expect(rtl["b"] == rect(55, 0, 20, 10))
        #expect(rtl.entry("a")!.position == Point(80, 0))
        #expect(rtl.entry("b")!.position == Point(55, 0))
        #expect(rtl.entry("stack")!.position == Point(0, 0))
    }

    /// A 100 × 50 root whose absolute spec places a 40 × 20 node `inner` at (10.3, 0); `inner`'s own absolute spec
    /// places a 15 × 10 leaf at (3.2, 4.1). At scale 2 node positions are ceiled at each node: `inner` at 10.5, the
    /// leaf at (3.5, 4.5) in `inner`, so at (14, 4.5) in the root when nothing mirrors.
    private func nested(
        root rootDirection: ContentDirection, inner innerDirection: ContentDirection
    )
        -> (root: DisplayNode, inner: DisplayNode)
    {
        let inner = absoluteNode("inner", [positioned(fixed("leaf", 15, 10), 3.2, 4.1)]) {
            $0.preferredSize = Size(40, 20)
        }
        inner.contentDirection = innerDirection
        let root = node(AbsoluteLayoutSpec(children: [positioned(inner, 10.3, 0)]))
        root.contentDirection = rootDirection
        return (root, inner)
    }

    @Test func nestedNodesRoundBeforeMirroring() {
        let ltr = Laid(layout: nested(root: .inherit, inner: .inherit).root.layout(within: exact(100, 50)))
        #expect(ltr["inner"] == rect(10.5, 0, 40, 20))
        #expect(ltr["leaf"] == rect(14, 4.5, 15, 10))
        // Each node mirrors its ceiled subnode positions: inner at 100 − 10.5 − 40 = 49.5, the leaf at
        // 40 − 3.5 − 15 = 21.5 in inner, 71 in the root (= 100 − 14 − 15: mirroring every node mirrors the whole).
        // Mirroring before rounding would give ceil(49.7) + ceil(21.8) = 72.
        let rtl = Laid(
            layout: nested(root: .inherit, inner: .inherit).root
                .layout(within: exact(100, 50), direction: .rightToLeft))
        #expect(rtl["inner"] == rect(49.5, 0, 40, 20))
        #expect(rtl.inSupernode("leaf") == rect(21.5, 4.5, 15, 10))
        #expect(rtl["leaf"] == rect(71, 4.5, 15, 10))
        // The unrounded position of the leaf in inner's spec (40 wide) mirrors unrounded: 40 − 3.2 − 15.
        #expect(rtl.entry("leaf")!.position.x == 40 - 3.2 - 15)
    }

    // inner forces left to right inside a right-to-left pass: it is still mirrored within the root (49.5) but
    // keeps its leaf at 3.5, so the leaf is at 53 in the root.
    @Test func aNodeForcingLeftToRightInsideARightToLeftPass() {
        let laid = Laid(
            layout: nested(root: .inherit, inner: .leftToRight).root
                .layout(within: exact(100, 50), direction: .rightToLeft))
        #expect(laid["inner"] == rect(49.5, 0, 40, 20))
        #expect(laid["leaf"] == rect(53, 4.5, 15, 10))
        #expect(laid.entry("inner")!.direction == .rightToLeft)
        #expect(laid.entry("leaf")!.direction == .leftToRight)
    }

    // A node forcing right to left in a left-to-right pass mirrors only its own subnodes: inner stays at 10.5, the
    // leaf goes to 10.5 + 21.5 = 32.
    @Test func aNodeForcingRightToLeftInsideALeftToRightPass() {
        let laid = Laid(layout: nested(root: .inherit, inner: .rightToLeft).root.layout(within: exact(100, 50)))
        #expect(laid["inner"] == rect(10.5, 0, 40, 20))
        #expect(laid["leaf"] == rect(32, 4.5, 15, 10))
    }

    // Texture resolves each node's attribute against the user interface direction only: a node that inherits inside
    // a node forced right to left, in a left-to-right pass, lays its content out left to right.
    @Test func directionIsNotInheritedFromAncestors() {
        let laid = Laid(layout: nested(root: .rightToLeft, inner: .inherit).root.layout(within: exact(100, 50)))
        #expect(laid["inner"] == rect(49.5, 0, 40, 20))
        #expect(laid["leaf"] == rect(53, 4.5, 15, 10))
    }

    @Test func aRootForcingLeftToRightMirrorsNothingOfItsOwn() {
        let laid = Laid(
            layout: nested(root: .leftToRight, inner: .inherit).root
                .layout(within: exact(100, 50), direction: .rightToLeft))
        #expect(laid["inner"] == rect(10.5, 0, 40, 20))
        #expect(laid["leaf"] == rect(10.5 + 21.5, 4.5, 15, 10))
    }

    // A spec laid out as the root is in no node, so nothing mirrors it; nodes inside still mirror their content.
    @Test func aRootSpecIsNotMirrored() {
        let (_, inner) = nested(root: .inherit, inner: .inherit)
        let spec = AbsoluteLayoutSpec(children: [positioned(inner, 10.3, 0)])
        let laid = Laid(layout: spec.layout(within: exact(100, 50), direction: .rightToLeft))
        #expect(laid["inner"] == rect(10.5, 0, 40, 20))
        #expect(laid["leaf"] == rect(32, 4.5, 15, 10))
    }

    // Mirroring is applied when the result is built: a right-to-left pass after a left-to-right one measures
    // nothing again, and the left-to-right result that follows is the first one.
    @Test func directionLeavesCachesValid() {
        let leaf = RecordingNode("leaf", 15, 10)
        let root = node(StackLayoutSpec(direction: .horizontal, children: [leaf]))
        let first = namedFrames(root.layout(within: exact(100, 10)))
        #expect(leaf.ranges.count == 1)
        let mirrored = Laid(layout: root.layout(within: exact(100, 10), direction: .rightToLeft))
        #expect(mirrored["leaf"] == rect(85, 0, 15, 10))
        #expect(leaf.ranges.count == 1)
        root.contentDirection = .leftToRight
        #expect(namedFrames(root.layout(within: exact(100, 10), direction: .rightToLeft)) == first)
        #expect(leaf.ranges.count == 1)
    }

    @Test func resolution() {
        #expect(ContentDirection.inherit.resolved(in: .rightToLeft) == .rightToLeft)
        #expect(ContentDirection.inherit.resolved(in: .leftToRight) == .leftToRight)
        #expect(ContentDirection.leftToRight.resolved(in: .rightToLeft) == .leftToRight)
        #expect(ContentDirection.rightToLeft.resolved(in: .leftToRight) == .rightToLeft)
    }
}
