import Testing
@testable import TextureLayout

/// ASStackLayoutSpec: every option and every stack-child style property (layout rules §5, §8.1–§8.5; quirks §7.2.7–13).
@Suite struct StackSpecTests {
    private func h(
        _ children: [LayoutElement], justify: StackJustifyContent = .start, align: StackAlignItems = .stretch,
        spacing: Double = 0
    ) -> StackLayoutSpec {
        StackLayoutSpec(
            direction: .horizontal, spacing: spacing, justifyContent: justify, alignItems: align,
            children: children)
    }

    private func v(
        _ children: [LayoutElement], justify: StackJustifyContent = .start, align: StackAlignItems = .stretch,
        spacing: Double = 0
    ) -> StackLayoutSpec {
        StackLayoutSpec(
            direction: .vertical, spacing: spacing, justifyContent: justify, alignItems: align,
            children: children)
    }

    // MARK: Properties

    @Test func defaults() {
        let stack = StackLayoutSpec()
        #expect(stack.direction == .horizontal)
        #expect(stack.spacing == 0)
        #expect(stack.justifyContent == .start)
        #expect(stack.alignItems == .stretch)
        #expect(stack.flexWrap == .noWrap)
        #expect(stack.alignContent == .start)
        #expect(stack.lineSpacing == 0)
        #expect(stack.horizontalAlignment == .none && stack.verticalAlignment == .none)
        #expect(StackLayoutSpec.vertical().direction == .vertical)
        #expect(StackLayoutSpec.horizontal().direction == .horizontal)
    }

    // §5.0 shortcuts: horizontal stack → horizontalAlignment sets justify, verticalAlignment sets alignItems;
    // changing the direction re-applies both (testDirectionChangeAfterSettingHorizontalAndVerticalAlignments).
    @Test func alignmentShortcutsFollowTheDirection() {
        let stack = StackLayoutSpec.horizontal()
        stack.horizontalAlignment = .right
        stack.verticalAlignment = .center
        #expect(stack.justifyContent == .end && stack.alignItems == .center)
        stack.direction = .vertical
        #expect(stack.alignItems == .end && stack.justifyContent == .center)
    }

    // A previous mapping is not reverted: horizontal + right ⇒ justify end; vertical ⇒ alignItems end, justify stays.
    @Test func shortcutValuesAreNotReverted() {
        let stack = StackLayoutSpec.horizontal()
        stack.horizontalAlignment = .right
        stack.direction = .vertical
        #expect(stack.alignItems == .end && stack.justifyContent == .end)
    }

    // None leaves the current values unchanged.
    @Test func noneShortcutLeavesValues() {
        let stack = StackLayoutSpec(justifyContent: .center, alignItems: .baselineFirst)
        stack.direction = .vertical
        #expect(stack.justifyContent == .center && stack.alignItems == .baselineFirst)
    }

    // Geometry with shortcuts: horizontal exact 200×100, right + center → x = 150, y = floorPx(40) = 40; vertical:
    // middle + bottom → x = 75, y = 80.
    @Test func shortcutGeometry() {
        let hs = StackLayoutSpec.horizontal(children: [fixed("n", 50, 20)])
        hs.horizontalAlignment = .right
        hs.verticalAlignment = .center
        #expect(layOut(hs, in: exact(200, 100))["n"] == rect(150, 40, 50, 20))
        let vs = StackLayoutSpec.vertical(children: [fixed("n", 50, 20)])
        vs.horizontalAlignment = .middle
        vs.verticalAlignment = .bottom
        #expect(layOut(vs, in: exact(200, 100))["n"] == rect(75, 80, 50, 20))
    }

    // §5.0 mapping: Left/Top → start, Middle/Center → center, Right/Bottom → end, on the axis each lies on.
    @Test(
        arguments: [
            (HorizontalAlignment.left, VerticalAlignment.top, StackJustifyContent.start, StackAlignItems.start),
            (.middle, .center, .center, .center), (.right, .bottom, .end, .end),
        ]
            as [(HorizontalAlignment, VerticalAlignment, StackJustifyContent, StackAlignItems)])
    func shortcutMapping(
        h: HorizontalAlignment, v: VerticalAlignment, justify: StackJustifyContent,
        align: StackAlignItems
    ) {
        let horizontal = StackLayoutSpec.horizontal()
        horizontal.horizontalAlignment = h
        #expect(horizontal.justifyContent == justify && horizontal.alignItems == .stretch)
        horizontal.verticalAlignment = v
        #expect(horizontal.alignItems == align)
        let vertical = StackLayoutSpec.vertical()
        vertical.verticalAlignment = v
        #expect(vertical.justifyContent == justify && vertical.alignItems == .stretch)
        vertical.horizontalAlignment = h
        #expect(vertical.alignItems == align)
    }

    // §5.1 step 0: no children → C.min.
    @Test func noChildrenTakesTheMin() {
        #expect(layOut(h([]), in: range(10, 20, 300, 300)).size == Size(10, 20))
    }

    // Own style applies (§3.3): width 100 → C = [100,0]…[100,300]; a 30×30 child (stretch, cross min 0) stays 30×30;
    // size Clamp((30, 30)) = (100, 30).
    @Test func ownStyleApplies() {
        let stack = styled("s", h([fixed("n", 30, 30)])) { $0.width = .points(100) }
        let laid = layOut(stack, in: range(0, 0, 300, 300))
        #expect(laid.size == Size(100, 30))
        #expect(laid["n"] == rect(0, 0, 30, 30))
    }

    // MARK: flexGrow

    // §8.1: exact 350×350, three 50×50 plain nodes, grows 1, 0, 1 → widths 150, 50, 150; heights stay 50.
    @Test func growWorkedExample() {
        let a = plain("a") {
            $0.preferredSize = Size(50, 50); $0.flexGrow = 1
        }
        let b = plain("b") { $0.preferredSize = Size(50, 50) }
        let c = plain("c") {
            $0.preferredSize = Size(50, 50); $0.flexGrow = 1
        }
        let laid = layOut(h([a, b, c]), in: exact(350, 350))
        #expect(laid["a"] == rect(0, 0, 150, 50))
        #expect(laid["b"] == rect(150, 0, 50, 50))
        #expect(laid["c"] == rect(200, 0, 150, 50))
        #expect(laid.size == Size(350, 350))
    }

    // §8.2: vertical exact 300×300; heights 25, 0, 100; grows 0, 1, 1: violation 175, floor(87.5) = 87 each,
    // remainder 1 to the first flexed item → 88, 187. Widths stretch to 300.
    @Test func growRemainderGoesToTheFirstFlexedItem() {
        let a = plain("a") { $0.height = .points(25) }
        let b = plain("b") {
            $0.height = .points(0); $0.flexGrow = 1
        }
        let c = plain("c") {
            $0.height = .points(100); $0.flexGrow = 1
        }
        let laid = layOut(v([a, b, c]), in: exact(300, 300))
        #expect(laid["a"] == rect(0, 0, 300, 25))
        #expect(laid["b"] == rect(0, 25, 300, 88))
        #expect(laid["c"] == rect(0, 113, 300, 187))
    }

    // Grow weights 1:2 in exact 100: violation 80 → floor(26.67) = 26, floor(53.33) = 53, remainder 1 → 37, 63.
    @Test func growIsWeightedAndFloored() {
        let laid = layOut(
            h([fixed("a", 10, 10) { $0.flexGrow = 1 }, fixed("b", 10, 10) { $0.flexGrow = 2 }]),
            in: exact(100, 10))
        #expect(laid["a"] == rect(0, 0, 37, 10))
        #expect(laid["b"] == rect(37, 0, 63, 10))
    }

    // §5.6 step 6: a 0.5-point grow floors to 0 and is lost; the stack still takes its exact size.
    @Test func subPointGrowIsLost() {
        let laid = layOut(h([fixed("a", 100, 10) { $0.flexGrow = 1 }]), in: exact(100.5, 10))
        #expect(laid["a"] == rect(0, 0, 100, 10))
        #expect(laid.size == Size(100.5, 10))
    }

    // Grow acts only against C.min: in [0,0]…[300,50] the children keep their widths.
    @Test func growNeedsAMinimum() {
        let laid = layOut(
            h([fixed("a", 50, 50) { $0.flexGrow = 1 }, fixed("b", 50, 50) { $0.flexGrow = 1 }]),
            in: range(0, 0, 300, 50))
        #expect(laid["a"] == rect(0, 0, 50, 50))
        #expect(laid["b"] == rect(50, 0, 50, 50))
        #expect(laid.size == Size(100, 50))
    }

    // MARK: flexShrink

    // §8.3: exact 400 wide; widths 300, 100, 200; shrinks 2, 1, 2 → 190.909…, 81.818…, 127.27… → ceiled
    // 191, 82, 127.5 (s=2); x = 0, 191, 273.
    @Test func shrinkWorkedExample() {
        let a = plain("a") {
            $0.width = .points(300); $0.flexShrink = 2
        }
        let b = plain("b") {
            $0.width = .points(100); $0.flexShrink = 1
        }
        let c = plain("c") {
            $0.width = .points(200); $0.flexShrink = 2
        }
        let laid = layOut(h([a, b, c]), in: exact(400, 50))
        #expect(laid["a"] == rect(0, 0, 191, 50))
        #expect(laid["b"] == rect(191, 0, 82, 50))
        #expect(laid["c"] == rect(273, 0, 127.5, 50))
        #expect(laid.size == Size(400, 50))
    }

    // flexShrink defaults to 0: nothing shrinks unless asked; the content overflows.
    @Test func nothingShrinksByDefault() {
        let laid = layOut(h([fixed("a", 60, 10), fixed("b", 60, 10)]), in: exact(100, 10))
        #expect(laid["a"] == rect(0, 0, 60, 10))
        #expect(laid["b"] == rect(60, 0, 60, 10))
        #expect(laid.size == Size(100, 10))
    }

    // Shrunk sizes clamp at 0 and lose the excess (one pass): exact 10; a 50 (shrink 1), b 50: violation −90,
    // a → MAX(0, 50 − 90) = 0; b keeps 50 and overflows; justify start → both at x = 0.
    @Test func shrinkClampsAtZero() {
        let laid = layOut(h([fixed("a", 50, 10) { $0.flexShrink = 1 }, fixed("b", 50, 10)]), in: exact(10, 10))
        #expect(laid["a"] == rect(0, 0, 0, 10))
        #expect(laid["b"] == rect(0, 0, 50, 10))
    }

    // MARK: flexBasis

    // A points basis gives the first measurement [v, v], overriding the child's own width (the constraint wins).
    @Test func pointsBasis() {
        let a = plain("a") {
            $0.width = .points(30); $0.height = .points(50); $0.flexBasis = .points(100)
        }
        let laid = layOut(h([a, fixed("b", 10, 50)]), in: exact(300, 50))
        #expect(laid["a"] == rect(0, 0, 100, 50))
        #expect(laid["b"] == rect(100, 0, 10, 50))
    }

    // A fraction basis resolves against the stack's exact width: 25% of 200 = 50, then grows with the rest.
    @Test func fractionBasisThenGrow() {
        let a = fixed("a", 10, 10) { $0.flexBasis = .fraction(0.25) }
        let b = fixed("b", 10, 10) { $0.flexGrow = 1 }
        let laid = layOut(h([a, b]), in: exact(200, 10))
        #expect(laid["a"] == rect(0, 0, 50, 10))
        #expect(laid["b"] == rect(50, 0, 150, 10))
    }

    // MARK: Optimized flexing (§5.4, Errata#optimizedFlexingPlaceholder)

    // One grow&shrink child in an exact-length stack starts as a 0×0 placeholder; grow then measures it at 60.
    @Test func optimizedFlexingGrows() {
        let laid = layOut(
            h([
                fixed("a", 40, 50),
                fixed("b", 30, 30) {
                    $0.flexGrow = 1; $0.flexShrink = 1
                },
            ]),
            in: exact(100, 50))
        #expect(laid["a"] == rect(0, 0, 40, 50))
        #expect(laid["b"] == rect(40, 0, 60, 50))
    }

    // No violation (factor sum 0): the flexible child is measured with stack [0,0] and the stack's cross range.
    @Test func optimizedFlexingWithoutViolationMeasuresAtZero() {
        let laid = layOut(
            h([
                fixed("a", 100, 50),
                fixed("b", 30, 30) {
                    $0.flexGrow = 1; $0.flexShrink = 1
                },
            ]),
            in: exact(100, 50))
        #expect(laid["b"] == rect(100, 0, 0, 50))
    }

    // A sub-point violation floors to no adjustment, so the placeholder stays unmeasured: 0×0 with no sublayouts
    // (its own subnode gets no frame). alignItems start, so stretching does not measure it either.
    @Test func optimizedFlexingPlaceholderStaysUnmeasured() {
        let nested = DisplayNode()
        nested.layoutSpecBlock = { _, _ in WrapperLayoutSpec(layoutElement: fixed("g", 5, 5)) }
        styled("b", nested) {
            $0.flexGrow = 1; $0.flexShrink = 1
        }
        let laid = layOut(h([fixed("a", 100, 50), nested], align: .start), in: exact(100.5, 50))
        #expect(laid["b"] == rect(100, 0, 0, 0))
        #expect(laid.entry("b")?.sublayouts.isEmpty == true)
        #expect(laid["g"] == nil)
    }

    // MARK: justifyContent (§5.10, §8.4)

    // §8.4: exact 200 wide, three 50-wide children, spacing 10: sum 170, violation 30.
    @Test(
        arguments: [
            (StackJustifyContent.start, [0.0, 60, 120]), (.center, [15, 75, 135]), (.end, [30, 90, 150]),
            (.spaceBetween, [0, 75, 150]), (.spaceAround, [5, 75, 145]),
        ] as [(StackJustifyContent, [Double])])
    func justify(justify: StackJustifyContent, xs: [Double]) {
        let laid = layOut(
            h([fixed("a", 50, 50), fixed("b", 50, 50), fixed("c", 50, 50)], justify: justify, spacing: 10),
            in: exact(200, 50))
        #expect([laid["a"]?.minX, laid["b"]?.minX, laid["c"]?.minX] == xs)
        #expect(laid.size == Size(200, 50))
    }

    // §8.4: in [0…300] wide the content (170) is inside the range: no violation, every justify gives 0, 60, 120.
    @Test(arguments: StackJustifyContent.allCases)
    func justifyDoesNothingInsideTheRange(justify: StackJustifyContent) {
        let laid = layOut(
            h([fixed("a", 50, 50), fixed("b", 50, 50), fixed("c", 50, 50)], justify: justify, spacing: 10),
            in: range(0, 50, 300, 50))
        #expect([laid["a"]?.minX, laid["b"]?.minX, laid["c"]?.minX] == [0, 60, 120])
        #expect(laid.size == Size(170, 50))
    }

    // Overflow (violation −20): spaceBetween falls back to start, spaceAround to center (negative offset).
    @Test(
        arguments: [
            (StackJustifyContent.start, [0.0, 60]), (.center, [-10, 50]), (.end, [-20, 40]),
            (.spaceBetween, [0, 60]), (.spaceAround, [-10, 50]),
        ] as [(StackJustifyContent, [Double])])
    func justifyWithOverflow(justify: StackJustifyContent, xs: [Double]) {
        let laid = layOut(h([fixed("a", 60, 50), fixed("b", 60, 50)], justify: justify), in: exact(100, 50))
        #expect([laid["a"]?.minX, laid["b"]?.minX] == xs)
    }

    // A single item: spaceBetween → start (0), spaceAround → center ((100 − 40)/2 = 30).
    @Test func justifySingleItem() {
        #expect(layOut(h([fixed("a", 40, 50)], justify: .spaceBetween), in: exact(100, 50))["a"]?.minX == 0)
        #expect(layOut(h([fixed("a", 40, 50)], justify: .spaceAround), in: exact(100, 50))["a"]?.minX == 30)
    }

    // MARK: spacing, spacingBefore, spacingAfter

    // p = 5 (before) → a at 5; p = 55; + spacing 10 → b at 65; p = 115 + 7 (after) = 122; + 10 → c at 132.
    // Sum = 150 + 2·10 + 5 + 7 = 182.
    @Test func spacingBeforeAndAfter() {
        let laid = layOut(
            h(
                [
                    fixed("a", 50, 20) { $0.spacingBefore = 5 }, fixed("b", 50, 20) { $0.spacingAfter = 7 },
                    fixed("c", 50, 20),
                ], align: .start, spacing: 10),
            in: range(0, 0, 300, 100))
        #expect(laid["a"] == rect(5, 0, 50, 20))
        #expect(laid["b"] == rect(65, 0, 50, 20))
        #expect(laid["c"] == rect(132, 0, 50, 20))
        #expect(laid.size == Size(182, 20))
    }

    @Test func verticalSpacing() {
        let laid = layOut(
            v([fixed("a", 10, 10) { $0.spacingBefore = 3 }, fixed("b", 10, 10)], align: .start, spacing: 4),
            in: range(0, 0, 100, 300))
        #expect(laid["a"] == rect(0, 3, 10, 10))
        #expect(laid["b"] == rect(0, 17, 10, 10))
        #expect(laid.size == Size(10, 27))
    }

    @Test func negativeSpacing() {
        let laid = layOut(
            h([fixed("a", 50, 20), fixed("b", 50, 20)], align: .start, spacing: -10), in: range(0, 0, 300, 100))
        #expect(laid["b"] == rect(40, 0, 50, 20))
        #expect(laid.size == Size(90, 20))
    }

    // MARK: alignItems / alignSelf (§5.3, §5.10 step 4)

    // Horizontal, cross exactly 100; children 50×25 and 50×40. Center: floorPx(37.5) = 37.5, floorPx(30) = 30.
    @Test(
        arguments: [
            (StackAlignItems.start, rect(0, 0, 50, 25), rect(50, 0, 50, 40)),
            (.end, rect(0, 75, 50, 25), rect(50, 60, 50, 40)),
            (.center, rect(0, 37.5, 50, 25), rect(50, 30, 50, 40)),
            (.stretch, rect(0, 0, 50, 100), rect(50, 0, 50, 100)),
        ] as [(StackAlignItems, Rect, Rect)])
    func alignItemsHorizontal(align: StackAlignItems, a: Rect, b: Rect) {
        let laid = layOut(h([fixed("a", 50, 25), fixed("b", 50, 40)], align: align), in: range(0, 100, 300, 100))
        #expect(laid["a"] == a)
        #expect(laid["b"] == b)
        #expect(laid.size == Size(100, 100))
    }

    // Vertical, cross (width) exactly 100; children 20×50 and 40×50.
    @Test(
        arguments: [
            (StackAlignItems.start, rect(0, 0, 20, 50), rect(0, 50, 40, 50)),
            (.end, rect(80, 0, 20, 50), rect(60, 50, 40, 50)),
            (.center, rect(40, 0, 20, 50), rect(30, 50, 40, 50)),
            (.stretch, rect(0, 0, 100, 50), rect(0, 50, 100, 50)),
        ] as [(StackAlignItems, Rect, Rect)])
    func alignItemsVertical(align: StackAlignItems, a: Rect, b: Rect) {
        let laid = layOut(v([fixed("a", 20, 50), fixed("b", 40, 50)], align: align), in: range(100, 0, 100, 300))
        #expect(laid["a"] == a)
        #expect(laid["b"] == b)
        #expect(laid.size == Size(100, 100))
    }

    // alignSelf overrides alignItems (start here); auto follows it.
    @Test func alignSelf() {
        let laid = layOut(
            h(
                [
                    fixed("end", 50, 40) { $0.alignSelf = .end }, fixed("center", 50, 40) { $0.alignSelf = .center },
                    fixed("stretch", 50, 40) { $0.alignSelf = .stretch },
                    fixed("auto", 50, 40) { $0.alignSelf = .auto },
                    fixed("start", 50, 40) { $0.alignSelf = .start },
                ], align: .start),
            in: range(0, 100, 300, 100))
        #expect(laid["end"] == rect(0, 60, 50, 40))
        #expect(laid["center"] == rect(50, 30, 50, 40))
        #expect(laid["stretch"] == rect(100, 0, 50, 100))
        #expect(laid["auto"] == rect(150, 0, 50, 40))
        #expect(laid["start"] == rect(200, 0, 50, 40))
    }

    // A single line in a non-exact cross range is clamped to it: line cross max(10) → [50,100] → 50.
    @Test func singleLineCrossIsClampedToTheRange() {
        let laid = layOut(h([fixed("a", 10, 10)], align: .end), in: range(0, 50, 300, 100))
        #expect(laid["a"] == rect(0, 40, 10, 10))
        #expect(laid.size == Size(10, 50))
    }

    // §5.8: the stretch pass re-measures shorter stretch children at the line's cross size: line cross = 60 (the
    // taller child), the 30-tall one is re-measured with cross [60,60].
    @Test func stretchPassRemeasures() {
        let laid = layOut(h([fixed("a", 50, 60), fixed("b", 50, 30)]), in: range(0, 0, 300, 100))
        #expect(laid["a"] == rect(0, 0, 50, 60))
        #expect(laid["b"] == rect(50, 0, 50, 60))
        #expect(laid.size == Size(100, 60))
    }

    // §8.5: vertical stack exactly 100 wide; a 50%-wide child fills 100 when stretched, is 50 with alignSelf start.
    @Test func stretchIgnoresFractionCrossSize() {
        let stretched = layOut(
            v([
                plain("c") {
                    $0.width = .fraction(0.5); $0.height = .points(20)
                }
            ]),
            in: range(100, 0, 100, 500))
        #expect(stretched["c"] == rect(0, 0, 100, 20))
        #expect(stretched.size == Size(100, 20))
        let start = layOut(
            v([
                plain("c") {
                    $0.width = .fraction(0.5); $0.height = .points(20); $0.alignSelf = .start
                }
            ]),
            in: range(100, 0, 100, 500))
        #expect(start["c"] == rect(0, 0, 50, 20))
    }

    // §5.3: an explicit 0pt cross size counts as "no min": [100, 0] inverted → the child ends at 100.
    @Test func stretchIgnoresAZeroCrossSize() {
        let laid = layOut(
            h([
                plain("c") {
                    $0.width = .points(20); $0.height = .points(0)
                }
            ]), in: range(0, 100, 300, 100))
        #expect(laid["c"] == rect(0, 0, 20, 100))
    }

    // An explicit points cross size is kept by stretch.
    @Test func stretchKeepsAPointsCrossSize() {
        let laid = layOut(h([plain("c") { $0.preferredSize = Size(20, 30) }]), in: range(0, 100, 300, 100))
        #expect(laid["c"] == rect(0, 0, 20, 30))
    }

    // A non-zero own min replaces the stack's cross min: a 30-tall leaf with minHeight 40 is 40, not stretched; a
    // plain node with the same min takes its max (100).
    @Test func stretchWithAnOwnMin() {
        let laid = layOut(
            h([
                fixed("leaf", 20, 30) { $0.minHeight = .points(40) },
                plain("plain") {
                    $0.width = .points(20); $0.minHeight = .points(40)
                },
            ]),
            in: range(0, 100, 300, 100))
        #expect(laid["leaf"] == rect(0, 0, 20, 40))
        #expect(laid["plain"] == rect(20, 0, 20, 100))
    }

    // An own max below the line cross is overridden: [100, 50] inverted → 100.
    @Test func stretchOverridesAnOwnMaxBelowTheLine() {
        let laid = layOut(h([fixed("c", 20, 30) { $0.maxHeight = .points(50) }]), in: range(0, 100, 300, 100))
        #expect(laid["c"] == rect(0, 0, 20, 100))
    }

    // An own min above crossMax: stretch passes [150, 100] and the child ends at 150 (overflowing the stack, which
    // clamps its line to 100); a non-stretch child is clamped to 100.
    @Test func ownMinAboveTheCrossMax() {
        let stretch = layOut(h([fixed("c", 50, 50) { $0.minHeight = .points(150) }]), in: range(0, 0, 300, 100))
        #expect(stretch["c"] == rect(0, 0, 50, 150))
        #expect(stretch.size == Size(50, 100))
        let start = layOut(
            h([
                fixed("c", 50, 50) {
                    $0.minHeight = .points(150); $0.alignSelf = .start
                }
            ]),
            in: range(0, 0, 300, 100))
        #expect(start["c"] == rect(0, 0, 50, 100))
    }

    // §5.2: children's percentages resolve only against axes where the stack's range is exact.
    @Test func childParentSizeOnlyOnExactAxes() {
        func child() -> DisplayNode {
            plain("c") {
                $0.width = .fraction(0.5); $0.height = .points(10)
            }
        }
        // Not exact: 50% of undefined acts as auto; the plain node has an unbounded max width → 0.
        #expect(layOut(h([child()], align: .start), in: range(0, 0, 200, 100))["c"] == rect(0, 0, 0, 10))
        #expect(layOut(h([child()], align: .start), in: exact(200, 100))["c"] == rect(0, 0, 100, 10))
    }

    // MARK: Baselines (§5.7)

    // BaselineFirst: baselines 20 and 10 → line baseline 20, line cross max(20 + 10, 0) = 30; y = 0, 10.
    @Test func baselineFirst() {
        let laid = layOut(
            h(
                [fixed("a", 20, 30) { $0.ascender = 20 }, fixed("b", 20, 20) { $0.ascender = 10 }],
                align: .baselineFirst), in: range(0, 0, 300, 300))
        #expect(laid["a"] == rect(0, 0, 20, 30))
        #expect(laid["b"] == rect(20, 10, 20, 20))
        #expect(laid.size == Size(40, 30))
    }

    // BaselineLast: baseline = cross + descender = 25 and 18; A = 25, B = max(5, 2) = 5 → 30; y = 0, 7.
    @Test func baselineLast() {
        let laid = layOut(
            h(
                [fixed("a", 20, 30) { $0.descender = -5 }, fixed("b", 20, 20) { $0.descender = -2 }],
                align: .baselineLast), in: range(0, 0, 300, 300))
        #expect(laid["a"] == rect(0, 0, 20, 30))
        #expect(laid["b"] == rect(20, 7, 20, 20))
        #expect(laid.size == Size(40, 30))
    }

    // §5.7: baseline alignment also runs in a vertical stack, along x: baselines 20 and 10 → line cross 30; x = 0, 10.
    @Test func baselineInAVerticalStack() {
        let laid = layOut(
            v(
                [fixed("a", 30, 10) { $0.ascender = 20 }, fixed("b", 20, 10) { $0.ascender = 10 }],
                align: .baselineFirst), in: range(0, 0, 300, 300))
        #expect(laid["a"] == rect(0, 0, 30, 10))
        #expect(laid["b"] == rect(10, 10, 20, 10))
        #expect(laid.size == Size(30, 20))
    }

    // §5.11: a vertical stack takes its first child's ascender and last child's descender; a horizontal one does
    // not. A parent horizontal stack then aligns on them: vstack baseline 12, leaf 4 → leaf y = 12 − 4 = 8.
    // (Texture writes them into the stack's style; the engine keeps them with the pass's results, so the style
    // stays as set.)
    @Test func verticalStackPassesItsBaselineUp() {
        let inner = v([fixed("top", 10, 20) { $0.ascender = 12 }, fixed("bottom", 10, 10) { $0.descender = -3 }])
        inner.debugName = "inner"
        let outer = h([inner, fixed("leaf", 10, 10) { $0.ascender = 4 }], align: .baselineFirst)
        let laid = layOut(outer, in: range(0, 0, 300, 300))
        #expect(inner.layoutAscender == 12 && inner.layoutDescender == -3)
        #expect(inner.style.ascender == 0 && inner.style.descender == 0)
        #expect(laid["top"] == rect(0, 0, 10, 20))
        #expect(laid["bottom"] == rect(0, 20, 10, 10))
        #expect(laid["leaf"] == rect(10, 8, 10, 10))
        #expect(laid.size == Size(20, 30))

        let horizontal = h([fixed("x", 10, 20) { $0.ascender = 12 }])
        _ = layOut(horizontal, in: range(0, 0, 300, 300))
        #expect(horizontal.style.ascender == 0 && horizontal.layoutAscender == 0)
    }

    /// A cached measurement keeps the baseline its computation derived. `t` is 10×20 with its baseline 15 below
    /// its top, reported as a text reports its last baseline: descender = 15 − height, so it depends on the height
    /// measured. In a baselineLast row with a 10×10 leaf in [0…300]² (§5.7): t's baseline 20 − 5 = 15, the
    /// leaf's 10 + 0 = 10; the line is max(15, 10) + max(20 − 15, 10 − 10) = 20, the leaf at y 15 − 10 = 5.
    /// A pass at height at most 0 measures t 10×0, descender +15. Back in [0…300]², t's 10×20 comes from its
    /// cache; the baseline the row reads must be that entry's (15), not the latest computation's (20 + 15 = 35,
    /// which put the leaf at y 25).
    @Test func aCachedMeasurementKeepsItsOwnBaseline() {
        final class LastBaselineNode: FixedSizeNode {
            override func calculateSize(_ constrainedSize: SizeRange, context: LayoutContext) -> Size {
                let size = super.calculateSize(constrainedSize, context: context)
                setMeasuredBaseline(ascender: 15, descender: 15 - size.height)
                return size
            }
        }
        func row() -> DisplayNode {
            node(
                h(
                    [styled("t", LastBaselineNode(intrinsicSize: Size(10, 20))), fixed("leaf", 10, 10)],
                    align: .baselineLast))
        }
        let root = row()
        let first = Laid(layout: root.layout(within: range(0, 0, 300, 300)))
        #expect(first["t"] == rect(0, 0, 10, 20) && first["leaf"] == rect(10, 5, 10, 10))
        _ = root.layout(within: range(0, 0, 300, 0))
        let again = Laid(layout: root.layout(within: range(0, 0, 300, 300)))
        #expect(again.size == Size(20, 20))
        #expect(again["t"] == rect(0, 0, 10, 20))
        #expect(again["leaf"] == rect(10, 5, 10, 10))
        #expect(namedFrames(again.layout) == namedFrames(row().layout(within: range(0, 0, 300, 300))))
    }

    // MARK: flexWrap, alignContent, lineSpacing (§5.5, §5.8, §5.10)

    private func wrapping(
        _ children: [LayoutElement], alignContent: StackAlignContent = .start,
        justify: StackJustifyContent = .start, spacing: Double = 0,
        lineSpacing: Double = 5
    ) -> StackLayoutSpec {
        StackLayoutSpec(
            direction: .horizontal, spacing: spacing, justifyContent: justify, alignItems: .start,
            flexWrap: .wrap, alignContent: alignContent, lineSpacing: lineSpacing, children: children)
    }

    // Max 100: 40 + 40 = 80 fits, + 40 = 120 does not → lines [a, b] (cross 20), [c] (cross 10); c at y 20 + 5.
    @Test func wrapIntoLines() {
        let laid = layOut(
            wrapping([fixed("a", 40, 10), fixed("b", 40, 20), fixed("c", 40, 10)]), in: range(0, 0, 100, inf))
        #expect(laid["a"] == rect(0, 0, 40, 10))
        #expect(laid["b"] == rect(40, 0, 40, 20))
        #expect(laid["c"] == rect(0, 25, 40, 10))
        #expect(laid.size == Size(80, 35))
    }

    // Spacing counts when breaking: 40 + 10 + 40 = 90 fits, 90 + 10 + 40 = 140 does not.
    @Test func wrapCountsSpacing() {
        let laid = layOut(
            wrapping([fixed("a", 40, 10), fixed("b", 40, 10), fixed("c", 40, 10)], spacing: 10, lineSpacing: 0),
            in: range(0, 0, 100, inf))
        #expect(laid["b"] == rect(50, 0, 40, 10))
        #expect(laid["c"] == rect(0, 10, 40, 10))
        #expect(laid.size == Size(90, 20))
    }

    // Breaking is strict: 50 + 50 = 100 is not > 100, so two fit on the first line.
    @Test func wrapBreaksOnlyWhenStrictlyOver() {
        let laid = layOut(
            wrapping([fixed("a", 50, 10), fixed("b", 50, 10), fixed("c", 50, 10)], lineSpacing: 0),
            in: range(0, 0, 100, inf))
        #expect(laid["b"] == rect(50, 0, 50, 10))
        #expect(laid["c"] == rect(0, 10, 50, 10))
    }

    // Unbounded main axis: nothing wraps.
    @Test func noWrapWithAnUnboundedMax() {
        let laid = layOut(
            wrapping([fixed("a", 40, 10), fixed("b", 40, 10), fixed("c", 40, 10)]), in: range(0, 0, inf, inf))
        #expect(laid["c"] == rect(80, 0, 40, 10))
    }

    // Each line is justified on its own against C (exact 100): line 1 sum 80 → offset 10; line 2 sum 40 → 30.
    @Test func wrappedLinesAreJustifiedSeparately() {
        let laid = layOut(
            wrapping([fixed("a", 40, 10), fixed("b", 40, 10), fixed("c", 40, 10)], justify: .center, lineSpacing: 0),
            in: range(100, 0, 100, inf))
        #expect(laid["a"] == rect(10, 0, 40, 10))
        #expect(laid["b"] == rect(50, 0, 40, 10))
        #expect(laid["c"] == rect(30, 10, 40, 10))
    }

    // Cross exactly 100, lines of cross 20 and 10, lineSpacing 5: crossSum 35, violation 65. Line origins:
    // start 0/25; center 32.5/57.5; end 65/90; spaceBetween 0/(20+5+65=90); spaceAround 16.25/(16.25+20+5+32.5 =
    // 73.75), ceiled at the node boundary to 16.5/74; stretch: each line +32.5 → 52.5, so line 2 at 57.5.
    @Test(
        arguments: [
            (StackAlignContent.start, 0.0, 25.0), (.center, 32.5, 57.5), (.end, 65, 90), (.spaceBetween, 0, 90),
            (.spaceAround, 16.5, 74), (.stretch, 0, 57.5),
        ] as [(StackAlignContent, Double, Double)])
    func alignContent(alignContent: StackAlignContent, line1: Double, line2: Double) {
        let laid = layOut(
            wrapping([fixed("a", 40, 10), fixed("b", 40, 20), fixed("c", 40, 10)], alignContent: alignContent),
            in: range(0, 100, 100, 100))
        #expect(laid["a"] == rect(0, line1, 40, 10))
        #expect(laid["b"] == rect(40, line1, 40, 20))
        #expect(laid["c"] == rect(0, line2, 40, 10))
        #expect(laid.size == Size(80, 100))
    }

    // MARK: Reverse directions (engine-defined, §5.12: Texture has no reference geometry for them)

    // The engine documents CSS row-reverse / column-reverse: items placed from the far end.
    @Test func reverseDirections() {
        let row = layOut(
            StackLayoutSpec(direction: .horizontalReverse, children: [fixed("a", 50, 50), fixed("b", 30, 50)]),
            in: exact(200, 50))
        #expect(row["a"] == rect(150, 0, 50, 50))
        #expect(row["b"] == rect(120, 0, 30, 50))
        let column = layOut(
            StackLayoutSpec(direction: .verticalReverse, children: [fixed("a", 50, 50), fixed("b", 50, 30)]),
            in: exact(50, 200))
        #expect(column["a"] == rect(0, 150, 50, 50))
        #expect(column["b"] == rect(0, 120, 50, 30))
    }
}
