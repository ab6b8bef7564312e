import Foundation
import LayoutDocument
import LayoutRendering
import Testing
import TextureLayout
import TextureLayoutPaint

/// Every shipped example laid out right to left. No example sets a node's `direction`, so every node follows the
/// document: each node mirrors its content within its own width, and mirroring node by node mirrors the whole (a
/// node at `X` with width `Wn` moves to `W − X − Wn`; an element at `x` in it moves to `Wn − x − w` there, so to
/// `W − (X + x) − w` in the root). Node positions are ceiled before mirroring, as Texture does, so this holds for
/// the ceiled frames too. The expected frames are the hand-derived left-to-right ones of ``ExampleTests`` with
/// `x` replaced by `W − x − w`; y, sizes and the root's size are the same.
@Suite struct RightToLeftExampleTests {
    @Test(arguments: exampleNames)
    func everyNamedFrameIsMirroredInTheRoot(name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: examplesDirectory.appendingPathComponent(name + ".json")))
        var document = try LayoutDocument(bytes: bytes, baseFolder: examplesDirectory.path)
        try #require(document.layoutDirection == .leftToRight)
        document.layoutDirection = .rightToLeft
        let result = try document.layout()
        let (size, frames) = try #require(ExampleTests.expected[name])
        #expect([result.size.width, result.size.height] == size)
        let width = size[0]
        let mirrored = frames.mapValues { [width - $0[0] - $0[2], $0[1], $0[2], $0[3]] }
        #expect(result.frames.mapValues { [$0.minX, $0.minY, $0.width, $0.height] } == mirrored)
    }

    /// The picture of a mirrored layout is the left-to-right picture with every box at its mirrored x: the feed
    /// cell's avatar (16, 12, 44, 44) is drawn at 375 − 16 − 44 = 315.
    @Test func picturesDrawMirroredFrames() throws {
        let bytes = try [UInt8](Data(contentsOf: examplesDirectory.appendingPathComponent("feed-cell.json")))
        var document = try LayoutDocument(bytes: bytes, baseFolder: examplesDirectory.path)
        document.layoutDirection = .rightToLeft
        let svg = SVGRenderer.render(try document.layout(), options: .init(debug: true))
        #expect(svg.contains(#"x="315" y="12" width="44" height="44""#))
        #expect(!svg.contains(#"x="16" y="12" width="44" height="44""#))
    }
}
