// A picture of a node tree: every node's display properties and contents, drawn as Texture shows them.

#if !canImport(UIKit) && !canImport(CoreGraphics)
import Foundation
import LayoutRendering
import TextureLayoutPaint

/// Why ``ASDisplayNode/snapshotImage(scale:)`` made no picture.
public enum ASSnapshotError: Error, Equatable, CustomStringConvertible {
    /// The node has no size: neither bounds nor a calculated layout (lay it out first, with
    /// `layoutThatFits(_:)`), or a size that is not finite.
    case noSize(CGSize)

    /// The reason in words.
    public var description: String {
        switch self {
        case .noSize(let size):
            "the node has no size to draw (\(size.width) × \(size.height) points): lay it out first with "
                + "layoutThatFits(_:) or give it a frame"
        }
    }
}

extension ASDisplayNode {
    /// A picture of the node and its subnodes as Texture would show them, at `scale` pixels per point (reduced,
    /// as the renderers reduce a picture's, when the image would pass 16,777,216 pixels or 32,767 on a side).
    ///
    /// The picture is the node's bounds; a node with zero bounds takes the size of its calculated layout
    /// (`layoutThatFits(_:)`). The layout is applied first (``ASDisplayNode/layoutIfNeeded()``), so that every
    /// subnode has its frame. Each node draws, as Core Animation composites layers: its shadow, background colour,
    /// contents (an image node's image, placed by its `contentMode` and passed through its
    /// `imageModificationBlock`; a text node's text), subnodes and border, with its corners, clip and alpha.
    /// What is not drawn stays transparent.
    public func snapshotImage(scale: CGFloat = ASScreenScale()) throws -> UIImage {
        if bounds.size == .zero, let size = calculatedLayout?.size {
            frame = CGRect(origin: frame.origin, size: size)
        }
        let size = bounds.size
        guard size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite else {
            throw ASSnapshotError.noSize(size)
        }
        layoutIfNeeded()
        let drawn = Bitmaps.draw(displayList(scale: scale), scale: Double(scale))
        guard let bitmap = UIImage.Bitmap(width: drawn.width, height: drawn.height,
                                          premultipliedRGBA: drawn.premultipliedRGBA) else {
            throw ASSnapshotError.noSize(size)
        }
        return UIImage(bitmap: bitmap, scale: CGFloat(drawn.scale))
    }

    /// The node tree's display list over the node's bounds: nodes in drawing order (a node before its subnodes,
    /// subnodes in their order), each at its frame in the node's coordinates. `scale` is the pixel scale image
    /// modification blocks draw at.
    func displayList(scale: CGFloat) -> DisplayList {
        var builder = DisplayListBuilder(canvas: Size(bounds.size))
        // Iterative walk, as node trees may nest deeper than recursion allows.
        enum Step { case enter(ASDisplayNode, origin: Point), end }
        var pending: [Step] = [.enter(self, origin: Point(0, 0))]
        while let step = pending.popLast() {
            guard case let .enter(node, origin) = step else {
                builder.endNode()
                continue
            }
            let frame = Rect(origin: origin, size: Size(node.bounds.size))
            guard builder.beginNode(frame: frame, paint: node.paint) else { continue }
            builder.addContent(node.contentCommands(in: frame, scale: scale))
            pending.append(.end)
            for subnode in node.subnodes.reversed() {
                let position = subnode.frame.origin
                pending.append(.enter(subnode, origin: Point(origin.x + Double(position.x - node.bounds.minX),
                                                             origin.y + Double(position.y - node.bounds.minY))))
            }
        }
        return builder.finish()
    }

    /// What the node draws as its contents in `frame`: a text node's glyphs, an image node's image.
    private func contentCommands(in frame: Rect, scale: CGFloat) -> [DisplayCommand] {
        if let text = self as? ASTextNode { return text.glyphCommands(at: frame.origin) }
        if let imageNode = self as? ASImageNode { return imageNode.imageCommands(in: frame, scale: scale) }
        return []
    }
}

extension ASImageNode {
    /// The image drawn in `frame`, as Texture's image node draws it: placed by ``ASDisplayNode/contentMode``;
    /// with a modification block, the image is first drawn into an image of the node's size (for the aspect
    /// and centre modes, which Texture crops to the bounds; the image's own size for the others) at `scale`, the
    /// block's result is placed by the content mode instead.
    fileprivate func imageCommands(in frame: Rect, scale: CGFloat) -> [DisplayCommand] {
        guard var shown = image else { return [] }
        let bounds = CGRect(frame)
        if let imageModificationBlock {
            let crops = [.scaleAspectFill, .scaleAspectFit, .center].contains(contentMode)
            let canvas = crops ? bounds.size : shown.size
            let format = UIGraphicsImageRendererFormat()
            format.scale = scale
            let source = shown
            let drawn = UIGraphicsImageRenderer(size: canvas, format: format).image { _ in
                let area = CGRect(origin: .zero, size: canvas)
                source.draw(in: crops ? contentMode.rect(for: source.size, in: area) : area)
            }
            guard let modified = imageModificationBlock(drawn, ASPrimitiveTraitCollection(displayScale: scale))
            else { return [] }
            shown = modified
        }
        guard let pixels = shown.pixels else { return [] }
        return [.image(ImageDrawing(width: pixels.width, height: pixels.height,
                                    premultipliedRGBA: pixels.premultipliedRGBA,
                                    destination: Rect(contentMode.rect(for: shown.size, in: bounds))))]
    }
}
#endif
