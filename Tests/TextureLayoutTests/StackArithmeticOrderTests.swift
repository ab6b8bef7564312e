import Testing
import TextureLayout

/// Cases where only Texture's exact order of floating-point operations gives its result (found by reading
/// ASStackUnpositionedLayout.mm and ASStackPositionedLayout.mm). Each expected value is worked out in doubles.
@Suite struct StackArithmeticOrderTests {
    /// Growth is `floor(violation * (flexGrow / factorSum))`: 90 * (3/10) = 27 and 90 * (7/10) = 62.999…, so the
    /// adjustments are 27 and 62 and the remaining 1 point goes to the first grower: 28 and 62. (Computing
    /// `violation * flexGrow / factorSum` would give 27 and 63.)
    @Test func growShareIsFactorRatioTimesViolation() {
        let a = plain("a") {
            $0.width = .points(0); $0.height = .points(50); $0.flexGrow = 3
        }
        let b = plain("b") {
            $0.width = .points(0); $0.height = .points(50); $0.flexGrow = 7
        }
        let laid = layOut(StackLayoutSpec(direction: .horizontal, children: [a, b]), in: exact(90, 50))
        #expect(laid["a"] == rect(0, 0, 28, 50))
        #expect(laid["b"] == rect(28, 0, 62, 50))
    }

    /// Fractional factors: factorSum = 0.1 + 0.2 = 0.30000000000000004; 9 * (0.1 / that) = 3 and 9 * (0.2 / that)
    /// = 6 exactly, so nothing remains: 3 and 6.
    @Test func fractionalGrowFactors() {
        let a = plain("a") {
            $0.width = .points(0); $0.flexGrow = 0.1
        }
        let b = plain("b") {
            $0.width = .points(0); $0.flexGrow = 0.2
        }
        let laid = layOut(
            StackLayoutSpec(direction: .horizontal, alignItems: .start, children: [a, b]),
            in: exact(9, 10))
        #expect(laid["a"]?.width == 3)
        #expect(laid["b"] == rect(3, 0, 6, 10))
    }

    /// The line's length adds spacing first, then every spacingBefore/After, then the children's lengths. At scale 3
    /// the widths 20.3333… and 113.6666… (ceiled to thirds) with a spacingBefore of 16 then sum to exactly 150, so
    /// the free 102 points split 51/51; summing child by child gives 150.00000000000003 and 52/50.
    @Test func lineSumAddsSpacingBeforeSizes() {
        let a = fixed("a", 20.3333333, 50)
        let b = fixed("b", 113.6666666, 50) { $0.spacingBefore = 16 }
        let g1 = plain("g1") {
            $0.width = .points(0); $0.flexGrow = 1
        }
        let g2 = plain("g2") {
            $0.width = .points(0); $0.flexGrow = 1
        }
        let laid = layOut(
            StackLayoutSpec(direction: .horizontal, children: [a, b, g1, g2]), in: exact(252, 50),
            scale: 3)
        #expect(laid["g1"] == rect(150, 0, 51, 50))
        #expect(laid["g2"] == rect(201, 0, 51, 50))
    }
}
