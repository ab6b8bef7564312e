import Testing
@testable import TextureLayout

/// ASLayoutElementStyle: defaults, aliases, resolution to a range and its effect on frames (layout rules §1.4, §2;
/// API facts 10–13, 36, S8). Stack-child properties are in StackSpecTests, layoutPosition in AbsoluteSpecTests.
@Suite struct StyleTests {
    // §2.1 defaults.
    @Test func defaults() {
        let style = Style()
        for d in [
            style.width, style.height, style.minWidth, style.maxWidth, style.minHeight, style.maxHeight,
            style.flexBasis,
        ] {
            #expect(d == .auto)
        }
        #expect(style.spacingBefore == 0 && style.spacingAfter == 0)
        #expect(style.flexGrow == 0)
        #expect(style.flexShrink == 0)  // not CSS's 1
        #expect(style.alignSelf == .auto)
        #expect(style.ascender == 0 && style.descender == 0)
        #expect(style.layoutPosition == .zero)
    }

    // Fact 10: min/max are separate fields; setting them leaves width/height alone.
    @Test func settingSize() {
        var style = Style()
        style.width = .points(100)
        style.height = .points(100)
        #expect(style.width == .points(100) && style.height == .points(100))
        style.minWidth = .points(100)
        style.minHeight = .points(100)
        #expect(style.width == .points(100) && style.height == .points(100))
        style.maxWidth = .points(100)
        style.maxHeight = .points(100)
        #expect(style.width == .points(100) && style.height == .points(100))
    }

    // Fact 11: preferredSize / minSize / maxSize write points.
    @Test func settingSizeViaSize() {
        var style = Style()
        #expect(style.preferredSize == .zero)
        style.preferredSize = Size(100, 100)
        #expect(style.preferredSize == Size(100, 100))
        #expect(style.width == .points(100) && style.height == .points(100))
        style.minSize = Size(100, 100)
        #expect(style.minWidth == .points(100) && style.minHeight == .points(100))
        style.maxSize = Size(100, 100)
        #expect(style.maxWidth == .points(100) && style.maxHeight == .points(100))
    }

    // Fact 12: reading preferredSize with a fractional width (or height) asserts in Texture; release builds return
    // CGSizeZero, which is what the engine returns. After preferredSize = 100×100 it reads normally again.
    @Test func readingPreferredSizeWithFractions() {
        var style = Style()
        #expect(style.preferredSize == .zero)
        style.width = .fraction(0.5)
        #expect(style.preferredSize == .zero)
        style.preferredSize = Size(100, 100)
        #expect(style.preferredSize == Size(100, 100))
        style.height = .fraction(0.5)
        #expect(style.preferredSize == .zero)
    }

    // Fact 13: the layout-size aliases read back what was set.
    @Test func settingSizeViaLayoutSize() {
        var style = Style()
        let hundred = LayoutSize(width: .points(100), height: .points(100))
        style.preferredLayoutSize = hundred
        #expect(style.preferredLayoutSize == hundred)
        #expect(style.width == .points(100) && style.height == .points(100))
        let half = LayoutSize(width: .fraction(0.5), height: .points(10))
        style.minLayoutSize = half
        #expect(style.minLayoutSize == half && style.minWidth == .fraction(0.5) && style.minHeight == .points(10))
        style.maxLayoutSize = half
        #expect(style.maxLayoutSize == half && style.maxWidth == .fraction(0.5) && style.maxHeight == .points(10))
    }

    // §2.2: aliases share storage, so the last write wins.
    @Test func lastWriteWins() {
        var style = Style()
        style.preferredSize = Size(10, 20)
        style.width = .fraction(0.5)
        #expect(style.preferredLayoutSize == LayoutSize(width: .fraction(0.5), height: .points(20)))
        style.preferredLayoutSize = LayoutSize(width: .points(7), height: .auto)
        #expect(style.width == .points(7) && style.height == .auto)
    }

    // Fact 36 (styledWithBlock): properties set through an element's style are stored.
    @Test func settingPropertiesOnAnElement() {
        let element = plain("n") {
            $0.width = .points(100); $0.flexGrow = 1; $0.flexShrink = 1
        }
        #expect(element.style.width == .points(100))
        #expect(element.style.flexGrow == 1)
        #expect(element.style.flexShrink == 1)
    }

    // §1.4 table (parent 200): min overrides max overrides width.
    @Test(arguments: [
        (Style(), 200.0, 0.0, inf),
        (Style.with { $0.width = .points(50) }, 200, 50, 50),
        (Style.with { $0.width = .fraction(0.5) }, 200, 100, 100),
        (Style.with { $0.width = .fraction(0.5) }, .nan, 0, inf),
        (Style.with { $0.width = .fraction(0) }, inf, 0, inf),
        (Style.with { $0.width = .fraction(0.5) }, inf, inf, inf),
        (Style.with { $0.minWidth = .points(30) }, 200, 30, inf),
        (
            Style.with {
                $0.width = .points(50); $0.maxWidth = .points(40)
            }, 200, 40, 40
        ),
        (
            Style.with {
                $0.width = .points(50); $0.minWidth = .points(60)
            }, 200, 60, 60
        ),
        (
            Style.with {
                $0.minWidth = .points(80); $0.maxWidth = .points(60)
            }, 200, 80, 80
        ),
        (
            Style.with {
                $0.minWidth = .points(60); $0.maxWidth = .points(60); $0.width = .points(10)
            }, 200, 60, 60
        ),
        (Style.with { $0.maxWidth = .fraction(0.25) }, 200, 0, 50),
    ])
    func resolvedRangeTable(style: Style, parent: Double, min: Double, max: Double) {
        let r = style.resolvedRange(parent: Size(parent, parent))
        #expect(r.min.width == min && r.max.width == max)
        #expect(r.min.height == 0 && r.max.height == inf)  // the height fields are all auto
    }

    // §1.4 last row: a fraction min against an undefined parent asserts in Texture; the engine flags it and drops
    // the bound.
    @Test func fractionMinAgainstUndefinedParentIsFlagged() {
        var undefined = false
        let style = Style.with { $0.minWidth = .fraction(0.5) }
        let r = style.resolvedRange(parent: .undefined, auto: .unconstrained, undefined: &undefined)
        #expect(undefined)
        #expect(r.min.width == 0 && r.max.width == inf)
    }

    // MARK: Frames. Each element is the only child of a wrapper in a root node measured with [0,0]…[300,300]: its
    // range is C = [0,0]…[300,300] and its parent size C.max = (300,300) (§4.2). Own range = C ∩ style (§2.3).

    private func frame(of element: DisplayNode, in r: SizeRange = range(0, 0, 300, 300)) -> Rect? {
        layOut(WrapperLayoutSpec(layoutElement: element), in: r)[element.debugName!]
    }

    @Test func widthAndHeightPoints() {
        #expect(
            frame(
                of: plain("n") {
                    $0.width = .points(50); $0.height = .points(60)
                }) == rect(0, 0, 50, 60))
    }

    @Test func widthAndHeightFractions() {
        // 50% and 25% of the parent size 300.
        #expect(
            frame(
                of: plain("n") {
                    $0.width = .fraction(0.5); $0.height = .fraction(0.25)
                }) == rect(0, 0, 150, 75))
    }

    @Test func minWidthAndMinHeight() {
        // Fixed 10×10 with minWidth 30: width range [30,300] → clamp(10) = 30; height [0,300] → 10.
        #expect(frame(of: fixed("n", 10, 10) { $0.minWidth = .points(30) }) == rect(0, 0, 30, 10))
        #expect(frame(of: fixed("n", 10, 10) { $0.minHeight = .points(30) }) == rect(0, 0, 10, 30))
    }

    @Test func maxWidthAndMaxHeight() {
        // Fixed 100×100 with maxWidth 40: [0,40] → 40.
        #expect(frame(of: fixed("n", 100, 100) { $0.maxWidth = .points(40) }) == rect(0, 0, 40, 100))
        #expect(frame(of: fixed("n", 100, 100) { $0.maxHeight = .points(40) }) == rect(0, 0, 100, 40))
    }

    @Test func precedenceInFrames() {
        #expect(
            frame(
                of: plain("n") {
                    $0.width = .points(50); $0.maxWidth = .points(40); $0.height = .points(10)
                })
                == rect(0, 0, 40, 10))
        #expect(
            frame(
                of: plain("n") {
                    $0.width = .points(50); $0.minWidth = .points(60); $0.height = .points(10)
                })
                == rect(0, 0, 60, 10))
        // minWidth 80 > maxWidth 60 → [80,80].
        #expect(
            frame(
                of: fixed("n", 10, 10) {
                    $0.minWidth = .points(80); $0.maxWidth = .points(60)
                })
                == rect(0, 0, 80, 10))
    }

    @Test func preferredMinAndMaxSize() {
        #expect(frame(of: plain("n") { $0.preferredSize = Size(70, 20) }) == rect(0, 0, 70, 20))
        #expect(frame(of: fixed("n", 10, 10) { $0.minSize = Size(20, 25) }) == rect(0, 0, 20, 25))
        #expect(frame(of: fixed("n", 10, 10) { $0.maxSize = Size(5, 6) }) == rect(0, 0, 5, 6))
    }

    @Test func layoutSizeAliases() {
        // preferredLayoutSize (50%, 10pt) → (150, 10).
        #expect(
            frame(
                of: plain("n") {
                    $0.preferredLayoutSize = LayoutSize(width: .fraction(0.5), height: .points(10))
                }) == rect(0, 0, 150, 10))
        // minLayoutSize 50% × 50% on a 10×10 leaf → [150,300] each axis → 150×150.
        #expect(
            frame(
                of: fixed("n", 10, 10) {
                    $0.minLayoutSize = LayoutSize(width: .fraction(0.5), height: .fraction(0.5))
                }) == rect(0, 0, 150, 150))
        // maxLayoutSize 10% × 10% on a 100×100 leaf → [0,30] → 30×30.
        #expect(
            frame(
                of: fixed("n", 100, 100) {
                    $0.maxLayoutSize = LayoutSize(width: .fraction(0.1), height: .fraction(0.1))
                }) == rect(0, 0, 30, 30))
    }

    // §2.3: the parent's constraint beats the element's own style.
    @Test func constraintBeatsStyle() {
        // [0,300] ∩ [400,400]: disjoint, receiver below → [300,300].
        #expect(
            frame(
                of: plain("n") {
                    $0.width = .points(400); $0.height = .points(10)
                }) == rect(0, 0, 300, 10))
        // [100,300] ∩ [50,50]: disjoint, receiver above → [100,100].
        #expect(
            frame(
                of: plain("n") {
                    $0.width = .points(50); $0.height = .points(10)
                }, in: range(100, 100, 300, 300))
                == rect(0, 0, 100, 100))
    }

    /// A custom spec (fact 18): places each child diagonally, offset by the child's own spacingBefore.
    private final class DiagonalSpec: LayoutSpec {
        override func calculateSize(_ constrainedSize: SizeRange, context: LayoutContext) -> Size {
            var origin = Point.zero, extent = Size.zero
            for child in children {
                let size = context.measure(
                    child, in: SizeRange(min: .zero, max: constrainedSize.max),
                    parentSize: constrainedSize.max)
                origin = Point(origin.x + child.style.spacingBefore, origin.y + child.style.spacingBefore)
                context.place(child, at: origin)
                extent = Size(
                    Swift.max(extent.width, origin.x + size.width), Swift.max(extent.height, origin.y + size.height))
            }
            return constrainedSize.clamp(extent)
        }
    }

    // Fact 18: a custom LayoutSpec subclass reads its children's style: a at (5,5), b at (5+20, 5+20); extent 35×35.
    @Test func customSpecReadsChildrenStyle() {
        let spec = DiagonalSpec(children: [
            fixed("a", 10, 10) { $0.spacingBefore = 5 }, fixed("b", 10, 10) { $0.spacingBefore = 20 },
        ])
        let laid = layOut(spec, in: range(0, 0, 300, 300))
        #expect(laid["a"] == rect(5, 5, 10, 10))
        #expect(laid["b"] == rect(25, 25, 10, 10))
        #expect(laid.size == Size(35, 35))
    }

    // Changing the style invalidates the element: the next pass uses the new value.
    @Test func styleChangeTakesEffectOnRelayout() {
        let leaf = plain("n") { $0.preferredSize = Size(30, 60) }
        let root = node(WrapperLayoutSpec(layoutElement: leaf))
        #expect(Laid(layout: root.layout(within: range(0, 0, 300, 300)))["n"] == rect(0, 0, 30, 60))
        leaf.style.width = .points(45)
        #expect(Laid(layout: root.layout(within: range(0, 0, 300, 300)))["n"] == rect(0, 0, 45, 60))
    }
}

extension Style {
    /// A style configured in place (test convenience).
    static func with(_ configure: (inout Style) -> Void) -> Style {
        var style = Style()
        configure(&style)
        return style
    }

    /// The style stores its dimensions' units apart from their values (a packed word): each of the seven
    /// dimensions and `alignSelf` keeps what was set, whatever is set around it.
    @Test func everyDimensionKeepsItsUnitAndValue() {
        var style = Style()
        style.alignSelf = .stretch
        style.width = .points(1)
        style.height = .fraction(0.2)
        style.minWidth = .points(3)
        style.maxWidth = .fraction(0.4)
        style.minHeight = .points(5)
        style.maxHeight = .fraction(0.6)
        style.flexBasis = .points(7)
        #expect(style.width == .points(1) && style.height == .fraction(0.2))
        #expect(style.minWidth == .points(3) && style.maxWidth == .fraction(0.4))
        #expect(style.minHeight == .points(5) && style.maxHeight == .fraction(0.6))
        #expect(style.flexBasis == .points(7) && style.alignSelf == .stretch)
        style.height = .auto
        style.alignSelf = .center
        #expect(style.height == .auto && style.width == .points(1) && style.minWidth == .points(3))
        #expect(style.alignSelf == .center && style.flexBasis == .points(7))
    }

    /// A value changed through `value` reads back as set, even on an auto dimension (only
    /// `Dimension(unit:value:)` zeroes an auto value), as when each dimension was stored whole.
    @Test func aValueChangedInPlaceIsKept() {
        var style = Style()
        style.maxHeight.value = 5
        #expect(style.maxHeight.unit == .auto && style.maxHeight.value == 5)
        #expect(style.maxHeight != .auto)
    }

    /// Equal styles are equal and hash alike however they were built; any one field tells them apart.
    @Test func equalityAndHashing() {
        var a = Style(), b = Style()
        a.width = .points(10)
        a.alignSelf = .end
        b.alignSelf = .end
        b.width = .points(10)
        #expect(a == b && a.hashValue == b.hashValue)
        b.flexBasis = .fraction(0)
        #expect(a != b)
    }
}
