// The compat layer on large inputs: spec trees nested thousands of levels deep and nodes with thousands of
// automatically managed subnodes.

import Testing
import TextureLayoutCompat

@Suite("TextureLayoutCompat at scale")
struct CompatScaleTests {
    @Test("A 10,000-level spec tree's ASLayout is built and freed without recursing per level")
    func deepSpecTree() throws {
        let depth = 10_000
        let leaf = ASTextNode(30, 20)
        // Building and freeing the element tree recurses in the engine, so both happen on a large stack; the
        // ASLayout is built and freed on the test's own thread.
        var root: ASWrapperLayoutSpec? = withLargeStack {
            var spec = ASWrapperLayoutSpec(layoutElement: leaf)
            for _ in 1..<depth { spec = ASWrapperLayoutSpec(layoutElement: spec) }
            return spec
        }
        var layout: ASLayout? = root?.layoutThatFits(range(0, 0, 100, 100))
        var current = try #require(layout)
        #expect(current.layoutElement === root && CGPointIsNull(current.position))
        var levels = 0
        var singleChildren = true
        while let child = current.sublayouts.first {
            singleChildren = singleChildren && current.sublayouts.count == 1
            levels += 1
            current = child
        }
        #expect(singleChildren)
        #expect(levels == depth)
        #expect(current.layoutElement === leaf && current.size == CGSize(width: 30, height: 20))
        #expect(current.position == .zero)
        layout = nil
        withLargeStack { root = nil }
        #expect(layout == nil && root == nil)
    }

    @Test("A layout tree that is still referenced keeps its sublayouts when its root is freed")
    func sharedSublayoutsSurvive() throws {
        let inner = ASWrapperLayoutSpec(layoutElement: ASTextNode(5, 5))
        var layout: ASLayout? = ASWrapperLayoutSpec(layoutElement: ASWrapperLayoutSpec(layoutElement: inner))
            .layoutThatFits(range(0, 0, 100, 100))
        let middle = try #require(layout?.sublayouts.first)
        layout = nil
        #expect(middle.sublayouts.count == 1 && middle.sublayouts[0].layoutElement === inner)
        #expect(middle.sublayouts[0].sublayouts.first?.size == CGSize(width: 5, height: 5))
    }

    @Test("Automatic subnode management with 20,000 subnodes follows the layout, in order")
    func manySubnodes() {
        let count = 20_000
        let children = (0..<count).map { _ in ASTextNode(1, 1) }
        let node = ASDisplayNode()
        node.automaticallyManagesSubnodes = true
        var shown: [ASDisplayNode] = children
        node.layoutSpecBlock = { _, _ in ASAbsoluteLayoutSpec(children: shown) }
        let clock = ContinuousClock()
        let start = clock.now
        _ = node.layoutThatFits(range(0, 0, 100, 100))
        #expect(node.subnodes.count == count)
        #expect(zip(node.subnodes, children).allSatisfy { $0 === $1 })
        #expect(children.allSatisfy { $0.supernode === node })

        // Every other node leaves; the rest come back in reverse order.
        shown = stride(from: count - 1, through: 0, by: -2).map { children[$0] }
        node.invalidateCalculatedLayout()
        _ = node.layoutThatFits(range(0, 0, 100, 100))
        #expect(node.subnodes.count == count / 2)
        #expect(zip(node.subnodes, shown).allSatisfy { $0 === $1 })
        #expect(
            children.indices.allSatisfy { index in
                index % 2 == 1 ? children[index].supernode === node : children[index].supernode == nil
            })
        // With quadratic updates this test took about 30 seconds in a debug build; now about 0.3.
        #expect(clock.now - start < .seconds(10))
    }
}
