/// A node: an element with content (Texture's `ASDisplayNode`).
///
/// A node either has an intrinsic size, from ``calculateSizeThatFits(_:)``, or composes other elements through
/// the layout spec returned by ``layoutSpecThatFits(_:)`` (or ``layoutSpecBlock``). Subclass it as Texture users
/// subclass `ASDisplayNode`.
open class DisplayNode: LayoutElement {
    /// Builds the node's layout spec when set, as Texture's `layoutSpecBlock` does.
    @exclusivity(unchecked) public final var layoutSpecBlock: ((DisplayNode, SizeRange) -> LayoutSpec)? {
        didSet { setNeedsLayout() }
    }

    /// The direction the node's content follows (Texture's `semanticContentAttribute`). When it resolves to right
    /// to left in a pass, the node's subnodes and the specs between them are mirrored within the node in the
    /// pass's ``Layout``: `x' = width − x − w`. Measurement does not depend on it, so changing it keeps every cached
    /// measurement; the next ``LayoutElement/layout(within:parentSize:scale:direction:)`` shows the change.
    // Kept in the node's layout state, where two bits were free: a byte of its own padded every node object by
    // 8 bytes (a FixedSizeNode took a 112-byte heap block instead of 96).
    public final var contentDirection: ContentDirection {
        get { state.contentDirection }
        set { state.contentDirection = newValue }
    }

    /// The spec of the latest computation, as the single sublayout.
    @exclusivity(unchecked) private final var specSublayout: [LayoutElement] = []

    public override init() {
        super.init()
        measuresFromRangeAndStyle(asExactly: DisplayNode.self)
    }

    deinit { freeOwned(&specSublayout) }

    open override func giveUpOwnedElements(into pending: inout [LayoutElement]) {
        handOver(&specSublayout, into: &pending)
        super.giveUpOwnedElements(into: &pending)
    }

    /// The node's layout spec for `constrainedSize`, or `nil` for a node measured by
    /// ``calculateSizeThatFits(_:)``. The default returns ``layoutSpecBlock``'s spec. Override it to compose
    /// children; it is called at every measurement that is not answered from the cache.
    open func layoutSpecThatFits(_ constrainedSize: SizeRange) -> LayoutSpec? {
        layoutSpecBlock?(self, constrainedSize)
    }

    /// The node's intrinsic size given the largest size it may take (Texture passes only the range's max). The
    /// default, like a plain `ASDisplayNode`, takes all of it when both dimensions are finite and below 10⁷
    /// points, and nothing otherwise (<doc:Errata#plainNodeNeedsBothMaxima>).
    open func calculateSizeThatFits(_ constrainedSize: Size) -> Size {
        constrainedSize.isValidForLayout ? constrainedSize : .zero
    }

    open override func calculateSize(_ constrainedSize: SizeRange, context: LayoutContext) -> Size {
        calculateSize(constrainedSize, spec: layoutSpecThatFits(constrainedSize), context: context)
    }

    /// Measures the node with `spec` as its layout spec, or by ``calculateSizeThatFits(_:)`` when `spec` is `nil`.
    /// Separate from the spec's source so that `TextureLayoutCompat`'s `ASDisplayNode`, whose
    /// `layoutSpecThatFits(_:)` is non-optional as in Texture's Swift interface, can say "no spec" its own way.
    package final func calculateSize(
        _ constrainedSize: SizeRange, spec: LayoutSpec?, context: LayoutContext
    )
        -> Size
    {
        if specSublayout.first !== spec {
            for old in specSublayout { release(old) }
            if let spec { adopt(spec) }
            specSublayout = spec.map { [$0] } ?? []
        }
        guard let spec else {
            return constrainedSize.clamp(calculateSizeThatFits(constrainedSize.max))
        }
        let size = context.measure(spec, in: constrainedSize, parentSize: constrainedSize.max)
        context.place(spec, at: .zero)
        return size
    }

    open override var sublayoutElements: [LayoutElement] { specSublayout }
}

/// A node whose intrinsic size is a stored value: a stand-in for content such as text or an image.
open class FixedSizeNode: DisplayNode {
    /// The size ``calculateSizeThatFits(_:)`` returns. Setting it invalidates the node's layout.
    @exclusivity(unchecked) public final var intrinsicSize: Size {
        didSet { setNeedsLayout() }
    }

    /// A node that measures as `intrinsicSize`, clamped into its range.
    public init(intrinsicSize: Size) {
        self.intrinsicSize = intrinsicSize
        super.init()
        measuresFromRangeAndStyle(asExactly: FixedSizeNode.self)
    }

    open override func calculateSizeThatFits(_ constrainedSize: Size) -> Size { intrinsicSize }
}
