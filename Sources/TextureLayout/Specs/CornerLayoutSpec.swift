/// Which corner of the child a corner spec puts its corner element on.
public enum CornerLocation: UInt8, Hashable, Sendable, CaseIterable {
    /// The child's top-left corner (a badge's usual spot in a left-to-right design).
    case topLeft
    /// The child's top-right corner.
    case topRight
    /// The child's bottom-left corner.
    case bottomLeft
    /// The child's bottom-right corner.
    case bottomRight
}

/// Puts the centre of a corner element on a corner of its child, e.g. a badge (Texture's `ASCornerLayoutSpec`).
/// Without `wrapsCorner` the spec's size is the child's and the corner may stick out; with it, the spec grows to
/// hold both (<doc:Errata#unwrappedCornerSticksOut>).
open class CornerLayoutSpec: LayoutSpec {
    /// The child's corner the corner element is centred on.
    @exclusivity(unchecked) public final var cornerLocation: CornerLocation { didSet { setNeedsLayout() } }
    /// Moves the corner element from its default spot.
    @exclusivity(unchecked) public final var offset: Point { didSet { setNeedsLayout() } }
    /// Whether the spec's size includes the corner element.
    @exclusivity(unchecked) public final var wrapsCorner: Bool { didSet { setNeedsLayout() } }

    /// A spec that lays `child` out and centres `corner` on its `location` corner, moved by `offset`.
    public init(
        child: LayoutElement, corner: LayoutElement, location: CornerLocation,
        offset: Point = .zero, wrapsCorner: Bool = false
    ) {
        cornerLocation = location
        self.offset = offset
        self.wrapsCorner = wrapsCorner
        super.init(children: [child, corner])
        measuresFromRangeAndStyle(asExactly: CornerLayoutSpec.self)
    }

    /// The element placed at the corner.
    public final var corner: LayoutElement? {
        get { secondChild }
        set { secondChild = newValue }
    }

    open override func calculateSize(_ constrainedSize: SizeRange, context: LayoutContext) -> Size {
        guard let child else { return constrainedSize.min }
        let c = constrainedSize
        let parentSize = c.boundedMaxOrUndefined
        for element in children
        where element.state.style.width.unit == .fraction
            || element.state.style.height.unit == .fraction
        {
            context.report(.fractionalSize, for: element)
        }
        let childSize = context.measure(child, in: c, parentSize: parentSize)
        guard let corner else {
            context.place(child, at: .zero)
            return childSize
        }
        let cornerSize = context.measure(corner, in: c, parentSize: parentSize)
        let right = cornerLocation == .topRight || cornerLocation == .bottomRight
        let bottom = cornerLocation == .bottomLeft || cornerLocation == .bottomRight
        let cornerOrigin = Point(
            (right ? childSize.width : 0) - cornerSize.width / 2 + offset.x,
            (bottom ? childSize.height : 0) - cornerSize.height / 2 + offset.y)
        var frame = Rect(origin: .zero, size: childSize)
        if wrapsCorner {
            frame = frame.union(Rect(origin: cornerOrigin, size: cornerSize))
            frame.size = c.clamp(frame.size)
        }
        // Move both so that the frame starts at the origin (a no-op without wrapsCorner).
        let shift = frame.origin
        context.place(child, at: Point(0 - shift.x, 0 - shift.y))
        context.place(corner, at: Point(cornerOrigin.x - shift.x, cornerOrigin.y - shift.y))
        return frame.size
    }
}
