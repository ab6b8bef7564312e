import Testing
@testable import TextureLayout

/// The examples of the project's seed documents (Texture's own examples: 000 element properties, 002 sizing, 003
/// layout specs), with FixedSizeNode stand-ins for text and image nodes and plain display nodes for coloured nodes.
/// Expected geometry is worked out from Texture's layout rules (the section of the DocC article *Texture's layout
/// rules* cited in each comment).
@Suite struct SeedExamplesTests {
    // MARK: 002 — sizing

    // "ASDimensionMake(@"50%"); ASDimensionMakeWithFraction(0.5)" and "ASDimensionMake(@"70pt");
    // ASDimensionMake(70); ASDimensionMakeWithPoints(70)".
    @Test func dimensionExamples() {
        #expect(Dimension(parsing: "50%") == .fraction(0.5))
        let seventy: Dimension = 70
        #expect(Dimension(parsing: "70pt") == seventy && seventy == .points(70))
    }

    // The flexBasis example: left stack 40%, right stack 60% of a horizontal stack (here exactly 300×100, §5.2:
    // the basis resolves against the exact width). Each side is a vertical stack holding a 10×10 stand-in.
    // Left: basis 120 → [120,120] × stretched cross [100,100]; its child stretches to its width → 120×10.
    @Test func flexBasisFortySixty() {
        let leftStack = styled("leftStack", StackLayoutSpec.vertical(children: [fixed("leftChild", 10, 10)])) {
            $0.flexBasis = Dimension(parsing: "40%")
        }
        let rightStack = styled("rightStack", StackLayoutSpec.vertical(children: [fixed("rightChild", 10, 10)])) {
            $0.flexBasis = Dimension(parsing: "60%")
        }
        let horizontalStack = StackLayoutSpec.horizontal()
        horizontalStack.children = [leftStack, rightStack]
        let laid = layOut(horizontalStack, in: exact(300, 100))
        #expect(laid["leftStack"] == rect(0, 0, 120, 100))
        #expect(laid["rightStack"] == rect(120, 0, 180, 100))
        #expect(laid["leftChild"] == rect(0, 0, 120, 10))
        #expect(laid["rightChild"] == rect(120, 0, 180, 10))
        #expect(laid.size == Size(300, 100))
    }

    // preferredLayoutSize = ASLayoutSizeMake(ASDimensionMake(.auto, 0), ASDimensionMake("50%")): in a wrapper
    // measured with [0,0]…[200,300] (parent size 200×300) a plain node is 200 wide (auto: the max) and 150 high.
    @Test func layoutSizeExample() {
        let element = plain("layoutElement") {
            $0.preferredLayoutSize = LayoutSize(
                width: Dimension(unit: .auto, value: 0), height: Dimension(parsing: "50%"))
        }
        #expect(element.style.width == .auto && element.style.height == .fraction(0.5))
        let laid = layOut(WrapperLayoutSpec(layoutElement: element), in: range(0, 0, 200, 300))
        #expect(laid["layoutElement"] == rect(0, 0, 200, 150))
    }

    // layoutElement.style.preferredSize = CGSize(width: 30, height: 60).
    @Test func preferredSizeExample() {
        let laid = layOut(
            WrapperLayoutSpec(layoutElement: plain("layoutElement") { $0.preferredSize = Size(30, 60) }),
            in: range(0, 0, 300, 300))
        #expect(laid["layoutElement"] == rect(0, 0, 30, 60))
    }

    // width, minWidth, maxWidth (and the heights) all "50%": every bound resolves to 50% of the parent (200×300).
    @Test func allFiftyPercentExample() {
        let element = plain("layoutElement") {
            $0.width = Dimension(parsing: "50%"); $0.minWidth = Dimension(parsing: "50%");
            $0.maxWidth = Dimension(parsing: "50%")
            $0.height = Dimension(parsing: "50%"); $0.minHeight = Dimension(parsing: "50%");
            $0.maxHeight = Dimension(parsing: "50%")
        }
        let laid = layOut(WrapperLayoutSpec(layoutElement: element), in: range(0, 0, 200, 300))
        #expect(laid["layoutElement"] == rect(0, 0, 100, 150))
    }

    // MARK: 000 — element properties

    // "preferred relative width of 50% and a minimum width of 200 points … in a full screen container … 160 points
    // … the minimum width would be used"; likewise a maximum width of 120 wins over the 160 (§1.4 precedence).
    @Test func minAndMaxSizeExamples() {
        let screen = range(0, 0, 320, 568)
        let withMin = plain("n") {
            $0.width = .fraction(0.5); $0.minWidth = .points(200); $0.height = .points(10)
        }
        #expect(layOut(WrapperLayoutSpec(layoutElement: withMin), in: screen)["n"] == rect(0, 0, 200, 10))
        let withMax = plain("n") {
            $0.width = .fraction(0.5); $0.maxWidth = .points(120); $0.height = .points(10)
        }
        #expect(layOut(WrapperLayoutSpec(layoutElement: withMax), in: screen)["n"] == rect(0, 0, 120, 10))
    }

    // MARK: 003 — layout specs

    // Wrapper: "return a single subnode"; a plain node takes the max of its range (§3.2).
    @Test func wrapperReturnsASingleSubnode() {
        let laid = layOut(WrapperLayoutSpec(layoutElement: plain("subnode")), in: range(0, 0, 320, 480))
        #expect(laid["subnode"] == rect(0, 0, 320, 480))
        #expect(laid.size == Size(320, 480))
    }

    // Wrapper: "set a size (but not position)": preferredSize = (max.width, max.height / 2) inside the spec block.
    @Test func wrapperSetsASizeButNotAPosition() {
        let subnode = plain("subnode")
        let root = DisplayNode()
        root.layoutSpecBlock = { _, constrainedSize in
            subnode.style.preferredSize = Size(constrainedSize.max.width, constrainedSize.max.height / 2.0)
            return WrapperLayoutSpec(layoutElement: subnode)
        }
        let laid = layOut(element: root, in: range(0, 0, 300, 200))
        #expect(laid["subnode"] == rect(0, 0, 300, 100))
        #expect(laid.size == Size(300, 100))
    }

    // Stack: horizontal, spacing 6, justify start, alignItems center, [icon 20×20, count 15×10]; the stack's
    // minWidth 60 and maxHeight 40 make C = [60,0]…[300,40]. Sum 41 < 60 but justify start → x = 0, 26; line cross
    // 20 → count at y = floorPx(5) = 5; size Clamp((41, 20)) = (60, 20).
    @Test func stackWithMinWidthAndMaxHeight() {
        func mainStack(icon: Size) -> StackLayoutSpec {
            let stack = StackLayoutSpec(
                direction: .horizontal, spacing: 6.0, justifyContent: .start, alignItems: .center,
                children: [fixed("iconNode", icon.width, icon.height), fixed("countNode", 15, 10)])
            stack.style.minWidth = .points(60.0)
            stack.style.maxHeight = .points(40.0)
            return stack
        }
        let laid = layOut(mainStack(icon: Size(20, 20)), in: range(0, 0, 300, 300))
        #expect(laid["iconNode"] == rect(0, 0, 20, 20))
        #expect(laid["countNode"] == rect(26, 5, 15, 10))
        #expect(laid.size == Size(60, 20))
        // A 60-high icon is capped by maxHeight 40 (cross range [0,40]); line cross 40 → count at y 15.
        let tall = layOut(mainStack(icon: Size(20, 60)), in: range(0, 0, 300, 300))
        #expect(tall["iconNode"] == rect(0, 0, 20, 40))
        #expect(tall["countNode"] == rect(26, 15, 15, 10))
        #expect(tall.size == Size(60, 40))
    }

    // Inset: UIEdgeInsets(10, 10, 10, 10) around a text node (100×20 stand-in), 320 wide and unbounded height:
    // child range [0,0]…[300,∞]; spec 120×40; text at (10,10) (§4.3).
    @Test func insetHeader() {
        let laid = layOut(
            InsetLayoutSpec(
                insets: EdgeInsets(top: 10, left: 10, bottom: 10, right: 10),
                child: fixed("textNode", 100, 20)), in: range(0, 0, 320, inf))
        #expect(laid["textNode"] == rect(10, 10, 100, 20))
        #expect(laid.size == Size(120, 40))
    }

    // Overlay: two plain nodes; the child (blue) takes C.max, the overlay (red) covers it exactly, on top (§4.4).
    @Test func overlay() {
        let laid = layOut(
            OverlayLayoutSpec(child: plain("backgroundNode"), overlay: plain("foregroundNode")),
            in: range(0, 0, 320, 100))
        #expect(laid["backgroundNode"] == rect(0, 0, 320, 100))
        #expect(laid["foregroundNode"] == rect(0, 0, 320, 100))
        #expect(laid.subnodeNames == ["backgroundNode", "foregroundNode"])
        #expect(laid.size == Size(320, 100))
    }

    // Background: background(child: foregroundNode, background: backgroundNode); the background is drawn first.
    @Test func background() {
        let laid = layOut(
            BackgroundLayoutSpec(child: plain("foregroundNode"), background: plain("backgroundNode")),
            in: range(0, 0, 320, 100))
        #expect(laid["backgroundNode"] == rect(0, 0, 320, 100))
        #expect(laid["foregroundNode"] == rect(0, 0, 320, 100))
        #expect(laid.subnodeNames == ["backgroundNode", "foregroundNode"])
    }

    // Center: XY, default sizing, 70×100 subnode; the spec takes C.max 300×300 → ((300−70)/2, (300−100)/2).
    @Test func center() {
        let laid = layOut(
            CenterLayoutSpec(centeringOptions: .xy, sizingOptions: [], child: fixed("subnode", 70, 100)),
            in: range(0, 0, 300, 300))
        #expect(laid["subnode"] == rect(115, 100, 70, 100))
        #expect(laid.size == Size(300, 300))
    }

    // Ratio: half ratio with a 100×100 subnode. In [0,0]…[300,300]: A = (300, 150) error 0 → exactly 300×150; in
    // [0,0]…[100,100] (§8.8): 100×50.
    @Test func halfRatio() {
        let large = layOut(RatioLayoutSpec(ratio: 0.5, child: fixed("subnode", 100, 100)), in: range(0, 0, 300, 300))
        #expect(large["subnode"] == rect(0, 0, 300, 150))
        #expect(large.size == Size(300, 150))
        let small = layOut(RatioLayoutSpec(ratio: 0.5, child: fixed("subnode", 100, 100)), in: range(0, 0, 100, 100))
        #expect(small["subnode"] == rect(0, 0, 100, 50))
    }

    // Relative: background(child: relative(start, start, default, 70×100 foreground), background: plain). The
    // relative spec takes C.max 300×300, the foreground sits at the top left, the background is exactly 300×300.
    @Test func relative() {
        let relativeSpec = RelativeLayoutSpec(
            horizontalPosition: .start, verticalPosition: .start, sizingOption: [],
            child: fixed("foregroundNode", 70, 100))
        let laid = layOut(
            BackgroundLayoutSpec(child: relativeSpec, background: plain("backgroundNode")),
            in: range(0, 0, 300, 300))
        #expect(laid["foregroundNode"] == rect(0, 0, 70, 100))
        #expect(laid["backgroundNode"] == rect(0, 0, 300, 300))
        #expect(laid.subnodeNames == ["backgroundNode", "foregroundNode"])
        #expect(laid.size == Size(300, 300))
    }

    // Absolute: four video nodes placed from constrainedSize.max (300×300), sizes (max.w or max.w/2) × max.h/3.
    @Test func absoluteVideoGrid() {
        let guitar = plain("guitarVideoNode"), nicCage = plain("nicCageVideoNode")
        let simon = plain("simonVideoNode"), hls = plain("hlsVideoNode")
        let root = DisplayNode()
        root.layoutSpecBlock = { _, constrainedSize in
            let m = constrainedSize.max
            guitar.style.layoutPosition = .zero
            guitar.style.preferredSize = Size(m.width, m.height / 3.0)
            nicCage.style.layoutPosition = Point(m.width / 2.0, m.height / 3.0)
            nicCage.style.preferredSize = Size(m.width / 2.0, m.height / 3.0)
            simon.style.layoutPosition = Point(0.0, m.height - (m.height / 3.0))
            simon.style.preferredSize = Size(m.width / 2, m.height / 3.0)
            hls.style.layoutPosition = Point(0.0, m.height / 3.0)
            hls.style.preferredSize = Size(m.width / 2.0, m.height / 3.0)
            return AbsoluteLayoutSpec(children: [guitar, nicCage, simon, hls])
        }
        let laid = layOut(element: root, in: range(0, 0, 300, 300))
        #expect(laid["guitarVideoNode"] == rect(0, 0, 300, 100))
        #expect(laid["nicCageVideoNode"] == rect(150, 100, 150, 100))
        #expect(laid["simonVideoNode"] == rect(0, 200, 150, 100))
        #expect(laid["hlsVideoNode"] == rect(0, 100, 150, 100))
        #expect(laid.size == Size(300, 300))
    }

    // Spacer: stack.children = [imageNode, spacer (flexGrow 1), textNode] in a horizontal stack exactly 300×50,
    // alignItems center. The spacer (a plain ASLayoutSpec, size C.min) is 0 wide at first; sum 130, violation 170
    // → the spacer is re-measured at exactly 170 → text at x 220, y = floorPx((50 − 20)/2) = 15.
    @Test func spacer() {
        let spacer = LayoutSpec()
        spacer.debugName = "spacer"
        spacer.style.flexGrow = 1.0
        let stack = StackLayoutSpec(direction: .horizontal, alignItems: .center)
        stack.children = [fixed("imageNode", 50, 50), spacer, fixed("textNode", 80, 20)]
        let laid = layOut(stack, in: exact(300, 50))
        #expect(laid["imageNode"] == rect(0, 0, 50, 50))
        #expect(laid["spacer"] == rect(50, 25, 170, 0))
        #expect(laid["textNode"] == rect(220, 15, 80, 20))
        #expect(laid.subnodeNames == ["imageNode", "textNode"])
    }
}
