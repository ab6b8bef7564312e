import LayoutDocument
import LayoutRendering
import Testing
import TextureLayout
import TextureLayoutPaint
import TextureLayoutText

/// Pictures draw the glyphs a text node's layout measured, where it put them.
@Suite struct TextPictureTests {
    /// A picture of one text node laid out at the root's origin (so its lines are already in the root's space).
    func picture(_ text: String, width: Double, size: Double = 17) throws -> LayoutPicture {
        let node = TextNode(runs: [TextRun(text, font: try Font.defaultFont(), size: size)])
        let layout = node.layout(within: SizeRange(min: .zero, max: Size(width, .infinity)))
        var item = LayoutPicture.Item(
            frame: Rect(origin: .zero, size: layout.size), isNode: true, type: "text",
            name: "words")
        item.isText = true
        item.lines = node.lines
        return LayoutPicture(size: layout.size, scale: 2, items: [item])
    }

    /// A document of one text element, `text` in DejaVu Sans at `size` points in `color`, at most `width` wide.
    func document(_ text: String, width: Double, size: Double = 17, color: String = "#000") throws -> DocumentLayout {
        try layOut(
            #"{"sizeRange": {"max": [\#(width), "inf"]}, "root": {"type": "text", "name": "words", "text": "\#(text)", "size": \#(size), "color": "\#(color)"}}"#
        )
    }

    @Test func svgDrawsEachLinesGlyphsAsPaths() throws {
        let result = try document("Hello world, again and again", width: 90, color: "#336699")
        let lines = result.namedTextLines[0].lines
        #expect(lines.count >= 2)
        let svg = SVGRenderer.render(result)
        let paths = svg.split(separator: "\n").filter { $0.hasPrefix("<path d=\"M") }
        // One path per line (one run each), filled with the run's colour; every coordinate inside the text's box.
        #expect(paths.count == lines.count)
        #expect(paths.allSatisfy { $0.hasSuffix(##"fill="#336699"/>"##) })
        #expect(!svg.contains("<text"))
        for (path, line) in zip(paths, lines) {
            let data = path.dropFirst(#"<path d=""#.count).prefix { $0 != "\"" }
            let numbers = data.split(whereSeparator: { "MLQCZ ".contains($0) }).compactMap { Double($0) }
            let xs = stride(from: 0, to: numbers.count, by: 2).map { numbers[$0] }
            let ys = stride(from: 1, to: numbers.count, by: 2).map { numbers[$0] }
            #expect(xs.min()! >= line.frame.minX - 1 && xs.max()! <= line.frame.maxX + 1)
            #expect(ys.min()! >= line.frame.minY && ys.max()! <= line.frame.maxY)
            // Glyphs stand on the baseline: most of the ink is above it.
            #expect(ys.filter { $0 <= line.baseline }.count > ys.count / 2)
        }
    }

    @Test func pngInksInsideTheLineBoxesOnly() throws {
        let result = try document("Inked words here", width: 80, size: 15)
        let lines = result.namedTextLines[0].lines
        let png = try DecodedPNG(PictureFormat.png.render(result, options: .init(background: RGBA(255, 255, 255))))
        #expect(png.width == Int((result.size.width * 2).rounded(.up)))
        var inkPerLine = [Int](repeating: 0, count: lines.count)
        for y in 1..<(png.height - 1) {
            for x in 1..<(png.width - 1) where png.pixel(x, y) != RGBA(255, 255, 255) {
                // Pixel (x, y) covers points x / 2 … (x + 1) / 2: it must touch a line's box.
                let px = Double(x) / 2, py = Double(y) / 2
                let line = lines.firstIndex { (line: TextLine) -> Bool in
                    let f = line.frame
                    return px + 0.5 >= f.minX - 0.5 && px <= f.maxX + 0.5 && py + 0.5 >= f.minY && py <= f.maxY
                }
                #expect(line != nil, "ink at \(x), \(y) outside every line")
                if let line { inkPerLine[line] += 1 }
            }
        }
        #expect(inkPerLine.allSatisfy { $0 > 40 }, "\(inkPerLine)")
        // Anti-aliased: besides full black there are grey pixels.
        let values = (0..<png.height).flatMap { y in (0..<png.width).map { png.pixel($0, y).red } }
        #expect(values.contains(0) || values.contains { $0 < 0x20 })
        #expect(values.contains { $0 > 0x40 && $0 < 0xC0 })
    }

    @Test func asciiWritesTheCharactersInsideTheBox() throws {
        let picture = try picture("Two lines of text", width: 80)
        let lines = picture.items[0].lines
        #expect(lines.count == 2)
        let ascii = ASCIIRenderer.render(picture, maxColumns: 61, labels: .none)
        let rows = ascii.split(separator: "\n").dropFirst().map(String.init)
        // The box's first and last rows are its edges; each line's text sits between its | edges.
        #expect(rows.first!.hasPrefix("+") && rows.last!.hasPrefix("+"))
        for line in lines {
            let row = try #require(rows.first { $0.contains(line.text) }, "\(line.text)")
            #expect(row.hasPrefix("|") && row.hasSuffix("|"))
        }
    }

    @Test func labelsKeepOffTheText() throws {
        // The text fills its box: its name has nowhere to go.
        #expect(try picture("Filled", width: 200).labels(mode: .all, font: FiveByEightFont()).isEmpty)
    }
}
