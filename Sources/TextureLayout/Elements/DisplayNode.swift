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
        measuresWithoutSpec(asExactly: DisplayNode.self)
    }

    /// Records, for a node whose class is exactly `type`, that the class keeps ``layoutSpecThatFits(_:)`` as
    /// `DisplayNode` has it, so that the node has a spec only while ``layoutSpecBlock`` is set. A computation of
    /// such a node with no block then measures it by ``calculateSizeThatFits(_:)`` without asking for a spec, as a
    /// text or a fixed-size node is measured at every computation. The initializers of the classes that qualify
    /// call it with their own type; a subclass, which may override ``layoutSpecThatFits(_:)``, is left out.
    package final func measuresWithoutSpec(asExactly type: DisplayNode.Type) {
        if Swift.type(of: self) == type { state.measuresWithoutSpec = true }
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
        // A node of a marked class without a block has no spec; its spec sublayout is empty unless a block was
        // removed since its latest computation, which the general path lets go of.
        if state.measuresWithoutSpec && layoutSpecBlock == nil && specSublayout.isEmpty {
            return constrainedSize.clamp(calculateSizeThatFits(constrainedSize.max))
        }
        return calculateSize(constrainedSize, spec: layoutSpecThatFits(constrainedSize), context: context)
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
        measuresWithoutSpec(asExactly: FixedSizeNode.self)
    }

    open override func calculateSizeThatFits(_ constrainedSize: Size) -> Size { intrinsicSize }
}
