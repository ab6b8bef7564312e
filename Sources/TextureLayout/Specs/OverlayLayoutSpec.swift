/// Lays out its child, then an overlay over exactly the child's size, drawn on top (Texture's
/// `ASOverlayLayoutSpec`). The spec's size is the child's; its own style is ignored.
open class OverlayLayoutSpec: LayoutSpec {
    public init(child: LayoutElement, overlay: LayoutElement?) {
        super.init(children: overlay.map { [child, $0] } ?? [child])
    }

    /// The element drawn over the child.
    public final var overlay: LayoutElement? {
        get { children.count > 1 ? children[1] : nil }
        set { children = Array(children.prefix(1)) + (newValue.map { [$0] } ?? []) }
    }

    open override func calculateSize(_ constrainedSize: SizeRange, parentSize: Size, context: LayoutContext)
        -> Size
    {
        guard let child else { return .zero }
        let size = context.measure(child, in: constrainedSize, parentSize: parentSize)
        context.place(child, at: .zero)
        if let overlay {
            // The overlay resolves its percentages against the content size.
            _ = context.measure(overlay, in: SizeRange(exactly: size), parentSize: size)
            context.place(overlay, at: .zero)
        }
        return size
    }
}
