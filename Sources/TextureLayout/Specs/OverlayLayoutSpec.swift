/// Lays out its child, then an overlay over exactly the child's size, drawn on top (Texture's
/// `ASOverlayLayoutSpec`). The spec's size is the child's; its own style is ignored.
open class OverlayLayoutSpec: LayoutSpec {
    /// A spec drawing `overlay` over `child`, at the child's size.
    public init(child: LayoutElement, overlay: LayoutElement?) {
        super.init(children: overlay.map { [child, $0] } ?? [child])
    }

    /// The element drawn over the child.
    public final var overlay: LayoutElement? {
        get { secondChild }
        set { secondChild = newValue }
    }

    open override func calculateSize(
        _ constrainedSize: SizeRange, parentSize: Size, context: LayoutContext
    )
        -> Size
    {
        // The overlay resolves its percentages against the content size.
        measureDecorated(constrainedSize, parentSize: parentSize, decorationParentSize: nil, context: context)
    }
}
