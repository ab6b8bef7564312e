// Texture's drawing hooks (willDisplayNodeContentWithRenderingContext, didDisplayNodeContentWithRenderingContext)
// drawn by snapshotImage(scale:), checked at points worked out by hand. Each node under test sits 10 points in
// from its parent's top left corner, so the point (x, y) of the node is (x + 10, y + 10) in the picture.

import Foundation
import Testing
import TextureLayoutDrawing

@Suite("Drawing hooks: what a node draws before and after its contents")
struct DrawingHookTests {
    static let yellow = Pixel(255, 255, 0)

    /// `node` at (10, 10) in a 60 × 60 parent, drawn at scale 2.
    func picture(of node: ASDisplayNode, size: CGSize = CGSize(width: 40, height: 40)) throws -> UIImage {
        node.style.preferredSize = size
        let parent = ASDisplayNode()
        parent.automaticallyManagesSubnodes = true
        parent.layoutSpecBlock = { _, _ in
            ASInsetLayoutSpec(insets: UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10), child: node)
        }
        return try laidOut(parent, size.width + 20, size.height + 20).snapshotImage(scale: 2)
    }

    /// A 40 × 40 image node showing the 20 × 20 point quadrants image centred: the image covers the node's points
    /// 10…30 on both axes, red at the top left (10…20), green at the top right (20…30 across, 10…20 down), white
    /// at the bottom right.
    func centredQuadrants() -> ASImageNode {
        let node = ASImageNode()
        node.image = UIImage(data: quadrantsPNG())
        node.contentMode = .center
        return node
    }

    /// The did block's yellow circle of radius 10 centred on the node's point (30, 30).
    static func yellowCircle(_ context: CGContext, _: Any?) {
        UIColor(red: 1, green: 1, blue: 0, alpha: 1).setFill()
        UIBezierPath(ovalIn: CGRect(x: 20, y: 20, width: 20, height: 20)).fill()
    }

    /// The will block fills a blue square larger than the node (−10…50); the image is drawn over it and the did
    /// block's circle over the image. The blue square is cut at the node's bounds.
    @Test func willDrawsUnderTheContentsAndDidOver() throws {
        let node = centredQuadrants()
        node.willDisplayNodeContentWithRenderingContext = { context, parameters in
            #expect(parameters == nil)
            #expect(UIGraphicsGetCurrentContext() === context)
            context.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
            context.fill(CGRect(x: -10, y: -10, width: 60, height: 60))
        }
        node.didDisplayNodeContentWithRenderingContext = Self.yellowCircle
        let image = try picture(of: node)
        // Outside the node (the picture's point (5, 5)): the square is cut at the bounds.
        #expect(image.pixel(at: 5, 5) == .clear && image.pixel(at: 55, 55) == .clear)
        // The node's (2, 2): no image there, the will block's blue.
        #expect(image.pixel(at: 12, 12) == .blue)
        // The node's (15, 15): the image's red quadrant over the blue; 21.2 points from the circle's centre.
        #expect(image.pixel(at: 25, 25) == .red)
        // The node's (22, 12): the green quadrant, 19.7 points from the circle's centre.
        #expect(image.pixel(at: 32, 22) == .green)
        // The node's (27, 27): the white quadrant, 4.2 points from the centre: the circle lies over the image.
        #expect(image.pixel(at: 37, 37) == Self.yellow)
        // The node's (38, 30): right of the image, 8 points from the centre.
        #expect(image.pixel(at: 48, 40) == Self.yellow)
    }

    /// The will block's clip (the node's left half) cuts the contents until the did block restores the state,
    /// as Texture leaves saving and restoring to the blocks; its alpha applies to the contents.
    @Test func theWillBlocksClipAndAlphaApplyToTheContents() throws {
        let node = centredQuadrants()
        node.willDisplayNodeContentWithRenderingContext = { context, _ in
            context.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
            context.fill(CGRect(x: 0, y: 0, width: 40, height: 40))
            context.saveGState()
            context.clip(to: CGRect(x: 0, y: 0, width: 20, height: 40))
        }
        node.didDisplayNodeContentWithRenderingContext = { context, parameters in
            context.restoreGState()
            Self.yellowCircle(context, parameters)
        }
        let image = try picture(of: node)
        // The node's (15, 15): red, in the clip.
        #expect(image.pixel(at: 25, 25) == .red)
        // The node's (25, 15): the green quadrant is cut away; the blue under it shows.
        #expect(image.pixel(at: 35, 25) == .blue)
        // The node's (38, 30): the circle is drawn after the restore, unclipped.
        #expect(image.pixel(at: 48, 40) == Self.yellow)

        let faded = centredQuadrants()
        faded.willDisplayNodeContentWithRenderingContext = { context, _ in context.setAlpha(0.5) }
        // Red at half opacity over nothing: premultiplied (128, 0, 0, 128), within rounding.
        let pixel = try picture(of: faded).pixel(at: 25, 25)
        #expect(pixel.isClose(to: Pixel(128, 0, 0, 128), within: 1), "\(pixel)")
    }

    /// The hook of Texture's LayoutSpecExamples-Swift photo node: the clip's bounding box is the node's bounds,
    /// (0, 0, 40, 40), and a rounded rectangle of radius 10 added as a clip cuts the image's corners. The node's
    /// (1, 1) is 12.7 points from the corner's centre (10, 10): cut; (5, 5) is 7.1 points from it: the red
    /// quadrant (the 20-point quadrants image fills the 40-point node, red at 0…20).
    @Test func theExamplesRoundedClip() throws {
        let node = ASImageNode()
        node.image = UIImage(data: quadrantsPNG())
        var boxes: [CGRect] = []
        node.willDisplayNodeContentWithRenderingContext = { context, _ in
            let bounds = context.boundingBoxOfClipPath
            boxes.append(bounds)
            UIBezierPath(roundedRect: bounds, cornerRadius: 10).addClip()
            boxes.append(context.boundingBoxOfClipPath)
            // In the user space of a translation and a scale, the same box.
            context.translateBy(x: 10, y: 20)
            context.scaleBy(x: 2, y: 4)
            boxes.append(context.boundingBoxOfClipPath)
            context.clip(to: CGRect(x: 0, y: 0, width: 5, height: 2))
            boxes.append(context.boundingBoxOfClipPath)
        }
        let image = try picture(of: node)
        #expect(
            boxes == [
                CGRect(x: 0, y: 0, width: 40, height: 40), CGRect(x: 0, y: 0, width: 40, height: 40),
                CGRect(x: -5, y: -5, width: 20, height: 10), CGRect(x: 0, y: 0, width: 5, height: 2),
            ])
        // The last clip (the node's 10…20 across, 20…28 down) is open until the contents are drawn: only the
        // bottom left quadrant's blue shows, inside it.
        #expect(image.pixel(at: 25, 35) == .blue)
        #expect(image.pixel(at: 15, 15) == .clear && image.pixel(at: 35, 35) == .clear)

        let rounded = ASImageNode()
        rounded.image = UIImage(data: quadrantsPNG())
        rounded.willDisplayNodeContentWithRenderingContext = { context, _ in
            UIBezierPath(roundedRect: context.boundingBoxOfClipPath, cornerRadius: 10).addClip()
        }
        let picture = try picture(of: rounded)
        #expect(picture.pixel(at: 11, 11) == .clear)
        #expect(picture.pixel(at: 15, 15) == .red)
        #expect(picture.pixel(at: 49, 49) == .clear && picture.pixel(at: 45, 45) == .white)
    }

    /// A text node calls its hooks too: the will block's yellow lies under the glyphs (the darkest pixel inside
    /// the node is the text's black), the did block's red square (the node's 0…4) over everything.
    @Test func aTextNodeCallsItsHooks() throws {
        let node = ASTextNode()
        node.attributedText = NSAttributedString(
            string: "H",
            attributes: [.font: UIFont.systemFont(ofSize: 30), .foregroundColor: UIColor.black])
        node.willDisplayNodeContentWithRenderingContext = { context, _ in
            context.setFillColor(CGColor(red: 1, green: 1, blue: 0, alpha: 1))
            context.fill(CGRect(x: 0, y: 0, width: 40, height: 40))
        }
        node.didDisplayNodeContentWithRenderingContext = { context, _ in
            context.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        }
        let image = try picture(of: node)
        #expect(image.pixel(at: 12, 12) == .red)
        // The node's (1, 38): below the baseline of a letter without descenders, left of its stem.
        #expect(image.pixel(at: 11, 48) == Self.yellow)
        #expect(image.pixel(at: 5, 5) == .clear)
        var darkest = 255 * 3
        for y in 20..<100 {
            for x in 20..<100 {
                let p = image.pixel(x, y)
                darkest = min(darkest, p.r + p.g + p.b)
            }
        }
        #expect(darkest == 0)
    }

    /// An image node with a modification block calls the hooks in the image it passes to the block, as Texture
    /// does: the did block's blue covers the whole image, and the round modification block then cuts it to a
    /// circle, so the node's corner (2, 2), 25.5 points from the centre (20, 20), is clear.
    @Test func theModificationBlockGetsTheHooksDrawing() throws {
        let node = ASImageNode()
        node.image = UIImage(data: quadrantsPNG())
        node.imageModificationBlock = ASImageNodeRoundBorderModificationBlock(0, nil)
        node.didDisplayNodeContentWithRenderingContext = { context, _ in
            context.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
            context.fill(CGRect(x: 0, y: 0, width: 40, height: 40))
        }
        let image = try picture(of: node)
        #expect(image.pixel(at: 12, 12) == .clear)
        #expect(image.pixel(at: 30, 30) == .blue)
        #expect(image.pixel(at: 15, 30) == .blue)
    }

    /// Nodes that draw no contents never call the hooks, as in Texture: a plain node (its background is its
    /// layer's) and an image node without an image.
    @Test func nodesWithoutContentsDoNotCallThem() throws {
        var calls = 0
        let plain = ASDisplayNode()
        plain.backgroundColor = .green
        let empty = ASImageNode()
        for node in [plain, empty] {
            node.willDisplayNodeContentWithRenderingContext = { _, _ in calls += 1 }
            node.didDisplayNodeContentWithRenderingContext = { _, _ in calls += 1 }
        }
        #expect(try picture(of: plain).pixel(at: 30, 30) == .green)
        #expect(try picture(of: empty).pixel(at: 30, 30) == .clear)
        #expect(calls == 0)
        #expect(plain.willDisplayNodeContentWithRenderingContext != nil)
        plain.willDisplayNodeContentWithRenderingContext = nil
        #expect(plain.willDisplayNodeContentWithRenderingContext == nil)
    }
}
