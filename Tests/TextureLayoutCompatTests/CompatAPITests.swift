// The compat layer's own API: Texture's way of reading a layout back (ASLayout, flattening, nested nodes,
// positions), subnodes, the pixel scale, CoreGraphics interop and the Objective-C-style names.

import Testing
import TextureLayoutCompat

/// A node whose spec centres a text node in a horizontal stack, used inside another node.
final class BadgeNode: ASDisplayNode {
    let label = ASTextNode(21, 10)

    override init() {
        super.init()
        automaticallyManagesSubnodes = true
    }

    override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        ASStackLayoutSpec(
            direction: .horizontal, spacing: 0, justifyContent: .center, alignItems: .center,
            children: [label])
    }
}

/// A node holding a nested node and a text node, inset by fractional amounts.
final class CardNode: ASDisplayNode {
    let badge = BadgeNode()
    let title = ASTextNode(30, 12)

    override init() {
        super.init()
        automaticallyManagesSubnodes = true
    }

    override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        badge.style.preferredSize = CGSize(width: 50, height: 20)
        let column = ASStackLayoutSpec.vertical()
        column.alignItems = .start
        column.children = [badge, title]
        return ASInsetLayoutSpec(insets: UIEdgeInsets(top: 0.3, left: 0.3, bottom: 0, right: 0), child: column)
    }
}

@Suite("TextureLayoutCompat API")
struct CompatAPITests {
    @Test("A node's ASLayout: null root position, flattened node sublayouts, frame(for:)")
    func flattenedLayout() {
        let card = CardNode()
        let layout = card.layoutThatFits(range(0, 0, 200, 200))
        // Inset spec (§4.3): the column at (0.3, 0.3). Column (vertical, alignItems start): badge 50×20 at y 0,
        // title 30×12 at y 20; size 50×32. Inset size Clamp(50.3, 32.3) → ceiled at scale 2: 50.5×32.5.
        // Flattening (§6.2): node positions are ceilPx of the accumulated offsets: (0.3, 0.3) → (0.5, 0.5) and
        // (0.3, 20.3) → (0.5, 20.5).
        #expect(layout.type == .displayNode)
        #expect(layout.layoutElement === card)
        #expect(CGPointIsNull(layout.position))
        #expect(layout.frame == rect(0, 0, 50.5, 32.5))
        #expect(layout.size == CGSize(width: 50.5, height: 32.5))
        #expect(layout.sublayoutFrames == [rect(0.5, 0.5, 50, 20), rect(0.5, 20.5, 30, 12)])
        #expect(layout.sublayouts.allSatisfy { $0.sublayouts.isEmpty && $0.type == .displayNode })
        #expect(layout.frame(for: card.title) == rect(0.5, 20.5, 30, 12))
        #expect(layout.frame(for: card.badge.label).isNull)
        // Automatic subnode management, for the card and for the nested badge.
        #expect(card.subnodes.count == 2)
        #expect(card.subnodes.first === card.badge)
        #expect(card.subnodes.last === card.title)
        #expect(card.badge.supernode === card)
        #expect(card.badge.subnodes.first === card.badge.label)
    }

    @Test("A nested node's calculated layout holds its own subnodes, relative to it")
    func nestedCalculatedLayout() {
        let card = CardNode()
        _ = card.layoutThatFits(range(0, 0, 200, 200))
        let badgeLayout = card.badge.calculatedLayout
        // The badge is measured exactly 50×20 (its preferred size within the column's 0…200 range). Its stack
        // centres the 21×10 label: x offset 29/2 = 14.5 (justify center is not rounded, §5.10), y =
        // floorPx((20 − 10)/2) = 5. Flattened: ceilPx(14.5) = 14.5.
        #expect(badgeLayout?.size == CGSize(width: 50, height: 20))
        #expect(badgeLayout?.sublayoutFrames == [rect(14.5, 5, 21, 10)])
        #expect(card.calculatedLayout?.sublayoutFrames == [rect(0.5, 0.5, 50, 20), rect(0.5, 20.5, 30, 12)])
        // At scale 1: the label's x within the badge is ceilPx(14.5) = 15; the badge's within the card ceilPx(0.3)
        // = 1 (§6.2: rounding happens at each node boundary).
        let coarse = card.layoutThatFits(range(0, 0, 200, 200), scale: 1)
        #expect(coarse.sublayoutFrames == [rect(1, 1, 50, 20), rect(1, 21, 30, 12)])
        #expect(card.badge.calculatedLayout?.sublayoutFrames == [rect(15, 5, 21, 10)])
    }

    @Test("A spec's ASLayout keeps the spec tree and unrounded positions")
    func specLayout() {
        let text = ASTextNode(50, 10)
        let stack = ASStackLayoutSpec(
            direction: .horizontal, spacing: 0, justifyContent: .center,
            alignItems: .start, children: [text])
        // §5.10: exact width 101, one 50-wide child: offset (101 − 50)/2 = 25.5, stored unrounded even at scale 1.
        let layout = stack.layoutThatFits(ASSizeRangeMake(CGSize(width: 101, height: 10)), scale: 1)
        #expect(layout.type == .layoutSpec)
        #expect(layout.size == CGSize(width: 101, height: 10))
        #expect(layout.sublayouts.map(\.position) == [CGPoint(x: 25.5, y: 0)])
        #expect(layout.sublayouts.first?.layoutElement === text)
        // The same stack inside a node: the flattened position is ceiled, 26 at scale 1.
        let node = ASDisplayNode()
        node.layoutSpecBlock = { _, _ in stack }
        let flattened = node.layoutThatFits(ASSizeRangeMake(CGSize(width: 101, height: 10)), scale: 1)
        #expect(flattened.sublayoutFrames == [rect(26, 0, 50, 10)])
        #expect(
            ASCalculateRootLayout(node, ASSizeRangeMake(CGSize(width: 101, height: 10))).sublayoutFrames
                == [rect(25.5, 0, 50, 10)])
    }

    @Test("Subnodes: addSubnode, moving between supernodes, removeFromSupernode")
    func subnodes() {
        let a = ASDisplayNode(), b = ASDisplayNode(), child = ASDisplayNode()
        a.addSubnode(child)
        #expect(a.subnodes.count == 1 && child.supernode === a)
        b.addSubnode(child)
        #expect(a.subnodes.isEmpty && b.subnodes.first === child && child.supernode === b)
        child.removeFromSupernode()
        #expect(b.subnodes.isEmpty && child.supernode == nil)
        a.addSubnode(a)
        #expect(a.subnodes.isEmpty)
        #expect(!a.automaticallyManagesSubnodes)
    }

    @Test("Automatic subnode management drops nodes that leave the layout")
    func automaticSubnodesFollowLayout() {
        let first = ASTextNode(10, 10), second = ASTextNode(10, 10)
        let node = ASDisplayNode()
        node.automaticallyManagesSubnodes = true
        var showSecond = true
        node.layoutSpecBlock = { _, _ in
            ASStackLayoutSpec(
                direction: .vertical, spacing: 0, justifyContent: .start, alignItems: .start,
                children: showSecond ? [first, second] : [first])
        }
        _ = node.layoutThatFits(range(0, 0, 100, 100))
        #expect(node.subnodes.count == 2 && second.supernode === node)
        showSecond = false
        node.invalidateCalculatedLayout()
        #expect(node.calculatedLayout == nil)
        let layout = node.layoutThatFits(range(0, 0, 100, 100))
        #expect(layout.sublayoutFrames == [rect(0, 0, 10, 10)])
        #expect(node.subnodes.count == 1 && node.subnodes.first === first)
        #expect(second.supernode == nil)
    }

    @Test("calculateSizeThatFits(_: CGSize) receives only the max and is clamped to the range")
    func calculateSizeThatFits() {
        final class Probe: ASDisplayNode {
            var received: [CGSize] = []
            override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
                received.append(constrainedSize)
                return CGSize(width: 33.3, height: 500)
            }
        }
        let probe = Probe()
        let layout = probe.layoutThatFits(range(40, 0, 120, 90))
        // §3.2 case 1: the node is given (120, 90) and its answer clamped to 40…120 × 0…90 = (40, 90).
        #expect(probe.received == [CGSize(width: 120, height: 90)])
        #expect(layout.size == CGSize(width: 40, height: 90))
        // A plain node takes its max when both are bounded, else its min (§3.2).
        #expect(ASDisplayNode().layoutThatFits(range(0, 0, 320, 100)).size == CGSize(width: 320, height: 100))
        #expect(
            ASDisplayNode().layoutThatFits(range(320, 0, 320, .infinity)).size
                == CGSize(width: 320, height: 0))
        // §8.11: an intrinsic width of 33.3333 is 33.5 at scale 2 and 33.3333… at scale 3.
        let text = ASTextNode(33.3333, 10)
        #expect(text.layoutThatFits(range(0, 0, 100, 100)).size.width == 33.5)
        #expect(text.layoutThatFits(range(0, 0, 100, 100), scale: 3).size.width == CGFloat(100.0 / 3))
    }

    @Test("The default pixel scale is 2")
    func defaultScale() {
        #expect(ASScreenScale() == 2)
        let text = ASTextNode(10.2, 10.7)
        // ceil at scale 2: 10.2 → 10.5, 10.7 → 11.
        #expect(text.layoutThatFits(range(0, 0, 100, 100)).size == CGSize(width: 10.5, height: 11))
        #expect(text.layoutThatFits(range(0, 0, 100, 100), scale: 4).size == CGSize(width: 10.25, height: 10.75))
    }

    @Test("Re-laying out a tree at another scale gives that scale's sizes")
    func scaleChangeBetweenPasses() {
        let text = ASTextNode(10.2, 10)
        let wrapper = ASWrapperLayoutSpec(layoutElement: text)
        #expect(wrapper.layoutThatFits(range(0, 0, 100, 100)).size.width == 10.5)
        #expect(wrapper.layoutThatFits(range(0, 0, 100, 100), scale: 1).size.width == 11)
        #expect(wrapper.layoutThatFits(range(0, 0, 100, 100)).size.width == 10.5)
        // The engine's own entry point: its cache keys include the scale, so a pass at another scale measures anew.
        let plain = FixedSizeNode(intrinsicSize: Size(width: 10.2, height: 10))
        let bounds = SizeRange(min: .zero, max: Size(width: 100, height: 100))
        let fine = plain.layout(within: bounds, scale: 2)
        let coarse = plain.layout(within: bounds, scale: 1)
        #expect(fine.size.width == 10.5)
        #expect(coarse.size.width == 11)
    }

    @Test("layoutThatFits(_:parentSize:) resolves percentages against the given parent size")
    func parentSize() {
        let node = ASDisplayNode()
        node.style.width = ASDimensionMake("50%")
        let layout = node.layoutThatFits(range(0, 0, 300, 100), parentSize: CGSize(width: 80, height: 100))
        #expect(layout.size == CGSize(width: 40, height: 100))
        #expect(
            ASCalculateLayout(node, range(0, 0, 300, 100), CGSize(width: 80, height: 100)).size
                == CGSize(width: 40, height: 100))
        // Without a parent size, percentages resolve against the range's max (§3.1): 150.
        #expect(node.layoutThatFits(range(0, 0, 300, 100)).size == CGSize(width: 150, height: 100))
    }

    @Test("ASSizeRange functions")
    func sizeRangeFunctions() {
        // §1.3 examples.
        let a = range(0, 0, 10, 10), b = range(7, 7, 15, 15)
        #expect(ASSizeRangeIntersect(a, b) == range(7, 7, 10, 10))
        #expect(ASSizeRangeIntersect(range(0, 0, 5, 5), range(10, 10, 15, 15)) == range(5, 5, 5, 5))
        #expect(ASSizeRangeIntersect(range(10, 10, 15, 15), range(0, 0, 5, 5)) == range(10, 10, 10, 10))
        #expect(ASSizeRangeClamp(range(10, 10, 20, 20), CGSize(width: 5, height: 25)) == CGSize(width: 10, height: 20))
        #expect(ASSizeRangeClamp(range(30, 0, 20, 5), CGSize(width: 25, height: 25)) == CGSize(width: 30, height: 5))
        #expect(ASSizeRangeEqualToSizeRange(ASSizeRangeZero, range(0, 0, 0, 0)))
        #expect(ASSizeRangeUnconstrained == range(0, 0, .infinity, .infinity))
        #expect(ASSizeRangeHasSignificantArea(range(0, 0, 0.2, 0.2)))
        #expect(!ASSizeRangeHasSignificantArea(range(0, 0, 0.2, 0.1)))
        let r = ASSizeRange(min: CGSize(width: 1, height: 2), max: CGSize(width: 3, height: 4))
        #expect(r.min.width == 1 && r.max.height == 4)
        // Engine sizes are accepted too, and `.zero` picks the CoreGraphics overload.
        #expect(ASSizeRangeMake(r.max) == range(3, 4, 3, 4))
        #expect(ASSizeRangeMake(.zero, r.max) == range(0, 0, 3, 4))
        #expect(ASSizeRangeMake(.zero, CGSize(width: 3, height: 4)) == range(0, 0, 3, 4))
        // §0.5 validity.
        #expect(ASPointsValidForSize(9_999_999) && !ASPointsValidForSize(10_000_000))
        #expect(!ASPointsValidForSize(.infinity) && !ASPointsValidForSize(-1) && !ASPointsValidForSize(.nan))
        #expect(ASPointsValidForLayout(1e300) && !ASPointsValidForLayout(.infinity))
        #expect(ASIsCGSizeValidForSize(CGSize(width: 1, height: 2)))
        #expect(!ASIsCGSizeValidForLayout(CGSize(width: 1, height: CGFloat.infinity)))
    }

    @Test("CoreGraphics interop: CGFloat mixes with Double, CGSize/CGPoint/CGRect convert")
    func coreGraphicsInterop() {
        let size = Size(width: 1.5, height: 2)
        let cg = CGSize(size)
        #expect(cg == CGSize(width: 1.5, height: 2))
        #expect(Size(cg) == size)
        #expect(CGPoint(Point(x: 1, y: 2)) == CGPoint(x: 1, y: 2))
        #expect(Point(CGPoint(x: 1, y: 2)) == Point(x: 1, y: 2))
        #expect(Rect(CGRect(x: 1, y: 2, width: 3, height: 4)) == Rect(x: 1, y: 2, width: 3, height: 4))
        #expect(CGRect(Rect(x: 1, y: 2, width: 3, height: 4)) == CGRect(x: 1, y: 2, width: 3, height: 4))
        let width: CGFloat = 12
        let style: ASLayoutElementStyle = {
            var style = Style()
            style.flexGrow = width  // CGFloat into a Double property
            style.spacingBefore = width / 4
            style.minSize = CGSize(width: 5, height: 6)
            style.maxSize = CGSize(width: 50, height: 60)
            style.layoutPosition = CGPoint(x: 7, y: 8)
            return style
        }()
        #expect(style.flexGrow == 12 && style.spacingBefore == 3)
        #expect(style.minWidth == .points(5) && style.minHeight == .points(6))
        #expect(style.maxSize == CGSize(width: 50, height: 60))
        #expect(style.layoutPosition == CGPoint(x: 7, y: 8))
        // The engine's Size-typed properties stay reachable with a module selector.
        #expect(style.TextureLayout::layoutPosition == Point(x: 7, y: 8))
        var fractional = Style()
        fractional.width = ASDimensionMake("50%")
        fractional.height = ASDimensionMakeWithPoints(3)
        #expect(fractional.preferredSize == CGSize.zero)
    }

    @Test("Objective-C-style option and enum names")
    func objectiveCStyleNames() {
        #expect(ASCenterLayoutSpecCenteringOptions.XY == [.X, .Y])
        #expect(ASCenterLayoutSpecCenteringOptions.XY == .xy)
        #expect(ASCenterLayoutSpecSizingOptions.minimumXY == [.minimumX, .minimumY])
        #expect(ASRelativeLayoutSpecSizingOption.minimumSize == [.minimumWidth, .minimumHeight])
        let stack = ASStackLayoutSpec()
        #expect(stack.direction == .horizontal && stack.alignItems == .stretch && stack.justifyContent == .start)
        stack.justifyContent = .spaceBetween
        stack.alignContent = .spaceAround
        stack.flexWrap = .wrap
        let directions: [ASStackLayoutDirection] = [.vertical, .horizontal]
        let alignments: [ASStackLayoutAlignItems] = [.start, .end, .center, .stretch, .baselineFirst, .baselineLast]
        let selves: [ASStackLayoutAlignSelf] = [.auto, .start, .end, .center, .stretch]
        let positions: [ASRelativeLayoutSpecPosition] = [.none, .start, .center, .end]
        let corners: [ASCornerLayoutLocation] = [.topLeft, .topRight, .bottomLeft, .bottomRight]
        let sizings: [ASAbsoluteLayoutSpecSizing] = [.default, .sizeToFit]
        let horizontal: [ASHorizontalAlignment] = [.none, .left, .middle, .right]
        let vertical: [ASVerticalAlignment] = [.none, .top, .center, .bottom]
        #expect(
            directions.count + alignments.count + selves.count + positions.count + corners.count
                + sizings.count + horizontal.count + vertical.count == 31)
        #expect(ASStackLayoutSpec.vertical().direction == .vertical)
        #expect(ASLayoutSpec().layoutElementType == .layoutSpec)
        #expect(ASDisplayNode().layoutElementType == .displayNode)
    }

    @Test("Center spec with .minimumXY sizing (worked example 8.7)")
    func centerMinimumXY() {
        let child = ASDisplayNodeWithBackgroundColor(UIColor.green, CGSize(width: 70, height: 100))
        let node = ASDisplayNode()
        node.layoutSpecBlock = { _, _ in
            ASCenterLayoutSpec(centeringOptions: .XY, sizingOptions: .minimumXY, child: child)
        }
        let layout = node.layoutThatFits(range(100, 120, 320, 160))
        // §8.7: size Clamp(70×100) = 100×120, child at (15, 10).
        #expect(layout.size == CGSize(width: 100, height: 120))
        #expect(layout.sublayoutFrames == [rect(15, 10, 70, 100)])
    }

    @Test("Inset spec with an infinite left inset (worked example 8.6)")
    func infiniteInset() {
        let child = ASDisplayNodeWithBackgroundColor(UIColor.red, CGSize(width: 50, height: 50))
        let node = ASDisplayNode()
        node.layoutSpecBlock = { _, _ in
            ASInsetLayoutSpec(
                insets: UIEdgeInsets(top: 10, left: CGFloat.infinity, bottom: 10, right: 10),
                child: child)
        }
        let layout = node.layoutThatFits(range(0, 0, 300, 300))
        // §8.6: the spec takes C.max.w = 300; the child is pinned 10 from the right: x = 300 − (10 + 50) = 240.
        #expect(layout.size == CGSize(width: 300, height: 70))
        #expect(layout.sublayoutFrames == [rect(240, 10, 50, 50)])
    }

    @Test("Corner spec offset as a CGPoint (worked example 8.9)")
    func cornerOffset() {
        let child = ASDisplayNodeWithBackgroundColor(UIColor.blue, CGSize(width: 100, height: 100))
        let badge = ASDisplayNodeWithBackgroundColor(UIColor.red, CGSize(width: 20, height: 20))
        let corner = ASCornerLayoutSpec(child: child, corner: badge, location: .topRight)
        #expect(corner.offset == CGPoint.zero)
        corner.offset = CGPoint(x: -4, y: 0)
        #expect(corner.TextureLayout::offset == Point(x: -4, y: 0))
        let node = ASDisplayNode()
        node.layoutSpecBlock = { _, _ in corner }
        let layout = node.layoutThatFits(range(0, 0, 300, 300))
        // §4.10: without wrapsCorner the spec is the child's 100×100; the corner's centre on the top-right corner,
        // moved by the offset: (100 − 10 − 4, −10) = (86, −10).
        #expect(layout.size == CGSize(width: 100, height: 100))
        #expect(layout.sublayoutFrames == [rect(0, 0, 100, 100), rect(86, -10, 20, 20)])
    }
}
