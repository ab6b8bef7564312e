import Foundation
import LayoutDocument
import LayoutRendering
import Testing
import TextureLayout
import TextureLayoutPaint

@Suite struct PictureTests {
    @Test func itemsAreTheDocumentsElementsInDrawingOrder() throws {
        // The root is a node: the node that wraps it and the wrapper around it are not drawn.
        let picture = LayoutPicture(
            try layOut(
                #"""
                {"root": {"type": "node", "name": "card", "layout": {"type": "background",
                  "child": {"type": "node", "name": "text", "size": [40, 10]},
                  "background": {"type": "node", "name": "fill"}}}}
                """#))
        #expect(picture.items.map(\.type) == ["node", "background", "node", "node"])
        #expect(picture.items.map(\.name) == ["card", nil, "fill", "text"])
        #expect(picture.items.map(\.depth) == [0, 1, 2, 2])
        #expect(
            picture.items.map(\.path) == [
                "root", "root.layout", "root.layout.background",
                "root.layout.child",
            ])
        #expect(picture.size == Size(40, 10))
    }

    @Test func aNodeUsedAsALayoutIsDrawnButItsWrapperIsNot() throws {
        let picture = LayoutPicture(
            try layOut(
                #"""
                {"root": {"type": "node", "name": "outer", "layout": {"type": "node", "name": "inner", "size": [5, 5]}}}
                """#))
        #expect(picture.items.map(\.name) == ["outer", "inner"])
    }

    @Test func itemsCarryTheBackgroundLabelsContrastWithAndWhetherTheyAreHidden() throws {
        let picture = LayoutPicture(
            try layOut(
                #"""
                {"root": {"type": "stack", "children": [{"type": "node", "size": [1, 1]},
                  {"type": "node", "size": [1, 1], "color": "rebeccapurple"},
                  {"type": "node", "backgroundColor": "hsl(120 100% 25% / 50%)", "hidden": true,
                   "layout": {"type": "node", "size": [1, 1]}}]}}
                """#))
        #expect(picture.items.map(\.fill) == [nil, nil, RGBA(0x66, 0x33, 0x99), RGBA(0, 128, 0, 128), nil])
        // A hidden node hides its subtree.
        #expect(picture.items.map(\.isHidden) == [false, false, false, true, true])
    }

    @Test func documentTypeNames() throws {
        let types = LayoutPicture(
            try layOut(
                #"""
                {"root": {"type": "wrapper", "children": [
                  {"type": "stack"}, {"type": "spec"}, {"type": "inset", "child": {"type": "spec"}},
                  {"type": "overlay", "child": {"type": "spec"}, "overlay": {"type": "spec"}},
                  {"type": "center", "child": {"type": "spec"}}, {"type": "relative", "child": {"type": "spec"}},
                  {"type": "ratio", "ratio": 1, "child": {"type": "spec"}}, {"type": "absolute"},
                  {"type": "corner", "child": {"type": "spec"}, "corner": {"type": "spec"}}]}}
                """#)
        ).items.map(\.type).filter { $0 != "spec" }
        #expect(
            types == [
                "wrapper", "stack", "inset", "overlay", "center", "relative", "ratio", "absolute",
                "corner",
            ])
    }
}

@Suite struct SVGTests {
    /// The SVG of a document with `options`.
    func svg(_ json: String, _ options: PictureFormat.Options = .init()) throws -> String {
        SVGRenderer.render(try layOut(json), options: options)
    }

    @Test func aDocumentWithoutPaintDrawsAnEmptyCanvas() throws {
        let json = #"{"root": {"type": "stack", "children": [{"type": "node", "name": "a", "size": [20, 10]}]}}"#
        #expect(
            try svg(json) == """
                <svg xmlns="http://www.w3.org/2000/svg" width="20" height="10" viewBox="0 0 20 10">
                </svg>

                """)
        #expect(
            try svg(json, .init(background: RGBA(255, 0, 0))).contains(
                ##"<rect width="20" height="10" fill="#ff0000"/>"##))
    }

    @Test func debugDrawsNodesSolidSpecsDashedAndTheRootSizeAsCanvas() throws {
        let svg = try svg(
            #"""
            {"root": {"type": "inset", "name": "pad", "insets": {"top": 1, "left": 2, "bottom": 3, "right": 4},
              "child": {"type": "node", "name": "box", "size": [10.5, 20], "color": "#ff000080"}}}
            """#, .init(debug: true))
        #expect(
            svg.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" width="16.5" height="24" viewBox="0 0 16.5 24""#))
        // The paint first, then the outlines inside each frame's edge (0.5 wide), then the hover rectangles.
        #expect(svg.contains(##"<rect x="2" y="1" width="10.5" height="20" fill="#ff0000" fill-opacity="0.5"/>"##))
        #expect(
            svg.contains(
                ##"<rect x="0.25" y="0.25" width="16" height="23.5" fill="none" stroke="#555555" stroke-width="0.5" stroke-dasharray="3 2"/>"##
            ))
        #expect(
            svg.contains(
                ##"<rect x="2.25" y="1.25" width="10" height="19.5" fill="none" stroke="#333333" stroke-width="0.5"/>"##
            ))
        #expect(
            svg.contains(
                ##"<rect x="2" y="1" width="10.5" height="20" fill="none" pointer-events="all"><title>box (node) root.child: [2, 1, 10.5, 20]</title></rect>"##
            ))
        // Neither name fits in its own part of the picture (10.5 points is narrower than "box" at 7 points).
        #expect(!svg.contains("<text"))
        #expect(svg.hasSuffix("</svg>\n"))
    }

    @Test func debugDashesHiddenNodes() throws {
        let svg = try svg(
            #"{"root": {"type": "node", "size": [10, 10], "hidden": true, "color": "red"}}"#,
            .init(labels: .none, debug: true))
        #expect(!svg.contains("#ff0000"))
        #expect(svg.contains(##"stroke="#333333" stroke-width="0.5" stroke-dasharray="3 2"/>"##))
    }

    @Test func marksZeroSizeElements() throws {
        let svg = try svg(
            #"""
            {"sizeRange": {"max": [100, 100]}, "root": {"type": "stack", "alignItems": "start", "children": [
              {"type": "node", "name": "empty", "size": [0, 0]}, {"type": "node", "name": "full", "size": [10, 10]}]}}
            """#, .init(debug: true))
        // One cross, at the empty node's centre (its origin), of two lines; none for the others.
        #expect(svg.components(separatedBy: "stroke=\"#d00000\"").count == 3)
        #expect(svg.contains(##"<path d="M-3 -3L3 3" fill="none" stroke="#d00000" stroke-width="1"/>"##))
        #expect(svg.contains("<title>empty (node) root.children[0]: [0, 0, 0, 0]</title>"))
    }

    @Test func paintBecomesShapesGradientsFiltersClipsAndGroups() throws {
        let svg = try svg(
            #"""
            {"root": {"type": "node", "size": [100, 40], "backgroundColor": "#fff", "cornerRadius": 10,
              "maskedCorners": ["topLeft", "bottomRight"], "borderWidth": 2, "borderColor": "blue",
              "shadowOpacity": 0.5, "shadowOffset": [0, 4], "shadowRadius": 6, "alpha": 0.8,
              "backgroundGradient": {"colors": ["red", "#0000ff00"], "startPoint": [0, 0], "endPoint": [1, 0]}}}
            """#)
        let lines = svg.split(separator: "\n").map(String.init)
        #expect(lines[1] == ##"<g opacity="0.8">"##)
        // The shadow: the box moved 4 down, blurred in sRGB by shadowRadius, black at half opacity.
        #expect(
            lines[2]
                == ##"<filter id="s1" filterUnits="userSpaceOnUse" x="-19" y="-15" width="138" height="78" color-interpolation-filters="sRGB"><feGaussianBlur stdDeviation="6"/></filter>"##
        )
        #expect(
            lines[3]
                == ##"<path d="M10 4H100V34A10 10 0 0 1 90 44H0V14A10 10 0 0 1 10 4Z" fill="#000000" fill-opacity="0.5" filter="url(#s1)"/>"##
        )
        #expect(lines[4] == ##"<path d="M10 0H100V30A10 10 0 0 1 90 40H0V10A10 10 0 0 1 10 0Z" fill="#ffffff"/>"##)
        // The gradient in user space, from (0, 0) to (100, 0); the fading stop's colours mixed premultiplied
        // (red all the way, as CSS draws it).
        #expect(
            lines[5].hasPrefix(
                ##"<linearGradient id="g2" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="100" y2="0"><stop offset="0" stop-color="#ff0000"/><stop offset="0.0625" stop-color="#ff0000" stop-opacity="0.9373"/>"##
            ))
        #expect(lines[5].hasSuffix(##"<stop offset="1" stop-color="#0000ff" stop-opacity="0"/></linearGradient>"##))
        #expect(lines[6] == ##"<path d="M10 0H100V30A10 10 0 0 1 90 40H0V10A10 10 0 0 1 10 0Z" fill="url(#g2)"/>"##)
        // The border: the box and its inner edge (inset 2, radii 8), even-odd.
        #expect(
            lines[7]
                == ##"<path d="M10 0H100V30A10 10 0 0 1 90 40H0V10A10 10 0 0 1 10 0ZM10 2H98V30A8 8 0 0 1 90 38H2V10A8 8 0 0 1 10 2Z" fill-rule="evenodd" fill="#0000ff"/>"##
        )
        #expect(lines[8] == "</g>")
    }

    @Test func aClippingNodeClipsItsSubnodesToItsRoundedBox() throws {
        let svg = try svg(
            #"""
            {"root": {"type": "node", "cornerRadius": 5, "clipsToBounds": true, "shadowOpacity": 1,
              "layout": {"type": "node", "size": [20, 10], "backgroundColor": "red"}}}
            """#)
        #expect(!svg.contains("filter"), "a node that clips draws no shadow")
        #expect(
            svg.contains(
                ##"<clipPath id="c1"><path d="M5 0H15A5 5 0 0 1 20 5V5A5 5 0 0 1 15 10H5A5 5 0 0 1 0 5V5A5 5 0 0 1 5 0Z"/></clipPath><g clip-path="url(#c1)">"##
            ))
    }

    @Test func textIsClippedToItsBoundsAndDrawnInItsRunsColours() throws {
        let svg = try svg(##"{"root": {"type": "text", "text": "Hi", "color": "#336699"}}"##)
        #expect(svg.contains(##"<clipPath id="c1"><path d="M0 0H"##))
        #expect(svg.contains(##"fill="#336699"/>"##))
    }

    @Test func escapesNamesAndKeepsControlCharactersOut() throws {
        let svg = try svg(
            #"""
            {"root": {"type": "node", "name": "a<b>&\"c\"\u0001", "size": [50, 20]}}
            """#, .init(debug: true))
        #expect(svg.contains("<title>a&lt;b&gt;&amp;&quot;c&quot;\u{FFFD} (node) root: [0, 0, 50, 20]</title>"))
        #expect(!svg.contains("a<b"))
    }

    @Test func abbreviatesVeryLongPaths() throws {
        var json = #"{"type": "node", "name": "leaf", "size": [1, 1]}"#
        for _ in 0..<40 { json = #"{"type": "wrapper", "child": \#(json)}"# }
        let svg = try svg(#"{"root": \#(json)}"#, .init(debug: true))
        #expect(svg.contains("<title>leaf (node) root.child.child.child.child.c…"))
    }
}

@Suite struct ASCIITests {
    /// Nodes are drawn over specs; a label goes only on its own element's characters: the row's would be on its
    /// children, so it is left out.
    @Test func drawsBoxesToScale() throws {
        let text = ASCIIRenderer.render(
            try layOut(
                #"""
                {"sizeRange": {"min": [40, 0], "max": [40, "inf"]}, "root": {"type": "stack", "name": "row",
                  "children": [{"type": "node", "name": "a", "size": [16, 8]}, {"type": "spec", "name": "gap",
                  "style": {"flexGrow": 1}}, {"type": "node", "name": "b", "size": [8, 8]}]}}
                """#), maxColumns: 21)
        #expect(
            text == """
                # 40 x 8 points; one character is 2 x 4 points
                +a------+.......+b--+
                |       |       |   |
                +-------+....gap+---+

                """)
    }

    @Test func marksZeroSizeElementsWithAStar() throws {
        let text = ASCIIRenderer.render(
            try layOut(
                #"""
                {"sizeRange": {"max": [20, 8]}, "root": {"type": "wrapper", "children": [
                  {"type": "node", "name": "box"}, {"type": "node", "name": "dot", "size": [0, 0]}]}}
                """#), maxColumns: 11)
        #expect(
            text == """
                # 20 x 8 points; one character is 2 x 4 points
                *box------+
                |         |
                +---------+

                """)
        // The node's label came first and took the place beside the mark, which has no room on its left.
    }

    @Test func picksARoundScaleThatFits() {
        #expect(ASCIIRenderer.cellWidth(for: Size(375, 100), maxColumns: 100) == 4)
        #expect(ASCIIRenderer.cellWidth(for: Size(80, 50), maxColumns: 100) == 1)
        #expect(ASCIIRenderer.cellWidth(for: Size(10, 20), maxColumns: 100) == 0.2)
        // Very tall pictures are limited in rows too.
        #expect(ASCIIRenderer.cellWidth(for: Size(10, 1_000_000), maxColumns: 100) == 200)
    }
}

@Suite struct PNGTests {
    @Test func drawsTheDebugPictureOverThePaint() throws {
        let result = try layOut(
            #"""
            {"scale": 2, "root": {"type": "inset", "name": "pad", "insets": {"top": 10, "left": 10, "bottom": 10,
              "right": 10}, "child": {"type": "stack", "children": [
                {"type": "node", "name": "red", "size": [40, 30], "color": "red"},
                {"type": "node", "size": [20, 30]}]}}}
            """#)
        let png = try DecodedPNG(
            PictureFormat.png.render(
                result,
                options: .init(
                    background: RGBA(255, 255, 255),
                    debug: true)))
        // 80 × 50 points at scale 2.
        #expect(png.width == 160 && png.height == 100)
        #expect(png.pixel(10, 50) == RGBA(255, 255, 255))  // inside the inset, outside the stack
        #expect(png.pixel(60, 50) == RGBA(255, 0, 0))  // the red node (10…50, 10…40 points)
        #expect(png.pixel(120, 50) == RGBA(255, 255, 255))  // the second node: no paint, outlined only
        // Outlines are drawn inside the frames, one pixel wide at scale 2.
        #expect(png.pixel(20, 50) == Palette.nodeStroke && png.pixel(99, 50) == Palette.nodeStroke)
        #expect(png.pixel(21, 50) == RGBA(255, 0, 0))
        // The inset (a spec) is dashed: 3 points on, 2 off from its top-left corner.
        #expect(png.pixel(2, 0) == Palette.specStroke && png.pixel(7, 0) == RGBA(255, 255, 255))
        // Without --debug, only the paint on a transparent canvas.
        let plain = try DecodedPNG(PictureFormat.png.render(result))
        #expect(plain.pixel(20, 50) == RGBA(255, 0, 0) && plain.pixel(10, 50) == .clear)
    }

    @Test func largePicturesAreDrawnAtASmallerScale() {
        #expect(PNGRenderer.pixelScale(for: Size(100, 100), scale: 2) == 2)
        let scale = PNGRenderer.pixelScale(for: Size(375, 200_000), scale: 2)
        #expect(375 * scale * 200_000 * scale <= Double(PNGRenderer.maxPixels) + 1)
    }

    @Test func anEmptyLayoutIsOnePixel() throws {
        let png = try DecodedPNG(PictureFormat.png.render(try layOut(#"{"root": {"type": "spec"}}"#)))
        #expect(png.width == 1 && png.height == 1)
    }
}

/// A PNG whose caller gave up (``LayoutCancellation/current`` set, as the server does at its time limit) is not
/// drawn to its end or encoded: the caller gets no bytes.
@Test func drawingStopsWhenTheCallerGivesUp() throws {
    let result = try layOut(#"{"root": {"type": "node", "name": "box", "size": [40, 30], "backgroundColor": "red"}}"#)
    let cancelled = LayoutCancellation()
    cancelled.cancel()
    #expect(LayoutCancellation.$current.withValue(cancelled) { PictureFormat.png.render(result) }.isEmpty)
    #expect(PictureFormat.png.render(result).starts(with: [0x89, 0x50, 0x4E, 0x47]))
}
