import LayoutDocument
import LayoutRendering
import Testing
import TextureLayout
import TextureLayoutPaint

/// A font whose every character is 5 points wide, 6 above the baseline and 2 below: positions follow by hand.
struct FiveByEightFont: LabelFont {
    func width(of text: String) -> Double { Double(text.count) * 5 }
    var ascent: Double { 6 }
    var descent: Double { 2 }
}

@Suite struct LabelPlacementTests {
    @Test func labelsSharingAFrameStayApartInsideIt() throws {
        let picture = LayoutPicture(
            try layOut(
                #"""
                {"root": {"type": "wrapper", "name": "outer", "child": {"type": "wrapper", "name": "inner",
                  "child": {"type": "node", "name": "node", "size": [100, 100]}}}}
                """#))
        let labels = picture.labels(mode: .all, font: FiveByEightFont())
        #expect(labels.map(\.text) == ["node", "outer", "inner"])
        // One-point cells, a free cell all round: the node's text at (1, 1); the first spec's block of 27 × 10
        // cells in the bottom-right corner (73…100, 90…100), its text right-aligned before the last cell; the
        // second spec's block on the same row, left of the first one's text (cells 74…98 are taken): 47…74, its
        // text ending at 73.
        #expect(labels[0].box == Rect(x: 1, y: 1, width: 20, height: 8) && labels[0].baseline == 7)
        #expect(labels[1].box == Rect(x: 74, y: 91, width: 25, height: 8))
        #expect(labels[2].box == Rect(x: 48, y: 91, width: 25, height: 8))
    }

    @Test(arguments: exampleNames)
    func labelsNeverOverlapAndSitOnTheirOwnElement(name: String) throws {
        let picture = LayoutPicture(try layOutExample(name))
        let labels = picture.labels(mode: .all, font: FiveByEightFont())
        #expect(!labels.isEmpty)
        func overlap(_ a: Rect, _ b: Rect) -> Bool {
            a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
        }
        for (n, label) in labels.enumerated() {
            let item = picture.items[label.item]
            let box = label.box
            #expect(
                box.minX >= 0 && box.minY >= 0 && box.maxX <= picture.size.width
                    && box.maxY <= picture.size.height, "\(label.text) on the canvas")
            if !item.isZeroSize {
                let f = item.frame
                #expect(
                    box.minX > f.minX && box.minY > f.minY && box.maxX < f.maxX && box.maxY < f.maxY,
                    "\(label.text) inside its frame")
                // No element drawn later (other than one with the same frame) lies over it.
                for later in picture.items[(label.item + 1)...] where later.frame != f && !later.isZeroSize {
                    #expect(!overlap(box, later.frame), "\(label.text) under \(later.name ?? later.type)")
                }
            }
            for other in labels[(n + 1)...] {
                #expect(!overlap(box, other.box), "\(label.text) and \(other.text)")
            }
        }
    }

    @Test func aLabelThatDoesNotFitIsLeftOut() throws {
        let picture = LayoutPicture(
            try layOut(
                #"""
                {"root": {"type": "stack", "direction": "vertical", "alignItems": "start", "children": [
                  {"type": "node", "name": "narrow", "size": [31, 40]}, {"type": "node", "name": "short", "size": [60, 9]},
                  {"type": "node", "name": "fits", "size": [22, 10]},
                  {"type": "node", "name": "covered", "layout": {"type": "node", "name": "cover", "size": [60, 40]}}]}}
                """#))
        // "narrow" needs 30 + 2 columns, "short" 8 + 2 rows; "fits" takes exactly its 22 × 10; a node and the node
        // it uses as its layout share a frame, so both are labelled (the second below the first).
        let labels = picture.labels(mode: .all, font: FiveByEightFont())
        #expect(labels.map(\.text) == ["fits", "covered", "cover"])
    }

    @Test func aParentCoveredByItsChildrenHasNoLabel() throws {
        let picture = LayoutPicture(
            try layOut(
                #"""
                {"root": {"type": "node", "name": "parent", "layout": {"type": "inset", "insets": {"top": 2, "left": 2,
                  "bottom": 2, "right": 2}, "child": {"type": "node", "name": "child", "size": [60, 20]}}}}
                """#))
        #expect(picture.labels(mode: .all, font: FiveByEightFont()).map(\.text) == ["child"])
    }

    @Test func modesChooseNodesOrEverything() throws {
        let result = try layOutExample("feed-cell")
        let picture = LayoutPicture(result)
        #expect(picture.labels(mode: .none, font: FiveByEightFont()).isEmpty)
        let nodes = picture.labels(mode: .nodes, font: FiveByEightFont())
        #expect(!nodes.isEmpty && nodes.allSatisfy { picture.items[$0.item].isNode })
        let all = picture.labels(mode: .all, font: FiveByEightFont())
        #expect(all.contains { !picture.items[$0.item].isNode })
        #expect(Set(nodes.map(\.text)).isSubset(of: Set(all.map(\.text))))
    }

    @Test func theLabelColourContrastsWithWhatIsBehindIt() throws {
        let picture = LayoutPicture(
            try layOut(
                #"""
                {"root": {"type": "stack", "direction": "vertical", "alignItems": "start", "children": [
                  {"type": "node", "name": "dark", "size": [60, 20], "color": "navy"},
                  {"type": "node", "name": "light", "size": [60, 20], "color": "#ffff00"},
                  {"type": "node", "name": "onDark", "color": "#222", "layout": {"type": "inset", "name": "pad",
                    "insets": {"top": 12, "left": 40, "bottom": 12, "right": 12},
                    "child": {"type": "node", "name": "x", "size": [10, 10]}}}]}}
                """#))
        let colors = Dictionary(
            uniqueKeysWithValues: picture.labels(mode: .all, font: FiveByEightFont())
                .map { ($0.text, $0.color) })
        #expect(colors["dark"] == Palette.lightLabel)
        #expect(colors["light"] == Palette.darkLabel)
        // A spec's label takes the fill of the node behind it.
        #expect(colors["pad"] == Palette.lightSpecLabel)
        #expect(colors["onDark"] == Palette.lightLabel)
    }

    @Test func contrastFollowsWCAG() {
        #expect(RGBA(255, 255, 255).relativeLuminance == 1 && RGBA(0, 0, 0).relativeLuminance == 0)
        #expect(RGBA(0, 0, 0).contrastRatio(with: RGBA(255, 255, 255)) == 21)
        // #777777 on white is WCAG's classic just-below-4.5 grey: luminance 0.1845 → 1.05 / 0.2345 = 4.48.
        #expect(abs(RGBA(0x77, 0x77, 0x77).contrastRatio(with: RGBA(255, 255, 255)) - 4.48) < 0.01)
        #expect(RGBA(0, 0, 0, 128).over(RGBA(255, 255, 255)) == RGBA(127, 127, 127))
    }
}

@Suite struct LabelDrawingTests {
    /// A node with room for its label: the glyphs are inked inside the label's line box and nowhere else.
    @Test func pngInksTheLabelsGlyphsInsideItsBoxOnly() throws {
        let result = try layOut(
            #"""
            {"scale": 2, "root": {"type": "node", "name": "Hello", "size": [80, 30], "color": "#ffffff"}}
            """#)
        let png = try DecodedPNG(PNGRenderer.render(LayoutPicture(result)))
        // The label's box at 7 points in DejaVu Sans: from (1, 1), ascent + descent ≈ 8.1 points tall.
        var inside = 0
        for y in 0..<png.height {
            for x in 0..<png.width {
                let pixel = png.pixel(x, y)
                let onOutline = x < 2 || y < 2 || x >= png.width - 2 || y >= png.height - 2
                if onOutline || pixel == Palette.background { continue }
                // Every other pixel is ink: in the label's box (with a pixel for anti-aliasing).
                #expect(x >= 2 && x <= 2 * (1 + 25) && y >= 2 && y <= 2 * (1 + 9), "ink at \(x), \(y)")
                inside += 1
            }
        }
        #expect(inside > 50)
        // Dark ink (the label colour for a white fill), anti-aliased: some pixels are partly covered.
        let inks = (0..<png.height).flatMap { y in (2..<png.width - 2).map { png.pixel($0, y) } }
            .filter { $0 != Palette.background && $0 != Palette.nodeStroke }
        #expect(inks.contains(Palette.darkLabel) || inks.contains { $0.red < 0x40 })
        #expect(inks.contains { $0.red > 0x80 && $0.red < 0xF0 })
    }

    @Test func svgWritesLabelsAsGlyphOutlines() throws {
        let svg = SVGRenderer.render(
            try layOut(
                #"""
                {"root": {"type": "node", "name": "Hello", "size": [80, 30], "color": "navy"}}
                """#), options: .init(debug: true))
        let path = try #require(svg.split(separator: "\n").first { $0.hasPrefix("<path d=\"M") })
        // White on navy, outlines of five glyphs ("l" twice): curves and several closed contours.
        #expect(path.hasPrefix(#"<path d="M"#) && path.contains(##"fill="#ffffff""##))
        #expect(path.contains("Q") && path.components(separatedBy: "ZM").count >= 5)
        #expect(svg.components(separatedBy: "<path d=\"M").count == 2)
        #expect(
            SVGRenderer.render(
                LayoutPicture(try layOut(#"{"root": {"type": "node", "name": "Hello", "size": [80, 30]}}"#)),
                labels: .none
            ).contains("</path>") == false)
    }

    @Test func asciiLabelsDoNotOverwriteEachOther() throws {
        let text = ASCIIRenderer.render(try layOutExample("profile-header"))
        for name in ["coverPhoto", "cover", "avatar", "displayName", "handle", "follow", "profile", "avatarWithBadge"] {
            #expect(text.contains(name), "\(name)")
        }
        #expect(!text.contains("avabadge"))
        // Without labels only the boxes and the text are left.
        let bare = ASCIIRenderer.render(try layOutExample("profile-header"), labels: .none)
        #expect(bare.contains("|Grace Hopper ") && bare.contains("|@grace · Arlington "))
        #expect(["avatar", "infoRow", "coverPhoto", "followLabel"].allSatisfy { !bare.contains($0) })
    }
}
