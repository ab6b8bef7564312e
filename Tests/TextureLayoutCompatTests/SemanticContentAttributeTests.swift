// Texture's right-to-left flip through its own spellings: `semanticContentAttribute` on a node and the user
// interface direction of a pass.

import Testing
import TextureLayoutCompat

/// A leaf with a fixed intrinsic size.
private final class Leaf: ASDisplayNode {
    let size: CGSize

    init(_ width: CGFloat, _ height: CGFloat) {
        size = CGSize(width: width, height: height)
        super.init()
    }

    override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize { size }
}

/// `b` (10 × 10) inset by 5.2 on the left: 15.2 wide, ceiled to 15.5 at scale 2; `b` at ceil(5.2) = 5.5.
private final class InnerNode: ASDisplayNode {
    let b = Leaf(10, 10)

    override init() {
        super.init()
        automaticallyManagesSubnodes = true
    }

    override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        ASInsetLayoutSpec(insets: UIEdgeInsets(top: 0, left: 5.2, bottom: 0, right: 0), child: b)
    }
}

/// `a` (20 × 10) and `inner` in a horizontal stack inset by 0.3 on the left: the stack is 35.5 wide, the node
/// ceil(35.8) = 36. Flattened left to right: `a` at ceil(0.3) = 0.5, `inner` at ceil(20.3) = 20.5.
private final class OuterNode: ASDisplayNode {
    let a = Leaf(20, 10)
    let inner = InnerNode()

    override init() {
        super.init()
        automaticallyManagesSubnodes = true
    }

    override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        ASInsetLayoutSpec(
            insets: UIEdgeInsets(top: 0, left: 0.3, bottom: 0, right: 0),
            child: ASStackLayoutSpec(
                direction: .horizontal, spacing: 0, justifyContent: .start,
                alignItems: .start, children: [a, inner]))
    }
}

@Suite("semanticContentAttribute")
struct SemanticContentAttributeTests {
    private let ltrOuter = [rect(0.5, 0, 20, 10), rect(20.5, 0, 15.5, 10)]
    private let ltrInner = [rect(5.5, 0, 10, 10)]
    // Texture flips the ceiled positions: a at 36 − 0.5 − 20 = 15.5, inner at 36 − 20.5 − 15.5 = 0; b in inner at
    // 15.5 − 5.5 − 10 = 0.
    private let rtlOuter = [rect(15.5, 0, 20, 10), rect(0, 0, 15.5, 10)]
    private let rtlInner = [rect(0, 0, 10, 10)]

    private func layOut(
        _ outer: OuterNode, _ direction: UIUserInterfaceLayoutDirection
    )
        -> (outer: [CGRect], inner: [CGRect])
    {
        let layout = outer.layoutThatFits(range(0, 0, 100, 100), userInterfaceLayoutDirection: direction)
        #expect(layout.size == CGSize(width: 36, height: 10))
        return (layout.sublayoutFrames, outer.inner.calculatedLayout?.sublayoutFrames ?? [])
    }

    @Test("Left to right by default: nothing flips")
    func defaults() {
        let outer = OuterNode()
        #expect(outer.semanticContentAttribute == .unspecified)
        #expect(outer.layoutThatFits(range(0, 0, 100, 100)).sublayoutFrames == ltrOuter)
        #expect(outer.inner.calculatedLayout?.sublayoutFrames == ltrInner)
        #expect(layOut(outer, .leftToRight) == (ltrOuter, ltrInner))
    }

    @Test("An unspecified attribute follows a right-to-left interface, node by node")
    func unspecifiedFollowsTheInterface() {
        #expect(layOut(OuterNode(), .rightToLeft) == (rtlOuter, rtlInner))
    }

    @Test(
        "forceLeftToRight, playback and spatial never flip",
        arguments: [
            UISemanticContentAttribute.forceLeftToRight, .playback, .spatial,
        ])
    func leftToRightAttributes(attribute: UISemanticContentAttribute) {
        let outer = OuterNode()
        outer.inner.semanticContentAttribute = attribute
        #expect(layOut(outer, .rightToLeft) == (rtlOuter, ltrInner))
        outer.semanticContentAttribute = attribute
        #expect(layOut(outer, .rightToLeft) == (ltrOuter, ltrInner))
    }

    @Test("forceRightToLeft flips in a left-to-right interface; the subnode's own attribute decides for it")
    func forceRightToLeft() {
        let outer = OuterNode()
        outer.semanticContentAttribute = .forceRightToLeft
        #expect(layOut(outer, .leftToRight) == (rtlOuter, ltrInner))
        outer.inner.semanticContentAttribute = .forceRightToLeft
        #expect(layOut(outer, .leftToRight) == (rtlOuter, rtlInner))
    }
}

extension SemanticContentAttributeTests {
    @Test("Passes that name no direction run in the scoped user interface direction")
    func scopedUserInterfaceDirection() {
        let outer = OuterNode()
        #expect(ASDisplayNode.userInterfaceLayoutDirection == .leftToRight)
        ASDisplayNode.$userInterfaceLayoutDirection.withValue(.rightToLeft) {
            #expect(outer.layoutThatFits(range(0, 0, 100, 100)).sublayoutFrames == rtlOuter)
            #expect(outer.inner.calculatedLayout?.sublayoutFrames == rtlInner)
            #expect(
                outer.layoutThatFits(range(0, 0, 100, 100), parentSize: CGSize(width: 100, height: 100))
                    .sublayoutFrames == rtlOuter)
            // Applying the layout gives the subnodes their flipped frames.
            outer.frame = CGRect(x: 0, y: 0, width: 36, height: 10)
            outer.layoutIfNeeded()
            #expect(outer.a.frame == rtlOuter[0])
            #expect(outer.inner.frame == rtlOuter[1])
            // inner's own pass measures it exactly at its bounds rounded up to 16 × 10: b's range is exactly
            // 16 − 5.2 = 10.8 wide, 11 once ceiled, at ceil(5.2) = 5.5, flipped to 16 − 5.5 − 11 = −0.5.
            #expect(outer.inner.b.frame == rect(-0.5, 0, 11, 10))
        }
        #expect(outer.layoutThatFits(range(0, 0, 100, 100)).sublayoutFrames == ltrOuter)
    }
}
