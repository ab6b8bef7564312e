import Testing
@testable import TextureLayout

/// A layout at a second width: what the cache may answer and what it must compute again. Every child of a stack
/// laid out at a new width is asked under a new parent size, which only a style's fractions and the classes that
/// read the parent size themselves depend on.
@Suite struct RelayoutTests {
    /// A leaf that reads the parent size itself, as an override of `calculateSize(_:parentSize:context:)` may:
    /// half the parent's width, 10 high.
    final class HalfOfParent: FixedSizeNode {
        init(_ name: String) {
            super.init(intrinsicSize: .zero)
            debugName = name
        }

        override func calculateSize(_ c: SizeRange, parentSize: Size, context: LayoutContext) -> Size {
            c.clamp(Size(parentSize.width / 2, 10))
        }
    }

    /// A horizontal stack (alignItems start) of a 44 × 44 leaf, a leaf that reads the parent size and a 10 × 10
    /// leaf with a 50% width. A horizontal stack in an exact width gives its children that width as parent size
    /// (§4.1) and the range [0, ∞] on both axes (auto flex basis; alignItems start leaves the cross max as
    /// the stack's, ∞).
    func row() -> (spec: StackLayoutSpec, leaves: [LayoutElement]) {
        let avatar = fixed("avatar", 44, 44)
        let half = HalfOfParent("half")
        let percent = fixed("percent", 10, 10) { $0.width = .fraction(0.5) }
        let spec = StackLayoutSpec(direction: .horizontal, alignItems: .start, children: [avatar, half, percent])
        return (spec, [avatar, half, percent])
    }

    /// At 375 and then at 320, the leaf of all-auto style is answered from its cache (its range is the same; the
    /// parent size plays no part in it), while the leaf that reads the parent size and the one with a fraction
    /// are computed again. Every frame equals a fresh layout's at 320: the avatar at x = 0, the half at 44,
    /// 320 / 2 = 160 wide, the 50% leaf at 44 + 160 = 204, 160 wide and 10 high (its own height); the row 320
    /// wide (its 364 points of children clamped to the exact width), 44 high.
    @Test func aChildWhoseStyleIgnoresTheParentSizeIsAnsweredFromItsCache() {
        let (spec, leaves) = row()
        let root = node(spec)
        _ = root.layout(within: range(375, 0, 375, inf))
        let computations = leaves.map(\.state.computationID)
        let second = Laid(layout: root.layout(within: range(320, 0, 320, inf)))
        #expect(leaves[0].state.computationID == computations[0])
        #expect(leaves[1].state.computationID != computations[1])
        #expect(leaves[2].state.computationID != computations[2])

        #expect(second["avatar"] == rect(0, 0, 44, 44))
        #expect(second["half"] == rect(44, 0, 160, 10))
        #expect(second["percent"] == rect(204, 0, 160, 10))
        #expect(second.size == Size(320, 44))
        let fresh = layOut(row().spec, in: range(320, 0, 320, inf))
        #expect(namedFrames(second.layout) == namedFrames(fresh.layout))
    }

    /// Only the classes that keep the default parent-size handling are marked, and only for their own exact
    /// type: a subclass may override `calculateSize(_:parentSize:context:)` (as `HalfOfParent` does), the inset
    /// spec hands the parent size to its child.
    @Test func onlyExactClassesThatIgnoreTheParentSizeAreMarked() {
        // Each flag is read while its element is alive, as an argument: the state lies in memory the element frees.
        func isMarked(_ element: LayoutElement) -> Bool { element.state.measuresFromRangeAndStyle }
        #expect(isMarked(fixed("a", 1, 1)))
        #expect(isMarked(StackLayoutSpec()))
        #expect(isMarked(LayoutSpec()))
        #expect(isMarked(DisplayNode()))
        #expect(!isMarked(HalfOfParent("b")))
        #expect(!isMarked(InsetLayoutSpec(insets: EdgeInsets(all: 0), child: fixed("c", 1, 1))))
        #expect(!isMarked(OverlayLayoutSpec(child: fixed("d", 1, 1), overlay: nil)))
        #expect(!isMarked(RecordingNode("e", 1, 1)))
    }

    /// A marked element ignores the parent size only while its style has no sizing dimension: the flag a request
    /// reads follows each new style block (a fraction of the parent, points, then the default style again, set
    /// whole or through a shared block), and stays off for an unmarked class whatever its style. A flex factor is
    /// not a sizing dimension.
    @Test func ignoringTheParentSizeFollowsTheStyle() {
        let leaf = fixed("a", 1, 1)
        #expect(leaf.state.ignoresParentSize)
        leaf.style.width = .fraction(0.5)
        #expect(!leaf.state.ignoresParentSize)
        leaf.style.width = .auto
        #expect(leaf.state.ignoresParentSize)
        leaf.style.maxHeight = .points(10)
        #expect(!leaf.state.ignoresParentSize)
        leaf.sharedStyle = .default
        #expect(leaf.state.ignoresParentSize)
        leaf.style.flexGrow = 1
        #expect(leaf.state.ignoresParentSize)
        let half = HalfOfParent("b")
        #expect(!half.state.ignoresParentSize)
        half.sharedStyle = .default
        #expect(!half.state.ignoresParentSize)
    }

    /// A spec that measures itself: a subclass of the plain spec, 10 × 10 within any range that allows it.
    final class TenByTen: LayoutSpec {
        override func calculateSize(_ c: SizeRange, context: LayoutContext) -> Size { c.clamp(Size(10, 10)) }
    }

    /// A horizontal stack (alignItems start) of a 44 × 44 leaf, a spacer (a plain spec, flexGrow 1) and a
    /// 28 × 28 leaf. In an exact width the leaves take 44 + 28 = 72 and the spacer grows by the rest (§5.6; a
    /// plain spec takes its range's minimum, §4.1), at its cross range's minimum, 0 high: at 375 it is 303 wide
    /// and the last leaf at 44 + 303 = 347, at 320 it is 248 wide and the leaf at 292. The spacer (a plain spec
    /// with an all-auto style) is computed in place at each width, keeping no entry and no computation's ID (it
    /// measures no children), and every frame equals a fresh layout's.
    @Test func aSpacerIsComputedInPlaceAtEachWidth() {
        func bar() -> StackLayoutSpec {
            StackLayoutSpec(
                direction: .horizontal, alignItems: .start,
                children: [
                    fixed("avatar", 44, 44), styled("spacer", LayoutSpec()) { $0.flexGrow = 1 },
                    fixed("badge", 28, 28),
                ])
        }
        let spec = bar()
        let root = node(spec)
        let first = Laid(layout: root.layout(within: range(375, 0, 375, inf)))
        #expect(first["spacer"] == rect(44, 0, 303, 0))
        #expect(first["badge"] == rect(347, 0, 28, 28))
        let spacer = spec.children[1]
        #expect(spacer.state.computationID == 0)
        #expect(spacer.state.cache.count == 0)
        let second = Laid(layout: root.layout(within: range(320, 0, 320, inf)))
        #expect(second["spacer"] == rect(44, 0, 248, 0))
        #expect(second["badge"] == rect(292, 0, 28, 28))
        #expect(spacer.state.computationID == 0)
        #expect(spacer.state.cache.count == 0)
        #expect(namedFrames(second.layout) == namedFrames(layOut(bar(), in: range(320, 0, 320, inf)).layout))
    }

    /// Only the plain element and the plain spec, each for its own exact type, are computed in place: a subclass
    /// may measure itself, as `TenByTen` does, and is asked as any element is: in [0, 320] on both axes it takes
    /// its own 10 × 10, where the range's minimum is 0 × 0.
    @Test func onlyExactSpacerClassesAreComputedInPlace() {
        // Each flag is read while its element is alive, as an argument: the state lies in memory the element frees.
        func isMarked(_ element: LayoutElement) -> Bool { element.state.takesRangeMinimum }
        #expect(isMarked(LayoutSpec()))
        #expect(isMarked(LayoutElement()))
        #expect(!isMarked(TenByTen()))
        #expect(!isMarked(StackLayoutSpec()))
        #expect(!isMarked(DisplayNode()))
        #expect(!isMarked(fixed("a", 1, 1)))
        #expect(layOut(element: TenByTen(), in: range(0, 0, 320, 320)).size == Size(10, 10))
    }

    /// A spacer computed in place is ceiled to the pixel grid and checked as any computation: at scale 2 a
    /// minimum of 10.3 × 0.2 takes 10.5 × 0.5 (§0.4, §3.6), and an infinite minimum is reported as
    /// an invalid size and becomes zero (§0.5, §3.6).
    @Test func aSpacerComputedInPlaceIsCeiledAndChecked() {
        #expect(layOut(element: LayoutSpec(), in: range(10.3, 0.2, 20, 20)).size == Size(10.5, 0.5))
        let infinite = layOut(element: LayoutSpec(), in: range(inf, 0, inf, 0))
        #expect(infinite.size == .zero)
        #expect(infinite.issues == [.invalidSize(Size(inf, 0))])
    }
}
