import Testing
@testable import TextureLayout

/// ASDimension and ASLayoutSize (layout rules §1.1, §1.2; API facts 1–4).
@Suite struct DimensionTests {
    // Fact 1. Texture asserts on `ASDimensionMake(Auto, 100)`; a Swift value cannot assert, so an auto dimension
    // never carries a value: the engine stores 0 and the result is the valid `.auto`.
    @Test func autoDimensionIsValidAndCarriesNoValue() {
        let auto = Dimension(unit: .auto, value: 0)
        #expect(auto == .auto)
        #expect(auto.isValid)
        let autoWithValue = Dimension(unit: .auto, value: 100)
        #expect(autoWithValue.value == 0)
        #expect(autoWithValue == .auto)
    }

    // Fact 2: "" and "auto" parse as auto.
    @Test func emptyStringAndAutoParseAsAuto() {
        #expect(Dimension(parsing: "") == .auto)
        #expect(Dimension(parsing: "auto") == .auto)
    }

    // Fact 3: "50%" is the fraction 0.5.
    @Test func percentStringIsAFraction() {
        let half = Dimension(unit: .fraction, value: 0.5)
        #expect(half.isValid)
        #expect(half == Dimension(parsing: "50%"))
        #expect(half == .fraction(0.5))
        #expect(half.description == Dimension(parsing: "50%").description)
    }

    // Fact 4: "100pt" is 100 points; a bare number is points (seed 002: ASDimensionMake(70)).
    @Test func pointStringIsPoints() {
        let hundred = Dimension(unit: .points, value: 100)
        #expect(hundred.isValid)
        #expect(hundred == Dimension(parsing: "100pt"))
        let literal: Dimension = 70
        #expect(literal == .points(70))
        let floatLiteral: Dimension = 0.5
        #expect(floatLiteral == .points(0.5))
    }

    // §1.1 parsing order: suffix "pt" first, then "auto", then "%", anything else silently auto.
    @Test(arguments: [
        ("70pt", Dimension.points(70)), ("0.5pt", .points(0.5)), (" 12.5pt", .points(12.5)), ("1e2pt", .points(100)),
        ("pt", .points(0)), ("50%", .fraction(0.5)), ("x%", .fraction(0)), ("150%", .fraction(1.5)),
        ("50", .auto), ("70px", .auto), ("AUTO", .auto), ("auto", .auto), ("", .auto),
    ])
    func parsing(text: String, expected: Dimension) {
        #expect(Dimension(parsing: text) == expected)
    }

    // §1.1: "150%" parses (to 1.5) but is not a valid fraction; points must be in 0…CGFLOAT_MAX.
    @Test func validity() {
        #expect(!Dimension(parsing: "150%").isValid)
        #expect(!Dimension.fraction(-0.1).isValid)
        #expect(Dimension.fraction(0).isValid && Dimension.fraction(1).isValid)
        #expect(!Dimension.points(-1).isValid)
        #expect(!Dimension.points(.nan).isValid)
        #expect(!Dimension.points(.infinity).isValid)
        #expect(Dimension.points(0).isValid && Dimension.points(.greatestFiniteMagnitude).isValid)
        #expect(!Dimension.fraction(.nan).isValid)
    }

    // §1.1 description: "%.0fpt", "%.0f%%" of value×100, "Auto".
    @Test func description() {
        #expect(Dimension.points(70).description == "70pt")
        #expect(Dimension.fraction(0.5).description == "50%")
        #expect(Dimension.auto.description == "Auto")
    }

    // §1.1 resolve table.
    @Test func resolve() {
        #expect(Dimension.points(30).resolve(parent: 200, auto: 7) == 30)
        #expect(Dimension.points(30).resolve(parent: .nan, auto: 7) == 30)
        #expect(Dimension.points(30).resolve(parent: .infinity, auto: 7) == 30)
        #expect(Dimension.fraction(0.25).resolve(parent: 200, auto: 7) == 50)
        #expect(Dimension.fraction(0.25).resolve(parent: .nan, auto: 7).isNaN)
        #expect(Dimension.fraction(0.25).resolve(parent: .infinity, auto: 7) == .infinity)
        #expect(Dimension.fraction(0).resolve(parent: .infinity, auto: 7).isNaN)  // 0·∞
        #expect(Dimension.auto.resolve(parent: 200, auto: 7) == 7)
        #expect(Dimension.auto.resolve(parent: .nan, auto: 7) == 7)
    }

    // §1.2: each axis resolved independently.
    @Test func layoutSizeResolvesEachAxis() {
        let size = LayoutSize(width: .fraction(0.5), height: .auto)
        #expect(size.resolve(parent: Size(300, 100), auto: Size(1, 2)) == Size(150, 2))
        #expect(LayoutSize.auto.resolve(parent: Size(300, 100), auto: Size(1, 2)) == Size(1, 2))
        let mixed = LayoutSize(width: .points(10), height: .fraction(0.1))
        #expect(mixed.resolve(parent: Size(300, 100), auto: .zero) == Size(10, 10))
    }
}
