import Testing
import TextureLayout

/// The examples of the README and the DocC articles, run as written, with the geometry worked out by hand.
@Suite struct DocumentationExampleTests {
    @Test func overviewCard() {
        let photo = FixedSizeNode(intrinsicSize: Size(120, 80))
        let caption = FixedSizeNode(intrinsicSize: Size(300, 18))
        caption.style.flexShrink = 1
        let column = StackLayoutSpec(direction: .vertical, spacing: 4, alignItems: .start, children: [photo, caption])
        let card = DisplayNode()
        card.layoutSpecBlock = { _, _ in InsetLayoutSpec(insets: EdgeInsets(all: 8), child: column) }

        let layout = card.layout(within: SizeRange(min: .zero, max: Size(200, .infinity)))
        // Inset child range: width 0…184. Caption: clamped to 184. Column: 80 + 4 + 18 = 102 high, 184 wide.
        #expect(layout.size == Size(200, 118))
        let frames = layout.subnodeLayouts.map(\.frameInSupernode)
        #expect(frames == [Rect(x: 8, y: 8, width: 120, height: 80), Rect(x: 8, y: 92, width: 184, height: 18)])
    }

    @Test func relayoutAfterAnIntrinsicSizeChange() {
        let label = FixedSizeNode(intrinsicSize: Size(80, 20))
        let other = FixedSizeNode(intrinsicSize: Size(20, 20))
        let row = StackLayoutSpec(direction: .horizontal, spacing: 8, children: [label, other])
        let root = DisplayNode()
        root.layoutSpecBlock = { _, _ in row }
        let range = SizeRange(min: .zero, max: Size(320, .infinity))

        #expect(root.updateLayout(range).size == Size(108, 20))
        label.intrinsicSize = Size(120, 20)
        let (size, issues) = root.updateLayout(range)
        #expect(size == Size(148, 20))
        #expect(issues.isEmpty)
        // The result equals a fresh tree's.
        #expect(
            root.layout(within: range).allLayouts.map(\.frameInRoot)
                == [
                    Rect(x: 0, y: 0, width: 148, height: 20), Rect(x: 0, y: 0, width: 148, height: 20),
                    Rect(x: 0, y: 0, width: 120, height: 20), Rect(x: 128, y: 0, width: 20, height: 20),
                ])
    }
}

extension DocumentationExampleTests {
    // The article "Right to left": in a 100-wide root the leaves sit at 0 and 15 left to right; mirrored, at
    // 100 − 0 − 10 = 90 and 100 − 15 − 20 = 65.
    @Test func rightToLeftArticle() {
        let root = DisplayNode()
        root.layoutSpecBlock = { _, _ in
            StackLayoutSpec(
                direction: .horizontal, spacing: 5,
                children: [FixedSizeNode(intrinsicSize: Size(10, 10)), FixedSizeNode(intrinsicSize: Size(20, 10))])
        }
        let layout = root.layout(within: SizeRange(exactly: Size(100, 10)), direction: .rightToLeft)
        #expect(
            layout.subnodeLayouts.map(\.frameInSupernode)
                == [Rect(x: 90, y: 0, width: 10, height: 10), Rect(x: 65, y: 0, width: 20, height: 10)])
    }
}
