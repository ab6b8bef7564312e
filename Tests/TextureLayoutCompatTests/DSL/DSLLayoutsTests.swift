// Each DSL layout and modifier makes the spec and sets the style that its Texture spelling names.

import Testing
import TextureLayoutCompat

private func node() -> ASDisplayNode { ContentNode(10, 20) }

@Suite("DSL layouts and modifiers")
struct DSLLayoutsTests {
    @Test func stacksCarryTheirOptions() {
        let h =
            HStackLayout(
                spacing: 3, justifyContent: .spaceBetween, alignItems: .center,
                flexWrap: .wrap(lineSpacing: 5, alignContent: .end)
            ) { node() }
            .layoutContentElement as! StackLayoutSpec
        #expect(h.direction == .horizontal && h.spacing == 3 && h.justifyContent == .spaceBetween)
        #expect(h.alignItems == .center && h.flexWrap == .wrap && h.lineSpacing == 5 && h.alignContent == .end)
        let v = VStackLayout { node() }.layoutContentElement as! StackLayoutSpec
        #expect(v.direction == .vertical && v.spacing == 0 && v.justifyContent == .start)
        #expect(v.alignItems == .stretch && v.flexWrap == .noWrap && v.children.count == 1)
    }

    @Test func eachLayoutMakesItsSpec() {
        let z =
            ZStackLayout {
                node(); node()
            }.layoutContentElement as! WrapperLayoutSpec
        #expect(z.children.count == 2)
        #expect(WrapperLayout { node() }.layoutContentElement is WrapperLayoutSpec)
        let absolute = AbsoluteLayout(sizing: .sizeToFit) { node() }.layoutContentElement as! AbsoluteLayoutSpec
        #expect(absolute.sizing == .sizeToFit)
        let center = CenterLayout { node() }.layoutContentElement as! CenterLayoutSpec
        #expect(center.centeringOptions == .XY && center.sizingOptions == .minimumXY)
        let relative = RelativeLayout(horizontalPosition: .end) { node() }.layoutContentElement as! RelativeLayoutSpec
        #expect(relative.horizontalPosition == .end && relative.verticalPosition == .start)
        #expect(relative.sizingOption == .minimumSize)
        let ratio =
            AspectRatioLayout(ratio: CGSize(width: 16, height: 9)) { node() }
            .layoutContentElement as! RatioLayoutSpec
        #expect(ratio.ratio == 9.0 / 16)
        let corner =
            CornerLayout(
                child: node(), corner: node(), location: .topRight,
                offset: CGPoint(x: 2, y: 3)
            ).layoutContentElement as! CornerLayoutSpec
        #expect(corner.cornerLocation == .topRight && corner.offset == CGPoint(x: 2, y: 3))
        let overlay =
            OverlayLayout {
                node()
            } overlay: {
                node()
            }.layoutContentElement as! OverlayLayoutSpec
        #expect(overlay.children.count == 2)
        let background =
            BackgroundLayout {
                node()
            } background: {
                node()
            }
            .layoutContentElement as! BackgroundLayoutSpec
        #expect(background.children.count == 2)
        let spacer = SpacerLayout(minLength: 6, flexGrow: 2).layoutContentElement
        #expect(type(of: spacer) == LayoutSpec.self && spacer.style.flexGrow == 2 && spacer.style.spacingBefore == 6)
    }

    @Test func paddingTakesANumberInsetsOrSomeEdges() {
        func insets(_ layout: InsetLayout) -> EdgeInsets {
            (layout.layoutContentElement as! InsetLayoutSpec).TextureLayout::insets
        }
        #expect(insets(node().padding(12)) == EdgeInsets(all: 12))
        #expect(
            insets(node().padding(UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)))
                == EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(insets(node().padding(.top, 24)) == EdgeInsets(top: 24, left: 0, bottom: 0, right: 0))
        #expect(insets(node().padding(.horizontal, 8)) == EdgeInsets(top: 0, left: 8, bottom: 0, right: 8))
        #expect(insets(node().padding([.bottom, .right], 5)) == EdgeInsets(top: 0, left: 0, bottom: 5, right: 5))
        #expect(insets(node().padding(.all, 2)) == EdgeInsets(all: 2))
    }

    @Test func decorationsWrapTheContent() {
        let (content, decoration) = (node(), node())
        let background = content.background(decoration).layoutContentElement as! BackgroundLayoutSpec
        #expect(background.child === content && background.background === decoration)
        let overlay = content.overlay(decoration).layoutContentElement as! OverlayLayoutSpec
        #expect(overlay.child === content && overlay.overlay === decoration)
        #expect((content.aspectRatio(0.5).layoutContentElement as! RatioLayoutSpec).ratio == 0.5)
        let fourByThree = content.aspectRatio(CGSize(width: 4, height: 3)).layoutContentElement as! RatioLayoutSpec
        #expect(fourByThree.ratio == 0.75)
    }

    @Test func styleModifiersSetTheStyleOfTheElementTheyAreWrittenOn() {
        let element = node()
            .flexGrow(2).flexShrink(0.5).flexBasis(.fraction(0.25)).alignSelf(.center)
            .width(40).height(.fraction(0.5)).spacingBefore(3).spacingAfter(4)
        let style = element.style
        #expect(style.flexGrow == 2 && style.flexShrink == 0.5 && style.flexBasis == .fraction(0.25))
        #expect(style.alignSelf == .center && style.width == .points(40) && style.height == .fraction(0.5))
        #expect(style.spacingBefore == 3 && style.spacingAfter == 4)
        #expect(node().preferredSize(CGSize(width: 7, height: 8)).style.preferredSize == CGSize(width: 7, height: 8))
        // On a DSL layout they style the spec it made, not its children.
        let child = node()
        let stack = HStackLayout { child }.flexGrow(1)
        #expect(stack.layoutContentElement.style.flexGrow == 1 && child.style.flexGrow == 0)
        let padded = child.padding(4).flexShrink(1)
        #expect(padded.layoutContentElement.style.flexShrink == 1 && child.style.flexShrink == 0)
    }
}
