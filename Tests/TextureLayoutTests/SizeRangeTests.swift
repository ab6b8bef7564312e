import Testing
@testable import TextureLayout

/// ASSizeRange: clamp, intersect, validity, description (layout rules §1.3; API facts 5–9, S4).
@Suite struct SizeRangeTests {
    // Fact 5: overlap → the intersection.
    @Test func overlappingRangesIntersect() {
        #expect(range(0, 0, 10, 10).intersection(range(7, 7, 15, 15)) == range(7, 7, 10, 10))
    }

    // Fact 6: the other range contains the receiver → the receiver.
    @Test func rangeInsideOtherStaysTheSame() {
        #expect(range(2, 2, 8, 8).intersection(range(0, 0, 10, 10)) == range(2, 2, 8, 8))
    }

    // Fact 7: the receiver contains the other → the other.
    @Test func containedRangeIsReturned() {
        #expect(range(0, 0, 10, 10).intersection(range(2, 2, 8, 8)) == range(2, 2, 8, 8))
    }

    // Fact 8: disjoint, receiver below → the single point at the receiver's max.
    @Test func disjointReceiverBelowGivesItsMax() {
        #expect(range(0, 0, 5, 5).intersection(range(10, 10, 15, 15)) == range(5, 5, 5, 5))
    }

    // Fact 9: disjoint, receiver above → the single point at the receiver's min.
    @Test func disjointReceiverAboveGivesItsMin() {
        #expect(range(10, 10, 15, 15).intersection(range(0, 0, 5, 5)) == range(10, 10, 10, 10))
    }

    // §1.3: axes are intersected independently; one axis may overlap while the other is disjoint.
    @Test func axesIntersectIndependently() {
        // width: [0,10]∩[7,15] = [7,10]; height: [10,15]∩[0,5] disjoint, receiver above → [10,10].
        #expect(range(0, 10, 10, 15).intersection(range(7, 0, 15, 5)) == range(7, 10, 10, 10))
    }

    // §1.3: an inverted receiver takes the disjoint branch and collapses to a point of itself.
    @Test func invertedReceiverCollapses() {
        // lo = MAX(200, 0) = 200 > hi = MIN(100, ∞) = 100; a.min 200 < b.min 0 is false → [200, 200].
        #expect(range(200, 200, 100, 100).intersection(.unconstrained) == exact(200, 200))
    }

    // §1.3 clamp: MAX(min, MIN(max, v)); in an inverted range the min wins.
    @Test func clamp() {
        let r = range(10, 20, 100, 200)
        #expect(r.clamp(Size(5, 300)) == Size(10, 200))
        #expect(r.clamp(Size(50, 60)) == Size(50, 60))
        #expect(range(200, 200, 100, 100).clamp(Size(50, 150)) == Size(200, 200))
        #expect(SizeRange.unconstrained.clamp(Size(1e6, 0)) == Size(1e6, 0))
    }

    // §0.2: clamp uses the C macros, so a NaN value gives the min (MIN(max, NaN) = NaN, MAX(min, NaN) = min).
    @Test func clampOfNaNGivesTheMin() {
        #expect(range(10, 0, 100, 100).clamp(Size(.nan, .nan)) == Size(10, 0))
    }

    @Test func constants() {
        #expect(SizeRange.zero == range(0, 0, 0, 0))
        #expect(SizeRange.unconstrained == range(0, 0, inf, inf))
        #expect(SizeRange(exactly: Size(3, 4)) == range(3, 4, 3, 4))
    }

    // §1.3 ASSizeRangeMake's assertions: finite non-negative min, non-negative max (∞ allowed), min ≤ max.
    @Test func validity() {
        #expect(range(0, 0, inf, inf).isValid)
        #expect(exact(10, 10).isValid)
        #expect(!range(20, 0, 10, 10).isValid)
        #expect(!range(-1, 0, 10, 10).isValid)
        #expect(!range(inf, 0, inf, 10).isValid)
        #expect(!range(.nan, 0, 10, 10).isValid)
        #expect(!range(0, 0, .nan, 10).isValid)
        #expect(!range(0, 0, 10, -1).isValid)
    }

    // §1.3: equality compares all four numbers; NaN is never equal.
    @Test func equality() {
        #expect(range(1, 2, 3, 4) == range(1, 2, 3, 4))
        #expect(range(1, 2, 3, 4) != range(1, 2, 3, 5))
        let withNaN = range(.nan, 0, 10, 10)
        #expect(withNaN != withNaN)
    }

    // §1.3 description: {{w, h}} when exact, else {{minW, minH}, {maxW, maxH}}.
    @Test func description() {
        #expect(exact(10, 20).description == "{{10, 20}}")
        #expect(range(0, 0, 10.5, inf).description == "{{0, 0}, {10.5, inf}}")
    }

    // §0.5 ASPointsValidForSize: finite or 0, ≥ 0, < 1e7; subnormals are invalid.
    @Test func sizeValidity() {
        #expect(Size(0, 9_999_999).isValidForLayout)
        #expect(Size(-0.0, 1).isValidForLayout)
        #expect(!Size(1e7, 1).isValidForLayout)
        #expect(!Size(.nan, 1).isValidForLayout)
        #expect(!Size(inf, 1).isValidForLayout)
        #expect(!Size(-1, 1).isValidForLayout)
        #expect(!Size(Double.leastNonzeroMagnitude, 1).isValidForLayout)
    }
}
