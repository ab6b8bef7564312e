// Seed 004, the older "Layout API Sizing" page: its Objective-C snippets in Swift spelling, through the
// deprecated names (ASRelativeDimension…, ASRelativeSize…, ASRelativeSizeRange…, ASStaticLayoutSpec and the
// stack-child properties on the element itself). They compile (without a warning: see Seed004Checks) and lay
// out with today's rules (layout rules §1.5 maps each old name to the new one).
//
// One difference from the 1.x era is deliberate: a stack's default alignItems is stretch (2.0), not start (1.x).

import Testing
import TextureLayoutCompat

/// PIPlaceSingleDetailNode of seed 004: two children of a horizontal stack share its width 40 / 60 through the
/// pre-`style` flexBasis property.
@available(*, deprecated, message: "exercises the deprecated names on purpose")
final class PlaceSingleDetailNode: ASDisplayNode {
    let titleLabel = ASTextNode(50, 20)
    let subtitleLabel = ASTextNode(70, 10)
    let detailLabel = ASTextNode(100, 40)

    override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        let leftSideStack = ASStackLayoutSpec.vertical()
        leftSideStack.children = [titleLabel, subtitleLabel]
        let horizontalStack = ASStackLayoutSpec.horizontal()
        leftSideStack.flexBasis = ASRelativeDimensionMakeWithPercent(0.4)
        self.detailLabel.flexBasis = ASRelativeDimensionMakeWithPercent(0.6)
        horizontalStack.children = [leftSideStack, self.detailLabel]
        return horizontalStack
    }
}

/// Children of a static spec sized by the 1.x `sizeRange` and placed by the 1.x `layoutPosition`.
@available(*, deprecated, message: "exercises the deprecated names on purpose")
final class StaticSpecNode: ASDisplayNode {
    let badge = ASImageNode(10, 10)
    let caption = ASTextNode(10, 10)

    override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        badge.sizeRange = ASRelativeSizeRangeMakeWithExactCGSize(CGSize(width: 40, height: 30))
        badge.layoutPosition = CGPoint(x: 10, y: 5)
        caption.sizeRange = ASRelativeSizeRangeMakeWithExactCGSize(CGSize(width: 60, height: 20))
        caption.layoutPosition = CGPoint(x: 30, y: 50)
        return ASStaticLayoutSpec(children: [badge, caption])
    }
}

/// Seed 003's Objective-C spacer, `spacer.flexGrow = true`, the 1.x Boolean spelling.
@available(*, deprecated, message: "exercises the deprecated names on purpose")
final class BooleanSpacerNode: ASDisplayNode {
    let imageNode = ASImageNode(40, 40)
    let textNode = ASTextNode(60, 20)

    override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        let stack = ASStackLayoutSpec.horizontal()
        let spacer = ASLayoutSpec()
        spacer.flexGrow = true

        stack.children = [imageNode, spacer, textNode]
        return stack
    }
}

/// A 1.x node: `preferredFrameSize` instead of `style.preferredSize`, measured with `measure(_:)`.
@available(*, deprecated, message: "exercises the deprecated names on purpose")
final class PreferredFrameSizeNode: ASDisplayNode {
    override init() {
        super.init()
        preferredFrameSize = CGSize(width: 44, height: 22)
    }
}

/// The tests' bodies, each a deprecated method: the suite calls them through this protocol, so that only the
/// bodies name the deprecated API and the build warns about none of it (a test about deprecated names needs no
/// wall of warnings).
protocol Seed004Checks {
    func relativeDimensionConstructors()
    func relativeSizeConstructors()
    func relativeSizeRange()
    func placeSingleDetail()
    func staticSpec()
    func booleanFlexGrow()
    func preStyleProperties()
    func preferredFrameSizeAndMeasure()
}

struct Seed004Names: Seed004Checks {}

extension Seed004Names {
    @available(*, deprecated, message: "exercises the deprecated names on purpose")
    func relativeDimensionConstructors() {
        let values: [ASRelativeDimension] = [
            ASRelativeDimensionMakeWithPoints(12),
            ASRelativeDimensionMakeWithPercent(0.4),
            ASRelativeDimensionMake(.points, 7),
            ASRelativeDimensionMake(.fraction, 0.25),
            ASRelativeDimensionMake(.percent, 0.75),
            ASRelativeDimensionMakeWithFraction(0.5),
        ]
        // §1.5: the old names map to ASDimensionMakeWithPoints / ASDimensionMakeWithFraction; "percent" held a
        // 0…1 value, so 0.4 is 40 %.
        #expect(
            values == [
                .points(12), .fraction(0.4), .points(7), .fraction(0.25), .fraction(0.75),
                .fraction(0.5),
            ])
        // §1.5: ASRelativeDimensionMake with auto asserted in Texture and returned 0 points.
        #expect(ASRelativeDimensionMake(.auto, 3) == .points(0))
        let type: ASRelativeDimensionType = .points
        #expect(type == ASDimensionUnit.points)
    }

    @available(*, deprecated, message: "exercises the deprecated names on purpose")
    func relativeSizeConstructors() {
        let size: ASRelativeSize = ASRelativeSizeMake(
            ASRelativeDimensionMakeWithPoints(10),
            ASRelativeDimensionMakeWithPercent(0.5))
        #expect(size == ASLayoutSizeMake(ASDimensionMakeWithPoints(10), ASDimensionMakeWithFraction(0.5)))
        #expect(
            ASRelativeSizeMakeWithCGSize(CGSize(width: 3, height: 4))
                == ASLayoutSizeMake(ASDimensionMakeWithPoints(3), ASDimensionMakeWithPoints(4)))
        #expect(
            ASRelativeSizeMakeWithFraction(0.5)
                == ASLayoutSizeMake(ASDimensionMakeWithFraction(0.5), ASDimensionMakeWithFraction(0.5)))
    }

    @available(*, deprecated, message: "exercises the deprecated names on purpose")
    func relativeSizeRange() {
        let exact = ASRelativeSizeRangeMakeWithExactCGSize(CGSize(width: 40, height: 30))
        #expect(exact.min == exact.max)
        #expect(exact.min == ASLayoutSizeMake(ASDimensionMakeWithPoints(40), ASDimensionMakeWithPoints(30)))
        let mixed = ASRelativeSizeRangeMake(
            ASRelativeSizeMake(ASRelativeDimensionMakeWithPoints(10), ASRelativeDimensionMakeWithPercent(0.5)),
            ASRelativeSizeMakeWithCGSize(CGSize(width: 100, height: 80)))
        // §1.5: resolving against the parent size (200, 60): 50 % of 60 is 30.
        #expect(
            ASRelativeSizeRangeResolve(mixed, CGSize(width: 200, height: 60))
                == ASSizeRangeMake(CGSize(width: 10, height: 30), CGSize(width: 100, height: 80)))
        // §1.5: an auto dimension resolves to the parent's length itself.
        #expect(
            ASRelativeSizeRangeResolve(ASRelativeSizeRangeUnconstrained, CGSize(width: 200, height: 60))
                == ASSizeRangeMake(CGSize(width: 200, height: 60)))
        #expect(ASRelativeSizeRangeMakeWithExactFraction(0.5).max == ASRelativeSizeMakeWithFraction(0.5))
        #expect(
            ASRelativeSizeRangeMakeWithExactRelativeDimensions(
                ASDimensionMakeWithPoints(1),
                ASDimensionMakeWithPoints(2)
            ).min
                == ASRelativeSizeRangeMakeWithExactRelativeSize(
                    ASRelativeSizeMakeWithCGSize(
                        CGSize(width: 1, height: 2))
                ).max)
        #expect(ASSizeRangeMakeExactSize(CGSize(width: 5, height: 6)) == ASSizeRangeMake(CGSize(width: 5, height: 6)))
    }

    @available(*, deprecated, message: "exercises the deprecated names on purpose")
    func placeSingleDetail() {
        let node = PlaceSingleDetailNode()
        let layout = node.layoutThatFits(range(250, 0, 250, .infinity))
        // §5.2: the width range is exact, so the bases resolve to 0.4·250 = 100 and 0.6·250 = 150 (§5.4).
        // The left column (stretched, alignItems default): title 100×20 and subtitle 100×10 below it, 100×30.
        // The detail label is 150×40. §5.7: line cross max(30, 40) = 40 (0…∞ is not exact); §5.8 re-measures the
        // column at exactly 100×40 (its children keep y 0 and 20). §5.10: x = 0 and 100.
        #expect(layout.size == CGSize(width: 250, height: 40))
        #expect(layout.sublayoutFrames == [rect(0, 0, 100, 20), rect(0, 20, 100, 10), rect(100, 0, 150, 40)])
        #expect(node.detailLabel.style.flexBasis == ASDimensionMakeWithFraction(0.6))
        #expect(node.detailLabel.flexBasis == ASDimensionMakeWithFraction(0.6))
    }

    @available(*, deprecated, message: "exercises the deprecated names on purpose")
    func staticSpec() {
        let node = StaticSpecNode()
        let layout = node.layoutThatFits(range(0, 0, 300, 300))
        // §1.5: sizeRange becomes style.minLayoutSize/maxLayoutSize (exactly 40×30 and 60×20 here) and the
        // static spec is an absolute spec with sizing SizeToFit. §4.9: each child gets its exact size at its
        // position; the spec is max over children of position + size = (max(50, 90), max(35, 70)) = 90×70.
        #expect(layout.size == CGSize(width: 90, height: 70))
        #expect(layout.sublayoutFrames == [rect(10, 5, 40, 30), rect(30, 50, 60, 20)])
        #expect(
            node.badge.style.minLayoutSize
                == ASLayoutSizeMake(
                    ASDimensionMakeWithPoints(40),
                    ASDimensionMakeWithPoints(30)))
        #expect(node.badge.style.layoutPosition == CGPoint(x: 10, y: 5))
        #expect(node.caption.sizeRange == ASRelativeSizeRangeMakeWithExactCGSize(CGSize(width: 60, height: 20)))
    }

    @available(*, deprecated, message: "exercises the deprecated names on purpose")
    func booleanFlexGrow() {
        let node = BooleanSpacerNode()
        let layout = node.layoutThatFits(range(300, 0, 300, 100))
        // The same layout as seed 003's spacer with style.flexGrow = 1.0: the spacer takes the 200 points left.
        #expect(layout.size == CGSize(width: 300, height: 40))
        #expect(layout.sublayoutFrames == [rect(0, 0, 40, 40), rect(240, 0, 60, 40)])
        let spacer = ASLayoutSpec()
        spacer.flexGrow = true
        #expect(spacer.style.flexGrow == 1)
        #expect(spacer.flexGrow)
        spacer.flexShrink = true
        #expect(spacer.style.flexShrink == 1)
        spacer.flexGrow = false
        #expect(spacer.style.flexGrow == 0)
    }

    @available(*, deprecated, message: "exercises the deprecated names on purpose")
    func preStyleProperties() {
        let element: ASLayoutable = ASDisplayNode()
        element.alignSelf = .center
        element.spacingBefore = 3
        element.spacingAfter = 4
        element.ascender = 5
        element.descender = -2
        #expect(element.style.alignSelf == .center)
        #expect(element.style.spacingBefore == 3)
        #expect(element.style.spacingAfter == 4)
        #expect(element.style.ascender == 5)
        #expect(element.style.descender == -2)
    }

    @available(*, deprecated, message: "exercises the deprecated names on purpose")
    func preferredFrameSizeAndMeasure() {
        let node = PreferredFrameSizeNode()
        #expect(node.style.preferredSize == CGSize(width: 44, height: 22))
        // §1.5: measure is layoutThatFits(0…constrainedSize).size; the node's own 44×22 fits in 100×100.
        #expect(node.measure(CGSize(width: 100, height: 100)) == CGSize(width: 44, height: 22))
        // In 30×100 the constraint wins on the width (§2.3).
        #expect(node.measure(CGSize(width: 30, height: 100)) == CGSize(width: 30, height: 22))
        #expect(node.measureWithSizeRange(range(0, 0, 100, 100)).size == CGSize(width: 44, height: 22))
    }
}

@Suite("Seed 004: the older sizing names")
struct Seed004DeprecatedTests {
    let checks: any Seed004Checks = Seed004Names()

    @Test("ASRelativeDimensionMakeWithPoints, …WithPercent (a 0…1 fraction), ASRelativeDimensionMake")
    func relativeDimensionConstructors() { checks.relativeDimensionConstructors() }

    @Test("ASRelativeSizeMake and ASRelativeSizeMakeWithCGSize")
    func relativeSizeConstructors() { checks.relativeSizeConstructors() }

    @Test("ASRelativeSizeRange constructors and ASRelativeSizeRangeResolve")
    func relativeSizeRange() { checks.relativeSizeRange() }

    @Test("leftSideStack.flexBasis = ASRelativeDimensionMakeWithPercent(0.4): a 40 / 60 split")
    func placeSingleDetail() { checks.placeSingleDetail() }

    @Test("ASStaticLayoutSpec sizes itself to fit children given a sizeRange and a layoutPosition")
    func staticSpec() { checks.staticSpec() }

    @Test("spacer.flexGrow = true is style.flexGrow = 1")
    func booleanFlexGrow() { checks.booleanFlexGrow() }

    @Test("Other pre-style properties forward to style")
    func preStyleProperties() { checks.preStyleProperties() }

    @Test("preferredFrameSize and measure(_:)")
    func preferredFrameSizeAndMeasure() { checks.preferredFrameSizeAndMeasure() }
}
