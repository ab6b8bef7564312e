import Testing
@testable import TextureLayout

/// ASRatioLayoutSpec (layout rules §4.8, §8.8; S2, S4; <doc:Errata#ratioPrefersTheWidthCandidate>).
@Suite struct RatioSpecTests {
    // §8.8: [0,0]…[100,100], ratio 0.5: A = (100, 50) error 0, B = (100, 100) error 0.5 → child exactly 100×50.
    // Seed 003 "Half Ratio": the 100×100 subnode is squeezed to the exact range (S4).
    @Test func halfRatio() {
        let laid = layOut(RatioLayoutSpec(ratio: 0.5, child: fixed("subnode", 100, 100)), in: range(0, 0, 100, 100))
        #expect(laid["subnode"] == rect(0, 0, 100, 50))
        #expect(laid.size == Size(100, 50))
    }

    // S2: ratio 7 in 100×100: A = Clamp(100, 700) = (100, 100) error 6; B = (floorPx(14.28…) = 14, 100) error
    // 0.14 → 14×100.
    @Test func sevenTimesRatioFloorsTheWidth() {
        let laid = layOut(RatioLayoutSpec(ratio: 7, child: fixed("c", 100, 100)), in: range(0, 0, 100, 100))
        #expect(laid["c"] == rect(0, 0, 14, 100))
        #expect(laid.size == Size(14, 100))
    }

    // Ratio 2 with an unbounded height: only A = (100, 200) exists.
    @Test func onlyTheWidthCandidate() {
        let laid = layOut(RatioLayoutSpec(ratio: 2, child: fixed("c", 10, 10)), in: range(0, 0, 100, inf))
        #expect(laid["c"] == rect(0, 0, 100, 200))
    }

    // Ratio 2 with an unbounded width: only B = (floorPx(100/2) = 50, 100) exists.
    @Test func onlyTheHeightCandidate() {
        let laid = layOut(RatioLayoutSpec(ratio: 2, child: fixed("c", 10, 10)), in: range(0, 0, inf, 100))
        #expect(laid["c"] == rect(0, 0, 50, 100))
    }

    // Candidates are clamped into C: [0,80]…[100,100], ratio 0.5: A = Clamp(100, 50) = (100, 80) error 0.3;
    // B = Clamp(200, 100) = (100, 100) error 0.5 → A.
    @Test func candidatesAreClampedIntoTheRange() {
        let laid = layOut(RatioLayoutSpec(ratio: 0.5, child: fixed("c", 10, 10)), in: range(0, 80, 100, 100))
        #expect(laid["c"] == rect(0, 0, 100, 80))
    }

    // §4.8 step 2: on NaN comparisons the earlier candidate is kept. [0,0]…[0,100], ratio 1: A = (0, 0) with
    // error |0/0 − 1| = NaN; B = Clamp((100, 100)) = (0, 100) with error ∞; ∞ < NaN is false → A, 0×0.
    @Test func nanErrorKeepsTheFirstCandidate() {
        let laid = layOut(RatioLayoutSpec(ratio: 1, child: fixed("c", 10, 10)), in: range(0, 0, 0, 100))
        #expect(laid["c"] == rect(0, 0, 0, 0))
        #expect(laid.size == Size(0, 0))
    }

    // No candidate (both max dims unbounded): the child gets C and an undefined parent size, so a percentage
    // width acts as auto (no issue: only a fraction min/max asserts).
    @Test func noCandidateGivesTheChildTheRange() {
        let child = fixed("c", 30, 40) { $0.width = .fraction(0.5) }
        let laid = layOut(RatioLayoutSpec(ratio: 2, child: child), in: range(0, 0, inf, inf))
        #expect(laid["c"] == rect(0, 0, 30, 40))
        #expect(laid.size == Size(30, 40))
        #expect(laid.issues.isEmpty)
    }

    // The child's range is exactly the chosen candidate (100, 50); it wins over the child's own 50% × 50% of that
    // candidate (50×25) in the intersection (§2.3).
    @Test func childRangeIsExact() {
        let child = plain("c") {
            $0.width = .fraction(0.5); $0.height = .fraction(0.5)
        }
        let laid = layOut(RatioLayoutSpec(ratio: 0.5, child: child), in: range(0, 0, 100, 100))
        #expect(laid["c"] == rect(0, 0, 100, 50))
    }

    // Own style applies: width 60 → C = [60,60] × [0,100]; A = (60, 30) error 0 → 60×30.
    @Test func ownStyleApplies() {
        let spec = styled("r", RatioLayoutSpec(ratio: 0.5, child: fixed("c", 10, 10))) { $0.width = .points(60) }
        let laid = layOut(spec, in: range(0, 0, 100, 100))
        #expect(laid["c"] == rect(0, 0, 60, 30))
        #expect(laid.size == Size(60, 30))
    }
}
