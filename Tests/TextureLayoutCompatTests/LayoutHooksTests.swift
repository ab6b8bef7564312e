// Applying a calculated layout: frames, the didLoad and layout hooks, and the range a layout pass measures with
// (ASDisplayNode+Layout.mm: __layout, _u_measureNodeWithBoundsIfNecessary, _locked_constrainedSizeForLayoutPass,
// _layoutSublayouts).

import Testing
import TextureLayoutCompat

/// A node that records its hooks, and the frames of its subnodes when `layout()` runs.
private class RecordingNode: ASDisplayNode {
    var events: [String] = []
    var subnodeFramesInLayout: [CGRect] = []

    override func didLoad() {
        super.didLoad()
        events.append("didLoad")
    }

    override func layout() {
        super.layout()
        events.append("layout")
        subnodeFramesInLayout = subnodes.map(\.frame)
    }
}

/// Inset 10 around a horizontal start-aligned stack of a 40×40 and a 60×20 node, 5 apart: the stack is
/// 40 + 5 + 60 = 105 wide and 40 high, the node 125×60; a at (10, 10), b at (10 + 45, 10).
private final class HookedCardNode: RecordingNode {
    let a = RecordingNode()
    let b = RecordingNode()

    override init() {
        super.init()
        automaticallyManagesSubnodes = true
        a.style.preferredSize = CGSize(width: 40, height: 40)
        b.style.preferredSize = CGSize(width: 60, height: 20)
    }

    override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        let row = ASStackLayoutSpec(
            direction: .horizontal, spacing: 5, justifyContent: .start, alignItems: .start,
            children: [a, b])
        return ASInsetLayoutSpec(insets: UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10), child: row)
    }
}

@Suite("Applying layouts: frames and hooks")
struct LayoutHooksTests {
    @Test func layoutSpecThatFitsIsNonOptional() {
        let card = HookedCardNode()
        let spec: ASLayoutSpec = card.layoutSpecThatFits(range(0, 0, 300, 300))
        #expect(spec is ASInsetLayoutSpec)
    }

    @Test func calculatedSizeIsACGSize() {
        let card = HookedCardNode()
        #expect(card.calculatedSize == .zero)
        _ = card.layoutThatFits(range(0, 0, 300, 300))
        let size: CGSize = card.calculatedSize
        #expect(size == CGSize(width: 125, height: 60))
        #expect(card.constrainedSizeForCalculatedLayout == range(0, 0, 300, 300))
    }

    @Test func applyingALayoutSetsEveryFrameBeforeTheLayoutHook() {
        let card = HookedCardNode()
        card.frame = CGRect(x: 5, y: 7, width: 0, height: 0)
        card.applyLayout(card.layoutThatFits(range(0, 0, 300, 300)))
        // The node keeps its origin and takes the layout's size; position is the centre (anchor point 0.5, 0.5).
        #expect(card.frame == rect(5, 7, 125, 60))
        #expect(card.bounds == rect(0, 0, 125, 60))
        #expect(card.position == CGPoint(x: 5 + 62.5, y: 7 + 30))
        #expect(card.a.frame == rect(10, 10, 40, 40))
        #expect(card.a.position == CGPoint(x: 30, y: 30))
        #expect(card.b.frame == rect(55, 10, 60, 20))
        // layout() saw the frames already set; each node loaded once, before its first layout().
        #expect(card.subnodeFramesInLayout == [rect(10, 10, 40, 40), rect(55, 10, 60, 20)])
        #expect(card.events == ["didLoad", "layout"])
        #expect(card.a.events == ["didLoad", "layout"])
        #expect(card.isNodeLoaded && card.b.isNodeLoaded)

        // A second pass lays out again but does not load again.
        card.layoutIfNeeded()
        #expect(card.events == ["didLoad", "layout", "layout"])
    }

    @Test func boundsOfAnotherSizeAreMeasuredExactly() {
        // Bounds 200×100 differ from the calculated 125×60, so the pass measures with exactly 200×100: the stack
        // gets 180×80 and keeps its children at the start.
        let card = HookedCardNode()
        card.applyLayout(card.layoutThatFits(range(0, 0, 300, 300)))
        card.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        card.layoutIfNeeded()
        #expect(card.calculatedSize == CGSize(width: 200, height: 100))
        #expect(card.constrainedSizeForCalculatedLayout == ASSizeRangeMake(CGSize(width: 200, height: 100)))
        #expect(card.b.frame == rect(55, 10, 60, 20))
    }

    @Test func firstLayoutPassMeasuresWithTheBounds() {
        // API fact 24 (Texture's testMeasureOnLayoutIfNotHappenedBefore): a styled 100×100 node and a button added
        // by hand, both with 100×100 frames and never measured, have calculatedSize 0×0; the first layout pass
        // measures each with its bounds as an exact range, so both become 100×100.
        let node = ASDisplayNode()
        node.style.width = ASDimensionMake(100)
        node.style.height = ASDimensionMake(100)
        let button = ASButtonNode()
        node.addSubnode(button)
        node.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        button.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        #expect(node.calculatedSize == .zero && button.calculatedSize == .zero)
        node.layoutIfNeeded()
        #expect(node.calculatedSize == CGSize(width: 100, height: 100))
        #expect(button.calculatedSize == CGSize(width: 100, height: 100))
    }

    @Test func zeroBoundsSkipTheLayoutPass() {
        // As in Texture, a node without a size is not laid out (nor loaded, here).
        let card = HookedCardNode()
        card.layoutIfNeeded()
        #expect(card.events.isEmpty)
        #expect(!card.isNodeLoaded)
    }

    @Test func onDidLoadRunsAfterDidLoadOrAtOnce() {
        let card = HookedCardNode()
        var order: [String] = []
        card.onDidLoad { node in order.append("block, loaded: \(node.isNodeLoaded)") }
        card.applyLayout(card.layoutThatFits(range(0, 0, 300, 300)))
        card.onDidLoad { _ in order.append("late block") }
        #expect(card.events.first == "didLoad")
        #expect(order == ["block, loaded: true", "late block"])
    }

    @Test func manualFramesInLayoutStay() {
        // The layout() hook is where Texture code sets frames by hand; a later pass sets the layout's frames again
        // first, then calls layout() again.
        final class ManualNode: ASDisplayNode {
            let child = ASDisplayNode()
            override init() {
                super.init()
                addSubnode(child)
            }
            override func layout() {
                super.layout()
                child.frame = CGRect(x: bounds.width - 20, y: 0, width: 20, height: bounds.height)
            }
        }
        let node = ManualNode()
        node.frame = CGRect(x: 0, y: 0, width: 100, height: 50)
        node.layoutIfNeeded()
        #expect(node.child.frame == rect(80, 0, 20, 50))
    }
}
