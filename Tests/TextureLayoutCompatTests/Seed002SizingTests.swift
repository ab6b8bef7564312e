// Seed 002, "Layout API Sizing": every Swift snippet, its statements verbatim, wrapped in the smallest node
// subclass that makes it a layout, laid out in a stated range at the default pixel scale 2. Expected frames are
// worked out by hand from Texture's layout rules (the engine's DocC article LayoutRules.md); each test says which rules it uses.

import Testing
import TextureLayoutCompat

/// Collects the values of a list of expression statements, so that snippets written as bare expressions compile
/// verbatim and can be checked.
@resultBuilder
enum DimensionList {
    static func buildExpression(_ dimension: ASDimension) -> [ASDimension] { [dimension] }
    static func buildBlock(_ parts: [ASDimension]...) -> [ASDimension] { parts.flatMap { $0 } }
}

func dimensions(@DimensionList _ body: () -> [ASDimension]) -> [ASDimension] { body() }

/// Seed 002's signature of `layoutSpecThatFits`, verbatim as a protocol requirement; the snippet nodes conform.
protocol LayoutSpecProviding {
    func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec
}

// MARK: - Nodes wrapping the snippets

/// Snippet "Example using ASDimension": a 40 % / 60 % split by flexBasis.
final class FlexBasisSplitNode: ASDisplayNode, LayoutSpecProviding {
    let leftStack = ASStackLayoutSpec.vertical()
    let rightStack = ASStackLayoutSpec.vertical()
    let leftText = ASTextNode(80, 20)
    let rightText = ASTextNode(100, 30)

    override init() {
        super.init()
        automaticallyManagesSubnodes = true
        leftStack.children = [leftText]
        rightStack.children = [rightText]
    }

    override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        let horizontalStack = ASStackLayoutSpec.horizontal()
        self.leftStack.style.flexBasis = ASDimensionMake("40%")
        self.rightStack.style.flexBasis = ASDimensionMake("60%")

        horizontalStack.children = [self.leftStack, self.rightStack]
        return horizontalStack
    }
}

/// Snippet "auto width, 50 % height" via `preferredLayoutSize`.
final class PreferredLayoutSizeNode: ASDisplayNode, LayoutSpecProviding {
    let layoutElement = ASImageNode(40, 40)

    override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        // Dimension type "Auto" indicates that the layout element may
        // be resolved in whatever way makes most sense given the circumstances
        let width = ASDimensionMake(.auto, 0)
        let height = ASDimensionMake("50%")

        layoutElement.style.preferredLayoutSize = ASLayoutSizeMake(width, height)
        return ASWrapperLayoutSpec(layoutElement: layoutElement)
    }
}

/// Snippet `preferredSize = CGSize(width: 30, height: 60)`.
final class PreferredSizeNode: ASDisplayNode, LayoutSpecProviding {
    let layoutElement = ASImageNode(40, 40)

    override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        layoutElement.style.preferredSize = CGSize(width: 30, height: 60)
        return ASWrapperLayoutSpec(layoutElement: layoutElement)
    }
}

/// Snippet setting all six dimensions to 50 %.
final class HalfDimensionsNode: ASDisplayNode, LayoutSpecProviding {
    let layoutElement = ASImageNode(40, 40)

    override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        layoutElement.style.width = ASDimensionMake("50%")
        layoutElement.style.minWidth = ASDimensionMake("50%")
        layoutElement.style.maxWidth = ASDimensionMake("50%")

        layoutElement.style.height = ASDimensionMake("50%")
        layoutElement.style.minHeight = ASDimensionMake("50%")
        layoutElement.style.maxHeight = ASDimensionMake("50%")
        return ASWrapperLayoutSpec(layoutElement: layoutElement)
    }
}

/// The prose after the last snippet: the constrained size's min and max "can be used to size the node's layout
/// elements". Here the child is given a third of the max width.
final class ConstrainedSizeNode: ASDisplayNode, LayoutSpecProviding {
    let child = ASDisplayNode()

    override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        child.style.width = ASDimensionMakeWithPoints(constrainedSize.max.width / 3)
        child.style.height = ASDimensionMakeWithPoints(constrainedSize.min.height)
        return ASWrapperLayoutSpec(layoutElement: child)
    }
}

// MARK: - Tests

@Suite("Seed 002: Layout API Sizing")
struct Seed002SizingTests {
    @Test("ASDimension constructors: relative and in points")
    func dimensionConstructors() {
        let values = dimensions {
            // dimension returned is relative (%)
            ASDimensionMake("50%")
            ASDimensionMakeWithFraction(0.5)

            // dimension returned in points
            ASDimensionMake("70pt")
            ASDimensionMake(70)
            ASDimensionMakeWithPoints(70)
        }
        // §1.1: "50%" is the fraction 0.5; "70pt", a bare number and ...WithPoints are 70 points.
        #expect(values == [.fraction(0.5), .fraction(0.5), .points(70), .points(70), .points(70)])
        #expect(values.map(\.unit) == [.fraction, .fraction, .points, .points, .points])
    }

    @Test("ASDimensionMake(String) parses in Texture's order, silently auto otherwise")
    func dimensionParsing() {
        // §1.1 parsing order: "" auto; ends with "pt" points; "auto"; ends with "%" a fraction; anything else auto.
        #expect(ASDimensionMake("") == ASDimensionAuto)
        #expect(ASDimensionMake("auto") == ASDimensionAuto)
        #expect(ASDimensionMake("AUTO") == ASDimensionAuto)
        #expect(ASDimensionMake("50") == ASDimensionAuto)
        #expect(ASDimensionMake("70px") == ASDimensionAuto)
        #expect(ASDimensionMake("0.5pt") == ASDimensionMakeWithPoints(0.5))
        #expect(ASDimensionMake("pt") == ASDimensionMakeWithPoints(0))
        #expect(ASDimensionMake("150%") == ASDimensionMakeWithFraction(1.5))
        #expect(!ASDimensionMake("150%").isValid)
        #expect(ASDimensionMake(.points, 12) == ASDimensionMakeWithPoints(12))
        #expect(ASDimensionMake(.fraction, 0.25) == ASDimensionMakeWithFraction(0.25))
        #expect(ASDimensionMake(.auto, 0) == ASDimensionAuto)
        // §1.1 resolve: points ignore the parent, fractions scale it, auto takes the auto size.
        #expect(ASDimensionResolve(ASDimensionMake("25%"), 200, 7) == 50)
        #expect(ASDimensionResolve(ASDimensionMake("25pt"), 200, 7) == 25)
        #expect(ASDimensionResolve(ASDimensionAuto, 200, 7) == 7)
        #expect(ASDimensionResolve(ASDimensionMake("25%"), .nan, 7).isNaN)
    }

    @Test("flexBasis 40% / 60% splits an exact 300-point width into 120 and 180")
    func flexBasisSplit() {
        let node = FlexBasisSplitNode()
        let layout = node.layoutThatFits(range(300, 0, 300, 200))
        // §5.2: the stack's width range is exact, so P_child = (300, undefined) and the bases resolve to
        // 0.4·300 = 120 and 0.6·300 = 180 (§5.4). Both stacks stretch (default alignItems), first with the stack's
        // cross min 0: the left column is 120×20 (its 80-wide text stretched to 120), the right 180×30.
        // §5.7: the cross range 0…200 is not exact, so the line is max(20, 30) = 30 high; §5.8 re-measures the left
        // column at exactly 120×30: its text stays 20 high at y 0 (the column's extra height is not distributed).
        // §5.10: the sum 300 equals the range, so x = 0 and 120. Stack and node: 300×30.
        #expect(layout.size == CGSize(width: 300, height: 30))
        #expect(layout.sublayouts.map { $0.layoutElement === node.leftText } == [true, false])
        #expect(layout.sublayoutFrames == [rect(0, 0, 120, 20), rect(120, 0, 180, 30)])
        // Automatic subnode management made the two text nodes the subnodes, in layout order.
        #expect(
            node.subnodes.map(ObjectIdentifier.init) == [
                ObjectIdentifier(node.leftText),
                ObjectIdentifier(node.rightText),
            ])
        #expect(node.leftText.supernode === node)
    }

    @Test("ASLayoutSizeMake(_ width: ASDimension, _ height: ASDimension)")
    func layoutSizeMakeSignature() {
        let make: (_ width: ASDimension, _ height: ASDimension) -> ASLayoutSize = ASLayoutSizeMake
        let size = make(ASDimensionMake("10pt"), ASDimensionMake("20%"))
        #expect(size.width == .points(10))
        #expect(size.height == .fraction(0.2))
        // §1.2: each axis resolves on its own; auto takes the auto size.
        #expect(
            ASLayoutSizeResolveSize(size, CGSize(width: 500, height: 500), CGSize(width: 1, height: 2))
                == CGSize(width: 10, height: 100))
        #expect(
            ASLayoutSizeResolveSize(
                ASLayoutSizeAuto, CGSize(width: 500, height: 500),
                CGSize(width: 1, height: 2)) == CGSize(width: 1, height: 2))
    }

    @Test("preferredLayoutSize: auto width, 50% height")
    func preferredLayoutSize() {
        let node = PreferredLayoutSizeNode()
        let layout = node.layoutThatFits(range(0, 0, 200, 300))
        // §4.2: the wrapper measures its child with its own range and parent size C.max = (200, 300).
        // §2.3: the child's own range is width 0…∞ (auto), height exactly 0.5·300 = 150; intersected with
        // 0…200 × 0…300 that is 0…200 × 150. Its intrinsic 40×40 clamps to 40×150.
        // The wrapper is max(C.min, child).
        #expect(layout.size == CGSize(width: 40, height: 150))
        #expect(layout.sublayoutFrames == [rect(0, 0, 40, 150)])
        #expect(
            node.layoutElement.style.preferredLayoutSize
                == ASLayoutSizeMake(ASDimensionAuto, ASDimensionMakeWithFraction(0.5)))
    }

    @Test("preferredSize = CGSize(width: 30, height: 60)")
    func preferredSize() {
        let node = PreferredSizeNode()
        let layout = node.layoutThatFits(range(0, 0, 200, 200))
        // §2.2: preferredSize sets width 30pt and height 60pt; §2.3: own range exactly 30×60 within 0…200, so the
        // 40×40 image is clamped to 30×60. §4.2: the wrapper, and so the node, is 30×60.
        #expect(layout.size == CGSize(width: 30, height: 60))
        #expect(layout.sublayoutFrames == [rect(0, 0, 30, 60)])
        #expect(node.layoutElement.style.preferredSize == CGSize(width: 30, height: 60))
        #expect(node.layoutElement.style.width == ASDimensionMakeWithPoints(30))
        #expect(node.layoutElement.style.height == ASDimensionMakeWithPoints(60))
    }

    @Test("width, minWidth, maxWidth, height, minHeight, maxHeight = 50%")
    func halfDimensions() {
        let node = HalfDimensionsNode()
        let layout = node.layoutThatFits(range(0, 0, 200, 100))
        // §1.4 against the wrapper's parent size C.max = (200, 100): width min = max = 100, so max ≤ min gives
        // exactly 100; height exactly 50. Within the range; the 40×40 image is clamped to 100×50.
        #expect(layout.size == CGSize(width: 100, height: 50))
        #expect(layout.sublayoutFrames == [rect(0, 0, 100, 50)])
        let style = node.layoutElement.style
        #expect(
            [style.width, style.minWidth, style.maxWidth, style.height, style.minHeight, style.maxHeight]
                == Array(repeating: ASDimensionMakeWithFraction(0.5), count: 6))
    }

    @Test("func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec")
    func layoutSpecThatFitsSignature() {
        let node = ConstrainedSizeNode()
        let provider: any LayoutSpecProviding = node
        let spec = provider.layoutSpecThatFits(range(0, 12, 300, 100))
        #expect(spec is ASWrapperLayoutSpec)
        #expect(spec.children.count == 1)
        let layout = node.layoutThatFits(range(0, 12, 300, 100))
        // The child is given width max/3 = 100 and height min = 12 (points); within the range, so 100×12; the
        // wrapper is max(C.min, child) = 100×12.
        #expect(layout.size == CGSize(width: 100, height: 12))
        #expect(layout.sublayoutFrames == [rect(0, 0, 100, 12)])
    }
}
