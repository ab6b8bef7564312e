/// How an absolute spec sizes itself.
public enum AbsoluteSizing: UInt8, Hashable, Sendable, CaseIterable {
    /// The range's max on bounded axes; the children's extent on unbounded ones.
    case `default`
    /// The children's extent on both axes.
    case sizeToFit
}

/// Places each child at its `style.layoutPosition` (Texture's `ASAbsoluteLayoutSpec`). A child's auto max reaches
/// the spec's max edge from its position, so a child at or past that edge collapses to its min
/// (<doc:Errata#absoluteEdgeCollapse>).
open class AbsoluteLayoutSpec: LayoutSpec {
    /// Whether the spec takes its range's max or its children's extent.
    @exclusivity(unchecked) public final var sizing: AbsoluteSizing { didSet { setNeedsLayout() } }

    /// A spec that places `children` at their `style.layoutPosition`s, sized by `sizing`.
    public init(sizing: AbsoluteSizing = .default, children: [LayoutElement]) {
        self.sizing = sizing
        super.init(children: children)
        measuresFromRangeAndStyle(asExactly: AbsoluteLayoutSpec.self)
    }

    open override func calculateSize(_ constrainedSize: SizeRange, context: LayoutContext) -> Size {
        let c = constrainedSize
        var size = c.boundedMaxOrUndefined
        let parentSize = size
        var extent = c.min
        for child in children {
            let position = child.state.style.layoutPosition
            let autoRange = SizeRange(min: .zero, max: Size(c.max.width - position.x, c.max.height - position.y))
            var undefined = false
            let range = child.state.resolvedStyleRange(parent: parentSize, auto: autoRange, undefined: &undefined)
            if undefined { context.report(.undefinedPercentage, for: child, parentSize: parentSize) }
            let childSize = context.measure(child, in: range, parentSize: parentSize)
            context.place(child, at: position)
            extent.width = cMax(extent.width, position.x + childSize.width)
            extent.height = cMax(extent.height, position.y + childSize.height)
        }
        if sizing == .sizeToFit || size.width.isNaN { size.width = extent.width }
        if sizing == .sizeToFit || size.height.isNaN { size.height = extent.height }
        return c.clamp(size)
    }
}
