// Pictures of what is not an ASDisplayNode drawn alone: an engine element's debug picture, a display node's paint
// under its debug picture, a laid-out document; and image files decoded by the images module (PNG and JPEG). Points
// are worked out by hand as in NodeSnapshotTests: at scale 2 the pixel (x, y) covers the points x/2…(x+1)/2.

import Foundation
import LayoutDocument
import Testing
import TextureLayout
import TextureLayoutDrawing

@Suite("Pictures of engine elements, documents and image files")
struct PictureTests {
    /// An engine tree (a 20 × 10 node inset by 5) draws its debug picture: white inside, its outlines on the edges.
    @Test func engineElementsDrawTheirDebugPicture() {
        let box = FixedSizeNode(intrinsicSize: Size(20, 10))
        let root = InsetLayoutSpec(insets: EdgeInsets(all: 5), child: box)
        let image = root.debugImage(within: SizeRange(min: Size(0, 0), max: Size(100, 100)), scale: 2)
        #expect(image.size == CGSize(width: 30, height: 20) && image.scale == 2 && image.bitmap?.width == 60)
        // Inside the node, away from every edge: the white canvas.
        #expect(image.pixel(at: 15, 10) == .white)
        // The node's left edge, x = 5 points: pixel column 10 (or 9, where the line's width falls) is not white.
        #expect(image.pixel(9, 20) != .white || image.pixel(10, 20) != .white)
    }

    /// A display node's debug picture draws its paint under the outlines: a blue 40 × 40 node with corner radius 10.
    @Test func displayNodesDrawTheirPaintUnderTheDebugPicture() {
        let node = ASDisplayNode()
        node.backgroundColor = .blue
        node.cornerRadius = 10
        let image = node.debugImage(within: ASSizeRangeMake(CGSize(width: 40, height: 40)), scale: 2)
        #expect(image.size == CGSize(width: 40, height: 40))
        #expect(image.pixel(at: 20, 20) == .blue)
        // Outside the rounded corner: pixel (4, 4), centre (2.25, 2.25), is 10.96 points from the corner's centre
        // (10, 10) > 10, and 2 points inside the outline on the edge: the white canvas.
        #expect(image.pixel(4, 4) == .white)
        // The engine's own elements have no paint: the same node size as a FixedSizeNode is white inside.
        let plain = FixedSizeNode(intrinsicSize: Size(40, 40))
        #expect(plain.debugImage(within: SizeRange(exactly: Size(40, 40))).pixel(at: 20, 20) == .white)
    }

    /// A document's picture is its paint at the document's scale (2 by default); with `debug`, outlines over it.
    @Test func documentsDrawTheirPaint() throws {
        let json = ##"{"root": {"type": "node", "size": [40, 20], "backgroundColor": "#ff0000", "cornerRadius": 5}}"##
        let layout = try LayoutDocument(json: json).layout()
        let image = layout.snapshotImage()
        #expect(image.size == CGSize(width: 40, height: 20) && image.scale == 2)
        #expect(image.pixel(at: 20, 10) == .red)
        // Outside the top left corner: pixel (0, 0), centre (0.25, 0.25), is 6.7 points from (5, 5) > 5.
        #expect(image.pixel(0, 0) == .clear)
        // On the straight part of the left edge (y 5…15): pixel (0, 20), centre (0.25, 10.25), is inside.
        #expect(image.pixel(0, 20) == .red)
        // The debug picture outlines the node there, on a white canvas outside the corner.
        let debug = layout.snapshotImage(debug: true, background: .white)
        #expect(debug.pixel(0, 20) != .red && debug.pixel(0, 0) != .clear && debug.pixel(at: 20, 10) == .red)
    }

    /// A JPEG file (the images module's test picture: 32 × 24 pixels in quadrants, red and blue on the left, green
    /// and white on the right) is decoded when drawn; JPEG's loss keeps each quadrant's middle within 12 levels.
    @Test func jpegFilesAreDecodedWhenDrawn() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../TextureLayoutImagesTests/Images/baseline.jpg").standardized.path
        let file = try #require(UIImage(contentsOfFile: path))
        #expect(file.size == CGSize(width: 32, height: 24) && file.scale == 1)
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let drawn = UIGraphicsImageRenderer(size: file.size, format: format).image { _ in file.draw(at: .zero) }
        #expect(drawn.pixel(8, 6).isClose(to: .red, within: 12))
        #expect(drawn.pixel(24, 6).isClose(to: .green, within: 12))
        #expect(drawn.pixel(8, 18).isClose(to: .blue, within: 12))
        #expect(drawn.pixel(24, 18).isClose(to: .white, within: 12))
        // A JPEG header alone (a start-of-frame segment saying 4 × 4, no image data) gives an image of that size
        // whose pixels do not decode: it draws nothing.
        let headerOnly = try #require(UIImage(data: Data([0xFF, 0xD8, 0xFF, 0xC0, 0, 11, 8, 0, 4, 0, 4, 3])))
        #expect(headerOnly.size == CGSize(width: 4, height: 4))
        let blank = UIGraphicsImageRenderer(size: headerOnly.size, format: format).image { _ in
            headerOnly.draw(at: .zero)
        }
        #expect(blank.pixel(1, 1) == .clear)
    }
}
