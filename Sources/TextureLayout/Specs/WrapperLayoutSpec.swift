/// Lays out each child in its own range at (0, 0) and takes the largest size (Texture's `ASWrapperLayoutSpec`):
/// the way to return a node where a spec is expected.
open class WrapperLayoutSpec: LayoutSpec {
    /// Wraps one element (Texture's `wrapperWithLayoutElement:`).
    public init(layoutElement: LayoutElement) {
        super.init(children: [layoutElement])
        measuresFromRangeAndStyle(asExactly: WrapperLayoutSpec.self)
    }

    /// Wraps several elements, each laid out at the origin in the wrapper's range.
    public init(layoutElements: [LayoutElement]) {
        super.init(children: layoutElements)
        measuresFromRangeAndStyle(asExactly: WrapperLayoutSpec.self)
    }

    open override func calculateSize(_ constrainedSize: SizeRange, context: LayoutContext) -> Size {
        var size = constrainedSize.min
        for child in children {
            // Texture gives children the wrapper's range max as parent size, not the wrapper's own parent size.
            let childSize = context.measure(child, in: constrainedSize, parentSize: constrainedSize.max)
            context.place(child, at: .zero)
            size.width = cMax(size.width, childSize.width)
            size.height = cMax(size.height, childSize.height)
        }
        return size
    }
}
