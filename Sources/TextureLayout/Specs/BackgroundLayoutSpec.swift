/// Lays out its child, then a background of exactly the child's size, drawn below it (Texture's
/// `ASBackgroundLayoutSpec`). The spec's size is the child's; its own style is ignored.
open class BackgroundLayoutSpec: LayoutSpec {
    public init(child: LayoutElement, background: LayoutElement) {
        super.init(children: [child, background])
    }

    /// The element drawn behind the child.
    public final var background: LayoutElement? {
        get { children.count > 1 ? children[1] : nil }
        set { children = Array(children.prefix(1)) + (newValue.map { [$0] } ?? []) }
    }

    open override var sublayoutElements: [LayoutElement] {
        children.count > 1 ? [children[1], children[0]] : children
    }

    open override func calculateSize(_ constrainedSize: SizeRange, parentSize: Size, context: LayoutContext)
        -> Size
    {
        guard let child else { return .zero }
        let size = context.measure(child, in: constrainedSize, parentSize: parentSize)
        context.place(child, at: .zero)
        if let background {
            // Unlike the overlay, Texture resolves the background's percentages against the spec's parent size.
            _ = context.measure(background, in: SizeRange(exactly: size), parentSize: parentSize)
            context.place(background, at: .zero)
        }
        return size
    }
}
