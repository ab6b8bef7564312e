import Testing
@testable import TextureLayout

/// The pixel helpers and where they apply, at scales 1, 2 and 3 (layout rules §0.4, §3.6, §6.2, §7.1, §8.11).
@Suite struct PixelGridTests {
    // ceilPx(f) = ceil((f − ε)·s)/s.
    @Test(
        arguments: [
            (1.0, 10.2, 11.0), (2, 10.2, 10.5), (3, 10.2, 31.0 / 3),  // 10.2·3 = 30.6 → 31
            (1, 10, 10), (2, 10, 10), (3, 10, 10),
            (2, 10 + 1e-8, 10),  // within ε: not pushed up a pixel
            (1, 33.3333, 34), (2, 33.3333, 33.5), (3, 33.3333, 100.0 / 3),  // §8.11
            (2, -10.2, -10), (2, -7.5, -7.5), (1, -7.5, -7),
        ] as [(Double, Double, Double)])
    func ceil(scale: Double, value: Double, expected: Double) {
        #expect(PixelGrid(scale: scale).ceil(value) == expected)
    }

    // §0.4: ceilPx(0) is −0 in Texture; the engine normalises it to +0 (geometry is the same).
    @Test func ceilOfZeroIsPlusZero() {
        for scale in [1.0, 2, 3] {
            let zero = PixelGrid(scale: scale).ceil(0)
            #expect(zero == 0 && zero.sign == .plus)
        }
    }

    // floorPx(f) = floor((f + ε)·s)/s.
    @Test(
        arguments: [
            (1.0, 12.7, 12.0), (2, 12.7, 12.5), (3, 12.7, 38.0 / 3),  // 38.1 → 38
            (1, 9.99999999, 10),  // within ε: not pushed down a pixel
            (1, 100.0 / 3, 33), (2, 100.0 / 3, 33), (3, 100.0 / 3, 100.0 / 3),
        ] as [(Double, Double, Double)])
    func floor(scale: Double, value: Double, expected: Double) {
        #expect(PixelGrid(scale: scale).floor(value) == expected)
    }

    // roundPx(f) = round(f·s)/s, halves away from zero.
    @Test(
        arguments: [
            (1.0, 2.25, 2.0), (2, 2.25, 2.5), (3, 2.25, 7.0 / 3),  // 6.75 → 7
            (2, -2.25, -2.5), (1, 124.5, 125), (1, -0.5, -1),
        ] as [(Double, Double, Double)])
    func round(scale: Double, value: Double, expected: Double) {
        #expect(PixelGrid(scale: scale).round(value) == expected)
    }

    // A scale that is not a positive finite number means 1 (engine rule: no rounding may produce NaN).
    @Test(arguments: [0.0, -2, .nan, .infinity])
    func invalidScaleFallsBackToOne(scale: Double) {
        #expect(PixelGrid(scale: scale).scale == 1)
        #expect(fixedLeafSize(33.3333, scale: scale) == 34)
    }

    @Test func defaultScaleIsTwo() {
        #expect(PixelGrid().scale == 2)
        #expect(fixed("n", 1, 1).layout(within: .unconstrained).grid.scale == 2)
    }

    private func fixedLeafSize(_ width: Double, scale: Double) -> Double {
        layOut(WrapperLayoutSpec(layoutElement: fixed("n", width, 10)), in: range(0, 0, 300, 300), scale: scale)["n"]!
            .width
    }

    // §8.11: a node whose intrinsic width is 33.3333 → 34 (s=1), 33.5 (s=2), 100/3 (s=3); the root, sized by
    // its spec, reports the same.
    @Test(arguments: [(1.0, 34.0), (2, 33.5), (3, 100.0 / 3)] as [(Double, Double)])
    func sizesAreCeiled(scale: Double, expected: Double) {
        let laid = layOut(
            WrapperLayoutSpec(layoutElement: fixed("n", 33.3333, 10)), in: range(0, 0, 300, 300),
            scale: scale)
        #expect(laid["n"] == rect(0, 0, expected, 10))
        #expect(laid.size == Size(expected, 10))
    }

    // §6.2: node positions are ceilPx of the accumulated (unrounded) spec positions. Justify center in an exactly
    // 101-wide stack: offset (101 − 50)/2 = 25.5, kept unrounded by the stack.
    @Test(arguments: [(1.0, 26.0), (2, 25.5), (3, 77.0 / 3)] as [(Double, Double)])  // 25.5·3 = 76.5 → 77
    func nodePositionsAreCeiled(scale: Double, expected: Double) {
        let stack = StackLayoutSpec(justifyContent: .center, alignItems: .start, children: [fixed("n", 50, 10)])
        let laid = layOut(stack, in: exact(101, 10), scale: scale)
        #expect(laid["n"] == rect(expected, 0, 50, 10))
    }

    // §4.6/§7.1: the center spec rounds its offset: roundPx((101 − 50)·0.5 = 25.5); then flattening ceils.
    @Test(arguments: [(1.0, 26.0), (2, 25.5), (3, 77.0 / 3)] as [(Double, Double)])
    func centerOffsetsAreRounded(scale: Double, expected: Double) {
        let center = CenterLayoutSpec(centeringOptions: .xy, child: fixed("n", 50, 50))
        let laid = layOut(center, in: exact(101, 101), scale: scale)
        #expect(laid["n"] == rect(expected, expected, 50, 50))
    }

    // §4.3/§7.1: inset with ∞ on both sides centres with roundPx((300 − 51)/2 = 124.5): s=1 → 125, x = 300 − 176
    // = 124; s=2 → 124.5, x = 124.5; s=3 → 373.5 → 374/3, x = 300 − (374/3 + 51) = 124.333…, which the node
    // position ceils to 373/3 (the same point).
    @Test(arguments: [(1.0, 124.0), (2, 124.5), (3, 373.0 / 3)] as [(Double, Double)])
    func insetCentringIsRounded(scale: Double, expectedX: Double) {
        let leaf = fixed("n", 51, 10)
        let inset = InsetLayoutSpec(insets: EdgeInsets(top: 0, left: inf, bottom: 0, right: inf), child: leaf)
        let laid = layOut(inset, in: range(0, 0, 300, 300), scale: scale)
        #expect(laid["n"] == rect(expectedX, 0, 51, 10))
        #expect(laid.size == Size(300, 10))
    }

    // §4.8/§7.1: ratio candidates are floored. Ratio 3 in [0,0]…[100,100]: A = (100, 300→100) error 2;
    // B = (floorPx(33.33…), 100): 33 at s=1 and s=2, 100/3 at s=3 (error ~0) → B wins.
    @Test(arguments: [(1.0, 33.0), (2, 33.0), (3, 100.0 / 3)] as [(Double, Double)])
    func ratioCandidatesAreFloored(scale: Double, expectedWidth: Double) {
        let ratio = RatioLayoutSpec(ratio: 3, child: fixed("n", 10, 10))
        let laid = layOut(ratio, in: range(0, 0, 100, 100), scale: scale)
        #expect(laid["n"] == rect(0, 0, expectedWidth, 100))
    }

    // §5.10/§7.1: the stack's center cross offset is floored: (100 − 25)/2 = 37.5 → 37 (s=1), 37.5 (s=2),
    // floor(112.5)/3 = 112/3 (s=3).
    @Test(arguments: [(1.0, 37.0), (2, 37.5), (3, 112.0 / 3)] as [(Double, Double)])
    func stackCenterCrossOffsetIsFloored(scale: Double, expectedY: Double) {
        let stack = StackLayoutSpec(alignItems: .center, children: [fixed("n", 50, 25)])
        let laid = layOut(stack, in: range(0, 100, 300, 100), scale: scale)
        #expect(laid["n"] == rect(0, expectedY, 50, 25))
    }

    // §8.3 at each scale: shrunk widths 190.909…, 81.818…, 127.27… ceil to 191, 82, 128 (s=1), 127.5 (s=2),
    // 382/3 (s=3: 381.8 → 382); the next items start at the ceiled sizes: x = 0, 191, 273.
    @Test(arguments: [(1.0, 128.0), (2, 127.5), (3, 382.0 / 3)] as [(Double, Double)])
    func shrunkSizesAreCeiled(scale: Double, lastWidth: Double) {
        let a = plain("a") {
            $0.width = .points(300); $0.flexShrink = 2
        }
        let b = plain("b") {
            $0.width = .points(100); $0.flexShrink = 1
        }
        let c = plain("c") {
            $0.width = .points(200); $0.flexShrink = 2
        }
        let laid = layOut(StackLayoutSpec.horizontal(children: [a, b, c]), in: exact(400, 50), scale: scale)
        #expect(laid["a"] == rect(0, 0, 191, 50))
        #expect(laid["b"] == rect(191, 0, 82, 50))
        #expect(laid["c"] == rect(273, 0, lastWidth, 50))
    }

    // §3.6: sizes are ceiled at creation, so a size may exceed its max constraint by less than a pixel, and the
    // root (sized by its spec, S7) is not clamped back. 10.2 → 10.5 at s=2.
    @Test func ceilingMayExceedTheMax() {
        let laid = layOut(WrapperLayoutSpec(layoutElement: fixed("n", 50, 50)), in: range(0, 0, 10.2, 10.2))
        #expect(laid["n"] == rect(0, 0, 10.5, 10.5))
        #expect(laid.size == Size(10.5, 10.5))
    }
}
