import Testing
@testable import TextureLayout

/// ASWrapperLayoutSpec (layout rules §4.2) and the plain ASLayoutSpec spacer (§4.1).
@Suite struct WrapperSpecTests {
    // Each child measured with (C, C.max) at (0,0); size = MAX(C.min, largest child).
    @Test func singleChild() {
        let laid = layOut(WrapperLayoutSpec(layoutElement: fixed("a", 50, 60)), in: range(0, 0, 300, 300))
        #expect(laid["a"] == rect(0, 0, 50, 60))
        #expect(laid.size == Size(50, 60))
    }

    @Test func severalChildrenAllAtOriginSizeIsTheLargestPerAxis() {
        let wrapper = WrapperLayoutSpec(layoutElements: [fixed("a", 50, 60), fixed("b", 80, 20)])
        let laid = layOut(wrapper, in: range(0, 0, 300, 300))
        #expect(laid["a"] == rect(0, 0, 50, 60))
        #expect(laid["b"] == rect(0, 0, 80, 20))
        #expect(laid.size == Size(80, 60))
        #expect(laid.subnodeNames == ["a", "b"])
    }

    // The children get the wrapper's whole range, so its min applies to them.
    @Test func rangeMinReachesTheChildren() {
        let laid = layOut(WrapperLayoutSpec(layoutElement: fixed("a", 50, 60)), in: range(100, 100, 300, 300))
        #expect(laid["a"] == rect(0, 0, 100, 100))
        #expect(laid.size == Size(100, 100))
    }

    @Test func noChildrenTakesTheMin() {
        let laid = layOut(WrapperLayoutSpec(layoutElements: []), in: range(10, 20, 300, 300))
        #expect(laid.size == Size(10, 20))
    }

    // The wrapper's own style applies (§3.3): width 120 → C = [120,120] × [0,300]; the 50×60 child → 120×60.
    @Test func ownStyleApplies() {
        let wrapper = styled("w", WrapperLayoutSpec(layoutElement: fixed("a", 50, 60))) { $0.width = .points(120) }
        let laid = layOut(wrapper, in: range(0, 0, 300, 300))
        #expect(laid["a"] == rect(0, 0, 120, 60))
        #expect(laid.size == Size(120, 60))
    }

    // Children resolve percentages against C.max, not the wrapper's parent size: the wrapper's maxWidth 100 makes
    // C.max.w = 100 while its parent size is 300, so a 50% child is 50 wide (not 150).
    @Test func childPercentagesUseTheRangeMax() {
        let child = plain("a") {
            $0.width = .fraction(0.5); $0.height = .points(10)
        }
        let wrapper = styled("w", WrapperLayoutSpec(layoutElement: child)) { $0.maxWidth = .points(100) }
        let laid = layOut(wrapper, in: range(0, 0, 300, 300))
        #expect(laid["a"] == rect(0, 0, 50, 10))
        #expect(laid.size == Size(50, 10))
    }

    // §4.1: a plain spec takes C.min and ignores its children entirely (no frame for them).
    @Test func plainSpecIsASpacerThatIgnoresChildren() {
        let spacer = LayoutSpec(children: [fixed("ignored", 50, 50)])
        spacer.debugName = "spacer"
        let laid = layOut(WrapperLayoutSpec(layoutElement: spacer), in: range(10, 20, 300, 300))
        #expect(laid["spacer"] == rect(0, 0, 10, 20))
        #expect(laid["ignored"] == nil)
        #expect(laid.size == Size(10, 20))
    }

    // §4.1: the spacer's own style applies (default path): width 40 → C = [40,40] × [0,300] → (40, 0).
    @Test func plainSpecOwnStyle() {
        let spacer = styled("spacer", LayoutSpec()) { $0.width = .points(40) }
        let laid = layOut(WrapperLayoutSpec(layoutElement: spacer), in: range(0, 0, 300, 300))
        #expect(laid["spacer"] == rect(0, 0, 40, 0))
    }
}
