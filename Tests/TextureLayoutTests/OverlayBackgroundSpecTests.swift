import Testing
@testable import TextureLayout

/// ASOverlayLayoutSpec and ASBackgroundLayoutSpec (layout rules §4.4, §4.5; API facts 37, 38, S4, S6).
@Suite struct OverlayBackgroundSpecTests {
    // §4.4: child measured with (C, P) → S; the overlay with exact S; both at (0,0); size S; overlay on top.
    @Test func overlayTakesTheChildSize() {
        let spec = OverlayLayoutSpec(child: fixed("child", 100, 50), overlay: plain("overlay"))
        let laid = layOut(spec, in: range(0, 0, 300, 300))
        #expect(laid["child"] == rect(0, 0, 100, 50))
        #expect(laid["overlay"] == rect(0, 0, 100, 50))
        #expect(laid.size == Size(100, 50))
        #expect(laid.subnodeNames == ["child", "overlay"])
    }

    // The overlay's range is exact, so its own size or style cannot change its size (the constraint wins).
    @Test func overlayCannotChangeItsSize() {
        let overlay = fixed("overlay", 10, 10) { $0.preferredSize = Size(500, 5) }
        let laid = layOut(
            OverlayLayoutSpec(child: fixed("child", 100, 50), overlay: overlay), in: range(0, 0, 300, 300))
        #expect(laid["overlay"] == rect(0, 0, 100, 50))
    }

    // §4.5: the background is measured with exact S; sublayouts are background first, then the child.
    @Test func backgroundTakesTheChildSizeAndIsDrawnFirst() {
        let spec = BackgroundLayoutSpec(child: fixed("child", 100, 50), background: plain("background"))
        let laid = layOut(spec, in: range(0, 0, 300, 300))
        #expect(laid["child"] == rect(0, 0, 100, 50))
        #expect(laid["background"] == rect(0, 0, 100, 50))
        #expect(laid.size == Size(100, 50))
        #expect(laid.subnodeNames == ["background", "child"])
    }

    // S4: a 0×0-styled node inside a background/overlay spec takes the spec's size.
    @Test func zeroStyledDecorationTakesTheSpecSize() {
        let bg = plain("bg") { $0.preferredSize = .zero }
        let ov = plain("ov") { $0.preferredSize = .zero }
        let spec = OverlayLayoutSpec(
            child: BackgroundLayoutSpec(child: fixed("child", 100, 50), background: bg),
            overlay: ov)
        let laid = layOut(spec, in: range(0, 0, 300, 300))
        #expect(laid["bg"] == rect(0, 0, 100, 50))
        #expect(laid["ov"] == rect(0, 0, 100, 50))
    }

    // §3.3/S6: both ignore their own style.
    @Test func ownStyleIsIgnored() {
        let overlay = styled("o", OverlayLayoutSpec(child: fixed("c1", 100, 50), overlay: nil)) {
            $0.width = .points(10); $0.minHeight = .points(200)
        }
        #expect(layOut(overlay, in: range(0, 0, 300, 300)).size == Size(100, 50))
        let background = styled("b", BackgroundLayoutSpec(child: fixed("c2", 100, 50), background: plain("bg"))) {
            $0.width = .points(10); $0.minHeight = .points(200)
        }
        #expect(layOut(background, in: range(0, 0, 300, 300)).size == Size(100, 50))
    }

    // The child gets the spec's whole range: a plain child takes C.max = 300×200.
    @Test func childGetsTheWholeRange() {
        let laid = layOut(
            OverlayLayoutSpec(child: plain("child"), overlay: plain("overlay")), in: range(0, 0, 300, 200))
        #expect(laid["child"] == rect(0, 0, 300, 200))
        #expect(laid["overlay"] == rect(0, 0, 300, 200))
        // A min reaches the child: the 100×50 child in [120,60]…[300,200] → 120×60.
        let withMin = layOut(
            OverlayLayoutSpec(child: fixed("child", 100, 50), overlay: nil), in: range(120, 60, 300, 200))
        #expect(withMin["child"] == rect(0, 0, 120, 60))
        #expect(withMin.size == Size(120, 60))
    }

    // §4.4 vs §4.5: the overlay resolves percentages against S, the background against P. The decoration is an
    // inset with ∞ insets (child range [0,0]…[S], child parent size = the decoration's parent size) holding a
    // 50%×50% plain node; S = 100×50, P = 300×300 (root range max).
    // Overlay: 50% of S → 50×25, centred: x = 100 − (roundPx(25) + 50) = 25, y = 50 − (roundPx(12.5) + 25) = 12.5.
    // Background: 50% of P = 150 → [0,100]∩[150,150] disjoint → 100; height → 50; x = 100 − (0 + 100) = 0, y = 0.
    @Test func overlayPercentagesUseTheChildSizeBackgroundOnesTheParentSize() {
        func decoration(_ name: String) -> InsetLayoutSpec {
            InsetLayoutSpec(
                insets: EdgeInsets(all: inf),
                child: plain(name) {
                    $0.width = .fraction(0.5); $0.height = .fraction(0.5)
                })
        }
        let overlay = layOut(
            OverlayLayoutSpec(child: fixed("child", 100, 50), overlay: decoration("pct")),
            in: range(0, 0, 300, 300))
        #expect(overlay["pct"] == rect(25, 12.5, 50, 25))
        let background = layOut(
            BackgroundLayoutSpec(child: fixed("child", 100, 50), background: decoration("pct")),
            in: range(0, 0, 300, 300))
        #expect(background["pct"] == rect(0, 0, 100, 50))
    }

    // Fact 37: overlay(child: inset(underlay), overlay: overlay) orders underlay before overlay.
    @Test func overlayOrdersSubnodesChildFirst() {
        let spec = OverlayLayoutSpec(
            child: InsetLayoutSpec(insets: .zero, child: plain("underlay")),
            overlay: plain("overlay"))
        #expect(layOut(spec, in: exact(100, 100)).subnodeNames == ["underlay", "overlay"])
    }

    // Fact 38: background(child: overlay, background: inset(underlay)) orders the background's underlay first.
    @Test func backgroundOrdersSubnodesBackgroundFirst() {
        let spec = BackgroundLayoutSpec(
            child: plain("overlay"),
            background: InsetLayoutSpec(insets: .zero, child: plain("underlay")))
        #expect(layOut(spec, in: exact(100, 100)).subnodeNames == ["underlay", "overlay"])
    }
}
