import Testing
@testable import TextureLayout

/// ASInsetLayoutSpec (layout rules §4.3, §8.6; <doc:Errata#decoratingSpecsIgnoreOwnStyle>, <doc:Errata#infiniteInsetsUseTheMax>).
@Suite struct InsetSpecTests {
    private func inset(_ insets: EdgeInsets, _ child: LayoutElement) -> InsetLayoutSpec {
        InsetLayoutSpec(insets: insets, child: child)
    }

    // §8.6: [0,0]…[300,300], 10 all round, 50×50 child: child range [0,0]…[280,280], size 70×70, child at (10,10).
    @Test func finiteInsets() {
        let laid = layOut(inset(EdgeInsets(all: 10), fixed("c", 50, 50)), in: range(0, 0, 300, 300))
        #expect(laid["c"] == rect(10, 10, 50, 50))
        #expect(laid.size == Size(70, 70))
    }

    // Unequal insets: t 1, l 2, b 3, r 4 → size (50+6, 50+4) = 56×54, child at (2, 1).
    @Test func eachEdgeSeparately() {
        let laid = layOut(
            inset(EdgeInsets(top: 1, left: 2, bottom: 3, right: 4), fixed("c", 50, 50)),
            in: range(0, 0, 300, 300))
        #expect(laid["c"] == rect(2, 1, 50, 50))
        #expect(laid.size == Size(56, 54))
    }

    // The child's range is C less the insets: min 100 − 20 = 80 → the 50×50 child becomes 80×80; spec 100×100.
    @Test func childRangeIsTheRangeLessTheInsets() {
        let laid = layOut(inset(EdgeInsets(all: 10), fixed("c", 50, 50)), in: range(100, 100, 300, 300))
        #expect(laid["c"] == rect(10, 10, 80, 80))
        #expect(laid.size == Size(100, 100))
        // Max: 300 − 20 = 280 caps a 500×500 child.
        let big = layOut(inset(EdgeInsets(all: 10), fixed("c", 500, 500)), in: range(0, 0, 300, 300))
        #expect(big["c"] == rect(10, 10, 280, 280))
        #expect(big.size == Size(300, 300))
    }

    // §8.6: left ∞, others 10: child width range [0, 290]; spec width = C.max.w = 300; x = 300 − (10 + 50) = 240.
    @Test func infiniteLeftPinsToTheRight() {
        let laid = layOut(
            inset(EdgeInsets(top: 10, left: inf, bottom: 10, right: 10), fixed("c", 50, 50)),
            in: range(0, 0, 300, 300))
        #expect(laid["c"] == rect(240, 10, 50, 50))
        #expect(laid.size == Size(300, 70))
    }

    // Top ∞, bottom 10: y = 300 − (10 + 50) = 240; height = C.max.h = 300; width 50 + 20 = 70.
    @Test func infiniteTopPinsToTheBottom() {
        let laid = layOut(
            inset(EdgeInsets(top: inf, left: 10, bottom: 10, right: 10), fixed("c", 50, 50)),
            in: range(0, 0, 300, 300))
        #expect(laid["c"] == rect(10, 240, 50, 50))
        #expect(laid.size == Size(70, 300))
    }

    // Right ∞ only: the child stays at the left inset; the spec takes C.max.w.
    @Test func infiniteRightKeepsTheLeftInset() {
        let laid = layOut(
            inset(EdgeInsets(top: 0, left: 10, bottom: 0, right: inf), fixed("c", 50, 50)),
            in: range(0, 0, 300, 300))
        #expect(laid["c"] == rect(10, 0, 50, 50))
        #expect(laid.size == Size(300, 50))
    }

    // ∞ on all sides: centred within C.max with roundPx((300 − 50)/2 = 125) → x = 300 − (125 + 50) = 125;
    // y = 200 − (roundPx(75) + 50) = 75. Spec = C.max.
    @Test func infiniteOnBothSidesCentres() {
        let laid = layOut(inset(EdgeInsets(all: inf), fixed("c", 50, 50)), in: range(0, 0, 300, 200))
        #expect(laid["c"] == rect(125, 75, 50, 50))
        #expect(laid.size == Size(300, 200))
    }

    // An ∞ inset drops the child's min on that axis (minW = 0): range [100,100]…[300,300], left ∞ → the child's
    // width range is [0, 300], so a 50-wide child stays 50; height keeps min 100.
    @Test func infiniteInsetDropsTheChildMin() {
        let laid = layOut(
            inset(EdgeInsets(top: 0, left: inf, bottom: 0, right: 0), fixed("c", 50, 50)),
            in: range(100, 100, 300, 300))
        #expect(laid["c"] == rect(250, 0, 50, 100))
        #expect(laid.size == Size(300, 100))
    }

    // Negative insets: child range max 320; size 50 − 20 = 30; child at (−10, −10).
    @Test func negativeInsets() {
        let laid = layOut(inset(EdgeInsets(all: -10), fixed("c", 50, 50)), in: range(0, 0, 300, 300))
        #expect(laid["c"] == rect(-10, -10, 50, 50))
        #expect(laid.size == Size(30, 30))
    }

    // §3.3: the inset spec ignores its own style.
    @Test func ownStyleIsIgnored() {
        let spec = styled("i", inset(EdgeInsets(all: 10), fixed("c", 50, 50))) {
            $0.width = .points(200); $0.minHeight = .points(150)
        }
        let laid = layOut(spec, in: range(0, 0, 300, 300))
        #expect(laid.size == Size(70, 70))
        #expect(laid["c"] == rect(10, 10, 50, 50))
    }

    // §4.3 step 4: percentages resolve against the parent size less the insets: (300 − 20)·50% = 140.
    @Test func childPercentagesUseTheParentSizeLessTheInsets() {
        let child = plain("c") {
            $0.width = .fraction(0.5); $0.height = .fraction(0.5)
        }
        let laid = layOut(inset(EdgeInsets(all: 10), child), in: range(0, 0, 300, 300))
        #expect(laid["c"] == rect(10, 10, 140, 140))
        #expect(laid.size == Size(160, 160))
    }

    // Errata#infiniteInsetsUseTheMax: ∞-inset children are positioned against C.max. Range [0,0]…[120,80], child 50×30, ∞ left and top:
    // x = 120 − (0 + 50) = 70, y = 80 − (0 + 30) = 50; the spec takes C.max on both axes.
    @Test func infiniteInsetsUseTheRangeMax() {
        let laid = layOut(
            inset(EdgeInsets(top: inf, left: inf, bottom: 0, right: 0), fixed("c", 50, 30)),
            in: range(0, 0, 120, 80))
        #expect(laid["c"] == rect(70, 50, 50, 30))
        #expect(laid.size == Size(120, 80))
    }

    // A spec made without a child measures as zero (no child: nothing to surround); given its child afterwards,
    // it lays it out as one made with it: 10 all round, 50×50 child → 70×70, child at (10, 10).
    @Test func childGivenAfterTheSpecIsMade() {
        let spec = InsetLayoutSpec(insets: EdgeInsets(all: 10))
        #expect(layOut(spec, in: range(0, 0, 300, 300)).size == Size(0, 0))
        spec.child = fixed("c", 50, 50)
        let laid = layOut(spec, in: range(0, 0, 300, 300))
        #expect(laid["c"] == rect(10, 10, 50, 50))
        #expect(laid.size == Size(70, 70))
    }
}
