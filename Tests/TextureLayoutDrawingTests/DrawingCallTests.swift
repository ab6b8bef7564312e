// The drawing calls Texture code makes in modification blocks and drawing code, checked at points worked out by
// hand: UIKit's image contexts, UIBezierPath, UIColor.set…(), UIImage.draw(in:), CGContext's calls, decoding and
// encoding PNG files.

import Foundation
import Testing
import TextureLayoutDrawing

@Suite("Drawing calls: image contexts, UIBezierPath, CGContext")
struct DrawingCallTests {
    /// The LayoutSpecExamples' circular image: an image context, a circle clipped to, a white fill, then the image
    /// drawn inside the clip, as an image modification block of a 40 × 40 image node.
    @Test func modificationBlockRoundsTheImageWithAddClipAndDrawIn() throws {
        let node = ASImageNode()
        node.image = UIImage(data: quadrantsPNG())
        var received: CGSize?
        node.imageModificationBlock = { image, traits in
            received = image.size
            #expect(traits.displayScale == 2)
            UIGraphicsBeginImageContextWithOptions(image.size, false, 0)
            let rect = CGRect(origin: .zero, size: image.size)
            let circle = UIBezierPath(roundedRect: rect, cornerRadius: rect.width / 2)
            circle.addClip()
            UIColor.white.set()
            circle.fill()
            image.draw(in: rect)
            let rounded = UIGraphicsGetImageFromCurrentImageContext()
            UIGraphicsEndImageContext()
            return rounded
        }
        let image = try laidOut(node, 40, 40).snapshotImage(scale: 2)
        // The block gets the image as drawn in the node's bounds.
        #expect(received == CGSize(width: 40, height: 40))
        // Outside the circle (pixel (4, 4): 25.1 points from the centre) nothing; inside, the quadrants.
        #expect(image.pixel(4, 4) == .clear)
        #expect(image.pixel(14, 14) == .red)
        #expect(image.pixel(at: 30, 10) == .green)
        #expect(image.pixel(at: 10, 30) == .blue)
        #expect(image.pixel(at: 30, 30) == .white)
        #expect(UIGraphicsGetCurrentContext() == nil)
    }

    /// Texture's round-border block: the image cut to its oval, and a border stroked on the oval's edge.
    @Test func roundBorderModificationBlock() throws {
        let node = ASImageNode()
        node.image = UIImage(data: quadrantsPNG())
        node.imageModificationBlock = ASImageNodeRoundBorderModificationBlock(4, .black)
        let image = try laidOut(node, 40, 40).snapshotImage(scale: 2)
        // The stroke is 4 points wide centred on the circle of radius 20: from 18 to 20 points from the centre
        // inside the clip. Pixel (40, 1), centre (20.25, 0.75), is 19.25 points from (20, 20): on the border.
        #expect(image.pixel(40, 1).isClose(to: Pixel(0, 0, 0), within: 2))
        #expect(image.pixel(4, 4) == .clear)
        #expect(image.pixel(at: 10, 10) == .red)
    }

    /// An oval filled and stroked over a filled rectangle, with UIGraphicsImageRenderer.
    @Test func rendererFillsAndStrokesPaths() {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 20), format: format).image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 40, height: 20))
            let oval = UIBezierPath(ovalIn: CGRect(x: 10, y: 0, width: 20, height: 20))
            UIColor.blue.setFill()
            oval.fill()
            UIColor.green.setStroke()
            oval.lineWidth = 4
            oval.stroke()
        }
        #expect(image.size == CGSize(width: 40, height: 20) && image.bitmap?.width == 40)
        // The oval is the circle of radius 10 about (20, 10); its stroke covers 8…12 points from the centre.
        #expect(image.pixel(20, 10) == .blue)  // centre (20.5, 10.5): 0.7 from the centre
        #expect(image.pixel(20, 0) == .green)  // centre (20.5, 0.5): 9.5 from the centre
        #expect(image.pixel(2, 10) == .red)  // outside the circle
        #expect(image.pixel(10, 1) == .red)  // centre (10.5, 1.5): 12.7 from the centre, past the stroke
    }

    /// CGContext's calls: state saved and restored (a clip, a translation), rectangles and ellipses, paths.
    @Test func cgContextCalls() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = UIGraphicsImageRenderer(size: CGSize(width: 30, height: 30), format: format).image { renderer in
            let context = renderer.cgContext
            context.saveGState()
            context.clip(to: CGRect(x: 0, y: 0, width: 15, height: 30))
            context.translateBy(x: 5, y: 5)
            context.setFillColor(UIColor.red.cgColor)
            context.fill(CGRect(x: 0, y: 0, width: 20, height: 10))  // (5, 5)–(25, 15), clipped at x = 15
            context.restoreGState()
            context.setFillColor(UIColor.blue.cgColor)
            context.move(to: CGPoint(x: 0, y: 20))
            context.addLine(to: CGPoint(x: 30, y: 20))
            context.addLine(to: CGPoint(x: 30, y: 30))
            context.addLine(to: CGPoint(x: 0, y: 30))
            context.closePath()
            context.fillPath()
            context.setStrokeColor(UIColor.green.cgColor)
            context.setLineWidth(2)
            context.strokeEllipse(in: CGRect(x: 20, y: 0, width: 10, height: 10))
        }
        #expect(image.pixel(10, 10) == .red)
        #expect(image.pixel(20, 10) == .clear)  // the clip ended with restoreGState; nothing was drawn there
        #expect(image.pixel(2, 2) == .clear)  // the translation moved the rectangle
        #expect(image.pixel(15, 25) == .blue)
        #expect(image.pixel(25, 0) == .green)  // centre (25.5, 0.5): 4.5 from (25, 5), on the stroke (4…6)
        #expect(image.pixel(25, 5) == .clear)
    }

    /// UIGraphicsBeginImageContext draws at scale 1 and contexts nest.
    @Test func imageContextsNest() throws {
        UIGraphicsBeginImageContext(CGSize(width: 4, height: 4))
        UIColor.red.setFill()
        UIRectFill(CGRect(x: 0, y: 0, width: 4, height: 4))
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 2, height: 2), false, 3)
        UIColor.green.setFill()
        UIRectFill(CGRect(x: 0, y: 0, width: 1, height: 2))
        let inner = try #require(UIGraphicsGetImageFromCurrentImageContext())
        UIGraphicsEndImageContext()
        let outer = try #require(UIGraphicsGetImageFromCurrentImageContext())
        UIGraphicsEndImageContext()
        #expect(
            inner.scale == 3 && inner.bitmap?.width == 6 && inner.pixel(2, 5) == .green && inner.pixel(3, 0) == .clear)
        #expect(outer.scale == 1 && outer.bitmap?.width == 4 && outer.pixel(3, 3) == .red)
        #expect(UIGraphicsGetImageFromCurrentImageContext() == nil)
    }

    /// Texture's resizable rounded image (a 9-point square for radius 4, its caps the radius) drawn into a
    /// 40 × 12 rectangle keeps its corners at radius 4: it is drawn in nine pieces, not scaled.
    @Test func resizableRoundedImageKeepsItsCorners() throws {
        let image = UIImage.as_resizableRoundedImage(withCornerRadius: 4, cornerColor: nil, fill: .red)
        #expect(image.size == CGSize(width: 9, height: 9) && image.scale == 2)
        #expect(
            image.capInsets.top == 4 && image.capInsets.left == 4 && image.capInsets.bottom == 4
                && image.capInsets.right == 4)
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        let drawn = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 12), format: format).image { _ in
            image.draw(in: CGRect(x: 0, y: 0, width: 40, height: 12))
        }
        #expect(drawn.pixel(at: 20, 6) == .red)
        // Outside the top left and top right corners: pixels (0, 0) and (79, 0), centres (0.25, 0.25) and
        // (39.75, 0.25), are 5.3 points from the corners' centres (4, 4) and (36, 4).
        #expect(drawn.pixel(0, 0) == .clear && drawn.pixel(79, 0) == .clear)
        // Just right of the top left arc: pixel (8, 0), centre (4.25, 0.25), is on the straight top edge. Scaled
        // instead of sliced, it would show the image's point (0.96, 0.19), 4.9 points from (4, 4): outside.
        #expect(drawn.pixel(8, 0) == .red)
        #expect(drawn.pixel(40, 0) == .red)
    }

    /// A PNG file no code of ours wrote is decoded to its pixels, and pngData() writes a file that decodes to the
    /// same pixels.
    @Test func decodesAndEncodesPNG() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("quadrants-\(UUID()).png").path
        try quadrantsPNG().write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = try #require(UIImage(contentsOfFile: path))
        #expect(file.size == CGSize(width: 20, height: 20))
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let drawn = UIGraphicsImageRenderer(size: file.size, format: format).image { _ in file.draw(at: .zero) }
        #expect(
            drawn.pixel(0, 0) == .red && drawn.pixel(19, 0) == .green && drawn.pixel(0, 19) == .blue
                && drawn.pixel(19, 19) == .white)
        let png = try #require(drawn.pngData())
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let again = try #require(UIImage(data: png))
        let redrawn = UIGraphicsImageRenderer(size: again.size, format: format).image { _ in again.draw(at: .zero) }
        #expect(redrawn.bitmap == drawn.bitmap)
    }
}
