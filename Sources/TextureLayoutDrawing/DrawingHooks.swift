// Texture's drawing hooks: blocks a node calls with its contents' context before and after drawing them.

#if !canImport(UIKit) && !canImport(CoreGraphics)
import Foundation
import TextureLayoutPaint

/// Texture's `ASDisplayNodeContextModifier`: a block given the context a node's contents are drawn into and the
/// node's drawing parameters. Texture passes its private parameters object; here there is none (`nil`).
public typealias ASDisplayNodeContextModifier = (CGContext, Any?) -> Void

/// Texture's drawing hooks (ASDisplayNode+Beta.h), called by the nodes that draw contents: an `ASTextNode` and
/// an `ASImageNode` with an image. A node that draws no contents (a plain `ASDisplayNode`, whose background
/// and border are its layer's, not its contents) never calls them, as in Texture, whose nodes without drawing
/// have no contents to make.
///
/// The context is the node's contents, in the node's points with its top left corner at the origin, and it is
/// UIKit's current context while a block runs (`UIColor.setFill()`, ``UIBezierPath/fill()`` and
/// `UIImage.draw(in:)` draw into it). What the blocks draw is cut at the node's bounds, as the contents are an
/// image of the bounds. The will block's clips and alpha apply to the contents drawn after it and to the did
/// block's drawing until it restores the state (Texture leaves saving and restoring to the blocks); its
/// transform applies to the blocks' own drawing only. An image node with an `imageModificationBlock`
/// calls the hooks in the image it passes to that block, as Texture does, in that image's points.
extension ASDisplayNode {
    /// Texture's `willDisplayNodeContentWithRenderingContext`: called before the node's contents are drawn; what
    /// it draws lies under them.
    public var willDisplayNodeContentWithRenderingContext: ASDisplayNodeContextModifier? {
        get { contentDrawingHooks.will as? ASDisplayNodeContextModifier }
        set { contentDrawingHooks.will = newValue }
    }

    /// Texture's `didDisplayNodeContentWithRenderingContext`: called after the node's contents are drawn; what it
    /// draws lies over them.
    public var didDisplayNodeContentWithRenderingContext: ASDisplayNodeContextModifier? {
        get { contentDrawingHooks.did as? ASDisplayNodeContextModifier }
        set { contentDrawingHooks.did = newValue }
    }

    /// The node's contents in `frame` (`content`: commands in the picture's points) between its drawing hooks'
    /// drawing, cut at `frame`; `content` alone when neither hook is set.
    func contentWithDrawingHooks(in frame: Rect, _ content: () -> [DisplayCommand]) -> [DisplayCommand] {
        let will = willDisplayNodeContentWithRenderingContext, did = didDisplayNodeContentWithRenderingContext
        guard will != nil || did != nil else { return content() }
        let context = CGContext(size: CGSize(frame.size), origin: CGPoint(frame.origin))
        drawContent(into: context, will: will, did: did) { context.drawContent(content()) }
        return [.pushClip(RoundedBox(frame))] + context.displayList.commands + [.popClip]
    }

    /// Calls the will block with `context` current, runs `content`, then calls the did block.
    func drawContent(
        into context: CGContext, will: ASDisplayNodeContextModifier?, did: ASDisplayNodeContextModifier?,
        _ content: () -> Void
    ) {
        if let will { ImageContext.with(context) { will(context, nil) } }
        content()
        if let did { ImageContext.with(context) { did(context, nil) } }
    }
}
#endif
