import Foundation
import Testing

@Suite struct LayoutCommandTests {
    /// The `layout` output for the feed cell, as the plain command prints it (checked by `laysOutAnExample`).
    static func feedCellOutput() throws -> String { try run(["layout", example("feed-cell.json")]).text }

    /// Checks the feed cell's output against numbers derived without our text code: the frames (derived in
    /// ExampleTests); each line 2384 / 2048 em tall (DejaVu Sans' hhea ascent + descent) and its baseline 1901 / 2048 em
    /// below its top, at 15 points (13 for the time); each line's width what pango-view gives the same string in
    /// DejaVu Sans at the same size (`--dpi=72 --hinting=none --hint-metrics=off --subpixel-positions`, its `width`
    /// in Pango units / 1024), within half a Pango unit per character, since Pango rounds each glyph's position to
    /// one; the body broken where pango-view breaks it at 287.
    static func expectFeedCell(_ text: String) throws {
        let output = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
        #expect(output["size"] as? [Double] == [375, 148])
        let frames = output["frames"] as! [String: [Double]]
        #expect(
            frames == [
                "cell": [0, 0, 375, 148], "row": [16, 12, 343, 124], "avatar": [16, 12, 44, 44],
                "content": [72, 12, 287, 124], "header": [72, 12, 287, 18], "title": [72, 12, 100, 18],
                "time": [342, 14, 17, 16], "body": [72, 36, 287, 70], "actions": [72, 112, 287, 24],
                "like": [72, 112, 24, 24], "comment": [112, 112, 24, 24], "spacer": [152, 112, 167, 24],
                "share": [335, 112, 24, 24],
            ])
        let lines = output["lines"] as! [String: [[String: Any]]]
        func height(_ size: Double) -> Double { 2384.0 / 2048 * size }
        func ascent(_ size: Double) -> Double { 1901.0 / 2048 * size }
        // (name, text, x, y, font size, pango-view's width)
        let expected: [(String, String, Double, Double, Double, Double)] = [
            ("title", "Ada Lovelace", 72, 12, 15, 99.693359375),
            ("time", "2h", 342, 14, 13, 16.5107421875),
            ("body", "The Analytical Engine weaves", 72, 36, 15, 223.88671875),
            ("body", "algebraic patterns, just as the", 72, 36 + height(15), 15, 225.177734375),
            ("body", "Jacquard loom weaves flowers and", 72, 36 + 2 * height(15), 15, 260.6552734375),
            ("body", "leaves.", 72, 36 + 3 * height(15), 15, 53.2783203125),
        ]
        #expect(lines.keys.sorted() == ["body", "time", "title"])
        let measured = ["title", "time", "body"].flatMap { name in lines[name]!.map { (name, $0) } }
        #expect(measured.count == expected.count)
        for ((name, line), (expectedName, text, x, y, size, width)) in zip(measured, expected) {
            #expect(name == expectedName)
            #expect(line["text"] as? String == text)
            let frame = line["frame"] as! [Double]
            #expect(frame[0] == x && abs(frame[1] - y) < 1e-9 && abs(frame[3] - height(size)) < 1e-9, "\(text)")
            let tolerance = Double(text.count) / 2048
            #expect(abs(frame[2] - width) <= tolerance, "\(text): \(frame[2]) against pango-view's \(width)")
            #expect(abs(line["baseline"] as! Double - (y + ascent(size))) < 1e-9, "\(text)")
        }
    }

    @Test func laysOutAnExample() throws {
        let result = try run(["layout", example("feed-cell.json")])
        result.expectSuccess()
        try Self.expectFeedCell(result.text)
    }

    @Test func readsStandardInputForDashOrNoFile() throws {
        let document = try Data(contentsOf: URL(fileURLWithPath: example("feed-cell.json")))
        for arguments in [["layout", "-"], ["layout"]] {
            let result = try run(arguments, input: document)
            result.expectSuccess()
            #expect(result.text == (try Self.feedCellOutput()))
        }
    }

    @Test func sizeOptionsOverrideTheDocument() throws {
        // A plain node takes its range's max when it is finite, its min otherwise.
        let plain = #"{"sizeRange": {"min": [1, 2], "max": [300, 400]}, "root": {"type": "node", "name": "n"}}"#
        func frame(_ options: [String]) throws -> String {
            let result = try run(["layout", "DOC"] + options, document: plain)
            result.expectSuccess()
            return result.text
        }
        #expect(try frame([]) == #"{"size": [300, 400], "frames": {"n": [0, 0, 300, 400]}}"# + "\n")
        #expect(try frame(["--max", "80,60"]) == #"{"size": [80, 60], "frames": {"n": [0, 0, 80, 60]}}"# + "\n")
        #expect(
            try frame(["--min", "10,20", "--max", "inf,inf"])
                == #"{"size": [10, 20], "frames": {"n": [0, 0, 10, 20]}}"# + "\n")
        // --width and --height win over --min and --max.
        #expect(
            try frame(["--width", "100", "--height", "50", "--max", "10,10"])
                == #"{"size": [100, 50], "frames": {"n": [0, 0, 100, 50]}}"# + "\n")
        #expect(
            try frame(["--width", "12.25"]) == #"{"size": [12.5, 400], "frames": {"n": [0, 0, 12.5, 400]}}"# + "\n")
    }

    @Test func scaleOptionChangesThePixelGrid() throws {
        let third = #"{"root": {"type": "node", "name": "n", "size": [33.3333, 10]}}"#
        let atTwo = try run(["layout", "DOC"], document: third)
        #expect(atTwo.text == #"{"size": [33.5, 10], "frames": {"n": [0, 0, 33.5, 10]}}"# + "\n")
        let atThree = try run(["layout", "DOC", "--scale", "3"], document: third)
        atThree.expectSuccess()
        #expect(
            atThree.text
                == #"{"size": [33.333333333333336, 10], "frames": {"n": [0, 0, 33.333333333333336, 10]}}"# + "\n")
    }

    /// Depth is unlimited: 10,000 nested stacks (20,000 levels of JSON) are read and laid out.
    /// 200,000 levels, cycling through a stack's `children`, a node's `layout` and an inset's `child`, go through
    /// every stage in the debug build `swift test` makes: reading, building, layout (which continues on
    /// large-stack threads), output, a picture and `validate`.
    @Test func twoHundredThousandLevelsGoThroughEveryCommand() throws {
        let levels = 200_000
        let opens = [
            #"{"type": "stack", "children": ["#, #"{"type": "node", "layout": "#, #"{"type": "inset", "child": "#,
        ]
        let closes = ["]}", "}", "}"]
        var document = #"{"root": "#
        for level in 0..<levels { document += opens[level % 3] }
        document += #"{"type": "node", "name": "leaf", "size": [10, 20]}"#
        for level in stride(from: levels - 1, through: 0, by: -1) { document += closes[level % 3] }
        document += "}"
        let result = try run(["layout", "DOC"], document: document)
        result.expectSuccess()
        #expect(result.text == #"{"size": [10, 20], "frames": {"leaf": [0, 0, 10, 20]}}"# + "\n")
        try run(["validate", "DOC"], document: document).expectSuccess()
        let picture = try run(["render", "DOC", "--format", "svg"], document: document)
        picture.expectSuccess()
        #expect(picture.text.hasSuffix("</svg>\n"))
    }

    /// A 50 MB document (20,000 nodes, each followed by 2,500 bytes of whitespace) is read and laid out.
    @Test func aFiftyMegabyteDocumentIsLaidOut() throws {
        let count = 20_000
        let padding = String(repeating: " \n\t", count: 840)
        var document =
            #"{"sizeRange": {"max": [375, "inf"]}, "root": {"type": "stack", "direction": "vertical", "children": ["#
        document.reserveCapacity(52_000_000)
        for index in 0..<count {
            if index > 0 { document += ", " }
            document +=
                #"{"type": "node", "name": "n\#(index)", "size": [10, \#(index % 5 + 1)], "color": "lime"}\#(padding)"#
        }
        document += "]}}"
        #expect(document.utf8.count > 50_000_000)
        let result = try run(["layout", "DOC"], document: document)
        result.expectSuccess()
        // Heights 1…5 repeat: 4,000 × 15 points in all; the last node is 5 high.
        #expect(result.text.hasPrefix(#"{"size": [10, 60000], "frames": {"n0": [0, 0, 10, 1], "#))
        #expect(result.text.hasSuffix(#""n19999": [0, 59995, 10, 5]}}"# + "\n"))
    }
}

@Suite struct ValidateCommandTests {
    @Test func goodDocumentsPrintNothing() throws {
        try run(["validate", example("feed-cell.json"), example("photo-grid.json"), example("corner.json")])
            .expectSuccess()
        let result = try run(["validate", example("stack.json")])
        #expect(result.output.isEmpty)
    }

    @Test func aSingleBadFileStartsWithThePath() throws {
        try run(["validate", "DOC"], document: #"{"root": {"type": "node", "size": [1]}}"#)
            .expectFailure(2, startingWith: "root.size: ")
    }

    @Test func severalFilesStartWithTheirNames() throws {
        let scratch = try Scratch()
        let first = try scratch.file("first.json", #"{"root": {"type": "node", "size": "big"}}"#)
        let second = try scratch.file("second.json", "")
        let result = try run(["validate", first, example("spec.json"), second])
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(
            result.errorLines == [
                first + ": root.size: expected an array of two values, got \"big\"",
                second + ": document: invalid JSON at line 1, column 1: the input is empty",
                "",
            ])
    }
}

@Suite struct RenderCommandTests {
    @Test func svgIsTheCommittedPicture() throws {
        let result = try run(["render", example("feed-cell.json"), "--format", "svg"])
        result.expectSuccess()
        #expect(result.output == (try Data(contentsOf: examplesDirectory.appendingPathComponent("feed-cell.svg"))))
    }

    @Test func writesToTheOutputFileAndNothingToStandardOutput() throws {
        let scratch = try Scratch()
        let out = scratch.path("picture.png")
        let result = try run(["render", example("photo-grid.json"), "-o", out])
        result.expectSuccess()
        #expect(result.output.isEmpty)
        // The format comes from the extension when --format is not given.
        let png = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // IHDR: 375 × 370 points at scale 2.
        #expect(Array(png[16..<24]) == [0, 0, 0x02, 0xEE, 0, 0, 0x02, 0xE4])
    }

    @Test(arguments: [("picture.svg", "<svg "), ("picture.TXT", "# 200 x 40 points"), ("a.b/picture.png", "\u{89}PNG")])
    func theOutputFileExtensionChoosesTheFormat(name: String, start: String) throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("a.b"),
            withIntermediateDirectories: true)
        let out = scratch.path(name)
        try run(["render", example("spec.json"), "-o", out]).expectSuccess()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(Array(bytes.prefix(start.unicodeScalars.count)) == start.unicodeScalars.map { UInt8($0.value) })
    }

    @Test(arguments: ["picture.jpg", "picture", "a.svg/picture", ".svg"])
    func anUnknownExtensionWithoutFormatIsRefusedAndWritesNothing(name: String) throws {
        let scratch = try Scratch()
        let out = scratch.path(name)
        let result = try run(["render", example("spec.json"), "-o", out])
        result.expectFailure(2, startingWith: "-o: cannot tell the picture format from ")
        #expect(result.error.contains("--format"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func formatWinsOverTheExtension() throws {
        let scratch = try Scratch()
        let out = scratch.path("picture.jpg")
        try run(["render", example("spec.json"), "--format", "ascii", "-o", out]).expectSuccess()
        #expect(try String(contentsOfFile: out, encoding: .utf8).hasPrefix("# 200 x 40 points"))
    }

    @Test func pngToStandardOutput() throws {
        let result = try run(["render", example("spec.json"), "--format", "png"])
        result.expectSuccess()
        #expect(Array(result.output.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
    }

    @Test func asciiBoxes() throws {
        let result = try run(["render", example("spec.json"), "--format", "ascii", "--columns", "41"])
        result.expectSuccess()
        #expect(
            result.text == """
                # 200 x 40 points; one character is 5 x 10 points
                +left---+.......................+right--+
                |       |                       |       |
                |       |                       *holder |
                |       |                       |       |
                +-------+.................spacer+-------+

                """)
    }

    @Test func textIsDrawnAsItsGlyphsInEveryFormat() throws {
        let document = #"""
            {"sizeRange": {"max": [200, "inf"]}, "root": {"type": "inset",
              "insets": {"top": 8, "left": 8, "bottom": 8, "right": 8},
              "child": {"type": "text", "name": "greeting", "text": "Hello, world", "size": 20, "color": "#336699"}}}
            """#
        let ascii = try run(["render", "DOC", "--format", "ascii", "--columns", "61"], document: document)
        ascii.expectSuccess()
        // On a row of the text's box, between its two edges.
        #expect(
            ascii.text.split(separator: "\n").contains {
                $0.contains("|Hello, world ") && $0.filter { $0 == "|" }.count == 2
            })
        let svg = try run(["render", "DOC", "--format", "svg"], document: document)
        svg.expectSuccess()
        #expect(svg.text.contains(##"fill="#336699"/>"##) && !svg.text.contains("<text"))
        let png = try run(["render", "DOC", "--format", "png", "--labels", "none"], document: document)
        png.expectSuccess()
        #expect(Array(png.output.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
    }

    /// A document without paint draws an empty canvas; `--background` fills it, `--debug` draws the outlines and
    /// names over the paint; with ASCII both change nothing.
    @Test func backgroundAndDebugOptions() throws {
        let document = #"{"root": {"type": "node", "name": "box", "size": [40, 20]}}"#
        let plain = try run(["render", "DOC", "--format", "svg"], document: document)
        plain.expectSuccess()
        #expect(
            plain.text
                == "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"20\" viewBox=\"0 0 40 20\">\n</svg>\n"
        )
        let filled = try run(["render", "DOC", "--format", "svg", "--background", "rgb(0 0 255)"], document: document)
        #expect(filled.text.contains(##"<rect width="40" height="20" fill="#0000ff"/>"##))
        let debug = try run(["render", "DOC", "--format", "svg", "--debug"], document: document)
        #expect(
            debug.text.contains(##"stroke="#333333""##) && debug.text.contains("<title>box (node) root: [0, 0, 40, 20]")
        )
        // The label's glyphs: a path filled with the label's colour.
        #expect(debug.text.contains(##"<path d="M"##))
        let png = try run(["render", "DOC", "--format", "png", "--background", "white", "--debug"], document: document)
        png.expectSuccess()
        let ascii = try run(["render", "DOC", "--format", "ascii"], document: document).output
        #expect(
            try run(["render", "DOC", "--format", "ascii", "--debug", "--background", "red"], document: document)
                .output == ascii)
        try run(["render", "DOC", "--background", "reddish"], document: document).expectFailure(
            2, startingWith: "--background: expected a CSS colour, got \"reddish\"")
    }

    /// A bad paint key: one line with its JSON path, exit 2, and no picture written.
    @Test func badPaintWritesNothing() throws {
        let scratch = try Scratch()
        let out = scratch.path("picture.png")
        let result = try run(
            ["render", "DOC", "-o", out],
            document: #"{"root": {"type": "node", "size": [4, 4], "alpha": 2}}"#)
        result.expectFailure(2, startingWith: "root.alpha: must lie between 0 and 1, got 2")
        #expect(!FileManager.default.fileExists(atPath: out))
        try run(["render", "DOC"], document: #"{"root": {"type": "spec", "borderWidth": 1}}"#).expectFailure(
            2, startingWith: "root.borderWidth: a spec is a layout spec and draws nothing")
    }

    /// Bad decorations and text shadows (#27): an unknown line style, a colour that is not one, a shadow colour of
    /// the wrong kind, each on a run or the text element: one line with the JSON path, exit 2, and no picture.
    @Test(arguments: [
        (
            #"{"type": "text", "text": "a", "underline": "wavy"}"#,
            #"root.underline: expected one of "none", "single", "thick", "double", got "wavy""#
        ),
        (
            #"{"type": "text", "runs": [{"text": "a"}, {"text": "b", "strikethrough": "dotted"}]}"#,
            #"root.runs[1].strikethrough: expected one of "none", "single", "thick", "double", got "dotted""#
        ),
        (
            ##"{"type": "text", "runs": [{"text": "a", "backgroundColor": "#12345"}]}"##,
            #"root.runs[0].backgroundColor: expected a CSS colour"#
        ),
        (
            #"{"type": "text", "text": "a", "underlineColor": "reddish"}"#,
            #"root.underlineColor: expected a CSS colour"#
        ),
        (
            #"{"type": "text", "text": "a", "shadowOpacity": 1, "shadowColor": 7}"#,
            #"root.shadowColor: expected a string"#
        ),
    ])
    func badDecorationsWriteNothing(element: String, message: String) throws {
        let scratch = try Scratch()
        let out = scratch.path("picture.png")
        try run(["render", "DOC", "-o", out], document: #"{"root": \#(element)}"#)
            .expectFailure(2, startingWith: message)
        #expect(!FileManager.default.fileExists(atPath: out))
        try run(["layout", "DOC"], document: #"{"root": \#(element)}"#).expectFailure(2, startingWith: message)
    }

    @Test func labelsOptionTakesNoneNodesOrAll() throws {
        try run(["render", example("spec.json"), "--labels", "some"]).expectFailure(
            2, startingWith: "--labels: expected none, nodes or all, got \"some\"")
        let none = try run(["render", example("spec.json"), "--format", "ascii", "--labels", "none"])
        none.expectSuccess()
        #expect(!none.text.contains("left") && !none.text.contains("spacer"))
        let nodes = try run(["render", example("spec.json"), "--format", "ascii", "--labels", "nodes"])
        #expect(nodes.text.contains("left") && !nodes.text.contains("spacer"))
    }

    @Test func sizeOptionsApply() throws {
        let result = try run(["render", example("spec.json"), "--format", "svg", "--width", "300"])
        result.expectSuccess()
        #expect(result.text.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" width="300" height="40""#))
    }
}

@Suite struct BenchCommandTests {
    struct Summary: Decodable {
        struct Times: Decodable {
            var min: UInt64
            var median: UInt64
        }

        var elements: Int
        var layout: Times
        var relayout: Times?
        var read: Times?
        var output: Times?
        var secondWidth: Times?
    }

    @Test func aChangedTextIsReLaidOutAndASecondWidthTimed() throws {
        let result = try run(
            ["bench", "DOC", "--iterations", "3", "--second-width", "100"],
            document: #"""
                {"sizeRange": {"min": [200, 0], "max": [200, "inf"]}, "root": {"type": "stack", "children": [
                  {"type": "text", "name": "changed", "text": "A few words that wrap at a narrower width"}]}}
                """#)
        result.expectSuccess()
        let summary = try JSONDecoder().decode(Summary.self, from: result.output)
        let relayout = try #require(summary.relayout)
        let second = try #require(summary.secondWidth)
        #expect(relayout.min > 0 && second.min > 0 && second.min <= second.median)
    }

    @Test func pipelineAlsoTimesReadingAndOutput() throws {
        let result = try run(["bench", example("feed-cell.json"), "--iterations", "3", "--pipeline"])
        result.expectSuccess()
        let summary = try JSONDecoder().decode(Summary.self, from: result.output)
        for stage in [summary.read, summary.output] {
            let times = try #require(stage)
            #expect(times.min > 0 && times.min <= times.median)
        }
        // Without the flag, neither is printed.
        let plain = try run(["bench", example("feed-cell.json"), "--iterations", "1"])
        #expect(!plain.text.contains("read") && !plain.text.contains("output"))
    }

    @Test func timesLayoutAndRelayoutOfTheChangedNode() throws {
        let result = try run(
            ["bench", "DOC", "--iterations", "5"],
            document: #"""
                {"sizeRange": {"max": [375, "inf"]}, "root": {"type": "stack", "direction": "vertical", "children": [
                  {"type": "inset", "insets": {"top": 1}, "child": {"type": "node", "name": "changed", "size": [10, 10]}},
                  {"type": "node", "layout": {"type": "spec"}}, {"type": "node", "layout": {"type": "node"}}]}}
                """#)
        result.expectSuccess()
        let summary = try JSONDecoder().decode(Summary.self, from: result.output)
        // stack, inset, changed, node, spec, node, node (the wrapper the last `layout` gets is not counted).
        #expect(summary.elements == 7)
        #expect(summary.layout.min > 0 && summary.layout.min <= summary.layout.median)
        let relayout = try #require(summary.relayout)
        #expect(relayout.min > 0 && relayout.min <= relayout.median)
        #expect(result.text.hasPrefix(#"{"elements": 7, "layout": {"min": "#))
    }

    @Test func noRelayoutWithoutAChangedElement() throws {
        let result = try run(["bench", example("feed-cell.json"), "--iterations", "3"])
        result.expectSuccess()
        let summary = try JSONDecoder().decode(Summary.self, from: result.output)
        #expect(summary.elements == 14)  // the cell is a node (its background) around the inset
        #expect(summary.relayout == nil)
        #expect(!result.text.contains("relayout"))
    }

    @Test func theChangedElementMustBeASizedNode() throws {
        try run(["bench", "DOC"], document: #"{"root": {"type": "stack", "name": "changed"}}"#)
            .expectFailure(2, startingWith: "root: ")
    }
}

@Suite struct VersionTests {
    @Test func versionPrintsOneLineWithASemanticVersion() throws {
        let result = try run(["--version"])
        result.expectSuccess()
        let line = result.text
        #expect(line.hasSuffix("\n") && line.filter { $0 == "\n" }.count == 1)
        let parts = line.dropLast().split(separator: ".")
        #expect(parts.count == 3 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }, "\(line)")
    }
}

@Suite struct DirectionOptionTests {
    // The feed cell mirrored in its 375-wide root: the avatar (16, 12, 44, 44) at 375 − 16 − 44 = 315, the share
    // button (335, 112, 24, 24: below the four-line text body) at 16.
    @Test func directionOverridesTheDocument() throws {
        let result = try run(["layout", example("feed-cell.json"), "--direction", "rtl"])
        result.expectSuccess()
        #expect(result.text.contains(#""avatar": [315, 12, 44, 44]"#))
        #expect(result.text.contains(#""share": [16, 112, 24, 24]"#))
        let ltr = try run(["layout", example("feed-cell.json"), "--direction", "ltr"])
        #expect(ltr.text == (try LayoutCommandTests.feedCellOutput()))
        let rtlDocument =
            #"{"layoutDirection": "rtl", "sizeRange": {"max": [100, 10]}, "root": {"type": "stack", "#
            + #""children": [{"type": "node", "name": "n", "size": [10, 10]}]}}"#
        #expect(
            try run(["layout", "DOC"], document: rtlDocument).text
                == #"{"size": [10, 10], "frames": {"n": [0, 0, 10, 10]}}"# + "\n")
        #expect(
            try run(["layout", "DOC", "--width", "100"], document: rtlDocument).text
                == #"{"size": [100, 10], "frames": {"n": [90, 0, 10, 10]}}"# + "\n")
        #expect(
            try run(["layout", "DOC", "--width", "100", "--direction", "ltr"], document: rtlDocument).text
                == #"{"size": [100, 10], "frames": {"n": [0, 0, 10, 10]}}"# + "\n")
    }

    @Test func renderTakesTheDirectionToo() throws {
        let result = try run(["render", example("feed-cell.json"), "--format", "svg", "--direction", "rtl", "--debug"])
        result.expectSuccess()
        #expect(result.text.contains(#"<rect x="315" y="12" width="44" height="44""#))
    }

    @Test func aBadDirectionIsAUsageError() throws {
        try run(["layout", example("feed-cell.json"), "--direction", "RTL"])
            .expectFailure(2, startingWith: #"--direction: expected ltr or rtl, got "RTL""#)
    }
}
