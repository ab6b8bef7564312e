/// Surrounds its child with insets (Texture's `ASInsetLayoutSpec`). An infinite inset pins the child to the other
/// edge of the range's max, or centres it when both edges of an axis are infinite.
///
/// Its own style never changes its size (Texture's inset spec skips that step:
/// <doc:Errata#decoratingSpecsIgnoreOwnStyle>), and infinite insets position the child against the range's max
/// (<doc:Errata#infiniteInsetsUseTheMax>).
open class InsetLayoutSpec: LayoutSpec {
    /// The space around the child; an infinite inset pins the child to the other edge.
    @exclusivity(unchecked) public final var insets: EdgeInsets { didSet { setNeedsLayout() } }

    /// A spec that lays `child` out inside `insets`.
    public init(insets: EdgeInsets, child: LayoutElement) {
        self.insets = insets
        super.init(children: [child])
    }

    /// A spec with `insets` and no child yet (until ``LayoutSpec/child`` is set, it measures as zero): a reader
    /// can so make the spec before its child.
    public init(insets: EdgeInsets) {
        self.insets = insets
        super.init()
    }

    open override func calculateSize(
        _ constrainedSize: SizeRange, parentSize: Size, context: LayoutContext
    )
        -> Size
    {
        // The child borrowed: a retained one cost a retain and a release (atomic) per computation.
        let children = borrowedChildren
        guard children.count > 0 else { return .zero }
        return children.with(0) { calculateSize(of: $0, constrainedSize, parentSize: parentSize, context: context) }
    }

    /// The spec's size with `child` inside its insets.
    private func calculateSize(
        of child: LayoutElement, _ constrainedSize: SizeRange, parentSize: Size, context: LayoutContext
    ) -> Size {
        let c = constrainedSize
        let (t, l, b, r) = (insets.top, insets.left, insets.bottom, insets.right)
        let insetsX = finite(l) + finite(r), insetsY = finite(t) + finite(b)
        let minW = (l.isInfinite || r.isInfinite) ? 0 : c.min.width
        let minH = (t.isInfinite || b.isInfinite) ? 0 : c.min.height
        let childRange = SizeRange(
            min: Size(cMax(0, minW - insetsX), cMax(0, minH - insetsY)),
            max: Size(cMax(0, c.max.width - insetsX), cMax(0, c.max.height - insetsY)))
        // Percentages resolve against the parent size less the insets.
        let childParent = Size(cMax(0, parentSize.width - insetsX), cMax(0, parentSize.height - insetsY))
        let childSize = context.measure(child, in: childRange, parentSize: childParent)
        let x = offset(leading: l, trailing: r, available: c.max.width, child: childSize.width, context.grid)
        let y = offset(leading: t, trailing: b, available: c.max.height, child: childSize.height, context.grid)
        context.place(child, at: Point(x, y))
        return c.clamp(
            Size(
                width: outerLength(childSize.width + l + r, max: c.max.width),
                height: outerLength(childSize.height + t + b, max: c.max.height)))
    }

    private func finite(_ inset: Double) -> Double { inset.isInfinite ? 0 : inset }

    /// An infinite total makes the spec take its max on that axis.
    private func outerLength(_ total: Double, max: Double) -> Double { total.isInfinite ? max : total }

    /// The child's offset on one axis: the leading inset, else pinned to the trailing edge of `available`, else
    /// centred within it.
    private func offset(
        leading: Double, trailing: Double, available: Double, child: Double, _ grid: PixelGrid
    )
        -> Double
    {
        if !leading.isInfinite { return leading }
        let trailingSpace = trailing.isInfinite ? grid.round((available - child) / 2) : trailing
        return available - (trailingSpace + child)
    }
}
