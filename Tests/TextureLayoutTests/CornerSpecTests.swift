import Testing
@testable import TextureLayout

/// ASCornerLayoutSpec (layout rules §4.10, §8.9; <doc:Errata#unwrappedCornerSticksOut>).
@Suite struct CornerSpecTests {
    private func corner(
        _ location: CornerLocation, offset: Point = .zero, wraps: Bool = false,
        cornerSize: Double = 20
    ) -> CornerLayoutSpec {
        CornerLayoutSpec(
            child: fixed("child", 100, 100), corner: fixed("corner", cornerSize, cornerSize),
            location: location, offset: offset, wrapsCorner: wraps)
    }

    // §8.9 without wrap: size = the child's 100×100; the corner's centre on the child's top-right corner.
    @Test func topRightWithoutWrap() {
        let laid = layOut(corner(.topRight), in: range(0, 0, 300, 300))
        #expect(laid["child"] == rect(0, 0, 100, 100))
        #expect(laid["corner"] == rect(90, -10, 20, 20))
        #expect(laid.size == Size(100, 100))
        #expect(laid.subnodeNames == ["child", "corner"])
    }

    // The four locations: origin = (corner point) − (10, 10).
    @Test(
        arguments: [
            (CornerLocation.topLeft, -10.0, -10.0), (.topRight, 90, -10), (.bottomLeft, -10, 90),
            (.bottomRight, 90, 90),
        ] as [(CornerLocation, Double, Double)])
    func locations(location: CornerLocation, x: Double, y: Double) {
        let laid = layOut(corner(location), in: range(0, 0, 300, 300))
        #expect(laid["corner"] == rect(x, y, 20, 20))
        #expect(laid["child"] == rect(0, 0, 100, 100))
        #expect(laid.size == Size(100, 100))
    }

    // The offset is added to the corner origin: top right + (5, −3) → (95, −13).
    @Test func offset() {
        let laid = layOut(corner(.topRight, offset: Point(5, -3)), in: range(0, 0, 300, 300))
        #expect(laid["corner"] == rect(95, -13, 20, 20))
    }

    // §8.9 with wrapsCorner: union (0,−10,110,110) → size 110×110; everything moves down by 10.
    @Test func topRightWrapsCorner() {
        let laid = layOut(corner(.topRight, wraps: true), in: range(0, 0, 300, 300))
        #expect(laid["child"] == rect(0, 10, 100, 100))
        #expect(laid["corner"] == rect(90, 0, 20, 20))
        #expect(laid.size == Size(110, 110))
    }

    // Top left wrapped: union (−10,−10,110,110) → child (10,10), corner (0,0).
    @Test func topLeftWrapsCorner() {
        let laid = layOut(corner(.topLeft, wraps: true), in: range(0, 0, 300, 300))
        #expect(laid["child"] == rect(10, 10, 100, 100))
        #expect(laid["corner"] == rect(0, 0, 20, 20))
        #expect(laid.size == Size(110, 110))
    }

    // Bottom right wrapped: union (0,0,110,110), no shift.
    @Test func bottomRightWrapsCorner() {
        let laid = layOut(corner(.bottomRight, wraps: true), in: range(0, 0, 300, 300))
        #expect(laid["child"] == rect(0, 0, 100, 100))
        #expect(laid["corner"] == rect(90, 90, 20, 20))
        #expect(laid.size == Size(110, 110))
    }

    // The wrapped size is clamped to C (the children keep their shifted positions): 110×110 → 105×105.
    @Test func wrappedSizeIsClamped() {
        let laid = layOut(corner(.topRight, wraps: true), in: range(0, 0, 105, 105))
        #expect(laid.size == Size(105, 105))
        #expect(laid["child"] == rect(0, 10, 100, 100))
        #expect(laid["corner"] == rect(90, 0, 20, 20))
    }

    // Both elements get the full range C: a plain corner (no intrinsic size) takes C.max.
    @Test func childAndCornerGetTheWholeRange() {
        let spec = CornerLayoutSpec(child: fixed("child", 100, 100), corner: plain("corner"), location: .topLeft)
        let laid = layOut(spec, in: range(0, 0, 40, 30))
        #expect(laid["child"] == rect(0, 0, 40, 30))
        #expect(laid["corner"] == rect(-20, -15, 40, 30))
    }

    // Fractional corner positions are ceiled at the node boundary: a 15×15 corner at top left is at (−7.5, −7.5):
    // s=2 → −7.5; s=1 → ceil(−7.5 − ε) = −7.
    @Test func fractionalCornerPositions() {
        let two = layOut(corner(.topLeft, cornerSize: 15), in: range(0, 0, 300, 300), scale: 2)
        #expect(two["corner"] == rect(-7.5, -7.5, 15, 15))
        let one = layOut(corner(.topLeft, cornerSize: 15), in: range(0, 0, 300, 300), scale: 1)
        #expect(one["corner"] == rect(-7, -7, 15, 15))
    }

    // Own style applies: width 50 → C = [50,50] × [0,300]; the 100×100 child → 50×100; the 20×20 corner gets the
    // same range → 50×20, at (50 − 25, −10) = (25, −10).
    @Test func ownStyleApplies() {
        let spec = styled("k", corner(.topRight)) { $0.width = .points(50) }
        let laid = layOut(spec, in: range(0, 0, 300, 300))
        #expect(laid["child"] == rect(0, 0, 50, 100))
        #expect(laid["corner"] == rect(25, -10, 50, 20))
    }
}
