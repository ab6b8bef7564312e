import Testing
@testable import TextureLayout

/// ASAbsoluteLayoutSpec and `style.layoutPosition` (layout rules §4.9, §8.10; S8; <doc:Errata#absoluteEdgeCollapse>).
@Suite struct AbsoluteSpecTests {
    private func child(_ name: String, at p: Point, _ w: Double, _ h: Double) -> DisplayNode {
        plain(name) {
            $0.layoutPosition = p; $0.preferredSize = Size(w, h)
        }
    }

    // §8.10: [10,10]…[110,160]; A 50×50 at (0,0), B 100×100 at (10,60) (auto max 100×100); Default → 110×160.
    @Test func defaultSizingTakesTheMax() {
        let spec = AbsoluteLayoutSpec(children: [
            child("A", at: Point(0, 0), 50, 50), child("B", at: Point(10, 60), 100, 100),
        ])
        let laid = layOut(spec, in: range(10, 10, 110, 160))
        #expect(laid["A"] == rect(0, 0, 50, 50))
        #expect(laid["B"] == rect(10, 60, 100, 100))
        #expect(laid.size == Size(110, 160))
    }

    // SizeToFit: MAX(C.min, max of x + w) = (110, 160) instead of C.max 300×300.
    @Test func sizeToFit() {
        let children = [child("A", at: Point(0, 0), 50, 50), child("B", at: Point(10, 60), 100, 100)]
        let fit = layOut(AbsoluteLayoutSpec(sizing: .sizeToFit, children: children), in: range(0, 0, 300, 300))
        #expect(fit.size == Size(110, 160))
        #expect(fit["B"] == rect(10, 60, 100, 100))
        let children2 = [child("A", at: Point(0, 0), 50, 50), child("B", at: Point(10, 60), 100, 100)]
        #expect(layOut(AbsoluteLayoutSpec(children: children2), in: range(0, 0, 300, 300)).size == Size(300, 300))
    }

    // SizeToFit never goes below C.min: [200,200]…[300,300] → (200, 200).
    @Test func sizeToFitRespectsTheMin() {
        let spec = AbsoluteLayoutSpec(sizing: .sizeToFit, children: [child("A", at: Point(5, 5), 50, 50)])
        #expect(layOut(spec, in: range(200, 200, 300, 300)).size == Size(200, 200))
    }

    // Default sizing on unbounded axes uses the children's extent (size NaN there): (10+100, 60+100).
    @Test func defaultSizingOnUnboundedAxes() {
        let spec = AbsoluteLayoutSpec(children: [
            child("A", at: Point(0, 0), 50, 50), child("B", at: Point(10, 60), 100, 100),
        ])
        #expect(layOut(spec, in: range(0, 0, inf, inf)).size == Size(110, 160))
        // Width bounded, height not: (300, 160).
        let spec2 = AbsoluteLayoutSpec(children: [
            child("A", at: Point(0, 0), 50, 50), child("B", at: Point(10, 60), 100, 100),
        ])
        #expect(layOut(spec2, in: range(0, 0, 300, inf)).size == Size(300, 160))
    }

    // S8: an auto max reaches the spec's max edge from the position: a plain node at (30, 40) in 100×100 gets
    // [0,0]…[70,60] and takes it.
    @Test func autoMaxReachesTheMaxEdge() {
        let spec = AbsoluteLayoutSpec(children: [plain("n") { $0.layoutPosition = Point(30, 40) }])
        let laid = layOut(spec, in: range(0, 0, 100, 100))
        #expect(laid["n"] == rect(30, 40, 70, 60))
    }

    // An auto min is 0 (not C.min): a 20×20 leaf in [50,50]…[100,100] stays 20×20.
    @Test func autoMinIsZero() {
        let spec = AbsoluteLayoutSpec(children: [fixed("n", 20, 20) { $0.layoutPosition = Point(5, 5) }])
        let laid = layOut(spec, in: range(50, 50, 100, 100))
        #expect(laid["n"] == rect(5, 5, 20, 20))
        #expect(laid.size == Size(100, 100))
    }

    // A leaf bigger than the space left is capped at it: 200×200 at (0,0) in 100×100 → 100×100.
    @Test func bigChildIsCappedAtTheMaxEdge() {
        let laid = layOut(AbsoluteLayoutSpec(children: [fixed("n", 200, 200)]), in: range(0, 0, 100, 100))
        #expect(laid["n"] == rect(0, 0, 100, 100))
    }

    // Errata#absoluteEdgeCollapse: at or beyond the max edge, the child's range collapses to [0,0] even with an explicit width...
    @Test func positionAtTheMaxEdgeCollapsesTheChild() {
        let spec = AbsoluteLayoutSpec(children: [child("n", at: Point(100, 0), 50, 50)])
        let laid = layOut(spec, in: range(0, 0, 100, 100))
        #expect(laid["n"] == rect(100, 0, 0, 50))
    }

    // ...unless the child sets its own max on that axis: maxWidth 80 → constrain(0, 50, 80) = [50,50].
    @Test func ownMaxAvoidsTheCollapse() {
        let spec = AbsoluteLayoutSpec(children: [
            plain("n") {
                $0.layoutPosition = Point(100, 0); $0.preferredSize = Size(50, 50); $0.maxWidth = .points(80)
            }
        ])
        let laid = layOut(spec, in: range(0, 0, 100, 100))
        #expect(laid["n"] == rect(100, 0, 50, 50))
    }

    // Children may overflow and keep their positions: minSize 50 at (80,80) in 100×100 → 50×50 (min beats the
    // auto max 20); SizeToFit extent (130,130) clamped to (100,100).
    @Test func childrenMayOverflow() {
        let spec = AbsoluteLayoutSpec(
            sizing: .sizeToFit,
            children: [
                plain("n") {
                    $0.layoutPosition = Point(80, 80); $0.minSize = Size(50, 50)
                }
            ])
        let laid = layOut(spec, in: range(0, 0, 100, 100))
        #expect(laid["n"] == rect(80, 80, 50, 50))
        #expect(laid.size == Size(100, 100))
    }

    // Percentages resolve against the bounded max (200, 100): 50% × 20% at (10,10) → 100×20.
    @Test func childPercentagesUseTheRangeMax() {
        let spec = AbsoluteLayoutSpec(children: [
            plain("n") {
                $0.layoutPosition = Point(10, 10); $0.width = .fraction(0.5); $0.height = .fraction(0.2)
            }
        ])
        let laid = layOut(spec, in: range(0, 0, 200, 100))
        #expect(laid["n"] == rect(10, 10, 100, 20))
    }

    // Positions are not rounded by the spec; the node frame is ceilPx of it (§6.2): (10.2, 0.25) → (10.5, 0.5).
    @Test func fractionalPositionsAreCeiledAtTheNodeBoundary() {
        let spec = AbsoluteLayoutSpec(children: [fixed("n", 10, 10) { $0.layoutPosition = Point(10.2, 0.25) }])
        let laid = layOut(spec, in: range(0, 0, 100, 100))
        #expect(laid["n"] == rect(10.5, 0.5, 10, 10))
        #expect(laid.entry("n")!.position == Point(10.2, 0.25))
    }

    // Own style applies: maxWidth 60 in [0,0]…[300,300] → C.max.w = 60 → size (60, 300).
    @Test func ownStyleApplies() {
        let spec = styled("abs", AbsoluteLayoutSpec(children: [fixed("n", 10, 10)])) { $0.maxWidth = .points(60) }
        #expect(layOut(spec, in: range(0, 0, 300, 300)).size == Size(60, 300))
    }
}
