import Foundation
import LayoutDocument
import LayoutRendering
import Testing
import TextureLayout

@Suite struct PictureTests {
    @Test func itemsAreTheDocumentsElementsInDrawingOrder() throws {
        // The root is a node: the node that wraps it and the wrapper around it are not drawn.
        let picture = LayoutPicture(try layOut(#"""
            {"root": {"type": "node", "name": "card", "layout": {"type": "background",
              "child": {"type": "node", "name": "text", "size": [40, 10]},
              "background": {"type": "node", "name": "fill"}}}}
            """#))
        #expect(picture.items.map(\.type) == ["node", "background", "node", "node"])
        #expect(picture.items.map(\.name) == ["card", nil, "fill", "text"])
        #expect(picture.items.map(\.depth) == [0, 1, 2, 2])
        #expect(picture.items.map(\.path) == ["root", "root.layout", "root.layout.background",
                                              "root.layout.child"])
        #expect(picture.size == Size(40, 10))
    }

    @Test func aNodeUsedAsALayoutIsDrawnButItsWrapperIsNot() throws {
        let picture = LayoutPicture(try layOut(#"""
            {"root": {"type": "node", "name": "outer", "layout": {"type": "node", "name": "inner", "size": [5, 5]}}}
            """#))
        #expect(picture.items.map(\.name) == ["outer", "inner"])
    }

    @Test func nodesWithoutAColourTakeThePaletteColourOfTheirDepth() throws {
        let picture = LayoutPicture(try layOut(#"""
            {"root": {"type": "stack", "children": [{"type": "node", "size": [1, 1]},
              {"type": "node", "size": [1, 1], "color": "rebeccapurple"},
              {"type": "node", "size": [1, 1], "color": "hsl(120 100% 25% / 50%)"}]}}
            """#))
        #expect(picture.items[0].fill == nil)
        #expect(picture.items[1].fill == Palette.color(depth: 1))
        #expect(picture.items[2].fill == RGBA(0x66, 0x33, 0x99))
        #expect(picture.items[3].fill == RGBA(0, 128, 0, 128))
    }

    @Test func documentTypeNames() throws {
        let types = LayoutPicture(try layOut(#"""
            {"root": {"type": "wrapper", "children": [
              {"type": "stack"}, {"type": "spec"}, {"type": "inset", "child": {"type": "spec"}},
              {"type": "overlay", "child": {"type": "spec"}, "overlay": {"type": "spec"}},
              {"type": "center", "child": {"type": "spec"}}, {"type": "relative", "child": {"type": "spec"}},
              {"type": "ratio", "ratio": 1, "child": {"type": "spec"}}, {"type": "absolute"},
              {"type": "corner", "child": {"type": "spec"}, "corner": {"type": "spec"}}]}}
            """#)).items.map(\.type).filter { $0 != "spec" }
        #expect(types == ["wrapper", "stack", "inset", "overlay", "center", "relative", "ratio", "absolute",
                          "corner"])
    }
}

@Suite struct SVGTests {
    @Test func drawsNodesFilledSpecsDashedAndTheRootSizeAsCanvas() throws {
        let svg = SVGRenderer.render(try layOut(#"""
            {"root": {"type": "inset", "name": "pad", "insets": {"top": 1, "left": 2, "bottom": 3, "right": 4},
              "child": {"type": "node", "name": "box", "size": [10.5, 20], "color": "#ff000080"}}}
            """#))
        #expect(svg.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" width="16.5" height="24" viewBox="0 0 16.5 24""#))
        #expect(svg.contains(##"<rect x="0" y="0" width="16.5" height="24" fill="none" stroke="#555555" stroke-dasharray="3 2"><title>pad (inset) root: [0, 0, 16.5, 24]</title></rect>"##))
        #expect(svg.contains(##"<rect x="2" y="1" width="10.5" height="20" fill="#ff0000" fill-opacity="0.5" stroke="#333333"><title>box (node) root.child: [2, 1, 10.5, 20]</title></rect>"##))
        // Neither name fits in its own part of the picture (10.5 points is narrower than "box" at 7 points).
        #expect(!svg.contains("</path>") && !svg.contains("<text"))
        #expect(svg.hasSuffix("</svg>\n"))
    }

    @Test func marksZeroSizeElements() throws {
        let svg = SVGRenderer.render(try layOut(#"""
            {"sizeRange": {"max": [100, 100]}, "root": {"type": "stack", "alignItems": "start", "children": [
              {"type": "node", "name": "empty", "size": [0, 0]}, {"type": "node", "name": "full", "size": [10, 10]}]}}
            """#))
        // One cross, at the empty node's centre (its origin), with its tooltip; none for the others.
        #expect(svg.components(separatedBy: "stroke=\"#d00000\"").count == 2)
        #expect(svg.contains(##"<path d="M-3 -3l6 6m0 -6l-6 6" stroke="#d00000" stroke-width="1"><title>empty (node) root.children[0]: [0, 0, 0, 0]</title></path>"##))
    }

    @Test func escapesNamesAndKeepsControlCharactersOut() throws {
        let svg = SVGRenderer.render(try layOut(#"""
            {"root": {"type": "node", "name": "a<b>&\"c\"\u0001", "size": [50, 20]}}
            """#))
        #expect(svg.contains("<title>a&lt;b&gt;&amp;&quot;c&quot;\u{FFFD} (node) root: [0, 0, 50, 20]</title>"))
        #expect(!svg.contains("a<b"))
    }

    @Test func abbreviatesVeryLongPaths() throws {
        var json = #"{"type": "node", "name": "leaf", "size": [1, 1]}"#
        for _ in 0..<40 { json = #"{"type": "wrapper", "child": \#(json)}"# }
        let svg = SVGRenderer.render(try layOut(#"{"root": \#(json)}"#))
        #expect(svg.contains("<title>leaf (node) root.child.child.child.child.c…"))
    }
}

@Suite struct ASCIITests {
    /// Nodes are drawn over specs; a label goes only on its own element's characters: the row's would be on its
    /// children, so it is left out.
    @Test func drawsBoxesToScale() throws {
        let text = ASCIIRenderer.render(try layOut(#"""
            {"sizeRange": {"min": [40, 0], "max": [40, "inf"]}, "root": {"type": "stack", "name": "row",
              "children": [{"type": "node", "name": "a", "size": [16, 8]}, {"type": "spec", "name": "gap",
              "style": {"flexGrow": 1}}, {"type": "node", "name": "b", "size": [8, 8]}]}}
            """#), maxColumns: 21)
        #expect(text == """
            # 40 x 8 points; one character is 2 x 4 points
            +a------+.......+b--+
            |       |       |   |
            +-------+....gap+---+

            """)
    }

    @Test func marksZeroSizeElementsWithAStar() throws {
        let text = ASCIIRenderer.render(try layOut(#"""
            {"sizeRange": {"max": [20, 8]}, "root": {"type": "wrapper", "children": [
              {"type": "node", "name": "box"}, {"type": "node", "name": "dot", "size": [0, 0]}]}}
            """#), maxColumns: 11)
        #expect(text == """
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
    @Test func checksumsMatchTheirStandardCheckValues() {
        #expect(PNGEncoder.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(PNGEncoder.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
        #expect(PNGEncoder.adler32([UInt8](repeating: 0xFF, count: 100_000)) == 0x149A_302C)
    }

    @Test(arguments: [
        [UInt8](), [0], Array("hello hello hello hello".utf8), [UInt8](repeating: 7, count: 70_000),
        (0..<50_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) },
        (0..<40_000).map { UInt8(($0 / 3) % 251) },
    ])
    func deflateRoundTrips(data: [UInt8]) throws {
        var inflater = Inflater(PNGEncoder.deflate(data))
        #expect(try inflater.inflate() == data)
    }

    @Test func compressesFlatPictures() {
        #expect(PNGEncoder.deflate([UInt8](repeating: 0, count: 100_000)).count < 1_000)
    }

    @Test func drawsTheSamePictureAsTheSVG() throws {
        let result = try layOut(#"""
            {"scale": 2, "root": {"type": "inset", "name": "pad", "insets": {"top": 10, "left": 10, "bottom": 10,
              "right": 10}, "child": {"type": "stack", "children": [
                {"type": "node", "name": "red", "size": [40, 30], "color": "red"},
                {"type": "node", "size": [20, 30]}]}}}
            """#)
        let png = try DecodedPNG(PNGRenderer.render(result))
        #expect(png.chunkTypes == ["IHDR", "IDAT", "IEND"])
        // 80 × 50 points at scale 2.
        #expect(png.width == 160 && png.height == 100)
        #expect(png.pixel(10, 50) == Palette.background)  // inside the inset, outside the stack
        #expect(png.pixel(60, 50) == RGBA(255, 0, 0))  // the red node (10…50, 10…40 points)
        #expect(png.pixel(120, 50) == Palette.color(depth: 2))  // the second node, unnamed, palette colour
        // Outlines are drawn inside the frames, one pixel wide at scale 2.
        #expect(png.pixel(20, 50) == Palette.nodeStroke && png.pixel(99, 50) == Palette.nodeStroke)
        #expect(png.pixel(21, 50) == RGBA(255, 0, 0))
        // The inset (a spec) is dashed: 3 points on, 2 off from its top-left corner.
        #expect(png.pixel(2, 0) == Palette.specStroke && png.pixel(7, 0) == Palette.background)
    }

    @Test func largePicturesAreDrawnAtASmallerScale() {
        #expect(PNGRenderer.pixelScale(for: Size(100, 100), scale: 2) == 2)
        let scale = PNGRenderer.pixelScale(for: Size(375, 200_000), scale: 2)
        #expect(375 * scale * 200_000 * scale <= Double(PNGRenderer.maxPixels) + 1)
    }

    @Test func anEmptyLayoutIsOnePixel() throws {
        let png = try DecodedPNG(PNGRenderer.render(try layOut(#"{"root": {"type": "spec"}}"#)))
        #expect(png.width == 1 && png.height == 1)
    }

    @Test func rasterBlendsPartlyCoveredPixels() {
        var raster = Raster(width: 4, height: 1, background: RGBA(255, 255, 255))
        raster.fill(x0: 0.5, y0: 0, x1: 2, y1: 1, color: RGBA(0, 0, 0))
        #expect(raster.pixel(x: 0, y: 0) == RGBA(128, 128, 128))
        #expect(raster.pixel(x: 1, y: 0) == RGBA(0, 0, 0))
        #expect(raster.pixel(x: 2, y: 0) == RGBA(255, 255, 255))
    }
}
