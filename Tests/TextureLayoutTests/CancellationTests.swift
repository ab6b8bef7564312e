import Testing
@testable import TextureLayout

/// A pass given a ``LayoutCancellation`` stops early once it is set, and leaves the tree fit for another pass.
@Suite struct CancellationTests {
    /// A leaf that sets the flag when it is measured the `trigger`-th time, as a server's timer would mid-pass.
    private final class TriggerNode: FixedSizeNode {
        let cancellation: LayoutCancellation
        let counter: Counter

        final class Counter { var count = 0 }

        init(_ cancellation: LayoutCancellation, _ counter: Counter, trigger: Int) {
            self.cancellation = cancellation
            self.counter = counter
            self.trigger = trigger
            super.init(intrinsicSize: Size(10, 10))
        }

        let trigger: Int

        override func calculateSizeThatFits(_ constrainedSize: Size) -> Size {
            counter.count += 1
            if counter.count == trigger { cancellation.cancel() }
            return super.calculateSizeThatFits(constrainedSize)
        }
    }

    /// 3,000 10 x 10 leaves in a vertical stack: the stack is 10 wide and 30,000 tall, leaf i at y = 10 i.
    private func column(_ cancellation: LayoutCancellation, trigger: Int) -> (DisplayNode, TriggerNode.Counter) {
        let counter = TriggerNode.Counter()
        let leaves = (0..<3000).map { index in
            styled("leaf\(index)", TriggerNode(cancellation, counter, trigger: trigger))
        }
        return (node(StackLayoutSpec.vertical(children: leaves)), counter)
    }

    @Test func aSetFlagStopsThePassBeforeItStarts() {
        let cancellation = LayoutCancellation()
        cancellation.cancel()
        let (root, counter) = column(cancellation, trigger: 0)
        #expect(root.layout(within: range(0, 0, 100, inf), cancellation: cancellation) == nil)
        #expect(counter.count == 0)
    }

    // Set while the 100th leaf is measured, the pass notices at its next check (every 1,024 computations) and
    // measures no more leaves: far fewer than the 3,000 a full pass measures.
    @Test func aFlagSetMidPassStopsItAtTheNextCheck() {
        let cancellation = LayoutCancellation()
        let (root, counter) = column(cancellation, trigger: 100)
        #expect(root.layout(within: range(0, 0, 100, inf), cancellation: cancellation) == nil)
        #expect(counter.count < Int(LayoutCancellation.checkInterval) + 10)
        #expect(counter.count >= 100)
    }

    // The stopped pass cached nothing that depends on skipped work: a new pass gives the full result. A vertical
    // stack in [0, 100] x [0, inf] measures each 10 x 10 leaf as 10 x 10, its cross size is the widest child
    // (10), so stretching leaves them 10 wide; leaf i sits at y = 10 i and the stack is 10 x 30,000.
    @Test func theTreeLaysOutCorrectlyAfterAStoppedPass() {
        let cancellation = LayoutCancellation()
        let (root, _) = column(cancellation, trigger: 100)
        #expect(root.layout(within: range(0, 0, 100, inf), cancellation: cancellation) == nil)
        let laid = Laid(layout: root.layout(within: range(0, 0, 100, inf)))
        #expect(laid.size == Size(10, 30000))
        #expect(laid["leaf0"] == rect(0, 0, 10, 10))
        #expect(laid["leaf1500"] == rect(0, 15000, 10, 10))
        #expect(laid["leaf2999"] == rect(0, 29990, 10, 10))
    }

    // Set while the last of the 3,000 leaves is measured, after the pass's last check: the pass ends, but the walk
    // over its result (the tree of 3,002 entries that ``Layout`` keeps) sees the flag at its first check.
    @Test func aFlagSetAfterThePassStopsTheWalkOverItsResult() {
        let cancellation = LayoutCancellation()
        let (root, counter) = column(cancellation, trigger: 3000)
        #expect(root.layout(within: range(0, 0, 100, inf), cancellation: cancellation) == nil)
        #expect(counter.count == 3000)
        var visited = 0
        #expect(
            !root.walkLayout(direction: .leftToRight, grid: PixelGrid(scale: 2), cancellation: cancellation) { _ in
                visited += 1
            })
        #expect(visited == 0)
        // Unset, the walk meets the root node, its stack and every leaf.
        #expect(root.walkLayout(direction: .leftToRight, grid: PixelGrid(scale: 2)) { _ in visited += 1 })
        #expect(visited == 3002)
    }

    @Test func aSetFlagStopsAnUpdatingPass() {
        let cancellation = LayoutCancellation()
        cancellation.cancel()
        let (root, counter) = column(cancellation, trigger: 0)
        // Its first computation, the root's, is skipped: the size is nobody's (zero), no leaf is measured.
        #expect(root.updateLayout(range(0, 0, 100, inf), cancellation: cancellation).size == Size(0, 0))
        #expect(counter.count == 0)
        #expect(root.updateLayout(range(0, 0, 100, inf)).size == Size(10, 30000))
        #expect(counter.count == 3000)
    }

    @Test func anUnsetFlagChangesNothing() {
        let cancellation = LayoutCancellation()
        let (root, counter) = column(cancellation, trigger: -1)
        let layout = root.layout(within: range(0, 0, 100, inf), cancellation: cancellation)
        #expect(layout?.size == Size(10, 30000))
        #expect(counter.count == 3000)
    }
}
