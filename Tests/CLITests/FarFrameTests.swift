import Foundation
import Testing

/// `render` on layouts with frames far off the canvas, sizes near the 10⁷-point limit, and pictures the pixel cap
/// has to shrink.
@Suite struct RenderExtremesTests {
    static func document(x: Double, y: Double) -> String {
        #"""
        {"sizeRange": {"max": [100, 80]}, "root": {"type": "absolute", "children": [
          {"type": "node", "name": "far", "size": [10, 10], "style": {"layoutPosition": [\#(x), \#(y)]}},
          {"type": "node", "name": "huge", "size": [9999999, 9999998],
           "style": {"layoutPosition": [-9999000, -9998990]}},
          {"type": "node", "name": "here", "size": [20, 20], "style": {"layoutPosition": [10, 10]}}]}}
        """#
    }

    /// These crashed every renderer ("Double value cannot be converted to Int").
    @Test(arguments: [(0, 1e300), (0, -1e300), (1e300, 0), (-1e300, -1e300)])
    func farPositionsRenderInEveryFormat(x: Double, y: Double) throws {
        let document = Self.document(x: x, y: y)
        let layout = try run(["layout", "DOC"], document: document)
        layout.expectSuccess()
        #expect(layout.text.hasPrefix(#"{"size": [100, 80], "frames": {"far": ["#))

        let svg = try run(["render", "DOC", "--format", "svg", "--debug"], document: document)
        svg.expectSuccess()
        #expect(svg.text.contains(#"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="80""#))
        #expect(svg.text.contains("<title>far (node) root.children[0]: ["))

        let png = try run(["render", "DOC", "--format", "png"], document: document)
        png.expectSuccess()
        // IHDR: 100 × 80 points at scale 2.
        #expect(Array(png.output[16..<24]) == [0, 0, 0, 200, 0, 0, 0, 160])

        let ascii = try run(["render", "DOC", "--format", "ascii", "--columns", "51"], document: document)
        ascii.expectSuccess()
        #expect(ascii.text.hasPrefix("# 100 x 80 points; one character is 2 x 4 points\n"))
        #expect(ascii.text.contains("+here"))
    }

    /// The pixel caps hold when a side is 0: 20,000 × 0 points at scale 1000 would be 1 pixel by 2 × 10⁷, which the
    /// renderer's caps bring to 32,766 × 1 (Cairo's largest side), and then the picture limit of 16,384 pixels a
    /// side refuses it before anything is drawn.
    @Test func aZeroSideDoesNotBypassThePixelLimits() throws {
        let scratch = try Scratch()
        let out = scratch.path("wide.png")
        try run(
            ["render", "DOC", "--scale", "1000", "-o", out],
            document: #"""
                {"sizeRange": {"min": [20000, 0], "max": [20000, 0]}, "root": {"type": "node", "name": "line"}}
                """#
        ).expectFailure(2, startingWith: "root: the PNG would be 32766 × 1 pixels, more than 16384 on a side")
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}

@Suite struct CommandSharingTests {
    /// bench parses once and words a syntax error exactly as the other commands do.
    @Test func benchReportsSyntaxErrorsLikeTheOtherCommands() throws {
        let broken = #"{"root": {"type": "node", "size": [1, 2],}}"#
        let layout = try run(["layout", "DOC"], document: broken)
        layout.expectFailure(2, startingWith: "document: invalid JSON")
        let bench = try run(["bench", "DOC", "--iterations", "1"], document: broken)
        bench.expectFailure(2, startingWith: "document: invalid JSON")
        #expect(bench.error == layout.error)
    }

    @Test func benchReportsDocumentAndLayoutErrorsLikeLayout() throws {
        for document in [
            #"{"root": {"type": "node", "colour": "red"}}"#,
            #"{"root": {"type": "node", "style": {"width": "50%"}}}"#,
        ] {
            let layout = try run(["layout", "DOC"], document: document)
            let bench = try run(["bench", "DOC", "--iterations", "1"], document: document)
            bench.expectFailure(2, startingWith: "root")
            #expect(bench.error == layout.error)
        }
    }

    /// `W,H` pairs may have spaces around each number.
    @Test func sizePairsAreTrimmed() throws {
        let result = try run(
            ["layout", "DOC", "--max", "  80 , 60 ", "--min", " 1,2"],
            document: #"{"root": {"type": "node", "name": "n"}}"#)
        result.expectSuccess()
        #expect(result.text == #"{"size": [80, 60], "frames": {"n": [0, 0, 80, 60]}}"# + "\n")
    }

    @Test func asciiColumnsStillApplyAndOtherFormatsIgnoreThem() throws {
        let narrow = try run(["render", example("feed-cell.json"), "--format", "ascii", "--columns", "30"])
        narrow.expectSuccess()
        let lines = narrow.text.split(separator: "\n" as Character)
        #expect(lines.dropFirst().allSatisfy { $0.count <= 30 })
        let svg = try run(["render", example("feed-cell.json"), "--format", "svg", "--columns", "30"])
        svg.expectSuccess()
        #expect(svg.output == (try Data(contentsOf: examplesDirectory.appendingPathComponent("feed-cell.svg"))))
    }
}
