import Testing
@testable import TextureLayout

/// Bad values through the API never crash and never give a non-finite frame. Where Texture asserts (§7.3) the
/// engine reports a `LayoutIssue` and continues with Texture's release-build value (an invalid size becomes 0×0,
/// §3.6; a non-finite frame component becomes 0, §6.1). API facts 28, 29.
@Suite struct BadInputTests {
    private func isInvalidSize(_ kind: LayoutIssue.Kind) -> Bool {
        if case .invalidSize = kind { return true }
        return false
    }

    private func isInvalidPosition(_ kind: LayoutIssue.Kind) -> Bool {
        if case .invalidPosition = kind { return true }
        return false
    }

    private func wrapped(_ leaf: LayoutElement, in r: SizeRange) -> Laid {
        layOut(WrapperLayoutSpec(layoutElement: leaf), in: r)
    }

    // MARK: Size ranges

    // NaN range: every intersection keeps NaN (MAX(NaN, 0) = NaN), the leaf's clamp gives NaN → invalid → 0×0;
    // the wrapper's C.min is NaN → invalid → 0×0. The root, sized by its spec, is 0×0.
    @Test func nanRange() {
        let laid = wrapped(fixed("leaf", 10, 10), in: range(.nan, .nan, .nan, .nan))
        #expect(laid.allFramesFinite)
        #expect(laid["leaf"] == rect(0, 0, 0, 0))
        #expect(laid.size == Size(0, 0))
        #expect(laid.issues.count == 2 && laid.issues.allSatisfy(isInvalidSize))
    }

    // Negative range [-10,-10]…[-5,-5]: ∩ [0,∞] is disjoint with the receiver below → [-5,-5]; the leaf clamps to
    // −5 → invalid → 0×0; the wrapper is MAX(−5, 0) = 0.
    @Test func negativeRange() {
        let laid = wrapped(fixed("leaf", 10, 10), in: range(-10, -10, -5, -5))
        #expect(laid.allFramesFinite)
        #expect(laid["leaf"] == rect(0, 0, 0, 0))
        #expect(laid.size == Size(0, 0))
        #expect(laid.issues == [.invalidSize(Size(-5, -5))])
    }

    // min > max: the min wins (§1.3), no issue.
    @Test func invertedRange() {
        let laid = wrapped(fixed("leaf", 50, 50), in: range(200, 200, 100, 100))
        #expect(laid["leaf"] == rect(0, 0, 200, 200))
        #expect(laid.size == Size(200, 200))
        #expect(laid.issues.isEmpty)
        #expect(laid.allFramesFinite)
    }

    // Infinite min: [∞,∞] ranges clamp everything to ∞ → invalid → 0×0.
    @Test func infiniteMin() {
        let laid = wrapped(fixed("leaf", 10, 10), in: range(inf, inf, inf, inf))
        #expect(laid.allFramesFinite)
        #expect(laid["leaf"] == rect(0, 0, 0, 0))
        #expect(!laid.issues.isEmpty && laid.issues.allSatisfy(isInvalidSize))
    }

    // MARK: Intrinsic sizes

    // Negative: the clamp gives the min (0); valid, no issue.
    @Test func negativeIntrinsicSize() {
        let laid = wrapped(fixed("leaf", -10, -5), in: range(0, 0, 100, 100))
        #expect(laid["leaf"] == rect(0, 0, 0, 0))
        #expect(laid.issues.isEmpty)
        #expect(laid.allFramesFinite)
    }

    // NaN: MIN(max, NaN) = NaN, MAX(min, NaN) = min → 0; no issue.
    @Test func nanIntrinsicSize() {
        let laid = wrapped(fixed("leaf", .nan, .nan), in: range(0, 0, 100, 100))
        #expect(laid["leaf"] == rect(0, 0, 0, 0))
        #expect(laid.issues.isEmpty)
        let unbounded = wrapped(fixed("leaf", .nan, 5), in: .unconstrained)
        #expect(unbounded["leaf"] == rect(0, 0, 0, 5))
        #expect(laid.allFramesFinite)
    }

    // Fact 29: sizes of FLT_MAX, CGFLOAT_MAX, ∞ (and anything ≥ 1e7) are invalid: reported, and 0×0.
    @Test(arguments: [Double(Float.greatestFiniteMagnitude), .greatestFiniteMagnitude, .infinity, 1e7])
    func invalidLayoutSizes(value: Double) {
        let laid = wrapped(fixed("leaf", value, value), in: .unconstrained)
        #expect(laid.allFramesFinite)
        #expect(laid["leaf"] == rect(0, 0, 0, 0))
        #expect(laid.issues.first == .invalidSize(Size(value, value)))
    }

    // Fact 28: Wrapper(plain node) measured with the exact range (0, FLT_MAX): the plain node's size for an
    // unusable max is 0×0, clamped into the exact range → (0, FLT_MAX) → invalid; the wrapper (C.min) too.
    @Test func exactRangeWithFLTMaxIsInvalid() {
        let fltMax = Double(Float.greatestFiniteMagnitude)
        let laid = wrapped(plain("leaf"), in: exact(0, fltMax))
        #expect(laid.issues == [.invalidSize(Size(0, fltMax)), .invalidSize(Size(0, fltMax))])
        #expect(laid.allFramesFinite)
        #expect(laid.size == Size(0, 0))
    }

    // MARK: Dimensions

    // A NaN points width resolves to an exact NaN, i.e. no exact value: it acts as auto (the plain node takes the
    // max 100); NaN is not a valid dimension.
    @Test func nanWidthActsAsAuto() {
        let laid = wrapped(
            plain("leaf") {
                $0.width = .points(.nan); $0.height = .points(10)
            }, in: range(0, 0, 100, 100))
        #expect(laid["leaf"] == rect(0, 0, 100, 10))
        #expect(!Dimension.points(.nan).isValid)
        #expect(laid.allFramesFinite)
    }

    // A NaN min or max is what Texture asserts on (§1.4 step 1): reported, and the bound is dropped.
    @Test func nanMinAndMaxAreReportedAndDropped() {
        let laid = wrapped(
            fixed("leaf", 10, 10) {
                $0.minWidth = .points(.nan); $0.maxHeight = .points(.nan)
            },
            in: range(0, 0, 100, 100))
        #expect(laid["leaf"] == rect(0, 0, 10, 10))
        #expect(laid.issues.contains(.undefinedPercentage))
        #expect(laid.allFramesFinite)
    }

    // Negative dimensions: width −20 → exact < min 0 → [0,0]; maxWidth −10 ≤ min 0 → [0,0]; minWidth −5 → the
    // range [−5,∞] ∩ [0,100] = [0,100]; preferredSize (−1,−1) → 0×0.
    @Test func negativeDimensions() {
        #expect(
            wrapped(
                plain("leaf") {
                    $0.width = .points(-20); $0.height = .points(10)
                }, in: range(0, 0, 100, 100))["leaf"]
                == rect(0, 0, 0, 10))
        #expect(
            wrapped(fixed("leaf", 10, 10) { $0.maxWidth = .points(-10) }, in: range(0, 0, 100, 100))["leaf"]
                == rect(0, 0, 0, 10))
        #expect(
            wrapped(fixed("leaf", 10, 10) { $0.minWidth = .points(-5) }, in: range(0, 0, 100, 100))["leaf"]
                == rect(0, 0, 10, 10))
        let negative = wrapped(plain("leaf") { $0.preferredSize = Size(-1, -1) }, in: range(0, 0, 100, 100))
        #expect(negative["leaf"] == rect(0, 0, 0, 0))
        #expect(negative.issues.isEmpty)
        #expect(negative.allFramesFinite)
    }

    // The absolute spec resolves a child's style without intersecting it with a constraint (§4.9), so minWidth −5
    // with maxWidth −10 gives the child [−5,−5] (max ≤ min → min); the leaf's clamp is −5 wide → invalid → 0×0.
    @Test func negativeStyleSizeUnderAnAbsoluteSpec() {
        let leaf = fixed("leaf", 10, 10) {
            $0.minWidth = .points(-5); $0.maxWidth = .points(-10)
        }
        let laid = layOut(AbsoluteLayoutSpec(children: [leaf]), in: range(0, 0, 100, 100))
        #expect(laid.issues == [.invalidSize(Size(-5, 10))])
        #expect(laid["leaf"] == rect(0, 0, 0, 0))
        #expect(laid.allFramesFinite)
    }

    // MARK: Fractions with undefined or infinite parents

    // A fraction min on a stretched stack child resolves against an undefined parent (§5.3): reported, dropped.
    // Vertical stack exactly 100 wide: the 10×10 leaf with minWidth 50% gets cross min 100 → 100 wide.
    @Test func fractionMinOnAStretchChild() {
        let laid = layOut(
            StackLayoutSpec.vertical(children: [fixed("leaf", 10, 10) { $0.minWidth = .fraction(0.5) }]),
            in: range(100, 0, 100, 300))
        #expect(laid["leaf"] == rect(0, 0, 100, 10))
        #expect(laid.issues.contains(.undefinedPercentage))
        #expect(laid.allFramesFinite)
    }

    // A ratio spec without candidates gives its child an undefined parent: a fraction min is reported, dropped.
    @Test func fractionMinUnderARatioWithoutCandidates() {
        let laid = layOut(
            RatioLayoutSpec(ratio: 1, child: fixed("leaf", 10, 10) { $0.minHeight = .fraction(0.1) }),
            in: .unconstrained)
        #expect(laid["leaf"] == rect(0, 0, 10, 10))
        #expect(laid.issues == [.undefinedPercentage])
        #expect(laid.allFramesFinite)
    }

    // 50% of an infinite parent is ∞ (§1.4): the leaf's size is invalid → reported, 0×0.
    @Test func fractionOfAnInfiniteParent() {
        let laid = wrapped(
            plain("leaf") {
                $0.width = .fraction(0.5); $0.height = .points(10)
            }, in: .unconstrained)
        #expect(laid["leaf"] == rect(0, 0, 0, 0))
        #expect(laid.issues.count == 1 && laid.issues.allSatisfy(isInvalidSize))
        #expect(laid.allFramesFinite)
    }

    // 0% of ∞ is NaN, i.e. auto (§1.4): the plain node, with an unbounded max, is 0 wide; height 10; no issue.
    @Test func zeroPercentOfAnInfiniteParent() {
        let laid = wrapped(
            plain("leaf") {
                $0.width = .fraction(0); $0.height = .points(10)
            }, in: .unconstrained)
        #expect(laid["leaf"] == rect(0, 0, 0, 10))
        #expect(laid.issues.isEmpty)
        #expect(laid.allFramesFinite)
    }

    // A fraction flexBasis in a stack whose main axis is not exact resolves to NaN (§5.4): the child's range is NaN
    // on the main axis → its size is invalid → reported, 0×0.
    @Test func fractionBasisInANonExactStack() {
        let laid = layOut(
            StackLayoutSpec.horizontal(children: [fixed("leaf", 10, 10) { $0.flexBasis = .fraction(0.4) }]),
            in: range(0, 0, 300, 100))
        #expect(laid["leaf"] == rect(0, 0, 0, 0))
        #expect(laid.issues.contains(where: isInvalidSize))
        #expect(laid.allFramesFinite)
    }

    // §4.10: a fractional width on a corner spec's child asserts in Texture (preferredSize getter): reported; the
    // layout continues (50% of 300 = 150; the 10×10 corner's centre on (150, 0) → (145, −5)).
    @Test func fractionalSizeInACornerSpec() {
        let spec = CornerLayoutSpec(
            child: plain("child") {
                $0.width = .fraction(0.5); $0.height = .points(20)
            },
            corner: fixed("corner", 10, 10), location: .topRight)
        let laid = layOut(spec, in: range(0, 0, 300, 300))
        #expect(laid.issues == [.fractionalSize])
        #expect(laid["child"] == rect(0, 0, 150, 20))
        #expect(laid["corner"] == rect(145, -5, 10, 10))
        #expect(laid.allFramesFinite)
    }

    // MARK: Insets

    // ∞ left with an unbounded max: the spec's width is C.max.w = ∞ → invalid → reported, 0×0. The child's x is
    // ∞ − 50 = ∞, a non-finite frame component, which Texture's ASLayout.frame replaces by 0 (§6.1).
    @Test func infiniteInsetWithUnboundedMax() {
        let spec = InsetLayoutSpec(
            insets: EdgeInsets(top: 0, left: inf, bottom: 0, right: 0), child: fixed("leaf", 50, 50))
        let laid = layOut(spec, in: .unconstrained)
        #expect(laid.issues.contains(where: isInvalidSize))
        #expect(laid.issues.contains(.invalidPosition(Point(inf, 0))))
        #expect(laid.size == Size(0, 0))
        #expect(laid.allFramesFinite)
        #expect(laid["leaf"] == rect(0, 0, 50, 50))
    }

    // ∞ on both sides with an unbounded max: the centring offset is ∞ and x = ∞ − (∞ + 50) = NaN → 0 (§6.1).
    @Test func infiniteInsetsOnBothSidesWithUnboundedMax() {
        let spec = InsetLayoutSpec(insets: EdgeInsets(all: inf), child: fixed("leaf", 50, 50))
        let laid = layOut(spec, in: .unconstrained)
        #expect(laid.issues.contains(where: isInvalidSize))
        #expect(laid.issues.contains(where: isInvalidPosition))
        #expect(laid.allFramesFinite)
        #expect(laid["leaf"] == rect(0, 0, 50, 50))
    }

    // NaN insets: the child range max is MAX(0, 300 − NaN) = 0 → 0×0 child; the spec's size clamps NaN to the
    // min 0; the child's x = left = NaN → 0 (§6.1).
    @Test func nanInsets() {
        let laid = layOut(
            InsetLayoutSpec(insets: EdgeInsets(all: .nan), child: fixed("leaf", 50, 50)), in: range(0, 0, 300, 300))
        #expect(laid.size == Size(0, 0))
        #expect(laid.issues.contains(where: isInvalidPosition))
        #expect(laid.allFramesFinite)
        #expect(laid["leaf"] == rect(0, 0, 0, 0))
    }

    // MARK: Ratio

    // Texture asserts ratio > 0 in the initializer only; its release arithmetic (§4.8) applies to any ratio.
    // 0: A = Clamp((100, floorPx(0))) = (100, 0), error 0; B = Clamp((floorPx(∞), 100)) = (100, 100), error 1 → A.
    // −1: A = Clamp((100, −100)) = (100, 0), error |0 − (−1)| = 1; B = Clamp((−100, 100)) = (0, 100), error
    // |100/0 + 1| = ∞ → A. NaN: A = (100, 0) (the clamp's MAX(0, NaN) gives 0), B = (0, 100); both errors NaN,
    // so A is kept. The child is measured at exactly 100×0 in every case; no issue.
    @Test(arguments: [0.0, -1, .nan])
    func nonPositiveRatio(ratio: Double) {
        let laid = layOut(RatioLayoutSpec(ratio: ratio, child: fixed("leaf", 30, 40)), in: range(0, 0, 100, 100))
        #expect(laid["leaf"] == rect(0, 0, 100, 0))
        #expect(laid.size == Size(100, 0))
        #expect(laid.allFramesFinite)
        #expect(laid.issues.isEmpty)
    }

    // ratio = +∞ passes Texture's `ratio > 0` assertion, so its arithmetic applies: A = Clamp((100, floorPx(∞))) =
    // (100, 100), error |1 − ∞| = ∞; B = (floorPx(100/∞ = 0) = 0, 100), error |100/0 − ∞| = NaN; NaN < ∞ is false
    // → A: the child is exactly 100×100.
    @Test func infiniteRatio() {
        let laid = layOut(RatioLayoutSpec(ratio: .infinity, child: fixed("leaf", 30, 40)), in: range(0, 0, 100, 100))
        #expect(laid.allFramesFinite)
        #expect(laid["leaf"] == rect(0, 0, 100, 100))
    }

    // MARK: Relative spec with an inverted child range

    // §4.6 step 2 builds the child range with ASSizeRangeMake, which asserts when min > max; with C inverted on a
    // None axis the engine reports `invalidRange`. (A pass never hands a spec an inverted range — every element
    // intersects its range with its style first — so the spec is driven directly here.)
    @Test func relativeSpecWithAnInvertedRange() {
        let context = LayoutContext(scale: 2)
        let spec = RelativeLayoutSpec(child: fixed("leaf", 10, 10))
        _ = spec.calculateSize(range(200, 200, 100, 100), context: context)
        #expect(context.issues.map(\.kind) == [.invalidRange(range(200, 200, 100, 100))])
    }

    // MARK: NaN in the other numeric properties

    // Every frame stays finite whatever property is NaN (§6.1: a non-finite frame component becomes 0); a NaN
    // position is reported. NaN flexGrow/flexShrink only feed sizes (validated like any size).
    @Test(arguments: [
        "spacing", "spacingBefore", "spacingAfter", "flexGrow", "flexShrink", "ascender",
        "layoutPosition", "cornerOffset", "lineSpacing",
    ])
    func nanProperty(name: String) {
        let a = fixed("a", 50, 20), b = fixed("b", 60, 30)
        let spec: LayoutSpec
        switch name {
        case "spacing": spec = StackLayoutSpec(spacing: .nan, children: [a, b])
        case "spacingBefore": a.style.spacingBefore = .nan; spec = StackLayoutSpec(children: [a, b])
        case "spacingAfter": a.style.spacingAfter = .nan; spec = StackLayoutSpec(children: [a, b])
        case "flexGrow": a.style.flexGrow = .nan; spec = StackLayoutSpec(children: [a, b])
        case "flexShrink": a.style.flexShrink = .nan; spec = StackLayoutSpec(children: [a, b])
        case "ascender": a.style.ascender = .nan; spec = StackLayoutSpec(alignItems: .baselineFirst, children: [a, b])
        case "layoutPosition": a.style.layoutPosition = Point(.nan, .nan); spec = AbsoluteLayoutSpec(children: [a, b])
        case "cornerOffset":
            spec = CornerLayoutSpec(child: a, corner: b, location: .topRight, offset: Point(.nan, .nan))
        default: spec = StackLayoutSpec(flexWrap: .wrap, lineSpacing: .nan, children: [a, b, fixed("c", 80, 10)])
        }
        // Exact ranges give the flex properties a violation to act on; the wrap case needs a max of 100.
        let laid = layOut(spec, in: name == "lineSpacing" ? range(0, 0, 100, 300) : exact(100, 100))
        #expect(laid.allFramesFinite)
        if name != "flexGrow" && name != "flexShrink" {
            #expect(laid.issues.contains(where: isInvalidPosition))
        }
    }
}
