// Seed 003, "Layout Specs": every Swift snippet, its statements verbatim, wrapped in the smallest node subclass
// (the `...` lines filled with the declarations and the `return` the snippet leaves out), laid out in a stated
// range and checked against frames worked out by hand from Texture's layout rules (the engine's DocC article LayoutRules.md) at the default pixel scale 2.

import Testing
import TextureLayoutCompat

// MARK: - ASWrapperLayoutSpec

/// "return a single subnode from layoutSpecThatFits:"
final class WrapperSubnodeNode: ASDisplayNode {
    let _subnode = ASImageNode(60, 40)

    // return a single subnode from layoutSpecThatFits:
    override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        return ASWrapperLayoutSpec(layoutElement: _subnode)
    }
}

/// "set a size (but not position)"
final class WrapperSizedSubnodeNode: ASDisplayNode {
    let _subnode = ASImageNode(60, 40)

    // set a size (but not position)
    override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        _subnode.style.preferredSize = CGSize(
            width: constrainedSize.max.width,
            height: constrainedSize.max.height / 2.0)
        return ASWrapperLayoutSpec(layoutElement: _subnode)
    }
}

// MARK: - ASStackLayoutSpec

final class StackNode: ASDisplayNode {
    let titleNode = ASTextNode(20, 16)
    let subtitleNode = ASTextNode(25, 33)

    override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        let mainStack = ASStackLayoutSpec(
            direction: .horizontal,
            spacing: 6.0,
            justifyContent: .start,
            alignItems: .center,
            children: [titleNode, subtitleNode])

        // Set some constrained size to the stack
        mainStack.style.minWidth = ASDimensionMakeWithPoints(60.0)
        mainStack.style.maxHeight = ASDimensionMakeWithPoints(40.0)

        return mainStack
    }
}

// MARK: - ASInsetLayoutSpec

final class InsetNode: ASDisplayNode {
    let textNode = ASTextNode(50.2, 20)

    override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        let insets = UIEdgeInsets(top: 10.0, left: 10.0, bottom: 10.0, right: 10.0)
        let headerWithInset = ASInsetLayoutSpec(insets: insets, child: textNode)
        return headerWithInset
    }
}

// MARK: - ASOverlayLayoutSpec and ASBackgroundLayoutSpec

final class OverlayNode: ASDisplayNode {
    override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        let backgroundNode = ASDisplayNodeWithBackgroundColor(UIColor.blue)
        let foregroundNode = ASDisplayNodeWithBackgroundColor(UIColor.red)
        return ASOverlayLayoutSpec(child: backgroundNode, overlay: foregroundNode)
    }
}

final class BackgroundNode: ASDisplayNode {
    override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        let backgroundNode = ASDisplayNodeWithBackgroundColor(UIColor.blue)
        let foregroundNode = ASDisplayNodeWithBackgroundColor(UIColor.red)

        return ASBackgroundLayoutSpec(child: foregroundNode, background: backgroundNode)
    }
}

// MARK: - ASCenterLayoutSpec, ASRatioLayoutSpec, ASRelativeLayoutSpec

final class CenterNode: ASDisplayNode {
    override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        let subnode = ASDisplayNodeWithBackgroundColor(UIColor.green, CGSize(width: 60.0, height: 100.0))
        let centerSpec = ASCenterLayoutSpec(centeringOptions: .XY, sizingOptions: [], child: subnode)
        return centerSpec
    }
}

final class RatioNode: ASDisplayNode {
    override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        // Half Ratio
        let subnode = ASDisplayNodeWithBackgroundColor(UIColor.green, CGSize(width: 100, height: 100.0))
        let ratioSpec = ASRatioLayoutSpec(ratio: 0.5, child: subnode)
        return ratioSpec
    }
}

final class RelativeNode: ASDisplayNode {
    override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        let backgroundNode = ASDisplayNodeWithBackgroundColor(UIColor.blue)
        let foregroundNode = ASDisplayNodeWithBackgroundColor(UIColor.red, CGSize(width: 70.0, height: 100.0))

        let relativeSpec = ASRelativeLayoutSpec(
            horizontalPosition: .start,
            verticalPosition: .start,
            sizingOption: [],
            child: foregroundNode)

        let backgroundSpec = ASBackgroundLayoutSpec(child: relativeSpec, background: backgroundNode)
        return backgroundSpec
    }
}

// MARK: - ASAbsoluteLayoutSpec

final class AbsoluteNode: ASDisplayNode {
    let guitarVideoNode = ASVideoNode()
    let nicCageVideoNode = ASVideoNode()
    let simonVideoNode = ASVideoNode()
    let hlsVideoNode = ASVideoNode()

    override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        let maxConstrainedSize = constrainedSize.max

        // Layout all nodes absolute in a static layout spec
        guitarVideoNode.style.layoutPosition = CGPoint.zero
        guitarVideoNode.style.preferredSize = CGSize(
            width: maxConstrainedSize.width, height: maxConstrainedSize.height / 3.0)

        nicCageVideoNode.style.layoutPosition = CGPoint(
            x: maxConstrainedSize.width / 2.0, y: maxConstrainedSize.height / 3.0)
        nicCageVideoNode.style.preferredSize = CGSize(
            width: maxConstrainedSize.width / 2.0, height: maxConstrainedSize.height / 3.0)

        simonVideoNode.style.layoutPosition = CGPoint(
            x: 0.0, y: maxConstrainedSize.height - (maxConstrainedSize.height / 3.0))
        simonVideoNode.style.preferredSize = CGSize(
            width: maxConstrainedSize.width / 2.0, height: maxConstrainedSize.height / 3.0)

        hlsVideoNode.style.layoutPosition = CGPoint(x: 0.0, y: maxConstrainedSize.height / 3.0)
        hlsVideoNode.style.preferredSize = CGSize(
            width: maxConstrainedSize.width / 2.0, height: maxConstrainedSize.height / 3.0)

        return ASAbsoluteLayoutSpec(children: [guitarVideoNode, nicCageVideoNode, simonVideoNode, hlsVideoNode])
    }
}

// MARK: - ASLayoutSpec as a spacer

final class SpacerNode: ASDisplayNode {
    let imageNode = ASImageNode(40, 40)
    let textNode = ASTextNode(60, 20)

    override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        let stack = ASStackLayoutSpec.horizontal()
        let spacer = ASLayoutSpec()
        spacer.style.flexGrow = 1.0

        stack.children = [imageNode, spacer, textNode]
        return stack
    }
}

// MARK: - Tests

@Suite("Seed 003: Layout Specs")
struct Seed003LayoutSpecTests {
    @Test("ASWrapperLayoutSpec returning a single subnode")
    func wrapperSubnode() {
        let node = WrapperSubnodeNode()
        // §4.2: the child is measured with the wrapper's range; the wrapper is max(C.min, child).
        let loose = node.layoutThatFits(range(0, 0, 200, 200))
        #expect(loose.size == CGSize(width: 60, height: 40))
        #expect(loose.sublayoutFrames == [rect(0, 0, 60, 40)])
        // With min width 100 the 60-wide image is clamped up to 100 (§3.2 case 1).
        let wide = node.layoutThatFits(range(100, 0, 200, 200))
        #expect(wide.size == CGSize(width: 100, height: 40))
        #expect(wide.sublayoutFrames == [rect(0, 0, 100, 40)])
        #expect(wide.sublayouts.first?.layoutElement === node._subnode)
    }

    @Test("ASWrapperLayoutSpec with a size taken from the constrained size; pixel-ceiled at scale 2")
    func wrapperSizedSubnode() {
        let node = WrapperSizedSubnodeNode()
        // preferredSize = (320, 241 / 2 = 120.5): the child's own range is exactly that, inside 0…320 × 0…241.
        // §3.6: sizes are ceiled to the pixel grid: at scale 2, ceil(120.5·2 − ε)/2 = 120.5.
        let layout = node.layoutThatFits(range(0, 0, 320, 241))
        #expect(layout.size == CGSize(width: 320, height: 120.5))
        #expect(layout.sublayoutFrames == [rect(0, 0, 320, 120.5)])
        // At scale 1 the same height is ceiled to 121.
        let coarse = node.layoutThatFits(range(0, 0, 320, 241), scale: 1)
        #expect(coarse.size == CGSize(width: 320, height: 121))
        #expect(coarse.sublayoutFrames == [rect(0, 0, 320, 121)])
    }

    @Test("ASStackLayoutSpec: horizontal, spacing 6, start, center, with the stack's own min width and max height")
    func stack() {
        let node = StackNode()
        let layout = node.layoutThatFits(range(0, 0, 300, 100))
        // §3.1: the stack's own style (minWidth 60, maxHeight 40) intersected with 0…300 × 0…100 gives
        // C = 60…300 × 0…40. alignItems center: children get cross 0…40; title 20×16, subtitle 25×33.
        // §5.6: sum 20 + 6 + 25 = 51 < 60, violation 9, no flexGrow: nothing grows. §5.7: cross not exact, line
        // cross = max(16, 33) = 33. §5.10: justify start: x = 0 and 20 + 6 = 26; center: title y =
        // floorPx((33 − 16)/2) = floorPx(8.5) = 8.5, subtitle y = 0. §5.11: size Clamp(C, 51×33) = 60×33.
        #expect(layout.size == CGSize(width: 60, height: 33))
        #expect(layout.sublayoutFrames == [rect(0, 8.5, 20, 16), rect(26, 0, 25, 33)])
        #expect(layout.sublayouts.map { $0.layoutElement === node.titleNode } == [true, false])
        // At scale 1, floorPx(8.5) = 8.
        let coarse = node.layoutThatFits(range(0, 0, 300, 100), scale: 1)
        #expect(coarse.sublayoutFrames == [rect(0, 8, 20, 16), rect(26, 0, 25, 33)])
    }

    @Test("ASInsetLayoutSpec with UIEdgeInsets of 10 on every side")
    func inset() {
        let node = InsetNode()
        let layout = node.layoutThatFits(range(0, 0, 300, 300))
        // §4.3: the child range is 0…280 × 0…280; the text's 50.2 width is ceiled to 50.5 at scale 2 (§3.6).
        // The spec is Clamp(C, (50.5 + 20, 20 + 20)) = 70.5×40, the child at (10, 10).
        #expect(layout.size == CGSize(width: 70.5, height: 40))
        #expect(layout.sublayoutFrames == [rect(10, 10, 50.5, 20)])
    }

    @Test("ASOverlayLayoutSpec: the overlay gets exactly the child's size, drawn on top")
    func overlay() {
        let node = OverlayNode()
        // The helper's nodes have width and height 0pt. §2.3: in an exact 150×150 range the constraint wins the
        // disjoint intersection, so the child is 150×150; §4.4: the overlay is measured exactly 150×150 too.
        let exact = node.layoutThatFits(ASSizeRangeMake(CGSize(width: 150, height: 150)))
        #expect(exact.size == CGSize(width: 150, height: 150))
        #expect(exact.sublayoutFrames == [rect(0, 0, 150, 150), rect(0, 0, 150, 150)])
        #expect(exact.sublayouts.map { ($0.layoutElement as? ASDisplayNode)?.backgroundColor } == [.blue, .red])
        // In 0…150 both ranges overlap at 0, so the 0pt style wins and everything is 0×0.
        let loose = node.layoutThatFits(range(0, 0, 150, 150))
        #expect(loose.size == CGSize.zero)
        #expect(loose.sublayoutFrames == [rect(0, 0, 0, 0), rect(0, 0, 0, 0)])
    }

    @Test("ASBackgroundLayoutSpec: the background is drawn first, at the child's size")
    func background() {
        let node = BackgroundNode()
        let layout = node.layoutThatFits(ASSizeRangeMake(CGSize(width: 100, height: 80)))
        // §4.5: the child (red) takes the exact range, 100×80; the background (blue) is measured exactly 100×80;
        // sublayouts are background first.
        #expect(layout.size == CGSize(width: 100, height: 80))
        #expect(layout.sublayoutFrames == [rect(0, 0, 100, 80), rect(0, 0, 100, 80)])
        #expect(layout.sublayouts.map { ($0.layoutElement as? ASDisplayNode)?.backgroundColor } == [.blue, .red])
    }

    @Test("ASCenterLayoutSpec centering .XY with default sizing []")
    func center() {
        let node = CenterNode()
        // §4.6/4.7: bounded axes take C.max = 321×160; the 60×100 child sits at
        // (roundPx((321 − 60)/2), roundPx((160 − 100)/2)) = (130.5, 30) at scale 2.
        let layout = node.layoutThatFits(range(100, 120, 321, 160))
        #expect(layout.size == CGSize(width: 321, height: 160))
        #expect(layout.sublayoutFrames == [rect(130.5, 30, 60, 100)])
        // At scale 1, roundPx(130.5) rounds half away from zero: 131.
        let coarse = node.layoutThatFits(range(100, 120, 321, 160), scale: 1)
        #expect(coarse.sublayoutFrames == [rect(131, 30, 60, 100)])
    }

    @Test("ASRatioLayoutSpec with ratio 0.5")
    func ratio() {
        let node = RatioNode()
        // §4.8 (worked example 8.8): candidates (100, 50) and (100, 100); the first matches the ratio. The child is
        // measured exactly 100×50, which beats its own 100×100 style; the spec takes the child's size.
        let square = node.layoutThatFits(range(0, 0, 100, 100))
        #expect(square.size == CGSize(width: 100, height: 50))
        #expect(square.sublayoutFrames == [rect(0, 0, 100, 50)])
        // Max 75×200: candidate A = (75, floorPx(37.5)) = (75, 37.5) at scale 2, B = (75, 200): A is exact.
        let narrow = node.layoutThatFits(range(0, 0, 75, 200))
        #expect(narrow.size == CGSize(width: 75, height: 37.5))
        #expect(narrow.sublayoutFrames == [rect(0, 0, 75, 37.5)])
        // At scale 1, floorPx(37.5) = 37.
        let coarse = node.layoutThatFits(range(0, 0, 75, 200), scale: 1)
        #expect(coarse.size == CGSize(width: 75, height: 37))
    }

    @Test("ASRelativeLayoutSpec at start/start inside an ASBackgroundLayoutSpec")
    func relative() {
        let node = RelativeNode()
        // §4.6: a bounded range gives the relative spec C.max = 200×150; the 70×100 child at (0, 0). §4.5: the
        // background is measured exactly 200×150 and comes first.
        let bounded = node.layoutThatFits(range(0, 0, 200, 150))
        #expect(bounded.size == CGSize(width: 200, height: 150))
        #expect(bounded.sublayoutFrames == [rect(0, 0, 200, 150), rect(0, 0, 70, 100)])
        #expect(bounded.sublayouts.map { ($0.layoutElement as? ASDisplayNode)?.backgroundColor } == [.blue, .red])
        // With an unbounded height the spec takes the child's height: 200×100.
        let tall = node.layoutThatFits(range(0, 0, 200, .infinity))
        #expect(tall.size == CGSize(width: 200, height: 100))
        #expect(tall.sublayoutFrames == [rect(0, 0, 200, 100), rect(0, 0, 70, 100)])
    }

    @Test("ASAbsoluteLayoutSpec with four positioned video nodes, thirds of the max height")
    func absolute() {
        let node = AbsoluteNode()
        let layout = node.layoutThatFits(range(0, 0, 300, 500))
        // §4.9: Default sizing on a bounded range: the spec is C.max = 300×500. Each child's own exact size lies
        // within its auto max (the max edge minus its position), so it gets that size: heights 500/3, ceiled at
        // scale 2 to 167 (§3.6). Node positions are ceiled when flattened (§6.2): 500/3 → 167 and
        // 500 − 500/3 = 333.33… → 333.5.
        #expect(layout.size == CGSize(width: 300, height: 500))
        #expect(
            layout.sublayoutFrames == [
                rect(0, 0, 300, 167),
                rect(150, 167, 150, 167),
                rect(0, 333.5, 150, 167),
                rect(0, 167, 150, 167),
            ])
        #expect(layout.frame(for: node.simonVideoNode) == rect(0, 333.5, 150, 167))
        // At scale 3 the thirds are representable: 500/3 and 1000/3.
        let fine = node.layoutThatFits(range(0, 0, 300, 500), scale: 3)
        let third = CGFloat(500.0 / 3), twoThirds = CGFloat(1000.0 / 3)
        #expect(
            fine.sublayoutFrames == [
                rect(0, 0, 300, third),
                rect(150, third, 150, third),
                rect(0, twoThirds, 150, third),
                rect(0, third, 150, third),
            ])
    }

    @Test("ASLayoutSpec as a spacer with flexGrow 1.0")
    func spacer() {
        let node = SpacerNode()
        let layout = node.layoutThatFits(range(300, 0, 300, 100))
        // §5.4: first pass image 40×40, spacer C.min = 0×0 (§4.1), text 60×20. §5.6: sum 100, violation
        // 300 − 100 = 200, only the spacer grows: floor(200) = 200. §5.7: line cross max(40, 0, 20) = 40.
        // §5.8: stretch re-measures the spacer (200×40) and the text (60×40). §5.10: x = 0, 40, 240.
        // The spacer is a spec, so the flattened layout has the two nodes only.
        #expect(layout.size == CGSize(width: 300, height: 40))
        #expect(layout.sublayoutFrames == [rect(0, 0, 40, 40), rect(240, 0, 60, 40)])
        #expect(layout.sublayouts.map { $0.layoutElement === node.imageNode } == [true, false])
        // Without a min width there is no violation: the spacer stays 0 wide and the stack is 100 wide.
        let loose = node.layoutThatFits(range(0, 0, 300, 100))
        #expect(loose.size == CGSize(width: 100, height: 40))
        #expect(loose.sublayoutFrames == [rect(0, 0, 40, 40), rect(40, 0, 60, 40)])
    }
}
