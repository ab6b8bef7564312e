// A picture of a node tree: every node's display properties and contents, drawn as Texture shows them.

#if !canImport(UIKit) && !canImport(CoreGraphics)
import Foundation
import LayoutDocument
import LayoutRendering
import TextureLayoutPaint

/// Why `ASDisplayNode.snapshotImage(scale:)` made no picture.
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

/// A picture of a node tree.
extension ASDisplayNode {
    /// A picture of the node and its subnodes as Texture would show them, at `scale` pixels per point (reduced,
    /// as the renderers reduce a picture's, when the image would pass 16,777,216 pixels or 32,767 on a side).
    ///
    /// The picture is the node's bounds; a node with zero bounds takes the size of its calculated layout
    /// (`layoutThatFits(_:)`). The layout is applied first (`layoutIfNeeded()`), so that every
    /// subnode has its frame. Each node draws, as Core Animation composites layers: its shadow, background colour,
    /// contents (an image node's image, placed by its `contentMode` and passed through its
    /// `imageModificationBlock`; a text node's text, casting the node's shadow and its runs' `NSShadow`s instead
    /// of a box shadow), subnodes and border, with its corners, clip and alpha.
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
        guard let image = UIImage(drawing: [displayList(scale: scale)], scale: Double(scale)) else {
            throw ASSnapshotError.noSize(size)
        }
        return image
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
            builder.addContent(
                node.contentCommands(in: frame, scale: scale), shadow: (node as? ASTextNode)?.visibleShadow)
            pending.append(.end)
            for subnode in node.subnodes.reversed() {
                let position = subnode.frame.origin
                pending.append(
                    .enter(
                        subnode,
                        origin: Point(
                            origin.x + Double(position.x - node.bounds.minX),
                            origin.y + Double(position.y - node.bounds.minY))))
            }
        }
        return builder.finish()
    }

    /// What the node draws as its contents in `frame`: a text node's glyphs and decorations, an image node's
    /// image, each between what its drawing hooks draw.
    private func contentCommands(in frame: Rect, scale: CGFloat) -> [DisplayCommand] {
        if let text = self as? ASTextNode {
            return contentWithDrawingHooks(in: frame) { text.drawingCommands(at: frame.origin) }
        }
        if let imageNode = self as? ASImageNode { return imageNode.imageCommands(in: frame, scale: scale) }
        return []
    }
}

/// The debug picture of any element tree.
extension LayoutElement {
    /// The element's debug picture, laid out within `sizeRange` at `scale` pixels per point in `direction`: every
    /// node's and spec's outline (nodes solid, specs dashed, texts light), a mark on each element of zero size and
    /// the `debugName`s, on a white canvas, as `texture-layout render --debug --background white` draws a
    /// document's. Under them, a display node (`ASDisplayNode`) draws its paint as
    /// `ASDisplayNode.snapshotImage(scale:)` does, its layout applied first; the engine's elements have no paint.
    public func debugImage(
        within sizeRange: ASSizeRange, scale: CGFloat = ASScreenScale(),
        direction: LayoutDirection = .leftToRight
    ) -> UIImage {
        let (picture, paint) = debugPicture(within: sizeRange, scale: scale, direction: direction)
        // A layout always has a size the renderers draw (at least one pixel a side).
        return UIImage(
            drawing: PNGRenderer.debugLists(picture, over: paint), scale: picture.scale,
            background: Palette.background)!
    }

    /// ``debugImage(within:scale:direction:)`` as a PNG file: what the snapshot strategy `.image` compares.
    package func debugPNG(within sizeRange: ASSizeRange, scale: CGFloat, direction: LayoutDirection) -> [UInt8] {
        let (picture, paint) = debugPicture(within: sizeRange, scale: scale, direction: direction)
        return PNGRenderer.render(picture, over: paint)
    }

    /// The debug picture of the element's layout, and the paint of a display node's tree under it.
    private func debugPicture(
        within sizeRange: ASSizeRange, scale: CGFloat, direction: LayoutDirection
    )
        -> (picture: LayoutPicture, paint: DisplayList?)
    {
        let layout = layout(within: sizeRange, scale: Double(scale), direction: direction)
        let picture = LayoutPicture(of: layout)
        var paint: DisplayList?
        if let node = self as? ASDisplayNode {
            let interfaceDirection: UIUserInterfaceLayoutDirection =
                direction == .rightToLeft ? .rightToLeft : .leftToRight
            ASDisplayNode.$userInterfaceLayoutDirection.withValue(interfaceDirection) {
                node.applyLayout(node.layoutThatFits(sizeRange, scale: scale))
            }
            paint = node.displayList(scale: scale)
        }
        return (picture, paint)
    }
}

/// The picture of a laid-out document.
extension DocumentLayout {
    /// The laid-out document's picture as `texture-layout render` draws it as PNG: its paint at the layout's
    /// scale, on a transparent canvas or one filled with `background`, with the debug picture (outlines, marks and
    /// names) over it when `debug` is set.
    public func snapshotImage(debug: Bool = false, background: UIColor? = nil) -> UIImage {
        let lists = debug ? PNGRenderer.debugLists(LayoutPicture(self), over: displayList) : [displayList]
        // A layout always has a size the renderers draw (at least one pixel a side).
        return UIImage(drawing: lists, scale: scale, background: background.map(\.rgba))!
    }
}

extension UIImage {
    /// An image of `lists` drawn one over the other at `scale` pixels per point (reduced as pictures' scales
    /// are), on a transparent canvas or one filled with `background`; `nil` when nothing could be drawn.
    convenience init?(drawing lists: [DisplayList], scale: Double, background: RGBA? = nil) {
        let drawn = Bitmaps.draw(lists, scale: scale, background: background)
        guard let bitmap = Bitmap(width: drawn.width, height: drawn.height, premultipliedRGBA: drawn.premultipliedRGBA)
        else { return nil }
        self.init(bitmap: bitmap, scale: CGFloat(drawn.scale))
    }
}

extension ASImageNode {
    /// The image drawn in `frame`, as Texture's image node draws it: placed by ``ASDisplayNode/contentMode``;
    /// with a modification block, the image is first drawn into an image of the node's size (for the aspect
    /// and centre modes, which Texture crops to the bounds; the image's own size for the others) at `scale`, with
    /// the drawing hooks' drawing around it, and the block's result is placed by the content mode instead.
    fileprivate func imageCommands(in frame: Rect, scale: CGFloat) -> [DisplayCommand] {
        guard let shown = image else { return [] }
        let bounds = CGRect(frame)
        if let imageModificationBlock {
            let crops = [.scaleAspectFill, .scaleAspectFit, .center].contains(contentMode)
            let canvas = crops ? bounds.size : shown.size
            let format = UIGraphicsImageRendererFormat()
            format.scale = scale
            let source = shown
            let (will, did) = (willDisplayNodeContentWithRenderingContext, didDisplayNodeContentWithRenderingContext)
            let drawn = UIGraphicsImageRenderer(size: canvas, format: format).image { renderer in
                let area = CGRect(origin: .zero, size: canvas)
                drawContent(into: renderer.cgContext, will: will, did: did) {
                    source.draw(in: crops ? contentMode.rect(for: source.size, in: area) : area)
                }
            }
            guard let modified = imageModificationBlock(drawn, ASPrimitiveTraitCollection(displayScale: scale))
            else { return [] }
            return Self.commands(drawing: modified, in: contentMode.rect(for: modified.size, in: bounds))
        }
        return contentWithDrawingHooks(in: frame) {
            Self.commands(drawing: shown, in: contentMode.rect(for: shown.size, in: bounds))
        }
    }

    /// The commands that draw `image` into `rect` (its nine pieces when it is resizable).
    private static func commands(drawing image: UIImage, in rect: CGRect) -> [DisplayCommand] {
        image.pieces(in: rect).map { piece in
            .image(
                ImageDrawing(
                    width: piece.pixels.width, height: piece.pixels.height,
                    premultipliedRGBA: piece.pixels.premultipliedRGBA, destination: Rect(piece.rect)))
        }
    }
}
#endif
