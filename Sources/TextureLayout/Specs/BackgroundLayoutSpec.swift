/// Lays out its child, then a background of exactly the child's size, drawn below it (Texture's
/// `ASBackgroundLayoutSpec`). The spec's size is the child's; its own style is ignored.
open class BackgroundLayoutSpec: LayoutSpec {
    /// A spec drawing `background` behind `child`, at the child's size.
    public init(child: LayoutElement, background: LayoutElement) {
        super.init(children: [child, background])
    }

    /// The element drawn behind the child.
    public final var background: LayoutElement? {
        get { secondChild }
        set { secondChild = newValue }
    }

    open override var sublayoutElements: [LayoutElement] {
        children.count > 1 ? [children[1], children[0]] : children
    }

    open override func calculateSize(
        _ constrainedSize: SizeRange, parentSize: Size, context: LayoutContext
    )
        -> Size
    {
        // Unlike the overlay, Texture resolves the background's percentages against the spec's parent size
        // (Errata#backgroundResolvesAgainstTheParent).
        measureDecorated(constrainedSize, parentSize: parentSize, decorationParentSize: parentSize, context: context)
    }
}
