import Testing
@testable import TextureLayout

/// ASRelativeLayoutSpec and ASCenterLayoutSpec (layout rules §4.6, §4.7, §8.7; S3).
@Suite struct RelativeCenterSpecTests {
    // §8.7: range [100,120]…[320,160], centre XY, child 70×100: size 320×160, child at (125, 30).
    @Test func centerXYDefaultSizing() {
        let spec = CenterLayoutSpec(centeringOptions: .xy, sizingOptions: [], child: fixed("c", 70, 100))
        let laid = layOut(spec, in: range(100, 120, 320, 160))
        #expect(laid["c"] == rect(125, 30, 70, 100))
        #expect(laid.size == Size(320, 160))
    }

    // §8.7: MinimumXY: size Clamp(70×100) = 100×120, child at (15, 10).
    @Test func centerXYMinimumXY() {
        let spec = CenterLayoutSpec(centeringOptions: .xy, sizingOptions: .minimumXY, child: fixed("c", 70, 100))
        let laid = layOut(spec, in: range(100, 120, 320, 160))
        #expect(laid["c"] == rect(15, 10, 70, 100))
        #expect(laid.size == Size(100, 120))
    }

    // MinimumX only: width Clamp(min(320, 70)) = 100, height 160 → child at ((100−70)/2, (160−100)/2) = (15, 30).
    @Test func centerMinimumXOnly() {
        let spec = CenterLayoutSpec(centeringOptions: .xy, sizingOptions: .minimumX, child: fixed("c", 70, 100))
        let laid = layOut(spec, in: range(100, 120, 320, 160))
        #expect(laid["c"] == rect(15, 30, 70, 100))
        #expect(laid.size == Size(100, 160))
    }

    // MinimumY only: 320 × Clamp(min(160, 100)) = 320×120 → child at (125, 10).
    @Test func centerMinimumYOnly() {
        let spec = CenterLayoutSpec(centeringOptions: .xy, sizingOptions: .minimumY, child: fixed("c", 70, 100))
        let laid = layOut(spec, in: range(100, 120, 320, 160))
        #expect(laid["c"] == rect(125, 10, 70, 100))
        #expect(laid.size == Size(320, 120))
    }

    // §4.7: the default centre spec does not centre and passes C.min to its child: the child becomes
    // Clamp([100,120]…[320,160], 70×100) = 100×120 at (0,0); the spec takes C.max.
    @Test func centerDefaultOptionsDoNotCentre() {
        let laid = layOut(CenterLayoutSpec(child: fixed("c", 70, 100)), in: range(100, 120, 320, 160))
        #expect(laid["c"] == rect(0, 0, 100, 120))
        #expect(laid.size == Size(320, 160))
    }

    // Centre X only: vertical None passes min height 120 → child 70×120; x = (320−70)/2 = 125, y = 0.
    @Test func centerXOnly() {
        let laid = layOut(
            CenterLayoutSpec(centeringOptions: .x, child: fixed("c", 70, 100)), in: range(100, 120, 320, 160))
        #expect(laid["c"] == rect(125, 0, 70, 120))
    }

    // Centre Y only: horizontal None passes min width 100 → child 100×100; x = 0, y = (160−100)/2 = 30.
    @Test func centerYOnly() {
        let laid = layOut(
            CenterLayoutSpec(centeringOptions: .y, child: fixed("c", 70, 100)), in: range(100, 120, 320, 160))
        #expect(laid["c"] == rect(0, 30, 100, 100))
    }

    // Seed 003: "If the center spec's width or height is unconstrained, it shrinks to the size of the child."
    @Test func unboundedAxesShrinkToTheChild() {
        let both = layOut(
            CenterLayoutSpec(centeringOptions: .xy, child: fixed("c", 70, 100)), in: range(0, 0, inf, inf))
        #expect(both["c"] == rect(0, 0, 70, 100))
        #expect(both.size == Size(70, 100))
        // Width bounded (300): x = (300 − 70)/2 = 115; height unbounded → 100.
        let one = layOut(CenterLayoutSpec(centeringOptions: .xy, child: fixed("c", 70, 100)), in: range(0, 0, 300, inf))
        #expect(one["c"] == rect(115, 0, 70, 100))
        #expect(one.size == Size(300, 100))
    }

    // §4.6 positions: f = 0 (None/Start), 0.5 (Center), 1 (End). Range [0,0]…[200,100], child 50×20, free 150×80.
    @Test(
        arguments: [
            (RelativePosition.start, RelativePosition.start, 0.0, 0.0),
            (.none, .none, 0, 0),
            (.end, .end, 150, 80),
            (.center, .end, 75, 80),
            (.end, .center, 150, 40),
            (.center, .center, 75, 40),
            (.start, .end, 0, 80),
        ] as [(RelativePosition, RelativePosition, Double, Double)])
    func relativePositions(horizontal: RelativePosition, vertical: RelativePosition, x: Double, y: Double) {
        let spec = RelativeLayoutSpec(
            horizontalPosition: horizontal, verticalPosition: vertical,
            child: fixed("c", 50, 20))
        let laid = layOut(spec, in: range(0, 0, 200, 100))
        #expect(laid["c"] == rect(x, y, 50, 20))
        #expect(laid.size == Size(200, 100))
    }

    // §4.6: None passes C.min to the child, Start passes 0. Range [100,50]…[200,100], child 50×20.
    @Test func noneAndStartDifferInTheChildMin() {
        let none = layOut(
            RelativeLayoutSpec(horizontalPosition: .none, verticalPosition: .start, child: fixed("c", 50, 20)),
            in: range(100, 50, 200, 100))
        #expect(none["c"] == rect(0, 0, 100, 20))
        let start = layOut(
            RelativeLayoutSpec(horizontalPosition: .start, verticalPosition: .none, child: fixed("c", 50, 20)),
            in: range(100, 50, 200, 100))
        #expect(start["c"] == rect(0, 0, 50, 50))
    }

    // §4.6 sizing options: size = Clamp(C, min(size, child)) on the chosen axes. Range [0,0]…[200,100], child 50×20,
    // End/End: minimumWidth → 50×100, child at (0, 80); minimumHeight → 200×20, child at (150, 0); both → 50×20.
    @Test func relativeSizingOptions() {
        func laid(_ option: RelativeSizingOption) -> Laid {
            layOut(
                RelativeLayoutSpec(
                    horizontalPosition: .end, verticalPosition: .end, sizingOption: option,
                    child: fixed("c", 50, 20)), in: range(0, 0, 200, 100))
        }
        #expect(laid(.minimumWidth).size == Size(50, 100))
        #expect(laid(.minimumWidth)["c"] == rect(0, 80, 50, 20))
        #expect(laid(.minimumHeight).size == Size(200, 20))
        #expect(laid(.minimumHeight)["c"] == rect(150, 0, 50, 20))
        #expect(laid(.minimumSize).size == Size(50, 20))
        #expect(laid(.minimumSize)["c"] == rect(0, 0, 50, 20))
    }

    // The minimum sizing is clamped to C.min: [80,30]…[200,100] with minimumSize → 80×30; End/End → (30, 10).
    @Test func minimumSizingIsClampedToTheRangeMin() {
        let spec = RelativeLayoutSpec(
            horizontalPosition: .end, verticalPosition: .end, sizingOption: .minimumSize,
            child: fixed("c", 50, 20))
        let laid = layOut(spec, in: range(80, 30, 200, 100))
        #expect(laid.size == Size(80, 30))
        #expect(laid["c"] == rect(30, 10, 50, 20))
    }

    // §4.6 step 2: the child's parent size is the bounded size: a 50% child of a 200×100 relative spec is 100×50.
    @Test func childPercentagesUseTheBoundedSize() {
        let child = plain("c") {
            $0.width = .fraction(0.5); $0.height = .fraction(0.5)
        }
        let laid = layOut(
            RelativeLayoutSpec(horizontalPosition: .center, verticalPosition: .center, child: child),
            in: range(0, 0, 200, 100))
        #expect(laid["c"] == rect(50, 25, 100, 50))
    }

    // Own style applies (§3.3): width 120 in [0,0]…[300,100] → C = [120,120] × [0,100]; centred 50×20 child at
    // ((120−50)/2, (100−20)/2) = (35, 40).
    @Test func ownStyleApplies() {
        let spec = styled("r", CenterLayoutSpec(centeringOptions: .xy, child: fixed("c", 50, 20))) {
            $0.width = .points(120)
        }
        let laid = layOut(spec, in: range(0, 0, 300, 100))
        #expect(laid.size == Size(120, 100))
        #expect(laid["c"] == rect(35, 40, 50, 20))
    }

    // Centre and relative specs are the same algorithm (§4.7): centring XY = Center/Center, minimumXY = minimumSize.
    @Test func centerIsARelativeSpec() {
        let center = CenterLayoutSpec(centeringOptions: .xy, sizingOptions: .minimumXY, child: fixed("c", 1, 1))
        #expect(center.horizontalPosition == .center && center.verticalPosition == .center)
        #expect(center.sizingOption == .minimumSize)
        center.centeringOptions = .x
        #expect(center.horizontalPosition == .center && center.verticalPosition == .none)
    }
}
